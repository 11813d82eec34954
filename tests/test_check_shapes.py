"""Shape statements in articles (symattn/check/shapes.py): judged against the shapes the article shows."""

from symattn.check.document import Document
from symattn.check import check_text
from symattn.check.read import read_blocks
from symattn.check.shapes import shape_claims


def _verdicts(text):
    return [(c.line, c.status, c.expected) for c in shape_claims(Document.of(text), read_blocks(Document.of(text)))]


def test_shape_algebra_after_a_stated_input():
    text = "1. Inputs ( x.shape = 6x3 )\n2. Scores ( a = x @ x.T; a.shape = 6x6 )\n" \
           "3. Context ( c = softmax(a) @ x; c.shape = 6x2 )\n"
    assert _verdicts(text) == [(2, "exact", "6×6"), (3, "wrong", "6×3")]


def test_a_comment_above_an_assignment_is_about_the_printed_value():
    text = "```python\n# the input (shape: 3 x 2)\nX = np.array([[1, 0, 1],\n              [0, 1, 1],\n" \
           "              [1, 1, 0]])\nK = X @ X.T  # (3 x 3)\n```\n"
    got = _verdicts(text)
    assert got == [(2, "wrong", "3×3"), (6, "exact", "3×3")]
    claim = next(c for c in shape_claims(Document.of(text), read_blocks(Document.of(text))) if c.status == "wrong")
    assert "printed with 3×3 values on line 3" in claim.detail and claim.wrong_lines == [2]


def test_tokens_and_features_in_words():
    text = "```python\n# 2 tokens, each with 3 features\nS = np.array([[1, 0, 1, 0],\n [0, 1, 1, 1]])\n```\n"
    assert _verdicts(text) == [(2, "wrong", "2×4")]


def test_a_shape_walkthrough_under_a_product():
    text = "```\nX = [[1, 0, 1, 0],\n     [0, 1, 0, 1],\n     [1, 1, 0, 0]]\nQ = X  [3, 4]\nK = X  [3, 4]\n\n" \
           "QK^T = Q @ K^T\n     = [3, 4] @ [4, 3]\n     = [3, 4]\n```\n"
    assert _verdicts(text) == [(5, "exact", "3×4"), (6, "exact", "3×4"), (9, "exact", "3×4"),
                               (9, "exact", "4×3"), (10, "wrong", "3×3")]


def test_unknown_shapes_are_given_not_judged():
    # Wq has no values anywhere: its stated shape is taken as given, and q follows from it
    text = "Wq.shape = 3x2 and x.shape = 6x3\nq = x @ Wq; q.shape = 6x2\n"
    assert _verdicts(text) == [(2, "exact", "6×2")]
    assert _verdicts("```python\nZ = f(X)  # (3 x 3)\n```\n") == []


def test_printed_torch_size_is_a_shape_of_the_printed_name():
    text = "```python\nprint(keys, keys.shape)\n```\n```\ntensor([[0.1, 0.2],\n        [0.3, 0.4],\n" \
           "        [0.5, 0.6]]) torch.Size([3, 2])\n```\n"
    assert (7, "exact", "3×2") in _verdicts(text)


def test_markdown_headings_are_not_comments_and_prose_is_not_code():
    text = "# Attention (3 x 3)\n\nQ = X @ W  # (2 x 2) in prose is not read as code\n"
    assert _verdicts(text) == []


def test_check_reports_a_wrong_shape_at_its_line():
    text = "```python\n# Initialize weights (4x3 matrices)\nW_q = np.array(\n[\n[0.2, 0.4, 0.6, 0.8],\n" \
           "[0.1, 0.3, 0.5, 0.7],\n[0.9, 0.8, 0.7, 0.6],\n[0.5, 0.4, 0.3, 0.2],\n]\n)\n```\n"
    report = check_text(text, "w.md")
    wrong = [c for c in report.claims if c.status == "wrong"]
    assert [c.line for c in wrong] == [2] and wrong[0].label == "shape of W_q"


def test_a_parenthesised_shape_in_any_language():
    # the dimensions in parentheses with one word before (and a colon) or after them say the same
    # in every language; two words, or a number that is no dimension, are no shape
    text = "```python\n# 入力 (形状: 3 x 2)\nX = np.array([[1, 0, 1],\n              [0, 1, 1],\n" \
           "              [1, 1, 0]])\n# Gewichte (3x3 Matrizen)\nW = np.eye(3)\n```\n"
    assert _verdicts(text) == [(2, "wrong", "3×3"), (6, "exact", "3×3")]
    assert _verdicts("```python\n# die Gewichte (3 x 2 große Matrizen)\nW = np.eye(3)\n```\n") == []
    assert _verdicts("```python\n# Gewichte (3 x 2 = 6)\nW = np.eye(3)\n```\n") == []
