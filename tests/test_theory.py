"""The softmax Jacobian and Var(q·k) = d_k: exact results, checked independently."""

import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.softmax import softmax_row
from symattn.topics.theory import expectation, jacobian, sample_variance, variance_of_dot

E = sp.exp(sp.Rational(1, 2))
GRAD = replace(article_spec(), topic="softmax_gradient", claimed=())


def test_article_row_jacobians_are_exact():
    d = derive(GRAD)
    J1 = d.step("jacobian_1").exact
    D2 = (E + 2) ** 2
    assert J1[0, 0] == 2 * E / D2 and J1[0, 1] == -E / D2 and J1[1, 1] == (E + 1) / D2 and J1[1, 2] == -1 / D2
    assert d.step("jacobian_2").exact == (sp.eye(3) * 3 - sp.ones(3, 3)) / 9


def test_jacobian_matches_diag_minus_outer_and_autograd():
    rng = random.Random(7)
    for _ in range(20):
        n = rng.randint(1, 4)
        z = [sp.Rational(rng.randint(-6, 6), rng.choice([1, 2, 3])) for _ in range(n)]
        row = softmax_row(z)
        J = jacobian(row)
        a = sp.Matrix(row.weights())
        # the canonical form equals diag(a) - a a^T, proved by expansion with e^{x} as a symbol-free number
        num = np.array(J.evalf(30).tolist(), dtype=float)
        an = np.array([float(x) for x in a])
        ref = np.diag(an) - np.outer(an, an)
        assert np.abs(num - ref).max() <= 1e-12
        diff = (J - (sp.diag(*a) - a * a.T)).applyfunc(lambda e: sp.N(e, 50))
        assert max(abs(x) for x in diff) < 1e-45
        try:
            import torch
        except ImportError:
            continue
        zt = torch.tensor([float(x) for x in z], dtype=torch.float64)
        jt = torch.autograd.functional.jacobian(lambda v: torch.softmax(v, 0), zt)
        assert np.abs(num - jt.numpy()).max() <= 1e-12


def test_saturation_at_768():
    d = derive(GRAD)
    z = d.step("unscaled_scores").exact
    r3 = sp.sqrt(3)
    assert list(z) == [16 * r3, 8 * r3, 8 * r3]
    J = d.step("saturated_jacobian").exact
    assert J[0, 0] == 2 * sp.exp(8 * r3) / (sp.exp(8 * r3) + 2) ** 2
    assert float(J[0, 0]) < 2e-6 < 0.2 < float(d.step("jacobian_1").exact[0, 0])
    lim = d.step("saturation_limit")
    assert lim.expanded[-1] == 0


def test_variance_of_dot_is_exactly_d_k():
    dk = sp.Symbol("d_k", integer=True, positive=True)
    assert variance_of_dot() == dk
    assert variance_of_dot() - dk == 0
    for n in range(1, 6):  # full expansion of E[(q·k)^2] by moments, independently of the pair split
        q, k = sp.symbols(f"q_1:{n + 1}"), sp.symbols(f"k_1:{n + 1}")
        dot = sum(a * b for a, b in zip(q, k))
        assert expectation(dot**2, q + k) - expectation(dot, q + k) ** 2 == n == variance_of_dot(n)


def test_variance_with_sympy_stats():
    from sympy.stats import Normal, variance
    qs = [Normal(f"q{i}", 0, 1) for i in range(3)]
    ks = [Normal(f"k{i}", 0, 1) for i in range(3)]
    assert variance(sum(a * b for a, b in zip(qs, ks))) == 3 == variance_of_dot(3)


def test_expectation_keeps_unknown_moments_symbolic():
    q = sp.Symbol("q")
    assert expectation(q**4, [q]) == sp.Symbol("mu_4")
    assert expectation(q**4, [q], {4: 3}) == 3


def test_seeded_sampling_is_close_and_repeatable():
    raw, scaled = sample_variance(768, 10000, 0)
    assert (raw, scaled) == sample_variance(768, 10000, 0)
    # Var of the sample variance of q·k (normal entries): E[(q·k)^4] = 3 d^2 + 6 d, so SE ≈ d sqrt(2/N)
    se = 768 * np.sqrt((3 * 768**2 + 6 * 768) / 768**2 - 1) / np.sqrt(10000)
    assert abs(raw - 768) < 5 * se and abs(scaled - 1) < 5 * se / 768
    d = derive(parse_spec('topic = "why_sqrt_dk"\nd_k = 768\nlang = "en"\n[options]\nsamples = 2000\n'))
    assert d.step("variance").exact[0, 0] == sp.Symbol("d_k", integer=True, positive=True)
    assert d.step("variance_at_d_k").exact == sp.Matrix([[768, 16 * sp.sqrt(3)]])
    assert d.step("scaled_variance").exact == sp.Matrix([[1]])
    note = d.step("sampling").notes[0].en
    assert f"{sample_variance(768, 2000, 0)[0]:.2f}" in note


@pytest.mark.parametrize("text, entry", [
    ('topic = "why_sqrt_dk"\nd_k = 0.5\n', "d_k"),
    ('topic = "why_sqrt_dk"\n[options]\nsamples = -1\n', "options.samples"),
    ('topic = "why_sqrt_dk"\n[options]\nseed = "x"\n', "options.seed"),
    ('topic = "softmax_gradient"\ntokens = ["a"]\nQ = [[1]]\nK = [[1]]\n[options]\nsaturation_d_k = 0\n',
     "options.saturation_d_k"),
])
def test_bad_options(text, entry):
    with pytest.raises(SymattnError) as info:
        derive(parse_spec(text, source="t.toml"))
    assert info.value.entry == entry and info.value.file == "t.toml"


@pytest.mark.parametrize("name, topic", [("wo-ai-ni-softmax-gradient", "softmax_gradient"),
                                         ("why-sqrt-dk", "why_sqrt_dk")])
def test_cli_derives_the_theory_specs(run_cli, name, topic):
    import json
    from symattn.regen import DEFAULT_DIR
    code, out, err = run_cli("derive", DEFAULT_DIR / f"{name}.toml", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["topic"] == topic
    if topic == "why_sqrt_dk":
        steps = {s["id"]: s for s in doc["steps"]}
        assert steps["variance"]["exact"] == [["d_k"]]
