r"""A table that restates the named matrix just above it (``J ≈ [..]`` then a table with labelled rows
and columns) names the same quantity: it becomes a display of that name, judged by the same rules.

Input: the article's text, its blocks (:func:`symattn.check.read.read_blocks`) and its displays.
Output: the displays with such tables added, in the order of the text.  A table is taken only when it
has no name of its own (no ``=`` or ``≈`` before it), has the shape of the display, and follows it
within a few lines with no heading and no other relation in between: otherwise it may be another
quantity, and nothing is said.

>>> from symattn.check.beyond.display import displays
>>> from symattn.check.read import read_blocks
>>> t = ("$$W \\approx \\begin{bmatrix} 0.50 & 0.50 \\\\ 0.25 & 0.75 \\end{bmatrix}$$\n\n"
...      "| | x | y |\n|---|---:|---:|\n| **x** | 0.50 | 0.50 |\n| **y** | 0.25 | 0.75 |\n")
>>> doc = Document.of(t)
>>> d = with_tables(doc, read_blocks(doc), displays(doc))[-1]
>>> d.name, d.line, [e.text for e in d.entries]
('W', 5, ['0.50', '0.50', '0.25', '0.75'])
"""

from __future__ import annotations

import re

from ..document import Document
from .display import Display

__all__ = ["with_tables"]

_GAP = 8   # lines between the matrix and its table: a caption, a bold label, the table's header
_RELATION = re.compile(r"(?<![<>!])=|\\approx|≈")


def with_tables(doc: Document, blocks, disps: list[Display]) -> list[Display]:
    """``disps`` and, for each table restating the display above it, a display of the same name."""
    lines = doc.lines
    out = list(disps)
    for b in blocks:
        if b.layout != "table" or b.operand or b.index:
            continue
        above = [d for d in disps if max(e.line for e in d.entries) < b.line]
        if not above:
            continue
        d = max(above, key=lambda d: max(e.line for e in d.entries))
        last = max(e.line for e in d.entries)
        gap = lines[last:b.line - 1]
        if d.shape != b.shape or b.line - last > _GAP or any(doc.section(b.line) > last or _RELATION.search(g) for g in gap):
            continue
        out.append(Display(d.head, d.name, _rel(b, d), b.rows, b.line, b.source))
    out.sort(key=lambda d: d.line)
    return out


def _rel(b, d: Display) -> str:
    """Printed decimals restate a value approximately; exact cells keep the display's relation."""
    return "≈" if any(e.places is not None and e.places < 30 for r in b.rows for e in r) else d.rel
