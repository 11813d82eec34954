r"""What the article's inputs determine: every attention quantity under every convention.

Input: the inputs an article gives (X and W_Q/W_K/W_V, or Q, K, V directly; d_k).
Output: :class:`Candidate` values, exact (SymPy) and numeric (mpmath), keyed by
family (``scores``, ``weights``, ...) and convention (scaling by √d_k, by d_k or not at
all; softmax by rows or by columns; with or without a causal mask).  Each family also
knows its operands, so the same quantity can be recomputed from the author's own printed
operands (the stepwise value).

>>> import sympy as sp
>>> c = Quantities({"Q": sp.Matrix([[1, 0]]), "K": sp.Matrix([[1, 0], [0, 1]])}, None)
>>> c.value("scores", CONV)
Matrix([[1, 0]])
"""

from __future__ import annotations

from dataclasses import dataclass

from functools import lru_cache

import mpmath
import sympy as sp

from ..numeric import to_mpf
from . import guard

__all__ = ["Conv", "CONV", "CONVENTIONS", "Quantities", "FAMILIES", "OPERANDS", "numeric", "apply", "spread"]


@dataclass(frozen=True)
class Conv:
    scale: str = "sqrt"     # sqrt (÷√d_k), none, dk (÷d_k)
    axis: str = "rows"      # softmax over rows (each query) or columns
    mask: str = "none"      # none or causal

    def describe(self) -> str:
        parts = {"sqrt": "÷√d_k", "none": "no scaling", "dk": "÷d_k"}[self.scale]
        if self.axis == "cols":
            parts += ", softmax by columns"
        if self.mask == "causal":
            parts += ", causal mask"
        return parts


CONV = Conv()
CONVENTIONS = tuple(Conv(s, a, m) for m in ("none", "causal") for s in ("sqrt", "none", "dk")
                    for a in ("rows", "cols"))

#: family -> its operands (in the formula's order)
OPERANDS = {
    "Q": ("X", "W_Q"), "K": ("X", "W_K"), "V": ("X", "W_V"),
    "KT": ("K",), "scores": ("Q", "KT"), "scaled": ("scores",), "masked": ("scaled",),
    "exp": ("masked",), "weights": ("masked",), "output": ("weights", "V"),
}
FAMILIES = tuple(OPERANDS)
INPUTS = ("X", "W_Q", "W_K", "W_V", "Q", "K", "V")
#: which families depend on the convention, and on which parts of it
_USES = {"scaled": ("scale",), "masked": ("scale", "mask"), "exp": ("scale", "mask"),
         "weights": ("scale", "mask", "axis"), "output": ("scale", "mask", "axis")}


def _key(family: str, conv: Conv) -> tuple:
    uses = _USES.get(family, ())
    return (family,) + tuple(getattr(conv, u) for u in uses)


def apply(family: str, args: list, conv: Conv, d_k):
    """One step of the pipeline on exact values (None when it is undefined)."""
    if family in ("Q", "K", "V", "scores", "output"):
        a, b = args
        if a.cols != b.rows:
            return None
        guard.check_size(a.rows, b.cols, a.cols)
        return sp.ImmutableMatrix(a * b)
    if family == "KT":
        return sp.ImmutableMatrix(args[0].T)
    if family == "scaled":
        if conv.scale == "none":
            return args[0]
        if d_k is None:
            return None
        div = {"sqrt": sp.sqrt(d_k), "none": sp.Integer(1), "dk": d_k}[conv.scale]
        return sp.ImmutableMatrix(args[0] / div)
    if family == "masked":
        m = args[0]
        if conv.mask == "none":
            return m
        if m.rows != m.cols:
            return None
        return sp.ImmutableMatrix(m.rows, m.cols, lambda i, j: m[i, j] if j <= i else -sp.oo)
    if family == "exp":
        return sp.ImmutableMatrix(args[0].applyfunc(lambda x: sp.exp(x) if x != -sp.oo else sp.Integer(0)))
    if family == "weights":
        m = args[0] if conv.axis == "rows" else args[0].T
        rows = []
        for i in range(m.rows):
            finite = [x for x in m.row(i) if x != -sp.oo]
            if not finite:
                return None
            top = max(finite, key=lambda x: sp.N(x, 30))
            terms = [sp.exp(x - top) if x != -sp.oo else sp.Integer(0) for x in m.row(i)]
            den = sum(terms)
            rows.append([t / den for t in terms])
        out = sp.ImmutableMatrix(rows)
        return out if conv.axis == "rows" else sp.ImmutableMatrix(out.T)
    raise KeyError(family)


class Quantities:
    """Exact values of every family under every convention, from the given inputs."""

    def __init__(self, inputs: dict, d_k):
        self.inputs = dict(inputs)
        self.d_k = d_k
        self._cache: dict[tuple, object] = {}

    def dk(self):
        if self.d_k is not None:
            return self.d_k
        k = self.value("K", CONV)
        return sp.Integer(k.cols) if k is not None else None

    def value(self, family: str, conv: Conv = CONV, author: dict | None = None):
        """The exact value, or None if the inputs do not determine it.

        ``author`` maps families to the author's printed values: those replace the exact
        operands of ``family`` (one level only), which gives the stepwise value."""
        if author is None and family in self.inputs:
            return self.inputs[family]
        if author is None:
            key = _key(family, conv)
            if key not in self._cache:
                self._cache[key] = self._compute(family, conv, None)
            return self._cache[key]
        return self._compute(family, conv, author)

    def _compute(self, family, conv, author):
        if family in ("X", "W_Q", "W_K", "W_V"):
            return self.inputs.get(family)
        if family not in OPERANDS:
            return None
        args = []
        for op in OPERANDS[family]:
            v = author.get(op) if author else None
            if v is None:
                v = self.value(op, conv)
            if v is None:
                return None
            args.append(v)
        guard.tick()
        return apply(family, args, conv, self.dk() if family == "scaled" else None)


def spread(quantities: "Quantities", family: str, conv: Conv, rounded: dict):
    """(low, high) of every entry of ``family`` when each input named in ``rounded`` (name -> printed
    places) may be anywhere within its printed rounding, by interval arithmetic (mpmath.iv, rounded
    outward); None when it cannot be bounded.  A print that lies in this band cannot be called
    wrong: the article does not determine its value more closely."""
    from .judge import half_unit
    iv = mpmath.iv

    def entry(x, places):
        v = mpmath.mpf(x.p) / x.q if x.is_Rational else mpmath.mpf(sp.N(x, 30))
        h = half_unit(places) if places else 0
        return iv.mpf([v - h, v + h])

    def value(fam):
        if fam in quantities.inputs:
            m = quantities.inputs[fam]
            if any(not x.is_number or x.is_infinite for x in m):
                return None
            return [[entry(m[i, j], rounded.get(fam)) for j in range(m.cols)] for i in range(m.rows)]
        if fam not in OPERANDS:
            return None
        args = [value(op) for op in OPERANDS[fam]]
        if any(a is None for a in args):
            return None
        a = args[0]
        if fam in ("Q", "K", "V", "scores", "output"):
            b = args[1]
            if len(a[0]) != len(b):
                return None
            return [[sum((a[i][t] * b[t][j] for t in range(len(b))), iv.mpf(0)) for j in range(len(b[0]))]
                    for i in range(len(a))]
        if fam == "KT":
            return [list(r) for r in zip(*a)]
        if fam == "scaled":
            dk = quantities.dk()
            div = {"sqrt": iv.sqrt(iv.mpf(int(dk))) if dk is not None else None, "none": iv.mpf(1),
                   "dk": iv.mpf(int(dk)) if dk is not None else None}[conv.scale]
            return None if div is None else [[x / div for x in r] for r in a]
        if conv.mask != "none" or any(max(abs(mpmath.mpf(x.a)), abs(mpmath.mpf(x.b))) > 700 for r in a for x in r):
            return None   # (masks and huge exponents: left to the exact check)
        if fam in ("masked",):
            return a
        if fam == "exp":
            return [[iv.exp(x) for x in r] for r in a]
        if fam == "weights":
            rows = a if conv.axis == "rows" else [list(r) for r in zip(*a)]
            out = []
            for r in rows:
                e = [iv.exp(x) for x in r]
                total = sum(e, iv.mpf(0))
                out.append([x / total for x in e])
            return out if conv.axis == "rows" else [list(r) for r in zip(*out)]
        return None

    try:
        got = value(family)
    except (ZeroDivisionError, ValueError, TypeError):
        return None
    return None if got is None else [[(mpmath.mpf(x.a), mpmath.mpf(x.b)) for x in r] for r in got]


def numeric(value, dps: int = 40):
    """A matrix of mpmath numbers (±inf kept) for comparing with printed decimals."""
    if isinstance(value, sp.ImmutableMatrix):
        return _numeric_cached(value, dps)
    return _numeric(value, dps)


@lru_cache(maxsize=1024)
def _numeric_cached(value, dps):
    return _numeric(value, dps)


def _numeric(value, dps):
    cache: dict = {}   # a softmax repeats its exponentials and denominators in every entry
    with mpmath.workdps(dps):
        return [[_num(x, dps, cache) for x in value.row(i)] for i in range(value.rows)]


def _num(x, dps, cache):
    if x == sp.oo:
        return mpmath.inf
    if x == -sp.oo:
        return -mpmath.inf
    v = to_mpf(x, dps + 5, cache)   # x is already a SymPy number (an entry of a matrix)
    return v if v is not None else mpmath.mpf(sp.N(x, dps + 5))
