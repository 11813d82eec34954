"""Deck exporters: one module per format, one registry entry each."""

from __future__ import annotations

from importlib import import_module

__all__ = ["FORMATS", "export"]

#: format -> (module, binary?)
FORMATS = {"md": ("markdown", False), "tsv": ("table", False), "csv": ("table", False),
           "apkg": ("anki", True)}


def export(deck, fmt: str) -> str | bytes:
    """The deck in one format: text for md/tsv/csv, bytes for apkg."""
    module, _ = FORMATS[fmt]
    return import_module(f".{module}", __package__).export(deck, fmt)
