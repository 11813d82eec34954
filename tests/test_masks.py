"""Masks: exact zeros for hidden keys, against numpy and PyTorch SDPA on random small cases."""

from dataclasses import replace
import random

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.topics.masks import derive_mask, mask_matrix, masked_attention
from symattn.numeric import evaluate

half = sp.Rational(1, 2)
E = sp.exp(half)


def _causal(spec):
    return replace(spec, topic="mask", options=(("causal", True),))


def test_article_causal_weights_are_exact():
    d = derive_mask(_causal(article_spec()))
    A = d.step("weights").exact
    assert A == sp.Matrix([[1, 0, 0], [half, half, 0], [1 / (E + 2), 1 / (E + 2), E / (E + 2)]])
    assert all(A[i, j] is sp.S.Zero for i in range(3) for j in range(3) if j > i)
    assert d.step("masked_scores").exact[0, 1] == -sp.oo
    out = d.step("output").exact
    v = sp.symbols("v_我 v_爱 v_你")
    assert out[0, 0] == v[0] and sp.expand(out[1, 0] - (v[0] + v[1]) / 2) == 0


def test_padding_column_is_zero_and_rows_renormalise():
    Q = K = sp.Matrix([[1, 0], [0, 1], [1, 1]])
    V = sp.Matrix([[1], [2], [100]])
    A, O = masked_attention(Q, K, V, mask_matrix(3, padded=[2]))
    assert list(A.col(2)) == [0, 0, 0]
    for i in range(3):
        assert sp.simplify(sum(A.row(i)) - 1) == 0
    assert float(O[2, 0]) == pytest.approx(1.5)  # the PAD value 100 never leaks in


def test_fully_masked_row_is_an_error(run_cli, tmp_path):
    with pytest.raises(SymattnError, match="fully masked"):
        masked_attention(sp.eye(2), sp.eye(2), sp.eye(2), mask_matrix(2, causal=True, padded=[0]))
    spec = tmp_path / "m.toml"
    spec.write_text('topic = "mask"\ntokens = ["PAD", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                    '[options]\ncausal = true\npadding = ["PAD"]\n', encoding="utf-8")
    code, out, err = run_cli("derive", spec)
    assert code == 2 and out == "" and "fully masked" in err and "m.toml" in err and err.count("\n") == 1


@pytest.mark.parametrize("options, message", [
    ("causal = 1", "options.causal"),
    ('padding = "x"', "options.padding"),
    ('padding = ["zzz"]', "zzz"),
])
def test_bad_options_name_the_entry(options, message):
    spec = parse_spec(f'topic = "mask"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                      f'[options]\n{options}\n', source="s.toml")
    with pytest.raises(SymattnError, match=message) as info:
        derive(spec)
    assert "s.toml" in str(info.value)


# --- random cases against numpy and torch ----------------------------------------------------

def _cases(n=50, seed=4):
    rng = random.Random(seed)
    for _ in range(n):
        L, d, dv = rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 3)
        m = lambda r, c: sp.Matrix(r, c, lambda i, j: sp.Rational(rng.randint(-4, 4), rng.choice([1, 2])))
        kind = rng.choice(["causal", "padding", "both", "random"])
        if kind == "random":
            allowed = [[rng.random() < 0.6 for _ in range(L)] for _ in range(L)]
            for i, row in enumerate(allowed):
                row[rng.randrange(L)] = True  # never a fully masked row
            M = sp.ImmutableMatrix(L, L, lambda i, j: 0 if allowed[i][j] else -sp.oo)
        else:
            pads = [] if kind == "causal" or L == 1 else rng.sample(range(1, L), rng.randint(1, L - 1))
            M = mask_matrix(L, causal=kind != "padding", padded=pads)
        yield kind, m(L, d), m(L, d), m(L, dv), M


CASES = list(_cases())


def _numpy_masked(Q, K, V, M):
    q, k, v = (np.array(x.tolist(), dtype=np.float64) for x in (Q, K, V))
    add = np.array([[-np.inf if e == -sp.oo else 0.0 for e in M.row(i)] for i in range(M.rows)])
    s = q @ k.T / np.sqrt(q.shape[1]) + add
    s = s - s.max(axis=1, keepdims=True)
    w = np.exp(s)
    w /= w.sum(axis=1, keepdims=True)
    return w, w @ v


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(m, 20)], dtype=np.float64)


def test_masked_attention_matches_numpy_on_50_random_cases():
    assert len(CASES) == 50
    for kind, Q, K, V, M in CASES:
        A, O = masked_attention(Q, K, V, M)
        w, o = _numpy_masked(Q, K, V, M)
        assert np.abs(_floats(A) - w).max() <= 1e-12, kind
        assert np.abs(_floats(O) - o).max() <= 1e-12, kind
        hidden = [(i, j) for i in range(M.rows) for j in range(M.cols) if M[i, j] == -sp.oo]
        assert all(A[i, j] is sp.S.Zero for i, j in hidden)  # exactly zero, not tiny


def test_masked_attention_matches_torch_sdpa_on_50_random_cases():
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for kind, Q, K, V, M in CASES:
        _, O = masked_attention(Q, K, V, M)
        q, k, v = (torch.tensor(np.array(x.tolist(), dtype=np.float64)) for x in (Q, K, V))
        if kind == "causal":
            ref = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            allowed = torch.tensor([[e == 0 for e in M.row(i)] for i in range(M.rows)])
            ref = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
        assert np.abs(_floats(O) - ref.numpy()).max() <= 1e-12, kind


def test_causal_spec_renders_minus_infinity():
    from symattn import render
    md = render(derive_mask(_causal(article_spec("en"))), "md")
    assert r"-\infty" in md and "NegativeInfinity" not in md
    assert r"a_{21} = \frac{e^{1/2}}{e^{1/2} + e^{1/2} + e^{-\infty}}" in md


@pytest.mark.parametrize("name", ["wo-ai-ni-causal", "padding-mask"])
def test_cli_derives_the_mask_specs(run_cli, name):
    import json
    from symattn.regen import DEFAULT_DIR
    code, out, err = run_cli("derive", DEFAULT_DIR / f"{name}.toml", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["topic"] == "mask"
    assert [s["id"] for s in doc["steps"]][-4:] == ["mask", "masked_scores", "weights", "output"]
    assert "-oo" in doc["steps"][-4]["exact"][0]
