"""``symattn check``: verify the hand calculations of a Markdown or LaTeX article.

extract (``extract.py``, ``plaintext.py``) → read the notation (``notation.py``,
``unicode.py``) → symbol table and exact values (``symbols.py``, ``evaluate.py``) →
compare (``compare.py``), diagnose (``diagnose.py``), consistency (``consistency.py``)
→ report (``report.py``).  The article is only read, never written.

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
