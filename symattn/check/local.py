r"""Stage *local*: a printed result whose operands are printed in the same chain.

Input: the article's text, its blocks (:mod:`symattn.check.read`) and the index of a block.
Output: a :class:`Local` (the value the block's own operands give, and those operands) when the
block ends a chain such as ``[Q] × [Kᵀ] = [S]``, ``[S] - [m] = [D]``, ``\exp\left([D]\right) = [E]``,
``[A] \xrightarrow{\times \frac{1}{\sqrt{4}}} [B]`` or ``0.5 * [2, 8, 0] = [1, 4, 0]``; else None.
Such a claim needs no global name: it is checked from its operands alone, at printed precision.

>>> from symattn.check.read import read_blocks
>>> from symattn.check.document import Document
>>> text = "$$\\begin{bmatrix}1 & 2\\end{bmatrix} \\times \\begin{bmatrix}3 \\\\ 4\\end{bmatrix} = \\begin{bmatrix}11\\end{bmatrix}$$"
>>> blocks = read_blocks(Document.of(text))
>>> local_chain(text, blocks, 2).value
Matrix([[11]])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import mpmath
import sympy as sp

from . import guard
from . import numerals
from .claims import Reason
from .judge import half_unit, rounded_weights
from .quantities import softmax
from .read import _BARE_RELATION, PRINT_WRAPPER, Block, fenced_relation

__all__ = ["Local", "local_chain"]


@dataclass(frozen=True)
class Local:
    value: sp.ImmutableMatrix      # what the operands give
    operands: tuple[Block, ...]    # the printed operands, in order
    how: object                    # a Reason: "what its operands give (lines 3, 8)"
    scalar: str = ""               # a printed number that scales the chain ("0.5 * [2, 8, 0]"), if any
    kind: str = "same"             # product, scale, sum, exp, softmax, same, mixed: what the chain does
    slack: tuple = ()              # per entry, the error the operands' rounding can carry (see below)
    coefs: tuple = ()              # a linear combination's printed coefficient of each operand, or ""


_NOISE = re.compile(r"\\(?:quad|qquad|,|;|:|!|left|right|big|Big|bigg|Bigg|displaystyle)(?![A-Za-z])|"
                    r"_\{[^{}]*\}|\^\{T\}|\$|&|\\\\(?=\s)|[ \t\n]")
_MUL = re.compile(r"^(?:\\times|×|@|\\cdot|·|⋅|x)?$")
_ELEM = re.compile(r"^(?:\\odot|⊙|\*|\\circ)$")
_ARROW = re.compile(r"\\(?:xrightarrow|xlongrightarrow)\{(?P<arg>.*)\}|\\(?:to|rightarrow|longrightarrow)|→|->")
_SCALAR = re.compile(r"(?<![\w.])(?P<sign>[-−])?(?P<num>\d+(?:\.\d+)?)(?:\s*(?:\\times|×|\*|\\cdot|·)\s*"
                     r"(?:[^\W\d_]{1,12}\s*(?:[:：=]\s*)?)?)?$")   # "0.15 × Value: [...]", "0.51[1, 2]" too


def _clean(between: str) -> str:
    return _NOISE.sub("", between)


def local_chain(text: str, blocks: list[Block], k: int, values: dict | None = None) -> Local | None:
    """The local value of block ``k`` when it ends a chain of printed operands (see module doc).

    ``values`` maps ``id(block)`` to a value that replaces an operand's printed one (the right
    value of an operand the author got wrong)."""
    res = blocks[k]
    if res.operand or k == 0 or res.span is None:
        return None
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is not None and nxt.line - res.end == 1 and \
            re.fullmatch(r"[-+−]", _clean(_between(text, res, nxt) or "x")):
        return None   # "= [46, 0, 0, 0]" over "+ [0, 340, 0, 0]": the first term of a sum written down the page
    # walk back over the operands written in the same chain
    members = [k - 1]
    if blocks[k - 1].operand:
        while members[0] > 0 and blocks[members[0] - 1].operand and \
                _between(text, blocks[members[0] - 1], blocks[members[0]]) is not None:
            members.insert(0, members[0] - 1)
    elif _call_of(text, blocks[k - 1]) and \
            re.fullmatch(r"\)?(?:=|≈|\\approx|→|->|\\to|\\rightarrow)", _clean(_between(text, blocks[k - 1], res) or "x")):
        pass   # softmax([2, 4, 4]) = [...] (or → [...]): one operand inside a call
    elif not _arrow(text, blocks[k - 1], res):
        return _scalar_times(text, res, blocks[k - 1], values) if blocks[k - 1].line == res.line else None
    # a first row that starts a vertical sum has no operator before it, only after
    while members[0] > 0 and not blocks[members[0] - 1].operand and \
            re.fullmatch(r"[-+−]", _clean(_between(text, blocks[members[0] - 1], blocks[members[0]]) or "x")) and \
            blocks[members[0]].line - blocks[members[0] - 1].end == 1:
        members.insert(0, members[0] - 1)
    relation = _between(text, blocks[members[-1]], res)
    if relation is None:
        return None
    if not _ARROW.search(relation) and re.search(r"[^\W\d_]", re.sub(r"\\[A-Za-z]+", "", _clean(relation))):
        return None   # "[1 1]^T, k = [1 0]": a new name starts another equation, not this chain
    ops = [blocks[i] for i in members]
    if _unread_factor(text, ops[0]) or _unknown_call(text, ops[0]):
        return None
    try:
        coefs = _coefficients(text, ops)
        if coefs:
            value, scalar = _combination(ops, coefs, values or {}), ""
            kinds = {"sum"}
        else:
            value, scalar = _evaluate(text, ops, values or {})
            kinds = {_kind(_clean(_between(text, a, b) or "")) for a, b in zip(ops, ops[1:])}
        kinds |= {"scale"} if scalar else set()
        kinds |= {_prefix_kind(text, ops[0])} - {""}
        rel_kind = _relation_kind(relation)
        value = _relation(relation, value)
        kinds |= {rel_kind} - {"same"}
    except (ValueError, ZeroDivisionError, TypeError, sp.SympifyError, guard.GuardError):
        return None
    if value is None or value.shape != res.shape:
        return None
    lines = [b.line for b in ops]
    kind = kinds.pop() if len(kinds) == 1 else ("same" if not kinds else "mixed")
    slack = _weights_slack(coefs, ops, res, values or {}) or _slack(text, ops, scalar, kind, value, res, values or {}) \
        or _rounded_operand_slack(ops, kind, value, res, values or {})
    how = Reason.of("sum-of-terms" if coefs else "operands-give", lines=lines, n=len(lines))
    return Local(sp.ImmutableMatrix(value), tuple(ops), how, scalar, kind, slack, tuple(coefs))


_TERM = re.compile(r"(?P<sign>[-+−])(?P<num>\d+(?:\.\d+)?)(?:\\times|×|\*|\\cdot|·)?")   # 0.19[5, 6] too


def _coefficients(text: str, ops: list[Block]) -> list[str]:
    """``0.11 × [v1] + 0.29 × [v2] + 0.60 × [v3]``: the printed coefficient of each term (signed),
    when every operand after the first has one; [] for any other chain."""
    if len(ops) < 2:
        return []
    out = []
    for a, b in zip(ops, ops[1:]):
        m = _TERM.fullmatch(_clean(_between(text, a, b) or ""))
        if m is None:
            return []
        out.append(("-" if m.group("sign") in "-−" else "") + m.group("num"))
    start = ops[0].span[0]
    first = _SCALAR.search(text[text.rfind("\n", 0, start) + 1:start])
    lead = ((first.group("sign") or "").replace("−", "-") + first.group("num")) if first else "1"
    return [lead] + out


def _combination(ops: list[Block], coefs: list[str], values: dict):
    total = None
    for b, c in zip(ops, coefs):
        term = values.get(id(b), b.matrix()) * sp.Rational(c)
        if total is not None and term.shape != total.shape:
            raise ValueError("terms of different shapes")
        total = term if total is None else total + term
    return total


def _kind(op: str) -> str:
    if _MUL.match(op) or _ELEM.match(op):
        return "product"
    if op in ("+", "-", "−"):
        return "sum"
    return "scale" if op in ("/", "\\div") else "mixed"


def _unread_factor(text: str, first: Block) -> bool:
    """Is the first operand right after a bracket the reader did not take as a block (``[cos θ  -sin θ]
    [1.0] = [..]``, ``M [1.0]``: a factor of expressions)?  Then the chain's value is not known."""
    start = first.span[0]
    before = text[text.rfind("\n", 0, start) + 1:start].rstrip(" \t$")
    return bool(re.search(r"[\])]$", before)) and not re.search(r"(?:softmax|exp)\s*\($", before, re.I)


def _unknown_call(text: str, first: Block) -> bool:
    r"""Is the first operand the argument of a function this stage does not compute (``\sigma([1.0,
    1.1]) = [0.475, 0.525]``, ``f([..])``)?  Then the chain's value is not its operands."""
    start = first.span[0]
    before = re.sub(r"[ \t$&]|\\left|\\big|\\Big", "", text[max(0, start - 40):start])
    m = re.search(r"(?:\\[A-Za-z]+|(?<![\w\\.])[A-Za-z][\w.]*)\($", before)
    return bool(m) and not _call_of(text, first) and \
        not PRINT_WRAPPER.fullmatch(m.group(0))


def _prefix_kind(text: str, first: Block) -> str:
    start = first.span[0]
    before = re.sub(r"[ \t$]|\\left|\\big|\\Big", "", text[max(0, start - 40):start])
    if re.search(r"(?:\\exp|exp|\\mathrm\{exp\}|e\^)\(?$", before):
        return "exp"
    if re.search(r"softmax\)?\(?$|\\text\{softmax\}\(?$", before, re.I):
        return "softmax"
    return ""


def _relation_kind(relation: str) -> str:
    m = _ARROW.search(relation)
    if m is None:
        return "same"
    arg = m.group("arg") or ""
    return "softmax" if re.search(r"softmax", arg, re.I) else "exp" if re.search(r"exp", arg) else "scale"


def _weights_slack(coefs, ops, res, values) -> tuple:
    """``0.16 × [2, 1] + 0.67 × [0, 2] + 0.16 × [1, 1]``, ``0.459 · [0.340, 0.950] + 0.541 · [1.320, 0.530]``:
    a linear combination of rounded prints.  Coefficients in [0, 1] that sum to 1 only within their
    printed rounding (0.99) are rounded weights, and so is any number printed with three decimals or
    more (the rule the expression stage follows): allow, per entry, the error their rounding carries
    (Σ h_c·|b| + |c|·h_b + h_c·h_b), however few digits the result has."""
    if not coefs or values or any(b.shape != res.shape for b in ops):
        return ()
    weights = rounded_weights(coefs) and not any(c.startswith("-") for c in coefs)
    h_coef = [half_unit(numerals.places_of(c) or 0) if weights or (numerals.places_of(c) or 0) >= 3 else 0 for c in coefs]
    h_entry = [[[half_unit(e.places) if (e.places or 0) >= 3 else 0 for e in r] for r in b.rows] for b in ops]
    if not any(h_coef) and not any(x for h in h_entry for r in h for x in r):
        return ()

    def size(e):
        return abs(mpmath.mpf(e.value.p) / e.value.q)
    return tuple(tuple(sum(hc * size(b.rows[i][j]) + abs(mpmath.mpf(sp.Rational(c))) * he[i][j] + hc * he[i][j]
                           for c, hc, he, b in zip(coefs, h_coef, h_entry, ops))
                       for j in range(res.shape[1])) for i in range(res.shape[0]))


def _rounded_operand_slack(ops, kind, value, res, values) -> tuple:
    """``softmax([0, 0.707]) ≈ [0.3302, 0.6698]``, ``exp([0.707]) ≈ [2.028]``: an operand printed with
    three decimals or more is a rounded print (0.707 for 1/√2), the rule the expression stage follows:
    allow, per entry, the first-order error of its rounding through the softmax of its row
    (p_i·((1 − p_i)·h_i + Σ_{j≠i} p_j·h_j)) or the exponential (e^x·h)."""
    if kind not in ("softmax", "exp") or len(ops) != 1 or values or ops[0].shape != res.shape:
        return ()
    rows = ops[0].rows
    h = [[half_unit(e.places) if (e.places or 0) >= 3 else 0 for e in r] for r in rows]
    if not any(x for r in h for x in r):
        return ()
    p = [[float(x) for x in value.row(i)] for i in range(value.rows)]
    if kind == "exp":
        return tuple(tuple(p[i][j] * float(h[i][j]) for j in range(len(p[i]))) for i in range(len(p)))
    return tuple(tuple(p[i][j] * ((1 - p[i][j]) * float(h[i][j]) +
                                  sum(p[i][k] * float(h[i][k]) for k in range(len(p[i])) if k != j))
                       for j in range(len(p[i]))) for i in range(len(p)))


def _slack(text, ops, scalar, kind, value, res, values):
    """A result printed with more decimals than its exact local value needs was computed from
    unrounded operands (``0.2822 × [0.2, 0.9] = [0.05644543, ...]``): allow, per entry, the
    first-order error of the operands' printed rounding.  Only for linear chains."""
    if kind not in ("product", "scale", "sum", "same") or values:
        return ()
    places = max((e.places or 0 for r in res.rows for e in r), default=0)
    rounded = any((e.places or 0) >= 3 for b in ops for r in b.rows for e in r)
    if places <= max(_needed(x) for x in value) and not rounded:
        return ()     # no printed digit beyond what the exact local value has: the operands were exact
        # (operands of three decimals or more are rounded prints themselves: weights to five places)
    def half(block):
        return [[half_unit(e.places) for e in r] for r in block.rows]
    def absm(block):
        return [[abs(mpmath.mpf(e.value.p) / e.value.q) for e in r] for r in block.rows]
    err = half(ops[0])
    mag = absm(ops[0])
    for prev, nxt in zip(ops, ops[1:]):
        op = _clean(_between(text, prev, nxt) or "")
        e2, m2 = half(nxt), absm(nxt)
        if _MUL.match(op) and len(mag[0]) == len(m2):
            n, k, c = len(mag), len(m2), len(m2[0])
            err = [[sum(mag[i][t] * e2[t][j] + err[i][t] * m2[t][j] + err[i][t] * e2[t][j] for t in range(k))
                    for j in range(c)] for i in range(n)]
            mag = [[sum(mag[i][t] * m2[t][j] for t in range(k)) for j in range(c)] for i in range(n)]
        elif op in ("+", "-", "−") and len(mag) == len(m2) and len(mag[0]) == len(m2[0]):
            err = [[err[i][j] + e2[i][j] for j in range(len(mag[0]))] for i in range(len(mag))]
            mag = [[mag[i][j] + m2[i][j] for j in range(len(mag[0]))] for i in range(len(mag))]
        else:
            return ()
    if scalar:
        s_val = abs(mpmath.mpf(scalar.replace("−", "-")))
        s_err = half_unit(numerals.places_of(scalar.replace("−", "-")))
        err = [[s_val * err[i][j] + s_err * mag[i][j] for j in range(len(mag[0]))] for i in range(len(mag))]
    if (len(err), len(err[0])) != res.shape:
        return ()
    return tuple(tuple(row) for row in err)


def _needed(x) -> int:
    """Decimals an exact value needs (99 when it does not terminate)."""
    if not isinstance(x, sp.Rational):
        return 99
    q, n = int(x.q), 0
    while q % 10 == 0:
        q //= 10
        n += 1
    while q % 2 == 0 or q % 5 == 0:
        q = q // 2 if q % 2 == 0 else q // 5
        n += 1
    return n if q == 1 else 99


def _call_of(text: str, block: Block) -> bool:
    start = block.span[0]
    before = re.sub(r"[ \t$]|\\left|\\big|\\Big", "", text[max(0, start - 40):start])
    return bool(re.search(r"(?:softmax|\\exp|exp)\)?\(?$|\\text\{softmax\}\(?$", before, re.I))


def _arrow(text, a: Block, b: Block) -> bool:
    between = _between(text, a, b)
    return between is not None and bool(_ARROW.search(between)) and \
        (b.line - a.end <= 2 or _fenced(text, a, b) is not None)


def _fenced(text: str, a: Block, b: Block) -> str | None:
    """The relation between arrays in fences (or displays) of their own, when nothing else stands
    between them: a times sign, an equals sign or an arrow in a display of its own."""
    if a.span is None or b.span is None or b.span[0] < a.span[1] or b.line - a.end > 10:
        return None
    rel = fenced_relation(text[a.span[1]:b.span[0]])
    if rel is None:
        return None
    if _BARE_RELATION.fullmatch(rel) or re.fullmatch(r"\s*(?:" + _ARROW.pattern + r")\s*", rel):
        return rel
    return None


def _between(text: str, a: Block, b: Block) -> str | None:
    if a.span is None or b.span is None or b.line - a.end > 12:
        return None
    if b.span[0] < a.span[1]:   # side by side on the same lines: the operator written between them
        return b.before if b.line <= a.end else None
    fenced = _fenced(text, a, b)
    if fenced is not None:
        return fenced   # arrays in fences of their own, the operator between them
    between = text[a.span[1]:b.span[0]]
    if re.search(r"[A-Za-z\u4e00-\u9fff]{4,}", re.sub(r"\\[A-Za-z]+(\{[^{}]*\})?", "", between)):
        return None   # prose between them: not one chain
    if "\n\n" in between and a.layout != "latex":
        return None
    return between


def _evaluate(text: str, ops: list[Block], values: dict):
    def val(b):
        return values.get(id(b), b.matrix())
    value = val(ops[0])
    for prev, nxt in zip(ops, ops[1:]):
        op = _clean(_between(text, prev, nxt) or "")
        value = _binary(op, value, val(nxt))
        if value is None:
            return None, ""
    start = ops[0].span[0]
    scalar = _SCALAR.search(text[text.rfind("\n", 0, start) + 1:start])
    factor = ""
    if scalar:   # "0.39 * [0, 1, 1] = ...": a printed number scales the chain
        value = value * sp.Rational(scalar.group("num")) * (-1 if scalar.group("sign") else 1)
        factor = (scalar.group("sign") or "") + scalar.group("num")
    before = text[max(0, start - 40):start]
    before = re.sub(r"[ \t$]|\\left|\\big|\\Big", "", before)
    if re.search(r"(?:\\exp|exp|\\mathrm\{exp\}|e\^)\(?$", before):
        value = value.applyfunc(sp.exp)
    elif re.search(r"softmax\)?\(?$|\\text\{softmax\}\(?$", before, re.I):
        value = _weights(value)
    return value, factor


def _binary(op: str, a, b):
    guard.check_size(a.rows, b.cols, a.cols)
    if _MUL.match(op):
        if a.cols == b.rows:
            return a * b
        if a.shape == (1, 1):
            return b * a[0, 0]
        if b.shape == (1, 1):
            return a * b[0, 0]
        return None
    if _ELEM.match(op) and a.shape == b.shape:
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: a[i, j] * b[i, j])
    fn = {"-": lambda x, y: x - y, "−": lambda x, y: x - y, "+": lambda x, y: x + y,
          "/": lambda x, y: x / y, "\\div": lambda x, y: x / y}.get(op)
    if fn is None:
        return None
    if a.shape == b.shape:
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: fn(a[i, j], b[i, j]))
    if b.cols == 1 and b.rows == a.rows:     # a column broadcast over each row
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: fn(a[i, j], b[i, 0]))
    if b.rows == 1 and b.cols == a.cols:
        return sp.ImmutableMatrix(a.rows, a.cols, lambda i, j: fn(a[i, j], b[0, j]))
    return None


def _relation(relation: str, value):
    m = _ARROW.search(relation)
    if m is None:
        sign = re.search(r"=|≈|\\approx", relation)
        if sign is None:
            return None
        before = relation[:sign.start()]
        if not re.search(r"[/÷×*·]|\\div|\\times|\\cdot", before):
            return value
        # ``[4.113, 1.0] / 5.113 ≈ [..]``: a factor written after the last operand applies to it
        scale = _scalar_arg(before)
        return None if scale is None else value * scale
    arg = m.group("arg") or ""
    if not arg.strip() and re.fullmatch(r"\s*\)\s*", relation[:m.start()]):
        return value   # "softmax([2, 1, 1]) → [..]": the call is the step, the arrow says what it gives
    if re.search(r"softmax", arg, re.I):
        return _weights(value)
    if re.search(r"exp", arg):
        return value.applyfunc(sp.exp)
    scale = _scalar_arg(arg)
    return None if scale is None else value * scale


def _scalar_arg(arg: str):
    """``\\times \\frac{1}{\\sqrt{4}}`` or ``/ 2``: the factor an arrow applies."""
    from .evaluate import Evaluator, Mode, Table, Unresolved
    from .notation import ParseError, parse_chains
    a = arg.strip()
    divide = bool(re.match(r"^(?:/|\\div|÷)", a))
    a = re.sub(r"^(?:\\times|×|\*|\\cdot|/|\\div|÷)\s*", "", a)
    try:
        chains = parse_chains(a)
        v = Evaluator(Table(), Mode.EXACT).eval(chains[0].parts[0])
    except (ParseError, Unresolved, IndexError, AttributeError, TypeError):
        return None
    if isinstance(v, sp.MatrixBase) or not getattr(v, "is_number", False) or v == 0:
        return None
    return 1 / v if divide else v


def _weights(m):
    return sp.ImmutableMatrix([softmax(list(m.row(i))) for i in range(m.rows)])


def _scalar_times(text: str, res: Block, vec: Block, values: dict | None = None) -> Local | None:
    """``0.5 * [2, 8, 0] = [1, 4, 0]``: a printed scalar times a printed vector, on one line."""
    between = _between(text, vec, res)
    if between is None or not re.fullmatch(r"\s*(?:=|≈)\s*", _clean(between) or " "):
        return None
    line_start = text.rfind("\n", 0, vec.span[0]) + 1
    m = _SCALAR.search(text[line_start:vec.span[0]])
    if not m:
        return None
    scale = sp.Rational(m.group("num")) * (-1 if m.group("sign") else 1)
    value = (values or {}).get(id(vec), vec.matrix()) * scale
    if value.shape != res.shape:
        return None
    scalar = (m.group("sign") or "") + m.group("num")
    return Local(sp.ImmutableMatrix(value), (vec,), Reason.of("scalar-times-vector", scalar=m.group("num"), line=vec.line),
                 scalar, "scale", _slack(text, [vec], scalar, "scale", value, res, values or {}))
