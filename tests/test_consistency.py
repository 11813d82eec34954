"""Consistency of assumed values: is there an exact W with X W = Q?"""

from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec, render
from symattn.markup import as_text
from symattn.printing import latex
from symattn.topics.consistency import derive_consistency, solve_projection
from symattn.examples import article_spec

ARTICLE = replace(article_spec(), topic="consistency")


def test_article_q_has_an_exact_projection():
    d = derive(ARTICLE)
    assert dict(d.meta)["exists"] is True and dict(d.meta)["rank_X"] == 3
    X, Q = ARTICLE.X, ARTICLE.Q
    W = d.step("solution").exact
    assert all(e.is_Rational for e in W)
    assert X * W == Q  # exactly, over the rationals
    assert d.step("check").exact == Q
    # the printed W_Q is this matrix
    md = render(derive(replace(ARTICLE, lang="en")), "md")
    assert "has an exact solution" in md and r"\frac{3}{4}" in md


def test_minimum_norm_and_free_parameters():
    X, Q = ARTICLE.X, ARTICLE.Q
    s = solve_projection(X, Q)
    assert s.null.shape == (4, 1) and X * s.null == sp.zeros(3, 1)
    # the pseudo-inverse agrees with numpy's, and W0 is orthogonal to the null space (least norm)
    assert np.allclose(np.array(s.pinv.tolist(), dtype=float), np.linalg.pinv(np.array(X.tolist(), dtype=float)),
                       atol=1e-12)
    assert s.null.T * s.W0 == sp.zeros(1, 4)
    general = derive(ARTICLE).step("general_solution").exact
    c = sorted(general.free_symbols, key=str)
    assert len(c) == 4  # one free parameter per column of Q
    assert (X * general).applyfunc(sp.expand) == Q  # every member solves it
    t = {ci: sp.Rational(k + 1, 3) for k, ci in enumerate(c)}
    W = general.subs(t)
    assert sum(e**2 for e in W) > sum(e**2 for e in s.W0)


def test_inconsistent_target_is_reported():
    X = sp.Matrix([[1, 0], [2, 0], [0, 1]])  # rank 2, 3 rows: not every target is reachable
    T = sp.Matrix([[1], [0], [0]])
    s = solve_projection(X, T)
    assert not s.exists and s.rank_x == 2 and s.rank_aug == 3
    W = s.W0  # least squares: X^T (X W - T) = 0
    assert X.T * (X * W - T) == sp.zeros(2, 1)
    spec = parse_spec('topic = "consistency"\ntokens = ["a", "b", "c"]\nX = [[1, 0], [2, 0], [0, 1]]\n'
                      'Q = [[1], [0], [0]]\nlang = "en"\n')
    d = derive(spec)
    assert dict(d.meta)["exists"] is False
    assert any("no $W_{Q}$" in as_text(n.en).source(latex) for n in d.step("ranks").notes)
    assert d.step("check").exact != spec.Q


def test_rank_deficient_both_ways_uses_the_general_pseudo_inverse():
    X = sp.Matrix([[1, 1], [1, 1]])
    s = solve_projection(X, sp.Matrix([[2], [2]]))
    assert s.route == "general" and s.exists and X * s.W0 == sp.Matrix([[2], [2]])
    assert s.W0 == sp.Matrix([[1], [1]])


@pytest.mark.parametrize("text, entry", [
    ('topic = "consistency"\ntokens = ["a"]\nQ = [[1]]\n', "X"),
    ('topic = "consistency"\ntokens = ["a"]\nX = [[1]]\nQ = [[1]]\n[options]\ntarget = "W"\n', "options.target"),
    ('topic = "consistency"\ntokens = ["a"]\nX = ["\\\\sqrt{2}"]\nQ = [[1]]\n', "X"),
])
def test_bad_input_is_one_error(text, entry):
    with pytest.raises(SymattnError) as info:
        derive(parse_spec(text, source="c.toml"))
    assert info.value.entry == entry and info.value.file == "c.toml"


def test_cli_prints_one_exact_w_q(run_cli):
    from symattn.regen import DEFAULT_DIR
    code, out, err = run_cli("derive", DEFAULT_DIR / "wo-ai-ni-consistency.toml", "--lang", "en", "--format", "text")
    assert code == 0 and err == ""
    assert "has an exact solution" in out and "3/4" in out
