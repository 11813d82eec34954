r"""Decimals that restate the exact matrix of the same name: ``X = [closed forms]`` then ``X ≈ [decimals]``.

Input: the article's text and its displays.  Output: claims, only ever right: the decimals agree, at
their printed precision, with the article's own exact display of that name above them in the same
section (no heading between).  A disagreement says nothing: either matrix may be the slip, and the
exact one is the article's claim, not a witness.

>>> t = "$$X = \\begin{bmatrix} \\frac{1}{3} & \\sqrt{2} \\end{bmatrix}$$\n$$X \\approx \\begin{bmatrix} 0.33 & 1.41 \\end{bmatrix}$$"
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in rounded_claims(doc, displays(doc))]
[(2, 'rounded')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .arith import _DPS
from .display import Display
from .readings import judge
from .verdicts import _val

__all__ = ["rounded_claims"]

R = Reason.of


def rounded_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Right claims on decimal displays that round the exact display of their name (see the module doc)."""
    heads = doc.headings
    out = []
    with mpmath.workdps(_DPS):
        for k, d in enumerate(disps):
            if d.rel != "≈" or not all(e.places is not None and e.places < 30 for e in d.entries):
                continue
            exact = [e for e in disps[:k] if _key(e) == _key(d) and e.rel == "=" and e.shape == d.shape
                     and _closed(e) and not any(e.line < h <= d.line for h in heads)]
            if not exact:
                continue
            e = exact[-1]
            c = judge(d, R("decimals-of", head=d.head),
                      [([_val(x) for x in e.entries], R("exact-printed-at", head=e.head, line=e.line))])
            if c is not None and c.status != "wrong":
                out.append(c)
    return out


def _key(d: Display) -> str:
    """The name; a head that is itself a matrix ([Var σ] = ..) is named by its printed text."""
    if "[M]" not in d.name:
        return d.name
    m = re.search(r"(?<![<>!])=|\\approx|≈", d.source)
    return re.sub(r"\s+", "", d.source[:m.start()]) if m else d.source


def _closed(d: Display) -> bool:
    """Every cell exact (an integer or closed arithmetic, no printed decimals), one at least not an integer."""
    ents = d.entries
    return all(e.places is not None and (e.places >= 30 or "." not in e.text) for e in ents) and \
        any(e.places >= 30 for e in ents)
