r"""The article's notation, read into :mod:`symattn.check.ir` trees.

What tutorials write, and what it means here:

* ``\times``, ``\cdot``, ``*``, ``@`` and juxtaposition (``Q K^T``, ``QK^T``) are products;
* ``^T``, ``^{\top}``, ``ᵀ``, ``.T`` are transposes (latex2sympy2 drops the T of ``K^T``
  when K is a symbol, so this parser does its own);
* ``\sqrt{d_k}``, ``√4``, ``\frac{a}{b}``, ``e^{x}``; ``\text{Softmax}(...)`` is a row softmax;
* ``[[1, 0], [0, 1]]`` and ``bmatrix`` (rows broken with ``\\``, a doubled ``\\\\``, or a
  ``\`` lost in HTML conversion) are matrices;
* ``_{3 \times 4}`` and ``\quad \text{(维度: } 3 \times 4\text{)}`` are shape claims;
* side labels ``\begin{matrix} \leftarrow \text{...} \end{matrix}`` are dropped.

>>> chains = parse_chains(r"\sqrt{4} = 2")
>>> [type(p).__name__ for p in chains[0].parts], chains[0].rels
(['Op', 'Num'], ('=',))
>>> parse_chains("Q K^T")[0].parts[0]
Op(op='mul', args=(Name(raw='Q'), Op(op='T', args=(Name(raw='K'),))))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy as sp

from .ir import Lit, Name, Node, Num, Op, Shape
from .unicode import normalise

__all__ = ["ParseError", "Chain", "parse_chains", "parse_expression", "MAX_TOKENS"]

#: Longest chain, in tokens, the parser accepts (a size guard, not a style rule).
MAX_TOKENS = 20_000
MAX_NUMBER_CHARS = 60
MAX_SIDE = 256

RELATIONS = {"=": "=", r"\approx": "≈", r"\simeq": "≈", r"\doteq": "≈", r"\equiv": "=", ":=": "=",
             r"\coloneqq": "=", r"\thickapprox": "≈", r"\eqsim": "≈"}
UNSUPPORTED_RELATIONS = {"<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\ne", r"\neq", r"\propto",
                         r"\to", r"\rightarrow", r"\mapsto", r"\sim", r"\in", r"\subset"}
SEPARATORS = {r"\quad", r"\qquad", ",", ";", r"\Rightarrow", r"\implies", r"\iff", r"\Longrightarrow",
              r"\therefore", r"\hence"}
CONNECTIVES = {"and", "where", "with", "so", "then", "hence", "thus", "i.e.", "即", "所以", "其中", "和",
               "因此", "则", "故", "于是", "也就是", "得到", "that is", "or", "或"}
FUNCTIONS = {"softmax": "softmax", "exp": "exp", "sqrt": "sqrt", "np.sqrt": "sqrt", "math.sqrt": "sqrt",
             "np.exp": "exp", "math.exp": "exp", "torch.exp": "exp", "torch.sqrt": "sqrt",
             "torch.softmax": "softmax", "f.softmax": "softmax", "np.transpose": "T", "transpose": "T"}
MATRIX_ENVS = {"bmatrix", "pmatrix", "vmatrix", "Bmatrix", "Vmatrix", "matrix", "array", "smallmatrix"}
GREEK = {"alpha", "beta", "gamma", "delta", "theta", "lambda", "mu", "sigma", "tau", "phi", "omega",
         "epsilon", "eta", "rho", "pi", "Sigma", "Lambda", "Delta", "Phi", "Omega"}
ACCENTS = {"tilde", "hat", "bar", "vec", "widetilde", "widehat", "overline", "dot", "mathring"}
_DROP = {r"\displaystyle", r"\textstyle", r"\nonumber", r"\notag", r"\limits", r"\nolimits", r"\,",
         r"\;", r"\:", r"\!", r"\ ", r"\>", r"\left", r"\right", r"\big", r"\Big", r"\bigg", r"\Bigg",
         r"\bigl", r"\bigr", r"\Bigl", r"\Bigr", r"\middle", r"\phantom", r"\hfill", r"\cr"}
_WRAPPERS = ("mathbf", "boldsymbol", "bm", "mathit", "mathsf", "mathbb", "mathcal", "textbf", "textit",
             "emph", "mathnormal", "pmb")
_TEXTS = ("text", "mathrm", "operatorname", "textrm", "mbox", "textnormal", "texttt", "mathtt")


class ParseError(ValueError):
    """The notation could not be read; the message says what and where."""


@dataclass(frozen=True)
class Tok:
    kind: str      # num, word, cmd, text, env, shape, op
    value: object
    raw: str
    line: int = 0  # lines after the first line of the segment


@dataclass(frozen=True)
class Chain:
    """One equation chain ``p0 rel p1 rel p2 ...`` as written on one line."""

    parts: tuple                 # Node, or None where a part could not be read
    rels: tuple[str, ...]        # "=" or "≈" between consecutive parts
    errors: tuple                # None, or why that part could not be read
    shapes: tuple[Shape, ...]    # dimension claims found in the chain
    source: str                  # the chain as written
    unsupported: str = ""        # a relation we do not check (<, \neq, ...)
    offset: int = 0              # lines after the segment's first line where the chain starts
    notes: tuple[str, ...] = field(default=())  # repairs made while reading


# --------------------------------------------------------------------------- tokens

_NUM = re.compile(r"\d+(?:\.\d*)?|\.\d+")
_WORD = re.compile(r"[A-Za-z]+|[\u3400-\u9fff\uf900-\ufaff]+")
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
    raise ParseError(f"unbalanced {open_!r}")


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
                    raise ParseError(f"\\begin{{{name}}} closed by \\end{{{m.group(2)}}}")
                return m.start(), m.end()
    raise ParseError(f"\\begin{{{name}}} has no \\end{{{name}}}")


def tokenize(text: str) -> list[Tok]:
    text = normalise(text)
    toks: list[Tok] = []
    i, n = 0, len(text)
    counted_to, newlines = 0, 0

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
        if len(toks) > MAX_TOKENS:
            raise ParseError(f"more than {MAX_TOKENS} tokens in one equation")
        m = _NUM.match(text, i)
        if m:
            if len(m.group(0)) > MAX_NUMBER_CHARS:
                raise ParseError(f"a number with more than {MAX_NUMBER_CHARS} digits")
            add(Tok("num", m.group(0).rstrip("."), m.group(0)))
            if m.group(0).endswith(".") and len(m.group(0)) > 1:
                add(Tok("op", ".", "."))
            i = m.end()
            continue
        if c == "\\":
            m = _CMD.match(text, i)
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
                    raise ParseError("\\begin without an environment name")
                env = m2.group(1)
                body_start = m2.end()
                body_end, end = _env_end(text, body_start, env)
                add(Tok("env", (env, text[body_start:body_end]), text[i:end]))
                i = end
                continue
            if cmd == "end":
                raise ParseError("\\end without \\begin")
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
            add(Tok("cmd", name, name))
            i = j
            continue
        m = _WORD.match(text, i)
        if m:
            add(Tok("word", m.group(0), m.group(0)))
            i = m.end()
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


# --------------------------------------------------------------------------- chains

def _split(toks: list[Tok]):
    """Split tokens at depth 0 into chains; each chain into parts at relations."""
    chains, parts, rels, cur = [], [], [], []
    unsupported = ""
    depth = 0

    def close_chain():
        nonlocal parts, rels, cur, unsupported
        if cur or parts:
            parts.append(cur)
            chains.append((parts, rels, unsupported))
        parts, rels, cur, unsupported = [], [], [], ""

    for t in toks:
        if t.kind == "op" and t.value in "([{":
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
        if depth == 0:
            key = t.value if t.kind in ("op", "cmd") else None
            if key in RELATIONS:
                parts.append(cur)
                rels.append(RELATIONS[key])
                cur = []
                continue
            if key in UNSUPPORTED_RELATIONS or key in ("<=", ">=", "!="):
                unsupported = unsupported or t.raw
                parts.append(cur)
                rels.append(t.raw)
                cur = []
                continue
            if key in SEPARATORS or key == r"\\" or (t.kind == "text" and _is_connective(t.value)):
                close_chain()
                continue
        cur.append(t)
    close_chain()
    return [(p, r, u) for p, r, u in chains if any(p)]


def _is_connective(text: str) -> bool:
    s = text.strip().strip(",.，。:：;；").strip()
    return not s or s.lower() in CONNECTIVES


def _raw(toks: list[Tok]) -> str:
    """Tokens back to text, with a space only where two words would run together."""
    out = ""
    for t in toks:
        if out and (out[-1].isalnum() or out[-1] == "}") and (t.raw[:1].isalnum() or t.kind == "cmd") \
                or t.kind == "cmd" and t.value in RELATIONS or out.endswith(tuple(RELATIONS)):
            out += " "
        out += t.raw
    return out


def parse_chains(text: str) -> list[Chain]:
    """Read a math segment into equation chains (one per separator)."""
    toks = tokenize(text)
    out = []
    for parts, rels, unsupported in _split(toks):
        shape = _real_space(parts, unsupported)
        if shape is not None:  # X \in \mathbb{R}^{3 \times 4}: a shape claim about X
            parts, rels, unsupported = parts[:1], [], ""
        nodes, errors, shapes, notes = [], [], [], []
        for part in parts:
            if not part:
                nodes.append(None)
                errors.append("empty side of a relation")
                continue
            try:
                p = _Parser(part)
                nodes.append(p.parse())
                if shape is not None:
                    shapes.append(Shape(nodes[-1], shape[0], shape[1], shape[2]))
                shapes.extend(p.shapes)
                notes.extend(p.notes)
                errors.append(None)
            except ParseError as exc:
                fallback = _latex_number(part)
                nodes.append(fallback)
                errors.append(None if fallback is not None else str(exc))
            except RecursionError:
                nodes.append(None)
                errors.append("nested too deeply")
        source = f" {' '.join(rels)} ".join(_raw(p) for p in parts) if len(rels) == 1 else \
            "".join(_raw(p) + (f" {rels[k]} " if k < len(rels) else "") for k, p in enumerate(parts))
        first = next((t for p in parts for t in p), None)
        out.append(Chain(tuple(nodes), tuple(rels), tuple(errors), tuple(shapes),
                         " ".join(source.split()), unsupported, offset=first.line if first is not None else 0,
                         notes=tuple(dict.fromkeys(notes))))
    return out


def _latex_number(toks: list[Tok]) -> Num | None:
    """A number this parser does not read (``\\ln 2``, ``\\log_2 8``), read by latex2sympy2 instead
    (through :mod:`symattn.latex_input`, the only module that imports it)."""
    if not toks or any(t.kind in ("env", "shape") for t in toks) or len(toks) > 200:
        return None
    text = _raw(toks)
    from ..errors import SymattnError
    from ..latex_input import parse_scalar
    try:
        value = parse_scalar(text, allow_symbols=False)
    except (SymattnError, RecursionError, ValueError, TypeError):
        return None
    if not isinstance(value, sp.Expr) or not value.is_number or not value.is_real:
        return None
    return Num(value, text)


def _real_space(parts, unsupported):
    """``\\in \\mathbb{R}^{3 \\times 4}`` -> (3, 4, text), else None."""
    if unsupported != r"\in" or len(parts) != 2:
        return None
    right = parts[1]
    if len(right) >= 4 and (right[0].raw in (r"\R", "R") or right[0].value == "R") and right[1].value == "^":
        inner = right[3:-1] if right[2].value == "{" and right[-1].value == "}" else right[2:]
        dims = _shape_of(inner)
        if dims:
            return dims[0], dims[1], _raw(parts[0]) + r" \in \mathbb{R}^{" + _raw(inner) + "}"
    return None


def parse_expression(text: str) -> Node:
    """One expression, no relations (used for table cells and list entries)."""
    p = _Parser(tokenize(text))
    return p.parse()


# --------------------------------------------------------------------------- parser

class _Parser:
    def __init__(self, toks: list[Tok]):
        self.toks = list(toks)  # a copy: splitting QK into Q, K inserts tokens
        self.i = 0
        self.shapes: list[Shape] = []
        self.notes: list[str] = []

    def peek(self, k: int = 0):
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def next(self) -> Tok:
        t = self.peek()
        if t is None:
            raise ParseError("unexpected end of the expression")
        self.i += 1
        return t

    def is_op(self, value, k: int = 0) -> bool:
        t = self.peek(k)
        return t is not None and t.kind in ("op", "cmd") and t.value == value

    def expect(self, value):
        t = self.next()
        if t.value != value:
            raise ParseError(f"expected {value!r}, found {t.raw!r}")

    def parse(self) -> Node:
        node = self.expr()
        if self.peek() is not None:
            raise ParseError(f"cannot read {self.peek().raw!r} here")
        return node

    # expr := [+-] term ([+-] term)*
    def expr(self) -> Node:
        if self.is_op("-"):
            self.next()
            node = Op("neg", (self.term(),))
        else:
            if self.is_op("+"):
                self.next()
            node = self.term()
        while self.is_op("+") or self.is_op("-"):
            op = "add" if self.next().value == "+" else "sub"
            node = Op(op, (node, self.term()))
        return node

    _MUL = {r"\times": "mul", r"\cdot": "mul", "*": "mul", "@": "mul", r"\ast": "mul", "/": "div",
            r"\div": "div"}

    def term(self) -> Node:
        node = self.unary()
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind in ("op", "cmd") and t.value in self._MUL:
                self.next()
                node = Op(self._MUL[t.value], (node, self.unary()))
            elif self._starts_primary(t):
                node = Op("mul", (node, self.postfix()))
            else:
                break
        return node

    def unary(self) -> Node:
        if self.is_op("-"):
            self.next()
            return Op("neg", (self.unary(),))
        if self.is_op("+"):
            self.next()
            return self.unary()
        return self.postfix()

    def _starts_primary(self, t: Tok) -> bool:
        if t.kind in ("num", "word", "text", "env"):
            return True
        if t.kind == "op":
            return t.value in "([{"
        if t.kind == "cmd":
            return t.value in (r"\frac", r"\sqrt", r"\exp", r"\infty", r"\pi") or t.value[1:] in GREEK \
                or t.value[1:] in ACCENTS
        return False

    def group(self) -> tuple[Node | None, list[Tok]]:
        """A ``{...}`` group or one token, for sub/superscripts: (parsed or None, tokens)."""
        t = self.next()
        if t.kind == "op" and t.value == "{":
            depth, start = 1, self.i
            while depth:
                u = self.next()
                if u.kind == "op" and u.value == "{":
                    depth += 1
                elif u.kind == "op" and u.value == "}":
                    depth -= 1
            inner = self.toks[start:self.i - 1]
        else:
            inner = [t]
        try:
            return _Parser(inner).parse() if inner else None, inner
        except ParseError:
            return None, inner

    def postfix(self) -> Node:
        node = self.primary()
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "shape":
                self.next()
                self.shapes.append(Shape(node, t.value[0], t.value[1], t.raw))
            elif t.kind == "op" and t.value == "_":
                self.next()
                parsed, inner = self.group()
                shape = _shape_of(inner)
                if shape:
                    self.shapes.append(Shape(node, *shape, "_{" + _raw(inner) + "}"))
                elif isinstance(node, Name):
                    node = Name(f"{node.raw}_{{{_raw(inner)}}}")
                else:
                    raise ParseError(f"subscript {_raw(inner)!r} on an expression")
            elif t.kind == "op" and t.value in ("^", "**"):
                self.next()
                parsed, inner = self.group()
                if _is_transpose(inner):
                    node = Op("T", (node,))
                elif isinstance(node, Name) and node.raw == "e" and parsed is not None:
                    node = Op("exp", (parsed,))
                elif isinstance(node, Name) and inner and all(u.kind == "word" for u in inner) \
                        and node.raw[:1].isupper():
                    node = Name(f"{node.raw}^{{{_raw(inner)}}}")
                elif parsed is None:
                    raise ParseError(f"cannot read the exponent {_raw(inner)!r}")
                else:
                    node = Op("pow", (node, parsed))
            elif t.kind == "op" and t.value == "'":
                self.next()
                if not isinstance(node, Name):
                    raise ParseError("a prime on an expression")
                node = Name(node.raw + "'")
            elif t.kind == "op" and t.value == "." and self._dot_t():
                node = Op("T", (node,))
            else:
                break
        return node

    def _dot_t(self) -> bool:
        u = self.peek(1)
        if u is not None and u.kind == "word" and u.value == "T":
            self.i += 2
            return True
        return False

    def primary(self) -> Node:
        t = self.next()
        if t.kind == "num":
            return Num(sp.Rational(t.value), t.value)
        if t.kind == "env":
            return self.matrix(*t.value)
        if t.kind == "text":
            return self.named(t.value, t.raw)
        if t.kind == "word":
            return self.word(t)
        if t.kind == "op":
            if t.value == "(":
                node = self.until(")")
                return node
            if t.value == "{":
                return self.until("}")
            if t.value == "[":
                return self.bracket_list()
            if t.value == "|":
                raise ParseError("|...| (a norm or determinant) is not checked")
        if t.kind == "cmd":
            return self.command(t)
        raise ParseError(f"cannot read {t.raw!r} here")

    def until(self, close: str) -> Node:
        depth, start = 1, self.i
        opens = {")": "(", "}": "{", "]": "["}[close]
        while depth:
            u = self.next()
            if u.kind == "op" and u.value == opens:
                depth += 1
            elif u.kind == "op" and u.value == close:
                depth -= 1
        inner = self.toks[start:self.i - 1]
        if not inner:
            raise ParseError("empty brackets")
        return _Parser(inner).parse_sub(self)

    def parse_sub(self, parent: "_Parser") -> Node:
        node = self.parse()
        parent.shapes.extend(self.shapes)
        parent.notes.extend(self.notes)
        return node

    def args(self) -> list[list[Tok]]:
        """The comma-separated token lists inside ``( ... )`` (the ``(`` already read)."""
        out, cur, depth = [], [], 1
        while True:
            u = self.next()
            if u.kind == "op" and u.value in "([{":
                depth += 1
            elif u.kind == "op" and u.value in ")]}":
                depth -= 1
                if depth == 0:
                    out.append(cur)
                    return out
            if depth == 1 and u.kind == "op" and u.value == ",":
                out.append(cur)
                cur = []
                continue
            cur.append(u)

    def call(self, fn: str) -> Node:
        # optional subscript such as softmax_{row} or softmax_{dim=-1}
        axis_cols = False
        if self.is_op("_"):
            self.next()
            _, inner = self.group()
            axis_cols = _raw(inner).replace(" ", "").lower() in ("col", "cols", "column", "columns",
                                                                 "dim=0", "axis=0", "0")
        t = self.peek()
        if t is not None and t.kind == "op" and t.value == "(":
            self.next()
            parts = self.args()
            if not parts[0]:
                raise ParseError(f"{fn}() without an argument")
            arg = _Parser(parts[0]).parse_sub(self)
            for extra in parts[1:]:
                flat = _raw(extra).replace(" ", "").lower()
                if flat in ("axis=0", "dim=0", "0"):
                    axis_cols = True
                elif flat not in ("axis=-1", "dim=-1", "axis=1", "dim=1", "-1", "1"):
                    raise ParseError(f"{fn}: cannot read the argument {_raw(extra)!r}")
        elif t is not None and t.kind == "op" and t.value == "{":
            arg, _ = self.group()
            if arg is None:
                raise ParseError(f"cannot read the argument of {fn}")
        else:
            arg = self.postfix()
        if fn == "softmax":
            return Op("softmax_cols" if axis_cols else "softmax", (arg,))
        return Op(fn, (arg,))

    def word(self, t: Tok) -> Node:
        w = t.value
        # np.sqrt, torch.softmax, F.softmax
        while self.is_op(".") and self.peek(1) is not None and self.peek(1).kind == "word" \
                and self.peek(1).value != "T":
            self.next()
            w = w + "." + self.next().value
        if w.lower() in FUNCTIONS:
            return self.call(FUNCTIONS[w.lower()])
        if w in ("np.array", "torch.tensor", "np.asarray", "array", "tensor", "Matrix") and self.is_op("("):
            self.next()
            node = self.until(")")
            return node
        if w == "e":
            return Name("e")
        # "Attention Weights", "Scaled Scores": words written in math without \text
        while len(w) > 1 and self.peek() is not None and self.peek().kind == "word" \
                and len(self.peek().value) > 1 and not self.peek().value.lower() in FUNCTIONS:
            w = w + " " + self.next().value
        if len(w) > 1 and w.isascii() and w.isalpha() and w.isupper() and " " not in w:
            from .symbols import is_known
            if not is_known(w):
                # QK^T is Q times K^T: split a run of capitals into single letters
                self.toks[self.i:self.i] = [Tok("word", ch, ch) for ch in w[1:]]
                return Name(w[0])
        return Name(w)

    def named(self, content: str, raw: str) -> Node:
        low = content.strip().lower()
        if low in FUNCTIONS or low in ("softmax", "soft max"):
            return self.call(FUNCTIONS.get(low, "softmax"))
        if low in ("e",):
            return Name("e")
        if not content.strip():
            raise ParseError("empty \\text{}")
        return Name(content.strip())

    def command(self, t: Tok) -> Node:
        c = t.value
        if c == r"\frac":
            top, _ = self.group()
            bottom, _ = self.group()
            if top is None or bottom is None:
                raise ParseError("cannot read a \\frac")
            return Op("div", (top, bottom))
        if c == r"\sqrt":
            if self.is_op("["):
                raise ParseError("n-th roots are not checked")
            if self.is_op("("):
                self.next()
                return Op("sqrt", (self.until(")"),))
            arg, inner = self.group()
            if arg is None:
                raise ParseError(f"cannot read \\sqrt{{{_raw(inner)}}}")
            return Op("sqrt", (arg,))
        if c == r"\exp":
            return self.call("exp")
        if c == r"\infty":
            return Num(sp.oo, "∞")
        if c == r"\pi":
            return Num(sp.pi, "π")
        if c[1:] in GREEK:
            return Name(c)
        if c[1:] in ACCENTS:
            _, inner = self.group()
            return Name(f"{c}{{{_raw(inner)}}}")
        if c in (r"\softmax", r"\Softmax"):
            return self.call("softmax")
        if c in (r"\ldots", r"\cdots", r"\vdots", r"\ddots", r"\dots"):
            raise ParseError("an ellipsis (…) stands for entries that are not written")
        if c in (r"\sum", r"\prod", r"\int", r"\max", r"\min", r"\log", r"\ln", r"\lim", r"\partial"):
            raise ParseError(f"{c} is not checked")
        raise ParseError(f"unknown command {c}")

    # ------------------------------------------------------------------- matrices

    def bracket_list(self) -> Node:
        """``[a, b, c]`` or ``[[a, b], [c, d]]`` (the ``[`` already read)."""
        items = self.args_until("]")
        if not items or not items[0]:
            raise ParseError("empty list")
        rows: list[list[list[Tok]]] = []
        if all(it and it[0].kind == "op" and it[0].value == "[" for it in items):
            for it in items:
                sub = _Parser(it[1:])
                inner = sub.args_until("]")
                if sub.peek() is not None:
                    raise ParseError("cannot read a nested list")
                rows.append(inner)
        else:
            rows = [items]
        return _literal([[c for c in row] for row in rows], self, note="")

    def args_until(self, close: str) -> list[list[Tok]]:
        out, cur, depth = [], [], 1
        opens = {"]": "[", ")": "("}[close]
        while True:
            u = self.next()
            if u.kind == "op" and u.value in "([{":
                depth += 1
            elif u.kind == "op" and u.value in ")]}":
                depth -= 1
                if depth == 0:
                    if u.value != close:
                        raise ParseError(f"{opens!r} closed by {u.value!r}")
                    if cur:
                        out.append(cur)
                    return out
            if depth == 1 and u.kind == "op" and u.value == ",":
                out.append(cur)
                cur = []
                continue
            cur.append(u)

    def matrix(self, env: str, body: str) -> Node:
        if env not in MATRIX_ENVS:
            raise ParseError(f"environment {env} is not a matrix")
        if env == "array":
            body = re.sub(r"^\s*\{[^{}]*\}", "", body)
        rows, note = _matrix_rows(body)
        if note:
            self.notes.append(note)
        cells = [[tokenize(cell) for cell in row] for row in rows]
        return _literal(cells, self, note=note)


def _matrix_rows(body: str) -> tuple[list[list[str]], str]:
    """Split a bmatrix body into rows of cells, repairing lost or doubled ``\\\\``."""
    note = ""
    # a row break that lost one backslash in HTML conversion: "1 & 0 \ 0 & 1"
    fixed = re.sub(r"(?<!\\)\\(?=\s)", r"\\\\", body)
    if fixed != body:
        note = "row breaks written as a single \\ were read as \\\\"
    parts = re.split(r"\\\\(?:\[[^\]]*\])?", fixed)
    if any(not p.strip() for p in parts[:-1]) and len(parts) > 2:
        note = note or "doubled row breaks (\\\\\\\\) were read as one"
    rows = [[c.strip() for c in p.split("&")] for p in parts if p.strip()]
    rows = [r for r in rows if any(rows)]
    if len(rows) == 1 and len(rows[0]) > 1:
        rebuilt = _rebuild_rows(rows[0])
        if rebuilt:
            return rebuilt, "rows had lost their \\\\ and were rebuilt from the spacing"
    return rows, note


def _rebuild_rows(cells: list[str]):
    """``1 & 0 0 & 1`` (a lost ``\\\\``): a cell holding two numbers ends one row and starts the next."""
    num = r"-?\d+(?:\.\d+)?"
    flat, breaks = [], []
    for c in cells:
        m = re.fullmatch(rf"({num})\s+({num})", c)
        if m:
            flat.append(m.group(1))
            breaks.append(len(flat))
            flat.append(m.group(2))
        else:
            flat.append(c)
    if not breaks:
        return None
    width = breaks[0]
    if len(flat) % width or any(b % width for b in breaks):
        return None
    return [flat[k:k + width] for k in range(0, len(flat), width)]


def _literal(cells: list[list[list[Tok]]], parser: _Parser, note: str) -> Lit:
    from .scalar import scalar_value

    if not cells or not cells[0]:
        raise ParseError("empty matrix")
    width = len(cells[0])
    for r, row in enumerate(cells):
        if len(row) != width:
            raise ParseError(f"matrix row {r + 1} has {len(row)} entries, row 1 has {width}")
    if len(cells) > MAX_SIDE or width > MAX_SIDE:
        raise ParseError(f"a {len(cells)}x{width} matrix is over the size limit ({MAX_SIDE} per side)")
    values, texts = [], []
    for r, row in enumerate(cells):
        vrow, trow = [], []
        for c, toks in enumerate(row):
            if not toks:
                raise ParseError(f"entry [{r + 1},{c + 1}] is empty")
            try:
                node = _Parser(toks).parse()
                vrow.append(scalar_value(node))
            except ParseError as exc:
                fallback = _latex_number(toks)
                if fallback is None:
                    raise ParseError(f"entry [{r + 1},{c + 1}]: {exc}") from None
                vrow.append(fallback.value)
            trow.append(_raw(toks).replace(" ", "") if all(t.kind in ("num", "op") for t in toks)
                        else _raw(toks))
        values.append(vrow)
        texts.append(tuple(trow))
    return Lit(sp.ImmutableMatrix(values), tuple(texts), note)


def _shape_of(inner: list[Tok]):
    """``3 \\times 4`` (or ``3x4``) in a subscript -> (3, 4)."""
    vals = [t for t in inner]
    if len(vals) == 3 and vals[0].kind == "num" and vals[2].kind == "num" and \
            ((vals[1].kind == "cmd" and vals[1].value in (r"\times", r"\cdot")) or
             (vals[1].kind == "word" and vals[1].value == "x") or (vals[1].kind == "op" and vals[1].value == "*")):
        if vals[0].value.isdigit() and vals[2].value.isdigit():
            return int(vals[0].value), int(vals[2].value)
    return None


def _is_transpose(inner: list[Tok]) -> bool:
    flat = "".join(t.raw for t in inner).replace(" ", "")
    return flat in ("T", r"\top", r"\intercal", r"\mathsf{T}", r"\mathrm{T}", r"\text{T}", "t", "⊤", "ᵀ", r"\prime")
