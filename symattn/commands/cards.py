"""``symattn cards``: the concept deck for interview practice, in Anki, Markdown, TSV or CSV."""

from __future__ import annotations

HELP = "interview flashcards (zh/en) built from the exact derivations: Anki, Markdown, TSV, CSV"
DESCRIPTION = """\
Build the concept deck: 90+ cards per language on every step of an example's
pipeline (shapes of K^T and QK^T, what a row means, why softmax by rows, what
V contributes), why sqrt(d_k) (the variance, derived), the softmax max-shift,
O(L^2 d) cost and score memory, masks, multi-head attention, GQA/MQA and the
KV cache, RoPE's relative-position property, the softmax Jacobian, and the
interview questions beyond: positions, FlashAttention's IO and its versions,
prefill and decode, the backward pass's cost, long-context RoPE, serving the
cache, numerics, sparse and linear attention.  Each card ends with its sources.

With SPEC the number cards are on that spec's example (in each language with the
spec's tokens for it: tokens = {zh = [...], en = [...]}), its example is stated
once per note type, and its notes have GUIDs of their own.  The deck has a
subdeck per language (symattn::zh, symattn::en) and the tags lang::zh, lang::en.

Every number and formula on a card is computed by symattn when the deck is
built, never typed in.  Rebuilding gives byte-identical files, and the Anki
notes keep their GUIDs, so importing a new version updates the old cards.
"""
EPILOG = """\
examples:
  symattn cards -o attention.apkg          Anki deck, Chinese and English (format from the name)
  symattn cards mine.toml -o mine.apkg     the cards on your own example (its tokens, Q, K, V, d_k)
  symattn cards --lang en --format md      one Markdown file on standard output
  symattn cards --lang zh -o cards.tsv     Anki/any-app text import (HTML + MathJax)
  symattn cards --format csv -o cards.csv  id, lang, front, back, tags with $...$ math
formats:
  apkg  Anki package (needs genanki: pip install 'symattn[cards]'); MathJax \\( \\) and \\[ \\]
  md    one Markdown file that GitHub renders; answers fold under <details>
  tsv   Anki text import with header lines (#guid column:1), HTML fields
  csv   plain CSV with a header row, math as $...$ / $$...$$
"""

FORMATS = ("apkg", "md", "tsv", "csv")


def add_arguments(p) -> None:
    p.add_argument("spec", nargs="?", metavar="SPEC",
                   help="a TOML spec: the cards on its example (default: the article's 我 爱 你)")
    p.add_argument("-l", "--lang", choices=("zh", "en", "both"), default="both",
                   help="card language (default: both, each card in zh then en)")
    p.add_argument("-f", "--format", choices=FORMATS,
                   help="output format (default: from the -o file name, else md)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def pick_format(fmt: str | None, output: str | None) -> str:
    """--format, else the -o file's extension, else md."""
    from ..errors import SymattnError
    if fmt:
        return fmt
    if output and output != "-":
        ext = output.rsplit(".", 1)[-1].lower() if "." in output else ""
        if ext in FORMATS:
            return ext
        if ext == "markdown":
            return "md"
        raise SymattnError(f"cannot tell the format from the name {output!r}; give --format "
                           + "|".join(FORMATS))
    return "md"


def write_deck(deck, fmt: str, output: str | None, force: bool) -> None:
    import sys

    from ..cards import export
    from ..errors import SymattnError
    from ._output import emit
    if fmt == "apkg" and (not output or output == "-") and sys.stdout.isatty():
        raise SymattnError("an .apkg is binary; write it to a file with -o FILE.apkg")
    emit(export(deck, fmt), output, force=force)


def run(args) -> int:
    from ..cards import concept_deck, spec_deck
    from ._output import check_outputs
    fmt = pick_format(args.format, args.output)
    check_outputs({"-o": args.output}, force=args.force, inputs=(args.spec,))  # before the deck is built
    if args.spec:
        from ..spec import load_spec
        deck = spec_deck(load_spec(args.spec), args.lang)
    else:
        deck = concept_deck(args.lang)
    write_deck(deck, fmt, args.output, args.force)
    return 0
