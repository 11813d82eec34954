"""Flashcards: a concept deck built from symattn's own derivations, and exporters.

>>> from symattn.cards import concept_deck, export
>>> deck = concept_deck("zh")
>>> export(deck, "md").startswith("# symattn")
True
"""

from __future__ import annotations

from .deck import LANGS, concept_deck, concepts, cards_for
from .export import FORMATS, export
from .model import Card, Concept, Deck

__all__ = ["Card", "Concept", "Deck", "LANGS", "FORMATS", "concept_deck", "concepts", "cards_for", "export"]
