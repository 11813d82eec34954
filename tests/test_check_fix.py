"""`symattn check --fix`: a corrected copy that checks with 0 wrong, changed only where the report says.

On every article of the corpus (tests/articles and tests/articles/real) that the checker finds wrong:
the copy checks with 0 wrong, and the lines that differ from the original are exactly the lines
reported wrong (in the first check, or in a check of the copy: a fixed slip can bring out a carried
value that the first report could not name).  A clean article comes back byte-identical.  Verdicts
come from fresh runs of the checker, never from numbers written here.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from symattn.check import check_file, check_text
from symattn.check.fix import fix_article, fix_text, unified_diff

HERE = Path(__file__).parent
ARTICLES = sorted(p for folder in (HERE / "articles", HERE / "articles" / "real") for p in folder.iterdir()
                  if p.suffix in (".md", ".tex") and p.name != "INDEX.md")
WRONG = HERE / "articles" / "en-rounding-drift.md"
CLEAN = HERE / "articles" / "zh-causal-mask.md"


def _misplaced(text: str, report) -> list[str]:
    """Wrong entries whose printed text is not on the line the report gives (a checker bug: --fix
    relies on each entry's line)."""
    lines = text.splitlines()
    bad = []
    for c in report.claims:
        for e in c.entries if c.status == "wrong" else ():
            n = e.get("line")
            if not isinstance(n, int) or not 1 <= n <= len(lines) or e["claimed"] not in lines[n - 1]:
                bad.append(f"{e['entry']} {e['claimed']} on line {n}")
    return bad


def _differing(a: str, b: str) -> list[int]:
    x, y = a.splitlines(keepends=True), b.splitlines(keepends=True)
    assert len(x) == len(y), "a fix never adds or removes a line"
    return [i + 1 for i, (p, q) in enumerate(zip(x, y)) if p != q]


#: known failures, each a bug of check left open (strict: a fix makes the test say so)
#: (the ratsgo copy's false alarm on line 282 went in the nineteenth session: an operand that copies a
#: print with a slip is the slip, and the product of the print it copies is right)
#: (nursnaaz's copy is clean since the twentieth session: with its score tables read past their markers,
#: the products line 307 computes from the V row it restates are judged wrong end to end, so --fix
#: rewrites them with the operand)
KNOWN: dict[str, str] = {
    "ru-basic-yungkocherov-kot-sidit-causal-mask.md":
        "the copy keeps K's wrong entries where the score lines (71-81) write them out as operands: those "
        "lines judge the named product s_ij = Q·K, whose verdict has no entries to rewrite, so the copy's "
        "operands still disagree with its corrected K; the rows restating the carried scores (85, 95, 96) "
        "are refused for that reason (since the twenty-fifth session, when the scores were first judged "
        "end to end)",
    "en-mask-nagaraj17-order-shipment-causal.md":
        "line 99 writes e^{2.121} ≈ 8.339 and e^{1.414} ≈ 4.112 on the scores printed to three places: the "
        "check takes 2.121 at its exact value 3/√2 (8.342, rewritten by the fix) but 1.414 as written, and in "
        "the copy, with 8.342, it takes 1.414 at √2 too, so 4.112 (4.113 end to end) is judged wrong there; "
        "the oracle calls both ambiguous (verdict policy 5); found at the first contact of batch 47",
    "en-basic-snowch-it-animal-street-because.md":
        "the fix corrects the scaled scores 7.09 and 4.96 (lines 182-183, drift from √2 printed as 1.41) but "
        "not the exponents e^{7.09} and e^{4.96} the softmax lines (194-202) write with them: in the copy those "
        "are no prints of anything above, so line 202, which takes 3.54 at its exact value beside them, is "
        "judged wrong (since the twenty-seventh session, when a result printed to two decimals stands for its "
        "exact value in later arithmetic)",
}


@pytest.mark.parametrize("article", [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN[p.name]))
                                     if p.name in KNOWN else p for p in ARTICLES], ids=lambda p: p.name)
def test_fix_gives_a_copy_with_no_wrong_claim_changed_only_on_the_wrong_lines(article):
    text = article.read_text(encoding="utf-8")
    report = check_text(text, article.name)
    first = {ln for c in report.claims if c.status == "wrong" for ln in (c.wrong_lines or [c.line])}
    fixed = fix_article(text, report, lambda t: check_text(t, article.name))
    if not first:
        assert fixed.text == text and fixed.lines == []           # clean: byte-identical
        return
    misplaced = _misplaced(text, report)
    if misplaced:
        pytest.xfail("the checker gives lines where the printed entries are not: " + "; ".join(misplaced[:4]))
    again = check_text(fixed.text, article.name)
    left = [(c.line, c.entries) for c in again.claims if c.status == "wrong"]
    unfixable = {c.line for c in report.claims if c.status == "wrong" and not c.entries}
    if left and all(not entries and line in unfixable for line, entries in left):
        # a wrong claim with no entry to rewrite (a row that sums to 1.0000002): --fix writes no value
        # without a witness for it, so the line stays as the author wrote it
        pytest.xfail("wrong claims without entries cannot be fixed: lines " + ", ".join(str(n) for n, _ in left))
    changed = _differing(text, fixed.text)
    missed = [n for c in again.claims if c.status == "wrong" for n in (c.wrong_lines or [c.line])
              if n not in first and n not in changed]
    if left and len(set(missed)) == len({n for c in again.claims if c.status == "wrong"
                                         for n in (c.wrong_lines or [c.line])}):
        # every wrong line of the copy is one the fix did not touch and the first check did not call
        # wrong: the same numbers, judged from the same inputs, were wrong in the article too; with its
        # other slips corrected, the check now binds them (a miss of check, not a fault of --fix)
        pytest.xfail("the copy shows errors the first check missed: lines " + ", ".join(map(str, sorted(set(missed)))))
    assert changed == fixed.lines
    if fixed.refused or fixed.unplaced:
        # a replacement the check of the copy does not prove right is refused, and an entry with no
        # one place on its line is not guessed (issue 29): what stays wrong is on their lines, and
        # every line that changed was reported wrong
        kept = {int(r.split(":")[0].split()[1]) for r in fixed.refused + fixed.unplaced}
        assert all(set(c.wrong_lines or [c.line]) & (kept | unfixable) for c in again.claims
                   if c.status == "wrong"), (left, fixed.refused, fixed.unplaced)
        assert set(changed) <= set(fixed.wrong_lines)
        return
    assert left == []
    assert set(changed) == set(fixed.wrong_lines)                # exactly the lines reported wrong
    assert first <= set(changed)


def test_fix_replaces_only_the_printed_numbers_in_the_authors_notation():
    text = WRONG.read_text(encoding="utf-8")
    fixed = fix_text(text, check_text(text, "a.md"))
    old, new = text.splitlines()[22], fixed.text.splitlines()[22]
    assert re.sub(r"0\.58 & 0\.32", "0.56 & 0.34", new) == old    # nothing else on the line moved
    assert fixed.lines == [23] and fixed.replaced == 2


def test_repeated_values_on_a_line_are_told_apart_by_their_column():
    # all rows on one line: the wrong entry [2,1] prints 0, and so does the right entry [1,2] before it
    text = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$K = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
            "$$S = QK^T = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n")
    report = check_text(text, "a.md")
    assert [e["claimed"] for c in report.claims for e in c.entries] == ["0"]
    fixed = fix_text(text, report)
    assert fixed.unplaced == []
    assert fixed.text.splitlines()[4] == "$$S = QK^T = \\begin{bmatrix} 1 & 0 \\\\ 1 & 1 \\end{bmatrix}$$"
    assert check_text(fixed.text, "a.md").count("wrong") == 0


def test_cli_writes_copies_never_over_an_input(run_cli, tmp_path):
    src = tmp_path / "posts"
    src.mkdir()
    shutil.copy(WRONG, src / "wrong.md")
    shutil.copy(CLEAN, src / "clean.md")
    before = {p.name: p.read_bytes() for p in src.iterdir()}
    code, out, err = run_cli("check", src, "--fix", "-o", tmp_path / "fixed", "--lang", "en")
    assert code == 1, err
    assert (tmp_path / "fixed" / "clean.md").read_bytes() == before["clean.md"]
    copy = (tmp_path / "fixed" / "wrong.md").read_text(encoding="utf-8")
    assert check_file(tmp_path / "fixed" / "wrong.md").count("wrong") == 0
    assert _differing(before["wrong.md"].decode(), copy) == [23]
    assert "corrected copy: " in out
    assert {p.name: p.read_bytes() for p in src.iterdir()} == before          # originals untouched
    # onto an input, or its folder: refused, nothing written
    for target in (src / "wrong.md", src):
        code, _, err = run_cli("check", src / "wrong.md" if target != src else src, "--fix", "-o", target, "--force")
        assert code == 2 and "would overwrite the article" in err
    assert {p.name: p.read_bytes() for p in src.iterdir()} == before
    # an existing copy is kept without --force
    code, _, err = run_cli("check", src / "wrong.md", "--fix", "-o", tmp_path / "fixed" / "wrong.md")
    assert code == 2 and "already exists" in err
    code, _, err = run_cli("check", src / "wrong.md", "--fix")
    assert code == 2 and "-o OUT" in err


def test_diff_is_a_unified_diff_of_exactly_the_fixed_lines(run_cli, tmp_path):
    code, out, _ = run_cli("check", WRONG, "--diff")
    assert code == 1
    text = WRONG.read_text(encoding="utf-8")
    fixed = fix_article(text, check_text(text, str(WRONG)), lambda t: check_text(t, str(WRONG)))
    assert out == unified_diff(text, fixed.text, str(WRONG))
    assert out.startswith(f"--- a/{str(WRONG).lstrip('/')}\n+++ b/")
    minus = [ln for ln in out.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln for ln in out.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    assert minus == ["-" + text.splitlines()[22]] and plus == ["+" + fixed.text.splitlines()[22]]
    code, out, _ = run_cli("check", CLEAN, "--diff")
    assert (code, out) == (0, "")
