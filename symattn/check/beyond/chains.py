"""Local chains of trigonometry or KV-cache arithmetic (``sin(1/10000^(0/4)) = 0.841``), and printed
vectors of sums (``[0.5+0.841, 0.4+0.540] = [1.341, 0.94]``), checked from their own operands.

Input: the lines of the article's :class:`~symattn.check.document.Document`.  Output: a list of
:class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

import mpmath

from .. import numerals
from ..exactprints import shortened
from ..claims import OPERAND, Claim, Reason
from ..unicode import upright_exponents
from ..names import APPROX_WORDS
from ..judge import right_text, rounding_half
from ..plaintext import _BULLET
from ..verdict import unverifiable
from .arith import _values, evaluate
from .verdicts import MIXED_SIZES, _TIME_UNITS, _UNIT_NAME, _UNITS, _entry, _scalar, _vector, mixed_sizes, unit_bytes


#: the relations of a chain (the blanks around them stay with the segments: a split on a blank run
#: that ends in no relation would try every start in the run)
_SEP = re.compile(r"=|≈|\\approx|≃|\\simeq|&=")
_LIT = re.compile(r"^\s*(?:(?:~|\\sim|约|about\s+)\s*)?(?P<num>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)"
                  r"(?:[eE][-+]?\d{1,3}(?![\d.]))?)(?P<rest>.*)$", re.S)   # (104e12 bytes: scientific notation too)
#: LaTeX's room and wrapper before a unit: 0.141\ \mathrm{MB}, 2~\text{ms}
#: (atomic: a long run of spaces before no unit cannot backtrack over ways to split it)
_UNIT_WRAP = r"^(?>\s*(?:(?:\\[ ,;:!]|~)\s*)*)(?:\\(?:text|mathrm|mathsf|rm)\s*\{\s*)?"
_SIZE = re.compile(_UNIT_WRAP + r"(?>\**\s*)(?P<unit>[KMGT]i?B)\b", re.I)
_TIME = re.compile(_UNIT_WRAP + r"(?P<unit>ms|μs|µs|us|ns|s|(?:micro|milli|nano)?seconds?)(?![\w/])")
_TRIG = re.compile(r"\\?(?:sin|cos|tan)\b|\\theta|θ|10000\s*\^|°|\\circ", re.I)
_KV = re.compile(r"kv[\s_-]*cache|k/v cache|kv\s*缓存|kv\s*キャッシュ|(?<![A-Za-z])KV(?![a-z])", re.I)


#: a decimal after "=" (a result where arithmetic stands before it on its line)
_RESULT = re.compile(r"=(?>\s*\$?\s*)(\d+\.\d+)(?![\d.])")   # (atomic: a run of spaces is read once)


#: a ratio's mark right after its number: 8x, 64×, 4.2배, 3.0倍
_TIMES = re.compile(r"^\s*(?:[xX×](?![\w.])(?!\s*[\d.(\[])|배|倍)")


#: an angle's unit after its number: radians (the unit of an angle's expression; per token too), or
#: whole turns (2π each)
_ANGLE_UNIT = re.compile(r"\s*(?:(?P<rad>rad(?:ians?)?|弧度|ラジアン|라디안)(?:\s*/\s*(?:token|tok|step|位置|位|步))?"
                         r"|(?P<turn>圈|周|turns?|rotations?|revolutions?|回転))(?![A-Za-z])", re.I)


def _literal(seg: str):
    """(number text, unit or '') when a segment is a printed number (optionally with a size unit)
    followed by prose, not by more arithmetic; else None."""
    m = _LIT.match(seg)
    if not m:
        return None
    # (a unit or a scale after the formula's closing delimiter is the result's: "$… \approx 344$$ GFLOPs")
    rest = re.sub(r"^(?:\$\$?|\\[)\]])(?=\s*[^\W\d_])", "", m.group("rest"))
    if re.match(r",\d(?!\d\d)", rest):
        return None   # 8,8B: a decimal comma where the article writes points (no group of three): not read here
    deg = re.match(r"\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|\\circ|\\degree)", rest)
    if deg:   # 20°: an angle in degrees (its expression is in radians); 360° + 120° is more arithmetic
        more = re.match(r"\s*(?:[-−+*/×·^÷]|\\times|\\cdot|\\frac|\d)", rest[deg.end():])
        return None if more else (m.group("num"), "scale:°")
    angle = _ANGLE_UNIT.match(rest)
    if angle:   # 1.83 rad ≈ 104.8° ≈ 0.29 圈: one angle in radians, degrees and turns
        more = re.match(r"\s*(?:[-−+*×·^÷]|\\times|\\cdot|\\frac|\d)", rest[angle.end():])
        return None if more else (m.group("num"), "rad" if angle.group("rad") else "scale:turn")
    if re.match(r"\s*[x×]\s*(?:\d|[A-Za-z]\w{0,12}\s*[x×*·])", rest):
        return None   # "2 x 2 x B x 500": a factor of a product written with x, not a result
    if _TIMES.match(rest):   # 8x smaller, 4.2배, 3.0倍: a ratio, a plain number
        return m.group("num"), ""
    u = _SIZE.match(rest) or _TIME.match(rest)
    unit = u.group("unit").lower() if u else ""
    unit = numerals.TIME_WORDS.get(unit, unit)
    after = rest[u.end():] if u else rest
    if unit and re.match(r"\s*/\s*(?:token|tok|request|req|layer|seq|sequence|head|user|session)s?\b", after, re.I):
        return m.group("num"), unit   # 512 KB/token: a size per token, the size is claimed
    if re.match(r"^\s*(?:[-−+*/×·^÷]|\\times|\\cdot|\\frac|\d)|^\s+[Kk]\b", after) or re.match(r"^\.\d", rest):
        if not (unit and re.match(r"^\s*[×x]\s*\d+\s*\?", after)):   # "201 MB × 2 ?": the size is still claimed
            return None
    if re.match(r"^\s*(?:%|\\%|[eE][-+]?\d)", rest):
        return None
    word = numerals.SCALE_WORD.match(rest)
    if not unit and word:   # "614.4 million", "1.2 billion": a count in millions or billions
        return m.group("num"), "scale:" + numerals.SCALE_WORDS[word.group(1).lower()]
    scaled = _SCALED.match(rest) or _COUNT_SCALE.match(rest)
    if not unit and scaled:
        return m.group("num"), "scale:" + scaled.group(0).strip().strip("*")   # "64TFLOPs": 64·10¹² FLOPs
    pi = re.match(r"\s*(?:π|\\pi\b)\s*", rest)
    if pi and not re.match(r"(?:[-−+*/×·^÷(\d]|\\times|\\cdot|\\frac)", rest[pi.end():]):
        return m.group("num"), "scale:π"   # "≈ 2.39π", "= ~8π": a multiple of π, nothing more after it
    if re.match(r"^\s*(?:[α-ωΑ-Ω√]|\\(?:pi|sqrt|theta)\b)", rest):
        return None   # "2π × 10000", "3√2": a coefficient of more arithmetic, not a result
    if not unit and re.match(r"^(?:[A-Za-z]|\s*[kKMGTP][A-Za-z]*(?:FLOP|flop|Hz|bps|param|token)"
                             r"|\s*(?:\\(?:text|mathrm|rm)\s*\{\s*)?[KMGT]\s*\}?\s*(?:[-−+*/×·^÷]|\\times|\\cdot))", rest):
        return None   # "32B", "4k", "5GHz", "67M / 395": a scale or a unit of its own, not a plain number
    return m.group("num"), unit


def _suffix_values(seg: str):
    """The values of the longest arithmetic tail of the chain's first segment (prose before it
    is skipped): ``dim 2: sin(1 / 10000^(2/512))`` is sin(1/10000^(2/512))."""
    starts = [0] + [m.end() for m in re.finditer(r"[\s:：(（\[|]|(?<=[^\d.,])(?=[\d\\√])", seg)]
    for s in sorted(set(starts)):
        tail = seg[s:].strip()
        if not tail or not re.search(r"\d|\\pi|π", tail):
            continue
        if _OPERATOR_END.search(seg[:s]) or _OPERATOR_START.match(tail) or re.search(r"[^\W\d_]-$", seg[:s]) or \
                re.search(r"\d,\s*$", seg[:s]) and re.match(r"\d{3}(?![\d.,])", tail):
            # (Llama-3-8B: digits after a name and a hyphen are part of the name; "+ 5, 120 + …": three
            # digits after a number and a comma are its thousands written apart)
            continue   # the rest of a product whose first operand is no plain number (128 KiB × 8192 × 64)
        vals = _values(tail)
        if vals and _has_op(tail):
            return tail, vals
    return None, []


#: an operator that a segment's text ends with, or starts with: what follows or precedes it is one operand
_OPERATOR_END = re.compile(r"(?:[×*·⋅/÷^+]|(?<=[\d\s])[-−]|\\times|\\cdot|\\div)\s*$")   # (193.5k + 9×128k: a sum)   # (dmodel^2/1.5e12: a power of a name)
_OPERATOR_START = re.compile(r"^(?:[×*·⋅/÷+]|\\times|\\cdot|\\div)")


def _has_op(text: str) -> bool:
    return bool(re.search(r"[-+−×*·⋅/÷^√]|\\(?:times|cdot|frac|sqrt|sin|cos|tan|exp|div)|\b(?:sin|cos|tan|exp|sqrt)\b",
                          text.strip()[1:] if text.strip()[:1] in "-−" else text))


#: a count with an SI prefix glued to what it counts: 64TFLOPs, 7 GFLOPS, 32 Mparams
_COUNTS = r"FLOPs?|FLOPS|flops?|OPs|OPS|ops|params?|parameters|tokens?"
_SCALED = re.compile(rf"^\s*([kKMGTP])(?:{_COUNTS})\b")
_BITS = {"K": 10, "M": 20, "G": 30, "T": 40}
_BINARY = {k: 2 ** b for k, b in _BITS.items()}
_PREFIX = {"k": 10 ** 3, "K": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12, "P": 10 ** 15, "B": 10 ** 9}
#: a count's scale alone after it, as a result (``8000 × 256 = 2.05 M``, ``≈ 6.7 B``): millions, billions
#: (a letter on its own, before no other word or more arithmetic; a remark in brackets may follow it
#: after a blank, ``148.375 M  (not counted …``, a bracket right after it is a product); thousands only
#: glued to the number (``65K elements``: a K after a blank is as often the keys, ``2 K``)
_COUNT_SCALE = re.compile(r"^(?:\s*[MB]|[kK])(?![\w(\[{])\**(?!\s*(?:[-−+*/×·^÷]|\\times|\\cdot|\d)|\()")


def _unit_readings(vals, unit: str):
    if not unit:
        return vals
    if unit == "scale:°":
        return [(x * 180 / mpmath.pi, name or "°") for x, name in vals]
    if unit == "scale:turn":
        return [(x / (2 * mpmath.pi), name or "turns") for x, name in vals]
    if unit == "scale:π":
        return [(x / mpmath.pi, name or "π") for x, name in vals]
    if unit == "rad":
        return vals
    if unit.startswith("scale:"):
        text = unit[len("scale:"):]
        scaled = [(x / _PREFIX[text[0]], Reason.of("reading-unit", reading=name, unit=text) if name else text)
                  for x, name in vals]
        if text[0] in _BINARY:   # 148.375 M for 151,936 × 1,024: a binary mega (2²⁰), as sizes are read
            scaled += [(x / _BINARY[text[0]], Reason.of("reading-unit", reading=name, unit=f"{text} = 2^{_BITS[text[0]]}")
                        if name else f"{text} = 2^{_BITS[text[0]]}") for x, name in vals]
        # a scale alone (12 M tokens) may be the unit of the operands too: 3 × 4 = 12 (millions)
        return scaled + (list(vals) if len(text) == 1 else [])
    return [(x / u, Reason.of("reading-unit", reading=name, unit=_UNIT_NAME[u]) if name else _UNIT_NAME[u])
            for x, name in vals for u in unit_bytes(unit)]


#: what a number counts, between it and the next operator: 40 (layers), 2 Bytes (FP16), 32 Heads ×
_NOTE = re.compile(r"(?<=[\dA-Za-z])\s*[(（](?P<in>[^()（）\\$=]{1,40})[)）]")
_BYTE_WORD = r"(?:bytes?|Bytes?|BYTES|字节|バイト|바이트|octets?|bayt|байт(?:а|ов)?|bajt(?:y|ów)?)(?![A-Za-z])"
_BYTES = re.compile(r"(?<=\d)\s*" + _BYTE_WORD)
#: (a unit with a scale, 10 PFLOPS, 20.97 GFLOPs, 42 ms, is no noun: the operand is in that unit)
_COUNTED = re.compile(rf"(?<=\d)\s+(?![KMGT]i?B\b|{numerals.SCALED_FLOPS}\b|[kKMGTP](?:OPS|ops)\b|(?:ms|μs|µs|us|ns|s)\b)"
                      r"[^\W\d_][\w-]*(?=\s*(?:[×*·⋅/]|\\times|\\cdot|$))")
_EXPR_START = re.compile(r"^\s*(?:=|≈|\\approx|&=|~=|=~)")


def _annotations_out(line: str) -> str:
    """The arithmetic of a line of sizes with what its numbers count taken out:
    ``2 (K+V) × 40 (layers) × 2 Bytes (FP16)`` is ``2 × 40 × 2``; ``2 x 32`` is ``2 × 32``, and so is
    ``5120 x (128 x 40)`` a product."""
    line = _NOTE.sub(lambda m: "" if re.search(r"[^\W\d_]{2}|^\s*K\s*[+,]\s*V\s*$", m.group("in")) else m.group(0), line)
    line = _BYTES.sub("", line)
    line = re.sub(r"(?<=[\d)])\s*[xX]\s*(?=[\d(])", " × ", line)   # (and 5120 x (128 x 40): a bracket too)
    # "52 billion * 2": a scale in words is a power of ten of its number, not a noun it counts
    line = re.sub(r"(?<=\d)\s+(thousand|million|billion|trillion)\b", lambda m: _SCALE_E[m.group(1)], line)
    return _COUNTED.sub("", line)


_SCALE_E = {"thousand": "e3", "million": "e6", "billion": "e9", "trillion": "e12"}


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
        # the chain's last expression: "= 268,435,456 bytes" under it goes on from "2,048 × 16 × …"
        # (a line that is only an expression starts a chain that the next lines go on with)
        exprs = [s for s in segs[-2:] if s.strip() and _has_op(s) and _values(s)]
        if exprs:
            carry = (exprs[-1].strip(), n)
        elif not cont:
            carry = None
        else:
            carry = (carry[0], n)
        yield n, text, raw


#: a decimal that is an operand (next to an operator), not a result: ``0.5 × 4096``, ``4096 / 1.5``
_DECIMAL_OPERAND = re.compile(r"\d\.\d+\s*(?:[×*·⋅x/÷]|\\times|\\cdot|\\div)"
                              r"|(?:[×*·⋅/÷^]|(?<![A-Za-z])x|\\times|\\cdot|\\div)\s*\d*\.\d")   # (\approx is no ×)


#: a size unit after a number: 2.5 MB, 3 GiB
_SIZED = re.compile(r"\d\s*[KMGT]i?B\b")
#: a sum of numbers, whose result a size follows (``70 + 5.2 + 1 + 11.4 = 87.6 GB``): sizes added up
_SUM = re.compile(r"\d\s*\+\s*\d[^=≈]*(?:=|≈)\s*[~≈]?\s*(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:[KMGT]i?B|bytes?)\b")
#: a division in a chain's expression
_QUOTIENT = re.compile(r"[/÷]|\\div\b|\\frac\b")


#: what stands before the ≈ of an estimate: a name in words, no number and no formula
_ESTIMATE = re.compile(r"\s*(?:[-*•]\s+)?[^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,3}\s*")


def _rounded_prints(lines: list[str]) -> dict[str, int]:
    """Decimals printed after ≈ anywhere (``√3 ≈ 1.73``) or as the result of arithmetic (``2145.8 - 120 =
    2025.8 GiB``) or as the shorter rounding of a longer print (:func:`~symattn.check.exactprints.shortened`),
    with their line: rounded prints, whose exact value a chain that uses them may not know."""
    # (an estimate the article states, ``Activations ≈ 1.5 GB``, a name and nothing computed before
    # its ≈, is one of its inputs: a sum that uses it is exact on it)
    rounded = {m.group(1): n for n, line in enumerate(lines, 1) for m in numerals.APPROXIMATED.finditer(line)
               if not _ESTIMATE.fullmatch(line[:m.start()])}
    for n, line in enumerate(lines, 1):
        for m in _RESULT.finditer(line):
            if numerals.ARITHMETIC.search(line[:m.start()]):
                rounded.setdefault(m.group(1), n)
    for short, n in shortened(lines).items():   # (61.2 where a table printed 61.16)
        rounded.setdefault(short, n)
    return rounded


def _within_operand_rounding(exprs: list[str], ents) -> bool:
    """Does every printed result lie within what its expression gives with each of its decimals of two
    places or more moved by half a unit of its last place (at most four such decimals)?"""
    from ..compare import reachable
    return all(reachable(expr, mpmath.mpf(ent.value.p) / ent.value.q, rounding_half(ent), places=2)
               for expr, ent in zip(exprs, ents))


def _rounded_operands(expr: str, rounded: dict[str, int], n: int) -> list[tuple[str, int]]:
    """The decimals of an expression on line ``n`` that the article prints rounded on another line."""
    return [(t, rounded[t]) for t in re.findall(r"\d+\.\d+", expr) if rounded.get(t, n) != n]


#: a size written again in another unit: "327,680 bytes = 320 KB", "2,147,483,648 B ≈ 2 GiB"
_CONVERSION = re.compile(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?\s*(?:bytes?|Bytes?|B|[KMGT]i?B)\s*(?:=|≈|\\approx)\s*"
                         r"\d[\d,]*(?:\.\d+)?\s*[KMGT]i?B\b")


#: a sum of counts given at a scale: "80,411,200 + 1,966,233,600 + … ≈ 2.13B"
_COUNT_SUM = re.compile(r"\d\s*\+\s*\d[^=≈\n]*(?:=|≈)\s*\d+(?:\.\d+)?\s*(?:[MBT](?![A-Za-z])|million|billion)")


def _chains(text: str, lines: list[str], kv_article: bool) -> list[Claim]:
    token = MIXED_SIZES.set(mixed_sizes(text))
    try:
        return _chains_of(text, [_row_as_chain(line) for line in lines], kv_article)
    finally:
        MIXED_SIZES.reset(token)


#: a table cell that is arithmetic on numbers (``6 × (1.05M + 2.1M + 2K)``, ``32000 × 512``), and one
#: that is a single number, approximate or not, at a scale or in a unit (``~25.5M``, ``16.4M``, ``2 GB``)
_FORMULA_CELL = re.compile(r"[\d(][\d\s.,()KMBGkT]*(?:(?:[×*+/^·⋅−-]|\\times|\\cdot)\s*[\d(][\d\s.,()KMBGkT]*)+")
_RESULT_CELL = re.compile(r"(?:~|≈|约|約)?\s*[-−]?\d[\d,]*(?:\.\d+)?\s*(?:[KMBGT]|[KMGT]i?B|%)?")


def _row_as_chain(line: str) -> str:
    """A Markdown table row whose cells hold a formula and, in the next cell, its value (``| 6层
    Decoder 合计 | 6 × (1.05M×2 + 2.1M + 3K) | ~25.5M |``), as the chain ``formula ≈ value`` a line
    of prose would write; any other line as it is.  The first cell names the row (``| 1 × 2K |``:
    a batch of one at 2K tokens), never a formula of the next."""
    if not line.lstrip().startswith("|") or "=" in line or "≈" in line:
        return line
    cells = [re.sub(r"\*\*|`|\$", "", c).strip() for c in line.strip().strip("|").split("|")]
    for a, b in zip(cells[1:], cells[2:]):   # (the first cell is the row's name: "| 1 × 2K | 0.625 GB |")
        if _FORMULA_CELL.fullmatch(a) and _RESULT_CELL.fullmatch(b) and re.search(r"\d", b):
            approx = b[:1] in "~≈约約"
            return f"{a} {'≈' if approx else '='} {b.lstrip('~≈约約 ')}"
    return line


def _chains_of(text: str, lines: list[str], kv_article: bool) -> list[Claim]:
    out = []
    printed = {}   # a result the article printed in a chain -> (its exact value, line, judged wrong)
    rounded = _rounded_prints(lines)
    elements = element_sizes(text)
    for n, raw, own in _logical_lines(lines):
        if "=" not in raw and "≈" not in raw and "approx" not in raw:
            continue
        raw = _SHAPE_TIMES_TYPE.sub(_shape_times_type, raw)
        if _BY_1024.search(raw):
            # "… / 1024/1024/1024 = 64G": the divisions make the unit; a bare G glued to the result
            # names it, as "64G 显存" does, and the number is what the arithmetic gives
            raw = _BARE_SIZE.sub(r"\1", raw)
        trig = bool(_TRIG.search(raw))
        # sizes and counts: a product of integers, or arithmetic on sizes (2.5 MB), is exact and
        # checkable in any article; products of rounded decimals only where the article is about sizes
        product = re.search(r"[\d)]\s*(?:(?:[KMGT]i?B|bytes?|Bytes?|[^\W\d_][\w-]*)\s*)?(?:×|\\times|\*|·|⋅|\\cdot|x(?=\s*\d))"
                            r"\s*[\d(]", raw)   # (64 × (256 + 256) × 2: brackets around a factor; 80 layers × 32 KB)
        sized = _SIZED.search(raw)
        kv = bool((product and (kv_article or sized or not _DECIMAL_OPERAND.search(raw)))
                  or (sized and re.search(r"[KMGT]i?B\s*(?:/|÷|\\div)", raw))
                  or (sized and _SUM.search(raw))
                  or (_QUOTIENT.search(raw) and _uses_printed(raw, printed))
                  or bool(_CONVERSION.search(raw)) or bool(_COUNT_SUM.search(raw)))
        if not (trig or kv):
            continue
        line = re.sub(r"\\text\{\s*(?:bytes?|B)\s*\}", " bytes", upright_exponents(raw))
        line = re.sub(r"\\(?:text|mathrm|textrm|mbox)\{\s*([^\W\d_]{1,8})\s*\}", r" \1", line)   # \text{ GB}: GB
        # \text{ bayt (FP16)}, \mathbf{32.76 GB}: a unit with its remark, a bold result
        line = re.sub(r"\\(?:text|mathrm|textrm|mbox)\{\s*([^\W\d_]{1,8}\s*[(（][^{}()（）$]{1,40}[)）])\s*\}", r" \1", line)
        line = re.sub(r"\\(?:mathbf|textbf|boldsymbol|bm)\{((?:[^{}]|\{[^{}]*\})*)\}", r"\1", line)
        line = _BULLET.sub(lambda m: " " * len(m.group(0)), line)   # "- cos(0) = 1": a list marker, no minus
        # (a unit just after a formula is its result's: "$2 \cdot 32 = 64$ GB")
        maths = [m.group(1) + (m.group(2) or "")
                 for m in re.finditer(rf"\$\$?([^$]+)\$\$?([ \t]?(?:[KMGT]i?B|{numerals.SCALED_FLOPS})(?!\w))?", line)]
        # (。, or a full stop before the next sentence's first word: a sentence ends its chains)
        split = re.compile(r"[|；;，。！？]|,\s+(?=[A-Za-z])|(?<=\))\s*,\s*|\.\s+(?=[A-Z][a-z])")
        # several inline formulas: each is a piece, and so is the arithmetic written outside them
        # ("在 $n=4096$ 时 KV-cache = 2×64×4096×128×4B = 2GB")
        pieces = maths + split.split(re.sub(r"\$[^$]+\$", " ", line)) if len(maths) >= 2 else split.split(line)
        for piece in pieces:
            out.extend(_chain(n, own.strip(), piece, kv, printed if kv or trig else None, rounded, elements))
    return out


#: a division by 1024 (bytes converted to KiB, MiB, GiB)
_BY_1024 = re.compile(r"/\s*1024\b")
#: a size written with its scale letter alone, glued to the number: 64G, 512M (not 64GB, 4K tokens)
_BARE_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)([KMGT])(?![A-Za-z\d])")


def _uses_printed(raw: str, printed: dict) -> bool:
    """Does the line take as an operand a count a size chain above printed (an integer of three digits
    or more, as :func:`_operands` takes them): ``10937 / 8192 ≈ 1.3`` under ``56 GB / 5.12 MB ≈ 10937``.
    (A decimal result may rest on rounded operands, 1.3679 = 0.3679 + 1.0, and stands for no exact value.)"""
    return any(_key(t, "") in printed or (_key(t, "")[0], "in its unit") in printed
               for t in re.findall(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\d.])|(?<![\w.,])\d{3,}(?![\d.])", raw))


def _chain(n: int, source: str, piece: str, kv: bool, printed: dict | None = None,
           rounded: dict | None = None, elements=()) -> list[Claim]:
    """The claims of one chain ``a = b ≈ c``.  ``printed``: the results printed by the chains above,
    which a later chain may use as operands; each is replaced by the exact value it stands for, so
    that a chain is judged end to end (``268 MB × 80``, with 268 MB a rounded 268,435,456 bytes)."""
    segs = _SEP.split(piece)
    if len(segs) < 2:
        return []
    rels = _SEP.findall(piece)
    out, ref, how = [], None, ""
    head = None   # the first expression of the chain's current step: what its result must equal
    counted = False   # the chain's value was last written as a count of tokens or parameters
    plain = _annotations_out if kv else (lambda t: t)
    # (a B glued to a count is billions, 67B × 8; to a 1, 2, 4 or 8, or after a blank, bytes)
    bytes_chain = bool(re.search(r"(?:(?<![\w.])[1248]B|\d\s+B)\s*(?:[×*·⋅/]|\\times|\\cdot)|[KMGT]i?B\b|" + _BYTE_WORD,
                                 piece))
    for k, seg in enumerate(segs):
        if k and 0 < k < len(segs) - 1 and not seg.strip():
            continue   # "… =  = 79.1 GFLOPs": a relation written twice is one
        seg = re.sub(r"\*\*|`|\$", " ", seg)
        # (a B after an operand is bytes, ``× 4B``, and so it is after a result in a chain of bytes,
        # ``2 × 8 × 128 × 2 B = 4096 B = 4 KiB``; in a chain with no bytes in it, it may be billions,
        # ``= 7,852,032,000 ≈ 7.852B``: that result keeps it, and is read both ways)
        bare_b = k == 0 or bytes_chain or _has_op(seg) or not _literal(seg.strip())
        seg_v = _BYTES.sub("", re.sub(r"(?<=\d)\s*B\s*$", "", seg.strip()) if bare_b else seg.strip()) if kv else seg
        lit = _literal(seg_v) if k else None
        if lit and ref:
            num, unit = lit
            if _entry(num, n) is None or counted and unit.lower() in _BYTE_UNITS:
                break   # (64 tokens = 32 MB: the tokens' bytes, at a size per token the line does not write)
            approx = rels[k - 1] != "=" or bool(_APPROX.match(seg_v))
            claim = _size_claim(n, source, how, ref, num, unit, approx, printed, rounded, elements)
            if head is not None and head[0] is not ref and claim.status != "wrong" and not kv:
                # right from the chain's last rewrite, which an "=" says equals its first expression:
                # the print is judged against that first one, end to end (sin(1/10000^(2/512)) =
                # sin(1/2.5) = 0.389: the rewrite is the slip)
                first = _size_claim(n, source, head[1], head[0], num, unit, approx, printed, rounded, elements)
                if first.status == "wrong" and all(r == "=" for r in rels[head[2]:k - 1]):
                    claim = first
            out.append(claim)
            out += [_size_claim(n, source, how, ref, *alt, True, printed, rounded, elements)
                    for alt in _alternatives(seg_v, unit)]
            again = _operands(plain(seg_v), printed) if kv and _has_op(plain(seg_v)) else None
            if again:   # 536MB (per layer) × 32 = 17GB: the printed size starts the next step
                ref, how = again, plain(seg_v).strip()[:60]
                head = (ref, how, k)
                continue
            if unit in ("rad", "scale:°", "scale:turn", "scale:π") and not kv:
                continue   # 128 rad ≈ 7333.9° ≈ 20.37 turns: the same angle again, in another unit
            rest = _LIT.match(seg_v).group("rest")
            if not unit and _COUNT_WORD.fullmatch(rest):
                counted = bool(_OF_ITEMS.fullmatch(rest))
                continue   # 503316480000 FLOPs = 504 GFLOPs: the same count again, at a scale
            dtype = _DTYPE.fullmatch(rest) if not unit else None
            if dtype and k + 1 < len(segs):
                # 14336 个 float16 = 28KB: so many values of a type, the next link their bytes
                per = _DTYPE_BYTES[re.sub(r"\W", "", dtype.group("t").lower())]
                ref = ref._replace(written=[(x * per, name) for x, name in ref.written],
                                   exact=[(x * per, name) for x, name in ref.exact])
                how = f"{how} × {per} bytes ({dtype.group('t')})"[:60]
                continue
            if unit or _literal_rest_is_prose(seg_v):
                break
            continue
        if k == 0 or ref is None and (not lit or _has_op(plain(seg_v))):
            # (the chain's first expression, after prose or a name written with "=" before it: the
            # arithmetic that ends the segment, ``bias=True)->$769\times768=0.591M$``)
            tail, _ = _suffix_values(plain(seg_v))
            single = re.search(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?\s*$", plain(seg_v)) if k == 0 and tail is None \
                and _CONVERSION.search(piece) else None
            if single and (_OPERATOR_END.search(plain(seg_v)[:single.start()]) or
                           re.search(r"(?:×|\*|·|⋅|\\times|\\cdot|x)\s*$", seg_v[:seg_v.rfind(single.group(0).strip())])):
                single = None   # "7B × 4 bytes = 28 GB": the last factor of a product, not a size alone
            if single:   # "327,680 bytes = 320 KB": one size, written again in another unit
                tail = single.group(0).strip()
        else:
            tail = plain(seg_v).strip() if _has_op(plain(seg_v)) else None
        vals = _operands(tail, printed) if tail else None
        if vals and re.search(r"(?<=\d)B\s*$", seg.strip()):
            # "× 32B": 32 bytes, or 32 billion (a model's parameters): each is a reading
            vals = vals._replace(**{f: v + [(x * 10 ** 9, Reason.of("reading-unit", reading=name, unit="B = 10⁹")
                                             if name else "B = 10⁹") for x, name in v]
                                    for f, v in (("written", vals.written), ("exact", vals.exact))})
        if vals:
            ref, how = vals, tail[:60]
            if head is None:
                head = (vals, how, k)
        elif k and ref:
            break
    return out


class _Ref(NamedTuple):
    """The readings of a chain's expression: as written, and end to end (the printed results it uses
    replaced by their exact values); and the lines of those results."""
    written: list
    exact: list
    used: tuple = ()       # lines of the printed results replaced
    wrong: tuple = ()      # of them, the lines of results judged wrong


#: a printed number, with a size unit perhaps
_OPERAND = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*([KMGT]i?B)\b|([KkMBT])(?![A-Za-z]))?"
                      r"(?![\d,]|\.\d)")


def _key(num: str, unit: str) -> tuple[str, str]:
    return num.replace(",", ""), (unit or "").lower()


def _printed_operand(m: re.Match, printed: dict | None):
    """What a chain above printed for this operand (an :data:`_OPERAND` match): (its exact value, line,
    judged wrong[, in bytes]), or None."""
    if m.group(3):   # 2.13B: a count printed above at its scale (≈ 2.13B), or nothing
        return printed.get(_key(m.group(1), "scale:" + m.group(3))) if printed else None
    hit = printed.get(_key(m.group(1), m.group(2))) if printed else None
    if hit is None and printed and not m.group(2) and "." in m.group(1):
        # 2025.8 × 0.70 below "= 2025.8 GiB"; a whole number without its unit is as often a count or a
        # width as that size (d * 1.3 = 128 * 1.3 under "= 128 MB")
        hit = printed.get((_key(m.group(1), "")[0], "in its unit"))
    if hit is None or (not m.group(2) and "." not in m.group(1) and len(m.group(1).replace(",", "")) < 3):
        return None
    return hit


def _operands(text: str, printed: dict | None) -> _Ref | None:
    written = _values(text)
    if not written:
        return None
    used, wrong, sized = [], [], []

    def exact(m, in_bytes=False):
        hit = _printed_operand(m, printed)
        if hit is None:
            return m.group(0)
        if not in_bytes:   # (the second reading of the same operands records nothing again)
            used.append(hit[1])
            if hit[2]:
                wrong.append(hit[1])
            if len(hit) > 3:
                sized.append(hit[3])
        return mpmath.nstr(hit[3] if in_bytes and len(hit) > 3 else hit[0], 40, strip_zeros=True).replace("e+", "e")
    e2e = _OPERAND.sub(exact, text)
    exact_vals = _values(e2e) if used else written
    # one size printed above without its unit here (0.125 MB, then "0.125 × 4096 = 0.5 GB"): the
    # expression is in that unit, or, with the size in bytes, a number of bytes
    in_bytes = _values(_OPERAND.sub(lambda m: exact(m, True), text)) if len(sized) == 1 else []
    if used and len(exact_vals) == 1 < len(written):   # no prefix left to read two ways: bytes are bytes
        exact_vals = [(exact_vals[0][0], name) for _, name in written]
    if len(exact_vals) != len(written):
        exact_vals, used, wrong = written, [], []
    elif len(in_bytes) == len(exact_vals):
        exact_vals = exact_vals + in_bytes
    return _Ref(written, exact_vals, tuple(sorted(set(used))), tuple(sorted(set(wrong))))


#: an approximate value: ~2,000,000, 约 27 GB, about 54 GB
_APPROX = re.compile(r"^\s*" + APPROX_WORDS, re.I)


def _size_claim(n: int, source: str, how: str, ref: _Ref, num: str, unit: str, approx: bool = False,
                printed: dict | None = None, rounded: dict | None = None, elements=()) -> Claim:
    shown = unit[6:] if unit.startswith("scale:") else unit if unit in _TIME_UNITS or unit == "rad" else unit.upper()
    what = f"{how} = {num}{' ' + shown if unit else ''}"
    entry = _entry(num, n)
    # "≈ 2,000,000": an approximate integer is right to its last nonzero digit
    zeros = len(re.search(r"0*$", num.replace(",", "")).group(0)) if approx and entry.places == 0 and entry.value else 0
    slack = (10 ** zeros - 1) / 2

    # an integer is read as rounded where "≈", a size, a decimal operand or a quotient makes rounding
    # natural (≈ 62,832 for 2π × 10000, 64× from 2.69, 256× from 172 GB / 672 MB, 26 for 2 · 28672 / 2200)
    loose = approx or bool(unit) or bool(re.search(r"\d\.\d", how) or _SIZED.search(how) or _QUOTIENT.search(how))

    said = Reason.of("from-own-operands-exact", expr=how, lines=list(ref.used)) if ref.used else \
        Reason.of("from-own-operands", expr=how)

    # a size printed just before (on this line or the one above) sets the unit of bare operands:
    # "1280-530x2=220GB ... 80x32-530=2TB" works in GB (2030 GB ≈ 2 TB)
    last = (printed or {}).get(_LAST_SIZE)
    context = (last[0], (printed or {}).get(_BINARY_SIZES)) if last and last[1] >= n - 1 and last[0] != unit and \
        unit in _UNITS else None
    if printed is not None and unit in _UNITS:
        printed[_LAST_SIZE] = (unit, n)

    def judge(vals, **cause):
        return _scalar(n, source, what, entry, _unit_readings(_in_unit(vals, how, unit, elements, context), unit), said,
                       loose_int=loose, slack=slack, **cause)
    claim = judge(ref.exact)
    if claim.status == "wrong" and ref.used and judge(ref.written).status != "wrong":
        # right from the printed results it uses, not from the exact values they stand for
        claim = judge(ref.exact, cause="carried", root=ref.wrong[0]) if ref.wrong else \
            judge(ref.exact, cause="drift", drift_lines=ref.used)
        if ref.wrong and printed:
            claim = replace(claim, entries=list(claim.entries) + _wrong_operands(how, printed, n))
    if claim.status == "wrong" and rounded:
        # an operand printed rounded (≈ 37.48 on another line) whose exact value no chain gave: no witness
        used = [(t, line) for t, line in _rounded_operands(how, rounded, n)
                if not (printed and any(k == t for k, _ in printed))]
        in_unit = lambda vals: _unit_readings(_in_unit(vals, how, unit, elements), unit)   # noqa: E731
        if used and not _beyond_rounding(how, [t for t, _ in used], entry, judge(ref.written), in_unit):
            claim = unverifiable(n, source, Reason.of("uses-rounded-print", what=what, value=used[0][0],
                                                      line=used[0][1]), what=what, claimed=num)
        elif used:
            claim = judge(ref.written)   # wrong whatever exact values its rounded operands stand for
    if printed is not None and re.fullmatch(r"scale:[KkMBT]", unit):
        # "≈ 2.13B": a count printed at its scale; a chain below that writes 2.13B takes its exact count
        x = [v for v, _ in ref.exact]
        if len(x) == 1 or len(set(x)) == 1:
            printed[_key(num, unit)] = (x[0], n, claim.status == "wrong")
    if printed is not None and not unit.startswith("scale:"):
        # (radians are an angle's own unit: "0.505 rad" is the 0.505 of "128 × 0.505" below)
        _remember(printed, num, "" if unit == "rad" else unit, _in_unit(ref.exact, how, unit, elements), entry, n,
                  claim.status == "wrong")
    return claim


def _wrong_operands(how: str, printed: dict, n: int) -> list[dict]:
    """The entries of the results printed wrong above that a carried line writes again as its operands
    (``35 + 10.4 + 1.5 + 7`` under ``≈ 10.4 GB`` for 10.74 GB): each with its right value at its own
    digits, so that a fix corrects the operand with the result (:data:`~symattn.check.claims.OPERAND`)."""
    out = []
    for m in _OPERAND.finditer(how):
        text, hit = m.group(1), _printed_operand(m, printed)
        e = _entry(text, n)
        if hit is None or not hit[2] or e is None:
            continue   # (the operands :func:`_operands` took at their exact values, the wrong ones)
        out.append({"entry": OPERAND, "claimed": text, "exact": mpmath.nstr(hit[0], 15),
                    "correct": right_text(e, hit[0]), "line": n})
    return out


def _beyond_rounding(how: str, operands: list[str], entry, from_written: Claim, in_unit) -> bool:
    """Is a result judged wrong from its printed operands wrong for every exact value its rounded
    operands may stand for?  Each is its printed value give or take half a unit of its last place;
    the expression is taken at every corner of those intervals (up to six operands), and the print
    (give or take its own rounding) must lie outside all they span.  (0.032·10 + 0.087·20 + 0.237·30 +
    0.644·40 spans 34.88 to 34.98: a printed 32.7 is wrong whatever P is.)  ``in_unit``: the readings
    of a value in the printed unit."""
    if from_written.status != "wrong" or not operands or len(set(operands)) > 6 or entry is None:
        return False
    texts = list(dict.fromkeys(operands))
    lows, highs = [], []
    for corner in range(2 ** len(texts)):
        expr = how
        for k, t in enumerate(texts):
            x = mpmath.mpf(t)
            h = rounding_half(_entry(t, 0))
            expr = re.sub(rf"(?<![\d.]){re.escape(t)}(?![\d])", mpmath.nstr(x + (h if corner >> k & 1 else -h), 20), expr)
        vals = in_unit(_values(expr))
        if not vals:
            return False
        lows.append(min(v for v, _ in vals))
        highs.append(max(v for v, _ in vals))
    p = mpmath.mpf(entry.value.p) / entry.value.q
    h = rounding_half(entry)
    return p + h < min(lows) or p - h > max(highs)


def _in_unit(vals, how: str, unit: str, elements=(), context: tuple | None = None):
    """The readings of an expression whose result is printed with a size unit: a count of bytes, and,
    when the expression has no unit of its own, a number already in that unit (72 - 45 = 27 GB), or a
    count of elements of a type the article names (``8192*8192 = 128MB`` in an fp16 article: 2 bytes
    each, 128 MiB), or a number in the ``context`` unit of the size printed just before it, (unit, read
    in powers of two: True, False or None where the article has not shown which)."""
    if unit not in _UNITS or _SIZED.search(how) or _BYTES.search(how):
        return vals
    # (an expression with the element's bytes among its factors, 2 × 1 × 4096 × 4096 × 2, has them already)
    factors = {mpmath.mpf(t) for t in re.findall(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])", how)}
    # (and one with any named type's bytes among them has its own: 2 × 28 × 8192 × 16 × 128 × 2 in an
    # article that also names int4 is fp16 bytes, never a count of half-byte elements)
    sizes = {} if any(b in factors for b in elements if b != 1) else \
        {b: Reason.of("element-bytes", bytes=mpmath.nstr(b, 3)) for b in elements if b != 1}
    per = [(x * b, Reason.of("reading-unit", reading=name, unit=size) if name else size)
           for x, name in vals for b, size in sizes.items()]
    # (read as the article reads its sizes, in powers of two or of ten, once it has shown which)
    binary = None
    if context is not None:
        context, binary = context
    around = [(x * u, Reason.of("operands-in", unit=context.upper())) for x, _ in vals for u in unit_bytes(context)
              if binary is None or _is_binary(u) == binary] if context in _UNITS else []
    return vals + per + [(x * u, name) for x, name in vals for u in unit_bytes(unit)] + around


#: the types of numbers an article names, with their bytes
_DTYPES = ((re.compile(r"\b(?:fp|float)\s*32\b|\bfp32|float32", re.I), 4),
           (re.compile(r"\b(?:fp|bf|float)\s*16\b|bfloat16|半精度", re.I), 2),
           (re.compile(r"\bint\s*8\b|\b8-bit\b|\bC8\b|\bq8|\bfp8\b", re.I), 1),
           (re.compile(r"\bint\s*4\b|\b4-bit\b|\bq4", re.I), mpmath.mpf(1) / 2))


def element_sizes(text: str) -> tuple:
    """The bytes of every type of number the text names, in the order fp32 4, fp16 2, int8 1, int4 ½."""
    return tuple(b for pat, b in _DTYPES if pat.search(text))


def _dtype(text: str):
    """The bytes of the first type of number the text names (in that order), or None."""
    return next(iter(element_sizes(text)), None)


#: the key under which the size chains keep how the article reads KB, MB, GB (True: in powers of two)
_BINARY_SIZES = ("", "binary sizes")
#: and the unit and line of the latest size printed
_LAST_SIZE = ("", "last size")


def _is_binary(u) -> bool:
    return u > 1 and int(u) & (int(u) - 1) == 0


def _remember(printed: dict, num: str, unit: str, vals, entry, n: int, wrong: bool) -> None:
    """Keep the exact value a printed result stands for (in bytes for a size): the reading that
    agrees with the print, else the one the article's agreeing sizes follow (powers of two or of
    ten), else the closest one."""
    p = mpmath.mpf(entry.value.p) / entry.value.q
    units = unit_bytes(unit) if unit in _UNITS else (1,)
    # (distance, value, unit, read in powers of two: a KB, MB, GB of 2¹⁰ᵏ bytes or a K of 1,024, else None)
    readings = [(abs(x / u - p), x, u, _is_binary(u) if unit.lower() in ("kb", "mb", "gb", "tb")
                 else True if getattr(name, "code", "") == "per-k" else None)
                for x, name in vals for u in units]
    agree = [r for r in readings if r[0] <= rounding_half(entry)]
    binary = printed.get(_BINARY_SIZES)
    if agree:
        # a size that agrees under both readings (80 × 0.9 − 35 − 2 = 35 GB: arithmetic in the unit)
        # stands for the reading the article's sizes follow; only one that agrees under one tells it
        best = min(agree, key=lambda t: (t[0], binary is not None and t[3] is not None and t[3] != binary))
        if best[3] is not None and len({r[3] for r in agree}) == 1:
            printed[_BINARY_SIZES] = best[3]
    else:
        # none agrees: the reading the article's right sizes follow, else the closest one
        # (an article that counts 64 KB for 65,536 bytes reads 56 GB as 56·2³⁰)
        ours = [r for r in readings if binary is None or bool(r[3]) == binary]
        best = min(ours or readings, key=lambda t: t[0])
    printed[_key(num, unit)] = (best[1], n, wrong)   # the latest print of a number is the one a chain below uses
    if unit in _UNITS and len(re.sub(r"\D|^0+", "", num)) >= 3:   # the same number written again without its unit
        printed[(_key(num, "")[0], "in its unit")] = (best[1] / best[2], n, wrong, best[1])


#: the same size again in other units, in brackets: 20,480 Bytes (~20.48 KB), 53.68 GB (약 54 GB)
_ALT = re.compile(r"\s*[(（]\s*(?:~|≈|约|約|약|about|approx\.?|ca\.)?\s*(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>[KMGT]i?B)\b")


def _alternatives(seg: str, unit: str) -> list[tuple[str, str]]:
    m = _LIT.match(seg)
    rest = m.group("rest") if m else ""
    u = _SIZE.match(rest) if unit else None
    rest = rest[u.end():] if u else re.sub(r"^\s*" + _BYTE_WORD, "", rest)
    alt = _ALT.match(rest)
    return [(alt.group("num"), alt.group("unit").lower())] if alt else []


#: values of a number type after their count (``14336 个 float16``, ``4096 fp16 values``), and its bytes
_DTYPE = re.compile(r"\s*(?:个|values?\s+of\s+|elements?\s+of\s+)?\s*(?P<t>float16|fp16|bf16|bfloat16|half|float32|fp32|"
                    r"float64|fp64|int8|fp8|int4)(?:\s*(?:values?|elements?|numbers?|个|值|元素))?\s*", re.I)
_DTYPE_BYTES = {"float16": 2, "fp16": 2, "bf16": 2, "bfloat16": 2, "half": 2, "float32": 4, "fp32": 4,
                "float64": 8, "fp64": 8, "int8": 1, "fp8": 1, "int4": mpmath.mpf(1) / 2}
#: a shape times a number type (``(9216, 3) × bf16``, ``(32, 128, 128) × float32``): its elements times the
#: bytes of each
_SHAPE_TIMES_TYPE = re.compile(r"\((\s*\d+(?:\s*,\s*\d+)+\s*)\)\s*(?:×|\\times|\*|x)\s*(?P<t>float16|fp16|bf16|"
                               r"bfloat16|float32|fp32|float64|fp64|int8|fp8)\b", re.I)


def _shape_times_type(m: re.Match) -> str:
    return " × ".join(x.strip() for x in m.group(1).split(",")) + f" × {_DTYPE_BYTES[m.group('t').lower()]}"


#: what a count counts, alone after its number, as a chain goes on to the same count at a scale
_COUNT_WORD = re.compile(rf"\s*(?:{_COUNTS})\s*")
#: a count of things that take memory each, not of operations: tokens, parameters
_OF_ITEMS = re.compile(r"\s*(?:params?|parameters|tokens?)\s*")
_BYTE_UNITS = ("kb", "kib", "mb", "mib", "gb", "gib", "tb", "tib")


def _literal_rest_is_prose(seg: str) -> bool:
    m = _LIT.match(seg)
    return bool(m and re.search(r"[A-Za-z\u4e00-\u9fff]", m.group("rest")))


_BRACKET = re.compile(r"\[([^\[\]]{1,400})\]")


def _vector_chains(lines: list[str]) -> list[Claim]:
    """``[0.5+0.841, 0.4+0.540] = [1.341, 0.94]``: a printed vector of sums, checked entry by entry."""
    out, rounded = [], _rounded_prints(lines)
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
            claim = _vector(n, raw.strip(), Reason.of("entrywise-arithmetic"), ents, vals,
                            Reason.of("arithmetic-before", text=a.group(0)[:40]))
            used = _rounded_operands(a.group(1), rounded, n)
            if claim.status == "wrong" and not used and _within_operand_rounding(left, ents):
                # "std = 1.63", then (2-4)/1.63 = -1.22: a decimal of two places or more that may be a
                # rounded print; the printed results are reachable within its rounding, so the
                # arithmetic as written is no witness
                used = [(m.group(0), n) for p in left for m in re.finditer(r"\d+\.\d{2,}", p)][:1]
            if claim.status == "wrong" and used:
                # an operand printed rounded elsewhere (√3 ≈ 1.73): the arithmetic on it is no witness
                claim = unverifiable(n, raw.strip(), Reason.of("uses-rounded-print", what=Reason.of(
                    "entrywise-arithmetic"), value=used[0][0], line=used[0][1]), what=Reason.of("entrywise-arithmetic"))
            out.append(claim)
    return out
