r"""Shapes a notebook prints as tuples (``and shape: (2, 6, 4)``, ``Scores shape: (2, 2, 6, 6)``),
checked against the arrays it prints.

Input: the article's text and its blocks (:mod:`.read`; slices of an n-D print carry the array's
shape).  Output: one :class:`Claim` per line of such statements that can be judged.  Julia's
header above a print (``3×4 Matrix{Float64}:``) and an n-D ``torch.Size([2, 2, 6, 6])`` printed
by ``print(scores.shape)`` are such statements too.

A statement is about the array its name names (``W_q shape`` → the array printed as ``W_q:``;
``Scores shape`` → the one captioned "Scores", by the family of the words) in the same output
fence, or, with no name, about the array that ends on the line just above (``print(f"{X}\n and
shape: {X.shape}")``).  Scaling, masking and softmax keep a shape, so the weights' shape may be
that of the printed scores.  A statement is wrong only when its name names an array of as many
dimensions printed in the same fence: the witness is that array's shape.

>>> from symattn.check.read import read_blocks
>>> t = "```\nX:\n[[[1 2]\n  [3 4]]\n\n [[5 6]\n  [7 8]]]\n and shape: (2, 2, 2)\n```\n"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in printed_shape_claims(doc, read_blocks(doc))]
[(8, 'exact')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .names import hint
from .claims import Claim, Reason
from .verdict import stated
from .document import FENCE, Document
from .read import Block

R = Reason.of

__all__ = ["printed_shape_claims"]

_TUPLE = re.compile(r"(?P<name>[A-Za-z_][\w ]{0,40}?)?[ .]*\b(?:shape|size)\b\s*(?:[:=]\s*)?(?:is\s+)?"
                    r"[(\[]\s*(?P<dims>\d{1,6}(?:\s*,\s*\d{1,6})+)\s*(?:,\s*)?[)\]]", re.I)
_KEEPS = ("scores", "scaled", "masked", "exp", "weights")   # one shape for all of them
_FILLER = re.compile(r"^(?:and|with|its|the|of|print|final|full)\b\s*", re.I)


@dataclass(frozen=True)
class _Array:
    shape: tuple[int, ...]
    first: int          # first line of its rows
    last: int           # last line of its rows
    label: str          # its caption or name
    fence: int          # which fence it is in (0: none)


def _arrays(blocks: list[Block], raw: list[str], fence: list[int]) -> list[_Array]:
    """Every printed array whose number of dimensions is known: n-D prints (their slices together),
    and matrices printed with two brackets (``[[1 2]`` …)."""
    from .views import _stacks
    out = []
    for label, shape, parts in _stacks(blocks):
        b = parts[0][1]
        lines = [e.line for _, c in parts for r in c.rows for e in r]
        if b.stack or (b.layout == "list" and b.shape[0] > 1 and "[[" in raw[b.line - 1] and not b.operand):
            out.append(_Array(tuple(shape), min(lines), max(lines), label, fence[min(lines)]))
    return out


def _name(text: str) -> str:
    """The name in front of ``shape``, without filler words ("and shape" names nothing)."""
    words = (text or "").strip()
    while _FILLER.match(words):
        words = _FILLER.sub("", words, count=1)
    return words.strip()


def _names(label: str, name: str) -> bool:
    """The caption ``label`` names what ``name`` names: the same identifier, or the same family."""
    ident = re.sub(r"^\s*(?:print\(\s*)?|[\s:=()].*$", "", label)
    if ident and ident.lower() == name.lower():
        return True
    fam = hint([name])
    return fam is not None and fam == hint([label])


def _judge(n, name, dims, arrays, fence, raw):
    """(known shape, how, may be wrong) for one statement on line n, or None."""
    here = [a for a in arrays if a.fence == fence[n] and fence[n]]
    if name:
        named = [a for a in here if _names(a.label, name) and len(a.shape) == len(dims)]
        if named:
            a = min(named, key=lambda a: abs(a.first - n))
            return a.shape, R("named-array-shown", name=name, shape="×".join(map(str, a.shape)), first=a.first,
                              last=a.last), True
        fam = hint([name])
        if fam in _KEEPS:
            kept = [a for a in arrays if a.last < n and hint([a.label]) in _KEEPS and len(a.shape) == len(dims)]
            if kept:
                a = kept[-1]
                return a.shape, R("shape-kept", shape="×".join(map(str, a.shape)), first=a.first, last=a.last), False
        return None
    above = [a for a in here if a.last == n - 1 or (a.last < n and not any(re.search(r"\d", ln)
                                                                            for ln in raw[a.last:n - 1]))]
    if above and len(above[-1].shape) == len(dims):
        a = above[-1]
        return a.shape, R("array-just-above", first=a.first, last=a.last, shape="×".join(map(str, a.shape))), False
    return None


#: Julia's header above a printed array: "3×4 Matrix{Float64}:", "3-element Vector{Float64}:"
_JULIA = re.compile(r"^\s*(?:(?P<r>\d{1,5})\s*[×x]\s*(?P<c>\d{1,5})\s+(?:Matrix|Array)|(?P<n>\d{1,5})-element\s+"
                    r"(?:Vector|Array))\{[^{}]*\}(?:\s*\([^)]*\))?\s*:\s*$")


def _headers(raw: list[str], blocks: list[Block]) -> list[Claim]:
    """A Julia header against the array printed on the lines right under it."""
    out = []
    for n, line in enumerate(raw, start=1):
        m = _JULIA.match(line)
        if not m:
            continue
        below = next((b for b in blocks if b.line == n + 1), None)
        if below is None:
            continue
        if m.group("n"):     # a vector prints one entry a line
            dims, known = (int(m.group("n")),), (below.shape[0] * below.shape[1],)
            if below.shape[1] != 1 and below.shape[0] != 1:
                continue
        else:
            dims, known = (int(m.group("r")), int(m.group("c"))), below.shape
        how = R("array-under-it", first=below.line, last=below.end, shape="×".join(map(str, known)))
        # wrong only when the print under it was read to its end (a blank line or the cell's end follows)
        whole = below.end >= len(raw) or not raw[below.end].strip() or bool(FENCE.match(raw[below.end]))
        claim = _claim(n, line, [(m.group(0).strip(), dims, tuple(known), how, whole)])
        if claim is not None:
            out.append(claim)
    return out


_SIZE_OF = re.compile(r"^print\(\s*([A-Za-z_]\w*)\.(?:shape|size\(\))\s*\)$")


def _sizes(raw: list[str], blocks: list[Block], arrays: list[_Array], fence: list[int]) -> list[Claim]:
    """``torch.Size([2, 2, 6, 6])`` printed by ``print(scores.shape)``, or on the line where an
    array's print ends (``print(x, x.shape)``), against that array (n-D only; shapes.py reads 2-D)."""
    from .views import reassigned
    out = []
    for b in blocks:
        if b.shape[0] != 1 or b.shape[1] < 3 or any(e.places != 0 for e in b.rows[0]) \
                or not re.search(r"torch\.Size\(\[\s*" + re.escape(b.rows[0][0].text), raw[b.line - 1]):
            continue
        dims = tuple(int(e.value) for e in b.rows[0])
        m = _SIZE_OF.match(b.labels[0]) if b.labels else None
        got = None
        if m:
            named = [a for a in arrays if len(a.shape) == len(dims) and abs(a.first - b.line) <= 40
                     and re.sub(r"^\s*(?:print\(\s*)?|[\s:=()].*$", "", a.label) == m.group(1)]
            if named:
                a = min(named, key=lambda a: abs(a.first - b.line))
                lo, hi = sorted((a.last, b.line))
                got = (a, not reassigned(raw, m.group(1), lo, hi))
        else:
            same = [a for a in arrays if a.last == b.line and a.fence == fence[b.line] and len(a.shape) == len(dims)]
            got = (same[-1], False) if same else None
        if got is None:
            continue
        a, strong = got
        how = R("array-shown-as", shape="×".join(map(str, a.shape)), first=a.first, last=a.last)
        src = raw[b.line - 1][raw[b.line - 1].find("torch.Size"):].split(")")[0] + ")"
        claim = _claim(b.line, raw[b.line - 1], [(src, dims, a.shape, how, strong)])
        if claim is not None:
            out.append(claim)
    return out


def printed_shape_claims(doc: Document, blocks: list[Block]) -> list[Claim]:
    """Claims for shape tuples printed next to n-D arrays, and Julia's headers (see the module docstring)."""
    raw, fence = list(doc.lines), doc.fence_of
    arrays = _arrays(blocks, raw, fence)
    out = _headers(raw, blocks) + _sizes(raw, blocks, arrays, fence)
    if not arrays:
        return out
    for n, line in enumerate(raw, start=1):
        if not fence[n] or "shape" not in line.lower() and "size" not in line.lower():
            continue
        found = []
        for m in _TUPLE.finditer(line):
            dims = tuple(int(d) for d in re.split(r"\s*,\s*", m.group("dims")))
            name = _name(m.group("name"))
            if not name and re.search(r"[=#(]", line[:m.start()]):
                continue     # a comment or an expression in code, not printed output (shapes.py reads those)
            got = _judge(n, name, dims, arrays, fence, raw)
            if got is not None:
                found.append((m.group(0).strip(), dims) + got)
        claim = _claim(n, line, found) if found else None
        if claim is not None:
            out.append(claim)
    return out


def _claim(n: int, line: str, found) -> Claim:
    show = lambda s: "(" + ", ".join(map(str, s)) + ")"
    bad = [(src, dims, known, how) for src, dims, known, how, strong in found if dims != known and strong]
    ok = [(show(dims), how) for src, dims, known, how, _ in found if dims == known]
    src = " ".join(line.split())[:160]
    if bad:
        ents = []
        for src_text, d, k, _ in bad:     # the tuple as printed, and the same text with the right numbers
            found = re.search(r"[(\[][\d\s,]+[)\]]|\d+\s*[×x]\s*\d+|\d+(?=-element)", src_text)
            tup = found.group(0) if found else show(d)
            nums = iter(k)
            right = re.sub(r"\d+", lambda _: str(next(nums)), tup) if len(k) == len(d) else show(k)
            col = line.find(tup)
            ents.append({"entry": "shape", "line": n, "col": col if col >= 0 else None, "claimed": tup,
                         "exact": show(k), "correct": right})
        return stated(n, src, "wrong", R("shape-of-shown"),
                      R("reasons", items=[R("shape-given-but", shape=show(d), src=s, how=how) for s, d, _, how in bad]),
                      claimed=[show(d) for _, d, _, _ in bad], expected=[show(k) for _, _, k, _ in bad], entries=ents)
    if len(ok) < len(found):
        return None     # differs from an array its name does not name: it may be another array's shape
    return stated(n, src, "exact", R("shape-of-shown"),
                  R("reasons", items=[R("shape-agrees", shape=s, how=how) for s, how in ok]),
                  claimed=[show(d) for _, d, *_ in found], expected=[show(d) for _, d, *_ in found])
