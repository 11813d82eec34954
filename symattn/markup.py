r"""Markup: a :class:`Text` of plain and math pieces; each renderer prints the maths its own way.

Notes build their maths from SymPy objects (or the display nodes of :mod:`symattn.nodes`), so
Markdown, TeX and HTML print them with the LaTeX :class:`symattn.printing.Printer` and the text
renderer with a Unicode printer: nothing parses LaTeX back into text.  Text written by a person
(a spec's title) or not yet converted arrives as a string with ``$...$``; :meth:`Text.parse` is the
one splitter for it, and its math pieces stay LaTeX source (a ``str`` part).

>>> import sympy as sp
>>> t = Text.format("Shape {}, so {}.", math("3 \\times 4"), math(sp.Symbol("d_k"), " = ", 4))
>>> t.render(str, lambda m: "$" + "".join(map(str, m.parts)) + "$")
'Shape $3 \\times 4$, so $d_k = 4$.'
>>> Text.parse(r"cost \$5, $x^2$ and $$y$$").pieces
('cost $5, ', Math(parts=('x^2',), display=False), ' and ', Math(parts=('y',), display=True))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["Math", "Text", "math", "as_text"]


@dataclass(frozen=True)
class Math:
    """One formula: its parts printed one after another, with no separator."""

    parts: tuple  # SymPy objects / display nodes; a str is LaTeX source written by a person
    display: bool = False  # a display formula ($$...$$) rather than inline ($...$)

    @property
    def source(self) -> str | None:
        """The LaTeX source when every part is one (legacy or user text), else None."""
        return "".join(self.parts) if all(isinstance(p, str) for p in self.parts) else None

    def text(self, print_part: Callable[[object], str]) -> str:
        """The formula in one notation: LaTeX source parts as written, the others through ``print_part``."""
        return "".join(p if isinstance(p, str) else print_part(p) for p in self.parts)


def math(*parts, display: bool = False) -> Math:
    """A formula of these parts: SymPy objects, display nodes, numbers, or LaTeX source strings."""
    return Math(tuple(parts), display)


@dataclass(frozen=True)
class Text:
    """Plain text (``str``) and :class:`Math` pieces, in order.  Immutable and hashable."""

    pieces: tuple = ()  # str (plain text, shown as written) or Math

    @classmethod
    def of(cls, *items) -> "Text":
        """Pieces in order: a ``str`` is plain text, a :class:`Text` adds its pieces, anything else
        (a SymPy object, a number, a display node) is an inline formula."""
        out: list = []
        for item in items:
            if isinstance(item, Text):
                out += item.pieces
            elif isinstance(item, (str, Math)):
                out.append(item)
            else:
                out.append(Math((item,)))
        return cls(tuple(p for p in out if p != ""))

    @classmethod
    def format(cls, template: str, *args) -> "Text":
        """``template`` is plain text; each ``{}`` becomes the next argument as a formula.

        >>> Text.format("a {} b", 1).pieces
        ('a ', Math(parts=(1,), display=False), ' b')
        """
        words = template.split("{}")
        if len(words) != len(args) + 1:
            raise ValueError(f"{len(words) - 1} placeholders for {len(args)} arguments: {template!r}")
        items: list = [words[0]]
        for arg, word in zip(args, words[1:]):
            items += [arg, word]
        return cls.of(*items)

    @classmethod
    def parse(cls, source: str, *values, strict: bool = False) -> "Text":
        r"""The one ``$...$`` splitter.  ``\$`` is a dollar sign and ``\\`` a backslash in the
        text; ``$$...$$`` is display math; a ``$`` with no partner is a dollar sign (or, with
        ``strict``, a ValueError: a deck's own text must not have one).

        >>> Text.parse("a $$ b").pieces, Text.parse(r"$\$x$").pieces
        (('a $$ b',), (Math(parts=('\\$x',), display=False),))

        With ``values``, each ``{}`` inside a formula is the next value, a SymPy object (or the
        parts of a :class:`Math`) that each renderer prints with its own printer:

        >>> Text.parse("so $d_k = {}$.", 4).pieces
        ('so ', Math(parts=('d_k = ', 4), display=False), '.')
        """
        pieces: list = []
        buf: list[str] = []
        i, n = 0, len(source)
        while i < n:
            ch = source[i]
            if ch == "\\" and i + 1 < n and source[i + 1] in "$\\":
                buf.append(source[i + 1])
                i += 2
                continue
            if ch == "$":
                fence = "$$" if source.startswith("$$", i) else "$"
                end = _closing(source, i + len(fence), fence)
                if end is not None and source[i + len(fence):end].strip():
                    if buf:
                        pieces.append("".join(buf))
                        buf = []
                    pieces.append(Math((source[i + len(fence):end],), fence == "$$"))
                    i = end + len(fence)
                    continue
                if strict:
                    raise ValueError(f"unpaired {fence} in {source!r}")
                buf.append(fence)
                i += len(fence)
                continue
            buf.append(ch)
            i += 1
        if buf:
            pieces.append("".join(buf))
        return cls(tuple(pieces)) if not values else cls(_filled(pieces, list(values)))

    def __add__(self, other: "Text | str") -> "Text":
        return Text.of(self, other)

    def render(self, plain: Callable[[str], str], formula: Callable[[Math], str]) -> str:
        """The pieces joined: plain text through ``plain``, each formula through ``formula``."""
        return "".join(formula(p) if isinstance(p, Math) else plain(p) for p in self.pieces)

    def source(self, latex: Callable[[object], str]) -> str:
        r"""The legacy string form that :meth:`parse` reads back: formulas as ``$...$`` in LaTeX
        (SymPy parts through ``latex``), ``\`` and ``$`` in the plain text escaped.

        >>> src = r"cost \$5, $x^2$ and $$y$$"
        >>> Text.parse(src).source(str) == src
        True
        """
        def plain(piece: str) -> str:
            return piece.replace("\\", "\\\\").replace("$", "\\$")

        def formula(m: Math) -> str:
            fence = "$$" if m.display else "$"
            return fence + m.text(latex) + fence
        return self.render(plain, formula)

    @property
    def words(self) -> str:
        """The plain text alone."""
        return "".join(p for p in self.pieces if isinstance(p, str))

    @property
    def has_math(self) -> bool:
        return any(isinstance(p, Math) for p in self.pieces)


def _filled(pieces: list, values: list) -> tuple:
    """Each ``{}`` in a formula's source replaced by the next value; every value used once."""
    out, total = [], len(values)
    for piece in pieces:
        if isinstance(piece, Math) and "{}" in piece.source:
            words, parts = piece.source.split("{}"), [piece.source.split("{}")[0]]
            for word in words[1:]:
                if not values:
                    raise ValueError(f"more {{}} than the {total} values given")
                value = values.pop(0)
                parts += [*(value.parts if isinstance(value, Math) else (value,)), word]
            piece = Math(tuple(p for p in parts if p != ""), piece.display)
        out.append(piece)
    if values:
        raise ValueError(f"{len(values)} of {total} values have no {{}}")
    return tuple(out)


def _closing(source: str, start: int, fence: str) -> int | None:
    """Where ``fence`` closes, skipping backslash escapes in the math; None if it never does."""
    i = start
    while i < len(source):
        if source[i] == "\\":
            i += 2
            continue
        if source.startswith(fence, i):
            return i
        i += 1
    return None


def as_text(value: "Text | str") -> Text:
    """A note or title as :class:`Text`: legacy strings go through the one splitter."""
    return value if isinstance(value, Text) else Text.parse(value)
