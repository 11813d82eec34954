"""The command line: a thin shell over the library.

``main(argv) -> int`` is what tests call; ``entrypoint()`` is the console script.
Exit codes: 0 fine, 1 a check found something wrong, 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import decimal
import sys
from importlib import import_module

from .errors import SymattnError

__all__ = ["main", "main_parser", "entrypoint", "COMMANDS"]

#: subcommand name -> module in symattn.commands
COMMANDS = {
    "derive": "derive",
    "check": "check",
    "cards": "cards",
    "exercise": "exercise",
    "plot": "plot",
}

EPILOG = """\
examples:
  symattn derive                    the article's 我 爱 你 example, every step exact
  symattn derive --lang en -f text  the same in English, as plain text
  symattn derive SPEC.toml -o out.md
run 'symattn COMMAND --help' for the options of one command.
exit codes: 0 ok, 1 a check found an error, 2 bad input or usage.
"""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so main() owns the exit code."""

    def error(self, message):
        # "symattn: error: " is printed by main(); name only the subcommand here
        where = self.prog.partition(" ")[2]
        raise SymattnError(f"{where}: {message}{_did_you_mean(message)}" if where
                           else message + _did_you_mean(message))


def _did_you_mean(message: str) -> str:
    """A hint for argparse's "invalid choice" message.

    >>> _did_you_mean("argument COMMAND: invalid choice: 'derivee' (choose from 'derive', 'check')")
    '; did you mean derive?'
    >>> _did_you_mean("argument COMMAND: invalid choice: 'zzz' (choose from 'derive', 'check')")
    ''
    """
    import difflib
    import re
    m = re.search(r"invalid choice: '(.*?)' \(choose from (.*)\)$", message)
    if not m:
        return ""
    choices = re.findall(r"'([^']*)'", m.group(2))
    close = difflib.get_close_matches(m.group(1), choices, n=1)
    return f"; did you mean {close[0]}?" if close else ""


def main_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="symattn", description="Derive transformer attention exactly, step by step, "
                     "and check hand calculations.", epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    from . import __version__
    parser.add_argument("--version", action="version", version=f"symattn {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        mod = import_module(f".commands.{module_name}", __package__)
        p = sub.add_parser(name, help=mod.HELP, description=getattr(mod, "DESCRIPTION", mod.HELP),
                           epilog=getattr(mod, "EPILOG", None),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show tracebacks of internal errors")
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run, _budget=getattr(mod, "BUDGET", "MAX_COMMAND_SECONDS"))
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    try:
        from . import limits
        parser = main_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "_run", None):
            parser.print_help(sys.stderr)
            return 2
        limits.check_environment()
        sys.set_int_max_str_digits(limits.int_str_digits())
        if args._budget is None:   # the command budgets each item itself (check: each article)
            return int(args._run(args) or 0)
        with limits.time_limit(f"symattn {args.command}", args._budget):
            return int(args._run(args) or 0)
    except SymattnError as exc:
        _error(str(exc))
        return 2
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0) if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        print("symattn: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        from .commands._output import _silence_stdout
        _silence_stdout()
        return 0
    except (OverflowError, decimal.DecimalException) as exc:  # too large for a float or a Decimal
        if debug:
            raise
        _error(f"a number in the input is too large to evaluate ({type(exc).__name__}); use smaller numbers")
        return 2
    except ValueError as exc:
        if debug or "Exceeds the limit" not in str(exc):
            return _internal(exc, debug)
        # limits.int_str_digits() follows both variables
        _error("a number has too many digits to read or print (Python's integer-string limit); use smaller "
               "numbers or raise SYMATTN_MAX_INTEGER_DIGITS (a number in the input) or SYMATTN_MAX_RESULT_DIGITS")
        return 2
    except (MemoryError, RecursionError) as exc:  # an input too large or too deep for this machine
        if debug:
            raise
        # a MemoryError is also what some parsers raise on deep input, with little memory in use
        what = ("out of memory, or an input too deep for a parser" if isinstance(exc, MemoryError)
                else "input nested too deeply")
        print(f"symattn: error: {what}; try a smaller input (run with --debug for a traceback)",
              file=sys.stderr)
        return 2
    except Exception as exc:  # a bug in symattn
        return _internal(exc, debug)


def _internal(exc: Exception, debug: bool) -> int:
    if debug:
        raise exc
    _error(f"internal error: {type(exc).__name__}: {exc} (run with --debug for a traceback; please report it)",
           prefix="symattn: ")
    return 3


def _error(message: str, prefix: str = "symattn: error: ") -> None:
    """One line on stderr, whatever stderr's encoding (escapes where it cannot show a character)."""
    from .errors import _printable
    line = _printable(prefix + message) + "\n"
    err = sys.stderr
    if err is None:
        return
    try:
        encoding = getattr(err, "encoding", None) or "utf-8"
        err.write(line.encode(encoding, "backslashreplace").decode(encoding))
        err.flush()
    except (OSError, ValueError, LookupError):
        pass


class _Terminated(BaseException):
    """SIGTERM or SIGHUP: unwinds like Ctrl-C, so a half-written -o file is removed."""


def _on_signal(signum, frame):
    raise _Terminated(signum)


def entrypoint() -> None:
    import signal
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _on_signal)
    try:
        code = main()
    except _Terminated as exc:
        _error("terminated by a signal", prefix="symattn: ")
        code = 128 + int(exc.args[0])
    sys.exit(code)
