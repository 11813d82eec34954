"""Document renderers: one module per format, all reading the same Derivation.

A new format is one module with a ``render(derivation, lang) -> str`` function
plus one line in :data:`FORMATS`.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import SymattnError

__all__ = ["FORMATS", "render", "EXTENSIONS", "BINARY"]

#: format name -> module (imported only when used)
FORMATS = {
    "md": "markdown",
    "tex": "tex",
    "html": "html",
    "text": "text",
    "json": "json_format",
    "latex-body": "tex",
    "html-body": "html",
    "pdf": "pdf",
}

#: the usual file extension of each format
EXTENSIONS = {"md": ".md", "tex": ".tex", "html": ".html", "text": ".txt", "json": ".json", "pdf": ".pdf"}


#: formats whose output is bytes, not text
BINARY = {"pdf"}


def render(derivation, fmt: str = "md", lang: str | None = None, **options) -> str | bytes:
    r"""Render a derivation, or a single step, in one format: text, or bytes for a binary format (pdf).
    ``options`` go to the format's renderer (``tex``: ``body``, ``compact``, ``paper``).

    >>> from symattn import derive_article
    >>> print(render(derive_article().step("scaled_scores"), "md", "en").splitlines()[0])
    # Scaling $S / \sqrt{d_k}$
    """
    from ..model import Derivation, Step
    if fmt not in FORMATS:
        raise SymattnError(f"unknown format {fmt!r}; choose one of {', '.join(sorted(EXTENSIONS))}")
    if isinstance(derivation, Step):
        derivation = Derivation.of_step(derivation, lang=lang or "zh")
    module = import_module(f".{FORMATS[fmt]}", __name__)
    lang = lang or derivation.lang
    if fmt in ("latex-body", "html-body"):
        return module.render_body(derivation, lang)
    return module.render(derivation, lang, **options)  # options: tex's (and pdf's) body, compact, paper
