r"""Decoding with a KV cache, token by token: the caches K_{1:t}, V_{1:t} (the first t rows of K, V),
the step output o_t = softmax(q_t K_{1:t}ᵀ/√d_k) V_{1:t} (row t of causal attention), the scaled scores
of step t, the stacked output O, and the notes on a step: cache shapes (t × d), multiplications for
the scores (t·d_k) and the numbers the cache holds (2·t·d_k per layer and head).

Input: the article's text (one that speaks of a KV cache) and its displays, with Q, K, V printed.
Output: claims, judged by :func:`.readings.judge` (matrices) or right only (notes, which may count
otherwise: per head, per layer, with or without V).

>>> t = ("KV cache.\n$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n"
...      "$$K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$\n$$V = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}$$\n"
...      "$$K_{1:1} = \\begin{bmatrix} 1 & 0 \\end{bmatrix}$$\n$$o_{1} = \\begin{bmatrix} 1 & 2 \\end{bmatrix}$$\n")
>>> from symattn.check.beyond.display import displays
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in kv_decode_claims(doc, displays(doc))]
[(5, 'exact'), (6, 'exact')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..judge import equal
from ..verdict import stated
from .arith import _DPS, evaluate
from .chains import _KV
from .display import Display
from .readings import judge
from .verdicts import _val

__all__ = ["kv_decode_claims"]

R = Reason.of

_CACHE = re.compile(r"([KV])_\{?1:(\d+)\}?")
_STEP = re.compile(r"o_\{?(\d+)\}?|o_t")
_SHAPE = re.compile(r"\$?([KV])_\{1:(\d+)\}\$?\s*(?:is|:|为|是)\s*\$?(\d+)\s*(?:\\times|×|x)\s*(\d+)\$?")
_MULTS = re.compile(r"\$?(\d+)\$?\s*(?:multiplications|次乘法)")
_HELD = re.compile(r"(?:holds|存)\s*\$?(\d+)\$?\s*(?:numbers|个数)|缓存共\s*\$?([^$]*?)\$?\s*个数")


def kv_decode_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on a token-by-token decode with a KV cache (see the module doc)."""
    text = doc.text
    if not _KV.search(text):
        return []
    given = {}
    for d in disps:
        if d.name in ("Q", "K", "V") and d.rel == "=" and d.name not in given:
            given[d.name] = [[_val(e) for e in r] for r in d.rows]
    if set(given) != {"Q", "K", "V"}:
        return []
    q, k, v = given["Q"], given["K"], given["V"]
    if len(q[0]) != len(k[0]) or len(k) != len(v):
        return []
    out = []
    with mpmath.workdps(_DPS):
        for d in disps:
            got = _readings(d, q, k, v)
            if got:
                c = judge(d, got[0], got[1])
                if c is not None:
                    out.append(c)
        out += _notes(doc.lines, len(k[0]), len(v[0]))
        out += _weights(doc.lines, q, k)
    return out


def _causal(q, k, v, scale):
    rows = []
    for t in range(len(q)):
        s = [sum(a * b for a, b in zip(q[t], k[j])) * scale for j in range(min(t + 1, len(k)))]
        m = max(s)
        w = [mpmath.exp(x - m) for x in s]
        rows.append([sum(w[j] * v[j][c] for j in range(len(w))) / sum(w) for c in range(len(v[0]))])
    return rows


def _readings(d: Display, q, k, v):
    rows, cols = d.shape
    scales = ((1 / mpmath.sqrt(len(k[0])), f"÷√{len(k[0])}"), (mpmath.mpf(1), R("unscaled")))
    m = _CACHE.fullmatch(d.name)
    if m:
        src, t = (k if m.group(1) == "K" else v), int(m.group(2))
        if (rows, cols) == (t, len(src[0])) and t <= len(src):
            return R("cache-rows", name=m.group(1), t=t), [([x for r in src[:t] for x in r],
                                                             R("first-rows", t=t, name=m.group(1)))]
        return None
    m = _STEP.fullmatch(d.name)
    if m and m.group(1) and rows == 1 and cols == len(v[0]) and int(m.group(1)) <= len(q):
        t = int(m.group(1))
        return R("step-output", t=t), [(_causal(q, k, v, s)[t - 1], R("decode-step", t=t, scale=h))
                                       for s, h in scales]
    if d.name == "O" and (rows, cols) == (len(q), len(v[0])):
        return R("decoded-output"), [([x for r in _causal(q, k, v, s) for x in r], R("stacked-steps", scale=h))
                                     for s, h in scales]
    m = re.fullmatch(r"\\fracq_(\d+)K_1:(\d+)\^T\\sqrtd_k", d.name.replace("{", "").replace("}", ""))
    if m and m.group(1) == m.group(2) and rows == 1 and cols == int(m.group(1)):
        t = int(m.group(1))
        s = 1 / mpmath.sqrt(len(k[0]))
        return R("step-scaled-scores", t=t), [([sum(a * b for a, b in zip(q[t - 1], k[j])) * s
                                                 for j in range(t)], f"q_{t} K_1:{t}ᵀ/√{len(k[0])}")]
    return None


_WEIGHTS = re.compile(r"(?:[Ww]eights|权重)\s*\$\\begin\{[bp]matrix\}(.*?)\\end\{[bp]matrix\}\$")


def _weights(lines, q, k) -> list[Claim]:
    """``Weights [..]`` in the notes of step t: softmax(q_t K_{1:t}ᵀ/√d_k), which sums to 1."""
    out, step = [], None
    for n, raw in enumerate(lines, 1):
        for m in re.finditer(r"[KV]_\{?1:(\d+)\}?|o_\{?(\d+)\}?", raw):
            step = int(next(g for g in m.groups() if g))
        m = _WEIGHTS.search(raw)
        if not m or step is None or "\\\\" in m.group(1) or step > len(q):
            continue
        cells = [evaluate(c) for c in m.group(1).split("&")]
        s = [sum(a * b for a, b in zip(q[step - 1], k[j])) / mpmath.sqrt(len(k[0])) for j in range(step)]
        w = [mpmath.exp(x - max(s)) for x in s]
        w = [x / sum(w) for x in w]
        if None not in cells and len(cells) == len(w) and all(equal(a, b) for a, b in zip(cells, w)):
            out.append(stated(n, raw.strip(), "exact", R("decode-weights"),
                              R("decode-weights-sum", t=step, dk=len(k[0])), claimed=m.group(0)))
    return out


def _notes(lines, dk: int, dv: int) -> list[Claim]:
    """Cache shapes, multiplications for the scores and numbers held, in the lines of step t."""
    out, step = [], None
    for n, raw in enumerate(lines, 1):
        for m in re.finditer(r"[KV]_\{?1:(\d+)\}?|o_\{?(\d+)\}?|after \$?(\d+)\$? tokens|\$?(\d+)\$?\s*个词后", raw):
            step = int(next(g for g in m.groups() if g))
        said = []
        shapes = list(_SHAPE.finditer(raw))
        if shapes and all((int(m.group(3)), int(m.group(4))) == (int(m.group(2)), dk if m.group(1) == "K" else dv)
                          for m in shapes):
            said.append(R("cache-shape"))
        if step is not None:
            m = _MULTS.search(raw)
            if m and int(m.group(1)) == step * dk:
                said.append(R("step-mults", t=step, dk=dk))
            m = _HELD.search(raw)
            if m:
                x = evaluate(m.group(1) or m.group(2).split("=")[-1])
                if x is not None and x == step * (dk + dv):
                    said.append(R("cache-holds", t=step, dk=dk, dv=dv))
        if said:
            out.append(stated(n, raw.strip(), "exact", R("decode-cache"), R("reasons", items=said),
                              claimed=raw.strip()[:120]))
    return out
