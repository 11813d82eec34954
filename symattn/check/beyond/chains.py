"""Local chains of trigonometry or KV-cache arithmetic (``sin(1/10000^(0/4)) = 0.841``), and printed
vectors of sums (``[0.5+0.841, 0.4+0.540] = [1.341, 0.94]``), checked from their own operands.

Input: the lines of the article's :class:`~symattn.check.document.Document`.  Output: a list of
:class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

import re

from ..claims import Claim, Reason
from ..plaintext import _BULLET
from .arith import _values, evaluate
from .verdicts import _UNIT_NAME, _UNITS, _entry, _scalar, _vector


_SEP = re.compile(r"\s*(?:=|≈|\\approx|≃|\\simeq|&=)\s*")
_LIT = re.compile(r"^\s*(?:(?:~|\\sim|约|about\s+)\s*)?(?P<num>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+))"
                  r"(?P<rest>.*)$", re.S)
_SIZE = re.compile(r"^\s*\**\s*(?P<unit>[KMGT]i?B)\b", re.I)
_TRIG = re.compile(r"\\?(?:sin|cos|tan)\b|\\theta|θ|10000\s*\^|°|\\circ", re.I)
_KV = re.compile(r"kv[\s_-]*cache|k/v cache|kv\s*缓存|kv\s*キャッシュ|(?<![A-Za-z])KV(?![a-z])", re.I)


def _literal(seg: str):
    """(number text, unit or '') when a segment is a printed number (optionally with a size unit)
    followed by prose, not by more arithmetic; else None."""
    m = _LIT.match(seg)
    if not m:
        return None
    rest = m.group("rest")
    u = _SIZE.match(rest)
    unit = u.group("unit").lower() if u else ""
    after = rest[u.end():] if u else rest
    if re.match(r"^\s*(?:[-−+*/×·^÷]|\\times|\\cdot|\\frac|\d|[Kk]\b)", after) or re.match(r"^\.\d", rest):
        if not (unit and re.match(r"^\s*[×x]\s*\d+\s*\?", after)):   # "201 MB × 2 ?": the size is still claimed
            return None
    if re.match(r"^\s*(?:%|\\%|[eE][-+]?\d)", rest):
        return None
    scaled = _SCALED.match(rest)
    if not unit and scaled:
        return m.group("num"), "scale:" + scaled.group(0).strip()   # "64TFLOPs": 64·10¹² FLOPs
    if not unit and re.match(r"^(?:[A-Za-z]|\s*[kKMGTP][A-Za-z]*(?:FLOP|flop|Hz|bps|param|token))", rest):
        return None   # "32B", "4k", "5GHz": a scale or a unit of its own, not a plain number
    return m.group("num"), unit


def _suffix_values(seg: str):
    """The values of the longest arithmetic tail of the chain's first segment (prose before it
    is skipped): ``dim 2: sin(1 / 10000^(2/512))`` is sin(1/10000^(2/512))."""
    starts = [0] + [m.end() for m in re.finditer(r"[\s:：(（\[|]|(?<=[^\d.,])(?=[\d\\√])", seg)]
    for s in sorted(set(starts)):
        tail = seg[s:].strip()
        if not tail or not re.search(r"\d|\\pi|π", tail):
            continue
        vals = _values(tail)
        if vals and _has_op(tail):
            return tail, vals
    return None, []


def _has_op(text: str) -> bool:
    return bool(re.search(r"[-+−×*·⋅/÷^√]|\\(?:times|cdot|frac|sqrt|sin|cos|tan|exp|div)|\b(?:sin|cos|tan|exp|sqrt)\b",
                          text.strip()[1:] if text.strip()[:1] in "-−" else text))


#: a count with an SI prefix glued to what it counts: 64TFLOPs, 7 GFLOPS, 32 Mparams
_SCALED = re.compile(r"^\s*([kKMGTP])(?:FLOPs?|FLOPS|flops?|OPS|ops|params?|tokens?)\b")
_PREFIX = {"k": 10 ** 3, "K": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12, "P": 10 ** 15}


def _unit_readings(vals, unit: str):
    if not unit:
        return vals
    if unit.startswith("scale:"):
        text = unit[len("scale:"):]
        return [(x / _PREFIX[text[0]], Reason.of("reading-unit", reading=name, unit=text) if name else text)
                for x, name in vals]
    return [(x / u, Reason.of("reading-unit", reading=name, unit=_UNIT_NAME[u]) if name else _UNIT_NAME[u])
            for x, name in vals for u in _UNITS[unit]]


def _chains(text: str, lines: list[str], kv_article: bool) -> list[Claim]:
    out = []
    for n, raw in enumerate(lines, 1):
        if "=" not in raw and "≈" not in raw and "approx" not in raw:
            continue
        trig = bool(_TRIG.search(raw))
        kv = kv_article and bool(re.search(r"\d\s*(?:×|\\times|\*)\s*\d", raw))
        if not (trig or kv):
            continue
        line = re.sub(r"\\text\{\s*(?:bytes?|B)\s*\}", " bytes", raw)
        line = re.sub(r"\\(?:text|mathrm|textrm|mbox)\{\s*([A-Za-z]{1,8})\s*\}", r" \1", line)   # \text{ GB}: GB
        line = _BULLET.sub(lambda m: " " * len(m.group(0)), line)   # "- cos(0) = 1": a list marker, no minus
        maths = re.findall(r"\$([^$]+)\$", line)
        pieces = maths if len(maths) >= 2 else re.split(r"[|；;，]|,\s+(?=[A-Za-z])|(?<=\))\s*,\s*", line)
        for piece in pieces:
            out.extend(_chain(n, raw.strip(), piece, kv))
    return out


def _chain(n: int, source: str, piece: str, kv: bool) -> list[Claim]:
    segs = _SEP.split(piece)
    if len(segs) < 2:
        return []
    out, ref, how = [], [], ""
    for k, seg in enumerate(segs):
        seg = re.sub(r"\*\*|`|\$", " ", seg)
        seg_v = re.sub(r"(?:\s+bytes?|(?<=\d)\s*B)\s*$", "", seg.strip()) if kv else seg
        lit = _literal(seg_v) if k else None
        if lit and ref:
            num, unit = lit
            ent = _entry(num, n)
            if ent is None:
                break
            what = f"{how} = {num}{' ' + (unit[6:] if unit.startswith('scale:') else unit.upper()) if unit else ''}"
            readings = _unit_readings(ref, unit)
            out.append(_scalar(n, source, what, ent, readings, Reason.of("from-own-operands", expr=how),
                               loose_int=bool(unit)))
            if unit or _literal_rest_is_prose(seg_v):
                break
            continue
        if k == 0:
            tail, vals = _suffix_values(seg_v)
        else:
            tail, vals = seg_v.strip(), _values(seg_v)
            if not _has_op(tail):
                vals = []
        if vals and re.search(r"(?<=\d)B\s*$", seg.strip()):
            # "× 32B": 32 bytes, or 32 billion (a model's parameters): each is a reading
            vals = vals + [(x * 10 ** 9, Reason.of("reading-unit", reading=name, unit="B = 10⁹") if name else "B = 10⁹")
                           for x, name in vals]
        if vals:
            ref, how = vals, tail[:60]
        elif k and ref:
            break
    return out


def _literal_rest_is_prose(seg: str) -> bool:
    m = _LIT.match(seg)
    return bool(m and re.search(r"[A-Za-z\u4e00-\u9fff]", m.group("rest")))


_BRACKET = re.compile(r"\[([^\[\]]{1,400})\]")


def _vector_chains(lines: list[str]) -> list[Claim]:
    """``[0.5+0.841, 0.4+0.540] = [1.341, 0.94]``: a printed vector of sums, checked entry by entry."""
    out = []
    for n, raw in enumerate(lines, 1):
        items = list(_BRACKET.finditer(raw))
        if len(items) < 2:
            continue
        for a, b in zip(items, items[1:]):
            between = raw[a.end():b.start()]
            if not re.fullmatch(r"\s*(?:=|≈|\\approx)\s*", between):
                continue
            left = [p.strip() for p in a.group(1).split(",")]
            right = [p.strip() for p in b.group(1).split(",")]
            if len(left) != len(right) or not any(_has_op(p) for p in left):
                continue
            vals = [evaluate(p) for p in left]
            ents = [_entry(p, n) for p in right]
            if any(v is None for v in vals) or any(e is None for e in ents):
                continue
            out.append(_vector(n, raw.strip(), Reason.of("entrywise-arithmetic"), ents, vals,
                               Reason.of("arithmetic-before", text=a.group(0)[:40])))
    return out
