"""The ten interview questions no card covered (issue 26): positions, FlashAttention's IO and its two
versions, prefill against decode, the backward pass's cost, long-context RoPE, serving the KV cache,
numerics, sparse and linear attention, and why several heads.  Every number comes from a topic's
derivation or function (symattn.topics.pe, online_softmax, kv_cache, backward, heads, masks) or from a
SymPy/mpmath computation here; each card names its sources.
"""

from __future__ import annotations

import sympy as sp

from ..model import Text
from ..sources import cite
from ..topics._display import decimal
from ._tex import approx, tex
from .model import Concept

__all__ = ["interview_concepts", "LONG_CONTEXT", "SERVING", "NUMERICS", "SPARSE"]

#: RoPE from 4096 to 16384 tokens: the scale s, a head of d = 128 and the usual base
LONG_CONTEXT = {"train": 4096, "target": 16384, "d": 128, "base": 10000}
#: serving: a paged block of 16 tokens, a prompt prefix of 1000 tokens shared by 8 requests
SERVING = {"block": 16, "prefix": 1000, "requests": 8}
#: numerics: the significand bits of bf16 and fp16 (the formats' definitions), a Gemma-2-style soft cap
#: of 50 on a raw score of 100
NUMERICS = {"bf16_bits": 8, "fp16_bits": 11, "cap": 50, "score": 100}
#: sparse and linear attention at L = 4096, a window of 512, heads of d = 64
SPARSE = {"L": 4096, "w": 512, "d": 64}


def _row(values) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix([list(values)])


def _derivation(name):
    from ..regen import DEFAULT_DIR
    from ..spec import load_spec
    from ..topics import derive
    return derive(load_spec(DEFAULT_DIR / f"{name}.toml"))


def interview_concepts() -> list[Concept]:
    out: list[Concept] = []

    def add(key, fz, fe, bz, be, sources, *tags):
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags, sources))

    # 1. positions: permutation equivariance and the sinusoidal encodings -----------------------
    pe = _derivation("wo-ai-ni-pe")
    PE, M1 = pe.step("encodings").exact, pe.step("shift_map").exact
    zero = pe.step("permuted_minus_reordered").exact
    om = pe.step("frequencies").exact
    add("pe/why",
        "注意力为什么需要位置编码？正弦位置编码怎么算，有什么性质？",
        "Why does attention need positions, and how do sinusoidal encodings work?",
        "不加位置时注意力是置换等变的：把词重排成 $PX$，$\\operatorname{softmax}(PSP^T)PV = P\\,\\operatorname{softmax}(S)V$，"
        f"输出只是同样地重排（“我 爱 你”与“你 爱 我”逐项相减，差为 ${tex(zero)}$），模型分不出词序。正弦编码 "
        "$PE_{p,2i} = \\sin(p\\,\\omega_i)$、$PE_{p,2i+1} = \\cos(p\\,\\omega_i)$，$\\omega_i = 10000^{-2i/d}$"
        f"（$d = {PE.cols}$ 时 $\\omega = {tex(om)}$），位置 1 的编码 ${tex(_row(PE.row(1)))}$。"
        "$PE(p + k) = PE(p) M_k$，$M_k$ 由每个频率一个旋转块组成、只依赖 $k$："
        f"$$M_1 = {tex(M1)}$$",
        "Without positions attention is permutation-equivariant: reorder the tokens as $PX$ and "
        "$\\operatorname{softmax}(PSP^T)PV = P\\,\\operatorname{softmax}(S)V$, the outputs only reordered (for "
        f"$\\text{{我 爱 你}}$ against $\\text{{你 爱 我}}$ the difference is ${tex(zero)}$), so the model cannot tell word "
        "order. The sinusoidal encodings are $PE_{p,2i} = \\sin(p\\,\\omega_i)$, $PE_{p,2i+1} = \\cos(p\\,\\omega_i)$, "
        f"$\\omega_i = 10000^{{-2i/d}}$ ($\\omega = {tex(om)}$ at $d = {PE.cols}$); position 1 is "
        f"${tex(_row(PE.row(1)))}$. $PE(p + k) = PE(p) M_k$ with $M_k$ one rotation block per frequency, depending "
        f"on $k$ only: $$M_1 = {tex(M1)}$$",
        (cite("vaswani2017", "3.5"),), "theory")

    # 2. FlashAttention's IO complexity -------------------------------------------------------------
    from ..topics.online_softmax import FLASH_SIZES, causal_tiles, io_costs
    z = FLASH_SIZES
    c = io_costs(z["N"], z["d"], z["M"])
    add("flash/io",
        "FlashAttention 的 IO 复杂度是多少？分块大小怎么取？",
        "What is FlashAttention's IO complexity, and how are its block sizes chosen?",
        f"标准注意力读写显存 $\\Theta(Nd + N^2)$ 个数，FlashAttention $\\Theta(N^2 d^2 / M)$（$M$ 为 SRAM 能放的数）。"
        f"$N = {z['N']}$、$d = {z['d']}$、$M = {z['M']}$ 时主项为 ${tex(c['standard'])}$ 对约 ${approx(c['flash'], 0)}$，"
        f"少 ${approx(c['ratio'], 3)}$ 倍。列块 $B_c = \\lceil M/4d \\rceil = {c['B_c']}$，行块 "
        f"$B_r = \\min(B_c, d) = {c['B_r']}$。它不减少计算量（仍是 $O(N^2 d)$），减少的是显存读写：$S$ 和 $P$ 从不写回显存。",
        f"Standard attention reads and writes $\\Theta(Nd + N^2)$ numbers of HBM, FlashAttention "
        f"$\\Theta(N^2 d^2 / M)$ ($M$ the numbers the SRAM holds). At $N = {z['N']}$, $d = {z['d']}$, $M = {z['M']}$ the "
        f"leading terms are ${tex(c['standard'])}$ against about ${approx(c['flash'], 0)}$, "
        f"${approx(c['ratio'], 3)}$ times fewer. Column blocks $B_c = \\lceil M/4d \\rceil = {c['B_c']}$, row blocks "
        f"$B_r = \\min(B_c, d) = {c['B_r']}$. The work stays $O(N^2 d)$; what shrinks is the memory traffic, since $S$ "
        "and $P$ never go back to HBM.",
        (cite("dao2022", "3.2", ("定理 2", "Theorem 2")), cite("dao2022", "3.1", ("算法 1", "Algorithm 1"))),
        "flash-attention")

    # 3. prefill against decode ----------------------------------------------------------------------
    from ..topics.kv_cache import LLAMA2_70B, _sizes
    kv = _derivation("wo-ai-ni-kv-cache")
    L, d = kv.step("keys").exact.shape
    s = _sizes()
    add("kv-cache/prefill-decode",
        "推理的预填充（prefill）和解码（decode）有什么不同？为什么解码受显存带宽限制？",
        "How do prefill and decode differ at inference, and why is decoding bound by memory bandwidth?",
        f"预填充把整个提示一次算完（“我 爱 你”：$QK^T$ 一次 ${L * L * d}$ 次乘法），写满 KV cache，矩阵乘法受算力限制。"
        f"解码每步只有一个新词（各步 ${tex(_row([t * d for t in range(1, L + 1)]))}$ 次乘法），却要读完全部权重和整个缓存。"
        f"注意力每读一个字节只做 $\\frac{{2 n_q}}{{n_{{kv}} b}}$ 次运算，fp16 时 $n_q / n_{{kv}}$："
        f"Llama-2-70B 为 ${tex(s['intensity'])}$，远低于 GPU 的算力与带宽之比，所以批量合并请求、GQA 这类减少读取的办法才有效。",
        f"Prefill runs the whole prompt at once (for $\\text{{我 爱 你}}$, one $QK^T$ of ${L * L * d}$ multiplications) "
        "and fills the KV cache: matrix products, bound by compute. Decoding brings one new token a step "
        f"(${tex(_row([t * d for t in range(1, L + 1)]))}$ multiplications per step) yet reads all the weights and the "
        "whole cache. Attention does only $\\frac{2 n_q}{n_{kv} b}$ FLOP per byte read, $n_q / n_{kv}$ in fp16: "
        f"${tex(s['intensity'])}$ for Llama-2-70B, far below a GPU's ratio of compute to bandwidth, which is why "
        "batching requests and reading less (GQA) pay off.",
        (cite("pope2022"), cite("shazeer2019")), "decoding")

    # 4. FlashAttention-1 against -2 ------------------------------------------------------------------
    T = -(-z["N"] // z["tile"])
    tiles = [tuple(range(i * z["tile"], (i + 1) * z["tile"])) for i in range(T)]
    kept, total = causal_tiles(tiles, tiles)
    add("flash/fa1-fa2",
        "FlashAttention 第一版和第二版有什么区别？",
        "How does FlashAttention-2 differ from the first FlashAttention?",
        f"第一版外层循环键值块、内层循环查询块，每个内层步骤都读写 $O_i, \\ell_i, m_i$（输出写 $T_c$ 次：$N = {z['N']}$、"
        f"$d = {z['d']}$、$M = {z['M']}$ 时 ${c['T_c']}$ 次），"
        "每块都重新归一化，并为反向传播保存 $m$ 和 $\\ell$。第二版外层循环查询块（按序列长度在线程块间并行），"
        "内层循环键值块；输出不归一化、最后除一次 $\\ell$，只保存 $L = m + \\log \\ell$；减少非矩阵乘法的运算，"
        f"并跳过因果掩码下整块在未来的块（$N = {z['N']}$、${z['tile']} \\times {z['tile']}$ 的块：${total}$ 块只算 ${kept}$ 块）。",
        "The first runs the outer loop over key/value blocks and the inner loop over query blocks, reading and "
        f"writing $O_i, \\ell_i, m_i$ at every inner step (the output is written $T_c$ times: ${c['T_c']}$ at "
        f"$N = {z['N']}$, $d = {z['d']}$, $M = {z['M']}$), "
        "normalises at every block and keeps $m$ and $\\ell$ for the backward pass. The second runs the outer loop "
        "over query blocks (parallel over the sequence, one thread block each) and the inner loop over key/value "
        "blocks; it keeps the output unnormalised and divides by $\\ell$ once at the end, keeps only "
        "$L = m + \\log \\ell$, cuts the non-matmul FLOPs, and skips the blocks a causal mask leaves wholly in the "
        f"future ($N = {z['N']}$ in ${z['tile']} \\times {z['tile']}$ blocks: ${kept}$ of ${total}$ computed).",
        (cite("dao2022", "3.1", ("算法 1", "Algorithm 1")), cite("dao2023", "3.1"), cite("dao2023", "3.2")),
        "flash-attention")

    # 5. the cost of the backward pass ----------------------------------------------------------------
    from ..topics.backward import matmul_counts
    m = matmul_counts()
    back = _derivation("wo-ai-ni-backward")
    add("backward/cost",
        "注意力的反向传播要多少次矩阵乘法？标准实现和 FlashAttention 各存什么？",
        "How many matrix products does attention's backward pass take, and what do the standard implementation "
        "and FlashAttention keep?",
        f"前向 ${m['forward']}$ 次（$QK^T$、$AV$），${tex(m['forward_flops'])}$ 次浮点运算。标准反向 ${m['standard']}$ 次"
        f"（$dV = A^T dO$、$dA = dO\\,V^T$、$dQ = dS\\,K$、$dK = dS^T Q$），要保存每个头的 $A$（$L^2$ 个数）。"
        f"FlashAttention 不存 $A$，只存 $O$ 和每行的 log-sum-exp，反向时先重算 $S$：共 ${m['flash']}$ 次、"
        f"${tex(m['flash_flops'])}$ 次运算，是前向的 ${approx(m['ratio'], 1)}$ 倍。因果掩码下 $A$ 为 $0$ 处梯度也为 $0$"
        f"（例子：${tex(back.step('grad_scaled_scores_causal').exact.row(0))}$）。",
        f"The forward pass is ${m['forward']}$ products ($QK^T$, $AV$), ${tex(m['forward_flops'])}$ FLOPs. The standard "
        f"backward pass is ${m['standard']}$ ($dV = A^T dO$, $dA = dO\\,V^T$, $dQ = dS\\,K$, $dK = dS^T Q$) and keeps "
        "every head's $A$ ($L^2$ numbers). FlashAttention keeps no $A$, only $O$ and each row's log-sum-exp, and first "
        f"recomputes $S$: ${m['flash']}$ products, ${tex(m['flash_flops'])}$ FLOPs, ${approx(m['ratio'], 1)}$ times the "
        "forward. Under a causal mask the gradient is $0$ wherever $A$ is (the example's first row: "
        f"${tex(back.step('grad_scaled_scores_causal').exact.row(0))}$).",
        (cite("dao2022", "B"), cite("dao2023", "3.1.2")), "backward")

    # 6. RoPE for long contexts ---------------------------------------------------------------------
    lc = LONG_CONTEXT
    scale = sp.Rational(lc["target"], lc["train"])
    last = lc["target"] - 1
    ntk = lc["base"] * scale ** sp.Rational(lc["d"], lc["d"] - 2)
    temp = sp.Rational(1, 10) * sp.log(scale) + 1
    add("rope/long-context",
        f"一个训练长度 {lc['train']} 的 RoPE 模型要用到 {lc['target']} 个词，有哪些办法？",
        f"A RoPE model trained on {lc['train']} tokens must run on {lc['target']}: what are the options?",
        f"倍数 $s = {tex(scale)}$。位置插值（PI）：位置乘以 $1/s$，最后一个位置 ${last}$ 变成 ${approx(sp.Rational(last) / scale, 2)}$，"
        "落回训练过的范围，再微调少量步数；但高频维度也被压缩。NTK-aware：不缩位置、增大底数，"
        f"$b' = b\\, s^{{d/(d-2)}}$（$d = {lc['d']}$：${approx(ntk, 0)}$），高频几乎不变、低频被插值。"
        "YaRN：按频率分段（高频不动、低频插值、中间过渡），再把注意力的 logits 乘以温度，"
        f"$\\sqrt{{1/t}} = 0.1 \\ln s + 1 = {approx(temp, 4)}$。也可以直接用更大的底数重新训练长上下文。",
        f"The factor is $s = {tex(scale)}$. Position interpolation (PI) multiplies positions by $1/s$: the last "
        f"position ${last}$ becomes ${approx(sp.Rational(last) / scale, 2)}$, back inside the trained range, then a short "
        "fine-tune; but the high frequencies are squeezed too. NTK-aware scaling keeps the positions and raises "
        f"the base, $b' = b\\, s^{{d/(d-2)}}$ (${approx(ntk, 0)}$ at $d = {lc['d']}$): high frequencies barely change, "
        "low ones are interpolated. YaRN interpolates by frequency band (high kept, low interpolated, a ramp "
        f"between) and scales the logits by a temperature, $\\sqrt{{1/t}} = 0.1 \\ln s + 1 = {approx(temp, 4)}$. Or "
        "train the long context with a larger base from the start.",
        (cite("chen2023"), cite("peng2023", "3")), "rope")

    # 7. serving the KV cache -------------------------------------------------------------------------
    sv = SERVING
    per = s["per_token"]

    def kib(bits):  # the cache of one token with numbers of this many bits instead of fp16's
        return sp.Rational(per * bits, 8 * LLAMA2_70B["bytes"] * 2 ** 10)
    add("kv-cache/serving",
        "实际服务中怎么管理 KV cache？（分页、前缀缓存、量化）",
        "How is the KV cache managed when serving? (paging, prefix caching, quantisation)",
        f"Llama-2-70B 每个词 ${tex(s['kib'])}$ KiB。分页（vLLM 的 PagedAttention）：缓存切成固定大小的块（例如 ${sv['block']}$ 个词，"
        f"一块 ${tex(sp.Rational(per * sv['block'], 2 ** 20))}$ MiB），按需分配、用块表映射，不必为最大长度预留连续显存，"
        f"浪费只在最后一块。前缀缓存：{sv['requests']} 个请求共用 ${sv['prefix']}$ 个词的系统提示时，只存一份，省下 "
        f"${tex(decimal(sp.Rational(per * sv['prefix'] * (sv['requests'] - 1), 2 ** 20)))}$ MiB。量化：int8 每个词 "
        f"${tex(kib(8))}$ KiB，4 位 ${tex(kib(4))}$ KiB。",
        f"Llama-2-70B needs ${tex(s['kib'])}$ KiB per token. Paging (vLLM's PagedAttention) cuts the cache into "
        f"fixed blocks (say ${sv['block']}$ tokens, ${tex(sp.Rational(per * sv['block'], 2 ** 20))}$ MiB a block), "
        "allocated on demand and mapped by a block table, so no contiguous memory is reserved for the longest "
        f"sequence and only the last block wastes space. Prefix caching: {sv['requests']} requests sharing a "
        f"${sv['prefix']}$-token system prompt store it once, saving "
        f"${tex(decimal(sp.Rational(per * sv['prefix'] * (sv['requests'] - 1), 2 ** 20)))}$ MiB. Quantisation: int8 takes "
        f"${tex(kib(8))}$ KiB per token, 4 bits ${tex(kib(4))}$ KiB.",
        (cite("kwon2023", "4"), cite("touvron2023", "2.2", ("表 1", "Table 1"))), "decoding")

    # 8. numerics ----------------------------------------------------------------------------------------
    from ..topics.masks import fp16_mask_facts
    nm = NUMERICS
    eps_bf, eps_fp = sp.Integer(2) ** (1 - nm["bf16_bits"]), sp.Integer(2) ** (1 - nm["fp16_bits"])
    f16 = fp16_mask_facts()
    capped = nm["cap"] * sp.tanh(sp.Rational(nm["score"], nm["cap"]))
    add("numerics/attention",
        "用 bf16/fp16 训练时，注意力在数值上要注意什么？",
        "What numerical care does attention need when training in bf16 or fp16?",
        f"softmax（求和与指数）用 fp32 算：bf16 的机器精度是 $2^{{{1 - nm['bf16_bits']}}} = {tex(eps_bf)}$，fp16 是 ${tex(eps_fp)}$，"
        "在 bf16 里把许多小权重加到一起会被舍掉。掩码常数：fp16 用 $-\\infty$ 或 "
        f"$\\texttt{{finfo.min}} = {tex(f16['min'])}$，后者再减 ${f16['overflow_at']}$ 就溢出成 $-\\infty$，全遮住的一行给出均匀权重而不是 NaN。"
        "QK-norm：先对 $q$、$k$ 做归一化再点积，分数有界，大模型训练时 logits 不会失控。"
        f"Soft-capping（Gemma 2）：$s \\to c \\tanh(s / c)$，$c = {nm['cap']}$ 时分数 ${nm['score']}$ 变成 "
        f"${approx(capped, 2)}$，永远在 $(-c, c)$ 内。",
        "Run the softmax (its exponentials and sum) in fp32: bf16's machine epsilon is "
        f"$2^{{{1 - nm['bf16_bits']}}} = {tex(eps_bf)}$, fp16's ${tex(eps_fp)}$, and in bf16 many small weights added together are lost "
        "to rounding. Masking constants: in fp16 use $-\\infty$ or "
        f"$\\texttt{{finfo.min}} = {tex(f16['min'])}$; the latter overflows to $-\\infty$ once ${f16['overflow_at']}$ is "
        "subtracted, and gives a fully masked row uniform weights instead of NaN. QK-norm normalises $q$ and $k$ "
        "before the dot product, so scores stay bounded and large models' logits do not blow up. Soft-capping "
        f"(Gemma 2): $s \\to c \\tanh(s / c)$; with $c = {nm['cap']}$ a score of ${nm['score']}$ becomes "
        f"${approx(capped, 2)}$, always inside $(-c, c)$.",
        (cite("dehghani2023"), cite("gemma2024"), cite("pytorch_sdpa")), "softmax")

    # 9. sparse and linear attention ------------------------------------------------------------------
    sa = SPARSE
    Ls, w, dd = sa["L"], sa["w"], sa["d"]
    full, strided, window, linear = Ls * Ls, Ls * sp.sqrt(Ls), Ls * w, Ls * dd * dd
    add("efficient/sparse-linear",
        "稀疏注意力和线性注意力怎样绕开 $O(L^2)$？各有什么代价？",
        "How do sparse and linear attention avoid $O(L^2)$, and at what price?",
        f"$L = {Ls}$ 时完整注意力有 $L^2 = {tex(full)}$ 个分数。稀疏：Sparse Transformer 的分步模式每个词看约 $\\sqrt{{L}}$ 个位置，"
        f"$L\\sqrt{{L}} = {tex(strided)}$；滑动窗口（Longformer，$w = {w}$）$Lw = {tex(window)}$，靠叠层和全局词看远处。"
        "线性注意力把 $\\operatorname{softmax}(QK^T)$ 换成核 $\\phi(Q)\\phi(K)^T$，用结合律先算 "
        f"$\\phi(K)^T V$（$d \\times d$）：$O(L d^2)$，$d = {dd}$ 时 ${tex(linear)}$，因果时可写成 RNN、解码每步常数内存。"
        "代价：稀疏会漏掉模式外的依赖；线性注意力不是 softmax，精度通常较差。FlashAttention 则保持精确、只减显存读写。",
        f"At $L = {Ls}$ full attention has $L^2 = {tex(full)}$ scores. Sparse: the Sparse Transformer's strided "
        f"pattern lets each token see about $\\sqrt{{L}}$ positions, $L\\sqrt{{L}} = {tex(strided)}$; a sliding window "
        f"(Longformer, $w = {w}$) $Lw = {tex(window)}$, reaching far through stacked layers and global tokens. Linear "
        "attention replaces $\\operatorname{softmax}(QK^T)$ by a kernel $\\phi(Q)\\phi(K)^T$ and by associativity "
        f"computes $\\phi(K)^T V$ ($d \\times d$) first: $O(L d^2)$, ${tex(linear)}$ at $d = {dd}$, and when causal "
        "it is an RNN with constant memory per decoding step. The price: sparsity misses dependencies outside its "
        "pattern, and linear attention is not softmax, usually less accurate. FlashAttention stays exact and only "
        "cuts memory traffic.",
        (cite("child2019"), cite("beltagy2020", "3.1"), cite("katharopoulos2020", "3")), "theory")

    # 10. why several heads ---------------------------------------------------------------------------
    from ..topics.heads import mha_costs
    mh = _derivation("wo-ai-ni-mha")
    cost = mha_costs()
    a1, a2 = mh.step("head1_weights").exact.row(0), mh.step("head2_weights").exact.row(0)
    from .. import derive_article
    one = derive_article().step("weights").exact.row(0)
    d_h, width, heads = dict(mh.meta)["d_h"], mh.step("queries").exact.cols, dict(mh.meta)["heads"]
    dec = lambda r: _row([sp.Float(approx(x), 4) for x in r])
    add("mha/why-heads",
        "为什么用多个头，而不是一个同样宽的大头？",
        "Why several heads rather than one head of the same width?",
        f"代价相同：$h$ 个宽 $d/h$ 的头参数 ${tex(cost['params'])}$、打分计算量 ${tex(cost['work'])}$，与一个宽 $d$ 的头一样。"
        "区别在 softmax：每个头各有一个分布，可以同时关注不同的位置和子空间；一个头只能给出一个加权平均。"
        f"“我 爱 你”中“我”在 {heads} 个宽 {d_h} 的头里的权重是 ${tex(dec(a1))}$ 和 ${tex(dec(a2))}$，一个宽 {width} 的头是 "
        f"${tex(dec(one))}$。"
        "代价是每个头的 $d_h$ 变小，点积的表达力也小；头太多时 $d_h$ 过小。",
        f"The cost is the same: $h$ heads of width $d/h$ have ${tex(cost['params'])}$ parameters and score work "
        f"${tex(cost['work'])}$, like one head of width $d$. The difference is the softmax: each head has its own "
        "distribution, so heads can attend to different positions and subspaces at once, where one head gives a "
        f"single weighted average. In $\\text{{我 爱 你}}$ the first token's weights are ${tex(dec(a1))}$ and "
        f"${tex(dec(a2))}$ in {heads} heads of width {d_h}, and ${tex(dec(one))}$ in one head of width {width}. The price is a "
        "smaller $d_h$ per head, a less expressive dot product; with too many heads $d_h$ becomes too small.",
        (cite("vaswani2017", "3.2.2"),), "mha")
    return out
