r"""The scaling convention, when it is first needed after the inputs were settled by an assumption.

Input: the article's blocks with their hints, the inputs as the binder now holds them, d_k, and the
line from which they hold.  Output: the convention (:class:`~.quantities.Conv`) under which most
labelled scaled scores, weights and outputs printed after that line agree in full, or None.

The binder votes on the convention before it reads the blocks, from the inputs the article gives.
When it later assumes Q = K = V = X from a step that has no scaling (a row of QKᵀ), the vote had
nothing to go on; the steps after it are the evidence (an unscaled softmax is not wrong for want
of a √d_k the article never used).
"""

from __future__ import annotations

from collections import Counter

from .judge import match
from .quantities import CONV, CONVENTIONS, Conv, Quantities, numeric

__all__ = ["later_convention"]


def later_convention(blocks, hints: dict, inputs: dict, d_k, convs, after: int) -> Conv | None:
    """The convention most full-shape labelled steps after line ``after`` agree with (see above)."""
    q = Quantities({k: v for k, (v, _) in inputs.items()}, d_k)
    votes: Counter = Counter()
    for b in blocks:
        h = hints.get(id(b))
        if b.line <= after or b.operand or h not in ("scaled", "weights", "output"):
            continue
        for conv in convs:
            if conv.axis == "cols" or conv.scale == "dk":
                continue    # conventions only a mistake produces
            value = q.value(h, conv)
            if value is not None and value.shape == b.shape:
                m = match(b.rows, numeric(value))
                if m and m.near:
                    votes[conv] += 1
    if not votes:
        return None
    best = max(votes.values())
    return CONV if votes[CONV] == best else min((c for c in votes if votes[c] == best), key=CONVENTIONS.index)
