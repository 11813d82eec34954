"""ALiBi: exact slopes and biases, the article's example, and 50 random cases against PyTorch SDPA
with the bias as an explicit float attn_mask (and against numpy)."""

from dataclasses import replace
import math
import random

import numpy as np
import pytest
import sympy as sp

from symattn import SymattnError, derive, parse_spec
from symattn.examples import article_spec
from symattn.numeric import evaluate
from symattn.regen import DEFAULT_DIR
from symattn.spec import load_spec
from symattn.topics.alibi import alibi_attention, alibi_bias, alibi_slopes, distances

E4 = sp.exp(sp.Rational(1, 4))


def paper_slopes(n):
    """The ALiBi paper's get_slopes (github.com/ofirpress/attention_with_linear_biases), in floats."""
    def power_of_2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return power_of_2(n)
    closest = 2 ** math.floor(math.log2(n))
    return power_of_2(closest) + paper_slopes(2 * closest)[0::2][:n - closest]


def test_slopes_of_eight_heads_are_powers_of_one_half():
    assert alibi_slopes(8) == [sp.Rational(1, 2 ** k) for k in range(1, 9)]
    assert alibi_slopes(16)[0] == 1 / sp.sqrt(2)  # 2^{-8/16}: exact, not a float


@pytest.mark.parametrize("h", range(1, 65))
def test_slopes_match_the_papers_code(h):
    ours = [float(m) for m in alibi_slopes(h)]
    assert len(ours) == h
    assert np.abs(np.array(ours) - np.array(paper_slopes(h))).max() <= 1e-15


def test_bias_is_minus_slope_times_distance_with_the_causal_mask():
    m = sp.Rational(1, 4)
    B = alibi_bias(4, m)
    for i in range(4):
        for j in range(4):
            assert B[i, j] == (-sp.oo if j > i else -m * (i - j))
    two_sided = alibi_bias(4, m, causal=False)
    assert two_sided == m * distances(4) and two_sided == two_sided.T


def _spec(**options):
    return replace(article_spec(), topic="alibi", V=article_spec().X, options=tuple(sorted(options.items())))


def test_article_example_is_exact():
    d = derive(_spec(heads=4, head=1))
    assert [s.id for s in d.steps][-6:] == ["slopes", "distances", "bias", "biased_scores", "weights", "output"]
    A = d.step("weights").exact
    den = E4 ** 4 + E4 + 1  # row 3: z = (1/2 - 1/2, 1/2 - 1/4, 1) shifted by its minimum 0
    assert A.row(2) == sp.Matrix([[1 / den, E4 / den, E4 ** 4 / den]])
    assert A[0, 1] is sp.S.Zero and A[0, 2] is sp.S.Zero and A[1, 2] is sp.S.Zero  # hidden: exactly 0
    for i in range(3):
        assert sp.simplify(sum(A.row(i)) - 1) == 0
    # the bias multiplies each unnormalised weight by e^{-m} per position back, exactly
    St = d.step("scaled_scores").exact
    ratio = A[2, 0] / A[2, 1] * sp.exp(St[2, 1] - St[2, 0])
    assert sp.simplify(ratio - sp.exp(-sp.Rational(1, 4))) == 0


def test_derivation_spec_matches_its_documents():
    spec = load_spec(DEFAULT_DIR / "wo-ai-ni-alibi.toml")
    d = derive(spec)
    assert dict(d.meta)["slope"] == sp.Rational(1, 4)
    A, O = alibi_attention(spec.Q, spec.K, spec.V, sp.Rational(1, 4))
    assert d.step("weights").exact == A and d.step("output").exact == O


def test_effect_note_compares_the_row_without_the_bias():
    from symattn.render import render
    md = render(derive(_spec(heads=4, head=1)), "md", "en")
    assert "0.2741 & 0.2741 & 0.4519" in md  # the causal row without the bias (the article's 我 爱 你)
    assert "\\frac{1}{e^{1/4}} \\approx 0.7788" in md   # as 2/e^{1/4} would be written beside it


# --- 50 random cases against torch and numpy -----------------------------------------------

def _cases(n=50, seed=17):
    rng = random.Random(seed)
    for _ in range(n):
        L, d, dv = rng.randint(1, 5), rng.randint(1, 4), rng.randint(1, 3)
        m = lambda r, c: sp.Matrix(r, c, lambda i, j: sp.Rational(rng.randint(-4, 4), rng.choice([1, 2])))
        h = rng.choice([1, 2, 3, 4, 6, 8, 12, 16])
        yield m(L, d), m(L, d), m(L, dv), h, rng.randint(1, h), rng.random() < 0.7


CASES = list(_cases())


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(m, 20)], dtype=np.float64)


def _float_bias(L, slope, causal):
    """The bias built independently in floats: -m |i - j|, -inf above the diagonal if causal."""
    i, j = np.indices((L, L))
    B = -slope * np.abs(i - j).astype(np.float64)
    if causal:
        B[j > i] = -np.inf
    return B


def test_alibi_matches_torch_sdpa_with_a_float_mask_on_50_random_cases():
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    assert len(CASES) == 50
    for Q, K, V, h, k, causal in CASES:
        slope = alibi_slopes(h)[k - 1]
        A, O = alibi_attention(Q, K, V, slope, causal)
        q, kk, v = (torch.tensor(_floats(x)) for x in (Q, K, V))
        mask = torch.tensor(_float_bias(Q.rows, paper_slopes(h)[k - 1], causal))
        ref = F.scaled_dot_product_attention(q[None], kk[None], v[None], attn_mask=mask[None])[0]
        assert np.abs(_floats(O) - ref.numpy()).max() <= 1e-12, (h, k, causal)


def test_alibi_weights_match_numpy_on_50_random_cases():
    for Q, K, V, h, k, causal in CASES:
        A, O = alibi_attention(Q, K, V, alibi_slopes(h)[k - 1], causal)
        q, kk, v = (_floats(x) for x in (Q, K, V))
        s = q @ kk.T / np.sqrt(q.shape[1]) + _float_bias(Q.rows, paper_slopes(h)[k - 1], causal)
        w = np.exp(s - s.max(axis=1, keepdims=True))
        w /= w.sum(axis=1, keepdims=True)
        assert np.abs(_floats(A) - w).max() <= 1e-12
        assert np.abs(_floats(O) - w @ v).max() <= 1e-12
        if causal:
            assert all(A[i, j] is sp.S.Zero for i in range(A.rows) for j in range(i + 1, A.cols))


# --- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ("heads = 0", "options.heads"),
    ("heads = 2.5", "options.heads"),
    ("heads = 4\nhead = 5", "head 5 does not exist"),
    ("head = 0", "options.head"),
    ('causal = "yes"', "options.causal"),
    ("heads = 1000", "SYMATTN_MAX_HEADS"),
    ("slope = 1", "unknown option"),
])
def test_bad_options_are_one_line_errors(run_cli, tmp_path, options, message):
    path = tmp_path / "a.toml"
    path.write_text(f'topic = "alibi"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                    f"[options]\n{options}\n", encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and message in err and "a.toml" in err and err.count("\n") == 1


def test_options_are_checked_in_the_library_too():
    spec = parse_spec('topic = "alibi"\ntokens = ["a"]\nQ = [[1]]\nK = [[1]]\n[options]\nheads = -1\n', source="s.toml")
    with pytest.raises(SymattnError, match="options.heads"):
        derive(spec)


# --- cards ------------------------------------------------------------------------------------

def test_alibi_cards_carry_the_derivations_numbers():
    from symattn.cards import concept_deck
    for lang in ("zh", "en"):
        cards = {c.id.split(":", 1)[1]: c for c in concept_deck(lang).cards}
        assert {"alibi/slopes", "alibi/bias", "alibi/decay", "alibi/article", "alibi/extrapolation"} <= set(cards)
        spec = load_spec(DEFAULT_DIR / "wo-ai-ni-alibi.toml")
        q, k = _floats(spec.Q), _floats(spec.K)
        s = q @ k.T / 2
        for slope in (0.25, 0.0):  # with and without the bias, row 3 sees every key
            z = s[2] - slope * np.array([2.0, 1.0, 0.0])
            w = np.exp(z) / np.exp(z).sum()
            assert " & ".join(f"{x:.4f}" for x in w) in cards["alibi/article"].back
        assert f"{math.exp(-0.25):.4f}" in cards["alibi/decay"].back
        assert r"\frac{1}{256}" in cards["alibi/slopes"].back
