r"""The catalogue of one worked example: every quantity its givens determine, under every variant.

Input: the example's givens (printed blocks read as exact matrices: X and the projections, or Q, K
and V, or X alone when Q = K = V = X) and the divisors the scores may be scaled by.
Output: :class:`Node` values, three ways:

* :meth:`Example.floats`, numpy float64 from the givens (what binding screens candidates with);
* :meth:`Example.author`, float64 from the author's own printed values of its operands, where the
  author printed them (what tells a carried error or drift from a slip);
* :meth:`Example.exact`, SymPy, computed only for the node a printed block binds to.

A node is a step of the pipeline under a :class:`Variant`: the choices that step depends on.  Some
choices are conventions an article may make (scaling by √d_k, by d_k or not at all; a causal mask);
others only a mistake makes (softmax over columns, K Qᵀ for Q Kᵀ, a mask shifted by one).  The
article's own variant is decided later, from evidence (:mod:`.conventions`); every other choice is
a named mistake (:data:`ONLY_BY`).  The maths of each step is the pipeline's: the exact softmax
is :func:`symattn.check.quantities.softmax` (symattn's canonical form), the mask patterns are
:func:`symattn.topics.masks`' causal rule and its two common slips.

>>> import sympy as sp
>>> ex = Example({"Q": sp.Matrix([[1, 0], [0, 1]]), "K": sp.Matrix([[1, 0], [1, 1]])})
>>> ex.floats(Node("scores")).tolist()
[[1.0, 1.0], [0.0, 1.0]]
>>> ex.exact(Node("weights", Variant(scale="none")))[0, 0]
1/2
>>> ex.floats(Node("scores", Variant(order="kq"))).tolist()    # the transposed product, a mistake
[[1.0, 0.0], [1.0, 1.0]]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import mpmath
import numpy as np
import sympy as sp

from .. import guard, memo
from ..diagnose import MISTAKES as _TABLE
from ..judge import half_unit
from ..quantities import normalised_exp, softmax

__all__ = ["Variant", "Node", "Example", "STEPS", "INPUTS", "PARENTS", "ONLY_BY", "variants"]

#: the steps of the pipeline, in the order an article computes them
STEPS = ("X", "W_Q", "W_K", "W_V", "Q", "K", "V", "KT", "scores", "scaled", "masked", "exp", "weights", "output")
#: steps an article may give rather than compute
INPUTS = ("X", "W_Q", "W_K", "W_V", "Q", "K", "V")
#: each computed step's operands
PARENTS = {"Q": ("X", "W_Q"), "K": ("X", "W_K"), "V": ("X", "W_V"), "KT": ("K",), "scores": ("Q", "KT"),
           "scaled": ("scores",), "masked": ("scaled",), "exp": ("masked",), "weights": ("masked",),
           "output": ("weights", "V")}
#: the choices of a variant that each step depends on
USES = {"scores": ("order",), "scaled": ("order", "scale"), "masked": ("order", "scale", "mask"),
        "exp": ("order", "scale", "mask", "base"), "weights": ("order", "scale", "mask", "axis", "base"),
        "output": ("order", "scale", "mask", "axis", "base")}
#: the choices, in the order a variant lists them
CHOICES = ("scale", "mask", "axis", "order", "base")
#: masks: which key j query i sees (the causal rule, and the two slips of it seen in articles)
MASKS = {"none": lambda i, j: True, "causal": lambda i, j: j <= i,
         "shifted": lambda i, j: j <= i + 1, "anti": lambda i, j: j >= i}


def printed_mask(pattern) -> str:
    """The name of a mask an article prints as its pattern of -∞ cells (a padding or window mask,
    or any other): ``printed:`` and the rows of the pattern, 1 where a query sees a key."""
    return "printed:" + "/".join("".join("1" if x else "0" for x in r) for r in pattern)


def sees(mask: str):
    """The rule of a mask name: a key of MASKS, or a printed pattern (see :func:`printed_mask`)."""
    if mask in MASKS:
        return MASKS[mask]
    rows = mask.split(":", 1)[1].split("/")
    return lambda i, j: i < len(rows) and j < len(rows[i]) and rows[i][j] == "1"
#: choices that only a mistake makes, with the reason code that names it (from the one table of
#: common mistakes, :data:`symattn.check.diagnose.MISTAKES`)
ONLY_BY = {choice: m.code for m in _TABLE for choice in m.choices}


@dataclass(frozen=True)
class Variant:
    """How the steps after the scores are computed."""

    scale: str = "sqrt"     # a key of the example's divisors: sqrt (√d_k), dk, none, or a stated one
    mask: str = "none"      # a key of MASKS
    axis: str = "rows"      # softmax over each query's row, or (a mistake) over columns
    order: str = "qk"       # scores as Q Kᵀ, or (mistakes) K Qᵀ, or Q K with K not transposed
    base: str = "e"         # the exponentials' base: e, or (a mistake) 2.7

    def of(self, step: str) -> "Variant":
        """The part of this variant that ``step`` depends on (the other choices at their default)."""
        return _part(self, step)


@dataclass(frozen=True)
class Node:
    """A step under a variant: one quantity of the catalogue."""

    step: str
    variant: Variant = Variant()

    def __post_init__(self):
        object.__setattr__(self, "variant", self.variant.of(self.step))

    def parents(self) -> tuple["Node", ...]:
        return _parents(self)

    def mistakes(self, article: Variant) -> tuple[str, ...]:
        """The choices of this node that differ from the article's variant, as mistake names
        (``scale:dk``, ``axis:cols``, …); empty for a node the article's own convention computes."""
        mine, theirs = self.variant, article.of(self.step)
        return tuple(f"{c}:{getattr(mine, c)}" for c in CHOICES if c in USES.get(self.step, ())
                     and getattr(mine, c) != getattr(theirs, c))


@lru_cache(maxsize=4096)
def _parents(node: Node) -> tuple[Node, ...]:
    return tuple(Node(p, node.variant) for p in PARENTS.get(node.step, ()))


@lru_cache(maxsize=4096)
def _node(step: str, variant: Variant) -> Node:
    return Node(step, variant)


@lru_cache(maxsize=256)
def _mistaken(variant: Variant) -> bool:
    """Does the variant make a choice that only a mistake makes?"""
    return any((c, getattr(variant, c)) in ONLY_BY for c in CHOICES)


def variants(scales, masks=("none", "causal", "shifted", "anti")) -> list[Variant]:
    """Every variant over the given scale keys and masks, the conventional ones first: with at most
    one choice that only a mistake makes (two mistakes at once explain numbers by accident)."""
    return list(_variants(tuple(scales), tuple(masks)))


@lru_cache(maxsize=256)
def _variants(scales: tuple, masks: tuple, plain: bool = False) -> tuple[Variant, ...]:
    """:func:`variants` (``plain``: only those no mistake makes), kept."""
    if plain:
        return tuple(v for v in _variants(scales, masks) if not _mistaken(v))
    out = []
    for base in ("e", "2.7"):
        for order in ("qk", "kq", "k"):
            for axis in ("rows", "cols"):
                for mask in masks:
                    for scale in scales:
                        v = Variant(scale, mask, axis, order, base)
                        if sum((c, getattr(v, c)) in ONLY_BY for c in CHOICES) <= 1:
                            out.append(v)
    return tuple(out)


@lru_cache(maxsize=4096)
def _part(variant: Variant, step: str) -> Variant:
    return Variant(**{c: getattr(variant, c) for c in USES.get(step, ())})


def _upstream(step: str) -> frozenset:
    """The steps a step's value is computed from, near and far (Q, K and V come from X and the
    projections when those are given)."""
    out, todo = set(), [step]
    while todo:
        for p in PARENTS.get(todo.pop(), ()):
            if p not in out:
                out.add(p)
                todo.append(p)
    return frozenset(out)


#: each step's ancestors
UPSTREAM = {s: _upstream(s) for s in STEPS}


class Example:
    """The givens of one worked example and everything they determine.

    ``givens`` maps input steps to exact matrices.  ``divisors`` maps scale keys to exact
    divisors; by default √d_k, d_k and 1 with d_k the width of the keys, and √ of ``stated_dk``
    (the d_k the text states before the example) where that differs from the width.  Q, K and V come from X and
    the projections when those are given, else from Q, K, V as given; X alone gives Q = K = V = X.
    """

    def __init__(self, givens: dict, divisors: dict | None = None, places: dict | None = None, masks=(),
                 stated_dk=None, floats: dict | None = None):
        self.givens = {k: v if isinstance(v, sp.ImmutableMatrix) else sp.ImmutableMatrix(v) for k, v in givens.items()}
        # the decimals each given was printed with, where it is a rounded print (a program's output
        # of random weights): its exact value lies within half a unit of what is printed
        self.places = {k: d for k, d in (places or {}).items() if d}
        # ``floats``: the givens in float64 where the caller has them already (a block reads its own once)
        self._floats: dict[Node, np.ndarray | None] = {Node(k): v for k, v in (floats or {}).items() if k in self.givens}
        self._exact: dict[Node, object] = {}
        self._nodes: dict[tuple, tuple] = {}
        self._shapes: dict[str, tuple | None] = {}
        self.masks = tuple(masks)   # masks the article prints as patterns of -∞ (see printed_mask)
        k = self.floats(Node("K"))    # its width is all the divisors need: no exact value yet
        width = sp.Integer(k.shape[1]) if k is not None else None
        if divisors is None:
            divisors = {"none": sp.Integer(1)} if width is None else \
                {"sqrt": sp.sqrt(width), "dk": width, "none": sp.Integer(1)}
            x = self.givens.get("X")
            if width is not None and x is not None and x.cols != width:
                divisors["sqrt_dmodel"] = sp.sqrt(x.cols)   # the model's width for the key's: a mistake
            if width is not None and stated_dk and stated_dk != width:
                # the text states a d_k unlike its keys' width: a convention of its own, which the
                # values choose (or not) over the width
                divisors["sqrt_stated"] = sp.sqrt(sp.Integer(stated_dk))
        self.divisors = dict(divisors)

    # ---------------------------------------------------------------- what the givens say

    def source(self, step: str) -> str | None:
        """Where an input step comes from: ``given``, ``projected`` (X W), ``same-as-X``, or None."""
        if step in self.givens:
            return "given"
        if step in ("Q", "K", "V"):
            if "X" in self.givens and f"W_{step}" in self.givens:
                return "projected"
            if set(self.givens) == {"X"}:
                return "same-as-X"
        return None

    def nodes(self, plain: bool = False, shape: tuple[int, int] | None = None):
        """Every node whose value the givens determine (inputs once, the rest per variant); ``plain``:
        only those of variants that no mistake makes (the others are not evaluated); with ``shape``,
        only the plain nodes of the steps that have a part of that shape (see :meth:`shows`)."""
        key = (plain, shape) if plain else (plain, None)
        if key not in self._nodes:
            self._nodes[key] = tuple(self._all_nodes(tuple(self.divisors), plain, shape if plain else None))
        return self._nodes[key]

    def shows(self, step: str, shape: tuple[int, int]) -> bool:
        """Could a block of this shape print the step (whole, a row or a column, either way round)
        under a variant no mistake makes?  (From the shapes alone: see :meth:`plain_shape`.)"""
        of = self.plain_shape(step)
        if of is None:
            return False
        (rows, cols), (r, c) = shape, of
        return any(br == r and bc == c or br == 1 and bc == c or bc == 1 and br == r
                   for br, bc in ((rows, cols), (cols, rows)))

    def plain_shape(self, step: str) -> tuple[int, int] | None:
        """The shape of the step's value under every variant no mistake makes (the mistakes K Qᵀ and
        Q K may give another), from the givens' shapes alone; None when the givens do not determine it."""
        if step not in self._shapes:
            self._shapes[step] = self._plain_shape(step)
        return self._shapes[step]

    def _plain_shape(self, step: str) -> tuple[int, int] | None:
        if step in self.givens:
            return self.givens[step].shape
        if step in ("Q", "K", "V"):
            src = self.source(step)
            if src == "projected":
                x, w = self.givens["X"].shape, self.givens[f"W_{step}"].shape
                return (x[0], w[1]) if x[1] == w[0] else None
            return self.givens["X"].shape if src == "same-as-X" else None
        if step in INPUTS:
            return None
        shapes = [self.plain_shape(p) for p in PARENTS[step]]
        if any(s is None for s in shapes):
            return None
        if step == "KT":
            return shapes[0][::-1]
        if step in ("scores", "output"):   # Q Kᵀ, A V
            (r, n), (m, c) = shapes
            return (r, c) if n == m else None
        return shapes[0]                   # scaled, masked, exp, weights: the scores' shape

    def _all_nodes(self, scales, plain, shape=None):
        keys = self.floats(Node("K"))
        # one key: every weight is 1 and the output is V; attention says nothing there
        steps = STEPS if keys is None or keys.shape[0] > 1 else STEPS[:STEPS.index("masked")]
        if shape is not None:
            steps = tuple(s for s in steps if self.shows(s, shape))
        seen = set()
        for v in _variants(tuple(scales), ("none", "causal", "shifted", "anti") + self.masks, plain):
            for step in steps:
                node = _node(step, v)
                if node not in seen:
                    seen.add(node)
                    if self.floats(node) is not None:
                        yield node

    # ---------------------------------------------------------------- evaluation

    def floats(self, node: Node) -> np.ndarray | None:
        """The node's value in float64 from the givens, or None when they do not determine it."""
        if node not in self._floats:
            self._floats[node] = self._eval(node, lambda n: self.floats(n), _FLOAT)
        return self._floats[node]

    def author(self, node: Node, printed: dict, memo: dict | None = None) -> tuple[np.ndarray | None, tuple]:
        """The node's value from the author's printed values (``printed``: node -> (line, float
        array)) of its operands, and the lines of the prints used.  The node's own print is not used.
        ``memo`` keeps the operands' values (and the lines they use) between calls with the same
        ``printed``."""
        memo = {} if memo is None else memo
        steps = {p.step for p in printed}

        def value_of(n: Node) -> tuple:
            if n not in memo:
                if n in printed:
                    line, value = printed[n]
                    memo[n] = (value, frozenset((line,)))
                elif not steps & UPSTREAM[n.step]:
                    memo[n] = (self.floats(n), frozenset())    # no print upstream: from the givens
                else:
                    memo[n] = computed(n)
            return memo[n]

        def computed(n: Node) -> tuple:
            used: set[int] = set()

            def operand(m: Node):
                value, lines = value_of(m)
                used.update(lines)
                return value
            return self._eval(n, operand, _FLOAT), frozenset(used)

        value, used = computed(node)
        return value, tuple(sorted(used))

    def band(self, node: Node):
        """Per entry, the (low, high) the node's value can have when each rounded given lies anywhere
        within its printing (interval arithmetic, rounded outward); None when no given is rounded."""
        if not self.places:
            return None
        value = self._eval(node, self.band_of, _INTERVAL)
        return None if value is None else [[None if x is None else (x.a, x.b) for x in r] for r in value]

    def band_of(self, node: Node):
        if node.step in self.givens:
            return _INTERVAL.given(self.givens[node.step], self.places.get(node.step))
        return self._eval(node, self.band_of, _INTERVAL)

    def exact(self, node: Node):
        """The node's exact value (a SymPy matrix), or None."""
        if node not in self._exact:
            self._exact[node] = self._eval(node, self.exact, _EXACT)
        return self._exact[node]

    def _eval(self, node: Node, operand, ops):
        step = node.step
        if step in self.givens:
            return ops.given(self.givens[step])
        if step in ("Q", "K", "V", "X", "W_Q", "W_K", "W_V"):
            src = self.source(step)
            if src == "projected":
                return ops.matmul(operand(Node("X")), operand(Node(f"W_{step}")))
            if src == "same-as-X":
                return operand(Node("X"))
            return None
        args = [operand(p) for p in node.parents()]
        if any(a is None for a in args):
            return None
        guard.tick()
        v = node.variant
        if step == "KT":
            return ops.transpose(args[0])
        if step == "scores":
            q, kt = args
            if v.order == "k":
                return ops.matmul(q, ops.transpose(kt)) if ops.shape(q)[1] == ops.shape(kt)[1] and \
                    ops.shape(kt)[0] == ops.shape(kt)[1] else None
            return ops.matmul(ops.transpose(kt), ops.transpose(q)) if v.order == "kq" else ops.matmul(q, kt)
        if step == "scaled":
            div = self.divisors.get(v.scale)
            return None if div is None else ops.divide(args[0], div)
        if step == "masked":
            if v.mask == "none":
                return args[0]
            rows, cols = ops.shape(args[0])
            if v.mask in MASKS and rows != cols:
                return None
            if v.mask not in MASKS and v.mask.count("/") + 1 != rows or \
                    v.mask not in MASKS and len(v.mask.split(":", 1)[1].split("/")[0]) != cols:
                return None   # a printed pattern fits only its own shape
            return ops.mask(args[0], sees(v.mask))
        if step == "exp":
            return ops.exp(args[0], v.base)
        if step == "weights":
            return ops.normalise(args[0], v.axis, v.base)
        if step == "output":
            return ops.matmul(*args)
        raise KeyError(step)


class _Float:
    """The steps on float64 arrays."""

    @staticmethod
    def given(m):
        return np.array([[float(x) for x in m.row(i)] for i in range(m.rows)], dtype=float)

    @staticmethod
    def shape(a):
        return a.shape

    @staticmethod
    def transpose(a):
        return a.T.copy()

    @staticmethod
    def matmul(a, b):
        if a is None or b is None or a.shape[1] != b.shape[0]:
            return None
        with np.errstate(all="ignore"):
            return a @ b

    @staticmethod
    def divide(a, div):
        with np.errstate(all="ignore"):
            return a / float(div)

    @staticmethod
    def mask(a, sees):
        out = a.copy()
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                if not sees(i, j):
                    out[i, j] = -np.inf
        return out

    @staticmethod
    def exp(a, base="e"):
        with np.errstate(all="ignore"):
            return np.exp(a) if base == "e" else np.power(float(base), a)

    @staticmethod
    def normalise(a, axis, base="e"):
        m = a if axis == "rows" else a.T
        if not np.all(np.isfinite(m).any(axis=1)):
            return None
        out = normalised_exp(m, base)
        return out if axis == "rows" else out.T.copy()


class _Interval:
    """The same steps on intervals (mpmath.iv), for the band rounded givens leave open; a masked entry
    is None."""

    @staticmethod
    def given(m, places=None):
        iv = mpmath.iv
        h = half_unit(places)
        return [[iv.mpf([mpmath.mpf(x.p) / x.q - h, mpmath.mpf(x.p) / x.q + h]) if x.is_Rational else None
                 for x in m.row(i)] for i in range(m.rows)]

    @staticmethod
    def shape(a):
        return len(a), len(a[0])

    @staticmethod
    def transpose(a):
        return [list(r) for r in zip(*a)]

    @staticmethod
    def matmul(a, b):
        if a is None or b is None or len(a[0]) != len(b) or any(x is None for r in a + b for x in r):
            return None
        return [[sum((a[i][t] * b[t][j] for t in range(len(b))), mpmath.iv.mpf(0)) for j in range(len(b[0]))]
                for i in range(len(a))]

    @staticmethod
    def divide(a, div):
        d = mpmath.iv.mpf(str(sp.N(div, 30)))
        return [[None if x is None else x / d for x in r] for r in a]

    @staticmethod
    def mask(a, sees):
        return [[x if sees(i, j) else None for j, x in enumerate(r)] for i, r in enumerate(a)]

    @staticmethod
    def exp(a, base="e"):
        if base != "e":
            return None
        return [[mpmath.iv.mpf(0) if x is None else mpmath.iv.exp(x) for x in r] for r in a]

    @staticmethod
    def normalise(a, axis, base="e"):
        if base != "e":
            return None
        m = a if axis == "rows" else [list(r) for r in zip(*a)]
        out = []
        for row in m:
            # w_i = 1 / (1 + Σ_{j≠i} e^(x_j − x_i)): each entry once against the others (tighter bands)
            out.append([mpmath.iv.mpf(0) if x is None else
                        1 / (1 + sum((mpmath.iv.exp(y - x) for k, y in enumerate(row) if k != i and y is not None),
                                     mpmath.iv.mpf(0))) for i, x in enumerate(row)])
        return out if axis == "rows" else [list(r) for r in zip(*out)]


class _Exact:
    """The same steps on SymPy matrices."""

    @staticmethod
    def given(m):
        return m

    @staticmethod
    def shape(a):
        return a.shape

    @staticmethod
    def transpose(a):
        return sp.ImmutableMatrix(a.T)

    @staticmethod
    def matmul(a, b):
        if a is None or b is None or a.cols != b.rows:
            return None
        guard.check_size(a.rows, b.cols, a.cols)
        return memo.times(a, b)

    @staticmethod
    def divide(a, div):
        return sp.ImmutableMatrix(a / div)

    @staticmethod
    def mask(a, sees):
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: a[i, j] if sees(i, j) else -sp.oo)

    @staticmethod
    def exp(a, base="e"):
        power = sp.exp if base == "e" else (lambda x: sp.Rational(base) ** x)
        return sp.ImmutableMatrix(a.applyfunc(lambda x: sp.Integer(0) if x == -sp.oo else power(x)))

    @staticmethod
    def normalise(a, axis, base="e"):
        m = a if axis == "rows" else a.T
        power = None if base == "e" else (lambda x: sp.Rational(base) ** x)
        rows = [softmax(list(m.row(i)), power) for i in range(m.rows)]
        if any(r is None for r in rows):
            return None
        out = sp.ImmutableMatrix(rows)
        return out if axis == "rows" else sp.ImmutableMatrix(out.T)


_FLOAT, _EXACT, _INTERVAL = _Float(), _Exact(), _Interval()
