"""Decoding with a KV cache, token by token, and the proof that it equals causal attention.

    step t:  K_{1:t} = [K_{1:t-1}; k_t],  V_{1:t} = [V_{1:t-1}; v_t]     (append, never recompute)
             o_t = softmax(q_t K_{1:t}^T / sqrt(d_k)) V_{1:t}
    full:    O = softmax(Q K^T / sqrt(d_k) + M) V                       (M the causal mask)
    proof:   [o_1; …; o_L] - O = 0, entry by entry, exactly

Row t of X W_K is x_t W_K, so the k_t, v_t appended at step t are the rows of K and V.  The
cached row sees keys 1..t only, which is exactly what the causal mask leaves visible.
"""

from __future__ import annotations

import sympy as sp

from .. import nodes
from ..escape import literal
from ..linalg import matmul, transpose
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import NEG_INF, Resolved, index, masked_softmax_rows, meta
from ..softmax import softmax_row
from ._display import Dims, Equals, Plus, Stacked, decimal, row, say
from ..sources import cite

__all__ = ["causal_mask", "decode", "full_causal", "LLAMA2_70B", "cache_bytes", "decode_intensity", "derive_kv_cache"]

#: the primary sources the document ends with
SOURCES = (cite("pope2022"), cite("shazeer2019"), cite("touvron2023", "2.2", ("表 1", "Table 1")),
           cite("su2021", "3.2"))

#: Llama-2-70B's attention sizes (the released config): 80 layers, 64 query heads of 128, 8 K/V heads (GQA)
LLAMA2_70B = {"layers": 80, "n_q": 64, "n_kv": 8, "d_h": 128, "bytes": 2}

_B, _Lt, _layers, _nq, _nkv, _dh, _b = sp.symbols("B L n_layers n_q n_kv d_h b", positive=True, integer=True)


def cache_bytes() -> sp.Expr:
    """Bytes of a KV cache: K and V, per sequence, position, layer and K/V head.

    >>> cache_bytes()
    2*B*L*b*d_h*n_kv*n_layers
    """
    return 2 * _B * _Lt * _layers * _nkv * _dh * _b


def decode_intensity() -> sp.Expr:
    """FLOP per byte of one decoding step's attention: 4 n_q L d_h FLOPs (q K^T and A V, two per
    multiply-add) over the 2 L n_kv d_h b bytes of the cache it reads.

    >>> decode_intensity().subs(sp.Symbol("b", positive=True, integer=True), 2)
    n_q/n_kv
    """
    return sp.cancel(4 * _nq * _Lt * _dh / (2 * _Lt * _nkv * _dh * _b))


def causal_mask(L: int) -> sp.ImmutableMatrix:
    """-oo above the diagonal: query i sees keys 1..i."""
    return sp.ImmutableMatrix(L, L, lambda i, j: NEG_INF if j > i else sp.S.Zero)


def _scaled(e, d_k):
    root = sp.sqrt(d_k)
    return e if root == 1 else (e / root if e.is_Rational and root.is_Rational else sp.expand(e / root))


def decode(Q, K, V, d_k):
    """Cached decoding: for each t, (scaled scores of q_t against K_{1:t}, softmax row, o_t).

    >>> steps = decode(sp.eye(2), sp.eye(2), sp.Matrix([[1], [3]]), 1)
    >>> [o for _, _, o in steps]
    [Matrix([[1]]), Matrix([[(1 + 3*E)/(1 + E)]])]
    """
    out = []
    for t in range(Q.rows):
        scores = [_scaled(sum((Q[t, k] * K[j, k] for k in range(K.cols)), sp.S.Zero), d_k)
                  for j in range(t + 1)]
        r = softmax_row(scores)
        o = row(r.combine([V[j, c] for j in range(t + 1)]) for c in range(V.cols))
        out.append((scores, r, o))
    return out


def full_causal(Q, K, V, d_k):
    """The full causal computation: (A, O) with every masked weight exactly 0."""
    L = Q.rows
    S = matmul(Q, transpose(K))
    scaled = sp.ImmutableMatrix(L, L, lambda i, j: _scaled(S[i, j], d_k))
    rows = masked_softmax_rows(scaled, causal_mask(L))
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(L, V.cols, lambda i, c: rows[i].combine(list(V.col(c))))
    return A, O


def _zero(e) -> bool:
    """Exactly zero: structurally, else after expand (the canonical forms agree term by term)."""
    return e == 0 or sp.expand(e) == 0


def derive_kv_cache(spec) -> Derivation:
    """KV-cache decoding of a spec, step by step, with the proof that it equals causal attention.

    >>> from symattn.examples import article_spec
    >>> d = derive_kv_cache(article_spec())
    >>> d.step("cached_minus_full").exact.is_zero_matrix
    True
    """
    r = Resolved(spec)
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    d, d_v, dk = r.K.cols, r.V.cols, r.d_k
    steps = list(r.steps)
    dsym = sp.Symbol("d_k")
    cached = decode(r.Q, r.K, r.V, dk)
    for t, (scores, srow, o) in enumerate(cached):
        n = t + 1
        Kt = sp.ImmutableMatrix(r.K[:n, :])
        Vt = sp.ImmutableMatrix(r.V[:n, :])
        K_prev, K_now = sp.MatrixSymbol(f"K_1:{t}", t, d), sp.MatrixSymbol(f"K_1:{n}", n, d)
        V_now = sp.MatrixSymbol(f"V_1:{n}", n, d_v)
        k_t, v_t, q_t = (sp.MatrixSymbol(f"{x}_{n}", 1, w) for x, w in (("k", d), ("v", d_v), ("q", d)))
        steps.append(Step(
            id=f"cache_{n}", title=say("第 {} 个词：把 {} 和 {} 追加进缓存", "Token {}: append {} and {} to the cache",
                                       n, k_t, v_t),
            lhs=K_now, formula=k_t if t == 0 else Stacked(K_prev, k_t), substituted=None,
            expanded=(k_t, row(r.K.row(t))),
            exact=Kt, numeric=evaluate(Kt, digits), row_labels=tokens[:n],
            notes=_cache_notes(n, d, d_v, k_t, v_t, r, t, Vt, V_now)))

        kt_sym = sp.MatrixSymbol(f"K_1:{n}", n, d)
        formula = nodes.Product(nodes.RowSoftmax(nodes.ScaledBy(q_t * kt_sym.T, dsym)), V_now)
        substituted = nodes.Product(nodes.RowSoftmax(nodes.ScaledBy(
            sp.MatMul(row(r.Q.row(t)), transpose(Kt), evaluate=False), dk)), Vt)
        w = srow.weights()
        chain = (sp.Symbol(f"o_{index(t, 0)}"), nodes.Dot(*[(w[j], Vt[j, 0]) for j in range(n)]), o[0, 0])
        steps.append(Step(
            id=f"decode_{n}", title=say("第 {} 个词：用缓存算输出 {}", "Token {}: the output {} from the cache", n,
                                        sp.Symbol(f"o_{n}")),
            lhs=sp.MatrixSymbol(f"o_{n}", 1, d_v), formula=formula, substituted=substituted,
            expanded=chain, exact=o, numeric=evaluate(o, digits), row_labels=(tokens[t],),
            notes=(say("缩放后的分数，每个缓存的键一个：{}。", "The scaled scores, one per cached key: {}.",
                       Equals(nodes.ScaledBy(q_t * kt_sym.T, dsym), row(scores))),
                   say("权重 {}，精确和为 {}。", "Weights {}, summing to exactly {}.", row(w), 1),
                   say("这一步只做 {} 次乘法得到分数，不重算前面各词的键和值。",
                       "This step needs {} multiplications for its scores and recomputes no earlier token's key "
                       "or value.",
                       n * d))))

    A, O = full_causal(r.Q, r.K, r.V, dk)
    Qs, Ks = sp.MatrixSymbol("Q", L, d), sp.MatrixSymbol("K", L, d)
    Ms, Vs = sp.MatrixSymbol("M", L, L), sp.MatrixSymbol("V", L, d_v)
    last = L - 1
    steps.append(Step(
        id="causal_output", title=say("一次算完整个序列：因果注意力 {}", "The whole sequence at once: causal "
                                       "attention {}", sp.MatrixSymbol("O", L, d_v)),
        lhs=sp.MatrixSymbol("O", L, d_v),
        formula=nodes.Product(nodes.RowSoftmax(Plus(nodes.ScaledBy(Qs * Ks.T, dsym), Ms)), Vs),
        substituted=nodes.Product(nodes.RowSoftmax(Plus(nodes.ScaledBy(
            sp.MatMul(r.Q, transpose(r.K), evaluate=False), dk), causal_mask(L))), r.V),
        expanded=(sp.Symbol(f"o_{index(last, 0)}"),
                  nodes.Dot(*[(A[last, j], r.V[j, 0]) for j in range(L)]), O[last, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens,
        notes=(say("因果掩码 {}：第 {} 行只看得到第 {} 到 {} 列，正是第 {} 步缓存里的键。",
                   "The causal mask {}: row {} sees columns {} to {} only, exactly the keys cached at step {}.",
                   causal_mask(L), sp.Symbol("t"), 1, sp.Symbol("t"), sp.Symbol("t")),)))

    stacked = sp.ImmutableMatrix([list(o) for _, _, o in cached])
    diff = sp.ImmutableMatrix(L, d_v, lambda i, c: stacked[i, c] - O[i, c])
    if not all(_zero(e) for e in diff):  # the proof failed: a bug, never a document
        raise AssertionError("cached decoding differs from the causal computation")
    diff = sp.zeros(L, d_v).as_immutable()
    outs = [sp.MatrixSymbol(f"o_{t + 1}", 1, d_v) for t in range(L)]
    steps.append(Step(
        id="cached_minus_full", title=say("证明：缓存解码 = 完整因果计算", "Proof: cached decoding = the full "
                                          "causal computation"),
        lhs=sp.MatrixSymbol("Delta", L, d_v), formula=nodes.Minus(Stacked(*outs), sp.MatrixSymbol("O", L, d_v)),
        substituted=nodes.Minus(stacked, O),
        expanded=(sp.Symbol(f"Delta_{index(last, 0)}"),
                  nodes.Minus(sp.Symbol(f"o_{index(last, 0)}"), sp.Symbol(f"O_{index(last, 0)}")),
                  nodes.Minus(cached[last][2][0, 0], O[last, 0]), sp.S.Zero),
        exact=diff, numeric=evaluate(diff, digits), row_labels=tokens,
        notes=(say("逐项相减，SymPy 得到的差恰好是 {}：不是浮点误差意义上的接近，而是同一个精确值。",
                   "Entry by entry the difference is exactly {} in SymPy: not close in floating point, "
                   "but the same exact value.", 0),
               say("原因：因果掩码把第 {} 行中 {} 的列变成 {}，而 {}；剩下的正是缓存里的 {} 个键。",
                   "Why: in row {} the causal mask turns the columns {} into {}, and {}; what is left is "
                   "exactly the {} cached keys.", *_why()),
               say("多层模型中，这要求每一层都是因果的：这样每个词在每一层的隐藏状态都不依赖后面的词，缓存里的键和值"
                   "在后面的步骤中仍然有效。",
                   "In a stack of layers this needs every layer to be causal: then no token's hidden state in any "
                   "layer depends on later tokens, so the cached keys and values stay valid at later steps."))))

    title = spec.heading("KV 缓存逐词解码：" + " ".join(map(literal, tokens)),
                         "Decoding with a KV cache: " + " ".join(map(literal, tokens)))
    intro = (say("自回归解码时，第 {} 步只新算新词的 {}、{}、{}；之前的 {} 和 {} 都存在缓存里，只追加不重算。"
                 "每一步给出追加了什么、缓存多大，以及这一步的输出。",
                 "When decoding autoregressively, step {} computes only the new token's {}, {} and {}; the earlier {} and "
                 "{} sit in the cache, appended to and never recomputed. Each step shows what is appended, the "
                 "cache's size, and the step's output.",
                 *_intro_args()),
             say("序列长度 {}，{}。", "Sequence length {}, {}.", _eq(sp.Symbol("L"), L), _eq(dsym, dk)))
    return Derivation(topic="kv_cache", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, outro=_outro(L, d, d_v),
                      meta=meta(r) + (("cache_entries", 2 * L * d if not r.symbolic_v else None),), sources=SOURCES)


_eq = Equals


def _why():
    t, j = sp.Symbol("t"), sp.Symbol("j")
    return (t, sp.StrictGreaterThan(j, t, evaluate=False), NEG_INF,
            Equals(sp.exp(NEG_INF, evaluate=False), 0), t)


def _intro_args():
    t = sp.Symbol("t")
    return t, sp.Symbol("q_t"), sp.Symbol("k_t"), sp.Symbol("v_t"), sp.Symbol("k_j"), sp.Symbol("v_j")


def _cache_notes(n, d, d_v, k_t, v_t, r, t, Vt, V_now):
    size = Dims(n, d)
    notes = [say("追加：{}（第 {} 个词的键），{}（它的值）。",
                 "Appended: {} (the key of token {}) and {} (its value).",
                 _eq(k_t, row(r.K.row(t))), n, _eq(v_t, row(r.V.row(t)))),
             say("缓存的形状：{} 为 {}，{} 为 {}。", "Cache shapes: {} is {}, {} is {}.",
                 sp.MatrixSymbol(f"K_1:{n}", n, d), size, V_now, Dims(n, d_v))]
    if not r.symbolic_v:
        notes.append(say("缓存共 {} 个数（每层每头）。", "The cache holds {} numbers (per layer and head).",
                         Equals(sp.Mul(n, d + d_v, evaluate=False), n * (d + d_v))))
    notes.append(say("值缓存 {}。", "The value cache {}.", _eq(V_now, Vt)))
    return tuple(notes)


def _sizes():
    """Llama-2-70B's cache per token and at 4096 tokens, and its decoding FLOP per byte, from the formulas."""
    c = LLAMA2_70B
    at = {_B: 1, _layers: c["layers"], _nkv: c["n_kv"], _dh: c["d_h"], _b: c["bytes"]}
    per_token = cache_bytes().subs(at).subs(_Lt, 1)
    long = 4096
    return {"per_token": per_token, "kib": sp.Rational(per_token, 2 ** 10), "long": long,
            "gib": sp.Rational(per_token * long, 2 ** 30), "intensity": decode_intensity().subs(
                {_nq: c["n_q"], _nkv: c["n_kv"], _b: c["bytes"]})}


def _outro(L, d, d_v):
    t, j = sp.Symbol("t"), sp.Symbol("j")
    row_t = sp.MatMul(sp.Symbol("q_t"), sp.MatrixSymbol("K_1:t", 1, 1).T, evaluate=False)
    return (say("缓存随序列线性增长：{} 个词后每层每头存 {} 个数。第 {} 步的打分 {} 需要 {} 次乘法，"
                "有没有缓存都一样。缓存省下的是 {}、{}（{}）的重算：键和值的投影，以及在多层模型里，"
                "每个之前的词穿过下面各层的隐藏状态。",
                "The cache grows linearly: after {} tokens it holds {} numbers per layer and head. Step {}'s "
                "scores {} take {} multiplications with or without a cache. What the cache saves is recomputing "
                "{} and {} for {}: the key and value projections and, in a stack of layers, every earlier token's "
                "hidden states through the layers below.",
                L, L * (d + d_v), t, row_t, nodes.Times(t, sp.Symbol("d_k")), sp.Symbol("k_j"), sp.Symbol("v_j"),
                sp.StrictLessThan(j, t)),) + _more(L, d)


def _more(L, d) -> tuple:
    """The cache's size in a real model, prefill against decode, why decoding waits on memory, RoPE."""
    c, z = LLAMA2_70B, _sizes()
    product = nodes.Named(r"2 \cdot %d \cdot %d \cdot %d \cdot %d" % (c["layers"], c["n_kv"], c["d_h"], c["bytes"]),
                          f"2 · {c['layers']} · {c['n_kv']} · {c['d_h']} · {c['bytes']}")
    prefill, steps = L * L * d, [t * d for t in range(1, L + 1)]
    return (
        say("大小：{} 字节（批大小 {}、长度 {}、{} 层、{} 个 K/V 头、头宽 {}、每个数 {} 字节）。Llama-2-70B（{} 层、"
            "GQA 的 {} 个 K/V 头、头宽 {}、fp16）每个词 {} 字节，即 {} KiB；一条 {} 个词的序列要 {} GiB。",
            "Size: {} bytes (batch {}, length {}, {} layers, {} K/V heads of width {}, {} bytes a number). "
            "Llama-2-70B ({} layers, {} K/V heads under GQA, width {}, fp16) needs {} bytes per token, that is "
            "{} KiB; one sequence of {} tokens needs {} GiB.",
            cache_bytes(), _B, _Lt, _layers, _nkv, _dh, _b, c["layers"], c["n_kv"], c["d_h"],
            Equals(product, z["per_token"]), z["kib"], z["long"], decimal(z["gib"])),
        say("预填充与解码：预填充把提示的 {} 个词一次算完（这里 {} 是 {} 次乘法的一次矩阵乘法），同时写满缓存；"
            "解码每一步只来一个新词（这里各步 {} 次）。预填充时每读一次权重和键就服务 {} 行，受算力限制；"
            "解码时每一步都要为一个词读完全部权重和整个缓存，受显存带宽限制。",
            "Prefill against decode: prefill runs the prompt's {} tokens at once (here {} is one matrix product of "
            "{} multiplications) and fills the cache; decoding brings one new token a step (here {} "
            "multiplications per step). In prefill every weight and key read serves {} rows, so it is bound by "
            "compute; in decoding each step reads all the weights and the whole cache for one token, so it is "
            "bound by memory bandwidth.", L, sp.MatrixSymbol("Q", L, d) * sp.MatrixSymbol("K", L, d).T, prefill,
            sp.Tuple(*steps), L),
        say("解码时注意力每读一个字节做多少次浮点运算：{}（打分与加权各 {} 次，读缓存 {} 字节），fp16 时为 {}；"
            "Llama-2-70B 只有 {}，远低于 GPU 每读一个字节能做的运算量，所以解码在等显存。",
            "While decoding, attention does {} FLOP per byte ({} FLOPs for the scores and as many for the weighted "
            "sum, over {} bytes of cache read), {} in fp16; Llama-2-70B gets only {}, far less than a GPU can do "
            "per byte it reads, so decoding waits on memory.",
            Equals(sp.Symbol("I"), decode_intensity()), 2 * _nq * _Lt * _dh, 2 * _Lt * _nkv * _dh * _b,
            decode_intensity().subs(_b, 2), Equals(sp.Mul(LLAMA2_70B["n_q"], sp.Pow(LLAMA2_70B["n_kv"], -1, evaluate=False),
                                                          evaluate=False), z["intensity"])),
        say("用 RoPE 时缓存的是旋转之后的键：第 {} 个词的键按它自己的位置旋转成 {}，这个位置以后不会变；"
            "新查询按它的位置 {} 旋转后再与缓存相乘。",
            "With RoPE the cache holds the keys after rotation: token {}'s key is rotated by its own position into "
            "{}, and that position never changes; the new query is rotated by its position {} before it meets "
            "the cache.", sp.Symbol("j"), sp.MatMul(sp.Symbol("k_j"), sp.MatrixSymbol("R_j", 1, 1), evaluate=False),
            sp.Symbol("t")),
    )
