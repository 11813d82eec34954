"""Are the article's assumed values consistent?  Is there a W_Q with X W_Q = Q?

The article picks Q "as if" some W_Q had been applied to X.  Exactly:

    a solution exists  ⇔  rank X = rank [X | Q]          (Rouché–Capelli)
    minimum-norm solution  W_0 = X⁺ Q,   X⁺ = Xᵀ (X Xᵀ)⁻¹ when X has full row rank
    every solution         W   = W_0 + N C,  N a basis of null(X), C free

All arithmetic is over the rationals, so the answer is a proof, not a float test.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .. import nodes
from ..errors import SymattnError
from ..escape import literal
from ..markup import Text as Markup, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import given, index

__all__ = ["Solution", "solve_projection", "derive_consistency"]


@dataclass(frozen=True)
class Solution:
    """Everything about X W = T, exactly."""

    rank_x: int                          # rank X
    rank_aug: int                        # rank [X | T]
    route: str                           # "rows" (X Xᵀ invertible), "cols" (Xᵀ X invertible) or "general"
    gram: sp.ImmutableMatrix | None      # X Xᵀ or Xᵀ X, on the first two routes
    pinv: sp.ImmutableMatrix             # X⁺, the Moore–Penrose pseudo-inverse
    W0: sp.ImmutableMatrix               # X⁺ T: the minimum-norm solution (least squares if none exists)
    null: sp.ImmutableMatrix             # basis of null(X) as columns (D x k, k may be 0)

    @property
    def exists(self) -> bool:
        return self.rank_x == self.rank_aug


def _rational(m: sp.MatrixBase, name: str) -> sp.Matrix:
    for i in range(m.rows):
        for j in range(m.cols):
            if not m[i, j].is_Rational:
                raise SymattnError(f"entry ({i + 1},{j + 1}) is {m[i, j]}; the consistency check needs "
                                   "rational entries", entry=name)
    return sp.Matrix(m)


def solve_projection(X: sp.MatrixBase, T: sp.MatrixBase) -> Solution:
    """Solve X W = T exactly over the rationals.

    >>> s = solve_projection(sp.Matrix([[1, 1]]), sp.Matrix([[2]]))
    >>> s.exists, s.W0.T, s.null.T
    (True, Matrix([[1, 1]]), Matrix([[-1, 1]]))
    """
    X, T = _rational(X, "X"), _rational(T, "target")
    if X.rows != T.rows:
        raise SymattnError(f"X has {X.rows} rows but the target has {T.rows}", entry="X")
    r = X.rank()
    r_aug = X.row_join(T).rank()
    if r == X.rows:
        gram = X * X.T
        pinv, route = X.T * gram.inv(), "rows"
    elif r == X.cols:
        gram = X.T * X
        pinv, route = gram.inv() * X.T, "cols"
    else:
        gram, pinv, route = None, X.pinv(), "general"
    null = X.nullspace()
    N = sp.Matrix.hstack(*null) if null else sp.zeros(X.cols, 0)
    im = sp.ImmutableMatrix
    return Solution(r, r_aug, route, None if gram is None else im(gram), im(pinv), im(pinv * T), im(N))


def _target(spec) -> tuple[str, sp.ImmutableMatrix]:
    name = spec.option("target", "Q")
    if name not in ("Q", "K", "V"):
        raise SymattnError("must be \"Q\", \"K\" or \"V\"", entry="options.target")
    value = getattr(spec, name)
    if spec.X is None or value is None:
        raise SymattnError(f"the consistency check needs X and {name} given directly", entry="X" if spec.X is None else name)
    if spec.X.rows != len(spec.tokens):
        raise SymattnError(f"X has {spec.X.rows} rows but there are {len(spec.tokens)} tokens", entry="X")
    return name, value


def _rank_test(name: str, x: int, aug: int):
    """``rank X = rank[X | Q] = 3``, or ``rank X = 2 < rank[X | Q] = 3``."""
    middle = f"= {{rank}}[X {{mid}} {name}]" if x == aug else f"= {x} < {{rank}}[X {{mid}} {name}]"
    return math(*nodes.glyphs(f"{{rank}} X {middle} = {aug}"))


def derive_consistency(spec) -> Derivation:
    """Decide exactly whether some W with X W = target exists, and give all of them.

    >>> from symattn.examples import article_spec
    >>> from dataclasses import replace
    >>> d = derive_consistency(replace(article_spec(), topic="consistency"))
    >>> d.step("ranks").exact
    Matrix([[3, 3]])
    """
    name, T = _target(spec)
    X, tokens, digits = spec.X, spec.tokens, spec.digits
    sol = solve_projection(X, T)
    W = f"W_{{{name}}}"
    Xs, Ts = sp.MatrixSymbol("X", *X.shape), sp.MatrixSymbol(name, *T.shape)
    Ws = sp.MatrixSymbol(f"W_{name}", X.cols, T.cols)
    from ..examples import is_article
    article = is_article(spec)  # only the built-in example's numbers are "the article's"
    src = Text("文章假设的", "the article's") if article else Text("给定的", "the given")
    steps = [given("input", X, "X", Text("输入矩阵 $X$", "Input matrix $X$"), spec),
             given({"Q": "queries", "K": "keys", "V": "values"}[name], T, name,
                   Text(f"文章给出的 ${name}$", f"The ${name}$ the article assumes") if article else
                   Text(f"给定的 ${name}$", f"The given ${name}$"), spec)]

    ranks = sp.ImmutableMatrix([[sol.rank_x, sol.rank_aug]])
    ranked = _rank_test(name, sol.rank_x, sol.rank_aug)
    verdict = (Text(Markup.parse(f"${{}}$：方程 $X {W} = {name}$ 有精确解，{src.zh} ${name}$ 是自洽的。", ranked),
                    Markup.parse(f"${{}}$, so $X {W} = {name}$ has an exact solution: {src.en} ${name}$ is consistent.",
                                 ranked))
               if sol.exists else
               Text(Markup.parse(f"${{}}$：不存在 ${W}$ 使 $X {W} = {name}$，{src.zh} ${name}$ 不可能由 $X$ 投影得到。",
                                 ranked),
                    Markup.parse(f"${{}}$: no ${W}$ gives $X {W} = {name}$; {src.en} ${name}$ cannot come "
                                 "from projecting $X$.", ranked)))
    why = []
    if sol.rank_x == X.rows:
        why.append(Text(f"$X$ 的 {X.rows} 行线性无关（行满秩），所以对任何 ${name}$ 都有解。",
                        f"The {X.rows} rows of $X$ are independent (full row rank), so every ${name}$ "
                        "has a solution."))
    steps.append(Step(
        id="ranks", title=Text("秩判定（Rouché–Capelli）", "Rank test (Rouché–Capelli)"),
        lhs=nodes.RankTest(name), formula=nodes.RankTest(name),
        substituted=None,
        expanded=(nodes.Named(r"\operatorname{rref}[X \mid %s]" % name, "rref"),
                  sp.ImmutableMatrix(X.row_join(T).rref()[0])),
        exact=ranks, numeric=evaluate(ranks, digits), notes=(verdict, *why)))

    if sol.route in ("rows", "cols"):
        G = sol.gram
        rows = sol.route == "rows"
        Gform = Xs * Xs.T if rows else Xs.T * Xs
        Gsub = sp.MatMul(X, X.T, evaluate=False) if rows else sp.MatMul(X.T, X, evaluate=False)
        a, b = (X.row(0), X.row(0)) if rows else (X.col(0), X.col(0))
        steps.append(Step(
            id="gram", title=Text("格拉姆矩阵", "Gram matrix"), lhs=sp.MatrixSymbol("G", *G.shape),
            formula=Gform, substituted=Gsub,
            expanded=(nodes.Named("g_{%s}" % index(0, 0)), nodes.Dot(*zip(a, b)), G[0, 0]),
            exact=G, numeric=evaluate(G, digits),
            notes=(Text(Markup.parse("维度：${}$，可逆（行列式 ${}$）。", nodes.Dims(*G.shape), G.det()),
                        Markup.parse("Shape ${}$, invertible (determinant ${}$).", nodes.Dims(*G.shape), G.det())),)))
        Ginv = sp.ImmutableMatrix(G.inv())
        Gs = sp.MatrixSymbol("G", *G.shape)
        steps.append(Step(
            id="gram_inverse", title=Text("格拉姆矩阵的逆", "Inverse of the Gram matrix"),
            lhs=sp.Inverse(Gs), formula=sp.Inverse(Gs), substituted=sp.Inverse(G),
            expanded=(), exact=Ginv, numeric=evaluate(Ginv, digits),
            notes=(Text("精确有理数求逆（不用浮点）。", "Inverted exactly over the rationals (no floats)."),)))
        pform = Xs.T * sp.Inverse(Gs) if rows else sp.Inverse(Gs) * Xs.T
        psub = sp.MatMul(X.T, Ginv, evaluate=False) if rows else sp.MatMul(Ginv, X.T, evaluate=False)
    else:
        pform, psub = nodes.Named("X^{+}"), None
    P = sol.pinv
    steps.append(Step(
        id="pseudo_inverse", title=Text("伪逆 $X^{+}$", "Pseudo-inverse $X^{+}$"), lhs=nodes.Named("X^{+}", "X_pinv"),
        formula=pform, substituted=psub, expanded=(), exact=P, numeric=evaluate(P, digits),
        notes=(Text(Markup.parse("维度：${}$；$X X^{+} X = X$。", nodes.Dims(*P.shape)),
                    Markup.parse("Shape ${}$; $X X^{+} X = X$.", nodes.Dims(*P.shape))),)))

    W0 = sol.W0
    shapes = math(nodes.Dims(*P.shape, *T.shape), " = ", nodes.Dims(*W0.shape))
    steps.append(Step(
        id="solution", title=Text(f"最小范数解 $W_{name} = X^{{+}} {name}$", f"Minimum-norm solution $W_{name} = X^{{+}} {name}$"),
        lhs=Ws, formula=sp.MatMul(sp.MatrixSymbol("X^{+}", X.cols, X.rows), Ts),
        substituted=sp.MatMul(P, T, evaluate=False),
        expanded=(nodes.Named("w_{%s}" % index(0, 0)), nodes.Dot(*zip(P.row(0), T.col(0))), W0[0, 0]),
        exact=W0, numeric=evaluate(W0, digits),
        notes=(Text(Markup.parse("维度：${}$。", shapes), Markup.parse("Shape: ${}$.", shapes)),
               Text("在所有解中，它的 Frobenius 范数最小：它的每一列都在 $X$ 的行空间里，与零空间正交。",
                    "Of all solutions it has the least Frobenius norm: each of its columns lies in the row "
                    "space of $X$, orthogonal to the null space.") if sol.exists else
               Text("无精确解时，这是最小二乘意义下的最佳近似（最小范数的最小二乘解）。",
                    "With no exact solution this is the least-squares best fit of least norm."))))

    XW = sp.ImmutableMatrix(X * W0)
    ok = XW == T
    steps.append(Step(
        id="check", title=Text(f"验证 $X W_{name}$", f"Check $X W_{name}$"), lhs=Xs * Ws,
        formula=Xs * Ws, substituted=sp.MatMul(X, W0, evaluate=False),
        expanded=(nodes.Named("(X %s)_{%s}" % (W, index(0, 0))), nodes.Dot(*zip(X.row(0), W0.col(0))), XW[0, 0]),
        exact=XW, numeric=evaluate(XW, digits), row_labels=tokens,
        notes=(Text(f"与 ${name}$ 逐项精确相等。", f"Equal to ${name}$ entry by entry, exactly.") if ok else
               Text(Markup.parse(f"与 ${name}$ 不相等：残差 ${{}}$。", math(*nodes.glyphs(f"X {W} - {name} {{ne}} 0"))),
                    f"Not equal to ${name}$: the residual $X {W} - {name}$ is not zero."),)))

    N, k = sol.null, sol.null.cols
    null_x = math(*nodes.glyphs("{null}(X)"))
    if k:
        dim = math(*nodes.glyphs(f"{{dim }}{{null}}(X) = {X.cols} - {sol.rank_x} = {k}"))
        steps.append(Step(
            id="null_space", title=Text(Markup.of("零空间 ", null_x), Markup.of("Null space ", null_x)), lhs=sp.MatrixSymbol("N", *N.shape),
            formula=nodes.NullSpace(), substituted=None,
            expanded=(nodes.Named(r"X n_{1}"), sp.MatMul(X, N.col(0), evaluate=False), sp.zeros(X.rows, 1)),
            exact=N, numeric=evaluate(N, digits),
            notes=(Text(Markup.parse("${}$。", dim), Markup.parse("${}$.", dim)),)))
        C = sp.ImmutableMatrix(k, T.cols, lambda i, j: sp.Symbol(f"c_{{{index(i, j)}}}"))
        general = sp.ImmutableMatrix((W0 + N * C).applyfunc(sp.expand))
        free = k * T.cols
        c_shape = nodes.Dims(k, T.cols)
        steps.append(Step(
            id="general_solution", title=Text("全部解与自由参数", "Every solution and its free parameters"),
            lhs=nodes.Named(f"{W}(C)", "W_general"),
            formula=sp.MatAdd(sp.MatrixSymbol("W_0", *W0.shape), sp.MatrixSymbol("N", *N.shape) *
                              sp.MatrixSymbol("C", *C.shape)),
            substituted=sp.MatAdd(W0, sp.MatMul(N, C, evaluate=False), evaluate=False),
            expanded=(nodes.Named("w_{%s}(C)" % index(0, 0)), general[0, 0]),
            exact=general, numeric=evaluate(general, digits),
            notes=(Text(Markup.parse(f"自由参数 $C$ 是 ${{}}$ 矩阵，共 {free} 个：${{}}$ ${name}$ 的列数。"
                                     + ("任取 $C$ 都满足 $X W = " + name + "$，因为 $X N = 0$。" if sol.exists else ""),
                                     c_shape, math(*nodes.glyphs("{dim}{null}(X) {times}"))),
                        Markup.parse(f"The free parameters $C$ form a ${{}}$ matrix, {free} in all: "
                                     f"${{}}$ times the columns of ${name}$."
                                     + (f" Any $C$ gives $X W = {name}$, since $X N = 0$." if sol.exists else ""),
                                     c_shape, math(*nodes.glyphs("{dim}{null}(X)")))),)))

    title = spec.heading(f"假设的 {name} 自洽吗？" + " ".join(map(literal, tokens)),
                         f"Is the assumed {name} consistent? " + " ".join(map(literal, tokens)))
    intro = (Text(f"{'文章直接假设了' if article else '这里直接给定了'} ${name}$。问：是否存在投影矩阵 ${W}$ 使 $X {W} = {name}$？全部用有理数精确计算。",
                  f"{'The article assumes' if article else 'The spec gives'} ${name}$ directly. Is there a projection ${W}$ with $X {W} = {name}$? "
                  "Everything below is exact rational arithmetic."),)
    return Derivation(topic="consistency", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro,
                      meta=(("target", name), ("exists", sol.exists), ("rank_X", sol.rank_x)))
