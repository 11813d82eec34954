"""The parsed form of one side of an equation: a tiny expression tree.

The parser (``notation.py``) builds these nodes from the article's notation; the
evaluator (``evaluate.py``) turns them into exact SymPy values.  Nodes are
immutable and hashable so that ``key()`` can name what a printed value *is*
(``mul(Q,T(K))``), which is how a later step finds the author's earlier value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

__all__ = ["Node", "Lit", "Num", "Name", "Op", "Shape", "walk", "has_decimals", "pretty"]


class Node:
    """Base class of the tree."""


@dataclass(frozen=True)
class Lit(Node):
    """A matrix written out: bmatrix, nested list, table."""

    value: sp.ImmutableMatrix           # exact entries (decimals as Rationals)
    texts: tuple[tuple[str, ...], ...]  # each entry as printed, for its precision
    note: str = ""                      # how the rows were recovered, if repaired
    cells: tuple | None = None          # [rank X  rank Y]: each entry's expression, when one is not a number


@dataclass(frozen=True)
class Num(Node):
    """A number as printed (``0.45``, ``2``)."""

    value: sp.Expr  # exact (0.45 -> 9/20)
    text: str       # as printed


@dataclass(frozen=True)
class Name(Node):
    """A symbol: ``Q``, ``K``, ``d_k``, ``\\text{Scores}``, ``v_{我}``."""

    raw: str  # as written, normalised spacing


@dataclass(frozen=True)
class Op(Node):
    """An operation: mul, add, sub, div, floordiv, neg, pow, T, sqrt, softmax, softmax_cols, exp."""

    op: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Shape:
    """A dimension claim such as ``_{3 \\times 4}`` attached to a node."""

    node: Node   # what it is attached to
    rows: int    # claimed rows
    cols: int    # claimed columns
    text: str    # the annotation as written


def walk(node: Node):
    """Every node of the tree, parents first (with a stack of its own: a chain of a thousand
    signs is as cheap as a thousand siblings, and never near the recursion limit)."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Op):
            stack.extend(reversed(node.args))


def has_decimals(node: Node) -> bool:
    """True when a number printed with a decimal point occurs in the tree."""
    for n in walk(node):
        if isinstance(n, Num) and "." in n.text:
            return True
        if isinstance(n, Lit) and any("." in t for row in n.texts for t in row):
            return True
    return False


_INFIX = {"mul": "·", "add": " + ", "sub": " − ", "div": "/", "floordiv": " // ", "hadamard": " ⊙ "}
_ACCENT = {"tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302", "bar": "\u0304",
           "overline": "\u0304"}


def pretty(node: Node) -> str:
    """A short plain-text form for the report: ``Q·Kᵀ``, ``√4``, ``softmax(Scaled Scores)``.

    >>> pretty(Op("div", (Op("mul", (Name("Q"), Op("T", (Name("K"),)))), Op("sqrt", (Name("d_k"),)))))
    '(Q·Kᵀ)/√d_k'
    """
    if isinstance(node, Name):
        raw = re.sub(r"\\(tilde|widetilde|hat|widehat|bar|overline)\{([^{}]*)\}",
                     lambda m: m.group(2) + _ACCENT[m.group(1)], node.raw)
        for cmd in ("\\text{", "\\mathrm{", "\\operatorname{"):
            raw = raw.replace(cmd, "")
        return raw.replace("{", "").replace("}", "")
    if isinstance(node, Num):
        return node.text
    if isinstance(node, Lit):   # as printed when short: softmax([0.5, 1, 2]); else its shape
        rows = [", ".join(r) for r in node.texts]
        if node.value.rows * node.value.cols > 9 or len(rows) != node.value.rows:
            return f"[{node.value.rows}×{node.value.cols}]"
        return f"[{rows[0]}]" if len(rows) == 1 else "[" + ", ".join(f"[{r}]" for r in rows) + "]"
    if not isinstance(node, Op):
        return "?"
    args = [pretty(a) for a in node.args]
    wrapped = [f"({a})" if isinstance(n, Op) and n.op in ("mul", "add", "sub", "div", "floordiv") else a
               for a, n in zip(args, node.args)]
    if node.op in _INFIX:
        if node.op in ("add", "sub"):
            return _INFIX[node.op].join(args)
        return _INFIX[node.op].join(wrapped)
    if node.op == "T":
        return wrapped[0] + "ᵀ"
    if node.op == "entry":
        return f"({args[0]})[{args[1]},{args[2]}]"
    if node.op == "item":
        return f"{wrapped[0]}[{args[1]}]"
    if node.op == "sqrt":
        return "√" + wrapped[0]
    if node.op == "neg":
        return "−" + wrapped[0]
    if node.op == "pow":
        return f"{wrapped[0]}^{wrapped[1]}"
    if node.op == "exp":
        return f"e^{wrapped[0]}"
    if node.op == "softmax_cols":
        return f"softmax({args[0]}, axis=0)"
    if node.op in ("rows", "cols"):   # the number of rows or columns: rows(X), cols(K)
        return f"{node.op}({args[0]})"
    return f"{node.op}({', '.join(args)})"
