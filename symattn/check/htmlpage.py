r"""``check --format html``: the article itself, rendered, with every claim marked where it stands.

Input: the article's text and its :class:`~.claims.Report` (and, with --fix, its
:class:`~.fix.Fixed`).  Output: one self-contained page (KaTeX inlined, as ``derive --format
html``), or the index of a folder's pages.  Each claim's entries are placed with
:func:`~.fix.locator` (the spans --fix edits); every placed entry is cut out of the text and a hole
(``\ue000k\ue001``) put in its place, the text is rendered (Markdown by markdown-it-py with raw
HTML off; LaTeX and plain text as they are, their math typeset), and each hole becomes the mark:
``\htmlClass`` inside math, ``<mark>`` outside.  The marks' notes (the verdict, the right value,
the mistake, the root of a carried error) are rendered from the reasons (:mod:`.wording`); a small
script shows them on hover and click.  Everything from the article is escaped, a link is kept
only when it is http(s), mailto or relative, and images show their alt text: the page loads
nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from ..errors import SymattnError, shown
from .claims import Report
from .document import FENCE, is_latex
from .fix import locator
from .report import MARKS, mistakes_line, roots_of, says_little, summary
from .wording import render, say, status_word

__all__ = ["render_page", "render_index", "page_name", "require_markdown"]

_OPEN, _CLOSE = "\ue000", "\ue001"
_HOLE = re.compile(f"{_OPEN}(\\d+){_CLOSE}")


@dataclass(frozen=True)
class _Mark:
    k: int             # its number on the page (ids sa-k<k>, notes sa-note-<k>)
    claim: int         # index of its claim in the report
    start: int         # its span in the article as given
    end: int
    line: int
    correct: str       # the right value, at the author's precision ("" when it is right)
    fixed: bool        # --fix replaced it with a proven value
    value: str         # its text in the article
    entry: dict        # the entry as the claim reports it (entry, claimed, line; exact, correct when wrong)


def _entries(c):
    """The entries of a claim to mark: the wrong ones it names, else every printed one."""
    if c.status == "wrong":
        yield from (e for e in c.entries if isinstance(e.get("line"), int))
        return
    rows, lines = c.claimed, c.lines or [c.line]
    if isinstance(rows, str):
        yield {"entry": "", "claimed": rows, "line": c.line}
    elif isinstance(rows, list) and all(isinstance(r, list) for r in rows):
        for i, row in enumerate(rows):
            line = lines[i] if len(lines) == len(rows) else lines[0]
            for j, v in enumerate(row):
                yield {"entry": f"[{i + 1},{j + 1}]", "claimed": v, "line": line}


def _marks(text: str, report: Report, fixed=None) -> list[_Mark]:
    span, taken, out = locator(text), set(), []
    proven = set(fixed.spans) if fixed is not None else set()
    for ci, c in enumerate(report.claims):
        for e in _entries(c):
            at = span(c, e, taken)
            if at is None or any(m.start < at[1] and at[0] < m.end for m in out):
                continue
            taken.add(at[0])
            correct = str(e.get("correct", "")) if c.status == "wrong" else ""
            out.append(_Mark(len(out), ci, at[0], at[1], e["line"], correct, at in proven, text[at[0]:at[1]], e))
    return out


# ---------------------------------------------------------------------------- the article


def _tex_value(value: str) -> str:
    """A right value as math: a number as it is, anything else as text."""
    if re.fullmatch(r"[-+−]?[\d.,]+%?", value):
        return value.replace("%", r"\%")
    special = {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}
    return r"\text{" + re.sub(r"[\\{}$&#^_~%]", lambda m: special.get(m.group(0), "\\" + m.group(0)), value) + "}"


def _math(tex: str, marks, report) -> str:
    """A formula of the article, escaped, with its holes as ``\\htmlClass`` marks."""
    tex = re.sub(r"\\html(?=[A-Za-z])", r"\\mathrm{html}", tex)   # only the page's own marks are classes

    def mark(m):
        k = marks[int(m.group(1))]
        c = report.claims[k.claim]
        out = rf"\htmlClass{{sa-mark sa-{c.status} sa-k{k.k}}}{{{k.value}}}"
        if k.correct:
            out += rf"\htmlClass{{sa-right{' sa-fixed' if k.fixed else ''}}}{{\,{_tex_value(k.correct)}}}"
        return out
    return escape(_HOLE.sub(mark, tex))


def _text_mark(k: _Mark, report) -> str:
    c = report.claims[k.claim]
    out = (f'<mark class="sa-mark sa-{c.status} sa-k{k.k}" data-line="{k.line}">'
           f'{escape(k.value)}</mark>')
    if k.correct:
        out += f'<span class="sa-right{" sa-fixed" if k.fixed else ""}">{escape(k.correct)}</span>'
    return out


def _fill(html: str, marks, report) -> str:
    """The holes left outside math become ``<mark>``s (inside a tag, the value as written)."""
    parts = re.split(r"(<[^>]*>)", html)
    for n, part in enumerate(parts):
        if part.startswith("<"):
            parts[n] = _HOLE.sub(lambda m: escape(marks[int(m.group(1))].value), part)
        else:
            parts[n] = _HOLE.sub(lambda m: _text_mark(marks[int(m.group(1))], report), part)
    return "".join(parts)


def require_markdown() -> None:
    """markdown-it-py and its math plugins are installed, or one clear error (before any check)."""
    try:
        import markdown_it  # noqa: F401
        import mdit_py_plugins.amsmath  # noqa: F401
        import mdit_py_plugins.dollarmath  # noqa: F401
    except ImportError:
        raise SymattnError("check --format html needs markdown-it-py and mdit-py-plugins: "
                           "pip install 'symattn[html]'") from None


def _markdown(source: str, math) -> str:
    require_markdown()
    from markdown_it import MarkdownIt
    from mdit_py_plugins.amsmath import amsmath_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.use(dollarmath_plugin, double_inline=True, renderer=lambda tex, opts: math(tex))
    md.use(amsmath_plugin, renderer=math)
    md.validateLink = _safe_link
    md.add_render_rule("image", lambda self, tokens, idx, options, env: escape(tokens[idx].content))
    return md.render(_dollars(source))


def _safe_link(url: str) -> bool:
    """http(s), mailto and relative links only (no javascript:, data:, file:, …)."""
    scheme = re.match(r"\s*([A-Za-z][\w+.-]*):", url)
    return scheme is None or scheme.group(1).lower() in ("http", "https", "mailto")


def _dollars(source: str) -> str:
    r"""``\(…\)`` and ``\[…\]`` outside code fences as ``$…$`` and ``$$…$$``, which the math plugin reads;
    HTML comments left out."""
    out, code, chunk = [], False, []

    def flush():
        text = re.sub(r"<!--.*?-->", "", "".join(chunk), flags=re.S)   # as a blog shows it: not at all
        text = re.sub(r"\\\[(.+?)\\\]", lambda m: "$$" + m.group(1) + "$$", text, flags=re.S)
        out.append(re.sub(r"\\\((.+?)\\\)", lambda m: "$" + m.group(1) + "$", text, flags=re.S))
        chunk.clear()
    for line in source.splitlines(keepends=True):
        if FENCE.match(line):
            if not code:
                flush()
            code = not code
        (out if code or FENCE.match(line) else chunk).append(line)
    flush()
    return "".join(out)


_TEX_MATH = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|(\\begin\{(equation|align|gather|multline)(\*?)\}.+?\\end\{\4\5\})"
                       r"|\$(.+?)\$|\\\((.+?)\\\)", re.S)


def _plain(source: str, math) -> str:
    """A LaTeX or plain-text article: its text as written, its formulas typeset."""
    body = re.search(r"\\begin\{document\}(.*?)(?:\\end\{document\}|$)", source, re.S)
    source = body.group(1) if body else source
    out, pos = [], 0
    for m in _TEX_MATH.finditer(source):
        out.append(escape(source[pos:m.start()]))
        inline = m.group(6) is not None or m.group(7) is not None
        tex = next(g for g in (m.group(1), m.group(2), m.group(3), m.group(6), m.group(7)) if g is not None)
        out.append(f'<span class="math inline">{math(tex)}</span>' if inline else
                   f'<div class="math block">{math(tex)}</div>')
        pos = m.end()
    out.append(escape(source[pos:]))
    out = [re.sub(r"\\(?:sub)*section\*?\{([^{}]*)\}", r'<b class="sa-h">\1</b>', x) if not x.startswith("<")
           else x for x in out]
    return '<div class="sa-plain">' + "".join(out) + "</div>"


def _article(text: str, name: str, marks, report) -> str:
    """The article rendered, its marked entries in place."""
    pieces, pos = [], 0
    for k in sorted(marks, key=lambda k: k.start):
        pieces += [text[pos:k.start].replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd"), f"{_OPEN}{k.k}{_CLOSE}"]
        pos = k.end
    pieces.append(text[pos:].replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd"))
    source = "".join(pieces).replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    math = lambda tex: _math(tex, marks, report)  # noqa: E731
    if is_latex(text, name) or not name.endswith((".md", ".markdown")) and name != "<stdin>":
        html = _plain(source, math)
    else:
        html = _markdown(source, math)
    return _fill(html, marks, report)


# ---------------------------------------------------------------------------- notes and summary


def _first(marks) -> dict[int, int]:
    """claim index -> the number of its first mark."""
    out: dict[int, int] = {}
    for k in marks:
        out.setdefault(k.claim, k.k)
    return out


def _link(claim: int, first: dict, text: str) -> str:
    return f'<a href="#sa-k{first[claim]}">{text}</a>' if claim in first else text


def _why(c, lang: str) -> list[str]:
    """The verdict's reason and diagnosis, as the text report says them."""
    out = [escape(render(c.reason, lang))] if c.reason else []
    if c.mistakes:
        out.append(escape(mistakes_line(c, lang)))
    return out


def _note(k: _Mark, report, lang: str, first: dict, roots: dict) -> str:
    c = report.claims[k.claim]
    lines = [f"<b>{MARKS[c.status]} {escape(status_word(lang, c.status))}</b> "
             f"({escape(say(lang, 'line', n=k.line, w=1))})"]
    if k.correct:
        e = k.entry
        if "exact" in e:
            lines.append(escape(say(lang, "entry", entry=render(e["entry"], lang), claimed=e["claimed"],
                                    exact=e["exact"]) + say(lang, "correct", correct=e["correct"])))
    if k.fixed:
        lines.append(escape(say(lang, "html-fixed", correct=k.correct)))
    lines += _why(c, lang)
    if c.cause == "carried" and c.root is not None:
        lines.append(_link(roots.get(k.claim, -1), first, escape(say(lang, "carried_from", root=c.root))))
    body = "".join(f"<div>{x}</div>" for x in lines)
    return f'<div id="sa-note-{k.k}" data-k="{k.k}" data-line="{k.line}" data-status="{c.status}">{body}</div>'


def _summary(report: Report, lang: str, marks, roots: dict) -> str:
    s, first = summary(report), _first(marks)
    out = [f"<h1>{escape(say(lang, 'title', file=shown(report.file)))}</h1>",
           f"<p>{escape(say(lang, 'summary', **s))}</p>"]
    if s["carried"]:
        split = say(lang, "split", roots=s["root_errors"], carried=s["carried"], carried_lines=s["carried_lines"])
        out.append(f"<p>{escape(split)}</p>")
    if says_little(report):
        little = say(lang, "says-little", checked=report.lines_checked, total=report.lines_with_numbers)
        out.append(f'<p class="sa-warn">{escape(little)}</p>')
    items = []
    for ci, c in enumerate(report.claims):
        if c.status != "wrong" or ci in roots:
            continue
        kids = [j for j, r in roots.items() if r == ci]
        item = [_link(ci, first, escape(say(lang, "line", n=c.line, w=1))), *_why(c, lang)]
        if kids:
            item.append("<ul>" + "".join(
                f"<li>{_link(j, first, escape(say(lang, 'line', n=report.claims[j].line, w=1)))} "
                f"{escape(say(lang, 'carried_from', root=report.claims[j].root))}</li>" for j in kids) + "</ul>")
        items.append(f'<li class="sa-root">{" ".join(item)}</li>')
    if items:
        out.append(f'<ul class="sa-roots">{"".join(items)}</ul>')
    unplaced = [c for ci, c in enumerate(report.claims) if ci not in first]
    if unplaced:
        out.append(f"<p>{escape(say(lang, 'html-unplaced'))}</p><ul>" + "".join(
            f'<li>{escape(say(lang, "line", n=c.line, w=1))} {MARKS[c.status]} '
            f'{escape(status_word(lang, c.status))} {" ".join(_why(c, lang))}</li>' for c in unplaced) + "</ul>")
    return '<header class="sa-summary">' + "".join(out) + "</header>"


# ---------------------------------------------------------------------------- the page

_STYLE = """\
.sa-summary{border-bottom:1px solid #ccc;margin-bottom:1.5em}.sa-summary h1{font-size:1.3em}
.sa-warn{color:#8a5a00}.sa-plain{white-space:pre-wrap}.sa-h{font-size:1.2em}
.sa-mark{cursor:pointer;border-radius:3px}mark.sa-mark{background:none;color:inherit}
.sa-mark.sa-exact,.sa-mark.sa-rounded{border-bottom:1px dotted #4a4}.sa-mark.sa-exact::after,
.sa-mark.sa-rounded::after{content:"✓";font-size:.6em;color:#4a4;vertical-align:super}
.sa-mark.sa-rounded::after{content:"≈"}
.sa-mark.sa-wrong{background:#fdd;color:#b00;outline:1px solid #e99}.sa-mark.sa-unverifiable{background:#eee;color:#666}
td.sa-wrong{color:#b00;font-weight:bold}
.sa-right{color:#070;font-size:.85em;margin-left:.2em}.sa-right::before{content:"→ "}
.sa-fixed{font-weight:bold;border-bottom:1px solid #070}
#sa-pop{position:absolute;max-width:32em;background:#fff;border:1px solid #999;border-radius:4px;
padding:.5em .7em;box-shadow:0 2px 8px rgba(0,0,0,.2);font-size:.9em;z-index:10}
:target{outline:2px solid #e60}
"""

_SCRIPT = """\
(function () {
  var notes = {};
  document.querySelectorAll("#sa-notes [data-k]").forEach(function (n) { notes[n.dataset.k] = n; });
  document.querySelectorAll(".math").forEach(function (el) {
    katex.render(el.textContent, el, {displayMode: el.tagName === "DIV", throwOnError: false,
      trust: function (c) { return c.command === "\\\\htmlClass"; }, strict: "ignore"});
  });
  var pop = document.getElementById("sa-pop");
  document.querySelectorAll(".sa-mark").forEach(function (el) {
    var m = /\\bsa-k(\\d+)\\b/.exec(el.className), n = m && notes[m[1]];
    if (!n) return;
    el.dataset.k = m[1]; el.dataset.line = n.dataset.line;
    el.title = Array.prototype.map.call(n.children, function (x) { return x.textContent; }).join("\\n");
    el.tabIndex = 0;
    if (!document.getElementById("sa-k" + m[1])) el.id = "sa-k" + m[1];
    el.addEventListener("click", function (ev) {
      pop.replaceChildren(n.cloneNode(true)); pop.firstChild.removeAttribute("id");
      var r = el.getBoundingClientRect();
      pop.style.left = (window.scrollX + r.left) + "px"; pop.style.top = (window.scrollY + r.bottom + 4) + "px";
      pop.hidden = false; ev.stopPropagation();
    });
  });
  document.addEventListener("click", function (ev) { if (!pop.contains(ev.target)) pop.hidden = true; });
})();
"""


def _page(title: str, lang: str, body: str, katex: bool = True) -> str:
    from ..render.html import STYLE, katex_assets
    css, js = katex_assets() if katex else ("", "")
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{"zh-CN" if lang == "zh" else "en"}">',
        '<head><meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; font-src data:; img-src data:\">",
        f"<title>{escape(title)}</title>",
        *(["<!-- KaTeX (MIT License, Copyright (c) 2013-2020 Khan Academy and other contributors), inlined -->",
           f"<style>{css}</style>"] if katex else []),
        f"<style>{STYLE}{_STYLE}</style>", "</head><body>", body,
        *([f"<script>{js}</script>", f"<script>{_SCRIPT}</script>"] if katex else []),
        "</body></html>"]) + "\n"


def render_page(text: str, report: Report, lang: str, fixed=None) -> str:
    """The page of one article: the summary, the article with its marks, the marks' notes."""
    marks = _marks(text, report, fixed)
    roots, first = roots_of(report), _first(marks)
    article = _article(text, report.file, marks, report)
    notes = "".join(_note(k, report, lang, first, roots) for k in marks)
    body = (_summary(report, lang, marks, roots) + f'<article class="sa-article">{article}</article>'
            + f'<div id="sa-notes" hidden>{notes}</div><div id="sa-pop" hidden></div>')
    return _page(say(lang, "title", file=shown(report.file)), lang, body)


def render_index(rows, lang: str, total: str) -> str:
    """The index of a folder's pages: ``rows`` are (article name, its page's file name or None,
    its summary or None, its error or None); ``total`` is the line of the totals."""
    from urllib.parse import quote
    head = "".join(f"<th>{escape(x)}</th>" for x in (say(lang, "html-file"), MARKS["exact"], MARKS["rounded"],
                                                      MARKS["wrong"], MARKS["unverifiable"]))
    out = []
    for name, page, s, error in rows:
        link = f'<a href="{escape(quote(page))}">{escape(shown(name))}</a>' if page else escape(shown(name))
        if s is None:
            bad = escape(say(lang, "bad", error=error))
            out.append(f'<tr class="sa-bad"><td>{link}</td><td colspan="4">{bad}</td></tr>')
            continue
        cells = "".join(f'<td class="sa-{k}">{s[k]}</td>' for k in ("exact", "rounded", "wrong", "unverifiable"))
        out.append(f'<tr data-file="{escape(name)}"><td>{link}</td>{cells}</tr>')
    body = (f"<h1>{escape(say(lang, 'html-index'))}</h1><table class=\"labelled\"><tr>{head}</tr>"
            + "".join(out) + f"</table><p>{escape(total)}</p>")
    return _page(say(lang, "html-index"), lang, body, katex=False)


def page_name(article) -> str:
    """The page of an article in the output folder: its path under the folder, .html added."""
    import os
    return (article.base or os.path.basename(article.path)) + ".html"

