"""Checks inside the article that need no exact value.

Input: an article's text or a printed matrix.  Output: reasons (row sums, shifts, declared conventions).

* Sanity: a printed softmax row must be non-negative and sum to 1 up to its rounding;
  0.99 or 1.01 from rounding gets a note, a row that no softmax can produce an error.
* Shift invariance: two rows of scores that differ by a constant have the same
  softmax, so the article must print the same weights for them.
* Conventions: an article that says it does not scale uses a convention; a formula
  it states (÷√d_k) but does not apply is an error (see the diagnosis).

>>> [str(n) for n in sanity_rows((("0.45", "0.27", "0.27"),))[1]]
['row 1 of the printed weights sums to 0.99, not 1: that is rounding, not an error']
>>> [str(e) for e in sanity_rows((("0.7", "0.7", "0.1"),))[0]]
['row 1 cannot come from a softmax: it sums to 1.5']
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

import sympy as sp

from . import numerals
from .claims import Reason
from .judge import sums_to

__all__ = ["sanity_rows", "parts_of_one_row", "shift_pairs", "declared_no_scaling"]


def sanity_rows(texts) -> tuple[list, list]:
    """(errors, notes) for the printed rows of a softmax, as Reasons."""
    errors, notes = [], []
    for i, row in enumerate(texts):
        numbers = [numerals.read(t) for t in row]
        if any(n is None or n.places is None for n in numbers):
            continue
        if any(n.value < 0 for n in numbers):
            errors.append(Reason.of("softmax-row-negative", row=i + 1))
            continue
        if any(n.value > 1 for n in numbers):
            errors.append(Reason.of("softmax-row-above-one", row=i + 1))
            continue
        total = sum(Decimal(n.value.p) / Decimal(n.value.q) for n in numbers)
        if not sums_to(numbers, 1, max(n.places for n in numbers)):
            errors.append(Reason.of("softmax-row-sum", row=i + 1, total=f"{total.normalize():f}"))
        elif total != 1:
            notes.append(Reason.of("row-sum-rounding", row=i + 1, total=f"{total:f}"))
    return errors, notes


def parts_of_one_row(row, others) -> bool:
    """Is a printed row that sums to less than 1 one part of a distribution whose other parts the
    article prints under the same name (FlashAttention's blocks ``P ≈ [0.032, 0.087]`` and
    ``P ≈ [0.237, 0.644]`` of one row: 0.119 + 0.881 = 1)?  ``others``: those prints' rows.

    >>> parts_of_one_row(("0.032", "0.087"), [("0.237", "0.644")]), parts_of_one_row(("0.5", "0.2"), [("0.1",)])
    (True, False)
    """
    numbers = [numerals.read(t) for t in row]
    if any(n is None or n.places is None or n.value < 0 for n in numbers):
        return False
    for other in others:
        more = [numerals.read(t) for t in other]
        if list(other) == list(row) or any(n is None or n.places is None or n.value < 0 for n in more):
            continue
        if sums_to(numbers + more, 1, max(n.places for n in numbers + more)):
            return True
    return False


def shift_pairs(scores) -> list[tuple[int, int, sp.Expr]]:
    """Pairs of rows (i, j, c) with row_i = row_j + c for a constant c."""
    if not isinstance(scores, sp.MatrixBase):
        return []
    out = []
    for i in range(scores.rows):
        for j in range(i + 1, scores.rows):
            diffs = {sp.expand(scores[i, k] - scores[j, k]) for k in range(scores.cols)}
            if len(diffs) == 1:
                c = diffs.pop()
                if c.is_number and c.is_finite:
                    out.append((i, j, c))
    return out


_NO_SCALING = re.compile(
    r"\b(?:we|i|this (?:article|post|example|tutorial))\s+(?:do not|don't|will not|won't|skip|omit|leave out|"
    r"ignore|drop)\s+(?:the\s+)?(?:scal|√|division)"
    r"|\b(?:skip|omit|leave out|ignore|drop)(?:ping|ting)?\s+(?:the\s+)?(?:scaling|÷\s*√|division by √)"
    r"|\bno scaling (?:is applied|here|in this example)|\bunscaled scores? (?:are|is) used"
    r"|(?:这里|本文|此处|我们)?(?:暂)?不(?:做|进行)缩放|省略(?:了)?缩放|忽略(?:了)?缩放|这里不缩放|本例不缩放"
    # the same in other languages: "without scaling", "(is) not divided by √d_k"
    # (a statement about this article's own numbers, not "without scaling, softmax saturates")
    r"|\b(?:scores|they) (?:are|is) not (?:scaled|divided by √)"
    r"|√\s*d_?k\s*(?:ile|ye|ya)\s+bölünmez|ölçeklen(?:me)?mez|ölçekleme (?:yok|yapılmaz)"
    r"|\bno se (?:escalan?|dividen? por √)|\bnão (?:são|é) (?:escalad|dividid)"
    r"|\bne (?:sont|est) pas (?:mis à l'échelle|divisée?s? par √)|\bwerden nicht (?:skaliert|durch √)"
    r"|スケーリング(?:を)?(?:しない|せず|は省略|を省略)|스케일링(?:을|은)?\s*(?:하지 않|생략)|không (?:chia cho √|chuẩn hóa theo √)",
    re.I)


@lru_cache(maxsize=64)
def declared_no_scaling(text: str) -> int | None:
    """The line where the article says it does not scale by √d_k, if it does."""
    m = _NO_SCALING.search(text)
    return text[:m.start()].count("\n") + 1 if m else None
