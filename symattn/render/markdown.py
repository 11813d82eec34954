"""Markdown with ``$$`` display blocks (KaTeX, MathJax, GitHub, Typora, Obsidian)."""

from __future__ import annotations

from ..markup import Math, as_text
from ..model import Derivation
from .common import LABELS, blocks, entry_caption, level_label, numbered, printer_for, table_rows, shows

__all__ = ["render"]


def _cell(text: str) -> str:
    """A token in a table cell: text, whatever it holds ($, |, [x](y))."""
    from ..escape import literal, md_text
    return md_text(literal(text))


def _text(text, p) -> str:
    """User text (titles, tokens) outside ``$...$``: HTML-escaped, so a token such as
    ``<b>`` shows as itself instead of becoming markup in the reader's viewer."""
    from ..escape import md_text
    return md_text(text, p.doprint)


def _prose(text, p) -> str:
    """Our own narration (intro, notes): Markdown as written, formulas in ``$...$``."""
    return as_text(text).render(lambda piece: piece.replace("$", r"\$"), lambda m: _formula(m, p))


def _formula(m: Math, p) -> str:
    tex = m.text(p.doprint)
    return f"$${tex}$$" if m.display else f"${tex}$"  # $$ on one line: a note is one list item


def _table(step, derivation) -> list[str]:
    if not shows(derivation, "numeric"):  # the table is the numeric level
        return []
    rows = table_rows(step, derivation.digits)
    if rows is None:
        return []
    esc = [_cell(t) for t in step.col_labels]
    lines = ["| | " + " | ".join(esc) + " |", "|---|" + "---:|" * len(esc)]
    for label, row in zip(step.row_labels, rows):
        lines.append(f"| **{_cell(label)}** | " + " | ".join(row) + " |")
    return lines + [""]


def render(derivation: Derivation, lang: str) -> str:
    p = printer_for(derivation)
    out = [f"# {_text(derivation.title[lang], p)}", ""]
    for t in derivation.intro:
        out += [_prose(t[lang], p), ""]
    for label, step in numbered(derivation, lang):
        if label is not None:
            out += [f"## {label}{_text(step.title[lang], p)}", ""]
        for b in blocks(step, derivation):
            label = entry_caption(step, b, lang, _cell) if b.entry else level_label(b.level, derivation, lang, b.places)
            out += [f"**{label}**", "", "$$", b.latex, "$$", ""]
        out += _table(step, derivation)
        for note in step.notes:
            out.append(f"- {_prose(note[lang], p)}")
        if step.notes:
            out.append("")
    for t in derivation.outro:
        out += [_prose(t[lang], p), ""]
    if derivation.sources:
        out += [f"## {LABELS['sources'][lang]}", ""] + [f"- {c.text(lang)}" for c in derivation.sources]
    return "\n".join(out).rstrip("\n") + "\n"
