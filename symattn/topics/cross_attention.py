"""Cross-attention: queries from one sequence, keys and values from another of a different length.

    Q = X W_Q            (L_q x d_k; or Q given)      the sequence being written (the decoder)
    K = H W_K, V = H W_V (L_kv x d_k, L_kv x d_v; or K, V given)   the sequence read (the encoder's H)
    S = Q K^T            (L_q x L_kv: rectangular)
    A = softmax(S / sqrt(d_k) [+ M]) by rows,  O = A V   (L_q x d_v: one row per query)

No causal mask: every query may read the whole source.  ``[options] padding`` hides source tokens
from every query (an encoder's padding), as a mask of 0 and -oo.
"""

from __future__ import annotations

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul, transpose
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import NEG_INF, index, masked_softmax_rows
from ._display import Dims, Equals, Plus, ShapeChain, number, option_matrix, say
from ..sources import cite

__all__ = ["cross_attend", "derive_cross_attention"]

#: the primary sources the document ends with
SOURCES = (cite("vaswani2017", "3.2.3", ("编码器-解码器注意力", "encoder-decoder attention")),)


def cross_attend(Q, K, V, d_k=None, mask=None):
    """Exact (A, O) of cross-attention; ``mask`` is L_q x L_kv of 0 and -oo (None: no mask).

    >>> A, O = cross_attend(sp.Matrix([[1, 0]]), sp.eye(2), sp.Matrix([[2], [4]]), 1)
    >>> A.shape, O.shape
    ((1, 2), (1, 1))
    """
    d_k = sp.Integer(K.cols) if d_k is None else number(d_k)
    scaled = _scaled(matmul(Q, transpose(K)), d_k)
    rows = masked_softmax_rows(scaled, mask if mask is not None else sp.zeros(Q.rows, K.rows))
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(Q.rows, V.cols, lambda i, c: rows[i].combine(list(V.col(c))))
    return A, O


def _scaled(S, d_k):
    root = sp.sqrt(d_k)
    if root == 1:
        return sp.ImmutableMatrix(S)
    return sp.ImmutableMatrix(S.rows, S.cols, lambda i, j: S[i, j] / root if S[i, j].is_Rational and
                              root.is_Rational else sp.expand(S[i, j] / root))


def _source(spec) -> tuple[str, ...]:
    raw = spec.option("source")
    if not isinstance(raw, list) or not raw or not all(isinstance(t, str) and t.strip() for t in raw):
        raise SymattnError("cross-attention needs source = [\"TOKEN\", ...], the tokens that K and V "
                           "belong to", entry="options.source")
    limits.check_tokens(len(raw))
    for i, t in enumerate(raw):
        limits.check_token(t, f"options.source[{i + 1}]")
    if len(set(raw)) != len(raw):
        raise SymattnError("source tokens must be distinct", entry="options.source")
    return tuple(raw)


def _padding(spec, source) -> tuple[int, ...]:
    raw = spec.option("padding", [])
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise SymattnError("must be a list of source tokens", entry="options.padding")
    bad = [t for t in raw if t not in source]
    if bad:
        raise SymattnError(f"{bad[0]!r} is not one of the source tokens {list(source)}", entry="options.padding")
    if len(set(raw)) == len(source):
        raise SymattnError("every source token is padding: no query would see any key", entry="options.padding")
    return tuple(sorted(source.index(t) for t in set(raw)))


def _given(step_id, value, name, labels, title, spec) -> Step:
    sym = sp.MatrixSymbol(name, *value.shape)
    return Step(id=step_id, title=title, lhs=sym, formula=sym, substituted=None, expanded=(), exact=value,
                numeric=evaluate(value, spec.digits), row_labels=labels,
                notes=(say("形状 {}。", "Shape {}.", Dims(*value.shape)),))


def _side(spec, name, base, base_name, labels, steps, step_id, title):
    """``name`` given (rows = labels), or projected from ``base`` by W_name."""
    given, W = getattr(spec, name), getattr(spec, f"W_{name}")
    if given is not None and W is not None:
        raise SymattnError(f"give either {name} or W_{name}, not both", entry=name)
    if given is not None:
        if given.rows != len(labels):
            raise SymattnError(f"{name} has {given.rows} rows but there are {len(labels)} "
                               f"{'tokens' if name == 'Q' else 'source tokens'}", entry=name)
        steps.append(_given(step_id, given, name, labels, title, spec))
        return given
    where = "X" if name == "Q" else "options.memory"
    if W is None or base is None:
        raise SymattnError(f"missing {name}: give {name} directly, or {where} and W_{name}", entry=name)
    if W.rows != base.cols:
        raise SymattnError(f"{base_name} is {base.rows}x{base.cols} but W_{name} is {W.rows}x{W.cols}: "
                           f"W_{name} needs {base.cols} rows", entry=f"W_{name}")
    value = matmul(base, W)
    Bs, Ws = sp.MatrixSymbol(base_name, *base.shape), sp.MatrixSymbol(f"W_{name}", *W.shape)
    steps.append(Step(
        id=step_id, title=title, lhs=sp.MatrixSymbol(name, *value.shape), formula=Bs * Ws,
        substituted=sp.MatMul(base, W, evaluate=False),
        expanded=(sp.Symbol(f"{name.lower()}_{index(0, 0)}"),
                  nodes.Dot(*[(base[0, k], W[k, 0]) for k in range(base.cols)]), value[0, 0]),
        exact=value, numeric=evaluate(value, spec.digits), row_labels=labels,
        notes=(say("形状 {}。", "Shape {}.", ShapeChain(base.shape, W.shape, value.shape)),)))
    return value


def derive_cross_attention(spec) -> Derivation:
    """Cross-attention of a spec: ``tokens`` are the queries' sequence, ``[options] source`` the other.

    >>> from symattn import parse_spec
    >>> s = parse_spec('topic = "cross_attention"\\ntokens = ["I"]\\nQ = [[1, 0]]\\nK = [[1, 0], [0, 1]]\\n'
    ...                'V = [[2], [4]]\\n[options]\\nsource = ["a", "b"]')
    >>> derive_cross_attention(s).step("weights").shape
    (1, 2)
    """
    source = _source(spec)
    tokens, digits = spec.tokens, spec.digits
    L_q, L_kv = len(tokens), len(source)
    padded = _padding(spec, source)
    memory = option_matrix(spec, "memory")
    width = next((m.cols for m in (spec.V, spec.W_V) if m is not None), 1)
    limits.check_terms(max(L_q, L_kv), width)  # L_q x L_kv weights of L_kv terms, before any work
    steps: list[Step] = []
    if spec.X is not None:
        if spec.X.rows != L_q:
            raise SymattnError(f"X has {spec.X.rows} rows but there are {L_q} tokens", entry="X")
        steps.append(_given("input", spec.X, "X", tokens, say("查询一侧的输入 {}", "Query-side input {}",
                                                                   sp.MatrixSymbol("X", *spec.X.shape)), spec))
    if memory is not None:
        if spec.K is not None or spec.V is not None:
            raise SymattnError("give K and V, or memory with W_K and W_V, not both", entry="options.memory")
        if memory.rows != L_kv:
            raise SymattnError(f"memory has {memory.rows} rows but there are {L_kv} source tokens",
                               entry="options.memory")
        steps.append(_given("memory", memory, "H", source, say("被读取的序列 {}，如编码器的输出",
                                                                "The sequence read, {}, such as an encoder's output",
                                                                sp.MatrixSymbol("H", *memory.shape)), spec))
    Q = _side(spec, "Q", spec.X, "X", tokens, steps, "queries", say("查询 {}", "Queries {}", _sym("Q", L_q, 1)))
    K = _side(spec, "K", memory, "H", source, steps, "keys", say("键 {}：来自另一序列", "Keys {} from the other "
                                                                "sequence", _sym("K", L_kv, 1)))
    V = _side(spec, "V", memory, "H", source, steps, "values", say("值 {}：来自另一序列", "Values {} from the "
                                                                  "other sequence", _sym("V", L_kv, 1)))
    if Q.cols != K.cols:
        raise SymattnError(f"Q is {Q.rows}x{Q.cols} but K is {K.rows}x{K.cols}: queries and keys need the "
                           "same width d_k", entry="K")
    if Q.free_symbols or K.free_symbols or V.free_symbols:
        raise SymattnError("cross-attention needs numbers in Q, K and V", entry="Q")
    dk = spec.d_k if spec.d_k is not None else sp.Integer(K.cols)
    d = K.cols
    Qs, Ks, dsym = sp.MatrixSymbol("Q", L_q, d), sp.MatrixSymbol("K", L_kv, d), sp.Symbol("d_k")

    KT = transpose(K)
    steps.append(Step(
        id="keys_transposed", title=say("转置 {}", "Transpose {}", Ks.T), lhs=Ks.T, formula=Ks.T,
        substituted=sp.Transpose(K), expanded=(), exact=KT, numeric=evaluate(KT, digits), col_labels=source,
        notes=(say("{} 变为 {}：每一列是一个源词的键。", "{} becomes {}: each column is one source token's key.",
                   Dims(*K.shape), Dims(*KT.shape)),)))
    S = matmul(Q, KT)
    steps.append(Step(
        id="scores", title=say("打分矩阵 {}", "Scores {}", Equals(sp.MatrixSymbol("S", L_q, L_kv), Qs * Ks.T)),
        lhs=sp.MatrixSymbol("S", L_q, L_kv), formula=Qs * Ks.T, substituted=sp.MatMul(Q, KT, evaluate=False),
        expanded=(sp.Symbol(f"s_{index(0, 0)}"), nodes.Dot(*[(Q[0, k], KT[k, 0]) for k in range(d)]), S[0, 0]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=source,
        notes=(say("形状 {}：不是方阵，行是查询一侧的词，列是源序列的词。",
                   "Shape {}: not square; rows are the query side's tokens, columns the source's.",
                   ShapeChain(Q.shape, KT.shape, S.shape)),)))
    scaled = _scaled(S, dk)
    steps.append(Step(
        id="scaled_scores", title=say("缩放 {}", "Scaling {}", nodes.ScaledBy(sp.MatrixSymbol("S", L_q, L_kv), dsym)),
        lhs=nodes.Tilde(sp.MatrixSymbol("S", L_q, L_kv)), formula=nodes.ScaledBy(Qs * Ks.T, dsym),
        substituted=nodes.ScaledBy(S, dk),
        expanded=(nodes.Entry(nodes.Tilde(sp.Symbol("s")), 0, 0), nodes.ScaledBy(S[0, 0], dk), scaled[0, 0]),
        exact=scaled, numeric=evaluate(scaled, digits), row_labels=tokens, col_labels=source,
        notes=(say("{}，形状仍是 {}。", "{}, and the shape stays {}.", Equals(dsym, dk), Dims(L_q, L_kv)),)))

    mask = sp.ImmutableMatrix(L_q, L_kv, lambda i, j: NEG_INF if j in padded else sp.S.Zero)
    arg = scaled
    formula_arg = nodes.ScaledBy(Qs * Ks.T, dsym)
    if padded:
        Ms = sp.MatrixSymbol("M", L_q, L_kv)
        steps.append(Step(
            id="mask", title=say("源序列的填充掩码 {}", "The source's padding mask {}", Ms), lhs=Ms, formula=Ms,
            substituted=None, expanded=(), exact=mask, numeric=evaluate(mask, digits), row_labels=tokens,
            col_labels=source,
            notes=(say("形状 {}：被填充的源词那一列全是 {}，其余为 {}。",
                       "Shape {}: the column of each padding source token is {}, the rest {}.",
                       Dims(L_q, L_kv), NEG_INF, 0),)))
        arg = sp.ImmutableMatrix(L_q, L_kv, lambda i, j: scaled[i, j] + mask[i, j])
        formula_arg = Plus(formula_arg, Ms)
    rows = masked_softmax_rows(scaled, mask)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    j0 = rows[0].visible[0]
    chain = [sp.Symbol(f"a_{index(0, j0)}"), nodes.ExpRatio(scaled[0, j0], tuple(scaled[0, j] for j in rows[0].visible))]
    if rows[0].row.shift != 0:
        chain.append(nodes.ExpRatio(rows[0].row.exponents[0], rows[0].row.exponents))
    chain.append(A[0, j0])
    As = sp.MatrixSymbol("A", L_q, L_kv)
    steps.append(Step(
        id="weights", title=say("按行 softmax：注意力权重 {}", "Row softmax: attention weights {}", As), lhs=As,
        formula=nodes.RowSoftmax(formula_arg), substituted=nodes.RowSoftmax(arg if padded else scaled),
        expanded=tuple(chain), exact=A, numeric=evaluate(A, digits), row_labels=tokens, col_labels=source,
        notes=(say("形状 {}：每个查询在 {} 个源词上分配权重，每行精确和为 {}。",
                   "Shape {}: each query spreads its weight over the {} source tokens; every row sums to exactly {}.",
                   Dims(L_q, L_kv), L_kv - len(padded), 1),
               say("不需要因果掩码：源序列已经完整，每个查询都可以看全部源词。",
                   "No causal mask: the source is complete, so every query may read all of it."))))

    O = sp.ImmutableMatrix(L_q, V.cols, lambda i, c: rows[i].combine(list(V.col(c))))
    steps.append(Step(
        id="output", title=say("加权求和：输出 {}", "Weighted sum: output {}", Equals(
            sp.MatrixSymbol("O", L_q, V.cols), As * sp.MatrixSymbol("V", L_kv, V.cols))),
        lhs=sp.MatrixSymbol("O", L_q, V.cols), formula=As * sp.MatrixSymbol("V", L_kv, V.cols),
        substituted=sp.MatMul(A, V, evaluate=False),
        expanded=(sp.Symbol(f"o_{index(0, 0)}"), nodes.Dot(*[(A[0, j], V[j, 0]) for j in range(L_kv)]), O[0, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens,
        notes=(say("形状 {}：输出的行数跟查询走（{} 行），宽度跟值走（{}）。",
                   "Shape {}: the output has one row per query ({} rows) and the width of the values ({}).",
                   ShapeChain(A.shape, V.shape, O.shape), L_q, V.cols),
               say("源序列的 {} 和 {} 在每个解码器层各算一次，每层用自己的 {} 和 {}：解码时每一步都复用它们，长度固定为 {}。",
                   "The source's {} and {} are computed once per decoder layer, each layer with its own {} and {}: "
                   "every decoding step reuses them, at a fixed length {}.",
                   _sym("K", L_kv, d), _sym("V", L_kv, V.cols), _sym("W_K", 1, 1), _sym("W_V", 1, 1), L_kv),
               say("批处理时源序列长短不一，要填充到同一长度，所以交叉注意力仍需要源序列的填充掩码（每个被填充的源词一列 {}）。",
                   "In a batch the sources have different lengths and are padded to one, so cross-attention still "
                   "needs the source's padding mask (a column of {} for each padded source token).", NEG_INF))))

    title = spec.heading("交叉注意力：" + " ".join(map(literal, tokens)) + " → " + " ".join(map(literal, source)),
                         "Cross-attention: " + " ".join(map(literal, tokens)) + " → " + " ".join(map(literal, source)))
    intro = (say("查询来自一个序列（{} 个词），键和值来自另一个序列（{} 个词）。分数矩阵是 {} 的长方形，"
                 "每一步都给出形状。",
                 "The queries come from one sequence ({} tokens), the keys and values from another ({} tokens). "
                 "The score matrix is a {} rectangle; every step gives its shapes.",
                 L_q, L_kv, Dims(L_q, L_kv)),
             say("{}，{}，{}。", "{}, {}, {}.", Equals(sp.Symbol("L_q"), L_q), Equals(sp.Symbol("L_kv"), L_kv),
                 Equals(dsym, dk)))
    return Derivation(topic="cross_attention", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro,
                      meta=(("d_k", dk), ("source", source), ("padding", tuple(source[p] for p in padded))),
                      sources=SOURCES)


def _sym(name, rows, cols):
    return sp.MatrixSymbol(name, rows, cols)
