"""symattn: derive transformer attention symbolically, with exact LaTeX for every step.

A map for newcomers: each module in one line, in the order data flows.

Input
    spec            a TOML spec -> an immutable AttentionSpec: topic, tokens, matrices, options
    latex_input     the only importer of latex2sympy2: LaTeX numbers and matrices -> exact SymPy
    examples        the built-in example, the article's 我 爱 你
    from_article    the spec that an article's own example implies (``derive --from-article``)
    limits          every size, cost and time limit, checked before the work starts
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
Checking an article
    check/          read -> local -> bind -> judge -> report (its own map: check/__init__.py)
Shell
    cli             main(argv) -> int, a thin shell over commands/
    commands/       one module per subcommand
    errors          SymattnError, the one error class users see
    __main__        ``python -m symattn``

>>> from symattn import derive_article
>>> d = derive_article()
>>> d.step("weights").exact[1, 0]
1/3
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = [
    "SymattnError", "Step", "Derivation", "Text", "AttentionSpec",
    "load_spec", "parse_spec", "derive", "derive_article", "render", "__version__",
]

from .errors import SymattnError
from .model import Derivation, Step, Text
from .spec import AttentionSpec, load_spec, parse_spec
from .topics import derive
from .render import render


def derive_article(lang: str | None = None) -> Derivation:
    """The article's 我 爱 你 example, derived."""
    from .examples import article_spec
    return derive(article_spec(lang))
