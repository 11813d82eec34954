"""Size and time limits, checked before any work starts.

Exact symbolic work grows fast; these bounds keep one input from hanging the
machine or filling its memory.  Each message says the limit and how to raise it
(``SYMATTN_MAX_*`` environment variables, for the rare user who means it).

>>> check_matrix(3, 4, "Q")
>>> check_matrix(300, 4, "Q")
Traceback (most recent call last):
...
symattn.errors.SymattnError: Q: 300x4 is over the size limit (256 per side; set SYMATTN_MAX_DIM to raise it)
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager

from .errors import SymattnError

__all__ = ["MAX_TOKENS", "MAX_DIM", "MAX_SYMBOLIC", "MAX_DIGITS", "MAX_SPEC_BYTES", "MAX_INTEGER_DIGITS",
           "MAX_TOKEN_CHARS", "MAX_SCORE", "MAX_SECONDS", "MAX_TERMS", "check_terms", "check_tokens", "check_token", "check_matrix",
           "check_symbolic", "check_integer", "check_score", "time_limit"]


def _env(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


def _env_seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


MAX_TOKENS = _env("SYMATTN_MAX_TOKENS", 64)       # sequence length L
MAX_DIM = _env("SYMATTN_MAX_DIM", 256)            # any matrix width
MAX_SYMBOLIC = _env("SYMATTN_MAX_SYMBOLIC", 8)    # L and d of a Q or K with symbols in it
MAX_DIGITS = 100                                  # decimal places of the numeric level
MAX_SPEC_BYTES = _env("SYMATTN_MAX_SPEC_BYTES", 1_000_000)
MAX_INTEGER_DIGITS = _env("SYMATTN_MAX_INTEGER_DIGITS", 60)   # digits of one exact number in a spec
MAX_TOKEN_CHARS = _env("SYMATTN_MAX_TOKEN_CHARS", 64)         # length of one token label
# |scaled score| bound: e^{-2 * 10^5} still prints fast; e^{-10^9} takes seconds per entry.
MAX_SCORE = _env("SYMATTN_MAX_SCORE", 100_000)
# Exact terms of the weights and output, L*L*(L + d_v): the size of the documents
# (64 tokens with d_v = 64 is 524,288 terms, 10 MB of Markdown, two minutes of JSON).
MAX_TERMS = _env("SYMATTN_MAX_TERMS", 300_000)
# CPU seconds one LaTeX expression may take to parse or evaluate: the ANTLR grammar
# backtracks exponentially on nested scripts (x^{x^{x^{...}}}).
MAX_SECONDS = _env_seconds("SYMATTN_MAX_SECONDS", 5.0)


def check_tokens(n: int) -> None:
    if n > MAX_TOKENS:
        raise SymattnError(f"{n} tokens is over the limit of {MAX_TOKENS} "
                           "(set SYMATTN_MAX_TOKENS to raise it)", entry="tokens")


def check_token(token: str, where: str = "tokens") -> None:
    """One token label: short, printable, one line (it goes into LaTeX, HTML and file names)."""
    if len(token) > MAX_TOKEN_CHARS:
        raise SymattnError(f"a token of {len(token)} characters is over the limit of {MAX_TOKEN_CHARS} "
                           "(set SYMATTN_MAX_TOKEN_CHARS to raise it)", entry=where)
    bad = next((ch for ch in token if not ch.isprintable()), None)
    if bad is not None:
        raise SymattnError(f"token {token[:20]!r} contains the control character U+{ord(bad):04X}",
                           entry=where)


def check_matrix(rows: int, cols: int, name: str) -> None:
    if rows > MAX_DIM or cols > MAX_DIM:
        raise SymattnError(f"{rows}x{cols} is over the size limit ({MAX_DIM} per side; "
                           "set SYMATTN_MAX_DIM to raise it)", entry=name)


def check_symbolic(rows: int, cols: int, name: str) -> None:
    if rows > MAX_SYMBOLIC or cols > MAX_SYMBOLIC:
        raise SymattnError(f"a symbolic {rows}x{cols} matrix is over the limit of {MAX_SYMBOLIC} per side "
                           "(set SYMATTN_MAX_SYMBOLIC to raise it)", entry=name)


def check_integer(value: int, where: str) -> None:
    # bit_length first: str() of an integer over 4300 digits raises ValueError
    if abs(value).bit_length() > MAX_INTEGER_DIGITS * 3.33 + 4 or len(str(abs(value))) > MAX_INTEGER_DIGITS:
        raise SymattnError(f"a number with more than {MAX_INTEGER_DIGITS} digits is over the limit "
                           "(set SYMATTN_MAX_INTEGER_DIGITS to raise it)", entry=where)


def check_terms(tokens: int, value_width: int) -> None:
    """The exact weights have L*L terms of L exponentials, the output L*d_v sums of L terms."""
    terms = tokens * tokens * (tokens + value_width)
    if terms > MAX_TERMS:
        raise SymattnError(f"{tokens} tokens with values {value_width} wide make about {terms:,} exact terms, "
                           f"over the limit of {MAX_TERMS:,} (set SYMATTN_MAX_TERMS to raise it)",
                           entry="tokens")


def check_score(bound, name: str) -> None:
    """``bound``: an upper bound of |scaled score| (any real number type)."""
    if bound > MAX_SCORE:
        shown = f"{float(bound):.3g}" if bound < 1e300 else "more than 1e300"
        raise SymattnError(f"scaled scores could reach {shown} in size, over the limit of {MAX_SCORE} "
                           "(e^score would be astronomically small or large; set SYMATTN_MAX_SCORE "
                           "to raise it)", entry=name)


class _Expired(BaseException):
    """Raised by the timer.  A BaseException, so no ``except Exception`` in a
    third-party parser can swallow it; :func:`time_limit` turns it into a
    :class:`SymattnError`."""


@contextmanager
def time_limit(what: str, seconds: float | None = None):
    """Run the body for at most ``seconds`` (default :data:`MAX_SECONDS`).

    Uses a CPU-time timer (``ITIMER_VIRTUAL``, signal ``SIGVTALRM``), which
    interrupts a long SymPy or ANTLR call and does not fire early on a busy
    machine.  It is separate from wall-clock ``SIGALRM`` budgets (``symattn
    check`` has one per claim), so both can run.  Only in the main thread of a
    POSIX process and when no such timer is already running (the outer one then
    governs); elsewhere the body runs unlimited.

    >>> with time_limit("adding"):
    ...     1 + 1
    2
    """
    seconds = MAX_SECONDS if seconds is None else seconds
    usable = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
              and signal.getitimer(signal.ITIMER_VIRTUAL)[0] == 0
              and signal.getsignal(signal.SIGVTALRM) in (signal.SIG_DFL, signal.SIG_IGN, None))
    if not usable:
        yield
        return
    state = {"armed": True}

    def expire(signum, frame):
        if state["armed"]:
            raise _Expired

    old = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    except _Expired:
        raise SymattnError(f"{what} took longer than the limit of {seconds:g} s of CPU time "
                           "(set SYMATTN_MAX_SECONDS to raise it)") from None
    finally:
        for _ in range(3):  # a signal landing inside the clean-up must not skip it
            try:
                state["armed"] = False
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
                signal.signal(signal.SIGVTALRM, old)
                break
            except _Expired:
                continue
