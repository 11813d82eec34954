"""A print that writes an earlier print again takes that print's verdict (symattn.check.restate).

The right values are computed here with numpy from the article's inputs, never with symattn.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from symattn.check import check_text
from symattn.check.fix import fix_article

Q = np.array([[1.0, 0.0], [0.0, 2.0]])
K = np.eye(2)


def weights() -> np.ndarray:
    s = Q @ K.T / np.sqrt(2)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def article(row2: tuple[str, str], restated_row: tuple[str, str], percents: tuple[str, str]) -> str:
    a, b = row2
    c, d = restated_row
    return "\n".join([
        "# Two tokens",
        "",
        r"$$Q = \begin{bmatrix} 1 & 0 \\ 0 & 2 \end{bmatrix}, \quad K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix},"
        r" \quad V = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}$$",
        "",
        "The weights, softmax of $QK^T/\\sqrt{2}$:",
        "",
        r"$$A = \begin{bmatrix}",
        r"0.67 & 0.33 \\",
        f"{a} & {b}",
        r"\end{bmatrix}$$",
        "",
        "The output, with the weights written again:",
        "",
        r"$$O = \begin{bmatrix}",
        r"0.67 & 0.33 \\",
        f"{a} & {b}",
        r"\end{bmatrix}",
        r"\begin{bmatrix}",
        r"1 & 2 \\",
        r"3 & 4",
        r"\end{bmatrix}$$",
        "",
        f"Token 2 spreads its attention as [{c}, {d}], token 1 as [0.67, 0.33].",
        "",
        "| token | weight |",
        "|---|---|",
        f"| a | {percents[0]} |",
        f"| b | {percents[1]} |",
        "",
    ])


def at(report, line: int):
    return [c for c in report.claims if line in (c.lines or [c.line])]


def test_the_weights_are_what_numpy_says():
    assert np.round(weights(), 2).tolist() == [[0.67, 0.33], [0.2, 0.8]]


def test_a_wrong_print_written_again_is_carried_to_every_restatement():
    report = check_text(article(("0.21", "0.79"), ("0.21", "0.79"), ("21%", "79%")), "a.md")
    root = [c for c in at(report, 9) if c.status == "wrong"]
    assert root and root[0].cause != "carried"
    for line in (16, 23, 27, 28):
        wrong = [c for c in at(report, line) if c.status == "wrong"]
        assert wrong and all(c.cause == "carried" and c.root == root[0].line for c in wrong), line
    # the row in prose that repeats a right row stays right
    assert any(c.status in ("exact", "rounded") and c.claimed == [["0.67", "0.33"]] for c in at(report, 23))
    # the percentages are corrected as percentages, at their own precision, from the exact weights
    table = [c for c in at(report, 27) if c.status == "wrong"][0]
    assert [e["correct"] for e in table.entries] == [f"{round(100 * weights()[1, k])}%" for k in (0, 1)]


def test_fix_corrects_every_restatement_from_the_exact_values():
    text = article(("0.21", "0.79"), ("0.21", "0.79"), ("21%", "79%"))
    fixed = fix_article(text, check_text(text, "a.md"), lambda t: check_text(t, "a.md")).text
    w = np.round(weights(), 2)
    assert fixed == article((f"{w[1, 0]:.2f}", f"{w[1, 1]:.2f}"), (f"{w[1, 0]:.2f}", f"{w[1, 1]:.2f}"), ("20%", "80%"))
    assert check_text(fixed, "a.md").exit_code == 0


def test_right_prints_written_again_are_right():
    report = check_text(article(("0.20", "0.80"), ("0.20", "0.80"), ("20%", "80%")), "a.md")
    assert report.count("wrong") == 0
    for line in (16, 23, 27):
        assert any(c.status in ("exact", "rounded") for c in at(report, line)), line


@pytest.mark.parametrize("values", [("1", "0"), ("0", "1")])
def test_trivial_vectors_are_no_restatement(values):
    """[1, 0] repeats many things by chance: it never inherits a verdict."""
    text = article(("0.21", "0.79"), ("0.21", "0.79"), ("21%", "79%")) + \
        f"\nA one-hot vector [{values[0]}, {values[1]}] marks token 1.\n"
    report = check_text(text, "a.md")
    last = len(text.splitlines())
    assert not [c for c in at(report, last) if c.status == "wrong"]


# --------------------------------------------------------------------------- layouts the engine shares with the reader

def test_a_matrix_written_as_a_first_row_with_the_rest_aligned_under_it():
    """``Q = [1, 0, 1, 0]`` with the next rows aligned under it is one 3×4 matrix, for every stage."""
    text = "\n".join([
        "```",
        "Q = [1, 0, 1, 0]    # cat",
        "    [0, 1, 0, 1]    # sat",
        "K = [1, 0, 1, 0]",
        "    [0, 1, 0, 1]",
        "V = [1, 2]",
        "    [3, 4]",
        "```",
        "",
        "weights for cat: softmax([2, 0] / 2) = [0.73, 0.27]",
        "",
        "output = 0.73[1, 2] + 0.27[3, 4] = [1.54, 2.54]",
        "",
    ])
    report = check_text(text, "a.md")
    assert [str(d) for _, d in report.definitions][:3] and all("2×" in str(d) for _, d in report.definitions[:3])
    w = np.exp([1.0, 0.0]) / np.exp([1.0, 0.0]).sum()
    assert np.round(w, 2).tolist() == [0.73, 0.27]
    out = w @ np.array([[1, 2], [3, 4]])
    assert np.round(out, 2).tolist() == [1.54, 2.54]
    assert report.count("wrong") == 0


@pytest.mark.parametrize("printed,status", [("73%", "rounded"), ("74%", "wrong")])
def test_a_percentage_ends_a_plain_text_equation(printed, status):
    """``(1000 + 500) / 2048 = 73%``: 0.7324 is 73% to the percent."""
    assert round(100 * 1500 / 2048) == 73
    report = check_text(f"# Memory\n\nused: (1000 + 500) / 2048 = {printed}\n", "a.md")
    (c,) = [c for c in report.claims if c.line == 3]
    assert c.status == status
    if status == "wrong":
        assert c.entries[0]["correct"] == "73%"


def test_the_width_of_the_keys_stated_again_for_a_new_example():
    """``d_k=64`` for a real model, then a toy example with ``head_dim=4`` or ``/ √4``: the statement
    in force for a block is the last one before it."""
    from symattn.check.oldbind import stated_dks
    text = "Real models: `d_k=64`.\n\n## Toy (head_dim=4)\n\nScores = (Q @ K^T) / √4\n\n$d_{k} = 8$\n"
    assert [(line, int(v)) for line, v in stated_dks(text)] == [(1, 64), (3, 4), (5, 4), (7, 8)]


def _factors(row2: tuple[str, str]) -> str:
    a, b = row2
    return article(row2, row2, ("20%", "80%")) + "\n".join([
        "",
        f"Token 2's output, its weights written again as the factors: O_2 = {a} × [1, 2] + {b} × [3, 4].",
        "",
    ])


def test_a_wrong_row_written_again_as_the_factors_of_a_sum_is_carried():
    """The weights restated among the numbers of a line, in order (``0.21 × V₁ + 0.79 × V₂``): the
    line is wrong, carried from the slip, whatever its own arithmetic gives."""
    text = _factors(("0.21", "0.79"))
    line = text.split("\n").index(next(ln for ln in text.split("\n") if ln.startswith("Token 2's output"))) + 1
    report = check_text(text, "a.md")
    root = [c for c in at(report, 9) if c.status == "wrong"]
    wrong = [c for c in at(report, line) if c.status == "wrong"]
    assert root and wrong and wrong[0].cause == "carried" and wrong[0].root == root[0].line
    w = np.round(weights(), 2)
    assert [e["correct"] for e in wrong[0].entries] == [f"{w[1, 0]:.2f}", f"{w[1, 1]:.2f}"]
    # the right weights written again are no claim of this kind
    right = check_text(_factors(("0.20", "0.80")), "a.md")
    assert not [c for c in right.claims if c.status == "wrong"]


def test_a_result_computed_from_a_number_shown_wrong_is_carried_end_to_end():
    # 0.3×0.5 + 0.7×0.9 = 0.78, not 0.81 (a slip); 0.81 / 2 = 0.405 then follows from it, but the right
    # value is 0.78 / 2 = 0.39; exp(0.405) / (exp(0.405) + 1) = 0.600 is right from 0.405 and wrong end
    # to end (exp(0.39) / (exp(0.39) + 1) = 0.596); 0.81 / 0.81 = 1.00 is right whatever 0.81 stands for,
    # but the line prints the wrong 0.81 again: its operands are wrong there, its result is not
    text = ("```\nScore = 0.3×0.5 + 0.7×0.9 = 0.81\n\nScaled = 0.81 / 2 = 0.405\n\n"
            "Weight = exp(0.405) / (exp(0.405) + exp(0)) = 0.600\n\nRatio = 0.81 / 0.81 = 1.00\n```\n")
    claims = check_text(text, "t.md").claims
    wrong = {c.line: c for c in claims if c.status == "wrong"}
    assert set(wrong) == {2, 4, 6, 8}
    assert wrong[4].cause == "carried" and wrong[4].root == 2 and wrong[6].cause == "carried" and wrong[6].root == 2
    assert [(e["entry"], e["claimed"], e["correct"]) for e in wrong[8].entries] == [("operand", "0.81", "0.78")] * 2
    assert {c.status for c in claims if c.line == 8 and c.claimed == "1.00"} == {"exact"}


def test_a_carried_result_names_the_wrong_numbers_it_uses_and_fix_rewrites_them_all():
    """The line that uses a number shown wrong prints that number again: both are wrong on it, each
    with its right value at its own precision, so --fix leaves every line's arithmetic true."""
    text = ("```\nScore = 0.3×0.5 + 0.7×0.9 = 0.81\n\nScaled = 0.81 / 2 = 0.405\n\n"
            "Weight = exp(0.405) / (exp(0.405) + exp(0)) = 0.600\n```\n")
    report = check_text(text, "t.md")
    wrong = {c.line: c for c in report.claims if c.status == "wrong"}
    right = 0.78 / 2
    weight = np.exp(right) / (np.exp(right) + 1)
    assert [(e["entry"], e["claimed"], e["correct"]) for e in wrong[4].entries] == \
        [("result", "0.405", f"{right:.3f}"), ("operand", "0.81", "0.78")]
    assert [(e["entry"], e["claimed"], e["correct"]) for e in wrong[6].entries] == \
        [("result", "0.600", f"{weight:.3f}")] + [("operand", "0.405", f"{right:.3f}")] * 2
    fixed = fix_article(text, report, lambda t: check_text(t, "t.md"))
    assert fixed.text == text.replace("0.81", "0.78").replace("0.405", f"{right:.3f}").replace("0.600", f"{weight:.3f}")
    assert fixed.lines == [2, 4, 6] and not fixed.refused and check_text(fixed.text, "t.md").exit_code == 0


# --------------------------------------------------------------------------- two verdicts on the same numbers

def test_a_row_written_again_takes_the_verdict_of_the_fuller_print_it_repeats():
    """A table of weights judged from the inputs (its row 1 wrong, its row 2 right), then row 2
    written again that another pass judged wrong against some other quantity: the same numbers, so
    the same verdict as row 2 of the table (the fuller print, and the first)."""
    from symattn.check.claims import Claim, Reason, Report
    from symattn.check.document import Document
    from symattn.check.read import read_blocks
    from symattn.check.restate import restatements
    text = ("| token | a | b |\n|---|---|---|\n| a | 0.70 | 0.30 |\n| b | 0.20 | 0.80 |\n\n"
            "Take the second row:\n\n```\n[0.20, 0.80]\n```\n")
    doc = Document.of(text)
    blocks = read_blocks(doc)
    assert [(b.line, b.shape) for b in blocks] == [(3, (2, 2)), (9, (1, 2))]
    how = Reason.of("differs-inputs", how="softmax", k=1, n=4, listing="")
    table = Claim(3, "table", "wrong", [["0.70", "0.30"], ["0.20", "0.80"]], reason=how, lines=[3, 4],
                  entries=[{"entry": "[1,1]", "claimed": "0.70", "exact": "0.67", "correct": "0.67", "line": 3}],
                  wrong_lines=[3], cause="slip")
    other = Claim(9, "[0.20, 0.80]", "wrong", [["0.20", "0.80"]], reason=how, lines=[9],
                  entries=[{"entry": "[1,1]", "claimed": "0.20", "exact": "0.25", "correct": "0.25", "line": 9}],
                  wrong_lines=[9], cause="slip")
    out = restatements(Report("a.md", [table, other], [], []), blocks, doc)
    (row,) = [c for c in out.claims if c.line == 9]
    assert row.status in ("exact", "rounded")
    # a row of the table that is wrong there stays wrong when written again
    wrong_row = Claim(9, "[0.20, 0.80]", "wrong", [["0.20", "0.80"]], reason=how, lines=[9], cause="slip",
                      entries=[{"entry": "[1,1]", "claimed": "0.20", "exact": "0.25", "correct": "0.25", "line": 9}])
    table2 = Claim(3, "table", "wrong", [["0.70", "0.30"], ["0.20", "0.80"]], reason=how, lines=[3, 4], cause="slip",
                   entries=[{"entry": "[2,1]", "claimed": "0.20", "exact": "0.25", "correct": "0.25", "line": 4}])
    out = restatements(Report("a.md", [table2, wrong_row], [], []), blocks, doc)
    assert [c.status for c in out.claims if c.line == 9] == ["wrong"]


def _scores_article(row1: str, line: str) -> str:
    return "\n".join([r"$$Q = \begin{bmatrix} 1 & 0 \\ 0 & 2 \end{bmatrix}, \quad K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}$$",
                      "", "The scores:", "",
                      r"$$QK^T = \begin{bmatrix} " + row1 + r" \\ 0.00 & 2.00 \end{bmatrix}$$", "", line, ""])


def test_a_division_written_with_the_division_sign_on_a_wrong_print_is_carried():
    """``1.25 ÷ 2 = 0.625`` after QKᵀ printed with 1.25 for 1 (numpy: Q Kᵀ = [[1, 0], [0, 2]]): the
    line is right from the wrong print, wrong end to end (0.5), carried from the scores."""
    assert (Q @ K.T).tolist() == [[1.0, 0.0], [0.0, 2.0]]
    report = check_text(_scores_article("1.25 & 0.00", "Halved: 1.25 ÷ 2 = 0.625"), "t.md")
    (c,) = [c for c in report.claims if c.line == 7 and c.status == "wrong"]
    assert c.cause == "carried" and c.entries[0]["correct"] == "0.500"


def test_a_number_wrong_in_two_cells_with_two_right_values_is_no_witness():
    """The same printed 1.25 in two cells whose right values differ (1 and 0): a line that computes
    with 1.25 cannot say which one it took, so it is judged on its own arithmetic."""
    report = check_text(_scores_article("1.25 & 1.25", "Halved: 1.25 ÷ 2 = 0.625"), "t.md")
    assert [c.status for c in report.claims if c.line == 7] == ["exact"]


# --------------------------------------------------------------------------- results gathered into a list

def _gathered(third: str) -> str:
    """Four values computed one per line, then listed in order under a name no lexicon knows."""
    return "\n".join([
        "```",
        "v0: sin(1) = 0.841",
        "v1: cos(1) = 0.540",
        f"v2: sin(2) = {third}",
        "  ...",
        "v3: cos(2) = -0.416",
        "G9 = [0.841, 0.540, " + third + ", -0.416, ...]",
        "```",
        "",
    ])


def test_a_list_of_the_results_computed_just_above_carries_their_slips():
    """``G9 = [..]`` gathers, in order, the results of the four lines above it: one of them is wrong
    (sin 2 = 0.909, printed 0.099), so that entry of the list is wrong too, carried from its line, with
    the same witness; with every line right the list is no claim of this kind."""
    right = f"{np.sin(2):.3f}"
    report = check_text(_gathered("0.099"), "g.md")
    wrong = {c.line: c for c in report.claims if c.status == "wrong"}
    assert set(wrong) == {4, 7}
    assert wrong[7].cause == "carried" and wrong[7].root == 4
    assert [(e["entry"], e["claimed"], e["correct"]) for e in wrong[7].entries] == [("[1,3]", "0.099", right)]
    assert not [c for c in check_text(_gathered(right), "g.md").claims if c.status == "wrong"]


def test_a_list_that_is_not_the_results_in_order_is_no_gathering():
    """The same numbers in another order, or a list after a line with numbers and no result, say
    nothing about the lines above."""
    swapped = _gathered("0.099").replace("G9 = [0.841, 0.540, 0.099", "G9 = [0.540, 0.841, 0.099")
    assert 7 not in {c.line for c in check_text(swapped, "g.md").claims if c.status == "wrong"}
    broken = _gathered("0.099").replace("  ...", "  2 3 4")
    assert 7 not in {c.line for c in check_text(broken, "g.md").claims if c.status == "wrong"}


# --------------------------------------------------------------------------- percentages further on, in order

def _router(extra: int) -> str:
    """A softmax of four scores printed with one slip, then its entries restated one per line as
    factors with their percentages, ``extra`` lines further down, and again three in a row in prose."""
    return "\n".join([
        "```python",
        "weights = softmax([2.0, 1.0, 0.5, 0.0])",
        "# Result: [0.61, 0.22, 0.14, 0.03]",
        "```",
        "",
    ] + ["Some words in between."] * extra + [
        "```python",
        "out = 0.61 * f0(x)   # 61% first",
        "    + 0.22 * f1(x)   # 22% second",
        "    + 0.14 * f2(x)   # 14% third",
        "    + 0.03 * f3(x)   # 3% fourth",
        "```",
        "",
        "So the token is read as 61%, 22%, 14% of the first three.",
        "",
    ])


def test_percentages_restating_a_wrong_distribution_in_order_are_carried_wherever_they_stand():
    """softmax([2, 1, 0.5, 0]) = [0.5745, 0.2113, 0.1282, 0.0861]: printed 0.61, 0.22, 0.14, 0.03 are all
    wrong.  The four lines that each restate the next entry (a run, however far below), and the line
    with three of them in order, are wrong too, carried, each with the right percentage."""
    s = np.array([2.0, 1.0, 0.5, 0.0])
    w = np.exp(s) / np.exp(s).sum()
    for extra in (0, 12):
        report = check_text(_router(extra), "r.md")
        wrong = {c.line: c for c in report.claims if c.status == "wrong"}
        first = 6 + extra + 1
        assert {first, first + 1, first + 2, first + 3, first + 6} <= set(wrong), sorted(wrong)
        assert all(wrong[n].cause == "carried" and wrong[n].root == 3 for n in (first + 1, first + 3, first + 6))
        assert [e["correct"] for e in wrong[first + 3].entries] == [f"{100 * w[3]:.0f}%"]
        assert [e["correct"] for e in wrong[first + 6].entries] == [f"{100 * x:.0f}%" for x in w[:3]]


def test_percentages_out_of_order_far_below_say_nothing():
    """Far below the distribution, one percentage alone, or several not in the entries' order, is no
    restatement: the same numbers turn up by chance.  (The weights written again as the coefficients
    of the sum are another matter, see test_a_weight_shown_wrong_is_wrong_again_as_a_coefficient_in_its_section.)"""
    text = _router(12).replace("61%, 22%, 14%", "22%, 61%, 14%").replace("# 22% second", "# second")
    wrong = {c.line for c in check_text(text, "r.md").claims if c.status == "wrong" and
             any(str(e.get("claimed", "")).endswith("%") for e in c.entries)}
    assert not wrong & {6 + 12 + 1 + 1, 6 + 12 + 1 + 2, 6 + 12 + 1 + 3, 6 + 12 + 1 + 6}, sorted(wrong)


def test_the_same_percentages_under_another_heading_are_another_examples():
    """Under a heading of its own, a line with the distribution's numbers in order starts another
    example ("All probabilities: on (61%), …" of a sampling section): nothing carried there."""
    text = _router(12).replace("So the token is read as", "### Sampling\n\nAll probabilities:")
    wrong = {c.line for c in check_text(text, "r.md").claims if c.status == "wrong"}
    assert 6 + 12 + 1 + 8 not in wrong and 6 + 12 + 1 + 3 in wrong, sorted(wrong)


def test_an_operand_shown_wrong_above_is_wrong_where_it_is_written_again():
    """e^{1.41} with 1.41 for √2 is e^√2 = 4.113: printed 4.10 it is wrong, and the sum that writes
    4.10 again is wrong on that operand (4.11), carried from it."""
    assert f"{np.exp(np.sqrt(2)):.2f}" == "4.11"
    text = "\n".join([
        "| token | $\\mathbf{q}$ | $\\mathbf{k}$ | $\\mathbf{v}$ |", "|---|---|---|---|",
        "| a | (1, 0) | (1, 0) | (1, 1) |", "| b | (1, 1) | (0, 1) | (2, 0) |", "| c | (0, 1) | (1, 1) | (0, 2) |", "",
        "Raw scores of b: $[1, \\; 1, \\; 2]$, with $d_k = 2$ and $\\sqrt{2} \\approx 1.41$:", "",
        "- $1 \\div 1.41 \\approx 0.71$", "- $2 \\div 1.41 \\approx 1.41$", "",
        "Scaled scores: $[0.71, \\; 0.71, \\; 1.41]$", "", "- $e^{0.71} \\approx 2.03$", "- $e^{1.41} \\approx 4.10$", "",
        "Sum: $2.03 + 2.03 + 4.10 = 8.16$", ""])
    wrong = {c.line: c for c in check_text(text, "t.md").claims if c.status == "wrong"}
    assert 15 in wrong and 17 in wrong, sorted(wrong)
    assert wrong[17].cause == "carried" and wrong[17].root == 15
    assert [(e["entry"], e["claimed"], e["correct"]) for e in wrong[17].entries] == [("operand", "4.10", "4.11")]


# --------------------------------------------------------------------------- terms worked out under their products

def _dot_by_hand(k: tuple[str, str]) -> str:
    """x and two projections given; q printed rounded from them, k printed as ``k``; then q·k written
    as its products on one line and, under it, the products worked out with the sum."""
    x = np.array([0.5, 0.8])
    wq = np.array([[0.317, 0.123], [0.229, 0.411]])
    q = x @ wq
    qt = [f"{v:.3f}" for v in q]
    terms = [float(qt[0]) * float(k[0]), float(qt[1]) * float(k[1])]
    return "\n".join([
        "# One score by hand", "",
        "$x = (0.5, 0.8)$", "",
        r"$W_q = \begin{pmatrix} 0.317 & 0.123 \\ 0.229 & 0.411 \end{pmatrix}$, "
        r"$W_k = \begin{pmatrix} 0.3 & 0.1 \\ 0.5 & -0.4 \end{pmatrix}$", "",
        rf"$q = x \cdot W_q = ({qt[0]}, {qt[1]})$", "",
        rf"$k = x \cdot W_k = ({k[0]}, {k[1]})$", "",
        rf"$s = q \cdot k = {qt[0]} \cdot {k[0]} + {qt[1]} \cdot ({k[1]})$",
        rf"$= {terms[0]:.3f} + {terms[1]:.3f} = <b>{sum(terms):.3f}</b>$", ""])


def test_terms_worked_out_under_products_on_a_wrong_print_are_carried():
    """``= 0.222 + 0.105 = 0.328`` works out, term by term, the products on the line above, which use
    both entries of k as printed wrong (0.65, 0.27 for x·W_k = (0.55, −0.27)): the sum is carried from
    k's line, with q·k at the exact values as its right value; k printed right, no verdict there."""
    x = np.array([0.5, 0.8])
    q = x @ np.array([[0.317, 0.123], [0.229, 0.411]])
    k = x @ np.array([[0.3, 0.1], [0.5, -0.4]])
    report = check_text(_dot_by_hand(("0.65", "0.27")), "s.md")
    at = [c for c in report.claims if c.line == 12 and c.status == "wrong"]
    assert at and at[0].cause == "carried" and at[0].root == 9
    assert at[0].entries[0]["correct"] == f"{q @ k:.3f}"
    right = check_text(_dot_by_hand((f"{k[0]:.2f}", f"{k[1]:.2f}")), "s.md")
    assert not [c for c in right.claims if c.status == "wrong"]


def test_a_single_operand_shown_wrong_elsewhere_does_not_carry_into_worked_terms():
    """Only one entry of k wrong: its text alone may be another number of the article, so the worked
    terms under the products are left to the other stages."""
    report = check_text(_dot_by_hand(("0.55", "0.27")), "s.md")
    assert not [c for c in report.claims if c.line == 12 and c.status == "wrong" and "line 9" in str(c.reason)]


# --------------------------------------------------------------------------- right at the operand's right value

def _running_sum(result: str) -> str:
    """A running sum by hand: l_1 = e^{-1} + 1 printed 1.3769 (a slip for 1.3679), then l_2 = l_1 + e^{-3}
    written out on that print and its result on the line under it."""
    return "\n".join([
        "Running sum:", "",
        "```",
        "l_1 = exp(1 - 2) + 1",
        "    = 0.3679 + 1",
        "    = 1.3769",
        "l_2 = l_1 * exp(2 - 2) + exp(-1 - 2)",
        "    = 1.3769 * 1 + 0.0498",
        f"    = {result}",
        "```", ""])


def test_a_result_right_at_the_right_value_of_an_operand_shown_wrong_is_right():
    """1.3769 + 0.0498 = 1.4267, but l_2 is e^{-1} + 1 + e^{-3} = 1.4177: the printed 1.42 is right for
    the reader; the operand 1.3769 written again is the line's mistake, carried from l_1's line.  The
    author's own 1.43 (right from the wrong operand) is wrong, carried."""
    l1, l2 = math.exp(-1) + 1, math.exp(-1) + 1 + math.exp(-3)
    assert f"{l1:.4f}" == "1.3679" and f"{l2:.2f}" == "1.42" and f"{1.3769 + 0.0498:.2f}" == "1.43"
    report = check_text(_running_sum("1.42"), "r.md")
    wrong = {c.line: c for c in report.claims if c.status == "wrong"}
    assert set(wrong) == {6, 8}
    assert wrong[8].cause == "carried" and wrong[8].root == 6 and wrong[8].entries[0]["claimed"] == "1.3769"
    assert [c.status for c in report.claims if c.line == 9] == ["rounded"]
    own = check_text(_running_sum("1.43"), "r.md")
    assert 9 in {c.line for c in own.claims if c.status == "wrong"}


# --------------------------------------------------------------------------- a product on rows written again

def _weights_times_v(row1: str, row2: str) -> str:
    """Softmax rows worked one by one, then the weights written out again as an operand of A·V."""
    r3 = "0.333, 0.333, 0.333"
    def m(rows):
        return r"\begin{bmatrix} " + r" \\ ".join(" & ".join(r) for r in rows) + r" \end{bmatrix}"
    a = [row1.split(", "), row2.split(", "), r3.split(", ")]
    v = [["1", "0"], ["0", "1"], ["0", "0"]]
    return "\n".join(["# Weights times V", "",
                      r"- Row 1: $\text{softmax}([0, 0.707, 0]) \approx [" + row1 + "]$",
                      r"- Row 2: $\text{softmax}([0.707, 0, 0]) \approx [" + row2 + "]$",
                      r"- Row 3: $\text{softmax}([0, 0, 0]) \approx [" + r3 + "]$", "",
                      "$$" + m(a) + " " + m(v) + " = " + m([r[:2] for r in a]) + "$$", ""])


def test_a_product_on_rows_written_again_from_wrong_prints_is_carried():
    """The weights beside V write again the rows worked above, two of them wrong (0.244, 0.512 for
    softmax(0, 0.707, 0) = 0.248, 0.503): the product, right from what it writes, is wrong end to end,
    carried from the first wrong row; with the rows right, it is right."""
    e = np.exp([0.0, 0.707, 0.0])
    row1 = [f"{x:.3f}" for x in e / e.sum()]
    assert row1 == ["0.248", "0.503", "0.248"]
    report = check_text(_weights_times_v("0.244, 0.512, 0.244", "0.512, 0.244, 0.244"), "w.md")
    # (the result, 3 × 2, not only the operand written again, 3 × 3)
    (c,) = [c for c in report.claims if c.line == 7 and c.status == "wrong" and
            isinstance(c.claimed, list) and [len(r) for r in c.claimed] == [2, 2, 2]]
    assert c.cause == "carried" and c.root == 3
    assert [e["correct"] for e in c.entries][:2] == row1[:2]
    right = check_text(_weights_times_v(", ".join(row1), ", ".join([row1[1], row1[0], row1[2]])), "w.md")
    assert not [c for c in right.claims if c.status == "wrong"]


# --------------------------------------------------------------------------- a wrong weight as a coefficient

def _weights_then_sum(w3: str, heading: bool = False) -> str:
    """Weights worked by hand (the third one printed ``w3``), then the weighted sum of three value
    vectors written with those weights as coefficients, under another heading with ``heading``."""
    return "\n".join([
        "# Output for one query", "",
        "```",
        "w1 = 2.028/8.169 ≈ 0.248",
        "w2 = 2.028/8.169 ≈ 0.248",
        f"w3 = 4.113/8.169 ≈ {w3}",
        "```", "",
        *(["# Another example", ""] if heading else []),
        "```",
        f"out = 0.248×[1,0] + 0.248×[0,1] + {w3}×[1,1]",
        "```", ""])


def test_a_weight_shown_wrong_is_wrong_again_as_a_coefficient_in_its_section():
    """4.113/8.169 = 0.50349, printed 0.514 (wrong); the weighted sum below writes 0.514 again as the
    coefficient of the third vector: wrong there too, carried, with 0.503 as its right value.  Under
    another heading the same number is another example's; printed right, nothing is wrong."""
    assert f"{4.113 / 8.169:.3f}" == "0.503"
    report = check_text(_weights_then_sum("0.514"), "w.md")
    (c,) = [c for c in report.claims if c.line == 10 and c.status == "wrong"]
    assert c.cause == "carried" and c.root == 6
    assert [(e["claimed"], e["correct"]) for e in c.entries] == [("0.514", "0.503")]
    elsewhere = check_text(_weights_then_sum("0.514", heading=True), "w.md")
    assert not [c for c in elsewhere.claims if c.line == 12 and c.status == "wrong"]
    assert not [c for c in check_text(_weights_then_sum("0.503"), "w.md").claims if c.status == "wrong"]


# --------------------------------------------------------------------------- values introduced as assumed

def _assumed_q(caption: str, head: str = "Q =") -> str:
    """X and W_Q given, Q = X W_Q stated; then, in a section of its own, another Q introduced by
    ``caption``, written ``head`` [..]."""
    return "\n".join([
        "# Part 1", "",
        r"$X = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}$, $W_Q = \begin{bmatrix} 2 & 0 \\ 0 & 3 \end{bmatrix}$", "",
        r"$Q = X W_Q = \begin{bmatrix} 2 & 0 \\ 0 & 3 \end{bmatrix}$", "",
        "# Part 2", "",
        "$$", "Q = X W_Q", "$$", "",
        caption, "",
        "$$",
        head + r" \begin{bmatrix}",
        r"1 & 0 \\",
        r"0 & 1",
        r"\end{bmatrix}",
        "$$", ""])


@pytest.mark.parametrize("caption", [
    "For this part we simply assume training produced:",
    "假设训练得到了：",
    "Предположим, обучение дало такие матрицы:",
])
def test_values_introduced_as_assumed_are_given_there(caption):
    """"Assume training produced: Q = [..]" gives Q, whatever Q = X W_Q said before: no verdict of
    slip on it.  Without the supposition the same print is wrong against X W_Q = [[2, 0], [0, 3]];
    and a Q computed on its own line (``Q = X W_Q = [..]``) is a claim, assumed or not."""
    wrong = lambda text: [c for c in check_text(text, "a.md").claims if c.status == "wrong"]
    assert not wrong(_assumed_q(caption))
    assert [c.line for c in wrong(_assumed_q("Training produced:"))] == [16]
    assert [c.line for c in wrong(_assumed_q(caption, "Q = X W_Q ="))] == [16]


_WORKED = r"""# Keys by hand

Inputs:

$$X = \begin{bmatrix} 1 & 2 \\ 3 & 1 \end{bmatrix}, \quad W_K = \begin{bmatrix} 0.5 & 1.5 \\ 1.25 & 0.25 \end{bmatrix}, \quad W_V = \begin{bmatrix} 0.85 & 0 \\ 1.0 & 1 \end{bmatrix}$$

Keys:

$$K = X W_K = \begin{bmatrix} 3.00 & 2.00 \\ %s & 4.75 \end{bmatrix}$$

Values:

$$V = X W_V = \begin{bmatrix} 2.85 & 2.00 \\ 3.55 & 1.00 \end{bmatrix}$$

A query q = [0.4, 1.2] against the second key:

= 0.4×%s + 1.2×4.75
= %s + 5.700 = %s

The same query against the first value:

= 0.4×2.85 + 1.2×2.00
= 1.140 + 2.400 = 3.540
"""


@pytest.mark.parametrize("k21, term, total, status", [
    ("2.85", "1.140", "6.840", "wrong"),    # the key's wrong entry, worked out on the line above: carried
    ("2.75", "1.100", "6.800", "exact"),    # the same chain from the right key
])
def test_products_worked_out_above_a_sum_carry_a_number_shown_wrong(k21, term, total, status):
    # one operand shown wrong is enough where the row written again is shown wrong on that line; the
    # same text printed right in another matrix (V's 2.85) is that matrix's number, and the sum
    # worked from it stays right
    exact = 0.4 * 2.75 + 1.2 * 4.75
    assert math.isclose(exact, 6.8)
    report = check_text(_WORKED % (k21, k21, term, total), "worked.md")
    sums = [c for c in at(report, 18) if c.claimed == total]
    assert sums and {c.status for c in sums} == {status}
    if status == "wrong":
        assert {(c.cause, c.root) for c in sums} == {("carried", 9)}
    assert {c.status for c in at(report, 23)} == {"exact"}



_ROWS = r"""# Two tokens

$Q = \begin{pmatrix} 1 & 0 \\ 0 & 2 \end{pmatrix}$, $K = \begin{pmatrix} 1 & 0 \\ 0 & 1 \end{pmatrix}$

Scaled scores: $\tilde{S} = \begin{pmatrix} 0.707 & 0 \\ 0 & 1.414 \end{pmatrix}$

Row 2: $(0, 1.414)$
$e^{0} = 1$, $e^{1.414} = 4.112$
Sum $= 1 + 4.112 = 5.112$
$\alpha_{21} = 1 / 5.112 = %s$
$\alpha_{22} = 4.112 / 5.112 = 0.804$

$A = \begin{pmatrix} 0.670 & 0.330 \\ %s & 0.804 \end{pmatrix}$

Token 2 gives token 1 only %s of its attention.
"""


@pytest.mark.parametrize("a21, pct, status", [("0.296", "29.6%", "wrong"), ("0.196", "19.6%", None)])
def test_a_percentage_in_the_prose_restates_one_entry_of_a_matrix_of_weights(a21, pct, status):
    # 29.6% is the entry [2,1] of the 2×2 weights printed just above, which is wrong (0.196): carried,
    # with the right value as a percentage; under the right matrix the sentence is no wrong claim
    assert round(float(weights()[1, 0]), 3) == 0.196
    report = check_text(_ROWS % (a21, a21, pct), "pct.md")
    here = [c for c in at(report, 15) if c.status == "wrong"]
    if status is None:
        assert not here
    else:
        assert len(here) == 1 and here[0].cause == "carried"
        assert here[0].entries[0]["correct"] == "19.6%"


@pytest.mark.parametrize("third, total, status", [("0.02", "0.340", "wrong"), ("0.002", "0.322", "rounded"),
                                                  ("0.002", "0.4", None)])
def test_a_number_alone_under_results_that_add_up_to_it_is_their_sum(third, total, status):
    # 0.256 + 0.064 + 0.02 = 0.340 as printed; the third is 0.002 (2 × 1024), so the sum is 0.322:
    # carried from the slip; a number alone that the results do not add up to is no sum of theirs
    assert 1000 * 256 + 1000 * 64 + 2 * 1024 == 322_048
    text = "\n".join(["# Parameters", "",
                      r"Embedding(1000, 256)->$1000\times256=0.256M$",
                      r"Embedding(1000, 64)->$1000\times64=0.064M$",
                      rf"Embedding(2, 1024)->$2\times1024={third}M$",
                      f"${total}M$", ""])
    cs = [c for c in check_text(text, "sum.md").claims if c.line == 6 and c.status != "unverifiable"]
    if status is None:
        assert not cs
    else:
        assert {c.status for c in cs} == {status}
        if status == "wrong":
            assert cs[0].cause == "carried" and cs[0].root == 5


@pytest.mark.parametrize("bracket, status", [("21.27亿", "rounded"), ("2.127亿", "wrong"), ("2,127百万", "rounded")])
def test_a_count_written_again_in_another_scale(bracket, status):
    # 2.127B is 21.27亿 (亿 = 10⁸) and 2,127百万; the bracket restates the count at its own scale
    assert 2.127e9 / 1e8 == 21.27
    text = f"# Parameters\n\n- GPT-2 XL parameters: $2.127B$ ({bracket})\n"
    cs = [c for c in check_text(text, "scale.md").claims if c.line == 3]
    assert [c.status for c in cs] == [status]


@pytest.mark.parametrize("row1, pct, status", [(("0.6667", "0.3333"), "66.67%", "wrong"),
                                               (("0.6698", "0.3302"), "66.98%", None)])
def test_a_percentage_in_the_prose_writes_again_a_number_printed_wrong(row1, pct, status):
    # 66.67% is 0.6667 at fewer digits, and 0.6667 is wrong (0.6698): carried, with 66.98%
    assert f"{weights()[0, 0]:.4f}" == "0.6698"
    text = "\n".join([
        "# Two tokens", "",
        r"$$Q = \begin{bmatrix} 1 & 0 \\ 0 & 2 \end{bmatrix}, \quad K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}$$", "",
        "The weights, softmax of $QK^T/\\sqrt{2}$:", "",
        r"$$A = \begin{bmatrix} %s & %s \\ 0.1956 & 0.8044 \end{bmatrix}$$" % row1, "",
        *["Each row adds up to one, as a softmax row does.", ""] * 5,
        f"So the first token keeps {pct} of its attention for itself.", ""])
    here = [c for c in check_text(text, "pct2.md").claims if c.line == 19 and c.status == "wrong"]
    if status is None:
        assert not here
    else:
        assert len(here) == 1 and here[0].cause == "carried" and here[0].entries[0]["correct"] == "66.98%"


@pytest.mark.parametrize("caption, probs, status", [
    ("After softmax:", "[0.66, 0.24, 0.10]", "rounded"),
    ("After softmax:", "[0.70, 0.20, 0.10]", "wrong"),
    # another softmax, left to the temperature's reader: softmax([2.0, 1.0, 0.1] / 2) = [0.50, 0.30, 0.19]
    ("After softmax with temperature T = 2:", "[0.50, 0.30, 0.19]", "rounded"),
])
def test_a_list_after_the_word_softmax_is_the_softmax_of_the_list_above(caption, probs, status):
    e = np.exp([2.0, 1.0, 0.1])
    assert [f"{v:.2f}" for v in e / e.sum()] == ["0.66", "0.24", "0.10"]
    text = f"# Scores\n\nRaw scores: [2.0, 1.0, 0.1]\n\n{caption}\n- outputs: {probs}\n"
    cs = [c for c in check_text(text, "soft.md").claims if c.line == 6 and c.status != "unverifiable"]
    assert [c.status for c in cs] == ([status] if status else [])

