"""What ALiBi and sliding windows share: a term added to the scaled scores, then softmax and A V.

    Z = S~ + B          B holds finite biases (ALiBi) and -oo where a key is hidden (a mask)
    A = softmax(Z)      by rows; e^{-oo} = 0, so hidden weights are exactly 0
    O = A V

A finite bias enters the exponents; a -oo entry removes its key from the row.  So the exact
softmax is the canonical one (softmax.py) of S~ + (the finite part of B) over the visible keys:
``pipeline.masked_softmax_rows`` with the -oo pattern of B as its mask.
"""

from __future__ import annotations

import sympy as sp

from .. import nodes
from ..model import Step, Text
from ..numeric import evaluate
from ..pipeline import NEG_INF, MaskedRow, Resolved, masked_softmax_rows
from ..softmax import ExpSum, ratio
from ._display import Dims, Plus, ShapeChain, say

__all__ = ["Approx", "Word", "AbsDiff", "Fixed", "decimals", "split", "attend", "added_step", "weights_step",
           "output_step", "entry"]


def _basic(x) -> sp.Basic:
    """A whole number as a SymPy Integer; a SymPy object as it is (never text: no sympify)."""
    return sp.Integer(x) if isinstance(x, int) else x


class _Printed(sp.Basic):
    """A display node that prints itself: ``_form(p, latex)`` for the LaTeX and the plain-text printers."""

    def _symattn_latex(self, p):
        return self._form(p, True)

    def _symattn_text(self, p):
        return self._form(p, False)

    _symattn_unicode = _symattn_text  # the hook name of render/unicode.py's printer

    def _form(self, p, latex: bool) -> str:
        raise NotImplementedError


class Approx(_Printed):
    """``x ≈ y``: an exact value and its decimals."""

    def _form(self, p, latex):
        return (r" \approx " if latex else " ≈ ").join(p._print(a) for a in self.args)


class Word(_Printed):
    """A token inside a formula, set as text (``\\text{我}``)."""

    def __new__(cls, token: str):
        return super().__new__(cls, sp.Symbol(token))

    def _form(self, p, latex):
        from ..printing import text_label
        return text_label(self.args[0].name) if latex else self.args[0].name


class AbsDiff(_Printed):
    """``|i - j|``, or ``-|i - j|`` with ``negative``, in this order (Abs of an Add would print -1 + 3)."""

    def __new__(cls, i, j, negative: bool = False):
        return super().__new__(cls, _basic(i), _basic(j), sp.true if negative else sp.false)

    def _form(self, p, latex):
        a, b = (p._print(x) for x in self.args[:2])
        body = r"\left|%s - %s\right|" % (a, b) if latex else f"|{a} - {b}|"
        return "-" + body if self.args[2] else body


class Fixed(sp.Expr):
    """A number printed with a fixed count of decimals (``1.0000``), as in the tables."""

    def __new__(cls, text: str):
        return super().__new__(cls, sp.Symbol(text))

    def _symattn_latex(self, p):
        return self.args[0].name

    _symattn_text = _symattn_unicode = _symattn_latex


def decimals(x, digits: int):
    """The decimals of an exact number or matrix, half-up, ``digits`` places (mpmath, never float)."""
    from ..numeric import fixed
    m = x if isinstance(x, sp.MatrixBase) else sp.ImmutableMatrix([[x]])
    values = evaluate(sp.ImmutableMatrix(m), digits)
    out = sp.ImmutableMatrix(m.rows, m.cols, lambda i, j: Fixed(fixed(values[i][j], digits)))
    return out if isinstance(x, sp.MatrixBase) else out[0, 0]


def split(B: sp.MatrixBase) -> tuple[sp.ImmutableMatrix, sp.ImmutableMatrix]:
    """B as (finite part, mask): -oo entries go to the mask (0 elsewhere), the rest stay.

    >>> split(sp.Matrix([[0, -sp.oo], [-1, 0]]))
    (Matrix([
    [ 0, 0],
    [-1, 0]]), Matrix([
    [0, -oo],
    [0,   0]]))
    """
    finite = sp.ImmutableMatrix(B.rows, B.cols, lambda i, j: sp.S.Zero if B[i, j] == NEG_INF else B[i, j])
    mask = sp.ImmutableMatrix(B.rows, B.cols, lambda i, j: NEG_INF if B[i, j] == NEG_INF else sp.S.Zero)
    return finite, mask


def attend(Q, K, V, B, d_k=None) -> tuple[list[MaskedRow], sp.ImmutableMatrix, sp.ImmutableMatrix]:
    """Exact rows, A and O of softmax(Q K^T / sqrt(d_k) + B) V; ``d_k`` defaults to the width of K.

    >>> rows, A, O = attend(sp.eye(2), sp.eye(2), sp.Matrix([[1], [3]]), sp.Matrix([[0, -sp.oo], [-1, 0]]), 1)
    >>> A.row(1), O[0, 0]
    (Matrix([[1/(1 + exp(2)), exp(2)/(1 + exp(2))]]), 1)
    """
    d_k = sp.Integer(K.cols) if d_k is None else _basic(d_k)
    root = sp.sqrt(d_k)
    scaled = (Q * K.T).applyfunc(lambda e: sp.expand(e / root))
    finite, mask = split(B)
    rows = masked_softmax_rows(scaled + finite, mask)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(len(rows), V.cols, lambda i, k: rows[i].combine(list(V.col(k))))
    return rows, A, O


def entry(name: str, i: int, j: int | None = None):
    """``x_{ij}`` of a named matrix (0-based indices, printed 1-based)."""
    return nodes.Entry(sp.Symbol(name), i) if j is None else nodes.Entry(sp.Symbol(name), i, j)


def added_step(step_id: str, title: Text, scaled_lhs, B_name: str, scaled, B, tokens, digits, i, j,
               notes=()) -> tuple[Step, sp.ImmutableMatrix]:
    """Z = S~ + B, entry (i, j) written out."""
    L = len(tokens)
    Z = sp.ImmutableMatrix(L, L, lambda r, c: scaled[r, c] + B[r, c])
    Zs = sp.MatrixSymbol("Z", L, L)
    chain = (entry("z", i, j), Plus(nodes.Entry(nodes.Tilde(sp.Symbol("s")), i, j), entry(B_name.lower(), i, j)),
             Plus(scaled[i, j], _bracket(B[i, j])), Z[i, j])
    return Step(
        id=step_id, title=title, lhs=Zs, formula=Plus(scaled_lhs, sp.MatrixSymbol(B_name, L, L)),
        substituted=Plus(scaled, B), expanded=chain, exact=Z, numeric=evaluate(Z, digits),
        row_labels=tokens, col_labels=tokens,
        notes=(say("维度：{}，与打分矩阵相同。任何有限数加上 {} 仍是 {}。",
                   "Shape: {}, like the scores. A finite number plus {} is {}.",
                   Dims(L, L), NEG_INF, NEG_INF),) + tuple(notes)), Z


def _bracket(x):
    """A negative number after ``+`` in parentheses: 1/2 + (-1)."""
    return nodes.Times(x) if x.is_number and x.is_negative else x


def weights_step(rows: list[MaskedRow], Z, B_name: str, scaled_lhs, tokens, digits, i: int,
                 notes=()) -> Step:
    """A = softmax(Z) by rows, one entry of row i written out: over the whole row, over the
    visible keys, shifted to non-negative exponents, exact."""
    L = len(tokens)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    row = rows[i]
    j = row.visible[0]
    chain = [entry("a", i, j), nodes.ExpRatio(Z[i, j], tuple(Z.row(i)))]
    if len(row.visible) < L:
        chain.append(nodes.ExpRatio(Z[i, j], tuple(Z[i, k] for k in row.visible)))
    if row.row.shift != 0:
        chain.append(nodes.ExpRatio(row.row.exponents[0], row.row.exponents))
    chain.append(A[i, j])
    # the numerators of a canonical row add up to its denominator: exact, without simplify()
    sums = all(ratio(ExpSum.collect((x, 1) for x in r.row.exponents), r.row.denominator) == 1 for r in rows)
    base = [say("{}：分母只剩可见位置的指数项，被遮住的权重恰好是 {}。",
                "{}: only the visible keys remain in the denominator, and every hidden weight is exactly {}.",
                sp.Eq(sp.Pow(sp.E, NEG_INF, evaluate=False), 0, evaluate=False), 0)] \
        if any(len(r.visible) < L for r in rows) else []
    if sums:
        base.append(say("每一行的精确和都是 {}。", "Every row sums to exactly {}.", 1))
    return Step(
        id="weights", title=say("按行 softmax：注意力权重 {}", "Row softmax: attention weights {}",
                                sp.MatrixSymbol("A", L, L)),
        lhs=sp.MatrixSymbol("A", L, L),
        formula=nodes.RowSoftmax(Plus(scaled_lhs, sp.MatrixSymbol(B_name, L, L))),
        substituted=nodes.RowSoftmax(Z), expanded=tuple(chain), exact=A, numeric=evaluate(A, digits),
        row_labels=tokens, col_labels=tokens, notes=tuple(base) + tuple(notes))


def output_step(r: Resolved, rows: list[MaskedRow], A, digits) -> Step:
    """O = A V; the row written out is the one that sees the most keys."""
    tokens, L = r.tokens, len(r.tokens)
    O = sp.ImmutableMatrix(L, r.V.cols, lambda i, k: rows[i].combine(list(r.V.col(k))))
    oi = max(range(L), key=lambda i: (len(rows[i].visible), -i))
    Os, As, Vs = sp.MatrixSymbol("O", *O.shape), sp.MatrixSymbol("A", L, L), sp.MatrixSymbol("V", *r.V.shape)
    notes = [say("权重为 {} 的键，其 {} 行完全不参与求和。", "A key of weight {} adds nothing: its row of {} takes no part.",
                 0, Vs)]
    if not r.symbolic_v:
        notes.append(say("维度：{}：{}", "Shape of {}: {}", As * Vs, ShapeChain((L, L), r.V.shape, O.shape)))
    return Step(
        id="output", title=say("加权求和：输出 {}", "Weighted sum: output {}", sp.Eq(Os, As * Vs, evaluate=False)),
        lhs=Os, formula=As * Vs, substituted=sp.MatMul(A, r.V, evaluate=False),
        expanded=(entry("o", oi, 0), nodes.Dot(*[(A[oi, j], r.V[j, 0]) for j in range(L)]), O[oi, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens, notes=tuple(notes))
