"""Verdicts in words: what the report says about one compared value.

Pure formatting of :class:`~symattn.check.compare.Comparison` results; no checking happens here.
"""

from __future__ import annotations

import sympy as sp

from ..numeric import fixed, to_mpf
from .ir import Name, Node, Op

__all__ = ["show", "texts_out", "entry_dict", "wrong_summary", "agree", "digits", "entry_list", "what_of"]


def show(value):
    """A value for the report: str() of SymPy (which sympify reads back), rows for matrices."""
    if isinstance(value, sp.MatrixBase):
        return [[str(value[i, j]) for j in range(value.cols)] for i in range(value.rows)]
    return str(value)


def texts_out(texts):
    return [list(r) for r in texts] if isinstance(texts, tuple) else texts


def what_of(node: Node) -> str:
    if isinstance(node, Name):
        return node.raw
    if isinstance(node, Op) and node.op == "T" and isinstance(node.args[0], Name):
        return node.args[0].raw + "ᵀ"
    return ""


def entry_dict(e, what: str) -> dict:
    idx = f"[{e.index[0] + 1},{e.index[1] + 1}]" if e.index else ""
    return {"entry": (what + idx) if what else (idx or "value"), "claimed": e.text, "exact": str(e.exact),
            "correct": e.correct or str(e.exact)}


def wrong_summary(cmp, how: str) -> str:
    n, k = len(cmp.entries), len(cmp.wrong)
    head = f"{k} of {n} entries differ from the exact {how}" if n > 1 else f"the exact value of {how} differs"
    return f"{head}: {entry_list(cmp, 2)}"


def agree(cmp, rel, how: str = "") -> str:
    if cmp.status == "exact":
        return f"exactly equal to {how}" if how else "exactly equal"
    rounded = [e for e in cmp.entries if e.status == "rounded"]
    d = sorted({e.decimals for e in rounded if e.decimals is not None})
    sample = rounded[0]
    idx = f"[{sample.index[0] + 1},{sample.index[1] + 1}] " if sample.index else ""
    places = " or ".join(map(str, d)) + (" decimal" if d == [1] else " decimals")
    return (f"{how + ', ' if how else 'the exact values, '}rounded to {places}: "
            f"e.g. {idx}{sample.exact} = {digits(sample.exact)} → {sample.text}")


def digits(expr) -> str:
    v = to_mpf(sp.sympify(expr), 40)
    return fixed(v, 4) + "…" if v is not None else str(expr)


def entry_list(cmp, limit: int = 6) -> str:
    if cmp.shape_error:
        return cmp.shape_error
    parts = []
    for e in cmp.wrong[:limit]:
        idx = f"[{e.index[0] + 1},{e.index[1] + 1}] " if e.index else ""
        value = f"{e.exact}" + (f" ≈ {digits(e.exact)}" if not e.exact.is_Rational else "")
        should = f", which rounds to {e.correct}" if e.correct and e.decimals is not None else ""
        parts.append(f"{idx}printed {e.text}, exact {value}{should}")
    more = f" (and {len(cmp.wrong) - limit} more)" if len(cmp.wrong) > limit else ""
    return "; ".join(parts) + more
