"""check on masks and multi-head attention (symattn.check.masks, symattn.check.heads): each step
against the author's own earlier printed step or the printed inputs, wrong only with a witness."""

from __future__ import annotations

import numpy as np
import pytest

from symattn.check.document import Document
from symattn.check import check_text
from symattn.check.heads import head_claims
from symattn.check.masks import mask_claims, stitch
from symattn.check.read import read_blocks


def _masks(text):
    return mask_claims(Document.of(text), read_blocks(Document.of(text)))


def _heads(text):
    return head_claims(Document.of(text), read_blocks(Document.of(text)))


def _softmax(rows):
    rows = np.asarray(rows, dtype=float)
    e = np.exp(rows - rows.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


SCORES = "scores = [[10.0, 2.0, 1.0], [5.0, 11.0, 7.0], [3.0, 9.0, 7.0]]\n"
CAUSAL = "A causal (look-ahead) mask, built with torch.tril:\n"


@pytest.mark.parametrize("mask, status", [
    ("mask = torch.tril: [[1, 0, 0], [1, 1, 0], [1, 1, 1]]", "exact"),                    # 1 = may attend
    ("causal mask = [[0, -inf, -inf], [0, 0, -inf], [0, 0, 0]]", "exact"),                # added to the scores
    ("causal mask via triu: [[0, 1, 1], [0, 0, 1], [0, 0, 0]]", "exact"),                 # 1 = hidden
    ("causal mask = [[1, 0, 0], [1, 1, 1], [1, 1, 1]]", "wrong"),                         # row 2 sees the future
])
def test_causal_mask_pattern(mask, status):
    claims = [c for c in _masks(SCORES + CAUSAL + mask) if "mask" in c.label]
    assert [c.status for c in claims] == [status]
    if status == "wrong":
        assert claims[0].entries[0]["entry"].endswith("[2,3]") and claims[0].entries[0]["correct"] == "0"


def test_mask_shape_against_the_sequence_length():
    text = ("The sequence length is seq_len = 5.\n"
            "Look-ahead mask = [[0, -inf, -inf, -inf], [0, 0, -inf, -inf], [0, 0, 0, -inf], [0, 0, 0, 0]]\n")
    (c,) = _masks(text)
    assert c.status == "wrong" and c.label == "shape of the mask"
    assert "4×4" in c.detail and "5×5" in c.detail and len(c.expected) == 5


def test_masked_scores_keep_the_printed_scores():
    ok = SCORES + CAUSAL + "masked = [[10.0, -inf, -inf], [5.0, 11.0, -inf], [3.0, 9.0, 7.0]]"
    bad = SCORES + CAUSAL + "masked = [[10.0, -inf, -inf], [5.0, 12.0, -inf], [3.0, 9.0, 7.0]]"
    assert [c.status for c in _masks(ok)] == ["exact"]
    (c,) = _masks(bad)
    assert c.status == "wrong" and c.entries[0]["correct"] == "11.0" and "line 1" in c.detail


def test_masked_softmax_rows_with_exact_zeros():
    masked = [[1.0, -np.inf, -np.inf], [0.5, 0.5, -np.inf], [0.5, 0.5, 1.0]]
    right = _softmax(masked)
    rows = [[f"{x:.4f}" for x in r] for r in right]

    def text():
        return ("masked = [[1.0, -inf, -inf], [0.5, 0.5, -inf], [0.5, 0.5, 1.0]]\nweights = ["
                + ", ".join("[" + ", ".join(r) + "]" for r in rows) + "]")
    (c,) = _masks(text())
    assert c.status == "rounded" and c.label == "masked softmax" and c.claimed[0] == ["1.0000", "0.0000", "0.0000"]
    rows[2][2] = "0.5000"      # should be 0.4519
    (c,) = _masks(text())
    assert c.status == "wrong"
    assert [(d["claimed"], d["correct"]) for d in c.entries] == [("0.5000", f"{right[2][2]:.4f}")]


def test_fully_masked_row_has_no_softmax():
    text = "masked = [[-inf, -inf], [0.5, -inf]]\nweights = [[0.0, 0.0], [1.0, 0.0]]"
    (c,) = [c for c in _masks(text) if c.label == "masked softmax"]
    assert c.status == "unverifiable" and "0/0" in c.detail


def test_numpy_rows_split_by_the_reader_are_stitched():
    text = "probs = F.softmax(masked, dim=-1)\n# tensor([[1.0000, 0.0000],\n# [0.2689, 0.7311]])\n"
    blocks = stitch(read_blocks(Document.of(text)))
    assert [b.shape for b in blocks] == [(2, 2)]


MHA = """Two heads: h = 2, d = 4, so each head has d_h = 2 columns.

Q = [[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]
K = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]
V = [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]]

Head 1 weights A_1 = {a1}
"""


def _head_weights(i):
    q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], dtype=float)
    k = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], dtype=float)
    s = q[:, 2 * i:2 * i + 2] @ k[:, 2 * i:2 * i + 2].T / np.sqrt(2)
    return _softmax(s)


def test_per_head_weights_bound_by_values():
    a = _head_weights(0)
    rows = [[f"{x:.4f}" for x in r] for r in a]
    text = MHA.format(a1="[" + ", ".join("[" + ", ".join(r) + "]" for r in rows) + "]")
    (c,) = _heads(text)
    assert c.status == "rounded" and c.label == "weights of head 1" and "√d_h" in c.detail
    rows[1][0] = "0.2500"
    (c,) = _heads(MHA.format(a1="[" + ", ".join("[" + ", ".join(r) + "]" for r in rows) + "]"))
    assert c.status == "wrong" and [(d["claimed"], d["correct"]) for d in c.entries] == [("0.2500", f"{a[1][0]:.4f}")]


def test_no_head_claims_without_several_heads():
    assert _heads("Q = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\nA = [[0.67, 0.33], [0.33, 0.67]]") == []


WO = r"""Multi-head attention with two heads.

Head 1 output = [[0.73, 0.27], [0.27, 0.73]]

Head 2 output = [[0.27, 0.73], [0.73, 0.27]]

Combined (concatenation of the heads) = [[0.73, 0.27, 0.27, 0.73], [0.27, 0.73, 0.73, 0.27]]

W^O = \frac{{1}}{{2}} \cdot [[1, 0, 1, 0], [0, 1, 0, 1]]

Final output = Combined @ W^O = {y}
"""


def test_concatenation_and_an_undefined_wo_product():
    claims = _heads(WO.format(y="[[0.50, 0.50], [0.50, 0.50]]"))
    assert [(c.label, c.status) for c in claims] == [("concatenation of the heads", "exact"), ("Concat · W_O", "wrong")]
    assert "undefined" in claims[1].detail and claims[1].diagnosis == "the printed values equal Combined·(W_O)ᵀ"
    other = _heads(WO.format(y="[[0.90, 0.10], [0.50, 0.50]]"))[1]
    assert other.status == "wrong" and other.diagnosis == ""



def test_report_of_a_whole_article_has_the_wrong_wo_product():
    report = check_text(WO.format(y="[[0.50, 0.50], [0.50, 0.50]]"), "wo.md")
    assert any(c.status == "wrong" and "W_O" in c.label for c in report.claims)
    assert report.exit_code == 1


@pytest.mark.parametrize("row2, status", [("[0.3455, 0.3337, 0.3208, 0.0000]", "exact"),
                                          ("[0.3455, 0.3337, 0.2208, 0.1000]", "wrong")])
def test_padding_mask_by_valid_lengths(row2, status):
    text = ("masked_softmax(torch.rand(2, 2, 4), torch.tensor([2, 3]))\n"
            "tensor([[[0.5980, 0.4020, 0.0000, 0.0000],\n"
            "         [0.5548, 0.4452, 0.0000, 0.0000]],\n\n"
            "        [[0.3716, 0.3926, 0.2358, 0.0000],\n"
            f"         {row2}]])\n")
    claims = _masks(text)
    assert [c.status for c in claims] == ["exact", status]
    if status == "wrong":
        assert [(d["claimed"], d["correct"]) for d in claims[1].entries] == [("0.1000", "0.0000")]


def test_output_from_a_masked_softmax():
    masked = [[1.0, -np.inf], [0.5, 1.0]]
    a = _softmax(masked)
    v = np.array([[1.0, 0.0], [0.0, 2.0]])
    o = a @ v
    weights = "[" + ", ".join("[" + ", ".join(f"{x:.4f}" for x in r) + "]" for r in a) + "]"

    def text(o01):
        return (f"V = [[1, 0], [0, 2]]\nmasked = [[1.0000, -inf], [0.5000, 1.0000]]\nweights = {weights}\n"
                f"output = [[{o[0][0]:.4f}, {o[0][1]:.4f}], [{o[1][0]:.4f}, {o01}]]")
    claims = {c.label: c for c in _masks(text(f"{o[1][1]:.4f}"))}
    assert claims["masked output A·V"].status == "rounded"
    c = {c.label: c for c in _masks(text("1.2000"))}["masked output A·V"]
    assert c.status == "wrong" and [(d["claimed"], d["correct"]) for d in c.entries] == [("1.2000", f"{o[1][1]:.4f}")]


def test_gqa_heads_share_kv_columns():
    q = np.array([[1, 0, 1, 1, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1, 0, 0]], dtype=float)
    k = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], dtype=float)
    # query head 3 (columns 5-6) uses K/V head 2 (columns 3-4): 4 query heads, 2 K/V heads
    a3 = _softmax(q[:, 4:6] @ k[:, 2:4].T / np.sqrt(2))
    rows = "[" + ", ".join("[" + ", ".join(f"{x:.4f}" for x in r) + "]" for r in a3) + "]"
    text = ("Grouped-query attention: n_q = 4 query heads share 2 K/V heads.\n"
            "Q = [[1, 0, 1, 1, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1, 0, 0]]\n"
            "K = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]\n"
            f"Head 3 weights A_3 = {rows}\n")
    (c,) = _heads(text)
    assert c.status == "rounded" and c.label == "weights of head 3" and "K/V head 2 of 2" in c.detail


TABLES = """Causal (look-ahead) mask on the scaled scores.

Scaled scores:

| | I | love | you |
|---|---|---|---|
| I | 0.50 | 0.20 | 0.10 |
| love | 0.30 | 0.70 | 0.40 |
| you | 0.20 | 0.60 | 0.90 |

After the mask:

| | I | love | you |
|---|---|---|---|
| I | 0.50 | {hidden} | {hidden} |
| love | 0.30 | 0.70 | {hidden} |
| you | 0.20 | 0.60 | 0.90 |

Weights:

| | I | love | you |
|---|---|---|---|
| I | 1.00 | | |
| love | 0.40 | 0.60 | |
| you | {w31} | 0.33 | 0.45 |
"""


@pytest.mark.parametrize("hidden", ["masked", "-inf", "−∞", "—"])
def test_tables_with_masked_or_blank_cells(hidden):
    right = _softmax([[0.2, 0.6, 0.9]])[0]
    claims = {c.label: c for c in check_text(TABLES.format(hidden=hidden, w31=f"{right[0]:.2f}"), "t.md").claims}
    assert claims["masked scores"].status == "exact" and claims["masked scores"].lines == [15, 16, 17]
    assert claims["masked softmax"].status == "rounded" and claims["masked softmax"].lines == [23, 24, 25]
    report = check_text(TABLES.format(hidden=hidden, w31="0.26"), "t.md")
    (wrong,) = [c for c in report.claims if c.status == "wrong"]
    assert wrong.wrong_lines == [25] and wrong.entries[0]["correct"] == f"{right[0]:.2f}"


def test_a_look_ahead_mask_of_the_wrong_size_is_wrong_even_when_its_pattern_is_causal():
    text = ("A causal mask for the 5-token sentence \"the cat sat on mats\":\n\n"
            "```\n[[1 0 0 0]\n [1 1 0 0]\n [1 1 1 0]\n [1 1 1 1]]\n```\n")
    (c,) = [c for c in check_text(text, "t.md").claims if c.status != "unverifiable"]
    assert c.status == "wrong" and c.label == "shape of the mask" and "5×5" in c.detail


@pytest.mark.parametrize("row3, status", [("[False, False, False,  True]", "exact"),
                                          ("[False,  True, False,  True]", "wrong")])
def test_boolean_mask_printed_by_torch(row3, status):
    text = ("```\nmask = torch.triu(torch.ones(4, 4), diagonal=1).bool()\nprint(mask)\n"
            "tensor([[False,  True,  True,  True],\n        [False, False,  True,  True],\n"
            f"        {row3},\n        [False, False, False, False]])\n```\n")
    (c,) = _masks(text)
    assert c.status == status
    if status == "wrong":
        assert [(d["entry"], d["claimed"], d["correct"]) for d in c.entries] == [("mask[3,2]", "True", "False")]


def test_concatenation_of_rows_named_after_heads():
    text = ("Two heads, h = 2.\n\n```\nConcatenate heads:\n  head1_output: [0.5, 0.8]\n  head2_output: [0.3, 0.6]\n"
            "  concat: [{c}]\n```\n")
    (ok,) = _heads(text.format(c="0.5, 0.8, 0.3, 0.6"))
    assert ok.label == "concatenation of the heads" and ok.status == "exact"
    (bad,) = _heads(text.format(c="0.5, 0.8, 0.6, 0.6"))
    assert bad.status == "wrong" and [(d["claimed"], d["correct"]) for d in bad.entries] == [("0.6", "0.3")]


def test_a_head_matrix_stacked_from_rows_printed_before():
    text = ("Multi-head attention, head 1.\n\nOutput of I: [0.73, 0.27]\n\nOutput of love: [0.27, 0.73]\n\n"
            "Head1 Output = [[0.73, 0.27], [0.27, 0.73]]\n")
    (c,) = _heads(text)
    assert c.status == "exact" and "lines 3, 5" in c.detail
