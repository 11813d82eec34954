"""The backward pass of attention, exactly: from an upstream gradient dO to dQ, dK and dV.

    O = A V,  A = softmax(S~) by rows,  S~ = Q K^T / sqrt(d_k)
    dV  = A^T dO                             O is linear in V
    dA  = dO V^T                             and in A
    D   = rowsum(dA ⊙ A) = rowsum(dO ⊙ O)    what FlashAttention keeps per row
    dS~ = A ⊙ (dA - D 1^T)                   softmax's Jacobian, row by row
    dS  = dS~ / sqrt(d_k)                    the scaling
    dQ  = dS K,  dK = dS^T Q

dO is ``[options] dO``: rows of numbers (or LaTeX entries), or "symbolic" (entries do_ij),
which is also what leaving it out gives.  Q and K must be numeric; V may be symbolic.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import transpose
from ..markup import Text as Say, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import NEG_INF, Resolved, masked_softmax_rows, score_steps, weights_step
from ..softmax import ExpSum, ratio
from ..spec import entry_value
from ..sources import cite
from ._display import decimal

__all__ = ["derive_backward", "upstream", "backward", "causal_grad_scaled_scores", "matmul_counts"]

#: the primary sources the document ends with
SOURCES = (cite("dao2022", "B", ("反向传播", "the backward pass")), cite("dao2023", "3.1.2"))

_M = sp.MatrixSymbol
E = nodes.Entry


def upstream(spec, rows: int, cols: int) -> tuple[sp.ImmutableMatrix, bool]:
    """The upstream gradient dO of ``[options] dO`` (the shape of O), and whether it is symbolic."""
    raw = spec.option("dO", "symbolic")
    if raw == "symbolic":
        limits.check_symbolic(rows, cols, "options.dO")
        sep = "," if rows > 9 or cols > 9 else ""
        return sp.ImmutableMatrix(rows, cols, lambda i, j: sp.Symbol(f"do_{i + 1}{sep}{j + 1}")), True
    if not isinstance(raw, list) or not raw or not all(isinstance(r, list) and r for r in raw):
        raise SymattnError('must be a list of rows of numbers, or "symbolic"', entry="options.dO")
    limits.check_matrix(len(raw), max(len(r) for r in raw), "options.dO")
    if len(raw) != rows or any(len(r) != cols for r in raw):
        widths = "/".join(map(str, sorted({len(r) for r in raw})))
        raise SymattnError(f"must have the shape of O, {rows}x{cols} (a row per token, a column per column "
                           f"of V); got {len(raw)} rows of {widths}", entry="options.dO")
    m = sp.ImmutableMatrix([[entry_value(v, f"options.dO[{i + 1},{j + 1}]") for j, v in enumerate(r)]
                            for i, r in enumerate(raw)])
    if m.free_symbols:
        limits.check_symbolic(rows, cols, "options.dO")
    return m, bool(m.free_symbols)


def _fraction(top: ExpSum, den: ExpSum, power: int, scale=sp.S.One) -> sp.Expr:
    """scale · top / den^power: a one-term den divides out, the first power cancels content."""
    if not top.terms:
        return sp.S.Zero
    if len(den.terms) == 1:
        x0, c0 = den.terms[0]
        return ExpSum.collect((x - power * x0, c / c0 ** power) for x, c in top.terms).expr() * scale
    if power == 1:
        return ratio(top, den) * scale
    return top.expr() / den.expr() ** power * scale  # scale last: a number times a sum would distribute


def _by_denominator(rows, ks):
    """The rows ks grouped by their softmax denominator: fractions over one denominator add as one."""
    groups: dict = {}
    for k in ks:
        groups.setdefault(rows[k].denominator, []).append(k)
    return groups.items()


def backward(rows, V, dO, Q, K, d_k):
    """Exact (dV, dA, D, dS~, dS, dQ, dK) from the canonical softmax rows of A and the upstream dO.

    Entry by entry without ``simplify`` or ``factor``: with a_ij = e^{x_ij}/Z_i,
    ds~_ij = e^{x_ij} Σ_k e^{x_ik} (da_ij - da_ik) / Z_i², one sum of exponentials over Z_i².

    >>> from symattn.softmax import softmax_row
    >>> rows = [softmax_row([0, 0]), softmax_row([1, 0])]
    >>> backward(rows, sp.eye(2), sp.eye(2), sp.eye(2), sp.eye(2), 4)[3]
    Matrix([
    [          1/4,         -1/4],
    [-E/(1 + E)**2, E/(1 + E)**2]])
    """
    L, x = len(rows), [r.exponents for r in rows]
    Z = [r.denominator for r in rows]
    dV = sp.ImmutableMatrix(L, dO.cols, lambda i, j: sp.Add(*(
        _fraction(ExpSum.collect((x[k][i], dO[k, j]) for k in ks), den, 1) for den, ks in _by_denominator(rows, range(L)))))
    dA = sp.ImmutableMatrix(L, L, lambda i, j: sp.expand(sum(dO[i, k] * V[j, k] for k in range(V.cols))))
    D = sp.ImmutableMatrix(L, 1, lambda i, _: rows[i].combine(list(dA.row(i))))

    def top(i, j, weight=1):  # numerator of ds~_ij, over Z_i^2
        return [(x[i][j] + x[i][k], weight * (dA[i, j] - dA[i, k])) for k in range(L)]
    dSt = sp.ImmutableMatrix(L, L, lambda i, j: _fraction(ExpSum.collect(top(i, j)), Z[i], 2))
    root = 1 / sp.sqrt(d_k)
    dS = sp.ImmutableMatrix(L, L, lambda i, j: _fraction(ExpSum.collect(top(i, j)), Z[i], 2, root))
    dQ = sp.ImmutableMatrix(L, K.cols, lambda i, j: _fraction(
        ExpSum.collect(t for k in range(L) for t in top(i, k, K[k, j])), Z[i], 2, root))
    dK = sp.ImmutableMatrix(L, Q.cols, lambda i, j: sp.Add(*(
        _fraction(ExpSum.collect(t for k in ks for t in top(k, i, Q[k, j])), den, 2, root)
        for den, ks in _by_denominator(rows, range(L)))))
    return dV, dA, D, dSt, dS, dQ, dK


def causal_grad_scaled_scores(scaled, dA) -> tuple[sp.ImmutableMatrix, sp.ImmutableMatrix]:
    """(A, dS~) under a causal mask: ds~_ij = a_ij (da_ij - D_i) over the visible keys, exactly 0 elsewhere.

    >>> A, dSt = causal_grad_scaled_scores(sp.zeros(2, 2), sp.Matrix([[1, 5], [1, 3]]))
    >>> dSt
    Matrix([
    [   0,   0],
    [-1/2, 1/2]])
    """
    L = scaled.rows
    mask = sp.ImmutableMatrix(L, L, lambda i, j: NEG_INF if j > i else sp.S.Zero)
    rows = masked_softmax_rows(scaled, mask)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])

    def entry(i, j):
        r = rows[i]
        if j not in r.visible:
            return sp.S.Zero
        x, vis = r.row.exponents, r.visible
        a = vis.index(j)
        top = ExpSum.collect((x[a] + x[b], dA[i, j] - dA[i, k]) for b, k in enumerate(vis))
        return _fraction(top, r.row.denominator, 2)
    return A, sp.ImmutableMatrix(L, L, entry)


def matmul_counts() -> dict:
    """Matrix products and FLOPs (2 per multiply-add) of attention for N tokens of width d.

    >>> c = matmul_counts(); c["forward"], c["standard"], c["flash"], c["ratio"]
    (2, 4, 5, 5/2)
    """
    N, d = sp.symbols("N d", positive=True)
    one = 2 * N * N * d   # an (N x d)(d x N) or (N x N)(N x d) product
    return {"forward": 2, "standard": 4, "flash": 5, "N": N, "d": d, "forward_flops": 2 * one,
            "flash_flops": 5 * one, "ratio": sp.Rational(5, 2)}


def is_zero(e) -> bool:
    """Exactly zero, as a rational function of its exponentials (and symbols)."""
    return sp.cancel(sp.together(e)) == 0


def _eq(*sides):
    parts = [sides[0]]
    for s in sides[1:]:
        parts += [" = ", s]
    return math(*parts)


def _shape_note(expr, a, b, c) -> Text:
    dims = _eq(nodes.Dims(*a, *b), nodes.Dims(*c))
    return Text(Say.of("维度：", math(expr), "：", dims), Say.of("Shape of ", math(expr), ": ", dims))


def derive_backward(spec) -> Derivation:
    """The forward pass, then dO back through it: dV, dA, D, dS~, dS, dQ and dK.

    >>> from symattn.examples import article_spec
    >>> spec = replace(article_spec(), V=sp.eye(3), options=(("dO", [[1, 0, 0], [0, 0, 0], [0, 0, 0]]),))
    >>> derive_backward(spec).step("grad_values").exact.col(0).T
    Matrix([[exp(1/2)/(exp(1/2) + 2), 1/(exp(1/2) + 2), 1/(exp(1/2) + 2)]])
    """
    r = Resolved(replace(spec, claimed=()))
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    more, scaled = score_steps(r)
    if scaled.free_symbols:
        raise SymattnError("the backward pass needs numeric Q and K (V and dO may be symbolic)", entry="Q")
    weights, rows = weights_step(r, scaled)
    A, V, Q, K = weights.exact, r.V, r.Q, r.K
    O = sp.ImmutableMatrix(L, V.cols, lambda i, k: rows[i].combine(list(V.col(k))))
    dO, symbolic_do = upstream(spec, L, V.cols)
    dV, dA, D, dSt, dS, dQ, dK = backward(rows, V, dO, Q, K, r.d_k)

    Qs, Ks, Vs, As, Os = _M("Q", *Q.shape), _M("K", *K.shape), _M("V", *V.shape), _M("A", L, L), _M("O", *O.shape)
    dOs, dVs, dAs, Ds = _M("dO", *dO.shape), _M("dV", *dV.shape), _M("dA", L, L), _M("D", L, 1)
    dQs, dKs, dSs, Ss = _M("dQ", *dQ.shape), _M("dK", *dK.shape), _M("dS", L, L), _M("S", L, L)
    St = nodes.Tilde(sp.Symbol("S"))
    dSts = nodes.Grad(St)
    a, da = sp.Symbol("a"), sp.Symbol("da")
    dk = sp.Symbol("d_k")

    def step(id_, zh, en, lhs, formula, substituted, expanded, exact, notes=(), cols=()):
        return Step(id=id_, title=Text(Say.of(zh, _eq(lhs, formula)), Say.of(en, _eq(lhs, formula))),
                    lhs=lhs, formula=formula, substituted=substituted, expanded=tuple(expanded), exact=exact,
                    numeric=evaluate(exact, digits), notes=tuple(notes), row_labels=tokens, col_labels=cols)

    steps = list(r.steps) + more + [weights]
    steps.append(step(
        "output", "前向输出 ", "Forward output ", Os, As * Vs, sp.MatMul(A, V, evaluate=False),
        (E(sp.Symbol("o"), 0, 0), nodes.Dot(*[(A[0, j], V[j, 0]) for j in range(L)]), O[0, 0]), O,
        (Text(Say.of("标准的反向传播要保存前向的 ", math(As), "（每个头一个 ", math(nodes.Dims(L, L)), " 矩阵）和 ",
                     math(Vs), "。FlashAttention 根本不存 ", math(As), "：它保存 ", math(Os), " 和每行一个 log-sum-exp"
                     "（FlashAttention-2；第一版存每行的 ", math(sp.Symbol("m")), " 和 ", math(sp.Symbol("ell")),
                     "），反向时逐块重算 ", math(Ss), " 和权重。"),
              Say.of("Standard backpropagation keeps ", math(As), " (one ", math(nodes.Dims(L, L)),
                     " matrix per head) and ", math(Vs), " from the forward pass. FlashAttention keeps no ", math(As),
                     " at all: it stores ", math(Os), " and one log-sum-exp per row (FlashAttention-2; the first "
                     "version stores each row's ", math(sp.Symbol("m")), " and ", math(sp.Symbol("ell")),
                     "), and recomputes ", math(Ss), " and the weights tile by tile.")),)))

    do_notes = [Text(Say.of(math(dOs), " 是损失对输出的梯度，形状与 ", math(Os), " 相同：", math(nodes.Dims(*dO.shape)), "。"),
                     Say.of(math(dOs), " is the gradient of the loss with respect to the output, in the shape of ",
                            math(Os), ": ", math(nodes.Dims(*dO.shape)), "."))]
    if symbolic_do:
        do_notes.append(Text(Say.of(math(dOs), " 未给出数值，元素记作 ", math(dO[0, 0]), " 等符号。"),
                             Say.of(math(dOs), " has no numbers here: its entries are symbols such as ",
                                    math(dO[0, 0]), ".")))
    steps.append(Step(id="upstream", title=Text(Say.of("上游梯度 ", math(dOs)), Say.of("Upstream gradient ", math(dOs))),
                      lhs=dOs, formula=dOs, substituted=None, expanded=(), exact=dO, numeric=evaluate(dO, digits),
                      notes=tuple(do_notes), row_labels=tokens))

    steps.append(step(
        "grad_values", "值的梯度 ", "Gradient of the values ", dVs, As.T * dOs,
        sp.MatMul(transpose(A), dO, evaluate=False),
        (E(sp.Symbol("dv"), 0, 0), nodes.Dot(*[(A[k, 0], dO[k, 0]) for k in range(L)]), dV[0, 0]), dV,
        (Text(Say.of(math(Os), " 对 ", math(Vs), " 是线性的，所以 ", math(dVs), " 的第 j 行收集每个查询给第 j 个词的权重乘以该查询的 ",
                     math(dOs), " 行。"),
              Say.of(math(Os), " is linear in ", math(Vs), ", so row j of ", math(dVs), " gathers the weight each query "
                     "gave token j, times that query's row of ", math(dOs), ".")),
         _shape_note(As.T * dOs, (L, L), dO.shape, dV.shape))))

    steps.append(step(
        "grad_weight", "权重的梯度 ", "Gradient of the weights ", dAs, dOs * Vs.T,
        sp.MatMul(dO, transpose(V), evaluate=False),
        (E(da, 0, 0), nodes.Dot(*[(dO[0, k], V[0, k]) for k in range(V.cols)]), dA[0, 0]), dA,
        (Text(Say.of(math(E(da, 0, 1)), " 是 ", math(dOs), " 的第 1 行与 ", math(Vs), " 的第 2 行的点积。"),
              Say.of(math(E(da, 0, 1)), " is row 1 of ", math(dOs), " dotted with row 2 of ", math(Vs), ".")),
         _shape_note(dOs * Vs.T, dO.shape, (V.cols, L), dA.shape)), cols=tokens))

    dO_O = [sum(dO[i, k] * O[i, k] for k in range(O.cols)) for i in range(L)]
    same = all(is_zero(D[i, 0] - dO_O[i]) for i in range(L))
    other = nodes.RowSum(nodes.Hadamard(dOs, Os))
    steps.append(step(
        "row_dot", "每行的 ", "Per row, ", Ds, nodes.RowSum(nodes.Hadamard(dAs, As)),
        nodes.RowSum(nodes.Hadamard(dA, A)),
        (E(sp.Symbol("D"), 0), nodes.Dot(*[(dA[0, k], A[0, k]) for k in range(L)]), D[0, 0]), D,
        (Text(Say.of("它也等于 ", _eq(Ds, other), "，即 ", _eq(E(sp.Symbol("D"), 0), nodes.Dot(
                  *[(dO[0, k], O[0, k]) for k in range(O.cols)]), D[0, 0]),
                     "。两种算法之差精确化简为 0。" if same else "。"),
              Say.of("It also equals ", _eq(Ds, other), ": ", _eq(E(sp.Symbol("D"), 0), nodes.Dot(
                  *[(dO[0, k], O[0, k]) for k in range(O.cols)]), D[0, 0]),
                     ". The two ways differ by exactly 0." if same else ".")),
         Text(Say.of("FlashAttention 的反向传播用 ", math(other), "：每行只需存一个数，不必存 ",
                     math(nodes.Dims(L, L)), " 的 ", math(As), "。"),
              Say.of("FlashAttention's backward pass uses ", math(other), ": one number per row, instead of keeping the ",
                     math(nodes.Dims(L, L)), " matrix ", math(As), ".")))))

    rule = nodes.Hadamard(As, nodes.Minus(dAs, nodes.Outer(Ds)))
    i0 = next((i for i in range(L) if any(dSt.row(i))), 0)
    j0 = next((j for j in range(L) if dSt[i0, j] != 0), 0)
    sums_zero = all(is_zero(sp.Add(*dSt.row(i))) for i in range(L))
    jac = nodes.Minus(nodes.Call("diag", a), nodes.Product(a, nodes.Transposed(a)))
    steps.append(step(
        "grad_scaled_scores", "缩放分数的梯度 ", "Gradient of the scaled scores ", dSts, rule,
        nodes.Hadamard(A, nodes.Minus(dA, nodes.Outer(D))),
        (E(dSts, i0, j0), nodes.Times(E(a, i0, j0), nodes.Minus(E(da, i0, j0), E(sp.Symbol("D"), i0))),
         nodes.Times(A[i0, j0], nodes.Minus(dA[i0, j0], D[i0, 0])), dSt[i0, j0]), dSt,
        (Text(Say.of("每一行的 softmax 雅可比矩阵是 ", math(jac), "；乘上该行的 ", math(dAs),
                     " 就是先减去该行的 ", math(Ds), "，再逐项乘以权重。"),
              Say.of("Each row's softmax Jacobian is ", math(jac), "; applied to that row of ", math(dAs),
                     ", it subtracts the row's ", math(Ds), " and multiplies entrywise by the weights.")),)
        + ((Text("每一行的和精确为 0：给一整行分数加同一个数，softmax 不变，所以梯度与全 1 向量正交。",
                 "Every row sums to exactly 0: adding one number to a whole row of scores leaves softmax "
                 "unchanged, so the gradient is orthogonal to the ones vector."),) if sums_zero else ()),
        cols=tokens))

    root = sp.sqrt(r.d_k)
    steps.append(step(
        "grad_scores", "缩放：", "The scaling: ", dSs, nodes.ScaledBy(dSts, dk), nodes.ScaledBy(dSt, r.d_k),
        (E(dSs, i0, j0), nodes.ScaledBy(dSt[i0, j0], r.d_k), dS[i0, j0]), dS,
        (Text(Say.of("因为 ", _eq(St, nodes.ScaledBy(Ss, dk)), "，链式法则在梯度上乘同一个常数 ",
                     math(1 / sp.sqrt(dk)), "；这里 ", _eq(sp.sqrt(dk), root), "。"),
              Say.of("Since ", _eq(St, nodes.ScaledBy(Ss, dk)), ", the chain rule multiplies the gradient by the same "
                     "constant ", math(1 / sp.sqrt(dk)), "; here ", _eq(sp.sqrt(dk), root), ".")),),
        cols=tokens))

    steps.append(step(
        "grad_queries", "查询的梯度 ", "Gradient of the queries ", dQs, dSs * Ks, sp.MatMul(dS, K, evaluate=False),
        (E(sp.Symbol("dq"), 0, 0), nodes.Dot(*[(dS[0, k], K[k, 0]) for k in range(L)]), dQ[0, 0]), dQ,
        (Text(Say.of("因为 ", _eq(Ss, Qs * Ks.T), "，所以 ", _eq(dQs, nodes.ScaledBy(nodes.Product(dSts, Ks), dk)), "。"),
              Say.of("Since ", _eq(Ss, Qs * Ks.T), ", ", _eq(dQs, nodes.ScaledBy(nodes.Product(dSts, Ks), dk)), ".")),
         _shape_note(dSs * Ks, (L, L), K.shape, dQ.shape))))

    dk_rule = nodes.ScaledBy(nodes.Product(nodes.Transposed(dSts), Qs), dk)
    steps.append(step(
        "grad_keys", "键的梯度 ", "Gradient of the keys ", dKs, dSs.T * Qs, sp.MatMul(transpose(dS), Q, evaluate=False),
        (E(sp.Symbol("dk"), 0, 0), nodes.Dot(*[(dS[k, 0], Q[k, 0]) for k in range(L)]), dK[0, 0]), dK,
        (Text(Say.of(_eq(dKs, dk_rule), "：每个键收集所有查询给它的梯度。"),
              Say.of(_eq(dKs, dk_rule), ": each key collects the gradient from every query.")),
         _shape_note(dSs.T * Qs, (L, L), Q.shape, dK.shape))))

    A_c, dSt_c = causal_grad_scaled_scores(scaled, dA)
    if any(dSt_c[i, j] != 0 for i in range(L) for j in range(L) if A_c[i, j] == 0):  # a hidden weight with a gradient: a bug, never a document
        raise AssertionError("a masked score got a gradient")
    Am, dStm = nodes.Named(r"A_{M}", "A_M"), nodes.Named(r"d\tilde{S}_{M}", "dS̃_M")
    Dm = nodes.Named(r"D_{M}", "D_M")
    ic = L - 1
    jc = 0
    steps.append(Step(
        id="grad_scaled_scores_causal", title=Text(Say.of("加因果掩码时：", _eq(dStm, nodes.Hadamard(Am, nodes.Minus(
            dAs, nodes.Outer(Dm))))), Say.of("With a causal mask: ", _eq(dStm, nodes.Hadamard(Am, nodes.Minus(
                dAs, nodes.Outer(Dm)))))),
        lhs=dStm, formula=nodes.Hadamard(Am, nodes.Minus(dAs, nodes.Outer(Dm))), substituted=None,
        expanded=(nodes.Named(r"(d\tilde{S}_{M})_{%d%d}" % (ic + 1, jc + 1), f"(dS̃_M)_{ic + 1}{jc + 1}"),
                  nodes.Times(A_c[ic, jc], nodes.Minus(dA[ic, jc], sp.Add(*[A_c[ic, k] * dA[ic, k] for k in range(L)]))),
                  dSt_c[ic, jc]),
        exact=dSt_c, numeric=evaluate(dSt_c, digits), notes=(
            Text(Say.of("因果掩码下的权重是 ", _eq(Am, A_c), "；", math(dAs), " 不变，", math(Dm), " 只在可见的键上求和。"),
                 Say.of("Under a causal mask the weights are ", _eq(Am, A_c), "; ", math(dAs), " is unchanged and ",
                        math(Dm), " sums over the visible keys only.")),
            Text(Say.of("凡是 ", math(Am), " 为 0 的地方（对角线以上）梯度也恰好为 0：被遮住的分数不影响损失，反向传播不必为它们计算。"),
                 Say.of("Wherever ", math(Am), " is 0 (above the diagonal) the gradient is exactly 0 too: a hidden "
                        "score never reaches the loss, so the backward pass need not compute it."))),
        row_labels=tokens, col_labels=tokens))

    title = spec.heading("注意力的反向传播：" + " ".join(map(literal, tokens)),
                         "The backward pass of attention: " + " ".join(map(literal, tokens)))
    names = [dVs, dAs, Ds, dSts, dSs, dQs, dKs]
    intro = (Text(Say.of("已知上游梯度 ", math(dOs), "，逐步精确求出 ", *_listed(names, "、", " 和 "),
                         f"。每一步给出公式、代入数字、展开一个元素、精确值与 {digits} 位小数；"
                         "测试用 PyTorch 的自动求导（float64）逐项核对。"),
                  Say.of("Given the upstream gradient ", math(dOs), ", each gradient exactly: ",
                         *_listed(names, ", ", " and "), f". Each step shows the formula, the numbers substituted, "
                         f"one entry written out, the exact value and {digits} decimals; the tests check every entry "
                         "against PyTorch's autograd in float64.")),)
    c = matmul_counts()
    N, d_ = c["N"], c["d"]
    outro = (Text(Say.of("计算量：前向是 ", math(c["forward"]), " 次矩阵乘法（", math(Qs * Ks.T), "、", math(As * Vs), "），共 ",
                         math(c["forward_flops"]), " 次浮点运算；标准反向是 ", math(c["standard"]), " 次（", math(dVs), "、",
                         math(dAs), "、", math(dQs), "、", math(dKs), "）；FlashAttention 的反向先重算 ", math(Ss),
                         "，共 ", math(c["flash"]), " 次，", math(c["flash_flops"]), " 次浮点运算，是前向的 ",
                         math(decimal(c["ratio"])), " 倍（", math(N), " 个词、宽 ", math(d_), "，每次乘加算 2 次）。"),
                  Say.of("The work: the forward pass is ", math(c["forward"]), " matrix products (", math(Qs * Ks.T),
                         ", ", math(As * Vs), "), ", math(c["forward_flops"]), " FLOPs; the standard backward pass ",
                         math(c["standard"]), " (", math(dVs), ", ", math(dAs), ", ", math(dQs), ", ", math(dKs),
                         "); FlashAttention's backward first recomputes ", math(Ss), ", ", math(c["flash"]),
                         " products and ", math(c["flash_flops"]), " FLOPs, ", math(decimal(c["ratio"])),
                         " times the forward (", math(N), " tokens of width ", math(d_),
                         ", two FLOPs per multiply-add).")),)
    return Derivation(topic="backward", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, outro=outro,
                      meta=(("d_k", r.d_k), ("symbolic_v", r.symbolic_v), ("symbolic_do", symbolic_do)),
                      sources=SOURCES)


def _listed(items, sep, last):
    out = []
    for k, x in enumerate(items):
        if k:
            out.append(last if k == len(items) - 1 else sep)
        out.append(math(x))
    return out
