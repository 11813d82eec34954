"""MLA: the latent c_KV = X W_DKV, K = c_KV W_UK, V = c_KV W_UV; absorbed scores (Q_h W_UK,h^T) c_KV^T
equal the explicit Q_h K_h^T exactly (on the example, symbolically, and on 50 random cases, where the
output also matches an independent numpy implementation); the cache per token against MHA, GQA, MQA."""

import random
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from symattn import derive
from symattn.spec import load_spec
from symattn.topics.mla import DEEPSEEK_V2, absorption_identity, cache_sizes, latent_attention

SPEC = Path(__file__).resolve().parent.parent / "derivations" / "wo-ai-ni-mla.toml"
half = sp.Rational(1, 2)


def test_example_latent_absorption_and_cache():
    d = derive(load_spec(SPEC))
    assert d.step("latent").exact == sp.Matrix([[half, 0, half], [0, 1, 0], [half, half, 0]])
    for h in (1, 2):
        assert d.step(f"head{h}_absorbed_scores").exact == d.step(f"head{h}_scores").exact
        assert d.step(f"head{h}_absorbed_query").shape == (3, 3)  # d_h = 4 into d_c = 3
    assert d.step("absorbed_minus_explicit").exact == sp.zeros(3, 6)
    assert d.step("absorption_identity").exact == sp.Matrix([[0]])
    C = d.step("cache_size").exact
    assert list(C.row(0)) == [2 * (4 + 2), 1 * (4 + 2), 4 + 2, 3 + 0]
    assert list(C.row(1)) == [2 * 128 * 128, 2 * 8 * 128, 2 * 128, 512 + 64]


@pytest.mark.parametrize("d_c, d_h", [(1, 1), (2, 3), (3, 2), (3, 3)])
def test_absorption_is_exactly_zero_symbolically(d_c, d_h):
    (q, c, W), absorbed, explicit, zero = absorption_identity(d_c, d_h)
    assert zero == 0 and sp.simplify(absorbed - explicit) == 0
    assert len(sp.Add.make_args(absorbed)) == d_c * d_h  # every q_i w_ji c_j appears once


def test_deepseek_v2_cache_sizes():
    mha, gqa, mqa, mla = cache_sizes(**DEEPSEEK_V2)
    assert (mha, gqa, mqa, mla) == (2 * 128 * 128, 2 * 8 * 128, 2 * 128, 576)
    assert sp.Rational(mla, mha) == sp.Rational(9, 512) and sp.Rational(mla, mqa) == sp.Rational(9, 4)


def numpy_mla(Q, X, W_DKV, W_UK, W_UV, heads):
    """MLA written directly in numpy, without symattn: up-project, then per-head softmax attention."""
    c = X @ W_DKV
    K, V = c @ W_UK, c @ W_UV
    d_h, d_v = Q.shape[1] // heads, W_UV.shape[1] // heads
    outs, absorbed = [], []
    for h in range(heads):
        q, k, v = Q[:, h * d_h:(h + 1) * d_h], K[:, h * d_h:(h + 1) * d_h], V[:, h * d_v:(h + 1) * d_v]
        s = q @ k.T / np.sqrt(d_h)
        w = np.exp(s - s.max(axis=1, keepdims=True))
        outs.append((w / w.sum(axis=1, keepdims=True)) @ v)
        absorbed.append((q @ W_UK[:, h * d_h:(h + 1) * d_h].T) @ c.T)
    return np.hstack(outs), absorbed


_ENTRIES = [sp.Integer(n) for n in (-2, -1, 0, 1, 2)] + [half, -half, sp.Rational(1, 3), sp.Rational(3, 4)]


@pytest.mark.parametrize("seed", range(50))
def test_random_cases_match_numpy(seed):
    rng = random.Random(seed)
    L, D, d_c = rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 3)
    n_h, d_h, d_v = rng.randint(1, 3), rng.randint(1, 2), rng.randint(1, 2)

    def m(rows, cols):
        return sp.ImmutableMatrix(rows, cols, lambda i, j: rng.choice(_ENTRIES))

    Q, X, W_DKV, W_UK, W_UV = m(L, n_h * d_h), m(L, D), m(D, d_c), m(d_c, n_h * d_h), m(d_c, n_h * d_v)
    mla = latent_attention(Q, X, W_DKV, W_UK, W_UV, n_h)
    for h in range(n_h):
        assert (mla.S_absorbed[h] - mla.S[h]).is_zero_matrix
    want, absorbed = numpy_mla(*(np.array(x.tolist(), dtype=float) for x in (Q, X, W_DKV, W_UK, W_UV)), n_h)
    got = np.array([[float(sp.N(e, 30)) for e in mla.output().row(i)] for i in range(L)])
    assert np.max(np.abs(got - want)) < 1e-12
    for h in range(n_h):
        assert np.max(np.abs(np.array(mla.S[h].tolist(), dtype=float) - absorbed[h])) < 1e-12


def test_spec_with_w_q_and_rope_dim(run_cli, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text('topic = "mla"\ntokens = ["a", "b"]\nX = [[1, 0], [0, 1]]\nW_Q = [[1, 0], [0, 1]]\nlang = "en"\n'
                    '[options]\nW_DKV = [[1], [2]]\nW_UK = [[1, 1]]\nW_UV = [[3]]\nrope_dim = 1\n', encoding="utf-8")
    code, out, err = run_cli("derive", path, "--format", "json")
    assert code == 0, err
    import json
    steps = {s["id"]: s for s in json.loads(out)["steps"]}
    assert steps["queries"]["exact"] == [["1", "0"], ["0", "1"]]
    assert steps["latent"]["exact"] == [["1"], ["2"]]
    assert steps["cache_size"]["exact"][0] == ["3", "3", "3", "2"]  # d_c + d_R = 1 + 1


@pytest.mark.parametrize("options, message", [
    ('W_UK = [[1, 1]]\nW_UV = [[3]]', "options.W_DKV"),
    ('W_DKV = [[1], [2]]\nW_UK = [[1, 1]]\nW_UV = [[3]]\nheads = 3', "do not split into 3 heads"),
    ('W_DKV = [[1], [2]]\nW_UK = [[1, 1]]\nW_UV = [[3, 3]]\nheads = 2\ngroups = 3', "must divide"),
    ('W_DKV = [[1, 2]]\nW_UK = [[1, 1]]\nW_UV = [[3]]', "W_DKV needs 2 rows"),
    ('W_DKV = [[1], [2]]\nW_UK = [[1, 1]]\nW_UV = [[3]]\nheads = 0', "options.heads"),
    ('W_DKV = [[1], ["x"]]\nW_UK = [[1, 1]]\nW_UV = [[3]]', "options.W_DKV"),
])
def test_bad_specs_are_one_line_exit_2(run_cli, tmp_path, options, message):
    path = tmp_path / "bad.toml"
    path.write_text('topic = "mla"\ntokens = ["a", "b"]\nX = [[1, 0], [0, 1]]\nQ = [[1, 0], [0, 1]]\n'
                    f'[options]\n{options}\n', encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1, err


def test_cache_card_numbers():
    from symattn.cards.concepts_beyond import decoding_concepts
    card = next(c for c in decoding_concepts() if c.key == "mla/cache")
    for lang in ("zh", "en"):
        for n in (512 + 64, 2 * 128 * 128, 2 * 8 * 128, 2 * 128):
            assert f"= {n}$" in card.back[lang]
        assert r"\frac{9}{512}" in card.back[lang]
