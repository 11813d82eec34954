"""The online softmax: m, ℓ, Õ tile by tile and O = Õ/ℓ against an independent numpy FlashAttention
loop on 50 random cases; tiled = full exactly 0 in SymPy, on the examples and symbolically for two tiles;
the log-sum-exp; bad options one line."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.topics.online_softmax import derive_online_softmax, tiles, two_tile_difference

half = sp.Rational(1, 2)
E = sp.exp(half)


def _article(**options):
    return replace(article_spec(), topic="online_softmax", claimed=(), options=tuple(sorted(options.items())))


def numpy_flash(q, k, v, d_k, block):
    """FlashAttention's forward loop over key tiles, in float64, written from the paper, not from symattn."""
    s = q @ k.T / np.sqrt(d_k)
    L = s.shape[0]
    m, ell, acc = np.full(L, -np.inf), np.zeros(L), np.zeros((L, v.shape[1]))
    history = []
    for start in range(0, s.shape[1], block):
        st = s[:, start:start + block]
        new_m = np.maximum(m, st.max(axis=1))
        p = np.exp(st - new_m[:, None])
        scale = np.exp(m - new_m)
        ell = scale * ell + p.sum(axis=1)
        acc = scale[:, None] * acc + p @ v[start:start + block]
        m = new_m
        history.append((m.copy(), ell.copy(), acc.copy()))
    return acc / ell[:, None], m + np.log(ell), history


def _f(m) -> np.ndarray:
    return np.array([[float(x) for x in row] for row in m.tolist()], dtype=np.float64)


def test_article_tiles_and_running_values_are_exact():
    d = derive_online_softmax(_article())
    assert [s.id for s in d.steps if s.id.startswith("tile_")] == [
        "tile_1_max", "tile_1_sum", "tile_1_output", "tile_2_max", "tile_2_sum", "tile_2_output"]
    assert list(d.step("tile_1_max").exact) == [1, half, half]
    assert list(d.step("tile_2_max").exact) == [1, half, 1]
    assert d.step("tile_1_sum").exact[0, 0] == 1 + sp.exp(-half)
    assert d.step("tile_2_sum").exact[0, 0] == 1 + 2 * sp.exp(-half)
    v = sp.symbols("v_我 v_爱 v_你")
    assert sp.simplify(d.step("output").exact[0, 0] - (E * v[0] + v[1] + v[2]) / (E + 2)) == 0


def test_tiled_equals_full_exactly_on_the_example_for_every_block():
    spec = replace(_article(), V=sp.ImmutableMatrix([[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]]))
    full = derive(replace(spec, topic="attention")).step("output").exact
    for block in (1, 2):
        d = derive(replace(spec, options=(("block", block),)))
        T = len(tiles(3, block))
        acc, ell = d.step(f"tile_{T}_output").exact, d.step(f"tile_{T}_sum").exact
        for i in range(3):
            for k in range(4):
                assert sp.simplify(acc[i, k] / ell[i, 0] - full[i, k]) == 0
        assert d.step("output").exact == full
        assert dict(d.meta)["tiled_is_full"]


@pytest.mark.parametrize("first, second", [(1, 1), (2, 1), (2, 2), (3, 2)])
def test_two_tiles_equal_the_full_softmax_symbolically(first, second):
    tiled, full = two_tile_difference(first, second)
    assert tiled.free_symbols >= {sp.Symbol("m_1", real=True), sp.Symbol("m_2", real=True)}
    assert sp.cancel(sp.expand(tiled - full, power_exp=True)) == 0  # structural: e^{a-b} = e^a e^{-b}
    assert sp.simplify(tiled - full) == 0


def test_the_proof_step_shows_zero():
    d = derive_online_softmax(_article())
    step = d.step("two_tile_proof")
    assert step.exact == sp.Matrix([[0]]) and step.expanded[-1] == 0


def test_logsumexp_is_log_of_the_row_sums_exactly():
    d = derive_online_softmax(_article())
    lse, scaled, A = d.step("logsumexp").exact, d.step("scaled_scores").exact, None
    A = derive(replace(_article(), topic="attention")).step("weights").exact
    for i in range(3):
        sums = sp.Add(*(sp.exp(x) for x in scaled.row(i)))
        assert sp.simplify(sp.exp(lse[i, 0]) - sums) == 0
        for j in range(3):
            assert sp.simplify(sp.exp(scaled[i, j] - lse[i, 0]) - A[i, j]) == 0


def test_against_numpy_flash_attention_on_50_random_cases():
    rng = random.Random(2026)
    for case in range(50):
        L, dk, dv = rng.randint(2, 6), rng.randint(1, 4), rng.randint(1, 3)
        Q = sp.ImmutableMatrix(L, dk, lambda i, j: rng.randint(-2, 2))
        K = sp.ImmutableMatrix(L, dk, lambda i, j: rng.randint(-2, 2))
        V = sp.ImmutableMatrix(L, dv, lambda i, j: rng.randint(-3, 3))
        block = rng.randint(1, L - 1)
        d_k = rng.choice([dk, 4, 1])
        spec = replace(article_spec(), topic="online_softmax", tokens=tuple(f"t{i}" for i in range(L)), X=None,
                       W_Q=None, W_K=None, W_V=None, Q=Q, K=K, V=V, d_k=sp.Integer(d_k), claimed=(),
                       options=(("block", block),))
        d = derive(spec)
        assert dict(d.meta)["tiled_is_full"] and dict(d.meta)["lse_is_logsumexp"], case  # term for term
        out, lse, history = numpy_flash(_f(Q), _f(K), _f(V), d_k, block)
        assert np.allclose(_f(d.step("output").exact), out, rtol=0, atol=1e-12), case
        assert np.allclose(_f(d.step("logsumexp").exact).ravel(), lse, rtol=0, atol=1e-12), case
        for t, (m, ell, acc) in enumerate(history, start=1):
            assert np.allclose(_f(d.step(f"tile_{t}_max").exact).ravel(), m, rtol=0, atol=1e-12), (case, t)
            assert np.allclose(_f(d.step(f"tile_{t}_sum").exact).ravel(), ell, rtol=0, atol=1e-12), (case, t)
            assert np.allclose(_f(d.step(f"tile_{t}_output").exact), acc, rtol=0, atol=1e-12), (case, t)


@pytest.mark.parametrize("options, message", [
    ("block = 0", "positive whole number"),
    ("block = true", "positive whole number"),
    ('block = "2"', "positive whole number"),
    ("block = 3", "at least two tiles"),
    ("block = 99999999", "over the limit"),
    ("tile = 1", "unknown option"),
])
def test_bad_block_is_one_line(options, message):
    spec = parse_spec('topic = "online_softmax"\ntokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\n'
                      f'K = [[1, 0], [0, 1], [1, 1]]\n[options]\n{options}\n')
    with pytest.raises(SymattnError, match=message):
        derive(spec)


def test_cli_bad_block_exits_2(run_cli, tmp_path):
    path = tmp_path / "o.toml"
    path.write_text('topic = "online_softmax"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                    '[options]\nblock = -1\n', encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and "o.toml" in err and "options.block" in err and err.count("\n") == 1


def test_the_cost_of_many_tiles_is_refused_before_any_work(monkeypatch):
    """T tiles of L tokens hold about T L (d_v + 1) L exact terms: over SYMATTN_MAX_TERMS, one line."""
    spec = parse_spec('topic = "online_softmax"\ntokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\n'
                      'K = [[1, 0], [0, 1], [1, 1]]\nV = [[1], [2], [3]]\n[options]\nblock = 1\n')
    monkeypatch.setenv("SYMATTN_MAX_TERMS", "53")  # 3 tiles * 3 * 2 * 3 = 54; the forward pass needs 36
    with pytest.raises(SymattnError, match="3 tiles of 3 tokens .* SYMATTN_MAX_TERMS"):
        derive(spec)
    monkeypatch.setenv("SYMATTN_MAX_TERMS", "54")
    assert derive(spec).step("tile_3_output").shape == (3, 1)
