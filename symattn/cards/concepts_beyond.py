"""Cards beyond the article's numbers: why sqrt(d_k), the max-shift, cost, masks,
heads and GQA/MQA, RoPE, the softmax Jacobian.  The math comes from
:mod:`symattn.cards.facts` (SymPy, computed now) and from the article's derivation.
"""

from __future__ import annotations

import sympy as sp

from ..model import Derivation, Text
from ..softmax import softmax_row
from . import facts as F
from ._tex import approx, example_name, sci, tex
from .model import Concept

__all__ = ["beyond_concepts", "decoding_concepts", "bias_concepts", "gradient_flow_concepts", "ON_THE_ARTICLE"]

#: cards whose numbers come from the built-in 我 爱 你 example, whatever deck they are in: a deck on
#: another example leaves them out (its English cards would name the article's Chinese tokens)
ON_THE_ARTICLE = frozenset({
    "kv-cache/what", "kv-cache/equals-causal", "kv-cache/example", "alibi/article", "online/start",
    "pe/why", "kv-cache/prefill-decode", "mha/why-heads",
})

MiB = 2 ** 20
GiB = 2 ** 30


def _row(values) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix([list(values)])


def beyond_concepts(d: Derivation) -> list[Concept]:
    """The cards beyond the pipeline; those on the example ``d`` say so (``example``)."""
    out: list[Concept] = []
    ex = example_name(d)

    def add(key, fz, fe, bz, be, *tags, example=False):
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags, example=example))

    St = d.step("scaled_scores").exact
    A = d.step("weights").exact
    dsym = sp.Symbol("d_k", positive=True)

    # --- why sqrt(d_k) ---------------------------------------------------------------
    v = F.dot_variance()
    var_k = v.standard.subs(F.d, dsym)
    add("scaling/variance",
        "设 $q, k$ 的各分量独立、均值 $0$、方差 $1$。点积 $q \\cdot k$ 的方差是多少？",
        "If the components of $q, k$ are independent with mean $0$ and variance $1$, what is the variance of $q \\cdot k$?",
        f"$$\\operatorname{{Var}}(q \\cdot k) = \\sum_{{i=1}}^{{d_k}} \\operatorname{{E}}[q_i^2]\\operatorname{{E}}[k_i^2] = {tex(var_k)}$$"
        f"一般地（均值 $\\mu$、方差 $\\sigma^2$）：$\\operatorname{{Var}} = {tex(v.variance.subs(F.d, dsym))}$。标准差随 $\\sqrt{{d_k}}$ 增长。",
        f"$$\\operatorname{{Var}}(q \\cdot k) = \\sum_{{i=1}}^{{d_k}} \\operatorname{{E}}[q_i^2]\\operatorname{{E}}[k_i^2] = {tex(var_k)}$$"
        f"In general (mean $\\mu$, variance $\\sigma^2$): $\\operatorname{{Var}} = {tex(v.variance.subs(F.d, dsym))}$. "
        "The standard deviation grows like $\\sqrt{d_k}$.", "theory")
    add("scaling/why",
        "为什么要除以 $\\sqrt{d_k}$，而不是 $d_k$？",
        "Why divide by $\\sqrt{d_k}$ and not by $d_k$?",
        f"$\\operatorname{{Var}}(q \\cdot k) = {tex(var_k)}$，所以 $\\operatorname{{Var}}\\left(\\frac{{q \\cdot k}}{{\\sqrt{{d_k}}}}\\right) = "
        f"{tex(v.scaled)}$：方差回到 ${tex(v.scaled)}$，与维度无关。除以 $d_k$ 会得到 "
        f"${tex(sp.cancel(var_k / dsym**2))}$，维度越大分数越小，softmax 趋于均匀。",
        f"$\\operatorname{{Var}}(q \\cdot k) = {tex(var_k)}$, so $\\operatorname{{Var}}\\left(\\frac{{q \\cdot k}}{{\\sqrt{{d_k}}}}\\right) = "
        f"{tex(v.scaled)}$ whatever the width. Dividing by $d_k$ would give ${tex(sp.cancel(var_k / dsym**2))}$: "
        "scores shrink with the width and softmax flattens towards uniform.", "theory")
    big = 768
    # Two scores of one query, each of variance d_k and uncorrelated: their gap has variance 2 d_k.
    from ..topics.theory import gap_moments
    cov, gap_var = gap_moments()
    assert cov == 0
    gap = sp.sqrt(gap_var.subs(sp.Symbol("d_k", integer=True, positive=True), big))
    gap_scaled = sp.sqrt(2 * v.scaled)
    s, p, dp = F.two_way_softmax()
    g_raw, g_scaled = dp.subs(s, gap), dp.subs(s, gap_scaled)
    add("scaling/saturation",
        f"$d_k = {big}$ 时不缩放，两个分数之差的典型大小是多少？只有两个词时，它对 softmax 的梯度有何影响？",
        f"With $d_k = {big}$ and no scaling, how large is the typical gap between two scores? With two tokens, "
        "what does it do to the softmax gradient?",
        f"同一个查询的两个分数各有方差 $d_k$，协方差为 ${tex(cov)}$（不相关，但共用 $q$，并不独立），差的方差是 $2 d_k$："
        f"标准差 $\\sqrt{{2 \\cdot {big}}} = {tex(gap)} \\approx {approx(gap, 2)}$。"
        f"两个词时 softmax 就是差 $s$ 的 sigmoid：$p = {tex(p)}$，$\\frac{{dp}}{{ds}} = p(1-p)$："
        f"$s \\approx {approx(gap, 2)}$ 时约 ${sci(g_raw)}$（饱和，梯度消失）；"
        f"缩放后差的标准差是 ${tex(gap_scaled)}$，此时约 ${approx(g_scaled)}$。词更多时同理：最大的分数领先越多，雅可比矩阵越接近 $0$。",
        f"Two scores of one query each have variance $d_k$ and covariance ${tex(cov)}$ (uncorrelated, though not "
        f"independent: they share $q$), so their gap has variance $2 d_k$: standard deviation "
        f"$\\sqrt{{2 \\cdot {big}}} = {tex(gap)} \\approx {approx(gap, 2)}$. With two tokens softmax is the sigmoid of "
        f"the gap $s$: $p = {tex(p)}$ and $\\frac{{dp}}{{ds}} = p(1-p)$, about ${sci(g_raw)}$ at "
        f"$s \\approx {approx(gap, 2)}$ (saturated: the gradient vanishes). After scaling the gap's standard deviation "
        f"is ${tex(gap_scaled)}$, where it is about ${approx(g_scaled)}$. With more tokens the same holds: the further "
        "the top score leads, the closer the whole Jacobian is to $0$.", "softmax")
    add("scaling/article",
        f"{ex.zh}中若不缩放，第 1 行的权重 $a_{{11}}$ 会是多少？",
        f"In {ex.en}, what would $a_{{11}}$ be without scaling?",
        _unscaled(d, "zh"), _unscaled(d, "en"), example=True)

    # --- the max-shift ---------------------------------------------------------------
    z, c, shifted, plain, holds = F.shift_invariance()
    assert holds
    add("stability/shift",
        "证明 $\\operatorname{softmax}(z - c) = \\operatorname{softmax}(z)$。",
        "Show that $\\operatorname{softmax}(z - c) = \\operatorname{softmax}(z)$.",
        f"$$ {tex(shifted)} = \\frac{{e^{{-c}} e^{{z_1}}}}{{e^{{-c}} \\left({tex(sp.Add(*(sp.exp(x) for x in z)))}\\right)}} = {tex(plain)}$$"
        "公共因子 $e^{-c}$ 约掉。",
        f"$$ {tex(shifted)} = \\frac{{e^{{-c}} e^{{z_1}}}}{{e^{{-c}} \\left({tex(sp.Add(*(sp.exp(x) for x in z)))}\\right)}} = {tex(plain)}$$"
        "The common factor $e^{-c}$ cancels.", "softmax")
    lim = F.overflow_limits()
    add("stability/overflow",
        "数值计算 softmax 为什么要先减去每行最大值？",
        "Why does numeric softmax subtract each row's maximum first?",
        f"$e^x$ 在 float32 中 $x > {approx(lim['float32'], 2)}$（$\\ln$ 最大 float32）就溢出成 $\\infty$，float16 只到 "
        f"${approx(lim['float16'], 2)}$。减去最大值 $m$ 后所有指数 $\\le 0$，最大项 $e^0 = 1$，分母在 $[1, L]$ 内："
        "不溢出，也不会除以 $0$。",
        f"In float32, $e^x$ overflows to $\\infty$ for $x > {approx(lim['float32'], 2)}$ ($\\ln$ of the largest float32); "
        f"float16 only reaches ${approx(lim['float16'], 2)}$. After subtracting the maximum $m$ every exponent is $\\le 0$, "
        "the largest term is $e^0 = 1$ and the denominator lies in $[1, L]$: no overflow, no division by $0$.",
        "softmax")
    big_row = [sp.Integer(1000), sp.Integer(999)]
    r = softmax_row(big_row)
    m = max(big_row)
    add("stability/example",
        f"计算 $\\operatorname{{softmax}}({tex(_row(big_row))})$。",
        f"Compute $\\operatorname{{softmax}}({tex(_row(big_row))})$.",
        f"直接算 $e^{{{m}}}$ 会溢出。减去最大值 ${m}$：$\\operatorname{{softmax}}({tex(_row([x - m for x in big_row]))})$，"
        f"$$a_1 = {tex(r.weight(0))} \\approx {approx(r.weight(0))}, \\quad a_2 = {tex(r.weight(1))} \\approx {approx(r.weight(1))}$$",
        f"$e^{{{m}}}$ overflows. Subtract the maximum ${m}$: $\\operatorname{{softmax}}({tex(_row([x - m for x in big_row]))})$, "
        f"$$a_1 = {tex(r.weight(0))} \\approx {approx(r.weight(0))}, \\quad a_2 = {tex(r.weight(1))} \\approx {approx(r.weight(1))}$$",
        "softmax")
    mm = sp.Symbol("m", real=True)
    lse = sp.log(sp.Add(*(sp.exp(x) for x in z)))
    lse_shift = mm + sp.log(sp.Add(*(sp.exp(x - mm) for x in z)))
    assert sp.expand(sp.exp(lse_shift), power_exp=True) == sp.expand(sp.exp(lse), power_exp=True)
    add("stability/logsumexp",
        "交叉熵里的 $\\log \\sum_j e^{z_j}$ 如何稳定地计算？",
        "How is $\\log \\sum_j e^{z_j}$ (in cross-entropy) computed stably?",
        f"log-sum-exp 技巧，$m = \\max_j z_j$：$${tex(lse)} = {tex(lse_shift)}$$",
        f"The log-sum-exp trick with $m = \\max_j z_j$: $${tex(lse)} = {tex(lse_shift)}$$", "softmax")

    # --- complexity ----------------------------------------------------------------------
    Ls, dd = sp.symbols("L d", positive=True, integer=True)
    cost = F.matmul_cost(Ls, dd, Ls) + F.matmul_cost(Ls, Ls, dd)
    add("complexity/time",
        "自注意力的时间复杂度是多少？来自哪里？",
        "What is the time complexity of self-attention, and where does it come from?",
        f"$QK^T$：$(L \\times d)(d \\times L)$ 需 ${tex(F.matmul_cost(Ls, dd, Ls))}$ 次乘法；$AV$：$(L \\times L)(L \\times d)$ 也是 "
        f"${tex(F.matmul_cost(Ls, Ls, dd))}$。合计 ${tex(cost)}$，即 $O(L^2 d)$：对序列长度是平方。"
        f"此外，投影 $XW_Q, XW_K, XW_V$ 和 $W_O$ 各 ${tex(F.matmul_cost(Ls, dd, dd))}$，共 ${tex(4 * F.matmul_cost(Ls, dd, dd))}$，"
        "即 $O(L d^2)$：$L < 2d$ 时它们占大头。",
        f"$QK^T$, $(L \\times d)(d \\times L)$, takes ${tex(F.matmul_cost(Ls, dd, Ls))}$ multiplications; $AV$, "
        f"$(L \\times L)(L \\times d)$, another ${tex(F.matmul_cost(Ls, Ls, dd))}$. In all ${tex(cost)}$, i.e. "
        "$O(L^2 d)$: quadratic in the sequence length. The projections $XW_Q, XW_K, XW_V$ and $W_O$ add "
        f"${tex(F.matmul_cost(Ls, dd, dd))}$ each, ${tex(4 * F.matmul_cost(Ls, dd, dd))}$ in all, $O(L d^2)$, "
        "which dominates while $L < 2d$.", "theory")
    Lx, heads_n = 4096, 32
    mem = sp.Integer(Lx) ** 2 * 2
    add("complexity/memory",
        f"$L = {Lx}$、fp16 时一个头的打分矩阵占多少内存？{heads_n} 个头呢？",
        f"How much memory does one head's score matrix take at $L = {Lx}$ in fp16? And {heads_n} heads?",
        f"$L^2$ 个数，每个 $2$ 字节：${Lx}^2 \\cdot 2 = {tex(mem)}$ 字节 $= {tex(mem / MiB)}$ MiB；"
        f"${heads_n}$ 个头 ${tex(mem * heads_n / GiB)}$ GiB（每层、每个样本）。FlashAttention 分块计算，从不存整个矩阵。",
        f"$L^2$ numbers of $2$ bytes: ${Lx}^2 \\cdot 2 = {tex(mem)}$ bytes $= {tex(mem / MiB)}$ MiB; "
        f"${heads_n}$ heads take ${tex(mem * heads_n / GiB)}$ GiB (per layer, per sequence). FlashAttention works in "
        "tiles and never stores the whole matrix.", "theory")
    add("complexity/doubling",
        "序列长度翻倍，打分矩阵的内存和 $QK^T$ 的计算量各变为几倍？$d$ 翻倍呢？",
        "If the sequence length doubles, how do score memory and $QK^T$ work grow? And if $d$ doubles?",
        f"$L \\to 2L$：内存 ${tex(sp.cancel((2 * Ls) ** 2 / Ls**2))}$ 倍，计算 "
        f"${tex(sp.cancel(F.matmul_cost(2 * Ls, dd, 2 * Ls) / F.matmul_cost(Ls, dd, Ls)))}$ 倍。"
        f"$d \\to 2d$：内存不变，计算 ${tex(sp.cancel(F.matmul_cost(Ls, 2 * dd, Ls) / F.matmul_cost(Ls, dd, Ls)))}$ 倍。",
        f"$L \\to 2L$: memory ${tex(sp.cancel((2 * Ls) ** 2 / Ls**2))}\\times$, work "
        f"${tex(sp.cancel(F.matmul_cost(2 * Ls, dd, 2 * Ls) / F.matmul_cost(Ls, dd, Ls)))}\\times$. "
        f"$d \\to 2d$: memory unchanged, work ${tex(sp.cancel(F.matmul_cost(Ls, 2 * dd, Ls) / F.matmul_cost(Ls, dd, Ls)))}\\times$.",
        "theory")

    # --- masks ---------------------------------------------------------------------------
    n = len(d.tokens)
    M = F.causal_mask(n)
    Am = F.masked_weights(St, M)
    add("mask/causal",
        f"写出 $L = {n}$ 的因果掩码 $M$，它加在哪里？",
        f"Write the causal mask $M$ for $L = {n}$. Where is it added?",
        f"$$M = {tex(M)}$$ 加在 softmax 之前：$\\operatorname{{softmax}}\\left(\\frac{{QK^T}}{{\\sqrt{{d_k}}}} + M\\right)$。"
        "第 $i$ 个词只能看到 $j \\le i$ 的词。",
        f"$$M = {tex(M)}$$ It is added before the softmax: "
        "$\\operatorname{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}} + M\\right)$. Token $i$ sees only tokens $j \\le i$.",
        "mask")
    add("mask/article",
        f"给{ex.zh}加上因果掩码，注意力权重是多少？",
        f"With a causal mask on {ex.en}, what are the attention weights?",
        f"$e^{{-\\infty}} = {tex(sp.exp(-sp.oo))}$，被遮住的列从分母中消失：$$A = {tex(Am)}$$ 第 1 行只能看自己，权重为 ${tex(Am[0, 0])}$。",
        f"$e^{{-\\infty}} = {tex(sp.exp(-sp.oo))}$, so masked columns drop out of the denominator: $$A = {tex(Am)}$$ "
        f"Row 1 sees only itself, weight ${tex(Am[0, 0])}$.", "mask", example=True)
    if n >= 2:
        zeroed = [A[1, j] if j <= 1 else 0 for j in range(n)]
        add("mask/why-inf",
            "为什么用 $-\\infty$ 加在分数上，而不是 softmax 之后把权重乘 $0$？",
            "Why add $-\\infty$ to the scores instead of zeroing weights after the softmax?",
            f"加 $-\\infty$ 后剩下的权重仍是一个分布（{ex.zh}第 2 行：${tex(_row(Am.row(1)))}$，和为 "
            f"${tex(sp.Add(*Am.row(1)))}$）。先 softmax 再置零，第 2 行变成 ${tex(_row(zeroed))}$，"
            f"和为 ${tex(A[1, 0] + A[1, 1])}$，需要重新归一化。",
            f"With $-\\infty$ the remaining weights are still a distribution ({ex.en}'s row 2: "
            f"${tex(_row(Am.row(1)))}$, sum ${tex(sp.Add(*Am.row(1)))}$). Zeroing after the softmax leaves "
            f"${tex(_row(zeroed))}$, sum ${tex(A[1, 0] + A[1, 1])}$, which must be renormalised.", "mask", example=True)
    kept, share, limit = F.causal_pairs()
    add("mask/pairs",
        "因果掩码保留多少个 (查询, 键) 对？占全部的比例？",
        "How many (query, key) pairs does a causal mask keep, and what share of all pairs?",
        f"$\\sum_{{i=1}}^{{L}} i = {tex(kept)}$，比例 ${tex(share)} \\to {tex(limit)}$。复杂度仍是 $O(L^2)$。",
        f"$\\sum_{{i=1}}^{{L}} i = {tex(kept)}$, a share of ${tex(share)} \\to {tex(limit)}$. Still $O(L^2)$.",
        "mask")
    if n >= 2:
        pad = F.padding_mask(n, [n - 1])
        Ap = F.masked_weights(St, pad)
        add("mask/padding",
            f"批处理中的 padding mask 遮住什么？若{ex.zh}的最后一个词（第 {n} 个）是 padding，第 1 行的权重？",
            f"What does a padding mask hide? If the last token (token {n}) of {ex.en} were padding, what is row 1?",
            f"遮住 padding 位置的列（键），任何查询都不看它：第 1 行 ${tex(_row(Ap.row(0)))} \\approx "
            f"{tex(_row([sp.Float(approx(x), 4) if x else 0 for x in Ap.row(0)]))}$。",
            f"It hides the padding columns (keys) from every query: row 1 is ${tex(_row(Ap.row(0)))} \\approx "
            f"{tex(_row([sp.Float(approx(x), 4) if x else 0 for x in Ap.row(0)]))}$.", "mask", example=True)

    # --- heads ---------------------------------------------------------------------------
    H = F.heads(512, 8)
    add("mha/split",
        "$d_{model} = 512$、$h = 8$ 个头，每个头的 $d_k$ 是多少？",
        "With $d_{model} = 512$ and $h = 8$ heads, what is each head's $d_k$?",
        f"$d_k = d_{{model}} / h = {tex(H['d_head_value'])}$；每个头在 ${tex(H['d_head_value'])}$ 维子空间里各算一套注意力，"
        "缩放用的是 $\\sqrt{d_k}$，不是 $\\sqrt{d_{model}}$。",
        f"$d_k = d_{{model}} / h = {tex(H['d_head_value'])}$; each head attends in its own ${tex(H['d_head_value'])}$-dimensional "
        "subspace and scales by $\\sqrt{d_k}$, not $\\sqrt{d_{model}}$.", "mha")
    add("mha/formula",
        "写出多头注意力的公式。",
        "Write the multi-head attention formula.",
        "$$\\operatorname{MultiHead}(X) = \\operatorname{Concat}(\\text{head}_1, \\dots, \\text{head}_h) W_O$$"
        "$$\\text{head}_i = \\operatorname{softmax}\\left(\\frac{Q_i K_i^{T}}{\\sqrt{d_k}}\\right) V_i$$ "
        "其中 $Q_i = XW_Q^{(i)}, K_i = XW_K^{(i)}, V_i = XW_V^{(i)}$：每个头有自己的投影。",
        "$$\\operatorname{MultiHead}(X) = \\operatorname{Concat}(\\text{head}_1, \\dots, \\text{head}_h) W_O$$"
        "$$\\text{head}_i = \\operatorname{softmax}\\left(\\frac{Q_i K_i^{T}}{\\sqrt{d_k}}\\right) V_i$$ "
        "with $Q_i = XW_Q^{(i)}, K_i = XW_K^{(i)}, V_i = XW_V^{(i)}$: each head has its own projections.",
        "mha")
    add("mha/params",
        "多头注意力的参数量随头数 $h$ 怎么变？",
        "How does the parameter count of multi-head attention depend on the number of heads $h$?",
        f"每个头 $3 \\cdot d_{{model}} \\cdot \\frac{{d_{{model}}}}{{h}}$，再加 $W_O$：$h \\cdot 3 d_{{model}} \\frac{{d_{{model}}}}{{h}} + d_{{model}}^2 = "
        f"{tex(H['params'])}$，与 $h$ 无关（$d_{{model}} = 512$ 时 ${tex(H['params_value'])}$）。"
        "前提：不计偏置，且 $d_k = d_v = d_{model} / h$。",
        f"Each head has $3 \\cdot d_{{model}} \\cdot \\frac{{d_{{model}}}}{{h}}$, plus $W_O$: "
        f"$h \\cdot 3 d_{{model}} \\frac{{d_{{model}}}}{{h}} + d_{{model}}^2 = {tex(H['params'])}$, independent of $h$ "
        f"(${tex(H['params_value'])}$ at $d_{{model}} = 512$). This assumes no biases and "
        "$d_k = d_v = d_{model} / h$.", "mha")
    add("mha/cost",
        "$h$ 个头的打分计算量和打分矩阵内存，与单头（宽 $d_{model}$）相比？",
        "Compared with one head of width $d_{model}$, what do $h$ heads cost in score work and score memory?",
        f"计算：$h \\cdot L \\cdot L \\cdot \\frac{{d_{{model}}}}{{h}} = {tex(H['score_cost'])}$，相同。内存：$h$ 个 $L \\times L$ 矩阵，"
        "是单头的 $h$ 倍。",
        f"Work: $h \\cdot L \\cdot L \\cdot \\frac{{d_{{model}}}}{{h}} = {tex(H['score_cost'])}$, the same. Memory: $h$ "
        "matrices of $L \\times L$, $h$ times one head.", "mha")

    # --- GQA / MQA -----------------------------------------------------------------------
    cfg = dict(layers=80, n_q=64, n_kv=8, d_head=128, length=4096, bytes_per=2)
    kv = F.kv_cache(**cfg)
    kv_bytes, kv_ratio = F.kv_cache_formula()
    add("gqa/kv-cache",
        "KV cache 的大小公式是什么？",
        "What is the size of the KV cache?",
        f"${tex(kv_bytes)}$ 字节（$N_{{layers}}$ 层、长度 $L$、$n_{{kv}}$ 个 KV 头、头宽 $d_h$、每个数 $b$ 字节）：每层、每个 KV 头、每个位置存一个 $k$ 和一个 $v$。"
        f"按 Llama-2-70B 的形状（${cfg['layers']}$ 层、$d_h = {cfg['d_head']}$、$L = {cfg['length']}$、fp16），"
        f"假如有 ${cfg['n_q']}$ 个 KV 头（即不用 GQA；Llama-2-70B 实际只有 ${cfg['n_kv']}$ 个），每条序列需 "
        f"${tex(kv['mha'] / GiB)}$ GiB；批大小为 $B$ 时再乘以 $B$。",
        f"${tex(kv_bytes)}$ bytes ($N_{{layers}}$ layers, length $L$, $n_{{kv}}$ KV heads of width $d_h$, $b$ bytes a "
        f"number): one $k$ and one $v$ per layer, per KV head, per position. With Llama-2-70B's shape (${cfg['layers']}$ layers, $d_h = {cfg['d_head']}$, "
        f"$L = {cfg['length']}$, fp16) and, hypothetically, ${cfg['n_q']}$ KV heads (plain MHA; the real model has "
        f"${cfg['n_kv']}$), one sequence needs ${tex(kv['mha'] / GiB)}$ GiB; a batch of $B$ sequences, $B$ times that.",
        "kv-cache")
    add("gqa/saving",
        f"GQA 用 $n_q = {cfg['n_q']}$ 个查询头、$n_{{kv}} = {cfg['n_kv']}$ 个 KV 头，KV cache 省多少？",
        f"GQA with $n_q = {cfg['n_q']}$ query heads and $n_{{kv}} = {cfg['n_kv']}$ KV heads: how much KV cache is saved?",
        f"比例 ${tex(kv_ratio)} = {tex(kv['ratio'])}$，省下 ${tex(kv['saving'])}$：上例从 ${tex(kv['mha'] / GiB)}$ GiB 降到 "
        f"${tex(kv['gqa'] / GiB)}$ GiB。",
        f"The ratio is ${tex(kv_ratio)} = {tex(kv['ratio'])}$, a saving of ${tex(kv['saving'])}$: from "
        f"${tex(kv['mha'] / GiB)}$ GiB to ${tex(kv['gqa'] / GiB)}$ GiB in the example.", "kv-cache")
    add("gqa/mqa",
        "MQA 是什么？KV cache 是 MHA 的几分之几？",
        "What is MQA, and what fraction of MHA's KV cache does it need?",
        f"所有查询头共享一个 KV 头（$n_{{kv}} = 1$）：比例 $1 / n_q = {tex(kv['mqa_ratio'])}$，上例只需 "
        f"${tex(kv['mqa'] / MiB)}$ MiB。代价是质量略降；GQA 在两者之间。",
        f"All query heads share one KV head ($n_{{kv}} = 1$): a fraction $1 / n_q = {tex(kv['mqa_ratio'])}$, "
        f"${tex(kv['mqa'] / MiB)}$ MiB in the example. Quality drops a little; GQA sits in between.", "kv-cache")
    small = F.kv_groups(4, 2)
    add("gqa/groups",
        "GQA 中查询头如何对应 KV 头？$n_q = 4$、$n_{kv} = 2$ 时呢？",
        "In GQA, which KV head does each query head use? With $n_q = 4$, $n_{kv} = 2$?",
        f"组大小 $g = n_q / n_{{kv}}$，查询头 $i$ 用 KV 头 $\\lfloor i / g \\rfloor$。这里 $g = {tex(sp.Rational(4, 2))}$，"
        f"头 $0,1,2,3 \\to {', '.join(tex(x) for x in small)}$。$n_{{kv}} = n_q$ 即 MHA，$n_{{kv}} = 1$ 即 MQA。",
        f"With group size $g = n_q / n_{{kv}}$, query head $i$ uses KV head $\\lfloor i / g \\rfloor$. Here "
        f"$g = {tex(sp.Rational(4, 2))}$: heads $0,1,2,3 \\to {', '.join(tex(x) for x in small)}$. $n_{{kv}} = n_q$ is MHA, "
        "$n_{kv} = 1$ is MQA.", "kv-cache")
    add("gqa/flops",
        "GQA 减少了注意力打分的计算量吗？",
        "Does GQA reduce the work of computing attention scores?",
        f"不减少：仍有 $n_q$ 个头，各算 $L \\cdot L \\cdot d_h$。它省的是 KV cache 的内存，以及解码时读 KV cache 的"
        f"显存带宽（$n_q = {cfg['n_q']}$、$n_{{kv}} = {cfg['n_kv']}$ 时少 ${tex(kv['group'])}$ 倍）；每一步仍要读全部权重，"
        "所以整步的访存不会少这么多。",
        f"No: there are still $n_q$ heads, each doing $L \\cdot L \\cdot d_h$. It saves KV-cache memory and the "
        f"bandwidth of reading that cache while decoding (${tex(kv['group'])}$ times less with $n_q = {cfg['n_q']}$, "
        f"$n_{{kv}} = {cfg['n_kv']}$). Every step still reads all the weights, so the step's memory traffic "
        "shrinks by less than that.", "kv-cache")

    # --- RoPE ----------------------------------------------------------------------------
    R = F.rope_relative()
    assert R["holds"]
    th, mS, nS = R["theta"], R["m"], R["n"]
    # R((n - m)θ) as a textbook writes it: SymPy would print cos(mθ - nθ) and -sin(mθ - nθ)
    angle = sp.Mul(sp.Add(nS, -mS, evaluate=False), th, evaluate=False)
    c, s_ = sp.cos(angle, evaluate=False), sp.sin(angle, evaluate=False)
    relative = sp.ImmutableMatrix([[c, sp.Mul(-1, s_, evaluate=False)], [s_, c]])
    assert sp.simplify(relative.doit() - R["target"]) == sp.zeros(2, 2)
    add("rope/rotation",
        "RoPE 对一对分量 $(x_1, x_2)$ 在位置 $m$ 做什么？",
        "What does RoPE do to a pair of components $(x_1, x_2)$ at position $m$?",
        f"旋转角度 $m\\theta$：$$R(m\\theta) = {tex(F.rotation(mS * th))}$$ 只作用于 $q$ 和 $k$，不作用于 $v$。",
        f"It rotates it by the angle $m\\theta$: $$R(m\\theta) = {tex(F.rotation(mS * th))}$$ Only $q$ and $k$ are "
        "rotated, never $v$.", "rope")
    add("rope/relative",
        "为什么说 RoPE 编码的是相对位置？",
        "Why does RoPE encode relative position?",
        f"$$R(m\\theta)^T R(n\\theta) = R((n-m)\\theta) = {tex(relative)}$$"
        "所以 $(R(m\\theta)q)^T (R(n\\theta)k) = q^T R((n-m)\\theta) k$：分数只依赖 $n - m$。",
        f"$$R(m\\theta)^T R(n\\theta) = R((n-m)\\theta) = {tex(relative)}$$"
        "so $(R(m\\theta)q)^T (R(n\\theta)k) = q^T R((n-m)\\theta) k$: the score depends on $n - m$ only.", "rope")
    add("rope/norm",
        "RoPE 会改变向量的长度吗？",
        "Does RoPE change a vector's length?",
        f"不会：$R(m\\theta)^T R(m\\theta) = {tex(R['norm'])}$，旋转是正交变换，$\\|R q\\| = \\|q\\|$。",
        f"No: $R(m\\theta)^T R(m\\theta) = {tex(R['norm'])}$; a rotation is orthogonal, $\\|R q\\| = \\|q\\|$.", "rope")
    thetas = F.rope_thetas(4)
    add("rope/frequencies",
        "RoPE 的频率 $\\theta_i$ 怎么取？$d = 4$、底数 $10000$ 时是多少？",
        "How are RoPE's frequencies $\\theta_i$ chosen? What are they for $d = 4$, base $10000$?",
        "$\\theta_i = 10000^{-2(i-1)/d}$，$i = 1, \\dots, d/2$（RoFormer 的写法，与本项目的文档相同）：$" + ", ".join(
            f"\\theta_{i + 1} = {tex(x)}" for i, x in enumerate(thetas)) + "$。低维转得快（看近处），高维转得慢（看远处）。",
        "$\\theta_i = 10000^{-2(i-1)/d}$ for $i = 1, \\dots, d/2$ (RoFormer's indexing, as in symattn's documents): $"
        + ", ".join(f"\\theta_{i + 1} = {tex(x)}" for i, x in enumerate(thetas)) + "$. Low pairs turn fast (near "
        "context), high pairs slowly (far context).", "rope")
    q = sp.ImmutableMatrix([1, 1])
    k = sp.ImmutableMatrix([1, 0])
    def score(mm_, nn_):
        return (F.rotation(mm_ * th) * q).dot(F.rotation(nn_ * th) * k)

    # The identity proved in facts.rope_relative gives the exact score; spot-check it at one angle.
    exact = sp.expand((q.T * R["target"].subs({mS: 2, nS: 5}) * k)[0])
    at = {th: sp.Rational(1, 3)}
    assert all(abs((score(a, b) - exact).subs(at).evalf(50)) < 1e-40 for a, b in ((2, 5), (0, 3)))
    add("rope/example",
        f"$q = {tex(q.T)}^T$、$k = {tex(k.T)}^T$，比较位置 $(m, n) = (2, 5)$ 与 $(0, 3)$ 的 RoPE 分数。",
        f"With $q = {tex(q.T)}^T$ and $k = {tex(k.T)}^T$, compare the RoPE scores at $(m, n) = (2, 5)$ and $(0, 3)$.",
        f"两者都等于 $q^T R(3\\theta) k = {tex(exact)}$：相对距离都是 $3$。",
        f"Both equal $q^T R(3\\theta) k = {tex(exact)}$: the distance is $3$ in both.", "rope")

    # --- the softmax Jacobian ------------------------------------------------------------
    ok, rows_zero = F.softmax_jacobian()
    assert ok and rows_zero
    i_, j_ = sp.symbols("i j", integer=True)
    pi, pj = sp.Symbol("p_i"), sp.Symbol("p_j")
    add("gradient/jacobian",
        "softmax 的雅可比矩阵 $\\frac{\\partial p_i}{\\partial z_j}$ 是什么？",
        "What is the softmax Jacobian $\\frac{\\partial p_i}{\\partial z_j}$?",
        f"$$\\frac{{\\partial p_i}}{{\\partial z_j}} = {tex(pi * (sp.KroneckerDelta(i_, j_) - pj))}$$"
        "矩阵形式 $J = \\operatorname{diag}(p) - p p^T$。",
        f"$$\\frac{{\\partial p_i}}{{\\partial z_j}} = {tex(pi * (sp.KroneckerDelta(i_, j_) - pj))}$$"
        "In matrix form $J = \\operatorname{diag}(p) - p p^T$.", "softmax")
    add("gradient/rows-zero",
        "softmax 雅可比矩阵每行之和是多少？为什么？",
        "What does each row of the softmax Jacobian sum to, and why?",
        "$\\sum_j p_i(\\delta_{ij} - p_j) = p_i - p_i \\sum_j p_j = 0$：所有 $z_j$ 同时加一个常数不改变输出（平移不变性）。",
        "$\\sum_j p_i(\\delta_{ij} - p_j) = p_i - p_i \\sum_j p_j = 0$: adding one constant to every $z_j$ changes "
        "nothing (shift invariance).", "softmax")
    u = next((i for i in range(n) if len(set(St.row(i))) == 1), 0)  # a uniform row, if the example has one
    Ju = F.jacobian_at(St.row(u))
    add("gradient/uniform",
        f"{ex.zh}第 {u + 1} 行的权重是 ${tex(_row(A.row(u)))}$，该行 softmax 的雅可比矩阵？",
        f"Row {u + 1} of {ex.en}'s weights is ${tex(_row(A.row(u)))}$. What is its softmax Jacobian?",
        f"$$J = \\operatorname{{diag}}(p) - pp^T = {tex(Ju)}$$",
        f"$$J = \\operatorname{{diag}}(p) - pp^T = {tex(Ju)}$$", "softmax", example=True)
    J1 = F.jacobian_at(St.row(0))
    add("gradient/article",
        f"{ex.zh}第 1 行中，$\\frac{{\\partial a_{{11}}}}{{\\partial \\tilde{{s}}_{{11}}}}$ 是多少？",
        f"In row 1 of {ex.en}, what is $\\frac{{\\partial a_{{11}}}}{{\\partial \\tilde{{s}}_{{11}}}}$?",
        f"$a_{{11}}(1 - a_{{11}}) = {tex(J1[0, 0])} \\approx {approx(J1[0, 0])}$。",
        f"$a_{{11}}(1 - a_{{11}}) = {tex(J1[0, 0])} \\approx {approx(J1[0, 0])}$.", "softmax", example=True)
    pp = sp.Symbol("p", positive=True)
    crit = sp.solve(sp.diff(pp * (1 - pp), pp), pp)[0]
    add("gradient/max",
        "对角元 $p(1-p)$ 最大是多少？何时趋于 $0$？",
        "How large can the diagonal entry $p(1-p)$ be, and when does it vanish?",
        f"在 $p = {tex(crit)}$ 取最大值 ${tex(crit * (1 - crit))}$；$p \\to 0$ 或 $p \\to 1$（饱和）时趋于 $0$。",
        f"Its maximum is ${tex(crit * (1 - crit))}$ at $p = {tex(crit)}$; it tends to $0$ as $p \\to 0$ or "
        "$p \\to 1$ (saturation).", "softmax")
    return out


def _unscaled(d: Derivation, lang: str) -> str:
    S = d.step("scores").exact
    A = d.step("weights").exact
    r = softmax_row(list(S.row(0)))
    w = r.weight(0)
    if lang == "zh":
        return (f"直接对 ${tex(_row(S.row(0)))}$ 做 softmax：$a_{{11}} = {tex(w)} \\approx {approx(w)}$，"
                f"缩放后是 ${approx(A[0, 0])}$。不缩放时分布更尖锐；维度越大差别越大。")
    return (f"Softmax of ${tex(_row(S.row(0)))}$ directly: $a_{{11}} = {tex(w)} \\approx {approx(w)}$, against "
            f"${approx(A[0, 0])}$ with scaling. Unscaled, the distribution is sharper, and more so the wider $d_k$.")



# --- KV-cache decoding, cross-attention and MLA (issue 17): numbers from those topics' derivations ---

def _decoding_derivations():
    """The three documents of derivations/ (wo-ai-ni-kv-cache, -cross, -mla), built in code."""
    from dataclasses import replace
    from decimal import Decimal

    from ..examples import article_spec
    from ..topics.cross_attention import derive_cross_attention
    from ..topics.kv_cache import derive_kv_cache
    from ..topics.mla import derive_mla
    a = article_spec()
    kv = derive_kv_cache(replace(a, topic="kv_cache", X=None, V=a.X, claimed=()))
    cross = derive_cross_attention(replace(
        a, topic="cross_attention", tokens=("I", "love"), X=None, V=a.X, claimed=(),
        Q=sp.ImmutableMatrix([[1, 0, 0, 0], [0, 1, 1, 1]]), options=(("source", list(a.tokens)),)))
    h = Decimal("0.5")
    mla = derive_mla(replace(
        a, topic="mla", Q=sp.ImmutableMatrix.hstack(a.Q, a.X), K=None, claimed=(), d_k=None,
        options=(("W_DKV", [[h, 0, 0], [0, h, 0], [0, 0, h], [0, h, 0]]),
                 ("W_UK", [[1, 0, 0, 1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1, 0, 0]]),
                 ("W_UV", [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]), ("heads", 2))))
    return kv, cross, mla


def decoding_concepts() -> list[Concept]:
    """Cards on KV-cache decoding, cross-attention and MLA."""
    from ..topics.mla import DEEPSEEK_V2, cache_sizes, decoupled_rope
    kv, cross, mla = _decoding_derivations()
    out: list[Concept] = []

    def add(key, fz, fe, bz, be, *tags):
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags))

    L, d = kv.step("keys").exact.shape
    d_v = kv.step("values").exact.cols
    o2, o3 = kv.step("decode_2").exact, kv.step("decode_3").exact
    add("kv-cache/what",
        "自回归解码到第 $t$ 步时，KV cache 里存的是什么？这一步往里追加什么？",
        "At step $t$ of autoregressive decoding, what does the KV cache hold, and what does the step append?",
        f"存 $K_{{1:t-1}}$ 和 $V_{{1:t-1}}$（之前每个词的键和值）；这一步只算新词的 $q_t, k_t, v_t$，把 $k_t, v_t$ 追加进去。"
        f"“我 爱 你”例子（$d_k = {d}$，$d_v = {d_v}$）读完 ${L}$ 个词后，每层每头缓存 ${tex(L * (d + d_v))}$ 个数。",
        f"$K_{{1:t-1}}$ and $V_{{1:t-1}}$, the keys and values of every earlier token; the step computes only the new "
        f"token's $q_t, k_t, v_t$ and appends $k_t, v_t$. In the $\\text{{我 爱 你}}$ example ($d_k = {d}$, "
        f"$d_v = {d_v}$) the cache holds ${tex(L * (d + d_v))}$ numbers per layer and head after ${L}$ tokens.",
        "decoding")
    add("kv-cache/equals-causal",
        "为什么带缓存的逐词解码与一次算完的因果注意力结果完全相同？",
        "Why does cached decoding give exactly the rows of full causal attention?",
        "因果掩码把第 $t$ 行中 $j > t$ 的分数变成 $-\\infty$，$e^{-\\infty} = 0$，这一行的 softmax 只剩键 $1..t$："
        "正是缓存在第 $t$ 步里的键。多层模型中这要求每一层都是因果的，之前各词的隐藏状态才不会因后来的词而改变，"
        "缓存的键和值才一直有效。symattn 在“我 爱 你”例子上逐项相减，差恰好是 "
        f"${tex(kv.step('cached_minus_full').exact)}$。",
        "The causal mask turns row $t$'s scores for $j > t$ into $-\\infty$, and $e^{-\\infty} = 0$, so the row's "
        "softmax runs over keys $1..t$ only: exactly the keys cached at step $t$. In a stack of layers this needs "
        "every layer to be causal, so that no earlier token's hidden state changes when later tokens arrive and the "
        "cached keys and values stay valid. On the $\\text{我 爱 你}$ example "
        f"symattn subtracts entry by entry and gets exactly ${tex(kv.step('cached_minus_full').exact)}$.", "decoding")
    given = (f"$Q = {tex(kv.step('queries').exact)}$，$K = {tex(kv.step('keys').exact)}$，"
             f"$V = {tex(kv.step('values').exact)}$，$d_k = {d}$")
    add("kv-cache/example",
        f"“我 爱 你”例子（{given}）逐词解码，用缓存算出的输出 $o_2$、$o_3$ 是多少？",
        f"Decoding the $\\text{{我 爱 你}}$ example ({given.replace('，', ', ')}) token by token, what are the "
        "cached outputs $o_2$ and $o_3$?",
        f"$o_2 = {tex(o2)}$，$o_3 = {tex(o3)} \\approx {tex(_row([sp.Float(approx(x), 4) for x in o3]))}$："
        "与因果注意力输出的第 2、3 行相同。",
        f"$o_2 = {tex(o2)}$ and $o_3 = {tex(o3)} \\approx {tex(_row([sp.Float(approx(x), 4) for x in o3]))}$: "
        "rows 2 and 3 of the causal output.", "decoding")
    add("kv-cache/no-q",
        "为什么只缓存 $K$ 和 $V$，不缓存 $Q$？第 $t$ 步的打分要多少次乘法？缓存省下的是什么？",
        "Why cache $K$ and $V$ but not $Q$? How many multiplications do step $t$'s scores take, and what does the "
        "cache save?",
        "$q_t$ 只在第 $t$ 步用一次：以后的词只用它们自己的查询去读旧的键和值。打分 $q_t K_{1:t}^T$ 需要 "
        f"${tex(sp.Symbol('t') * sp.Symbol('d_k'))}$ 次乘法（例子中第 {L} 步为 ${tex(L * d)}$），有没有缓存都一样。"
        "缓存省下的是 $j < t$ 时 $k_j, v_j$ 的重算：键和值的投影，以及在多层模型里每个之前的词穿过下面各层的计算。",
        "$q_t$ is used once, at step $t$: later tokens read the old keys and values with their own queries. The "
        f"scores $q_t K_{{1:t}}^T$ take ${tex(sp.Symbol('t') * sp.Symbol('d_k'))}$ multiplications "
        f"(${tex(L * d)}$ at step {L} of the example), with or without a cache. What the cache saves is recomputing "
        "$k_j, v_j$ for $j < t$: the key and value projections and, in a stack of layers, every earlier token's "
        "pass through the layers below.", "decoding")

    S, A, O = (cross.step(i).exact for i in ("scores", "weights", "output"))
    Lq, Lkv = S.shape
    add("cross-attention/shapes",
        f"交叉注意力中查询有 $L_q = {Lq}$ 行、键和值有 $L_{{kv}} = {Lkv}$ 行（宽 $d_k = {cross.step('keys').exact.cols}$、"
        f"$d_v = {O.cols}$）。$S$、$A$、$O$ 的形状？",
        f"In cross-attention the queries have $L_q = {Lq}$ rows, the keys and values $L_{{kv}} = {Lkv}$ "
        f"(widths $d_k = {cross.step('keys').exact.cols}$, $d_v = {O.cols}$). What are the shapes of $S$, $A$ and $O$?",
        f"$S = QK^T$ 与 $A$ 都是 ${Lq} \\times {Lkv}$（长方形：行是查询，列是源词），$O = AV$ 是 ${O.rows} \\times {O.cols}$："
        "输出行数跟查询，宽度跟值。",
        f"$S = QK^T$ and $A$ are ${Lq} \\times {Lkv}$ (a rectangle: rows are queries, columns source tokens), and "
        f"$O = AV$ is ${O.rows} \\times {O.cols}$: one row per query, the values' width.", "cross-attention")
    q0 = _row(cross.step("queries").exact.row(0))
    keys = f"$K = {tex(cross.step('keys').exact)}$"
    dk_cross = tex(dict(cross.meta)["d_k"])
    add("cross-attention/example",
        f"交叉注意力中，查询 $q = {tex(q0)}$ 读另一个序列的三个键 {keys}（$d_k = {dk_cross}$），注意力权重是多少？",
        f"In cross-attention the query $q = {tex(q0)}$ reads the three keys {keys} of another sequence "
        f"($d_k = {dk_cross}$). What are its weights?",
        f"分数 ${tex(_row(cross.step('scaled_scores').exact.row(0)))}$，权重 ${tex(_row(A.row(0)))} \\approx "
        f"{tex(_row([sp.Float(approx(x), 4) for x in A.row(0)]))}$；不需要因果掩码，源序列是完整的。",
        f"Scores ${tex(_row(cross.step('scaled_scores').exact.row(0)))}$, weights ${tex(_row(A.row(0)))} \\approx "
        f"{tex(_row([sp.Float(approx(x), 4) for x in A.row(0)]))}$; no causal mask, the source is complete.",
        "cross-attention")
    add("cross-attention/cache",
        "编码器-解码器模型解码时，交叉注意力的 $K$、$V$ 要每步重算吗？批处理时还要什么？",
        "In an encoder-decoder model, are cross-attention's $K$ and $V$ recomputed at each decoding step? What "
        "else does a batch need?",
        f"不用：它们来自编码器输出 $H$（$K = HW_K$，$V = HW_V$），每个解码器层用自己的 $W_K$、$W_V$ 各算一次，"
        f"长度固定为 $L_{{kv}}$（例子中 ${Lkv}$）；每一步只有解码器的新查询 $q_t$ 是新的。"
        "批处理时源序列长短不一要填充，所以交叉注意力仍需要源序列的填充掩码。",
        f"No: they come from the encoder's output $H$ ($K = HW_K$, $V = HW_V$) and are computed once per decoder "
        f"layer, each layer with its own $W_K$ and $W_V$, at a fixed length "
        f"$L_{{kv}}$ (${Lkv}$ in the example); only the decoder's new query $q_t$ changes each step. In a batch the "
        "sources are padded to one length, so cross-attention still needs the source's padding mask.",
        "cross-attention")

    ours = mla.step("cache_size").exact
    mha, gqa, mqa, lat = cache_sizes(**DEEPSEEK_V2)
    add("mla/cache",
        f"DeepSeek-V2（$n_h = {DEEPSEEK_V2['n_h']}$，$d_h = {DEEPSEEK_V2['d_h']}$，$d_c = {DEEPSEEK_V2['d_c']}$，"
        f"$d_R = {DEEPSEEK_V2['d_R']}$）每个词每层缓存多少个数？与 MHA、假设的 GQA（{DEEPSEEK_V2['n_g']} 组）、MQA 比呢？",
        f"With DeepSeek-V2's sizes ($n_h = {DEEPSEEK_V2['n_h']}$, $d_h = {DEEPSEEK_V2['d_h']}$, "
        f"$d_c = {DEEPSEEK_V2['d_c']}$, $d_R = {DEEPSEEK_V2['d_R']}$), how many numbers does MLA cache per token and "
        f"layer, against MHA, a hypothetical GQA with {DEEPSEEK_V2['n_g']} groups, and MQA?",
        f"MLA 缓存 $d_c + d_R = {tex(lat)}$；MHA $2 n_h d_h = {tex(mha)}$，GQA $2 n_g d_h = {tex(gqa)}$，MQA $2 d_h = {tex(mqa)}$。"
        f"MLA 是 MHA 的 ${tex(sp.Rational(lat, mha))}$，相当于 ${tex(sp.Rational(lat, mqa))}$ 组的 GQA。"
        "DeepSeek-V2 本身不用 GQA，这一列只是对照。",
        f"MLA caches $d_c + d_R = {tex(lat)}$; MHA $2 n_h d_h = {tex(mha)}$, GQA $2 n_g d_h = {tex(gqa)}$, MQA "
        f"$2 d_h = {tex(mqa)}$. That is ${tex(sp.Rational(lat, mha))}$ of MHA's, as much as GQA with "
        f"${tex(sp.Rational(lat, mqa))}$ groups. DeepSeek-V2 itself uses no GQA; that column is only a comparison.",
        "kv-cache")
    add("mla/latent",
        "MLA 的低秩 KV 压缩怎么写？缓存里存什么？",
        "Write MLA's low-rank KV compression. What goes into the cache?",
        f"$c_{{KV}} = X W_{{DKV}}$，$K = c_{{KV}} W_{{UK}}$，$V = c_{{KV}} W_{{UV}}$：缓存存 $c_{{KV}}$（每词 $d_c$ 个数），"
        f"用 RoPE 时再加所有头共享的解耦键 $k^R$（$d_R$ 个数），共 $d_c + d_R$。"
        f"例子中（不用 RoPE）$d_c = {mla.step('latent').exact.cols}$，每词缓存 ${tex(ours[0, 3])}$ 个数，MHA 要 ${tex(ours[0, 0])}$ 个。",
        f"$c_{{KV}} = X W_{{DKV}}$, $K = c_{{KV}} W_{{UK}}$, $V = c_{{KV}} W_{{UV}}$: the cache holds $c_{{KV}}$ ($d_c$ "
        f"numbers a token) and, with RoPE, the decoupled key $k^R$ shared by all heads ($d_R$ numbers), $d_c + d_R$ in "
        f"all. In the example (no RoPE) $d_c = {mla.step('latent').exact.cols}$, so each token caches "
        f"${tex(ours[0, 3])}$ numbers where MHA needs ${tex(ours[0, 0])}$.", "kv-cache")
    add("mla/absorption",
        "MLA 的“吸收”是什么？为什么结果不变？",
        "What is MLA's absorption of $W_{UK}$, and why does it change nothing?",
        "$S_h = Q_h K_h^T = Q_h (c_{KV} W_{UK,h})^T = (Q_h W_{UK,h}^T)\\, c_{KV}^T$：矩阵乘法的结合律。"
        "把 $W_{UK,h}^T$ 并进查询一侧，打分直接读缓存的 $c_{KV}$，不必解压出键。symattn 在例子上算得差恰好为 "
        f"${tex(mla.step('absorbed_minus_explicit').exact[0, 0])}$，符号证明也为 ${tex(mla.step('absorption_identity').exact[0, 0])}$。",
        "$S_h = Q_h K_h^T = Q_h (c_{KV} W_{UK,h})^T = (Q_h W_{UK,h}^T)\\, c_{KV}^T$, by associativity. With "
        "$W_{UK,h}^T$ merged into the query side the scores read the cached $c_{KV}$ directly, with no keys "
        "up-projected. On the example symattn finds the difference exactly "
        f"${tex(mla.step('absorbed_minus_explicit').exact[0, 0])}$, and "
        f"${tex(mla.step('absorption_identity').exact[0, 0])}$ symbolically.", "kv-cache")
    rope = decoupled_rope()
    add("mla/rope",
        "MLA 为什么要“解耦”的 RoPE 键？",
        "Why does MLA need a decoupled RoPE key?",
        "若对键做 RoPE，按行向量写分数是 $s_{mn} = q_m R_m R_n^T W_{UK}^T c_n^T$：依赖位置的 $R_m R_n^T$ 夹在 $q_m$ 和 "
        "$W_{UK}^T$ 之间（DeepSeek-V2：旋转位于 $W^Q$ 与 $W^{UK}$ 之间），$W_{UK}^T$ 就不能预先并入 $W_Q$。"
        f"所以 $c_{{KV}}$ 不旋转，另加一个所有头共享的键 $k^R$（宽 $d_R = {DEEPSEEK_V2['d_R']}$）和每头一个查询 $q^R_i$，"
        f"单独旋转；$k^R$ 单独缓存，每词缓存 $d_c + d_R$。分数缩放用 $\\sqrt{{d_h + d_R}} = {tex(rope['scale'])}$。",
        "With RoPE on the keys, a score in the row convention is $s_{mn} = q_m R_m R_n^T W_{UK}^T c_n^T$: the "
        "position-dependent $R_m R_n^T$ sits between $q_m$ and $W_{UK}^T$ (DeepSeek-V2: between $W^Q$ and "
        "$W^{UK}$), so $W_{UK}^T$ can no longer be merged into $W_Q$. So $c_{KV}$ stays unrotated, and one key "
        f"$k^R$ shared by all heads (width $d_R = {DEEPSEEK_V2['d_R']}$) and one query $q^R_i$ per head are rotated "
        "on their own; $k^R$ is cached too, $d_c + d_R$ per token. Scores are scaled by "
        f"$\\sqrt{{d_h + d_R}} = {tex(rope['scale'])}$.", "rope")
    return out


# --- ALiBi and sliding windows (issue 17): numbers from those topics and their derivations ---------

def _bias_derivations():
    """The two documents of derivations/ (wo-ai-ni-alibi, sliding-window), built from their specs."""
    from ..regen import DEFAULT_DIR
    from ..spec import load_spec
    from ..topics import derive
    return tuple(derive(load_spec(DEFAULT_DIR / f"{name}.toml")) for name in ("wo-ai-ni-alibi", "sliding-window"))


def _decimals_row(values, digits: int = 4) -> sp.ImmutableMatrix:
    return _row([sp.Float(approx(x, digits), digits + 1) if x else 0 for x in values])


def bias_concepts() -> list[Concept]:
    """Cards on ALiBi and sliding-window attention."""
    from ..pipeline import masked_softmax_rows
    from ..topics.alibi import alibi_bias, alibi_slopes
    from ..topics.sliding_window import kept_pairs, window_mask
    alibi, window = _bias_derivations()
    out: list[Concept] = []

    def add(key, fz, fe, bz, be, *tags):  # alibi/article is on the article's example: its note type says so
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags, example=key in ON_THE_ARTICLE))

    eight = alibi_slopes(8)
    odd = 12
    low = 2 ** (odd.bit_length() - 1)  # the largest power of two below 12
    add("alibi/slopes",
        "ALiBi 有 $h = 8$ 个头时，各头的斜率 $m_k$ 是多少？",
        "With $h = 8$ heads, what are ALiBi's head slopes $m_k$?",
        f"$m_k = 2^{{-8k/h}}$，$k = 1, \\dots, h$：${tex(_row(eight))}$，首项和公比都是 $2^{{-8/h}}$ 的等比数列"
        f"（这里 ${tex(eight[1] / eight[0])}$）。$h = {odd}$ 这类非 2 的幂论文没有给出规则；作者代码（BLOOM 相同）"
        f"先取 ${low}$ 个头的斜率，再取 ${2 * low}$ 个头的斜率中隔一个的前 ${odd - low}$ 个：${tex(_row(alibi_slopes(odd)[low:]))}$。",
        f"$m_k = 2^{{-8k/h}}$ for $k = 1, \\dots, h$: ${tex(_row(eight))}$, a geometric sequence whose first term "
        f"and ratio are both $2^{{-8/h}}$ (here ${tex(eight[1] / eight[0])}$). For $h$ not a power of two, such as "
        f"${odd}$, the paper gives no rule; the authors' code (and BLOOM) takes the slopes of ${low}$ heads, then every "
        f"other slope of ${2 * low}$ heads, the first ${odd - low}$: ${tex(_row(alibi_slopes(odd)[low:]))}$.", "alibi")
    m = sp.Symbol("m", positive=True)
    add("alibi/bias",
        "写出 $L = 4$、斜率 $m$ 的因果 ALiBi 偏置矩阵 $B$。它加在哪里？",
        "Write the causal ALiBi bias $B$ for $L = 4$ and slope $m$. Where is it added?",
        f"$$B = {tex(alibi_bias(4, m))}$$ $b_{{ij}} = -m\\,(i - j)$，$j > i$ 处为 $-\\infty$；"
        "加在缩放后的打分上：$\\operatorname{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}} + B\\right)$。ALiBi 不用位置编码。",
        f"$$B = {tex(alibi_bias(4, m))}$$ $b_{{ij}} = -m\\,(i - j)$, and $-\\infty$ where $j > i$. It is added to the "
        "scaled scores, $\\operatorname{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}} + B\\right)$; ALiBi uses no "
        "position embeddings.", "alibi")
    mk, heads = dict(alibi.meta)["slope"], dict(alibi.meta)["heads"]
    add("alibi/decay",
        f"ALiBi 中键每远一个位置，它未归一化的权重乘以多少？{heads} 个头中第 1 个头（斜率 $m_1 = {tex(mk)}$）呢？",
        f"In ALiBi, by what factor does one more position of distance scale a key's unnormalised weight? And at "
        f"head 1 of {heads}, whose slope is $m_1 = {tex(mk)}$?",
        f"$e^{{s - m d}} = e^{{s}} e^{{-m d}}$：每远一个位置乘以 $e^{{-m}}$，这里 ${tex(sp.exp(-mk))} \\approx "
        f"{approx(sp.exp(-mk))}$。斜率小的头看得远，斜率大的头只看近处。",
        f"$e^{{s - m d}} = e^{{s}} e^{{-m d}}$: one more position multiplies it by $e^{{-m}}$, here "
        f"${tex(sp.exp(-mk))} \\approx {approx(sp.exp(-mk))}$. Heads with small slopes look far; large slopes stay near.",
        "alibi")
    St = alibi.step("scaled_scores").exact
    L = St.rows
    causal = sp.ImmutableMatrix(L, L, lambda i, j: -sp.oo if j > i else 0)
    before = masked_softmax_rows(St, causal)[L - 1].weights()
    after = alibi.step("weights").exact.row(L - 1)
    gains = [j for j in range(L) if sp.simplify(after[j] - before[j]).is_positive]
    assert gains == [L - 1]  # only the key at distance 0, the query itself
    add("alibi/article",
        f"“我 爱 你”例子加因果掩码和 ALiBi（斜率 $m_1 = {tex(mk)}$）后，第 3 行的权重是多少？与不加 ALiBi 相比？",
        f"With a causal mask and ALiBi (slope $m_1 = {tex(mk)}$) on the $\\text{{我 爱 你}}$ example, what is row 3 of the "
        "weights, against no ALiBi?",
        f"偏置 ${tex(_row(alibi.step('bias').exact.row(L - 1)))}$，权重 ${tex(_row(after))} \\approx "
        f"{tex(_decimals_row(after))}$；不加 ALiBi 时 ${tex(_decimals_row(before))}$：只有距离 $0$ 的键（“你”自己）权重变大，"
        "其余的键每远一个位置相对权重乘以 $e^{-m_1}$。",
        f"The bias is ${tex(_row(alibi.step('bias').exact.row(L - 1)))}$ and the weights ${tex(_row(after))} \\approx "
        f"{tex(_decimals_row(after))}$, against ${tex(_decimals_row(before))}$ without ALiBi: only the key at distance "
        "$0$ ($\\text{你}$ itself) gains; each step further back multiplies a key's relative weight by $e^{-m_1}$.",
        "alibi")
    add("alibi/extrapolation",
        "ALiBi 为什么能外推到比训练更长的序列？",
        "Why does ALiBi extrapolate to inputs longer than in training?",
        "偏置 $-m\\,(i - j)$ 只依赖距离 $i - j$，不依赖位置本身或序列长度，也没有可学习的位置参数：更长的序列用同一个公式，"
        "远处的键被指数衰减压低，注意力不会被没见过的位置打乱。",
        "The bias $-m\\,(i - j)$ depends on the distance $i - j$ only, never on the positions themselves or the length, "
        "and has no learned parameters: a longer input uses the same formula, and distant keys are damped "
        "exponentially instead of meeting positions never seen in training.", "alibi")

    w = dict(window.meta)["window"]
    add("window/mask",
        f"写出 $L = 5$、宽度 $w = {w}$ 的因果滑动窗口掩码。",
        f"Write the causal sliding-window mask for $L = 5$ and width $w = {w}$.",
        f"$$M = {tex(window_mask(5, w))}$$ 第 $i$ 个词只看 $i - w < j \\le i$：自己和前面 ${w - 1}$ 个词。",
        f"$$M = {tex(window_mask(5, w))}$$ Token $i$ sees $i - w < j \\le i$: itself and the ${w - 1}$ before it.",
        "mask")
    Ls, ws = sp.symbols("L w", positive=True, integer=True)
    big, wide = 32768, 4096
    add("window/pairs",
        "宽度 $w$ 的因果窗口保留多少个 (查询, 键) 对？$L = 32768$、$w = 4096$ 时是因果掩码的几分之几？",
        "How many (query, key) pairs does a causal window of width $w$ keep? At $L = 32768$, $w = 4096$, what "
        "share of the causal mask's?",
        f"${tex(sp.expand(kept_pairs(Ls, ws)))}$（$L \\ge w$），计算量 $O(L w)$ 而不是 $O(L^2)$。这里 "
        f"${tex(kept_pairs(big, wide))}$ 对，因果掩码 ${tex(sp.Integer(big * (big + 1) // 2))}$ 对，比例 "
        f"${tex(sp.Rational(kept_pairs(big, wide), big * (big + 1) // 2))} \\approx "
        f"{approx(sp.Rational(kept_pairs(big, wide), big * (big + 1) // 2))}$。",
        f"${tex(sp.expand(kept_pairs(Ls, ws)))}$ (for $L \\ge w$): work $O(L w)$ instead of $O(L^2)$. Here "
        f"${tex(kept_pairs(big, wide))}$ pairs against the causal ${tex(sp.Integer(big * (big + 1) // 2))}$, a share "
        f"of ${tex(sp.Rational(kept_pairs(big, wide), big * (big + 1) // 2))} \\approx "
        f"{approx(sp.Rational(kept_pairs(big, wide), big * (big + 1) // 2))}$.", "mask")
    k = sp.Symbol("k", positive=True, integer=True)
    add("window/receptive",
        "每层都是宽 $w$ 的滑动窗口，叠 $k$ 层后最远能看到多远？Mistral 7B 呢？",
        "With a sliding window of width $w$ in every layer, how far back can $k$ layers see? And Mistral 7B?",
        f"每层往前 $w - 1$ 个位置，$k$ 层 ${tex(k * (ws - 1))}$。Mistral 7B 的窗口 $W = 4096$ 指每层往前 $4096$ 个位置，"
        f"$32$ 层可达 $32 \\cdot 4096 = {tex(sp.Integer(32 * 4096))}$ 个词。",
        f"Each layer reaches $w - 1$ positions back, $k$ layers ${tex(k * (ws - 1))}$. Mistral 7B's window "
        f"$W = 4096$ counts positions back per layer, so its $32$ layers reach $32 \\cdot 4096 = "
        f"{tex(sp.Integer(32 * 4096))}$ tokens.", "mask")
    add("window/kv-cache",
        f"滑动窗口的 KV cache 要存多少个位置？$L = {big}$、$w = {wide}$ 时是完整缓存的几分之几？",
        f"How many positions does a sliding window's KV cache hold? At $L = {big}$, $w = {wide}$, what share of "
        "the full cache?",
        f"只存最近 $w$ 个（滚动缓冲区：位置 $i$ 写入第 $i \\bmod w$ 格），比例 ${tex(sp.Rational(wide, big))}$。",
        f"Only the last $w$ (a rolling buffer: position $i$ goes to slot $i \\bmod w$), a share of "
        f"${tex(sp.Rational(wide, big))}$.", "kv-cache")
    A = window.step("weights").exact
    n = A.rows - 1
    St = window.step("scaled_scores").exact
    full = masked_softmax_rows(St, window_mask(A.rows, A.rows))[n].weights()
    word = window.tokens[n]
    add("window/example",
        f"五个词 {' '.join(window.tokens)}，宽 $w = {w}$ 的因果窗口：最后一个词 {word} 的权重与不加窗口时相比？",
        f"Five tokens {' '.join(window.tokens)} and a causal window of width $w = {w}$: how do the weights of the "
        f"last token, {word}, compare with no window?",
        f"加窗口 ${tex(_row(A.row(n)))}$，不加窗口 $\\approx {tex(_decimals_row(full))}$：窗口外的键恰好为 $0$，"
        "窗口内的权重是原来的权重除以它们的和（重新归一化）。",
        f"With the window ${tex(_row(A.row(n)))}$; without it $\\approx {tex(_decimals_row(full))}$. Keys outside "
        "the window get exactly $0$; those inside are the old weights divided by their sum (renormalised).", "mask")
    return out


# --- the backward pass and FlashAttention's online softmax (issue 17): numbers from their derivations ---

def _flow_derivations():
    """wo-ai-ni-backward and wo-ai-ni-online-softmax of derivations/, built from their specs."""
    from ..regen import DEFAULT_DIR
    from ..spec import load_spec
    from ..topics import derive
    return tuple(derive(load_spec(DEFAULT_DIR / f"{name}.toml"))
                 for name in ("wo-ai-ni-backward", "wo-ai-ni-online-softmax"))


def gradient_flow_concepts() -> list[Concept]:
    """Cards on dQ, dK, dV and on the tiled softmax with its log-sum-exp."""
    back, online = _flow_derivations()
    out: list[Concept] = []

    def add(key, fz, fe, bz, be, *tags):
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags))

    A, V, dO = back.step("weights").exact, back.step("values").exact, back.step("upstream").exact
    given = f"$A = {tex(A)}$，$V = {tex(V)}$，$dO = {tex(dO)}$"
    given_en = f"$A = {tex(A)}$, $V = {tex(V)}$, $dO = {tex(dO)}$"
    dV, dA, D = back.step("grad_values").exact, back.step("grad_weight").exact, back.step("row_dot").exact
    dSt, dQ = back.step("grad_scaled_scores").exact, back.step("grad_queries").exact
    add("backward/dv",
        "已知 $O = AV$ 和上游梯度 $dO$，$dV$ 是什么？为什么？",
        "Given $O = AV$ and the upstream gradient $dO$, what is $dV$, and why?",
        f"$dV = A^T dO$：$O$ 对 $V$ 是线性的，$o_{{ik}} = \\sum_j a_{{ij}} v_{{jk}}$，所以 $v_{{jk}}$ 收到每个查询 $i$ 的 "
        f"$a_{{ij}}\\, do_{{ik}}$。例子（{given}）中 $dV$ 的第 1 列是 ${tex(dV[:, 0])}$。",
        f"$dV = A^T dO$: $O$ is linear in $V$, $o_{{ik}} = \\sum_j a_{{ij}} v_{{jk}}$, so $v_{{jk}}$ receives "
        f"$a_{{ij}}\\, do_{{ik}}$ from every query $i$. In the example ({given_en}) the first column of $dV$ is "
        f"${tex(dV[:, 0])}$.", "backward")
    add("backward/da",
        "$dA$ 怎么算？它的形状？",
        "How is $dA$ computed, and what is its shape?",
        f"$dA = dO\\, V^T$，形状 $L \\times L$，与 $A$ 相同。例子中 $dA = {tex(dA)}$。",
        f"$dA = dO\\, V^T$, $L \\times L$ like $A$. In the example $dA = {tex(dA)}$.", "backward")
    i0 = 0
    add("backward/softmax",
        "反向穿过按行 softmax：由 $dA$ 求缩放分数的梯度 $d\\tilde{S}$ 的公式？",
        "Back through the row softmax: the formula for the gradient $d\\tilde{S}$ of the scaled scores from $dA$?",
        f"$d\\tilde{{S}} = A \\odot (dA - D\\,\\mathbf{{1}}^T)$，其中 $D = \\operatorname{{rowsum}}(dA \\odot A)$："
        f"每行的雅可比矩阵 $\\operatorname{{diag}}(a) - a a^T$ 作用在该行上。例子中 "
        f"$d\\tilde{{s}}_{{11}} = {tex(dSt[i0, 0])} \\approx {approx(dSt[i0, 0])}$。",
        f"$d\\tilde{{S}} = A \\odot (dA - D\\,\\mathbf{{1}}^T)$ with $D = \\operatorname{{rowsum}}(dA \\odot A)$: each "
        f"row's Jacobian $\\operatorname{{diag}}(a) - a a^T$ applied to that row. In the example "
        f"$d\\tilde{{s}}_{{11}} = {tex(dSt[i0, 0])} \\approx {approx(dSt[i0, 0])}$.", "backward")
    add("backward/rows-sum-to-zero",
        "为什么 $d\\tilde{S}$ 的每一行之和恰好为 $0$？",
        "Why does every row of $d\\tilde{S}$ sum to exactly $0$?",
        "给一整行分数加同一个常数，softmax 不变，所以损失沿全 1 方向的导数为 $0$："
        f"$\\sum_j a_j (da_j - D) = D - D = 0$。例子第 2 行：${tex(dSt.row(1))}$。",
        "Adding one constant to a whole row of scores leaves softmax unchanged, so the loss has zero derivative "
        f"along the ones vector: $\\sum_j a_j (da_j - D) = D - D = 0$. Row 2 of the example: ${tex(dSt.row(1))}$.",
        "backward")
    add("backward/flash-d",
        "FlashAttention 反向传播不存 $A$，如何得到 $D_i = \\sum_j a_{ij}\\, da_{ij}$？",
        "FlashAttention's backward pass keeps no $A$: how does it get $D_i = \\sum_j a_{ij}\\, da_{ij}$?",
        f"$D = \\operatorname{{rowsum}}(dO \\odot O)$：$\\sum_j a_{{ij}} \\sum_k do_{{ik}} v_{{jk}} = \\sum_k do_{{ik}} o_{{ik}}$。"
        f"例子中两种算法都给出 $D = {tex(D)}$（symattn 精确核对差为 $0$）。",
        f"$D = \\operatorname{{rowsum}}(dO \\odot O)$: $\\sum_j a_{{ij}} \\sum_k do_{{ik}} v_{{jk}} = \\sum_k do_{{ik}} o_{{ik}}$. "
        f"In the example both give $D = {tex(D)}$ (symattn checks the difference is exactly $0$).", "backward")
    root = sp.sqrt(dict(back.meta)["d_k"])
    add("backward/dq-dk",
        "由 $d\\tilde{S}$ 求 $dQ$ 和 $dK$；$\\sqrt{d_k}$ 在哪里出现？",
        "From $d\\tilde{S}$ to $dQ$ and $dK$: where does $\\sqrt{d_k}$ appear?",
        f"$\\tilde{{S}} = QK^T/\\sqrt{{d_k}}$，所以 $dQ = d\\tilde{{S}}\\, K / \\sqrt{{d_k}}$，$dK = d\\tilde{{S}}^T Q / \\sqrt{{d_k}}$。"
        f"例子中 $\\sqrt{{d_k}} = {tex(root)}$，$dQ$ 第 2 行为 ${tex(dQ.row(1))}$。",
        f"$\\tilde{{S}} = QK^T/\\sqrt{{d_k}}$, so $dQ = d\\tilde{{S}}\\, K / \\sqrt{{d_k}}$ and "
        f"$dK = d\\tilde{{S}}^T Q / \\sqrt{{d_k}}$. In the example $\\sqrt{{d_k}} = {tex(root)}$ and row 2 of $dQ$ is "
        f"${tex(dQ.row(1))}$.", "backward")
    n = 4096
    add("backward/memory",
        f"序列长 $L = {n}$ 时，标准反向传播要为每个头保存 $A$；FlashAttention-2 只保存每行的 log-sum-exp。各多少个数？",
        f"At $L = {n}$, standard backpropagation keeps $A$ for each head; FlashAttention-2 keeps one log-sum-exp per "
        "row. How many numbers each?",
        f"$A$：$L^2 = {tex(sp.Integer(n) ** 2)}$ 个；log-sum-exp：$L = {n}$ 个，少 ${n}$ 倍（第一版 FlashAttention 存每行的 "
        f"$m$ 和 $\\ell$，${tex(2 * sp.Integer(n))}$ 个）。两者都还要存输出 $O$；反向时用 "
        "$A = \\exp(\\tilde{S} - \\mathrm{lse}\\,\\mathbf{1}^T)$ 逐块重算权重。",
        f"$A$: $L^2 = {tex(sp.Integer(n) ** 2)}$; the log-sum-exp: $L = {n}$, ${n}$ times fewer (the first "
        f"FlashAttention keeps each row's $m$ and $\\ell$, ${tex(2 * sp.Integer(n))}$ numbers). Both also keep the "
        "output $O$; the backward pass recomputes the weights tile by tile as "
        "$A = \\exp(\\tilde{S} - \\mathrm{lse}\\,\\mathbf{1}^T)$.", "backward")

    m1, m2 = online.step("tile_1_max").exact, online.step("tile_2_max").exact
    l1, l2 = online.step("tile_1_sum").exact, online.step("tile_2_sum").exact
    r = next(i for i in range(m1.rows) if m2[i, 0] != m1[i, 0])
    add("online/rescale",
        "在线 softmax 中，新的一块让某行的最大值从 $m$ 变成 $m'$，旧的运行和 $\\ell$ 和输出 $\\tilde{O}$ 要怎么办？",
        "In the online softmax, a new tile raises a row's maximum from $m$ to $m'$. What happens to the old running "
        "sum $\\ell$ and output $\\tilde{O}$?",
        f"都乘以 $e^{{m - m'}}$，再加上新块的 $e^{{s - m'}}$ 项。例子第 {r + 1} 行：$m$ 从 ${tex(m1[r, 0])}$ 变成 "
        f"${tex(m2[r, 0])}$，$\\ell$ 从 ${tex(l1[r, 0])}$ 变成 ${tex(l2[r, 0])}$。",
        f"Both are multiplied by $e^{{m - m'}}$, then the new tile's $e^{{s - m'}}$ terms are added. Row {r + 1} of the "
        f"example: $m$ goes from ${tex(m1[r, 0])}$ to ${tex(m2[r, 0])}$, and $\\ell$ from ${tex(l1[r, 0])}$ to "
        f"${tex(l2[r, 0])}$.", "flash-attention")
    add("online/start",
        "在线 softmax 的初值 $m^{(0)}$、$\\ell^{(0)}$、$\\tilde{O}^{(0)}$ 是什么？第一块之后“我”这一行的 $m$ 和 $\\ell$？",
        "What are the starting values $m^{(0)}$, $\\ell^{(0)}$, $\\tilde{O}^{(0)}$ of the online softmax, and $m$ and "
        "$\\ell$ of the row of $\\text{我}$ after the first tile?",
        f"$m^{{(0)}} = -\\infty$，$\\ell^{{(0)}} = 0$，$\\tilde{{O}}^{{(0)}} = 0$（$e^{{-\\infty}} = 0$ 抹去初值）。"
        f"第一块（我、爱）后：$m = {tex(m1[0, 0])}$，$\\ell = {tex(l1[0, 0])}$。",
        f"$m^{{(0)}} = -\\infty$, $\\ell^{{(0)}} = 0$, $\\tilde{{O}}^{{(0)}} = 0$ ($e^{{-\\infty}} = 0$ wipes them out). "
        f"After the first tile ($\\text{{我}}$, $\\text{{爱}}$): $m = {tex(m1[0, 0])}$, $\\ell = {tex(l1[0, 0])}$.", "flash-attention")
    O = online.step("output").exact
    add("online/exact",
        "为什么分块的在线 softmax 在精确算术中与一次算完的 $\\operatorname{softmax}(\\tilde{S})V$ 相同，而不只是近似？",
        "Why is the tiled online softmax, in exact arithmetic, exactly $\\operatorname{softmax}(\\tilde{S})V$ rather "
        "than an approximation?",
        "每一步只是给分子和分母乘同一个因子 $e^{m - m'}$；最后分子分母都是 $e^{-m}$ 乘以完整的 "
        f"$\\sum_j e^{{s_j}} v_j$ 和 $\\sum_j e^{{s_j}}$。例子中 $o_{{11}} = {tex(O[0, 0])} \\approx {approx(O[0, 0])}$，"
        "symattn 逐项核对差为 $0$，并对两块的一般情形符号证明。浮点数中两者只差舍入误差。",
        "Every step multiplies top and bottom by the same factor $e^{m - m'}$; at the end both are $e^{-m}$ times "
        f"the full $\\sum_j e^{{s_j}} v_j$ and $\\sum_j e^{{s_j}}$. In the example $o_{{11}} = {tex(O[0, 0])} \\approx "
        f"{approx(O[0, 0])}$; symattn checks every difference is exactly $0$ and proves two tiles symbolically. "
        "In floating point the two differ only by rounding.", "flash-attention")
    lse = online.step("logsumexp").exact
    add("online/lse",
        "FlashAttention-2 前向为反向传播保存的 log-sum-exp 是什么？例子第 1 行的值？第一版保存什么？",
        "What log-sum-exp does FlashAttention-2's forward pass keep for the backward pass? Its value for row 1 of "
        "the example? What does the first version keep?",
        f"$\\mathrm{{lse}}_i = m_i + \\log \\ell_i = \\log \\sum_j e^{{\\tilde{{s}}_{{ij}}}}$。例子：$\\mathrm{{lse}}_1 = "
        f"{tex(lse[0, 0])} \\approx {approx(lse[0, 0])}$。FlashAttention 第一版分别保存 $m_i$ 和 $\\ell_i$，"
        "并且每一块都重新归一化输出；只存 $\\mathrm{lse}$、最后才除以 $\\ell$ 是第二版的改动。",
        f"$\\mathrm{{lse}}_i = m_i + \\log \\ell_i = \\log \\sum_j e^{{\\tilde{{s}}_{{ij}}}}$. In the example "
        f"$\\mathrm{{lse}}_1 = {tex(lse[0, 0])} \\approx {approx(lse[0, 0])}$. The first FlashAttention keeps $m_i$ and "
        "$\\ell_i$ apart and normalises the output at every tile; keeping only $\\mathrm{lse}$ and dividing by "
        "$\\ell$ once at the end are FlashAttention-2's changes.", "flash-attention")
    return out
