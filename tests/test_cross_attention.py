"""Cross-attention: queries from one sequence, keys and values from another of a different length;
shapes at every step, and 50 random cases against PyTorch's scaled_dot_product_attention with an
explicit attn_mask (a source padding mask, or all zeros), in float64."""

import json
import random

import numpy as np
import pytest
import sympy as sp

from symattn import derive, parse_spec
from symattn.topics.cross_attention import cross_attend

half = sp.Rational(1, 2)
E = sp.exp(half)

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_example_shapes_and_weights():
    from symattn.spec import load_spec
    d = derive(load_spec(ROOT / "derivations" / "wo-ai-ni-cross.toml"))
    shapes = {s.id: s.shape for s in d.steps}
    assert shapes == {"queries": (2, 4), "keys": (3, 4), "values": (3, 4), "keys_transposed": (4, 3),
                      "scores": (2, 3), "scaled_scores": (2, 3), "weights": (2, 3), "output": (2, 4)}
    A = d.step("weights").exact
    assert A.row(0) == sp.Matrix([[E / (2 * E + 1), 1 / (2 * E + 1), E / (2 * E + 1)]])
    assert A.row(1) == sp.Matrix([[1 / (E + 2), E / (E + 2), 1 / (E + 2)]])
    assert all(sp.simplify(sum(A.row(i)) - 1) == 0 for i in range(2))
    assert d.step("weights").col_labels == ("我", "爱", "你") and d.step("weights").row_labels == ("I", "love")


def test_memory_projection_and_padding():
    text = ('topic = "cross_attention"\ntokens = ["x"]\nX = [[1, 1]]\nW_Q = [[1, 0], [0, 1]]\n'
            'W_K = [[1, 0], [0, 2]]\nW_V = [[1], [3]]\n'
            '[options]\nsource = ["a", "b", "PAD"]\nmemory = [[1, 0], [0, 1], [5, 5]]\npadding = ["PAD"]\n')
    d = derive(parse_spec(text))
    assert d.step("keys").exact == sp.Matrix([[1, 0], [0, 2], [5, 10]])
    assert d.step("mask").exact == sp.Matrix([[0, 0, -sp.oo]])
    A = d.step("weights").exact
    assert A[0, 2] == 0  # exactly, so the PAD value never leaks in
    root2 = sp.sqrt(2)
    want = (sp.exp(1 / root2) * 1 + sp.exp(2 / root2) * 3) / (sp.exp(1 / root2) + sp.exp(2 / root2))
    assert sp.simplify(d.step("output").exact[0, 0] - want) == 0


_ENTRIES = [sp.Integer(n) for n in (-2, -1, 0, 1, 2, 3)] + [half, -half, sp.Rational(1, 3), sp.Rational(-3, 4)]


@pytest.mark.parametrize("seed", range(50))
def test_random_cases_match_torch_sdpa(seed):
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    rng = random.Random(seed)
    L_q, L_kv, d, d_v = rng.randint(1, 4), rng.randint(1, 5), rng.randint(1, 4), rng.randint(1, 3)
    while L_kv == L_q:
        L_kv = rng.randint(1, 5)

    def m(rows, cols):
        return sp.ImmutableMatrix(rows, cols, lambda i, j: rng.choice(_ENTRIES))

    Q, K, V = m(L_q, d), m(L_kv, d), m(L_kv, d_v)
    d_k = rng.choice([d, 1, 2, 3])
    hidden = [j for j in range(L_kv) if rng.random() < 0.3][:L_kv - 1]  # never every key
    mask = sp.ImmutableMatrix(L_q, L_kv, lambda i, j: -sp.oo if j in hidden else 0)
    if seed % 2:  # half the cases go through the spec and the derivation
        src = [f"s{j}" for j in range(L_kv)]
        text = (f'topic = "cross_attention"\ntokens = {json.dumps([f"q{i}" for i in range(L_q)])}\n'
                f"Q = {_toml(Q)}\nK = {_toml(K)}\nV = {_toml(V)}\nd_k = {d_k}\n"
                f"[options]\nsource = {json.dumps(src)}\npadding = {json.dumps([src[j] for j in hidden])}\n")
        doc = derive(parse_spec(text))
        A, O = doc.step("weights").exact, doc.step("output").exact
    else:
        A, O = cross_attend(Q, K, V, d_k, mask)
    t = [torch.tensor(np.array(x.tolist(), dtype=float), dtype=torch.float64) for x in (Q, K, V)]
    attn_mask = torch.zeros(L_q, L_kv, dtype=torch.float64)
    attn_mask[:, hidden] = float("-inf")
    want = F.scaled_dot_product_attention(*t, attn_mask=attn_mask, scale=1 / float(np.sqrt(d_k)))
    got = np.array([[float(sp.N(e, 30)) for e in O.row(i)] for i in range(L_q)])
    assert got.shape == (L_q, d_v)
    assert np.max(np.abs(got - want.numpy())) < 1e-12
    assert all(A[i, j] == 0 for i in range(L_q) for j in hidden)


def _toml(m) -> str:
    return "[" + ", ".join("[" + ", ".join(json.dumps(str(e)) if not e.is_Integer else str(e) for e in m.row(i))
                           + "]" for i in range(m.rows)) + "]"


@pytest.mark.parametrize("options, message", [
    ("", "options.source"),
    ('source = ["a", "a"]', "distinct"),
    ('source = ["a", "b"]\npadding = ["z"]', "'z' is not one of the source tokens"),
    ('source = ["a", "b"]\npadding = ["a", "b"]', "every source token is padding"),
    ('source = ["a", "b", "c"]', "K has 2 rows but there are 3 source tokens"),
    ('source = ["a", "b"]\nmemory = [[1, 2], [3]]', "options.memory"),
])
def test_bad_specs_are_one_line_exit_2(run_cli, tmp_path, options, message):
    path = tmp_path / "bad.toml"
    path.write_text('topic = "cross_attention"\ntokens = ["x"]\nQ = [[1, 0]]\nK = [[1, 0], [0, 1]]\n'
                    f'V = [[1], [2]]\n[options]\n{options}\n', encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_card_weights_match_numpy():
    from symattn.cards.concepts_beyond import decoding_concepts
    card = next(c for c in decoding_concepts() if c.key == "cross-attention/example")
    s = np.array([1, 0, 0, 0]) @ np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]).T / 2
    w = np.exp(s - s.max()) / np.exp(s - s.max()).sum()
    for lang in ("zh", "en"):
        assert all(f"{x:.4f}" in card.back[lang] for x in w), card.back[lang]
