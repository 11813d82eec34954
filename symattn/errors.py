"""The single error class users see.

Every user mistake (bad LaTeX, a wrong shape, a missing file, a bad spec) is a
:class:`SymattnError`.  The CLI prints it as one line and exits with code 2;
anything else is a bug in symattn and keeps its traceback under ``--debug``.
"""

from __future__ import annotations

import re

__all__ = ["SymattnError", "shown", "log_safe"]


class SymattnError(ValueError):
    """A user error with an optional location.

    >>> print(SymattnError("d_k must be positive", file="a.toml", entry="d_k"))
    a.toml: d_k: d_k must be positive
    >>> print(SymattnError("bad LaTeX", file="post.md", line=12))
    post.md:12: bad LaTeX
    """

    def __init__(self, message: str, *, file: str | None = None,
                 line: int | None = None, entry: str | None = None):
        super().__init__(message)
        self.message = message  # what is wrong, one sentence
        self.file = file        # the file it is in, if any
        self.line = line        # 1-based line number, if known
        self.entry = entry      # the key or matrix entry, e.g. "K[2,3]"

    def located(self, *, file: str | None = None, line: int | None = None,
                entry: str | None = None) -> "SymattnError":
        """Return a copy with missing location fields filled in."""
        return SymattnError(self.message, file=self.file or file,
                            line=self.line or line, entry=self.entry or entry)

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = shown(self.file) + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            where = f"line {self.line}: "
        if self.entry:
            where += f"{self.entry}: "
        return _printable(where + self.message)


def _printable(text: str) -> str:
    r"""One line, no control characters: a hostile file name or formula must not
    move the cursor or recolour the terminal (ESC sequences) when printed, nor
    start a CI workflow command (see :func:`log_safe`).

    >>> _printable("a\nb\x1b[31m")
    'a b\\x1b[31m'
    """
    text = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return log_safe(shown(text))


def shown(name: str) -> str:
    r"""A file name (or any untrusted text) as a report shows it: printable characters as they
    are, every other one escaped as Python writes it: a newline as ``\n``, ESC as ``\x1b``, a
    right-to-left override as ``\u202e``, and a byte of a name that is not UTF-8 as its
    surrogate escape (``\udce9``, what ``os.fsdecode`` gave for the byte 0xe9).

    >>> print(shown("a\n::error::b\x1b[31m.md"), shown("caf\udce9.md"), shown("我.md"))
    a\n::error::b\x1b[31m.md caf\udce9.md 我.md
    """
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in name)


#: what a CI runner reads as a command in a log line: ``::`` at its start (GitHub Actions trims
#: leading blanks first) and the legacy ``##[`` anywhere
_COMMAND = re.compile(r"^([^\S\n]*):(?=:)|##\[", re.M)


def log_safe(text: str) -> str:
    r"""Text for a terminal or a CI log: every line with its control characters escaped (see
    :func:`shown`), and no line a workflow command: a ``::`` that starts a line has its first
    colon written ``\x3a``, and ``##[`` is written ``##\x5b``.

    >>> print(log_safe("::error file=a.md::PWNED\n  ::set-output x\nok ##[error] a::b\x1b[2J"))
    \x3a:error file=a.md::PWNED
      \x3a:set-output x
    ok ##\x5berror] a::b\x1b[2J
    """
    text = "\n".join(shown(line) for line in text.split("\n"))
    return _COMMAND.sub(lambda m: "##\\x5b" if m.group(0) == "##[" else m.group(1) + "\\x3a", text)
