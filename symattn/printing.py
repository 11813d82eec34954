"""LaTeX printing: a SymPy ``LatexPrinter`` that writes the way a teacher does.

* matrices as ``bmatrix`` (never ``\\left[\\begin{matrix}``), through SymPy's own ``mat_str`` and
  ``mat_delim`` settings, so ``latex(m, mat_str="pmatrix")`` works as in SymPy;
* a compound transpose in parentheses: ``\\left(Q K^{T}\\right)^{T}``;
* ``e^{1/2}`` with a slash in exponents, optionally upright ``\\mathrm{e}``;
* sums of exponentials largest exponent first, then token order: e^{1/2} + 2;
* token subscripts in text mode: ``v_{\\text{我}}``;
* the display nodes of :mod:`symattn.nodes` via ``_print_<ClassName>``.
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp
from sympy.printing.latex import LatexPrinter
from sympy.printing.precedence import PRECEDENCE

from . import nodes

__all__ = ["Printer", "latex", "text_label"]


def text_label(token: str) -> str:
    r"""A token as LaTeX text: ``\text{我}``; specials are escaped.

    >>> text_label("a_b")
    '\\text{a\\_b}'

    Greek letters become math commands: fonts for text mode (Latin Modern,
    KaTeX's) have no Greek glyphs.

    >>> text_label("θ_1")
    '\\theta\\text{\\_1}'
    """
    out, run = [], []
    for ch in token:
        if ch in _GREEK:
            if run:
                out.append(r"\text{%s}" % "".join(run))
                run = []
            out.append(_GREEK[ch])
        else:
            run.append(_TEXT_ESCAPES.get(ch, ch))
    if run or not out:
        out.append(r"\text{%s}" % "".join(run))
    # "](" would make a Markdown link of [x](javascript:...) even inside $$; TeX ignores the {}
    return "".join(out).replace("](", "]{}(")


_GREEK = {chr(0x3B1 + i): "\\" + name for i, name in enumerate(
    "alpha beta gamma delta varepsilon zeta eta theta iota kappa lambda mu nu xi o pi rho "
    "varsigma sigma tau upsilon varphi chi psi omega".split())}
_GREEK["\u03bf"] = "o"  # omicron: no command, and it looks like o
_GREEK.update({"Γ": r"\Gamma", "Δ": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi",
               "Σ": r"\Sigma", "Υ": r"\Upsilon", "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega"})


_TEXT_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
    "#": r"\#", "%": r"\%", "_": r"\_", "^": r"\^{}", "~": r"\~{}",
}


def _is_word(name: str) -> bool:
    """Letters only, more than one, and not a letter's name (theta, ell) that LaTeX has a sign for."""
    from sympy.printing.latex import greek_letters_set, other_symbols
    return len(name) > 1 and name.isascii() and name.isalpha() and name.lower() not in greek_letters_set \
        and name not in other_symbols and name.lower() not in ("lambda", "lamda")


def _is_ascii(s: str) -> bool:
    return all(ord(ch) < 128 for ch in s)


@lru_cache(maxsize=65536)
def _minus_value(x) -> float:
    """-x as a float, for ordering; a softmax repeats each exponent in every entry."""
    return -float(x.evalf(20))


def _negative_product(x) -> bool:
    """-e^{1/2}/4 as a factor: in parentheses, so that a written-out sum never shows "+ -"."""
    return isinstance(x, sp.Mul) and x.as_coeff_Mul()[0].is_negative is True


class TermOrder:
    """Sums of exponentials largest exponent first, then token order: shared by the LaTeX
    and the Unicode printer, so both write a softmax denominator alike."""

    def _token_rank(self, term) -> int:
        ranks = self.__dict__.setdefault("_ranks", {})  # asked twice per term
        if term not in ranks:
            ranks[term] = self._find_token_rank(term)
        return ranks[term]

    def _find_token_rank(self, term) -> int:
        order = self._settings["token_order"]
        free = term.free_symbols
        if not free:  # a number: no token (the common case, and quick)
            return len(order)
        names = [s.name for s in sorted(free, key=sp.default_sort_key)]
        for i, tok in enumerate(order):
            if any(n.endswith("_" + tok) or n.endswith("_{" + tok + "}") for n in names):
                return i
        return len(order)

    def _term_head(self, term):
        coeff, rest = term.as_coeff_Mul()
        exps = [f for f in sp.Mul.make_args(rest) if isinstance(f, sp.exp)]
        x = exps[0].args[0] if exps else sp.S.Zero
        xval = _minus_value(x) if x.is_number else 0.0
        return (self._token_rank(term), xval)

    def _term_key(self, term):
        return (*self._term_head(term), sp.default_sort_key(term))

    def _as_ordered_terms(self, expr, order=None):
        terms = list(sp.Add.make_args(expr))
        numeric_exps = all(t.is_number for t in terms) and any(t.has(sp.exp) for t in terms)
        order_tokens = self._settings["token_order"]
        by_token = order_tokens and any(self._token_rank(t) < len(order_tokens) for t in terms)
        if numeric_exps or by_token:
            heads = [self._term_head(t) for t in terms]
            if len(set(heads)) == len(heads):  # the tie-breaker (slow to compute) is never needed
                return [t for _, t in sorted(zip(heads, terms), key=lambda p: p[0])]
            return sorted(terms, key=self._term_key)
        return super()._as_ordered_terms(expr, order=order)


class Printer(TermOrder, LatexPrinter):
    r"""symattn's LaTeX printer.

    >>> half = sp.Rational(1, 2)
    >>> print(latex(sp.exp(half) / (sp.exp(half) + 2)))
    \frac{e^{1/2}}{e^{1/2} + 2}
    >>> print(latex(sp.Matrix([[1, half]])))
    \begin{bmatrix} 1 & \frac{1}{2} \end{bmatrix}
    """

    printmethod = "_symattn_latex"
    _default_settings = dict(LatexPrinter._default_settings,
                             mat_str="bmatrix", mat_delim="",  # bmatrix brings its own brackets
                             upright_e=False, token_order=(),
                             row_gap=None)  # e.g. "4pt": extra room below a matrix row that holds a \frac

    def _print(self, expr, **kwargs) -> str:
        # Equal subtrees print alike, so print each once: a softmax row repeats its
        # denominator in every entry, and this keeps printing linear in the output.
        if kwargs or not isinstance(expr, sp.Basic) or expr.is_Float:
            return super()._print(expr, **kwargs)
        memo = self.__dict__.setdefault("_memo", {})
        try:
            return memo[expr]
        except KeyError:
            pass
        except TypeError:  # unhashable arguments
            return super()._print(expr)
        text = memo[expr] = super()._print(expr)
        return text

    # --- numbers and exponentials -------------------------------------------------
    def _e(self) -> str:
        return r"\mathrm{e}" if self._settings["upright_e"] else "e"

    def _print_Exp1(self, expr):
        return self._e()

    def _exponent(self, x) -> str:
        r"""An exponent on one level, e^{1/2}, e^{\sqrt{2}/2}: a \frac up there makes a matrix row
        so tall that it touches the next one."""
        if x.is_Rational and not x.is_Integer:
            sign = "-" if x < 0 else ""
            return f"{sign}{abs(x.p)}/{x.q}"
        num, den = x.as_numer_denom()
        if den.is_Integer and den > 1 and not num.free_symbols:
            if num.could_extract_minus_sign():
                return "-" + self._exponent(-x)
            top = self._print(num)
            return f"{top}/{den}" if num.is_Atom or num.is_Pow or num.is_Mul else f"({top})/{den}"
        return self._print(x)

    def _print_ExpBase(self, expr, exp=None):
        x = expr.args[0]
        if exp is None and x.is_number and x.is_negative:  # 1/e^{1/2} beside 2/e^{1/2}, as SymPy writes the latter
            return r"\frac{1}{%s^{%s}}" % (self._e(), self._exponent(-x))
        tex = r"%s^{%s}" % (self._e(), self._exponent(x))
        return self._do_exponent(tex, exp)

    def _print_Add(self, expr, order=None):
        content, prim = expr.primitive()
        if content.is_Rational and content.q > 1 and content.p == 1 and expr.free_symbols \
                and isinstance(prim, sp.Add):
            return r"\frac{%s}{%s}" % (super()._print_Add(prim, order=order), content.q)
        return super()._print_Add(expr, order=order)

    def _print_Mul(self, expr):
        coeff, rest = expr.as_coeff_Mul()
        factors = sp.Mul.make_args(rest)
        exps = [f for f in factors if isinstance(f, sp.exp)]
        others = [f for f in factors if not isinstance(f, sp.exp)]
        if exps and others and all(isinstance(f, sp.Symbol) for f in others):
            head = "" if coeff == 1 else ("-" if coeff == -1 else self._print(coeff) + " ")
            return head + " ".join(self._print(f) for f in exps + others)
        return super()._print_Mul(expr)

    # --- symbols ------------------------------------------------------------------
    def _print_Symbol(self, expr, style="plain"):
        r"""A name of several letters is a word, set upright: ``\operatorname{lse}``, not l·s·e.

        >>> latex(sp.Symbol("lse") + sp.Symbol("x_1")), latex(sp.Symbol("theta"))
        ('\\operatorname{lse} + x_{1}', '\\theta')
        """
        name = expr.name
        if _is_word(name):
            return r"\operatorname{%s}" % name
        if _is_ascii(name):
            return super()._print_Symbol(expr, style=style)
        base, _, sub = name.partition("_")
        sub = sub[1:-1] if sub.startswith("{") and sub.endswith("}") else sub
        head = base if _is_ascii(base) else text_label(base)
        if not sub:
            return head
        parts = [p if _is_ascii(p) else text_label(p) for p in sub.split(",")]
        return "%s_{%s}" % (head, ",".join(parts))

    # --- matrices -----------------------------------------------------------------
    def _print_matrix_contents(self, expr):
        return self._environment([[self._print(expr[i, j]) for j in range(expr.cols)] for i in range(expr.rows)])

    def _environment(self, cells: list[list[str]]) -> str:
        # SymPy's mat_str and mat_delim choose the environment; only the spacing is ours,
        # one space inside each delimiter: \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}
        width = len(cells[0]) if cells else 0
        mat_str = self._settings["mat_str"] or ("smallmatrix" if self._settings["mode"] == "inline"
                                                 else "matrix" if width <= 10 else "array")
        cols = "{%s}" % ("c" * width) if mat_str == "array" else ""
        lines = [" & ".join(row) for row in cells]
        gap = self._settings.get("row_gap")
        rows = "".join(line + ("" if k == len(lines) - 1 else rf" \\[{gap}] " if gap and (
            r"\frac" in line or r"\frac" in lines[k + 1]) else r" \\ ") for k, line in enumerate(lines))
        return r"\begin{%s}%s%s\end{%s}" % (mat_str, cols, f" {rows} " if rows else "", mat_str)

    def matrix_of(self, cells: list[list[str]]) -> str:
        r"""A matrix of cells printed already (decimals such as ``0.4519``) in this printer's
        environment and delimiters, as a SymPy matrix would print.

        >>> Printer({"mat_str": "pmatrix"}).matrix_of([["0.45", "0.27"]])
        '\\begin{pmatrix} 0.45 & 0.27 \\end{pmatrix}'
        """
        out = self._environment(cells)
        left = self._settings["mat_delim"]
        return r"\left%s%s\right%s" % (left, out, self._delim_dict[left]) if left else out

    def _print_Transpose(self, expr):
        return r"%s^{T}" % self._transposable(expr.arg)

    def _transposable(self, arg) -> str:
        """``K``, a bracketed matrix or a name as it is; anything compound in parentheses,
        so that the transpose of ``Q K^T`` is ``(Q K^T)^T``, not ``Q K^{T}^{T}``."""
        tex = self._print(arg)
        if nodes.is_simple(arg):
            return tex
        return r"\left(%s\right)" % tex

    def _print_MatMul(self, expr):
        # SymPy's version asks could_extract_minus_sign(), which multiplies explicit
        # matrices out (-expr) only to learn what the first factor tells: a product
        # that does not start with a number has no sign to extract.
        if expr.args[0].is_Number or any(isinstance(a, sp.Function) for a in expr.args):
            return super()._print_MatMul(expr)
        prec = PRECEDENCE["Mul"]
        return " ".join(self._print(a) if isinstance(a, sp.Mul) and not isinstance(a, sp.MatMul)
                        else self.parenthesize(a, prec, False) for a in expr.args)

    # --- display nodes --------------------------------------------------------------
    def _factor(self, x) -> str:
        tex = self._print(x)
        if (x.is_Number and x < 0) or isinstance(x, sp.Add) or _negative_product(x):
            return r"\left(%s\right)" % tex
        return tex

    def _print_Dot(self, expr: nodes.Dot):
        return " + ".join(r"%s \cdot %s" % (self._factor(a), self._factor(b)) for a, b in expr.pairs)

    def _print_ExpRatio(self, expr: nodes.ExpRatio):
        top, bottom = expr.args
        e = self._e()
        return r"\frac{%s^{%s}}{%s}" % (e, self._exponent(top),
                                        " + ".join("%s^{%s}" % (e, self._exponent(b)) for b in bottom))

    def _print_RowSoftmax(self, expr: nodes.RowSoftmax):
        return r"\operatorname{softmax}\left(%s\right)" % self._print(expr.args[0])

    def _print_ScaledBy(self, expr: nodes.ScaledBy):
        arg, d = expr.args
        return r"\frac{%s}{\sqrt{%s}}" % (self._print(arg), self._print(d))

    def _print_Shifted(self, expr: nodes.Shifted):
        arg, m = expr.args
        return r"%s - %s" % (self._print(arg), self._factor(m))

    def _print_Named(self, expr: nodes.Named):
        return expr.latex_name

    def _print_MaskedBy(self, expr: nodes.MaskedBy):  # S + M, in this order
        arg, mask = expr.args
        return r"%s + %s" % (self._print(arg), self._factor(mask))

    def _print_Product(self, expr: nodes.Product):
        return " ".join(r"\left(%s\right)" % self._print(a) if nodes.is_sum(a) else self._print(a) for a in expr.args)

    def _print_Transposed(self, expr: nodes.Transposed):
        return r"%s^{T}" % self._transposable(expr.args[0])

    # --- RoPE and theory formulas: fixed notation, with what varies printed ------------------------
    def _print_RopeFrequencies(self, expr: nodes.RopeFrequencies):
        base, d, n = expr.args
        b = self._print(base)
        if not (base.is_Integer and base > 0 or base.is_Symbol):
            b = r"\left(%s\right)" % b
        if n == 1:  # one frequency: the one element, not a list of one
            return r"%s^{-2(1-1)/%s}" % (b, self._print(d))
        return r"\left(%s^{-2(i-1)/%s}\right)_{i=1}^{%s}" % (b, self._print(d), self._print(n))

    def _print_RopeAngles(self, expr):
        return r"\left(p_m \theta_i\right)_{m i}"

    def _print_RopeRotation(self, expr: nodes.RopeRotation):
        n = self._print(expr.args[0])
        one = expr.args[0] == 1  # one pair: one rotation, no list of them
        if expr.half:  # C, S: diagonal blocks of cos and sin, one entry per pair
            if one:
                return r"\begin{bmatrix} \cos p\theta_1 & -\sin p\theta_1 \\ \sin p\theta_1 & \cos p\theta_1 \end{bmatrix}"
            return (r"\begin{bmatrix} C & -S \\ S & C \end{bmatrix},\ "
                    r"C = \operatorname{diag}\left(\cos p\theta_1, \dots, \cos p\theta_{%s}\right),\ "
                    r"S = \operatorname{diag}\left(\sin p\theta_1, \dots, \sin p\theta_{%s}\right)" % (n, n))
        blocks = r"R(p\theta_1)" if one else r"\operatorname{diag}\left(R(p\theta_1), \dots, R(p\theta_{%s})\right)" % n
        return (blocks + r",\ R(\varphi) = \begin{bmatrix} \cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi "
                r"\end{bmatrix}")

    def _print_RopeRotated(self, expr: nodes.RopeRotated):
        return r"\left(R(p_m\theta)\, %s_m\right)_{m}" % self._print(expr.args[0])

    def _print_RotationIdentity(self, expr: nodes.RotationIdentity):
        t = self._print(expr.args[0])
        return r"R(m%s)^{T} R(n%s) - R((n-m)%s)" % (t, t, t)

    def _print_RotatedScoreIdentity(self, expr: nodes.RotatedScoreIdentity):
        return (r"\left(R(m\theta) q\right)^{T} \left(R(n\theta) k\right) - q^{T} R((n-m)\theta)\, k",
                r"q^{T} \left(R(m\theta)^{T} R(n\theta) - R((n-m)\theta)\right) k",
                r"q^{T} \, 0 \, k")[expr.stage]

    def _print_RotatedEntry(self, expr: nodes.RotatedEntry):
        x, row, a, b = expr.args
        x = self._print(x)
        return r"%s_{%s} \cos(p\theta_1) - %s_{%s} \sin(p\theta_1)" % (x, nodes.index(row, a), x, nodes.index(row, b))

    def _print_ScoreRotations(self, expr: nodes.ScoreRotations):
        n = self._print(expr.args[0])
        return r"q_1^{T} R(p_1\theta)^{T} R(p_{%s}\theta)\, k_{%s}" % (n, n)

    def _print_ScoreOffset(self, expr: nodes.ScoreOffset):
        return r"q_1^{T} R(%s\,\theta)\, k_{%s}" % (self._print(expr.args[0]), self._print(expr.args[1]))

    def _print_ScaledRow(self, expr: nodes.ScaledRow):
        t, values = expr.args
        return r"%s \cdot (%s)" % (self._print(t), ", ".join(self._print(v) for v in values))

    def _print_SoftmaxJacobian(self, expr: nodes.SoftmaxJacobian):
        a = "a(%s)" % self._print(expr.args[0]) if expr.args else "a"
        return r"\operatorname{diag}(%s) - %s %s^{T}" % (a, a, a)

    def _print_Unscaled(self, expr: nodes.Unscaled):
        return r"\sqrt{d_k}\,\tilde{s}_{%s}" % self._print(expr.args[0])

    def _print_PairMoments(self, expr):
        return r"\left(\mathbb{E}[q_i q_j]\,\mathbb{E}[k_i k_j]\right)_{ij}"

    def _print_MeanOfDot(self, expr: nodes.MeanOfDot):
        return r"\sum_{i=1}^{d_k} " + (r"0 \cdot 0" if expr.substituted else r"\mathbb{E}[q_i]\,\mathbb{E}[k_i]")

    def _print_MomentProduct(self, expr):
        return r"\mathbb{E}[q_1^{2}]\,\mathbb{E}[k_1^{2}]"

    def _print_VarianceCount(self, expr):
        return r"d_k \cdot 1 + d_k (d_k - 1) \cdot 0"

    def _print_VarianceOfDot(self, expr: nodes.VarianceOfDot):
        sums = r"\sum_{i=1}^{d_k} \sum_{j=1}^{d_k}"
        if expr.substituted:
            return sums + r" \delta_{ij} - 0^{2}"
        return sums + r" \mathbb{E}[q_i k_i q_j k_j] - \left(\mathbb{E}[q \cdot k]\right)^{2}"

    def _print_VarianceAndDeviation(self, expr: nodes.VarianceAndDeviation):
        d = self._print(expr.args[0]) if expr.args else "d_k"
        return r"\begin{bmatrix} %s & \sqrt{%s} \end{bmatrix}" % (d, d)

    def _print_ScaledVariance(self, expr):
        return r"\frac{1}{d_k} \operatorname{Var}(q \cdot k)"

    def _print_SampledVariances(self, expr):
        return r"\begin{bmatrix} d_k & 1 \end{bmatrix}"

    def _print_HeadSplit(self, expr):
        return r"\begin{bmatrix} d & h & d / h \end{bmatrix}"

    def _print_KvGroups(self, expr):
        return r"\left(\left[\, j = \lceil i \, n_{kv} / n_q \rceil \,\right]\right)_{ij}"

    def _print_GqaIdentity(self, expr):
        return r"\operatorname{GQA}(Q, K, V) - \operatorname{MHA}(Q, K R, V R)"

    def _print_KvCacheRatio(self, expr):
        return (r"\frac{2 \, N_{\text{layers}} \, L \, n_{kv} \, d_h \, b}"
                r"{2 \, N_{\text{layers}} \, L \, n_q \, d_h \, b}")

    def _print_RankTest(self, expr: nodes.RankTest):
        return r"\begin{bmatrix} \operatorname{rank} X & \operatorname{rank}[X \mid %s] \end{bmatrix}" % \
            self._print(expr.args[0])

    def _print_NullSpace(self, expr):
        return r"\{ n : X n = 0 \}"

    def _print_Approx(self, expr: nodes.Approx):
        return r"%s \approx %s" % (self._print(expr.args[0]), expr.decimals())

    # --- the maths of notes and titles ---------------------------------------------------------
    _GLYPHS = {"le": r"\le", "ge": r"\ge", "ne": r"\ne", "to": r"\to", "in": r"\in", "approx": r"\approx",
               "cdot": r"\cdot", "times": r"\times", "Tb": "^{T}",
               "dots": r"\dots", "mid": r"\mid", "partial": r"\partial",
               "thin": r"\,", "reals": r"\mathbb{R}", "E": r"\mathbb{E}", "T": "^T", "theta": r"\theta",
               "Theta": r"\Theta", "Phi": r"\Phi", "delta": r"\delta", "cos": r"\cos", "sin": r"\sin",
               "dim": r"\dim", "rank": r"\operatorname{rank}", "null": r"\operatorname{null}",
               "Var": r"\operatorname{Var}"}

    def _print_RopeFrequency(self, expr):
        return "b^{-2(i-1)/d}"

    def _print_Glyph(self, expr: nodes.Glyph):
        return self._GLYPHS[expr.name] + (" " if expr.gap else "")

    def _print_Sub(self, expr: nodes.Sub):
        base, sub, braces = expr.args
        s = self._print(sub) if not isinstance(sub, sp.Symbol) else sub.name
        return ("%s_{%s}" if braces or len(s) > 1 else "%s_%s") % (self._print(base), s)

    def _print_Root(self, expr: nodes.Root):
        x = expr.args[0]
        return r"\sqrt{%s}" % (x.name if isinstance(x, sp.Symbol) else self._print(x))

    def _print_Word(self, expr: nodes.Word):
        return text_label(expr.args[0].name)

    def _print_Sci(self, expr: nodes.Sci):
        mant, exp = expr.args
        return r"%s \times 10^{%s}" % (mant.name, exp)

    # --- SymPy's own _latex hooks -------------------------------------------------------
    def _print_Basic(self, expr):
        r"""Our ``printmethod`` hides SymPy's ``_latex`` hooks; use them before the generic form.

        >>> print(latex(sp.ImmutableMatrix([[-sp.oo, sp.pi]])))
        \begin{bmatrix} -\infty & \pi \end{bmatrix}
        """
        hook = getattr(expr, "_latex", None)
        if hook is not None:
            return hook(self)
        return super()._print_Basic(expr)


def latex(expr, **settings) -> str:
    """Print one SymPy object with :class:`Printer`."""
    return Printer(settings).doprint(expr)
