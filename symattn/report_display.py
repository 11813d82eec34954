"""A check report as a notebook shows it: Markdown (a table of claims) or a LaTeX body.

The words come from the checker's own templates (:mod:`symattn.check.wording`), so the table
says what ``symattn check`` says, in the report's language.  The article's text is never markup:
each claim's source is a code span (Markdown) or escaped text (LaTeX).
"""

from __future__ import annotations

import re

__all__ = ["markdown", "latex_body", "MARKS"]

MARKS = {"exact": "✓", "rounded": "≈", "wrong": "✗", "unverifiable": "?"}
_HEAD = {"en": ("line", "", "claim", "why"), "zh": ("行", "", "结论", "原因")}
_CLIP = 160


def _clip(text: str, n: int = _CLIP) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


def _rows(report, lang: str):
    """(line, status, what the claim says, why) for each claim, in the checker's words."""
    from .check.wording import render
    for c in report.claims:
        what = render(c.what, lang) if c.what else ""
        why = render(c.reason, lang) if c.reason else ""
        extra = [render(m, lang) for m in c.mistakes]
        yield c.line, c.status, (f"{what}: " if what else "") + c.source, "; ".join([why] + extra if why else extra)


def _code(text: str) -> str:
    """A Markdown code span that holds any text, in a table cell (| escaped, as GFM reads it)."""
    text = _clip(text).replace("|", "\\|")
    ticks = max((len(m) for m in re.findall(r"`+", text)), default=0) + 1
    fence = "`" * ticks
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


_MD_SPECIALS = re.compile(r"[\\`*_\[\]|$#~]")


def _md_words(text: str) -> str:
    r"""The checker's words in Markdown: HTML escaped, Markdown punctuation as character references.
    Never a backslash escape: a notebook's MathJax reads ``\(``, ``\[`` as the start of a formula.

    >>> print(_md_words("a <b> [x](y) | $5 (exit 1)"))
    a &lt;b&gt; &#91;x&#93;(y) &#124; &#36;5 (exit 1)
    """
    import html
    return _MD_SPECIALS.sub(lambda m: f"&#{ord(m.group(0))};", html.escape(text, quote=False))


def markdown(report, lang: str = "en") -> str:
    """A heading, the summary, and a table: line, ✓ ≈ ✗ ?, the claim as written, why."""
    from .check.report import summary
    from .check.wording import say

    def words(text: str) -> str:
        return _md_words(_clip(text))

    out = [f"**{words(say(lang, 'title', file=report.file))}**", "", words(say(lang, "summary", **summary(report))), ""]
    rows = list(_rows(report, lang))
    if rows:
        head = _HEAD[lang]
        out += ["| " + " | ".join(head) + " |", "|---:|:-:|---|---|"]
        out += [f"| {line} | {MARKS[status]} | {_code(source)} | {words(why)} |" for line, status, source, why in rows]
    return "\n".join(out) + "\n"


def latex_body(report, lang: str = "en") -> str:
    """The same as a LaTeX fragment (for a notebook converted to LaTeX/PDF): a list of claims."""
    from .check.report import summary
    from .check.wording import say, status_word
    from .escape import literal
    from .render.tex import escape_text

    def words(text: str) -> str:
        return escape_text(literal(_clip(text)))

    out = [r"\paragraph{%s}" % words(say(lang, "title", file=report.file)), words(say(lang, "summary", **summary(report)))]
    rows = list(_rows(report, lang))
    if rows:
        out.append(r"\begin{itemize}")
        for line, status, source, why in rows:
            head = words(say(lang, "line", n=line, w=1)) + ", " + words(status_word(lang, status))
            out.append(r"\item \textbf{%s}: \texttt{%s}%s" % (head, words(source), (r" --- " + words(why)) if why else ""))
        out.append(r"\end{itemize}")
    return "\n".join(out) + "\n"
