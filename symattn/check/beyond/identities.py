r"""Chains of equal expressions in one piece of math, checked from themselves alone:
``J_{11} = \frac{1}{3}\left(1 - \frac{1}{3}\right) = \frac{2}{9}`` (closed arithmetic) and
``\cos(m\theta)\cos(n\theta) + \sin(m\theta)\sin(n\theta) - \cos((n-m)\theta) = 0`` (an identity in letters).

Input: the article's text.  Output: claims, only ever right: a chain's closed parts must all be
equal (or agree at the printed decimals after ≈), and its parts in letters must be equal at three
fixed points (every letter a number, the same for every part); a part that cannot be read
(a matrix, a sum, E[·], a function the parser does not know) is left out, the head is a name.  A
chain whose parts differ is not judged here: whether the slip or the reading is wrong needs a witness
this stage does not have.

>>> [c.status for c in identity_claims(Document.of("$$a_{11} = 1 \\cdot 1 + 0 \\cdot 0 = 1$$"))]
['exact']
>>> [c.status for c in identity_claims(Document.of("$d_k \\cdot 1 + d_k (d_k - 1) \\cdot 0 = d_{k}$"))]
['exact']
>>> identity_claims(Document.of("$x = 2 + 2 = 5$"))
[]
"""

from __future__ import annotations

import bisect
import re
import zlib
from dataclasses import replace

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .. import numerals
from ..judge import agrees, equal
from ..verdict import stated
from .arith import _DPS, evaluate
from .display import name_of
from .verdicts import _show

__all__ = ["identity_claims", "per_line", "segments"]

R = Reason.of

_MATH = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|\\begin\{(align|equation)\*?\}(.+?)\\end\{\3\*?\}"
                   r"|(?<![$\\])\$([^$\n]+)\$", re.S)
_ENV = re.compile(r"(\\begin\{\w*matrix\*?\}.*?\\end\{\w*matrix\*?\})", re.S)
_SKIP = re.compile(r"\\(?:ne|neq|le|leq|ge|geq|lt|gt|to|in|sum|prod|int|lim|forall|exists|mapsto|begin)\b|[<>]")
_NAME = re.compile(r"[A-Za-z0-9]+")


def identity_claims(doc: Document) -> list[Claim]:
    """Chains of equal expressions, each from its own parts (see the module doc)."""
    out, before = [], {}
    with mpmath.workdps(_DPS):
        for piece, first, last, source in segments(doc):
            c = _chain(piece, first, last, source) or _limit(piece, first, last, source)
            if c is not None:
                out += per_line(c, doc)
            c = _restated(piece, first, last, source, before)
            if c is not None:
                out += per_line(c, doc)
    return out


_LIM = re.compile(r"^\s*\\lim_\{?\s*([A-Za-z])\s*\\to\s*(\+?\s*\\infty|∞)\s*\}?(.*)$", re.S)


def _limit(piece: str, first: int, last: int, source: str) -> Claim | None:
    """``\\lim_{t \\to \\infty} f(t) = L``: f at t = 20, 40, 80 closes in on L, and is within 1e-12
    of it at 80 (a limit of exponentials; a slow one is not judged)."""
    parts, _ = _split(piece)
    m = _LIM.match(parts[0]) if len(parts) == 2 else None
    target = evaluate(parts[1]) if m else None
    if target is None:
        return None
    var = m.group(1)

    def at(t):
        return evaluate(m.group(3), symbols=lambda n: mpmath.mpf(t) if n == var else _no(n))
    ys = [at(t) for t in (20, 40, 80)]
    if None in ys:
        return None
    errs = [abs(y - target) for y in ys]
    if not (errs[0] >= errs[1] >= errs[2] and errs[2] < mpmath.mpf(10) ** -12 * max(1, abs(target))):
        return None
    return stated(first, source, "exact", R("limit-of"),
                  R("limit-within", var=var, points=[20, 40, 80], errs=[mpmath.nstr(e, 2) for e in errs],
                    target=_show(target)),
                  claimed=" ".join(piece.split())[:200], expected=_show(target), lines=list(range(first, last + 1)))


def _no(name):
    raise ValueError(name)


def per_line(c: Claim, doc: Document) -> list[Claim]:
    """A right chain over an align's rows as one claim per row (with that row as its source): each
    row stands on its own in the report, and a row another stage already judged keeps that verdict."""
    raw = doc.lines
    return [replace(c, line=ln, lines=[ln], source=raw[ln - 1].strip() if 0 < ln <= len(raw) else c.source)
            for ln in (c.lines or [c.line])]


def _restated(piece, first, last, source, before) -> Claim | None:
    """``Δ = <expr>`` after an earlier ``Δ = <expr'>``: right when both are equal at three points
    (the same head written out further); the latest value is what the next one is compared with."""
    parts, _ = _split(piece)
    if len(parts) < 2 or not _is_name(parts[0]) or _SKIP.search(piece):
        return None
    head = name_of(parts[0].strip())
    ys = [evaluate(parts[-1], symbols=_point(t)) for t in range(3)]
    if None in ys:
        before.pop(head, None)
        return None
    prev = before.get(head)
    before[head] = (ys, first)
    if prev is None or not all(equal(a, b) for a, b in zip(ys, prev[0])):
        return None
    return stated(first, source, "exact", R("equal-chain"), R("same-value-as", name=parts[0].strip(), line=prev[1]),
                  claimed=piece.strip()[:200], lines=list(range(first, last + 1)))


def segments(doc: Document):
    """Every piece of math as (text, first line, last line, source line): display, align and inline
    math, split at top-level commas, semicolons and \\quad; an align's rows are one chain."""
    text, starts = doc.text, doc.starts
    for m in _MATH.finditer(text):
        g = next(k for k in (1, 2, 4, 5) if m.group(k) is not None)
        body = m.group(g)
        first = bisect.bisect_right(starts, m.start(g) + len(body) - len(body.lstrip()))
        last = bisect.bisect_right(starts, m.end(g) - (len(body) - len(body.rstrip())) - 1)
        body = "".join(p if p.startswith("\\begin") else re.sub(r"\\\\(?:\[[^\]]*\])?|&|\\[,;:!]", " ", p)
                       for p in _ENV.split(body))   # align: one chain over its lines; a matrix keeps its rows
        for piece in _pieces(body):
            yield piece, first, last, text[starts[first - 1]:].split("\n", 1)[0].strip()


def _pieces(body: str) -> list[str]:
    """Top-level pieces split at commas, semicolons and \\quad: ``x = 1, \\quad y = 2``."""
    out, depth, cur = [], 0, ""
    for ch in re.split(r"(\\quad|\\qquad|\\text\{[^{}]*\}|[,;{}()\[\]])", body):
        if ch in ("{", "(", "["):
            depth += 1
        elif ch in ("}", ")", "]"):
            depth -= 1
        if depth == 0 and (ch in (",", ";", "\\quad", "\\qquad") or ch.startswith("\\text{")):
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


_REL = re.compile(r"=|≈|\\approx(?![A-Za-z])")


def _split(piece: str):
    """(parts, relations) at the top-level =, ≈ (one pass: the relation is matched in place)."""
    parts, rels, depth, start, i = [], [], 0, 0, 0
    while i < len(piece):
        ch = piece[i]
        depth += ch in "{([" and 1 or 0
        depth -= ch in "})]" and 1 or 0
        rel = _REL.match(piece, i) if depth == 0 and ch in "=≈\\" else None
        if rel:
            parts.append(piece[start:i])
            rels.append("=" if rel.group(0) == "=" else "≈")
            i = start = rel.end()
            continue
        i += 1
    return parts + [piece[start:]], rels


def _is_name(part: str) -> bool:
    flat = re.sub(r"\\(?:tilde|hat|bar|text|mathrm|operatorname|boldsymbol|mathbf)|[\\{}_^()\s]", "", part)
    return bool(_NAME.fullmatch(flat)) and not re.fullmatch(r"[\d.]+", flat)


def _point(trial: int):
    def value(name: str):
        return mpmath.mpf(zlib.crc32(f"{name}/{trial}".encode()) % 9000 + 1000) / 7919
    return value


def _chain(piece: str, first: int, last: int, source: str) -> Claim | None:
    if "=" not in piece and "approx" not in piece and "≈" not in piece or _SKIP.search(piece):
        return None
    parts, rels = _split(piece)
    if len(parts) < 2 or len(parts) > 12:
        return None
    body = parts[1:] if _is_name(parts[0]) else parts
    closed, letters = [], []
    for k, p in enumerate(body):
        if not p.strip():
            return None
        x = evaluate(p)
        if x is not None:
            closed.append((p.strip(), x))
            continue
        ys = [evaluate(p, symbols=_point(t)) for t in range(3)]
        if None not in ys:
            letters.append((p.strip(), ys))
    checked, rounded = [], False
    if len(closed) >= 2:
        ref = closed[0][1]
        for p, x in closed[1:]:
            e = numerals.read(p)
            if equal(x, ref):
                continue
            if e is not None and e.places and "≈" in rels and agrees(e, ref):
                rounded = True   # a decimal after ≈: right at its printed precision
                continue
            return None
        checked.append(R("chain-closed", n=len(closed), value=_show(ref)))
    if len(letters) >= 2:
        ref = letters[0][1]
        if not all(all(equal(a, b) for a, b in zip(ys, ref)) for _, ys in letters[1:]):
            return None
        if closed and all(equal(y, ref[0]) for y in ref):   # an identity to a constant: = 0 at the end
            if not equal(closed[0][1], ref[0]):
                return None
            checked.append(R("chain-letters-constant", n=len(letters), value=_show(ref[0])))
        else:
            checked.append(R("chain-letters", n=len(letters)))
    if not checked:
        return None
    return stated(first, source, "rounded" if rounded else "exact", R("equal-chain"), R("chain-holds", items=checked),
                  claimed=" ".join(piece.split())[:200], expected=_show(closed[0][1]) if len(closed) >= 2 else None,
                  lines=list(range(first, last + 1)))


