"""Stage *captions*: a caption that states the precision of the values below it.

Input: the article's text and its merged report.  Output: one claim per caption such as
``**Numeric value (4 decimals)**``, ``数值（保留 4 位小数）`` or ``rounded to 2 decimal places:``
whose next judged value (within four lines) is printed with exactly that many decimals in every
entry: the caption is then right, with those entries as the witness.  A caption the values below do
not bear out is left alone (it may speak of another table).

>>> from symattn.check.claims import Report, Claim
>>> text = "**Numeric value (2 decimals)**\\n\\n$$A \\\\approx [0.45]$$\\n"
>>> r = Report("t.md", [Claim(3, "A", "rounded", [["0.45"]], None)], [], [])
>>> [(c.line, c.status, c.label) for c in precision_captions(Document.of(text), r).claims if c.line == 1]
[(1, 'exact', 'precision')]
"""

from __future__ import annotations

import re

from .claims import Reason, Report
from .verdict import stated
from .document import Document

__all__ = ["precision_captions"]

_PRECISION = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:decimals?|decimal places|digits after the point|位小数|桁|자리)", re.I)
_PLACES = re.compile(r"^[-−+]?\d*\.(\d+)$")


def _texts(claimed) -> list[str]:
    if isinstance(claimed, str):
        return [claimed]
    if isinstance(claimed, (list, tuple)):
        return [t for row in claimed for t in _texts(row)]
    return []


def precision_captions(doc: Document, report: Report) -> Report:
    raw = doc.lines
    judged = sorted((c for c in report.claims if c.status in ("exact", "rounded", "wrong")),
                    key=lambda c: c.line)
    for n, line in enumerate(raw, start=1):
        m = _PRECISION.search(line)
        if m is None or len(line.strip()) > 80 or "=" in line:
            continue   # (a sentence that mentions decimals among other things is not a caption)
        places = int(m.group(1))
        below = next((c for c in judged if n < c.line <= n + 4 and _texts(c.claimed)), None)
        if below is None:
            continue
        texts = [t.strip() for t in _texts(below.claimed)]
        if texts and all(_PLACES.match(t) and len(_PLACES.match(t).group(1)) == places for t in texts):
            report.claims.append(stated(n, line.strip(), "exact", Reason.of("precision-caption"),
                                        Reason.of("caption-decimals", line=below.line, places=places),
                                        claimed=str(places), expected=str(places)))
    report.claims.sort(key=lambda c: c.line)   # stable, as merge leaves them
    return report
