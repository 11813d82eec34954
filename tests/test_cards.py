"""The concept deck: coverage, numbers checked against numpy/torch, markup, exports, determinism."""

import csv
import functools
import io
import itertools
import math
import os
import re
import zipfile

import numpy as np
import pytest
import sympy as sp

from symattn import derive_article
from symattn.cards import FORMATS, concept_deck, concepts, export
from symattn.cards import facts as F
from symattn.cards.markup import cloze_safe, formulas, segments, to_anki_html, to_markdown

IN_CI = bool(os.environ.get("CI"))


def need_genanki():
    """genanki is in the test extra: skip without it locally, fail in CI."""
    if IN_CI:
        import genanki
        return genanki
    return pytest.importorskip("genanki")


def skip_unless_ci(reason):
    if IN_CI:
        pytest.fail(f"must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def decks():
    return {lang: concept_deck(lang) for lang in ("zh", "en", "both")}


# --- coverage -------------------------------------------------------------------------

REQUIRED = [
    "pipeline/kt-shape", "pipeline/scores-shape", "pipeline/row-meaning", "pipeline/softmax-rows",
    "pipeline/values", "pipeline/weight-11", "scaling/variance", "scaling/why", "stability/shift",
    "stability/overflow", "complexity/time", "complexity/memory", "mask/causal", "mask/article",
    "mha/split", "mha/formula", "gqa/kv-cache", "gqa/saving", "gqa/mqa", "rope/relative",
    "gradient/jacobian", "scaling/saturation",  # saturation: merged into one card (issue 15)
]


def test_at_least_40_cards_per_language_and_both(decks):
    assert len(decks["zh"].cards) >= 40 and len(decks["en"].cards) >= 40
    assert len(decks["both"].cards) == len(decks["zh"].cards) + len(decks["en"].cards)
    assert {c.lang for c in decks["zh"].cards} == {"zh"} and {c.lang for c in decks["en"].cards} == {"en"}


@pytest.mark.parametrize("key", REQUIRED)
def test_every_required_topic_has_a_card(decks, key):
    for lang in ("zh", "en"):
        assert f"{lang}:{key}" in decks[lang].ids()


def test_ids_unique_and_twins_match(decks):
    ids = decks["both"].ids()
    assert len(ids) == len(set(ids))
    zh = [i.split(":", 1)[1] for i in decks["zh"].ids()]
    en = [i.split(":", 1)[1] for i in decks["en"].ids()]
    assert zh == en


def test_chinese_cards_are_chinese_and_english_cards_are_not(decks):
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for c in decks["zh"].cards:
        assert cjk.search(re.sub(r"\$.*?\$", "", c.front + c.back, flags=re.S)), c.id
    for c in decks["en"].cards:
        prose = re.sub(r"\$\$.*?\$\$|\$.*?\$", "", c.front + c.back, flags=re.S)
        assert not cjk.search(prose), c.id


def test_every_card_has_math_and_balanced_markup(decks):
    for c in decks["both"].cards:
        assert formulas(c.front) + formulas(c.back), c.id
        for text in (c.front, c.back):
            segments(text)  # raises on an unpaired $
            for f in formulas(text):
                assert f.count("{") == f.count("}"), (c.id, f)
                assert f.count(r"\left") == f.count(r"\right"), (c.id, f)
                assert f.count(r"\begin{") == f.count(r"\end{"), (c.id, f)


# --- the numbers on the cards, against independent references ------------------------

@functools.lru_cache(maxsize=1)
def _concepts():
    return tuple(concepts())


def back(key, lang="en"):
    for c in _concepts():
        if c.key == key:
            return c.back[lang]
    raise KeyError(key)


def np_softmax(z):
    z = np.asarray(z, float)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_article_weight_on_card_matches_numpy():
    d = derive_article()
    Q = np.array(d.step("queries").exact.tolist(), float)
    K = np.array(d.step("keys").exact.tolist(), float)
    A = np_softmax(Q @ K.T / math.sqrt(4))
    assert f"{A[0, 0]:.4f}" in back("pipeline/weight-11")
    assert f"{A[0, 0]:.4f}" == "0.4519"
    assert "0.45 + 0.27 + 0.27" in back("pipeline/rounding")


def test_variance_of_dot_product_by_exact_enumeration():
    # ±1 components: mean 0, variance 1; enumerate every q, k in {-1, 1}^4.
    d = 4
    vals = np.array(list(itertools.product([-1, 1], repeat=2 * d)), float)
    dots = (vals[:, :d] * vals[:, d:]).sum(axis=1)
    assert dots.var() == pytest.approx(d) == float(F.dot_variance().standard.subs(F.d, d))
    # A two-point law with mean mu and std sigma checks the general formula.
    mu, sig = 0.5, 2.0
    pts = np.array(list(itertools.product([mu - sig, mu + sig], repeat=2 * d)))
    dots = (pts[:, :d] * pts[:, d:]).sum(axis=1)
    general = F.dot_variance().variance.subs({F.d: d, F.mu: sp.Rational(1, 2), F.sigma: 2})
    assert dots.var() == pytest.approx(float(general))
    assert F.dot_variance().scaled == 1


def test_dot_variance_card_shows_derived_value():
    assert r"= d_{k}$$" in back("scaling/variance")


def test_shift_and_overflow_facts():
    assert F.shift_invariance()[-1] is True
    lim = F.overflow_limits()
    assert float(lim["float32"]) == pytest.approx(math.log(np.finfo(np.float32).max))
    with np.errstate(over="ignore"):
        assert np.isinf(np.exp(np.float32(float(lim["float32"]) + 0.01)))
    assert "88.72" in back("stability/overflow")
    w = np_softmax([1000.0, 999.0])
    assert f"{w[0]:.4f}" in back("stability/example")


def test_complexity_and_memory_numbers():
    assert F.matmul_cost(3, 4, 3) == 36
    assert "= 36$" in back("pipeline/count")
    assert f"= {4096 * 4096 * 2}$" in back("complexity/memory")
    assert "= 32$ MiB" in back("complexity/memory")


def test_masked_weights_match_torch_causal_sdpa():
    torch = pytest.importorskip("torch")
    d = derive_article()
    St = d.step("scaled_scores").exact
    Am = F.masked_weights(St, F.causal_mask(3))
    Q = torch.tensor(np.array(d.step("queries").exact.tolist(), float))
    K = torch.tensor(np.array(d.step("keys").exact.tolist(), float))
    V = torch.eye(3, dtype=torch.float64)  # output = the weights themselves
    out = torch.nn.functional.scaled_dot_product_attention(Q[None], K[None], V[None], is_causal=True)[0]
    assert np.allclose(np.array(Am.evalf(20).tolist(), float), out.numpy(), atol=1e-12)


def test_padding_mask_matches_numpy():
    d = derive_article()
    St = np.array(d.step("scaled_scores").exact.evalf(20).tolist(), float)
    pad = F.padding_mask(3, [2])
    exact = F.masked_weights(d.step("scaled_scores").exact, pad)
    ref = np_softmax(np.where(np.arange(3) == 2, -np.inf, St))
    assert np.allclose(np.array(exact.evalf(20).tolist(), float), ref)


def test_kv_cache_numbers():
    kv = F.kv_cache(80, 64, 8, 128, 4096, 2)
    assert kv["mha"] == 2 * 80 * 64 * 128 * 4096 * 2 == 10 * 2**30
    assert kv["gqa"] * 8 == kv["mha"] and kv["mqa"] * 64 == kv["mha"]
    assert kv["ratio"] == sp.Rational(8, 64)
    assert r"\frac{7}{8}" in back("gqa/saving") and "$10$ GiB" in back("gqa/saving")
    assert "$160$ MiB" in back("gqa/mqa")


def test_heads_bookkeeping():
    h = F.heads(512, 8)
    assert h["d_head_value"] == 64 and h["params_value"] == 4 * 512 * 512


def test_rope_relative_property_numerically():
    assert F.rope_relative()["holds"]
    rng = np.random.default_rng(0)

    def R(a):
        return np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    for _ in range(20):
        q, k = rng.normal(size=2), rng.normal(size=2)
        m, n, th = rng.integers(0, 50), rng.integers(0, 50), rng.uniform(0, 1)
        assert (R(m * th) @ q) @ (R(n * th) @ k) == pytest.approx(q @ R((n - m) * th) @ k)
    assert F.rope_thetas(4) == (1, sp.Rational(1, 100))


def test_softmax_jacobian_matches_torch_autograd():
    torch = pytest.importorskip("torch")
    assert F.softmax_jacobian() == (True, True)
    d = derive_article()
    row = d.step("scaled_scores").exact.row(0)
    z = torch.tensor([float(x) for x in row], dtype=torch.float64)
    J = torch.autograd.functional.jacobian(lambda v: torch.softmax(v, 0), z).numpy()
    exact = F.jacobian_at(row)
    assert np.allclose(np.array(exact.evalf(20).tolist(), float), J, atol=1e-12)
    assert np.allclose(J.sum(axis=1), 0)
    assert f"{J[0, 0]:.4f}" in back("gradient/article")


# --- markup and exporters -------------------------------------------------------------

def test_anki_html_escapes_ampersands_and_uses_mathjax():
    html = to_anki_html(r"A $$\begin{bmatrix} 1 & 2 \end{bmatrix}$$ and $a<b$ & c")
    assert html == r"A \[\begin{bmatrix} 1 &amp; 2 \end{bmatrix}\] and \(a&lt;b\) &amp; c"


def test_cloze_safe_breaks_double_braces():
    for tex in ["{{a}}", r"\frac{1}{{x}}}", "}}}}", "{{{"]:
        out = cloze_safe(tex)
        assert "{{" not in out and "}}" not in out
        assert out.replace(" ", "") == tex.replace(" ", "")


def test_unpaired_dollar_is_rejected():
    with pytest.raises(ValueError):
        segments("costs $5")


def test_markdown_display_blocks_on_their_own_lines():
    md = to_markdown(r"x $$a$$ y")
    assert md == "x\n\n$$\na\n$$\n\ny"


def test_no_field_of_any_format_contains_cloze_markers(decks):
    # the fields flashcard apps import (a GUID may hold braces; it is no field); apkg: test_cards_anki
    tsv = list(csv.reader(io.StringIO(export(decks["both"], "tsv").split("\n", 6)[6]), delimiter="\t"))
    fields = [f for row in tsv for f in row[1:3]]
    fields += [r[k] for r in csv.DictReader(io.StringIO(export(decks["both"], "csv"))) for k in ("front", "back")]
    assert len(fields) == 4 * len(decks["both"].cards)
    assert not [f for f in fields if "{{" in f or "}}" in f]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_two_builds_are_byte_identical(fmt):
    assert export(concept_deck("both"), fmt) == export(concept_deck("both"), fmt)


def test_guids_are_stable_and_come_from_the_card_id():
    genanki = need_genanki()
    from symattn.cards.export.anki import guid
    a, b = concept_deck("both"), concept_deck("both")
    ga, gb = [guid(c) for c in a.cards], [guid(c) for c in b.cards]
    assert ga == gb and len(set(ga)) == len(ga)
    assert ga[0] == genanki.guid_for(a.cards[0].id)


def test_apkg_zip_has_fixed_dates_and_sqlite(tmp_path):
    need_genanki()
    data = export(concept_deck("en"), "apkg")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        assert names == ["collection.anki2", "media"]
        assert {zi.date_time for zi in zf.infolist()} == {(2023, 11, 14, 22, 13, 20)}
        assert zf.read("collection.anki2")[:16] == b"SQLite format 3\x00"
        assert zf.read("media") == b"{}"


def test_tsv_has_anki_headers_and_one_row_per_card(decks):
    text = export(decks["zh"], "tsv")
    head = text.splitlines()[:6]
    assert head == ["#separator:tab", "#html:true", "#notetype:Basic", "#deck:symattn::zh",
                    "#guid column:1", "#tags column:4"]
    rows = list(csv.reader(io.StringIO("\n".join(text.splitlines()[6:])), delimiter="\t"))
    assert len(rows) == len(decks["zh"].cards)
    assert all(len(r) == 4 for r in rows)


def test_csv_round_trips(decks):
    rows = list(csv.DictReader(io.StringIO(export(decks["en"], "csv"))))
    assert [r["id"] for r in rows] == list(decks["en"].ids())
    assert all("\n" not in r["back"] for r in rows)


# --- KaTeX -------------------------------------------------------------------------------

def test_every_formula_on_every_card_renders_in_katex(decks):
    try:
        from symattn import katex
    except ImportError:
        skip_unless_ci("symattn.katex is not available")
    reason = katex.missing()
    if reason:
        skip_unless_ci(reason)
    items = [katex.Formula(part, kind == "display") for c in decks["both"].cards
             for text in (c.front, c.back) for kind, part in segments(text) if kind != "text"]
    assert len(items) > 200
    failures = katex.validate(items)
    assert not failures, "\n".join(map(str, failures[:10]))


def test_markdown_export_formulas_render_in_katex(decks):
    try:
        from symattn import katex
    except ImportError:
        skip_unless_ci("symattn.katex is not available")
    reason = katex.missing()
    if reason:
        skip_unless_ci(reason)
    md = export(decks["both"], "md")
    found = katex.formulas_in_markdown(md)
    assert len(found) > 200
    assert not katex.validate(found)


# --- CLI ---------------------------------------------------------------------------------

def test_cli_cards_markdown_to_stdout(run_cli):
    code, out, err = run_cli("cards", "--lang", "en", "--format", "md")
    assert code == 0 and err == ""
    assert out.startswith("# symattn attention interview cards")


def test_cli_cards_format_from_extension_and_force(run_cli, tmp_path):
    need_genanki()
    path = tmp_path / "deck.apkg"
    assert run_cli("cards", "-o", path)[0] == 0
    first = path.read_bytes()
    code, _, err = run_cli("cards", "-o", path)
    assert code == 2 and "--force" in err
    assert run_cli("cards", "-o", path, "--force")[0] == 0
    assert path.read_bytes() == first
    assert zipfile.is_zipfile(path)


def test_cli_cards_bad_arguments(run_cli, tmp_path):
    code, _, err = run_cli("cards", "-o", tmp_path / "deck.xyz")
    assert code == 2 and "format" in err and "Traceback" not in err
    code, _, err = run_cli("cards", "--lang", "fr")
    assert code == 2 and "invalid choice" in err


def test_cli_cards_help_has_examples(run_cli):
    code, out, _ = run_cli("cards", "--help")
    assert code == 0 and "examples:" in out and "apkg" in out


# --- facts computed here agree with the topic modules and with direct SymPy -------------------

def test_facts_agree_with_topic_modules_and_first_principles():
    from symattn.topics import heads, rope, theory
    assert F.dot_variance().standard.subs(F.d, 7) == theory.variance_of_dot(7) == 7
    assert heads.kv_cache_ratio() == sp.Symbol("n_kv", positive=True, integer=True) / sp.Symbol(
        "n_q", positive=True, integer=True)
    kv = F.kv_cache(2, 8, 2, 4, 16, 2)
    assert kv["ratio"] == sp.Rational(2, 8)
    assert F.kv_groups(4, 2) == (0, 0, 1, 1)
    assert F.rope_thetas(6) == tuple(sp.Integer(10000) ** sp.Rational(-2 * i, 6) for i in range(3))
    assert rope.relative_rotation_difference() == sp.zeros(*rope.relative_rotation_difference().shape)
    # masks from first principles: exp(-oo) = 0 and the softmax of what is left
    d = derive_article()
    St = d.step("scaled_scores").exact
    M = F.causal_mask(3)
    assert M == sp.ImmutableMatrix(3, 3, lambda i, j: 0 if j <= i else -sp.oo)
    by_hand = sp.ImmutableMatrix(3, 3, lambda i, j: sp.exp(St[i, j] + M[i, j]) / sum(
        sp.exp(St[i, k] + M[i, k]) for k in range(3)))
    diff = (F.masked_weights(St, M) - by_hand).evalf(40)
    assert max(abs(x) for x in diff) < 1e-35
    # the Jacobian from theory.jacobian equals diag(p) - p p^T of the derivation's weights
    for i in range(3):
        p = sp.Matrix(list(d.step("weights").exact.row(i)))
        direct = sp.diag(*p) - p * p.T
        assert max(abs(x) for x in (F.jacobian_at(St.row(i)) - direct).evalf(40)) < 1e-35


def test_identical_across_processes_with_different_hash_seeds(tmp_path):
    """Set/dict order or time stamps leaking into a file would show up here."""
    need_genanki()
    import subprocess
    import sys
    digests = []
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = tmp_path / f"deck{hashseed}.apkg"
        subprocess.run([sys.executable, "-m", "symattn", "cards", "-o", str(out)], env=env, check=True)
        digests.append(out.read_bytes())
    assert digests[0] == digests[1]
