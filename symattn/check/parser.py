"""The recursive-descent parser: tokens of one side of an equation -> an :mod:`~symattn.check.ir` tree.

Input: a list of :class:`~symattn.check.tokens.Tok`.  Output: an :mod:`~symattn.check.ir` tree.

Grammar (loosest first)::

    expr    := [+-] term ([+-] term)*
    term    := unary ((\\times | \\cdot | * | @ | / | \\div) unary | juxtaposed postfix)*
    postfix := primary (^T | ^{...} | _{...} | _{3 \\times 4} | ' | .T)*
    primary := number | name | \\text{...} | matrix | [list] | (expr) | \\frac | \\sqrt | softmax(...)
"""

from __future__ import annotations

import re

import sympy as sp

from .. import limits
from . import numerals
from .claims import Reason
from .ir import Lit, Name, Node, Num, Op, Shape
from .tokens import (ACCENTS, FUNCTIONS, GREEK, MATRIX_ENVS, ParseError, Tok, is_transpose,
                     raw_text, shape_of_tokens, tokenize)

__all__ = ["Parser", "latex_number"]

_ENTRY_INDEX = re.compile(r"(\d+),(\d+)|([1-9][1-9])")   # an entry (i, j) of a matrix: 2,3 or 23




#: a unit whose reading scales the number (134 MB is 134·10⁶ bytes, 0.045 ms is 4.5·10⁻⁵ s): never
#: dropped as a noun
#: functions written as words that this parser does not evaluate
_UNREAD_FUNCTIONS = {"sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "sigmoid", "relu",
                     "gelu", "silu", "sigma"}
#: the trigonometric functions read as values (of a number; of a name given one)
_TRIG = ("sin", "cos", "tan")
_SIZE_UNIT = re.compile(r"(?i)[KMGTP]i?B|kB|bytes?|B|[KMGT]|[mnuµ]?s|secs?|seconds?|min(?:ute)?s?|h(?:ours?)?|"
                        r"days?|[kMGTP]?(?:flops?|hz)|%")


class Parser:
    def __init__(self, toks: list[Tok], depth: int = 0):
        if depth > limits.CHECK_MAX_NESTING:   # each level is parsed on its own token list
            raise ParseError("too-deep")
        self.toks = list(toks)  # a copy: splitting QK into Q, K inserts tokens
        self.i = 0
        self.depth = depth
        self.shapes: list[Shape] = []
        self.notes: list[str] = []

    def peek(self, k: int = 0):
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def next(self) -> Tok:
        t = self.peek()
        if t is None:
            raise ParseError("unexpected-end")
        self.i += 1
        return t

    def is_op(self, value, k: int = 0) -> bool:
        t = self.peek(k)
        return t is not None and t.kind in ("op", "cmd") and t.value == value

    def expect(self, value):
        t = self.next()
        if t.value != value:
            raise ParseError("expected-found", expected=str(value), found=t.raw)

    def parse(self) -> Node:
        node = self.expr()
        if self.peek() is not None:
            raise ParseError("cannot-read-token", token=self.peek().raw)
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
        terms = 1
        while self.is_op("+") or self.is_op("-"):
            op = "add" if self.next().value == "+" else "sub"
            node = Op(op, (node, self.term()))
            terms += 1
            if terms > limits.CHECK_MAX_TERMS:   # a chain is a tree as deep as it is long
                raise ParseError("too-many-terms", limit=limits.CHECK_MAX_TERMS)
        return node

    _MUL = {r"\times": "mul", r"\cdot": "mul", "*": "mul", "@": "mul", r"\ast": "mul", "/": "div",
            r"\div": "div", r"\odot": "hadamard", "⊙": "hadamard", r"\circ": "hadamard", r"\mid": "hstack"}

    def term(self) -> Node:
        node = self.unary()
        factors = 1
        juxtaposed = False   # the term so far ends in factors written side by side (5N²)
        while True:
            t = self.peek()
            if t is None:
                break
            factors += 1
            if factors > limits.CHECK_MAX_TERMS:
                raise ParseError("too-many-terms", limit=limits.CHECK_MAX_TERMS)
            if t.kind in ("op", "cmd") and t.value in self._MUL:
                self.next()
                op = self._MUL[t.value]
                if t.value == "/" and self.is_op("/"):
                    self.next()
                    op = "floordiv"   # 120 // 32: Python's floor division, as programmers write it in prose
                rhs = self.unary()
                if op == "div" and isinstance(rhs, Num) and self._power_of_ten_follows():
                    # "3.07×10²³ / 3.07×10²³": a divisor in scientific notation is one number
                    self.next()
                    rhs = Op("mul", (rhs, self.postfix()))
                coefficient = isinstance(rhs, Num)
                while op == "div" and t.value == "/" and juxtaposed and coefficient and self.peek() is not None \
                        and self._starts_primary(self.peek()):
                    # "5N² / 2N²": a coefficient and symbols on both sides of the slash, the divisor is
                    # 2N² too (a plain number over one, "8/3 d", stays a coefficient of d; "QKᵀ/√d_k V"
                    # divides by the root alone)
                    rhs = Op("mul", (rhs, self.postfix()))
                node = Op(op, (node, rhs))
                juxtaposed = False
            elif t.kind == "text" and isinstance(node, Num) and self.i == len(self.toks) - 1 and \
                    re.fullmatch(r"[^\W\d_]{2,}(?:/[^\W\d_]+)?(?: [^\W\d_]+)*", t.value) and \
                    not _SIZE_UNIT.fullmatch(t.value.split("/")[0]):
                # "62,831 \text{ tokens}", "0.000109 \text{ rad/token}": a noun after the last number names
                # what it counts
                self.next()
            elif isinstance(node, Num) and t.raw == "(" and self._gloss_follows():
                # "d_k = 4 (dimension)": words in brackets after a number say what it is, no factor
                while self.next().raw != ")":
                    pass
            elif self._starts_primary(t):
                ahead = self.toks[self.i:self.i + 3]
                if isinstance(node, Name) and re.fullmatch(r"[A-Za-z]_\{?\w{1,3}\}?", node.raw) and len(ahead) == 3 \
                        and ahead[0].raw == "(" and ahead[1].kind == "word" and ahead[2].raw == ")" \
                        and (len(self.toks) == self.i + 3 or self.toks[self.i + 3].raw in ("=", "\\approx")):
                    self.i += 3   # W_{Q}(C) = ...: a quantity as a function of C, named so
                    node = Name(f"{node.raw}({ahead[1].value})")
                    continue
                rhs = self.postfix()
                if isinstance(node, Name) and node.raw == "d" and isinstance(rhs, Name) and \
                        (rhs.raw[:1].isupper() or rhs.raw.startswith(("\\tilde{", "\\hat{"))):
                    node = Name("d" + rhs.raw)   # dQ, d\tilde{S}: a gradient's name, not d times S̃
                else:
                    node = Op("mul", (node, rhs))
                    juxtaposed = True
            else:
                break
        return node

    def _gloss_follows(self) -> bool:
        """Are the next tokens a bracket of words of two letters or more that name no quantity, and its
        closing bracket (``(dimension)``, ``(hidden size)``)?"""
        from .symbols import is_known
        j, words = self.i + 1, []
        while j < len(self.toks) and self.toks[j].kind in ("word", "text"):
            words.append(self.toks[j].value)
            j += 1
        return bool(words) and j < len(self.toks) and self.toks[j].raw == ")" and \
            all(re.fullmatch(r"[^\W\d_]{2,}(?: [^\W\d_]{2,})*", w) and not is_known(w) and not _SIZE_UNIT.fullmatch(w)
                for w in words)   # (a unit in brackets, 2.62 (MB), is the number's unit: read elsewhere)

    def _power_of_ten_follows(self) -> bool:
        """Are the next tokens a product sign, 10 and ``^`` (the power of a number in scientific notation)?"""
        toks = self.toks[self.i:self.i + 3]
        return len(toks) == 3 and toks[0].value in (r"\times", r"\cdot", "*") and toks[1].kind == "num" and \
            toks[1].value == "10" and toks[2].kind == "op" and toks[2].value == "^"

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
        """A ``{...}`` group, a ``(...)`` one as plain text writes an exponent (``e^(1-5)``), or one
        token, for sub/superscripts: (parsed or None, tokens)."""
        t = self.next()
        if t.kind == "op" and t.value in ("{", "("):
            close = "}" if t.value == "{" else ")"
            depth, start = 1, self.i
            while depth:
                u = self.next()
                if u.kind == "op" and u.value == t.value:
                    depth += 1
                elif u.kind == "op" and u.value == close:
                    depth -= 1
            inner = self.toks[start:self.i - 1] if close == "}" else self.toks[start - 1:self.i]
        else:
            inner = [t]
        try:
            return Parser(inner, self.depth + 1).parse() if inner else None, inner
        except ParseError:
            return None, inner

    def _index_follows(self) -> bool:
        """Are the next tokens ``[``, a whole number and ``]``?"""
        toks = self.toks[self.i:self.i + 3]
        return len(toks) == 3 and toks[1].kind == "num" and str(toks[1].value).isdigit() and \
            toks[2].kind == "op" and toks[2].value == "]"

    def postfix(self) -> Node:
        node = self.primary()
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "shape":
                self.next()
                self.shapes.append(Shape(node, t.value[0], t.value[1], t.raw))
            elif t.kind == "op" and t.value == "[" and isinstance(node, Name) and self._index_follows():
                # x[0]: an entry of a vector, counted from 0 as code counts (a matrix is never
                # multiplied by a one-number list)
                self.next()
                k = self.next()
                self.next()
                node = Op("item", (node, Num(sp.Integer(k.value), k.raw)))
            elif t.kind == "op" and t.value == "_":
                self.next()
                parsed, inner = self.group()
                shape = shape_of_tokens(inner)
                if shape:
                    self.shapes.append(Shape(node, *shape, "_{" + raw_text(inner) + "}"))
                elif isinstance(node, Name):
                    node = Name(f"{node.raw}_{{{raw_text(inner)}}}")
                elif _ENTRY_INDEX.fullmatch(raw_text(inner).replace(" ", "")):
                    # (K^{T})_{12}, (QK^T)_{2,3}: an entry of the expression's value
                    idx = _ENTRY_INDEX.fullmatch(raw_text(inner).replace(" ", ""))
                    i, j = (idx.group(1), idx.group(2)) if idx.group(1) else (idx.group(3)[0], idx.group(3)[1])
                    node = Op("entry", (node, Num(sp.Integer(i), i), Num(sp.Integer(j), j)))
                else:
                    raise ParseError("subscript-on-expression", subscript=raw_text(inner))
            elif t.kind == "op" and t.value in ("^", "**"):
                self.next()
                start = self.i
                parsed, inner = self.group()
                if isinstance(node, Name) and node.raw == "e" and len(inner) == 1 and inner[0].kind == "word" \
                        and self.peek() is not None and self.peek().kind == "op" and self.peek().value == "_":
                    # e^s₁, e^s_1: the exponential of s₁ (e itself takes no index)
                    self.next()
                    self.group()
                    inner = self.toks[start:self.i]
                    try:
                        parsed = Parser(inner, self.depth + 1).parse()
                    except ParseError:
                        parsed = None
                if isinstance(node, Name) and "".join(u.raw for u in inner).replace(" ", "") == r"\prime":
                    node = Name(node.raw + "'")   # d_c^{\prime}: another name, as d_c' is (not a transpose)
                elif is_transpose(inner):
                    node = Op("T", (node,))
                elif isinstance(node, Name) and re.fullmatch(r"\s*\(.*\)\s*", raw_text(inner) or "") \
                        and node.raw != "e" and not re.search(r"[/.]", raw_text(inner)):
                    node = Name(f"{node.raw}^{{{raw_text(inner)}}}")   # m^{(t)}: the t-th one, not a power
                    # (d_k^(2/3) is a power: a fraction is no count)
                elif isinstance(node, Name) and (raw_text(inner) or "").replace(" ", "") in ("+", "\\dagger"):
                    node = Name(f"{node.raw}^{{+}}")   # X^{+}: the pseudo-inverse, a name of its own
                elif isinstance(node, Name) and node.raw == "e" and parsed is not None:
                    node = Op("exp", (parsed,))
                elif isinstance(node, Name) and inner and all(u.kind == "word" for u in inner) \
                        and node.raw[:1].isupper():
                    node = Name(f"{node.raw}^{{{raw_text(inner)}}}")
                elif parsed is None:
                    raise ParseError("unreadable-exponent", exponent=raw_text(inner))
                else:
                    node = Op("pow", (node, parsed))
            elif t.kind == "op" and t.value == "'":
                self.next()
                if not isinstance(node, Name):
                    raise ParseError("prime-on-expression")
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
            number = numerals.read(t.value)
            if number is None:
                raise ParseError("unreadable-number", number=t.raw)
            return Num(number.value, t.value)
        if t.kind == "env":
            return self.matrix(*t.value)
        if t.kind == "text":
            if t.value.strip() in ("K", "M", "B", "G", "T") and self.i >= 2 and self.toks[self.i - 2].kind == "num":
                # "67\text{M}": a number in thousands, millions, billions (upright text after a number,
                # not the matrix K or a variable M)
                raise ParseError("magnitude-suffix", suffix=t.value.strip())
            return self.named(t.value, t.raw)
        if t.kind == "word":
            return self.word(t)
        if t.kind == "op":
            if t.value == "(":
                if self._tuple():
                    # (0.707, 0.000, 0.636): a vector written as a tuple, one row
                    return _literal([self.args_until(")")], self, note="")
                node = self.until(")")
                return node
            if t.value == "{":
                return self.until("}")
            if t.value == "[":
                if self._augmented() or self._grouping():
                    # [X \mid Q]: the matrices side by side, not a list; ½ [a² + b²]: a bracket that groups
                    return self.until("]")
                return self.bracket_list()
            if t.value == "|":
                raise ParseError("norm-not-checked")
        if t.kind == "cmd":
            return self.command(t)
        raise ParseError("cannot-read-token", token=t.raw)

    def _tuple(self) -> bool:
        """A ``(`` whose content, up to its ``)``, has a comma at its own depth, and that follows no
        name, number or closing bracket (``PE(1, 0)``, ``score(0,1)`` are a name's arguments)."""
        before = self.toks[self.i - 2] if self.i >= 2 else None
        if before is not None and (before.kind in ("word", "text", "num", "cmd") and before.value not in
                                   (r"\cdot", r"\times", r"\approx") or before.kind == "op" and before.value in ")]}_^"):
            return False
        return self._separator() == ","

    def _augmented(self) -> bool:
        """A ``[`` whose content, up to its ``]``, has a ``\\mid`` at its own depth and no comma."""
        return self._separator() == r"\mid"

    def _grouping(self) -> bool:
        """A ``[`` that groups one sum or product, as a parenthesis would (``\\frac{1}{2} [(a - b)^2 +
        (c - d)^2]``): no comma at its own depth, no two numbers side by side (``[0.5 -0.3 0.2]`` is a
        row), and an operator other than a minus at its depth (``[0.5 -0.3]`` may be a row too)."""
        op, last = False, None
        for u in self._own_depth():
            if u.kind == "op" and u.value == "," or u.kind == "cmd" and u.value == r"\mid" or \
                    u.kind == "num" and last == "num":
                return False
            op = op or u.kind == "op" and u.value in "+*/^" or u.kind == "cmd" and u.value in (r"\cdot", r"\times")
            last = u.kind
        return op

    def _separator(self) -> str | None:
        """The first comma or ``\\mid`` at the depth of the bracket just read, before it closes."""
        return next((u.value for u in self._own_depth()
                     if u.kind == "op" and u.value == "," or u.kind == "cmd" and u.value == r"\mid"), None)

    def _own_depth(self):
        """The tokens at the depth of the bracket just read, up to the one that closes it (a bracket
        nested in it stands for itself by its closing token)."""
        depth = 1
        for u in self.toks[self.i:]:
            if u.kind == "op" and u.value in "([{":
                depth += 1
            elif u.kind == "op" and u.value in ")]}":
                depth -= 1
                if depth == 0:
                    return
                if depth == 1:
                    yield u
            elif depth == 1:
                yield u

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
            raise ParseError("empty-brackets")
        return Parser(inner, self.depth + 1).parse_sub(self)

    def parse_sub(self, parent: "Parser") -> Node:
        node = self.parse()
        parent.shapes.extend(self.shapes)
        parent.notes.extend(self.notes)
        return node

    def args(self) -> list[list[Tok]]:
        """The comma-separated token lists inside ``( ... )`` (the ``(`` already read)."""
        return self.args_until(None, keep_empty=True)

    def call(self, fn: str) -> Node:
        if fn in ("max", "min"):
            return self._extremum(fn)
        # optional subscript such as softmax_{row} or softmax_{dim=-1}
        axis_cols = False
        if self.is_op("_"):
            self.next()
            _, inner = self.group()
            axis_cols = raw_text(inner).replace(" ", "").lower() in ("col", "cols", "column", "columns",
                                                                 "dim=0", "axis=0", "0")
        t = self.peek()
        if t is not None and t.kind == "op" and t.value == "(":
            self.next()
            parts = self.args()
            if not parts[0]:
                raise ParseError("no-argument", fn=fn)
            if fn == "softmax" and len(parts) > 1 and all(numerals.read(raw_text(p).strip()) is not None
                                                          for p in parts):
                # softmax(8, 0, 0): the softmax of one number is 1 whatever it is, so numbers written as
                # its arguments are the entries of the vector it takes
                return Op("softmax", (_literal([parts], self, note=""),))
            arg = Parser(parts[0], self.depth + 1).parse_sub(self)
            for extra in parts[1:]:
                flat = raw_text(extra).replace(" ", "").lower()
                if flat in ("axis=0", "dim=0", "0"):
                    axis_cols = True
                elif flat not in ("axis=-1", "dim=-1", "axis=1", "dim=1", "-1", "1"):
                    raise ParseError("unreadable-argument", fn=fn, argument=raw_text(extra))
        elif t is not None and t.kind == "op" and t.value == "{":
            arg, _ = self.group()
            if arg is None:
                raise ParseError("unreadable-argument-of", fn=fn)
        else:
            arg = self.postfix()
        if fn == "softmax":
            return Op("softmax_cols" if axis_cols else "softmax", (arg,))
        return Op(fn, (arg,))

    def _extremum(self, fn: str) -> Node:
        """``max(6, 7)``, ``max(m_3, x[3])``, ``max(x)``: the largest (or smallest) of numbers, or of a
        vector's entries; ``max`` not followed by its arguments is a name (``d_{max}``, ``x_max``)."""
        if not self.is_op("("):
            return Name(fn)
        self.next()
        parts = self.args()
        if not all(parts):
            raise ParseError("no-argument", fn=fn)
        return Op(fn, tuple(Parser(p, self.depth + 1).parse_sub(self) for p in parts))

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
        trig = w.lower().rsplit(".", 1)[-1]
        if trig in _TRIG and w.lower().split(".")[0] in (trig, "np", "math", "torch") and self.is_op("("):
            return self.call(trig)   # cos(0.3), np.sin(3.0): their exact values
        if w.lower() in _UNREAD_FUNCTIONS and self.is_op("("):
            # cos(0) is a function's value, never the name cos times 0 (the trigonometry of positional
            # encodings and rotations is read elsewhere)
            raise ParseError("cannot-read-token", token=w)
        if w == "e":
            return Name("e")
        if w in ("inf", "np.inf", "math.inf", "torch.inf", "float.inf"):
            return Num(sp.oo, "∞")   # exp(-inf) = 0: a masked score, as \infty is
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
        return self.signature(w)

    def named(self, content: str, raw: str) -> Node:
        low = content.strip().lower()
        if low in FUNCTIONS or low in ("softmax", "soft max"):
            return self.call(FUNCTIONS.get(low, "softmax"))
        if low in ("e",):
            return Name("e")
        if not content.strip():
            raise ParseError("empty-text")
        return self.signature(content.strip())

    def signature(self, name: str) -> Node:
        """``Attention(Q, K, V)``: a function of names is a name of its own."""
        k = self.i
        if not self.is_op("(") or len(name) < 2:
            return Name(name)
        args, k = [], k + 1
        while k < len(self.toks) and self.toks[k].kind == "word":
            args.append(self.toks[k].value)
            k += 1
            if k < len(self.toks) and self.toks[k].kind == "op" and self.toks[k].value == ",":
                k += 1
                continue
            break
        if len(args) < 2 or k >= len(self.toks) or self.toks[k].raw != ")":
            return Name(name)
        self.i = k + 1
        return Name(f"{name}({', '.join(args)})")

    def command(self, t: Tok) -> Node:
        c = t.value
        if c == r"\frac":
            top, _ = self.group()
            bottom, _ = self.group()
            if top is None or bottom is None:
                raise ParseError("unreadable-frac")
            return Op("div", (top, bottom))
        if c == r"\sqrt":
            if self.is_op("["):
                raise ParseError("nth-root")
            if self.is_op("("):
                self.next()
                return Op("sqrt", (self.until(")"),))
            arg, inner = self.group()
            if arg is None:
                raise ParseError("unreadable-sqrt", argument=raw_text(inner))
            return Op("sqrt", (arg,))
        if c == r"\exp":
            return self.call("exp")
        if c[1:] in _TRIG:
            # \cos(3.0), \sin{0.3}, \cos 0.03: a value; \cos alone (``\cos = [...]``) names a vector
            t = self.peek()
            if t is not None and (self.is_op("(") or self.is_op("{") or t.kind in ("num", "word", "cmd")):
                return self.call(c[1:])
            return Name(c[1:])
        if c == r"\infty":
            return Num(sp.oo, "∞")
        if c == r"\pi":
            return Num(sp.pi, "π")
        if c[1:] in GREEK:
            return Name(c)
        if c[1:] in ACCENTS:
            _, inner = self.group()
            return Name(f"{c}{{{raw_text(inner)}}}")
        if c in (r"\boxed", r"\underbrace", r"\overbrace"):
            # a frame or a brace over a part: the part (``\underbrace{0.8 + 0.2}_{\text{sum}}``), its
            # caption under or over it no part of the value
            arg, inner = self.group()
            if arg is None:
                raise ParseError("unknown-command", command=c)
            if self.is_op("_" if c == r"\underbrace" else "^") and c != r"\boxed":
                self.next()
                self.group()
            return arg
        if c in (r"\softmax", r"\Softmax"):
            return self.call("softmax")
        if c in (r"\det", r"\dim"):
            return self.call(c[1:])   # det X, dim null(X): linear algebra on printed matrices
        if c in (r"\ldots", r"\cdots", r"\vdots", r"\ddots", r"\dots"):
            raise ParseError("ellipsis")
        if c in (r"\sum", r"\prod", r"\int", r"\max", r"\min", r"\log", r"\ln", r"\lim", r"\partial"):
            raise ParseError("command-not-checked", command=c)
        raise ParseError("unknown-command", command=c)

    # ------------------------------------------------------------------- matrices

    def bracket_list(self) -> Node:
        """``[a, b, c]`` or ``[[a, b], [c, d]]`` (the ``[`` already read)."""
        items = self.args_until("]")
        if not items or not items[0]:
            raise ParseError("empty-list")
        rows: list[list[list[Tok]]] = []
        if all(it and it[0].kind == "op" and it[0].value == "[" for it in items):
            for it in items:
                sub = Parser(it[1:], self.depth + 1)
                inner = sub.args_until("]")
                if sub.peek() is not None:
                    raise ParseError("unreadable-nested-list")
                rows.append(inner)
        else:
            rows = [items]
        return _literal([[c for c in row] for row in rows], self, note="")

    def args_until(self, close: str | None, *, keep_empty: bool = False) -> list[list[Tok]]:
        """Comma-separated token lists up to the bracket that closes the one already
        read; ``close`` (if given) must be that bracket.  An empty last list is kept
        only with ``keep_empty`` (``f()`` has one empty argument, ``[]`` no rows)."""
        out, cur, depth = [], [], 1
        while True:
            u = self.next()
            if u.kind == "op" and u.value in "([{":
                depth += 1
            elif u.kind == "op" and u.value in ")]}":
                depth -= 1
                if depth == 0:
                    if close is not None and u.value != close:
                        opened = {"]": "[", ")": "("}[close]
                        raise ParseError("bracket-closed-by", opened=opened, closed=str(u.value))
                    if cur or keep_empty:
                        out.append(cur)
                    return out
            if depth == 1 and u.kind == "op" and u.value == ",":
                out.append(cur)
                cur = []
                continue
            cur.append(u)

    def matrix(self, env: str, body: str) -> Node:
        if env not in MATRIX_ENVS:
            raise ParseError("not-a-matrix-env", env=env)
        if env == "array":
            body = re.sub(r"^\s*\{[^{}]*\}", "", body)
        if limits.too_many_cells(body):
            raise ParseError("too-many-entries", limit=limits.CHECK_MAX_BLOCK_ENTRIES)
        if "\\begin{" in body:
            return _block_matrix(body)
        rows, note = _matrix_rows(body)
        if note:
            self.notes.append(note)
        cells = [[tokenize(cell) for cell in row] for row in rows]
        return _literal(cells, self, note=note)


def _block_matrix(body: str) -> Lit:
    """``[[A] [B]]``: a matrix whose cells are matrices, split at the ``&`` and ``\\\\`` outside them,
    then put together block by block (the concatenation of heads, printed in full)."""
    rows, row, cell, depth, i = [], [], "", 0, 0
    while i < len(body):
        if body.startswith("\\begin{", i) or body.startswith("\\end{", i):
            depth += 1 if body.startswith("\\begin{", i) else -1
        if depth == 0 and (body.startswith("\\\\", i) or body[i] == "&"):
            row.append(cell)
            cell = ""
            if body[i] != "&":
                rows.append(row)
                row = []
                i += 1
            i += 1
            continue
        cell += body[i]
        i += 1
    if cell.strip() or row:
        rows.append(row + [cell])
    rows = [[c for c in r if c.strip()] for r in rows if any(c.strip() for c in r)]
    blocks = [[Parser(tokenize(c)).parse() for c in r] for r in rows]
    if not blocks or not all(isinstance(b, Lit) for r in blocks for b in r):
        raise ParseError("block-cell-not-matrix")
    try:
        value = sp.ImmutableMatrix(sp.BlockMatrix([[b.value for b in r] for r in blocks]).as_explicit())
    except (ValueError, TypeError, sp.ShapeError):
        raise ParseError("blocks-misfit") from None
    texts = tuple(tuple(t for b in r for t in b.texts[k]) for r in blocks for k in range(len(r[0].texts)))
    return Lit(value, texts, "")


def _matrix_rows(body: str) -> tuple[list[list[str]], object]:
    """Split a bmatrix body into rows of cells, repairing lost or doubled ``\\\\``."""
    note = ""
    # a row break that lost one backslash in HTML conversion: "1 & 0 \ 0 & 1"
    fixed = re.sub(r"(?<!\\)\\(?=\s)", r"\\\\", body)
    if fixed != body:
        note = Reason.of("single-backslash-rows")
    parts = re.split(r"\\\\(?:\[[^\]]*\])?", fixed)
    if any(not p.strip() for p in parts[:-1]) and len(parts) > 2:
        note = note or Reason.of("doubled-row-breaks")
    rows = [[c.strip() for c in p.split("&")] for p in parts if p.strip()]
    rows = [r for r in rows if any(rows)]
    if len(rows) == 1 and len(rows[0]) > 1:
        rebuilt = _rebuild_rows(rows[0])
        if rebuilt:
            return rebuilt, Reason.of("rows-rebuilt")
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


def _literal(cells: list[list[list[Tok]]], parser: Parser, note: str) -> Lit:
    from .scalar import scalar_value

    if not cells or not cells[0]:
        raise ParseError("empty-matrix")
    width = len(cells[0])
    for r, row in enumerate(cells):
        if len(row) != width:
            raise ParseError("ragged-matrix", row=r + 1, n=len(row), width=width)
    side = limits.CHECK_MAX_SIDE
    if len(cells) > side or width > side:
        raise ParseError("matrix-too-large", rows=len(cells), cols=width, side=side)
    values, texts, nodes, opaque = [], [], [], False
    for r, row in enumerate(cells):
        vrow, trow, nrow = [], [], []
        for c, toks in enumerate(row):
            if not toks:
                raise ParseError("empty-entry", entry=f"[{r + 1},{c + 1}]")
            node = None
            try:
                node = Parser(toks).parse()
                vrow.append(scalar_value(node))
            except ParseError as exc:
                if isinstance(node, Op) and node.op in ("rank", "det", "trace", "dim"):
                    vrow.append(sp.Symbol(f"cell_{r + 1}_{c + 1}"))   # [rank X  rank Y]: computed later
                    opaque = True
                else:
                    fallback = latex_number(toks)
                    if fallback is None:
                        raise ParseError("in-entry", entry=f"[{r + 1},{c + 1}]", why=exc.reason) from None
                    vrow.append(fallback.value)
            nrow.append(node)
            trow.append(raw_text(toks).replace(" ", "") if all(t.kind in ("num", "op") for t in toks)
                        else raw_text(toks))
        values.append(vrow)
        texts.append(tuple(trow))
        nodes.append(tuple(nrow))
    return Lit(sp.ImmutableMatrix(values), tuple(texts), note, tuple(nodes) if opaque else None)



_LEADING = re.compile(r"\s*([+\-\u2212]?\d+(?:\.\d+)?)")
_COMMAND = re.compile(r"\\[A-Za-z]{2,}")
_SUBSCRIPT = re.compile(r"(?<!\\log)_\{[^{}0-9]*[A-Za-z][^{}]*\}")     # a label: (80 \times 64)_{qwen}
_NOT_MATH = re.compile(r"[:;?!]|\.\.|\.[A-Za-z_]|[A-Za-z]{2}")   # prose, code, a method call
_NATURAL_LOG = re.compile(r"\\log(?![A-Za-z_])")
#: the LaTeX commands a function of numbers is written with; any other (a sum, a Greek letter, dots,
#: an arrow) makes the text a formula or a sentence, which has no value to read
_NUMERIC_COMMANDS = frozenset(
    "frac cfrac dfrac tfrac sqrt sin cos tan ln log exp max min cdot times div pi infty "
    "left right quad qquad approx lbrace rbrace lceil rceil lfloor rfloor binom".split())


#: a dot written as a product sign between a number and a symbol: ``2.d_{model}``, ``4.\\sqrt{d}``
_DOT_PRODUCT = re.compile(r"\.+(?:[A-Za-z](?:[_^{(]|$)|\\[A-Za-z])")


def latex_number(toks: list[Tok]) -> Num | None:
    """A number this parser does not read: one the prose goes on from (``4.``, ``128)``), or a LaTeX
    function of numbers (``\\ln 2``, ``\\log_2 8``), read by latex2sympy2 (through
    :mod:`symattn.latex_input`, the only module that imports it) only when the text is LaTeX and
    no words or code, which latex2sympy2 would read as products of letters."""
    if not toks or any(t.kind in ("env", "shape") for t in toks) or len(toks) > 200:
        return None
    text = raw_text(toks)
    lead = _LEADING.match(text)
    rest = text[lead.end():] if lead else ""
    if lead and (not rest.strip() or rest[0] in ")]" or rest[0] == "." and not rest[1:2].isdigit()
                 and not _DOT_PRODUCT.match(rest)):
        # a number the prose goes on from: "d_k = 4.", "(…, 128)", numpy's "1.", "1344.Sie ist" (a dot
        # with a symbol right after it, ``2.4.d_{model}^2``, is a product sign this parser does not read)
        number = numerals.read(lead.group(1))
        return Num(number.value, text) if number is not None else None
    bare = _SUBSCRIPT.sub("", text)
    if not _COMMAND.search(bare) or _NOT_MATH.search(_COMMAND.sub(" ", bare)):
        # beyond that, what this parser does not read is a LaTeX function (\sin 2, \log 8); without
        # one, latex2sympy2 only guesses (``x/x..sum()`` as 1, ``a:\cos b`` as a quotient)
        return None
    if any(command[1:] not in _NUMERIC_COMMANDS for command in _COMMAND.findall(bare)):
        return None   # a sum, an integral, a symbol: refused by parse_scalar, after its costly parse
    # \log without a base is the natural logarithm in machine learning (logsumexp, cross-entropy,
    # np.log), where latex2sympy2 takes base 10; \log_2 8 keeps its base
    bare = _NATURAL_LOG.sub(r"\\ln", bare)
    from ..errors import SymattnError
    from ..latex_input import parse_scalar
    try:
        value = parse_scalar(bare, allow_symbols=False)
    except (SymattnError, RecursionError, ValueError, TypeError):
        return None
    if not isinstance(value, sp.Expr) or not value.is_number or not value.is_real:
        return None
    return Num(value, text)


