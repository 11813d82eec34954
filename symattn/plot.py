"""Heatmaps of attention weights: one panel per weights step, tokens on the axes,
each cell annotated with its decimals and its exact value.

Works on any :class:`~symattn.model.Derivation`: every weights step (id ``weights…``
or ``…_weights``: plain, masked, one per head or GQA group) gets a panel.  matplotlib
is an optional extra (``pip install 'symattn[plot]'``), imported only here.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from . import limits
from .errors import SymattnError
from .escape import literal, mathtext_text
from .model import Derivation, Step
from .numeric import fixed
from .printing import Printer

__all__ = ["plot", "weight_steps", "cjk_font", "Panel", "panels", "FORMATS"]

FORMATS = ("png", "svg")

#: CJK fonts to look for, best first (Debian fonts-noto-cjk provides the first)
CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Serif CJK SC", "Source Han Sans SC",
             "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Droid Sans Fallback",
             "AR PL UMing CN", "SimHei", "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB")

@dataclass(frozen=True)
class Panel:
    """What one heatmap shows: plain data, so it can be tested without matplotlib."""

    title: str                          # the step's title
    rows: tuple[str, ...]               # row labels (query tokens)
    cols: tuple[str, ...]               # column labels (key tokens)
    values: tuple[tuple[float | None, ...], ...]  # the weights as floats (None where symbolic)
    decimals: tuple[tuple[str, ...], ...]  # each cell's value to N decimals ("" where symbolic)
    exact: tuple[tuple[str, ...], ...]     # each cell's exact value as mathtext ("" if an integer or too long)
    legend: tuple[str, ...] = ()           # the denominators D_k the cells name, and what was left out


def weight_steps(derivation: Derivation) -> list[Step]:
    """The steps drawn: weights (``weights``, ``head1_weights`` …) with at least one numeric entry."""
    from .render.common import is_weights

    return [s for s in derivation.steps if is_weights(s) and any(v is not None for row in s.numeric for v in row)]


def _exact_label(value, printer: Printer) -> str | None:
    if value.free_symbols or value.is_Integer:
        return None
    tex = printer.doprint(value)
    if len(tex) > limits.MAX_PLOT_LABEL_CHARS or not tex.isascii():
        return None
    return f"${tex}$"


def panels(derivation: Derivation, lang: str | None = None) -> list[Panel]:
    """One :class:`Panel` per weights step.

    >>> from symattn import derive_article
    >>> p = panels(derive_article())[0]
    >>> p.rows, p.decimals[0][0], p.exact[0][0]
    (('我', '爱', '你'), '0.4519', '$\\\\frac{e^{1/2}}{e^{1/2} + 2}$')
    """
    lang = lang or derivation.lang
    steps = weight_steps(derivation)
    if not steps:
        raise SymattnError("nothing to plot: no step of this derivation holds numeric attention weights "
                           "(give numbers for Q and K, or X and W_Q, W_K)")
    printer = Printer({"token_order": derivation.tokens})
    out = []
    for step in steps:
        n_rows, n_cols = step.shape
        rows = step.row_labels or tuple(derivation.tokens[:n_rows]) or tuple(str(i + 1) for i in range(n_rows))
        cols = step.col_labels or tuple(derivation.tokens[:n_cols]) or tuple(str(j + 1) for j in range(n_cols))
        values = tuple(tuple(None if v is None else float(v) for v in row) for row in step.numeric)
        decimals = tuple(tuple("" if v is None else fixed(v, derivation.digits) for v in row)
                         for row in step.numeric)
        exact, legend = _cell_labels(step.exact, printer, lang)
        out.append(Panel(step.title[lang], tuple(rows), tuple(cols), values, decimals, exact, legend))
    return out


def _cell_labels(M, printer: Printer, lang: str):
    """Each cell's exact value; one too long for its cell becomes numerator / D_k, with
    D_k (a row's shared denominator) spelled out once in the legend."""
    import sympy as sp

    names: dict = {}
    omitted = 0
    cells = []
    for i in range(M.rows):
        row = []
        for j in range(M.cols):
            value = M[i, j]
            label = _exact_label(value, printer)
            if label is None and not (value.free_symbols or value.is_Integer):
                num, den = sp.fraction(value)
                top = printer.doprint(num)
                if den != 1 and len(top) <= limits.MAX_PLOT_LABEL_CHARS and top.isascii():
                    name = names.setdefault(den, f"D_{{{len(names) + 1}}}")
                    label = f"$\\frac{{{top}}}{{{name}}}$"
                else:
                    omitted += 1
            row.append(label or "")
        cells.append(tuple(row))
    legend = [f"${name} = {printer.doprint(den)}$" for den, name in names.items()]
    if omitted:
        legend.append(f"{omitted} 个精确值太长，未画出（见 symattn derive）" if lang == "zh" else
                      f"{omitted} exact values too long to show (see symattn derive)")
    return tuple(cells), tuple(legend)


def cjk_font() -> str | None:
    """The family name of an installed CJK font, or None."""
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    found = next((n for n in CJK_FONTS if n in names), None)
    if found is None:  # a font installed after matplotlib cached its list: look at the files
        for path in font_manager.findSystemFonts():
            if "cjk" in path.lower() or "wqy" in path.lower():
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        names = {f.name for f in font_manager.fontManager.ttflist}
        found = next((n for n in CJK_FONTS if n in names), None)
    return found


def _needs_cjk(texts) -> bool:
    return any(0x2E80 <= ord(ch) <= 0x9FFF or 0xAC00 <= ord(ch) <= 0xD7AF or 0xFF00 <= ord(ch) <= 0xFFEF
               for t in texts for ch in t)


def plot(derivation: Derivation, fmt: str = "png", lang: str | None = None, *, dpi: int = 150) -> bytes:
    """The heatmaps as PNG or SVG bytes (deterministic: no dates or versions embedded)."""
    if fmt not in FORMATS:
        raise SymattnError(f"unknown plot format {fmt!r}; choose one of {', '.join(FORMATS)}")
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise SymattnError("symattn plot needs matplotlib: pip install 'symattn[plot]'") from None
    lang = lang or derivation.lang
    shown = panels(derivation, lang)
    limits.check_plot(len(shown))
    title = derivation.title[lang]
    family = ["DejaVu Sans"]
    texts = [title] + [t for p in shown for t in (p.title, *p.rows, *p.cols)]
    if _needs_cjk(texts):
        cjk = cjk_font()
        if cjk:
            family = [cjk, "DejaVu Sans"]
        else:
            warnings.warn("no CJK font found (install one, e.g. Debian's fonts-noto-cjk); "
                          "Chinese labels may show as empty boxes", stacklevel=2)
    rc = {"font.family": family, "svg.hashsalt": "symattn", "axes.unicode_minus": False}
    with matplotlib.rc_context(rc):
        cols = 2 if len(shown) == 4 else min(len(shown), 3)  # four heads as 2 x 2
        rows = -(-len(shown) // cols)
        size = max(max(len(p.cols) for p in shown), 2)
        cell = 1.15 if size <= 6 else 0.75
        fig = Figure(figsize=(cols * (size * cell + 1.6), rows * (size * cell + 1.4) + 0.5), layout="constrained")
        axes = fig.subplots(rows, cols, squeeze=False)
        for ax, panel in zip(axes.flat, shown):
            image = _draw(ax, panel, size, lang)
        fig.colorbar(image, ax=axes, shrink=0.6, label="weight" if lang != "zh" else "权重 (weight)")
        for ax in list(axes.flat)[len(shown):]:
            ax.set_visible(False)
        fig.suptitle(mathtext_text(title), fontsize=13)
        buf = io.BytesIO()
        metadata = {"Software": None} if fmt == "png" else {"Date": None, "Creator": None}
        try:
            fig.savefig(buf, format=fmt, dpi=dpi, metadata=metadata)
        except (ValueError, RuntimeError, OverflowError) as exc:  # the renderer refused a label or a size
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise SymattnError(f"matplotlib cannot draw this plot: {first}") from None
    return buf.getvalue()


def _draw(ax, panel: Panel, size: int, lang: str):
    import numpy as np

    data = np.array([[np.nan if v is None else v for v in row] for row in panel.values], dtype=float)
    image = ax.imshow(data, cmap="Blues", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(len(panel.cols)), labels=[mathtext_text(literal(t)) for t in panel.cols])
    ax.set_yticks(range(len(panel.rows)), labels=[mathtext_text(literal(t)) for t in panel.rows])
    ax.tick_params(top=True, bottom=False, labeltop=True, labelbottom=False, labelsize=11)
    ax.set_xlabel("\n".join(["键 key" if lang == "zh" else "key", *map(mathtext_text, panel.legend)]), fontsize=9)
    ax.set_ylabel("查询 query" if lang == "zh" else "query", fontsize=9)
    ax.set_title(mathtext_text(panel.title), fontsize=11)
    fontsize = 10 if size <= 4 else (7 if size <= 6 else 5)
    for i, row in enumerate(panel.decimals):
        for j, text in enumerate(row):
            v = panel.values[i][j]
            color = "white" if v is not None and v > 0.55 else "black"
            exact = panel.exact[i][j]
            ax.text(j, i - (0.17 if exact else 0), text, ha="center", va="center", color=color,
                    fontsize=fontsize, fontweight="bold")
            if exact:
                ax.text(j, i + 0.17, exact, ha="center", va="center", color=color, fontsize=fontsize + 2)
    return image
