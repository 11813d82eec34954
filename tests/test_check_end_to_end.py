"""Prints judged end to end, whatever the author computed them from (issue 24, item 4).

Each article here is written for the test; the right values are computed with numpy or ``math``
from the article's own inputs, never with symattn.
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp
import pytest

from symattn.check import check_text
from symattn.check.judge import screen_mask
from symattn.check.numerals import read


def _bmatrix(m) -> str:
    return r"\begin{bmatrix} " + r" \\ ".join(" & ".join(str(x) for x in row) for row in m) + r" \end{bmatrix}"


def at(report, line: int):
    return [c for c in report.claims if line in (c.lines or [c.line])]


# ---------------------------------------------------------------- a wrong print used as an operand

Q2 = np.array([[1, 0], [0, 1]])
K2 = np.array([[1, 2], [3, 4]])
D = np.array([[1, 0], [0, 2]])


def _chain_article(scores) -> str:
    return "\n".join([
        "# Two tokens", "",
        f"$$Q = {_bmatrix(Q2)}, \\quad K = {_bmatrix(K2)}$$", "",
        "The scores:", "",
        f"$$QK^T = {_bmatrix(scores)}$$", "",
        "Doubling the second column:", "",
        f"$${_bmatrix(scores)} \\times {_bmatrix(D)} = {_bmatrix(scores @ D)}$$", "",
    ])


def test_a_product_on_a_wrong_print_is_wrong_against_the_exact_operands():
    right = Q2 @ K2.T
    printed = right.copy()
    printed[1, 1] += 1                     # the slip
    report = check_text(_chain_article(printed), "a.md")
    slip = [c for c in at(report, 7) if c.status == "wrong"]
    assert slip and slip[0].cause == "slip"
    product = [c for c in at(report, 11) if c.status == "wrong" and "·" in str(c.what)]
    assert product, [(c.status, c.what) for c in at(report, 11)]
    # exactly the entry the slip reaches, against numpy's product of the right scores
    assert product[0].cause == "carried" and product[0].root == 7
    assert [(e["claimed"], e["correct"]) for e in product[0].entries] == \
        [(str((printed @ D)[1, 1]), str((right @ D)[1, 1]))]


def test_a_product_on_right_prints_stays_right():
    report = check_text(_chain_article(Q2 @ K2.T), "a.md")
    assert report.count("wrong") == 0
    assert any(c.status == "exact" for c in at(report, 11))


# ---------------------------------------------------------------- a token x token table

Q3 = np.array([[1, 0, 1], [0, 2, 1], [1, 1, 0]])
K3 = np.array([[1, 1, 0], [0, 1, 2], [2, 0, 1]])


def _table_article(names: str, cells) -> str:
    head = "| | " + " | ".join(f"key_{t}" for t in names) + " |"
    rows = [f"| q_{t} | " + " | ".join(r) + " |" for t, r in zip(names, cells)]
    return "\n".join([
        "# Three tokens", "",
        f"$$Q = {_bmatrix(Q3)}, \\quad K = {_bmatrix(K3)}$$", "",
        "Scaled scores $QK^T/\\sqrt{3}$:", "",
        head, "|---|---|---|---|", *rows, "",
        f"Row 2 ({names[1]}): softmax([{', '.join(cells[1])}])", "",
    ])


@pytest.mark.parametrize("names", ["abc", ["cat", "sat", "mat"]])
def test_a_table_of_query_rows_and_key_columns_is_one_matrix(names):
    exact = Q3 @ K3.T / np.sqrt(3)
    cells = [[f"{x:.3f}" for x in row] for row in exact]
    cells[1][0] = "0.600"                   # the slip: q_2 · k_1
    report = check_text(_table_article(names, cells), "a.md")
    wrong = [c for c in report.claims if c.status == "wrong"]
    # one slip in the table, carried to the row written again; nothing else
    assert sorted((c.wrong_lines, c.cause) for c in wrong) == [([10], "slip"), ([13], "carried")], \
        [(c.line, c.status, c.detail) for c in report.claims]
    assert [(e["claimed"], e["correct"]) for e in wrong[0].entries] == [("0.600", f"{exact[1, 0]:.3f}")]
    assert wrong[1].root == wrong[0].line


# ---------------------------------------------------------------- numbers that read two ways

def test_a_number_that_reads_two_ways_takes_the_reading_that_agrees():
    text = "The key width is 2, so the scale is\n\n$$\\sqrt{2} \\approx 1,414$$\n"
    assert round(math.sqrt(2), 3) == 1.414
    (claim,) = [c for c in check_text(text, "a.md").claims if c.line == 3]
    assert claim.status == "rounded" and claim.claimed == "1,414"
    assert [n.code for n in claim.notes] == ["other-reading"]


def test_german_grouped_thousands_in_a_decimal_comma_article():
    size = 2 * 48 * 8 * 128 * 2
    text = ("Ein Token braucht 0,5 KB mehr, also 1,5 KB.\n\n"
            f"- KV-Cache pro Token: 2 × 48 × 8 × 128 × 2 Bytes = {size // 1000},{size % 1000:03d} Bytes.\n")
    (claim,) = [c for c in check_text(text, "a.md").claims if c.line == 3]
    assert claim.status == "exact" and claim.claimed == "196,608"


def test_a_number_wrong_under_both_readings_stays_wrong():
    assert abs(1.415 - math.sqrt(2)) > 0.0005
    (claim,) = [c for c in check_text("$$\\sqrt{2} \\approx 1,415$$\n", "a.md").claims]
    assert claim.status == "wrong" and not claim.notes


# ---------------------------------------------------------------- gradients are not their variables

def test_a_gradient_named_after_an_output_is_not_the_output():
    text = "\n".join([
        f"$$Q = {_bmatrix(Q2)}, \\quad K = {_bmatrix(Q2)}, \\quad V = {_bmatrix(K2)}$$", "",
        "The loss reaches the output only through its last row:", "",
        "```",
        "∂L/∂O = [[0, 0], [-0.183, -0.110]]",
        "```", "",
    ])
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


# ---------------------------------------------------------------- what a print can stand for

def test_an_integer_among_decimals_is_no_value_cut_to_zero_decimals():
    rows = [[read("0"), read("0.25")]]
    assert screen_mask(rows, np.array([[0.559, 0.2501]]), cut=True).tolist() == [[False, True]]
    # a decimal cut at its own precision still is: 0.5 for 0.559
    rows = [[read("0.5"), read("0.25")]]
    assert screen_mask(rows, np.array([[0.559, 0.2501]]), cut=True).tolist() == [[True, True]]


# ---------------------------------------------------------------- arithmetic on rounded operands

@pytest.mark.parametrize("printed, wrong", [("1.022", False), ("1.021", False), ("1.030", True)])
def test_a_dot_product_of_rounded_prints_is_no_witness_within_their_rounding(printed, wrong):
    q, k = (0.793, 0.836), (0.605, 0.648)
    exact = q[0] * k[0] + q[1] * k[1]
    # the four operands each move by half a unit of their third decimal
    band = sum(abs(x) for x in q + k) * 0.0005 + 0.0005
    assert (abs(float(printed) - exact) > band) == wrong
    text = f"```\ns = 0.793*0.605 + 0.836*0.648 = {printed}\n```\n"
    statuses = {c.status for c in check_text(text, "a.md").claims}
    assert ("wrong" in statuses) == wrong, statuses


# ---------------------------------------------------------------- a wrong number written again

def _dot_lines(first: str, scaled: str) -> str:
    return "\n".join(["```",
                      f"Similarity to cat = Query · Key_cat = (0.2×0.3) + (0.8×0.7) = {first}",
                      f"Scaled similarity to cat = {first} / 2 = {scaled}",
                      "```", ""])


def test_prose_names_then_arithmetic_are_judged_from_the_arithmetic():
    right = 0.2 * 0.3 + 0.8 * 0.7
    report = check_text(_dot_lines("0.64", "0.32"), "a.md")
    (slip,) = [c for c in report.claims if c.line == 2]
    assert slip.status == "wrong" and slip.entries[0]["correct"] == f"{right:.2f}"


# ---------------------------------------------------------------- vectors written as tuples

def test_a_tuple_of_numbers_is_a_row_vector():
    from symattn.check.notation import parse_chains
    (chain,) = parse_chains("s = (0.707, 0.000, 0.636)")
    assert chain.parts[1].value.shape == (1, 3) and chain.parts[1].texts == (("0.707", "0.000", "0.636"),)
    # a bracket that holds no comma is grouping, as before
    (chain,) = parse_chains("y = (0.5 + 0.25) * 2")
    assert type(chain.parts[1]).__name__ == "Op" and chain.parts[1].op == "mul"


@pytest.mark.parametrize("printed, wrong", [("6.04", False), ("6.05", True)])
def test_arithmetic_in_a_tuple_is_the_reference_of_the_sides_after_it(printed, wrong):
    first = 4.12 + 0.00 + 1.92
    text = f"```text\nsalida = ( 4.12 + 0.00 + 1.92 ,  0.00 + 2.03 + 1.92 ) = ( {printed} ,  3.95 )\n```\n"
    (claim,) = check_text(text, "a.md").claims
    assert (claim.status == "wrong") == wrong
    if wrong:
        assert [e["correct"] for e in claim.entries] == [f"{first:.2f}"]


# ---------------------------------------------------------------- sizes with LaTeX units

@pytest.mark.parametrize("printed, wrong", [("0.141", False), ("0.150", True)])
def test_a_size_whose_unit_is_set_in_latex_is_read_in_that_unit(printed, wrong):
    size = 2 * 36 * 1 * 8 * 128 * 2                    # bytes of K and V for one token
    assert round(size / 2 ** 20, 3) == 0.141 and round(size / 10 ** 6, 3) == 0.147
    text = ("The KV cache of one new token:\n\n"
            f"$$\\mathrm{{Size}} = 2 \\times 36 \\times 1 \\times 8 \\times 128 \\times 2 \\approx {printed}\\ \\mathrm{{MB}}$$\n")
    statuses = [c.status for c in check_text(text, "a.md").claims if c.line == 3]
    assert statuses and ("wrong" in statuses) == wrong, statuses


@pytest.mark.parametrize("head", ["- MHA: ", "- MHA ($H = 32$): "])
@pytest.mark.parametrize("printed, wrong", [("67", False), ("70", True)])
def test_a_size_unit_after_inline_math_at_the_end_of_a_sentence_is_its_unit(printed, wrong, head):
    size = 2 * 32 * 32 * 128_000 * 128 * 2               # bytes: 67.1e9, 62.5 GiB (70 is neither)
    assert round(size / 10 ** 9) == 67 and round(size / 2 ** 30) == 62
    text = f"{head}$2 \\cdot 32 \\cdot 32 \\cdot 128{{,}}000 \\cdot 128 \\cdot 2 = {printed}$ GB.\n"
    statuses = [c.status for c in check_text(text, "a.md").claims if c.line == 1]
    assert statuses and ("wrong" in statuses) == wrong, statuses
    clause = text.replace("GB.", "GB, and that is one layer.")   # a comma ends the clause as well
    statuses = [c.status for c in check_text(clause, "a.md").claims if c.line == 1]
    assert statuses and ("wrong" in statuses) == wrong, statuses


def test_a_rounded_result_written_again_is_no_witness_against_the_next_step():
    # 2304e9 / 2^30 - 120 = 2025.767…; × 0.70 = 1418.04 (1418.0), but 2025.8 × 0.70 = 1418.06 (1418.1)
    total = 2304e9 / 2 ** 30 - 120
    assert round(total, 1) == 2025.8 and round(total * 0.7, 1) == 1418.0 and round(2025.8 * 0.7, 1) == 1418.1
    text = ("KV cache budget:\n\n```\nHBM_disponivel = 2145.8 - 120 = 2025.8 GiB\n"
            "KV_budget = 2025.8 × 0.70 = 1418.0 GiB\n```\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong" and c.line == 5]


@pytest.mark.parametrize("op", ["\\times", "\\cdot", "·"])
def test_a_size_product_written_with_any_multiplication_sign(op):
    size = 2 * 80 * 2048 * 8192 * 2                    # bytes
    assert round(size / 10 ** 9, 2) == 5.37 and round(size / 2 ** 30, 2) == 5.0
    right = f"KV cache size:\n\n$$M = 2 {op} 80 {op} 2048 {op} 8192 {op} 2 = 5.37 \\text{{ GB}}$$\n"
    assert [c.status for c in check_text(right, "a.md").claims if c.line == 3] == ["rounded"]
    wrong = [c for c in check_text(right.replace("5.37", "5.24"), "a.md").claims if c.line == 3]
    assert [c.status for c in wrong] == ["wrong"] and wrong[0].entries[0]["correct"] in ("5.37", "5.00")


# ---------------------------------------------------------------- a result with no name the lexicon knows

X3 = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
P3 = np.array([[1, 0], [0, 1], [1, 1]])


def _unnamed_article(product, halved) -> str:
    """M1 is X·P written out (neither a name the lexicon knows); the next display restates
    M1 M1ᵀ as a matrix, and the one after halves it."""
    return "\n".join([
        "# An example", "",
        f"$$M1 = {_bmatrix(X3)} {_bmatrix(P3)} = {_bmatrix(X3 @ P3)}$$", "",
        "The next table:", "",
        f"$$M1 M1^T = {_bmatrix(product)}$$", "",
        "Half of it:", "",
        f"$${_bmatrix(halved)}$$", "",
    ])


def test_a_print_computed_from_an_unnamed_result_is_judged_from_its_exact_value():
    m1 = X3 @ P3
    right = m1 @ m1.T
    printed = right.copy()
    printed[0, 2] += 3                     # the slip, in the product
    halved = printed / 2                   # the author halves their own product
    report = check_text(_unnamed_article(printed, halved), "a.md")
    slip = [c for c in at(report, 7) if c.status == "wrong"]
    assert slip and slip[0].cause == "slip", [(c.status, c.detail) for c in at(report, 7)]
    later = [c for c in at(report, 11) if c.status == "wrong"]
    assert later and later[0].cause == "carried" and later[0].root == 7, [(c.status, c.detail) for c in at(report, 11)]
    # the witness is numpy's half of the right product, not half of the printed one
    assert [(e["claimed"], e["correct"]) for e in later[0].entries] == [(str(halved[0, 2]), str(right[0, 2] / 2))]


def test_the_same_halving_of_a_right_unnamed_result_is_right():
    m1 = X3 @ P3
    report = check_text(_unnamed_article(m1 @ m1.T, m1 @ m1.T / 2), "a.md")
    assert not [c for c in report.claims if c.status == "wrong"], \
        [(c.line, c.status, c.detail) for c in report.claims if c.status == "wrong"]


def _formula_article(product, scaled) -> str:
    """No label anywhere: a matrix, its product with its own transpose written as a formula of two
    neutral names, then a print of that product divided by √3 with no formula at all."""
    return "\n".join([
        "# Three tokens", "",
        f"$$M3 = {_bmatrix(X3)}$$", "",
        "The next step:", "",
        f"$$M7 = M3 \\times M3^T = {_bmatrix(product)}$$", "",
        "Divided by $\\sqrt{3}$:", "",
        f"$${_bmatrix(scaled)}$$", "",
    ])


def test_a_print_after_a_formula_of_unnamed_givens_binds_the_prints_after_it():
    right = X3 @ X3.T
    printed = right.astype(float)
    printed[1, 1] += 1                          # a slip in the product
    scaled = np.round(printed / math.sqrt(3), 2)
    scaled[0, 0] = round(scaled[0, 0] + 0.3, 2)  # and one of its own in the scaling
    report = check_text(_formula_article(printed, scaled), "a.md")
    later = [c for c in at(report, 11) if c.status == "wrong"]
    assert later, [(c.status, c.detail) for c in at(report, 11)]
    # judged end to end: every entry against numpy's X Xᵀ / √3, the slip's entry and the carried one
    wrong = {e["entry"]: (read(e["claimed"]).value, read(e["correct"]).value) for e in later[0].entries}
    assert set(wrong) == {"[1,1]", "[2,2]"}, wrong
    for key, (claimed, correct) in wrong.items():
        i, j = int(key[1]) - 1, int(key[3]) - 1
        assert abs(float(correct) - right[i, j] / math.sqrt(3)) <= 0.005 and float(claimed) == scaled[i, j]


# ---------------------------------------------------------------- conventions by evidence, per example

def _two_examples(rows) -> str:
    """A first example scaled by √d_k, worked out; then scores given alone, softmaxed row by row."""
    q = np.array([[1, 0], [0, 1]])
    k = np.array([[2, 0], [0, 2]])
    s = q @ k.T / math.sqrt(2)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    out = ["# Attention", "", "$$\\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V$$", "",
           f"$$Q = {_bmatrix(q)}, \\quad K = {_bmatrix(k)}, \\quad d_k = 2$$", "",
           f"$$\\frac{{QK^T}}{{\\sqrt{{2}}}} = {_bmatrix(np.round(s, 4))}$$", "",
           f"$$\\text{{softmax}} = {_bmatrix(np.round(w, 4))}$$", "",
           "## Exercise", "", "Scores given directly:", "", "```", "S = [[3, 1, 0, 2],", "     [0, 2, 1, 1]]", "```", "",
           "Softmax of each row:", ""]
    for name, (e, p) in rows:
        out += [f"- {name}: exp = `[{', '.join(f'{x:.3f}' for x in e)}]` → `[{', '.join(f'{x:.3f}' for x in p)}]`", ""]
    return "\n".join(out)


def _rows(scale):
    s = np.array([[3, 1, 0, 2], [0, 2, 1, 1]]) / scale
    e = np.exp(s)
    return [(f"row {i + 1}", (e[i], e[i] / e[i].sum())) for i in range(2)]


def test_an_example_whose_prints_plainly_do_not_scale_is_right_unscaled():
    # the √d_k of the first example belongs to it: every print of the exercise computes softmax(S)
    text = _two_examples(_rows(1))
    r = check_text(text, "two.md")
    lines = [n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("- row")]
    assert not [c for n in lines for c in at(r, n) if c.status == "wrong"]



def _unscaled_code_article(rows) -> str:
    q, keys, values = [0.5, 0.5], [[0.1, 0.2], [0.2, 0.3]], [[0.6, 0.8], [0.7, 0.9]]
    return ("# One query, two keys\n\nIn a transformer, $\\text{softmax}(QK^T/\\sqrt{d_k})V$. Here we skip it.\n\n"
            f"```python\nquery = {q}\nkeys = {keys}\nvalues = {values}\n```\n\n"
            f"```\nexp_scores = {rows[0]}\nweights = {rows[1]}\noutput = {rows[2]}\n```\n")


def test_an_article_that_plainly_computes_unscaled_is_right_unscaled_with_the_formula_a_note():
    # the ÷√d_k is only a formula, never worked out as a number, and every print whose values tell
    # computes softmax(q·kᵀ) (numpy here, not symattn): those prints are right
    s = np.array([[0.1, 0.2], [0.2, 0.3]]) @ np.array([0.5, 0.5])
    e = np.exp(s)
    w = e / e.sum()
    out = w @ np.array([[0.6, 0.8], [0.7, 0.9]])
    fmt = lambda v: "[" + ", ".join(f"{x:.4f}" for x in v) + "]"
    text = _unscaled_code_article([fmt(e), fmt(w), fmt(out)])
    r = check_text(text, "unscaled.md")
    assert not [c for c in r.claims if c.status == "wrong"], [c.line for c in r.claims if c.status == "wrong"]
    assert any(c.status in ("exact", "rounded") for c in r.claims)
    # the same article with the weights scaled by √2 in one print is still caught
    w2 = np.exp(s / math.sqrt(2)) / np.exp(s / math.sqrt(2)).sum()
    bad = _unscaled_code_article([fmt(e), fmt(w2), fmt(out)])
    assert any(c.status == "wrong" for c in check_text(bad, "bad.md").claims)


def test_weights_applied_transposed_in_code_are_what_the_code_computes():
    # Q = X @ W_q.T (weights stored as nn.Linear stores them): the printed scores and weights are
    # what that code computes, worked out here with numpy, so nothing is wrong
    import numpy as np
    X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    W_q, W_k = np.array([[1.0, 2.0], [0.0, 1.0]]), np.array([[1.0, 0.0], [1.0, 1.0]])
    Q, K = X @ W_q.T, X @ W_k.T
    S = Q @ K.T
    A = np.exp(S / np.sqrt(2))
    A = A / A.sum(axis=1, keepdims=True)

    def out(m):
        return "```\n" + np.array2string(m, precision=8, separator=", ") + "\n```\n"

    text = ("```python\nX = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])\n"
            "W_q = np.array([[1.0, 2.0], [0.0, 1.0]])\nW_k = np.array([[1.0, 0.0], [1.0, 1.0]])\n"
            "Q = X @ W_q.T\nK = X @ W_k.T\nprint(Q)\n```\n" + out(Q) +
            "```python\nscores = Q @ K.T\nprint(scores)\n```\n" + out(S) +
            "```python\nweights = np.exp(scores / np.sqrt(2))\nweights = weights / weights.sum(axis=1, keepdims=True)\n"
            "print(weights)\n```\n" + out(A))
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"]
    assert any(c.status in ("exact", "rounded") for c in claims)


def test_arithmetic_on_a_rounded_print_is_no_witness_against_its_result():
    # 0.77 / 1.73 = 0.4451 rounds to 0.45, but 1.73 is √3 printed rounded and 0.77 / √3 = 0.4446
    # rounds to 0.44: the printed 0.44 is not shown wrong by the arithmetic on the rounded 1.73
    text = "So √3 ≈ 1.73.\n\n```\n[0.32/1.73, 0.77/1.73] = [0.18, 0.44]\n[0.32/2, 0.77/2] = [0.16, 0.40]\n```\n"
    by_line = {}
    for c in check_text(text, "t.md").claims:
        by_line.setdefault(c.line, set()).add(c.status)
    assert "wrong" not in by_line.get(4, set())
    assert "wrong" in by_line[5]   # 0.77 / 2 = 0.385, which rounds to 0.39 (no rounded operand)


def test_a_unit_after_the_closing_dollar_belongs_to_the_number():
    def statuses(text):
        return {c.status for c in check_text(text, "t.md").claims}
    assert "wrong" not in statuses("Then $8192^2 = 67$M elements.\n")   # 67 million, not 67
    assert statuses("So $2 \\times 70 = 140$ GB.\n") == {"exact"}
    assert "wrong" in statuses("So $2 \\times 70 = 141$ GB.\n")
    # 67M / 395 is an expression in millions, not the number 67 that the chain before it gives
    assert "wrong" not in statuses("So $67\\text{M} / \\sqrt{20 \\cdot 10^6 / 128} \\approx 67\\text{M} / 395$.\n")
    assert statuses("We have 3 × 4 = 12 M tokens.\n") == {"exact"}


def test_a_row_printed_first_does_not_stop_the_whole_matrix_binding_by_its_label():
    # Q = K = V = X = [[1, 0], [0, 2], [1, 1]], scaled by √2: the weights are [0.4011, 0.1978, 0.4011],
    # [0.0454, 0.7679, 0.1867], [0.1978, 0.4011, 0.4011] (worked out by hand); row 1 is printed alone
    # first, then the whole matrix with rows 2 and 3 wrong (5 of 9 entries agree: only the label and
    # the place say what it is)
    text = ("We take Q = K = V = X.\n\n```\nX = [[1, 0], [0, 2], [1, 1]]\n\n"
            "scores / √2 = [[0.71, 0.00, 0.71],\n               [0.00, 2.83, 1.41],\n"
            "               [0.71, 1.41, 1.41]]\n\n"
            "First row: softmax([0.71, 0.00, 0.71]) = [0.40, 0.20, 0.40]\n```\n\n"
            "```\nSoftmax weights:\n[0.40, 0.20, 0.40]\n[0.05, 0.70, 0.25]\n[0.30, 0.30, 0.40]\n```\n")
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert {ln for c in wrong for ln in (c.wrong_lines or c.lines or [c.line])} == {16, 17}


def test_arithmetic_outside_the_inline_formulas_of_its_line_is_read_too():
    # 2×64×4096×128×4 = 268,435,456 bytes = 0.27 GB, not the printed 2 GB; the two inline formulas
    # on the same line only state inputs
    text = "- Model: $h=64$, at $n=4096$ the KV cache = 2×64×4096×128×4B = 2GB\n"
    assert "wrong" in {c.status for c in check_text(text, "t.md").claims}
    text = "- Model: $h=64$, at $n=4096$ the KV cache = 2×64×4096×128×4B = 268,435,456 B\n"
    assert "wrong" not in {c.status for c in check_text(text, "t.md").claims}


# ---------------------------------------------------------------- what an HTML comment says


def _softmax_rows(s):
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("comment", ["", "<!-- notes: the causal mask and its -inf entries are left out here -->\n\n"])
def test_a_mask_named_only_in_an_html_comment_is_not_the_articles_convention(comment):
    # scaled scores printed, then weights wrong in every entry: their values decide no convention; a
    # mask that only a comment (unseen by the article's readers) names is no convention of the
    # article, so the right values are the unmasked softmax, as numpy gives it
    q = np.array([[1, 0], [0, 1], [1, 1]])
    k = np.array([[1, 1], [0, 1], [1, 0]])
    scaled = q @ k.T / math.sqrt(2)
    right = _softmax_rows(scaled)
    printed = np.round(right, 2) + np.array([[0.03, -0.02, -0.01], [0.02, 0.01, -0.03], [-0.01, 0.03, -0.02]])
    text = comment + "\n".join([
        "# Three tokens", "",
        f"$$Q = {_bmatrix(q)}, \\quad K = {_bmatrix(k)}, \\quad d_k = 2$$", "",
        "Scaled:", "",
        f"$$S = {_bmatrix([[f'{x:.2f}' for x in row] for row in scaled])}$$", "",
        "The weights, softmax of $QK^T/\\sqrt{d_k}$ by rows:", "",
        f"$$A = {_bmatrix([[f'{x:.2f}' for x in row] for row in printed])}$$", ""])
    line = text.split("\n").index(next(ln for ln in text.split("\n") if ln.startswith("$$A ="))) + 1
    wrong = [c for c in at(check_text(text, "a.md"), line) if c.status == "wrong"]
    assert wrong
    assert [(e["claimed"], e["correct"]) for e in wrong[0].entries] == \
        [(f"{printed[i, j]:.2f}", f"{right[i, j]:.2f}") for i in range(3) for j in range(3)]


# ---------------------------------------------------------------- weights printed rounded


@pytest.mark.parametrize("result, status", [
    ("[0.49, 1.67]", "rounded"),   # the exact weights give it; the printed ones, which sum to 0.99, give [0.48, 1.66]
    ("[0.52, 1.67]", "wrong"),     # beyond what the weights' rounding can carry
])
def test_weights_that_sum_to_one_only_within_their_rounding_are_rounded_prints(result, status):
    # weights of the scores [2, 4, 2] scaled by √2: the author multiplies with the exact ones and
    # prints them rounded, 0.16 + 0.67 + 0.16 = 0.99
    exact = np.exp(np.array([2.0, 4.0, 2.0]) / np.sqrt(2))
    exact /= exact.sum()
    assert [f"{x:.2f}" for x in exact] == ["0.16", "0.67", "0.16"]
    v = np.array([[2, 1], [0, 2], [1, 1]])
    assert [f"{x:.2f}" for x in exact @ v] == ["0.49", "1.67"]
    text = f"```\nz = 0.16 × [2, 1] + 0.67 × [0, 2] + 0.16 × [1, 1]\n  = {result}\n```\n"
    claims = [c for c in check_text(text, "a.md").claims if 3 in (c.lines or [c.line]) and c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {status}
    bm = lambda v: "\\begin{bmatrix}" + " & ".join(map(str, v)) + "\\end{bmatrix}"
    latex = ("$$z = 0.16 \\cdot " + bm([2, 1]) + " + 0.67 \\cdot " + bm([0, 2]) + " + 0.16 \\cdot " + bm([1, 1])
             + " = " + bm(result.strip("[]").split(", ")) + "$$\n")
    assert {c.status for c in check_text(latex, "a.md").claims if c.status != "unverifiable"} == {status}


def test_weights_that_sum_to_exactly_one_are_taken_as_printed():
    text = "```\nz = 0.25 × [2, 1] + 0.50 × [0, 2] + 0.25 × [1, 1]\n  = [0.76, 1.50]\n```\n"
    assert {c.status for c in check_text(text, "a.md").claims if 3 in (c.lines or [c.line])} == {"wrong"}


@pytest.mark.parametrize("printed, wrong", [("62,832", False), ("62,831", True)])
def test_a_noun_after_the_last_number_names_what_it_counts(printed, wrong):
    # 2π · 10000 = 62831.85 (62,831 is cut, not rounded); "tokens" is what it counts, no factor
    assert round(2 * math.pi * 10000) == 62832
    text = f"$$\\lambda_{{max}} = 2\\pi \\times 10000 \\approx {printed} \\text{{ tokens}}$$\n"
    statuses = [c.status for c in check_text(text, "a.md").claims]
    assert statuses and ("wrong" in statuses) == wrong and "unverifiable" not in statuses, statuses
    # a unit that scales the number is no noun: 14e9 / 312e12 s is 0.045 ms, not 0.045
    assert 14e9 / 312e12 * 1e3 == pytest.approx(0.0449, abs=1e-4)
    timed = "$$t = \\frac{14 \\times 10^9}{312 \\times 10^{12}} = 0.045 \\text{ ms}$$\n"
    assert "wrong" not in [c.status for c in check_text(timed, "a.md").claims]


def _judged_at(text: str, line_text: str):
    """The one claim with a verdict on the line that reads ``line_text``."""
    rep = check_text(text, "t.md")
    line = text.split("\n").index(line_text) + 1
    (claim,) = [c for c in at(rep, line) if c.status in ("exact", "rounded", "wrong")]
    return claim


# ---------------------------------------------------------------- rounded prints whose exact value is known

ROW_BY_ROW = r"""# Softmax row by row

$$
Q = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 1 & 1 \end{bmatrix}
$$

$$
K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 0.5 & 0.5 \end{bmatrix}
$$

Scaled scores:

$$
\frac{QK^T}{\sqrt{2}} = \begin{bmatrix} 0.7071 & 0.0000 & 0.3536 \\ 0.0000 & 0.7071 & 0.3536 \\ 0.7071 & 0.7071 & 0.7071 \end{bmatrix}
$$

## Softmax por filas

### Fila 1: [0.7071, 0.0000, 0.3536]
- exp(0.7071)=2.0281
- exp(0.3536)={e}
"""


@pytest.mark.parametrize("printed, wrong", [("1.4241", False), ("1.4243", True)])
def test_a_rounded_operand_is_judged_at_the_exact_value_it_rounds(printed, wrong):
    # row 1 of QKᵀ/√2 is [1, 0, 1/2]/√2; 0.3536 is √2/4 rounded, and e^{√2/4} = 1.424119… → 1.4241.
    # From the printed 0.3536 (±0.00005) alone, e^x spans 1.42412…1.42426 and 1.4243 (±0.00005)
    # would not be a witnessed mistake; the exact value the print rounds is the witness.
    assert round(math.exp(math.sqrt(2) / 4), 4) == 1.4241
    claim = _judged_at(ROW_BY_ROW.replace("{e}", printed), f"- exp(0.3536)={printed}")
    assert (claim.status == "wrong") == wrong
    if wrong:
        assert claim.entries[0]["correct"] == "1.4241"


def test_a_row_restated_under_a_softmax_heading_is_the_row_its_values_are():
    # "### Fila 1: [0.7071, 0.0000, 0.3536]" under "Softmax por filas" (softmax by rows): the heading
    # names the weights, the values are row 1 of the scaled scores ([1, 0, 1/2]/√2), printed right
    text = ROW_BY_ROW.replace("{e}", "1.4241")
    rep = check_text(text, "t.md")
    line = text.split("\n").index("### Fila 1: [0.7071, 0.0000, 0.3536]") + 1
    assert all(c.status != "wrong" for c in at(rep, line))


DRIFT = r"""# Output row 1

$$
Q = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 1 & 1 \end{bmatrix}
$$

$$
K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 0.5 & 0.5 \end{bmatrix}
$$

$$
V = \begin{bmatrix} 1 & 2 \\ 3 & 4 \\ 5 & 6 \end{bmatrix}
$$

Weights, softmax of QKᵀ/√2 by rows:

$$
A = \begin{bmatrix} 0.4555 & 0.2246 & 0.3199 \\ 0.2246 & 0.4555 & 0.3199 \\ 0.3333 & 0.3333 & 0.3333 \end{bmatrix}
$$

- first column of row 1: 0.4555·1 + 0.2246·3 + 0.3199·5 = {o}
"""


@pytest.mark.parametrize("printed, cause", [("2.7287", ""), ("2.7288", "drift")])
def test_a_sum_of_rounded_weights_is_judged_at_the_weights_exact_values(printed, cause):
    # the weights of row 1 are softmax([1, 0, 0.5]/√2); Σ a_j v_j1 = 2.72866… → 2.7287, while the
    # printed weights give 0.4555 + 0.6738 + 1.5995 = 2.7288: right from the rounded weights (drift)
    s = np.array([1, 0, 0.5]) / math.sqrt(2)
    a = np.exp(s) / np.exp(s).sum()
    assert f"{a @ np.array([1, 3, 5]):.4f}" == "2.7287"
    claim = _judged_at(DRIFT.replace("{o}", printed), f"- first column of row 1: 0.4555·1 + 0.2246·3 + 0.3199·5 = {printed}")
    assert claim.cause == cause and (claim.status == "wrong") == bool(cause)
    if cause:   # right from the weights as printed on line 18
        assert claim.entries[0]["correct"] == "2.7287" and "line(s) 18" in claim.detail


def test_a_value_computed_from_a_rounded_print_is_no_exact_value_for_later_prints():
    # weights judged against softmax([0, 0.707]) (the author's 0.707 for 1/√2) rest on a rounded
    # print: they cannot stand for the exact weights; softmax([0, 1/√2]) can
    import sympy as sp
    from symattn.check.exactprints import exact_prints as _exact_prints
    printed = (("0.330", "0.670"),)
    e = sp.exp(sp.Rational(707, 1000))
    assert _exact_prints({printed: (sp.Matrix([[1 / (1 + e), e / (1 + e)]]), None)}) == {}
    r = sp.exp(1 / sp.sqrt(2))
    got = _exact_prints({printed: (sp.Matrix([[1 / (1 + r), r / (1 + r)]]), None)})
    assert got == {"0.330": (1 / (1 + r), 0), "0.670": (r / (1 + r), 0)}
    assert _exact_prints({printed: (sp.Matrix([[1 / (1 + r), r / (1 + r)]]), 7)}) == {}   # a carried print


EXP_TABLE = """# Five logits

| Token | Logit | exp(logit) |
|---|---|---|
| a | 2.8 | 16.44 |
| b | 2.3 | 9.97 |
| c | 1.9 | 6.69 |
| d | 1.5 | 4.48 |
| e | 1.2 | 3.32 |

Their sum:

```
Z = 16.44 + 9.97 + 6.69 + 4.48 + 3.32 = {z}
```
"""


@pytest.mark.parametrize("printed, wrong", [("40.91", False), ("40.90", True)])
def test_a_sum_of_a_columns_rounded_exponentials_is_judged_at_their_exact_values(printed, wrong):
    # the exp column is e^logit rounded to 2 places; Z = Σ e^logit = 40.9065… → 40.91, while the
    # printed terms add to 40.90 (right from the rounded terms only: drift)
    z = sum(math.exp(x) for x in (2.8, 2.3, 1.9, 1.5, 1.2))
    assert f"{z:.2f}" == "40.91"
    claim = _judged_at(EXP_TABLE.replace("{z}", printed), f"Z = 16.44 + 9.97 + 6.69 + 4.48 + 3.32 = {printed}")
    assert (claim.status == "wrong") == wrong
    if wrong:
        assert claim.cause == "drift" and claim.entries[0]["correct"] == "40.91"


def test_a_one_digit_input_equal_to_a_rounded_result_is_still_data():
    # K holds 0.2; the scaled scores printed to one place hold 0.2 too (0.55/√5 = 0.246): the dot
    # product that uses K's 0.2 uses the datum, 0.7 − 0.6 − 0.5 − 0.03 + 0.12 = −0.31 exactly
    text = "\n".join([
        "Q:", "", "```", "[[0.7, -1.0, 1.0, -0.3, 0.6],", " [0.4, -0.6, 0.6, 0.7, 0.0]]", "```", "",
        "K:", "", "```", "[[1.0, 0.6, -0.5, 0.1, 0.2],", " [0.5, -0.4, -0.4, 0.5, -1.0]]", "```", "",
        "With $d_k = 5$, the scores divided by √5, to one place:", "",
        "```", "[[-0.1, -0.2],", " [-0.1, 0.2]]", "```", "",
        "One of them by hand:", "",
        "q_1·k_1 = 0.7×1 + (-1)×0.6 + 1×(-0.5) + (-0.3)×0.1 + 0.6×0.2 = -0.31", ""])
    rep = check_text(text, "t.md")
    line = text.split("\n").index("q_1·k_1 = 0.7×1 + (-1)×0.6 + 1×(-0.5) + (-0.3)×0.1 + 0.6×0.2 = -0.31") + 1
    assert at(rep, line) and all(c.status != "wrong" for c in at(rep, line))


@pytest.mark.parametrize("printed, wrong", [("6.130", False), ("6.131", True)])
def test_a_sum_on_its_own_line_adds_the_results_of_the_lines_above_it(printed, wrong):
    # e^0.5 + e^1.5 + e^-inf = 6.13041… → 6.130; the printed terms 1.649 + 4.482 add to 6.131 (drift)
    assert f"{math.exp(0.5) + math.exp(1.5):.3f}" == "6.130"
    text = ("Row two of the masked scores:\n\n```\nscores[1,:] = [0.5, 1.5, -inf]\n"
            "exp(0.5) = 1.649, exp(1.5) = 4.482, exp(-inf) = 0\n"
            f"soma = {printed}\n```\n")
    rep = check_text(text, "t.md")
    judged = [c for c in at(rep, 6) if c.status in ("exact", "rounded", "wrong")]
    assert judged and all((c.status == "wrong") == wrong for c in judged)
    if wrong:
        assert judged[0].entries[0]["correct"] == "6.130"
    assert [c.status for c in at(rep, 5) if "∞" in str(c.what)] == ["exact"]   # e^-inf = 0


@pytest.mark.parametrize("printed, wrong", [("[3.0000, 4.0000]", False), ("[2.9997, 3.9996]", True)])
def test_the_last_line_of_a_chain_down_the_page_is_the_first_expressions_result(printed, wrong):
    # row 3 of the weights is 1/3 each (scores [1, 1, 1]); 1/3·[1,2] + 1/3·[3,4] + 1/3·[5,6] = [3, 4].
    # The middle line adds terms rounded from the rounded 0.3333 (2.9997): the author's own step; the
    # result printed at the end is the output, right as [3.0000, 4.0000] and wrong as [2.9997, 3.9996]
    chain = ("```\nOutput[2] = 0.3333×[1,2] + 0.3333×[3,4] + 0.3333×[5,6]\n"
             "          = [0.3333, 0.6666] + [0.9999, 1.3332] + [1.6665, 1.9998]\n"
             f"          = {printed}\n```\n")
    text = DRIFT.replace("- first column of row 1: 0.4555·1 + 0.2246·3 + 0.3199·5 = {o}\n", chain)
    rep = check_text(text, "t.md")
    line = text.split("\n").index(f"          = {printed}") + 1
    judged = [c for c in at(rep, line) if c.status in ("exact", "rounded", "wrong")]
    assert judged and all((c.status == "wrong") == wrong for c in judged)


def test_a_list_inside_a_function_this_stage_does_not_compute_is_no_operand_restated():
    # σ([1.0, 1.1]) = [0.475, 0.525]: σ is the softmax here (e^1/(e^1 + e^1.1) = 0.47502); the
    # printed right side is no copy of the left side's list
    s = np.exp([1.0, 1.1]) / np.exp([1.0, 1.1]).sum()
    assert f"{s[0]:.3f}, {s[1]:.3f}" == "0.475, 0.525"
    text = "$$\n\\begin{align}\n\\sigma( & [1.0, 1.1] ) &= [0.475, 0.525] \\\\\n\\sigma( & [10, 11] ) &= [0.269, 0.731]\n\\end{align}\n$$\n"
    rep = check_text(text, "t.md")
    assert not [c for c in rep.claims if c.status == "wrong"]


def test_a_primed_dimension_is_another_name_not_a_transpose():
    # d_c = 512 and d_c' = 1536 (two latent widths): 2·128·(1536 + 512) = 524288 and 2·1536·512 = 1572864
    text = ("Let $d_c = 512$ and $d_c^{\\prime} = 1536$, with $d_h = 128$.\n\n"
            "- separately: $2 d_h (d_c^{\\prime} + d_c) = 524288$\n"
            "- merged: $2 d_c^{\\prime} d_c = 1572864 = 3 \\times 524288$\n")
    rep = check_text(text, "t.md")
    assert 2 * 128 * (1536 + 512) == 524288 and 2 * 1536 * 512 == 1572864 == 3 * 524288
    judged = [c for c in rep.claims if c.line in (3, 4) and c.status in ("exact", "rounded", "wrong")]
    assert judged and all(c.status == "exact" for c in judged)


@pytest.mark.parametrize("printed, wrong", [("7.4796", False), ("7.4900", True)])
def test_a_product_of_weights_printed_to_five_places_allows_their_rounding(printed, wrong):
    # 0.00744·2 + 0.75471·8 + 0.23785·6 = 7.47966 from the printed weights; each is a rounded print
    # (±0.000005), so 7.4796 (the exact weights give it) is no mistake; 7.4900 is one
    text = ("$\\begin{bmatrix} 0.00744 & 0.75471 & 0.23785 \\end{bmatrix}\\times \\begin{bmatrix} 1 & 2 & 3 \\\\ "
            "2 & 8 & 0 \\\\ 2 & 6 & 3 \\end{bmatrix}=\\begin{bmatrix} 1.9926 & " + printed + " & 0.7359 \\end{bmatrix}$\n")
    rep = check_text(text, "t.md")
    assert any(c.status == "wrong" for c in rep.claims) == wrong


@pytest.mark.parametrize("formula_first", [False, True])
def test_a_scaling_stated_only_after_the_example_does_not_judge_it(formula_first):
    # an example computed without scaling, and a later section that introduces ÷√d_k with other
    # numbers: the unscaled weights are the example's own convention; the same text with the
    # formula before the example makes them a mistake
    x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    s = x @ x.T
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    rows = " \\\\ ".join(" & ".join(f"{v:.2f}" for v in r) for r in w)
    later = ("## Why scale\n\n$$\\text{Attention}(Q, K, V) = \\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right) V$$\n\n"
             "With $d_k = 64$ the scores have standard deviation $\\sqrt{64} = 8$.\n")
    example = ("## The example\n\nQ = K = V = X:\n\n$$X = " + _bmatrix(x.astype(int)) + "$$\n\n"
               "$$QK^T = " + _bmatrix(s.astype(int)) + "$$\n\n$$A = \\begin{bmatrix} " + rows + " \\end{bmatrix}$$\n\n")
    text = (later + "\n" + example) if formula_first else (example + later)
    line = text.split("\n").index(next(l for l in text.split("\n") if l.startswith("$$A =")))  + 1
    verdicts = {c.status for c in at(check_text(text), line)}
    assert verdicts == ({"wrong"} if formula_first else {"rounded"}), verdicts


def test_a_print_written_as_the_softmax_of_the_raw_scores_is_judged_unscaled():
    # the article defines attention with ÷√d_k, then works a simplified example and writes the
    # weights as Softmax(S[0]) and Softmax(S[1]), S = Q·Kᵀ: its own formula for them has no scaling
    x = np.array([[0.5, 0.8], [0.2, 0.4]])
    s = x @ x.T
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    text = ("$$\\text{Attention}(Q, K, V) = \\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right) V$$\n\n"
            "A simplified example, Q = K = V = X:\n\n```\nX = [[0.5, 0.8], [0.2, 0.4]]\n\n"
            f"S = Q·K^T = [[{s[0, 0]:.2f}, {s[0, 1]:.2f}], [{s[1, 0]:.2f}, {s[1, 1]:.2f}]]\n\n"
            f"Softmax(S[0]) = [{w[0, 0]:.2f}, {w[0, 1]:.2f}]  # the first token\n"
            f"Softmax(S[1]) = [{w[1, 0]:.2f}, {w[1, 1]:.2f}]  # the second\n```\n")
    line = next(k for k, l in enumerate(text.split("\n"), 1) if l.startswith("Softmax(S[0])"))
    assert {c.status for c in at(check_text(text), line)} == {"rounded"}


# ---------------------------------------------------------------- a mask's fill value in a program's print

def _masked_print(fill: str, wrong: bool = False) -> str:
    """An article whose program prints its causally masked, scaled scores with a large negative fill
    (one allowed entry printed wrong with ``wrong``)."""
    q = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, 3.0]])
    s = q @ q.T / math.sqrt(2)   # Q = K
    rows = [[f"{s[i, j]:.4e}" if j <= i else fill for j in range(3)] for i in range(3)]
    if wrong:
        rows[2][1] = "1.5000e+00"
    return ("```python\nQ = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, 3.0]])\nK = Q\n```\n\n"
            "Scores divided by sqrt(2), then the future masked:\n\n```\n"
            + "\n".join(("[[ " if i == 0 else " [ ") + " ".join(r) + ("]]" if i == 2 else "]") for i, r in enumerate(rows))
            + "\n```\n")


@pytest.mark.parametrize("fill", ["-1.0000e+09", "-1.0000e+04"])
def test_a_large_negative_fill_stands_for_the_masked_entry(fill):
    """``masked_fill(mask, -1e9)`` prints -1e9 where the exact masked scores hold -∞: the fill agrees
    with the hidden entry; an entry of the allowed part is still judged at its printed digits."""
    right = check_text(_masked_print(fill), "a.md")
    assert [c.status for c in at(right, 9)] == ["rounded"]
    wrong = check_text(_masked_print(fill, wrong=True), "a.md")
    assert [c.status for c in at(wrong, 11)] == ["wrong"] and wrong.claims[0].wrong_lines == [11]


# ---------------------------------------------------------------- a dimension stated as a number

def test_a_dimension_stated_as_a_number_unlike_the_matrices_is_an_input_not_a_claim():
    """A list of a real model's sizes after a toy example (K is 4 wide): ``d_k = 64`` is what that
    model uses, an input unlike the matrices shown, so it is unverifiable, with its reason (the
    verdict policy, rule 8), before or after the matrices; arithmetic that states it is still judged."""
    k = "$$K = \\begin{bmatrix} 1 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 1 \\end{bmatrix}$$\n\n"
    sizes = "The base model:\n\n- d_model = 512\n- d_k = d_v = 64\n\n"
    for text in (k + sizes, sizes + k):
        report = check_text(text, "a.md")
        line = 1 + text.split("\n").index("- d_k = d_v = 64")
        (c,) = at(report, line)
        assert c.status == "unverifiable" and c.reason.code == "own-dimension"
    assert 512 // 8 == 64
    (c,) = [c for c in check_text(k + "Each head: d_k = 512 / 8 = 60\n", "a.md").claims if c.line == 3]
    assert c.status == "wrong"


def test_a_size_by_its_long_name_before_any_matrix_is_the_models_own():
    """``hidden_size = 4096`` in a model's configuration, then a toy vector of three logits in a code
    block: the width is the model's, stated before any matrix, never a claim about the toy (nor are
    its restatements further on carried wrong from it)."""
    text = ("```python\nhidden_size = 4096\nnum_heads = 32\n```\n\nA softmax on three logits:\n\n"
            "```python\nx = torch.tensor([1.0, 2.0, 3.0])\n```\n\nAgain, hidden_size = 4096.\n")
    report = check_text(text, "a.md")
    assert not [c for c in report.claims if c.status == "wrong"], [(c.line, c.detail) for c in report.claims]
    (c,) = at(report, 2)
    assert c.reason.code == "own-dimension"


@pytest.mark.parametrize("line", ["(d_k = 2, √2 = 1.414):", "(√2 = 1.414).", "(with √2 = 1.414)"])
def test_a_closing_bracket_of_the_prose_is_not_part_of_the_number(line):
    """"(d_k = 2, √2 = 1.414)": the bracket closes the aside, so 1.414 has 3 decimals and is right."""
    (c,) = [c for c in check_text(f"Scaling the scores {line}\n", "a.md").claims if c.status != "unverifiable"]
    assert c.status == "rounded" and c.claimed == "1.414"


def test_a_root_of_a_named_dimension_is_the_root_of_that_name():
    """√dk is the root of d_k (one name), √d k the root of d times k; a number keeps its root."""
    from symattn.check.unicode import normalise
    assert normalise("√dk = √4 = 2") == r"\sqrt{dk} = \sqrt{4} = 2"
    assert normalise("√d_k") == r"\sqrt{d_k}" and normalise("√dx") == r"\sqrt{d}x"


def test_an_expression_whose_start_is_unread_leaves_its_arithmetic_to_judge():
    """"∂L/∂z = ŷ - y = 0.635 - 1 = -0.365": the start is written in letters the prose reader does
    not take; what is left ("- y = …") is no quantity minus y but the tail of one, so the claim is
    the arithmetic after it, whatever y was given as."""
    text = "The label is y = 1.\n\nThe gradient: ∂L/∂z = ŷ - y = 0.635 - 1 = -0.365\n"
    cs = [c for c in check_text(text, "a.md").claims if c.line == 3]
    assert [c.status for c in cs] == ["exact"] and cs[0].claimed == "-0.365"
    wrong = [c for c in check_text(text.replace("-0.365", "-0.375"), "a.md").claims if c.line == 3]
    assert [c.status for c in wrong] == ["wrong"]


# ---------------------------------------------------------------- a row named by its token

def _token_article(caption: str, printed: str) -> str:
    """X with token names in front of its rows, Q = K = V = X, cat's scaled scores, then one row of
    weights under ``caption``.  The scores are small, so every row of weights is near uniform."""
    return ("```text\nX (Q = K = V = X):\n    [CLS]: [0.10, 0.00, 0.10]\n    the:   [0.00, 0.20, 0.00]\n"
            "    cat:   [0.30, 0.10, 0.00]\n    sat:   [0.20, 0.00, 0.20]\n```\n\n"
            f"```text\ncat's scaled scores: {printed[0]}\n```\n\nEvery score is small, so every row of the\n"
            f"weights will be close to a quarter each.\n\nThe softmax of that row:\n\n"
            f"```text\n{caption}: {printed[1]}\n```\n")


def _cat_rows():
    x = np.array([[0.1, 0.0, 0.1], [0.0, 0.2, 0.0], [0.3, 0.1, 0.0], [0.2, 0.0, 0.2]])
    s = x @ x.T / math.sqrt(3)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    return s, w


def test_a_caption_naming_a_token_names_its_row_where_the_values_cannot():
    """Every row of the weights is near 0.25, so a print of one row agrees in part with several
    rows; "cat's attention weights" names the row of cat, which its numbers then are judged against."""
    s, w = _cat_rows()
    scaled = "[" + ", ".join(f"{v:.3f}" for v in s[2]) + "]"
    cat = "[" + ", ".join(f"{v:.2f}" for v in w[2]) + "]"
    assert cat == "[0.25, 0.25, 0.26, 0.25]"
    right = check_text(_token_article("cat's attention weights", (scaled, cat)), "a.md")
    assert [c.status for c in at(right, 19)] == ["rounded"]
    wrong = check_text(_token_article("cat's attention weights", (scaled, "[0.24, 0.24, 0.27, 0.25]")), "a.md")
    (c,) = at(wrong, 19)
    assert c.status == "wrong" and [e["correct"] for e in c.entries] == ["0.25", "0.25", "0.26"]
    # a caption that names two tokens names no row (the scores' line left out, whose softmax the
    # print right under it would otherwise claim to be)
    both = _token_article("the weights of cat and sat", (scaled, "[0.24, 0.24, 0.27, 0.25]"))
    both = both.replace(f"cat's scaled scores: {scaled}\n", "\n")
    assert not [c for c in check_text(both, "a.md").claims if c.status == "wrong"]


# ---------------------------------------------------------------- a softmax that only writes its operand again

def test_a_print_called_a_softmax_that_equals_its_scores_is_judged_as_their_softmax():
    """Scores [0.1, 0.9] already sum to one, so printing them again as [0.10, 0.90] agrees with
    normalising them by their sum; the arrow says softmax, which gives [0.31, 0.69]."""
    p = np.exp([0.1, 0.9]) / np.exp([0.1, 0.9]).sum()
    assert [f"{v:.2f}" for v in p] == ["0.31", "0.69"]
    text = "```\nScores: [0.1, 0.9]\n         ↓ (softmax)\nProbs:  [0.10, 0.90]\n```\n"
    (c,) = at(check_text(text, "a.md"), 4)
    assert c.status == "wrong" and [e["correct"] for e in c.entries] == ["0.31", "0.69"]
    right = text.replace("[0.10, 0.90]", "[0.31, 0.69]")
    assert [c.status for c in at(check_text(right, "a.md"), 4)] == ["rounded"]
    # named as the weights already, the same distribution again is a restatement, not a softmax
    again = "```\nWeights: [0.1, 0.9]\n         ↓ (softmax)\nProbs:  [0.10, 0.90]\n```\n"
    assert not [c for c in check_text(again, "a.md").claims if c.status == "wrong"]


# ---------------------------------------------------------------- what is in force at a line

def test_a_formula_stated_further_down_is_not_in_force_above_it():
    """"GQA (g=8)" in a table, and only after it "choose g = h / 8 for h = 96": the rule of thumb
    is no witness against the table's settings above it."""
    text = ("A table of group counts:\n\n- GQA (g=8): 12.5%\n- GQA (g=4): 6.25%\n\n"
            "How to choose: $g = h / 8$ for $h = 96$ heads.\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


def test_an_input_given_in_a_later_section_is_not_in_force_above_it():
    """q1 in the self-attention section (its W_Q given above it), Q given only in the
    cross-attention section below: that Q is another example's, no witness against q1."""
    text = ("## Self-attention\n\n```\nW_Q = [[2, 0], [0, 1]]\n\nq1 = x1·W_Q = [2, 0]\n```\n\n"
            "## Cross-attention\n\n```\nQ = [[0.4, 0.5]]\n```\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]
    # given first, the same Q is the one q1 is a row of
    first = "```\nQ = [[0.4, 0.5]]\n```\n\n```\nq1 = [2, 0]\n```\n"
    assert [c.status for c in check_text(first, "a.md").claims if c.line == 6] == ["wrong"]


# ---------------------------------------------------------------- steps captioned line by line

_STEPS = ("```\nRaw scores:     [0.1, 0.8, 1.2, 0.3, 0.1, 0.4]\nAfter exp():    {exp}\n"
          "After softmax:  {soft}\n```\n")


def _steps(exp_digits=2, soft=None):
    s = np.array([0.1, 0.8, 1.2, 0.3, 0.1, 0.4])
    e = np.exp(s)
    w = e / e.sum() if soft is None else np.array(soft)
    fmt = lambda v, d: "[" + ", ".join(f"{x:.{d}f}" for x in v) + "]"
    return _STEPS.format(exp=fmt(e, exp_digits), soft=fmt(w, 2))


def test_rows_captioned_as_different_steps_are_different_prints():
    """"Raw scores:", "After exp():" and "After softmax:" on consecutive lines are three vectors, each
    a step of the one before it, not the rows of one matrix."""
    from symattn.check.read import read_blocks
    from symattn.check.document import Document
    assert [b.shape for b in read_blocks(Document.of(_steps()))] == [(1, 6), (1, 6), (1, 6)]


def test_a_print_captioned_as_the_softmax_of_the_scores_above_is_judged_as_it():
    """The softmax printed under its scores and their exponentials: right, or wrong with the softmax
    of the printed scores as the witness (here divided by a wrong sum, 11.61 for 10.60)."""
    right = check_text(_steps(), "a.md")
    assert [c.status for c in at(right, 4)] == ["rounded"]
    e = np.exp([0.1, 0.8, 1.2, 0.3, 0.1, 0.4])
    slip = check_text(_steps(soft=np.round(e, 2) / 11.61), "a.md")
    (c,) = at(slip, 4)
    assert c.status == "wrong" and c.entries[0]["correct"] == f"{e[1] / e.sum():.2f}" == "0.21"


def test_a_print_written_as_its_own_formula_is_not_the_step_its_name_suggests():
    """"p = [exp(1-2), exp(2-2)] = [0.3679, 1.0]" after "scores [1, 2]": p is a name for exp(s - m)
    (online softmax), written out; it is not the softmax of the scores."""
    text = ("**Block 1:** scores $[1, 2]$, values $[10, 20]$.\n"
            "- $p = [\\exp(1-2), \\exp(2-2)] = [0.3679,\\ 1.0]$.\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


# ---------------------------------------------------------------- a plain-text table of logits and probabilities

def _logit_table(probs) -> str:
    logits = [2.0, 1.0, 0.5, -1.0]
    rows = "\n".join(f"{t:<10}{z:>5}      →    ~{p}  ({'<1' if p == '0.01' else round(float(p) * 100)}%)"
                     for t, z, p in zip(("alpha", "beta", "gamma", "delta"), logits, probs))
    return f"```\nToken     Logit      →    Probability\n{rows}\n```\n"


def test_a_plain_text_table_under_a_header_of_column_names_is_read_by_its_columns():
    """"Token  Logit  →  Probability" over aligned rows: the header names each column, so the
    probability column is a vector, and the softmax of the logit column beside it (its header's
    words say so); an approximate sign and a percentage in brackets are no words of the template."""
    z = np.array([2.0, 1.0, 0.5, -1.0])
    p = np.exp(z) / np.exp(z).sum()
    right = [f"{v:.2f}" for v in p]
    assert right == ["0.61", "0.22", "0.14", "0.03"]
    report = check_text(_logit_table(right), "a.md")
    assert [c.status for c in report.claims if c.status != "unverifiable"] == ["rounded"]
    slip = check_text(_logit_table(["0.61", "0.25", "0.14", "0.03"]), "a.md")
    (c,) = [c for c in slip.claims if c.status == "wrong"]
    assert c.wrong_lines == [4] and c.entries[0]["correct"] == "0.22"


def test_percentages_after_a_wrong_distribution_restate_its_wrong_entries():
    """"- 21% to beta" under a softmax printed wrong: 0.21 written again as a percentage, wrong too
    (carried, with the entry's right value as a percentage); one that restates a right entry is not."""
    e = np.exp([0.1, 0.8, 1.2, 0.3, 0.1, 0.4])
    printed = np.round(e, 2) / 11.61    # the exponentials divided by a wrong sum
    text = _steps(soft=printed) + "\nSo the third token gets:\n- 29% of the attention\n- 10% for the first\n"
    assert [f"{v:.2f}" for v in printed[[0, 2]]] == ["0.10", "0.29"] and f"{e[0] / e.sum():.2f}" == "0.10"
    report = check_text(text, "a.md")
    (c,) = [c for c in at(report, 8) if c.status == "wrong"]
    assert c.cause == "carried" and c.root == 4 and c.entries[0]["correct"] == f"{round(100 * e[2] / e.sum())}%"
    assert not [c for c in at(report, 9) if c.status == "wrong"]


def _copied_operand_article(operand: str) -> str:
    q, k, v = np.eye(2, dtype=int), np.array([[1, 1], [0, 1]]), np.array([[2, 4], [6, 8]])
    s = q @ k.T / math.sqrt(2)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    out = w @ v
    return "\n".join([
        "# Two tokens", "",
        f"$$Q = {_bmatrix(q)}, \\quad K = {_bmatrix(k)}, \\quad V = {_bmatrix(v)}$$", "",
        "The first row of the weights:", "",
        f"$$\\text{{softmax}}([\\tfrac{{1}}{{\\sqrt{{2}}}}, 0]) = [{w[0, 0]:.5f}, {w[0, 1]:.5f}]$$", "",
        "Then the weighted sum:", "",
        f"$$\\begin{{bmatrix}} {operand} & {w[0, 1]:.5f} \\end{{bmatrix}} \\times {_bmatrix(v)} = "
        f"\\begin{{bmatrix}} {out[0, 0]:.4f} & {out[0, 1]:.4f} \\end{{bmatrix}}$$", "",
        f"So the first output is [{out[0, 0]:.4f}, {out[0, 1]:.4f}].", ""])


def test_an_operand_copied_with_a_slip_is_wrong_and_the_product_of_the_print_it_copies_is_right():
    """A written product whose result the weights printed above give, next to a copy of those
    weights with two digits swapped (0.69676 for 0.66976): the copy is the slip, with the printed
    weight as the witness; the result is right end to end, and so is its restatement in prose."""
    w0 = math.exp(1 / math.sqrt(2)) / (math.exp(1 / math.sqrt(2)) + 1)
    assert f"{w0:.5f}" == "0.66976"
    report = check_text(_copied_operand_article("0.69676"), "a.md")
    wrong = [c for c in report.claims if c.status == "wrong"]
    assert [(c.line, c.entries[0]["claimed"], c.entries[0]["correct"]) for c in wrong] == [(11, "0.69676", "0.66976")]
    assert [c.status for c in at(report, 11) if c.status != "unverifiable"].count("rounded") >= 1
    assert not [c for c in at(report, 13) if c.status == "wrong"]
    # copied right, the product is right from its own operands: nothing is wrong
    right = check_text(_copied_operand_article("0.66976"), "a.md")
    assert not [c for c in right.claims if c.status == "wrong"]


def test_q_and_k_computed_from_a_quantity_the_catalogue_lacks_are_the_examples_inputs():
    """X and W_Q, W_K given; the article adds an encoding it prints no formula of and writes
    "Q = X_pe·W_Q, K = X_pe·W_K" over a table of Q and K: those are inputs of what follows (the
    binder's givens), not X·W_Q and X·W_K printed wrong."""
    from symattn.check.bind import _bound
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    x = np.array([[1.0, 0.5], [0.2, 0.3]])
    w = np.array([[1.0, 0.0], [0.0, 1.0]])
    q, k = np.array([[1.0, 1.5], [1.041, 0.840]]), np.array([[0.7, 1.2], [0.9, 0.4]])
    assert not np.allclose(q, x @ w) and not np.allclose(k, x @ w)
    rows = "".join(f"| t{i + 1} | [{q[i, 0]:.3f}, {q[i, 1]:.3f}] | [{k[i, 0]:.3f}, {k[i, 1]:.3f}] |\n" for i in range(2))
    text = (f"$$X = {_bmatrix(x)}, \\quad W_Q = {_bmatrix(w)}, \\quad W_K = {_bmatrix(w)}$$\n\n"
            "Q = X_pe·W_Q, K = X_pe·W_K, in one table:\n\n| Token | Q | K |\n|---|---|---|\n" + rows)
    doc = Document.of(text)
    _, bound = _bound(doc, read_blocks(doc))
    assert {(g.block.line, g.step) for g in bound.givens if g.block.line == 7} == {(7, "Q"), (7, "K")}
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


def test_q_assumed_after_new_embeddings_is_given_where_only_another_example_gave_w_q():
    """A first walkthrough gives X and W_Q (4×2); a second gives new embeddings and then "assumes"
    Q and K in a table: W_Q is the first example's, so Q is no X·W_Q printed wrong but the second
    example's input; its scores (numpy) are right from it."""
    x1 = np.array([[1, 0, 0, 1], [0, 1, 0, 1]])
    w = np.array([[1, 0], [0, 1], [0, 0], [1, 0]])
    x2 = np.array([[1, 0, 1, 0], [0, 1, 0, 1]])
    q, k = np.array([[2, 0], [1, 1]]), np.array([[1, 1], [0, 1]])
    assert not np.array_equal(q, x2 @ w)
    rows = "".join(f"| t{i + 1} | [{q[i, 0]}, {q[i, 1]}] | [{k[i, 0]}, {k[i, 1]}] |\n" for i in range(2))
    s = q @ k.T
    text = (f"## One\n\n$$X = {_bmatrix(x1)}, \\quad W_Q (4×2) = {_bmatrix(w)}$$\n\n$$Q = {_bmatrix(x1 @ w)}$$\n\n"
            f"## Two\n\nNew embeddings:\n\n$$X = {_bmatrix(x2)}$$\n\nWe simply assume the learned matrices give:\n\n"
            "| Word | Query (Q) | Key (K) |\n|---|---|---|\n" + rows +
            f"\nThe scores: $$QK^T = {_bmatrix(s)}$$\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


# ---------------------------------------------------------------- an input known by its use

def _keys_by_use(q_row2: str) -> str:
    """X and W_Q given by name, Q printed with its second row as given; then keys and values under
    names no lexicon knows (``M4``, ``M5``), and the steps computed from the printed Q and them."""
    return "\n".join([
        r"$$X = \begin{bmatrix} 1 & 0 & 1 & 0 \\ 0 & 2 & 0 & 1 \end{bmatrix}$$",
        "",
        r"$$W_Q = \begin{bmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 1 & 0 & 1 \\ 0 & 0 & 1 \end{bmatrix}$$",
        "",
        r"$$Q = \begin{bmatrix} 2 & 0 & 1 \\ " + q_row2 + r" \end{bmatrix}$$",
        "",
        r"$$M4 = \begin{bmatrix} 1 & 0 & 1 \\ 0 & 1 & 0 \end{bmatrix}$$",
        "",
        r"$$M5 = \begin{bmatrix} 10 & 2 & 0 \\ 2 & 5 & 8 \end{bmatrix}$$",
        "",
        "Each row of Q against each row of M4, then over the square root of 3 and a softmax per row:",
        "",
        r"$$L1 = \begin{bmatrix} 3 & 0 \\ 2 & 2 \end{bmatrix}$$" if q_row2 == "1 & 2 & 1" else
        r"$$L1 = \begin{bmatrix} 3 & 0 \\ 1 & 2 \end{bmatrix}$$",
        "",
        r"$$L3 = \begin{bmatrix} 0.85 & 0.15 \\ 0.50 & 0.50 \end{bmatrix}$$" if q_row2 == "1 & 2 & 1" else
        r"$$L3 = \begin{bmatrix} 0.85 & 0.15 \\ 0.36 & 0.64 \end{bmatrix}$$",
        "",
    ])


def test_keys_under_an_unknown_name_are_the_input_a_later_step_uses_them_as():
    """Q = X W_Q has row 2 [0, 2, 1], printed [1, 2, 1] (a slip).  M4 is used as the keys by the
    next print (the printed Q times M4ᵀ), so M4 is the keys, given: the weights are judged end to
    end from X, W_Q and M4, and their second row (printed 0.50, 0.50 from the wrong Q) is wrong."""
    x = np.array([[1, 0, 1, 0], [0, 2, 0, 1]])
    wq = np.array([[1, 0, 0], [0, 1, 0], [1, 0, 1], [0, 0, 1]])
    k = np.array([[1, 0, 1], [0, 1, 0]])
    s = (x @ wq) @ k.T / math.sqrt(3)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    report = check_text(_keys_by_use("1 & 2 & 1"), "k.md")
    weights = [c for c in at(report, 15) if c.status == "wrong"]
    assert weights, [(c.line, c.status, c.what) for c in report.claims]
    assert {e["entry"][-5:]: e["correct"] for e in weights[0].entries} == \
        {"[2,1]": f"{w[1, 0]:.2f}", "[2,2]": f"{w[1, 1]:.2f}"}
    # with Q right, nothing is wrong
    right = check_text(_keys_by_use("0 & 2 & 1"), "k.md")
    assert not [c for c in right.claims if c.status == "wrong"], [(c.line, c.what) for c in right.claims]


def _given_scores_then_masked(changed: bool = False) -> str:
    """Scores given as a program's print (no Q or K), then the same scores after a causal
    ``masked_fill`` with -1e9, both under a caption that says "attention scores"."""
    s = np.array([[1.445, -0.343, 0.704], [0.053, -1.143, 0.286], [0.972, -0.301, -0.266]])
    masked = [[f"{s[i, j]:.4e}" if j <= i else "-1.0000e+09" for j in range(3)] for i in range(3)]
    if changed:
        masked[2][2] = "-2.6000e-01"
    def block(rows):
        return "\n".join(("[[" if i == 0 else " [") + ", ".join(r) + ("]]" if i == 2 else "],")
                         for i, r in enumerate(rows))
    return ("Attention scores:\n\n```\n" + block([[f"{x:.4f}" for x in r] for r in s]) + "\n```\n\n"
            "Attention scores after the causal mask:\n\n```\n" + block(masked) + "\n```\n")


def test_given_scores_under_a_causal_fill_are_the_masked_scores_whatever_the_caption_says():
    """The caption names the scores, but the values are the given scores with the future filled
    with -1e9, in every entry: the masked scores, not the scores with ten wrong entries.  The
    allowed part is still judged: one entry changed there is wrong."""
    right = check_text(_given_scores_then_masked(), "a.md")
    assert not [c for c in right.claims if c.status == "wrong"]
    assert [c.status for c in at(right, 12)] == ["exact"]
    changed = check_text(_given_scores_then_masked(changed=True), "a.md")
    (c,) = [c for c in changed.claims if c.status == "wrong"]
    assert c.wrong_lines == [14] and [e["claimed"] for e in c.entries] == ["-2.6000e-01"]


def test_a_block_named_by_its_symbol_binds_to_it_when_its_values_explain_two_thirds():
    # V = X·W_V = [[1, 1, 1], [0, 2, 1], [1, 1, 0], [0, 1, 1]] (numpy below); the V column copies Q = X
    # in its first two rows, so Q explains 7 of its 8 informative entries and V 7 of 9: the label V
    # and V's own two thirds say it is V, wrong in rows 1 and 2, not a print of Q
    x = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
    wq, wk, wv = np.eye(3, dtype=int), np.array([[0, 1, 0], [1, 0, 0], [0, 0, 1]]), \
        np.array([[1, 0, 0], [0, 1, 0], [0, 1, 1]])
    q, k, v = x @ wq, x @ wk, x @ wv
    printed_v = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 1, 1]])
    assert (printed_v != v).any(axis=1).tolist() == [True, True, False, False]
    vec = lambda r: "[" + ", ".join(str(int(t)) for t in r) + "]"
    lines = ["| Token | X |", "|---|---|"] + [f"| t{i} | {vec(r)} |" for i, r in enumerate(x, 1)]
    lines += ["", "W_Q = " + str(wq.tolist()), "", "W_K = " + str(wk.tolist()), "", "W_V = " + str(wv.tolist()), "",
              "| Token | Q | K | V |", "|---|---|---|---|"]
    first = len(lines) + 1
    lines += [f"| t{i} | {vec(q[i])} | {vec(k[i])} | {vec(printed_v[i])} |" for i in range(4)]
    report = check_text("\n".join(lines) + "\n", "t.md")
    wrong = [c for c in report.claims if c.status == "wrong"]
    assert {ln for c in wrong for ln in (c.wrong_lines or c.lines or [c.line])} == {first, first + 1}


def test_a_dot_between_a_number_and_a_letter_is_a_product_sign_not_the_end_of_a_number():
    # 2.4.d^2 + 2.4.d^2 = 16.d^2 reads as 2·4·d² + 2·4·d² = 16·d² (right); it was read as the number 2.4
    # with the rest dropped, and judged wrong against 2.4.  A number the prose goes on from stays one.
    text = ("The two layers of the feed-forward part:\n\n$$\n2.4.d_{model}^2 + 2.4.d_{model}^2 = 16.d_{model}^2\n$$\n\n"
            "With $d_k = 4.$ The next sentence.\n\n$$\n3 + 4 = 8.\n$$\n")
    report = check_text(text, "t.md")
    assert [c.line for c in report.claims if c.status == "wrong"] == [10]


def test_a_softmax_print_is_of_the_scores_beside_it_not_of_earlier_ones():
    # softmax([2.0, 0.5, 0.2]) = [0.7165, 0.1599, 0.1185] (numpy below), printed right; later new scores
    # [1.5, 0.3, -inf] and their softmax [0.77, 0.23, 0.00] on one line, then weights of another example:
    # neither is the softmax of the first scores, and the new scores are no weights
    s = np.array([2.0, 0.5, 0.2])
    assert np.round(np.exp(s) / np.exp(s).sum(), 2).tolist() == [0.72, 0.16, 0.12]
    t = np.exp([1.5, 0.3]) / np.exp([1.5, 0.3]).sum()
    assert np.round(t, 2).tolist() == [0.77, 0.23]
    text = ("```\n# scores before scaling: [2.0, 0.5, 0.2]\n#   softmax -> [0.72, 0.16, 0.12]\n\n"
            "# masked: [1.5, 0.3, -inf] -> [0.77, 0.23, 0.00]\n\n# the weights of the next token: [0.30, 0.45, 0.25]\n```\n")
    assert [c.line for c in check_text(text, "t.md").claims if c.status == "wrong"] == []


def test_names_in_brackets_before_arithmetic_label_it():
    # 0.3·0.2 + 0.4·0.4 + 0.1·0.7 = 0.29 (by hand: 0.06 + 0.16 + 0.07), printed 0.26: wrong; a bracket of
    # names set equal to a bracket of numbers only gives them values
    text = ("Dot Product (sitting, dog)=0.3×0.2+0.4×0.4+0.1×0.7=0.26\n\n"
            "Dot Product (sitting, cat)=0.3×0.2+0.4×0.4+0.1×0.7=0.29\n\n"
            "The pair (a, b) = (1, 2) is given.\n")
    report = check_text(text, "t.md")
    assert [(c.line, c.status) for c in report.claims if c.status != "unverifiable"] == [(1, "wrong"), (3, "exact")]


def test_an_operand_above_a_line_that_prints_the_same_digits_after_approx_is_data():
    # the same dot product, then a weight printed "≈ 0.4" further down: the 0.4 of the key above is
    # data as given, so the operands' rounding is no excuse for 0.26 against 0.29
    text = ("Query = [0.3, 0.4, 0.1], Key = [0.2, 0.4, 0.7]\n\n"
            "score = 0.3×0.2+0.4×0.4+0.1×0.7=0.26\n\n"
            "weight ≈ 0.4, so the weighted value is 0.4×[0.5, 0.3] = [0.2, 0.12]\n")
    report = check_text(text, "t.md")
    assert 3 in [c.line for c in report.claims if c.status == "wrong"]


def test_plain_text_scores_with_unicode_indices_are_names_given_their_numbers():
    # s₁ = 2.5 and s₂ = 1.5 (the scores of one query: no Q and K give them here); e^2.5 = 12.1825 and
    # e^1.5 = 4.4817 (math.exp below), their sum 16.6642, w₁ = 0.7311; the author prints e^s₁ ≈ 1.22 × 10¹
    # right, the sum ≈ 1.76 × 10¹ wrong (1.67 × 10¹), and w₁ from that sum, 0.69 (wrong: 0.73)
    assert round(math.exp(2.5) + math.exp(1.5), 4) == 16.6642
    assert round(math.exp(2.5) / (math.exp(2.5) + math.exp(1.5)), 4) == 0.7311
    text = ("```\ns₁ = 2.5 (cat → dog)\ns₂ = 1.5 (cat → cat)\n\ne^s₁ ≈ 1.22 × 10¹\n"
            "sum = e^s₁ + e^s₂ ≈ 1.76 × 10¹\nw₁ = e^s₁ / sum ≈ 1.22×10¹ / 1.76×10¹ ≈ 0.69\n```\n")
    report = check_text(text, "t.md")
    assert sorted({c.line for c in report.claims if c.status == "wrong"}) == [6, 7]
    assert any(c.line == 5 and c.status == "rounded" for c in report.claims)


def test_a_divisor_in_scientific_notation_and_a_root_of_an_indexed_letter_read_as_one():
    from symattn.check.notation import parse_chains
    (chain,) = parse_chains("w ≈ 3.07×10²³ / 3.07×10²³ ≈ 1.0")
    assert chain.parts[1] == parse_chains(r"(3.07 \times 10^{23}) / (3.07 \times 10^{23})")[0].parts[0]
    (root,) = parse_chains("√dₖ = √4 = 2")
    assert root.errors == (None, None, None)


def test_scalar_arithmetic_beside_a_list_in_a_printed_block_is_read():
    # e^(1-3) = 0.1353 (math.exp below), so l = 0.1353 + 1 = 1.135, not 2.135 as printed; a list used as
    # an operand leaves its line to the block reader
    assert round(math.exp(-2) + 1, 3) == 1.135
    text = ("```\nblock 1 = [1, 3]: m = 3, l = e^(1-3) + e^(3-3) = 1.135 + 1 = 2.135\n"
            "  = [0.5, 0.3] · [1.0, -1.0] + 0\n```\n")
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert {c.line for c in wrong} == {2}


def test_a_fraction_in_brackets_as_an_exponent_is_a_power_and_a_rounded_exponent_restates_it():
    # d_k = 64: 64 / 64^(2/3) = 64^(1/3) = 4 exactly; 10^(126/128) = 9.6466 and 10^0.984 = 9.6383 differ
    # by less than the move of 0.984 within its rounding (126/128 = 0.984375)
    text = ("With $d_k = 64$:\n\n```\nvariance = d_k / d_k^(2/3) = d_k^(1/3)\n```\n\n"
            "$$10^{126/128} = 10^{0.984}$$\n")
    report = check_text(text, "t.md")
    assert [c.status for c in report.claims if c.line in (4, 7)] and \
        all(c.status in ("exact", "rounded") for c in report.claims if c.line in (4, 7))


def test_a_table_whose_rows_are_steps_judges_each_row_as_a_step_of_the_row_above():
    # softmax([1.0, 0.0, -inf, -inf]) = [0.7311, 0.2689, 0, 0] (numpy below): the softmax row printed
    # [0.6, 0.4, 0, 0] is wrong, with the masked row as its operand (not the raw scores above it)
    row = np.array([1.0, 0.0])
    assert np.round(np.exp(row) / np.exp(row).sum(), 2).tolist() == [0.73, 0.27]
    text = ("| step | t1 | t2 | t3 | t4 |\n|---|---|---|---|---|\n| scores | 1.0 | 0.0 | 2.0 | 0.5 |\n"
            "| after the mask | 1.0 | 0.0 | -∞ | -∞ |\n| softmax | 0.6 | 0.4 | 0 | 0 |\n")
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert [c.line for c in wrong] == [5]
    assert [e["correct"] for e in wrong[0].entries][:2] == ["0.7", "0.3"]   # at the print's one decimal


@pytest.mark.parametrize("label, note", [("{t}", "← {t} sees the tokens up to itself"), ("{t}", "# {t}"),
                                         ("{t}", "// {t}"), ("{t}", "<- {t}"), ('"{t}" │', "← {t}")])
def test_rows_of_a_plain_text_table_with_a_note_after_an_arrow_are_read(label, note):
    # causal softmax of Q Kᵀ/√2 with Q = K = [[1, 0], [0, 1], [1, 1]] (numpy below); the second row is
    # printed as [0.45, 0.55, 0.00] where it is [0.33, 0.67, 0.00]: a row of the weights, whatever note follows it
    Q = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    s = Q @ Q.T / math.sqrt(2) + np.triu(np.full((3, 3), -np.inf), 1)
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w = np.round(w / w.sum(axis=1, keepdims=True), 2)
    assert w[1].tolist() == [0.33, 0.67, 0.0]
    printed = w.copy()
    printed[1] = [0.45, 0.55, 0.0]
    rows = [f"{label.format(t=t):<8}" + "  ".join(f"{x:.2f}" for x in r) + "   " + note.format(t=t)
            for t, r in zip(("a", "b", "c"), printed)]
    q = _bmatrix([[1, 0], [0, 1], [1, 1]])
    text = "\n".join([f"$$Q = {q}, \\quad K = {q}, \\quad d_k = 2$$", "",
                      "With the causal mask, the weights of each token:", "",
                      "```", "        a     b     c", *rows, "```", ""])
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert [c.wrong_lines for c in wrong] == [[8]]
    assert [e["correct"] for e in wrong[0].entries] == ["0.33", "0.67"]


def _one_query_article(weights: str, mask: bool = True, logits: bool = False) -> str:
    return "\n".join([
        "# Attention, by hand", "",
        r"One query $Q = \begin{bmatrix} 1 & 0 \end{bmatrix}$ and three keys "
        r"$K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 1 & 1 \end{bmatrix}$, with $d_k = 2$.", "",
        r"With $\sqrt{d_k} = \sqrt{2} \approx 1.41$, the scores become $(0.71,\; 0,\; 0.71)$. "
        r"The softmax gives $\approx " + weights + "$.", "",
        *(["## A causal mask", "", r"For three tokens the mask is "
           r"$M = \begin{pmatrix} 0 & -\infty & -\infty \\ 0 & 0 & -\infty \\ 0 & 0 & 0 \end{pmatrix}$.", ""]
          if mask else []),
        *(["## Softmax by hand", "", "Given logits [2, 1, 0], the probabilities are [0.665, 0.245, 0.090].", ""]
          if logits else [])])


@pytest.mark.parametrize("mask", [True, False])
def test_a_tuple_alone_in_its_formula_is_read_and_a_mask_shown_elsewhere_leaves_one_query_unmasked(mask):
    # softmax((1, 0, 1)/√2) = (0.4011, 0.1978, 0.4011) (numpy below): (0.39, 0.22, 0.39) is wrong.  The
    # causal mask the article shows for three tokens has no place in one query against three keys
    s = np.array([1.0, 0.0, 1.0]) / math.sqrt(2)
    w = np.exp(s) / np.exp(s).sum()
    assert np.round(w, 2).tolist() == [0.4, 0.2, 0.4] and np.round(s, 2).tolist() == [0.71, 0.0, 0.71]
    wrong = [c for c in check_text(_one_query_article(r"(0.39,\; 0.22,\; 0.39)", mask), "t.md").claims
             if c.status == "wrong"]
    assert [c.line for c in wrong] == [5] and [e["correct"] for e in wrong[0].entries] == ["0.40", "0.20", "0.40"]
    right = check_text(_one_query_article(r"(0.40,\; 0.20,\; 0.40)", mask), "t.md").claims
    assert not [c for c in right if c.status == "wrong"]
    assert {c.status for c in right if c.line == 5} >= {"rounded"}   # the scores and the weights are read


def test_new_logits_after_the_examples_softmax_are_no_step_of_that_example_by_their_label():
    # the example printed its scaled scores and weights on line 5; "logits [2, 1, 0]" later are another
    # example (softmax(2, 1, 0) = (0.665, 0.245, 0.090)), not its scores printed wrong
    from symattn.check.bind import by_value
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    s = np.exp([2.0, 1.0, 0.0])
    assert np.round(s / s.sum(), 3).tolist() == [0.665, 0.245, 0.09]
    doc = Document.of(_one_query_article(r"(0.40,\; 0.20,\; 0.40)", mask=False, logits=True), "t.md")
    claims, _, _ = by_value(doc, read_blocks(doc))
    assert not [c for c in claims if c.status == "wrong"], [(c.line, str(c.reason)) for c in claims]


def test_numbers_outside_zero_to_one_under_a_softmax_heading_are_not_weights():
    # (2, 1, 0) are the exercise's logits: a heading on softmax does not make them weights, which lie in [0, 1]
    text = _one_query_article(r"(0.40,\; 0.20,\; 0.40)", mask=False) + \
        "\n### Softmax by hand\n\nTake $(2, 1, 0)$ and compute the probabilities.\n"
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"], [(c.line, str(c.reason)) for c in claims]


def test_a_running_sum_printed_to_two_decimals_is_used_at_its_exact_value():
    # l = e^-2 + e^-1 + 1 + e^-5 = 1.509953 (printed ≈ 1.51); e^-1 / l = 0.243636 -> 0.2436 (0.3679 / 1.51 is
    # 0.24364 too): 0.2438 is wrong, where the band of the rounded 1.51 alone would leave it open
    l = math.exp(-2) + math.exp(-1) + 1 + math.exp(-5)
    assert round(l, 2) == 1.51 and round(math.exp(-1) / l, 4) == 0.2436 and round(0.3679 / 1.505, 4) == 0.2445
    text = ("```\nx = [6, 7, 8, 3]\nm_4 = max(m_3, x[3]) = max(8, 3) = 8\n"
            "l_1 = l_0 + exp(x[0] - m_4) = 0 + exp(6 - 8) = 0.1353\n"
            "l_2 = l_1 + exp(x[1] - m_4) = 0.1353 + exp(7 - 8) = 0.1353 + 0.3679 = 0.5032\n"
            "l_3 = l_2 + exp(x[2] - m_4) = 0.5032 + exp(8 - 8) = 0.5032 + 1 = 1.5032\n"
            "l_4 = l_3 + exp(x[3] - m_4) = 1.5032 + exp(3 - 8) = 1.5032 + 0.0067 ≈ 1.51\n"
            "p_1 = exp(x[1] - m_4) / l_4 = exp(7 - 8) / 1.51 = 0.3679 / 1.51 = {p}\n```\n")
    wrong = [c for c in check_text(text.replace("{p}", "0.2438"), "t.md").claims if c.status == "wrong"]
    assert [c.line for c in wrong] == [8], [(c.line, str(c.reason)) for c in wrong]
    assert not [c for c in check_text(text.replace("{p}", "0.2436"), "t.md").claims if c.status == "wrong"]


def test_tuples_in_a_list_are_no_vectors_of_their_own():
    # "keys (1, 0, 0, 0), (0, 1, 0, 0), (2, 0, 0, 0)": the rows of one matrix, which none of them is alone
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    line = (r"One query, $q = (2, 0, 0, 0)$; keys $(1, 0, 0, 0)$, $(0, 1, 0, 0)$, $(2, 0, 0, 0)$; "
            r"and the scores $(0.71,\; 0,\; 0.71)$.")
    assert [b.texts for b in read_blocks(Document.of(line, "t.md"))] == [(("2", "0", "0", "0"),), (("0.71", "0", "0.71"),)]


# ---------------------------------------------------------------- weights known by their rows, in any language

_X3 = np.array([[1.0, 0.5, 0.2, 0.1], [0.3, 1.0, 0.4, 0.2], [0.2, 0.3, 1.0, 0.5]])


def _weights(scale):
    s = _X3 @ _X3.T / scale
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _rows_article(rows, stated: str = "", after: str = "", rust: bool = False) -> str:
    """An article in Swahili (no word of it in the lexicon): X in code (Python or Rust), then the weights
    printed with no name, one 'Neno i:' record per token."""
    x = ",\n".join("    [" + ", ".join(str(v) for v in r) + "]" for r in _X3)
    code = f"```rust\nlet x: Array2<f64> = array![\n{x}\n];\n```" if rust else f"```python\nx = np.array([\n{x}\n])\n```"
    printed = "\n".join(f"Neno {i + 1}: [" + ", ".join(f"{v:.3f}" for v in r) + "]" for i, r in enumerate(rows))
    return f"# Mfano\n\n{stated}\n\n{code}\n\nMatokeo:\n```\n{printed}\n```\n\n{after}\n"


_STATED = r"Hapa $Q = K = V = x$, na $A = \mathrm{softmax}(QK^T / \sqrt{d_k})$."


@pytest.mark.parametrize("rust", [False, True])
def test_rows_that_each_sum_to_one_are_the_weights_where_the_text_states_q_k_v_and_its_scaling(rust):
    # numpy, not symattn: softmax(X Xᵀ / 2) is the right print; rows that sum to 1 and match no convention
    # (here a softmax of X Xᵀ / 8) are wrong in every entry
    right = _weights(2.0)
    wrong = np.round(_weights(8.0), 3)
    assert np.all(np.abs(wrong - right) > 0.0005)
    lines = lambda text: [n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("Neno")]
    text = _rows_article(wrong, _STATED, rust=rust)
    r = check_text(text, "sw.md")
    assert all(any(c.status == "wrong" for c in at(r, n)) for n in lines(text)), [(c.line, c.status) for c in r.claims]
    ok = _rows_article(right, _STATED, rust=rust)
    r = check_text(ok, "sw.md")
    assert not [c for c in r.claims if c.status == "wrong"]
    assert all(any(c.status in ("exact", "rounded") for c in at(r, n)) for n in lines(ok))


def test_a_row_right_unscaled_is_no_slip_where_the_text_states_its_scaling_only_later():
    # the first row is softmax(x_1 Xᵀ) unscaled (numpy), the other two are off: where the text speaks of
    # √d_k only in a later section, the example's convention is open, and its right row is no slip
    rows = np.round(_weights(1.0), 3)
    rows[1:] = np.round(_weights(8.0)[1:], 3)
    text = _rows_article(rows, "Hapa $Q = K = V = x$.", after="## Baadaye\n\n" + _STATED, rust=True)
    first = next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("Neno 1"))
    r = check_text(text, "sw.md")
    assert not [c for c in r.claims if c.status == "wrong" and first in (c.wrong_lines or c.lines or [c.line])]


def test_a_mask_spoken_of_only_after_an_example_is_not_its_convention():
    # wrong weights of an unmasked example, then a section on the causal mask: the witness is the
    # unmasked softmax (numpy), not a masked one with zeros above the diagonal
    text = _rows_article(np.round(_weights(8.0), 3), _STATED, rust=True,
                         after="## Causal mask\n\nLater tokens are hidden with $-\\infty$.")
    wrong = [c for c in check_text(text, "sw.md").claims if c.status == "wrong"]
    assert wrong and wrong[0].expected is not None
    right = _weights(2.0)
    assert np.allclose([[float(sp.sympify(v)) for v in row] for row in wrong[0].expected], right)


@pytest.mark.parametrize("result, wrong", [("-2.2347", False), ("-2.2374", True)])
def test_a_name_given_only_by_its_own_chain_takes_the_exact_arithmetic_written_first(result, wrong):
    # q'_0 = 1·cos(2) − 2·sin(2) = −2.234742 (math): the arithmetic on the rounded cos and sin restates
    # it within their rounding, and the result is judged against it; a name with no other value is no
    # input set by its rounded arithmetic
    assert round(math.cos(2) - 2 * math.sin(2), 4) == -2.2347
    text = (r"$$q'_0 = 1 \cdot \cos(2.0) - 2 \cdot \sin(2.0) = 1 \cdot (-0.4161) - 2 \cdot (0.9093) = " + result + "$$\n")
    claims = check_text(text, "t.md").claims
    assert bool([c for c in claims if c.status == "wrong"]) == wrong, [(c.status, str(c.reason)) for c in claims]
    assert any(c.status == "rounded" for c in claims)


def _running_sum_article(total: str) -> str:
    return ("## One block\n\n$$\\tilde{m} = \\max(1.0, 0.2, 0.6) = 1.0$$\n\n"
            "$$\\tilde{P} = \\exp([0.0, -0.8, -0.4]) = [1.000, 0.449, 0.670]$$\n\n"
            f"$$\\tilde{{\\ell}} = 1.000 + 0.449 + 0.670 = {total}$$\n\n"
            f"$$\\ell_{{\\text{{new}}}} = 0 \\cdot 0 + {total} \\cdot 1 = {total}$$\n\n"
            f"Keep $\\ell_0 = {total}$ for the next block.\n")


@pytest.mark.parametrize("total, wrong", [("2.119", True), ("2.120", False)])
def test_a_sum_of_rounded_vector_entries_stands_for_its_exact_value_downstream(total, wrong):
    # 1 + e^-0.8 + e^-0.4 = 2.119649 (math) -> 2.120; 2.119 is the sum of the rounded entries: written
    # again as the next running sum (0·0 + 2.119·1) and kept as ℓ_0, it is wrong end to end, never 2119
    exact = 1 + math.exp(-0.8) + math.exp(-0.4)
    assert round(exact, 3) == 2.120 and round(1.000 + 0.449 + 0.670, 3) == 2.119
    text = _running_sum_article(total)
    lines = {n: ln for n, ln in enumerate(text.splitlines(), 1)}
    r = check_text(text, "t.md")
    wrong_lines = {n for c in r.claims if c.status == "wrong" for n in (c.wrong_lines or c.lines or [c.line])}
    later = {n for n, ln in lines.items() if ln.startswith("$$\\ell_") or ln.startswith("Keep")}
    assert (later <= wrong_lines) == wrong and (not wrong_lines if not wrong else True), \
        [(c.line, c.status, str(c.reason)) for c in r.claims]
    assert not [c for c in r.claims if any(getattr(n, "code", "") == "other-reading" for n in c.notes)]


def _rotation_article(q0: str, q1: str, dot: str = "") -> str:
    text = (r"$$\cos(1.0) \approx 0.5403, \quad \sin(1.0) \approx 0.8415$$" "\n\n"
            rf"$$q'_0 = 1 \cdot \cos(1.0) - 2 \cdot \sin(1.0) = 1 \cdot (0.5403) - 2 \cdot (0.8415) = {q0}$$" "\n\n"
            rf"$$q'_1 = 1 \cdot \sin(1.0) + 2 \cdot \cos(1.0) = 1 \cdot (0.8415) + 2 \cdot (0.5403) = {q1}$$" "\n\n"
            rf"**Result:** $q' = [{q0}, {q1}]$" "\n")
    return text + (f"\nWith $k' = [3, 1]$: $q' \\cdot k' = ({q0})(3) + ({q1})(1) = {dot}$\n" if dot else "")


def test_results_of_exact_arithmetic_restated_as_a_vector_and_used_again_are_judged_end_to_end():
    # cos 1 − 2 sin 1 = −1.142639 (math) -> −1.1426; the rounded cos and sin give −1.1427 (drift); the
    # vector q' restates it, and q'·k' = 3(cos 1 − 2 sin 1) + sin 1 + 2 cos 1 = −1.505843 -> −1.5058
    q0, q1 = math.cos(1) - 2 * math.sin(1), math.sin(1) + 2 * math.cos(1)
    assert (round(q0, 4), round(q1, 4), round(3 * q0 + q1, 4)) == (-1.1426, 1.9221, -1.5058)
    text = _rotation_article("-1.1427", "1.9221", "-3.4281 + 1.9221 = -1.5060")
    wrong = {n for c in check_text(text, "t.md").claims if c.status == "wrong" for n in (c.wrong_lines or c.lines or [c.line])}
    lines = {n: ln for n, ln in enumerate(text.splitlines(), 1)}
    expect = {n for n, ln in lines.items() if ln.startswith(("$$q'_0", "**Result", "With"))}
    assert expect <= wrong and not {n for n, ln in lines.items() if ln.startswith("$$q'_1")} & wrong, wrong
    right = _rotation_article("-1.1426", "1.9221")
    assert not [c for c in check_text(right, "t.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("printed, wrong", [("6.3066", True), ("6.3065", False)])
def test_a_named_row_of_right_rounded_results_stands_for_their_exact_values(printed, wrong):
    # x_1 restates sin 1 and cos 1 (no X anywhere: x_1 is a vector of its own); x_1·w = 3 sin 1 + 7 cos 1 =
    # 6.306526 (math) -> 6.3065, where the printed entries give 6.3066 (drift)
    assert round(3 * math.sin(1) + 7 * math.cos(1), 4) == 6.3065 and round(3 * 0.8415 + 7 * 0.5403, 4) == 6.3066
    text = (r"$$a_1 = \sin(1) = 0.8415$$" "\n\n" r"$$a_2 = \cos(1) = 0.5403$$" "\n\n"
            r"$$\mathbf{x}_1 = [0.8415, 0.5403]$$" "\n\n" r"$$\mathbf{w} = [3, 7]$$" "\n\n"
            rf"$$\mathbf{{x}}_1 \cdot \mathbf{{w}} = {printed}$$" "\n")
    claims = check_text(text, "t.md").claims
    assert bool([c for c in claims if c.status == "wrong" and c.line == 9]) == wrong, \
        [(c.line, c.status, str(c.reason)) for c in claims]
    assert any(c.line == 9 and c.status != "unverifiable" for c in claims)


def test_cells_that_write_their_arithmetic_on_right_rounded_prints_are_no_slip():
    # PE_1 restates sin 1 ≈ 0.841 and cos 0.01 ≈ 1.000; "−0.5+1" writes 1.000 as 1: right as written,
    # 0.49995 end to end (math), which verdict policy 5 leaves open; the rounded results agree
    assert round(-0.5 + math.cos(0.01), 3) == 0.500
    text = (r"$PE_{1,0} = \sin(1) = 0.841$" "\n\n" r"$PE_{1,1} = \cos(0.01) = 1.000$" "\n\n"
            r"$PE_1 = (0.841,\; 1.000)$" "\n\n" r"$u_{\text{cat}} = (-0.3,\; -0.5)$" "\n\n"
            r"$x_{\text{cat}} = u_{\text{cat}} + PE_1 = (-0.3+0.841, -0.5+1) = (0.541,\; 0.500)$" "\n")
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"], [(c.line, str(c.reason)) for c in claims]


@pytest.mark.parametrize("printed, wrong", [("1.4243", True), ("1.4241", False)])
def test_scores_written_as_a_literal_at_their_printed_digits_are_the_step_not_new_data(printed, wrong):
    # QKᵀ/√2 = [[1/√2, 0, 1/(2√2)], ...]; a fence restates it at 4 decimals as a literal assignment (a rounded
    # print of the step, 0.3536 for √2/4 = 0.35355...), and e^(√2/4) = 1.424119 (math) -> 1.4241; read as new
    # data, 0.3536 would be exact and e^0.3536 = 1.424185 leaves 1.4242 within its rounding
    assert round(math.exp(math.sqrt(2) / 4), 4) == 1.4241
    text = ("```\nQ = [[1, 0],\n     [0, 1],\n     [1, 1]]\n\nK = [[1, 0],\n     [0, 1],\n     [0.5, 0.5]]\n```\n\n"
            "```\nScaled_Scores = [[0.7071, 0.0000, 0.3536],\n                 [0.0000, 0.7071, 0.3536],\n"
            "                 [0.7071, 0.7071, 0.7071]]\n```\n\n"
            f"```\nexp(scaled_scores[0][0]) = exp(0.7071) = 2.0281\nexp(scaled_scores[0][2]) = exp(0.3536) = {printed}\n```\n")
    claims = check_text(text, "t.md").claims
    at = {ln.split(" =")[0]: n for n, ln in enumerate(text.splitlines(), 1)}
    scaled = [c for c in claims if c.line == at["Scaled_Scores"]]
    assert scaled and scaled[0].status == "rounded" and "from Q (line 2), K (line 6)" in str(scaled[0].reason), \
        [(c.line, c.status, str(c.reason)) for c in claims]
    assert [c.status for c in claims if c.line == at["exp(scaled_scores[0][0])"]] == ["rounded"]
    assert [c.status for c in claims if c.line == at["exp(scaled_scores[0][2])"]] == (["wrong"] if wrong else ["rounded"]), \
        [(c.line, c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("total, wrong", [("4.9461", True), ("4.9462", False)])
def test_chains_labelled_by_an_index_in_a_printed_block_and_their_sum_are_read(total, wrong):
    # a program's printed block (no code: `exp(...) = ...` assigns to no name) labels each line with an index;
    # the labels are no lists of numbers, so its scalar arithmetic is read, and a lone "Suma" is the sum of
    # the chains above it, end to end: 3·e^0.5 = 4.9461638 (math) -> 4.9462, where 3·1.6487 = 4.9461 (drift)
    assert round(3 * math.exp(0.5), 4) == 4.9462 and round(3 * 1.6487, 4) == 4.9461
    text = ("```\nexp(s[2][0]) = exp(0.5) = 1.6487\nexp(s[2][1]) = exp(0.5) = 1.6487\n"
            f"exp(s[2][2]) = exp(0.5) = 1.6487\nSuma = {total}\n```\n")
    claims = check_text(text, "t.md").claims
    assert [c.status for c in claims if c.line in (2, 3, 4)] == ["rounded"] * 3, \
        [(c.line, c.status, str(c.reason)) for c in claims]
    assert [c.status for c in claims if c.line == 5] == (["wrong"] if wrong else ["rounded"]), \
        [(c.line, c.status, str(c.reason)) for c in claims]


def test_a_whole_number_without_a_unit_is_no_size_printed_above():
    # "4 KB × 32,000 = 128 MB" is 125 MiB end to end (4 KB being 4096 bytes); "d * 1.3 = 128 * 1.3" below writes the
    # width d = 128, not that size: 128 * 1.3 = 166.4 as written (a decimal, 2025.8 under "= 2025.8 GiB",
    # is still read as the size it restates)
    text = ("```\nper token:\n  = 2 × 8 × 128 × 2 bytes = 4 KB per token\n\n32K tokens:\n"
            "  KV Cache = 4 KB × 32,000 = 128 MB per request\n```\n\n"
            "- total = Σ(1.0 * 1.3) = d * 1.3 = 128 * 1.3 = 166.4\n")
    claims = check_text(text, "t.md").claims
    assert [c.status for c in claims if c.line == 9] == ["exact"], [(c.line, c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("printed, wrong", [("1, 10, 100, 1000", []), ("1, 10, 100, 100", ["10000^{6/8} = 100"])])
def test_a_list_equal_to_a_list_is_read_item_by_item(printed, wrong):
    # 10000^(k/8) for k = 0, 2, 4, 6 is 1, 10, 100, 1000 (math); the relation between the two lists pairs
    # their items, it does not set the last item on the left equal to the first on the right
    assert [round(10000 ** (k / 8)) for k in (0, 2, 4, 6)] == [1, 10, 100, 1000]
    text = rf"The four rates are $10000^{{0/8}}, 10000^{{2/8}}, 10000^{{4/8}}, 10000^{{6/8}} = {printed}$." "\n"
    claims = check_text(text, "t.md").claims
    assert len(claims) == 4 and [c.source for c in claims if c.status == "wrong"] == wrong, \
        [(c.source, c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("printed, status", [("0.333", "rounded"), ("0.334", "wrong"), ("0.3", "rounded")])
def test_a_decimal_set_equal_to_the_fraction_it_rounds_is_judged_at_its_digits(printed, status):
    # "each weight ≈ 0.333 = 1/3": the printed decimal first, then the exact value (1/3 = 0.33333...)
    claims = check_text(f"So each weight is about {printed} = 1/3.\n", "t.md").claims
    assert [c.status for c in claims] == [status], [(c.source, c.status, str(c.reason)) for c in claims]


def test_the_arithmetic_after_a_power_of_a_name_is_no_expression_of_its_own():
    # "dmodel^2/1.5e12": 2/1.5e12 is the exponent and a divisor, not a quotient the line computes; the
    # line's names (nlayers, dmodel) are not given, so nothing is said about its 69 ms
    text = ("The KV cache of a 52B model.\n\n"
            "1. With 208 tokens, reading the weights takes `12*2*nlayers*dmodel^2/1.5e12=69 ms`; on 4 GPUs 69/4= 17ms\n")
    claims = check_text(text, "t.md").claims
    assert [c.status for c in claims if c.line == 3] == ["rounded"], [(c.source, c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("printed, wrong", [("0.5403", False), ("0.5413", True)])
def test_an_index_on_a_letter_given_as_one_vector_is_no_row_of_it(printed, wrong):
    # q = [1, 0, 1, 0] is one vector; q_1 = [cos 1, sin 1, cos 0.01, sin 0.01] is q rotated to position 1
    # (cos 1 = 0.540302, sin 1 = 0.841471, cos 0.01 = 0.99995, sin 0.01 = 0.0099998, math), not row 1 of q
    assert round(math.cos(1), 4) == 0.5403 and round(math.sin(0.01), 5) == 0.01
    text = (r"The content vector is $q = k = [1, 0, 1, 0]$." "\n\n"
            r"$$q_1 = [\cos 1,\ \sin 1,\ \cos 0.01,\ \sin 0.01] = "
            rf"[{printed},\ 0.8415,\ 0.99995,\ 0.01000]$$" "\n")
    claims = check_text(text, "t.md").claims
    assert bool([c for c in claims if c.status == "wrong"]) == wrong, [(c.line, c.status, str(c.reason)) for c in claims]
    assert not [c for c in claims if c.status == "wrong" and "should be 1" in str(c.reason)]


def test_numbers_a_program_sets_again_after_their_print_are_that_step():
    # the comment prints Q·Kᵀ/√2 = [5/√2, 2/√2] ≈ [3.54, 1.41]; "scores = [3.54, 1.41]" sets those numbers
    # again as data: the scaled scores restated (rounded), not the premise of an example whose scores they are
    text = ("```python\nQ = [[1, 2]]\nK = [[1, 2], [0, 1]]\n```\n\n"
            "```python\n# Scaled scores = [5/√2, 2/√2] ≈ [3.54, 1.41]\nscores = [3.54, 1.41]\n```\n")
    claims = check_text(text, "t.md").claims
    at = [c for c in claims if c.line == 8]
    assert at and all(c.status == "rounded" and "from Q (line 2)" in str(c.reason) for c in at), \
        [(c.line, c.status, str(c.reason)) for c in claims]


def test_an_index_and_a_share_in_one_sentence_are_no_vector():
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    line = "Query 0 attends 89.4% to key 0 and 10.6% to key 1; the weights are 0.894 and 0.106.\n"
    assert [b.texts for b in read_blocks(Document.of(line, "t.md"))] == [(("0.894", "0.106"),)]


@pytest.mark.parametrize("printed, wrong", [("6.64", True), ("6.63", False)])
def test_a_print_divided_by_a_rounded_root_is_that_step_end_to_end(printed, wrong):
    # [50, 100, 150] / √512 = [2.2097, 4.4194, 6.6291] (math): divided by the printed 22.6 instead, 150 / 22.6 =
    # 6.637 -> 6.64, which drifts from 6.63; no name says what the second print is, the step from the first does
    assert [round(x / math.sqrt(512), 2) for x in (50, 100, 150)] == [2.21, 4.42, 6.63] and round(150 / 22.6, 2) == 6.64
    text = ("Dot products:\n```\ndots: [50, 100, 150]\n```\n\nAfter dividing by √512 ≈ 22.6:\n"
            f"```\ndots: [2.21, 4.42, {printed}]\n```\n")
    claims = [c for c in check_text(text, "t.md").claims if c.line == 8]
    assert [c.status == "wrong" for c in claims] == [wrong], [(c.line, c.status, str(c.reason)) for c in claims]
    assert not wrong or claims[0].cause == "drift"


def test_a_product_divided_by_a_rounded_root_is_explained_in_one_step():
    from symattn.check.bind.explain import explain
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    # [[1, 2]]·[[1, 0], [3, 1], [2, 2]]ᵀ = [[1, 5, 6]]; / 1.73 = [0.578, 2.890, 3.468] (math), / √3 = [0.577,
    # 2.887, 3.464]; two numbers alone agree with some product over some rounded root by chance: no reading
    assert [round(x / 1.73, 3) for x in (1, 5, 6)] == [0.578, 2.890, 3.468] and round(5 / math.sqrt(3), 3) == 2.887
    bs = read_blocks(Document.of("[[1, 2]]\n\n[[1, 0], [3, 1], [2, 2]]\n\n[[0.578, 2.890, 3.468]]\n\n"
                                 "[[1, 0], [3, 1]]\n\n[[0.578, 2.890]]\n", "t.md"))
    why = explain(bs[2], bs[:2])
    assert why is not None and why.op == "product-t/sqrt(3)" and why.full and why.rounded
    assert explain(bs[4], [bs[0], bs[3]]) is None


def test_congruent_between_numbers_means_about():
    """``\\cong`` (and ``≅``) between numbers is written for "about", as ``\\approx`` is: the print is
    judged at its digits (2/3 ≅ 66 % is cut, not rounded; 1/3 ≅ 33 % is right)."""
    (c,) = [c for c in check_text("$$2/3 \\cong 66\\%$$\n", "a.md").claims]
    assert c.status == "wrong" and c.entries[0]["correct"].startswith("67")
    (c,) = [c for c in check_text("$$1/3 \\cong 33\\%$$\n", "a.md").claims]
    assert c.status == "rounded"
    (c,) = [c for c in check_text("$$2/3 ≅ 0.67$$\n", "a.md").claims]
    assert c.status == "rounded"


def test_the_print_a_bound_step_was_halved_from_is_that_steps_operand_judged_end_to_end():
    """Q·Kᵀ = 0.25·X Xᵀ printed with six entries off (10 of 16 agree: too few to bind by its values
    alone), then the scaled scores, bound by their values (12 of 16), written as that print halved:
    the print is the scores the author divided, judged end to end (six wrong), and the scaled scores
    carry its slips."""
    x = np.array([[0.6, 0.2, 0.0, 0.4], [0.2, 0.4, 0.2, 0.0], [0.4, 0.0, 0.6, 0.2], [0.0, 0.2, 0.2, 0.6]])
    s = 0.25 * x @ x.T
    assert abs(s[0, 1] - 0.05) < 1e-12 and abs(s[2, 3] - 0.06) < 1e-12
    report = check_text(_HALVED, "a.md")
    (scores,) = at(report, 13)
    assert scores.status == "wrong" and len(scores.entries) == 6
    assert {e["entry"][-5:] for e in scores.entries} == {"[1,2]", "[2,1]", "[3,4]", "[4,3]", "[1,4]", "[4,1]"}
    (scaled,) = at(report, 22)
    assert scaled.status == "wrong" and scaled.cause == "carried"


_HALVED = """```python
X = np.array([[0.6, 0.2, 0.0, 0.4],
              [0.2, 0.4, 0.2, 0.0],
              [0.4, 0.0, 0.6, 0.2],
              [0.0, 0.2, 0.2, 0.6]])
W_Q = 0.5 * np.eye(4)
W_K = 0.5 * np.eye(4)
```

Every query against every key:

```
a |   0.140   0.053   0.080   0.071  |
bb|   0.053   0.060   0.050   0.030  |
c |   0.080   0.050   0.140   0.058  |
d |   0.071   0.030   0.058   0.110  |
```

Scaled by sqrt(d_k) = 2:

```
a |   0.070   0.026   0.040   0.035  |
bb|   0.026   0.030   0.025   0.015  |
c |   0.040   0.025   0.070   0.029  |
d |   0.035   0.015   0.029   0.055  |
```
"""


def test_the_root_of_d_k_stated_as_a_number_is_no_statement_of_d_k():
    """``(divided by $\\sqrt{d_k} = 2$)`` states √d_k: d_k is 4 (K is 4 wide), so the scaled scores are
    the scores halved, four of nine wrong, not all nine against a d_k of 2."""
    text = ("$$Q = \\begin{bmatrix} 1 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 1 \\\\ 1 & 1 & 0 & 0 \\end{bmatrix}, \\quad "
            "K = \\begin{bmatrix} 1 & 1 & 0 & 0 \\\\ 0 & 1 & 1 & 0 \\\\ 1 & 0 & 0 & 1 \\end{bmatrix}$$\n\n"
            "Scaled scores (divided by $\\sqrt{d_k} = 2$):\n\n"
            "$$\\begin{bmatrix} 0.5 & 1.0 & 0.5 \\\\ 1.0 & 0.5 & 0.5 \\\\ 1.0 & 1.5 & 1.0 \\end{bmatrix}$$\n")
    q = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
    k = np.array([[1, 1, 0, 0], [0, 1, 1, 0], [1, 0, 0, 1]])
    assert ((q @ k.T) / 2).tolist() == [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [1.0, 0.5, 0.5]]
    (c,) = [c for c in check_text(text, "a.md").claims if c.line == 5]
    assert c.status == "wrong" and len(c.entries) == 4
    assert {e["correct"] for e in c.entries} == {"0.5"}


def test_a_print_halved_to_few_digits_is_explained_by_the_constant_its_large_entries_carry():
    """Entries of three decimals halved (0.003 -> 0.002, 0.005 -> 0.003): the ratios of the small ones
    are far from 2 (1.5, 1.67), their median too (1.67); the ratio the large entries carry is 2."""
    from symattn.check.bind.explain import explain
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    text = ("```\n| 0.140  0.003  0.005  0.003 |\n| 0.005  0.060  0.003  0.007 |\n```\n\n"
            "```\n| 0.070  0.002  0.003  0.002 |\n| 0.003  0.030  0.002  0.004 |\n```\n")
    first, second = read_blocks(Document.of(text))
    why = explain(second, [first])
    assert why is not None and (why.op, why.factor, why.full) == ("divide", 2, True)


def test_a_coefficient_and_symbols_on_both_sides_of_a_slash_divide_whole():
    """``5N² / 2N² = 2.5``: written alike on both sides of the slash, the divisor is 2N² (whatever N is);
    a plain number over one (``8/3 d``) stays a coefficient, and ``QKᵀ/√d_k V`` divides by the root."""
    from symattn.check.notation import parse_chains
    (c,) = [c for c in check_text("```\nAI ≈ 5N² / 2N² = 2.5\n```\n\nwith N = 4096.\n", "a.md").claims if c.line == 2]
    assert c.status == "exact"
    (c,) = [c for c in check_text("With N = 4096:\n\n```\nAI ≈ 5N² / 2N² = 3.5\n```\n", "a.md").claims
            if c.line == 4]
    assert c.status == "wrong" and c.entries[0]["correct"] == "2.5"
    eight = parse_chains("8/3 d")[0].parts[0]
    assert eight.op == "mul" and eight.args[0].op == "div"
    root = parse_chains("QK^T/\\sqrt{d_k} V")[0].parts[0]
    assert root.op == "mul" and root.args[1].raw == "V"


def test_keys_written_with_their_formula_in_a_second_example_are_judged_end_to_end():
    """A first example gives Q, K and V directly; a second gives X and W^K, then writes
    ``K = X W^K = [...]`` with a slip.  That K was taken as the first example's K given again (a new
    example), and the Kᵀ printed from it was "exactly Kᵀ".  X and its W given after the first K belong
    to the second example: K is derived there, and its transpose carries the slip."""
    from symattn.check import check_text
    first = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, K = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 "
             "\\end{bmatrix}, V = \\begin{bmatrix} 2 & 0 \\\\ 0 & 2 \\end{bmatrix}$$\n\n")
    second = ("$$X = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}$$\n\n"
              "$$W^K = \\begin{bmatrix} 1 & 2 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
              "$$K = X W^K = \\begin{bmatrix} 1 & 2 \\\\ 0 & 1 \\\\ 1 & 2 \\end{bmatrix}$$\n\n"
              "$$K^T = \\begin{bmatrix} 1 & 0 & 1 \\\\ 2 & 1 & 2 \\end{bmatrix}$$\n")
    report = check_text("# Two examples\n\n" + first + second, "e.md")
    kt = [c for c in report.claims if "K^T = " in c.source]
    assert kt and all(c.status != "exact" for c in kt)
    assert any(c.status == "wrong" for c in report.claims if "X W^K" in c.source)


@pytest.mark.parametrize("printed, status", [("-0.4161", "rounded"), ("-0.4162", "wrong")])
def test_a_cosine_written_in_latex_is_a_value(printed, status):
    """``\\cos(2.0) ≈ -0.4161`` was unreadable (cos was read elsewhere only for encodings); a cosine or
    sine of a number is now its exact value, judged at the printed digits."""
    from symattn.check import check_text
    report = check_text(f"# Angles\n\n$$\\cos(2.0) \\approx {printed}$$\n", "c.md")
    assert [c.status for c in report.claims if c.status != "unverifiable"] == [status]


_ROTATED = ("# RoPE by hand\n\n$$\\cos = [\\cos(3.0),\\; \\cos(0.3)]$$\n\n$$\\approx [{c}]$$\n\n"
            "$$\\sin = [\\sin(3.0),\\; \\sin(0.3)]$$\n\n$$\\approx [0.1411,\\; 0.2955]$$\n\n"
            "$$y_0 = 1 \\times (-0.9900) + (-5) \\times 0.1411 = -0.9900 - 0.7055 = {y}$$\n")


def test_a_vector_named_by_its_exact_values_is_judged_where_its_numbers_are_printed():
    """``\\cos = [\\cos(3.0), …]`` then ``≈ [-0.9900, …]``: the numbers print the exact values the name
    was given as (a wrong entry is wrong)."""
    from symattn.check import check_text
    right = check_text(_ROTATED.format(c="-0.9900,\\; 0.9553", y="-1.6956"), "r.md")
    wrong = check_text(_ROTATED.format(c="-0.9900,\\; 0.9533", y="-1.6956"), "r.md")
    assert [c.status for c in right.claims if c.line == 5] == ["rounded"]
    assert [c.status for c in wrong.claims if c.line == 5] == ["wrong"]


def test_the_final_result_of_arithmetic_on_rounded_entries_is_judged_end_to_end():
    """y₀ = 1·(−0.9900) + (−5)·0.1411 = −1.6955 is right as written on the four-place cosine and sine,
    but cos 3 − 5 sin 3 = −1.69559…: the chain's final result is judged end to end (verdict policy 5),
    wrong from rounding early (drift); the intermediate side stays right as written."""
    from symattn.check import check_text
    drift = check_text(_ROTATED.format(c="-0.9900,\\; 0.9553", y="-1.6955"), "r.md")
    final = [c for c in drift.claims if c.line == 11 and c.status == "wrong"]
    assert final and all(c.cause == "drift" for c in final)
    right = check_text(_ROTATED.format(c="-0.9900,\\; 0.9553", y="-1.6956"), "r.md")
    assert not [c for c in right.claims if c.line == 11 and c.status == "wrong"]


def test_an_entry_of_few_digits_printed_to_four_places_stands_for_its_exact_value():
    """sin(0.003) ≈ 0.0030 has two significant digits but four places: it is that print, not data, so
    y₃ = 4·1.0000 + (−8)·0.0030 = 3.9760 is known end to end and a vector restating it is judged."""
    from symattn.check import check_text
    text = ("# t\n\n$$\\cos = [\\cos(0.003),\\; \\cos(3.0)]$$\n\n$$\\approx [1.0000,\\; -0.9900]$$\n\n"
            "$$\\sin = [\\sin(0.003),\\; \\sin(3.0)]$$\n\n$$\\approx [0.0030,\\; 0.1411]$$\n\n"
            "$$y_3 = 4 \\times 1.0000 + (-8) \\times 0.0030 = 3.9760$$\n\n"
            "$$y_0 = 1 \\times (-0.9900) + (-5) \\times 0.1411 = -1.6955$$\n\n"
            "$$y \\approx [-1.6955,\\; 3.9760]$$\n")
    (vector,) = [c for c in check_text(text, "y.md").claims if c.line == 15]
    assert vector.status == "wrong" and "3.9760" not in str(vector.entries)


def test_the_verdicts_never_depend_on_the_callers_mpmath_precision():
    # a script that sets mpmath.mp.dps = 50 before it checks an article (an oracle of the corpus
    # does) gets the same report, and keeps its own precision afterwards
    import mpmath
    from symattn.check import check_file
    from pathlib import Path
    article = Path(__file__).parent / "articles" / "real" / "zh-kv-hhkpng-vllm-capacity-planning.md"
    before = mpmath.mp.dps
    try:
        reports = []
        for dps in (15, 50):
            mpmath.mp.dps = dps
            report = check_file(article)
            assert mpmath.mp.dps == dps
            reports.append([(c.line, c.status, str(c.reason)) for c in report.claims])
        assert reports[0] == reports[1]
    finally:
        mpmath.mp.dps = before
