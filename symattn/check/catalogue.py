r"""The catalogue: every quantity an article's inputs determine, in every view, and the binding of a
printed block to the one that its values match.

Input: the article's inputs as :class:`~symattn.check.quantities.Quantities`, the conventions to
consider, and a printed block (:class:`~symattn.check.read.Block`).
Output: a :class:`Binding` (the candidate that explains the block, how many of its entries agree, the
exact value in the block's shape) or None, with the competing candidates when several explain it.

A candidate is a quantity (a family such as ``scores`` under a convention), a view of it (the whole,
one row, one column, one entry) and an orientation (as printed, or transposed).
Candidates are scored on floats (every family evaluated once per convention in float64, by
:meth:`.quantities.Quantities.floats`); the exact SymPy value is computed only for the candidate
that binds, and judged by :mod:`.judge`.

The rule, the same for every block: a block binds when one candidate explains (agrees with, at the
printed precision: a truncated entry is a diagnosis once bound, not evidence) at least two thirds of
its entries that are not zero in the candidate (a zero agrees with every zero), and at least two of
them; all of them, for up to three such entries, or for an input or its transpose, which are data
(a block partly like them is no evidence of them); and explains clearly more than any candidate
with other values.  A label is evidence only where the values leave a tie.  (The binder, :mod:`.bind`,
accepts a binding in which some entries disagree only when the block's label names that quantity.)

>>> import sympy as sp
>>> from symattn.check.read import read_blocks
>>> from symattn.check.document import Document
>>> from symattn.check.quantities import CONVENTIONS
>>> q = Quantities({"Q": sp.ImmutableMatrix([[1, 0], [0, 2]]), "K": sp.ImmutableMatrix([[1, 2], [3, 1]])}, None)
>>> block = read_blocks(Document.of("[[3, 2]]"))[0]     # QKᵀ = [[1, 3], [4, 2]]: its second column, as a row
>>> b = Catalogue(q, [c for c in CONVENTIONS if c.mask == "none"]).bind(block)
>>> (b.family, b.view, b.agreeing, b.total, b.exact)
('scores', View(kind='col', index=1, transposed=True), 2, 2, Matrix([[3, 2]]))
"""

from __future__ import annotations

from dataclasses import dataclass
import numpy as np
import sympy as sp

from . import guard
from .judge import screen
from .quantities import CONVENTIONS, Conv, FAMILIES, Quantities, _key

__all__ = ["View", "Binding", "Catalogue"]

#: what the catalogue offers, in the pipeline's order (a tie between equal values goes to the earliest)
INPUTS = ("X", "W_Q", "W_K", "W_V", "Q", "K", "V")
ORDER = INPUTS + tuple(f for f in FAMILIES if f not in ("Q", "K", "V"))


@dataclass(frozen=True)
class View:
    """Which part of a quantity a block prints: ``whole``, ``row`` i, ``col`` j, the ``first`` t rows
    or one ``entry`` (i, j); ``transposed`` when it is printed the other way round.  (Binding by value
    offers neither the first t rows, to which a block whose last rows were not read would bind, nor
    single entries: one number alone matches some entry of something.)"""

    kind: str = "whole"
    index: object = None
    transposed: bool = False

    def take(self, m):
        """This view of ``m`` (a numpy array or a SymPy matrix), in the block's orientation."""
        if self.kind == "row":
            part = m[self.index:self.index + 1, :]
        elif self.kind == "col":
            part = m[:, self.index:self.index + 1]
        elif self.kind == "first":
            part = m[:self.index, :]
        elif self.kind == "entry":
            i, j = self.index
            part = m[i:i + 1, j:j + 1]
        else:
            part = m
        return part.T if self.transposed else part


@dataclass(frozen=True)
class Binding:
    family: str
    conv: Conv
    view: View
    agreeing: int        # entries that agree (or were cut) by the float screen
    total: int
    exact: sp.ImmutableMatrix   # the candidate's exact value in the block's shape
    rivals: tuple = ()   # (family, conv, view) of other candidates with the same values

    @property
    def share(self) -> float:
        return self.agreeing / self.total


def _views(rows: int, cols: int, shape: tuple[int, int]):
    """Every view of a quantity of ``shape`` that has the block's shape (rows × cols)."""
    r, c = shape
    for t in (False, True):
        br, bc = (cols, rows) if t else (rows, cols)   # the view's shape before it is turned
        if (br, bc) == (r, c):
            yield View("whole", None, t)
        if br == 1 and bc == c and r > 1:
            yield from (View("row", i, t) for i in range(r))
        if bc == 1 and br == r and c > 1:
            yield from (View("col", j, t) for j in range(c))


class Catalogue:
    """The quantities of one set of inputs, each family evaluated once per convention that it uses."""

    def __init__(self, quantities: Quantities, convs, families=ORDER):
        self.q, self.convs, self.families = quantities, list(convs), list(families)
        self._floats: dict[tuple, np.ndarray | None] = {}

    def quantities(self):
        """(family, conv, floats) of every quantity the inputs determine, each value once per key."""
        seen = set()
        for fam in self.families:
            for conv in self.convs if fam in FAMILIES else [CONVENTIONS[0]]:
                if fam == "masked" and conv.mask == "none":
                    continue   # (without a mask, the masked scores are the scaled scores)
                key = _key(fam, conv)
                if key in seen:
                    continue
                seen.add(key)
                if key not in self._floats:
                    # in floats from the start (Quantities.floats): no exact value until one binds
                    self._floats[key] = self.q.floats(fam, conv)
                if self._floats[key] is not None:
                    yield fam, conv, self._floats[key]

    def candidates(self, block):
        """(family, conv, view, the view's floats) for every view in the block's shape."""
        rows, cols = block.shape
        for fam, conv, arr in self.quantities():
            guard.tick()
            for view in _views(rows, cols, arr.shape):
                yield fam, conv, view, view.take(arr)

    def bind(self, block, prefer=None) -> Binding | None:
        """The candidate that explains the block (see the module's rule); None when none does, or when
        candidates with other values explain it as well (``prefer``, a family named by the block's
        label, then settles the tie)."""
        if block.shape[0] * block.shape[1] < 2:
            return None   # one number alone matches some entry of something: no evidence of what it is
        scored = []
        total = block.shape[0] * block.shape[1]
        for fam, conv, view, arr in self.candidates(block):
            hits = screen(block.rows, arr)
            # a zero agrees with every zero (a masked entry, a one-hot input, a matrix of zeros): the
            # share that counts is that of the entries that are not zero in the candidate
            informative = int(np.count_nonzero(arr))
            zeros = total - informative
            if informative < 2 or hits - zeros < 2:
                continue
            data = fam in self.q.inputs or (fam == "KT" and "K" in self.q.inputs)
            # an input (or its transpose) is data, not a result: a block partly like it is no
            # evidence of it
            need = informative if data or informative <= 3 else -(-2 * informative // 3)
            if hits - zeros >= need:
                scored.append((hits, fam, conv, view, arr))
        if not scored:
            return None
        top = max(s[0] for s in scored)
        best = [s for s in scored if s[0] == top]
        # candidates whose values are the same explain the block the same way: one group
        lead = min(best, key=lambda s: (s[1] != prefer, ORDER.index(s[1]), s[3].kind != "whole"))
        same = [s for s in scored if s[4].shape == lead[4].shape and np.allclose(s[4], lead[4], rtol=1e-12, atol=1e-15)]
        others = [s for s in scored if not any(s is t for t in same)]
        if others:
            second = max(s[0] for s in others)
            # clearly better: more entries agree than with any candidate of other values, or the label
            # names the leader and no other candidate of that name competes
            if second >= top and not (prefer and lead[1] == prefer
                                      and not any(s[1] == prefer for s in others if s[0] == top)):
                return None
        fam, conv, view = lead[1], lead[2], lead[3]
        exact = self.q.value(fam, conv)
        exact = sp.ImmutableMatrix(view.take(sp.Matrix(exact)))
        return Binding(fam, conv, view, top, total, exact,
                       tuple((s[1], s[2], s[3]) for s in same if s is not lead))

