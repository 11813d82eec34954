"""The single error class users see.

Every user mistake (bad LaTeX, a wrong shape, a missing file, a bad spec) is a
:class:`SymattnError`.  The CLI prints it as one line and exits with code 2;
anything else is a bug in symattn and keeps its traceback under ``--debug``.
"""

from __future__ import annotations

__all__ = ["SymattnError"]


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
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            where = f"line {self.line}: "
        if self.entry:
            where += f"{self.entry}: "
        return _printable(where + self.message)


def _printable(text: str) -> str:
    r"""One line, no control characters: a hostile file name or formula must not
    move the cursor or recolour the terminal (ESC sequences) when printed.

    >>> _printable("a\nb\x1b[31m")
    'a b\\x1b[31m'
    """
    text = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
