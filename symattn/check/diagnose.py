"""The common mistakes: one table, tried on every wrong claim whatever its notation.

Input: a wrong claim's printed values and how to recompute its quantity (the notation pass's
expression tree, or the binder's family).  Output: the :class:`Mistake` entries whose convention
reproduces the printed values.  Each mistake is a change of the article's
:class:`~symattn.check.quantities.Convention` (no scaling, ÷d_k, softmax over columns, e ≈ 2.7, …);
the claim is recomputed under it, and every mistake whose values round to what the article prints
is the diagnosis.  The structural ones (a transposed matrix, cut digits, early rounding) are named
here too, so that a diagnosis always has a code from this table.

>>> [m.code for m in MISTAKES][:3]
['no-scaling', 'scaled-by-dk', 'scaled-by-sqrt-dmodel']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import re

import sympy as sp

from .claims import Reason
from .compare import compare
from .evaluate import Evaluator, Mode, Table, Unresolved
from .ir import Name, Node, Op, pretty, walk
from .quantities import Convention
from .symbols import canon

__all__ = ["Mistake", "MISTAKES", "BY_CODE", "mistake", "only_a_mistake", "diagnose", "transpose_slip",
           "index_swap"]


@dataclass(frozen=True)
class Mistake:
    code: str      # the reason code: its words are in messages/*.toml, its SARIF rule is the code's ``rule``
    # the convention that makes the mistake, from the article's own; None when it changes nothing
    # there, or for a mistake that is no convention (a transposed print, cut digits)
    convention: Callable[[Convention], Convention | None] | None = None
    # the choices of a catalogue variant (:class:`symattn.check.bind.graph.Variant`) that only this
    # mistake makes, as (choice, value) pairs
    choices: tuple = ()


MISTAKES = (
    Mistake("no-scaling", lambda c: replace(c, scale="none") if c.scale != "none" else None),
    Mistake("scaled-by-dk", lambda c: replace(c, scale="dk") if c.scale == "sqrt" else None),
    Mistake("scaled-by-sqrt-dmodel", lambda c: replace(c, scale="sqrt_dmodel") if c.scale == "sqrt" else None,
            (("scale", "sqrt_dmodel"),)),
    Mistake("softmax-over-columns", lambda c: replace(c, axis="cols" if c.axis == "rows" else "rows"),
            (("axis", "cols"),)),
    Mistake("keys-not-transposed", lambda c: replace(c, transpose_keys=False), (("order", "k"),)),
    Mistake("e-approximated", lambda c: replace(c, base=sp.Rational(27, 10)), (("base", "2.7"),)),
    Mistake("rounded-early-1", lambda c: replace(c, round_exp=1)),
    Mistake("rounded-early-2", lambda c: replace(c, round_exp=2)),
    Mistake("causal-mask", lambda c: replace(c, mask="causal") if c.mask == "none" else None),
    Mistake("mask-missing", lambda c: replace(c, mask="none") if c.mask != "none" else None),
    Mistake("causal-mask-differs", None, (("mask", "shifted"), ("mask", "anti"))),
    Mistake("rounded-early"),
    Mistake("transposed", None, (("order", "kq"),)),
    Mistake("truncated"),
    Mistake("wo-transposed"),
)
BY_CODE = {m.code: m for m in MISTAKES}


def only_a_mistake(conv: Convention) -> bool:
    """A convention that only a mistake produces, never an article's choice (softmax over columns,
    ÷d_k, e ≈ 2.7, …), unlike not scaling or masking, which an article may choose."""
    return conv.axis == "cols" or conv.scale in ("dk", "sqrt_dmodel") or conv.base is not None or \
        conv.round_exp is not None or not conv.transpose_keys


def mistake(code: str) -> Mistake:
    """The mistake with this code (a KeyError for one the table does not know: a bug)."""
    return BY_CODE[code]


def diagnose(node: Node, texts, claimed, rel: str, table: Table, base: Convention) -> tuple:
    """The mistakes of the table that reproduce the printed values, as Reasons (their codes)."""
    reference = Evaluator(table, Mode.EXACT, base)
    try:
        truth = reference.eval(node)
    except Unresolved:
        return ()
    found: list[Reason] = []
    # the quantity being diagnosed must be recomputed, never read back from the article
    strict = frozenset(canon(n.raw) for n in walk(node) if isinstance(n, Name))
    for m in MISTAKES:
        conv = m.convention(base) if m.convention else None
        if conv is None or conv == base:
            continue
        if conv.scale == "sqrt_dmodel" and not _differs(table, base):
            continue
        try:
            value = Evaluator(table, Mode.EXACT, conv, strict=strict).eval(node)
            if value == truth:
                continue  # this mistake changes nothing here
            if compare(texts, claimed, value, rel).status != "wrong":
                found.append(Reason.of(m.code))
        except (Unresolved, ValueError, TypeError, ZeroDivisionError):
            continue
    return tuple(found)


def _differs(table: Table, base: Convention) -> bool:
    ev = Evaluator(table, Mode.EXACT, base)
    try:
        return ev.key("d_model") != ev.key("d_k")
    except Unresolved:
        return False


def transpose_slip(node: Node, wrong_entries, claimed, table: Table, base: Convention):
    """For a wrong ``K^T``: were the wrong entries copied from K[i,j] instead of K[j,i]?  The mistake
    ``keys-not-transposed`` with the copies as its data, or None."""
    if not (isinstance(node, Op) and node.op == "T") or not wrong_entries:
        return None
    try:
        inner = Evaluator(table, Mode.EXACT, base).eval(node.args[0])
    except Unresolved:
        return None
    if not isinstance(inner, sp.MatrixBase):
        return None
    name = node.args[0].raw if isinstance(node.args[0], Name) else "K"
    hits = []
    for e in wrong_entries:
        i, j = e.index
        if i < inner.rows and j < inner.cols and inner[i, j] == e.claimed:
            hits.append(Reason.of("copied-entry", name=name, i=i + 1, j=j + 1, value=str(inner[i, j]),
                                  right=str(inner[j, i])))
        else:
            return None
    return Reason.of("keys-not-transposed-at", copies=hits)


_SUBSCRIPT = re.compile(r"^(.+)_\{([^{}]+)\}$")


def index_swap(node: Node, texts, claimed, rel: str, table: Table, base: Convention) -> Reason | None:
    """For a wrong ``q_i·k_j``: is the printed value ``q_j·k_i``, the entry of the transposed product?
    The mistake ``transposed`` at one entry (``indices-swapped``), or None.

    >>> from symattn.check.evaluate import Table
    >>> import sympy as sp
    >>> t = Table()
    >>> t.inputs["Q"], t.inputs["K"] = (sp.Matrix([[1, 0], [0, 2]]), 1), (sp.Matrix([[3, 0], [1, 1]]), 2)
    >>> node = Op("mul", (Name("q_{1}"), Name("k_{2}")))
    >>> index_swap(node, "0", sp.Integer(0), "=", t, Convention()).code   # q_1·k_2 = 1, q_2·k_1 = 0
    'indices-swapped'
    """
    if not (isinstance(node, Op) and node.op == "mul" and len(node.args) == 2
            and all(isinstance(a, Name) for a in node.args)):
        return None
    (a, i), (b, j) = [(m.group(1), m.group(2)) if m else (None, None)
                      for m in (_SUBSCRIPT.match(x.raw) for x in node.args)]
    if a is None or b is None or i == j:
        return None
    swapped = Op("mul", (Name(f"{a}_{{{j}}}"), Name(f"{b}_{{{i}}}")))
    try:
        ev = Evaluator(table, Mode.EXACT, base)
        right, value = ev.eval(node), ev.eval(swapped)
        if value == right or compare(texts, claimed, value, rel).status == "wrong":
            return None
    except (Unresolved, ValueError, TypeError, ZeroDivisionError):
        return None
    return Reason.of("indices-swapped", printed=pretty(swapped), right=pretty(node))
