"""Units as quantities: an equation whose numbers carry units, judged by dimensional analysis.

``70×10^9 parameters × 2 Bytes/parameter = 14GB`` and ``10 GB × 0.8 = 8 GB`` write units beside
their numbers: the notation pass reads them as names with no value (``parameters``, ``G·B``), so
the line could not be judged.  Here each unit the line writes beside a number becomes a quantity:
a byte, a parameter, a token, a FLOP or a second, times its prefix.  Both sides are evaluated with
them; where their ratio is a pure number (the units cancel: parameters × bytes/parameter is bytes),
the printed number of the right side is judged in its own unit.

Every reading a careful reader could take is tried, and a print is wrong only when it is wrong
under all of them (verdict policy 7): a prefix is 10³ or 2¹⁰ per step; a left side of bare numbers
is either worked in the unit of its result (``24 − 3.5 = 20.5 GB``) or counts what the unit counts
(``2 × 32 × 8 × 128 × 2 = 128 KB``: bytes).  An operand with decimals, or one with a unit of its own
(``268 MB × 80``), may be a rounded result: it moves within half a unit of its last place.  A letter
that may be something else (the B of ``7B``, a billion) is no unit: such lines are left alone.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import sympy as sp

from . import numerals
from .evaluate import Unresolved
from .ir import Name, Node, Num, Op

#: the quantities units count
_BASE = {"byte": sp.Symbol("byte", positive=True), "param": sp.Symbol("parameter", positive=True),
         "token": sp.Symbol("token", positive=True), "flop": sp.Symbol("flop", positive=True),
         "second": sp.Symbol("second", positive=True)}
#: a unit written in the line (as one word: GB, Bytes, parameters, GFLOPs, ms)
WRITTEN = re.compile(r"(?<![A-Za-z])([KMGTPk]i?B|B|[Bb]ytes?|[Pp]aram(?:eter)?s?|[Tt]okens?|[KMGTP]?FLOPs?|"
                     r"[mµun]?s|secs?|seconds?)(?![A-Za-z])")
#: a scale written after a number that the notation may not have taken in (7B, 4K, 70억, 3 million)
_SCALED = re.compile(r"\s*(?:[KMBT](?![A-Za-z])|[万亿億억조兆千百]|" + numerals.SCALE_WORD.pattern.lstrip("^\\s*") + ")")
_PREFIX = {"k": 1, "K": 1, "M": 2, "G": 3, "T": 4, "P": 5}
_TIME = {"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "ms": sp.Rational(1, 10 ** 3),
         "us": sp.Rational(1, 10 ** 6), "µs": sp.Rational(1, 10 ** 6), "ns": sp.Rational(1, 10 ** 9)}
#: at most this many operands move within their rounding (2^n corners are evaluated)
_MOVING = 5


@dataclass(frozen=True)
class Reading:
    """The exact value of the right side's printed number in its own unit under one reading, and
    the range it spans while rounded operands move within their rounding."""
    how: str         # "unit" (worked in the result's unit), "decimal" or "binary" prefixes
    value: sp.Expr
    low: sp.Expr
    high: sp.Expr


def _scale(prefix: str, binary: bool) -> sp.Expr:
    return sp.Integer(1024 if binary else 1000) ** _PREFIX[prefix]


def _word(raw: str, binary: bool):
    """The quantity of a unit written as one word (GB, Bytes, parameters, GFLOPs, ms), or None."""
    size = re.fullmatch(r"([KMGTPk])(i?)B", raw)
    if size:
        return _scale(size.group(1), binary or bool(size.group(2))) * _BASE["byte"]
    if raw.lower() in ("byte", "bytes"):
        return _BASE["byte"]
    if raw.lower().startswith("param"):
        return _BASE["param"]
    if raw.lower().startswith("token"):
        return _BASE["token"]
    flops = re.fullmatch(r"([KMGTP]?)FLOPs?", raw)
    if flops:
        return (sp.Integer(1000) ** _PREFIX[flops.group(1)] if flops.group(1) else 1) * _BASE["flop"]
    return _TIME[raw] * _BASE["second"] if raw in _TIME else None


def _leaves(node: Node) -> list[Node]:
    if isinstance(node, Op):
        return [leaf for a in node.args for leaf in _leaves(a)]
    return [node]


def _units(side: Node, given, written: set[str], binary: bool) -> dict[int, sp.Expr] | None:
    """Each unit in ``side`` (by id) as the quantity it stands for; None when a name is neither a
    unit nor given.  A prefix letter is a unit only right before a B (GB read as G·B), whatever
    value the letter has elsewhere, and a B only right after one (the B of 7B may be a billion)."""
    leaves = _leaves(side)
    names = [leaf.raw if isinstance(leaf, Name) else None for leaf in leaves]
    out = {}
    for k, leaf in enumerate(leaves):
        if not isinstance(leaf, Name):
            continue
        before = names[k - 1] if k else None
        after = names[k + 1] if k + 1 < len(leaves) else None
        raw = leaf.raw
        if raw in _PREFIX and after in ("B", "i") and any(t[0] == raw for t in written if t.endswith("B")):
            out[id(leaf)] = _scale(raw, binary or after == "i")
        elif raw == "i" and before in _PREFIX and after == "B":
            out[id(leaf)] = sp.Integer(1)
        elif raw == "B" and (before in _PREFIX or before == "i"):
            out[id(leaf)] = _BASE["byte"]
        elif raw in written and raw != "B" and _word(raw, binary) is not None and not given(raw):
            out[id(leaf)] = _word(raw, binary)
        elif not given(raw) or raw == "B":
            return None
    return out


def _substituted(node: Node, values: dict[int, sp.Expr]) -> Node:
    if id(node) in values:
        return Num(values[id(node)], getattr(node, "text", getattr(node, "raw", "")))
    if isinstance(node, Op):
        return Op(node.op, tuple(_substituted(a, values) for a in node.args))
    return node


def _rounded_operands(left: Node, units: dict[int, sp.Expr]) -> dict[int, sp.Expr]:
    """The operands of ``left`` that may be rounded results, each with half a unit of its last place:
    a number of three significant digits or more (a chosen constant is short: 0.8, 10 GB) with
    decimals, or with a unit of its own right after it (``268 MB``)."""
    leaves = _leaves(left)
    out = {}
    for k, leaf in enumerate(leaves):
        if not isinstance(leaf, Num) or id(leaf) in units or len(re.sub(r"\D", "", leaf.text).lstrip("0")) < 3:
            continue
        places = numerals.places_of(leaf.text)
        if places:
            out[id(leaf)] = sp.Rational(1, 2) / sp.Integer(10) ** places
        elif places == 0 and k + 1 < len(leaves) and id(leaves[k + 1]) in units:
            out[id(leaf)] = sp.Rational(1, 2)
    return out


def _bare_scales(left: Node, line: str) -> bool:
    """Does the line write a scale right after one of the left side's numbers (70억, 7B) that the
    notation did not take in?"""
    for leaf in _leaves(left):
        if isinstance(leaf, Num) and re.search(r"\d", leaf.text):
            for m in re.finditer(rf"(?<![\d.,]){re.escape(leaf.text)}(?![\d.,])", line):
                if _SCALED.match(line, m.end()):
                    return True
    return False


def readings(left: Node, right: Node, source: str, given, evaluate) -> tuple[Num, list[Reading]] | None:
    """The right side's printed number and its exact value in its own unit under each reading, when
    ``left = right`` is arithmetic (two numbers or more on the left) with units the line writes
    beside its numbers, and the units cancel; else None.  ``given``: does the article give this
    name a value?  ``evaluate``: a node's exact value (raises :class:`Unresolved` when it cannot)."""
    printed = [leaf for leaf in _leaves(right) if isinstance(leaf, Num)]
    if len(printed) != 1 or sum(isinstance(leaf, Num) for leaf in _leaves(left)) < 2 or \
            _bare_scales(left, source):
        return None
    written = set(WRITTEN.findall(source))
    out = []
    for binary in (False, True):
        values = [_units(side, given, written, binary) for side in (left, right)]
        if None in values or not values[1]:
            return None
        moving = _rounded_operands(left, values[0])
        if len(moving) > _MOVING:
            moving = {}
        corners = [values[0] | {k: _value_of(left, k) + sign * half for (k, half), sign in zip(moving.items(), signs)}
                   for signs in itertools.product((-1, 1), repeat=len(moving))]
        try:
            a = evaluate(_substituted(left, values[0]))
            b = evaluate(_substituted(right, values[1]))
            ones = evaluate(_substituted(right, {k: sp.Integer(1) for k in values[1]}))
            ends = [evaluate(_substituted(left, c)) for c in corners]
        except Unresolved:
            return None
        if not all(isinstance(x, sp.Expr) for x in (a, b, ones, *ends)) or b == 0 or ones == 0:
            return None
        unit = sp.cancel(b / ones)     # the right side's unit: its prefix times what it counts
        p = printed[0].value
        if not values[0]:
            # a left side of bare numbers: worked in the unit of its result, or a count of what it counts
            scale = unit.subs({s: 1 for s in unit.free_symbols})
            ways = ([("unit", ones)] if not binary else []) + [("binary" if binary else "decimal", scale * ones)]
            for how, per in ways:
                if not a.free_symbols:
                    out.append(_reading(how, [x / per * p for x in (a, *ends)]))
            continue
        ratios = [sp.cancel(x / b) for x in (a, *ends)]
        if any(r.free_symbols for r in ratios):
            return None   # the units do not cancel: another quantity on each side
        out.append(_reading("binary" if binary else "decimal", [r * p for r in ratios]))
    return (printed[0], out) if out else None


def _value_of(left: Node, key: int) -> sp.Expr:
    return next(leaf.value for leaf in _leaves(left) if id(leaf) == key)


def _reading(how: str, xs: list[sp.Expr]) -> Reading:
    return Reading(how, xs[0], min(xs, key=float), max(xs, key=float))
