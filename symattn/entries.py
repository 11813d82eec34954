"""Any entry of a step written out, at the "one entry expanded" level (``derive --entry I,J``).

A topic writes out one entry per step, usually (1,1).  The chain of any other entry is read
off the step's substituted level, so every step that substitutes one of these forms gets it
without code of its own, in every topic:

    MatMul(A, B)        c_ij = a_i1 b_1j + a_i2 b_2j + …  = value
    Transpose(K)        (K^T)_ij = k_ji                   = value
    ScaledBy(S, d)      s̃_ij = s_ij / √d                  = value
    MaskedBy(S, M)      s̃_ij + m_ij                       = value
    Plus(S, B)          s̃_ij + b_ij                       = value
    RowSoftmax(Z)       a_ij = e^{z_ij} / Σ_k e^{z_ik} (= over the visible keys) (= shifted) = value

The chains are the same SymPy display nodes the topics use for their own entry, so every
renderer prints them as it prints the topic's chain.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

import sympy as sp

from . import nodes
from .errors import SymattnError
from .model import Derivation, EntryChain, Step

__all__ = ["EntryPick", "parse_entry", "entry_chain", "with_entries", "ALL_LIMIT"]

#: ``all`` writes out every entry of a matrix up to this many rows and columns
ALL_LIMIT = 4


@dataclass(frozen=True)
class EntryPick:
    """One ``--entry`` argument."""

    step: str | None                 # a step id, or None: every step that has the entry
    at: tuple[int, int] | None       # 0-based (row, column), or None: every entry ("all")
    text: str                        # as the user wrote it, for messages


_PICK = re.compile(r"\s*(?:(?P<step>[A-Za-z_][\w]*)\s*:)?\s*(?:(?P<all>all)|(?P<i>\d+)\s*,\s*(?P<j>\d+))\s*")


def parse_entry(text: str) -> EntryPick:
    """``2,3``, ``weights:2,3``, ``all`` or ``scores:all`` (rows and columns count from 1).

    >>> parse_entry("weights:2,3")
    EntryPick(step='weights', at=(1, 2), text='weights:2,3')
    >>> parse_entry("all").at is None
    True
    >>> parse_entry("0,1")
    Traceback (most recent call last):
    ...
    symattn.errors.SymattnError: --entry: '0,1': rows and columns count from 1
    """
    m = _PICK.fullmatch(text)
    if not m:
        raise SymattnError(f"{text!r} is not I,J (row and column from 1), STEP:I,J or all (STEP:all)",
                           entry="--entry")
    if m.group("all"):
        return EntryPick(m.group("step"), None, text)
    i, j = int(m.group("i")), int(m.group("j"))
    if i < 1 or j < 1:
        raise SymattnError(f"{text!r}: rows and columns count from 1", entry="--entry")
    return EntryPick(m.group("step"), (i - 1, j - 1), text)


def _name(lhs, i: int, j: int, new_token: str | None = None):
    """How a textbook names the entry: s_{23}, \\tilde{s}_{23}, (K^{T})_{23}, (O_{1})_{23}; the output
    row of a symbolic V is the token's new representation, \\text{new}_{我}, as the topics write it."""
    from .printing import latex, text_label
    if new_token is not None:
        return nodes.Named(r"\text{new}_{%s}" % text_label(new_token), f"new_{new_token}")
    sub = nodes.index(i, j)
    shown = latex(lhs)
    plain = lhs.plain_name if isinstance(lhs, nodes.Named) else str(lhs)
    if re.fullmatch(r"[A-Za-z]|\\tilde\{[A-Z]\}", shown):
        return nodes.Named(f"{shown.lower()}_{{{sub}}}", f"{plain.lower()}_{sub}")
    return nodes.Named(f"({shown})_{{{sub}}}", f"({plain})_{sub}")


def _is_matrix(x) -> bool:
    return isinstance(x, sp.MatrixBase)


def _softmax_chain(Z, i: int, j: int) -> list:
    """a_ij = e^{z_ij}/Σ e^{z_ik} [over the visible keys] [shifted by the row minimum]."""
    from .pipeline import NEG_INF
    from .softmax import softmax_row
    row = tuple(Z.row(i))
    visible = [k for k, z in enumerate(row) if z != NEG_INF]
    chain = [nodes.ExpRatio(row[j], row)]
    if not visible:
        return chain
    if len(visible) < len(row):
        if j not in visible:  # e^{-∞} = 0 on top: the weight is 0 whatever the rest
            return chain
        chain.append(nodes.ExpRatio(row[j], tuple(row[k] for k in visible)))
    canon = softmax_row([row[k] for k in visible])
    if canon.shift != 0:
        chain.append(nodes.ExpRatio(canon.exponents[visible.index(j)], canon.exponents))
    return chain


def entry_chain(step: Step, i: int, j: int) -> tuple | None:
    """Entry (i, j) (0-based) of ``step`` written out, ending in its exact value; None when the
    step's substituted level is not one that an entry can be read off (a matrix given as is)."""
    sub = step.substituted
    value = step.exact[i, j]
    middle: list
    new_token = None
    if isinstance(sub, sp.MatMul) and len(sub.args) == 2 and all(_is_matrix(a) for a in sub.args):
        left, right = sub.args
        middle = [nodes.Dot(*[(left[i, k], right[k, j]) for k in range(left.cols)])]
        if right.cols == 1 and all(isinstance(v, sp.Symbol) and v.name.startswith("v_") for v in right) \
                and i < len(step.row_labels):  # V left symbolic: the row is the token's new representation
            new_token = step.row_labels[i]
    elif isinstance(sub, sp.Transpose) and _is_matrix(sub.arg):
        middle = [_name(sp.MatrixSymbol(getattr(step.lhs.arg, "name", "K"), *sub.arg.shape), j, i)
                  if isinstance(step.lhs, sp.Transpose) else sub.arg[j, i]]
    elif isinstance(sub, nodes.ScaledBy) and _is_matrix(sub.args[0]):
        middle = [nodes.ScaledBy(sub.args[0][i, j], sub.args[1])]
    elif isinstance(sub, nodes.MaskedBy) and all(_is_matrix(a) for a in sub.args):
        middle = [nodes.MaskedBy(sub.args[0][i, j], sub.args[1][i, j])]
    elif isinstance(sub, nodes.RowSoftmax) and _is_matrix(sub.args[0]):
        middle = _softmax_chain(sub.args[0], i, j)
    elif _is_sum_of_matrices(sub):
        from .topics._display import Plus
        middle = [Plus(*[_bracketed(a[i, j]) for a in sub.args])]
    else:
        return None
    return (_name(step.lhs, i, j, new_token), *middle, value)


def _is_sum_of_matrices(sub) -> bool:
    from .topics._display import Plus
    return isinstance(sub, Plus) and len(sub.args) > 1 and all(_is_matrix(a) for a in sub.args)


def _bracketed(x):
    """A negative addend in parentheses: s + (-1), never s + -1 (nodes.Times of one factor groups it)."""
    return nodes.Times(x) if (x.is_number and x.is_negative) else x


def _close(key: str, ids: list[str]) -> str:
    close = difflib.get_close_matches(key, ids, n=1)
    return f"did you mean {close[0]}? " if close else ""


def with_entries(derivation: Derivation, picks) -> tuple[Derivation, list[str]]:
    """The derivation with the picked entries written out instead of each step's own one,
    and notes (one line each) on what ``all`` left out.  Errors name the pick."""
    ids = [s.id for s in derivation.steps]
    for p in picks:
        if p.step is not None and p.step not in ids:
            raise SymattnError(f"{p.text!r}: no step {p.step!r} in this derivation; {_close(p.step, ids)}"
                               f"its steps are: {', '.join(ids)}", entry="--entry")
    notes: list[str] = []
    used: set[str] = set()
    steps = []
    for step in derivation.steps:
        cells: list[tuple[int, int]] = []
        for p in picks:
            if p.step not in (None, step.id):
                continue
            for cell in _cells(step, p, notes):
                if cell not in cells:
                    cells.append(cell)
        chains = []
        for i, j in cells:
            chain = entry_chain(step, i, j)
            if chain is None:
                if any(p.step == step.id for p in picks):
                    raise SymattnError(f"step {step.id!r} is a matrix taken as given (or a result with no "
                                       "entry-wise form): it has no entry to write out", entry="--entry")
                break
            chains.append(EntryChain(i, j, chain))
        if chains:
            used.update(p.text for p in picks if p.step in (None, step.id))
            step = replace(step, entries=tuple(chains))
        steps.append(step)
    for p in picks:
        if p.text not in used and p.at is None and p.step is None:
            raise SymattnError(f"{p.text!r}: every step is larger than {ALL_LIMIT}x{ALL_LIMIT}; name the entries "
                               "(--entry I,J or STEP:I,J)", entry="--entry")
        if p.text not in used and p.at is not None:
            shapes = ", ".join(f"{s.id} {s.shape[0]}x{s.shape[1]}" for s in derivation.steps if entry_chain_possible(s))
            raise SymattnError(f"{p.text!r}: no step has entry ({p.at[0] + 1},{p.at[1] + 1}) to write out "
                               f"(shapes: {shapes})", entry="--entry")
    return replace(derivation, steps=tuple(steps)), notes


def entry_chain_possible(step: Step) -> bool:
    """Whether entries of this step can be written out (its substituted level is one of the forms above)."""
    return entry_chain(step, 0, 0) is not None if step.exact.rows and step.exact.cols else False


def _cells(step: Step, pick: EntryPick, notes: list[str]) -> list[tuple[int, int]]:
    rows, cols = step.exact.shape
    if pick.at is None:
        if rows > ALL_LIMIT or cols > ALL_LIMIT:
            if pick.step == step.id:
                raise SymattnError(f"{pick.text!r}: {step.id} is {rows}x{cols}; 'all' writes out matrices up to "
                                   f"{ALL_LIMIT}x{ALL_LIMIT}: name the entries (--entry {step.id}:I,J)",
                                   entry="--entry")
            if entry_chain_possible(step):
                notes.append(f"--entry {pick.text}: {step.id} is {rows}x{cols}, larger than "
                             f"{ALL_LIMIT}x{ALL_LIMIT}; its own entry is kept (name others with --entry "
                             f"{step.id}:I,J)")
            return []
        return [(i, j) for i in range(rows) for j in range(cols)]
    i, j = pick.at
    if i < rows and j < cols:
        return [(i, j)]
    if pick.step == step.id:
        raise SymattnError(f"{pick.text!r}: {step.id} is {rows}x{cols}, it has no entry ({i + 1},{j + 1})",
                           entry="--entry")
    return []
