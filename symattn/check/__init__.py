"""``symattn check``: verify the hand calculations of a Markdown or LaTeX article.

The stages, one module each, in the order data flows (each docstring names its input and output):

* read: ``read.py``, every block of printed numbers in any layout, with labels, lines and precision;
* local: ``local.py``, a result whose operands are printed in the same chain, from them alone;
* bind: ``quantities.py`` (what the inputs determine, under each convention) and ``bind.py``
  (what each block is, from its label, shape and values; stepwise against the author's own values);
  ``beyond/`` for KV-cache sizes, positional encodings, RoPE, variances and the softmax Jacobian,
  and the topic quantities of derivations (RoPE matrices, online softmax, the √d_k argument, decoding
  with a KV cache); ``batched.py`` for n-D prints slice by slice; ``printshapes.py``, ``views.py``,
  ``constructed.py``, ``sums.py``, ``outputs.py``, ``convention.py`` for notebook outputs;
  ``shapes.py`` for statements about shapes (``a.shape = 6x6``, ``# (3 x 3)``), against the shapes
  the article shows;
* judge: ``judge.py`` (printed precision), ``diagnose.py`` (common mistakes);
* the notation pass, for named equations (``S = QK^T = [...]``, ``a_{11} = ...``): ``extract.py``,
  ``plaintext.py``, ``unicode.py`` → ``tokens.py`` → ``parser.py`` → ``notation.py``, ``symbols.py``,
  ``evaluate.py``, ``compare.py``, ``consistency.py``, ``engine.py``;
* ``merge.py`` joins both passes into one verdict per place, and follows carried slips to their root;
  ``captions.py`` then confirms a caption that states the precision of the values below it;
* report: ``claims.py`` (data), ``verdict.py`` and ``wording.py`` (words, en and zh), ``report.py``
  (text and JSON), ``ci.py`` (GitHub annotations, SARIF), ``fix.py`` (a corrected copy),
  ``htmlpage.py`` (the article rendered, each claim marked in place), ``many.py`` (folders, a process pool); ``guard.py`` holds the size and time budgets;
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
