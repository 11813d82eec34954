"""symattn check on the real article, on seeded-error copies of it, and on the test articles."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from symattn.check import check_file, check_text
from symattn.check.golden import articles, expected, render
from symattn.check.report import render_json, render_text


def _claims(report, line):
    return [c for c in report.claims if c.line == line]


def _value_claim(report, line):
    """The claim on ``line`` that compares printed values (not a shape annotation)."""
    found = [c for c in _claims(report, line) if isinstance(c.claimed, list) or c.label and
             not c.label.startswith("shape")]
    assert found, f"no value claim on line {line}: {[(c.label, c.source) for c in _claims(report, line)]}"
    return found[-1]


def _matrix(strings):
    return sp.Matrix([[sp.sympify(s) for s in row] for row in strings])


# --------------------------------------------------------------------------- the real article

_CACHE: dict = {}


@pytest.fixture
def real_report(article_path):
    if article_path not in _CACHE:
        _CACHE[article_path] = check_file(article_path, name=article_path.name)
    return _CACHE[article_path]


def test_real_article_exits_0(run_cli, article_path):
    code, out, err = run_cli("check", article_path, "--lang", "en")
    assert code == 0, out + err
    assert "✗" not in out
    assert re.search(r"summary: \d+ claims: \d+ exact, \d+ rounded, 0 wrong, \d+ unverifiable", out)


def test_real_article_claims_match_symattn_derivation(real_report):
    """Every verified value is the exact value of symattn's own derivation (not a copy of the article)."""
    from symattn.topics.attention import derive_attention
    from symattn.examples import article_spec
    d = derive_attention(article_spec())
    kt = _value_claim(real_report, 38)
    assert kt.status == "exact" and _matrix(kt.expected) == d.step("keys_transposed").exact
    prod = _value_claim(real_report, 42)
    assert prod.status == "exact" and _matrix(prod.expected) == d.step("scores").exact
    root = [c for c in _claims(real_report, 58) if c.source.startswith(r"\sqrt{4}")]
    assert root and root[0].status == "exact" and root[0].expected == "2"
    scaled = _value_claim(real_report, 64)
    assert scaled.status == "exact" and _matrix(scaled.expected) == d.step("scaled_scores").exact
    weights = _value_claim(real_report, 70)
    assert weights.status == "rounded"
    A = _matrix(weights.expected)
    assert all(sp.expand(a - b) == 0 for a, b in zip(A, d.step("weights").exact))
    assert weights.claimed[0] == ["0.45", "0.27", "0.27"]
    assert any("0.99" in str(n) for n in weights.notes)


def test_real_article_weights_agree_with_numpy_and_torch(real_report):
    A = np.array(_matrix(_value_claim(real_report, 70).expected).evalf(30).tolist(), dtype=float)
    Q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], dtype=float)
    K = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], dtype=float)
    s = Q @ K.T / 2
    ref = np.exp(s - s.max(axis=1, keepdims=True))
    ref /= ref.sum(axis=1, keepdims=True)
    assert np.allclose(A, ref, atol=1e-12)
    torch = pytest.importorskip("torch")
    q, k = torch.tensor(Q, dtype=torch.float64), torch.tensor(K, dtype=torch.float64)
    v = torch.eye(3, dtype=torch.float64)
    sdpa = torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None])[0].numpy()
    assert np.allclose(A, sdpa, atol=1e-12)


def test_real_article_lists_what_it_cannot_check(real_report):
    unverifiable = [c for c in real_report.claims if c.status == "unverifiable"]
    assert all(c.detail for c in unverifiable)
    lines = {c.line for c in unverifiable}
    # 0.45·v_我 + 0.27·v_爱 + 0.27·v_你: the coefficients restate row 1 of the weights on line 80
    coef = [c for c in real_report.claims if c.line == 82]
    assert [c.status for c in coef] == ["rounded"] * 3 and all("line 80" in c.detail for c in coef)
    # 45%, 27%, 27% restate the first row of the weights printed just above: checked as that row
    pct = [c for c in real_report.claims if c.line == 72 and c.status != "unverifiable"]
    assert [c.status for c in pct] == ["rounded"] * 3 and all("as a percentage" in c.detail for c in pct)
    # the narrative rows of the scores ("第一行 [2, 1, 1]") are checked, not skipped
    assert [c.status for c in real_report.claims if c.line in (46, 47, 48)] == ["exact"] * 3


def test_real_article_shape_annotations(real_report):
    shapes = [c for c in real_report.claims if c.label.startswith("shape")]
    by_line = {(c.line, tuple(c.claimed)): c.status for c in shapes if c.claimed}
    assert by_line[(20, (3, 4))] == "exact"
    assert by_line[(42, (3, 4))] == by_line[(42, (4, 3))] == by_line[(42, (3, 3))] == "exact"


def test_check_never_modifies_the_article(run_cli, article_path, tmp_path):
    before = hashlib.sha256(article_path.read_bytes()).hexdigest()
    run_cli("check", article_path, "--format", "json")
    assert hashlib.sha256(article_path.read_bytes()).hexdigest() == before
    copy = tmp_path / "a.md"
    copy.write_bytes(article_path.read_bytes())
    code, _, err = run_cli("check", copy, "-o", copy, "--force")
    assert code == 2 and "overwrite the article" in err
    assert copy.read_bytes() == article_path.read_bytes()


# --------------------------------------------------------------------------- seeded errors

def _seed(text: str, line: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[line - 1], (line, old)
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


SEEDS = [
    # name, line, old, new, entry named, printed, exact, likely mistake (or None)
    ("product entry", 42, r"= \begin{bmatrix} 2 & 1 & 1", r"= \begin{bmatrix} 2 & 1 & 2",
     "[1,3]", "2", "1", None),
    ("softmax entry", 70, r"\approx \begin{bmatrix} 0.45", r"\approx \begin{bmatrix} 0.47",
     "[1,1]", "0.47", "exp(1/2)/(exp(1/2) + 2)", None),
    ("divided by 4", 64, r"\begin{bmatrix} 1.0 & 0.5 & 0.5 \\ 0.5 & 0.5 & 0.5 \\ 0.5 & 0.5 & 1.0 \end{bmatrix}",
     r"\begin{bmatrix} 0.5 & 0.25 & 0.25 \\ 0.25 & 0.25 & 0.25 \\ 0.25 & 0.25 & 0.5 \end{bmatrix}",
     "[1,2]", "0.25", "1/2", "d_k instead of √d_k"),
    ("transpose", 38, r"K^T = \begin{bmatrix} 1 & 0 & 1", r"K^T = \begin{bmatrix} 1 & 0 & 0",
     "[1,3]", "0", "1", "K used instead of Kᵀ"),
    ("shape annotation", 42, r"\end{bmatrix}_{3 \times 3}", r"\end{bmatrix}_{3 \times 4}",
     "shape", "3x4", "3x3", None),
]


@pytest.mark.parametrize("name,line,old,new,entry,printed,exact,mistake", SEEDS, ids=[s[0] for s in SEEDS])
def test_seeded_error_is_found(run_cli, article_path, tmp_path, name, line, old, new, entry, printed, exact,
                               mistake):
    path = tmp_path / "seeded.md"
    path.write_text(_seed(article_path.read_text(encoding="utf-8"), line, old, new), encoding="utf-8")
    code, out, _ = run_cli("check", path, "--lang", "en")
    assert code == 1
    wrong_lines = re.findall(r"^line (\d+)  ✗", out, flags=re.M)
    assert wrong_lines == [str(line)], out          # reported once, on its own line
    code, out, _ = run_cli("check", path, "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["summary"]["wrong"] == 1
    claim = [c for c in doc["claims"] if c["status"] == "wrong"][0]
    assert claim["line"] == line
    hit = [e for e in claim["entries"] if e["entry"].endswith(entry)]
    assert hit and hit[0]["claimed"] == printed and hit[0]["exact"] == exact
    if mistake:
        assert mistake in claim["diagnosis"]
    else:
        assert "K used instead" not in claim.get("diagnosis", "")


def test_seeded_softmax_entry_names_the_correct_rounding(article_path):
    text = _seed(article_path.read_text(encoding="utf-8"), 70, r"\approx \begin{bmatrix} 0.45",
                 r"\approx \begin{bmatrix} 0.47")
    report = check_text(text, "seeded.md")
    wrong = [c for c in report.claims if c.status == "wrong"][0]
    assert wrong.entries[0]["correct"] == "0.45"
    assert "0.45186276" in wrong.detail   # the exact value and its digits


# --------------------------------------------------------------------------- the test articles

ARTICLES = articles()


def test_there_are_enough_test_articles():
    names = [p.name for p in ARTICLES]
    assert len(names) >= 8
    text = {p.name: p.read_text(encoding="utf-8") for p in ARTICLES}
    assert any(n.startswith("zh-") for n in names) and any(n.startswith("en-") for n in names)
    assert any("$$" in t for t in text.values()) and any(r"\[" in t for t in text.values())
    assert any(r"\begin{align" in t for t in text.values()) and any(r"\begin{equation" in t for t in text.values())
    assert any("-\\infty" in t for t in text.values())          # masks
    assert any("```" in t for t in text.values())               # code fences and plain-text arrays


@pytest.mark.parametrize("article", ARTICLES, ids=[p.name for p in ARTICLES])
def test_article_matches_its_expected_report(article):
    """Regenerate with: python -m symattn.check.golden"""
    got = render(article)
    for fmt, path in expected(article).items():
        assert path.exists(), f"missing {path.name}; run python -m symattn.check.golden"
        assert got[fmt] == path.read_text(encoding="utf-8"), \
            f"{path.name} is stale; run python -m symattn.check.golden and review the diff"


EXIT_CODES = {
    "en-display-projections.md": 0, "en-plain-text-arrays.md": 0, "latex-align-pmatrix.tex": 0,
    "zh-causal-mask.md": 0, "zh-convention-no-scaling.md": 0, "en-unreadable.md": 0,
    "en-mistake-no-scaling.md": 1, "en-mistake-dmodel-columns.md": 1, "en-rounding-drift.md": 1,
    "zh-brackets-consistency.md": 1,
}


@pytest.mark.parametrize("name,code", sorted(EXIT_CODES.items()))
def test_article_exit_code(run_cli, name, code):
    from symattn.check.golden import ARTICLES as folder
    got, out, err = run_cli("check", folder / name)
    assert got == code, out + err


def _report(name):
    from symattn.check.golden import ARTICLES as folder
    return check_file(folder / name, name=name)


def test_mistakes_are_diagnosed():
    r = _report("en-mistake-no-scaling.md")
    wrong = [c for c in r.claims if c.status == "wrong" and c.cause != "carried"]
    assert len(wrong) == 1 and wrong[0].diagnosis.startswith("no scaling")
    assert "states ÷√d_k (line 6)" in wrong[0].diagnosis          # a formula stated but not applied
    # "58%" in the prose restates the wrong weight: carried from it, corrected as a percentage
    carried = [c for c in r.claims if c.status == "wrong" and c.cause == "carried"]
    assert [(c.line, c.root, c.entries[0]["correct"]) for c in carried] == [(28, wrong[0].line, "45%")]
    r = _report("en-mistake-dmodel-columns.md")
    diag = {c.line: c.diagnosis for c in r.claims if c.status == "wrong" and c.cause != "carried"}
    assert diag == {21: "divided by √d_model instead of √d_k", 31: "softmax over columns instead of rows",
                    36: "e ≈ 2.7 used in the exponentials"}
    carried = [c for c in r.claims if c.line == 25][0]                # one slip, one cause
    assert carried.status == "wrong" and carried.cause == "carried" and carried.root == 21
    sums = [c for c in r.claims if c.line == 31][0]
    assert "cannot come from a softmax" in sums.detail


def test_rounding_drift_is_reported():
    r = _report("en-rounding-drift.md")
    scaled = [c for c in r.claims if c.line == 17][0]
    weights = [c for c in r.claims if c.line == 23][0]
    assert scaled.status == "rounded"                                   # every step looks right …
    assert weights.status == "wrong" and weights.drift                  # … but the result drifts
    assert weights.diagnosis == "intermediate values rounded early"
    assert [e["correct"] for e in weights.entries] == ["0.58", "0.32"]


def test_declared_convention_is_not_an_error():
    r = _report("zh-convention-no-scaling.md")
    assert r.exit_code == 0 and any("convention" in str(n) for n in r.notes)
    assert [c.status for c in r.claims if c.line == 15] == ["rounded"]


def test_shift_invariance_inside_the_article():
    r = _report("zh-brackets-consistency.md")
    weights = [c for c in r.claims if c.line == 28][0]
    assert weights.status == "wrong" and "rows 1 and 3 of the scores differ only by the constant" in weights.detail
    vector = [c for c in r.claims if c.line == 34][0]
    assert vector.status == "rounded" and any("1.01" in str(n) for n in vector.notes)
    assert any("single \\ were read as" in str(n) for n in r.notes) and any("doubled" in str(n) for n in r.notes)


def test_unreadable_article_lists_reasons_and_does_not_crash():
    r = _report("en-unreadable.md")
    assert r.exit_code == 0
    assert all(c.status == "unverifiable" and c.detail for c in r.claims)
    details = " ".join(c.detail for c in r.claims)
    for reason in ("ellipsis", "relation <", "too large", "division by zero", "not a matrix", "is not checked",
                   "cannot multiply"):
        assert reason in details


# --------------------------------------------------------------------------- report formats and CLI

def test_json_schema(real_report):
    doc = json.loads(render_json(real_report))
    assert set(doc) >= {"file", "claims", "summary"}
    for c in doc["claims"]:
        assert set(c) >= {"line", "source", "status", "claimed", "expected", "detail"}
        if isinstance(c["expected"], str):
            sp.sympify(c["expected"])            # SymPy str(), read back by sympify
        elif isinstance(c["expected"], list) and c["expected"] and isinstance(c["expected"][0], list):
            sp.Matrix([[sp.sympify(e) for e in row] for row in c["expected"]])
        assert c["status"] in ("exact", "rounded", "wrong", "unverifiable")
        assert isinstance(c["line"], int) and c["line"] >= 1
    s = doc["summary"]
    assert s["claims"] == len(doc["claims"]) == sum(s[k] for k in ("exact", "rounded", "wrong", "unverifiable"))


def test_reports_are_deterministic(article_path):
    a, b = check_file(article_path), check_file(article_path)
    assert render_text(a) == render_text(b) and render_json(a) == render_json(b)


def test_help_has_examples(run_cli):
    code, out, _ = run_cli("check", "--help")
    assert code == 0 and "examples:" in out and "--format json" in out and "exit codes" in out


@pytest.mark.parametrize("args,needle", [
    (("check",), "FILE"),
    (("check", "no-such-file.md"), "no such file"),
    (("check", "{empty}"), "no article in it"),   # a folder is walked; an empty one is bad input
    (("check", "{bad}"), "not valid UTF-8"),
    (("check", "{good}", "--format", "xml"), "invalid choice"),
])
def test_bad_input_exits_2(run_cli, tmp_path, args, needle):
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"$x = 1$\n\xff\xfe")
    good = tmp_path / "good.md"
    good.write_text("$x = 1$\n", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    argv = [a.format(tmp=tmp_path, bad=bad, good=good, empty=empty) for a in args]
    code, out, err = run_cli(*argv)
    assert code == 2 and needle in err and "Traceback" not in err


def test_output_file(run_cli, article_path, tmp_path):
    out = tmp_path / "r.json"
    code, stdout, _ = run_cli("check", article_path, "-f", "json", "-o", out)
    assert code == 0 and stdout == "" and json.loads(out.read_text(encoding="utf-8"))["summary"]["wrong"] == 0
    code, _, err = run_cli("check", article_path, "-o", out)
    assert code == 2 and "already exists" in err


def test_test_article_values_agree_with_numpy_and_torch():
    """The exact values the checker compares with are cross-checked against independent references."""
    r = _report("en-display-projections.md")
    out = [c for c in r.claims if c.label == "O"][0]
    X = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]], dtype=float)
    WQ = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], dtype=float)
    WK = np.array([[1, 0], [0, 0], [0, 1], [1, 1]], dtype=float)
    WV = np.array([[1, 0], [0, 1], [1, 0], [0, 2]], dtype=float)
    q, k, v = X @ WQ, X @ WK, X @ WV
    s = q @ k.T / np.sqrt(2)
    a = np.exp(s - s.max(axis=1, keepdims=True))
    a /= a.sum(axis=1, keepdims=True)
    got = np.array(_matrix(out.expected).evalf(30).tolist(), dtype=float)
    assert np.allclose(got, a @ v, atol=1e-12)
    r = _report("zh-causal-mask.md")
    weights = [c for c in r.claims if c.label == "A"][0]
    got = np.array(_matrix(weights.expected).evalf(30).tolist(), dtype=float)
    torch = pytest.importorskip("torch")
    m = torch.tensor([[1, 0], [0, 1], [1, 1]], dtype=torch.float64)
    ref = torch.softmax((m @ m.T / np.sqrt(2)).masked_fill(torch.ones(3, 3).triu(1).bool(), float("-inf")), -1)
    assert np.allclose(got, ref.numpy(), atol=1e-12)
    sdpa = torch.nn.functional.scaled_dot_product_attention(m[None], m[None], m[None], is_causal=True)[0]
    o = [c for c in r.claims if c.label == "O"][0]
    assert np.allclose(np.array(_matrix(o.expected).evalf(30).tolist(), dtype=float), sdpa.numpy(), atol=1e-12)


def test_values_are_kept_for_one_article_only():
    """check.memo keeps a value for the article being checked, and for no other: outside a check
    every call computes, a new article starts empty, and an article checked after others gets the
    report it gets alone."""
    from symattn.check import memo

    calls = []
    compute = lambda: calls.append(1) or len(calls)
    assert memo.once("k", 1, compute) == 1 and memo.once("k", 1, compute) == 2      # no article: no keeping
    with memo.article():
        assert memo.once("k", 1, compute) == 3 and memo.once("k", 1, compute) == 3
        assert memo.once("k", [1], compute) == 4                                       # unhashable: computed
    with memo.article():
        assert memo.once("k", 1, compute) == 5
    folder = Path(__file__).parent / "articles"
    first, second = folder / "zh-causal-mask.md", folder / "en-rounding-drift.md"
    alone = render_json(check_file(second))
    check_file(first)
    assert render_json(check_file(second)) == alone
