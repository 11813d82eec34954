"""Every size, cost and time limit of symattn, checked before the work starts.

Exact symbolic work grows fast; these bounds keep one input from hanging the
machine or filling its memory.  Each message says the limit and the variable
that raises it.  The ``SYMATTN_*`` environment variables are read when a limit
is used (``limits.MAX_DIM`` is looked up at that moment), and a bad value is a
one-line error, never a silent default.  Three tables, one name each: ``ENV_LIMITS``
(a variable raises it), ``FIXED`` (no variable) and ``DERIVED`` (computed from others
when read, so a bound that depends on a limit follows it).

>>> check_matrix(3, 4, "Q")
>>> check_matrix(300, 4, "Q")
Traceback (most recent call last):
...
symattn.errors.SymattnError: Q: 300x4 is over the size limit (256 per side; set SYMATTN_MAX_DIM to raise it)
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
import types
from contextlib import contextmanager

from .errors import SymattnError

__all__ = ["LIMITS", "ENV_LIMITS", "check_environment", "check_tokens", "check_token", "check_matrix",
           "check_symbolic", "check_integer", "check_score", "check_terms", "check_output", "check_heads",
           "check_samples", "check_backward", "check_online", "check_rank", "check_rope", "check_option", "factorial_digits", "time_limit",
           "check_article_seconds", "article_budget", "int_str_digits", "estimate", "check_plot"]

#: name -> (environment variable, default, kind, what it bounds).  kind: "int" or "seconds".
ENV_LIMITS: dict[str, tuple[str, float, str, str]] = {
    "MAX_TOKENS": ("SYMATTN_MAX_TOKENS", 64, "int", "tokens (sequence length)"),
    "MAX_DIM": ("SYMATTN_MAX_DIM", 256, "int", "matrix side"),
    "MAX_SYMBOLIC": ("SYMATTN_MAX_SYMBOLIC", 8, "int", "side of a Q or K with symbols in it"),
    "MAX_TOKEN_CHARS": ("SYMATTN_MAX_TOKEN_CHARS", 64, "int", "characters in one token"),
    "MAX_INTEGER_DIGITS": ("SYMATTN_MAX_INTEGER_DIGITS", 60, "int", "digits of one number in a spec"),
    # e^{-2 * 10^5} still prints fast; e^{-10^9} takes seconds per entry.
    "MAX_SCORE": ("SYMATTN_MAX_SCORE", 100_000, "int", "|scaled score| bound from the inputs"),
    # 64 tokens with d_v = 64 is 524,288 terms, 10 MB of Markdown, two minutes of JSON.
    "MAX_TERMS": ("SYMATTN_MAX_TERMS", 300_000, "int", "exact terms of weights and output, per head"),
    "MAX_OUTPUT_CHARS": ("SYMATTN_MAX_OUTPUT_CHARS", 20_000_000, "int", "estimated characters of one document"),
    "MAX_SPEC_BYTES": ("SYMATTN_MAX_SPEC_BYTES", 1_000_000, "int", "bytes of a spec file"),
    "MAX_FILE_BYTES": ("SYMATTN_MAX_FILE_BYTES", 5_000_000, "int", "bytes of an article file"),
    "MAX_LATEX_CHARS": ("SYMATTN_MAX_LATEX_CHARS", 20_000, "int", "characters of one LaTeX entry"),
    "MAX_NESTING": ("SYMATTN_MAX_NESTING", 60, "int", "brace nesting of one LaTeX entry"),
    "MAX_RESULT_DIGITS": ("SYMATTN_MAX_RESULT_DIGITS", 10_000, "int", "digits of an exact intermediate"),
    "MAX_FACTORIAL": ("SYMATTN_MAX_FACTORIAL", 1000, "int", "n in n!, terms of a sum or product"),
    "MAX_HEADS": ("SYMATTN_MAX_HEADS", 64, "int", "attention heads"),
    "MAX_SAMPLE_WORK": ("SYMATTN_MAX_SAMPLE_WORK", 10_000_000, "int", "samples x d_k of the sampling check"),
    "MAX_RANK_CELLS": ("SYMATTN_MAX_RANK_CELLS", 1024, "int", "entries of X for the exact rank and pseudo-inverse"),
    "MAX_ROPE_CELLS": ("SYMATTN_MAX_ROPE_CELLS", 1024, "int", "L x d_k entries rotated by RoPE"),
    "MAX_PLOT_PANELS": ("SYMATTN_MAX_PLOT_PANELS", 16, "int", "heatmap panels of one plot"),
    # CPU seconds: the ANTLR grammar backtracks exponentially on nested scripts (x^{x^{x^{...}}}).
    "MAX_SECONDS": ("SYMATTN_MAX_SECONDS", 5.0, "seconds", "CPU seconds to parse or evaluate one LaTeX entry"),
    "MAX_SPEC_SECONDS": ("SYMATTN_MAX_SPEC_SECONDS", 10.0, "seconds", "CPU seconds to read one spec, all entries"),
    "MAX_COMMAND_SECONDS": ("SYMATTN_MAX_COMMAND_SECONDS", 120.0, "seconds",
                            "CPU seconds of one command, every SymPy evaluation included"),
    "TEX_SECONDS": ("SYMATTN_TEX_SECONDS", 60.0, "seconds", "seconds of one xelatex run"),
    "CHECK_SECONDS": ("SYMATTN_CHECK_SECONDS", 10.0, "seconds", "seconds per claim in check"),
    "CHECK_ARTICLE_SECONDS": ("SYMATTN_CHECK_ARTICLE_SECONDS", 60.0, "seconds",
                              "seconds per article in check (wall clock for its claims, CPU for all of it)"),
    "CHECK_MAX_SEGMENTS": ("SYMATTN_CHECK_MAX_SEGMENTS", 5000, "int", "pieces of math checked per article"),
}

#: fixed bounds (no variable): name -> value
FIXED = {
    "MAX_DIGITS": 100,              # decimal places of the numeric level
    "MAX_TITLE_CHARS": 200,         # characters of a spec title
    "MAX_SYMBOLIC_EXPONENT": 64,    # (x+y)^{4096} expands to millions of terms
    "MAX_SCRIPT_NESTING": 8,        # the grammar backtracks exponentially on nested scripts
    "MAX_SIGN_RUN": 20,             # ----1: each sign is a level of recursion in the grammar
    "MAX_PLOT_LABEL_CHARS": 60,     # exact values longer than this are left out of a heatmap cell
    "EXERCISE_MIN_TOKENS": 2,
    "EXERCISE_MAX_TOKENS": 6,       # more than 6 tokens stops being a hand exercise
    "EXERCISE_MAX_DIGITS": 6,
    "EXERCISE_MAX_SEED": 2**63 - 1,
    "MAX_OPTION_INT": 10**6,        # any whole-number option (positions, saturation_d_k)
    "CHECK_MAX_SIDE": 256,          # largest matrix side evaluated by check
    "CHECK_MAX_WORK": 2_000_000,    # largest rows*cols*inner of one product in check
    "CHECK_MAX_EQUATION_TOKENS": 20_000,  # tokens of one equation in an article
    "CHECK_MAX_NESTING": 48,        # brackets nested in one equation (each level is parsed on its own)
    "CHECK_MAX_TERMS": 300,         # terms of one sum or factors of one product (a tree as deep as it is long)
    "CHECK_MAX_EXPONENT": 4096,     # largest exponent check evaluates exactly
    "CHECK_MAX_TEN_POWER": 300,     # largest e-notation exponent of a printed number check reads (1e300)
    "CHECK_MAX_BLOCK_ENTRIES": 4096,  # entries of one block of numbers read from prose or code
    "CHECK_MAX_ARRAY_DEPTH": 5,     # nesting of a printed array check reads (batch, heads, groups, rows, cols)
    "CHECK_MAX_BATCH": 8,           # batch elements bound one by one (a binding pass each)
    "CHECK_MAX_JOBS": 256,          # processes of check -j
    "CHECK_MAX_CODE_CHARS": 100_000,  # characters of one code block check evaluates (check/pycode.py)
    "PLOT_MAX_DPI": 1200,           # plot --dpi
    "THEORY_MAX_SEED": 2**32 - 1,   # seed of why_sqrt_dk's sampling check
    "THEORY_MAX_DEMO_D_K": 6,       # d_k of its written-out pair expectations (a d_k x d_k matrix)
    "CANCEL_MAX_POWER": 48,         # e^{kg} as t^k: past this k an exact entry's common factor is not sought
}
#: seconds below this are refused: a timer that fires before anything runs is a typo
_MIN_SECONDS = 0.01
_MAX_SECONDS = 86_400.0

LIMITS = {**{k: v[1] for k, v in ENV_LIMITS.items()}, **FIXED}

#: bounds computed from other limits when read (never written down): name -> how
DERIVED = {
    # check reads any number derive prints at full precision: a sign, an integer part as long as a
    # spec's numbers, a point and MAX_DIGITS decimals (a fixed 60 could not read --digits 80)
    "CHECK_MAX_NUMBER_CHARS": lambda: _value("MAX_INTEGER_DIGITS") + _value("MAX_DIGITS") + 2,
}


def _parse(name: str, raw: str):
    """A tolerant reader: spaces, ``_`` and ``,`` between digits, ``1e6`` and ``2.0`` for whole
    numbers; anything else is a one-line error naming the variable."""
    env, default, kind, what = ENV_LIMITS[name]
    text = raw.strip().replace("_", "").replace(",", "")
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if kind == "seconds":
        if not (math.isfinite(value) and _MIN_SECONDS <= value <= _MAX_SECONDS):
            raise SymattnError(f"{env}={raw!r} is not a number of seconds from {_MIN_SECONDS:g} to "
                               f"{_MAX_SECONDS:g} ({what}; default {default:g})")
        return value
    if not (math.isfinite(value) and value == int(value) and 1 <= value <= 10**15):
        raise SymattnError(f"{env}={raw!r} is not a whole number from 1 to 10^15 ({what}; default {default:,})")
    return int(value)


def _value(name: str):
    """The limit in force: a test's override of ``limits.NAME``, else the environment, else the default."""
    if name in globals():
        return globals()[name]
    return _configured(name)


def _configured(name: str):
    if name in FIXED:
        return FIXED[name]
    if name in DERIVED:
        return DERIVED[name]()
    env = ENV_LIMITS[name][0]
    raw = os.environ.get(env)
    return ENV_LIMITS[name][1] if raw is None else _parse(name, raw)


def __getattr__(name: str):  # limits.MAX_DIM: read at the moment it is used
    if name in ENV_LIMITS or name in FIXED or name in DERIVED:
        return _value(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Module(types.ModuleType):
    """``limits.NAME = value`` overrides a limit (tests do).  Setting it back to what the
    environment gives ends the override, so a restored test patch (monkeypatch puts back the
    value it read) does not hide later ``SYMATTN_*`` values for the rest of the process."""

    def __setattr__(self, name: str, value) -> None:
        if name in ENV_LIMITS or name in FIXED or name in DERIVED:
            try:
                same = value == _configured(name)
            except SymattnError:  # a bad variable: keep the override
                same = False
            if same:
                self.__dict__.pop(name, None)
                return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Module


def env_name(name: str) -> str:
    return ENV_LIMITS[name][0]


def check_environment() -> None:
    """Every ``SYMATTN_*`` limit variable that is set must be valid (before any work)."""
    for name, (env, *_rest) in ENV_LIMITS.items():
        if env in os.environ:
            _parse(name, os.environ[env])


def _over(what: str, limit: str, entry: str | None = None):
    value = _value(limit)
    shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
    hint = f"; set {env_name(limit)} to raise it" if limit in ENV_LIMITS else ""
    return SymattnError(f"{what}, over the limit of {shown}{hint}", entry=entry)


# --- sizes ------------------------------------------------------------------------------------

def check_tokens(n: int) -> None:
    if n > _value("MAX_TOKENS"):
        raise SymattnError(f"{n} tokens is over the limit of {_value('MAX_TOKENS')} "
                           "(set SYMATTN_MAX_TOKENS to raise it)", entry="tokens")


def check_token(token: str, where: str = "tokens") -> None:
    """One token label: short, printable, one line (it goes into LaTeX, HTML and file names)."""
    if len(token) > _value("MAX_TOKEN_CHARS"):
        raise SymattnError(f"a token of {len(token)} characters is over the limit of {_value('MAX_TOKEN_CHARS')} "
                           "(set SYMATTN_MAX_TOKEN_CHARS to raise it)", entry=where)
    bad = next((ch for ch in token if not ch.isprintable()), None)
    if bad is not None:
        raise SymattnError(f"token {token[:20]!r} contains the control character U+{ord(bad):04X}",
                           entry=where)


def check_matrix(rows: int, cols: int, name: str) -> None:
    top = _value("MAX_DIM")
    if rows > top or cols > top:
        raise SymattnError(f"{rows}x{cols} is over the size limit ({top} per side; "
                           "set SYMATTN_MAX_DIM to raise it)", entry=name)


def check_symbolic(rows: int, cols: int, name: str) -> None:
    top = _value("MAX_SYMBOLIC")
    if rows > top or cols > top:
        raise SymattnError(f"a symbolic {rows}x{cols} matrix is over the limit of {top} per side "
                           "(set SYMATTN_MAX_SYMBOLIC to raise it)", entry=name)


def check_integer(value: int, where: str) -> None:
    n = _value("MAX_INTEGER_DIGITS")
    # bit_length first: str() of an integer over 4300 digits raises ValueError
    if abs(value).bit_length() > n * 3.33 + 4 or len(str(abs(value))) > n:
        raise SymattnError(f"a number with more than {n} digits is over the limit "
                           "(set SYMATTN_MAX_INTEGER_DIGITS to raise it)", entry=where)


def check_option(value: int, entry: str, top: int | None = None) -> None:
    """A whole-number option: its magnitude, before it sizes any work."""
    top = _value("MAX_OPTION_INT") if top is None else top
    if abs(value) > top:
        raise SymattnError(f"{value} is over the limit of {top:,}", entry=entry)


def factorial_digits(n: int | None = None) -> int:
    """Digits of n! for the factorial limit: the digit bound of any factorial the input may ask for.

    >>> factorial_digits(1000)
    2568
    """
    n = _value("MAX_FACTORIAL") if n is None else n
    return int(math.lgamma(n + 1) / math.log(10)) + 1


def int_str_digits() -> int:
    """Python's integer-to-string limit, derived from ours: any exact number we allow must print,
    and any number literal we allow must be read (a spec's integer, a LaTeX entry of digits)."""
    return max(4300, 4 * max(_value("MAX_RESULT_DIGITS"), factorial_digits()),
               _value("MAX_INTEGER_DIGITS"), _value("MAX_LATEX_CHARS"))


# --- cost estimates, one per kind of work ----------------------------------------------------------

def check_terms(tokens: int, value_width: int, heads: int = 1, entry: str = "tokens") -> None:
    """Each head's exact weights have L*L terms of L exponentials, its output L*d_v sums of L terms."""
    terms = heads * tokens * tokens * (tokens + value_width)
    if terms > _value("MAX_TERMS"):
        who = f"{heads} heads of " if heads > 1 else ""
        raise SymattnError(f"{who}{tokens} tokens with values {value_width} wide make about {terms:,} exact terms, "
                           f"over the limit of {_value('MAX_TERMS'):,} (set SYMATTN_MAX_TERMS to raise it)",
                           entry=entry)


def check_output(terms: int, digits_per_term: int, entry: str = "tokens") -> None:
    """The printed size of the documents: terms times the characters of one term."""
    chars = terms * (24 + 2 * digits_per_term)
    if chars > _value("MAX_OUTPUT_CHARS"):
        raise _over(f"the documents would have about {chars:,} characters "
                    f"({terms:,} terms of up to {digits_per_term:,} digits)", "MAX_OUTPUT_CHARS", entry)


def check_backward(tokens: int, d_k: int, entry: str = "tokens") -> None:
    """dQ and dK have L·d_k entries each, every one a sum of up to L² exponentials over Z_i²."""
    terms = 2 * tokens ** 3 * d_k
    if terms > _value("MAX_TERMS"):
        raise _over(f"the backward pass of {tokens} tokens with d_k = {d_k} has about {terms:,} exact terms",
                    "MAX_TERMS", entry)


def check_online(tokens: int, value_width: int, tiles: int, entry: str = "options.block") -> None:
    """Each tile's running sum and output have L·(d_v + 1) entries of up to L exponentials."""
    terms = tiles * tokens * (value_width + 1) * tokens
    if terms > _value("MAX_TERMS"):
        raise _over(f"{tiles} tiles of {tokens} tokens with values {value_width} wide make about {terms:,} exact terms",
                    "MAX_TERMS", entry)


def check_heads(heads: int, entry: str) -> None:
    if heads > _value("MAX_HEADS"):
        raise _over(f"{heads} heads", "MAX_HEADS", entry)


def check_samples(samples: int, d_k: int) -> None:
    """The sampling check draws two samples x d_k arrays of floats."""
    work = samples * d_k
    if work > _value("MAX_SAMPLE_WORK"):
        raise _over(f"samples x d_k = {samples:,} x {d_k:,} = {work:,} draws", "MAX_SAMPLE_WORK",
                    "options.samples")


def check_rank(rows: int, cols: int, entry: str = "X") -> None:
    """Exact rank, nullspace and pseudo-inverse grow fast with the entries of X (and the target)."""
    if rows * cols > _value("MAX_RANK_CELLS"):
        raise _over(f"an exact rank and pseudo-inverse of a {rows}x{cols} matrix ({rows * cols:,} entries)",
                    "MAX_RANK_CELLS", entry)


def check_rope(rows: int, cols: int, entry: str = "Q") -> None:
    """Every rotated entry carries exact cos and sin of its own angle."""
    if rows * cols > _value("MAX_ROPE_CELLS"):
        raise _over(f"rotating {rows}x{cols} = {rows * cols:,} entries exactly", "MAX_ROPE_CELLS", entry)


def check_plot(panels: int) -> None:
    if panels > _value("MAX_PLOT_PANELS"):
        raise _over(f"{panels} heatmap panels", "MAX_PLOT_PANELS", "options")


def check_score(bound, name: str) -> None:
    """``bound``: an upper bound of |scaled score| (any real number type)."""
    top = _value("MAX_SCORE")
    if bound > top:
        shown = f"{float(bound):.3g}" if bound < 1e300 else "more than 1e300"
        raise SymattnError(f"scaled scores could reach {shown} in size, over the limit of {top} "
                           "(e^score would be astronomically small or large; set SYMATTN_MAX_SCORE "
                           "to raise it)", entry=name)


# --- time -------------------------------------------------------------------------------------

class _Expired(BaseException):
    """Raised by the timer.  A BaseException, so no ``except Exception`` in a
    third-party parser can swallow it; :func:`time_limit` turns it into a
    :class:`SymattnError`."""


_cpu_stack: list[float] = []  # CPU deadlines (time.process_time) of the open time_limit blocks

#: CPU seconds between repeats of an expired timer.  A signal's handler can run inside a weakref
#: callback or a ``__del__`` that the garbage collector started, where Python swallows what it
#: raises ("Exception ignored in ..."): a one-shot timer would then never stop the block, so the
#: timer keeps firing until the block ends.
_REPEAT = 0.02
#: a repeat this soon (CPU seconds) after the last raise for the same deadline is ignored: that
#: raise is on its way to the block's ``except``, and a second one must not overtake it
_GRACE = 0.1
_last_raise: list = [None, 0.0]  # the deadline and the CPU time of the last raise


def _expire(signum, frame):
    if not _cpu_stack:  # a late signal after the last block ended is ignored
        return
    deadline, now = _cpu_stack[-1], time.process_time()
    if _last_raise[0] == deadline and now - _last_raise[1] < _GRACE:
        return
    _last_raise[:] = [deadline, now]
    raise _Expired(deadline)


@contextmanager
def time_limit(what: str, seconds: float | str | None = None, env: str = "SYMATTN_MAX_SECONDS",
               message=None):
    """Run the body for at most ``seconds`` of CPU time: a number, or the name of a limit
    (``"MAX_SPEC_SECONDS"``: its value and its variable), by default ``"MAX_SECONDS"``.

    Uses a CPU-time timer (``ITIMER_VIRTUAL``, signal ``SIGVTALRM``), which
    interrupts a long SymPy or ANTLR call and does not fire early on a busy
    machine.  It is separate from wall-clock ``SIGALRM`` budgets (``symattn
    check`` has one per claim), so both can run.  Blocks nest: an inner block
    gets the smaller of its own budget and what is left of the outer one, and
    the outer timer is re-armed when it ends.  Only in the main thread of a
    POSIX process; elsewhere the body runs unlimited.  ``message(seconds, env)``, when given, words
    the error instead (``symattn check`` names the line it had reached).

    >>> with time_limit("adding"):
    ...     1 + 1
    2
    """
    if seconds is None or isinstance(seconds, str):  # a limit: the message names its own variable
        name = seconds or "MAX_SECONDS"
        seconds, env = _value(name), env_name(name)
    usable = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
              and (bool(_cpu_stack) or (signal.getitimer(signal.ITIMER_VIRTUAL)[0] == 0 and signal.getsignal(
                  signal.SIGVTALRM) in (signal.SIG_DFL, signal.SIG_IGN, None))))
    if not usable:
        yield
        return
    now = time.process_time()
    deadline = now + seconds
    outer = _cpu_stack[-1] if _cpu_stack else None
    if outer is not None and outer <= deadline:
        yield  # the outer budget ends first and governs
        return
    old = signal.signal(signal.SIGVTALRM, _expire) if outer is None else None
    _cpu_stack.append(deadline)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds, _REPEAT)
    try:
        yield
    except _Expired as exc:
        if exc.args and exc.args[0] != deadline:
            raise  # an outer block's budget
        if message is not None:
            raise message(seconds, env) from None
        raise SymattnError(f"{what} took longer than the limit of {seconds:g} s of CPU time "
                           f"(set {env} to raise it)") from None
    finally:
        for _ in range(3):  # a signal landing inside the clean-up must not skip it
            try:
                if _cpu_stack and _cpu_stack[-1] == deadline:
                    _cpu_stack.pop()
                if outer is None:
                    signal.setitimer(signal.ITIMER_VIRTUAL, 0)
                    signal.signal(signal.SIGVTALRM, old)
                else:  # hand the timer back to the outer block
                    signal.setitimer(signal.ITIMER_VIRTUAL, max(outer - time.process_time(), 0.001), _REPEAT)
                break
            except _Expired:
                continue


def too_many_cells(body: str) -> bool:
    """Whether a LaTeX matrix body has more entries than ``check`` reads in one block (counted by
    its ``&`` and ``\\\\`` before any entry is read: a 300×300 matrix is refused at once)."""
    return body.count("&") + body.count("\\\\") > FIXED["CHECK_MAX_BLOCK_ENTRIES"]


def check_article_seconds() -> float:
    """Wall-clock seconds one ``symattn check`` of one article may take, all claims together."""
    return _value("CHECK_ARTICLE_SECONDS")


def check_claim_seconds() -> float:
    return _value("CHECK_SECONDS")


class ArticleTimeout(SymattnError):
    """The article's budget ran out; the checker reports the claims not reached as unverifiable."""


@contextmanager
def article_budget(name: str | None = None, seconds: float | None = None):
    """A wall-clock deadline for a whole article; the checker calls ``remaining()`` on it
    between claims, and gives each claim ``min(claim budget, remaining())``.

    >>> with article_budget("a.md", 5) as b:
    ...     0 < b.remaining() <= 5
    True
    """
    seconds = check_article_seconds() if seconds is None else seconds

    class _Budget:
        deadline = time.monotonic() + seconds

        def remaining(self) -> float:
            return max(0.0, self.deadline - time.monotonic())

        def expired(self) -> bool:
            return self.remaining() <= 0

        def claim_seconds(self) -> float:
            return min(check_claim_seconds(), self.remaining())

        def check(self) -> None:
            if self.expired():
                raise ArticleTimeout(f"checking took longer than the limit of {seconds:g} s per article "
                                     "(set SYMATTN_CHECK_ARTICLE_SECONDS to raise it)", file=name)

    yield _Budget()


# --- the cost of one spec, per topic, before any derivation -------------------------------------

def _digits(m) -> tuple[int, int]:
    """Most digits of a numerator and of a denominator among the exact entries of ``m``."""
    if m is None or not hasattr(m, "atoms"):
        return 0, 0
    import sympy as sp
    num = den = 0
    for r in m.atoms(sp.Rational):
        num = max(num, int(abs(r.p).bit_length() * 0.30103) + 1)
        den = max(den, 0 if r.q == 1 else int(r.q.bit_length() * 0.30103) + 1)
    return num, den


def _product_digits(a, b) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def _int(spec, key, default):
    value = spec.option(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def estimate(spec) -> None:
    """Refuse a spec whose derivation would exceed a limit, from its sizes and options alone.

    Counts heads, the exact terms of every head's weights and output, the digits of an
    exact score (and so the printed size), samples x d_k, rank and RoPE sizes, and
    option magnitudes; each refusal names the limit and its variable.
    """
    L = len(spec.tokens)
    Q = spec.Q if spec.Q is not None else spec.W_Q
    V = spec.V if spec.V is not None else spec.W_V
    d = Q.cols if Q is not None else 1
    d_v = V.cols if V is not None else 1
    # an exact score sums d products (projecting first multiplies X by W): the numerators add
    # digits, the common denominator can multiply all d of them
    dq = _digits(spec.Q) if spec.Q is not None else _product_digits(_digits(spec.X), _digits(spec.W_Q))
    dk = _digits(spec.K) if spec.K is not None else _product_digits(_digits(spec.X), _digits(spec.W_K))
    num, den = _product_digits(dq, dk)
    score_digits = num + len(str(d)) + d * den + den
    if score_digits > _value("MAX_RESULT_DIGITS"):
        raise _over(f"an exact score could have about {score_digits:,} digits ({d} products of entries "
                    f"with up to {max(dq[1], dk[1])}-digit denominators)", "MAX_RESULT_DIGITS", "Q")
    topic = spec.topic
    heads, kv = 1, 1
    if topic == "mha":
        heads = kv = _int(spec, "heads", 1)
    elif topic == "gqa":
        heads, kv = _int(spec, "query_heads", 1), max(1, _int(spec, "kv_heads", 1))
    check_heads(heads, "options")
    check_heads(kv, "options")
    width = max(1, d_v // kv) if topic in ("mha", "gqa") else d_v
    check_terms(L, width, heads)
    terms = heads * L * L * (L + width)
    if topic == "rope":
        check_rope(L, d, "Q")
    check_output(terms, 2 * score_digits + sum(_digits(V)))  # a weight holds score differences
    if topic == "rope":
        check_rope(L, d, "Q")
    elif topic == "consistency":
        X = spec.X
        target = getattr(spec, str(spec.option("target", "Q")), None) if spec.option("target", "Q") in (
            "Q", "K", "V") else None
        if X is not None:
            check_rank(X.rows, X.cols + (target.cols if target is not None else 0), "X")
    elif topic == "why_sqrt_dk":
        d_k = spec.d_k if spec.d_k is not None else 768
        if getattr(d_k, "is_Integer", isinstance(d_k, int)):
            check_samples(_int(spec, "samples", 10000), int(d_k))
    elif topic == "softmax_gradient":
        big = _int(spec, "saturation_d_k", 768)
        # the unscaled scores are sqrt(saturation_d_k) times the scaled ones: the score limit bounds it
        check_option(big, "options.saturation_d_k", top=_value("MAX_SCORE") ** 2)
    elif topic == "alibi":  # the slopes step has one entry per head
        check_heads(_int(spec, "heads", 8), "options.heads")
    elif topic == "sliding_window":
        check_option(_int(spec, "window", 1), "options.window")
    elif topic == "backward":
        check_backward(L, d)
    elif topic == "online_softmax":
        block = _int(spec, "block", (L + 1) // 2)
        check_option(block, "options.block")
        check_online(L, d_v, -(-L // max(1, block)))
