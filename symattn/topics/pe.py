"""Sinusoidal position encodings (Vaswani et al. 2017, Section 3.5), exactly, and why attention needs them.

    ω_i = b^{-2i/d},  i = 0 .. d/2 - 1
    PE_{p, 2i} = sin(p ω_i),  PE_{p, 2i+1} = cos(p ω_i)          (columns 1-based: 2i+1 and 2i+2)
    PE(p + k) = PE(p) M_k,  M_k = diag of [[cos kω_i, -sin kω_i], [sin kω_i, cos kω_i]]   (row vectors)
    PE(p) · PE(q) = Σ_i cos((p - q) ω_i)                          (depends on p - q only)

Without positions, attention is permutation-equivariant: with Q, K, V made row by row from the
tokens, reordering the tokens by P gives softmax(P S Pᵀ) P V = P softmax(S) V, the same rows reordered.
Adding PE (one fixed row per position, not per token) breaks that: P X + PE is not P (X + PE).
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul, transpose
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import Resolved, index, softmax_rows
from ..sources import cite
from ..spec import base_option
from ._display import Dims, Equals, Plus, row, say

__all__ = ["frequencies", "encodings", "shift_map", "shift_identity", "permutation", "attention_rows",
           "equivariance_identity", "derive_pe"]

#: the primary sources the document ends with
SOURCES = (cite("vaswani2017", "3.5", ("位置编码", "Positional Encoding")),)

_p, _k, _w = sp.symbols("p k omega", real=True)


def frequencies(d: int, base=10000) -> tuple[sp.Expr, ...]:
    """ω_i = base^{-2i/d} for i = 0 .. d/2 - 1 (the paper's PE(pos, 2i) = sin(pos / 10000^{2i/d})).

    >>> frequencies(4)
    (1, 1/100)
    """
    b = sp.Integer(base) if isinstance(base, int) else base
    return tuple(b ** sp.Rational(-2 * i, d) for i in range(d // 2))


def encodings(positions, omegas) -> sp.ImmutableMatrix:
    """One row per position: sin and cos of p ω_i, interleaved as in the paper.

    >>> encodings([0], (1,))
    Matrix([[0, 1]])
    """
    return sp.ImmutableMatrix(len(positions), 2 * len(omegas),
                              lambda r, c: (sp.sin if c % 2 == 0 else sp.cos)(positions[r] * omegas[c // 2]))


def _block(angle) -> sp.ImmutableMatrix:
    """The 2 x 2 map of one frequency: [sin pω, cos pω] times it is [sin (p+k)ω, cos (p+k)ω]."""
    return sp.ImmutableMatrix([[sp.cos(angle), -sp.sin(angle)], [sp.sin(angle), sp.cos(angle)]])


def shift_map(k, omegas) -> sp.ImmutableMatrix:
    """M_k: block diagonal, one rotation per frequency; it depends on k, never on p.

    >>> shift_map(0, (1, 2)) == sp.eye(4)
    True
    """
    return sp.ImmutableMatrix(sp.diag(*[_block(k * w) for w in omegas]))


def _trig_zero(e) -> sp.Expr:
    """Angle sums expanded (sin(a + b) = …): a proof step, exact."""
    return sp.expand(sp.expand(e, trig=True))


def shift_identity() -> sp.ImmutableMatrix:
    """[sin pω, cos pω] M - [sin (p+k)ω, cos (p+k)ω] for symbolic p, k, ω: exactly zero.

    >>> shift_identity()
    Matrix([[0, 0]])
    """
    lhs = sp.ImmutableMatrix([[sp.sin(_p * _w), sp.cos(_p * _w)]]) * _block(_k * _w)
    rhs = sp.ImmutableMatrix([[sp.sin((_p + _k) * _w), sp.cos((_p + _k) * _w)]])
    return sp.ImmutableMatrix((lhs - rhs).applyfunc(_trig_zero))


def permutation(order) -> sp.ImmutableMatrix:
    """P with P X = the rows of X in this order (0-based).

    >>> permutation([1, 0]) * sp.Matrix([[1], [2]])
    Matrix([
    [2],
    [1]])
    """
    L = len(order)
    return sp.ImmutableMatrix(L, L, lambda i, j: int(order[i] == j))


def attention_rows(Q, K, V, d_k):
    """Exact (A, O) of softmax(Q Kᵀ / sqrt(d_k)) V, no positions, no mask."""
    root = sp.sqrt(d_k)
    S = matmul(Q, transpose(K))
    scaled = sp.ImmutableMatrix(S.rows, S.cols, lambda i, j: S[i, j] / root if root.is_Rational
                                else sp.expand(S[i, j] / root))
    rows = softmax_rows(scaled)
    A = sp.ImmutableMatrix([list(r.weights()) for r in rows])
    O = sp.ImmutableMatrix(Q.rows, V.cols, lambda i, c: rows[i].combine(list(V.col(c))))
    return A, O


def equivariance_identity(order) -> sp.ImmutableMatrix:
    """softmax(P S Pᵀ) - P softmax(S) Pᵀ for a fully symbolic S: exactly zero, since a row softmax
    sees each row as a set (it treats every entry alike) and P only reorders rows and columns.

    >>> equivariance_identity([1, 0])
    Matrix([
    [0, 0],
    [0, 0]])
    """
    L = len(order)
    S = sp.ImmutableMatrix(L, L, lambda i, j: sp.Symbol(f"s_{i + 1}{j + 1}", real=True))
    P = permutation(order)

    def soft(M):
        return sp.ImmutableMatrix(L, L, lambda i, j: sp.exp(M[i, j]) / sp.Add(*(sp.exp(M[i, c]) for c in range(L))))
    return sp.ImmutableMatrix((soft(P * S * P.T) - P * soft(S) * P.T).applyfunc(sp.cancel))


# --- the derivation ----------------------------------------------------------------------------

def _options(spec, L):
    base = base_option(spec)
    top = limits.MAX_OPTION_INT
    positions = spec.option("positions", list(range(L)))
    if not isinstance(positions, list) or len(positions) != L or \
            not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= top for p in positions):
        raise SymattnError(f"must be a list of {L} whole numbers from 0 (one per token)", entry="options.positions")
    shift = spec.option("shift", 1)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 1 <= shift < L:
        raise SymattnError(f"must be a whole number from 1 to {L - 1}: the offset k of PE(p + k)",
                           entry="options.shift")
    order = spec.option("order", None)
    tokens = list(spec.tokens)
    if order is None:
        order = tokens[::-1]
    if not isinstance(order, list) or not all(isinstance(t, str) for t in order) or \
            sorted(order) != sorted(tokens) or len(set(tokens)) != L:
        raise SymattnError("must list every token once, in the new order (the tokens must differ)",
                           entry="options.order")
    return base, [sp.Integer(p) for p in positions], shift, [tokens.index(t) for t in order]


def derive_pe(spec) -> Derivation:
    """Sinusoidal encodings, the shift map, their dot products, and permutation equivariance.

    >>> from symattn.spec import load_spec
    >>> from pathlib import Path
    >>> d = derive_pe(load_spec(Path(__file__).parents[2] / "derivations" / "wo-ai-ni-pe.toml"))
    >>> d.step("encodings").exact.row(0)
    Matrix([[0, 1, 0, 1]])
    >>> d.step("permuted_minus_reordered").exact.is_zero_matrix
    True
    """
    L, tokens, digits = len(spec.tokens), spec.tokens, spec.digits
    base, pos, shift, order = _options(spec, L)
    r = Resolved(replace(spec, claimed=()))
    if spec.X is None:
        raise SymattnError("the pe topic adds encodings to X: give X (one row per token)", entry="X")
    d = spec.X.cols
    if d % 2:
        raise SymattnError(f"sinusoidal encodings pair sin and cos: X needs an even width, not {d}", entry="X")
    limits.check_rope(L, d, "X")
    if any(m.free_symbols for m in (r.Q, r.K, r.V)):
        raise SymattnError("the pe topic needs numbers in Q, K and V", entry="Q")
    om = frequencies(d, base)
    PE = encodings(pos, om)
    steps = list(r.steps)
    i, w, pS = sp.Symbol("i", integer=True), sp.Symbol("omega_i"), sp.Symbol("p")
    bs, ds = sp.Symbol("b"), sp.Symbol("d")
    steps.append(Step(
        id="frequencies", title=say("频率 {}", "Frequencies {}", w), lhs=sp.Symbol("omega"),
        formula=sp.Symbol("omega"), substituted=None,
        expanded=(nodes.Entry(sp.Symbol("omega"), 1), sp.Pow(base, sp.Rational(-2, d), evaluate=False), om[1])
        if len(om) > 1 else (),
        exact=row(om), numeric=evaluate(row(om), digits),
        col_labels=tuple(f"i={n}" for n in range(len(om))),
        notes=(say("{}，{}，{}：共 {} 个频率，每个频率占一对列（sin 和 cos）。论文写作 {}。",
                   "{} with {} and {}: {} frequencies, each owning a pair of columns (sin and cos). The paper writes {}.",
                   Equals(w, bs ** (-2 * i / ds)), Equals(ds, d), Equals(bs, base), len(om),
                   nodes.Named(r"PE_{(pos, 2i)} = \sin\left(pos / 10000^{2i/d_{model}}\right)",
                               "PE(pos, 2i) = sin(pos / 10000^(2i/d_model))")),)))
    pr = 1 if L > 1 else 0
    angles = sp.ImmutableMatrix(L, d, lambda a_, c: (sp.sin if c % 2 == 0 else sp.cos)(
        sp.Mul(pos[a_], om[c // 2], evaluate=False), evaluate=False))
    steps.append(Step(
        id="encodings", title=say("位置编码 {}", "Position encodings {}", sp.MatrixSymbol("PE", L, d)),
        lhs=sp.MatrixSymbol("PE", L, d), formula=sp.MatrixSymbol("PE", L, d), substituted=None,
        expanded=(nodes.Entry(sp.Symbol("PE"), pr, 0), angles[pr, 0], PE[pr, 0]),
        exact=PE, numeric=evaluate(PE, digits), row_labels=tokens,
        notes=(say("奇数列是 {}，偶数列是 {}：一行只由位置 {} 决定，与这个位置上是哪个词无关。",
                   "Odd columns hold {} and even columns {}: a row depends on its position {} alone, never on the "
                   "token there.", sp.sin(pS * w), sp.cos(pS * w), pS),)))
    Xs, PEs = sp.MatrixSymbol("X", L, d), sp.MatrixSymbol("PE", L, d)
    XPE = sp.MatrixSymbol("X_PE", L, d)
    Z = sp.ImmutableMatrix(spec.X + PE)
    steps.append(Step(
        id="input_plus_pe", title=say("加上位置编码：{}", "Adding the encodings: {}", Equals(XPE, Plus(Xs, PEs))),
        lhs=XPE, formula=Plus(Xs, PEs), substituted=Plus(spec.X, PE),
        expanded=(nodes.Named(r"(X_{PE})_{%s}" % index(pr, 0), f"(X_PE)_{index(pr, 0)}"),
                  sp.Add(spec.X[pr, 0], PE[pr, 0], evaluate=False), Z[pr, 0]),
        exact=Z, numeric=evaluate(Z, digits), row_labels=tokens,
        notes=(say("第一层的输入是词向量加位置编码，形状仍是 {}。", "The first layer's input is the token vectors plus the "
                   "encodings, still of shape {}.", Dims(L, d)),)))

    M = shift_map(shift, om)
    ks = sp.Symbol("k")
    Ms = sp.MatrixSymbol(f"M_{shift}", d, d)
    blocks = sp.ImmutableMatrix(d, d, lambda a_, c: sp.S.Zero if a_ // 2 != c // 2 else (
        (sp.cos if a_ == c else (lambda x, **kw: -sp.sin(x, **kw)) if a_ < c else sp.sin)(
            sp.Mul(shift, om[a_ // 2], evaluate=False), evaluate=False)))
    steps.append(Step(
        id="shift_map", title=say("平移 {} 个位置的线性映射 {}", "The linear map of a shift by {}: {}", shift, Ms),
        lhs=Ms, formula=Ms, substituted=None,
        expanded=(nodes.Named(r"(M_{%d})_{11}" % shift, f"(M_{shift})_11"), blocks[0, 0], M[0, 0]),
        exact=M, numeric=evaluate(M, digits),
        notes=(say("每个频率一个旋转块 {}：它只依赖 {}，不依赖 {}。",
                   "One rotation block per frequency, {}: it depends on {} only, never on {}.",
                   Equals(nodes.Named(r"M^{(i)}_{k}", "M_k^(i)"), _block(ks * w)), ks, pS),)))
    top = sp.ImmutableMatrix(PE[:L - shift, :])
    moved = matmul(top, M)
    below = encodings([q + shift for q in pos[:L - shift]], om)
    # numbers inside sin and cos (sin 2 against 2 sin 1 cos 1): simplify settles each entry exactly
    diff = sp.ImmutableMatrix((moved - below).applyfunc(sp.simplify))
    general = (matmul(encodings([_p], om), M) - encodings([_p + shift], om)).applyfunc(_trig_zero)
    if not (diff.is_zero_matrix and general.is_zero_matrix):  # the identity failed: a bug, never a document
        raise AssertionError("PE(p) M_k differs from PE(p + k)")
    later = nodes.Named(r"PE_{+k}", "PE_+k")
    steps.append(Step(
        id="shift_check", title=say("核对：{}", "Check: {}", Equals(nodes.Named(r"PE(p) M_{%d}" % shift, f"PE(p) M_{shift}"),
                                                                 nodes.Named(r"PE(p + %d)" % shift, f"PE(p + {shift})"))),
        lhs=sp.MatrixSymbol("Delta", L - shift, d),
        formula=nodes.Minus(nodes.Product(nodes.Named(r"PE_{\le}", "PE_≤"), sp.MatrixSymbol("M_k", d, d)), later),
        substituted=None,  # (L - k) x d times d x d of sines and cosines runs off the page
        expanded=(nodes.Entry(sp.Symbol("Delta"), 0, 0), nodes.Minus(
            nodes.Dot(*[(top[0, c], M[c, 0]) for c in range(d)]), below[0, 0]), sp.S.Zero),
        exact=diff, numeric=evaluate(diff, digits), row_labels=tuple(tokens[:L - shift]),
        notes=(say("每一行是一个位置 {} 的编码乘以映射，减去位置 {} 的编码：按和角公式展开后，差精确为零。",
                   "Each row is the encoding of a position {} times the map, minus the encoding of position {}: "
                   "with the angle-sum formulas the difference is exactly zero.", pS, pS + ks),)))
    ident = shift_identity()
    steps.append(Step(
        id="shift_identity", title=say("证明（符号）：{}", "Proof (symbolic): {}",
                                       Equals(nodes.Named(r"PE(p) M_{k}", "PE(p) M_k"), nodes.Named("PE(p + k)"))),
        lhs=nodes.Named(r"\Delta", "Delta"),
        formula=nodes.Minus(sp.MatMul(row([sp.sin(_p * _w), sp.cos(_p * _w)]), _block(_k * _w), evaluate=False),
                            row([sp.sin((_p + _k) * _w), sp.cos((_p + _k) * _w)])),
        substituted=None, expanded=(), exact=ident, numeric=evaluate(ident, digits),
        notes=(say("对任意 {}、{}、{}：{} 与 {} 展开后逐项相消。所以 {} 是 {} 的线性函数，论文第 3.5 节的说法。",
                   "For any {}, {} and {}: with {} and {} expanded, the terms cancel. So {} is a linear function of "
                   "{}, as Section 3.5 of the paper says.", pS, ks, sp.Symbol("omega"),
                   Equals(sp.sin(sp.Symbol("a") + sp.Symbol("b")), sp.expand_trig(sp.sin(sp.Symbol("a") + sp.Symbol("b")))),
                   Equals(sp.cos(sp.Symbol("a") + sp.Symbol("b")), sp.expand_trig(sp.cos(sp.Symbol("a") + sp.Symbol("b")))),
                   nodes.Named("PE(p + k)"), nodes.Named("PE(p)")),)))

    G = sp.ImmutableMatrix(L, L, lambda a_, b_: sp.Add(*[sp.cos((pos[a_] - pos[b_]) * x) for x in om]))
    check = (matmul(PE, transpose(PE)) - G).applyfunc(sp.simplify)
    if not check.is_zero_matrix:
        raise AssertionError("PE PE^T differs from the sum of cosines")
    steps.append(Step(
        id="gram", title=say("编码之间的点积 {}", "Dot products of the encodings {}", Equals(
            sp.MatrixSymbol("G", L, L), PEs * PEs.T)),
        lhs=sp.MatrixSymbol("G", L, L), formula=PEs * PEs.T, substituted=sp.MatMul(PE, transpose(PE), evaluate=False),
        expanded=(nodes.Entry(sp.Symbol("g"), 0, pr), nodes.Dot(*[(PE[0, c], PE[pr, c]) for c in range(d)]), G[0, pr]),
        exact=G, numeric=evaluate(G, digits), row_labels=tokens, col_labels=tokens,
        notes=(say("{}：只依赖 {}，所以同一条对角线上的数相同；对角线上是 {}。",
                   "{}: it depends on {} only, so each diagonal holds one value; the main diagonal is {}.",
                   Equals(nodes.Named(r"PE(p) \cdot PE(q)", "PE(p)·PE(q)"),
                          nodes.Named(r"\sum_{i} \cos\left((p - q)\, \omega_{i}\right)", "Σ_i cos((p - q) ω_i)")),
                   pS - sp.Symbol("q"), Equals(ds / 2, d // 2)),)))

    P = permutation(order)
    new = [tokens[o] for o in order]
    Ps = sp.MatrixSymbol("P", L, L)
    new_order = nodes.Named(r"\text{%s}" % " ".join(literal(t) for t in new), " ".join(new))
    A, O = attention_rows(r.Q, r.K, r.V, r.d_k)
    PQ, PK, PV = matmul(P, r.Q), matmul(P, r.K), matmul(P, r.V)
    A2, O2 = attention_rows(PQ, PK, PV, r.d_k)
    Os, Vs = sp.MatrixSymbol("O", L, r.V.cols), sp.MatrixSymbol("V", L, r.V.cols)
    As = sp.MatrixSymbol("A", L, L)
    steps.append(Step(
        id="output", title=say("不加位置时的输出 {}", "The output without positions {}", Equals(Os, As * Vs)), lhs=Os,
        formula=As * Vs, substituted=sp.MatMul(A, r.V, evaluate=False),
        expanded=(nodes.Entry(sp.Symbol("o"), 0, 0), nodes.Dot(*[(A[0, j], r.V[j, 0]) for j in range(L)]), O[0, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens,
        notes=(say("{}，{} 和 {} 都由每个词自己的行算出（例如 {}），值也一样。",
                   "{}, and {} and {} are made row by row from the tokens (as {} is), and so are the values.",
                   Equals(As, nodes.RowSoftmax(nodes.ScaledBy(sp.MatrixSymbol("Q", L, 1) * sp.MatrixSymbol("K", L, 1).T,
                                                              sp.Symbol("d_k")))),
                   sp.MatrixSymbol("Q", L, 1), sp.MatrixSymbol("K", L, 1),
                   Equals(sp.MatrixSymbol("Q", L, 1), sp.MatrixSymbol("X", L, 1) * sp.MatrixSymbol("W_Q", 1, 1))),)))
    A2s, O2s = sp.MatrixSymbol("A'", L, L), sp.MatrixSymbol("O'", L, r.V.cols)
    steps.append(Step(
        id="permuted_output", title=say("词序改为 {}：输出 {}", "The tokens reordered as {}: the output {}", new_order,
                                        Equals(O2s, A2s * (Ps * Vs))),
        lhs=O2s, formula=A2s * (Ps * Vs), substituted=sp.MatMul(A2, PV, evaluate=False),
        expanded=(nodes.Entry(sp.Symbol("o'"), 0, 0), nodes.Dot(*[(A2[0, j], PV[j, 0]) for j in range(L)]), O2[0, 0]),
        exact=O2, numeric=evaluate(O2, digits), row_labels=tuple(new),
        notes=(say("{} 把行按新词序重排（{} 的第 {} 行是原来第 {} 个词）：{}，{}，{}，{}。",
                   "{} reorders the rows (row {} of {} is original token {}): {}, {}, {}, {}.",
                   Ps, sp.Symbol("i"), Ps * Xs, nodes.Named(r"\pi(i)", "π(i)"),
                   Equals(sp.MatrixSymbol("Q'", L, 1), Ps * sp.MatrixSymbol("Q", L, 1)),
                   Equals(sp.MatrixSymbol("K'", L, 1), Ps * sp.MatrixSymbol("K", L, 1)),
                   Equals(sp.MatrixSymbol("V'", L, 1), Ps * Vs),
                   Equals(A2s, nodes.RowSoftmax(nodes.ScaledBy(sp.MatrixSymbol("Q'", L, 1) * sp.MatrixSymbol("K'", L, 1).T,
                                                               sp.Symbol("d_k"))))),)))
    delta = sp.ImmutableMatrix((O2 - matmul(P, O)).applyfunc(lambda e: sp.cancel(sp.together(e))))
    if not delta.is_zero_matrix:
        raise AssertionError("attention without positions is not permutation-equivariant here")
    steps.append(Step(
        id="permuted_minus_reordered", title=say("证明：{}", "Proof: {}", Equals(O2s, Ps * Os)),
        lhs=sp.MatrixSymbol("Delta", L, r.V.cols), formula=nodes.Minus(O2s, Ps * Os),
        substituted=nodes.Minus(O2, sp.MatMul(P, O, evaluate=False)), expanded=(), exact=delta,
        numeric=evaluate(delta, digits), row_labels=tuple(new),
        notes=(say("逐项相减，差精确为零：把词重排，输出只是同样地重排，每个词得到的输出与原来相同。",
                   "Entry by entry the difference is exactly zero: reorder the tokens and the outputs are only "
                   "reordered the same way; each token gets the output it had before."),
               say("原因：重排后的分数是 {}。按行的 softmax 把一行的各项一视同仁，所以 {}，再乘 {} 得 {}。",
                   "Why: the reordered scores are {}. A row softmax treats every entry of a row alike, so {}, and "
                   "times {} that gives {}.",
                   Equals(nodes.Named(r"(PQ)(PK)^{T}", "(PQ)(PK)ᵀ"), nodes.Named(r"P S P^{T}", "P S Pᵀ")),
                   Equals(nodes.Named(r"\operatorname{softmax}(P S P^{T})", "softmax(P S Pᵀ)"),
                          nodes.Named(r"P A P^{T}", "P A Pᵀ")),
                   nodes.Named("P V"), Equals(nodes.Named(r"P A P^{T} P V", "P A Pᵀ P V"), Ps * Os)))))
    ident = equivariance_identity(order)
    steps.append(Step(
        id="equivariance_identity", title=say("证明（符号）：{}", "Proof (symbolic): {}", Equals(
            nodes.Named(r"\operatorname{softmax}(P S P^{T})", "softmax(P S Pᵀ)"),
            nodes.Named(r"P \operatorname{softmax}(S) P^{T}", "P softmax(S) Pᵀ"))),
        lhs=nodes.Named(r"\Delta_{S}", "Delta_S"), formula=nodes.Named(
            r"\operatorname{softmax}(P S P^{T}) - P \operatorname{softmax}(S) P^{T}", "softmax(P S Pᵀ) - P softmax(S) Pᵀ"),
        substituted=None, expanded=(), exact=ident, numeric=evaluate(ident, digits),
        notes=(say("{} 的每一项都是一个符号 {}，{} 是上面的置换：差精确为零矩阵，对任意分数都成立。",
                   "Every entry of {} is a symbol {}, and {} is the permutation above: the difference is exactly the "
                   "zero matrix, for any scores.", sp.MatrixSymbol("S", L, L), sp.Symbol("s_ij"), Ps),)))
    moved_pe = sp.ImmutableMatrix(matmul(P, PE) - PE)
    steps.append(Step(
        id="positions_break_it", title=say("加上位置以后：{}", "With positions: {}", nodes.Named(
            r"P X + PE \ne P (X + PE)", "P X + PE ≠ P (X + PE)")),
        lhs=sp.MatrixSymbol("Delta_PE", L, d), formula=nodes.Minus(Ps * PEs, PEs),
        substituted=nodes.Minus(sp.MatMul(P, PE, evaluate=False), PE), expanded=(),
        exact=moved_pe, numeric=evaluate(moved_pe, digits), row_labels=tuple(new),
        notes=(say("{} 与 {} 相差 {}，它不是零：位置编码跟着位置走，不跟着词走。重排后的词拿到的是新位置的编码，"
                   "注意力看到的输入不再只是重排，输出也就不再只是重排：模型由此分得清词序。",
                   "{} and {} differ by {}, which is not zero: the encodings stay with the positions, not with the "
                   "tokens. A reordered token gets its new position's encoding, so attention sees more than a "
                   "reordering, and its output is no longer just reordered: that is how the model tells word order.",
                   Plus(Ps * Xs, PEs), nodes.Named(r"P (X + PE)", "P (X + PE)"), Ps * PEs - PEs),)))

    title = spec.heading("正弦位置编码与置换等变性：" + " ".join(map(literal, tokens)),
                         "Sinusoidal position encodings and permutation equivariance: " + " ".join(map(literal, tokens)))
    intro = (say("注意力本身不知道词序：把词重排，输出只是跟着重排。所以要给每个位置加一个编码。下面精确算出正弦位置编码 {}，"
                 "证明 {} 是 {} 的线性函数，再证明不加位置时注意力是置换等变的。",
                 "Attention by itself knows no word order: reorder the tokens and the outputs are only reordered. So "
                 "each position gets an encoding added. Below, the sinusoidal encodings {} exactly, the proof that "
                 "{} is a linear function of {}, and the proof that attention without positions is "
                 "permutation-equivariant.", PEs, nodes.Named("PE(p + k)"), nodes.Named("PE(p)")),
             say("{}，{}，{}，{}；位置 {}。", "{}, {}, {}, {}; positions {}.", Equals(sp.Symbol("L"), L), Equals(ds, d),
                 Equals(bs, base), Equals(ks, shift),
                 Equals(sp.Tuple(*[sp.Symbol(f"p_{literal(t)}") for t in tokens]), sp.Tuple(*pos))))
    return Derivation(topic="pe", title=title, tokens=tokens, steps=tuple(steps), digits=digits, lang=spec.lang,
                      intro=intro, meta=(("d_k", r.d_k), ("base", base), ("shift", shift), ("order", tuple(order))),
                      sources=SOURCES)
