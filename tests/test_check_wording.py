"""The report's words come from reason codes: a Chinese report is Chinese throughout, every code a
claim carries has a template in both languages, and SARIF rule ids are codes.

A template only fills in data (article text, formulas, numbers); to tell the template's words from
the data, the data is marked while the reports of every test article are rendered in Chinese, and
what is left outside the marks must hold no English word.  Mathematical names that Chinese text
writes in Latin letters too (softmax, RoPE, d_k, token, …) are the allowlist below.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from symattn.check import check_file, check_text, wording
from symattn.check.ci import RULES, rule_of
from symattn.check.claims import Reason
from symattn.check.diagnose import MISTAKES
from symattn.check.report import render_text
from symattn.check.wording import render, templates

ROOT = Path(__file__).resolve().parent / "articles"
ARTICLES = sorted(p for p in ROOT.rglob("*") if p.suffix in (".md", ".tex") and ".report" not in p.name
                  and p.name not in ("INDEX.md", "README.md"))
#: the short articles the tests of the kinds beyond the pipeline check (tests/wording/collect.py)
SNIPPETS = json.loads((Path(__file__).resolve().parent / "wording" / "snippets.json").read_text(encoding="utf-8"))

#: Latin words that Chinese text about attention writes as they are: function and matrix names, and
#: terms that have no Chinese word in use (checked by reading every zh template that has one)
MATH = {"softmax", "exp", "log", "sqrt", "sin", "cos", "diag", "max", "min", "argmax", "Var", "rank", "det", "trace",
        "dim", "null", "rref", "tril", "triu", "Concat", "RoPE", "ALiBi", "KV", "GQA", "MQA", "MHA", "MLA", "PE",
        "token", "tokens", "FlashAttention", "float32", "float64", "numpy", "torch", "SymPy", "NaN", "inf", "pos",
        "lse", "LSE", "logsumexp", "keys", "mask", "head", "heads", "batch", "bytes", "GB", "GiB", "MB", "MiB",
        "kB", "KiB", "TB", "TiB", "rad", "deg", "Combined", "symattn"}
#: the marks around data: printable, so the report's escaping of control characters (errors.log_safe)
#: leaves them as they are, and in no test article
_OPEN, _CLOSE = "⟦", "⟧"


def _words(text: str) -> set[str]:
    text = re.sub(f"{_OPEN}[^{_CLOSE}]*{_CLOSE}", " ", text)                # the data shown
    text = re.sub(r"[A-Za-z]+(?=\s*[_^(\[{ᵀ⁻¹′'])|(?<=[_^\\.])[A-Za-z]+", " ", text)   # x_1, W^T, f(…), x.shape
    return {w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in MATH}


@pytest.fixture()
def marked(monkeypatch):
    from symattn.check import report
    monkeypatch.setattr(wording, "_data", lambda text: _OPEN + text + _CLOSE)
    monkeypatch.setattr(report, "_clip", lambda text, n: " ".join(str(text).split()))   # no mark cut off


def _pieces(report):
    for c in report.claims:
        for value in (c.reason, c.what, *c.mistakes, *c.notes, c.drift if c.drift != "carried" else None):
            if isinstance(value, Reason):
                yield c, render(value, "zh")
    for _, d in report.definitions:
        yield None, render(d, "zh")
    for n in report.notes:
        yield None, render(n, "zh")


def _english_in(report) -> dict:
    found = {}
    for c, text in _pieces(report):
        for w in _words(text):
            found.setdefault(w, (c.line if c else None, text))
    # the frame of the report (title, summary, the line heads) with the article's own text left out
    bare = replace(report, claims=[replace(c, source="") for c in report.claims])
    for w in _words(render_text(bare, "zh")):
        found.setdefault(w, (None, "the frame of the report"))
    return found


def _say(found) -> str:
    return "\n".join(f"{w!r} (line {line}): {text}" for w, (line, text) in sorted(found.items()))


@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_chinese_report_has_no_english_word(path, marked):
    found = _english_in(check_file(path))
    assert not found, _say(found)


def test_a_chinese_report_of_the_beyond_examples_has_no_english_word(marked):
    found = {}
    for k, text in enumerate(SNIPPETS):
        for w, where in _english_in(check_text(text, f"snippet-{k}.md")).items():
            found.setdefault(w, (f"snippet {k}: {where[0]}", where[1]))
    assert not found, _say(found)


def test_every_reason_a_claim_carries_is_plain_data():
    """Reasons hold data, never a sentence: a str in a Reason's data (or a claim's ``what``) is
    article text or a formula, so two English words in a row in it come from the article."""
    words = re.compile(r"\b[a-z]{2,}\s+[a-z]{2,}\b")
    bad = set()
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in ARTICLES] + \
        [(f"snippet-{k}", t) for k, t in enumerate(SNIPPETS)]
    for name, text in texts:
        # (Markdown emphasis is no word: "**10⁶ ops** per head" holds the words "ops per head")
        article = " ".join(re.sub(r"\*\*|__", " ", text).split())
        for c in check_text(text, name).claims:
            for value in (c.reason, c.what, *c.mistakes, *c.notes):
                for text in _strings(value):
                    for run in words.findall(text):
                        if " ".join(run.split()) not in article and not set(run.split()) <= MATH:
                            bad.add((name, c.line, text[:100]))
    assert not bad, "\n".join(map(str, sorted(bad)))


def _strings(value):
    if isinstance(value, Reason):
        for _, v in value.data:
            yield from _strings(v)
    elif isinstance(value, tuple):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def test_every_code_has_both_languages_and_its_placeholders():
    for code, entry in templates().items():
        if "en" not in entry:
            pytest.fail(f"{code} has no English template")
        keys = set(re.findall(r"\{(\w+)\}", entry["en"]))
        for lang in ("zh", "zh_one"):
            if lang in entry:
                assert set(re.findall(r"\{(\w+)\}", entry[lang])) <= keys | {"n"}, (code, lang)
        if not code.startswith(("sarif-", "fix", "rule-")):
            assert "zh" in entry, f"{code} has no Chinese template"


def test_sarif_rules_are_the_codes_of_the_mistakes_and_the_causes():
    families = {templates()[m.code].get("rule", m.code) for m in MISTAKES}
    assert set(RULES) == families | {"wrong-value", "carried-error", "drift"}
    for rid, (short, help_) in RULES.items():
        assert short and help_, rid
    # a claim's rule follows its first mistake's code, not its wording
    from symattn.check.claims import Claim
    claim = Claim(1, "x", "wrong", mistakes=(Reason.of("rounded-early-2"),))
    assert rule_of(claim) == "rounded-early"
    assert rule_of(replace(claim, mistakes=(Reason.of("no-scaling-stated", line=3),))) == "no-scaling"
    assert rule_of(replace(claim, mistakes=(), cause="carried", root=1)) == "carried-error"
    assert rule_of(replace(claim, mistakes=())) == "wrong-value"


def test_numbers_are_shown_at_a_sane_length():
    # e^800 ≈ 2.7e347, and 1.2 × 10^300 is an integer of 301 digits: neither is written out
    report = check_text("$$e^{800} = 1.2 \\times 10^{300}$$\n", "t.md")
    (claim,) = report.claims
    assert claim.status == "wrong" and "1.2e+300" in claim.detail
    assert max(len(w) for w in re.findall(r"\d+", render_text(report, "en"))) <= 20
