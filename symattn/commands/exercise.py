"""``symattn exercise``: a fresh practice problem that can be done by hand, with an exact answer key."""

from __future__ import annotations

HELP = "a practice problem to do by hand, with an exact answer key (and optional drill cards)"
DESCRIPTION = """\
Draw a small attention problem from a seed: small whole-number matrices Q, K
(0/1 entries; 1/2 when d_k = 1; Q uses 0/3 or 0/2 when d_k = 9 or 16) and V,
chosen so that every scaled score is a whole number or a half (d_k = --dim is
1, 4, 9 or 16, so sqrt(d_k) is whole).  The same seed always gives the same
problem.

The worksheet lists the tasks (K^T, QK^T, the scaling, the row softmax, the
output).  The answer key is symattn's own exact derivation of the problem,
written as the equation chains of the article (Q = ..., K^T = ...,
\\text{Scores} = Q \\times K^T = ..., \\text{Attention Weights} \\approx ...),
so 'symattn check' can confirm it line by line.
"""
EPILOG = """\
examples:
  symattn exercise                              seed 0, 3 tokens, d_k = 4: worksheet and key
  symattn exercise --seed 42 --tokens 4 --dim 1 --lang en
  symattn exercise --seed 7 --part worksheet -o ws.md      the problem only
  symattn exercise --seed 7 --part key -o key.md && symattn check key.md
  symattn exercise --seed 7 --format tex -o ex.tex         LaTeX (xelatex)
  symattn exercise --seed 7 --part spec -o ex.toml         the problem as a spec for 'symattn derive'
  symattn exercise --seed 7 --cards apkg -o drill.apkg     drill cards for this problem
  symattn exercise --topic mask --seed 7                   a causal mask: M, S~ + M, softmax
  symattn exercise --topic mha --seed 7                    two heads: per-head A_i, head_i, concat
  symattn exercise --topic backward --seed 7               an upstream gradient back to the gradients of V, A, S~, Q, K
  symattn exercise --worksheet --seed 7 -o ws.pdf          a printable worksheet: blank grids, the key on its own page
  symattn exercise --worksheet --part worksheet -o ws.md   the worksheet alone; --part key -o key.pdf: the key alone
limits: --tokens 2..6, --dim 1|4|9|16, --digits 0..6, --seed 0..2^63-1.
"""

PARTS = ("all", "worksheet", "key", "spec")


def add_arguments(p) -> None:
    from .. import limits
    from ..exercise import DIMS, TOPICS
    p.add_argument("-t", "--topic", choices=tuple(TOPICS), default="attention",
                   help="the kind of problem: " + ", ".join(TOPICS) + " (default: attention)")
    p.add_argument("-s", "--seed", type=int, default=0, metavar="S", help="random seed (default: 0)")
    fewest, most = limits.EXERCISE_MIN_TOKENS, limits.EXERCISE_MAX_TOKENS
    p.add_argument("-L", "--tokens", type=int, default=3, metavar="L",
                   help=f"number of tokens, {fewest} to {most} (default: 3)")
    p.add_argument("-D", "--dim", type=int, default=4, metavar="D",
                   help=f"d_k, the width of Q and K: one of {', '.join(map(str, DIMS))} (default: 4)")
    p.add_argument("-l", "--lang", choices=("zh", "en"), default="zh", help="language (default: zh)")
    p.add_argument("-d", "--digits", type=int, default=2, metavar="N",
                   help="decimal places in the key (default: 2, as in the article)")
    p.add_argument("-p", "--part", choices=PARTS, default="all",
                   help="worksheet, key, both (all, the default), or the problem as a TOML spec")
    p.add_argument("-f", "--format", choices=("md", "tex", "pdf"),
                   help="worksheet/key format (default: from the -o name, else md); pdf needs xelatex")
    p.add_argument("-w", "--worksheet", action="store_true",
                   help="a worksheet to fill in: every asked quantity a blank grid of its shape, the key on a "
                        "page of its own (or alone with --part key)")
    p.add_argument("--cards", choices=("apkg", "md", "tsv", "csv"), metavar="FORMAT",
                   help="write drill cards for this problem instead (apkg, md, tsv or csv)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def run(args) -> int:
    from ..errors import SymattnError
    from ..exercise import document, drill_deck, make_exercise, spec_toml
    from ._output import check_outputs, emit
    from .cards import write_deck

    if args.cards and (args.format or args.part != "all" or args.worksheet):
        raise SymattnError("--cards writes drill cards; it cannot be combined with --format, --part or --worksheet")
    if args.worksheet and args.part == "spec":
        raise SymattnError("--part spec writes TOML; drop --worksheet")
    check_outputs({"-o": args.output}, force=args.force)  # before the problem is made
    ex = make_exercise(args.seed, args.tokens, args.dim, lang=args.lang, digits=args.digits, topic=args.topic)
    if args.cards:
        write_deck(drill_deck(ex, args.lang), args.cards, args.output, args.force)
        return 0
    if args.part == "spec":
        if args.format:
            raise SymattnError("--part spec writes TOML; drop --format")
        emit(spec_toml(ex), args.output, force=args.force)
        return 0
    fmt = args.format or _format_of(args.output)
    if fmt == "pdf":
        _check_pdf_target(args.output)
    if args.worksheet:
        from ..worksheet import worksheet_document
        emit(worksheet_document(ex, fmt, args.part), args.output, force=args.force)
        return 0
    if fmt == "pdf":
        from ..render.pdf import compile_tex
        emit(compile_tex(document(ex, "tex", args.part))[0], args.output, force=args.force)
        return 0
    emit(document(ex, fmt, args.part), args.output, force=args.force)
    return 0


def _format_of(output: str | None) -> str:
    """md, or tex/pdf by the -o file's extension."""
    name = (output or "").lower()
    return "tex" if name.endswith(".tex") else "pdf" if name.endswith(".pdf") else "md"


def _check_pdf_target(output: str | None) -> None:
    """Before any work: PDF needs xelatex, and never goes to a terminal."""
    from .derive import _check_pdf_target as check
    check(output)
