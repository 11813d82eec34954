r"""Arrays the article's code builds from nothing but literal sizes, and their printed output:
``values = torch.arange(40, dtype=torch.float32).reshape(1, 10, 4).repeat(2, 1, 1)``,
``np.arange(12).reshape(3, 4)``, ``torch.ones((2, 3))``, ``np.full((2, 2), 0.5)``.

Input: the article's text and its blocks (:mod:`.read`).  Output: one :class:`Claim` per printed
array that is such an array.

The code is read with ``ast`` (never run): ``arange`` with integer bounds, ``ones``, ``zeros`` and
``full`` with literal sizes, then ``reshape``/``view``, ``repeat`` (torch: tiling; numpy: element
repetition), ``.T``, ``float()``/``double()``/``int()``.  A printed array is that array when its
label names the variable (``print(values)``, ``values:``) or, with no such name, when every entry
agrees and it holds at least six entries of at least three values (so a print of ones is never
taken for ``torch.ones`` by its values alone).  Wrong only when the label names the variable, the
shapes agree and two thirds of the entries agree: the witness is the entry the code gives.

>>> from symattn.check.read import read_blocks
>>> t = "```python\nx = np.arange(6).reshape(2, 3)\nprint(x)\n```\n```\n[[0 1 2]\n [3 4 5]]\n```\n"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in constructed_claims(doc, read_blocks(doc))]
[(6, 'exact')]
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction

import numpy as np

from . import pycode
from .. import limits
from .claims import Reason
from .verdict import stated
from .document import Document
from .views import _entries, _stacks, reassigned

R = Reason.of

__all__ = ["constructed_claims"]

_MODULES = {"torch": "torch", "np": "numpy", "numpy": "numpy", "jnp": "numpy"}
_CASTS = ("float", "double", "int", "long", "half", "clone", "contiguous", "numpy", "copy")
_NAMED = re.compile(r"^[\s#>`]*(?:print\(\s*)?([A-Za-z_]\w*)\s*(?:\)\s*)?(?:[:=]\s*(?:tensor\(|array\()?)?\s*$")


class _Unknown(Exception):
    """An expression this reader does not follow."""


def _ints(nodes) -> list[int]:
    """Literal integer arguments, a tuple or list of them counting as its items."""
    if len(nodes) == 1 and isinstance(nodes[0], (ast.Tuple, ast.List)):
        nodes = nodes[0].elts
    out = []
    for n in nodes:
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub) and isinstance(n.operand, ast.Constant):
            n = ast.Constant(-n.operand.value)
        if not (isinstance(n, ast.Constant) and type(n.value) is int):
            raise _Unknown
        out.append(n.value)
    return out


def _fill(node) -> Fraction:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return Fraction(repr(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_fill(node.operand)
    raise _Unknown


def _size(shape) -> list[int]:
    n = 1
    for d in shape:
        if d < 0:
            raise _Unknown
        n *= d
    if n > limits.CHECK_MAX_BLOCK_ENTRIES:
        raise _Unknown     # larger than any block the reader takes
    return list(shape)


def _build(node) -> tuple[np.ndarray, str]:
    """(array of exact numbers, module) for a constructor chain."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        arr, mod = _build(node.value)
        return arr.T, mod
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        raise _Unknown
    fn, owner = node.func.attr, node.func.value
    if isinstance(owner, ast.Name) and owner.id in _MODULES:
        mod = _MODULES[owner.id]
        if fn == "arange":
            bounds = _ints(node.args)
            if not 1 <= len(bounds) <= 3 or len(range(*bounds)) > limits.CHECK_MAX_BLOCK_ENTRIES:
                raise _Unknown
            return np.array([Fraction(v) for v in range(*bounds)], dtype=object), mod
        if fn in ("ones", "zeros"):
            shape = _size(_ints(node.args))
            return np.full(shape, Fraction(int(fn == "ones")), dtype=object), mod
        if fn == "full" and len(node.args) == 2:
            return np.full(_size(_ints(node.args[:1])), _fill(node.args[1]), dtype=object), mod
        raise _Unknown
    arr, mod = _build(owner)
    if node.keywords:
        raise _Unknown
    if fn in _CASTS and not node.args:
        return arr, mod
    if fn in ("reshape", "view"):
        return arr.reshape(_ints(node.args)), mod
    if fn == "repeat":
        reps = _ints(node.args)
        if mod == "torch":
            _size(list(reps) + list(arr.shape))
            return np.tile(arr, reps), mod
        if len(reps) == 1:
            _size([reps[0], arr.size])
            return np.repeat(arr, reps[0]), mod
    raise _Unknown


def _statements(doc: Document):
    """(line, name, value node) of every single-name assignment in code fences, each statement
    read over as many lines as its brackets need (at most 6)."""
    raw, n = doc.lines, 0
    while n < len(raw):
        line = raw[n]
        m = re.match(r"^\s*([A-Za-z_][\w, ]*)=(?!=)", line) if doc.fence_of[n + 1] else None
        if m:
            for k in range(n + 1, min(n + 7, len(raw) + 1)):
                try:
                    tree = pycode.parse("\n".join(s.strip() for s in raw[n:k]))
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    continue
                for st in tree.body:
                    if isinstance(st, ast.Assign) and len(st.targets) == 1:
                        yield from _targets(n + 1, st.targets[0], st.value)
                break
        n += 1


def _targets(line, target, value):
    if isinstance(target, ast.Name):
        yield line, target.id, value
    elif isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        for t, v in zip(target.elts, value.elts):
            if isinstance(t, ast.Name):
                yield line, t.id, v


def _defined(doc: Document):
    out = []
    for line, name, node in _statements(doc):
        try:
            arr, _ = _build(node)
        except (_Unknown, ValueError, TypeError, OverflowError):
            continue
        out.append((line, name, arr, ast.unparse(node)))
    return out


def constructed_claims(doc: Document, blocks) -> list:
    """Claims for printed arrays that code built from literal sizes (see the module docstring)."""
    raw = list(doc.lines)
    if not any(w in doc.text for w in ("arange", "ones", "zeros", "full")):
        return []
    made = _defined(doc)
    if not made:
        return []
    out = []
    for label, shape, parts in _stacks(blocks):
        first = parts[0][1]
        printed = _entries(shape, parts)
        if printed is None or first.operand:
            continue
        m = _NAMED.match(label)
        named = m.group(1) if m else None
        for line, name, arr, src in reversed([d for d in made if d[0] < first.line]):
            if reassigned(raw, name, line, first.line):
                continue     # changed after it was built: the print shows another value
            claim = _judge(printed, tuple(shape), parts, arr, name == named,
                           R("built-by", name=name, code=src, line=line))
            if claim is not None:
                out.append(claim)
                break
    return out


def _judge(printed, shape, parts, arr, named: bool, how):
    if arr.shape != shape:
        if arr.size != printed.size or [d for d in arr.shape if d != 1] != [d for d in shape if d != 1]:
            return None
        arr = arr.reshape(shape)    # a print that dropped axes of size 1
    pairs = list(zip(printed.flat, arr.flat))
    bad = [(p, x) for p, x in pairs if p.value != x]
    first = parts[0][1]
    texts = [[e.text for e in r] for _, b in parts for r in b.rows]
    lines = sorted({e.line for _, b in parts for r in b.rows for e in r})
    if not bad:
        if not named and (len(pairs) < 6 or len({x for _, x in pairs}) < 3):
            return None     # a few equal values: the print may be anything
        return stated(first.line, first.source, "exact", R("built-array"), R("values-of", how=how), claimed=texts,
                      expected=texts, lines=lines)
    if not named or len(bad) > len(pairs) / 3:
        return None
    ents = [{"entry": "entry", "line": p.line, "claimed": p.text, "exact": str(x), "correct": _show(x, p)}
            for p, x in bad]
    shown = [R("entry-is", printed=p.text, line=p.line, value=_show(x, p)) for p, x in bad[:4]]
    return stated(first.line, first.source, "wrong", R("built-array"), R("built-differs", items=shown, how=how),
                  claimed=texts, entries=ents, lines=lines)


def _show(x: Fraction, like) -> str:
    """x printed with the entry's decimals (exact when they do not suffice)."""
    places = like.places or 0
    scaled = x * 10 ** places
    if scaled.denominator == 1:
        return f"{float(x):.{places}f}" if places else str(int(x))
    return str(x)
