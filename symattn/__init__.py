"""symattn: derive transformer attention symbolically, with exact LaTeX for every step.

A map for newcomers: each module in one line, in the order data flows.

Input
    spec            a TOML spec -> an immutable AttentionSpec: topic, tokens, matrices, options
    latex_input     the only importer of latex2sympy2: LaTeX numbers and matrices -> exact SymPy
    examples        the built-in example, the article's 我 爱 你
    from_article    the spec that an article's own example implies (``derive --from-article``)
    limits          every size, cost and time limit, checked before the work starts
    api             derive(spec) from a dict, a TOML path or a Spec; check(text or path) -> Report
Derivation
    topics/         the registry (topic -> derive function), then one module per topic:
                    attention, masks, heads, rope, theory, consistency, alibi, sliding_window,
                    backward, online_softmax, kv_cache, cross_attention, mla, pe (_display: their
                    shared display nodes)
    pipeline        what the topics share: Q, K, V resolved, the score and weight steps, masked rows
    softmax         the canonical exact row softmax: shift by the minimum, group, cancel
    linalg          exact matrix arithmetic
    numeric         the numeric level: mpmath values at a chosen precision
    model           the immutable Step and Derivation: data, never printing
    sources         the primary sources documents and cards cite: works, and citations of a part
    notation        a derivation in the author's own terms: a spec's [notation], steps and levels
    entries         any entry of a step written out, read off its substituted level (--entry)
Printing
    nodes           small unevaluated SymPy nodes that keep a hand calculation's shape
    markup          Text of plain and math pieces; each renderer prints the maths its own way
    printing        the LaTeX printer: bmatrix, token labels (render/unicode: the Unicode one, for text)
    escape          user text never becomes markup: one escape per output language
Output
    render/         one module per document format: md, tex, html, text, json, pdf
    katex           checks formulas with KaTeX, the way blogs render them
    plot            heatmaps of attention weights
    io              writes output files all or nothing
    regen           regenerates derivations/ from their specs
    cards/          flashcards built from derivations, and their exporters
    exercise        practice problems with exact answer keys from a derivation
    worksheet       printable worksheets: blank grids of each answer's shape, the key on its own page
Checking an article
    check/          read -> local -> bind -> judge -> report (its own map: check/__init__.py)
    report_display  a check report as a notebook shows it: a Markdown table, a LaTeX list
Shell
    cli             main(argv) -> int, a thin shell over commands/
    commands/       one module per subcommand
    errors          SymattnError, the one error class users see
    __main__        ``python -m symattn``
    ipython         the IPython extension: %load_ext symattn, %%symattn and %%symattn check cells

In a notebook or a script (``derive`` takes a dict, a TOML path or a Spec; both results show
themselves rendered in Jupyter, and ``%load_ext symattn`` adds the ``%%symattn`` cell magic):

>>> from symattn import derive, check, derive_article
>>> d = derive({"tokens": ["I", "see"], "Q": [[1, 0], [0, 1]], "K": [[1, 1], [0, 1]], "lang": "en"})
>>> d.step("scores").exact
Matrix([
[1, 0],
[1, 1]])
>>> derive_article().step("weights").exact[1, 0]
1/3
>>> r = check("$$a = 1 + 1 = 2$$")
>>> r.count("exact"), r.count("wrong")
(1, 0)
"""

from __future__ import annotations

import sys as _sys
from types import ModuleType as _ModuleType

__version__ = "0.1.0"

__all__ = [
    "SymattnError", "Step", "Derivation", "Text", "AttentionSpec", "Spec", "Report",
    "load_spec", "parse_spec", "derive", "check", "derive_article", "render", "load_ipython_extension",
    "__version__",
]

from .errors import SymattnError
from .model import Derivation, Step, Text
from .spec import AttentionSpec, load_spec, parse_spec
from .api import Spec, derive
from .render import render


def derive_article(lang: str | None = None) -> Derivation:
    """The article's 我 爱 你 example, derived."""
    from .examples import article_spec
    return derive(article_spec(lang))


def load_ipython_extension(ipython) -> None:
    """``%load_ext symattn``: the ``%%symattn`` cell magic (see :mod:`symattn.ipython`)."""
    from .ipython import load_ipython_extension as load
    load(ipython)


class _CheckEntry:
    """``symattn.check(text_or_path)`` checks an article and returns a :class:`Report`
    (:func:`symattn.api.check`); ``symattn.check.<name>`` is the checker's subpackage
    (``symattn.check.check_text``), imported on first use so that ``import symattn`` stays fast."""

    __slots__ = ()

    def __call__(self, text_or_path, **options):
        from .api import check
        return check(text_or_path, **options)

    @staticmethod
    def _module():
        from importlib import import_module
        return import_module(__name__ + ".check")

    def __getattr__(self, name):
        return getattr(self._module(), name)

    def __setattr__(self, name, value):
        setattr(self._module(), name, value)

    def __delattr__(self, name):
        delattr(self._module(), name)

    def __dir__(self):
        return dir(self._module())

    def __repr__(self) -> str:
        return "<symattn.check: call it to check an article; its attributes are the checker's subpackage>"


class _Package(_ModuleType):
    """The package keeps ``check`` callable when the import system binds the subpackage to it."""

    def __setattr__(self, name, value):
        if name == "check" and isinstance(value, _ModuleType):
            return  # symattn.check forwards to the subpackage (sys.modules["symattn.check"])
        super().__setattr__(name, value)


check = _CheckEntry()
_sys.modules[__name__].__class__ = _Package


def __getattr__(name: str):
    if name == "Report":  # the checker is imported only when a check runs
        from .api import _report_class
        return _report_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
