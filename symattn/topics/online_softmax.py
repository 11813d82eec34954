"""FlashAttention's online softmax, exactly: the keys in tiles, a running maximum m, a running
sum ℓ and a running output Õ, rescaled tile by tile.

    m(0) = -∞,  ℓ(0) = 0,  Õ(0) = 0
    m(t) = max(m(t-1), rowmax(S~(t)))
    ℓ(t) = e^{m(t-1) - m(t)} ℓ(t-1) + rowsum(e^{S~(t) - m(t)})
    Õ(t) = diag(e^{m(t-1) - m(t)}) Õ(t-1) + e^{S~(t) - m(t)} V(t)
    O = diag(ℓ(T))^{-1} Õ(T),   lse = m(T) + log ℓ(T)     (lse is what the backward pass keeps)

The tiled O is proved equal to softmax(S~) V: exactly on the example (the difference cancels to 0)
and symbolically for two tiles, for any m(1), m(2).  ``[options] block`` is the number of keys per
tile (default: half the keys, rounded up).
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .. import limits, nodes
from ..errors import SymattnError
from ..escape import literal
from ..markup import Text as Say, math
from ..model import Derivation, Step, Text
from ..numeric import evaluate
from ..pipeline import Resolved, score_steps, softmax_rows
from ..softmax import ExpSum
from ..sources import cite
from ._display import Equals, InOrder, decimal

__all__ = ["derive_online_softmax", "tiles", "online", "two_tile_difference", "FLASH_SIZES", "io_costs",
           "causal_tiles"]

#: the sizes of the IO example: a sequence of N = 4096, heads of d = 64, an SRAM of M = 98304 fp16 numbers
#: (192 KiB, the A100's per-SM SRAM in Dao et al. 2022 Section 2.1), square causal tiles of 128
FLASH_SIZES = {"N": 4096, "d": 64, "M": 192 * 1024 // 2, "tile": 128}


def io_costs(N: int, d: int, M: int) -> dict:
    """FlashAttention's block sizes and the leading terms of the HBM traffic (Dao et al. 2022, Algorithm 1,
    Theorem 2): standard attention Θ(N d + N²), FlashAttention Θ(N² d² / M); constants left out.

    >>> c = io_costs(4096, 64, 98304)
    >>> c["B_c"], c["B_r"], c["T_c"], c["ratio"]
    (384, 64, 11, 195/8)
    """
    B_c = -(-M // (4 * d))
    B_r = min(B_c, d)
    standard, flash = sp.Integer(N * d + N * N), sp.Rational(N * N * d * d, M)
    return {"B_c": B_c, "B_r": B_r, "T_c": -(-N // B_c), "T_r": -(-N // B_r), "standard": standard,
            "flash": flash, "ratio": standard / flash}


def causal_tiles(rows, cols) -> tuple[int, int]:
    """(tiles computed, tiles in all) of a causal mask cut into these row and column tiles (0-based
    positions): a tile whose every key comes after every query is skipped.

    >>> causal_tiles([(0, 1), (2,)], [(0, 1), (2,)])
    (3, 4)
    """
    kept = sum(1 for r in rows for c in cols if min(c) <= max(r))
    return kept, len(rows) * len(cols)


#: the primary sources the document ends with
SOURCES = (cite("milakov2018", "3", ("在线归一化", "the online normalizer")),
           cite("dao2022", "3.1", ("算法 1", "Algorithm 1")), cite("dao2023", "3.1.1"))

E, _M = nodes.Entry, sp.MatrixSymbol
NEG_INF = -sp.oo


class _Printed(sp.Basic):
    def _symattn_latex(self, p):
        return self._form(p, True)

    def _symattn_unicode(self, p):
        return self._form(p, False)


class Super(_Printed):
    """``x^{(t)}``: x after tile t.

    >>> from symattn.printing import latex
    >>> print(latex(E(Super(sp.Symbol("m"), 2), 0)))
    m^{(2)}_{1}
    """

    def __new__(cls, x, t):
        return super().__new__(cls, x, t if isinstance(t, sp.Basic) else sp.Integer(t))

    def _form(self, p, latex):
        x, t = (p._print(a) for a in self.args)
        return f"{x}^{{({t})}}" if latex else f"{x}^({t})"


class Plus(_Printed):
    """``a + b + …`` in this order (an Add would sort its terms)."""

    def _form(self, p, latex):
        return " + ".join(p._print(a) for a in self.args)


class Inverse(_Printed):
    """``x^{-1}``."""

    def __new__(cls, x):
        return super().__new__(cls, x)

    def _form(self, p, latex):
        return f"{p._print(self.args[0])}^{{-1}}" if latex else f"{p._print(self.args[0])}⁻¹"


def tiles(L: int, block: int) -> list[tuple[int, ...]]:
    """Key positions of each tile.

    >>> tiles(5, 2)
    [(0, 1), (2, 3), (4,)]
    """
    return [tuple(range(s, min(s + block, L))) for s in range(0, L, block)]


def online(scaled, V, parts):
    """Per tile, the exact (m, ℓ, Õ) after it: m a column, ℓ and Õ as ExpSums per row."""
    L = scaled.rows
    m = [NEG_INF] * L
    ell = [ExpSum(())] * L
    acc = [[ExpSum(())] * V.cols for _ in range(L)]
    out = []
    for keys in parts:
        new_m = [sp.Max(m[i], *(scaled[i, j] for j in keys)) for i in range(L)]
        # e^{m(t-1) - m(t)} rescales what is there; e^{-∞} = 0 at the first tile (nothing is there)
        ell = [ExpSum.collect([(x + m[i] - new_m[i], c) for x, c in ell[i].terms]
                              + [(scaled[i, j] - new_m[i], 1) for j in keys]) for i in range(L)]
        acc = [[ExpSum.collect([(x + m[i] - new_m[i], c) for x, c in acc[i][k].terms]
                               + [(scaled[i, j] - new_m[i], V[j, k]) for j in keys]) for k in range(V.cols)]
               for i in range(L)]
        m = new_m
        out.append((list(m), list(ell), [list(r) for r in acc]))
    return out


def two_tile_difference(first: int, second: int):
    """(tiled, full) o for one row of ``first + second`` symbolic scores x_j and values v_j, with any
    m_1, m_2; the tiled form is exactly the full one: their difference cancels to 0.

    >>> tiled, full = two_tile_difference(2, 1)
    >>> sp.cancel(sp.expand(tiled - full, power_exp=True))
    0
    """
    n = first + second
    x = sp.symbols(f"x_1:{n + 1}", real=True)
    v = sp.symbols(f"v_1:{n + 1}")
    m1, m2 = sp.symbols("m_1 m_2", real=True)
    one, two = range(first), range(first, n)
    rescale = sp.exp(m1 - m2)
    top = rescale * sp.Add(*(sp.exp(x[j] - m1) * v[j] for j in one)) + sp.Add(*(sp.exp(x[j] - m2) * v[j] for j in two))
    bottom = rescale * sp.Add(*(sp.exp(x[j] - m1) for j in one)) + sp.Add(*(sp.exp(x[j] - m2) for j in two))
    full = sp.Add(*(sp.exp(x[j]) * v[j] for j in range(n))) / sp.Add(*(sp.exp(x[j]) for j in range(n)))
    return top / bottom, full


def _block(spec, L: int) -> int:
    block = spec.option("block", (L + 1) // 2)
    if isinstance(block, bool) or not isinstance(block, int) or block < 1:
        raise SymattnError("must be a positive whole number (keys per tile)", entry="options.block")
    limits.check_option(block, "options.block")
    if block >= L:
        raise SymattnError(f"must be less than the {L} keys, so that there are at least two tiles",
                           entry="options.block")
    return block


def _col(values) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(len(values), 1, list(values))


def derive_online_softmax(spec) -> Derivation:
    """The scaled scores in tiles of keys, m, ℓ and Õ after each tile, O = Õ/ℓ, the proof, lse.

    >>> from symattn.examples import article_spec
    >>> d = derive_online_softmax(article_spec())
    >>> d.step("tile_2_sum").exact[0, 0]
    1 + 2*exp(-1/2)
    """
    r = Resolved(replace(spec, claimed=()))
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    more, scaled = score_steps(r)
    if scaled.free_symbols:
        raise SymattnError("the online softmax needs numeric Q and K (V may be symbolic)", entry="Q")
    block = _block(spec, L)
    parts = tiles(L, block)
    V = r.V
    runs = online(scaled, V, parts)
    St, m, ell, Ot = nodes.Tilde(sp.Symbol("S")), sp.Symbol("m"), sp.Symbol("ell"), nodes.Tilde(sp.Symbol("O"))
    o_t = nodes.Tilde(sp.Symbol("o"))
    steps = list(r.steps) + [more[-1]]

    def step(id_, title, lhs, formula, substituted, expanded, exact, notes=(), cols=()):
        return Step(id=id_, title=title, lhs=lhs, formula=formula, substituted=substituted,
                    expanded=tuple(expanded), exact=exact, numeric=evaluate(exact, digits), notes=tuple(notes),
                    row_labels=tokens, col_labels=cols)

    prev_m, prev_ell = [NEG_INF] * L, [sp.S.Zero] * L
    prev_acc = sp.zeros(L, V.cols)
    for t, (keys, (m_t, ell_t, acc_t)) in enumerate(zip(parts, runs), start=1):
        tile = sp.ImmutableMatrix(L, len(keys), lambda i, c: scaled[i, keys[c]])
        Vt = sp.ImmutableMatrix([list(V.row(j)) for j in keys])
        m_col, ell_col = _col(m_t), _col([e.expr() for e in ell_t])
        acc = sp.ImmutableMatrix([[e.expr() for e in row] for row in acc_t])
        shift = [m_t[i] - prev_m[i] if prev_m[i] != NEG_INF else NEG_INF for i in range(L)]
        keys_say = Say.of(*[x for k, j in enumerate(keys) for x in ((", " if k else ""), literal(tokens[j]))])
        keys_zh = Say.of(*[x for k, j in enumerate(keys) for x in (("、" if k else ""), literal(tokens[j]))])
        steps.append(step(
            f"tile_{t}_max", Text(Say.of(f"第 {t} 块（键 ", keys_zh, "）：运行最大值 ", math(Super(m, t))),
                                  Say.of(f"Tile {t} (keys ", keys_say, "): running maximum ", math(Super(m, t)))),
            Super(m, t), nodes.Call("max", Super(m, t - 1), nodes.RowMax(Super(St, t))),
            nodes.Call("max", _col(prev_m), nodes.RowMax(tile)),
            (E(Super(m, t), 0), nodes.Call("max", prev_m[0], *tile.row(0)), m_t[0]), m_col,
            ((Text(Say.of("起点 ", _eq(Super(m, 0), NEG_INF), "、", _eq(Super(ell, 0), 0), "、", _eq(Super(Ot, 0), 0),
                          "：还没有看到任何键。这一块的分数 ", _eq(Super(St, t), tile), "。"),
                   Say.of("Start from ", _eq(Super(m, 0), NEG_INF), ", ", _eq(Super(ell, 0), 0), ", ",
                          _eq(Super(Ot, 0), 0), ": no key seen yet. This tile's scores are ",
                          _eq(Super(St, t), tile), ".")),) if t == 1 else
             (Text(Say.of("这一块的分数 ", _eq(Super(St, t), tile), "。"),
                   Say.of("This tile's scores are ", _eq(Super(St, t), tile), ".")),))))

        rescale = nodes.Call("exp", nodes.Minus(Super(m, t - 1), Super(m, t)))
        tile_exp = nodes.Call("exp", nodes.Minus(Super(St, t), nodes.Outer(Super(m, t))))
        entry0 = [nodes.Times(nodes.Call("exp", nodes.Minus(prev_m[0], m_t[0])), prev_ell[0])] if t > 1 else []
        steps.append(step(
            f"tile_{t}_sum", Text(Say.of(f"第 {t} 块：运行和 ", math(Super(ell, t))),
                                  Say.of(f"Tile {t}: running sum ", math(Super(ell, t)))),
            Super(ell, t), Plus(nodes.Hadamard(rescale, Super(ell, t - 1)), nodes.RowSum(tile_exp)),
            Plus(nodes.Hadamard(nodes.Call("exp", nodes.Minus(_col(prev_m), m_col)), _col(prev_ell)),
                 nodes.RowSum(nodes.Call("exp", nodes.Minus(tile, nodes.Outer(m_col))))),
            (E(Super(ell, t), 0), Plus(*entry0, *(nodes.Call("exp", nodes.Minus(tile[0, c], m_t[0]))
                                                   for c in range(len(keys)))), ell_col[0, 0]), ell_col,
            (_rescale_note(t, shift),)))

        steps.append(step(
            f"tile_{t}_output", Text(Say.of(f"第 {t} 块：未归一化的输出 ", math(Super(Ot, t))),
                                     Say.of(f"Tile {t}: unnormalised output ", math(Super(Ot, t)))),
            Super(Ot, t), Plus(nodes.Product(nodes.Call("diag", rescale), Super(Ot, t - 1)),
                               nodes.Product(tile_exp, Super(_M("V", *V.shape), t))),
            Plus(nodes.Product(nodes.Call("diag", nodes.Call("exp", nodes.Minus(_col(prev_m), m_col))), prev_acc),
                 nodes.Product(nodes.Call("exp", nodes.Minus(tile, nodes.Outer(m_col))), Vt)),
            (E(Super(o_t, t), 0, 0), Plus(*([nodes.Times(nodes.Call("exp", nodes.Minus(prev_m[0], m_t[0])),
                                                         prev_acc[0, 0])] if t > 1 else []),
                                          *(nodes.Times(nodes.Call("exp", nodes.Minus(tile[0, c], m_t[0])), Vt[c, 0])
                                            for c in range(len(keys)))), acc[0, 0]),
            acc, (Text(Say.of(math(Super(_M("V", *V.shape), t)), " 是这一块的键对应的 ", math(_M("V", *V.shape)),
                              " 行；还没有除以 ", math(Super(ell, t)), "：归一化留到最后一次做。"),
                       Say.of(math(Super(_M("V", *V.shape), t)), " is the rows of ", math(_M("V", *V.shape)),
                              " of this tile's keys; nothing is divided by ", math(Super(ell, t)),
                              " yet: normalising waits for the end.")),)))
        prev_m, prev_ell, prev_acc = m_t, [e.expr() for e in ell_t], acc

    T = len(parts)
    m_last, ell_last = _col(prev_m), _col(prev_ell)
    O = sp.ImmutableMatrix(L, V.cols, lambda i, k: prev_acc[i, k] / ell_last[i, 0])
    full_rows = softmax_rows(scaled)
    full = sp.ImmutableMatrix(L, V.cols, lambda i, k: full_rows[i].combine(list(V.col(k))))
    *_, (m_T, ell_T, acc_T) = runs
    same = all(_moved(ell_T[i], m_T[i] - full_rows[i].shift) == full_rows[i].denominator
               and all(_moved(acc_T[i][k], m_T[i] - full_rows[i].shift)
                       == ExpSum.collect(zip(full_rows[i].exponents, V.col(k))) for k in range(V.cols))
               for i in range(L))
    Os = _M("O", *O.shape)
    steps.append(step(
        "output", Text(Say.of("最后归一化：", _eq(Os, nodes.Product(Inverse(nodes.Call("diag", Super(ell, T))), Super(Ot, T)))),
                       Say.of("Normalise once at the end: ", _eq(Os, nodes.Product(Inverse(nodes.Call("diag", Super(ell, T))),
                                                                                   Super(Ot, T))))),
        Os, nodes.Product(Inverse(nodes.Call("diag", Super(ell, T))), Super(Ot, T)),
        nodes.Product(Inverse(nodes.Call("diag", ell_last)), prev_acc),
        (E(sp.Symbol("o"), 0, 0), sp.Mul(prev_acc[0, 0], sp.Pow(ell_last[0, 0], -1, evaluate=False), evaluate=False),
         full[0, 0]), full,
        (Text(Say.of("与一次算完的 ", _eq(Os, nodes.Product(nodes.RowSoftmax(St), _M("V", *V.shape))),
                     " 相比：分子分母同乘 ", math(sp.exp(sp.Symbol("m_i") - sp.Symbol("c_i"))),
                     "（", math(sp.Symbol("c_i")), f" 为该行最小值）后逐项相同，所以 {L * V.cols} 个差都精确为 ",
                     0 if same else "≠ 0", "。"),
              Say.of("Against the one-pass ", _eq(Os, nodes.Product(nodes.RowSoftmax(St), _M("V", *V.shape))),
                     ": times ", math(sp.exp(sp.Symbol("m_i") - sp.Symbol("c_i"))), " on top and bottom (", math(sp.Symbol("c_i")), " the row's "
                     "minimum), every entry is the same sum term for term, so all ", L * V.cols,
                     " differences are exactly ", 0 if same else "≠ 0", ".")),
         Text(Say.of("精确值写成规范形式（每行减去最小值）；分块算法的形式是 ", _eq(E(sp.Symbol("o"), 0, 0), O[0, 0]),
                     "，分子分母同乘一个常数即得。"),
              Say.of("The exact value is in the canonical form (each row shifted by its minimum); the tiled "
                     "algorithm's form is ", _eq(E(sp.Symbol("o"), 0, 0), O[0, 0]),
                     ", the same after multiplying top and bottom by one constant.")))))

    tiled_expr, full_expr = two_tile_difference(len(parts[0]), L - len(parts[0]))
    diff = sp.cancel(sp.expand(tiled_expr - full_expr, power_exp=True))
    combined = _combined(tiled_expr)
    Delta = sp.Symbol("Delta")
    steps.append(Step(
        id="two_tile_proof", title=Text("两块时的一般证明", "The general proof for two tiles"),
        lhs=Delta, formula=nodes.Minus(sp.Symbol("o_tiled"), sp.Symbol("o_full")),
        substituted=nodes.Minus(tiled_expr, full_expr),
        expanded=(Delta, nodes.Minus(combined, full_expr), diff), exact=sp.ImmutableMatrix([[diff]]),
        numeric=evaluate(sp.ImmutableMatrix([[diff]]), digits),
        notes=(Text(Say.of("一行分数 ", _listed(sp.symbols(f"x_1:{L + 1}")), f"（前 {len(parts[0])} 个在第 1 块）、值 ",
                           _listed(sp.symbols(f"v_1:{L + 1}")), "，", math(sp.Symbol("m_1")), "、", math(sp.Symbol("m_2")),
                           " 取任意实数（取最大值只是为了数值稳定）。把 ", _eq(nodes.Product(sp.exp(sp.Symbol("a")),
                                                                             sp.exp(sp.Symbol("b"))),
                                                                sp.exp(sp.Symbol("a") + sp.Symbol("b"))),
                           " 展开后分子分母都只差一个因子 ", math(sp.exp(-sp.Symbol("m_2"))), "，差为 ", diff, "。"),
                    Say.of("One row of scores ", _listed(sp.symbols(f"x_1:{L + 1}")), f" (the first {len(parts[0])} in tile 1) "
                           "and values ", _listed(sp.symbols(f"v_1:{L + 1}")), ", with ", math(sp.Symbol("m_1")), " and ",
                           math(sp.Symbol("m_2")), " any real numbers (the maxima only keep the numbers stable). With ",
                           _eq(nodes.Product(sp.exp(sp.Symbol("a")), sp.exp(sp.Symbol("b"))),
                               sp.exp(sp.Symbol("a") + sp.Symbol("b"))),
                           ", top and bottom differ from the full softmax's by one factor ",
                           math(sp.exp(-sp.Symbol("m_2"))), ", and the difference is ", diff, ".")),)))

    lse = sp.ImmutableMatrix(L, 1, lambda i, _: m_last[i, 0] + sp.log(ell_last[i, 0]))
    # e^{lse_i} = e^{m_i} ℓ_i is Σ_j e^{s~_ij} term for term; so e^{s~_ij - lse_i} = a_ij as well
    lse_ok = all(_moved(ell_T[i], m_T[i]) == ExpSum.collect((x, 1) for x in scaled.row(i)) for i in range(L))
    a_ok = lse_ok
    lse_s = sp.Symbol("lse")
    steps.append(step(
        "logsumexp", Text(Say.of("为反向传播保存 ", _eq(lse_s, Plus(Super(m, T), nodes.Call("log", Super(ell, T))))),
                          Say.of("Kept for the backward pass: ", _eq(lse_s, Plus(Super(m, T), nodes.Call("log", Super(ell, T)))))),
        lse_s, Plus(Super(m, T), nodes.Call("log", Super(ell, T))), Plus(m_last, nodes.Call("log", ell_last)),
        (E(lse_s, 0), Plus(m_last[0, 0], nodes.Call("log", ell_last[0, 0])), lse[0, 0]), lse,
        ((Text(Say.of("精确地 ", _eq(nodes.Call("exp", lse_s), nodes.RowSum(nodes.Call("exp", St))),
                      "：每行只存一个数。反向传播用 ", _eq(_M("A", L, L), nodes.Call("exp", nodes.Minus(St, nodes.Outer(lse_s)))),
                      " 重新算出权重，不必保存 ", math(nodes.Dims(L, L)), " 的 ", math(_M("A", L, L)), "（两者都精确成立）。"),
               Say.of("Exactly, ", _eq(nodes.Call("exp", lse_s), nodes.RowSum(nodes.Call("exp", St))),
                      ": one number per row. The backward pass recomputes the weights as ",
                      _eq(_M("A", L, L), nodes.Call("exp", nodes.Minus(St, nodes.Outer(lse_s)))),
                      " instead of keeping the ", math(nodes.Dims(L, L)), " matrix ", math(_M("A", L, L)),
                      " (both hold exactly).")),
          Text(Say.of("保存一个 ", math(lse_s), " 是 FlashAttention-2 的做法；第一版分别保存 ", math(m), " 和 ", math(ell),
                      "，每行两个数。"),
               Say.of("Keeping one ", math(lse_s), " is FlashAttention-2's way; the first version keeps ", math(m),
                      " and ", math(ell), " apart, two numbers per row.")))
         if lse_ok and a_ok else ())))

    title = spec.heading("在线 softmax（FlashAttention）：" + " ".join(map(literal, tokens)),
                         "Online softmax (FlashAttention): " + " ".join(map(literal, tokens)))
    split = " | ".join(" ".join(literal(tokens[j]) for j in keys) for keys in parts)
    rescale = math(nodes.Call("exp", nodes.Minus(Super(m, sp.Symbol("t") - 1), Super(m, sp.Symbol("t")))))
    lse_is = _eq(lse_s, Plus(m, nodes.Call("log", ell)))
    last = L - block * (T - 1)
    per_zh = f"每块至多 {{}} 个键{'' if last == block else f'，最后一块只剩 {last} 个'}"
    per_en = f"at most {{}} keys per tile{'' if last == block else f', the last one holding the {last} left'}"
    b_c = math(sp.Symbol("B_c"), " = ", block)
    size = Say.format(per_zh, b_c), Say.format(per_en, b_c)
    intro = (Text(Say.of(f"把 {L} 个键分成 {T} 块：{split}（", size[0], "），逐块更新运行最大值 ", math(m), "、运行和 ", math(ell),
                         " 与未归一化的输出 ", math(Ot), "：每来一块，旧的部分乘以 ", rescale,
                         " 重新缩放。运行最大值与运行和的在线归一化来自 Milakov 与 Gimelshein（2018）。"),
                  Say.of(f"The {L} keys in {T} tiles, {split} (", size[1], "), with a running maximum ", math(m),
                         ", a running sum ",
                         math(ell), " and an unnormalised output ", math(Ot), ", updated tile by tile: at each tile "
                         "what is there is rescaled by ", rescale, ". The online normaliser, a running maximum and "
                         "sum, is Milakov and Gimelshein's (2018).")),
             Text(Say.of("只在最后除一次 ", math(ell), "、反向传播只保留 ", lse_is, "，是 FlashAttention-2 的做法；"
                         "FlashAttention 第一版每一块都重新归一化输出，并保留 ", math(m), " 和 ", math(ell), "。"
                         "这样 FlashAttention 从不保存 ", math(nodes.Dims(L, L)), " 的权重矩阵，结果在精确算术中与一次算完"
                         "完全相同（浮点数中只差舍入误差）；下面在精确值上证明这一点。"),
                  Say.of("Dividing by ", math(ell), " once at the end, and keeping only ", lse_is, " for the backward "
                         "pass, are FlashAttention-2's choices; the first FlashAttention normalises the output at every "
                         "tile and keeps ", math(m), " and ", math(ell), ". Either way FlashAttention never stores the ",
                         math(nodes.Dims(L, L)), " weights, and the result is the same as in one pass in exact "
                         "arithmetic (up to rounding in floating point); below, that is proved on exact values.")))
    return Derivation(topic="online_softmax", title=title, tokens=tokens, steps=tuple(steps), digits=digits,
                      lang=spec.lang, intro=intro, outro=_outro(parts, tokens),
                      meta=(("d_k", r.d_k), ("symbolic_v", r.symbolic_v), ("block", block),
                            ("tiled_is_full", same), ("lse_is_logsumexp", lse_ok)), sources=SOURCES)


def _outro(parts, tokens) -> tuple:
    """What an interviewer asks next: the IO complexity, the block sizes, why recompute, FA1 against FA2,
    and the tiles a causal mask skips; every number from io_costs and causal_tiles."""
    z = FLASH_SIZES
    c = io_costs(z["N"], z["d"], z["M"])
    N, d, M = sp.symbols("N d M", positive=True)
    kept, total = causal_tiles(parts, parts)
    T = -(-z["N"] // z["tile"])
    big = causal_tiles([tuple(range(i * z["tile"], (i + 1) * z["tile"])) for i in range(T)],
                       [tuple(range(i * z["tile"], (i + 1) * z["tile"])) for i in range(T)])
    approx = nodes.Approx(c["flash"], c["flash"], 0)
    bc = nodes.Named(r"\lceil M / 4d \rceil", "⌈M / 4d⌉")
    skipped = [(" ".join(literal(tokens[j]) for j in r), " ".join(literal(tokens[j]) for j in col))
               for r in parts for col in parts if min(col) > max(r)]
    skipped_tex = "; ".join(r"\text{%s} \times \text{%s}" % pair for pair in skipped)
    skipped_txt = "; ".join(f"{a} × {b}" for a, b in skipped)
    return (
        Text(Say.format("IO 复杂度（Dao 等 2022，定理 2）：标准注意力读写显存 {} 个数，FlashAttention 只要 {}，{} 是片上 SRAM "
                        "能放下的数。取 {}、{}、{}（fp16 的 192 KiB），主项是 {}，对 {}：少 {} 倍（常数不计）。",
                        Say.of(nodes.Named(r"\Theta(N d + N^{2})", "Θ(N d + N²)")),
                        nodes.Named(r"\Theta(N^{2} d^{2} / M)", "Θ(N² d² / M)"), M, Equals(N, z["N"]), Equals(d, z["d"]),
                        Equals(M, z["M"]), Equals(InOrder(N * d, N ** 2), c["standard"]), Equals(N ** 2 * d ** 2 / M, approx),
                        decimal(c["ratio"])),
             Say.format("IO complexity (Dao et al. 2022, Theorem 2): standard attention reads and writes {} numbers "
                        "of HBM, FlashAttention only {}, where {} is how many numbers the on-chip SRAM holds. With {}, "
                        "{} and {} (192 KiB of fp16) the leading terms are {} against {}: {} times fewer (constants "
                        "left out).", Say.of(nodes.Named(r"\Theta(N d + N^{2})", "Θ(N d + N²)")),
                        nodes.Named(r"\Theta(N^{2} d^{2} / M)", "Θ(N² d² / M)"), M, Equals(N, z["N"]), Equals(d, z["d"]),
                        Equals(M, z["M"]), Equals(InOrder(N * d, N ** 2), c["standard"]), Equals(N ** 2 * d ** 2 / M, approx),
                        decimal(c["ratio"]))),
        Text(Say.format("分块大小（算法 1）：列块取 {}，行块取它与 {} 中较小的一个：这里 {}，行块 {}；于是有 {} 个列块、{} 个行块。"
                        "除以 4 是为了让一块 {}、{}、{}、{} 同时放进 SRAM。",
                        bc, d, Equals(nodes.Named(r"\lceil %d / %d \rceil" % (z["M"], 4 * z["d"])), c["B_c"]),
                        Equals(nodes.Named(r"\min(%d, %d)" % (c["B_c"], z["d"]), f"min({c['B_c']}, {z['d']})"), c["B_r"]), c["T_c"], c["T_r"],
                        sp.Symbol("K_j"), sp.Symbol("V_j"), sp.Symbol("Q_i"), sp.Symbol("O_i")),
             Say.format("Block sizes (Algorithm 1): column blocks of {} keys and row blocks of the smaller of that and "
                        "{}: here {} and rows {}, so {} column blocks and {} row blocks. The 4 lets one block each of "
                        "{}, {}, {} and {} sit in SRAM together.",
                        bc, d, Equals(nodes.Named(r"\lceil %d / %d \rceil" % (z["M"], 4 * z["d"])), c["B_c"]),
                        Equals(nodes.Named(r"\min(%d, %d)" % (c["B_c"], z["d"]), f"min({c['B_c']}, {z['d']})"), c["B_r"]), c["T_c"], c["T_r"],
                        sp.Symbol("K_j"), sp.Symbol("V_j"), sp.Symbol("Q_i"), sp.Symbol("O_i"))),
        Text(Say.format("为什么重算反而更快：softmax、掩码和读写权重都受显存带宽限制。反向传播在 SRAM 里由 {}、{} 重算一个分数要 {} 次浮点运算，"
                        "从显存读回一个 fp16 权重要 {} 个字节：每省下一个字节只多花 {} 次运算（这里 {}），GPU 算得远比读得快，"
                        "所以多做的运算比省下的读写便宜。",
                        sp.Symbol("Q_i"), sp.Symbol("K_j"), 2 * d, 2, d, Equals(d, z["d"])),
             Say.format("Why recomputing is faster: the softmax, the masking and reading the weights are bound by "
                        "memory bandwidth. Recomputing one score in SRAM from {} and {} costs {} FLOPs, reading one "
                        "fp16 weight back from HBM costs {} bytes: {} FLOPs per byte saved (here {}), and a GPU computes "
                        "far faster than it reads, so the extra FLOPs cost less than the traffic they save.",
                        sp.Symbol("Q_i"), sp.Symbol("K_j"), 2 * d, 2, d, Equals(d, z["d"]))),
        Text(Say.format("FlashAttention 第一版与第二版的循环顺序：第一版外层循环键值块 {}、内层循环查询块 {}，每个内层步骤都要从显存读写 "
                        "{}、{}、{}，所以输出被写 {} 次（这里 {} 次）；第二版外层循环查询块，各查询块分给不同的线程块并行，"
                        "内层循环键值块，{} 只在最后写一次，而且只在最后除以 {}。",
                        sp.Symbol("j"), sp.Symbol("i"), sp.Symbol("O_i"), sp.Symbol("ell_i"), sp.Symbol("m_i"),
                        sp.Symbol("T_c"), c["T_c"], sp.Symbol("O_i"), sp.Symbol("ell")),
             Say.format("FlashAttention against FlashAttention-2, the loop order: the first runs the outer loop over "
                        "key/value blocks {} and the inner loop over query blocks {}, reading and writing {}, {} and {} "
                        "in HBM at every inner step, so the output is written {} times ({} here); the second runs the "
                        "outer loop over query blocks, one thread block each, in parallel, and the inner loop over "
                        "key/value blocks, writing {} once at the end and dividing by {} only then.",
                        sp.Symbol("j"), sp.Symbol("i"), sp.Symbol("O_i"), sp.Symbol("ell_i"), sp.Symbol("m_i"),
                        sp.Symbol("T_c"), c["T_c"], sp.Symbol("O_i"), sp.Symbol("ell"))),
        Text(Say.format("因果掩码下整块都在未来的块直接跳过：本例查询与键都分成 {}，{} 块中只算 {} 块（跳过 {}）；"
                        "{} 的序列取 {} 的方块时，{} 块中只算 {} 块。",
                        nodes.Named(r"\text{%s}" % " | ".join(" ".join(literal(tokens[j]) for j in p) for p in parts),
                                    " | ".join(" ".join(tokens[j] for j in p) for p in parts)),
                        total, kept, nodes.Named(skipped_tex, skipped_txt),
                        Equals(N, z["N"]), nodes.Dims(z["tile"], z["tile"]), big[1], big[0]),
             Say.format("Under a causal mask a tile that lies wholly in the future is skipped: here queries and keys "
                        "are both cut as {}, and {} of the {} tiles are computed (skipped: {}); a sequence of {} in "
                        "square tiles of {} computes {} of {} tiles.",
                        nodes.Named(r"\text{%s}" % " | ".join(" ".join(literal(tokens[j]) for j in p) for p in parts),
                                    " | ".join(" ".join(tokens[j] for j in p) for p in parts)),
                        kept, total, nodes.Named(skipped_tex, skipped_txt),
                        Equals(N, z["N"]), nodes.Dims(z["tile"], z["tile"]), big[0], big[1])),
    )


def _moved(total: ExpSum, shift) -> ExpSum:
    """Σ c e^{x + shift}: the same sum times e^{shift}, term for term."""
    return ExpSum.collect((sp.expand(x + shift), c) for x, c in total.terms)


def _combined(tiled):
    """The tiled row after e^{a} e^{b} = e^{a+b}: every exponent relative to m_2."""
    top, bottom = sp.fraction(tiled)
    return sp.Mul(sp.powsimp(sp.expand(top)), sp.Pow(sp.powsimp(sp.expand(bottom)), -1, evaluate=False),
                  evaluate=False)


def _eq(*sides):
    parts = [sides[0]]
    for x in sides[1:]:
        parts += [" = ", x]
    return math(*parts)


def _listed(symbols):
    parts = []
    for k, x in enumerate(symbols):
        parts += ([", "] if k else []) + [x]
    return math(*parts)


def _rescale_note(t, shift) -> Text:
    if t == 1:
        return Text(Say.of("第 1 块之前什么都没有：", _eq(Super(sp.Symbol("ell"), 0), 0), "，所以只剩这一块的和。"),
                    Say.of("Before tile 1 there is nothing: ", _eq(Super(sp.Symbol("ell"), 0), 0),
                           ", so only this tile's sum remains."))
    moved = [i for i, d in enumerate(shift) if d != 0]
    if not moved:
        return Text("这一块没有更大的分数，最大值不变，旧的和乘以 1。",
                    "No larger score in this tile: the maximum stays, and the old sum is multiplied by 1.")
    i = moved[0]
    return Text(Say.of(f"第 {i + 1} 行的最大值变大了 ", shift[i], "，旧的和要乘以 ", sp.exp(-shift[i]), " 才能换到新的最大值上。"),
                Say.of(f"Row {i + 1}'s maximum grew by ", shift[i], ", so its old sum is multiplied by ",
                       sp.exp(-shift[i]), " to move it onto the new maximum."))
