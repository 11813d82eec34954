"""The attention pipeline of the article, one Step per line on the board:

    Q = X W_Q,  K = X W_K,  V = X W_V     (or Q, K, V given)
    K^T
    S = Q K^T
    S~ = S / sqrt(d_k)
    A = softmax(S~) by rows               (canonical exact form, see softmax.py)
    O = A V
"""

from __future__ import annotations

import sympy as sp

from .. import nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul, transpose
from ..model import Derivation, Step, Text
from ..numeric import evaluate, fixed
from ..softmax import ExpSum, SoftmaxRow, ratio, softmax_row
from ..spec import AttentionSpec

__all__ = ["derive_attention", "Resolved", "value_symbols", "index", "softmax_rows"]


def index(i: int, j: int | None = None) -> str:
    """Subscript for entry (i, j), 1-based: ``11``, or ``10,2`` when a part has two digits."""
    parts = [str(i + 1)] + ([] if j is None else [str(j + 1)])
    return ("," if any(len(p) > 1 for p in parts) else "").join(parts)


def value_symbols(tokens) -> sp.ImmutableMatrix:
    """The symbolic V: one row symbol v_<token> per token (v_<i> if not an identifier)."""
    names = [f"v_{t}" if f"v_{t}".isidentifier() else f"v_{i + 1}" for i, t in enumerate(tokens)]
    return sp.ImmutableMatrix([[sp.Symbol(n)] for n in names])


class Resolved:
    """Q, K, V and d_k after projections, with the steps that produced them."""

    def __init__(self, spec: AttentionSpec):
        self.spec = spec
        self.tokens = spec.tokens
        self.steps: list[Step] = []
        L = len(spec.tokens)
        if spec.X is not None:
            _check_rows(spec.X, "X", L)
            self.steps.append(_given("input", spec.X, "X", Text("输入矩阵 $X$", "Input matrix $X$"),
                                     spec))
        self.Q = self._projected("Q", spec.Q, spec.W_Q, "queries", Text("查询矩阵 $Q$", "Queries $Q$"))
        self.K = self._projected("K", spec.K, spec.W_K, "keys", Text("键矩阵 $K$", "Keys $K$"))
        if spec.V is None and spec.W_V is None:
            self.V = value_symbols(spec.tokens)
            self.symbolic_v = True
        else:
            self.V = self._projected("V", spec.V, spec.W_V, "values", Text("值矩阵 $V$", "Values $V$"))
            self.symbolic_v = False
        if self.Q.cols != self.K.cols:
            raise SymattnError(f"Q is {self.Q.rows}x{self.Q.cols} but K is {self.K.rows}x{self.K.cols}: "
                               "queries and keys need the same width d_k", entry="K")
        self.d_k = spec.d_k if spec.d_k is not None else sp.Integer(self.K.cols)

    def _projected(self, name, given, weight, step_id, title):
        spec, L = self.spec, len(self.spec.tokens)
        if given is not None and weight is not None:
            raise SymattnError(f"give either {name} or W_{name}, not both", entry=name)
        if given is not None:
            _check_rows(given, name, L)
            self.steps.append(_given(step_id, given, name, Text(f"给定的 ${name}$", f"Given ${name}$"), spec))
            return given
        if weight is None:
            raise SymattnError(f"missing {name}: give {name} directly, or X and W_{name}", entry=name)
        if spec.X is None:
            raise SymattnError(f"W_{name} needs X", entry=f"W_{name}")
        if weight.rows != spec.X.cols:
            raise SymattnError(f"X is {spec.X.rows}x{spec.X.cols} but W_{name} is "
                               f"{weight.rows}x{weight.cols}: W_{name} needs {spec.X.cols} rows",
                               entry=f"W_{name}")
        value = matmul(spec.X, weight)
        X = sp.MatrixSymbol("X", *spec.X.shape)
        W = sp.MatrixSymbol(f"W_{name}", *weight.shape)
        letter = name.lower()
        chain = (nodes.Named(f"{letter}_{{{index(0, 0)}}}"),
                 nodes.Dot(*[(spec.X[0, k], weight[k, 0]) for k in range(spec.X.cols)]),
                 value[0, 0])
        self.steps.append(Step(
            id=step_id, title=title, lhs=sp.MatrixSymbol(name, *value.shape), formula=X * W,
            substituted=sp.MatMul(spec.X, weight, evaluate=False), expanded=chain, exact=value,
            numeric=evaluate(value, spec.digits), row_labels=spec.tokens,
            notes=(_shape_note(f"X W_{{{name}}}", spec.X.shape, weight.shape, value.shape),)))
        return value


def _check_rows(m, name, L):
    if m.rows != L:
        raise SymattnError(f"{name} has {m.rows} rows but there are {L} tokens", entry=name)


def _given(step_id, value, name, title, spec) -> Step:
    sym = sp.MatrixSymbol(name, *value.shape)
    return Step(id=step_id, title=title, lhs=sym, formula=sym, substituted=None, expanded=(),
                exact=value, numeric=evaluate(value, spec.digits), row_labels=spec.tokens,
                notes=(Text(f"维度: ${value.rows} \\times {value.cols}$",
                            f"Shape: ${value.rows} \\times {value.cols}$"),))


def _shape_note(what, a, b, c) -> Text:
    dims = f"({a[0]} \\times {a[1]})({b[0]} \\times {b[1]}) = {c[0]} \\times {c[1]}"
    return Text(f"维度: ${what}$: ${dims}$", f"Shape of ${what}$: ${dims}$")


def softmax_rows(scaled: sp.MatrixBase) -> list[SoftmaxRow]:
    return [softmax_row(list(scaled.row(i))) for i in range(scaled.rows)]


def derive_attention(spec: AttentionSpec) -> Derivation:
    """Derive scaled dot-product attention for a spec, every step exact.

    >>> from symattn.examples import article_spec
    >>> d = derive_attention(article_spec())
    >>> d.step("weights").exact[0, 0]
    exp(1/2)/(exp(1/2) + 2)
    """
    r = Resolved(spec)
    steps = list(r.steps)
    tokens, digits = spec.tokens, spec.digits
    L, dk = len(tokens), r.d_k
    Qs, Ks = sp.MatrixSymbol("Q", *r.Q.shape), sp.MatrixSymbol("K", *r.K.shape)
    d_sym = sp.Symbol("d_k")

    KT = transpose(r.K)
    steps.append(Step(
        id="keys_transposed", title=Text("转置 $K^T$", "Transpose $K^T$"), lhs=Ks.T, formula=Ks.T,
        substituted=sp.Transpose(r.K), exact=KT, numeric=evaluate(KT, digits), col_labels=tokens,
        expanded=(nodes.Named(f"(K^{{T}})_{{{index(0, 1 % L)}}}"), nodes.Named(f"k_{{{index(1 % L, 0)}}}"),
                  KT[0, 1 % L]),
        notes=(Text(f"行变列: ${r.K.rows} \\times {r.K.cols}$ 变为 ${KT.rows} \\times {KT.cols}$",
                    f"Rows become columns: ${r.K.rows} \\times {r.K.cols}$ becomes "
                    f"${KT.rows} \\times {KT.cols}$"),)))

    S = matmul(r.Q, KT)
    steps.append(Step(
        id="scores", title=Text("打分矩阵 $S = QK^T$", "Scores $S = QK^T$"),
        lhs=sp.MatrixSymbol("S", L, L), formula=Qs * Ks.T,
        substituted=sp.MatMul(r.Q, KT, evaluate=False),
        expanded=(nodes.Named("s_{%s}" % index(0, 0)),
                  nodes.Dot(*[(r.Q[0, k], KT[k, 0]) for k in range(KT.rows)]), S[0, 0]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=tokens,
        notes=(_shape_note("Q K^{T}", r.Q.shape, KT.shape, S.shape),
               Text("第 $i$ 行第 $j$ 列 = 第 $i$ 个词的查询与第 $j$ 个词的键的点积。",
                    "Entry $(i, j)$ is the dot product of token $i$'s query with token $j$'s key."))))

    root = sp.sqrt(dk)
    scaled = S / root if root != 1 else S
    scaled = sp.ImmutableMatrix(scaled.applyfunc(lambda e: e if e.is_Rational else sp.expand(e)))
    if root.is_Rational:
        root_tex = f"\\sqrt{{{sp.latex(dk)}}} = {sp.latex(root)}"
    elif root.is_number:  # sqrt(3) = sqrt(3) says nothing: give its decimals
        root_tex = f"\\sqrt{{{sp.latex(dk)}}} \\approx {fixed(evaluate(sp.ImmutableMatrix([[root]]), digits)[0][0], digits)}"
    else:
        root_tex = sp.latex(root)
    steps.append(Step(
        id="scaled_scores", title=Text(r"缩放 $S / \sqrt{d_k}$", r"Scaling $S / \sqrt{d_k}$"),
        lhs=nodes.Named(r"\tilde{S}", "S_scaled"), formula=nodes.ScaledBy(Qs * Ks.T, d_sym),
        substituted=nodes.ScaledBy(S, dk),
        expanded=(nodes.Named(r"\tilde{s}_{%s}" % index(0, 0)), nodes.ScaledBy(S[0, 0], dk),
                  scaled[0, 0]),
        exact=scaled, numeric=evaluate(scaled, digits), row_labels=tokens, col_labels=tokens,
        notes=(Text(f"$d_k = {sp.latex(dk)}$，$\\sqrt{{d_k}}$: ${root_tex}$。",
                    f"$d_k = {sp.latex(dk)}$, so ${root_tex}$."),)))

    rows = softmax_rows(scaled)
    A = sp.ImmutableMatrix([list(row.weights()) for row in rows])
    A_num = evaluate(A, digits)
    first = rows[0]
    chain = [nodes.Named("a_{%s}" % index(0, 0)),
             nodes.ExpRatio(scaled[0, 0], tuple(scaled.row(0)))]
    if first.shift != 0:
        chain.append(nodes.ExpRatio(first.exponents[0], first.exponents))
    chain.append(A[0, 0])
    steps.append(Step(
        id="weights", title=Text("按行 softmax：注意力权重 $A$", "Row softmax: attention weights $A$"),
        lhs=sp.MatrixSymbol("A", L, L),
        formula=nodes.RowSoftmax(nodes.ScaledBy(Qs * Ks.T, d_sym)),
        substituted=nodes.RowSoftmax(scaled), expanded=tuple(chain), exact=A, numeric=A_num,
        row_labels=tokens, col_labels=tokens,
        notes=_weight_notes(rows, A, A_num, spec)))

    v_cols = [list(r.V.col(k)) for k in range(r.V.cols)]
    O = sp.ImmutableMatrix(L, r.V.cols, lambda i, k: rows[i].combine(v_cols[k]))
    if r.symbolic_v:
        name = nodes.Named(r"\text{new}_{%s}" % _tok(tokens[0]), f"new_{tokens[0]}")
        out_chain = (name, nodes.Dot(*[(A[0, j], r.V[j, 0]) for j in range(L)]), O[0, 0])
    else:
        out_chain = (nodes.Named("o_{%s}" % index(0, 0)),
                     nodes.Dot(*[(A[0, j], r.V[j, 0]) for j in range(L)]), O[0, 0])
    steps.append(Step(
        id="output", title=Text("加权求和：输出 $O = AV$", "Weighted sum: output $O = AV$"),
        lhs=sp.MatrixSymbol("O", *O.shape), formula=sp.MatrixSymbol("A", L, L) * sp.MatrixSymbol("V", *r.V.shape),
        substituted=sp.MatMul(A, r.V, evaluate=False), expanded=out_chain, exact=O,
        numeric=evaluate(O, digits), row_labels=tokens,
        notes=_output_notes(r, O)))

    title = spec.heading("手推 Attention：" + " ".join(map(literal, tokens)),
                         "Attention by hand: " + " ".join(map(literal, tokens)))
    if any(v is not None for row in A_num for v in row):
        intro = (Text(f"序列长度 $L = {L}$，$d_k = {sp.latex(dk)}$。每一步给出公式、代入数字、展开一个元素、精确值与 {digits} 位小数。",
                      f"Sequence length $L = {L}$, $d_k = {sp.latex(dk)}$. Each step shows the formula, the numbers "
                      f"substituted, one entry written out, the exact value and {digits} decimals."),)
    else:  # symbolic weights have no decimals to promise
        intro = (Text(f"序列长度 $L = {L}$，$d_k = {sp.latex(dk)}$。每一步给出公式、代入数字、展开一个元素与精确值（含符号，没有小数）。",
                      f"Sequence length $L = {L}$, $d_k = {sp.latex(dk)}$. Each step shows the formula, the numbers "
                      "substituted, one entry written out and the exact value (symbolic, so no decimals)."),)
    return Derivation(topic="attention", title=title, tokens=tokens, steps=tuple(steps),
                      digits=digits, lang=spec.lang, intro=intro,
                      meta=(("d_k", dk), ("symbolic_v", r.symbolic_v)))


def _tok(token: str) -> str:
    from ..printing import text_label
    return text_label(token)


def _weight_notes(rows, A, A_num, spec) -> tuple[Text, ...]:
    notes = []
    sums = [ratio(ExpSum.collect((x, 1) for x in row.exponents), row.denominator) for row in rows]
    if all(s == 1 for s in sums):
        notes.append(Text("每一行的精确和都恰好是 $1$（分子加起来正是分母）。",
                          "Every row sums to exactly $1$: the numerators add up to the denominator."))
    if all(x.is_number for row in rows for x in row.exponents):
        notes.append(Text(
            "精确形式把每行减去该行最小值，使指数都 $\\ge 0$，再合并相同的指数项。"
            "数值代码（如 PyTorch）反过来减去每行最大值，使指数都 $\\le 0$，$e^x$ 不会溢出；"
            "分子分母同乘一个常数，结果不变。",
            "The exact form subtracts each row's minimum, so every exponent is $\\ge 0$, and groups equal "
            "exponents. Numeric code (PyTorch, for one) subtracts the row maximum instead, so every exponent "
            "is $\\le 0$ and $e^x$ cannot overflow; multiplying top and bottom by the same constant changes nothing."))
    else:  # symbolic scores have no known minimum: nothing was shifted
        notes.append(Text(
            "分数含符号，无法判断哪一个最小，所以指数保持原样、不做平移。"
            "数值代码（如 PyTorch）会减去每行最大值，使 $e^x$ 不会溢出；分子分母同乘一个常数，结果不变。",
            "The scores are symbolic, so no row minimum is known and the exponents are left as they are, "
            "unshifted. Numeric code (PyTorch, for one) subtracts the row maximum so that $e^x$ cannot "
            "overflow; multiplying top and bottom by the same constant changes nothing."))
    numeric_ok = all(v is not None for row in A_num for v in row)
    has_claims = any(step_id == "weights" for step_id, _, _ in spec.claimed)
    if numeric_ok and not has_claims:
        rounded = [[fixed(v, 2) for v in row] for row in A_num]
        off = [(i, s) for i, s in enumerate(_row_sums(rounded)) if s != "1.00"]
        if off:
            parts_zh = "、".join(f"第 {i + 1} 行为 ${s}$" for i, s in off)
            parts_en = ", ".join(f"row {i + 1} gives ${s}$" for i, s in off)
            notes.append(Text(f"保留两位小数后各行之和不一定是 1：{parts_zh}。这是舍入造成的，不是错误。",
                              f"Rounded to two decimals the rows need not sum to 1: {parts_en}. "
                              "That is rounding, not an error."))
    for step_id, claimed, decimals in spec.claimed:
        if step_id == "weights" and numeric_ok:
            notes.extend(_claimed_notes(claimed, decimals, A_num, _whose(spec)))
    return tuple(notes)


def _row_sums(rounded) -> list[str]:
    from decimal import Decimal
    return [f"{sum(Decimal(v) for v in row):f}" for row in rounded]


def _whose(spec) -> Text:
    """Whose printed weights: "the article" only for the built-in example's numbers."""
    from ..examples import is_article
    return Text("文章给出的", "the article's") if is_article(spec) else Text("给出的", "the claimed")


def _claimed_notes(claimed, decimals, A_num, who: Text) -> list[Text]:
    from decimal import Decimal
    cap = who.en[0].upper() + who.en[1:]
    if claimed.shape != (len(A_num), len(A_num[0])):
        return [Text(f"{who.zh}权重是 ${claimed.rows} \\times {claimed.cols}$，与精确结果的形状不同。",
                     f"{cap} weights are ${claimed.rows} \\times {claimed.cols}$, "
                     "a different shape from the exact result.")]
    bad = []
    for i in range(claimed.rows):
        for j in range(claimed.cols):
            want = fixed(A_num[i][j], decimals)
            if Decimal(want) != Decimal(str(sp.Float(claimed[i, j], 30)))\
                    .quantize(Decimal(1).scaleb(-decimals)):
                bad.append((i, j, want))
    shown = ", ".join(dict.fromkeys(fixed(sp.Float(v, 30), decimals) for v in claimed))
    sums = _row_sums([[fixed(sp.Float(claimed[i, j], 30), decimals) for j in range(claimed.cols)]
                      for i in range(claimed.rows)])
    out = []
    if not bad:
        out.append(Text(f"{who.zh}近似值（{shown} …）与精确权重保留 {decimals} 位小数后完全一致。",
                        f"{cap} approximate values ({shown} …) agree with the exact weights "
                        f"at {decimals} decimals."))
    else:
        lst = "; ".join(f"$a_{{{index(i, j)}}}$ ≈ {w}" for i, j, w in bad)
        out.append(Text(f"{who.zh}近似值有 {len(bad)} 处与精确值不符（应为 {lst}）。",
                        f"{len(bad)} of {who.en} approximate values disagree with the exact "
                        f"weights (correct: {lst})."))
    odd = [(i, s) for i, s in enumerate(sums) if Decimal(s) != 1]
    if odd:
        lst_zh = "、".join(f"第 {i + 1} 行和为 ${s}$" for i, s in odd)
        lst_en = ", ".join(f"row {i + 1} sums to ${s}$" for i, s in odd)
        out.append(Text(f"{who.zh}四舍五入后的权重：{lst_zh}，而不是 $1$；精确值每行和为 $1$。",
                        f"In {who.en} rounded weights {lst_en}, not $1$; the exact rows sum to $1$."))
    return out


def _output_notes(r: Resolved, O) -> tuple[Text, ...]:
    if r.symbolic_v:
        return (Text("$V$ 未给出数值，每一行用符号 $v_{\\text{词}}$ 表示：输出是各行 $v$ 的加权平均，权重就是上一步的 $A$。",
                     "$V$ has no numbers here, so each row is the symbol $v_{\\text{token}}$: each output "
                     "row is a weighted average of the rows of $V$, with the weights of $A$."),)
    return (_shape_note("A V", (O.rows, O.rows), r.V.shape, O.shape),)
