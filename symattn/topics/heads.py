"""Multi-head attention (MHA) and grouped-query attention (GQA, MQA), exactly.

MHA splits the width d of Q, K, V into h heads of width d_h = d / h, runs the
article's attention in each head with its own scale sqrt(d_h), concatenates the
head outputs and multiplies by W_O:

    head_i = softmax(Q_i K_iᵀ / sqrt(d_h)) V_i,   O = [head_1 … head_h],   Y = O W_O

GQA keeps n_q query heads but only n_kv key/value heads (n_kv divides n_q);
query head i uses K/V head g(i) = ⌊i·n_kv/n_q⌋ (0-based), the group of n_q/n_kv
consecutive query heads, as PyTorch's ``enable_gqa`` does.  MQA is n_kv = 1.
GQA equals MHA run on K R and V R, where R repeats each K/V head for its group;
:func:`gqa_minus_mha` proves it for symbolic entries.  The KV cache shrinks by
n_kv / n_q.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .. import nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul
from ..markup import Math, Text as Markup, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import check_rows, given, index, masked_softmax_rows, option_matrix, softmax_rows
from ..sources import cite

__all__ = ["Head", "Heads", "kv_group", "repeat_matrix", "attend", "mha", "gqa", "gqa_minus_mha",
           "kv_cache_ratio", "derive_mha", "derive_gqa"]

#: the primary sources each document ends with
MHA_SOURCES = (cite("vaswani2017", "3.2.2"),)
GQA_SOURCES = (cite("ainslie2023", "2.2"), cite("shazeer2019", "3"))


@dataclass(frozen=True)
class Head:
    """One attention head, exactly."""

    q: int                       # query head index, 0-based
    kv: int                      # the K/V head it reads, 0-based
    Q: sp.ImmutableMatrix        # L x d_h
    K: sp.ImmutableMatrix        # L x d_h
    V: sp.ImmutableMatrix        # L x d_v
    scaled: sp.ImmutableMatrix   # Q Kᵀ / sqrt(d_h)
    rows: tuple                  # canonical softmax rows (SoftmaxRow or pipeline.MaskedRow)
    A: sp.ImmutableMatrix        # weights
    O: sp.ImmutableMatrix        # A V


@dataclass(frozen=True)
class Heads:
    """All heads, their concatenation and the output projection."""

    heads: tuple[Head, ...]
    concat: sp.ImmutableMatrix          # [O_1 … O_n], L x (n d_v)
    output: sp.ImmutableMatrix | None   # concat · W_O, if W_O is given


def kv_group(i: int, n_q: int, n_kv: int) -> int:
    """The K/V head of query head i (0-based): consecutive query heads share one.

    >>> [kv_group(i, 4, 2) for i in range(4)], [kv_group(i, 4, 1) for i in range(4)]
    ([0, 0, 1, 1], [0, 0, 0, 0])
    """
    return i * n_kv // n_q


def repeat_matrix(n_q: int, n_kv: int, d_h: int) -> sp.ImmutableMatrix:
    """R with K R = [K_{g(1)} … K_{g(n_q)}]: each K/V head repeated for its group.

    >>> repeat_matrix(2, 1, 1)
    Matrix([[1, 1]])
    """
    return sp.ImmutableMatrix(n_kv * d_h, n_q * d_h,
                              lambda r, c: int(r // d_h == kv_group(c // d_h, n_q, n_kv) and r % d_h == c % d_h))


def _cols(M, k: int, width: int) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(M[:, k * width:(k + 1) * width])


def _scale(S, d_h) -> sp.ImmutableMatrix:
    root = sp.sqrt(d_h)
    return sp.ImmutableMatrix(S.applyfunc(lambda e: e / root if e.is_Rational and root.is_Rational
                                          else sp.expand(e / root)))


def attend(q: int, kv: int, Qh, Kh, Vh, mask=None) -> Head:
    """softmax(Q_h K_hᵀ / sqrt(d_h) [+ M]) V_h for one head."""
    scaled = _scale(matmul(Qh, Kh.T), Qh.cols)
    if mask is None:
        rows = tuple(softmax_rows(scaled))
    else:
        rows = tuple(masked_softmax_rows(scaled, mask))
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(len(rows), Vh.cols, lambda i, k: rows[i].combine(list(Vh.col(k))))
    return Head(q, kv, sp.ImmutableMatrix(Qh), sp.ImmutableMatrix(Kh), sp.ImmutableMatrix(Vh), scaled, rows, A, O)


def gqa(Q, K, V, n_q: int, n_kv: int, W_O=None, mask=None) -> Heads:
    """Grouped-query attention; ``n_kv == n_q`` is MHA, ``n_kv == 1`` is MQA.

    >>> r = gqa(sp.eye(2), sp.eye(2)[:, :1], sp.Matrix([[1], [3]]), 2, 1)
    >>> [h.kv for h in r.heads], r.concat.shape
    ([0, 0], (2, 2))
    """
    _check_heads(Q, K, V, n_q, n_kv)
    d_h, d_v = Q.cols // n_q, V.cols // n_kv
    heads = []
    for i in range(n_q):
        g = kv_group(i, n_q, n_kv)
        heads.append(attend(i, g, _cols(Q, i, d_h), _cols(K, g, d_h), _cols(V, g, d_v), mask))
    concat = sp.ImmutableMatrix(sp.Matrix.hstack(*[h.O for h in heads]))
    out = None
    if W_O is not None:
        if W_O.rows != concat.cols:
            raise SymattnError(f"the heads concatenate to width {concat.cols} but W_O has {W_O.rows} rows",
                               entry="options.W_O")
        # A sum of head ratios per entry, not expanded: expanding products of ratios of
        # exponentials is slow and no clearer.
        out = sp.ImmutableMatrix(concat.rows, W_O.cols, lambda i, j: _merge_fractions(
            [concat[i, k] * W_O[k, j] for k in range(concat.cols)]))
    return Heads(tuple(heads), concat, out)


def _merge_fractions(terms) -> sp.Expr:
    """A sum of ratios with the ratios over one denominator added up, so that
    e/(2e+1) + (e+1)/(2e+1) prints as 1; different denominators stay apart.

    >>> e = sp.exp(sp.Rational(1, 2))
    >>> _merge_fractions([e / (2 * e + 1), (e + 1) / (2 * e + 1), sp.Rational(1, 3)])
    4/3
    """
    groups: dict = {}
    for term in terms:
        num, den = sp.fraction(term)
        groups[den] = groups.get(den, 0) + num
    out = []
    for den, num in groups.items():
        num = sp.expand(num)
        if den == 1:
            out.append(num)
            continue
        whole = sp.cancel(num / den)  # a constant when the numerator is a multiple of den
        out.append(whole if whole.is_Rational else num / den)
    return sp.Add(*out)


def mha(Q, K, V, h: int, W_O=None, mask=None) -> Heads:
    """Multi-head attention with h heads (every head has its own K and V)."""
    return gqa(Q, K, V, h, h, W_O, mask)


def _check_heads(Q, K, V, n_q, n_kv):
    if n_q < 1 or n_kv < 1 or n_q % n_kv:
        raise SymattnError(f"{n_q} query heads cannot share {n_kv} key/value heads: n_kv must divide n_q",
                           entry="options")
    if Q.cols % n_q:
        raise SymattnError(f"Q has width {Q.cols}, which does not split into {n_q} heads", entry="Q")
    d_h = Q.cols // n_q
    if K.cols != n_kv * d_h:
        raise SymattnError(f"K has width {K.cols} but {n_kv} key heads of width {d_h} need {n_kv * d_h}",
                           entry="K")
    if V.cols % n_kv:
        raise SymattnError(f"V has width {V.cols}, which does not split into {n_kv} value heads", entry="V")
    if not (Q.rows == K.rows == V.rows):
        raise SymattnError(f"Q, K, V have {Q.rows}, {K.rows}, {V.rows} rows; they need one per token",
                           entry="K")


def gqa_minus_mha(n_q: int, n_kv: int, L: int = 2, d_h: int = 1, repeat=None) -> sp.ImmutableMatrix:
    """GQA(Q, K, V) - MHA(Q, K R, V R) for fully symbolic Q, K, V: exactly zero.

    ``repeat`` replaces R (to show that a wrong repetition is caught).

    >>> gqa_minus_mha(2, 1)
    Matrix([
    [0, 0],
    [0, 0]])
    """
    grouped, repeated = _symbolic_pair(n_q, n_kv, L, d_h, repeat)
    return sp.ImmutableMatrix((grouped - repeated).applyfunc(sp.expand))


def _symbolic_pair(n_q, n_kv, L, d_h, repeat=None):
    """(GQA(Q, K, V), MHA(Q, K R, V R)) for fully symbolic Q, K, V."""
    Q = sp.ImmutableMatrix(L, n_q * d_h, lambda i, j: sp.Symbol(f"q_{{{index(i, j)}}}", real=True))
    K = sp.ImmutableMatrix(L, n_kv * d_h, lambda i, j: sp.Symbol(f"k_{{{index(i, j)}}}", real=True))
    V = sp.ImmutableMatrix(L, n_kv * d_h, lambda i, j: sp.Symbol(f"v_{{{index(i, j)}}}", real=True))
    R = repeat_matrix(n_q, n_kv, d_h) if repeat is None else repeat
    return gqa(Q, K, V, n_q, n_kv).concat, mha(Q, matmul(K, R), matmul(V, R), n_q).concat


_L, _nq, _nkv, _dh, _b, _layers = sp.symbols("L n_q n_kv d_h b N_layers", positive=True, integer=True)


def kv_cache_bytes(n_heads) -> sp.Expr:
    """K and V for every layer, position and key/value head: 2 · N_layers · L · n · d_h · b bytes."""
    return 2 * _layers * _L * n_heads * _dh * _b


def kv_cache_ratio() -> sp.Expr:
    """KV cache of GQA over that of MHA, as an exact formula.

    >>> kv_cache_ratio()
    n_kv/n_q
    """
    return sp.cancel(kv_cache_bytes(_nkv) / kv_cache_bytes(_nq))


# --- spec handling ----------------------------------------------------------------------------

def _int_option(spec, key, default=None) -> int:
    v = spec.option(key, default)
    if v is None:
        raise SymattnError("missing: give the number of heads in [options]", entry=f"options.{key}")
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 64:
        raise SymattnError("must be a whole number from 1 to 64", entry=f"options.{key}")
    return v


def _shape(m) -> str:
    return f"{m.rows}x{m.cols}"  # for error messages, which are plain text


def _dims(m) -> nodes.Dims:
    return nodes.Dims(*m.shape)


def _product(a, b, c) -> Math:
    """The shapes of a product: (a)(b) = c."""
    return math(nodes.Dims(*a.shape, *b.shape), " = ", _dims(c))


def _given(step_id, value, name, spec) -> Step:
    return given(step_id, value, name, Text(f"给定的 ${name}$", f"Given ${name}$"), spec)


def _inputs(spec):
    """Q, K, V given or projected from X, each with its step; V must be numeric here."""
    L = len(spec.tokens)
    steps, out = [], {}
    if spec.X is not None:
        check_rows(spec.X, "X", L)
        steps.append(_given("input", spec.X, "X", spec))
    for name, step_id in (("Q", "queries"), ("K", "keys"), ("V", "values")):
        value, W = getattr(spec, name), getattr(spec, f"W_{name}")
        if value is not None and W is not None:
            raise SymattnError(f"give either {name} or W_{name}, not both", entry=name)
        if value is not None:
            check_rows(value, name, L)
            steps.append(_given(step_id, value, name, spec))
            out[name] = value
            continue
        if W is None or spec.X is None:
            raise SymattnError(f"missing {name}: heads need {name} (or X and W_{name}) with numbers", entry=name)
        if W.rows != spec.X.cols:
            raise SymattnError(f"X is {_shape(spec.X)} but W_{name} is {W.rows}x{W.cols}", entry=f"W_{name}")
        value = matmul(spec.X, W)
        X, Ws = sp.MatrixSymbol("X", *spec.X.shape), sp.MatrixSymbol(f"W_{name}", *W.shape)
        steps.append(Step(
            id=step_id, title=Text(f"投影 ${name} = X W_{name}$", f"Projection ${name} = X W_{name}$"),
            lhs=sp.MatrixSymbol(name, *value.shape), formula=X * Ws,
            substituted=sp.MatMul(spec.X, W, evaluate=False),
            expanded=(nodes.Named(f"{name.lower()}_{{11}}"), nodes.Dot(*zip(spec.X.row(0), W.col(0))), value[0, 0]),
            exact=value, numeric=evaluate(value, spec.digits), row_labels=spec.tokens,
            notes=(Text(Markup.parse("维度：${}$", _product(spec.X, W, value)),
                        Markup.parse("Shape: ${}$", _product(spec.X, W, value))),)))
        out[name] = value
    for name, m in out.items():
        if m.free_symbols:
            raise SymattnError(f"{name} must be numeric for the head-by-head derivation", entry=name)
    return out["Q"], out["K"], out["V"], steps


# --- steps --------------------------------------------------------------------------------------

def _head_steps(head: Head, n_q: int, n_kv: int, tokens, digits) -> list[Step]:
    i, g = head.q + 1, head.kv + 1
    L, d_h = head.Q.rows, head.Q.cols
    kname = f"K_{{{g}}}" if n_kv != n_q else f"K_{{{i}}}"
    vname = f"V_{{{g}}}" if n_kv != n_q else f"V_{{{i}}}"
    Qs = sp.MatrixSymbol(f"Q_{{{i}}}", L, d_h)
    Ks = sp.MatrixSymbol(kname, L, d_h)
    Vs = sp.MatrixSymbol(vname, *head.V.shape)
    cols = lambda k, w: f"{k * w + 1}" if w == 1 else f"{k * w + 1}–{(k + 1) * w}"
    share = (Text(f"第 {i} 个查询头使用第 {g} 个 K/V 头。", f"Query head {i} reads K/V head {g}.")
             if n_kv != n_q else None)
    row0 = head.rows[0]
    chain = [nodes.Named("a^{(%d)}_{11}" % i), nodes.ExpRatio(head.scaled[0, 0], tuple(head.scaled.row(0)))]
    if row0.shift != 0:
        chain.append(nodes.ExpRatio(row0.exponents[0], row0.exponents))
    chain.append(head.A[0, 0])
    each, root = _dims(head.Q), sp.Pow(d_h, sp.S.Half, evaluate=False)
    scores = math(nodes.Dims(*head.Q.shape, d_h, L), " = ", nodes.Dims(L, L))
    w_notes = [Text(Markup.parse(f"$Q_{{{i}}}$ 取 $Q$ 的第 {cols(head.q, d_h)} 列，${kname}$ 取 $K$ 的第 "
                                 f"{cols(head.kv, d_h)} 列：各为 ${{}}$；$d_h = {d_h}$，所以除以 ${{}}$。", each, root),
                    Markup.parse(f"$Q_{{{i}}}$ is columns {cols(head.q, d_h)} of $Q$ and ${kname}$ columns "
                                 f"{cols(head.kv, d_h)} of $K$, each ${{}}$; $d_h = {d_h}$, so the scale is ${{}}$.",
                                 each, root)),
               Text(Markup.parse("打分维度：${}$", scores), Markup.parse("Shape of the scores: ${}$", scores))]
    if share:
        w_notes.insert(0, share)
    d_sym = sp.Symbol("d_h")
    weights = Step(
        id=f"head{i}_weights", title=Text(f"第 {i} 个头：注意力权重 $A_{{{i}}}$", f"Head {i}: attention weights $A_{{{i}}}$"),
        lhs=sp.MatrixSymbol(f"A_{{{i}}}", L, L), formula=nodes.RowSoftmax(nodes.ScaledBy(Qs * Ks.T, d_sym)),
        substituted=nodes.RowSoftmax(nodes.ScaledBy(sp.MatMul(head.Q, head.K.T, evaluate=False), d_h)),
        expanded=tuple(chain), exact=head.A, numeric=evaluate(head.A, digits), row_labels=tokens,
        col_labels=tokens, notes=tuple(w_notes))
    shape = math(nodes.Dims(L, L, *head.V.shape), " = ", _dims(head.O))
    output = Step(
        id=f"head{i}_output", title=Text(f"第 {i} 个头：输出 $O_{{{i}}} = A_{{{i}}} {vname}$",
                                         f"Head {i}: output $O_{{{i}}} = A_{{{i}}} {vname}$"),
        lhs=sp.MatrixSymbol(f"O_{{{i}}}", *head.O.shape), formula=sp.MatrixSymbol(f"A_{{{i}}}", L, L) * Vs,
        substituted=sp.MatMul(head.A, head.V, evaluate=False),
        expanded=(nodes.Named("o^{(%d)}_{11}" % i), nodes.Dot(*zip(head.A.row(0), head.V.col(0))), head.O[0, 0]),
        exact=head.O, numeric=evaluate(head.O, digits), row_labels=tokens,
        notes=(Text(Markup.parse(f"${vname}$ 取 $V$ 的第 {cols(head.kv, head.V.cols)} 列；维度：${{}}$", shape),
                    Markup.parse(f"${vname}$ is columns {cols(head.kv, head.V.cols)} of $V$; shape: ${{}}$", shape)),))
    return [weights, output]


def _concat_steps(res: Heads, W_O, tokens, digits) -> list[Step]:
    n = len(res.heads)
    L = res.concat.rows
    blocks = [sp.MatrixSymbol(f"O_{{{h.q + 1}}}", *h.O.shape) for h in res.heads]
    w = res.heads[0].O.cols
    j = min(w, res.concat.cols - 1)  # first column of head 2, if there is one
    steps = [Step(
        id="concat", title=Text("拼接各头的输出", "Concatenate the heads"), lhs=sp.MatrixSymbol("O", *res.concat.shape),
        formula=sp.BlockMatrix([blocks]), substituted=sp.BlockMatrix([[h.O for h in res.heads]]),
        expanded=(nodes.Named("o_{%s}" % index(0, j)), nodes.Named("o^{(%d)}_{11}" % (j // w + 1)), res.concat[0, j]),
        exact=res.concat, numeric=evaluate(res.concat, digits), row_labels=tokens,
        notes=(Text(Markup.format(f"{n} 个 {{}} 的输出并排放在一起：{{}}。", nodes.Dims(L, w), _dims(res.concat)),
                    Markup.format(f"{n} outputs of shape {{}} side by side: {{}}.", nodes.Dims(L, w),
                                  _dims(res.concat))),))]
    if W_O is not None:
        Y = res.output
        steps.append(Step(
            id="output", title=Text("输出投影 $Y = O W_O$", "Output projection $Y = O W_O$"),
            lhs=sp.MatrixSymbol("Y", *Y.shape),
            formula=sp.MatrixSymbol("O", *res.concat.shape) * sp.MatrixSymbol("W_O", *W_O.shape),
            substituted=sp.MatMul(res.concat, W_O, evaluate=False),
            expanded=(nodes.Named("y_{11}"), nodes.Dot(*zip(res.concat.row(0), W_O.col(0))), Y[0, 0]),
            exact=Y, numeric=evaluate(Y, digits), row_labels=tokens,
            notes=(Text(Markup.parse("维度：${}$；$W_O$ 把各头的信息混合起来。", _product(res.concat, W_O, Y)),
                        Markup.parse("Shape: ${}$; $W_O$ mixes the heads.", _product(res.concat, W_O, Y))),)))
    return steps


def derive_mha(spec) -> Derivation:
    """Multi-head attention: ``[options] heads = h`` and optionally ``W_O``.

    >>> from symattn.spec import parse_spec
    >>> s = parse_spec('topic = "mha"\\ntokens = ["a", "b"]\\nQ = [[1, 0], [0, 1]]\\nK = [[1, 0], [0, 1]]\\n'
    ...                'V = [[1, 2], [3, 4]]\\n[options]\\nheads = 2')
    >>> derive_mha(s).step("head1_weights").exact
    Matrix([
    [E/(1 + E), 1/(1 + E)],
    [      1/2,       1/2]])
    """
    Q, K, V, steps = _inputs(spec)
    h = _int_option(spec, "heads")
    W_O = option_matrix(spec, "W_O", numbers=False)
    res = mha(Q, K, V, h, W_O)
    tokens, digits = spec.tokens, spec.digits
    d_h = Q.cols // h
    dims = sp.ImmutableMatrix([[Q.cols, h, d_h]])
    steps.append(Step(
        id="split", title=Text("把 $d$ 分成 $h$ 个头", "Split $d$ into $h$ heads"),
        lhs=nodes.Named(r"\begin{bmatrix} d & h & d_h \end{bmatrix}", "dims"),
        formula=nodes.HeadSplit(), substituted=None,
        expanded=(nodes.Named("d_h"), nodes.Named(f"{Q.cols} / {h}"), sp.Integer(d_h)),
        exact=dims, numeric=evaluate(dims, digits),
        notes=tuple(Text(f"第 {k + 1} 个头：$Q$、$K$ 的第 {k * d_h + 1}–{(k + 1) * d_h} 列，"
                         f"$V$ 的第 {k * (V.cols // h) + 1}–{(k + 1) * (V.cols // h)} 列。",
                         f"Head {k + 1}: columns {k * d_h + 1}–{(k + 1) * d_h} of $Q$ and $K$, columns "
                         f"{k * (V.cols // h) + 1}–{(k + 1) * (V.cols // h)} of $V$.") for k in range(h))))
    for head in res.heads:
        steps += _head_steps(head, h, h, tokens, digits)
    steps += _concat_steps(res, W_O, tokens, digits)
    title = spec.heading(f"多头注意力（{h} 个头）：" + " ".join(map(literal, tokens)),
                         f"Multi-head attention ({h} heads): " + " ".join(map(literal, tokens)))
    root = nodes.Root(nodes.Sub("d", "h"))
    intro = (Text(Markup.parse(f"把 $d = {Q.cols}$ 分成 $h = {h}$ 个头，每个头宽 $d_h = {d_h}$，各自做一次缩放点积注意力"
                               "（缩放用 ${}$），再拼接并乘以 $W_O$。", root),
                  Markup.parse(f"Split $d = {Q.cols}$ into $h = {h}$ heads of width $d_h = {d_h}$; each head runs "
                               "scaled dot-product attention (scaled by ${}$); then concatenate and multiply by $W_O$.",
                               root)),)
    return Derivation(topic="mha", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, outro=_mha_outro(Q, K, res, h, tokens, digits),
                      meta=(("heads", h), ("d_h", d_h)), sources=MHA_SOURCES)


def mha_costs():
    """Parameters and score work of h heads of width d/h against one head of width d.

    >>> c = mha_costs(); c["params"], c["work"]
    (4*d**2, L**2*d)
    """
    d, h, L = sp.symbols("d h L", positive=True)
    return {"d": d, "h": h, "L": L, "params": sp.expand(h * 3 * d * (d / h) + d * d),
            "work": sp.expand(h * L * L * (d / h))}


def _mha_outro(Q, K, res, h, tokens, digits) -> tuple:
    """Per-head projections, why several heads (each its own softmax, shown on row 1), and the cost."""
    from ..pipeline import softmax_rows
    from ._biased import decimals
    c = mha_costs()
    d, hs, L = c["d"], c["h"], c["L"]
    width = Q.cols
    one = softmax_rows(sp.ImmutableMatrix(Q.rows, Q.rows, lambda i, j: sp.Rational(
        sum(Q[i, k] * K[j, k] for k in range(width))) / sp.sqrt(width)))[0].weights()
    blocks = nodes.Named(r"\begin{bmatrix} W_{Q}^{(1)} & \cdots & W_{Q}^{(h)} \end{bmatrix}",
                         "[W_Q^(1) … W_Q^(h)]")
    rows = [decimals(sp.ImmutableMatrix([list(head.A.row(0))]), digits) for head in res.heads]
    per = [math(nodes.Named(r"a^{(%d)}_{1}" % (k + 1), f"a^({k + 1})_1"), " = ", r) for k, r in enumerate(rows)]
    listed_zh = Markup.of(*[x for k, r in enumerate(per) for x in (("，" if k else ""), r)])
    listed_en = Markup.of(*[x for k, r in enumerate(per) for x in ((", " if k else ""), r)])
    single = decimals(sp.ImmutableMatrix([list(one)]), digits)
    return (
        Text(Markup.format("每个头有自己的投影 {}、{}、{}（{} × {}）。把 {} 按列切成 {} 块就是它们："
                           "{}，第 {} 个头的 {} 正是 {} 的第 {} 个列块，所以这里直接切分给定的 {}、{}。",
                           nodes.Named(r"W_{Q}^{(i)}"), nodes.Named(r"W_{K}^{(i)}"), nodes.Named(r"W_{V}^{(i)}"),
                           sp.Symbol("d_model"), sp.Symbol("d_h"), sp.MatrixSymbol("W_Q", 1, 1), hs,
                           math(sp.MatrixSymbol("W_Q", 1, 1), " = ", blocks), sp.Symbol("i"),
                           math(sp.MatrixSymbol("Q_i", 1, 1), " = ", sp.MatrixSymbol("X", 1, 1),
                                nodes.Named(r"W_{Q}^{(i)}")), sp.MatrixSymbol("Q", 1, 1), sp.Symbol("i"),
                           sp.MatrixSymbol("Q", 1, 1), sp.MatrixSymbol("K", 1, 1)),
             Markup.format("Each head has its own projections {}, {} and {} ({} × {}). Cutting {} into {} column "
                           "blocks gives them: {}, and head {}'s {} is exactly column block {} of {}, which is why "
                           "the given {} and {} are simply split here.",
                           nodes.Named(r"W_{Q}^{(i)}"), nodes.Named(r"W_{K}^{(i)}"), nodes.Named(r"W_{V}^{(i)}"),
                           sp.Symbol("d_model"), sp.Symbol("d_h"), sp.MatrixSymbol("W_Q", 1, 1), hs,
                           math(sp.MatrixSymbol("W_Q", 1, 1), " = ", blocks), sp.Symbol("i"),
                           math(sp.MatrixSymbol("Q_i", 1, 1), " = ", sp.MatrixSymbol("X", 1, 1),
                                nodes.Named(r"W_{Q}^{(i)}")), sp.Symbol("i"), sp.MatrixSymbol("Q", 1, 1),
                           sp.MatrixSymbol("Q", 1, 1), sp.MatrixSymbol("K", 1, 1))),
        Text(Markup.of("为什么要多个头：每个头有自己的 softmax，可以同时看不同的位置；单个头只能给出一个加权平均。"
                       f"本例中 {tokens[0]} 在各头的权重是 ", listed_zh, "；只用一个宽 ", math(width), " 的头则是 ",
                       math(single), "：一个分布，而不是 ", math(h), " 个。"),
             Markup.of("Why several heads: each head has its own softmax, so the heads can look at different "
                       "positions at once, where one head gives one weighted average. Here "
                       f"{tokens[0]} spreads its weight as ", listed_en, " in the heads; one head of width ",
                       math(width), " gives ", math(single), ": one distribution instead of ", math(h), ".")),
        Text(Markup.format("代价相同：{} 个宽 {} 的头，参数 {}（{}、{}、{} 再加 {}，不计偏置），打分的计算量 {}，"
                           "都与一个宽 {} 的头相同；这里 {} 时参数是 {}。",
                           hs, d / hs, math(nodes.Named(r"h \cdot 3 d \cdot \frac{d}{h} + d^{2}", "h·3d·d/h + d²"),
                                            " = ", c["params"]),
                           sp.MatrixSymbol("W_Q", 1, 1), sp.MatrixSymbol("W_K", 1, 1), sp.MatrixSymbol("W_V", 1, 1),
                           sp.MatrixSymbol("W_O", 1, 1),
                           math(nodes.Named(r"h \cdot L^{2} \cdot \frac{d}{h}", "h·L²·d/h"), " = ", c["work"]), d,
                           math(d, " = ", width), c["params"].subs(d, width)),
             Markup.format("The same cost: {} heads of width {} have {} parameters ({}, {}, {} and then {}, no "
                           "biases) and score work {}, the same as one head of width {}; here, with {}, that is {} "
                           "parameters.",
                           hs, d / hs, math(nodes.Named(r"h \cdot 3 d \cdot \frac{d}{h} + d^{2}", "h·3d·d/h + d²"),
                                            " = ", c["params"]),
                           sp.MatrixSymbol("W_Q", 1, 1), sp.MatrixSymbol("W_K", 1, 1), sp.MatrixSymbol("W_V", 1, 1),
                           sp.MatrixSymbol("W_O", 1, 1),
                           math(nodes.Named(r"h \cdot L^{2} \cdot \frac{d}{h}", "h·L²·d/h"), " = ", c["work"]), d,
                           math(d, " = ", width), c["params"].subs(d, width))),
    )


def derive_gqa(spec) -> Derivation:
    """Grouped-query attention: ``[options] query_heads``, ``kv_heads`` and optionally ``W_O``."""
    Q, K, V, steps = _inputs(spec)
    n_q, n_kv = _int_option(spec, "query_heads"), _int_option(spec, "kv_heads")
    W_O = option_matrix(spec, "W_O", numbers=False)
    res = gqa(Q, K, V, n_q, n_kv, W_O)
    tokens, digits = spec.tokens, spec.digits
    d_h, d_v = Q.cols // n_q, V.cols // n_kv

    G = sp.ImmutableMatrix(n_q, n_kv, lambda i, j: int(kv_group(i, n_q, n_kv) == j))
    groups = [[i + 1 for i in range(n_q) if kv_group(i, n_q, n_kv) == j] for j in range(n_kv)]
    steps.append(Step(
        id="sharing", title=Text("哪些查询头共享同一个 K/V 头", "Which query heads share a K/V head"),
        lhs=sp.MatrixSymbol("G", n_q, n_kv),
        formula=nodes.KvGroups(),
        substituted=None,
        expanded=(nodes.Named(r"g(%d)" % n_q), nodes.Named(r"\lceil %d \cdot %d / %d \rceil" % (n_q, n_kv, n_q)),
                  sp.Integer(kv_group(n_q - 1, n_q, n_kv) + 1)),
        exact=G, numeric=evaluate(G, digits),
        row_labels=tuple(f"Q{i + 1}" for i in range(n_q)), col_labels=tuple(f"KV{j + 1}" for j in range(n_kv)),
        notes=tuple(Text(f"K/V 头 {j + 1} 被查询头 {'、'.join(map(str, g))} 共享。",
                         f"K/V head {j + 1} is shared by query heads {', '.join(map(str, g))}.")
                    for j, g in enumerate(groups)) + (
            Text(f"$n_q = {n_q}$，$n_{{kv}} = {n_kv}$，每组 $n_q / n_{{kv}} = {n_q // n_kv}$ 个查询头；"
                 f"$n_{{kv}} = n_q$ 是 MHA，$n_{{kv}} = 1$ 是 MQA。",
                 f"$n_q = {n_q}$, $n_{{kv}} = {n_kv}$: groups of $n_q / n_{{kv}} = {n_q // n_kv}$ query heads; "
                 f"$n_{{kv}} = n_q$ is MHA and $n_{{kv}} = 1$ is MQA."),)))

    R = repeat_matrix(n_q, n_kv, d_h)
    Krep = matmul(K, R)
    steps.append(Step(
        id="repeated_keys", title=Text("重复的键 $K R$（与 MHA 对照用）", "Repeated keys $K R$ (to compare with MHA)"),
        lhs=nodes.Named(r"K_{\text{rep}}", "K_rep"), formula=sp.MatrixSymbol("K", *K.shape) * sp.MatrixSymbol("R", *R.shape),
        substituted=sp.MatMul(K, R, evaluate=False),
        expanded=(), exact=Krep, numeric=evaluate(Krep, digits), row_labels=tokens,
        notes=(Text(Markup.parse(f"$R$ 是 ${{}}$ 的 0/1 矩阵，把每个 K/V 头复制给它的 {n_q // n_kv} 个查询头："
                                 "${}$，与 $Q$ 同宽。", _dims(R), _product(K, R, Krep)),
                    Markup.parse(f"$R$ is a ${{}}$ 0/1 matrix that copies each K/V head to its {n_q // n_kv} "
                                 "query heads: ${}$, as wide as $Q$.", _dims(R), _product(K, R, Krep))),)))

    for head in res.heads:
        steps += _head_steps(head, n_q, n_kv, tokens, digits)
    steps += _concat_steps(res, W_O, tokens, digits)

    # The identity GQA = MHA with repeated K/V, for symbolic entries (L = 2, d_h = 1 keeps it small).
    grouped, repeated = _symbolic_pair(n_q, n_kv, 2, 1)
    diff = sp.ImmutableMatrix((grouped - repeated).applyfunc(sp.expand))
    sizes = (nodes.Dims(2, n_q), nodes.Dims(2, n_kv))
    numeric_diff = sp.ImmutableMatrix(res.concat - mha(Q, Krep, matmul(V, repeat_matrix(n_q, n_kv, d_v)), n_q).concat)
    steps.append(Step(
        id="gqa_equals_mha", title=Text("核对：GQA = 重复 K/V 的 MHA", "Check: GQA = MHA with repeated K/V"),
        lhs=nodes.Named(r"\Delta", "Delta"),
        formula=nodes.GqaIdentity(),
        substituted=None,
        expanded=(nodes.Named(r"\Delta_{11}"), nodes.Named(r"o^{\mathrm{GQA}}_{11} - o^{\mathrm{MHA}}_{11}"),
                  nodes.Shifted(grouped[0, 0], repeated[0, 0]), diff[0, 0]),
        exact=diff, numeric=evaluate(diff, digits),
        notes=(Text("按定义这就成立：每个查询头读的正是它那一组的 K/V 头，重复只是把同一份 K/V 抄给组里每个头。"
                    "下面只是核对，不是新的定理。",
                    "This holds by construction: each query head reads its group's K/V head, and repeating only "
                    "copies that one K/V to every head of the group. What follows is a check, not a new theorem."),
               Text(Markup.parse(f"这里取 $L = 2$ 个词、头宽 $d_h = 1$、$n_q = {n_q}$ 个查询头、$n_{{kv}} = {n_kv}$ 个 K/V 头："
                                 "$Q$ 是 ${}$、$K$ 与 $V$ 是 ${}$ 的全符号矩阵（每个元素一个符号），"
                                 "两边逐项展开后差恰好为 $0$：对任意实数都成立。", *sizes),
                    Markup.parse(f"Here $L = 2$ tokens, head width $d_h = 1$, $n_q = {n_q}$ query heads and "
                                 f"$n_{{kv}} = {n_kv}$ K/V heads: $Q$ is ${{}}$ and $K$, $V$ are ${{}}$, fully "
                                 "symbolic (one symbol per entry); after expansion the difference is exactly $0$, "
                                 "for every real value.", *sizes)),
               Text("上面的具体数值也一样：" + ("差矩阵恰好为 $0$。" if numeric_diff.is_zero_matrix else "差矩阵不为 $0$！"),
                    "The same holds for the numbers above: " + ("the difference is exactly $0$."
                                                                if numeric_diff.is_zero_matrix else
                                                                "the difference is NOT zero!")))))

    ratio = kv_cache_ratio()
    mqa, gqa64 = ratio.subs(_nkv, 1), ratio.subs({_nq: 64, _nkv: 8})
    value = ratio.subs({_nq: n_q, _nkv: n_kv})
    C = sp.ImmutableMatrix([[value]])
    steps.append(Step(
        id="kv_cache", title=Text("KV 缓存的内存比", "KV-cache memory ratio"), lhs=nodes.Named("r", "r"),
        formula=nodes.KvCacheRatio(),
        substituted=None,
        expanded=(nodes.Named("r"), ratio, nodes.Named(r"\frac{%d}{%d}" % (n_kv, n_q)), value),
        exact=C, numeric=evaluate(C, digits),
        notes=(Text("推理时每层、每个位置要缓存每个 K/V 头的 $k$ 和 $v$（各 $d_h$ 个数，每个 $b$ 字节）。"
                    "查询头不进缓存，所以比值只取决于 $n_{kv} / n_q$。",
                    "At inference every layer caches $k$ and $v$ ($d_h$ numbers each, $b$ bytes per number) for "
                    "every position and K/V head. Query heads are not cached, so the ratio is just "
                    "$n_{kv} / n_q$."),
               Text(Markup.parse("MQA（$n_{kv} = 1$）的比值是 ${}$；GQA 取 $n_q = 64$、$n_{kv} = 8$ 时为 ${}$。", mqa, gqa64),
                    Markup.parse("MQA ($n_{kv} = 1$) gives ${}$; GQA with $n_q = 64$ and $n_{kv} = 8$ gives ${}$.",
                                 mqa, gqa64)))))

    if n_kv == 1:
        name = Text(f"多查询注意力 MQA（{n_q} 个查询头共享 1 个 K/V 头）",
                    f"Multi-query attention, MQA ({n_q} query heads, 1 K/V head)")
    else:
        name = Text(f"分组查询注意力 GQA（{n_q} 个查询头，{n_kv} 个 K/V 头）",
                    f"Grouped-query attention, GQA ({n_q} query heads, {n_kv} K/V heads)")
    title = spec.heading(name.zh + "：" + " ".join(map(literal, tokens)),
                         name.en + ": " + " ".join(map(literal, tokens)))
    intro = (Text(f"$Q$ 有 $n_q = {n_q}$ 个头，$K$、$V$ 只有 $n_{{kv}} = {n_kv}$ 个头（宽 $d_h = {d_h}$）。"
                  "每组查询头共用一个 K/V 头；KV 缓存随之变小。",
                  f"$Q$ has $n_q = {n_q}$ heads but $K$ and $V$ only $n_{{kv}} = {n_kv}$ (width $d_h = {d_h}$). "
                  "Each group of query heads shares one K/V head, and the KV cache shrinks with it."),)
    return Derivation(topic="gqa", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro,
                      meta=(("query_heads", n_q), ("kv_heads", n_kv), ("d_h", d_h), ("kv_cache_ratio", value)),
                      sources=GQA_SOURCES)
