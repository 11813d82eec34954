"""Rounded prints and the exact values they stand for: a number the article printed as a rounded
result (0.3536 for √2/4, 16.44 for e^2.8), which a later step may use as an operand.

Input: the blocks judged right against an exact value (``{printed entries: (exact value, root)}``)
and the article's blocks.  Output: ``{printed decimal: (exact value, line of its first print)}``, and
the helpers that decide what counts as a rounded print.  Used by the notation pass
(:mod:`.engine`) and the old binder's local chains (:mod:`.oldbind`), so that a print computed from
rounded operands is judged end to end.
"""

from __future__ import annotations

import re

import sympy as sp

from .. import limits
from . import numerals

__all__ = ["exact_prints", "explained_exact", "significant", "holds_a_rounded_print"]


def exact_prints(corrections: dict, blocks=()) -> dict:
    """{printed decimal: (the one exact value it stands for, the line of its first print)} over the
    blocks judged right against an exact value (``corrections``); a print that stands for two
    values, or is exact as printed, is left out."""
    seen: dict = {}
    first = {}
    for b in blocks:
        first.setdefault(b.texts, b.line)
    for texts, (value, root) in corrections.items():
        if root is not None:
            continue
        for i, row in enumerate(texts):
            for j, t in enumerate(row):
                t = t.replace("−", "-")
                if "." in t and not value[i, j].free_symbols and value[i, j] != numerals.read(t).value \
                        and not holds_a_rounded_print(value[i, j]):
                    seen.setdefault(t, {}).setdefault(value[i, j], first.get(texts, 0))
    return {t: next(iter(v.items())) for t, v in seen.items() if len(v) == 1}


def explained_exact(blocks) -> dict:
    """{printed entries: (exact value, None)} for the blocks one step on earlier prints explains in
    full (``exp(logit)`` beside its logits, a softmax of printed scores), computed on the operands'
    exact values (their own such value, else their printed one): what those prints round."""
    from .bind.explain import exact, explain
    out, truth = {}, {}
    for k, b in enumerate(blocks):
        if b.operand or b.index or len(b.rows) * len(b.rows[0]) < 2 or \
                len(b.rows) * len(b.rows[0]) > limits.CHECK_MAX_BLOCK_ENTRIES:
            continue
        why = explain(b, blocks[:k])
        if why is None or why.op == "transpose":
            continue
        try:
            value = exact(why, [truth.get(id(o), o.matrix()) for o in why.operands])
        except (ValueError, TypeError, ZeroDivisionError):
            continue
        if value is not None and value.shape == b.shape:
            truth[id(b)] = value
            out.setdefault(b.texts, (value, None))
    return out


def significant(text: str) -> int:
    """The significant digits of a printed decimal (0.0012: 2; 16.44: 4; 2.80: 3)."""
    digits = re.sub(r"\D", "", text.split("e")[0].split("E")[0])
    return len(digits.lstrip("0"))


def shortened(lines) -> dict[str, int]:
    """The shorter roundings of the decimals the article prints, each with the line of its first
    longer print: those of two places or more of every decimal printed with four places or more
    (``e^{0.71}`` where the article prints 0.7071 is that value rounded, not data), and those of three
    significant digits or more of any other decimal (``of the 61.2 seconds`` where a table printed
    61.16: the print rounded again)."""
    from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
    out: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        for m in re.finditer(r"(?<![\d.])\d+\.\d{2,12}(?![\d.])", line):
            value, decimals = Decimal(m.group(0)), len(m.group(0).split(".")[1])
            for places in range(1 if decimals < 4 else 2, decimals):
                for how in (ROUND_HALF_UP, ROUND_HALF_EVEN):
                    short = str(value.quantize(Decimal(1).scaleb(-places), rounding=how))
                    if decimals >= 4 or significant(short) >= 3:
                        out.setdefault(short, n)
    return out


def holds_a_rounded_print(value) -> bool:
    """Was the value computed from a printed decimal of three places or more (exp(707/1000) from the
    author's 0.707)?  Then it is no exact value: it rests on a rounded print."""
    def decimal_places(q: int) -> int:
        k = 0
        while q > 1 and 10 ** k % q:
            k += 1
            if k > 40:
                return 0
        return k
    return any(isinstance(a, sp.Rational) and not a.is_Integer and decimal_places(int(a.q)) >= 3
               for a in sp.preorder_traversal(value))
