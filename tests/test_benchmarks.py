"""The benchmark scripts compute what they claim to (no timing here: speed lives in benchmarks/)."""

import sys
from pathlib import Path

import sympy as sp

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import baseline_sympy  # noqa: E402
import run as bench  # noqa: E402


def test_baseline_computes_the_same_attention_as_symattn():
    from symattn import derive
    spec = bench._spec(2)
    d = derive(spec)
    steps = dict(baseline_sympy.derive_steps(*(sp.Matrix(m) for m in baseline_sympy.matrices(2))))
    for title, step_id in ((r"A = \operatorname{softmax}(\tilde{S})", "weights"), ("O = A V", "output")):
        ours, theirs = d.step(step_id).exact, steps[title]
        assert ours.shape == theirs.shape
        for a, b in zip(ours, theirs):
            assert abs(sp.N(a - b, 30)) < 1e-25
    assert steps["S = Q K^T"] == d.step("scores").exact


def test_benchmark_derivation_agrees_with_numpy():
    assert bench.child_derive(4)["max_error"] < 1e-12


def test_fifty_equation_article_has_fifty_equations():
    text = bench.fifty_equation_article()
    assert len(bench._equations(text)) == 50
    assert bench.fifty_equation_article() == text  # the same article every run


def test_growth_exponent_is_the_slope_in_log_log():
    times = {n: 2.0 * n ** 3 for n in (3, 6, 12, 24)}
    assert abs(bench.growth_exponent(times) - 3.0) < 1e-12
    assert bench.growth_exponent({3: 1.0}) is None
