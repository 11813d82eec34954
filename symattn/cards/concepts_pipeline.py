"""Cards on every step of an example's pipeline, read off its derivation (the article's by default).

Every number and matrix below is taken from the derivation's steps (exact values, expanded
entries, shapes); the text only says what they mean.  A card says "the example" and names it by
its tokens; the example's inputs are stated once, by the deck (see :mod:`symattn.cards.deck`).
"""

from __future__ import annotations

from decimal import Decimal

import sympy as sp

from ..model import Derivation, Text
from ..numeric import fixed
from ..printing import text_label
from ..softmax import softmax_row
from ._tex import CardPrinter, approx, example_name, shape, tex
from .facts import matmul_cost
from .model import Concept

__all__ = ["pipeline_concepts"]


def _chain(step) -> str:
    parts = [tex(e) for e in step.expanded]
    return " = ".join(p for k, p in enumerate(parts) if k == 0 or p != parts[k - 1])


def _row(values) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix([list(values)])


def pipeline_concepts(d: Derivation) -> list[Concept]:
    """The pipeline's cards on the derivation ``d`` (its tokens, Q, K, d_k; X and V when given)."""
    Q, K = d.step("queries").exact, d.step("keys").exact
    KT, S = d.step("keys_transposed").exact, d.step("scores").exact
    St, A = d.step("scaled_scores").exact, d.step("weights").exact
    dk = dict(d.meta)["d_k"]
    L = len(d.tokens)
    t = [text_label(x) for x in d.tokens]
    ex = example_name(d)
    out: list[Concept] = []

    def add(key, fz, fe, bz, be, *tags):
        out.append(Concept(key, Text(fz, fe), Text(bz, be), tags, example=True))

    add("pipeline/formula",
        "写出缩放点积注意力的完整公式。", "Write the full formula of scaled dot-product attention.",
        f"$$\\operatorname{{Attention}}(Q, K, V) = {tex(d.step('weights').formula)} V$$"
        "先 $QK^T$ 打分，再除以 $\\sqrt{d_k}$，按行 softmax，最后乘 $V$。",
        f"$$\\operatorname{{Attention}}(Q, K, V) = {tex(d.step('weights').formula)} V$$"
        "Score with $QK^T$, divide by $\\sqrt{d_k}$, softmax each row, then multiply by $V$.")
    add("pipeline/kt-shape",
        f"{ex.zh}中 $K$ 是 ${shape(*K.shape)}$。$K^T$ 的形状是什么？为什么要转置？",
        f"In {ex.en} $K$ is ${shape(*K.shape)}$. What is the shape of $K^T$, and why transpose?",
        f"$K^T$ 是 ${shape(*KT.shape)}$：$$K^{{T}} = {tex(KT)}$$"
        "转置后 $K$ 的每一行（一个词的键）变成一列，$Q$ 的每一行才能和每个键做点积。",
        f"$K^T$ is ${shape(*KT.shape)}$: $$K^{{T}} = {tex(KT)}$$"
        "Each key (a row of $K$) becomes a column, so every row of $Q$ can be dotted with every key.")
    add("pipeline/scores-shape",
        f"$Q$ 是 $L \\times d_k$，$K$ 是 $L \\times d_k$。$QK^T$ 的形状是什么？{ex.zh}中呢？",
        f"$Q$ is $L \\times d_k$ and $K$ is $L \\times d_k$. What is the shape of $QK^T$? In {ex.en}?",
        f"$(L \\times d_k)(d_k \\times L) = L \\times L$：每对词一个分数，与 $d_k$ 无关。"
        f"{ex.zh}中 $({shape(*Q.shape)})({shape(*KT.shape)}) = {shape(*S.shape)}$。",
        f"$(L \\times d_k)(d_k \\times L) = L \\times L$: one score per pair of tokens, whatever $d_k$ is. "
        f"In {ex.en} $({shape(*Q.shape)})({shape(*KT.shape)}) = {shape(*S.shape)}$.")
    add("pipeline/scores",
        f"计算{ex.zh}的打分矩阵 $S = QK^T$。", f"Compute the score matrix $S = QK^T$ of {ex.en}.",
        f"$$S = {tex(d.step('scores').substituted)} = {tex(S)}$$",
        f"$$S = {tex(d.step('scores').substituted)} = {tex(S)}$$")
    add("pipeline/entry",
        f"$s_{{ij}}$ 是什么？写出{ex.zh}的 $s_{{11}}$（${t[0]}$ 对 ${t[0]}$）的计算。",
        f"What is $s_{{ij}}$? Write out $s_{{11}}$ of {ex.en} (${t[0]}$ against ${t[0]}$).",
        f"第 $i$ 个词的查询 $q_i$ 与第 $j$ 个词的键 $k_j$ 的点积 $s_{{ij}} = q_i \\cdot k_j$：$${_chain(d.step('scores'))}$$",
        f"The dot product of token $i$'s query with token $j$'s key, $s_{{ij}} = q_i \\cdot k_j$: "
        f"$${_chain(d.step('scores'))}$$")
    row = _row(S.row(0))
    top = max(range(L), key=lambda j: (S[0, j], -j))  # the first largest score of row 1
    ties = [j for j in range(L) if S[0, j] == S[0, top]]
    best_zh = "、".join(f"${t[j]}$" for j in ties)
    best_en = ", ".join(f"${t[j]}$" for j in ties)
    add("pipeline/row-meaning",
        f"{ex.zh}打分矩阵第 1 行 ${tex(row)}$ 表示什么？",
        f"What does row 1 of the score matrix of {ex.en}, ${tex(row)}$, mean?",
        f"${t[0]}$ 的查询分别与 " + "、".join(f"${x}$" for x in t) + " 的键的匹配程度："
        f"最高分 ${tex(S[0, top])}$ 给了 {best_zh}。第 $i$ 行 = 第 $i$ 个词在看谁；第 $j$ 列 = 谁在看第 $j$ 个词。",
        f"How well ${t[0]}$'s query matches the keys of " + ", ".join(f"${x}$" for x in t) +
        f": the highest score, ${tex(S[0, top])}$, goes to {best_en}. Row $i$ is whom token $i$ looks at; "
        "column $j$ is who looks at token $j$.")
    add("pipeline/scale-step",
        f"{ex.zh}中 $S = {tex(S)}$，$d_k = {tex(dk)}$。缩放后的分数 $\\tilde{{S}}$ 是多少？",
        f"In {ex.en} $S = {tex(S)}$ and $d_k = {tex(dk)}$. What are the scaled scores $\\tilde{{S}}$?",
        f"$\\sqrt{{{tex(dk)}}} = {tex(sp.sqrt(dk))}$：$$\\tilde{{S}} = {tex(d.step('scaled_scores').substituted)} = {tex(St)}$$",
        f"$\\sqrt{{{tex(dk)}}} = {tex(sp.sqrt(dk))}$: $$\\tilde{{S}} = {tex(d.step('scaled_scores').substituted)} = {tex(St)}$$")
    r0 = softmax_row(list(St.row(0)))
    shift_zh, shift_en = _shift_words(r0)
    add("pipeline/weight-11",
        f"精确算出{ex.zh}的 $a_{{11}}$ 与整个注意力权重矩阵 $A$，再给出近似值。",
        f"Compute $a_{{11}}$ and the whole weight matrix $A$ of {ex.en} exactly, then approximately.",
        f"$${_chain(d.step('weights'))} \\approx {approx(A[0, 0])}$${shift_zh}其余各行同理："
        f"$$A = {tex(A)} \\approx {_rounded(A, 4)}$$",
        f"$${_chain(d.step('weights'))} \\approx {approx(A[0, 0])}$${shift_en}The other rows alike:"
        f"$$A = {tex(A)} \\approx {_rounded(A, 4)}$$")
    sums = [sp.Add(*A.row(i)) for i in range(L)]
    col0 = sp.Add(*A.col(0))
    add("pipeline/softmax-rows",
        "为什么 softmax 按行做，而不是按列或对整个矩阵做？",
        "Why is softmax taken over rows, not columns or the whole matrix?",
        "第 $i$ 行是第 $i$ 个词（一个查询）对所有键的打分；按行归一化得到这个词的注意力分布，"
        f"每行和为 $1$（{ex.zh}中各行精确和：${', '.join(tex(_row_sum(s)) for s in sums)}$）。"
        + (f"按列做会把不同查询混在一起：例如第 1 列之和 ${tex(col0)} \\approx {approx(col0)}$，不是 $1$。"
           if _row_sum(col0) != 1 else "按列做会把不同查询混在一起：一列的和一般不是 $1$。"),
        "Row $i$ holds the scores of one query (token $i$) against every key; normalising the row gives that "
        f"token's distribution of attention, summing to $1$ ({ex.en}'s exact row sums: "
        f"${', '.join(tex(_row_sum(s)) for s in sums)}$). Columns would mix different queries: "
        + (f"column 1 sums to ${tex(col0)} \\approx {approx(col0)}$, not $1$."
           if _row_sum(col0) != 1 else "a column's sum is not $1$ in general."))
    uniform = next((i for i in range(L) if len(set(St.row(i))) == 1), None)
    if uniform is not None:  # a row of equal scores: the uniform distribution
        mid = _row(St.row(uniform))
        add("pipeline/uniform-row",
            f"为什么{ex.zh}第 {uniform + 1} 行权重全是 ${tex(A[uniform, 0])}$？",
            f"Why is every weight in row {uniform + 1} of {ex.en} ${tex(A[uniform, 0])}$?",
            f"第 {uniform + 1} 行缩放分数 ${tex(mid)}$ 全部相等，softmax 只看差值，相等的分数得到均匀分布 "
            f"$1/L = {tex(A[uniform, 0])}$。",
            f"Row {uniform + 1}'s scaled scores ${tex(mid)}$ are all equal; softmax only sees differences, so equal "
            f"scores give the uniform distribution $1/L = {tex(A[uniform, 0])}$.")
    rounded = [[Decimal(fixed(v, 2)) for v in r] for r in d.step("weights").numeric]
    off = [(i, sum(r)) for i, r in enumerate(rounded) if sum(r) != 1]
    if off:  # rounded rows that do not add up to 1
        i0, s0 = off[0]
        terms = " + ".join(str(v) for v in rounded[i0])
        add("pipeline/rounding",
            f"{ex.zh}的第 {i0 + 1} 行权重保留两位小数后相加是 ${s0}$，算错了吗？",
            f"Row {i0 + 1} of {ex.en}'s weights, rounded to two decimals, adds up to ${s0}$. An error?",
            f"不是错误：精确值每行和恰为 $1$，${tex(A[i0, 0])} \\approx {approx(A[i0, 0])}$ 等舍入后才变成 "
            f"${terms} = {s0}$。",
            f"No: the exact row sums to exactly $1$; rounding ${tex(A[i0, 0])} \\approx {approx(A[i0, 0])}$ "
            f"and the others gives ${terms} = {s0}$.")
    new = _chain(d.step("output"))
    symbolic_v = dict(d.meta).get("symbolic_v")
    add("pipeline/values",
        f"$V$ 在注意力里贡献什么？写出{ex.zh}中 ${t[0]}$ 的输出。",
        f"What does $V$ contribute? Write {ex.en}'s output for ${t[0]}$.",
        "$Q$、$K$ 只决定权重（看谁、看多少）；真正被搬运的内容来自 $V$。输出每一行是 $V$ 各行的加权平均"
        + ("" if symbolic_v else "（这里是第 1 列）") + "：$$" + new + "$$",
        "$Q$ and $K$ only decide the weights (whom to look at, how much); the content that is moved comes "
        "from $V$. Each output row is a weighted average of the rows of $V$"
        + ("" if symbolic_v else " (column 1 here)") + ": $$" + new + "$$")
    O = d.step("output").exact
    # V left symbolic: each v_<token> is a row of unknown width, so only the rows are known
    said = (f"$V$ 有 ${L}$ 行（$v_{{{t[0]}}}, \\dots$），输出也是 ${L}$ 行。" if symbolic_v else
            f"$V$ 是 ${shape(L, O.cols)}$，输出也是 ${shape(*O.shape)}$。",
            f"$V$ has ${L}$ rows ($v_{{{t[0]}}}, \\dots$), so does the output." if symbolic_v else
            f"$V$ is ${shape(L, O.cols)}$, and so is the output, ${shape(*O.shape)}$.")
    add("pipeline/output-shape",
        "$A$ 是 $L \\times L$，$V$ 是 $L \\times d_v$。输出 $O = AV$ 的形状？",
        "$A$ is $L \\times L$ and $V$ is $L \\times d_v$. What is the shape of $O = AV$?",
        f"$(L \\times L)(L \\times d_v) = L \\times d_v$：每个词一行，与输入一样多的行。{ex.zh}中" + said[0],
        f"$(L \\times L)(L \\times d_v) = L \\times d_v$: one row per token, as many rows as the input. "
        f"In {ex.en} " + said[1])
    if any(s.id == "input" for s in d.steps):  # X given: the projections' shapes
        X = d.step("input").exact
        add("pipeline/projections",
            f"{ex.zh}中 $X$ 是 ${shape(*X.shape)}$（$L \\times D$）。$Q = XW_Q$ 中 $W_Q$ 的形状？",
            f"In {ex.en} $X$ is ${shape(*X.shape)}$ ($L \\times D$). What shape is $W_Q$ in $Q = XW_Q$?",
            f"$W_Q$ 是 $D \\times d_k$，这里是 ${shape(X.cols, Q.cols)}$：$({shape(*X.shape)})({shape(X.cols, Q.cols)}) = "
            f"{shape(*Q.shape)}$。$W_Q, W_K, W_V$ 是训练学到的参数，所有位置共享。",
            f"$W_Q$ is $D \\times d_k$, here ${shape(X.cols, Q.cols)}$: "
            f"$({shape(*X.shape)})({shape(X.cols, Q.cols)}) = {shape(*Q.shape)}$. "
            "$W_Q, W_K, W_V$ are learned and shared by every position.")
    mults = matmul_cost(Q.rows, Q.cols, KT.cols)
    add("pipeline/count",
        f"{ex.zh}中算 $QK^T$ 一共要做多少次乘法？",
        f"How many multiplications does $QK^T$ take in {ex.en}?",
        f"$L \\cdot L \\cdot d_k = {Q.rows} \\cdot {KT.cols} \\cdot {Q.cols} = {tex(mults)}$：${tex(S.rows * S.cols)}$ 个分数，"
        f"每个是 ${Q.cols}$ 项的点积。",
        f"$L \\cdot L \\cdot d_k = {Q.rows} \\cdot {KT.cols} \\cdot {Q.cols} = {tex(mults)}$: "
        f"${tex(S.rows * S.cols)}$ scores, each a dot product of ${Q.cols}$ terms.")
    add("pipeline/canonical",
        "精确计算 softmax 时，为什么把每行减去该行最小值？",
        "When softmax is computed exactly, why subtract each row's minimum?",
        f"指数都变成 $\\ge 0$，相同指数可以合并：例如{ex.zh}缩放后的第 1 行 ${tex(_row(St.row(0)))}$ 减去 "
        f"${tex(r0.shift)}$ 得 ${tex(_row(r0.exponents))}$，分母 ${tex(r0.denominator.expr())}$。",
        f"All exponents become $\\ge 0$ and equal ones group: {ex.en}'s scaled row 1, ${tex(_row(St.row(0)))}$, "
        f"minus ${tex(r0.shift)}$ is ${tex(_row(r0.exponents))}$, denominator ${tex(r0.denominator.expr())}$.")
    add("pipeline/parallel",
        "为什么说注意力比 RNN 更适合并行？",
        "Why does attention parallelise better than an RNN?",
        f"所有词对的分数来自一次矩阵乘法 $S = QK^T$（{ex.zh}中 ${tex(S.rows * S.cols)}$ 个分数同时算出），"
        "没有第 $t$ 步依赖第 $t-1$ 步的串行链条；任意两个词之间的路径长度都是 $1$。",
        f"Every pair's score comes from one matrix product $S = QK^T$ ({ex.en}'s ${tex(S.rows * S.cols)}$ "
        "scores at once), with no chain where step $t$ waits for step $t-1$; any two tokens are one step apart.")
    return out


def _shift_words(r0) -> tuple[str, str]:
    """How row 1 becomes its canonical form: the factor e^{-m} and the grouping of equal exponents."""
    grouped = len(r0.denominator.terms) < len(r0.exponents)
    if r0.shift == 0:
        return ("相同的指数项合并。" if grouped else "", "Equal exponents group. " if grouped else "")
    factor = tex(sp.exp(-r0.shift, evaluate=False))
    return (f"分子分母同乘 ${factor}$（减去该行最小值）" + ("，再合并相同的指数项。" if grouped else "。"),
            f"Multiply top and bottom by ${factor}$ (subtract the row minimum)"
            + (", then group equal exponents. " if grouped else ". "))


def _row_sum(expr) -> sp.Expr:
    """A row of canonical weights shares one denominator, so together/cancel gives 1."""
    return sp.cancel(sp.together(expr))


def _rounded(A, digits) -> str:
    return CardPrinter().matrix_of([[approx(A[i, j], digits) for j in range(A.cols)] for i in range(A.rows)])
