"""Causal and padding masks: a masked score becomes -∞, and e^{-∞} = 0 exactly.

    M_ij = -∞ where query i may not see key j, else 0
    A = softmax(S / sqrt(d_k) + M) by rows

Exactly, a -∞ term contributes e^{-∞} = 0 to its row's sum, so the canonical
softmax (softmax.py) runs over the visible positions only and every masked
weight is the integer 0, not a small float.

Convention for a fully masked row (a query that may see no key at all): it is an
error.  Its softmax would be 0/0; PyTorch returns NaN there and some kernels
return 0.  We refuse rather than pick silently.
"""

from __future__ import annotations

import sympy as sp

from .. import nodes
from ..nodes import MaskedBy  # a display node; still importable from here
from ..printing import text_label
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul
from ..markup import Text as Say, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import (NEG_INF, Resolved, index, intro as attention_intro, masked_softmax_rows, meta, score_steps,
                        weights_step)
from ..softmax import ExpSum, ratio
from ..sources import cite

_VANISHES = math(sp.exp(NEG_INF, evaluate=False), " = ", 0)  # e^{-∞} = 0

__all__ = ["MaskedBy", "mask_matrix", "masked_attention", "causal_aligned", "fp16_mask_facts", "derive_mask"]

#: the primary sources the document ends with
SOURCES = (cite("vaswani2017", "3.2.3", ("解码器中的掩码", "masking in the decoder")),
           cite("pytorch_sdpa", note=("attn_mask 与 is_causal", "attn_mask and is_causal")),
           cite("pytorch_mha", note=("key_padding_mask", "key_padding_mask")), cite("flash_attn_readme"))


def mask_matrix(L: int, causal: bool = False, padded=()) -> sp.ImmutableMatrix:
    """The additive mask: -∞ where query i may not see key j, else 0.

    ``padded`` holds 0-based positions of padding tokens; no query sees them as keys.

    >>> mask_matrix(3, causal=True)
    Matrix([
    [0, -oo, -oo],
    [0,   0, -oo],
    [0,   0,   0]])
    >>> mask_matrix(2, padded=[1])
    Matrix([
    [0, -oo],
    [0, -oo]])
    """
    pad = set(padded)
    return sp.ImmutableMatrix(L, L, lambda i, j: NEG_INF if (causal and j > i) or j in pad else sp.S.Zero)


def causal_aligned(L_q: int, L_k: int, corner: str) -> sp.ImmutableMatrix:
    """Which keys each query sees (1) under a causal mask of L_q queries and L_k keys, the triangle put in
    the ``"top-left"`` corner (PyTorch's ``is_causal``) or the ``"bottom-right"`` one (the queries are the
    last L_q positions: decoding with a cache; FlashAttention from 2.1, ``causal_lower_right``).

    >>> causal_aligned(2, 3, "top-left"), causal_aligned(2, 3, "bottom-right")
    (Matrix([
    [1, 0, 0],
    [1, 1, 0]]), Matrix([
    [1, 1, 0],
    [1, 1, 1]]))
    """
    shift = 0 if corner == "top-left" else L_k - L_q
    return sp.ImmutableMatrix(L_q, L_k, lambda i, j: int(int(j) <= int(i) + shift))


def fp16_mask_facts() -> dict:
    """finfo(float16).min, that e^{min} is 0 in fp16, and the smallest whole s with min - s = -inf (numpy)."""
    import numpy as np
    low = np.finfo(np.float16).min
    with np.errstate(over="ignore"):
        s = next(k for k in range(1, 10 ** 5) if np.isinf(np.float16(low) - np.float16(k)))
        under = float(np.exp(np.float16(low))) == 0.0 and float(np.exp(np.float32(low))) == 0.0
    return {"min": sp.Integer(int(low)), "underflows": under, "overflow_at": s}


def masked_attention(Q, K, V, mask, d_k=None):
    """Exact (A, O) of masked attention; ``d_k`` defaults to the width of K.

    >>> A, O = masked_attention(sp.eye(2), sp.eye(2), sp.Matrix([[1], [3]]), mask_matrix(2, causal=True))
    >>> A[0, 1], O[0, 0]
    (0, 1)
    """
    d_k = sp.Integer(K.cols) if d_k is None else sp.sympify(d_k)
    S = matmul(Q, K.T)
    scaled = S.applyfunc(lambda e: sp.expand(e / sp.sqrt(d_k)))
    rows = masked_softmax_rows(scaled, mask)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(len(rows), V.cols, lambda i, k: rows[i].combine(list(V.col(k))))
    return A, O


# --- the derivation -----------------------------------------------------------------------

def _options(spec) -> tuple[bool, tuple[int, ...]]:
    causal = spec.option("causal", False)
    if not isinstance(causal, bool):
        raise SymattnError("must be true or false", entry="options.causal")
    padding = spec.option("padding", [])
    if not isinstance(padding, list) or not all(isinstance(t, str) for t in padding):
        raise SymattnError("must be a list of tokens", entry="options.padding")
    unknown = [t for t in padding if t not in spec.tokens]
    if unknown:
        raise SymattnError(f"{unknown[0]!r} is not one of the tokens {list(spec.tokens)}",
                           entry="options.padding")
    if not causal and not padding:
        raise SymattnError("the mask topic needs a mask: set causal = true, or padding = [\"TOKEN\", ...], "
                           "or both", entry="options")
    return causal, tuple(spec.tokens.index(t) for t in padding)


def _rule(causal: bool, padded) -> sp.Basic:
    i, j = sp.symbols("i j", integer=True, positive=True)
    hidden = []
    if causal:
        hidden.append(j > i)
    if padded:
        hidden.append(sp.Contains(j, sp.FiniteSet(*[p + 1 for p in padded]), evaluate=False))
    if not hidden:
        return sp.S.Zero
    return sp.Piecewise((NEG_INF, sp.Or(*hidden)), (0, True))


def _mask_notes(causal, padded, tokens) -> tuple[Text, ...]:
    notes = []
    if causal:
        j_le_i = math("j ", nodes.Glyph("le"), " i")
        notes.append(Text(Say.parse("因果掩码：第 $i$ 个词只能看到自己和前面的词（${}$），看不到后面的词。", j_le_i),
                          Say.parse("Causal mask: token $i$ sees itself and earlier tokens (${}$), never later ones.",
                                    j_le_i)))
    if padded:
        names = ", ".join(tokens[p] for p in padded)
        notes.append(Text(f"填充掩码：填充词（{names}）不是真实内容，任何查询都不把它当作键。",
                          f"Padding mask: the padding tokens ({names}) carry no content, so no query "
                          "attends to them as keys."))
    return tuple(notes)


def derive_mask(spec) -> Derivation:
    """Masked attention: the core steps up to S / sqrt(d_k), then the mask, then softmax.

    >>> from dataclasses import replace
    >>> from symattn.examples import article_spec
    >>> d = derive_mask(replace(article_spec(), options=(("causal", True),)))
    >>> d.step("weights").exact.row(0)
    Matrix([[1, 0, 0]])
    """
    causal, padded = _options(spec)
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    r = Resolved(spec)
    more, scaled = score_steps(r)
    steps = r.steps + more
    unmasked, _ = weights_step(r, scaled)  # for the shared intro, as in the attention topic
    M = mask_matrix(L, causal, padded)
    Ms, St = sp.MatrixSymbol("M", L, L), nodes.Named(r"\tilde{S}", "S_scaled")
    shown = MaskedBy(nodes.Tilde(sp.Symbol("S")), Ms)
    hidden = [(i, j) for i in range(L) for j in range(L) if M[i, j] == NEG_INF]
    steps.append(Step(
        id="mask", title=Text("掩码矩阵 $M$", "Mask $M$"), lhs=Ms, formula=Ms, substituted=None,
        expanded=(nodes.Named("m_{ij}"), _rule(causal, padded)),
        exact=M, numeric=evaluate(M, digits), row_labels=tokens, col_labels=tokens,
        notes=_mask_notes(causal, padded, tokens) + (
            Text(Say.format("维度：{}，与打分矩阵相同；被遮住的位置为 {}，其余为 {}。", nodes.Dims(L, L), NEG_INF, 0),
                 Say.format("Shape: {}, like the scores; hidden positions hold {}, the rest {}.",
                            nodes.Dims(L, L), NEG_INF, 0)),)))

    masked = sp.ImmutableMatrix(L, L, lambda i, j: scaled[i, j] + M[i, j])
    hi, hj = hidden[0] if hidden else (0, 0)
    steps.append(Step(
        id="masked_scores", title=Text(Say.of("加上掩码 ", shown), Say.of("Masked scores ", shown)),
        lhs=nodes.Named(r"\tilde{S}_{M}", "S_masked"), formula=MaskedBy(St, Ms),
        substituted=MaskedBy(scaled, M),
        expanded=(nodes.Named(r"\tilde{s}_{%s} + m_{%s}" % (index(hi, hj), index(hi, hj))),
                  MaskedBy(scaled[hi, hj], M[hi, hj]), masked[hi, hj]),
        exact=masked, numeric=evaluate(masked, digits), row_labels=tokens, col_labels=tokens,
        notes=(Text(Say.format("任何有限数加上 {} 仍是 {}；加 {} 不变。", NEG_INF, NEG_INF, 0),
                    Say.format("A finite number plus {} is {}; adding {} changes nothing.", NEG_INF, NEG_INF, 0)),)))

    rows = masked_softmax_rows(scaled, M, tokens)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    steps.append(_weights_step(rows, masked, A, tokens, digits, hidden))

    O = sp.ImmutableMatrix(L, r.V.cols, lambda i, k: rows[i].combine(list(r.V.col(k))))
    oi = max(range(L), key=lambda i: (len(rows[i].visible), -i))
    steps.append(Step(
        id="output", title=Text("加权求和：输出 $O = AV$", "Weighted sum: output $O = AV$"),
        lhs=sp.MatrixSymbol("O", *O.shape), formula=sp.MatrixSymbol("A", L, L) * sp.MatrixSymbol("V", *r.V.shape),
        substituted=sp.MatMul(A, r.V, evaluate=False),
        expanded=(nodes.Named(r"\text{new}_{%s}" % text_label(tokens[oi]), f"new_{tokens[oi]}") if r.symbolic_v
                  else nodes.Named("o_{%s}" % index(oi, 0)),
                  nodes.Dot(*[(A[oi, j], r.V[j, 0]) for j in range(L)]), O[oi, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens,
        notes=(Text("被遮住的权重恰好是 $0$，对应的 $V$ 行完全不参与求和。",
                    "Masked weights are exactly $0$, so their rows of $V$ take no part in the sum."),)
        + tuple(Text(f"填充词 {tokens[p]} 作为查询也得到一行输出，这一行没有意义。后面各层照样计算这一行，"
                     "只是同一个掩码让它在每一层都不被当作键；损失也不把它当作预测目标：填充掩码只遮住键，不遮住查询。",
                     f"The padding token {tokens[p]} also gets an output row as a query, and that row means nothing. "
                     "Later layers still compute it; the same mask only keeps it from being used as a key in every "
                     "layer, and the loss ignores it as a target: the padding mask hides keys, not queries.")
                for p in padded)
        + (() if r.symbolic_v else (_output_shape(L, r.V.shape, O.shape),))))

    kind = Text("因果" if causal else "", "causal" if causal else "")
    if padded:
        kind = Text(kind.zh + ("+" if causal else "") + "填充", kind.en + (" + " if causal else "") + "padding")
    title = spec.heading(f"{kind.zh}掩码注意力：" + " ".join(map(literal, tokens)),
                         f"Attention with a {kind.en or 'no'} mask: " + " ".join(map(literal, tokens)))
    intro = (Text(Say.format("在缩放后的打分上加掩码 {}（{} 或 {}），再按行 softmax。{}，"
                             "所以被遮住的位置权重恰好为 {}，其余位置在可见的词之间重新归一化。", Ms, 0, NEG_INF, _VANISHES, 0),
                  Say.format("Add a mask {} (entries {} or {}) to the scaled scores, then take the row softmax. "
                             "Since {}, every hidden position gets weight exactly {} and the rest are "
                             "renormalised over the visible tokens.", Ms, 0, NEG_INF, _VANISHES, 0)),)
    outro = (Text(Say.parse("约定：如果某一行的所有键都被遮住，softmax 为 $0/0$，symattn 报错。PyTorch 中两个函数不同："
                            "对全为 ${}$ 的一行，`torch.softmax` 返回 NaN，而 `F.scaled_dot_product_attention`"
                            "（自 PyTorch 的 safe softmax 改动 PR #133882 起）让这一行的输出为 0。", NEG_INF),
                  Say.parse("Convention: if every key of a row is hidden, its softmax is $0/0$, and symattn reports an "
                  "error. PyTorch differs by function: on a row of all ${}$, `torch.softmax` returns NaN, while "
                  "`F.scaled_dot_product_attention` gives that row an output of 0 (since PyTorch's safe-softmax "
                  "change, PR #133882).", NEG_INF)),)
    # one paragraph: a reader takes the conventions together (and check judges the paragraph as one)
    parts = outro + _conventions(M, tokens, padded, causal)
    outro = (Text(Say.of(*[x for k, t in enumerate(parts) for x in (("" if k == 0 else ""), _as_markup(t.zh))]),
                  Say.of(*[x for k, t in enumerate(parts) for x in (("" if k == 0 else " "), _as_markup(t.en))])),)
    return Derivation(topic="mask", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=attention_intro(r, unmasked) + intro, outro=outro,
                      meta=meta(r) + (("causal", causal), ("padding", tuple(tokens[p] for p in padded))),
                      sources=SOURCES)


def _output_shape(L, v_shape, o_shape) -> Text:
    dims = math(nodes.Dims(L, L, *v_shape), " = ", nodes.Dims(*o_shape))
    AV = sp.MatrixSymbol("A", L, L) * sp.MatrixSymbol("V", *v_shape)
    return Text(Say.of("维度：", dims), Say.of("Shape of ", AV, ": ", dims))


def _weights_step(rows, masked, A, tokens, digits, hidden) -> Step:
    L = len(tokens)
    # Write out an entry of the first row that mixes at least two visible keys.
    i = next((k for k, r in enumerate(rows) if len(r.visible) > 1), 0)
    j = rows[i].visible[0]
    row = rows[i].row
    chain = [nodes.Named("a_{%s}" % index(i, j)), nodes.ExpRatio(masked[i, j], tuple(masked.row(i)))]
    chain.append(nodes.ExpRatio(masked[i, j], tuple(masked[i, k] for k in rows[i].visible)))
    if row.shift != 0:
        chain.append(nodes.ExpRatio(row.exponents[0], row.exponents))
    chain.append(A[i, j])
    notes = [Text(Say.format("{}：分母只剩可见位置的指数项。", _VANISHES),
                  Say.format("{}: only the visible positions remain in the denominator.", _VANISHES))]
    if hidden:
        hi, hj = hidden[0]
        exps = [sp.exp(x, evaluate=False) for x in masked.row(hi)]
        terms = [part for k, e in enumerate(exps) for part in ((" + ", e) if k else (e,))]
        # a slash, not \frac: the written-out entry reads left to right in a sentence
        entry = math(nodes.Named("a_{%s}" % index(hi, hj)), " = ", exps[hj], " / (", *terms, ") = ", A[hi, hj])
        notes.append(Text(Say.format("被遮住的一项：{}。", entry), Say.format("A hidden entry: {}.", entry)))
    if all(sp.Add(*r.weights()) == 1 or ratio(ExpSum.collect((x, 1) for x in r.row.exponents),
                                               r.row.denominator) == 1 for r in rows):
        notes.append(Text("每一行在可见位置上的精确和仍然是 $1$。",
                          "Every row still sums to exactly $1$ over its visible positions."))
    Ms = sp.MatrixSymbol("M", L, L)
    return Step(
        id="weights", title=Text("按行 softmax：注意力权重 $A$", "Row softmax: attention weights $A$"),
        lhs=sp.MatrixSymbol("A", L, L),
        formula=nodes.RowSoftmax(MaskedBy(nodes.Named(r"\tilde{S}", "S_scaled"), Ms)),
        substituted=nodes.RowSoftmax(masked), expanded=tuple(chain), exact=A,
        numeric=evaluate(A, digits), row_labels=tokens, col_labels=tokens, notes=tuple(notes))


def _bools(rows) -> str:
    return "[" + ", ".join("[" + ", ".join("True" if v else "False" for v in r) + "]" for r in rows) + "]"


def _conventions(M, tokens, padded, causal) -> tuple[Text, ...]:
    """What a boolean mask means in each PyTorch API, -inf against finfo.min in fp16, and where the
    causal triangle sits when there are fewer queries than keys; every value from this mask or numpy."""
    L = len(tokens)
    attend = _bools([[M[i, j] == 0 for j in range(L)] for i in range(L)])
    ignore = "[" + ", ".join("True" if j in padded else "False" for j in range(L)) + "]"
    pad_zh = (f"；`nn.MultiheadAttention` 的 `key_padding_mask` 里 True 却表示“忽略这个键”：这里是 `{ignore}`。"
              if padded else "；`nn.MultiheadAttention` 的 `key_padding_mask` 里 True 却表示“忽略这个键”。")
    pad_en = (f"; in `nn.MultiheadAttention`'s `key_padding_mask` True means \"ignore this key\": here `{ignore}`."
              if padded else "; in `nn.MultiheadAttention`'s `key_padding_mask` True means \"ignore this key\".")
    f = fp16_mask_facts()
    low = f["min"]
    zero = math(sp.MatrixSymbol("M", L, L), " = ", 0)
    out = [Text(Say.format("布尔掩码的约定相反：`F.scaled_dot_product_attention` 的布尔 `attn_mask` 里 True 表示“参与注意力”，"
                           "与 {} 对应的是 `" + attend + "`" + pad_zh, zero),
                Say.format("Boolean masks mean opposite things: in `F.scaled_dot_product_attention`'s boolean "
                           "`attn_mask` True means \"take part\", and the one for {} is `" + attend + "`" + pad_en,
                           zero))]
    if f["underflows"]:
        out.append(Text(
            Say.format("代码里常用 `torch.finfo(dtype).min` 代替 {}：fp16 中它是 {}，{} 在 fp16 和 fp32 中都精确地下溢为 {}，"
                       "所以权重不变；所有键都被遮住的一行则得到均匀的 {} 而不是 NaN。fp16 中再减去 {} 就已经是 {}。",
                       NEG_INF, low, sp.exp(low, evaluate=False), 0, 1 / sp.Symbol("L"), f["overflow_at"], NEG_INF),
            Say.format("Code often adds `torch.finfo(dtype).min` instead of {}: in fp16 that is {}, and {} underflows "
                       "to exactly {} in fp16 and fp32, so the weights are the same; a row with every key masked then "
                       "gets uniform weights {} instead of NaN. In fp16, subtracting {} more already gives {}.",
                       NEG_INF, low, sp.exp(low, evaluate=False), 0, 1 / sp.Symbol("L"), f["overflow_at"], NEG_INF)))
    if causal:
        lq, lk = 2, 3
        tl, br = causal_aligned(lq, lk, "top-left"), causal_aligned(lq, lk, "bottom-right")
        out.append(Text(
            Say.format("查询比键少时（带缓存解码：{} 个新查询对 {} 个键），`is_causal` 把三角放在左上角：{}，最后一个查询看不到最后一个键；"
                       "查询是最后 {} 个位置，掩码应当对齐右下角：{}（PyTorch 的 `causal_lower_right`；FlashAttention 2.1 起如此）。",
                       lq, lk, tl, lq, br),
            Say.format("With fewer queries than keys (decoding with a cache: {} new queries against {} keys), "
                       "`is_causal` puts the triangle in the top-left corner, {}, so the last query misses the last "
                       "key; the queries are the last {} positions, so the mask must be aligned bottom-right: {} "
                       "(PyTorch's `causal_lower_right`; FlashAttention from 2.1 on).", lq, lk, tl, lq, br)))
    return tuple(out)



def _as_markup(t):
    """A note as markup: text written with $...$ is parsed once, markup stays as it is."""
    return Say.parse(t) if isinstance(t, str) else t
