"""`symattn check` on perturbed copies of the real-article corpus (issue 24).

Each article of ``tests/articles/real/`` is copied seven ways by ``perturbations.py`` (five layouts
of its matrices, neutral labels, translated captions); the copies are generated here, at test time,
from the originals: the generator is deterministic and the corpus stays the one source, so a copy is
never stale and no 300 files sit in the tree (``python tests/perturbations.py ARTICLE KIND`` prints
one).  The copy's line map carries the oracle's line verdicts over:

* a wrong line is caught when check reports wrong on a line it was sent to;
* an ok line is a false alarm when check reports wrong on a line it was sent to that holds no wrong
  line of the oracle (a one-line nested list holds several rows: a wrong row there is a catch, not
  an alarm on the other rows);
* a checkable line is covered when a line it was sent to has a verdict other than unverifiable.

A *new* false alarm is one on the copy that the original does not have; a *lost catch* a wrong line
caught on the original and not on the copy.  Every kind is measured on every article: about 2.5
minutes of processor time (check on 48 x 8 texts), spread over the machine's processors.

``python tests/test_perturbed_articles.py`` prints the figures per article and kind, then the lost
catches and new false alarms (article, kind, line).
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from perturbations import KINDS, numbers, perturb
from symattn.check import check_text

REAL = Path(__file__).parent / "articles" / "real"
#: the corpus the perturber was written against: the articles of no first-contact batch.  The batch
#: articles join when the perturber keeps their oracle lines (today it loses en-roni's line 28, a
#: display whose number it splits), so their first contact stays a measure of unseen layouts.
_BATCHED = {a for spec in json.loads((REAL / "batches.json").read_text(encoding="utf-8")).values()
            for a in spec["articles"]}
EXPECTED = sorted(p for p in REAL.iterdir() if p.name.endswith(".expected.json")
                  and p.name[: -len(".expected.json")] not in _BATCHED)

#: Ratchet floors at what the checker does now: per kind, (recall on the copies / recall on the
#: originals, rounded down to 2 decimals; new false alarms, as the maximum).  The issue's target is
#: recall on the perturbed copies >= 0.95 of the recall on the originals, with no new false alarm:
#: raise these floors (and lower the maxima) as the checker gets there, never the other way.
#: Measured at 25b30bd (arrays in fences of their own joined by an operator line read as one chain):
#: bmatrix 0.975, numpy 0.954, torch 0.954, table 0.958, list 0.958, neutral labels 0.654, translated
#: captions 0.858, all 0.902, no new false alarm (0.750 overall before).
#: Measured again at f91c0d2 (a letter's index is one name, chains' results bind by their formula,
#: transposed restatements): neutral labels 0.796, all 0.922, the other kinds unchanged, no new false alarm.
#: Measured again at 78a7f18 (an unnamed chain of scores, scaled scores and weights bound by its values):
#: bmatrix 0.988, numpy 0.967, torch 0.963, table 0.959, list 0.971, neutral 0.807, translated 0.868,
#: all 0.932, no new false alarm.
#: Measured again at the fourteenth session (rows that are each a distribution name the weights when no
#: label does; code declarations name what they assign; XM1 is X·M_1): neutral 0.835, all 0.945.
#: Measured again at the fifteenth session (positional-encoding tables read from the reader's blocks in
#: every layout; a caption naming one row; Polish row words): bmatrix 1.000, numpy 0.992, torch 0.988,
#: table 0.984, list 0.996, neutral 0.835, translated 0.897, all 0.956 (77 lost), no new false alarm.
#: Measured again at the sixteenth session (a zero of a candidate where the print shows a number is a
#: disagreement; a row printed before is not its step printed; a table counted by position in an article
#: stating the sinusoidal formula is the encoding): neutral 0.860, all 0.959 (71 lost).
#: Then the originals gained ko-jasonkang 297 (a display ending in '=' goes on in the next one), which
#: the Markdown-table copy cannot gain: it splits that display around the re-laid table.  The table
#: copies' own recall did not fall (0.941 before and after), their ratio did (0.984 -> 0.979): the one
#: floor lowered, table 0.97, with this reason.  At 1af0440: neutral 0.869, translated 0.902, all 0.959.
#: At the nineteenth session (vectors in table cells stacked by cell; the neutral copies rename a token
#: in a fence's row labels and header too, as they do in the prose, and keep a table cell that holds a
#: digit; RoPE frequencies written with their numbers give the base): neutral 0.902 (25 lost), translated
#: 0.902, all 0.964, table 0.979, no new false alarm.  Box 6 of issue 24 asks 0.9 of the catches without labels.
#: At the twenty-fourth session (a block a later print uses as the keys or values is that input; a list
#: of the results computed on the lines above carries their slips): neutral 0.930 (18 lost), all 0.968.
#: Of the losses left, most are catches the originals make by a label alone (no candidate explains two
#: thirds of the block: a caption in Polish, or M1 for W^Q, leaves nothing to bind by).
#: At the thirtieth session (a parenthesised shape and the parameters and counts of a KV cache read
#: whatever language names them): translated 0.951 (12 lost), all 0.975, no new false alarm.
#: At the thirty-first session (a formula's own symbol for a projection's weights, Q = X M1, makes M1
#: W_Q and the matrix under no name before it X; a RoPE angle table read by its values under any
#: header): neutral 0.951 (13 lost), all 0.978, no new false alarm: every kind at 0.95 or more.
FLOORS = {"bmatrix": (0.99, 0), "numpy": (0.98, 0), "torch": (0.98, 0), "table": (0.97, 0), "list": (0.99, 0),
          "neutral": (0.95, 0), "translated": (0.95, 0), "all": (0.97, 0)}
#: Matrices each layout re-lays now (the detector's ratchet: a change that re-lays fewer is a regression).
MIN_RELAID = {"bmatrix": 109, "numpy": 150, "torch": 158, "table": 166, "list": 153}


def oracle(expected: Path) -> dict:
    return json.loads(expected.read_text(encoding="utf-8"))


def article_text(expected: Path) -> str:
    return expected.with_name(expected.name[: -len(".expected.json")]).read_text(encoding="utf-8")


def measure(text: str, exp: dict, line_map: dict | None = None) -> dict:
    """Caught, missed, false-alarm and covered oracle lines of one text (a copy with its map)."""
    report = check_text(text, exp["article"])
    wrong_at, known = set(), set()
    for c in report.claims:
        lines = c.lines or [c.line]
        if c.status != "unverifiable":
            known.update(lines)
        if c.status == "wrong":
            wrong_at.update(c.wrong_lines or lines)
    sent = (lambda n: line_map.get(n, [])) if line_map is not None else (lambda n: [n])
    wrong_image = {k for e in exp["lines"] if e["verdict"] == "wrong" for k in sent(e["line"])}
    out = {"caught": set(), "missed": set(), "false_alarms": set(), "covered": set(), "checkable": set()}
    for e in exp["lines"]:
        n, verdict = e["line"], e["verdict"]
        if verdict not in ("ok", "wrong"):
            continue
        out["checkable"].add(n)
        if any(k in known for k in sent(n)):
            out["covered"].add(n)
        if verdict == "wrong":
            out["caught" if any(k in wrong_at for k in sent(n)) else "missed"].add(n)
        elif any(k in wrong_at and k not in wrong_image for k in sent(n)):
            out["false_alarms"].add(n)
    return out


def compare(orig: dict, copy: dict) -> dict:
    return {"lost": sorted(orig["caught"] - copy["caught"]), "gained": sorted(copy["caught"] - orig["caught"]),
            "new_false_alarms": sorted(copy["false_alarms"] - orig["false_alarms"])}


def totals(rs: list[dict]) -> dict:
    wrong = sum(len(r["caught"]) + len(r["missed"]) for r in rs)
    checkable = sum(len(r["checkable"]) for r in rs)
    return {"wrong": wrong, "recall": sum(len(r["caught"]) for r in rs) / wrong if wrong else 1.0,
            "false_alarms": sum(len(r["false_alarms"]) for r in rs),
            "coverage": sum(len(r["covered"]) for r in rs) / checkable if checkable else 1.0}


def run_article(path: Path) -> tuple[str, dict]:
    """{"original": measure, kind: (copy, measure)} for one article."""
    exp, text = oracle(path), article_text(path)
    row = {"original": measure(text, exp)}
    for kind in KINDS:
        cp = perturb(text, kind, exp["language"])
        row[kind] = (cp, measure(cp.text, exp, cp.line_map))
    return exp["article"], row


def _generous_budgets() -> None:
    """check's time budgets (10 s a claim, 60 s an article) are wall-clock: on a loaded machine a slow
    claim of a long article turns unverifiable, and the figures would depend on the load.  The
    measure is of layouts and labels, so each worker process gets budgets it never reaches."""
    os.environ["SYMATTN_CHECK_SECONDS"] = "300"
    os.environ["SYMATTN_CHECK_ARTICLE_SECONDS"] = "3000"


def run_all(expected=EXPECTED) -> dict:
    """Every article and kind, on as many processes as there are processors (check is the slow part)."""
    with ProcessPoolExecutor(max_workers=min(8, os.cpu_count() or 1), initializer=_generous_budgets) as pool:
        return dict(pool.map(run_article, sorted(expected, key=lambda p: -p.stat().st_size)))


@pytest.fixture(scope="module")
def results():
    return run_all()


def figures(results: dict) -> dict:
    """Per kind and overall: recall, false alarms, coverage, the recall ratio, new false alarms."""
    orig = totals([r["original"] for r in results.values()])
    out = {"original": dict(orig, ratio=1.0, new_false_alarms=0, lost=0)}
    for kind in list(KINDS) + ["all"]:
        kinds = KINDS if kind == "all" else [kind]
        ms = [r[k][1] for r in results.values() for k in kinds]
        t = totals(ms)
        base = totals([r["original"] for r in results.values() for _ in kinds])
        diffs = [compare(r["original"], r[k][1]) for r in results.values() for k in kinds]
        t.update(ratio=t["recall"] / base["recall"] if base["recall"] else 1.0,
                 new_false_alarms=sum(len(d["new_false_alarms"]) for d in diffs),
                 lost=sum(len(d["lost"]) for d in diffs))
        out[kind] = t
    return out


# -- the perturber itself ------------------------------------------------------------------------------

def _lines_of(cp, n: int) -> str:
    new = cp.text.split("\n")
    return "\n".join(new[k - 1] for k in cp.line_map.get(n, []))


@pytest.mark.parametrize("kind", KINDS)
def test_every_number_keeps_its_text_and_every_oracle_line_its_values(kind):
    """All numbers of the article are in the copy, with the same text; each oracle line is sent to
    lines that print its values (and every number it holds)."""
    for path in EXPECTED:
        exp, text = oracle(path), article_text(path)
        cp = perturb(text, kind, exp["language"])
        assert not numbers(text) - numbers(cp.text), (exp["article"], numbers(text) - numbers(cp.text))
        lines = text.split("\n")
        if kind in ("neutral", "translated"):
            assert len(cp.text.split("\n")) == len(lines) and all(cp.line_map[n] == [n] for n in cp.line_map)
        for e in exp["lines"]:
            if e["verdict"] not in ("ok", "wrong"):
                continue
            there = _lines_of(cp, e["line"]).replace("\u2212", "-")
            printed = [p for c in e["claims"] for p in c.get("printed", [])]
            assert all(p.replace("\u2212", "-") in there for p in printed), (exp["article"], e["line"])
            assert not numbers(lines[e["line"] - 1]) - numbers(there), (exp["article"], e["line"])


def test_the_perturber_is_deterministic():
    text = article_text(EXPECTED[0])
    assert all(perturb(text, k).text == perturb(text, k).text for k in KINDS)


def test_a_matrix_in_each_layout():
    text = "Scores:\n\n$$\nS = \\begin{pmatrix} 1.5 & -\\infty \\\\ 0.25 & 2 \\end{pmatrix}\n$$\n"
    want = {"bmatrix": "\\begin{bmatrix}\n1.5 & -\\infty \\\\\n0.25 & 2\n\\end{bmatrix}",
            "numpy": "```\n[[ 1.5 -inf]\n [0.25    2]]\n```",
            "torch": "```\ntensor([[ 1.5, -inf],\n        [0.25,    2]])\n```",
            "table": "|  |  |\n|---|---|\n| 1.5 | -\u221e |\n| 0.25 | 2 |",
            "list": "[[1.5, -inf], [0.25, 2]]"}
    for kind, block in want.items():
        cp = perturb(text, kind)
        assert block in cp.text and "S =" in cp.text.split(block)[0], (kind, cp.text)
        assert cp.stats["re-laid"] == 1
        assert "1.5" in _lines_of(cp, 4) and "0.25" in _lines_of(cp, 4)


def test_a_product_written_side_by_side_gets_its_sign_and_unbalanced_text_keeps_its_matrix():
    side = "$$\n\\begin{bmatrix} 1 & 2 \\end{bmatrix}\n\\begin{bmatrix} 3 \\\\ 4 \\end{bmatrix} = 11\n$$\n"
    assert "$$\\times$$" in perturb(side, "numpy").text
    inside = "$$\n\\exp\\left( \\begin{bmatrix} 1 & 2 \\end{bmatrix} \\right)\n$$\n"
    cp = perturb(inside, "numpy")
    assert cp.text == inside.rstrip("\n") + "\n" or cp.text == inside
    assert cp.stats["left: unbalanced text around it"] == 1


def test_neutral_labels_rename_consistently_and_keep_the_formula():
    text = ("## Queries\n\nThe query matrix:\n\n$$\nQ = X W_Q = \\begin{bmatrix} 1 & 0 \\end{bmatrix}\n$$\n\n"
            "```python\nscores = Q @ K.T  # raw\nprint(\"Raw scores:\\n\", scores)\n```\n"
            "```\nRaw scores:\n[[1. 2.]]\n```\n")
    new = perturb(text, "neutral").text.split("\n")
    assert new[0] == "## Step 1" and new[2] == "The next matrix:"
    assert new[5].startswith("M1 = X W_Q = ") and "1 & 0" in new[5]    # X, W_Q name no matrix here
    q = "M1"
    assert new[9] == f"M2 = {q} @ K.T  # r1"
    assert new[10] == 'print("L1:\\n", M2)' and new[13] == "L1:"


def test_neutral_tokens_are_renamed_where_a_fence_names_its_rows_by_them_and_digits_stay():
    """A token quoted in the prose ("cat") is renamed in a fence's row labels and its header of tokens
    too, so that the prose's t1 and the table's row are still one token; a table cell that holds a
    digit ("4K tokens") is a fact and stays."""
    text = ('Scores:\n\n```\n       The   cat\n  The: [1.0  0.5]\n  cat: [0.5  2.0]\n```\n\n'
            '"cat" scores itself highest (2.0).\n\n| Context | Size |\n|---|---|\n| 4K tokens | 5 GB |\n')
    new = perturb(text, "neutral").text.split("\n")
    assert new[3] == "       The   t1" and new[5] == "  t1: [0.5  2.0]" and new[8].startswith('"t1"')
    assert new[12] == "| 4K tokens | 5 GB |"


def test_translation_keeps_numbers_code_and_tokens():
    text = 'The attention weights of "cat" are `w = [0.2, 0.8]`, so 20% of the output.\n'
    out = perturb(text, "translated").text
    assert out.startswith("Wagi uwagi") and '"cat"' in out and "`w = [0.2, 0.8]`" in out and "20%" in out


def relaid(results: dict) -> dict:
    """Per layout: matrices re-laid, already in that layout, left as they are (by reason)."""
    out = {}
    for kind in KINDS[:5]:
        c = Counter()
        for row in results.values():
            c.update(row[kind][0].stats)
        out[kind] = {k: v for k, v in sorted(c.items()) if v}
    return out


def test_perturbed_figures(results, capsys):
    figs = figures(results)
    with capsys.disabled():
        print("\n" + show(figs))
        for kind, c in relaid(results).items():
            print(f"{kind}: {c}")
    for kind, (ratio, new_fa) in FLOORS.items():
        assert figs[kind]["ratio"] >= ratio, (kind, figs[kind])
        assert figs[kind]["new_false_alarms"] <= new_fa, (kind, figs[kind])
    for kind, n in MIN_RELAID.items():
        assert relaid(results)[kind].get("re-laid", 0) >= n, kind


def show(figs: dict) -> str:
    lines = [f"{'':11s} {'recall':>7s} {'ratio':>6s} {'lost':>5s} {'FA':>4s} {'newFA':>6s} {'cover':>6s}"]
    for k, t in figs.items():
        lines.append(f"{k:11s} {t['recall']:7.3f} {t['ratio']:6.3f} {t['lost']:5d} {t['false_alarms']:4d} "
                     f"{t['new_false_alarms']:6d} {t['coverage']:6.3f}")
    return "\n".join(lines)


if __name__ == "__main__":      # python tests/test_perturbed_articles.py [PART-OF-A-NAME ...]
    rs = run_all([p for p in EXPECTED if len(sys.argv) < 2 or any(a in p.name for a in sys.argv[1:])])
    lost, alarms = [], []
    for art, row in sorted(rs.items()):
        o = row["original"]
        print(f"{art}: wrong {len(o['caught'])}/{len(o['caught']) + len(o['missed'])}, "
              f"FA {len(o['false_alarms'])}, covered {len(o['covered'])}/{len(o['checkable'])}")
        for kind in KINDS:
            cp, m = row[kind]
            d = compare(o, m)
            print(f"   {kind:10s} wrong {len(m['caught'])}, FA {len(m['false_alarms'])}, covered "
                  f"{len(m['covered'])}, lost {len(d['lost'])}, new FA {len(d['new_false_alarms'])}  "
                  f"{ {k: v for k, v in cp.stats.items() if v} }")
            lost += [(art, kind, d["lost"])] if d["lost"] else []
            alarms += [(art, kind, d["new_false_alarms"])] if d["new_false_alarms"] else []
    print("\nlost catches (article, kind, lines):")
    print("\n".join(f"  {a} {k} {ls}" for a, k, ls in lost) or "  none")
    print("new false alarms (article, kind, lines):")
    print("\n".join(f"  {a} {k} {ls}" for a, k, ls in alarms) or "  none")
    print("\n" + show(figures(rs)))
    for kind, c in relaid(rs).items():
        print(f"{kind}: {c}")
