r"""Math that is not in ``$...$``: code fences, tables, plain-text arrays, Unicode lines.

Input: the lines of a :class:`~symattn.check.document.Document` outside ``$...$``.  Output: a list of
:class:`~symattn.check.document.Segment` (as :mod:`~symattn.check.extract` gives for math).

Each is rewritten into the notation the parser reads (a ``bmatrix`` or the line
itself) and returned as a :class:`~symattn.check.extract.Segment`.

>>> [s.text for s in code_segments(["X = [[1, 0],", "     [0, 1]]  # input"], 3)]
['X = [[1, 0], [0, 1]]']
>>> s = prose_segments("Weights $A$:\n\n| | a | b |\n|---|---|---|\n| a | 0.5 | 0.5 |\n", None)[0][0]
>>> s.line, s.kind, s.text
(3, 'table', 'A = \\begin{bmatrix} 0.5 & 0.5 \\end{bmatrix}')
"""

from __future__ import annotations

import re
from dataclasses import replace

from .document import Segment
from .names import SUM_WORDS

__all__ = ["code_segments", "prose_segments"]

_REL = {"=": "=", "≈": r"\approx"}

_NUMBER = r"[-−]?(?:\d+(?:\.\d*)?|\.\d+)"
_NUM_CELL = re.compile(rf"^\s*(?:\$\s*)?({_NUMBER}|[-−]?\\?infty|[-−]?∞|-inf)\s*(?:\$\s*)?$")
_ASSIGN = re.compile(r"^\s*([A-Za-z_][\w.]*(?:\^\w+)?)\s*(=|≈)\s*(?!=)(.+)$")
_TRANSLATE = [(re.compile(r"\.transpose\(\s*-?2\s*,\s*-?1\s*\)|\.t\(\)|\.mT"), ".T"),
              (re.compile(r"\b(np|math|torch)\.e\b"), "e"),
              (re.compile(r"\bnp\.inf\b|float\(\s*['\"]-?inf['\"]\s*\)"), r"\\infty")]


def _clean_code(line: str) -> str:
    line = re.sub(r"^\s*(>>>|\.\.\.)\s?", "", line)
    if "#" in line:
        code, _, comment = (" " + line).partition(" #")
        line = code[1:]
        # "scores = Q @ K.T  # [[2, 1, 1], ...]": a printed result in a comment is a claim
        m = re.fullmatch(r"\s*(?:(?:=|≈|->|→)\s*)?(\[[-\d.,\s\[\]]*\]|-?\d+(?:\.\d+)?)\s*", comment)
        if m and "=" in line:
            line = f"{line.rstrip()} {'≈' if '.' in m.group(1) else '='} {m.group(1)}"
    for pat, rep in _TRANSLATE:
        line = pat.sub(rep, line)
    return line.rstrip()


#: a line that continues the chain above it: ``    = [0.25, 0, 0.5] + [0, 0.75, 1.5]``
_CONTINUED = re.compile(r"^\s*(=|≈)(?!=)\s*(.+)$")


#: the words a step of numbers may use; any other word makes it a statement about something else
#: (``[4096] × [4096 × 64] = [64 dimensions]`` is a shape, ``y·log(ŷ)`` has unknowns)
_FUNCTIONS = {"exp", "log", "ln", "sqrt", "softmax", "sum", "max", "e"}
_SHAPE = re.compile(r"\[\s*\d+\s*[×x*]\s*\d+\s*\]")


def _above(block: list[str], k: int, joined: frozenset[int] = frozenset()) -> int:
    """The index of the line a chain's "= …" line at ``k`` hangs from: the nearest line above it that
    is not blank, across at most two blank lines (chains written down the page in plain text often
    leave a blank line between their steps; the places of terms joined to the line above them, see
    :func:`_joined_sums`, are no blank lines); -1 when there is none."""
    j, blanks = k - 1, 0
    while j >= 0 and not block[j].strip() and (blanks < 2 or j in joined):
        j, blanks = j - 1, blanks + (j not in joined)
    return j if j >= 0 and block[j].strip() else -1


#: an operator between two numbers or brackets: what makes a line without a relation arithmetic
_OPERATION = re.compile(r"[\d\])]\s*[-+*/×·÷−]\s*[-−]?[\d\[(]")


def _bare_arithmetic(line: str) -> bool:
    """A line that is arithmetic and nothing else (``1.01369 / 3.06198``): a chain's first step
    when the "= …" line under it gives its value."""
    return "=" not in line and "≈" not in line and bool(_OPERATION.search(line)) and _arithmetic(line)


def _chain_head(block: list[str], start: int, joined: frozenset[int] = frozenset()) -> str | None:
    """The first expression of a chain written down the page whose "= …" line is ``start``: the
    right-hand side of the line the run of "= …" lines above it hangs from (``Output[0] = 0.4555×[1,2]
    + …``), or None."""
    k, steps = _above(block, start, joined), 0
    while k >= 0 and _CONTINUED.match(_clean_code(block[k])):
        k, steps = _above(block, k, joined), steps + 1
    if k < 0 or steps == 0:
        return None   # (a chain of one step has no head but the line before it)
    line = _clean_code(block[k])
    if _bare_arithmetic(line):
        return " ".join(line.split())
    parts = re.split(r"(?<![=<>!])[=≈](?!=)", line)
    if len(parts) != 2 or not parts[1].strip() or parts[1].count("[") != parts[1].count("]"):
        return None
    return " ".join(parts[1].split())


#: a line that continues the sum above it: ``+ 0.28 × [1, 1, 0]`` under ``= 0.16 × [2, 0, 0]``
_PLUS = re.compile(r"^\s*\+\s*(?=\S)")


def _joined_sums(block: list[str]) -> tuple[list[str], frozenset[int]]:
    """The block with each line that starts with ``+`` joined to the line right above it when that
    line is a step of a chain (``= (0.04 × 0.08)`` then ``+ (0.12 × 0.04)``: a sum of numbers written
    one term per line), and left blank in its own place, so that line indices stay; and the indices of
    those places."""
    out, joined = list(block), set()
    for k in range(1, len(out)):
        if _PLUS.match(out[k]) and block[k - 1].strip() and "=" not in out[k] and "#" not in out[k]:
            j = k - 1
            while j > 0 and not out[j].strip():
                j -= 1
            if not re.search(r"=|≈", out[j]) or "[" in out[j] + out[k]:
                # terms stacked over a rule (``+ [1, 4]`` / ``-----`` / ``= [2, 7]``): a column sum; and
                # a sum of printed vectors is the block reader's, which binds each by its values
                continue
            out[j] = f"{out[j].rstrip()} {out[k].strip()}"
            out[k] = ""
            joined.add(k)
    return out, frozenset(joined)


def _result(side: str) -> bool:
    """A printed result: a number or a list of numbers, no operator outside a number."""
    return bool(re.fullmatch(r"[-−]?\d+(?:\.\d+)?|\[\s*[-−]?\d+(?:\.\d+)?(?:\s*,\s*[-−]?\d+(?:\.\d+)?)*\s*\]",
                             side.strip()))


def _arithmetic(side: str) -> bool:
    """Numbers, brackets and operators, with no word but a function's, and no shape ``[n × m]``."""
    return not _SHAPE.search(side) and all(w in _FUNCTIONS for w in re.findall(r"[^\W\d_]+", side))


def _last_side(line: str) -> str | None:
    """The last side of a chain written on one line (``out = a = b`` -> ``b``), or None."""
    parts = re.split(r"(?<![=<>!])[=≈](?!=)", line)
    if len(parts) < 2 or not parts[-1].strip() or parts[-1].count("[") != parts[-1].count("]"):
        return None
    return " ".join(parts[-1].split())


def code_segments(block: list[str], first_line: int) -> list[Segment]:
    """Assignments in a code block: ``X = [[...]]`` (over several lines too), ``S = Q @ K.T``;
    and plain-text arrays stacked over several lines."""
    out, i = [], 0
    local = _function_bodies(block)
    block, joined = _joined_sums(block)
    while i < len(block):
        if i in local:
            i += 1
            continue   # a function's body: its names are its parameters and locals, not the article's
        stack = _stacked_array(block, i)
        if stack:
            j, seg = stack
            out.append(replace(seg, line=first_line + i))
            i = j
            continue
        start = i
        stmt = _clean_code(block[i])
        while stmt.count("[") + stmt.count("(") > stmt.count("]") + stmt.count(")") and i + 1 < len(block) \
                and i - start < 300:
            i += 1
            stmt += " " + _clean_code(block[i]).strip()
        i += 1
        step = _CONTINUED.match(stmt)
        k = _above(block, start, joined)
        above = _clean_code(block[k]) if k >= 0 else ""
        if step and (not above or _ASSIGN.match(above) or _CONTINUED.match(above) or _bare_arithmetic(above)):
            # "= [..] + [..]" under a line it continues: one step of a chain written down the page,
            # the value before it (the previous line's last side, or the whole of a line of bare
            # arithmetic) equal to this one
            before = (" ".join(above.split()) if _bare_arithmetic(above) else _last_side(above)) if above else None
            rhs = " ".join(step.group(2).split())
            head = _chain_head(block, start, joined)
            if head and _result(rhs) and _arithmetic(head):
                # "= [3.0000, 4.0000]" at the end of a chain: the result the chain's first expression
                # gives, end to end (the sums of rounded terms between are the author's own steps)
                before = head
            if before and re.search(r"\d", rhs) and _arithmetic(before) and _arithmetic(rhs):
                out.append(Segment(first_line + start, f"{before} {_REL.get(step.group(1), '=')} {rhs}", "code",
                                   " ".join(block[start].split())[:160]))
            continue
        for part in _statements(stmt):
            m = _ASSIGN.match(part)
            if not m or m.group(1) in ("import", "from") or re.match(
                    r"\s*(def|class|for|if|import|from|print)\b", part):
                continue
            rhs = m.group(3).strip().rstrip(";")
            if not re.search(r"\d|@|\.T\b|softmax|sqrt", rhs):
                continue
            text = f"{m.group(1)} {m.group(2)} {' '.join(rhs.split())}"
            out.append(Segment(first_line + start, text, "code", " ".join(block[start].split())[:160]))
    return out


_DEF = re.compile(r"^(\s*)(?:async\s+)?def\s+\w+\s*\(")


def _function_bodies(block: list[str]) -> set[int]:
    """The indices of the lines of a code block inside a function's body: after ``def f(...):``, every
    line indented deeper than the ``def`` (blank lines too), until one that is not."""
    inside, depth = set(), None
    for k, line in enumerate(block):
        if not line.strip():
            if depth is not None:
                inside.add(k)
            continue
        indent = len(line) - len(line.lstrip())
        if depth is not None and indent > depth:
            inside.add(k)
            continue
        m = _DEF.match(line)
        depth = len(m.group(1)) if m else None
    return inside


#: a run of blanks, after a closed value, before the next "name =": one more statement on the line
#: ("q1 = x1·W_Q = [2, 0]      k1 = [1, 0]", "W_Q = [[2,0],[0,1]]   W_K = [[1,0],[0,1]]")
_NEXT_STATEMENT = re.compile(r"(?<=[\])\w.])[ \t]{2,}(?=[A-Za-z_][\w^{}']*[ \t]*=(?!=))")


def _statements(stmt: str) -> list[str]:
    """The statements of one line: split at :data:`_NEXT_STATEMENT` where the brackets are closed."""
    out, last = [], 0
    for m in _NEXT_STATEMENT.finditer(stmt):
        head = stmt[last:m.start()]
        if head.count("[") + head.count("(") == head.count("]") + head.count(")") and "=" in head:
            out.append(head)
            last = m.end()
    return out + [stmt[last:]]


# --------------------------------------------------------------------------- prose

def prose_segments(masked: str, raw_lines: list[str] | None, inline: dict[int, list[str]] | None = None):
    """Segments found in the prose (math and code already blanked out in ``masked``); ``inline``: the
    inline math of each line, by line (equations a lone sum below them may add up).

    Returns (segments, lines they consumed): inline math on a table line belongs to the table.
    """
    lines = masked.split("\n")
    raw = raw_lines if raw_lines is not None else lines
    segs: list[Segment] = []
    used: set[int] = set()
    i = 0
    while i < len(lines):
        block = _table_block(raw, i)
        if block:
            j, rows = block
            seg = _table_segment(raw, i, j, rows)
            if seg:
                segs.append(seg)
            used.update(range(i + 1, j + 1))
            i = j
            continue
        stack = _stacked_array(lines, i)
        if stack:
            j, seg = stack
            segs.append(seg)
            used.update(range(i + 1, j + 1))
            i = j
            continue
        i += 1
    found: dict[int, list[Segment]] = {}
    for n, line in enumerate(lines, start=1):
        if n in used:
            continue
        found[n] = _line_segments(line, n, raw[n - 1] if n - 1 < len(raw) else line)
        segs.extend(found[n])
    for n, line in enumerate(lines, start=1):
        m = _LONE_SUM.fullmatch(line)
        if m is None or n in used or found.get(n):
            continue
        # "exp(0.5) = 1.649, exp(1.5) = 4.482" then "soma = 6.131" on the next line: the sum of the
        # equations on the lines right above it (up to a blank line or a heading)
        equations, k = [], n - 1
        while k >= 1 and (lines[k - 1].strip() or (inline or {}).get(k)) and \
                not lines[k - 1].lstrip().startswith("#") and k not in used:
            # ("$e^{0.7} = 2.014$, $e^{0.4} = 1.492$" then "Сумма = 6.510": inline equations too)
            here = [g.text for g in found.get(k, []) if g.kind == "plain"] + \
                [t for t in (inline or {}).get(k, []) if _EQUATION.match(t)]
            if equations and not here:
                break   # a line of words ends the terms ("Without scaling:" over "e^14 = …"; the "dₖ = 64" above it is no term)
            equations = here + equations
            k -= 1
        total = sum_of(equations, m.group("rel"), m.group("num").replace("−", "-")) if len(equations) >= 2 else None
        if total is not None:
            segs.append(Segment(n, total, "plain", " ".join(raw[n - 1].split())[:160] if n - 1 < len(raw) else line))
    sums, joined = _joined_sums(lines)
    for n, line in enumerate(sums, start=1):
        step = _CONTINUED.match(line)
        k = _above(sums, n - 1, joined) if step and n not in used and not found.get(n) else -1
        if k < 0 or k + 1 in used or any(raw[j].strip() and j not in joined
                                                   for j in range(k + 1, min(n - 1, len(raw)))):
            continue   # (a line between them that this reader left out, Score["Hello", "World"] = …, heads
            # a chain of its own)
        # "1.01369 / 3.06198", a blank line, "= 0.3310": a chain written down the page in prose, each
        # "= …" line the value of the arithmetic on the line above it (a sum may be written one term
        # per line: "= (0.04 × 0.08)" then "+ (0.12 × 0.04)" …)
        above = sums[k].strip()
        before = " ".join(above.split()) if _bare_arithmetic(above) else (
            _last_side(above) if _CONTINUED.match(above) else None)
        rhs = " ".join(step.group(2).split())
        if before and _arithmetic(before) and _arithmetic(rhs) and re.search(r"\d", rhs):
            segs.append(Segment(n, _thousands(f"{before} {step.group(1)} {rhs}"), "plain",
                                " ".join(raw[n - 1].split())[:160] if n - 1 < len(raw) else line))
    return segs, used


def _cells(line: str) -> list[str]:
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip().strip("*").strip() for c in s.split("|")]


def _table_block(lines: list[str], i: int):
    """A Markdown table (header, ---, rows) or an ASCII one (+---+ borders) starting at line i."""
    if i >= len(lines):
        return None
    first = lines[i].strip()
    if first.startswith(r"\begin{tabular}"):
        return _tabular(lines, i)
    if first.startswith("+") and re.fullmatch(r"\+[-=+]+\+?", first):
        j, rows = i + 1, []
        while j < len(lines) and (lines[j].strip().startswith("|") or re.fullmatch(r"\+[-=+]+\+?",
                                                                                   lines[j].strip())):
            if lines[j].strip().startswith("|"):
                rows.append(_cells(lines[j]))
            j += 1
        return (j, rows) if rows else None
    if not first.startswith("|") or i + 1 >= len(lines):
        return None
    if not re.fullmatch(r"\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?", lines[i + 1].strip()):
        return None
    j, rows = i + 2, [_cells(lines[i])]
    while j < len(lines) and lines[j].strip().startswith("|"):
        rows.append(_cells(lines[j]))
        j += 1
    return j, rows


_CLOSERS = {"$$": "$$", r"\]": r"\["}


def _tabular(lines: list[str], i: int):
    """A LaTeX ``tabular``: rows split at ``\\``, cells at ``&``; rules and $\text{..}$ wrappers go."""
    j, rows = i + 1, []
    while j < len(lines) and not lines[j].strip().startswith(r"\end{tabular}"):
        line = re.sub(r"\\(?:hline|toprule|midrule|bottomrule|cline\{[^{}]*\})", "", lines[j]).strip()
        line = re.sub(r"\\\\\s*$", "", line).strip()
        if line:
            rows.append([re.sub(r"^\$?\\(?:text|mathbf|textbf)\{(.*)\}\$?$", r"\1", c.strip()).strip("$ ")
                         for c in line.split("&")])
        j += 1
    return (j + 1, rows) if rows and j < len(lines) else None


_WRAPPERS = re.compile(r"\\begin\{(?:center|table)\}|\\centering|\\begin\{tabular\}")


def _caption(lines: list[str], i: int) -> str:
    k = i - 1
    while k >= 0 and (not lines[k].strip() or _WRAPPERS.match(lines[k].strip())):
        k -= 1
    if k < 0 or i - k > 3:
        return ""
    line = lines[k].strip()
    if line in _CLOSERS:
        # a table right below a display restates it: its caption is the display's equation
        top = k - 1
        while top >= 0 and lines[top].strip() != _CLOSERS[line] and k - top <= 12:
            top -= 1
        body = " ".join(x.strip() for x in lines[top + 1:k]) if top >= 0 else ""
        return f"${body}$" if top >= 0 and "$" not in body else ""
    return line


def _name_and_rel(caption: str) -> tuple[str, str]:
    rel = "≈" if re.search(r"≈|\\approx|approx|rounded|约|近似|保留", caption, re.I) else "="
    math = re.findall(r"\$([^$]+)\$", caption)
    if math:
        name = re.split(r"=|\\approx|≈", math[-1])[0].strip()
        if name and len(name) <= 60 and re.fullmatch(r"(\\[A-Za-z]+\s*\{[^{}]*\}|[A-Za-z])[\w{}^\\ ]*", name):
            return name, rel
    s = re.sub(r"[*_#>`]", "", caption)
    s = re.sub(r"[(（][^)）]*[)）]", "", s)
    s = re.split(r"=|≈", s)[0]
    s = s.strip().rstrip(":：").strip()
    s = re.sub(r"^(table|表)\s*\d*\s*(?:[:.：]\s*)?", "", s, flags=re.I)
    if s and len(s) <= 40 and len(s.split()) <= 4:
        return r"\text{" + s + "}", rel
    return "", rel


def _table_segment(raw: list[str], i: int, j: int, rows: list[list[str]]) -> Segment | None:
    def numeric(c):
        return bool(_NUM_CELL.match(c))

    body = rows[:]
    if body and not all(numeric(c) for c in body[0][1:] if c) and not all(numeric(c) for c in body[0]):
        body = body[1:]  # a header row of labels
    if not body:
        return None
    if all(body_row and not numeric(body_row[0]) for body_row in body):
        body = [r[1:] for r in body]  # a column of row labels
    if not body or not body[0] or not all(numeric(c) for r in body for c in r):
        return None
    cells = [[_NUM_CELL.match(c).group(1).replace("−", "-").replace("∞", r"\infty").replace("-inf", r"-\infty")
              for c in r] for r in body]
    mat = r"\begin{bmatrix} " + r" \\ ".join(" & ".join(r) for r in cells) + r" \end{bmatrix}"
    name, rel = _name_and_rel(_caption(raw, i))
    text = f"{name} {_REL[rel]} {mat}" if name else mat
    return Segment(i + 1, text, "table", " ".join(raw[i].split())[:160], last=j)


# the atomic group (?>...) keeps a long row of numbers from backtracking over ways to split its digits
_STACK_ROW = re.compile(r"^(?P<pre>.*?)[\[|⎡⎢⎣]\s*(?P<nums>(?>(?:" + _NUMBER + r"[\s,]*)+))[\]|⎤⎥⎦](?P<post>.*)$")


def _stacked_array(lines: list[str], i: int):
    """Rows such as ``    [ 2 1 1 ]`` on consecutive lines, one of them ``S = [ 1 1 1 ]``."""
    rows, j = [], i
    while j < len(lines):
        m = _STACK_ROW.match(lines[j])
        if not m or "[[" in lines[j] or m.group("post").strip(" ,.;") or \
                re.search(r"[\u3400-\u9fff：:；;，,。!?]", m.group("pre")):
            break  # a list inside a sentence is narrative, not a row of an array
        rows.append(m)
        j += 1
    if len(rows) < 2:
        return None
    widths = {len(re.findall(_NUMBER, m.group("nums"))) for m in rows}
    if len(widths) != 1:
        return None
    name, rel, names = "", "=", 0
    for m in rows:
        pre = m.group("pre").strip()
        found = re.search(r"([^\s=≈]+)\s*(=|≈)\s*$", pre)
        if found:
            name, rel, names = found.group(1), found.group(2), names + 1
    if names > 1:
        return None   # rows named each on its own ("scores = [3, 4]", "P ≈ [0.237, 0.644]"): prints of their own
    cells = [re.findall(_NUMBER, m.group("nums")) for m in rows]
    mat = r"\begin{bmatrix} " + r" \\ ".join(" & ".join(r) for r in cells) + r" \end{bmatrix}"
    text = f"{name} {_REL[rel]} {mat}" if name else mat
    return j, Segment(i + 1, text, "plain", " ".join(lines[i].split())[:160], last=j)


_SLICE = re.compile(r"(?<=[\w\]])\[\s*-?\d*\s*:\s*-?\d*\s*(?::\s*-?\d*\s*)?\](?=\s*(?:=|≈))")
_PLAIN = re.compile(r"[A-Za-z0-9_^√×÷·⋅ᵀ⊤⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺₀₁₂₃₄₅₆₇₈₉ᵢⱼₖₜ≈=\-−+*/().,%\[\]'{}\\ ]+")
_WORDS_OK = {"softmax", "exp", "sqrt", "ln", "log", "sin", "cos", "tan", "scores", "weights", "output", "scaled", "attention", "np", "e"}
_LIST = re.compile(r"\[\s*" + _NUMBER + r"(?:\s*,\s*" + _NUMBER + r")+\s*\]")
# (?<!\s) starts a match only at the first blank of a run: linear time on long runs of blanks
_JOINERS = re.compile(r"(?:,|(?<!\s))\s+(?:and|so|then|thus|hence|which|where|but|while|gives|giving|i\.e\.)\s+"
                      # "= 3073 entries at N = 3": a condition after the result is a statement of its own
                      r"|(?<=[^\W\d_])\s+(?:at|when|if)\s+(?=[A-Za-z_]\w*\s*=)"
                      r"|,\s+(?=[A-Za-z√])|;\s+"
                      # "… = 10,8 GB bei 4K Kontext. 9,0 + 3,2 + 1 = 13,2 GB": a sentence ends after a word
                      r"|(?<=[^\W\d_])\.\s+(?=[\w√])"
                      # "e^{2.5} = 12.18. Total = 57.48": and after a number, before a word
                      r"|(?<=\d)\.\s+(?=[^\W\d_]{2,})"
                      # "e^1.5 = 4.48    e^0.5 = 1.65": a run of blanks before the next "name ="
                      r"|(?<!\s)\s{2,}(?=[A-Za-z√\\][^\s=≈]*\s*(?:=|≈))"
                      # "0.9^12 = 0.28   0.9^48 = 0.006": and before a number that has an "=" of its own,
                      # after an equation (see _joined_at_top)
                      r"|(?<=\d)\s{2,}(?=[-−]?\d[^\s=≈]*\s*(?:=|≈))"
                      # "… = 10000^0 = 1 cho i=0", "… = 1 for i = 0": a word between a number and a
                      # name's "=" starts a clause of its own (a function's name joins no clause)
                      r"|(?<=[\d⁰¹²³⁴⁵⁶⁷⁸⁹])\s+(?=(?!(?:softmax|exp|sqrt|log|ln|sin|cos|tan|max|sum)\b)[^\W\d_]{2,}\s+"
                      r"[^\W\d_]\w*\s*(?:=|≈))")
#: a run of CJK letters written right after a digit (a counter or a noun: 個, 次元, 层, 개), up to a space,
#: an operator or a sign of relation
_GLUED_NOUN = re.compile(r"(?<=\d)[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")
_OPERATOR_BEFORE = re.compile(r"(?:[×*·⋅÷/+\-−]|\\times|\\cdot)\s*[-−]?[\d.,]+$")
_RESULT_BEFORE = re.compile(r"(?:[×*·⋅÷/+\-−]|\\times|\\cdot)[^=≈]*[=≈]\s*[-−]?[\d.,]+$")
_OPERATOR_AFTER = re.compile(r"\s*(?:[×*·⋅÷/+\-−]|\\times|\\cdot)")


def _in_arithmetic(line: str, m: re.Match) -> bool:
    """Is the number the glued noun ``m`` follows an operand (an operator before it or after the noun)
    or the result of arithmetic (``… × 768次元 = 38,597,376個``; ``d_k=2なので`` is neither)?"""
    head = line[:m.start()]
    return bool(_OPERATOR_BEFORE.search(head) or _RESULT_BEFORE.search(head) or _OPERATOR_AFTER.match(line, m.end()))


_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")
_PCT_AGAIN = re.compile(r"[(（]\s*[-−]?\d+(?:[.,]\d+)?\s*%(?:\s+[^\W\d][^\W\d]*(?:\s+[^\W\d]+){0,3})?\s*[)）]")
_PERCENT = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*%")
#: three decimals or more in a row, separated by commas, not in brackets (a list the prose writes out)
_RUN = re.compile(r"(?<![\w.\[(])\d+\.\d+(?:\s*[,，、]\s*\d+\.\d+){2,}(?![\w.\])])")


def _joined_at_top(text: str) -> list[str]:
    """``text`` split where prose words or commas join equations, but not at a comma inside brackets:
    ``score(chat, dort) = 1 / 1.414 ≈ 0.707`` is one equation."""
    parts, pos, depth, seen = [], 0, 0, 0
    for m in _JOINERS.finditer(text):
        for ch in text[seen:m.start()]:   # the bracket depth, counted once along the text (linear)
            depth += (ch in "([{") - (ch in ")]}")
        seen = m.start()
        if m.group(0).isspace() and text[m.end():m.end() + 1] in "-−0123456789" and \
                not re.search(r"[=≈]", text[pos:m.start()]):
            continue   # blanks before a number end an equation only: "3 ×   4 = 12" is one
        if depth <= 0 or not m.group(0).lstrip().startswith(","):
            parts.append(text[pos:m.start()])
            pos = m.end()
    parts.append(text[pos:])
    return parts


def _listed(text: str) -> list[str]:
    """The items of a list the text is: split at each comma outside brackets with a blank or a letter
    after it (a decimal comma or a group of thousands has a digit right after it)."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0 and re.match(r"\s|[^\W\d]", text[k + 1:k + 2]):
            parts.append(text[start:k])
            start = k + 1
    return parts + [text[start:]]


def _line_segments(line: str, n: int, raw: str) -> list[Segment]:
    # a tab in prose is a space (one character for one: the columns stay)
    line, raw = line.replace("\t", " "), raw.replace("\t", " ")
    # "= 0.0401 (4.01%)": the value again as a percentage, in brackets, is not part of the equation
    line = _PCT_AGAIN.sub(lambda m: " " * len(m.group(0)), line)
    # "- `1 / 1.732 = 0.577`": a Markdown list marker, not a minus sign or a number
    line = re.sub(r"\*\*|__", "  ", line)   # bold markers (first: "**3. Scaling by √4 = 2**" is a numbered item)
    # "P_tilde[2:15] = exp(0-2)": a slice after a name says which entries; the name is what is set
    line = _SLICE.sub(lambda m: " " * len(m.group(0)), line)
    line = _BULLET.sub(lambda m: " " * len(m.group(0)), line)
    out, line = _tuple_equation(line, n, raw)
    # "50,257語彙 × 768次元 = 38,597,376個": a CJK noun or counter glued to a number says what it counts,
    # where the number is an operand or a result ("8ヘッドの場合 = 128 / 8": a case, named, is no operand)
    line = _GLUED_NOUN.sub(lambda m: " " * len(m.group(0)) if _in_arithmetic(line, m) else m.group(0), line)
    spans = []
    pieces = []
    for m in _PLAIN.finditer(line):
        # "√4 = 2 and e^0.5 ≈ 1.6487, so softmax(...)": prose words join separate equations
        pos = m.start()
        for part in _joined_at_top(m.group(0)):
            start = line.index(part, pos) if part else pos
            pieces.append((start, start + len(part), part))
            pos = start + len(part)
    for start, end, cand in pieces:
        if not re.search(r"=|≈", cand) or not re.search(r"\d", cand):
            continue
        lead = len(cand) - len(cand.lstrip())
        if re.search(r"(?:[&^~@]|<<|>>)\s*$", line[:start + lead]):
            # "0 & 1 = 0", "(1, 8, 3, 32) @ (1, 8, 32, 3) = (1, 8, 3, 3)": the left side goes on to the
            # left with an operator this reader does not read; what stands after it is no left side,
            # the links after it are the claim ("Q @ K.T = (0.5·X)(0.5·X).T = 0.25·X X.T")
            cand = re.split(r"=|≈", cand, maxsplit=1)[1]
            if not re.search(r"=|≈", cand):
                continue
        if cand[lead:lead + 1] == "(" and start + lead > 0 and line[start + lead - 1].isalpha():
            # "ŷ = σ(0.556) = 1/(1+e^(-0.556)) = …": the bracket is the argument of a function this
            # reader does not know; what that link claims is unread, the links after it are the claim
            cand = re.split(r"=|≈", cand, maxsplit=1)[1]
            if not re.search(r"=|≈", cand):
                continue
        text = _trim_prose(cand)
        if not text:
            continue
        if re.match(r"\s*%", line[end:]) and cand.rstrip().endswith(text) and text[-1:].isdigit():
            text += "%"   # "= 73%": the sign ends the number, it is not prose after it
        aside = _OPEN_ASIDE.search(text)
        if aside and re.match(r"\s*(?:→|->|←)[^\d()（）=≈]*[)）]", line[end:]):
            # "s₁ = 53.74 (bank → money)", cut at the arrow: words in a bracket after the number say what it is
            text = text[:aside.start()]
        text = _one_unit_out(_thousands(text))
        if not text:
            continue
        left, rel, right = re.split(r"(=|≈)", text, maxsplit=1)
        if not left.strip() or not re.search(r"\d", right):
            continue
        if re.search(r"[-+−×*/]\s*\d+,\s+\d+\s*[-+−×*/]", text):
            continue   # "… + 5, 120 + …": a comma between the terms of a sum is no operator; the side is unread
        if "=" not in right and "≈" not in right and len(_listed(left)) > 1 and re.search(r"[^\W\d]", _listed(left)[-1]):
            # "(1, src_seq_len=4, 256)": a name given its value in a list of them; the items beside it
            # are not its sides (a list equal to a list is read above, pair by pair; "+ 5, 120 + …", digits
            # after the comma, is a number written apart, not a list)
            left = _listed(left)[-1]
            right = _listed(right)[0]
            if not left.strip() or not re.search(r"\d", right):
                continue
            text = f"{left}{rel}{right}"
        out.append(Segment(n, text, "plain", " ".join(raw.split())[:160]))
        spans.append((start, end))
    last = re.search(r"([^\s=≈:]{1,24}\s*[=≈:：]\s*)([-−]?\d+(?:\.\d+)?)\s*$", line[-80:])
    if last and SUM_WORD.search(last.group(1)) and len(out) >= 2:
        # "e^1 = 2.72    e^2 = 7.39    e^3 = 20.09     total = 30.20": the sum of the equations before it
        total = sum_of([g.text for g in out], "≈" if "≈" in last.group(1) else "=", last.group(2))
        if total is not None:
            out.append(Segment(n, total, "plain", " ".join(raw.split())[:160]))
    rest = line
    for a, b in spans:
        rest = rest[:a] + " " * (b - a) + rest[b:]
    for m in _LIST.finditer(rest):
        out.append(Segment(n, m.group(0), "narrative", " ".join(raw.split())[:160],
                           " ".join(rest[:m.start()].split())[-40:]))
    for m in _RUN.finditer(rest):   # "such as 1.4950, 1.4574, 1.0865": a run of decimals the prose quotes
        out.append(Segment(n, m.group(0), "narrative", " ".join(raw.split())[:160], "run"))
    pct = _PERCENT.findall(rest)
    if pct:
        out.append(Segment(n, ", ".join(p.replace(" ", "") for p in pct), "narrative",
                           " ".join(raw.split())[:160], "percent"))
    return out


#: a unit of measure written after a number: sizes, rates and throughputs (GB, GiB/s, Gbps, TFLOPS, ms)
_UNIT = re.compile(r"(?<=\d)\s?(?P<u>(?:[KMGTP]i?B|kB|[KMGTP]?bps|[KMGTPk]?FLOPS?)(?:/s)?)(?![\w/])")


def _one_unit_out(text: str) -> str:
    """A quotient whose sides carry one size or rate unit, the same wherever it is written (``900 ÷ 7 ≈
    128 GB/s``, ``80 GB / 2 = 40 GB``): the numbers are in that unit, read without it, and a whole number of
    that unit after ``=`` is a size as sizes are printed, rounded (``108*192/1024 = 20MB`` for 20.25).  A
    product's unit may scale its result (``2 × 4096 × 2 = 16 KB``), a time unit its seconds (``= 17ms``):
    those are left as written."""
    units = {m.group("u") for m in _UNIT.finditer(text)}
    first = re.split(r"=|≈", text, maxsplit=1)[0]
    alone = re.fullmatch(r"(?P<lhs>[^=≈]*?)\s*(?:=|≈)\s*(?P<num>[-−]?\d+(?:\.\d+)?)\s?(?P<u>[kKMGTP]FLOPS?)(?:/s)?\s*", text)
    if alone and not _UNIT.search(alone.group("lhs")):
        return _scaled_result(text, alone)
    # "2048 - 25 = 1975 MB": a sum or a difference of bare numbers is in its result's size unit
    lhs, rel, rhs = re.split(r"(=|≈)", text, maxsplit=1) if re.search(r"=|≈", text) else (text, "", "")
    sized = re.fullmatch(r"\s*[-−]?\d+(?:\.\d+)?\s?(?P<u>[KMGT]i?B)\s*", rhs) if rel else None
    if sized and re.fullmatch(r"[\d.\s()+\-−]*", lhs) and re.search(r"\d[\s)]*[+\-−][\s(]*\d", lhs):
        return (lhs + rel + rhs[:sized.start("u")]).rstrip()
    if len(units) != 1 or not re.search(r"[÷/]", first):
        return text
    last = re.search(r"(=)(\s*[-−]?\d+)" + _UNIT.pattern + r"\s*$", text)
    if last:
        text = text[:last.start(1)] + "≈" + text[last.end(1):]
    return _UNIT.sub("", text)


def _scaled_result(text: str, m: re.Match) -> str:
    """``3.5168 * 3 = 10.5504 TFLOPS``, ``10.5504 / 1024 = 10.3 GFLOPS``: a count with a scale prefix
    after the result, none on the operands.  The operands' scale is not on the line: read in the
    result's scale when that is what the arithmetic gives; a result that agrees only at another
    power of 1000 (TFLOPS divided into GFLOPS) changes the scale the line does not state, so the line
    claims nothing it can be judged by (``""``)."""
    from .beyond.arith import evaluate
    from .numerals import read
    from .judge import agrees
    bare = text[:m.start("u")].rstrip()
    value, printed = evaluate(m.group("lhs")), read(m.group("num").replace("−", "-"))
    if value is None or printed is None or agrees(printed, value):
        return bare
    return "" if any(agrees(printed, value * 1000 ** k) for k in (-4, -3, -2, -1, 1, 2, 3, 4)) else bare


#: a word that names the sum of the numbers before it: "total = 30.20", "Sum = $4.453$"
SUM_WORD = re.compile(r"(?:^|(?<=[\s*(（]))" + SUM_WORDS + r"\s*[=≈:：]\s*$", re.I)
#: a line that only says what the sum is: "Suma=4.4524", "- **soma = 6.131**"
_LONE_SUM = re.compile(r"\s*(?:[-*+•]\s+)?[*_`]*" + SUM_WORDS + r"[*_`]*\s*(?P<rel>[=≈])\s*[*_`]*"
                       r"(?P<num>[-−]?\d+(?:\.\d+)?)[*_`]*\s*", re.I)
#: an equation of one number, or a chain ending in one: its last side but one computes the number
#: (``exp(s[0][1]) = exp(0.7071) = 2.0281``: ``exp(0.7071)``)
_EQUATION = re.compile(r"^(?:[^\n]*(?:=|≈)\s*)?(?P<lhs>[^=≈]*?\S)\s*(?:=|≈)\s*(?P<rhs>[-−]?\d+(?:\.\d+)?)\s*$")


def _thousands(text: str) -> str:
    """1,280 in prose outside brackets is one number: its commas separate thousands."""
    if "[" in text:
        return text
    # (and 1,449.6: groups of three, then a point -- a thousands separator before decimals)
    return re.sub(r"(?<![\d.,])(\d{1,3})((?:,\d{3})+)(?![\d,]|\.\d)|(?<![\d.,])([1-9]\d{0,2})((?:,\d{3})+)(?=\.\d)",
                  lambda m: (m.group(1) or m.group(3)) + (m.group(2) or m.group(4)).replace(",", ""), text)


def sum_of(equations: list[str], rel: str, value: str) -> str | None:
    """``e^1 = 2.72``, ``e^2 = 7.39``, … then ``total = 30.20``: the total is the sum of what the
    equations before it compute (their left-hand sides, exactly), or None when they are not two or
    more equations of one number each."""
    sides = []
    for eq in equations:
        m = _EQUATION.match(eq)
        if m is None:
            return None
        sides.append(m.group("lhs"))
    if len(sides) < 2:
        return None
    return " + ".join(f"({x})" for x in sides) + f" {rel} {value}"


#: one arithmetic expression of a list: numbers and operators, at least one operator
_ARITH = re.compile(r"[\d.]+(?:\s*(?:[/*×·⋅+\-−^]|\*\*)\s*\(?[\d.]+\)?)+")
_LEADING_NUMBER = re.compile(r"\s*([-−]?\d+(?:\.\d+)?)(?=[\s)]|$)")


def _tuple_equation(line: str, n: int, raw: str) -> tuple[list[Segment], str]:
    """``2.72/30.20, 7.39/30.20, 20.09/30.20 = 0.09, 0.24, 0.67``: a list of expressions equal to a
    list of as many numbers, pair by pair.  Returns the equations, one per pair, and the line with
    the list blanked (so no pair is read as one expression equal to the whole list)."""
    if len(line) > 600:
        return [], line   # (a list written out is short; a long line is read as it is, in linear time)
    for m in re.finditer(r"\s(=|≈)\s", line):
        head = re.split(r"=|≈|:", line[:m.start()])[-1]
        items = head.split(",")
        values, end, at = [], m.end(), m.end()
        for item in line[m.end():].split(","):
            got = _LEADING_NUMBER.match(item)
            if not got:
                break
            values.append(got.group(1))
            end, at = at + got.end(), at + len(item) + 1   # (the list ends after its last number)
            if item.strip() != got.group(1):
                break   # prose after the last number ends the list
        if len(values) < 2 or len(values) != len(items):
            continue
        first = list(_ARITH.finditer(items[0]))
        exprs = [first[-1].group(0) if first else ""] + [x.strip() for x in items[1:]]
        if not all(_ARITH.fullmatch(x) for x in exprs):
            continue
        start = m.start() - len(head) + (first[-1].start() if first else 0)
        src = " ".join(raw.split())[:160]
        out = [Segment(n, f"{x} {m.group(1)} {v}", "plain", src) for x, v in zip(exprs, values)]
        return out, line[:start] + " " * (end - start) + line[end:]
    return [], line


def _aside_out(cand: str) -> str:
    """The equation without the brackets of the prose aside it sits in: "(d_k = 2, √2 = 1.414)",
    "scores (√2 = 1.414)" and "(with √2 = 1.414)" give "√2 = 1.414".  A bracket still open where
    the equation's sign stands opens the aside (the equation starts after it); a closing bracket
    that no opening one matches closes it."""
    rel = re.search(r"=|≈", cand)
    if rel is not None:
        opened = []
        for k, ch in enumerate(cand[:rel.start()]):
            if ch in "(（":
                opened.append(k)
            elif ch in ")）" and opened:
                opened.pop()
        if opened:
            cand = cand[opened[-1] + 1:].lstrip()
    depth = 0
    for k, ch in enumerate(cand):
        depth += 1 if ch in "(（" else -1 if ch in ")）" else 0
        if depth < 0:
            return cand[:k].rstrip(".,; ")
    return cand


#: a bracket of words opened after the last number of a candidate
_OPEN_ASIDE = re.compile(r"(?<=\d)\s*[(（]\s*[^\W\d_][^\d()（）=≈]*$")
#: a one-letter symbol with or without its index (``s₁``, ``x_i``, ``k``; not Euler's e, not a unit):
#: a word set equal to a formula in symbols is the name it defines ("sum = e^s₁ + e^s₂ ≈ …")
_SYMBOL = re.compile(r"(?<![A-Za-z\\])(?!e(?![_₀-₉A-Za-z]))[A-Za-z](?:[_₀-₉ᵢⱼₖ]\w*)?(?![A-Za-z(])")


def _after_caption(cand: str) -> int:
    """Where the equation starts after a caption's colon ("Tile 1: m = 3"); a colon in square
    brackets is a slice of a name (``P_tilde[2:15] = …``), no caption's end."""
    depth, at = 0, 0
    for k, ch in enumerate(cand):
        depth += 1 if ch == "[" else -1 if ch == "]" and depth else 0
        if ch == ":" and not depth:
            at = k + 1
    return at


_SENTENCE = re.compile(r"\s{2,}(?=[a-z]{2,}\s+[a-z]{2,}\b)")


def _trim_prose(cand: str) -> str:
    """Drop leading prose words ("so the first entry is s11 = 2" -> "s11 = 2")."""
    cand = cand[_after_caption(cand):].strip().rstrip(".,;")
    # a percent sign ends the equation unless an operator goes on after it ("× 100% = 66.60%" goes on;
    # "= 1.6% (98.4% reduction)" and "≈ 98.4% (对 …" end at it)
    end = re.search(r"%(?!\s*(?:[×*·⋅/+\-−=≈]|\\times|\\cdot))", cand)
    cand = cand[:end.end()] if end else cand
    cand = _aside_out(cand)
    if not re.search(r"=|≈", cand):
        return ""
    left, sep, right = re.split(r"(=|≈)", cand, maxsplit=1)
    # "… the result is 1,691. Amount dimension 0,154×0 + … = 0,154": a sentence that ends before the
    # equation is no part of it (a full stop, a blank, then a capital letter)
    ends = [m.end() for m in re.finditer(r"\.\s+(?=\w)", left) if left[m.end()].isupper()]
    left = left[ends[-1]:] if ends else left
    words = left.split()   # (runs of blanks, tabs too, are one gap between words)
    while words and re.fullmatch(r"[A-Za-z]{2,}", words[0]) and words[0].lower() not in _WORDS_OK \
            and len(words) > 1 and not re.fullmatch(r"[·⋅×*@+\-−/]|\\cdot|\\times", words[1]):
        words.pop(0)   # (a word an operator follows is an operand: Query · Key)
    while words and not words[0]:
        words.pop(0)
    left = " ".join(words).strip()
    if re.match(r"[-−+×*/·⋅]\s", left):
        # "ŷ - y = 0.635 - 1 = -0.365" read as "- y = …": the tail of an expression whose start is
        # written in letters this reader does not take; the arithmetic after it is the claim
        return _trim_prose(right) if re.search(r"=|≈", right) else ""
    if not left and re.search(r"=|≈", right):
        return _trim_prose(right)   # "Sum = 1.78 + 1.78 + 1 = 4.56": the arithmetic after the word
    if re.fullmatch(r"(?:[A-Za-z_]\w*\s*\[\s*[\"'“‘][^\]]*)?\]", left):
        # Attention["Hello", "World"] = 0.989 / 1.972 ≈ 0.501: an entry named by its tokens labels the
        # arithmetic after it, which is the claim (its first expression alone claims nothing)
        return _trim_prose(right) if re.search(r"=|≈", right) else ""
    if re.fullmatch(r"[A-Za-z]{3,}", left) and left.lower() not in _WORDS_OK and not _SYMBOL.search(right):
        # "Sum = 1.78 + 1.78 + 1 = 4.56": the word names it; the arithmetic after it is the claim
        return _trim_prose(right) if re.search(r"=|≈", right) else ""
    # "`R/W = (L-1)/2` meaning we read `…` times more data": where the code span that holds the formula
    # closes (a gap of blanks), the sentence that goes on is no part of it
    sentence = _SENTENCE.search(right)
    if sentence and re.search(r"\d", right[:sentence.start()]):
        right = right[:sentence.start()]
    # "= 0.0401 (4.01%)": the same value again as a percentage, in brackets
    right = re.sub(r"\s*[(（]\s*[-−]?\d+(?:[.,]\d+)?\s*%\s*[)）]\s*$", "", right.strip())
    return f"{left} {sep} {right}".strip() if sep else ""
