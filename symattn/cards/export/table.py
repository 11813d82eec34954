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
        buf.write("#separator:tab\n#html:true\n#notetype:Basic\n#deck:%s\n#guid column:1\n#tags column:4\n"
                  % deck.name)
        w = csv.writer(buf, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        for c in deck.cards:
            w.writerow([_guid(c), to_anki_html(c.front), to_anki_html(c.back), " ".join(c.tags)])
    else:
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["id", "lang", "front", "back", "tags"])
        for c in deck.cards:
            w.writerow([c.id, c.lang, to_plain(c.front), to_plain(c.back), " ".join(c.tags)])
    return buf.getvalue()


def _guid(card) -> str:
    from .anki import guid
    return guid(card)
