"""Rotary position embedding (RoPE), exactly.

Each pair of coordinates (x_{2i}, x_{2i+1}) of a query or key at position p is
rotated by the angle p θ_i, with θ_i = base^{-2i/d} (i = 0 … d/2 - 1):

    R(φ) = [[cos φ, -sin φ], [sin φ, cos φ]],   x̃ = R(p θ) x   (block diagonal)

Because R(mθ)ᵀ R(nθ) = R((n - m)θ), the score q̃_m · k̃_n = q_mᵀ R((n - m)θ) k_n
depends on the positions only through n - m.  The scores below use that form,
and the last steps prove the identity symbolically.

Two pairings (``[options] pairing``): ``"interleaved"`` (the default, the RoFormer paper)
pairs (x_{2i}, x_{2i+1}); ``"half"`` (Hugging Face's ``rotate_half``) pairs x_i with
x_{i+d/2}.  Both use θ_i for pair i; they differ by a permutation of the coordinates,
so the scores differ for the same Q and K, and the identity holds for both.
"""

from __future__ import annotations

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..markup import Math, Text as Markup, math
from ..escape import literal
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import Resolved, index
from ..spec import base_option
from ..sources import cite

__all__ = ["frequencies", "pairs", "rotation", "rotate", "relative_scores", "relative_rotation_difference",
           "relative_score_difference", "layout_rotation_difference", "derive_rope", "PAIRINGS"]

#: the primary sources the document ends with
SOURCES = (cite("su2021", "3.2"),)

PAIRINGS = ("interleaved", "half")


def frequencies(d: int, base=10000) -> tuple[sp.Expr, ...]:
    """θ_i = base^{-2i/d}, exactly.

    >>> frequencies(4)
    (1, 1/100)
    """
    base = sp.sympify(base)
    return tuple(base ** sp.Rational(-2 * i, d) for i in range(d // 2))


def pairs(d: int, pairing: str = "interleaved") -> tuple[tuple[int, int], ...]:
    """The coordinates rotated together by θ_i, 0-based, one pair per i.

    >>> pairs(4), pairs(4, "half")
    (((0, 1), (2, 3)), ((0, 2), (1, 3)))
    """
    if pairing == "half":
        return tuple((i, i + d // 2) for i in range(d // 2))
    return tuple((2 * i, 2 * i + 1) for i in range(d // 2))


def _block(phi) -> sp.Matrix:
    return sp.Matrix([[sp.cos(phi), -sp.sin(phi)], [sp.sin(phi), sp.cos(phi)]])


def rotation(p, thetas, pairing: str = "interleaved") -> sp.ImmutableMatrix:
    """R(p θ), d x d: a 2 x 2 rotation on each pair (block-diagonal when interleaved).

    >>> rotation(0, (1, 2)) == sp.eye(4)
    True
    >>> rotation(1, (1, 2), "half")[:, 0].T
    Matrix([[cos(1), 0, sin(1), 0]])
    """
    d = 2 * len(thetas)
    R = sp.zeros(d, d)
    for (a, b), t in zip(pairs(d, pairing), thetas):
        c, s = sp.cos(p * t), sp.sin(p * t)
        R[a, a], R[a, b], R[b, a], R[b, b] = c, -s, s, c
    return sp.ImmutableMatrix(R)


def rotate(M: sp.MatrixBase, positions, thetas, pairing: str = "interleaved") -> sp.ImmutableMatrix:
    """Rotate each row of M (a query or key at ``positions[row]``) pair by pair."""
    partner = {}
    for i, (a, b) in enumerate(pairs(M.cols, pairing)):
        partner[a], partner[b] = (i, b, False), (i, a, True)

    def entry(r, c):
        i, other, second = partner[c]
        phi = positions[r] * thetas[i]
        if second:  # x_b' = x_a sin φ + x_b cos φ
            return sp.expand(M[r, other] * sp.sin(phi) + M[r, c] * sp.cos(phi))
        return sp.expand(M[r, c] * sp.cos(phi) - M[r, other] * sp.sin(phi))
    return sp.ImmutableMatrix(M.rows, M.cols, entry)


def _relative(q, k, delta, thetas, pairing="interleaved") -> sp.Expr:
    """q_mᵀ R(Δθ) k_n = Σ_i cos(Δθ_i)(q_a k_a + q_b k_b) + sin(Δθ_i)(q_b k_a - q_a k_b) over pairs (a, b)."""
    total = sp.S.Zero
    for (a, b), t in zip(pairs(len(q), pairing), thetas):
        q0, q1, k0, k1 = q[a], q[b], k[a], k[b]
        total += sp.cos(delta * t) * (q0 * k0 + q1 * k1) + sp.sin(delta * t) * (q1 * k0 - q0 * k1)
    return sp.expand(total)


def relative_scores(Q, K, positions, thetas, pairing: str = "interleaved") -> sp.ImmutableMatrix:
    """S_mn = q̃_m · k̃_n computed as q_mᵀ R((p_n - p_m)θ) k_n."""
    return sp.ImmutableMatrix(Q.rows, K.rows, lambda m, n: _relative(
        list(Q.row(m)), list(K.row(n)), positions[n] - positions[m], thetas, pairing))


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


def layout_rotation_difference(d: int, pairing: str) -> sp.ImmutableMatrix:
    """R(mΘ)ᵀ R(nΘ) - R((n - m)Θ) as d x d matrices in this pairing's layout, with a
    symbolic θ_i per pair: exactly zero, so the identity holds for the pairing as laid out.

    >>> layout_rotation_difference(4, "half") == sp.zeros(4, 4)
    True
    """
    th = sp.symbols(f"theta_1:{d // 2 + 1}", real=True)
    Rm, Rn = rotation(_m, th, pairing), rotation(_n, th, pairing)
    D = Rm.T * Rn - rotation(_n - _m, th, pairing)
    return sp.ImmutableMatrix(D.applyfunc(_trig_zero))


def _options(spec, L, d):
    base = base_option(spec)
    positions, top = spec.option("positions", list(range(L))), limits.MAX_OPTION_INT
    if not isinstance(positions, list) or len(positions) != L or \
            not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= top for p in positions):
        raise SymattnError(f"must be a list of {L} whole numbers from 0 (one per token)", entry="options.positions")
    if d % 2:
        raise SymattnError(f"RoPE rotates pairs of coordinates, so d_k must be even, not {d}", entry="Q")
    pairing = spec.option("pairing", "interleaved")
    if pairing not in PAIRINGS:
        raise SymattnError(f"must be \"interleaved\" (RoFormer) or \"half\" (rotate_half), not {pairing!r}",
                           entry="options.pairing")
    return base, [sp.Integer(p) for p in positions], pairing


_ANGLE_SUMS = (math(*nodes.glyphs("{cos}(a - b) = {cos} a {cos} b + {sin} a {sin} b")),
               math(*nodes.glyphs("{sin}(a - b) = {sin} a {cos} b - {cos} a {sin} b")))
_THETA_I = math(*nodes.glyphs("{theta}_i"))
_P_THETA_I = math(*nodes.glyphs("p{thin}{theta}_i"))  # the angle of pair i at position p


def _identity(letter: str, transpose: str = "T") -> Math:
    """``R(mθ)ᵀ R(nθ) = R((n-m)θ)`` with θ (one pair) or Θ (all); ``Tb`` braces the T in LaTeX."""
    t = "{%s}" % letter
    return math(*nodes.glyphs(f"R(m{t}){{{transpose}}} R(n{t}) = R((n-m){t})"))


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
    base, pos, pairing = _options(spec, L, d)
    th = frequencies(d, base)
    half = pairing == "half"
    steps = [s for s in r.steps if s.id != "values"]

    theta = sp.ImmutableMatrix([list(th)])
    last = len(th) - 1
    steps.append(Step(
        id="frequencies", title=Text(Markup.of("旋转频率 ", _THETA_I), Markup.of("Frequencies ", _THETA_I)), lhs=nodes.Named(r"\theta", "theta"),
        # 1-indexed like every matrix index here, so theta_i is column i of Phi
        formula=nodes.RopeFrequencies(sp.Symbol("b"), sp.Symbol("d"), last + 1),
        substituted=nodes.RopeFrequencies(base, d, last + 1),
        expanded=(nodes.Named(r"\theta_{%d}" % (last + 1)),
                  sp.Pow(base, sp.Rational(-2 * last, d), evaluate=False) if last else sp.Integer(1), th[last]),
        exact=theta, numeric=evaluate(theta, digits),
        notes=(Text(Markup.parse(f"$d = {d}$，共 ${d // 2}$ 对坐标，每对一个频率；$b = {{}}$。"
                                 f"下标从 $1$ 起：${{}}$ 属于第 $i$ 对坐标（{_cols_zh(half, d)}），也是 ${{}}$ 的第 $i$ 列。",
                                 base, _THETA_I, nodes.Glyph("Phi")),
                    Markup.parse(f"$d = {d}$ gives ${d // 2}$ coordinate pair{'s' if d // 2 != 1 else ''}, one frequency "
                                 f"each; $b = {{}}$. "
                                 f"Indices start at $1$: ${{}}$ belongs to pair $i$ ({_cols_en(half, d)}) and to "
                                 "column $i$ of ${}$.", base, _THETA_I, nodes.Glyph("Phi"))),)))

    Phi = sp.ImmutableMatrix(L, len(th), lambda m, i: pos[m] * th[i])
    p_theta_i = math(*nodes.glyphs("p {theta}_i"))
    steps.append(Step(
        id="angles", title=Text(Markup.of("旋转角 ", p_theta_i), Markup.of("Angles ", p_theta_i)), lhs=nodes.Named(r"\Phi", "Phi"),
        formula=nodes.RopeAngles(), substituted=None,
        expanded=(nodes.Named(r"\Phi_{%s}" % index(L - 1, last)),
                  sp.Mul(pos[L - 1], th[last], evaluate=False), Phi[L - 1, last]),
        exact=Phi, numeric=evaluate(Phi, digits), row_labels=tokens,
        notes=(Text("位置 " + "、".join(f"{t} = {p}" for t, p in zip(tokens, pos)) + "。",
                    "Positions: " + ", ".join(f"{t} = {p}" for t, p in zip(tokens, pos)) + "."),)))

    m1 = 1 if L > 1 else 0
    R = rotation(pos[m1], th, pairing)
    r_p, shape, block = math(*nodes.glyphs("R(p {theta})")), nodes.Dims(*R.shape), nodes.Dims(2, 2)
    steps.append(Step(
        id="rotation", title=Text(Markup.parse(f"旋转矩阵 ${{}}$，$p = {pos[m1]}$（{literal(tokens[m1])}）", r_p),
                                  Markup.parse(f"Rotation ${{}}$ at $p = {pos[m1]}$ ({literal(tokens[m1])})", r_p)),
        lhs=nodes.Named(r"R_{%s}" % pos[m1], "R"),
        formula=nodes.RopeRotation(last + 1, half),
        substituted=None, expanded=(), exact=R, numeric=evaluate(R, digits),
        notes=(Text(Markup.parse(f"维度：${{}}$，由 ${d // 2}$ 个 ${{}}$ 旋转组成（{_cols_zh(half, d)}）；"
                                 "位置 $0$ 处是单位矩阵。", shape, block),
                    Markup.parse(f"Shape ${{}}$: ${d // 2}$ rotation{'s' if d // 2 != 1 else ''} of ${{}}$ "
                                 f"({_cols_en(half, d)}); at position $0$ "
                                 "it is the identity.", shape, block)),)))

    Qt, Kt = rotate(r.Q, pos, th, pairing), rotate(r.K, pos, th, pairing)
    b = pairs(d, pairing)[0][1]  # the partner of column 1
    Q_rot, K_rot = nodes.Tilde(sp.Symbol("Q")), nodes.Tilde(sp.Symbol("K"))
    for name, M, Mt, step_id, title in (("q", r.Q, Qt, "rotated_queries",
                                         Text(Markup.of("旋转后的查询 ", Q_rot), Markup.of("Rotated queries ", Q_rot))),
                                        ("k", r.K, Kt, "rotated_keys",
                                         Text(Markup.of("旋转后的键 ", K_rot), Markup.of("Rotated keys ", K_rot)))):
        phi = pos[m1] * th[0]
        chain = (nodes.Named(r"\tilde{%s}_{%s}" % (name, index(m1, 0))),
                 nodes.RotatedEntry(name, m1, 0, b),
                 nodes.Dot((M[m1, 0], sp.cos(phi)), (-M[m1, b], sp.sin(phi))), Mt[m1, 0])
        steps.append(Step(
            id=step_id, title=title, lhs=nodes.Named(r"\tilde{%s}" % name.upper(), name.upper() + "_rot"),
            formula=nodes.RopeRotated(name),
            substituted=None, expanded=chain, exact=Mt, numeric=evaluate(Mt, digits), row_labels=tokens,
            notes=(Text(Markup.format("维度不变：{}；位置 {} 的行不变。", nodes.Dims(*Mt.shape), 0),
                        Markup.format("Shape unchanged: {}; the row at position {} is unchanged.",
                                      nodes.Dims(*Mt.shape), 0)),)))

    S = relative_scores(r.Q, r.K, pos, th, pairing)
    n1 = min(1, L - 1)
    delta = pos[n1] - pos[0]
    scores = math("S = ", Q_rot, K_rot, nodes.Glyph("T"))
    s_mm = math(nodes.Sub("s", "mm"), *nodes.glyphs(" = q_m {cdot} k_m"))
    steps.append(Step(
        id="scores", title=Text(Markup.of("旋转后的打分 ", scores), Markup.of("Scores ", scores)),
        lhs=sp.MatrixSymbol("S", L, L),
        formula=nodes.Product(nodes.Named(r"\tilde{Q}", "Q_rot"), nodes.Transposed(nodes.Named(r"\tilde{K}", "K_rot"))),
        substituted=None,
        expanded=(nodes.Named("s_{%s}" % index(0, n1)),
                  nodes.ScoreRotations(n1 + 1), nodes.ScoreOffset(delta, n1 + 1), S[0, n1]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=tokens,
        notes=(Text(Markup.parse("用最后一步证明的恒等式 ${}$，每个分数只含位置差 $n - m$ 的三角函数。",
                                 _identity("theta", "Tb")),
                    Markup.parse("With the identity ${}$, proved in the last steps, each score holds only "
                                 "trigonometric functions of the offset $n - m$.", _identity("theta", "Tb"))),
               Text(Markup.parse("对角线上 $n = m$，旋转抵消：${}$，与不加位置编码时相同。", s_mm),
                    Markup.parse("On the diagonal $n = m$ the rotations cancel: ${}$, as without "
                                 "position encoding.", s_mm)))))

    D = relative_rotation_difference()
    Rm, Rn, Rd = _block(_m * _theta), _block(_n * _theta), _block((_n - _m) * _theta)
    steps.append(Step(
        id="relative_rotation", title=Text(Markup.of("证明：", _identity("theta")), Markup.of("Proof: ", _identity("theta"))),
        lhs=nodes.Named(r"\Delta", "Delta"),
        formula=nodes.RotationIdentity("theta"),
        substituted=nodes.Shifted(sp.MatMul(sp.ImmutableMatrix(Rm.T), sp.ImmutableMatrix(Rn), evaluate=False),
                                  sp.ImmutableMatrix(Rd)),
        expanded=(nodes.Named(r"\Delta_{11}"), (Rm.T * Rn)[0, 0] - Rd[0, 0],
                  nodes.Shifted(sp.expand((Rm.T * Rn)[0, 0]), _trig_zero(Rd[0, 0])), D[0, 0]),
        exact=D, numeric=evaluate(D, digits),
        notes=(Text(Markup.parse("用和角公式 ${}$ 与 ${}$ 展开后逐项相消，差恰好为零矩阵。", *_ANGLE_SUMS),
                    Markup.parse("Expanding with ${}$ and ${}$ cancels every term: the difference is exactly the "
                                 "zero matrix.", *_ANGLE_SUMS)),)))

    z = relative_score_difference()
    Z = sp.ImmutableMatrix([[z]])
    in_plane = math(*nodes.glyphs("q, k {in} {reals}^2"))
    steps.append(Step(
        id="relative_score", title=Text("分数只依赖 $n - m$", "The score depends only on $n - m$"),
        lhs=nodes.Named(r"\delta", "delta"),
        formula=nodes.RotatedScoreIdentity(),
        substituted=None,
        expanded=(nodes.Named(r"\delta"), nodes.RotatedScoreIdentity(1), nodes.RotatedScoreIdentity(2), z),
        exact=Z, numeric=evaluate(Z, digits),
        notes=(Text(Markup.parse("对任意 ${}$、任意位置 $m, n$ 成立（每一对坐标各自如此）：把所有位置同时平移，分数不变。",
                                 in_plane),
                    Markup.parse("This holds for all ${}$ and all positions $m, n$ (pair by pair): shifting "
                                 "every position by the same amount leaves every score unchanged.", in_plane)),)))

    if d > 2:  # with d = 2 the d x d layout is the 2 x 2 rotation just proved: no second proof of it
        steps.append(_layout_step(d, pairing, digits))

    title = spec.heading("旋转位置编码 RoPE：" + " ".join(map(literal, tokens)),
                         "Rotary position embedding (RoPE): " + " ".join(map(literal, tokens)))
    freq = math(*_THETA_I.parts, " = ", nodes.RopeFrequency())
    upto = math(*nodes.glyphs("i = 1, {dots}, d/2")) if d > 2 else math("i = 1")
    cos, sin = nodes.Glyph("cos"), nodes.Glyph("sin")
    intro = (Text(Markup.parse("把 $Q$、$K$ 的每一对坐标按位置旋转，角度为 ${}$，${}$（${}$）。各词放在位置 "
                               + "、".join(str(p) for p in pos) + "，所有值都是精确的 ${}$、${}$。",
                               _P_THETA_I, freq, upto, cos, sin),
                  Markup.parse("Rotate each pair of coordinates of $Q$ and $K$ by the angle ${}$ with ${}$ (${}$). "
                               "The tokens sit at positions " + ", ".join(str(p) for p in pos)
                               + "; every value is an exact ${}$ or ${}$.", _P_THETA_I, freq, upto, cos, sin)),
             _pairing_note(pairing, d))
    return Derivation(topic="rope", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro,
                      meta=(("base", base), ("positions", tuple(pos)), ("pairing", pairing)), sources=SOURCES)


def _cols_zh(half: bool, d: int) -> str:
    return f"第 $i$、$i + {d // 2}$ 列" if half else "第 ${2i-1}$、${2i}$ 列"


def _cols_en(half: bool, d: int) -> str:
    return f"columns $i$ and $i + {d // 2}$" if half else "columns $2i-1$ and $2i$"


def _pairing_note(pairing: str, d: int) -> Text:
    """Which coordinates rotate together, and why the two pairings are one model up to a permutation."""
    half = Markup.parse("第 $i$ 维与第 $i + d/2$ 维（这里 $i + {}$）", d // 2)
    half_en = Markup.parse("coordinate $i$ with coordinate $i + d/2$ (here $i + {}$)", d // 2)
    same_zh = ("两种配对只差 $W_Q$、$W_K$ 各列的一个固定置换：把权重的列按这个置换重排，两种写法就是同一个模型"
               "（Hugging Face 把 Meta 的 LLaMA 权重转换过来时就做了这个置换）。")
    same_en = ("The two pairings are the same model up to one fixed permutation of the columns of $W_Q$ and $W_K$: "
               "permute the weights and either layout gives the same scores (Hugging Face's LLaMA conversion "
               "permutes Meta's weights this way).")
    if pairing == "half":
        return Text(Markup.of(Markup.parse("配对方式：前后两半（Hugging Face 的 `rotate_half`）："), half,
                              Markup.parse("一起旋转，角度 ${}$。同样的 $Q$、$K$ 数值在两种配对下给出不同的分数；", _P_THETA_I),
                              Markup.parse(same_zh)),
                    Markup.of(Markup.parse("Pairing: halves (Hugging Face's `rotate_half`): "),
                              Markup.parse("coordinate $i$ and coordinate $i + d/2$ (here $i + {}$)", d // 2),
                              Markup.parse(" rotate together by ${}$. The same numbers in $Q$ and $K$ give other "
                                           "scores in the two pairings. ", _P_THETA_I), Markup.parse(same_en)))
    return Text(Markup.of(Markup.parse("配对方式：相邻配对（RoFormer 论文）：第 ${2i-1}$、${2i}$ 维一起旋转，角度 ${}$。"
                                       "Hugging Face 的 `rotate_half` 则把", _P_THETA_I), half,
                          Markup.parse("配对（`pairing = \"half\"`），同样的 $Q$、$K$ 数值会给出不同的分数；"), Markup.parse(same_zh)),
                Markup.of(Markup.parse("Pairing: interleaved (the RoFormer paper): coordinates $2i-1$ and $2i$ rotate "
                                       "together by ${}$. Hugging Face's `rotate_half` pairs ", _P_THETA_I), half_en,
                          Markup.parse(" instead (`pairing = \"half\"`); the same numbers in $Q$ and $K$ then give "
                                       "other scores. "), Markup.parse(same_en)))


def _layout_step(d: int, pairing: str, digits: int) -> Step:
    """The identity once more with d x d matrices laid out as this pairing lays them out."""
    dp = min(d, 8)  # pairs never mix, so d = 8 shows every case; larger d only repeats them
    D = layout_rotation_difference(dp, pairing)
    th = sp.symbols(f"theta_1:{dp // 2 + 1}", real=True)
    Rm, Rn, Rd = rotation(_m, th, pairing), rotation(_n, th, pairing), rotation(_n - _m, th, pairing)
    b = pairs(dp, pairing)[0][1]
    raw = (Rm.T * Rn)[0, b] - Rd[0, b]
    name = "相邻配对" if pairing == "interleaved" else "前后两半配对"
    listed = [nodes.Sub(nodes.Glyph("theta"), k, braces=True) for k in range(1, dp // 2 + 1)]
    if len(listed) > 3:  # (θ_1, …, θ_4); two or three are written out
        listed = [listed[0], nodes.Glyph("dots"), listed[-1]]
    thetas = math(*nodes.glyphs("{Theta} = ("), *[x for k, g in enumerate(listed) for x in ((", " if k else ""), g)], ")")
    more = Text("", "") if dp == d else Text(f"（$d = {d}$ 时每一对同样如此，这里写出 $d = {dp}$）",
                                               f" (for $d = {d}$ each pair is the same; written out for $d = {dp}$)")
    return Step(
        id="relative_rotation_layout",
        title=Text(Markup.format(f"证明（{name}，{{}}）：{{}}", nodes.Dims(dp, dp), _identity("Theta")),
                   Markup.format(f"Proof ({pairing} pairing, {{}}): {{}}", nodes.Dims(dp, dp), _identity("Theta"))),
        lhs=nodes.Named(r"\Delta_{\Theta}", "Delta_Theta"),
        formula=nodes.RotationIdentity("Theta"),
        substituted=None,  # d x d products of symbolic rotations run off the page; one entry shows the work
        expanded=(nodes.Named(r"(\Delta_{\Theta})_{%s}" % index(0, b)), raw,
                  nodes.Shifted(sp.expand((Rm.T * Rn)[0, b]), _trig_zero(Rd[0, b])), D[0, b]),
        exact=D, numeric=evaluate(D, digits),
        notes=(Text(Markup.parse(f"${{}}$ 取符号值，矩阵按{name}排列{more.zh}：差恰好为零矩阵，"
                                 "所以这种配对下分数同样只依赖 $n - m$。", thetas),
                    Markup.parse(f"${{}}$ symbolic, matrices laid out in the {pairing} pairing{more.en}: the difference "
                                 "is exactly the zero matrix, so in this pairing too every score depends only on $n - m$.",
                                 thetas)),))
