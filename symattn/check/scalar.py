"""Exact values of scalar trees: matrix entries, ``\\sqrt{4}``, ``e^{1/2}/(e^{1/2}+2)``.

Input: an :mod:`~symattn.check.ir` tree of a scalar.  Output: its exact SymPy value.

Names become SymPy symbols (``v_{我}`` stays a symbol); ``e`` is Euler's number.

>>> from symattn.check.notation import parse_expression
>>> scalar_value(parse_expression(r"\\frac{e^{0.5}}{e^{0.5} + 2}"))
exp(1/2)/(exp(1/2) + 2)
>>> scalar_value(parse_expression("-\\\\infty"))
-oo
"""

from __future__ import annotations

import math

import sympy as sp

from .. import limits
from .ir import Lit, Name, Node, Num, Op
from .tokens import ParseError

__all__ = ["scalar_value", "symbol_for"]


def symbol_for(raw: str) -> sp.Symbol:
    """The SymPy symbol of a name as written: ``v_{我}`` -> ``v_我``."""
    name = raw.replace("{", "").replace("}", "").replace(" ", "")
    return sp.Symbol(name)


def scalar_value(node: Node) -> sp.Expr:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return sp.E if node.raw == "e" else symbol_for(node.raw)
    if isinstance(node, Lit):
        if node.value.shape == (1, 1):
            return node.value[0, 0]
        raise ParseError("matrix-in-entry")
    if not isinstance(node, Op):
        raise ParseError("unreadable-entry")
    args = [scalar_value(a) for a in node.args]
    return apply_scalar(node.op, args)


def apply_scalar(op: str, args: list) -> sp.Expr:
    if op == "neg":
        return -args[0]
    if op == "add":
        return args[0] + args[1]
    if op == "sub":
        return args[0] - args[1]
    if op == "mul":
        return args[0] * args[1]
    if op == "div":
        if args[1] == 0:
            raise ParseError("division-by-zero")
        return args[0] / args[1]
    if op == "floordiv":
        if args[1] == 0:
            raise ParseError("division-by-zero")
        return sp.floor(args[0] / args[1])
    if op == "sqrt":
        return sp.sqrt(args[0])
    if op in ("sin", "cos", "tan"):
        # (of a real number of a size angles have: cos(10^40) is no angle an article works out)
        if not (args[0].is_real and abs(sp.N(args[0], 15)) <= 10 ** 6):
            raise ParseError("trig-argument", fn=op)
        return getattr(sp, op)(args[0])
    if op == "exp":
        _check_exponent(args[0])
        return sp.exp(args[0])
    if op == "pow":
        base, e = args
        _check_exponent(e)
        top = limits.MAX_RESULT_DIGITS
        if e.is_number and e.is_real and base.is_number and _power_digits(base, e) > top:
            raise ParseError("power-too-large", n=top)
        return base ** e
    if op == "ln":   # the natural logarithm, as ln, log, np.log and math.log write it in plain maths
        if not (args[0].is_number and args[0].is_real and args[0] > 0):
            raise ParseError("op-of-number", op=op)
        return sp.log(args[0])
    if op == "T":
        return args[0]
    raise ParseError("op-of-number", op=op)


def _power_digits(base, e) -> float:
    """About the digits of base**e evaluated exactly: a rational's numerator and denominator both grow."""
    if base.is_Rational:
        return float(abs(e)) * (abs(base.p).bit_length() + base.q.bit_length()) * 0.30103
    size = abs(complex(base))  # sqrt(999999)^4096 is evaluated too: 999999^2048
    return float(abs(e)) * abs(math.log10(size)) if size else 0.0


def _check_exponent(e) -> None:
    top = limits.CHECK_MAX_EXPONENT
    if e.is_number and e.is_real and e.is_finite and abs(e) > top:
        raise ParseError("exponent-too-large", exponent=str(e), limit=top)
