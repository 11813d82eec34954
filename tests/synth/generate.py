"""Synthetic worked examples of scaled dot-product attention, with the truth by construction (issue 24).

``generate(seed)`` writes one complete article (Markdown with LaTeX, code prints, tables, plain text)
and returns it with its truth: for every line that prints numbers, ``ok``, ``wrong`` or ``given``
(``label`` for a line whose digits are only a name, such as ``M1`` or a ``dim 2`` header), and the slip
injected, if any: its kind, the lines where it shows and the later lines that carry it.

Everything is computed here, independently of symattn: exact inputs (``fractions.Fraction``), exact
scores, and ``mpmath`` at 60 digits for roots and exponentials.  The article prints the author's state
(with the slip) rounded half up at its printed places; the truth judges each printed number against the
exact pipeline of the article's inputs and its stated convention, with the policy of DESIGN.md: a
decimal with d places agrees when |printed - exact| <= 0.5e-d (both neighbours of a tie agree), so a
truncated value is wrong.

    python tests/synth/generate.py SEED     # one article and its truth
"""

from __future__ import annotations

import math
import random
import re
import sys
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import mpmath

KINDS = ("entry-typo", "dot-product", "carried", "drift", "softmax-columns", "dk-not-sqrt",
         "transposed-product", "truncation", "wrong-mask")
LAYOUTS = ("latex", "numpy", "torch", "table", "nested", "tokens", "prose")
LABELS = ("conventional", "unusual", "neutral", "none")
LANGS = ("en", "zh", "de", "es")
SCALES = ("sqrt", "dk", "none")
NINF = "-inf"          # a masked score, in the author's state and the truth alike

# ---------------------------------------------------------------- exact arithmetic


def mp(x):
    """A value as mpmath (Fractions exactly, at the working precision)."""
    if x == NINF:
        return mpmath.ninf
    if isinstance(x, Fraction):
        return mpmath.mpf(x.numerator) / x.denominator
    return mpmath.mpf(x)


def dec(x) -> Decimal:
    """A value as a Decimal: exact for a terminating Fraction, else 45 significant digits."""
    if isinstance(x, Fraction):
        n, d = x.numerator, x.denominator
        k = _places(x)
        if k is not None:
            return Decimal(n * (10 ** k) // d).scaleb(-k)
        return Decimal(n) / Decimal(d)
    return Decimal(mpmath.nstr(x, 45, min_fixed=-50, max_fixed=50))


def _places(x):
    """Decimal places a Fraction needs, or None when its decimals never end."""
    if not isinstance(x, Fraction):
        return None
    d, k = x.denominator, 0
    while d % 10 == 0:
        d //= 10
        k += 1
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    return k + max(twos, fives) if d == 1 else None


def fmt(x, places: int, truncate: bool = False) -> str:
    """``x`` printed at ``places`` decimals, rounded half up (or cut off)."""
    if x == NINF:
        return NINF
    q = dec(x).quantize(Decimal(1).scaleb(-places), ROUND_DOWN if truncate else ROUND_HALF_UP)
    text = f"{q:f}"
    return text[1:] if text.startswith("-") and not q else text


def agrees(printed: str, exact) -> bool:
    """The verdict policy: |printed - exact| <= half a unit of the printed last place."""
    if printed == NINF or exact == NINF:
        return printed == exact
    places = len(printed.split(".")[1]) if "." in printed else 0
    return abs(Decimal(printed) - dec(exact)) <= Decimal(5).scaleb(-places - 1) + Decimal("1e-40")


def matmul(a, b):
    return [[sum((x * y for x, y in zip(row, col)), Fraction(0)) if _exact(row, col)
             else sum(mp(x) * mp(y) for x, y in zip(row, col)) for col in zip(*b)] for row in a]


def _exact(*vectors) -> bool:
    return all(isinstance(v, Fraction) for vec in vectors for v in vec)


def transpose(m):
    return [list(r) for r in zip(*m)]


def softmax_rows(m):
    out = []
    for row in m:
        top = max(mp(v) for v in row if v != NINF)
        e = [mpmath.mpf(0) if v == NINF else mpmath.exp(mp(v) - top) for v in row]
        total = sum(e)
        out.append([v / total for v in e])
    return out


def rounded(m, places: int):
    """Each entry rounded to ``places`` decimals, as the exact Fraction of what is printed."""
    return [[NINF if v == NINF else Fraction(fmt(v, places)) for v in row] for row in m]


def allowed(n: int, mask: str):
    """Which key j a query i may see: causal, or the slips of a causal mask."""
    see = {"causal": lambda i, j: j <= i, "shifted": lambda i, j: j <= i + 1, "anti": lambda i, j: j >= i}[mask]
    return [[see(i, j) for j in range(n)] for i in range(n)]


# ---------------------------------------------------------------- the pipeline, with a slip's hook

@dataclass
class Conv:
    scale: str            # sqrt, dk (the article's choice), none (the article's choice)
    mask: bool            # a causal mask before the softmax


def pipeline(inputs: dict, conv: Conv, hook=None) -> dict:
    """Every step from the inputs.  ``hook(step, state)`` may change the author's state after a step."""
    hook = hook or (lambda step, s: None)
    s = dict(inputs)
    if "X" in inputs:
        for m in "QKV":
            s[m] = matmul(inputs["X"], inputs["W_" + m])
            hook(m, s)
    dk = len(s["K"][0])
    s["dk"] = Fraction(dk)
    s["root"] = Fraction(math.isqrt(dk)) if math.isqrt(dk) ** 2 == dk else mpmath.sqrt(dk)
    s["KT"] = transpose(s["K"])
    hook("KT", s)
    s["S"] = matmul(s["Q"], s["KT"])
    hook("S", s)
    div = {"sqrt": s["root"], "dk": s["dk"], "none": Fraction(1)}[conv.scale]
    s["scaled"] = [[v / div if isinstance(div, Fraction) else mp(v) / div for v in row] for row in s["S"]]
    hook("scaled", s)
    n = len(s["S"])
    s["mask"] = allowed(n, "causal") if conv.mask else [[True] * n for _ in range(n)]
    hook("mask", s)
    s["masked"] = [[v if ok else NINF for v, ok in zip(row, okrow)] for row, okrow in zip(s["scaled"], s["mask"])]
    s["A"] = softmax_rows(s["masked"])
    hook("A", s)
    s["O"] = matmul(s["A"], s["V"])
    hook("O", s)
    return s


def slip_hook(kind: str, rng: random.Random, plan: dict):
    """The author's mistake as a change of state after one step (``plan`` records what it did)."""
    def hook(step, s):
        if kind == "carried" and step == plan["step"]:
            m = s[step]
            i, j = rng.randrange(len(m)), rng.randrange(len(m[0]))
            delta = rng.choice([-1, 1]) * (Fraction(1, 10) if plan["decimal"] else Fraction(1))
            m[i][j] = m[i][j] + delta if isinstance(m[i][j], Fraction) else mp(m[i][j]) + mp(delta)
            plan["entry"] = (i, j)
            if step == "K":
                s["KT"] = transpose(m)
        elif kind == "dot-product" and step == "S":
            q, kt = s["Q"], s["KT"]
            tries = [(i, j, a, b) for i in range(len(q)) for j in range(len(kt[0]))
                     for a in range(len(kt)) for b in range(len(kt)) if a != b and q[i][a] and kt[a][j] != kt[b][j]]
            if not tries:
                return
            i, j, a, b = rng.choice(tries)
            s["S"][i][j] += q[i][a] * (kt[b][j] - kt[a][j])
            plan["entry"], plan["term"] = (i, j), (a, b)
        elif kind == "transposed-product" and step == "S":
            s["S"] = transpose(s["S"])
        elif kind == "dk-not-sqrt" and step == "scaled":
            s["scaled"] = [[v / s["dk"] for v in row] for row in s["S"]]
        elif kind == "softmax-columns" and step == "A":
            s["A"] = transpose(softmax_rows(transpose(s["masked"])))
        elif kind == "wrong-mask" and step == "mask":
            s["mask"] = allowed(len(s["S"]), plan["mask"])
        elif kind == "drift" and step == plan["step"]:
            s[step] = rounded(s[step], plan["places"])
    return hook


# ---------------------------------------------------------------- words

WORDS = {"en": "I love you the cat sat on mat we read".split(),
         "zh": "我 爱 你 猫 坐 在 垫子 上 读 书".split(),
         "de": "ich liebe dich die Katze sitzt auf der Matte heute".split(),
         "es": "yo te quiero el gato come pan hoy aquí bien".split()}

SAY = {   # the prose of each step, in each language ("vague" when the label style names nothing)
    "en": dict(
        title="# Attention by hand: {toks}",
        intro="We work through one head of scaled dot-product attention for the tokens {toks}, one row per token.",
        given_x="The embeddings and the three projections:",
        given_qkv="The queries, keys and values are given directly:",
        dk="The key width is $d_k = {dk}$.",
        proj="Multiplying the embeddings by the projections:",
        kt="The keys, transposed:",
        prose="Each score is a dot product of a query and a key:",
        S="The scores, every query against every key:",
        sqrt="Divide the scores by $\\sqrt{{d_k}} = {root}$:",
        dk_choice="In this example we divide by $d_k = {dk}$ itself, not by its square root, to keep the numbers small:",
        none_choice="We leave the scores unscaled in this example: the softmax takes them as they are.",
        mask="This is a decoder, so a causal mask hides the later tokens: each token sees itself and the ones before it.",
        masked="After the mask:",
        A="A softmax over each row gives the attention weights:",
        O="Finally the output, the weights applied to the values:",
        end="Each output row mixes the value rows.",
        vague=["Next:", "Then we get:", "This gives:", "The next matrix:"], table="The next table:",
        dim="dim {k}", rows="one row per token"),
    "zh": dict(
        title="# 手推注意力：{toks}",
        intro="我们对词元 {toks} 手算一个头的缩放点积注意力，每行一个词元。",
        given_x="输入嵌入和三个投影矩阵：",
        given_qkv="直接给出查询、键和值：",
        dk="键的维度 $d_k = {dk}$。",
        proj="嵌入乘以投影矩阵：",
        kt="把键转置：",
        prose="每个分数都是一个查询和一个键的点积：",
        S="分数，每个查询对每个键：",
        sqrt="分数除以 $\\sqrt{{d_k}} = {root}$：",
        dk_choice="本例直接除以 $d_k = {dk}$，而不是它的平方根，好让数字小一些：",
        none_choice="本例不做缩放：softmax 直接作用在原始分数上。",
        mask="这是解码器，因果掩码遮住后面的词元：每个词元只看见自己和前面的词元。",
        masked="加上掩码以后：",
        A="对每一行做 softmax，得到注意力权重：",
        O="最后，用权重加权值向量，得到输出：",
        end="每一行输出都是值向量的加权平均。",
        vague=["接下来：", "于是得到：", "结果是：", "下一个矩阵："], table="下表：",
        dim="维度{k}", rows="每行一个词元"),
    "de": dict(
        title="# Attention von Hand: {toks}",
        intro="Wir rechnen einen Kopf der skalierten Skalarprodukt-Attention für die Tokens {toks} von Hand durch, "
              "eine Zeile pro Token.",
        given_x="Die Einbettungen und die drei Projektionen:",
        given_qkv="Queries, Keys und Values sind direkt gegeben:",
        dk="Die Key-Breite ist $d_k = {dk}$.",
        proj="Einbettungen mal Projektionen:",
        kt="Die Keys, transponiert:",
        prose="Jeder Score ist ein Skalarprodukt aus Query und Key:",
        S="Die Scores, jede Query gegen jeden Key:",
        sqrt="Wir teilen die Scores durch $\\sqrt{{d_k}} = {root}$:",
        dk_choice="In diesem Beispiel teilen wir durch $d_k = {dk}$ selbst, nicht durch die Wurzel, damit die Zahlen "
                  "klein bleiben:",
        none_choice="Wir skalieren hier nicht: die Softmax bekommt die Scores, wie sie sind.",
        mask="Das ist ein Decoder, also verdeckt eine kausale Maske die späteren Tokens: jedes Token sieht sich und "
             "die davor.",
        masked="Nach der Maske:",
        A="Die Softmax jeder Zeile ergibt die Attention-Gewichte:",
        O="Zum Schluss die Ausgabe, die Gewichte angewandt auf die Values:",
        end="Jede Ausgabezeile mischt die Value-Zeilen.",
        vague=["Weiter:", "Dann erhalten wir:", "Das ergibt:", "Die nächste Matrix:"], table="Die nächste Tabelle:",
        dim="Dim. {k}", rows="eine Zeile pro Token"),
    "es": dict(
        title="# Atención a mano: {toks}",
        intro="Calculamos a mano una cabeza de atención de producto escalar escalado para los tokens {toks}, "
              "una fila por token.",
        given_x="Los embeddings y las tres proyecciones:",
        given_qkv="Las consultas, claves y valores vienen dados:",
        dk="El ancho de las claves es $d_k = {dk}$.",
        proj="Multiplicando los embeddings por las proyecciones:",
        kt="Las claves, traspuestas:",
        prose="Cada puntuación es un producto escalar de una consulta y una clave:",
        S="Las puntuaciones, cada consulta contra cada clave:",
        sqrt="Dividimos las puntuaciones entre $\\sqrt{{d_k}} = {root}$:",
        dk_choice="En este ejemplo dividimos entre $d_k = {dk}$, no entre su raíz, para que los números sean pequeños:",
        none_choice="Aquí no escalamos: la softmax recibe las puntuaciones tal cual.",
        mask="Es un decodificador: una máscara causal oculta los tokens posteriores; cada token se ve a sí mismo y a "
             "los anteriores.",
        masked="Tras la máscara:",
        A="La softmax de cada fila da los pesos de atención:",
        O="Por último la salida, los pesos aplicados a los valores:",
        end="Cada fila de salida mezcla las filas de valores.",
        vague=["Después:", "Entonces obtenemos:", "Esto da:", "La siguiente matriz:"], table="La siguiente tabla:",
        dim="dim {k}", rows="una fila por token"),
}

UNUSUAL = {"X": "Embeddings", "Q": "Query matrix", "K": "Key matrix", "V": "Value matrix", "KT": "keys transposed",
           "S": "raw logits", "scaled": "scaled logits", "masked": "masked logits",
           "A": ("attn", "注意力权重", "attention probabilities"), "O": ("context vectors", "new embeddings", "Z")}
CODE_NAMES = {"S": "scores", "scaled": "scaled", "masked": "masked", "A": "weights", "O": "output", "KT": "K.T"}


def conventional_latex(step: str, conv: Conv) -> str:
    div = {"sqrt": "\\sqrt{d_k}", "dk": "d_k", "none": ""}[conv.scale]
    scaled = f"\\frac{{QK^\\top}}{{{div}}}" if div else "QK^\\top"
    inside = scaled + (" + M" if conv.mask else "")
    return {"X": "X", "W_Q": "W_Q", "W_K": "W_K", "W_V": "W_V", "Q": "Q", "K": "K", "V": "V", "KT": "K^\\top",
            "S": "S = QK^\\top", **{m: f"{m} = XW_{m}" for m in "QKV"}, "scaled": scaled, "masked": inside,
            "A": f"A = \\mathrm{{softmax}}\\left({inside}\\right)", "O": "O = AV"}[step]


def conventional_text(step: str, conv: Conv) -> str:
    div = {"sqrt": "/√d_k", "dk": "/d_k", "none": ""}[conv.scale]
    inside = "QKᵀ" + div + (" + M" if conv.mask else "")
    return {**{m: f"{m} = XW_{m}" for m in "QKV"}, "KT": "Kᵀ", "S": "S = QKᵀ", "scaled": "QKᵀ" + div, "masked": inside,
            "A": f"A = softmax({inside})", "O": "O = AV"}.get(step, step)


# ---------------------------------------------------------------- layouts

@dataclass
class Line:
    text: str
    entries: list = field(default_factory=list)   # (step, i, j, printed) judged on this line
    start: int = 0                                  # where the printed numbers begin (after labels)
    given: bool = False                             # an input of the article
    layout: str = ""                                # how the numbers are printed (LAYOUTS, or "sentence")


def _show(v: str, layout: str) -> str:
    if v != NINF:
        return v
    return {"latex": "-\\infty", "table": "−∞"}.get(layout, "-inf")


def render(layout: str, step: str, texts, label: tuple, heads: tuple, rng: random.Random, given=False,
           per_token="one row per token") -> list[Line]:
    """Lines of one printed block.  ``label``: (latex name, text name, code name) or Nones;
    ``heads``: (row names, column names) for tables and per-token lines."""
    latex_name, text_name, code_name = label
    cells = [[_show(v, layout) for v in row] for row in texts]
    entries = [[(step, i, j, v) for j, v in enumerate(row)] for i, row in enumerate(texts)]
    out: list[Line] = []
    if layout == "latex":
        rel = "\\approx" if any("." in v for row in texts for v in row) and not given else "="
        head = (f"{latex_name} {rel} " if latex_name else "") + "\\begin{bmatrix}"
        rows = [" & ".join(r) for r in cells]
        out.append(Line("$$"))
        if rng.random() < 0.6:
            text = head + " " + " \\\\ ".join(rows) + " \\end{bmatrix}"
            out.append(Line(text, sum(entries, []), len(head), given))
        else:
            out.append(Line(head))
            out += [Line(r + (" \\\\" if k < len(rows) - 1 else ""), entries[k], 0, given) for k, r in enumerate(rows)]
            out.append(Line("\\end{bmatrix}"))
        out.append(Line("$$"))
    elif layout in ("numpy", "torch"):
        width = max(len(v) for r in cells for v in r)
        rows = [[v.rjust(width) for v in r] for r in cells]
        before = text_name and rng.random() < 0.5   # the name in the prose, else in a print() in the code
        if before:
            out += [Line(f"{text_name}:" if rng.random() < 0.5 else f"`{code_name}` ="), Line("")]
        out.append(Line("```python" if layout == "torch" else "```"))
        if code_name and not before:
            out.append(Line(f">>> print({code_name})"))
        for k, r in enumerate(rows):
            if layout == "numpy":
                pre, body, post = ("[[" if k == 0 else " ["), " ".join(r), ("]]" if k == len(rows) - 1 else "]")
            else:
                last = k == len(rows) - 1
                pre, body, post = ("tensor([[" if k == 0 else "        ["), ", ".join(r), ("]])" if last else "],")
            out.append(Line(pre + body + post, entries[k], len(pre), given))
        out.append(Line("```"))
    elif layout == "table":
        rnames, cnames = heads
        if text_name:
            out += [Line(f"**{text_name}**:"), Line("")]
        out.append(Line("| | " + " | ".join(cnames) + " |"))
        out.append(Line("|---|" + "---:|" * len(cnames)))
        for k, r in enumerate(cells):
            pre = f"| {rnames[k]} | "
            out.append(Line(pre + " | ".join(r) + " |", entries[k], len(pre), given))
    elif layout == "nested":
        pre = f"{text_name} = [" if text_name else "["
        text = pre + ", ".join("[" + ", ".join(r) + "]" for r in cells) + "]"
        out.append(Line(text, sum(entries, []), len(pre), given))
    elif layout == "tokens":
        rnames = heads[0]
        if text_name:
            out += [Line(f"{text_name}, {per_token}:" if rng.random() < 0.5 else f"{text_name}:"), Line("")]
        fence = rng.random() < 0.5
        if fence:
            out.append(Line("```text"))
        w = max(len(t) for t in rnames)
        for k, r in enumerate(cells):
            pre = ("" if fence else "- ") + f"{rnames[k]}:".ljust(w + 2)
            out.append(Line(pre + "[" + ", ".join(r) + "]", entries[k], len(pre), given))
        if fence:
            out.append(Line("```"))
    for line in out:
        line.layout = layout if line.entries else ""
    return out


def prose_line(i: int, j: int, q_row, k_col, value: str, style: str, rng, wrong_term=None) -> Line:
    """``q_1·k_2 = 1×0 + 2×1 = 2``: one score written out (``wrong_term`` (a, b): k[b] used for k[a])."""
    def num(x):
        t = fmt(x, _places(x) or 0)
        return f"({t})" if t.startswith("-") else t
    latex = rng.random() < 0.5
    times = " \\cdot " if latex else "×"
    ks = list(k_col)
    if wrong_term:
        a, b = wrong_term
        ks[a] = k_col[b]
    terms = " + ".join(f"{num(x)}{times}{num(y)}" for x, y in zip(q_row, ks))
    if latex:
        name = (f"s_{{{i + 1}{j + 1}}} = " if style == "conventional" else "") + f"q_{i + 1} \\cdot k_{j + 1}"
        text = f"${name} = {terms} = {value}$"
    else:
        name = (f"s_{i + 1}{j + 1} = " if style == "conventional" else "") + f"q_{i + 1}·k_{j + 1}"
        text = f"{name} = {terms} = {value}"
    return Line(text, [("S", i, j, value)], text.rindex("=") + 1, layout="prose")


# ---------------------------------------------------------------- the article

@dataclass
class Article:
    seed: int
    text: str
    truth: dict            # line (1-based) -> ok, wrong, given, label
    slip: dict | None      # kind, line (first), lines (where it shows), carried (later wrong lines), step, layout
    meta: dict             # n, d_model, d_k, inputs, scale, mask, lang, labels, places, layouts per step
    prints: list           # (line number, Line) of every line with numbers, for cross-checks and figures
    inputs: dict           # the exact inputs (Fractions)


def _matrix(rng, rows, cols, decimal, small=False):
    """Small entries, as in a hand calculation: one decimal in -1..1, or integers -2..3 (``small``: mostly
    0 and 1, for the embeddings and projections, whose products would grow otherwise)."""
    if decimal:
        pick = lambda: Fraction(rng.randint(-10, 10), 10)  # noqa: E731
    else:
        values, weights = ([-1, 0, 1, 2], [1, 4, 4, 1]) if small else ([-2, -1, 0, 1, 2, 3], [1, 2, 5, 5, 2, 1])
        pick = lambda: Fraction(rng.choices(values, weights)[0])  # noqa: E731
    return [[pick() for _ in range(cols)] for _ in range(rows)]


def generate(seed: int) -> Article:
    rng = random.Random(seed)
    with mpmath.workdps(60):
        return _generate(rng, seed)


def _generate(rng: random.Random, seed: int) -> Article:
    kind = None if rng.random() < 1 / 3 else rng.choice(KINDS)
    for _attempt in range(100):   # until the slip shows in what the article prints
        article = _attempt_once(rng, seed, kind)
        if article is not None:
            return article
    raise RuntimeError(f"seed {seed}: no article shows a {kind} slip")


def _attempt_once(rng: random.Random, seed: int, kind: str | None) -> Article | None:
    lang = rng.choice(LANGS)
    style = rng.choice(LABELS)
    main = rng.choice(LAYOUTS[:6])
    places = rng.choice([2, 3, 4])
    # sizes of 2 to 6 tokens and widths of 2 to 8, the small ones more often (as in tutorials, and faster)
    n = rng.choices(range(2, 7), [3, 4, 3, 1, 1])[0]
    dk, dmodel = (rng.choices(range(2, 9), [4, 4, 3, 2, 1, 1, 1])[0] for _ in "kd")
    dv = dk if rng.random() < 0.7 else rng.randint(2, 5)
    from_x = rng.random() < 0.5
    decimal = rng.random() < 0.3
    scale = "sqrt" if kind == "dk-not-sqrt" else rng.choices(SCALES, weights=[6, 2, 2])[0]
    conv = Conv(scale, kind == "wrong-mask" or rng.random() < 0.25)
    show = dict(KT=rng.random() < 0.3, scaled=scale != "none" and rng.random() < 0.85, masked=rng.random() < 0.7)
    plan = dict(decimal=decimal)
    if kind == "carried":
        plan["step"] = rng.choice("QK") if from_x else ("KT" if show["KT"] else "S")
    if kind == "drift":
        plan["step"] = rng.choice(["scaled", "A"]) if scale != "none" else "A"
        plan["places"] = rng.choice([1, 2]) if places > 2 else 1
        show["scaled"] = show["scaled"] or plan["step"] == "scaled"
    if kind == "wrong-mask":
        plan["mask"] = rng.choice(["shifted", "anti"])
    if kind == "truncation":
        plan["step"] = rng.choice(["A", "O"] + (["scaled"] if show["scaled"] else []))
    if kind == "entry-typo":
        plan["step"] = rng.choice(["S", "A", "O"] + (["Q"] if from_x else []) + (["scaled"] if show["scaled"] else []))
    toks = rng.sample(WORDS[lang], n)
    if from_x:
        inputs = {"X": _matrix(rng, n, dmodel, decimal, True), "W_Q": _matrix(rng, dmodel, dk, decimal, True),
                  "W_K": _matrix(rng, dmodel, dk, decimal, True), "W_V": _matrix(rng, dmodel, dv, decimal, True)}
    else:
        inputs = {"Q": _matrix(rng, n, dk, decimal), "K": _matrix(rng, n, dk, decimal), "V": _matrix(rng, n, dv, decimal)}
    return _write(rng, seed, kind, plan, inputs, conv, show, toks, lang, style, main, places)


def _write(rng, seed, kind, plan, inputs, conv, show, toks, lang, style, main, places):
    truth = pipeline({k: [r[:] for r in v] for k, v in inputs.items()}, conv)
    author = pipeline({k: [r[:] for r in v] for k, v in inputs.items()}, conv,
                      slip_hook(kind, rng, plan) if kind else None)
    if kind == "dot-product" and "term" not in plan:
        return None
    t = SAY[lang]
    lines: list[Line] = []
    layouts: dict[str, str] = {}
    counter = [0]

    def say(text):
        lines.extend([Line(text), Line("")])

    def label(step):
        if step in ("X", "W_Q", "W_K", "W_V") or (step in "QKV" and "X" not in inputs):
            return ((step if style != "unusual" else f"\\text{{{UNUSUAL.get(step, step)}}}"),
                    (UNUSUAL.get(step, step) if style == "unusual" else step), step)
        if style == "conventional":
            return conventional_latex(step, conv), conventional_text(step, conv), CODE_NAMES.get(step, step)
        if style == "unusual":
            name = UNUSUAL[step] if isinstance(UNUSUAL[step], str) else rng.choice(UNUSUAL[step])
            return f"\\text{{{name}}}", name, re.sub(r"\W+", "_", name.lower())
        if style == "neutral":
            counter[0] += 1
            return f"M_{{{counter[0]}}}", f"M{counter[0]}", f"m{counter[0]}"
        return None, None, None

    def block(step, key=None, given=False):
        """One printed step, after its sentence (``key``), in the article's main layout or another."""
        m = author[step]
        layout = main if given or rng.random() < 0.75 else rng.choice(LAYOUTS[:6])
        rows_are_tokens = step not in ("W_Q", "W_K", "W_V", "KT")
        if layout == "tokens" and not rows_are_tokens:
            layout = "nested"
        layouts[step] = layout
        if key:
            vague = t["table"] if layout == "table" and style == "neutral" else rng.choice(t["vague"])
            say(t[key] if style in ("conventional", "unusual") else vague)
        finite = [v for r in m for v in r if v != NINF]
        need = [_places(v) for v in finite]
        # exact decimals print as they are (0.5, 1.25), the weights and outputs at the article's places
        p = (plan["places"] if kind == "drift" and step == plan["step"] else places if step in ("A", "O")
             else max(need) if None not in need and max(need) <= places else places)
        texts = [[fmt(v, p, truncate=kind == "truncation" and step == plan["step"]) for v in r] for r in m]
        if kind == "entry-typo" and step == plan["step"]:
            texts = _typo(texts, truth[step], rng)
        cols = len(m[0])
        dims = [t["dim"].format(k=k + 1) for k in range(max(cols, len(m)))]
        heads = (toks if rows_are_tokens else dims[:len(m)], toks if step in ("S", "scaled", "masked", "A", "KT")
                 else dims[:cols])
        lines.extend(render(layout, step, texts, label(step), heads, rng, given, t["rows"]))
        lines.append(Line(""))

    lines += [Line(t["title"].format(toks=" ".join(toks))), Line("")]
    say(t["intro"].format(toks="“" + " ".join(toks) + "”"))
    say(t["given_x"] if "X" in inputs else t["given_qkv"])
    for step in inputs:
        block(step, given=True)
    dk = len(truth["K"][0])
    lines += [Line(t["dk"].format(dk=dk), [("dk", 0, 0, str(dk))], t["dk"].index("$"), layout="sentence")]
    lines.append(Line(""))
    if "X" in inputs:
        say(t["proj"])
        for step in "QKV":
            block(step)
    if show["KT"]:
        block("KT", "kt")
    n = len(truth["S"])
    prose_all = rng.random() < 0.2 and n <= 3
    if prose_all or rng.random() < 0.35:
        say(t["prose"])
        cells = [(i, j) for i in range(n) for j in range(n)] if prose_all else rng.sample(
            [(i, j) for i in range(n) for j in range(n)], min(2, n * n))
        if kind == "dot-product" and rng.random() < 0.5 and plan["entry"] not in cells:
            cells[-1] = plan["entry"]
        p = max(_places(v) for r in author["S"] for v in r)
        for i, j in cells:
            wrong = plan.get("term") if kind == "dot-product" and plan["entry"] == (i, j) else None
            qi, kj = (j, i) if kind == "transposed-product" else (i, j)   # the author paired q_j with k_i
            lines.append(prose_line(i, j, author["Q"][qi], [r[kj] for r in author["KT"]], fmt(author["S"][i][j], p),
                                    style, rng, wrong))
        lines.append(Line(""))
    if not prose_all:
        block("S", "S")
    if conv.scale == "sqrt":
        root = truth["root"]
        root_text = fmt(root, 0) if isinstance(root, Fraction) else f"\\sqrt{{{dk}}} \\approx {fmt(root, places)}"
        sentence = t["sqrt"].format(root=root_text)
        printed = root_text.split()[-1]
        lines += [Line(sentence, [("root", 0, 0, printed)], sentence.rindex(printed) - 1, layout="sentence"), Line("")]
    elif conv.scale == "dk":
        sentence = t["dk_choice"].format(dk=dk)
        lines += [Line(sentence, [("dk", 0, 0, str(dk))], sentence.index("$"), layout="sentence"), Line("")]
    else:
        say(t["none_choice"])
    if show["scaled"]:
        block("scaled")
    if conv.mask:
        say(t["mask"])
        if show["masked"]:
            block("masked", "masked")
    block("A", "A")
    block("O", "O")
    lines.append(Line(t["end"]))
    return _judge(seed, lines, truth, kind, layouts, dict(
        n=n, d_model=len(inputs["X"][0]) if "X" in inputs else None, d_k=dk, inputs="X" if "X" in inputs else "QKV",
        scale=conv.scale, mask=conv.mask, lang=lang, labels=style, places=places, main=main, layouts=layouts,
        plan={k: v for k, v in plan.items() if k != "decimal"}), inputs)


def _typo(texts, exact, rng):
    """One printed entry with a digit changed, so that it is wrong."""
    cells = [(i, j) for i, r in enumerate(texts) for j, v in enumerate(r) if v != NINF]
    for _ in range(100):
        i, j = rng.choice(cells)
        v = texts[i][j]
        digits = [k for k, ch in enumerate(v) if ch.isdigit()]
        k = rng.choice(digits[-2:])
        new = v[:k] + str((int(v[k]) + rng.choice([1, 2, 7, 8, 9])) % 10) + v[k + 1:]
        if not agrees(new, exact[i][j]):
            out = [r[:] for r in texts]
            out[i][j] = new
            return out
    return texts


def _judge(seed, lines, truth, kind, layouts, meta, inputs) -> Article | None:
    verdicts, prints, first = {}, [], {}
    for k, line in enumerate(lines, 1):
        if line.entries:
            prints.append((k, line))
            if line.given:
                verdicts[k] = "given"
                continue
            ok = True
            for step, i, j, printed in line.entries:
                exact = truth[step] if step in ("dk", "root") else truth[step][i][j]
                ok &= agrees(printed, exact)
            verdicts[k] = "ok" if ok else "wrong"
            if not ok:
                first.setdefault(line.entries[0][0], []).append(k)
        elif re.search(r"\d", line.text):
            verdicts[k] = "label"
    slip = None
    if kind:
        if not first:
            return None   # the slip changed nothing the article prints: other inputs
        wrong = sorted(first.items(), key=lambda kv: kv[1][0])
        step, at = wrong[0]
        slip = dict(kind=kind, step=step, line=at[0], lines=at, carried=[ln for _, v in wrong[1:] for ln in v],
                    layout=lines[at[0] - 1].layout)
        if kind in ("entry-typo", "truncation") and slip["carried"]:
            raise AssertionError(f"seed {seed}: a {kind} slip must not carry")
    elif first:
        raise AssertionError(f"seed {seed}: a clean article has wrong lines {first}")
    text = "\n".join(line.text for line in lines).rstrip() + "\n"
    return Article(seed, text, verdicts, slip, meta, prints, inputs)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    a = generate(int(argv[0]) if argv else 0)
    for k, line in enumerate(a.text.splitlines(), 1):
        print(f"{k:3d} {a.truth.get(k, ''):6s} | {line}")
    print("\nmeta:", a.meta)
    print("slip:", a.slip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
