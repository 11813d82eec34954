"""symattn: derive transformer attention symbolically, with exact LaTeX for every step.

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
