"""Rotary position embedding (RoPE), exactly.

Each pair of coordinates (x_{2i}, x_{2i+1}) of a query or key at position p is
rotated by the angle p θ_i, with θ_i = base^{-2i/d} (i = 0 … d/2 - 1):

    R(φ) = [[cos φ, -sin φ], [sin φ, cos φ]],   x̃ = R(p θ) x   (block diagonal)

Because R(mθ)ᵀ R(nθ) = R((n - m)θ), the score q̃_m · k̃_n = q_mᵀ R((n - m)θ) k_n
depends on the positions only through n - m.  The scores below use that form,
and the last steps prove the identity symbolically.

This is the interleaved pairing of the RoFormer paper; Hugging Face's LLaMA pairs
coordinate i with i + d/2 ("rotate_half"), a permutation of the same idea.
"""

from __future__ import annotations

import sympy as sp

from . import nodes
from .attention import Resolved, index
from .errors import SymattnError
from .escape import literal
from .model import Derivation, Step, Text
from .numeric import evaluate
from .spec import entry_value

__all__ = ["frequencies", "rotation", "rotate", "relative_scores", "relative_rotation_difference",
           "relative_score_difference", "derive_rope"]


def frequencies(d: int, base=10000) -> tuple[sp.Expr, ...]:
    """θ_i = base^{-2i/d}, exactly.

    >>> frequencies(4)
    (1, 1/100)
    """
    base = sp.sympify(base)
    return tuple(base ** sp.Rational(-2 * i, d) for i in range(d // 2))


def _block(phi) -> sp.Matrix:
    return sp.Matrix([[sp.cos(phi), -sp.sin(phi)], [sp.sin(phi), sp.cos(phi)]])


def rotation(p, thetas) -> sp.ImmutableMatrix:
    """The block-diagonal R(p θ), d x d.

    >>> rotation(0, (1, 2)) == sp.eye(4)
    True
    """
    return sp.ImmutableMatrix(sp.diag(*[_block(p * t) for t in thetas]))


def rotate(M: sp.MatrixBase, positions, thetas) -> sp.ImmutableMatrix:
    """Rotate each row of M (a query or key at ``positions[row]``) pair by pair."""
    def entry(r, c):
        i, odd = divmod(c, 2)
        phi = positions[r] * thetas[i]
        x0, x1 = M[r, 2 * i], M[r, 2 * i + 1]
        if odd:
            return sp.expand(x0 * sp.sin(phi) + x1 * sp.cos(phi))
        return sp.expand(x0 * sp.cos(phi) - x1 * sp.sin(phi))
    return sp.ImmutableMatrix(M.rows, M.cols, entry)


def _relative(q, k, delta, thetas) -> sp.Expr:
    """q_mᵀ R(Δθ) k_n = Σ_i cos(Δθ_i)(q_{2i}k_{2i} + q_{2i+1}k_{2i+1}) + sin(Δθ_i)(q_{2i+1}k_{2i} - q_{2i}k_{2i+1})."""
    total = sp.S.Zero
    for i, t in enumerate(thetas):
        q0, q1, k0, k1 = q[2 * i], q[2 * i + 1], k[2 * i], k[2 * i + 1]
        total += sp.cos(delta * t) * (q0 * k0 + q1 * k1) + sp.sin(delta * t) * (q1 * k0 - q0 * k1)
    return sp.expand(total)


def relative_scores(Q, K, positions, thetas) -> sp.ImmutableMatrix:
    """S_mn = q̃_m · k̃_n computed as q_mᵀ R((p_n - p_m)θ) k_n."""
    return sp.ImmutableMatrix(Q.rows, K.rows, lambda m, n: _relative(
        list(Q.row(m)), list(K.row(n)), positions[n] - positions[m], thetas))


_m, _n, _theta = sp.symbols("m n theta", real=True)


def _trig_zero(e) -> sp.Expr:
    # Angle-sum expansion: a proof step, not a hot path.
    return sp.expand(sp.expand(e), trig=True)


def relative_rotation_difference() -> sp.ImmutableMatrix:
    """R(mθ)ᵀ R(nθ) - R((n - m)θ) for symbolic m, n, θ, expanded: exactly zero.

    >>> relative_rotation_difference()
    Matrix([
    [0, 0],
    [0, 0]])
    """
    D = _block(_m * _theta).T * _block(_n * _theta) - _block((_n - _m) * _theta)
    return sp.ImmutableMatrix(D.applyfunc(_trig_zero))


def relative_score_difference() -> sp.Expr:
    """(R(mθ) q)·(R(nθ) k) - qᵀ R((n - m)θ) k for symbolic q, k ∈ R²: exactly zero.

    >>> relative_score_difference()
    0
    """
    q = sp.Matrix(sp.symbols("q_1 q_2", real=True))
    k = sp.Matrix(sp.symbols("k_1 k_2", real=True))
    lhs = ((_block(_m * _theta) * q).T * (_block(_n * _theta) * k))[0, 0]
    rhs = (q.T * _block((_n - _m) * _theta) * k)[0, 0]
    return _trig_zero(lhs - rhs)


def _options(spec, L, d):
    base = spec.option("base", 10000)
    try:
        base = entry_value(base, "options.base")
    except SymattnError as exc:
        raise exc.located(entry="options.base") from None
    if not (base.is_Rational and base > 0):
        raise SymattnError("must be a positive number", entry="options.base")
    positions = spec.option("positions", list(range(L)))
    if not isinstance(positions, list) or len(positions) != L or \
            not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < 10**6 for p in positions):
        raise SymattnError(f"must be a list of {L} whole numbers from 0 (one per token)", entry="options.positions")
    if d % 2:
        raise SymattnError(f"RoPE rotates pairs of coordinates, so d_k must be even, not {d}", entry="Q")
    return base, [sp.Integer(p) for p in positions]


def _shape(m) -> str:
    return f"{m.rows} \\times {m.cols}"


def derive_rope(spec) -> Derivation:
    """RoPE on the spec's Q and K, then the relative-position proof.

    >>> from symattn.examples import article_spec
    >>> d = derive_rope(article_spec())
    >>> d.step("rotated_queries").exact[1, :2]
    Matrix([[-sin(1), cos(1)]])
    >>> d.step("frequencies").exact
    Matrix([[1, 1/100]])
    """
    r = Resolved(spec)
    tokens, digits, L, d = spec.tokens, spec.digits, len(spec.tokens), r.Q.cols
    if r.Q.free_symbols or r.K.free_symbols:
        raise SymattnError("RoPE needs numeric Q and K", entry="Q")
    base, pos = _options(spec, L, d)
    th = frequencies(d, base)
    steps = [s for s in r.steps if s.id != "values"]

    theta = sp.ImmutableMatrix([list(th)])
    last = len(th) - 1
    steps.append(Step(
        id="frequencies", title=Text(r"旋转频率 $\theta_i$", r"Frequencies $\theta_i$"), lhs=nodes.Named(r"\theta", "theta"),
        # 1-indexed like every matrix index here, so theta_i is column i of Phi
        formula=nodes.Named(r"\left(b^{-2(i-1)/d}\right)_{i=1}^{%d}" % (last + 1)),
        substituted=nodes.Named(r"\left(%s^{-2(i-1)/%d}\right)_{i=1}^{%d}" % (sp.latex(base), d, last + 1)),
        expanded=(nodes.Named(r"\theta_{%d}" % (last + 1)),
                  sp.Pow(base, sp.Rational(-2 * last, d), evaluate=False) if last else sp.Integer(1), th[last]),
        exact=theta, numeric=evaluate(theta, digits),
        notes=(Text(f"$d = {d}$，共 ${d // 2}$ 对坐标，每对一个频率；$b = {sp.latex(base)}$。"
                    f"下标从 $1$ 起：$\\theta_i$ 属于第 $i$ 对坐标（第 ${{2i-1}}$、${{2i}}$ 列），也是 $\\Phi$ 的第 $i$ 列。",
                    f"$d = {d}$ gives ${d // 2}$ coordinate pairs, one frequency each; $b = {sp.latex(base)}$. "
                    "Indices start at $1$: $\\theta_i$ belongs to pair $i$ (columns $2i-1$ and $2i$) and to "
                    "column $i$ of $\\Phi$."),)))

    Phi = sp.ImmutableMatrix(L, len(th), lambda m, i: pos[m] * th[i])
    steps.append(Step(
        id="angles", title=Text(r"旋转角 $p \theta_i$", r"Angles $p \theta_i$"), lhs=nodes.Named(r"\Phi", "Phi"),
        formula=nodes.Named(r"\left(p_m \theta_i\right)_{m i}"), substituted=None,
        expanded=(nodes.Named(r"\Phi_{%s}" % index(L - 1, last)),
                  sp.Mul(pos[L - 1], th[last], evaluate=False), Phi[L - 1, last]),
        exact=Phi, numeric=evaluate(Phi, digits), row_labels=tokens,
        notes=(Text("位置 " + "、".join(f"{t} = {p}" for t, p in zip(tokens, pos)) + "。",
                    "Positions: " + ", ".join(f"{t} = {p}" for t, p in zip(tokens, pos)) + "."),)))

    m1 = 1 if L > 1 else 0
    R = rotation(pos[m1], th)
    steps.append(Step(
        id="rotation", title=Text(f"旋转矩阵 $R(p \\theta)$，$p = {pos[m1]}$（{literal(tokens[m1])}）",
                                  f"Rotation $R(p \\theta)$ at $p = {pos[m1]}$ ({literal(tokens[m1])})"),
        lhs=nodes.Named(r"R_{%s}" % pos[m1], "R"),
        formula=nodes.Named(r"\operatorname{diag}\left(R(p\theta_1), \dots, R(p\theta_{%d})\right),\ "
                            r"R(\varphi) = \begin{bmatrix} \cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi "
                            r"\end{bmatrix}" % (last + 1)),
        substituted=None, expanded=(), exact=R, numeric=evaluate(R, digits),
        notes=(Text(f"维度: ${_shape(R)}$，由 ${d // 2}$ 个 $2 \\times 2$ 旋转块组成；位置 $0$ 处是单位矩阵。",
                    f"Shape ${_shape(R)}$: ${d // 2}$ blocks of $2 \\times 2$ rotations; at position $0$ it is "
                    "the identity."),)))

    Qt, Kt = rotate(r.Q, pos, th), rotate(r.K, pos, th)
    for name, M, Mt, step_id, title in (("q", r.Q, Qt, "rotated_queries", Text(r"旋转后的查询 $\tilde{Q}$", r"Rotated queries $\tilde{Q}$")),
                                        ("k", r.K, Kt, "rotated_keys", Text(r"旋转后的键 $\tilde{K}$", r"Rotated keys $\tilde{K}$"))):
        phi = pos[m1] * th[0]
        chain = (nodes.Named(r"\tilde{%s}_{%s}" % (name, index(m1, 0))),
                 nodes.Named(r"%s_{%s} \cos(p\theta_1) - %s_{%s} \sin(p\theta_1)"
                             % (name, index(m1, 0), name, index(m1, 1))),
                 nodes.Dot((M[m1, 0], sp.cos(phi)), (-M[m1, 1], sp.sin(phi))), Mt[m1, 0])
        steps.append(Step(
            id=step_id, title=title, lhs=nodes.Named(r"\tilde{%s}" % name.upper(), name.upper() + "_rot"),
            formula=nodes.Named(r"\left(R(p_m\theta)\, %s_m\right)_{m}" % name),
            substituted=None, expanded=chain, exact=Mt, numeric=evaluate(Mt, digits), row_labels=tokens,
            notes=(Text(f"维度不变: ${_shape(Mt)}$；位置 $0$ 的行不变。",
                        f"Shape unchanged: ${_shape(Mt)}$; the row at position $0$ is unchanged."),)))

    S = relative_scores(r.Q, r.K, pos, th)
    n1 = min(1, L - 1)
    delta = pos[n1] - pos[0]
    steps.append(Step(
        id="scores", title=Text(r"旋转后的打分 $S = \tilde{Q}\tilde{K}^T$", r"Scores $S = \tilde{Q}\tilde{K}^T$"),
        lhs=sp.MatrixSymbol("S", L, L),
        formula=nodes.Named(r"\tilde{Q} \tilde{K}^{T}"),
        substituted=None,
        expanded=(nodes.Named("s_{%s}" % index(0, n1)),
                  nodes.Named(r"q_1^{T} R(p_1\theta)^{T} R(p_{%d}\theta)\, k_{%d}" % (n1 + 1, n1 + 1)),
                  nodes.Named(r"q_1^{T} R(%s\,\theta)\, k_{%d}" % (sp.latex(delta), n1 + 1)), S[0, n1]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=tokens,
        notes=(Text("用最后一步证明的恒等式 $R(m\\theta)^{T} R(n\\theta) = R((n-m)\\theta)$，每个分数只含位置差 $n - m$ 的三角函数。",
                    "With the identity $R(m\\theta)^{T} R(n\\theta) = R((n-m)\\theta)$, proved in the last steps, "
                    "each score holds only trigonometric functions of the offset $n - m$."),
               Text("对角线上 $n = m$，旋转抵消：$s_{mm} = q_m \\cdot k_m$，与不加位置编码时相同。",
                    "On the diagonal $n = m$ the rotations cancel: $s_{mm} = q_m \\cdot k_m$, as without "
                    "position encoding."))))

    D = relative_rotation_difference()
    Rm, Rn, Rd = _block(_m * _theta), _block(_n * _theta), _block((_n - _m) * _theta)
    steps.append(Step(
        id="relative_rotation", title=Text(r"证明：$R(m\theta)^T R(n\theta) = R((n-m)\theta)$", r"Proof: $R(m\theta)^T R(n\theta) = R((n-m)\theta)$"),
        lhs=nodes.Named(r"\Delta", "Delta"),
        formula=nodes.Named(r"R(m\theta)^{T} R(n\theta) - R((n-m)\theta)"),
        substituted=nodes.Shifted(sp.MatMul(sp.ImmutableMatrix(Rm.T), sp.ImmutableMatrix(Rn), evaluate=False),
                                  sp.ImmutableMatrix(Rd)),
        expanded=(nodes.Named(r"\Delta_{11}"), (Rm.T * Rn)[0, 0] - Rd[0, 0],
                  nodes.Shifted(sp.expand((Rm.T * Rn)[0, 0]), _trig_zero(Rd[0, 0])), D[0, 0]),
        exact=D, numeric=evaluate(D, digits),
        notes=(Text("用和角公式 $\\cos(a - b) = \\cos a \\cos b + \\sin a \\sin b$ 与 "
                    "$\\sin(a - b) = \\sin a \\cos b - \\cos a \\sin b$ 展开后逐项相消，差恰好为零矩阵。",
                    "Expanding with $\\cos(a - b) = \\cos a \\cos b + \\sin a \\sin b$ and "
                    "$\\sin(a - b) = \\sin a \\cos b - \\cos a \\sin b$ cancels "
                    "every term: the difference is exactly the zero matrix."),)))

    z = relative_score_difference()
    Z = sp.ImmutableMatrix([[z]])
    steps.append(Step(
        id="relative_score", title=Text("分数只依赖 $n - m$", "The score depends only on $n - m$"),
        lhs=nodes.Named(r"\delta", "delta"),
        formula=nodes.Named(r"\left(R(m\theta) q\right)^{T} \left(R(n\theta) k\right) - q^{T} R((n-m)\theta)\, k"),
        substituted=None,
        expanded=(nodes.Named(r"\delta"), nodes.Named(r"q^{T} \left(R(m\theta)^{T} R(n\theta) - R((n-m)\theta)\right) k"),
                  nodes.Named(r"q^{T} \, 0 \, k"), z),
        exact=Z, numeric=evaluate(Z, digits),
        notes=(Text("对任意 $q, k \\in \\mathbb{R}^2$、任意位置 $m, n$ 成立（每一对坐标各自如此）：把所有位置同时平移，分数不变。",
                    "This holds for all $q, k \\in \\mathbb{R}^2$ and all positions $m, n$ (pair by pair): shifting "
                    "every position by the same amount leaves every score unchanged."),)))

    title = spec.heading("旋转位置编码 RoPE：" + " ".join(map(literal, tokens)),
                         "Rotary position embedding (RoPE): " + " ".join(map(literal, tokens)))
    intro = (Text(f"把 $Q$、$K$ 的每一对坐标按位置旋转，角度为 $p\\,\\theta_i$，$\\theta_i = b^{{-2(i-1)/d}}$（$i = 1, \\dots, d/2$）。"
                  f"各词放在位置 " + "、".join(str(p) for p in pos) + "，所有值都是精确的 $\\cos$、$\\sin$。",
                  f"Rotate each pair of coordinates of $Q$ and $K$ by the angle $p\\,\\theta_i$ with "
                  f"$\\theta_i = b^{{-2(i-1)/d}}$ ($i = 1, \\dots, d/2$). The tokens sit at positions " + ", ".join(str(p) for p in pos)
                  + "; every value is an exact $\\cos$ or $\\sin$."),)
    return Derivation(topic="rope", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, meta=(("base", base), ("positions", tuple(pos))))
