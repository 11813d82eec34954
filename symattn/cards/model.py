"""The deck model: one immutable card per language.

Card text is light Markdown: ``$...$`` is inline math, ``$$...$$`` display math,
a blank line starts a paragraph.  Exporters turn it into what each app reads
(MathJax ``\\( \\)`` / ``\\[ \\]`` in HTML for Anki, plain ``$`` for GitHub).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Text

__all__ = ["Card", "Concept", "Deck"]


@dataclass(frozen=True)
class Card:
    """One flashcard.

    >>> Card("en:pipeline/shape", "Shape of $QK^T$?", "$L \\\\times L$", ("pipeline",), "en").id
    'en:pipeline/shape'
    """

    id: str                  # stable across rebuilds: "<lang>:<topic>/<name>"; the Anki GUID comes from it
    front: str               # the question (light Markdown with $...$ math)
    back: str                # the answer
    tags: tuple[str, ...]    # topic tags, e.g. ("symattn", "softmax", "lang::en")
    lang: str                # "zh" or "en"
    context: str = ""        # the example the card's numbers come from, stated by its note type ("" for none)


@dataclass(frozen=True)
class Concept:
    """A card in both languages before it is split into Cards."""

    key: str                 # "<topic>/<name>", unique in a deck
    front: Text              # question in each language
    back: Text               # answer in each language
    tags: tuple[str, ...] = ()
    sources: tuple = ()      # symattn.sources.Cite: the back matter, after the answer
    example: bool = False    # its numbers are the deck's example's: the card shows the example's inputs

    def card(self, lang: str, context: str = "") -> Card:
        """The card in one language; ``context`` states the example (for a card about it)."""
        from .markup import group_digits
        topic = self.key.split("/", 1)[0]
        tags = ("symattn", topic) + tuple(t for t in self.tags if t != topic) + (f"lang::{lang}",)
        return Card(f"{lang}:{self.key}", group_digits(self.front[lang]),
                    group_digits(self.back[lang]) + _back_matter(self.sources, lang), tags, lang,
                    group_digits(context) if self.example else "")


def _back_matter(sources, lang: str) -> str:
    """``Sources: A. B.`` as the card's last paragraph (nothing without sources)."""
    if not sources:
        return ""
    if lang == "zh":
        return "\n\n来源：" + "".join(c.text("zh") for c in sources)
    return "\n\nSources: " + " ".join(c.text("en") for c in sources)


@dataclass(frozen=True)
class Deck:
    """A named list of cards; ``name`` is also what the Anki deck id is derived from."""

    name: str                # e.g. "symattn": its subdecks are "symattn::zh" and "symattn::en"
    title: str               # human title for Markdown output
    cards: tuple[Card, ...]  # in study order
    guid_prefix: str = ""    # notes' GUIDs come from prefix + card id: a deck per example keeps its own notes

    def subdeck(self, lang: str) -> str:
        """The Anki deck of one language's cards."""
        return f"{self.name}::{lang}"

    def langs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.lang for c in self.cards))

    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)
