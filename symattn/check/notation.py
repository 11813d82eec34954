r"""The article's notation, read into :mod:`symattn.check.ir` trees.

Input: the text of one :class:`~symattn.check.document.Segment`.  Output: its chains of equal
expressions, a list of :class:`Chain` (or a :class:`~symattn.check.tokens.ParseError`).

What tutorials write, and what it means here:

* ``\times``, ``\cdot``, ``*``, ``@`` and juxtaposition (``Q K^T``, ``QK^T``) are products;
* ``^T``, ``^{\top}``, ``ᵀ``, ``.T`` are transposes (latex2sympy2 drops the T of ``K^T``
  when K is a symbol, so this parser does its own);
* ``\sqrt{d_k}``, ``√4``, ``\frac{a}{b}``, ``e^{x}``; ``\text{Softmax}(...)`` is a row softmax;
* ``[[1, 0], [0, 1]]`` and ``bmatrix`` (rows broken with ``\\``, a doubled ``\\\\``, or a
  ``\`` lost in HTML conversion) are matrices;
* ``_{3 \times 4}`` and ``\quad \text{(维度: } 3 \times 4\text{)}`` are shape claims;
* side labels ``\begin{matrix} \leftarrow \text{...} \end{matrix}`` are dropped.

>>> chains = parse_chains(r"\sqrt{4} = 2")
>>> [type(p).__name__ for p in chains[0].parts], chains[0].rels
(['Op', 'Num'], ('=',))
>>> parse_chains("Q K^T")[0].parts[0]
Op(op='mul', args=(Name(raw='Q'), Op(op='T', args=(Name(raw='K'),))))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .claims import Reason
from .ir import Node, Shape
from .parser import Parser, latex_number
from .tokens import (CONNECTIVES, RELATIONS, SEPARATORS, UNSUPPORTED_RELATIONS, ParseError, Tok,
                     raw_text, shape_of_tokens, tokenize)

__all__ = ["ParseError", "Chain", "parse_chains", "parse_expression", "tokenize"]


@dataclass(frozen=True)
class Chain:
    """One equation chain ``p0 rel p1 rel p2 ...`` as written on one line."""

    parts: tuple                 # Node, or None where a part could not be read
    rels: tuple[str, ...]        # "=" or "≈" between consecutive parts
    errors: tuple                # None, or why that part could not be read
    shapes: tuple[Shape, ...]    # dimension claims found in the chain
    source: str                  # the chain as written
    unsupported: str = ""        # a relation we do not check (<, \neq, ...)
    offset: int = 0              # lines after the segment's first line where the chain starts
    notes: tuple[str, ...] = field(default=())  # repairs made while reading


# --------------------------------------------------------------------------- chains

def _split(toks: list[Tok]):
    """Split tokens at depth 0 into chains; each chain into parts at relations."""
    chains, parts, rels, cur = [], [], [], []
    unsupported = ""
    depth = 0

    def close_chain():
        nonlocal parts, rels, cur, unsupported
        if cur or parts:
            parts.append(cur)
            chains.append((parts, rels, unsupported))
        parts, rels, cur, unsupported = [], [], [], ""

    for k, t in enumerate(toks):
        if t.kind == "op" and t.value in "([{":
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            if depth == 0 and k == len(toks) - 1:
                continue   # a closing bracket nothing opened, last (``≈ 1.414]``): a stray one, no part of a side
            depth -= 1
        if depth == 0:
            key = t.value if t.kind in ("op", "cmd") else None
            if key in RELATIONS:
                parts.append(cur)
                rels.append(RELATIONS[key])
                cur = []
                continue
            if key in UNSUPPORTED_RELATIONS or key in ("<=", ">=", "!="):
                unsupported = unsupported or t.raw
                parts.append(cur)
                rels.append(t.raw)
                cur = []
                continue
            if key in SEPARATORS or key == r"\\" or (t.kind == "text" and _is_connective(t.value)):
                close_chain()
                continue
        cur.append(t)
    close_chain()
    return [(p, r, u) for p, r, u in chains if any(p)]


def _pairwise(toks: list[Tok]) -> list[Tok]:
    """``a, b, c = 1, 10, 100``: a list equal to a list of as many items, item by item (``a = 1``,
    ``b = 10``, …), not ``c = 1`` between lone expressions; other lines as they are."""
    depth, commas, rels = 0, [], []
    for k, t in enumerate(toks):
        if t.kind == "op" and t.value in "([{":
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
        elif depth == 0 and t.kind in ("op", "cmd"):
            if t.value == ",":
                commas.append(k)
            elif t.value in RELATIONS or t.value in SEPARATORS or t.value in UNSUPPORTED_RELATIONS or t.value == r"\\":
                rels.append(k)
    if len(rels) != 1 or not commas or toks[rels[0]].value not in RELATIONS:
        return toks
    at = rels[0]
    left = [c for c in commas if c < at]
    right = [c for c in commas if c > at]
    if not left or len(left) != len(right):
        return toks
    cuts = [-1] + commas + [len(toks)]
    pieces = [toks[a + 1:b] for a, b in zip(cuts, cuts[1:])]
    i = len(left)   # the piece that holds the relation
    lhs = pieces[:i] + [pieces[i][:at - commas[i - 1] - 1]]
    rhs = [pieces[i][at - commas[i - 1]:]] + pieces[i + 1:]
    if any(not p for p in lhs + rhs):
        return toks
    out: list[Tok] = []
    for a, b in zip(lhs, rhs):
        out += ([toks[commas[0]]] if out else []) + a + [toks[at]] + b
    return out


def _is_connective(text: str) -> bool:
    s = text.strip().strip(",.，。:：;；").strip()
    return not s or s.lower() in CONNECTIVES


_TWO_INDICES = re.compile(r"(?<=[A-Za-z])_(\d{1,3}),(\d{1,3})(?![\d.,])")


def parse_chains(text: str) -> list[Chain]:
    """Read a math segment into equation chains (one per separator)."""
    # s_1,2: two indices in a subscript without braces, not a separator after s_1
    text = _TWO_INDICES.sub(r"_{\1,\2}", text)
    toks = _pairwise(tokenize(text))
    out = []
    for parts, rels, unsupported in _split(toks):
        if parts and len(parts[-1]) > 1 and parts[-1][-1].kind == "op" and parts[-1][-1].value in (".", ",", ";"):
            # "… \approx [1.758, 0.999]." : the full stop of the sentence the display ends
            parts = list(parts[:-1]) + [parts[-1][:-1]]
        if parts and _annotation(parts[-1]):
            # "s₁ = 53.74 (bank → money)": words in brackets after the last number say what it is
            parts = list(parts[:-1]) + [parts[-1][:_annotation(parts[-1])]]
        if parts and len(parts[0]) > 1 and (parts[0][0].kind == "cmd" and parts[0][0].value in (r"\div", r"\times", r"\cdot")
                                            or parts[0][0].kind == "op" and parts[0][0].value in ("/", "*", "÷", "×")):
            # "(÷√2 ≈ 1.414)": dividing by √2, which is about 1.414; the operator has no left operand
            parts = [parts[0][1:]] + list(parts[1:])
        shape = _real_space(parts, unsupported)
        if shape is not None:  # X \in \mathbb{R}^{3 \times 4}: a shape claim about X
            parts, rels, unsupported = parts[:1], [], ""
        nodes, errors, shapes, notes = [], [], [], []
        for part in parts:
            if not part:
                nodes.append(None)
                errors.append(Reason.of("empty-side"))
                continue
            try:
                p = Parser(part)
                nodes.append(p.parse())
                if shape is not None:
                    shapes.append(Shape(nodes[-1], shape[0], shape[1], shape[2]))
                shapes.extend(p.shapes)
                notes.extend(p.notes)
                errors.append(None)
            except ParseError as exc:
                fallback = latex_number(part)
                nodes.append(fallback)
                errors.append(None if fallback is not None else exc.reason)
            except RecursionError:
                nodes.append(None)
                errors.append(Reason.of("too-deep"))
        source = f" {' '.join(rels)} ".join(raw_text(p) for p in parts) if len(rels) == 1 else \
            "".join(raw_text(p) + (f" {rels[k]} " if k < len(rels) else "") for k, p in enumerate(parts))
        first = next((t for p in parts for t in p), None)
        out.append(Chain(tuple(nodes), tuple(rels), tuple(errors), tuple(shapes),
                         " ".join(source.split()), unsupported, offset=first.line if first is not None else 0,
                         notes=tuple(dict.fromkeys(notes))))
    return out


def _annotation(toks) -> int:
    """Where a bracket of words (two or more, or joined by an arrow) after a number starts, at the
    end of a chain's last side; 0 when there is none."""
    if len(toks) < 4 or toks[-1].kind != "op" or toks[-1].value != ")":
        return 0
    start = max((k for k, t in enumerate(toks) if t.kind == "op" and t.value == "("), default=0)
    inner = toks[start + 1:-1]
    arrows = [t for t in inner if t.raw in ("→", "->", r"\to", r"\rightarrow", "←", r"\leftarrow")]
    words = [t for t in inner if t.kind == "word"]
    if start == 0 or toks[start - 1].kind != "num" or len(words) + len(arrows) != len(inner) or \
            not (len(words) >= 2 and (arrows or len(words) == len(inner))):
        return 0
    return start


def _real_space(parts, unsupported):
    """``\\in \\mathbb{R}^{3 \\times 4}`` -> (3, 4, text), else None."""
    if unsupported != r"\in" or len(parts) != 2:
        return None
    right = parts[1]
    if len(right) >= 4 and (right[0].raw in (r"\R", "R") or right[0].value == "R") and right[1].value == "^":
        inner = right[3:-1] if right[2].value == "{" and right[-1].value == "}" else right[2:]
        dims = shape_of_tokens(inner)
        if dims:
            return dims[0], dims[1], raw_text(parts[0]) + r" \in \mathbb{R}^{" + raw_text(inner) + "}"
    return None


def parse_expression(text: str) -> Node:
    """One expression, no relations (used for table cells and list entries)."""
    p = Parser(tokenize(text))
    return p.parse()


