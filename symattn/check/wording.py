"""The words of the report in English and Chinese (``check --lang``), from codes and their data.

A :class:`Reason` is a code and its data: why a claim has its verdict, what it claims, a note.
Input: a Reason, a frame key of the report, or a status.  Output: the text in the report's language.  The templates are ``messages/*.toml``, one
table per code with an ``en`` and a ``zh`` template (``en_one`` / ``zh_one`` where the count ``n``
is 1); data values are rendered in turn (reasons by their own templates, lists joined, article
text as written).  Nothing here reads prose: a template only ever fills in data.

>>> r = Reason.of("carried-from", root=12)
>>> render(r, "en"), render(r, "zh")
('carried from line 12', '由第 12 行的错误带出')
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["LANGS", "Reason", "Explained", "say", "status_word", "render", "templates"]

LANGS = ("en", "zh")
_LIST_SEPARATOR = {"en": ", ", "zh": "、"}
_STATUS = {"zh": {"exact": "精确", "rounded": "近似正确", "wrong": "错误", "unverifiable": "无法验证"}}


@dataclass(frozen=True)
class Reason:
    """A reason code and its data, which the report renders in the reader's language.

    Data values are plain: article text and formulas (``str``, shown as written), numbers, lines,
    lists of them, or other reasons (a quantity, a convention, a step).

    >>> r = Reason.of("carried", root=12)
    >>> r.code, r["root"], r.get("what", "")
    ('carried', 12, '')
    """

    code: str
    data: tuple = ()   # ((key, value), ...) in the order given

    @classmethod
    def of(cls, code: str, /, **data) -> "Reason":
        return cls(code, tuple((k, _frozen(v)) for k, v in data.items()))

    def __getitem__(self, key):
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __str__(self) -> str:
        return render(self, "en")


class Explained:
    """A mix-in for the checker's exceptions: they say why with a Reason, a code and its data.

    >>> class Oops(Explained, ValueError): pass
    >>> e = Oops("not-given", name="X")
    >>> e.reason.code, str(e)
    ('not-given', 'X is not given in the article')
    """

    def __init__(self, reason, **data):
        self.reason = reason if isinstance(reason, Reason) else Reason.of(reason, **data)
        super().__init__(str(self.reason))


def _frozen(v):
    return tuple(_frozen(x) for x in v) if isinstance(v, list) else v


@lru_cache(maxsize=1)
def templates() -> dict:
    """code -> {"en": ..., "zh": ..., ...}: the message catalogue (``messages/*.toml``, one file per
    part of the checker), read once.  A code defined twice is a bug, not an override."""
    out: dict = {}
    folder = resources.files(__package__).joinpath("messages")
    for part in sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name):
        for code, entry in tomllib.loads(part.read_text(encoding="utf-8")).items():
            if code in out:
                raise ValueError(f"the reason code {code!r} is defined twice (messages/{part.name})")
            out[code] = entry
    return out


def render(value, lang: str = "en", sep: str | None = None) -> str:
    """A reason (or a list of values, a number, a text) in the report's language; a list is joined
    with ``sep`` (a template's ``join``), else with the language's list separator."""
    if isinstance(value, Reason):
        entry = templates().get(value.code)
        if entry is None:
            raise KeyError(f"no template for the reason code {value.code!r}")
        lang = lang if lang in entry else "en"
        template = entry.get(f"{lang}_one") if value.get("n") == 1 and f"{lang}_one" in entry else entry[lang]
        join = entry.get(f"{lang}_join", entry.get("join"))
        return template.format_map({k: render(v, lang, join) for k, v in value.data})
    if isinstance(value, (list, tuple)):
        return (sep or _LIST_SEPARATOR.get(lang, ", ")).join(render(v, lang) for v in value)
    if value is None:
        return ""
    text = str(value)
    parts = re.split(r"((?<![\w./])-?\d+/\d+(?![\w./]))", text)   # fractions stay whole: their quotient is shown
    return _data("".join(_LONG_FRACTION.sub(_quotient, p) if k % 2 else _LONG.sub(_sane, p)
                         for k, p in enumerate(parts)))


#: a number of more than 20 digits in data (2^{1000}, a huge exact integer): shown at a sane length
_LONG = re.compile(r"(?<![\w.])\d{21,}(?:\.\d+)?(?![\w.])|(?<![\w.])\d+\.\d{21,}(?![\w.])")


#: a fraction whose numerator or denominator runs past 20 digits (1.1^48 exactly): shown as its quotient
_LONG_FRACTION = re.compile(r"(?<![\w./])(-?\d+)/(\d+)(?![\w./])")


def _quotient(m) -> str:
    """97.017233784872162402… for 97017233784872162402203715694511008214034825609281/10^48: the exact
    quotient's first twenty digits; a short fraction as it is."""
    if max(len(m.group(1).lstrip("-")), len(m.group(2))) <= 20:
        return m.group(0)
    import mpmath
    with mpmath.workdps(40):
        x = mpmath.mpf(m.group(1)) / mpmath.mpf(m.group(2))
        text = mpmath.nstr(x, 20, min_fixed=1, max_fixed=0) if not 1e-4 <= abs(x) < 1e8 else mpmath.nstr(x, 20)
        return text if mpmath.mpf(text) == x else text + "…"


def _sane(m) -> str:
    """1.0715086e+301 for 10715086071862673209…, 0.33333333 for 0.333333333333333333333333."""
    import mpmath
    with mpmath.workdps(30):
        x = mpmath.mpf(m.group(0))
        if 1e-4 <= abs(x) < 1e8:
            return mpmath.nstr(x, 8, strip_zeros=True)
        return mpmath.nstr(x, 8, min_fixed=1, max_fixed=0)


def _data(text: str) -> str:
    """Data as it is shown: article text, a formula, a number (a test marks it, to tell the words of
    the templates from the data they show)."""
    return text


def say(lang: str, key: str, **values) -> str:
    """A part of the report's frame (its title, a summary line, an entry) in the language."""
    entry = templates()[key]
    return entry.get(lang, entry["en"]).format(**{k: _data(v) if isinstance(v, str) else v for k, v in values.items()})


def status_word(lang: str, status: str) -> str:
    return _STATUS.get(lang, {}).get(status, status)
