"""MHA and GQA/MQA: exact heads against numpy and PyTorch SDPA; GQA = repeated-KV MHA, symbolically."""

import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, load_spec, parse_spec
from symattn.topics.heads import gqa, gqa_minus_mha, kv_cache_ratio, kv_group, mha, repeat_matrix
from symattn.topics.masks import mask_matrix
from symattn.numeric import evaluate
from symattn.regen import DEFAULT_DIR


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(m, 20)], dtype=np.float64)


def _np(m):
    return np.array(m.tolist(), dtype=np.float64)


def _numpy_gqa(Q, K, V, n_q, n_kv, causal):
    """Independent reference: numpy heads, K/V repeated with np.repeat (repeat_interleave)."""
    q, k, v = _np(Q), _np(K), _np(V)
    L, d_h, d_v = q.shape[0], q.shape[1] // n_q, v.shape[1] // n_kv
    qh = q.reshape(L, n_q, d_h).transpose(1, 0, 2)
    kh = np.repeat(k.reshape(L, n_kv, d_h).transpose(1, 0, 2), n_q // n_kv, axis=0)
    vh = np.repeat(v.reshape(L, n_kv, d_v).transpose(1, 0, 2), n_q // n_kv, axis=0)
    s = qh @ kh.transpose(0, 2, 1) / np.sqrt(d_h)
    if causal:
        s = s + np.triu(np.full((L, L), -np.inf), 1)
    s = s - s.max(axis=-1, keepdims=True)
    w = np.exp(s)
    w /= w.sum(axis=-1, keepdims=True)
    return (w @ vh).transpose(1, 0, 2).reshape(L, n_q * d_v)


def _cases(kind, n=50, seed=5):
    rng = random.Random(seed + (kind == "gqa"))
    for _ in range(n):
        if kind == "mha":
            n_q = n_kv = rng.randint(1, 3)
        else:
            n_kv = rng.randint(1, 2)
            n_q = n_kv * rng.randint(2, 3)
        L, d_h, d_v = rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 2)
        m = lambda r, c: sp.ImmutableMatrix(r, c, lambda i, j: sp.Rational(rng.randint(-3, 3), rng.choice([1, 2])))
        causal = rng.random() < 0.4
        W_O = m(n_q * d_v, rng.randint(1, 3)) if kind == "mha" and rng.random() < 0.5 else None
        yield m(L, n_q * d_h), m(L, n_kv * d_h), m(L, n_kv * d_v), n_q, n_kv, causal, W_O


MHA_CASES = list(_cases("mha"))
GQA_CASES = list(_cases("gqa"))


_EXACT = {}


def _exact(Q, K, V, n_q, n_kv, causal, W_O):
    """The exact result, computed once per case and shared by the numpy and torch tests."""
    key = (Q, K, V, n_q, n_kv, causal, W_O)
    if key not in _EXACT:
        mask = mask_matrix(Q.rows, causal=True) if causal else None
        _EXACT[key] = gqa(Q, K, V, n_q, n_kv, W_O, mask)
    return _EXACT[key]


@pytest.mark.parametrize("cases", [MHA_CASES, GQA_CASES], ids=["mha", "gqa"])
def test_heads_match_numpy_on_50_random_cases(cases):
    assert len(cases) == 50
    for Q, K, V, n_q, n_kv, causal, W_O in cases:
        res = _exact(Q, K, V, n_q, n_kv, causal, W_O)
        ref = _numpy_gqa(Q, K, V, n_q, n_kv, causal)
        assert np.abs(_floats(res.concat) - ref).max() <= 1e-12
        if W_O is not None:
            assert np.abs(_floats(res.output) - ref @ _np(W_O)).max() <= 1e-12


@pytest.mark.parametrize("cases", [MHA_CASES, GQA_CASES], ids=["mha", "gqa"])
def test_heads_match_torch_sdpa_on_50_random_cases(cases):
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for Q, K, V, n_q, n_kv, causal, W_O in cases:
        res = _exact(Q, K, V, n_q, n_kv, causal, W_O)
        L, d_h, d_v = Q.rows, Q.cols // n_q, V.cols // n_kv
        q = torch.tensor(_np(Q)).reshape(L, n_q, d_h).transpose(0, 1).unsqueeze(0)
        k = torch.tensor(_np(K)).reshape(L, n_kv, d_h).transpose(0, 1).unsqueeze(0)
        v = torch.tensor(_np(V)).reshape(L, n_kv, d_v).transpose(0, 1).unsqueeze(0)
        kwargs = {"enable_gqa": True} if n_q != n_kv else {}
        if causal and random.Random(L * 7 + n_q).random() < 0.5:
            kwargs["attn_mask"] = torch.ones(L, L, dtype=torch.bool).tril()
        elif causal:
            kwargs["is_causal"] = True
        out = F.scaled_dot_product_attention(q, k, v, **kwargs)[0].transpose(0, 1).reshape(L, n_q * d_v)
        assert np.abs(_floats(res.concat) - out.numpy()).max() <= 1e-12
        if W_O is not None:
            assert np.abs(_floats(res.output) - (out @ torch.tensor(_np(W_O))).numpy()).max() <= 1e-12


@pytest.mark.parametrize("n_q, n_kv", [(2, 1), (4, 2), (4, 1), (3, 3), (6, 2)])
def test_gqa_equals_mha_with_repeated_kv_symbolically(n_q, n_kv):
    assert gqa_minus_mha(n_q, n_kv) == sp.zeros(2, n_q)


def test_symbolic_check_catches_a_wrong_repetition():
    # Tiling (head i -> i mod n_kv) instead of grouping is not what GQA does: the difference is not 0.
    tiled = sp.ImmutableMatrix(2, 4, lambda r, c: int(r == c % 2))
    assert tiled != repeat_matrix(4, 2, 1)
    assert gqa_minus_mha(4, 2, repeat=tiled) != sp.zeros(2, 4)


def test_sharing_and_kv_cache_ratio():
    assert [kv_group(i, 8, 2) for i in range(8)] == [0, 0, 0, 0, 1, 1, 1, 1]
    n_q, n_kv = sp.symbols("n_q n_kv", positive=True, integer=True)
    assert kv_cache_ratio() == n_kv / n_q
    d = derive(load_spec(DEFAULT_DIR / "wo-ai-ni-gqa.toml"))
    assert d.step("kv_cache").exact == sp.Matrix([[sp.Rational(1, 2)]])
    assert d.step("sharing").exact == sp.Matrix([[1, 0], [1, 0], [0, 1], [0, 1]])
    assert d.step("gqa_equals_mha").exact == sp.zeros(2, 4)
    assert [s.id for s in d.steps].count("head4_output") == 1


def test_mha_document_shapes_and_projection():
    spec = load_spec(DEFAULT_DIR / "wo-ai-ni-mha.toml")
    d = derive(spec)
    assert d.step("split").exact == sp.Matrix([[4, 2, 2]])
    assert d.step("head1_weights").shape == (3, 3) and d.step("head2_output").shape == (3, 2)
    O = d.step("concat").exact
    assert O.shape == (3, 4)
    assert O[:, :2] == d.step("head1_output").exact and O[:, 2:] == d.step("head2_output").exact
    W_O = sp.Matrix(dict(spec.options)["W_O"])
    Y = d.step("output").exact
    # over one denominator the difference's numerator expands to exactly 0
    assert (Y - O * W_O).applyfunc(lambda e: sp.expand(sp.fraction(sp.together(e))[0])) == sp.zeros(3, 4)
    assert Y[0, 1] == Y[0, 2] == 1  # same-denominator ratios are added up
    # one head of MHA is the core attention with d_k = d_h on those columns
    from symattn.topics.attention import derive_attention
    core = derive_attention(replace(spec, topic="attention", Q=spec.Q[:, :2], K=spec.K[:, :2], V=spec.V[:, :2],
                                    options=()))
    assert core.step("weights").exact == d.step("head1_weights").exact


@pytest.mark.parametrize("text, entry", [
    ('topic = "mha"\ntokens = ["a"]\nQ = [[1, 0, 1]]\nK = [[1, 0, 1]]\nV = [[1, 0]]\n[options]\nheads = 2\n', "Q"),
    ('topic = "mha"\ntokens = ["a"]\nQ = [[1, 0]]\nK = [[1, 0]]\n[options]\nheads = 2\n', "V"),
    ('topic = "mha"\ntokens = ["a"]\nQ = [[1, 0]]\nK = [[1, 0]]\nV = [[1, 0]]\n', "options.heads"),
    ('topic = "mha"\ntokens = ["a"]\nQ = [[1, 0]]\nK = [[1, 0]]\nV = [[1, 0]]\n[options]\nheads = 2\n'
     'W_O = [[1], [2], [3]]\n', "options.W_O"),
    ('topic = "gqa"\ntokens = ["a"]\nQ = [[1, 0, 1]]\nK = [[1, 0]]\nV = [[1, 0]]\n[options]\n'
     'query_heads = 3\nkv_heads = 2\n', "options"),
    ('topic = "gqa"\ntokens = ["a"]\nQ = [[1, 0, 1, 1]]\nK = [[1, 0]]\nV = [[1, 0]]\n[options]\n'
     'query_heads = 4\nkv_heads = 1\n', "K"),
])
def test_bad_specs_are_one_error(text, entry):
    with pytest.raises(SymattnError) as info:
        derive(parse_spec(text, source="h.toml"))
    assert info.value.entry == entry and info.value.file == "h.toml"


@pytest.mark.parametrize("name, topic", [("wo-ai-ni-mha", "mha"), ("wo-ai-ni-gqa", "gqa")])
def test_cli_derives_the_head_specs(run_cli, name, topic):
    import json
    code, out, err = run_cli("derive", DEFAULT_DIR / f"{name}.toml", "--format", "json", "--lang", "en")
    assert code == 0 and err == ""
    doc = json.loads(out)
    ids = [s["id"] for s in doc["steps"]]
    assert doc["topic"] == topic and "head1_weights" in ids and "concat" in ids
    assert all(isinstance(s["shape"], list) for s in doc["steps"])
