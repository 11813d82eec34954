r"""Stage *document*: the article's text, normalised once, with a map back to what was written.

Input: the text of one article (and its name).  Output: a :class:`Document`, the only thing the
later stages read the article from.  It holds:

* the text with every line ending as ``\n``, no byte-order mark, and tabs outside code expanded
  to the next tab stop (of 4, as in CommonMark), so that a saved-on-Windows copy, a copy with a BOM
  and a copy indented with tabs read alike; lines are never joined or split, so line numbers stay;
* a row break with extra room (``\\[6pt]``) as a plain ``\\`` padded to its length: the length
  is layout, not a number, and every reader of matrix rows then sees one kind of row break;
* the numbers in the article's own locale rewritten in one notation (see :mod:`.numerals`): a decimal
  comma becomes a point, a thousands separator goes; ``locale`` says what the article writes, so the
  report can print numbers back the way the author did;
* the fences (code and program output), the section headings, and whether it is a LaTeX article;
* for every offset of the normalised text, the offset in the original (:meth:`Document.origin`).

>>> doc = Document.of("\ufeffX = 1\r\n\r\n# Part 2\r\n```python\r\nx\t= 1\r\n```\r\n")
>>> doc.lines[:3], doc.headings, [(f.first, f.last, f.lang) for f in doc.fences]
(('X = 1', '', '# Part 2'), (3,), [(4, 6, 'python')])
>>> doc.lines[4], doc.section(5), doc.fence_at(5).lang, doc.fence_at(1)
('x\t= 1', 3, 'python', None)
>>> Document.of("a\tb = 0,5").text, Document.of("a\tb = 0,5").origin(10)
('a   b = 0.5', 8)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property

from . import pycode
from .numerals import COMMA, POINT, Locale, canonical, grouped

__all__ = ["Document", "Fence", "Segment", "FENCE", "HEADING", "LINE_END", "is_latex", "printed"]

#: the line that opens or closes a fence (``` or ~~~, three or more), and the fence's language
FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
#: a section heading (Markdown #, LaTeX \section, \subsection); a \paragraph labels a sub-step, as a
#: bold line does in Markdown, and opens no section
HEADING = re.compile(r"^\s*(?:#{1,6}\s|\\(?:sub)*section\b)")
TAB = 4
#: where a line ends: \n, \r\n or a lone \r, nowhere else (a form feed, NEL or U+2028 is inside a
#: line, where str.splitlines would break); the reader, --fix and --diff all count lines with it
LINE_END = re.compile(r"\r\n|\r|\n")


def is_latex(text: str, name: str = "") -> bool:
    """A LaTeX article: by its file name, or a ``\\documentclass`` / ``\\begin{document}`` in it."""
    return name.endswith((".tex", ".ltx")) or bool(re.search(r"\\documentclass|\\begin\{document\}", text))


@dataclass(frozen=True)
class Fence:
    first: int      # line of the opening ``` (1-based)
    last: int       # line of the closing one (the last line when it is never closed)
    lang: str       # its info string's first word, lower case ("" for none)
    closed: bool    # False when the article ends inside it
    output: bool    # it holds what a program printed, or plain notes, not code (see printed)

    @property
    def body(self) -> range:
        """The lines inside it."""
        return range(self.first + 1, self.last if self.closed else self.last + 1)


#: a printed number: digits not glued to a name (x_1, W2, h3) or a version (v1.2)
_VALUE = re.compile(r"(?<![\w.^_])[-−]?\d+(?:\.\d+)?(?![\w])")
#: a row break with extra room, ``\\[6pt]``: layout, not a number; it is read as ``\\`` padded
#: with spaces to its own length, so columns stay where they were
_ROW_SKIP = re.compile(r"\\\\\[\s*[-+]?(?:\d+\.?\d*|\.\d+)\s*(?:pt|em|ex|mm|cm|in|bp|pc|mu|dd|cc|sp)\s*\]")
_COMMENT = re.compile(r"<!--.*?(?:-->|$)")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]\s+)?(?:\d+[.)]|\(\d+\))\s+")


@dataclass(frozen=True, eq=False)
class Document:
    name: str                    # as the report names the article
    original: str                # the text as given
    text: str                    # normalised (see the module docstring)
    locale: Locale               # how the article writes numbers outside code
    latex: bool                  # a LaTeX article (else Markdown or plain text)
    fences: tuple[Fence, ...]    # in order
    # per changed line, newest rewrite first: (its columns, the columns before it) where they realign
    _columns: dict = field(default_factory=dict, repr=False)
    _origin_starts: tuple = field(default=(), repr=False)
    # per line whose numbers were rewritten: {number as normalised: number as written}
    _spellings: dict = field(default_factory=dict, repr=False)
    # per line of a paragraph whose own numbers say how it writes them, when not as the article does
    _locales: dict = field(default_factory=dict, repr=False)

    def locale_at(self, line: int) -> Locale:
        """How the numbers on ``line`` are written (its paragraph's own way, or the article's)."""
        return self._locales.get(line, self.locale)

    @classmethod
    def of(cls, text: str, name: str = "") -> "Document":
        original = text
        if text.startswith("\ufeff"):
            text = text[1:]
        lines = LINE_END.split(text)
        # where each line starts in the original: after its \n, \r\n or lone \r
        starts, pos = [], 1 if original.startswith("\ufeff") else 0
        for m in LINE_END.finditer(text):
            starts.append(pos)
            pos = m.end() + (len(original) - len(text))
        starts.append(pos)
        fences = _fences(lines)
        in_code = set()
        for f in fences:
            in_code.update(range(f.first, f.last + 1))
        locale, locales = _locales(lines, in_code)
        evidence = {id(f): Locale.evidence(lines[n - 1] for n in f.body if n <= len(lines)) if f.output else (0, 0, 0)
                    for f in fences}
        for f in fences:
            # plain notes in a fence (```text) are written as the author writes, not as a program
            # prints: decimal commas there when its own numbers show more of them than points, or
            # when the article writes decimal commas and the fence shows no point decimal, only
            # points that group thousands (``2 × 36 × 8 × 128 × 2 = 147.456 bytes``), and no other
            # fence of notes shows a point decimal either (``7.389 + 2.718 + 1.000 = 11.107`` under
            # ``exp(2.0) = 7.389``: the article's notes write points)
            body = [n for n in f.body if n <= len(lines)]
            points, _, commas = evidence[id(f)]
            grouped = f.output and locale is COMMA and not points and \
                any(_GROUP_OF_THREE.search(lines[n - 1]) for n in body) and \
                not any(evidence[id(g)][0] > evidence[id(g)][2] for g in fences if g is not f)
            if commas > points or grouped:
                in_code.difference_update(body)
                locales.update({n: COMMA for n in body if locale is not COMMA})
        columns, spellings, out = {}, {}, []
        for n, line in enumerate(lines, start=1):
            new, maps = line, []
            if n not in in_code:
                locale_here = locales.get(n, locale)
                new, cols = _expand_tabs(line)
                if cols is not None:
                    maps.append(cols)
                new = _ROW_SKIP.sub(lambda m: "\\\\" + " " * (len(m.group(0)) - 2), new)
                spaced = new
                new, cols = canonical(spaced, locale_here)
                if cols is not None:
                    maps.insert(0, cols)   # newest first: origin() walks them back
                    spellings[n] = _spellings(new, spaced, cols)
            if maps:
                columns[n] = tuple(maps)
            out.append(new)
        return cls(name, original, "\n".join(out), locale, is_latex(text, name), fences, columns,
                   tuple(starts), spellings, locales)

    # ------------------------------------------------------------------ lines

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """The normalised lines (index 0 is line 1)."""
        return tuple(self.text.split("\n"))

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """The offset of each line in :attr:`text` (index 0 is line 1)."""
        return (0,) + tuple(m.end() for m in re.finditer("\n", self.text))

    def line_of(self, pos: int) -> int:
        """The 1-based line of an offset in :attr:`text`."""
        return bisect_right(self.starts, pos)

    def column(self, pos: int) -> int:
        """The offset of ``pos`` within its own line."""
        return pos - self.starts[self.line_of(pos) - 1]

    def origin(self, pos: int) -> int:
        """The offset in :attr:`original` of the character at ``pos`` in :attr:`text`."""
        n = self.line_of(pos)
        col = pos - self.starts[n - 1]
        for cols in self._columns.get(n, ()):
            col = _back(cols, col)
        return self._origin_starts[n - 1] + col

    def spell(self, text: str, lines) -> str:
        """``text`` (a verdict's printed values, its source) with each number as the author wrote it
        on ``lines``: ``1280`` back to ``1,280``, ``0.45`` to ``0,45`` under a decimal comma."""
        if not isinstance(text, str) or not lines:
            return text
        locale, known = self.locale_at(min(lines)), {}
        for n in lines:
            known.update(self._spellings.get(n, {}))
        if not known and locale.decimal == ".":
            return text
        return _TOKEN.sub(lambda m: known.get(m.group(0)) or locale.show(m.group(0)), text)

    def spell_like(self, value: str, printed: str, line: int) -> str:
        """A value the checker computed (a correction), in the notation of the number ``printed``
        on ``line`` as the author wrote it: its decimal separator, and its thousands grouped if
        the author grouped them."""
        locale = self.locale_at(line)
        if locale.group in printed.lstrip("+-−").split(locale.decimal)[0] and _TOKEN.fullmatch(value):
            return grouped(value, locale)
        return locale.show(value)

    def original_line(self, n: int) -> str:
        """Line ``n`` as written (without its line ending)."""
        start = self._origin_starts[n - 1]
        end = self._origin_starts[n] if n < len(self._origin_starts) else len(self.original)
        return self.original[start:end].rstrip("\r\n")

    # ------------------------------------------------------------------ structure

    @cached_property
    def fence_of(self) -> tuple[int, ...]:
        """The number (1, 2, …) of the fence each line's content is in, 0 outside fences and on
        the fence lines themselves; index 0 unused, then one per 1-based line."""
        out = [0] * (len(self.lines) + 1)
        for k, f in enumerate(self.fences, start=1):
            for n in f.body:
                out[n] = k
        return tuple(out)

    def fence_at(self, line: int) -> Fence | None:
        """The fence whose content holds ``line``, if any."""
        k = self.fence_of[line] if 0 < line < len(self.fence_of) else 0
        return self.fences[k - 1] if k else None

    @cached_property
    def headings(self) -> tuple[int, ...]:
        """The lines of the section headings (outside code)."""
        return tuple(n for n, line in enumerate(self.lines, start=1)
                     if HEADING.match(line) and not self.fence_of[n]
                     and not any(f.first == n or f.last == n for f in self.fences))

    @cached_property
    def number_lines(self) -> frozenset[int]:
        """The lines that print a number: a value, not a heading's or a list item's number, a name's
        index (``x_1``, ``W2``) or a fence line; a LaTeX preamble prints none."""
        body = next((n for n, line in enumerate(self.lines, 1) if line.lstrip().startswith(r"\begin{document}")), 0)
        fenced = {f.first for f in self.fences} | {f.last for f in self.fences if f.closed}
        heads = set(self.headings)
        out = set()
        for n, line in enumerate(self.lines, 1):
            if n <= body or n in heads or n in fenced:
                continue
            text = _LIST_MARK.sub("", _COMMENT.sub("", line))
            if _VALUE.search(text):
                out.add(n)
        return frozenset(out)

    def section(self, line: int) -> int:
        """The first line of the section that holds ``line`` (its heading, or 1)."""
        k = bisect_right(self.headings, line) - 1
        return self.headings[k] if k >= 0 else 1

    def section_text(self, line: int) -> str:
        """The text of the section that holds ``line``, from its heading down to the line."""
        return "\n".join(self.lines[self.section(line) - 1:line])


#: a MyST directive whose body is Markdown (````{admonition} …``, ```{note}``), not code or output
_MYST_DIRECTIVE = re.compile(r"^\s*(?:```+|~~~+)\s*\{(?!(?:code-cell|code-block|code|sourcecode|literalinclude|raw|math)\})"
                             r"[\w-]+\}")


def _fences(lines: list[str]) -> tuple[Fence, ...]:
    """Fenced blocks: a fence closes at a line of the same fence character, as long or longer.  A
    MyST directive's fence holds Markdown: its body is read as the article's own text."""
    out, i, prose_ends = [], 0, set()
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or i in prose_ends:
            i += 1
            continue
        mark = m.group(1)
        j = i + 1
        while j < len(lines) and not re.match(rf"^\s*{re.escape(mark[0])}{{{len(mark)},}}\s*$", lines[j]):
            j += 1
        if _MYST_DIRECTIVE.match(lines[i]):
            prose_ends.add(j)   # (its closing line is no fence's opening)
            i += 1
            continue
        lang = m.group(2).lower()
        out.append(Fence(i + 1, min(j, len(lines) - 1) + 1, lang, j < len(lines), printed(lang, lines[i + 1:j])))
        i = j + 1
    return tuple(out)


_OUTPUT_LANGS = ("", "text", "txt", "output", "plaintext", "plain", "none", "out", "ascii")


def printed(lang: str, body: list[str]) -> bool:
    """Lines that hold what a program printed (or plain notes), not code: no language or a text
    one, and not parseable as Python (``e^1.20 = 3.3201``, ``Ali → [0.8 0.2]``).  Parsed with
    ``ast``, never executed."""
    if lang not in _OUTPUT_LANGS or not any(line.strip() for line in body):
        return False
    src = "\n".join(body)
    if re.search(r"^\s*(?:>>>|In \[|def |import |from \w+ import|for .* in )", src, re.M):
        return False
    try:
        pycode.parse(src)
    except (SyntaxError, ValueError, RecursionError):
        return True
    return False


def _locales(lines: list[str], in_code: set[int]) -> tuple[Locale, dict]:
    """The article's locale, and the lines of each paragraph (a run of lines outside code with no
    blank between) whose own decimals say otherwise (the kind a paragraph shows more of, points on a
    tie).  The article writes a decimal comma when a paragraph shows one and every paragraph that shows
    a point shows only a program's long prints."""
    paragraphs, run = [], []
    for n, line in enumerate(lines, start=1):
        if n in in_code or not line.strip():
            if run:
                paragraphs.append(run)
            run = []
        else:
            run.append(n)
    if run:
        paragraphs.append(run)
    own = []
    for para in paragraphs:
        points, machine, commas = Locale.evidence(lines[n - 1] for n in para)
        # each kind counts where the other reading is impossible; the more of them decides ("Qwen 2.5 …
        # 9,0 + 3,2 + 1 = 13,2": three decimal commas and a version number)
        own.append((para, POINT if points and points >= commas else COMMA if commas else None, points == machine))
    comma = any(loc is COMMA for _, loc, _ in own) and all(printed for _, loc, printed in own if loc is POINT)
    default = COMMA if comma else POINT
    return default, {n: loc for para, loc, _ in own if loc is not None and loc is not default for n in para}


_TOKEN = re.compile(r"(?<![\w.])[-−+]?\d+(?:\.\d+)?(?![\w.]|,\d)")
#: a point that can only group thousands where the article writes decimal commas: 147.456, 1.048.576
_GROUP_OF_THREE = re.compile(r"(?<![\w.,])[1-9]\d{0,2}(?:\.\d{3})+(?![\w.,])")


def _back(cols, col: int) -> int:
    """A column of a rewritten line, in the line before the rewrite."""
    new, old = cols
    k = bisect_right(new, col) - 1
    return old[k] + (col - new[k]) if k >= 0 else col


def _spellings(new: str, old: str, cols) -> dict:
    """{number in ``new``: the same number in ``old``} for the numbers the rewrite changed."""
    out = {}
    for m in _TOKEN.finditer(new):
        before = old[_back(cols, m.start()):_back(cols, m.end())]
        if before != m.group(0):
            out.setdefault(m.group(0), before)
    return out


def _expand_tabs(line: str) -> tuple[str, tuple]:
    """The line with its tabs expanded to tab stops of :data:`TAB`, and the column map
    (new columns, old columns) at each point where the two realign."""
    if "\t" not in line:
        return line, None
    new_cols, old_cols, out = [0], [0], []
    for k, ch in enumerate(line):
        if ch == "\t":
            width = TAB - len(out) % TAB
            out.extend(" " * width)
            new_cols.append(len(out))
            old_cols.append(k + 1)
        else:
            out.append(ch)
    return "".join(out), (tuple(new_cols), tuple(old_cols))


@dataclass(frozen=True)
class Segment:
    """A piece of math of the article, where it is (what the notation pass reads, see extract)."""
    line: int          # 1-based line where this piece of math starts
    text: str          # the math, delimiters removed
    kind: str          # inline, display, env, code, table, plain, narrative
    source: str        # as written in the article (one line)
    before: str = ""   # prose just before it on the same line
    last: int = 0      # its last line, when it spans several (a table, a plain-text array)
