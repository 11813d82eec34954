"""``derive --from-article``: the spec an article's own example implies, in its own terms.

read (the checker's reader and binder: :func:`~symattn.check.bind.article_example`, the example
the article computes the most from) → plan (inputs, tokens,
d_k, language, names, decimals; one line per choice where the article is ambiguous) →
a TOML spec, parsed back with :func:`~symattn.spec.parse_spec`, so the spec written by
``--spec-out`` is exactly the one derived.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import sympy as sp

from .errors import SymattnError, shown
from .printing import latex

__all__ = ["Plan", "plan_article", "load_article", "tokens_from", "decimals_of", "language_of", "name_of"]

#: the checker's families -> the attention topic's step ids
STEP_OF = {"X": "input", "Q": "queries", "K": "keys", "V": "values", "KT": "keys_transposed",
           "scores": "scores", "scaled": "scaled_scores", "weights": "weights", "output": "output"}
#: how symattn itself names them: an author's name equal to these says nothing new
_DEFAULT = {"X": "X", "Q": "Q", "K": "K", "V": "V", "KT": "K^T", "scores": "S", "scaled": r"\tilde{S}",
            "weights": "A", "output": "O"}


@dataclass(frozen=True)
class Plan:
    """What an article's example is, as a spec."""

    toml: str                   # the spec, as TOML text (parse_spec reads it back)
    choices: tuple[str, ...]    # one line per choice made where the article is ambiguous


def load_article(path: str):
    """(the spec, the plan) of the article at ``path``."""
    from .io import read_text
    from .spec import parse_spec
    text = read_text(path, limit="MAX_FILE_BYTES")
    plan = plan_article(text, str(path))
    return parse_spec(plan.toml, source=str(path)), plan


def plan_article(text: str, source: str = "article") -> Plan:
    """The spec of an article's example.

    >>> p = plan_article("“我 爱”\\n$Q = \\\\begin{bmatrix} 1 & 0 \\\\\\\\ 0 & 1 \\\\end{bmatrix}$\\n"
    ...                  "$K = \\\\begin{bmatrix} 1 & 1 \\\\\\\\ 0 & 1 \\\\end{bmatrix}$\\n权重 0.33")
    >>> print(p.toml.split("\\n[notation]")[0])
    # derive --from-article article: the spec of its example; edit it and run symattn derive on it
    # chosen: V: the article gives no V; its rows are the symbols v_<token>
    lang = "zh"
    digits = 2
    tokens = ["我", "爱"]
    Q = [[1, 0], [0, 1]]
    K = [[1, 1], [0, 1]]
    <BLANKLINE>
    """
    from .check.bind import article_example
    from .check.document import Document
    from .check.read import read_blocks
    from .check.symbols import notation_of
    with notation_of(text):
        doc = Document.of(text, source)
        # the example the checker's binder finds by values (rows given one token at a time assembled,
        # its conventions decided by the steps that agree); none: the errors below say what is missing
        info = article_example(doc, read_blocks(doc)) or {"inputs": {}, "variant": None, "d_k": None, "labels": {}}
    inputs = dict(info["inputs"])
    choices: list[str] = []
    _complete(text.splitlines(), inputs, choices)
    mats = _pipeline(inputs, choices, source)
    L = mats["Q"].rows if "Q" in mats else mats["X"].rows
    conv = info["variant"]
    d_k = info["d_k"]
    width = (mats.get("K") if "K" in mats else mats["X"] * mats["W_K"]).cols
    if d_k is not None and d_k != width:  # the stated d_k belongs to matrices the article does not print
        choices.append(f"d_k: the article states d_k = {d_k} but its K has {width} columns; used d_k = {width}")
        d_k = None
    if conv.scale == "none":
        choices.append(f"scaling: the article's steps agree without ÷√d_k; derived with d_k = 1 "
                       f"(its d_k is {d_k if d_k is not None else width})")
        d_k = sp.Integer(1)
    elif conv.scale == "dk":
        base = d_k if d_k is not None else sp.Integer(width)
        choices.append(f"scaling: the article divides by d_k = {base}, not √d_k; derived with d_k = {base ** 2}")
        d_k = base ** 2
    if conv.axis == "cols":
        choices.append("softmax: the article normalises columns; derived by rows, as attention does")
    tokens, why = tokens_from(text, inputs, L)
    if why:
        choices.append(why)
    lang = language_of(text)
    digits = decimals_of(text)
    topic = "mask" if conv.mask == "causal" else "attention"
    if topic == "mask":
        choices.append("mask: the article's steps follow a causal mask; derived with it")
    names = {}
    for family, label in info["labels"].items():
        step = STEP_OF.get(family)
        name = name_of(label)
        if step and name and name != _DEFAULT.get(family) and name not in names.values() and _has(step, mats):
            names[step] = name
    toml = _toml(source, topic, lang, digits, tokens, mats, d_k, names)
    if choices:  # the spec says what was chosen too, where the author will edit it
        head, _, rest = toml.partition("\n")
        toml = "\n".join([head] + [_toml_comment(f"chosen: {c}") for c in choices] + [rest])
    return Plan(toml, tuple(choices))


def _complete(lines: list[str], inputs: dict, choices: list[str]) -> None:
    """An input printed one token per line (``The = [1, 0]``) whose reading stopped early:
    the following lines of the same form are its further rows."""
    from .check.names import by_name
    for name, (m, line) in list(inputs.items()):
        rows = []
        for row in lines[line - 1:line - 1 + 256]:
            vec = _VECTOR.search(row)
            label = _label_of(row[:vec.start()]) if vec else None
            if not label or (rows and by_name(label) is not None):
                break   # (a row labelled with a quantity's name, k = [1, 1] after q = [..], is another input)
            rows.append([_exact(x) for x in vec.group(0).strip("[] ").split(",")])
        if len(rows) > m.rows and all(len(r) == m.cols for r in rows) and sp.Matrix(rows[:m.rows]) == m:
            inputs[name] = (sp.ImmutableMatrix(rows), line)
            choices.append(f"{name}: its rows are the {len(rows)} labelled lines from line {line} "
                           f"(the reader took {m.rows})")


def _exact(text: str):
    from fractions import Fraction
    f = Fraction(text.strip().replace("−", "-"))
    return sp.Rational(f.numerator, f.denominator)


def _has(step: str, mats) -> bool:
    """The attention topic has this step for these inputs."""
    return {"input": "X" in mats, "values": "V" in mats or "W_V" in mats}.get(step, True)


def _pipeline(inputs, choices: list[str], source: str) -> dict:
    """The matrices to derive from: X and the W's where the article gives them (its printed
    Q, K, V are then the author's own steps), else Q, K, V; X alone is Q = K = V = X."""
    m = {k: v for k, (v, _) in inputs.items()}
    line = {k: ln for k, (_, ln) in inputs.items()}
    out: dict = {}
    X = m.get("X")
    if X is not None and any(f"W_{n}" in m for n in "QKV"):
        out["X"] = X
    for n in "QKV":
        W = m.get(f"W_{n}")
        usable = X is not None and W is not None and W.rows == X.cols
        if X is not None and W is not None and n in m and (W.rows != X.cols or m[n] != X * W) \
                and W.cols == X.cols and m[n] == X * W.T:
            # the weights written (out, in) and applied as X Wᵀ (torch.nn.Linear, `X @ W.T`): the
            # article's own Q is the product with the transpose, so that is the spec's W
            choices.append(f"W_{n}: the article's {n} (line {line[n]}) is X times the transpose of its "
                           f"W_{n} (line {line[f'W_{n}']}); the spec's W_{n} is that transpose")
            out[f"W_{n}"] = W.T
        elif usable:
            if n in m and m[n] != X * W:
                choices.append(f"{n}: the article prints {n} (line {line[n]}) and gives X and W_{n}, which "
                               f"give another {n}; derived from X and W_{n}")
            out[f"W_{n}"] = W
        elif n in m:
            out[n] = m[n]
    if "W_V" in out and "V" not in out:
        pass
    elif "V" not in out and "W_V" not in out:
        out.pop("W_V", None)
    if not any(k in out for k in ("Q", "W_Q")) and not any(k in out for k in ("K", "W_K")) and X is not None:
        choices.append("Q, K, V: the article gives X and no projections; took Q = K = V = X")
        return {"Q": X, "K": X, "V": X}
    if "X" in out and not any(k.startswith("W_") for k in out):
        out.pop("X")
    have_q = "Q" in out or "W_Q" in out
    have_k = "K" in out or "W_K" in out
    if not (have_q and have_k):
        found = ", ".join(sorted(m)) or "no matrices"
        raise SymattnError(f"the article's inputs do not determine the attention: it gives {found}, "
                           "and Q and K (or X with W_Q and W_K) are needed", file=source)
    if any(k.startswith("W_") for k in out) and "X" not in out:
        out["X"] = X
    rows = {k: v.rows for k, v in out.items() if k in ("X", "Q", "K", "V")}
    if len(set(rows.values())) > 1:
        shapes = ", ".join(f"{k} has {r} rows" for k, r in sorted(rows.items()))
        raise SymattnError(f"the article's inputs do not make one sequence ({shapes}); "
                           "write a spec with matching rows", file=source)
    q = out["Q"] if "Q" in out else out["X"] * out["W_Q"]
    k = out["K"] if "K" in out else out["X"] * out["W_K"]
    if q.cols != k.cols:
        raise SymattnError(f"the article's Q is {q.rows}x{q.cols} but its K is {k.rows}x{k.cols}: "
                           "queries and keys need the same width", file=source)
    if "V" not in out and "W_V" not in out:
        choices.append("V: the article gives no V; its rows are the symbols v_<token>")
    return out


# --- tokens -----------------------------------------------------------------------------

_QUOTED = re.compile(r"[“\"「『‘']([^“”\"「」『』‘’'\n]{1,80})[”\"」』’']")


def tokens_from(text: str, inputs, L: int) -> tuple[tuple[str, ...], str | None]:
    """The tokens, and a line saying what was chosen when the article is ambiguous.

    Row labels of an input matrix first (``\\leftarrow \\text{我的查询}``, ``# Paris`` after a
    row), then a quoted phrase of exactly L words (“我 爱 你”), else 1 … L.

    >>> tokens_from('the sentence "I love you"', {}, 3)
    (('I', 'love', 'you'), None)
    """
    lines = text.splitlines()
    found = []
    for name in ("X", "Q", "K", "V"):
        if name in inputs:
            labels = _row_labels(lines, inputs[name][1], L)
            if labels:
                found.append((f"the row labels of {name} (line {inputs[name][1]})", labels))
    prose = _quoted(text, L)
    if prose:
        found.append(("the quoted phrase " + "“" + " ".join(prose) + "”", prose))
    if not found:
        numbered = tuple(f"t{i + 1}" for i in range(L))
        return numbered, f"tokens: the article names no {L} tokens (row labels or a quoted phrase); used t1 … t{L}"
    found = [(w, _not_numbers(t)) for w, t in found]
    where, chosen = found[0]
    others = [w for w, t in found[1:] if t != chosen]
    if others:
        return chosen, f"tokens: {' '.join(chosen)} from {where}; {others[0]} gives other tokens"
    return chosen, None


def _not_numbers(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Tokens that a reader cannot take for numbers: a label ``0``, ``1``, ... becomes ``t0``, ``t1``
    (a header row of bare numbers in the derivation would read as a row of values).

    >>> _not_numbers(("0", "cat", "2"))
    ('t0', 'cat', 't2')
    """
    return tuple(f"t{t}" if re.fullmatch(r"[-+]?\d+(?:[.,]\d+)?", t) else t for t in tokens)


def _clean(labels: list[str]) -> tuple[str, ...] | None:
    """Labels as tokens: quotes and a shared prefix or suffix off (我的查询, 爱的查询 → 我, 爱)."""
    labels = [re.sub(r"\\[a-zA-Z]+|[{}$`*]", " ", s).strip().strip("\"'“”‘’「」:：,，()（）").strip()
              for s in labels]
    if len(labels) > 1:
        pre = _common(labels)
        suf = _common([s[::-1] for s in labels])[::-1]
        if _affix(pre) and all(len(s) > len(pre) for s in labels):
            labels = [s[len(pre):] for s in labels]
        if _affix(suf) and all(len(s) > len(suf) for s in labels):
            labels = [s[:len(s) - len(suf)] for s in labels]
    labels = [s.strip().strip("\"'“”‘’「」:：,，()（）").strip() for s in labels]
    if any(not s or len(s) > 24 for s in labels) or len(set(labels)) != len(labels):
        return None
    return tuple(labels)


def _affix(s: str) -> bool:
    """A shared part that is words of its own (的查询, "Word "), not letters of the tokens (cat, sat)."""
    return bool(s) and (any(_cjk(ch) for ch in s) or not s.strip().isalnum())


def _common(strings: list[str]) -> str:
    out = []
    for chars in zip(*strings):
        if len(set(chars)) != 1:
            break
        out.append(chars[0])
    return "".join(out)


def _row_labels(lines: list[str], line: int, L: int) -> tuple[str, ...] | None:
    """Labels printed beside the matrix at ``line`` (1-based)."""
    here = "\n".join(lines[line - 1:line - 1 + L + 3])
    tail = here.split(r"\end{bmatrix}", 1)[1] if r"\end{bmatrix}" in here else ""
    side = re.search(r"\\begin\{matrix\}(.*?)\\end\{matrix\}", tail, re.S)
    if side:
        labels = re.findall(r"\\text\{([^{}]*)\}", side.group(1))
        if len(labels) == L:
            return _clean(labels)
    per_line = _line_labels(lines[line - 1:line - 1 + L + 3], L)
    if per_line:
        return per_line
    comments = []
    for row in lines[line - 1:line - 1 + L + 2]:
        m = re.search(r"\[[^\]]*\d[^\]]*\]\s*(?:,\s*)?(?:#|//|%)\s*(.+?)\s*$", row)
        if m:
            comments.append(m.group(1))
    if len(comments) == L:
        return _clean(comments)
    return None


_VECTOR = re.compile(r"\[\s*[-−]?\d[\d.]*(?:\s*,\s*[-−]?\d[\d.]*)+\s*\]")
_GENERIC = re.compile(r"[A-Za-z](?:_?\{?\d+\}?)?|x\w*|embeddings?|inputs?|token|row|word", re.I)


def _line_labels(rows: list[str], L: int) -> tuple[str, ...] | None:
    """One vector per line, each after its token: ``The = [1, 0]``, ``"cat": np.array([...])``,
    ``- "어제" → [...]``, ``| 私 | \\([1, 0]\\) |``."""
    labels = []
    for row in rows:
        vec = _VECTOR.search(row)
        if not vec:
            if labels:
                break
            continue
        label = _label_of(row[:vec.start()])
        if not label or _GENERIC.fullmatch(label):
            return None
        labels.append(label)
    return _clean(labels) if len(labels) == L else None


def _label_of(before: str) -> str | None:
    """The token written before a row's vector: quoted, a table cell, or a name with = : →."""
    quoted = re.search(r"[\"'“「(]([^\"'”」()]{1,24})[\"'”」)]", before)
    cell = re.match(r"\s*(?:\|\s*)?([^|]{1,24}?)\s*\|", before)
    name = re.match(r"\s*(?:[-*]\s*)?([^\W\d][\w'’-]*)\s*(?:=|:|→)", before)
    found = quoted or cell or name
    return found.group(1).strip() if found else None


def _quoted(text: str, L: int) -> tuple[str, ...] | None:
    for m in _QUOTED.finditer(text):
        phrase = m.group(1).strip()
        words = phrase.split()
        if len(words) == 1 and len(phrase) == L and all(_cjk(ch) for ch in phrase):
            words = list(phrase)  # 我爱你
        if len(words) == L and len(set(words)) == L and all(len(w) <= 24 for w in words) \
                and all(re.fullmatch(r"[\w'’-]+", w) for w in words):
            return tuple(words)
    return None


# --- language, decimals, names ------------------------------------------------------------

def _cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x3040 <= o <= 0x30FF or 0xAC00 <= o <= 0xD7AF


def language_of(text: str) -> str:
    """zh when the prose is written in CJK characters (the narration languages are zh and en).

    >>> language_of("手推 attention"), language_of("by hand")
    ('zh', 'en')
    """
    return "zh" if sum(map(_cjk, text)) >= 2 else "en"


_DECIMAL = re.compile(r"(?<![\w.])[-−]?\d+\.(\d+)(?![\w.])")


def decimals_of(text: str) -> int:
    """The article's most common number of decimal places (the larger on a tie); 4 if none.

    >>> decimals_of("0.45 0.27 1.0 0.333")
    2
    """
    counts = Counter(len(m.group(1)) for m in _DECIMAL.finditer(text))
    if not counts:
        return 4
    top = max(counts.values())
    return max(k for k, v in counts.items() if v == top)


_NAME_WORDS = re.compile(r"[^\W\d_][\w\- ]{0,30}")


#: a function's name, never a quantity's: the derivation writes softmax(..), exp(..), Attention(..)
_FUNCTION = re.compile(r"\\?(?:text|operatorname|mathrm)?\{?\s*(?:softmax|exp|attention|sqrt|max|sum|norm)\s*\}?", re.I)


def name_of(label: str) -> str | None:
    r"""The author's name for a quantity, from the label printed before it, as LaTeX; None
    when the label names nothing (code, a sentence).

    >>> name_of(r"$\text{Scaled Scores} ="), name_of("现在计算 $Scores = Q \\times K^T$："), name_of("注意力权重：")
    ('\\text{Scaled Scores}', '\\text{Scores}', '\\text{注意力权重}')
    >>> name_of("W_q = np.array("), name_of("print(attn_scores)"), name_of("softmax ="), name_of(r"$\\text{Softmax} =")
    (None, None, None, None)
    """
    from .spec import notation_latex
    from .markup import Math, Text
    text = Text.parse(label)
    if "$" in text.words:  # "$\text{Scores} =" before a matrix: the formula runs on past the label
        text = Text.parse(label + "$")
    maths = [p.source for p in text.pieces if isinstance(p, Math)]
    lhs = None
    if maths:
        head = re.split(r"=|\\approx|≈|:=", maths[0])
        if len(head) > 1 or len(maths[0].split()) <= 3:
            lhs = head[0].strip()
    elif re.fullmatch(r"\s*([^=:：()\[\]{}.,;#`'\"]{1,30}?)\s*[:：=]\s*", label):
        lhs = re.split(r"[:：=]", label)[0].strip()
        if re.search(r"[_.()\[\]]|np|torch|tensor|array|print", lhs) or len(lhs.split()) > 4:
            return None
    if not lhs or len(lhs) > 40 or _FUNCTION.fullmatch(lhs):
        return None   # ("softmax = [..]": the function's name, which the derivation writes as the function)
    if re.fullmatch(r"[A-Za-z]{2,}", lhs) or (not lhs.isascii() and "\\" not in lhs) or " " in lhs and "\\" not in lhs:
        candidate = lhs  # words: notation_latex sets them as text
    elif re.fullmatch(r"\\(?:text|mathrm|mathbf|boldsymbol|operatorname)\{[^{}]+\}(?:_\{?\w+\}?)?(?:\^\{?T\}?)?|"
                      r"[A-Za-z](?:_\{?\w+\}?)?(?:\^\{?T\}?)?|\\(?:alpha|tilde\{[A-Za-z]\}|hat\{[A-Za-z]\})", lhs):
        candidate = lhs
    else:
        return None
    try:
        return notation_latex(candidate)
    except SymattnError:
        return None


# --- the spec as TOML ------------------------------------------------------------------------

#: TOML's short escapes; every other control character is written \uXXXX
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_str(s: str) -> str:
    r"""A TOML basic string that reads back as ``s`` (tests/test_reliability.py checks it with
    ``tomllib``): quotes, backslashes and control characters escaped, so article text (a token,
    a name) cannot end the string and add a key.  A lone surrogate, which TOML cannot hold, is U+FFFD.

    >>> print(_toml_str('a"b\\c\nd = 1\x7f'))
    "a\"b\\c\nd = 1\u007F"
    """
    out = []
    for ch in s:
        if ch in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04X}")
        elif "\ud800" <= ch <= "\udfff":
            out.append("\ufffd")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_comment(text: str) -> str:
    """A comment line: one line whatever the text (a file name with a newline cannot start a key)."""
    return "# " + shown(text)


def _entry(e) -> str:
    e = sp.nsimplify(e) if isinstance(e, sp.Float) else e
    if e.is_Integer:
        return str(e)
    if e.is_Rational:
        q = int(e.q)
        while q % 2 == 0:
            q //= 2
        while q % 5 == 0:
            q //= 5
        if q == 1:  # a terminating decimal: write it as one (TOML keeps it exact)
            from decimal import Decimal, getcontext
            getcontext().prec = 80
            return format(Decimal(int(e.p)) / Decimal(int(e.q)), "f")
    return _toml_str(latex(e))


def _matrix(m) -> str:
    return "[" + ", ".join("[" + ", ".join(_entry(m[i, j]) for j in range(m.cols)) + "]"
                           for i in range(m.rows)) + "]"


def _toml(source, topic, lang, digits, tokens, mats, d_k, names) -> str:
    out = [_toml_comment(f"derive --from-article {source}: the spec of its example; edit it and run symattn "
                         "derive on it")]
    if topic != "attention":
        out.append(f"topic = {_toml_str(topic)}")
    out += [f"lang = {_toml_str(lang)}", f"digits = {digits}",
            "tokens = [" + ", ".join(_toml_str(t) for t in tokens) + "]"]
    for key in ("X", "W_Q", "W_K", "W_V", "Q", "K", "V"):
        if key in mats:
            out.append(f"{key} = {_matrix(mats[key])}")
    if d_k is not None:
        out.append(f"d_k = {_entry(d_k if isinstance(d_k, sp.Basic) else sp.Integer(d_k))}")
    out.append("")
    if topic == "mask":
        out += ["[options]", "causal = true", ""]
    if names:
        out.append("[notation]")
        out += [f"{k} = {_toml_str(v)}" for k, v in names.items()]
        out.append("")
    return "\n".join(out)
