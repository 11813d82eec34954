"""Two classic "why" questions, shown rather than stated.

* Softmax gradient.  For a = softmax(z) the Jacobian is ∂a/∂z = diag(a) − a aᵀ.  Exactly,
  with D = Σ_k e^{z_k}:  J_ii = Σ_{k≠i} e^{z_i+z_k} / D²  and  J_ij = −e^{z_i+z_j} / D².
  When the scores grow, one weight tends to 1, the others to 0, and every entry of J
  tends to 0: the gradient vanishes (saturation).
* Why √d_k.  For q, k with independent entries of mean 0 and variance 1,
  Var(q·k) = d_k, so the scores spread like √d_k; dividing by √d_k brings the variance to 1.
  Derived with explicit expectation algebra (only E[x] = 0 and E[x²] = 1 are used, so
  no normality is assumed), then checked by seeded sampling.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import mpmath
import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..markup import Text as Markup, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate, fixed
from ..pipeline import Resolved, index, score_steps, weights_step
from ..printing import Printer
from ..softmax import ExpSum, SoftmaxRow, softmax_row
from ..sources import cite

__all__ = ["jacobian", "jacobian_vector_product", "cross_entropy_gradient", "expectation", "variance_of_dot",
           "sample_variance",
           "derive_softmax_gradient", "derive_why_sqrt_dk"]

#: the primary sources each document ends with
GRADIENT_SOURCES = (cite("vaswani2017", "3.2.1", ("小梯度的说法", "the remark on extremely small gradients")),)
SQRT_SOURCES = (cite("vaswani2017", "3.2.1", ("脚注 4", "footnote 4")),
                cite("devlin2019", "3", ("BERT-base 的尺寸", "the sizes of BERT-base")))


# --- softmax Jacobian -----------------------------------------------------------------------

def _over_square(top: ExpSum, bottom: ExpSum) -> sp.Expr:
    """top / bottom², a one-term bottom divided out (as softmax.ratio does for top / bottom)."""
    if not top.terms:
        return sp.S.Zero
    if len(bottom.terms) == 1:
        x0, c0 = bottom.terms[0]
        return ExpSum.collect((x - 2 * x0, c / c0**2) for x, c in top.terms).expr()
    return top.expr() / bottom.expr() ** 2


def jacobian(row: SoftmaxRow) -> sp.ImmutableMatrix:
    """∂a/∂z = diag(a) − a aᵀ for one canonical softmax row, in canonical exact form.

    >>> jacobian(softmax_row([0, 0]))
    Matrix([
    [ 1/4, -1/4],
    [-1/4,  1/4]])
    """
    x = row.exponents
    n = len(x)

    def entry(i, j):
        if i == j:  # e^{x_i}(D - e^{x_i}) = Σ_{k≠i} e^{x_i + x_k}
            pairs = [(x[i] + x[k], 1) for k in range(n) if k != i]
        else:
            pairs = [(x[i] + x[j], -1)]
        return _over_square(ExpSum.collect(pairs), row.denominator)

    return sp.ImmutableMatrix(n, n, entry)


def jacobian_vector_product(row: SoftmaxRow, g) -> sp.ImmutableMatrix:
    """J g = a ⊙ (g - ⟨a, g⟩ 1) for a row of weights a, as a row: O(L) work, J never formed.

    >>> jacobian_vector_product(softmax_row([0, 0]), [1, 0])
    Matrix([[1/4, -1/4]])
    """
    a = row.weights()
    dot = row.combine(list(g))
    return sp.ImmutableMatrix([[sp.cancel(sp.together(a[j] * (g[j] - dot))) for j in range(len(a))]])


#: the upstream gradient the document's Jacobian-vector product uses
UPSTREAM = (1, 0, -1)


def cross_entropy_gradient(n: int, target: int) -> tuple[sp.Expr, sp.ImmutableMatrix]:
    """(∂L/∂z - (a - y), a - y) for L = -log softmax(z)_target with symbolic scores z: the difference is 0.

    >>> cross_entropy_gradient(3, 0)[0]
    Matrix([[0, 0, 0]])
    """
    z = sp.symbols(f"z_1:{n + 1}", real=True)
    total = sp.Add(*(sp.exp(x) for x in z))
    loss = -sp.log(sp.exp(z[target]) / total)
    grad = sp.ImmutableMatrix([[sp.diff(loss, x) for x in z]])
    a_minus_y = sp.ImmutableMatrix([[sp.exp(z[j]) / total - (1 if j == target else 0) for j in range(n)]])
    return sp.ImmutableMatrix((grad - a_minus_y).applyfunc(sp.simplify)), a_minus_y


def _vector_product_steps(row: SoftmaxRow, tokens, digits) -> list[Step]:
    """J g in O(L), and softmax with cross-entropy: the gradient a - y, on the first row."""
    n = len(row.weights())
    g = [sp.Integer(UPSTREAM[j % len(UPSTREAM)]) for j in range(n)]
    a = sp.ImmutableMatrix([list(row.weights())])
    jg = jacobian_vector_product(row, g)
    full = sp.ImmutableMatrix(jacobian(row) * sp.ImmutableMatrix(n, 1, g)).T
    if any(sp.cancel(sp.together(x - y)) != 0 for x, y in zip(jg, full)):
        raise AssertionError("J g differs from a ⊙ (g - <a, g>)")
    dot = row.combine(g)
    LL = nodes.Dims(sp.Symbol("L"), sp.Symbol("L"))
    gs, as_ = sp.Symbol("g"), nodes.Named("a^{(1)}", "a⁽¹⁾")
    inner = nodes.Named(r"\langle a^{(1)}, g \rangle", "⟨a⁽¹⁾, g⟩")
    rule = nodes.Hadamard(as_, nodes.Minus(gs, nodes.Outer(inner)))
    jvp = Step(
        id="jacobian_vector_product", title=Text(Markup.of("雅可比矩阵乘向量，", math(nodes.Named("O(L)")), " 次运算"),
                                                  Markup.of("The Jacobian times a vector, in ", math(nodes.Named("O(L)")))),
        lhs=nodes.Named("J g", "Jg"), formula=rule,
        substituted=nodes.Hadamard(a, nodes.Minus(sp.ImmutableMatrix([g]), nodes.Outer(dot))),
        expanded=(nodes.Named("(J g)_{1}", "(Jg)_1"), nodes.Times(a[0, 0], nodes.Minus(g[0], dot)), jg[0, 0]),
        exact=jg, numeric=evaluate(jg, digits), col_labels=tokens,
        notes=(Text(Markup.parse(f"上游梯度取 ${{}}$，第 1 行（{tokens[0]}）的权重记作 ${{}}$：${{}}$。反向传播只需要 ${{}}$，"
                                 "不必写出 ${}$ 的 $J$：一次点积加一次逐项乘法。",
                                 math(gs, " = ", sp.ImmutableMatrix([g])), math(as_), math(inner, " = ", dot),
                                 math(nodes.Named("J g", "Jg")), LL),
                    Markup.parse(f"Row 1's weights ${{}}$ ({literal(tokens[0])}) and an upstream gradient ${{}}$: "
                                 "${}$. Backpropagation needs only ${}$, never the ${}$ matrix $J$: one dot "
                                 "product and one entrywise product.", math(as_), math(gs, " = ", sp.ImmutableMatrix([g])),
                                 math(inner, " = ", dot), math(nodes.Named("J g", "Jg")), LL)),
               Text("与先写出 $J$ 再相乘的结果逐项相同，差精确为 $0$。",
                    "Entry for entry the same as forming $J$ and multiplying: the difference is exactly $0$.")))
    zero, _ = cross_entropy_gradient(n, 0)
    if not zero.is_zero_matrix:
        raise AssertionError("the cross-entropy gradient is not a - y")
    y = sp.ImmutableMatrix([[1 if j == 0 else 0 for j in range(n)]])
    grad = sp.ImmutableMatrix([[sp.cancel(sp.together(a[0, j] - y[0, j])) for j in range(n)]])
    total = sp.cancel(sp.together(sp.Add(*grad)))
    ys = sp.Symbol("y")
    ce = Step(
        id="cross_entropy_gradient", title=Text("softmax 加交叉熵：梯度是 $a - y$", "Softmax with cross-entropy: the gradient "
                                                                          "is $a - y$"),
        lhs=nodes.Named(r"\frac{\partial \ell}{\partial z}", "∂ℓ/∂z"), formula=nodes.Minus(as_, ys),
        substituted=nodes.Minus(a, y),
        expanded=(nodes.Named(r"\frac{\partial \ell}{\partial z_{1}}", "∂ℓ/∂z_1"), nodes.Minus(a[0, 0], 1),
                  grad[0, 0]),
        exact=grad, numeric=evaluate(grad, digits), col_labels=tokens,
        notes=(Text(Markup.parse(f"损失 ${{}}$，目标是第 1 个词（{tokens[0]}），${{}}$。对符号分数 ${{}}$ 求导后与 ${{}}$ 的差精确为 $0$："
                                 "softmax 的雅可比矩阵与 log 的导数相消，只剩 $a - y$。",
                                 math(nodes.Named(r"\ell = -\log a_{1}", "ℓ = -log a_1")), math(ys, " = ", y),
                                 math(nodes.Named("z_1, z_2, z_3" if n == 3 else "z_j", "z_j")), math(as_, " - ", ys)),
                    Markup.parse(f"The loss ${{}}$ with the first token ({literal(tokens[0])}) as the target, ${{}}$. "
                                 "Differentiated for symbolic scores ${}$ it differs from ${}$ by exactly $0$: softmax's "
                                 "Jacobian cancels against the derivative of the log, leaving $a - y$.",
                                 math(nodes.Named(r"\ell = -\log a_{1}", "ℓ = -log a_1")), math(ys, " = ", y),
                                 math(nodes.Named("z_1, z_2, z_3" if n == 3 else "z_j", "z_j")), math(as_, " - ", ys))),
               Text(Markup.parse("各分量之和精确为 ${}$；只要预测还没有对，梯度就不会因 softmax 饱和而消失。", total),
                    Markup.parse("The entries sum to exactly ${}$; the gradient does not vanish when softmax "
                                 "saturates, unless the prediction is already right.", total))))
    return [jvp, ce]


def _row_sums_vanish(row: SoftmaxRow) -> bool:
    """Σ_j J_ij = 0 exactly, by collecting the numerators (no simplify)."""
    x = row.exponents
    n = len(x)
    for i in range(n):
        pairs = [(x[i] + x[k], 1) for k in range(n) if k != i] + [(x[i] + x[j], -1) for j in range(n) if j != i]
        if ExpSum.collect(pairs).terms:
            return False
    return True


_ROOT_DK = nodes.Root(nodes.Sub("d", "k"))


def _sci(value, digits=3) -> "str | nodes.Sci":
    """``1.93 × 10^-6`` (a display node) for inline math; plain digits for moderate values."""
    if mpmath.mpf("1e-3") <= abs(value) < 10**3:
        return mpmath.nstr(value, digits)
    mant, _, exp = mpmath.nstr(value, digits, min_fixed=1, max_fixed=0).partition("e")
    return nodes.Sci(mant, int(exp)) if exp else mant


def _jacobian_step(step_id, title, row, label, tokens, digits, lhs_tex) -> Step:
    J = jacobian(row)
    n = J.rows
    a = row.weights()
    a_col = sp.ImmutableMatrix(n, 1, list(a))
    diag = sp.ImmutableMatrix(sp.diag(*a))
    chain = (nodes.Named("%s_{%s}" % (lhs_tex, index(0, 0))), nodes.Named("a_{1} (1 - a_{1})"),
             nodes.Product(a[0], nodes.Shifted(1, a[0])), J[0, 0])
    Js = sp.MatrixSymbol("J", n, n)
    notes = [Text(Markup.format("维度：{}；{} 对称。", nodes.Dims(n, n), Js),
                  Markup.format("Shape {}; {} is symmetric.", nodes.Dims(n, n), Js))]
    if _row_sums_vanish(row):
        notes.append(Text("每行精确地加起来等于 $0$：所有分数同时加一个常数，softmax 不变，梯度在这个方向上为 $0$。",
                          "Every row sums to exactly $0$: adding one constant to all scores leaves the "
                          "softmax unchanged, so the gradient has no component along it."))
    return Step(
        id=step_id, title=title, lhs=nodes.Named(lhs_tex, step_id),
        formula=nodes.SoftmaxJacobian(),
        substituted=nodes.Shifted(diag, sp.MatMul(a_col, a_col.T, evaluate=False)),
        expanded=chain, exact=J, numeric=evaluate(J, digits), row_labels=tokens, col_labels=tokens,
        notes=tuple(notes))


def derive_softmax_gradient(spec) -> Derivation:
    """The softmax Jacobian for each row of the spec's weights, then its saturation.

    >>> from symattn.examples import article_spec
    >>> d = derive_softmax_gradient(article_spec())
    >>> d.step("jacobian_2").exact[0, :]
    Matrix([[2/9, -1/9, -1/9]])
    """
    big = spec.option("saturation_d_k", 768)
    if isinstance(big, bool) or not isinstance(big, int) or big <= 0:
        raise SymattnError("must be a positive whole number", entry="options.saturation_d_k")
    r = Resolved(replace(spec, claimed=()))
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    more, scaled = score_steps(r)
    if scaled.free_symbols:
        raise SymattnError("the softmax gradient needs numeric Q and K", entry="Q")
    steps = [more[-1], weights_step(r, scaled)[0]]
    rows = [softmax_row(list(scaled.row(i))) for i in range(L)]
    for i, row in enumerate(rows):
        steps.append(_jacobian_step(
            f"jacobian_{i + 1}", Text(f"第 {i + 1} 行（{tokens[i]}）的 softmax 雅可比矩阵",
                                     f"Softmax Jacobian of row {i + 1} ({literal(tokens[i])})"),
            row, tokens[i], tokens, digits, r"J^{(%d)}" % (i + 1)))

    steps += _vector_product_steps(rows[0], tokens, digits)

    # Saturation: the same row without dividing by sqrt(d_k), at a realistic d_k.
    i = max(range(L), key=lambda k: (max(rows[k].exponents) if all(e.is_number for e in rows[k].exponents)
                                     else 0, -k))
    root = sp.sqrt(big)
    root_math = math(sp.Pow(big, sp.S.Half, evaluate=False), " = ", root)
    z = sp.ImmutableMatrix(1, L, lambda _, j: sp.expand(root * scaled[i, j]))
    from ..examples import is_article
    quoted = big == 768 and is_article(spec)  # the article names d_k = 768 (BERT-base's width)
    as_zh, as_en = ("（如文章所说）", " (as in the article)") if quoted else (" ", "")
    steps.append(Step(
        id="unscaled_scores", title=Text(f"不缩放时 $d_k = {big}$ 的分数", f"Unscaled scores at $d_k = {big}$"),
        lhs=nodes.Named("z", "z"), formula=nodes.Unscaled(i + 1),
        substituted=sp.MatMul(sp.Pow(big, sp.Rational(1, 2), evaluate=False), sp.ImmutableMatrix(scaled.row(i)),
                              evaluate=False),
        expanded=(nodes.Named("z_{1}"), sp.Mul(sp.Pow(big, sp.Rational(1, 2), evaluate=False), scaled[i, 0],
                                               evaluate=False), z[0, 0]),
        exact=z, numeric=evaluate(z, digits), col_labels=tokens,
        notes=(Text(Markup.parse(f"若 $d_k = {big}${as_zh}而不除以 ${{}}$，同样的相似度模式给出的分数要大 "
                                 "${}$ 倍。", _ROOT_DK, root_math),
                    Markup.parse(f"With $d_k = {big}${as_en} and no division by ${{}}$, the same pattern "
                                 "of similarity gives scores ${}$ times larger.", _ROOT_DK, root_math)),)))
    srow = softmax_row(list(z))
    a = sp.ImmutableMatrix([list(srow.weights())])
    a_num = evaluate(a, digits)
    small = min((v for v in a_num[0]), key=lambda v: v)
    steps.append(Step(
        id="saturated_weights", title=Text("饱和的 softmax", "Saturated softmax"), lhs=nodes.Named("a", "a"),
        formula=nodes.RowSoftmax(nodes.Named("z")), substituted=nodes.RowSoftmax(z),
        expanded=(nodes.Named("a_{1}"), nodes.ExpRatio(z[0, 0], tuple(z)), a[0, 0]),
        exact=a, numeric=a_num, col_labels=tokens,
        notes=(Text(Markup.parse("几乎是 one-hot：最小的权重约为 ${}$。", _sci(small)),
                    Markup.parse("Almost one-hot: the smallest weight is about ${}$.", _sci(small))),)))
    Jbig = jacobian(srow)
    Jsmall = jacobian(rows[i])
    big_num, small_num = evaluate(Jbig, digits), evaluate(Jsmall, digits)
    top_big = max(abs(v) for r in big_num for v in r)
    top_small = max(abs(v) for r in small_num for v in r)
    shrink = mpmath.nint(top_small / top_big)
    step = _jacobian_step("saturated_jacobian", Text("饱和时的雅可比矩阵", "The Jacobian when saturated"),
                          srow, tokens[i], tokens, digits, r"J^{(z)}")
    sizes = (_sci(top_big), _sci(top_small), _sci(shrink))
    # The gradient reaching S = QK^T: J_big dL/da unscaled, J_small dL/da / sqrt(d_k) scaled.
    wrt_scores = mpmath.nint(top_small / top_big / mpmath.sqrt(big))
    root_big = math(sp.Pow(big, sp.S.Half, evaluate=False))
    per = (_sci(wrt_scores),)
    qk = sp.MatrixSymbol("Q", 1, 1) * sp.MatrixSymbol("K", 1, 1).T
    jg = math(*nodes.glyphs("J{T} {thin }{partial }L / {partial }a"))
    step = replace(step, notes=step.notes + (Text(
        Markup.parse(f"最大的元素约为 ${{}}$，而缩放后（第 {i + 1} 行）约为 ${{}}$：这两个雅可比矩阵差约 ${{}}$ 倍，"
                     "这就是“梯度消失”。", *sizes),
        Markup.parse(f"Its largest entry is about ${{}}$, against ${{}}$ with scaling (row {i + 1}): the two "
                     "Jacobians differ by a factor of about ${}$. That is the vanishing gradient.", *sizes)),
        Text(Markup.parse("传到 ${}$ 的梯度还要算上缩放：缩放时它是 ${}$ 再乘 $1/{}$，不缩放时没有这个因子，"
                          "所以对 ${}$ 的梯度约小 ${}$ 倍。", qk, jg, root_big, qk, *per),
             Markup.parse("The gradient that reaches ${}$ also carries the scaling: with scaling it is ${}$ times "
                          "$1/{}$, without it there is no such factor, so with respect to ${}$ the unscaled gradient "
                          "is about ${}$ times smaller.", qk, jg, root_big, qk, *per))))
    steps.append(step)
    steps.append(_limit_step(rows[i].exponents, (f"{i + 1} 行（{literal(tokens[i])}）", f"{i + 1} ({literal(tokens[i])})"),
                             digits))

    title = spec.heading("softmax 的梯度与饱和：" + " ".join(map(literal, tokens)),
                         "The softmax gradient and saturation: " + " ".join(map(literal, tokens)))
    J_is = math("J = ", nodes.SoftmaxJacobian())
    chain_rule = math(*nodes.glyphs("{partial }L / {partial }z = J{T} {thin }{partial }L / {partial }a"))
    symmetric = math(*nodes.glyphs("J{T} = J"))
    intro = (Text(Markup.parse("反向传播经过 softmax 时乘以它的雅可比矩阵 ${}$ 的转置：一般地 ${}$；softmax 的 $J$ 对称，"
                               "${}$，所以也可以写成乘以 $J$。下面对每一行精确计算 $J$，再看分数变大时 $J$ 如何趋于 $0$。",
                               J_is, chain_rule, symmetric),
                  Markup.parse("Backpropagation through softmax multiplies by the transpose of its Jacobian ${}$: in "
                               "general ${}$, and softmax's $J$ is symmetric, ${}$, so it is also $J$ times the "
                               "upstream gradient. Below, $J$ exactly for each row, then how $J$ goes to $0$ as the "
                               "scores grow.", J_is, chain_rule, symmetric)),)
    return Derivation(topic="softmax_gradient", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, meta=(("saturation_d_k", big),), sources=GRADIENT_SOURCES)


def _limit_step(exponents, label, digits) -> Step:
    """The shifted row of scores x, made t·x/max(x): every J entry → 0 as t → ∞ when the maximum is unique."""
    t = sp.Symbol("t", positive=True)
    u = sp.Symbol("u", positive=True)
    top = max(exponents)
    r = [sp.nsimplify(x / top) if top else sp.S.Zero for x in exponents]
    if not all(v.is_Rational for v in r):  # irrational ratios: a model row instead
        r, label = [sp.S.One, sp.S.Zero, sp.S.Zero], None
    q = sp.ilcm(*[v.q for v in r])
    row = softmax_row([t * v for v in r])
    J = jacobian(row)
    # With u = e^{t/q} each entry is a rational function of u: its limit is quick and exact.
    limits = {e: sp.limit(e.subs(sp.exp(t / q), u), u, sp.oo) for e in set(J)}
    zero = all(v == 0 for v in limits.values())
    vec, u_is = nodes.ScaledRow(t, r), math(u, " = ", sp.exp(t / q))
    t_grows = math(*nodes.glyphs("t {to} "), sp.oo)
    where = (Text(Markup.parse(f"第 {label[0]}移位后的分数按比例放大：${{}}$（${{}}$ 相当于不缩放而 $d_k$ 越来越大）。", vec, t_grows),
                  Markup.parse(f"The shifted scores of row {label[1]}, scaled up: ${{}}$ (${{}}$ is like an "
                               "ever larger $d_k$ without scaling).", vec, t_grows)) if label else
             Text(Markup.parse("一行示例分数 ${}$（${}$ 相当于不缩放而 $d_k$ 越来越大）。", vec, t_grows),
                  Markup.parse("A model row of scores ${}$ (${}$ is like an ever larger $d_k$ "
                               "without scaling).", vec, t_grows)))
    return Step(
        id="saturation_limit", title=Text("分数趋于无穷时的极限", "The limit as scores grow"),
        lhs=nodes.Named("J(t)", "J_t"), formula=nodes.SoftmaxJacobian(t),
        substituted=None,
        expanded=(sp.Limit(J[0, 0], t, sp.oo), limits[J[0, 0]]),
        exact=J, numeric=evaluate(J, digits),
        notes=(where,
               Text(Markup.parse("当 ${}$ 时 $J(t)$ 的每个元素都精确地趋于 $0$（令 ${}$，分子次数低于分母）。", t_grows, u_is)
                    if zero else Markup.parse("当 ${}$ 时 $J(t)$ 并不全部趋于 $0$：最大的分数不止一个，权重不会趋于 one-hot。",
                                              t_grows),
                    Markup.parse("As ${}$ every entry of $J(t)$ tends to exactly $0$ (with ${}$ the "
                                 "numerator has lower degree than the denominator).", t_grows, u_is) if zero else
                    Markup.parse("As ${}$ not every entry of $J(t)$ tends to $0$: the largest score is shared, "
                                 "so the weights do not become one-hot.", t_grows))))


# --- why sqrt(d_k) -----------------------------------------------------------------------------

def expectation(expr, variables, moments=None) -> sp.Expr:
    """E[expr] for a polynomial in independent variables with E[x] = 0, E[x²] = 1.

    Higher moments stay symbols μ_p unless given in ``moments`` (p -> value).

    >>> q, k = sp.symbols("q k")
    >>> expectation((q * k) ** 2, [q, k]), expectation(q * k + 3, [q, k])
    (1, 3)
    """
    mu = {0: sp.S.One, 1: sp.S.Zero, 2: sp.S.One, **(moments or {})}
    total = sp.S.Zero
    for powers, coeff in sp.Poly(sp.expand(expr), *variables).terms():
        term = coeff
        for p in powers:
            term *= mu.get(p, sp.Symbol(f"mu_{p}"))
        total += term
    return sp.expand(total)


def _pair_moments(n: int) -> sp.ImmutableMatrix:
    """E[q_i k_i q_j k_j] for i, j = 1..n by explicit expansion."""
    q = sp.symbols(f"q_1:{n + 1}")
    k = sp.symbols(f"k_1:{n + 1}")
    return sp.ImmutableMatrix(n, n, lambda i, j: expectation(q[i] * k[i] * q[j] * k[j], q + k))


def variance_of_dot(d=None) -> sp.Expr:
    """Var(q·k) for d-dimensional q, k with independent mean-0, variance-1 entries.

    With ``d`` None the dimension is the symbol d_k, and the sum over pairs (i, j) is
    split into the d_k diagonal pairs and the d_k(d_k - 1) others.

    >>> variance_of_dot()
    d_k
    >>> variance_of_dot(4)
    4
    """
    q1, k1, q2, k2 = sp.symbols("q_1 k_1 q_2 k_2")
    same = expectation((q1 * k1) ** 2, [q1, k1])                 # i = j: E[q_i²] E[k_i²]
    other = expectation(q1 * k1 * q2 * k2, [q1, k1, q2, k2])     # i ≠ j: E[q_i] E[k_i] E[q_j] E[k_j]
    mean = expectation(q1 * k1, [q1, k1])
    dk = sp.Symbol("d_k", integer=True, positive=True) if d is None else sp.Integer(d)
    i = sp.Symbol("i", integer=True, positive=True)
    second = sp.Sum(same, (i, 1, dk)).doit() + dk * (dk - 1) * other
    return sp.expand(second - (dk * mean) ** 2)


@lru_cache(maxsize=8)  # deterministic in its arguments; regen derives each spec in two languages
def sample_variance(d: int, samples: int, seed: int) -> tuple[float, float]:
    """Seeded sample variances of q·k and of q·k / sqrt(d) for standard normal q, k."""
    import numpy as np
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((samples, d))
    k = rng.standard_normal((samples, d))
    dots = (q * k).sum(axis=1)
    return float(dots.var(ddof=1)), float((dots / np.sqrt(d)).var(ddof=1))


#: BERT-base (Devlin et al. 2019): d_model = 768 split into 12 heads
BERT_BASE = {"d_model": 768, "heads": 12}


def gap_moments(d=None) -> tuple[sp.Expr, sp.Expr]:
    """(Cov(q·k, q·k'), Var(q·k - q·k')) for one query q and two keys k, k', all entries independent with
    mean 0 and variance 1: the two scores are uncorrelated, and their gap has variance 2 d_k.

    >>> gap_moments()
    (0, 2*d_k)
    """
    q, k, k2 = sp.symbols("q_1 k_1 kp_1")
    q2, kk, kk2 = sp.symbols("q_2 k_2 kp_2")
    xs = [q, k, k2, q2, kk, kk2]
    same = expectation((q * k - q * k2) ** 2, xs)                      # i = j
    other = expectation((q * k - q * k2) * (q2 * kk - q2 * kk2), xs)   # i ≠ j
    cov = expectation(q * k * q * k2, xs)                              # E[(q·k)(q·k')], per coordinate
    cross = expectation(q * k * q2 * kk2, xs)
    dk = sp.Symbol("d_k", integer=True, positive=True) if d is None else sp.Integer(d)
    return sp.expand(dk * cov + dk * (dk - 1) * cross), sp.expand(dk * same + dk * (dk - 1) * other)


def _gap_notes(dk, dk_value, digits) -> tuple:
    """Two scores of one query: uncorrelated, not independent; their gap has variance 2 d_k."""
    cov, gap = gap_moments()
    at = gap.subs(dk, dk_value)
    twice = sp.cancel(gap / dk)
    sd = math(sp.sqrt(sp.Mul(twice, dk_value, evaluate=False), evaluate=False), " = ", sp.sqrt(at), " ",
              nodes.Glyph("approx"), " ", nodes.Named(fixed(evaluate(sp.ImmutableMatrix([[sp.sqrt(at)]]), 2)[0][0], 2)))
    a, b, c = (math(*nodes.glyphs(x)) for x in ("q {cdot} k", "q {cdot} k'", "q {cdot} (k - k')"))
    return (Text(Markup.parse("同一个查询的两个分数 ${}$ 与 ${}$ 的协方差精确为 ${}$：不相关，但共用 $q$，"
                              "并不独立。它们的差 ${}$ 方差为 ${}$，所以这里差的标准差是 ${}$，是一个分数的 "
                              "${}$ 倍。", a, b, cov, c, gap, sd, sp.sqrt(twice)),
                 Markup.parse("Two scores of one query, ${}$ and ${}$, have covariance exactly ${}$: "
                              "uncorrelated, though not independent, since they share $q$. Their gap "
                              "${}$ has variance ${}$, so here its standard deviation is ${}$, ${}$ "
                              "times one score's.", a, b, cov, c, gap, sd, sp.sqrt(twice))),)


def _width_note(dk_value) -> tuple:
    """768 is BERT-base's d_model; its heads are 64 wide."""
    if dk_value != BERT_BASE["d_model"]:
        return ()
    heads = BERT_BASE["heads"]
    per = sp.Integer(BERT_BASE["d_model"]) / heads
    split = math(nodes.Named(r"d_k = %d / %d" % (dk_value, heads), f"d_k = {dk_value} / {heads}"), " = ", per)
    sd = math(sp.Pow(per, sp.S.Half, evaluate=False), " = ", sp.sqrt(per))
    return (Text(Markup.parse(f"${dk_value}$ 是 BERT-base 的 $d_{{model}}$；它的 ${heads}$ 个头每个 ${{}}$，标准差 ${{}}$。",
                              split, sd),
                 Markup.parse(f"${dk_value}$ is BERT-base's $d_{{model}}$; each of its ${heads}$ heads has ${{}}$, "
                              "standard deviation ${}$.", split, sd)),)


def derive_why_sqrt_dk(spec) -> Derivation:
    """Var(q·k) = d_k, symbolically, then at the spec's d_k, then by sampling.

    >>> from symattn.spec import parse_spec
    >>> d = derive_why_sqrt_dk(parse_spec('topic = "why_sqrt_dk"\\nd_k = 768\\n[options]\\nsamples = 200'))
    >>> d.step("variance").exact
    Matrix([[d_k]])
    """
    dk_value = spec.d_k if spec.d_k is not None else sp.Integer(768)
    if not dk_value.is_Integer:
        raise SymattnError("why_sqrt_dk needs a whole-number d_k", entry="d_k")
    opts = {}
    for key, default, top in (("samples", 10000, limits.MAX_SAMPLE_WORK), ("seed", 0, limits.THEORY_MAX_SEED),
                              ("demo_d_k", 3, limits.THEORY_MAX_DEMO_D_K)):
        v = spec.option(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not (0 if key == "seed" else 1) <= v <= top:
            raise SymattnError(f"must be a whole number up to {top}", entry=f"options.{key}")
        opts[key] = v
    limits.check_samples(opts["samples"], int(dk_value))  # the cost is samples x d_k, not d_k alone
    digits, n = spec.digits, opts["demo_d_k"]
    dk = sp.Symbol("d_k", integer=True, positive=True)
    E = lambda tex: nodes.Named(r"\mathbb{E}[%s]" % tex)
    steps = []

    P = _pair_moments(n)
    moments = (math(*nodes.glyphs("i {ne} j")), math(*nodes.glyphs("{E}[q_i] = 0")),
               math(*nodes.glyphs("{E}[q_i k_i q_j k_j] = "), nodes.Sub(nodes.Glyph("delta"), "ij")))
    steps.append(Step(
        id="pair_moments", title=Text(f"成对的期望（$d_k = {n}$ 时逐项展开）", f"Pair expectations (written out for $d_k = {n}$)"),
        lhs=nodes.Named(r"\left(\mathbb{E}[q_i k_i q_j k_j]\right)_{ij}", "P"),
        formula=nodes.PairMoments(), substituted=None,
        expanded=(E("q_1 k_1 q_1 k_1"), nodes.MomentProduct(),
                  sp.Mul(1, 1, evaluate=False), P[0, 0]),
        exact=P, numeric=evaluate(P, digits),
        notes=(Text(Markup.parse("$q$ 与 $k$ 的各分量相互独立、均值 $0$、方差 $1$。${}$ 时乘积中有因子 ${}$，"
                                 "所以是单位矩阵：${}$。", *moments),
                    Markup.parse("The entries of $q$ and $k$ are independent, with mean $0$ and variance $1$. For ${}$ "
                                 "the product has a factor ${}$, so the result is the identity: ${}$.", *moments)),
               Text("只用到一阶矩和二阶矩，不需要假设正态分布。",
                    "Only the first and second moments are used; no normality is assumed."))))

    q1, k1 = sp.symbols("q_1 k_1")
    zero = sp.ImmutableMatrix([[sp.expand(dk * expectation(q1 * k1, [q1, k1]))]])
    mean = math(*nodes.glyphs("E[q {cdot} k]"))
    steps.append(Step(
        id="mean", title=Text(Markup.of("均值 ", mean), Markup.of("The mean ", mean)), lhs=E(r"q \cdot k"),
        formula=nodes.MeanOfDot(), substituted=None,
        expanded=(E(r"q \cdot k"), nodes.MeanOfDot(substituted=True), zero[0, 0]),
        exact=zero, numeric=evaluate(zero, digits)))

    var = variance_of_dot()
    V = sp.ImmutableMatrix([[var]])
    variance = math(*nodes.glyphs("{Var}(q {cdot} k) = d_k"))
    steps.append(Step(
        id="variance", title=Text(Markup.of("方差 ", variance), Markup.of("The variance ", variance)),
        lhs=nodes.Named(r"\operatorname{Var}(q \cdot k)", "Var"),
        formula=nodes.VarianceOfDot(), substituted=nodes.VarianceOfDot(substituted=True),
        expanded=(nodes.Named(r"\operatorname{Var}(q \cdot k)"),
                  nodes.VarianceCount(), var),
        exact=V, numeric=evaluate(V, digits),
        notes=(Text("$d_k$ 个对角项各为 $1$，其余 $d_k(d_k - 1)$ 项为 $0$。",
                    "The $d_k$ diagonal pairs give $1$ each; the other $d_k(d_k - 1)$ give $0$."),
               Text(Markup.parse("所以点积的标准差是 ${}$：维度越高，分数越分散。", _ROOT_DK),
                    Markup.parse("So the dot product has standard deviation ${}$: the higher the dimension, "
                                 "the wider the scores spread.", _ROOT_DK)))))

    at = sp.ImmutableMatrix([[var.subs(dk, dk_value), sp.sqrt(var.subs(dk, dk_value))]])
    steps.append(Step(
        id="variance_at_d_k", title=Text(f"$d_k = {dk_value}$ 时", f"At $d_k = {dk_value}$"),
        lhs=nodes.Named(r"\begin{bmatrix} \operatorname{Var}(q \cdot k) & \sigma \end{bmatrix}", "Var_sigma"),
        formula=nodes.VarianceAndDeviation(), substituted=nodes.VarianceAndDeviation(dk_value),
        expanded=(), exact=at, numeric=evaluate(at, digits),
        notes=(Text(Markup.parse("不缩放时，一个分数的标准差是 ${}$；两个分数之差更大（下一条），softmax 会饱和"
                                 "（见 softmax 梯度一文）。", at[0, 1]),
                    Markup.parse("Unscaled, one score has standard deviation ${}$; the gap between two scores is wider "
                                 "still (next note), and softmax saturates (see the softmax gradient document).",
                                 at[0, 1])),) + _gap_notes(dk, dk_value, digits) + _width_note(dk_value)))

    one = sp.ImmutableMatrix([[sp.cancel(var / dk)]])
    steps.append(Step(
        id="scaled_variance", title=Text("缩放后的方差", "The variance after scaling"),
        lhs=nodes.Named(r"\operatorname{Var}\left(\frac{q \cdot k}{\sqrt{d_k}}\right)", "Var_scaled"),
        formula=nodes.ScaledVariance(),
        substituted=sp.Mul(sp.Pow(dk, -1), var, evaluate=False),
        expanded=(), exact=one, numeric=evaluate(one, digits),
        notes=(Text(Markup.parse("除以 ${}$ 使方差回到 $1$，与维度无关。", _ROOT_DK),
                    Markup.parse("Dividing by ${}$ brings the variance back to $1$, whatever the dimension.",
                                 _ROOT_DK)),)))

    N, seed, d = opts["samples"], opts["seed"], int(dk_value)
    raw, scaled = sample_variance(d, N, seed)
    expect = sp.ImmutableMatrix([[dk_value, 1]])
    steps.append(Step(
        id="sampling", title=Text("抽样验证（固定随机种子）", "Sampling check (fixed seed)"),
        lhs=nodes.Named(r"\begin{bmatrix} \operatorname{Var}(q \cdot k) & \operatorname{Var}(q \cdot k / "
                        r"\sqrt{d_k}) \end{bmatrix}", "sampled"),
        formula=nodes.SampledVariances(), substituted=None, expanded=(),
        exact=expect, numeric=evaluate(expect, digits),
        notes=(Text(f"numpy `default_rng({seed})`，{N} 对 ${d}$ 维标准正态向量：样本方差 ${raw:.2f}$ 与 ${scaled:.4f}$"
                    f"（理论值 ${d}$ 与 $1$）。",
                    f"numpy `default_rng({seed})`, {N} pairs of ${d}$-dimensional standard normal vectors: sample "
                    f"variances ${raw:.2f}$ and ${scaled:.4f}$ (exact: ${d}$ and $1$)."),)))

    title = spec.heading(Markup.of("为什么要除以 ", _ROOT_DK), Markup.of("Why divide by ", _ROOT_DK))
    intro = (Text(Markup.parse("常听到的说法：不除以 ${}$ 会让 softmax 饱和、梯度消失。这里把原因推出来：点积的方差正好是 $d_k$。",
                               _ROOT_DK),
                  Markup.parse("A common statement: without dividing by ${}$ softmax saturates and the gradients "
                               "vanish. Here is why: the variance of the dot product is exactly $d_k$.", _ROOT_DK)),)
    return Derivation(topic="why_sqrt_dk", title=title, tokens=spec.tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro,
                      meta=(("d_k", dk_value), ("samples", N), ("seed", seed), ("sample_variance", raw)),
                      sources=SQRT_SOURCES)
