"""Printable worksheets to fill in (``symattn exercise --worksheet``), in the manner of "AI by Hand":
the given matrices written out, every asked quantity a blank grid of its shape, the key on a page of
its own (or in a file of its own with ``--part key``).

The grids' shapes and labels are read off the exercise's derivation (the same steps the key prints), so
a grid always has the shape of its answer.  Markdown and LaTeX (xelatex, then PDF) come from one list
of blanks per task.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import SymattnError
from .exercise import Exercise, answer_key, header, name, tasks, tex_document
from .model import Text

__all__ = ["Blank", "blanks", "worksheet_document", "FORMATS"]

FORMATS = ("md", "tex", "pdf")

#: (width, height) of a cell in cm, by what goes in it
_CELL = {"whole": (1.0, 0.75), "half": (1.2, 0.8), "decimal": (1.5, 0.75), "exact": (2.9, 1.35)}
_ROOM = 13.5   # cm across the page for the cells (A4, 2 cm margins, a list item's indent, the row labels)
_MD_CELL = {"whole": 3, "half": 3, "decimal": 4, "exact": 8}   # em spaces in a Markdown cell

_W = {"sums": Text(r"\textstyle\sum_j a_{ij}", r"\textstyle\sum_j a_{ij}")}  # the row sums' grid


@dataclass(frozen=True)
class Blank:
    """One grid to fill in."""

    name: str                 # LaTeX before the grid, with its relation: "\text{Scores} =", "A_1 \approx"
    rows: tuple[str, ...]     # row labels: the tokens, or 1, 2, … for rows that are dimensions
    cols: tuple[str, ...]     # column labels, likewise
    kind: str                 # "whole", "half", "decimal" or "exact": how much room a cell needs


def _grid(ex: Exercise, step_id: str, label: str, kind: str) -> Blank:
    step = ex.derivation.step(step_id)
    rows, cols = step.shape
    return Blank(label, tuple(step.row_labels) or tuple(map(str, range(1, rows + 1))),
                 tuple(step.col_labels) or tuple(map(str, range(1, cols + 1))), kind)


def blanks(ex: Exercise) -> dict[str, list[Blank]]:
    """The grids under each task (by task key), shaped like the derivation's steps."""
    lang = ex.spec.lang
    weights, scaled = name("weights", lang), name("scaled", lang)
    sums = [Blank(f"{_W['sums'][lang]} =", tuple(ex.spec.tokens), ("",), "decimal")]

    def grid(step_id, label, kind):
        return lambda: _grid(ex, step_id, label, kind)

    def softmax():
        return [_grid(ex, "weights", f"{weights} =", "exact"), _grid(ex, "weights", f"{weights} \\approx", "decimal")]

    def heads(make):
        return lambda: [b for k in range(1, dict(ex.spec.options)["heads"] + 1) for b in make(k)]

    table = {
        "t1": grid("keys_transposed", "K^T =", "whole"),
        "t2": grid("scores", f"{name('scores', lang)} =", "whole"),
        "t3": grid("scaled_scores", f"{scaled} =", "half"),
        "t4": softmax,
        "t5": lambda: [_grid(ex, "output", f"{weights} \\times V =", "exact"),
                       _grid(ex, "output", f"{weights} \\times V \\approx", "decimal")],
        "t6": lambda: sums,
        "m1": grid("mask", "M =", "whole"),
        "m2": grid("masked_scores", f"{name('masked', lang)} =", "half"),
        "m3": softmax,
        "h2": heads(lambda k: [_grid(ex, f"head{k}_weights", f"Q_{k} K_{k}^T =", "whole"),
                               _grid(ex, f"head{k}_weights", f"\\frac{{Q_{k} K_{k}^T}}{{\\sqrt{{d_h}}}} =", "half"),
                               _grid(ex, f"head{k}_weights", f"A_{k} =", "exact"),
                               _grid(ex, f"head{k}_weights", f"A_{k} \\approx", "decimal")]),
        "h3": lambda: heads(lambda k: [_grid(ex, f"head{k}_output", f"{name('head', lang)}_{k} =", "exact")])()
        + [_grid(ex, "concat", f"{name('concat', lang)} =", "exact")],
        "b1": lambda: [_grid(ex, "grad_values", "dV =", "exact"), _grid(ex, "grad_weight", "dA =", "whole")],
        "b2": lambda: [_grid(ex, "row_dot", "D =", "exact"), _grid(ex, "grad_scaled_scores", r"d\tilde{S} =", "exact"),
                       _grid(ex, "grad_scaled_scores", r"d\tilde{S} \approx", "decimal")],
        "b3": lambda: [_grid(ex, "grad_queries", "dQ =", "exact"), _grid(ex, "grad_keys", "dK =", "exact")],
    }
    out = {}
    for key, _ in tasks(ex):
        made = table[key]() if key in table else []
        out[key] = made if isinstance(made, list) else [made]
    return out


# --- LaTeX ------------------------------------------------------------------------------------------

def _tex_label(text: str) -> str:
    from .escape import literal
    from .render.tex import escape_text
    return escape_text(literal(text))


def _tex_grid(b: Blank) -> list[str]:
    width, height = _CELL[b.kind]
    width = min(width, round(_ROOM / len(b.cols), 2))
    n = len(b.cols)
    head = " & ".join(r"\multicolumn{1}{c}{%s}" % _tex_label(c) for c in b.cols)
    # a minipage keeps the name with its grid on one page
    lines = [r"\par\smallskip\noindent\begin{minipage}{\linewidth}", r"$%s$" % b.name, r"\begin{center}",
             r"\begin{tabular}{r|*{%d}{p{%gcm}|}}" % (n, width),
             r"\multicolumn{1}{r}{} & %s \\ \cline{2-%d}" % (head, n + 1)]
    for r in b.rows:
        lines.append(r"%s\rule{0pt}{%gcm} &%s \\ \cline{2-%d}" % (_tex_label(r), height, " &" * (n - 1), n + 1))
    return lines + [r"\end{tabular}", r"\end{center}", r"\end{minipage}"]


def _tex_worksheet(ex: Exercise) -> str:
    from .exercise import _T, _givens
    from .render.tex import escape_text
    lang = ex.spec.lang
    toks, sizes, given = header(ex, lang)
    grids = blanks(ex)
    out = [r"\section*{%s}" % escape_text(ex.derivation.title[lang]), _tex_label(toks) + r"\\",
           escape_text(sizes) + r"\\", escape_text(given), ""]
    for g in _givens(ex):
        out += [r"\[", g, r"\]"]
    out += ["", r"\subsection*{%s}" % escape_text(_T["tasks"][lang]), r"\begin{enumerate}"]
    for key, task in tasks(ex):
        out.append(r"\item " + escape_text(task))
        for b in grids.get(key, ()):
            out += _tex_grid(b)
    return "\n".join(out + [r"\end{enumerate}", ""])


# --- Markdown ---------------------------------------------------------------------------------------

def _md_label(text: str) -> str:
    from .escape import literal, md_text
    return md_text(literal(text))


def _md_grid(b: Blank) -> list[str]:
    cell = "&emsp;" * _MD_CELL[b.kind]
    lines = [f"${b.name}$", "", "| | " + " | ".join(_md_label(c) for c in b.cols) + " |",
             "|---|" + ":-:|" * len(b.cols)]
    lines += [f"| **{_md_label(r)}** | " + " | ".join([cell] * len(b.cols)) + " |" for r in b.rows]
    return lines + [""]


def _md_worksheet(ex: Exercise) -> str:
    from .exercise import _T, _givens
    lang = ex.spec.lang
    toks, sizes, given = header(ex, lang)
    grids = blanks(ex)
    out = [f"# {ex.derivation.title[lang]}", "", _md_label(toks) + "  ", sizes, "", given, ""]
    out += [f"${g}$\n" for g in _givens(ex)]
    out += [f"## {_T['tasks'][lang]}", ""]
    for n, (key, task) in enumerate(tasks(ex), 1):
        out += [f"{n}. {task}", ""]
        for b in grids.get(key, ()):
            out += ["   " + line if line else "" for line in _md_grid(b)]
    return "\n".join(out)


#: a page break where the Markdown is printed (browsers, pandoc's HTML, Typora), invisible elsewhere
MD_PAGE_BREAK = '<div style="page-break-before: always"></div>'


def worksheet_document(ex: Exercise, fmt: str = "md", part: str = "all") -> str | bytes:
    """The worksheet with its grids and the key on a page of its own (``part="all"``), the worksheet
    alone, or the key alone; Markdown, LaTeX, or PDF (bytes) through xelatex."""
    if fmt not in FORMATS:
        raise SymattnError(f"a worksheet is {', '.join(FORMATS)}, not {fmt!r}", entry="--format")
    if part not in ("all", "worksheet", "key"):
        raise SymattnError(f"a worksheet's part is all, worksheet or key, not {part!r}", entry="--part")
    lang = ex.spec.lang
    if fmt == "md":
        pieces = []
        if part != "key":
            pieces.append(_md_worksheet(ex))
        if part == "all":
            pieces += [MD_PAGE_BREAK, ""]
        if part == "key":
            pieces.append(f"# {ex.derivation.title[lang]}\n")
        if part != "worksheet":
            pieces.append(answer_key(ex, "md"))
        return "\n".join(pieces).rstrip("\n") + "\n"
    pieces = []
    if part != "key":
        pieces.append(_tex_worksheet(ex))
    if part == "all":
        pieces.append(r"\clearpage")
    if part == "key":
        from .render.tex import escape_text
        pieces.append(r"\section*{%s}" % escape_text(ex.derivation.title[lang]))
    if part != "worksheet":
        pieces.append(answer_key(ex, "tex"))
    tex = tex_document("\n".join(pieces).rstrip("\n") + "\n", lang)
    if fmt == "tex":
        return tex
    from .render.pdf import compile_tex
    return compile_tex(tex)[0]
