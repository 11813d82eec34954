"""A standalone LaTeX document (ctexart for Chinese), and the bare body for Jupyter."""

from __future__ import annotations

import re

from ..model import Derivation
from ..printing import text_label
from .common import LABELS, blocks, chain, entry_caption, level_label, numbered, printer_for, table_rows, shows

__all__ = ["render", "render_body", "escape_text", "PAPERS"]

# a break is allowed after "_": long identifiers (scaled_dot_product_attention) would overrun the margin
_SPECIALS = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_\allowbreak{}", "{": r"\{", "}": r"\}", "$": r"\$",
             "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}"}


def escape_text(text, latex=None) -> str:
    r"""Escape TeX specials outside ``$...$`` math; Unicode math signs become math (``\ensuremath``).

    Text fonts (Latin Modern) lack ⁺, ≈, θ …: xelatex would print nothing there.

    >>> escape_text("50% of $x_1$ & more")
    '50\\% of $x_1$ \\& more'
    >>> print(escape_text("X⁺ = Xᵀ(XXᵀ)⁻¹, a ≈ 0.45, θ₁"))
    X\ensuremath{^{+}} = X\ensuremath{^{T}}(XX\ensuremath{^{T}})\ensuremath{^{-1}}, a \ensuremath{\approx} 0.45, \ensuremath{\theta}\ensuremath{_{1}}
    """
    from ..escape import tex_text
    return tex_text(text, _escape_plain, latex)


_SUPER = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀ", "0123456789+-=()niT"))
_SUB = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜ", "0123456789+-=()aeoxhklmnpst"))
_MATH_SIGNS = {"√": r"\surd", "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "→": r"\to",
               "←": r"\leftarrow", "⇒": r"\Rightarrow", "↔": r"\leftrightarrow", "∞": r"\infty",
               "∑": r"\sum", "∏": r"\prod", "∈": r"\in", "∂": r"\partial", "∇": r"\nabla", "⊙": r"\odot",
               "⊗": r"\otimes", "⊤": r"\top", "−": "-", "±": r"\pm", "×": r"\times", "·": r"\cdot",
               "∘": r"\circ", "≡": r"\equiv", "∝": r"\propto", "∀": r"\forall", "∃": r"\exists",
               "⌈": r"\lceil", "⌉": r"\rceil", "⌊": r"\lfloor", "⌋": r"\rfloor", "‖": r"\|"}
_SCRIPT_RUN = re.compile("([%s]+)|([%s]+)" % ("".join(_SUPER), "".join(_SUB)))


def _escape_plain(text: str) -> str:
    from ..printing import _GREEK

    out, last = [], 0
    for m in _SCRIPT_RUN.finditer(text):
        out.append(_escape_chars(text[last:m.start()], _GREEK))
        if m.group(1):
            out.append(r"\ensuremath{^{%s}}" % "".join(_SUPER[c] for c in m.group(1)))
        else:
            out.append(r"\ensuremath{_{%s}}" % "".join(_SUB[c] for c in m.group(2)))
        last = m.end()
    return "".join(out) + _escape_chars(text[last:], _GREEK)


def _escape_chars(text: str, greek: dict) -> str:
    return "".join(_SPECIALS.get(c) or (r"\ensuremath{%s}" % (_MATH_SIGNS.get(c) or greek[c])
                                        if c in _MATH_SIGNS or c in greek else c) for c in text)


def _table(step, derivation) -> list[str]:
    if not shows(derivation, "numeric"):  # the table is the numeric level
        return []
    rows = table_rows(step, derivation.digits)
    if rows is None:
        return []
    head = " & ".join("$" + text_label(t) + "$" for t in step.col_labels)
    lines = [r"\begin{center}", r"\begin{tabular}{l" + "r" * len(step.col_labels) + "}",
             r"\hline", " & " + head + r" \\", r"\hline"]
    for label, row in zip(step.row_labels, rows):
        lines.append("$" + text_label(label) + "$ & " + " & ".join(row) + r" \\")
    return lines + [r"\hline", r"\end{tabular}", r"\end{center}", ""]


def _token(token: str) -> str:
    """A token in running text: its TeX specials inert, never math."""
    from ..escape import literal
    return escape_text(literal(token))


#: a chain longer than this (in LaTeX source characters) gets one line per "=" side
LONG_CHAIN = 160


def _display(block) -> list[str]:
    """A display equation; a long chain a = b = c breaks after each side so it fits the page."""
    if len(block.parts) > 1 and len(block.latex) > LONG_CHAIN:
        first, second, *rest = block.parts
        lines = [f"{first} &= {second}"] + ["&= " + part for part in rest]
        return [r"\begin{align*}", (" \\\\\n").join(lines), r"\end{align*}"]
    return [r"\[", block.latex, r"\]"]


def render_body(derivation: Derivation, lang: str, compact: bool = False) -> str:
    """The document without its preamble; with ``compact``, one display chain per step."""
    p = printer_for(derivation).doprint
    out = []
    for t in derivation.intro:
        out += [escape_text(t[lang], p), ""]
    for label, step in numbered(derivation, lang):
        if compact:
            out += _compact_step(label, step, derivation, lang, p)
            continue
        if label is not None:
            out += [r"\section*{%s%s}" % (escape_text(label), escape_text(step.title[lang], p)), ""]
        for b in blocks(step, derivation, roomy=True):
            label = entry_caption(step, b, lang, _token) if b.entry else \
                escape_text(level_label(b.level, derivation, lang, b.places))
            out += [r"\paragraph{%s}" % label, *_display(b), ""]
        out += _table(step, derivation)
        if step.notes:
            out.append(r"\begin{itemize}")
            out += [r"\item " + escape_text(note[lang], p) for note in step.notes]
            out += [r"\end{itemize}", ""]
    for t in derivation.outro:
        out += [escape_text(t[lang], p), ""]
    if derivation.sources:
        # ragged right: a title or an arXiv number is one long word that justification cannot break
        out += [r"\section*{%s}" % escape_text(LABELS["sources"][lang]), r"\begin{itemize}", r"\raggedright"]
        out += [r"\item " + escape_text(c.text(lang)) for c in derivation.sources]
        out += [r"\end{itemize}", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _compact_step(label, step, derivation, lang, p) -> list[str]:
    """A step as one chain, formula = substituted = exact ≈ numeric, under a run-in heading."""
    sides = chain(step, derivation)
    head = [r"\paragraph*{%s%s}" % (escape_text(label or ""), escape_text(step.title[lang], p))]
    if len(sides) < 2:
        return head + [""]
    first, *rest = sides
    if sum(len(s) for _, s in sides) <= LONG_CHAIN:
        return head + [r"\[", first[1] + "".join(f" {rel} {s}" for rel, s in rest), r"\]", ""]
    lines = [f"{first[1]} &{rest[0][0]} {rest[0][1]}"] + [f"&{rel} {s}" for rel, s in rest[1:]]
    return head + [r"\begin{align*}", " \\\\\n".join(lines), r"\end{align*}", ""]


def _widest(derivation: Derivation) -> int:
    """amsmath's bmatrix takes 10 columns unless told: at least 64, more for a wider matrix."""
    widths = [getattr(getattr(s, level), "cols", 0) for s in derivation.steps
              for level in ("exact", "substituted", "formula")]
    return max([64, *widths, *(s.shape[1] for s in derivation.steps if len(getattr(s, "shape", ())) == 2)])


#: --paper: the geometry option of each paper size
PAPERS = {"a4": "a4paper", "letter": "letterpaper"}


def _needs_cjk(derivation: Derivation, lang: str) -> bool:
    return lang != "zh" and any(ord(c) > 127 for t in derivation.tokens for c in t)


def render(derivation: Derivation, lang: str, *, body: bool = False, compact: bool = False,
           paper: str = "a4") -> str:
    r"""A standalone document (A4 unless ``paper="letter"``), or with ``body`` a fragment to ``\input``.

    >>> from symattn import derive_article
    >>> print(render(derive_article(), "en", body=True).splitlines()[1])
    % It needs \usepackage{amsmath,amssymb}\usepackage{xeCJK} in the preamble, and xelatex.
    """
    content = render_body(derivation, lang, compact=compact)
    if body:
        packages = r"\usepackage{amsmath,amssymb}" + (r"\usepackage{ctex}" if lang == "zh" else
                                                      r"\usepackage{xeCJK}" if _needs_cjk(derivation, lang) else "")
        head = ["% Generated by symattn: a fragment to \\input into a LaTeX document.",
                f"% It needs {packages} in the preamble, and xelatex."]
        return "\n".join(head + [r"\setcounter{MaxMatrixCols}{%d}" % _widest(derivation), ""]) + content
    cls = r"\documentclass[11pt]{ctexart}" if lang == "zh" else r"\documentclass[11pt]{article}"
    preamble = [
        "% Generated by symattn. Compile with xelatex.",
        cls,
        r"\usepackage{amsmath,amssymb}",
        r"\usepackage[%s,margin=2cm]{geometry}" % PAPERS[paper],
        r"\setcounter{MaxMatrixCols}{%d}" % _widest(derivation),
        r"\allowdisplaybreaks",
        r"\title{%s}" % escape_text(derivation.title[lang], printer_for(derivation).doprint),
        r"\date{}",
        r"\begin{document}",
        r"\maketitle",
        "",
    ]
    if _needs_cjk(derivation, lang):
        preamble.insert(2, r"\usepackage{xeCJK}")
    return "\n".join(preamble) + content + "\\end{document}\n"
