"""Check formulas with KaTeX (run by Node.js): what renders on blogs, Obsidian, Typora.

An optional tool: nothing in ``symattn derive`` needs it.  The tests and helpers
call :func:`validate`, which renders every formula with ``throwOnError: true``
and returns the ones KaTeX rejects.  KaTeX is looked up in this order:

1. the environment variable ``SYMATTN_KATEX`` (a katex module folder or ``katex.js``);
2. the npm package installed by ``npm ci --prefix tools/katex`` in a checkout;
3. the copy shipped in ``symattn/data/katex/`` (the same build the HTML page inlines).

>>> formulas_in_markdown("Row sum $0.99$, not $1$.\\n\\n$$\\nA = B\\n$$\\n")
[Formula(tex='A = B', display=True), Formula(tex='0.99', display=False), Formula(tex='1', display=False)]
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Iterable

from .errors import SymattnError

__all__ = ["Formula", "Failure", "validate", "missing", "katex_module", "node_executable",
           "formulas_in_markdown", "formulas_in_html", "formulas_in_text"]

DATA = Path(__file__).resolve().parent / "data" / "katex"
SCRIPT = DATA / "validate.js"
CHECKOUT_KATEX = Path(__file__).resolve().parent.parent / "tools" / "katex" / "node_modules" / "katex"
INSTALL_HINT = ("install Node.js (Debian: apt-get install nodejs) and KaTeX "
                "(npm ci --prefix tools/katex)")


@dataclass(frozen=True)
class Formula:
    tex: str        # the LaTeX source, without delimiters
    display: bool   # $$...$$ / \[...\] (True) or inline $...$ (False)


@dataclass(frozen=True)
class Failure:
    formula: Formula        # what was rendered
    error: str | None       # KaTeX's parse error, or None if only warnings
    warnings: tuple[str, ...]  # strict-mode remarks: LaTeX would not accept these either

    def __str__(self) -> str:
        why = self.error or "; ".join(self.warnings)
        return f"{why}  <<{self.formula.tex[:200]}>>"


def node_executable() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def katex_module() -> Path:
    """The KaTeX build to use (see the module docstring for the order)."""
    env = os.environ.get("SYMATTN_KATEX")
    if env:
        return Path(env)
    if (CHECKOUT_KATEX / "package.json").exists():
        return CHECKOUT_KATEX
    return DATA / "katex.min.js"


def missing() -> str | None:
    """Why :func:`validate` cannot run here, or None when it can."""
    if node_executable() is None:
        return "Node.js (node) is not installed; " + INSTALL_HINT
    if not katex_module().exists():
        return f"KaTeX not found at {katex_module()}; " + INSTALL_HINT
    return None


def validate(formulas: Iterable[Formula | str], *, strict: bool = True) -> list[Failure]:
    """Render each formula with KaTeX; return the failures (empty when all render).

    With ``strict``, KaTeX's strict-mode warnings (e.g. a CJK character in
    math mode outside ``\\text{}``) count as failures too.
    """
    items = [f if isinstance(f, Formula) else Formula(f, True) for f in formulas]
    if not items:
        return []
    reason = missing()
    if reason:
        raise SymattnError(reason)
    payload = json.dumps([{"tex": f.tex, "display": f.display} for f in items], ensure_ascii=False)
    proc = subprocess.run([node_executable(), str(SCRIPT), str(katex_module())], input=payload,
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if proc.returncode != 0:
        raise SymattnError(f"KaTeX validator failed: {proc.stderr.strip().splitlines()[-1:]}")
    out = []
    for r in json.loads(proc.stdout)["results"]:
        warnings = tuple(r["warnings"]) if strict else ()
        if r["error"] or warnings:
            out.append(Failure(items[r["index"]], r["error"], warnings))
    return out


# --- finding the formulas in a document ------------------------------------------------
_FENCE = re.compile(r"(?ms)^```.*?^```")


def formulas_in_text(text: str) -> list[Formula]:
    """The ``$...$`` and ``$$...$$`` math of a paragraph, a note or a document, as
    :meth:`symattn.markup.Text.parse` splits it."""
    from .markup import Math, Text
    return [Formula(p.source.strip() if p.display else p.source, p.display)
            for p in Text.parse(text).pieces if isinstance(p, Math)]


def formulas_in_markdown(text: str) -> list[Formula]:
    """Display ``$$`` blocks, then inline ``$...$`` math (code fences are skipped)."""
    found = formulas_in_text(_FENCE.sub("", text))
    return [f for f in found if f.display] + [f for f in found if not f.display]


_HTML_MATH = re.compile(r'<(div|span) class="math( inline)?">(.*?)</\1>', re.S)


def formulas_in_html(page: str) -> list[Formula]:
    r"""The math elements of a page written by :mod:`symattn.render.html`.

    >>> formulas_in_html('<div class="math">\\[a &lt; b\\]</div><span class="math inline">\\(x\\)</span>')
    [Formula(tex='a < b', display=True), Formula(tex='x', display=False)]
    """
    out = []
    for m in _HTML_MATH.finditer(page):
        tex = unescape(m.group(3))
        inline = bool(m.group(2))
        for left, right in ((r"\(", r"\)"), (r"\[", r"\]")):
            if tex.startswith(left) and tex.endswith(right):
                tex = tex[len(left):-len(right)]
        out.append(Formula(tex, not inline))
    return out
