r"""Softmax with a temperature: a row that states its temperature and prints a distribution.

``| T = 0.5 | [0.02, 0.14, 0.84] |``, ``T = 2: P = [0.50, 0.30, 0.19]``, ``| T = 1.0 | 0.0024 | 0.0066 |
0.9910 |``, or a line of its own right above the row (``# T = 0.5``): the row names its parameter (``T = t``, ``τ = t``, ``temperature t``) and prints n numbers
that add up to about 1.  The distribution is softmax(z / t) of the logits z the article printed before
it: a vector of the same length that is no distribution itself.  The row binds only when exactly one
such vector exists (two different candidates leave it unverifiable), and each entry is then judged
at its printed precision against the exact softmax (SymPy's exp, no float in the value).

Input: the lines of the article's :class:`~symattn.check.document.Document`.  Output: claims.

>>> from symattn.check.document import Document
>>> doc = Document.of("logits z = [1, 2, 3]\n\n| T = 0.5 | [0.02, 0.14, 0.84] |\n")
>>> (c,) = temperature_claims(doc)
>>> c.status, [e["correct"] for e in c.entries]
('wrong', ['0.12', '0.87'])
"""

from __future__ import annotations

import re

import sympy as sp

from ..claims import Claim, Reason
from ..document import Document
from ..quantities import softmax
from ..verdict import judged
from ..read import _cells, _is_rule
from .verdicts import _entry

__all__ = ["temperature_claims"]

#: a temperature stated on a row: T = 0.5, $T = 2.0$, τ=10, temperature 0.7, temp=1.5
_T = re.compile(r"(?:(?<![\w\\])(?:T|τ|\\tau)\s*=|\b[Tt]emp(?:erature)?\s*(?:=|:)?)\s*\$?\s*(\d+(?:\.\d+)?)(?![\d.])")
#: a printed number (the Document writes them in one notation)
_NUM = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d+)?(?![\w.])")
_LIST = re.compile(r"\[([^\[\]]{1,300})\]")


def temperature_claims(doc: Document) -> list[Claim]:
    out: list[Claim] = []
    logits: list[tuple[int, tuple]] = []   # (line, values) of every printed vector that is no distribution
    at_one: list[tuple[int, tuple]] = []   # (line, values) of every distribution stated at T = 1
    stated = None   # (t, line): a temperature stated on a line of its own, for the distribution under it
    for n, line in enumerate(doc.lines, 1):
        row = _row(line)
        if row is None and stated is not None and n - stated[1] <= 2:
            row = _row(f"T = {stated[0]} " + line)   # "# T = 0.5 (sharper)" over "# Probabilities: [..]"
        ts = set(_T.findall(line))
        if row is None and len(ts) == 1 and not _LIST.search(line):
            stated = (ts.pop(), n)
        elif line.strip() and row is None:
            stated = None
        if row is not None:
            stated = None
            t, texts = row
            same = {v for _, v in logits if len(v) == len(texts)}
            base = {v for _, v in at_one if len(v) == len(texts)}
            if len(same) == 1 and sp.Rational(t) > 0:
                z = same.pop()
                at = next(ln for ln, v in reversed(logits) if v == z)
                out.append(_claim(n, line, t, texts, z, at))
            elif not same and len(base) == 1 and sp.Rational(t) not in (0, 1):
                # no logits printed, a distribution at T = 1 is: it is softmax(z), so z = log p
                p = base.pop()
                at = next(ln for ln, v in reversed(at_one) if v == p)
                out.append(_claim(n, line, t, texts, tuple(sp.log(x) for x in p), at, of_distribution=True))
            if sp.Rational(t) == 1 and all(sp.Rational(x) > 0 for x in texts):
                at_one.append((n, tuple(sp.Rational(x) for x in texts)))
            continue
        for m in _LIST.finditer(line):
            vals = _values(m.group(1))
            if vals and len(vals) >= 2 and abs(sum(vals) - 1) > sp.Rational(1, 20):
                logits.append((n, tuple(vals)))
    out += _table_claims(doc)
    return [c for c in out if c is not None]


def _table_claims(doc: Document) -> list[Claim]:
    """A Markdown table whose columns each state a temperature in their header (``| Token | Prob
    (T=1) | Prob (T=0.5) | Prob (T=2.0) |``), one of them T = 1: that column is the distribution p =
    softmax(z) of logits the table need not print, and the column at T = t is softmax(z / t), which
    is p^(1/t) renormalised.  Each row's entries at the other temperatures are judged, against the
    exact values from the printed p (a claim per row, on its line)."""
    out, lines, n = [], doc.lines, 0
    while n + 1 < len(lines):
        if lines[n].count("|") < 2 or not _is_rule(lines[n + 1]) or "|" not in lines[n + 1]:
            n += 1
            continue
        header, rows, k = _cells(lines[n]), [], n + 2
        while k < len(lines) and lines[k].strip().startswith("|"):
            rows.append((k + 1, _cells(lines[k])))
            k += 1
        out += _temperature_columns(header, rows, n + 1)
        n = k
    return out


def _temperature_columns(header: list[str], rows, at: int) -> list[Claim]:
    ts = {j: _T.findall(h) for j, h in enumerate(header)}
    shown = {j: t[0] for j, t in ts.items() if len(set(t)) == 1}   # as printed: T = 0.5, not 1/2
    cols = {j: sp.Rational(t) for j, t in shown.items()}
    if len(cols) < 2 or len(set(cols.values())) != len(cols) or 1 not in cols.values() or \
            any(t <= 0 for t in cols.values()) or len(rows) < 2:
        return []
    base = next(j for j, t in cols.items() if t == 1)

    def column(j):
        got = [_entry(r[j], n) if j < len(r) and _NUM.fullmatch(r[j]) else None for n, r in rows]
        return got if all(e is not None for e in got) and abs(sum(e.value for e in got) - 1) <= \
            sp.Rational(len(got), 50) else None   # a distribution, give or take its rounding
    p = column(base)
    if p is None or any(e.value <= 0 for e in p):
        return []
    others = {j: column(j) for j in cols if j != base}
    others = {j: c for j, c in others.items() if c is not None}
    exact = {j: softmax([sp.log(e.value) / cols[j] for e in p]) for j in others}
    out = []
    for i, (n, cells) in enumerate(rows):
        js = sorted(others)
        if not js:
            break
        how = Reason.of("temperature-of-distribution", t=", ".join(shown[j] for j in js), line=at)
        out.append(judged(n, " ".join(cells), how, [[others[j][i] for j in js]], [[exact[j][i] for j in js]],
                          how=how, names=[[f"T = {shown[j]}" for j in js]]))
    return out


def _values(inner: str):
    parts = [p.strip().strip("$ ").replace("\\mathbf{", "").replace("}", "").replace("\\", "").strip()
             for p in re.split(r",|;", inner)]
    if not parts or any(not re.fullmatch(r"[-−]?\d+(?:\.\d+)?", p) for p in parts):
        return None
    return [sp.Rational(p.replace("−", "-")) for p in parts]


def _row(line: str):
    """(t, printed texts) when the line states one temperature and prints a distribution."""
    ts = _T.findall(line)
    if len(set(ts)) != 1:
        return None
    rest = _T.sub(" ", line)
    lists = _LIST.findall(rest)
    if len(lists) > 1:
        return None
    inner = lists[0] if lists else rest
    inner = re.sub(r"\\mathbf\{([^{}]*)\}|\*\*([^*]*)\*\*", lambda m: m.group(1) or m.group(2), inner)
    texts = _NUM.findall(inner)
    if len(texts) < 2 or any(not (0 <= float(x.replace("−", "-")) <= 1) for x in texts):
        return None
    total = sum(sp.Rational(x) for x in texts)
    if abs(total - 1) > sp.Rational(len(texts), 50):   # about 1, give or take their rounding
        return None
    return ts[0], texts


def _claim(n: int, line: str, t, texts: list[str], z: tuple, at: int, of_distribution: bool = False) -> Claim | None:
    entries = [_entry(x, n) for x in texts]
    if any(e is None for e in entries):
        return None
    exact = softmax([x / sp.Rational(t) for x in z])
    how = Reason.of("temperature-of-distribution" if of_distribution else "softmax-temperature", t=t, line=at)
    return judged(n, line.strip(), how, [entries], [list(exact)], how=how,
                  names=[[f"[{k + 1}]" for k in range(len(entries))]])
