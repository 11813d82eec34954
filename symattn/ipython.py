"""The IPython extension: ``%load_ext symattn``, then a ``%%symattn`` cell.

* ``%%symattn [--lang en] [--digits N] [--step ID] [--entry I,J]``: the cell's body is a spec
  (TOML, as in a spec file; a body of comments only, such as ``# the article``, is the article's
  我 爱 你 example, as ``symattn derive`` without a SPEC), and the cell shows the derivation rendered.  Its value is the :class:`~symattn.model.Derivation`, so ``_`` holds it.
* ``%%symattn check [--lang zh]``: the cell's body is Markdown (or LaTeX) with hand calculations;
  the cell shows symattn's check report of it.  Its value is the :class:`~symattn.api.Report`.

A bad spec or option is one line (IPython's ``UsageError``), never a traceback.
"""

from __future__ import annotations

import argparse
import shlex

__all__ = ["load_ipython_extension", "symattn_magic", "magic_parser"]

USAGE = "%%symattn [--lang zh|en] [--digits N] [--step ID] [--entry I,J]  |  %%symattn check [--lang zh|en]"


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        from .errors import SymattnError
        raise SymattnError(f"%%symattn: {message} (usage: {USAGE})")


def magic_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="%%symattn", add_help=False)
    p.add_argument("command", nargs="?", choices=("derive", "check"), default="derive")
    p.add_argument("-l", "--lang", choices=("zh", "en"))
    p.add_argument("-d", "--digits", type=int)
    p.add_argument("--step", action="append")
    p.add_argument("--entry", action="append")
    return p


def symattn_magic(line: str, cell: str):
    """What a ``%%symattn`` cell does: its line parsed like a command line, its body as the input.
    Raises :class:`~symattn.errors.SymattnError` on bad input (the extension shows it as one line)."""
    from . import api
    from .errors import SymattnError
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise SymattnError(f"%%symattn: {exc}") from None
    args = magic_parser().parse_args(words)
    if args.command == "check":
        if args.digits is not None or args.step or args.entry:
            raise SymattnError("%%symattn check takes only --lang")
        return api.check(cell, name="<cell>", lang=args.lang)
    if _has_keys(cell):
        spec = api.spec_from(cell, source="<cell>")
    else:  # as `symattn derive` without a SPEC
        from .examples import article_spec
        spec = article_spec()
    return api.derive(spec, lang=args.lang, digits=args.digits, steps=args.step, entries=args.entry)


def _has_keys(cell: str) -> bool:
    """Whether the body holds any TOML at all (IPython refuses an empty body; comments are empty too)."""
    return any(line.strip() and not line.strip().startswith("#") for line in cell.splitlines())


def load_ipython_extension(ipython) -> None:
    """Register ``%%symattn`` (IPython calls this on ``%load_ext symattn``)."""
    from IPython.core.error import UsageError

    from . import limits
    from .errors import SymattnError

    def magic(line, cell):
        try:
            with limits.time_limit("%%symattn", "MAX_COMMAND_SECONDS"):
                return symattn_magic(line, cell)
        except SymattnError as exc:  # one line, as on the command line
            raise UsageError(str(exc)) from None

    magic.__doc__ = __doc__
    ipython.register_magic_function(magic, magic_kind="cell", magic_name="symattn")
