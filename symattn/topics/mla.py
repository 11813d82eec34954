"""Multi-head latent attention (MLA, DeepSeek-V2): keys and values through a low-rank latent.

    c_KV = X W_DKV                  (L x d_c)       the only thing cached per token
    K = c_KV W_UK,  V = c_KV W_UV   (L x n_h d_h, L x n_h d_v), split into heads by columns
    S_h = Q_h K_h^T = (Q_h W_UK,h^T) c_KV^T          absorption: W_UK moves to the query side
    O = [softmax(S_h / sqrt(d_h)) V_h]_h

The absorbed scores are computed from c_KV alone and equal the explicit ones exactly (associativity
of the matrix product); the cache per token is d_c (+ d_R for the decoupled RoPE key) numbers
against n_h (d_h + d_v) for MHA, n_g (d_h + d_v) for GQA and d_h + d_v for MQA.
"""

from __future__ import annotations

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..linalg import matmul, transpose
from ..model import Derivation, Step
from ..numeric import evaluate
from ..pipeline import index, softmax_rows
from ..markup import math
from ._display import Dims, Equals, InOrder, ShapeChain, number, option_matrix, row, say
from ..sources import cite

__all__ = ["Latent", "latent_attention", "absorption_identity", "cache_sizes", "decoupled_rope", "DEEPSEEK_V2",
           "derive_mla"]

#: the primary sources the document ends with
SOURCES = (cite("deepseek2024", "2.1", ("多头潜在注意力", "Multi-head Latent Attention")),
           cite("deepseek2024", "3.1.2", ("模型尺寸", "the model's sizes")))

#: DeepSeek-V2's sizes (n_h heads of d_h = d_v, latent d_c = 4 d_h, decoupled RoPE key d_R = d_h / 2);
#: DeepSeek-V2 has no GQA: n_g = 8 groups is a hypothetical column to compare with
DEEPSEEK_V2 = {"n_h": 128, "n_g": 8, "d_h": 128, "d_v": 128, "d_c": 512, "d_R": 64}

_SYMS = {k: sp.Symbol(k) for k in ("n_h", "n_g", "d_h", "d_v", "d_c", "d_R")}


def cache_formulas() -> tuple[sp.Expr, ...]:
    """Numbers cached per token and layer: MHA, GQA, MQA, MLA."""
    s = _SYMS
    kv = s["d_h"] + s["d_v"]
    return (s["n_h"] * kv, s["n_g"] * kv, kv, s["d_c"] + s["d_R"])


def cache_sizes(**sizes) -> tuple[int, ...]:
    """The four cache sizes at these sizes.

    >>> cache_sizes(**DEEPSEEK_V2)
    (32768, 2048, 256, 576)
    """
    at = {_SYMS[k]: v for k, v in sizes.items()}
    return tuple(int(f.subs(at)) for f in cache_formulas())


class Latent:
    """Every matrix of MLA on one input, exact; heads split the columns of Q, K and V."""

    def __init__(self, Q, X, W_DKV, W_UK, W_UV, heads: int, d_k=None):
        self.heads, self.Q = heads, Q
        self.c = matmul(X, W_DKV)
        self.K, self.V = matmul(self.c, W_UK), matmul(self.c, W_UV)
        self.d_h, self.d_v = Q.cols // heads, W_UV.cols // heads
        self.scale = sp.sqrt(d_k if d_k is not None else self.d_h)
        cT = transpose(self.c)
        self.W_UK = [W_UK[:, h * self.d_h:(h + 1) * self.d_h] for h in range(heads)]
        self.S = [matmul(self._cols(Q, h, self.d_h), transpose(self._cols(self.K, h, self.d_h)))
                  for h in range(heads)]
        self.Q_absorbed = [matmul(self._cols(Q, h, self.d_h), transpose(self.W_UK[h])) for h in range(heads)]
        self.S_absorbed = [matmul(qa, cT) for qa in self.Q_absorbed]
        self.rows = [softmax_rows(self._scaled(S)) for S in self.S]
        self.A = [sp.ImmutableMatrix([list(r.weights()) for r in rows]) for rows in self.rows]
        self.O = [sp.ImmutableMatrix(Q.rows, self.d_v, lambda i, c, h=h: self.rows[h][i].combine(
            list(self._cols(self.V, h, self.d_v).col(c)))) for h in range(heads)]

    @staticmethod
    def _cols(m, h, w):
        return sp.ImmutableMatrix(m[:, h * w:(h + 1) * w])

    def _scaled(self, S):
        r = self.scale
        return sp.ImmutableMatrix(S.rows, S.cols, lambda i, j: S[i, j] if r == 1 else (
            S[i, j] / r if S[i, j].is_Rational and r.is_Rational else sp.expand(S[i, j] / r)))

    def output(self) -> sp.ImmutableMatrix:
        return sp.ImmutableMatrix.hstack(*self.O)


def latent_attention(Q, X, W_DKV, W_UK, W_UV, heads=1, d_k=None) -> Latent:
    """MLA on exact inputs.

    >>> m = latent_attention(sp.eye(2), sp.eye(2), sp.Matrix([[1], [1]]), sp.Matrix([[1, 2]]), sp.Matrix([[3]]))
    >>> m.S[0] == m.S_absorbed[0], m.c.shape
    (True, (2, 1))
    """
    return Latent(Q, X, W_DKV, W_UK, W_UV, heads, d_k)


def absorption_identity(d_c: int, d_h: int):
    """((q W^T) c^T, q (c W)^T, their difference) for symbolic q (1 x d_h), c (1 x d_c), W (d_c x d_h)."""
    q = sp.ImmutableMatrix(1, d_h, lambda i, j: sp.Symbol(f"q_{j + 1}"))
    c = sp.ImmutableMatrix(1, d_c, lambda i, j: sp.Symbol(f"c_{j + 1}"))
    W = sp.ImmutableMatrix(d_c, d_h, lambda i, j: sp.Symbol(f"w_{i + 1}{j + 1}"))
    absorbed = sp.expand(((q * W.T) * c.T)[0, 0])
    explicit = sp.expand((q * (c * W).T)[0, 0])
    return (q, c, W), absorbed, explicit, sp.expand(absorbed - explicit)


# --- the derivation ----------------------------------------------------------------------------

def _int_option(spec, key, default, top=None):
    v = spec.option(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < (0 if key == "rope_dim" else 1):
        raise SymattnError("must be a " + ("whole number" if key == "rope_dim" else "positive whole number"),
                           entry=f"options.{key}")
    limits.check_option(v, f"options.{key}")
    return v


def _inputs(spec):
    n_h = _int_option(spec, "heads", 1)
    limits.check_heads(n_h, "options.heads")
    n_g = _int_option(spec, "groups", 1)
    d_R = _int_option(spec, "rope_dim", 0)
    if n_h % n_g:
        raise SymattnError(f"groups = {n_g} must divide heads = {n_h}", entry="options.groups")
    if spec.X is None:
        raise SymattnError("MLA needs X: its keys and values come from X through the latent c_KV", entry="X")
    if spec.K is not None or spec.V is not None or spec.W_K is not None or spec.W_V is not None:
        raise SymattnError("MLA makes K and V from the latent: give [options] W_DKV, W_UK, W_UV, not K, V, "
                           "W_K or W_V", entry="K")
    L = len(spec.tokens)
    if spec.X.rows != L:
        raise SymattnError(f"X has {spec.X.rows} rows but there are {L} tokens", entry="X")
    W = {}
    for key in ("W_DKV", "W_UK", "W_UV"):
        W[key] = option_matrix(spec, key)
        if W[key] is None:
            raise SymattnError(f"MLA needs [options] {key}", entry=f"options.{key}")
    limits.check_terms(L, max(1, W["W_UV"].cols // n_h), n_h, entry="options.heads")  # before any product
    D, d_c = spec.X.cols, W["W_DKV"].cols
    _rows(W["W_DKV"], D, "W_DKV", "X has", "columns")
    _rows(W["W_UK"], d_c, "W_UK", "the latent has width", "")
    _rows(W["W_UV"], d_c, "W_UV", "the latent has width", "")
    if spec.Q is not None and spec.W_Q is not None:
        raise SymattnError("give either Q or W_Q, not both", entry="Q")
    if spec.Q is None and spec.W_Q is None:
        raise SymattnError("missing Q: give Q, or W_Q", entry="Q")
    if spec.W_Q is not None:
        _rows(spec.W_Q, D, "W_Q", "X has", "columns")
    Q = spec.Q if spec.Q is not None else matmul(spec.X, spec.W_Q)
    if Q.rows != L:
        raise SymattnError(f"Q has {Q.rows} rows but there are {L} tokens", entry="Q")
    for name, m in (("Q", Q), ("options.W_UK", W["W_UK"]), ("options.W_UV", W["W_UV"])):
        if m.cols % n_h:
            raise SymattnError(f"{m.cols} columns do not split into {n_h} heads", entry=name)
    if Q.cols != W["W_UK"].cols:
        raise SymattnError(f"Q has {Q.cols} columns but W_UK has {W['W_UK'].cols}: queries and keys need the "
                           "same width", entry="options.W_UK")
    if any(m.free_symbols for m in (Q, spec.X)):
        raise SymattnError("MLA needs numbers in X and Q", entry="X")
    return Q, W, n_h, n_g, d_R


def _rows(m, want, name, what, unit):
    if m.rows != want:
        raise SymattnError(f"{what} {want}{' ' + unit if unit else ''}, so {name} needs {want} rows, not {m.rows}",
                           entry=f"options.{name}" if name != "W_Q" else name)


def _product_step(step_id, title, name, left, lname, right, rname, value, labels, digits, transposed=False):
    Ls, Rs = sp.MatrixSymbol(lname, *left.shape), sp.MatrixSymbol(rname, *(right.T.shape if transposed else right.shape))
    R = right.T if transposed else right
    formula = Ls * (Rs.T if transposed else Rs)
    return Step(
        id=step_id, title=title, lhs=name if not isinstance(name, str) else sp.MatrixSymbol(name, *value.shape),
        formula=formula, substituted=sp.MatMul(left, sp.Transpose(right) if transposed else right, evaluate=False),
        expanded=(sp.Symbol(f"{(name if isinstance(name, str) else 'x').lower().split('_')[0]}_{index(0, 0)}"),
                  nodes.Dot(*[(left[0, k], R[k, 0]) for k in range(left.cols)]), value[0, 0]),
        exact=value, numeric=evaluate(value, digits), row_labels=labels,
        notes=(say("形状 {}。", "Shape {}.", ShapeChain(left.shape, R.shape, value.shape)),))


def derive_mla(spec) -> Derivation:
    """MLA on a spec: the latent, the keys and values, the absorbed scores, the cache sizes.

    >>> from symattn.spec import load_spec
    >>> from pathlib import Path
    >>> d = derive_mla(load_spec(Path(__file__).parents[2] / "derivations" / "wo-ai-ni-mla.toml"))
    >>> d.step("absorbed_minus_explicit").exact.is_zero_matrix
    True
    """
    Q, W, n_h, n_g, d_R = _inputs(spec)
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    X = spec.X
    m = Latent(Q, X, W["W_DKV"], W["W_UK"], W["W_UV"], n_h, spec.d_k)
    d_c, d_h, d_v = m.c.cols, m.d_h, m.d_v
    Xs = sp.MatrixSymbol("X", *X.shape)
    steps = [Step(id="input", title=say("输入 {}", "Input {}", Xs), lhs=Xs, formula=Xs, substituted=None,
                  expanded=(), exact=X, numeric=evaluate(X, digits), row_labels=tokens,
                  notes=(say("形状 {}。", "Shape {}.", Dims(*X.shape)),))]
    if spec.W_Q is not None:
        steps.append(_product_step("queries", say("查询 {}", "Queries {}", Equals(sp.MatrixSymbol("Q", *Q.shape),
                                   Xs * sp.MatrixSymbol("W_Q", *spec.W_Q.shape))), "Q", X, "X", spec.W_Q, "W_Q",
                                   Q, tokens, digits))
    else:
        Qs = sp.MatrixSymbol("Q", *Q.shape)
        steps.append(Step(id="queries", title=say("给定的查询 {}", "Given queries {}", Qs), lhs=Qs, formula=Qs,
                          substituted=None, expanded=(), exact=Q, numeric=evaluate(Q, digits), row_labels=tokens,
                          notes=(say("形状 {}，{} 个头，每头宽 {}。", "Shape {}: {} heads of width {}.",
                                     Dims(*Q.shape), n_h, Equals(_SYMS["d_h"], d_h)),)))
    c_step = _product_step("latent", say("压缩：潜向量 {}", "Compression: the latent {}", Equals(
        sp.MatrixSymbol("c_KV", L, d_c), Xs * sp.MatrixSymbol("W_DKV", *W["W_DKV"].shape))),
        "c_KV", X, "X", W["W_DKV"], "W_DKV", m.c, tokens, digits)
    steps.append(_with_notes(c_step, say("每个词只缓存这一行：{} 个数，而不是键和值的 {} 个。",
                                         "Each token caches this row only: {} numbers instead of the {} of its "
                                         "keys and values.", d_c, n_h * (d_h + d_v))))
    cs = sp.MatrixSymbol("c_KV", L, d_c)
    steps.append(_product_step("keys", say("解压出键 {}", "Keys up-projected: {}", Equals(
        sp.MatrixSymbol("K", *m.K.shape), cs * sp.MatrixSymbol("W_UK", *W["W_UK"].shape))),
        "K", m.c, "c_KV", W["W_UK"], "W_UK", m.K, tokens, digits))
    steps.append(_product_step("values", say("解压出值 {}", "Values up-projected: {}", Equals(
        sp.MatrixSymbol("V", *m.V.shape), cs * sp.MatrixSymbol("W_UV", *W["W_UV"].shape))),
        "V", m.c, "c_KV", W["W_UV"], "W_UV", m.V, tokens, digits))
    for h in range(n_h):
        steps += _head_steps(m, h, tokens, digits, n_h)
    O = m.output()
    steps.append(Step(
        id="output", title=say("拼接各头的输出 {}", "The heads' outputs concatenated: {}", sp.MatrixSymbol("O", *O.shape)),
        lhs=sp.MatrixSymbol("O", *O.shape),
        formula=_Concat(*[sp.MatrixSymbol(f"O_{h + 1}", L, d_v) for h in range(n_h)]),
        substituted=_Concat(*m.O) if n_h > 1 else None,
        expanded=(sp.Symbol(f"o_{index(0, 0)}"), nodes.Dot(*[(m.A[0][0, j], m.V[j, 0]) for j in range(L)]), O[0, 0]),
        exact=O, numeric=evaluate(O, digits), row_labels=tokens,
        notes=(say("每头 {}，形状 {}。", "Each head is {}, of shape {}.",
                   Equals(sp.Symbol("O_h"), nodes.Product(nodes.RowSoftmax(nodes.ScaledBy(
                       sp.MatrixSymbol("Q_h", L, d_h) * sp.MatrixSymbol("K_h", L, d_h).T, _SYMS["d_h"])),
                       sp.MatrixSymbol("V_h", L, d_v))), Dims(L, d_v)),
               say("推理时 {} 也可以吸收进输出投影 {}：预先算好乘积 {}，于是值也不必解压。",
                   "At inference {} can be absorbed into the output projection {} too: with the product {} "
                   "computed once, the values are never up-projected either.",
                   sp.MatrixSymbol("W_UV", d_c, n_h * d_v), sp.MatrixSymbol("W_O", n_h * d_v, 1),
                   sp.MatMul(sp.MatrixSymbol("W_UV,h", d_c, d_v), sp.MatrixSymbol("W_O,h", d_v, 1),
                             evaluate=False)))))
    steps += _proof_steps(m, tokens, digits, n_h)
    steps.append(_cache_step(n_h, n_g, d_h, d_v, d_c, d_R, digits, spec.lang))
    title = spec.heading("多头潜在注意力 MLA：" + " ".join(map(literal, tokens)),
                         "Multi-head latent attention (MLA): " + " ".join(map(literal, tokens)))
    intro = (say("MLA（DeepSeek-V2）先把每个词压缩成一个 {} 维的潜向量 {}，键和值都从它解压出来；"
                 "缓存存 {}，用 RoPE 时再加一个所有头共享的解耦键 {}（见最后一步）。把 {} 吸收进查询一侧，打分时连键都不用解压。",
                 "MLA (DeepSeek-V2) first compresses each token into a latent {} of width {}, from which the "
                 "keys and values are up-projected; the cache keeps {} and, with RoPE, one decoupled key {} shared "
                 "by all heads (see the last step). Absorbing {} into the query side, the scores need no keys at all.",
                 *_intro_args(d_c)),
             say("{}，{}，{}，{}。", "{}, {}, {}, {}.", Equals(sp.Symbol("L"), L), Equals(_SYMS["n_h"], n_h),
                 Equals(_SYMS["d_h"], d_h), Equals(_SYMS["d_c"], d_c)))
    outro = _outro(m, d_c, d_h)
    return Derivation(topic="mla", title=title, tokens=tokens, steps=tuple(steps), digits=digits, lang=spec.lang,
                      intro=intro, outro=outro,
                      meta=(("d_k", m.scale ** 2), ("heads", n_h), ("d_c", d_c), ("groups", n_g), ("rope_dim", d_R)),
                      sources=SOURCES)


def _intro_args(d_c):
    return (sp.MatrixSymbol("c_KV", 1, d_c), Equals(_SYMS["d_c"], d_c), sp.MatrixSymbol("c_KV", 1, d_c),
            sp.Symbol("k^R"), sp.MatrixSymbol("W_UK", d_c, 1))


def decoupled_rope(sizes=None) -> dict:
    """DeepSeek-V2's decoupled RoPE in numbers: the score scale and what an absorbed score costs.

    >>> r = decoupled_rope()
    >>> r["scale"], r["absorbed"], r["explicit"], r["widening"]
    (8*sqrt(3), 576, 192, 4)
    """
    s = sizes or DEEPSEEK_V2
    return {"scale": sp.sqrt(s["d_h"] + s["d_R"]),                 # sqrt(d_h + d_R)
            "absorbed": s["d_c"] + s["d_R"],                         # q~·c + q^R·k^R per head and key
            "explicit": s["d_h"] + s["d_R"],                         # q^C·k^C + q^R·k^R
            "work": sp.Rational(s["d_c"] + s["d_R"], s["d_h"] + s["d_R"]),
            "widening": sp.Rational(s["d_c"], s["d_h"]),             # d_c = 4 d_h
            "key_columns": s["n_h"] * s["d_h"]}


def _outro(m, d_c, d_h):
    """The decoupled RoPE key (why, the scale) and what absorption costs, from the sizes."""
    s, r, ds = _SYMS, decoupled_rope(), DEEPSEEK_V2
    W_UK_T, q = sp.MatrixSymbol("W_UK", 1, 1).T, sp.Symbol("q_m")
    R = sp.MatMul(sp.MatrixSymbol("R_m", 1, 1), sp.MatrixSymbol("R_n", 1, 1).T, evaluate=False)
    score = sp.MatMul(q, R, W_UK_T, sp.MatrixSymbol("c_n", 1, 1).T, evaluate=False)
    qr, kr = sp.Symbol("q^R_i"), sp.Symbol("k^R")
    both = nodes.ScaledBy(InOrder(nodes.Times(sp.Symbol("q^C_i"), sp.Symbol("k^C_i")), nodes.Times(qr, kr)),
                          InOrder(s["d_h"], s["d_R"]))
    root = sp.Pow(InOrder(ds["d_h"], ds["d_R"]), sp.S.Half, evaluate=False)
    rank = math(nodes.Glyph("rank", True), sp.MatrixSymbol("K", 1, 1), " = ", m.K.rank(), " ", nodes.Glyph("le"),
                " ", Equals(s["d_c"], d_c))
    here = sp.StrictLessThan(s["d_c"], s["d_h"]) if d_c < d_h else sp.GreaterThan(s["d_c"], s["d_h"])
    return (
        say("解耦的 RoPE 键：若直接对键做 RoPE，按行向量的写法分数是 {}：依赖位置的 {} 夹在 {} 和 {} 之间，"
            "{} 就无法预先并入 {}（DeepSeek-V2 的说法：旋转矩阵位于 {} 与 {} 之间）。DeepSeek-V2 因此不旋转 {}，"
            "另加一个所有头共享的小键 {}（宽 {}）单独旋转、单独缓存，每个头再配一个同宽的旋转查询 {}；每个词的缓存是 {}。",
            "Decoupled RoPE keys: with RoPE applied to the keys, a score in the row convention reads {}: the "
            "position-dependent {} sits between {} and {}, so {} could no longer be merged into {} ahead of time "
            "(in DeepSeek-V2's words, the rotation lies between {} and {}). DeepSeek-V2 therefore leaves {} "
            "unrotated and adds one small key {} shared by all heads (width {}), rotated and cached on its own, "
            "with a rotated query {} of the same width in each head; the cache per token is {}.",
            Equals(sp.Symbol("s_mn"), score), R, q, W_UK_T, W_UK_T, sp.MatrixSymbol("W_Q", 1, 1),
            sp.Symbol("W^Q"), sp.Symbol("W^UK"), sp.MatrixSymbol("c_KV", 1, 1), kr, Equals(s["d_R"], ds["d_R"]), qr,
            InOrder(s["d_c"], s["d_R"])),
        say("头 {} 的分数是两部分之和，只缩放一次：{}；DeepSeek-V2 中 {}。",
            "Head {}'s score adds the two parts and is scaled once: {}; in DeepSeek-V2 {}.",
            sp.Symbol("i"), Equals(sp.Symbol("s_i"), both), Equals(root, r["scale"])),
        say("吸收的代价：本例 {}，吸收后的点积反而更窄；DeepSeek-V2 的潜向量是一个头的 {} 倍宽（{} 对 {}），"
            "吸收把每个头的点积从 {} 个数加宽到 {} 个。解码时每个头对每个缓存的词，吸收后的打分要 {} 次乘法，"
            "显式的键只要 {}，是 {} 倍；换来的是只读缓存里的 {} 个数，不必解压出键和值。",
            "What absorption costs: here {}, so the absorbed dot product is even narrower; DeepSeek-V2's latent is "
            "{} times as wide as a head ({} against {}), so absorption widens each head's dot product from {} to {} "
            "numbers. While decoding, an absorbed score takes {} multiplications per head and cached token against "
            "{} with explicit keys, {} times as many, in exchange for reading only the {} cached numbers, with no "
            "key or value up-projected.",
            here, r["widening"], ds["d_c"], ds["d_h"], ds["d_h"], ds["d_c"],
            Equals(InOrder(ds["d_c"], ds["d_R"]), r["absorbed"]), Equals(InOrder(ds["d_h"], ds["d_R"]), r["explicit"]),
            r["work"], r["absorbed"]),
        say("所有头的键都是 {}，所以秩不超过 {}：本例 {}；DeepSeek-V2 的 {} 列键的秩至多 {}。解耦的 RoPE 键只有一个，"
            "所有头共用，和 MQA 一样。",
            "The keys of all heads are {}, so their rank is at most {}: here {}; in DeepSeek-V2 the {} key columns "
            "have rank at most {}. The decoupled RoPE key is one for all heads, as in MQA.",
            sp.MatMul(sp.MatrixSymbol("c_KV", 1, 1), sp.MatrixSymbol("W_UK", 1, 1), evaluate=False), s["d_c"], rank,
            Equals(nodes.Times(ds["n_h"], ds["d_h"]), r["key_columns"]), ds["d_c"]),
    )


def _with_notes(step, *notes):
    from dataclasses import replace
    return replace(step, notes=step.notes + notes)


class _Concat(sp.Basic):
    """``[O_1  O_2  …]``: blocks side by side."""

    def _symattn_latex(self, p):
        return r"\begin{bmatrix} %s \end{bmatrix}" % " & ".join(p._print(a) for a in self.args)

    def _symattn_unicode(self, p):
        return "[%s]" % " | ".join(p._print(a) for a in self.args)


def _head_steps(m, h, tokens, digits, n_h):
    L, d_h, d_c = m.Q.rows, m.d_h, m.c.cols
    k = h + 1
    Qh, Kh = m._cols(m.Q, h, d_h), m._cols(m.K, h, d_h)
    Qs, Ks = sp.MatrixSymbol(f"Q_{k}", L, d_h), sp.MatrixSymbol(f"K_{k}", L, d_h)
    Ws, cs = sp.MatrixSymbol(f"W_UK,{k}", d_c, d_h), sp.MatrixSymbol("c_KV", L, d_c)
    S, Sa, Qa = m.S[h], m.S_absorbed[h], m.Q_absorbed[h]
    head = f"head{k}_" if n_h > 1 else ""
    out = [Step(
        id=f"{head}scores", title=say("打分（显式）：{}", "Scores, explicit: {}", Equals(sp.MatrixSymbol(f"S_{k}", L, L),
                                                                                     Qs * Ks.T)),
        lhs=sp.MatrixSymbol(f"S_{k}", L, L), formula=Qs * Ks.T, substituted=sp.MatMul(Qh, transpose(Kh), evaluate=False),
        expanded=(sp.Symbol(f"s_{index(0, 0)}"), nodes.Dot(*[(Qh[0, j], Kh[0, j]) for j in range(d_h)]), S[0, 0]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=tokens,
        notes=(say("{} 是第 {} 个列块（取自 {} 的 {} 列）：要先从缓存的 {} 解压出键。",
                   "{} is column block {} of {} ({} columns): the keys must first be up-projected from the cached {}.",
                   Ks, k, sp.MatrixSymbol("K", L, 1), d_h, cs),)),
        Step(
        id=f"{head}absorbed_query", title=say("吸收：查询一侧 {}", "Absorption: the query side {}",
                                               Equals(nodes.Tilde(Qs), Qs * Ws.T)),
        lhs=nodes.Tilde(Qs), formula=Qs * Ws.T, substituted=sp.MatMul(Qh, sp.Transpose(m.W_UK[h]), evaluate=False),
        expanded=(nodes.Entry(nodes.Tilde(sp.Symbol("q")), 0, 0),
                  nodes.Dot(*[(Qh[0, j], m.W_UK[h][0, j]) for j in range(d_h)]), Qa[0, 0]),
        exact=Qa, numeric=evaluate(Qa, digits), row_labels=tokens,
        notes=(say("形状 {}：查询被带进潜空间，宽度从 {} 变成 {}；{} 只依赖权重，可以预先并入 {}。",
                   "Shape {}: the queries are carried into the latent space, width {} becoming {}; {} depends on "
                   "the weights only and can be merged into {} ahead of time.",
                   ShapeChain(Qh.shape, (d_h, d_c), Qa.shape), Equals(_SYMS["d_h"], d_h), Equals(_SYMS["d_c"], d_c),
                   Ws.T, sp.MatrixSymbol("W_Q", 1, 1)),)),
        Step(
        id=f"{head}absorbed_scores", title=say("吸收后的打分 {}：直接用缓存", "Absorbed scores {}, straight from "
                                               "the cache", Equals(sp.MatrixSymbol(f"S_{k}", L, L),
                                                                   nodes.Product(nodes.Tilde(Qs), cs.T))),
        lhs=sp.MatrixSymbol(f"S_{k}", L, L), formula=nodes.Product(nodes.Tilde(Qs), cs.T),
        substituted=sp.MatMul(Qa, transpose(m.c), evaluate=False),
        expanded=(sp.Symbol(f"s_{index(0, 0)}"), nodes.Dot(*[(Qa[0, j], m.c[0, j]) for j in range(d_c)]), Sa[0, 0]),
        exact=Sa, numeric=evaluate(Sa, digits), row_labels=tokens, col_labels=tokens,
        notes=(say("结合律：{}，与显式打分逐项相同。", "Associativity: {}, entry for entry the explicit scores.",
                   Equals(Qs * Ks.T, sp.MatMul(Qs, sp.Transpose(sp.MatMul(cs, Ws, evaluate=False)), evaluate=False),
                          nodes.Product(nodes.Tilde(Qs), cs.T))),))]
    A = m.A[h]
    scaled = m._scaled(S)
    r0 = m.rows[h][0]
    chain = [sp.Symbol(f"a_{index(0, 0)}"), nodes.ExpRatio(scaled[0, 0], tuple(scaled.row(0)))]
    if r0.shift != 0:
        chain.append(nodes.ExpRatio(r0.exponents[0], r0.exponents))
    chain.append(A[0, 0])
    out.append(Step(
        id=f"{head}weights", title=say("按行 softmax：权重 {}", "Row softmax: weights {}", sp.MatrixSymbol(f"A_{k}", L, L)),
        lhs=sp.MatrixSymbol(f"A_{k}", L, L),
        formula=nodes.RowSoftmax(nodes.ScaledBy(sp.MatrixSymbol(f"S_{k}", L, L), sp.Symbol("d_h"))),
        substituted=nodes.RowSoftmax(scaled), expanded=tuple(chain), exact=A, numeric=evaluate(A, digits),
        row_labels=tokens, col_labels=tokens,
        notes=(say("缩放用 {}。", "Scaled by {}.", Equals(sp.sqrt(sp.Symbol("d_h")), m.scale)),)))
    return out


def _proof_steps(m, tokens, digits, n_h):
    L = m.Q.rows
    diff = sp.ImmutableMatrix.hstack(*[sp.ImmutableMatrix(L, L, lambda i, j, h=h: m.S_absorbed[h][i, j] - m.S[h][i, j])
                                       for h in range(n_h)])
    if not diff.is_zero_matrix:  # associativity failed: a bug, never a document
        raise AssertionError("absorbed and explicit MLA scores differ")
    explicit = sp.ImmutableMatrix.hstack(*m.S)
    absorbed = sp.ImmutableMatrix.hstack(*m.S_absorbed)
    Delta = sp.MatrixSymbol("Delta", L, n_h * L)
    d_c, d_h = min(m.c.cols, 2), min(m.d_h, 2)  # any size holds by associativity; 2 x 2 fits a page
    (q, c, W), absorbed_sym, explicit_sym, zero = absorption_identity(d_c, d_h)
    qs, cs_, Ws = sp.MatrixSymbol("q", 1, d_h), sp.MatrixSymbol("c", 1, d_c), sp.MatrixSymbol("W", d_c, d_h)
    return [
        Step(id="absorbed_minus_explicit", title=say("证明：吸收 = 显式（本例）", "Proof: absorbed = explicit "
                                                     "(this example)"),
             lhs=Delta, formula=nodes.Minus(_Concat(*[nodes.Product(nodes.Tilde(sp.MatrixSymbol(f"Q_{h + 1}", L, 1)),
                                                                    sp.MatrixSymbol("c_KV", L, 1).T) for h in range(n_h)]),
                                            _Concat(*[sp.MatrixSymbol(f"Q_{h + 1}", L, 1) *
                                                      sp.MatrixSymbol(f"K_{h + 1}", L, 1).T for h in range(n_h)])),
             substituted=nodes.Minus(absorbed, explicit),
             expanded=(nodes.Entry(sp.Symbol("Delta"), 0, 0), nodes.Minus(absorbed[0, 0], explicit[0, 0]), sp.S.Zero),
             exact=sp.ImmutableMatrix(diff), numeric=evaluate(diff, digits),
             notes=(say("每个头的差在 SymPy 中都恰好是 {}。", "For every head the difference is exactly {} in SymPy.",
                        0),)),
        Step(id="absorption_identity", title=say("证明：吸收 = 显式（符号）", "Proof: absorbed = explicit (symbolic)"),
             lhs=sp.Symbol("Delta"), formula=nodes.Minus(sp.MatMul(qs, Ws.T, cs_.T, evaluate=False),
                                 sp.MatMul(qs, sp.Transpose(sp.MatMul(cs_, Ws, evaluate=False)), evaluate=False)),
             substituted=nodes.Minus(sp.MatMul(q, W.T, c.T, evaluate=False),
                                     sp.MatMul(q, sp.Transpose(sp.MatMul(c, W, evaluate=False)), evaluate=False)),
             expanded=(sp.Symbol("Delta"), nodes.Minus(absorbed_sym, explicit_sym), zero),
             exact=sp.ImmutableMatrix([[zero]]), numeric=((zero,),),
             notes=(say("一个查询 {}、一个潜向量 {} 和任意 {}：两边展开成同一个多项式，差恰好为 {}。",
                        "One query {}, one latent {} and any {}: both sides expand to the same polynomial, so the "
                        "difference is exactly {}.", Dims(1, d_h), Dims(1, d_c), Dims(d_c, d_h), zero),))]


def _cache_display(values: dict | None = None) -> list:
    """The four cache formulas written in their own order, symbols or these numbers: n_h (d_h + d_v), …"""
    def x(key):
        return _SYMS[key] if values is None else number(values[key])
    kv = InOrder(x("d_h"), x("d_v"))
    return [sp.Mul(x("n_h"), kv, evaluate=False), sp.Mul(x("n_g"), kv, evaluate=False), kv, InOrder(x("d_c"), x("d_R"))]


def _cache_step(n_h, n_g, d_h, d_v, d_c, d_R, digits, lang):
    here = dict(n_h=n_h, n_g=n_g, d_h=d_h, d_v=d_v, d_c=d_c, d_R=d_R)
    ours, ds = cache_sizes(**here), cache_sizes(**DEEPSEEK_V2)
    exact = sp.ImmutableMatrix([list(ours), list(ds)])
    subs = sp.ImmutableMatrix([_cache_display(here), _cache_display(DEEPSEEK_V2)])
    ratio = sp.Rational(ds[3], ds[0])
    return Step(
        id="cache_size", title=say("每个词的缓存：MHA、GQA、MQA 与 MLA", "Cache per token: MHA, GQA, MQA and MLA"),
        lhs=sp.MatrixSymbol("C", 2, 4), formula=row(_cache_display()), substituted=subs,
        expanded=(sp.Symbol("r"), sp.Mul(ds[3], sp.Pow(ds[0], -1, evaluate=False), evaluate=False), ratio),
        exact=exact, numeric=evaluate(exact, digits), row_labels=("本例" if lang == "zh" else "this example", "DeepSeek-V2"),
        col_labels=("MHA", "GQA", "MQA", "MLA"),
        notes=(say("每层每个词缓存的数：MHA 存 {} 个头的键和值，GQA 存 {} 组，MQA 只存 1 组，MLA 存潜向量 {} 和 RoPE 键 {}。",
                   "Numbers cached per token and layer: MHA keeps the keys and values of {} heads, GQA of {} groups, "
                   "MQA of one, MLA the latent {} and the RoPE key {}.", _SYMS["n_h"], _SYMS["n_g"], _SYMS["d_c"],
                   _SYMS["d_R"]),
               say("本例：{}。", "This example: {}.", Equals(sp.Tuple(*[_SYMS[k] for k in here]), sp.Tuple(*here.values()))),
               say("DeepSeek-V2：{}；MLA 的缓存是 MHA 的 {}，相当于 {} 组的 GQA。DeepSeek-V2 并不用 GQA："
                   "GQA 一列的 {} 是假设的对照。",
                   "DeepSeek-V2: {}; MLA caches {} of MHA's, as much as GQA with {} groups. DeepSeek-V2 uses no "
                   "GQA: the GQA column's {} is a hypothetical comparison.",
                   Equals(sp.Tuple(*[_SYMS[k] for k in DEEPSEEK_V2]), sp.Tuple(*DEEPSEEK_V2.values())), ratio,
                   sp.Rational(ds[3], ds[2]), Equals(_SYMS["n_g"], DEEPSEEK_V2["n_g"]))))
