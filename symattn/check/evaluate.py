"""Exact values of the article's expressions, from its own inputs.

Input: an :mod:`~symattn.check.ir` tree and the article's symbol :class:`Table`.  Output: its exact
SymPy value (or :class:`Unresolved`, with a reason code).

Two modes, as a reviewer works:

* ``exact`` (end-to-end): every quantity is recomputed from the article's inputs (X, W,
  or Q and K as given) with symattn's own machinery: ``linalg.matmul`` (once per
  article, :mod:`.memo`), ``linalg.transpose``, ``pipeline.softmax_rows`` (the canonical exact
  softmax);
* ``author`` (stepwise): a name takes the value the author printed for it on an
  earlier line, so one slip is reported once, not again in every later step.

A :class:`Convention` says how the well-known steps are computed; the diagnosis
re-runs a claim under the conventions of common mistakes (no scaling, softmax over
columns, e ≈ 2.7, ...).
"""

from __future__ import annotations

import bisect

import re
from dataclasses import dataclass, field
from enum import StrEnum

import sympy as sp

from ..linalg import transpose
from . import guard, memo
from .ir import Lit, Name, Node, Num, Op, walk
from .claims import Explained
from .tokens import ParseError
from .quantities import Convention, power_of, softmax
from .scalar import apply_scalar, symbol_for
from .symbols import DIMENSIONS, FORMULAS, OWN_NAMES, ZERO_BASED, canon

__all__ = ["Unresolved", "Convention", "Table", "Evaluator", "node_key", "shape_of", "is_block_matrix"]


class Unresolved(Explained, ValueError):
    """A value cannot be computed; its reason says why (for an ``unverifiable`` claim)."""


class Definitions:
    """Definitions by name.  Reading a name gives its first definition; every other value the
    article gives the same name is kept too, because a name with two values (``d_k = 4`` in one
    card, ``d_k = 768`` in the next) is no witness for any claim that uses it."""

    def __init__(self):
        self._defs: dict[str, list[tuple]] = {}
        self._values: dict[str, set] = {}   # key -> its values that hash: a repeat is found at once

    def _pick(self, key):
        return self._defs[key][0]

    def lines(self, key) -> list[int]:
        """The lines of the distinct definitions of ``key`` (more than one: a conflict)."""
        return [d[1] for d in self._defs.get(key, ())]

    def __contains__(self, key) -> bool:
        return key in self._defs

    def __getitem__(self, key):
        return self._pick(key)

    def get(self, key, default=None):
        return self._pick(key) if key in self._defs else default

    def __setitem__(self, key, item) -> None:
        defs = self._defs.setdefault(key, [])
        seen = self._values.setdefault(key, set())
        try:
            if item[0] in seen:
                return
            hashable = True
        except TypeError:
            hashable = False
        if hashable and len(seen) == len(defs):
            pass   # every earlier value hashes, and none equals this one
        elif any(_same_def(d[0], item[0]) for d in defs):
            return
        if hashable:
            seen.add(item[0])
        bisect.insort(defs, item, key=lambda d: d[1])

    def restate(self, key, line: int, value) -> None:
        """The definition of ``key`` on ``line`` takes ``value`` (the exact value its print stands for)."""
        self._defs[key] = [(value, *d[1:]) if d[1] == line else d for d in self._defs.get(key, ())]
        self._values.pop(key, None)
        self._values[key] = set()
        for d in self._defs[key]:
            try:
                self._values[key].add(d[0])
            except TypeError:
                pass

    def setdefault(self, key, item):
        self[key] = item
        return self._pick(key)

    def __iter__(self):
        return iter(self._defs)

    def __len__(self) -> int:
        return sum(len(v) for v in self._defs.values())


def _nullspace(m):
    basis = m.nullspace()
    return sp.ImmutableMatrix.hstack(*basis) if basis else sp.ImmutableMatrix.zeros(m.cols, 0)


#: rank, rref, det, trace, null space (basis as columns) and dim (of the columns' span) of a matrix
_LINALG = {"rank": lambda m: sp.Integer(m.rank()), "rref": lambda m: sp.ImmutableMatrix(m.rref()[0]),
           "det": lambda m: m.det() if m.rows == m.cols else _not_square(), "trace": lambda m: m.trace()
           if m.rows == m.cols else _not_square(), "null": _nullspace, "dim": lambda m: sp.Integer(m.rank()),
           "pinv": lambda m: sp.ImmutableMatrix(m.pinv())}


def _not_square():
    raise Unresolved("not-square")


def _equal(a, b) -> bool:
    """Exactly equal values (numbers or matrices of one shape), simplifying the difference."""
    if _mat(a) != _mat(b) or (_mat(a) and a.shape != b.shape):
        return False
    if a == b:
        return True
    diff = sp.ImmutableMatrix(a - b) if _mat(a) else sp.Matrix([a - b])
    if len(diff) > 64:
        return False
    return all(sp.simplify(x) == 0 for x in diff)


def _same_def(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:   # noqa: BLE001 - SymPy comparisons of odd objects
        return False


@dataclass
class Table:
    """What the article defines, filled while reading it."""

    formulas: Definitions = field(default_factory=Definitions)   # key -> (formula, line), first wins
    inputs: Definitions = field(default_factory=Definitions)     # key -> (given value, line), first wins
    # key -> (computation over printed operands, line): ``K = [..][..]`` shows how K is computed
    # from numbers on the page; it defines K only where the article gives no formula for it
    computed: Definitions = field(default_factory=Definitions)
    author: dict[str, list[tuple[int, sp.Basic, bool]]] = field(default_factory=dict)  # key -> (line, value, wrong)
    at: int = 10 ** 9   # the line being checked (which of several stated numbers is in force)
    headings: tuple = ()   # the lines of the article's headings (sections scope restated numbers)
    agreed: dict = field(default_factory=dict)   # (key, formulas, mode, convention, lines) -> do they agree
    index_cache: tuple | None = None   # (number of formulas, expression key -> name), see node_key
    # a printed matrix another stage judged, by its printed entries: (exact value, line of the first
    # slip or None).  Written again as an operand, it stands for its exact value end to end.
    corrections: dict = field(default_factory=dict)
    unnamed: tuple = ()   # the blocks printed under no name, in order (their values read only when used)

    def section(self, line: int) -> int:
        """The line of the heading above ``line`` (0 before the first heading)."""
        return max((h for h in self.headings if h <= line), default=0)

    def record(self, key: str, line: int, value, wrong: bool) -> None:
        self.author.setdefault(key, []).append((line, value, wrong))

    def conflict(self, key: str) -> list[int]:
        """Lines where ``key`` gets two different values, or two formulas ([] otherwise; a formula
        and a printed value of one name are a claim, not a conflict)."""
        for defs in (self.inputs.lines(key), self.formulas.lines(key)):
            if len(defs) > 1:
                return defs
        return []

    def formula(self, key: str) -> Node | None:
        if key in self.formulas and self.formulas[key][1] <= self.at:
            return self.formulas[key][0]   # (a formula the article states only later is not in force yet)
        if key in FORMULAS:
            return FORMULAS[key]
        if key in self.computed and not self.computed.lines(key)[1:]:
            return self.computed[key][0]
        return None


def shape_of(value) -> tuple[int, int] | None:
    return tuple(value.shape) if isinstance(value, sp.MatrixBase) else None


def _mat(value):
    return isinstance(value, sp.MatrixBase)


class Mode(StrEnum):
    """How names are evaluated: ``exact`` from the article's inputs (end to end), ``author`` from
    the values the author printed on earlier lines (stepwise)."""
    EXACT = "exact"
    AUTHOR = "author"

    def __repr__(self) -> str:
        return repr(self.value)


class Evaluator:
    """Evaluate trees in one mode under one convention, at one line of the article."""

    def __init__(self, table: Table, mode: Mode | str = Mode.EXACT, convention: Convention = Convention(),
                 line: int = 10 ** 9, strict: frozenset = frozenset()):
        self.table, self.mode, self.conv, self.line = table, Mode(mode), convention, line
        self.strict = strict   # keys whose failing formula is an error, never replaced by a printed value
        self.used: list[tuple[int, bool]] = []   # author values used: (line, was it wrong)
        self._memo: dict[str, sp.Basic] = {}
        self._deps: dict[str, set] = {}          # key -> the given inputs it was computed from
        self.inputs_used: set[tuple[int, str]] = set()   # (line, name) of given inputs used so far
        self._busy: set[str] = set()

    def with_convention(self, conv: Convention) -> "Evaluator":
        return Evaluator(self.table, self.mode, conv, self.line, self.strict)

    # ------------------------------------------------------------------ names

    def name(self, raw: str):
        if raw == "e":
            return self._base()
        key = canon(raw)
        if self.mode is Mode.AUTHOR:
            earlier = [e for e in self.table.author.get(key, ()) if e[0] < self.line]
            if earlier:
                line, value, wrong = earlier[-1]
                self.used.append((line, wrong))
                return value
        return self.key(key, raw)

    def key(self, key: str, raw: str | None = None):
        memo_ok = self.mode is Mode.EXACT
        if memo_ok and key in self._memo:
            self.inputs_used |= self._deps[key]
            return self._memo[key]
        if key in self._busy:
            raise Unresolved("self-defined", name=raw or key)
        self._busy.add(key)
        outer, self.inputs_used = self.inputs_used, set()
        try:
            value = self._resolve(key, raw or key)
        finally:
            self._busy.discard(key)
            mine, self.inputs_used = self.inputs_used, outer | self.inputs_used
        if memo_ok:
            self._memo[key], self._deps[key] = value, mine
        return value

    def _resolve(self, key: str, raw: str):
        given = self._scoped(key) or self.table.inputs.get(key)
        if given is not None and given[1] > self.table.at and \
                self.table.section(given[1]) != self.table.section(self.table.at) and self._example_begun():
            # given only in a later section, where an example has begun above: another example's
            # input, not in force here yet (the opening may still name what the sections give)
            given = None
        if key in DIMENSIONS and given is not None and key == "d_k":
            if not self._scoped(key):
                self._no_clash(key, raw, self.table.inputs)
            self.inputs_used.add((given[1], key))
            return given[0]   # a stated d_k is the article's convention
        formula = self.table.formula(key)
        if formula is not None and not self._formulas_agree(key):
            self._no_clash(key, raw, self.table.formulas)
        if formula is not None:
            before = set(self.inputs_used)
            try:
                value = self.eval(formula)
            except Unresolved:
                self.inputs_used = before   # a failed attempt used nothing
                shown = self._computed(key)
                if shown is not None:
                    return shown     # A_1 = softmax(Q_1 K_1^T/√d_h) unknown, but computed on the page
                if given is None or key in self.strict:
                    raise
            else:
                stated = given[0] if given is not None else None
                if key in DIMENSIONS and getattr(stated, "is_number", False) and not _mat(value) \
                        and abs(sp.N(value - stated, 30)) > 1e-20:
                    # "n = 1" stated while X has 2 rows: the article's n is not the sequence length
                    # of the matrices shown (a position, another example's size); neither value is a witness
                    raise Unresolved("several-values", name=raw,
                                     lines=sorted({given[1], *self.table.inputs.lines("X")}))
                return value
        block = self._head_block(raw)
        if block is not None:
            return block
        ref = entry_ref(raw)
        base = self.table.inputs.get(ref[0]) if ref is not None and given is not None else None
        if base is not None and _mat(base[0]) and base[0].rows == 1 and ref[2] is None and _mat(given[0]):
            ref = None   # q_1 given a vector of its own where q is one vector: q at position 1, not its row 1
        if ref is not None:
            try:
                return self._entry(*ref)
            except Unresolved:
                pass
        if given is not None:
            if not self._scoped(key):
                self._no_clash(key, raw, self.table.inputs)
            self.inputs_used.add((given[1], key))
            return given[0]
        if _is_free_symbol(raw):
            return symbol_for(raw)
        unnamed = self._unnamed_input(key)
        if unnamed is not None:
            self.inputs_used.add((unnamed[0], key))
            return unnamed[1]
        raise Unresolved("not-given", name=raw)

    def _unnamed_input(self, key: str):
        """The input X of formulas (``Q = X M_1``) that no print names: the one matrix printed under no
        name before the first formula that uses X, with as many columns as the matrices X multiplies
        there have rows (line, value); None when there is no such matrix, or more than one."""
        if key != "X" or not self.table.unnamed:
            return None
        uses = [(line, node) for k in self.table.formulas for node, line in self.table.formulas._defs.get(k, ())
                if any(isinstance(n, Name) and n.raw == "X" for n in walk(node))]
        if not uses:
            return None
        first, node = min(uses, key=lambda u: u[0])
        widths = set()
        for n in walk(node):
            if isinstance(n, Op) and n.op == "mul" and isinstance(n.args[0], Name) and n.args[0].raw == "X" \
                    and isinstance(n.args[1], Name):
                try:
                    w = self.name(n.args[1].raw)
                except Unresolved:
                    return None
                if _mat(w):
                    widths.add(w.rows)
        found = [b for b in self.table.unnamed if b.line < first and (not widths or {b.shape[1]} == widths)]
        return (found[0].line, found[0].matrix()) if len(found) == 1 else None

    def _example_begun(self) -> bool:
        """Has the article given a matrix above the line being checked?"""
        return any(line < self.table.at and _mat(v) for defs in self.table.inputs._defs.values() for v, line in defs)

    def _scoped(self, key: str):
        """A number the article states more than once with other values (d_h = 2 for its example,
        then "here d_h = 1" for a second one): the statement in force at the line being checked, the
        last one above it -- as a reader takes it; None when it is stated once, or is not a number."""
        defs = self.table.inputs._defs.get(key, ())
        if len(defs) < 2 or any(_mat(v) or not getattr(v, "is_number", False) for v, _ in defs):
            return None
        # a number stated in the opening (up to the second heading) holds everywhere; one stated in a section ("here
        # d_h = 1") only in that section, from the line after it
        here = self.table.section(self.table.at)
        opening = self.table.headings[0] if self.table.headings else 0   # (the title's section opens it)
        seen = [d for d in defs if d[1] < self.table.at and self.table.section(d[1]) in (0, opening, here)]
        return seen[-1] if seen else None

    def _formulas_agree(self, key: str) -> bool:
        """Two formulas for one name that give the same value (S_1 = Q_1 K_1ᵀ, and after absorbing
        W_UK, S_1 = Q̃_1 c_KVᵀ) are two ways to compute it, not a clash."""
        defs = self.table.formulas._defs.get(key, ())
        if len(defs) < 2:
            return True
        stamp = (key, len(defs), self.mode, self.conv, self.line, self.table.at)
        if stamp not in self.table.agreed:   # (once per article: the simplify below is not cheap)
            try:
                values = [self.eval(node) for node, _ in defs]
                self.table.agreed[stamp] = all(_equal(values[0], v) for v in values[1:])
            except Unresolved:
                self.table.agreed[stamp] = False
        return self.table.agreed[stamp]

    def _head_block(self, raw: str):
        """``Q_1``, ``K_{2}`` in an article that gives the head width d_h: the i-th block of d_h
        columns (head i), not row i -- when the matrix is several heads wide."""
        m = re.fullmatch(r"([QKV])_\{?(\d{1,2})\}?", raw.replace(" ", ""))
        width = self.table.inputs.get("d_h")
        if m is None or width is None or not getattr(width[0], "is_Integer", False) or width[0] < 1:
            return None
        try:
            full = self.name(m.group(1))
        except Unresolved:
            return None
        dh, i = int(width[0]), int(m.group(2))
        if not _mat(full) or full.cols % dh or (full.cols == dh and i != 1) or not 1 <= i <= full.cols // dh:
            return None
        self.inputs_used.add((width[1], "d_h"))
        return sp.ImmutableMatrix(full[:, (i - 1) * dh:i * dh])

    def _blocks(self, node: Lit):
        """``[O_1  O_2]``: the matrix those names' values make side by side (and stacked)."""
        rows = [[self.name(t) for t in row] for row in node.texts]
        if not all(_mat(x) for row in rows for x in row):
            raise Unresolved("block-cell-not-matrix")
        try:
            return sp.ImmutableMatrix(sp.BlockMatrix(rows).as_explicit())
        except (ValueError, TypeError, sp.ShapeError):
            raise Unresolved("blocks-misfit") from None

    def _computed(self, key: str):
        """The value of the one computation on printed numbers the article shows for ``key``."""
        if key not in self.table.computed or self.table.computed.lines(key)[1:]:
            return None
        try:
            return self.eval(self.table.computed[key][0])
        except Unresolved:
            return None

    @staticmethod
    def _no_clash(key: str, raw: str, defs: "Definitions") -> None:
        lines = defs.lines(key)
        if len(lines) > 1:
            raise Unresolved("several-values", name=raw, lines=lines)

    def _entry(self, key: str, i: int, j: int | None):
        m = self.name(key)
        if not _mat(m):
            raise Unresolved("not-a-matrix", name=key)
        if i > m.rows or (j is not None and j > m.cols) or i < 1 or (j is not None and j < 1):
            raise Unresolved("no-entry-of", name=key, i=i, j=str(j))
        if j is None:
            return sp.ImmutableMatrix([list(m.row(i - 1))])
        return m[i - 1, j - 1]

    # ------------------------------------------------------------------ trees

    def eval(self, node: Node):
        guard.tick()
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Lit):
            if node.cells is not None:
                return sp.ImmutableMatrix([[self.eval(c) for c in row] for row in node.cells])
            if is_block_matrix(node):
                return self._blocks(node)
            fix = self.table.corrections.get(node.texts)
            if fix is not None:
                # a print written again as an operand: its exact value end to end (a wrong one its right
                # value), the author's own digits stepwise
                if fix[1] is not None:
                    self.used.append((fix[1], True))
                return fix[0] if self.mode is Mode.EXACT else node.value
            return node.value
        if isinstance(node, Name):
            return self.name(node.raw)
        if not isinstance(node, Op):
            raise Unresolved("cannot-evaluate")
        if self.mode is Mode.AUTHOR:
            # stepwise: a sub-expression the author printed earlier takes the printed value
            earlier = [e for e in self.table.author.get(node_key(node, self.table), ()) if e[0] < self.line]
            if earlier:
                line, value, wrong = earlier[-1]
                self.used.append((line, wrong))
                return value
        op = node.op
        if op == "T" and not self.conv.transpose_keys and isinstance(node.args[0], Name) \
                and canon(node.args[0].raw) == "K":
            return self.eval(node.args[0])
        if op == "sqrt" and isinstance(node.args[0], Name) and canon(node.args[0].raw) == "d_k":
            return self._root()
        if op in ("rows", "cols"):
            v = self.eval(node.args[0])
            if not _mat(v):
                raise Unresolved("number-no-rows")
            return sp.Integer(v.rows if op == "rows" else v.cols)
        args = [self.eval(a) for a in node.args]
        if op in ("softmax", "softmax_cols"):
            return self.weights_of(args[0], cols=(op == "softmax_cols") != (self.conv.axis == "cols"))
        if op == "div" and _is_scaling(node) and self.conv.scale == "none":
            return args[0]
        if op == "mul" and len(args) == 2 and isinstance(node.args[0], Op) and node.args[0].op == "T" and \
                _mat(args[0]) and _mat(args[1]) and args[0].cols == 1 and args[1].rows == 1 and \
                args[0].rows == args[1].cols > 1:
            # qᵀk of two vectors written as lists: in the column convention the formula writes, their
            # dot product (not the outer product of a list taken as a row)
            return memo.product(transpose(args[0]), transpose(args[1]))[0, 0]
        return _apply(op, args, self._base())

    def _base(self):
        return self.conv.base if self.conv.base is not None else sp.E

    def _root(self):
        if self.conv.scale == "dk":
            return self.key("d_k")
        if self.conv.scale == "sqrt_dmodel":
            return sp.sqrt(self.key("d_model"))
        if self.conv.scale == "none":
            return sp.Integer(1)
        return sp.sqrt(self.name("d_k"))

    # ------------------------------------------------------------------ softmax

    def weights_of(self, value, cols: bool = False):
        """The softmax of a matrix, by rows (or by columns), under this convention."""
        if not _mat(value):
            raise Unresolved("softmax-of-number")
        if cols:
            return transpose(self.weights_of(transpose(value), cols=False))
        guard.check_size(value.rows, value.cols)
        exp = power_of(self.conv)
        causal = self.conv.mask == "causal" and value.rows == value.cols > 1
        rows = []
        for i in range(value.rows):
            # under the causal mask the article's prints follow, query i sees keys 1 … i
            row = [-sp.oo if causal and j > i else x for j, x in enumerate(value.row(i))]
            if any(z == sp.oo for z in row):
                raise Unresolved("infinite-score", row=i + 1)
            weights = softmax(row, exp)
            if weights is None:
                raise Unresolved("row-masked", row=i + 1)
            rows.append(weights)
        return sp.ImmutableMatrix(rows)

def _is_scaling(node: Op) -> bool:
    d = node.args[1]
    return isinstance(d, Op) and d.op == "sqrt" and isinstance(d.args[0], Name) and \
        canon(d.args[0].raw) == "d_k"


_ENTRY = re.compile(r"^([A-Za-z])_\{?\s*(\d+)\s*(?:,\s*(\d+)|(\d))?\s*\}?$")


_BLOCK_NAME = re.compile(r"[A-Za-z](?:_\{?[\w:]{1,5}\}?)?")


def is_block_matrix(node) -> bool:
    """A printed matrix whose entries are names of matrices (``[O_1  O_2]``): a block matrix."""
    return isinstance(node, Lit) and bool(node.value.free_symbols) and \
        all(_BLOCK_NAME.fullmatch(t.replace(" ", "")) for row in node.texts for t in row) and \
        any(t[:1].isupper() for row in node.texts for t in row)   # (a row of lowercase names is a vector)


def entry_ref(raw: str) -> tuple[str, int, int | None] | None:
    """``s_{23}`` -> ("scores", 2, 3); ``q_2`` -> ("Q", 2, None): entries and rows of known matrices.

    >>> entry_ref("s_{23}"), entry_ref("a_{1,2}"), entry_ref("q_2"), entry_ref("v_{我}")
    (('scores', 2, 3), ('weights', 1, 2), ('Q', 2, None), None)
    """
    m = _ENTRY.match(raw.replace(" ", ""))
    if not m:
        return None
    if m.group(1).upper() in OWN_NAMES.get():
        key = m.group(1).upper()   # z_41 of an article whose Z is its own quantity (Z = S̃ + M)
    else:
        key = canon(m.group(1))
        if key not in FORMULAS and key not in ("X", "W_Q", "W_K", "W_V", "mask"):
            return None
    i = int(m.group(2))
    j = m.group(3) or m.group(4)
    if j is None and len(m.group(2)) == 2 and "{" in raw:
        i, j = int(m.group(2)[0]), m.group(2)[1]   # s_{23}: row 2, column 3
    j = int(j) if j is not None else None
    if m.group(1).lower() in ZERO_BASED.get():
        # A_{10}, A_{11}, A_{12} written in the article: A_{21} is row 3, column 2
        i, j = i + 1, (j + 1 if j is not None else None)
    return key, i, j


def _is_free_symbol(raw: str) -> bool:
    """``v_{我}``, ``x_1``: a lowercase letter with a subscript stands for itself."""
    base = raw.split("_", 1)[0]
    return "_" in raw and len(base) == 1 and base.islower() and base.isalpha()


def _apply(op: str, args: list, base):
    a = args[0]
    b = args[1] if len(args) > 1 else None
    if op in ("max", "min"):   # of numbers, or of one vector's entries
        values = list(a) if len(args) == 1 and _mat(a) and min(a.shape) == 1 else args
        if len(values) < 2 or \
                any(_mat(v) or not (getattr(v, "is_real", False) or v in (sp.oo, -sp.oo)) for v in values):
            # (max(S) of a name that is one number here is another S than the one the line means)
            raise Unresolved("extremum-of", op=op)
        return (sp.Max if op == "max" else sp.Min)(*values)
    if op == "mul":
        if _mat(a) and _mat(b):
            if a.rows == 1 and b.rows == 1 and a.cols == b.cols and a.cols > 1:
                return memo.product(a, transpose(b))[0, 0]   # q_i · k_j: a dot product of two rows
            if a.cols == 1 and b.cols == 1 and a.rows == b.rows and a.rows > 1:
                return memo.product(transpose(a), b)[0, 0]   # h · e of two column vectors: their dot product
            if a.cols != b.rows:
                raise Unresolved("cannot-multiply", ar=a.rows, ac=a.cols, br=b.rows, bc=b.cols)
            guard.check_size(a.rows, b.cols, inner=a.cols)
            return memo.product(a, b)
        if _mat(a) or _mat(b):
            m, s = (a, b) if _mat(a) else (b, a)
            return sp.ImmutableMatrix(m.applyfunc(lambda e: sp.expand(e * s)))
        return a * b
    if op in ("add", "sub"):
        if _mat(a) != _mat(b):
            raise Unresolved("number-plus-matrix")
        if _mat(a):
            if a.shape != b.shape:
                raise Unresolved("cannot-add", ar=a.rows, ac=a.cols, br=b.rows, bc=b.cols)
            return sp.ImmutableMatrix(a + b if op == "add" else a - b)
        return a + b if op == "add" else a - b
    if op == "div":
        if _mat(b):
            raise Unresolved("division-by-matrix")
        if b == 0:
            raise Unresolved("division-by-zero")
        if _mat(a):
            return sp.ImmutableMatrix(a.applyfunc(lambda e: e / b if (e / b).is_Rational else sp.expand(e / b)))
        return a / b
    if op == "floordiv":
        if _mat(a) or _mat(b):
            raise Unresolved("cannot-evaluate")
        if b == 0:
            raise Unresolved("division-by-zero")
        return sp.floor(a / b)
    if op == "neg":
        return sp.ImmutableMatrix(-a) if _mat(a) else -a
    if op == "T":
        return transpose(a) if _mat(a) else a
    if op == "pow" and _mat(a) and b == 1:
        # "Attention Weights^1", "V^1": nobody raises a matrix to the first power; the 1 numbers it (head 1,
        # layer 1), and what that one is the article's own quantity
        raise Unresolved("superscript-index")
    if op == "pow" and _mat(a) and not _mat(b) and getattr(b, "is_Integer", False) and a.rows == a.cols:
        # G^{-1}, A^2: powers of a square matrix (small ones: the guard bounds the work)
        guard.check_size(a.rows, a.cols, a.cols)
        if b < 0 and a.det() == 0:
            raise Unresolved("singular")
        if abs(int(b)) > 16:
            raise Unresolved("power-too-large-matrix")
        return sp.ImmutableMatrix(a ** int(b))
    if op in _LINALG and _mat(a):
        guard.check_size(a.rows, a.cols, max(a.rows, a.cols))
        return _LINALG[op](sp.Matrix(a))
    if op == "hstack":
        if not (_mat(a) and _mat(b)) or a.rows != b.rows:
            raise Unresolved("hstack-rows")
        return sp.ImmutableMatrix(sp.Matrix(a).row_join(sp.Matrix(b)))
    if op == "hadamard":
        if not (_mat(a) and _mat(b)) or a.shape != b.shape:
            raise Unresolved("hadamard-shapes")
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: a[i, j] * b[i, j])
    if op == "item":   # x[0]: a vector's entry, counted from 0
        k = int(args[1])
        if not _mat(a) or min(a.shape) != 1 or not 0 <= k < len(a):
            raise Unresolved("no-item", k=k)
        return a[k]
    if op == "entry":
        i, j = int(args[1]), int(args[2])
        if not _mat(a) or not (1 <= i <= a.rows and 1 <= j <= a.cols):
            raise Unresolved("no-entry", i=i, j=j)
        return a[i - 1, j - 1]
    if op == "exp" and _mat(a):
        return sp.ImmutableMatrix(a.applyfunc(lambda e: base ** e))
    if op == "exp" and base is not sp.E:
        return base ** a
    if _mat(a) or _mat(b):
        raise Unresolved("op-of-matrix", op=op)
    try:
        return apply_scalar(op, args)
    except ParseError as exc:
        raise Unresolved(exc.reason) from None


def node_key(node: Node, table: Table) -> str:
    """A stable name for what a tree computes: ``mul(Q,T(K))`` becomes ``scores``.

    Expression strings that match a formula (the article's own or a well-known one)
    collapse to that formula's name, so a product printed without a name is found
    later when a step refers to ``Scores``.
    """
    stamp = len(table.formulas)
    if table.index_cache is None or table.index_cache[0] != stamp:
        index: dict[str, str] = {}
        for _ in range(4):  # formulas of formulas: div(mul(Q,T(K)),..) -> div(scores,..) -> scaled
            for name in list(FORMULAS) + list(table.formulas):
                index.setdefault(_key(table.formula(name), index), name)
        table.index_cache = (stamp, index)
    return _key(node, table.index_cache[1])


def _key(node: Node, index: dict[str, str]) -> str:
    if isinstance(node, Name):
        return canon(node.raw)
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Lit):
        return "lit" + str(node.value.tolist())
    if isinstance(node, Op):
        s = f"{node.op}({','.join(_key(a, index) for a in node.args)})"
        return index.get(s, s)
    return "?"
