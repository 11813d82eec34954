"""The attention pipeline of the article, one Step per line on the board:

    Q = X W_Q,  K = X W_K,  V = X W_V     (or Q, K, V given)
    K^T
    S = Q K^T
    S~ = S / sqrt(d_k)
    A = softmax(S~) by rows               (canonical exact form, see softmax.py)
    O = A V
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .. import nodes
from ..escape import literal
from ..markup import Text as Markup
from ..model import Derivation, Step, Text
from ..numeric import evaluate, fixed
from ..pipeline import Resolved, index, intro, meta, row_sums, score_steps, shape_note, weights_step
from ..spec import AttentionSpec

__all__ = ["derive_attention"]


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
    L = len(tokens)
    more, scaled = score_steps(r)
    steps.extend(more)
    weights, rows = weights_step(r, scaled)
    A, A_num = weights.exact, weights.numeric
    if all(v is not None for row in A_num for v in row):  # the spec's printed weights, checked
        claimed = [note for step_id, c, decimals in spec.claimed if step_id == "weights"
                   for note in _claimed_notes(c, decimals, A_num, _whose(spec))]
        weights = replace(weights, notes=weights.notes + tuple(claimed))
    steps.append(weights)

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
    return Derivation(topic="attention", title=title, tokens=tokens, steps=tuple(steps),
                      digits=digits, lang=spec.lang, intro=intro(r, weights), meta=meta(r))


def _tok(token: str) -> str:
    from ..printing import text_label
    return text_label(token)


def _whose(spec) -> Text:
    """Whose printed weights: "the article" only for the built-in example's numbers."""
    from ..examples import is_article
    return Text("文章给出的", "the article's") if is_article(spec) else Text("给出的", "the claimed")


def _claimed_notes(claimed, decimals, A_num, who: Text) -> list[Text]:
    from decimal import Decimal
    cap = who.en[0].upper() + who.en[1:]
    if claimed.shape != (len(A_num), len(A_num[0])):
        shape = nodes.Dims(*claimed.shape)
        return [Text(Markup.format(f"{who.zh}权重是 {{}}，与精确结果的形状不同。", shape),
                     Markup.format(f"{cap} weights are {{}}, a different shape from the exact result.", shape))]
    bad = []
    for i in range(claimed.rows):
        for j in range(claimed.cols):
            want = fixed(A_num[i][j], decimals)
            if Decimal(want) != Decimal(str(sp.Float(claimed[i, j], 30)))\
                    .quantize(Decimal(1).scaleb(-decimals)):
                bad.append((i, j, want))
    shown = ", ".join(dict.fromkeys(fixed(sp.Float(v, 30), decimals) for v in claimed))
    sums = row_sums([[fixed(sp.Float(claimed[i, j], 30), decimals) for j in range(claimed.cols)]
                      for i in range(claimed.rows)])
    out = []
    if not bad:
        out.append(Text(f"{who.zh}近似值（{shown.replace(', ', '、')} …）与精确权重保留 {decimals} 位小数后完全一致。",
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
        return (Text(Markup.parse("$V$ 未给出数值，每一行用符号 ${}$ 表示：输出是各行 $v$ 的加权平均，权重就是上一步的 $A$。",
                                  nodes.Sub("v", nodes.Word("词"))),
                     Markup.parse("$V$ has no numbers here, so each row is the symbol ${}$: each output "
                                  "row is a weighted average of the rows of $V$, with the weights of $A$.",
                                  nodes.Sub("v", nodes.Word("token")))),)
    A, V = sp.MatrixSymbol("A", O.rows, O.rows), sp.MatrixSymbol("V", *r.V.shape)
    return (shape_note(A * V, (O.rows, O.rows), r.V.shape, O.shape),)
