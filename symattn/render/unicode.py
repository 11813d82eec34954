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

from .. import nodes
from ..printing import TermOrder, _negative_product

__all__ = ["UnicodePrinter", "unicode"]


#: Greek letters, and ℓ (the running sum of the online softmax), as a person types them
_LETTERS = {**greek_unicode, "ell": "ℓ"}


class UnicodePrinter(TermOrder, StrPrinter):
    """SymPy's ``str`` form, written the way a person types maths in plain text."""

    printmethod = "_symattn_unicode"
    _default_settings = dict(StrPrinter._default_settings, full_prec=False,  # 0.5, not 0.500000000000000
                             names={},  # a spec's [notation]: symbol -> the name as plain text
                             token_order=())  # sums in the LaTeX printer's order: e^(1/2) + 2

    def _wrap(self, expr) -> str:
        """``expr`` as an operand of ^, √ or /: bare when it is one atom, else in parentheses."""
        text = self._print(expr)
        simple = (expr.is_Atom or isinstance(expr, (sp.MatrixSymbol, sp.Transpose))) \
            and not (expr.is_Rational and not expr.is_Integer) and not (expr.is_Number and expr < 0)
        return text if simple else f"({text})"

    # --- numbers, powers and products ------------------------------------------------
    def _print_Infinity(self, expr):
        return "∞"

    def _print_NegativeInfinity(self, expr):
        return "-∞"

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
        if any(isinstance(f, sp.exp) for f in factors) and all(f.is_Symbol or f.is_Number or isinstance(f, sp.exp)
                                                                for f in factors):
            # e^(1/2)·v_我, as the LaTeX printer writes it
            factors = sorted(factors, key=lambda f: 0 if f.is_Number else 1 if isinstance(f, sp.exp) else 2)
        top = "·".join(self.parenthesize(f, PRECEDENCE["Mul"], strict=False) for f in factors)
        if den == 1:
            return top
        return f"{top}/{self._wrap(den)}"   # (a sum on top is in parentheses already)

    # --- symbols and matrices ----------------------------------------------------------
    def _print_Symbol(self, expr):
        base, sep, sub = expr.name.partition("_")  # theta_1 -> θ_1
        return _LETTERS.get(base, base) + sep + _LETTERS.get(sub, sub)

    def _print_MatrixSymbol(self, expr):
        return self._settings["names"].get(str(expr.name)) or super()._print_MatrixSymbol(expr)

    def _print_Transpose(self, expr):
        return self._transposable(expr.arg) + "ᵀ"

    def _transposable(self, arg) -> str:
        """As in the LaTeX printer: ``Kᵀ``, ``[1, 2]ᵀ``, but ``(Q Kᵀ)ᵀ`` and ``(Kᵀ)ᵀ``."""
        text = self._print(arg)
        return text if nodes.is_simple(arg) else f"({text})"

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
        return f"{self._print(arg)} - {self._factor(m)}"

    def _factor(self, x) -> str:
        """As the LaTeX printer's: a negative number or a sum after a minus sign in parentheses."""
        text = self._print(x)
        return f"({text})" if (x.is_Number and x < 0) or nodes.is_sum(x) or _negative_product(x) else text

    def _print_MaskedBy(self, expr):
        arg, mask = expr.args
        return f"{self._print(arg)} + {self._factor(mask)}"

    def _print_Product(self, expr):
        return " ".join(f"({self._print(a)})" if nodes.is_sum(a) else self._print(a) for a in expr.args)

    def _print_Transposed(self, expr):
        return self._transposable(expr.args[0]) + "ᵀ"

    # --- RoPE and theory formulas: the LaTeX printer's notation, in Unicode -------------------
    def _print_RopeFrequencies(self, expr):
        base, d, n = expr.args
        b = self._print(base) if base.is_Symbol or base.is_Integer and base > 0 else f"({self._print(base)})"
        if n == 1:  # one frequency: the one element
            return f"{b}^(-2(1-1)/{self._print(d)})"
        return f"({b}^(-2(i-1)/{self._print(d)}))_(i=1…{self._print(n)})"

    def _print_RopeAngles(self, expr):
        return "(p_m θ_i)_(m,i)"

    def _print_RopeRotation(self, expr):
        n = self._print(expr.args[0])
        if expr.args[0] == 1:  # one pair: one rotation
            return ("[cos pθ_1, -sin pθ_1; sin pθ_1, cos pθ_1]" if expr.half else
                    "R(pθ_1), R(φ) = [cos φ, -sin φ; sin φ, cos φ]")
        if expr.half:
            return f"[C, -S; S, C], C = diag(cos pθ_1, …, cos pθ_{n}), S = diag(sin pθ_1, …, sin pθ_{n})"
        return f"diag(R(pθ_1), …, R(pθ_{n})), R(φ) = [cos φ, -sin φ; sin φ, cos φ]"

    def _print_RopeRotated(self, expr):
        return f"(R(p_m θ) {self._print(expr.args[0])}_m)_m"

    def _print_RotationIdentity(self, expr):
        t = self._print(expr.args[0])
        return f"R(m{t})ᵀ R(n{t}) - R((n-m){t})"

    def _print_RotatedScoreIdentity(self, expr):
        return ("(R(mθ) q)ᵀ (R(nθ) k) - qᵀ R((n-m)θ) k", "qᵀ (R(mθ)ᵀ R(nθ) - R((n-m)θ)) k",
                "qᵀ 0 k")[expr.stage]

    def _print_RotatedEntry(self, expr):
        x, row, a, b = expr.args
        x = self._print(x)
        return f"{x}_{nodes.index(row, a)} cos(pθ_1) - {x}_{nodes.index(row, b)} sin(pθ_1)"

    def _print_ScoreRotations(self, expr):
        n = self._print(expr.args[0])
        return f"q_1ᵀ R(p_1 θ)ᵀ R(p_{n} θ) k_{n}"

    def _print_ScoreOffset(self, expr):
        return f"q_1ᵀ R({self._print(expr.args[0])}θ) k_{self._print(expr.args[1])}"

    def _print_ScaledRow(self, expr):
        t, values = expr.args
        return f"{self._print(t)}·({', '.join(self._print(v) for v in values)})"

    def _print_SoftmaxJacobian(self, expr):
        a = f"a({self._print(expr.args[0])})" if expr.args else "a"
        return f"diag({a}) - {a} {a}ᵀ"

    def _print_Unscaled(self, expr):
        return f"√d_k s̃_{self._print(expr.args[0])}"

    def _print_PairMoments(self, expr):
        return "(E[q_i q_j] E[k_i k_j])_(i,j)"

    def _print_MeanOfDot(self, expr):
        return "Σ_(i=1…d_k) " + ("0·0" if expr.substituted else "E[q_i] E[k_i]")

    def _print_MomentProduct(self, expr):
        return "E[q_1²] E[k_1²]"

    def _print_VarianceCount(self, expr):
        return "d_k·1 + d_k (d_k - 1)·0"

    def _print_VarianceOfDot(self, expr):
        sums = "Σ_(i=1…d_k) Σ_(j=1…d_k)"
        return sums + (" δ_ij - 0²" if expr.substituted else " E[q_i k_i q_j k_j] - (E[q·k])²")

    def _print_VarianceAndDeviation(self, expr):
        d = self._print(expr.args[0]) if expr.args else "d_k"
        return f"[{d}, √{d}]"

    def _print_ScaledVariance(self, expr):
        return "Var(q·k)/d_k"

    def _print_SampledVariances(self, expr):
        return "[d_k, 1]"

    def _print_HeadSplit(self, expr):
        return "[d, h, d/h]"

    def _print_KvGroups(self, expr):
        return "([j = ⌈i n_kv/n_q⌉])_(i,j)"

    def _print_GqaIdentity(self, expr):
        return "GQA(Q, K, V) - MHA(Q, K R, V R)"

    def _print_KvCacheRatio(self, expr):
        return "(2 N_layers L n_kv d_h b)/(2 N_layers L n_q d_h b)"

    def _print_RankTest(self, expr):
        return f"[rank X, rank [X | {self._print(expr.args[0])}]]"

    def _print_NullSpace(self, expr):
        return "{n : X n = 0}"

    def _print_Approx(self, expr):
        return f"{self._print(expr.args[0])} ≈ {expr.decimals()}"

    # --- the maths of notes and titles ---------------------------------------------------------
    _GLYPHS = {"le": "≤", "ge": "≥", "ne": "≠", "to": "→", "in": "∈", "approx": "≈", "cdot": "·", "times": "×",
               "Tb": "ᵀ",
               "dots": "…", "mid": "|", "partial": "∂", "thin": "", "reals": "ℝ", "E": "E", "T": "ᵀ",
               "theta": "θ", "Theta": "Θ", "Phi": "Φ", "delta": "δ", "cos": "cos", "sin": "sin", "dim": "dim ",
               "rank": "rank", "null": "null", "Var": "Var"}

    def _print_RopeFrequency(self, expr):
        return "b^(-2(i-1)/d)"

    def _print_Glyph(self, expr):
        return self._GLYPHS[expr.name]

    def _print_Sub(self, expr):
        base, sub, _ = expr.args
        return f"{self._print(base)}_{sub.name if isinstance(sub, sp.Symbol) else self._print(sub)}"

    def _print_Root(self, expr):
        x = expr.args[0]
        if isinstance(x, (sp.Symbol, nodes.Sub, nodes.Glyph)):
            return "√" + (x.name if isinstance(x, sp.Symbol) else self._print(x))
        return "√" + self._wrap(x)

    def _print_Word(self, expr):
        return expr.args[0].name

    def _print_Sci(self, expr):
        mant, exp = expr.args
        return f"{mant.name} × 10^{exp}"


def unicode(expr, **settings) -> str:
    """One SymPy object (or display node) as one line of Unicode."""
    return UnicodePrinter(settings).doprint(expr)
