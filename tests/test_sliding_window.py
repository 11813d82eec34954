"""Sliding windows: the exact mask, the cut rows as renormalised causal rows, and 50 random cases
against PyTorch SDPA with the window as an explicit float attn_mask (and against numpy)."""

from dataclasses import replace
import random

import numpy as np
import pytest
import sympy as sp

from symattn import derive
from symattn.examples import article_spec
from symattn.numeric import evaluate
from symattn.pipeline import masked_softmax_rows
from symattn.regen import DEFAULT_DIR
from symattn.spec import load_spec
from symattn.topics.sliding_window import kept_pairs, window_attention, window_mask


@pytest.mark.parametrize("L, w", [(L, w) for L in range(1, 7) for w in range(1, 8)])
def test_mask_shows_exactly_the_window(L, w):
    M, both = window_mask(L, w), window_mask(L, w, causal=False)
    for i in range(L):
        for j in range(L):
            assert (M[i, j] == 0) == (i - w < j <= i) and M[i, j] in (0, -sp.oo)
            assert (both[i, j] == 0) == (abs(i - j) < w)
    if w <= L:
        assert sum(1 for x in M if x == 0) == kept_pairs(L, w)


def test_kept_pairs_formula():
    L, w = sp.symbols("L w", positive=True, integer=True)
    i = sp.Symbol("i", integer=True)
    # rows 1..w see i keys, rows w+1..L see w keys
    total = sp.summation(i, (i, 1, w)) + (L - w) * w
    assert sp.simplify(kept_pairs(L, w) - total) == 0


def _spec(**options):
    return replace(article_spec(), topic="sliding_window", options=tuple(sorted(options.items())))


def test_article_with_width_two_hides_the_first_key_of_row_three():
    d = derive(_spec(window=2))
    A = d.step("weights").exact
    assert A[2, 0] is sp.S.Zero and A[0, 1] is sp.S.Zero
    half = sp.exp(sp.Rational(1, 2))
    assert A.row(2) == sp.Matrix([[0, 1 / (half + 1), half / (half + 1)]])
    assert [s.id for s in d.steps][-4:] == ["mask", "masked_scores", "weights", "output"]


def test_cut_rows_are_the_causal_rows_renormalised():
    spec = load_spec(DEFAULT_DIR / "sliding-window.toml")
    d = derive(spec)
    scaled, A = d.step("scaled_scores").exact, d.step("weights").exact
    L = scaled.rows
    causal = [r.weights() for r in masked_softmax_rows(scaled, window_mask(L, L))]
    w = dict(d.meta)["window"]
    for i in range(L):
        seen = [j for j in range(L) if i - w < j <= i]
        share = sp.Add(*[causal[i][j] for j in seen])
        for j in range(L):
            expected = causal[i][j] / share if j in seen else 0
            assert sp.simplify(A[i, j] - expected) == 0


def test_a_window_as_wide_as_the_sequence_is_causal_attention():
    spec = load_spec(DEFAULT_DIR / "sliding-window.toml")
    L = len(spec.tokens)
    wide = derive(replace(spec, options=(("window", L),))).step("weights").exact
    causal = sp.ImmutableMatrix([list(r.weights()) for r in masked_softmax_rows(
        derive(spec).step("scaled_scores").exact, sp.ImmutableMatrix(L, L, lambda i, j: -sp.oo if j > i else 0))])
    assert wide == causal


# --- 50 random cases against torch and numpy -----------------------------------------------

def _cases(n=50, seed=23):
    rng = random.Random(seed)
    for _ in range(n):
        L, d, dv = rng.randint(1, 6), rng.randint(1, 4), rng.randint(1, 3)
        m = lambda r, c: sp.Matrix(r, c, lambda i, j: sp.Rational(rng.randint(-4, 4), rng.choice([1, 2])))
        yield m(L, d), m(L, d), m(L, dv), rng.randint(1, L + 1), rng.random() < 0.7


CASES = list(_cases())


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(m, 20)], dtype=np.float64)


def _float_window(L, w, causal):
    """The window built independently in floats: 0 inside, -inf outside."""
    i, j = np.indices((L, L))
    inside = ((i - j >= 0) & (i - j < w)) if causal else (np.abs(i - j) < w)
    return np.where(inside, 0.0, -np.inf)


def test_window_matches_torch_sdpa_with_a_float_mask_on_50_random_cases():
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    assert len(CASES) == 50
    for Q, K, V, w, causal in CASES:
        _, O = window_attention(Q, K, V, w, causal)
        q, k, v = (torch.tensor(_floats(x)) for x in (Q, K, V))
        mask = torch.tensor(_float_window(Q.rows, w, causal))
        ref = F.scaled_dot_product_attention(q[None], k[None], v[None], attn_mask=mask[None])[0]
        assert np.abs(_floats(O) - ref.numpy()).max() <= 1e-12, (w, causal)


def test_window_weights_match_numpy_on_50_random_cases():
    for Q, K, V, w, causal in CASES:
        A, O = window_attention(Q, K, V, w, causal)
        q, k, v = (_floats(x) for x in (Q, K, V))
        s = q @ k.T / np.sqrt(q.shape[1]) + _float_window(Q.rows, w, causal)
        e = np.exp(s - s.max(axis=1, keepdims=True))
        e /= e.sum(axis=1, keepdims=True)
        assert np.abs(_floats(A) - e).max() <= 1e-12
        assert np.abs(_floats(O) - e @ v).max() <= 1e-12
        hidden = _float_window(Q.rows, w, causal) == -np.inf
        assert all(A[i, j] is sp.S.Zero for i, j in zip(*np.nonzero(hidden)))  # exactly 0, not tiny


# --- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ("", "needs the window width"),
    ("window = 0", "options.window"),
    ("window = true", "options.window"),
    ('window = "3"', "options.window"),
    ("window = 2\ncausal = 1", "options.causal"),
    ("window = 10000000", "over the limit"),
])
def test_bad_options_are_one_line_errors(run_cli, tmp_path, options, message):
    path = tmp_path / "w.toml"
    path.write_text(f'topic = "sliding_window"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 0], [0, 1]]\n'
                    f"[options]\n{options}\n", encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and message in err and "w.toml" in err and err.count("\n") == 1


# --- cards ------------------------------------------------------------------------------------

def test_window_cards_carry_counted_numbers():
    from symattn.cards import concept_deck
    L, w = 32768, 4096
    kept = sum(min(i, w) for i in range(1, L + 1))  # counted row by row
    for lang in ("zh", "en"):
        cards = {c.id.split(":", 1)[1]: c for c in concept_deck(lang).cards}
        assert {"window/mask", "window/pairs", "window/receptive", "window/kv-cache", "window/example"} <= set(cards)
        def grouped(n):  # the cards group digits with thin spaces (issue 28)
            return f"{n:,}".replace(",", "\\,")
        assert f"${grouped(kept)}$" in cards["window/pairs"].back
        assert f"${grouped(L * (L + 1) // 2)}$" in cards["window/pairs"].back
        assert "131\\,072" in cards["window/receptive"].back
        spec = load_spec(DEFAULT_DIR / "sliding-window.toml")
        q, k = _floats(spec.Q), _floats(spec.K)
        z = (q @ k.T / 2)[-1]
        e = np.exp(z) / np.exp(z).sum()  # the last row without the window: every key visible
        assert " & ".join(f"{x:.4f}" for x in e) in cards["window/example"].back
