r"""Stage *shapes*: what an article says about the shapes of its matrices, checked against the
shapes it shows.

Input: the article's text and its blocks (:mod:`.read`).  Output: :class:`Claim` objects, one per
shape statement that can be judged: ``a.shape = 6x6`` after ``a = x @ x.T``, a code comment
``Q = X @ W_Q  # (3 x 3)``, a comment above an assignment (``# the input (shape: 3 x 2)``,
``# 3 tokens, each with 3 features``), ``Q = X  [3, 4]``, ``= [3, 4] @ [4, 3]`` under
``QK^T = Q @ K^T``, and ``torch.Size([6, 2])`` printed by ``print(keys.shape)``.

A shape is known from printed values (the block assigned to or printed as a name), from a call
that states it (``np.eye(3)``, ``torch.randn(6, 2)``), from a shape statement about a name with
no values (``Wq.shape = 3x2``: given), or from an assignment by shape algebra (``@``, ``.T``,
softmax, element-wise arithmetic with scalars).  A statement is wrong only against a known
shape, and the report says where that shape comes from.

>>> from symattn.check.read import read_blocks
>>> t = "x.shape = 6x3\na = x @ x.T; a.shape = 6x3\n"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in shape_claims(doc, read_blocks(doc))]
[(2, 'wrong')]
"""

from __future__ import annotations


import ast
import re

from . import pycode
from .. import limits
from .claims import Claim, Reason
from .verdict import stated
from .document import Document
from .read import Block

R = Reason.of

__all__ = ["shape_claims"]

_IDENT = r"[A-Za-z_][\w]*"
_DIM = r"(\d{1,5})\s*(?:[x×X*]|\\times|by)\s*(\d{1,5})"
#: "a.shape = Wv.shape = 6x6"
#: the last link of ``a.shape = b.shape = (3, 4)``; the links before it are found backwards
#: (:func:`_shape_eqs`), so a line of a thousand links without a size is read in one pass
_SHAPE_EQ = re.compile(rf"(?<!\w)({_IDENT}\.shape\s*=\s*)(?:\(|\[)?\s*{_DIM}")
_LINK_BACK = re.compile(r"\s*=\s*epahs\.\w*[A-Za-z_](?!\w)")   # one more link, on the reversed text


def _shape_eqs(line: str) -> list[tuple[str, str, int, int]]:
    """Each ``a.shape = b.shape = 3x4`` of a line: (as written, its links, rows, columns)."""
    out, done = [], 0
    for m in _SHAPE_EQ.finditer(line):
        start = m.start()
        back = line[done:start][::-1]
        at = 0
        while (b := _LINK_BACK.match(back, at)) is not None:
            at = b.end()
        start -= at
        out.append((line[start:m.end()], line[start:m.end(1)], int(m.group(2)), int(m.group(3))))
        done = m.end()
    return out
#: a letter word of any language (no digits, no underscore): what a parenthesised shape may carry
_WORD = r"[^\W\d_]+"
#: a shape in a comment or a caption: (3 x 3), shape: 3 x 2, (4x3 matrices), [3, 4], (3 tokens x 3 dim);
#: in parentheses, the dimensions with at most one word before them (and a colon) and one after, in
#: any language: ``(kształt: 3 x 2)`` and ``(4x3 macierze)`` say what ``(shape: 3 x 2)`` says
_MENTION = re.compile(
    rf"(?:\(\s*(?:{_WORD}\s*(?:[:=]\s*)?)?{_DIM}\s*(?:{_WORD}\s*)?\)"
    rf"|shape\s*(?:[:=]\s*)?\(?\s*{_DIM}"
    r"|\(?\s*(\d{1,5})\s*tokens?\s*(?:[x×,]|each with|with)\s*(?:each with\s*)?(\d{1,5})\s*(?:features?|dims?|dimensions?)"
    r"\s*\)?)", re.I)
_BRACKET = re.compile(r"\[\s*(\d{1,5})\s*,\s*(\d{1,5})\s*\]")
_ASSIGN = re.compile(rf"^\s*(?:>>>\s*)?({_IDENT})\s*=(?!=)\s*(.*)$")
_SIZE_CALLS = {"eye": 1, "identity": 1, "zeros": 2, "ones": 2, "rand": 2, "randn": 2, "empty": 2,
               "normal": 2, "full": 2}


def _dims(m: re.Match) -> tuple[int, int] | None:
    nums = [g for g in m.groups() if g is not None and g.isdigit()]
    return (int(nums[-2]), int(nums[-1])) if len(nums) >= 2 else None


def _algebra(node, shapes: dict, scalars: set):
    """The shape of a Python expression over known shapes, or None ("scalar" for a number)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return "scalar"
    if isinstance(node, ast.Name):
        if node.id in scalars:
            return "scalar"
        return shapes.get(node.id, (None,))[0]
    if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
        inner = _algebra(node.value, shapes, scalars)
        return (inner[1], inner[0]) if isinstance(inner, tuple) else None
    if isinstance(node, ast.BinOp):
        a, b = _algebra(node.left, shapes, scalars), _algebra(node.right, shapes, scalars)
        if isinstance(node.op, ast.MatMult):
            if isinstance(a, tuple) and isinstance(b, tuple) and a[1] == b[0]:
                return (a[0], b[1])
            return None
        if a == "scalar":
            return b
        if b == "scalar" or a == b:
            return a
        return None
    if isinstance(node, ast.Call):
        fn = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if fn in ("softmax", "exp", "relu", "tanh", "sigmoid", "round", "abs") and node.args:
            return _algebra(node.args[0], shapes, scalars)
        if fn in ("sqrt", "log") and node.args:
            inner = _algebra(node.args[0], shapes, scalars)
            return inner
        if fn in ("matmul", "dot") and len(node.args) == 2:
            return _algebra(ast.BinOp(node.args[0], ast.MatMult(), node.args[1]), shapes, scalars)
        if fn in ("transpose",) and len(node.args) == 1:
            inner = _algebra(node.args[0], shapes, scalars)
            return (inner[1], inner[0]) if isinstance(inner, tuple) else None
        if fn in _SIZE_CALLS:
            nums = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, int)]
            tup = [e.value for a in node.args if isinstance(a, ast.Tuple) for e in a.elts
                   if isinstance(e, ast.Constant) and isinstance(e.value, int)]
            nums = nums or tup
            if _SIZE_CALLS[fn] == 1 and len(nums) == 1:
                return (nums[0], nums[0])
            if len(nums) == 2:
                return (nums[0], nums[1])
    return None


def _parse(expr: str):
    """A Python expression from code or from a shape walkthrough (``K^T`` is ``K.T``); None
    when it does not parse.  Parsed with ``ast``, never executed."""
    expr = re.sub(r"\^\s*(?:\{\s*)?(?:T|\\top)\s*\}?", ".T", expr.split("#")[0].strip().rstrip(";"))
    try:
        node = pycode.parse(expr, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return node if _depth(node) <= limits.CHECK_MAX_TERMS else None   # its walk below recurses


def _depth(node) -> int:
    """The depth of a syntax tree, found with a stack of its own (``1 + 1 + …`` is as deep as it is long)."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((child, d + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _show(shape) -> str:
    return f"{shape[0]}×{shape[1]}"


class _Shapes:
    def __init__(self, doc: Document, blocks: list[Block]):
        self.raw = list(doc.lines)
        self.blocks = blocks
        self.claims: list[Claim] = []
        self.shapes: dict[str, tuple] = {}    # name -> ((rows, cols), how)
        self.scalars: set[str] = set()
        self.printed = self._printed_values()

    def _printed_values(self) -> dict[str, list[tuple[int, tuple, Block]]]:
        """name -> [(line, shape, block)] of the matrices printed as or assigned to that name."""
        out: dict[str, list] = {}
        for b in self.blocks:
            if b.shape[0] < 2:
                continue
            for label in b.labels[:2]:
                m = re.fullmatch(rf"\s*(?:print\(\s*)?({_IDENT})\s*(?:(?:\)|=\s*(?:np\.array|torch\.tensor|array|tensor)"
                                 rf"\s*\(|=)\s*)?", label)
                if m and m.group(1) not in ("tensor", "array", "print"):
                    out.setdefault(m.group(1), []).append((b.line, b.shape, b))
                    break
        return out

    def _known(self, name: str, line: int):
        """(shape, where it comes from) of ``name`` near ``line``: printed values first (the
        nearest printing), then what the article's statements and code gave it."""
        prints = self.printed.get(name, [])
        before = [p for p in prints if p[0] <= line]
        after = [p for p in prints if line < p[0] <= line + 30]
        pick = None
        if before and not self._assigned_between(name, before[-1][2].end + 1, line):
            pick = before[-1]
        elif after and not self._assigned_between(name, line + 1, after[0][0] - 1):
            pick = after[0]   # assigned here (or above), printed just below
        if pick is not None:
            return pick[1], R("printed-with-shape", name=name, shape=_show(pick[1]), line=pick[0])
        return self.shapes.get(name, (None, None))

    def _assigned_between(self, name: str, a: int, b: int) -> bool:
        """Whether ``name`` gets a new value on lines a..b (both included)."""
        return any((m := _ASSIGN.match(self.raw[n - 1])) and m.group(1) == name
                   for n in range(max(a, 1), min(b, len(self.raw)) + 1))

    # ------------------------------------------------------------------ the pass

    def run(self) -> list[Claim]:
        pending: list[tuple[int, tuple]] = []   # shape mentions in a comment line, for the next assignment
        fenced = False
        for n, line in enumerate(self.raw, start=1):
            if re.match(r"^\s*(```|~~~)", line):
                fenced, pending = not fenced, []
                continue
            if _SHAPE_EQ.search(line):
                self._shape_statements(n, line)
                continue
            if not fenced:
                continue   # assignments and comments are read in code; prose has its own stages
            code, _, comment = line.partition("#")
            m = _ASSIGN.match(code)
            if m and not re.search(r"\.shape\b", m.group(1)):
                name, expr = m.group(1), m.group(2)
                shape = self._assign(n, name, expr)
                stated = [(_dims(x), x.group(0), n) for x in _MENTION.finditer(comment)] if comment else []
                brackets = _BRACKET.findall(expr.split("#")[0]) if not comment and "[[" not in expr else []
                if not stated and brackets and _parse(_BRACKET.sub("", expr)) is not None:
                    stated = [((int(brackets[-1][0]), int(brackets[-1][1])), "[" + ", ".join(brackets[-1]) + "]", n)]
                    self._assign(n, name, _BRACKET.sub("", expr))
                    shape = self.shapes.get(name, (None,))[0]
                if pending and not stated:
                    stated, pending = pending, []
                for dims, src, at in stated:
                    if dims:
                        self._judge(at, name, dims, src, shape, n)
                continue
            if comment and not code.strip():
                pending = [(_dims(x), x.group(0), n) for x in _MENTION.finditer(comment)] or \
                    (pending if n - 1 > 0 and not self.raw[n - 2].strip() == "" else [])
                continue
            if (re.match(r"^\s*[\])}]+\)?\s*$", code) and comment) or re.match(r"^\s*shape\s*:", code, re.I):
                self._block_above(n, comment or code)
                continue
            walk = re.match(r"^\s*=\s*((?:\[\s*\d+\s*,\s*\d+\s*\]\s*(?:@\s*)?)+)\s*$", code)
            if walk:
                self._walkthrough(n, walk.group(1))
                continue
            if code.strip():
                pending = []
        self._size_prints()
        return self.claims

    def _assign(self, n: int, name: str, expr: str):
        node = _parse(expr)
        if node is None:
            self.shapes.pop(name, None)
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            self.scalars.add(name)
            return None
        shape = _algebra(node, {k: v for k, v in self._current(n).items()}, self.scalars)
        if isinstance(shape, tuple):
            self.shapes[name] = (shape, R("assigned-at", name=name, expr=expr.split("#")[0].strip(), line=n))
        elif shape == "scalar":
            self.scalars.add(name)
        else:
            self.shapes.pop(name, None)
        return shape if isinstance(shape, tuple) else None

    def _current(self, n: int) -> dict:
        """Every name's shape as known at line n: printed values, then statements."""
        out = dict(self.shapes)
        for name in self.printed:
            shape, how = self._known(name, n)
            if shape is not None:
                out[name] = (shape, how)
        return out

    def _shape_statements(self, n: int, line: str) -> None:
        for part in re.split(r";", line):
            # "2. Attention scores ( a = x @ x.T; a.shape = 6x6 )": the assignment in the brackets
            m = re.search(rf"(?<![\w.])({_IDENT})\s*=(?!=)\s*([^;=()]+(?:\([^;=()]*\)[^;=()]*)*)\)?\s*$", part)
            found = _shape_eqs(part)
            if m and not found:
                self._assign(n, m.group(1), m.group(2).strip())
            for whole, links, rows, cols in found:
                names = re.findall(rf"({_IDENT})\.shape", links)
                dims = (rows, cols)
                for name in names:
                    known, how = self._known(name, n)
                    if known is None:
                        self.shapes[name] = (dims, R("shape-stated-at", name=name, line=n))   # given
                        continue
                    self._verdict(n, name, dims, whole, known, how)

    def _judge(self, n: int, name: str, dims, src: str, derived, at: int) -> None:
        """A statement on line n about the value ``name`` gets on line ``at``."""
        known, how = self._known(name, at)
        if known is None and derived is not None:
            known, how = derived, self.shapes.get(name, (None, None))[1]
        if known is None:
            return
        self._verdict(n, name, dims, src, known, how)

    def _verdict(self, n: int, name: str, dims, src: str, known, how) -> None:
        source, what = " ".join(self.raw[n - 1].split())[:160], R("shape-of", name=name)
        if tuple(dims) == tuple(known):
            self.claims.append(stated(n, source, "exact", what, R("shape-agrees", shape=_show(dims), how=how),
                                      claimed=_show(dims), expected=_show(known)))
            return
        # the dimensions as printed ("3 x 2", "[3, 4]"), and the same text with the right ones,
        # so that --fix edits exactly those two numbers
        line = self.raw[n - 1]
        printed = re.search(rf"{_DIM}|\[\s*\d+\s*,\s*\d+\s*\]|\d+\s*tokens?.*?\d+", src)
        text = printed.group(0) if printed else _show(dims)
        nums = iter(known)
        correct = re.sub(r"\d+", lambda _: str(next(nums, "")), text, count=2)
        at = line.find(text)
        self.claims.append(stated(n, source, "wrong", what, R("shape-stated-but", shape=_show(dims), src=src.strip(),
                                                              how=how),
                                  claimed=_show(dims), expected=_show(known),
                                  entries=[{"entry": "shape", "line": n, "col": at if at >= 0 else None,
                                            "claimed": text, "exact": _show(known), "correct": correct}]))

    def _block_above(self, n: int, comment: str) -> None:
        """``])  # Shape: (3 tokens x 3 dim)`` or ``Shape: [3, 4] = [seq_len, d_model]`` under a
        literal: the matrix that ends here or just above."""
        block = next((b for b in self.blocks if n - 3 <= b.end <= n and b.shape[0] > 1), None)
        if block is None:
            return
        m = next(iter(_MENTION.finditer(comment)), None) or _BRACKET.search(comment)
        dims = _dims(m) if m else None
        if dims:
            self._verdict(n, R("the-matrix"), dims, m.group(0), block.shape,
                          R("matrix-ends-here", shape=_show(block.shape)))

    def _walkthrough(self, n: int, dims_text: str) -> None:
        """``QK^T = Q @ K^T`` / ``= [3, 4] @ [4, 3]`` / ``= [3, 3]``: shapes put in for the operands."""
        k = n - 1
        while k >= 1 and re.match(r"^\s*=", self.raw[k - 1]):
            k -= 1
        head = re.match(r"^\s*([^=]+?)\s*=\s*(.+)$", self.raw[k - 1]) if k >= 1 else None
        node = _parse(head.group(2)) if head else None
        if node is None:
            return
        current = self._current(n)
        dims = [(int(a), int(b)) for a, b in _BRACKET.findall(dims_text)]
        if len(dims) == 1:
            shape = _algebra(node, current, self.scalars)
            if isinstance(shape, tuple):
                self._verdict(n, head.group(1).strip(), dims[0], dims_text, shape,
                              R("expr-is-shape-at", expr=head.group(2).strip(), shape=_show(shape), line=k))
            return
        operands = []
        while isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            operands.insert(0, node.right)
            node = node.left
        operands.insert(0, node)
        if len(operands) != len(dims):
            return
        for d, op in zip(dims, operands):
            shape = _algebra(op, current, self.scalars)
            if isinstance(shape, tuple):
                self._verdict(n, ast.unparse(op), d, dims_text, shape, R("expr-is-shape", expr=ast.unparse(op),
                                                                          shape=_show(shape)))

    def _size_prints(self) -> None:
        """``torch.Size([6, 2])`` printed by ``print(keys.shape)``: a shape the program reports."""
        for b in self.blocks:
            m = re.fullmatch(rf"print\(({_IDENT})\.(?:shape|size\(\))\)", b.labels[0]) if b.labels else None
            if not m or b.shape != (1, 2) or any(e.places for e in b.rows[0]):
                continue
            dims = (int(b.rows[0][0].value), int(b.rows[0][1].value))
            known, how = self._known(m.group(1), b.line)
            if known is not None:
                self._verdict(b.line, m.group(1), dims, f"[{dims[0]}, {dims[1]}]", known, how)


def shape_claims(doc: Document, blocks: list[Block]) -> list[Claim]:
    """Claims for the shape statements of an article (see the module docstring)."""
    return _Shapes(doc, blocks).run()
