"""Small unevaluated SymPy nodes that keep a hand calculation's shape for printing.

Each node is a :class:`sympy.Basic` so that :class:`symattn.printing.Printer`
dispatches on it with ``_print_<ClassName>``, exactly as SymPy's own printers do.
They are display forms only: ``doit()`` gives the value.
"""

from __future__ import annotations

import re

import sympy as sp

__all__ = ["index", "Dot", "ExpRatio", "RowSoftmax", "ScaledBy", "Shifted", "MaskedBy", "Named", "Product",
           "Transposed", "is_simple", "is_sum", "RopeFrequencies", "RopeAngles", "RopeRotation", "RopeRotated",
           "RotationIdentity", "RotatedScoreIdentity", "RotatedEntry", "ScoreRotations", "ScoreOffset",
           "SoftmaxJacobian", "ScaledRow", "Unscaled", "PairMoments", "MeanOfDot", "MomentProduct", "VarianceOfDot",
           "VarianceCount", "VarianceAndDeviation", "ScaledVariance", "SampledVariances", "HeadSplit", "KvGroups",
           "GqaIdentity", "KvCacheRatio", "RankTest", "NullSpace", "Approx", "Tilde", "Grad", "Entry", "Hadamard",
           "Times", "Minus", "Outer", "RowSum", "RowMax", "Call", "Dims",
           "Glyph", "glyphs", "Sub", "Root", "Word", "Sci", "RopeFrequency"]


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


class MaskedBy(sp.Basic):
    """``S + M`` kept in this order for display (MatAdd would sort its terms)."""

    def __new__(cls, arg, mask):
        return super().__new__(cls, arg, mask)


class Named(sp.Basic):
    """A bare LaTeX name such as ``\\text{new}_{我}`` or ``a_{11}`` (display only)."""

    def __new__(cls, latex_name: str, plain_name: str | None = None):
        obj = super().__new__(cls, sp.Symbol(latex_name), sp.Symbol(plain_name or plain_of(latex_name)))
        return obj

    @property
    def latex_name(self) -> str:
        return self.args[0].name

    @property
    def plain_name(self) -> str:
        return self.args[1].name


_NAME_PARTS = re.compile(r"\\(tilde|hat|bar)\{([^{}]*)\}|\\text\{([^{}]*)\}|\\([A-Za-z]+)|\^\{T\}|([_^])\{([^{}]*)\}")
_ACCENTS = {"tilde": "\u0303", "hat": "\u0302", "bar": "\u0304"}


def _letter(command: str) -> str:
    """θ for theta, ℓ for ell; any other command's name as it is (Var, lceil)."""
    from sympy.printing.pretty.pretty_symbology import greek_unicode
    return {**greek_unicode, "ell": "ℓ", "mathbb": ""}.get(command, command)


def plain_of(name: str) -> str:
    r"""A name given only in LaTeX, as plain text writes it (a Named's plain name when none is given):
    ``s_11``, ``s̃_11``, ``(Kᵀ)_12``, ``v_我``.

    >>> [plain_of(n) for n in (r"s_{11}", r"\tilde{s}_{11}", r"(K^{T})_{12}", r"v_{\text{我}}", r"\theta_{1}")]
    ['s_11', 's̃_11', '(Kᵀ)_12', 'v_我', 'θ_1']
    """
    def one(m):
        accent, base, text, command, script, inner = m.groups()
        if accent:
            return plain_of(base) + _ACCENTS[accent]
        if text is not None:
            return text
        if command:
            return _letter(command)
        if script:
            inner = plain_of(inner)
            return script + (inner if len(inner) == 1 or inner.isalnum() else f"({inner})")
        return "ᵀ"
    while True:  # innermost first: v_{\text{我}} -> v_{我} -> v_我
        plain = _NAME_PARTS.sub(one, name)
        if plain == name:
            return plain
        name = plain



class Product(sp.Basic):
    """Factors written side by side, ``Q̃ K̃^T``, whatever they are (names, transposes)."""


class Transposed(sp.Basic):
    """``x^T`` of any display object (``sp.Transpose`` takes matrices only)."""

    def __new__(cls, arg):
        return super().__new__(cls, arg)


def is_simple(x) -> bool:
    """Whether ``x`` prints as one unit that a superscript may follow: a symbol, a name or a
    bracketed matrix; anything else is put in parentheses before ``^T``.

    >>> is_simple(sp.MatrixSymbol("K", 2, 2)), is_simple(sp.MatrixSymbol("Q", 2, 2) * sp.MatrixSymbol("K", 2, 2))
    (True, False)
    """
    return isinstance(x, (sp.Symbol, sp.MatrixSymbol, sp.MatrixBase, Named))


def is_sum(x) -> bool:
    """Whether ``x`` prints as a sum or difference, to be put in parentheses as a factor."""
    return isinstance(x, (sp.Add, sp.MatAdd, Shifted))


# --- RoPE: the formulas of each step, with what varies as arguments -----------------------------

def _int(n) -> sp.Integer:
    return sp.Integer(n)


def index(i, j=None) -> str:
    """Subscript for entry (i, j), 1-based: ``11``, or ``10,2`` when a part has two digits.

    >>> index(0, 1), index(9, 1)
    ('12', '10,2')
    """
    parts = [str(int(i) + 1)] + ([] if j is None else [str(int(j) + 1)])
    return ("," if any(len(p) > 1 for p in parts) else "").join(parts)


def _number(x) -> sp.Basic:
    """A SymPy object, or a Python int made one; never sympify, which would parse a string."""
    if isinstance(x, sp.Basic):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return sp.Integer(x)
    raise TypeError(f"expected a SymPy object or an int, not {type(x).__name__}")


class RopeFrequencies(sp.Basic):
    """``(b^{-2(i-1)/d})_{i=1}^{n}``: the frequency of each of the n coordinate pairs."""

    def __new__(cls, base, d, n):
        return super().__new__(cls, _number(base), _number(d), _int(n))


class RopeAngles(sp.Basic):
    """``(p_m θ_i)_{m i}``: the angle of pair i at the position of token m."""


class RopeRotation(sp.Basic):
    """R(pθ) for n pairs: block diagonal (interleaved pairs), or ``[[C, -S], [S, C]]`` (halves)."""

    def __new__(cls, n, half=False):
        return super().__new__(cls, _int(n), sp.true if half else sp.false)

    @property
    def half(self) -> bool:
        return bool(self.args[1])


class RopeRotated(sp.Basic):
    """``(R(p_m θ) x_m)_m``: each row x_m (``q`` or ``k``) rotated at its position."""

    def __new__(cls, name):
        return super().__new__(cls, sp.Symbol(name))


class RotationIdentity(sp.Basic):
    """``R(mθ)^T R(nθ) - R((n-m)θ)``, which is zero; ``theta`` is θ (one pair) or Θ (all)."""

    def __new__(cls, theta="theta"):
        return super().__new__(cls, sp.Symbol(theta))


class RotatedScoreIdentity(sp.Basic):
    """``(R(mθ) q)^T (R(nθ) k) - q^T R((n-m)θ) k``, which is zero; at ``stage`` 1 with q and k
    taken out, ``q^T (R(mθ)^T R(nθ) - R((n-m)θ)) k``; at stage 2 ``q^T 0 k``."""

    def __new__(cls, stage=0):
        return super().__new__(cls, _int(stage))

    @property
    def stage(self) -> int:
        return int(self.args[0])


class RotatedEntry(sp.Basic):
    """``x_{r,a} cos(pθ_1) - x_{r,b} sin(pθ_1)``: entry (r, a) of a row x rotated with its partner
    column b (0-based indices, printed 1-based)."""

    def __new__(cls, name, row, a, b):
        return super().__new__(cls, sp.Symbol(name), _int(row), _int(a), _int(b))


class ScoreRotations(sp.Basic):
    """``q_1^T R(p_1 θ)^T R(p_n θ) k_n``: score (1, n) with both rotations written."""

    def __new__(cls, n):
        return super().__new__(cls, _int(n))


class ScoreOffset(sp.Basic):
    """``q_1^T R(Δ θ) k_n``: the same score through the offset Δ = p_n - p_1 alone."""

    def __new__(cls, delta, n):
        return super().__new__(cls, _number(delta), _int(n))


# --- theory: softmax's Jacobian and the variance of q·k ---------------------------------------------

class SoftmaxJacobian(sp.Basic):
    """``diag(a) - a a^T``; with an argument t, of the weights a(t)."""

    def __new__(cls, *var):
        return super().__new__(cls, *var)


class ScaledRow(sp.Basic):
    """``t · (x_1, …, x_n)``: a row of scores scaled by t."""

    def __new__(cls, t, values):
        return super().__new__(cls, t, sp.Tuple(*values))


class Unscaled(sp.Basic):
    """``√d_k s̃_i``: row i of the scaled scores without the division by √d_k."""

    def __new__(cls, row):
        return super().__new__(cls, _int(row))


class PairMoments(sp.Basic):
    """``(E[q_i q_j] E[k_i k_j])_{ij}``."""


class _Stated(sp.Basic):
    """A formula with a second, substituted form (one flag)."""

    def __new__(cls, substituted=False):
        return super().__new__(cls, sp.true if substituted else sp.false)

    @property
    def substituted(self) -> bool:
        return bool(self.args[0])


class MeanOfDot(_Stated):
    """``Σ_i E[q_i] E[k_i]``, the mean of q·k; substituted, ``Σ_i 0 · 0``."""


class MomentProduct(sp.Basic):
    """``E[q_1²] E[k_1²]``: the diagonal pair expectation split by independence."""


class VarianceCount(sp.Basic):
    """``d_k · 1 + d_k (d_k - 1) · 0``: the diagonal and the other pairs of the double sum."""


class VarianceOfDot(_Stated):
    """``Σ_i Σ_j E[q_i k_i q_j k_j] - (E[q·k])²``; substituted, ``Σ_i Σ_j δ_ij - 0²``."""


class VarianceAndDeviation(sp.Basic):
    """``[d_k, √d_k]``, or at a given d_k; the dimension stays written as d_k when unset."""

    def __new__(cls, *d):
        return super().__new__(cls, *(_number(x) for x in d))


class ScaledVariance(sp.Basic):
    """``Var(q·k) / d_k``: the variance after dividing by √d_k."""


class SampledVariances(sp.Basic):
    """``[d_k, 1]``: what the sampled variances of q·k and q·k/√d_k should be."""


# --- heads and consistency -------------------------------------------------------------------------

class HeadSplit(sp.Basic):
    """``[d, h, d/h]``: the width, the number of heads, and the width of one head."""


class KvGroups(sp.Basic):
    """``([j = ⌈i n_kv / n_q⌉])_{ij}``: which K/V head query head i reads."""


class GqaIdentity(sp.Basic):
    """``GQA(Q, K, V) - MHA(Q, K R, V R)``, which is zero."""


class KvCacheRatio(sp.Basic):
    """The KV cache of GQA over that of MHA, every factor written out."""


class RankTest(sp.Basic):
    """``[rank X, rank [X | T]]``: equal exactly when X W = T has a solution."""

    def __new__(cls, target):
        return super().__new__(cls, sp.Symbol(target) if isinstance(target, str) else target)


class NullSpace(sp.Basic):
    """``{n : X n = 0}``."""


class Approx(sp.Basic):
    """``x ≈ 1.7321``: ``x``, then the exact ``value`` to ``places`` decimals (half-up, as everywhere)."""

    def __new__(cls, expr, value, places):
        return super().__new__(cls, _number(expr), _number(value), _int(places))

    def decimals(self) -> str:
        from .numeric import evaluate, fixed
        _, value, places = self.args
        return fixed(evaluate(sp.ImmutableMatrix([[value]]), int(places))[0][0], int(places))


# --- the maths of notes and titles: symbols each printer writes its own way --------------------

class Glyph(sp.Basic):
    """One fixed symbol of a note: ``≤``, ``→``, ``ℝ``, ``θ``, ``rank``; the printers hold its forms.
    With ``gap``, LaTeX ends the command with a space (``\\partial L``) that plain text leaves out (``∂L``)."""

    NAMES = ("le", "ge", "ne", "to", "in", "approx", "cdot", "times", "dots", "mid", "partial", "thin",
             "reals", "E", "T", "Tb", "theta", "Theta", "Phi", "delta", "cos", "sin", "dim", "rank", "null", "Var")

    def __new__(cls, name: str, gap: bool = False):
        if name not in cls.NAMES:
            raise ValueError(f"unknown glyph {name!r}")
        return super().__new__(cls, sp.Symbol(name), sp.true if gap else sp.false)

    @property
    def name(self) -> str:
        return self.args[0].name

    @property
    def gap(self) -> bool:
        return bool(self.args[1])


def glyphs(template: str) -> tuple:
    """A formula's parts: each ``{name}`` is that :class:`Glyph` (``{name }`` with its gap), the rest
    is written as it is (plain characters that read the same in LaTeX and in text).

    >>> glyphs("j {le} i")
    ('j ', Glyph(le, False), ' i')
    """
    pattern = r"\{(%s)( ?)\}" % "|".join(Glyph.NAMES)
    words = re.split(pattern, template)
    out: list = [words[0]]
    for k in range(1, len(words), 3):
        out += [Glyph(words[k], bool(words[k + 1])), words[k + 2]]
    return tuple(p for p in out if p != "")


def _part(x) -> sp.Basic:
    """A name (``str``, made a Symbol) or a SymPy object / display node as it is."""
    return sp.Symbol(x) if isinstance(x, str) else _number(x)


class Sub(sp.Basic):
    """``x_i``: a base with a subscript, ``θ_i``, ``δ_ij``; a subscript of more than one character is
    braced in LaTeX (``\\delta_{ij}``), and ``braces`` forces them (``\\theta_{2}``)."""

    def __new__(cls, base, sub, braces: bool = False):
        return super().__new__(cls, _part(base), _part(sub), sp.true if braces else sp.false)


class Root(sp.Basic):
    """``√x`` of a name such as d_k, kept as written (SymPy's sqrt would print ``d_{k}``)."""

    def __new__(cls, arg):
        return super().__new__(cls, _part(arg))


class Word(sp.Basic):
    """A word inside a formula, ``v_token``: upright text in LaTeX."""

    def __new__(cls, word: str):
        return super().__new__(cls, sp.Symbol(word))


class Sci(sp.Basic):
    """``1.92 × 10^-6``: a mantissa (digits as printed) times a power of ten."""

    def __new__(cls, mantissa: str, exponent):
        return super().__new__(cls, sp.Symbol(mantissa), _int(exponent))


class RopeFrequency(sp.Basic):
    """``b^{-2(i-1)/d}``: the frequency of pair i."""


# --- backward pass and online softmax: nodes that print themselves ------------------------------
# Each carries its LaTeX and its plain-text form side by side, through the printers' SymPy
# ``printmethod`` hooks (``_symattn_latex``; ``_symattn_unicode`` for plain text).

_sub = index  # 1-based subscript digits: 12, or 10,2 when a part has two digits


def _basic(x) -> sp.Basic:
    """A SymPy object as it is, a whole number as an Integer; never text (no sympify)."""
    if isinstance(x, sp.Basic):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return sp.Integer(x)
    raise TypeError(f"a display node takes SymPy objects and whole numbers, not {type(x).__name__}")


class _SelfPrinted(sp.Basic):
    def _symattn_latex(self, p):
        return self._form(p, True)

    def _symattn_unicode(self, p):
        return self._form(p, False)

    def _form(self, p, latex: bool) -> str:
        raise NotImplementedError

    def __new__(cls, *args):
        return super().__new__(cls, *(_basic(a) for a in args))


def _unit(x) -> bool:
    """Prints as one unit: a name, a number, a matrix or a call."""
    return isinstance(x, (sp.Symbol, sp.MatrixSymbol, sp.MatrixBase, Named, Tilde, Grad, Entry, RowSum, RowMax,
                          Call)) or (x.is_Number and not x.is_negative) or isinstance(x, sp.Transpose)


def _grouped(p, x, latex: bool) -> str:
    s = p._print(x)
    return s if _unit(x) else (r"\left(%s\right)" % s if latex else f"({s})")


class Tilde(_SelfPrinted):
    """``x̃``: the scaled scores S̃.

    >>> from symattn.printing import latex
    >>> print(latex(Entry(Grad(Tilde(sp.Symbol("S"))), 0, 1)))
    d\\tilde{S}_{12}
    """

    def _form(self, p, latex):
        s = p._print(self.args[0])
        return r"\tilde{%s}" % s if latex else s + "\u0303"


class Grad(_SelfPrinted):
    """``dx``: the gradient of the loss with respect to x."""

    def _form(self, p, latex):
        return "d" + p._print(self.args[0])


class Entry(_SelfPrinted):
    """``x_{ij}`` (or ``x_i``) of a named matrix or vector; indices are 0-based, printed 1-based."""

    def _form(self, p, latex):
        sub = _sub(*self.args[1:])
        return f"{p._print(self.args[0])}_{{{sub}}}" if latex else f"{p._print(self.args[0])}_{sub}"


class Hadamard(_SelfPrinted):
    """``a ⊙ b``, the entrywise product."""

    def _form(self, p, latex):
        return (r" \odot " if latex else " ⊙ ").join(_grouped(p, x, latex) for x in self.args)


class Times(_SelfPrinted):
    """``a · b`` of two values, each in parentheses unless it is one unit."""

    def _form(self, p, latex):
        return (r" \cdot " if latex else "·").join(_grouped(p, x, latex) for x in self.args)


class Minus(_SelfPrinted):
    """``a - b`` in this order (an Add or MatAdd would sort its terms)."""

    def _form(self, p, latex):
        a, b = self.args
        return f"{p._print(a)} - {_grouped(p, b, latex) if isinstance(b, (Minus, sp.Add)) else p._print(b)}"


class Outer(_SelfPrinted):
    """``D 1ᵀ``: a column repeated along every row."""

    def _form(self, p, latex):
        return p._print(self.args[0]) + (r" \mathbf{1}^{T}" if latex else " 1ᵀ")


class RowSum(_SelfPrinted):
    """``rowsum(x)``: the sum of each row, a column."""

    def _form(self, p, latex):
        s = p._print(self.args[0])
        return r"\operatorname{rowsum}\left(%s\right)" % s if latex else f"rowsum({s})"


class RowMax(_SelfPrinted):
    """``rowmax(x)``: the largest entry of each row, a column."""

    def _form(self, p, latex):
        s = p._print(self.args[0])
        return r"\operatorname{rowmax}\left(%s\right)" % s if latex else f"rowmax({s})"


class Call(_SelfPrinted):
    """``max(a, b)``, ``exp(x)``, ``log(x)`` or ``diag(x)`` kept unevaluated.

    >>> from symattn.printing import latex
    >>> print(latex(Call("max", sp.Symbol("m"), 2)))
    \\max\\left(m, 2\\right)
    """

    _OPS = ("max", "exp", "log", "diag")

    def __new__(cls, op: str, *args):
        if op not in cls._OPS:
            raise ValueError(f"unknown operator {op!r}")
        return super().__new__(cls, sp.Symbol(op), *args)

    def _form(self, p, latex):
        op = self.args[0].name
        inner = ", ".join(p._print(a) for a in self.args[1:])
        if not latex:
            return f"{op}({inner})"
        name = "\\" + op if op != "diag" else r"\operatorname{diag}"
        return r"%s\left(%s\right)" % (name, inner)


class Dims(_SelfPrinted):
    """A shape ``3 × 4``; with four arguments a product's shapes, ``(3 × 3)(3 × 4)``."""

    def _form(self, p, latex):
        x = r" \times " if latex else " × "
        pairs = [x.join(p._print(n) for n in self.args[k:k + 2]) for k in range(0, len(self.args), 2)]
        return pairs[0] if len(pairs) == 1 else "".join(f"({s})" for s in pairs)
