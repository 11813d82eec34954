"""Plain text for terminals: every level in Unicode, exact values in aligned columns."""

from __future__ import annotations

import sympy as sp

from ..markup import Text, as_text
from ..model import Derivation
from .unicode import UnicodePrinter
from .common import LABELS, numbered, numeric_rows, shows

__all__ = ["render", "plain", "printer_for"]


def _grid(cells: list[list[str]], indent: str = "    ") -> list[str]:
    widths = [max(len(r[j]) for r in cells) for j in range(len(cells[0]))]
    return [indent + "[ " + "  ".join(c.rjust(w) for c, w in zip(r, widths)) + " ]" for r in cells]


def plain(text: "str | Text", printer: UnicodePrinter | None = None) -> str:
    r"""A title or note as plain text: formulas built from SymPy objects in Unicode; LaTeX
    source that a person wrote (a spec's title) stays as written, since parsing it back is lossy.

    >>> from ..markup import math
    >>> plain(Text.format("Scaling {}, {}", math(sp.MatrixSymbol("S", 3, 3), " / ", sp.sqrt(sp.Symbol("d_k"))), 2))
    'Scaling S / √d_k, 2'
    >>> plain(r"cost \$5, $x^2$")
    'cost $5, x^2'
    """
    return as_text(text).render(str, lambda m: m.text((printer or UnicodePrinter()).doprint))


def printer_for(derivation: Derivation) -> UnicodePrinter:
    """The derivation's names (a spec's ``[notation]``) as plain text writes them."""
    return UnicodePrinter({"names": dict(dict(derivation.meta).get("plain_names", ()))})


def _caption(step, e, lang: str) -> str:
    from .common import Block, entry_caption
    return entry_caption(step, Block("expanded", "", entry=(e.row, e.col)), lang)


def _chain(step, e, digits: int, p: UnicodePrinter) -> str:
    """An entry written out in Unicode, then its decimals."""
    from .common import entry_decimals
    parts = [p.doprint(x) for x in e.chain]
    chain = [t for k, t in enumerate(parts) if k == 0 or t != parts[k - 1]]
    shown = entry_decimals(step, e.row, e.col, digits)
    return " = ".join(chain) + (f" {shown[0]} {shown[1]}" if shown else "")


_COLON = {"zh": "：", "en": ":"}


def _levels(step, derivation: Derivation, lang: str, p: UnicodePrinter) -> list[str]:
    """The formula, the numbers substituted and one entry written out, one line each (the exact
    and numeric levels follow as grids): every level the other formats show, in Unicode."""
    lhs = p.doprint(step.lhs)
    lines = []
    if step.formula != step.lhs and shows(derivation, "formula"):
        lines.append(("formula", f"{lhs} = {p.doprint(step.formula)}"))
    if step.substituted is not None and shows(derivation, "substituted"):
        lines.append(("substituted", f"{lhs} = {p.doprint(step.substituted)}"))
    if step.expanded and not step.entries and shows(derivation, "entry"):
        parts = [p.doprint(x) for x in step.expanded]
        chain = [s for k, s in enumerate(parts) if k == 0 or s != parts[k - 1]]
        if len(chain) > 1:
            lines.append(("expanded", " = ".join(chain)))
    return [f"  {LABELS[level][lang]}{_COLON[lang]}{'' if lang == 'zh' else ' '}{line}" for level, line in lines]


def render(derivation: Derivation, lang: str) -> str:
    p = printer_for(derivation)
    out = [plain(derivation.title[lang], p), "=" * 40, ""]
    if derivation.intro:
        out += [plain(t[lang], p) for t in derivation.intro] + [""]
    for label, step in numbered(derivation, lang):
        if label is not None:
            out += [f"{label}{plain(step.title[lang], p)}", "-" * 40]
        out += _levels(step, derivation, lang, p)
        for e in step.entries:  # asked for by name (derive --entry)
            out.append(f"  {_caption(step, e, lang)}{_COLON[lang]}")
            out.append("    " + _chain(step, e, derivation.digits, p))
        if shows(derivation, "exact"):
            out.append(f"  {LABELS['exact'][lang]} ({step.shape[0]}x{step.shape[1]}){_COLON[lang]}")
            out += _grid([[p.doprint(step.exact[i, j]) for j in range(step.exact.cols)]
                          for i in range(step.exact.rows)])
        rows = numeric_rows(step, derivation.digits)
        if shows(derivation, "numeric") and any(v is not None for r in rows for v in r) \
                and any(not e.is_Integer for e in step.exact):
            out.append(f"  {LABELS['numeric'][lang]}{_COLON[lang]}")
            out += _grid([[v if v is not None else "·" for v in r] for r in rows])
        out += [f"  * {plain(t[lang], p)}" for t in step.notes] + [""]
    if derivation.sources:
        out += [LABELS["sources"][lang], "-" * 40] + [f"  * {c.text(lang)}" for c in derivation.sources]
    return "\n".join(out).rstrip("\n") + "\n"
