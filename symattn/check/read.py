r"""Stage *read*: every block of printed numbers in an article, whatever its layout.

Input: the article's text.  Output: a list of :class:`Block`, in the order they appear,
each a vector or matrix of printed numbers with the line of every entry, its printed
precision, and the label candidates around it (same line first, then the lines before).

Layouts read: LaTeX matrix environments (``bmatrix``, ``pmatrix``, ``array``; row breaks
lost or doubled by a converter), bracket lists in any context (``[[1, 0], [0, 1]]``,
``np.array([...])``, ``tensor([[...]])``, numpy's comma-less printing, ``# I`` comments
between rows, ``\left[ 0.09 \; 0.24 \right]``), several bracket rows side by side on
the same lines, per-token vectors on consecutive lines (``I → [1.0, 0.0]``), Markdown and
ASCII tables, whitespace-aligned rows of numbers, and lists in a sentence (``0.24, 0.67 and
0.09``).  Nothing is executed.

>>> [b.shape for b in read_blocks(Document.of("Q =\n[[1, 0],\n [0, 1]]\n"))]
[(2, 2)]
>>> b = read_blocks(Document.of("Raw scores:\n\n| | I | am |\n|---|---|---|\n| I | 2 | 1 |\n| am | 1 | 3 |\n"))[0]
>>> b.shape, b.row_lines, b.labels[0]
((2, 2), (5, 6), 'Raw scores:')
"""

from __future__ import annotations

import ast
import re
import unicodedata
from dataclasses import dataclass, fields, replace
from functools import cached_property

import numpy as np
import sympy as sp

from . import pycode
from .. import limits
from . import guard, numerals
from .document import Document
from .names import SUM_WORDS, by_name, hint, token_named
from .numerals import NUMBER, Number
from .batched import comment_prefixed, max_depth, one_value_each, shape_of, slices
from .outputs import output_caption

__all__ = ["Entry", "Block", "read_blocks"]

_NUM_RE = re.compile(rf"(?<![\w.]){NUMBER}(?![\w.])")


@dataclass(frozen=True)
class Entry(Number):
    """A printed number where it stands: a :class:`~symattn.check.numerals.Number` with its place."""

    line: int = 0             # 1-based line of the entry
    pos: int = -1             # its offset in the Document's text (-1 when not known)

    @classmethod
    def at(cls, number: Number, line: int, pos: int = -1) -> "Entry":
        """``number`` read on ``line`` at offset ``pos``."""
        return cls(**{f.name: getattr(number, f.name) for f in fields(Number)}, line=line, pos=pos)


@dataclass(frozen=True)
class Block:
    rows: tuple[tuple[Entry, ...], ...]   # the printed entries, row by row
    line: int                             # first line of the block
    end: int                              # last line of the block
    labels: tuple[str, ...]               # label candidates, nearest first
    layout: str                           # latex, list, table, plain, tokens, records, prose
    source: str                           # the first line of the block, shortened
    row_labels: tuple[str, ...] = ()      # token names in front of the rows, if any
    operand: bool = False                 # followed by ×, @, ·: an operand of a product, not a result
    span: tuple[int, int] | None = None   # character offsets in the article
    before: str = ""                      # the text between the previous block on its line and this one
    index: tuple[int, ...] = ()           # a slice of a printed n-D array: its index on the leading axes
    stack: tuple[int, ...] = ()           # and that array's full shape (:mod:`.batched`)
    parts: tuple["Block", ...] = ()       # rows printed apart, one per token, read as one matrix (:func:`token_rows`)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    @property
    def row_lines(self) -> tuple[int, ...]:
        return tuple(r[0].line for r in self.rows)

    @property
    def texts(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(e.text for e in r) for r in self.rows)

    @property
    def constant(self) -> bool:
        """One number printed throughout ("1.0" in every row): it agrees by chance with any quantity
        near that number, so it can only be a quantity that is one number throughout (uniform weights)."""
        return len(self.rows) * len(self.rows[0]) > 1 and len({e.text for r in self.rows for e in r}) == 1

    def matrix(self) -> sp.ImmutableMatrix:
        """The printed entries as exact numbers (read once: binding tries a block many times)."""
        return self._matrix

    @cached_property
    def _matrix(self) -> sp.ImmutableMatrix:
        return sp.ImmutableMatrix([[e.value for e in r] for r in self.rows])

    @cached_property
    def floats(self):
        """The printed entries in float64, read-only (what binding screens candidates with)."""
        out = np.array([[float(e.value) for e in r] for r in self.rows], dtype=float)
        out.setflags(write=False)
        return out


# --------------------------------------------------------------------------- LaTeX matrices

_ENV = re.compile(r"\\begin\{(?P<env>[bpvBV]?matrix\*?|smallmatrix|array)\}(?:\{[^{}]*\})?(?:\[[^\]]*\])?"
                  r"(?P<body>.*?)\\end\{(?P=env)\}", re.S)


def _latex_cell(cell: str) -> str:
    c = re.sub(r"\\(?:,|;|:|!|quad|qquad|phantom\{[^{}]*\}|hphantom\{[^{}]*\})", " ", cell)
    c = re.sub(r"\\(?:color|textcolor)\{[^{}]*\}", "", c)
    c = re.sub(r"\\(?:mathbf|boldsymbol|textbf|mathrm|text|underline|bm)\s*\{([^{}]*)\}", r"\1", c)
    c = re.sub(r"\\(?:dots|cdots|ldots|vdots|ddots)", "…", c)
    return c.replace("{", "").replace("}", "").strip()


def _latex_blocks(text: str, lines: Document) -> list[tuple[int, int, list[list[tuple[str, int]]], str]]:
    out = []
    for m in _ENV.finditer(text):
        body, start = m.group("body"), m.start("body")
        if limits.too_many_cells(body):
            continue   # too large to read as one block; the equation's own check says so
        # a LaTeX comment (``% "The"`` after a row) runs to the end of its line: blanked, not removed,
        # so that every entry keeps its place in the article
        body = re.sub(r"(?<!\\)%[^\n]*", lambda c: " " * len(c.group(0)), body)
        breaks = [(b.start(), b.end()) for b in re.finditer(r"(?:\\\\\s*(?:(?:\[[^\]]*\])\s*)?)+|\\cr\b", body)]
        if not breaks and body.count("&") and re.search(r"\\(?=\s)", body):
            breaks = [(b.start(), b.end()) for b in re.finditer(r"\\(?=\s)", body)]  # "\\" lost as "\ "
        # (rules between rows, "\\ \hline", are no cells: blanked in place)
        body = _RULES.sub(lambda r: " " * len(r.group(0)), body)
        rows, pos = [], 0
        for b0, b1 in breaks + [(len(body), len(body))]:
            chunk = body[pos:b0]
            cells, cpos = [], 0
            for part in chunk.split("&"):
                cells.append((part, start + pos + cpos))
                cpos += len(part) + 1
            pos = b1
            if any(c.strip() for c, _ in cells):
                rows.append([(_latex_cell(c), p + len(c) - len(c.lstrip())) for c, p in cells])
        rows, names = _labelled(rows)
        out.append((m.start(), m.end(), rows, "latex", names) if names else (m.start(), m.end(), rows, "latex"))
    return out


#: a rule between the rows of a LaTeX array
_RULES = re.compile(r"\\(?:hline|hdashline|toprule|midrule|bottomrule|(?:c|cmid)line\{[^{}]*\})")


def _labelled(rows: list) -> tuple[list, tuple[str, ...]]:
    r"""A LaTeX matrix labelled as a table is: a header row of words over the columns (``& \text{spicy}
    & \text{cheap}``) and a word before each row (``\text{Alex} & 0.98 & 0.95``).  Returns the rows
    of numbers and the rows' words (none when the matrix has no such labels).  A row's word has two
    letters or more, or a letter of a script other than Latin: ``x_1 & 2`` is a symbol in a matrix."""
    def number(cell: str) -> bool:
        return numerals.read(cell) is not None or cell in ("…", "-\\infty", "\\infty")
    rows = [r for r in rows if r]
    if len(rows) >= 2 and not any(number(c) for c, _ in rows[0]) and any(c for c, _ in rows[0]) and \
            all(any(number(c) for c, _ in r) for r in rows[1:]):
        rows = rows[1:]   # the header: the columns' words
    if rows and all(len(r) >= 2 and not number(r[0][0]) and (re.search(r"[^\W\d_]{2,}", r[0][0]) or
                                                             re.search(r"[^\W\d_a-zA-Z]", r[0][0]))
                    and all(number(c) for c, _ in r[1:]) for r in rows):
        return [r[1:] for r in rows], tuple(r[0][0] for r in rows)
    return rows, ()


# --------------------------------------------------------------------------- bracket lists

_OPEN, _CLOSE = "[", "]"
_SEP = re.compile(r"(?:\s|,|;|\\[,;:!]|\\quad|\\qquad|\\\\|&|\\ )+")


class _TooLarge(Exception):
    """A printed list with more entries than one block may have: skipped whole, not read."""


#: an entry wrapped in Markdown emphasis (its opening marker; the same closes it)
_EMPHASIS = re.compile(r"(\*\*|__)(?=[-−+]?\d[\d.,]*(?:e[-+]?\d+)?\1)")


def _parse_list(text: str, i: int, depth: int = 0, prefixed: bool = False, leaves: list | None = None):
    """A nested list of numbers starting at ``text[i] == '['``: (end, tree) or None.

    A tree is a list of (entry text, position) leaves or of sub-trees.  Separators are
    commas, spaces, newlines, ``\\;``; a ``# comment`` runs to the end of its line, except the ``#``
    that starts each line of a print pasted into comments (``prefixed``).  Past
    ``CHECK_MAX_BLOCK_ENTRIES`` entries it raises :class:`_TooLarge` (``leaves`` counts them).
    """
    if depth > max_depth():
        return None
    leaves = [0] if leaves is None else leaves
    j, items = i + 1, []
    n = len(text)
    while j < n:
        m = _SEP.match(text, j)
        if m:
            j = m.end()
            continue
        if text[j] == "#" and prefixed and not text[text.rfind("\n", 0, j) + 1:j].strip():
            j += 1
            continue
        if text[j] == "#":
            k = text.find("\n", j)
            j = n if k < 0 else k
            continue
        if text.startswith("\\right]", j) or text[j] == _CLOSE:
            end = j + (7 if text[j] == "\\" else 1)
            return (end, items) if items else None
        if text.startswith("\\left[", j):
            j += 5
        if text[j] == _OPEN:
            sub = _parse_list(text, j, depth + 1, prefixed, leaves)
            if sub is None:
                return None
            j, tree = sub
            items.append(tree)
            continue
        if text[j] in "~≈" and _LEAF.match(text, j + 1):
            j += 1   # "[~0.92, ~0.07]": an approximate number is the number, at its printed places
            continue
        bold = _EMPHASIS.match(text, j)   # "[0.1, **1.5**, 0.1]": an entry in bold is the entry
        m = _LEAF.match(text, j + len(bold.group(1))) if bold else _LEAF.match(text, j)
        if not m or (items and isinstance(items[0], list)):
            return None
        items.append((m.group(0), m.start()))
        leaves[0] += 1
        if leaves[0] > limits.CHECK_MAX_BLOCK_ENTRIES:
            raise _TooLarge
        j = m.end() + (len(bold.group(1)) if bold else 0)
        if j < n and (text[j].isalnum() or text[j] in "_("):
            return None
    return None


def _closers(text: str) -> dict[int, int]:
    """For each ``[`` of the text, just after the ``]`` that closes it (the end of the text if none
    does): one pass with a stack, so that a run of brackets costs linear time, not quadratic."""
    close: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACKET.finditer(text):
        if m.group(0) == "[":
            stack.append(m.start())
        elif stack:
            close[stack.pop()] = m.end()
    close.update((i, len(text)) for i in stack)
    return close


_BRACKET = re.compile(r"[\[\]]")


def _first_pos(tree) -> int:
    while isinstance(tree, list):
        tree = tree[0]
    return tree[1]


_LEAF = re.compile(rf"{NUMBER}%?|[-−]?(?:inf|\\infty|∞|nan)(?!\w)|…|\.\.\.")


def _tree_rows(tree) -> list[list[tuple[str, int]]] | None:
    """Rows of a parsed list: a vector is one row, a matrix its rows; a batch of one is squeezed."""
    if all(isinstance(x, tuple) for x in tree):
        return [tree]
    if all(isinstance(x, list) for x in tree):
        if len(tree) == 1 and all(isinstance(x, list) for x in tree[0]):
            return _tree_rows(tree[0])
        if all(all(isinstance(y, tuple) for y in x) for x in tree):
            return list(tree)
    return None


#: a number right before a list is its coefficient (0.51[1, 2, 3]), not a name it indexes (x1[0])
_COEFFICIENT = re.compile(r"(?<![\w.])\d+(?:\.\d+)?$")


def _list_blocks(text: str, lines: Document, taken: list[tuple[int, int]]):
    out = []
    i = 0
    skip = iter(sorted(taken))
    nxt = next(skip, None)
    panels: list[tuple[int, int]] = []   # the spans of the side-by-side matrices already read
    closing = _closers(text)
    while True:
        i = text.find(_OPEN, i)
        if i < 0:
            break
        if any(a <= i < b for a, b in panels):
            i += 1
            continue
        while nxt is not None and nxt[1] <= i:
            nxt = next(skip, None)
        if nxt is not None and nxt[0] <= i < nxt[1]:
            i = nxt[1]
            continue
        try:
            got = _parse_list(text, i, 0, comment_prefixed(text, i)) if not (
                i and (text[i - 1].isalnum() or text[i - 1] in "_)]") and not _COEFFICIENT.search(text, 0, i)) else None
        except _TooLarge:
            i = closing[i]   # not read, nor any list inside it
            continue
        rows = _tree_rows(got[1]) if got is not None else None
        if "\n" in text[i:got[0] if got is not None else closing[i]]:
            panel = _panel(text, lines, i)
            if panel is not None:   # a matrix written beside others on the same lines
                out.append(panel[0])
                panels.extend(panel[1])
                i += 1
                continue
        if got is None:   # x[0], Q.shape[-1]: an index, not a list
            i += 1
            continue
        end, tree = got
        if rows:
            out.append((i, end, rows, "list"))
        elif slices(tree):
            # a stack of matrices (heads, a batch): one block each, from its own first row
            parts = slices(tree)
            for k, (index, sub) in enumerate(parts):
                first = _first_pos(sub)
                out.append((first, end if k == len(parts) - 1 else first + 1, sub, "list", (), i, None, None,
                            (index, shape_of(tree))))
        i = end
    return out


#: where a matrix written beside another ends on its line: a closed row, then a wide gap before more text
_PANEL_END = re.compile(r"\][ \t]*,?(?=[ \t]{2,}\S)")
_PANEL_OP = re.compile(r"^[ \t]*(×|x|\*|@|·|⋅|=|≈)(?=[ \t])")
_GAP = re.compile(r"[ \t]{3,}")
_PRODUCT = ("×", "x", "*", "@", "·", "⋅")


def _panel_end(window: str) -> int | None:
    """Where the matrix that starts a window ends on its line, when another one stands beside it:
    after a closed row and a wide gap, before a ``[``, a ``name =`` or an operator; a comment
    (``# "The"``) after the row ends it only when another matrix follows the comment."""
    for m in _PANEL_END.finditer(window):
        rest = window[m.end():].lstrip()
        if not rest.startswith(("#", "←", "<-", "//")):
            return m.end()
        if _GAP_THEN_MATRIX.search(rest):
            return m.end()
    return None


_GAP_THEN_MATRIX = re.compile(r"[ \t]{3,}(?:[A-Za-z_]\w*[ \t]*=[ \t]*)?\[")


def _panel(text: str, lines: Document, i: int):
    """A matrix written beside others over several lines, read in its own columns.

    ``Q = [[1, 0],    K = [[1, 0],`` / ``     [0, 1]]         [0, 1]]``: from the column of the
    ``[`` at ``i``, each line up to the wide gap after a closed row belongs to this matrix.
    Returns (item, spans of the lines read) or None when the columns do not hold one list
    over two or more lines.  The label is what stands before it on its first line after the
    gap (``K =``), else the caption above in the same column (``W_Q (4×2):``); an operator in
    the gap after it (``×``, ``=``) makes it an operand of a product written across."""
    first = lines.line_of(i)
    col = i - lines.starts[first - 1]
    raw = lines.lines
    if col and not raw[first - 1][col - 1].isspace() and raw[first - 1][col - 1] not in "=(":
        return None
    parts, spans, depth, cut, ops = [], [], 0, False, []
    for n in range(first, min(first + 64, len(raw) + 1)):
        line = raw[n - 1]
        if len(line) <= col or (n > first and line[:col].strip() == "" and not line[col:].strip()):
            return None
        if n > first and col and not line[col - 1].isspace():
            return None
        window = line[col:]
        end = _panel_end(window)
        if end is not None:
            cut, window = True, window[:end]
            op = _PANEL_OP.match(line[col + end:])
            ops.append(op.group(1) if op else "")
        parts.append((window, lines.starts[n - 1] + col))
        spans.append((lines.starts[n - 1] + col, lines.starts[n - 1] + col + len(window)))
        depth += window.count("[") - window.count("]")
        if depth <= 0:
            break
    # (text left of the column on the rows below: another matrix, not a comment's mark before each row)
    beside = any(re.sub(r"^\s*(?:#|//|>>>|\.\.\.|%)", "", raw[n - 1][:col]).strip()
                 for n in range(first + 1, first + len(parts)))
    if not (cut or beside) or len(parts) < 2 or depth != 0:
        return None
    virtual, offsets = "", []
    for window, orig in parts:
        offsets.append((len(virtual), orig))
        virtual += window + "\n"
    try:
        got = _parse_list(virtual, 0)
    except _TooLarge:
        return None
    rows = _tree_rows(got[1]) if got is not None else None
    if not rows or len(rows) < 2:
        return None

    def orig(pos: int) -> int:
        base, start = max((o for o in offsets if o[0] <= pos), key=lambda o: o[0])
        return start + pos - base

    rows = [[(cell, orig(pos)) for cell, pos in row] for row in rows]
    role = _panel_role(raw, first, col, next((o for o in ops if o), ""))
    return (i, spans[-1][1], rows, "list", (), None, None, None, None, role), spans


def _panel_role(raw: list[str], first: int, col: int, after: str) -> dict:
    """Label and role of a side-by-side matrix: what stands before it on its first line after the gap
    (``K =``), else the caption above it in the same column; an operand when an operator follows it,
    or when a product sign stands before it; the result of ``=`` otherwise."""
    head = raw[first - 1][:col]
    gaps = list(_GAP.finditer(head))
    label = _label_before(head, len(head), gaps[-1].end() if gaps else 0)
    if not label and first > 1:
        label = next((c.group(0).strip() for c in re.finditer(r"\S+(?:[ \t]{1,2}\S+)*", raw[first - 2])
                      if abs(c.start() - col) <= 3), "")
    before = _op_before(raw, first, col)
    operand = after in _PRODUCT if before in ("=", "≈") else bool(after) or bool(before)
    return {"labels": (label,) if label else (), "operand": operand, "before": before}


def _op_before(raw: list[str], first: int, col: int) -> str:
    """The operator written in the gap just left of a side-by-side matrix, on any of its lines."""
    for n in range(first, min(first + 64, len(raw) + 1)):
        m = re.search(r"[\])][ \t]*,?[ \t]+(×|x|\*|@|·|⋅|=|≈)[ \t]*$", raw[n - 1][:col])
        if m:
            return m.group(1)
        if n > first and raw[n - 1][col:col + 1].strip() == "" and "]" in raw[n - 2][col:]:
            break
    return ""


# --------------------------------------------------------------------------- tables and plain rows

def _cells(line: str) -> list[str]:
    s = line.strip().strip("|")
    return [_unmarked(c.strip().strip("*`$ ").strip()) for c in s.split("|")]


#: what points at a cell's number without being part of it: a pictograph or a check mark (``4.601 ⭐``,
#: ``1.000 ✓``), or an arrow and the words it points with (``0.45 ← highest``); a cross is left alone,
#: since it may say the number is a wrong one
_NEGATIVE_MARKS = "✗✘❌❎✖"


def _is_mark(ch: str) -> bool:
    return ch not in _NEGATIVE_MARKS and (unicodedata.category(ch) in ("So", "Mn", "Cf")
                                          or "\u2190" <= ch <= "\u21ff")


def _unmarked(cell: str) -> str:
    """A table cell without the marker after its number, when what remains is one number and the
    marker holds no digit; any other cell unchanged."""
    at = next((i for i, ch in enumerate(cell) if _is_mark(ch)), None)
    if not at or any(ch.isdigit() for ch in cell[at:]):
        return cell
    head = cell[:at].rstrip().rstrip("*").rstrip()
    return head if numerals.read(head) is not None else cell


def _tex_cells(line: str) -> list[str]:
    """The cells of one row of a LaTeX tabular (rules, the row break and $\\text{..}$ wrappers go)."""
    s = re.sub(r"\\(?:hline|toprule|midrule|bottomrule|cline\{[^{}]*\})", "", line)
    s = re.sub(r"\\\\\s*$", "", s).strip()
    if not s:
        return []
    return [re.sub(r"^\$?\\(?:text|mathbf|textbf)\{(.*)\}\$?$", r"\1", c.strip()).strip("$ ") for c in s.split("&")]


def _is_rule(line: str) -> bool:
    return bool(re.fullmatch(r"\s*(?:[|+]\s*)?:?[-=]{3,}:?\s*([|+]\s*:?[-=]{3,}:?\s*)*[|+]?\s*", line))


def _table_blocks(raw: list[str], starts: list[int]):
    out, i = [], 0
    while i < len(raw):
        if raw[i].strip().startswith(r"\begin{tabular}"):
            j = i + 1
            while j < len(raw) and not raw[j].strip().startswith(r"\end{tabular}"):
                j += 1
            rows = [(k, _tex_cells(raw[k])) for k in range(i + 1, j) if _tex_cells(raw[k])]
            if rows:
                out.extend(_numeric_grid(rows, starts, raw))
            i = j + 1
            continue
        if raw[i].count("|") >= 2 or (_is_rule(raw[i]) and "+" in raw[i]):
            j = i
            while j < len(raw) and (raw[j].count("|") >= 2 or _is_rule(raw[j])) and raw[j].strip():
                j += 1
            rows = [(k, _cells(raw[k])) for k in range(i, j) if not _is_rule(raw[k])]
            if len(rows) >= 1 and j - i >= 2:
                out.extend(_numeric_grid(rows, starts, raw))
            i = max(j, i + 1)
            continue
        i += 1
    return out


def _numeric_grid(rows, starts, raw):
    """The numeric part of a table: rows whose cells after an optional label are all numbers."""
    parsed = []
    for k, cells in rows:
        cells = [c for c in cells]
        label = ""
        if cells and numerals.read(cells[0]) is None:
            label, cells = cells[0], cells[1:]
        cells = [c for c in cells if c != ""]
        if cells and all(numerals.read(c) is not None for c in cells):
            col = 0
            items = []
            for c in cells:
                col = raw[k].find(c, col)
                items.append((c, starts[k] + max(col, 0)))
                col += len(c)
            parsed.append((k, label, items))
        else:
            parsed.append((k, None, None))
    groups, cur = [], []
    for k, label, items in parsed + [(None, None, None)]:
        if items is not None and (not cur or len(items) == len(cur[0][2])):
            cur.append((k, label, items))
            continue
        if cur:
            groups.append(cur)
        cur = [(k, label, items)] if items is not None else []
    out = []
    header = next(([c for c in cells] for _, cells in rows if not all(numerals.read(x) is not None
                                                                     for x in cells[1:] if x)), None)
    for g in groups:
        if _sum_column(g, header):
            # | .. | 0.261 | 1.000 |: the last column adds up each row, a check of the row, not an entry
            g = [(k, label, items[:-1]) for k, label, items in g]
        first = g[0][0]
        s, e = starts[first], starts[g[-1][0]] + len(raw[g[-1][0]])
        labels = tuple(lb or "" for _, lb, _ in g)
        cols = _column_headers(header, labels, len(g[0][2]))
        if cols:
            # | token | score | weight |: each column is its own quantity, one entry per row
            for j, name in enumerate(cols):
                cells = [items[j] for _, _, items in g]
                out.append((cells[0][1], cells[-1][1] + len(cells[-1][0]), [cells], "table", (), None, name))
            continue
        if _step_rows(labels):
            # | scores | 0.5 | 0.3 | … | then | softmax | 0.4 | …: each row its own quantity, a step of the one above
            for k, label, items in g:
                out.append((items[0][1], items[-1][1] + len(items[-1][0]), [items], "table", (), None, label))
            continue
        out.append((s, e, [items for _, _, items in g], "table", labels))
    return out


def _step_rows(labels) -> bool:
    """Do a table's row labels name different steps of the pipeline, two of them or more, and the
    rest nothing it computes (``通常のスコア``, ``マスク適用後``, ``Softmax適用``): rows of steps, not of tokens?"""
    steps = [hint((label,)) if label else None for label in labels]
    named = [s for s in steps if s is not None]
    return len(labels) >= 2 and len(named) >= 2 and len(set(named)) == len(named)


_SUM_HEADER = re.compile(r"(?:row\s*|行)?" + SUM_WORDS + r"\W{0,3}", re.I)


def _sum_column(group, header) -> bool:
    """Whether a table's last column holds each row's sum of the others: its header says so (``Row
    Sum``, ``合计``), or its numbers are the sums within the rounding of what is printed (at least two
    rows of at least two other numbers, none negative, not all zero, a sum above zero, and decimals or
    three other numbers: small integers add up by chance, ``[1, 0, 1]``)."""
    if len(group[0][2]) < 3:
        return False
    if header and _SUM_HEADER.fullmatch(header[-1].strip()):
        return True
    if len(group) < 2:
        return False
    for _, _, items in group:
        nums = [numerals.read(c) for c, _ in items]
        if any(n is None or n.places is None for n in nums) or not any(n.value for n in nums[:-1]):
            return False
        if len(nums) < 4 and not any(n.places for n in nums):
            return False
        if nums[-1].value <= 0 or any(n.value < 0 for n in nums):
            return False   # (by values alone, sums of weights or counts: [-1, 1, 0, 0] ends in no sum)
        slack = sum(sp.Rational(1, 2 * 10 ** n.places) for n in nums if n.places)   # (integers are exact)
        if abs(sum(n.value for n in nums[:-1]) - nums[-1].value) > slack:
            return False
    return True


def _column_headers(header, row_labels, ncols: int):
    """The header cells naming the numeric columns, when they name quantities (not the tokens
    the rows are labelled with, as in a token × token table of weights, nor the positions of one
    axis: ``k1 | k2 | k3``)."""
    if not header or ncols < 2:
        return None
    cells = [c.strip() for c in header if c is not None]
    cells = cells[-ncols:] if len(cells) >= ncols else []
    if len(cells) != ncols or any(not c or numerals.read(c) is not None for c in cells):
        return None
    norm = {re.sub(r"[\W_]+", "", c).lower() for c in cells}
    rows = {re.sub(r"[\W_]+", "", r).lower() for r in row_labels if r}
    if len(norm) != ncols or norm & rows:
        return None
    if len({re.sub(r"[\W_\d]+", "", c).lower() for c in cells}) == 1:
        return None   # key 1 | key 2 | key 3: one name counted along an axis, the columns of one matrix
    if _counted(row_labels):
        return None   # rows dim 1, dim 2: one axis counted down the rows, so the columns are the other one's
    heads, tokens = _indexed(cells), _indexed(row_labels)
    if heads and (heads == tokens or heads == rows):
        return None   # key_cat | key_sat with rows q_cat, q_sat: one name per token, a token × token matrix
    return cells


_INDEXED = re.compile(r"^\s*\$?([^\W\d_]+)(?:_\{?|\s+|\()([^\W_]+)[})]?\$?\s*$")


def _indexed(labels) -> frozenset | None:
    """The indices of labels that write one name indexed by tokens (``q_cat``, ``q_sat``; ``key (a)``),
    lowercased; None when they are not such labels."""
    found = [_INDEXED.match(r or "") for r in labels]
    if len(found) < 2 or not all(found) or len({m.group(1).lower() for m in found}) != 1:
        return None
    return frozenset(m.group(2).lower() for m in found)


_COUNTED = re.compile(r"^\s*([^\W\d_][^\W\d]*?)[\s_{]*(\d{1,3})\}?\s*$")


def _counted(labels) -> bool:
    """Are the labels one word counted on (``dim 1``, ``dim 2``; ``d_1``, ``d_2``)?"""
    found = [_COUNTED.match(r or "") for r in labels]
    if len(found) < 2 or not all(found):
        return False
    numbers = [int(m.group(2)) for m in found]
    return len({m.group(1).lower() for m in found}) == 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


#: what a row of numbers in plain text says after an arrow or a comment sign: ``0.45  0.55  0.00  ← love sees I``
_ROW_NOTE = re.compile(r"(?:(?:←|⟵|<--?|#|//)[^\n]*)")
# (blanks are taken possessively: a number never starts with one, so giving one back never helps,
# and a long run of them followed by a letter is given up in one step, not in n²)
_PLAIN_ROW = re.compile(rf"^\s*+(?:(?P<label>[^\W\d][\w'’]*|\"[^\"]+\"|'[^']+')(?:\s*+[:：│])?\s++)?"
                        rf"(?P<nums>(?:{NUMBER}(?:\s++|\s*+,\s*+|$)){{2,}})\s*+{_ROW_NOTE.pattern}?$")


#: one row of a matrix drawn with bars, as plain-text worksheets draw it: ``| 0.70711   -infinity |``;
#: a row's label may touch its bar, as the longest label of a column padded to one width does
#: (``will| -0.04  0.30 |`` under ``I   |  0.39  -0.04 |``)
_BAR_ROW = re.compile(rf"(?<![|\w])\|[ \t]*(?P<nums>(?:{NUMBER}|-?infinity)(?:[ \t]+(?:{NUMBER}|-?infinity))+)[ \t]*\|(?!\|)")


#: a row label that touches the bar after it, the first thing on its line: ``will|``
_GLUED_LABEL = re.compile(r"^(\s*[^\W\d][\w'’.]*)(?=\|)")


def _bar_blocks(raw: list[str], starts: list[int], taken_lines: set[int], doc):
    """Matrices drawn with bars in a plain-text fence, one row a line, the rows of one matrix under
    each other at the same column, several side by side (``WQ = | 1  0 |      WK = | 1  1 |``): each
    one a block, named by the words before its first row."""
    inside = {n for f in doc.fences if f.lang in ("", "text", "txt", "plaintext", "output", "none", "console")
              for n in f.body}
    open_: dict[int, list] = {}   # column -> [rows, last line, label, first offset]
    out = []

    def close(col):
        rows, _, label, first = open_.pop(col)
        end = rows[-1][-1][1] + len(rows[-1][-1][0])
        own = {"labels": (label,), "operand": False} if label else {}   # (else the lines above name it)
        out.append((first, end, rows, "bars", (), None, None, None, None, own))
    for i, line in enumerate(raw):
        n = i + 1
        glued = _GLUED_LABEL.match(line)
        # (read with the label's last letter as a blank, so the bar is a bar; offsets stay the line's)
        text = line[:glued.end(1) - 1] + " " + line[glued.end(1):] if glued else line
        found = list(_BAR_ROW.finditer(text)) if n in inside and n not in taken_lines and line.count("|") % 2 == 0 \
            and not re.match(r"^\s*\|[\s|:-]*\|\s*$", line) else []
        here = set()
        last_end = 0
        for m in found:
            cells = [(x.group(0).replace("infinity", "inf"), starts[i] + m.start("nums") + x.start())
                     for x in re.finditer(rf"{NUMBER}|-?infinity", m.group("nums"))]
            col = m.start()
            key = next((c for c in open_ if abs(c - col) <= 2 and open_[c][1] == n - 1
                        and len(open_[c][0][0]) == len(cells)), None)
            if key is None:
                key = col
                if key in open_:
                    close(key)
                label = line[last_end:m.start()].strip()
                open_[key] = [[], n, label, starts[i] + m.start()]
            open_[key][0].append(cells)
            open_[key][1] = n
            here.add(key)
            last_end = m.end()
        for col in [c for c in open_ if c not in here]:
            close(col)
    for col in list(open_):
        close(col)
    return out


def _tuple_cells(m: re.Match, start: int) -> list[tuple[str, int]]:
    """(number, offset in the article) of each entry of a tuple matched with its numbers as ``nums``
    on a line that starts at ``start``."""
    return [(x.group(0), start + m.start("nums") + x.start()) for x in _NUM_RE.finditer(m.group("nums"))]


#: a vector written as a tuple that ends its line: "h = (0.6698, 0.3302)", "run -> (1, 0)",
#: "  (0.1433, 0.2799, 0.1993)" under "Probabilities ="
_TUPLE_LINE = re.compile(rf"^(?P<head>\s*(?:[-*•]\s+)?(?:[^()\n]{{0,60}}?(?:=|->|→|:)\s*)?)"
                         rf"\((?P<nums>\s*{NUMBER}(?:\s*,\s*{NUMBER})+\s*)\)(?P<tail>\s*(?:\s{{2,}}.*|\(.*\))?)$")


SHAPE_WORD = re.compile(r"shape|size|dims?\b|dimension|形状|尺寸|大小|维度|次元|크기|차원", re.I)


def _tuple_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    """Vectors written as tuples, each the last thing on its line (after a name, an arrow or
    nothing): one row each; the reader stacks consecutive ones into a matrix (per-token lines)."""
    out = []
    for i, line in enumerate(raw):
        m = _TUPLE_LINE.match(line) if i + 1 not in taken_lines else None
        if m is None or re.search(r"[\w)\]]$", m.group("head")) or SHAPE_WORD.search(m.group("head")):
            continue   # softmax(1, 2), f(0.5, 0.3): a call's arguments; "shape: (4, 2)": a shape
        cells = _tuple_cells(m, starts[i])
        if len(cells) >= 2:
            out.append((starts[i] + m.start("nums") - 1, starts[i] + m.end("nums") + 1, [cells], "tuple"))
    return out


#: a Markdown table cell that is one tuple and nothing else: ``| (1, 0) |``, ``| $(0.5, 0.25)$ |``
_CELL_TUPLE = re.compile(rf"(?:(?<=\|)|^\|)[ \t]*(?:\$|\\\()?[ \t]*\((?P<nums>\s*{NUMBER}(?:\s*,\s*{NUMBER})+\s*)\)"
                         rf"[ \t]*(?:\$|\\\))?[ \t]*(?:(?=\|)|\|$)")


def _cell_tuple_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    """Vectors written as tuples in the cells of a Markdown table (``| bank | (1, 1) | (0, 1) |``):
    one row each; the reader stacks a column's cells into a matrix, named by its header, as it does
    for bracketed lists in cells."""
    out = []
    for i, line in enumerate(raw):
        if i + 1 in taken_lines or line.count("|") < 3 or not line.lstrip().startswith("|"):
            continue
        for m in _CELL_TUPLE.finditer(line):
            cells = _tuple_cells(m, starts[i])
            if len(cells) >= 2:
                out.append((starts[i] + m.start("nums") - 1, starts[i] + m.end("nums") + 1, [cells], "tuple"))
    return out


#: a tuple right after a relation, anywhere on a line (LaTeX spacing between its numbers):
#: ``$x=(1,\ 3,\ 2,\ 5)$``, ``\approx (0.0152, 0.1124)``
_SPACE = r"(?:\s|\\[ ,;:!]|\\quad)*"
#: a tuple of numbers in brackets, LaTeX spacing between them allowed
_TUPLE = rf"(?:\\left)?\((?P<nums>{_SPACE}{NUMBER}(?:{_SPACE},{_SPACE}{NUMBER})+{_SPACE})(?:\\right)?\)"
_RELATION_TUPLE = re.compile(rf"(?:=|≈|\\approx)\s*{_TUPLE}(?![\w(^_])")


#: a tuple that is an inline formula of its own: ``the scores become $(0{,}71,\; 0,\; 0{,}71)$``
_SPAN_TUPLE = re.compile(rf"(?<![$\\])\$\s*{_TUPLE}\s*\$(?!\$)")


def _span_tuples(line: str):
    """The tuples that are inline formulas of their own, of three numbers or more, or of two with a
    decimal among them (``$(0, 1)$`` is as often an interval); not those in a list of such tuples
    (``keys $(1, 0)$, $(0, 1)$, $(2, 0)$``: the rows of one matrix, which no single tuple is)."""
    found = list(_SPAN_TUPLE.finditer(line))
    joined = [bool(_LIST_GAP.fullmatch(line[a.end():b.start()])) for a, b in zip(found, found[1:])]
    for k, m in enumerate(found):
        listed = (k > 0 and joined[k - 1]) or (k < len(joined) and joined[k])
        nums = _NUM_RE.findall(m.group("nums"))
        if not listed and (len(nums) >= 3 or "." in m.group("nums")):
            yield m


#: what stands between two tuples of a list: a comma or a semicolon, perhaps a conjunction
_LIST_GAP = re.compile(r"\s*[,;、]?\s*(?:and|und|et|y|e|и|和|与|及|và|ve)?\s*")


def _relation_tuple_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    r"""Vectors written as tuples just after ``=`` or ``≈`` (``$x=(1,\ 3,\ 2,\ 5)$``), or as an inline
    formula of their own: one row each, where no other reader took the line.  (After a relation, or
    alone in its formula, a bracket of numbers is a value, not the arguments of a call, which follow a
    name.)"""
    out = []
    for i, line in enumerate(raw):
        if i + 1 in taken_lines:
            continue
        found = sorted([*_RELATION_TUPLE.finditer(line), *_span_tuples(line)], key=lambda m: m.start("nums"))
        for m in found:
            if SHAPE_WORD.search(line[max(0, m.start() - 24):m.start()]):
                continue   # "(shape=(3, 2))", "size = (4, 8)": a shape, not a vector
            cells = _tuple_cells(m, starts[i])
            if len(cells) >= 2:
                out.append((starts[i] + m.start("nums") - 1, starts[i] + m.end("nums") + 1, [cells], "tuple"))
    return out


def _plain_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    """Whitespace-aligned rows of numbers on consecutive lines (an optional token label first)."""
    out, i = [], 0
    while i < len(raw):
        m = _PLAIN_ROW.match(raw[i]) if i + 1 not in taken_lines else None
        if not m:
            i += 1
            continue
        group = []
        j = i
        while j < len(raw) and j + 1 not in taken_lines:
            mm = _PLAIN_ROW.match(raw[j])
            if not mm:
                break
            nums = [(x.group(0), starts[j] + mm.start("nums") + x.start())
                    for x in _NUM_RE.finditer(mm.group("nums"))]
            if group and len(nums) != len(group[0][1]):
                break
            group.append((mm.group("label") or "", nums))
            j += 1
        if len(group) >= 2 or (group and group[0][0] == "" and len(group[0][1]) >= 3 and _is_list_line(raw[i])):
            out.append((starts[i], starts[j - 1] + len(raw[j - 1]), [g[1] for g in group], "plain",
                        tuple(g[0] for g in group)))
        i = max(j, i + 1)
    return out


_QUOTED = re.compile(r"[\"'“”‘’「」『』][^\"'“”‘’「」『』]{1,24}[\"'“”‘’「」『』]")
_WORDY = re.compile(r"[^\W\d_]{2,}")


# (?<!\s) starts a match only at the first blank of a run: linear time on long runs of blanks
_TRAILING_NOTE = re.compile(r"(?<!\s)\s+[(（][^()（）\[\]=]*[)）]\s*$")
_LAST_NUMBER = re.compile(r"[-−]?\d+(?:[.,]\d+)?")


def _named_number(line: str) -> bool:
    """One "=" before the record's last number and nothing after it: "(pos 1): score = 0.78"."""
    if line.count("=") != 1:
        return False
    left, right = line.split("=")
    return bool(_LAST_NUMBER.fullmatch(right.strip())) and left.rstrip()[-1:].isalpha()


def _record_shape(line: str):
    """(template, numbers, token) of one record line: ``Ali | Puan: 0.5800`` or
    ``- Weight for `v1` ("The"): `0.39```; the numbers are (text, offset) and the template is
    the line with its numbers, its quoted token and its first word taken out."""
    # (a comment in brackets at the end of a record is no part of its template: "(18 percent
    # attention)" on one line, "(35 percent)" on the next; a number in it restates the record's own)
    line = _TRAILING_NOTE.sub("", line)
    nums = [(m.group(0), m.start()) for m in _NUM_RE.finditer(line)]
    if not nums or "[" in line or "|" in line and line.count("|") >= 2 or \
            "=" in line and not _named_number(line):
        return None   # (an equation is no record; "score = 0.42" at its end is a named value)
    chunks, last = [], 0
    for text, pos in nums:
        chunks.append(line[last:pos])
        last = pos + len(text)
    chunks.append(line[last:])
    quoted = _QUOTED.search(line)
    token = quoted.group(0).strip("\"'“”‘’「」『』") if quoted else ""
    # (an approximate sign is no word around a number: "~0.36 (36%)" and "~0.01 (<1%)" are one template)
    norm = [re.sub(r"(?<=[^\W\d_])\d+\b", "#", re.sub(r"[~≈<>≤≥]", "", _QUOTED.sub("", c))) for c in chunks]
    if not token:
        first = re.match(r"^\s*(?:[-*•]\s*)?(\S+)", norm[0])
        if not first or not _WORDY.search(first.group(1)):
            return None
        token = first.group(1).strip(":：")
        norm[0] = norm[0][first.end():]
    return tuple(" ".join(c.split()) for c in norm), nums, token


#: one line of three or more entries each named by a word: ``Pizza: 150.0    Salad: 2.0    Pasta: 3.0``
_PAIR = rf"[^\W\d_][\w'’-]{{0,20}}[ \t]*[:=][ \t]*{NUMBER}"
_PAIR_LINE = re.compile(rf"^[ \t]*(?:[-*•][ \t]+)?{_PAIR}(?:[ \t]*[,;]?[ \t]+{_PAIR}){{2,}}[ \t]*[,;.]?[ \t]*$")


def _pair_line_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    """A line of three or more entries that each follow their own word (``Pizza: 150.0  Salad: 2.0
    Pasta: 3.0``, the scores a softmax under it takes): one row, its words the entries' names (so,
    as a record's, no name of the row); the caption above names it."""
    out = []
    for i, line in enumerate(raw):
        if i + 1 in taken_lines or not _PAIR_LINE.match(line):
            continue
        cells = [(m.group(1), starts[i] + m.start(1)) for m in re.finditer(rf"[:=][ \t]*({NUMBER})", line)]
        out.append((cells[0][1], cells[-1][1] + len(cells[-1][0]), [cells], "records"))
    return out


def _record_blocks(raw: list[str], starts: list[int], taken_lines: set[int]):
    """Records on consecutive lines, one per token, the same words around their numbers
    (``Ali | Puan: 0.5800`` / ``kredi | Puan: 1.2400``): each number slot whose words name it
    (``Puan:``, ``Softmax:``) is a vector over the tokens, one entry per line."""
    out, i = [], 0
    while i < len(raw):
        first = _record_shape(raw[i]) if i + 1 not in taken_lines else None
        if first is None:
            i += 1
            continue
        group = [first]
        j = i + 1
        while j < len(raw) and j + 1 not in taken_lines:
            nxt = _record_shape(raw[j])
            if nxt is None or nxt[0] != first[0]:
                break
            group.append(nxt)
            j += 1
        if len(group) >= 2 and len({g[2] for g in group}) == len(group):
            template = first[0]
            heads = _header_words(raw[i - 1]) if i > 0 and i not in taken_lines else []
            for k in range(len(first[1])):
                label = template[k].strip(" |→-:：(（")
                if template[k].rstrip().endswith(("(", "（")):
                    continue   # a percentage in brackets: the number before it again
                if not _WORDY.search(label):
                    # no words beside it: the header word over its column names it (``Logit``)
                    col = len(raw[i][:first[1][k][1]].expandtabs(4))
                    label = _over(heads, col) if len(heads) >= 2 else ""
                    if not label:
                        continue   # a number no words name (an index)
                    template = template[:k] + (label,) + template[k + 1:]
                row = [(g[1][k][0], starts[i + n] + g[1][k][1]) for n, g in enumerate(group)]
                named = sum(1 for c in template[:-1] if _WORDY.search(c)) > 1
                out.append((row[0][1], row[-1][1] + len(row[-1][0]), [row], "records", (), None,
                            template[k].strip(" |→-") or label, named))
        i = max(j, i + 1)
    return out


def _header_words(line: str) -> list[tuple[str, int]]:
    """The words of a table's header line, with their columns: a line of a few words spaced out
    over the columns (no digits, no sentence: no punctuation but arrows and slashes)."""
    line = line.expandtabs(4)   # (a tab stands for the spaces up to its stop: the columns are the same)
    if re.search(r"\d", line) or "|" in line or re.search(r"[,.;:!?\"“”'‘’，。：；！？]", line) or \
            not re.search(r"\S\s{2,}\S", line.strip()):
        return []
    return [(m.group(0), m.start()) for m in re.finditer(r"[^\W\d_][\w'’]*", line)]


def _over(heads: list[tuple[str, int]], col: int) -> str:
    """The header word whose column a number starts under: the last one starting at or before the
    number's column (give or take two), if the number starts before the next word."""
    before = [(w, c) for w, c in heads if c <= col + 2]
    return before[-1][0] if before and before[-1] != heads[0] else ""


#: a list of numbers written in a sentence: ``0.24, 0.67 and 0.09``, ``(0.24, 0.67, 0.09)``, ``0.24、0.67、0.09``
_AND = r"(?:,?\s+(?:and|und|et|y|e|и)\s+|\s*[和与及]\s*)"
_PROSE_LIST = re.compile(rf"(?<![\w^_.\\/=+\-−\[{{])\(?(?P<run>{NUMBER}%?(?:(?:\s*[,，、;；]\s*|{_AND}){NUMBER}%?)+)\)?"
                         r"(?![\w^_(\[{\]}])")


def _prose_blocks(raw: list[str], starts: list[int], taken_lines: set[int], doc: Document):
    """A list of numbers in a sentence (outside code, math and brackets, which the other readers
    read), as a row of one block: at least
    two numbers, one of them with decimals (``1, 2 and 3`` in prose counts things), the whole run
    between words or brackets.  The binder ties it by its values alone, or leaves it."""
    out = []
    for i, line in enumerate(raw):
        if i + 1 in taken_lines or doc.fence_at(i + 1) is not None or re.search(r"[$\[\]]|\\\(", line):
            continue
        for m in _PROSE_LIST.finditer(line):
            items = [(t.group(0), starts[i] + m.start("run") + t.start())
                     for t in re.finditer(rf"{NUMBER}%?", m.group("run"))]
            entries = [numerals.read(t) for t, _ in items]
            if len(items) >= 2 and all(entries) and any(e.places for e in entries) and \
                    len({e.percent for e in entries}) == 1:   # ("key 0 y 10.6%": an index, then a share)
                out.append((items[0][1], items[-1][1] + len(items[-1][0]), [items], "prose"))
    return out


def _is_list_line(line: str) -> bool:
    return not re.search(r"[A-Za-z\u4e00-\u9fff]", line)


# --------------------------------------------------------------------------- labels

_CLAUSE_END = re.compile(r"(?:[.!?](?=\s)|[。！？；;])")
_OPERATOR = re.compile(r"^[ \t]*(?:\\right[\])]?)?[ \t]*(?:_\{[^{}]*\}|\^\{?[^{}\s]*\}?|\$)*[ \t]*"
                       r"(?:\\times|×|@|\*|\\cdot|·|⋅|x(?=[ \t])|\\otimes|\\odot|⊙|\+|[-−/](?=[ \t])|\\div)")


_TRANSPOSED = re.compile(r"^[ \t]*(?:\\right[\])]?)?[ \t]*(?:\^\s*(?:\{\s*)?(?:T|\\top|\\intercal)\s*\}?|ᵀ|\.T\b)")


#: the wrapper of a printed array, which names nothing: tensor(, np.array(, jnp.asarray(, Matrix(
PRINT_WRAPPER = re.compile(r"\s*(?:(?:np|numpy|torch|tf|jnp)\.)?(?:tensor|array|asarray|constant|Matrix)\(\s*")


def _label_before(text: str, start: int, line_start: int) -> str:
    """The last clause before the block on its line (a caption, ``Q =``, ``scores = np.array(``)."""
    before = text[line_start:start]
    before = re.sub(r"\\left\s*$|\$+\s*$", "", before.rstrip()).rstrip()
    if before.endswith(")") and re.search(r"[\\{}]", before):
        return ""   # "\text{softmax}(\frac{..}{\sqrt{3}})\begin{bmatrix}": a factor of a product, unnamed
    parts = _CLAUSE_END.split(before)
    label = parts[-1].strip()[-120:] if parts else ""
    # "Weight: 0.15 × Value: [...]": the words after the last number and operator name the block
    # (a number, not a subscript: "w_2 \\times x =" is a formula whose head names it)
    tail = re.split(r"(?:(?<![\w^_{.])\d+(?:[.,]\d+)?|\))\s*(?:×|\*|\\times|\\cdot)\s*", label)[-1]
    return tail if tail != label and re.search(r"[^\W\d_]", tail) else label


def _last_clause(line: str) -> str:
    """The line's last clause; a clause ends at a full stop or a semicolon outside brackets (a note in
    brackets, ``(row = the query; column = the key)``, is part of the clause it stands in)."""
    depth, cuts = 0, [0]
    for m in re.finditer(r"[(（\[]|[)）\]]|" + _CLAUSE_END.pattern, line):
        ch = m.group()
        if ch in "(（[":
            depth += 1
        elif ch in ")）]":
            depth = max(depth - 1, 0)
        elif depth == 0:
            cuts.append(m.end())
    # every cut but the first stands right after its one-character clause end
    parts = [line[a:b - 1] for a, b in zip(cuts, cuts[1:])] + [line[cuts[-1]:]]
    parts = [p for p in parts if p.strip()]
    return parts[-1].strip()[-160:] if parts else ""


_OPEN_RELATION = re.compile(r"(?:=|≈|\\approx)\s*(?:\$\$?|\\\])?\s*$")
_RELATION = re.compile(r"=|≈|\\approx")


def _prev_lines(raw: list[str], line: int, busy: set[int], n: int = 2) -> list[str]:
    """The nearest lines above ``line`` that may name it: not blank, not a fence, not data."""
    out, k = [], line - 2
    while k >= 0 and len(out) < n and line - 2 - k < 4:
        s = raw[k].strip()
        if k + 1 in busy or _is_rule(s) or s.count("|") >= 2:
            if not out and k + 1 in busy and _OPEN_RELATION.search(s):
                # a line of maths that ends in = or ≈ goes on in the block after it: the block is
                # its right-hand side, named by the head of its chain (S = [3/1.7 ..] ≈ then [[1.76 ..]])
                out.append(_RELATION.split(re.sub(r"^(?:\$\$?|\\\[)\s*", "", s), maxsplit=1)[0].strip() + " =")
            if out or k + 1 in busy:
                break
        elif s and not s.startswith(("```", "~~~")) and s not in ("$$", "\\[", "\\]"):
            out.append(_last_clause(s))
        k -= 1
    return out


def read_blocks(doc: Document) -> list[Block]:
    """Every block of printed numbers, in order of appearance (see the module docstring)."""
    text, lines, raw = doc.text, doc, list(doc.lines)
    found = _latex_blocks(text, lines)
    latex_spans = [(s, e) for s, e, *_ in found]
    found += _list_blocks(text, lines, latex_spans)
    found += _eye_blocks(text)
    found += [b for b in _call_blocks(text) if not _overlaps(b[0], b[1], [(x[0], x[1]) for x in found])]
    spans = [(s, e) for s, e, *_ in found]
    tables = [t for t in _table_blocks(raw, lines.starts) if not _overlaps(t[0], t[1], spans)]
    found += tables
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _bar_blocks(raw, lines.starts, taken, doc)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _tuple_blocks(raw, lines.starts, taken)
    found += _cell_tuple_blocks(raw, lines.starts, taken)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _relation_tuple_blocks(raw, lines.starts, taken)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _plain_blocks(raw, lines.starts, taken)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _record_blocks(raw, lines.starts, taken)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _pair_line_blocks(raw, lines.starts, taken)
    taken = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    found += _prose_blocks(raw, lines.starts, taken, doc)
    busy = {n for s, e, *_ in found for n in range(lines.line_of(s), lines.line_of(max(s, e - 1)) + 1)}
    blocks = []
    found.sort(key=lambda t: t[0])
    for k, item in enumerate(found):
        s, e, rows, layout = item[:4]
        guard.at(lines.line_of(s))
        row_labels = item[4] if len(item) > 4 else ()
        prev_end = found[k - 1][1] if k else 0
        nxt = found[k + 1][0] if k + 1 < len(found) else len(text)
        block = _make_block(text, raw, lines, s, e, rows, layout, row_labels, busy, prev_end, nxt)
        if block is not None and len(item) > 6 and item[6]:
            # a column's header names it; columns interleave, so no operator or chain is read
            # (when each of several numbers on a line has its own words, the caption above is
            # none of theirs)
            above = () if len(item) > 7 and item[7] else tuple(_prev_lines(raw, block.line, set()))
            block = replace(block, labels=(item[6],) + above, operand=False, before="")
        if block is not None and len(item) > 5 and item[5] is not None:
            # one slice of a printed stack of matrices: named by what stands before the stack
            head = _make_block(text, raw, lines, item[5], e, rows, layout, row_labels, busy,
                               0 if k == 0 else min(prev_end, item[5]), nxt)
            block = replace(block, labels=head.labels) if head is not None else block
        if block is not None and len(item) > 8 and item[8]:
            block = replace(block, index=item[8][0], stack=item[8][1])
        if block is not None and len(item) > 9:
            block = replace(block, **item[9])   # a side-by-side matrix: its own label and role
        if block is not None:
            blocks.append(block)
    return _print_names(_stack_rows(_chains(blocks, text, lines), raw, lines.starts), doc)


_JOIN = re.compile(r"^(?:\s|\$|\\[,;:!]|\\quad|_\{[^{}]*\}|\^\{?[^{}\s]*\}?|\\right[\])]|\\left[\[(])*"
                   r"(?:\\times|×|@|\*|\\cdot|·|⋅|\\otimes|\\odot|⊙|[-−+/]|\\div|(?<=\s)\.(?=\s))?"
                   r"(?:\s|\$|\\[,;:!]|\\quad|\\left[\[(])*$")
_EQ = re.compile(r"^(?:\s|\$|_\{[^{}]*\}|\^\{?[^{}\s]*\}?|\\right[\])]|&)*(?:=|≈|\\approx)(?:\s|\$|&|\\left[\[(])*$")


def _chains(blocks: list[Block], text: str, lines: Document) -> list[Block]:
    """Blocks written as one chain: ``K = [X] [W] = [R]`` or ``[Q] × [Kᵀ] = [S]``.

    Juxtaposed or multiplied blocks are operands; the block after ``=`` is the chain's
    result and takes the label of the chain's head."""
    out = list(blocks)
    for k in range(1, len(out)):
        a, b = out[k - 1], out[k]
        between = _text_between(text, lines, a, b)
        if between is None:
            continue
        if _JOIN.match(between):
            out[k - 1] = _with(a, operand=True)
            out[k] = _with(b, operand=True, labels=a.labels if not b.labels or b.line == a.end else b.labels)
        elif _EQ.match(between):
            head = k - 1
            while head > 0 and out[head].operand and _text_between(text, lines, out[head - 1], out[head]) is not None \
                    and _JOIN.match(_text_between(text, lines, out[head - 1], out[head]) or "x"):
                head -= 1
            if head == k - 1 and (a.operand or (a.labels and re.search(r"(?:×|\*|\\times|\\cdot|·)\s*$",
                                                                          a.labels[0]))):
                # "x × [..] + y × [..]\n = [..]": walk back over the operands on the lines above
                while head > 0 and out[head - 1].operand and out[head].line - out[head - 1].end <= 1:
                    head -= 1
                labels = out[head].labels[1:] if out[head].line < b.line else out[head].labels
            else:
                labels = out[head].labels
            out[k] = _with(b, labels=labels, operand=False)
            if not a.operand and head == k - 1:
                continue
            out[k - 1] = _with(a, operand=True)
    return out


#: what closes and opens a fence or a display between two arrays: ```, ```python, $$, \[, \]
_FENCES = re.compile(r"```[\w+-]*|\$\$|\\\[|\\\]|(?:\b(?:np|numpy|torch|tf)\.)?\b(?:tensor|array)\(|\)"
                     r"|^[ \t]*\|[\s|:-]*\|[ \t]*$", re.M)   # (and a table's rule or empty header row)
_BARE_RELATION = re.compile(r"\s*(?:\\times|×|@|\\cdot|·|⋅|=|≈|\\approx)\s*")


def fenced_relation(between: str) -> str | None:
    """What stands between two arrays printed in fences or displays of their own, once the fences,
    the displays' delimiters and LaTeX spacing are gone (``\\times``, ``=``, an arrow), or None when
    no fence or display stands between them."""
    if not re.search(r"```|\$\$|\\\[|\\\]|^[ \t]*\|", between, re.M):
        return None
    bare = _FENCES.sub("", between)
    return re.sub(r"\\(?:q?quad|right|left|big|Big)\b", " ", bare)


def _text_between(text, lines, a: Block, b: Block):
    if a.span is None or b.span is None:
        return None
    if b.span[0] >= a.span[1] and b.line - a.end <= 10:
        # arrays in fences of their own with only the operator between them (``` $$\times$$ ```)
        bare = fenced_relation(text[a.span[1]:b.span[0]])
        if bare is not None and _BARE_RELATION.fullmatch(bare):
            return f" {bare.strip()} "
    if b.line - a.end > 3:
        return None
    if b.span[0] < a.span[1]:
        return None   # interleaved (the columns of one table): not a chain
    between = text[a.span[1]:b.span[0]]
    if "\n" in between and not (a.layout == b.layout == "latex") and not re.fullmatch(r"\s*(?:[-=_]{3,}\s*)?(?:=|≈)\s*", between):
        return None   # outside LaTeX, a chain stays on one line (or goes on with "=" at a line's start)
    return between


def _with(block: Block, **kw) -> Block:
    return replace(block, **kw)


_EYE = re.compile(r"\b(?:np|numpy|torch|jnp|tf)\.(?:eye|identity)\(\s*(\d{1,2})\s*\)")


_CALL_TUPLE = re.compile(r"(?:softmax|\\text\{softmax\}|\\operatorname\{softmax\}|\\mathrm\{softmax\})\s*"
                         r"(?:\\left)?\(\s*(?P<args>" + NUMBER + r"(?:\s*,\s*" + NUMBER + r"){1,63})\s*(?:\\right)?\)")


def _call_blocks(text: str):
    """``softmax(0.5, 0.7, 0.5)``: a vector written as the arguments of a call."""
    out = []
    for m in _CALL_TUPLE.finditer(text):
        start = m.start("args")
        cells, pos = [], start
        for part in m.group("args").split(","):
            lead = len(part) - len(part.lstrip())
            cells.append((part.strip(), pos + lead))
            pos += len(part) + 1
        out.append((start, m.end("args"), [cells], "list"))
    return out


def _eye_blocks(text: str):
    """``np.eye(3)``: an identity matrix written as code (never executed: read by pattern)."""
    out = []
    for m in _EYE.finditer(text):
        n = int(m.group(1))
        if 1 <= n <= 16:
            rows = [[("1" if i == j else "0", m.start()) for j in range(n)] for i in range(n)]
            out.append((m.start(), m.end(), rows, "list"))
    return out


def _overlaps(s, e, spans) -> bool:
    return any(s < e2 and s2 < e for s2, e2 in spans)


def _make_block(text, raw, lines, s, e, rows, layout, row_labels, busy, prev_end, nxt) -> Block | None:
    out = []
    for row in rows:
        entries = []
        for cell, pos in row:
            if cell in ("…", "...", "") or cell.lower() == "nan":
                return None
            ent = numerals.read(cell)
            if ent is None:
                return None
            entries.append(Entry.at(ent, lines.line_of(pos), pos))
        if entries:
            out.append(tuple(entries))
    if not out or len({len(r) for r in out}) != 1 \
            or sum(len(r) for r in out) > limits.CHECK_MAX_BLOCK_ENTRIES:
        return None
    line, end = lines.line_of(s), lines.line_of(max(s, e - 1))
    labels = []
    same = _label_before(text, s, max(lines.starts[line - 1], prev_end))
    after_text = text[e:min(nxt, e + 40)]
    operand = bool(_OPERATOR.match(after_text)) or bool(re.search(r"(?:×|\*|·|⋅|@|\\times|\\cdot|\+)\s*$", same)) \
        or bool(_TRANSPOSED.match(after_text))   # [K]^T: the printed block is what gets transposed
    if prev_end > lines.starts[line - 1] and _OPERATOR.match(" " + re.sub(r"^(?:_\{[^{}]*\}|\^\{?\w*\}?|\$|\s)*", "", same)):
        operand, same = True, ""   # [Q] × [Kᵀ]: the second operand is not named by the ×
    if same and not (prev_end > lines.starts[line - 1] and re.fullmatch(r"[\s=≈$]*|\\approx", same)) \
            and not PRINT_WRAPPER.fullmatch(same):
        labels.append(same)   # (a print's bare wrapper, ``tensor(``, names nothing: the lines above do)
    if layout == "table":   # the caption stands above the header row
        top = line
        while top > 1 and (raw[top - 2].count("|") >= 2 or _is_rule(raw[top - 2])):
            top -= 1
        labels.extend(_prev_lines(raw, top, busy - set(range(top, end + 1))))
    else:
        above = _prev_lines(raw, line, busy - set(range(line, end + 1)))
        if layout in ("list", "tuple", "prose") and len(re.findall(r"[^\W\d_]{2,}", labels[0] if labels else "")) >= 3:
            # a list inside a sentence is named by its sentence: a heading above the paragraph
            # ("## √d_k kyun?") names the section, not each number in its prose
            above = [t for t in above if not t.lstrip().startswith("#")]
        labels.extend(above)
    after = text[e:lines.starts[end] - 1 if end < len(lines.starts) else len(text)].strip()
    if after.startswith("#"):
        labels.append(after)    # a code comment after the value names it too
    src = " ".join(raw[line - 1].split())
    before = text[prev_end:s] if prev_end > lines.starts[line - 1] else ""
    return Block(tuple(out), line, end, tuple(labels), layout, src[:160], tuple(row_labels), operand, (s, e),
                 before)


def _stack_rows(blocks: list[Block], raw: list[str], starts: list[int]) -> list[Block]:
    """One-row blocks on consecutive lines become matrices: per-token vectors
    (``I → [1, 0]``) stack into one, and matrices side by side (``A x B = C``, of any
    heights) stack by the column where each row starts."""
    out, i = [], 0
    while i < len(blocks):
        b = blocks[i]
        if not _one_row(b, raw, starts):
            out.append(b)
            i += 1
            continue
        j = i
        while j < len(blocks) and _one_row(blocks[j], raw, starts) and blocks[j].line - blocks[i].line <= j - i + 64 \
                and (j == i or blocks[j].line - blocks[j - 1].line <= 1):
            j += 1
        run = blocks[i:j]
        stacks = _columns(run, starts, raw)
        if not any(len(st) >= 2 for st in stacks):
            out.extend(run[:1])
            i += 1
            continue
        stacks = [part for st in stacks for part in (_split_at_names(st) if _names_differ(st) else [st])]
        # ("Q = [..]  K = [..]" on each line: one example a line, not the rows of two matrices; unless a
        # token names each line, '"Si" → Q=[1,0,0]  K=[0,1,0]')
        if not any(_one_token_each(st, raw, starts) for st in stacks) and \
                any(_one_name_each(st, raw, starts) for st in stacks):
            # (and what stands beside them on those lines is each line's own: "logits = [..] → softmax
            # ≈ [..]" twice is two examples, not a 2-row softmax)
            stacks = [[p] for st in stacks for p in st]
        made = []
        for st in stacks:   # (q1, k1, v1 on consecutive lines are three quantities, not one matrix)
            if len(st) == 1:
                made.append(st[0])
                continue
            labels = tuple(_row_label(p) or _cell_label(p, raw, starts) for p in st)
            head = list(st[0].labels[1:]) if st[0].labels else []
            mid = [lb for p in st for lb in p.labels[:1]
                   if _is_name_label(lb) and not _TOKEN_ARROW.match(lb.lstrip("-*• "))]
            if labels[0] and not any(labels[1:]):
                # "α = [ 1 0 0 ]" over rows with nothing before them: the matrix's name, not a token's
                mid, labels = [st[0].labels[0]] + mid, ()
            named = [token_named(p.labels[0]) if p.labels else None for p in st]
            if all(named) and len({t[0] for t in named}) == 1:
                # "k_Hello = [..]", "k_World = [..]": the keys, a row per token
                mid, labels = [st[0].labels[0]] + mid, tuple(t[1] for t in named)
            tokens = {w for t in labels if t for w in re.findall(r"\w+", t.lower())}
            # (a header over the columns that lists the tokens, perhaps after the axis' name, "key: <sos>
            # আমরা বন্ধু", names no matrix: the caption above it does)
            head = [h for h in head if not (tokens and _lists_tokens(h, tokens))]
            column = _table_header(raw, starts, st[0])
            if column:
                mid = [column] + mid   # a list in a table cell: its column's header names it
            made.append(Block(tuple(p.rows[0] for p in st), st[0].line, st[-1].line,
                              tuple(dict.fromkeys(mid + head)),
                              "tokens" if any(labels) else st[0].layout, st[0].source,
                              labels if any(labels) else (), False, (st[0].span[0], st[-1].span[1]),
                              st[0].before))
        if len(made) > 1:
            _column_names(made, stacks, raw, starts)
            _side_by_side(made, stacks, starts)
        if len(made) > 1 and any(made[k].line <= made[k - 1].end for k in range(1, len(made))):
            # side by side: read left to right, as the chain is written (one under the other: down)
            order = sorted(range(len(made)), key=lambda k: min(p.span[0] - starts[p.line - 1] for p in stacks[k]))
            out.extend(made[k] for k in order)
        else:
            out.extend(made)
        i = j
    return out


_ROW_NAME = re.compile(r"([A-Za-z][\w^{}]*)\s*[`$*]*\s*(?:=|:|→|≈|\\approx)\s*$")


def _split_at_names(stack: list[Block]) -> list[list[Block]]:
    """Rows named as different quantities start a matrix each; a row with no name of its own
    continues the one above (``Q = [1, 0]`` then ``    [0, 1]``, then ``K = [..]``)."""
    parts: list[list[Block]] = []
    family = None   # the quantity of the part so far, when its rows are named by their tokens
    for b in stack:
        token = token_named(b.labels[0]) if b.labels else None
        if token is not None:   # ("Key for "Hello":" then "Key for "World":": two rows of the keys)
            if not parts or token[0] != family:
                parts.append([b])
            else:
                parts[-1].append(b)
            family = token[0]
            continue
        named = bool(b.labels and _ROW_NAME.search(b.labels[0].strip("-*•` "))) or bool(_step_named(b))
        if named or not parts:
            parts.append([b])
            family = None
        else:
            parts[-1].append(b)
    return parts


def _one_name_each(stack: list[Block], raw: list[str], starts: list[int]) -> bool:
    """Rows that each carry the same quantity's name (``Q``, ``Q``): examples, one a line."""
    labels = {_row_label(p) or _cell_label(p, raw, starts) for p in stack}
    name = labels.pop() if len(stack) >= 2 and len(labels) == 1 else ""
    return bool(name) and by_name(name) is not None


def _one_token_each(stack: list[Block], raw: list[str], starts: list[int]) -> bool:
    """Rows whose lines each start with words of their own before the row (the tokens,
    ``"Si" → Q=``, ``"llueve" → Q=``): the rows of a matrix."""
    heads = [re.split(r"[\[(\d]", raw[p.line - 1], maxsplit=1)[0].strip() for p in stack]   # (up to its first row)
    return len(stack) >= 2 and all(heads) and len(set(heads)) == len(heads)


def _names_differ(stack: list[Block]) -> bool:
    """Rows on consecutive lines that are named as different quantities (``q1 =``, ``k1 =``)."""
    named = set()
    for b in stack:
        token = token_named(b.labels[0]) if b.labels else None
        if token is not None:
            named.add(token[0])   # ('Query for "Hello":', 'Key for "Hello":': queries and keys)
            continue
        m = _ROW_NAME.search(b.labels[0].strip("-*•` ")) if b.labels else None
        # (a name the lexicon lacks is a quantity of its own, by its stem: P and dP differ, q1 and q2 not)
        assigned = m is not None and re.search(r"(?:=|≈|\\approx)\s*$", m.group(0))   # (not a token's "cat:")
        # (the caption's words first: "Before softmax:" names the scores, whatever its last word names)
        family = _step_named(b) or (by_name(m.group(1)) if m else None) or \
            (re.sub(r"_?\{?\d+\}?$", "", m.group(1)) if assigned else None)
        if family:
            named.add(family)
        elif b.labels and re.search(r"[:=：]\s*$", b.labels[0]) and re.match(r"\s*\d{1,2}[.)]\s", b.source):
            # an item of a numbered procedure under a caption that names no step ("2. Scale: [..]"
            # before "3. Softmax: [..]"): a step of its own, not a row of the one named on another line
            named.add(None)
    return len(named - {None}) >= 2 or None in named and len(named) >= 2


def _step_named(b: Block) -> str | None:
    """The step a row's own short caption names in words (``Raw scores:``, ``After exp():``,
    ``After softmax:``), or None: rows captioned as different steps are different prints."""
    from .names import hint
    lb = b.labels[0].strip("-*•` ") if b.labels else ""
    if not lb or len(lb) > 40 or not re.search(r"[:=：]\s*$", lb):
        return None
    return hint([lb])


def _table_header(raw: list[str], starts: list[int], block: Block) -> str:
    """The header cell above a value written in a table cell (``| 私 | \\([1, 0]\\) | ...``)."""
    line = raw[block.line - 1]
    if line.count("|") < 2:
        return ""
    col = line[:block.span[0] - starts[block.line - 1]].count("|")
    top = block.line - 1
    while top > 0 and raw[top - 1].count("|") >= 2:
        top -= 1
    header = raw[top].split("|") if top < block.line - 1 else []
    if raw[top].lstrip().startswith("|") != line.lstrip().startswith("|"):
        return ""
    cell = header[col].strip() if col < len(header) else ""
    return cell if cell and not _is_rule(cell) and numerals.read(cell) is None else ""


def _one_row(b: Block, raw: list[str], starts: list[int]) -> bool:
    if b.shape[0] != 1 or b.line != b.end or b.layout not in ("list", "latex", "tuple"):
        return False
    line = raw[b.line - 1]
    cell = _block_cell(b, raw, starts)
    if b.layout == "tuple":   # a tuple stacks only as a table's cell, (1, 0) alone in it, in a row named
        # by a token or nothing ("| softmax sem máscara | (0,533; …) |": a row per method, not a matrix)
        return cell is not None and bool(_CELL_TUPLE.fullmatch("|" + line.split("|")[cell] + "|")) and \
            len(re.findall(r"[^\W\d_]+", _cell_label(b, raw, starts))) <= 2
    if cell is not None:   # a vector in a table cell: the other cells are its row's label, notes, numbers
        return _stackable(line.split("|")[cell])
    return _stackable(line)


#: a row of a Markdown table: its cells are what stands side by side, whatever their widths
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")


def _block_cell(b: Block, raw: list[str], starts: list[int]) -> int | None:
    """The cell of a Markdown table row that a block starts in (None: no table row, or no place)."""
    line = raw[b.line - 1]
    return line[:b.span[0] - starts[b.line - 1]].count("|") if b.span and _TABLE_ROW.match(line) else None


def _cell_label(b: Block, raw: list[str], starts: list[int]) -> str:
    """The row's name in front of a vector in a table cell: the nearest cell to its left that holds
    something (``| 2 | bought | [0.8, 1.0] |``: bought; ``| 0 | [0.0, 1.0] |``: the position 0)."""
    line = raw[b.line - 1]
    cell = _block_cell(b, raw, starts)
    if not cell:
        return ""
    left = [c.strip().strip("*`$ ") for c in line.split("|")[1:cell]
            if not _CELL_TUPLE.fullmatch("|" + c + "|")]   # (a vector of another column is no name)
    return next((c for c in reversed(left) if c), "")


def _columns(run: list[Block], starts: list[int], lines: list[str]) -> list[list[Block]]:
    """Cluster one-row blocks by the column where they start, in lines that follow each other."""
    stacks: list[list[Block]] = []
    def where(b: Block):   # a table's cell, else the column of the line
        cell = _block_cell(b, lines, starts)
        return ("cell", cell) if cell is not None else ("col", b.span[0] - starts[b.line - 1])

    for blk in run:
        kind, col = where(blk)
        home = None
        for st in stacks:
            last = st[-1]
            lkind, lcol = where(last)
            # rows named by their tokens (``I → [..]``, ``love → [..]``) start where their names end
            # (after one axis word for all of them: "query <sos>:", "query আমরা:"; "Logits:" and "Scaled
            # logits:" are two quantities)
            named = bool(_row_label(last) and _row_label(blk)) and _row_label(last, True) == _row_label(blk, True)
            same = lcol == col if kind == lkind == "cell" else kind == lkind and (abs(lcol - col) <= 2 or named)
            if last.line == blk.line - 1 and same and last.shape[1] == blk.shape[1]:
                home = st
                break
        if home is None:
            stacks.append([blk])
        else:
            home.append(blk)
    return stacks


def _column_names(made: list[Block], stacks, raw: list[str], starts: list[int]) -> None:
    """Matrices side by side under a line of names, one over each (``Q      K      V``): each takes
    the name whose middle stands over its columns, in place of the whole line."""
    top = stacks[0][0].line
    if top < 2 or any(st[0].line != top for st in stacks):
        return
    header = raw[top - 2]
    names = [(m.group(0), (m.start() + m.end()) / 2) for m in re.finditer(r"\S+(?: \S+)?", header)]
    spans = [(st[0].span[0] - starts[top - 1], st[0].span[1] - starts[top - 1]) for st in stacks]
    if len(names) != len(made) or numerals.read(header.strip().split()[0]) is not None:
        return
    over = [next((n for n, mid in names if lo - 1 <= mid <= hi + 1), None) for lo, hi in spans]
    if None in over or len(set(over)) != len(over):
        return
    whole = header.strip()
    for k, name in enumerate(over):
        rest = tuple(lb for lb in made[k].labels if lb.strip() != whole)
        made[k] = replace(made[k], labels=(name,) + rest)


_OP_SEP = re.compile(r"^\s*(?:x|×|\*|@|·|⋅|\\times|\\cdot)\s*$")


def _side_by_side(made: list[Block], stacks, starts: list[int]) -> None:
    """Roles of matrices written side by side (``A x B = C``): operands, then the result,
    which takes the caption above the stack."""
    cols = sorted(range(len(made)), key=lambda k: min(p.span[0] - starts[p.line - 1] for p in stacks[k]))
    caption = next((made[k].labels for k in cols if made[k].labels), ())
    for pos in range(1, len(cols)):
        k, prev = cols[pos], cols[pos - 1]
        seps = [p.before for p in stacks[k]]
        sep = next((x for x in seps if x.strip()), "")
        made[k] = replace(made[k], before=sep)   # the operator between the columns, for the local stage
        if any(_OP_SEP.match(sep) for sep in seps):
            made[prev] = replace(made[prev], operand=True)
            made[k] = replace(made[k], operand=True)
        if any(re.search(r"=|≈", sep) and not _ROW_NAME.search(sep.strip()) for sep in seps):
            # (``W_K =`` in the gap names the next matrix: no equation between the columns)
            made[k] = replace(made[k], operand=False, labels=tuple(caption))
            for q in cols[:pos]:
                made[q] = replace(made[q], operand=True)


_TOKEN_ARROW = re.compile(r"^\s*(?P<axis>[^\W\d]{1,12}\s+)?[\"'“”‘’]?([^\s\"'“”‘’:=→\-]{1,16})[\"'“”‘’]?\s*(?:→|->|:|=>|：|=)\s*$")
#: (a word before the token, "query <sos>:", "token cat:", names the axis the rows run along)


def _lists_tokens(line: str, tokens: set) -> bool:
    """Is the line the tokens again (all of its words, or all but a first one that names the axis)?"""
    words = re.findall(r"\w+", line.lower())
    rest = words[1:] if words and words[0] not in tokens else words
    return len(rest) >= 2 and set(rest) <= tokens


def _row_label(block: Block, axis: bool = False) -> str:
    """The token in front of a stacked row (``I → [1, 0]``, ``query <sos>: [..]``), if any; ``axis``:
    the word before it instead (``query``), '' where there is none."""
    if not block.labels:
        return ""
    m = _TOKEN_ARROW.match(re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", block.labels[0].split("]")[-1]))   # a list item's mark
    return "" if m is None else (m.group("axis") or "").strip().lower() if axis else m.group(2)


def _is_name_label(label: str) -> bool:
    return bool(re.search(r"=|:|：|→", label))


def _stackable(line_text: str) -> bool:
    """A line of one-row blocks is a matrix row when little else is on it: a token label, an
    operator between side-by-side rows, a trailing comment (``# I``, ``← "The" …``)."""
    if re.match(r"^\s*(?:[+=≈*×-]|\\times|\\cdot)\s*\[", line_text):
        return False   # "+ [..]" or "= [..]": a vertical sum, each row its own vector
    line_text = re.sub(r"\][ \t]{4,}[^\[\]]*$", "]", line_text)   # a side note far right of the row
    stripped = re.sub(r"\[[^\[\]]*\]", " ", line_text)
    stripped = re.sub(r"(?:#|//|←|<-|%).*$", "", stripped)
    if re.search(r"(?<![\w.])\d", re.sub(r"^[^\[]*?(?:=|:|→|->)", "", stripped)) or \
            re.search(r"\d(?:\.\d+)?\s*(?:\*|×|\\times|\\cdot|·)", stripped):
        return False   # an equation with numbers outside the brackets, not a row of a matrix
    words = re.findall(r"[^\W\d_]{2,}", stripped)
    return len(words) <= 3 and not re.search(r"[.!?。！？]\s*$", stripped.strip())


# --------------------------------------------------------------------------- notebook outputs

def _printed_args(code: str) -> list[list[str]] | None:
    """The arguments of each ``print(...)`` of a code cell, in order (string constants left
    out); None when the prints cannot be matched to output records one by one (a print in a
    loop or a function, or code that does not parse).  Parsed with ``ast``, never executed."""
    try:
        tree = pycode.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            out.append(node)
    top = [st.value for st in tree.body if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call)]
    if any(all(node is not t for t in top) for node in out):
        return None   # a print inside a loop or a function prints an unknown number of times
    return [[ast.get_source_segment(code, a) or "" for a in node.args
             if not (isinstance(a, ast.Constant) and isinstance(a.value, str)) and not isinstance(a, ast.JoinedStr)]
            for node in out]


def _records(raw: list[str], first: int, last: int) -> list[tuple[int, int]]:
    """An output cell split into what each print wrote: a record ends where its brackets close."""
    out, depth, start = [], 0, None
    for n in range(first, last + 1):
        line = raw[n - 1]
        if not line.strip() and depth == 0:
            continue
        if depth == 0:
            start = n
        depth += line.count("[") + line.count("(") - line.count("]") - line.count(")")
        depth = max(depth, 0)
        if depth == 0:
            out.append((start, n))
    if depth and start is not None:
        out.append((start, last))
    return out


def _print_names(blocks: list[Block], doc: Document) -> list[Block]:
    """A notebook's output cell printed by ``print(a)``, ``print(b, c)``: each printed value is
    named by its own argument, not by the code lines that happen to stand above it."""
    raw = doc.lines
    cells = [(f.first + 1, f.last - 1) for f in doc.fences if f.closed]
    out = list(blocks)
    for (a0, a1), (b0, b1) in zip(cells, cells[1:]):
        if not output_caption(raw[a1 + 1:b0 - 2]):
            continue   # prose between them: not a code cell and its output
        args = _printed_args("\n".join(raw[a0 - 1:a1]))
        if not args:
            continue
        recs = _records(raw, b0, b1)
        if len(recs) != len(args):
            continue
        for (r0, r1), names in zip(recs, args):
            idx = [k for k, b in enumerate(out) if r0 <= b.line <= r1 and b.end <= r1]
            values = one_value_each(sorted(idx, key=lambda k: out[k].span or (0, 0)), out)  # a stack's slices: one
            if len(values) != len(names) and not (values and names and len(values) < len(names)):
                continue
            for ks, name in zip(values, names):
                for k in ks:
                    out[k] = replace(out[k], labels=(f"print({name})",))
    return out


#: the name of a vector written for one token or position: ``x_{\text{Кот}} =``, ``q_1 =``, ``$K_{cat} = ``
_TOKEN_ROW = re.compile(r"^[\s$`*>-]*(?:\w{1,8}\[\"|<[a-z]+\s*/?>)*([A-Za-z]{1,8})_\{?(?:\\(?:text|mathrm)\{)?([^\s{}=$\\]{1,16})\}?\}?\s*(?:=|:|≈|\\approx)")


def token_rows(blocks: list[Block]) -> list[Block]:
    """The matrices that vectors printed one per token make (``K_{Кот} = (0.78, 0.54, 0.35)``, then
    ``K_{сидит} = (0.27, 0.90, 0.51)``): for each letter, its one-row prints named by different
    subscripts, as wide as each other, in the order printed, two at least.  Each is a block whose
    ``parts`` are those prints and whose line is the last of them (it exists once all are printed);
    it says nothing of its own (its rows are judged where they are printed): the value binder takes
    it as a premise and as an operand of the steps after it."""
    groups: dict[tuple[str, int], list[tuple[str, Block]]] = {}
    for b in sorted(blocks, key=lambda b: (b.line, b.span or (0, 0))):
        if b.shape[0] != 1 or b.shape[1] < 2 or b.parts or not b.labels:
            continue
        m = _TOKEN_ROW.match(b.labels[0])
        if m is None:
            continue
        groups.setdefault((m.group(1), b.shape[1]), []).append((m.group(2), b))
    out = []
    for (letter, _), members in groups.items():
        subs = [sub for sub, _ in members]
        if len(members) < 2 or len(set(subs)) != len(subs) or not all(re.fullmatch(r"[^\W_]+", t) for t in subs):
            continue   # (the same name twice: an example restated, not another row; A_{1,:}: a slice)
        if all(t.isdigit() for t in subs):
            first = int(subs[0])
            if first not in (0, 1) or [int(t) for t in subs] != list(range(first, first + len(subs))):
                continue   # (numbered rows make a matrix only as rows 1, 2, 3 … or 0, 1, 2 …, none left out)
        rows = [b for _, b in members]
        last = rows[-1]
        out.append(Block(tuple(b.rows[0] for b in rows), last.line, last.end, (f"{letter} =",), "tokens",
                         f"{letter}: rows on lines {', '.join(str(b.line) for b in rows)}", tuple(subs),
                         False, last.span, "", parts=tuple(rows)))
    return out
