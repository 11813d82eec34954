"""The core derivation against exact expectations, numpy and (where installed) PyTorch."""

import json
import random

import numpy as np
import pytest
import sympy as sp

from symattn import derive, derive_article, parse_spec, render
from symattn.topics.attention import derive_attention
from symattn.examples import article_spec

half = sp.Rational(1, 2)
E = sp.exp(half)


def test_article_scores_and_scaling():
    d = derive_article()
    S = sp.Matrix([[2, 1, 1], [1, 1, 1], [1, 1, 2]])
    assert d.step("keys_transposed").exact == sp.Matrix([[1, 0, 1], [0, 1, 1], [0, 1, 0], [1, 0, 0]])
    assert d.step("scores").exact == S
    assert d.step("scaled_scores").exact == S / 2


def test_article_weights_are_the_canonical_exact_form():
    A = derive_article().step("weights").exact
    big, small = E / (E + 2), 1 / (E + 2)
    assert A == sp.Matrix([[big, small, small], [sp.Rational(1, 3)] * 3, [small, small, big]])
    # structurally, not just numerically: e^{1/2}/(e^{1/2}+2), never e/(e + 2e^{1/2})
    assert sp.srepr(A[0, 0]) == sp.srepr(big)
    assert float(A[0, 0]) == pytest.approx(0.45186276187)


def test_json_exact_reads_back(run_cli):
    code, out, _ = run_cli("derive", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    steps = {s["id"]: s for s in doc["steps"]}
    assert {"scores", "scaled_scores", "weights", "output"} <= set(steps)
    W = sp.Matrix([[sp.sympify(x) for x in row] for row in steps["weights"]["exact"]])
    assert sp.simplify(W[0, 0] - E / (E + 2)) == 0 and W[0, 0] == E / (E + 2)
    assert W[0, 1] == 1 / (E + 2) and W[2, 2] == E / (E + 2) and W[1, 1] == sp.Rational(1, 3)
    assert sp.Matrix(steps["scores"]["exact"]).applyfunc(sp.sympify) == sp.Matrix([[2, 1, 1], [1, 1, 1], [1, 1, 2]])
    assert steps["weights"]["numeric"][0][0] == pytest.approx(0.451862761, abs=1e-9)
    assert steps["output"]["numeric"][0][0] is None  # V is symbolic
    out_sym = sp.sympify(steps["output"]["exact"][0][0])
    v = sp.symbols("v_我 v_爱 v_你")
    assert sp.simplify(out_sym - (E * v[0] + v[1] + v[2]) / (E + 2)) == 0


def _source(note) -> str:
    """A note as the ``$...$`` string it renders to in Markdown (notes may be markup.Text)."""
    from symattn.markup import as_text
    from symattn.printing import latex
    return as_text(note).source(latex)


def test_derivation_notes_the_articles_rounding():
    notes = [_source(n.en) for n in derive_article().step("weights").notes]
    assert any("agree with the exact weights at 2 decimals" in n for n in notes)
    assert any("0.99" in n and "not $1$" in n for n in notes)
    zh = [_source(n.zh) for n in derive_article().step("weights").notes]
    assert any("0.99" in n for n in zh)


def test_markdown_is_clean_and_expands_every_computed_step():
    md = render(derive_article(), "md")
    assert r"\left[\begin{matrix}" not in md and r"\begin{bmatrix}" in md
    for title in ("a_{11} = \\frac{e^{1}}{e^{1} + e^{1/2} + e^{1/2}}", "\\frac{e^{1/2}}{e^{1/2} + 2}",
                  "s_{11} = 1 \\cdot 1 + 0 \\cdot 0 + 1 \\cdot 0 + 1 \\cdot 1 = 2",
                  "\\tilde{s}_{11} = \\frac{2}{\\sqrt{4}} = 1"):
        assert title in md
    d = derive_article()
    for step in d.steps:
        if step.substituted is not None:
            assert step.expanded, step.id
    assert md.count("$$") % 2 == 0


def test_output_is_byte_identical(run_cli):
    for fmt in ("md", "tex", "html", "text", "json"):
        a = run_cli("derive", "--format", fmt)
        b = run_cli("derive", "--format", fmt)
        assert a == b and a[0] == 0, fmt


def _random_spec(rng, L, d, dv):
    def mat(r, c):
        return [[rng.randint(-3, 3) for _ in range(c)] for _ in range(r)]
    Q, K, V = mat(L, d), mat(L, d), mat(L, dv)
    toml = f"tokens = {json.dumps([f't{i}' for i in range(L)])}\nQ = {Q}\nK = {K}\nV = {V}\ndigits = 6\n"
    return parse_spec(toml), np.array(Q, float), np.array(K, float), np.array(V, float)


def _numpy_attention(Q, K, V, d_k):
    S = Q @ K.T / np.sqrt(d_k)
    S = S - S.max(axis=1, keepdims=True)
    A = np.exp(S)
    A /= A.sum(axis=1, keepdims=True)
    return S, A, A @ V


def _random_cases(n=50, seed=1234):
    rng = random.Random(seed)
    for _ in range(n):
        L, d, dv = rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)
        yield _random_spec(rng, L, d, dv)


def _as_float(m):
    return np.array([[float(x) for x in row] for row in m.tolist()])


def test_random_inputs_match_numpy():
    for spec, Q, K, V in _random_cases():
        d = derive(spec)
        _, A, O = _numpy_attention(Q, K, V, Q.shape[1])
        np.testing.assert_allclose(_as_float(d.step("scores").exact), Q @ K.T, rtol=0, atol=0)
        np.testing.assert_allclose(_as_float(d.step("weights").exact), A, rtol=0, atol=1e-12)
        np.testing.assert_allclose(_as_float(d.step("output").exact), O, rtol=0, atol=1e-12)
        # the numeric level (mpmath) agrees too
        num = np.array([[float(v) for v in row] for row in d.step("weights").numeric])
        np.testing.assert_allclose(num, A, rtol=0, atol=1e-12)


def test_random_inputs_match_torch_sdpa():
    torch = pytest.importorskip("torch")
    from torch.nn.functional import scaled_dot_product_attention as sdpa
    for spec, Q, K, V in _random_cases():
        d = derive(spec)
        ref = sdpa(*(torch.tensor(m, dtype=torch.float64)[None] for m in (Q, K, V)))[0].numpy()
        np.testing.assert_allclose(_as_float(d.step("output").exact), ref, rtol=0, atol=1e-12)


def test_projections_and_latex_entries():
    spec = parse_spec('tokens = ["a", "b"]\nX = [[1, 2], [0, 1]]\nW_Q = [[1, 0], [0, 1]]\n'
                      'W_K = "\\\\begin{bmatrix} 1 & 0.5 \\\\\\\\ 0 & 1 \\\\end{bmatrix}"\n'
                      'W_V = [["\\\\frac{1}{2}", 0], [0, "e^{1/2}"]]\nd_k = 2\n')
    d = derive(spec)
    X = sp.Matrix([[1, 2], [0, 1]])
    assert d.step("keys").exact == X * sp.Matrix([[1, half], [0, 1]])
    assert d.step("values").exact == X * sp.Matrix([[half, 0], [0, E]])
    assert d.step("scaled_scores").exact == d.step("scores").exact / sp.sqrt(2)


def test_irrational_scale_and_symbolic_qk():
    spec = parse_spec('tokens = ["a", "b"]\nQ = [[1, 0, 0], [0, 1, 1]]\nK = [[1, 1, 0], [1, 0, 0]]\n')
    A = derive(spec).step("weights").exact
    Qm, Km = np.array([[1, 0, 0], [0, 1, 1.]]), np.array([[1, 1, 0], [1, 0, 0.]])
    np.testing.assert_allclose(_as_float(A), _numpy_attention(Qm, Km, np.eye(2), 3)[1], atol=1e-12)
    sym = derive(parse_spec('tokens = ["a", "b"]\nQ = "symbolic"\nK = "symbolic"\nd_k = 2\n'))
    w = sym.step("weights").exact[0, 0]
    q11, q12, k11, k12 = sp.symbols("q_{11} q_{12} k_{11} k_{12}")
    assert w.has(q11) and w.has(k12)
    point = {s: sp.Rational(i + 1, 3) for i, s in enumerate(sorted(w.free_symbols, key=str))}
    assert abs(float(w.subs(point)) - float(sym.step("weights").exact[0, 0].subs(point))) < 1e-15


def test_twelve_by_twelve_completes():
    rng = random.Random(7)
    spec, *_ = _random_spec(rng, 12, 12, 12)
    md = render(derive(spec), "md")
    assert md.count("\n## ") == 8  # Q, K, V given; K^T, S, S~, A, O
