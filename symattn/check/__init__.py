"""``symattn check``: verify the hand calculations of a Markdown or LaTeX article.

The pipeline, one module per step:

* extract: ``extract.py`` (math in $...$, $$...$$, \\[...\\], environments, code) and
  ``plaintext.py`` (tables, plain-text arrays, Unicode lines, narrative numbers);
* read the notation: ``unicode.py`` → ``tokens.py`` → ``parser.py`` → ``notation.py``
  (equation chains of ``ir.py`` trees), ``scalar.py`` (matrix entries);
* the symbol table and exact values: ``symbols.py``, ``evaluate.py`` (symattn's own
  ``linalg``/``softmax``/``attention``);
* judge: ``compare.py`` (printed precision), ``diagnose.py`` (common mistakes),
  ``consistency.py`` (sanity, shift invariance, conventions), ``engine.py`` (both passes,
  stepwise and end to end), ``guard.py`` (size and time limits per claim);
* report: ``claims.py`` (data), ``verdict.py`` (wording), ``report.py`` (text and JSON);
  ``golden.py`` regenerates the expected reports of ``tests/articles``.

The article is only read, never written.

>>> r = check_text("$$\\\\sqrt{4} = 2$$\\n", "a.md")
>>> [(c.line, c.status) for c in r.claims]
[(1, 'exact')]
"""

from __future__ import annotations

from pathlib import Path

from .claims import Claim, Report
from .engine import check_text as _check_text

__all__ = ["check_text", "check_file", "Claim", "Report"]


def check_text(text: str, name: str = "<text>") -> Report:
    """Check an article held in a string."""
    return _check_text(text, name)


def check_file(path: str | Path, name: str | None = None) -> Report:
    """Check an article file (read with :func:`symattn.io.read_text`, never modified)."""
    from ..io import read_text
    return _check_text(read_text(path), str(path) if name is None else name)
