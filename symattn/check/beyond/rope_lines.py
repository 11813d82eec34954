r"""RoPE statements on one line: the frequency formula ``θ_i = b^{-2(i-1)/d}`` (or its family
``(10000^{-2(i-1)/4})_{i=1}^{2}``), the relative-position identity ``R(mθ)^T R(nθ) = R((n-m)θ)``
with what it makes zero, and single entries such as ``s_{12} = ...`` or ``\tilde{q}_{21} = ...``.

Input: the article's text and its displays.  Output: claims, only ever right (a formula that is
not RoPE's may be another convention, so nothing is said of it):

* a frequency formula is RoPE's when, for the article's base b and dimension d, it gives
  b^(−2k/d), k = 0 … d/2 − 1 (with i counted from 0 or from 1);
* ``R(A)^T R(B) = R(C)`` holds when C = B − A, checked at three points for the letters; a name
  defined as ``R(A)^T R(B) − R(C)`` (or ``(R(A) q)^T (R(B) k) − q^T R(C) k``) is then zero, and a
  later ``NAME = 0`` or an all-zero matrix of that name is right;
* an entry ``s_{ij}``, ``\tilde{q}_{ij}``, ``\tilde{k}_{ij}``, ``\Phi_{ij}`` ending in closed
  arithmetic is right when it is that entry of the RoPE matrix under one reading
  (:mod:`.rotary`).

>>> t = "RoPE: $R(m\\theta)^T R(n\\theta) = R((n-m)\\theta)$ and $\\theta_i = 10000^{-2(i-1)/d}$, $d = 8$."
>>> [str(c.what) for c in rope_line_claims(Document.of(t), [])]
['the relative-position identity of RoPE', 'RoPE frequency formula']
"""

from __future__ import annotations

import re
from dataclasses import replace

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..judge import equal
from ..verdict import stated
from ..read import Entry
from .arith import _DPS, evaluate
from .display import Display, _cell, name_of
from .identities import _split, per_line, segments
from .readings import judge
from .rotary import _ROPE, _bases, _given, _readings, _theta

__all__ = ["rope_line_claims"]

R = Reason.of

_R = re.compile(r"R\s*(?:(?:\^\{?\w+\}?)\s*)?(?:_\{?\\Theta,?\}?)?\s*(?=\()|R_\{([^{}]+)\}|R_(\w)")
_T = re.compile(r"\^\s*(?:\{\s*)?(?:T|\\top|\\intercal)\s*\}?")
_DIM = re.compile(r"(?<![\w\\])(?:d|D|d_k|d_\{k\}|d_\{?\\text\{model\}\}?|head_dim|dim)\s*=\s*(\d+)(?![\d.])")
_ENTRY = re.compile(r"(s|q~|k~|\\Phi|Φ)_(\d)(\d)")
_ENTRY_OF = {"s": "S", "q~": "Q~", "k~": "K~", "\\Phi": "\\Phi", "Φ": "\\Phi"}


def rope_line_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on RoPE formulas, identities and entries (see the module doc)."""
    text = doc.text
    if not _ROPE.search(text):
        return []
    with mpmath.workdps(_DPS):
        return [p for c in _claims(doc, disps) for p in (per_line(c, doc) if c.status != "wrong" else [c])]


def _claims(doc, disps):
    text = doc.text
    bases = _bases(text)
    given = _given(disps)
    dims = {int(m.group(1)) for m in _DIM.finditer(text)} | {len(v[0]) for k, v in given.items() if k in "QK"}
    out, zero = [], set()
    for piece, first, last, source in segments(doc):
        lines = list(range(first, last + 1))
        parts, rels = _split(piece)
        if len(parts) < 2:
            continue
        head = name_of(parts[0].strip())
        rel = _relative(piece)
        if rel is not None:
            if "=" in rels and not _defines(parts):
                out.append(stated(first, source, "exact", R("rope-relative-identity"),
                                  R("relative-identity-holds", identity=rel), claimed=piece.strip()[:200], lines=lines))
            else:
                zero.add(head)
                if evaluate(parts[-1]) == 0:
                    out.append(_zero(first, source, piece.strip()[:200], head, lines))
            continue
        if head in zero and len(parts) == 2 and evaluate(parts[1]) == 0:
            out.append(_zero(first, source, piece.strip()[:200], head, lines))
            continue
        if re.fullmatch(r"(?:\\theta|θ)(?:_i|_\{i\})?", head):
            c = _frequencies(parts[-1], bases, sorted(dims), first, source, lines, piece)
            if c is not None:
                out.append(c)
            continue
        m = _ENTRY.fullmatch(head)
        if m and evaluate(parts[-1]) is not None:
            c = _entry(m, parts[-1], given, bases, dims, first, source, lines)
            if c is not None:
                out.append(c)
    out += _notes(doc.lines, dims) + _rotation_in_letters(doc.lines)
    for d in disps:
        if d.name in zero and all(e.value == 0 for e in d.entries):
            out.append(_zero(d.line, d.source, [e.text for e in d.entries], d.head,
                             sorted({e.line for e in d.entries})))
    return out


_PAIRS = re.compile(r"\$?(\d+)\$?\s*(?:coordinate\s+)?pairs\b|共\s*\$?(\d+)\$?\s*对|"
                    r"\$?(\d+)\$?\s*(?:rotations of|个)\s*\$?2\s*\\times\s*2")
_ORIGIN = re.compile(r"position\s*\$?0\$?[^.;]{0,20}(?:identity|unchanged)|位置\s*\$?0\$?.{0,8}(?:单位矩阵|不变)", re.I)


def _notes(lines, dims) -> list[Claim]:
    """``d = 4 gives 2 coordinate pairs`` (d/2 pairs, one 2×2 rotation each) and ``at position 0 it is
    the identity`` / ``the row at position 0 is unchanged`` (R(0·θ) = I)."""
    out = []
    for n, raw in enumerate(lines, 1):
        said = []
        m = _PAIRS.search(raw)
        if m:
            here = _DIM.search(raw)
            ds = {int(here.group(1))} if here else set(dims)
            pairs = int(next(g for g in m.groups() if g))
            if len(ds) == 1 and 2 * pairs == next(iter(ds)):
                said.append(R("rope-pairs", d=next(iter(ds)), pairs=pairs))
        if _ORIGIN.search(raw):
            said.append(R("rope-origin-identity"))
        if said:
            out.append(stated(n, raw.strip(), "exact", R("rope-pairs-positions"), R("reasons", items=said),
                              claimed=raw.strip()[:120]))
    return out


_RPHI = re.compile(r"R\s*\(\s*(\\?[A-Za-z]+)\s*\)\s*=\s*\\begin\{([bp]matrix)\}(.*?)\\end\{\2\}")


def _rotation_in_letters(lines) -> list[Claim]:
    """``R(\\varphi) = [[cos φ, −sin φ], [sin φ, cos φ]]``: the 2×2 rotation by φ, either sign of sin,
    at three values of φ."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _RPHI.finditer(raw):
            cells = [c.strip() for r in m.group(3).split("\\\\") for c in r.split("&") if r.strip()]
            if len(cells) != 4:
                continue
            var = m.group(1).lstrip("\\")
            fits = set()
            for t in range(3):
                phi = mpmath.mpf(t + 1) / 3 + mpmath.sqrt(2) * t

                def sym(name, phi=phi):
                    if name.lstrip("\\") == var:
                        return phi
                    raise ValueError(name)
                vals = [evaluate(c, symbols=sym) for c in cells]
                if None in vals:
                    break
                co, si = mpmath.cos(phi), mpmath.sin(phi)
                for sign in (1, -1):
                    if all(equal(a, b) for a, b in zip(vals, (co, -sign * si, sign * si, co))):
                        fits.add((t, sign))
            for sign in (1, -1):
                if all((t, sign) in fits for t in range(3)):
                    out.append(stated(n, raw.strip(), "exact", R("rope-rotation-letters"),
                                      R("rotation-by" if sign > 0 else "rotation-by-transposed", angle=m.group(1)),
                                      claimed=" ".join(m.group(0).split())[:120]))   # the layout's spacing is no part of it
                    break
    return out


def _args(piece: str):
    """The arguments of the rotations R(·), R_{·} in a piece, each with: is it transposed?"""
    out = []
    for m in _R.finditer(piece):
        if m.group(1) or m.group(2):
            out.append([m.group(1) or m.group(2), m.end()])
            continue
        depth, i = 0, m.end()
        for j in range(m.end(), len(piece)):
            depth += {"(": 1, ")": -1}.get(piece[j], 0)
            if depth == 0:
                out.append([piece[i + 1:j], j + 1])
                break
    return out


def _relative(piece: str) -> str | None:
    """``R(A)^T … R(B) … R(C)`` with C = B − A at three points: the identity in words, else None."""
    args = _args(piece)
    if len(args) != 3 or not _T.search(piece[args[0][1]:piece.find("R", args[0][1])]):
        return None
    for t in range(3):
        f = _point(t)
        a, b, c = (evaluate(x, symbols=f) for x, _ in args)
        if None in (a, b, c) or not equal(c, b - a):
            return None
    return f"R({args[0][0]})ᵀ R({args[1][0]}) = R({args[2][0]})"


def _defines(parts) -> bool:
    """``NAME = R(A)^T R(B) - R(C)``: the identity as a difference that names something."""
    return len(_args(parts[1])) == 3 and bool(re.search(r"-\s*(?:q\^\{?T\}?\s*)?R", parts[1]))


def _point(trial: int):
    values = {}

    def value(name: str):
        return values.setdefault(name, mpmath.mpf(len(values) * 7 + trial * 3 + 2) / 5 + mpmath.sqrt(trial + 2))
    return value


def _zero(line, source, claimed, head, lines) -> Claim:
    """``head`` (a name defined as R(A)ᵀR(B) − R(B − A)) printed as zero: right."""
    return stated(line, source, "exact", R("rope-relative-identity"), R("relative-identity-zero", name=head),
                  claimed=claimed, expected="0", lines=lines)


def _frequencies(expr, bases, dims, line, source, lines, piece) -> Claim | None:
    fam = re.fullmatch(r"\s*(?:\\left)?\((.*)(?:\\right)?\)\s*_\{?\s*i\s*=\s*(\d)\s*(?:\}\s*)?\^\{?\s*(\d+)\s*(?:\}\s*)?", expr)
    body = fam.group(1).replace("\\right", "") if fam else expr
    for b in bases:
        for d in dims:
            if d % 2 or (fam and int(fam.group(3)) != d // 2):
                continue
            for i0 in ((int(fam.group(2)),) if fam else (0, 1)):
                def sym(name, i=None):
                    if name == "i":
                        return mpmath.mpf(i)
                    if name == "b":
                        return mpmath.mpf(b)
                    if name in ("d", "D", "d_k"):
                        return mpmath.mpf(d)
                    raise ValueError(name)
                vals = [evaluate(body, symbols=lambda n, i=i0 + k: sym(n, i)) for k in range(d // 2)]
                if None not in vals and all(equal(v, _theta(b, k, d)) for k, v in enumerate(vals)):
                    return stated(line, source, "exact", R("rope-frequency-formula"),
                                  R("rope-frequencies-give", base=b, d=d, last=d // 2 - 1, first=i0),
                                  claimed=piece.strip()[:200], lines=lines)
    return None


def _entry(m, last, given, bases, dims, line, source, lines) -> Claim | None:
    name = _ENTRY_OF[m.group(1)]
    i, j = int(m.group(2)) - 1, int(m.group(3)) - 1
    src = given.get("Q") or given.get("Q~")
    if src is None:
        return None
    n, width = len(src), len(src[0])
    shape = {"S": (n, n), "Q~": (n, width), "K~": (n, width), "\\Phi": (n, width // 2)}[name]
    if not (0 <= i < shape[0] and 0 <= j < shape[1]):
        return None
    fake = Display(name, name, "=", tuple(tuple(Entry("0", 0, 0, line=line) for _ in range(shape[1]))
                                          for _ in range(shape[0])), line, source)
    got = _readings(fake, bases, given) or (name, [])
    if name in given:   # the entry of the printed matrix itself (rotate_half documents print only Q̃)
        got[1].append(([x for r in given[name] for x in r], R("printed-matrix", name=name)))
    if not got[1]:
        return None
    ent = _cell(last.strip(), line)
    one = Display(m.group(0), m.group(0), "=", ((ent,),), line, source)
    c = judge(one, R("quantity-entry", what=got[0], i=i + 1, j=j + 1),
              [([vals[i * shape[1] + j]], how) for vals, how in got[1]])
    return replace(c, lines=lines) if c is not None and c.status != "wrong" else None
