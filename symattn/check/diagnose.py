"""Name the common mistake that reproduces the author's wrong numbers.

Each mistake is a :class:`~symattn.check.evaluate.Convention`; the claim is
recomputed under it, and the first one whose values round to exactly what the
article prints is the diagnosis.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .compare import compare
from .evaluate import Convention, Evaluator, Mode, Table, Unresolved
from .ir import Name, Node, Op, walk
from .symbols import canon

__all__ = ["MISTAKES", "diagnose", "transpose_slip"]

#: (label, how to make the convention of that mistake from the article's own)
MISTAKES = (
    ("no scaling: softmax(QKᵀ) without ÷√d_k", lambda c: replace(c, scale="none")),
    ("divided by d_k instead of √d_k", lambda c: replace(c, scale="dk")),
    ("divided by √d_model instead of √d_k", lambda c: replace(c, scale="sqrt_dmodel")),
    ("softmax over columns instead of rows", lambda c: replace(c, axis="cols" if c.axis == "rows" else "rows")),
    ("K used instead of Kᵀ", lambda c: replace(c, transpose_keys=False)),
    ("e ≈ 2.7 used in the exponentials", lambda c: replace(c, base=sp.Rational(27, 10))),
    ("intermediate values rounded early (e^x to 1 decimal)", lambda c: replace(c, round_exp=1)),
    ("intermediate values rounded early (e^x to 2 decimals)", lambda c: replace(c, round_exp=2)),
)


def diagnose(node: Node, texts, claimed, rel: str, table: Table, base: Convention) -> str:
    """The listed mistakes that reproduce the printed values ('' if none), joined by ' or '."""
    reference = Evaluator(table, Mode.EXACT, base)
    try:
        truth = reference.eval(node)
    except Unresolved:
        return ""
    found: list[str] = []
    # the quantity being diagnosed must be recomputed, never read back from the article
    strict = frozenset(canon(n.raw) for n in walk(node) if isinstance(n, Name))
    for label, make in MISTAKES:
        conv = make(base)
        if conv == base:
            continue
        if conv.scale == "sqrt_dmodel" and not _differs(table, base):
            continue
        try:
            value = Evaluator(table, Mode.EXACT, conv, strict=strict).eval(node)
            if value == truth:
                continue  # this mistake changes nothing here
            if compare(texts, claimed, value, rel).status != "wrong":
                found.append(label)
        except (Unresolved, ValueError, TypeError, ZeroDivisionError):
            continue
    return " or ".join(found)


def _differs(table: Table, base: Convention) -> bool:
    ev = Evaluator(table, Mode.EXACT, base)
    try:
        return ev.key("d_model") != ev.key("d_k")
    except Unresolved:
        return False


def transpose_slip(node: Node, wrong_entries, claimed, table: Table, base: Convention) -> str:
    """For a wrong ``K^T``: were the wrong entries copied from K[i,j] instead of K[j,i]?"""
    if not (isinstance(node, Op) and node.op == "T") or not wrong_entries:
        return ""
    try:
        inner = Evaluator(table, Mode.EXACT, base).eval(node.args[0])
    except Unresolved:
        return ""
    if not isinstance(inner, sp.MatrixBase):
        return ""
    name = node.args[0].raw if isinstance(node.args[0], Name) else "K"
    hits = []
    for e in wrong_entries:
        i, j = e.index
        if i < inner.rows and j < inner.cols and inner[i, j] == e.claimed:
            hits.append(f"{name}ᵀ[{i + 1},{j + 1}] copied {name}[{i + 1},{j + 1}] = {inner[i, j]} "
                        f"instead of {name}[{j + 1},{i + 1}] = {inner[j, i]}")
        else:
            return ""
    return "K used instead of Kᵀ: " + "; ".join(hits)
