"""The parsed form of one side of an equation: a tiny expression tree.

The parser (``notation.py``) builds these nodes from the article's notation; the
evaluator (``evaluate.py``) turns them into exact SymPy values.  Nodes are
immutable and hashable so that ``key()`` can name what a printed value *is*
(``mul(Q,T(K))``), which is how a later step finds the author's earlier value.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

__all__ = ["Node", "Lit", "Num", "Name", "Op", "Shape", "walk", "has_decimals"]


class Node:
    """Base class of the tree."""


@dataclass(frozen=True)
class Lit(Node):
    """A matrix written out: bmatrix, nested list, table."""

    value: sp.ImmutableMatrix           # exact entries (decimals as Rationals)
    texts: tuple[tuple[str, ...], ...]  # each entry as printed, for its precision
    note: str = ""                      # how the rows were recovered, if repaired


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
    """An operation: mul, add, sub, div, neg, pow, T, sqrt, softmax, softmax_cols, exp."""

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
    """Every node of the tree, parents first."""
    yield node
    if isinstance(node, Op):
        for a in node.args:
            yield from walk(a)


def has_decimals(node: Node) -> bool:
    """True when a number printed with a decimal point occurs in the tree."""
    for n in walk(node):
        if isinstance(n, Num) and "." in n.text:
            return True
        if isinstance(n, Lit) and any("." in t for row in n.texts for t in row):
            return True
    return False
