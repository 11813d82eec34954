"""Printed arrays of more than two dimensions (numpy and torch prints of a batch, of heads), read
slice by slice and bound by the slice's place.  Every expected verdict is worked out by hand in
the comment beside it; none is read from symattn.
"""

from symattn.check import check_text
from symattn.check.document import Document
from symattn.check.read import read_blocks


def _by_line(text):
    out = {}
    for c in check_text(text, "t.md").claims:
        for ln in c.lines or [c.line]:
            out.setdefault(ln, []).append(c)
    return out


def _statuses(text, line):
    return sorted({c.status for c in _by_line(text).get(line, [])})


def test_a_4d_print_with_wrapped_rows_and_e_notation_is_one_block_per_slice():
    # shape (2, 2, 1, 3): numpy wraps each row of 3 over two lines
    text = ("```text\nScores:\n"
            "[[[[ 1.0e+00 -2.5e-01\n     3.0e+00]]\n\n  [[ 4.0e+00  5.0e+00\n     6.0e+00]]]\n\n\n"
            " [[[ 7.0e+00  8.0e+00\n     9.0e+00]]\n\n  [[ 1.0e+01  1.1e+01\n     1.2e+01]]]]\n```\n")
    blocks = read_blocks(Document.of(text))
    assert [b.index for b in blocks] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert {b.stack for b in blocks} == {(2, 2, 1, 3)}
    assert [b.texts[0] for b in blocks][1] == ("4.0e+00", "5.0e+00", "6.0e+00")
    assert [e.line for e in blocks[0].rows[0]] == [3, 3, 4]      # the wrapped entry keeps its own line
    assert blocks[0].rows[0][1].value * 4 == -1                  # -2.5e-01 read exactly
    assert all(b.labels[0] == "Scores:" for b in blocks)


def test_a_ragged_list_is_no_array():
    # the first matrix has a short row: no slice of it is read as part of a (2, 2, 2) array
    assert all(not b.stack for b in read_blocks(Document.of("[[[1, 2], [3]], [[4, 5], [6, 7]]]\n")))


# Two heads of size 1, a batch of 2, W's the identity, so Q = K = V = X[b] and head h is column h:
#   X[0] = [[1, 2], [3, 4]]  ->  head 0: [1, 3]ᵀ[1, 3] = [[1, 3], [3, 9]];  head 1: [[4, 8], [8, 16]]
#   X[1] = [[2, 1], [0, 3]]  ->  head 0: [[4, 0], [0, 0]];                  head 1: [[1, 3], [3, 9]]
_MHA = ("We use 2 heads.\n\n```text\nInput X:\n[[[1. 2.]\n  [3. 4.]]\n\n [[2. 1.]\n  [0. 3.]]]\n"
        "W_q:\n[[1. 0.]\n [0. 1.]]\nW_k:\n[[1. 0.]\n [0. 1.]]\nW_v:\n[[1. 0.]\n [0. 1.]]\n```\n\n"
        "```text\nScores:\n[[[[ 1.  3.]\n   [ 3.  9.]]\n\n  [[ 4.  8.]\n   [ 8. 16.]]]\n\n\n"
        " [[[ 4.  0.]\n   [ 0.  0.]]\n\n  [[ 1.  3.]\n   [ 3.  9.]]]]\n```\n")


def _line_of(text, needle, after=0):
    lines = text.split("\n")
    return next(i + 1 for i, ln in enumerate(lines) if i + 1 > after and needle in ln)


def test_each_slice_of_a_4d_print_of_scores_is_checked_against_its_own_batch_and_head():
    by = _by_line(_MHA)
    first = _line_of(_MHA, "[[[[ 1.  3.]")
    for ln in range(first, first + 13):
        if any(ch.isdigit() for ch in _MHA.split("\n")[ln - 1]):
            assert {c.status for c in by.get(ln, [])} & {"exact", "rounded"}, ln
            assert "wrong" not in {c.status for c in by.get(ln, [])}


def test_a_slip_in_one_slice_is_wrong_with_the_value_of_its_own_place():
    # slice [1, 1] printed 8 where X[1]'s head 1 gives 3·3 = 9; three of its four entries agree, and
    # slice [0, 0] has the same values, so no other quantity fits better
    bad = _MHA.replace(" [[ 1.  3.]\n   [ 3.  9.]]]]", " [[ 1.  3.]\n   [ 3.  8.]]]]")
    ln = _line_of(bad, "[ 3.  8.]]]]")
    (wrong,) = [c for c in _by_line(bad).get(ln, []) if c.status == "wrong"]
    assert wrong.entries[0]["claimed"] == "8." and wrong.entries[0]["correct"] in ("9", "9.")
    assert "[1, 1]" in wrong.detail


def test_a_slice_is_wrong_only_when_no_other_place_fits_it_as_well():
    # slice [1, 0] printed [[4, 0], [0, 1]]: its own place [[4, 0], [0, 0]] agrees on 3 of 4 and no
    # other quantity on as many, so the 1 is wrong (it should be 0)
    bad = _MHA.replace(" [[[ 4.  0.]\n   [ 0.  0.]]", " [[[ 4.  0.]\n   [ 0.  1.]]")
    ln = _line_of(bad, "[ 0.  1.]]", after=_line_of(bad, "Scores:"))
    assert "wrong" in _statuses(bad, ln)
    # printed [[1, 3], [3, 0]]: its own place agrees on 1 of 4; slices [0, 0] and [1, 1] on 3 of 4,
    # but they are not its place: nothing is said against it
    other = _MHA.replace(" [[[ 4.  0.]\n   [ 0.  0.]]", " [[[ 1.  3.]\n   [ 3.  0.]]")
    ln = _line_of(other, "[ 3.  0.]]", after=_line_of(other, "Scores:"))
    assert "wrong" not in _statuses(other, ln)


def test_q_k_v_printed_per_batch_element_are_one_input_set_each():
    # the same numbers as above given as Q = K = V (2 heads of size 1): slice [1, 0] is X[1]'s head 0,
    # [[4, 0], [0, 0]]; printed with 1 for the last entry it is wrong, from the Q, K of batch element 1
    qkv = "".join(f"{n}:\n[[[1. 2.]\n  [3. 4.]]\n\n [[2. 1.]\n  [0. 3.]]]\n" for n in ("Q", "K", "V"))
    text = _MHA.replace(_MHA[_MHA.index("Input X:"):_MHA.index("```\n\n")], qkv)
    by = _by_line(text)
    ln = _line_of(text, "[[[[ 1.  3.]")
    assert "exact" in {c.status for c in by.get(ln, [])}
    bad = text.replace(" [[[ 4.  0.]\n   [ 0.  0.]]", " [[[ 4.  0.]\n   [ 0.  1.]]")
    ln = _line_of(bad, "[ 0.  1.]]", after=_line_of(bad, "Scores:"))
    (wrong,) = [c for c in _by_line(bad).get(ln, []) if c.status == "wrong"]
    assert "batch element 1" in wrong.detail


# ---- shape tuples printed next to arrays

_PRINT = ("```text\nInput X:\n[[[1. 2. 0.]\n  [3. 4. 0.]]\n\n [[2. 1. 0.]\n  [0. 3. 0.]]]\n and shape: {s}\n"
          "W_q shape: {w}\nW_q:\n[[1. 0.]\n [0. 1.]]\n```\n")


def test_a_shape_printed_under_an_array_is_checked_against_it():
    # X is printed as 2 matrices of 2 rows of 3: (2, 2, 3); W_q as a 2×2 matrix
    text = _PRINT.format(s="(2, 2, 3)", w="(2, 2)")
    assert _statuses(text, 8) == ["exact"]
    assert _statuses(text, 9) == ["exact"]       # named W_q: the W_q printed below it


def test_a_named_shape_that_differs_from_its_array_is_wrong_and_an_unnamed_one_is_not():
    text = _PRINT.format(s="(2, 3, 2)", w="(2, 3)")
    assert "wrong" not in _statuses(text, 8)     # no name: it might be another array's shape
    (c,) = [c for c in _by_line(text)[9] if c.status == "wrong"]
    assert c.entries[0]["correct"] == "(2, 2)"


def test_the_weights_keep_the_shape_of_the_printed_scores():
    # scores printed as (1, 2, 2, 2); softmax keeps the shape, so "Weights shape: (1, 2, 2, 2)" holds;
    # a different one is not called wrong, as no weights of that many dimensions are printed
    scores = "Scores:\n[[[[1. 2.]\n   [3. 4.]]\n\n  [[5. 6.]\n   [7. 8.]]]]\n"
    ok = f"```text\n{scores}Weights shape: (1, 2, 2, 2)\n```\n"
    assert _statuses(ok, 8) == ["exact"]
    assert "wrong" not in _statuses(ok.replace("(1, 2, 2, 2)", "(1, 2, 2, 3)"), 8)


# ---- one row of a slice, named by its caption

def test_a_row_named_by_batch_head_and_word_is_that_row_of_that_slice():
    # batch 1, head 0 (counted from 0) scores [[4, 0], [0, 0]]: word 0 is [4, 0]
    ok = _MHA + "\n```text\nScores for Batch 1, Head 0, Word 0:\n [4. 0.]\n```\n"
    ln = _line_of(ok, " [4. 0.]", after=_line_of(ok, "Word 0"))
    assert _statuses(ok, ln) == ["exact"]
    # no row of any quantity is [4, 1]: the 1 is wrong, it should be 0
    bad = ok.replace(" [4. 0.]\n```\n", " [4. 1.]\n```\n")
    (c,) = [c for c in _by_line(bad).get(ln, []) if c.status == "wrong"]
    assert c.entries[0]["claimed"] == "1." and c.entries[0]["correct"] in ("0", "0.")


def test_a_row_counted_from_one_is_found_and_an_unsure_count_is_never_wrong():
    # "Batch 2, Head 1, Word 1" counted from 1 is batch 1, head 0, word 0: [4, 0]
    ok = _MHA + "\n```text\nScores for Batch 2, Head 1, Word 1:\n [4. 0.]\n```\n"
    ln = _line_of(ok, " [4. 0.]", after=_line_of(ok, "Word 1"))
    assert _statuses(ok, ln) == ["exact"]
    bad = ok.replace(" [4. 0.]\n```\n", " [4. 1.]\n```\n")
    assert "wrong" not in _statuses(bad, ln)


# ---- views of an earlier print: .T, [:, None], reshape, printed again

_VIEW = ("```python\nw = [[0.1, 0.5, 0.4], [0.3, 0.3, 0.4]]\n# w.T[:, :, None] =\n"
         "# [[[0.1]\n#   [0.3]]\n#  [[0.5]\n#   [0.3]]\n#  [[0.4]\n#   [0.4]]]\n```\n")


def test_a_view_pasted_into_comments_is_read_as_an_array_and_checked_against_the_earlier_print():
    # w.T has rows [0.1, 0.3], [0.5, 0.3], [0.4, 0.4]; [:, :, None] makes each entry a row of one
    (first, *rest) = [b for b in read_blocks(Document.of(_VIEW)) if b.stack]
    assert first.stack == (3, 2, 1) and len(rest) == 2
    assert _statuses(_VIEW, 4) == ["rounded"] and _statuses(_VIEW, 9) == ["rounded"]


def test_a_view_entry_that_is_not_the_earlier_printed_one_is_wrong_with_it_as_witness():
    bad = _VIEW.replace("#  [[0.5]", "#  [[0.7]")       # w.T[1, 0] is w[0, 1] = 0.5
    (c,) = [c for c in _by_line(bad)[6] if c.status == "wrong"]
    assert c.entries[0]["claimed"] == "0.7" and c.entries[0]["correct"] == "0.5"
    # 0.6: a print of 0.55 rounded the other way (a tie) could give it, so it is not called wrong
    assert "wrong" not in _statuses(_VIEW.replace("#  [[0.5]", "#  [[0.6]"), 6)
    # a view that disagrees almost everywhere is not this view: nothing is said
    other = _VIEW.replace("w.T[:, :, None]", "w[:, :, None]")
    assert all("wrong" not in _statuses(other, n) for n in range(3, 11))


def test_prints_of_one_value_at_two_precisions_agree():
    # 0.25 printed again as 0.2 (1 decimal: [0.15, 0.25]) and as 0.3 ([0.25, 0.35]) can both be 0.25;
    # 0.4 ([0.35, 0.45]) cannot, and the other two entries agree
    text = "```python\nx = [[0.25, 1.0, 2]]\n# x.reshape(3, 1) =\n# [[0.2]\n#  [1. ]\n#  [2. ]]\n```\n"
    assert _statuses(text, 4) == ["rounded"]
    assert _statuses(text.replace("[[0.2]", "[[0.3]"), 4) == ["rounded"]
    assert "wrong" in _statuses(text.replace("[[0.2]", "[[0.4]"), 4)


# ---- arrays the code builds from literal sizes

_ARANGE = ("```python\nvalues = torch.arange(8, dtype=torch.float32).reshape(1, 4, 2).repeat(\n    2, 1, 1)\n"
           "print(values)\n```\n\n```\ntensor([[[0., 1.],\n         [2., 3.],\n         [4., 5.],\n"
           "         [6., 7.]],\n\n        [[0., 1.],\n         [2., 3.],\n         [4., 5.],\n         [6., 7.]]])\n```\n")


def test_a_print_of_an_arange_reshaped_and_repeated_is_checked_entry_by_entry():
    # arange(8) as 4 rows of 2, tiled twice along a new batch axis: rows 0 1 / 2 3 / 4 5 / 6 7, twice
    for ln in (8, 9, 10, 11, 13, 14, 15, 16):
        assert _statuses(_ARANGE, ln) == ["exact"], ln


def test_a_named_print_that_differs_from_the_built_array_is_wrong_and_an_unnamed_one_is_not():
    bad = _ARANGE.replace("[4., 5.]],", "[4., 9.]],").replace("         [4., 5.],\n         [6., 7.]]])",
                                                                "         [4., 9.],\n         [6., 7.]]])")
    (c,) = [c for c in _by_line(bad)[15] if c.status == "wrong"]
    assert c.entries[0]["claimed"] == "9." and c.entries[0]["correct"] == "5"
    unnamed = bad.replace("print(values)", "print(other)")
    assert "wrong" not in _statuses(unnamed, 15)


def test_a_print_of_a_few_equal_values_is_not_taken_for_ones_by_its_values_alone():
    text = "```python\nm = torch.ones((2, 2))\ny = f(m)\nprint(y)\n```\n```\ntensor([[1., 1.],\n        [1., 1.]])\n```\n"
    assert _statuses(text, 7) in ([], ["unverifiable"])    # no verdict (an unverifiable one keeps its reason)
    named = text.replace("print(y)", "print(m)")
    assert _statuses(named, 7) == ["exact"]


# ---- notebook outputs

_NB = ("X = [[1, 0], [0, 1], [1, 1]]\n\n```python\ns = X[2] @ X.T\nprint(s)\n```\n\n{caption}```\n"
       "tensor([1., 1., 2.])\n```\n\nWeights (softmax of each row of X Xᵀ):\n\n"
       "[[0.4223, 0.1554, 0.4223], [0.1554, 0.4223, 0.4223], [0.2119, 0.2119, 0.5761]]\n\n"
       "Later, with trained projections, one divides by √d_k.\n")


def test_an_output_caption_between_code_and_its_output_keeps_the_print_name():
    text = _NB.format(caption="Output:\n\n")
    (b,) = [b for b in read_blocks(Document.of(text)) if b.line == 11]
    assert b.labels == ("print(s)",)
    prose = _NB.format(caption="Then we look at the scores of the third word:\n\n")
    (b,) = [b for b in read_blocks(Document.of(prose)) if b.line == 11]
    assert b.labels[0] != "print(s)"


def test_a_scaling_free_step_that_settles_q_k_v_x_leaves_the_scaling_to_the_steps_after_it():
    # row 3 of X Xᵀ is [1, 1, 2] (no scaling in it); the weights are the unscaled row softmax:
    # e/(2e+1) = 0.4223, 1/(2e+1) = 0.1554, 1/(2+e) = 0.2119, e/(2+e) = 0.5761; the √d_k stated
    # for later projections does not make them wrong
    text = _NB.format(caption="")
    assert _statuses(text, 9) == ["exact"]
    assert _statuses(text, 14) == ["rounded"]


# ---- sums printed after a vector

def test_a_sum_printed_with_its_vector_is_checked_within_the_rounding_of_the_entries():
    # 0.1455 + 0.2278 + 0.2249 + 0.1285 + 0.1077 + 0.1656 = 1.0000, each ±0.00005: 1.0000 ± 0.0003
    ok = ("```python\nprint(w, \"sum=\", w.sum())\n```\n"
          "```\ntensor([0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656]) sum= tensor(1.0000)\n```\n")
    assert "rounded" in _statuses(ok, 5)
    (c,) = [c for c in _by_line(ok.replace("tensor(1.0000)", "tensor(1.0100)"))[5] if c.status == "wrong"]
    assert c.entries[0]["correct"] == "1.0000"
    # without the code that prints w with its own sum, the sum might be another value's: not wrong
    other = ok.replace('print(w, \"sum=\", w.sum())', 'print(w, \"sum=\", v.sum())')
    assert "wrong" not in _statuses(other.replace("tensor(1.0000)", "tensor(1.0100)"), 5)


def test_a_sum_on_the_next_line_or_of_a_named_row_is_confirmed_but_never_called_wrong():
    # next line: the code may have printed another sum; "first row" of a numpy print of two decimals
    # whose "0." entries are 0.00 ± 0.005: 0.01 + 0.71 + 0.27 = 0.99 ± 0.03, so 1.0000000000000002 agrees
    nxt = "```\nAttention weights: tensor([0.25, 0.25, 0.50])\nSum: tensor(1.)\n```\n"
    assert _statuses(nxt, 3) == ["rounded"]
    assert "wrong" not in _statuses(nxt.replace("tensor(1.)", "tensor(2.)"), 3)
    row = "```\n[[0.01 0.   0.71 0.27]\n [0.4  0.6  0.   0.  ]]\n\nSum of first row: 1.0000000000000002\n```\n"
    assert _statuses(row, 5) == ["rounded"]


def test_a_sum_written_out_term_by_term_is_not_a_printed_sum():
    from symattn.check.sums import sum_claims
    text = "```\nweights: [0.5, 0.5]\nTotal = 0.5 + 0.5\n```\n"
    assert sum_claims(Document.of(text), read_blocks(Document.of(text))) == []


def test_a_julia_header_is_the_shape_of_the_array_printed_under_it():
    text = "```\nOutput:\n3×2 Matrix{Float64}:\n 0.5  0.6\n 0.5  0.6\n 0.4  0.7\n```\n"
    assert _statuses(text, 3) == ["exact"]
    (c,) = [c for c in _by_line(text.replace("3×2", "2×2"))[3] if c.status == "wrong"]
    assert c.entries[0]["claimed"] == "2×2" and c.entries[0]["correct"] == "3×2"


def test_a_vector_labelled_as_row_sums_is_checked_against_the_matrix_printed_before_it():
    # rows 0.401 + 0.401 + 0.198 = 1.000 and 0.25 + 0.5 + 0.25 = 1.000, each ± 0.0015: [1. 1.] agrees
    text = ("```\nA =\n [[0.401 0.401 0.198]\n [0.25  0.5   0.25 ]]\n\nVérification (somme des lignes de A) :\n"
            "[1. 1.]\n```\n")
    assert _statuses(text, 7) == ["rounded"]
    assert _statuses(text.replace("[1. 1.]", "[1.  1.7]"), 7) in ([], ["unverifiable"])   # confirmed only, never wrong


# ---- a batch of examples, one attention head

# X[0] = I, X[1] = [[2, 1], [1, 0]]; W_q = [[1, 2], [0, 1]], W_k = [[1, 0], [1, 1]]
#   Q[0] = W_q = [[1, 2], [0, 1]];  K[0] = W_k;  Q[0] K[0]ᵀ = [[1, 3], [0, 1]]
#   Q[1] = [[2, 5], [1, 2]];  K[1] = [[3, 1], [1, 0]];  Q[1] K[1]ᵀ = [[11, 2], [5, 1]]
_BATCH = ("```text\nX:\n[[[1. 0.]\n  [0. 1.]]\n\n [[2. 1.]\n  [1. 0.]]]\nW_q:\n[[1. 2.]\n [0. 1.]]\n"
          "W_k:\n[[1. 0.]\n [1. 1.]]\nW_v:\n[[1. 0.]\n [0. 1.]]\n```\n\n```text\nQ:\n[[[1. 2.]\n  [0. 1.]]\n\n"
          " [[2. 5.]\n  [1. 2.]]]\nScores:\n[[[ 1.  3.]\n  [ 0.  1.]]\n\n [[11.  2.]\n  [ 5.  1.]]]\n```\n")


def test_each_batch_element_is_judged_against_its_own_inputs():
    by = _by_line(_BATCH)
    for needle in ("[[[1. 2.]", "[[2. 5.]", "[[[ 1.  3.]", "[[11.  2.]"):
        ln = _line_of(_BATCH, needle, after=20)
        assert by.get(ln) and {c.status for c in by[ln]} == {"exact"}, needle


def test_a_slip_in_one_batch_element_is_wrong_with_that_elements_value():
    bad = _BATCH.replace("[[11.  2.]", "[[12.  2.]")
    ln = _line_of(bad, "[[12.  2.]")
    (c,) = [c for c in _by_line(bad)[ln] if c.status == "wrong"]
    assert [e["correct"] for e in c.entries] == ["11"]


def test_q_k_v_printed_as_a_batch_are_one_example_per_element():
    # Q[0] = K[0] = [[1, 2], [0, 1]]: Q Kᵀ = [[5, 2], [2, 1]]; Q[1] = K[1] = [[2, 1], [1, 0]]: [[5, 2], [2, 1]]
    qkv = "".join(f"{n}:\n[[[1. 2.]\n  [0. 1.]]\n\n [[2. 1.]\n  [1. 0.]]]\n" for n in ("Q", "K", "V"))
    text = "```text\n" + qkv + "Scores:\n[[[ 5.  2.]\n  [ 2.  1.]]\n\n [[ 5.  2.]\n  [ 2.  3.]]]\n```\n"
    assert _statuses(text, 21) == ["exact"]
    (c,) = [c for c in _by_line(text)[24] if c.status == "wrong"]
    assert [e["correct"] for e in c.entries] == ["1"]


def test_a_name_given_a_new_value_in_between_is_not_compared_with_its_old_print_or_definition():
    stale_view = _VIEW.replace("# w.T[:, :, None] =", "w = w * 2\n# w.T[:, :, None] =").replace("[[0.1]", "[[0.2]")
    assert all("wrong" not in _statuses(stale_view, n) for n in range(3, 12))
    stale_built = _ARANGE.replace("print(values)", "values = values + 1\nprint(values)").replace(
        "[4., 5.]],", "[4., 9.]],")
    assert all("wrong" not in _statuses(stale_built, n) for n in range(5, 20))


def test_a_shape_in_a_code_comment_is_left_to_the_shapes_stage():
    from symattn.check.printshapes import printed_shape_claims
    text = "```python\nW = np.array([[1, 2],\n              [3, 4]])\nx = torch.randn(2, 3)  # shape: (2, 3)\n```\n"
    assert printed_shape_claims(Document.of(text), read_blocks(Document.of(text))) == []


def test_an_nd_torch_size_is_the_shape_of_the_array_it_names_or_ends_beside():
    # print(scores) names both slices of the (2, 1, 2) print; print(x, x.shape) ends with its size
    text = ("```python\nprint(scores)\nprint(scores.shape)\nprint(x, x.shape)\n```\n```\n"
            "tensor([[[1., 2.]],\n\n        [[3., 4.]]])\ntorch.Size([2, 1, 2])\n"
            "tensor([[[1., 2.]],\n\n        [[3., 4.]]]) torch.Size([2, 1, 2])\n```\n")
    assert {b.labels[0] for b in read_blocks(Document.of(text)) if b.line in (7, 9)} == {"print(scores)"}
    assert _statuses(text, 10) == ["exact"] and _statuses(text, 13) == ["exact"]
    bad = text.replace("torch.Size([2, 1, 2])\ntensor", "torch.Size([2, 2, 2])\ntensor")
    (c,) = [c for c in _by_line(bad)[10] if c.status == "wrong"]
    assert c.entries[0]["correct"] == "[2, 1, 2]"
    beside = text.replace("]]]) torch.Size([2, 1, 2])", "]]]) torch.Size([2, 2, 2])")
    assert "wrong" in _statuses(beside, 13)          # print(x, x.shape) names it
    uncoded = beside[beside.index("```\n```\n") + 4:]  # the output alone: beside an array, named by nothing
    assert "wrong" not in _statuses(uncoded, 8)


def test_a_wrong_entry_in_e_notation_is_corrected_in_e_notation():
    # slice [0, 1] of _MHA in numpy's e-notation: its last entry is 4·4 = 16, printed as 1.70e+01
    sci = _MHA.replace("[[ 4.  8.]\n   [ 8. 16.]]]", "[[ 4.00e+00  8.00e+00]\n   [ 8.00e+00  1.70e+01]]]")
    ln = _line_of(sci, "1.70e+01")
    (c,) = [c for c in _by_line(sci)[ln] if c.status == "wrong"]
    assert c.entries[0]["claimed"] == "1.70e+01" and c.entries[0]["correct"] == "1.60e+01"


def test_q_printed_after_the_head_split_is_each_heads_columns():
    # Q = X (W_q = I), X[0] = [[1, 2], [3, 4], [5, 6]], X[1] = [[2, 1], [0, 3], [1, 1]]; 2 heads of size 1:
    # slice [b, h] of the (2, 2, 3, 1) print is column h of X[b]; [0, 1] is [2, 4, 6], printed with a 7
    eye = "[[1. 0.]\n [0. 1.]]\n"
    text = ("We use 2 heads.\n\n```text\nX:\n[[[1. 2.]\n  [3. 4.]\n  [5. 6.]]\n\n [[2. 1.]\n  [0. 3.]\n  [1. 1.]]]\n"
            f"W_q:\n{eye}W_k:\n{eye}W_v:\n{eye}```\n\n```text\nQ (split into heads):\n"
            "[[[[1.]\n   [3.]\n   [5.]]\n\n  [[2.]\n   [4.]\n   [6.]]]\n\n\n"
            " [[[2.]\n   [0.]\n   [1.]]\n\n  [[1.]\n   [3.]\n   [1.]]]]\n```\n")
    assert _statuses(text, _line_of(text, "[[[[1.]")) == ["exact"]
    bad = text.replace("   [4.]\n   [6.]]]", "   [4.]\n   [7.]]]")
    (c,) = [c for c in _by_line(bad)[_line_of(bad, "[7.]]]")] if c.status == "wrong"]
    assert c.entries[0]["correct"] in ("6", "6.") and "[0, 1]" in c.detail
