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
    tags: tuple[str, ...]    # topic tags, e.g. ("symattn", "softmax")
    lang: str                # "zh" or "en"


@dataclass(frozen=True)
class Concept:
    """A card in both languages before it is split into Cards."""

    key: str                 # "<topic>/<name>", unique in a deck
    front: Text              # question in each language
    back: Text               # answer in each language
    tags: tuple[str, ...] = ()
    sources: tuple = ()      # symattn.sources.Cite: the back matter, after the answer

    def card(self, lang: str) -> Card:
        topic = self.key.split("/", 1)[0]
        tags = ("symattn", topic) + tuple(t for t in self.tags if t != topic)
        return Card(f"{lang}:{self.key}", self.front[lang], self.back[lang] + _back_matter(self.sources, lang),
                    tags, lang)


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

    name: str                # e.g. "symattn::concepts"
    title: str               # human title for Markdown output
    cards: tuple[Card, ...]  # in study order

    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)
