"""``symattn plot``: heatmaps of the attention weights (PNG or SVG), one panel per weights step."""

from __future__ import annotations

HELP = "draw the attention weights as heatmaps (PNG/SVG), token labels and exact values"
DESCRIPTION = """\
Draw the attention weights of a derivation as heatmaps: tokens on the axes, each
cell annotated with its decimals and its exact value.  Every weights step gets a
panel: the plain weights, masked weights, one panel per head or GQA group.

Needs matplotlib: pip install 'symattn[plot]'.  Chinese tokens use an installed
CJK font (e.g. Debian's fonts-noto-cjk); without one you get a warning.
"""
EPILOG = """\
examples:
  symattn plot -o weights.png                 the article's example (我 爱 你)
  symattn plot derivations/wo-ai-ni-causal.toml -o causal.svg
  symattn plot my.toml --lang en -o my.png --dpi 200
"""


def add_arguments(p) -> None:
    p.add_argument("spec", nargs="?", metavar="SPEC", help="a TOML spec file (default: the article's example)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (.png or .svg); required for PNG "
                   "unless standard output is redirected")
    p.add_argument("-f", "--format", choices=("png", "svg"), help="image format (default: from FILE, else png)")
    p.add_argument("-l", "--lang", choices=("zh", "en"), help="title language (default: the spec's, else zh)")
    p.add_argument("-d", "--digits", type=int, metavar="N", help="decimal places in the cells (default: 4)")
    p.add_argument("--dpi", type=int, default=150, help="PNG resolution (default: 150)")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def run(args) -> int:
    import sys
    import warnings
    from pathlib import Path

    from .. import limits
    from ..errors import SymattnError
    from ..plot import plot
    from ..topics import derive
    from ._spec import spec_from_args
    from ._output import check_outputs, emit

    fmt = args.format
    if fmt is None and args.output and args.output != "-":
        fmt = Path(args.output).suffix.lower().lstrip(".")
        if fmt not in ("png", "svg"):
            raise SymattnError("cannot tell the image format from the file name; use .png or .svg, "
                               "or --format", file=args.output)
    fmt = fmt or "png"
    if fmt == "png" and (not args.output or args.output == "-") and sys.stdout.isatty():
        raise SymattnError("a PNG is binary data: give -o FILE.png (or redirect standard output)")
    if not 1 <= args.dpi <= limits.PLOT_MAX_DPI:
        raise SymattnError(f"--dpi must be from 1 to {limits.PLOT_MAX_DPI}")
    check_outputs({"-o": args.output}, force=args.force, inputs=(args.spec,))  # before the drawing
    spec = spec_from_args(args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        image = plot(derive(spec), fmt, spec.lang, dpi=args.dpi)
    for w in caught:  # the one clear line; matplotlib's per-glyph complaints repeat it
        if str(w.message).startswith("no CJK font found"):
            print(f"symattn: warning: {w.message}", file=sys.stderr)
    emit(image, args.output, force=args.force)
    return 0
