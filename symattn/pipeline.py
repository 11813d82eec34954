"""The shared pieces of scaled dot-product attention, which every topic builds on:

    Q, K, V given or projected from X         Resolved
    K^T, S = Q K^T, S~ = S / sqrt(d_k)        score_steps
    A = softmax(S~) by rows [+ mask M]        weights_step, softmax_rows, masked_softmax_rows

Topics import these from here, never from each other.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from . import nodes
from .errors import SymattnError
from .escape import literal
from .linalg import matmul, transpose
from .markup import Text as Markup, math
from .model import Step, Text
from .nodes import index  # the printers' subscripts too
from .numeric import evaluate, fixed
from .softmax import ExpSum, SoftmaxRow, ratio, softmax_row
from .spec import AttentionSpec

__all__ = ["index", "value_symbols", "Resolved", "check_rows", "given", "shape_note", "softmax_rows",
           "NEG_INF", "MaskedRow", "masked_softmax_rows", "score_steps", "weights_step", "row_sums", "intro", "meta",
           "option_matrix"]

NEG_INF = -sp.oo


def value_symbols(tokens) -> sp.ImmutableMatrix:
    """The symbolic V: one row symbol v_<token> per token (v_<i> if not an identifier)."""
    names = [f"v_{t}" if f"v_{t}".isidentifier() else f"v_{i + 1}" for i, t in enumerate(tokens)]
    return sp.ImmutableMatrix([[sp.Symbol(n)] for n in names])


class Resolved:
    """Q, K, V and d_k after projections, with the steps that produced them."""

    def __init__(self, spec: AttentionSpec):
        self.spec = spec
        self.tokens = spec.tokens
        self.steps: list[Step] = []
        L = len(spec.tokens)
        if spec.X is not None:
            check_rows(spec.X, "X", L)
            self.steps.append(given("input", spec.X, "X", Text("输入矩阵 $X$", "Input matrix $X$"),
                                    spec))
        self.Q = self._projected("Q", spec.Q, spec.W_Q, "queries", Text("查询矩阵 $Q$", "Queries $Q$"))
        self.K = self._projected("K", spec.K, spec.W_K, "keys", Text("键矩阵 $K$", "Keys $K$"))
        if spec.V is None and spec.W_V is None:
            self.V = value_symbols(spec.tokens)
            self.symbolic_v = True
        else:
            self.V = self._projected("V", spec.V, spec.W_V, "values", Text("值矩阵 $V$", "Values $V$"))
            self.symbolic_v = False
        if self.Q.cols != self.K.cols:
            raise SymattnError(f"Q is {self.Q.rows}x{self.Q.cols} but K is {self.K.rows}x{self.K.cols}: "
                               "queries and keys need the same width d_k", entry="K")
        self.d_k = spec.d_k if spec.d_k is not None else sp.Integer(self.K.cols)

    def _projected(self, name, value_given, weight, step_id, title):
        spec, L = self.spec, len(self.spec.tokens)
        if value_given is not None and weight is not None:
            raise SymattnError(f"give either {name} or W_{name}, not both", entry=name)
        if value_given is not None:
            check_rows(value_given, name, L)
            self.steps.append(given(step_id, value_given, name, Text(f"给定的 ${name}$", f"Given ${name}$"), spec))
            return value_given
        if weight is None:
            raise SymattnError(f"missing {name}: give {name} directly, or X and W_{name}", entry=name)
        if spec.X is None:
            raise SymattnError(f"W_{name} needs X", entry=f"W_{name}")
        if weight.rows != spec.X.cols:
            raise SymattnError(f"X is {spec.X.rows}x{spec.X.cols} but W_{name} is "
                               f"{weight.rows}x{weight.cols}: W_{name} needs {spec.X.cols} rows",
                               entry=f"W_{name}")
        value = matmul(spec.X, weight)
        X = sp.MatrixSymbol("X", *spec.X.shape)
        W = sp.MatrixSymbol(f"W_{name}", *weight.shape)
        letter = name.lower()
        chain = (nodes.Named(f"{letter}_{{{index(0, 0)}}}"),
                 nodes.Dot(*[(spec.X[0, k], weight[k, 0]) for k in range(spec.X.cols)]),
                 value[0, 0])
        self.steps.append(Step(
            id=step_id, title=title, lhs=sp.MatrixSymbol(name, *value.shape), formula=X * W,
            substituted=sp.MatMul(spec.X, weight, evaluate=False), expanded=chain, exact=value,
            numeric=evaluate(value, spec.digits), row_labels=spec.tokens,
            notes=(shape_note(X * W, spec.X.shape, weight.shape, value.shape),)))
        return value


def check_rows(m, name, L):
    """One row per token, or a one-line error naming the matrix."""
    if m.rows != L:
        raise SymattnError(f"{name} has {m.rows} rows but there are {L} tokens", entry=name)


def given(step_id, value, name, title, spec) -> Step:
    """A matrix taken as given: formula and value, no substitution."""
    sym = sp.MatrixSymbol(name, *value.shape)
    return Step(id=step_id, title=title, lhs=sym, formula=sym, substituted=None, expanded=(),
                exact=value, numeric=evaluate(value, spec.digits), row_labels=spec.tokens,
                notes=(Text(Markup.of("维度：", nodes.Dims(*value.shape)), Markup.of("Shape: ", nodes.Dims(*value.shape))),))


def shape_note(what, a, b, c) -> Text:
    """The shapes of the product ``what`` (a SymPy product of matrix symbols): (a)(b) = c."""
    dims = math(nodes.Dims(*a, *b), " = ", nodes.Dims(*c))
    return Text(Markup.of("维度：", what, "：", dims), Markup.of("Shape of ", what, ": ", dims))


def softmax_rows(scaled: sp.MatrixBase) -> list[SoftmaxRow]:
    """The canonical exact softmax (softmax.py) of each row."""
    return [softmax_row(list(scaled.row(i))) for i in range(scaled.rows)]


@dataclass(frozen=True)
class MaskedRow:
    """The softmax of one row over its visible positions."""

    visible: tuple[int, ...]  # column indices with mask 0
    width: int                # the full row length
    row: SoftmaxRow           # canonical softmax of the visible entries

    def weights(self) -> tuple[sp.Expr, ...]:
        w = dict(zip(self.visible, self.row.weights()))
        return tuple(w.get(j, sp.S.Zero) for j in range(self.width))

    def combine(self, values) -> sp.Expr:
        """Σ_j a_j v_j over the visible j only (masked weights are exactly 0)."""
        return self.row.combine([values[j] for j in self.visible])


def masked_softmax_rows(scaled: sp.MatrixBase, mask: sp.MatrixBase, tokens=None) -> list[MaskedRow]:
    """Row softmax of ``scaled + mask``; a row whose every key is masked is an error.

    >>> half = sp.Rational(1, 2)
    >>> mask = sp.ImmutableMatrix([[0, NEG_INF], [0, 0]])
    >>> rows = masked_softmax_rows(sp.Matrix([[1, half], [half, half]]), mask)
    >>> [r.weights() for r in rows]
    [(1, 0), (1/2, 1/2)]
    """
    out = []
    for i in range(scaled.rows):
        visible = tuple(j for j in range(scaled.cols) if mask[i, j] != NEG_INF)
        bad = [j for j in range(scaled.cols) if mask[i, j] not in (0, NEG_INF)]
        if bad:
            raise SymattnError(f"mask entry ({i + 1},{bad[0] + 1}) is {mask[i, bad[0]]}; "
                               "a mask entry must be 0 or -oo", entry="mask")
        if not visible:
            who = f" (token {tokens[i]})" if tokens else ""
            raise SymattnError(f"row {i + 1}{who} is fully masked: it may see no key, so its softmax "
                               "would be 0/0 (PyTorch gives NaN); leave at least one key visible",
                               entry="options")
        out.append(MaskedRow(visible, scaled.cols, softmax_row([scaled[i, j] for j in visible])))
    return out


def score_steps(r: Resolved) -> tuple[list[Step], sp.ImmutableMatrix]:
    """The steps K^T, S = Q K^T and S / sqrt(d_k), and the scaled scores."""
    spec, steps = r.spec, []
    tokens, digits = spec.tokens, spec.digits
    L, dk = len(tokens), r.d_k
    Qs, Ks = sp.MatrixSymbol("Q", *r.Q.shape), sp.MatrixSymbol("K", *r.K.shape)
    d_sym = sp.Symbol("d_k")

    KT = transpose(r.K)
    steps.append(Step(
        id="keys_transposed", title=Text("转置 $K^T$", "Transpose $K^T$"), lhs=Ks.T, formula=Ks.T,
        substituted=sp.Transpose(r.K), exact=KT, numeric=evaluate(KT, digits), col_labels=tokens,
        expanded=(nodes.Named(f"(K^{{T}})_{{{index(0, 1 % L)}}}"), nodes.Named(f"k_{{{index(1 % L, 0)}}}"),
                  KT[0, 1 % L]),
        notes=(Text(Markup.format("行变列：{} 变为 {}", nodes.Dims(*r.K.shape), nodes.Dims(*KT.shape)),
                    Markup.format("Rows become columns: {} becomes {}", nodes.Dims(*r.K.shape), nodes.Dims(*KT.shape))),)))

    S = matmul(r.Q, KT)
    steps.append(Step(
        id="scores", title=Text("打分矩阵 $S = QK^T$", "Scores $S = QK^T$"),
        lhs=sp.MatrixSymbol("S", L, L), formula=Qs * Ks.T,
        substituted=sp.MatMul(r.Q, KT, evaluate=False),
        expanded=(nodes.Named("s_{%s}" % index(0, 0)),
                  nodes.Dot(*[(r.Q[0, k], KT[k, 0]) for k in range(KT.rows)]), S[0, 0]),
        exact=S, numeric=evaluate(S, digits), row_labels=tokens, col_labels=tokens,
        notes=(shape_note(Qs * Ks.T, r.Q.shape, KT.shape, S.shape),
               Text("第 $i$ 行第 $j$ 列 = 第 $i$ 个词的查询与第 $j$ 个词的键的点积。",
                    "Entry $(i, j)$ is the dot product of token $i$'s query with token $j$'s key."))))

    root = sp.sqrt(dk)
    root_dk = nodes.Root(nodes.Sub("d", "k"))
    scaled_by = math(sp.MatrixSymbol("S", L, L), " / ", root_dk)
    scaled = S / root if root != 1 else S
    scaled = sp.ImmutableMatrix(scaled.applyfunc(lambda e: e if e.is_Rational else sp.expand(e)))
    shown = sp.Pow(dk, sp.S.Half, evaluate=False)
    if root.is_Rational:
        root_math = math(shown, " = ", root)
    elif root.is_number:  # sqrt(3) = sqrt(3) says nothing: give its decimals
        root_math = math(nodes.Approx(shown, root, digits))
    else:
        root_math = math(root)
    steps.append(Step(
        id="scaled_scores", title=Text(Markup.of("缩放 ", scaled_by), Markup.of("Scaling ", scaled_by)),
        lhs=nodes.Named(r"\tilde{S}", "S_scaled"), formula=nodes.ScaledBy(Qs * Ks.T, d_sym),
        substituted=nodes.ScaledBy(S, dk),
        expanded=(nodes.Named(r"\tilde{s}_{%s}" % index(0, 0)), nodes.ScaledBy(S[0, 0], dk),
                  scaled[0, 0]),
        exact=scaled, numeric=evaluate(scaled, digits), row_labels=tokens, col_labels=tokens,
        notes=(Text(Markup.parse("$d_k = {}$，${}$: ${}$。", dk, root_dk, root_math),
                    Markup.parse("$d_k = {}$, so ${}$.", dk, root_math)),)))
    return steps, scaled


def weights_step(r: Resolved, scaled: sp.ImmutableMatrix) -> tuple[Step, list[SoftmaxRow]]:
    """The step A = softmax(S~) by rows, and its canonical rows."""
    spec = r.spec
    tokens, digits, L = spec.tokens, spec.digits, len(spec.tokens)
    Qs, Ks = sp.MatrixSymbol("Q", *r.Q.shape), sp.MatrixSymbol("K", *r.K.shape)
    rows = softmax_rows(scaled)
    A = sp.ImmutableMatrix([list(row.weights()) for row in rows])
    A_num = evaluate(A, digits)
    first = rows[0]
    chain = [nodes.Named("a_{%s}" % index(0, 0)),
             nodes.ExpRatio(scaled[0, 0], tuple(scaled.row(0)))]
    if first.shift != 0:
        chain.append(nodes.ExpRatio(first.exponents[0], first.exponents))
    chain.append(A[0, 0])
    step = Step(
        id="weights", title=Text("按行 softmax：注意力权重 $A$", "Row softmax: attention weights $A$"),
        lhs=sp.MatrixSymbol("A", L, L),
        formula=nodes.RowSoftmax(nodes.ScaledBy(Qs * Ks.T, sp.Symbol("d_k"))),
        substituted=nodes.RowSoftmax(scaled), expanded=tuple(chain), exact=A, numeric=A_num,
        row_labels=tokens, col_labels=tokens,
        notes=_weight_notes(rows, A_num, spec) + degenerate_notes(r.Q, r.K, scaled, tokens))
    return step, rows


def degenerate_notes(Q, K, scaled, tokens) -> tuple[Text, ...]:
    """One line for each degenerate input and what follows from it: keys all equal (every weight 1/L),
    equal keys (equal columns), a zero key (score 0 from every query), a row of equal scores (a
    zero query among them: uniform weights, the output row the mean of V's rows).

    >>> eq = sp.ImmutableMatrix([[1, 0], [1, 0]])
    >>> notes = degenerate_notes(eq, eq, sp.ImmutableMatrix([[1, 1], [0, 0]]), ("a", "b"))
    >>> len(notes), notes[0].en.pieces[0]
    (1, 'All keys are equal: every query gives every key the same score, so every weight is ')
    """
    L = scaled.rows
    if L < 2 or scaled.cols != L:
        return ()
    def who(rows):
        return ", ".join(f"{i + 1} ({literal(tokens[i])})" if i < len(tokens) else str(i + 1) for i in rows)
    def who_zh(rows, unit):  # 第 1、3 行（我、你）
        named = "、".join(literal(tokens[i]) for i in rows if i < len(tokens))
        return f"第 {'、'.join(str(i + 1) for i in rows)} {unit}" + (f"（{named}）" if named else "")
    notes = []
    keys = [tuple(K.row(j)) for j in range(K.rows)]
    uniform = math(sp.Rational(1, L))
    if len(set(keys)) == 1:
        return (Text(Markup.parse("所有键都相同：每个查询给每个键的分数一样，所以每个权重都是 ${}$，"
                                  "每一行输出都是 $V$ 各行的平均。", uniform),
                     Markup.parse("All keys are equal: every query gives every key the same score, so every weight "
                                  "is ${}$ and every output row is the mean of the rows of $V$.", uniform)),)
    for key in dict.fromkeys(keys):
        same = [j for j, k in enumerate(keys) if k == key]
        if len(same) > 1:
            notes.append(Text(f"{who_zh(same, '个键')}相同：权重矩阵的这几列相等（每个查询给它们一样的分数）。",
                              f"Keys {who(same)} are equal: those columns of the weights are equal (every query "
                              "scores them alike)."))
    zero_keys = [j for j, k in enumerate(keys) if all(x == 0 for x in k)]
    if zero_keys:
        notes.append(Text(f"{who_zh(zero_keys, '个键')}是零向量：每个查询给它的分数都是 $0$。",
                          f"Key {who(zero_keys)} is the zero vector: every query gives it the score $0$."))
    flat = [i for i in range(L) if len(set(scaled.row(i))) == 1]
    if flat:
        zero = [i for i in flat if all(x == 0 for x in Q.row(i))]
        why_zh = f"（{who_zh(zero, '个查询')}是零向量，分数全为 $0$）" if zero else ""
        why_en = f" (query {who(zero)} is the zero vector, so its scores are all $0$)" if zero else ""
        one = len(flat) == 1
        notes.append(Text(Markup.parse(f"{who_zh(flat, '行')}的分数全部相等{why_zh}：权重都是 ${{}}$，"
                                       "输出是 $V$ 各行的平均。", uniform),
                          Markup.parse(f"{'Row' if one else 'Rows'} {who(flat)}: {'its' if one else 'their'} scores "
                                       f"are all equal{why_en}, so {'its' if one else 'their'} weights are ${{}}$ each "
                                       f"and {'its output row is' if one else 'their output rows are'} the mean of the "
                                       "rows of $V$.", uniform)))
    return tuple(notes)


def intro(r: Resolved, weights: Step) -> tuple[Text, ...]:
    """The opening paragraph: L, d_k, and the levels each step shows."""
    L, dk, digits = len(r.tokens), r.d_k, r.spec.digits
    if any(v is not None for row in weights.numeric for v in row):
        return (Text(Markup.parse(f"序列长度 $L = {L}$，$d_k = {{}}$。每一步给出公式、代入数字、展开一个元素、精确值与 {digits} 位小数。", dk),
                     Markup.parse(f"Sequence length $L = {L}$, $d_k = {{}}$. Each step shows the formula, the numbers "
                                  f"substituted, one entry written out, the exact value and {digits} decimals.", dk)),)
    # symbolic weights have no decimals to promise
    return (Text(Markup.parse(f"序列长度 $L = {L}$，$d_k = {{}}$。每一步给出公式、代入数字、展开一个元素与精确值（含符号，没有小数）。", dk),
                 Markup.parse(f"Sequence length $L = {L}$, $d_k = {{}}$. Each step shows the formula, the numbers "
                              "substituted, one entry written out and the exact value (symbolic, so no decimals).", dk)),)


def meta(r: Resolved) -> tuple[tuple[str, object], ...]:
    """What a Derivation records about the inputs."""
    return (("d_k", r.d_k), ("symbolic_v", r.symbolic_v))


def _weight_notes(rows, A_num, spec) -> tuple[Text, ...]:
    notes = []
    sums = [ratio(ExpSum.collect((x, 1) for x in row.exponents), row.denominator) for row in rows]
    if all(s == 1 for s in sums):
        notes.append(Text("每一行的精确和都恰好是 $1$（分子加起来正是分母）。",
                          "Every row sums to exactly $1$: the numerators add up to the denominator."))
    if all(x.is_number for row in rows for x in row.exponents):
        at_least_0, at_most_0 = math(nodes.Glyph("ge"), " ", 0), math(nodes.Glyph("le"), " ", 0)
        notes.append(Text(
            Markup.parse("精确形式把每行减去该行最小值，使指数都 ${}$，再合并相同的指数项。"
                         "数值代码（如 PyTorch）反过来减去每行最大值，使指数都 ${}$，$e^x$ 不会溢出；"
                         "分子分母同乘一个常数，结果不变。", at_least_0, at_most_0),
            Markup.parse("The exact form subtracts each row's minimum, so every exponent is ${}$, and groups "
                         "equal exponents. Numeric code (PyTorch, for one) subtracts the row maximum instead, so "
                         "every exponent is ${}$ and $e^x$ cannot overflow; multiplying top and bottom by the same "
                         "constant changes nothing.", at_least_0, at_most_0)))
    else:  # symbolic scores have no known minimum: nothing was shifted
        notes.append(Text(
            "分数含符号，无法判断哪一个最小，所以指数保持原样、不做平移。"
            "数值代码（如 PyTorch）会减去每行最大值，使 $e^x$ 不会溢出；分子分母同乘一个常数，结果不变。",
            "The scores are symbolic, so no row minimum is known and the exponents are left as they are, "
            "unshifted. Numeric code (PyTorch, for one) subtracts the row maximum so that $e^x$ cannot "
            "overflow; multiplying top and bottom by the same constant changes nothing."))
    numeric_ok = all(v is not None for row in A_num for v in row)
    has_claims = any(step_id == "weights" for step_id, _, _ in spec.claimed)
    if numeric_ok and not has_claims:
        rounded = [[fixed(v, 2) for v in row] for row in A_num]
        off = [(i, s) for i, s in enumerate(row_sums(rounded)) if s != "1.00"]
        if off:
            parts_zh = "、".join(f"第 {i + 1} 行为 ${s}$" for i, s in off)
            parts_en = ", ".join(f"row {i + 1} gives ${s}$" for i, s in off)
            notes.append(Text(f"保留两位小数后各行之和不一定是 1：{parts_zh}。这是舍入造成的，不是错误。",
                              f"Rounded to two decimals the rows need not sum to 1: {parts_en}. "
                              "That is rounding, not an error."))
    return tuple(notes)


def row_sums(rounded) -> list[str]:
    """The exact decimal sum of each row of printed decimals."""
    from decimal import Decimal
    return [f"{sum(Decimal(v) for v in row):f}" for row in rounded]


def option_matrix(spec, key: str, numbers: bool = True):
    """``[options] key = [[...], ...]`` as an exact matrix, its size checked before any entry is read;
    None when the option is absent.  ``numbers=False`` also takes symbols (``w_{11}``)."""
    from . import limits
    from .errors import SymattnError
    from .spec import entry_value
    raw = spec.option(key)
    if raw is None:
        return None
    where = f"options.{key}"
    if not isinstance(raw, list) or not raw or not all(isinstance(r, list) and r for r in raw):
        raise SymattnError("expected a non-empty list of rows", entry=where)
    limits.check_matrix(len(raw), len(raw[0]), where)
    if any(len(r) != len(raw[0]) for r in raw):
        raise SymattnError("rows of different lengths", entry=where)
    m = sp.ImmutableMatrix([[entry_value(v, f"{where}[{i + 1},{j + 1}]") for j, v in enumerate(r)]
                            for i, r in enumerate(raw)])
    if numbers and m.free_symbols:
        raise SymattnError("expected numbers", entry=where)
    return m
