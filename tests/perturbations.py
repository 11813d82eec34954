r"""Perturbed copies of the real-article corpus (issue 24, "Perturbations of the corpus").

Each copy of an article comes with its line map (original line -> new lines), so the oracle's line
verdicts carry over.  Seven kinds, generated deterministically from the article's text:

* ``bmatrix``, ``numpy``, ``torch``, ``table``, ``list``: every printed matrix re-laid as a LaTeX
  bmatrix display, a numpy print ``[[a b]\n [c d]]`` in a code block, a torch print
  ``tensor([[a, b],\n        [c, d]])`` in a code block, a Markdown table, a plain one-line nested
  list ``[[a, b], [c, d]]``.  Every cell keeps its printed text (``-inf`` is spelled as the layout
  spells it); the text before a matrix (its label or caption) stays before it.
* ``neutral``: numbers and layout untouched, lines kept one to one; replaced are the headings
  (``Step 3``), the captions (number-free prose without ``=`` among the two non-blank lines above a
  block, and bold-only lines: ``The next matrix:``/``table:``/``block:``), the names matrices are given
  (``X =``, ``\mathbf{W}_Q =``, the head of ``V = X W_V = [..]``, code assignment targets, a one-name
  print label ``Q =``) wherever they appear (math, code, inline code, ``_`` names in prose: ``M1``..),
  label phrases (``\text{Scaled Scores}``, a print label ``Dot product scores:`` and the same words in
  the print's string: ``L1``..), quoted tokens (``"cat"``, a table's row labels, ``\text{Time}``:
  ``t1``..), number-free comments and ``%`` row labels (``r1``..) and table header words (``c1``..).
  Formulas are kept, renamed: nearly every formula of the corpus says what a printed matrix is
  computed from (``Q = XW^Q``, ``softmax(QK^T/\sqrt{d_k})V``, ``S = Q @ K.T / np.sqrt(d_k)``), and
  without it the example is undefined; function names (softmax, exp, max, ...) stay.  Text holding a
  number is never replaced; prose far from a block and unquoted record labels (``The:  [1.05 ...]``)
  stay as they are.
* ``translated``: prose, headings, table headers, comments, a print's label and ``\text{}`` labels
  (not functions, not subscripts) translated word by word into Polish, a language neither the
  corpus nor (by a grep) the checker uses, by a small dictionary of caption words per source
  language; numbers, code, math, links and quoted tokens untouched, lines kept one to one.  Words the
  dictionary lacks stay, so a copy is partly translated (``words translated`` counts the rest).

The matrix detector is this module's own (it never imports symattn's reader):

* LaTeX ``bmatrix``/``pmatrix``/``vmatrix``/``Bmatrix``/``matrix``/``array`` environments inside
  ``$$..$$``, ``\[..\]``, ``$..$`` or ``\(..\)``, rows split at ``\\`` (or at a lone ``\`` ending
  a line), cells at ``&``, ``% comment`` kept as the row's label;
* bracketed 2-D lists in code blocks, inline code and prose lines: numpy prints ``[[a b]`` (cells
  split by blanks), ``array([[...]])``, ``tensor([[...]])``, ``np.array``/``torch.tensor`` literals and
  plain nested lists, also inside ``#`` comments (continuation lines start with ``#``); a ``# comment``
  after a row is the row's label;
* Markdown tables whose body cells are all numbers, but for a first column of row labels; or whose
  one non-label column holds bracketed vectors of one length.

Every cell must be a number or an infinity; a block whose cells are not (``\vdots``, ``3/1.7``),
a 3-D or ragged array, a table with empty or text cells, and a matrix that cannot leave its container
because the text around it is not balanced (``\exp\left( [..] \right)``, ``tf.Tensor([..], ...)``,
``{"Q":[[1,0]]}``) is left as it is, and counted.  Escaped ``\[\[`` in prose and vectors (1-D)
are not matrices here: they sit inside sentences and equations.

``python tests/perturbations.py ARTICLE KIND`` prints a copy; ``--map`` its line map too.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# -- numbers --------------------------------------------------------------------------------------

NUM = r"[-+\u2212]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
INF = r"[-+\u2212]?(?:inf|\\infty|\u221e)"
_CELL = re.compile(rf"^(?:{NUM}|{INF})$")
_IS_INF = re.compile(rf"^{INF}$")
#: a printed number (a decimal comma or a thousands comma makes two): not part of a name (x_1, W2, t1)
_NUMBER = re.compile(r"(?<![\w.\\])(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)(?![A-Za-z_])")
_SUBSCRIPT = re.compile(r"_(?:\{[^{}]*\}|\w+)")


def numbers(text: str) -> Counter:
    """The printed numbers of a text, with their counts (the digits of names and subscripts excluded)."""
    text = re.sub(r"(?<=\d)[xX\u00d7](?=\d)", " x ", _SUBSCRIPT.sub(" ", text))      # shapes: 4x3
    return Counter(m.group(0) for m in _NUMBER.finditer(text))


def is_cell(s: str) -> bool:
    return bool(_CELL.match(s))


def spell(cell: str, layout: str) -> str:
    """A cell as the layout prints it: numbers keep their text, infinities take the layout's word."""
    if not _IS_INF.match(cell):
        return cell
    sign = "-" if cell[0] in "-\u2212" else ""
    return sign + {"bmatrix": "\\infty", "table": "\u221e"}.get(layout, "inf")


# -- regions of a document ------------------------------------------------------------------------

@dataclass
class Region:
    """A container: a code fence, a math span, an inline code span, a table or a prose line."""
    kind: str            # fence | display | inline | code | table | prose
    start: int           # of the opener
    end: int             # after the closer
    cstart: int          # content
    cend: int
    indent: str = ""


_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})(.*)$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_SPANS = re.compile(r"(?P<code>(?<!`)(?P<tick>`+)(?!`)[^\n]+?(?<!`)(?P=tick)(?!`))"
                    r"|(?P<dd>\$\$.+?\$\$)"
                    r"|(?P<br>\\\[(?:(?!\n[ \t]*\n).)+?\\\])"
                    r"|(?P<pa>\\\([^\n]+?\\\))"
                    r"|(?P<d>(?<![\\$])\$(?!\$)[^$\n]+?(?<![\\$])\$(?!\$))", re.S)


class Doc:
    """An article: its lines, their offsets, its regions (fences, tables, math, inline code)."""

    def __init__(self, text: str):
        self.text = text
        self.lines = text.split("\n")
        self.starts = [0]
        for ln in self.lines[:-1]:
            self.starts.append(self.starts[-1] + len(ln) + 1)
        self.regions: list[Region] = []
        self._scan()

    def line_of(self, offset: int) -> int:
        """1-based line of a character offset."""
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if self.starts[mid] <= offset else (lo, mid - 1)
        return lo + 1

    def line_span(self, n: int) -> tuple[int, int]:
        """Offsets of 1-based line n, without its newline."""
        return self.starts[n - 1], self.starts[n - 1] + len(self.lines[n - 1])

    def indent_of(self, offset: int) -> str:
        return re.match(r"[ \t]*", self.lines[self.line_of(offset) - 1]).group(0)

    def region_at(self, offset: int, kinds=None) -> Region | None:
        for r in self.regions:
            if r.start <= offset < r.end and (kinds is None or r.kind in kinds):
                return r
        return None

    def _scan(self) -> None:
        lines, n, free, run = self.lines, 0, [], 0
        while n < len(lines):
            m = _FENCE.match(lines[n])
            if m:
                tick = m.group(2)
                end = next((k for k in range(n + 1, len(lines))
                            if lines[k].strip().startswith(tick) and set(lines[k].strip()) == {tick[0]}),
                           len(lines))
                cstart = self.starts[n + 1] if n + 1 < len(lines) else len(self.text)
                cend = self.starts[end] if end < len(lines) else len(self.text)
                stop = self.line_span(end + 1)[1] if end < len(lines) else len(self.text)
                self.regions.append(Region("fence", self.starts[n], stop, cstart, cend, m.group(1)))
                free.append((run, n))
                n = run = end + 1
            elif "|" in lines[n] and n + 1 < len(lines) and "|" in lines[n + 1] and _TABLE_SEP.match(lines[n + 1]):
                end = n + 2
                while end < len(lines) and "|" in lines[end] and lines[end].strip():
                    end += 1
                s, e = self.starts[n], self.line_span(end)[1]
                self.regions.append(Region("table", s, e, s, e))
                free.append((run, n))
                n = run = end
            else:
                n += 1
        free.append((run, len(lines)))
        for a, b in free:
            if a >= b:
                continue
            for m in _SPANS.finditer(self.text[:self.line_span(b)[1]], self.starts[a]):
                kind, op = next((k, o) for k, o in (("code", m.group("tick")), ("dd", "$$"), ("br", "\\["),
                                                    ("pa", "\\("), ("d", "$")) if m.group(k))
                cl = {"\\[": "\\]", "\\(": "\\)"}.get(op, op)
                self.regions.append(Region({"dd": "display", "br": "display"}.get(kind, "inline" if kind != "code"
                                                                                   else "code"),
                                           m.start(), m.end(), m.start() + len(op), m.end() - len(cl),
                                           self.indent_of(m.start())))
        self.regions.sort(key=lambda r: r.start)

    def prose_region(self, start: int, end: int) -> Region:
        """The prose lines a matrix found outside every region sits on."""
        s, e = self.line_span(self.line_of(start))[0], self.line_span(self.line_of(end))[1]
        return Region("prose", s, e, s, e, self.indent_of(start))


# -- the matrix detector --------------------------------------------------------------------------

@dataclass
class Matrix:
    start: int                    # the span a re-laid copy replaces
    end: int
    rows: list                    # rows of cell texts
    row_lines: list               # per row: the set of original lines its cells are on
    labels: list                  # per row: its label (a comment, a table's row label) or None
    region: Region
    source: str                   # bmatrix | numpy | array | torch | tf | list | table
    cols: list | None = None      # a table's column headers
    corner: str = ""              # a table's header over its row labels
    caption: str = ""             # a table's headers, for a layout that has none
    comment: str = ""             # the comment marker when the matrix sits in a code comment
    problem: str | None = None    # why it is left as it is


_ENV = re.compile(r"\\begin\{(bmatrix|pmatrix|vmatrix|Vmatrix|Bmatrix|matrix|array)\}(\{[^{}]*\})?")


def _latex_matrices(doc: Doc, r: Region) -> list[Matrix]:
    out, text = [], doc.text
    for m in _ENV.finditer(text, r.cstart, r.cend):
        close = text.find("\\end{%s}" % m.group(1), m.end(), r.cend)
        if close < 0:
            continue
        body_start, end = m.end(), close + len("\\end{%s}" % m.group(1))
        rows, lines, labels, cur, cell, i = [], [], [], [], [], body_start
        label_for: dict[int, str] = {}

        def flush_cell():
            s = "".join(ch for ch, _ in cell).strip()
            offs = [o for ch, o in cell if not ch.isspace()]
            cur.append((s, offs[0] if offs else None))
            cell.clear()

        def flush_row():
            flush_cell()
            if any(s for s, _ in cur):
                rows.append([s for s, _ in cur])
                lines.append({doc.line_of(o) for _, o in cur if o is not None})
                labels.append(None)
            cur.clear()

        while i < close:
            ch = text[i]
            if ch == "%" and text[i - 1] != "\\":
                eol = text.find("\n", i, close)
                eol = close if eol < 0 else eol
                if any(s.strip() for s, _ in cell) or cur:
                    label_for[len(rows)] = text[i + 1:eol].strip()
                elif rows:
                    label_for[len(rows) - 1] = text[i + 1:eol].strip()
                i = eol
            elif text.startswith("\\\\", i):
                flush_row()
                i += 2
            elif ch == "\\" and re.match(r"\\[ \t]*\n", text[i:close + 1]):   # a lone \ ending a line
                flush_row()
                i += 1
            elif ch == "&":
                flush_cell()
                i += 1
            else:
                cell.append((ch, i))
                i += 1
        flush_row()
        for k, lab in label_for.items():
            if k < len(labels):
                labels[k] = lab
        if not rows or not any(is_cell(c) for row in rows for c in row):
            continue                                    # an annotation (\leftarrow \text{Time}), no matrix
        mx = Matrix(m.start(), end, rows, lines, labels, r, "bmatrix")
        if "\\begin{" in text[body_start:close]:
            mx.problem = "nested environment"
        elif not all(is_cell(c) for row in rows for c in row):
            mx.problem = "cells that are not numbers"
        elif len({len(row) for row in rows}) > 1:
            mx.problem = "ragged rows"
        out.append(mx)
    return out


_WRAP_BEFORE = re.compile(r"((?:np\.|numpy\.|torch\.|tf\.)?(?:array|tensor|Tensor|constant)\(\s*)$")
_WRAP_AFTER = re.compile(r"(?:[ \t]*#[^\n]*)?(?:\s*,\s*\w+\s*=\s*(?:<[^<>\n]*>|\([^()\n]*\)|[\w.'\"-]+))*\s*\)")


def _matching(text: str, i: int, stop: int) -> int:
    """Offset after the bracket that closes text[i] == '[' (or -1)."""
    depth = 0
    for k in range(i, stop):
        depth += {"[": 1, "]": -1}.get(text[k], 0)
        if depth == 0:
            return k + 1
    return -1


def _bracket_matrix(doc: Doc, i: int, stop: int, region: Region) -> tuple[int, Matrix | None]:
    """The 2-D list that opens at text[i] == '[' (or None), and where scanning goes on."""
    text = doc.text
    end = _matching(text, i, stop)
    if end < 0:
        return i + 1, None
    line_start = doc.starts[doc.line_of(i) - 1]
    head = text[line_start:i]
    comment = "#" if "#" in head and region.kind in ("fence", "code") else ""
    body = text[i + 1:end - 1]
    if not re.match(r"\s*(#[^\n]*\n\s*)?\[", body.replace("\n#", "\n ") if comment else body):
        return i + 1, None
    depth, deepest = 0, 0
    for ch in text[i:end]:
        depth += {"[": 1, "]": -1}.get(ch, 0)
        deepest = max(deepest, depth)
    rows, lines, labels, k = [], [], [], i + 1
    problem = "an array of more than 2 dimensions" if deepest > 2 else None
    while problem is None:
        while k < end - 1 and (text[k] in " \t\n," or (comment and text[k] == "#" and
                                                        text[line_start:k].strip() == "" )):
            if text[k] == "\n":
                line_start = k + 1
                if comment:
                    mm = re.match(r"[ \t]*#", text[k + 1:end])
                    if not mm:
                        problem = "a comment that stops"
                        break
                    k += mm.end()
                    continue
            k += 1
        if problem or k >= end - 1:
            break
        if text[k] == "#":                     # a row's label
            eol = text.find("\n", k, end)
            eol = end - 1 if eol < 0 else eol
            if labels:
                labels[-1] = text[k + 1:eol].strip()
            k = eol
            continue
        if text[k] != "[":
            problem = "text between the rows"
            break
        close = text.index("]", k)
        inner = text[k + 1:close]
        if comment:
            inner = re.sub(r"\n[ \t]*#", "\n", inner)
        cells = [c for c in re.split(r"[\s,]+", inner) if c]
        offs = [m.start() + k + 1 for m in re.finditer(r"[^\s,]+", text[k + 1:close])]
        if not cells or not all(is_cell(c) for c in cells):
            return end, None if not any(is_cell(c) for c in cells) else Matrix(
                i, end, [], [], [], region, "list", problem="cells that are not numbers")
        rows.append(cells)
        lines.append({doc.line_of(o) for o in offs})
        labels.append(None)
        k = close + 1
    if problem and not rows and deepest <= 2:
        return i + 1, None
    source = "list" if "," in body else "numpy"
    start, stop_at = i, end
    tail = re.match(r"[ \t]*#([^\n]*)", text[end:region.cend])       # the last row's label
    if tail and rows and (comment == "" or tail.group(1).count("#") == 0):
        labels[-1], stop_at = tail.group(1).strip(), end + tail.end()
    before = _WRAP_BEFORE.search(text, max(region.cstart, i - 40), i)
    if before:
        after = _WRAP_AFTER.match(text, stop_at)
        source = {"tensor": "torch", "Tensor": "tf"}.get(re.sub(r"\W|np|numpy|torch|tf", "", before.group(1)),
                                                          "array")
        if after is None:
            problem = problem or "a wrapper that does not close"
        elif numbers(text[end:after.end()]):
            problem = problem or "a wrapper with numbers (shape=...)"
        else:
            start, stop_at = before.start(), after.end()
            tail = re.match(r"[ \t]*#([^\n]*)", text[stop_at:region.cend])
            if tail and rows and any(labels[:-1]) and not labels[-1]:
                labels[-1], stop_at = tail.group(1).strip(), stop_at + tail.end()
    elif comment and tail and stop_at > end:
        stop_at = end                        # a commented print keeps the comment after it
    if problem is None and len({len(r) for r in rows}) > 1:
        problem = "ragged rows"
    return end, Matrix(start, stop_at, rows, lines, labels, region, source, comment=comment, problem=problem)


def _table_matrix(doc: Doc, r: Region) -> Matrix | None:
    first = doc.line_of(r.start)
    raw = doc.text[r.start:r.end].split("\n")

    def cells(line):
        s = line.strip()
        s = s[1:] if s.startswith("|") else s
        s = s[:-1] if s.endswith("|") else s
        return [c.strip() for c in s.split("|")]

    head, body = cells(raw[0]), [cells(x) for x in raw[2:]]
    strip = [[re.sub(r"^(\*\*|`)(.*)\1$", r"\2", c) for c in row] for row in body]
    if not body or len({len(row) for row in body} | {len(head)}) > 1:
        return Matrix(r.start, r.end, [], [], [], r, "table", problem="ragged rows")
    lines = [{first + 2 + k} for k in range(len(body))]
    labelled = not all(is_cell(row[0]) for row in strip)
    rest = [row[1:] if labelled else row for row in strip]
    labels = [row[0] for row in body] if labelled else [None] * len(body)
    cols = head[1:] if labelled else head
    corner = head[0] if labelled else ""
    rows_are = f" (rows: {corner})" if corner else ""
    if all(is_cell(c) for row in rest for c in row):
        return Matrix(r.start, r.end, rest, lines, labels, r, "table", cols, corner,
                      f"Columns: {', '.join(c for c in cols if c)}{rows_are}:" if any(cols) or corner else "")
    vec = re.compile(r"^(?:\\\(|\$|`)?\s*\[([^\[\]]*)\]\s*(?:\\\)|\$|`)?$")
    if len(rest[0]) == 1 and all(vec.match(row[0]) for row in rest):
        rows = [[c for c in re.split(r"[\s,]+", vec.match(row[0]).group(1)) if c] for row in rest]
        if all(is_cell(c) for row in rows for c in row) and len({len(x) for x in rows}) == 1:
            return Matrix(r.start, r.end, rows, lines, labels, r, "table", None, corner,
                          f"{cols[0]}{rows_are}:" if cols[0] or corner else "")     # the vector's name
    if any(is_cell(c) for row in rest for c in row):
        return Matrix(r.start, r.end, [], [], [], r, "table", problem="cells that are not numbers")
    return None


def find_matrices(doc: Doc) -> list[Matrix]:
    """Every matrix block of the article, in order (those to leave as they are carry a problem)."""
    out = []
    for r in doc.regions:
        if r.kind in ("display", "inline"):
            out += _latex_matrices(doc, r)
        elif r.kind == "table":
            m = _table_matrix(doc, r)
            out += [m] if m else []
    # bracketed lists: in code fences, inline code and prose lines outside every other region
    spans = [(r.cstart, r.cend, r) for r in doc.regions if r.kind in ("fence", "code")]
    taken = sorted((r.start, r.end) for r in doc.regions)
    pos = 0
    for a, b in taken + [(len(doc.text), len(doc.text))]:
        if pos < a:
            spans.append((pos, a, None))
        pos = max(pos, b)
    for a, b, r in sorted(spans, key=lambda s: s[0]):
        i = doc.text.find("[", a, b)
        while 0 <= i < b:
            if i > 0 and doc.text[i - 1] == "\\":
                i = doc.text.find("[", i + 1, b)
                continue
            nxt, m = _bracket_matrix(doc, i, b, r or Region("prose", a, b, a, b))
            if m is not None:
                if r is None:
                    m.region = doc.prose_region(m.start, m.end)
                out.append(m)
            i = doc.text.find("[", nxt, b)
    return sorted(out, key=lambda m: m.start)


# -- re-laying --------------------------------------------------------------------------------------

LAYOUTS = ("bmatrix", "numpy", "torch", "table", "list")
#: where each layout can stand without leaving its container
_IN_PLACE = {"bmatrix": {"display", "inline"}, "numpy": {"fence"}, "torch": {"fence"},
             "table": set(), "list": {"fence", "code", "prose"}}


def render(m: Matrix, layout: str) -> list[tuple[str, frozenset]]:
    """The matrix in a layout, line by line, each line with the original lines it holds."""
    rows = [[spell(c, layout) for c in row] for row in m.rows]
    width = [max(len(row[j]) for row in rows) for j in range(len(rows[0]))]
    pad = [[c.rjust(width[j]) for j, c in enumerate(row)] for row in rows]
    lines = [frozenset(x) for x in m.row_lines]
    note = [f"  # {lab}" if lab else "" for lab in m.labels]
    last = len(rows) - 1
    if layout == "bmatrix":
        body = [(" & ".join(row) + (" \\\\" if k < last else "") + (f"  % {m.labels[k]}" if m.labels[k] else ""),
                 lines[k]) for k, row in enumerate(rows)]
        return [("\\begin{bmatrix}", frozenset())] + body + [("\\end{bmatrix}", frozenset())]
    if layout == "numpy":
        return [(("[[" if k == 0 else " [") + " ".join(row) + ("]]" if k == last else "]") + note[k], lines[k])
                for k, row in enumerate(pad)]
    if layout == "torch":
        return [(("tensor([[" if k == 0 else "        [") + ", ".join(row) + ("]])" if k == last else "],") + note[k],
                 lines[k]) for k, row in enumerate(pad)]
    if layout == "list":      # one line; row labels, if any, after it
        names = "; ".join(lab or "" for lab in m.labels) if any(m.labels) else ""
        names = (f"  # rows: {names}" if m.region.kind == "fence" else f" (rows: {names})") if names else ""
        return [("[" + ", ".join("[" + ", ".join(row) + "]" for row in rows) + "]" + names, frozenset().union(*lines))]
    labelled = any(m.labels)
    head = (m.cols if m.cols and len(m.cols) == len(rows[0]) else [""] * len(rows[0]))
    head = ([m.corner] if labelled else []) + head
    out = [("| " + " | ".join(head) + " |", frozenset()), ("|" + "|".join("---" for _ in head) + "|", frozenset())]
    return out + [("| " + " | ".join(([m.labels[k] or ""] if labelled else []) + row) + " |", lines[k])
                  for k, row in enumerate(rows)]


class Out:
    """The copy being written: text chunks, each with the original lines it comes from."""

    def __init__(self, doc: Doc):
        self.doc, self.chunks = doc, []

    def add(self, text: str, origin=frozenset()) -> None:
        if text:
            self.chunks.append((text, frozenset(origin)))

    def raw(self, a: int, b: int) -> None:
        """Original text [a, b), each line with its own line number."""
        while a < b:
            n = self.doc.line_of(a)
            e = min(b, self.doc.line_span(n)[1] + 1)
            self.add(self.doc.text[a:e], {n})
            a = e

    def text(self) -> str:
        return "".join(t for t, _ in self.chunks)

    def newline(self) -> None:
        if self.chunks and not self.text().endswith("\n"):
            self.add("\n")

    def lines(self) -> tuple[list[str], list[set]]:
        lines, origins = [""], [set()]
        for text, origin in self.chunks:
            for k, part in enumerate(text.split("\n")):
                if k:
                    lines.append("")
                    origins.append(set())
                lines[-1] += part
                if part.strip():
                    origins[-1] |= origin
        return lines, origins


@dataclass
class Copy:
    kind: str
    text: str
    line_map: dict                  # original line -> sorted list of new lines
    stats: Counter = field(default_factory=Counter)


def _depth_ok(text: str, kind: str) -> bool:
    """Is a piece of container text balanced (brackets, braces, \\left..\\right, environments)?"""
    if kind in ("display", "inline"):
        text = re.sub(r"\\(left|right)(?![a-zA-Z])\s*(\\[{}]|\\?[a-z]+|.)",
                      lambda m: "(" if m.group(1) == "left" else ")", text)
        text = re.sub(r"\\begin\{[^{}]*\}", "(", re.sub(r"\\end\{[^{}]*\}", ")", text))
        text = text.replace("\\{", "{").replace("\\}", "}")
    depth = 0
    for ch in text:
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _blank(text: str, kind: str) -> bool:
    if kind in ("display", "inline"):
        text = re.sub(r"\\(?:quad|qquad|,|;|:|!)|\\\\", "", text)
    return re.sub(r"[\s,.;&#]", "", text) == ""


def _synthetic(r: Region, doc: Doc) -> tuple[str, str]:
    if r.kind == "fence":
        return doc.text[r.start:r.cstart], r.indent + doc.lines[doc.line_of(r.start) - 1].strip()[:3]
    if r.kind == "prose":
        return "", ""
    return doc.text[r.start:r.cstart], doc.text[r.cend:r.end]


def relay(text: str, layout: str) -> Copy:
    """Every matrix the detector finds, re-laid in one layout."""
    doc = Doc(text)
    out, stats = Out(doc), Counter()
    groups: dict[tuple, list[Matrix]] = {}
    for m in find_matrices(doc):
        groups.setdefault((m.region.start, m.region.end), []).append(m)
    pos = 0
    for (a, b), ms in sorted(groups.items()):
        r = ms[0].region
        if a < pos:                                   # overlaps a container already written
            stats["left: inside another block"] += len(ms)
            continue
        out.raw(pos, a)
        act = {}
        for m in ms:
            if m.problem:
                act[id(m)] = "left"
                stats[f"left: {m.problem}"] += 1
            elif r.kind == "table" and layout == "table" and m.cols is not None:
                act[id(m)] = "same"
            elif r.kind in _IN_PLACE[layout] and r.kind != "table":
                act[id(m)] = "inplace"
            else:
                act[id(m)] = "split"
        # a matrix leaves its container only where the text around it is balanced
        cut = r.cstart
        for m in ms:
            if act[id(m)] == "split":
                if r.kind != "table" and not _depth_ok(_atoms(doc.text, cut, m.start, ms), r.kind):
                    act[id(m)] = "left"
                    stats["left: unbalanced text around it"] += 1
                else:
                    cut = m.end
        if cut != r.cstart and r.kind != "table" and not _depth_ok(_atoms(doc.text, cut, r.cend, ms), r.kind):
            for m in ms:
                if act[id(m)] == "split":
                    act[id(m)] = "left"
                    stats["left: unbalanced text around it"] += 1
        _write_container(doc, out, r, ms, act, layout, stats)
        pos = b
    out.raw(pos, len(text))
    lines, origins = out.lines()
    line_map: dict[int, list[int]] = {}
    for k, origin in enumerate(origins, start=1):
        for n in origin:
            line_map.setdefault(n, []).append(k)
    return Copy(layout, "\n".join(lines), line_map, stats)


def _atoms(text: str, a: int, b: int, ms: list[Matrix]) -> str:
    """text[a:b] with every matrix in it replaced by an atom (its own brackets do not count)."""
    out, pos = [], a
    for m in ms:
        if a <= m.start and m.end <= b:
            out.append(text[pos:m.start] + "M")
            pos = m.end
    return "".join(out) + text[pos:b]


def _inline(doc: Doc, out: Out, a: int, b: int, ms, act, layout, stats) -> None:
    """Original text [a, b) with the matrices re-laid in place."""
    pos = a
    for m in ms:
        if act[id(m)] != "inplace" or not (a <= m.start and m.end <= b):
            continue
        rendered = render(m, layout)
        if re.sub(r"\s", "", "".join(t for t, _ in rendered)) == re.sub(r"\s", "", doc.text[m.start:m.end]):
            stats["same"] += 1
            continue
        out.raw(pos, m.start)
        line = doc.lines[doc.line_of(m.start) - 1]
        col = m.start - doc.starts[doc.line_of(m.start) - 1]
        if m.region.kind in ("display", "inline"):
            cont = m.region.indent
        else:
            cont = re.sub(r"[^\s#]", " ", line[:col]) if m.comment else re.sub(r"\S", " ", line[:col])
        if layout == "numpy" and line[:col].strip(" \t#"):
            cont = re.match(r"[ \t]*", line).group(0) + ("# " if m.comment else "")
            out.add("\n" + cont)                    # a print starts its own line, under its label
        for k, (t, origin) in enumerate(rendered):
            out.add(("\n" + cont if k else "") + t, origin)
        stats["re-laid"] += 1
        pos = m.end
    out.raw(pos, b)


def _write_container(doc: Doc, out: Out, r: Region, ms, act, layout, stats) -> None:
    splits = [m for m in ms if act[id(m)] == "split"]
    if not splits:
        stats["same"] += sum(act[id(m)] == "same" for m in ms)
        _inline(doc, out, r.start, r.end, ms, act, layout, stats)
        return
    opener, closer = _synthetic(r, doc)
    cursor, first = r.cstart, True
    for m in splits + [None]:
        stop = m.start if m else r.cend
        if m is not None and m.comment:                     # the comment marker goes with the print
            hash_at = doc.text.rfind("#", cursor, stop)
            if hash_at >= 0 and not doc.text[hash_at + 1:stop].strip():
                stop = hash_at
        gap = _atoms(doc.text, cursor, stop, ms)
        if not first and m is not None and r.kind in ("display", "inline") and not gap.strip():
            out.add(r.indent + opener + "\\times" + closer)      # side by side in LaTeX: a product
        elif not _blank(gap, r.kind):
            if r.kind == "fence":
                out.newline()
            if first:
                out.raw(r.start, r.cstart)
            else:
                out.add((r.indent if out.text().endswith("\n") else "") + opener)
            _inline(doc, out, cursor, stop, ms, act, layout, stats)
            if m is None:
                out.raw(r.cend, r.end)
            else:
                if r.kind == "fence":
                    out.newline()
                    out.add(closer)
                else:
                    out.add(closer.strip() if closer.strip() else closer)
        first = False
        if m is None:
            break
        _block(doc, out, m, layout, r.indent)
        stats["re-laid"] += 1
        cursor = m.end


def _block(doc: Doc, out: Out, m: Matrix, layout: str, indent: str) -> None:
    """A matrix as a block of its own: a display, a code block, a table or a line."""
    out.newline()
    if m.caption:
        out.add(indent + m.caption + "\n", {doc.line_of(m.start)})
    fence = {"bmatrix": ("$$", "$$"), "numpy": ("```", "```"), "torch": ("```", "```")}.get(layout)
    if layout == "table":
        out.add("\n")
    if fence:
        out.add(indent + fence[0] + "\n")
    for t, origin in render(m, layout):
        out.add(indent + t + "\n", origin)
    if fence:
        out.add(indent + fence[1] + "\n")
    if layout == "table":
        out.add("\n")


# -- the text around the maths: lines cut into segments ------------------------------------------------

def segments(doc: Doc) -> list[list[tuple[str, str]]]:
    """Each line as (kind, text) pieces: prose, heading, math, code (inline), fence, fence-delim, table."""
    kind = ["prose"] * len(doc.text)
    for r in doc.regions:
        for i in range(r.start, r.end):
            kind[i] = {"display": "math", "inline": "math"}.get(r.kind, r.kind)
        if r.kind == "fence":
            for i in list(range(r.start, r.cstart)) + list(range(r.cend, r.end)):
                kind[i] = "fence-delim"
    out = []
    for n, line in enumerate(doc.lines, start=1):
        s0, pieces = doc.starts[n - 1], []
        for k, ch in enumerate(line):
            kd = kind[s0 + k]
            if kd == "prose" and re.match(r"#{1,6}\s", line):
                kd = "heading"
            if pieces and pieces[-1][0] == kd:
                pieces[-1] = (kd, pieces[-1][1] + ch)
            else:
                pieces.append((kd, ch))
        out.append(pieces)
    return out


_CODE = re.compile(r"(?P<str>[rbfu]?\"(?:\\.|[^\"\\\n])*\"|[rbfu]?'(?:\\.|[^'\\\n])*')|(?P<com>(?:#|//).*$)"
                   r"|(?P<id>(?<![\w.])[A-Za-z_]\w*)")
_TEX = re.compile(r"(?P<txt>\\(?:text|mathrm|operatorname|textbf)\{([^{}]*)\})"
                  r"|(?P<name>(?:\\(?:mathbf|boldsymbol|bm)\{[A-Za-z]+\}|(?<!\\)[A-Za-z])"
                  r"(?:[_^](?:\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9]))*'?)"
                  r"|(?P<cmd>\\(?:begin|end)\{[^{}]*\}|\\[A-Za-z]+)|(?P<com>(?<!\\)%.*$)")
_TEX_NAME = re.compile(r"((?:\\(?:mathbf|boldsymbol|bm)\{[A-Za-z]+\}|[A-Za-z])(?:[_^](?:\{[^{}]*\}|\\[A-Za-z]+|"
                       r"[A-Za-z0-9]))*'?)\s*=\s*$")
_FUNCTIONS = {"softmax", "attention", "exp", "max", "sum", "concat", "multihead", "relu", "mean", "sqrt", "log",
              "argmax", "masked_softmax", "tanh", "cos", "sin"}
_NOT_NAMES = {"np", "torch", "tf", "F", "nn", "math", "print", "range", "len", "self", "True", "False", "None",
              "e", "i", "j", "k", "_"}
_LEAD = re.compile(r"^(\s*(?:>\s*)?(?:[-*+]\s+|\d+[.)]\s+)?)")


_QUOTED = re.compile(r"(?<!=)[\"\u201c\u300c\u00ab]([^\"\u201d\u300d\u00bb\s]{1,15})[\"\u201d\u300d\u00bb]")


def _quoted(text: str) -> list[str]:
    """Quoted tokens: "cat", “sat”, 「私」 (not an attribute's value align="center")."""
    return _QUOTED.findall(text)


class Names:
    """Consistent neutral names: variables M1.., label phrases L1.., tokens t1.., row labels r1.."""

    def __init__(self):
        self.maps = {"M": {}, "L": {}, "t": {}, "r": {}}

    def get(self, kind: str, key: str) -> str:
        m = self.maps[kind]
        if key not in m:
            m[key] = f"{kind}{len(m) + 1}"
        return m[key]


def _name_sources(doc: Doc, matrices: list[Matrix], names: Names) -> None:
    """Variable names near matrices, in the order they first appear: assignment targets in code, the
    name before a matrix in math (``X =``, ``\\mathbf{W}_Q =``), a one-name print label (``Q =``)."""
    found, skip = [], set(_NOT_NAMES)
    target = r"[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*"
    for r in doc.regions:
        if r.kind not in ("fence", "code"):
            continue
        body = doc.text[r.cstart:r.cend]
        for m in re.finditer(rf"(?m)^[ \t]*(?:>>>\s*)?((?:{target})(?:\s*=\s*{target})*)\s*=(?!=)", body):
            found += [(r.cstart + m.start(1), n.strip()) for n in re.split(r"[,=]", m.group(1))]
        skip.update(re.findall(r"(?m)^[ \t]*def\s+(\w+)", body))
    for mx in matrices:
        before = doc.text[mx.region.cstart:mx.start]
        if mx.source == "bmatrix":          # X = [..], O_{new} = O_{1..2} = [..]; not Q K^T = [..]
            while (m := _TEX_NAME.search(before)):
                rest = before[:m.start()].rstrip()
                if rest and not re.search(r"(=|,|&|\\\\|\\quad|\\qquad|\$)$", rest):
                    break
                name = re.sub(r"\^(?:T|\\top|\{T\}|\{\\top\})$", "", m.group(1))
                found.append((mx.region.cstart + m.start(1), name))
                before = rest
            # the head of the statement: V = X W_V = [..]
            stmt = re.split(r"\\\\|,|&|\\quad|\\qquad|\$", doc.text[mx.region.cstart:mx.start])[-1]
            head = re.match(r"\s*" + _TEX_NAME.pattern[:-len(r"\s*=\s*$")] + r"\s*=", stmt)
            if head:
                found.append((mx.start - len(stmt), head.group(1)))
        else:
            label = _label_line(doc, mx)
            if label and re.fullmatch(r"[A-Za-z_]\w*", label):
                found.append((mx.start, label))
    skip.update(re.findall(r"[(,]\s*([A-Za-z_]\w*)\s*=(?!=)", doc.text))        # keyword arguments (dim=1)
    for _, n in sorted(found):
        if n not in skip and n.lower() not in _FUNCTIONS:
            names.get("M", n)


def _label_line(doc: Doc, mx: Matrix) -> str | None:
    """A print's label: the number-free line right above a matrix that starts a line (``Scores:``)."""
    n = doc.line_of(mx.start)
    if mx.region.kind not in ("fence", "prose") or doc.text[doc.starts[n - 1]:mx.start].strip() or n < 2:
        return None
    if mx.region.kind == "fence" and doc.starts[n - 2] < mx.region.cstart:
        return None
    above = doc.lines[n - 2].strip()
    if above and not numbers(above) and not re.search(r"[()\[\]{}\"']", above) and len(above) <= 60:
        return above.rstrip(":=： ").strip() or None
    return None


def _rename_math(text: str, names: Names, words) -> str:
    ms = names.maps["M"]

    def sub(m):
        if m.group("txt"):
            inner = m.group(2)
            follows = text[m.end():m.end() + 8].lstrip()
            if inner.strip().lower() in _FUNCTIONS or follows.startswith(("(", "\\left")) or numbers(inner):
                return m.group(0)
            return m.group(0).replace("{" + inner + "}", "{" + words(inner) + "}")
        if m.group("com"):
            return m.group(0) if numbers(m.group(0)) else "% " + words(m.group(0)[1:].strip(), "r")
        if m.group("name"):
            full = m.group("name")
            base = re.match(r"\\[a-z]+\{[A-Za-z]+\}|[A-Za-z]", full).group(0)
            around = text[max(0, m.start() - 1):m.start()] + text[m.start() + len(base):m.start() + len(base) + 1]
            if base.islower() and re.search(r"[a-z]", around):
                return full                                  # a letter of a word
            if full in ms:
                return ms[full]
            if base in ms:
                return ms[base] + full[len(base):]
        return m.group(0)

    return _TEX.sub(sub, text)


def _rename_code(text: str, names: Names, strings, comments) -> str:
    ms = names.maps["M"]

    def sub(m):
        if m.group("str"):
            return strings(m.group(0))
        if m.group("com"):
            return comments(m.group(0))
        return ms.get(m.group(0), m.group(0))

    return _CODE.sub(sub, text)


def _blocks_starts(doc: Doc, matrices: list[Matrix]) -> dict[int, str]:
    """First lines of the blocks a caption may announce: displays, code blocks, tables, matrices."""
    out = {}
    for r in doc.regions:
        if r.kind in ("display", "fence", "table"):
            out.setdefault(doc.line_of(r.start), {"table": "table", "fence": "block"}.get(r.kind, "matrix"))
    for m in matrices:
        out.setdefault(doc.line_of(m.start), "matrix")
    return out


def _captions(doc: Doc, segs, matrices) -> dict[int, str]:
    """Caption lines: prose with no number and no '=', among the two non-blank lines above a block,
    and lines that are all bold (``**Q:**``)."""
    starts, out = _blocks_starts(doc, matrices), {}

    def is_caption(n):
        kinds = {k for k, _ in segs[n - 1]}
        line = doc.lines[n - 1]
        prose = "".join(t for k, t in segs[n - 1] if k == "prose")
        return (re.search(r"[^\W\d_]", prose) and kinds <= {"prose", "math", "code"}
                and not numbers(_LEAD.sub("", line)) and "=" not in line and not line.lstrip().startswith("<"))

    for n, what in starts.items():
        k, seen = n - 1, 0
        while k >= 1 and seen < 2:
            if doc.lines[k - 1].strip():
                seen += 1
                if is_caption(k):
                    out[k] = what
                else:
                    break
            k -= 1
    for n, line in enumerate(doc.lines, start=1):
        if re.fullmatch(r"\s*(?:[-*+]\s+)?\*\*[^*]+\*\*[:：]?\s*", line) and is_caption(n):
            out.setdefault(n, "block")
    return out


def neutral(text: str) -> Copy:
    """Headings, captions, labels and variable names replaced by neutral words; numbers and layout kept."""
    doc = Doc(text)
    matrices = find_matrices(doc)
    names, stats = Names(), Counter()
    _name_sources(doc, matrices, names)
    segs = segments(doc)
    captions = _captions(doc, segs, matrices)
    prose_tokens = {q for line in segs for k, t in line if k in ("prose", "heading") for q in _quoted(t)}
    prose_tokens |= {lab.strip('"\u201c\u201d') for m in matrices if m.source == "table" for lab in m.labels if lab}
    label_lines = {doc.line_of(m.start) - 1: _label_line(doc, m) for m in matrices if _label_line(doc, m)}
    for n, label in label_lines.items():
        if label not in names.maps["M"]:
            names.get("L", label)

    def words(phrase, kind="L"):
        phrase = phrase.strip()
        if phrase in prose_tokens:
            return names.get("t", phrase)
        return names.get(kind, phrase)

    def strings(lit):
        body = lit
        for key in sorted(names.maps["L"], key=len, reverse=True):
            body = body.replace(key, names.maps["L"][key])
        body = re.sub(r"(?<![\w\\])[A-Za-z_]\w*", lambda mm: names.maps["M"].get(mm.group(0), mm.group(0)), body)
        q = re.fullmatch(r"([rbfu]?[\"'])(.*)([\"'])", body)
        if q and q.group(2) in prose_tokens:
            body = q.group(1) + names.get("t", q.group(2)) + q.group(3)
        return body

    def comments(com):
        mark = "//" if com.startswith("//") else "#"
        inner = com[len(mark):].strip()
        if not inner or numbers(inner):
            return com
        return f"{mark} {words(inner, 'r')}"

    for pieces in segs:   # tokens quoted in the prose, named in the order they first appear
        for kd, t in pieces:
            if kd == "prose":
                for q in _quoted(t):
                    names.get("t", q.strip('"\u201c\u201d\u300c\u300d\u00ab\u00bb'))
    heading_no, out_lines = 0, []
    for n, pieces in enumerate(segs, start=1):
        line = doc.lines[n - 1]
        if pieces and pieces[0][0] == "heading":
            heading_no += 1
            hashes = re.match(r"#+", line).group(0)
            nums = " ".join(m.group(0) for m in _NUMBER.finditer(_SUBSCRIPT.sub(" ", line)))
            out_lines.append(f"{hashes} " + (f"Step {heading_no}" + (f" ({nums})" if nums else "")))
            stats["headings"] += 1
            continue
        if n in captions:
            out_lines.append(_LEAD.match(line).group(1) + f"The next {captions[n]}:")
            stats["captions"] += 1
            continue
        if n in label_lines:
            lab = label_lines[n]
            stripped = line.strip()
            new = names.maps["M"].get(lab) or names.maps["L"][lab]
            out_lines.append(line.replace(lab, new, 1) if lab in stripped else line)
            stats["print labels"] += 1
            continue
        new = ""
        for kd, t in pieces:
            if kd == "prose":
                for q in set(_quoted(t)):
                    t = re.sub(r"(?<!=)([\"\u201c\u300c\u00ab])" + re.escape(q) + r"([\"\u201d\u300d\u00bb])",
                               lambda mm: mm.group(1) + names.get("t", q) + mm.group(2), t)
                for key in sorted((k for k in names.maps["M"] if len(k) > 1 and re.search(r"[_\d]", k)),
                                  key=len, reverse=True):
                    t = re.sub(r"(?<![\w\\])" + re.escape(key) + r"(?!\w)", names.maps["M"][key], t)
            elif kd == "math":
                t = _rename_math(t, names, words)
            elif kd in ("code", "fence"):
                t = _token_rows(_rename_code(t, names, strings, comments), names.maps["t"])
            elif kd == "table":
                t = _neutral_table_line(doc, n, t, words, names)
            new += t
        out_lines.append(new)
    stats.update({f"names {k}": len(v) for k, v in names.maps.items() if v})
    return Copy("neutral", "\n".join(out_lines), {n: [n] for n in range(1, len(doc.lines) + 1)}, stats)


def _token_rows(text: str, tokens: dict) -> str:
    """The renamed tokens where a fence names its rows or columns by them (``cat:   [0.74 2.66]``, a
    header line of tokens only): the prose's "t1" and the table's row are the same token again."""
    if not tokens:
        return text

    def row(line: str) -> str:
        m = re.match(r"^(\s*(?:[-*]\s+)?)(\S+?)(\s*(?::|→|->))", line)
        if m and m.group(2) in tokens:
            line = m.group(1) + tokens[m.group(2)] + line[m.end(2):]
        words = line.split()
        if not re.search(r"\d|[=(\[]", line) and len(words) <= 10 and any(w in tokens for w in words):   # a header
            line = re.sub(r"\S+", lambda w: tokens.get(w.group(0), w.group(0)), line)
        return line
    return "\n".join(row(line) for line in text.split("\n"))


def _neutral_table_line(doc: Doc, n: int, line: str, words, names: Names) -> str:
    r = doc.region_at(doc.starts[n - 1], {"table"})
    row = n - doc.line_of(r.start)          # 0: header, 1: separator
    if row == 1:
        return line
    parts = line.split("|")
    for j, cell in enumerate(parts):
        c = cell.strip()
        if not c or numbers(c) or re.search(r"\d", c) or is_cell(re.sub(r"^(\*\*|`)(.*)\1$", r"\2", c)):
            continue   # (a cell with a digit holds a fact, "4K tokens", "layer 2": kept as the numbers are)
        new = f"c{j}" if row == 0 else words(c.strip('"\u201c\u201d'), "t")
        parts[j] = cell.replace(c, new)
    return "|".join(parts)


# -- translation ------------------------------------------------------------------------------------

#: Common caption and prose words, per source language, into Polish (""=dropped: articles, particles).
_POLISH = {
    "en": """attention weights=wagi uwagi|attention scores=wyniki uwagi|attention score=wynik uwagi|dot product=iloczyn
        skalarny|weighted sum=suma ważona|self-attention=samouwaga|step by step=krok po kroku|attention=uwaga|
        weights=wagi|weight=waga|weighted=ważone|scores=wyniki|score=wynik|scaled=przeskalowane|scaling=skalowanie|
        scale=skala|query=zapytanie|queries=zapytania|querys=zapytania|key=klucz|keys=klucze|value=wartość|
        values=wartości|matrix=macierz|matrices=macierze|vector=wektor|vectors=wektory|input=wejście|
        inputs=wejścia|output=wyjście|outputs=wyjścia|final=końcowe|result=rezultat|results=rezultaty|step=krok|
        steps=kroki|row=wiersz|rows=wiersze|column=kolumna|columns=kolumny|sum=suma|product=iloczyn|
        products=iloczyny|token=token|tokens=tokeny|word=słowo|words=słowa|embedding=osadzenie|
        embeddings=osadzenia|dimension=wymiar|dimensions=wymiary|head=głowica|heads=głowice|shape=kształt|
        mask=maska|masked=zamaskowane|masking=maskowanie|causal=przyczynowa|position=pozycja|
        positional=pozycyjne|encoding=kodowanie|example=przykład|first=pierwszy|second=drugi|third=trzeci|
        each=każdy|every=każdy|all=wszystkie|and=i|or=lub|with=z|for=dla|by=przez|is=jest|are=są|to=do|
        from=z|in=w|on=na|this=to|these=te|that=który|we=my|it=to|its=jego|their=ich|times=razy|
        divided=podzielone|multiply=pomnóż|multiplied=pomnożone|gives=daje|give=dają|get=dostaje|gets=dostaje|
        computed=obliczone|compute=oblicz|calculate=oblicz|calculation=obliczenie|how=jak|what=co|new=nowy|
        next=następny|same=ten sam|here=tutaj|so=więc|then=potem|after=po|before=przed|sentence=zdanie|
        sequence=sekwencja|block=blok|blocks=bloki|cache=pamięć podręczna|memory=pamięć|layer=warstwa|
        layers=warstwy|table=tabela|size=rozmiar|normalised=znormalizowane|normalized=znormalizowane|
        raw=surowe|largest=największy|maximum=maksimum|relevance=istotność|context=kontekst|
        projection=projekcja|projections=projekcje|transposed=transponowana|query's=zapytania|
        other=inne|one=jeden|two=dwa|three=trzy|four=cztery|only=tylko|not=nie|no=bez|just=tylko|
        simple=prosty|simplified=uproszczone|small=mały|tiny=malutki|numbers=liczby|number=liczba|
        printed=wydrukowane|rounded=zaokrąglone|decimals=miejsca po przecinku|total=razem|setup=założenia|
        model=model|hidden=ukryty|length=długość|frequency=częstotliwość|angle=kąt|sine=sinus|cosine=cosinus|
        rotary=obrotowe|rotated=obrócone|inputs'=wejść|formula=wzór|rule=reguła|below=poniżej|above=powyżej|
        the=|a=|an=|of=""",
    "zh": """注意力权重=wagi uwagi|注意力分数=wyniki uwagi|注意力=uwaga|加权求和=suma ważona|权重=wagi|分数=wyniki|
        得分=wynik|矩阵=macierz|向量=wektor|输入=wejście|输出=wyjście|查询=zapytanie|缩放=skalowanie|归一化=normalizacja|
        掩码=maska|计算=obliczenie|结果=rezultat|步骤=kroki|示例=przykład|例子=przykład|每个=każdy|维度=wymiar|
        形状=kształt|求和=suma|相关性=istotność|位置编码=kodowanie pozycyjne|位置=pozycja|编码=kodowanie|多头=wiele
        głowic|下三角=trójkąt dolny|上三角=trójkąt górny|原始的=surowe|应用=zastosowanie|句子=zdanie|嵌入=osadzenie|
        第一=pierwszy|第二=drugi|得到=otrzymujemy|这一行=ten wiersz|每一行=każdy wiersz|按行=wierszami|新向量=nowy
        wektor|输入格式=format wejścia|说明=wyjaśnienie|设定=założenia|假定=zakładamy|相乘=mnożenie|除以=dzielone przez""",
    "ja": """重み=wagi|スコア=wynik|行列=macierz|ベクトル=wektor|入力=wejście|出力=wyjście|クエリ=zapytanie|キー=klucz|
        バリュー=wartość|埋め込み=osadzenie|内積=iloczyn skalarny|トークン=token|次元=wymiar|前提=założenia|計算=obliczenie|
        結果=rezultat|注意=uwaga|例=przykład|モデル=model|文=zdanie|求める=obliczyć|次の表=następna tabela""",
    "ko": """가중치=wagi|행렬=macierz|점수=wynik|입력=wejście|출력=wyjście|벡터=wektor|임베딩=osadzenie|계산=obliczenie|
        결과=rezultat|단어=słowo|문맥=kontekst|공식=wzór|먼저=najpierw|이므로=więc|소프트맥스=softmax|합=suma|
        값=wartość|스케일링=skalowanie""",
    "de": """Gewichte=wagi|Gewicht=waga|Aufmerksamkeit=uwaga|Matrix=macierz|Vektor=wektor|Eingabe=wejście|
        Ausgabe=wyjście|Ergebnis=rezultat|Schritt=krok|Rechenbeispiel=przykład obliczeń|Beispiel=przykład|Zeile=wiersz|
        Spalte=kolumna|Werte=wartości|Wert=wartość|Schlüssel=klucz|erwartet=oczekiwane|Folie=slajd|und=i|mit=z|
        für=dla|ist=jest|von=z|der=|die=|das=|den=|dem=|ein=|eine=""",
    "es": """pesos=wagi|atención=uwaga|matriz=macierz|vector=wektor|entrada=wejście|salida=wyjście|resultado=rezultat|
        paso=krok|ejemplo=przykład|puntuaciones=wyniki|puntuación=wynik|fila=wiersz|columna=kolumna|valores=wartości|
        valor=wartość|claves=klucze|clave=klucz|consulta=zapytanie|máscara=maska|relleno=wypełnienie|y=i|con=z|
        para=dla|es=jest|el=|la=|los=|las=|de=|del=""",
    "pt": """pesos=wagi|atenção=uwaga|matriz=macierz|vetor=wektor|entrada=wejście|saída=wyjście|resultado=rezultat|
        exemplo=przykład|passo=krok|linha=wiersz|coluna=kolumna|valores=wartości|chave=klucz|consulta=zapytanie|
        produto=iloczyn|escalar=skalarny|com=z|para=dla|é=jest|e=i|o=|a=|os=|as=|de=|do=|da=|dos=|das=""",
    "fr": """poids=wagi|attention=uwaga|matrice=macierz|matrices=macierze|vecteur=wektor|entrée=wejście|sortie=wyjście|
        résultat=rezultat|étape=krok|exemple=przykład|calcul=obliczenie|ligne=wiersz|lignes=wiersze|colonne=kolumna|
        valeur=wartość|valeurs=wartości|clé=klucz|requête=zapytanie|tableau=tabela|somme=suma|vérification=sprawdzenie|
        représentation=reprezentacja|transformée=przekształcona|jetons=tokeny|et=i|avec=z|pour=dla|est=jest|sur=na|
        chaque=każdy|le=|la=|les=|de=|du=|des=""",
    "vi": """tổng có trọng số=suma ważona|trọng số=wagi|ma trận=macierz|điểm số=wyniki|điểm=wynik|đầu vào=wejście|
        đầu ra=wyjście|chuỗi=sekwencja|bước=krok|giá trị=wartość|truy vấn=zapytanie|bài tập=ćwiczenie|ngày=dzień|
        từ điển=słownik|hàm kích hoạt=funkcja aktywacji|công thức=wzór|khóa=klucz|câu=zdanie|tính=oblicz|và=i|
        của=|cho=dla|với=z""",
    "tr": """ağırlıklar=wagi|ağırlık=waga|dikkat=uwaga|matris=macierz|vektör=wektor|girdi=wejście|çıktı=wyjście|
        sonuç=rezultat|adım=krok|örnek=przykład|puan=wynik|toplam=suma|değer=wartość|anahtar=klucz|sorgu=zapytanie|
        ve=i|için=dla|ile=z""",
}
_DICT = {lang: dict(item.strip().split("=", 1) for item in re.sub(r"\s*\n\s*", " ", words).split("|"))
         for lang, words in _POLISH.items()}
_SPACED = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")     # languages with spaces between words


def _translator(language: str, stats: Counter):
    table = dict(_DICT["en"]) if language == "en" else {**_DICT["en"], **_DICT.get(language, {})}
    if language != "en":          # English words of another article's prose are translated too, but for
        for short in ("a", "an", "in", "to", "is", "it", "so", "no", "on", "or", "by", "e", "o"):
            table.pop(short, None)  # one-letter and two-letter words that are words of that language too
    keys = sorted(table, key=len, reverse=True)
    spaced = [k for k in keys if _SPACED.search(k)]
    rx_spaced = re.compile(r"(?<![\w\\])(" + "|".join(re.escape(k) for k in spaced) + r")(?![\w])", re.I)
    unspaced = [k for k in keys if not _SPACED.search(k)]
    rx_unspaced = re.compile("|".join(re.escape(k) for k in unspaced)) if unspaced else None

    def word(m, pad=""):
        src = m.group(0)
        out = table.get(src) if src in table else table.get(src.lower(), src)
        stats["words translated"] += 1
        out = out[:1].upper() + out[1:] if src[:1].isupper() and out else out
        return pad + out + pad if out else out

    def translate(text: str) -> str:
        # code, math, links, tags and quoted tokens ("the", “sat”) stay as they are
        parts = re.split(r"(`[^`]*`|\$[^$]*\$|https?://\S+|<[^>]*>|\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d|"
                         r"\u300c[^\u300d\n]*\u300d)", text)
        for i in range(0, len(parts), 2):
            p = rx_spaced.sub(word, parts[i])
            parts[i] = rx_unspaced.sub(lambda m: word(m, " "), p) if rx_unspaced else p
        out = re.sub(r"(?<=\S)  +(?=\S)", " ", "".join(parts))
        out = out if text[:1].isspace() else out.lstrip(" ")
        return out[:1].upper() + out[1:] if text[:1].isupper() else out
    return translate


_PROGRAMS = {"python", "py", "python3", "rust", "rs", "go", "js", "javascript", "ts", "c", "cpp", "java", "julia"}


def _is_code(doc: Doc, n: int) -> bool:
    """Is line n in a code block of a program (not an output block)?"""
    r = doc.region_at(doc.starts[n - 1], {"fence"})
    info = doc.lines[doc.line_of(r.start) - 1].strip().lstrip("`~").strip().lower().split(" ")[0]
    return info in _PROGRAMS or bool(re.search(r"^\s*(import|from|def|for|print|>>>|[A-Za-z_]\w*\s*=)",
                                                doc.text[r.cstart:r.cend], re.M))


def translated(text: str, language: str = "en") -> Copy:
    """Captions, prose, headings, comments, label strings and ``\\text{}`` labels translated into Polish."""
    doc, stats = Doc(text), Counter()
    tr = _translator(language, stats)
    out_lines = []

    def strings(lit):
        q = re.fullmatch(r"([rbfu]?[\"'])(.*)([\"'])", lit, re.S)
        if not q or not re.search(r":|\\n", q.group(2)):
            return lit                            # data ("The cat sat"), not a print's label
        return q.group(1) + "".join(tr(p) for p in re.split(r"(\\[nt])", q.group(2))) + q.group(3)

    def record(line):
        """An output line 'Word 1: [0.348, ...]' keeps its label translated like the print that wrote it."""
        m = re.match(r"(\s*)([^\W\d_][^:\[\]=\u2192|]*?)(\s*[:=\u2192|])", line)
        if not m:
            return line
        new = tr(m.group(2))
        return m.group(1) + (new if new.strip() else m.group(2)) + line[m.end(2):]

    def comments(com):
        mark = "//" if com.startswith("//") else "#"
        return mark + tr(com[len(mark):])

    def tex(t):
        def sub(m):
            inner = m.group(2)
            follows = t[m.end():m.end() + 8].lstrip()
            if (inner.strip().lower() in _FUNCTIONS or follows.startswith(("(", "\\left"))
                    or t[:m.start()].rstrip().endswith(("_", "_{", "^", "^{")) or not tr(inner).strip()):
                return m.group(0)                # a function, a token in a subscript
            return m.group(0).replace("{" + inner + "}", "{" + tr(inner) + "}")
        t = re.sub(r"\\(text|mathrm|textbf)\{([^{}]*)\}", sub, t)
        return re.sub(r"(?<!\\)%.*$", lambda m: "%" + tr(m.group(0)[1:]), t)

    for n, pieces in enumerate(segments(doc), start=1):
        new = ""
        for kd, t in pieces:
            if kd in ("prose", "heading"):
                t = t if n == 1 and "source:" in t else tr(t)       # the source line stays
            elif kd == "math":
                t = tex(t)
            elif kd == "fence" and _is_code(doc, n):         # comments and the labels a print writes
                t = _CODE.sub(lambda m: strings(m.group(0)) if m.group("str") else
                              comments(m.group(0)) if m.group("com") else m.group(0), t)
            elif kd == "fence":                              # output: label lines, record labels
                if not re.search(r"\d", t) and t.rstrip().endswith((":", "：")):
                    t = tr(t) if tr(t).strip() else t
                else:
                    t = record(t)
            elif kd == "table" and n == doc.line_of(doc.region_at(doc.starts[n - 1], {"table"}).start):
                t = "|".join(c if numbers(c) else tr(c) for c in t.split("|"))    # the header; rows hold tokens
            new += t
        out_lines.append(new)
    return Copy("translated", "\n".join(out_lines), {n: [n] for n in range(1, len(doc.lines) + 1)}, stats)


KINDS = LAYOUTS + ("neutral", "translated")


def perturb(text: str, kind: str, language: str = "en") -> Copy:
    """One copy of an article (``language`` is the article's, for the translation)."""
    if kind in LAYOUTS:
        return relay(text, kind)
    if kind == "neutral":
        return neutral(text)
    if kind == "translated":
        return translated(text, language)
    raise ValueError(kind)


if __name__ == "__main__":
    art = Path(sys.argv[1])
    lang = art.name.split("-")[0] if len(art.name.split("-")[0]) == 2 else "en"
    cp = perturb(art.read_text(encoding="utf-8"), sys.argv[2], lang)
    print(cp.text)
    print(dict(cp.stats), file=sys.stderr)
    if "--map" in sys.argv:
        print(cp.line_map, file=sys.stderr)
