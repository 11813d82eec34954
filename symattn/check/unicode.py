r"""Spellings mapped to one notation before tokenising: Unicode math, shape notes, synonyms.

>>> normalise("√4 = 2")
'\\sqrt{4} = 2'
>>> " ".join(normalise("QKᵀ ≈ S").split())
'QK^{T} \\approx S'
>>> " ".join(normalise(r"X \quad \text{(维度: } 3 \times 4\text{)}").split())
'X \\shape{3,4}'
"""

from __future__ import annotations

import re

__all__ = ["normalise", "SHAPE_NOTE"]

_CHARS = {
    "−": "-", "–": "-", "×": r" \times ", "·": r" \cdot ", "⋅": r" \cdot ", "∙": r" \cdot ",
    "÷": r" \div ", "≈": r" \approx ", "≃": r" \approx ", "≅": r" \approx ", "ᵀ": "^{T}", "⊤": "^{T}", "∞": r"\infty ",
    "≤": r" \le ", "≥": r" \ge ", "≠": r" \ne ", "→": r" \to ", "⇒": r" \Rightarrow ",
    "²": "^2", "³": "^3", "ⁱ": "^i",
    "（": "(", "）": ")", "，": ",", "：": ":", "\u00a0": " ", "\u3000": " ", "π": r"\pi ",
}
_CHAR_RE = re.compile("|".join(map(re.escape, _CHARS)))
_SQRT = re.compile(r"√\s*(\d+(?:\.\d+)?|[A-Za-z](?:_\{[^{}]*\}|_[A-Za-z0-9]+)?)([A-Za-z]*)")

#: ``\quad \text{(维度: } 3 \times 4\text{)}``, ``\quad (3 \times 4)``, ``\text{(shape 3×4)}``
SHAPE_NOTE = re.compile(
    r"(?>(?:\\q?quad\s*|~\s*|\\[,;:]\s*)*)"   # atomic: long runs of spacing cannot backtrack
    r"(?:\\text\{\s*\(?[^{}\d]*\}\s*(\d+)\s*\\times\s*(\d+)\s*\\text\{\s*\)?[^{}\d]*\}"
    r"|\\text\{\s*\([^{}\d]*?(\d+)\s*(?:\\times|x|X)\s*(\d+)\s*\)\s*\})"
    r"|(?<!\\q)(?<!\\)\\q?quad\s*\(\s*(?:[^()\d]*?:\s*)?(\d+)\s*\\times\s*(\d+)\s*\)")


def _shape(m: re.Match) -> str:
    r, c = [g for g in m.groups() if g is not None][:2]
    return rf" \shape{{{r},{c}}}"


def _root(m: re.Match) -> str:
    """√ and what it takes: a number, a letter with its index, or a whole word that is a name
    (√dk is the root of d_k, not √d times k)."""
    from .symbols import is_known
    word = m.group(1) + m.group(2)
    if m.group(2) and m.group(1).isalpha() and is_known(word):
        return r"\sqrt{" + word + "}"
    return r"\sqrt{" + m.group(1) + "}" + m.group(2)


#: a run of superscript characters: an exponent (e⁻², 4096², xⁿ)
_SUPERSCRIPT = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁱⁿ]+")
_SUPER_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁱⁿ", "0123456789-+in")


#: a run of subscript characters: an index (s₁, dₖ, x₁₂), before √ takes its letter (√dₖ is √d_k)
_SUBSCRIPT = re.compile("[₀₁₂₃₄₅₆₇₈₉ᵢⱼₖₜ]+")
_SUB_PLAIN = str.maketrans("₀₁₂₃₄₅₆₇₈₉ᵢⱼₖₜ", "0123456789ijkt")


def _index(m: re.Match) -> str:
    plain = m.group(0).translate(_SUB_PLAIN)
    return "_" + plain if len(plain) == 1 else "_{" + plain + "}"


def subscripts(text: str) -> str:
    """Unicode subscripts as LaTeX indices: ``V₁`` is ``V_1``, ``x₁₂`` is ``x_{12}``."""
    return _SUBSCRIPT.sub(_index, text)


#: "530\text{e}9": a number in scientific notation, its e written upright between digits (else e is Euler's)
_UPRIGHT_E = re.compile(r"(?<=\d)\s*\\(?:mathrm|text|operatorname|rm)\{[eE]\}\s*(?=[+\-−]?\d)")


def upright_exponents(text: str) -> str:
    """``530\text{e}9`` as ``530e9``: scientific notation with its e set upright in LaTeX."""
    return _UPRIGHT_E.sub("e", text)


def normalise(text: str) -> str:
    text = _SUPERSCRIPT.sub(lambda m: "^{" + m.group(0).translate(_SUPER_PLAIN) + "}", text)
    text = _SUBSCRIPT.sub(_index, text)
    text = _SQRT.sub(_root, text)
    text = text.replace("√", r"\sqrt")
    text = _CHAR_RE.sub(lambda m: _CHARS[m.group(0)], text)
    text = SHAPE_NOTE.sub(_shape, text)
    text = text.replace(r"\_", "_").replace(r"\*", "*")  # Markdown escapes inside math: d\_k
    text = re.sub(r"\\[dt]frac(?![a-zA-Z])", r"\\frac", text)
    text = re.sub(r"\\(top|intercal|mathsf\{T\}|mathrm\{T\}|text\{T\}|mathsf\s*T|mathrm\s*T)(?![a-zA-Z])", "T",
                  text)
    text = upright_exponents(text)
    text = re.sub(r"\\(mathrm|text|operatorname)\{e\}", "e ", text)
    text = re.sub(r"\\(mathrm|text|operatorname)\{exp\}", r"\\exp ", text)
    return text.strip()
