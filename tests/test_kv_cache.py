"""KV-cache decoding: every cached step equals its row of causal attention, exactly in SymPy and
against an independent numpy decoder (a growing cache, max-shifted softmax) on 50 random cases."""

import json
import random
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

from symattn import derive
from symattn.examples import article_spec
from symattn.topics.kv_cache import decode, full_causal

half = sp.Rational(1, 2)
E = sp.exp(half)


def _spec(**kw):
    return replace(article_spec(), topic="kv_cache", **kw)


def numpy_decode(Q, K, V, d_k):
    """Token by token with a cache that only grows: the reference, written without symattn."""
    k_cache, v_cache, out = np.zeros((0, K.shape[1])), np.zeros((0, V.shape[1])), []
    for t in range(Q.shape[0]):
        k_cache = np.vstack([k_cache, K[t]])
        v_cache = np.vstack([v_cache, V[t]])
        s = k_cache @ Q[t] / np.sqrt(d_k)
        w = np.exp(s - s.max())
        out.append((w / w.sum()) @ v_cache)
    return np.array(out)


def test_article_cached_rows_equal_the_causal_rows_exactly():
    d = derive(_spec(V=article_spec().X))
    assert d.step("cached_minus_full").exact == sp.zeros(3, 4)
    O = d.step("causal_output").exact
    for t in range(3):
        assert d.step(f"decode_{t + 1}").exact == O.row(t)
        assert d.step(f"cache_{t + 1}").exact == article_spec().K[:t + 1, :]
    assert O[2, 0] == (E + 1) / (E + 2)
    assert d.step("decode_2").exact == sp.Matrix([[half, half, half, half]])


def test_symbolic_values_and_scores_cancel_exactly():
    """With symbolic V, and with symbolic Q and K too, cached - full simplifies to exactly 0."""
    d = derive(_spec())
    v = sp.symbols("v_我 v_爱 v_你")
    assert sp.expand(d.step("decode_3").exact[0, 0] - (v[0] + v[1] + E * v[2]) / (E + 2)) == 0
    Q = sp.Matrix(3, 2, lambda i, j: sp.Symbol(f"q_{i}{j}"))
    K = sp.Matrix(3, 2, lambda i, j: sp.Symbol(f"k_{i}{j}"))
    V = sp.Matrix(3, 1, lambda i, j: sp.Symbol(f"v_{i}"))
    cached = decode(Q, K, V, 2)
    A, O = full_causal(Q, K, V, 2)
    for t, (_, row, o) in enumerate(cached):
        assert sp.simplify(o[0, 0] - O[t, 0]) == 0
        assert all(sp.simplify(a - b) == 0 for a, b in zip(row.weights(), A.row(t)[:t + 1]))
        assert all(A[t, j] == 0 for j in range(t + 1, 3))


def test_cached_weights_are_the_visible_part_of_the_causal_row():
    s = article_spec()
    A, _ = full_causal(s.Q, s.K, s.X, 4)
    for t, (scores, row, _) in enumerate(decode(s.Q, s.K, s.X, 4)):
        assert len(scores) == t + 1
        assert tuple(row.weights()) == tuple(A.row(t)[:t + 1])


_ENTRIES = [sp.Integer(n) for n in (-2, -1, 0, 1, 2, 3)] + [half, -half, sp.Rational(1, 3), sp.Rational(3, 4)]


@pytest.mark.parametrize("seed", range(50))
def test_random_cases_match_an_independent_numpy_decoder(seed):
    rng = random.Random(seed)
    L, d, d_v = rng.randint(1, 5), rng.randint(1, 4), rng.randint(1, 3)

    def m(rows, cols):
        return sp.ImmutableMatrix(rows, cols, lambda i, j: rng.choice(_ENTRIES))

    Q, K, V = m(L, d), m(L, d), m(L, d_v)
    d_k = rng.choice([d, 1, 2, 3])
    spec = replace(article_spec(), topic="kv_cache", tokens=tuple(f"t{i}" for i in range(L)), X=None,
                   Q=Q, K=K, V=V, d_k=sp.Integer(d_k), claimed=())
    doc = derive(spec)
    assert doc.step("cached_minus_full").exact == sp.zeros(L, d_v)
    got = np.array([[float(sp.N(e, 30)) for e in doc.step(f"decode_{t + 1}").exact] for t in range(L)])
    want = numpy_decode(*(np.array(x.tolist(), dtype=float) for x in (Q, K, V)), d_k)
    assert np.max(np.abs(got - want)) < 1e-12


def test_document_json_and_shapes(run_cli, tmp_path):
    path = tmp_path / "kv.toml"
    path.write_text('topic = "kv_cache"\ntokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 1], [0, 1]]\n'
                    'V = [[1], [2]]\nlang = "en"\n', encoding="utf-8")
    code, out, err = run_cli("derive", path, "--format", "json")
    assert code == 0, err
    steps = {s["id"]: s for s in json.loads(out)["steps"]}
    assert [steps[f"cache_{t}"]["shape"] for t in (1, 2)] == [[1, 2], [2, 2]]
    assert steps["decode_2"]["shape"] == [1, 1]
    assert steps["cached_minus_full"]["exact"] == [["0"], ["0"]]


@pytest.mark.parametrize("text, message", [
    ('topic = "kv_cache"\ntokens = ["a", "b"]\nQ = [[1, 0]]\nK = [[1, 0], [0, 1]]\n', "Q has 1 rows"),
    ('topic = "kv_cache"\ntokens = ["a"]\nQ = [[1, 0]]\nK = [[1]]\n', "same width"),
    ('topic = "kv_cache"\ntokens = ["a"]\nQ = [[1]]\nK = [[1]]\n[options]\nwindow = 2\n', "unknown option"),
])
def test_bad_specs_are_one_line_exit_2(run_cli, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("derive", path)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_cards_carry_the_decoder_s_numbers():
    from symattn.cards.concepts_beyond import decoding_concepts
    cards = {c.key: c for c in decoding_concepts()}
    assert len(cards) >= 8 and all(c.card(lang).front and c.card(lang).back for c in cards.values()
                                   for lang in ("zh", "en"))
    s = article_spec()
    o = numpy_decode(*(np.array(m.tolist(), dtype=float) for m in (s.Q, s.K, s.X)), 4)
    for lang in ("zh", "en"):
        back = cards["kv-cache/example"].back[lang]
        assert all(f"{x:.4f}" in back for x in o[2]), back
        assert f"${3 * (4 + 4)}$" in cards["kv-cache/what"].back[lang]


@pytest.mark.parametrize("make, latex, text", [
    (lambda d: d.Dims(3, 4), r"3 \times 4", "3×4"),
    (lambda d: d.ShapeChain((3, 4), (4, 3), (3, 3)),
     r"\left(3 \times 4\right)\left(4 \times 3\right) = 3 \times 3", "(3×4)(4×3) = 3×3"),
    (lambda d: d.Stacked(sp.MatrixSymbol("K_1:2", 2, 4), sp.MatrixSymbol("k_3", 1, 4)),
     r"\begin{bmatrix} K_{1:2} \\ k_{3} \end{bmatrix}", "[K_1:2; k_3]"),
    (lambda d: d.Plus(sp.Symbol("x"), sp.MatrixSymbol("M", 2, 2)), "x + M", "x + M"),
    (lambda d: d.Equals(sp.Symbol("L"), 3), "L = 3", "L = 3"),
], ids=["Dims", "ShapeChain", "Stacked", "Plus", "Equals"])
def test_display_nodes_print_in_both_printers(make, latex, text):
    from symattn.printing import Printer
    from symattn.render.unicode import UnicodePrinter
    from symattn.topics import _display
    obj = make(_display)
    assert Printer().doprint(obj) == latex and UnicodePrinter().doprint(obj) == text


def test_number_refuses_text():
    from symattn.topics._display import number
    assert number(3) == sp.Integer(3) and number(half) is half
    with pytest.raises(TypeError):
        number("1 + 1")
