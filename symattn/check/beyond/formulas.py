r"""Update formulas written in names: ``m^{(t)} = \max(m^{(t-1)}, \operatorname{rowmax}(\tilde{S}^{(t)}))``,
``\ell^{(t)} = \exp(m^{(t-1)} - m^{(t)}) \odot \ell^{(t-1)} + \operatorname{rowsum}(\exp(\tilde{S}^{(t)} -
m^{(t)}\mathbf{1}^T))``, ``O = \operatorname{diag}(\ell)^{-1}\tilde{O}``, ``o_t = \operatorname{softmax}(q_t
K_{1:t}^T/\sqrt{d_k}) V_{1:t}``.

Input: the article's text and its displays.  Output: claims, only ever right.  Each name is given the
value the algorithm defines (online softmax: the states after each tile of the stated size, from the
printed scores; a KV-cache decode: rows of the printed Q, K, V), the formula is evaluated by
:mod:`.matexpr`, and it is right when its value is what its head names (:mod:`.softmaxes`,
:mod:`.kvdecode`).  A formula that gives something else may be another convention: nothing is said.

>>> from symattn.check.beyond.display import displays
>>> t = ("Online softmax in tiles of 1.\n$$S = \\begin{bmatrix} 0 & 1 \\end{bmatrix}$$\n"
...      "$$m^{(2)} = \\max\\left(m^{(1)}, \\operatorname{rowmax}\\left(S^{(2)}\\right)\\right)$$\n")
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in formula_claims(doc, displays(doc))]
[(3, 'exact')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .arith import _DPS
from .chains import _KV
from .display import Display, _cell, name_of
from .identities import _split, segments
from .matexpr import _Fail, _evaluate
from ..judge import equal
from ..verdict import stated
from .verdicts import _val

__all__ = ["formula_claims"]

R = Reason.of


def formula_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on formulas in names (see the module doc)."""
    text = doc.text
    from . import kvdecode, softmaxes
    with mpmath.workdps(_DPS):
        online, tiles = softmaxes._context(text)
        given = {d.name: [[_val(e) for e in r] for r in d.rows] for d in reversed(disps)
                 if d.name in ("Q", "K", "V") and d.rel == "="}
        binds = []
        if online and len(tiles) == 1:
            scores, v = softmaxes._scores(disps)
            if scores:
                binds.append(("online", _online(scores[0][0], v, tiles[0])))
        kv = _KV.search(text) and set(given) == {"Q", "K", "V"}
        if kv:
            binds.append(("kv", _decode(given["Q"], given["K"], given["V"])))
        jac = softmaxes._JAC
        heads = re.findall(r"(?m)^[ \t]*(?:\$\$|\\\[)?[ \t]*(J[^=\n]{0,12}?)\s*=", text)
        if not binds and not any(jac.fullmatch(name_of(x)) for x in heads):
            return []
        out = []
        for body, line, _, source in segments(doc):
            if "\\begin{" in body and not re.search(r"\\begin\{\w*matrix\}\s*(?:[A-Za-z]|\\(?:tilde|hat|mathbf)\{)", body):
                continue   # printed numbers: a substituted form (matexpr); names inside a matrix: here
            parts, _ = _split(body)
            if len(parts) != 2 or not parts[0].strip():
                continue
            jm = jac.fullmatch(name_of(parts[0].strip()))
            extra = []
            if jm:   # diag(a) − a aᵀ: a is the distribution the Jacobian is taken at
                idx = next((g for g in jm.groups() if g), None)
                for row, i, how in softmaxes._distributions([d for d in disps if d.line < line]):
                    if idx is None or not idx.isdigit() or i == int(idx) - 1:
                        extra.append(("jacobian", [(re.compile(r"(?<![\\\w])(?:\\mathbf\{a\}|\\boldsymbol\{a\}|a)(?![\w}])"),
                                                    [[x] for x in row])]))
            for kind, bind in binds + extra:
                value = _value(parts[1], bind)
                if value is None:
                    continue
                head = parts[0].strip()
                fake = Display(head, name_of(head), "=", tuple(tuple(_cell("0", line) for _ in r) for r in value),
                               line, source)
                got = (kvdecode._readings(fake, given["Q"], given["K"], given["V"]) if kind == "kv"
                       else softmaxes._readings(fake, [d for d in disps if d.line < line], online, tiles))
                flat = [x for r in value for x in r]
                hows = [how for vals, how in (got[1] if got else []) if len(vals) == len(flat)
                        and all(equal(a, b) for a, b in zip(vals, flat))]
                left = _value(head, bind) if not hows else None
                if left is not None and _same(left, value):   # exp(lse) = rowsum(exp(S̃)): both sides in names
                    hows, got = [R("names-both-sides")], (R("identity-in-names"),)
                nxt = next((d for d in disps if d.line > line and d.name == fake.name and d.rel == "="), None)
                if not hows and not got and nxt is not None and nxt.shape == fake.shape and \
                        all(equal(_val(e), x) for e, x in zip(nxt.entries, flat)):
                    hows, got = [R("printed-at-line", line=nxt.line)], (head,)
                if hows:
                    out.append(stated(line, source, "exact", R("update-formula"),
                                      R("named-how", what=got[0], how=R("formula-gives", how=hows[0])),
                                      claimed=body.strip()[:200], lines=[line]))
                    break
        return out


def _value(expr: str, bind):
    try:
        value = _evaluate(expr, bind)
    except (_Fail, ZeroDivisionError, ValueError, TypeError, IndexError, RecursionError):
        return None
    if not value or any(not mpmath.isfinite(x) for r in value for x in r):
        return None
    return value


def _same(a, b) -> bool:
    return len(a) == len(b) and all(len(x) == len(y) and all(equal(p, q) for p, q in zip(x, y)) for x, y in zip(a, b))


def _sup(name: str, t: int):
    return re.compile(name + r"\^\{?\s*\(\s*" + str(t) + r"\s*\)\s*\}?(?![\w])")


def _online(s, v, b):
    """(pattern, value) of m^(t), ℓ^(t), Õ^(t), S̃^(t), V^(t) for tiles of b keys, and S̃ itself."""
    n = len(s[0])
    out = []
    m_prev = [[-mpmath.inf] for _ in s]
    out += [(_sup("m", 0), m_prev), (_sup(r"\\ell", 0), [[mpmath.mpf(0)] for _ in s])]
    if v is not None:
        out.append((_sup(r"\\tilde\{O\}", 0), [[mpmath.mpf(0)] * len(v[0]) for _ in s]))
    for t in range(1, (n + b - 1) // b + 1):
        seen = [r[:min(n, t * b)] for r in s]
        mx = [[max(r)] for r in seen]
        ex = [[mpmath.exp(x - mr[0]) for x in r] for r, mr in zip(seen, mx)]
        out += [(_sup("m", t), mx), (_sup(r"\\ell", t), [[sum(r)] for r in ex]),
                (_sup(r"\\tilde\{S\}", t), [r[(t - 1) * b:t * b] for r in s]),
                (_sup("S", t), [r[(t - 1) * b:t * b] for r in s])]
        if v is not None:
            out += [(_sup(r"\\tilde\{O\}", t), [[sum(e * v[j][c] for j, e in enumerate(r)) for c in range(len(v[0]))]
                                                for r in ex]),
                    (_sup("V", t), v[(t - 1) * b:t * b])]
    out.append((re.compile(r"\\tilde\{S\}(?!\s*\^)|(?<![\w\\{])S(?![\w^_{}])"), s))
    if v is not None:
        out.append((re.compile(r"(?<![\w\\{])V(?![\w^_{}])"), v))
    final = [[max(r) + mpmath.log(sum(mpmath.exp(x - max(r)) for x in r))] for r in s]
    out.append((re.compile(r"(?<![\w\\])(?:\\(?:mathrm|text|operatorname)\{lse\}|lse|LSE)(?![\w])"), final))
    return out


def _decode(q, k, v):
    """(pattern, value) of q_t, k_t, v_t, K_{1:t}, V_{1:t}, o_t, O and d_k for a decode with a KV cache."""
    from .kvdecode import _causal
    o = _causal(q, k, v, 1 / mpmath.sqrt(len(k[0])))
    out = [(re.compile(r"d_\{?k\}?"), [[mpmath.mpf(len(k[0]))]]), (re.compile(r"(?<![\w\\{])O(?![\w^_{}])"), o)]
    out += [(re.compile(r"o_\{?" + str(t) + r"\}?(?!\d)"), [o[t - 1]]) for t in range(1, len(q) + 1)]
    for t in range(1, len(q) + 1):
        out += [(re.compile(r"K_\{1:" + str(t) + r"\}"), k[:t]), (re.compile(r"V_\{1:" + str(t) + r"\}"), v[:t]),
                (re.compile(r"q_\{?" + str(t) + r"\}?(?!\d)"), [q[t - 1]]),
                (re.compile(r"k_\{?" + str(t) + r"\}?(?!\d)"), [k[t - 1]]),
                (re.compile(r"v_\{?" + str(t) + r"\}?(?!\d)"), [v[t - 1]])]
    return out
