"""Scores, their scaling and their softmax printed with no name the checker knows, bound by values.

The expected values are numpy's softmax of the first vector divided by the divisor the second one
shows; the layouts are those tutorials use (a table per query, a matrix of columns, vectors one
after another) and the headers are words no lexicon holds.
"""

from __future__ import annotations

import numpy as np
import pytest

from symattn.check import check_text


def _softmax(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


SCORES = np.array([2.0, 4.0, 6.0, 1.0])


def _table(scores, divisor, weights, header=("Wort", "Punkte", "Geteilt", "Anteil")):
    rows = "".join(f"| t{k} | {s:.1f} | {s / divisor:.2f} | {w} |\n" for k, (s, w) in enumerate(zip(scores, weights)))
    return "| " + " | ".join(header) + " |\n|---|---|---|---|\n" + rows


def _columns(scores, divisor, weights):
    rows = " \\\\\n".join(f"{s:.1f} & {s / divisor:.2f} & {w}" for s, w in zip(scores, weights))
    return "$$\n\\begin{bmatrix}\n" + rows + "\n\\end{bmatrix}\n$$\n"


def _vectors(scores, divisor, weights):
    one = lambda v: "[" + ", ".join(v) + "]\n\n"
    return one([f"{s:.1f}" for s in scores]) + one([f"{s / divisor:.2f}" for s in scores]) + one(list(weights))


def _wrong(text):
    return [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("layout", [_table, _columns, _vectors])
@pytest.mark.parametrize("divisor", [2.0, 8.0])
def test_a_distribution_after_scaled_scores_is_judged_as_their_softmax(layout, divisor):
    right = _softmax(SCORES / divisor)
    printed = [f"{w:.2f}" for w in right]
    printed[0], printed[2] = f"{right[0] + 0.03:.2f}", f"{right[2] - 0.03:.2f}"   # still sums to 1
    wrong = _wrong(layout(SCORES, divisor, printed))
    assert len(wrong) == 1
    assert [(e["claimed"], e["correct"]) for e in wrong[0].entries] == \
        [(printed[k], f"{right[k]:.2f}") for k in (0, 2)]
    # the right weights: judged, and nothing is wrong
    report = check_text(layout(SCORES, divisor, [f"{w:.2f}" for w in right]), "a.md")
    assert report.count("wrong") == 0 and any(c.status in ("exact", "rounded") and "softmax" in str(c.what)
                                              for c in report.claims)


def test_the_softmax_of_the_unscaled_scores_is_another_convention_not_a_slip():
    weights = [f"{w:.2f}" for w in _softmax(SCORES)]
    assert not _wrong(_table(SCORES, 2.0, weights))


@pytest.mark.parametrize("text", [
    # the second column is no constant multiple of the first
    "| a | 2.0 | 1.0 | 0.10 |\n|---|---|---|---|\n| b | 4.0 | 3.0 | 0.30 |\n| c | 6.0 | 3.0 | 0.60 |\n",
    # the third is no distribution (it sums to 1.2)
    "| a | 2.0 | 1.0 | 0.30 |\n|---|---|---|---|\n| b | 4.0 | 2.0 | 0.30 |\n| c | 6.0 | 3.0 | 0.60 |\n",
    # a restatement (divided by 1) is no scaling
    "[2.0, 4.0, 6.0]\n\n[2.0, 4.0, 6.0]\n\n[0.10, 0.30, 0.60]\n",
])
def test_no_chain_no_claim(text):
    assert not _wrong(text)


def test_a_weight_printed_zero_is_a_mask_the_chain_does_not_show():
    # causal: the query sees the first two keys; the scores are printed before the mask
    right = _softmax(SCORES[:2] / 2.0)
    weights = [f"{right[0]:.2f}", f"{right[1]:.2f}", "0.00", "0.00"]
    assert not _wrong(_table(SCORES, 2.0, weights))


def test_vectors_of_other_lengths_are_no_chain():
    assert not _wrong("[2.0, 4.0, 6.0]\n\n[1.0, 2.0]\n\n[0.10, 0.30, 0.60]\n")
    assert not _wrong("[2.0, 4.0, 6.0]\n\n[1.0, 2.0, 3.0]\n\n[0.40, 0.60]\n")


@pytest.mark.parametrize("text", [
    # two numbers to one decimal fit a chain by chance (a row of K, a third of it, a pair summing to 1)
    "$$K = \\begin{bmatrix} 0.5 & 0.9 \\\\ 0.2 & 0.3 \\\\ 0.2 & 0.8 \\end{bmatrix}$$\n",
    # weights to one decimal
    "[2.0, 4.0, 6.0]\n\n[1.0, 2.0, 3.0]\n\n[0.1, 0.3, 0.6]\n",
])
def test_too_few_digits_are_no_chain(text):
    assert not _wrong(text)


def test_a_masked_score_is_no_chain():
    assert not _wrong("[2.0, 4.0, -inf]\n\n[1.0, 2.0, -inf]\n\n[0.12, 0.88, 0.00]\n")
    assert not _wrong("[2.0, 4.0, 6.0]\n\n[1.0, 2.0, 3.0]\n\n[0.10, 0.30, -inf]\n")


def test_a_zero_a_candidate_has_where_the_print_shows_a_number_is_a_disagreement():
    """A candidate that is zero where the print shows 0.30 and 0.20 does not explain the print: a
    causal mask's last column ([0, 0, 0.503]) is no match for the row [0.30, 0.20, 0.50] because its
    one non-zero entry agrees (a zero is structure only where the print shows a zero too)."""
    from symattn.check.bind.binder import _candidates, _example
    from symattn.check.document import Document
    from symattn.check.read import read_blocks

    text = ("Q = [[1, 0], [0, 1], [1, 1]]\n\nK = [[1, 0], [0, 1], [1, 1]]\n\nV = [[1, 2], [3, 4], [5, 6]]\n\n"
            "[[0.30, 0.20, 0.50]]\n\n[[0.00, 0.00, 0.50]]\n")
    q, k, v, row, masked = read_blocks(Document.of(text))
    example = _example({"Q": q, "K": k, "V": v})
    assert not [c for c in _candidates(row, example, {}) if c.share == 1.0]
    # the same column printed with its zeros is that column, structure and all
    assert any(c.node.variant.mask == "causal" and c.view.kind == "col" and c.share == 1.0
               for c in _candidates(masked, example, {}))


def test_the_author_values_kept_between_prints_are_those_a_fresh_start_computes():
    """The binder keeps the author's values of each candidate while the prints stay as they are, and
    drops only those a new print changes (its step and the steps after it).  Binding the corpus
    articles that print the most steps gives the same bindings as dropping everything at each print."""
    from pathlib import Path

    from symattn.check.bind import binder
    from symattn.check.bind.code import code_givens
    from symattn.check.bind.conventions import stated
    from symattn.check.document import Document
    from symattn.check.read import read_blocks

    def bound(path):
        doc = Document.of(path.read_text(encoding="utf-8"))
        said = stated(doc)
        got = binder.bind(read_blocks(doc), said.rank, code_givens(doc), said.dk, beyond=said.beyond)
        return ([(b.block.line, b.evidence, [(c.node, c.view, c.full, c.share) for c in b.group]) for b in got.bindings],
                [(u.block.line, u.reason) for u in got.unbound])

    real = Path(__file__).parent / "articles" / "real"
    names = ("en-pe-sameerkhan-transformer-block-cat-sat", "ru-basic-mullosharaf-abc-datamining-lecture-examples",
             "en-basic-swarnamukhi-i-love-cats-internal-calculations", "en-illustrated-self-attention-colab",
             "vi-basic-fanst1109-transformer-bai-tap", "ja-mask-edom18-attention-nanochat")
    paths = [real / f"{name}.md" for name in names]
    kept = [bound(p) for p in paths]
    forget = binder._State._forget
    try:
        binder._State._forget = lambda self, steps: self.author_cache.clear()
        fresh = [bound(p) for p in paths]
    finally:
        binder._State._forget = forget
    assert kept == fresh
    assert sum(len(k[0]) for k in kept) >= 100   # enough bindings to say something


@pytest.mark.parametrize("givens", [
    {"X": (3, 4), "W_Q": (4, 2), "W_K": (4, 2), "W_V": (4, 3)},
    {"X": (3, 4), "W_Q": (4, 2), "W_K": (3, 2), "W_V": (4, 3)},     # a W that does not fit X
    {"Q": (2, 3), "K": (4, 3), "V": (4, 5)},                       # cross-attention: 2 queries, 4 keys
    {"Q": (2, 3), "K": (4, 2), "V": (4, 5)},                       # Q and K of other widths
    {"X": (3, 2)},                                                 # Q = K = V = X
    {"scores": (3, 3)}, {"scaled": (2, 4)}, {"Q": (3, 2), "K": (3, 2)},
])
def test_the_shape_a_step_has_under_the_articles_own_variants_comes_from_the_givens_shapes(givens):
    """Binding evaluates only the steps a block's shape can show, from the givens' shapes alone:
    that shape is the one every plain variant's value has, and None exactly where none has a value."""
    import sympy as sp

    from symattn.check.bind.graph import STEPS, Example, Node, ONLY_BY, CHOICES, variants

    rng = np.random.default_rng(7)
    ex = Example({k: sp.Matrix(rng.integers(-3, 4, size=s).tolist()) for k, s in givens.items()})
    plain = [v for v in variants(tuple(ex.divisors)) if not any((c, getattr(v, c)) in ONLY_BY for c in CHOICES)]
    for step in STEPS:
        shapes = {ex.floats(Node(step, v)).shape for v in plain if ex.floats(Node(step, v)) is not None}
        want = ex.plain_shape(step)
        assert shapes == (set() if want is None else {want}) or step == "masked" and shapes <= {want}, (step, shapes, want)


@pytest.mark.parametrize("seed", range(6))
def test_the_old_binders_floats_are_its_exact_values(seed):
    """Quantities.floats screens the old binder's candidates before any exact value: for every
    family under every convention it is the exact value to float precision, and None exactly where
    the exact value is None (inputs of random shapes, some that do not fit together)."""
    import mpmath
    import sympy as sp

    from symattn.check.quantities import CONVENTIONS, FAMILIES, Quantities, numeric

    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    def m(r, c):
        return sp.ImmutableMatrix((rng.integers(-6, 7, size=(r, c)) / 4).tolist()).applyfunc(sp.nsimplify)
    inputs = {"X": m(n, d), "W_Q": m(d, 2), "W_K": m(d, 2), "W_V": m(d if seed != 5 else d + 1, 3)}
    if seed % 3 == 2:
        inputs = {"Q": m(n, 2), "K": m(n + 1, 2), "V": m(n + 1, 2)}
    q = Quantities(inputs, None)
    for family in FAMILIES:
        for conv in CONVENTIONS:
            exact, floats = q.value(family, conv), q.floats(family, conv)
            assert (exact is None) == (floats is None), (family, conv)
            if exact is None:
                continue
            with mpmath.workdps(30):
                want = np.array([[float(x) for x in r] for r in numeric(exact)])
            assert floats.shape == want.shape
            assert np.allclose(floats, want, rtol=1e-12, atol=1e-12, equal_nan=False) or \
                np.array_equal(np.isinf(floats), np.isinf(want)) and \
                np.allclose(floats[np.isfinite(want)], want[np.isfinite(want)], rtol=1e-12, atol=1e-12), (family, conv)
