"""Layouts and bindings that real articles use, each on a small article written for the test.

Every expected verdict is worked out by hand in the comment beside it; none is read from symattn.
"""

import math

import numpy as np
import pytest

from symattn.check import check_text
from symattn.check.bind import _bound
from symattn.check.document import Document
from symattn.check.read import _last_clause, read_blocks


def _by_line(text):
    out = {}
    for c in check_text(text, "t.md").claims:
        out.setdefault(c.line, []).append(c)
    return out


def _statuses(text, line):
    return sorted({c.status for c in _by_line(text).get(line, [])})


def test_a_notebook_output_is_named_print_by_print():
    text = ("```python\nprint(query_2, key_2)\nprint(keys.shape)\n```\n```\n"
            "tensor([0.4, 1.4]) tensor([0.5, 1.1])\ntorch.Size([6, 2])\n```\n")
    labels = [b.labels[0] for b in read_blocks(Document.of(text))]
    assert labels == ["print(query_2)", "print(key_2)", "print(keys.shape)"]


def test_a_print_inside_a_loop_names_nothing():
    text = "```python\nfor r in rows:\n    print(r)\n```\n```\n[1, 2]\n[3, 4]\n```\n"
    assert all(not lb.startswith("print(") for b in read_blocks(Document.of(text)) for lb in b.labels)


def test_records_on_consecutive_lines_are_one_vector_per_named_slot():
    text = "```\nAli    | Score: 0.5800\nkredi  | Score: 1.2400\nçekti  | Score: 1.1900\n```\n"
    (block,) = read_blocks(Document.of(text))
    assert block.shape == (1, 3) and block.labels[0] == "Score:" and block.row_lines == (2,)
    assert [e.line for e in block.rows[0]] == [2, 3, 4]


def test_output_fence_arithmetic_and_inline_code_arithmetic_are_checked():
    # e^1.20 = 3.3201 (exp(1.2) = 3.32012); 1 / 1.732 = 0.57737 -> 0.577; e^0.577 = 1.7806 -> 1.78
    text = ("```\nAli -> e^1.20 = 3.3201\nAli -> 3.3201 / 82.7855 = 0.0401 (4.01%)\n```\n\n"
            "- `1 / 1.732 = 0.577`\n- `e^0.577 = 1.79`\n")
    assert _statuses(text, 2) == ["rounded"]
    assert _statuses(text, 3) == ["rounded"]           # 3.3201 / 82.7855 = 0.04010...
    assert _statuses(text, 6) == ["rounded"]           # the list marker is not a minus sign
    assert _statuses(text, 7) == ["wrong"]             # e^0.577 = 1.7806, not 1.79


def test_python_code_in_a_fence_is_not_read_as_arithmetic():
    text = "```\nx = 1.5\ny = x * 2\n```\n"
    assert _by_line(text) == {}


def test_a_display_that_starts_with_equals_continues_the_one_before():
    # (0.22)(0.54) + (0.64)(0.36) = 0.1188 + 0.2304 = 0.3492 -> 0.35; 0.36 would be wrong
    ok = "\\[\ns = (0.22)(0.54) + (0.64)(0.36)\n\\]\n\\[\n= 0.1188 + 0.2304 \\approx 0.35\n\\]\n"
    bad = ok.replace("0.35", "0.36")
    assert "wrong" not in _statuses(ok, 5) and _statuses(ok, 5)
    assert "wrong" in _statuses(bad, 5)


def test_a_stated_q_k_v_equal_x_gives_wrong_weights_a_witness():
    # X = [[1, 0], [0, 1]]; Q = K = V = X; scores = I; /sqrt(2): diag 0.7071;
    # softmax row 1 = [e^0.7071, 1] / (e^0.7071 + 1) = [0.6698, 0.3302]
    text = ("Here Q = K = V = X, scaled by $\\sqrt{d_k}$.\n\n"
            "X = [[1, 0], [0, 1]]\n\nWeights:\n\n[[0.60, 0.40], [0.40, 0.60]]\n")
    assert _statuses(text, 7) == ["wrong"]
    assert _statuses(text.replace("0.60, 0.40], [0.40, 0.60", "0.67, 0.33], [0.33, 0.67"), 7) == ["rounded"]


def test_a_row_maximum_and_a_division_by_row_sums_are_found_by_their_values():
    # S = [[0.5, 0.1], [0.2, 0.9]] is given; its row maximum [0.5, 0.9] is right, and the
    # author's sums [1.7, 1.8] divide E row by row
    text = ("$$S = \\begin{bmatrix} 0.5 & 0.1 \\\\ 0.2 & 0.9 \\end{bmatrix}$$\n\n"
            "$$m = \\begin{bmatrix} 0.5 \\\\ 0.9 \\end{bmatrix}$$\n\n"
            "$$E = \\begin{bmatrix} 1.0 & 0.7 \\\\ 0.5 & 1.0 \\end{bmatrix}$$\n\n"
            "$$l = \\begin{bmatrix} 1.7 \\\\ 1.5 \\end{bmatrix}$$\n\n"
            "$$P = \\begin{bmatrix} 0.59 & 0.41 \\\\ 0.33 & 0.67 \\end{bmatrix}$$\n")
    got = _by_line(text)
    assert [c.status for c in got[3]] == ["exact"] and "row maximum" in got[3][0].detail
    assert "row sum" in got[7][0].detail and got[7][0].status == "exact"
    assert "divided by" in got[9][0].detail and got[9][0].status == "rounded"


def test_a_label_that_names_the_row_picks_that_row():
    # Q = K = [[1, 0], [0, 1]] given; row 2 of QK^T/sqrt(2) = [0, 0.7071]; softmax = [0.3302, 0.6698]
    text = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, "
            "K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$\\text{Softmax}(\\text{Row 2}) = \\begin{bmatrix} 0.40 & 0.60 \\end{bmatrix}$$\n")
    (claim,) = [c for c in _by_line(text)[3] if c.status != "unverifiable"]
    assert claim.status == "wrong" and claim.label.startswith("row 2 of softmax weights")


def test_percentages_restate_the_distribution_above_them():
    # softmax(0.5, 0.7, 0.5) = [0.3104, 0.3792, 0.3104]: 0.40 is wrong, so 40% is carried
    text = "$$\\text{softmax}(0.5, 0.7, 0.5) = [0.30, 0.40, 0.30]$$\n\nIt gives 40% to itself.\n"
    (pct,) = [c for c in _by_line(text)[3] if c.status == "wrong"]
    assert pct.cause == "carried" and pct.root == 1 and pct.entries[0]["correct"] == "38%"


def test_a_value_said_of_one_head_is_not_compared_with_the_whole_model():
    # K has 4 columns; "d_k = 2 per head" speaks of one of two heads, not of K's width
    text = ("$$Q = \\begin{bmatrix} 1 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 1 \\end{bmatrix}, "
            "K = \\begin{bmatrix} 1 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 1 \\end{bmatrix}$$\n\n"
            "With 2 heads, each head gets half the columns, so $d_k = 2$ per head.\n")
    assert _statuses(text, 3) == ["unverifiable"]
    assert _statuses(text.replace(" per head", "").replace("each head gets", "we keep"), 3) == ["wrong"]


def test_a_caption_whose_head_is_a_name_names_the_block():
    from symattn.check.names import hint
    # "O = A V :" above a printed matrix is O, not V (the last letter before the colon)
    assert hint(["O = A V :"]) == "output" and hint(["A = softmax_par_ligne(S) :"]) == "weights"
    assert hint(["V :"]) == "V"


# Q = [[1, 0], [0, 1]], K = [[1, 1], [0, 1]]: QK^T = [[1, 0], [1, 1]] (row i of Q dotted with row j of K).
_CHAIN = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
          "$$K = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
          "$$S = Q K^T$$\n\n"
          "$$S = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix} \\begin{bmatrix} {k1} \\end{bmatrix}$$\n\n"
          "$$S = \\begin{bmatrix} {s} \\end{bmatrix}$$\n")


def test_formula_substituted_numbers_and_result_are_one_chain_of_claims():
    right = _CHAIN.replace("{k1}", "1 & 0 \\\\ 1 & 1").replace("{s}", "1 & 0 \\\\ 1 & 1")
    assert _statuses(right, 7) == ["exact"]          # [Q][K^T] printed correctly: equals QK^T
    assert _statuses(right, 9) == ["exact"]          # the result, no clash between the two lines of S
    # K^T printed wrong in the substituted line (its first row should be 1, 0): a slip on that line;
    # the result [[1, 1], [1, 1]] follows from that slip, and is wrong against Q, K as well
    slip = _CHAIN.replace("{k1}", "1 & 1 \\\\ 1 & 1").replace("{s}", "1 & 1 \\\\ 1 & 1")
    assert _statuses(slip, 7) == ["wrong"] and _statuses(slip, 9) == ["wrong"]


def test_a_table_right_below_a_display_restates_its_value():
    # S = [[1, 0], [1, 1]] as above; the table's second row is printed 1 | 2, and 2 is wrong
    text = (_CHAIN.split("$$S = \\begin")[0] + "$$\nS = \\begin{bmatrix} 1 & 0 \\\\ 1 & 1 \\end{bmatrix}\n$$\n\n"
            "| | a | b |\n|---|---|---|\n| a | 1 | 0 |\n| b | 1 | 2 |\n")
    lines = text.splitlines()
    row = lines.index("| b | 1 | 2 |") + 1
    assert "wrong" in _statuses(text, row) or any(
        c.status == "wrong" and row in (c.lines or []) for cs in _by_line(text).values() for c in cs)


def test_a_per_head_step_is_judged_against_its_own_substituted_numbers():
    # A_1's formula names Q_1 and K_1, which the article never gives; the substituted line does:
    # [1 0; 0 1][1 0; 0 1] / √1 = I, softmax by rows of [[1, 0], [0, 1]] = e/(e+1), 1/(e+1) per row
    text = ("$$A_{1} = \\operatorname{softmax}\\left(\\frac{Q_{1} K_{1}^{T}}{\\sqrt{d_{h}}}\\right)$$\n\n"
            "$$A_{1} = \\operatorname{softmax}\\left(\\frac{\\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}"
            "\\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}}{\\sqrt{1}}\\right)$$\n\n"
            "$$A_{1} \\approx \\begin{bmatrix} {row} \\\\ 0.2689 & 0.7311 \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{row}", "0.7311 & 0.2689"), 5) == ["rounded"]
    assert _statuses(text.replace("{row}", "0.7311 & 0.2698"), 5) == ["wrong"]


# Q = K = [[1, 0], [0, 2]] by tokens a, b; V rows [1, 2] and [3, 4]; no scaling stated here, so the
# checker's default ÷√2 applies: scores [[1, 0], [0, 4]], weights row b = softmax([0, 4/√2]).
_TOKENS = ("Q:\n```\n  a: [1.0, 0.0]\n  b: [0.0, 2.0]\n```\nK:\n```\n  a: [1.0, 0.0]\n  b: [0.0, 2.0]\n```\n"
           "Scores Q·K^T:\n```\n       a     b\n  a: [1.00  0.00]\n  b: [0.00  {bb}]\n```\n"
           "- \"b\" scores itself highest ({bb})\n")


def test_a_number_in_the_prose_that_names_its_token_restates_that_entry():
    line = _TOKENS.splitlines().index('- "b" scores itself highest ({bb})') + 1
    assert _statuses(_TOKENS.replace("{bb}", "4.00"), line) == ["exact"]
    # printed 4.10 in the table and again in the prose: the prose carries the table's slip
    wrong = [c for c in _by_line(_TOKENS.replace("{bb}", "4.10")).get(line, []) if c.status == "wrong"]
    assert wrong and wrong[0].cause == "carried"


def test_a_sum_of_weighted_rows_is_checked_term_by_term_and_as_a_sum():
    # weights row [0.25, 0.75] (printed), V rows [1, 2] and [3, 4]:
    # 0.25·[1, 2] + 0.75·[3, 4] = [2.5, 3.5]; printed [2.5, 3.6] is a slip in the second entry
    text = ("```\nV:\n  a: [1, 2]\n  b: [3, 4]\n```\n\n"
            "```\nOutput_b = 0.25 × [1, 2] +\n           0.75 × [3, 4]\n         = [2.5, {y}]\n```\n")
    assert _statuses(text.replace("{y}", "3.5"), 10) == ["exact"]
    assert _statuses(text.replace("{y}", "3.6"), 10) == ["wrong"]


def test_an_output_caption_between_a_cell_and_its_output_does_not_name_the_values():
    # "Output:" is the program's output, not the attention output A·V: print(attn_scores_2) names it
    text = "```python\nprint(attn_scores_2)\n```\n\nOutput:\n\n```\ntensor([0.95, 1.50])\n```\n"
    assert [b.labels[0] for b in read_blocks(Document.of(text))] == ["print(attn_scores_2)"]


def test_a_printed_sum_of_the_values_above_is_confirmed_at_their_rounding():
    # 0.1455 + 0.2278 + 0.2249 + 0.1285 + 0.1077 + 0.1656 = 1.0000 exactly as printed
    text = ("```\nweights: tensor([0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656])\nSum: tensor({s})\n```\n")
    assert _statuses(text.replace("{s}", "1.0000"), 3) in (["exact"], ["rounded"])
    assert _statuses(text.replace("{s}", "0.9000"), 3) == []   # another sum: nothing binds it


def test_values_divided_by_their_sum_are_found_by_their_values():
    # inputs x1 = [1, 0], x2 = [1, 1]: the scores of x2 are x2·x1 = 1, x2·x2 = 2 (Q = K = V = X);
    # [1, 2] / 3 = [0.3333, 0.6667], printed as a plain normalisation (softmax would be 0.2689, 0.7311)
    text = ("```python\ninputs = torch.tensor([[1.0, 0.0], [1.0, 1.0]])\n```\n\n"
            "```\nscores of x2: tensor([1.0, 2.0])\n```\n\n```\nweights: tensor([0.3333, 0.6667])\n```\n")
    claims = [c for c in check_text(text, "t.md").claims if c.line == 10]
    assert [c.status for c in claims] == ["rounded"] and "divided by their sum" in claims[0].detail


def test_an_entry_of_an_expression_and_a_latex_tabular_are_read():
    # K = [[1, 0], [2, 3]]: (Kᵀ)_{12} = k_21 = 2; a tabular of K's values restates K
    text = ("$$K = \\begin{bmatrix} 1 & 0 \\\\ 2 & 3 \\end{bmatrix}$$\n\n$$(K^{T})_{12} = {v}$$\n\n"
            "\\begin{tabular}{lrr}\n\\hline\n & a & b \\\\\n\\hline\na & 1 & 0 \\\\\nb & 2 & {w} \\\\\n"
            "\\hline\n\\end{tabular}\n")
    assert _statuses(text.replace("{v}", "2").replace("{w}", "3"), 3) == ["exact"]
    assert _statuses(text.replace("{v}", "5").replace("{w}", "3"), 3) == ["wrong"]
    blocks = read_blocks(Document.of(text.replace("{v}", "2").replace("{w}", "3")))
    assert [b.texts for b in blocks if b.layout == "table"] == [(("1", "0"), ("2", "3"))]


def test_heads_are_column_blocks_when_the_head_width_is_given():
    # d_h = 1, Q = [[1, 2]], K = [[3, 4]]: head 2 is column 2, Q_2 K_2^T = 2·4 = 8 (row 1 would be 11);
    # O = [O_1  O_2] puts the heads side by side: [1·3, 2·4] = [3, 8]
    text = ("$d_h = 1$\n\n$$Q = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n\n$$K = \\begin{bmatrix} 3 & 4 \\end{bmatrix}$$\n\n"
            "$$S_{2} = Q_{2} K_{2}^{T}$$\n\n$$S_{2} = \\begin{bmatrix} {s} \\end{bmatrix}$$\n\n"
            "$$O_{1} = Q_{1} K_{1}^{T}$$\n\n$$O_{2} = Q_{2} K_{2}^{T}$$\n\n"
            "$$O = \\begin{bmatrix} O_{1} & O_{2} \\end{bmatrix}$$\n\n$$O = \\begin{bmatrix} 3 & {o} \\end{bmatrix}$$\n")
    ok = text.replace("{s}", "8").replace("{o}", "8")
    assert _statuses(ok, 9) == ["exact"] and _statuses(ok, 17) == ["exact"]
    bad = text.replace("{s}", "11").replace("{o}", "7")
    assert _statuses(bad, 9) == ["wrong"] and _statuses(bad, 17) == ["wrong"]


def test_a_head_s_columns_of_v_are_judged_by_their_values_whatever_their_name():
    # h = 2 heads, V is 2×4, so a head takes 2 of V's columns: head 1 is [[1, 2], [5, 6]]; a block
    # printed as V^{(1)} with a 9 where V has 2 is that split with one wrong entry, not V itself
    text = ("2 heads, $h = 2$.\n\n$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$K = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$V = \\begin{bmatrix} 1 & 2 & 3 & 4 \\\\ 5 & 6 & 7 & 8 \\end{bmatrix}$$\n\n"
            "$$V^{(1)} = \\begin{bmatrix} 1 & {v} \\\\ 5 & 6 \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{v}", "2"), 9) == ["exact"]
    assert _statuses(text.replace("{v}", "9"), 9) == ["wrong"]


def test_a_premise_by_name_that_nothing_computes_is_a_given_not_a_claim():
    # the upstream gradient dO of a backward pass is printed with Q, K, V before any step: data
    # the article gives, listed with the givens; Q K^T = [[2, 4], [2, 4]] is still judged
    text = ("$$Q = \\begin{bmatrix} 2 \\\\ 2 \\end{bmatrix}$$\n\n$$K = \\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix}$$\n\n"
            "$$V = \\begin{bmatrix} 2 \\\\ 3 \\end{bmatrix}$$\n\n$$dO = \\begin{bmatrix} 0 \\\\ 1 \\end{bmatrix}$$\n\n"
            "$$Q K^T = \\begin{bmatrix} 2 & 4 \\\\ 2 & 4 \\end{bmatrix}$$\n")
    report = check_text(text, "t.md")
    assert _statuses(text, 7) == [] and _statuses(text, 9) == ["exact"]
    assert any(line == 7 and "dO" in str(reason) for line, reason in report.definitions)


def test_two_formulas_that_agree_are_two_ways_not_a_clash():
    # S = Q K^T and S = (Q W) K^T with W = I (2×2): both give [[1, 0], [0, 1]] for Q = K = I
    text = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$W = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n$$S = Q K^{T}$$\n\n$$S = Q W K^{T}$$\n\n"
            "$$S = \\begin{bmatrix} 1 & 0 \\\\ 0 & {x} \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "1"), 11) == ["exact"]
    assert _statuses(text.replace("{x}", "2"), 11) == ["wrong"]


def test_an_inverse_and_a_pseudo_inverse_name_are_read():
    # G = [[2, 0], [0, 4]]: G^{-1} = [[1/2, 0], [0, 1/4]]; X^{+} = G^{-1} is a name, not a power
    text = ("$$G = \\begin{bmatrix} 2 & 0 \\\\ 0 & 4 \\end{bmatrix}$$\n\n$$G^{-1} = \\begin{bmatrix} 0.5 & 0 \\\\ 0 & {x} \\end{bmatrix}$$\n\n"
            "$$X^{+} = G^{-1}$$\n\n$$X^{+} = \\begin{bmatrix} 0.5 & 0 \\\\ 0 & 0.25 \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "0.25"), 3) == ["exact"] and _statuses(text.replace("{x}", "0.25"), 7) == ["exact"]
    assert _statuses(text.replace("{x}", "0.4"), 3) == ["wrong"]


def test_a_number_stated_again_is_in_force_from_where_it_is_stated():
    # n = 2 first, "here n = 8" later: 2·3 = 6 above the second statement, 8·3 = 24 below it
    text = "Here $n = 2$.\n\n$$n \\cdot 3 = {a}$$\n\nNow $n = 8$.\n\n$$n \\cdot 3 = {b}$$\n"
    assert _statuses(text.replace("{a}", "6").replace("{b}", "24"), 3) == ["exact"]
    assert _statuses(text.replace("{a}", "6").replace("{b}", "24"), 7) == ["exact"]
    assert _statuses(text.replace("{a}", "6").replace("{b}", "6"), 7) == ["wrong"]


def test_a_head_that_cannot_be_computed_leaves_the_rest_of_the_chain_to_check():
    # g is not defined: ⌈4·2/4⌉ = 2, so "= 3" is wrong from the chain's own arithmetic
    text = "$$g(4) = \\lceil 4 \\cdot 2 / 4 \\rceil = {v}$$\n"
    assert _statuses(text.replace("{v}", "2"), 1) == ["exact"]
    assert _statuses(text.replace("{v}", "3"), 1) == ["wrong"]


def test_a_stack_of_a_block_and_a_row_is_a_block_matrix():
    # K = [[1, 0], [0, 1]]; K_{1:1} = its first row; [K_{1:1}; k_2] stacks the rows back: K
    text = ("$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n$$K_{1:1} = \\begin{bmatrix} 1 & 0 \\end{bmatrix}$$\n\n"
            "$$K_{1:2} = \\begin{bmatrix} K_{1:1} \\\\ k_{2} \\end{bmatrix}$$\n\n"
            "$$K_{1:2} = \\begin{bmatrix} 1 & 0 \\\\ 0 & {x} \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "1"), 7) == ["exact"]
    assert _statuses(text.replace("{x}", "2"), 7) == ["wrong"]


def test_a_name_that_usually_aliases_the_output_is_its_own_when_the_article_says_so():
    # O = A V is the output; Z = S + M is the masked scores here (not the output, as Z often is):
    # S = [[1, 2]], M = [[0, -1]]: Z = [[1, 1]], z_12 = 1
    text = ("$$S = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n\n$$M = \\begin{bmatrix} 0 & -1 \\end{bmatrix}$$\n\n"
            "$$Z = S + M$$\n\n$$Z = \\begin{bmatrix} 1 & {z} \\end{bmatrix}$$\n\n$$z_{12} = {z}$$\n\n$$O = A V$$\n")
    assert _statuses(text.replace("{z}", "1"), 7) == ["exact"] and _statuses(text.replace("{z}", "1"), 9) == ["exact"]
    assert _statuses(text.replace("{z}", "2"), 7) == ["wrong"]


def test_a_rounded_restatement_a_hadamard_product_and_gradient_names():
    # D = A ⊙ B for A = [[1, 2]], B = [[3, 4]]: [[3, 8]]; D ≈ [[3.0, 8.0]] restates it (no clash);
    # dK is a gradient's name, not the dimension d_k (d_k = 2 here, dK = [[5]])
    text = ("$$A = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n\n$$B = \\begin{bmatrix} 3 & 4 \\end{bmatrix}$$\n\n"
            "$$D = A \\odot B$$\n\n$$D = \\begin{bmatrix} 3 & 8 \\end{bmatrix}$$\n\n$$D \\approx \\begin{bmatrix} 3.0 & {x} \\end{bmatrix}$$\n\n"
            "$d_k = 2$\n\n$$dK = \\begin{bmatrix} 5 \\end{bmatrix}$$\n\n$$\\sqrt{d_k} \\approx 1.41$$\n")
    assert _statuses(text.replace("{x}", "8.0"), 7) == ["exact"] and _statuses(text.replace("{x}", "8.0"), 9) == ["exact"]
    assert _statuses(text.replace("{x}", "9.0"), 9) == ["wrong"]
    assert _statuses(text.replace("{x}", "8.0"), 15) == ["rounded"]


def test_a_matrix_of_matrices_is_put_together_block_by_block():
    # O_1 = [[1], [3]], O_2 = [[2], [4]] (given); [O_1  O_2] printed in full as [[1] [2]; [3] [4]] blocks
    text = ("$$O_{1} = \\begin{bmatrix} 1 \\\\ 3 \\end{bmatrix}$$\n\n$$O_{2} = \\begin{bmatrix} 2 \\\\ 4 \\end{bmatrix}$$\n\n"
            "$$O = \\begin{bmatrix} O_{1} & O_{2} \\end{bmatrix} = \\begin{bmatrix} \\begin{bmatrix} 1 \\\\ 3 \\end{bmatrix} & "
            "\\begin{bmatrix} 2 \\\\ {x} \\end{bmatrix} \\end{bmatrix}$$\n")
    from symattn.check.notation import parse_chains
    lit = parse_chains(text.splitlines()[4].strip("$").replace("{x}", "4"))[0].parts[-1]
    assert lit.value.tolist() == [[1, 2], [3, 4]]


def test_a_table_worked_out_cell_by_cell_is_a_computation_the_next_display_claims():
    # C = [2 (2 + 4), 0 + 3] = [12, 3]; printed next as [12, 4]: 4 is wrong
    text = "$$C = \\begin{bmatrix} 2 \\left(2 + 4\\right) & 0 + 3 \\end{bmatrix}$$\n\n$$C = \\begin{bmatrix} 12 & {x} \\end{bmatrix}$$\n"
    assert _statuses(text.replace("{x}", "3"), 1) == [] and _statuses(text.replace("{x}", "3"), 3) == ["exact"]
    assert _statuses(text.replace("{x}", "4"), 3) == ["wrong"]


def test_a_formula_in_an_index_gives_the_printed_list_entry_by_entry():
    # h = 4, m_k = 2^(-8k/h) = 2^(-2k): k = 1, 2 gives 1/4, 1/16; 0.07 for 1/16 = 0.0625 is wrong
    text = ("$h = 4$\n\n$$m_{k} = 2^{- \\frac{8 k}{h}}$$\n\n$$m_{k} = \\begin{bmatrix} \\frac{1}{4} & \\frac{1}{16} \\end{bmatrix}$$\n\n"
            "$$m_{k} \\approx \\begin{bmatrix} 0.25 & {x} \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "0.06"), 5) == ["exact"] and _statuses(text.replace("{x}", "0.06"), 7) == ["rounded"]
    assert _statuses(text.replace("{x}", "0.07"), 7) == ["wrong"]


def test_d_before_a_capital_or_an_accented_name_is_a_gradient():
    # dS̃ = A ⊙ B with A = [[1, 2]], B = [[3, 4]]: [[3, 8]]
    text = ("$$A = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n\n$$B = \\begin{bmatrix} 3 & 4 \\end{bmatrix}$$\n\n"
            "$$d\\tilde{S} = A \\odot B$$\n\n$$d\\tilde{S} = \\begin{bmatrix} 3 & {x} \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "8"), 7) == ["exact"]
    assert _statuses(text.replace("{x}", "9"), 7) == ["wrong"]


def test_a_stated_d_k_unlike_the_width_of_the_keys_shown_is_the_articles_own_value():
    # d_k = 64 (the model's), K shown 2 wide: not compared, neither where stated nor restated
    text = ("$d_k = 64$\n\n$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$S = K K^{T}$$\n\nAgain, $d_k = 64$.\n")
    assert all(c.status != "wrong" for c in check_text(text, "t.md").claims)


def test_a_stated_d_k_scales_when_the_prints_agree_with_it_and_the_width_otherwise():
    # Q = K = [[2, 0], [0, 2]] (2 wide), scores [[4, 0], [0, 4]]; the text says d_k = 1 and divides by
    # sqrt(d_k): row 1 of the weights is softmax([4, 0]) = [0.98, 0.02] under sqrt(1), and
    # softmax([4/sqrt(2), 0]) = [0.94, 0.06] under the keys' width
    text = ("$d_k = {dk}$\n\n$$Q = \\begin{{bmatrix}} 2 & 0 \\\\ 0 & 2 \\end{{bmatrix}}$$\n\n"
            "$$K = \\begin{{bmatrix}} 2 & 0 \\\\ 0 & 2 \\end{{bmatrix}}$$\n\n"
            "$$A = \\operatorname{{softmax}}(QK^T / \\sqrt{{d_k}})$$\n\n"
            "$$S = QK^T = \\begin{{bmatrix}} 4 & 0 \\\\ 0 & 4 \\end{{bmatrix}}$$\n\n"
            "$$A = \\begin{{bmatrix}} {a} & {b} \\\\ {b} & {a} \\end{{bmatrix}}$$\n")
    assert _statuses(text.format(dk=1, a="0.98", b="0.02"), 11) == ["rounded"]
    assert _statuses(text.format(dk=64, a="0.94", b="0.06"), 11) == ["rounded"]
    assert _statuses(text.format(dk=1, a="0.94", b="0.06"), 11) == ["rounded"]   # they agree with the width


def test_a_zero_one_matrix_named_as_an_input_under_a_caption_about_masks_is_not_a_mask():
    # Q = I printed right after a sentence on the causal mask: an input (its own name says so), not
    # a causal mask with [2,1] = 0 where the mask would have 1
    text = ("With a causal mask, each token sees itself and the tokens before it.\n\n"
            "$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n")
    assert "wrong" not in _statuses(text, 3)


def test_a_product_with_a_quantity_of_no_step_is_not_that_step():
    # Out = Output · W_FFN: row 2 of the causal output is [2.34, 3.34], so Out is [[2, 2], [4.68, 3.34]];
    # its second column agrees with the output's, which makes it no output (nor a wrong one)
    text = ("With a causal mask, each token sees itself and the tokens before it.\n\n"
            "$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$V = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}$$\n\n"
            "$$A = \\operatorname{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}} + M\\right) = "
            "\\begin{bmatrix} 1.00 & 0.00 \\\\ 0.33 & 0.67 \\end{bmatrix}$$\n\n"
            "$$W_{FFN} = \\begin{bmatrix} 2 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$\\text{Out} = \\text{Output} \\cdot W_{FFN} = \\begin{bmatrix} 2.00 & 2.00 \\\\ 4.68 & 3.34 "
            "\\end{bmatrix}$$\n")
    assert _statuses(text, 9) == ["rounded"] and "wrong" not in _statuses(text, 13)


def test_linear_algebra_on_printed_matrices():
    # X = [[1, 0], [0, 2]]: rank 2, X^+ = X^{-1} = [[1, 0], [0, 1/2]]; rref[X | X] = [[1, 0, 1, 0], [0, 1, 0, 1]];
    # null(X) is {0}: dim null(X) = 0
    text = ("$$X = \\begin{bmatrix} 1 & 0 \\\\ 0 & 2 \\end{bmatrix}$$\n\n$$\\operatorname{rank} X = {r}$$\n\n"
            "$$X^{+} = X^{-1}$$\n\n$$\\operatorname{rref}[X \\mid X] = \\begin{bmatrix} 1 & 0 & 1 & 0 \\\\ 0 & 1 & 0 & 1 \\end{bmatrix}$$\n\n"
            "$$\\dim \\operatorname{null}(X) = 2 - 2 = 0$$\n")
    ok = text.replace("{r}", "2")
    assert [_statuses(ok, n) for n in (3, 5, 7, 9)] == [["exact"]] * 4
    assert _statuses(text.replace("{r}", "1"), 3) == ["wrong"]


def test_a_computation_on_the_page_is_not_judged_against_itself():
    # W(C) = N C with N, C never given numbers: the substituted line defines W(C) (no verdict of its own);
    # the next line is judged against it: [1·c, 2·c] = [c, 2c]
    text = ("$$W_{Q}(C) = N C$$\n\n$$W_{Q}(C) = \\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix} \\begin{bmatrix} c_{1} \\end{bmatrix}$$\n\n"
            "$$W_{Q}(C) = \\begin{bmatrix} c_{1} \\\\ {x} \\end{bmatrix}$$\n")
    assert _statuses(text.replace("{x}", "2 c_{1}"), 3) in ([], ["unverifiable"])
    assert _statuses(text.replace("{x}", "2 c_{1}"), 5) == ["exact"]
    assert _statuses(text.replace("{x}", "3 c_{1}"), 5) == ["wrong"]


# --------------------------------------------------------------------------- one value, six layouts

_SCORES = ("The scores of one query against three keys are\n\n$$S = \\begin{bmatrix} 1 & 2 & 0 \\end{bmatrix}$$\n\n"
           "and the attention weights are their softmax (no scaling here).\n\n")


def _six_layouts(a: str, b: str, c: str) -> dict[str, str]:
    """The weights [a, b, c] printed as a LaTeX display, a numpy print, a torch print, a Markdown
    table, an ASCII table and a list in a sentence, after the same scores."""
    rule = "+---------+------------+------------+------------+"
    return {
        "latex": _SCORES + f"$$A = \\operatorname{{softmax}}(S) = \\begin{{bmatrix}} {a} & {b} & {c} \\end{{bmatrix}}$$\n",
        "numpy": _SCORES + f"```python\nweights = softmax(S)\nprint(weights)\n```\n\n```\n[[{a} {b} {c}]]\n```\n",
        "torch": _SCORES + f"```python\n>>> weights = torch.softmax(S, dim=-1)\n>>> weights\ntensor([[{a}, {b}, {c}]])\n```\n",
        "markdown": _SCORES + f"| weights | key 1 | key 2 | key 3 |\n|---|---|---|---|\n| query 1 | {a} | {b} | {c} |\n",
        "ascii": _SCORES + f"```\n{rule}\n| weights | key 1 | key 2 | key 3 |\n{rule}\n| query 1 | {a} | {b} | {c} |\n{rule}\n```\n",
        "prose": _SCORES + f"So the weights are {a}, {b} and {c}.\n",
    }


def _weights_verdicts(text: str) -> list[tuple[str, str]]:
    return [(c.status, ";".join(m.code for m in c.mistakes)) for c in check_text(text, "t.md").claims if c.line > 4]


def _printed_weights():
    s = np.array([1.0, 2.0, 0.0])
    exact = np.exp(s) / np.exp(s).sum()                     # 0.24472847, 0.66524096, 0.09003057
    s32 = s.astype(np.float32)
    noisy = np.exp(s32) / np.exp(s32).sum()                 # what a float32 program prints to 8 places
    return {
        "rounded": ([f"{x:.4f}" for x in exact], ("rounded", "")),
        # cut, not rounded: 0.2447… cut to 3 places is 0.244, which rounds to 0.245
        "truncated": ([f"{np.floor(x * 1000) / 1000:.3f}" for x in exact], ("wrong", "truncated")),
        "float32": ([f"{x:.8f}" for x in noisy], ("rounded", "")),
    }


@pytest.mark.parametrize("case", ["rounded", "truncated", "float32"])
def test_one_value_in_six_layouts_gets_one_verdict(case):
    printed, verdict = _printed_weights()[case]
    if case == "float32":   # the print differs from the exact value beyond its last place
        s = np.array([1.0, 2.0, 0.0])
        exact = np.exp(s) / np.exp(s).sum()
        assert any(abs(float(p) - x) > 0.5e-8 for p, x in zip(printed, exact))
    got = {name: _weights_verdicts(text) for name, text in _six_layouts(*printed).items()}
    assert got == {name: [verdict] for name in got}, got


@pytest.mark.parametrize("sep", ["    ", " \\quad ", "; ", ", "])
def test_several_equations_on_one_line_are_several_statements(sep):
    # e^1.5 = 4.4817 and e^0.5 = 1.6487: both right at 2 decimals; 1.70 is wrong
    for second, status in (("1.65", "rounded"), ("1.70", "wrong")):
        line = f"e^{{1.5}} = 4.48{sep}e^{{0.5}} = {second}"
        text = f"$${line}$$\n" if "quad" in sep else f"Exponentials:\n\n{line}\n"
        claims = [c for c in check_text(text, "t.md").claims]
        assert [(c.claimed, c.status) for c in claims] == [("4.48", "rounded"), (second, status)], (line, claims)


def test_a_torch_print_of_masked_scores_and_their_softmax_is_checked():
    # causal mask on S = [[1, 2, .5], [.5, 1, 2], [2, 0, 1]]: row 2 is softmax(.5, 1) = (0.3775, 0.6225),
    # row 3 softmax(2, 0, 1) = (0.6652, 0.0900, 0.2447)
    s = np.array([[1.0, 2.0, 0.5], [0.5, 1.0, 2.0], [2.0, 0.0, 1.0]])
    m = np.where(np.triu(np.ones((3, 3)), 1) == 1, -np.inf, s)
    w = np.exp(m - m.max(1, keepdims=True))
    w /= w.sum(1, keepdims=True)
    rows = "],\n        [".join(", ".join(f"{x:.4f}" for x in r) for r in w)
    text = ("```python\n>>> scores = torch.tensor([[1.0, 2.0, 0.5], [0.5, 1.0, 2.0], [2.0, 0.0, 1.0]])\n"
            ">>> masked = scores.masked_fill(torch.triu(torch.ones(3, 3), diagonal=1).bool(), float('-inf'))\n"
            ">>> masked\ntensor([[1.0000,   -inf,   -inf],\n        [0.5000, 1.0000,   -inf],\n"
            "        [2.0000, 0.0000, 1.0000]])\n>>> torch.softmax(masked, dim=-1)\n" f"tensor([[{rows}]])\n```\n")
    assert "rounded" in _statuses(text, 9)
    bad = text.replace("0.3775", "0.3900")
    assert "wrong" in _statuses(bad, 9) and check_text(bad, "t.md").exit_code == 1


def test_a_letter_with_its_index_after_it_is_one_name():
    """``M4``, ``W1``: an index written right after a one-letter name, as people write it, names one
    quantity (M_4); a coefficient stands before its letter, so nothing reads M4 as M·4; e1 and e2 are
    names too (the constant is written e^x or exp).  A shape
    ``3x4`` and a decimal ``x2.5`` are not indices."""
    from symattn.check.tokens import tokenize
    assert [t.value for t in tokenize("M4 M5^T")] == ["M", "_", "4", "M", "_", "5", "^", "T"]
    assert [t.value for t in tokenize("3x4")] == ["3", "x", "4"]
    assert [t.value for t in tokenize("x2.5")] == ["x", "2.5"]
    assert [t.value for t in tokenize("e2")] == ["e", "_", "2"]     # e1, e2: embeddings, energies
    assert [t.value for t in tokenize("1.5e2 2e3")] == ["1.5e2", "2e3"]
    text = "$$M1 = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}$$\n\n$$2 M1 = \\begin{bmatrix} 2 & 4 \\\\ 6 & 9 \\end{bmatrix}$$\n"
    wrong = [c for c in check_text(text, "a.md").claims if c.status == "wrong"]
    assert [(c.line, [(e["claimed"], e["correct"]) for e in c.entries]) for c in wrong] == [(3, [("9", "8")])]


# a chain written down the page: each "= ..." line continues the one above it
_DOWN = "Mixing the values:\n\n```\nout = 0.25×[1,0,2] + 0.75×[0,1,2]\n    = [0.25,0,0.5] + [0,0.75,1.5]\n    = {last}\n```\n"


def test_equals_lines_continue_the_chain_above_them_step_by_step():
    # 0.25·[1, 0, 2] + 0.75·[0, 1, 2] = [0.25, 0.75, 2.0]; the middle line is that sum written out
    assert _statuses(_DOWN.format(last="[0.25, 0.75, 2.0]"), 5) == ["exact"]
    assert _statuses(_DOWN.format(last="[0.25, 0.75, 2.0]"), 6) == ["exact"]
    got = [c for c in _by_line(_DOWN.format(last="[0.25, 0.75, 2.5]")).get(6, []) if c.status == "wrong"]
    assert got and got[0].entries[0]["correct"] in ("2.0", "2")


def test_equals_lines_that_state_shapes_or_unknowns_are_not_arithmetic():
    text = ("```\nc = X × W_down\n  = [4096] × [4096 × 64]\n  = [64 dimensions]\n```\n\n"
            "```\nL = -[y·log(ŷ) + (1-y)·log(1-ŷ)]\n  = -log(0.635)\n```\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_per_token_bullets_with_names_of_any_length_are_one_matrix():
    # the bracket starts where each token's name ends: "I", "love" and "you" shift it, the rows stay one matrix
    text = "Embeddings:\n\n- I → [1, 0, 1, 0]\n- love → [0, 1, 1, 0]\n- you → [1, 1, 0, 1]\n\n" \
           "  1. \"a\": [1, 2]\n  2. \"longer\": [3, 4]\n"
    blocks = read_blocks(Document.of(text))
    assert [(b.line, b.shape, b.row_labels) for b in blocks] == [
        (3, (3, 4), ("I", "love", "you")), (7, (2, 2), ("a", "longer"))]


def test_statements_side_by_side_in_a_fence_are_each_read():
    """``W_Q = [[..]]   W_K = [[..]]`` and ``q1 = x1·W_Q = [2, 0]      k1 = [1, 0]``: a run of blanks
    after a closed value, before the next ``name =``, starts another statement (not a product)."""
    fence = "```\nx1 = [1, 0]\nW_Q = [[2,0],[0,1]]   W_K = [[1,0],[0,1]]\n\nq1 = x1·W_Q = {}      k1 = [1, 0]\n```\n"
    right = check_text(fence.format("[2, 0]"), "f.md")
    assert not [c for c in right.claims if c.line == 3]     # two givens, not "W_Q = [..] W_K" to compute
    assert {c.status for c in right.claims if c.line == 5 and c.status != "unverifiable"} == {"exact"}
    wrong = check_text(fence.format("[3, 0]"), "f.md")
    assert "wrong" in [c.status for c in wrong.claims if c.line == 5]


def test_matrices_side_by_side_over_several_lines_are_read_in_their_own_columns():
    # three 2×2 weights written beside each other, each over two lines: three blocks, each named by
    # what stands before it on its first line
    text = ("```\nW_Q = [[1, 2],    W_K = [[1, 0],    W_V = [[2, 0],\n"
            "       [0, 1]]           [1, 1]]           [0, 2]]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [(b.shape, b.labels[0]) for b in blocks] == [((2, 2), "W_Q ="), ((2, 2), "W_K ="), ((2, 2), "W_V =")]
    assert [b.texts for b in blocks] == [(("1", "2"), ("0", "1")), (("1", "0"), ("1", "1")), (("2", "0"), ("0", "2"))]
    # read as inputs: V = X·W_V = [[2, 0], [0, 2], [2, 2]], so the printed 3 in its last row is wrong
    text = ("X = [[1, 0], [0, 1], [1, 1]]\n\n" + text +
            "\nQ = [[1, 2], [0, 1], [1, 3]]\n\nV = [[2, 0], [0, 2], [2, 3]]\n")
    assert _statuses(text, 8) == ["exact"] and "wrong" in _statuses(text, 10)


def test_a_product_written_across_with_captions_above_its_columns():
    # X × W_Q = Q with each caption above its own column: Q = [[1, 2], [0, 1], [1, 3]], so the
    # printed 4 on the last line is wrong, and the row above it is right
    text = ("```\nX (3×2):      W_Q (2×2):     Q = X × W_Q (3×2):\n"
            "[[1, 0],      [[1, 2],       [[1, 2],\n"
            " [0, 1],   ×   [0, 1]]   =    [0, 1],\n"
            " [1, 1]]                      [1, 4]]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [(b.shape, b.labels[0], b.operand) for b in blocks] == [
        ((3, 2), "X (3×2):", True), ((2, 2), "W_Q (2×2):", True), ((3, 2), "Q = X × W_Q (3×2):", False)]
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert wrong and all(5 in (c.wrong_lines or c.lines or [c.line]) for c in wrong)
    assert not any(4 in (c.wrong_lines or []) for c in wrong)


def test_a_name_before_the_first_row_only_names_the_matrix_and_a_side_note_does_not_split_it():
    # "α = [ .. ]" then two bare rows: one 3×3 matrix named α (not three tokens, the first called α);
    # "e^{−∞} = 0" far right of the first row of the scores is a note beside it, not part of the row
    text = ("```text\nscores = [ 0.71   -inf   -inf ]      e^{-inf} = 0\n"
            "         [ 0.32   0.67   -inf ]\n         [ 0.16   0.15   0.69 ]\n\n"
            "α      = [ 1.000  0.000  0.000 ]    ← row 0 sees itself only\n"
            "         [ 0.413  0.587  0.000 ]\n         [ 0.271  0.268  0.461 ]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [(b.shape, b.labels[0].split()[0]) for b in blocks] == [((3, 3), "scores"), ((3, 3), "α")]
    assert not blocks[1].row_labels


@pytest.mark.parametrize("slip", [False, True])
def test_a_line_of_maths_that_ends_in_a_relation_names_the_array_after_it(slip):
    # "$$\text{Scaled} = [3/1.4 ..] \approx $$" then the array in a fence of its own: the array is
    # the right-hand side, named by the head of the chain, and judged as that step (numpy's values)
    q = np.array([[1.0, 0.0], [1.0, 1.0]])
    k = np.array([[1.0, 1.0], [0.0, 1.0]])
    scaled = q @ k.T / np.sqrt(2)
    printed = np.round(scaled, 2)
    if slip:   # two of its three numbers that are not 0: too few agree for the values alone to bind it
        printed[1] += 0.1
    rows = "\n ".join("[" + " ".join(f"{x:.2f}" for x in r) + "]" for r in printed)
    bm = lambda m: "\\begin{bmatrix} " + " \\\\ ".join(" & ".join(f"{x:g}" for x in r) for r in m) + " \\end{bmatrix}"
    text = (f"$$Q = {bm(q)}, \\quad K = {bm(k)}$$\n\n"
            "$$\\text{Scaled} = \\begin{bmatrix} 1/\\sqrt{2} & 0 \\\\ 2/\\sqrt{2} & 1/\\sqrt{2} \\end{bmatrix} \\approx $$\n"
            f"```\n[{rows}]\n```\n")
    line = text.split("\n").index("```") + 2
    assert _statuses(text, line) == (["wrong"] if slip else ["rounded"])


def _softmax_rows(m):
    e = np.exp(m - m.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_embeddings_given_after_queries_and_keys_start_an_example_of_their_own():
    # part 1 gives Q and K as they are; part 2 gives X and the projections: its Q, K, V and scores
    # come from X (numpy), never from part 1's Q and K
    x = np.array([[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]])
    wq = np.array([[1, 0], [0, 1], [1, 0], [0, 1]])
    wk = np.array([[0, 1], [1, 0], [1, 0], [0, 1]])
    wv = np.array([[1, 0], [0, 1], [1, 1], [0, 0]])
    q, k, v = x @ wq, x @ wk, x @ wv
    s = q @ k.T
    panel = lambda m: [f"[ {' '.join(str(int(e)) for e in r)} ]" for r in m]
    ws = "\n".join(f"{'W_Q = ' if i == 0 else '      '}{a}     {'W_K = ' if i == 0 else '      '}{b}     "
                   f"{'W_V = ' if i == 0 else '      '}{c}" for i, (a, b, c) in enumerate(zip(panel(wq), panel(wk), panel(wv))))
    qkv = "\n".join(f"        {a}     {b}     {c}" for a, b, c in zip(panel(q), panel(k), panel(v)))
    text = ("## Part 1\n\n```\nQ = [[1, 0, 1, 0]]\nK = [[1, 1, 0, 0], [0, 1, 1, 0]]\n```\n\n"
            "## Part 2\n\n```\nX = [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]]\n```\n\n"
            f"```\n{ws}\n```\n\n```\n           Q            K            V\n{qkv}\n```\n\n"
            f"```\nscores = {s.tolist()}\n```\n")
    lines = text.split("\n")
    report = _by_line(text)
    assert not any(c.status == "wrong" for cs in report.values() for c in cs)
    line = next(i for i, x in enumerate(lines, 1) if x.startswith("scores ="))
    assert _statuses(text, line) == ["exact"]
    doc = Document.of(text)
    _, bound = _bound(doc, read_blocks(doc))
    (binding,) = [b for b in bound.bindings if b.block.line == line]
    assert set(bound.examples[binding.example].givens) == {"X", "W_Q", "W_K", "W_V"}


def test_names_over_matrices_side_by_side_name_each_and_a_name_in_the_gap_is_no_equation():
    text = ("```\nW_Q = [ 1 0 ]     W_K = [ 0 1 ]\n      [ 0 1 ]           [ 1 0 ]\n```\n\n"
            "```\n          Q            K\n    a   [ 2  0 ]     [ 1  1 ]\n    b   [ 0  3 ]     [ 2  1 ]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [b.labels[0] for b in blocks] == ["W_Q =", "W_K =", "Q", "K"]
    assert not any(b.operand for b in blocks)


@pytest.mark.parametrize("printed, wrong", [("0.09, 0.24, 0.67", False), ("0.09, 0.67, 0.24", True)])
def test_a_list_of_expressions_equal_to_a_list_of_numbers_is_read_pair_by_pair(printed, wrong):
    # 2.72/30.20 = 0.0901, 7.39/30.20 = 0.2447, 20.09/30.20 = 0.6652 (each pair on its own)
    text = f"```text\nweights = 2.72/30.20, 7.39/30.20, 20.09/30.20  =  {printed}   (adds to 1)\n```\n"
    got = [(c.source, c.status) for c in _by_line(text).get(2, []) if "/" in c.source]
    assert len(got) == 3
    assert any(s == "wrong" for _, s in got) == wrong


def test_a_few_numbers_computed_from_an_operand_beside_them_are_that_step_not_the_example():
    # softmax([10, 9, 8]) = [0.665, 0.245, 0.090] (numpy) in a sentence after a worked example: its
    # operand is on its own line, whatever quantity of the example three numbers happen to match
    x = np.array([10.0, 9.0, 8.0])
    w = np.exp(x - x.max()) / np.exp(x - x.max()).sum()
    assert [f"{v:.2f}" for v in w] == ["0.67", "0.24", "0.09"]
    # (the example's scores and weights are printed wrong: the three numbers agree in full with a
    # column of the output by chance)
    text = ("```\nQ = [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]]\nK = [[1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 0, 1]]\n"
            "V = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 1]]\n"
            "QK^T = [[2, 1, 2], [1, 2, 1], [1, 1, 0]]\nScaled = [[1.0, 0.5, 1.0], [0.5, 1.0, 0.5], [0.5, 0.5, 0.0]]\n"
            "Weights = [[0.38, 0.24, 0.38], [0.24, 0.51, 0.24], [0.38, 0.38, 0.24]]\n```\n\n"
            "If the scores before the softmax are [10, 9, 8], the softmax gives about [0.67, 0.24, 0.09].\n")
    assert _statuses(text, 10) == ["rounded"]
    assert _statuses(text.replace("[0.67, 0.24, 0.09]", "[0.67, 0.09, 0.24]"), 10) != ["rounded"]


@pytest.mark.parametrize("slip", [False, True])
def test_a_result_named_by_its_own_symbol_is_that_step_before_a_part_that_agrees_elsewhere(slip):
    # V = X·W_V written as a chain of bmatrices; with one-decimal prints and rows 2-3 wrong, the
    # output under a causal mask agrees with four of six numbers by chance (its row 1 is V's row 1):
    # the symbol V and the third that agrees make it V, wrong in rows 2-3 only (numpy's values)
    x = np.array([[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.9, 1.0, 1.1, 1.2]])
    wq = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]])
    wk = wq + 0.1
    wv = wq + 0.2
    v = np.round(x @ wv, 1)
    if slip:
        v[1:] = [[1.5, 1.6], [2.3, 2.4]]   # x @ wv is [[0.7, 0.8], [1.66, 1.92], [2.62, 2.96]]
    bm = lambda m: "\\begin{bmatrix}\n" + " \\\\\n".join(" & ".join(f"{e:.1f}" for e in r) for r in m) + "\n\\end{bmatrix}"
    text = (f"$$\nX = {bm(x)}\n$$\n\n$$\nW_Q = {bm(wq)}, \\quad W_K = {bm(wk)}, \\quad W_V = {bm(wv)}\n$$\n\n"
            f"$$\nQ = XW_Q = {bm(x)}\n{bm(wq)}\n= {bm(np.round(x @ wq, 2))}\n$$\n\n"
            f"$$\nV = XW_V = {bm(x)}\n{bm(wv)}\n= {bm(v)}\n$$\n")
    lines = text.split("\n")
    start = max(i for i, t in enumerate(lines, 1) if t.startswith("= \\begin{bmatrix}"))
    claims = check_text(text, "t.md").claims
    wrong_at = {e.get("line") for c in claims if c.status == "wrong" for e in c.entries}
    assert wrong_at == ({start + 2, start + 3} if slip else set())
    assert any("X·W_V" in c.detail for c in claims if c.line <= start <= max(c.lines or [c.line]) or
               c.line == start - 11)


def test_a_wrong_row_of_two_numbers_inside_a_longer_matrix_row_is_no_restatement():
    # Q's row 2 is printed [1.1, 1.2] and is wrong (X·W_Q row 2 is [1.14, 1.4]); X's row 3
    # "0.9 & 1.0 & 1.1 & 1.2", printed again later, holds 1.1, 1.2 in order but is a row of X
    text = ("$$\nX = \\begin{bmatrix}\n0.1 & 0.2 & 0.3 & 0.4 \\\\\n0.5 & 0.6 & 0.7 & 0.8 \\\\\n0.9 & 1.0 & 1.1 & 1.2\n"
            "\\end{bmatrix}\n$$\n\n$$\nW_Q = \\begin{bmatrix}\n0.1 & 0.2 \\\\\n0.3 & 0.4 \\\\\n0.5 & 0.6 \\\\\n0.7 & 0.8\n"
            "\\end{bmatrix}\n$$\n\n$$\nQ = XW_Q = \\begin{bmatrix}\n0.5 & 0.6 \\\\\n1.1 & 1.2 \\\\\n1.8 & 2.2\n\\end{bmatrix}\n$$\n\n"
            "$$\nX^T = \\begin{bmatrix}\n0.1 & 0.5 & 0.9 \\\\\n0.2 & 0.6 & 1.0 \\\\\n0.3 & 0.7 & 1.1 \\\\\n0.4 & 0.8 & 1.2\n"
            "\\end{bmatrix}, \\quad X = \\begin{bmatrix}\n0.1 & 0.2 & 0.3 & 0.4 \\\\\n0.5 & 0.6 & 0.7 & 0.8 \\\\\n"
            "0.9 & 1.0 & 1.1 & 1.2\n\\end{bmatrix}\n$$\n")
    lines = text.split("\n")
    q_row = lines.index("1.1 & 1.2 \\\\") + 1
    last = len(lines) - lines[::-1].index("0.9 & 1.0 & 1.1 & 1.2")
    report = _by_line(text)
    assert "wrong" in {c.status for n in range(q_row - 2, q_row + 2) for c in report.get(n, [])}
    assert "wrong" not in {c.status for c in report.get(last, [])}


@pytest.mark.parametrize("layout", ["text", "inline"])
@pytest.mark.parametrize("total, wrong", [("30.19", False), ("30.20", True)])
def test_a_total_after_equations_on_its_line_is_their_sum(layout, total, wrong):
    # e + e^2 + e^3 = 30.1929 (numpy): 30.20, the sum of the rounded 2.72 + 7.39 + 20.09, is wrong
    assert f"{np.exp([1, 2, 3]).sum():.2f}" == "30.19"
    text = (f"```text\ne^1 = 2.72    e^2 = 7.39    e^3 = 20.09     total = {total}\n```\n" if layout == "text" else
            f"Here $e^{{1}} = 2.72$, $e^{{2}} = 7.39$, $e^{{3}} = 20.09$.  Sum = ${total}$.\n")
    line = 2 if layout == "text" else 1
    assert ("wrong" in _statuses(text, line)) == wrong
    assert any("30.1" in (c.detail or "") or c.status != "unverifiable" for c in _by_line(text)[line])



def _table(rows):
    head = "| " + " | ".join(f"k{j + 1}" for j in range(len(rows[0]))) + " |\n|" + "---|" * len(rows[0]) + "\n"
    return head + "".join("| " + " | ".join(f"{e:.2f}" for e in r) + " |\n" for r in rows)


@pytest.mark.parametrize("slip", [False, True])
@pytest.mark.parametrize("layout", ["table", "bmatrix"])
def test_rows_that_are_each_a_distribution_are_the_weights_whatever_their_caption(slip, layout):
    # every name is neutral (M1, M2, M3, "the next table"): the rows sum to 1 at two decimals, which
    # is what a softmax prints; with rows that no step gives (none of their numbers agree) the block
    # is wrong, the exact weights its witness (numpy's values)
    q = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0], [1.0, 1.0, 0.0]])
    k = np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 2.0], [2.0, 1.0, 0.0]])
    s = q @ k.T
    w = _softmax_rows(s / np.sqrt(3))
    printed = np.array([[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.3, 0.3, 0.4]]) if slip else w
    assert abs(printed.sum(axis=1) - 1).max() < 1e-12
    bm = lambda m: "\\begin{bmatrix}\n" + " \\\\\n".join(" & ".join(f"{e:.2f}" for e in r) for r in m) + "\n\\end{bmatrix}"
    text = (f"$$\nM1 = {bm(q)}\n$$\n\n$$\nM2 = {bm(k)}\n$$\n\nQ = M1, K = M2.\n\n$$\nM4 = QK^T = {bm(s)}\n$$\n\n"
            "Divide by $\\sqrt{3}$.\n\n" + ("The next table:\n\n" + _table(printed) if layout == "table" else
                                            f"$$\nM3 = {bm(printed)}\n$$\n"))
    lines = text.split("\n")
    start = len(lines) - (3 if layout == "table" else 5)   # the first row of the last block
    claims = check_text(text, "t.md").claims
    wrong = sorted({ln for c in claims if c.status == "wrong" for ln in (c.wrong_lines or c.lines or [c.line])})
    assert wrong == ([start, start + 1, start + 2] if slip else [])
    last = [c for c in claims if (c.lines or [c.line])[-1] >= start]
    assert [c.status for c in last] == (["wrong"] if slip else ["rounded"])
    if slip:
        assert f"{w[0, 0]:.2f}" in last[0].detail   # the right value is the witness


def test_rows_that_are_not_all_distributions_name_nothing():
    from symattn.check.bind.binder import _distribution
    blocks = read_blocks(Document.of("[[0.2, 0.8], [0.5, 0.5]]\n\n[[0.2, 0.8], [0.5, 0.7]]\n\n[[1, 0], [0, 1]]\n\n"
                                     "[[0.33, 0.33, 0.33], [0.25, 0.5, 0.25]]\n\n[[0.2, 0.8]]\n"))
    assert [_distribution(b) for b in blocks] == ["weights", None, None, "weights", None]


@pytest.mark.parametrize("label", ["let x: Array2<f64> = array![", "let mut x = vec![", "const x = [",
                                   "x: np.ndarray = np.array(["])
def test_a_declaration_in_code_names_what_it_assigns(label):
    from symattn.check.bind.lexicon import named
    assert named((label,)).step == "X"
    assert named(("Input: Q = np.array(",)).step == "Q"   # a caption's colon is no type annotation


def test_a_product_of_capitals_whose_last_one_carries_an_index_is_that_indexed_name():
    from symattn.check.tokens import tokenize
    assert [t.value for t in tokenize("Q = XM1")] == ["Q", "=", "XM", "_", "1"]


@pytest.mark.parametrize("printed, wrong", [("[0.58, 0.21, 0.21]", False), ("[0.50, 0.25, 0.25]", True)])
def test_an_arrow_after_a_call_says_what_the_call_gives(printed, wrong):
    x = np.array([[2.0, 1.0, 1.0]])
    assert [f"{v:.2f}" for v in _softmax_rows(x)[0]] == ["0.58", "0.21", "0.21"]
    text = f"```\nsoftmax([2.0, 1.0, 1.0]) → {printed} ← spread out\n```\n"
    assert ("wrong" in _statuses(text, 2)) == wrong and _statuses(text, 2)


def test_an_exponent_printed_shorter_than_the_article_prints_it_elsewhere_is_that_value_rounded():
    # e^{0.7071} = 2.0281 and e^{1/√2} = 2.0281 (numpy): 0.71 is 0.7071 to two places, not data
    # (e^{0.71} = 2.034); a table column of e^x beside the scaled scores is no softmax of them
    assert f"{np.exp(1 / np.sqrt(2)):.4f}" == "2.0281" and f"{np.exp(0.71):.3f}" == "2.034"
    z = np.array([1, 6, 4]) / np.sqrt(2)
    e = np.exp(z)
    w = e / e.sum()
    rows = "".join(f"| t{i + 1} | {s} | {z[i]:.4f} | {e[i]:.4f} | {w[i]:.4f} |\n" for i, s in enumerate([1, 6, 4]))
    text = ("| token | score | score / √2 | e^z | softmax |\n|---|---|---|---|---|\n" + rows +
            f"\n$$e^{{0.71}} = {e[0]:.3f}$$\n")
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"]
    assert "wrong" in [c.status for c in check_text(text.replace(f"{e[0]:.3f}$$", "2.128$$"), "t.md").claims]


def _bmatrix(rows, places):
    body = " \\\\\n".join(" & ".join(f"{v:.{places}f}" for v in r) for r in rows)
    return "$$\n\\begin{bmatrix}\n" + body + "\n\\end{bmatrix}\n$$"


def test_a_caption_that_names_a_row_binds_a_print_that_no_value_explains():
    # inputs under neutral names, bound by their values (M5 = M1 M2 is Q, ...); then
    # "exp(Row 2)" printed with every entry 0.05 too high: no value explains it, the caption says
    # which row of which step it is. q_2 = [0, 4] and K's rows are [1, 2], [2, 0], [2, 2], so row 2
    # of QKᵀ/√2 is [8, 0, 8]/√2 and its exp is [e^{4√2}, 1, e^{4√2}] ≈ [286.247, 1, 286.247].
    X = np.array([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]], float)
    WQ = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], float)
    WK = np.array([[0, 1], [1, 0], [1, 1], [0, 0]], float)
    WV = np.array([[1, 1], [0, 1], [1, 0], [0, 0]], float)
    Q, K, V = X @ WQ, X @ WK, X @ WV
    S = Q @ K.T / np.sqrt(2)
    row = np.exp(S[1])
    printed = np.round(row, 3) + 0.05
    text = (f"M1:\n\n{_bmatrix(X, 0)}\n\nM2:\n\n{_bmatrix(WQ, 0)}\n\nM3:\n\n{_bmatrix(WK, 0)}\n\n"
            f"M4:\n\n{_bmatrix(WV, 0)}\n\nM5 = M1 M2:\n\n{_bmatrix(Q, 0)}\n\nM6 = M1 M3:\n\n{_bmatrix(K, 0)}\n\n"
            f"M7 = M1 M4:\n\n{_bmatrix(V, 0)}\n\nDivided by the square root of 2:\n\n{_bmatrix(S, 3)}\n\n"
            "$$\n\\exp(\\text{Row 2}) = \\begin{bmatrix} " + " & ".join(f"{v:.3f}" for v in printed)
            + " \\end{bmatrix}\n$$\n")
    line = text.count("\n", 0, text.index("\\exp(")) + 1
    (claim,) = [c for c in _by_line(text)[line] if c.status == "wrong"]
    assert [d["correct"] for d in claim.entries] == [f"{v:.3f}" for v in row]


def test_a_bare_print_wrapper_names_nothing_so_the_caption_above_it_does():
    text = "$$\n\\text{Softmax}(\\text{Row 3}) = $$\n```\ntensor([[0.122, 0.129, 0.127]])\n```\n"
    (block,) = read_blocks(Document.of(text))
    assert block.labels[0] == "\\text{Softmax}(\\text{Row 3}) = $$"


def test_matrices_drawn_with_bars_side_by_side_are_read_one_by_one():
    # a plain-text worksheet: X, then W_Q, W_K, W_V drawn with bars beside each other, then Q·Kᵀ;
    # X = I, so Q·Kᵀ = W_Q·W_Kᵀ = [[1, 0], [1, 1]]·[[1, 0], [1, 1]] = [[1, 0], [2, 1]]
    text = ("```\nX = | 1  0 |\n    | 0  1 |\n\n"
            "WQ = | 1  0 |      WK = | 1  1 |      WV = | 1  0 |\n"
            "     | 1  1 |           | 0  1 |           | 0  1 |\n\n"
            "Q . Transpose[K] = | 1  0 |\n                   | 2  1 |\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [(b.line, b.shape, b.labels[0]) for b in blocks] == [
        (2, (2, 2), "X ="), (5, (2, 2), "WQ ="), (5, (2, 2), "WK ="), (5, (2, 2), "WV ="),
        (8, (2, 2), "Q . Transpose[K] =")]
    assert [[e.value for e in r] for r in blocks[2].rows] == [[1, 1], [0, 1]]
    assert _statuses(text, 8) == ["exact"]
    assert _statuses(text.replace("| 2  1 |", "| 2  2 |"), 8) == ["wrong"]


def test_a_row_label_that_touches_its_bar_is_a_label_of_the_same_matrix():
    # labels padded to one width: the longest touches the bar (``bb|``); the rows are one matrix, with
    # the cells at their own offsets; a word glued to a bar in a sentence is no row
    text = ("```\n      a      bb\na  |  1.5    0.5  |\nbb| -0.5    2.0  |\n```\n")
    (b,) = read_blocks(Document.of(text))
    assert (b.line, b.shape) == (3, (2, 2))
    assert [[float(e.value) for e in r] for r in b.rows] == [[1.5, 0.5], [-0.5, 2.0]]
    assert all(text[e.pos:e.pos + len(e.text)] == e.text for r in b.rows for e in r)
    assert read_blocks(Document.of("```\nsee the bar|  1.5    0.5  |\n```\n")) == []


def test_vectors_written_as_tuples_at_the_end_of_their_line_are_read():
    # per-token tuples are rows; a tuple under a caption is one row; a shape is no vector; a call's
    # arguments (f(0.5, 0.3)) are no vector
    text = ("```\nrun    -> (1, 0)\ncasing -> (0, 1)\n\nQuery shape: (4, 2)\n\nProbabilities =\n"
            "  (0.1433, 0.2799, 0.1993)\n\nf(0.5, 0.3)\n```\n")
    got = [(b.line, b.shape) for b in read_blocks(Document.of(text))]
    assert (2, (1, 2)) in got and (3, (1, 2)) in got and (8, (1, 3)) in got
    assert all(line not in (5, 10) for line, _ in got)


def test_natural_logarithms_in_plain_maths_are_computed():
    # -ln(0.2012) = 1.60346 → 1.6035; 1.6100 is wrong (0.2012's own rounding moves it by 0.00025 at most)
    assert f"{-math.log(0.2012):.4f}" == "1.6035"
    assert _statuses("```\nLoss = -ln(0.2012) = 1.6035\n```\n", 2) in (["rounded"], ["exact"])
    assert _statuses("```\nLoss = -ln(0.2012) = 1.6100\n```\n", 2) == ["wrong"]


def test_a_division_sign_in_prose_is_part_of_the_arithmetic():
    # "3.088 ÷ 2 = 1.544": the claim is 3.088/2 (right), not "2 = 1.544"; 3.088 ÷ 2 = 1.600 is wrong
    assert _statuses("Scores:\n\nApple → I: 3.088 ÷ 2 = 1.544\n", 3) == ["exact"]
    assert _statuses("Scores:\n\nApple → I: 3.088 ÷ 2 = 1.600\n", 3) == ["wrong"]


@pytest.mark.parametrize("second", ["\\mathbf{A}_{\\text{Row 1}} \\times \\mathbf{V} =\n[2.5, 3.5]", "[2.5, 3.5]"])
def test_a_display_ending_in_equals_goes_on_in_the_next_display(second):
    # the product is written in one display and its result in the next, alone or after the same
    # left side again: [0.5, 0.5]·[[1, 2], [3, 4]] is [2, 3], so the printed [2.5, 3.5] is wrong there
    text = ("One row of the output:\n\n$$\n\\mathbf{A}_{\\text{Row 1}} \\times \\mathbf{V} =\n[0.5, 0.5] \\times\n"
            "\\begin{bmatrix}\n1 & 2 \\\\\n3 & 4\n\\end{bmatrix} =\n$$\n\n$$\n" + second + "\n$$\n")
    lines = text.split("\n")
    result = next(k for k, line in enumerate(lines, 1) if "2.5" in line)
    wrong = [c for c in check_text(text).claims if c.status == "wrong"]
    assert len(wrong) == 1 and result in (wrong[0].lines or [wrong[0].line])
    assert [e["correct"] for e in wrong[0].entries] == ["2.0", "3.0"]


def test_an_operand_restating_a_print_of_no_known_value_is_computed_as_printed():
    # V = M W with M never given: a later product on V's printed numbers is computed on them, not
    # left unverifiable for want of M's value
    mat = "\\begin{bmatrix}\n1 & 2 \\\\\n3 & 4\n\\end{bmatrix}"
    text = ("$$\nV = M W = \\begin{bmatrix}\n1 & 0 \\\\\n0 & 1\n\\end{bmatrix}\n" + mat + "\n=\n" + mat + "\n$$\n\n"
            "$$\no = [0.5, 0.5] \\times " + mat + " = [2.5, 3.5]\n$$\n")
    claims = check_text(text).claims
    wrong = [c for c in claims if c.status == "wrong"]
    assert wrong and [e["correct"] for e in wrong[0].entries] == ["2.0", "3.0"]
    # the chain itself is judged as the product of the numbers it shows
    first = text.split("\n").index("o = [0.5, 0.5] \\times \\begin{bmatrix}") + 1
    assert [c for c in wrong if c.line == first]


def _vec(row) -> str:
    return "[" + ", ".join(f"{v:.2f}" for v in row) + "]"


def test_vectors_in_table_cells_stack_whatever_the_other_cells_hold():
    """``| 1 | I | [..] | a note |``: a table whose one column holds a vector per row is one matrix,
    however wide the token cells are and whatever numbers or words the other cells hold; each row
    is named by the nearest cell to its left.  Q printed in such a table with one slip is caught
    at its row, against X·W_Q from the embeddings' table (numpy below)."""
    x = np.array([[1.0, 0.2, 0.5], [0.8, 1.0, 0.3], [0.6, 0.4, 1.0]])
    w = np.array([[0.5, 0.3], [0.2, 0.8], [0.7, 0.1]])
    q = x @ w
    printed = q.copy()
    printed[1, 1] = 1.43                                     # a slip: 0.8·0.3 + 1.0·0.8 + 0.3·0.1 = 1.07
    words = ["I", "bought", "apples"]
    text = ("Embeddings:\n\n| Position | Word | Embedding |\n|---|---|---|\n" +
            "".join(f"| {k + 1} | {t} | {_vec(r)} |\n" for k, (t, r) in enumerate(zip(words, x))) +
            "\nW_Q (query matrix):\n\n```\n" + "\n".join("  ".join(f"{v:.1f}" for v in r) for r in w) + "\n```\n\n"
            "The queries:\n\n| Word | Q Vector | Meaning |\n|---|---|---|\n" +
            "".join(f"| {t} | {_vec(r)} | \"what do I want?\" |\n" for t, r in zip(words, printed)))
    blocks = {b.line: b for b in read_blocks(Document.of(text))}
    assert blocks[5].shape == (3, 3) and blocks[5].row_labels == ("I", "bought", "apples")
    lines = text.split("\n")
    row = max(k for k, ln in enumerate(lines, 1) if ln.startswith("| bought |"))
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert [c.wrong_lines for c in wrong] == [[row]] and wrong[0].entries[0]["correct"] == f"{q[1, 1]:.2f}"


def _bm(m) -> str:
    return r"\begin{bmatrix} " + r" \\ ".join(" & ".join(f"{v:g}" for v in r) for r in m) + r" \end{bmatrix}"


def test_rows_in_a_fence_named_each_on_its_own_are_prints_of_their_own():
    """``scores = [3, 4]`` over ``P ≈ [0.237, 0.644]`` (a FlashAttention tile, P normalised over the
    whole row [1, 2, 3, 4]): two prints, not a 2×2 matrix P whose first row no softmax gives; and
    blocks of one row printed under one name whose sums add up to 1 are parts of that row."""
    p = np.exp([1, 2, 3, 4]) / np.exp([1, 2, 3, 4]).sum()
    a, b = [f"{v:.3f}" for v in p[:2]], [f"{v:.3f}" for v in p[2:]]
    text = ("Block A:\n\n```text\nscores = [1, 2]\nP ≈ [" + ", ".join(a) + "]\n```\n\n"
            "Block B:\n\n```text\nscores = [3, 4]\nP ≈ [" + ", ".join(b) + "]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [b.shape for b in blocks] == [(1, 2)] * 4
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_records_with_notes_in_brackets_and_a_named_number_are_one_vector():
    """``sat attending to "The" (pos 0): score = 0.42  (subject)`` over ``… "cat" (pos 1): score =
    0.78`` (no note), and ``sat attending to "The": 0.18  (18 percent attention)`` over ``… "cat":
    0.35  (35 percent)``: a note in brackets at the end of a record is no part of its template, and
    one number named by "=" at its end is a record's value, not an equation."""
    text = ('```\nsat attending to "The" (pos 0): score = 0.42  (subject of the sentence)\n'
            'sat attending to "cat" (pos 1): score = 0.78\nsat attending to "sat" (pos 2): score = 0.15  (itself)\n```\n\n'
            '```\nAfter softmax:\nsat attending to "The": 0.18  (18 percent attention)\n'
            'sat attending to "cat": 0.35  (35 percent)\nsat attending to "sat": 0.10  (10 percent)\n```\n')
    got = [(b.line, b.texts[0]) for b in read_blocks(Document.of(text)) if b.layout == "records"]
    assert (2, ("0.42", "0.78", "0.15")) in got and (9, ("0.18", "0.35", "0.10")) in got


def test_an_approximate_sign_before_each_entry_of_a_list_is_no_part_of_the_number():
    """``→ Softmax → probabilities: [~0.52, ~0.32, ~0.12, ~0.03, ~0.01]`` under ``Scaled logits: [2.5,
    2.0, 0.8, -0.5, -1.2]``: a list of approximate numbers, judged as the softmax of the row above
    (numpy: [0.537, 0.326, 0.098, 0.027, 0.013])."""
    z = np.array([2.5, 2.0, 0.8, -0.5, -1.2])
    p = np.exp(z) / np.exp(z).sum()
    assert [f"{v:.2f}" for v in p] == ["0.54", "0.33", "0.10", "0.03", "0.01"]
    text = "Scaled logits: [2.5, 2.0, 0.8, -0.5, -1.2]\n→ Softmax → probabilities: [{}]\n"
    blocks = read_blocks(Document.of(text.format("~0.52, ~0.32, ~0.12, ~0.03, ~0.01")))
    assert [b.texts[0] for b in blocks][1] == ("0.52", "0.32", "0.12", "0.03", "0.01")
    (c,) = [c for c in check_text(text.format("~0.52, ~0.32, ~0.12, ~0.03, ~0.01"), "t.md").claims if c.status == "wrong"]
    assert c.line == 2 and [e["correct"] for e in c.entries] == ["0.54", "0.33", "0.10"]
    assert [c.status for c in check_text(text.format("~0.54, ~0.33, ~0.10, ~0.03, ~0.01"), "t.md").claims
            if c.line == 2] == ["rounded"]


def _softmax_rows(s):
    e = np.exp(np.array(s, dtype=float))
    return e / e.sum(axis=1, keepdims=True)


def test_a_marker_after_a_table_cell_s_number_and_a_row_sum_column_are_no_part_of_the_matrix():
    """A table of scaled scores whose row maxima carry a star (``2.000 ⭐``), and a table of weights
    with a last column ``Row Sum`` (``1.000``): the stars point at numbers, the sums check rows; the
    weights are the 2×3 softmax of the scores, whose slip (numpy: 0.231 printed 0.213) is found, with
    its witness, whether the sum column is named or only adds up."""
    s = [[1.0, 2.0, 0.5], [0.3, 0.1, 1.2]]
    w = _softmax_rows(s)
    cells = [[f"{v:.3f}" for v in row] for row in w]
    assert cells[0][0] == "0.231"
    star = lambda t, row: f"{t} ⭐" if t == max(row, key=float) else t  # noqa: E731

    def article(first: str, last_header: str) -> str:
        rows = [[first] + cells[0][1:], cells[1]]
        sums = [f"{sum(float(t) for t in r):.3f}" for r in rows]
        return ("Scaled scores (row = the query; column = the key):\n\n| | a | b | c |\n|---|---|---|---|\n"
                + "".join(f"| {t} | " + " | ".join(star(f"{v:.3f}", [f"{x:.3f}" for x in r]) for v in r) + " |\n"
                          for t, r in zip("ab", s))
                + f"\nSoftmax weights (row by row):\n\n| | a | b | c | {last_header} |\n|---|---|---|---|---|\n"
                + "".join(f"| {t} | " + " | ".join(r) + f" | {m} |\n" for t, r, m in zip("ab", rows, sums)))

    for header in ("Row Sum", "check"):
        right = check_text(article("0.231", header), "t.md")
        assert not [c for c in right.claims if c.status == "wrong"]
        assert [c.status for c in right.claims if c.line == 12] == ["rounded"]
    wrong = check_text(article("0.213", "Row Sum"), "t.md")
    (c,) = [c for c in wrong.claims if c.status == "wrong"]
    assert c.line == 12 and [e["correct"] for e in c.entries] == ["0.231"]


def test_a_clause_ends_outside_brackets():
    """A caption's label is its last clause, and a semicolon inside its note in brackets ends none."""
    assert _last_clause("Raw scores (row = the query; column = the key):") == \
        "Raw scores (row = the query; column = the key):"
    assert _last_clause("First we scale. Then the raw scores; here:") == "here:"
    assert _last_clause("注意力分数（行是查询；列是键）：") == "注意力分数（行是查询；列是键）："


def _attention(q, k, v):
    q, k, v = (np.array(m, dtype=float) for m in (q, k, v))
    return _softmax_rows(q @ k.T / math.sqrt(k.shape[1])) @ v


def test_an_input_written_again_with_other_values_is_a_miscopy_when_the_prints_after_it_use_the_first():
    """Code gives q, k, v as a batch of two copies and prints the output (numpy: [[1.360, 0],
    [1.640, 0]]); the prose then writes the three matrices again, v with other values, and works the
    output out by hand with the code's v.  The v written again is the slip (witness: the code's v);
    the outputs are right.  Where the hand computation uses the new v, it is a new example: no slip."""
    q, k, v, v2 = [[0, 1, 0], [0, 0, 1]], [[1, 2, 0], [0, 1, 1]], [[1, 0], [2, 0]], [[2, 1], [0, 1]]
    tex = lambda m: r"\begin{bmatrix} " + r" \\ ".join(" & ".join(str(x) for x in r) for r in m) + r" \end{bmatrix}"  # noqa: E731
    py = lambda m: str([m, m]).replace(" ", "")  # noqa: E731
    out = lambda m: r"\begin{bmatrix} " + r" \\ ".join(" & ".join(f"{x:.4f}" for x in r)  # noqa: E731
                                                       for r in _attention(q, k, m)) + r" \end{bmatrix}"
    r1, r2 = (" ".join(f"{x:.4f}" for x in r) for r in _attention(q, k, v))
    assert r1 == "1.3595 0.0000"
    batch = f"[[[{r1}]\n  [{r2}]]\n\n [[{r1}]\n  [{r2}]]]"

    def article(used):
        return ("```python\n"
                f"q = tf.constant({py(q)}, dtype=tf.float32)\nk = tf.constant({py(k)}, dtype=tf.float32)\n"
                f"v = tf.constant({py(v)}, dtype=tf.float32)\nprint(scaled_dot_product_attention(q, k, v))\n```\n\n"
                "Output:\n\n```\ntf.Tensor(\n" + batch + ", shape=(2, 2, 2), dtype=float32)\n```\n\n"
                f"Without the batch, the three matrices are\n\n$$\nq={tex(q)}, k={tex(k)}, v={tex(v2)}\n$$\n\n"
                f"By hand, the output is\n\n$$\nz = {out(used)}\n$$\n")
    miscopy = check_text(article(v), "t.md")
    wrong = [c for c in miscopy.claims if c.status == "wrong"]
    assert [c.line for c in wrong] == [22]
    assert [e["correct"] for e in wrong[0].entries] == ["1", "0", "2", "0"]
    assert [c.status for c in miscopy.claims if c.line in (12, 15, 28)] == ["rounded"] * 3
    new_example = check_text(article(v2), "t.md")
    assert not [c for c in new_example.claims if c.status == "wrong"]
    assert [c.status for c in new_example.claims if c.line == 28] == ["rounded"]


def test_a_matrix_right_after_a_bracketed_expression_is_a_factor_with_no_label_of_its_own():
    r"""``\text{softmax}(\frac{..}{\sqrt{3}})\begin{bmatrix} 1 & 0 \\ 2 & 0 \end{bmatrix}``: the text
    before the matrix on its line is the end of the expression it multiplies, no name of it."""
    line = r"&=\text{softmax}(\frac{S}{\sqrt{3}})\begin{bmatrix} 1 & 0 \\ 2 & 0 \end{bmatrix}"
    (b,) = [b for b in read_blocks(Document.of("$$\n\\begin{aligned}\n" + line + "\n\\end{aligned}\n$$\n"))]
    assert b.texts == (("1", "0"), ("2", "0")) and not any("sqrt" in label for label in b.labels)


def test_a_step_on_a_print_whose_exact_value_nothing_determines_is_judged_on_its_digits():
    """The scaled row [1/√2, 0] printed as ``[0.707, 0]`` with no inputs, its softmax ``[0.670,
    0.330]`` (numpy), written again, then times V = [[1, 2], [3, 4]] by hand: ``[1.660, 2.660]``, which
    is the product of the printed weights, and the rounding of the end-to-end value (numpy: 1.66048,
    2.66048).  Taking 0.707 as exact, the product would be 1.6605 → 1.661: no witness of a slip."""
    w = np.exp([1 / math.sqrt(2), 0]) / np.exp([1 / math.sqrt(2), 0]).sum()
    assert [f"{x:.3f}" for x in w] == ["0.670", "0.330"]
    out = w @ np.array([[1, 2], [3, 4]])
    assert [f"{x:.3f}" for x in out] == ["1.660", "2.660"]
    text = ("The first row reads:\n$\n[0.707,\\ 0]\n$\n\nIts softmax:\n$\n[0.670,\\ 0.330]\n$\n\n"
            "The output of token 1. The first row:\n$\n[0.670,\\ 0.330]\n$\n\nTimes V:\n$$\n\\begin{bmatrix}\n"
            "1 & 2 \\\\\n3 & 4\n\\end{bmatrix}\n$$\n\nso the output is\n\n$\n[1.660,\\ 2.660]\n$\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_an_integer_among_decimals_is_no_evidence_of_the_step_that_explains_a_print():
    """``[0, 0.707]`` after ``[1, 2]``: [1, 2] / (2√2) = [0.354, 0.707] agrees with it only because
    an integer among decimals is read to ±0.5; one number is no evidence of that step."""
    from symattn.check.bind.explain import explain
    blocks = read_blocks(Document.of("v = [1, 2]\n\nthe row: [0, 0.707]\n"))
    assert [b.texts for b in blocks] == [(("1", "2"),), (("0", "0.707"),)]
    assert explain(blocks[1], blocks[:1]) is None


def test_plain_text_exponents_in_brackets_function_arguments_and_clauses_after_a_word():
    """``e^(1-5) = 0.0183`` reads the bracket as the exponent (numpy: 0.01832); in ``ŷ = σ(0.5) =
    1/(1+e^(-0.5)) = 1/1.607 = 0.622`` the bracket after σ is its argument, not a claim that 0.5
    is 0.622; ``10000^(0/512) = 10000^0 = 1 for i=0``: the chain ends at 1, i=0 is a clause of its own."""
    assert round(math.exp(-4), 4) == 0.0183 and round(1 / (1 + math.exp(-0.5)), 3) == 0.622
    assert [c.status for c in check_text("e^(1-5) = 0.0183\n", "t.md").claims] == ["rounded"]
    sigma = check_text("Then ŷ = σ(0.5) = 1/(1+e^(-0.5)) = 1/1.607 = 0.622 here.\n", "t.md").claims
    assert not [c for c in sigma if c.status == "wrong"] and [c for c in sigma if c.status == "rounded"]
    for word in ("for", "cho"):
        clause = check_text(f"(With 10000^(0/512) = 10000^0 = 1 {word} i=0)\n", "t.md").claims
        assert not [c for c in clause if c.status == "wrong"] and [c for c in clause if c.status == "exact"]


def test_the_full_stop_that_ends_a_display_is_no_part_of_its_last_side():
    r"""``z = 0.5[1,0] + 0.5[0,2] \approx[0.5,1.0].``: the sentence's full stop after the last list
    is punctuation (before, the whole display was unreadable)."""
    text = "$$\nz=\n0.5[1,0]+0.5[0,2]\n\\approx[0.5,1.0].\n$$\n"
    assert "cannot-read-token" not in {getattr(c.reason, "code", "") for c in check_text(text, "t.md").claims}
    assert [c.status for c in check_text(text.replace("[0.5,1.0]", "[0.6,1.0]"), "t.md").claims
            if c.status == "wrong"] == ["wrong"]


def test_the_softmax_of_a_vector_printed_as_a_column_is_over_its_entries():
    r"""``[0.9544, 1.4950, 1.4754] → softmax → [0.2272, 0.3902, 0.3826]`` with both vectors printed
    as columns: the softmax over the column's entries (numpy), not of each one-entry row (1.0 each)."""
    x = np.array([0.9544, 1.4950, 1.4754])
    p = np.exp(x) / np.exp(x).sum()
    col = lambda v: r"\begin{bmatrix} " + r" \\ ".join(f"{t:.4f}" for t in v) + r" \end{bmatrix}"  # noqa: E731
    text = f"$$\n{col(x)}\n\\rightarrow\n\\text{{softmax}}(x_i)\n\\rightarrow\n{col(p)}\n$$\n"
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"] and [c for c in claims if c.status == "rounded"]
    slipped = text.replace(f"{p[0]:.4f}", f"{p[0] + 0.01:.4f}")   # (then no step explains it: no verdict)
    assert not [c for c in check_text(slipped, "t.md").claims if c.status in ("exact", "rounded")]


def test_a_sequence_length_stated_after_a_mask_is_another_example_s():
    """A 3×3 causal mask under 3×3 scores, and further down ``# For seq_length=5:`` over a 5×5 mask:
    the 3×3 mask is right (before, the later statement made it a wrong shape)."""
    text = ("```python\nscores = [[0.1, 0.2, 0.3],\n          [0.2, 0.3, 0.4],\n          [0.3, 0.4, 0.5]]\n```\n\n"
            "```python\n# Causal mask:\nmask = [[1, 0, 0],\n        [1, 1, 0],\n        [1, 1, 1]]\n```\n\n"
            "```python\n# For seq_length=5:\nmask = torch.tril(torch.ones(5, 5))\n```\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    before = "For seq_length=5:\n\n" + text
    assert [c.status for c in check_text(before, "t.md").claims if c.line == 11] == ["wrong"]


def test_a_unicode_square_in_prose_arithmetic_is_a_power():
    """``FFN = 2·d·4d = 8d²`` with d = 64: both sides are 32768 (before, the ² was cut off and 8d
    was judged against 2·d·4d)."""
    text = "With d = 64:\n\n```\nrule: FFN = 2·d·4d = 8d²\n```\n"
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert [c for c in check_text(text.replace("8d²", "6d²"), "t.md").claims if c.status == "wrong"]
    # a run of superscripts is an exponent, signs too: e⁰ + e⁻² = 1.1353 (numpy: 1.135335)
    assert round(1 + math.exp(-2), 4) == 1.1353
    assert [c.status for c in check_text("```\ntile 1:  l = e⁰ + e⁻²  = 1.1353\n```\n", "t.md").claims] == ["rounded"]


def test_a_digit_group_before_a_point_decimal_is_a_list_entry():
    """``=[0,0.707,-\\infty].`` in an article written with decimal points: three entries (before, the
    reader took 0,0 for a decimal comma and .707 for a number of its own)."""
    text = "The masked row:\n\n$$\n\\frac{q_2K^\\top}{\\sqrt2}+M\n=[0,0.707,-\\infty].\n$$\n\nand 0.5 here.\n"
    (b,) = read_blocks(Document.of(text))
    assert b.texts == (("0", "0.707", "-\\infty"),)


def test_a_last_column_of_zeros_under_rows_that_sum_to_zero_is_no_sum_column():
    """``| el | -1.00 | 1.00 | 0.00 | 0.00 |``: each row's others add up to its last entry, 0, by chance
    (a synthetic article's output rows): by values alone a sum column holds sums of weights or counts,
    positive, so the table keeps its four columns."""
    rows = "".join(f"| {t} | -{x} | {x} | 0.00 | 0.00 |\n" for t, x in (("a", "1.00"), ("b", "2.36"), ("c", "1.00")))
    text = "The matrix:\n\n| | d1 | d2 | d3 | d4 |\n|---|---:|---:|---:|---:|\n" + rows
    (b,) = read_blocks(Document.of(text))
    assert b.shape == (3, 4)


def test_bold_thousands_and_remarks_in_brackets_after_terms_are_read():
    # 6 × 1024 × 1600² = 15,728,640,000 (bold); 160,822,400 + 1,966,233,600 + 1,600 = 2,127,057,600,
    # each term followed by a bracketed remark; the printed 2,127,057,700 is 100 too many
    text = ("* Value: $6 \\times 1024 \\times (1600^2) = \\textbf{15,728,640,000}$ FLOPs.\n\n"
            "* Total: $160,822,400 \\text{ (Embeds)} + 1,966,233,600 \\text{ (Blocks)} + 1,600 \\text{ (Norm)} "
            "= {total}$\n")
    assert _statuses(text.replace("{total}", "2,127,057,600"), 1) == ["exact"]
    assert _statuses(text.replace("{total}", "2,127,057,600"), 3) == ["exact"]
    wrong = [c for c in _by_line(text.replace("{total}", "2,127,057,700")).get(3, []) if c.status == "wrong"]
    assert wrong and wrong[0].entries[0]["exact"] == "2127057600"


def test_a_stated_size_that_the_matrices_shown_contradict_is_no_witness():
    # n usually names the sequence length, the rows of X (here the column [1, 0]ᵀ: 2 rows); the article
    # states n = 1 (a key's position): m − n = 4 − 1 = 3 is right as the article means it, and the
    # 2 rows of X are no witness against it
    text = ("Every token uses $x = [1, 0]^\\top$.\n\n"
            "Take the query at $m=4$ and the key at $n=1$.\n\n"
            "The distance is $m - n = 4 - 1 = 3$.\n")
    assert "wrong" not in _statuses(text, 5)


_XQK = r"""Three tokens.

$$
X =
\begin{bmatrix} x_{\text{a}} \\ x_{\text{b}} \\ x_{\text{c}} \end{bmatrix}
=
\begin{bmatrix} 0.2 & 0.1 & 0.0 & 0.0 \\ 0.8 & 0.4 & 1.0 & 0.0 \\ 0.5 & 0.3 & 0.0 & 1.0 \end{bmatrix}
$$

$$
W_Q = \begin{bmatrix} 0 & 1 \\ 0 & 1 \\ 1 & 0 \\ 0 & 0 \end{bmatrix},\quad
W_K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \\ 0 & 0 \\ 1 & 0 \end{bmatrix}
$$

$$
\begin{align*}
Q &= X W_Q = \begin{bmatrix} {q} \end{bmatrix} \\
K &= X W_K = \begin{bmatrix} 0.2 & 0.1 \\ 0.8 & 0.4 \\ 1.5 & 0.3 \end{bmatrix}
\end{align*}
$$
"""


def test_rows_named_then_given_and_an_align_inside_a_display_are_read():
    # X = [x_a; x_b; x_c] = [numbers]: the names lay the rows out, the numbers are X (4 columns).
    # X W_Q = [[0, 0.3], [1.0, 1.2], [0, 0.8]]; X W_K = [[0.2, 0.1], [0.8, 0.4], [1.5, 0.3]] (right).
    # The align* sits inside $$ (as Markdown pages write it): its rows are read one by one.
    right = _XQK.replace("{q}", r"0.0 & 0.3 \\ 1.0 & 1.2 \\ 0.0 & 0.8")
    wrong = _XQK.replace("{q}", r"0.2 & 0.3 \\ 0.8 & 1.2 \\ 0.5 & 0.8")
    row_q = right.split("\n").index(next(ln for ln in right.split("\n") if ln.startswith("Q &=")))+ 1
    assert _statuses(right, row_q) == ["exact"] and _statuses(right, row_q + 1) == ["exact"]
    assert _statuses(wrong, row_q) == ["wrong"]
    # K's numbers hold 0.2 … 0.3 in that order across its rows: no restatement of Q's wrong row 1
    assert _statuses(wrong, row_q + 1) == ["exact"]


def test_a_value_alone_on_a_continued_row_restates_the_chain_not_the_print_before_it():
    # e^{3.54} / (e^{7.09} + e^{4.96} + e^{3.54}) = 0.02503: 34/1375 = 0.0247 is a wrong fraction,
    # but the 3% on the next row is the chain's value rounded, right end to end
    text = ("$$\n\\begin{align}\nP_3 &= \\frac{e^{3.54}}{e^{7.09} + e^{4.96} + e^{3.54}} \\\\\n"
            "    &\\approx \\frac{34}{1375} \\\\\n    &\\approx \\mathbf{3\\%} \\quad \\text{(because)}\n"
            "\\end{align}\n$$\n")
    assert _statuses(text, 4) == ["wrong"]
    assert _statuses(text, 5) == ["rounded"]
    assert _statuses(text.replace("3\\%", "4\\%"), 5) == ["wrong"]


def test_a_value_alone_after_sums_of_rounded_terms_is_judged_from_the_first_arithmetic():
    # 0.87·[2.0, 1.5] + 0.10·[0.5, 0.3] + 0.03·[-0.5, 1.2] = [1.775, 1.371] → [1.78, 1.37], right;
    # the rounded terms [1.74, 1.31] + [0.05, 0.03] + [-0.01, 0.04] add up to [1.78, 1.38]
    text = ("$$\n\\begin{align}\n\\text{C} &= 0.87 \\times [2.0, 1.5] + 0.10 \\times [0.5, 0.3] + 0.03 \\times "
            "[-0.5, 1.2] \\\\\n&= [1.74, 1.31] + [0.05, 0.03] + [-0.01, 0.04] \\\\\n&\\approx [1.78, {v}]\n"
            "\\end{align}\n$$\n")
    assert _statuses(text.replace("{v}", "1.37"), 5) == ["rounded"]
    assert _statuses(text.replace("{v}", "1.47"), 5) == ["wrong"]


_NOTES = """Scaling (÷√2 ≈ 1.414):

```
score(dort, Le)   = 1/1.414 ≈ 0.707
score(dort, dort) = 2/1.414 ≈ 1.414
exp(0.707) ≈ 2.028
exp(1.414) ≈ 4.113
Sum = 2.028 + 2.028 + 4.113 = 8.169
w(dort) = 4.113/8.169 ≈ {w}
```
"""


def test_a_chain_of_rounded_scalars_down_a_fence_of_notes_is_judged_end_to_end():
    # √2 ≈ 1.414 (a leading ÷ has no left operand), 1/√2 ≈ 0.707, e^{1/√2} ≈ 2.028, e^{√2} ≈ 4.113,
    # 2e^{1/√2} + e^{√2} = 8.16947; e^{√2} / 8.16947 = 0.503490 → 0.503.  Within the rounding of
    # 4.113 and 8.169 taken alone 0.504 could pass (4.1135 / 8.1685 = 0.50358): the exact values
    # each print stands for are the witness.  score(dort, Le) with a comma is one equation.
    assert _statuses(_NOTES.format(w="0.503"), 9) == ["rounded"]
    assert _statuses(_NOTES.format(w="0.504"), 9) == ["wrong"]
    assert _statuses(_NOTES.format(w="0.503"), 1) == ["rounded"]
    assert _statuses(_NOTES.format(w="0.503"), 4) == ["rounded"]


def test_a_trigonometric_function_written_as_a_word_is_never_a_product():
    # (sin(0), cos(0)) = (0, 1) is right; read as the names sin, cos times 0 it was "wrong"
    assert "wrong" not in _statuses("```\nPosition 0 : (sin(0), cos(0)) = (0, 1)\n```\n", 2)


def test_a_unit_per_noun_after_the_last_number_names_what_it_counts():
    # 10000^(-510/512) = 10^(1/64) / 10^4 = 0.000103663 → 0.000104; "rad/token" is no factor
    assert round(10000 ** (-510 / 512), 6) == 0.000104
    text = "$$\\theta_{256} = 10000^{-\\frac{510}{512}} \\approx 10000^{-0.996} \\approx {v} \\text{ rad/token}$$\n"
    assert "wrong" not in _statuses(text.replace("{v}", "0.000104"), 1)
    assert "wrong" in _statuses(text.replace("{v}", "0.000109"), 1)


def test_a_chain_written_down_the_page_with_blank_lines_and_one_term_per_line():
    # 1.01369 / 3.06198 = 0.331055…: printed 0.3310 is wrong at 4 places (0.3311), across a blank line;
    # (0.04×0.08) + (0.12×0.04) + (0.08×0.15) + (0.12×0.06) = 0.0032 + 0.0048 + 0.0120 + 0.0072 = 0.0272,
    # one term per line: right; a slip in one term (0.0172 for 0.12×0.06) is wrong at the step that
    # prints it, not at the lines of the other terms (a difference within the rounding of the four
    # terms, 0.0073, would be no witness)
    text = ("```\n1.01369 / 3.06198\n\n= 0.3310\n```\n\n"
            "```\n= (0.04 × 0.08)\n+ (0.12 × 0.04)\n+ (0.08 × 0.15)\n+ (0.12 × 0.06)\n\n"
            "= 0.0032\n+ 0.0048\n+ 0.0120\n+ 0.0072\n\n= 0.0272\n```\n")
    assert _statuses(text, 4) == ["wrong"]
    assert _statuses(text, 13) == ["exact"] and _statuses(text, 18) == ["exact"]
    slipped = text.replace("+ 0.0072", "+ 0.0172")
    assert _statuses(slipped, 13) == ["wrong"] and 8 not in _by_line(slipped)


def test_a_column_sum_of_vectors_is_not_joined_into_a_chain():
    # "[0, 0] / + [1, 4] / + [1, 3] / ---- / = [2, 7]": a column sum the block reader checks; its
    # lines are not glued into one step (no "+" line is read as more of the line above)
    from symattn.check.plaintext import _joined_sums
    block = ["  [0.0, 0.0]", "+ [1.0, 4.0]", "+ [1.0, 3.0]", "------------", "= [2.0, 7.0]"]
    assert _joined_sums(block) == (block, frozenset())
    assert _joined_sums(["= 0.0032", "+ 0.0048", "", "= 0.008"]) == (["= 0.0032 + 0.0048", "", "", "= 0.008"],
                                                                   frozenset({1}))


def test_the_terms_of_a_written_sum_are_not_taken_for_a_miscopied_operand():
    # "= [1,1.5] + [2,0.5] = [3,2]": [2, 0.5] differs from weights [0.5, 0.5] printed above in one entry,
    # but with [1, 1.5] it adds up to the result: terms of a sum, not a copy of the weights with a slip
    # (a real article's right output was called wrong so); within the rounding of the terms (±0.05 each,
    # ±0.005 for the result) [3.04, 2.04] is their sum too, [3.2, 2.2] and [3, 9] are not
    from symattn.check.bind.explain import _terms_of
    for result, terms in (("[3,2]", True), ("[3.04,2.04]", True), ("[3.2,2.2]", False), ("[3,9]", False)):
        blocks = read_blocks(Document.of(f"$$\n[1,1.5] + [2,0.5]\n=\n{result}.\n$$\n"))
        *written, block = sorted(blocks, key=lambda b: (b.line, b.span))
        assert _terms_of(block, written) is terms, result


def test_a_verdict_right_only_from_the_numbers_beside_it_gives_way_to_the_end_to_end_one():
    # a chain's result [0.75, 1.25] that its written coefficients give (0.50·[0, 2] + 0.25·[1, 1] +
    # 0.25·[2, 0]), and that the value binder judges wrong end to end (the output row is [0.74, 1.26],
    # the coefficients are rounded weights): the end-to-end verdict stands, as drift; a verdict from a
    # named quantity is not set aside so
    from symattn.check.claims import Claim, Reason, Report
    from symattn.check.merge import merge
    doc = Document.of("$$\n0.50 \\times [0,2] + 0.25 \\times [1,1] + 0.25 \\times [2,0]\n= [0.75,\\;1.25].\n$$\n")
    own = Claim(2, "0.50 × [0,2] + …", "exact", [["0.75", "1.25"]], None,
                Reason.of("agrees-exactly", how="0.50·[0, 2] + 0.25·[1, 1] + 0.25·[2, 0]"), lines=[3])
    named = Claim(2, "O = …", "exact", [["0.75", "1.25"]], None, Reason.of("agrees-exactly", how="A·V"), lines=[3])
    end = Claim(3, "= [0.75, 1.25]", "wrong", [["0.75", "1.25"]], None, Reason.of("agrees-exactly", how="A·V"),
                lines=[3], cause="drift")
    for notation, kept in ((own, end), (named, named)):
        merged = merge(Report("t.md", [notation]), [end], [], [], doc)
        assert [c for c in merged.claims if 3 in c.lines] == [kept]


def test_a_sum_right_from_its_rounded_coefficients_is_judged_end_to_end():
    # q = [1, 1], K = [[1, 1], [1, 0], [0, 1]], d_k = 2: scores [√2, 1/√2, 1/√2], weights [0.5035, 0.2483,
    # 0.2483] (numpy), printed rounded [0.50, 0.25, 0.25]; with V = [[0, 2], [1, 1], [2, 0]] the output is
    # [0.7448, 1.2552] -> [0.74, 1.26]: "= [0.75, 1.25]" is right from the rounded coefficients as
    # written, wrong end to end (drift); "= [0.74, 1.26]" there is right
    s = np.array([2, 1, 1]) / math.sqrt(2)
    w = np.exp(s) / np.exp(s).sum()
    out = w @ np.array([[0, 2], [1, 1], [2, 0]])
    assert [f"{x:.2f}" for x in w] == ["0.50", "0.25", "0.25"] and [f"{x:.2f}" for x in out] == ["0.74", "1.26"]
    head = ("$$Q = \\begin{bmatrix} 1 & 1 \\end{bmatrix}, \\quad K = \\begin{bmatrix} 1 & 1 \\\\ 1 & 0 \\\\ 0 & 1 "
            "\\end{bmatrix}, \\quad V = \\begin{bmatrix} 0 & 2 \\\\ 1 & 1 \\\\ 2 & 0 \\end{bmatrix}, \\quad d_k = 2$$\n\n"
            "Weights: $[0.50, 0.25, 0.25]$.\n\n$$\n0.50 \\times [0,2] + 0.25 \\times [1,1] + 0.25 \\times [2,0]\n"
            "= [0,\\;1.0] + [0.25,\\;0.25] + [0.50,\\;0]\n")
    for result, status in (("= [0.75,\\;1.25].", "wrong"), ("= [0.74,\\;1.26].", "rounded")):
        claims = [c for c in check_text(head + result + "\n$$\n", "t.md").claims if 8 in (c.lines or [c.line])]
        assert claims and {c.status for c in claims} == {status}, (result, [(c.line, c.status, c.what) for c in claims])
        if status == "wrong":
            assert claims[0].cause == "drift" and [e["correct"] for e in claims[0].entries] == ["0.74", "1.26"]


def test_a_tuple_after_a_relation_is_a_vector_and_a_shape_is_not():
    # "$x=(1,\ 3,\ 2,\ 5)$" is a row of four numbers; "(shape=(3, 2))" is a shape, no block
    text = "Logits $x=(1,\\ 3,\\ 2,\\ 5)$ and values $v=(10, 20)$.\n\nK (shape=(3, 2)):\n"
    assert [b.texts for b in read_blocks(Document.of(text))] == [(("1", "3", "2", "5"),), (("10", "20"),)]


def test_a_distribution_one_entry_off_the_softmax_of_the_logits_above_is_a_slip_there():
    # softmax(1, 3, 2, 5) = [0.01522, 0.11246, 0.04137, 0.83095] (numpy): "(0.0152, 0.1124, 0.0414,
    # 0.8310)" is one entry off (0.1125); the same distribution under logits printed to 4 decimals from
    # a random draw, where the last-place difference is within their rounding, is no witness
    z = np.array([1, 3, 2, 5.0])
    p = np.exp(z) / np.exp(z).sum()
    assert [f"{x:.4f}" for x in p] == ["0.0152", "0.1125", "0.0414", "0.8310"]
    text = ("Logits $x=(1,\\ 3,\\ 2,\\ 5)$.\n\nWeights $=(0.0152, 0.1124, 0.0414, 0.8310)$, "
            "their sum is one.\n")
    (c,) = [c for c in check_text(text, "t.md").claims if c.line == 3]
    assert c.status == "wrong" and [e["correct"] for e in c.entries] == ["0.1125"]
    # logits printed to 4 decimals, one weight printed on the other side of a rounding boundary it lies
    # 0.00001 from: the logits' own rounding (±0.00005 each) moves it that far, so it is no witness
    rng = np.random.RandomState(0)
    while True:
        a = np.round(rng.uniform(0, 2, 4), 4)
        q = np.exp(a) / np.exp(a).sum()
        near = [k for k, x in enumerate(q) if abs(x * 1e4 % 1 - 0.5) < 0.1]
        if near:
            break
    k = near[0]
    shown = [f"{x:.4f}" for x in q]
    shown[k] = f"{(np.floor(q[k] * 1e4) + (0 if q[k] * 1e4 % 1 >= 0.5 else 1)) / 1e4:.4f}"   # the other side
    text = (f"Logits $z=({', '.join(f'{x:.4f}' for x in a)})$.\n\n"
            f"Weights $=({', '.join(shown)})$, their sum is one.\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_html_superscripts_sentence_ends_and_prints_that_stand_for_exact_values():
    # e^3.5 = 33.1155 -> 33.12, e^2.5 = 12.1825 -> 12.18, total 57.4804 -> 57.48 (numpy); 33.12/57.48 as
    # written is 0.57620 (0.5762), end to end e^3.5/(e^3.5 + 2e^2.5) = 0.57612 (0.5761): 0.5761 is right
    # once the prints stand for their exact values; e<sup>..</sup> is an exponent and "12.18. Total"
    # ends a sentence
    e35, e25 = math.exp(3.5), math.exp(2.5)
    assert (f"{e35:.2f}", f"{e25:.2f}", f"{e35 + 2 * e25:.2f}") == ("33.12", "12.18", "57.48")
    assert f"{e35 / (e35 + 2 * e25):.4f}" == "0.5761" and f"{33.12 / 57.48:.4f}" == "0.5762"
    text = ("- e<sup>3.5</sup> = 33.12, e<sup>2.5</sup> = 12.18, e<sup>2.5</sup> = 12.18. Total = 57.48\n"
            "- Weights = 33.12/57.48, 12.18/57.48, 12.18/57.48 = **0.5761, 0.2119, 0.2119**\n")
    claims = check_text(text, "t.md").claims
    assert {c.status for c in claims if c.line == 1} == {"rounded"} and len([c for c in claims if c.line == 1]) == 4
    assert not [c for c in claims if c.status == "wrong"], [(c.line, c.what) for c in claims if c.status == "wrong"]


def test_a_heading_does_not_name_a_list_inside_a_sentence():
    # "[9, 10, 11] ka average 10" under a heading about √d_k: the numbers are the sentence's own example
    text = ("$$Q = \\begin{bmatrix} 1 & 1 \\end{bmatrix}, \\quad K = \\begin{bmatrix} 1 & 1 \\\\ 1 & 0 \\end{bmatrix}$$\n\n"
            "## Why √d_k?\n\nSpread is the typical distance from the average. [9, 10, 11] has average 10.\n")
    (b,) = [b for b in read_blocks(Document.of(text)) if b.line == 5]
    assert not any(lb.lstrip().startswith("#") for lb in b.labels), b.labels
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_inline_math_alone_on_its_line_goes_on_from_the_line_above_and_bold_tags_are_formatting():
    # 0.5·0.4 + 0.3·0.2 = 0.20 + 0.06 = 0.26 (by hand); the second line, written as its own $…$ under the
    # first with <b> around the result, is that chain's next link: 0.27 is wrong, 0.26 right
    assert math.isclose(0.5 * 0.4 + 0.3 * 0.2, 0.26)
    text = "$s = 0.5 \\cdot 0.4 + 0.3 \\cdot 0.2$\n$= 0.20 + 0.06 = <b>{}</b>$\n"
    wrong = [c for c in check_text(text.format("0.27"), "t.md").claims if c.status == "wrong"]
    assert [c.line for c in wrong] == [2] and all(sympy_value(c.expected) == 0.26 for c in wrong), wrong
    assert _statuses(text.format("0.26"), 2) in (["exact"], ["exact", "rounded"], ["rounded"])
    # after a sentence that holds the math, the "= …" line is not joined: nothing to go on from
    prose = "The score is $s = 0.5 \\cdot 0.4 + 0.3 \\cdot 0.2$ here.\n$= 0.20 + 0.06 = <b>0.27</b>$\n"
    assert not [c for c in check_text(prose, "t.md").claims if c.status == "wrong" and c.line == 2]


def sympy_value(text):
    import sympy as sp
    return float(sp.nsimplify(sp.sympify(text, evaluate=True))) if text else None


def test_a_run_of_capitals_the_article_defines_with_an_index_is_one_name():
    from symattn.check.symbols import joined_names
    # PE_2 = (0.9, -0.4) is the name PE_2 (E_2 is written nowhere else, E is no quantity of attention),
    # so x = e + PE_2 = (1.0 + 0.9, 0.5 - 0.4) = (1.9, 0.1); P alone would be the attention weights
    assert joined_names("$PE_2 = (0.9, -0.4)$") == {"PE"}
    # X W_Q: W_Q is a well-known name; QK_1: K is one; TE_1 where E_1 is also written alone: a product
    assert joined_names("$XW_Q = 1$ $QK_1 = 2$ $AV_{2} = 3$ $TE_1 = 4$ and $E_1 = 5$") == frozenset()
    text = ("$P = \\begin{pmatrix} 0.5 & 0.5 \\end{pmatrix}$\n\n$PE_2 = (0.9,\\; -0.4)$\n\n"
            "$e_a = (1.0,\\; 0.5)$\n\n$x_a = e_a + PE_2 = (SUM)$\n")
    claims = check_text(text.replace("SUM", "1.9,\\; 0.2"), "t.md").claims
    assert [c.line for c in claims if c.status == "wrong"] == [7]
    assert not [c for c in check_text(text.replace("SUM", "1.9,\\; 0.1"), "t.md").claims if c.status == "wrong"]


def test_a_name_given_by_arithmetic_is_checked_along_its_chain():
    # u_3 = sin(1/7000) = 0.000142857 (numpy): the restated angle 0.0001428 and the result 0.0001428 cut
    # the last digit off (0.0001429 rounded), though sin(0.0001428) is 0.0001428 from its own operand
    assert f"{np.sin(1 / 7000):.7f}" == "0.0001429" and f"{np.sin(0.0001428):.7f}" == "0.0001428"
    text = "$u_{3} = \\sin\\left(\\frac{1}{7000}\\right) \\approx \\sin(0.0001428) \\approx 0.0001428$\n"
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert "0.0001428" in {c.claimed for c in wrong}, wrong
    right = text.replace("0.0001428", "0.0001429")
    # (and "≈ \\sin(0.0001429)", arithmetic on the rounded angle, is right as far as that rounding goes)
    assert not [c for c in check_text(right, "t.md").claims if c.status == "wrong"]


def test_entries_of_a_letter_the_article_counts_from_zero_are_counted_from_zero():
    # A_{00}, A_{01}, A_{10} written: A_{11} is row 2, column 2 (0.75 in the printed matrix), not row 1
    from symattn.check.symbols import zero_based
    assert zero_based("$A_{10} = 0.25$ and $O_0$") == {"a", "o"} and zero_based("$A_{12}$, $x^{0}$") == frozenset()
    text = ("$$A = \\begin{bmatrix} 0.5 & 0.5 \\\\ 0.25 & 0.75 \\end{bmatrix}$$\n\n"
            "$A_{00} = 0.5$, $A_{01} = 0.5$, $A_{10} = 0.25$, $A_{11} = VALUE$\n")
    assert not [c for c in check_text(text.replace("VALUE", "0.75"), "t.md").claims if c.status == "wrong"]
    wrong = [c for c in check_text(text.replace("VALUE", "0.5"), "t.md").claims if c.status == "wrong"]
    assert wrong and {c.line for c in wrong} == {3}


def test_an_output_line_left_to_prose_is_no_blank_for_the_line_under_it():
    # in a text fence, "O_1 = 0.2 · v_0 + …" (read as prose) stands between "= [1.0, 2.0]" and the
    # "= [..]" under it: that line continues O_1, not the array two lines up
    text = ("```text\nO_0 = 1.0 · v_0\n    = [1.000, 2.000]\n\nO_1 = 0.5 · v_0 + 0.5 · v_1\n"
            "    = [3.000, 4.000]\n```\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_a_weighted_sum_of_rounded_rows_is_judged_within_their_rounding():
    # 0.459·0.340 + 0.541·1.320 = 0.87018 as written; with each 3-decimal print moved by half a unit
    # (six rows' entries and two weights: more than six operands) the band is about ±0.0011, so 0.871
    # is no witness of a slip, while 0.880 is wrong under any rounding of the operands
    exact = 0.459 * 0.340 + 0.541 * 1.320
    band = 0.0005 * (0.340 + 1.320) + 0.0005 * (0.459 + 0.541) + 0.001 ** 2
    assert abs(0.871 - exact) < band + 0.0005 and abs(0.880 - exact) > band + 0.0005
    text = ("$$0.459 \\cdot [0.340, 0.950, 1.260, 0.650] + 0.541 \\cdot [1.320, 0.530, 0.440, 1.230] = "
            "[FIRST, 0.723, 0.816, 0.964]$$\n")
    assert not [c for c in check_text(text.replace("FIRST", "0.871"), "t.md").claims if c.status == "wrong"]
    assert [c for c in check_text(text.replace("FIRST", "0.880"), "t.md").claims if c.status == "wrong"]


def test_log_is_natural_and_e_given_a_size_is_the_articles_own():
    # L = 2 + log(1.5) = 2.405465 (natural log; log10 would give 2.176091); "e = 2" bytes per element
    assert f"{2 + math.log(1.5):.6f}" == "2.405465"
    text = "Bytes per element $e=2$ (FP16).\n\n$L = 2 + \\log(1.5) \\approx 2.405465$\n"
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"], [(c.line, c.detail) for c in claims if c.status == "wrong"]
    assert [c.status for c in claims if c.line == 3] == ["rounded"]
    # (a print of Euler's number is still a claim about it: 2.7182 cuts 2.71828 off)
    assert [c.status for c in check_text("$e = 2.7182$\n", "t.md").claims] == ["wrong"]


def test_numbers_written_as_the_arguments_of_softmax_are_its_vector():
    # softmax(8, 0, 0) = (e^8, 1, 1)/(e^8 + 2) = (0.99933, 0.00034, 0.00034) (numpy)
    p = np.exp([8.0, 0, 0]) / np.exp([8.0, 0, 0]).sum()
    assert [f"{x:.4f}" for x in p] == ["0.9993", "0.0003", "0.0003"]
    claims = check_text("$\\mathrm{softmax}(8, 0, 0) = (0.9993, 0.0003, 0.0003)$\n", "t.md").claims
    assert [c.status for c in claims] == ["rounded"]
    claims = check_text("$\\mathrm{softmax}(8, 0, 0) = (0.9993, 0.0004, 0.0003)$\n", "t.md").claims
    assert [c.status for c in claims] == ["wrong"]


def test_a_size_stated_with_several_values_is_another_setting():
    # K has 2 columns; "d_k = 4, 64, 128" in a simulation and "when d_k = 128": settings, not the example's
    text = ("$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "In a simulation with $d_k = 4$ and $d_k = 128$ the variance grows.\n\n"
            "When $d_k = 128$, $\\sqrt{128} \\approx 11.3$.\n")
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"]
    assert [c.status for c in claims if c.source.startswith("\\sqrt{128}")] == ["rounded"]


def test_a_one_letter_name_gives_way_to_values_a_step_on_the_prints_above_explains():
    # a = [1, 2, 3] is softmax's input (values no weights have, though "a" often names weights);
    # exp_a = [e, e², e³] = [2.71828183, 7.3890561, 20.08553692], y = exp_a / sum = [0.09003057,
    # 0.24472847, 0.66524096] (numpy): y is the normalised row, not the attention output "y" may name
    p = np.exp([1.0, 2.0, 3.0]) / np.exp([1.0, 2.0, 3.0]).sum()
    assert [f"{x:.8f}" for x in p] == ["0.09003057", "0.24472847", "0.66524096"]
    text = ("```python\na = np.array([1.0, 2.0, 3.0])\nexp_a = np.exp(a)\ny = exp_a / np.sum(exp_a)\n"
            "print('a =', a)\nprint('exp_a =', exp_a)\nprint('y =', y)\n```\n\n"
            "```\na = [1. 2. 3.]\nexp_a = [ 2.71828183  7.3890561  20.08553692]\n"
            "y = [0.09003057 0.24472847 0.66524096]\n```\n")
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"], [(c.line, c.detail) for c in claims if c.status == "wrong"]
    wrong = text.replace("0.24472847", "0.34472847")
    assert [c.line for c in check_text(wrong, "t.md").claims if c.status == "wrong"] == [13]


def test_arithmetic_on_a_vector_written_again_after_it_was_wrong_is_carried():
    # k = x·W_K = (1·0.2 + 2·0.1, 1·0.1 + 2·0.1) = (0.4, 0.3), printed (0.50, 0.30): a slip; s written on
    # the printed entries, 0.2·0.50 + 0.6·0.30 = 0.28, is right as arithmetic but 0.2·0.4 + 0.6·0.3 = 0.26
    # end to end: carried from the vector's line
    assert math.isclose(0.2 * 0.4 + 0.6 * 0.3, 0.26) and math.isclose(0.2 * 0.5 + 0.6 * 0.3, 0.28)
    text = ("$x = (1,\\; 2)$\n\n$W_K = \\begin{pmatrix} 0.2 & 0.1 \\\\ 0.1 & 0.1 \\end{pmatrix}$\n\n"
            "$k = x \\cdot W_K = (0.50,\\; 0.30)$\n\n$s = 0.2 \\cdot 0.50 + 0.6 \\cdot 0.30 = 0.28$\n")
    (c,) = [c for c in check_text(text, "t.md").claims if c.line == 7 and c.status == "wrong"]
    assert c.cause == "carried" and c.root == 5 and sympy_value(c.expected) == 0.26
    # written with entries of its own (not all of the vector's), it is data, judged as written
    other = text.replace("0.2 \\cdot 0.50 + 0.6 \\cdot 0.30 = 0.28", "0.2 \\cdot 0.50 + 0.6 \\cdot 0.70 = 0.52")
    assert not [c for c in check_text(other, "t.md").claims if c.line == 7 and c.status == "wrong"]


def test_a_lone_sum_adds_up_the_inline_equations_above_it():
    # e^0.7 + e^0.4 + e^1.1 = 2.01375 + 1.49182 + 3.00417 = 6.50974 (numpy): "Sum = 6.510" is right and
    # "Sum = 7.510" is not, on its own line under the inline equations
    total = float(np.exp([0.7, 0.4, 1.1]).sum())
    assert f"{total:.3f}" == "6.510"
    text = "Row 3: $(0.7, 0.4, 1.1)$\n$e^{0.7} = 2.014$, $e^{0.4} = 1.492$, $e^{1.1} = 3.004$\nSum = TOTAL\n"
    assert [c.status for c in check_text(text.replace("TOTAL", "6.510"), "t.md").claims if c.line == 3] == ["rounded"]
    assert [c.status for c in check_text(text.replace("TOTAL", "7.510"), "t.md").claims if c.line == 3] == ["wrong"]


def test_cells_written_as_arithmetic_on_a_rounded_operand_are_judged_within_its_rounding():
    # 0.9/√3 = 0.519615 and 0.6/√3 = 0.346410 (numpy); written 0.9/1.732 (= 0.519630) with √3 rounded
    # to 1.732, each cell is right as far as that rounding goes; 0.9/1.723 is not (0.522345)
    assert abs(0.9 / 1.7325 - 0.9 / np.sqrt(3)) < abs(0.9 / 1.7315 - 0.9 / 1.7325)
    text = ("$S = \\begin{pmatrix} 0.9 & 0.6 \\end{pmatrix}$\n\n"
            "$\\tilde{S} = S/\\sqrt{3} = \\begin{pmatrix} 0.9/DIV & 0.6/1.732 \\end{pmatrix} = "
            "\\begin{pmatrix} 0.520 & 0.346 \\end{pmatrix}$\n")
    assert not [c for c in check_text(text.replace("DIV", "1.732"), "t.md").claims if c.status == "wrong"]
    assert [c.line for c in check_text(text.replace("DIV", "1.723"), "t.md").claims if c.status == "wrong"] == [3]


def _tuple_table(bank_score: str) -> str:
    """Q, K and V per token as tuples in the cells of a Markdown table, then the raw scores."""
    return "\n".join([
        "| token | $\\mathbf{q}$ | $\\mathbf{k}$ | $\\mathbf{v}$ |",
        "|-------|------|------|------|",
        "| river | (1, 0) | (1, 0) | (1, 1) |",
        "| bank  | (1, 1) | (0, 1) | (2, 0) |",
        "| loan  | (0, 1) | (1, 1) | (0, 2) |",
        "",
        "Raw scores $QK^T$:",
        "",
        f"$$\\begin{{bmatrix}} 1 & 0 & 1 \\\\ 1 & 1 & {bank_score} \\\\ 0 & 1 & 1 \\end{{bmatrix}}$$",
        "",
    ])


def test_tuples_in_table_cells_are_the_columns_vectors():
    """Each column of tuples is a matrix named by its header, its rows named by the first cell: bank's
    query (1, 1) against the keys gives [1, 1, 2], so 3 in its last place is wrong."""
    blocks = read_blocks(Document.of(_tuple_table("2")))
    assert [(b.line, b.shape, b.texts, b.row_labels) for b in blocks[:3]] == [
        (3, (3, 2), (("1", "0"), ("1", "1"), ("0", "1")), ("river", "bank", "loan")),
        (3, (3, 2), (("1", "0"), ("0", "1"), ("1", "1")), ("river", "bank", "loan")),
        (3, (3, 2), (("1", "1"), ("2", "0"), ("0", "2")), ("river", "bank", "loan"))]
    assert _statuses(_tuple_table("2"), 9) == ["exact"]
    assert _statuses(_tuple_table("3"), 9) == ["wrong"]


def test_tuples_in_rows_named_by_phrases_are_no_matrix():
    """A row per method ("| zeroed after | (0.5, 0.5) |") is not a row per token: no matrix."""
    text = "| method | weights |\n|---|---|\n| plain softmax here | (0.5, 0.5) |\n| zeroed after it | (1, 0) |\n"
    assert [b.shape for b in read_blocks(Document.of(text))] == [(1, 2), (1, 2)]


def test_a_negated_compound_names_nothing():
    """"the context-free v" is no context vector (the output): the word is negated."""
    from symattn.check.bind.lexicon import named
    from symattn.check.names import hint
    assert hint(["context vector:"]) == "output" and hint(["the context-free vector:"]) is None
    assert named(("Against the context-free $\\mathbf{v}_{\\text{bank}} =",)) is None


def test_a_full_stop_after_inline_code_ends_its_equation():
    """`... = 1.203`. **Identical.**: the result is 1.203; the words after the span are prose."""
    for tail in (". **Identical.** More.", ". Identical.", ", fine."):
        claims = check_text(f"Then `0.018 + 0.135 + 0.050 + 1 = 1.203`{tail}\n", "t.md").claims
        assert [(c.status, c.claimed) for c in claims] == [("exact", "1.203")], tail


def test_rows_that_each_restate_one_name_are_examples_not_a_matrix():
    """"Q = [1, 0, 1]   K = [0, 1, 0]" on two lines is two examples (each row names Q and K again),
    not a 2×3 Q and a 2×3 K."""
    text = ("```\n  Q = [1, 0, 1]     K = [1, 0, 1]     Q · K = 1×1 + 0×0 + 1×1 = 2\n"
            "  Q = [1, 0, 1]     K = [0, 1, 0]     Q · K = 1×0 + 0×1 + 1×0 = 0\n```\n")
    assert sorted(b.shape for b in read_blocks(Document.of(text))) == [(1, 3)] * 4
    assert "wrong" not in {c.status for c in check_text(text, "t.md").claims}
    # a token at the start of each line makes them the rows of a matrix again, one per name
    tokens = ('```\n  "a" → Q=[1,0,0]  K=[0,1,0]\n  "b" → Q=[0,1,1]  K=[1,1,0]\n'
              '  "c" → Q=[0,0,1]  K=[0,0,1]\n```\n')
    assert sorted(b.shape for b in read_blocks(Document.of(tokens))) == [(3, 3)] * 2


def _pairs(raw: str) -> str:
    """Scores written as words with their numbers on one line, a softmax of them under it; then, in
    another section, raw scores and their softmax under them."""
    return "\n".join([
        "```", "With scaling:", "  Pizza: 5.0    Salad: 2.0    Pasta: 3.0", "  → softmax: [0.84, 0.04, 0.11]", "```",
        "", "## Softmax", "", "```", f"Raw scores:  [{raw}]", "                ↓ softmax", "Weights:     [0.63, 0.23, 0.14]",
        "```", ""])


def test_a_line_of_named_entries_is_a_vector_and_a_softmax_under_it_is_of_it():
    """softmax(5, 2, 3) = (0.8438, 0.0420, 0.1142): written 0.84, 0.04, 0.11 it is right, and with
    0.65 first it is wrong; the weights in the next section are the softmax of the raw scores right
    above them, softmax(2, 1, 0.5) = (0.6285, 0.2312, 0.1402), not of the pizza scores further up."""
    s = np.array([5.0, 2.0, 3.0])
    w = np.exp(s) / np.exp(s).sum()
    assert [f"{x:.2f}" for x in w] == ["0.84", "0.04", "0.11"]
    text = _pairs("2.0, 1.0, 0.5")
    assert [(b.line, b.texts) for b in read_blocks(Document.of(text))][:1] == [(3, (("5.0", "2.0", "3.0"),))]
    assert "wrong" not in _statuses(text, 4) and "wrong" not in _statuses(text, 12)
    assert _statuses(text.replace("[0.84,", "[0.65,"), 4) == ["wrong"]
    assert _statuses(_pairs("2.0, 1.0, 0.8"), 12) == ["wrong"]


# --------------------------------------------------------------------------- one example a line, side by side

def _logit_lines(first: str) -> str:
    """Two lines, each a vector of logits and, beside it after an arrow, its softmax: ``first`` is the
    printed softmax of the first line; the second line's is right."""
    return ("```\n"
            f"logits = [2.0, 1.0, 0.5]     → softmax ≈ [{first}]  ← usual\n"
            "logits = [4.0, 2.0, 1.0]     → softmax ≈ [0.84, 0.11, 0.04]  ← sharper\n"
            "```\n")


def test_what_stands_beside_one_example_a_line_is_that_lines_own():
    """Each line restates ``logits = [..]``, so the lines are examples, one a line; the softmax
    printed beside each is that line's, not a row of a 2 × 3 block.  softmax(2, 1, 0.5) is [0.63,
    0.23, 0.14]: printed [0.59, 0.22, 0.13] it is wrong, and the second line, right, stays right."""
    def softmax(z):
        e = np.exp(np.array(z) - max(z))
        return e / e.sum()
    assert [f"{v:.2f}" for v in softmax([4.0, 2.0, 1.0])] == ["0.84", "0.11", "0.04"]
    right = ", ".join(f"{v:.2f}" for v in softmax([2.0, 1.0, 0.5]))
    report = check_text(_logit_lines("0.59, 0.22, 0.13"), "l.md")
    assert {c.line for c in report.claims if c.status == "wrong"} == {2}
    third = [c.status for c in report.claims if c.line == 3]
    assert third and set(third) <= {"exact", "rounded"}
    assert not [c for c in check_text(_logit_lines(right), "l.md").claims if c.status == "wrong"]


# --------------------------------------------------------------------------- code-style indexing

@pytest.mark.parametrize("printed, status", [("0.3679", "rounded"), ("0.3689", "wrong")])
def test_an_index_after_a_name_is_an_entry_counted_from_zero(printed, status):
    """``x[1]`` after ``x = [6, 7, 8, 3]`` is 7 (code counts from 0), not x times a list of one number:
    exp(x[1] - 8) = e^-1 = 0.36788 is judged, right or wrong."""
    x = [6, 7, 8, 3]
    assert f"{math.exp(x[1] - 8):.4f}" == "0.3679"
    text = f"```python\nx = [6, 7, 8, 3]\ne_1 = exp(x[1] - 8) = {printed}\n```\n"
    got = [c.status for c in check_text(text, "i.md").claims if c.line == 3 and c.status != "unverifiable"]
    assert got and set(got) == {status}


@pytest.mark.parametrize("line, status", [
    ("m_2 = max(6, 7) = 7", "exact"), ("m_2 = max(6, 7) = 6", "wrong"),
    ("m = max(x) = 8", "exact"), ("m = min(x) = 6", "wrong"),
])
def test_the_largest_of_numbers_or_of_a_vectors_entries(line, status):
    """max and min of numbers, or of one vector's entries (x = [6, 7, 8, 3]: max 8, min 3), as the
    running maximum of an online softmax writes them; max of one number names nothing."""
    x = [6, 7, 8, 3]
    assert (max(x), min(x), max(6, 7)) == (8, 3, 7)
    text = f"```python\nx = [6, 7, 8, 3]\n{line}\n```\n"
    got = {c.status for c in check_text(text, "m.md").claims if c.line == 3 and c.status != "unverifiable"}
    assert got == {status}
    one = check_text("```python\nS = 2.5\nm = max(S) = 4\n```\n", "m.md")
    assert not [c for c in one.claims if c.line == 3 and c.status == "wrong"]


# --------------------------------------------------------------------------- vectors printed one per token

_X2 = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
_WQ2 = np.array([[0.5, 0.1], [0.2, 0.4], [0.3, 0.6]])
_WK2 = np.array([[0.4, 0.2], [0.1, 0.5], [0.6, 0.3]])


def _per_token(k_sat=None) -> str:
    """x, q and k printed as one vector per token (``k_{\\text{sat}} = x_{\\text{sat}} W_K = (..)``),
    k of "sat" printed ``k_sat`` if given, then S computed by the author from the q and k printed."""
    q, k = _X2 @ _WQ2, _X2 @ _WK2
    if k_sat is not None:
        k[1] = k_sat
    s = q @ k.T

    def f(v):
        return ", ".join(f"{x:.2f}" for x in v)
    toks = ["cat", "sat"]
    return "\n".join([
        "# Two tokens by hand", "",
        *[rf"$x_{{\text{{{t}}}}} = ({f(_X2[i])})$" for i, t in enumerate(toks)], "",
        r"$W_Q = \begin{pmatrix} 0.5 & 0.1 \\ 0.2 & 0.4 \\ 0.3 & 0.6 \end{pmatrix}$, "
        r"$W_K = \begin{pmatrix} 0.4 & 0.2 \\ 0.1 & 0.5 \\ 0.6 & 0.3 \end{pmatrix}$", "",
        *[rf"$q_{{\text{{{t}}}}} = x_{{\text{{{t}}}}} W_Q = ({f(q[i])})$" for i, t in enumerate(toks)], "",
        *[rf"$k_{{\text{{{t}}}}} = x_{{\text{{{t}}}}} W_K = ({f(k[i])})$" for i, t in enumerate(toks)], "",
        "Scores, one query a row:", "",
        r"$$S = \begin{pmatrix} " + r" \\ ".join(" & ".join(f"{x:.4f}" for x in r) for r in s) + r" \end{pmatrix}$$",
        ""])


def test_vectors_printed_one_per_token_are_the_rows_of_their_matrix():
    """x_cat, x_sat (and q, k) printed apart are X's (Q's, K's) rows: with X and the projections the
    example is known, so S, computed by the author from a k with a slip (k_sat printed (0.7, 0.9) for
    x_sat W_K = (0.7, 0.8)), is wrong end to end, carried from k_sat's line; printed right, S is right."""
    assert np.allclose((_X2 @ _WK2)[1], [0.7, 0.8])
    right = check_text(_per_token(), "t.md")
    assert not [c for c in right.claims if c.status == "wrong"]
    assert [c.status for c in right.claims if c.line == 16] == ["exact"]
    slip = check_text(_per_token((0.7, 0.9)), "t.md")
    wrong = {c.line: c for c in slip.claims if c.status == "wrong"}
    assert set(wrong) == {12, 16} and wrong[16].cause == "carried" and wrong[16].root == 12
    exact = (_X2 @ _WQ2) @ (_X2 @ _WK2).T
    assert [e["correct"] for e in wrong[16].entries] == [f"{exact[0, 1]:.4f}", f"{exact[1, 1]:.4f}"]


def test_only_rows_named_apart_for_each_token_make_a_matrix():
    """The reader's token rows: one letter, a subscript each, as wide as each other, in the order
    printed; a name printed twice is an example restated, a slice (A_{1,:}) or numbered rows with a
    gap (q_1, q_3) are no matrix."""
    from symattn.check.read import token_rows

    def rows(text):
        return [(b.labels[0], b.shape, b.row_labels) for b in token_rows(read_blocks(Document.of(text)))]
    assert rows("$k_{b} = (1, 2)$\n\n$k_{a} = (3, 4)$\n") == [("k =", (2, 2), ("b", "a"))]
    assert rows("$k_{a} = (1, 2)$\n\n$k_{a} = (3, 4)$\n") == []
    assert rows("$q_1 = (1, 2)$\n\n$q_3 = (3, 4)$\n") == []
    assert rows("$q_1 = (1, 2)$\n\n$q_2 = (3, 4)$\n") == [("q =", (2, 2), ("1", "2"))]
    assert rows("$k_{a} = (1, 2)$\n\n$k_{b} = (3, 4, 5)$\n") == []


def test_a_row_printed_for_one_token_that_nothing_else_binds_is_a_row_of_its_matrix():
    """The weights printed one row per token, ``A_{\\text{sat}} ≈ [..]``, with no formula on the line:
    with the rows of the other token they make the weights, and the row of "sat" printed with a slip
    is wrong against its row of softmax(S / √2); printed right, both rows are right."""
    s = (_X2 @ _WQ2) @ (_X2 @ _WK2).T / np.sqrt(2)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)

    def text(row2):
        rows = [", ".join(f"{x:.2f}" for x in w[0]), row2]
        return _per_token() + "\nWeights, one query a row:\n\n" + "\n\n".join(
            rf"$A_{{\text{{{t}}}}} \approx [{r}]$" for t, r in zip(["cat", "sat"], rows)) + "\n"
    right = check_text(text(", ".join(f"{x:.2f}" for x in w[1])), "t.md")
    assert not [c for c in right.claims if c.status == "wrong"]
    assert {c.status for c in right.claims if c.line == 22} <= {"exact", "rounded"} and \
        [c for c in right.claims if c.line == 22 and c.status != "unverifiable"]
    slip = check_text(text(f"{w[1, 0] + 0.05:.2f}, {w[1, 1] - 0.05:.2f}"), "t.md")
    (c,) = [c for c in slip.claims if c.status == "wrong"]
    assert c.line == 22 and [e["correct"] for e in c.entries] == [f"{x:.2f}" for x in w[1]]


@pytest.mark.parametrize("caption, named", [
    ("Rows are queries, columns are keys:", None),
    ("Строки = query (кто смотрит), столбцы = key (на кого смотрят):", None),
    ("行是 query，列是 key：", None),
    ("Complete raw attention scores (row = the query's word, column = the key's word):", "scores"),
    ("Q (rows = tokens, columns = features) =", "Q"),
    ("query row 2:", "Q"),
])
def test_a_caption_that_says_what_rows_and_columns_are_names_the_axes_not_the_quantity(caption, named):
    """"rows = query, columns = key" tells how to read a matrix: neither Q nor K is printed; what else
    the caption says (raw attention scores, Q) still names the block."""
    from symattn.check.names import hint
    assert hint([caption]) == named


def _wrong_lines(text):
    return sorted({ln for c in check_text(text, "t.md").claims if c.status == "wrong"
                   for ln in (c.wrong_lines or c.lines or [c.line])})


def test_braced_parts_and_a_dot_of_column_vectors_over_several_lines():
    # h · e with h = (1.5, -0.2, 0.1, 0) and e = (0.593, 1.747, 1.747, 0.256): 0.8895 - 0.3494 + 0.1747
    # = 0.7148; written under \underbrace captions, the result on the display's last line: "≈ 0.666"
    # is wrong at that line, "≈ 0.715" right; \boxed{} frames a value
    h, e = np.array([1.5, -0.2, 0.1, 0.0]), np.array([0.593, 1.747, 1.747, 0.256])
    assert abs(h @ e - 0.7148) < 1e-9
    col = lambda v: "\\begin{pmatrix} " + " \\\\ ".join(str(x) for x in v) + " \\end{pmatrix}"   # noqa: E731
    text = ("Setup.\n\n$$\nL = \\underbrace{" + col([1.5, -0.2, 0.1, 0.0]) + "}_{h}\n\\cdot\n\\underbrace{"
            + col([0.593, 1.747, 1.747, 0.256]) + "}_{\\text{wise}}\n= 1.5 \\cdot 0.593 + (-0.2) \\cdot 1.747 + "
            "0.1 \\cdot 1.747 + 0 \\cdot 0.256 \\approx RESULT\n$$\n\nAnd $s = \\boxed{2 + 3} = BOXED$.\n")
    assert _wrong_lines(text.replace("RESULT", "0.666").replace("BOXED", "5")) == [7]
    assert _wrong_lines(text.replace("RESULT", "0.715").replace("BOXED", "6")) == [10]


def test_prose_before_a_display_that_says_about_makes_its_result_approximate():
    # 28672 · 2 / 2200 = 26.07: "= 26" is an integer claimed exactly unless the sentence says the
    # result is approximate ("roughly", "대략"), then it is 26.07 rounded
    assert abs(28672 * 2 / 2200 - 26.065) < 1e-3
    assert _statuses("The cap is roughly $$Y = 28672 \\cdot 2 / 2200 = 26$$ here.\n", 1) == ["rounded"]
    assert _statuses("상한은 대략 $$Y = 28672 \\cdot 2 / 2200 = 26$$까지다.\n", 1) == ["rounded"]
    assert _statuses("The cap is $$Y = 28672 \\cdot 2 / 2200 = 26$$ here.\n", 1) == ["wrong"]


def test_a_stray_closing_bracket_and_words_in_brackets_after_a_number():
    # "≈ 1.414]" (a bracket nothing opened) is √2 rounded; "d_k = 4 (dimension)" states d_k = 4, so
    # √d_k = 2 is right even where a later section speaks of d_k = 64; "(MB)" stays a unit
    assert _statuses("With $d_k = 2$: $\\sqrt{d_k}=\\sqrt{2}\\approx 1.414]$\n", 1) == ["exact", "rounded"]
    text = "```\nd_k = 4 (dimension)\n```\n\nThen $\\sqrt{d_k} = 2$.\n\nLater, with $d_k=64$, it differs.\n"
    assert _statuses(text, 5) == ["exact"]


def test_a_numbered_w_is_a_layer_weight_not_the_attention_weights():
    # W_1 of a feed-forward layer holds rows that are no distributions: no verdict as softmax weights
    x = "Q = [[1, 0], [0, 1]]\n\nK = [[1, 0], [0, 1]]\n\n"
    text = x + "$$\nW_1 = \\begin{bmatrix} 0.1 & 0.2 \\\\ 0.3 & 0.1 \\end{bmatrix}\n$$\n"
    assert "wrong" not in _statuses(text, 6)
    assert "wrong" in _statuses(text.replace("W_1", "W"), 6)   # (a bare W is the weights: softmax(I/√2) rows)


def test_a_title_that_names_multi_head_attention_splits_no_heads():
    # Q = [[1, 0], [0, 1]], K = [[1, 1], [0, 1]]: QKᵀ = [[1, 0], [1, 1]]; printed [[1, 1], [1, 1]] is wrong
    # in an article whose title names multi-head attention; once it states two heads of width 1, a
    # whole-width QKᵀ is no witness for one head's
    q, k = np.array([[1, 0], [0, 1]]), np.array([[1, 1], [0, 1]])
    assert (q @ k.T).tolist() == [[1, 0], [1, 1]]
    body = "Q = [[1, 0], [0, 1]]\n\nK = [[1, 1], [0, 1]]\n\nQK^T = [[1, 1], [1, 1]]\n"
    assert "wrong" in _statuses("# Self-attention and multi-head attention\n\n" + body, 7)
    assert "wrong" not in _statuses("# Multi-head attention\n\nWe use num_heads = 2 heads of width 1.\n\n" + body, 9)


def test_code_output_after_a_caption_in_any_words_pairs_by_its_labels():
    # the prose line between the cell and its output ("全部结果", all results) is no "Output:" caption,
    # but the output holds the cell's print labels: softmax([1, 0]) = [0.7311, 0.2689] is right, and a
    # printed 0.7000 is wrong
    cell = ("```python\nimport numpy as np\ns = np.array([1.0, 0.0])\nw = np.exp(s) / np.exp(s).sum()\n"
            "print(f\"weights: {w}\")\n```\n\n全部结果\n\n```text\nweights: [OUT]\n```\n")
    assert abs(math.exp(1) / (math.exp(1) + 1) - 0.7311) < 1e-4
    assert _statuses(cell.replace("OUT", "0.7311 0.2689"), 11) == ["rounded"]
    assert _statuses(cell.replace("OUT", "0.7000 0.3000"), 11) == ["wrong"]


def test_code_output_after_a_sentence_is_not_paired_by_labels():
    # a sentence between the cell and the block ("Below are the outputs of both functions on two
    # inputs") says the block may come from other runs: its labels alone pair nothing
    cell = ("```python\nimport numpy as np\ns = np.array([1.0, 0.0])\nw = np.exp(s) / np.exp(s).sum()\n"
            "print(f\"weights: {w}\")\n```\n\nBelow are the outputs of both functions on two inputs.\n\n"
            "```text\nweights: [0.7000 0.3000]\n```\n")
    assert "wrong" not in _statuses(cell, 11)


def test_a_percent_sign_inside_plain_arithmetic_goes_on_to_the_result():
    # 2,099,200 / 3,152,384 = 0.665909: "× 100% = 66.60%" is wrong (66.59%), "= 66.59%" right; a
    # percentage followed by a bracket of prose ends the equation there (512/32768 = 1.6%)
    assert abs(2099200 / 3152384 - 0.665909) < 1e-6 and abs(512 / 32768 - 0.015625) < 1e-12
    line = "Growth = (2,099,200 / 3,152,384) × 100% = {p}%\n"
    assert _statuses(line.format(p="66.60"), 1) == ["wrong"]
    assert _statuses(line.format(p="66.59"), 1) == ["rounded"]
    assert _statuses("Saving: 512/32768 = 1.6% (98.4% reduction)\n", 1) == ["rounded"]


def test_a_run_of_decimals_quoting_a_print_above_with_two_digits_swapped():
    # the prose quotes three entries of the printed vector; 1.4574 is 1.4754 with two digits swapped:
    # wrong, with the printed entry as its witness; quoted right, or quoting short data, no claim
    block = "```text\ntensor([0.9544, 1.4950, 1.4754, 0.8434])\n```\n\n"
    claims = check_text(block + "Values above 1, such as 1.4950, 1.4574, 0.9544, get normalised.\n", "t.md").claims
    wrong = [c for c in claims if c.line == 5 and c.status == "wrong"]
    assert wrong and wrong[0].entries[0]["correct"] == "1.4754"
    assert "wrong" not in _statuses(block + "Values such as 1.4950, 1.4754, 0.9544 get normalised.\n", 5)
    short = "```text\n[0.9, 0.4, 0.6]\n```\n\nSuch as 0.9, 0.6, 0.5 here.\n"
    assert "wrong" not in _statuses(short, 5)


def test_the_x_of_a_formula_is_the_one_unnamed_matrix_of_its_width_before_it():
    # a table of token rows under headers that name nothing, then "Q = X M1, K = X M2": X is that
    # table (4 columns, as M1 has 4 rows); QKᵀ = [[2, 2, 2], [2, 2, 2], [2, 2, 2]] makes the printed
    # identity-like block wrong, and the right one right
    x = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
    m1, m2 = np.array([[1, 0], [0, 1], [1, 0], [0, 1]]), np.array([[1, 0], [0, 1], [0, 1], [1, 0]])
    s = (x @ m1) @ (x @ m2).T
    assert s.tolist() == [[2, 2, 2], [2, 2, 2], [2, 2, 2]]
    text = ("$$\nM1 = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, \\quad\n"
            "M2 = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 0 & 1 \\\\ 1 & 0 \\end{bmatrix}\n$$\n\n"
            "c0 | c1 |\n---|---|\nt1 | \\([1, 0, 1, 0]\\) |\nt2 | \\([0, 1, 0, 1]\\) |\nt3 | \\([1, 1, 0, 0]\\) |\n\n"
            "$$\nQ = XM1,\\quad K = XM2\n$$\n\n$$\nM4 = QK^T = \\begin{bmatrix} ROWS \\end{bmatrix}\n$$\n")
    assert "wrong" in _statuses(text.replace("ROWS", "1 & 0 & 1 \\\\ 0 & 1 & 0 \\\\ 1 & 0 & 1"), 17)
    assert _statuses(text.replace("ROWS", "2 & 2 & 2 \\\\ 2 & 2 & 2 \\\\ 2 & 2 & 2"), 17) == ["exact"]


def test_a_formula_makes_a_matrix_of_its_own_name_a_projection_weight():
    # "Q = XM1, K = XM2" under M1, M2 printed by names no lexicon knows: M1 is W_Q and M2 is W_K, not
    # the article's first matrix taken for X; QKᵀ from the token table X is all 2s, so a printed M1·M1ᵀ
    # (what taking M1 for X with Q = K = X would give) is wrong
    x = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]])
    m1, m2 = np.array([[1, 0], [0, 1], [1, 0], [0, 1]]), np.array([[1, 0], [0, 1], [0, 1], [1, 0]])
    assert ((x @ m1) @ (x @ m2).T == 2).all()
    printed = m1 @ m1.T
    rows = " \\\\ ".join(" & ".join(str(v) for v in r) for r in printed)
    text = ("$$\nM1 = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, \\quad\n"
            "M2 = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 0 & 1 \\\\ 1 & 0 \\end{bmatrix}\n$$\n\n"
            "c0 | c1 |\n---|---|\nt1 | \\([1, 0, 1, 0]\\) |\nt2 | \\([0, 1, 0, 1]\\) |\nt3 | \\([1, 1, 0, 0]\\) |\n"
            "t4 | \\([0, 0, 1, 1]\\) |\n\n$$\nQ = XM1,\\quad K = XM2\n$$\n\n$$\nM4 = QK^T = \\begin{bmatrix} "
            + rows + " \\end{bmatrix}\n$$\n")
    assert "wrong" in _statuses(text, 18)


def test_the_columns_of_a_table_over_several_sizes_are_no_quantity_of_the_example():
    """A table with one row per d_k (``| d_k | Unscaled Var | Scaled Var | sqrt(d_k) |``) was read
    column by column, and a column headed "Scaled Var" was judged as the example's scaled scores:
    five wrong entries.  Beside a column of three or more sizes, each row is another setting."""
    from symattn.check import check_text
    text = ("# Variance\n\n$$Q = \\begin{bmatrix} 1 & 0 \\end{bmatrix}, K = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 "
            "\\\\ 1 & 0 \\\\ 2 & 0 \\\\ 0 & 2 \\end{bmatrix}$$\n\n"
            "```\n   d_k | Unscaled Var |   Scaled Var |   sqrt(d_k)\n"
            "    16 |        16.05 |       1.0032 |       4.00\n"
            "    64 |        63.81 |       0.9970 |       8.00\n"
            "   256 |       257.42 |       1.0055 |      16.00\n"
            "   512 |       513.68 |       1.0034 |      22.63\n"
            "  1024 |      1026.39 |       1.0024 |      32.00\n```\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


def test_a_value_given_only_in_a_supposition_is_not_in_force_after_it():
    """Three bullets "If head_size = 16 / 64 / 512, the variance is …" left head_size = 512 in force,
    and ``1/sqrt(head_size) = 1/sqrt(16) = 0.2500`` below was wrong (0.0442).  A value after "if"
    (wenn, si, 如果, 만약 …) is a supposition: the line after it that states head_size = 16 decides."""
    from symattn.check import check_text
    text = ("# Scaling\n\n- If head_size = 16, the variance is about 16\n- If head_size = 512, the variance "
            "is about 512\n\nWe take head_size = 16 here.\n\nscale = 1 / sqrt(head_size) = 1 / sqrt(16) = 0.2500\n")
    assert not [c for c in check_text(text, "s.md").claims if c.status == "wrong"]


def test_an_entry_in_bold_inside_a_printed_list_is_the_entry():
    """``[0.1, 0.2, **1.5**, 0.1, 0.0]``: an entry emphasised in Markdown kept the whole list unread."""
    from symattn.check import check_text
    text = "# t\n\n```\nInput scores: [2.0, **1.0**, 0.1]\nSoftmax → [0.71, **0.26**, 0.03]\n```\n"
    assert [c.status for c in check_text(text, "b.md").claims if c.line == 5] == ["wrong"]


@pytest.mark.parametrize("a, b", [(0.083995, 0.375975), (0.25, 0.5), (1.2, 0.7)])
def test_square_brackets_that_group_a_sum_are_brackets_not_a_matrix(a, b):
    # ½[a² + b²] = ½[a²' + b²'] with the squares rounded to 6 places: equal within that rounding,
    # whatever the bracket's shape is written as; a sum's bracket holds no list
    sa, sb = round(a * a, 6), round(b * b, 6)
    half = 0.5 * (a * a + b * b)
    text = (f"$\\frac{{1}}{{2}} [({a})^2 + ({b})^2] = \\frac{{1}}{{2}} [{sa:.6f} + {sb:.6f}] "
            f"= {half:.6f}$\n")
    statuses = {c.status for c in _by_line(text).get(1, [])}
    assert statuses and statuses <= {"exact", "rounded"}, statuses
    wrong = text.replace(f"= {half:.6f}$", f"= {half + 0.01:.6f}$")
    assert "wrong" in {c.status for c in _by_line(wrong).get(1, [])}


def test_a_row_with_a_minus_between_its_numbers_stays_a_row():
    # [0.5 -0.3 0.2] is a numpy row of three entries, not 0.5 − 0.3 0.2
    statuses = {c.status for c in _by_line("$[0.5 -0.3 0.2] = [0.5, -0.3, 0.2]$\n").get(1, [])}
    assert statuses == {"exact"}


def test_a_name_that_means_something_else_leaves_its_arithmetic_claimed():
    # X has 3 rows, so L = 3 would be the sequence length; here L is a loss, and what the line
    # claims is −[ln 0.7 + 2 ln 0.4] ≈ 2.19 (0.357 + 1.833), printed 0.36: wrong
    text = ("$X = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}$\n\n"
            "$L = -[\\log(0.7) + \\log(1 - 0.6) + \\log(1 - 0.6)] \\approx 0.36$\n")
    wrong = [c for c in _by_line(text).get(3, []) if c.status == "wrong"]
    assert wrong and wrong[0].entries[0]["correct"] == f"{-(math.log(0.7) + 2 * math.log(0.4)):.2f}"


def test_a_print_right_only_within_its_rounded_operands_is_itself_when_written_again():
    # 0.026550 + 0.023804 = 0.050354 from the printed operands; 0.050355 is right within their
    # rounding (they stand for 0.0265504 and 0.0238044, say).  Written again as an operand, it is that
    # print: 2 × 0.050355 = 0.100710 is right, whatever the rounded operands above gave
    text = ("The gradient, to six places:\n\n"
            "$$dK = \\begin{bmatrix} 0.026550 & 0.023804 \\\\ 0.010000 & 0.020000 \\end{bmatrix} "
            "\\begin{bmatrix} 1.0 & 0.0 \\\\ 1.0 & 1.0 \\end{bmatrix} = "
            "\\begin{bmatrix} 0.050355 & 0.023804 \\\\ 0.030000 & 0.020000 \\end{bmatrix}$$\n\n"
            "The next step uses it again:\n\n"
            "$$\\begin{bmatrix} 0.050355 & 0.023804 \\\\ 0.030000 & 0.020000 \\end{bmatrix} "
            "\\begin{bmatrix} 2.0 & 0.0 \\\\ 0.0 & 1.0 \\end{bmatrix} = "
            "\\begin{bmatrix} 0.100710 & 0.023804 \\\\ 0.060000 & 0.020000 \\end{bmatrix}$$\n")
    assert _statuses(text, 3) == ["rounded"] and _statuses(text, 7) == ["exact"]
    slip = text.replace("0.100710", "0.100810")
    assert "wrong" in _statuses(slip, 7)


def test_a_sum_written_down_the_page_is_judged_whole_not_by_its_first_term():
    # 23·[2,0] + 170·[0,2] = [46, 0] + [0, 340] = [46, 340]: "= [46, 0]" opens the sum on the lines
    # below it (each next line starts with +); it is the first term, not the whole
    text = ("```\nO = 23·[2, 0] + 170·[0, 2]\n  = [46,   0]\n  + [ 0, 340]\n  = [46, 340]\n```\n")
    assert "wrong" not in {c.status for c in check_text(text, "t.md").claims}
    assert _statuses(text, 5) == ["exact"]
    assert "wrong" in _statuses(text.replace("[46, 340]", "[46, 345]"), 5)


@pytest.mark.parametrize("printed, status", [("3073", "exact"), ("3074", "wrong")])
def test_a_condition_after_a_result_is_a_statement_of_its_own(printed, status):
    # "= 3073 entries at N = 3": the result is 3·1024 + 1 = 3073; "N = 3" is the condition
    text = f"With $N = 3$ tokens the table needs $N \\cdot 1024 + 1$ rows.\n\n- size = 3 · 1024 + 1 = {printed} entries at N = 3\n"
    judged = {c.status for c in _by_line(text).get(3, []) if c.status != "unverifiable"}
    assert status in judged and ("wrong" not in judged or status == "wrong")


def test_a_chain_down_the_page_hangs_from_the_line_right_above_it_only():
    # the second chain's head (Score["a", "b"] = …) is not read; its "= …" line must not hang from
    # the first chain's last value (≈ -0.017) two lines higher
    text = ('```\nScore["a", "a"] = (0.2×0.1 + (-0.1)×0.2 + 0.3×(-0.1)) / √3\n'
            '                = -0.03 / 1.732\n                ≈ -0.017\n\n'
            'Score["a", "b"] = (0.2×0.12 + (-0.1)×0.19 + 0.3×(-0.08)) / √3\n'
            '                = (0.024 - 0.019 - 0.024) / 1.732\n                = -0.019 / 1.732\n'
            '                ≈ -0.011\n```\n')
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("written, status", [
    ("We get ln 6 = 1.792 here.", "rounded"), ("Uniform guessing: `ln 6 = 1.792`.", "rounded"),
    ("We get log 4 = 1.386 here.", "rounded"), ("We get ln 6 = 1.6 here.", "wrong"),
])
def test_a_function_word_before_its_number_is_the_function_not_prose(written, status):
    # ln 6 = 1.7918, log 4 (natural, as ML writes it) = 1.3863: the word is the function, never a
    # prose word to drop (which left "6 = 1.792", a false alarm)
    assert math.isclose(math.log(6), 1.7918, abs_tol=5e-5) and math.isclose(math.log(4), 1.3863, abs_tol=5e-5)
    assert _statuses(written + "\n", 1) == [status]


@pytest.mark.parametrize("printed, status", [("0.50", "exact"), ("0.55", "wrong")])
def test_an_entry_named_by_its_tokens_labels_the_arithmetic_after_it(printed, status):
    # Attention["Hello", "World"] = 0.7 / 1.4 ≈ 0.50: the quoted tokens index the entry; the
    # arithmetic after the name is the claim (0.7 / 1.4 = 0.5)
    text = f'```\nAttention["Hello", "World"] = 0.7 / 1.4 ≈ {printed}\nScore["a", "b"] = (0.2×0.1 + 0.3×0.2) / 2\n```\n'
    assert _statuses(text, 2) == [status]
    assert _statuses(text, 3) == []     # a first expression alone claims nothing


# ---------------------------------------------------------------- rows named by their tokens

def _softmax(x):
    e = np.exp(np.asarray(x, dtype=float) - np.max(x))
    return e / e.sum()


_TOKEN_ROWS = {
    "quoted captions": 'Query for "sun": `[2, 3]`\nKey for "sun": `[1, 0]`\nKey for "rain": `[0, 1]`\n',
    "indexed names": 'Q["sun"] = [2, 3]\n\nK["sun"] = [1, 0]\nK["rain"] = [0, 1]\n',
    "text subscripts": "- $q_{\\text{sun}} = [2, 3]$\n- $k_{\\text{sun}} = [1, 0]$\n- $k_{\\text{rain}} = [0, 1]$\n",
    "capitalised subscripts": "- q_Sun = [2, 3]\n- k_Sun = [1, 0]\n- k_Rain = [0, 1]\n",
}


@pytest.mark.parametrize("layout", sorted(_TOKEN_ROWS))
@pytest.mark.parametrize("weights, status", [("0.33, 0.67", "rounded"), ("0.30, 0.70", "wrong")])
def test_rows_named_by_their_tokens_make_the_inputs(layout, weights, status):
    # q for "sun" = [2, 3], keys of "sun" and "rain" = [1, 0] and [0, 1]: scores [2, 3]/√2 =
    # [1.41, 2.12], weights softmax = [0.3302, 0.6698]; the rows of each name (not one 3×2 matrix
    # of all three lines) are the query and the keys, so the weights are judged end to end
    scores = np.array([2.0, 3.0]) @ np.array([[1.0, 0.0], [0.0, 1.0]]).T / math.sqrt(2)
    assert np.allclose(np.round(scores, 2), [1.41, 2.12])
    assert np.allclose(np.round(_softmax(scores), 2), [0.33, 0.67])
    text = (_TOKEN_ROWS[layout] + "\nScores divided by √2: [1.41, 2.12].\n\nWeights after softmax: "
            f"[{weights}].\n")
    lines = text.splitlines()
    at = next(n for n, t in enumerate(lines, 1) if t.startswith("Weights"))
    claims = _by_line(text)
    assert _statuses(text, at) == [status]
    # both steps are the catalogue's, from the query and keys (not explained from the print above)
    assert [getattr(c.what, "code", "") for c in claims[at - 2]] == ["q-scaled"]
    assert [getattr(c.what, "code", "") for c in claims[at]] == ["q-weights"]
    # the given rows carry no verdict of their own (no "nothing to compare it with" on an input)
    assert not any(c.status == "wrong" for n in range(1, at - 3) for c in claims.get(n, []))


def test_a_query_given_after_steps_computed_from_the_last_one_starts_a_new_example():
    # a decoder's queries one word at a time against the same keys (Q_我 = [1, 0], its weights, then
    # Q_吃 = [0, 1]): the second query is not row 2 of a matrix built from both, and its weights are
    # judged as the weights of its own row
    text = ("$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}$$\n\n"
            "$$Q_{\\text{我}} = [1, 0]$$\n\n$$S_{\\text{我}} = [0.71, 0, 0.71]$$\n\n"
            "$$A_{\\text{我}} \\approx [0.40, 0.20, 0.40]$$\n\n"
            "$$Q_{\\text{吃}} = [0, 1]$$\n\n$$S_{\\text{吃}} = [0, 0.71, 0.71]$$\n\n"
            "$$A_{\\text{吃}} \\approx [0.20, 0.40, 0.40]$$\n")
    w = _softmax(np.array([0.0, 1.0, 1.0]) / math.sqrt(2))
    assert np.allclose(np.round(w, 2), [0.20, 0.40, 0.40])
    assert "wrong" not in {c.status for c in check_text(text, "t.md").claims}
    bad = text.replace("[0.20, 0.40, 0.40]", "[0.16, 0.42, 0.42]")
    assert "wrong" in _statuses(bad, 13)


@pytest.mark.parametrize("label", ["q_rot", "k_cache", "x_pe", "K[0]", "q_i"])
def test_a_lower_case_or_index_suffix_is_no_token(label):
    # a variant's name in code (q_rot, k_cache, x_pe) or an index is not a token's row
    from symattn.check.names import token_named
    assert token_named(f"{label} =") is None


# ---------------------------------------------------------------- written formulas and precision

def test_truncation_never_reaches_the_next_unit():
    # 0.3 cut to one decimal is 0.3: a print 0.2 cannot be it, though 0.3 - 0.2 < 0.1 in binary floats
    from symattn.check.judge import screen_mask
    rows = read_blocks(Document.of("[0.1, 0.2]\n"))[0].rows
    assert list(screen_mask(rows, np.array([[0.1, 0.3]]), cut=True)[0]) == [True, False]
    assert list(screen_mask(rows, np.array([[0.1, 0.29]]), cut=True)[0]) == [True, True]


@pytest.mark.parametrize("sum_text, status", [("1,387,386", "rounded"), ("1,387,286", "wrong")])
def test_a_lone_sum_adds_the_equations_right_above_it_not_a_caption_before_them(sum_text, status):
    # e^14 + e^10 + e^12 = 1202604.28 + 22026.47 + 162754.79 = 1387385.54 -> 1,387,386 as an integer;
    # "d_k = 64" in the line before the words "Without scaling:" is no term of the sum
    total = math.exp(14) + math.exp(10) + math.exp(12)
    assert round(total) == 1387386
    text = ("Example 2: a large dimension (d_k = 64)\nThree words score [14, 10, 12].\nWithout scaling:\n"
            f"e^14 = 1,202,604\ne^10 = 22,026\ne^12 = 162,755\nSum = {sum_text}\n")
    assert _statuses(text, 7) == [status]


@pytest.mark.parametrize("written, status", [("e^14 + e^10 = 1224631", "rounded"), ("e^14 + e^10 = 1234631", "wrong"),
                                             ("2.5 + 0.4 = 3", "wrong")])
def test_an_integer_for_a_sum_of_exponentials_is_its_rounding(written, status):
    # e^14 + e^10 = 1224630.75: irrational, so an integer printed for it is its rounding (1224631);
    # 2.5 + 0.4 = 2.9 is a decimal an integer after "=" claims exactly
    assert round(math.exp(14) + math.exp(10)) == 1224631
    assert _statuses(f"We get ${written}$.\n", 1) == [status]


@pytest.mark.parametrize("value, status", [("0.707", "rounded"), ("0.5", "wrong")])
def test_q_transpose_k_of_two_list_vectors_is_their_dot_product(value, status):
    # q = [1, 1]/√2 and k = [1, 0] written as lists: qᵀk is the dot product 1/√2 = 0.7071, not the
    # 2×2 outer product of a list read as a row
    assert math.isclose(float(np.dot(np.array([1, 1]) / math.sqrt(2), [1, 0])), 0.70711, abs_tol=1e-5)
    text = f"Take $q=\\frac{{1}}{{\\sqrt2}}[1,1]$ and $k_1=[1,0]$.\n\n$$q^\\top k_1 \\approx {value}$$\n"
    assert status in _statuses(text, 3)
    assert "wrong" not in _statuses(text.replace(f"\\approx {value}", "= \\tfrac{1}{\\sqrt2}"), 3)


@pytest.mark.parametrize("printed, status", [("0.31, 0.33, 0.36", "rounded"), ("0.30, 0.33, 0.37", "wrong")])
def test_softmax_written_of_a_literal_is_judged_as_written_not_by_a_quantity_it_matches(printed, status):
    # softmax([0.122, 0.19, 0.26]) = [0.3107, 0.3326, 0.3567]; the article's X (and its variants)
    # might give [0.30, 0.33, 0.37] by chance, but the formula on the line says what the print is
    assert np.allclose(np.round(_softmax([0.122, 0.19, 0.26]), 2), [0.31, 0.33, 0.36])
    text = ("X = [[0.15, 0.35], [0.45, 0.55], [0.95, 0.75]]\n\n```\nScores = [0.122, 0.19, 0.26]\n\n"
            f"Softmax([0.122, 0.19, 0.26]) ≈ [{printed}]\n```\n")
    assert status in _statuses(text, 6) and ("wrong" not in _statuses(text, 6) or status == "wrong")


@pytest.mark.parametrize("q22, status", [("0.57", "exact"), ("0.62", "wrong")])
def test_a_latex_matrix_labelled_as_a_table_is_read_without_its_words(q22, status):
    # X with a header row of features and a word before each row, W_Q an array with a rule under its
    # header: the numbers are the matrix, the words its labels.  Q = X W_Q: [2,2] = 0.1·0.1 + 0.8·0.3
    # + 0.4·0.8 = 0.57, computed below with numpy.
    x = np.array([[0.9, 0.2, 0.5], [0.1, 0.8, 0.4]])
    wq = np.array([[0.6, 0.1], [0.2, 0.3], [0.4, 0.8]])
    q = x @ wq
    assert np.allclose(q, [[0.78, 0.55], [0.38, 0.57]])
    text = ("$$X = \\begin{bmatrix}\n & \\text{sweet} & \\text{sour} & \\text{salty} \\\\\n"
            "\\text{Ana} & 0.9 & 0.2 & 0.5 \\\\\n\\text{Ben} & 0.1 & 0.8 & 0.4\n\\end{bmatrix}$$\n\n"
            "$$W_Q = \\left[\\begin{array}{c:c|c}\n & \\text{a} & \\text{b} \\\\ \\hline\n"
            "\\text{sweet} & 0.6 & 0.1 \\\\\n\\text{sour} & 0.2 & 0.3 \\\\\n\\text{salty} & 0.4 & 0.8\n"
            "\\end{array}\\right]$$\n\n"
            "$$Q = XW_Q = \\begin{bmatrix}\n & \\text{a} & \\text{b} \\\\\n"
            f"\\text{{Ana}} & 0.78 & 0.55 \\\\\n\\text{{Ben}} & 0.38 & {q22}\n\\end{{bmatrix}}$$\n")
    blocks = read_blocks(Document.of(text))
    assert [b.shape for b in blocks][:2] == [(2, 3), (3, 2)]
    assert blocks[0].row_labels == ("Ana", "Ben")
    statuses = {c.status for c in check_text(text, "t.md").claims if c.line >= 14} - {"unverifiable"}
    assert status in statuses and ("wrong" not in statuses or status == "wrong")


def test_a_symbol_before_each_row_is_no_label_of_a_table():
    # "x_1 & 2": a symbol in a matrix, not a row's word; the matrix is not read as numbers
    assert not read_blocks(Document.of("$$\\begin{bmatrix} x_1 & 2 \\\\ x_2 & 3 \\end{bmatrix}$$\n"))


@pytest.mark.parametrize("total, status", [("3.263", "rounded"), ("3.258", "wrong")])
def test_whole_line_comments_in_code_are_prose_and_rounded_operands_stand_for_their_values(total, status):
    # a testbench's trace in // comments: e^-1 = 0.36788 -> 0.368, e^-2 = 0.13534 -> 0.135; the sum
    # 1 + e^-1 + 14 e^-2 = 3.26257 -> 3.263, while 1 + 0.368 + 14 × 0.135 = 3.258 is right only from
    # the rounded operands (drift): judged end to end, as the verdict policy asks
    exact = 1 + math.exp(-1) + 14 * math.exp(-2)
    assert round(exact, 3) == 3.263 and round(1 + 0.368 + 14 * 0.135, 3) == 3.258
    text = ("```systemverilog\n// Tile 1: scores {2, 1, 0, ...}\n"
            "//   P[1] = exp(1-2) = exp(-1) ≈ 0.368\n//   P[2:15] = exp(0-2) = exp(-2) ≈ 0.135\n"
            f"//   ell ≈ 1.0 + 0.368 + 14×0.135 ≈ {total}\nlogic [15:0] x = 16'sh0200;\n```\n")
    assert "rounded" in _statuses(text, 3) and "rounded" in _statuses(text, 4)
    assert status in _statuses(text, 5) and ("wrong" not in _statuses(text, 5) or status == "wrong")
    if status == "wrong":
        (c,) = [c for c in _by_line(text)[5] if c.status == "wrong"]
        assert c.cause == "drift"


@pytest.mark.parametrize("heading, caption, rows, status", [
    ("Softmax", "Attention weights:", ("0.67 0.33", "0.20 0.80"), "wrong"),        # 2/3, 1/3; 1/5, 4/5: row sums
    ("Normalise", "Attention weights:", ("0.67 0.33", "0.20 0.80"), "rounded"),    # a tutorial's first step
    ("Softmax", "Attention weights:", ("0.60 0.40", "0.35 0.65"), "rounded"),      # the softmax of each row
    ("Softmax", "Weights = scores / scores.sum(axis=1):", ("0.67 0.33", "0.20 0.80"), "rounded"),   # as written
])
def test_weights_that_divide_the_scores_by_their_row_sums_are_no_softmax(heading, caption, rows, status):
    # scores [[0.8, 0.4], [0.2, 0.8]] (a caption names them): their softmax is [[0.60, 0.40], [0.35, 0.65]],
    # their row sums make [[0.67, 0.33], [0.20, 0.80]]: in a section headed "Softmax", a slip (unless the
    # caption writes that division)
    s = np.array([[0.8, 0.4], [0.2, 0.8]])
    assert np.allclose(np.round(s / s.sum(axis=1, keepdims=True), 2), [[0.67, 0.33], [0.20, 0.80]])
    assert np.allclose(np.round(np.exp(s) / np.exp(s).sum(axis=1, keepdims=True), 2), [[0.60, 0.40], [0.35, 0.65]])
    text = (f"#### Step 3: Scores\n\nScore matrix:\n\n```\n        cat   sat\ncat     0.8   0.4\nsat     0.2   0.8\n```\n\n"
            f"#### Step 4: {heading}\n\n{caption}\n\n"
            f"```\n        cat   sat\ncat     {rows[0].split()[0]}  {rows[0].split()[1]}\nsat     {rows[1].split()[0]}  "
            f"{rows[1].split()[1]}\n```\n")
    claims = [c for c in check_text(text, "t.md").claims if c.line >= 16 and c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {status}
    if status == "wrong":
        assert any(m.code == "normalised-without-exp" for c in claims for m in c.mistakes)


def test_a_decimal_comma_after_latex_thin_space_is_a_decimal():
    # "[0,309;\,0,381;\,0,310]" in an article of decimal commas: three decimals, the "\," before the
    # second and third is LaTeX's spacing after the semicolon, no comma of the list
    text = "Los pesos son 0,506 y 0,307, y la suma 0,813.\n\n$$w = [0,309;\\,0,381;\\,0,310]$$\n"
    assert [b.texts for b in read_blocks(Document.of(text))][-1] == (("0.309", "0.381", "0.310"),)


def _softmax_text(values) -> list[str]:
    e = np.exp(np.array(values, dtype=float))
    return [f"{x:.2f}" for x in e / e.sum()]


@pytest.mark.parametrize("before, after", [
    ("Before softmax:", "After softmax:"), ("Pre-softmax scores:", "Probabilities:"),
    ("softmax 之前：", "softmax 之后："), ("Antes del softmax:", "Después del softmax:")])
@pytest.mark.parametrize("slip", [False, True])
def test_what_a_caption_places_before_softmax_is_its_operand(before, after, slip):
    # "Before softmax: [..]" names the softmax's input (the scores), not its result; the print under
    # "After softmax" is judged as the softmax of it, with the right value as the witness
    scores = [1.5, 0.5, -0.4]
    right = _softmax_text(scores)          # ['0.67', '0.25', '0.10']
    printed = ["0.60", "0.30", "0.10"] if slip else right
    text = (f"An example of the function alone.\n\n```\n{before} [{', '.join(map(str, scores))}]\n"
            f"{after}  [{', '.join(printed)}]\n```\n")
    claims = [c for c in _by_line(text).get(5, []) if c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {"wrong" if slip else "rounded"}
    if slip:
        (c,) = claims
        assert [e["correct"] for e in c.entries] == right[:2] and "exp" in str(c.expected)   # exact, not floats


@pytest.mark.parametrize("slip", [False, True])
def test_a_numbered_step_under_a_caption_no_lexicon_knows_is_the_operand_of_the_next(slip):
    # "2. Rescale: [..]" then "3. Softmax: [..]": two prints (not the rows of one matrix), the second
    # the softmax of the first
    scaled = [0.2, 0.45, 0.15]
    right = _softmax_text(scaled)          # ['0.31', '0.40', '0.29']
    printed = ["0.31", "0.49", "0.20"] if slip else right
    text = ("```\n1. Dot products with every word: [0.8, 1.8, 0.6]\n"
            f"2. Rescale: [{', '.join(map(str, scaled))}]\n3. Softmax: [{', '.join(printed)}]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [b.line for b in blocks][-2:] == [3, 4]
    claims = [c for c in _by_line(text).get(4, []) if c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {"wrong" if slip else "rounded"}


@pytest.mark.parametrize("printed, status", [("[[0, 0], [3, 0]]", "exact"), ("[[0, 0], [3, 4]]", "wrong")])
def test_a_notebook_cell_its_sentence_and_its_output(printed, status):
    # torch.tril(x, diagonal=-1) shown as a notebook shows its last expression, a sentence, then the
    # output: the output is that expression's where its values bind it (three of four agree in both)
    rows = printed[1:-1].replace("], [", "]\n    [")
    text = ("```python\nimport torch\nx = torch.tensor([[1, 2], [3, 4]])\n```\n\nThen:\n\n"
            "```python\ntorch.tril(x, diagonal=-1)\n```\n\nOnly the entries below the diagonal are kept.\n\n"
            f"```\ntensor([\n    {rows}\n])\n```\n")
    claims = [c for c in check_text(text, "t.md").claims if c.line >= 14 and c.status != "unverifiable"]
    assert [c.status for c in claims] == [status]
    assert "torch.tril" in claims[0].label


@pytest.mark.parametrize("heading", ["Online softmax, block by block", "FlashAttention's running sums"])
def test_an_output_named_in_a_blockwise_section_is_a_running_accumulator(heading):
    # o after the first block of keys is exp(0-1)·10 + exp(0)·20 = 23.68, no output of attention over
    # all keys (30.86); the final o / l is that output
    o1 = math.exp(-1) * 10 + 20
    l1 = math.exp(-1) + 1
    o2 = math.exp(-2) * o1 + 30 + math.exp(-1) * 40
    l2 = math.exp(-2) * l1 + 1 + math.exp(-1)
    text = (f"Q = [[1]], K = [[0], [1], [3], [2]], V = [[10], [20], [30], [40]], d_k = 1.\n\n## {heading}\n\n"
            f"```text\nblock 1: m = 1\n  o = [{o1:.4f}]\nblock 2: m = 3\n  o = [{o2:.4f}]\n"
            f"output = o / l = [{o2 / l2:.4f}]\n```\n")
    claims = check_text(text, "t.md").claims
    assert not [c for c in claims if c.status == "wrong"]
    assert any(c.status in ("exact", "rounded") and c.line == 10 for c in claims)


def test_an_interval_is_no_decimal_comma():
    # "(0,1]" and "[0,1)" are intervals: an article that writes them and decimal points elsewhere in
    # code writes points; 32{,}768 is then a thousands group
    text = ("Every shifted exponential lies in $(0,1]$ and every weight in $[0,1)$.\n\n"
            "$32\\cdot 2\\cdot 32{,}768 = 2^{21}$ bytes.\n")
    from symattn.check.numerals import COMMA
    assert Document.of(text).locale is not COMMA
    assert {c.status for c in check_text(text, "t.md").claims if c.line == 3} == {"exact"}


def test_a_product_written_with_x_and_an_unknown_is_no_claim_on_its_first_factor():
    # "2.4e+10 = 2 x 2 x B x 500": an equation to solve for B, not "2.4e+10 = 2"
    text = "The KV cache of the GPU: `2.4e+10 = 2 x 2 x B x 500 x 32 x 32 x 128`, so B is about 91.\n"
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("divisions, status", [(3, "exact"), (4, "wrong")])
def test_a_size_converted_by_1024s_and_written_with_a_bare_g(divisions, status):
    # 2·32·4096·2048·32·4 bytes = 2^36: three divisions by 1024 give 64 (GiB), four give 0.0625
    assert 2 * 32 * 4096 * 2048 * 32 * 4 == 2 ** 36
    text = ("KV cache 显存：2 * 32 * 4096 * 2048 * 32 * 4 " + "/1024" * divisions + " = 64G。\n")
    claims = [c for c in check_text(text, "t.md").claims if c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {status}
    if status == "wrong":
        assert claims[0].entries[0]["exact"] in ("0.0625", "1/16")


@pytest.mark.parametrize("sizes, status", [
    ("29.5812 GiB or 29.5812 GB", "wrong"),     # 29.5812 · 2^30 / 10^9 = 31.7626
    ("0.5 GiB or 0.54 GB", "rounded"),          # 0.536870912
    ("2 GB (2048 MB)", "exact"),                # a kilo of 1024 between two decimal names
    ("4096 tokens × 0.5MB = 2GB", None),        # a factor of a product, no size written again
])
def test_a_size_written_again_in_another_unit(sizes, status):
    assert round(29.5812 * 2 ** 30 / 1e9, 4) == 31.7626
    text = f"The KV cache of the model needs {sizes} in all.\n"
    claims = [c for c in check_text(text, "t.md").claims if "in GB" in str(c.label) or "in MB" in str(c.label)]
    assert [c.status for c in claims] == ([status] if status else [])


def test_a_formula_in_a_code_span_ends_where_the_span_closes():
    # "`R/W = (L-1)/2` meaning we read `(L-1)/2` times more data": the sentence after the span (its
    # own spans blanked) is no factor of the formula; the claim holds the article's words only as written
    text = "The read-write ratio is `R/W = (L-1)/2` meaning we read `(L-1)/2` times more data than we write.\n"
    (c,) = [c for c in check_text(text, "t.md").claims if c.line == 1]
    assert "meaning" not in str(c.label) and c.status == "unverifiable"
