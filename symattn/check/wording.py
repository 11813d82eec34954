"""The words of the report in English and Chinese (``check --lang``), from codes and their data.

Input: a :class:`~symattn.check.claims.Reason` (a code and its data), a frame key of the report, or
a status.  Output: the text in the report's language.  The templates are ``messages/*.toml``, one
table per code with an ``en`` and a ``zh`` template (``en_one`` / ``zh_one`` where the count ``n``
is 1); data values are rendered in turn (reasons by their own templates, lists joined, article
text as written).  Nothing here reads prose: a template only ever fills in data.

>>> from symattn.check.claims import Reason
>>> r = Reason.of("carried-from", root=12)
>>> render(r, "en"), render(r, "zh")
('carried from line 12', '由第 12 行的错误带出')
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

__all__ = ["LANGS", "say", "status_word", "render", "templates"]

LANGS = ("en", "zh")
_LIST_SEPARATOR = {"en": ", ", "zh": "、"}
_STATUS = {"zh": {"exact": "精确", "rounded": "近似正确", "wrong": "错误", "unverifiable": "无法验证"}}


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
    from .claims import Reason
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
    return _data(str(value))


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
