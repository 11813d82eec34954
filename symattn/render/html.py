"""A single HTML page.  Math is in ``\\[ \\]`` delimiters for KaTeX or MathJax."""

from __future__ import annotations

from html import escape

from ..model import Derivation
from .common import LABELS, blocks, level_label, numeric_rows

__all__ = ["render"]


def _table(step, derivation) -> list[str]:
    if not (step.row_labels and step.col_labels):
        return []
    rows = numeric_rows(step, derivation.digits)
    if any(v is None for row in rows for v in row):
        return []
    out = ['<table class="weights"><tr><th></th>' +
           "".join(f"<th>{escape(t)}</th>" for t in step.col_labels) + "</tr>"]
    for label, row in zip(step.row_labels, rows):
        out.append(f"<tr><th>{escape(label)}</th>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>")
    return out + ["</table>"]


def render_body(derivation: Derivation, lang: str) -> str:
    out = [f"<h1>{escape(derivation.title[lang])}</h1>"]
    out += [f"<p>{escape(t[lang])}</p>" for t in derivation.intro]
    for n, step in enumerate(derivation.steps, 1):
        out.append(f'<section class="step" id="{escape(step.id)}">')
        out.append(f"<h2>{escape(LABELS['step'][lang].format(n=n))}: {escape(step.title[lang])}</h2>")
        for b in blocks(step, derivation):
            label = escape(level_label(b.level, derivation, lang))
            math = f'<div class="math">\\[{escape(b.latex)}\\]</div>'
            if b.level == "expanded":
                out.append(f"<details open><summary>{label}</summary>{math}</details>")
            else:
                out.append(f'<p class="level">{label}</p>{math}')
        out += _table(step, derivation)
        if step.notes:
            out.append("<ul>" + "".join(f"<li>{escape(t[lang])}</li>" for t in step.notes) + "</ul>")
        out.append("</section>")
    out += [f"<p>{escape(t[lang])}</p>" for t in derivation.outro]
    return "\n".join(out)


def render(derivation: Derivation, lang: str) -> str:
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{"zh-CN" if lang == "zh" else "en"}">',
        '<head><meta charset="utf-8">',
        f"<title>{escape(derivation.title[lang])}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
        "table.weights td{padding:0 .6em;text-align:right}.level{font-weight:bold}</style>",
        "</head><body>",
        render_body(derivation, lang),
        "</body></html>",
    ]) + "\n"
