"""Display nodes and note helpers of the decoding topics (kv_cache, cross_attention, mla): shapes,
stacked caches, sums and equations kept in their written order.  Each node prints itself in both
printers (``_symattn_latex``; ``_symattn_unicode`` for plain text), so no topic writes LaTeX by hand.
"""

from __future__ import annotations

import sympy as sp

from ..nodes import _SelfPrinted
from ..pipeline import option_matrix as pipeline_option_matrix

__all__ = ["Dims", "ShapeChain", "Stacked", "Plus", "InOrder", "BigO", "Equals", "decimal", "say", "row", "number",
           "option_matrix"]


class _Printed(_SelfPrinted):
    """Prints itself through both printers' hooks (see :class:`symattn.nodes._SelfPrinted`)."""

    __new__ = sp.Basic.__new__   # its arguments are stored as given


class Dims(_Printed):
    r"""``r × c``, the shape of one matrix.

    >>> from symattn.printing import Printer
    >>> Printer().doprint(Dims(3, 4))
    '3 \\times 4'
    """

    def __new__(cls, rows, cols):
        return super().__new__(cls, number(rows), number(cols))

    def _form(self, p, latex):
        return (r" \times " if latex else "×").join(p._print(a) for a in self.args)


class ShapeChain(_Printed):
    """``(a × b)(b × c) = a × c``: the shapes of a product's factors, then of its result."""

    def __new__(cls, *shapes):
        return super().__new__(cls, *(Dims(*s) for s in shapes))

    def _form(self, p, latex):
        *factors, result = self.args
        wrap = r"\left(%s\right)" if latex else "(%s)"
        return "".join(wrap % p._print(f) for f in factors) + " = " + p._print(result)


class Stacked(_Printed):
    """Blocks stacked into one column, ``[K_{1:t-1}; k_t]``: what a cache holds after an append."""

    def _form(self, p, latex):
        if latex:
            return r"\begin{bmatrix} %s \end{bmatrix}" % r" \\ ".join(p._print(a) for a in self.args)
        return "[%s]" % "; ".join(p._print(a) for a in self.args)


class _Joined(_Printed):
    _op = ""

    def _form(self, p, latex):
        return self._op.join(p._print(a) for a in self.args)


class Plus(_Joined):
    """``a + b`` in this order (MatAdd would sort its terms): scaled scores plus a mask."""

    _op = " + "


class InOrder(sp.Expr):
    r"""``a + b + …`` in this order, as an Expr so that a matrix may hold it and a product
    parenthesises it: ``2 (4 + 2)`` for n_h (d_h + d_v) at d_h = 4, d_v = 2 (an Add would sort to 2 + 4).

    >>> from symattn.printing import Printer
    >>> print(Printer().doprint(sp.Mul(2, InOrder(4, 2), evaluate=False)))
    2 \left(4 + 2\right)
    """

    from sympy.printing.precedence import PRECEDENCE as _P
    precedence = _P["Add"]
    is_commutative = True

    def __new__(cls, *terms):
        return super().__new__(cls, *(number(t) for t in terms))

    def _symattn_latex(self, p):
        return " + ".join(p._print(a) for a in self.args)

    _symattn_unicode = _symattn_latex


class BigO(_Printed):
    r"""``O(L w d)``: a cost, its factors in the written order.

    >>> from symattn.printing import Printer
    >>> print(Printer().doprint(BigO(sp.Symbol("L") ** 2, sp.Symbol("d"))))
    O\left(L^{2} d\right)
    """

    def _form(self, p, latex):
        wrap = r"\left(%s\right)" if latex else "(%s)"
        body = " ".join(wrap % p._print(a) if isinstance(a, sp.Add) else p._print(a) for a in self.args)
        return "O" + wrap % body


class Equals(_Joined):
    """``a = b = …`` inside a sentence."""

    _op = " = "


def number(x) -> sp.Basic:
    """A Python int as a SymPy Integer; a SymPy object as it is (never text: no sympify)."""
    if isinstance(x, bool) or not isinstance(x, (int, sp.Basic)):
        raise TypeError(f"expected an int or a SymPy object, got {type(x).__name__}")
    return sp.Integer(x) if isinstance(x, int) else x


def decimal(r) -> sp.Basic:
    r"""A rational with a finite decimal as those digits, exactly (5/4 -> 1.25); any other as it is.

    >>> from symattn.printing import Printer
    >>> Printer().doprint(decimal(sp.Rational(5, 4))), Printer().doprint(decimal(sp.Rational(1, 3)))
    ('1.25', '\\frac{1}{3}')
    """
    r = sp.Rational(r)
    q, twos, fives = r.q, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1 or r.q == 1:
        return r
    places = max(twos, fives)
    from ..numeric import fixed
    from ..nodes import Named
    text = fixed(sp.Float(r, places + 20), places)
    return Named(text, text)


def say(zh: str, en: str, *formulas):
    """A note in both languages: each ``{}`` of a template is the next formula (a SymPy object or a
    display node), printed by each renderer's own printer; both templates take them in one order.

    >>> say("形状 {}", "shape {}", Dims(2, 3)).en.pieces[0]
    'shape '
    """
    from ..markup import Text as Markup
    from ..model import Text
    return Text(Markup.format(zh, *formulas), Markup.format(en, *formulas))


def row(values) -> sp.ImmutableMatrix:
    """A 1 x n matrix of these values."""
    return sp.ImmutableMatrix([list(values)])


option_matrix = pipeline_option_matrix   # one reader of [options] matrices, in symattn.pipeline
