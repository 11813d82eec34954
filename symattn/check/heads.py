r"""Multi-head attention: the head split, per-head scores, weights and outputs, the concatenation
and the W_O product.

Input: the article's text and its blocks (:func:`symattn.check.read.read_blocks`).
Output: a list of :class:`~symattn.check.claims.Claim`, one per block bound to such a quantity.

Only in an article that speaks of several heads.  From the printed inputs (Q, K, V, or X with
W_Q, W_K, W_V; one set per batch when several are printed) and the number of heads h it states,
head i takes columns i·d_h … (i+1)·d_h − 1 (``reshape(B, S, h, d_h)``).  A block is bound by its
values against every per-head quantity under every convention (scaled by √d_h, by √d or not at
all; with a causal mask when the article masks), the best fit deciding; it is wrong only when its
label names that quantity, most of it agrees, and no other reading fits as well.

Stepwise, from the author's own printed blocks: a concatenation is the printed head outputs side
by side, and ``Combined · W_O`` is checked against the printed operands; a product whose shapes do
not match is wrong, with the diagnosis when the values are those of ``Combined · (W_O)ᵀ``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import mpmath

from .. import limits
from .oldbind import heads_from
from .names import hint
from .claims import Claim
from .judge import agrees, half_unit, match
from .quantities import softmax
from .batched import batch_of, direct_sets, head_quantity, own_fit, row_claim, where_in_stack
from .claims import Reason
from .verdict import judged_entries, stated
from .masks import _CAUSAL, stitch
from .document import Document
from .read import Block

R = Reason.of

__all__ = ["head_claims"]

_DPS = 30
_WO = re.compile(r"W\s*(?:_|\^)\s*(?:\{\s*)?(?:O|o|\\mathrm\{O\}|out)\s*\}?|\bW_?o\b|\bo_proj\b|\bWo\b|"
                 r"输出投影|出力射影")
_HEAD_WORD = re.compile(r"head|头|ヘッド|헤드|cabe[zç]a|tête", re.I)
_CONCAT = re.compile(r"concat|combined|拼接|连接|合并|連結|結合|연결|concaten", re.I)
_INDEX = re.compile(r"_\s*(?:\{\s*)?\(?\s*\d+\s*(?:\)\s*)?\}?|\^\s*\{\s*\(\s*\d+\s*\)\s*\}|_total|_all", re.I)
_KINDS = {"scores": "scores", "scaled": "scores", "weights": "weights", "output": "output", "Q": "Q", "K": "K",
          "V": "V"}


def _mat(b: Block) -> list[list[Fraction]] | None:
    try:
        return [[e.fraction for e in r] for r in b.rows]
    except (AttributeError, TypeError):
        return None     # ±∞ or a symbol: not an input


def _mul(a, b):
    return [[sum(x * y for x, y in zip(r, col)) for col in zip(*b)] for r in a]


def _cols(m, lo, hi):
    return [r[lo:hi] for r in m]


def _family(b: Block) -> str | None:
    labels = list(b.labels[:2])
    h = hint(labels)
    if h is None and labels:
        h = hint([_INDEX.sub("", labels[0])])
    return h


def _heads(text: str) -> list[int]:
    """The numbers of (query) heads the article states."""
    found = set()
    for m in re.finditer(r"(?<![\w.])(?:H|h|n_q|n_\{q\}|num_heads|n_heads|n_head|num_attention_heads|num_q_heads|heads|"
                         r"头数)\s*[=:：]\s*\$?(\d+)\b|\b(\d+)\s*(?:attention\s+|query\s+)?heads\b|"
                         r"(?<!\d)(\d+)\s*个(?:查询)?头",
                         text):
        k = int(next(g for g in m.groups() if g))
        if 2 <= k <= 64:
            found.add(k)
    return sorted(found)


def _numeric(m):
    return [[mpmath.mpf(x.numerator) / x.denominator for x in r] for r in m]


def _weights(m, causal: bool):
    """Row softmax of numeric scores, under the causal mask when ``causal``."""
    with mpmath.workdps(_DPS):
        return [softmax([x if not causal or j <= i else -mpmath.inf for j, x in enumerate(r)])
                for i, r in enumerate(m)]


def _mmul_num(a, b):
    with mpmath.workdps(_DPS):
        return [[sum(x * y for x, y in zip(r, col)) for col in zip(*b)] for r in a]


def _inputs(blocks: list[Block]):
    """[(Q, K, V, where, batch)] per printed set: Q, K, V printed, or X times the printed W's."""
    fam = [(b, _family(b)) for b in blocks]
    ws = {f: _mat(b) for b, f in fam if f in ("W_Q", "W_K", "W_V") and not b.operand}
    direct = {f: [(b, _mat(b)) for b, g in fam if g == f and _mat(b)] for f in ("Q", "K", "V")}
    sets = []
    for b, f in fam:
        x = _mat(b) if f == "X" else None
        if x and ws.get("W_Q") and ws.get("W_K") and len(ws["W_Q"]) == len(x[0]) == len(ws["W_K"]):
            v = _mul(x, ws["W_V"]) if ws.get("W_V") and len(ws["W_V"]) == len(x[0]) else None
            sets.append((_mul(x, ws["W_Q"]), _mul(x, ws["W_K"]), v, R("x-times-ws", line=b.line), batch_of(b)))
    if not sets and direct["Q"] and direct["K"]:
        sets += direct_sets(direct)
    return sets


def _layout(q, k, v, h):
    """(d_h, K/V heads, group size, V width per head) when h query heads fit these widths, else None.
    K/V heads fewer than query heads: grouped-query (or multi-query) attention, query head i using
    K/V head i // group."""
    dq, dk = len(q[0]), len(k[0])
    if dq % h:
        return None
    dh = dq // h
    if dk % dh or h % (dk // dh):
        return None
    hkv = dk // dh
    dv = len(v[0]) // hkv if v is not None and len(v[0]) % hkv == 0 else None
    return dh, hkv, h // hkv, dv


def _candidates(text: str, blocks: list[Block]):
    """[(kind, head, numeric rows, how)] for every per-head quantity under every convention."""
    out = []
    masks = (False, True) if _CAUSAL.search(text) else (False,)
    wo = [(b, _mat(b)) for b in blocks if _is_wo(b) and _mat(b)]
    for q, k, v, where, batch in _inputs(blocks):
        first = len(out)
        d = len(q[0])
        if max(len(q) * d, len(k) * len(k[0])) > limits.CHECK_MAX_BLOCK_ENTRIES:
            continue     # larger than any block check reads: not split into heads
        if where.code == "x-times-ws":    # the projections themselves, when X and the W's are printed
            out += [("Q", None, _numeric(q), R("named-step", name="X · W_Q", how=where)),
                    ("K", None, _numeric(k), R("named-step", name="X · W_K", how=where))]
            if v is not None:
                out.append(("V", None, _numeric(v), R("named-step", name="X · W_V", how=where)))
        for h in _heads(text):
            lay = _layout(q, k, v, h)
            if lay is None:
                continue
            dh, hkv, group, dv = lay
            kv_of = (lambda i: R("kv-head", head=i // group + 1, of=hkv)) if hkv < h else (lambda i: "")
            for i in range(h):
                lo, hi = i * dh, (i + 1) * dh
                out.append(("split", i, _numeric(_cols(q, lo, hi)), R("columns-of", first=lo + 1, last=hi, name="Q",
                                                                        where=where)))
            for j in range(hkv):
                out.append(("split", j, _numeric(_cols(k, j * dh, (j + 1) * dh)),
                            R("columns-of", first=j * dh + 1, last=(j + 1) * dh, name="K", where=where)))
                if dv:
                    out.append(("split", j, _numeric(_cols(v, j * dv, (j + 1) * dv)),
                                R("columns-of", first=j * dv + 1, last=(j + 1) * dv, name="V", where=where)))
            if hkv < h:   # K and V repeated for every query head of a group
                for name, m, w in (("K", k, dh), ("V", v, dv)):
                    if m is not None and w:
                        rep = [sum((r[(i // group) * w:(i // group + 1) * w] for i in range(h)), []) for r in m]
                        out.append(("split", None, _numeric(rep), R("repeated-for-group", name=name, group=group,
                                                                              where=where)))
            for scale_name, scale in (("√d_h", mpmath.sqrt(dh)), ("√d", mpmath.sqrt(d)), (R("scale-none"), 1)):
                for causal in masks:
                    if causal and len(q) != len(k):
                        continue
                    outs = []
                    for i in range(h):
                        lo, hi = i * dh, (i + 1) * dh
                        j = i // group
                        tag = R("head-tag", head=i + 1, of=h, first=lo + 1, last=hi, kv=kv_of(i), where=where,
                                scale=scale_name, mask=R("and-causal-mask") if causal else "")
                        s = _numeric(_mul(_cols(q, lo, hi), [list(r) for r in zip(*_cols(k, j * dh, (j + 1) * dh))]))
                        with mpmath.workdps(_DPS):
                            s = [[x / scale for x in r] for r in s]
                        if scale_name != "√d" and not causal:
                            out.append(("scores", i, s, R("head-scores" if scale == 1 else "head-scores-scaled",
                                                          scale=scale_name, tag=tag)))
                        a = _weights(s, causal)
                        out.append(("weights", i, a, R("head-weights", tag=tag)))
                        if dv:
                            o = _mmul_num(a, _numeric(_cols(v, j * dv, (j + 1) * dv)))
                            outs.append(o)
                            out.append(("output", i, o, R("head-output", tag=tag)))
                    if outs:
                        cat = [sum((o[r] for o in outs), []) for r in range(len(outs[0]))]
                        out.append(("output", None, cat, R("heads-side-by-side", h=h, where=where, scale=scale_name,
                                                           mask=R("and-causal-mask") if causal else "")))
                        for wb, w in wo:
                            if len(w) == len(cat[0]):
                                out.append(("output", None, _mmul_num(cat, _numeric(w)),
                                            R("concat-wo", line=wb.line, where=where, scale=scale_name)))
        out[first:] = [c + (batch,) for c in out[first:]]     # which batch element the set is
    return out


def _judge(b: Block, cands) -> Claim | None:
    fits = []
    for kind, i, m, how, batch in cands:
        mt = match(b.rows, m)
        if mt is not None:
            fits.append((mt.near_share, kind, i, m, how, batch))
    if not fits:
        return None
    fits.sort(key=lambda f: -f[0])
    own = own_fit(b, fits, _KINDS.get(_family(b) or ""))
    if own is not None:     # a slice of a printed batch: its index says which batch element and head it is
        share, kind, i, m, how, _ = own
        checks = [(r, c, e, m[r][c], 0) for r, row in enumerate(b.rows) for c, e in enumerate(row)]
        return judged_entries(b, where_in_stack(b, kind, i), checks, how)
    share, kind, i, m, how, _ = fits[0]
    checks = [(r, c, e, m[r][c], 0) for r, row in enumerate(b.rows) for c, e in enumerate(row)]
    what = head_quantity(kind, i)
    if share == 1:
        also = [f[4] for f in fits[1:] if f[0] == 1 and f[1] != kind or f[0] == 1 and f[1] == "split"]
        if kind == "split" and also:   # the same columns of Q, K or V: the values cannot tell which
            what = R("heads-columns")
        return judged_entries(b, what, checks, R("also", how=how, other=also[0]) if also else how)
    named = _KINDS.get(_family(b) or "")
    if named in ("Q", "K", "V") and kind == "split":
        named = kind     # Q_1, V^{(1)}: a head's columns of Q, K or V
    rivals = [f for f in fits[1:] if f[0] >= share - 1e-9 and (f[3] != m)]
    labels = " ".join(b.labels[:2])
    if named != kind or share < 2 / 3 or rivals or not (_HEAD_WORD.search(labels) or _INDEX.search(labels)):
        return None
    return judged_entries(b, what, checks, how)


def _scalar_factor(label: str) -> Fraction:
    m = re.search(r"\\frac\{(\d+)\}\{(\d+)\}\s*(?:(?:\\cdot|\\times|\*|·)\s*)?(?:\\text\{|\\left)?\s*(?:[\[(]\s*)?$", label)
    if m:
        return Fraction(int(m.group(1)), int(m.group(2)))
    m = re.search(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\\cdot|\\times|\*|·)\s*(?:(?:\\text\{|\\left)\s*)?[\[(]?\s*$", label)
    return Fraction(m.group(1)) if m else Fraction(1)


def _context(lines: list[str], b: Block) -> str:
    return " ".join(b.labels[:2]) + " " + " ".join(lines[max(0, b.line - 8):b.line])


def _stepwise(doc: Document, blocks: list[Block]) -> list[Claim]:
    """Concatenation and W_O product from the author's own printed blocks."""
    lines = doc.lines
    out = []
    cat = None     # (block, matrix) of the last printed concatenation
    for k, b in enumerate(blocks):
        mb = _mat(b)
        if mb is None or b.operand:
            continue
        ctx = _context(lines, b)
        n, width = b.shape
        earlier = [pt for pt in _head_parts(blocks[:k]) if len(pt[1]) == n and len(pt[1][0]) < width
                   and b.line - pt[0] < 80]
        if _CONCAT.search(ctx) and len(earlier) >= 2:
            parts = _side_by_side(earlier, width)
            if parts:
                num = [sum((_numeric(m)[r] for _, m in parts), []) for r in range(n)]
                mt = match(b.rows, num)
                if mt.near_share >= 2 / 3:
                    checks = [(r, c, e, num[r][c], 0) for r, row in enumerate(b.rows) for c, e in enumerate(row)]
                    out.append(judged_entries(b, R("concatenation"), checks, R("outputs-side-by-side",
                                                                       lines=[ln for ln, _ in parts])))
                    cat = (b, mb)
                    continue
        if n >= 2 and _HEAD_WORD.search(" ".join(b.labels[:2])):
            rows = _restacked(b, blocks[:k])
            if rows:
                texts = [[e.text for e in r] for r in b.rows]
                out.append(stated(b.line, b.source, "exact", R("head-rows"), R("head-rows-at", lines=list(rows)),
                                  claimed=texts, expected=texts, lines=sorted({e.line for r in b.rows for e in r})))
                continue
        if cat is None or not _WO.search(ctx) or b.line - cat[0].line > 60 or _is_wo(b):
            continue
        wo = next((p for p in reversed(blocks[:k]) if p.line > cat[0].line and _is_wo(p) and _mat(p)), None)
        if wo is None:
            continue
        w = [[x * _scalar_factor(wo.labels[0]) for x in r] for r in _mat(wo)]
        c = _numeric(cat[1])
        cp = max((e.places or 0) for r in cat[0].rows for e in r)
        half = half_unit(cp)
        if len(w) == cat[0].shape[1] and b.shape == (cat[0].shape[0], len(w[0])):
            y = _mmul_num(c, _numeric(w))
            slack = [sum(abs(x) for x in col) * half for col in zip(*_numeric(w))]
            checks = [(r, j, e, y[r][j], slack[j]) for r, row in enumerate(b.rows) for j, e in enumerate(row)]
            out.append(judged_entries(b, "Concat · W_O", checks, R("concat-times-wo", line=cat[0].line, wo=wo.line)))
        elif len(w[0]) == cat[0].shape[1] and b.shape == (cat[0].shape[0], len(w)) and len(w) != cat[0].shape[1]:
            wt = [list(r) for r in zip(*w)]
            y = _mmul_num(c, _numeric(wt))
            slack = [sum(abs(x) for x in col) * half for col in zip(*_numeric(wt))]
            same = all(_agree_slack(e, y[r][j], slack[j]) for r, row in enumerate(b.rows) for j, e in enumerate(row))
            cs, ws = cat[0].shape, (len(w), len(w[0]))
            detail = R("concat-wo-undefined", line=cat[0].line, cr=cs[0], cc=cs[1], wo=wo.line, wr=ws[0], wc=ws[1])
            lines = sorted({e.line for r in b.rows for e in r})
            claim = stated(b.line, b.source, "wrong", "Concat · W_O", detail, claimed=[[e.text for e in r] for r in b.rows],
                           expected="undefined", lines=lines, mistakes=(R("wo-transposed"),) if same else (),
                           entries=[{"entry": "shape of Concat · W_O", "line": b.line,
                                     "claimed": f"{b.shape[0]}×{b.shape[1]}", "exact": "undefined",
                                     "correct": "undefined"}])
            out.append(replace(claim, wrong_lines=lines))
        cat = None
    return out


def _is_wo(b: Block) -> bool:
    """The block is W_O itself: its label starts with the name."""
    return bool(b.labels) and bool(_WO.match(b.labels[0].lstrip(" $*`>#(")))


def _agree_slack(e, x, s) -> bool:
    return agrees(e, x, slack=s)


def _head_parts(blocks: list[Block]) -> list[tuple[int, list]]:
    """(line, matrix) of every printed block named after a head, and of every row named after one
    (``head1_output: [0.5, 0.8]``)."""
    out = []
    for p in blocks:
        m = _mat(p)
        if p.operand or m is None:
            continue
        if p.row_labels and len(p.row_labels) == len(m) and all(_HEAD_WORD.search(r) for r in p.row_labels):
            out += [(p.rows[i][0].line, [m[i]]) for i in range(len(m))]
        elif _HEAD_WORD.search(" ".join(p.labels[:2])):
            out.append((p.line, m))
    return out


def _restacked(b: Block, earlier: list[Block]) -> list[int] | None:
    """The lines of the one-row vectors printed in the 40 lines before, which are this block's rows, or None."""
    found = []
    for row in b.rows:
        texts = tuple(e.text for e in row)
        hit = next((p for p in reversed(earlier) if p.shape[0] == 1 and not p.operand and b.line - p.line <= 40
                    and p.texts[0] == texts), None)
        if hit is None:
            return None
        found.append(hit.line)
    return found


def _side_by_side(earlier: list, width: int):
    """The most recent run of printed parts whose widths add up to ``width``, in article order."""
    run, total = [], 0
    for p in reversed(earlier):
        run.insert(0, p)
        total += len(p[1][0])
        if total == width:
            return run if len(run) >= 2 else None
        if total > width:
            return None
    return None


def head_claims(doc: Document, blocks: list[Block]) -> list[Claim]:
    """Claims about per-head quantities, the concatenation and W_O (see the module doc)."""
    text = doc.text
    if heads_from(text) is None and not _heads(text):
        return []
    blocks = stitch(blocks)
    out = _stepwise(doc, blocks)
    done = {c.line for c in out}
    cands = _candidates(text, blocks)
    if cands:
        derived = {kind for kind, *_ in cands} & {"Q", "K", "V"}     # printed, and computed from X
        sources = {"X", "W_Q", "W_K", "W_V", "Q", "K", "V"} - derived
        # a block of Q, K or V narrower than every printed Q, K or V (V^{(1)}, Q_1) is a head's columns
        # of it, not an input: its values are judged like any per-head quantity
        widths = {f: {len(m[0]) for m in ms if m} for f, ms in
                  zip("QKV", zip(*((q, k, v) for q, k, v, *_ in _inputs(blocks))))}
        for b in blocks:
            fam = _family(b)
            narrower = fam in widths and widths[fam] and b.shape[1] < min(widths[fam])
            if b.operand or b.line in done or (fam in sources and not narrower) or _mat(b) is None:
                continue
            c = _judge(b, cands) or row_claim(b, cands, _KINDS.get(_family(b) or ""))
            if c is not None:
                out.append(c)
    return out
