"""`symattn check` on worked examples by other authors (tests/articles/real/).

Each article's expected verdicts come from its own script (``NAME.expect.py``, plain SymPy, see
``oracle.py``), never from symattn.  The measure, per line the oracle decided:

* recall: wrong lines on which check reports a wrong claim (carried and drift included);
* false alarms: ok lines on which check reports a wrong claim;
* coverage: checkable (ok or wrong) lines on which check gives a verdict other than unverifiable.

Run ``python tests/test_real_articles.py`` for the figures per article.
"""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

from symattn.check import check_file

REAL = Path(__file__).parent / "articles" / "real"
ARTICLES = sorted(p for p in REAL.iterdir() if p.name.endswith(".expected.json"))

#: First-contact batches (issue 24): each batch of new articles lands with the figures the checker gave it
#: before any work on what it shows (``first_contact``, never edited afterwards) and a ``floor`` that only
#: ever rises.  The articles of no batch are the corpus the checker was built against.
BATCHES = json.loads((REAL / "batches.json").read_text(encoding="utf-8"))

#: A ratchet at the figures measured at the end of each session (48 articles, 247 wrong lines): the
#: corpus started at recall 0.757, 0 false alarms, coverage 0.564; then recall 0.907 and coverage 0.787;
#: then 0.921 (n-D prints read slice by slice, notebook outputs); then recall 0.931, coverage 0.928;
#: at the oracle without truncation (254 wrong lines), recall 0.945, coverage 0.930; then recall 0.957.
#: The issue's targets are recall >= 0.9, 0 false alarms and coverage >= 0.85; raise these floors as
#: the checker gets there, never lower them.
MIN_RECALL = 0.95
MAX_FALSE_ALARMS = 0
MIN_COVERAGE = 0.94


def article_of(expected: Path) -> Path:
    return expected.with_name(expected.name[: -len(".expected.json")])


def measure(expected: Path) -> dict:
    exp = json.loads(expected.read_text(encoding="utf-8"))
    report = check_file(article_of(expected))
    wrong_at: dict[int, list] = {}
    known: set[int] = set()
    for c in report.claims:
        lines = c.lines or [c.line]
        if c.status != "unverifiable":
            known.update(lines)
        if c.status == "wrong":
            for ln in (c.wrong_lines or lines):
                wrong_at.setdefault(ln, []).append(c)
    out = {"article": exp["article"], "wrong": [], "missed": [], "false_alarms": [], "ok": [],
           "covered": 0, "checkable": 0, "on_inputs": []}
    for e in exp["lines"]:
        ln, verdict = e["line"], e["verdict"]
        if verdict == "given" and ln in wrong_at:
            out["on_inputs"].append(ln)   # an input the author chose, called wrong: a false alarm too
        if verdict not in ("ok", "wrong"):
            continue
        out["checkable"] += 1
        out["covered"] += ln in known
        if verdict == "wrong":
            (out["wrong"] if ln in wrong_at else out["missed"]).append(ln)
        else:
            out["ok"].append(ln)
            if ln in wrong_at:
                out["false_alarms"].append(ln)
    return out


def totals(results: list[dict]) -> dict:
    wrong = sum(len(r["wrong"]) + len(r["missed"]) for r in results)
    found = sum(len(r["wrong"]) for r in results)
    checkable = sum(r["checkable"] for r in results)
    return {"articles": len(results), "wrong_lines": wrong, "recall": found / wrong if wrong else 1.0,
            "false_alarms": sum(len(r["false_alarms"]) for r in results),
            "alarms_on_inputs": sum(len(r.get("on_inputs", ())) for r in results),
            "coverage": sum(r["covered"] for r in results) / checkable if checkable else 1.0,
            "checkable": checkable}


def test_oracle_files_are_current():
    """Every expected.json is what its independent script writes now."""
    import mpmath
    stale = []
    for exp in ARTICLES:
        script = exp.with_name(article_of(exp).name + ".expect.py")
        argv, dps = sys.argv, mpmath.mp.dps
        sys.argv = [str(script), "--check"]
        try:
            runpy.run_path(str(script), run_name="__main__")
        except SystemExit as exc:
            if exc.code not in (None, 0):
                stale.append(f"{exp.name}: {exc.code}")
        finally:
            sys.argv = argv
            mpmath.mp.dps = dps   # (a script's own working precision is no state of the tests after it)
    assert not stale, stale


def test_every_article_cites_its_source():
    for exp in ARTICLES:
        first = article_of(exp).read_text(encoding="utf-8").splitlines()[0]
        assert "source:" in first and "http" in first, exp.name


@pytest.fixture(scope="module")
def results():
    return [measure(exp) for exp in ARTICLES]


def in_batch(name: str) -> str | None:
    return next((b for b, spec in BATCHES.items() if name in spec["articles"]), None)


def test_every_batch_article_exists_once():
    names = {article_of(e).name for e in ARTICLES}
    listed = [a for spec in BATCHES.values() for a in spec["articles"]]
    assert len(listed) == len(set(listed)), "an article is in two batches"
    assert set(listed) <= names, sorted(set(listed) - names)
    for b, spec in BATCHES.items():
        assert set(spec["first_contact"]) >= {"commit", "recall", "false_alarms", "coverage", "wrong_lines"}, b


def test_first_contact_batches(results, capsys):
    """Each batch keeps at least its floor; the first-contact figures stay as they were measured."""
    for b, spec in BATCHES.items():
        t = totals([r for r in results if r["article"] in spec["articles"]])
        fc = spec["first_contact"]
        with capsys.disabled():
            print(f"\n{b}: {t['articles']} articles, {t['wrong_lines']} wrong lines, recall {t['recall']:.2f}"
                  f" (first contact {fc['recall']:.2f}), {t['false_alarms']} false alarms (first contact "
                  f"{fc['false_alarms']}), coverage {t['coverage']:.2f} (first contact {fc['coverage']:.2f})")
        floor = spec["floor"]
        assert t["recall"] >= floor["recall"], (b, t)
        assert t["false_alarms"] <= floor["false_alarms"], (b, t)
        assert t["coverage"] >= floor["coverage"], (b, t)
        assert t["alarms_on_inputs"] <= floor.get("alarms_on_inputs", t["alarms_on_inputs"]), (b, t)


#: wrong verdicts on lines the oracles call given (an input the author chose or restated): false alarms
#: that the counts above, which take only the lines with a right value, do not see.  Found in the
#: twenty-fifth session at 22 (8 after its work); this ceiling only falls.  A first-contact batch that
#: lands with such verdicts keeps them under its own floor (``alarms_on_inputs``), which only falls too.
MAX_ALARMS_ON_INPUTS = 8


def test_whole_corpus_figures(results, capsys):
    t = totals(results)
    with capsys.disabled():
        print(f"\nwhole corpus: {t['articles']} articles, {t['wrong_lines']} wrong lines, "
              f"recall {t['recall']:.2f}, {t['false_alarms']} false alarms, coverage {t['coverage']:.2f}, "
              f"{t['alarms_on_inputs']} wrong verdicts on given inputs")
    assert t["articles"] == len(ARTICLES)
    allowed = MAX_ALARMS_ON_INPUTS + sum(spec["floor"].get("alarms_on_inputs", 0) for spec in BATCHES.values())
    assert t["alarms_on_inputs"] <= allowed, [(r["article"], r["on_inputs"]) for r in results if r["on_inputs"]]


def test_real_article_figures(results, capsys):
    """The corpus the checker was built against (the articles of no first-contact batch)."""
    results = [r for r in results if in_batch(r["article"]) is None]
    t = totals(results)
    with capsys.disabled():
        print(f"\nreal articles: {t['articles']} articles, {t['wrong_lines']} wrong lines, "
              f"recall {t['recall']:.2f}, {t['false_alarms']} false alarms, "
              f"coverage {t['coverage']:.2f} of {t['checkable']} checkable lines")
    assert len(results) >= 1
    assert t["recall"] >= MIN_RECALL
    assert t["false_alarms"] <= MAX_FALSE_ALARMS
    assert t["coverage"] >= MIN_COVERAGE


#: the kinds of issue 12, by the topics their expected files name; each needs 3 articles, recall >= 0.9
#: and no false alarm
KINDS = {"mask": ("mask", "causal-mask", "masking"), "mha": ("mha",), "gqa": ("gqa",), "rope": ("rope",),
         "pe": ("pe",)}


def per_kind(results: list[dict]) -> dict:
    results = [r for r in results if in_batch(r["article"]) is None]
    topics = {json.loads(e.read_text(encoding="utf-8"))["article"]: json.loads(e.read_text(encoding="utf-8"))["topics"]
              for e in ARTICLES}
    return {kind: totals([r for r in results if any(t in names for t in topics[r["article"]])])
            for kind, names in KINDS.items()}


def test_figures_per_kind_beyond_the_basic_pipeline(results, capsys):
    kinds = per_kind(results)
    with capsys.disabled():
        for kind, t in kinds.items():
            print(f"\n{kind}: {t['articles']} articles, {t['wrong_lines']} wrong lines, recall {t['recall']:.2f}, "
                  f"{t['false_alarms']} false alarms, coverage {t['coverage']:.2f}")
    for kind, t in kinds.items():
        assert t["articles"] >= 3 and t["recall"] >= 0.9 and t["false_alarms"] == 0, (kind, t)


if __name__ == "__main__":
    only = sys.argv[1] if len(sys.argv) > 1 else None  # a batch name: only its articles
    rs = [measure(exp) for exp in ARTICLES
          if only is None or article_of(exp).name in BATCHES[only]["articles"]]
    for r in rs:
        print(f"{r['article']:55s} cov {r['covered']:3d}/{r['checkable']:<3d} wrong {len(r['wrong'])}"
              f"/{len(r['wrong']) + len(r['missed'])} missed {r['missed']} FA {r['false_alarms']}"
              + (f" on inputs {r['on_inputs']}" if r["on_inputs"] else ""))
    print(totals(rs))
    for kind, t in per_kind(rs).items():
        print(kind, t)
