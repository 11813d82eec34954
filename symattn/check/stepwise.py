"""Steps the binder leaves open, judged against the author's own earlier printed steps: masks
(:mod:`symattn.check.masks`) and multi-head attention (:mod:`symattn.check.heads`).

Input: the article's text, its blocks and the binder's claims.
Output: the binder's claims, where a claim of these kinds replaces an unverifiable one on the
same lines; a line the binder already gave a verdict keeps it.
"""

from __future__ import annotations

from .claims import Claim
from .heads import head_claims
from .masks import mask_claims
from .read import Block

__all__ = ["stepwise"]


def stepwise(text: str, blocks: list[Block], claims: list[Claim]) -> list[Claim]:
    known = {ln for c in claims if c.status != "unverifiable" for ln in (c.lines or [c.line])}
    out = list(claims)
    for c in mask_claims(text, blocks) + head_claims(text, blocks):
        lines = set(c.lines or [c.line])
        if lines & known:
            continue
        out = [o for o in out if not (o.status == "unverifiable" and lines & set(o.lines or [o.line]))]
        out.append(c)
        known |= lines
    return out
