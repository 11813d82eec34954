"""One-line Unicode maths for plain text: ``√d_k``, ``Kᵀ``, ``e^(1/2)/(e^(1/2) + 2)``.

The text renderer's printer, as :class:`symattn.printing.Printer` is the LaTeX renderers'.  It
dispatches ``_print_<ClassName>`` like SymPy's ``StrPrinter``; a display node of
:mod:`symattn.nodes` gets one method here and one there.

>>> half = sp.Rational(1, 2)
>>> unicode(sp.exp(half) / (sp.exp(half) + 2)), unicode(sp.sqrt(sp.Symbol("d_k")))
('e^(1/2)/(e^(1/2) + 2)', '√d_k')
>>> Q, K = sp.MatrixSymbol("Q", 3, 4), sp.MatrixSymbol("K", 3, 4)
>>> unicode(Q * K.T), unicode(sp.Transpose(Q * K.T))
('Q Kᵀ', '(Q Kᵀ)ᵀ')
"""

from __future__ import annotations

import sympy as sp
from sympy.printing.precedence import PRECEDENCE, precedence
from sympy.printing.pretty.pretty_symbology import greek_unicode
from sympy.printing.str import StrPrinter

__all__ = ["UnicodePrinter", "unicode"]


class UnicodePrinter(StrPrinter):
    """SymPy's ``str`` form, written the way a person types maths in plain text."""

    printmethod = "_symattn_unicode"
    _default_settings = dict(StrPrinter._default_settings, full_prec=False,  # 0.5, not 0.500000000000000
                             names={})  # a spec's [notation]: symbol -> the name as plain text

    def _wrap(self, expr) -> str:
        """``expr`` as an operand of ^, √ or /: bare when it is one atom, else in parentheses."""
        text = self._print(expr)
        simple = (expr.is_Atom or isinstance(expr, (sp.MatrixSymbol, sp.Transpose))) \
            and not (expr.is_Rational and not expr.is_Integer) and not (expr.is_Number and expr < 0)
        return text if simple else f"({text})"

    # --- numbers, powers and products ------------------------------------------------
    def _print_Exp1(self, expr):
        return "e"

    def _print_exp(self, expr):
        return "e^" + self._wrap(expr.args[0])

    def _print_Pow(self, expr, rational=False):
        base, e = expr.args
        if e.is_Rational and e.is_negative:
            return "1/" + self._wrap(base if e == -1 else sp.Pow(base, -e, evaluate=False))
        if e == sp.S.Half:
            return "√" + self._wrap(base)
        return self._wrap(base) + "^" + self._wrap(e)

    def _print_Mul(self, expr):
        if not expr.is_commutative:
            return super()._print_Mul(expr)
        if expr.could_extract_minus_sign():
            return "-" + self._print(-expr)
        num, den = sp.fraction(expr, exact=True)
        factors = sp.Mul.make_args(num)
        top = "·".join(self.parenthesize(f, PRECEDENCE["Mul"], strict=False) for f in factors)
        if den == 1:
            return top
        if isinstance(num, sp.Add):
            top = f"({top})"
        return f"{top}/{self._wrap(den)}"

    # --- symbols and matrices ----------------------------------------------------------
    def _print_Symbol(self, expr):
        return greek_unicode.get(expr.name, expr.name)

    def _print_MatrixSymbol(self, expr):
        return self._settings["names"].get(str(expr.name)) or super()._print_MatrixSymbol(expr)

    def _print_Transpose(self, expr):
        return self._wrap(expr.arg) + "ᵀ"

    def _print_MatMul(self, expr):
        if expr.args[0].is_Number:
            return super()._print_MatMul(expr)
        return " ".join(self.parenthesize(a, precedence(expr), strict=False) for a in expr.args)

    def _print_MatrixBase(self, expr):
        return "[" + "; ".join(", ".join(self._print(x) for x in expr.row(i)) for i in range(expr.rows)) + "]"

    _print_ImmutableDenseMatrix = _print_MatrixBase
    _print_MutableDenseMatrix = _print_MatrixBase

    # --- display nodes (symattn.nodes) -------------------------------------------------
    def _print_Named(self, expr):
        return self._settings["names"].get(expr.plain_name) or expr.plain_name

    def _print_Dot(self, expr):
        return " + ".join(f"{self._wrap(a)}·{self._wrap(b)}" for a, b in expr.pairs)

    def _print_ExpRatio(self, expr):
        top, bottom = expr.args
        return "e^%s/(%s)" % (self._wrap(top), " + ".join("e^" + self._wrap(b) for b in bottom))

    def _print_RowSoftmax(self, expr):
        return f"softmax({self._print(expr.args[0])})"

    def _print_ScaledBy(self, expr):
        arg, d = expr.args
        return f"{self._wrap(arg)}/√{self._wrap(d)}"

    def _print_Shifted(self, expr):
        arg, m = expr.args
        return f"{self._print(arg)} - {self._wrap(m)}"


def unicode(expr, **settings) -> str:
    """One SymPy object (or display node) as one line of Unicode."""
    return UnicodePrinter(settings).doprint(expr)
