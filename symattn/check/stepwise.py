"""Steps the binder leaves open, judged against the author's own earlier printed steps: masks
(:mod:`symattn.check.masks`) and multi-head attention (:mod:`symattn.check.heads`).

Input: the :class:`~symattn.check.document.Document`, its blocks and the binder's claims.
Output: the binder's claims, where a claim of these kinds replaces an unverifiable one on the
same lines; a line the binder already gave a verdict keeps it.
"""

from __future__ import annotations

from .claims import Claim
from .document import Document
from .heads import head_claims
from .masks import mask_claims
from .read import Block

__all__ = ["stepwise"]


def stepwise(doc: Document, blocks: list[Block], claims: list[Claim]) -> list[Claim]:
    out = list(claims)
    for c in mask_claims(doc, blocks) + head_claims(doc, blocks):
        lines = set(c.lines or [c.line])
        over = [o for o in out if lines & set(o.lines or [o.line])]
        known = [o for o in over if o.status != "unverifiable"]
        # a verdict of the binder stays; one that only confirms a part of this block gives way to it,
        # and so does a pattern the binder confirmed on a mask of the wrong size (it never sees the size)
        shape = getattr(c.what, "code", "") == "shape-of-mask" and all(o.status != "wrong" for o in known)
        if known and not shape and not (c.status in ("exact", "rounded") and all(
                o.status in ("exact", "rounded") and set(o.lines or [o.line]) < lines for o in known)):
            continue
        gone = {id(o) for o in over}
        out = [o for o in out if id(o) not in gone]
        out.append(c)
    return out
