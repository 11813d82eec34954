r"""Substituted forms with printed matrices: ``m^{(1)} = \max([..], \operatorname{rowmax}([..]))``,
``\ell = \exp([..] - [..]) \odot [..] + \operatorname{rowsum}(\exp([..] - [..]\mathbf{1}^T))``,
``J = \operatorname{diag}([..]) - [..][..]``, ``\tilde{S} = \frac{[..]}{\sqrt{4}}``.

Input: the article's text and its displays.  Output: claims, only ever right.  The expression is
evaluated by a small parser of its own over matrices of mpmath numbers (entries read by
:func:`.display._cell`; ±∞ allowed): + − with a column broadcast across columns, products, ⊙,
elementwise exp and log, max, rowmax, rowsum, diag, softmax by rows, transpose, the inverse of a
diagonal, and ``\mathbf{1}^T`` as the broadcast it writes.  Its value must equal what the head
names: under a reading of :mod:`.softmaxes` or :mod:`.rotary` when there is one, else the head's own
next exact display.

>>> from symattn.check.beyond.display import displays
>>> t = "$$J = \\operatorname{diag}\\left(\\begin{bmatrix} 0.5 \\\\ 0.5 \\end{bmatrix}\\right) - " \
...     "\\begin{bmatrix} 0.5 \\\\ 0.5 \\end{bmatrix} \\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}$$\n" \
...     "$$J = \\begin{bmatrix} 0.25 & -0.25 \\\\ -0.25 & 0.25 \\end{bmatrix}$$"
>>> doc = Document.of(t)
>>> [(c.line, c.status) for c in substituted_claims(doc, displays(doc))]
[(1, 'exact')]
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from ..quantities import softmax
from ..judge import equal
from ..verdict import stated
from .arith import _DPS
from .display import Display, _cell, name_of
from .identities import _split
from .verdicts import _val

__all__ = ["substituted_claims"]

R = Reason.of


class _Fail(Exception):
    """Not an expression this parser reads."""


_MAT = re.compile(r"\\begin\{([bpvBV]?matrix)\}(.*?)\\end\{\1\}", re.S)
_TOK = re.compile(r"\s*(?:(?P<mat>@M\d+)|(?P<num>\d+(?:\.\d+)?)|(?P<cmd>\\[A-Za-z]+)|(?P<op>[-+^(){},_/])"
                  r"|(?P<word>[A-Za-z]+))")
_OPNAME = re.compile(r"\\(?:operatorname|mathrm|text)\s*\{(\w+)\}")


def substituted_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims on substituted forms with printed matrices (see the module doc)."""
    text = doc.text
    from .rotary import _bases, _given, _readings as rope
    from .softmaxes import _context, _readings as soft
    out = []
    with mpmath.workdps(_DPS):
        online, tiles = _context(text)
        bases, given = _bases(text), _given(disps)
        for m in re.finditer(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]", text, re.S):
            body = m.group(1) or m.group(2)
            if "\\begin{" not in body:
                continue
            line = text.count("\n", 0, m.start(1) if m.group(1) else m.start(2)) + 1
            line += len(body) - len(body.lstrip("\n")) if body.startswith("\n") else 0
            parts, _ = _split(re.sub(r"\\begin\{(\w*matrix)\}.*?\\end\{\1\}", lambda x: x.group(0).replace("=", " "),
                                     body, flags=re.S))
            if len(parts) != 2 or "\\begin{" in parts[0] or not parts[0].strip() or \
                    (parts[1].count("\\begin{") == 1 and
                     re.fullmatch(r"\s*\\begin\{(\w*matrix)\}.*\\end\{\1\}\s*", parts[1], re.S)):
                continue   # a lone printed matrix is a display, judged as such
            try:
                value = _evaluate(parts[1])
            except (_Fail, ZeroDivisionError, ValueError, TypeError, IndexError, RecursionError):
                continue
            if value is None or not value or any(not mpmath.isfinite(x) for r in value for x in r):
                continue
            head = parts[0].strip()
            fake = Display(head, name_of(head), "=", tuple(tuple(_cell("0", line) for _ in r) for r in value),
                           line, body.strip().split("\n")[0].strip())
            earlier = [d for d in disps if d.line < line]
            got = soft(fake, earlier, online, tiles) or rope(fake, bases, given)
            flat = [x for r in value for x in r]
            if got and got[1]:
                hows = [how for vals, how in got[1] if len(vals) == len(flat) and all(equal(a, b) for a, b in zip(vals, flat))]
                if hows:
                    out.append(_right(fake, body, R("named-how", what=got[0], how=R("substituted-gives", how=hows[0]))))
                continue
            nxt = next((d for d in disps if d.line > line and d.name == fake.name and d.rel == "="), None)
            if nxt is not None and nxt.shape == fake.shape and \
                    all(equal(_val(e), x) for e, x in zip(nxt.entries, flat)):
                out.append(_right(fake, body, R("substituted-gives", how=R("printed-at-line", line=nxt.line))))
    return out


def _right(d: Display, body: str, reason: Reason) -> Claim:
    first = d.line
    last = first + body.strip().count("\n")
    return stated(first, d.source, "exact", R("substituted-expression"), reason, claimed=body.strip()[:200],
                  lines=list(range(first, last + 1)))




# --------------------------------------------------------------------------- the expression parser

def _evaluate(expr: str, bind=()):
    """The value of ``expr`` (rows of mpmath numbers), or None; ``bind`` gives names their values:
    (compiled pattern, rows), the longest first."""
    mats: list = []

    def named(value):
        mats.append(value)
        return f" @M{len(mats) - 1} "

    for pat, value in bind:
        expr = pat.sub(lambda m, v=value: named(v), expr)

    def grab(m):
        rows = []
        blocks = [re.fullmatch(r"\s*@M(\d+)\s*", c) for r in re.split(r"\\\\", m.group(2)) if r.strip()
                  for c in r.split("&")]
        if blocks and all(blocks):   # [K_{1:1} \\ k_2]: named blocks stacked (a column) or side by side (a row)
            parts = [mats[int(b.group(1))] for b in blocks]
            if "&" not in m.group(2) and len({len(p[0]) for p in parts}) == 1:
                mats.append([list(r) for p in parts for r in p])
            elif "\\\\" not in m.group(2) and len({len(p) for p in parts}) == 1:
                mats.append([[x for p in parts for x in p[i]] for i in range(len(parts[0]))])
            else:
                raise _Fail("blocks")
            return f" @M{len(mats) - 1} "
        for raw in re.split(r"\\\\", m.group(2)):
            cells = [c.strip() for c in raw.split("&")]
            if cells == [""]:
                continue
            row = []
            for c in cells:
                if re.fullmatch(r"[-−]\s*\\infty|-∞|−∞", c):
                    row.append(-mpmath.inf)
                    continue
                e = _cell(c, 0)
                if e is None:
                    raise _Fail(c)
                row.append(_val(e))
            rows.append(row)
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise _Fail("ragged")
        mats.append(rows)
        return f" @M{len(mats) - 1} "

    s = _MAT.sub(grab, expr)
    s = re.sub(r"\\(?:left|right)(?![A-Za-z])|\\[,;:! ]|\\big[lr]?|\\Big[lr]?", " ", s)
    s = _OPNAME.sub(lambda m: "\\" + m.group(1), s)
    s = s.replace("\\mathbf{1}", "\\ONE").replace("\\boldsymbol{1}", "\\ONE").replace("\\dfrac", "\\frac")
    toks, pos = [], 0
    while pos < len(s.rstrip()):
        m = _TOK.match(s, pos)
        if not m or m.end() == pos:
            raise _Fail(s[pos:pos + 10])
        pos = m.end()
        kind = m.lastgroup
        toks.append((kind, m.group(kind)))
    if not mats or len(toks) > 300:
        return None
    p = _P(toks, mats)
    v = p.expr()
    if p.i != len(toks):
        raise _Fail("trailing")
    return v if not isinstance(v, str) else None


class _P:
    """Recursive descent; a value is a list of rows (a scalar is [[x]] with ``scalar``), or "ONE"."""

    def __init__(self, toks, mats):
        self.t, self.i, self.mats = toks, 0, mats

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ("end", "")

    def take(self, val=None):
        k, v = self.peek()
        if val is not None and v != val:
            raise _Fail(v)
        self.i += 1
        return v

    def expr(self):
        x = self.term()
        while self.peek()[1] in ("+", "-"):
            op = self.take()
            x = _ew(x, self.term(), (lambda a, b: a + b) if op == "+" else (lambda a, b: a - b))
        return x

    def term(self):
        x = self.unary()
        while True:
            k, v = self.peek()
            if v in ("\\odot", "\\circ"):
                self.take()
                x = _ew(x, self.unary(), lambda a, b: a * b)
            elif v == "/":
                self.take()
                y = self.unary()
                if not _scalar(y) or y[0][0] == 0:
                    raise _Fail("/")
                x = _map(x, lambda a: a / y[0][0])
            elif v in ("\\cdot", "\\times"):
                self.take()
                x = _mul(x, self.unary())
            elif k in ("mat", "num", "cmd") or v == "(":
                x = _mul(x, self.unary())
            else:
                return x

    def unary(self):
        if self.peek()[1] == "-":
            self.take()
            return _ew([[mpmath.mpf(-1)]], self.unary(), lambda a, b: a * b)
        return self.power()

    def power(self):
        x = self.atom()
        while self.peek()[1] == "^":
            self.take()
            if self.peek()[1] == "{":
                self.take()
                sup = []
                while self.peek()[1] != "}":
                    sup.append(self.take())
                self.take("}")
            else:
                sup = [self.take()]
            sup = "".join(sup).replace(" ", "")
            if sup in ("T", "\\top"):
                x = x if x == "ONE" else [list(r) for r in zip(*x)]
            elif sup == "-1":
                x = _inverse(x)
            elif re.fullmatch(r"\d", sup) and _scalar(x):
                x = [[x[0][0] ** int(sup)]]
            else:
                raise _Fail(sup)
        return x

    def group(self):
        self.take("{")
        x = self.expr()
        self.take("}")
        return x

    def args(self):
        self.take("(")
        out = [self.expr()]
        while self.peek()[1] == ",":
            self.take()
            out.append(self.expr())
        self.take(")")
        return out

    def atom(self):
        k, v = self.peek()
        if k == "mat":
            self.take()
            return [list(r) for r in self.mats[int(v[2:])]]
        if k == "num":
            self.take()
            return [[mpmath.mpf(v)]]
        if v in ("(", "{"):
            self.take()
            x = self.expr()
            self.take(")" if v == "(" else "}")
            return x
        if k == "word" and v == "e":
            self.take()
            if self.peek()[1] != "^":
                return [[mpmath.e]]
            self.take()
            arg = self.group() if self.peek()[1] == "{" else self.atom()
            return _map(arg, mpmath.exp)
        if k != "cmd":
            raise _Fail(v)
        self.take()
        name = v[1:]
        if name == "ONE":
            return "ONE"
        if name == "frac":
            a, b = self.group(), self.group()
            if not _scalar(b) or b[0][0] == 0:
                raise _Fail("frac")
            return _map(a, lambda x: x / b[0][0])
        if name == "sqrt":
            return _map(self.group(), mpmath.sqrt)
        if name in ("exp", "log", "ln"):
            arg = self.args()[0] if self.peek()[1] == "(" else self.atom()
            f = mpmath.exp if name == "exp" else mpmath.log
            return _map(arg, f)
        if name in ("max", "min"):
            a = self.args()
            x = a[0]
            for y in a[1:]:
                x = _ew(x, y, max if name == "max" else min)
            return x
        if name in ("rowmax", "rowsum", "diag", "softmax"):
            (x,) = self.args()
            if name == "rowmax":
                return [[max(r)] for r in x]
            if name == "rowsum":
                return [[sum(r)] for r in x]
            if name == "softmax":
                return [softmax(r) for r in x]
            v = [y for r in x for y in r]
            if len(x) > 1 and len(x[0]) > 1:
                raise _Fail("diag of a matrix")
            return [[v[i] if i == j else mpmath.mpf(0) for j in range(len(v))] for i in range(len(v))]
        raise _Fail(name)


def _scalar(x) -> bool:
    return x != "ONE" and len(x) == 1 and len(x[0]) == 1


def _map(x, f):
    if x == "ONE":
        raise _Fail("1")
    return [[f(y) for y in r] for r in x]


def _ew(a, b, f):
    """Elementwise, a scalar against anything, a column against the columns of a matrix."""
    if a == "ONE" or b == "ONE":
        raise _Fail("1")
    if _scalar(a):
        return [[f(a[0][0], y) for y in r] for r in b]
    if _scalar(b):
        return [[f(x, b[0][0]) for x in r] for r in a]
    if len(a) == len(b) and len(a[0]) == 1 and len(b[0]) > 1:
        a = [[r[0]] * len(b[0]) for r in a]
    if len(a) == len(b) and len(b[0]) == 1 and len(a[0]) > 1:
        b = [[r[0]] * len(a[0]) for r in b]
    if len(a) != len(b) or len(a[0]) != len(b[0]):
        raise _Fail("shapes")
    return [[f(x, y) for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def _mul(a, b):
    if a == "ONE" or b == "ONE":
        return b if a == "ONE" else a   # m 1ᵀ: m broadcast across the columns it is taken from
    if _scalar(a) or _scalar(b):
        return _ew(a, b, lambda x, y: x * y)
    if len(a[0]) != len(b):
        raise _Fail("inner sizes")
    return [[sum(x * y for x, y in zip(r, col)) for col in zip(*b)] for r in a]


def _inverse(x):
    if x == "ONE":
        raise _Fail("1")
    n = len(x)
    if any(len(r) != n for r in x) or any(x[i][j] != 0 for i in range(n) for j in range(n) if i != j):
        raise _Fail("not diagonal")
    return [[1 / x[i][i] if i == j else mpmath.mpf(0) for j in range(n)] for i in range(n)]
