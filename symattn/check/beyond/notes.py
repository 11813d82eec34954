r"""A note that restates a value of the matrix just above it: ``- the spread is about $8\sqrt{2}$`` after
``σ = [.., 8\sqrt{2}]``.

Input: the article's text and its displays.  Output: claims, only ever right: a lone inline value
(``$..$`` with no relation) in a line outside the display, that is a root, e, π or log (a bare
fraction such as 1/4 matches too easily) or a decimal with three significant digits or more, equal
to an entry of a display above it (ending within 12 lines, no heading between; the nearest first):
at the exact value, or at the decimal's printed precision.  A value that matches nothing says
nothing: the note may speak of another quantity.

>>> t = "$$s = \\begin{bmatrix} 64 & 8 \\sqrt{2} \\end{bmatrix}$$\n- the spread is of order $8 \\sqrt{2}$.\n"
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in note_claims(doc, displays(doc))]
[(2, 'exact')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..judge import agrees, equal
from .. import numerals
from ..verdict import stated
from .arith import _DPS, evaluate
from .display import Display
from .verdicts import _show, _val

__all__ = ["note_claims"]

R = Reason.of

_WITHIN = 12
_INLINE = re.compile(r"(?<![\\$])\$([^$\n]+)\$(?!\$)")
_RELATION = re.compile(r"=|\\approx|≈|<|>|\\[lg]e|\\ne|\\to|\\sim|\\propto")


def note_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Right claims on notes restating a value of the display above (see the module doc)."""
    lines = doc.lines
    out = []
    with mpmath.workdps(_DPS):
        for n, raw in enumerate(lines, 1):
            near = [d for d in reversed(disps) if n - _WITHIN <= _last(d) < n
                    and doc.section(n) <= _last(d)]
            if not near or "\\begin{" in raw or raw.strip().startswith(("$$", "\\[")):
                continue
            said = [s for s in (_first(m.group(1).strip(), near) for m in _INLINE.finditer(raw)) if s]
            if said:
                status = "rounded" if any(s[1] for s in said) else "exact"
                out.append(stated(n, raw.strip(), status, R("value-of-matrix-above"),
                                  R("reasons", items=[s[2] for s in said]), claimed=[s[0] for s in said]))
    return out


def _first(expr: str, near: list[Display]):
    """What the nearest display of ``near`` with ``expr`` as an entry says of it, or None."""
    for d in near:
        got = _restated(expr, d)
        if got:
            return got
    return None


def _last(d: Display) -> int:
    return max(e.line for e in d.entries)


def _restated(expr: str, d: Display):
    """(text, rounded?, reason) when ``expr`` is an entry of ``d``, else None."""
    if _RELATION.search(expr):
        return None
    e = numerals.read(expr)
    if e is not None and e.places is not None and "." in expr:
        if len(re.sub(r"\D", "", expr).lstrip("0")) < 3:
            return None
        for k, x in enumerate(d.entries):
            if x.places is not None and x.places >= 30 and agrees(e, _val(x)):
                return expr, True, R("note-entry-rounded", expr=expr, value=_show(_val(x)), k=k + 1, head=d.head,
                                     line=d.line)
        return None
    if not re.search(r"\\(?:sqrt|pi|log|ln|exp)|\be\^|π|√", expr):   # a small fraction (1/4) matches by chance
        return None
    v = evaluate(expr)
    if v is None or v == int(v):
        return None
    for k, x in enumerate(d.entries):
        w = _val(x)
        if x.places is not None and x.places >= 30 and equal(w, v):
            return expr, False, R("note-entry", expr=expr, k=k + 1, head=d.head, line=d.line)
    return None
