"""One self-contained HTML page: KaTeX's CSS, JS and fonts inlined, so it works offline.

Math sits in ``\\[ \\]`` / ``\\( \\)`` elements; the inlined KaTeX renders them on
load (without JavaScript the LaTeX source shows).  ``render_body`` is the bare
fragment for Jupyter, whose own MathJax typesets the same delimiters.
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from html import escape
from pathlib import Path

from ..markup import Math, as_text
from ..model import Derivation
from .common import LABELS, blocks, entry_caption, is_weights, level_label, numbered, printer_for, table_rows, shows
from .text import plain

__all__ = ["render", "render_body", "katex_assets"]

KATEX_DIR = Path(__file__).resolve().parent.parent / "data" / "katex"

STYLE = """\
body{font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;max-width:60em;margin:auto;
padding:1em;color:#222;line-height:1.5}
.math{overflow-x:auto;overflow-y:hidden}
.level{font-weight:bold;margin:.8em 0 .2em}
.tokens .token{display:inline-block;border:1px solid #999;border-radius:4px;padding:0 .4em;margin:0 .2em}
table.labelled{border-collapse:collapse;margin:.5em 0}
table.labelled th,table.labelled td{padding:.2em .7em;text-align:right;border:1px solid #ddd}
table.heatmap td{font-variant-numeric:tabular-nums}
details summary{cursor:pointer;font-weight:bold}
"""

_RENDER_JS = """\
document.querySelectorAll(".math").forEach(function (el) {
  var display = !el.classList.contains("inline");
  var tex = el.textContent.replace(/^\\\\[\\[(]/, "").replace(/\\\\[\\])]$/, "");
  katex.render(tex, el, {displayMode: display, throwOnError: false});
});
"""


def _text(text, p) -> str:
    """Narration: HTML-escaped, with its formulas as math elements (LaTeX by ``p``)."""
    def formula(m: Math) -> str:
        tex = escape(m.text(p))
        return f'<span class="math">\\[{tex}\\]</span>' if m.display else \
            f'<span class="math inline">\\({tex}\\)</span>'
    return as_text(text).render(escape, formula)


def _cell_style(value: str) -> str:
    """A heatmap colour: the weight (0..1) is the opacity of one blue."""
    w = min(max(float(value), 0.0), 1.0)
    ink = "#fff" if w > 0.55 else "#111"
    return f' style="background:rgba(31,119,180,{w:.3f});color:{ink}"'


def _table(step, derivation) -> list[str]:
    if not shows(derivation, "numeric"):  # the table is the numeric level
        return []
    rows = table_rows(step, derivation.digits)
    if rows is None:
        return []
    heat = is_weights(step)
    cls = "labelled heatmap" if heat else "labelled"
    out = [f'<table class="{cls}"><tr><th></th>' +
           "".join(f"<th>{escape(t)}</th>" for t in step.col_labels) + "</tr>"]
    for label, row in zip(step.row_labels, rows):
        cells = "".join(f"<td{_cell_style(v) if heat else ''}>{v}</td>" for v in row)
        out.append(f"<tr><th>{escape(label)}</th>{cells}</tr>")
    return out + ["</table>"]


def render_body(derivation: Derivation, lang: str) -> str:
    p = printer_for(derivation).doprint
    out = [f"<h1>{_text(derivation.title[lang], p)}</h1>"]
    if derivation.tokens:
        out.append('<p class="tokens">' + "".join(f'<span class="token">{escape(t)}</span>'
                                                   for t in derivation.tokens) + "</p>")
    out += [f"<p>{_text(t[lang], p)}</p>" for t in derivation.intro]
    for label, step in numbered(derivation, lang):
        out.append(f'<section class="step" id="{escape(step.id)}">')
        if label is not None:
            out.append(f"<h2>{escape(label)}{_text(step.title[lang], p)}</h2>")
        for b in blocks(step, derivation, roomy=True):
            label = entry_caption(step, b, lang, escape) if b.entry else \
                escape(level_label(b.level, derivation, lang, b.places))
            math = f'<div class="math">\\[{escape(b.latex)}\\]</div>'
            if b.level == "expanded":
                out.append(f"<details open><summary>{label}</summary>{math}</details>")
            else:
                out.append(f'<p class="level">{label}</p>{math}')
        out += _table(step, derivation)
        if step.notes:
            out.append("<ul>" + "".join(f"<li>{_text(t[lang], p)}</li>" for t in step.notes) + "</ul>")
        out.append("</section>")
    out += [f"<p>{_text(t[lang], p)}</p>" for t in derivation.outro]
    if derivation.sources:
        out.append(f'<h2>{escape(LABELS["sources"][lang])}</h2>')
        out.append('<ul class="sources">' + "".join(f"<li>{escape(c.text(lang))}</li>" for c in derivation.sources)
                   + "</ul>")
    return "\n".join(out)


def _font_data_uri(match: re.Match) -> str:
    data = (KATEX_DIR / "fonts" / f"{match.group(1)}.woff2").read_bytes()
    return 'url(data:font/woff2;base64,%s) format("woff2")' % base64.b64encode(data).decode("ascii")


@lru_cache(maxsize=1)
def katex_assets() -> tuple[str, str]:
    """KaTeX's CSS (woff2 fonts as data URIs, other formats dropped) and JS, ready to inline."""
    css = (KATEX_DIR / "katex.min.css").read_text(encoding="utf-8")
    css = re.sub(r'url\(fonts/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*',
                 _font_data_uri, css)
    js = (KATEX_DIR / "katex.min.js").read_text(encoding="utf-8")
    return css, js.replace("</script", "<\\/script")


def render(derivation: Derivation, lang: str) -> str:
    css, js = katex_assets()
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{"zh-CN" if lang == "zh" else "en"}">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(plain(derivation.title[lang]))}</title>",
        "<!-- KaTeX (MIT License, Copyright (c) 2013-2020 Khan Academy and other contributors), inlined -->",
        f"<style>{css}</style>",
        f"<style>{STYLE}</style>",
        "</head><body>",
        render_body(derivation, lang),
        f"<script>{js}</script>",
        f"<script>{_RENDER_JS}</script>",
        "</body></html>",
    ]) + "\n"
