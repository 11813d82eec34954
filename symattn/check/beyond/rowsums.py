r"""A note on the row sums of the matrix above once rounded: ``rounded to 2 decimals, row 1 gives 0.99``.

Input: the article's text and its displays.  Output: claims, only ever right: the matrix is the
nearest exact display (closed entries, ``=``) in the 40 lines above, each entry is rounded to the
stated places and each named row summed; the note is right when every row it names gives its number.
A note that does not hold of that matrix may speak of another one, so nothing is said then.

>>> t = ("$$W = \\begin{bmatrix} \\frac{1}{3} & \\frac{1}{3} & \\frac{1}{3} \\end{bmatrix}$$\n"
...      "- With 2 decimals the rows need not sum to 1: row 1 gives $0.99$.\n")
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in rowsum_claims(doc, displays(doc))]
[(2, 'exact')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..judge import equal
from ...numeric import fixed
from ..verdict import stated
from .arith import _DPS
from .display import Display
from .verdicts import _val

__all__ = ["rowsum_claims"]

R = Reason.of

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4}
_PLACES = re.compile(r"(\d|one|two|three|four|一|两|二|三|四)\s*(?:decimals?|decimal places|位小数)", re.I)
_NUM = r"\$?\s*(-?\d+(?:\.\d+)?)\s*\$?"
_ROW = re.compile(r"\brow\s+(\d+)\s+(?:gives|sums to|is|=)\s*" + _NUM + r"|第\s*(\d+)\s*行(?:为|是|等于|得)\s*" + _NUM, re.I)


def rowsum_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Right claims on notes about rounded row sums (see the module doc)."""
    exact = [d for d in disps if d.rel == "=" and all(e.places is not None for e in d.entries)]
    out = []
    with mpmath.workdps(_DPS):
        for n, raw in enumerate(doc.lines, 1):
            p, rows = _PLACES.search(raw), _ROW.findall(raw)
            above = [d for d in exact if n - 40 <= d.line < n]
            if not (p and rows and above):
                continue
            places = int(_WORDS.get(p.group(1).lower(), p.group(1)))
            d = above[-1]
            sums = [sum(mpmath.mpf(fixed(_val(e), places)) for e in r) for r in d.rows]
            said = []
            for a, x, b, y in rows:
                k, v = int(a or b), (x or y)
                if not 1 <= k <= len(sums) or not equal(sums[k - 1], mpmath.mpf(v)):
                    said = []
                    break
                said.append(R("rowsum-row", row=k))
            if said:
                out.append(stated(n, raw.strip(), "exact", R("rounded-row-sums-above"),
                                  R("rounded-rows-sum", rows=said, head=d.head, line=d.line, places=places),
                                  claimed=raw.strip()[:120]))
    return out
