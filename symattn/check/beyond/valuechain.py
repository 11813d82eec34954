r"""Scores, their scaling and their softmax printed side by side, bound by their values, not names.

A tutorial's table per query (``| word | score | scaled | weight |``), a matrix whose columns or rows
are those three vectors, or three vectors printed one after another, of three numbers or more and
the weights to two decimals or more (two numbers to one decimal fit such a chain by chance): when
the second is the first divided by one constant c = √d or d (d a whole number; each entry at its
printed precision) and the third is a distribution (entries in [0, 1] that sum to 1 at their precision), the third is the
softmax of the second.  It is judged against softmax(first / c), exactly: the first is what the
example gives, the second only shows the divisor.  A third that is instead the softmax of the
unscaled first follows another convention than the chain shows, and one that prints 0 where the
softmax is not 0 follows a mask the chain does not show: nothing is said of either.

Input: the printed blocks (:func:`symattn.check.read.read_blocks`).  Output: claims; the engine keeps
only those on lines no other stage judged.

>>> from symattn.check.document import Document
>>> from symattn.check.read import read_blocks
>>> doc = Document.of("| w | s | s/2 | p |\n|---|---|---|---|\n| a | 2.0 | 1.0 | 0.10 |\n"
...                   "| b | 4.0 | 2.0 | 0.30 |\n| c | 6.0 | 3.0 | 0.60 |\n")
>>> [(e["claimed"], e["correct"]) for e in value_chain_claims(doc, read_blocks(doc))[0].entries]
[('0.10', '0.09'), ('0.30', '0.24'), ('0.60', '0.67')]
"""

from __future__ import annotations

import sympy as sp

from ..claims import Claim, Reason
from ..document import Document
from ..judge import agrees, interval
from ..quantities import numeric, softmax
from ..read import Block, Entry
from ..verdict import judged

__all__ = ["value_chain_claims"]

#: the widest vector judged (a softmax over more keys is printed by code, and judged by its names)
_WIDEST = 64
#: the largest d of a divisor √d or d (a head width)
_LARGEST_D = 4096


def value_chain_claims(doc: Document, blocks: list[Block]) -> list[Claim]:
    out: list[Claim] = []
    seen: set[tuple] = set()
    for first, scaled, weights in _triples(blocks):
        key = tuple((e.line, e.pos) for e in weights)
        if key in seen:
            continue
        c = _chain(first, scaled, weights)
        if c is not None:
            seen.add(key)
            out.append(c)
    return out


def _triples(blocks: list[Block]):
    """Three vectors of one length in a row: the columns or the rows of one block, or three blocks
    of one row (or one column) each, with no other block between them."""
    for b in blocks:
        rows, cols = b.shape
        if rows >= 2 and cols >= 3:
            vectors = [[r[j] for r in b.rows] for j in range(cols)]
            yield from zip(vectors, vectors[1:], vectors[2:])
        if cols >= 2 and rows >= 3:
            vectors = [list(r) for r in b.rows]
            yield from zip(vectors, vectors[1:], vectors[2:])
    single = [_vector(b) for b in blocks]
    for k in range(len(blocks) - 2):
        if all(v is not None for v in single[k:k + 3]):
            yield single[k], single[k + 1], single[k + 2]


def _vector(b: Block) -> list[Entry] | None:
    rows, cols = b.shape
    if rows == 1 and cols >= 2:
        return list(b.rows[0])
    if cols == 1 and rows >= 2:
        return [r[0] for r in b.rows]
    return None


def _finite(v: list[Entry]) -> bool:
    return all(e.places is not None and e.value.is_finite and not e.percent for e in v)


def _divisor(first: list[Entry], scaled: list[Entry]):
    """The c = √d or d, d whole, with scaled = first / c at the printed precision; None if none."""
    k = max(range(len(first)), key=lambda i: abs(scaled[i].value))
    if scaled[k].value == 0 or first[k].value == 0 or sum(1 for e in first if e.value != 0) < 2:
        return None
    ratio = abs(first[k].value / scaled[k].value)
    for c in sorted({sp.sqrt(round(float(ratio) ** 2)), sp.Integer(round(float(ratio)))}, key=sp.default_sort_key):
        if c <= 1 or c > _LARGEST_D:
            continue
        if all(agrees(s, x) for s, x in zip(scaled, numeric(sp.ImmutableMatrix([[f.value / c for f in first]]))[0])):
            return c
    return None


def _distribution(v: list[Entry]) -> bool:
    """Entries in [0, 1] that sum to 1 at their printed precision, two of them at least not 0."""
    if any(e.value < 0 or e.value > 1 for e in v) or sum(1 for e in v if e.value != 0) < 2:
        return False
    low = sum(interval(e)[0] for e in v)
    high = sum(interval(e)[1] for e in v)
    return low <= 1 <= high


def _chain(first: list[Entry], scaled: list[Entry], weights: list[Entry]) -> Claim | None:
    n = len(first)
    if not (3 <= n <= _WIDEST and len(scaled) == len(weights) == n) or \
            not all(_finite(v) for v in (first, scaled, weights)):
        return None
    if min(w.places for w in weights) < 2 or not _distribution(weights) or _distribution(first) or \
            _distribution(scaled):
        return None
    c = _divisor(first, scaled)
    if c is None:
        return None
    exact = softmax([e.value / c for e in first])
    plain = softmax([e.value for e in first])
    if exact is None or plain is None:
        return None
    values = numeric(sp.ImmutableMatrix([exact, plain]))
    if any(w.value == 0 and not agrees(w, x) for w, x in zip(weights, values[0])):
        return None   # a weight printed 0 where the softmax is not: a mask the chain does not show
    if not all(agrees(w, x) for w, x in zip(weights, values[0])) and \
            all(agrees(w, x) for w, x in zip(weights, values[1])):
        return None   # the softmax of the unscaled values: another convention than the chain shows
    divisor = sp.sstr(c).replace("sqrt", "√").replace("(", "").replace(")", "")
    what = Reason.of("value-chain-softmax", line=first[0].line, divisor=divisor, scaled=scaled[0].line)
    lines = sorted({e.line for e in weights})
    return judged(weights[0].line, _source(weights), what, [weights], [exact], how=what, lines=lines,
                  values=values[:1], names=[[f"[{k + 1}]" for k in range(n)]])


def _source(v: list[Entry]) -> str:
    return "[" + ", ".join(e.text for e in v) + "]"
