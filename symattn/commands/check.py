"""``symattn check``: verify every hand calculation in a Markdown or LaTeX article."""

from __future__ import annotations

HELP = "check the hand calculations of a Markdown or LaTeX article, line by line"
DESCRIPTION = """\
Check every equation of an article against exact values computed by symattn.

Reads $...$, $$...$$, \\[...\\], equation/align environments, code fences with
nested lists, Markdown/ASCII tables, plain-text arrays and Unicode math (× · √ ≈ ᵀ).
It builds the symbol table the article defines (X, Q, K, K^T, Scores, Scaled
Scores, Attention Weights, ...) and checks each claim two ways: stepwise, against
the article's own earlier numbers (one slip is reported once), and end to end,
from its inputs (rounding that drifts is caught).  A decimal is checked at the
precision it is printed with: 0.45 means the exact value is in [0.445, 0.455).

Each claim is reported as exact (✓), rounded (≈), wrong (✗) or unverifiable (?,
with the reason).  A wrong claim names the entry, the printed and the exact
value, and the common mistake that reproduces the printed numbers, if one does
(no scaling, d_k instead of √d_k, √d_model, softmax over columns, K instead of
Kᵀ, rounding early, e ≈ 2.7).  The article is never modified.
"""
EPILOG = """\
examples:
  symattn check article.md                 human report with ✓ ≈ ✗ ? and line numbers
  symattn check article.md --format json   machine-readable: {"file", "claims", "summary"}
  symattn check paper.tex -o report.txt    a LaTeX document; report written to a file
  symattn check post.md && echo clean      exit code 0: nothing wrong

exit codes: 0 nothing is wrong, 1 at least one claim is wrong, 2 bad input or usage.
"""

FORMATS = ("text", "json")


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE", help="the article: Markdown (.md) or LaTeX (.tex)")
    p.add_argument("-f", "--format", choices=FORMATS, default="text", help="report format (default: text)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the report to OUT instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite OUT if it exists")


def run(args) -> int:
    from ..check import check_file
    from ..check.report import render_json, render_text
    from ..errors import SymattnError
    from ._output import emit

    if args.output and args.output != "-":
        from pathlib import Path
        try:
            if Path(args.output).resolve() == Path(args.file).resolve():
                raise SymattnError("the report would overwrite the article", file=args.output)
        except OSError:
            pass
    report = check_file(args.file)
    text = render_json(report) if args.format == "json" else render_text(report)
    emit(text, args.output, force=args.force)
    return report.exit_code
