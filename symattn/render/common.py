"""What every renderer shows of a step: its four levels as LaTeX, and labels."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..model import Derivation, Step, Text
from ..numeric import fixed
from ..printing import Printer

__all__ = ["Block", "blocks", "chain", "entry_caption", "entry_decimals", "LABELS", "numeric_rows", "table_rows", "printer_for", "is_weights", "numbered",
           "names_printer", "shows"]

LABELS = {
    "formula": Text("公式", "Formula"),
    "substituted": Text("代入数字", "Numbers substituted"),
    "expanded": Text("展开一项", "One entry written out"),
    "exact": Text("精确值", "Exact value"),
    "numeric": Text("数值", "Numeric value"),
    "step": Text("第 {n} 步：", "Step {n}: "),  # Chinese text takes full-width punctuation
    "decimals": Text("（保留 {d} 位小数）", " ({d} decimals)"),
    "sources": Text("参考文献", "Sources"),
}


@dataclass(frozen=True)
class Block:
    """One displayed equation of a step."""

    level: str   # "formula", "substituted", "expanded", "exact" or "numeric"
    latex: str   # a complete display equation, without delimiters
    parts: tuple[str, ...] = ()  # the sides joined by "=" in ``latex``, for line breaking
    places: int | None = None    # decimals shown by a numeric block
    entry: tuple[int, int] | None = None  # an entry asked for by name (0-based row, column)


def numbered(derivation: Derivation, lang: str):
    """(``"Step n: "``, step) for each step; None instead of the label for a step without a heading."""
    numbers = derivation.numbers or range(1, len(derivation.steps) + 1)
    for n, step in zip(numbers, derivation.steps):
        yield (None if n is None else LABELS["step"][lang].format(n=n)), step


def is_weights(step: Step) -> bool:
    """Attention weights, drawn as a heatmap: ids ``weights``, ``weights_masked``, ``head2_weights`` …

    >>> [is_weights(Step(i, Text("", ""), *[None] * 6)) for i in ("weights", "head1_weights", "scores")]
    [True, True, False]
    """
    return step.id.startswith("weights") or "weights" in step.id.split("_")


class NamesPrinter(Printer):
    """Prints each renamed matrix symbol (``S``) or named quantity under the author's name."""

    _default_settings = dict(Printer._default_settings, names={})

    def _print_MatrixSymbol(self, expr):
        name = self._settings["names"].get(str(expr.name))
        return name if name is not None else super()._print_MatrixSymbol(expr)

    def _print_Named(self, expr):
        name = self._settings["names"].get(expr.plain_name)
        return name if name is not None else super()._print_Named(expr)


def names_printer(names: dict, tokens=()) -> Printer:
    return NamesPrinter({"token_order": tuple(tokens), "names": dict(names)})


def printer_for(derivation: Derivation) -> Printer:
    names = dict(derivation.meta).get("names")
    if names:
        return names_printer(names, derivation.tokens)
    return Printer({"token_order": derivation.tokens})


def shows(derivation: Derivation, level: str) -> bool:
    """Whether the document shows this level (a spec's ``levels``; "entry" is the written-out entry)."""
    levels = dict(derivation.meta).get("levels")
    return levels is None or ("entry" if level == "expanded" else level) in levels


def exact_places(step: Step, digits: int, most: int = 8) -> int:
    """Decimals to show: ``digits``, or more when every entry is a decimal that ``digits``
    places would round and ``most`` places show exactly (X W of 0.5 and 0.65 is 0.325):
    a rounded operand would not give the next step's printed values.

    >>> exact_places(Step("q", Text("", ""), None, None, None, (), sp.ImmutableMatrix([[sp.Rational(13, 40), 1]]), ()), 2)
    3
    """
    need = digits
    for e in step.exact:
        if not e.is_Rational:
            return digits
        places = _places(e, most)
        if places is None:
            return digits
        need = max(need, places)
    return need


def _places(e, most: int) -> int | None:
    """The decimals that write the rational ``e`` exactly, or None beyond ``most``."""
    for places in range(most + 1):
        if (e * 10 ** places).is_Integer:
            return places
    return None


def numeric_rows(step: Step, digits: int) -> list[list[str | None]]:
    """Numeric entries as fixed-point strings (None where symbolic); exact decimals in full."""
    places = exact_places(step, digits)
    if places > digits:
        return [[_decimal(e, places) for e in step.exact.row(i)] for i in range(step.exact.rows)]
    return [[None if v is None else fixed(v, digits) for v in row] for row in step.numeric]


def _decimal(e, places: int) -> str:
    from decimal import Decimal, localcontext
    with localcontext() as ctx:
        ctx.prec = len(str(e.p)) + places + 10  # exact: e * 10^places is a whole number
        return f"{Decimal(int(e.p)) / Decimal(int(e.q)):.{places}f}"


def table_rows(step: Step, digits: int) -> list[list[str]] | None:
    """Cells of the token-labelled table of a step, or None when it has none (no
    labels on both sides, or symbolic entries).  Whole numbers stay as they are
    when every entry is one (scores, a head map), else the numeric level's decimals."""
    if not (step.row_labels and step.col_labels):
        return None
    if all(e.is_Integer for e in step.exact):
        return [[str(step.exact[i, j]) for j in range(step.exact.cols)] for i in range(step.exact.rows)]
    rows = numeric_rows(step, digits)
    return None if any(v is None for row in rows for v in row) else rows


def _scalar_or_matrix(m):
    """A 1×1 result is a scalar: print it without a bmatrix around it."""
    return m[0, 0] if m.shape == (1, 1) else m


def _numeric_latex(step: Step, digits: int, p: Printer) -> str | None:
    rows = numeric_rows(step, digits)
    if all(v is None for row in rows for v in row):
        return None
    if step.exact.shape == (1, 1):
        return rows[0][0]
    return p.matrix_of([[v if v is not None else p.doprint(step.exact[i, j]) for j, v in enumerate(row)]
                        for i, row in enumerate(rows)])


def _needs_numeric(step: Step) -> bool:
    return any(not e.is_Integer for e in step.exact if not e.free_symbols) and \
        any(v is not None for row in step.numeric for v in row)


def blocks(step: Step, derivation: Derivation, roomy: bool = False) -> list[Block]:
    """The levels of one step, skipping those that would repeat the previous one."""
    p = printer_for(derivation)
    lhs = p.doprint(step.lhs)
    out = []
    if step.formula != step.lhs:
        out.append(Block("formula", f"{lhs} = {p.doprint(step.formula)}"))
    if step.substituted is not None:
        out.append(Block("substituted", f"{lhs} = {p.doprint(step.substituted)}"))
    if step.entries:
        out += [_entry_block(step, e, derivation.digits, p) for e in step.entries]
    elif step.expanded:
        parts = [p.doprint(e) for e in step.expanded]
        chain = [t for k, t in enumerate(parts) if k == 0 or t != parts[k - 1]]
        if len(chain) > 1:
            out.append(Block("expanded", " = ".join(chain), tuple(chain)))
    exact = (_roomy(derivation) if roomy else p).doprint(_scalar_or_matrix(step.exact))
    out.append(Block("exact", f"{lhs} = {exact}"))
    if _needs_numeric(step):
        num = _numeric_latex(step, derivation.digits, p)
        if num is not None:
            out.append(Block("numeric", rf"{lhs} \approx {num}",
                             places=exact_places(step, derivation.digits)))
    # entries asked for by name are shown whatever the spec's levels say
    return [b for b in out if b.entry is not None or shows(derivation, b.level)]


def _roomy(derivation: Derivation) -> Printer:
    """The derivation's printer with 6pt between matrix rows that hold a fraction: an exact matrix of
    stacked fractions (e^{√2/2} over a sum) would otherwise have its rows touch on the page.  The
    formats that are set on a page ask for it (tex, html: ``blocks(..., roomy=True)``); Markdown and
    JSON keep plain ``\\`` rows, which every reader of them, ``symattn check`` included, takes."""
    p = printer_for(derivation)
    p._settings["row_gap"] = "6pt"
    return p


def chain(step: Step, derivation: Derivation) -> list[tuple[str, str]]:
    """The step as one chain of (relation, side): its name, then formula = substituted = exact ≈ numeric,
    each level the document shows, a side equal to the one before left out.

    >>> from symattn import derive_article
    >>> print(*[rel for rel, _ in chain(derive_article().step("weights"), derive_article())])
     = = = \\approx
    """
    p, roomy = printer_for(derivation), _roomy(derivation)
    sides = [("", p.doprint(step.lhs))]
    if step.formula != step.lhs and shows(derivation, "formula"):
        sides.append(("=", p.doprint(step.formula)))
    if step.substituted is not None and shows(derivation, "substituted"):
        sides.append(("=", p.doprint(step.substituted)))
    if shows(derivation, "exact"):
        sides.append(("=", roomy.doprint(_scalar_or_matrix(step.exact))))
    if _needs_numeric(step) and shows(derivation, "numeric"):
        num = _numeric_latex(step, derivation.digits, p)
        if num is not None:
            sides.append((r"\approx", num))
    return [s for k, s in enumerate(sides) if k == 0 or s[1] != sides[k - 1][1]]


def _entry_block(step: Step, e, digits: int, p: Printer) -> Block:
    """An entry asked for with ``--entry``: its chain, then its decimals."""
    parts = [p.doprint(x) for x in e.chain]
    chain = [t for k, t in enumerate(parts) if k == 0 or t != parts[k - 1]]
    shown = entry_decimals(step, e.row, e.col, digits)
    if shown:  # the last side carries the decimals, so a chain broken over lines keeps them with it
        chain[-1] += (" = " if shown[0] == "=" else r" \approx ") + shown[1]
    return Block("expanded", " = ".join(chain), tuple(chain), entry=(e.row, e.col))


def entry_decimals(step: Step, i: int, j: int, digits: int) -> tuple[str, str] | None:
    """("≈" or "=", decimals) of one entry; None for a whole number or a symbolic entry.

    >>> from mpmath import mpf
    >>> s = Step("x", Text("", ""), None, None, None, (), sp.ImmutableMatrix([[sp.Rational(1, 4), sp.Rational(1, 3)]]),
    ...          ((mpf(1) / 4, mpf(1) / 3),))
    >>> entry_decimals(s, 0, 0, 2), entry_decimals(s, 0, 1, 2)
    (('=', '0.25'), ('≈', '0.33'))
    """
    value, num = step.exact[i, j], step.numeric[i][j]
    if num is None or not value.is_number or value.is_Integer or not value.is_finite:
        return None
    exact = value.is_Rational and _places(value, digits) is not None
    return ("=" if exact else "≈"), fixed(num, digits)


def entry_caption(step: Step, block: Block, lang: str, token=lambda t: t) -> str:
    """The heading of an entry asked for by name, its row and column named by their tokens:
    ``Entry (2, 3): row 爱, column 你``.  ``token`` escapes a token for the output format
    (tokens are user text; the words around them are ours).

    >>> s = Step("scores", Text("", ""), None, None, None, (), sp.ImmutableMatrix([[1, 2]]), (),
    ...          row_labels=("a",), col_labels=("x", "y"))
    >>> entry_caption(s, Block("expanded", "", entry=(0, 1)), "en", str.upper)
    'Entry (1, 2): row A, column Y'
    """
    i, j = block.entry
    row = token(step.row_labels[i]) if i < len(step.row_labels) else None
    col = token(step.col_labels[j]) if j < len(step.col_labels) else None
    if lang == "zh":
        named = "，".join(x for x in ((f"行：{row}" if row else ""), (f"列：{col}" if col else "")) if x)
        return f"第 {i + 1} 行第 {j + 1} 列" + (f"（{named}）" if named else "")
    named = ", ".join(x for x in ((f"row {row}" if row else ""), (f"column {col}" if col else "")) if x)
    return f"Entry ({i + 1}, {j + 1})" + (f": {named}" if named else "")


def level_label(level: str, derivation: Derivation, lang: str, places: int | None = None) -> str:
    text = LABELS[level][lang]
    if level == "numeric":
        text += LABELS["decimals"][lang].format(d=derivation.digits if places is None else places)
    return text
