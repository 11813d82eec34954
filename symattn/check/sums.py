r"""Sums a notebook prints after a vector: ``tensor([0.14, 0.23, …]) sum= tensor(1.0000)``,
``Sum: tensor(1.)`` on the next line, ``Sum of first row: 1.0000000000000002`` under a matrix.

Input: the article's text and its blocks (:mod:`.read`).  Output: one :class:`Claim` per such sum,
and per printed vector of row sums (``Vérification (somme des lignes de A) : [1. 1. 1.]``).

The vector summed is the one printed on the same line before the word, else the one printed last
before it in the same cell (the named row of a matrix: "first row", "row 2").  Its entries are
rounded prints, so their sum is known to within the sum of their half-units (six entries at four
decimals: ±0.0003); a printed sum inside that band agrees.  Outside it, the sum is wrong only when
vector and sum come from one print on one line and the code prints a value with its own sum
(``print(w, "sum=", w.sum())``); the witness is the sum of the printed entries.

>>> from symattn.check.read import read_blocks
>>> t = "```\ntensor([0.25, 0.25, 0.5]) sum= tensor(1.)\n```\n"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in sum_claims(doc, read_blocks(doc))]
[(2, 'rounded')]
"""

from __future__ import annotations

import ast
import re

import mpmath

from . import pycode
from .claims import Reason
from .verdict import short, stated
from .judge import agrees, half_unit, read_at
from .document import Document
from . import numerals
from .numerals import NUMBER
from .read import Entry

R = Reason.of

__all__ = ["sum_claims"]

_SUM = re.compile(r"(?<![\w.])(?:sum|total|toplam\w*|summe|suma|somme|soma|总和|合计|之和|和为|합계|合計|総和)"
                  r"(?P<row>\s+of\s+(?:the\s+)?(?:(?P<nth>first|second|third|last)\s+row|row\s+(?P<k>\d{1,3})))?"
                  r"\s*[:=：]\s*(?:(?:tensor\(|array\(|np\.float\d*\()\s*)?(?P<num>" + NUMBER + r")\)?(?!\s*[-+*/×·^])", re.I)
# (the lookahead: not the first term of a sum written out, "Total = 0.5 + 0.5")
_NTH = {"first": 1, "second": 2, "third": 3}


def sum_claims(doc: Document, blocks) -> list:
    """Claims for printed sums of printed vectors (see the module docstring)."""
    raw, fence = list(doc.lines), doc.fence_of
    own_sum = _prints_own_sum(raw, fence)
    out = []
    for n, line in enumerate(raw, start=1):
        if not fence[n]:
            continue
        m = _SUM.search(line)
        if not m:
            continue
        claimed = numerals.read(m.group("num"))
        if claimed is None or claimed.places is None:
            continue
        claimed = Entry.at(claimed, n)
        row = _row_index(m, blocks)
        same = [b for b in blocks if b.line == b.end == n and b.shape[0] == 1 and b.span
                and b.rows[0][-1].pos < _pos(raw, n) + m.start()]
        if same and row is None:
            vec, strong = same[-1].rows[0], own_sum
        else:
            before = [b for b in blocks if b.end < n and fence[b.line] == fence[n] and not b.operand]
            last = max((b.end for b in before), default=None)
            ends = [b for b in before if b.end == last]
            if last is None or any(raw[k - 1].strip() and not _blank_or_caption(raw[k - 1])
                                   for k in range(last + 1, n)):
                continue
            rows = [b.rows[row] for b in ends if row is not None and row < b.shape[0]] if row is not None \
                else [b.rows[0] for b in ends if b.shape[0] == 1]
            fits = [r for r in rows if _agrees(r, claimed)]
            if len(rows) != 1 and len(fits) != 1:
                continue     # which of the printed vectors is summed is not clear
            vec, strong = (fits[0] if len(fits) == 1 else rows[0]), False
        out.append(_claim(n, line, vec, claimed, strong))
    return [c for c in out if c is not None] + row_sum_claims(blocks) + item_total_claims(doc)


#: a line that gives a total of the items listed right above it: "Total: 8192 floats", "- 总计：~190 GB",
#: "│ Total: ~160 floats = 640 bytes │" (its number, then what it counts or its unit); a total that
#: names what it totals ("Total HBM traffic:") may count more than the items above it
_TOTAL = re.compile(r"^(?:total|sum|gesamt|insgesamt|totale|toplam|合计|总计|合計|總計|합계|총합)\b[\s*]*"
                    r"[:=：]\s*(?P<approx>~|≈|约|約|약|about\s+)?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*"
                    r"(?P<unit>[A-Za-z]{1,12}|[KMGT]i?B)\b(?!\s*(?:[-+*/×·^÷]|\\times|\\cdot))", re.I)
#: what decorates a line of a list or a box: borders, bullets, quotes, bold marks (stripped, not
#: matched: a run of blanks is read once)
_LEAD, _TRAIL = " \t│┃|>*•·-", " \t│┃|*"


def _undecorated(line: str) -> str:
    return line.lstrip(_LEAD).rstrip(_TRAIL)
#: an item's value: the last number after its ":" or "=" that is followed by the same unit
_ITEM = r"[:=：]\s*(?:~|≈|约|約|약)?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*{unit}\b(?P<rest>[^\d]*)$"


def item_total_claims(doc: Document) -> list:
    """A total printed under the items it adds up, each item a line of its own with a value in the
    same unit (``K_smem: [Bc × d] = [32 × 64] = 2048 floats`` … ``Total: 8192 floats``): the sum of
    the printed items, within their rounding.  The items are the lines right above the total, up to
    a blank line or a border; a line without numbers among them is a caption, one whose number has
    another unit ends nothing and reads nothing (no total is claimed then)."""
    raw = list(doc.lines)
    out = []
    for n, line in enumerate(raw, start=1):
        text = _undecorated(line)
        m = _TOTAL.match(text)
        if not m:
            continue
        unit = m.group("unit")
        item = re.compile(_ITEM.format(unit=re.escape(unit)), re.I)
        items, k = [], n - 1
        while k >= 1:
            body = _undecorated(raw[k - 1])
            if not body.strip() or re.fullmatch(r"[─━═┌┐└┘├┤┬┴┼\-=+ ]+", body.strip()) or _TOTAL.match(body):
                break
            hit = item.search(body)
            if hit is None:
                if re.search(r"\d", body):
                    items = []
                    break   # a number of another kind among the items: not a list of parts of this total
            else:
                items.append((k, hit.group("num")))
            k -= 1
        if len(items) < 2:
            continue
        vec = [numerals.read(t) for _, t in reversed(items)]   # (the document's lines are in one notation)
        claimed = numerals.read(m.group("num"))
        if claimed is None or any(v is None or v.places is None for v in vec) or claimed.places is None:
            continue
        vec = [Entry.at(v, ln, 0) for (ln, _), v in zip(reversed(items), vec)]
        total, slack = _band(vec)
        if m.group("approx") and claimed.places == 0:
            # "~160": an approximate whole number is right to its last nonzero digit
            zeros = len(re.search(r"0*$", m.group("num").replace(",", "")).group(0))
            slack += mpmath.mpf(10) ** zeros / 2
        exact = mpmath.mpf(total.numerator) / total.denominator
        where = R("entries-shown-lines", n=len(vec), first=vec[0].line, last=vec[-1].line)
        band = R("plus-minus", value=short(total, 6), slack=short(slack, 2))
        src = " ".join(line.split())[:160]
        if agrees(claimed, exact, 0 if claimed.places == 0 else None, slack):
            out.append(stated(n, src, "rounded" if slack else "exact", R("total-shown"),
                              R("sum-agrees", where=where, band=band) if slack else
                              R("total-agrees", where=where, value=short(total, 6)), claimed=claimed.text,
                              expected=short(total, 6)))
            continue
        ent = {"entry": "total", "line": n, "claimed": claimed.text, "exact": str(total),
               "correct": short(total, 6) if claimed.places == 0 else f"{float(total):.{claimed.places}f}"}
        out.append(stated(n, src, "wrong", R("total-shown"), R("total-of-items", where=where, band=band),
                          claimed=claimed.text, expected=str(total), entries=[ent]))
    return out


#: a vector of row sums: "sum of the rows", "row sums", sum(dim=1), sum(axis=-1), somme des lignes, 每行之和
_ROW_SUMS = re.compile(r"row[ _-]?sums?|sums? of (?:the |each )?rows?|sum\(\s*(?:dim|axis)\s*=\s*(?:1|-1)\s*\)|"
                       r"somme des lignes|sommes? par ligne|suma (?:de|por) filas|soma (?:das|por) linhas|"
                       r"zeilensummen?|行和|每行之和|各行之和|行の和|행 ?합", re.I)


def row_sum_claims(blocks) -> list:
    """A printed vector of row sums (its label says so) against the rows of the matrix printed last
    before it with as many rows, within the rounding of their entries; confirmed only, never wrong
    (the code may have summed another matrix)."""
    out = []
    for k, b in enumerate(blocks):
        label = " ".join(b.labels[:1])
        if b.shape[0] != 1 or not _ROW_SUMS.search(label) or any(e.places is None for e in b.rows[0]):
            continue
        mat = next((p for p in reversed(blocks[:k]) if p.shape[0] == b.shape[1] and p.shape[1] > 1
                    and not p.operand and b.line - p.end <= 30), None)
        if mat is None or any(e.places is None for r in mat.rows for e in r):
            continue
        if all(_agrees(r, e) for r, e in zip(mat.rows, b.rows[0])):
            sums = [short(_band(r)[0], 6) for r in mat.rows]
            out.append(stated(b.line, b.source, "rounded", R("row-sums-shown"),
                              R("row-sums-agree", first=mat.line, last=mat.end, sums=sums),
                              claimed=[e.text for e in b.rows[0]], expected=", ".join(sums),
                              lines=sorted({e.line for e in b.rows[0]})))
    return out


def _prints_own_sum(raw, fence) -> bool:
    """The article's code prints a value together with its own sum: ``print(w, "sum=", w.sum())``
    (read with ``ast``); only then is a sum on the line of a vector that vector's sum for sure."""
    cells: dict[int, list[str]] = {}
    for n, line in enumerate(raw, start=1):
        if fence[n]:
            cells.setdefault(fence[n], []).append(line)
    for lines in cells.values():
        try:
            tree = pycode.parse("\n".join(lines))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                names = {a.id for a in node.args if isinstance(a, ast.Name)}
                if any(_sum_of(a) in names for a in node.args):
                    return True
    return False


def _sum_of(node) -> str | None:
    """``w.sum()``, ``sum(w)``, ``np.sum(w)``, ``torch.sum(w)``: the name summed."""
    if not isinstance(node, ast.Call):
        return None
    f = node.func
    if isinstance(f, ast.Attribute) and f.attr == "sum" and isinstance(f.value, ast.Name) and not node.args:
        return f.value.id
    if (isinstance(f, ast.Name) and f.id == "sum" or isinstance(f, ast.Attribute) and f.attr == "sum") \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
        return node.args[0].id
    return None


def _pos(raw, n):
    return sum(len(x) + 1 for x in raw[:n - 1])


def _blank_or_caption(line: str) -> bool:
    return not re.search(r"\d", line)


def _row_index(m, blocks) -> int | None:
    if not m.group("row"):
        return None
    if m.group("k"):
        return int(m.group("k")) - 1
    nth = m.group("nth").lower()
    return _NTH[nth] - 1 if nth in _NTH else -1


def _band(vec):
    # numpy prints "0." for 0.00 in a row of two decimals: such an entry has the row's precision
    most = max(e.places for e in vec)
    total = sum(e.fraction for e in vec)
    slack = sum((half_unit(read_at(e, most)) for e in vec), mpmath.mpf(0))
    return total, slack


def _agrees(vec, claimed) -> bool:
    if any(e.places is None for e in vec):
        return False
    total, slack = _band(vec)
    exact = mpmath.mpf(total.numerator) / total.denominator
    return agrees(claimed, exact, 0 if claimed.places == 0 else None, slack)


def _claim(n, line, vec, claimed, strong):
    if any(e.places is None for e in vec):
        return None
    total, slack = _band(vec)
    where = R("entries-shown-on", n=len(vec), line=vec[0].line) if vec[0].line == vec[-1].line else \
        R("entries-shown-lines", n=len(vec), first=vec[0].line, last=vec[-1].line)
    band = R("plus-minus", value=short(total, 6), slack=short(slack, 2))
    src = " ".join(line.split())[:160]
    if _agrees(vec, claimed):
        return stated(n, src, "rounded", R("sum-shown"), R("sum-agrees", where=where, band=band),
                      claimed=claimed.text, expected=short(total, 6))
    if not strong:
        return None
    ent = {"entry": "sum", "line": n, "claimed": claimed.text, "exact": str(total),
           "correct": f"{float(total):.{claimed.places}f}"}
    return stated(n, src, "wrong", R("sum-shown"), R("sum-given-but", claimed=claimed.text, where=where, band=band),
                  claimed=claimed.text, expected=str(total), entries=[ent])
