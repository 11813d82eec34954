r"""The one number reader: what a printed number is worth, and how precisely it was printed.

Input: the text of one number (``read``), or a line of an article (``canonical``).  Output: a
:class:`Number`, or the line in one notation.  Every layout reader calls :func:`read` for each
entry, and finds entries with :data:`NUMBER`; the :class:`~symattn.check.document.Document`
calls :func:`canonical` once per line, so that the readers see one notation whatever the locale.

What it knows:

* signs, ``−`` and ``-`` (and ``+``);
* decimals with a point, or with a comma where the article writes them so (:class:`Locale`:
  a comma followed by digits that cannot be a thousands group or a compact list, and no point
  decimals in sight; ``;`` as the list separator);
* thousands separators, only in groups of three (``1,024``, ``1.024`` under a decimal comma,
  ``1{,}024``); LaTeX's ``{,}`` is a comma without space: the decimal one in an article that writes
  decimal commas, else a decimal one unless a group of three;
* ``%`` and ``\%``; e-notation; ``∞``, ``\infty``, ``inf`` and ``-inf``;
* ``…`` after the digits (``0.1353…``: the digits go on, so the value lies above the printed ones);
* ``4K``, ``128k`` as counts (4,096 and 131,072; :attr:`Number.readings` also gives 4,000);
* the printed precision of each entry (:attr:`Number.places`).

>>> n = read("−0.450")
>>> n.value, n.places, n.machine
(-9/20, 3, False)
>>> read("25\\%").value, read("25\\%").places, read("1.5e-3").places, read("-inf").value
(1/4, 2, 4, -oo)
>>> read("0,45", COMMA).value, read("1,024").value, read("1,02"), read("4K", counts=True).readings
(9/20, 1024, None, (4096, 4000))
>>> canonical("√3 = 1{,}732 und e^{0,5} = 1,649; 2.000 Token", COMMA)[0]
'√3 = 1.732 und e^{0.5} = 1.649; 2000 Token'
>>> canonical("softmax(0,5; 0,7) = [0,45; 0,55]", COMMA)[0], canonical("1,024 Token, 1{,}5", POINT)[0]
('softmax(0.5, 0.7) = [0.45, 0.55]', '1024 Token, 1.5')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from .. import limits

__all__ = ["Number", "Locale", "POINT", "COMMA", "NUMBER", "SCALE_WORDS", "SCALE_WORD", "SCALED_FLOPS", "read", "canonical",
           "places_of", "decimals_of", "grouped"]

#: a printed number in the one notation of :func:`canonical`: sign, digits, point, exponent
NUMBER = r"[-−+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_INF = re.compile(r"(?P<sign>[-−+]?)\s*(?:\\infty|∞|inf|np\.inf|math\.inf|float\(\s*['\"](?P<s2>[-+]?)inf['\"]\s*\)"
                  r"|\\text\{(?P<s3>-?)inf\})", re.I)
_WRAP = re.compile(r"^\\(?:mathbf|mathrm|textbf|text|boldsymbol|bm)\s*")
_PLAIN = re.compile(r"(?P<sign>[-−+]?)(?P<body>\d+(?:\.\d*)?|\.\d+)(?:[eE](?P<exp>[-+]?\d+))?"
                    r"(?P<tail>\\?%|…|\.\.\.|\\ldots|\\dots|[kK](?![a-zA-Z]))?")


@dataclass(frozen=True)
class Locale:
    """How an article writes its numbers (outside code, which is always written with a point)."""

    decimal: str = "."       # the decimal separator
    group: str = ","         # the thousands separator
    separator: str = ","     # between the entries of a list

    @staticmethod
    def evidence(lines) -> tuple[int, int, int]:
        """(point decimals, of which printed by a program, comma decimals) in the lines.

        A decimal is evidence only where the other reading is impossible: ``1.024`` and ``2,981``
        may be thousands, ``[1,0]`` a compact list; ``0.45``, ``1,5``, ``1{,}5``, ``1.000.000`` and
        ``(2,66)`` are not.  A point decimal with five digits or more is a program's print (numpy
        prints with a point in every locale)."""
        points = machine = commas = 0
        for line in lines:
            line = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)   # `code` is written with a point
            for m in _POINT_DECIMAL.finditer(line):
                whole, frac = m.group(0).split(".")
                if not _dotted(line, m) and (len(frac) != 3 or whole == "0"):
                    points += 1
                    machine += len(frac) >= 5
            commas += len(_LATEX_COMMA.findall(line)) + len(_DOTTED_GROUPS.findall(line))
            commas += sum(1 for m in _COMMA_NUMBER.finditer(line) if _comma_decimal(line, m, strict=True))
        return points, machine, commas

    @classmethod
    def detect(cls, lines) -> "Locale":
        """A decimal comma where the lines show one and no point decimal is in sight; else the point."""
        points, _, commas = cls.evidence(lines)
        return COMMA if commas and not points else POINT

    def show(self, text: str) -> str:
        """Numbers of the one notation in ``text`` written in this locale (``0.45`` → ``0,45``)."""
        if self.decimal == ".":
            return text
        return _CANON_DECIMAL.sub(lambda m: m.group(0).replace(".", ","), text)


POINT = Locale()
COMMA = Locale(",", ".", ";")

_POINT_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])")
#: (not an index: a_{1,2}; a particle written on, 0,5에서, ends it as a space would)
#: (nor the decimals of a LaTeX decimal comma: in 0{,}802,0{,}599 the plain comma separates)
#: (LaTeX's thin space before it, "0,309;\,0,381", is spacing, not a comma of the list)
_COMMA_NUMBER = re.compile(r"(?:(?<![\w.,])|(?<=\\,))(?<!_\{)(?<!\{,\})(\d+),(\d+)(?![A-Za-z0-9_]|,\d|\.\d)")
#: arithmetic between printed numbers: 0.2×0.3, 4.12+0.00, 2 \\cdot 80 (a result, not a number alone)
ARITHMETIC = re.compile(r"\d\s*(?:[-+*/×·−]|\\cdot|\\times)\s*[\d(]")
#: a count's scale written as a word after it ("16.8 million", "16,8 millions", "2 Milliarden"), as the
#: letter the checker reads it by: thousands K, millions M, billions (10⁹) B, trillions T
SCALE_WORDS = {"thousand": "K", "thousands": "K", "tausend": "K",
               "million": "M", "millions": "M", "millionen": "M", "milioni": "M", "millones": "M", "milhões": "M",
               "billion": "B", "billions": "B", "milliard": "B", "milliards": "B", "milliarden": "B",
               "miliardi": "B", "bilhões": "B", "trillion": "T", "trillions": "T"}
SCALE_WORD = re.compile(r"^\s*(" + "|".join(sorted(SCALE_WORDS, key=len, reverse=True)) + r")(?![\w])", re.I)

#: a count of operations with its SI prefix, written after a number: 344 GFLOPs, 10 PFLOPS
SCALED_FLOPS = r"[kKMGTP](?:FLOPs?|FLOPS|flops)"

#: a decimal printed as an approximate result, "≈ 37.48", "\\approx 0.45": a rounded print wherever it is used
APPROXIMATED = re.compile(r"(?:≈|\\approx|≃|\\simeq)\s*\$?\s*(\d+\.\d+)(?!\d|\.\d)"
                          # (not the first operand of arithmetic after it: "≈ 1.0 + 0.368 + …")
                          r"(?!\s*(?:[-+−×*/·⋅]\s*[\d(]|\\times|\\cdot))")
#: LaTeX's {,} as evidence of a decimal comma: not before a group of exactly three digits (57{,}344 is
#: thousands in an article that writes points), unless the whole part is 0 (0{,}125)
_LATEX_COMMA = re.compile(r"(?<!\d)0\{,\}\d|\d\{,\}(?!\d{3}(?!\d))\d")
_DOTTED_GROUPS = re.compile(r"(?<![\w.,])\d{1,3}(?:\.\d{3}){2,}(?![A-Za-z0-9_.])")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
#: an HTML superscript or subscript around a short run of text (no tag inside it)
_HTML_SCRIPT = re.compile(r"<(?P<tag>su[pb])>(?P<body>[^<>\n]{1,40})</(?P=tag)>", re.I)
#: an HTML emphasis around a short run of text: formatting, whatever it holds (``= <b>0.921</b>``)
_HTML_EMPHASIS = re.compile(r"<(?P<tag>b|strong|em|i|u|mark)>(?P<body>[^<>\n]{1,80})</(?P=tag)>", re.I)
_CANON_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def _dotted(line: str, m: re.Match) -> bool:
    """``v1.2``, ``3.11.7``, ``1.2.3``: a version or a section number, not a decimal."""
    return m.start() > 0 and line[m.start() - 1] in "vV" or line[m.end():m.end() + 2][:1] == "." and \
        line[m.end() + 1:m.end() + 2].isdigit()


def _comma_decimal(line: str, m: re.Match, strict: bool) -> bool:
    """Is ``12,5`` at ``m`` a decimal comma?  Not a group of three (``2,981``, unless the whole
    part is 0); with ``strict``, not alone in square brackets, spaces aside (``[1,0]``, ``[ 0,20]``,
    ``[[10,50],[20,60]]``:
    a compact list) nor one digit alone in parentheses (``(0,5)``: maybe a pair), nor the ends of an
    interval (``(0,1]``, ``]0,1[``), so those are left as written; ``(2,66)`` is a decimal, and so is
    ``cos(0,1)`` (a function of one argument)."""
    whole, frac = m.group(1), m.group(2)
    if len(frac) == 3 and whole != "0":
        return False
    before, after = line[m.start() - 1:m.start()], line[m.end():m.end() + 1]
    padded = line[:m.start()].rstrip()[-1:] == "[" and line[m.end():].lstrip()[:1] == "]"
    if strict and (before == "[" and after == "]" or padded or before == "(" and after == ")" and len(frac) < 2
                   and not _ONE_ARGUMENT.search(line[:m.start() - 1])):
        return False   # (``[ 0,20]``, padded to sit under ``[10, 0]``, is a compact list too)
    if strict and before + after in ("(]", "[)", "][", "]]", "[["):
        return False   # an interval: (0,1], [0,1), ]0,1[
    return True


#: a function of one argument right before "(": cos(0,1) under a decimal comma is cos(0.1), no pair
_ONE_ARGUMENT = re.compile(r"(?:\\?(?:sin|cos|tan|exp|log|ln|sqrt)|√)\s*$")


@dataclass(frozen=True)
class Number:
    """One printed number."""

    text: str                 # as printed, stripped
    value: object             # exact: a SymPy Rational, or ±oo
    places: int | None        # decimals it was printed with (0 for an integer); None for ±∞
    continued: bool = False   # "0.1353…": the digits go on (the value is above the printed ones)
    count: bool = False       # "4K": a count in thousands (4,096; see readings)
    percent: bool = False     # "25%": the value is 0.25, printed with two more decimals
    scientific: bool = False  # "1.5e-03"

    @property
    def machine(self) -> bool:
        """Six or more significant digits: printed by a program, whose float32 or float64 noise
        (``0.70000005``) is part of the print."""
        digits = re.sub(r"[eE].*$|[^0-9]", "", self.text).lstrip("0")
        return len(digits) >= 6

    @property
    def fraction(self) -> Fraction:
        """The exact reading as a ``Fraction`` (finite numbers only)."""
        return Fraction(int(self.value.p), int(self.value.q))

    @property
    def readings(self) -> tuple:
        """The values it may stand for: one, or for a count in thousands 1,024 and 1,000 per K."""
        if not self.count:
            return (self.value,)
        return (self.value, self.value * 1000 / 1024)


def _group_of_three(text: str, m: re.Match) -> bool:
    """Is the ``{,}`` at ``m`` a thousands separator?  Before exactly three digits, after a whole
    part other than 0 (57{,}344 is thousands, 0{,}802 a decimal)."""
    return bool(re.match(r"\d{3}(?!\d)", text[m.end():])) and not re.search(r"(?<!\d)0$", text[:m.start()])


def read(text: str, locale: Locale = POINT, counts: bool = False) -> Number | None:
    """The :class:`Number` a piece of text prints, or None when it is not one number; ``4K`` is a
    number only with ``counts`` (where the text speaks of tokens)."""
    raw = text.strip()
    # LaTeX's {,}: the decimal comma where the article writes one; else a group of three is thousands
    comma = lambda m: locale.decimal == "," or _group_of_three(raw, m)  # noqa: E731
    t = _LATEX_DECIMAL.sub(lambda m: "," if comma(m) else ".", raw) if "{,}" in raw else raw
    t = _WRAP.sub("", t.replace("{", "").replace("}", "")).strip()
    t = t.replace("\\,", "").replace("\u2009", "").replace("\u202f", "")
    m = _INF.fullmatch(t)
    if m:
        negative = "-" in (m.group("sign") or "") + (m.group("s2") or "") + (m.group("s3") or "") or \
            "−" in (m.group("sign") or "")
        return Number(raw, -sp.oo if negative else sp.oo, None)
    t = _to_point(t, locale)
    if t is None:
        return None
    m = _PLAIN.fullmatch(t)
    if not m:
        return None
    body, exp, tail = m.group("body"), m.group("exp"), m.group("tail") or ""
    places = len(body.split(".")[1]) if "." in body else 0
    value = sp.Rational(body.rstrip(".") or "0")
    if exp:
        if abs(int(exp)) > limits.CHECK_MAX_TEN_POWER:
            return None
        value *= sp.Integer(10) ** int(exp)
        places = max(places - int(exp), 0)
    percent = tail.endswith("%")
    count = tail in ("k", "K")
    if percent:
        value /= 100
        places += 2
    if count:
        if "." in body or exp or not counts:
            return None
        value *= 1024
    if m.group("sign") in ("-", "−"):
        value = -value
    return Number(raw, value, places, continued=tail in ("…", "...", "\\ldots", "\\dots"), count=count,
                  percent=percent, scientific=bool(exp))


def _to_point(t: str, locale: Locale) -> str | None:
    """One number in the one notation: separators of thousands out, the decimal one a point."""
    sign = t[:1] if t[:1] in "+-−" else ""
    body = t[len(sign):]
    m = re.match(r"[\d.,]+?(?=\.\.\.$)|[\d.,]+", body)    # (0.1353...: the dots say it goes on)
    if not m:
        return t
    digits, rest = m.group(0), body[m.end():]
    dec, group = locale.decimal, locale.group
    if digits.count(dec) > 1:
        return None
    whole, _, frac = digits.partition(dec)
    if group in whole:
        parts = whole.split(group)
        if not (1 <= len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:])):
            return None
        whole = "".join(parts)
    if group in frac or (dec == "." and "," in frac) or (dec == "," and "." in frac):
        return None
    return sign + whole + ("." + frac if dec in digits else "") + rest


def places_of(text: str) -> int | None:
    """The printed decimals of a plain number (None for anything else).

    >>> places_of("0.450"), places_of("2"), places_of("\\\\frac{1}{2}")
    (3, 0, None)
    """
    n = read(text)
    return n.places if n is not None else None


def decimals_of(x) -> int | None:
    """The decimals a rational number takes written out in full, None when they never end.

    >>> decimals_of(sp.Rational(221, 625)), decimals_of(sp.Integer(3)), decimals_of(sp.Rational(1, 3))
    (4, 0, None)
    """
    k = 0
    while 10 ** k % x.q and k < 20:
        k += 1
    return k if 10 ** k % x.q == 0 else None


def grouped(text: str, locale: Locale) -> str:
    """A number of the one notation with its thousands grouped as ``locale`` groups them.

    >>> grouped("-1342177280.5", POINT), grouped("1280", COMMA)
    ('-1,342,177,280.5', '1.280')
    """
    m = re.fullmatch(r"([-−+]?)(\d+)(.*)", text)
    if not m:
        return text
    whole = m.group(2)
    parts = [whole[max(0, k - 3):k] for k in range(len(whole), 0, -3)][::-1]
    return m.group(1) + locale.group.join(parts) + locale.show(m.group(3)) if m.group(3) else \
        m.group(1) + locale.group.join(parts)


# --------------------------------------------------------------------------- a line in one notation

#: thousands groups (1,024; 57{,}344; \textbf{15,728,640,000}: a group's opening brace is no digit): never
#: after a whole part of 0 (0{,}802 is a decimal)
_GROUPED = re.compile(r"(?<![\w.,}])(?!0[,{])\d{1,3}(?:(?:,|\{,\})\d{3})+(?![A-Za-z0-9_,]|\.\d|\{,\})")
_LATEX_DECIMAL = re.compile(r"(?<=\d)\{,\}(?=\d)")
#: (a letter of another script may follow a number at once, a CJK counter: 2,097,152개, 73,728バイト)
#: digits grouped by three with a thin space (``131\,072``, ``33 554 432`` with U+2009/U+202F): in any locale
_THIN = r"(?:\\,|\\;|\\:|\\ |\u2009|\u202f)"
_THIN_GROUPED = re.compile(rf"(?<![\w.,\\])\d{{1,3}}(?:{_THIN}\d{{3}})+(?![\w]|\.\d|{_THIN}\d)")
_GROUPED_POINTS = re.compile(r"(?<![\w.,])\d{1,3}(?:\.\d{3})+(?![A-Za-z0-9_]|\.\d|,\d)")   # (a full stop may end it)
_SEMICOLON = re.compile(r"(?<=[\d\])])(\s*);(?=\s*[-−+]?[\d\[(])")   # 0,45; 0,27 and ]; [ between rows


def _depths(line: str) -> list[int]:
    """The bracket depth at each character of the line."""
    out, d = [], 0
    for ch in line:
        if ch in ")]":
            d = max(d - 1, 0)
        out.append(d)
        if ch in "([":
            d += 1
    return out


def canonical(line: str, locale: Locale) -> tuple[str, tuple | None]:
    """The line with its numbers in the one notation, and the column map (new columns, original
    columns) at each point where the two texts realign (None when nothing changed).

    Under a decimal point, thousands groups lose their separators (``1,024`` → ``1024``; a list
    alone in brackets, ``[100,200]``, is a list).  Under a decimal comma, ``0,45`` → ``0.45``,
    ``1.000`` → ``1000`` and ``;`` between numbers → ``,``.  ``{,}`` is a group separator before
    three digits and a decimal one otherwise.  A thin space between groups of three (``131\\,072``)
    is a group separator in any locale.  HTML ``<sup>``/``<sub>`` become ``^{}``/``_{}``, and
    HTML emphasis (``<b>0.921</b>``) is blanked."""
    edits: list[tuple[int, int, str]] = []   # (start, end, replacement) in ``line``
    code = [m.span() for m in _CODE_SPAN.finditer(line)]   # inline code is written with a point
    for m in _THIN_GROUPED.finditer(line):
        edits.append((m.start(), m.end(), re.sub(_THIN, "", m.group(0))))

    def alone(m):
        return m.start() > 0 and line[m.start() - 1] in "[(" and line[m.end():m.end() + 1] in ("]", ")")

    thin = [(a, b) for a, b, _ in edits]
    if locale.decimal == ".":
        for m in _GROUPED.finditer(line):
            if not alone(m) and not any(a <= m.start() < b for a, b in thin):
                edits.append((m.start(), m.end(), m.group(0).replace("{,}", "").replace(",", "")))
        taken = [(a, b) for a, b, _ in edits]
        for m in _LATEX_DECIMAL.finditer(line):
            if not any(a <= m.start() < b for a, b in taken):
                # before exactly three digits a group separator, as read() takes it ({57{,}344}), unless
                # the whole part is 0 (0{,}802); else decimal
                edits.append((m.start(), m.end(), "" if _group_of_three(line, m) else "."))
    else:
        for m in _GROUPED_POINTS.finditer(line):
            edits.append((m.start(), m.end(), m.group(0).replace(".", "")))
        for m in _LATEX_DECIMAL.finditer(line):
            edits.append((m.start(), m.end(), "."))
        for m in _COMMA_NUMBER.finditer(line):
            # (a function's one argument is one number, exp(7,071): a pair alone in brackets is a list)
            argument = alone(m) and re.search(r"(?:exp|sqrt|log|ln|sin|cos|tanh|e\^)\s*\($", line[:m.start()])
            if _comma_decimal(line, m, strict=True) or (len(m.group(2)) == 3 and (not alone(m) or argument)):
                edits.append((m.start() + len(m.group(1)), m.start() + len(m.group(1)) + 1, "."))
        depth = _depths(line)
        semis = [m for m in _SEMICOLON.finditer(line)]
        for m in semis:
            # a list separator inside brackets, or in a run of three numbers or more; else a clause ends
            run = any(o is not m and abs(o.start() - m.start()) < 16 for o in semis)
            if depth[m.end() - 1] > 0 or run:
                edits.append((m.end() - 1, m.end(), ","))
    for m in _HTML_SCRIPT.finditer(line):   # e<sup>3.5</sup>, d<sub>k</sub>: an exponent, a subscript
        edits.append((m.start(), m.start("body"), "^{" if m.group("tag").lower() == "sup" else "_{"))
        edits.append((m.end("body"), m.end(), "}"))
    for m in _HTML_EMPHASIS.finditer(line):   # (blanked, not removed: a number keeps its columns)
        edits.append((m.start(), m.start("body"), " " * (m.start("body") - m.start())))
        edits.append((m.end("body"), m.end(), " " * (m.end() - m.end("body"))))
    edits = sorted(e for e in edits if not any(a <= e[0] < b for a, b in code))
    if not edits:
        return line, None
    out, new_cols, old_cols, last = [], [0], [0], 0
    for start, end, rep in edits:
        if start < last:
            continue   # overlapping readings: the first one stands
        out.append(line[last:start])
        here = sum(map(len, out))
        new_cols.append(here)
        old_cols.append(start)
        out.append(rep)
        new_cols.append(here + len(rep))
        old_cols.append(end)
        last = end
    out.append(line[last:])
    return "".join(out), (tuple(new_cols), tuple(old_cols))


#: a unit of time written as a word, as its symbol
TIME_WORDS = {"second": "s", "seconds": "s", "millisecond": "ms", "milliseconds": "ms", "microsecond": "us",
              "microseconds": "us", "nanosecond": "ns", "nanoseconds": "ns"}
