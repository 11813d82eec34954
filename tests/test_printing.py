"""The printers, form by form: every display node and every matrix form, in LaTeX (what md, tex
and html show) and in Unicode (what text shows), with the exact strings; and every LaTeX form
through KaTeX."""

import html
import inspect

import pytest
import sympy as sp

from conftest import require_tool
from symattn import katex, nodes
from symattn.markup import Text as Markup
from symattn.model import Derivation, Step, Text
from symattn.printing import Printer, latex
from symattn.render import render
from symattn.render.unicode import UnicodePrinter, unicode

Q, K = sp.MatrixSymbol("Q", 3, 4), sp.MatrixSymbol("K", 3, 4)
S, M, P = sp.MatrixSymbol("S", 3, 3), sp.MatrixSymbol("M", 3, 3), sp.MatrixSymbol("P", 3, 3)
x, t, dk = sp.Symbol("x"), sp.Symbol("t"), sp.Symbol("d_k")
half = sp.Rational(1, 2)

# (display node, its LaTeX, its Unicode): one row per _print_<Node> of the printers
NODES = [
    (nodes.Dot((1, 1), (0, -2), (x + 1, 3)),
     r"1 \cdot 1 + 0 \cdot \left(-2\right) + \left(x + 1\right) \cdot 3", "1·1 + 0·(-2) + (x + 1)·3"),
    (nodes.ExpRatio(1, (1, half, half)),
     r"\frac{e^{1}}{e^{1} + e^{1/2} + e^{1/2}}", "e^1/(e^1 + e^(1/2) + e^(1/2))"),
    (nodes.RowSoftmax(S), r"\operatorname{softmax}\left(S\right)", "softmax(S)"),
    (nodes.ScaledBy(Q * K.T, dk), r"\frac{Q K^{T}}{\sqrt{d_{k}}}", "(Q Kᵀ)/√d_k"),
    (nodes.Shifted(x, -1), r"x - \left(-1\right)", "x - (-1)"),
    (nodes.Named(r"\tilde{S}", "S_scaled"), r"\tilde{S}", "S_scaled"),
    (nodes.MaskedBy(S, M), "S + M", "S + M"),
    (nodes.Product(nodes.Named(r"\tilde{Q}", "Q_rot"), nodes.Transposed(nodes.Named(r"\tilde{K}", "K_rot"))),
     r"\tilde{Q} \tilde{K}^{T}", "Q_rot K_rotᵀ"),
    (nodes.Transposed(nodes.Product(Q, K)), r"\left(Q K\right)^{T}", "(Q K)ᵀ"),
    (nodes.Product(half, nodes.Shifted(1, half)), r"\frac{1}{2} \left(1 - \frac{1}{2}\right)", "1/2 (1 - 1/2)"),
    (nodes.RopeFrequencies(sp.Symbol("b"), sp.Symbol("d"), 2),
     r"\left(b^{-2(i-1)/d}\right)_{i=1}^{2}", "(b^(-2(i-1)/d))_(i=1…2)"),
    (nodes.RopeFrequencies(10000, 4, 2),
     r"\left(10000^{-2(i-1)/4}\right)_{i=1}^{2}", "(10000^(-2(i-1)/4))_(i=1…2)"),
    (nodes.RopeFrequencies(half, 4, 2),
     r"\left(\left(\frac{1}{2}\right)^{-2(i-1)/4}\right)_{i=1}^{2}", "((1/2)^(-2(i-1)/4))_(i=1…2)"),
    (nodes.RopeAngles(), r"\left(p_m \theta_i\right)_{m i}", "(p_m θ_i)_(m,i)"),
    (nodes.RopeRotation(2),
     r"\operatorname{diag}\left(R(p\theta_1), \dots, R(p\theta_{2})\right),\ R(\varphi) = \begin{bmatrix} "
     r"\cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi \end{bmatrix}",
     "diag(R(pθ_1), …, R(pθ_2)), R(φ) = [cos φ, -sin φ; sin φ, cos φ]"),
    (nodes.RopeRotation(3, half=True),
     r"\begin{bmatrix} C & -S \\ S & C \end{bmatrix},\ C = \operatorname{diag}\left(\cos p\theta_1, \dots, "
     r"\cos p\theta_{3}\right),\ S = \operatorname{diag}\left(\sin p\theta_1, \dots, \sin p\theta_{3}\right)",
     "[C, -S; S, C], C = diag(cos pθ_1, …, cos pθ_3), S = diag(sin pθ_1, …, sin pθ_3)"),
    (nodes.RopeRotated("q"), r"\left(R(p_m\theta)\, q_m\right)_{m}", "(R(p_m θ) q_m)_m"),
    (nodes.RotationIdentity("theta"), r"R(m\theta)^{T} R(n\theta) - R((n-m)\theta)", "R(mθ)ᵀ R(nθ) - R((n-m)θ)"),
    (nodes.RotationIdentity("Theta"), r"R(m\Theta)^{T} R(n\Theta) - R((n-m)\Theta)", "R(mΘ)ᵀ R(nΘ) - R((n-m)Θ)"),
    (nodes.RotatedScoreIdentity(),
     r"\left(R(m\theta) q\right)^{T} \left(R(n\theta) k\right) - q^{T} R((n-m)\theta)\, k",
     "(R(mθ) q)ᵀ (R(nθ) k) - qᵀ R((n-m)θ) k"),
    (nodes.ScoreRotations(2), r"q_1^{T} R(p_1\theta)^{T} R(p_{2}\theta)\, k_{2}", "q_1ᵀ R(p_1 θ)ᵀ R(p_2 θ) k_2"),
    (nodes.ScoreOffset(-1, 3), r"q_1^{T} R(-1\,\theta)\, k_{3}", "q_1ᵀ R(-1θ) k_3"),
    (nodes.ScaledRow(t, (1, half, 0)), r"t \cdot (1, \frac{1}{2}, 0)", "t·(1, 1/2, 0)"),
    (nodes.RotatedScoreIdentity(1), r"q^{T} \left(R(m\theta)^{T} R(n\theta) - R((n-m)\theta)\right) k",
     "qᵀ (R(mθ)ᵀ R(nθ) - R((n-m)θ)) k"),
    (nodes.RotatedScoreIdentity(2), r"q^{T} \, 0 \, k", "qᵀ 0 k"),
    (nodes.RotatedEntry("q", 1, 0, 2), r"q_{21} \cos(p\theta_1) - q_{23} \sin(p\theta_1)",
     "q_21 cos(pθ_1) - q_23 sin(pθ_1)"),
    (nodes.RotatedEntry("k", 9, 0, 1), r"k_{10,1} \cos(p\theta_1) - k_{10,2} \sin(p\theta_1)",
     "k_10,1 cos(pθ_1) - k_10,2 sin(pθ_1)"),
    (nodes.SoftmaxJacobian(), r"\operatorname{diag}(a) - a a^{T}", "diag(a) - a aᵀ"),
    (nodes.SoftmaxJacobian(t), r"\operatorname{diag}(a(t)) - a(t) a(t)^{T}", "diag(a(t)) - a(t) a(t)ᵀ"),
    (nodes.Unscaled(2), r"\sqrt{d_k}\,\tilde{s}_{2}", "√d_k s̃_2"),
    (nodes.PairMoments(), r"\left(\mathbb{E}[q_i q_j]\,\mathbb{E}[k_i k_j]\right)_{ij}",
     "(E[q_i q_j] E[k_i k_j])_(i,j)"),
    (nodes.MeanOfDot(), r"\sum_{i=1}^{d_k} \mathbb{E}[q_i]\,\mathbb{E}[k_i]", "Σ_(i=1…d_k) E[q_i] E[k_i]"),
    (nodes.MeanOfDot(substituted=True), r"\sum_{i=1}^{d_k} 0 \cdot 0", "Σ_(i=1…d_k) 0·0"),
    (nodes.MomentProduct(), r"\mathbb{E}[q_1^{2}]\,\mathbb{E}[k_1^{2}]", "E[q_1²] E[k_1²]"),
    (nodes.VarianceCount(), r"d_k \cdot 1 + d_k (d_k - 1) \cdot 0", "d_k·1 + d_k (d_k - 1)·0"),
    (nodes.VarianceOfDot(),
     r"\sum_{i=1}^{d_k} \sum_{j=1}^{d_k} \mathbb{E}[q_i k_i q_j k_j] - \left(\mathbb{E}[q \cdot k]\right)^{2}",
     "Σ_(i=1…d_k) Σ_(j=1…d_k) E[q_i k_i q_j k_j] - (E[q·k])²"),
    (nodes.VarianceOfDot(substituted=True), r"\sum_{i=1}^{d_k} \sum_{j=1}^{d_k} \delta_{ij} - 0^{2}",
     "Σ_(i=1…d_k) Σ_(j=1…d_k) δ_ij - 0²"),
    (nodes.VarianceAndDeviation(), r"\begin{bmatrix} d_k & \sqrt{d_k} \end{bmatrix}", "[d_k, √d_k]"),
    (nodes.VarianceAndDeviation(768), r"\begin{bmatrix} 768 & \sqrt{768} \end{bmatrix}", "[768, √768]"),
    (nodes.ScaledVariance(), r"\frac{1}{d_k} \operatorname{Var}(q \cdot k)", "Var(q·k)/d_k"),
    (nodes.SampledVariances(), r"\begin{bmatrix} d_k & 1 \end{bmatrix}", "[d_k, 1]"),
    (nodes.HeadSplit(), r"\begin{bmatrix} d & h & d / h \end{bmatrix}", "[d, h, d/h]"),
    (nodes.KvGroups(), r"\left(\left[\, j = \lceil i \, n_{kv} / n_q \rceil \,\right]\right)_{ij}",
     "([j = ⌈i n_kv/n_q⌉])_(i,j)"),
    (nodes.GqaIdentity(), r"\operatorname{GQA}(Q, K, V) - \operatorname{MHA}(Q, K R, V R)",
     "GQA(Q, K, V) - MHA(Q, K R, V R)"),
    (nodes.KvCacheRatio(),
     r"\frac{2 \, N_{\text{layers}} \, L \, n_{kv} \, d_h \, b}{2 \, N_{\text{layers}} \, L \, n_q \, d_h \, b}",
     "(2 N_layers L n_kv d_h b)/(2 N_layers L n_q d_h b)"),
    (nodes.RankTest("V"), r"\begin{bmatrix} \operatorname{rank} X & \operatorname{rank}[X \mid V] \end{bmatrix}",
     "[rank X, rank [X | V]]"),
    (nodes.NullSpace(), r"\{ n : X n = 0 \}", "{n : X n = 0}"),
    (nodes.Approx(sp.Pow(3, half, evaluate=False), sp.sqrt(3), 4), r"\sqrt{3} \approx 1.7321", "√3 ≈ 1.7321"),
    (nodes.Approx(x, sp.Rational(1, 8), 2), r"x \approx 0.13", "x ≈ 0.13"),  # half-up, as by hand
    (nodes.Glyph("le"), r"\le", "≤"),
    (nodes.Glyph("rank"), r"\operatorname{rank}", "rank"),
    (nodes.Glyph("partial", gap=True), "\\partial ", "∂"),  # the space ends the command; text needs none
    (nodes.Sub(nodes.Glyph("theta"), "i"), r"\theta_i", "θ_i"),
    (nodes.Sub(nodes.Glyph("delta"), "ij"), r"\delta_{ij}", "δ_ij"),
    (nodes.Sub(nodes.Glyph("theta"), 2, braces=True), r"\theta_{2}", "θ_2"),
    (nodes.Root(nodes.Sub("d", "k")), r"\sqrt{d_k}", "√d_k"),
    (nodes.Root(x + 1), r"\sqrt{x + 1}", "√(x + 1)"),
    (nodes.Sub("v", nodes.Word("token")), r"v_{\text{token}}", "v_token"),
    (nodes.Word("a_b"), r"\text{a\_b}", "a_b"),
    (nodes.Sci("1.92", -6), r"1.92 \times 10^{-6}", "1.92 × 10^-6"),
    (nodes.RopeFrequency(), "b^{-2(i-1)/d}", "b^(-2(i-1)/d)"),
]

# (matrix form, LaTeX settings, its LaTeX, its Unicode)
MATRICES = [
    (sp.ImmutableMatrix([[1, half], [0, 2]]), {}, r"\begin{bmatrix} 1 & \frac{1}{2} \\ 0 & 2 \end{bmatrix}",
     "[1, 1/2; 0, 2]"),
    (sp.Matrix([[1, 2]]), {}, r"\begin{bmatrix} 1 & 2 \end{bmatrix}", "[1, 2]"),
    (sp.ImmutableSparseMatrix([[0, 1]]), {}, r"\begin{bmatrix} 0 & 1 \end{bmatrix}", "[0, 1]"),
    (sp.ImmutableMatrix([[1], [2]]), {}, r"\begin{bmatrix} 1 \\ 2 \end{bmatrix}", "[1; 2]"),
    (sp.ImmutableMatrix([[sp.exp(half)]]), {}, r"\begin{bmatrix} e^{1/2} \end{bmatrix}", "[e^(1/2)]"),
    (K, {}, "K", "K"),
    (K.T, {}, "K^{T}", "Kᵀ"),
    (Q * K.T, {}, "Q K^{T}", "Q Kᵀ"),
    (sp.Transpose(Q * K.T), {}, r"\left(Q K^{T}\right)^{T}", "(Q Kᵀ)ᵀ"),   # issue 16: not Q K^{T}^{T}
    (sp.Transpose(K.T), {}, r"\left(K^{T}\right)^{T}", "(Kᵀ)ᵀ"),
    (sp.Transpose(sp.MatAdd(P, P.T, evaluate=False)), {}, r"\left(P + P^{T}\right)^{T}", "(P + Pᵀ)ᵀ"),
    (sp.Transpose(sp.ImmutableMatrix([[1, 2]])), {}, r"\begin{bmatrix} 1 & 2 \end{bmatrix}^{T}", "[1, 2]ᵀ"),
    (sp.MatMul(sp.ImmutableMatrix([[1, 2]]), sp.ImmutableMatrix([[1], [0]]), evaluate=False), {},
     r"\begin{bmatrix} 1 & 2 \end{bmatrix} \begin{bmatrix} 1 \\ 0 \end{bmatrix}", "[1, 2] [1; 0]"),
    # SymPy's own settings reach the environment and the delimiters
    (sp.ImmutableMatrix([[1, 2]]), {"mat_str": "pmatrix"}, r"\begin{pmatrix} 1 & 2 \end{pmatrix}", None),
    (sp.ImmutableMatrix([[1, 2]]), {"mat_str": "matrix", "mat_delim": "("},
     r"\left(\begin{matrix} 1 & 2 \end{matrix}\right)", None),
    (sp.ImmutableMatrix([list(range(11))]), {"mat_str": None},
     r"\begin{array}{ccccccccccc} 0 & 1 & 2 & 3 & 4 & 5 & 6 & 7 & 8 & 9 & 10 \end{array}", None),
    (sp.ImmutableMatrix(0, 0, []), {}, r"\begin{bmatrix}\end{bmatrix}", "[]"),
]


def _id(row):
    return type(row[0]).__name__


@pytest.mark.parametrize("node, tex, text", NODES, ids=[_id(r) for r in NODES])
def test_node_latex(node, tex, text):
    assert latex(node) == tex


@pytest.mark.parametrize("node, tex, text", NODES, ids=[_id(r) for r in NODES])
def test_node_unicode(node, tex, text):
    assert unicode(node) == text


@pytest.mark.parametrize("expr, settings, tex, text", MATRICES,
                         ids=[f"{type(r[0]).__name__}-{i}" for i, r in enumerate(MATRICES)])
def test_matrix_forms(expr, settings, tex, text):
    assert latex(expr, **settings) == tex
    if text is not None:
        assert unicode(expr) == text


def test_inline_mode_gives_smallmatrix_when_no_environment_is_set():
    assert latex(sp.ImmutableMatrix([[1, 2]]), mat_str=None, mode="inline") == \
        r"$\begin{smallmatrix} 1 & 2 \end{smallmatrix}$"


def _printed_nodes(printer_class) -> set[str]:
    """The display nodes a printer has a ``_print_<Node>`` for (ours, not SymPy's)."""
    names = set(nodes.__all__)
    return {name[len("_print_"):] for name, _ in inspect.getmembers(printer_class)
            if name.startswith("_print_") and name[len("_print_"):] in names}


def test_every_print_method_has_a_row_and_every_node_a_method():
    covered = {type(row[0]).__name__ for row in NODES}
    latex_methods, text_methods = _printed_nodes(Printer), _printed_nodes(UnicodePrinter)
    assert latex_methods == text_methods, "a node printed in one notation only"
    assert latex_methods == covered
    for name in nodes.__all__:
        cls = getattr(nodes, name)
        if isinstance(cls, type) and issubclass(cls, sp.Basic):
            hooks = hasattr(cls, "_symattn_latex") and hasattr(cls, "_symattn_unicode")  # prints itself
            assert hooks or name in covered, f"nodes.{name} has no printer method"


def _document(node) -> Derivation:
    """A one-step document whose formula is ``node``, and whose note holds it in a formula."""
    note = Markup.of("see ", node)
    step = Step("demo", Text("演示", "Demo"), sp.MatrixSymbol("Z", 1, 1), node, None, (),
                sp.ImmutableMatrix([[1]]), ((1,),), notes=(Text(note, note),))
    return Derivation.of_step(step, lang="en")


@pytest.mark.parametrize("fmt", ["md", "tex", "html-body", "text"])
@pytest.mark.parametrize("node, tex, text", NODES, ids=[_id(r) for r in NODES])
def test_every_renderer_prints_the_node(node, tex, text, fmt):
    out = render(_document(node), fmt, "en")
    if fmt == "text":
        assert f"* see {text}\n" in out
    elif fmt == "html-body":
        assert html.escape(f"Z = {tex}", quote=False) in out
    else:
        assert f"Z = {tex}\n" in out
        assert f"see ${tex}$" in out


def test_latex_forms_render_in_katex():
    require_tool(katex.missing())
    formulas = [katex.Formula(tex, True) for _, tex, _ in NODES] + \
        [katex.Formula(tex, True) for e, settings, tex, _ in MATRICES if not settings.get("mode")]
    failures = katex.validate(formulas)
    assert not failures, "\n".join(str(f) for f in failures)


@pytest.mark.parametrize("settings, tex", [
    ({}, r"\begin{bmatrix} 0.4519 & 0.2741 \\ 1 & e^{1/2} \end{bmatrix}"),
    ({"mat_str": "pmatrix"}, r"\begin{pmatrix} 0.4519 & 0.2741 \\ 1 & e^{1/2} \end{pmatrix}"),
    ({"mat_str": "matrix", "mat_delim": "("},
     r"\left(\begin{matrix} 0.4519 & 0.2741 \\ 1 & e^{1/2} \end{matrix}\right)"),
])
def test_a_matrix_of_printed_cells_follows_the_same_settings(settings, tex):
    """The numeric level (decimals, with an exact entry where one is symbolic) is the same form."""
    cells = [["0.4519", "0.2741"], ["1", latex(sp.exp(half))]]
    assert Printer(settings).matrix_of(cells) == tex
