"""JSON for scripts: ``{"tokens", "steps": [{"id", "title", "latex", "shape", "exact", "numeric"}]}``.

``exact`` entries are SymPy ``str()`` strings that ``sympy.sympify`` reads back;
``numeric`` entries are floats, or null where an entry is symbolic.
"""

from __future__ import annotations

import json

import sympy as sp

from ..model import Derivation
from .common import blocks, printer_for

__all__ = ["render", "to_dict"]


def to_dict(derivation: Derivation, lang: str) -> dict:
    p = printer_for(derivation)
    strs: dict = {}  # equal entries (a row's shared denominators) are printed once

    def text(e) -> str:
        if e not in strs:
            strs[e] = sp.sstr(e)
        return strs[e]

    steps = []
    for step in derivation.steps:
        levels = {b.level: b.latex for b in blocks(step, derivation)}
        entry = {}
        if step.entries:  # asked for by name (derive --entry): each with its row and column, 1-based
            entry = {"entries": [{"row": b.entry[0] + 1, "col": b.entry[1] + 1, "latex": b.latex,
                                  "exact": text(step.exact[b.entry]),
                                  "numeric": _float(step.numeric[b.entry[0]][b.entry[1]])}
                                 for b in blocks(step, derivation) if b.entry is not None]}
        steps.append({
            "id": step.id,
            "title": _source(step.title[lang], p),
            "latex": f"{p.doprint(step.lhs)} = {p.doprint(step.exact)}",
            "levels": levels,
            "shape": list(step.shape),
            "exact": [[text(step.exact[i, j]) for j in range(step.exact.cols)]
                      for i in range(step.exact.rows)],
            "numeric": [[None if v is None else float(v) for v in row] for row in step.numeric],
            "notes": [_source(t[lang], p) for t in step.notes],
        } | entry)
    out = {"topic": derivation.topic, "title": _source(derivation.title[lang], p), "lang": lang,
           "tokens": list(derivation.tokens), "digits": derivation.digits, "steps": steps}
    if derivation.sources:
        out["sources"] = [c.text(lang) for c in derivation.sources]
    return out


def _float(v):
    return None if v is None else float(v)


def _source(value, p) -> str:
    """A title or note as one string with ``$...$`` LaTeX, as scripts have always read it."""
    return value if isinstance(value, str) else value.source(p.doprint)


def dumps(obj, indent: int = 0) -> str:
    """JSON with objects indented and each matrix row kept on one line."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {dumps(v, indent + 1)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list) and obj and all(isinstance(x, list) for x in obj):
        rows = [inner + json.dumps(r, ensure_ascii=False) for r in obj]
        return "[\n" + ",\n".join(rows) + "\n" + pad + "]"
    if isinstance(obj, list) and any(isinstance(x, dict) for x in obj):
        return "[\n" + ",\n".join(inner + dumps(x, indent + 1) for x in obj) + "\n" + pad + "]"
    return json.dumps(obj, ensure_ascii=False)


def render(derivation: Derivation, lang: str) -> str:
    return dumps(to_dict(derivation, lang)) + "\n"
