"""The built-in example: the article "我 爱 你" (shared/articles/qkv-attention-by-hand.zh.md).

Its Q and K are given directly (the article assumes W_Q, W_K were applied); V is
left symbolic, rows v_我, v_爱, v_你, as the article writes them.  ``claimed``
holds the article's printed weights, which the derivation compares.
"""

from __future__ import annotations

from .spec import AttentionSpec, parse_spec

__all__ = ["ARTICLE_TOML", "article_spec", "is_article"]

ARTICLE_TOML = """\
# The worked example of "从零手推：大语言模型核心——Attention 机制与 QKV 矩阵".
tokens = ["我", "爱", "你"]
X = [[1, 0, 1, 0],
     [0, 1, 0, 1],
     [1, 1, 0, 0]]
Q = [[1, 0, 1, 1],
     [0, 1, 0, 1],
     [1, 1, 0, 0]]
K = [[1, 0, 0, 1],
     [0, 1, 1, 0],
     [1, 1, 0, 0]]
# V is not given in the article: its rows stay the symbols v_我, v_爱, v_你.
d_k = 4
digits = 4
lang = "zh"

[claimed]
# The article's weights, printed to two decimals.
weights = [[0.45, 0.27, 0.27],
           [0.33, 0.33, 0.33],
           [0.27, 0.27, 0.45]]
"""


def article_spec(lang: str | None = None) -> AttentionSpec:
    """The article's example as a spec (``lang`` overrides its language)."""
    spec = parse_spec(ARTICLE_TOML, source="<built-in article example>")
    if lang:
        spec = spec.in_language(lang)
    return spec


def is_article(spec: AttentionSpec) -> bool:
    """True when the spec holds the article's own numbers (its tokens, and X, Q, K
    where given): only then may a document say "the article".

    >>> is_article(article_spec()), is_article(parse_spec('Q = [[1]]\\nK = [[1]]'))
    (True, False)
    """
    ref = _article()
    if spec.tokens != ref.tokens or (spec.Q is None and spec.X is None):
        return False
    return all(getattr(spec, k) is None or getattr(spec, k) == getattr(ref, k) for k in ("X", "Q", "K"))


def _article() -> AttentionSpec:
    global _ARTICLE
    if _ARTICLE is None:
        _ARTICLE = parse_spec(ARTICLE_TOML)
    return _ARTICLE


_ARTICLE: AttentionSpec | None = None
