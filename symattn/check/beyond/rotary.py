r"""RoPE quantities printed as named matrices: the frequencies θ_i = b^(−2(i−1)/d), the angle table
Φ = p_m θ_i, a rotation R_p (2×2, or d×d block-diagonal), the rotated queries and keys Q̃, K̃, and the
scores Q̃ K̃ᵀ.

Input: the article's text and its displays (:func:`.display.displays`).  Output: claims.
Each quantity is computed under every reading the article leaves open (the base b, positions from 0
or 1, interleaved or rotate_half pairing, the sign of sin): right when one reading fits every entry;
wrong only when one reading, and no other as well, fits at least two thirds of the entries (the rest
are slips, and that reading is the witness).  Otherwise nothing is said.

>>> from symattn.check.beyond.display import displays
>>> t = "RoPE. $$R(1) = \\begin{bmatrix} 0.5403 & -0.8415 \\\\ 0.8415 & 0.5430 \\end{bmatrix}$$"
>>> doc = Document.of(t)
>>> c = rotary_claims(doc, displays(doc))[0]
>>> c.status, c.entries[0]["correct"]
('wrong', '0.5403')
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .arith import _DPS, evaluate
from .display import Display
from .readings import judge
from .verdicts import _show, _val

__all__ = ["rotary_claims"]

R = Reason.of

_ROPE = re.compile(r"rope|rotary|旋转位置|rotate_half|回転位置", re.I)
_BASE = re.compile(r"(?:\bbase|\brope_theta|\bb)\s*(?::\s*float\s*)?=\s*(?:\$\s*)?(\d+(?:\.0*)?|\d+e\d+)", re.I)


def rotary_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on the RoPE matrices of an article that speaks of RoPE (see the module doc)."""
    text = doc.text
    if not _ROPE.search(text):
        return []
    with mpmath.workdps(_DPS):
        return _claims(text, disps)


def _claims(text: str, disps: list[Display]) -> list[Claim]:
    bases, given = _bases(text), _given(disps)
    out = []
    for d in disps:
        got = _readings(d, bases, given)
        if got:
            what, readings = got
            c = judge(d, what, readings)
            if c is not None:
                out.append(c)
    return out


def _bases(text: str) -> list[int]:
    """The RoPE bases the article states, and 10000."""
    bases = {10000}
    for m in _BASE.finditer(text):
        try:
            if float(m.group(1)) >= 100:   # b = 2 is not a RoPE base
                bases.add(int(float(m.group(1))))
        except ValueError:
            pass
    return sorted(bases)


def _given(disps: list[Display]) -> dict:
    """Q, K and the rotated Q̃, K̃ as printed (an exact display before its decimals)."""
    given = {}
    for d in sorted(disps, key=lambda d: d.rel != "="):
        key = _ROTATED.sub(r"\1~", d.name)
        if key in ("Q", "K", "Q~", "K~") and key not in given:
            given[key] = [[_val(e) for e in r] for r in d.rows]
    return given


def _readings(d: Display, bases, given):
    """(what, [(flat values, how)]) for a display that names a RoPE quantity, else None."""
    rows, cols = d.shape
    name = d.name
    if re.fullmatch(r"(?:\\theta|θ|\\Theta|Θ|\\omega|ω)(?:_i)?|inv_?freqs?", name) and 1 in (rows, cols):
        n = rows * cols
        return R("rope-frequencies"), [([_theta(b, i, 2 * n) for i in range(n)], f"θ_i = {b}^(-2(i-1)/{2 * n})")
                                       for b in bases]
    if re.fullmatch(r"\\Phi|Φ|\\varphi|φ|angles?|m\\theta|p\\theta", name) and rows > 1:
        return R("rope-angle-table"), [([(m + off) * _theta(b, i, 2 * cols) for m in range(rows) for i in range(cols)],
                                        R("rope-angles-from", base=b, d=2 * cols, first=off))
                                       for b in bases for off in (0, 1)]
    m = re.fullmatch(r"R(?:\^\w+)?_(?:\\Theta,)?(\d+)|R\((.+)\)", name)
    if m and rows == cols and rows % 2 == 0:
        pos = int(m.group(1)) if m.group(1) else evaluate(m.group(2))
        if pos is None:
            return None
        out = []
        for b in bases:
            for pairing in ("interleaved", "halves"):
                for sign in (1, -1):
                    rot = _rotation(pos, b, rows, pairing, sign)
                    out.append(([x for r in rot for x in r],
                                R("rope-rotation-at" if sign > 0 else "rope-rotation-at-transposed", pos=_show(pos),
                                  base=b, d=rows, pairing=R("pairing-" + pairing))))
            if rows == 2:
                break
        return R("rope-rotation-matrix"), out
    m = _ROTATED.fullmatch(name)
    if m and m.group(1) in given and (rows, cols) == (len(given[m.group(1)]), len(given[m.group(1)][0])) \
            and cols % 2 == 0:
        src = given[m.group(1)]
        return R("rotated-matrix", name=m.group(1)), [
            ([x for r in _rotate(src, b, off, pairing) for x in r],
             R("rope-rows-rotated", name=m.group(1), first=off, base=b, d=cols, pairing=R("pairing-" + pairing)))
            for b in bases for off in (0, 1) for pairing in ("interleaved", "halves")]
    if re.fullmatch(r"S|Scores|scores|S_rope|S_rot", name):
        pairs = []   # (queries, keys, how), each pair of one width and of this display's shape
        if {"Q", "K"} <= set(given):
            q, k = given["Q"], given["K"]
            pairs.append((q, k, R("scores-unrotated")))
            if len(q[0]) % 2 == 0:
                pairs += [(_rotate(q, b, off, p), _rotate(k, b, off, p),
                           R("rope-scores-rotated", first=off, base=b, d=len(q[0]), pairing=R("pairing-" + p)))
                          for b in bases for off in (0, 1) for p in ("interleaved", "halves")]
        if {"Q~", "K~"} <= set(given):
            pairs.append((given["Q~"], given["K~"], R("rope-scores-printed")))
        out = []
        for q, k, how in pairs:
            if (len(q), len(k)) != (rows, cols) or len(q[0]) != len(k[0]):
                continue
            for scale, said in ((1, how), (1 / mpmath.sqrt(len(q[0])), R("divided-by-sqrt", how=how, d=len(q[0])))):
                out.append(([sum(a * c for a, c in zip(qr, kr)) * scale for qr in q for kr in k], said))
        return R("rope-scores"), out
    return None


_ROTATED = re.compile(r"([QK])(?:~|_rot|_rotated|_rope|_R|')$")


def _theta(b, i, d):
    with mpmath.workdps(_DPS):
        return mpmath.power(b, -mpmath.mpf(2 * i) / d)


def _pairs(d: int, pairing: str):
    half = d // 2
    return [(2 * i, 2 * i + 1) if pairing == "interleaved" else (i, i + half) for i in range(half)]


def _rotation(pos, b, d, pairing, sign):
    with mpmath.workdps(_DPS):
        r = [[mpmath.mpf(0)] * d for _ in range(d)]
        for i, (a, c) in enumerate(_pairs(d, pairing)):
            phi = pos * _theta(b, i, d)
            r[a][a] = r[c][c] = mpmath.cos(phi)
            r[a][c], r[c][a] = -sign * mpmath.sin(phi), sign * mpmath.sin(phi)
        return r


def _rotate(rows, b, off, pairing):
    d = len(rows[0])
    with mpmath.workdps(_DPS):
        out = []
        for m, x in enumerate(rows):
            y = list(x)
            for i, (a, c) in enumerate(_pairs(d, pairing)):
                phi = (m + off) * _theta(b, i, d)
                co, si = mpmath.cos(phi), mpmath.sin(phi)
                y[a], y[c] = x[a] * co - x[c] * si, x[a] * si + x[c] * co
            out.append(y)
        return out
