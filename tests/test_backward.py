"""The backward pass: exact dV, dA, D, dS~, dS, dQ, dK against torch autograd (float64) on 50 random
cases, the identities it states, and bad dO options as one-line errors."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.softmax import softmax_row
from symattn.topics.backward import backward, derive_backward, is_zero

half = sp.Rational(1, 2)
E = sp.exp(half)
ARTICLE_V = [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]]
ARTICLE_DO = [[1, 0, -1, 0], [0, 1, 0, 0], [0, 0, 1, 1]]


def _spec(Q, K, V, dO, d_k=None):
    base = replace(article_spec(), topic="backward", tokens=tuple(f"t{i}" for i in range(Q.rows)),
                   X=None, W_Q=None, W_K=None, W_V=None, Q=Q, K=K, V=V, claimed=())
    return replace(base, d_k=sp.Integer(d_k if d_k is not None else Q.cols),
                   options=(("dO", [[int(x) for x in row] for row in dO.tolist()]),))


def _article(dO=ARTICLE_DO):
    spec = replace(article_spec(), topic="backward", V=sp.ImmutableMatrix(ARTICLE_V), claimed=())
    return replace(spec, options=() if dO is None else (("dO", dO),))


def test_article_gradients_are_exact():
    d = derive_backward(_article())
    dSt = d.step("grad_scaled_scores").exact
    assert dSt[0, 0] == -E / (E + 2) ** 2
    assert dSt[1, :] == sp.Matrix([[-sp.Rational(1, 3), sp.Rational(1, 3), 0]])
    assert all(is_zero(x) for x in d.step("grad_scores").exact - dSt / 2)  # sqrt(d_k) = 2
    assert all(is_zero(x) for x in d.step("row_dot").exact - sp.Matrix([1 / (E + 2), 1, 2 / (E + 2)]))
    assert d.step("grad_keys").exact[0, 0] == 0
    ids = [s.id for s in d.steps]
    assert ids[-9:] == ["upstream", "grad_values", "grad_weight", "row_dot", "grad_scaled_scores",
                        "grad_scores", "grad_queries", "grad_keys", "grad_scaled_scores_causal"]


def test_row_dot_equals_rowsum_of_do_times_o_and_rows_of_ds_sum_to_zero_exactly():
    d = derive_backward(_article())
    O, dO, D = d.step("output").exact, d.step("upstream").exact, d.step("row_dot").exact
    dSt = d.step("grad_scaled_scores").exact
    for i in range(3):
        assert sp.simplify(D[i, 0] - sum(dO[i, k] * O[i, k] for k in range(4))) == 0
        assert sp.simplify(sp.Add(*dSt.row(i))) == 0


def test_symbolic_upstream_gradient_gives_the_general_formula():
    d = derive_backward(_article(dO=None))
    dO = d.step("upstream").exact
    assert dO[0, 0] == sp.Symbol("do_11") and dict(d.meta)["symbolic_do"]
    dV = d.step("grad_values").exact
    # dv_11 = a_11 do_11 + a_21 do_21 + a_31 do_31, exactly, with the symbols kept
    A = d.step("weights").exact
    assert is_zero(dV[0, 0] - sum(A[k, 0] * dO[k, 0] for k in range(3)))
    # the rows of dS~ still sum to 0 for every dO
    dSt = d.step("grad_scaled_scores").exact
    assert all(is_zero(sp.Add(*dSt.row(i))) for i in range(3))


def _random_case(rng):
    L, dk, dv = rng.randint(2, 4), rng.randint(1, 4), rng.randint(1, 3)
    Q = sp.ImmutableMatrix(L, dk, lambda i, j: rng.randint(-2, 2))
    K = sp.ImmutableMatrix(L, dk, lambda i, j: rng.randint(-2, 2))
    V = sp.ImmutableMatrix(L, dv, lambda i, j: rng.randint(-3, 3))
    dO = sp.ImmutableMatrix(L, dv, lambda i, j: rng.randint(-2, 2))
    return Q, K, V, dO, rng.choice([dk, 4, 1])


def _f(m) -> np.ndarray:
    return np.array([[float(x) for x in row] for row in m.tolist()], dtype=np.float64)


def test_gradients_match_torch_autograd_on_50_random_cases():
    torch = pytest.importorskip("torch")
    rng = random.Random(20260)
    for case in range(50):
        Q, K, V, dO, d_k = _random_case(rng)
        d = derive(_spec(Q, K, V, dO, d_k))
        q, k, v = (torch.tensor(_f(m), requires_grad=True) for m in (Q, K, V))
        out = torch.softmax(q @ k.T / np.sqrt(d_k), dim=-1) @ v
        out.backward(torch.tensor(_f(dO)))
        for step_id, t in (("grad_queries", q), ("grad_keys", k), ("grad_values", v)):
            exact = _f(d.step(step_id).exact)
            assert np.allclose(exact, t.grad.numpy(), rtol=0, atol=1e-12), (case, step_id)
        # the same through torch's own attention kernel, dQ and dK included
        q2, k2, v2 = (torch.tensor(_f(m), requires_grad=True) for m in (Q, K, V))
        sdpa = torch.nn.functional.scaled_dot_product_attention(
            q2[None], k2[None], v2[None], scale=1 / np.sqrt(d_k))[0]
        sdpa.backward(torch.tensor(_f(dO)))
        assert np.allclose(_f(d.step("grad_queries").exact), q2.grad.numpy(), rtol=0, atol=1e-12), case


def test_intermediate_gradients_match_numpy_formulas():
    """dA, D and dS~ against the textbook formulas in float64, written independently here."""
    rng = random.Random(7)
    for _ in range(10):
        Q, K, V, dO, d_k = _random_case(rng)
        d = derive(_spec(Q, K, V, dO, d_k))
        q, k, v, g = (_f(m) for m in (Q, K, V, dO))
        s = q @ k.T / np.sqrt(d_k)
        a = np.exp(s - s.max(axis=1, keepdims=True))
        a /= a.sum(axis=1, keepdims=True)
        da = g @ v.T
        D = (g * (a @ v)).sum(axis=1, keepdims=True)
        assert np.allclose(_f(d.step("grad_weight").exact), da, atol=1e-12)
        assert np.allclose(_f(d.step("row_dot").exact), D, atol=1e-12)
        assert np.allclose(_f(d.step("grad_scaled_scores").exact), a * (da - D), atol=1e-12)


def test_backward_function_alone():
    rows = [softmax_row([0, 0]), softmax_row([1, 0])]
    e = sp.E
    A = sp.Matrix([[half, half], [e / (e + 1), 1 / (e + 1)]])
    dV, dA, D, dSt, dS, dQ, dK = backward(rows, sp.eye(2), sp.eye(2), sp.eye(2), sp.eye(2), 4)
    assert all(is_zero(x) for x in dV - A.T) and dA == sp.eye(2)
    assert all(is_zero(x) for x in D - sp.Matrix([half, 1 / (e + 1)]))
    assert dSt[0, :] == sp.Matrix([[sp.Rational(1, 4), -sp.Rational(1, 4)]])
    assert all(is_zero(x) for x in dS - dSt / 2) and dQ == dS and dK == dS.T


@pytest.mark.parametrize("options, message", [
    ('dO = 3', "options.dO"),
    ('dO = [[1, 2]]', "shape of O"),
    ('dO = [[1, 2], [3]]', "shape of O"),
    ('dO = [[true, 1], [1, 1]]', "boolean"),
    ('dO = "sym"', "options.dO"),
    ('dx = 1', "unknown option"),
])
def test_bad_upstream_gradient_is_one_line(options, message):
    spec = parse_spec('topic = "backward"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                      f'V = [[1, 0], [0, 1]]\n[options]\n{options}\n')
    with pytest.raises(SymattnError, match=message):
        derive(spec)


def test_symbolic_scores_are_refused():
    spec = parse_spec('topic = "backward"\ntokens = ["a", "b"]\nQ = "symbolic"\nK = [[1, 0], [0, 1]]\nd_k = 2\n')
    with pytest.raises(SymattnError, match="numeric Q and K"):
        derive(spec)


def test_cli_bad_do_exits_2_with_one_line(run_cli, tmp_path):
    path = tmp_path / "b.toml"
    path.write_text('topic = "backward"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                    '[options]\ndO = [[1, "\\\\input{x}"], [0, 1]]\n', encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and "b.toml" in err and err.count("\n") == 1


def test_the_backward_cost_is_refused_before_any_work(monkeypatch):
    """dQ and dK hold about 2 L^3 d_k exact terms: over SYMATTN_MAX_TERMS, one line naming the variable."""
    spec = parse_spec('topic = "backward"\ntokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\n'
                      'K = [[1, 0], [0, 1], [1, 1]]\nV = [[1], [2], [3]]\n[options]\ndO = [[1], [0], [0]]\n')
    monkeypatch.setenv("SYMATTN_MAX_TERMS", "100")  # 2 * 27 * 2 = 108 terms; the forward pass needs 36
    with pytest.raises(SymattnError, match="backward pass of 3 tokens .* SYMATTN_MAX_TERMS"):
        derive(spec)
    monkeypatch.setenv("SYMATTN_MAX_TERMS", "108")
    assert derive(spec).step("grad_keys").shape == (3, 2)


def test_cards_on_the_backward_pass_and_online_softmax_carry_symattn_numbers():
    """At least 8 cards per language; their decimals agree with float64 numpy on the documents' inputs."""
    from symattn.cards.concepts_beyond import gradient_flow_concepts
    cards = {c.key: c for c in gradient_flow_concepts()}
    assert len(cards) >= 8 and all(k.startswith(("backward/", "online/")) for k in cards)
    for c in cards.values():
        assert c.front.zh and c.front.en and c.back.zh and c.back.en
    q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], dtype=np.float64)
    k = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], dtype=np.float64)
    v, g = np.array(ARTICLE_V, dtype=np.float64), np.array(ARTICLE_DO, dtype=np.float64)
    s = q @ k.T / 2
    a = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    ds = a * (g @ v.T - (g * (a @ v)).sum(axis=1, keepdims=True))
    lse = np.log(np.exp(s).sum(axis=1))
    for lang in ("zh", "en"):
        assert f"\\approx {ds[0, 0]:.4f}" in cards["backward/softmax"].back[lang]
        assert f"\\approx {lse[0]:.4f}" in cards["online/lse"].back[lang]
        assert f"\\approx {(a @ v)[0, 0]:.4f}" in cards["online/exact"].back[lang]
