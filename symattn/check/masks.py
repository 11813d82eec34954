r"""Masks, stepwise: a printed mask, the masked scores and the masked softmax, each against the
author's own earlier printed step.

Input: the article's text and its blocks (:func:`symattn.check.read.read_blocks`).
Output: a list of :class:`~symattn.check.claims.Claim`, one per block that is such a step.

A mask is printed as 0/−∞ (added to the scores), 1/0 (1 = may attend, ``torch.tril``), its
complement (``triu(diagonal=1)``: 1 = hidden), or with ``masked``/blank cells (read as −∞).
Bound by evidence: its values, and its label or the text for which pattern it must have.

* a mask said to be causal (look-ahead, ``tril``, 因果) hides exactly the future, and is
  L×L for a sequence of L (stated, or the shape of the scores it is added to);
* masked scores keep the entries of an earlier printed score block and hide the positions of
  the printed mask (or the future, when the text says causal);
* a masked softmax row is the softmax of the finite entries of the printed masked row, with an
  exact 0 where the row is hidden; a row hidden everywhere has no softmax (0/0).

A claim is wrong only with a witness: the exact value and the line it comes from.

>>> text = "S = [[1, 2], [3, 4]]\nmasked = [[1, -inf], [3, 4]]\nweights = [[1.0, 0.0], [0.27, 0.73]]"
>>> from symattn.check.read import read_blocks
>>> doc = Document.of(text)
>>> [c.status for c in mask_claims(doc, read_blocks(doc))]
['exact', 'rounded']
"""

from __future__ import annotations

import re
from dataclasses import replace

import mpmath
import sympy as sp

from .names import hint
from .claims import Claim
from .claims import Reason
from .judge import FILL, agrees, half_unit, read_at
from .verdict import judged_entries, stated, unverifiable
from .quantities import softmax
from .document import Document
from . import numerals
from .read import Block, Entry

R = Reason.of

__all__ = ["mask_claims", "stitch"]

_FILL = FILL     # at or below: a "very negative number" fill (-1e9, finfo.min), read as hidden
_CAUSAL = re.compile(r"causal|look-?ahead|future|subsequent|\btril\b|\btriu\b|autoregress|因果|未来|后续|下三角|"
                     r"先読み|未来|인과|미래|causal|futur", re.I)
_MASK = re.compile(r"mask|掩码|遮挡|遮罩|マスク|마스크|máscara|masque|tril|triu", re.I)
_HEADS = re.compile(r"\bheads?\b|头|ヘッド|헤드|cabeza|tête", re.I)


def _val(e):
    v = e.value
    if v in (sp.oo, -sp.oo):
        return mpmath.mpf("-inf") if v < 0 else mpmath.mpf("inf")
    return mpmath.mpf(v.p) / v.q


def _hidden(e) -> bool:
    return e.value == -sp.oo or (e.value != sp.oo and e.value <= _FILL)


def stitch(blocks: list[Block]) -> list[Block]:
    """Rows of one printed array that the reader split (``# tensor([[1., 0.],`` then ``# [1., 1.]])``):
    a block with no label of its own on the very next line, of the same width, joins the one above."""
    out: list[Block] = []
    for b in sorted(blocks, key=lambda b: (b.line, b.end)):
        prev = out[-1] if out else None
        own = [lb for lb in b.labels if lb.strip(" #>") and not lb.strip().startswith("tensor(")]
        if prev is not None and b.layout == prev.layout == "list" and not own and not b.operand \
                and b.rows[0][0].line == prev.rows[-1][0].line + 1 and b.shape[1] == prev.shape[1]:
            out[-1] = replace(prev, rows=prev.rows + b.rows, end=b.end)
            continue
        out.append(b)
    return out


_HIDE_CELL = re.compile(r"(?:masked|mask|[-−]\s*(?:inf|∞|\\infty)|—|–|-|×|✗|n/?a|遮挡|掩码|屏蔽|マスク|마스크)?",
                        re.I)


def _row_cells(line: str) -> list[str] | None:
    if line.count("|") < 2:
        return None
    return [c.strip().strip("*`$ ") for c in line.strip().strip("|").split("|")]


def mask_tables(lines) -> list[Block]:
    """Markdown tables with hidden cells (``masked``, ``-inf``, ``—`` or blank), which the reader does
    not take as matrices.  A hidden cell is −∞ in a table of scores and 0 in a table of weights (every
    row's printed numbers a distribution)."""
    out, n = [], 0
    while n + 2 < len(lines):
        head, sep = _row_cells(lines[n]), _row_cells(lines[n + 1])
        if not head or not sep or not all(re.fullmatch(r":?-{2,}:?", c) for c in sep if c) or len(sep) != len(head):
            n += 1
            continue
        body, j = [], n + 2
        while j < len(lines) and _row_cells(lines[j]) is not None and len(_row_cells(lines[j])) == len(head):
            body.append((j + 1, _row_cells(lines[j])))
            j += 1
        block = _hidden_table(body, head, lines[max(0, n - 3):n])
        if block is not None:
            out.append(block)
        n = j
    return out


_BOOLS = re.compile(r"(?:(?:True|False|true|false)\s*(?:,\s*)?){2,}")
_ROW_END = re.compile(r"\]+[,)\]]*\s*")


def _bool_row(line: str) -> str | None:
    """The run of booleans of a printed mask row (``tensor([[False,  True],``), or None.  The run
    starts just after the first ``[``s, or, with no ``[`` before the first ``]``, at the earliest
    boolean from which only booleans, commas and spaces lead to that ``]``; either way it is found
    in one pass (a regex tried at every offset is quadratic on a long run of spaces)."""
    opening, closing = line.find("["), line.find("]")
    if opening >= 0 and (closing < 0 or opening < closing):
        start = opening
        while start < len(line) and line[start] == "[":
            start += 1
        while start < len(line) and line[start].isspace():
            start += 1
        starts = [start]
    elif closing >= 0:
        start = closing
        while start and (line[start - 1].isspace() or line[start - 1] in ",TrueFalsetrufals"):
            start -= 1
        starts = [k for k in range(start, closing) if line.startswith(("True", "False", "true", "false"), k)]
    else:
        return None
    for start in starts:   # the earliest that leads to the ]; a failed try stops at its first stray mark
        m = _BOOLS.match(line, start)
        if m and _ROW_END.fullmatch(line, m.end()):
            return m.group(0)
    return None


def bool_masks(lines) -> list[Block]:
    """A boolean mask as printed (``tensor([[False,  True], [False, False]])``), read as 1/0."""
    lines = list(lines)
    out, run = [], []
    for n, line in enumerate(lines + [""], 1):
        m = _bool_row(line.strip()) if n <= len(lines) else None
        if m:
            vals = re.findall(r"True|False|true|false", m)
            if not run or len(vals) == len(run[-1][1]):
                run.append((n, vals))
                continue
        if len(run) >= 2:
            rows = tuple(tuple(Entry(v, sp.Integer(int(v.lower() == "true")), 0, line=ln) for v in vals)
                         for ln, vals in run)
            before = [t.strip() for t in reversed(lines[max(0, run[0][0] - 4):run[0][0] - 1]) if t.strip()]
            out.append(Block(rows, run[0][0], run[-1][0], tuple(before), "list", lines[run[0][0] - 1].strip()))
        run = [(n, re.findall(r"True|False|true|false", m.group(1)))] if m else []
    return out


def _hidden_table(body, head, before) -> Block | None:
    if len(body) < 2:
        return None
    first = 1 if all(numerals.read(c) is None for _, c in [(0, r[0]) for _, r in body]) else 0
    rows = []
    for ln, cells in body:
        row = []
        for c in cells[first:]:
            e = numerals.read(c)
            if e is not None and e.value.is_finite:
                row.append(Entry.at(e, ln))
            elif _HIDE_CELL.fullmatch(c) or (e is not None and e.value == -sp.oo):
                row.append(None)
            else:
                return None
        rows.append((ln, cells[first:], row))
    cells = [x for _, _, r in rows for x in r]
    if None not in cells or all(x is None for x in cells) or len(rows[0][2]) < 2:
        return None
    places = max(x.places or 0 for x in cells if x is not None)
    labels = tuple(s.strip() for s in reversed(before) if s.strip())
    weights = all(0 <= x.value <= 1 for x in cells if x is not None) and (hint(labels[:2]) == "weights" or all(
        abs(sum(x.value for x in r if x is not None) - 1) <= sp.Rational(len(r), 2 * 10 ** max(places, 1))
        for _, _, r in rows))
    hidden = (sp.Integer(0), places) if weights else (-sp.oo, None)
    built = tuple(tuple(x if x is not None else Entry(t or "(blank)", hidden[0], hidden[1], line=ln)
                        for x, t in zip(r, texts)) for ln, texts, r in rows)
    return Block(built, rows[0][0], rows[-1][0], labels, "table", "| " + " | ".join(body[0][1]) + " |",
                 row_labels=tuple(r[0] for _, r in body) if first else ())


def _label(b: Block) -> str:
    return " ".join(b.labels[:2])


def _kind(b: Block) -> str | None:
    """mask, masked (scores with hidden entries), weights (rows summing to 1), scores, or None."""
    vals = [e.value for r in b.rows for e in r]
    n, c = b.shape
    if c < 2 or b.operand:
        return None
    if set(vals) <= {0, 1} and 0 in vals and 1 in vals and n >= 2 and all(e.places in (0, None) for r in b.rows
                                                                            for e in r):
        if hint(b.labels[:1]) in ("X", "Q", "K", "V", "KT", "W_Q", "W_K", "W_V"):
            return None   # named as an input (Q = I under a caption about masks): data, not a mask
        return "mask" if _MASK.search(_label(b)) or n == c and hint(b.labels[:2]) is None else None
    hidden = [_hidden(e) for r in b.rows for e in r]
    if any(hidden):
        if set(v for v, h in zip(vals, hidden) if not h) <= {0} and n >= 2:
            return "mask"
        return "masked"
    if all(v.is_finite for v in vals) and (_rows_sum_to_one(b) or hint(b.labels[:2]) == "weights"
                                          and all(0 <= v <= 1 for v in vals)):
        return "weights"
    return "scores"


def _rows_sum_to_one(b: Block) -> bool:
    for r in b.rows:
        if any(e.places is None or e.value < 0 or e.value > 1 for e in r):
            return False
        places = max(e.places for e in r)
        if places == 0 and len(r) > 1 and sum(e.value for e in r) != 1:
            return False
        if abs(sum(e.value for e in r) - 1) > sp.Rational(len(r), 2 * 10 ** max(places, 1)):
            return False
    return True


def _agrees(e, x, slack, wide: int) -> bool:
    """At the printed precision; ``0.`` (numpy) has the decimals of its array, and an integer among
    decimals is read at ±0.5 as :func:`symattn.check.judge.match` reads it."""
    if e.places == 0 and wide:
        return agrees(e, x, read_at(e, wide), slack)
    return agrees(e, x, slack=slack)


def _texts(b: Block):
    return [[e.text for e in r] for r in b.rows]


_SEQ = (r"(?:seq_?len(?:gth)?|sequence length|序列长度|句子长度)\s*(?:(?:is|of)\s*)?(?:[=:：]\s*)?(?:\$\s*)?(\d+)\b|"
        r"(?:sequence|sentence|序列|句子) (?:of|with) (\d+) (?:tokens|words)\b|"
        r"(\d+)[- ](?:token|word) (?:sequence|sentence|input)")


def _seq_len(text: str, where: str = "stated-in-article") -> tuple[int, Reason] | None:
    """The sequence length a text states, when it states exactly one, and where (a reason code)."""
    found = {int(next(g for g in m.groups() if g)) for m in re.finditer(_SEQ, text, re.I)}
    if len(found) == 1:
        return found.pop(), R(where)
    return None


def _keep(b: Block, ones_keep: bool) -> list[list[bool]]:
    """Where a printed mask lets a query look (True) or hides (False)."""
    out = []
    for r in b.rows:
        if any(_hidden(e) for e in b.rows[0] + b.rows[-1]) or any(_hidden(e) for rr in b.rows for e in rr):
            out.append([not _hidden(e) for e in r])
        else:
            out.append([(e.value == 1) == ones_keep for e in r])
    return out


def _mask_orientation(b: Block) -> bool:
    """For a 1/0 mask: does 1 mean 'may attend'?  ``triu`` (PyTorch's boolean attn_mask) means hidden."""
    lab = _label(b)
    if re.search(r"triu|upper|上三角", lab, re.I):
        return False
    if re.search(r"tril|lower|下三角", lab, re.I):
        return True
    # a query always sees itself: the diagonal holds the 'attend' value
    diag = [b.rows[i][i].value for i in range(min(b.shape))]
    return not all(v == 0 for v in diag)


def _causal(n: int, c: int) -> list[list[bool]]:
    return [[j <= i + (c - n) for j in range(c)] for i in range(n)]


def _mask_claim(b: Block, text: str) -> Claim | None:
    n, c = b.shape
    lab = _label(b)
    additive = any(_hidden(e) for r in b.rows for e in r)
    ones_keep = True if additive else _mask_orientation(b)
    keep = _keep(b, ones_keep)
    causal_said = bool(_CAUSAL.search(lab))
    if not causal_said:
        return None
    L = _seq_len(lab, "stated-in-caption") or _seq_len(text)   # stated: printed scores may be another example's
    if L is not None and (n, c) != (L[0], L[0]):
        m = L[0]
        right = [[("0" if k else "-∞") if additive else ("1" if k == ones_keep else "0") for k in row]
                 for row in _causal(m, m)]
        return stated(b.line, b.source, "wrong", R("shape-of-mask"),
                      R("mask-shape", rows=n, cols=c, m=m, where=L[1]), claimed=_texts(b), expected=right,
                      entries=[{"entry": "shape of the mask", "line": b.line, "claimed": f"{n}×{c}",
                                "exact": f"{m}×{m}", "correct": f"{m}×{m}"}],
                      lines=sorted({e.line for r in b.rows for e in r}))
    if n != c:
        return None
    want = _causal(n, c)
    if keep == want:
        how = R("mask-zero-inf" if additive else "mask-one-keep" if ones_keep else "mask-one-hide")
        return stated(b.line, b.source, "exact", R("the-causal-mask"), R("causal-mask-is", how=how), claimed=_texts(b),
                      expected=_texts(b), lines=sorted({e.line for r in b.rows for e in r}))
    hide, show = ("-∞", "0") if additive else (("0", "1") if ones_keep else ("1", "0"))
    if b.rows[0][0].text in ("True", "False", "true", "false"):
        hide, show = ("False" if hide == "0" else "True"), ("False" if show == "0" else "True")
    checks = [(i, j, b.rows[i][j]) for i in range(n) for j in range(c) if keep[i][j] != want[i][j]]
    ents = [{"entry": f"mask[{i + 1},{j + 1}]", "line": e.line, "claimed": e.text,
             "exact": show if want[i][j] else hide, "correct": show if want[i][j] else hide} for i, j, e in checks]
    listing = [R("entry-fix", entry=f"[{d['entry'][5:]}", printed=d["claimed"], correct=d["correct"]) for d in ents[:4]]
    return stated(b.line, b.source, "wrong", R("the-causal-mask"), R("causal-mask-differs", items=listing),
                  claimed=_texts(b), entries=ents, lines=sorted({e.line for r in b.rows for e in r}))


def _masked_claim(b: Block, earlier: list, masks: list, text: str) -> Claim | None:
    """Masked scores: kept entries equal those of an earlier printed score block of the same shape."""
    kept = [(i, j, e) for i, r in enumerate(b.rows) for j, e in enumerate(r) if not _hidden(e)]
    if not kept:
        return None
    best = None
    for s in earlier:
        if s.shape != b.shape or b.line - s.line > 120:
            continue
        ok = sum(agrees(e, _val(s.rows[i][j])) for i, j, e in kept)
        if best is None or ok > best[0] or (ok == best[0] and s.line > best[1].line):
            best = (ok, s)
    if best is None or best[0] < max(1, (2 * len(kept) + 2) // 3) or len(kept) < 2:
        return None
    s = best[1]
    checks = [(i, j, e, _val(s.rows[i][j]), 0) for i, j, e in kept]
    mask = next((m for m in reversed(masks) if m.shape == b.shape and b.line - m.line < 80), None)
    if mask is not None:
        keep = _keep(mask, True if any(_hidden(e) for r in mask.rows for e in r) else _mask_orientation(mask))
        for i, r in enumerate(b.rows):
            for j, e in enumerate(r):
                if _hidden(e) and keep[i][j] and e.value == -sp.oo:
                    checks.append((i, j, e, _val(s.rows[i][j]), 0))
                elif not _hidden(e) and not keep[i][j]:
                    checks.append((i, j, e, mpmath.mpf("-inf"), 0))
        how = R("scores-under-mask", line=s.line, mask=mask.line)
    else:
        how = R("kept-scores", line=s.line)
    return judged_entries(b, R("q-masked"), checks, how)


def _weights_claim(b: Block, masked: list) -> Claim | None:
    """A masked softmax: each row the softmax of the finite entries of a printed masked row."""
    zeros = {(i, j) for i, r in enumerate(b.rows) for j, e in enumerate(r) if e.value == 0}
    if not zeros:
        return None
    found = []
    for m in sorted(masked, key=lambda m: -m.line):
        if m.shape[1] != b.shape[1] or m.shape[0] < b.shape[0] or b.line - m.line > 120 or m.line > b.line:
            continue
        hid = {(i, j) for i, r in enumerate(m.rows[:b.shape[0]]) for j, e in enumerate(r) if _hidden(e)}
        if hid != zeros and not (hid <= zeros and len(zeros - hid) <= 1):
            continue
        checks, empty = [], []
        for i, (r, mr) in enumerate(zip(b.rows, m.rows)):
            vals = [mpmath.mpf("-inf") if e.value == -sp.oo else _val(e) for e in mr]
            sm = softmax(vals)
            if sm is None:
                empty.append(i)
                continue
            d = half_unit(max((e.places or 0) for e in mr))
            for j, (e, x) in enumerate(zip(r, sm)):
                checks.append((i, j, e, x, 2 * d * x))
        if empty:
            return unverifiable(b.line, b.source, R("row-hidden-everywhere", row=empty[0] + 1),
                                what=R("masked-softmax"), claimed=_texts(b),
                                lines=sorted({e.line for r in b.rows for e in r}))
        bad = sum(not agrees(e, x, slack=s) for _, _, e, x, s in checks if x != 0)
        found.append((bad, -m.line, m, checks))
    if not found:
        return None
    bad, _, m, checks = min(found, key=lambda f: f[:2])
    live = sum(1 for c in checks if c[3] != 0)
    if bad and (bad * 3 > live or len(found) > 1 and sorted(f[0] for f in found)[1] == bad):
        return None     # most of it disagrees, or two printed steps fit as well: not bound
    return judged_entries(b, R("masked-softmax"), checks, R("softmax-of-masked", line=m.line))


def _output_claim(b: Block, weights: list, values: list, masked: list) -> Claim | None:
    """A⋅V with A the masked softmax bound above: the exact softmax of the printed masked scores
    times the printed V (the rounding of the masked scores carried as slack)."""
    if hint(b.labels[:2]) != "output" or not weights or not values:
        return None
    w, v = weights[-1], values[-1]
    if v.shape[0] != w.shape[1] or b.shape != (w.shape[0], v.shape[1]) or v.line > b.line:
        return None
    if any(not e.value.is_finite for r in v.rows for e in r):
        return None
    m = next((m for m in reversed(masked) if m.line < w.line and m.shape[1] == w.shape[1]), None)
    if m is None:
        return None
    d = half_unit(max((e.places or 0) for r in m.rows for e in r))
    vmax = max(abs(_val(e)) for r in v.rows for e in r)
    checks = []
    for i, mr in enumerate(m.rows[:b.shape[0]]):
        a = softmax([mpmath.mpf("-inf") if e.value == -sp.oo else _val(e) for e in mr])
        if a is None:
            return None
        with mpmath.workdps(40):
            row = [sum(x * _val(vr[j]) for x, vr in zip(a, v.rows)) for j in range(v.shape[1])]
        checks += [(i, j, e, x, 2 * d * vmax) for j, (e, x) in enumerate(zip(b.rows[i], row))]
    return judged_entries(b, R("masked-output"), checks, R("masked-output-of", line=m.line, v=v.line))


_VALID = re.compile(r"valid_?lens?|valid_?lengths?|key_?lengths?|seq_?lens|有效长度|masked_softmax\s*\(", re.I)


def _valid_lengths(blocks: list[Block]) -> list[Claim]:
    """A padding mask given as valid lengths (``masked_softmax(X, torch.tensor([2, 3]))``, one per batch
    or one per batch and query): the weight printed beyond a row's valid length is exactly 0, and a
    row with one valid key gives it all the weight."""
    out = []
    for k, b in enumerate(blocks):
        if not b.labels or not _VALID.search(b.labels[0]) or b.shape[0] > 16:
            continue
        lens = [[e.value for e in r] for r in b.rows]
        if not all(v.is_integer and v >= 0 for r in lens for v in r):
            continue
        per_batch = [[int(v)] for v in lens[0]] if b.shape[0] == 1 else [[int(v) for v in r] for r in lens]
        after = []
        for w in blocks[k + 1:]:
            if _kind(w) != "weights" or w.line - b.line > 40 or len(after) == len(per_batch):
                break
            after.append(w)
        if len(after) != len(per_batch):
            continue
        for w, ls in zip(after, per_batch):
            if len(ls) not in (1, w.shape[0]) or max(ls) > w.shape[1]:
                break
            checks = []
            for i, r in enumerate(w.rows):
                n = ls[0] if len(ls) == 1 else ls[i]
                checks += [(i, j, e, mpmath.mpf(0), 0) for j, e in enumerate(r) if j >= n]
                if n == 1:
                    checks.append((i, 0, r[0], mpmath.mpf(1), 0))
            if checks:
                out.append(judged_entries(w, R("padding-by-length"), checks,
                                  R("valid-lengths", lengths=str([l[0] if len(l) == 1 else l for l in per_batch]),
                                    line=b.line)))
    return out


def mask_claims(doc: Document, blocks: list[Block]) -> list[Claim]:
    """Claims about masks, masked scores and masked softmax rows (see the module doc)."""
    text = doc.text
    tables = mask_tables(doc.lines) + bool_masks(doc.lines)
    taken = {ln for t in tables for ln in range(t.line, t.end + 1)}
    blocks = sorted([b for b in stitch(blocks) if not {e.line for r in b.rows for e in r} & taken] + tables,
                    key=lambda b: (b.line, b.end))
    out: list[Claim] = []
    seen: list[tuple[Block, str]] = []
    for b in blocks:
        kind = _kind(b)
        if kind is None:
            seen.append((b, kind))    # V, for the output
            continue
        if kind == "mask":
            # (a length stated after the mask is another example's: "For seq_length=5:" further down)
            c = _mask_claim(b, "\n".join(doc.lines[:b.line - 1]))
        elif kind == "masked":
            c = _masked_claim(b, [s for s, k in seen if k == "scores"], [s for s, k in seen if k == "mask"], text)
        elif kind == "weights" and hint(b.labels[:2]) != "output":
            c = _weights_claim(b, [s for s, k in seen if k == "masked"])
            if c is not None and c.status in ("exact", "rounded"):
                kind = "bound"
        else:
            c = _output_claim(b, [s for s, k in seen if k == "bound"],
                              [s for s, k in seen if hint(s.labels[:2]) == "V"], [s for s, k in seen if k == "masked"])
        seen.append((b, kind))
        if c is not None:
            out.append(c)
    done = {c.line for c in out}
    return out + [c for c in _valid_lengths(blocks) if c.line not in done]
