"""The verdict on a named display against the readings of what it names.

Input: a :class:`~.display.Display` and its readings, each a flat list of values (mpmath) with the
words that say how they were computed.  Output: one claim, or None.  Right when one reading fits
every entry at its printed precision; wrong only when one reading, and no other as well, fits at
least two thirds of the entries: the rest are slips and that reading is the witness.  Otherwise
nothing is said (another quantity, or a convention the readings do not cover).
"""

from __future__ import annotations


from ..claims import Claim
from ..judge import agrees, right_text, verdict
from ..verdict import Judgement, build
from .display import Display
from .verdicts import _show

__all__ = ["judge"]


def _agree(e, x, loose: bool) -> bool:
    return agrees(e, x, 0 if loose and e.places == 0 else None)


def judge(d: Display, what, readings) -> Claim | None:
    """The verdict on display ``d`` against its readings [(flat values, how)] (see the module doc), or None."""
    ents = d.entries
    loose = any(e.places and e.places < 30 for e in ents)   # "0" among decimals is read at ±0.5
    scored = []
    for vals, how in readings:
        ok = [_agree(e, x, loose) for e, x in zip(ents, vals)]
        if all(ok):
            return _claim(d, what, how, vals, loose)
        scored.append((sum(ok), ok, vals, how))
    if not scored:
        return None
    best = max(s[0] for s in scored)
    top = [s for s in scored if s[0] == best]
    witnesses = {tuple(_show(x) for x, o in zip(s[2], s[1]) if not o) for s in top}
    if best < 2 * len(ents) / 3 or len(witnesses) > 1:
        return None   # no reading is clearly the one meant: not judged
    _, ok, vals, how = top[0]
    return _claim(d, what, how, vals, loose)


def _claim(d: Display, what, how, vals, loose: bool) -> Claim:
    """The display against one reading: entries of 30 places are closed forms, exact or not."""
    cols = d.shape[1]
    found = []
    for k, (e, x) in enumerate(zip(d.entries, vals)):
        a = verdict(e, x, 0 if loose and e.places == 0 else None)
        status = ("exact" if a.status != "wrong" else "wrong") if e.places is not None and e.places >= 30 \
            else a.status
        found.append(Judgement((k // cols, k % cols), f"[{k // cols + 1},{k % cols + 1}]", e.text, e.line, None,
                               _show(x), status, a.reason, right_text(e, x) if e.places < 30 else _show(x)))
    return build(d.line, d.source, what, [e.text for e in d.entries], found, how=how,
                 expected=[_show(x) for x in vals], lines=sorted({e.line for e in d.entries}))
