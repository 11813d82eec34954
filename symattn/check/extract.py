r"""Find every piece of math in a Markdown or LaTeX article, with its line number.

Input: a :class:`~symattn.check.document.Document`.  Output: its pieces of math, a list of
:class:`~symattn.check.document.Segment`.

Math comes from ``$...$``, ``$$...$$``, ``\[...\]``, ``\(...\)``, the LaTeX environments
``equation``/``align``/``gather``/... (one segment per ``\\`` row), code fences
(``X = [[1, 0], [0, 1]]``, ``scores = Q @ K.T``) and, in the prose, Markdown and ASCII
tables, stacked plain-text arrays, one-line Unicode equations (``√4 = 2``) and
narrative numbers (``[2, 1, 1]``, ``45%``); see :mod:`symattn.check.plaintext`.

>>> segs = extract(Document.of("Let $D=4$.\n\n$$\nX = 1\n$$\n"))
>>> [(s.line, s.kind, s.text) for s in segs]
[(1, 'inline', 'D=4'), (4, 'display', 'X = 1')]
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import numerals
from .document import Document, Segment, printed

__all__ = ["extract"]


_MATH = re.compile(
    r"\$\$(?P<dd>.+?)\$\$"
    r"|\\\[(?P<br>.+?)\\\]"
    r"|\\begin\{(?P<env>equation|align|gather|multline|eqnarray|displaymath|math|flalign|alignat)(?P<star>\*?)\}"
    r"(?P<eb>.*?)\\end\{(?P=env)(?P=star)\}"
    r"|\\\((?P<pa>.+?)\\\)"
    r"|(?<![\\$])\$(?P<d>(?:[^$\\]|\\.)+?)\$(?!\$)",
    re.S)
_SKIP_LANGS = {"bash", "sh", "shell", "console", "zsh", "powershell", "json", "yaml", "toml", "html",
               "xml", "css", "js", "javascript", "ts", "typescript", "diff", "mermaid", "dot"}
#: environments that only lay rows out: inside a display too (``$$\begin{align*} … \end{align*}$$``, as
#: Markdown renderers with MathJax accept)
_UNWRAP = re.compile(r"\\(begin|end)\{(aligned|split|gathered|alignedat|multlined|"
                     r"(?:align|gather|equation|eqnarray|flalign|alignat|multline)\*?)\}(\{[^{}]*\})?")


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def _strip_tex_comments(text: str) -> str:
    out = []
    for line in text.split("\n"):
        m = re.search(r"(?<!\\)%", line)
        out.append(line[:m.start()] + " " * (len(line) - m.start()) if m else line)
    text = "\n".join(out)
    m = re.search(r"\\begin\{document\}", text)
    if m:  # the preamble defines macros; it makes no claims
        text = _blank(text, 0, m.end())
    return text


def _one_line(s: str, n: int = 160) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _rows(body: str, start_line: int) -> list[tuple[int, str]]:
    """Split a display body at top-level ``\\\\`` (not inside matrices) into (line, row)."""
    body = _UNWRAP.sub(" ", body)
    rows, depth, cur_start = [], 0, 0
    pat = re.compile(r"\\begin\{[^{}]*\}|\\end\{[^{}]*\}|\\\\")
    for m in pat.finditer(body):
        tok = m.group(0)
        if tok.startswith(r"\begin"):
            depth += 1
        elif tok.startswith(r"\end"):
            depth -= 1
        elif depth == 0:
            rows.append((cur_start, body[cur_start:m.start()]))
            cur_start = m.end()
    rows.append((cur_start, body[cur_start:]))
    out = []
    for off, row in rows:
        if row.strip():
            lead = len(row) - len(row.lstrip())
            out.append((start_line + body[:off + lead].count("\n"), row.strip()))
    return out


#: a size unit or a magnitude written just after the closing ``$`` of a number (``$… = 67$M``, ``$… = 140$ GB``)
#: a size unit right after an inline formula: its result's (a full stop or a comma may end the clause;
#: a lone letter before a comma is no unit: "$QK^T$ K, V")
_UNIT_AFTER = re.compile(r"[ \t]?((?:[KMGTP]i?B|kB|bytes?)(?![\w]|[.,]\w)|[KMBGT](?![\w,]|\.\w)"
                         rf"|{numerals.SCALED_FLOPS}(?!\w))")


#: a unit of time right after a formula, as a symbol or a word
_TIME_AFTER = re.compile(r"[ \t]?(ms|μs|µs|us|ns|(?:milli|micro|nano)?seconds?)(?!\w)", re.I)


def _unit_after(work: str, end: int, body: str) -> str:
    r"""The formula's text with the unit or scale written right after its closing delimiter taken in
    (``$8192^2 = 67$M``: 67 million, not 67; ``$$… \approx 344$$ GFLOPs``; ``$4096^2 \approx 16{,}8$
    millions``), when the formula ends in a number and is no quotient (whose unit cancels)."""
    unit = _UNIT_AFTER.match(work, end)
    word = numerals.SCALE_WORD.match(work[end:end + 40])
    time = _TIME_AFTER.match(work, end)
    if time and re.search(r"\d\s*$", body):
        # "\\(… / 1.5\text{e}12 \approx 69\\) milliseconds": a time, a quotient of FLOPs by FLOP/s too
        what = numerals.TIME_WORDS.get(time.group(1).lower(), time.group(1).replace("μ", "u").replace("µ", "u"))
        return f"{body.rstrip()}\\text{{ {what}}}"
    if not (unit or word) or not re.search(r"\d\s*$", body) or \
            re.search(r"/|\\frac|\\div|÷", re.split(r"=|≈|\\approx", body)[0]):
        return body
    what = unit.group(1) if unit else numerals.SCALE_WORDS[word.group(1).lower()]
    return f"{body.rstrip()}\\text{{ {what}}}"


def extract(doc: Document) -> list["Segment"]:
    """Every math segment of the article, in order of lines."""
    from .plaintext import SUM_WORD, code_segments, prose_segments, sum_of

    text, latex = doc.text, doc.latex
    work = _strip_tex_comments(text) if latex else text
    segs: list[Segment] = []
    alone: set[int] = set()   # lines whose only content is one inline math span
    if not latex:
        work = re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), work, flags=re.S)
        work, code = _fences(doc, work)
        for first_line, lang, block in code:
            segs.extend(code_segments(block, first_line))
        # inline code spans are code, not math -- unless they hold arithmetic that is not Python
        # (`1 / 1.732 = 0.577`, `e^0.577 = 1.78`): that is read as prose is
        # (a full stop right after the span ends its sentence: it moves up to the last number)
        work = re.sub(r"`([^`\n]+)`([.,;:!?](?=\s|$))?",
                      lambda m: f" {m.group(1)}{m.group(2) or ''} " if printed("", [m.group(1)])
                      and not re.search(r"[\[\]|]", m.group(1)) else " " * (len(m.group(1)) + 2) + (m.group(2) or ""),
                      work)
    raw_lines = list(doc.lines)
    work = _blank_unclosed(work)
    for m in _MATH.finditer(work):
        line = doc.line_of(m.start())
        before = work[max(doc.starts[line - 1], m.start() - 200):m.start()]  # bounded: long lines stay linear
        if m.group("d") is not None or m.group("pa") is not None:
            body = m.group("d") if m.group("d") is not None else m.group("pa")
            if "\n\n" in body:
                continue
            if m.group("pa") is not None:
                # "\\(k, v \\)": the delimiters escaped for Markdown (a blog's MathJax); the closing one's
                # first backslash is no part of the math
                body = re.sub(r"(?<!\\)\\\s*$", "", body)
            body = _unit_after(work, m.end(), body)
            if re.fullmatch(r"\s*[-−]?\d+(?:\.\d+)?\s*", body) and SUM_WORD.search(before):
                # "$e^{0.7} = 2.01$, $e^{0} = 1$.  Sum = $3.01$": the sum of the equations before it
                total = sum_of([g.text for g in segs if g.line == line and g.kind == "inline"], "=", body.strip())
                body = total or body
            segs.append(Segment(line, body.strip(), "inline", _one_line(m.group(0)), _one_line(before)))
            end = work.find("\n", m.end())
            if m.start() - doc.starts[line - 1] <= 200 and not before.strip() and \
                    not work[m.end():end if end >= 0 else len(work)].strip(" \t.,;"):
                alone.add(line)
            continue
        if m.group("eb") is not None:
            body, kind = m.group("eb"), "env"
            if m.group("env") == "alignat":
                body = re.sub(r"^\s*\{\d+\}", "", body)
            body_start = m.start("eb")
        else:
            body = m.group("dd") if m.group("dd") is not None else m.group("br")
            if "\n" not in body.strip():
                body = _unit_after(work, m.end(), body)
            kind = "display"
            body_start = m.start("dd") if m.group("dd") is not None else m.start("br")
        # (prose before a display that opens on its line, "대략 $$Y = … = 26$$": what its first row follows)
        before = work[max(doc.starts[line - 1], m.start() - 200):m.start()]
        for k, (row_line, row) in enumerate(_rows(body, doc.line_of(body_start))):
            raw = raw_lines[row_line - 1] if row_line - 1 < len(raw_lines) else ""
            src = raw if "\n" not in row and len(raw) < 2000 and row in raw else row
            segs.append(Segment(row_line, row, kind, _one_line(src), _one_line(before) if k == 0 and row_line == line else ""))
    masked = _MATH.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), work)
    inline: dict[int, list[str]] = {}
    for g in segs:
        if g.kind == "inline":
            inline.setdefault(g.line, []).append(g.text)
    prose, used = prose_segments(masked, raw_lines, inline)
    segs = [s for s in segs if not (s.kind == "inline" and s.line in used)] + prose
    return _continued(sorted(segs, key=lambda s: s.line), alone)


_LEADING_REL = re.compile(r"^\s*(?:&\s*)?(=|\\approx|≈)\s*")
_APPROX_NOTE = re.compile(r"\(?\s*\\text\{\s*\(?approx\.?\)?\s*\}\s*(?:\)\s*)?")


def _without_approx_note(text: str) -> str:
    """The math without a closing ``\\text{(approx.)}`` note and the spacing before it.  Found from
    the last ``\\text{`` rather than by a regex searched at every offset, which would be cubic on a
    long run of spaces."""
    at = text.rfind("\\text{")
    if at < 0:
        return text
    j = at
    while j and text[j - 1].isspace():
        j -= 1
    start = j - 1 if j and text[j - 1] == "(" else at
    if not _APPROX_NOTE.fullmatch(text, start):
        return text
    head = text[:start]
    cut = len(head)
    while cut:   # spacing before the note: \, \; \ (each two characters) and whitespace
        if cut >= 2 and head[cut - 2] == "\\" and head[cut - 1] in " ,;":
            cut -= 2
        elif head[cut - 1].isspace():
            cut -= 1
        else:
            break
    return head[:cut]


def _relations(text: str):
    """(start, end) of each top-level relation of a chain (``=``, ``≈``, ``\\approx``), in order:
    those outside every bracket."""
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0:
            if ch in "=≈":
                yield i, i + 1
            elif text.startswith("\\approx", i):
                yield i, i + len("\\approx")
        i += 1


def _last_side(text: str) -> str:
    """What follows the last top-level relation of a chain (the whole text if it has none)."""
    cut = max((end for _, end in _relations(text)), default=0)
    return text[cut:].strip()


def _continued(segs: list[Segment], alone: set[int] = frozenset()) -> list[Segment]:
    """A display that starts with ``=`` goes on from the math just before it (``\\[ = (0.22)(0.54)
    + … \\]`` then ``\\[ = 0.1188 + … \\approx 0.889 \\]``): it is read as that chain's next link.
    And a display that ends with ``=`` goes on in the next one, which either writes its result alone
    or starts again from the same left side (``A V = [..] × [..] =`` then ``A V = [0.275, …]``).
    Inline math alone on its line (``$s = 0.69 \\cdot 0.78 + …$`` then ``$= 0.538 + … = 0.921$``)
    is laid out as a display, and goes on from the line above in the same way."""
    out: list[Segment] = []
    for seg in segs:
        text = _without_approx_note(seg.text) if seg.kind in ("display", "env", "inline") else seg.text
        prev = next((p for p in reversed(out) if p.kind in ("display", "env", "inline")), None)
        shown = seg.kind in ("display", "env") or seg.kind == "inline" and seg.line in alone and \
            prev is not None and (prev.kind != "inline" or prev.line in alone) and seg.line - prev.line <= 2
        m = _LEADING_REL.match(text) if shown else None
        if m:
            side = _last_side(prev.text) if prev is not None and seg.line - prev.line <= 6 else ""
            if side and _bare_value(text[m.end():]):
                # "P &= \frac{e^{a}}{…}", "&\approx \frac{34}{1375}", "&\approx 3\%": a value written again
                # restates the chain's head, not the print before it (end to end, as on one line); so
                # does a value after arithmetic on rounded prints (0.87 × [2.0, 1.5] + … = [1.74, 1.31] + …
                # ≈ [1.78, 1.37]) when the head is arithmetic on numbers too
                head = _head_side(prev.text)
                if head and not _bare_value(head) and (_bare_value(side) or not _names_in(head + side)):
                    side = head
            text = f"{side} {text}" if side else text[m.end():]
        elif seg.kind in ("display", "env") and prev is not None and prev.kind in ("display", "env") and \
                _TRAILING_REL.search(prev.text) and seg.line - (prev.line + prev.text.count("\n")) <= 4:
            first, rest = _first_side(text)
            if rest is not None and _squash(first) == _squash(_first_side(prev.text)[0]):
                text = f"{prev.text.rstrip()} {rest}"      # the same left side, written again
            elif _VALUE_START.match(text):
                text = f"{prev.text.rstrip()} {text}"      # the result alone
        out.append(replace(seg, text=text) if text != seg.text else seg)
    return out


_TRAILING_REL = re.compile(r"(?:=|\\approx|≈)\s*$")
#: a printed value alone: a number or percentage, a fraction of integers, a list of numbers, in bold or
#: not, with a closing remark (``\mathbf{3\%} \quad \text{(because)}``)
_BARE = re.compile(r"[-−]?\d+(?:\.\d+)?\s*(?:\\?%)?|\\frac\{\d+\}\{\d+\}|\[\s*[-−]?\d[\d.,\s−-]*\]")


def _bare_value(text: str) -> bool:
    text = re.sub(r"\\(?:mathbf|textbf|boldsymbol|bm)\s*\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\(?:quad|qquad)\b.*$|\\text\{[^{}]*\}\s*$|\\[,;! ]", " ", text)
    return bool(_BARE.fullmatch(text.strip()))


def _names_in(text: str) -> bool:
    """Does the math name anything (a letter other than Euler's e, outside commands)?"""
    return bool(re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+|\be\b", " ", text)))


def _head_side(text: str) -> str:
    """What stands before the first top-level relation of a chain ('' if it has none)."""
    first = next(iter(_relations(text)), None)
    return text[:first[0]].strip() if first else ""
_VALUE_START = re.compile(r"\s*(?:\\begin\{[pbBvV]?matrix\}|\\left\s*[\[(]|\[|[-−]?\d)")


def _squash(text: str) -> str:
    return re.sub(r"\s+|\\[,;! ]", "", text)


def _first_side(text: str) -> tuple[str, str | None]:
    """(what stands before the first top-level ``=``, what follows it), or (text, None)."""
    for start, end in _relations(text):
        if text[start] == "=":
            return text[:start], text[end:]
    return text, None


_ENV_TAG = re.compile(r"\\(begin|end)\{(equation|align|gather|multline|eqnarray|displaymath|math|flalign|alignat)"
                      r"(\*?)\}")


def _blank_unclosed(text: str) -> str:
    """Blank out ``\\begin{equation}`` that no ``\\end{equation}`` follows, so that the math regex
    (which looks for the closing tag) stays linear on a page of unclosed environments."""
    tags = list(_ENV_TAG.finditer(text))
    open_tags: dict[str, list[re.Match]] = {}
    for m in tags:
        name = m.group(2) + m.group(3)
        if m.group(1) == "begin":
            open_tags.setdefault(name, []).append(m)
        elif open_tags.get(name):
            open_tags[name].clear()   # the lazy regex pairs every earlier begin with this end
    spans = sorted((m.start(), m.end()) for pending in open_tags.values() for m in pending)
    if not spans:
        return text
    out, last = [], 0
    for a, b in spans:
        out += [text[last:a], " " * (b - a)]
        last = b
    return "".join(out) + text[last:]


_BRACKETED = re.compile(r"\[[^\[\]\n]*\]")
_NUMBER_ONLY = re.compile(r"[-−]?(?:\d+\.?\d*|\.\d+)")
_OPERATORS = frozenset("·×*@+-−/⋅")


def _lists_blanked(line: str) -> str:
    """The line with its lists of numbers blanked where each is a value set equal to something
    (``块 1 = [1, 3]: …``); all of it blanked when a bracket is something else (an index ``[0][1]``,
    a list over several lines) or a list is an operand (``[0.5, 0.3] · [1.183, -0.121] + 0``)."""
    lists = [m for m in _BRACKETED.finditer(line)
             if len(items := m.group(0)[1:-1].replace(",", " ").split()) >= 2
             and all(_NUMBER_ONLY.fullmatch(t) for t in items)]
    for m in lists:
        if line[:m.start()].rstrip()[-1:] in _OPERATORS or line[m.end():].lstrip()[:1] in _OPERATORS:
            return " " * len(line)
    for m in lists:
        line = line[:m.start()] + " " * len(m.group(0)) + line[m.end():]
    if _indexed_only(line):
        return line   # only indices (``exp(s[0][1]) = exp(0.7071) = 2.0281``): a label, the arithmetic is prose's
    return " " * len(line) if re.search(r"[\[\]]", line) else line


#: an index after a name or another index: ``s[0]``, ``[0][1]``, and tokens in quotes as the index
#: (``Attention["Hello", "World"]``)
_INDEX = re.compile(r"(?<=[\w\]])\[\s*(?:\d+|[\"“'‘][^\[\]\n]*?[\"”'’])\s*\]")


def _indexed_only(line: str) -> bool:
    """Are the line's only brackets indices (``exp(s[0][1]) = exp(0.7071)``), no list of numbers?"""
    return bool(_INDEX.search(line)) and not re.search(r"[\[\]]", _INDEX.sub("", line))


def _fences(doc: Document, text: str):
    """Blank out fenced code blocks; return (text, [(first line, language, lines)])."""
    out_lines = text.split("\n")
    blocks = []
    for f in doc.fences:
        i, j = f.first - 1, f.last - 1 if f.closed else len(out_lines)
        body = out_lines[i + 1:j]
        if f.output:
            # a program's printed output, not code: its scalar arithmetic (e^1.20 = 3.3201) is read
            # its vectors, matrices and tables are the block reader's (a line left to prose is
            # a comment here, not a blank: an "= [..]" line under it does not hang from the line above it)
            arrays = [line if re.search(r"[\[\]|]", line) and not _indexed_only(line) else "#" if line.strip() else ""
                      for line in body]
            blocks.append((i + 2, f.lang, arrays))
            for k in range(i, min(j + 1, len(out_lines))):
                if k in (i, j) or "|" in out_lines[k]:
                    out_lines[k] = " " * len(out_lines[k])
                elif re.search(r"[\[\]]", out_lines[k]):
                    # the lists are the block reader's; scalar arithmetic beside them stays prose
                    # ("块 1 = [1, 3]: m₁ = 3, l₁ = e^(1-3) + e^(3-3) = 1.135 + 1 = 2.135")
                    out_lines[k] = _lists_blanked(out_lines[k])
            continue
        if f.lang not in _SKIP_LANGS:
            blocks.append((i + 2, f.lang, body))
        for k in range(i, min(j + 1, len(out_lines))):
            comment = _LINE_COMMENT.match(out_lines[k]) if i < k < j else None
            # a whole-line comment of C, Verilog, JavaScript, Rust or Go is the author's prose
            # ("//   P_tilde[1] = exp(1-2) = exp(-1) ≈ 0.368"): read as prose is, its marker blanked
            out_lines[k] = " " * comment.end(1) + out_lines[k][comment.end(1):] if comment else " " * len(out_lines[k])
    return "\n".join(out_lines), blocks


#: a line that is only a comment after ``//`` (not a rule of slashes or equals signs)
_LINE_COMMENT = re.compile(r"^(\s*//+)(?=[^/\n]*\d)(?![\s=/-]*$)")
