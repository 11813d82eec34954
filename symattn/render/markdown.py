"""Markdown with ``$$`` display blocks (KaTeX, MathJax, GitHub, Typora, Obsidian)."""

from __future__ import annotations

from ..model import Derivation
from .common import LABELS, blocks, level_label, numeric_rows

__all__ = ["render"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _table(step, derivation) -> list[str]:
    if not (step.row_labels and step.col_labels):
        return []
    rows = numeric_rows(step, derivation.digits)
    if any(v is None for row in rows for v in row):
        return []
    esc = [_cell(t) for t in step.col_labels]
    lines = ["| | " + " | ".join(esc) + " |", "|---|" + "---:|" * len(esc)]
    for label, row in zip(step.row_labels, rows):
        lines.append(f"| **{_cell(label)}** | " + " | ".join(row) + " |")
    return lines + [""]


def render(derivation: Derivation, lang: str) -> str:
    out = [f"# {derivation.title[lang]}", ""]
    for t in derivation.intro:
        out += [t[lang], ""]
    for n, step in enumerate(derivation.steps, 1):
        out += [f"## {LABELS['step'][lang].format(n=n)}: {step.title[lang]}", ""]
        for b in blocks(step, derivation):
            out += [f"**{level_label(b.level, derivation, lang)}**", "", "$$", b.latex, "$$", ""]
        out += _table(step, derivation)
        for note in step.notes:
            out.append(f"- {note[lang]}")
        if step.notes:
            out.append("")
    for t in derivation.outro:
        out += [t[lang], ""]
    return "\n".join(out).rstrip("\n") + "\n"
