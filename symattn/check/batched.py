r"""Printed arrays of more than two dimensions (a batch, heads): one 2-D slice each.

Input: a nested list parsed by :mod:`.read` (leaves are ``(text, position)`` pairs).
Output: ``[(index, rows)]``, one per 2-D slice in print order, with the slice's index along the
leading axes (``(b,)`` for a batch, ``(b, h)`` for batch and head), and the full shape.
Binding: a slice is judged against the quantity of its own place -- batch element b of the inputs,
head h -- when its values say so (:func:`own_fit`, used by :mod:`.heads`); a one-row print whose
caption names its place is that row (:func:`row_claim`); an article whose inputs are printed as a
batch is bound one batch element at a time (:func:`bind_by_batch`, used by :mod:`.bind`).

numpy and torch print an array of shape (B, H, S, D) as nested brackets with blank lines between
the sub-arrays and rows wrapped over several lines; the brackets alone give the structure, so the
layout of the whitespace never matters.  A ragged array is no array.

>>> t = [[[("1", 0), ("2", 1)]], [[("3", 2), ("4", 3)]]]
>>> [(i, [[x for x, _ in r] for r in rows]) for i, rows in slices(t)]
[((0,), [['1', '2']]), ((1,), [['3', '4']])]
>>> shape_of(t)
(2, 1, 2)
"""

from __future__ import annotations

import re

from .. import limits

from .claims import Reason
from .verdict import judged_entries

R = Reason.of

__all__ = ["slices", "shape_of", "max_depth", "batch_of", "direct_sets", "own_fit", "where_in_stack", "row_claim",
           "comment_prefixed", "one_value_each", "bind_by_batch"]


def max_depth() -> int:
    """The deepest nesting read (5-D: batch, heads, groups, rows, columns)."""
    return limits.CHECK_MAX_ARRAY_DEPTH


def shape_of(tree) -> tuple[int, ...] | None:
    """The shape of a regular nested list, or None when it is ragged or mixes leaves and lists."""
    if all(isinstance(x, tuple) for x in tree):
        return (len(tree),)
    if not all(isinstance(x, list) for x in tree):
        return None
    inner = {shape_of(x) for x in tree}
    if len(inner) != 1 or None in inner:
        return None
    return (len(tree),) + inner.pop()


def slices(tree) -> list[tuple[tuple[int, ...], list]] | None:
    """The 2-D slices of an array of three or more dimensions, each with its leading index;
    None for a vector, a matrix or a ragged list (read as before)."""
    shape = shape_of(tree)
    if shape is None or len(shape) < 3:
        return None
    out = []

    def walk(t, index):
        if isinstance(t[0][0], tuple):
            out.append((index, list(t)))
            return
        for k, sub in enumerate(t):
            walk(sub, index + (k,))

    walk(tree, ())
    return out


def comment_prefixed(text: str, i: int) -> bool:
    """The list opening at ``text[i]`` is pasted into code comments (``# [[[0. ]`` then ``#  [0.5]``):
    a ``#`` that starts one of its lines is that line's prefix, not a comment."""
    return text[text.rfind("\n", 0, i) + 1:i].lstrip().startswith("#")


def one_value_each(keys: list, blocks) -> list[list]:
    """``keys`` (indices into ``blocks``, in print order) grouped by printed value: the slices of
    one n-D print are one value (so ``print(scores)`` names all of them)."""
    out: list[list] = []
    for k in keys:
        b = blocks[k]
        if out and b.stack and any(b.index) and blocks[out[-1][-1]].stack == b.stack:
            out[-1].append(k)
        else:
            out.append([k])
    return out


# --------------------------------------------------------------------------- binding by index

def batch_of(block) -> tuple[int] | None:
    """The batch element a slice of a printed (B, S, N) array is (``(b,)``), else None."""
    return block.index[:1] if len(block.stack) == 3 else None


def direct_sets(direct: dict) -> list[tuple]:
    """[(Q, K, V, where, batch)] from printed Q, K, V: one set per batch element when they are printed
    as (B, S, d) arrays (slices paired by their index), else the first Q, K and V printed.

    ``direct`` maps "Q", "K", "V" to [(block, matrix)] in article order."""
    def at(f, index):
        return next(((b, m) for b, m in direct[f] if b.index == index and len(b.stack) == 3), None)

    sets = []
    for qb, q in direct["Q"]:
        if len(qb.stack) != 3:
            continue
        kk, vv = at("K", qb.index), at("V", qb.index)
        if kk is not None:
            where = R("qkv-of-batch" if vv else "qk-of-batch", batch=qb.index[0], lines=[qb.line, kk[0].line])
            sets.append((q, kk[1], vv[1] if vv else None, where, qb.index[:1]))
    if sets:
        return sets
    (qb, q), (kb, k) = direct["Q"][0], direct["K"][0]
    v = direct["V"][0][1] if direct["V"] else None
    return [(q, k, v, R("qkv-at" if v else "qk-at", lines=[qb.line, kb.line]), None)]


def _mine(block, fit, named) -> bool:
    """The fit is the quantity the slice's place says: batch b (and head h) of its kind."""
    _, kind, head, _, _, batch = fit
    if named is not None and kind != named and not (named in ("Q", "K", "V") and kind == "split"):
        return False     # (Q printed after the head split: its slices are a head's columns)
    if len(block.stack) == 4:    # (B, H, S, x): batch, then head
        b, h = block.index[0], block.index[1]
        return head == h and (batch == (b,) or batch is None and block.stack[0] == 1)
    # (B, S, x) with a batch of inputs, or (H, S, x) of one input: the index says which
    return (batch == block.index[:1] and head is None) or (batch is None and head == block.index[0])


def own_fit(block, fits, named):
    """The fit to judge a slice of a printed n-D array by, from its index, or None.

    ``fits`` are (share, kind, head, matrix, how, batch), best first.  A slice is bound to its own
    place when that quantity fits it best: exactly, or (when the label names the kind) on at least
    two thirds of the entries with no other quantity fitting as well -- then the rest are wrong,
    with the place's value as witness."""
    if len(block.stack) not in (3, 4) or not block.index:
        return None
    mine = [f for f in fits if _mine(block, f, named)]
    if not mine:
        return None
    best = mine[0]
    if best[0] == 1:
        return best
    if named is None or best[0] < 2 / 3:
        return None
    if any(f[0] >= best[0] and f[3] != best[3] for f in fits if f is not best):
        return None     # another quantity fits as well: the slice may be that one
    return best


def head_quantity(kind: str, head):
    """``scores of head 2``, or ``multi-head scores``: a Reason for the report."""
    return R("of-head", kind=kind, head=head + 1) if head is not None else R("multi-head", kind=kind)


def where_in_stack(block, kind: str, head):
    """``scores of head 2`` plus the slice's place: ``[1, 0] of the printed 2×2×6×6 array``."""
    return R("slice-of", what=head_quantity(kind, head), index=", ".join(map(str, block.index)),
             shape="×".join(map(str, block.stack)))


_PLACE = re.compile(r"\b(batch|head|word|token|row|position|query|pos)\b\s*(?:(?:#|no\.?|index)\s*)?[=:]?\s*(\d{1,3})\b", re.I)
_AXIS = {"batch": "batch", "head": "head"}   # every other word names the row


def _places(label: str) -> dict[str, int]:
    """``Context vector for Batch 0, Head 0, Word 0`` -> {batch: 0, head: 0, row: 0}."""
    out = {}
    for m in _PLACE.finditer(label):
        out.setdefault(_AXIS.get(m.group(1).lower(), "row"), int(m.group(2)))
    return out


def row_claim(block, cands, named):
    """A one-row print whose caption names its place (batch b, head h, word i) against row i of that
    quantity; None when the caption names no row or no such quantity is known.

    Indices count from 0 when one of them is 0 (as code prints them); otherwise from 0 or 1, and the
    row must then agree with one reading only.  Wrong only when the count is sure, the caption names
    the kind, and no row of any known quantity fits the print."""
    from .judge import match

    if block.shape[0] != 1 or block.operand or not block.labels:
        return None
    place = _places(block.labels[0])
    if "row" not in place:
        return None
    bases = (0,) if 0 in place.values() else (0, 1)
    hits = []
    for base in bases:
        p = {k: v - base for k, v in place.items()}
        for kind, head, m, how, batch in cands:
            if named is not None and kind != named or not 0 <= p["row"] < len(m) or len(m[0]) != block.shape[1]:
                continue
            if "head" in p and head != p["head"] or "head" not in p and head is not None:
                continue
            if "batch" in p and not (batch == (p["batch"],) or batch is None and p["batch"] == 0):
                continue
            mt = match(block.rows, [m[p["row"]]])
            hits.append((mt.near_share, base, kind, head, m[p["row"]], how, p))
    if not hits:
        return None
    full = {(h[1], tuple(h[4])) for h in hits if h[0] == 1}
    what = lambda kind, head, p: R("row-of", row=p["row"], of=head_quantity(kind, head))
    if full:
        share, base, kind, head, row, how, p = next(h for h in hits if h[0] == 1)
        if len({b for b, _ in full}) > 1:
            return None     # it is a row under both counts: the caption cannot say which
    elif bases == (0,) and named is not None and ("batch" in place or all(c[4] is None for c in cands)) \
            and not any(
            match(block.rows, [r]) is not None and match(block.rows, [r]).near
            for _, _, m, _, _ in cands for r in m):
        share, base, kind, head, row, how, p = max(hits, key=lambda h: h[0])
    else:
        return None
    checks = [(0, c, e, row[c], 0) for c, e in enumerate(block.rows[0])]
    return judged_entries(block, what(kind, head, p), checks,
                          R("caption-row", how=how, caption=block.labels[0].strip()))


# --------------------------------------------------------------------------- one example per batch element

def bind_by_batch(blocks, hint, run):
    """Bind an article whose input X (or Q, K, V) is printed as a batch (B, S, N) one batch element at a time:
    ``run(blocks)`` (the binder) sees the slices of element b of every array with B on its first
    axis, and every other block.  Returns run's (claims, definitions, notes), joined; or None when
    no input is printed as a batch.

    Each element is an example of its own: judged against the others' inputs, batch element 0 of Q
    would be wrong everywhere.  A block outside the batch is judged once, with element 0."""
    xs = [b for b in blocks if len(b.stack) == 3 and b.index and hint(b.labels) in ("X", "Q", "K", "V")]
    size = xs[0].stack[0] if xs else 0
    if not 2 <= size <= limits.CHECK_MAX_BATCH:    # one binding pass each
        return None

    def batched(b):
        return len(b.stack) >= 3 and b.stack[0] == size and b.index

    claims, definitions, notes = [], [], []
    for k in range(size):
        part = [b for b in blocks if not batched(b) or b.index[0] == k]
        mine = {b.line for b in part if batched(b)}
        c, d, n = run(part)
        claims += [x for x in c if k == 0 or x.line in mine]
        definitions += [x for x in d if k == 0 or x[0] in mine]
        notes += [x for x in n if x not in notes]
    claims.sort(key=lambda c: c.line)
    definitions.sort()
    return claims, definitions, notes
