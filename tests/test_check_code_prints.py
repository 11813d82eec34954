"""What an article's code prints, judged against what its code computes (issue 24, item 5).

A notebook's output below a code cell is a claim about the printed expression, whatever its name.
Each article here is written for the test; the right values are computed with numpy from the
article's own inputs, never with symattn.
"""

from __future__ import annotations

import numpy as np

from symattn.check import check_text

KEYS = np.array([[1.0, 0.5], [0.2, 0.1], [0.4, 0.9]])
QUERY = np.array([1.5, 0.3])
VALUES = np.array([[0.8, 0.2], [0.1, 0.7], [0.6, 0.4]])


def _truth():
    s = KEYS @ QUERY                       # the code below scales nothing
    w = np.exp(s) / np.exp(s).sum()
    return s, w, w @ VALUES


def _fmt(v, places=4) -> str:
    return "[" + " ".join(f"{x:.{places}f}" for x in v) + "]"


def _notebook(weights_out: str, output_out: str, between: str = "") -> str:
    rows = ",\n".join("    [" + ", ".join(str(x) for x in r) + "]" for r in KEYS)
    vals = ",\n".join("    [" + ", ".join(str(x) for x in r) + "]" for r in VALUES)
    return "\n".join([
        "# One query over three keys", "",
        "```python", "import numpy as np",
        f"query = np.array([{QUERY[0]}, {QUERY[1]}])",
        f"keys = np.array([\n{rows}\n])",
        "s = keys @ query",
        "w = np.exp(s) / np.exp(s).sum()",
        "print('weights:', w)", "```", "",
        f"weights: {weights_out}", "",
        "Then the values are mixed by these weights.", "",
        "```python", f"vals = np.array([\n{vals}\n])", between + "out = w @ vals", "print(out)", "```", "",
        "```", output_out, "```", ""])


def _at(report, line_text: str, text: str):
    n = text.splitlines().index(line_text) + 1
    return [c for c in report.claims if n in (c.lines or [c.line])]


def test_right_outputs_of_the_code_agree_with_what_it_computes():
    _, w, out = _truth()
    text = _notebook(_fmt(w), _fmt(out))
    r = check_text(text, "nb.md")
    for line in (f"weights: {_fmt(w)}", _fmt(out)):
        got = _at(r, line, text)
        assert got and all(c.status in ("exact", "rounded") for c in got), (line, [(c.status, c.reason) for c in got])


def test_an_output_unlike_what_its_code_computes_is_wrong_with_the_code_as_witness():
    _, w, out = _truth()
    bad = out + np.array([0.03, -0.03])    # not the mix of the values by the printed weights either
    text = _notebook(_fmt(w), _fmt(bad))
    r = check_text(text, "nb.md")
    got = _at(r, _fmt(bad), text)
    assert [c.status for c in got] == ["wrong"]
    assert [e["correct"] for e in got[0].entries] == [f"{x:.4f}" for x in out]


def test_numbers_written_over_a_computed_value_are_not_witnessed_by_the_code():
    # "for readability" the author replaces the weights with rounded ones and prints the mix: the code
    # prints the author's numbers, which say nothing about the true mix, so the code is no witness
    _, w, out = _truth()
    rounded = np.round(w, 1)
    text = _notebook(_fmt(w), _fmt(rounded @ VALUES),
                     between=f"w = np.array([{rounded[0]}, {rounded[1]}, {rounded[2]}])\n")
    r = check_text(text, "nb.md")
    got = _at(r, _fmt(rounded @ VALUES), text)
    assert not any(c.status == "exact" and "code computes" in str(c.reason) for c in got)


def test_a_print_the_code_cannot_evaluate_leaves_the_next_unlabelled_output_alone():
    # np.random without a printed result: its output comes first, so pairing by order would be wrong
    _, w, out = _truth()
    text = _notebook(_fmt(w), _fmt(np.array([0.9, 0.1])) + "\n" + _fmt(out),
                     between="print(np.random.rand(2))\n")
    r = check_text(text, "nb.md")
    got = _at(r, _fmt(np.array([0.9, 0.1])), text)
    assert not any(c.status == "wrong" for c in got)


def test_a_torch_print_in_single_precision_is_not_wrong_for_float32_noise():
    text = "\n".join([
        "```python", "import torch", "x = torch.tensor([[0.1, 0.2], [0.3, 0.4]])", "print(x * 3)", "```", "",
        "```", "tensor([[0.3000, 0.6000],", "        [0.9000, 1.2000]])", "```", ""])
    r = check_text(text, "t.md")
    assert r.claims and not any(c.status == "wrong" for c in r.claims)


def test_data_in_a_later_fence_unlike_the_value_computed_before_is_a_new_examples_premise():
    # the first fence computes scores from Q and K; a later fence sets scores = [[10, 5, 2, 1]] for a
    # new experiment (other numbers, other shape) with rules printed between results (print("=" * 20)):
    # its printed softmax is what the code computes, e^{10-x}/Σ (0.9929, 0.0067, 0.0003, 0.0001)
    s = np.array([10.0, 5.0, 2.0, 1.0])
    w = np.exp(s - s.max()) / np.exp(s - s.max()).sum()
    text = "\n".join([
        "```python", "import numpy as np", "Q = np.array([[1.0, 0.0], [0.0, 1.0]])",
        "scores = Q @ Q.T", "print(scores)", "```", "",
        "```", "[[1. 0.]", " [0. 1.]]", "```", "",
        "A second experiment, without any scaling:", "",
        "```python", "scores = np.array([[10.0, 5.0, 2.0, 1.0]])",
        'print("=" * 20)', "e = np.exp(scores - scores.max())", "weights = e / e.sum()",
        'print("weights, unscaled")', "print(weights)", "```", "",
        "```", "=" * 20, "weights, unscaled", "[[" + " ".join(f"{x:.4f}" for x in w) + "]]", "```", ""])
    r = check_text(text, "nb.md")
    got = _at(r, "[[" + " ".join(f"{x:.4f}" for x in w) + "]]", text)
    assert got and all(c.status in ("exact", "rounded") for c in got), [(c.status, c.reason) for c in got]
    assert any("code computes" in str(c.reason) for c in got)


def test_a_value_in_a_comment_is_a_claim_about_what_its_statement_computes():
    # names that say nothing (M1, M2): the comment beside each product is judged against the
    # product numpy computes from the code's own data; one entry of the first is wrong
    x = np.array([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
    a = np.array([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
    b = np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
    right_a, right_b = x @ a, x @ b
    shown_a = right_a.copy()
    shown_a[1, 1] = 0                      # printed 0 where the product is 4

    def lit(m):
        return "[" + ",".join("[" + ",".join(str(int(v)) for v in r) + "]" for r in m) + "]"
    text = ("```python\nimport numpy as np\n"
            f"M1 = np.array({lit(x)})\nM2 = np.array({lit(a)})\nM3 = np.array({lit(b)})\n"
            f"M4 = np.dot(M1, M2)  # {lit(shown_a)}\nM5 = M1 @ M3  # {lit(right_b)}\n```\n")
    claims = {c.line: c for c in check_text(text).claims if c.line in (6, 7)}
    assert claims[6].status == "wrong" and [d["correct"] for d in claims[6].entries] == ["4"]
    assert claims[7].status == "exact"


def test_one_number_a_comment_states_under_a_print_is_a_claim_about_the_scalar_printed():
    # e² + e + e^0.1 = 11.2125 (numpy): "# Output: 11.212" is cut (11.213), "# 输出: 11.213" is right;
    # a comment that says something else about the number ("# step 1") claims nothing
    total = float(np.sum(np.exp(np.array([2.0, 1.0, 0.1]))))
    assert f"{total:.3f}" == "11.213"
    for comment, status in (("# Output: 11.212", "wrong"), ("# 输出: 11.213", "rounded"), ("# step 1", None)):
        text = ("```python\nimport numpy as np\nx = np.array([2.0, 1.0, 0.1])\n"
                f"s = np.sum(np.exp(x))\nprint(s)\n{comment}\n```\n")
        claims = [c for c in check_text(text).claims if c.line == 6]
        assert [c.status for c in claims] == ([status] if status else []), comment


def test_a_result_comment_under_an_assignment_and_a_softmax_the_article_never_defines():
    # softmax([3.5, 2.1, 0.8]) = [0.7611, 0.1877, 0.0512] (numpy): "# Result: [0.72, 0.21, 0.07]" under
    # the assignment is wrong in all three entries, "# Result: [0.76, 0.19, 0.05]" is right; a comment
    # line under an assignment that gives no result ("# next: normalise") claims nothing
    z = np.array([3.5, 2.1, 0.8])
    w = np.exp(z) / np.exp(z).sum()
    assert [f"{v:.2f}" for v in w] == ["0.76", "0.19", "0.05"]
    for comment, status in (("# Result: [0.72, 0.21, 0.07]", "wrong"), ("# Result: [0.76, 0.19, 0.05]", "rounded"),
                            ("# next: [0.72, 0.21, 0.07]", None)):
        text = f"```python\nprobs = softmax([3.5, 2.1, 0.8])\n{comment}\n```\n"
        claims = [c for c in check_text(text).claims if c.line == 3 and c.status != "unverifiable"]
        assert [c.status for c in claims] == ([status] if status else []), comment


def test_reading_code_with_an_invalid_escape_warns_nothing():
    # re.split("\s+", s) written with a plain string: Python warns of the escape when it parses it;
    # the checker parses the article's code only to read it, so nothing of that reaches the user
    import warnings
    text = ('```python\nimport re\nimport numpy as np\nwords = re.split("\\s+", "the cat sat")\n'
            'x = np.array([1.0, 2.0])\nprint(x * 2)\n```\n```\n[2. 4.]\n```\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_text(text)
    assert not [w for w in caught if issubclass(w.category, (SyntaxWarning, DeprecationWarning))], \
        [str(w.message) for w in caught]


def test_names_assigned_inside_a_function_are_its_locals_not_the_articles():
    """A function's body assigns its parameters' scores (raw, then scaled) and names the weights:
    none of it is the article's own Q, K or weights.  Only the statements outside a body are read
    as the article's assignments (a method in a class too); the lines after the body are again."""
    from symattn.check.plaintext import code_segments
    code = ["import numpy as np", "", "def attention(Q, K, V,", "              mask=None):",
            "    scores = Q @ K.T", "", "    scores = scores / np.sqrt(K.shape[-1])",
            "    weights = softmax(scores)", "    return weights @ V", "",
            "class Head:", "    def forward(self, x):", "        scores = x @ x.T", "        return scores",
            "", "X = np.array([[1, 0], [0, 1]])", "S = X @ X.T"]
    read = [(seg.line, seg.text) for seg in code_segments(code, 10)]
    assert [line for line, _ in read] == [25, 26] and read[1][1] == "S = X @ X.T"


def test_a_comment_that_sets_another_name_is_no_value_of_the_statement():
    # `# dtype_bytes=2` notes the factor 2; the statement's own value (2*8*128*32*2 = 131072) is not 2
    text = ("```python\nper_token = 2 * 8 * 128 * 32 * 2  # dtype_bytes=2\n"
            "y = 2 * 3  # y = 7\nz = 2 * 3  # = 6\n```\n")
    claims = check_text(text, "c.md").claims
    assert [c.line for c in claims if c.status == "wrong"] == [3], [(c.line, c.status, str(c.reason)) for c in claims]
    assert not [c for c in claims if c.line == 2]
    assert any(c.line == 4 and c.status == "exact" for c in claims)


def _two_attentions(scaled_out: str, plain_out: str) -> str:
    """Two functions, one scaled and one not, each printing from inside; called in a later cell whose
    output shows both, labelled by names of which one ends the other ("SA" and "A")."""
    rows = ", ".join("[" + ", ".join(str(x) for x in r) + "]" for r in KEYS)
    vals = ", ".join("[" + ", ".join(str(x) for x in r) + "]" for r in VALUES)
    return ("```python\nimport numpy as np\n\ndef softmax(x):\n    e = np.exp(x)\n    return e / e.sum(axis=-1, keepdims=True)\n\n"
            "def attend(q, k, v, mask, scaled):\n    \"\"\"Attention, with or without the 1/sqrt(d) scale.\"\"\"\n"
            "    logits = q @ k.T\n    if scaled:\n        logits = logits / np.sqrt(k.shape[-1])\n"
            "    if mask is not None:\n        logits = logits + mask * -1e9\n    return softmax(logits) @ v\n\n"
            "def show(q, k, v):\n    print(f'SA out:\\n {attend(q, k, v, None, True)}')\n"
            "    print(f'A out:\\n {attend(q, k, v, None, False)}')\n```\n\n"
            f"```python\nK = np.array([{rows}])\nV = np.array([{vals}])\nq = np.array([{QUERY[0]}, {QUERY[1]}])\n"
            "show(q, K, V)\n```\n\nOutput:\n\n```text\nSA out:\n " + scaled_out + "\nA out:\n " + plain_out + "\n```\n")


def test_a_print_inside_a_function_is_a_claim_after_the_cell_that_calls_it():
    # attend() branches on what the call passed (if scaled:, if mask is not None:): each print is
    # judged against its own branch, the unscaled output right, a slip in the scaled one wrong; the
    # label "A out:" pairs with its own block, not with the "SA out:" block that ends with it
    s = KEYS @ QUERY
    plain = np.exp(s) / np.exp(s).sum() @ VALUES
    z = s / np.sqrt(2)
    scaled = np.exp(z) / np.exp(z).sum() @ VALUES
    text = _two_attentions(_fmt(scaled), _fmt(plain))
    r = check_text(text, "nb.md")
    assert [c.status for c in _at(r, " " + _fmt(scaled), text)] == ["rounded"]
    assert [c.status for c in _at(r, " " + _fmt(plain), text)] == ["rounded"]
    slip = scaled + np.array([0.01, 0])
    text = _two_attentions(_fmt(slip), _fmt(plain))
    r = check_text(text, "nb.md")
    assert "wrong" in [c.status for c in _at(r, " " + _fmt(slip), text)]
    assert [c.status for c in _at(r, " " + _fmt(plain), text)] == ["rounded"]


def _tensor_article(written: dict[str, str]) -> tuple[str, dict[str, np.ndarray]]:
    """A softmax over the middle axis of a (2, 3, 3) tensor in code, then slices of it quoted in the
    prose as ``probs[i, :, j] = [..]`` (and one entry as ``probs[i, j, k] = x``)."""
    logits = np.array([[[0.5, 1.0, 0.2], [1.5, 0.1, 0.3], [0.2, 0.4, 2.0]],
                       [[0.9, 0.3, 0.6], [0.1, 1.2, 0.8], [0.7, 0.5, 0.4]]])
    e = np.exp(logits)
    probs = e / e.sum(axis=1, keepdims=True)
    rows = ",\n".join("    [" + ", ".join("[" + ", ".join(str(x) for x in r) + "]" for r in m) + "]" for m in logits)
    lines = ["# Class probabilities per position", "", "```python", "import torch", "import torch.nn.functional as F",
             f"logits = torch.tensor([\n{rows}\n], dtype=torch.float64)", "probs = F.softmax(logits, dim=1)", "```", ""]
    for expr, text in written.items():
        lines += [f"For this one, {expr} = {text}.", ""]
    return "\n".join(lines), {"probs": probs}


def test_a_slice_of_a_program_array_quoted_in_the_prose_is_judged_by_the_code():
    # the code defines probs; the prose quotes slices of it by index: each is a claim about that slice
    _, truth = _tensor_article({})
    p = truth["probs"]
    right = _fmt(p[0, :, 1], 3).replace(" ", ", ")
    slip = p[1, :, 2].copy()
    slip[0] += 0.05                                        # a slip in one entry
    text, _ = _tensor_article({"probs[0, :, 1]": right, "probs[1, :, 2]": _fmt(slip, 3).replace(" ", ", "),
                               "probs[1, 2, 0]": f"{p[1, 2, 0] * 7:.3f} / 7 = {p[1, 2, 0]:.3f}"})   # a chain's last side
    report = check_text(text, "a.md")
    by_line = {c.line: c for c in report.claims if "probs" in str(c.what)}
    statuses = sorted((ln, c.status) for ln, c in by_line.items())
    assert [s for _, s in statuses] == ["rounded", "wrong", "rounded"], statuses
    wrong = next(c for c in by_line.values() if c.status == "wrong")
    assert [e["correct"] for e in wrong.entries] == [f"{p[1, 0, 2]:.3f}"]


def test_an_index_of_a_name_the_code_never_defines_is_no_claim_about_it():
    text, _ = _tensor_article({"scores[0, :, 1]": "[0.100, 0.200, 0.700]"})
    report = check_text(text, "a.md")
    assert not [c for c in report.claims if "scores" in str(c.what) and c.status == "wrong"]
