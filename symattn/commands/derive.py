"""``symattn derive``: the step-by-step derivation of a spec, or of the article's example."""

from __future__ import annotations

HELP = "derive attention step by step, exactly (default: the article's 我 爱 你 example)"
DESCRIPTION = """\
Derive scaled dot-product attention step by step: the formula, the numbers
substituted, one entry written out, the exact value, then decimals.

With no SPEC, derives the built-in example of the article "从零手推 Attention"
(tokens 我 爱 你, d_k = 4).  A SPEC is a TOML file with the keys tokens, X,
W_Q, W_K, W_V (or Q, K, V directly), d_k, digits, lang; see derivations/*.toml.

With --from-article POST.md, derives the example of an article: its inputs as
`symattn check` reads them, its tokens, d_k, language, names and decimals.
Where the article is ambiguous, one line per choice goes to standard error;
--spec-out writes the spec used, to edit and derive again.
"""
EPILOG = """\
examples:
  symattn derive                          the article's example, Markdown, Chinese
  symattn derive --lang en --format text  the same in English, plain text
  symattn derive --format json            machine-readable exact and numeric values
  symattn derive my.toml -o my.md         your own example, written to a file
  symattn derive --format tex -o a.tex    a standalone LaTeX document (xelatex; A4, --paper letter)
  symattn derive --format tex --body      a fragment to \\input into your paper
  symattn derive --format tex --compact   one chain per step: formula = numbers = exact ≈ decimals
  symattn derive --format pdf -o a.pdf    that document compiled (needs xelatex)
  symattn derive --format html -o a.html  one self-contained page (KaTeX inlined, works offline)
  symattn derive --step weights           one step only (repeat --step for more)
  symattn derive --entry 2,3              entry (2,3) of every step written out, exact and decimal
  symattn derive --entry weights:2,3 --entry weights:3,1
                                          two entries of one step
  symattn derive --entry all              every entry of each step up to 4x4
  symattn derive --from-article post.md --spec-out post.toml
                                          an article's own example, in its own terms
"""

def _topics() -> str:
    from ..topics import SUMMARIES
    width = max(map(len, SUMMARIES))
    return "topics (topic = \"...\" in a SPEC; derivations/ has an example of each):\n" + "".join(
        f"  {name.ljust(width)}  {line}\n" for name, line in SUMMARIES.items())


EPILOG = EPILOG + "\n" + _topics()

FORMATS = ("md", "tex", "html", "text", "json", "pdf")


def add_arguments(p) -> None:
    p.add_argument("spec", nargs="?", metavar="SPEC", help="a TOML spec file (default: the article's example)")
    p.add_argument("-f", "--format", choices=FORMATS, default="md", help="output format (default: md)")
    p.add_argument("-l", "--lang", choices=("zh", "en"), help="narration language (default: the spec's lang, else the language of its tokens and title; "
                        "the built-in example is zh)")
    p.add_argument("-d", "--digits", type=int, metavar="N", help="decimal places of the numeric level (default: 4)")
    p.add_argument("--step", action="append", metavar="ID",
                   help="only the step with this id (scores, weights, output, …); repeatable")
    p.add_argument("--entry", action="append", metavar="I,J",
                   help="write out entry (I,J) of each step (rows and columns from 1), of one step with "
                        "STEP:I,J, or every entry of matrices up to 4x4 with all (STEP:all); repeatable")
    p.add_argument("--body", action="store_true",
                   help="with --format tex: a fragment to \\input into your document (no preamble)")
    p.add_argument("--compact", action="store_true",
                   help="with --format tex or pdf: one chain per step, formula = substituted = exact ≈ numeric")
    p.add_argument("--paper", choices=("a4", "letter"), default=None,
                   help="with --format tex or pdf: the paper size (default: a4)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite FILE (and --spec-out) if it exists")
    p.add_argument("--from-article", metavar="POST", help="derive the example of this Markdown or LaTeX article")
    p.add_argument("--spec-out", metavar="SPEC", help="with --from-article: write the spec used to SPEC (TOML)")


def run(args) -> int:
    from ..render import render
    from ..topics import derive
    from ..entries import parse_entry
    from ..errors import SymattnError
    from ._output import check_outputs, emit
    from ._spec import spec_from_args

    picks = [parse_entry(e) for e in args.entry or ()]  # before any work: a bad --entry is one line
    options = _tex_options(args)
    if args.format == "pdf":
        _check_pdf_target(args.output)
    if args.spec_out and not args.from_article:
        raise SymattnError("--spec-out needs --from-article POST")
    # every output checked before anything is written: a refused --spec-out never follows a written -o
    check_outputs({"-o": args.output or "-", "--spec-out": args.spec_out}, force=args.force,
                  inputs=(args.spec, args.from_article))
    plan = None
    if args.from_article or args.spec_out:
        spec, plan = _from_article(args)
    else:
        spec = spec_from_args(args)
    derivation = _derive_located(spec, derive)
    if args.step:
        derivation = _only(derivation, args.step)
    if picks:
        derivation = _with_entries(derivation, picks)
    text = render(derivation, args.format, spec.lang, **options)
    emit(text, args.output, force=args.force)
    if plan is not None and args.spec_out:
        emit(plan.toml, args.spec_out, force=args.force)
    return 0


def _derive_located(spec, derive):
    """Derive; an error about one of the spec file's entries names its TOML line."""
    from ..errors import SymattnError
    try:
        return derive(spec)
    except SymattnError as exc:
        if not spec.source or exc.file not in (None, spec.source) or exc.line or not exc.entry:
            raise
        from ..io import read_text
        from ..spec import with_line
        try:
            text = read_text(spec.source, limit="MAX_SPEC_BYTES")
        except SymattnError:
            raise exc from None
        raise with_line(exc.located(file=spec.source), text) from None


def _tex_options(args) -> dict:
    """--body, --compact and --paper, for the formats that take them (a one-line error for the others)."""
    from ..errors import SymattnError
    given = {"body": args.body, "compact": args.compact, "paper": args.paper}
    takes = {"tex": ("body", "compact", "paper"), "pdf": ("compact", "paper")}.get(args.format, ())
    for name, value in given.items():
        if value and name not in takes:
            raise SymattnError(f"--{name} needs --format tex" + (" or pdf" if name != "body" else ""))
    return {k: v for k, v in given.items() if v}


def _from_article(args):
    """The article's spec (with --digits and --lang applied); its choices as notes on stderr."""
    import sys
    from dataclasses import replace

    from ..errors import SymattnError, _printable, shown
    from ..from_article import load_article
    from ._spec import with_options

    if not args.from_article:
        raise SymattnError("--spec-out needs --from-article POST")
    if args.spec:
        raise SymattnError("give a SPEC or --from-article POST, not both")
    spec, plan = load_article(args.from_article)
    spec = with_options(spec, args)
    if args.digits is not None or args.lang:  # the spec written is the spec derived
        import re
        toml = re.sub(r"(?m)^digits = \d+$", f"digits = {spec.digits}", plan.toml)
        plan = replace(plan, toml=re.sub(r'(?m)^lang = "\w+"$', f'lang = "{spec.lang}"', toml))
    for line in plan.choices:
        print(_printable(f"symattn: note: {shown(args.from_article)}: {line}"), file=sys.stderr)
    return spec, plan


def _with_entries(derivation, picks):
    """The asked entries written out; what ``all`` leaves out is a note on stderr."""
    import sys

    from ..entries import with_entries
    from ..errors import _printable
    derivation, notes = with_entries(derivation, picks)
    for line in notes:
        print(_printable(f"symattn: note: {line}"), file=sys.stderr)
    return derivation


def _only(derivation, step_ids):
    from ..api import only_steps
    return only_steps(derivation, step_ids)


def _check_pdf_target(output: str | None) -> None:
    """Before any work: PDF needs xelatex, and never goes to a terminal."""
    import sys

    from ..errors import SymattnError
    from ..render.pdf import xelatex_missing

    reason = xelatex_missing()
    if reason:
        raise SymattnError(f"--format pdf: {reason}")
    if (not output or output == "-") and sys.stdout.isatty():
        raise SymattnError("--format pdf writes binary data: give -o FILE.pdf (or redirect standard output)")
