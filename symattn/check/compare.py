"""Compare what the article prints with the exact value.

Input: printed entries and an exact SymPy value.  Output: a :class:`Comparison` (each entry judged by
:func:`symattn.check.judge.verdict`).

An exact claim (``2``, ``\\frac{1}{3}``, ``K^T``) must be exactly equal.  A decimal
claim is checked at the precision it was printed with, by the one rule of
:func:`symattn.check.judge.verdict`: ``0.45`` means the exact value lies within
0.45 ± 0.005.

>>> import sympy as sp
>>> e = sp.exp(sp.Rational(1, 2)) / (sp.exp(sp.Rational(1, 2)) + 2)
>>> compare_entry("0.45", sp.Rational(45, 100), e, "≈").status
'rounded'
>>> compare_entry("0.46", sp.Rational(46, 100), e, "≈").correct
'0.45'
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import mpmath
import sympy as sp

from ..numeric import fixed, to_mpf
from . import memo, numerals
from .claims import Reason
from .evaluate import Unresolved
from .judge import equal, half_unit, irrational, right_text, verdict

__all__ = ["EntryResult", "Comparison", "compare", "compare_entry", "same", "reachable", "DPS"]

DPS = 60
_DECIMAL = re.compile(r"-?\d*\.\d+|-?\d+")


@dataclass(frozen=True)
class EntryResult:
    index: tuple[int, int] | None  # (row, col) 0-based, None for a single number
    text: str                      # as printed
    claimed: sp.Expr               # exact reading of the printed text
    exact: sp.Expr                 # the exact value
    status: str                    # exact, rounded, wrong
    correct: str                   # the exact value at the printed precision ("" if exact text)
    decimals: int | None           # printed decimals, None for an exact claim
    reason: str = ""               # why it is wrong (truncated) or right (noise), see judge.verdict


@dataclass(frozen=True)
class Comparison:
    status: str                          # exact, rounded, wrong
    entries: tuple[EntryResult, ...]
    shape_error: object = None           # a Reason, set when the shapes differ

    @property
    def wrong(self) -> tuple[EntryResult, ...]:
        return tuple(e for e in self.entries if e.status == "wrong")


def _numeric(expr):
    if expr.free_symbols:
        return None
    return memo.mpf(expr, DPS)


def compare_entry(text: str, claimed, exact, rel: str, index=None) -> EntryResult:
    claimed, exact = sp.sympify(claimed), sp.sympify(exact)
    if exact.free_symbols or claimed.free_symbols:
        return _compare_symbolic(text, claimed, exact, rel, index)
    if exact in (sp.oo, -sp.oo) or claimed in (sp.oo, -sp.oo):
        ok = exact == claimed
        return EntryResult(index, text, claimed, exact, "exact" if ok else "wrong", "", None)
    if _equal(claimed, exact):
        return EntryResult(index, text, claimed, exact, "exact", "", numerals.places_of(text))
    printed = numerals.read(text)
    d = printed.places if printed is not None else None
    value = _numeric(exact)
    if value is None:
        raise Unresolved("not-real")
    if d is None and _written_on_rounded(text, value):
        # "-0.3+0.841" for -0.3 + sin(1), "\\sin(0.0001429)" for sin(1/7000): arithmetic written on rounded
        # operands that reaches the exact value within their rounding restates it, rounded
        return EntryResult(index, text, claimed, exact, "rounded", "", None)
    if d is None or (d == 0 and rel == "=" and not irrational(exact) and not printed.scientific
                     and not (exact.is_Rational and exact.q > 10 ** 6)):
        # an exact claim (a fraction, an integer after "="): only equality will do; but an integer
        # printed for an irrational value (e^10 = 22,026), or for a fraction whose decimals run past
        # six places (1.1^48 = 97), can only be its rounding, and a number in scientific notation
        # (18.4e9) is precise to its mantissa's last place
        correct = str(exact) if exact.is_Rational else _short(value)
        return EntryResult(index, text, claimed, exact, "wrong", correct, None)
    with mpmath.workdps(DPS):
        agreement = verdict(printed, value, 0 if d == 0 else None)
    status = "wrong" if agreement.status == "wrong" else "rounded"
    return EntryResult(index, text, claimed, exact, status, right_text(printed, value, 0 if d == 0 else None), d,
                       agreement.reason)


def _written_on_rounded(text: str, value) -> bool:
    """Does arithmetic written on decimal operands (at most four, of three decimals or more) reach
    ``value`` with each operand moved within half a unit of its last printed place?"""
    return reachable(text, value)


def reachable(text: str, value, slack=0, places: int = 3) -> bool:
    """Does arithmetic written on decimal operands (at most four, of ``places`` decimals or more) come
    within ``slack`` of ``value`` with each operand moved within half a unit of its last printed place?"""
    from .beyond.arith import evaluate   # (lazily: the beyond package loads its chain stages)
    spans = [m.span() for m in re.finditer(rf"(?<![\w.])\d+\.\d{{{places},}}(?![\w.])", text)]
    if not spans or len(spans) > 4 or not re.search(r"[-+−×*/·^(]|\\[a-z]+", text):
        return False
    values = []
    for signs in itertools.product((-1, 1), repeat=len(spans)):
        moved, last = [], 0
        for (a, b), sign in zip(spans, signs):
            places = len(text[a:b].split(".")[1])
            x = mpmath.mpf(text[a:b]) + sign * half_unit(places)
            moved += [text[last:a], mpmath.nstr(x, places + 4, strip_zeros=False)]
            last = b
        v = evaluate("".join(moved) + text[last:])
        if v is None:
            return False
        values.append(v)
    return min(values) - slack <= value <= max(values) + slack


def _equal(a, b) -> bool:
    if a.is_Rational and b.is_Rational:
        return a == b
    if a == b:
        return True
    va, vb = _numeric(a), _numeric(b)
    if va is None or vb is None:
        return False
    with mpmath.workdps(DPS):
        return equal(va, vb)


def _compare_symbolic(text, claimed, exact, rel, index) -> EntryResult:
    if same(claimed, exact):
        return EntryResult(index, text, claimed, exact, "exact", "", None)
    ca, ce = _linear(claimed), _linear(exact)
    if ca is None or ce is None or set(ca) != set(ce):
        return EntryResult(index, text, claimed, exact, "wrong", "", None)
    d = max((numerals.places_of(m) or 0 for m in _DECIMAL.findall(text)), default=0)
    status = "exact"
    for term in ca:
        sub = compare_entry(_fmt_dec(ca[term], d) if d else str(ca[term]), ca[term], ce[term],
                            "≈" if d else rel)
        if sub.status == "wrong":
            return EntryResult(index, text, claimed, exact, "wrong", "", d or None)
        if sub.status == "rounded":
            status = "rounded"
    return EntryResult(index, text, claimed, exact, status, "", d or None)


def _linear(expr):
    """{symbol: coefficient} of a linear combination (0.45·v_我 + 0.27·v_爱), None if not linear."""
    syms = sorted(expr.free_symbols, key=str)
    parts = sp.collect(sp.expand(expr), syms, evaluate=False)
    if any(k != 1 and k not in syms for k in parts) or any(v.free_symbols for v in parts.values()):
        return None
    return {k: v for k, v in parts.items() if v != 0}


def _fmt_dec(value, d) -> str:
    return fixed(to_mpf(sp.sympify(value), DPS), d)


def _short(value) -> str:
    return mpmath.nstr(value, 6)


def compare(texts, claimed, exact, rel: str) -> Comparison:
    """Compare a printed matrix (or number) with the exact one, entry by entry."""
    if isinstance(claimed, sp.MatrixBase) != isinstance(exact, sp.MatrixBase):
        return Comparison("wrong", (), Reason.of("exact-is-matrix" if isinstance(exact, sp.MatrixBase)
                                                 else "exact-is-number"))
    if isinstance(claimed, sp.MatrixBase):
        if claimed.shape != exact.shape:
            return Comparison("wrong", (), Reason.of("printed-shape", rows=claimed.rows, cols=claimed.cols,
                                                     erows=exact.rows, ecols=exact.cols))
        entries = tuple(compare_entry(texts[i][j], claimed[i, j], exact[i, j], rel, (i, j))
                        for i in range(claimed.rows) for j in range(claimed.cols))
    else:
        entries = (compare_entry(texts, claimed, exact, rel),)
    statuses = {e.status for e in entries}
    status = "wrong" if "wrong" in statuses else "rounded" if "rounded" in statuses else "exact"
    return Comparison(status, entries)


def same(a, b) -> bool:
    """Exact equality of two values, without ``simplify()``: expand, then 60 digits.

    Two different closed forms of one number (e^{1}/(e^{1}+2e^{1/2}) and
    e^{1/2}/(e^{1/2}+2)) agree to every digit; with symbols, each coefficient must.
    """
    if isinstance(a, sp.MatrixBase) or isinstance(b, sp.MatrixBase):
        return isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase) and a.shape == b.shape \
            and all(same(x, y) for x, y in zip(a, b))
    diff = sp.expand(a - b)
    if diff == 0:
        return True
    if not diff.free_symbols:
        return _equal(sp.sympify(a), sp.sympify(b))
    ca, cb = _linear(a), _linear(b)
    return ca is not None and cb is not None and set(ca) == set(cb) and \
        all(_equal(sp.sympify(ca[t]), sp.sympify(cb[t])) for t in ca)
