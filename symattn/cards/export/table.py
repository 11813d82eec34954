"""TSV (Anki's text import, with its header lines) and CSV (any flashcard app).

TSV fields are Anki HTML with MathJax ``\\( \\)``; CSV keeps ``$...$`` math,
which Markdown-based apps render.  Both have the card id as a stable key.
"""

from __future__ import annotations

import csv
import io

from ..markup import to_anki_html, to_plain

__all__ = ["export"]


def export(deck, fmt: str) -> str:
    buf = io.StringIO(newline="")
    if fmt == "tsv":
        langs = deck.langs()
        # one language: its subdeck for all; both: a column names each card's subdeck
        where = "#deck:%s\n" % deck.subdeck(langs[0]) if len(langs) == 1 else "#deck column:5\n"
        buf.write("#separator:tab\n#html:true\n#notetype:Basic\n%s#guid column:1\n#tags column:4\n" % where)
        w = csv.writer(buf, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        for c in deck.cards:
            # Basic has no place to state the example once: a card on it opens with it
            front = to_anki_html(c.context) + "<hr>" + to_anki_html(c.front) if c.context else to_anki_html(c.front)
            row = [_guid(c, deck.guid_prefix), front, to_anki_html(c.back), " ".join(c.tags)]
            w.writerow(row + ([deck.subdeck(c.lang)] if len(langs) > 1 else []))
    else:
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["id", "lang", "front", "back", "tags", "context"])
        for c in deck.cards:
            w.writerow([c.id, c.lang, to_plain(c.front), to_plain(c.back), " ".join(c.tags), to_plain(c.context)])
    return buf.getvalue()


def _guid(card, prefix: str = "") -> str:
    from .anki import guid
    return guid(card, prefix)
