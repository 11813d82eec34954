"""A small parser of printed arithmetic (numbers, + − × / ^, fractions, roots, sin/cos/exp, π,
degrees): no user text is ever executed or passed to ``sympify``.

Input: the text of one printed expression.  Output: its exact value (mpmath at the working precision) or None.
"""

from __future__ import annotations

import re

import mpmath

from .. import numerals
from ..claims import Reason

__all__ = ["evaluate"]

_DPS = 50   # digits of every evaluation


class _Fail(Exception):
    """Not plain arithmetic (a symbol, a bracket list, unbalanced text)."""


_SUPER_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_CLEAN = [
    (re.compile(r"\\left\s*\("), "⦅"),   # a group the math says it writes: 2 \left(1 - x\right) is a product
    (re.compile(r"\\(?:left|right|[Bb]igg?[lr]?|displaystyle|[,;:! ]|quad|qquad)(?![A-Za-z])"), " "),
    (re.compile(r"\\(?:mathrm|operatorname|textrm)\s*\{\s*([A-Za-z]+)\s*\}"), r"\\\1"),
    (re.compile(r"\\(?:d|t)frac"), r"\\frac"),
    (re.compile(r"\\frac\s*(\d)\s*(\d)"), r"\\frac{\1}{\2}"),   # \frac13: one digit per argument
    (re.compile(r"\*\*|`|\$"), " "),
    # 15% × (70 + 5.2): a share as a factor of a product is that many hundredths (not a share printed
    # as a result, ``= 26.91%``, which is no operand)
    (re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*\\?%(?=\s*(?:[×*·⋅]|\\times|\\cdot))"
                r"|(?<=[×*·⋅])(\s*)(\d+(?:\.\d+)?)\s*\\?%(?![\w.])"),
     lambda m: f"({m.group(1)}/100)" if m.group(1) else f"{m.group(2)}({m.group(3)}/100)"),
    # 768², e⁻²: a run of superscript digits is an exponent (⁻ and ⁺ signs in it)
    (re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+"), lambda m: "^{" + m.group(0).translate(_SUPER_DIGITS) + "}"),
]
_TOK = re.compile(r"\s*(?:(?P<num>(?:\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)"
                  r"(?:(?P<k>[Kk](?![A-Za-z]))|(?P<m>M)(?![A-Za-z])|(?P<b>B)(?![A-Za-z])|\s*(?P<unit>[KMGT]i?B)(?![A-Za-z]))?"
                  r"|(?P<cmd>\\[A-Za-z]+)|(?P<word>[A-Za-z]+)|(?P<op>[-+−×*·⋅/÷^(){}√°π,∞⦅]))")
_FUNCS = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "exp": mpmath.exp, "ln": mpmath.log,
          "log": mpmath.log, "sqrt": mpmath.sqrt}


#: a count in billions, its B glued to the number
_GLUED_B = re.compile(r"(?<![\w.])\d+(?:\.\d+)?B(?![A-Za-z])")


def _clean(text: str) -> str:
    for pat, rep in _CLEAN:
        text = pat.sub(rep, text)
    return text


_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
          "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "phi", "varphi", "chi", "psi", "omega",
          "Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma", "Phi", "Psi", "Omega", "ell"}
_SUB = re.compile(r"_(?:\{([A-Za-z0-9, ]*)\}|([A-Za-z0-9]))")


def _symbol(text: str, m, pos: int) -> tuple[str, int]:
    """A letter or command with its subscript as one name (``d_{k}`` is ``d_k``), and where it ends."""
    name = m.group("cmd") or m.group("word")
    s = _SUB.match(text, pos)
    if s:
        name += "_" + (s.group(1) or s.group(2)).replace(" ", "")
        pos = s.end()
    up = re.match(r"\^\{?\((\w+)\)\}?", text[pos:])
    if up:   # m^{(2)}: the state after tile 2, not a square
        name += f"^({up.group(1)})"
        pos += up.end()
        s = _SUB.match(text, pos)
        if s:
            name += "_" + (s.group(1) or s.group(2)).replace(" ", "")
            pos = s.end()
    if text[pos:pos + 1] == "(" or name in ("T", "\\top"):
        raise _Fail(name)   # f(x): a function the parser does not know; q^T: a transpose
    return name, pos


def _tokens(text: str, symbols: bool = False) -> list[tuple[str, str]]:
    out, pos, text = [], 0, text.rstrip()
    while pos < len(text):
        m = _TOK.match(text, pos)
        if not m or m.end() == pos:
            raise _Fail(text[pos:pos + 10])
        pos = m.end()
        name = (m.group("cmd") or "")[1:] or m.group("word")
        if symbols and name and name not in _FUNCS and name not in ("times", "cdot", "div", "frac", "sqrt", "pi",
                                                                    "circ", "e", "max", "min", "infty"):
            if (m.group("word") and len(name) > 1) or (m.group("cmd") and name not in _GREEK):
                raise _Fail(name)   # a word or a command (\\sum, \\mathbb), not a letter
            sym, pos = _symbol(text, m, pos)
            out.append(("sym", sym))
            continue
        if m.group("num") and m.group("m"):
            out.append(("num", m.group("num")))   # 1M tokens: a million, 2²⁰ per the binary reading
            out.extend([("op", "*"), ("mega", "")])
        elif m.group("num") and m.group("b"):
            # 7B, 2.13B: a count in billions (parameters); beside another such count, a 1, 2, 4 or 8
            # with a B is bytes per value (6.7B × 2B)
            out.append(("num", m.group("num")))
            if not (m.group("num") in ("1", "2", "4", "8") and len(_GLUED_B.findall(text)) > 1):
                out.extend([("op", "*"), ("num", "1000000000")])
        elif m.group("num"):
            out.append(("num", m.group("num") + (m.group("k") or "")))
            if m.group("unit"):   # 2.5 MB: a size, under the reading of its prefix
                out.append(("unit", m.group("unit")))
        elif m.group("cmd"):
            name = m.group("cmd")[1:]
            if name in ("times", "cdot"):
                out.append(("op", "*"))
            elif name == "div":
                out.append(("op", "/"))
            elif name in ("frac", "sqrt", "pi", "circ", "max", "min", "infty") or name in _FUNCS:
                out.append(("fn", name))
            else:
                raise _Fail(name)
        elif m.group("word"):
            w = m.group("word")
            if w in _FUNCS or w in ("pi", "e", "max", "min"):
                out.append(("fn", w))
            else:
                raise _Fail(w)
        else:
            op = {"−": "-", "×": "*", "·": "*", "⋅": "*", "÷": "/", "√": "sqrt", "π": "pi", "∞": "infty"}.get(
                m.group("op"), m.group("op"))
            out.append(("fn" if op in ("sqrt", "pi", "infty") else "op", op))
    return out


class _Parser:
    """Recursive descent over the tokens; values are mpmath numbers at _DPS digits."""

    def __init__(self, toks, kilo: int, symbols=None):
        self.t, self.i, self.kilo, self.symbols = toks, 0, kilo, symbols

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ("end", "")

    def take(self, kind=None, val=None):
        k, v = self.peek()
        if (kind and k != kind) or (val is not None and v != val):
            raise _Fail(v)
        self.i += 1
        return v

    def expr(self):
        x = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            x = x + self.term() if self.take() == "+" else x - self.term()
        return x

    def term(self):
        x = self.unary()
        while True:
            k, v = self.peek()
            if (k, v) in (("op", "*"), ("op", "/")):
                self.take()
                y = self.unary()
                if v == "/" and y == 0:
                    raise _Fail("/0")
                x = x * y if v == "*" else x / y
            elif k == "fn" and v not in ("circ",):
                x = x * self.unary()   # 2\pi, 2\sin(1): a number times a function
            elif k == "sym" or (k, v) == ("op", "⦅") or ((k, v) == ("op", "(") and (
                    self.symbols is not None or self.t[self.i - 1] in (("op", ")"), ("op", "}")))):
                # m \theta, d_k (d_k - 1), \frac{1}{3}(1 - x): a product written without a sign;
                # "4096 (2^12)" after a number is a remark in brackets, not a factor
                x = x * self.unary()
            else:
                return x

    def unary(self):
        if self.peek() in (("op", "-"), ("op", "+")):
            return -self.unary() if self.take() == "-" else self.unary()
        return self.power()

    def power(self):
        x = self.atom()
        while True:
            if self.peek() == ("op", "^"):
                self.take()
                if self.peek() == ("fn", "circ") or self.t[self.i:self.i + 3] == [("op", "{"), ("fn", "circ"),
                                                                                     ("op", "}")]:
                    self.i += 1 if self.peek() == ("fn", "circ") else 3
                    x = x * mpmath.pi / 180
                    continue
                e = self.exponent()
                if abs(e) > 10 ** 4:
                    raise _Fail("exponent")
                x = mpmath.power(x, e)
            elif self.peek() == ("op", "°"):
                self.take()
                x = x * mpmath.pi / 180
            else:
                return x

    def exponent(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.exponent()
        return self.atom()

    def group(self):
        if self.peek() == ("op", "{"):
            self.take()
            x = self.expr()
            self.take("op", "}")
            return x
        return self.atom()

    def atom(self):
        k, v = self.peek()
        if k == "sym":
            self.take()
            return self.symbols(v)
        if k == "mega":
            self.take()
            return mpmath.mpf(self.kilo) ** 2
        if k == "num":
            self.take()
            n = numerals.read(v, counts=True)
            if n is None:
                raise _Fail(v)   # 128.0K: no count of thousands the reader takes
            value = n.value / 1024 * self.kilo if n.count else n.value
            x = mpmath.mpf(value.p) / value.q
            if self.peek()[0] == "unit":   # 2.5 MB: a size in bytes, under the reading of its prefix
                u = self.take()
                x *= mpmath.mpf(1024 if "i" in u else self.kilo) ** ("KMGT".index(u[0].upper()) + 1)
            return x
        if (k, v) in (("op", "("), ("op", "{"), ("op", "⦅")):
            self.take()
            x = self.expr()
            self.take("op", "}" if v == "{" else ")")
            return x
        if k == "fn":
            self.take()
            if v == "pi":
                return +mpmath.pi
            if v == "e":
                return mpmath.e
            if v == "infty":
                return mpmath.inf
            if v in ("max", "min"):   # \max(a, b, c): ∞ allowed inside, as in a running maximum from −∞
                if self.peek() not in (("op", "("), ("op", "⦅")):
                    raise _Fail(v)
                self.take()
                args = [self.expr()]
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.expr())
                self.take("op", ")")
                return max(args) if v == "max" else min(args)
            if v == "frac":
                a = self.group()
                b = self.group()
                if b == 0:
                    raise _Fail("/0")
                return a / b
            arg = self.group() if v == "sqrt" else self.power()
            if v in ("sqrt", "ln", "log") and arg <= 0 if v != "sqrt" else arg < 0:
                raise _Fail(v)
            return _FUNCS[v](arg)
        raise _Fail(v)


def evaluate(text: str, kilo: int = 1000, symbols=None):
    """The value of a printed arithmetic expression (mpmath), or None.  With ``symbols`` (a function
    from a name such as ``m``, ``\\theta_1`` or ``d_k`` to a number), letters are read as those numbers.

    >>> mpmath.nstr(evaluate(r"\\sin\\Big(\\frac{1}{10000^{2/4}}\\Big)"), 6)
    '0.00999983'
    >>> evaluate("q_1 + 2") is None
    True
    """
    try:
        with mpmath.workdps(_DPS):
            toks = _tokens(_clean(text), symbols is not None)
            if not toks or len(toks) > 400:
                return None
            p = _Parser(toks, kilo, symbols)
            x = p.expr()
            if p.i != len(toks) or not isinstance(x, mpmath.mpf) or not mpmath.isfinite(x):
                return None
            return +x
    except (_Fail, ZeroDivisionError, OverflowError, ValueError, TypeError):
        return None


def _values(text: str):
    """Every reading of an expression: "4K" as 4000 and 4096 tokens where a K is printed."""
    out = []
    for kilo in ((1000, 1024) if re.search(r"\d[KkM]\b|\d\s*[KMGT]B\b", text) else (1000,)):
        x = evaluate(text, kilo)
        if x is not None:
            out.append((x, Reason.of("per-k", n=kilo) if kilo == 1024 else ""))
    return out

