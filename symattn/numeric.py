"""The numeric level: exact values evaluated with mpmath at a chosen precision."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext

import mpmath
import sympy as sp

__all__ = ["evaluate", "to_mpf", "fixed", "GUARD_DIGITS"]

#: Extra decimal digits carried beyond what is shown, so rounding is right.
GUARD_DIGITS = 15


def to_mpf(expr, dps: int, cache: dict | None = None):
    """An exact SymPy number as an mpmath mpf with ``dps`` significant digits,
    or None when it is symbolic (or not real).

    ``cache`` (subexpression -> value) shares work between calls: a softmax
    matrix repeats its exponentials and each row's denominator in every entry.
    Share one cache only between calls with the same ``dps``.

    >>> half = sp.Rational(1, 2)
    >>> mpmath.nstr(to_mpf(sp.exp(half) / (sp.exp(half) + 2), 40), 30)
    '0.451862761877606043814185154403'
    """
    if expr.is_Rational:
        with mpmath.workdps(dps):
            return mpmath.mpf(expr.p) / expr.q
    try:
        with mpmath.workdps(dps + _EXTRA):
            value = _fast(expr, {} if cache is None else cache)
        with mpmath.workdps(dps):
            return +value
    except _Symbolic:
        return None
    except _Unsupported:
        pass
    if expr.free_symbols:
        return None
    value = expr.evalf(dps)
    if not value.is_Float:
        return None  # complex, or unevaluable
    return mpmath.mp.make_mpf(value._mpf_)  # keep every bit evalf computed


#: Digits carried beyond ``dps`` inside the fast path; a sum that cancels more
#: than _LOSS_DIGITS of them goes to SymPy's adaptive ``evalf`` instead.
_EXTRA = 12
_LOSS_DIGITS = 8


class _Unsupported(Exception):
    """The fast path cannot vouch for this expression; use ``evalf``."""


class _Symbolic(Exception):
    """The expression has a free symbol: it has no numeric value."""


def _fast(e, cache):
    """Evaluate the real, elementary expressions the derivations produce (sums,
    products and powers of rationals, e^{x}, e, pi, sqrt) at the working
    precision, each distinct subexpression (e^{x}, a row's denominator) once."""
    if e.is_Rational:
        return mpmath.mpf(e.p) / e.q
    if e.is_Symbol:
        raise _Symbolic
    if e in cache:
        return cache[e]
    value = cache[e] = _compound(e, cache)
    return value


def _compound(e, cache):
    if e.is_Add:
        terms = [_fast(t, cache) for t in e.args]
        total = mpmath.fsum(terms)
        biggest = max(abs(t) for t in terms)
        # Cancellation: the sum kept fewer digits than we can vouch for.
        if not total or biggest > abs(total) * mpmath.mpf(10) ** _LOSS_DIGITS:
            raise _Unsupported
        return total
    if e.is_Mul:
        return mpmath.fprod([_fast(f, cache) for f in e.args])
    if isinstance(e, sp.exp):
        return mpmath.exp(_fast(e.args[0], cache))
    if e.is_Pow:
        base, n = e.args
        if n.is_Integer:
            b = _fast(base, cache)
            if not b and n < 0:
                raise _Unsupported
            return b ** int(n)
        if n.is_Rational:
            b = _fast(base, cache)
            if b <= 0:
                raise _Unsupported  # complex or zero: leave it to evalf
            return mpmath.power(b, mpmath.mpf(n.p) / n.q)
        raise _Unsupported
    if e is sp.E:
        return mpmath.e + 0
    if e is sp.pi:
        return mpmath.pi + 0
    raise _Unsupported


def evaluate(matrix: sp.MatrixBase, digits: int) -> tuple[tuple[object, ...], ...]:
    """Every entry to ``digits`` decimals plus guard digits; equal entries and
    equal exponentials share work.

    >>> fixed(evaluate(sp.Matrix([[sp.Rational(1, 3)]]), 4)[0][0], 6)
    '0.333333'
    """
    dps = digits + GUARD_DIGITS + 5
    cache: dict[sp.Expr, object] = {}
    shared: dict[sp.Expr, object] = {}
    rows = []
    for i in range(matrix.rows):
        row = []
        for j in range(matrix.cols):
            e = matrix[i, j]
            if e not in cache:
                cache[e] = to_mpf(e, dps, shared)
            row.append(cache[e])
        rows.append(tuple(row))
    return tuple(rows)


def fixed(value, digits: int) -> str:
    """``value`` rounded to ``digits`` decimal places (half-up, as by hand: 0.125 → 0.13).

    >>> fixed(mpmath.mpf("0.45186"), 2)
    '0.45'
    >>> fixed(mpmath.mpf("-0.0001"), 2)
    '0.00'
    >>> fixed(to_mpf(sp.Rational(1, 3), 50), 30)
    '0.333333333333333333333333333333'
    >>> fixed(mpmath.exp(-10**9), 4)
    '0.0000'
    """
    if mpmath.isfinite(value) and abs(value) >= mpmath.mpf(10) ** 40:
        # an astronomically large value (e^(10^9) from a −10^9 mask taken as a score) has no decimals
        # worth writing out: its leading digits and exponent
        return mpmath.nstr(value, 8)
    if value and abs(value) < mpmath.mpf(10) ** -(digits + 5):
        # far below half a unit of the last place (e^(-10^9) from a −10^9 mask): 0 at these decimals,
        # never written out digit by digit (nstr with min_fixed=-inf would write 434 million of them)
        value = mpmath.mpf(0)
    text = mpmath.nstr(value, digits + GUARD_DIGITS, strip_zeros=False, min_fixed=-mpmath.inf,
                       max_fixed=mpmath.inf)
    with localcontext() as ctx:  # quantize needs room for every digit kept (28 by default)
        ctx.prec = len(text) + digits + 10
        q = Decimal(text).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if q == 0:
        q = abs(q)
    return f"{q:f}"
