"""Topic quantities beyond the pipeline, on small hand-written snippets in other authors' notation
(each verdict worked by hand in the comment next to it)."""

from __future__ import annotations

import mpmath
import pytest

from symattn.check.document import Document
from symattn.check import check_text
from symattn.check.beyond.display import displays
from symattn.check.beyond.rotary import rotary_claims


def _rope(text):
    return rotary_claims(Document.of(text), displays(Document.of(text)))


def _status(text, line):
    return sorted({c.status for c in check_text(text, "t.md").claims if line in (c.lines or [c.line])})


# --------------------------------------------------------------------------- RoPE


def test_frequencies_plain_list():
    # d = 8 (4 pairs), base 10000: θ = 10000^(-0/8), ^(-2/8), ^(-4/8), ^(-6/8) = 1, 0.1, 0.01, 0.001
    c = _rope("RoPE, base 10000, d = 8: θ = [1, 0.1, 0.01, 0.001].")[0]
    assert c.status == "exact"


def test_frequencies_slip_has_a_witness():
    # 0.02 is a slip: the other three entries fit base 10000, so θ_3 is 0.01
    c = _rope("RoPE, base 10000, d = 8: θ = [1, 0.1, 0.02, 0.001].")[0]
    assert c.status == "wrong" and c.entries[0]["correct"] == "0.01"


def test_frequencies_other_base():
    # base 500000 (Llama 3), d = 4: θ = [1, 500000^(-1/2)] = [1, 0.00141421...]
    c = _rope("The rotary base is rope_theta = 500000. $\\omega = [1.0, 0.0014]$")[0]
    assert c.status == "rounded"


def test_rotation_pmatrix_exact_and_rounded():
    text = ("Rotary embedding of one pair:\n\n"
            "$$R(1) = \\begin{pmatrix} \\cos(1) & -\\sin(1) \\\\ \\sin(1) & \\cos(1) \\end{pmatrix} "
            "\\approx \\begin{pmatrix} 0.54 & -0.84 \\\\ 0.84 & 0.54 \\end{pmatrix}$$\n")
    assert [c.status for c in _rope(text)] == ["exact", "rounded"]


def test_rotation_transposed_convention_is_not_a_slip():
    # [[cos, sin], [-sin, cos]] is the same rotation written for row vectors: a reading, not a slip
    c = _rope("RoPE: R(1) = [[0.5403, 0.8415], [-0.8415, 0.5403]]")[0]
    assert c.status == "rounded"


def test_rotation_at_position_in_halves_layout():
    # d = 4, p = 2, rotate_half: pairs (1,3), (2,4); angles 2·1 and 2·0.01
    # cos 2 = -0.4161, sin 2 = 0.9093, cos 0.02 = 0.9998, sin 0.02 = 0.0200
    text = ("rotate_half pairs coordinate i with i + d/2.\n\n$$R_{2} = \\begin{bmatrix} "
            "-0.4161 & 0 & -0.9093 & 0 \\\\ 0 & 0.9998 & 0 & -0.0200 \\\\ "
            "0.9093 & 0 & -0.4161 & 0 \\\\ 0 & 0.0200 & 0 & 0.9998 \\end{bmatrix}$$\n")
    assert _rope(text)[0].status == "rounded"


def test_rotated_keys_with_a_slip():
    # K = [[1, 0], [0, 1]], positions 0 and 1, d = 2 (θ_1 = 1):
    # row 2 rotated by 1: (0·cos 1 − 1·sin 1, 0·sin 1 + 1·cos 1) = (-0.8415, 0.5403); 0.5430 is a slip
    text = ("RoPE example.\n\n$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$K_{\\text{rot}} = \\begin{bmatrix} 1 & 0 \\\\ -0.8415 & 0.5430 \\end{bmatrix}$$\n")
    c = _rope(text)[0]
    assert c.status == "wrong" and c.entries == [
        {"entry": "[2,2]", "line": 5, "claimed": "0.5430", "exact": c.entries[0]["exact"], "correct": "0.5403"}]


def test_scores_without_rotation_are_not_flagged():
    # an S that is the plain Q Kᵀ is another step of a RoPE article, not a slip of Q̃ K̃ᵀ
    text = ("Before RoPE:\n\n$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$S = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n")
    assert [c.status for c in _rope(text)] == ["exact"]


def test_unrelated_article_gets_nothing():
    assert _rope("$$R_{1} = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}$$") == []


def test_far_off_matrix_is_not_judged():
    # nothing fits two thirds of the entries: another matrix named R, not a RoPE slip
    assert _rope("RoPE. R(1) = [[1, 2], [3, 4]]") == []


@pytest.mark.parametrize("text", ["RoPE R(1) = [[cos 1, -sin 1], [sin 1, cos]]", "RoPE θ = [", "RoPE R() = [[1]]"])
def test_bad_input_never_raises(text):
    check_text(text, "t.md")


# --------------------------------------------------------------------------- softmax, Jacobian, online softmax

from symattn.check.beyond.softmaxes import softmax_claims  # noqa: E402


def _soft(text):
    return [(c.line, c.status) for c in softmax_claims(Document.of(text), displays(Document.of(text)))]


def test_jacobian_of_a_printed_distribution():
    # p = (0.5, 0.5): diag(p) − ppᵀ = [[0.25, −0.25], [−0.25, 0.25]]
    assert _soft("p = [0.5, 0.5]\n\nJ = [[0.25, -0.25], [-0.25, 0.25]]\n") == [(3, "exact")]


def test_jacobian_of_row_k_of_the_weights_exact():
    # row 2 of A is (1/3, 1/3, 1/3): J_22 = 1/3 − 1/9 = 2/9, off-diagonal −1/9
    text = ("$$A = \\begin{pmatrix} 1 & 0 & 0 \\\\ \\frac13 & \\frac13 & \\frac13 \\\\ 0 & 0 & 1 \\end{pmatrix}$$\n"
            "$$J_2 = \\begin{pmatrix} \\frac{2}{9} & -\\frac{1}{9} & -\\frac{1}{9} \\\\ -\\frac{1}{9} & \\frac{2}{9} & "
            "-\\frac{1}{9} \\\\ -\\frac{1}{9} & -\\frac{1}{9} & \\frac{2}{9} \\end{pmatrix}$$\n")
    assert _soft(text) == [(2, "exact")]


def test_weights_from_printed_scores():
    # softmax(0, ln 3) = (1/4, 3/4)
    assert _soft("$$S = \\begin{bmatrix} 0 & \\ln 3 \\\\ 0 & 0 \\end{bmatrix}$$\n"
                 "$$P = \\begin{bmatrix} 0.25 & 0.75 \\\\ 0.5 & 0.5 \\end{bmatrix}$$\n") == [(2, "exact")]


ONLINE = ("Online softmax, in tiles of 2 keys.\n\n"
          "$$S = \\begin{bmatrix} 1 & 2 & 3 \\\\ 0 & 0 & 0 \\\\ 3 & 2 & 1 \\end{bmatrix}$$\n\n")


def test_online_softmax_running_max_and_sum():
    # tile 1 (keys 1, 2): m = (2, 0, 3), ℓ = (1 + e^-1, 2, 1 + e^-1) = (1.3679, 2, 1.3679)
    # tile 2 (all keys): m = (3, 0, 3), ℓ = (1 + e^-1 + e^-2, 3, same) = (1.5032, 3, 1.5032)
    text = ONLINE + ("m^{(1)} = [2, 0, 3]\n\n\\ell^{(1)} = [1.3679, 2.0000, 1.3679]\n\n"
                     "m^{(2)} = [3, 0, 3]\n\n\\ell^{(2)} = [1.5032, 3.0000, 1.5032]\n")
    assert _soft(text) == [(5, "exact"), (7, "rounded"), (9, "exact"), (11, "rounded")]


def test_online_softmax_sum_with_a_slip():
    # ℓ^(2) of row 2 counts 3 keys of e^0: 3, not 2 (the other two entries fit, so 3 is the witness)
    c = softmax_claims(Document.of(ONLINE + "\\ell^{(2)} = [1.5032, 2.0000, 1.5032]\n"),
                       displays(Document.of(ONLINE + "\\ell^{(2)} = [1.5032, 2.0000, 1.5032]\n")))[0]
    assert c.status == "wrong" and c.entries[0]["correct"] == "3.0000"


def test_running_names_outside_online_softmax_are_left_alone():
    assert _soft("$$S = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n\nm = [5]\n") == []


# --------------------------------------------------------------------------- chains checked from their own parts

from symattn.check.beyond.identities import identity_claims  # noqa: E402


@pytest.mark.parametrize("text, status", [
    ("$$\\cos(a - b) = \\cos a \\cos b + \\sin a \\sin b$$", ["exact"]),          # a trig identity in letters
    ("$$J_{11} = p_1 (1 - p_1) = 0.5 \\cdot 0.5 = 0.25$$", ["exact"]),            # closed parts 0.25 = 0.25
    ("$$\\sqrt{e} = e^{1/2} \\approx 1.6487$$", ["rounded"]),                    # e^{1/2} = 1.64872...
    ("$$y = d (d - 1) \\cdot 0 + d = d$$", ["exact"]),                          # d(d−1)·0 + d = d
    ("\\begin{align*} s &= 1 \\cdot 2 \\\\ &= 2 \\end{align*}", ["exact"]),     # one chain over two lines
])
def test_chains_that_hold(text, status):
    assert [c.status for c in identity_claims(Document.of(text))] == status


@pytest.mark.parametrize("text", [
    "$$x = 2 \\cdot 3 = 7$$",                  # a slip: not judged here (no witness of which side is meant)
    "$$\\sin(2a) = 2 \\sin a$$",               # false in general: nothing said
    "$$f(2) = 2$$",                            # an unknown function is not a product
    "$$a \\le b = 3$$",                         # not a chain of equalities
    "$$\\mathbb{E}[q] = 0$$",                  # E[·] is not arithmetic
])
def test_chains_left_alone(text):
    assert identity_claims(Document.of(text)) == []


def test_align_chain_gives_each_row_its_claim():
    cs = identity_claims(Document.of("x\n\\begin{align*}\nt &= \\frac{1}{2} \\cdot 4 \\\\\n&= 2\n\\end{align*}\n"))
    assert [(c.line, c.lines, c.status) for c in cs] == [(3, [3], "exact"), (4, [4], "exact")]


# --------------------------------------------------------------------------- RoPE on one line

from symattn.check.beyond.rope_lines import rope_line_claims  # noqa: E402


def _lines(text):
    return [(c.line, c.status, c.label) for c in rope_line_claims(Document.of(text), displays(Document.of(text)))]


def test_relative_identity_with_subscripts():
    # R_m^T R_n = R_{n-m}: C = B − A, the angle-difference formulas
    assert _lines("RoPE: $R_m^{T} R_n = R_{n-m}$") == [(1, "exact", "the relative-position identity of RoPE")]


def test_relative_identity_other_order_is_not_judged():
    # R_m^T R_n = R_{m-n} holds only for the transposed convention: no verdict either way
    assert _lines("RoPE: $R_m^{T} R_n = R_{m-n}$") == []


def test_a_name_defined_as_the_difference_is_zero():
    text = "Rotary.\n\n$$D = R(a)^{T} R(b) - R(b - a)$$\n\n$$D = 0$$\n"
    assert _lines(text) == [(5, "exact", "the relative-position identity of RoPE")]


def test_frequency_formula_from_zero():
    # i = 0 … d/2 − 1 with d = 8: 10000^(-2i/8) is RoPE's schedule
    assert _lines("RoPE with $d = 8$: $\\theta_i = 10000^{-2i/d}$") == [(1, "exact", "RoPE frequency formula")]


def test_other_frequency_formula_is_not_judged():
    assert _lines("RoPE with $d = 8$: $\\theta_i = 10000^{-i/d}$") == []


def test_rotated_query_entry():
    # q_2 = (0, 1) at position 1, θ_1 = 1: q̃_21 = 0·cos 1 − 1·sin 1 = −sin 1
    text = ("RoPE.\n\n$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$\\tilde{q}_{21} = -\\sin 1$$\n\n$$\\tilde{q}_{22} = \\sin 1$$\n")
    assert _lines(text) == [(5, "exact", "rotated Q, entry (2,1)")]


# --------------------------------------------------------------------------- the √d_k argument

from symattn.check.beyond.moments import moment_claims  # noqa: E402

_UNIT = "Assume the components are independent with mean 0 and variance 1. "


def _moments(text):
    return [(c.line, c.status) for c in moment_claims(Document.of(text), displays(Document.of(text)))]


def test_variance_at_a_stated_dimension():
    # Var(q·k) = d_k = 64, Var(q·k/√d_k) = 1
    assert _moments(_UNIT + "With $d_k = 64$: $\\mathrm{Var}(q \\cdot k) = 64$ and "
                            "$\\mathrm{Var}(q \\cdot k / \\sqrt{d_k}) = 1$.") == [(1, "exact"), (1, "exact")]


def test_variance_slip_has_a_witness():
    c = moment_claims(Document.of(_UNIT + "With $d_k = 64$: $\\mathrm{Var}(q \\cdot k) = 8$."), [])[0]
    assert c.status == "wrong" and c.expected == "64"


def test_variance_slip_with_two_dimensions_is_not_judged():
    # d_k = 64 and d_k = 512 both appear: which one a line means is not certain, so no wrong verdict
    text = _UNIT + "First $d_k = 64$.\nThen $d_k = 512$: $\\mathrm{Var}(q \\cdot k) = 500$.\n"
    assert _moments(text) == []


def test_moments_in_letters_and_sums():
    # E[q_1 k_1 q_2 k_2] = E[q_1]E[k_1]E[q_2]E[k_2] = 0; Σ_{i=1}^{d} E[q_i]E[k_i] = d·0 = 0
    text = _UNIT + ("\n$$\\mathbb{E}[q_1 k_1 q_2 k_2] = 0$$\n"
                    "$$\\mathbb{E}[q \\cdot k] = \\sum_{i=1}^{d_k} \\mathbb{E}[q_i]\\,\\mathbb{E}[k_i] = 0$$\n"
                    "$$\\operatorname{Var}(q \\cdot k) = \\sum_{i=1}^{d_k}\\sum_{j=1}^{d_k} \\delta_{ij} = d_k$$\n")
    assert _moments(text) == [(2, "exact"), (3, "exact"), (4, "exact")]


def test_no_stated_assumption_no_claim():
    assert _moments("With $d_k = 64$: $\\mathrm{Var}(q \\cdot k) = 64$.") == []


def test_fourth_moment_needs_normality():
    assert _moments(_UNIT + "$\\mathbb{E}[q_1^{4}] = 3$") == []


def test_standard_deviation_beside_the_variance():
    # [Var(q·k), σ] = [512, 22.63]: √512 = 22.627…
    text = _UNIT + ("$d_k = 512$\n\n$$\\begin{bmatrix} \\mathrm{Var}(q \\cdot k) & \\sigma \\end{bmatrix} \\approx "
                    "\\begin{bmatrix} 512 & 22.63 \\end{bmatrix}$$\n")
    assert _moments(text) == [(3, "exact"), (3, "rounded")]


def test_running_max_chain_with_minus_infinity():
    # max(−∞, 2, 0.5) = 2
    assert [c.status for c in identity_claims(Document.of("$$M_1 = \\max(-\\infty, 2, 0.5) = 2$$"))] == ["exact"]


def test_same_head_written_out_again():
    # D = e^{a}(e^{b} + 1) then D = e^{a+b} + e^{a}: equal for every a, b; then D = 0 is not (no verdict)
    text = "$$D = e^{a}(e^{b} + 1)$$\n\n$$D = e^{a + b} + e^{a}$$\n\n$$D = 0$$\n"
    assert [(c.line, c.status) for c in identity_claims(Document.of(text))] == [(3, "exact")]


def test_online_softmax_start_and_tile_scores():
    # before any tile m = −∞ and ℓ = 0; tile 2 of 2 keys holds column 3 of S: (3, 0, 1)
    text = ONLINE + ("Start: $m_0 = -\\infty$, $\\ell_0 = 0$; not $m_0 = 0$.\n\n"
                     "$$S^{(2)} = \\begin{bmatrix} 3 \\\\ 0 \\\\ 1 \\end{bmatrix}$$\n")
    assert _soft(text) == [(5, "exact"), (5, "exact"), (7, "exact")]


# --------------------------------------------------------------------------- substituted forms

from symattn.check.beyond.matexpr import substituted_claims  # noqa: E402


def _subst(text):
    return [(c.line, c.status) for c in substituted_claims(Document.of(text), displays(Document.of(text)))]


def test_running_sum_substituted_in_other_notation():
    # tiles of 1 key: scores row (0, ln 2); after tile 2: m = ln 2, ℓ = e^{0 − ln 2}·1 + e^{ln2 − ln2} = 1.5
    text = ("Online softmax, tiles of 1.\n\n$$S = \\begin{bmatrix} 0 & \\ln 2 \\end{bmatrix}$$\n\n"
            "$$l^{(2)} = \\exp\\left(\\begin{bmatrix} 0 \\end{bmatrix} - \\begin{bmatrix} \\ln 2 \\end{bmatrix}\\right)"
            " \\odot \\begin{bmatrix} 1 \\end{bmatrix} + \\operatorname{rowsum}\\left(\\exp\\left(\\begin{bmatrix} "
            "\\ln 2 \\end{bmatrix} - \\begin{bmatrix} \\ln 2 \\end{bmatrix} \\mathbf{1}^T\\right)\\right)$$\n")
    assert _subst(text) == [(5, "exact")]


def test_substituted_weights_that_do_not_fit_are_left_alone():
    # softmax of (0, 0) is (1/2, 1/2): a head P printed as softmax of other numbers is not judged here
    text = ("$$S = \\begin{bmatrix} 0 & 0 \\end{bmatrix}$$\n"
            "$$P = \\operatorname{softmax}\\left(\\begin{bmatrix} 0 & 1 \\end{bmatrix}\\right)$$\n")
    assert _subst(text) == []


def test_scaled_scores_as_a_fraction_of_a_matrix():
    text = ("$$X = \\frac{\\begin{bmatrix} 2 & 4 \\end{bmatrix}}{\\sqrt{4}}$$\n\n"
            "$$X = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n")
    assert _subst(text) == [(1, "exact")]


# --------------------------------------------------------------------------- notes on the matrix above

from symattn.check.beyond.properties import property_claims  # noqa: E402


def _props(text):
    return [(c.line, c.status) for c in property_claims(Document.of(text), displays(Document.of(text)))]


def test_jacobian_rows_sum_to_zero_and_it_is_symmetric():
    # diag(p) − ppᵀ for p = (1/2, 1/2): rows (1/4, −1/4), (−1/4, 1/4), symmetric, rows sum to 0
    text = ("$$J = \\begin{pmatrix} \\frac{1}{4} & -\\frac{1}{4} \\\\ -\\frac{1}{4} & \\frac{1}{4} \\end{pmatrix}$$\n"
            "Each row sums to 0 and J is symmetric.\n")
    assert _props(text) == [(2, "exact")]


def test_smallest_entry_at_its_significant_digits():
    # e^{-10} = 4.54e-5
    text = "$$p = \\begin{bmatrix} 1 & e^{-10} \\end{bmatrix}$$\nThe smallest weight is about $4.5 \\times 10^{-5}$.\n"
    assert _props(text) == [(2, "rounded")]


def test_a_note_that_does_not_hold_is_left_alone():
    # rows sum to 1 and 0.5: the note may speak of another matrix, so nothing is said
    text = ("$$P = \\begin{bmatrix} 0.5 & 0.5 \\\\ 0.25 & 0.25 \\end{bmatrix}$$\nEvery row sums to 1.\n"
            "Rounded, every row does not sum to 1.\n")
    assert _props(text) == []


# --------------------------------------------------------------------------- decoding with a KV cache

from symattn.check.beyond.kvdecode import kv_decode_claims  # noqa: E402

KV = ("Decoding with a KV cache.\n\n$$Q = \\begin{bmatrix} 0 & 0 \\\\ 0 & 0 \\end{bmatrix}$$\n\n"
      "$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n$$V = \\begin{bmatrix} 2 & 0 \\\\ 0 & 4 \\end{bmatrix}$$\n\n")


def _kv(text):
    return [(c.line, c.status) for c in kv_decode_claims(Document.of(text), displays(Document.of(text)))]


def test_step_output_is_the_causal_row():
    # q_2 = 0: equal weights over the 2 cached keys, o_2 = (v_1 + v_2)/2 = (1, 2); o_2 = (2, 0) is not it
    assert _kv(KV + "$$o_{2} = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n") == [(9, "exact")]
    assert _kv(KV + "$$o_{2} = \\begin{bmatrix} 2 & 0 \\end{bmatrix}$$\n") == []


def test_cache_notes():
    # after 2 tokens: K_{1:2} is 2×2, 2·2 multiplications for the scores, 2·(2+2) = 8 numbers held
    text = KV + ("Step $o_{2}$: $K_{1:2}$ is $2 \\times 2$. This step needs $4$ multiplications. "
                 "After $2$ tokens it holds $8$ numbers.\n")
    assert _kv(text) == [(9, "exact")]


def test_cache_notes_that_count_otherwise_are_left_alone():
    # 4 numbers after 2 tokens counts K only (or one of K, V): another count, not judged
    assert _kv(KV + "After $2$ tokens it holds $4$ numbers.\n") == []


def test_pairs_and_position_zero_notes():
    # d = 8: 4 pairs, each a 2×2 rotation; position 0 rotates by 0: the identity
    text = "RoPE, $d = 8$.\nThere are $4$ rotations of $2 \\times 2$; at position $0$ it is the identity.\n3 pairs?\n"
    assert _lines(text) == [(2, "exact", "RoPE pairs and positions")]


# --------------------------------------------------------------------------- update formulas in names

from symattn.check.beyond.formulas import formula_claims  # noqa: E402

TILES = "Online softmax in tiles of 1.\n\n$$S = \\begin{bmatrix} 0 & 1 \\\\ 2 & 0 \\end{bmatrix}$$\n\n"


def _formulas(text):
    return [(c.line, c.status) for c in formula_claims(Document.of(text), displays(Document.of(text)))]


def test_running_sum_update_with_its_rescale():
    # ℓ^(2) = e^{m1 − m2}·ℓ^(1) + rowsum(e^{S^(2) − m2}): row 1: e^{-1}·1 + 1, the definition Σ e^{s − m2}
    assert _formulas(TILES + "$$\\ell^{(2)} = \\exp\\left(m^{(1)} - m^{(2)}\\right) \\odot \\ell^{(1)} + "
                             "\\operatorname{rowsum}\\left(\\exp\\left(S^{(2)} - m^{(2)} \\mathbf{1}^T\\right)\\right)$$\n") \
        == [(5, "exact")]


def test_running_sum_without_the_rescale_is_not_judged():
    # ℓ^(1) + rowsum(...) forgets to move the old sum onto the new maximum (row 1: 1 + 1 ≠ e^{-1} + 1)
    assert _formulas(TILES + "$$\\ell^{(2)} = \\ell^{(1)} + \\operatorname{rowsum}\\left(\\exp\\left(S^{(2)} - "
                             "m^{(2)} \\mathbf{1}^T\\right)\\right)$$\n") == []


def test_decode_step_formula():
    # o_2 = softmax(q_2 K_{1:2}ᵀ/√d_k) V_{1:2} with the printed Q, K, V of the KV test above
    assert _formulas(KV + "$$o_{2} = \\operatorname{softmax}\\left(\\frac{q_{2} K_{1:2}^{T}}{\\sqrt{d_{k}}}\\right) "
                          "V_{1:2}$$\n") == [(9, "exact")]


def test_jacobian_formula_in_names():
    # diag(a) − a aᵀ is the softmax Jacobian; diag(a) + a aᵀ is not (nothing said)
    text = "$$a = \\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}$$\n\n$$J = \\operatorname{diag}(\\mathbf{a}) - \\mathbf{a}\\mathbf{a}^\\top$$\n"
    assert _formulas(text) == [(3, "exact")]
    assert _formulas(text.replace("- \\mathbf{a}", "+ \\mathbf{a}")) == []


def test_limit_of_exponentials():
    # 2e^t/(e^t + 2)^2 ~ 2e^{-t} → 0; t/(t + 1) → 1 too slowly to be judged here
    assert [c.status for c in identity_claims(Document.of(
        "$$\\lim_{t \\to \\infty} \\frac{2 e^{t}}{\\left(e^{t} + 2\\right)^{2}} = 0$$"))] == ["exact"]
    assert identity_claims(Document.of("$$\\lim_{t \\to \\infty} \\frac{t}{t + 1} = 1$$")) == []
    assert identity_claims(Document.of("$$\\lim_{t \\to \\infty} e^{-t} = 1$$")) == []


def test_tiling_note_and_output_in_names():
    # 3 keys in tiles of 2: ⌈3/2⌉ = 2 tiles (3 tiles would not be); O = softmax(S) V with the printed S, V
    text = ("Online softmax: the 3 keys in 2 tiles of 2.\n\n$$S = \\begin{bmatrix} 0 & 0 & 0 \\end{bmatrix}$$\n\n"
            "$$V = \\begin{bmatrix} 3 \\\\ 0 \\\\ 0 \\end{bmatrix}$$\n\n$$O = \\operatorname{softmax}(S) V$$\n\n"
            "$$O = \\begin{bmatrix} 1 \\end{bmatrix}$$\n")
    assert _soft(text)[:1] == [(1, "exact")]
    assert _soft(text.replace("2 tiles", "3 tiles"))[:1] != [(1, "exact")]
    assert _formulas(text) == [(7, "exact")]


def test_cache_as_stacked_blocks_and_the_difference_of_outputs():
    # K_{1:2} = [K_{1:1}; k_2] is the first 2 rows of K; [o_1; o_2] − O = 0, as printed below it
    text = KV + ("$$K_{1:2} = \\begin{bmatrix} K_{1:1} \\\\ k_{2} \\end{bmatrix}$$\n\n"
                 "$$D = \\begin{bmatrix} o_{1} \\\\ o_{2} \\end{bmatrix} - O$$\n\n"
                 "$$D = \\begin{bmatrix} 0 & 0 \\\\ 0 & 0 \\end{bmatrix}$$\n")
    assert _formulas(text) == [(9, "exact"), (11, "exact")]


def test_decode_step_weights_note():
    # step 2 with q_2 = 0: weights (1/2, 1/2); (1/3, 2/3) would not be them
    assert _kv(KV + "$o_{2}$: Weights $\\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}$.\n")[-1:] == [(9, "exact")]
    assert _kv(KV + "$o_{2}$: Weights $\\begin{bmatrix} 0.25 & 0.75 \\end{bmatrix}$.\n") == []


def test_rotation_in_letters():
    # [[cos t, −sin t], [sin t, cos t]] is the rotation by t; [[cos t, sin t], [sin t, cos t]] is not one
    ok = "RoPE: $R(t) = \\begin{pmatrix} \\cos t & -\\sin t \\\\ \\sin t & \\cos t \\end{pmatrix}$"
    assert _lines(ok) == [(1, "exact", "RoPE rotation in letters")]
    assert _lines(ok.replace("-\\sin t", "\\sin t")) == []


def test_a_slipped_distribution_is_no_witness_for_its_jacobian():
    # p = (1.0000, 0.0037, 0.0000) sums to 1.0037, more than its rounding allows (3 × 0.00005): a slip,
    # not the a of J; J ≈ 0 (a almost one-hot) must not be called wrong from p
    from symattn.check.beyond import beyond_claims
    from symattn.check.read import read_blocks
    text = ("p = [1.0000, 0.0037, 0.0000]\n\n"
            "J = [[0.0000, 0.0000, 0.0000], [0.0000, 0.0000, 0.0000], [0.0000, 0.0000, 0.0000]]\n")
    assert [c for c in beyond_claims(Document.of(text), read_blocks(Document.of(text))) if c.status == "wrong"] == []


def test_a_bracketed_remark_after_a_number_is_not_a_factor():
    # "4096 (2^12)" restates 4096; \frac{1}{3}\left(1 - \frac{1}{3}\right) is a product (2/9)
    from symattn.check.beyond.arith import evaluate
    assert evaluate("4096 (2^12)") is None
    assert abs(evaluate("\\frac{1}{3} \\left(1 - \\frac{1}{3}\\right)") - mpmath.mpf(2) / 9) < 1e-12


def test_max_with_left_right_brackets():
    assert [c.status for c in identity_claims(Document.of("$$m_1 = \\max\\left(-\\infty, 1, \\frac{1}{2}\\right) = 1$$"))] == ["exact"]


# --------------------------------------------------------------------------- tables restating a matrix

_JAC_TABLE = ("The weights are $p = \\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}$.\n\n"
              "$$\\partial p / \\partial z \\approx \\begin{bmatrix} 0.25 & -0.25 \\\\ -0.25 & 0.25 \\end{bmatrix}$$\n\n"
              "GAP| | cat | dog |\n|---|---:|---:|\n| **cat** | 0.25 | -0.25 |\n| **dog** | -0.25 | X |\n")


def test_a_table_restating_the_jacobian_above_is_that_jacobian():
    # p = (1/2, 1/2): diag(p) − ppᵀ = [[1/4, −1/4], [−1/4, 1/4]]; the table repeats it under labels
    t = _JAC_TABLE.replace("GAP", "").replace("X", "0.25")
    assert _status(t, 3) == ["exact"] and _status(t, 8) == ["exact"]


def test_a_slip_in_the_restating_table_is_wrong_with_its_witness():
    # the table prints 0.20 where diag(p) − ppᵀ has 1/4 (three of four entries fit: 0.25 is the witness)
    t = _JAC_TABLE.replace("GAP", "").replace("X", "0.20")
    bad = [c for c in check_text(t, "t.md").claims if c.status == "wrong"]
    assert [c.wrong_lines for c in bad] == [[8]]
    assert any(e.get("correct") == "0.25" for c in bad for e in (c.entries or []))


def test_a_table_under_another_heading_is_not_the_matrix_above():
    # a heading between them: the table may be another quantity, so it is not judged as ∂p/∂z
    t = _JAC_TABLE.replace("GAP", "## Another step\n\n").replace("X", "0.20")
    assert "wrong" not in {c.status for c in check_text(t, "t.md").claims}


def test_jacobian_written_as_a_fraction_of_partials():
    # α = (0.2, 0.8): diag(α) − ααᵀ = [[0.16, −0.16], [−0.16, 0.16]]
    t = ("$\\alpha = \\begin{bmatrix} 0.2 & 0.8 \\end{bmatrix}$\n\n"
         "$$\\frac{\\partial \\alpha}{\\partial x} = \\begin{bmatrix} 0.16 & -0.16 \\\\ -0.16 & 0.16 \\end{bmatrix}$$\n")
    assert _status(t, 3) == ["exact"]


# --------------------------------------------------------------------------- decimals of an exact matrix

_ROUNDED = ("$$\\mathbf{H} = \\begin{bmatrix} \\cos\\frac{\\pi}{3} & \\sqrt{3} \\\\ e^{-1} & \\frac{2}{7} \\end{bmatrix}$$\n\n"
            "GAP$$\\mathbf{H} \\approx \\begin{bmatrix} 0.500 & 1.732 \\\\ 0.368 & X \\end{bmatrix}$$\n")


def _rounded(t):
    from symattn.check.beyond.rounded import rounded_claims
    return [(c.line, c.status) for c in rounded_claims(Document.of(t), displays(Document.of(t)))]


def test_decimals_that_round_the_exact_matrix_above_are_right():
    # cos π/3 = 0.5, √3 = 1.7320…, e^-1 = 0.3678…, 2/7 = 0.2857…: all agree at 3 places
    assert _rounded(_ROUNDED.replace("GAP", "").replace("X", "0.286")) == [(3, "rounded")]


def test_decimals_off_the_exact_matrix_get_no_verdict():
    # 2/7 = 0.286, printed 0.268: either matrix may be the slip, so nothing is said (never wrong)
    assert _rounded(_ROUNDED.replace("GAP", "").replace("X", "0.268")) == []


def test_decimals_under_another_heading_are_not_that_matrix():
    # a heading between: H may have been redefined in the new section
    assert _rounded(_ROUNDED.replace("GAP", "## Next\n\n").replace("X", "0.286")) == []


# --------------------------------------------------------------------------- a note restating a value above

_NOTE = ("$$(\\mu, s) = \\begin{bmatrix} 0 & 2\\sqrt{6} \\end{bmatrix}$$\n\n"
         "GAP* Without scaling the logits spread by about $VALUE$.\n")


def _notes(t):
    from symattn.check.beyond.notes import note_claims
    return [(c.line, c.status) for c in note_claims(Document.of(t), displays(Document.of(t)))]


def test_a_note_restating_a_root_of_the_matrix_above_is_right():
    # s = 2√6 = √24 = 4.898…: the note's $\sqrt{24}$ and its $4.90$ are that entry
    assert _notes(_NOTE.replace("GAP", "").replace("VALUE", "\\sqrt{24}")) == [(3, "exact")]
    assert _notes(_NOTE.replace("GAP", "").replace("VALUE", "4.90")) == [(3, "rounded")]


def test_a_note_with_another_value_or_after_a_heading_says_nothing():
    # √23 is no entry (the note may speak of something else); a bare 1/2 or 0 is too common to match;
    # after a heading the matrix may be out of scope
    assert _notes(_NOTE.replace("GAP", "").replace("VALUE", "\\sqrt{23}")) == []
    assert _notes(_NOTE.replace("GAP", "").replace("VALUE", "\\frac{1}{2}")) == []
    assert _notes(_NOTE.replace("GAP", "### Next\n\n").replace("VALUE", "\\sqrt{24}")) == []


def test_a_matrix_head_is_named_by_its_printed_text():
    # [μ σ] = [0 √2] then [μ σ] ≈ [0.00 1.41]: the same printed head; [ν τ] ≈ .. is another quantity
    head = "\\begin{bmatrix} \\mu & \\sigma \\end{bmatrix}"
    t = (f"$$\n{head} = \\begin{{bmatrix}} 0 & \\sqrt{{2}} \\end{{bmatrix}}\n$$\n\n"
         f"$$\nHEAD \\approx \\begin{{bmatrix}} 0.00 & 1.41 \\end{{bmatrix}}\n$$\n")
    assert _rounded(t.replace("HEAD", head)) == [(6, "rounded")]
    assert _rounded(t.replace("HEAD", "\\begin{bmatrix} \\nu & \\tau \\end{bmatrix}")) == []


# --------------------------------------------------------------------------- rounded row sums

_SUMS = ("$$P = \\begin{bmatrix} \\frac{2}{3} & \\frac{1}{3} \\\\ \\frac{1}{6} & \\frac{5}{6} \\end{bmatrix}$$\n\n"
         "* At one decimal the rows do not add to 1 any more: row 1 gives $1.0$, row 2 gives $X$.\n")


def _sums(t):
    from symattn.check.beyond.rowsums import rowsum_claims
    return [(c.line, c.status) for c in rowsum_claims(Document.of(t), displays(Document.of(t)))]


def test_rounded_row_sums_of_the_matrix_above():
    # one decimal: row 1 0.7 + 0.3 = 1.0; row 2 0.2 + 0.8 = 1.0
    assert _sums(_SUMS.replace("X", "1.0")) == [(3, "exact")]


def test_a_rounded_row_sum_that_does_not_hold_says_nothing():
    # row 2 rounds to 0.2 + 0.8 = 1.0, not 0.9: the note may speak of another matrix, so no verdict
    assert _sums(_SUMS.replace("X", "0.9")) == []
