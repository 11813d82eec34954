"""`check --fix` as a property: one slip in a right article, under any line ending, is fixed in place.

Articles of the corpus that check with 0 wrong get one printed decimal entry of a claim the checker
binds (found exact or rounded) changed to another value at the same printed precision (its first
decimal moved), with LF, CRLF or CR line endings and form feeds put into prose.  Then, each time:
the copy that :func:`symattn.check.fix.fix_article` makes checks with 0 wrong, and it differs from
the article only inside the span of the slipped entry.  The API that ``--fix`` uses, in process.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, note, settings, strategies as st

from symattn.check import check_text
from symattn.check.fix import _Places, fix_article

HERE = Path(__file__).parent / "articles"
#: clean articles with many printed decimals of bound claims, and quick to check
ARTICLES = [HERE / "real" / "zh-d2l-masked-softmax-notes.md", HERE / "real" / "en-book-ai-tiny-vectors.md",
            HERE / "real" / "en-flash-timyangst-online-softmax-notebook.md", HERE / "en-plain-text-arrays.md",
            HERE / "zh-causal-mask.md", HERE / "project" / "qkv-attention-by-hand.zh.md"]
ENDINGS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}
#: a line of prose: letters and spaces, no number, maths, table or code
PROSE = re.compile(r"^[^\W\d_][^$\\|`\[\]\d<>]* [^$\\|`\[\]\d<>]*$")


@cache
def targets(path: Path) -> tuple[str, tuple]:
    """The article and the spans (start, end) of the decimal entries of its bound claims."""
    text = path.read_text(encoding="utf-8")
    report = check_text(text, path.name)
    assert report.count("wrong") == 0, path
    places, found = _Places(text), set()
    for c in report.claims:
        if c.status not in ("exact", "rounded") or not isinstance(c.claimed, list):
            continue
        for b, texts in places.spelled:
            if texts == c.claimed and set(c.lines or [c.line]) & {x.line for r in b.rows for x in r}:
                for r in b.rows:
                    for x in r:
                        at = places._original(x.pos) if x.pos >= 0 else None
                        decimal = re.fullmatch(r"-?\d+\.\d+", x.text)
                        if at is not None and decimal and text[at:at + len(x.text)] == x.text:
                            found.add((at, at + len(x.text)))
                break
    return text, tuple(sorted(found))


def variant(text: str, ending: str, form_feeds: bool) -> tuple[str, list[int]]:
    """The text with its line endings and form feeds, and where each offset of ``text`` went."""
    out, where = [], []
    for line in text.split("\n"):
        if form_feeds and PROSE.match(line):
            k = line.index(" ")
            line = line[:k + 1] + "\f" + line[k + 1:]
            pieces = [(c, True) for c in line[:k + 1]] + [("\f", False)] + [(c, True) for c in line[k + 2:]]
        else:
            pieces = [(c, True) for c in line]
        for c, original in pieces:
            if original:
                where.append(len(out))
            out.append(c)
        where.append(len(out))      # the "\n"
        out.extend(ending)
    out = out[:len(out) - len(ending)]  # split gave one piece more than there are line ends
    return "".join(out), where[:len(text)] + [len(out)]


@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: p.name)
def test_the_chosen_articles_have_entries_to_slip(path):
    assert len(targets(path)[1]) >= 6


@settings(max_examples=36, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data(), ending=st.sampled_from(sorted(ENDINGS)), form_feeds=st.booleans())
def test_one_slip_is_fixed_in_its_span_only(data, ending, form_feeds):
    path = data.draw(st.sampled_from(ARTICLES), label="article")
    text, spans = targets(path)
    start, end = data.draw(st.sampled_from(spans), label="entry")
    printed = text[start:end]
    point = printed.index(".")
    shift = data.draw(st.integers(1, 9), label="first decimal moved by")
    slip = printed[:point + 1] + str((int(printed[point + 1]) + shift) % 10) + printed[point + 2:]
    base, where = variant(text, ENDINGS[ending], form_feeds)
    s, e = where[start], where[end]
    assert base[s:e] == printed
    article = base[:s] + slip + base[e:]
    note(f"{path.name}: {printed} -> {slip} at {s}")
    fixed = fix_article(article, check_text(article, path.name), lambda t: check_text(t, path.name))
    note(f"replaced {fixed.replaced}, refused {fixed.refused}, unplaced {fixed.unplaced}")
    event("slip replaced" if fixed.replaced else "slip not reported wrong" if not fixed.wrong_lines else "not fixed")
    assert check_text(fixed.text, path.name).count("wrong") == 0
    tail = len(base) - e
    assert fixed.text[:s] == base[:s] and fixed.text[len(fixed.text) - tail:] == base[e:]
    assert re.fullmatch(r"-?\d+\.\d+", fixed.text[s:len(fixed.text) - tail])
