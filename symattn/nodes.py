"""Small unevaluated SymPy nodes that keep a hand calculation's shape for printing.

Each node is a :class:`sympy.Basic` so that :class:`symattn.printing.Printer`
dispatches on it with ``_print_<ClassName>``, exactly as SymPy's own printers do.
They are display forms only: ``doit()`` gives the value.
"""

from __future__ import annotations

import sympy as sp

__all__ = ["Dot", "ExpRatio", "RowSoftmax", "ScaledBy", "Shifted", "Named"]


class Dot(sp.Basic):
    """``a_1 b_1 + a_2 b_2 + …`` written out term by term.

    >>> Dot((1, 1), (0, 2)).doit()
    1
    """

    def __new__(cls, *pairs):
        return super().__new__(cls, *(sp.Tuple(*p) for p in pairs))

    @property
    def pairs(self):
        return self.args

    def doit(self, **hints):
        return sp.Add(*(a * b for a, b in self.args))


class ExpRatio(sp.Basic):
    """``e^{x} / (e^{y_1} + e^{y_2} + …)``, one softmax entry before grouping.

    >>> ExpRatio(0, (0, 0)).doit()
    1/2
    """

    def __new__(cls, top, bottom):
        return super().__new__(cls, sp.sympify(top), sp.Tuple(*bottom))

    def doit(self, **hints):
        top, bottom = self.args
        return sp.exp(top) / sp.Add(*(sp.exp(b) for b in bottom))


class RowSoftmax(sp.Basic):
    """``softmax(M)`` taken along each row."""

    def __new__(cls, arg):
        return super().__new__(cls, arg)


class ScaledBy(sp.Basic):
    """``M / sqrt(d)`` with the square root kept visible."""

    def __new__(cls, arg, d):
        return super().__new__(cls, arg, sp.sympify(d))


class Shifted(sp.Basic):
    """A row written after subtracting a shift ``m`` from every exponent."""

    def __new__(cls, arg, shift):
        return super().__new__(cls, arg, sp.sympify(shift))


class Named(sp.Basic):
    """A bare LaTeX name such as ``\\text{new}_{我}`` or ``a_{11}`` (display only)."""

    def __new__(cls, latex_name: str, plain_name: str | None = None):
        obj = super().__new__(cls, sp.Symbol(latex_name), sp.Symbol(plain_name or latex_name))
        return obj

    @property
    def latex_name(self) -> str:
        return self.args[0].name

    @property
    def plain_name(self) -> str:
        return self.args[1].name
