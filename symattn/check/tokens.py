r"""Tokens of the article's math: numbers, words, commands, ``\text{}``, matrix environments.

The tokenizer also drops what carries no math (spacing commands, ``\left``/``\right``,
font wrappers, side labels such as ``\begin{matrix} \leftarrow \text{...} \end{matrix}``) and
records on which line of a display each token starts.

>>> [t.raw for t in tokenize(r"\mathbf{Q} \, K^{\top}")]
['Q', 'K', '^', '{', 'T', '}']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import limits
from .claims import Explained
from .unicode import normalise

__all__ = ["ParseError", "Tok", "tokenize", "raw_text", "RELATIONS", "UNSUPPORTED_RELATIONS", "SEPARATORS",
           "CONNECTIVES", "FUNCTIONS", "MATRIX_ENVS", "GREEK", "ACCENTS"]

RELATIONS = {"=": "=", r"\approx": "≈", r"\simeq": "≈", r"\doteq": "≈", r"\equiv": "=", ":=": "=",
             r"\coloneqq": "=", r"\thickapprox": "≈", r"\eqsim": "≈", r"\cong": "≈"}   # (≅ between numbers: about)
UNSUPPORTED_RELATIONS = {"<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\ne", r"\neq", r"\propto",
                         r"\to", r"\rightarrow", r"\mapsto", r"\sim", r"\in", r"\subset"}
SEPARATORS = {r"\quad", r"\qquad", ",", ";", r"\Rightarrow", r"\implies", r"\iff", r"\Longrightarrow",
              r"\therefore", r"\hence"}
CONNECTIVES = {"and", "where", "with", "so", "then", "hence", "thus", "i.e.", "即", "所以", "其中", "和",
               "因此", "则", "故", "于是", "也就是", "得到", "that is", "or", "或"}
FUNCTIONS = {"softmax": "softmax", "exp": "exp", "sqrt": "sqrt", "np.sqrt": "sqrt", "math.sqrt": "sqrt",
             "np.exp": "exp", "math.exp": "exp", "torch.exp": "exp", "torch.sqrt": "sqrt",
             "torch.softmax": "softmax", "f.softmax": "softmax", "np.transpose": "T", "transpose": "T",
             "rank": "rank", "rref": "rref", "det": "det", "tr": "trace", "trace": "trace", "null": "null",
             "dim": "dim", "ln": "ln", "log": "ln", "np.log": "ln", "math.log": "ln", "torch.log": "ln",
             "max": "max", "min": "min", "np.max": "max", "np.min": "min"}
MATRIX_ENVS = {"bmatrix", "pmatrix", "vmatrix", "Bmatrix", "Vmatrix", "matrix", "array", "smallmatrix"}
GREEK = {"alpha", "beta", "gamma", "delta", "theta", "lambda", "mu", "sigma", "tau", "phi", "omega",
         "epsilon", "eta", "rho", "pi", "Sigma", "Lambda", "Delta", "Phi", "Omega",
         "ell", "kappa", "nu", "xi", "psi", "chi", "zeta", "iota", "varepsilon", "varphi", "Gamma", "Theta",
         "Psi", "Xi"}   # letters that name things (ℓ, the running sum), never numbers
ACCENTS = {"tilde", "hat", "bar", "vec", "widetilde", "widehat", "overline", "dot", "mathring"}
_DROP = {r"\displaystyle", r"\textstyle", r"\nonumber", r"\notag", r"\limits", r"\nolimits", r"\,",
         r"\;", r"\:", r"\!", r"\ ", r"\>", r"\left", r"\right", r"\big", r"\Big", r"\bigg", r"\Bigg",
         r"\bigl", r"\bigr", r"\Bigl", r"\Bigr", r"\middle", r"\phantom", r"\hfill", r"\cr"}
_WRAPPERS = ("mathbf", "boldsymbol", "bm", "mathit", "mathsf", "mathbb", "mathcal", "textbf", "textit",
             "emph", "mathnormal", "pmb")
_TEXTS = ("text", "mathrm", "operatorname", "textrm", "mbox", "textnormal", "texttt", "mathtt")


class ParseError(Explained, ValueError):
    """The notation could not be read; its reason says what and where."""


@dataclass(frozen=True)
class Tok:
    kind: str      # num, word, cmd, text, env, shape, op
    value: object
    raw: str
    line: int = 0  # lines after the first line of the segment



_NUM = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+(?![\w.]))?(?:\\?%)?")   # numerals.NUMBER, with %
_WORD = re.compile(r"[A-Za-z]+|[\u3400-\u9fff\uf900-\ufaff]+")
#: the index written right after a one-letter name: digits with no decimal point after them
_INDEX = re.compile(r"\d{1,3}(?![\d.])")
_CMD = re.compile(r"\\([A-Za-z]+|.)")


def _group_end(text: str, start: int, open_: str = "{", close: str = "}") -> int:
    """Index just after the group opened at ``text[start]``."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ParseError("unbalanced", bracket=open_)


def _env_end(text: str, start: int, name: str) -> tuple[int, int]:
    """(end of body, end of \\end{name}) for an environment whose body starts at ``start``."""
    depth = 1
    pat = re.compile(r"\\(begin|end)\{([^{}]*)\}")
    for m in pat.finditer(text, start):
        if m.group(1) == "begin":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                if m.group(2) != name:
                    raise ParseError("env-closed-by", env=name, other=m.group(2))
                return m.start(), m.end()
    raise ParseError("env-unclosed", env=name)


def tokenize(text: str) -> list[Tok]:
    text = normalise(text)
    toks: list[Tok] = []
    i, n = 0, len(text)
    counted_to, newlines = 0, 0
    max_tokens, max_number = limits.CHECK_MAX_EQUATION_TOKENS, limits.CHECK_MAX_NUMBER_CHARS

    def add(tok: Tok) -> None:
        nonlocal counted_to, newlines
        if i > counted_to:  # positions before i never change, so count incrementally
            newlines += text.count("\n", counted_to, i)
            counted_to = i
        toks.append(Tok(tok.kind, tok.value, tok.raw, newlines))

    while i < n:
        c = text[i]
        if c.isspace() or c in "&~":
            i += 1
            continue
        if len(toks) > max_tokens:
            raise ParseError("too-many-tokens", n=max_tokens)
        m = _NUM.match(text, i)
        if m:
            if len(m.group(0)) > max_number:
                raise ParseError("number-too-long", n=max_number)
            add(Tok("num", m.group(0).rstrip("."), m.group(0)))
            if m.group(0).endswith(".") and len(m.group(0)) > 1:
                add(Tok("op", ".", "."))
            i = m.end()
            continue
        if c == "\\":
            m = _CMD.match(text, i)
            if m is None:   # a backslash at the very end
                raise ParseError("unexpected-end")
            name = m.group(0)
            j = m.end()
            if name == r"\\":
                add(Tok("op", r"\\", r"\\"))
                i = j
                continue
            cmd = m.group(1)
            if cmd == "begin":
                m2 = re.compile(r"\s*\{([^{}]*)\}").match(text, j)
                if not m2:
                    raise ParseError("begin-without-name")
                env = m2.group(1)
                body_start = m2.end()
                body_end, end = _env_end(text, body_start, env)
                add(Tok("env", (env, text[body_start:body_end]), text[i:end]))
                i = end
                continue
            if cmd == "end":
                raise ParseError("end-without-begin")
            if cmd in _TEXTS or cmd in _WRAPPERS or cmd == "shape" or cmd in ("tag", "label"):
                k = j
                while k < n and text[k].isspace():
                    k += 1
                if k < n and text[k] == "{":
                    end = _group_end(text, k)
                    content = text[k + 1:end - 1]
                    if cmd == "shape":
                        r, cc = content.split(",")
                        add(Tok("shape", (int(r), int(cc)), text[i:end]))
                    elif cmd in ("tag", "label"):
                        pass
                    elif cmd in _TEXTS and re.fullmatch(r"\s*\([^()]*\)\s*", content):
                        pass   # "4,348,654,387,200 \text{ (Blocks)}": a remark in brackets names a term
                    elif cmd in _TEXTS:
                        add(Tok("text", " ".join(content.split()), text[i:end]))
                    else:  # a font wrapper: keep what it wraps
                        text = text[:i] + " " + content + " " + text[end:]
                        n = len(text)
                        continue
                    i = end
                    continue
            if name in _DROP or cmd in ("left", "right"):
                i = j
                continue
            if cmd in _WRAPPERS and re.match(r"\s*[A-Za-z0-9]", text[j:j + 8]):
                i = j   # "\mathbf o": a font wrapper takes the one character after it, as \mathbf{o} does
                continue
            add(Tok("cmd", name, name))
            i = j
            continue
        m = _WORD.match(text, i)
        if m:
            add(Tok("word", m.group(0), m.group(0)))
            i = m.end()
            w = m.group(0)
            k = _INDEX.match(text, i) if (len(w) == 1 or w.isascii() and w.isalpha() and w.isupper()) and \
                not (m.start() and (text[m.start() - 1].isdigit() or text[m.start() - 1] == ".")) else None
            if k:   # M4, W1, q2: a letter with its index written after it is one name (M_4), not M·4;
                # XM1: a product of capitals whose last one carries the index (X·M_1)
                add(Tok("op", "_", ""))
                add(Tok("num", k.group(0), k.group(0)))
                i = k.end()
            continue
        if c == "$":
            i += 1
            continue
        two = text[i:i + 2]
        if two in (":=", "**", "==", "<=", ">=", "!="):
            add(Tok("op", two, two))
            i += 2
            continue
        add(Tok("op", c, c))
        i += 1
    return [t for t in toks if not _is_side_label(t)]


def _is_side_label(t: Tok) -> bool:
    """``\\begin{matrix} \\leftarrow \\text{...} \\end{matrix}``: words and arrows, no numbers."""
    if t.kind != "env" or t.value[0] not in ("matrix", "array"):
        return False
    body = re.sub(r"\\(text|mathrm|textrm|mbox)\s*\{[^{}]*\}", " ", t.value[1])
    if not re.search(r"\\(leftarrow|rightarrow|longleftarrow|gets|to)\b|←|→", t.value[1]):
        return not re.search(r"\d", body) and bool(re.search(r"\\text", t.value[1]))
    return True



def raw_text(toks: list[Tok]) -> str:
    """Tokens back to text, with a space only where two words would run together."""
    out, prev = "", None
    for t in toks:
        joined = prev is not None and prev.value == "_" and not prev.raw   # M4: an index written on
        if not joined and (out and (out[-1].isalnum() or out[-1] == "}") and (t.raw[:1].isalnum() or t.kind == "cmd")
                           or t.kind == "cmd" and t.value in RELATIONS or out.endswith(tuple(RELATIONS))):
            out += " "
        out += t.raw
        prev = t
    return out


def shape_of_tokens(inner: list[Tok]):
    """``3 \\times 4`` (or ``3x4``) in a subscript -> (3, 4)."""
    vals = [t for t in inner]
    if len(vals) == 3 and vals[0].kind == "num" and vals[2].kind == "num" and \
            ((vals[1].kind == "cmd" and vals[1].value in (r"\times", r"\cdot")) or
             (vals[1].kind == "word" and vals[1].value == "x") or (vals[1].kind == "op" and vals[1].value == "*")):
        if vals[0].value.isdigit() and vals[2].value.isdigit():
            return int(vals[0].value), int(vals[2].value)
    return None


def is_transpose(inner: list[Tok]) -> bool:
    flat = "".join(t.raw for t in inner).replace(" ", "")
    return flat in ("T", r"\top", r"\intercal", r"\mathsf{T}", r"\mathrm{T}", r"\text{T}", "t", "⊤", "ᵀ", r"\prime")

