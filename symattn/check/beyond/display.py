r"""Named displays whose value is a matrix of printed arithmetic: ``R_{1} \approx \begin{bmatrix} 0.54 & ...``.

Input: the article's text.  Output: :class:`Display` records (head, relation, entries with their
lines, and each entry's value), for matrices whose every cell is a number or closed arithmetic
(fractions, roots, e, π, sin/cos, log), read by :func:`.arith.evaluate`, never by ``sympify``.
A matrix that is an operand (``\sqrt{768} [..]``, ``[..]^T``) is not a display.

>>> d = displays(Document.of("$$R(1) = \\begin{bmatrix} \\cos 1 & -\\sin 1 \\\\ \\sin 1 & \\cos 1 \\end{bmatrix}$$"))[0]
>>> d.name, d.shape, [e.text for e in d.entries][:2]
('R(1)', (2, 2), ['\\cos 1', '-\\sin 1'])
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import mpmath
import sympy as sp

from .. import numerals
from ..read import Entry
from ... import limits
from ..document import Document
from .arith import _DPS, evaluate

__all__ = ["Display", "displays", "name_of"]


@dataclass(frozen=True)
class Display:
    head: str                       # the head as printed: "\tilde{Q}", "R_{1}"
    name: str                       # the head normalised (name_of): "Q~", "R_1"
    rel: str                        # "=" or "≈"
    rows: tuple[tuple[Entry, ...], ...]   # cells; an arithmetic cell is read at 30 places
    line: int                       # line of the head
    source: str                     # the head's line, stripped

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    @property
    def entries(self) -> list[Entry]:
        return [e for r in self.rows for e in r]


_BEGIN = re.compile(r"\\begin\{([bpvBV]?matrix)\*?\}")
_REL = re.compile(r"(?<![<>!])=|\\approx|≈")
_STOP = re.compile(r"\$|\\\[|\\\]|\n\s*\n|[,:;：，。；](?:\s|$)|\\begin\{(?:align|equation|gather)\*?\}|\\\\(?!\w)")


def displays(doc: Document) -> list[Display]:
    """Every ``HEAD = [matrix]`` (or ≈) with evaluable cells, in the order of the text."""
    text = doc.text
    starts = doc.starts
    out = []
    for m in _BEGIN.finditer(text):
        env = m.group(1)
        end = text.find(f"\\end{{{env}}}", m.end())
        if end < 0 or "\\begin{" in text[m.end():end]:
            continue
        after = text[end + len(env) + 6:end + len(env) + 40]
        if not re.match(r"\s*(?:$|\$|\\\]|\\\\|[,.;]|=|\\approx|≈|\\end\{|\\quad|\n)", after):
            continue   # an operand: [..]^T, [..] \cdot, [..] - [..]
        head, rel = _head(text, m.start())
        if head is None:
            continue
        rows = _cells(text, m.end(), end, starts)
        if rows is None:
            continue
        line = bisect.bisect_right(starts, m.start())
        out.append(Display(head, name_of(head), rel, rows, line, text[starts[line - 1]:].split("\n", 1)[0].strip()))
    for m in _LIST.finditer(text):
        head, rel = _head(text, m.start())
        if head is None or "`" in head:
            continue
        line = bisect.bisect_right(starts, m.start())
        inner = re.findall(r"\[([^\[\]]*)\]", m.group(0)) if m.group(0).count("[") > 1 else [m.group(0)[1:-1]]
        rows = []
        for r in inner:
            cells = [_cell(c.strip(), line) for c in r.split(",")]
            if not cells or None in cells:
                break
            rows.append(tuple(cells))
        else:
            if rows and all(len(r) == len(rows[0]) for r in rows):
                out.append(Display(head, name_of(head), rel, tuple(rows), line,
                                   text[starts[line - 1]:].split("\n", 1)[0].strip()))
    out.sort(key=lambda d: d.line)
    return out


# [[a, b], [c, d]] or [a, b] on one line, ended by the end of the math or the sentence
#: a list starts at the first ``[`` of a run (a run of a thousand ``[`` is one try, not a thousand)
_LIST = re.compile(r"(?<!\[)\[\s*\[[^\n]*?\]\s*\](?=\s*(?:$|[$,.;)]|\s))|\[[^\[\]\n]*\](?=\s*(?:$|[$,.;)]|\s))", re.M)


def _head(text: str, pos: int):
    """(head, relation) of the matrix starting at ``pos``: the first part of its chain, when every
    later part is a relation away (``A = [..] \\approx [..]``)."""
    before = re.sub(r"\\begin\{(\w*matrix)\*?\}.*?\\end\{\1\*?\}", " [M] ", text[max(0, pos - 1500):pos], flags=re.S)
    before = before[-400:]
    stops = list(_STOP.finditer(before))
    if stops:
        before = before[stops[-1].end():]
    before = before.replace("&", " ")
    rels = list(_REL.finditer(before))
    if not rels or before[rels[-1].end():].strip():
        return None, ""
    rel = "=" if rels[-1].group(0) == "=" else "≈"
    head = before[:rels[0].start()].strip()
    if not head or len(head) > 60 or "\\begin" in head or re.search(r"[,:;]\s|\s(?:is|are|of)\s", head):
        return None, ""
    return head, rel


def _cells(text: str, a: int, b: int, starts: list[int]):
    body = text[a:b]
    if limits.too_many_cells(body):
        return None
    rows = []
    pos = a
    for raw_row in re.split(r"\\\\", body):
        cells = []
        off = pos
        for cell in raw_row.split("&"):
            line = bisect.bisect_right(starts, off + len(cell) - len(cell.lstrip()))
            c = cell.strip()
            off += len(cell) + 1
            if not c:
                continue
            e = _cell(c, line)
            if e is None:
                return None
            cells.append(e)
        pos += len(raw_row) + 2
        if cells:
            rows.append(tuple(cells))
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        return None
    return tuple(rows)


def _cell(c: str, line: int) -> Entry | None:
    e = numerals.read(c)
    if e is not None and e.places is not None:
        return Entry.at(e, line)
    x = evaluate(c)
    if x is None:
        return None
    with mpmath.workdps(_DPS):
        return Entry(c, sp.Rational(mpmath.nstr(x, 45, strip_zeros=False, min_fixed=-mpmath.inf,
                                                max_fixed=mpmath.inf)), 30, line=line)


_WRAP = re.compile(r"\\(?:text|mathrm|operatorname|mathbf|boldsymbol|bm|mathit|textbf)\s*\{([^{}]*)\}")
_TILDE = re.compile(r"\\(?:tilde|widetilde)\s*(?:\{\s*)?(\\?[A-Za-z]+)\s*\}?")


def name_of(head: str) -> str:
    r"""A head normalised: wrappers, ``\left``, spaces and braces dropped, a tilde as ``~``.

    >>> name_of(r"\tilde{Q}"), name_of(r"Q_{\text{rot}}"), name_of(r"R_{1}"), name_of(r"J^{(1)}")
    ('Q~', 'Q_rot', 'R_1', 'J^(1)')
    """
    h = re.sub(r"\\(?:left|right)\b|\\[,;! ]", "", head)
    for _ in range(3):
        h = _WRAP.sub(r"\1", h)
    h = _TILDE.sub(r"\1~", h)
    return re.sub(r"[\s{}]", "", h)
