"""Sliding-window attention (Longformer, Mistral): each query sees only its w nearest keys.

    M_ij = 0 if i - w < j <= i, else -oo       causal window of width w (itself and w - 1 before)
    M_ij = 0 if |i - j| < w, else -oo          two-sided (causal = false): w - 1 on each side
    A = softmax(S~ + M),  O = A V

A hidden key gets weight exactly 0 (e^{-oo} = 0), so a row's visible weights are the causal ones
renormalised over the window.  The score work grows with L w d instead of L^2 d, and the KV cache
holds w positions instead of L.
"""

from __future__ import annotations

import sympy as sp

from ..errors import SymattnError
from ..escape import literal
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import NEG_INF, Resolved, intro, masked_softmax_rows, meta, score_steps, weights_step as plain_weights
from ._biased import Approx, Word, added_step, attend, decimals, output_step, weights_step
from ._display import BigO, Equals, row, say
from ..sources import cite

__all__ = ["window_mask", "window_attention", "kept_pairs", "derive_sliding_window"]

#: the primary sources the document ends with
SOURCES = (cite("beltagy2020", "3.1"), cite("jiang2023", "2"),
           cite("xiao2023", "3", ("注意力汇点与滚动 KV cache", "attention sinks and the rolling KV cache")))


def window_mask(L: int, w: int, causal: bool = True) -> sp.ImmutableMatrix:
    """The additive mask of a window of width w: 0 where key j is visible from query i, else -oo.

    >>> window_mask(4, 2)
    Matrix([
    [  0, -oo, -oo, -oo],
    [  0,   0, -oo, -oo],
    [-oo,   0,   0, -oo],
    [-oo, -oo,   0,   0]])
    >>> window_mask(3, 2, causal=False)
    Matrix([
    [  0, 0, -oo],
    [  0, 0,   0],
    [-oo, 0,   0]])
    """
    def seen(i, j):
        return 0 <= i - j < w if causal else abs(i - j) < w
    return sp.ImmutableMatrix(L, L, lambda i, j: sp.S.Zero if seen(int(i), int(j)) else NEG_INF)


def sink_mask(L: int, w: int, sinks: int = 1) -> sp.ImmutableMatrix:
    """A causal window of width w that always keeps the first ``sinks`` tokens visible (attention sinks:
    StreamingLLM keeps them in its rolling cache; a Longformer global token is also seen by every query).

    >>> sink_mask(4, 2)
    Matrix([
    [0, -oo, -oo, -oo],
    [0,   0, -oo, -oo],
    [0,   0,   0, -oo],
    [0, -oo,   0,   0]])
    """
    M = window_mask(L, w)
    return sp.ImmutableMatrix(L, L, lambda i, j: sp.S.Zero if int(j) < sinks and int(j) <= int(i) else M[i, j])


def window_attention(Q, K, V, w: int, causal: bool = True, d_k=None):
    """Exact (A, O) of softmax(Q K^T / sqrt(d_k) + M) V with the window mask M."""
    _, A, O = attend(Q, K, V, window_mask(Q.rows, w, causal), d_k)
    return A, O


def kept_pairs(L, w):
    """(query, key) pairs a causal window of width w <= L keeps: sum_i min(i, w) = w L - w(w-1)/2.

    >>> kept_pairs(4, 2), kept_pairs(sp.Symbol("L"), sp.Symbol("w"))
    (7, L*w - w*(w - 1)/2)
    """
    return w * L - w * (w - 1) / sp.Integer(2) if isinstance(L, sp.Basic) else w * L - w * (w - 1) // 2


# --- the derivation -----------------------------------------------------------------------

def _options(spec) -> tuple[int, bool]:
    w = spec.option("window")
    if w is None:
        raise SymattnError("the sliding_window topic needs the window width: window = W (a whole number >= 1)",
                           entry="options.window")
    if isinstance(w, bool) or not isinstance(w, int) or w < 1:
        raise SymattnError("must be a whole number >= 1", entry="options.window")
    causal = spec.option("causal", True)
    if not isinstance(causal, bool):
        raise SymattnError("must be true or false", entry="options.causal")
    return w, causal


def _rule(w: int, causal: bool) -> sp.Piecewise:
    i, j = sp.symbols("i j", integer=True, positive=True)
    seen = sp.And(i - w < j, j <= i) if causal else sp.Abs(i - j) < w
    return sp.Piecewise((0, seen), (NEG_INF, True))


def _mask_step(L, w, causal, tokens, digits) -> tuple[Step, sp.ImmutableMatrix]:
    M = window_mask(L, w, causal)
    i, j = sp.symbols("i j", integer=True, positive=True)
    Ms = sp.MatrixSymbol("M", L, L)
    if causal:
        notes = [say("因果窗口，宽度 {}：第 {} 个词看到自己和前面至多 {} 个词，即 {}。",
                     "A causal window of width {}: token {} sees itself and at most {} earlier tokens, that is {}.",
                     w, i, w - 1, sp.And(i - w < j, j <= i))]
        kept, full = kept_pairs(L, w) if w <= L else L * (L + 1) // 2, L * (L + 1) // 2
    else:
        notes = [say("双向窗口：第 {} 个词看到两侧距离不超过 {} 的词，即 {}。",
                     "A two-sided window: token {} sees every key at distance at most {} on either side, that is {}.",
                     i, w - 1, sp.Abs(i - j) < w)]
        kept, full = sum(1 for a in range(L) for b in range(L) if M[a, b] == 0), L * L
    notes.append(say("保留 {} 个（查询，键）对，对比不加窗口时的 {} 个。",
                     "It keeps {} (query, key) pairs, against {} without the window.", kept, full))
    return Step(
        id="mask", title=say("窗口掩码 {}", "Window mask {}", Ms), lhs=Ms, formula=Ms, substituted=None,
        expanded=(sp.Symbol("m_ij"), _rule(w, causal)), exact=M, numeric=evaluate(M, digits),
        row_labels=tokens, col_labels=tokens, notes=tuple(notes)), M


def derive_sliding_window(spec) -> Derivation:
    """Sliding-window attention: the core steps up to S~, the window mask, S~ + M, softmax, A V.

    >>> from dataclasses import replace
    >>> from symattn.examples import article_spec
    >>> d = derive_sliding_window(replace(article_spec(), topic="sliding_window", options=(("window", 2),)))
    >>> d.step("weights").exact.row(2)[0]
    0
    """
    r = Resolved(spec)
    tokens, digits, L = r.tokens, spec.digits, len(r.tokens)
    w, causal = _options(spec)
    more, scaled = score_steps(r)
    steps = r.steps + more
    scaled_lhs = more[-1].lhs
    mask, M = _mask_step(L, w, causal, tokens, digits)
    steps.append(mask)
    hidden = [(a, b) for a in range(L) for b in range(L) if M[a, b] == NEG_INF]
    hi, hj = next(((a, b) for a, b in hidden if b < a), hidden[0] if hidden else (L - 1, 0))
    z, Z = added_step("masked_scores", say("加上窗口掩码 {}", "Masked scores {}", sp.MatrixSymbol("Z", L, L)),
                      scaled_lhs, "M", scaled, M, tokens, digits, hi, hj)
    steps.append(z)
    rows = masked_softmax_rows(scaled, M, tokens)
    A = sp.ImmutableMatrix([list(x.weights()) for x in rows])
    # write out an entry of the last row that mixes two keys or more
    i = max((a for a in range(L) if len(rows[a].visible) > 1), default=L - 1)
    steps.append(weights_step(rows, Z, "M", scaled_lhs, tokens, digits, i,
                              notes=_effect(scaled, rows, w, causal, tokens, digits)))
    steps.append(output_step(r, rows, A, digits))
    unbiased, _ = plain_weights(r, scaled)
    kind = ("因果", "causal") if causal else ("双向", "two-sided")
    title = spec.heading(f"滑动窗口注意力（{kind[0]}，宽度 {w}）：" + " ".join(map(literal, tokens)),
                         f"Sliding-window attention ({kind[1]}, width {w}): " + " ".join(map(literal, tokens)))
    lead = (say("每个查询只看窗口内的键：在缩放后的打分上加窗口掩码 {}（{} 或 {}），再按行 softmax。",
                "Each query sees only the keys in its window: add the window mask {} (entries {} or {}) to the "
                "scaled scores, then take the row softmax.", sp.MatrixSymbol("M", L, L), 0, NEG_INF),)
    outro = _outro(w, causal) + (_sinks(scaled, w, tokens, digits) if causal and w < L else ())
    return Derivation(topic="sliding_window", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro(r, unbiased) + lead, outro=outro,
                      meta=meta(r) + (("window", w), ("causal", causal)), sources=SOURCES)


def _effect(scaled, rows, w, causal, tokens, digits) -> tuple:
    """Against the causal mask (or none): the visible weights of a cut row are renormalised."""
    L = len(tokens)
    wide = sp.ImmutableMatrix(L, L, lambda a, b: NEG_INF if causal and b > a else sp.S.Zero)
    full = masked_softmax_rows(scaled, wide)
    cut = [a for a in range(L) if len(rows[a].visible) < len(full[a].visible)]
    if not cut:
        if causal:
            return (say("窗口宽度 {} 不小于序列长度，什么也没遮住：结果就是因果注意力。",
                        "The window width {} is no shorter than the sequence, so it hides nothing: the result is "
                        "causal attention.", w),)
        return (say("窗口宽度 {} 不小于序列长度，什么也没遮住：结果就是普通注意力。",
                    "The window width {} is no shorter than the sequence, so it hides nothing: the result is plain "
                    "attention.", w),)
    a = cut[-1]
    before, after = row(full[a].weights()), row(rows[a].weights())
    seen = rows[a].visible
    share = sp.Add(*[full[a].weights()[b] for b in seen])
    return (
        say("第 {} 行（{}）不加窗口时为 {}（保留 {} 位小数）。",
            "Row {} ({}) without the window: {} (to {} decimals).",
            a + 1, Word(tokens[a]), decimals(before, digits), digits),
        say("加窗口后为 {}。窗口外的键权重恰好为 {}；窗口内的权重是原权重除以它们的和 {}。",
            "With the window: {}. Keys outside the window get exactly {}; those inside are the old weights "
            "divided by their sum, {}.", decimals(after, digits), 0, Approx(share, decimals(share, digits))),
    )


def _sinks(scaled, w, tokens, digits) -> tuple:
    """The first token kept visible (a sink, or a global token), on the last row: pairs and weights."""
    L = len(tokens)
    M, S = window_mask(L, w), sink_mask(L, w)
    plain, sunk = masked_softmax_rows(scaled, M)[L - 1], masked_softmax_rows(scaled, S)[L - 1]
    pairs = [sum(1 for i in range(L) for j in range(L) if m[i, j] == 0) for m in (M, S)]
    first, last = Word(tokens[0]), Word(tokens[-1])
    return (
        say("全局词与汇点：Longformer 让少数全局词看全部词、也被全部词看到；StreamingLLM 发现最前面几个词总是吸走大量注意力"
            "（注意力汇点），所以滚动缓存里除了最近 {} 个位置，还一直保留它们。把第一个词 {} 当作汇点：保留的（查询，键）对从 {} "
            "变成 {}；最后一个词 {} 的权重从 {} 变成 {}。",
            "Global and sink tokens: Longformer lets a few global tokens see every token and be seen by all; "
            "StreamingLLM found that the first tokens draw much of the attention (attention sinks), so its rolling "
            "cache keeps them besides the last {} positions. With the first token {} as a sink, the kept (query, key) "
            "pairs go from {} to {}, and the last token {} moves from {} to {}.",
            w, first, pairs[0], pairs[1], last, decimals(row(plain.weights()), digits),
            decimals(row(sunk.weights()), digits)),)


def _outro(w: int, causal: bool) -> tuple:
    k, ws = sp.Symbol("k"), sp.Symbol("w")
    layers, width = 32, 4096  # Mistral 7B
    L = sp.Symbol("L")
    d = sp.Symbol("d")
    seen = ws if causal else 2 * ws - 1
    notes = [say("计算量：每个查询最多看 {} 个键，打分的计算量从 {} 降到 {}。",
                 "Cost: each query sees at most {} keys, so the score work goes from {} to {}.",
                 seen, BigO(L ** 2, d), BigO(L, seen, d))]
    if causal:
        notes.append(say("KV cache 从 {} 个位置降到只保留最近 {} 个（滚动缓冲区：位置 {} 写入第 {} 格）。",
                         "The KV cache goes from {} positions to the last {} only (a rolling buffer: position {} goes "
                         "to slot {}).", L, ws, sp.Symbol("i"), sp.Mod(sp.Symbol("i"), ws)))
        notes.append(say("层层叠加后看得更远：每层最多往前 {} 个位置，{} 层后可达 {}。Mistral 7B 论文的窗口 "
                         "{} 指每层往前 {} 个位置，{} 层可达 {} 个词。",
                         "Stacked layers see further: each layer reaches {} positions back, so {} layers reach {}. "
                         "Mistral 7B's window {} counts the positions back per layer ({} of them), so its {} layers "
                         "span {} tokens.",
                         ws - 1, k, k * (ws - 1), sp.Eq(sp.Symbol("W"), width), width, layers,
                         Equals(sp.Mul(layers, width, evaluate=False), layers * width)))
    return tuple(notes)
