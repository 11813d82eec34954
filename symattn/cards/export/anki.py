"""Anki ``.apkg`` through genanki, byte-identical across runs.

* a note's GUID is ``genanki.guid_for(card.id)``, so a rebuilt deck updates notes;
* model and deck ids come from fixed strings, not from random numbers;
* genanki's ``write_to_file`` stamps zip entries with the current time, so the
  collection is written with ``write_to_db`` and zipped here with fixed dates.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import os
import sqlite3
import tempfile
import zipfile

from ..markup import to_anki_html

__all__ = ["export", "guid", "stable_id", "TIMESTAMP", "ZIP_DATE"]

TIMESTAMP = 1_700_000_000          # seconds; note/card mtimes and the id counter start
ZIP_DATE = (2023, 11, 14, 22, 13, 20)  # the same moment, for zip entries
MODEL_NAME = "symattn card (front/back, MathJax)"
CSS = ".card { font-family: sans-serif; font-size: 20px; text-align: left; }"


def stable_id(name: str) -> int:
    """A 31-bit id derived from a fixed string (genanki wants ints in Anki's id range).

    >>> stable_id("symattn::concepts") == stable_id("symattn::concepts")
    True
    """
    return (1 << 30) + int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big") % (1 << 30)


def guid(card, prefix: str = "") -> str:
    """The note's GUID: from the card id (and the deck's prefix: a deck per example has its own notes)."""
    import genanki
    return genanki.guid_for(prefix + card.id)


def _model(context: str = "", name: str = MODEL_NAME):
    """A note type; one with a context states the example above every question, once for all its notes."""
    import genanki
    head = f'<div class="context">{to_anki_html(context)}</div><hr>' if context else ""
    return genanki.Model(
        stable_id(name), name,
        fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Id"}],
        templates=[{"name": "Card 1", "qfmt": head + "{{Front}}",
                    "afmt": "{{FrontSide}}<hr id=\"answer\">{{Back}}"}],
        css=CSS + CONTEXT_CSS, sort_field_index=2)


CONTEXT_CSS = " .context { font-size: 16px; color: #555; }"


def export(deck, fmt: str = "apkg") -> bytes:
    try:
        import genanki
    except ImportError:  # tested in a venv without genanki (tests/test_cards_anki.py)
        from ...errors import SymattnError
        raise SymattnError("the apkg format needs genanki: pip install 'symattn[cards]'") from None
    plain, models = _model(), {}
    decks = {lang: genanki.Deck(stable_id(deck.subdeck(lang)), deck.subdeck(lang)) for lang in deck.langs()}
    for card in deck.cards:
        model = plain
        if card.context:  # one note type per language's example, named after its subdeck
            name = f"{MODEL_NAME} + example ({deck.subdeck(card.lang)})"
            model = models.setdefault(name, _model(card.context, name))
        decks[card.lang].add_note(genanki.Note(model=model, guid=guid(card, deck.guid_prefix), tags=list(card.tags),
                                               fields=[to_anki_html(card.front), to_anki_html(card.back), card.id]))
    return _package_bytes(genanki.Package(list(decks.values())))


def _package_bytes(package) -> bytes:
    fd, db = tempfile.mkstemp(suffix=".anki2")
    os.close(fd)
    try:
        conn = sqlite3.connect(db)
        try:
            package.write_to_db(conn.cursor(), TIMESTAMP, itertools.count(TIMESTAMP * 1000))
            conn.commit()
        finally:
            conn.close()
        with open(db, "rb") as fh:
            collection = fh.read()
    finally:
        os.unlink(db)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in (("collection.anki2", collection), ("media", b"{}")):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()
