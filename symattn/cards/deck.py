"""Deck builders: the concept deck (from the article's derivation and facts.py)."""

from __future__ import annotations

from ..model import Derivation
from .cited import with_sources
from .concepts_beyond import beyond_concepts
from .concepts_interview import interview_concepts
from .concepts_pipeline import pipeline_concepts
from .model import Card, Concept, Deck

__all__ = ["LANGS", "concepts", "concept_deck", "cards_for"]

LANGS = {"zh": ("zh",), "en": ("en",), "both": ("zh", "en")}

TITLES = {"zh": "symattn 注意力面试卡片", "en": "symattn attention interview cards",
          "both": "symattn 注意力面试卡片 / attention interview cards"}


def concepts(derivation: Derivation | None = None) -> list[Concept]:
    """Every concept card, in study order: the article's pipeline first, then beyond it."""
    if derivation is None:
        from .. import derive_article
        derivation = derive_article()
    out = [with_sources(c) for c in pipeline_concepts(derivation) + beyond_concepts(derivation)
           + interview_concepts()]
    keys = [c.key for c in out]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ValueError(f"duplicate card keys: {sorted(dup)}")
    return out


def cards_for(items, lang: str) -> tuple[Card, ...]:
    """Cards in the languages of ``lang`` (zh, en or both); with both, each zh card is followed by its en twin."""
    return tuple(c.card(code) for c in items for code in LANGS[lang])


def concept_deck(lang: str = "both", derivation: Derivation | None = None) -> Deck:
    """The concept deck.

    >>> deck = concept_deck("en")
    >>> len(deck.cards) >= 40 and deck.cards[0].id
    'en:pipeline/formula'
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    return Deck(name="symattn::concepts" + ("" if lang == "both" else f"::{lang}"),
                title=TITLES[lang], cards=cards_for(concepts(derivation), lang))
