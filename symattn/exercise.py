"""Practice problems that can be done by hand, with answer keys from the derivation.

``make_exercise(seed, tokens, dim)`` draws small matrices Q, K (0/1 entries) and
a small integer V with ``random.Random(seed)``, so that every scaled score
s_ij / sqrt(d_k) is an integer or a half: d_k = dim is 1, 4, 9 or 16, so sqrt(d_k)
is whole, and for 9 and 16 the entries of Q are 0/3 and 0/2 (see ``_draw``).
The answer key is ``symattn.topics.derive`` run on the generated spec: nothing
in it is computed twice, nothing by hand.

``topic`` picks the kind of problem from :data:`TOPICS` (one entry per topic: how
it draws the spec, its tasks, its key lines): plain attention, a causal mask, or
two heads.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable

import sympy as sp

from . import limits
from .errors import SymattnError
from .model import Derivation, Text
from .numeric import fixed
from .printing import Printer
from .spec import AttentionSpec

__all__ = ["Exercise", "Kind", "TOPICS", "make_exercise", "worksheet", "answer_key", "document", "spec_toml",
           "drill_deck", "DIMS", "header", "tasks", "name", "tex_document"]

DIMS = (1, 4, 9, 16)          # d_k with a whole square root
_WORDS = {"zh": ("我", "爱", "你", "他", "看", "书", "猫", "吃", "鱼", "好"),
          "en": ("the", "cat", "sat", "on", "a", "mat", "dog", "ran", "home", "fast")}


@dataclass(frozen=True)
class Exercise:
    """One generated problem and its derivation."""

    seed: int                      # random.Random(seed) drew everything
    spec: AttentionSpec            # tokens, Q, K, V, d_k, digits, lang
    derivation: Derivation         # symattn.topics.derive(spec): the answer key's source

    @property
    def topic(self) -> str:
        return self.spec.topic

    @property
    def width(self) -> int:
        """d_k of one head: the scaling's sqrt(d_k) is whole."""
        return int(self.spec.d_k) if self.spec.d_k is not None else self.spec.Q.cols // dict(self.spec.options)["heads"]

    @property
    def name(self) -> str:
        lead = "" if self.topic == "attention" else f"{self.topic}-"
        return f"{lead}s{self.seed}-L{len(self.spec.tokens)}-d{self.width}"


def _check(seed, tokens, dim, digits, lang, topic="attention") -> None:
    if topic not in TOPICS:
        raise SymattnError(f"must be one of {', '.join(TOPICS)}, got {topic!r}", entry="--topic")
    for value, flag in ((seed, "--seed"), (tokens, "--tokens"), (dim, "--dim"), (digits, "--digits")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SymattnError("must be a whole number", entry=flag)
    top_seed, fewest, most = limits.EXERCISE_MAX_SEED, limits.EXERCISE_MIN_TOKENS, limits.EXERCISE_MAX_TOKENS
    if not 0 <= seed <= top_seed:
        raise SymattnError(f"must be from 0 to {top_seed}, got {seed}", entry="--seed")
    if not fewest <= tokens <= most:
        raise SymattnError(f"must be from {fewest} to {most} (a hand exercise), got {tokens}",
                           entry="--tokens")
    if dim not in DIMS:
        raise SymattnError(f"must be one of {', '.join(map(str, DIMS))} so that sqrt(d_k) is a whole "
                           f"number, got {dim}", entry="--dim")
    if not 0 <= digits <= limits.EXERCISE_MAX_DIGITS:
        raise SymattnError(f"must be from 0 to {limits.EXERCISE_MAX_DIGITS}, got {digits}", entry="--digits")
    if lang not in ("zh", "en"):
        raise SymattnError(f"must be zh or en, got {lang!r}", entry="--lang")


def _draw(rng: random.Random, L: int, D: int):
    """Q, K and V.  K is 0/1; Q is 0/c with c = 1 for d_k = 4, c = 3 for d_k = 9 and
    c = 2 for d_k = 16, so every score s_ij is a multiple of sqrt(d_k)/2 and the scaled
    scores are whole numbers or halves.  With d_k = 1 the entries are 1 or 2 (a 0 would
    leave only the score 1).  No zero rows; V has entries 0..3 and no zero rows."""
    root = int(sp.sqrt(D))
    c = 1 if root <= 2 else (root if root % 2 else root // 2)
    lo, hi = (1, 2) if D == 1 else (0, 1)

    def row(lo_, hi_, width):
        while True:
            v = [rng.randint(lo_, hi_) for _ in range(width)]
            if any(v):
                return v

    keys = [row(lo, hi, D) for _ in range(L)]
    queries = [[c * b for b in row(lo, hi, D)] for _ in range(L)]
    values = [row(0, 3, min(D, 3)) for _ in range(L)]
    return sp.ImmutableMatrix(queries), sp.ImmutableMatrix(keys), sp.ImmutableMatrix(values)


def _interesting(Q, K, causal: bool = False) -> bool:
    """Some row of scores is not constant (over the keys it sees), so some softmax is not uniform."""
    S = Q * K.T
    return any(len(set(S[i, :i + 1] if causal else S.row(i))) > 1 for i in range(S.rows))


def make_exercise(seed: int = 0, tokens: int = 3, dim: int = 4, *, lang: str = "zh",
                  digits: int = 2, topic: str = "attention") -> Exercise:
    """A fresh, deterministic problem.

    >>> ex = make_exercise(7, 3, 4, lang="en")
    >>> all((2 * s).is_Integer for s in ex.derivation.step("scaled_scores").exact)
    True
    """
    _check(seed, tokens, dim, digits, lang, topic)
    from .topics import derive
    rng = random.Random(seed)
    words = list(_WORDS[lang])
    toks = tuple(rng.sample(words, tokens))
    title = (f"注意力练习 #{seed}" if lang == "zh" else f"Attention exercise #{seed}")
    spec = AttentionSpec(tokens=toks, digits=digits, lang=lang, titles=((lang, title),),
                         source=f"<exercise seed={seed}>")
    spec = TOPICS[topic].draw(rng, spec, tokens, dim)
    return Exercise(seed, spec, derive(spec))


def _redraw(rng, L, D, causal=False):
    """Q, K, V, redrawn while every softmax would be uniform (rare)."""
    for _attempt in range(50):
        Q, K, V = _draw(rng, L, D)
        if _interesting(Q, K, causal):
            break
    return Q, K, V


def _draw_attention(rng, spec, L, D):
    Q, K, V = _redraw(rng, L, D)
    return replace(spec, Q=Q, K=K, V=V, d_k=sp.Integer(D))


def _draw_mask(rng, spec, L, D):
    Q, K, V = _redraw(rng, L, D, causal=True)
    title = dict(spec.titles)[spec.lang]
    title = (title.replace("注意力练习", "因果掩码注意力练习") if spec.lang == "zh"
             else title.replace("Attention exercise", "Causal attention exercise"))
    return replace(spec, topic="mask", Q=Q, K=K, V=V, d_k=sp.Integer(D), options=(("causal", True),),
                   titles=((spec.lang, title),))


_HEADS = 2


def _draw_mha(rng, spec, L, D):
    """Two heads, each drawn as one attention problem of width D, side by side."""
    blocks = [_redraw(rng, L, D) for _ in range(_HEADS)]
    Q, K, V = (sp.ImmutableMatrix.hstack(*[b[k] for b in blocks]) for k in range(3))
    title = dict(spec.titles)[spec.lang]
    title = (title.replace("注意力练习", "多头注意力练习") if spec.lang == "zh"
             else title.replace("Attention exercise", "Multi-head attention exercise"))
    return replace(spec, topic="mha", Q=Q, K=K, V=V, options=(("heads", _HEADS),), titles=((spec.lang, title),))


def _draw_backward(rng, spec, L, D):
    """An attention problem and an upstream gradient dO of 0/±1 entries, not all 0."""
    Q, K, V = _redraw(rng, L, D)
    while True:
        dO = [[rng.randint(-1, 1) for _ in range(V.cols)] for _ in range(L)]
        if any(any(r) for r in dO):
            break
    title = dict(spec.titles)[spec.lang]
    title = (title.replace("注意力练习", "反向传播练习") if spec.lang == "zh"
             else title.replace("Attention exercise", "Backward pass exercise"))
    return replace(spec, topic="backward", Q=Q, K=K, V=V, d_k=sp.Integer(D), options=(("dO", dO),),
                   titles=((spec.lang, title),))


# --- text ----------------------------------------------------------------------------------

#: the quantities' names in the tasks and the key, in each language (``symattn check`` reads both)
_NAMES = {
    "scores": Text(r"\text{打分}", r"\text{Scores}"),
    "scaled": Text(r"\text{缩放打分}", r"\text{Scaled Scores}"),
    "weights": Text(r"\text{注意力权重}", r"\text{Attention Weights}"),
    "softmax": Text(r"\operatorname{softmax}", r"\text{Softmax}"),
    "masked": Text(r"\text{掩码打分}", r"\text{Masked Scores}"),
    "head": Text(r"\text{头}", r"\text{head}"),
    "concat": Text(r"\text{拼接}", r"\text{Concat}"),
}

_T = {
    "tokens": Text("词：{toks}", "Tokens: {toks}"),
    "sizes": Text("规模：$L = {L}$ 个词，$d_k = {dk}$", "Sizes: $L = {L}$ tokens, $d_k = {dk}$"),
    "sizes_mha": Text("规模：$L = {L}$ 个词，$h = {h}$ 个头，每个头 $d_h = {dk}$，$V$ 每个头 {dv} 列",
                      "Sizes: $L = {L}$ tokens, $h = {h}$ heads of width $d_h = {dk}$, {dv} columns of $V$ per head"),
    "given": Text("已知（按行：每个词一行）：", "Given (one row per token):"),
    "tasks": Text("任务", "Tasks"),
    "t1": Text("写出 $K^T$ 及其形状。", "Write $K^T$ and its shape."),
    "t2": Text("计算打分矩阵 ${scores} = Q \\times K^T$。", "Compute ${scores} = Q \\times K^T$."),
    "t3": Text("除以 $\\sqrt{{d_k}} = \\sqrt{{{dk}}}$ 得到 ${scaled}$（都是整数或半整数）。",
               "Divide by $\\sqrt{{d_k}} = \\sqrt{{{dk}}}$ to get the ${scaled}$ (whole numbers or halves)."),
    "t4": Text("按行做 softmax，得到 ${weights}$：先写精确值（每行减去最小值，合并相同指数），再保留 {n} 位小数。",
               "Softmax each row to get the ${weights}$: first exactly (subtract the row minimum, group equal "
               "exponents), then to {n} decimals."),
    "t5": Text("计算输出 ${weights} \\times V$（精确值与 {n} 位小数）。",
               "Compute the output ${weights} \\times V$ (exact and to {n} decimals)."),
    "t6": Text("检查：每行权重之和为 $1$。", "Check: every row of weights sums to $1$."),
    "m1": Text("写出 $L \\times L$ 的因果掩码 $M$：第 $i$ 个词只看自己和它前面的词（其余为 $-\\infty$）。",
               "Write the $L \\times L$ causal mask $M$: token $i$ sees only itself and the tokens before it (the "
               "rest are $-\\infty$)."),
    "m2": Text("计算 ${masked} = {scaled} + M$。", "Compute ${masked} = {scaled} + M$."),
    "m3": Text("按行做 softmax：$e^{{-\\infty}} = 0$，只在可见的词上归一化；先写精确值，再保留 {n} 位小数。",
               "Softmax each row: $e^{{-\\infty}} = 0$, so normalise over the visible tokens only; exactly, then to "
               "{n} decimals."),
    "h1": Text("两个头：第 1 个头取 $Q$、$K$ 的前 $d_h = {dk}$ 列（$Q_1$、$K_1$）和 $V$ 的前一半列（$V^{{(1)}}$），"
               "第 2 个头取其余的列（$Q_2$、$K_2$、$V^{{(2)}}$）。",
               "Two heads: head 1 takes the first $d_h = {dk}$ columns of $Q$ and $K$ ($Q_1$, $K_1$) and the first "
               "half of the columns of $V$ ($V^{{(1)}}$); head 2 takes the rest ($Q_2$, $K_2$, $V^{{(2)}}$)."),
    "h2": Text("对每个头 $i$：计算 $Q_i K_i^T$，除以 $\\sqrt{{d_h}} = \\sqrt{{{dk}}}$，按行 softmax 得到 $A_i$"
               "（精确值与 {n} 位小数）。",
               "For each head $i$: compute $Q_i K_i^T$, divide by $\\sqrt{{d_h}} = \\sqrt{{{dk}}}$ and softmax each row "
               "to get $A_i$ (exact and to {n} decimals)."),
    "h3": Text("计算每个头的输出 ${head}_i = A_i V^{{(i)}}$，再把它们左右拼接（头 1 的列在前），得到 ${concat}$。",
               "Compute each head's output ${head}_i = A_i V^{{(i)}}$, then put them side by side, head 1's "
               "columns first: that is ${concat}$."),
    "b0": Text("上面给出的 $dO$ 是上游梯度：损失对注意力输出的梯度（$dX$ 表示损失对 $X$ 的梯度）。",
               "The $dO$ given above is the upstream gradient: the loss's gradient with respect to the attention "
               "output ($dX$ stands for the loss's gradient with respect to $X$)."),
    "b1": Text("计算 $dV = A^T dO$ 和 $dA = dO\\, V^T$。", "Compute $dV = A^T dO$ and $dA = dO\\, V^T$."),
    # in words, not D = …: a formula here would be a second definition beside the key's
    "b2": Text("计算 $D$：$dA \\odot A$ 每一行的和（每行一个数）；再求 $d\\tilde{{S}}$：$A \\odot (dA - D\\,\\mathbf{{1}}^T)$，"
               "其中 $\\mathbf{{1}}^T$ 是一行 $1$（精确值与 {n} 位小数）。",
               "Compute $D$, the sum of each row of $dA \\odot A$ (one number per row), then $d\\tilde{{S}}$: "
               "$A \\odot (dA - D\\,\\mathbf{{1}}^T)$, where $\\mathbf{{1}}^T$ is a row of ones (exact and to {n} decimals)."),
    "b3": Text("计算 $dQ = d\\tilde{{S}}\\, K / \\sqrt{{d_k}}$ 和 $dK = (d\\tilde{{S}})^T Q / \\sqrt{{d_k}}$。",
               "Compute $dQ = d\\tilde{{S}}\\, K / \\sqrt{{d_k}}$ and $dK = (d\\tilde{{S}})^T Q / \\sqrt{{d_k}}$."),
    "key": Text("答案", "Answer key"),
    "keynote": Text("由 symattn 精确推导（`symattn derive` 同一题目）；可用 `symattn check` 核对。",
                    "Derived exactly by symattn (the same problem as `symattn derive`); `symattn check` confirms it."),
}


def name(key: str, lang: str) -> str:
    """A quantity's name as the tasks and the key write it (``\\text{打分}`` in Chinese)."""
    return _NAMES[key][lang]


def _say(key: str, ex: "Exercise", lang: str) -> str:
    """One sentence of the worksheet, its numbers and names filled in."""
    return _T[key][lang].format(dk=ex.width, n=ex.spec.digits, **{k: v[lang] for k, v in _NAMES.items()})


def _p(ex: Exercise) -> Printer:
    return Printer({"token_order": ex.spec.tokens})


def _decimals(step, digits: int) -> str:
    return Printer().matrix_of([[fixed(v, digits) for v in row] for row in step.numeric])


def _chain(p: Printer, step) -> str:
    parts = [p.doprint(e) for e in step.expanded]
    return " = ".join(t for k, t in enumerate(parts) if k == 0 or t != parts[k - 1])


def _givens(ex: Exercise) -> list[str]:
    p, s = _p(ex), ex.spec
    upstream = dict(s.options).get("dO") if ex.topic == "backward" else None
    return [f"Q = {p.doprint(s.Q)}", f"K = {p.doprint(s.K)}", f"V = {p.doprint(s.V)}"] + (
        [f"dO = {p.doprint(sp.ImmutableMatrix(upstream))}"] if upstream is not None else [])


def _key_lines(ex: Exercise) -> list[str]:
    """The key as equation chains in the article's style, one formula per line."""
    return TOPICS[ex.topic].key(ex)


def _scores_lines(ex: Exercise) -> list[str]:
    """Q, K, V, K^T, the scores (one written out), sqrt(d_k) and the scaled scores."""
    p, d, dk, lang = _p(ex), ex.derivation, ex.spec.d_k, ex.spec.lang
    return _givens(ex) + [
        f"K^T = {p.doprint(d.step('keys_transposed').exact)}",
        f"{name('scores', lang)} = Q \\times K^T = {p.doprint(d.step('scores').exact)}",
        _chain(p, d.step("scores")),
        f"\\sqrt{{d_k}} = \\sqrt{{{p.doprint(dk)}}} = {p.doprint(sp.sqrt(dk))}",
        f"{name('scaled', lang)} = {p.doprint(d.step('scaled_scores').exact)}",
    ]


def _weights_lines(ex: Exercise, of: str) -> list[str]:
    """One weight written out, the weights exact and rounded, the output exact and rounded."""
    p, d, n, lang = _p(ex), ex.derivation, ex.spec.digits, ex.spec.lang
    W, O = d.step("weights"), d.step("output")
    weights = name("weights", lang)
    A = f"{weights} = {name('softmax', lang)}({name(of, lang)})"
    return [
        _chain(p, W),
        f"{A} = {p.doprint(W.exact)}",
        f"{A} \\approx {_decimals(W, n)}",
        f"{weights} \\times V = {p.doprint(O.exact)}",
        f"{weights} \\times V \\approx {_decimals(O, n)}",
    ]


def _key_attention(ex: Exercise) -> list[str]:
    return _scores_lines(ex) + _weights_lines(ex, "scaled")


def _key_mask(ex: Exercise) -> list[str]:
    p, d, lang = _p(ex), ex.derivation, ex.spec.lang
    return _scores_lines(ex) + [
        f"M = {p.doprint(d.step('mask').exact)}",
        f"{name('masked', lang)} = {name('scaled', lang)} + M = {p.doprint(d.step('masked_scores').exact)}",
    ] + _weights_lines(ex, "masked")


def _key_mha(ex: Exercise) -> list[str]:
    """Per head: its columns, Q_i K_i^T, the scaling, A_i and head_i; then the concatenation.  The value
    blocks are V^{(i)}: check reads V_1 as a row of V, and Q_1, K_1 as column blocks of d_h columns."""
    from .topics.heads import mha  # the per-head scores and scaled scores the derivation's steps do not keep
    p, d, n, s, lang = _p(ex), ex.derivation, ex.spec.digits, ex.spec, ex.spec.lang
    h, dh = dict(s.options)["heads"], ex.width
    head = name("head", lang)
    lines = _givens(ex) + [f"h = {h}", f"d_h = {dh}"]
    for k, part in enumerate(mha(s.Q, s.K, s.V, h).heads, 1):
        W, O = d.step(f"head{k}_weights"), d.step(f"head{k}_output")
        frac = f"\\frac{{Q_{k} K_{k}^T}}{{\\sqrt{{d_h}}}}"
        lines += [
            f"Q_{k} = {p.doprint(part.Q)}", f"K_{k} = {p.doprint(part.K)}", f"V^{{({k})}} = {p.doprint(part.V)}",
            f"Q_{k} K_{k}^T = {p.doprint(part.Q * part.K.T)}",
            f"{frac} = {p.doprint(part.scaled)}",
            f"A_{k} = \\operatorname{{softmax}}\\left({frac}\\right) = {p.doprint(W.exact)}",
            f"A_{k} \\approx {_decimals(W, n)}",
            f"{head}_{k} = A_{k} V^{{({k})}} = {p.doprint(O.exact)}",
            f"{head}_{k} \\approx {_decimals(O, n)}",
        ]
    heads = " & ".join(f"{head}_{k}" for k in range(1, h + 1))
    return lines + [f"{name('concat', lang)} = \\begin{{bmatrix}} {heads} \\end{{bmatrix}} = "
                    f"{p.doprint(d.step('concat').exact)}"]


def _ones(n: int, column: bool = True) -> str:
    return "\\begin{bmatrix} " + (" \\\\ " if column else " & ").join(["1"] * n) + " \\end{bmatrix}"


def _key_backward(ex: Exercise) -> list[str]:
    """The forward key, then dO back through it: dV, dA, D, dS~, dQ and dK, exact and rounded.  Written as
    check reads them: dX names a gradient, D = (dA ⊙ A) times a column of ones (not rowsum, which it does not
    know), and (dS̃)^T in parentheses (d\\tilde{S}^T reads as d times S̃ᵀ)."""
    p, d, n = _p(ex), ex.derivation, ex.spec.digits
    L = len(ex.spec.tokens)
    out = _key_attention(ex)  # the givens include the upstream gradient
    for step_id, lhs in (("grad_values", "dV = A^T dO"), ("grad_weight", "dA = dO\\, V^T"),
                         ("row_dot", f"D = (dA \\odot A) {_ones(L)}"),
                         ("grad_scaled_scores", f"d\\tilde{{S}} = A \\odot (dA - D {_ones(L, column=False)})"),
                         ("grad_queries", "dQ = \\frac{d\\tilde{S}\\, K}{\\sqrt{d_k}}"),
                         ("grad_keys", "dK = \\frac{(d\\tilde{S})^T Q}{\\sqrt{d_k}}")):
        step = d.step(step_id)
        out.append(f"{lhs} = {p.doprint(step.exact)}")
        if not all(x.is_Rational for x in step.exact):
            out.append(f"{lhs.split(' = ')[0]} \\approx {_decimals(step, n)}")
    return out


@dataclass(frozen=True)
class Kind:
    """One kind of problem: how it is drawn, what it asks, and its key."""

    draw: Callable[..., AttentionSpec]         # (rng, spec, L, D) -> the spec to derive
    tasks: tuple[str, ...]                     # the worksheet's tasks, keys of _T, in order
    key: Callable[[Exercise], list[str]]       # the key's lines, equation chains that check reads


#: --topic -> its kind of problem; a new topic is one line here and its functions
TOPICS: dict[str, Kind] = {
    "attention": Kind(_draw_attention, ("t1", "t2", "t3", "t4", "t5", "t6"), _key_attention),
    "mask": Kind(_draw_mask, ("t1", "t2", "t3", "m1", "m2", "m3", "t5", "t6"), _key_mask),
    "mha": Kind(_draw_mha, ("h1", "h2", "h3", "t6"), _key_mha),
    "backward": Kind(_draw_backward, ("t1", "t2", "t3", "t4", "t5", "b0", "b1", "b2", "b3"), _key_backward),
}


def header(ex: Exercise, lang: str) -> tuple[str, str, str]:
    """The worksheet's first lines: the tokens, the sizes, and what is given (each a line of its own)."""
    toks = ("、" if lang == "zh" else ", ").join(ex.spec.tokens)
    L = len(ex.spec.tokens)
    if ex.topic == "mha":
        h = dict(ex.spec.options)["heads"]
        sizes = _T["sizes_mha"][lang].format(L=L, h=h, dk=ex.width, dv=ex.spec.V.cols // h)
    else:
        sizes = _T["sizes"][lang].format(L=L, dk=ex.width)
    return _T["tokens"][lang].format(toks=toks), sizes, _T["given"][lang]


def tasks(ex: Exercise) -> list[tuple[str, str]]:
    """(task key, the task in the exercise's language), in order."""
    return [(k, _say(k, ex, ex.spec.lang)) for k in TOPICS[ex.topic].tasks]


def worksheet(ex: Exercise, fmt: str = "md") -> str:
    """The problem and the tasks, without answers."""
    from .escape import literal
    lang = ex.spec.lang
    title = ex.derivation.title[lang]
    toks, sizes, given = header(ex, lang)
    items = [t for _, t in tasks(ex)]
    if fmt == "md":
        from .escape import md_text
        out = [f"# {title}", "", md_text(literal(toks)) + "  ", sizes, "", given, ""]
        out += [f"${g}$\n" for g in _givens(ex)]
        out += [f"## {_T['tasks'][lang]}", ""] + [f"{i}. {t}" for i, t in enumerate(items, 1)] + [""]
        return "\n".join(out)
    from .render.tex import escape_text
    out = [r"\section*{%s}" % escape_text(title), escape_text(literal(toks)) + r"\\", escape_text(sizes) + r"\\",
           escape_text(given), ""]
    for g in _givens(ex):
        out += [r"\[", g, r"\]"]
    out += ["", r"\subsection*{%s}" % escape_text(_T["tasks"][lang]), r"\begin{enumerate}"]
    out += [r"\item " + escape_text(t) for t in items] + [r"\end{enumerate}", ""]
    return "\n".join(out)


def answer_key(ex: Exercise, fmt: str = "md") -> str:
    """The answers: every line an equation chain ``symattn check`` reads."""
    lang = ex.spec.lang
    lines = _key_lines(ex)
    if fmt == "md":
        out = [f"## {_T['key'][lang]}", "", _T["keynote"][lang], ""]
        for line in lines:
            out += [f"${line}$", ""]
        return "\n".join(out)
    from .render.tex import escape_text
    note = _T["keynote"][lang].split("`")  # `symattn check`: a command, set in typewriter type
    out = [r"\subsection*{%s}" % escape_text(_T["key"][lang]),
           "".join(escape_text(x) if k % 2 == 0 else r"\texttt{%s}" % escape_text(x) for k, x in enumerate(note)), ""]
    for line in lines:
        out += [r"\[", line, r"\]"]
    return "\n".join(out) + "\n"


def tex_document(body: str, lang: str) -> str:
    """A standalone xelatex document around ``body`` (ctexart for Chinese)."""
    cls = r"\documentclass[11pt]{ctexart}" if lang == "zh" else r"\documentclass[11pt]{article}"
    head = ["% Generated by symattn exercise. Compile with xelatex.", cls,
            r"\usepackage{amsmath,amssymb}", r"\usepackage[margin=2cm]{geometry}",
            r"\setcounter{MaxMatrixCols}{64}", r"\allowdisplaybreaks", r"\begin{document}", ""]
    return "\n".join(head) + body + "\\end{document}\n"


def document(ex: Exercise, fmt: str = "md", part: str = "all") -> str:
    """Worksheet, key or both; ``fmt="tex"`` gives a standalone xelatex document, the key on a page of its own."""
    pieces = []
    if part in ("worksheet", "all"):
        pieces.append(worksheet(ex, fmt))
    if part in ("key", "all"):
        if part == "key" and fmt == "md":
            pieces.append(f"# {ex.derivation.title[ex.spec.lang]}\n")
        if part == "all" and fmt == "tex":
            pieces.append(r"\clearpage")
        pieces.append(answer_key(ex, fmt))
    body = "\n".join(pieces).rstrip("\n") + "\n"
    return body if fmt == "md" else tex_document(body, ex.spec.lang)


def spec_toml(ex: Exercise) -> str:
    """The problem as a spec file for ``symattn derive``."""
    s = ex.spec

    def mat(m):
        return "[" + ", ".join("[" + ", ".join(str(m[i, j]) for j in range(m.cols)) + "]"
                               for i in range(m.rows)) + "]"
    toks = ", ".join('"' + t + '"' for t in s.tokens)
    flag = "" if ex.topic == "attention" else f" --topic {ex.topic}"
    head = "" if ex.topic == "attention" else f'topic = "{ex.topic}"\n'
    options = "".join(f"{k} = {str(v).lower() if isinstance(v, bool) else v}\n" for k, v in s.options)
    return (f"# symattn exercise{flag} --seed {ex.seed} --tokens {len(s.tokens)} --dim {ex.width}\n"
            f'{head}title = "{s.title}"\ntokens = [{toks}]\nQ = {mat(s.Q)}\nK = {mat(s.K)}\nV = {mat(s.V)}\n'
            + (f"d_k = {s.d_k}\n" if s.d_k is not None else "")
            + f'digits = {s.digits}\nlang = "{s.lang}"\n' + (f"\n[options]\n{options}" if options else ""))


def drill_deck(ex: Exercise, lang: str = "both"):
    """Drill cards for this problem: one score, one scaled row, one weight, one output entry."""
    if ex.topic != "attention":  # a masked or per-head weight is not the softmax of the scaled row the card shows
        raise SymattnError(f"drill cards are made for --topic attention, not {ex.topic}", entry="--cards")
    from .cards.deck import LANGS, cards_for
    from .cards.model import Concept, Deck
    p, d, n = _p(ex), ex.derivation, ex.spec.digits
    toks = ex.spec.tokens
    given = " ".join(f"${g}$" for g in _givens(ex)[:2])
    S, St, W, O = (d.step(k) for k in ("scores", "scaled_scores", "weights", "output"))
    L = len(toks)
    i = (ex.seed % L)
    j = (ex.seed // L) % L
    row = sp.ImmutableMatrix([list(St.exact.row(i))])
    items = [
        Concept(f"exercise/{ex.name}/score",
                Text(f"{given} 求 $s_{{{i + 1}{j + 1}}}$（{toks[i]} 对 {toks[j]}）。",
                     f"{given} Find $s_{{{i + 1}{j + 1}}}$ ({toks[i]} against {toks[j]})."),
                Text(f"$s_{{{i + 1}{j + 1}}} = {p.doprint(S.exact[i, j])}$（第 {i + 1} 行 $Q$ 与第 {j + 1} 行 $K$ 的点积）",
                     f"$s_{{{i + 1}{j + 1}}} = {p.doprint(S.exact[i, j])}$ (row {i + 1} of $Q$ dot row {j + 1} of $K$)")),
        Concept(f"exercise/{ex.name}/scaled-row",
                Text(f"{given} $d_k = {ex.spec.d_k}$，求第 {i + 1} 行缩放分数。",
                     f"{given} With $d_k = {ex.spec.d_k}$, find row {i + 1} of the scaled scores."),
                Text(f"${p.doprint(row)}$", f"${p.doprint(row)}$")),
        Concept(f"exercise/{ex.name}/weight",
                Text(f"缩放分数第 {i + 1} 行为 ${p.doprint(row)}$，求 $a_{{{i + 1}{j + 1}}}$（精确值与 {n} 位小数）。",
                     f"Row {i + 1} of the scaled scores is ${p.doprint(row)}$. Find $a_{{{i + 1}{j + 1}}}$ "
                     f"exactly and to {n} decimals."),
                Text(f"$a_{{{i + 1}{j + 1}}} = {p.doprint(W.exact[i, j])} \\approx {fixed(W.numeric[i][j], n)}$",
                     f"$a_{{{i + 1}{j + 1}}} = {p.doprint(W.exact[i, j])} \\approx {fixed(W.numeric[i][j], n)}$")),
        Concept(f"exercise/{ex.name}/output",
                Text(f"权重第 {i + 1} 行为 ${p.doprint(sp.ImmutableMatrix([list(W.exact.row(i))]))}$，$V = {p.doprint(ex.spec.V)}$，"
                     f"求输出 $o_{{{i + 1}1}}$。",
                     f"Row {i + 1} of the weights is ${p.doprint(sp.ImmutableMatrix([list(W.exact.row(i))]))}$ and "
                     f"$V = {p.doprint(ex.spec.V)}$. Find the output entry $o_{{{i + 1}1}}$."),
                Text(f"$o_{{{i + 1}1}} = {p.doprint(O.exact[i, 0])} \\approx {fixed(O.numeric[i][0], n)}$",
                     f"$o_{{{i + 1}1}} = {p.doprint(O.exact[i, 0])} \\approx {fixed(O.numeric[i][0], n)}$")),
    ]
    if lang not in LANGS:
        raise SymattnError(f"lang must be one of {', '.join(LANGS)}")
    title = f"symattn exercise {ex.name}"
    return Deck(name=f"symattn::exercises::{ex.name}", title=title, cards=cards_for(items, lang))
