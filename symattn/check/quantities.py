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
from ..softmax import softmax_row
from . import guard, memo

__all__ = ["Convention", "Conv", "CONV", "CONVENTIONS", "Quantities", "FAMILIES", "OPERANDS", "numeric", "apply", "spread", "softmax"]


@dataclass(frozen=True)
class Convention:
    """How the standard steps are computed: the article's way, or a common mistake's
    (:data:`symattn.check.diagnose.MISTAKES`)."""

    scale: str = "sqrt"            # sqrt (÷√d_k), none, dk (÷d_k), sqrt_dmodel (÷√d_model)
    axis: str = "rows"             # softmax over rows (each query) or columns
    mask: str = "none"             # none or causal
    base: sp.Expr | None = None    # None for e; 27/10 for "e ≈ 2.7"
    round_exp: int | None = None   # e^x rounded to this many decimals before dividing
    transpose_keys: bool = True    # False: K used where K^T is meant

    def describe(self):
        """What this convention does, as a Reason for the report (``÷√d_k, causal mask``)."""
        from .claims import Reason
        parts = [Reason.of("scale-" + self.scale)]
        if self.axis == "cols":
            parts.append(Reason.of("axis-cols"))
        if self.mask == "causal":
            parts.append(Reason.of("mask-causal"))
        return Reason.of("convention", parts=parts)


Conv = Convention   # the short name the binder uses
CONV = Convention()
CONVENTIONS = tuple(Convention(s, a, m) for m in ("none", "causal") for s in ("sqrt", "none", "dk")
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
_USES = {"KT": ("transpose_keys",), "scores": ("transpose_keys",), "scaled": ("scale", "transpose_keys"),
         "masked": ("scale", "mask", "transpose_keys"), "exp": ("scale", "mask", "transpose_keys"),
         "weights": ("scale", "mask", "axis", "base", "round_exp", "transpose_keys"),
         "output": ("scale", "mask", "axis", "base", "round_exp", "transpose_keys")}


def _key(family: str, conv: Conv) -> tuple:
    uses = _USES.get(family, ())
    return (family,) + tuple(getattr(conv, u) for u in uses)


def power_of(conv: Convention):
    """e^z as a convention computes it: None for e itself; a common mistake's e ≈ 2.7, or e^z
    rounded to a few decimals before it is divided."""
    if conv.base is None and conv.round_exp is None:
        return None

    def power(z):
        value = (conv.base if conv.base is not None else sp.E) ** z
        if conv.round_exp is not None:
            if value.free_symbols:
                raise ValueError("symbolic score")
            value = rounded(value, conv.round_exp)
        return value
    return power


def rounded(value, places: int) -> sp.Rational:
    """A real number rounded to ``places`` decimals, exactly (as a hand calculation that rounds e^z
    before dividing writes it).  An irrational value below 10^15 (no tie to break) by mpmath at 40
    digits, where SymPy's 30 are exact to the last decimal kept; any other as SymPy rounds 30
    significant digits.

    >>> rounded(sp.exp(sp.Rational(1, 2)), 2), rounded(sp.Rational(1, 8), 2)
    (33/20, 3/25)
    """
    x = None if value.is_Rational else to_mpf(value, 40)
    if x is not None and abs(x) < 10 ** 15:
        with mpmath.workdps(40):
            return sp.Rational(int(mpmath.nint(x * 10 ** places)), 10 ** places)
    if x is not None and mpmath.isfinite(x):
        # a large irrational (e^1010): mpmath at the digits it has and the places kept, 20 more (SymPy's
        # round() of such a power re-evaluates it digit by digit, seconds a call); beyond a thousand
        # digits it is kept to 40 significant ones, far finer than any print's precision
        digits = int(mpmath.floor(mpmath.log10(abs(x)))) + 1
        if digits + places > 1000:
            return sp.Rational(int(mpmath.nint(x)))
        dps = digits + places + 20
        with mpmath.workdps(dps):
            return sp.Rational(int(mpmath.nint(to_mpf(value, dps) * 10 ** places)), 10 ** places)
    return sp.Rational(str(sp.N(value, 30).round(places)))


def softmax(row, exp=None):
    """The softmax of one row, the only one the checker computes: exact for SymPy numbers (symattn's
    canonical form, :mod:`symattn.softmax`), numeric for mpmath ones; a −∞ entry (masked) weighs 0.
    ``exp`` replaces e^x for a common mistake's softmax (e ≈ 2.7, or e^x rounded early).  None when
    every entry is −∞.

    >>> softmax([sp.Integer(1), sp.Rational(1, 2), sp.Rational(1, 2)])[1]
    1/(exp(1/2) + 2)
    >>> [mpmath.nstr(w, 4) for w in softmax([mpmath.mpf(0), -mpmath.inf])]
    ['1.0', '0.0']
    """
    numeric = any(isinstance(x, mpmath.mpf) for x in row)
    masked = [(x == -mpmath.inf) if numeric else (x == -sp.oo) for x in row]
    finite = [x for x, m in zip(row, masked) if not m]
    if not finite:
        return None
    if numeric:
        with mpmath.workdps(max(mpmath.mp.dps, 40)):
            top = max(finite)
            terms = [mpmath.mpf(0) if m else mpmath.exp(x - top) for x, m in zip(row, masked)]
            total = sum(terms)
            return [t / total for t in terms]
    if exp is None:
        def exact():
            weights = iter(softmax_row(finite).weights())
            return tuple(sp.S.Zero if m else next(weights) for m in masked)
        return list(memo.once("softmax", tuple(row), exact))
    terms = [exp(x) for x in finite]
    total = sp.Add(*terms)
    weights = iter([t / total for t in terms])
    return [sp.S.Zero if m else next(weights) for m in masked]


def normalised_exp(rows, base="e"):
    """The same softmax on a numpy array of float64 rows, for screening candidates (binding): each row
    shifted by its maximum, exponentiated (base e, or a common mistake's 2.7) and divided by its sum."""
    import numpy as np
    with np.errstate(all="ignore"):
        shifted = rows - rows.max(axis=1, keepdims=True)
        e = np.exp(shifted) if base == "e" else np.power(float(base), shifted)
        return e / e.sum(axis=1, keepdims=True)


def apply(family: str, args: list, conv: Conv, d_k, d_model=None):
    """One step of the pipeline on exact values (None when it is undefined)."""
    if family in ("Q", "K", "V", "scores", "output"):
        a, b = args
        if a.cols != b.rows:
            return None
        guard.check_size(a.rows, b.cols, a.cols)
        return memo.times(a, b)
    if family == "KT":
        return sp.ImmutableMatrix(args[0].T if conv.transpose_keys else args[0])
    if family == "scaled":
        if conv.scale == "none":
            return args[0]
        if d_k is None or (conv.scale == "sqrt_dmodel" and d_model is None):
            return None
        div = {"sqrt": sp.sqrt(d_k), "none": sp.Integer(1), "dk": d_k,
               "sqrt_dmodel": sp.sqrt(d_model) if d_model is not None else None}[conv.scale]
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
        try:
            rows = [softmax(list(m.row(i)), power_of(conv)) for i in range(m.rows)]
        except ValueError:
            return None
        if any(r is None for r in rows):
            return None
        out = sp.ImmutableMatrix(rows)
        return out if conv.axis == "rows" else sp.ImmutableMatrix(out.T)
    raise KeyError(family)


class Quantities:
    """Exact values of every family under every convention, from the given inputs."""

    def __init__(self, inputs: dict, d_k):
        self.inputs = dict(inputs)
        self.d_k = d_k
        self._cache: dict[tuple, object] = {}
        self._floats: dict[tuple, object] = {}

    def dk(self):
        """The stated d_k, or the width of the keys.  d_k is the width of a key (or of one head's key):
        a stated d_k that is not a divisor of the printed keys' width belongs to another model than
        these inputs (``d_k = 64 for the real model``, then a toy example of width 4)."""
        k = self.value("K", CONV)
        width = sp.Integer(k.cols) if k is not None else None
        if self.d_k is not None and (width is None or (self.d_k.is_Integer and width % self.d_k == 0)):
            return self.d_k
        return width if width is not None else self.d_k

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
        if family == "scaled":
            x = self.inputs.get("X")
            return apply(family, args, conv, self.dk(), sp.Integer(x.cols) if x is not None else None)
        return apply(family, args, conv, None)


    def floats(self, family: str, conv: Conv = CONV):
        """The value in float64 (numpy) by the same steps as :meth:`value`, to screen candidates
        before any exact value is made; None where the value is None, and also wherever the floats
        could not stand for it (an input that is no number, a mistake's own exponential)."""
        key = _key(family, conv)
        if key not in self._floats:
            self._floats[key] = self._compute_floats(family, conv)
        return self._floats[key]

    def _compute_floats(self, family, conv):
        import numpy as np
        if family in self.inputs or family in ("X", "W_Q", "W_K", "W_V"):
            m = self.inputs.get(family)
            if m is None:
                return None
            try:
                return np.array([[float(x) for x in m.row(i)] for i in range(m.rows)], dtype=float)
            except (TypeError, ValueError):
                return None   # letters in an input: only the exact value says anything
        if family not in OPERANDS:
            return None
        args = [self.floats(op, conv) for op in OPERANDS[family]]
        if any(a is None for a in args):
            return None
        with np.errstate(all="ignore"):
            if family in ("Q", "K", "V", "scores", "output"):
                a, b = args
                return a @ b if a.shape[1] == b.shape[0] else None
            if family == "KT":
                return args[0].T if conv.transpose_keys else args[0]
            if family == "scaled":
                if conv.scale == "none":
                    return args[0]
                x = self.inputs.get("X")
                d_k, d_model = self.dk(), (x.cols if x is not None else None)
                if d_k is None or (conv.scale == "sqrt_dmodel" and d_model is None):
                    return None
                return args[0] / float({"sqrt": sp.sqrt(d_k), "dk": d_k,
                                        "sqrt_dmodel": sp.sqrt(d_model) if d_model is not None else None}[conv.scale])
            if family == "masked":
                m = args[0]
                if conv.mask == "none":
                    return m
                if m.shape[0] != m.shape[1]:
                    return None
                return np.where(np.tril(np.ones(m.shape, dtype=bool)), m, -np.inf)
            if family == "exp":
                return np.exp(args[0])
            if family == "weights":
                if power_of(conv) is not None:
                    return None   # (e ≈ 2.7 or exponentials rounded early: left to the exact values)
                m = args[0] if conv.axis == "rows" else args[0].T
                if not np.isfinite(m).any(axis=1).all() or np.isnan(m).any():
                    return None
                out = normalised_exp(m)
                return out if conv.axis == "rows" else out.T
        return None


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
            out = [[x / sum(r, iv.mpf(0)) for x in r] for r in ([iv.exp(x) for x in row] for row in rows)]
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
