"""ALiBi (Press et al., 2022): no position embeddings, a distance penalty on the scores instead.

    m_k = 2^{-8k/h}                       the slope of head k of h (h a power of two)
    D_ij = -|i - j|                       how far key j is from query i
    B = m_k D + M                         M the causal mask (0 or -oo), if causal
    A = softmax(S~ + B),  O = A V

Since e^{a+b} = e^a e^b, the bias multiplies the unnormalised weight of a key d positions back by
e^{-m d}: each head decays geometrically with distance, at its own rate.  The bias depends on
i - j only, never on the length, which is why ALiBi extrapolates to longer inputs.

For h not a power of two the paper's code (and BLOOM's) takes the 2^a slopes of the largest power
of two 2^a < h, then every other slope of 2^{a+1} heads: 2^{-4(2j-1)/2^a}, j = 1 .. h - 2^a.
"""

from __future__ import annotations

import sympy as sp

from .. import nodes
from ..errors import SymattnError
from ..escape import literal
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import NEG_INF, Resolved, intro, masked_softmax_rows, meta, score_steps, weights_step as plain_weights
from ._biased import AbsDiff, Approx, Word, added_step, attend, decimals, entry, output_step, split, weights_step
from ._display import Equals, Plus, row, say
from ..sources import cite

__all__ = ["slope_exponents", "alibi_slopes", "distances", "alibi_bias", "alibi_attention", "derive_alibi"]

#: the primary sources the document ends with
SOURCES = (cite("press2022", "3"),)


def slope_exponents(h: int) -> list[sp.Rational]:
    """The exponent e_k of each slope m_k = 2^{e_k}, k = 1 .. h.

    >>> slope_exponents(4), slope_exponents(3)
    ([-2, -4, -6, -8], [-4, -8, -2])
    """
    a = 2 ** (h.bit_length() - 1)  # the largest power of two <= h
    out = [sp.Rational(-8 * k, a) for k in range(1, a + 1)]
    return out + [sp.Rational(-4 * (2 * j - 1), a) for j in range(1, h - a + 1)]


def alibi_slopes(h: int) -> list[sp.Expr]:
    """Exact slopes of h heads.

    >>> alibi_slopes(8)
    [1/2, 1/4, 1/8, 1/16, 1/32, 1/64, 1/128, 1/256]
    >>> alibi_slopes(16)[0]
    sqrt(2)/2
    """
    return [sp.Integer(2) ** e for e in slope_exponents(h)]


def distances(L: int) -> sp.ImmutableMatrix:
    """D_ij = -|i - j|.

    >>> distances(3)
    Matrix([
    [ 0, -1, -2],
    [-1,  0, -1],
    [-2, -1,  0]])
    """
    return sp.ImmutableMatrix(L, L, lambda i, j: -abs(int(i) - int(j)))


def _causal(L: int) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(L, L, lambda i, j: NEG_INF if j > i else sp.S.Zero)


def alibi_bias(L: int, m, causal: bool = True) -> sp.ImmutableMatrix:
    """B = m D, plus the causal mask when ``causal``.

    >>> alibi_bias(3, sp.Rational(1, 2))
    Matrix([
    [   0,  -oo, -oo],
    [-1/2,    0, -oo],
    [  -1, -1/2,   0]])
    """
    D = distances(L)
    M = _causal(L) if causal else sp.zeros(L, L)
    return sp.ImmutableMatrix(L, L, lambda i, j: M[i, j] if M[i, j] == NEG_INF else m * D[i, j])


def alibi_attention(Q, K, V, m, causal: bool = True, d_k=None):
    """Exact (A, O) of softmax(Q K^T / sqrt(d_k) + B) V with the ALiBi bias of slope m."""
    _, A, O = attend(Q, K, V, alibi_bias(Q.rows, m, causal), d_k)
    return A, O


# --- the derivation -----------------------------------------------------------------------

def _whole(spec, key, default, low: int) -> int:
    value = spec.option(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SymattnError(f"must be a whole number >= {low}", entry=f"options.{key}")
    return value


def _options(spec) -> tuple[int, int, bool]:
    h = _whole(spec, "heads", 8, 1)
    k = _whole(spec, "head", 1, 1)
    if k > h:
        raise SymattnError(f"head {k} does not exist: there are {h} heads (1 .. {h})", entry="options.head")
    causal = spec.option("causal", True)
    if not isinstance(causal, bool):
        raise SymattnError("must be true or false", entry="options.causal")
    return h, k, causal


def _slopes_step(h: int, k: int, digits) -> Step:
    slopes = row(alibi_slopes(h))
    i, hs = sp.Symbol("k", integer=True, positive=True), sp.Symbol("h", integer=True, positive=True)
    power = 2 ** (h.bit_length() - 1) == h
    written = sp.Pow(2, -sp.Mul(8 * k, sp.Pow(h, -1, evaluate=False), evaluate=False), evaluate=False)
    chain = [entry("m", k - 1)]
    if power:
        chain.append(written)
    chain.append(slopes[k - 1])
    notes = [say("共 {} 个头，第 {} 个头的斜率 {} 用于下面各步。", "There are {} heads; head {} has slope {}, used below.",
                 h, k, Equals(entry("m", k - 1), slopes[k - 1]))]
    if not power:
        a = 2 ** (h.bit_length() - 1)
        notes.append(say("{} 不是 2 的幂：论文只给出 2 的幂的规则；这里按作者代码（BLOOM 相同）先取 {} 个头的斜率，"
                         "再取 {} 个头的斜率中隔一个的前 {} 个。",
                         "{} is not a power of two, for which the paper gives no rule: as in the authors' code (and "
                         "BLOOM), take the slopes of {} heads, then every other slope of {} heads, the first {} of "
                         "them.", h, a, 2 * a, h - a))
    if power and h > 1:
        hs = sp.Symbol("h")
        notes.append(say("斜率是等比数列，首项和公比都是 {}，这里 {}：斜率小的头看得远，斜率大的头只看近处。",
                         "The slopes form a geometric sequence whose first term and ratio are both {}, here {}: heads "
                         "with a small slope look far back, heads with a large slope mostly at their neighbours.",
                         sp.Pow(2, -8 / hs), Equals(sp.Pow(2, sp.Mul(-8, sp.Pow(h, -1, evaluate=False),
                                                                      evaluate=False), evaluate=False),
                                                    slopes[1] / slopes[0])))
    return Step(
        id="slopes", title=say("每个头的斜率 {}", "Head slopes {}", sp.Symbol("m_k")),
        lhs=sp.Symbol("m_k"), formula=sp.Pow(2, -8 * i / hs) if power else sp.Pow(2, sp.Symbol("e_k")),
        substituted=None, expanded=tuple(chain),
        exact=slopes, numeric=evaluate(slopes, digits), col_labels=tuple(f"h{n}" for n in range(1, h + 1)),
        notes=tuple(notes))


def _distances_step(L, tokens, digits) -> Step:
    D = distances(L)
    i, j = sp.symbols("i j", integer=True, positive=True)
    a, b = L - 1, 0  # the farthest pair
    return Step(
        id="distances", title=say("相对距离 {}", "Relative distances {}", sp.MatrixSymbol("D", L, L)),
        lhs=sp.MatrixSymbol("D", L, L), formula=AbsDiff(i, j, negative=True), substituted=None,
        expanded=(entry("d", a, b), AbsDiff(a + 1, b + 1, negative=True), D[a, b]),
        exact=D, numeric=evaluate(D, digits), row_labels=tokens, col_labels=tokens,
        notes=(say("第 {} 行第 {} 列：查询 {} 与键 {} 相距 {} 个位置，距离越远惩罚越大。只依赖 {}，与序列长度无关。",
                   "Row {}, column {}: query {} and key {} are {} positions apart; the further, the larger the penalty. "
                   "It depends on {} alone, never on the length.",
                   i, j, i, j, AbsDiff(i, j), i - j),
               say("论文的 ALiBi 是因果的：只用 {}，此时 {}。对所有 {} 都写成 {} 是双向的推广，论文里没有。",
                   "The paper's ALiBi is causal: only {} is used, where {}. For every pair {} the form {} is the "
                   "bidirectional extension, not in the paper.",
                   sp.LessThan(j, i), Equals(AbsDiff(i, j, negative=True), nodes.Minus(j, i)), sp.Tuple(i, j),
                   AbsDiff(i, j, negative=True))))


def _bias_step(L, m, k, causal, tokens, digits) -> tuple[Step, sp.ImmutableMatrix]:
    B = alibi_bias(L, m, causal)
    D = distances(L)
    mk = sp.Symbol(f"m_{k}")
    Ds, Ms = sp.MatrixSymbol("D", L, L), sp.MatrixSymbol("M", L, L)
    a, b = L - 1, 0
    chain = (entry("b", a, b), nodes.Times(mk, entry("d", a, b)), nodes.Times(m, D[a, b]), B[a, b])
    notes = [say("这是第 {} 个头的偏置，{}。", "This is head {}'s bias, {}.", k, Equals(mk, m))]
    if causal:
        formula, substituted = Plus(mk * Ds, Ms), Plus(sp.MatMul(m, D, evaluate=False), _causal(L))
        notes.append(say("因果：{} 处加 {}（键在查询之后），其余位置加 {}。",
                         "Causal: {} gets {} (the key comes after the query); elsewhere the bias is {}.",
                         sp.StrictGreaterThan(sp.Symbol("j"), sp.Symbol("i")), NEG_INF, nodes.Times(mk, sp.Symbol("d_ij"))))
    else:
        formula, substituted = mk * Ds, sp.MatMul(m, D, evaluate=False)
        notes.append(say("双向（不加因果掩码）：两侧的键按同样的距离受罚。",
                         "Two-sided (no causal mask): keys on either side are penalised alike by distance."))
    return Step(
        id="bias", title=say("ALiBi 偏置 {}", "ALiBi bias {}", sp.MatrixSymbol("B", L, L)),
        lhs=sp.MatrixSymbol("B", L, L), formula=formula, substituted=substituted, expanded=chain,
        exact=B, numeric=evaluate(B, digits), row_labels=tokens, col_labels=tokens, notes=tuple(notes)), B


def derive_alibi(spec) -> Derivation:
    """ALiBi attention of one head: slopes, distances, bias, biased scores, weights, output.

    >>> from dataclasses import replace
    >>> from symattn.examples import article_spec
    >>> d = derive_alibi(replace(article_spec(), topic="alibi"))
    >>> d.step("bias").exact.row(2)
    Matrix([[-1, -1/2, 0]])
    """
    h, k, causal = _options(spec)
    r = Resolved(spec)
    tokens, digits, L = r.tokens, spec.digits, len(r.tokens)
    more, scaled = score_steps(r)
    steps = r.steps + more
    scaled_lhs = more[-1].lhs
    m = alibi_slopes(h)[k - 1]
    steps += [_slopes_step(h, k, digits), _distances_step(L, tokens, digits)]
    bias, B = _bias_step(L, m, k, causal, tokens, digits)
    steps.append(bias)
    last = L - 1  # the row that sees every key, with the largest penalties
    z, Z = added_step("biased_scores", say("加上偏置 {}", "Biased scores {}", sp.MatrixSymbol("Z", L, L)),
                      scaled_lhs, "B", scaled, B, tokens, digits, last, 0)
    steps.append(z)
    finite, mask = split(B)
    rows = masked_softmax_rows(scaled + finite, mask, tokens)
    A = sp.ImmutableMatrix([list(x.weights()) for x in rows])
    steps.append(weights_step(rows, Z, "B", scaled_lhs, tokens, digits, last,
                              notes=_effect(scaled, mask, rows, m, last, tokens, digits)))
    steps.append(output_step(r, rows, A, digits))
    unbiased, _ = plain_weights(r, scaled)
    kind = ("因果", "causal") if causal else ("双向", "two-sided")
    title = spec.heading(f"ALiBi 注意力（{kind[0]}，{h} 个头中的第 {k} 个）：" + " ".join(map(literal, tokens)),
                         f"ALiBi attention ({kind[1]}, head {k} of {h}): " + " ".join(map(literal, tokens)))
    lead = (say("ALiBi 不用位置编码，而在缩放后的打分上加一个与距离成正比的惩罚 {}，每个头的斜率 {} 不同；"
                "之后照常按行 softmax 并乘以 {}。",
                "ALiBi uses no position embeddings. It adds a penalty proportional to distance, {}, to the scaled "
                "scores, with a different slope {} in each head; then row softmax and {} as usual.",
                sp.Symbol("m_k") * sp.MatrixSymbol("D", L, L), sp.Symbol("m_k"), sp.MatrixSymbol("V", *r.V.shape)),)
    outro = (say("外推：偏置只依赖 {}，训练时没见过的更长序列也用同一个公式；ALiBi 没有可学习的位置参数。",
                 "Extrapolation: the bias depends on {} alone, so longer inputs than in training use the same "
                 "formula; ALiBi has no learned position parameters.", sp.Symbol("i") - sp.Symbol("j")),)
    return Derivation(topic="alibi", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro(r, unbiased) + lead, outro=outro,
                      meta=meta(r) + (("heads", h), ("head", k), ("slope", m), ("causal", causal)), sources=SOURCES)


def _effect(scaled, mask, rows, m, i, tokens, digits) -> tuple:
    """Row i with and without the bias, the factor e^{-m} per position back, and which keys gain."""
    plain = masked_softmax_rows(scaled, mask)[i]
    before, after = plain.weights(), rows[i].weights()
    n, ms = sp.Symbol("n"), sp.Symbol("m")
    seen = rows[i].visible
    gain = [j for j in seen if sp.simplify(after[j] - before[j]).is_positive]   # exact comparisons
    lose = [j for j in seen if sp.simplify(after[j] - before[j]).is_negative]
    near = min(lose, key=lambda j: abs(i - j)) if lose else None
    notes = [
        say("偏置对权重的作用：归一化之前，每个键的权重乘以 {}，{} 是它与查询的距离；每往回一个位置，键的相对权重乘以 {}。",
            "The bias on the weights: before normalising, each key's weight is multiplied by {}, where {} is its "
            "distance from the query; each position further back multiplies a key's relative weight by {}.",
            sp.exp(-ms * n), sp.Eq(n, AbsDiff(sp.Symbol("i"), sp.Symbol("j")), evaluate=False),
            Approx(sp.exp(-m, evaluate=False), decimals(sp.exp(-m), digits))),
        say("第 {} 行（{}）不加偏置时为 {}（保留 {} 位小数）。", "Row {} ({}) without the bias: {} (to {} decimals).",
            i + 1, Word(tokens[i]), decimals(row(before), digits), digits)]
    if near is None:
        notes.append(say("加偏置后为 {}。", "With the bias: {}.", decimals(row(after), digits)))
        return tuple(notes)
    d_gain = sorted({abs(i - j) for j in gain})
    notes.append(say("加偏置后为 {}：变大的只有距离为 {} 的键；{}（距离 {}）从 {} 降到 {}。",
                     "With the bias: {}. Only the key" + ("s" if len(d_gain) > 1 else "") + " at distance {} "
                     + ("gain" if len(d_gain) > 1 else "gains") + "; {} (distance {}) drops from {} to {}.",
                     decimals(row(after), digits), _listed(d_gain), Word(tokens[near]), abs(i - near),
                     decimals(before[near], digits), decimals(after[near], digits)))
    return tuple(notes)


def _listed(values):
    """One number as itself; several as a tuple (0, 1)."""
    return values[0] if len(values) == 1 else sp.Tuple(*values)
