"""Issue 26: the sentences an expert reviewer found wrong or loose stay fixed, in both languages.

Each row names a generated text (a document of derivations/ as regen writes it, or a card's back),
what must never come back, and what the fixed sentence says.  The numbers the new sentences print
are checked against numpy and, where installed, torch at the end.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from symattn.cards import concepts
from symattn.regen import DEFAULT_DIR, outputs
from symattn.spec import load_spec


@functools.lru_cache(maxsize=None)
def document(stem: str, lang: str) -> str:
    """The Markdown of derivations/STEM.toml in one language, as regen writes it now."""
    spec_path = DEFAULT_DIR / f"{stem}.toml"
    main = load_spec(spec_path).lang
    name = f"{stem}.md" if lang == main else f"{stem}.{lang}.md"
    return outputs(spec_path)[Path(spec_path.parent / name)]


@functools.lru_cache(maxsize=1)
def _cards() -> dict:
    return {c.key: c for c in concepts()}


def card(key: str, lang: str) -> str:
    c = _cards()[key]
    return c.front[lang] + "\n" + c.back[lang]


# (what, text of zh, text of en) -> never (zh, en), always (zh, en)
DOCS = [
    # 1. MLA: the rotation sits between q_m and W_UK^T, not between W_UK^T and c_KV^T
    ("wo-ai-ni-mla", ("夹在 $W_{UK}^{T}$ 和 $c_{KV}^{T}$ 中间", "would sit between $W_{UK}^{T}$ and $c_{KV}^{T}$"),
     ("夹在 $q_{m}$ 和 $W_{UK}^{T}$ 之间", "sits between $q_{m}$ and $W_{UK}^{T}$")),
    # 2. Backward: FlashAttention keeps no A; O and one log-sum-exp per row (FA2), m and l (FA1)
    ("wo-ai-ni-backward", ("FlashAttention 还要用到", "FlashAttention uses $O$ too"),
     ("FlashAttention 根本不存 $A$", "FlashAttention keeps no $A$ at all")),
    ("wo-ai-ni-backward", ("反向传播要用到前向的 $A$ 和 $V$；", "reuses $A$ and $V$ from the forward pass;"),
     ("第一版存每行的 $m$ 和 $\\ell$", "the first version stores each row's $m$ and $\\ell$")),
    # 3. KV cache: the new row q_t K^T costs the same with or without a cache
    ("wo-ai-ni-kv-cache", ("不用缓存则要重算", "without the cache it would recompute"),
     ("有没有缓存都一样", "with or without a cache")),
    ("wo-ai-ni-kv-cache", ("不用缓存则要重算", "without the cache it would recompute"),
     ("下面各层的隐藏状态", "hidden states through the layers below")),
    ("wo-ai-ni-kv-cache", ("不重算前面的词。", "recomputes no earlier token."),
     ("每一层都是因果的", "every layer to be causal")),
    # 4. ALiBi: only distance 0 gains; 爱 at distance 1 loses
    ("wo-ai-ni-alibi", ("近处的键权重变大，远处的变小", "Nearby keys gain, distant ones lose"),
     ("变大的只有距离为 $0$ 的键；$\\text{爱}$（距离 $1$）从 $0.2741$ 降到 $0.2567$",
      "Only the key at distance $0$ gains; $\\text{爱}$ (distance $1$) drops from $0.2741$ to $0.2567$")),
    # 5. Sliding window: O(L^2 d) -> O(L w d) for the work; L -> w positions for the cache
    ("sliding-window", ("打分的计算量和 KV cache 都从", "the score work and the KV cache shrink from"),
     ("打分的计算量从 $O\\left(L^{2} d\\right)$ 降到 $O\\left(L w d\\right)$",
      "the score work goes from $O\\left(L^{2} d\\right)$ to $O\\left(L w d\\right)$")),
    ("sliding-window", ("打分的计算量和 KV cache 都从", "and the KV cache shrink"),
     ("KV cache 从 $L$ 个位置降到只保留最近 $w$ 个", "The KV cache goes from $L$ positions to the last $w$ only")),
    # loose: online softmax
    ("wo-ai-ni-online-softmax", ("按每块 2 个分成", "in 2 tiles of 2"),
     ("把 3 个键分成 2 块：我 爱 | 你（每块至多 $B_{c} = 2$ 个键，最后一块只剩 1 个）",
      "The 3 keys in 2 tiles, 我 爱 | 你 (at most $B_{c} = 2$ keys per tile, the last one holding the 1 left)")),
    ("wo-ai-ni-online-softmax", ("而算出完全相同的结果", "still gets exactly the same result"),
     ("在精确算术中与一次算完完全相同（浮点数中只差舍入误差）", "in exact arithmetic (up to rounding in floating point)")),
    ("wo-ai-ni-online-softmax", ("\x00", "\x00"), ("Milakov 与 Gimelshein", "Milakov and Gimelshein")),
    ("wo-ai-ni-online-softmax", ("\x00", "\x00"),
     ("是 FlashAttention-2 的做法；FlashAttention 第一版每一块都重新归一化输出，并保留 $m$ 和 $\\ell$",
      "are FlashAttention-2's choices; the first FlashAttention normalises the output at every tile and keeps "
      "$m$ and $\\ell$")),
    # loose: softmax gradient
    ("wo-ai-ni-softmax-gradient", ("梯度小了约", "the gradient is about $1.29 \\times 10^{5}$ times smaller"),
     ("这两个雅可比矩阵差约 $1.29 \\times 10^{5}$ 倍", "the two Jacobians differ by a factor of about "
                                                   "$1.29 \\times 10^{5}$")),
    ("wo-ai-ni-softmax-gradient", ("\x00", "\x00"),
     ("对 $Q K^{T}$ 的梯度约小 $4.66 \\times 10^{3}$ 倍", "with respect to $Q K^{T}$ the unscaled gradient is about "
                                                    "$4.66 \\times 10^{3}$ times smaller")),
    ("wo-ai-ni-softmax-gradient", ("即 $\\partial L / \\partial z = J \\, ", "$: $\\partial L / \\partial z = J \\, "),
     ("$\\partial L / \\partial z = J^T \\, \\partial L / \\partial a$", "$\\partial L / \\partial z = J^T \\, "
                                                                       "\\partial L / \\partial a$")),
    # loose: why sqrt(d_k)
    ("why-sqrt-dk", ("分数的典型差距是 $16 \\sqrt{3}$", "scores typically differ by the order of $16 \\sqrt{3}$"),
     ("一个分数的标准差是 $16 \\sqrt{3}$", "one score has standard deviation $16 \\sqrt{3}$")),
    ("why-sqrt-dk", ("\x00", "\x00"), ("差的标准差是 $\\sqrt{2 \\cdot 768} = 16 \\sqrt{6}", "its standard deviation is "
                                                                                         "$\\sqrt{2 \\cdot 768} = 16 \\sqrt{6}")),
    ("why-sqrt-dk", ("\x00", "\x00"), ("是 BERT-base 的 $d_{model}$", "is BERT-base's $d_{model}$")),
    ("why-sqrt-dk", ("\x00", "\x00"), ("$d_k = 768 / 12 = 64$", "$d_k = 768 / 12 = 64$")),
    ("why-sqrt-dk", ("\x00", "\x00"), ("不相关，但共用 $q$，并不独立", "uncorrelated, though not independent")),
    # loose: MLA
    ("wo-ai-ni-mla", ("缓存只存 $c_{KV}$", "the cache keeps $c_{KV}$ only"),
     ("用 RoPE 时再加一个所有头共享的解耦键 $k^{R}$", "with RoPE, one decoupled key $k^{R}$ shared by all heads")),
    ("wo-ai-ni-mla", ("\x00", "\x00"), ("GQA 一列的 $n_{g} = 8$ 是假设的对照", "$n_{g} = 8$ is a hypothetical comparison")),
    ("wo-ai-ni-mla", ("2 \\left(2 + 4\\right)", "2 \\left(2 + 4\\right)"),
     ("2 \\left(4 + 2\\right) & 1 \\left(4 + 2\\right) & 4 + 2 & 3 + 0",
      "2 \\left(4 + 2\\right) & 1 \\left(4 + 2\\right) & 4 + 2 & 3 + 0")),
    ("wo-ai-ni-mla", ("\x00", "\x00"),
     ("吸收把每个头的点积从 $128$ 个数加宽到 $512$ 个", "absorption widens each head's dot product from $128$ to $512$")),
    # loose: cross-attention, padding
    ("wo-ai-ni-cross", ("只算一次：", "are computed once: every"),
     ("在每个解码器层各算一次，每层用自己的 $W_{K}$ 和 $W_{V}$", "computed once per decoder layer, each layer with its "
                                                              "own $W_{K}$ and $W_{V}$")),
    ("wo-ai-ni-cross", ("\x00", "\x00"), ("仍需要源序列的填充掩码", "still needs the source's padding mask")),
    ("padding-mask", ("损失和后续层都忽略填充位置", "the loss and later layers ignore padded positions"),
     ("后面各层照样计算这一行", "Later layers still compute it")),
    ("padding-mask", ("\x00", "\x00"), ("损失也不把它当作预测目标", "the loss ignores it as a target")),
    # loose: ALiBi
    ("wo-ai-ni-alibi", ("公比 $\\frac{1}{4}$：", "geometric sequence with ratio $\\frac{1}{4}$:"),
     ("首项和公比都是 $2^{- \\frac{8}{h}}$，这里 $2^{- \\frac{8}{4}} = \\frac{1}{4}$",
      "first term and ratio are both $2^{- \\frac{8}{h}}$, here $2^{- \\frac{8}{4}} = \\frac{1}{4}$")),
    ("wo-ai-ni-alibi", ("\x00", "\x00"), ("是双向的推广，论文里没有", "is the bidirectional extension, not in the paper")),
    # loose: RoPE
    ("wo-ai-ni-rope", ("第 $i$ 维与第 $i + 2$ 维配对", "pairs coordinate $i$ with $i + 2$ instead"),
     ("第 $i$ 维与第 $i + d/2$ 维（这里 $i + 2$）", "coordinate $i$ with coordinate $i + d/2$ (here $i + 2$)")),
    ("wo-ai-ni-rope-half", ("第 $i$ 维与第 $i + 2$ 维一起", "rotates with coordinate $i + 2$ by"),
     ("$W_Q$、$W_K$ 各列的一个固定置换", "one fixed permutation of the columns of $W_Q$ and $W_K$")),
    ("wo-ai-ni-rope", ("\x00", "\x00"), ("LLaMA 权重", "LLaMA conversion permutes Meta's weights")),
    # loose: GQA is a check, not a proof
    ("wo-ai-ni-gqa", ("证明：GQA = 重复 K/V 的 MHA", "Proof: GQA = MHA with repeated K/V"),
     ("核对：GQA = 重复 K/V 的 MHA", "Check: GQA = MHA with repeated K/V")),
    ("wo-ai-ni-mqa", ("证明：GQA", "Proof: GQA"), ("按定义这就成立", "This holds by construction")),
]


@pytest.mark.parametrize("stem, never, always", DOCS, ids=[f"{d[0]}-{i}" for i, d in enumerate(DOCS)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_fixed_sentence_of_a_document_stays_fixed(stem, never, always, lang):
    k = 0 if lang == "zh" else 1
    text = document(stem, lang)
    assert never[k] not in text
    assert always[k] in text


CARDS = [
    ("mla/rope", ("夹在 $W_{UK}^T$ 和 $c_{KV}^T$ 之间", "between $W_{UK}^T$ and $c_{KV}^T$"),
     ("夹在 $q_m$ 和 $W_{UK}^T$ 之间", "sits between $q_m$ and $W_{UK}^T$")),
    ("kv-cache/no-q", ("不必重算整个 $QK^T$", "instead of recomputing all of $QK^T$"),
     ("有没有缓存都一样", "with or without a cache")),
    ("kv-cache/equals-causal", ("\x00", "\x00"), ("每一层都是因果的", "every layer to be causal")),
    ("alibi/article", ("近处的“你”权重变大", "the nearby key gains"),
     ("只有距离 $0$ 的键（“你”自己）权重变大", "only the key at distance $0$ ($\\text{你}$ itself) gains")),
    ("alibi/slopes", ("先取 8 个头的斜率，再取", "such as $12$, take the slopes"),
     ("作者代码", "the authors' code")),
    ("online/lse", ("\x00", "\x00"), ("FlashAttention 第一版分别保存 $m_i$ 和 $\\ell_i$",
                                      "The first FlashAttention keeps $m_i$ and $\\ell_i$ apart")),
    ("online/exact", ("完全相同，而不只是近似", "exactly $\\operatorname{softmax}(\\tilde{S})V$, not an approximation"),
     ("浮点数中两者只差舍入误差", "In floating point the two differ only by rounding")),
    ("backward/memory", ("\x00", "\x00"), ("第一版 FlashAttention 存每行的", "the first FlashAttention keeps each row's")),
    ("cross-attention/cache", ("只算一次，长度固定", "are computed once and keep"),
     ("每个解码器层用自己的 $W_K$、$W_V$ 各算一次", "computed once per decoder layer, each layer with its own")),
    ("cross-attention/cache", ("\x00", "\x00"), ("源序列的填充掩码", "the source's padding mask")),
    ("mla/latent", ("只缓存 $c_{KV}$", "only $c_{KV}$ is cached"), ("解耦键 $k^R$", "the decoupled key $k^R$")),
    ("mla/cache", ("、GQA（8 组）", "GQA (8 groups)"), ("假设的 GQA", "a hypothetical GQA")),
    ("scaling/saturation", ("两个独立分数", "Two independent scores"),
     ("不相关，但共用 $q$，并不独立", "uncorrelated, though not independent: they share $q$")),
    ("rope/frequencies", ("\\theta_0", "\\theta_0"), ("$\\theta_i = 10000^{-2(i-1)/d}$", "$\\theta_i = 10000^{-2(i-1)/d}$")),
]


@pytest.mark.parametrize("key, never, always", CARDS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CARDS)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_fixed_sentence_of_a_card_stays_fixed(key, never, always, lang):
    k = 0 if lang == "zh" else 1
    text = card(key, lang)
    assert never[k] not in text
    assert always[k] in text


# --- the numbers the new sentences print, against independent references ---------------------

def np_softmax(z):
    z = np.asarray(z, float)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_alibi_only_distance_zero_gains_numpy():
    Q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float)
    K = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float)
    S = Q @ K.T / 2
    i = np.arange(3)
    causal = np.where(i[None, :] > i[:, None], -np.inf, 0.0)
    m = 2.0 ** (-8 / 4)
    bias = -m * (i[:, None] - i[None, :])
    before, after = np_softmax(S + causal)[2], np_softmax(S + causal + bias)[2]
    assert list(after > before) == [False, False, True]       # only 你 itself, at distance 0
    assert (f"{before[1]:.4f}", f"{after[1]:.4f}") == ("0.2741", "0.2567")
    # each step back multiplies the weight relative to distance 0 by e^{-m}
    assert after[1] / after[2] == pytest.approx(before[1] / before[2] * math.exp(-m))


def test_mla_sizes_numpy():
    from symattn.topics.mla import DEEPSEEK_V2, decoupled_rope
    r = decoupled_rope()
    assert float(r["scale"]) == pytest.approx(math.sqrt(128 + 64))
    assert (r["absorbed"], r["explicit"], r["work"], r["widening"]) == (576, 192, 3, 4)
    assert r["key_columns"] == DEEPSEEK_V2["n_h"] * DEEPSEEK_V2["d_h"] == 16384
    X = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]], float)
    W_DKV = np.array([[.5, 0, 0], [0, .5, 0], [0, 0, .5], [0, .5, 0]])
    W_UK = np.array([[1, 0, 0, 1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1, 0, 0]], float)
    assert np.linalg.matrix_rank(X @ W_DKV @ W_UK) == 3 <= W_DKV.shape[1]
    assert "\\operatorname{rank} K = 3 \\le d_{c} = 3" in document("wo-ai-ni-mla", "en")


def test_gap_of_two_scores_by_exact_enumeration():
    from symattn.topics.theory import gap_moments
    cov, gap = gap_moments()
    d = 3
    vals = np.array(np.meshgrid(*[[-1.0, 1.0]] * (3 * d))).reshape(3 * d, -1).T   # q, k, k' in {-1, 1}^d
    q, k, k2 = vals[:, :d], vals[:, d:2 * d], vals[:, 2 * d:]
    a, b = (q * k).sum(1), (q * k2).sum(1)
    assert np.mean(a * b) - a.mean() * b.mean() == pytest.approx(float(cov)) == 0
    assert np.var(a - b) == pytest.approx(float(gap.subs(sp.Symbol("d_k", integer=True, positive=True), d)))
    assert math.sqrt(2 * 768) == pytest.approx(16 * math.sqrt(6))


def test_softmax_gradient_with_respect_to_the_scores_torch():
    torch = pytest.importorskip("torch")
    from symattn import derive_article
    z = torch.tensor([float(x) for x in derive_article().step("scaled_scores").exact.row(0)], dtype=torch.float64)
    big = math.sqrt(768) * z
    J_unscaled = torch.autograd.functional.jacobian(lambda s: torch.softmax(s, 0), big)
    J_scaled = torch.autograd.functional.jacobian(lambda s: torch.softmax(s / math.sqrt(768), 0), big)
    ratio = J_scaled.abs().max() / J_unscaled.abs().max()
    assert f"{float(ratio):.3g}" == "4.66e+03"
    assert f"{float(J_scaled.abs().max() * math.sqrt(768) / J_unscaled.abs().max()):.3g}" == "1.29e+05"


def test_the_two_rope_pairings_are_one_model_up_to_a_column_permutation():
    """rotate_half on Q P and K P gives the interleaved pairing's scores on Q and K."""
    from symattn.topics.rope import frequencies, rotate
    d = 4
    rng = np.random.default_rng(0)
    Q, K = rng.integers(-2, 3, (3, d)), rng.integers(-2, 3, (3, d))
    perm = [2 * i for i in range(d // 2)] + [2 * i + 1 for i in range(d // 2)]   # column 2i-1 -> i, 2i -> i + d/2
    th, pos = frequencies(d, 10000), [0, 1, 2]
    inter = rotate(sp.Matrix(Q), pos, th, "interleaved") * rotate(sp.Matrix(K), pos, th, "interleaved").T
    half = rotate(sp.Matrix(Q[:, perm]), pos, th, "half") * rotate(sp.Matrix(K[:, perm]), pos, th, "half").T
    assert np.allclose(np.array(inter.evalf(30).tolist(), float), np.array(half.evalf(30).tolist(), float))
    assert not np.allclose(np.array(inter.evalf(30).tolist(), float), np.array(
        (rotate(sp.Matrix(Q), pos, th, "half") * rotate(sp.Matrix(K), pos, th, "half").T).evalf(30).tolist(), float))
