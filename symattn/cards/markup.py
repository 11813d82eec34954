"""Card markup: split text into plain text, inline math and display math.

>>> segments("Area $a^2$ and $$b$$")
(('text', 'Area '), ('inline', 'a^2'), ('text', ' and '), ('display', 'b'))
"""

from __future__ import annotations

import html
import re

from ..markup import Math, Text

__all__ = ["segments", "formulas", "to_anki_html", "to_markdown", "to_plain", "cloze_safe", "group_digits"]

def segments(text: "str | Text") -> tuple[tuple[str, str], ...]:
    """('text'|'inline'|'display', content) pieces; an unpaired ``$`` is a bug in the deck (ValueError)."""
    pieces = text.pieces if isinstance(text, Text) else Text.parse(text, strict=True).pieces
    return tuple((("display" if p.display else "inline"), p.text(_latex).strip()) if isinstance(p, Math)
                 else ("text", p) for p in pieces)


def _latex(expr) -> str:
    from ..printing import latex
    return latex(expr)


def formulas(text: str) -> list[str]:
    """Every formula of a card text, inline and display."""
    return [part for kind, part in segments(text) if kind != "text"]


def cloze_safe(tex: str) -> str:
    """Break ``{{`` and ``}}`` so Anki never reads them as cloze markers; TeX ignores the space.

    >>> cloze_safe(r"\\frac{1}{{x}}}")
    '\\\\frac{1}{ {x} } }'
    """
    while "{{" in tex or "}}" in tex:
        tex = tex.replace("{{", "{ {").replace("}}", "} }")
    return tex


def to_anki_html(text: str) -> str:
    r"""HTML for an Anki field: MathJax delimiters, everything HTML-escaped.

    Escaping the math too is right: Anki hands MathJax the *text* of the field,
    so ``&amp;`` arrives as the ``&`` a bmatrix needs.

    >>> to_anki_html(r"M $$\begin{bmatrix} 1 & 2 \end{bmatrix}$$")
    'M \\[\\begin{bmatrix} 1 &amp; 2 \\end{bmatrix}\\]'
    """
    parts = []
    for kind, part in segments(text):
        if kind == "text":
            parts.append(html.escape(part, quote=False).replace("\n", "<br>"))
        else:
            body = html.escape(cloze_safe(part), quote=False)
            parts.append(r"\(%s\)" % body if kind == "inline" else r"\[%s\]" % body)
    return "".join(parts)


def to_markdown(text: str) -> str:
    """GitHub Markdown: ``$...$`` inline, ``$$`` blocks on their own lines."""
    parts = []
    for kind, part in segments(text):
        if kind == "text":
            parts.append(part)
        elif kind == "inline":
            parts.append(f"${part}$")
        else:
            parts.append(f"\n\n$$\n{part}\n$$\n\n")
    out = "".join(parts)
    out = re.sub(r"[ \t]*\n(?:[ \t]*\n)+[ \t]*", "\n\n", out)  # one blank line around blocks
    return out.strip()


def to_plain(text: str) -> str:
    """One line for CSV apps: ``$...$`` kept (cloze-safe), newlines as ``<br>`` (most apps read HTML breaks)."""
    parts = []
    for kind, part in segments(text):
        if kind == "text":
            parts.append(part)
        elif kind == "inline":
            parts.append(f"${cloze_safe(part)}$")
        else:
            parts.append(f"$${cloze_safe(part)}$$")
    return "".join(parts).strip().replace("\r", "").replace("\t", " ").replace("\n", "<br>")


#: a run of five or more digits that is a whole number (not the decimals of 0.12345, not part of a word)
_LONG = re.compile(r"(?<![\d.,\w])(\d{5,})(?![\d\w])")
_TEXT_SPANS = re.compile(r"\\(?:text|operatorname|mathrm|texttt)\{[^{}]*\}")


def _grouped(digits: str, sep: str) -> str:
    head = len(digits) % 3 or 3
    return digits[:head] + "".join(sep + digits[k:k + 3] for k in range(head, len(digits), 3))


def group_digits(text: str) -> str:
    r"""Whole numbers of five or more digits in groups of three, with a thin space: ``\,`` in math,
    a narrow no-break space in text (the SI and ISO 80000 way; 4096 stays as it is).  Words set in
    math (``\text{}``) are left alone.

    >>> group_digits(r"$4096^2 \cdot 2 = 33554432$ bytes, $\frac{61441}{262152} \approx 0.23437$; 16384 tokens")
    '$4096^2 \\cdot 2 = 33\\,554\\,432$ bytes, $\\frac{61\\,441}{262\\,152} \\approx 0.23437$; 16\u202f384 tokens'
    """
    out = []
    for piece in Text.parse(text, strict=True).pieces:
        if isinstance(piece, Math):
            src = piece.source if piece.source is not None else piece.text(_latex)
            keep = {m.span() for m in _TEXT_SPANS.finditer(src)}
            grouped, last = [], 0
            for a, b in sorted(keep):
                grouped.append(_LONG.sub(lambda m: _grouped(m.group(1), r"\,"), src[last:a]) + src[a:b])
                last = b
            grouped.append(_LONG.sub(lambda m: _grouped(m.group(1), r"\,"), src[last:]))
            delim = "$$" if piece.display else "$"
            out.append(delim + "".join(grouped) + delim)
        else:
            from ..escape import literal  # back to card markup: a dollar or backslash stays text
            out.append(_LONG.sub(lambda m: _grouped(m.group(1), "\u202f"), literal(piece)))
    return "".join(out)
