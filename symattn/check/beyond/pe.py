"""Sinusoidal positional encodings PE(pos, 2i) = sin(pos/10000^(2i/d)), PE(pos, 2i+1) = cos(·), in
either layout, and the sums X = E + PE.

Input: the lines of the article's :class:`~symattn.check.document.Document` (and its blocks).
Output: a list of :class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

from dataclasses import replace

import re

import mpmath

from ..claims import Claim, Reason
from .verdicts import _DPS, _entry, _near, _val, _vector

R = Reason.of


def _pe_formula(text: str) -> bool:
    """The article states the sinusoidal encoding: sin and cos of pos / 10000^(2i/d)."""
    return bool(re.search(r"10000\s*\^", text) and re.search(r"\bsin", text) and re.search(r"\bcos", text))


def _pe_value(pos: int, j: int, d: int, layout: str):
    with mpmath.workdps(_DPS):
        if layout == "interleaved":
            i, f = j // 2, (mpmath.sin if j % 2 == 0 else mpmath.cos)
        else:   # [sin ..., cos ...] halves
            half = (d + 1) // 2
            i, f = (j, mpmath.sin) if j < half else (j - half, mpmath.cos)
        return f(pos / mpmath.power(10000, mpmath.mpf(2 * i) / d))


def _vector_rows(lines: list[str], blocks):
    """Runs of rows of plain numbers, in whatever layout the reader found them (``| 1 | [0.841,
    0.540] |``, ``[[0.1 1.2]  # The``, ``0.1 & 1.2 \\``, ``[[0.1, 1.2], [0.5, 0.4]]``): a printed
    matrix is a run, and so are one-row prints on consecutive lines; a row that is the result of an
    equation on its line is left out: [(caption, [(line, row label, [Entry])])]."""
    runs, single = [], []
    for b in blocks:
        if b.operand or b.index or any(len({e.line for e in r}) != 1 for r in b.rows):
            continue
        run, first = [], [r[0] for r in b.rows]
        # a first column counting 0, 1, 2, … (or from 1) is the rows' index (| pos | PE … |), not data
        index = len(b.rows) >= 3 and len(b.rows[0]) >= 3 and all(
            e.places == 0 and e.value == k + first[0].value for k, e in enumerate(first)) and first[0].value in (0, 1)
        for k, r in enumerate(b.rows):
            n = r[0].line
            if "=" in lines[n - 1]:
                continue
            label = first[k].text if index else b.row_labels[k] if k < len(b.row_labels) else \
                (b.labels[0] if b.labels and len(b.rows) == 1 else "")
            run.append((n, label.strip(" |*`:→-#"), list(r[1:] if index else r)))
        if len(b.rows) > 1 and len(run) == len(b.rows):
            runs.append(run)
        elif len(b.rows) == 1:
            single += run
    cur = []
    for row in sorted(single, key=lambda t: t[0]):
        if cur and row[0] == cur[-1][0] + 1 and len(row[2]) == len(cur[-1][2]):
            cur.append(row)
            continue
        if cur:
            runs.append(cur)
        cur = [row]
    if cur:
        runs.append(cur)
    runs.sort(key=lambda run: run[0][0])
    out = []
    for run in runs:
        top = run[0][0]
        caption = []
        k = top - 2
        while k >= 0 and len(caption) < 3 and top - k < 6:
            s = lines[k].strip()
            if len(re.findall(r"\d+\.\d+", s)) >= 2 and re.match(r"(?:tensor|array)?[\[(]|[-−]?\d", s):
                break   # the rows of another print above it: its comments caption that one, not this
            if s and not re.fullmatch(r"[|\s:-]+", s):
                caption.append(s)
            k -= 1
        out.append((" ".join(caption), run))
    return out


_PE_LABEL = re.compile(r"positional|position|\bPE\b|\bP_|\$P_i\$|位置|位置エンコ|위치", re.I)


def _pe_tables(text: str, lines: list[str], blocks) -> list[Claim]:
    runs = _vector_rows(lines, blocks)
    if not _pe_formula(text):
        return _sums(runs, [], lines) if _PE_LABEL.search(text) else []
    out = []
    pe_blocks = []   # (run, exact rows, first wrong line)
    for caption, run in runs:
        head = caption.split("  ")[0]
        # a table the caption names as the encoding, or (in an article that states the formula) one
        # whose rows are counted by position, 0, 1, 2, … (| pos | vector |, whatever the header says)
        if not (_PE_LABEL.search(caption) or _counted(run)) or re.search(r"\bembedding", head, re.I) and not \
                re.search(r"encoding", head, re.I):
            continue
        width = len(run[0][2])
        if width < 2:
            continue   # one number per position: a column of positions as often as PE(pos, 0)
        positions = _positions(run)
        best = None
        # the width the article states, or the table's own (an article may state d for a smaller example)
        for d in dict.fromkeys((_stated_d(text, width), width)):
            for layout in ("interleaved", "halves"):
                vals = [[_pe_value(p, j, d, layout) for j in range(width)] for p in positions]
                score = sum(_near(e, x) for (_, _, ents), row in zip(run, vals) for e, x in zip(ents, row))
                if best is None or score > best[0]:
                    best = (score, layout, vals, d)
        score, layout, vals, d = best
        if score < width:   # not even one position's worth of agreement: not this encoding
            continue
        root = None
        for (ln, label, ents), row, p in zip(run, vals, positions):
            c = _vector(ln, lines[ln - 1].strip(), R("pe-at", pos=p, d=d), ents, row,
                        R("pe-formula-layout", d=d, layout=R("layout-" + layout)),
                        names=[f"PE({p}, {j})" for j in range(width)])
            if c.status == "wrong" and root is None:
                root = ln
            out.append(c)
        pe_blocks.append((run, vals, root))
    out.extend(_sums(runs, pe_blocks, lines))
    return out


def _stated_d(text: str, width: int) -> int:
    m = re.search(r"(?:d_?\{?model\}?|\bd|dimension|dim)\s*(?:\$\s*)?[=:]\s*(?:\$\s*)?(\d+)", text, re.I)
    return int(m.group(1)) if m else width


def _counted(run) -> bool:
    """Are the run's rows labelled 0, 1, 2, … (or from 1), three rows or more?"""
    labels = [lb for _, lb, _ in run]
    return len(run) >= 3 and all(re.fullmatch(r"\d+", lb) for lb in labels) and \
        [int(lb) for lb in labels] == list(range(int(labels[0]), int(labels[0]) + len(run))) and labels[0] in ("0", "1")


def _positions(run) -> list[int]:
    labels = [lb for _, lb, _ in run]
    if all(re.fullmatch(r"\d+", lb) for lb in labels):
        return [int(lb) for lb in labels]
    return list(range(len(run)))


def _sums(runs, pe_blocks, lines) -> list[Claim]:
    """A table equal to an earlier table plus another, entry by entry (X = E + PE): bound by its
    values against the printed operands; judged against the exact encoding where the second
    operand is a sinusoidal table, else against the printed sum."""
    out = []
    exact_of = {id(run): (vals, root) for run, vals, root in pe_blocks}

    def before(a, b) -> bool:   # printed above it, or in a column to its left on the same lines
        return (a[0][0], a[0][2][0].pos) < (b[0][0], b[0][2][0].pos)
    done = set()
    for _, run in runs:
        width, rows = len(run[0][2]), len(run)
        for _, run_p in runs:
            if id(run) in done or run_p is run or not before(run_p, run) or len(run_p) != rows \
                    or len(run_p[0][2]) != width:
                continue
            for _, run_e in runs:
                if run_e is run or run_e is run_p or len(run_e) != rows or len(run_e[0][2]) != width \
                        or not before(run_e, run) or id(run_e) in exact_of:
                    continue
                printed = [[_val(a) + _val(b) for a, b in zip(r_e[2], r_p[2])] for r_e, r_p in zip(run_e, run_p)]
                agree = [_near(e, x) for r, pr in zip(run, printed) for e, x in zip(r[2], pr)]
                if not (all(agree) or id(run_p) in exact_of and len(agree) >= 4 and sum(agree) >= 2 * len(agree) / 3):
                    continue   # (its values bind it: all of them, or two thirds of four or more over a
                    # sinusoidal table, whose values the article's formula gives)
                if any(all(_near(e, _val(a)) for r, r_o in zip(run, one) for e, a in zip(r[2], r_o[2]))
                       for one in (run_e, run_p)):
                    continue   # the table is one operand again, the other too small to show at its
                    # precision (W restated under a gradient of 0.05): no evidence of a sum
                exact, root = exact_of.get(id(run_p), (None, None))
                for k, (ln, _, ents) in enumerate(run):
                    if exact is None:
                        vals, how = printed[k], R("sum-of-rows", a=min(run_e[k][0], run_p[k][0]),
                                                  b=max(run_e[k][0], run_p[k][0]))
                    else:
                        vals = [_val(a) + x for a, x in zip(run_e[k][2], exact[k])]
                        how = R("embeddings-plus-encoding", line=run_e[k][0])
                    c = _vector(ln, lines[ln - 1].strip(), "X = E + PE", ents, vals, how,
                                cause="carried" if root else "slip", root=root)
                    if c.status == "wrong" and root:
                        c = replace(c, reason=R("reasons", items=[c.reason, R("follows-wrong-encoding", line=root)]))
                    out.append(c)
                done.add(id(run))
                break
    return out


_ELLIPSES = ("...", "…", "\\dots", "\\ldots", "\\cdots")
_STATED_D = re.compile(r"(?:d_?\{?model\}?|\bd)\s*\**\s*=\s*(\d+)")
_PE_VEC = re.compile(r"\b(?:PE|P)\s*(?:_\{?|\(|\[)\s*(\d+)\s*\}?\)?\]?\s*=\s*\[([^\[\]]+)\]")


def _pe_vectors(text: str, lines: list[str], chains: list[Claim]) -> list[Claim]:
    """``PE_1 = [0.841, 0.540, 0.001, 1.0, ...]``: the first entries of one position's encoding, with the
    d that the formulas just above use (``10000^(2/512)``), else a d the article states."""
    if not _pe_formula(text):
        return []
    out = []
    for n, raw in enumerate(lines, 1):
        m = _PE_VEC.search(raw)
        if not m or re.search(r"[+\-−*×·]\s*$", raw[:m.start()]):
            continue   # ("embedding + PE(1) = [..]": the list is the sum's, not the encoding's)
        parts = [p.strip() for p in m.group(2).split(",")]
        while parts and parts[-1] in _ELLIPSES:
            parts.pop()
        # "[0.84, 0.54, ..., 0.001, 1.0]": its first entries, and after the ellipsis its last ones
        gaps = [k for k, p in enumerate(parts) if p in _ELLIPSES]
        if len(gaps) > 1:
            continue
        head, tail = (parts[:gaps[0]], parts[gaps[0] + 1:]) if gaps else (parts, [])
        ents = [_entry(p, n) for p in head + tail]
        if not ents or any(e is None for e in ents):
            continue
        pos = int(m.group(1))
        near = "\n".join(lines[max(0, n - 16):n - 1])
        local = sorted({int(d) for d in re.findall(r"10000\s*\^\s*(?:[({]\s*)?\d+\s*/\s*(\d+)", near)} - {0})
        stated = [int(d) for d in _STATED_D.findall("\n".join(lines[:n - 1])) if int(d)]   # (a width of 0 is no width)
        # the width the formulas just above use, else the one stated last before it (the example's own:
        # "d_model = 512 (the full-size model)" after a toy of 8), else any the article states
        cands = local or stated[-1:] or sorted({int(d) for d in _STATED_D.findall(text)} - {0})
        cands = [d for d in cands if d >= len(head) + len(tail)]
        if not cands:
            continue
        at = lambda d: list(range(len(head))) + list(range(d - len(tail), d))   # noqa: E731
        fits = [d for d in cands if all(_near(e, _pe_value(pos, j, d, "interleaved")) for j, e in zip(at(d), ents))]
        if fits or len(cands) == 1:
            d = (fits or cands)[0]
            vals = [_pe_value(pos, j, d, "interleaved") for j in at(d)]
            c = _vector(n, raw.strip(), R("pe-at", pos=pos, d=d), ents, vals, R("pe-formula", d=d),
                        names=[f"PE({pos}, {j})" for j in at(d)])
            if c.status == "wrong":
                earlier = [x for x in chains if x.status == "wrong" and n - 12 <= x.line < n
                           and x.claimed in {d_["claimed"] for d_ in c.entries}]
                if earlier:
                    c = replace(c, cause="carried", root=earlier[0].root or earlier[0].line)
            out.append(c)
    return out
