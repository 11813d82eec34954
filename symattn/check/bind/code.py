r"""Inputs an article gives in its code: arrays a code block assigns to an input's name, evaluated as
data (:mod:`symattn.check.pycode`: a whitelisted reading over ``ast``, nothing is run).

Input: the :class:`~symattn.check.document.Document`.  Output: :class:`CodeGiven` items, each an
input (``X``, ``W_Q``, …, ``Q``, ``K``, ``V``, or scores the code sets itself) with its exact value and the line
that assigns it (a plain ``name = …`` statement; the block's first line when none is written so).  The blocks of one article are one program: a later block sees what earlier
ones defined, so ``X = np.array([embeddings[w] for w in sentence])`` after a dict of embeddings is
the matrix it builds.  A name is reported again only when a block changes its value.

>>> from symattn.check.document import Document
>>> text = "```python\nimport numpy as np\nX = np.array([[1.0, 0.5], [0.0, 1.0]])\nK = X\n```\n"
>>> [(g.line, g.step, g.name, g.block.matrix().tolist()) for g in code_givens(Document.of(text))]
[(3, 'X', 'X', [[1, 1/2], [0, 1]]), (4, 'K', 'K', [[1, 1/2], [0, 1]])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import sympy as sp

from ... import limits
from .. import pycode
from ..document import Document
from ..names import by_name
from ..read import Block, Entry
from .graph import INPUTS

__all__ = ["CodeGiven", "code_givens"]

_CODE_LANGS = ("python", "py", "python3", "ipython", "ipython3", "pycon", "")


@dataclass(frozen=True)
class CodeGiven:
    line: int        # the line that assigns it (the code block's first line if none does plainly)
    step: str        # the input it gives
    name: str        # the variable, as written
    block: Block     # its value, as a block of exact entries


def code_givens(doc: Document) -> list[CodeGiven]:
    out: list[CodeGiven] = []
    program = None
    seen: dict[str, tuple] = {}
    for fence in doc.fences:
        if fence.output or fence.lang not in _CODE_LANGS:
            continue
        source = "\n".join(doc.lines[n - 1] for n in fence.body)
        program = pycode.evaluate(source, line_offset=fence.first, given=program)
        for name, value in program.values.items():
            step = by_name(name)
            if step not in INPUTS + ("scores", "scaled"):
                continue
            rows = _rows(value)
            if rows is None or seen.get(name) == rows:
                continue
            seen[name] = rows
            line = _assigned_at(doc, fence, name)
            if step not in INPUTS and not _data(doc.lines[line - 1], name):
                continue   # scores the code computes (Q @ K.T) are a step, not data it sets
            entries = tuple(tuple(Entry(str(x), x, 0, line=line) for x in r) for r in rows)
            block = Block(entries, line, fence.last, (f"{name} =",), "code", f"{name} = …")
            out.append(CodeGiven(line, step, name, block))
    return out


def _assigned_at(doc: Document, fence, name: str) -> int:
    """The line of the block's last statement that assigns ``name`` (the block's first line if
    none is written plainly)."""
    assign = re.compile(rf"^\s*(?:[A-Za-z_]\w*\s*=\s*)*{re.escape(name)}\s*(?::[^=]*)?=(?!=)")
    hits = [n for n in fence.body if assign.match(doc.lines[n - 1])]
    return hits[-1] if hits else fence.first


def _rows(value) -> tuple | None:
    """The value as rows of exact rational numbers (a vector is one row), or None."""
    arr = np.asarray(value.array, dtype=object)
    if arr.ndim == 1:
        arr = arr.reshape(1, -1)
    if arr.ndim != 2 or arr.size < 2 or arr.size > limits.CHECK_MAX_BLOCK_ENTRIES:
        return None
    rows = []
    for r in arr:
        row = []
        for x in r:
            x = x if isinstance(x, sp.Basic) else sp.Rational(x) if isinstance(x, int) else x   # pycode's values are SymPy numbers
            if not isinstance(x, sp.Basic):
                return None
            if not (x.is_Rational):
                return None
            row.append(x)
        rows.append(tuple(row))
    return tuple(rows)


#: the names data may be written with: ``np.array([[1.2, 3.8]], dtype=np.float32)``, ``-np.inf``
_DATA_NAMES = {"np", "numpy", "torch", "tf", "jnp", "array", "tensor", "Tensor", "asarray", "constant",
               "dtype", "float", "float32", "float64", "inf"}


def _data(text: str, name: str) -> bool:
    """Does ``text`` assign ``name`` literal data (numbers in an array), not a computation?"""
    m = re.search(rf"(?<![\w.]){re.escape(name)}\s*=(?!=)(.*)", text)
    if not m:
        return False
    rhs = m.group(1).split("#")[0]
    return set(re.findall(r"[A-Za-z_]\w*", rhs)) <= _DATA_NAMES

