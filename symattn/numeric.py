"""The numeric level: exact values evaluated with mpmath at a chosen precision."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import mpmath
import sympy as sp

__all__ = ["evaluate", "to_mpf", "fixed", "GUARD_DIGITS"]

#: Extra decimal digits carried beyond what is shown, so rounding is right.
GUARD_DIGITS = 15


def to_mpf(expr, dps: int):
    """An exact SymPy number as an mpmath mpf with ``dps`` significant digits,
    or None when it is symbolic."""
    if expr.free_symbols:
        return None
    if expr.is_Rational:
        with mpmath.workdps(dps):
            return mpmath.mpf(expr.p) / expr.q
    value = expr.evalf(dps)
    if not value.is_Float:
        return None  # complex, or unevaluable
    return mpmath.mpf(value._mpf_)


def evaluate(matrix: sp.MatrixBase, digits: int) -> tuple[tuple[object, ...], ...]:
    """Every entry to ``digits`` decimals plus guard digits; equal entries share work.

    >>> fixed(evaluate(sp.Matrix([[sp.Rational(1, 3)]]), 4)[0][0], 6)
    '0.333333'
    """
    dps = digits + GUARD_DIGITS + 5
    cache: dict[sp.Expr, object] = {}
    rows = []
    for i in range(matrix.rows):
        row = []
        for j in range(matrix.cols):
            e = matrix[i, j]
            if e not in cache:
                cache[e] = to_mpf(e, dps)
            row.append(cache[e])
        rows.append(tuple(row))
    return tuple(rows)


def fixed(value, digits: int) -> str:
    """``value`` rounded to ``digits`` decimal places (half-up, as by hand: 0.125 → 0.13).

    >>> fixed(mpmath.mpf("0.45186"), 2)
    '0.45'
    >>> fixed(mpmath.mpf("-0.0001"), 2)
    '0.00'
    """
    text = mpmath.nstr(value, digits + GUARD_DIGITS, strip_zeros=False, min_fixed=-mpmath.inf,
                       max_fixed=mpmath.inf)
    q = Decimal(text).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if q == 0:
        q = abs(q)
    return f"{q:f}"
