"""A derivation in the author's own terms: a spec's ``[notation]``, ``steps`` and ``levels``.

The topics derive in symattn's notation (S, Ã, A, O); :func:`present` then renames the
quantities, selects and orders the steps and records which levels to show.  Names reach
the printer through ``meta["names"]`` (matrix symbol -> LaTeX), so every formula that
uses a renamed quantity prints it under the author's name, from the SymPy tree.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

import sympy as sp

from . import nodes
from .errors import SymattnError
from .markup import Text as Markup, as_text, math
from .model import Derivation, Step, Text
from .spec import LEVELS

__all__ = ["present", "symbol_name"]


def symbol_name(lhs) -> str | None:
    """The symbol a step defines, as the printer knows it: ``S``, ``A`` or a Named's plain name."""
    if isinstance(lhs, sp.MatrixSymbol):
        return str(lhs.name)
    if isinstance(lhs, nodes.Named):
        return lhs.plain_name
    return None


def _unknown(key: str, ids: list[str], entry: str) -> SymattnError:
    close = difflib.get_close_matches(key, ids, n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    return SymattnError(f"no step {key!r} in this derivation; {hint}its steps are: {', '.join(ids)}", entry=entry)


def present(d: Derivation, spec) -> Derivation:
    """Apply the spec's notation, steps and levels to a derivation (unchanged without them).

    >>> from symattn.spec import parse_spec
    >>> from symattn.topics import derive
    >>> s = parse_spec('Q = [[1, 0]]\\nK = [[1, 1]]\\nsteps = ["weights", "scores"]\\n'
    ...                '[notation]\\nscores = "\\\\\\\\text{Scores}"')
    >>> d = derive(s)
    >>> [x.id for x in d.steps], d.numbers, dict(d.meta)["names"]
    (['weights', 'scores'], (1, 2), (('S', '\\\\text{Scores}'),))
    """
    if not (spec.notation or spec.steps or spec.levels):
        return d
    ids = [s.id for s in d.steps]
    given = dict(spec.notation)
    words = dict(spec.notation_words)
    for key in given:
        if key not in ids:
            raise _unknown(key, ids, f"notation.{key}")
    names: dict[str, str] = {}
    plain: dict[str, str] = {}  # the same names for plain text
    old: list[str] = []  # how the renamed quantities printed before, to find them in headings
    from .printing import Printer
    for s in d.steps:
        sym = symbol_name(s.lhs)
        if s.id in given and sym:
            names[sym] = given[s.id]
            plain[sym] = words.get(s.id, given[s.id])
            old.append(Printer().doprint(s.lhs))
    if names:  # the author's names over the topic's own (rope prints Q_rot as Q̃)
        names = dict(dict(d.meta).get("names", ())) | names
    steps = list(d.steps)
    if given:
        steps = _in_own_terms([_renamed(s, given.get(s.id), names, old) for s in steps], given)
    numbers = d.numbers
    if spec.steps:
        for key in spec.steps:
            if key not in ids:
                raise _unknown(key, ids, "steps")
        steps = [steps[ids.index(key)] for key in spec.steps]
        numbers = tuple(range(1, len(steps) + 1))
    if plain:
        plain = dict(dict(d.meta).get("plain_names", ())) | plain
    meta = d.meta + (("names", tuple(sorted(names.items()))), ("plain_names", tuple(sorted(plain.items())))) \
        if names else d.meta
    intro = d.intro
    if spec.levels:
        levels = tuple(v for v in LEVELS if v in spec.levels)
        meta = meta + (("levels", levels),)
        intro = _intro(d, levels)
    return replace(d, steps=tuple(steps), numbers=numbers, meta=meta, intro=intro)


def _renamed(step: Step, name: str | None, names: dict[str, str], old: list[str]) -> Step:
    """The step under the author's names: its own lhs, and its heading's symbol when the
    heading ends in one formula that is about it or that spells a renamed quantity."""
    lhs = step.lhs
    if name is not None and not isinstance(lhs, sp.MatrixSymbol):  # a MatrixSymbol is renamed by the printer
        lhs = nodes.Named(name, step.id)
    pieces = as_text(step.title.en).pieces
    formulas = [p for p in pieces if not isinstance(p, str)]
    ends_in_math = len(formulas) == 1 and pieces[-1] is formulas[0]
    mentions = ends_in_math and formulas[0].source is not None and \
        any(re.search(r"(?<![A-Za-z\\])" + re.escape(o) + r"(?![a-z])", formulas[0].source) for o in old)
    if name is None and not mentions:
        return step
    from .render.common import names_printer
    shown = names_printer(names).doprint(lhs)
    return replace(step, lhs=lhs, title=Text(_heading(step.title.zh, lhs, shown),
                                             _heading(step.title.en, lhs, shown)))


def _in_own_terms(steps: list[Step], given: dict) -> list[Step]:
    """A later formula that contains a named step's formula uses that step's name instead:
    softmax(Q K^T / sqrt(d_k)) becomes softmax(Scaled Scores), as the author writes it."""
    out: list[Step] = []
    for step in steps:
        formula = step.formula
        for earlier in reversed(steps[:len(out)]):  # the latest first: its formula is the largest
            if earlier.id in given and earlier.formula != earlier.lhs and formula != earlier.formula:
                formula = formula.xreplace({earlier.formula: earlier.lhs})
        out.append(replace(step, formula=formula))
    return out


def _heading(title, lhs, shown: str):
    """The heading's words with the quantity's (possibly new) name as its only math, printed
    from ``lhs`` by each renderer: the old math spelled symattn's names, and text cannot be
    renamed reliably."""
    text = as_text(title)
    if not text.has_math:
        return title
    words = text.words.strip().rstrip(" :：,，")
    said = re.fullmatch(r"\\text\{([^{}\\]+)\}", shown)
    if said and said.group(1).lower() in words.lower():  # "Scores $\text{Scores}$" says it twice
        return words
    return Markup.of(words, " ", lhs) if words else Markup.of(lhs)


_LEVEL_WORDS = {
    "formula": ("公式", "the formula"), "substituted": ("代入数字", "the numbers substituted"),
    "entry": ("展开一个元素", "one entry written out"), "exact": ("精确值", "the exact value"),
    "numeric": ("小数", "decimals"),
}


def _intro(d: Derivation, levels) -> tuple[Text, ...]:
    """The first paragraph names the levels shown; the topic's own lists all of them."""
    zh = "、".join(_LEVEL_WORDS[v][0] for v in levels)
    en = ", ".join(_LEVEL_WORDS[v][1] for v in levels)
    head = Text(Markup(), Markup())
    dk = dict(d.meta).get("d_k")
    if d.tokens and dk is not None:
        L, d_k = math(nodes.Named("L"), " = ", len(d.tokens)), math(nodes.Named("d_k"), " = ", dk)
        head = Text(Markup.format("序列长度 {}，{}。", L, d_k), Markup.format("Sequence length {}, {}. ", L, d_k))
    shown = Text(head.zh + f"每一步给出{zh}。", head.en + f"Each step shows {en}.")
    if d.topic == "attention":  # its first paragraph is the list of levels
        return (shown,) + d.intro[1:]
    return d.intro + (shown,)
