"""RoPE in both pairings, against independent numpy versions of each (50 random cases each)."""

import random

import numpy as np
import pytest
import sympy as sp

from symattn import derive, parse_spec, render
from symattn.topics.rope import frequencies, layout_rotation_difference, relative_scores, rotate

SPEC = """topic = "rope"
tokens = ["a", "b", "c"]
Q = [[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]
K = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]
[options]
"""


def np_interleaved(x, positions, base):
    """The RoFormer paper: (x_{2i}, x_{2i+1}) rotated by p θ_i, as a complex product."""
    x = np.asarray(x, dtype=np.float64)
    d = x.shape[1]
    theta = base ** (-np.arange(0, d, 2) / d)
    z = (x[:, 0::2] + 1j * x[:, 1::2]) * np.exp(1j * np.outer(positions, theta))
    out = np.empty_like(x)
    out[:, 0::2], out[:, 1::2] = z.real, z.imag
    return out


def np_rotate_half(x, positions, base):
    """Hugging Face's LLaMA: q * cos + rotate_half(q) * sin, with emb = cat(freqs, freqs)."""
    x = np.asarray(x, dtype=np.float64)
    d = x.shape[1]
    inv_freq = 1.0 / (base ** (np.arange(0, d, 2) / d))
    emb = np.concatenate([np.outer(positions, inv_freq)] * 2, axis=-1)
    half = np.concatenate([-x[:, d // 2:], x[:, :d // 2]], axis=-1)
    return x * np.cos(emb) + half * np.sin(emb)


def _f(m):
    return np.array(m.evalf(30).tolist(), dtype=np.float64)


def _cases(seed):
    rng = random.Random(seed)
    for _ in range(50):
        L, d = rng.randint(1, 4), rng.choice([2, 4, 6, 8])
        base = rng.choice([10000, 100, 16, 500000])
        Q = sp.Matrix(L, d, lambda i, j: sp.Rational(rng.randint(-9, 9), rng.choice([1, 2, 10])))
        K = sp.Matrix(L, d, lambda i, j: sp.Rational(rng.randint(-9, 9), rng.choice([1, 2, 10])))
        yield Q, K, [rng.randint(0, 50) for _ in range(L)], base


@pytest.mark.parametrize("pairing, reference, seed", [("interleaved", np_interleaved, 3),
                                                      ("half", np_rotate_half, 4)])
def test_rotation_and_scores_agree_with_numpy(pairing, reference, seed):
    worst = 0.0
    for Q, K, pos, base in _cases(seed):
        th = frequencies(Q.cols, base)
        q_np = reference(_f(Q), pos, base)
        k_np = reference(_f(K), pos, base)
        worst = max(worst, np.abs(_f(rotate(Q, pos, th, pairing)) - q_np).max(),
                    np.abs(_f(rotate(K, pos, th, pairing)) - k_np).max(),
                    np.abs(_f(relative_scores(Q, K, pos, th, pairing)) - q_np @ k_np.T).max())
    assert worst <= 1e-12


def test_the_pairings_differ_and_are_a_permutation_of_each_other():
    d = derive(parse_spec(SPEC + 'pairing = "half"'))
    inter = derive(parse_spec(SPEC))
    s_half, s_inter = d.step("scores").exact, inter.step("scores").exact
    assert round(float(s_inter[0, 1]), 4) == 0.1685 and round(float(s_half[0, 1]), 4) == -0.2912
    # half on Q equals interleaved on Q with columns (0, 2, 1, 3): the same idea, another layout
    perm = [0, 2, 1, 3]
    Q = sp.Matrix([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]])
    th = frequencies(4)
    Qp = Q[:, perm]
    assert rotate(Q, [0, 1, 2], th, "half")[:, perm] == rotate(Qp, [0, 1, 2], th)


@pytest.mark.parametrize("pairing", ["interleaved", "half"])
@pytest.mark.parametrize("d", [2, 4, 6, 8])
def test_relative_identity_holds_in_each_layout(pairing, d):
    assert layout_rotation_difference(d, pairing) == sp.zeros(d, d)


@pytest.mark.parametrize("pairing, words", [("interleaved", ["RoFormer", "interleaved", "columns $2i-1$ and $2i$"]),
                                            ("half", ["rotate_half", "halves", "columns $i$ and $i + 2$"])])
def test_the_document_states_pairing_and_indexing(pairing, words):
    d = derive(parse_spec(SPEC + f'pairing = "{pairing}"'))
    text = render(d, "md", "en")
    for w in words:
        assert w in text
    assert "$\\theta_i = b^{-2(i-1)/d}$ ($i = 1, \\dots, d/2$)" in text
    assert d.step("relative_rotation_layout").exact == sp.zeros(4, 4)
    assert dict(d.meta)["pairing"] == pairing


def test_bad_pairing_is_exit_2(tmp_path, capsys):
    from symattn.cli import main
    spec = tmp_path / "r.toml"
    spec.write_text(SPEC + 'pairing = "rotate"', encoding="utf-8")
    assert main(["derive", str(spec)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "options.pairing" in err[0] and "half" in err[0]
