r"""``check --fix``: the article with every wrong entry replaced by its right value, and the proof.

Input: the article's text and its :class:`~symattn.check.claims.Report`.  Output: :class:`Fixed`,
the corrected text, the lines changed, the replacements made and the ones refused.  Each wrong
entry carries its ``line``, its printed text (``claimed``, exactly as in the article) and
``correct`` (the right value at the author's precision and in the author's notation, computed
from right operands, so carried values come out recomputed).

A fix edits one span: the characters of the wrong entry and nothing else.  The span comes from
the reader, in this order: the entry's column (an offset in the :class:`~.document.Document`'s
text, taken back to the original through its offset map); the reader's block that prints the
claim, at the entry's row and column; and only when the reader knows neither, the printed text
searched on its line as a whole number (one place, or a repeated value placed by its column in the
printed row).  An entry that cannot be placed is not fixed.

Policy (:func:`fix_article`): the copy is checked again, and a replacement stays only when it is
proven, that is when in the check of the copy

* no wrong entry lies on its span (nor on its line, when that entry cannot be placed, or when a
  claim with no entries is wrong there), and
* a claim found exact or rounded prints the new value at the entry's place (the same row and
  column of a block of the same shape, which the reader puts on that span); or, for a number a line
  uses again (an entry named :data:`~.claims.OPERAND`: ``0.86`` in ``0.86 / 2 = 0.43`` after the
  slip ``… = 0.86``), the line's own claim is right and a claim elsewhere prints the new value right.

A later round (the copy checked and fixed again: a chain read from its new operands, a carried
value the first check could not name) may replace a replacement again, but never an entry the
article's own check finds right.

A replacement that is not proven is refused: its span gets back the article's text, the copy is
checked again, and so on until every replacement left is proven.  Then the copy must differ from
the article only inside those spans, and no entry reported wrong and left as written may be found
right in the copy: otherwise the check of the copy reads it differently from the article, nothing
is proven, and every replacement is refused.  The refused ones are listed (:attr:`Fixed.refused`);
the command writes a copy only when at least one replacement stands, or when nothing was wrong.
Lines are counted as the reader counts them (:data:`~.document.LINE_END`: ``\n``, ``\r\n`` or
``\r``, never a form feed, NEL or U+2028).

:func:`unified_diff` gives the corrections as a patch that ``patch -p1`` and ``git apply`` take, for
any line ending, with a file name quoted as git quotes it.  The original is never touched here:
this module only returns text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .claims import OPERAND, Report
from .document import LINE_END, Document

__all__ = ["Fixed", "fix_text", "fix_article", "unified_diff", "quote_path", "locator", "ROUNDS"]

#: checks of the corrected copy at most while fixing: a fix can bring out carried values the first
#: report could not name (their operands were wrong), so the copy is checked and fixed again
ROUNDS = 4


@dataclass
class Fixed:
    text: str
    lines: list[int] = field(default_factory=list)       # 1-based lines that changed
    replaced: int = 0                                     # entries replaced (and, after fix_article, proven)
    unplaced: list[str] = field(default_factory=list)    # "line 7: [1,2] 0.45": its printed text not found
    wrong_lines: list[int] = field(default_factory=list)  # lines reported wrong, in any round
    remaining: int = 0                                    # wrong claims in the last check of the copy
    refused: list[str] = field(default_factory=list)     # "line 7: [1,2] 0.45 -> 0.46": not proven, not made
    spans: list[tuple[int, int]] = field(default_factory=list)  # the replaced spans, offsets in the article


@dataclass(frozen=True)
class _Edit:
    start: int         # the entry's span in the article (offsets of the original text)
    end: int
    line: int          # 1-based line of the entry
    printed: str       # the text in the article
    correct: str       # the text that replaces it
    label: str         # "[1,2] 0.45" for messages
    index: tuple | None  # (row, column) in the claim's printed rows, when it has rows
    shape: tuple | None  # the claim's printed shape
    expected: object   # the claim's exact values, as reported (for messages and debugging)
    operand: bool = False   # a number the line uses again, not its result (claims.OPERAND)

    def __str__(self) -> str:
        return f"line {self.line}: {self.label} -> {self.correct}"


# ---------------------------------------------------------------------------- lines


def _lines(text: str) -> list[str]:
    r"""The lines with their endings, broken where the reader breaks them (:data:`.document.LINE_END`).

    >>> _lines("a\fb\r\nc\x85d\u2028e\rf\ng")
    ['a\x0cb\r\n', 'c\x85d\u2028e\r', 'f\n', 'g']
    """
    out, pos = [], 0
    for m in LINE_END.finditer(text):
        out.append(text[pos:m.end()])
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return out


def _starts(text: str) -> list[int]:
    """The offset where each line starts (index 0 is line 1)."""
    return [0] + [m.end() for m in LINE_END.finditer(text)]


# ---------------------------------------------------------------------------- where an entry is


def _occurrences(line: str, printed: str) -> list[int]:
    """Start offsets of ``printed`` as a whole number: no digit, point or sign glued to it.  Where
    it is nowhere on its own, a number with its unit glued on (``64TFLOPs``, ``432ms``) counts."""
    sign = "" if printed[:1] in "+-−" else r"(?<![-−+])"
    head = sign + r"(?<![\w.])" + re.escape(printed)
    alone = [m.start() for m in re.finditer(head + r"(?![\w]|\.\d)", line)]
    return alone or [m.start() for m in re.finditer(head + r"(?![\d_]|\.\d)", line)]


def _index(claim, entry: str) -> tuple[int, int] | None:
    """(row, column) of an entry labelled ``[i,j]`` (or ``[k]`` in a vector) in the claim's printed
    rows; a claim that prints one row of a matrix labels its entries with the matrix's row."""
    m = re.search(r"\[(\d+)(?:,(\d+))?\]$", entry)
    rows = claim.claimed
    if not m or not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        return None
    if m.group(2) is None:   # a vector: one row, or one entry a row
        k = int(m.group(1)) - 1
        i, j = (0, k) if len(rows) == 1 else (k, 0) if all(len(r) == 1 for r in rows) else (-1, -1)
        if i < 0:
            return None
    else:
        i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
    if i >= len(rows) and len(rows) == 1:
        i = 0
    if i >= len(rows) or j >= len(rows[i]) or not isinstance(rows[i][j], str):
        return None
    return i, j


def _shape(claimed) -> tuple | None:
    if isinstance(claimed, list) and claimed and all(isinstance(r, list) for r in claimed):
        return len(claimed), tuple(len(r) for r in claimed)
    return None


class _Places:
    """Finds the span of a reported entry in one text (the article or a copy)."""

    def __init__(self, text: str):
        self.text = text
        self.starts = _starts(text)
        self._doc = None
        self._blocks = None
        self._spelled = None

    @property
    def doc(self) -> Document:
        if self._doc is None:
            self._doc = Document.of(self.text)
        return self._doc

    @property
    def blocks(self):
        if self._blocks is None:
            from .read import read_blocks
            try:
                self._blocks = read_blocks(self.doc)
            except Exception:   # the reader's own limits: fall back to the line
                self._blocks = []
        return self._blocks

    @property
    def spelled(self):
        """(block, its printed rows as the author wrote them) for every block the reader finds."""
        if self._spelled is None:
            self._spelled = [(b, [[self.doc.spell(x.text, [x.line]) for x in r] for r in b.rows])
                             for b in self.blocks]
        return self._spelled

    def line(self, n: int) -> str:
        end = self.starts[n] if n < len(self.starts) else len(self.text)
        return LINE_END.sub("", self.text[self.starts[n - 1]:end])

    def _fits(self, start: int, printed: str, n: int) -> bool:
        """``printed`` stands at ``start`` on line ``n`` as a whole number."""
        if not 0 <= start - self.starts[n - 1] <= len(self.line(n)):
            return False
        col = start - self.starts[n - 1]
        return col in _occurrences(self.line(n), printed)

    def _original(self, pos: int) -> int | None:
        """The offset in the text of a position of the Document's normalised text."""
        try:
            return self.doc.origin(pos)
        except (IndexError, ValueError):
            return None

    def span(self, claim, e: dict, taken=()) -> tuple[int, int] | None:
        """The span of the wrong entry ``e`` of ``claim``, or None when it cannot be placed."""
        n, printed = e.get("line"), e.get("claimed")
        if not isinstance(n, int) or not isinstance(printed, str) or not printed or not 1 <= n <= len(self.starts):
            return None
        if n == len(self.starts) and self.starts[-1] >= len(self.text) and n > 1:
            return None
        col, known = e.get("col"), False
        if isinstance(col, int) and n <= len(self.doc.starts):
            at, known = self._original(self.doc.starts[n - 1] + col), True
            if at is not None and at not in taken and self._fits(at, printed, n):
                return at, at + len(printed)
        at = self._from_block(claim, e, n)
        if at is not None and at not in taken and self._fits(at, printed, n):
            return at, at + len(printed)
        if known or at is not None:
            return None   # the reader says where it is, and it is not there: not searched for elsewhere
        at = self._searched(claim, e, n, printed, taken)
        return None if at is None else (at, at + len(printed))

    def _from_block(self, claim, e: dict, n: int) -> int | None:
        """The reader's offset of the entry: the block on the claim's lines that prints the claim's rows."""
        ij = _index(claim, str(e.get("entry", "")))
        if ij is None:
            return None
        i, j = ij
        rows = claim.claimed
        lines = set(claim.lines or [claim.line]) | {n}
        for b, texts in self.spelled:
            if len(rows) == 1 and len(texts) > 1:
                hit = [k for k, r in enumerate(texts) if r == rows[0] and b.rows[k][0].line == n]
                if len(hit) != 1:
                    continue
                entry = b.rows[hit[0]][j] if j < len(b.rows[hit[0]]) else None
            elif texts == rows and lines & {x.line for r in b.rows for x in r}:
                entry = b.rows[i][j]
            else:
                continue
            if entry is None or entry.pos < 0 or entry.line != n:
                continue
            return self._original(entry.pos)
        return None

    def _searched(self, claim, e: dict, n: int, printed: str, taken) -> int | None:
        """The printed text searched on its line: the only free occurrence, or the one at the
        entry's place among the claim's entries printed on that line in order."""
        line = self.line(n)
        starts = [s for s in _occurrences(line, printed) if self.starts[n - 1] + s not in taken]
        if not starts:
            return None
        if len(starts) > 1:
            at = _aligned(line, claim, str(e.get("entry", "")), n)
            if at is None or at not in starts:
                return None   # several places and none known: not guessed
            return self.starts[n - 1] + at
        return self.starts[n - 1] + starts[0]


def locator(text: str):
    """``span(claim, entry, taken=()) -> (start, end) | None``: where an entry of a claim stands in
    ``text`` (offsets of the text as given), found as --fix finds the entries it replaces; an entry
    is a dict with ``line``, ``claimed`` (its printed text) and ``entry`` (``[i,j]``), and maybe ``col``."""
    return _Places(text).span


def _aligned(line: str, claim, entry: str, n: int) -> int | None:
    """Where the entry is when the claim's entries printed on line ``n`` occur on it in order."""
    ij = _index(claim, entry)
    if ij is None:
        return None
    rows = claim.claimed
    lines = claim.lines or [claim.line]
    if len(set(lines)) == 1:
        on_line = range(len(rows))
    elif len(lines) == len(rows):
        on_line = [k for k in range(len(rows)) if lines[k] == n]
    else:
        on_line = [ij[0]]
    flat, at = [], None
    for k in on_line:
        if k == ij[0]:
            at = len(flat) + ij[1]
        flat += rows[k]
    if at is None:
        return None
    pos, found = 0, []
    for t in flat:
        starts = [s for s in _occurrences(line, t) if s >= pos]
        if not starts:
            return None
        found.append(starts[0])
        pos = starts[0] + len(t)
    return found[at]


# ---------------------------------------------------------------------------- edits


def _wrong_entries(report: Report):
    """(claim, entry) for every wrong entry that names a line, its printed text and its right one."""
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
            if key in seen:
                continue
            seen.add(key)
            yield c, e


def _edits(text: str, report: Report, places: _Places | None = None) -> tuple[list[_Edit], list[str]]:
    """The edits the report asks for in ``text`` (spans in ``text``), and the entries not placed."""
    places = places or _Places(text)
    edits, unplaced, taken = [], [], set()
    for c, e in _wrong_entries(report):
        label = f"{e.get('entry', '')} {e['claimed']}".strip()
        if e["claimed"] == e["correct"]:
            continue
        span = places.span(c, e, taken)
        if span is None:
            unplaced.append(f"line {e['line']}: {label}")
            continue
        taken.add(span[0])
        edits.append(_Edit(span[0], span[1], e["line"], e["claimed"], e["correct"], label,
                           _index(c, str(e.get("entry", ""))), _shape(c.claimed), c.expected, e.get("entry") == OPERAND))
    return edits, unplaced


def _apply(text: str, edits) -> str:
    out, pos = [], 0
    for ed in sorted(edits, key=lambda d: d.start):
        out += [text[pos:ed.start], ed.correct]
        pos = ed.end
    return "".join(out + [text[pos:]])


def _in_copy(edits, ed: _Edit) -> int:
    """Where edit ``ed`` starts in the copy that all ``edits`` make."""
    return ed.start + sum(len(d.correct) - (d.end - d.start) for d in edits if d.start < ed.start)


def _to_original(edits, pos: int) -> int | None:
    """The article's offset of a copy's offset outside the edited spans (None inside one)."""
    shift = 0
    for d in sorted(edits, key=lambda d: d.start):
        copy_start = d.start + shift
        if pos < copy_start:
            break
        if pos < copy_start + len(d.correct):
            return None
        shift += len(d.correct) - (d.end - d.start)
    return pos - shift


def _changed_lines(original: str, copy: str) -> list[int]:
    a, b = _lines(original), _lines(copy)
    return [k + 1 for k, (x, y) in enumerate(zip(a, b)) if x != y] + list(range(len(a) + 1, len(b) + 1))


def fix_text(text: str, report: Report) -> Fixed:
    """The text with the spans of the report's wrong entries replaced (not proven: see :func:`fix_article`)."""
    edits, unplaced = _edits(text, report)
    new = _apply(text, edits)
    return Fixed(new, _changed_lines(text, new), len(edits), unplaced, spans=[(d.start, d.end) for d in edits])


# ---------------------------------------------------------------------------- proof


def _proven(ed: _Edit, copy: _Places, start: int, report: Report, wrong_spans, unplaced_lines) -> bool:
    """Edit ``ed`` (now at ``start`` in the copy) is right in the check of the copy: nothing wrong on
    its span or, when a wrong entry cannot be placed, on its line; and a claim found exact or rounded
    prints the new value at the entry's place."""
    end = start + len(ed.correct)
    if ed.line in unplaced_lines or any(s < end and start < t for s, t in wrong_spans):
        return False
    return _vouched(ed, ed.correct, report, start, copy)


def _number(text: str) -> str:
    m = re.match(r"\s*[-−+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)", text)
    return m.group(0).strip() if m else text


def _vouched(ed: _Edit, value: str, report: Report, start: int, places: _Places) -> bool:
    """A claim of ``report`` found exact or rounded prints ``value`` at the place of ``ed`` (which
    starts at ``start`` in the text ``places`` reads): the claim's rows hold it at the entry's row
    and column and the reader puts that entry there, or a claim of one value is that number."""
    for c in report.claims:
        if c.status not in ("exact", "rounded") or ed.line not in (c.lines or [c.line]):
            continue
        if ed.index is not None and _shape(c.claimed) == ed.shape:
            i, j = ed.index
            if c.claimed[i][j] == value:
                e = {"entry": f"[{i + 1},{j + 1}]", "claimed": value, "line": ed.line}
                if places.span(c, e) in ((start, start + len(value)), None):
                    return True
        elif ed.index is None and isinstance(c.claimed, str) and _number(c.claimed) == _number(value):
            return True
    if ed.operand:
        # a number the line uses again: its line's own claim is right, and a claim elsewhere prints it right
        right = [c for c in report.claims if c.status in ("exact", "rounded")]
        return any(ed.line in (c.lines or [c.line]) for c in right) and any(
            _number(c.claimed) == _number(value) if isinstance(c.claimed, str) else
            isinstance(c.claimed, list) and any(isinstance(r, list) and value in r for r in c.claimed)
            for c in right if ed.line not in (c.lines or [c.line]))
    return False


def _wrong_spans(copy: _Places, report: Report):
    """The spans of the wrong entries of the copy's check, and the lines of those not placed (and of
    wrong claims with no entry)."""
    spans, lines = [], set()
    for c, e in _wrong_entries(report):
        span = copy.span(c, e)
        if span is None:
            lines.add(e["line"])
        else:
            spans.append(span)
    for c in report.claims:
        if c.status == "wrong" and not c.entries:
            lines.update(c.lines or [c.line])
    return spans, lines


def fix_article(text: str, report: Report, check, rounds: int = ROUNDS) -> Fixed:
    """Fix, check the copy (``check(text) -> Report``) and fix again, until it checks with no wrong
    claim, nothing more can be placed, or ``rounds`` checks are spent; then keep only the proven
    replacements (module docstring)."""
    edits: list[_Edit] = []
    unplaced: list[str] = []
    wrong_lines: set[int] = set()
    first, article = report, _Places(text)
    copy = text
    for k in range(rounds):
        wrong_lines.update(ln for c in report.claims if c.status == "wrong" for ln in (c.wrong_lines or [c.line]))
        new, missed = _edits(copy, report)
        if k == 0:
            unplaced = missed
        changed = False
        for ed in new:
            old = next((d for d in edits if _in_copy(edits, d) == ed.start and len(d.correct) == ed.end - ed.start),
                       None)
            if old is not None:   # a replacement called wrong again (a chain read from its new operands)
                edits[edits.index(old)] = _Edit(old.start, old.end, old.line, old.printed, ed.correct, old.label,
                                                ed.index, ed.shape, ed.expected, ed.operand)
                changed = True
                continue
            at = _to_original(edits, ed.start)
            if at is None:
                continue   # inside a replacement, not on it: the proof below refuses that one
            moved = _Edit(at, at + (ed.end - ed.start), ed.line, ed.printed, ed.correct, ed.label,
                          ed.index, ed.shape, ed.expected, ed.operand)
            if k and _vouched(moved, moved.printed, first, moved.start, article):
                continue   # the article's own check calls it right: a later round never changes that
            edits.append(moved)
            changed = True
        if not changed:
            break
        copy = _apply(text, edits)
        report = check(copy)
    out = Fixed(text, unplaced=unplaced, wrong_lines=sorted(wrong_lines))
    refused: list[_Edit] = []
    while edits:
        places = _Places(copy)
        spans, lines = _wrong_spans(places, report)
        bad = [ed for ed in edits if not _proven(ed, places, _in_copy(edits, ed), report, spans, lines)]
        if not bad:
            break
        refused += bad
        edits = [ed for ed in edits if ed not in bad]
        copy = _apply(text, edits)
        report = check(copy) if edits else first
    if edits and not (_outside(text, copy, edits) and _still_wrong(text, first, edits, copy, report)):
        refused += edits
        edits, copy, report = [], text, first
    out.text = copy
    out.replaced = len(edits)
    out.refused = [str(ed) for ed in sorted(refused, key=lambda d: d.start)]
    out.spans = [(ed.start, ed.end) for ed in sorted(edits, key=lambda d: d.start)]
    out.lines = _changed_lines(text, copy)
    out.remaining = report.count("wrong")
    return out


def _still_wrong(text: str, first: Report, edits, copy: str, report: Report) -> bool:
    """No entry the article's check calls wrong, left as written, is found right in the copy's check:
    else the copy is read differently from the article, and its check proves nothing."""
    here, there = _Places(text), _Places(copy)
    replaced = {(ed.start, ed.end) for ed in edits}
    for c, e in _wrong_entries(first):
        span = here.span(c, e)
        if span is None or span in replaced or e["claimed"] == e["correct"]:
            continue
        at = span[0] + sum(len(d.correct) - (d.end - d.start) for d in edits if d.start < span[0])
        kept = _Edit(span[0], span[1], e["line"], e["claimed"], e["claimed"], "", _index(c, str(e.get("entry", ""))),
                     _shape(c.claimed), None)
        if _vouched(kept, e["claimed"], report, at, there):
            return False
    return True


def _outside(text: str, copy: str, edits) -> bool:
    """The copy is the article outside the replaced spans."""
    pos, at = 0, 0
    for ed in sorted(edits, key=lambda d: d.start):
        n = ed.start - pos
        if copy[at:at + n] != text[pos:ed.start]:
            return False
        at += n + len(ed.correct)
        pos = ed.end
    return copy[at:] == text[pos:]


# ---------------------------------------------------------------------------- diff


_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r",
            '"': '\\"', "\\": "\\\\"}


def quote_path(name: str) -> str:
    r"""A path as git writes it in a patch: as it is, or C-quoted in double quotes when it holds a
    control character, a quote, a backslash or a non-ASCII character (git's core.quotePath).

    >>> quote_path("a/post.md"), quote_path('a/x"\n.md'), quote_path("a/中.md")
    ('a/post.md', '"a/x\\"\\n.md"', '"a/\\344\\270\\255.md"')
    """
    if not re.search(r'[\x00-\x1f"\\\x7f-\U0010ffff]', name):
        return name
    out = []
    for ch in name:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) >= 0x7f:
            out += ["\\%03o" % b for b in ch.encode("utf-8", "surrogateescape")]
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _records(text: str) -> list[str]:
    """The text cut after each ``\\n``: the lines as ``patch`` and ``git apply`` count them (a
    ``\\r`` stays in its line, so a CR-only file is one line to them, as it is to the tools)."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def unified_diff(old: str, new: str, name: str) -> str:
    """``diff -u`` of the article and its corrected copy, as ``a/NAME`` and ``b/NAME``: ``patch -p1``
    and ``git apply`` take it whatever the line endings (a line that does not end with ``\\n`` is
    marked ``\\ No newline at end of file``)."""
    if old == new:
        return ""
    label = name.lstrip("/")
    tab = "\t" if " " in label else ""    # as git: the end of a name with a space, for GNU patch
    head = f"--- {quote_path('a/' + label)}{tab}\n+++ {quote_path('b/' + label)}{tab}\n"
    out = []
    for piece in list(difflib.unified_diff(_records(old), _records(new), n=3))[2:]:
        out.append(piece if piece.endswith("\n") else piece + "\n\\ No newline at end of file\n")
    return head + "".join(out)
