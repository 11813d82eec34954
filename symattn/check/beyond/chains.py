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


#: the relations of a chain (the blanks around them stay with the segments: a split on a blank run
#: that ends in no relation would try every start in the run)
_SEP = re.compile(r"=|≈|\\approx|≃|\\simeq|&=")
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


#: what a number counts, between it and the next operator: 40 (layers), 2 Bytes (FP16), 32 Heads ×
_NOTE = re.compile(r"(?<=[\dA-Za-z])\s*[(（](?P<in>[^()（）\\$=]{1,40})[)）]")
_BYTES = re.compile(r"(?<=\d)\s*(?:bytes?|Bytes?|BYTES|字节|バイト|바이트|octets?)(?![A-Za-z])")
_COUNTED = re.compile(r"(?<=\d)\s+(?![KMGT]i?B\b)[^\W\d_][\w-]*(?=\s*(?:[×*·⋅/]|\\times|\\cdot|$))")
_EXPR_START = re.compile(r"^\s*(?:=|≈|\\approx|&=|~=|=~)")


def _annotations_out(line: str) -> str:
    """The arithmetic of a line of sizes with what its numbers count taken out:
    ``2 (K+V) × 40 (layers) × 2 Bytes (FP16)`` is ``2 × 40 × 2``; ``2 x 32`` is ``2 × 32``."""
    line = _NOTE.sub(lambda m: "" if re.search(r"[^\W\d_]{2}|^\s*K\s*[+,]\s*V\s*$", m.group("in")) else m.group(0), line)
    line = _BYTES.sub("", line)
    line = re.sub(r"(?<=\d)\s*[xX]\s*(?=\d)", " × ", line)
    return _COUNTED.sub("", line)


def _logical_lines(lines: list[str]):
    """(line number, text) of every line, where a line that starts with ``=`` or ``≈`` continues
    the expression of the line above it (one blank line between them allowed): ``= 20,480 Bytes``
    under ``= 2 × 5,120 × 2 Bytes`` is the chain ``2 × 5,120 × 2 = 20,480``."""
    carry = None   # (the last expression the lines above end with, its line)
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            yield n, raw, raw
            continue
        cont = carry is not None and n - carry[1] <= 2 and _EXPR_START.match(raw)
        text = carry[0] + " " + raw.strip() if cont else raw
        segs = _SEP.split(_annotations_out(raw))
        last = segs[-1] if len(segs) > 1 or cont else ""
        if last.strip() and _has_op(last) and _values(last):
            carry = (last.strip(), n)
        elif not cont:
            carry = None
        else:
            carry = (carry[0], n)
        yield n, text, raw


#: a size unit after a number: 2.5 MB, 3 GiB
_SIZED = re.compile(r"\d\s*[KMGT]i?B\b")


def _chains(text: str, lines: list[str], kv_article: bool) -> list[Claim]:
    out = []
    for n, raw, own in _logical_lines(lines):
        if "=" not in raw and "≈" not in raw and "approx" not in raw:
            continue
        trig = bool(_TRIG.search(raw))
        # sizes and counts: a product of integers, or arithmetic on sizes (2.5 MB), is exact and
        # checkable in any article; products of rounded decimals only where the article is about sizes
        product = re.search(r"\d\s*(?:(?:[KMGT]i?B|bytes?|Bytes?)\s*)?(?:×|\\times|\*|x(?=\s*\d))\s*\d", raw)
        sized = _SIZED.search(raw)
        kv = bool((product and (kv_article or sized or not re.search(r"\d\.\d", raw)))
                  or (sized and re.search(r"[KMGT]i?B\s*(?:/|÷|\\div)", raw)))
        if not (trig or kv):
            continue
        line = re.sub(r"\\text\{\s*(?:bytes?|B)\s*\}", " bytes", raw)
        line = re.sub(r"\\(?:text|mathrm|textrm|mbox)\{\s*([A-Za-z]{1,8})\s*\}", r" \1", line)   # \text{ GB}: GB
        line = _BULLET.sub(lambda m: " " * len(m.group(0)), line)   # "- cos(0) = 1": a list marker, no minus
        maths = re.findall(r"\$([^$]+)\$", line)
        pieces = maths if len(maths) >= 2 else re.split(r"[|；;，]|,\s+(?=[A-Za-z])|(?<=\))\s*,\s*", line)
        for piece in pieces:
            out.extend(_chain(n, own.strip(), piece, kv))
    return out


def _chain(n: int, source: str, piece: str, kv: bool) -> list[Claim]:
    segs = _SEP.split(piece)
    if len(segs) < 2:
        return []
    out, ref, how = [], [], ""
    plain = _annotations_out if kv else (lambda t: t)
    for k, seg in enumerate(segs):
        seg = re.sub(r"\*\*|`|\$", " ", seg)
        seg_v = re.sub(r"(?:\s+bytes?|(?<=\d)\s*B)\s*$", "", seg.strip()) if kv else seg
        lit = _literal(seg_v) if k else None
        if lit and ref:
            num, unit = lit
            if _entry(num, n) is None:
                break
            out.append(_size_claim(n, source, how, ref, num, unit))
            out += [_size_claim(n, source, how, ref, *alt) for alt in _alternatives(seg_v, unit)]
            again = _values(plain(seg_v)) if kv and _has_op(plain(seg_v)) else []
            if again:   # 536MB (per layer) × 32 = 17GB: the printed size starts the next step
                ref, how = again, plain(seg_v).strip()[:60]
                continue
            if unit or _literal_rest_is_prose(seg_v):
                break
            continue
        if k == 0:
            tail, vals = _suffix_values(plain(seg_v))
        else:
            tail, vals = plain(seg_v).strip(), _values(plain(seg_v))
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


def _size_claim(n: int, source: str, how: str, ref, num: str, unit: str) -> Claim:
    what = f"{how} = {num}{' ' + (unit[6:] if unit.startswith('scale:') else unit.upper()) if unit else ''}"
    return _scalar(n, source, what, _entry(num, n), _unit_readings(ref, unit), Reason.of("from-own-operands", expr=how),
                   loose_int=bool(unit))


#: the same size again in other units, in brackets: 20,480 Bytes (~20.48 KB), 53.68 GB (약 54 GB)
_ALT = re.compile(r"\s*[(（]\s*(?:~|≈|约|約|약|about|approx\.?|ca\.)?\s*(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>[KMGT]i?B)\b")


def _alternatives(seg: str, unit: str) -> list[tuple[str, str]]:
    m = _LIT.match(seg)
    rest = m.group("rest") if m else ""
    u = _SIZE.match(rest) if unit else None
    rest = rest[u.end():] if u else re.sub(r"^\s*(?:bytes?|Bytes?|字节|バイト|바이트|octets?)(?![A-Za-z])", "", rest)
    alt = _ALT.match(rest)
    return [(alt.group("num"), alt.group("unit").lower())] if alt else []


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
