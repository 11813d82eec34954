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
            if len(same) == 1 and sp.Rational(t) > 0:
                z = same.pop()
                at = next(ln for ln, v in reversed(logits) if v == z)
                out.append(_claim(n, line, t, texts, z, at))
            continue
        for m in _LIST.finditer(line):
            vals = _values(m.group(1))
            if vals and len(vals) >= 2 and abs(sum(vals) - 1) > sp.Rational(1, 20):
                logits.append((n, tuple(vals)))
    return [c for c in out if c is not None]


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


def _claim(n: int, line: str, t, texts: list[str], z: tuple, at: int) -> Claim | None:
    entries = [_entry(x, n) for x in texts]
    if any(e is None for e in entries):
        return None
    exact = softmax([x / sp.Rational(t) for x in z])
    how = Reason.of("softmax-temperature", t=t, line=at)
    return judged(n, line.strip(), how, [entries], [list(exact)], how=how,
                  names=[[f"[{k + 1}]" for k in range(len(entries))]])
