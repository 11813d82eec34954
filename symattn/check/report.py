"""The report: human text (✓ ≈ ✗ ? with line numbers) or JSON (the DESIGN.md schema).

JSON: ``{"file", "claims": [{"line", "source", "status", "claimed", "expected",
"detail", ...}], "summary": {...}}`` with ``status`` one of exact, rounded, wrong,
unverifiable.  ``expected`` holds SymPy ``str()`` forms, which ``sympify`` reads
back; extra keys (``what``, ``entries``, ``notes``, ``diagnosis``, ``drift``) add detail.
"""

from __future__ import annotations

import json
import re

from .claims import STATUSES, Report

__all__ = ["render_text", "render_json", "summary", "MARKS"]

MARKS = {"exact": "✓", "rounded": "≈", "wrong": "✗", "unverifiable": "?"}
_WIDTH = 110


def summary(report: Report) -> dict:
    out = {s: report.count(s) for s in STATUSES}
    out["claims"] = len(report.claims)
    out["exit_code"] = report.exit_code
    return out


def render_json(report: Report) -> str:
    claims = []
    for c in report.claims:
        item = {"line": c.line, "source": c.source, "status": c.status, "claimed": c.claimed,
                "expected": c.expected, "detail": c.detail}
        for key in ("what", "entries", "notes", "diagnosis", "drift"):
            value = getattr(c, key)
            if value:
                item[key] = value
        claims.append(item)
    doc = {"file": report.file, "claims": claims, "summary": summary(report),
           "definitions": [{"line": line, "text": text} for line, text in report.definitions],
           "notes": report.notes}
    text = json.dumps(doc, ensure_ascii=False, indent=2)
    # one matrix row per line: innermost lists of strings/numbers on one line
    text = re.sub(r"\[\s*\n\s*((?:\"(?:[^\"\\\n]|\\.)*\"|-?[\d.]+)(?:,\s*\n\s*(?:\"(?:[^\"\\\n]|\\.)*\"|-?[\d.]+))*)\s*\n\s*\]",
                  lambda m: "[" + re.sub(r",\s*\n\s*", ", ", m.group(1)) + "]", text)
    return text + "\n"


def _clip(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def render_text(report: Report) -> str:
    lines = [f"symattn check: {report.file}", ""]
    width = max([len(str(c.line)) for c in report.claims] + [1])
    pad = " " * (width + 9)
    for c in report.claims:
        what = f"{c.what}: " if c.what and c.what not in ("shape", "narrative") else ""
        lines.append(f"line {c.line:>{width}}  {MARKS[c.status]}  {c.status:<12} {_clip(what + c.source, _WIDTH - 30)}")
        if c.detail:
            lines.append(pad + _clip(c.detail, 400))
        for e in c.entries[:6]:
            lines.append(pad + f"✗ {e['entry']}: printed {e['claimed']}, exact {e['exact']}"
                         + (f" (correct: {e['correct']})" if e["correct"] != e["exact"] else ""))
        if c.diagnosis:
            lines.append(pad + f"likely mistake: {c.diagnosis}")
        if c.drift and c.drift != "carried":
            lines.append(pad + f"drift: {c.drift}")
        for note in c.notes:
            lines.append(pad + f"note: {note}")
    if report.definitions:
        lines += ["", "definitions read from the article:"]
        lines += [f"  line {line}: {_clip(text, 100)}" for line, text in report.definitions]
    if report.notes:
        lines += ["", "notes:"]
        lines += [f"  {n}" for n in report.notes]
    s = summary(report)
    lines += ["", f"summary: {s['claims']} claims: {s['exact']} exact, {s['rounded']} rounded, "
                  f"{s['wrong']} wrong, {s['unverifiable']} unverifiable (exit code {s['exit_code']})"]
    return "\n".join(lines) + "\n"
