"""Sinusoidal position encodings (topic "pe"): the exact values against numpy, the shift map, the
dot products, and permutation equivariance of attention without positions (numpy, and torch's
nn.MultiheadAttention and scaled_dot_product_attention where installed)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sympy as sp

from symattn.errors import SymattnError
from symattn.regen import DEFAULT_DIR
from symattn.spec import load_spec, parse_spec
from symattn.topics import derive
from symattn.topics.pe import (encodings, equivariance_identity, frequencies, permutation, shift_identity,
                               shift_map)

SPEC = DEFAULT_DIR / "wo-ai-ni-pe.toml"


def np_pe(positions, d, base=10000.0):
    """The paper's formula, written independently: PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(…)."""
    pe = np.zeros((len(positions), d))
    for r, p in enumerate(positions):
        for i in range(d // 2):
            pe[r, 2 * i] = math.sin(p / base ** (2 * i / d))
            pe[r, 2 * i + 1] = math.cos(p / base ** (2 * i / d))
    return pe


def as_np(m) -> np.ndarray:
    return np.array(sp.ImmutableMatrix(m).evalf(30).tolist(), float)


@pytest.fixture(scope="module")
def doc():
    return derive(load_spec(SPEC))


def test_encodings_match_numpy(doc):
    assert np.allclose(as_np(doc.step("encodings").exact), np_pe([0, 1, 2], 4), atol=1e-15)
    assert doc.step("frequencies").exact == sp.ImmutableMatrix([[1, sp.Rational(1, 100)]])
    assert np.allclose(as_np(encodings(list(range(7)), frequencies(8))), np_pe(range(7), 8), atol=1e-15)
    # the printed 4 decimals are numpy's, rounded
    md = (DEFAULT_DIR / "wo-ai-ni-pe.en.md").read_text(encoding="utf-8")
    row = " & ".join(f"{v:.4f}" for v in np_pe([2], 4)[0])
    assert row in md and "0.9093 & -0.4161 & 0.0200 & 0.9998" == row


def test_the_shift_map_takes_pe_p_to_pe_p_plus_k_numpy():
    rng = np.random.default_rng(0)
    om = frequencies(6)
    for _ in range(20):
        p, k = int(rng.integers(0, 500)), int(rng.integers(1, 50))
        M = as_np(shift_map(k, om))
        assert np.allclose(np_pe([p], 6) @ M, np_pe([p + k], 6), atol=1e-9)
        assert np.allclose(M @ M.T, np.eye(6), atol=1e-12)          # a rotation: it keeps lengths
    assert shift_identity() == sp.zeros(1, 2)


def test_the_document_checks_the_shift_exactly(doc):
    assert doc.step("shift_check").exact.is_zero_matrix
    assert doc.step("shift_map").exact.shape == (4, 4)


def test_dot_products_depend_only_on_the_offset_numpy(doc):
    pe = np_pe(range(10), 8)
    G = pe @ pe.T
    for k in range(10):
        assert np.allclose(np.diagonal(G, k), np.diagonal(G, k)[0])
    assert np.allclose(as_np(doc.step("gram").exact), np_pe([0, 1, 2], 4) @ np_pe([0, 1, 2], 4).T)
    assert doc.step("gram").exact[0, 0] == 2


def _np_attention(Q, K, V):
    S = Q @ K.T / math.sqrt(K.shape[1])
    A = np.exp(S - S.max(1, keepdims=True))
    return (A / A.sum(1, keepdims=True)) @ V


def test_attention_without_positions_is_permutation_equivariant_numpy(doc):
    Q, K, V = (as_np(doc.step(i).exact) for i in ("queries", "keys", "values"))
    P = as_np(permutation([2, 1, 0]))   # the spec's order 你 爱 我
    assert np.allclose(_np_attention(P @ Q, P @ K, P @ V), P @ _np_attention(Q, K, V))
    assert np.allclose(as_np(doc.step("output").exact), _np_attention(Q, K, V))
    assert np.allclose(as_np(doc.step("permuted_output").exact), _np_attention(P @ Q, P @ K, P @ V))
    assert doc.step("permuted_minus_reordered").exact.is_zero_matrix
    assert equivariance_identity([2, 0, 1]) == sp.zeros(3, 3)
    # with positions added the inputs are no longer a reordering
    pe = np_pe([0, 1, 2], 4)
    assert not np.allclose(P @ pe, pe)
    assert np.allclose(as_np(doc.step("positions_break_it").exact), P @ pe - pe)


def test_permutation_equivariance_in_torch():
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(8, 2, batch_first=True, dtype=torch.float64)
    x = torch.randn(1, 5, 8, dtype=torch.float64)
    perm = torch.tensor([3, 0, 4, 1, 2])
    out, _ = mha(x, x, x)
    out_p, _ = mha(x[:, perm], x[:, perm], x[:, perm])
    assert torch.allclose(out_p, out[:, perm], atol=1e-12)
    q = torch.tensor(np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float))[None]
    k = torch.tensor(np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float))[None]
    v = torch.tensor(np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]], float))[None]
    f = torch.nn.functional.scaled_dot_product_attention
    r = torch.tensor([2, 1, 0])
    doc = derive(load_spec(SPEC))
    assert torch.allclose(f(q[:, r], k[:, r], v[:, r])[0], torch.tensor(as_np(doc.step("permuted_output").exact)))
    # and with the encodings added, the reordered input's output is not the reordered output
    pe = torch.tensor(np_pe([0, 1, 2], 4))
    y = f(q + pe, k + pe, v + pe)[0]
    y_r = f(q[:, r] + pe, k[:, r] + pe, v[:, r] + pe)[0]
    assert not torch.allclose(y_r, y[r])


def test_permutation_matrix_reorders_rows():
    P = permutation([2, 0, 1])
    assert P * sp.Matrix([[1], [2], [3]]) == sp.Matrix([[3], [1], [2]])


@pytest.mark.parametrize("extra, entry", [
    ("[options]\nshift = 3", "options.shift"),
    ("[options]\norder = [\"a\", \"a\", \"b\"]", "options.order"),
    ("[options]\nbase = -1", "options.base"),
])
def test_bad_options_name_the_entry(extra, entry):
    text = ('topic = "pe"\ntokens = ["a", "b", "c"]\nX = [[1, 0], [0, 1], [1, 1]]\nQ = [[1, 0], [0, 1], [1, 1]]\n'
            'K = [[1, 0], [0, 1], [1, 1]]\nV = [[1, 0], [0, 1], [1, 1]]\n' + extra)
    with pytest.raises(SymattnError) as e:
        derive(parse_spec(text))
    assert entry in str(e.value)


def test_an_odd_width_is_refused():
    text = ('topic = "pe"\ntokens = ["a", "b"]\nX = [[1, 0, 1], [0, 1, 0]]\nQ = [[1, 0, 1], [0, 1, 0]]\n'
            'K = [[1, 0, 1], [0, 1, 0]]\nV = [[1, 0, 1], [0, 1, 0]]\n')
    with pytest.raises(SymattnError, match="even width"):
        derive(parse_spec(text))


def test_both_languages_and_sources(doc):
    zh = (DEFAULT_DIR / "wo-ai-ni-pe.md").read_text(encoding="utf-8")
    en = (DEFAULT_DIR / "wo-ai-ni-pe.en.md").read_text(encoding="utf-8")
    assert "置换等变" in zh and "permutation-equivariant" in en
    assert "第 3.5 节" in zh and "Section 3.5" in en
    assert (DEFAULT_DIR / "wo-ai-ni-pe.tex").exists()
