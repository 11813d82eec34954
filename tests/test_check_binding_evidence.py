"""What makes a printed array a given, and what makes it a result: evidence the binder weighs.

Each article here is generated with numbers of its own; numpy computes the right values.  The
properties: an array the code sets by hand is the author's result wherever the article's inputs
already give that step; after a mention of several heads, a one-head example's prints still bind by
their values (only a label alone is no witness there); a list of sizes after a word for shape is no
input.
"""

from __future__ import annotations

import numpy as np
import pytest

from symattn.check import check_text

Q = np.array([[0.2, 0.1], [0.4, 0.3], [0.1, 0.5]])
K = np.array([[0.3, 0.2], [0.1, 0.4], [0.5, 0.6]])


def _softmax_rows(s):
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _py(name, m, places):
    rows = ",\n    ".join("[" + ", ".join(f"{x:.{places}f}" for x in r) + "]" for r in m)
    return f"{name} = np.array([\n    {rows}\n])\n"


def _wrong_lines(text):
    report = check_text(text, "a.md")
    return sorted({ln for c in report.claims if c.status == "wrong" for ln in (c.wrong_lines or [c.line])}), report


@pytest.mark.parametrize("slip_at", [(0, 1), (2, 2)])
def test_scores_the_code_sets_by_hand_are_judged_where_the_inputs_give_them(slip_at):
    scores = Q @ K.T
    printed = scores.copy()
    printed[slip_at] += 0.05   # a slip in one dot product
    weights = _softmax_rows(printed / np.sqrt(2))   # the author goes on from the wrong scores
    text = ("# Scores by hand\n\n```python\nimport numpy as np\n" + _py("Q", Q, 1) + _py("K", K, 1) +
            "```\n\nThe scores, worked out:\n\n```python\n" + _py("scores", printed, 2) + "```\n\n"
            "Divided by sqrt(2) and normalised per row:\n\n```python\n" + _py("weights", weights, 4) + "```\n")
    lines, report = _wrong_lines(text)
    row = text.splitlines().index(next(t for t in text.splitlines() if t.startswith("scores = "))) + 2 + slip_at[0]
    assert row in lines, report.render() if hasattr(report, "render") else lines
    wrong = next(c for c in report.claims if c.status == "wrong" and row in (c.wrong_lines or [c.line]))
    (entry,) = [e for e in wrong.entries if e.get("line", row) == row and e["claimed"] == f"{printed[slip_at]:.2f}"]
    assert entry["correct"] == f"{scores[slip_at]:.2f}"
    # the weights follow the wrong scores: wrong for the reader too, at the row that carries the slip
    weights_row = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("weights = ")) + 1 + slip_at[0]
    assert weights_row in lines


def test_the_right_scores_set_by_hand_are_right():
    text = ("```python\nimport numpy as np\n" + _py("Q", Q, 1) + _py("K", K, 1) + "```\n\n```python\n" +
            _py("scores", Q @ K.T, 2) + "```\n")
    lines, report = _wrong_lines(text)
    assert lines == []
    assert any(c.status in ("exact", "rounded") for c in report.claims if c.line > 10)


def test_a_slip_in_a_one_head_example_after_a_mention_of_heads_is_caught_by_its_values():
    V = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    weights = _softmax_rows(Q @ K.T / np.sqrt(2))
    printed = np.round(weights, 3)
    printed[1] = [printed[1, 0] + 0.04, printed[1, 1] - 0.02, printed[1, 2] - 0.02]   # a slip that still sums to 1
    text = ("The full model splits 64 dimensions over 8 heads of 8; here one head of width 2.\n\n"
            "```python\n" + _py("Q", Q, 1) + _py("K", K, 1) + _py("V", V, 1) + "```\n\n"
            "Scaled by sqrt(2), each row normalised:\n\n```python\n" + _py("attention_weights", printed, 3) +
            "```\n")
    lines, _ = _wrong_lines(text)
    row = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("attention_weights = np.array")) + 2
    assert row in lines


@pytest.mark.parametrize("word", ["shape", "形状", "size"])
def test_a_list_of_sizes_after_a_word_for_shape_is_no_input(word):
    text = (f"The input xq has {word} [1, 8, 32, 128] and is reshaped:\n\n"
            "```python\n# [1, 8, 32, 128] => [1, 8, 32, 64]\nxq_ = xq.reshape(1, 8, 32, 64, 2)\n```\n")
    lines, _ = _wrong_lines(text)
    assert lines == []


# ---------------------------------------------------------------- reading notes in fences and prose


def _statuses(text):
    return [(c.line, c.status) for c in check_text(text, "a.md").claims if c.status != "unverifiable"]


@pytest.mark.parametrize("lang", ["ascii", "text", "plain", ""])
def test_a_fence_of_notes_groups_thousands_as_prose_does(lang):
    n = 4096
    text = f"```{lang}\nn = {n:,}:  full attention = {n:,}^2 = {n * n:,} scores\n```\n"
    assert _statuses(text) == [(2, "exact")]
    wrong = f"```{lang}\nn = {n:,}:  full attention = {n:,}^2 = {n * n + 1000:,} scores\n```\n"
    assert _statuses(wrong) == [(2, "wrong")]


def test_an_integer_for_a_fraction_of_many_decimals_is_its_rounding():
    # 1.1^48 = 97.0172...: a whole number printed for it can only be rounded; 7/2 = 3 claims exactness
    right = round(1.1 ** 48)
    assert _statuses(f"Growth: 1.1^48 = {right}.\n") == [(1, "rounded")]
    assert _statuses(f"Growth: 1.1^48 = {right + 1}.\n") == [(1, "wrong")]
    assert _statuses("Half of seven: 7/2 = 3.\n") == [(1, "wrong")]


def test_equations_side_by_side_split_at_a_run_of_blanks_before_a_number():
    a, b = 0.9 ** 12, 0.9 ** 48
    text = f"```text\nshrinking:   0.9^12 = {a:.2f}   0.9^48 = {b:.3f}\n```\n"
    report = check_text(text, "a.md")
    judged = [c for c in report.claims if c.status != "unverifiable"]
    assert [c.status for c in judged] == ["rounded", "rounded"]
    assert _statuses("```text\n3 ×   4 = 12\n```\n") == [(2, "exact")]   # one equation, blanks inside it


def test_an_exact_fraction_of_many_digits_is_shown_by_its_quotient():
    from symattn.check.wording import render
    import sympy as sp
    assert render(str(sp.Rational(11, 10) ** 48)) == "97.017233784872162402…"
    assert render("3/7") == "3/7" and render(str(sp.Rational(1, 10 ** 26))) == "1.0e-26"


@pytest.mark.parametrize("arrow", ["\\to", "\\rightarrow", "→", "->"])
def test_a_distribution_after_an_arrow_is_the_softmax_of_the_print_before_it(arrow):
    logits = np.array([5.0, 3.0, 1.0])
    lines = []
    for t in (0.5, 1.0, 2.0):
        scaled = logits / t
        p = np.exp(scaled - scaled.max())
        p /= p.sum()
        shown = [f"{x:.3f}" for x in p]
        if t == 1.0:   # one slip that still sums to one
            shown[0], shown[1] = f"{p[0] + 0.02:.3f}", f"{p[1] - 0.02:.3f}"
        vec = ", ".join(f"{x:g}" for x in scaled)
        lines.append(f"- $T = {t}$: $[{vec}] {arrow}$ probabilities $[{', '.join(shown)}]$")
    text = "Temperature on the logits $[5, 3, 1]$:\n\n" + "\n".join(lines) + "\n"
    report = check_text(text, "a.md")
    wrong = sorted({ln for c in report.claims if c.status == "wrong" for ln in (c.wrong_lines or [c.line])})
    assert wrong == [4]
    judged = {c.line for c in report.claims if c.status in ("exact", "rounded") and "softmax" in str(c.what)}
    assert judged == {3, 5}


@pytest.mark.parametrize("star", ["*", "\\*", "×"])
def test_a_count_in_thousands_glued_to_its_number_is_read_both_ways(star):
    n = 32 * 128 * 8 * 2   # 65,536: 65.5K in thousands, 64K in binary thousands
    line = lambda shown: f"It adds up to 32 {star} 128 {star} 8 {star} 2 = {shown} elements per token.\n"
    assert _statuses(line("66K")) == [(1, "rounded")]
    assert _statuses(line("64K")) == [(1, "exact")]   # 2^16 = 64 × 1,024
    assert _statuses(line("65K")) == [(1, "wrong")]   # cut, not rounded, in either reading
    # a K after a blank is as often the keys: no claim of thousands there
    assert all(s != "wrong" for _, s in _statuses(f"So 32 {star} 2 = 64 K here.\n"))


def test_thousands_grouped_before_a_decimal_point_are_one_number():
    flops = 36 * 3 * 2 * 1024 * 1280 * 5120 / 1e9   # 1,449.55… GFLOPs
    line = lambda shown: f"> - FFN: 36 × 3 × 2 × 1024 × 1280 × 5120 = {shown} GFLOPs\n"
    assert _statuses(line(f"{flops:,.1f}")) == [(1, "rounded")]
    assert _statuses(line(f"{flops + 0.3:,.1f}")) == [(1, "wrong")]


def test_the_carried_witness_follows_the_scaling_the_prints_show():
    # no word says how the scores are scaled; the machine print of the weights is unscaled softmax;
    # the typed weights after it slip, and the weighted values computed from them carry the slip:
    # every witness is the unscaled value
    x = np.array([[1.0, 0.0, 1.0], [0.0, 2.0, 0.0], [1.0, 1.0, 1.0]])
    scores = x @ x.T
    w = _softmax_rows(scores)
    typed = np.round(w, 1)
    typed[0] = [0.0, 0.5, 0.5] if abs(w[0, 0] - 0.0) >= 0.05 else typed[0]
    torch_rows = ",\n        ".join("[" + ", ".join(f"{v:.4e}" for v in r) + "]" for r in w)
    typed_rows = ",\n  ".join("[" + ", ".join(f"{v:.1f}" for v in r) + "]" for r in typed)
    text = ("```python\nimport torch\nQ = torch.tensor([[1., 0., 1.], [0., 2., 0.], [1., 1., 1.]])\nK = Q\n"
            "scores = Q @ K.T\nprint(torch.softmax(scores, dim=-1))\nweights = [\n  " + typed_rows + "\n]\n```\n\n"
            "Printed:\n\n```text\ntensor([" + torch_rows + "])\n```\n")
    report = check_text(text, "a.md")
    witnesses = [(e["claimed"], e["correct"]) for c in report.claims if c.status == "wrong" for e in c.entries]
    assert witnesses, [(c.line, c.status, str(c.reason)) for c in report.claims]
    for claimed, correct in witnesses:
        assert any(abs(float(correct) - v) < 0.051 for v in w.ravel()), (claimed, correct)


def test_entrywise_arithmetic_on_a_decimal_that_may_be_rounded_is_no_witness_within_its_rounding():
    x = np.array([2.0, 4.0, 6.0])
    std = x.std()   # 1.63299…, printed 1.63: the author divides by the unrounded value
    right = (x - x.mean()) / std
    row = lambda shown: (f"```text\nstd = {std:.2f}\nnorm: [(2-4)/{std:.2f}, (4-4)/{std:.2f}, (6-4)/{std:.2f}] = "
                         f"[{', '.join(shown)}]\n```\n")
    assert all(s != "wrong" for _, s in _statuses(row([f"{v:.2f}" for v in right])))
    # a result that no value within the rounding of 1.63 gives is wrong
    assert (3, "wrong") in _statuses(row([f"{right[0] - 0.05:.2f}", "0", f"{right[2] + 0.05:.2f}"]))


def test_a_size_written_again_in_another_unit_is_a_claim_and_an_operand_at_its_exact_value():
    per_token = 2 * 8 * 128 * 2 * 80          # 327,680 bytes = 320 KiB
    total = 32768 * per_token                 # 10.74 GB = 10.0 GiB
    text = lambda shown_kb, shown_gb: (
        "```text\n"
        f"per token: 2 * 8 * 128 * 2 * 80 = {per_token:,} bytes\n"
        f"per token, again: {per_token:,} bytes = {shown_kb} KB\n"
        f"32K context: 32,768 * {shown_kb} KB = {shown_gb} GB\n```\n")
    assert _statuses(text("320", f"{total / 1e9:.1f}")) == [(2, "exact"), (3, "exact"), (4, "rounded")]
    assert (4, "wrong") in _statuses(text("320", "10.5"))    # right under no reading of 320 KB's bytes
    assert (3, "wrong") in _statuses(text("330", "10.8"))


def test_the_last_factor_of_a_product_is_no_size_alone():
    assert all(s != "wrong" for _, s in _statuses("- FP32: 7B × 4 bytes = 28 GB\n"))


@pytest.mark.parametrize("frame", ["- {}", "│ {} │", "> {}"])
def test_a_total_under_its_items_is_their_sum(frame):
    items = [("Q_reg", 16), ("O_reg", 16), ("S_row", 32), ("P_row", 32)]
    body = lambda total: "```text\n" + "\n".join(frame.format(f"{name}: [8][2] = {v} floats") for name, v in items) + \
        "\n" + frame.format(f"Total: {total} floats = {4 * total} bytes") + "\n```\n"
    right = sum(v for _, v in items)
    assert (6, "exact") in _statuses(body(right))
    report = check_text(body(right - 16), "a.md")
    (wrong,) = [c for c in report.claims if c.status == "wrong" and c.line == 6]
    assert wrong.entries[0]["correct"] == str(right)


def test_a_total_that_names_what_it_totals_may_count_more_than_the_items():
    text = "- S matrix: 1024² × 4 bytes = 4 MB\n- P matrix: 1024² × 4 bytes = 4 MB\n- Total HBM traffic: ~20 MB\n"
    assert all(s != "wrong" for ln, s in _statuses(text) if ln == 3)


@pytest.mark.parametrize("params, per, unit", [(7, 2, "GB"), (13, 4, "GB"), (2.13, 4, "GB")])
def test_a_count_in_billions_glued_to_its_number_is_an_operand(params, per, unit):
    right = params * per
    line = lambda shown: f"- Weights: {params:g}B × {per} bytes = {shown} {unit}\n"
    assert _statuses(line(f"{right:g}")) in ([(1, "exact")], [(1, "rounded")])
    assert _statuses(line(f"{right + 1:g}")) == [(1, "wrong")]


def test_a_one_two_four_or_eight_with_a_b_beside_a_count_in_billions_is_bytes():
    assert _statuses("- 6.7B × 2B ≈ 13.4 GB\n") == [(1, "exact")]
    assert _statuses("- 6.7B × 2B ≈ 20.1 GB\n") == [(1, "wrong")]
    # and a count in billions as the result of a product of counts
    assert _statuses("FFN: 67B × 8 = 536B\n") == [(1, "exact")]
    assert _statuses("FFN: 67B × 8 = 537B\n") == [(1, "wrong")]


def test_a_count_printed_at_its_scale_is_taken_at_its_exact_value_below():
    parts = [80_411_200, 1_966_233_600, 1_600, 80_411_200]
    total = sum(parts)   # 2,127,057,600 ≈ 2.13B
    text = lambda shown: (f"Parameters = {' + '.join(f'{p:,}' for p in parts)} ≈ {total / 1e9:.2f}B\n\n"
                          f"Memory (FP32) = {total / 1e9:.2f}B × 4 bytes = {shown} GB\n")
    assert _statuses(text(f"{total * 4 / 1e9:.2f}")) == [(1, "rounded"), (3, "rounded")]
    report = check_text(text("8.52"), "a.md")   # 2.13 × 4, the rounded count: wrong end to end
    (wrong,) = [c for c in report.claims if c.status == "wrong"]
    assert wrong.line == 3 and wrong.cause == "drift" and wrong.entries[0]["correct"] == f"{total * 4 / 1e9:.2f}"


def _token_article(stem, tokens, x, w, q, mermaid=False):
    vec = lambda v: "[" + ", ".join(str(int(t)) for t in v) + "]"
    if mermaid:   # text nodes of a diagram, one vector per node and every query in one node
        rows = [f'    N{k}["{stem}_{t} = {vec(r)}"]' for k, (t, r) in enumerate(zip(tokens, x))]
        qs = "<br/>".join(f"q_{t} = {vec(r)}" for t, r in zip(tokens, q))
        body = ["```mermaid", "graph TD", *rows, "```", "", f"W_Q = {vec_rows(w)}", "", "```mermaid", "graph LR",
                f'    Q1["{qs}"]', "```"]
    else:
        body = [*(f"{stem}_{t} = {vec(r)}\n" for t, r in zip(tokens, x)), f"W_Q = {vec_rows(w)}", "", "Queries:", "",
                *(f"q_{t} = {vec(r)}\n" for t, r in zip(tokens, q))]
    return "# Queries by hand\n\n" + "\n".join(body) + "\n"


def vec_rows(m):
    return "[" + ", ".join("[" + ", ".join(str(int(t)) for t in r) + "]" for r in m) + "]"


@pytest.mark.parametrize("stem", ["E", "emb", "word", "h", "tok"])
@pytest.mark.parametrize("mermaid", [False, True])
def test_rows_printed_one_per_token_under_an_unknown_name_are_the_embeddings(stem, mermaid):
    """``E_money = [..]`` one token a line, under a name the lexicon does not know, then W_Q and the
    queries one token a line: the rows make X by their values (X·W_Q explains the queries), so a slip
    in one query is wrong at its line with the right value, whatever the stem is called."""
    rng = np.random.default_rng(len(stem) + 7 * mermaid)
    tokens = ["money", "bank", "grows"]
    x = rng.integers(0, 4, (3, 3))
    w = rng.integers(0, 3, (3, 3))
    q = x @ w
    assert _wrong_lines(_token_article(stem, tokens, x, w, q, mermaid))[0] == []
    slipped = q.copy()
    slipped[2, 1] += 1
    lines, report = _wrong_lines(_token_article(stem, tokens, x, w, slipped, mermaid))
    text = _token_article(stem, tokens, x, w, slipped, mermaid).splitlines()
    assert lines == [next(n for n, t in enumerate(text, 1) if "q_grows" in t)]
    (claim,) = [c for c in report.claims if c.status == "wrong"]
    assert str(q[2, 1]) in str(claim.entries)


def _heads_article(intro, printed_name, printed, places=3):
    return (intro + "\n\n## Multi-head attention\n\n```python\n" + _py("Q", Q, 1) + _py("K", K, 1) + "```\n\n"
            "The result, row by row:\n\n```\n" + "\n".join("[" + ", ".join(f"{x:.{places}f}" for x in r) + "]"
                                                         for r in printed) + "\n```\n")


def test_an_example_no_stated_count_of_heads_splits_is_one_head_and_binds_by_two_thirds():
    """After "8 heads of 16" and a heading for multi-head attention, an example two wide is no head of
    that split: an unnamed print that two thirds of the example's weights explain binds, and the entry
    that disagrees is wrong (before, only prints that agree in full bound after such a mention)."""
    weights = _softmax_rows(Q @ K.T / np.sqrt(2))
    printed = np.round(weights, 3)
    printed[2, 0] += 0.05
    text = _heads_article("The real model splits 128 dimensions over 8 heads of 16; the toy below is two wide.",
                          "weights", printed)
    lines, report = _wrong_lines(text)
    last = len(text.splitlines()) - 1
    assert lines == [last]
    (claim,) = [c for c in report.claims if c.status == "wrong"]
    assert f"{weights[2, 0]:.3f}" in str(claim.entries)


def test_a_print_of_one_head_where_the_stated_heads_split_the_example_is_no_witness():
    """Where the stated heads split the example's width (two heads of one over a width of two), a print
    that agrees with the whole example's weights in two thirds may be one head's: not wrong."""
    weights = _softmax_rows(Q @ K.T / np.sqrt(2))
    printed = np.round(weights, 3)
    printed[2, 0] += 0.05
    text = _heads_article("The toy below runs 2 heads over its two dimensions.", "weights", printed)
    assert _wrong_lines(text)[0] == []


# ---------------------------------------------------------------- sizes and operators in prose


@pytest.mark.parametrize("n, per", [(16, 80), (8, 40), (4, 24)])
def test_a_full_stop_before_the_next_sentence_ends_a_chain(n, per):
    """Two equations in two English sentences on one line: each is read, the second too."""
    total, used = n * per, n * per // 2
    right = f"We need {n}x{per}={total}. Then we have {total}-{used}={total - used}GB left."
    assert _statuses(right) == [(1, "exact"), (1, "exact")]
    assert _statuses(right.replace(f"={total - used}GB", f"={total - used + 7}GB"))[1] == (1, "wrong")


@pytest.mark.parametrize("unit, big, scale", [("GB", "TB", 1000), ("MB", "GB", 1000)])
def test_bare_operands_after_a_size_are_in_that_size_unit(unit, big, scale):
    """"1280-1060=220GB ... 80x32-530=2TB": bare numbers right after a size printed in GB are in GB."""
    have = 80 * 32 - 530
    text = lambda shown: f"We have 1280-1060=220{unit} left. On 32 cards we have 80x32-530={shown}{big} left.\n"
    assert _statuses(text(f"{have / scale:.0f}"))[1][1] in ("exact", "rounded")
    assert _statuses(text(f"{have / scale + 5:.0f}"))[1] == (1, "wrong")


def test_bare_operands_after_a_size_keep_the_articles_reading_of_units():
    """A size the article computes in powers of two (96 MiB written 96 MB) makes its bare operands
    binary too: 96 × 96 of them is 9 GiB or 9.66 GB, never 9.2."""
    text = lambda shown: ("- Per layer: 96 × 2048 × 128 × 2 × 2 bytes = 96 MB\n"
                          f"- All layers: 96 × 96 = {shown} GB\n")
    assert _statuses(text("9.2"))[-1] == (2, "wrong")
    assert _statuses(text("9.0"))[-1][1] in ("exact", "rounded")


@pytest.mark.parametrize("params, e", [(530, 9), (52, 12), (7, 9)])
def test_an_upright_e_between_digits_is_scientific_notation(params, e):
    """``530\\text{e}9`` is 530·10⁹ (not 530·e·9), in a display and in a chain of sizes."""
    gpus, flops = 16, 312
    ms = 512 * 2 * params * 10 ** e / (gpus * flops * 10 ** 12) * 1000
    text = (f"$$\\text{{compute}} = 512 \\cdot \\frac{{2 \\cdot {params}\\text{{e}}{e}}}{{{gpus} \\cdot {flops}"
            f"\\text{{e}}12}} = {ms:.0f}\\text{{ms}}$$\n")
    assert _statuses(text)[0][1] in ("exact", "rounded")
    size = (f"$${params}\\text{{e}}{e} \\cdot 2 = {2 * params}\\text{{e}}{e} \\text{{bytes}} \\approx "
            f"{2 * params}\\text{{GB}}$$\n")
    assert ("wrong" in [s for _, s in _statuses(size)]) == (e != 9)


@pytest.mark.parametrize("line", ["0 & 1 = 0   (one says block)", "1 & 1 = 1", "a ^ 1 = 0",
                                  "(1, 8, 3, 32) @ (1, 8, 32, 3) = (1, 8, 3, 3)"])
def test_an_operator_this_reader_does_not_read_leaves_no_left_side(line):
    """What stands after ``&``, ``^`` or ``@`` is no left side of its own: ``0 & 1 = 0`` is not 1 = 0."""
    assert all(s != "wrong" for _, s in _statuses(f"```\n{line}\n```\n"))
    assert all(s != "wrong" for _, s in _statuses(f"In prose too: {line}.\n"))


@pytest.mark.parametrize("word, per", [("microseconds", 1e-6), ("milliseconds", 1e-3), ("seconds", 1)])
def test_a_unit_of_time_written_as_a_word_is_that_unit(word, per):
    t = 512 * 4 * 5120 ** 2 * 2 / 312e12
    text = lambda shown: f"One multiply should take 512x4x5120^2x2/312e12 = {shown} {word} of flop time.\n"
    assert _statuses(text(f"{t / per:.{3 if per == 1 else 0}f}"))[0][1] in ("exact", "rounded")
    assert _statuses(text(f"{t / per * 2:.{3 if per == 1 else 0}f}")) == [(1, "wrong")]


def test_a_head_named_by_its_number_keeps_the_example_split_into_heads():
    """"e.g. 8 heads for d_model = 512", then the toy's own "Head 1" and its ``Attention Weights^1``: the
    toy is split into heads (a count the text states is not all of them), and the 1 numbers the head (a
    matrix to the first power is no power): the whole example's weights are no witness against it."""
    q = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0]])
    k = np.array([[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]])
    head = _softmax_rows(q[:, :2] @ k[:, :2].T / np.sqrt(2))
    rows = " \\\\ ".join(" & ".join(f"{x:.3f}" for x in r) for r in head)
    text = ("Heads split the width: e.g. 64 for 8 heads gives d_model = 512. Our toy has d_model = 4.\n\n"
            "```python\n" + _py("Q", q, 1) + _py("K", k, 1) + "```\n\n"
            "Head 1 takes the first two columns of Q and K:\n\n"
            f"$$\\text{{Attention Weights}}^1 = \\begin{{bmatrix}} {rows} \\end{{bmatrix}}$$\n")
    assert _wrong_lines(text)[0] == []


@pytest.mark.parametrize("pads", [(5, 6, 4), (2, 9, 3)])
def test_rows_named_by_an_axis_word_and_a_token_stack_however_they_are_padded(pads):
    """``query <sos>:     [ .. ]`` one token a line, padded by eye around tokens in a script whose marks
    take no width (so the brackets do not line up), under a header that lists the keys: one matrix of
    scores, and the softmax under it is judged row by row against it."""
    scores = np.array([[1.2, 0.8, 0.5], [0.6, 1.4, 0.9], [0.3, 0.7, 1.6]])
    weights = np.round(_softmax_rows(scores), 2)
    printed = weights.copy()
    printed[2] = [0.12, 0.18, 0.70]
    tokens = ["<sos>", "আমরা", "বন্ধু"]
    rows = lambda m: "\n".join(f"query {t}:{' ' * p}[ " + "   ".join(f"{x:.2f}" for x in r) + " ]"
                               for t, p, r in zip(tokens, pads, m))   # noqa: E731
    text = ("Scores of the toy before the softmax:\n\n```\n          key: " + "  ".join(tokens) + "\n" + rows(scores) +
            "\n```\n\nAfter the softmax:\n\n```\n" + rows(printed) + "\n```\n")
    lines, _ = _wrong_lines(text)
    assert lines == [len(text.splitlines()) - 1]
    assert _wrong_lines(text.replace(rows(printed), rows(weights)))[0] == []


def test_rows_of_different_quantities_on_consecutive_lines_do_not_stack():
    """"Logits:", "Scaled logits:" and "Result:" one under another are three prints, not a matrix."""
    logits = np.array([2.5, 1.0, -0.5])
    e = np.exp(logits / 2)
    text = lambda shown: (f"Logits: [2.5, 1.0, -0.5], T = 2.0\nScaled logits: [1.25, 0.5, -0.25]\n"
                          f"Result: [{shown}]\n")
    assert _wrong_lines(text(", ".join(f"{x:.2f}" for x in e / e.sum())))[0] == []
    assert _wrong_lines(text("0.52, 0.31, 0.17"))[0] == [3]


@pytest.mark.parametrize("a, b", [(176, 9), (1024, 7), (355, 113)])
def test_a_quotient_of_exact_integers_is_judged_at_its_printed_decimals(a, b):
    """``176/9 = 19.5``: integer operands are exact, so the result is right only when it rounds to the
    printed decimals (19.56 is 19.6; 19.5 is cut, not rounded)."""
    x = a / b
    right, cut = f"{x:.1f}", f"{int(x * 10) / 10:.1f}"
    assert _statuses(f"So {a}/{b} = {right} again.\n") == [(1, "rounded")]
    if cut != right:
        assert _statuses(f"So {a}/{b} = {cut} again.\n") == [(1, "wrong")]


@pytest.mark.parametrize("line", ["encoder_output: (1, src_seq_len=4, 256)", "x: (2, n_tokens=5, 64, 8)",
                                  "call f(3, width=7, 1)"])
def test_a_name_given_its_value_in_a_list_is_not_equated_with_its_neighbours(line):
    """``(1, src_seq_len=4, 256)``: src_seq_len is 4; the 1 before it is no left side of that equation."""
    assert all(s != "wrong" for _, s in _statuses(line + "\n"))
    assert all(s != "wrong" for _, s in _statuses(f"```\n{line}\n```\n"))


def test_a_list_equal_to_a_list_in_brackets_is_still_read_pair_by_pair():
    assert _statuses("(sin(1),cos(1)) = (0.84,0.54)\n") == [(1, "rounded")]
    assert _statuses("(sin(1),cos(1)) = (0.84,0.55)\n") == [(1, "wrong")]


@pytest.mark.parametrize("a, b, c", [(5120, 128, 40), (4096, 64, 32)])
def test_an_x_before_a_bracket_is_a_times_sign(a, b, c):
    """``5120 x (128 x 40) = 26,214,400``: the whole product, not the bracket alone."""
    assert _statuses(f"W_Q params = {a} x ({b} x {c}) = {a * b * c:,}\n") == [(1, "exact")]
    assert _statuses(f"W_Q params = {a} x ({b} x {c}) = {a * b * c + 1000:,}\n") == [(1, "wrong")]


@pytest.mark.parametrize("n, word, power", [(52, "billion", 9), (7, "billion", 9), (3, "million", 6)])
def test_a_scale_in_words_multiplies_its_number(n, word, power):
    """``52 billion * 2 = 104e9``: billion is a power of ten of its number, not a noun it counts."""
    assert _statuses(f"* weights in bytes: {n} {word} * 2 = {2 * n}e{power}\n") == [(1, "exact")]
    assert _statuses(f"* weights in bytes: {n} {word} * 2 = {2 * n}e{power + 3}\n") == [(1, "wrong")]


def test_a_number_whose_thousands_are_written_apart_leaves_the_sum_unread():
    """``… + 5, 120 + 163,840,000 = 13,015,864,320``: a comma between terms is no operator; no part of the
    sum after it is a side of its own (and three digits after "5, " go on with it)."""
    total = 163_840_000 + 40 * (104_857_600 + 212_336_640 + 5_120 * 2) + 5_120 + 163_840_000
    line = (f"    Total parameters = 163,840,000 + 40 x ( 104,857,600 + 212,336,640 + 5,120 x 2) + 5, 120 + "
            f"163,840,000 = {total:,}\n")
    assert all(s != "wrong" for _, s in _statuses("Sum:\n\n" + line))


@pytest.mark.parametrize("a, b", [(120, 104), (80, 35)])
def test_inline_math_delimiters_escaped_for_markdown_hold_the_math_alone(a, b):
    """``\\\\(120-104 = 16GB\\\\)``: a blog escapes MathJax's ``\\(`` for Markdown; the closing delimiter's
    first backslash is no part of the equation."""
    assert _statuses(f"which leaves \\\\({a}-{b} = {a - b}GB\\\\) for the kv cache.\n") == [(1, "exact")]
    assert _statuses(f"which leaves \\\\({a}-{b} = {a - b + 2}GB\\\\) for the kv cache.\n") == [(1, "wrong")]


@pytest.mark.parametrize("word, per", [("milliseconds", 1e-3), ("ms", 1e-3), ("microseconds", 1e-6)])
def test_a_unit_of_time_after_a_formula_is_its_results(word, per):
    """``\\(12 \\cdot 2 \\cdot 40 \\cdot 5120^2 / 1.5\\text{e}12 \\approx 17\\) milliseconds``: FLOPs over FLOP/s is a
    time, and the word after the formula says in which unit its number is."""
    t = 12 * 2 * 40 * 5120 ** 2 / 1.5e12
    text = lambda shown: (f"A pass takes \\(12 \\cdot 2 \\cdot 40 \\cdot 5120^2 / 1.5\\text{{e}}12 \\approx {shown}\\) "
                          f"{word} for up to 208 tokens.\n")
    assert _statuses(text(f"{t / per:.0f}"))[0][1] in ("exact", "rounded")
    assert _statuses(text(f"{2 * t / per:.0f}")) == [(1, "wrong")]
