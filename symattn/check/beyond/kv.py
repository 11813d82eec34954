"""KV-cache sizes (2 · layers · kv_heads · head_dim · tokens · batch · bytes), in GB or GiB and with "4K"
as 4,000 or 4,096 tokens; GQA groups; parameter quotients.

Input: the lines of the article's :class:`~symattn.check.document.Document`.  Output: a list of
:class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import mpmath

from ..claims import Claim, Reason
from .arith import _values
from .chains import _KV, _dtype, _unit_readings
from ..judge import rounding_half
from .verdicts import _UNITS, _UNIT_NAME, _entry, _near, _scalar, _show, _val

R = Reason.of


@dataclass
class _Model:
    line: int
    name: str
    layers: int
    heads: int
    dim: int
    nbytes: object     # bytes per element (mpmath), or None: the article's


def _num(pattern: str, text: str):
    m = re.search(pattern, text, re.I)
    return int(m.group(1).replace(",", "")) if m else None


def _model(line: int, text: str) -> _Model | None:
    layers = _num(r"\bL\s*=\s*(\d+)\b", text) or _num(r"\b(\d+)[\s-]+(?:transformer\s+)?layers?\b", text) or \
        _num(r"\b(?:num_layers|n_layers|num_hidden_layers|layers)\s*[=:]\s*(\d+)", text)
    heads = _num(r"\b(?:H|H_kv|n_kv_heads|num_key_value_heads|kv_heads|num_kv_heads)\s*=\s*(\d+)", text) or \
        _num(r"\b(\d+)\s+(?:KV\s+|key[- ]value\s+)?heads\b", text) or \
        _num(r"\b(?:num_heads|n_heads|n_kv|kv)\s*[=:]\s*(\d+)", text)
    dim = _num(r"\b(?:d|head_dim|d_head|d_k|head dim)\s*=\s*(\d+)\b", text) or \
        _num(r"\bhead[ _]dim(?:ension)?\s*(?:of|is|:)?\s*(\d+)\b", text) or \
        _num(r"\b(\d+)\s*(?:-dim(?:ensional)?\s+heads|head[_ ]dim)", text)
    if dim and not (layers and heads):
        layers, heads = _unnamed_pair(text) or (layers, heads)
    if not (layers and heads and dim):
        return None
    name = re.split(r"\(|:|：|\bwith\b", text)[0]
    name = re.sub(r"^[\s*#>-]*(?:for|with|example)?\s*(?::\s*)?", "", name, flags=re.I).strip(" *-")
    batch = _num(r"\b(?:B|batch|batch_size)\s*=\s*(\d+)\b", text) or 1
    # the bytes per element its own product writes (``× 128 head_dim × 2 bytes``), else the type it names
    written = re.search(r"(?:×|\*|\\times|·)\s*(\d+(?:\.\d+)?)\s*(?:bytes?|B)\b", text)
    nbytes = _dtype(text) or (mpmath.mpf(written.group(1)) if written else None)
    nbytes = int(nbytes) if nbytes is not None and nbytes == int(nbytes) else nbytes
    return _Model(line, name, layers, heads * batch, dim, nbytes)


#: one parameter of a parenthesised list, "80 <word>" in any language ("80 warstwy", "64 głowice")
_UNNAMED = re.compile(r"^\s*(\d+)\s+[^\W\d_]+\s*$")


def _unnamed_pair(text: str) -> tuple[int, int] | None:
    """Layers and heads where the words that name them are no words the patterns above know: a
    parenthesised list that names the head size and holds exactly two more items, each a whole number
    and one word (``(80 warstwy, 64 głowice, head_dim=128)``).  Which is which does not matter: the
    cache is their product."""
    for group in re.findall(r"\(([^()]*)\)", text):
        items = [i for i in re.split(r"[,;，、]", group) if i.strip()]
        bare = [m for m in (_UNNAMED.match(i) for i in items) if m]
        if len(items) == 3 and len(bare) == 2:
            return int(bare[0].group(1)), int(bare[1].group(1))
    return None


#: a token count: digits with their thousands separators (4,096 is one number, never 096), and a
#: count joined to its noun by a hyphen ("a 1K-token context")
_TOKENS = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([KkMm])?\s*-?\s*(?:tokens?|context|ctx|token)\b", re.I)
#: what "4K" and "1M" tokens may mean
_COUNT_PREFIX = {"k": (1000, 1024), "m": (10 ** 6, 2 ** 20)}
_SEQ = re.compile(r"\b(?:S|T|seq_len|seq|ctx_len|context_length|max_model_len)\s*=\s*(\d+)([KkMm])?()\b")
#: a count written with its thousands as K or M and followed by a word of any language ("8K kontekst",
#: "128K コンテキスト"): under a model's parameters, the tokens its cache holds
_COUNT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)\s*([KkMm])\s+(?=[^\W\d_])")
#: a size in prose; one glued by a hyphen to what comes before is a device's or the end of a range
#: ("4xA100-80GB", "40-80 GB"), never the cache size of the sentence
_SIZES = re.compile(r"(?<![\w.\-–])(~\s*)?(\d+(?:\.\d+)?)\s*([KMGT]i?B)\b")
#: a size between quotation marks is mentioned, not stated: the "24 GB" card, a 「8 GB」 label
_QUOTED = {'"': '"', "“": "”", "«": "»", "「": "」", "‘": "’", "'": "'"}


def _sizes(raw: str) -> list[re.Match]:
    """The sizes a line states (:data:`_SIZES`), without those it quotes."""
    return [m for m in _SIZES.finditer(raw)
            if not (m.start() and m.end() < len(raw) and _QUOTED.get(raw[m.start() - 1]) == raw[m.end()])]


def _kv_sizes(lines: list[str], text: str) -> list[Claim]:
    out: list[Claim] = []
    models: list[_Model] = []
    default_bytes = _dtype(text)
    wrong_at: dict[tuple, tuple[int, int]] = {}   # (model line, tokens text, printed) -> (line, root)
    last = None      # (model, token text, true bytes, printed value, line, root) of the last size claim
    for n, raw in enumerate(lines, 1):
        m = _model(n, raw)
        sizes = _sizes(raw)
        toks = list(_TOKENS.finditer(raw)) or list(_SEQ.finditer(raw)) or list(_COUNT.finditer(raw))
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
            base = mpmath.mpf(t.group(1).replace(",", ""))
            kilos = _COUNT_PREFIX.get((t.group(2) or "").lower(), (1,))
            per_token = 2 * model.layers * model.heads * model.dim * nbytes
            s = sizes[0]
            ent = _entry(s.group(2), n)
            unit = s.group(3).lower()
            readings = _size_readings(base, kilos, per_token, unit, f"{t.group(1)}{t.group(2) or ''}")
            what = R("kv-cache-of", model=model.name or R("the-model"), at=t.group(0).strip())
            how = R("kv-formula", layers=model.layers, heads=model.heads, dim=model.dim,
                    bytes=mpmath.nstr(nbytes, 3), line=model.line)
            key = (model.line, t.group(1), (t.group(2) or "").lower(), s.group(2))
            cause, root = "slip", None
            if key in wrong_at:
                cause, root = "carried", wrong_at[key][1]
            c = _scalar(n, raw.strip(), what, ent, readings, how, loose_int=True, cause=cause, root=root)
            if c.status == "wrong":
                c = replace(c, root=c.root if c.cause == "carried" else None)
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
            what = R("compressed", what=base_claim.what, factor=factor.group(1))
            how = R("size-divided", line=base_line, factor=factor.group(1))
            c = _scalar(n, raw.strip(), what, ent, re_read, how, loose_int=True)
            if c.status == "wrong" and base_claim.status == "wrong":
                pb = mpmath.mpf(base_ent.value.p) / base_ent.value.q
                if _near(ent, pb / f, True):
                    c = replace(c, cause="carried", root=base_claim.root or base_line,
                                reason=R("reasons", items=[c.reason, R("follows-wrong-size", line=base_line)]))
            out.append(c)
    return out


def _size_readings(base, kilos, per_token, unit: str, count: str) -> list:
    """The cache size of ``base`` tokens (times each reading of its K or M) in each reading of the
    printed unit (GB as 10⁹ or 2³⁰ bytes), with how each was read."""
    return [(base * k * per_token / u, R("unit-tokens", unit=_UNIT_NAME[u], count=count, tokens=_show(base * k)))
            for k in kilos for u in _UNITS[unit]]


#: what a KV table's column header names (the parameters of the size formula), in a few languages
_COLUMNS = (("layers", re.compile(r"layers?\b|层数|層数|레이어|n_layers|num_layers|capas|couches|schichten|слоё?в", re.I)),
            ("kv_heads", re.compile(r"kv[\s_-]*(?:heads?|头数?|ヘッド|헤드)|n_kv_heads|num_kv_heads|num_key_value_heads", re.I)),
            ("heads", re.compile(r"heads?\b|头数|ヘッド数|헤드", re.I)),
            ("dim", re.compile(r"head[\s_-]*dim|d_head|d_k\b|头维度|head次元", re.I)),
            ("tokens", re.compile(r"seq|序列|上下文|context|tokens?|长度|length|コンテキスト|토큰|시퀀스", re.I)),
            ("size", re.compile(r"kv[\s_-]*cache|内存|显存|memory|size|メモリ|메모리|大小", re.I)))
_CELL_TOKENS = re.compile(r"^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([KkMm])?$")
_CELL_SIZE = re.compile(r"^~?\s*(\d+(?:\.\d+)?)\s*([KMGT]i?B)$")


def _kv_tables(lines: list[str], text: str) -> list[Claim]:
    """A Markdown table of models whose columns name the size formula's parameters (layers, KV heads,
    head_dim, sequence length) and the cache size: each row's size against 2 · layers · heads ·
    head_dim · tokens · bytes (one sequence), in GB or GiB and "4K" as 4,000 or 4,096 tokens.  The
    bytes per element are the dtype the caption above or the header states (FP16: 2), else the article's."""
    out: list[Claim] = []
    default_bytes = _dtype(text)
    n = 0
    while n < len(lines) - 2:
        head, rule = lines[n], lines[n + 1]
        if head.count("|") < 3 or not re.fullmatch(r"\s*\|?\s*:?-{2,}.*", rule):
            n += 1
            continue
        cells = [c.strip() for c in head.strip().strip("|").split("|")]
        roles: dict[str, int] = {}
        for k, cell in enumerate(cells):
            for role, pat in _COLUMNS:
                if role not in roles and pat.search(cell) and not (role == "heads" and "kv_heads" in roles):
                    roles[role] = k
                    break
        heads = roles.get("kv_heads", roles.get("heads"))
        if not {"layers", "dim", "tokens", "size"} <= set(roles) or heads is None:
            n += 1
            continue
        caption = " ".join(lines[max(0, n - 3):n + 1])
        nbytes = _dtype(caption) or default_bytes
        k = n + 2
        while k < len(lines) and lines[k].count("|") >= 2:
            row = [c.strip().strip("*` ") for c in lines[k].strip().strip("|").split("|")]
            if nbytes is not None and len(row) == len(cells):
                claim = _kv_row(k + 1, lines[k], row, roles, heads, nbytes)
                if claim is not None:
                    out.append(claim)
            k += 1
        n = k
    return out


def _kv_row(n: int, raw: str, row: list[str], roles: dict, heads: int, nbytes) -> Claim | None:
    try:
        layers, h, dim = (int(row[roles["layers"]].replace(",", "")), int(row[heads].replace(",", "")),
                          int(row[roles["dim"]].replace(",", "")))
    except ValueError:
        return None
    t, s = _CELL_TOKENS.match(row[roles["tokens"]]), _CELL_SIZE.match(row[roles["size"]])
    if not t or not s:
        return None
    base = mpmath.mpf(t.group(1).replace(",", ""))
    kilos = _COUNT_PREFIX.get((t.group(2) or "").lower(), (1,))
    per_token = 2 * layers * h * dim * nbytes
    unit = s.group(2).lower()
    readings = _size_readings(base, kilos, per_token, unit, row[roles["tokens"]])
    name = next((c for c in row if c and not re.search(r"\d", c)), "") or row[0]
    what = R("kv-cache-of", model=name, at=row[roles["tokens"]])
    how = R("kv-formula", layers=layers, heads=h, dim=dim, bytes=mpmath.nstr(nbytes, 3), line=n)
    return _scalar(n, raw.strip(), what, _entry(s.group(1), n), readings, how, loose_int=True)


_BUDGET = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]i?B)\s+(?:left\s+)?(?:for|of)\s+(?:the\s+)?KV", re.I)


def _kv_budget(n, raw, budget, tok, model, default_bytes, earlier) -> Claim:
    """``~10 GB for the KV cache ... roughly 5K context``: the context a memory budget holds."""
    nbytes = model.nbytes or default_bytes or 2
    per_token = 2 * model.layers * model.heads * model.dim * nbytes
    size = mpmath.mpf(budget.group(1))
    kilo = _COUNT_PREFIX.get((tok.group(2) or "").lower(), (1,))
    readings = [(size * u / per_token / k, R("tokens-per", unit=_UNIT_NAME[u], k=k, per=tok.group(2) or R("unit")))
                for u in _UNITS[budget.group(2).lower()] for k in kilo]
    ent = _entry(tok.group(1), n)
    c = _scalar(n, raw.strip(), R("context-cache-holds", budget=budget.group(0)), ent, readings,
                R("budget-formula", size=budget.group(1), unit=budget.group(2), layers=model.layers, heads=model.heads,
                  dim=model.dim, bytes=mpmath.nstr(nbytes, 3)), loose_int=True, suffix=tok.group(2) or "")
    if c.status == "wrong":
        for prev in earlier:   # the author's own bytes per token, from a wrong size printed before
            t = _TOKENS.search(prev.source)
            if prev.status != "wrong" or not t or getattr(prev.what, "code", "") == "compressed":
                continue
            k = _COUNT_PREFIX.get((t.group(2) or "").lower(), (1,))[0]
            printed_per_token = _val(_entry(prev.claimed, 0)) / (mpmath.mpf(t.group(1).replace(",", "")) * k)
            if _near(ent, size / printed_per_token / kilo[0], True):
                c = replace(c, cause="carried", root=prev.root or prev.line,
                            reason=R("reasons", items=[c.reason, R("follows-wrong-size", line=prev.line)]))
                break
    return c


def _rescale(readings, base_claim: Claim, unit: str, f):
    """The readings of a base size, in ``unit`` and divided by a compression factor ``f``."""
    out = []
    by_name = {v: k for k, v in _UNIT_NAME.items()}
    for x, name in readings:
        src = by_name.get(name.get("unit"))
        if src is None:
            continue
        for u in _UNITS[unit]:
            out.append((x * src / u / f, R(name.code, **{**dict(name.data), "unit": _UNIT_NAME[u]})))
    return out


def _kv_restated(lines: list[str]) -> list[Claim]:
    """A bare size after a product chain (``KV Cache ≈ 402 MB`` after ``dtype = 2 bytes``): the chain's
    factors again, with the bytes per element stated since.  A count of tokens stated since (``8K
    context``) starts another configuration: a size under it restates no chain above."""
    out = []
    chain = None     # (factors text, bytes factor index, value readings, line)
    nbytes = None
    for n, raw in enumerate(lines, 1):
        if chain and (_TOKENS.search(raw) or _SEQ.search(raw) or _COUNT.search(raw)) and not _sizes(raw):
            chain = None
            continue
        m = re.search(r"((?:\d[\d,]*(?:\.\d+)?[Kk]?\s*(?:×|\\times|\*)\s*){2,}\d[\d,]*(?:\.\d+)?[Kk]?)\s*"
                      r"(?:bytes?\b|\\text\{\s*bytes?\s*\})", raw)
        if m and ("=" in raw or "≈" in raw):
            factors = re.split(r"\s*(?:×|\\times|\*)\s*", m.group(1))
            chain = (factors, n)
            nbytes = None
            continue
        if chain and ("=" in raw or "≈" in raw) and re.search(r"\d\s*(?:×|\\times|\*)\s*\d", raw):
            chain = None     # another product computed since: a bare size after it restates that one
            continue
        b = re.search(r"(?:dtype|bytes?)\s*[=:]\s*(\d+(?:\.\d+)?)\s*bytes?", raw, re.I)
        if b and chain:
            nbytes = b.group(1)
        sizes = _sizes(raw)
        if chain is None or len(sizes) != 1 or not _KV.search(raw) and "cache" not in raw.lower():
            continue
        if re.search(r"\d\s*(?:×|\\times|\*)\s*\d", raw) or _TOKENS.search(raw):
            continue
        factors = list(chain[0])
        new = nbytes or (str(_dtype(raw)) if _dtype(raw) is not None else None)
        if new is not None:
            factors[-1] = new
        vals = _values(" × ".join(factors))
        s = sizes[0]
        ent = _entry(s.group(2), n)
        what = R("kv-cache-with", factors=" × ".join(factors))
        how = R("factors-of-line-bytes", line=chain[1], bytes=factors[-1]) if new is not None else \
            R("factors-of-line", line=chain[1])
        out.append(_scalar(n, raw.strip(), what, ent, _unit_readings(vals, s.group(3).lower()), how, loose_int=True))
    return out


#: a size, then the same size in another unit: "29.58 GiB or 31.76 GB", "(0.54 GB)", "= 512 MiB"
_RESTATED = re.compile(r"(?P<a>(?<![\w.,])\d[\d,]*(?:\.\d+)?)\s*\$?\s*(?P<u>[KMGT]i?B)\b\s*\$?\s*"
                       r"(?:or|i\.e\.,?|即|或|[(（]|=|≈|\\approx)\s*\$?\s*~?\s*"
                       r"(?P<b>\d[\d,]*(?:\.\d+)?)\s*\$?\s*(?P<v>[KMGT]i?B)\b")


def _unit_restated(lines: list[str]) -> list[Claim]:
    """A size written again in another unit on its line (``29.5812 GiB or 29.5812 GB``): the second is
    the first converted.  Where one unit is binary (GiB) and the other decimal (GB), the article tells
    them apart, so each is what its name says; between two decimal names (GB and MB) both readings of
    a kilo (1000, 1024) count."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _RESTATED.finditer(raw):
            u, v = m.group("u").lower(), m.group("v").lower()
            left = re.split(r"=|≈|\\approx|[:：,，;；(（]", raw[:m.start("a")])[-1]
            if u == v or re.search(r"[×*·/+−]|\\times|\\cdot|(?<![A-Za-z])x(?![A-Za-z])|\s-\s", left):
                continue   # (a factor of a product, 4096 × 每token 0.5 MB = 2 GB: no size written again)
            first, second = _entry(m.group("a"), n), _entry(m.group("b"), n)
            a, b = _val(first), _val(second)
            if "i" in u or "i" in v:
                ratios = [mpmath.mpf(_UNITS[u][0]) / _UNITS[v][0]]
            else:
                ratios = sorted({mpmath.mpf(x) / y for x, y in zip(_UNITS[u], _UNITS[v])})
            # (the first size is rounded too: any value it may stand for, converted, may be the second)
            h, k = rounding_half(first), rounding_half(second)
            readings = [(a * r if abs(a * r - b) <= k or not (a - h) * r - k <= b <= (a + h) * r + k else b,
                         R("reading-unit", reading=f"{m.group('a')} {m.group('u')}", unit=m.group("v"))) for r in ratios]
            what = R("size-in-unit", size=f"{m.group('a')} {m.group('u')}", unit=m.group("v"))
            out.append(_scalar(n, raw.strip(), what, second, readings, what))
    return out


_GQA = re.compile(r"(?<!\d)(\d+)\s+(?:query|Q)\s+heads?\b[^.\n]{0,40}?\b(?:in|into|over|across|share)\s+(\d+)\s+"
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
            out.append(_scalar(n, raw.strip(), R("query-heads-per-kv"), ent, [(mpmath.mpf(hq) / g, "")],
                               R("heads-quotient", hq=hq, g=g)))
    return out


_NAMED_QUOTIENT = re.compile(r"(?<![\w.])(\d+)\s+[A-Za-z_]\w*\s*[=(]\s*(\d+)\s*(?:\)\s*)?/\s*[A-Za-z_]\w*\s*[=(]\s*(\d+)\s*\)?")


def _named_quotients(lines: list[str]) -> list[Claim]:
    """A parameter row ``H_kv 8 H_total=64 / GQA_ratio=8``: the value against the quotient beside it."""
    out = []
    for n, raw in enumerate(lines, 1):
        for m in _NAMED_QUOTIENT.finditer(raw):
            a, b = int(m.group(2)), int(m.group(3))
            if b:
                out.append(_scalar(n, raw.strip(), m.group(0), _entry(m.group(1), n), [(mpmath.mpf(a) / b, "")],
                                   R("quotient-beside", a=a, b=b)))
    return out


#: a size per token from its factors: "2 × 32 × 32 × 128 × 2 = 512 KB/token"
_PER_TOKEN = re.compile(r"((?:\d+\s*(?:×|\*|x|\\times)\s*)+\d+)\s*(?:bytes?\s*)?=\s*[~≈]?\s*\d+(?:\.\d+)?\s*"
                        r"(?:[KMGT]i?B|bytes?|B)\s*(?:/|per)\s*(?:token|tok)\b", re.I)
#: a context length and its cache: "4K → 2 GB", "128K tokens -> 64 GB"
_CONTEXT_SIZE = re.compile(r"^\s*(?:[-*•]\s*)?(\d+(?:\.\d+)?)\s*([KkMm])?\s*(?:tokens?\s*)?(?:→|->|⟶|:)\s*[~≈]?\s*"
                           r"(\d+(?:\.\d+)?)\s*([KMGT]i?B)\b")


def _per_token_runs(lines: list[str]) -> list[Claim]:
    """Runs of lines that give a context length and its cache size (``4K → 2 GB``) after the article
    printed the size of one token (``… = 512 KB/token``): each size is the tokens times one of those
    per-token sizes, under both readings of K (1,000, 1,024) and of GB (10⁹, 2³⁰).  A run binds to
    the per-token size that explains at least two thirds of its lines (by value, whatever a caption
    says); its other lines are wrong against it.  A run no per-token size explains claims nothing."""
    out, per_token, run = [], [], []

    def close():
        if len(run) >= 2 and per_token:
            def readings(n_tok, k, unit, nbytes):
                counts = [n_tok * s for s in _COUNT_PREFIX.get(k, (1,))]
                return _unit_readings([(c * nbytes, None) for c in counts], unit.lower())
            best = None
            for nbytes, src in per_token:
                fits = sum(any(_near(e, x) for x, _ in readings(t, k, u, nbytes)) for _, e, t, k, u in run)
                if best is None or fits > best[0]:
                    best = (fits, nbytes, src)
            fits, nbytes, src = best
            if fits * 3 >= 2 * len(run):
                for n, e, t, k, u in run:
                    out.append(_scalar(n, lines[n - 1].strip(), f"{e.text} {u}", e, readings(t, k, u, nbytes),
                                       R("tokens-times-per-token", line=src)))
        run.clear()

    for n, raw in enumerate(lines, 1):
        m = _PER_TOKEN.search(raw)
        if m:
            close()
            nbytes = mpmath.mpf(1)
            for f in re.findall(r"\d+", m.group(1)):
                nbytes *= int(f)
            per_token.append((nbytes, n))
            continue
        c = _CONTEXT_SIZE.match(raw)
        if c and per_token:
            e = _entry(c.group(3), n)
            if e is not None:
                run.append((n, e, mpmath.mpf(c.group(1)), (c.group(2) or "").lower(), c.group(4)))
                continue
        close()
    close()
    return out
