r"""Shares of a total in a table: a column of percentages beside a column of counts, whose total row
says 100 %.  Each share is its row's count over the total's count.

Input: the article's :class:`~symattn.check.document.Document`.  Output: a claim per share.

A table here is a run of lines split into cells by ``|`` or ``│`` (Markdown, plain text or box
drawing; rule lines between rows belong to it).  It is read as shares only where a row prints
100 % (or 100.0 %) beside one whole number, the total, and the whole numbers in its column explain
the other rows' percentages: one share at least that is not zero agrees with count / total at its
printed digits, and no part is larger than the total.  Then every other share is judged by it; one
marked approximate (``~0%``) is left alone.
Nothing in the words of the table is read: the 100 % row and the agreeing rows are the evidence.

>>> t = ("| part | count | share |\n|---|---|---|\n| a | 1,000 | 25.0% |\n| b | 1,000 | 25.0% |\n"
...      "| c | 2,000 | 51.0% |\n| total | 4,000 | 100% |\n")
>>> [(c.line, c.status) for c in share_claims(Document.of(t))]
[(3, 'exact'), (4, 'exact'), (5, 'wrong')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .verdicts import _agree, _entry, _scalar

R = Reason.of

__all__ = ["share_claims"]

_CELL_SEP = re.compile(r"[|│┃]")
#: a rule between rows: only box-drawing strokes, dashes, colons, pluses and separators
_RULE = re.compile(r"^[\s|│┃├┤┼┬┴┌┐└┘─━═:+\-]+$")
_SHARE = re.compile(r"^\**\s*(?P<about>[~≈约]?)\s*(?P<num>\d+(?:\.\d+)?\s*%)\s*\**$")
_COUNT = re.compile(r"^\**\s*(?P<num>\d{1,3}(?:,\d{3})+|\d+)\s*\**$")


def _cells(line: str) -> list[str] | None:
    """The cells of a table row, or None for a line that is no row."""
    if len(_CELL_SEP.findall(line)) < 2:
        return None
    return [c.strip() for c in _CELL_SEP.split(line)]


def _tables(lines: list[str]):
    """Each run of table rows: [(line number, cells)], rules skipped."""
    run: list = []
    for n, line in enumerate(lines, 1):
        if run and _RULE.match(line):
            continue
        cells = _cells(line)
        if cells is None:
            if run:
                yield run
            run = []
            continue
        run.append((n, cells))
    if run:
        yield run


def _count(cell: str):
    m = _COUNT.match(cell)
    return int(m.group("num").replace(",", "")) if m else None


def _shares(run):
    """(line, cells, share cell index, share match) of each row with one percentage cell."""
    out = []
    for n, cells in run:
        found = [(k, m) for k, c in enumerate(cells) if (m := _SHARE.match(c))]
        if len(found) == 1:
            out.append((n, cells, *found[0]))
    return out


def share_claims(doc: Document) -> list[Claim]:
    out: list[Claim] = []
    lines = list(doc.lines)
    for run in _tables(lines):
        rows = _shares(run)
        totals = [r for r in rows if not r[3].group("about") and _entry(r[3].group("num"), r[0]) is not None
                  and _entry(r[3].group("num"), r[0]).value == 1]
        if not totals:
            continue
        n_total, total_cells, _, _ = totals[-1]
        columns = [(col, _count(cell)) for col, cell in enumerate(total_cells) if _count(cell)]
        if len(columns) != 1:
            continue   # the total's count is its one whole number: two or none say nothing
        col, total = columns[0]
        judged = [(n, cells, m, _count(cells[col]) if col < len(cells) else None)
                  for n, cells, _, m in rows if n != n_total and not m.group("about")]
        judged = [(n, cells, m, c) for n, cells, m, c in judged if c is not None]
        agree = [c for n, _, m, c in judged if c and _agree(_entry(m.group("num"), n), mpmath.mpf(c) / total)]
        if not agree or any(c > total for *_, c in judged):
            continue   # no row's share is its count over the total, or a part larger than the whole
        for n, cells, m, count in judged:
            what = R("share-of-total", row=next((c.strip("* ") for c in cells if c.strip("* ")), ""))
            how = R("count-over-total", count=f"{count:,}", total=f"{total:,}", line=n_total)
            out.append(_scalar(n, lines[n - 1].strip(), what, _entry(m.group("num"), n),
                               [(mpmath.mpf(count) / total, "")], how))
    return out
