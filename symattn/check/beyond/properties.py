r"""What a note says about the matrix just above it: every row sums to N, the matrix is symmetric, its
smallest or largest entry is about x.

Input: the article's text and its displays.  Output: claims, only ever right: the matrix is the
nearest exact display (``NAME = [..]`` with closed entries) in the 40 lines above the note, and a note
that does not hold of it may speak of another matrix, so nothing is said then.

>>> t = "$$P = \\begin{bmatrix} 0.25 & 0.75 \\\\ 0.5 & 0.5 \\end{bmatrix}$$\n- Every row sums to exactly $1$.\n"
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in property_claims(doc, displays(doc))]
[(2, 'exact')]
"""

from __future__ import annotations

import re

import mpmath
import sympy as sp

from ..claims import Claim, Reason
from ..document import Document
from ..judge import agrees, equal
from ..numerals import Number
from ..verdict import stated
from .arith import _DPS, evaluate
from .display import Display
from .verdicts import _show, _val

__all__ = ["property_claims"]

R = Reason.of

_NUM = r"\$?\s*(-?\d+(?:\.\d+)?(?:\s*(?:\\times|×)\s*10\^\{?-?\d+\}?)?)\s*\$?"
_SUMS = re.compile(r"(?:every|each|all) rows? (?:still )?sums? to (?:exactly )?" + _NUM +
                   r"|每一?行.{0,12}?(?:和|加起来).{0,8}?(?:是|等于|为)\s*" + _NUM, re.I)
_SYM = re.compile(r"\bis symmetric\b|对称|対称", re.I)
_EXTREME = re.compile(r"(smallest|largest|最小|最大)(?:的)?\s*(?:(?:weight|entry|value|元素|权重|值)\s*)?"
                      r"(?:is )?(?:about|约为|约|≈)\s*" + _NUM, re.I)


def property_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on notes about the matrix above (see the module doc)."""
    exact = [d for d in disps if d.rel == "=" and all(e.places is not None for e in d.entries)]
    out = []
    with mpmath.workdps(_DPS):
        for n, raw in enumerate(doc.lines, 1):
            if not (_SUMS.search(raw) or _SYM.search(raw) or _EXTREME.search(raw)):
                continue
            above = [d for d in exact if n - 40 <= d.line < n]
            if not above:
                continue
            d = above[-1]
            vals = [[_val(e) for e in r] for r in d.rows]
            said = []
            m = _SUMS.search(raw)
            if m and re.search(r"\bnot\b|n't|不一定|不是|未必|不会", m.group(0)):
                continue
            if m:
                target = evaluate(m.group(1) or m.group(2))
                if target is None or not all(equal(sum(r), target) for r in vals):
                    continue
                said.append(R("every-row-sums-to", head=d.head, line=d.line, total=_show(target)))
            if _SYM.search(raw):
                if d.shape[0] != d.shape[1] or any(not equal(vals[i][j], vals[j][i]) for i in range(len(vals))
                                                   for j in range(i)):
                    continue
                said.append(R("matrix-is-symmetric", head=d.head, line=d.line))
            for m in _EXTREME.finditer(raw):
                flat = [x for r in vals for x in r]
                least = m.group(1).lower() in ("smallest", "最小")
                x = min(flat) if least else max(flat)
                if not _about(m.group(2), x):
                    said = []
                    break
                said.append(R("smallest-entry-of" if least else "largest-entry-of", head=d.head,
                              line=d.line, value=mpmath.nstr(x, 6)))
            if said:
                out.append(stated(n, raw.strip(), "rounded" if _EXTREME.search(raw) else "exact",
                                  R("property-of-matrix-above"), R("reasons", items=said), claimed=raw.strip()[:120]))
    return out


def _about(text: str, x) -> bool:
    """``9.6 \\times 10^{-7}`` agrees with x at its printed significant digits."""
    v = evaluate(text)
    if v is None or v == 0:
        return False
    mant = re.match(r"-?(\d+(?:\.\d+)?)", text).group(1)
    sig = len(mant.replace(".", "").lstrip("0")) or 1
    places = sig - 1 - int(mpmath.floor(mpmath.log10(abs(v))))   # its significant digits, as decimals
    printed = Number(text, sp.Rational(mpmath.nstr(v, sig + 5)), places)
    return agrees(printed, x, places=places)
