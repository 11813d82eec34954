r"""Checks beyond the attention pipeline: KV-cache sizes, sinusoidal positional encodings, RoPE
angles, sums X + PE, sample variances and the softmax Jacobian.

Input: the article's text and its blocks (:func:`symattn.check.read.read_blocks`).
Output: a list of :class:`~symattn.check.claims.Claim`, one per line that prints such a value.

Every kind is bound by evidence in the text (a stated formula, a parameter, a label) and
judged at the printed precision (:mod:`symattn.check.judge`); a claim is wrong only with a
witness, the value it should have had and where that comes from.  Arithmetic is evaluated by
a small parser of its own (numbers, + − × / ^, fractions, roots, sin/cos/exp, π, degrees):
no user text is ever executed or passed to ``sympify``.

>>> c = beyond_claims("PE: sin(1 / 10000^(0/4)) = 0.841", [])[0]
>>> c.status, c.expected
('rounded', '0.841470984807897')
>>> beyond_claims("Step 2: 160 × 8 = 1,280 (KV cache)", [])[0].status
'exact'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import mpmath

from .claims import Claim
from .judge import agrees, right_text
from .read import Entry, read_number

__all__ = ["beyond_claims", "evaluate"]

_DPS = 50


# --------------------------------------------------------------------------- arithmetic

class _Fail(Exception):
    """Not plain arithmetic (a symbol, a bracket list, unbalanced text)."""


_CLEAN = [
    (re.compile(r"\\(?:left|right|[Bb]igg?[lr]?|displaystyle|[,;:! ]|quad|qquad)(?![A-Za-z])"), " "),
    (re.compile(r"\\(?:mathrm|operatorname|textrm)\s*\{\s*([A-Za-z]+)\s*\}"), r"\\\1"),
    (re.compile(r"\\(?:d|t)frac"), r"\\frac"),
    (re.compile(r"\*\*|`|\$"), " "),
]
_TOK = re.compile(r"\s*(?:(?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(?P<k>[Kk](?![A-Za-z]))?"
                  r"|(?P<cmd>\\[A-Za-z]+)|(?P<word>[A-Za-z]+)|(?P<op>[-+−×*·⋅/÷^(){}√°π]))")
_FUNCS = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "exp": mpmath.exp, "ln": mpmath.log,
          "log": mpmath.log, "sqrt": mpmath.sqrt}


def _clean(text: str) -> str:
    for pat, rep in _CLEAN:
        text = pat.sub(rep, text)
    return text


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos, text = [], 0, text.rstrip()
    while pos < len(text):
        m = _TOK.match(text, pos)
        if not m or m.end() == pos:
            raise _Fail(text[pos:pos + 10])
        pos = m.end()
        if m.group("num"):
            out.append(("num", m.group("num") + (m.group("k") or "")))
        elif m.group("cmd"):
            name = m.group("cmd")[1:]
            if name in ("times", "cdot"):
                out.append(("op", "*"))
            elif name == "div":
                out.append(("op", "/"))
            elif name in ("frac", "sqrt", "pi", "circ") or name in _FUNCS:
                out.append(("fn", name))
            else:
                raise _Fail(name)
        elif m.group("word"):
            w = m.group("word")
            if w in _FUNCS or w in ("pi", "e"):
                out.append(("fn", w))
            else:
                raise _Fail(w)
        else:
            op = {"−": "-", "×": "*", "·": "*", "⋅": "*", "÷": "/", "√": "sqrt", "π": "pi"}.get(m.group("op"),
                                                                                          m.group("op"))
            out.append(("fn" if op in ("sqrt", "pi") else "op", op))
    return out


class _Parser:
    """Recursive descent over the tokens; values are mpmath numbers at _DPS digits."""

    def __init__(self, toks, kilo: int):
        self.t, self.i, self.kilo = toks, 0, kilo

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ("end", "")

    def take(self, kind=None, val=None):
        k, v = self.peek()
        if (kind and k != kind) or (val is not None and v != val):
            raise _Fail(v)
        self.i += 1
        return v

    def expr(self):
        x = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            x = x + self.term() if self.take() == "+" else x - self.term()
        return x

    def term(self):
        x = self.unary()
        while True:
            k, v = self.peek()
            if (k, v) in (("op", "*"), ("op", "/")):
                self.take()
                y = self.unary()
                if v == "/" and y == 0:
                    raise _Fail("/0")
                x = x * y if v == "*" else x / y
            elif k == "fn" and v not in ("circ",):
                x = x * self.unary()   # 2\pi, 2\sin(1): a number times a function
            else:
                return x

    def unary(self):
        if self.peek() in (("op", "-"), ("op", "+")):
            return -self.unary() if self.take() == "-" else self.unary()
        return self.power()

    def power(self):
        x = self.atom()
        while True:
            if self.peek() == ("op", "^"):
                self.take()
                if self.peek() == ("fn", "circ") or self.t[self.i:self.i + 3] == [("op", "{"), ("fn", "circ"),
                                                                                     ("op", "}")]:
                    self.i += 1 if self.peek() == ("fn", "circ") else 3
                    x = x * mpmath.pi / 180
                    continue
                e = self.exponent()
                if abs(e) > 10 ** 4:
                    raise _Fail("exponent")
                x = mpmath.power(x, e)
            elif self.peek() == ("op", "°"):
                self.take()
                x = x * mpmath.pi / 180
            else:
                return x

    def exponent(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.exponent()
        return self.atom()

    def group(self):
        if self.peek() == ("op", "{"):
            self.take()
            x = self.expr()
            self.take("op", "}")
            return x
        return self.atom()

    def atom(self):
        k, v = self.peek()
        if k == "num":
            self.take()
            if v[-1] in "kK":
                return mpmath.mpf(v[:-1]) * self.kilo
            return mpmath.mpf(v)
        if (k, v) in (("op", "("), ("op", "{")):
            self.take()
            x = self.expr()
            self.take("op", ")" if v == "(" else "}")
            return x
        if k == "fn":
            self.take()
            if v == "pi":
                return +mpmath.pi
            if v == "e":
                return mpmath.e
            if v == "frac":
                a = self.group()
                b = self.group()
                if b == 0:
                    raise _Fail("/0")
                return a / b
            arg = self.group() if v == "sqrt" else self.power()
            if v in ("sqrt", "ln", "log") and arg <= 0 if v != "sqrt" else arg < 0:
                raise _Fail(v)
            return _FUNCS[v](arg)
        raise _Fail(v)


def evaluate(text: str, kilo: int = 1000):
    """The value of a printed arithmetic expression (mpmath), or None.

    >>> mpmath.nstr(evaluate(r"\\sin\\Big(\\frac{1}{10000^{2/4}}\\Big)"), 6)
    '0.00999983'
    >>> evaluate("q_1 + 2") is None
    True
    """
    try:
        with mpmath.workdps(_DPS):
            toks = _tokens(_clean(text))
            if not toks or len(toks) > 400:
                return None
            p = _Parser(toks, kilo)
            x = p.expr()
            if p.i != len(toks) or not isinstance(x, mpmath.mpf):
                return None
            return +x
    except (_Fail, ZeroDivisionError, OverflowError, ValueError, TypeError):
        return None


def _values(text: str, kv: bool):
    """Every reading of an expression: "4K" as 4000 and 4096 tokens where a K is printed."""
    if kv:
        text = _thousands(text)
    out = []
    for kilo in ((1000, 1024) if re.search(r"\d[Kk]\b", text) else (1000,)):
        x = evaluate(text, kilo)
        if x is not None:
            out.append((x, f"{kilo} per K" if kilo == 1024 else ""))
    return out


def _thousands(text: str) -> str:
    return re.sub(r"(?<![\d.,])([1-9]\d{0,2}(?:,\d{3})+)(?![\d,]*\.\d|\d)", lambda m: m.group(1).replace(",", ""),
                  text)


# --------------------------------------------------------------------------- verdicts

_UNITS = {"kb": (10 ** 3, 2 ** 10), "kib": (2 ** 10, 10 ** 3), "mb": (10 ** 6, 2 ** 20), "mib": (2 ** 20, 10 ** 6),
          "gb": (10 ** 9, 2 ** 30), "gib": (2 ** 30, 10 ** 9), "tb": (10 ** 12, 2 ** 40), "tib": (2 ** 40, 10 ** 12)}
_UNIT_NAME = {10 ** 3: "kB (10³)", 2 ** 10: "KiB (2¹⁰)", 10 ** 6: "MB (10⁶)", 2 ** 20: "MiB (2²⁰)",
              10 ** 9: "GB (10⁹)", 2 ** 30: "GiB (2³⁰)", 10 ** 12: "TB (10¹²)", 2 ** 40: "TiB (2⁴⁰)"}


def _entry(text: str, line: int) -> Entry | None:
    e = read_number(_thousands(text.replace("−", "-")))
    return Entry(text, e.value, e.places, line) if e is not None else None


def _show(x) -> str:
    with mpmath.workdps(_DPS):
        if mpmath.isint(x) and abs(x) < 10 ** 18:
            return str(int(x))
        return mpmath.nstr(x, 15)


def _agree(entry: Entry, x, loose_int: bool = False) -> bool:
    return agrees(entry, x, 0 if loose_int and entry.places == 0 else None)


def _scalar(line: int, source: str, what: str, entry: Entry, readings, how: str, loose_int=False,
            cause: str = "slip", root: int | None = None, suffix: str = "") -> Claim:
    """One printed number against its readings [(value, name)]: right under any, else wrong
    with the closest reading as the witness."""
    for x, name in readings:
        if _agree(entry, x, loose_int):
            exact = abs(mpmath.mpf(entry.value.p) / entry.value.q - x) < mpmath.mpf(10) ** -40
            where = f"{how}{' (' + name + ')' if name else ''}"
            return Claim(line, source, "exact" if exact else "rounded", entry.text, _show(x),
                         f"{what}: {entry.text} agrees with {_show(x)}, {where}", what, lines=[line])
    with mpmath.workdps(_DPS):
        p = mpmath.mpf(entry.value.p) / entry.value.q
        x, name = min(readings, key=lambda r: abs(r[0] - p))
    right = str(int(mpmath.floor(x + mpmath.mpf(1) / 2))) if loose_int and entry.places == 0 else right_text(entry, x)
    right += suffix    # "5K" is fixed as "4K": the unit stays glued to the number, as printed
    where = f"{how}{' (closest reading: ' + name + ')' if name else ''}"
    c = Claim(line, source, "wrong", entry.text, _show(x),
              f"{what}: printed {entry.text}, but it is {_show(x)} ≈ {right}, {where}", what,
              entries=[{"entry": what, "line": line, "claimed": entry.text + suffix, "exact": _show(x),
                        "correct": right}],
              lines=[line], wrong_lines=[line], cause=cause, root=root)
    return c


def _vector(line: int, source: str, what: str, entries: list[Entry], values, how: str,
            lines: list[int] | None = None, cause: str = "slip", root: int | None = None,
            names: list[str] | None = None) -> Claim:
    bad = [(k, e, x) for k, (e, x) in enumerate(zip(entries, values)) if not _agree(e, x)]
    lines = lines or [line]
    claimed = [e.text for e in entries]
    expected = [_show(x) for x in values]
    if not bad:
        exact = all(abs(mpmath.mpf(e.value.p) / e.value.q - x) < mpmath.mpf(10) ** -40
                    for e, x in zip(entries, values))
        return Claim(line, source, "exact" if exact else "rounded", claimed, expected,
                     f"{what} agrees with {how}", what, lines=sorted(set(lines)))
    ents = [{"entry": (names[k] if names else f"[{k + 1}]"), "line": e.line, "claimed": e.text,
             "exact": _show(x), "correct": right_text(e, x)} for k, e, x in bad]
    shown = ", ".join(f"{d['entry']} printed {d['claimed']} is {d['correct']}" for d in ents[:4])
    return Claim(line, source, "wrong", claimed, expected, f"{what}: {shown} ({how})", what,
                 entries=ents, lines=sorted(set(lines)), wrong_lines=sorted({d["line"] for d in ents}),
                 cause=cause, root=root)


# --------------------------------------------------------------------------- local chains

_SEP = re.compile(r"\s*(?:=|≈|\\approx|≃|\\simeq|&=)\s*")
_LIT = re.compile(r"^\s*(?:~|\\sim|约|about\s+)?\s*(?P<num>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+))"
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
    return m.group("num"), unit


def _suffix_values(seg: str, kv: bool):
    """The values of the longest arithmetic tail of the chain's first segment (prose before it
    is skipped): ``dim 2: sin(1 / 10000^(2/512))`` is sin(1/10000^(2/512))."""
    starts = [0] + [m.end() for m in re.finditer(r"[\s:：(（\[|]|(?<=[^\d.,])(?=[\d\\√])", seg)]
    for s in sorted(set(starts)):
        tail = seg[s:].strip()
        if not tail or not re.search(r"\d|\\pi|π", tail):
            continue
        vals = _values(tail, kv)
        if vals and _has_op(tail):
            return tail, vals
    return None, []


def _has_op(text: str) -> bool:
    return bool(re.search(r"[-+−×*·⋅/÷^√]|\\(?:times|cdot|frac|sqrt|sin|cos|tan|exp|div)|\b(?:sin|cos|tan|exp|sqrt)\b",
                          text.strip()[1:] if text.strip()[:1] in "-−" else text))


def _unit_readings(vals, unit: str):
    if not unit:
        return vals
    return [(x / u, ", ".join(n for n in (name, _UNIT_NAME[u]) if n)) for x, name in vals for u in _UNITS[unit]]


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
            what = f"{how} = {num}{' ' + unit.upper() if unit else ''}"
            readings = _unit_readings(ref, unit)
            out.append(_scalar(n, source, what, ent, readings, f"from its own operands {how}",
                               loose_int=bool(unit)))
            if unit or _literal_rest_is_prose(seg_v):
                break
            continue
        if k == 0:
            tail, vals = _suffix_values(seg_v, kv)
        else:
            tail, vals = seg_v.strip(), _values(seg_v, kv)
            if not _has_op(tail):
                vals = []
        if vals:
            ref, how = vals, tail[:60]
        elif k and ref:
            break
    return out


def _literal_rest_is_prose(seg: str) -> bool:
    m = _LIT.match(seg)
    return bool(m and re.search(r"[A-Za-z\u4e00-\u9fff]", m.group("rest")))


# --------------------------------------------------------------------------- vector sums

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
            out.append(_vector(n, raw.strip(), "entrywise arithmetic", ents, vals,
                               f"the arithmetic printed before it ({a.group(0)[:40]})"))
    return out


# --------------------------------------------------------------------------- KV-cache sizes

@dataclass
class _Model:
    line: int
    name: str
    layers: int
    heads: int
    dim: int
    nbytes: object     # bytes per element (mpmath), or None: the article's


_DTYPE = ((re.compile(r"\b(?:fp|float)\s*32\b|\bfp32|float32", re.I), 4),
          (re.compile(r"\b(?:fp|bf|float)\s*16\b|bfloat16|半精度", re.I), 2),
          (re.compile(r"\bint\s*8\b|\b8-bit\b|\bC8\b|\bq8|\bfp8\b", re.I), 1),
          (re.compile(r"\bint\s*4\b|\b4-bit\b|\bq4", re.I), mpmath.mpf(1) / 2))


def _dtype(text: str):
    for pat, b in _DTYPE:
        if pat.search(text):
            return b
    return None


def _num(pattern: str, text: str):
    m = re.search(pattern, text, re.I)
    return int(m.group(1).replace(",", "")) if m else None


def _model(line: int, text: str) -> _Model | None:
    layers = _num(r"\bL\s*=\s*(\d+)\b", text) or _num(r"\b(\d+)\s+(?:transformer\s+)?layers\b", text) or \
        _num(r"\b(?:num_layers|n_layers|num_hidden_layers|layers)\s*[=:]\s*(\d+)", text)
    heads = _num(r"\b(?:H|H_kv|n_kv_heads|num_key_value_heads|kv_heads|num_kv_heads)\s*=\s*(\d+)", text) or \
        _num(r"\b(\d+)\s+(?:KV\s+|key[- ]value\s+)?heads\b", text) or \
        _num(r"\b(?:num_heads|n_heads|n_kv|kv)\s*[=:]\s*(\d+)", text)
    dim = _num(r"\b(?:d|head_dim|d_head|d_k|head dim)\s*=\s*(\d+)\b", text) or \
        _num(r"\b(\d+)\s*(?:-dim(?:ensional)?\s+heads|head[_ ]dim)", text)
    if not (layers and heads and dim):
        return None
    name = re.split(r"\(|:|：|\bwith\b", text)[0]
    name = re.sub(r"^[\s*#>-]*(?:for|with|example)?\s*:?\s*", "", name, flags=re.I).strip(" *-")
    batch = _num(r"\b(?:B|batch|batch_size)\s*=\s*(\d+)\b", text) or 1
    return _Model(line, name, layers, heads * batch, dim, _dtype(text))


_TOKENS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([KkMm])?\s*(?:tokens?|context|ctx|token)\b", re.I)
_SEQ = re.compile(r"\b(?:S|T|seq_len|seq|ctx_len|context_length|max_model_len)\s*=\s*(\d+)([KkMm])?()\b")
_SIZES = re.compile(r"(?<![\w.])(~\s*)?(\d+(?:\.\d+)?)\s*([KMGT]i?B)\b")


def _kv_sizes(lines: list[str], text: str) -> list[Claim]:
    out: list[Claim] = []
    models: list[_Model] = []
    default_bytes = _dtype(text)
    wrong_at: dict[tuple, tuple[int, int]] = {}   # (model line, tokens text, printed) -> (line, root)
    last = None      # (model, token text, true bytes, printed value, line, root) of the last size claim
    for n, raw in enumerate(lines, 1):
        m = _model(n, raw)
        sizes = list(_SIZES.finditer(raw))
        toks = list(_TOKENS.finditer(raw)) or list(_SEQ.finditer(raw))
        if m:
            models.append(m)
            if not (len(sizes) == 1 and len(toks) == 1 and sizes[0].start() > toks[0].end()):
                continue
        factor = re.search(r"(?<![\w.])(\d+(?:\.\d+)?)\s*[x×](?=\s*\|)", raw)
        budget = _BUDGET.search(raw)
        if budget and len(toks) == 1 and models and toks[0].start() > budget.end():
            out.append(_kv_budget(n, raw, budget, toks[0], models[-1], default_bytes, out))
            continue
        if len(sizes) != 1 or not models:
            continue
        if re.search(r"\d\s*(?:×|\\times|\*)\s*\d", raw) and not factor:
            continue   # a chain: the local stage
        model = next((md for md in reversed(models) if md.name and md.name.lower() in raw.lower()), None)
        if len(toks) == 1:
            model = model or models[-1]
            nbytes = model.nbytes or _dtype(raw) or default_bytes
            if nbytes is None:
                continue
            t = toks[0]
            base = mpmath.mpf(t.group(1))
            kilos = {"k": (1000, 1024), "m": (10 ** 6, 2 ** 20)}.get((t.group(2) or "").lower(), (1,))
            per_token = 2 * model.layers * model.heads * model.dim * nbytes
            s = sizes[0]
            ent = _entry(s.group(2), n)
            unit = s.group(3).lower()
            readings = [(base * k * per_token / u, f"{_UNIT_NAME[u]}, {t.group(1)}{t.group(2) or ''} = "
                         f"{_show(base * k)} tokens") for k in kilos for u in _UNITS[unit]]
            what = f"KV cache of {model.name or 'the model'} at {t.group(0).strip()}"
            how = (f"2 · {model.layers} layers · {model.heads} KV heads · {model.dim} head dim · tokens · "
                   f"{mpmath.nstr(nbytes, 3)} bytes (line {model.line})")
            key = (model.line, t.group(1), (t.group(2) or "").lower(), s.group(2))
            cause, root = "slip", None
            if key in wrong_at:
                cause, root = "carried", wrong_at[key][1]
            c = _scalar(n, raw.strip(), what, ent, readings, how, loose_int=True, cause=cause, root=root)
            if c.status == "wrong":
                c.root = c.root if c.cause == "carried" else None
                wrong_at.setdefault(key, (n, c.root or n))
            out.append(c)
            last = (model, readings, ent, n, c)
        elif factor and last is not None and n - last[3] <= 8:
            model, readings, base_ent, base_line, base_claim = last
            f = mpmath.mpf(factor.group(1))
            s = sizes[0]
            ent = _entry(s.group(2), n)
            unit = s.group(3).lower()
            re_read = _rescale(readings, base_claim, unit, f)
            what = f"{base_claim.what} compressed {factor.group(1)}x"
            how = f"the size at line {base_line} divided by {factor.group(1)}"
            c = _scalar(n, raw.strip(), what, ent, re_read, how, loose_int=True)
            if c.status == "wrong" and base_claim.status == "wrong":
                pb = mpmath.mpf(base_ent.value.p) / base_ent.value.q
                if _agree(ent, pb / f, True):
                    c.cause, c.root = "carried", base_claim.root or base_line
                    c.detail += f"; it follows from the wrong size printed at line {base_line}"
            out.append(c)
    return out


_BUDGET = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]i?B)\s+(?:left\s+)?(?:for|of)\s+(?:the\s+)?KV", re.I)


def _kv_budget(n, raw, budget, tok, model, default_bytes, earlier) -> Claim:
    """``~10 GB for the KV cache ... roughly 5K context``: the context a memory budget holds."""
    nbytes = model.nbytes or default_bytes or 2
    per_token = 2 * model.layers * model.heads * model.dim * nbytes
    size = mpmath.mpf(budget.group(1))
    kilo = {"k": (1000, 1024), "m": (10 ** 6, 2 ** 20)}.get((tok.group(2) or "").lower(), (1,))
    readings = [(size * u / per_token / k, f"{_UNIT_NAME[u]}, {k} tokens per {tok.group(2) or 'unit'}")
                for u in _UNITS[budget.group(2).lower()] for k in kilo]
    ent = _entry(tok.group(1), n)
    c = _scalar(n, raw.strip(), f"context that {budget.group(0)} cache holds", ent, readings,
                f"{budget.group(1)} {budget.group(2)} / (2 · {model.layers} · {model.heads} · {model.dim} · "
                f"{mpmath.nstr(nbytes, 3)} bytes per token)", loose_int=True, suffix=tok.group(2) or "")
    if c.status == "wrong":
        for prev in earlier:   # the author's own bytes per token, from a wrong size printed before
            t = _TOKENS.search(prev.source)
            if prev.status != "wrong" or not t or "compressed" in prev.what:
                continue
            k = {"k": 1000, "m": 10 ** 6}.get((t.group(2) or "").lower(), 1)
            printed_per_token = _val(_entry(prev.claimed, 0)) / (mpmath.mpf(t.group(1)) * k)
            if _agree(ent, size / printed_per_token / kilo[0], True):
                c.cause, c.root = "carried", prev.root or prev.line
                c.detail += f"; it follows from the wrong size printed at line {prev.line}"
                break
    return c


def _rescale(readings, base_claim: Claim, unit: str, f):
    """The readings of a base size, in ``unit`` and divided by a compression factor ``f``."""
    out = []
    for x, name in readings:
        for src, val in _UNIT_NAME.items():
            if name.startswith(val):
                for u in _UNITS[unit]:
                    out.append((x * src / u / f, f"{_UNIT_NAME[u]}{name[len(val):]}"))
    return out


def _kv_restated(lines: list[str]) -> list[Claim]:
    """A bare size after a product chain (``KV Cache ≈ 402 MB`` after ``dtype = 2 bytes``): the chain's
    factors again, with the bytes per element stated since."""
    out = []
    chain = None     # (factors text, bytes factor index, value readings, line)
    nbytes = None
    for n, raw in enumerate(lines, 1):
        m = re.search(r"((?:\d[\d,]*(?:\.\d+)?[Kk]?\s*(?:×|\\times|\*)\s*){2,}\d[\d,]*(?:\.\d+)?[Kk]?)\s*"
                      r"(?:bytes?\b|\\text\{\s*bytes?\s*\})", raw)
        if m and ("=" in raw or "≈" in raw):
            factors = re.split(r"\s*(?:×|\\times|\*)\s*", m.group(1))
            chain = (factors, n)
            nbytes = None
            continue
        b = re.search(r"(?:dtype|bytes?)\s*[=:]\s*(\d+(?:\.\d+)?)\s*bytes?", raw, re.I)
        if b and chain:
            nbytes = b.group(1)
        sizes = list(_SIZES.finditer(raw))
        if chain is None or len(sizes) != 1 or not _KV.search(raw) and "cache" not in raw.lower():
            continue
        if re.search(r"\d\s*(?:×|\\times|\*)\s*\d", raw) or _TOKENS.search(raw):
            continue
        factors = list(chain[0])
        new = nbytes or (str(_dtype(raw)) if _dtype(raw) is not None else None)
        if new is not None:
            factors[-1] = new
        vals = _values(" × ".join(factors), True)
        s = sizes[0]
        ent = _entry(s.group(2), n)
        what = f"KV cache with {' × '.join(factors)} bytes"
        out.append(_scalar(n, raw.strip(), what, ent, _unit_readings(vals, s.group(3).lower()),
                           f"the factors of line {chain[1]}" + (f" with {factors[-1]} bytes per element"
                                                                if new is not None else ""), loose_int=True))
    return out


_GQA = re.compile(r"(\d+)\s+(?:query|Q)\s+heads?\b[^.\n]{0,40}?\b(?:in|into|over|across|share)\s+(\d+)\s+"
                  r"(?:groups?|KV heads?|key[- ]value heads?|K/V heads?)[^.\n]{0,60}?\b(\d+)\s+(?:query|Q)\s+heads?\s+"
                  r"(?:share|per|in each|use)", re.I)


def _gqa_groups(lines: list[str]) -> list[Claim]:
    """``8 query heads in 2 groups, so 4 query heads share each K/V head``: h_q / h_kv query heads
    per K/V head (grouped-query attention)."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _GQA.finditer(raw):
            hq, g = int(m.group(1)), int(m.group(2))
            if g == 0:
                continue
            ent = _entry(m.group(3), n)
            out.append(_scalar(n, raw.strip(), "query heads per K/V head", ent, [(mpmath.mpf(hq) / g, "")],
                               f"{hq} query heads / {g} K/V heads"))
    return out


_NAMED_QUOTIENT = re.compile(r"(?<![\w.])(\d+)\s+[A-Za-z_]\w*\s*[=(]\s*(\d+)\s*\)?\s*/\s*[A-Za-z_]\w*\s*[=(]\s*(\d+)\s*\)?")


def _named_quotients(lines: list[str]) -> list[Claim]:
    """A parameter row ``H_kv 8 H_total=64 / GQA_ratio=8``: the value against the quotient beside it."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _NAMED_QUOTIENT.finditer(raw):
            a, b = int(m.group(2)), int(m.group(3))
            if b:
                out.append(_scalar(n, raw.strip(), m.group(0), _entry(m.group(1), n), [(mpmath.mpf(a) / b, "")],
                                   f"the quotient {a} / {b} printed beside it"))
    return out


# --------------------------------------------------------------------------- positional encodings

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


def _vector_rows(lines: list[str]):
    """Runs of consecutive lines that each print one bracket vector of plain numbers:
    [(caption, [(line, row label, [Entry])])]."""
    runs, cur = [], []
    for n, raw in enumerate(lines, 1):
        items = _BRACKET.findall(raw)
        ents = None
        if len(items) == 1 and "=" not in raw:
            parts = [p.strip() for p in items[0].split(",")]
            ents = [_entry(p, n) for p in parts]
            if any(e is None for e in ents):
                ents = None
        if ents and (not cur or len(ents) == len(cur[-1][2])):
            label = raw.split("[")[0].strip(" |*`:→-")
            cur.append((n, label, ents))
            continue
        if cur:
            runs.append(cur)
        cur = [(n, raw.split("[")[0].strip(" |*`:→-"), ents)] if ents else []
    if cur:
        runs.append(cur)
    out = []
    for run in runs:
        top = run[0][0]
        caption = []
        k = top - 2
        while k >= 0 and len(caption) < 3 and top - k < 6:
            s = lines[k].strip()
            if s and not re.fullmatch(r"[|\s:-]+", s):
                caption.append(s)
            k -= 1
        out.append((" ".join(caption), run))
    return out


_PE_LABEL = re.compile(r"positional|position|\bPE\b|\bP_|\$P_i\$|位置|位置エンコ|위치", re.I)


def _pe_tables(text: str, lines: list[str]) -> list[Claim]:
    runs = _vector_rows(lines)
    if not _pe_formula(text):
        return _sums(runs, [], lines) if _PE_LABEL.search(text) else []
    out = []
    pe_blocks = []   # (run, exact rows, first wrong line)
    for caption, run in runs:
        head = caption.split("  ")[0]
        if not _PE_LABEL.search(caption) or re.search(r"\bembedding", head, re.I) and not \
                re.search(r"encoding", head, re.I):
            continue
        width = len(run[0][2])
        d = _stated_d(text, width)
        positions = _positions(run)
        best = None
        for layout in ("interleaved", "halves"):
            vals = [[_pe_value(p, j, d, layout) for j in range(width)] for p in positions]
            score = sum(_agree(e, x) for (_, _, ents), row in zip(run, vals) for e, x in zip(ents, row))
            if best is None or score > best[0]:
                best = (score, layout, vals)
        score, layout, vals = best
        if score < width:   # not even one position's worth of agreement: not this encoding
            continue
        root = None
        for (ln, label, ents), row, p in zip(run, vals, positions):
            c = _vector(ln, lines[ln - 1].strip(), f"PE(pos={p}) for d = {d}", ents, row,
                        f"PE(pos, 2i) = sin(pos/10000^(2i/d)), PE(pos, 2i+1) = cos(...), d = {d}, {layout}",
                        names=[f"PE({p}, {j})" for j in range(width)])
            if c.status == "wrong" and root is None:
                root = ln
            out.append(c)
        pe_blocks.append((run, vals, root))
    out.extend(_sums(runs, pe_blocks, lines))
    return out


def _stated_d(text: str, width: int) -> int:
    m = re.search(r"(?:d_?\{?model\}?|\bd|dimension|dim)\s*(?:\$)?\s*[=:]\s*\$?\s*(\d+)", text, re.I)
    return int(m.group(1)) if m else width


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
    done = set()
    for _, run in runs:
        width, rows = len(run[0][2]), len(run)
        for _, run_p in runs:
            if id(run) in done or run_p is run or run_p[0][0] >= run[0][0] or len(run_p) != rows \
                    or len(run_p[0][2]) != width:
                continue
            for _, run_e in runs:
                if run_e is run or run_e is run_p or len(run_e) != rows or len(run_e[0][2]) != width \
                        or run_e[0][0] >= run[0][0] or id(run_e) in exact_of:
                    continue
                printed = [[_val(a) + _val(b) for a, b in zip(r_e[2], r_p[2])] for r_e, r_p in zip(run_e, run_p)]
                if not all(_agree(e, x) for r, pr in zip(run, printed) for e, x in zip(r[2], pr)):
                    continue
                exact, root = exact_of.get(id(run_p), (None, None))
                for k, (ln, _, ents) in enumerate(run):
                    if exact is None:
                        vals, how = printed[k], f"the sum of the rows at lines {min(run_e[k][0], run_p[k][0])} and {max(run_e[k][0], run_p[k][0])}"
                    else:
                        vals = [_val(a) + x for a, x in zip(run_e[k][2], exact[k])]
                        how = f"the embeddings at line {run_e[k][0]} plus the exact encoding"
                    c = _vector(ln, lines[ln - 1].strip(), "X = E + PE", ents, vals, how,
                                cause="carried" if root else "slip", root=root)
                    if c.status == "wrong":
                        c.detail += f"; it follows from the wrong encoding printed at line {root}"
                    out.append(c)
                done.add(id(run))
                break
    return out


_PE_VEC = re.compile(r"\b(?:PE|P)\s*(?:_\{?|\(|\[)\s*(\d+)\s*\}?\)?\]?\s*=\s*\[([^\[\]]+)\]")


def _pe_vectors(text: str, lines: list[str], chains: list[Claim]) -> list[Claim]:
    """``PE_1 = [0.841, 0.540, 0.001, 1.0, ...]``: the first entries of one position's encoding, with the
    d that the formulas just above use (``10000^(2/512)``), else a d the article states."""
    if not _pe_formula(text):
        return []
    out = []
    for n, raw in enumerate(lines, 1):
        m = _PE_VEC.search(raw)
        if not m:
            continue
        parts = [p.strip() for p in m.group(2).split(",")]
        while parts and parts[-1] in ("...", "…", "\\dots", "\\ldots"):
            parts.pop()
        ents = [_entry(p, n) for p in parts]
        if not ents or any(e is None for e in ents):
            continue
        pos = int(m.group(1))
        near = "\n".join(lines[max(0, n - 16):n - 1])
        local = sorted({int(d) for d in re.findall(r"10000\s*\^\s*[({]?\s*\d+\s*/\s*(\d+)", near)})
        cands = local or sorted({int(d) for d in re.findall(
            r"(?:d_?\{?model\}?|\bd)\s*=\s*(\d+)", text)})
        if not cands:
            continue
        fits = [d for d in cands if all(_agree(e, _pe_value(pos, j, d, "interleaved")) for j, e in enumerate(ents))]
        if fits or len(cands) == 1:
            d = (fits or cands)[0]
            vals = [_pe_value(pos, j, d, "interleaved") for j in range(len(ents))]
            c = _vector(n, raw.strip(), f"PE(pos={pos}) for d = {d}", ents, vals,
                        f"PE(pos, 2i) = sin(pos/10000^(2i/d)), PE(pos, 2i+1) = cos(...), d = {d}",
                        names=[f"PE({pos}, {j})" for j in range(len(ents))])
            if c.status == "wrong":
                earlier = [x for x in chains if x.status == "wrong" and n - 12 <= x.line < n
                           and x.claimed in {d_["claimed"] for d_ in c.entries}]
                if earlier:
                    c.cause, c.root = "carried", earlier[0].root or earlier[0].line
            out.append(c)
    return out


def _val(e: Entry):
    return mpmath.mpf(e.value.p) / e.value.q


# --------------------------------------------------------------------------- RoPE

def _rope_base_dims(text: str) -> tuple[list[int], list[int]]:
    bases = {10000}
    for m in re.finditer(r"(?:base|theta|θ)\w*\s*(?::\s*float)?\s*=\s*(\d+(?:\.0*)?|\d+e\d+)", text, re.I):
        try:
            if float(m.group(1)) >= 100:   # θ_0 = 1 is an angle, not a base
                bases.add(int(float(m.group(1))))
        except ValueError:
            pass
    dims = set()
    for m in re.finditer(r"\b(?:dim|d|head_dim|d_k|d_model|dimension)\s*=\s*(\d+)", text, re.I):
        dims.add(int(m.group(1)))
    return sorted(bases), sorted(dims)


def _rope_tables(text: str, lines: list[str]) -> list[Claim]:
    """Markdown tables of RoPE angles: index columns (``val``/``i``), radians and degrees."""
    if not re.search(r"rope|rotary|旋转位置", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    n = 0
    while n < len(lines):
        cells = _row(lines[n])
        if not cells or not any(re.fullmatch(r"rad(?:ians?)?|弧度", c, re.I) for c in cells):
            n += 1
            continue
        groups = []   # (index col, rad col, deg col)
        for k, c in enumerate(cells):
            if re.fullmatch(r"rad(?:ians?)?|弧度", c, re.I):
                idx = next((j for j in range(k - 1, -1, -1) if re.fullmatch(r"val|i|index|2i|dim", cells[j], re.I)),
                           None)
                deg = k + 1 if k + 1 < len(cells) and re.fullmatch(r"deg(?:rees?)?|度|°", cells[k + 1], re.I) \
                    else None
                groups.append((idx, k, deg, cells[idx] if idx is not None else ""))
        body = []
        j = n + 1
        while j < len(lines) and lines[j].count("|") >= 2:
            r = _row(lines[j])
            if r and len(r) == len(cells) and not all(re.fullmatch(r":?-+:?", c) for c in r):
                body.append((j + 1, r))
            j += 1
        out.extend(_rope_rows(body, groups, bases, dims, lines))
        n = j
    return out


def _row(line: str) -> list[str] | None:
    if line.count("|") < 2:
        return None
    return [c.strip().strip("*` ").strip() for c in line.strip().strip("|").split("|")]


def _rope_rows(body, groups, bases, dims, lines) -> list[Claim]:
    # decide the reading of the index column by the values: theta = base^(-val/dim) or base^(-2i/d)
    best = None
    for base in bases:
        for dim in dims:
            for mult in (1, 2):
                score = total = 0
                for _, r in body:
                    for idx, rad, _, _ in groups:
                        e, v = _entry(r[rad], 0), _entry(r[idx], 0) if idx is not None else None
                        if e is None or v is None:
                            continue
                        total += 1
                        score += _agree(e, _theta(base, v, dim, mult))
                if total and (best is None or score > best[0]):
                    best = (score, total, base, dim, mult)
    exact_theta = best is not None and best[0] >= 0.8 * best[1]
    out = []
    for ln, r in body:
        ents, vals, names = [], [], []
        for idx, rad, deg, name in groups:
            e = _entry(r[rad], ln)
            v = _entry(r[idx], ln) if idx is not None else None
            if e is None:
                continue
            theta = _theta(best[2], v, best[3], best[4]) if exact_theta and v is not None else None
            if theta is not None:
                ents.append(e), vals.append(theta), names.append(f"θ at {name} {r[idx]}")
            dg = _entry(r[deg], ln) if deg is not None else None
            if dg is not None:
                with mpmath.workdps(_DPS):
                    src = theta if theta is not None else _val(e)
                    ents.append(dg), vals.append(src * 180 / mpmath.pi), names.append(f"degrees of {r[rad]} rad")
        if not ents:
            continue
        how = (f"θ = {best[2]}^(-{'2·' if best[4] == 2 else ''}{groups[0][3] or 'i'}/{best[3]}), "
               "degrees = radians · 180/π") if exact_theta else "degrees = radians · 180/π"
        out.append(_vector(ln, lines[ln - 1].strip(), "RoPE angles", ents, vals, how, names=names))
    return out


def _theta(base, v: Entry, dim, mult):
    with mpmath.workdps(_DPS):
        return mpmath.power(base, -mult * _val(v) / dim)


_TRIG_LABEL = re.compile(r"(?<![A-Za-z])(cos|sin)(?![A-Za-z])\w*\s*=")


def _trig_blocks(text: str, blocks) -> list[Claim]:
    """Blocks named cos/sin (a RoPE cache): row t holds cos(t·θ_j) or sin(t·θ_j), with the
    frequencies of either pairing; decided by the values, judged only when one reading fits."""
    if not re.search(r"rope|rotary|旋转", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    groups: dict[tuple, list] = {}
    for b in blocks:
        lab = b.labels[0] if b.labels else ""
        m = _TRIG_LABEL.search(lab)
        if m:
            groups.setdefault((lab, b.line), []).append(b)
    for (lab, line), bs in groups.items():
        fname = _TRIG_LABEL.search(lab).group(1)
        f = mpmath.cos if fname == "cos" else mpmath.sin
        rows = [e for b in bs for e in b.rows]
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            continue
        fits = []
        for base in bases:
            for d in dims or [width]:
                if d != width or d % 2:
                    continue
                for pairing in ("interleaved", "halves"):
                    vals = [[f(t * mpmath.power(base, -mpmath.mpf(2 * (j // 2 if pairing == "interleaved"
                                                                         else j % (d // 2))) / d))
                             for j in range(width)] for t in range(len(rows))]
                    if all(_agree(e, x) for r, vr in zip(rows, vals) for e, x in zip(r, vr)):
                        fits.append((base, d, pairing, vals))
        if not fits:
            continue
        base, d, pairing, vals = fits[0]
        ents = [e for r in rows for e in r]
        out.append(_vector(line, bs[0].source, f"{fname}(t·θ_i)", ents, [x for r in vals for x in r],
                           f"{fname}(t·{base}^(-2i/{d})) for t = 0..{len(rows) - 1}",
                           lines=[e.line for e in ents]))
    return out


# --------------------------------------------------------------------------- variance and the Jacobian

_VAR_QK = re.compile(r"(?:\\operatorname\{Var\}|\\mathrm\{Var\}|\\text\{Var\}|\bVar)\s*(?:\\left)?\(\s*q\s*(?:\\cdot|·|⋅)\s*k"
                     r"\s*(?P<scaled>/\s*(?:\\sqrt\{?\s*d_?\{?k\}?\s*\}?|√\s*d_?k))?\s*(?:\\right)?\)\s*(?:=|≈|\\approx)\s*")


def _dk_values(text: str) -> list[int]:
    return sorted({int(m) for m in re.findall(r"d_?\{?k\}?\s*=\s*(\d+)(?!\d|\.\d)", text)}
                  | {int(m) for m in re.findall(r"(\d+)-dimensional", text)})


def _variances(text: str, lines: list[str]) -> list[Claim]:
    """``Var(q·k) = 768`` (= d_k for unit-variance q, k), ``Var(q·k/√d_k) = 1``, and the variance of a
    printed sample, population (÷n) or sample (÷(n−1)) alike."""
    out = []
    dks = _dk_values(text)
    for n, raw in enumerate(lines, 1):
        m = _VAR_QK.search(raw)
        if m:
            lit = _literal(raw[m.end():].replace("$", " "))
            ent = _entry(lit[0], n) if lit else None
            if ent is not None:
                if m.group("scaled"):
                    out.append(_scalar(n, raw.strip(), "Var(q·k/√d_k)", ent, [(mpmath.mpf(1), "")],
                                       "Var(q·k)/d_k = d_k/d_k = 1 (entries independent, mean 0, variance 1)"))
                elif len(dks) == 1:
                    out.append(_scalar(n, raw.strip(), "Var(q·k)", ent, [(mpmath.mpf(dks[0]), "")],
                                       f"Var(q·k) = d_k = {dks[0]} (entries independent, mean 0, variance 1)"))
            continue
        v = re.search(r"(?:variance|方差|分散|분산|varianza|variância|variance)\b[^=\n]{0,40}?"
                      r"(?:of|of the sample|de|の)?\s*\[([^\[\]]{1,200})\]\s*(?:is|=|≈|：|:|は)\s*\$?\s*"
                      r"(?P<num>[-−]?\d+(?:\.\d+)?)", raw, re.I)
        if not v:
            continue
        xs = [_entry(p.strip(), n) for p in v.group(1).split(",")]
        ent = _entry(v.group("num"), n)
        if len(xs) < 2 or any(x is None for x in xs) or ent is None:
            continue
        with mpmath.workdps(_DPS):
            vals = [_val(x) for x in xs]
            mean = sum(vals) / len(vals)
            ss = sum((x - mean) ** 2 for x in vals)
            readings = [(ss / len(vals), "population, ÷n"), (ss / (len(vals) - 1), "sample, ÷(n−1)")]
        out.append(_scalar(n, raw.strip(), f"variance of [{v.group(1).strip()}]", ent, readings,
                           "the mean of the squared deviations of the printed values"))
    return out


_JAC = re.compile(r"^\s*(?:J\b|J\^|J_|Jacobian|雅可比|ヤコビ|\\frac\{\\partial\s*a|∂a/∂|\\partial\s*a\s*/)", re.I)


def _jacobians(blocks) -> list[Claim]:
    """A printed softmax Jacobian diag(a) − aaᵀ, bound to the printed distribution a (an earlier row)
    whose Jacobian it matches, or to row k of the printed weights for ``J^{(k)}``."""
    out = []
    for k, b in enumerate(blocks):
        lab = b.labels[0] if b.labels else ""
        rows, n = b.rows, b.shape[1]
        if b.operand or b.shape[0] != n or n < 2 or not _JAC.search(lab.split("=")[0].strip(" $")):
            continue
        cands = []
        for prev in reversed(blocks[:k]):
            for i, r in enumerate(prev.rows):
                vals = [_val(e) for e in r]
                if len(r) == n and min(vals) >= 0 and abs(sum(vals) - 1) < mpmath.mpf("0.02"):
                    cands.append((prev, i, r))
        fit = None
        for prev, i, r in cands:
            jac = _jacobian(r)
            if all(_near(e, x, r) for row, jr in zip(rows, jac) for e, x in zip(row, jr)):
                fit = (prev, i, r, jac)
                break
        if fit is None and cands:   # most entries match one distribution: the rest are slips
            share = [(sum(_near(e, x, r) for row, jr in zip(rows, _jacobian(r)) for e, x in zip(row, jr)), -j)
                     for j, (_, _, r) in enumerate(cands)]
            best = max(range(len(cands)), key=lambda j: share[j])
            if share[best][0] >= 0.6 * n * n:
                fit = cands[best] + (_jacobian(cands[best][2]),)
        idx = re.search(r"\^\s*\{?\s*\(\s*(\d+)\s*\)", lab)
        if fit is None and idx:
            row = int(idx.group(1)) - 1
            named = [(p, i, r) for p, i, r in cands if i == row and p.shape[0] > row and p.labels and
                     re.search(r"^\s*(?:A\b|a\b|weights|attention|权重|注意力)", p.labels[0], re.I)]
            if named:
                prev, i, r = named[0]
                fit = (prev, i, r, _jacobian(r))
        if fit is None:
            continue
        prev, i, r, jac = fit
        ents = [e for row in rows for e in row]
        vals = [x for jr in jac for x in jr]
        ok = [_near(e, x, r) for e, x in zip(ents, vals)]
        c = _vector(b.line, b.source, "softmax Jacobian diag(a) − aaᵀ", ents, vals,
                    f"diag(a) − aaᵀ with a the row printed at line {r[0].line}", lines=[e.line for e in ents],
                    names=[f"J[{p + 1},{q + 1}]" for p in range(n) for q in range(n)])
        if c.status == "wrong":   # entries within the rounding of a are not wrong
            c.entries = [d for d in c.entries if not ok[_index(d["entry"], n)]]
            if not c.entries:
                c.status, c.wrong_lines, c.cause = "rounded", [], ""
            else:
                c.wrong_lines = sorted({d["line"] for d in c.entries})
        out.append(c)
    return out


def _index(name: str, n: int) -> int:
    p, q = re.findall(r"\d+", name)
    return (int(p) - 1) * n + int(q) - 1


def _jacobian(a_row):
    a = [_val(e) for e in a_row]
    return [[(a[i] if i == j else 0) - a[i] * a[j] for j in range(len(a))] for i in range(len(a))]


def _near(e: Entry, x, a_row) -> bool:
    """Agrees, or differs by no more than the rounding of the printed a can explain."""
    if _agree(e, x):
        return True
    da = max((q.places or 0) for q in a_row)
    slack = mpmath.mpf(10) ** -(e.places or 0) / 2 + 2 * mpmath.mpf(10) ** -da
    return abs(_val(e) - x) <= slack


_THETA_I = re.compile(r"(?:\\theta|θ)_\{?(\d+)\}?\s*\$?\s*=\s*\$?\s*(\d+(?:\.\d+)?)")
_PERIOD = re.compile(r"(?:约|about|~|≈)?\s*(\d+(?:\.\d+)?)\s*(万|[KkM])?\s*(?:个\s*)?tokens?", re.I)
_TURN = re.compile(r"转一圈|一圈|一周|周期|full (?:turn|rotation|circle|cycle)|one (?:turn|rotation|cycle)|period|"
                   r"wavelength|1周|한 바퀴", re.I)


def _rope_periods(text: str, lines: list[str]) -> list[Claim]:
    """``θ_15 = 0.001, a full turn every 6283 tokens``: θ_i = base^(−2i/d) with the base and d the article
    states (decided by the printed θ), and the period 2π/θ_i from the exact θ."""
    if not re.search(r"rope|rotary|旋转位置", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    for n, raw in enumerate(lines, 1):
        m = _THETA_I.search(raw)
        if not m:
            continue
        i, ent = int(m.group(1)), _entry(m.group(2), n)
        fits = [(b, d) for b in bases for d in dims if 2 * i < d and _agree(ent, _theta_i(b, i, d))]
        if len({mpmath.nstr(_theta_i(b, i, d), 20) for b, d in fits}) != 1:
            continue   # no reading, or readings that disagree: not decided
        base, d = fits[0]
        th = _theta_i(base, i, d)
        how = f"θ_{i} = {base}^(-2·{i}/{d})"
        out.append(_scalar(n, raw.strip(), f"θ_{i}", ent, [(th, "")], how))
        p = _PERIOD.search(raw, m.end())
        if not p or not _TURN.search(raw):
            continue
        mult = {"万": 10 ** 4, "k": 10 ** 3, "m": 10 ** 6}.get((p.group(2) or "").lower(), 1)
        pe_ = _entry(p.group(1), n)
        with mpmath.workdps(_DPS):
            period = 2 * mpmath.pi / th / mult
            from_printed = 2 * mpmath.pi / _val(ent) / mult
        c = _scalar(n, raw.strip(), f"tokens per turn at θ_{i}", pe_, [(period, "")],
                    f"2π/θ_{i} with {how}{' (in units of ' + p.group(2) + ')' if mult > 1 else ''}", loose_int=True,
                    suffix=p.group(2) or "")
        if c.status == "wrong" and _agree(pe_, from_printed, True):
            c.cause = "drift"
            c.detail += f"; it follows from the rounded θ_{i} = {m.group(2)}"
        out.append(c)
    return out


def _theta_i(base, i, d):
    with mpmath.workdps(_DPS):
        return mpmath.power(base, -mpmath.mpf(2 * i) / d)


# --------------------------------------------------------------------------- direction of a rotation

_CCW = re.compile(r"counter[- ]?clockwise|anti[- ]?clockwise|逆时针|反時計回り|반시계", re.I)
_CW = re.compile(r"(?<![-\w])clockwise|顺时针|(?<!反)時計回り|(?<!반)시계\s*방향", re.I)


def _directions(lines: list[str]) -> list[Claim]:
    """"rotates [1, 0] to [0.54, 0.84], i.e. clockwise": the sign of the cross product v × w of the
    printed vectors (or the sign pattern of a printed rotation matrix) against the word."""
    out = []
    for n, raw in enumerate(lines, 1):
        ccw, cw = _CCW.search(raw), _CW.search(raw)
        if bool(ccw) == bool(cw) or re.search(r"\bnot\b|不是|ではなく|아니", raw, re.I):
            continue
        said = "counter-clockwise" if ccw else "clockwise"
        vecs = []
        for m in _BRACKET.finditer(raw):
            parts = [_entry(p.strip(), n) for p in m.group(1).split(",")]
            if len(parts) == 2 and all(parts):
                vecs.append((m.group(0), [_val(p) for p in parts]))
        how = ""
        if len(vecs) == 2:
            (ta, (a0, a1)), (tb, (b0, b1)) = vecs
            cross = a0 * b1 - a1 * b0
            if abs(cross) < mpmath.mpf("1e-6"):
                continue
            right = "counter-clockwise" if cross > 0 else "clockwise"
            how = f"{ta} → {tb}: the cross product is {mpmath.nstr(cross, 4)}"
        else:
            m = re.search(r"\\?cos\s*\\?(\w+)\s*&\s*(-?)\s*\\?sin\s*\\?\w+\s*\\\\\s*(-?)\s*\\?sin", raw)
            if not m or bool(m.group(2)) == bool(m.group(3)) or \
                    re.search(r"-\s*\\?(?:theta|θ)|negative|transpose|inverse|\^\{?(?:T|-1|\\top)", raw):
                continue
            right = "counter-clockwise" if m.group(2) else "clockwise"
            how = f"the matrix [[cos, {'-' if m.group(2) else ''}sin], [{'-' if m.group(3) else ''}sin, cos]] " \
                  "turns a positive angle that way"
        word = (ccw or cw).group(0)
        if right == said:
            out.append(Claim(n, raw.strip(), "exact", word, right, f"the rotation is {right}: {how}",
                             "direction of the rotation", lines=[n]))
        else:
            out.append(Claim(n, raw.strip(), "wrong", word, right, f"called {said}, but it is {right}: {how}",
                             "direction of the rotation", lines=[n], wrong_lines=[n], cause="slip",
                             entries=[{"entry": "direction", "line": n, "claimed": word, "exact": right,
                                       "correct": right}]))
    return out


# --------------------------------------------------------------------------- entry point

def beyond_claims(text: str, blocks: list) -> list[Claim]:
    """Claims about KV-cache sizes, positional encodings, RoPE and variances (see module doc)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    kv_article = bool(_KV.search(text))
    claims: list[Claim] = []
    claims += _chains(text, lines, kv_article)
    claims += _vector_chains(lines)
    if kv_article:
        claims += _kv_sizes(lines, text)
        claims += _kv_restated(lines)
        claims += _named_quotients(lines)
    claims += _gqa_groups(lines)
    claims += _pe_tables(text, lines)
    claims += _pe_vectors(text, lines, claims)
    claims += _rope_tables(text, lines)
    claims += _trig_blocks(text, blocks)
    claims += _variances(text, lines)
    claims += _jacobians(blocks)
    claims += _directions(lines)
    claims += _rope_periods(text, lines)
    return _one_per_line(claims)


def _one_per_line(claims: list[Claim]) -> list[Claim]:
    """Several claims on one line are kept, but a line never gets the same verdict twice."""
    seen, out = set(), []
    for c in sorted(claims, key=lambda c: c.line):
        key = (c.line, c.what, str(c.claimed))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
