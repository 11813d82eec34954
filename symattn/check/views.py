r"""Views of an array the author printed before: ``w.T[:, :, None]``, ``v[:, None]``, ``x.reshape(2, 3)``,
``t.transpose(0, 2, 1)``, ``q.unsqueeze(0)``, printed again.

Input: the article's text and its blocks (:mod:`.read`).  Output: one :class:`Claim` per printed
view whose label is such an expression over a name printed earlier; its entries are those of the
earlier print, moved as the expression says (read with ``ast``, never run; only ``.T``, indexing
with ``:``/``None``/integers, ``reshape``/``view``, ``transpose``/``permute``, ``unsqueeze`` and
``squeeze``).

Two prints of one value agree when their rounding intervals meet (``0.9`` and ``0.90``; ``1.`` and
``0.9999``).  A view is wrong only when it has the shape the expression gives, two thirds of it
agree, and an entry lies outside: the witness is the earlier printed entry and its line.

>>> from symattn.check.read import read_blocks
>>> t = "a = [[1, 2, 3], [4, 5, 6]]\n# a.T =\n# [[1 4]\n#  [2 5]\n#  [3 6]]\n"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in view_claims(doc, read_blocks(doc))]
[(3, 'exact')]
"""

from __future__ import annotations

import ast
import re

import numpy as np

from . import pycode
from .claims import Reason
from .verdict import stated
from .document import Document
from .judge import meets

R = Reason.of

__all__ = ["view_claims", "reassigned"]

_LABEL = re.compile(r"^[\s#>`]*(?:print\(\s*)?(?P<expr>[A-Za-z_]\w*(?:\.T\b|\[[^\]=]*\]|\.\w+\([^()=]*\))+)"
                    r"\s*(?:\)\s*)?[:=]?\s*$")
_NAME = re.compile(r"^[\s#>`]*(?:print\(\s*)?([A-Za-z_]\w*)\s*(?:\)\s*)?(?:[:=]|$)")
_METHODS = ("reshape", "view", "transpose", "permute", "unsqueeze", "squeeze")


def _int(node) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _int(node.operand)
        return None if v is None else -v
    return None


def _index(node):
    """One item of a subscript: ``:`` , None, an integer; else a ValueError."""
    if isinstance(node, ast.Slice) and node.lower is node.upper is node.step is None:
        return slice(None)
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return Ellipsis
    v = _int(node)
    if v is None:
        raise ValueError("index")
    return v


def _apply(node, name: str, base: np.ndarray) -> np.ndarray:
    """The positions of ``base`` that the expression ``node`` over ``name`` shows, in its shape."""
    if isinstance(node, ast.Name) and node.id == name:
        return base
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return _apply(node.value, name, base).T
    if isinstance(node, ast.Subscript):
        inner = _apply(node.value, name, base)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return inner[tuple(_index(x) for x in items)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _METHODS \
            and not node.keywords:
        inner = _apply(node.func.value, name, base)
        args = [_int(a) for a in node.args]
        if None in args:
            raise ValueError("argument")
        how = node.func.attr
        if how in ("reshape", "view"):
            return inner.reshape(args)
        if how in ("transpose", "permute"):
            if how == "transpose" and len(args) == 2 and inner.ndim != 2:   # torch: swap two axes
                return np.swapaxes(inner, *args)
            return np.transpose(inner, args or None)
        if how == "unsqueeze" and len(args) == 1:
            return np.expand_dims(inner, args[0])
        if how == "squeeze":
            return np.squeeze(inner, *args) if len(args) <= 1 else inner
    raise ValueError("expression")


def _stacks(blocks):
    """[(label, shape, [(index, block)])]: every printed array, its n-D slices together."""
    out = []
    for b in blocks:
        if b.stack and out and out[-1][1] == b.stack and b.index and any(b.index) \
                and len(out[-1][2]) < int(np.prod(b.stack[:-2])):
            out[-1][2].append((b.index, b))
            continue
        # not a bare "#", nor the print's own wrapper "tensor("
        label = next((lb for lb in b.labels if re.search(r"[A-Za-z]", lb)
                      and not re.fullmatch(r"\s*(?:tensor|array)\(\s*", lb)), "")
        out.append((label, b.stack or b.shape, [(b.index, b)]))
    return out


def _entries(shape, parts):
    """An object array of the printed entries in the array's shape, or None."""
    arr = np.empty(shape, dtype=object)
    try:
        for index, b in parts:
            arr[index] = np.array([list(r) for r in b.rows], dtype=object).reshape(shape[len(index):])
    except ValueError:
        return None
    return arr


def reassigned(raw: list[str], name: str, after: int, before: int) -> bool:
    """``name`` gets a new value on a line strictly between ``after`` and ``before`` (1-based):
    ``x = ...``, ``x += ...``, ``x[0] = ...``, ``for x in``; its earlier print or definition is stale."""
    pat = re.compile(rf"^\s*(?:>>>\s*)?(?:{re.escape(name)}\s*(?:\[[^\]]*\]\s*)?(?:[-+*/@]?=)(?!=)|"
                     rf"for\s+{re.escape(name)}\b|{re.escape(name)}\s*,[\w\s,]*=(?!=))")
    return any(pat.match(raw[n - 1]) for n in range(max(after + 1, 1), min(before, len(raw) + 1)))


def view_claims(doc: Document, blocks) -> list:
    """Claims for printed views of earlier printed arrays (see the module docstring)."""
    raw = list(doc.lines)
    out = []
    arrays = _stacks(blocks)
    for k, (label, shape, parts) in enumerate(arrays):
        m = _LABEL.match(label)
        if not m:
            continue
        try:
            tree = pycode.parse(m.group("expr"), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        name = next((n.id for n in ast.walk(tree) if isinstance(n, ast.Name)), None)
        src = next((a for a in reversed(arrays[:k]) if (nm := _NAME.match(a[0])) and nm.group(1) == name), None)
        if src is None or reassigned(raw, name, src[2][-1][1].end, parts[0][1].line):
            continue
        base = _entries(src[1], src[2])
        if base is None or any(b.operand for _, b in parts):
            continue
        try:
            view = _apply(tree, name, base)
        except (ValueError, IndexError, TypeError):
            continue
        claim = _judge(m.group("expr"), tuple(view.shape), view, shape, parts, src[2][0][1].line)
        if claim is not None:
            out.append(claim)
    return out


def _judge(expr, vshape, view, shape, parts, src_line: int):
    printed = _entries(shape, parts)
    if printed is None:
        return None
    first = parts[0][1]
    lines = sorted({e.line for _, b in parts for r in b.rows for e in r})
    if vshape != tuple(shape):
        squeezed = tuple(n for n in vshape if n != 1)
        if squeezed != tuple(n for n in shape if n != 1):
            return None
        view = view.reshape(shape)    # a print that dropped axes of size 1 (a batch of one)
    pairs = list(zip(printed.flat, view.flat))
    bad = [(p, e) for p, e in pairs if not meets(p, e)]
    texts = [[e.text for e in r] for _, b in parts for r in b.rows]
    if not bad:
        # equal prints of whole numbers are the same number; any other agreement is to the printed digits
        same = all(p.value == e.value and getattr(p.value, "q", 0) == 1 for p, e in pairs)
        return stated(first.line, first.source, "exact" if same else "rounded", R("view-of", expr=expr),
                      R("view-restates", expr=expr, line=src_line), claimed=texts, expected=texts, lines=lines)
    if len(bad) > len(pairs) / 3 or vshape != tuple(shape):
        return None
    ents = [{"entry": f"{expr}", "line": p.line, "claimed": p.text, "exact": e.text, "correct": e.text}
            for p, e in bad]
    shown = [R("view-entry", printed=p.text, line=p.line, value=e.text, at=e.line) for p, e in bad[:4]]
    return stated(first.line, first.source, "wrong", R("view-of", expr=expr), R("view-differs", expr=expr, items=shown),
                  claimed=texts, entries=ents, lines=lines)
