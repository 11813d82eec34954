"""Flashcards: a concept deck built from symattn's own derivations (the article's example, or any
spec's: :func:`spec_deck`), and exporters.

>>> from symattn.cards import concept_deck, export
>>> deck = concept_deck("zh")
>>> export(deck, "md").startswith("# symattn")
True
"""

from __future__ import annotations

from .deck import LANGS, concept_deck, concepts, cards_for, spec_deck
from .export import FORMATS, export
from .model import Card, Concept, Deck

__all__ = ["Card", "Concept", "Deck", "LANGS", "FORMATS", "concept_deck", "spec_deck", "concepts", "cards_for",
           "export"]
