r"""Softmax quantities printed as named matrices: weights softmax(S), the Jacobian diag(a) − aaᵀ, and
online softmax's running maximum m^(t), running sum ℓ^(t), unnormalised output Õ^(t), the output O
and the log-sum-exp, tile by tile.

Input: the article's text and its displays (:func:`.display.displays`).  Output: claims, judged by
:func:`.readings.judge` against every reading the article leaves open: the scores are the printed
ones (S̃, S) or Q Kᵀ with or without ÷√d_k; a distribution a is a printed row of the weights or a
printed vector; tiles hold the stated number of keys (``tiles of 2``, ``B_c = 2``) or any number.

>>> t = ("$$a = \\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}$$\n"
...      "$$J = \\begin{bmatrix} 0.25 & -0.25 \\\\ -0.25 & 0.20 \\end{bmatrix}$$\n")
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> c = softmax_claims(doc, displays(doc))[0]
>>> c.status, c.entries[0]["correct"]
('wrong', '0.25')
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..quantities import softmax
from ..verdict import stated
from .arith import _DPS
from .display import Display
from .readings import judge
from .variance import sums_to_one
from .verdicts import _val

__all__ = ["softmax_claims"]

R = Reason.of

_WEIGHTS = re.compile(r"A|P|a|p|\\alpha|α|weights|attn|softmax\(.*\)|A~|P~")
# J, J^(1), J_2; ∂a/∂z, \frac{\partial p}{\partial s}: the output of softmax over its input
_JAC = re.compile(r"J(?:\^\((\w+)\)|_(\d+)|\^(\d+)|\((\w+)\))?"
                  r"|\\partial(?:a|p|\\alpha|α)/\\partial[a-z]|\\frac\\partial(?:a|p|\\alpha|α)\\partial[a-z]")
_SCORES = re.compile(r"S~|S|S_scaled|scores|S'|\\hat\w*S")
_TILES = re.compile(r"tiles? of (\d+)|blocks? of (\d+)|B_\{?[cr]\}?\s*=\s*(\d+)|block[_ ]size\s*=\s*(\d+)|每块\s*(\d+)", re.I)


def softmax_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on softmax weights, Jacobians and online-softmax states (see the module doc)."""
    with mpmath.workdps(_DPS):
        return _claims(doc, disps)


def _context(text: str):
    """(online softmax?, the stated tile sizes)."""
    online = bool(re.search(r"online|flash|running (?:max|sum)|tile|在线|分块", text, re.I))
    return online, sorted({int(g) for m in _TILES.finditer(text) for g in m.groups() if g})


def _claims(doc, disps):
    text = doc.text
    out = []
    online, tiles = _context(text)
    if online:
        out += _starts(doc.lines) + _tiling(doc.lines, disps)
    for k, d in enumerate(disps):
        earlier = disps[:k]
        got = _readings(d, earlier, online, tiles)
        if got:
            c = judge(d, got[0], got[1])
            if c is not None:
                out.append(c)
    return out


_START = re.compile(r"(?<![\w\\])(m|\\ell|ℓ|l|\\tilde\{O\}|Õ|O)(?:\^\{?\(0\)\}?|_\{?0\}?)\s*=\s*"
                    r"(-\s*\\infty|[-−]\s*∞|0)(?![\d.])")


def _starts(lines) -> list[Claim]:
    """``m^{(0)} = -∞``, ``ℓ^{(0)} = 0``, ``Õ^{(0)} = 0``: the state before any tile (no key seen)."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _START.finditer(raw):
            want_inf = m.group(1) == "m"
            if want_inf == ("infty" in m.group(2) or "∞" in m.group(2)):
                out.append(stated(n, raw.strip(), "exact", R("online-start"), R("online-start-state"),
                                  claimed=m.group(0), expected=m.group(2)))
    return out


_TILING = re.compile(r"(\d+) keys? in (\d+) tiles? of (\d+)|(\d+) 个键按每块 (\d+) 个分成 (\d+) 块", re.I)


def _tiling(lines, disps) -> list[Claim]:
    """``3 keys in 2 tiles of 2``: ⌈keys / size⌉ tiles, and as many keys as the scores have columns."""
    scores, _ = _scores(disps)
    widths = {len(s[0]) for s, _ in scores}
    out = []
    for n, raw in enumerate(lines, 1):
        m = _TILING.search(raw)
        if not m:
            continue
        keys, tiles, size = (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m.group(1) else \
            (int(m.group(4)), int(m.group(6)), int(m.group(5)))
        if size and tiles == -(-keys // size) and (not widths or widths == {keys}):
            out.append(stated(n, raw.strip(), "exact", R("online-tiles"),
                              R("tiles-of", keys=keys, size=size, tiles=tiles), claimed=m.group(0)))
    return out


def _mat(d: Display):
    return [[_val(e) for e in r] for r in d.rows]


def _exact_first(disps):
    """Each name's displays, an exact one before its decimals; latest name first."""
    return sorted(reversed(disps), key=lambda d: d.rel != "=")


def _scores(earlier):
    """(scores, how) the article determines: printed S̃ or S, and Q Kᵀ with and without ÷√d_k."""
    out = []
    for d in _exact_first(earlier):
        if _SCORES.fullmatch(d.name):
            out.append((_mat(d), R("printed-scores", head=d.head, line=d.line)))
    given = {d.name: _mat(d) for d in _exact_first(earlier)[::-1] if d.name in ("Q", "K", "V") and d.rel == "="}
    q, k = given.get("Q"), given.get("K")
    if q and k and len(q[0]) == len(k[0]):
        s = [[sum(a * b for a, b in zip(qr, kr)) for kr in k] for qr in q]
        out.append(([[x / mpmath.sqrt(len(q[0])) for x in r] for r in s], f"Q Kᵀ/√{len(q[0])}"))
        out.append((s, "Q Kᵀ"))
    return out, given.get("V")


def _distributions(earlier):
    """(row, how): printed rows of weights and printed probability vectors."""
    out, names = [], set()
    for d in _exact_first(earlier):
        if not _WEIGHTS.fullmatch(d.name) or d.name in names:
            continue   # one display per name: its exact value, not also its decimals
        names.add(d.name)
        for i, (r, printed) in enumerate(zip(_mat(d), d.rows)):
            if all(x >= 0 for x in r) and sums_to_one(printed):
                out.append((r, i, R("dist-row", row=i + 1, head=d.head, line=d.line) if d.shape[0] > 1
                            else R("dist-printed", head=d.head, line=d.line)))
    return out


def _readings(d: Display, earlier, online, tiles):
    rows, cols = d.shape
    name = d.name
    m = _JAC.fullmatch(name)
    if m and rows == cols > 1:
        idx = next((g for g in m.groups() if g), None)
        dists = [(r, h) for r, i, h in _distributions(earlier) if len(r) == cols
                 and (idx is None or not idx.isdigit() or i == int(idx) - 1)]
        return R("softmax-jacobian"), [
            ([(a[i] if i == j else 0) - a[i] * a[j] for i in range(cols) for j in range(cols)],
             R("jacobian-of", dist=h)) for a, h in dists]
    scores, v = _scores(earlier)
    if _WEIGHTS.fullmatch(name):
        vecs = [(s, h) for s, h in scores if (len(s), len(s[0])) == (rows, cols)]
        vecs += [(_mat(e), R("given-at", name=e.head, line=e.line)) for e in _exact_first(earlier)
                 if e.shape == (rows, cols) and not _WEIGHTS.fullmatch(e.name) and rows == 1]
        return R("q-weights"), [([x for r in s for x in softmax(r)], R("row-softmax-of", scores=h)) for s, h in vecs]
    if not online:
        return None
    m = re.fullmatch(r"(?:S~|S)\^\((\d+)\)", name)
    if m:
        t, out = int(m.group(1)), []
        for s, how in scores:
            if len(s) != rows:
                continue
            for b in tiles or range(1, len(s[0]) + 1):
                cut = [r[(t - 1) * b:t * b] for r in s]
                if cut and len(cut[0]) == cols:
                    out.append(([x for r in cut for x in r], R("score-columns", first=(t - 1) * b + 1,
                                                                 last=min(t * b, len(s[0])), scores=how)))
        return (R("tile-scores", t=m.group(1)), out) if out else None
    m = re.fullmatch(r"(m|\\ell|ℓ|l|L|O~|O|lse|LSE|logsumexp)(?:\^\((\d+)\)|_(\d+)|\^(\d+))?", name)
    if not m:
        return None
    what, t = m.group(1), next((int(g) for g in m.groups()[1:] if g), None)
    out = []
    vector = rows == 1 or cols == 1   # m, ℓ, lse: one number per query, as a row or a column
    for s, how in scores:
        n = len(s[0])
        if (rows * cols if vector and what not in ("O~", "O") else rows) != len(s):
            continue
        seen = sorted({min(n, t * b) for b in (tiles or range(1, n + 1))}) if t is not None else [n]
        for upto in seen:
            part = [r[:upto] for r in s]
            mx = [max(r) for r in part]
            ex = [[mpmath.exp(x - mr) for x in r] for r, mr in zip(part, mx)]
            ell = [sum(r) for r in ex]
            where = R("keys-upto", scores=how, upto=upto)
            if what == "m" and vector:
                out.append((mx, R("row-max-of", where=where)))
            elif what in ("\\ell", "ℓ", "l", "L") and vector:
                out.append((ell, R("exp-sum-over", where=where)))
            elif what in ("lse", "LSE", "logsumexp") and vector:
                out.append(([a + mpmath.log(b) for a, b in zip(mx, ell)], R("lse-over", where=where)))
            elif what in ("O~", "O") and v is not None and cols == len(v[0]) and len(v) >= upto:
                ot = [[sum(e * v[j][c] for j, e in enumerate(r)) for c in range(cols)] for r in ex]
                if what == "O~":
                    out.append(([x for r in ot for x in r], R("exp-v-over", where=where)))
                elif upto == n:
                    out.append(([x / li for r, li in zip(ot, ell) for x in r], R("softmax-times-v", scores=how)))
    return (R("online-state", name=what), out) if out else None
