"""RoPE: exact rotations against numpy, and the relative-position identity proved symbolically."""

import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.topics.rope import (_block, _trig_zero, frequencies, relative_rotation_difference,
                          relative_score_difference, relative_scores, rotate)

ROPE = replace(article_spec(), topic="rope", claimed=())


def _np_rope(x, positions, base):
    """Interleaved RoPE in numpy (the RoFormer pairing)."""
    x = np.array(x, dtype=np.float64)
    d = x.shape[1]
    theta = base ** (-2 * np.arange(d // 2) / d)
    ang = np.outer(positions, theta)
    out = x.copy()
    out[:, 0::2] = x[:, 0::2] * np.cos(ang) - x[:, 1::2] * np.sin(ang)
    out[:, 1::2] = x[:, 0::2] * np.sin(ang) + x[:, 1::2] * np.cos(ang)
    return out


def _f(m):
    return np.array(m.evalf(30).tolist(), dtype=np.float64)


def test_article_positions_exact_forms():
    d = derive(ROPE)
    assert d.step("frequencies").exact == sp.Matrix([[1, sp.Rational(1, 100)]])
    Qt = d.step("rotated_queries").exact
    assert list(Qt.row(0)) == [1, 0, 1, 1]  # position 0: unchanged
    c, s = sp.cos(sp.Rational(1, 100)), sp.sin(sp.Rational(1, 100))
    assert list(Qt.row(1)) == [-sp.sin(1), sp.cos(1), -s, c]
    S = d.step("scores").exact
    assert S[0, 1] == -sp.sin(1) + c + s
    assert S[0, 0] == 2 and S[2, 2] == 2  # diagonal: rotations cancel


def test_rotation_matches_numpy_and_scores_match_the_direct_product():
    rng = random.Random(11)
    for _ in range(30):
        L, d = rng.randint(1, 4), rng.choice([2, 4, 6])
        base = rng.choice([10000, 100, 16])
        Q = sp.Matrix(L, d, lambda i, j: rng.randint(-3, 3))
        K = sp.Matrix(L, d, lambda i, j: rng.randint(-3, 3))
        pos = [rng.randint(0, 20) for _ in range(L)]
        th = frequencies(d, base)
        Qt, Kt = rotate(Q, pos, th), rotate(K, pos, th)
        assert np.abs(_f(Qt) - _np_rope(np.array(Q.tolist(), dtype=float), pos, base)).max() <= 1e-12
        direct = _f(Qt) @ _f(Kt).T
        assert np.abs(_f(relative_scores(Q, K, pos, th)) - direct).max() <= 1e-12


def test_shifting_every_position_keeps_every_score_exactly():
    Q, K = ROPE.Q, ROPE.K
    th = frequencies(4)
    assert relative_scores(Q, K, [0, 1, 2], th) == relative_scores(Q, K, [7, 8, 9], th)
    # and numerically through the rotated matrices themselves, not through the identity
    a = _f(rotate(Q, [0, 1, 2], th)) @ _f(rotate(K, [0, 1, 2], th)).T
    b = _f(rotate(Q, [7, 8, 9], th)) @ _f(rotate(K, [7, 8, 9], th)).T
    assert np.abs(a - b).max() <= 1e-12


def test_relative_position_identity_is_exactly_zero():
    assert relative_rotation_difference() == sp.zeros(2, 2)
    assert relative_score_difference() == 0
    # the check can fail: the wrong sign of the offset does not vanish
    m, n, t = sp.symbols("m n theta", real=True)
    wrong = (_block(m * t).T * _block(n * t) - _block((m - n) * t)).applyfunc(_trig_zero)
    assert wrong != sp.zeros(2, 2)
    d = derive(ROPE)
    assert d.step("relative_rotation").exact == sp.zeros(2, 2)
    assert d.step("relative_score").exact == sp.zeros(1, 1)


@pytest.mark.parametrize("options, entry", [
    ("base = -2", "options.base"),
    ("positions = [0, 1]", "options.positions"),
    ('positions = [0, 1, "x"]', "options.positions"),
])
def test_bad_options(options, entry):
    text = ('topic = "rope"\ntokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\nK = [[1, 0], [0, 1], [1, 1]]\n'
            f"[options]\n{options}\n")
    with pytest.raises(SymattnError) as info:
        derive(parse_spec(text, source="r.toml"))
    assert info.value.entry == entry and info.value.file == "r.toml"


def test_odd_width_is_an_error():
    with pytest.raises(SymattnError, match="even"):
        derive(parse_spec('topic = "rope"\ntokens = ["a"]\nQ = [[1, 0, 1]]\nK = [[1, 0, 1]]\n'))


def test_cli_derives_the_rope_spec(run_cli):
    import json
    from symattn.regen import DEFAULT_DIR
    code, out, err = run_cli("derive", DEFAULT_DIR / "wo-ai-ni-rope.toml", "--format", "json")
    assert code == 0 and err == ""
    steps = {s["id"]: s for s in json.loads(out)["steps"]}
    assert steps["relative_rotation"]["exact"] == [["0", "0"], ["0", "0"]]
    assert sp.sympify(steps["rotated_queries"]["exact"][1][0]) == -sp.sin(1)
