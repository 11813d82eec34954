"""Shared by the kinds beyond the pipeline: printed numbers as entries, and the verdict on a scalar or a
vector against its readings, judged at the printed precision (:mod:`symattn.check.judge`)."""

from __future__ import annotations

import mpmath

from ..claims import Claim
from ..judge import agrees, near, right_text, verdict
from .. import numerals
from ..read import Entry
from .arith import _DPS


_UNITS = {"kb": (10 ** 3, 2 ** 10), "kib": (2 ** 10, 10 ** 3), "mb": (10 ** 6, 2 ** 20), "mib": (2 ** 20, 10 ** 6),
          "gb": (10 ** 9, 2 ** 30), "gib": (2 ** 30, 10 ** 9), "tb": (10 ** 12, 2 ** 40), "tib": (2 ** 40, 10 ** 12)}
_UNIT_NAME = {10 ** 3: "kB (10³)", 2 ** 10: "KiB (2¹⁰)", 10 ** 6: "MB (10⁶)", 2 ** 20: "MiB (2²⁰)",
              10 ** 9: "GB (10⁹)", 2 ** 30: "GiB (2³⁰)", 10 ** 12: "TB (10¹²)", 2 ** 40: "TiB (2⁴⁰)"}


def _entry(text: str, line: int) -> Entry | None:
    e = numerals.read(text)
    return Entry.at(e, line) if e is not None else None


def _show(x) -> str:
    with mpmath.workdps(_DPS):
        if mpmath.isint(x) and abs(x) < 10 ** 18:
            return str(int(x))
        return mpmath.nstr(x, 15)


def _agree(entry: Entry, x, loose_int: bool = False) -> bool:
    return agrees(entry, x, 0 if loose_int and entry.places == 0 else None)


def _near(entry: Entry, x, loose_int: bool = False) -> bool:
    """What the printed number stands for, perhaps cut rather than rounded: evidence for which
    reading it is, or whether it follows from an earlier print, never a verdict (:func:`~symattn.check.judge.near`)."""
    return near(entry, x, 0 if loose_int and entry.places == 0 else None)


def _scalar(line: int, source: str, what: str, entry: Entry, readings, how: str, loose_int=False,
            cause: str = "slip", root: int | None = None, suffix: str = "") -> Claim:
    """One printed number against its readings [(value, name)]: right under any, else wrong
    with the closest reading as the witness."""
    for x, name in readings:
        if _agree(entry, x, loose_int):
            exact = verdict(entry, x).status == "exact"
            where = f"{how}{' (' + name + ')' if name else ''}"
            return Claim(line, source, "exact" if exact else "rounded", entry.text, _show(x),
                         f"{what}: {entry.text} agrees with {_show(x)}, {where}", what, lines=[line])
    with mpmath.workdps(_DPS):
        p = mpmath.mpf(entry.value.p) / entry.value.q
        x, name = min(readings, key=lambda r: abs(r[0] - p))
    right = str(int(mpmath.floor(x + mpmath.mpf(1) / 2))) if loose_int and entry.places == 0 else right_text(entry, x)
    right += suffix    # "5K" is fixed as "4K": the unit stays glued to the number, as printed
    where = f"{how}{' (closest reading: ' + name + ')' if name else ''}"
    c = Claim(line, source, "wrong", entry.text, _show(x),
              f"{what}: printed {entry.text}, but it is {_show(x)} ≈ {right}, {where}", what,
              entries=[{"entry": what, "line": line, "claimed": entry.text + suffix, "exact": _show(x),
                        "correct": right}],
              lines=[line], wrong_lines=[line], cause=cause, root=root)
    return c


def _vector(line: int, source: str, what: str, entries: list[Entry], values, how: str,
            lines: list[int] | None = None, cause: str = "slip", root: int | None = None,
            names: list[str] | None = None) -> Claim:
    bad = [(k, e, x) for k, (e, x) in enumerate(zip(entries, values)) if not _agree(e, x)]
    lines = lines or [line]
    claimed = [e.text for e in entries]
    expected = [_show(x) for x in values]
    if not bad:
        exact = all(verdict(e, x).status == "exact" for e, x in zip(entries, values))
        return Claim(line, source, "exact" if exact else "rounded", claimed, expected,
                     f"{what} agrees with {how}", what, lines=sorted(set(lines)))
    ents = [{"entry": (names[k] if names else f"[{k + 1}]"), "line": e.line, "claimed": e.text,
             "exact": _show(x), "correct": right_text(e, x)} for k, e, x in bad]
    shown = ", ".join(f"{d['entry']} printed {d['claimed']} is {d['correct']}" for d in ents[:4])
    return Claim(line, source, "wrong", claimed, expected, f"{what}: {shown} ({how})", what,
                 entries=ents, lines=sorted(set(lines)), wrong_lines=sorted({d["line"] for d in ents}),
                 cause=cause, root=root)



def _val(e: Entry):
    return mpmath.mpf(e.value.p) / e.value.q
