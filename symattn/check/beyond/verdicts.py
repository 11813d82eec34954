"""Shared by the kinds beyond the pipeline: printed numbers as entries, and the verdict on a scalar or a
vector against its readings, judged at the printed precision (:mod:`symattn.check.judge`).

Input: printed numbers (:class:`~symattn.check.read.Entry`) and their readings.  Output: a
:class:`~symattn.check.claims.Claim`, made by :mod:`symattn.check.verdict`.
"""

from __future__ import annotations

import re

import mpmath
from contextvars import ContextVar

from ..claims import Claim, Reason
from ..verdict import Judgement, build, judged
from ..judge import agrees, near, right_text, verdict
from .. import numerals
from ..read import Entry
from .arith import _DPS


_UNITS = {"kb": (10 ** 3, 2 ** 10), "kib": (2 ** 10, 10 ** 3), "mb": (10 ** 6, 2 ** 20), "mib": (2 ** 20, 10 ** 6),
          "gb": (10 ** 9, 2 ** 30), "gib": (2 ** 30, 10 ** 9), "tb": (10 ** 12, 2 ** 40), "tib": (2 ** 40, 10 ** 12)}
_UNIT_NAME = {1000 * 2 ** 10: "MB (1000 KiB)", 10 ** 6 * 2 ** 10: "GB (10⁶ KiB)", 10 ** 3: "kB (10³)", 2 ** 10: "KiB (2¹⁰)", 10 ** 6: "MB (10⁶)", 2 ** 20: "MiB (2²⁰)",
              10 ** 9: "GB (10⁹)", 2 ** 30: "GiB (2³⁰)", 10 ** 12: "TB (10¹²)", 2 ** 40: "TiB (2⁴⁰)"}
#: the readings of a megabyte and a gigabyte in an article that counts 1000 KiB to the MB (``819,200 bytes
#: = 800 KB`` and ``16 × 800 KB = 12.8 MB``: the floppy's 1.44 MB), set per article (:func:`mixed_sizes`)
MIXED_SIZES: ContextVar[bool] = ContextVar("mixed_sizes", default=False)
_MIXED = {"mb": 1000 * 2 ** 10, "gb": 10 ** 6 * 2 ** 10}


def unit_bytes(unit: str) -> tuple:
    """The byte counts a size unit may stand for in this article."""
    extra = (_MIXED[unit],) if MIXED_SIZES.get() and unit in _MIXED else ()
    return _UNITS[unit] + extra


def mixed_sizes(text: str) -> bool:
    """Does the article count its MB as 1000 KiB?  Its own arithmetic must say both: a count of bytes
    written as KB by 1024, and a KB amount written as MB by 1000."""
    def num(t):
        return float(t.replace(",", ""))
    kib = any(abs(num(m.group(1)) / 1024 - num(m.group(2))) < 1e-9 for m in re.finditer(
        r"(?<![\d,.])(\d[\d,]*)\s*bytes?\s*=\s*(\d+(?:\.\d+)?)\s*KB\b", text))
    if not kib:
        return False
    for m in re.finditer(r"(?<![\d.])(\d+(?:\.\d+)?)\s*KB\s*=\s*(\d+(?:\.\d+)?)\s*MB\b", text):
        # (the factors before the amount: "16 × 800 KB", read backwards from it)
        head = re.search(r"(?:\d+(?:\.\d+)?\s*[×x*]\s*){0,4}$", text[max(0, m.start() - 80):m.start()])
        kb = float(m.group(1))
        for t in re.findall(r"\d+(?:\.\d+)?", head.group(0) if head else ""):
            kb *= float(t)
        if abs(kb / 1000 - num(m.group(2))) < 1e-9 and abs(kb / 1024 - num(m.group(2))) > 1e-3:
            return True
    return False


#: times: a unitless expression of seconds printed in a smaller unit (14e9 / 312e12 = 0.045 ms)
_TIME_UNITS = {"s": mpmath.mpf(1), "ms": mpmath.mpf("1e-3"), "us": mpmath.mpf("1e-6"), "μs": mpmath.mpf("1e-6"),
          "µs": mpmath.mpf("1e-6"), "ns": mpmath.mpf("1e-9")}
_UNITS.update({k: (u,) for k, u in _TIME_UNITS.items()})
_UNIT_NAME.update({u: f"{k} ({mpmath.nstr(u, 1)} s)" if k != "s" else "s" for k, u in _TIME_UNITS.items()})


def _entry(text: str, line: int) -> Entry | None:
    e = numerals.read(text)
    return Entry.at(e, line) if e is not None else None


def _show(x) -> str:
    with mpmath.workdps(_DPS):
        if mpmath.isint(x) and abs(x) < 10 ** 18:
            return str(int(x))
        return mpmath.nstr(x, 15)


def _agree(entry: Entry, x, loose_int: bool = False, slack=0) -> bool:
    return agrees(entry, x, 0 if (loose_int or slack) and entry.places == 0 else None, slack)


def _near(entry: Entry, x, loose_int: bool = False) -> bool:
    """What the printed number stands for, perhaps cut rather than rounded: evidence for which
    reading it is, or whether it follows from an earlier print, never a verdict (:func:`~symattn.check.judge.near`)."""
    return near(entry, x, 0 if loose_int and entry.places == 0 else None)


def _scalar(line: int, source: str, what, entry: Entry, readings, how, loose_int=False,
            cause: str = "slip", root: int | None = None, suffix: str = "", slack=0, drift_lines=()) -> Claim:
    """One printed number against its readings [(value, name)]: right under any, else wrong
    with the closest reading as the witness.  ``slack``: what the print may differ by and be right
    (an approximate ``≈ 2,000,000`` is right to its last nonzero digit)."""
    p = _val(entry)
    for x, name in sorted(readings, key=lambda r: abs(r[0] - p)):   # the closest reading first
        if _agree(entry, x, loose_int, slack):
            a = verdict(entry, x, 0 if (loose_int or slack) and entry.places == 0 else None, slack)
            return build(line, source, what, entry.text, [Judgement((0, 0), what, entry.text, line, None, _show(x),
                                                                    a.status, a.reason, entry.text)],
                         how=_reading(how, name), expected=_show(x))
    with mpmath.workdps(_DPS):
        p = mpmath.mpf(entry.value.p) / entry.value.q
        x, name = min(readings, key=lambda r: abs(r[0] - p))
    right = str(int(mpmath.floor(x + mpmath.mpf(1) / 2))) if loose_int and entry.places == 0 else right_text(entry, x)
    right += suffix    # "5K" is fixed as "4K": the unit stays glued to the number, as printed
    a = verdict(entry, x, 0 if loose_int and entry.places == 0 else None)
    return build(line, source, what, entry.text,
                 [Judgement((0, 0), what, entry.text + suffix, line, None, _show(x), "wrong", a.reason, right)],
                 how=_reading(how, name, closest=True), expected=_show(x), cause=cause, root=root,
                 drift_lines=drift_lines)


def _reading(how, name, closest: bool = False):
    """``how`` with the reading that fits (``1024 per K``), or the closest one."""
    if not name:
        return how
    return Reason.of("closest-reading" if closest else "with-reading", how=how, reading=name)


def _vector(line: int, source: str, what, entries: list[Entry], values, how,
            lines: list[int] | None = None, cause: str = "slip", root: int | None = None,
            names: list | None = None, slack: list | None = None) -> Claim:
    # (an integer among decimals is read at their precision: numpy's ``1.`` beside 0.8415 is 1.0000)
    wide = max((e.places or 0 for e in entries), default=0)
    return judged(line, source, what, [entries], [values], how=how, expected=[_show(x) for x in values],
                  lines=sorted(set(lines or [line])), cause=cause, root=root, slack=[slack] if slack else None,
                  names=[names] if names else [[f"[{k + 1}]" for k in range(len(entries))]],
                  places=wide or None)


def _val(e: Entry):
    """The entry's value as an mpmath number (±∞ for a masked cell: -inf, −∞)."""
    if e.value.is_infinite:
        return mpmath.mpf("-inf") if e.value.is_negative else mpmath.mpf("inf")
    return mpmath.mpf(e.value.p) / e.value.q
