"""Stage *judge*: does a printed number agree with an exact value, at the precision it was printed?

Input: a :class:`~symattn.check.numerals.Number` (or an :class:`~symattn.check.read.Entry`) and the
exact value.  Output: an :class:`Agreement`: exact, rounded or wrong, and why.  This is the one
precision rule of the checker; every other stage asks it (:func:`verdict`, :func:`agrees`,
:func:`match`) or builds on what a printed number stands for (:func:`half_unit`, :func:`interval`).

The rule for one printed number with d decimals:

* it agrees when |printed − exact| ≤ ½·10⁻ᵈ: the exact value rounds to it (both neighbours of an
  exact tie agree);
* a truncated value (0.999 for 0.9998, which rounds to 1.000) is wrong, reason ``truncated``,
  unless the number says its digits go on (``0.1353…``) or the article says it truncates;
* a program's print (six or more significant digits, such as float32's ``0.70000005``) also agrees
  within a relative 10⁻⁵, reason ``noise``;
* an integer must be exact, unless it is read loosely (``places=0``: an integer among decimals,
  or after ≈), when it is a number with 0 decimals;
* with ``places`` the number is read at that many decimals at least (numpy's ``1.`` in a block
  printed at four decimals is 1.0000).

>>> from symattn.check.numerals import read
>>> agrees(read("0.45"), mpmath.mpf("0.4519")), agrees(read("0.46"), mpmath.mpf("0.4519"))
(True, False)
>>> verdict(read("0.999"), mpmath.mpf("0.9998"))
Agreement(status='wrong', reason='truncated')
>>> verdict(read("0.3333334"), mpmath.mpf(1) / 3), verdict(read("0.1353…"), mpmath.e ** -2).status
(Agreement(status='rounded', reason='noise'), 'rounded')
"""

from __future__ import annotations

import math
import re
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

import mpmath
import sympy as sp

from . import numerals
from ..numeric import fixed

__all__ = ["Agreement", "TRUNCATES", "irrational", "verdict", "agrees", "near", "half_unit", "rounded_weights", "interval", "band", "sums_to",
           "meets", "equal", "read_at", "round_zeros", "written_band", "Match", "match", "right_text", "says_it_truncates",
           "screen", "screen_mask"]

#: the article being checked says it truncates its decimals (set per article by the checker)
TRUNCATES: ContextVar[bool] = ContextVar("TRUNCATES", default=False)
#: "truncated to 2 decimals", "截断", "abgeschnitten": words that say so
_TRUNCATING = re.compile(r"\btruncat(?:e|ed|es|ing|ion)\b|截断|截去|直接舍去|切り捨て|버림|절사|abgeschnitten|"
                         r"abschneiden|tronqu|truncad|truncam", re.I)
_NOISE = mpmath.mpf(10) ** -5     # relative: a program's float32 or float64 print
_TIE = mpmath.mpf(10) ** -9       # relative slack on the half unit, for exact ties in binary
_DPS = 40    # digits the comparison works at (above _EQUAL's 25)
_DOUBLE = mpmath.mpf(2) ** -50    # relative: equal, for an exact value computed in double precision
_EQUAL = mpmath.mpf(10) ** -25    # relative: equal values computed two ways, at working precision


def irrational(x) -> bool:
    """Is the exact value ``x`` irrational, as far as can be told: SymPy says so, or it is a sum or
    product of irrational terms (and rationals) whose rationality SymPy leaves open (``e^14 + e^10 +
    e^12``)?  An integer printed for such a value can only be its rounding."""
    if not isinstance(x, sp.Basic) or x.free_symbols:
        return False
    if x.is_rational is not None:
        return x.is_rational is False
    return isinstance(x, (sp.Add, sp.Mul)) and all(a.is_rational is False or a.is_Rational for a in x.args) and \
        any(a.is_rational is False for a in x.args)


def says_it_truncates(text: str) -> bool:
    """Does the article say that it cuts its decimals off rather than rounding them?"""
    return bool(_TRUNCATING.search(text))


@dataclass(frozen=True)
class Agreement:
    status: str          # exact, rounded or wrong
    reason: str = ""     # "truncated" (wrong), "noise" (rounded: a program's print), or ""


def half_unit(places: int | None):
    """Half a unit in the last printed place: the most a right print differs from the exact value."""
    return _half_unit(places, mpmath.mp.prec) if places else mpmath.mpf(0)


def rounding_half(number):
    """Half a unit in a print's last place when it is read as rounded, an integer's included (±0.5):
    the most a print that stands for a rounded value differs from it."""
    return _half_unit(number.places or 0, mpmath.mp.prec)


def rounded_weights(texts) -> bool:
    """Are these printed numbers weights rounded before they were printed: each in [0, 1], and their
    sum 1 only within their rounding, not exactly (0.16 + 0.67 + 0.16 = 0.99)?"""
    nums = [numerals.read(t) for t in texts]
    if len(nums) < 2 or any(n is None or n.places is None or not 0 <= n.value <= 1 for n in nums):
        return False
    total = sum(n.value for n in nums)
    return total != 1 and abs(total - 1) <= sum(sp.Rational(1, 2 * 10 ** n.places) for n in nums)


@lru_cache(maxsize=256)
def _half_unit(places: int, prec: int):
    return mpmath.mpf(10) ** -places / 2     # (at the working precision, which the key names)


def interval(number, places: int | None = None) -> tuple:
    """The exact values a printed number stands for, as (low, high)."""
    p = _value(number)
    h = half_unit(_places(number, places))
    return p - h, p + h


def written_band(places: int, magnitude):
    """How far an expression written with rounded decimals (``\\frac{1}{1.41}[...]``) may be from the
    exact one it restates: ten half units of its coarsest decimals, relative to its size."""
    return 10 * half_unit(places) * max(1, magnitude)


def read_at(number, block_places: int) -> int:
    """The decimals a printed number is read at: its own, but numpy's ``1.`` in a block printed at
    four decimals stands for 1.0000."""
    return block_places if number.text.endswith(".") else number.places


def band(numbers, places: int | None = None):
    """Half the width within which a sum of printed numbers is known: the sum of their half units."""
    return sum((half_unit(_places(n, places)) for n in numbers), mpmath.mpf(0))


def sums_to(numbers, total, places: int | None = None) -> bool:
    """Do printed numbers (a softmax row, the terms of a sum) add up to ``total`` within their
    rounding?"""
    return abs(sum((_value(n) for n in numbers), mpmath.mpf(0)) - total) <= band(numbers, places) * (1 + _TIE) + _EQUAL


def meets(a, b) -> bool:
    """Can two printed numbers be prints of one value (their rounding intervals meet)?"""
    if a.places is None or b.places is None:
        return a.value == b.value
    return abs(_value(a) - _value(b)) <= (half_unit(a.places) + half_unit(b.places)) * (1 + _TIE)


def equal(a, b) -> bool:
    """Two values (mpmath) equal at working precision: the same number computed two ways.  Relative
    to their size (e^-150 = 7.2·10⁻⁶⁶ is not 1.9·10⁻⁶⁵); only against an exact zero is a tiny value
    equal (the residue of terms that cancel)."""
    if not a or not b:
        return abs(a - b) <= _EQUAL
    return abs(a - b) <= _EQUAL * max(abs(a), abs(b))


def _value(number):
    v = number.value
    return _ratio(v.p, v.q, mpmath.mp.prec)


@lru_cache(maxsize=4096)
def _ratio(p: int, q: int, prec: int):
    return mpmath.mpf(p) / q


def far(rows, floats, every: bool = True) -> bool:
    """Is every printed entry (``every=False``: some entry) so far from ``floats`` (numpy, the
    block's shape) that :func:`match` can only find it wrong, not cut?  The float test of
    :func:`verdict` (``_surely_wrong``) on all entries at once, each read at the places :func:`match`
    reads it at; False for a printed ±∞ or a value that is not finite (only the exact comparison
    says).  A candidate that is far needs no exact value to be scored."""
    import numpy as np
    if floats is None or floats.shape != (len(rows), len(rows[0]) if rows else 0):
        return False
    read = _far_arrays(rows)
    if read is None or not np.isfinite(floats).all():
        return False
    p, h = read
    beyond = _beyond(p, floats, h)
    return bool(beyond.all() if every else beyond.any())


def possible(rows, stack):
    """Per candidate of a stack (shape ``(n, rows, cols)``), False where the block's first printed
    entry that is not zero is far from the candidate's (the test of :func:`far` on that one entry):
    the cheapest first cut before :func:`screen_mask`, which it never contradicts."""
    import numpy as np
    read = _far_arrays(rows)
    if read is None:
        return np.ones(len(stack), dtype=bool)
    p, h = read
    nonzero = np.flatnonzero(p)
    if not len(nonzero):
        return np.ones(len(stack), dtype=bool)
    i, j = divmod(int(nonzero[0]), p.shape[1])
    with np.errstate(invalid="ignore"):
        return ~_beyond(p[i, j], stack[:, i, j], h[i, j]) | ((p[i, j] <= FILL) & (stack[:, i, j] == -np.inf))


#: a printed number at or below this is a mask's fill where the exact value is -∞ (``masked_fill``
#: with -1e9, -1e4 or ``finfo.min``): the convention of code that cannot write -∞ into a tensor
FILL = -10 ** 4


def _beyond(printed, x, half, slack=0.0, floor=0.0):
    """Is ``printed`` beyond every way :func:`verdict` accepts a print of ``x`` (numbers or numpy
    arrays, with its half unit ``half``)?  Equal, rounded, within the slack, noise, under the floor
    and cut all lie within two half units, the slack, 10⁻⁵ of ``x`` and twice the floor of it; a
    margin of 10⁻³ of that and 10⁻⁹ of 1 + |x| cover the floats' own error.  (Plain arithmetic: a
    float or an array alike.)"""
    ax = abs(x)
    return abs(printed - x) > (2 * half + slack + 1e-5 * ax + 1e-9 * (1.0 + ax) + 2 * floor) * 1.001


_FAR: dict = {}


def _far_arrays(rows):
    """(printed values, half units as :func:`match` reads them) of a block, or None with a printed
    ±∞ (kept for the block, as :func:`_printed_arrays`)."""
    import numpy as np
    got = _FAR.get(id(rows))
    if got is not None and got[0] is rows:
        return got[1]
    places = 0 if block_places(rows) else None
    shape = (len(rows), len(rows[0]))
    p, h = np.zeros(shape), np.zeros(shape)
    arrays = (p, h)
    for i, r in enumerate(rows):
        for j, e in enumerate(r):
            d = e.places if places is None or e.places != 0 else max(e.places, places)
            try:
                p[i, j] = e.value.p / e.value.q
            except (OverflowError, AttributeError, TypeError):
                arrays = None   # ±∞ (or no ratio): only the exact comparison says
                break
            h[i, j] = 0.5 * 10.0 ** -d if d else 0.5
        if arrays is None:
            break
    if len(_FAR) > 4096:
        _FAR.clear()
    _FAR[id(rows)] = (rows, arrays)
    return arrays


def _places(number, places):
    return number.places if places is None else max(number.places, places)


def _double(x) -> bool:
    """Was ``x`` computed at mpmath's default 53 bits (its mantissa fits them)?  Then it is only as
    equal to the printed value as double precision can say."""
    return isinstance(x, mpmath.mpf) and x._mpf_[3] <= 53


def verdict(number, x, places: int | None = None, slack=0, floor=0) -> Agreement:
    """The agreement of one printed number with the exact value ``x`` (mpmath, or ±inf), give or
    take ``slack`` (the error that rounded operands carry, see the local stage).  ``floor``: the
    float-noise floor of the printed block (see :func:`noise_floor`): a program's print and an exact
    value both under it are the same zero (``6.123234e-17`` for cos 90°)."""
    if _surely_wrong(number, x, places, slack, floor):
        return Agreement("wrong")
    with mpmath.workdps(_DPS):   # the printed value and x compared at the working precision
        if number.places is None or mpmath.isinf(x):
            ok = number.places is None and mpmath.isinf(x) and (x > 0) == (number.value > 0)
            if not ok and x < 0 and number.places is not None and number.value <= FILL:
                return Agreement("exact", "fill")   # -1e9 where -∞ hides an entry: the mask's fill
            return Agreement("exact" if ok else "wrong")
        p = _value(number)
        err = abs(p - x)
        # (equal at working precision; a number in scientific notation relative to its size, as its
        # digits are: 1.9e-65 is not e^-150 = 7.2e-66)
        if err <= _EQUAL * (max(abs(x), abs(p)) if getattr(number, "scientific", False) else max(1, abs(x))) or \
                (_double(x) and err <= _DOUBLE * abs(x)):
            return Agreement("exact")
        d = _places(number, places)
        sci = _scientific_half(number)
        if sci is not None:
            h = sci   # 8.9e6: half a unit of the mantissa's last place at its power of ten, 50,000
        elif d == 0 and places is None:
            return Agreement("wrong")    # an integer claimed exactly
        else:
            h = half_unit(d) if d else _loose_integer_half(number)
        if err <= h * (1 + _TIE):
            return Agreement("rounded")
        if err <= h * (1 + _TIE) + slack:
            return Agreement("rounded", "operands")   # only within the rounding of printed operands
        if number.machine and (err <= abs(x) * _NOISE or (abs(x) <= floor and abs(p) <= floor)):
            return Agreement("rounded", "noise")
        if err < 2 * h * (1 - _TIE) and abs(p) < abs(x) and (p >= 0) == (x >= 0):   # x cut at d decimals
            if number.continued or TRUNCATES.get():
                return Agreement("rounded", "truncated")
            return Agreement("wrong", "truncated")
        return Agreement("wrong")


def _surely_wrong(number, x, places, slack, floor) -> bool:
    """Is the print so far from ``x`` in float64 (see :func:`_beyond`) that :func:`verdict` can only
    say a plain "wrong"?  Most candidates a binder tries are this far off: no mpmath."""
    if number.places is None:
        return False
    try:
        xf, pf = float(x), number.value.p / number.value.q
    except (TypeError, ValueError, OverflowError, AttributeError):
        return False
    if not math.isfinite(xf):
        return False
    d = number.places if places is None else max(number.places, places)
    half = 0.5 * 10.0 ** -d if d else float(_loose_integer_half(number))
    sci = _scientific_half(number)
    if sci is not None and xf:   # (float margins relative to the size of a number written 1.9e-65)
        half = max(half, float(sci))
        return abs(pf - xf) > (2 * half + float(slack or 0) + 1e-5 * abs(xf) + 2 * float(floor or 0)) * 1.001
    return bool(_beyond(pf, xf, half, float(slack or 0), float(floor or 0)))


_SCIENTIFIC = re.compile(r"\s*[-+]?\d+(?:\.(\d*))?[eE]([-+]?\d+)\s*")


def round_zeros(number) -> int:
    """The trailing zeros of an integer that stand for rounding when it is read loosely (after ≈, or
    converted to a unit): two or more, to its last nonzero digit, as the size chains read an
    approximate integer.  ``197² ≈ 39,000`` is rounded to the thousand (3), ``2²¹ ≈ 2,000,000`` to the
    million (6); ``≈ 26``, ``≈ 4,096`` and ``= 310 GFLOPs`` to the unit (0: one zero is no sign, as
    310 is as likely three digits as two)."""
    value = getattr(number, "value", None)
    if getattr(value, "q", None) != 1 or getattr(number, "places", 0) or not value:
        return 0
    digits = re.sub(r"\D", "", str(getattr(number, "text", "")).split(".")[0])   # (the print, not the int: linear)
    zeros = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
    return zeros if zeros >= 2 else 0


def _loose_integer_half(number):
    """Half a unit of an integer read loosely, at its last nonzero digit (see :func:`round_zeros`)."""
    return mpmath.mpf(10) ** round_zeros(number) / 2


def _scientific_half(number):
    """Half a unit of the last place of a number printed in scientific notation (``8.9e6``: 50,000;
    ``1.9e-65``: 5e-67), or None for any other print."""
    m = _SCIENTIFIC.fullmatch(str(getattr(number, "text", ""))) if getattr(number, "scientific", False) else None
    if m is None:
        return None
    return mpmath.mpf(10) ** (int(m.group(2)) - len(m.group(1) or "")) / 2


#: a program's float results carry an error relative to the size of their operands, not of the
#: result: next to entries of size 1, a zero comes out as 1e-16 (float64) or 1e-8 (float32)
_FLOOR = mpmath.mpf(2) ** -20


def noise_floor(values) -> mpmath.mpf:
    """The float-noise floor of a block of exact values (mpmath): 2^-20 of its largest finite entry."""
    finite = [abs(x) for x in values if not mpmath.isinf(x) and not mpmath.isnan(x)]
    return _FLOOR * max(finite) if finite else mpmath.mpf(0)


def agrees(number, x, places: int | None = None, slack=0) -> bool:
    """Does one printed number agree with ``x``?  (See :func:`verdict`.)"""
    return verdict(number, x, places, slack).status != "wrong"


def near(number, x, places: int | None = None, slack=0) -> bool:
    """Is ``x`` what the number stands for, if perhaps cut rather than rounded?  Evidence for what a
    print is (binding, and the author's own steps), never a verdict: a truncated value still says
    which quantity it truncates."""
    a = verdict(number, x, places, slack)
    return a.status != "wrong" or a.reason == "truncated"


def right_text(entry, x, places: int | None = None) -> str:
    """The right value in the author's own notation: same decimals (or an integer)."""
    if mpmath.isinf(x):
        return "-∞" if x < 0 else "∞"
    d = entry.places if places is None or entry.places is None else max(entry.places, places)
    sci = re.fullmatch(r"\s*[-+]?(\d+)(?:\.(\d*))?([eE])([-+]?)(\d+)\s*", str(getattr(entry, "text", "")))
    if sci and x != 0:     # 1.47829480e+01 is corrected as 1.37829480e+01, not 13.7829480
        if len(sci.group(1).lstrip("0")) != 1:   # 132.4e6 is corrected at its own power: 132.5e6
            power = int(sci.group(4) + sci.group(5))
            return fixed(x / mpmath.mpf(10) ** power, len(sci.group(2) or "")) + \
                sci.group(3) + sci.group(4) + sci.group(5)
        return _scientific(x, len(sci.group(2) or ""), len(sci.group(5)))
    text = str(getattr(entry, "text", "")).rstrip()
    if text.endswith("%") and d is not None and d >= 2:   # 58% is corrected as a percentage: 45%
        return fixed(x * 100, d - 2) + ("\\%" if text.endswith("\\%") else "%")
    if d == 0 and places == 0:   # an integer judged at its rounding: 900/7 ≈ 129, not 128.571; 38,809 ≈ 39,000
        unit = 10 ** round_zeros(entry)
        return str(int(mpmath.nint(x / unit)) * unit)
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
    ok: tuple[tuple[bool, ...], ...]          # per entry: agrees?
    truncated: tuple[tuple[bool, ...], ...] = ()   # per entry: wrong because cut, not rounded
    slack: object = None                           # the rows of extra tolerance it was judged with

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

    @property
    def near(self) -> bool:
        """Every entry agrees or was cut (see :func:`near`): evidence of what the block prints."""
        return all(ok or cut for r, t in zip(self.ok, self.truncated) for ok, cut in zip(r, t))

    @property
    def near_share(self) -> float:
        """The share of entries that agree or were cut."""
        hits = sum(ok or cut for r, t in zip(self.ok, self.truncated) for ok, cut in zip(r, t))
        return hits / self.total if self.total else 0.0

    @property
    def cut(self) -> bool:
        """Every entry that disagrees was truncated, not rounded (the diagnosis ``truncated``)."""
        wrong = [(i, j) for i, r in enumerate(self.ok) for j, ok in enumerate(r) if not ok]
        return bool(wrong) and bool(self.truncated) and all(self.truncated[i][j] for i, j in wrong)


def screen(rows, floats, cut: bool = False) -> int:
    """How many printed entries could be prints of ``floats`` (a numpy array of the same shape): the
    float form of :func:`agrees` (of :func:`near` with ``cut``: a truncated entry counts), a little
    wider than it, so that it never rejects what the exact comparison would accept.  Binding uses it
    to score candidates before any exact value is computed."""
    mask = screen_mask(rows, floats, cut)
    return 0 if mask is None else int(mask.sum())


def screen_mask(rows, floats, cut: bool = False):
    """Per entry, could it be a print of ``floats`` (see :func:`screen`)?  A boolean numpy array, or
    None when the shapes differ.  ``floats`` may be a stack of candidates (shape ``(n, rows, cols)``):
    the masks of all of them at once."""
    import numpy as np
    if floats is None or floats.shape[-2:] != (len(rows), len(rows[0]) if rows else 0):
        return None
    p, h, machine, inf, whole = _printed_arrays(rows)
    with np.errstate(all="ignore"):
        finite = np.isfinite(floats)
        err = np.abs(p - floats)
        tiny = 1e-12 * np.maximum(1.0, np.abs(floats))
        ok = (err <= h + tiny) | (machine & (err <= float(_NOISE) * np.abs(floats) + tiny))
        if cut:
            # cut at the printed decimals; an integer among decimals is no value cut to 0 decimals
            # (strictly below one unit: 0.3 cut to one decimal is 0.3, never 0.2, though 0.3 - 0.2 < 0.1
            # in binary floats)
            ok |= (err < 2 * h - tiny) & (np.abs(p) <= np.abs(floats) + tiny) & ((p >= 0) == (floats >= 0)) & ~whole
        # ±∞ printed agrees only with the same infinity; a finite print never with an infinite value,
        # but for a mask's fill (-1e9 where -∞ hides an entry)
        ok = np.where(inf != 0, np.isinf(floats) & (np.sign(floats) == inf),
                      (ok & finite) | ((p <= FILL) & (floats == -np.inf)))
    return ok


_ARRAYS: dict = {}


def _printed_arrays(rows):
    """(printed values, half units, machine prints, ±1 for a printed ±∞) of a block, as numpy arrays
    (kept for the block: binding screens one block against many candidates)."""
    import numpy as np
    key = id(rows)
    got = _ARRAYS.get(key)
    if got is not None and got[0] is rows:
        return got[1]
    decimals = block_places(rows)
    shape = (len(rows), len(rows[0]))
    p, h = np.zeros(shape), np.zeros(shape)
    machine, inf, whole = np.zeros(shape, dtype=bool), np.zeros(shape), np.zeros(shape, dtype=bool)
    for i, r in enumerate(rows):
        for j, e in enumerate(r):
            if e.places is None:
                inf[i, j] = 1 if e.value > 0 else -1
                continue
            p[i, j] = e.value.p / e.value.q
            d = read_at(e, decimals) if decimals and e.places == 0 else e.places   # numpy's ``0.``: 0.0000
            h[i, j] = 0.5 * 10.0 ** -d if d else 0.5 if decimals else 0.0   # an integer alone is exact
            machine[i, j] = e.machine
            whole[i, j] = bool(decimals) and e.places == 0 and not e.text.endswith(".")
    arrays = (p, h, machine, inf, whole)
    if len(_ARRAYS) > 4096:
        _ARRAYS.clear()
    _ARRAYS[key] = (rows, arrays)
    return arrays


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
    found = [[verdict(e, x, places if e.places == 0 else None, slack[i][j] if slack else 0)
              for j, (e, x) in enumerate(zip(r, v))] for i, (r, v) in enumerate(zip(rows, value_num))]
    return Match(tuple(tuple(a.status != "wrong" for a in r) for r in found),
                 tuple(tuple(a.reason == "truncated" for a in r) for r in found), slack)
