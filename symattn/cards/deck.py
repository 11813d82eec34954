"""Deck builders: the concept deck on the article's example, or on any spec's (``symattn cards SPEC``).

A deck holds a subdeck per language (``symattn::zh``, ``symattn::en``; ``symattn::<example>::en`` for a
spec).  Its cards on the example (``Concept.example``) carry the example's inputs as their context,
which each exporter states once: the Anki note type's template, the head of the Markdown file.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from functools import lru_cache

from ..model import Derivation, Text
from .cited import with_sources
from .concepts_beyond import ON_THE_ARTICLE, beyond_concepts, bias_concepts, decoding_concepts, gradient_flow_concepts
from .concepts_interview import interview_concepts
from .concepts_pipeline import pipeline_concepts
from .model import Card, Concept, Deck

__all__ = ["LANGS", "concepts", "concept_deck", "spec_deck", "cards_for", "context_of"]

LANGS = {"zh": ("zh",), "en": ("en",), "both": ("zh", "en")}

TITLES = {"zh": "symattn 注意力面试卡片", "en": "symattn attention interview cards",
          "both": "symattn 注意力面试卡片 / attention interview cards"}


@lru_cache(maxsize=1)
def _fixed() -> tuple[Concept, ...]:
    """The cards whose numbers come from their own derivations, the same in every deck."""
    return tuple(decoding_concepts() + bias_concepts() + gradient_flow_concepts() + interview_concepts())


def concepts(derivation: Derivation | None = None, *, on_article: bool = True) -> list[Concept]:
    """Every concept card, in study order: the example's pipeline first, then beyond it.  The cards on
    the article's own example (:data:`ON_THE_ARTICLE`) are in only when ``on_article``."""
    from ._tex import token_order
    if derivation is None:
        from .. import derive_article
        derivation = derive_article()
    with token_order(derivation.tokens):
        own = pipeline_concepts(derivation) + beyond_concepts(derivation)
    fixed = [c for c in _fixed() if on_article or c.key not in ON_THE_ARTICLE]
    out = [with_sources(c) for c in own + fixed]
    keys = [c.key for c in out]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ValueError(f"duplicate card keys: {sorted(dup)}")
    return out


def context_of(d: Derivation) -> Text:
    """The example's inputs, said once per deck: its tokens, Q, K (V when numeric), d_k."""
    from ..escape import literal
    from ._tex import tex, token_order
    with token_order(d.tokens):
        # Q, K, d_k (and V when numeric) are what the cards compute from; X is on its own card
        mats = [(name, d.step(step).exact) for name, step in (("Q", "queries"), ("K", "keys"), ("V", "values"))
                if any(s.id == step for s in d.steps)]
        shown = [f"${name} = {tex(m)}$" for name, m in mats]
        dk = tex(dict(d.meta)["d_k"])
    from ..printing import text_label
    # English prose keeps CJK inside math, as every English card does
    words = ", ".join(literal(t) if t.isascii() else f"${text_label(t)}$" for t in d.tokens)
    zh = f"例子：词 {literal('、'.join(d.tokens))}；" + "，".join(shown) + f"，$d_k = {dk}$。"
    en = f"The example: tokens {words}; " + ", ".join(shown) + f", $d_k = {dk}$."
    return Text(zh, en)


def cards_for(items, lang: str, contexts: dict | None = None) -> tuple[Card, ...]:
    """Cards in the languages of ``lang`` (zh, en or both); with both, each zh card is followed by its en twin.
    ``contexts`` maps a language to (its concepts, its context), when each language has its own example."""
    if contexts is None:
        return tuple(c.card(code) for c in items for code in LANGS[lang])
    return tuple(contexts[code][0][k].card(code, contexts[code][1]) for k in range(len(items))
                 for code in LANGS[lang])


def _deck(derivations: dict[str, Derivation], lang: str, name: str, title: str, prefix: str,
          on_article: bool) -> Deck:
    per_lang = {code: (concepts(d, on_article=on_article), context_of(d)[code]) for code, d in derivations.items()}
    first = next(iter(per_lang.values()))[0]
    for code, (items, _) in per_lang.items():  # the same cards in every language
        assert [c.key for c in items] == [c.key for c in first], code
    return Deck(name=name, title=title, cards=cards_for(first, lang, per_lang), guid_prefix=prefix)


def concept_deck(lang: str = "both", derivation: Derivation | None = None) -> Deck:
    """The concept deck on the article's example (or on ``derivation``).

    >>> deck = concept_deck("en")
    >>> len(deck.cards) >= 40 and deck.cards[0].id, deck.subdeck("en")
    ('en:pipeline/formula', 'symattn::en')
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    if derivation is None:
        from .. import derive_article
        derivations = {code: derive_article(code) for code in LANGS[lang]}
    else:
        derivations = {code: derivation for code in LANGS[lang]}
    return _deck(derivations, lang, "symattn", TITLES[lang], "", on_article=True)


def spec_deck(spec, lang: str = "both") -> Deck:
    """The concept and number cards on a spec's example: its attention (Q, K, V, d_k), in each language
    with that language's tokens when the spec gives them.  Its notes' GUIDs are its own (a prefix from
    the spec's content), stable across builds; the cards on the article's example are left out."""
    from ..errors import SymattnError
    from ..topics import derive
    if lang not in LANGS:
        raise SymattnError(f"lang must be one of {', '.join(LANGS)}", entry="--lang")
    core = replace(spec, topic="attention", options=(), steps=(), levels=(), notation=(), notation_words=(),
                   claimed=())
    derivations = {code: derive(core.in_language(code)) for code in LANGS[lang]}
    for d in derivations.values():
        if any(e.free_symbols for s in d.steps if s.id in ("queries", "keys") for e in s.exact):
            raise SymattnError("cards need numbers: this spec's Q or K is symbolic", file=spec.source)
    label = _label(spec, derivations)
    title = f"{TITLES[lang]}: {label}"
    return _deck(derivations, lang, f"symattn::{label}", title, f"{spec_key(core)}:", on_article=False)


def _label(spec, derivations) -> str:
    """The deck's name in Anki: the spec's title, else its tokens (``::`` would nest decks)."""
    first = next(iter(derivations.values()))
    text = spec.title or dict(spec.titles).get("en") or " ".join(first.tokens)
    return re.sub(r"\s+", " ", text.replace("::", ":").replace('"', "'")).strip()[:60] or "example"


def spec_key(spec) -> str:
    """A short digest of what a spec derives (tokens in every language, matrices, d_k): two specs with the
    same example share it, any other difference gives another.

    >>> from symattn.spec import parse_spec
    >>> a = spec_key(parse_spec('Q = [[1]]\\nK = [[2]]'))
    >>> a == spec_key(parse_spec('K = [[2]]\\nQ = [[1]]\\ndigits = 2')), a == spec_key(parse_spec('Q = [[1]]\\nK = [[3]]'))
    (True, False)
    """
    parts = [repr(spec.token_names or spec.tokens), repr(spec.d_k)]
    for name in ("X", "W_Q", "W_K", "W_V", "Q", "K", "V"):
        m = getattr(spec, name)
        parts.append(name + ("-" if m is None else repr(m.tolist())))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:12]
