"""Plain text for terminals: exact values in SymPy's notation, aligned columns."""

from __future__ import annotations

import re

import sympy as sp

from ..model import Derivation
from .common import LABELS, numbered, numeric_rows, shows

__all__ = ["render", "plain"]


def _grid(cells: list[list[str]], indent: str = "    ") -> list[str]:
    widths = [max(len(r[j]) for r in cells) for j in range(len(cells[0]))]
    return [indent + "[ " + "  ".join(c.rjust(w) for c, w in zip(r, widths)) + " ]" for r in cells]


_TEX_WORDS = {r"\ge": "≥", r"\le": "≤", r"\times": "×", r"\cdot": "·", r"\approx": "≈",
              r"\sqrt": "√", r"\infty": "∞", r"\theta": "θ"}


def _group(s: str, i: int) -> tuple[str, int]:
    """The balanced ``{...}`` group starting at s[i], and the index after it."""
    depth = 0
    for k in range(i, len(s)):
        depth += {"{": 1, "}": -1}.get(s[k], 0)
        if depth == 0:
            return s[i + 1:k], k + 1
    return s[i + 1:], len(s)


def _unfrac(s: str) -> str:
    r"""``\frac{a}{b}`` as ``a/b``, with parentheses around sums.

    >>> _unfrac(r"\frac{1}{e^{1/2} + 2}")
    '1/(e^{1/2} + 2)'
    """
    out, i = [], 0
    while (j := s.find(r"\frac{", i)) >= 0:
        top, k = _group(s, j + 5)
        if k >= len(s) or s[k] != "{":
            break
        bottom, end = _group(s, k)
        wrap = (lambda x: f"({x})" if re.search(r"[-+ ]", x) else x)
        out += [s[i:j], f"{wrap(_unfrac(top))}/{wrap(_unfrac(bottom))}"]
        i = end
    return "".join(out) + s[i:]


def plain(text: str) -> str:
    r"""Inline ``$...$`` math as readable plain text.

    >>> plain(r"Scores $S = \tilde{Q}\tilde{K}^T$, $S / \sqrt{d_k}$")
    'Scores S = Q̃K̃^T, S / √d_k'
    """
    def math(m: re.Match) -> str:
        s = re.sub(r"\\tilde\{(\w)\}", "\\1\u0303", m.group(1))
        for k, v in _TEX_WORDS.items():
            s = s.replace(k, v)
        s = re.sub(r"\\(?:text|mathrm|operatorname)\{([^}]*)\}", r"\1", s)
        s = _unfrac(s)
        return s.replace("\\", "").replace("{", "").replace("}", "")
    return re.sub(r"\$([^$]*)\$", math, text)


def render(derivation: Derivation, lang: str) -> str:
    out = [plain(derivation.title[lang]), "=" * 40, ""]
    if derivation.intro:
        out += [plain(t[lang]) for t in derivation.intro] + [""]
    for label, step in numbered(derivation, lang):
        if label is not None:
            out += [f"{label}{plain(step.title[lang])}", "-" * 40]
        if shows(derivation, "exact"):
            out.append(f"  {LABELS['exact'][lang]} ({step.shape[0]}x{step.shape[1]}):")
            out += _grid([[sp.sstr(step.exact[i, j]) for j in range(step.exact.cols)]
                          for i in range(step.exact.rows)])
        rows = numeric_rows(step, derivation.digits)
        if shows(derivation, "numeric") and any(v is not None for r in rows for v in r) \
                and any(not e.is_Integer for e in step.exact):
            out.append(f"  {LABELS['numeric'][lang]}:")
            out += _grid([[v if v is not None else "·" for v in r] for r in rows])
        out += [f"  * {plain(t[lang])}" for t in step.notes] + [""]
    return "\n".join(out).rstrip("\n") + "\n"
