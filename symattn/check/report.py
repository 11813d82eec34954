"""The report: human text (✓ ≈ ✗ ? with line numbers) or JSON (the DESIGN.md schema).

Input: a :class:`~symattn.check.claims.Report`.  Output: text in one language, or JSON.

JSON: ``{"file", "claims": [{"line", "source", "status", "claimed", "expected",
"detail", ...}], "summary": {...}}`` with ``status`` one of exact, rounded, wrong,
unverifiable.  ``expected`` holds SymPy ``str()`` forms, which ``sympify`` reads
back; extra keys (``what``, ``entries``, ``notes``, ``diagnosis``, ``drift``, ``lines``, ``wrong_lines``,
``cause``, ``root``) add detail.  The text report lists a carried claim under the claim of its first
slip (its root), and its summary counts root errors and carried claims apart; ``lang`` is "en" or "zh".
"""

from __future__ import annotations

import json
import re

from .claims import STATUSES, Report

from ..errors import log_safe, shown
from .claims import Reason
from .wording import render, say, status_word

__all__ = ["render_text", "render_json", "summary", "says_little", "MARKS", "roots_of", "mistakes_line"]

MARKS = {"exact": "✓", "rounded": "≈", "wrong": "✗", "unverifiable": "?"}
_WIDTH = 110


def summary(report: Report) -> dict:
    out = {s: report.count(s) for s in STATUSES}
    out["claims"] = len(report.claims)
    out["exit_code"] = report.exit_code
    wrong = [c for c in report.claims if c.status == "wrong"]
    carried = [c for c in wrong if c.cause == "carried"]
    out["root_errors"] = len(wrong) - len(carried)
    out["carried"] = len(carried)
    out["carried_lines"] = len({ln for c in carried for ln in (c.wrong_lines or c.lines or [c.line])})
    out["lines_with_numbers"] = report.lines_with_numbers
    out["lines_checked"] = report.lines_checked
    return out


def says_little(report: Report) -> bool:
    """Fewer than half the lines that print a number got a verdict: the report must say so."""
    return report.lines_checked * 2 < report.lines_with_numbers


def reason_json(value):
    """A reason as data: ``{"code", "data"}``, its data values in turn (article text as written)."""
    if isinstance(value, Reason):
        return {"code": value.code, "data": {k: reason_json(v) for k, v in value.data}}
    if isinstance(value, (list, tuple)):
        return [reason_json(v) for v in value]
    return value


def render_json(report: Report, lang: str = "en") -> str:
    claims = []
    for c in report.claims:
        item = {"line": c.line, "source": c.source, "status": c.status, "claimed": c.claimed,
                "expected": c.expected, "detail": render(c.reason, lang)}
        if isinstance(c.reason, Reason):
            item["code"] = c.reason.code
            item["reason"] = reason_json(c.reason)
        if c.what:
            item["what"] = render(c.what, lang)
        if c.entries:
            item["entries"] = [{k: render(v, lang) if isinstance(v, Reason) else v for k, v in e.items()}
                               for e in c.entries]
        for key in ("lines", "wrong_lines", "cause", "root"):
            value = getattr(c, key)
            if value:
                item[key] = value
        if c.notes:
            item["notes"] = [render(n, lang) for n in c.notes]
        if c.mistakes:
            item["diagnosis"] = " or ".join(render(m, lang) for m in c.mistakes)
            item["mistakes"] = [m.code if isinstance(m, Reason) else str(m) for m in c.mistakes]
        if c.drift:
            item["drift"] = c.drift if c.drift == "carried" else render(c.drift, lang)
        claims.append(item)
    doc = {"file": report.file, "claims": claims, "summary": summary(report),
           "definitions": [{"line": line, "text": render(text, lang)} for line, text in report.definitions],
           "notes": [render(n, lang) for n in report.notes]}
    text = json.dumps(doc, ensure_ascii=False, indent=2)
    # one matrix row per line: innermost lists of strings/numbers on one line
    text = re.sub(r"\[\s*\n\s*((?:\"(?:[^\"\\\n]|\\.)*\"|-?[\d.]+)(?:,\s*\n\s*(?:\"(?:[^\"\\\n]|\\.)*\"|-?[\d.]+))*)\s*\n\s*\]",
                  lambda m: "[" + re.sub(r",\s*\n\s*", ", ", m.group(1)) + "]", text)
    return text + "\n"


def _clip(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def roots_of(report: Report) -> dict[int, int]:
    """index of a carried claim -> index of the claim of its root (the wrong claim that is not
    carried and prints the first slip on that line); carried claims whose root is not found stay apart."""
    roots = {}
    for k, c in enumerate(report.claims):
        if c.status != "wrong" or c.cause != "carried" or c.root is None:
            continue
        for m, r in enumerate(report.claims):
            if r.status == "wrong" and r.cause != "carried" and (
                    r.line == c.root or c.root in (r.wrong_lines or r.lines)):
                roots[k] = m
                break
    return roots


def _claim_lines(c, lang: str, width: int, pad: str) -> list[str]:
    what = render(c.what, lang)
    what = f"{what}: " if what else ""
    status = status_word(lang, c.status)
    head = (say(lang, "line", n=c.line, w=width) + f"  {MARKS[c.status]}  "
            + status + " " * max(1, 13 - _width(status)) + _clip(what + c.source, _WIDTH - 30))
    out = [head]
    if c.reason:
        out.append(pad + _clip(render(c.reason, lang), 400))
    for e in c.entries[:6]:
        out.append(pad + say(lang, "entry", entry=render(e["entry"], lang), claimed=e["claimed"], exact=e["exact"])
                   + (say(lang, "correct", correct=e["correct"]) if e["correct"] != e["exact"] else ""))
    if c.mistakes:
        out.append(pad + mistakes_line(c, lang))
    if c.drift and c.drift != "carried":
        out.append(pad + say(lang, "drift_line", text=render(c.drift, lang)))
    for note in c.notes:
        out.append(pad + say(lang, "note", text=render(note, lang)))
    return out


_OR = {"en": " or ", "zh": "，或"}


def mistakes_line(c, lang: str) -> str:
    """"likely mistake: …": the common mistakes that reproduce a claim's numbers."""
    return say(lang, "mistake", text=_OR[lang if lang in _OR else "en"].join(render(m, lang) for m in c.mistakes))


def _width(text: str) -> int:
    """Columns on a terminal: CJK characters take two."""
    return sum(2 if "\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1 for ch in text)


def render_text(report: Report, lang: str = "en") -> str:
    """The report for a terminal or a CI log: the file name and the article's text in it with
    their control characters escaped, and no line a workflow command (:func:`~symattn.errors.log_safe`)."""
    lines = [say(lang, "title", file=shown(report.file)), ""]
    width = max([len(str(c.line)) for c in report.claims] + [1])
    pad = " " * (width + 9)
    roots = roots_of(report)
    children: dict[int, list[int]] = {}
    for k, m in roots.items():
        children.setdefault(m, []).append(k)
    for k, c in enumerate(report.claims):
        if k in roots:
            continue  # listed under its root
        lines += _claim_lines(c, lang, width, pad)
        if c.status == "wrong" and c.cause == "carried" and c.root is not None:
            lines.append(pad + say(lang, "carried_from", root=c.root))
        kids = children.get(k, [])
        if kids:
            carried_lines = {ln for j in kids for ln in (report.claims[j].wrong_lines or [report.claims[j].line])}
            lines.append(pad + say(lang, "carried_head", root=c.root if c.root else c.line, n=len(kids),
                                   k=len(carried_lines)))
            for j in kids:
                lines += ["    " + x for x in _claim_lines(report.claims[j], lang, width, pad)]
    if report.definitions:
        lines += ["", say(lang, "definitions")]
        lines += [f"  {say(lang, 'line', n=line, w=1)}: {_clip(render(text, lang), 100)}"
                  for line, text in report.definitions]
    if report.notes:
        lines += ["", say(lang, "notes")]
        lines += [f"  {render(n, lang)}" for n in report.notes]
    s = summary(report)
    lines += ["", say(lang, "summary", **s)]
    if says_little(report):
        lines.append(say(lang, "says-little", checked=report.lines_checked, total=report.lines_with_numbers))
    if s["carried"]:
        lines.append(say(lang, "split", roots=s["root_errors"], carried=s["carried"],
                         carried_lines=s["carried_lines"]))
    return log_safe("\n".join(lines)) + "\n"
