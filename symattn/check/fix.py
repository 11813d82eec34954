"""``check --fix``: the article with every wrong entry replaced by its right value.

Input: the article's text and its :class:`~symattn.check.claims.Report`.  Output: :class:`Fixed`,
the corrected text (every other byte as it was), the lines changed, and the entries that could not
be placed.  Each wrong entry carries its ``line``, its printed text (``claimed``, exactly as in the
article) and ``correct`` (the right value at the author's precision and in the author's notation,
computed from right operands, so carried values come out recomputed).  On a line, the printed text
is found as a whole number; when it occurs several times, the entry's column in its printed row
decides, or else the entries take the occurrences in the order they come.  The original is never touched here: this module only returns text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .claims import Report

__all__ = ["Fixed", "fix_text", "fix_article", "unified_diff", "ROUNDS"]

#: checks of the corrected copy at most: a fix can bring out carried values the first report
#: could not name (their operands were wrong), so the copy is checked and fixed again
ROUNDS = 4


@dataclass
class Fixed:
    text: str
    lines: list[int] = field(default_factory=list)       # 1-based lines that changed
    replaced: int = 0                                     # entries replaced
    unplaced: list[str] = field(default_factory=list)    # "line 7: [1,2] 0.45" not found as printed
    wrong_lines: list[int] = field(default_factory=list)  # lines reported wrong, in any round
    remaining: int = 0                                    # wrong claims in the last check of the copy


def _edits(report: Report) -> dict[int, list[tuple]]:
    """line -> [(printed, correct, label, row, column, col)], each printed entry once, in report order;
    ``row`` is the printed row the entry is in (when the claim gives it), ``column`` its index, ``col``
    its offset in the line when the reader knows it."""
    per_line: dict[int, list] = {}
    seen = set()
    for c in report.claims:
        if c.status != "wrong":
            continue
        for e in c.entries:
            line, printed, correct = e.get("line"), e.get("claimed"), e.get("correct")
            if not isinstance(line, int) or not isinstance(printed, str) or not isinstance(correct, str):
                continue
            # the same block judged twice (a restatement, a chain) names the same printed entry again
            key = (tuple(c.lines) or (c.line,), e.get("entry"), line, printed, e.get("col"))
            if key in seen or printed == correct:
                continue
            seen.add(key)
            row, column = _row_of(c, str(e.get("entry", "")))
            per_line.setdefault(line, []).append((printed, correct, f"{e.get('entry', '')} {printed}", row, column,
                                                  e.get("col")))
    return per_line


def _row_of(claim, entry: str) -> tuple[list | None, int | None]:
    """The printed entries on the entry's line, in order, and the entry's index among them: the
    rows of the claim printed on that line (all of them when the claim covers one line, one per
    line when it covers as many lines as it has rows)."""
    m = re.search(r"\[(\d+),(\d+)\]$", entry)
    rows = claim.claimed
    if not m or not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        return None, None
    i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
    if i >= len(rows) or j >= len(rows[i]) or not all(isinstance(t, str) for r in rows for t in r):
        return None, None
    lines = claim.lines or [claim.line]
    if len(set(lines)) == 1:
        on_line = range(len(rows))
    elif len(lines) == len(rows):
        on_line = [k for k in range(len(rows)) if lines[k] == lines[i]]
    else:
        on_line = [i]
    flat, at = [], None
    for k in on_line:
        if k == i:
            at = len(flat) + j
        flat += rows[k]
    return (flat, at) if at is not None else (None, None)


def _aligned(line: str, row: list[str], column: int) -> int | None:
    """Where the ``column``-th of the printed entries ``row`` is, when they occur on the line in
    order (so a repeated value is told apart by its place, not by luck)."""
    pos, found = 0, []
    for t in row:
        starts = [s for s in _occurrences(line, t) if s >= pos]
        if not starts:
            return None
        found.append(starts[0])
        pos = starts[0] + len(t)
    return found[column]


def _occurrences(line: str, printed: str) -> list[int]:
    """Start offsets of ``printed`` as a whole number: no digit, point or sign glued to it.  Where
    it is nowhere on its own, a number with its unit glued on (``64TFLOPs``, ``432ms``) counts."""
    sign = "" if printed[:1] in "+-−" else r"(?<![-−+])"
    head = sign + r"(?<![\w.])" + re.escape(printed)
    alone = [m.start() for m in re.finditer(head + r"(?![\w]|\.\d)", line)]
    return alone or [m.start() for m in re.finditer(head + r"(?![\d_]|\.\d)", line)]


def fix_text(text: str, report: Report) -> Fixed:
    edits = _edits(report)
    if not edits:
        return Fixed(text)
    lines = _lines(text)
    out = Fixed(text)
    for number in sorted(edits):
        if not 1 <= number <= len(lines):
            out.unplaced += [f"line {number}: {e[2]}" for e in edits[number]]
            continue
        original = lines[number - 1]
        spans = []  # (start, end, correct)
        used: dict[str, int] = {}
        taken: set[int] = set()
        for printed, correct, label, row, column, col in edits[number]:
            starts = _occurrences(original, printed)
            if isinstance(col, int) and col in starts:
                at = col   # the reader knows where the entry is printed
            else:
                at = _aligned(original, row, column) if row is not None and len(starts) > 1 else None
            if at is None:
                free = [s for s in starts if s not in taken]
                k = used.get(printed, 0)
                at = starts[k] if k < len(starts) and starts[k] not in taken else (free[0] if free else None)
            if at is None or at in taken:
                out.unplaced.append(f"line {number}: {label}")
                continue
            used[printed] = used.get(printed, 0) + 1
            taken.add(at)
            spans.append((at, at + len(printed), correct))
        if not spans:
            continue
        new = original
        for start, end, correct in sorted(spans, reverse=True):
            new = new[:start] + correct + new[end:]
        out.replaced += len(spans)
        if new != original:
            lines[number - 1] = new
            out.lines.append(number)
    out.text = "".join(lines)
    return out


def fix_article(text: str, report: Report, check, rounds: int = ROUNDS) -> Fixed:
    """Fix, check the copy (``check(text) -> Report``) and fix again, until it checks with no
    wrong claim, nothing more can be placed, or ``rounds`` checks are spent."""
    out = Fixed(text)
    changed: set[int] = set()
    wrong: set[int] = set()
    for _ in range(rounds):
        wrong.update(ln for c in report.claims if c.status == "wrong" for ln in (c.wrong_lines or [c.line]))
        step = fix_text(out.text, report)
        out.unplaced = step.unplaced
        out.replaced += step.replaced
        if step.text == out.text:
            break
        changed.update(step.lines)
        out.text = step.text
        report = check(out.text)
    out.remaining = report.count("wrong")
    out.lines = sorted(n for n in changed if _line(text, n) != _line(out.text, n))
    out.wrong_lines = sorted(wrong)
    return out


def _lines(text: str) -> list[str]:
    """The lines with their endings, broken where the checker breaks them (:mod:`.document`: at
    \\n, \\r\\n and \\r only; a form feed or U+2028 is inside a line)."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)


def _line(text: str, n: int) -> str | None:
    lines = _lines(text)
    return lines[n - 1] if n <= len(lines) else None


def unified_diff(old: str, new: str, name: str) -> str:
    """``diff -u`` of the article and its corrected copy (``a/NAME`` and ``b/NAME``, as git writes them)."""
    if old == new:
        return ""
    label = name.lstrip("/")
    diff = difflib.unified_diff(_lines(old), _lines(new),
                                f"a/{label}", f"b/{label}")
    out = []
    for piece in diff:
        out.append(piece if piece.endswith("\n") else piece + "\n\\ No newline at end of file\n")
    return "".join(out)
