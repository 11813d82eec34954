"""Stage *judge*: does a printed block agree with a value, at the precision it was printed?

Input: a :class:`~symattn.check.read.Block` (or printed entries) and an exact value.
Output: a :class:`Match`: which entries agree, and the right value of each one that does not,
at the author's own precision.

The rule for one printed number with d decimals: it agrees when it is the exact value
rounded to d places, or truncated to d places; a machine float (six or more significant
digits, such as float32's ``0.70000005``) also agrees within a relative 1e-5.  An integer
among decimals is read at its own printed precision, to the nearest integer ("2" in
[2, 7, 1.5]); an integer among integers must be exact.

>>> from symattn.check.read import read_number
>>> import mpmath
>>> agrees(read_number("0.45"), mpmath.mpf("0.4519")), agrees(read_number("0.46"), mpmath.mpf("0.4519"))
(True, False)
>>> agrees(read_number("0.66"), mpmath.mpf(2) / 3)   # truncated
True
"""

from __future__ import annotations

import re

from dataclasses import dataclass

import mpmath

from ..numeric import fixed

__all__ = ["agrees", "Match", "match", "right_text"]


def agrees(entry, x, places: int | None = None, slack=0) -> bool:
    """Does one printed entry agree with the number ``x`` (mpmath), give or take ``slack`` (the
    error its rounded operands carry, see the local stage)?"""
    v = entry.value
    if entry.places is None or mpmath.isinf(x):
        return bool(entry.places is None and mpmath.isinf(x) and (x > 0) == (v > 0))
    d = entry.places if places is None else max(entry.places, places)
    p = mpmath.mpf(v.p) / v.q
    err = abs(p - x)
    if d == 0 and places is None:
        return err < mpmath.mpf(10) ** -30
    ulp = mpmath.mpf(10) ** (-d)
    if err <= ulp / 2 * (1 + mpmath.mpf(10) ** -9) + slack:
        return True
    if err < ulp and abs(p) < abs(x):
        return True
    return entry.machine and err <= abs(x) * mpmath.mpf(10) ** -5


def right_text(entry, x, places: int | None = None) -> str:
    """The right value in the author's own notation: same decimals (or an integer)."""
    if mpmath.isinf(x):
        return "-∞" if x < 0 else "∞"
    d = entry.places if places is None or entry.places is None else max(entry.places, places)
    sci = re.fullmatch(r"\s*[-+]?\d+(?:\.(\d*))?[eE]([-+]?)(\d+)\s*", str(getattr(entry, "text", "")))
    if sci and x != 0:     # 1.47829480e+01 is corrected as 1.37829480e+01, not 13.7829480
        return _scientific(x, len(sci.group(1) or ""), len(sci.group(3)))
    if str(getattr(entry, "text", "")).rstrip().endswith("%") and d is not None and d >= 2:
        return fixed(x * 100, d - 2) + "%"   # 58% is corrected as a percentage: 45%
    return fixed(x, d or 0) if d else (str(int(mpmath.nint(x))) if abs(x - mpmath.nint(x)) < 1e-30
                                      else mpmath.nstr(x, 6))


def _scientific(x, decimals: int, exp_digits: int) -> str:
    """x as numpy prints it in e-notation: ``decimals`` after the point, a signed exponent."""
    exp = int(mpmath.floor(mpmath.log10(abs(x))))
    mant = fixed(x / mpmath.mpf(10) ** exp, decimals)
    if abs(mpmath.mpf(mant)) >= 10:   # 9.9996 rounds up to 10.000: one more power of ten
        exp += 1
        mant = fixed(x / mpmath.mpf(10) ** exp, decimals)
    return f"{mant}e{'-' if exp < 0 else '+'}{abs(exp):0{exp_digits}d}"


@dataclass(frozen=True)
class Match:
    ok: tuple[tuple[bool, ...], ...]   # per entry: agrees?

    @property
    def total(self) -> int:
        return sum(len(r) for r in self.ok)

    @property
    def agreeing(self) -> int:
        return sum(sum(r) for r in self.ok)

    @property
    def full(self) -> bool:
        return self.agreeing == self.total

    @property
    def share(self) -> float:
        return self.agreeing / self.total if self.total else 0.0


def block_places(rows) -> int | None:
    """The precision integers in a block are read at: its largest decimals, if any."""
    places = [e.places for r in rows for e in r if e.places]
    return max(places) if places else None


def match(rows, value_num, slack=None) -> Match | None:
    """Entry-by-entry agreement of printed rows with a numeric matrix; None if shapes differ.
    ``slack`` (rows of numbers) widens each entry's tolerance."""
    if len(rows) != len(value_num) or any(len(r) != len(v) for r, v in zip(rows, value_num)):
        return None
    # an integer among decimals is read at its own printed precision (±0.5): "2" in [2, 7, 1.5]
    places = 0 if block_places(rows) else None
    return Match(tuple(tuple(agrees(e, x, places if e.places == 0 else None, slack[i][j] if slack else 0)
                             for j, (e, x) in enumerate(zip(r, v)))
                       for i, (r, v) in enumerate(zip(rows, value_num))))
