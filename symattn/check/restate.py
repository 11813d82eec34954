r"""Stage *restate*: a print that writes an earlier print again takes that print's verdict.

Authors restate their numbers: the weights again before they multiply them by V, a row of the
output again in prose, the probabilities again as percentages.  Such a block says nothing new, so
it is judged by what the report says of the print it repeats, end to end:

* the earlier print is right: the restatement is right ("the print on line N written again");
* the earlier print is wrong: each of its wrong entries is wrong again here, cause ``carried``
  with the earlier slip as the root, and the right value of the earlier verdict as the witness.

A block is a restatement when its printed values equal, entry by entry, an earlier block's (or its
transpose, or one row of it, or that row written as a column) and at least one value is not 0, 1 or −1.  This stage
only fills places the other stages left unverifiable or judged against the author's own print
("equal to the value printed on line N", "what its operands give"); a verdict from the article's
inputs is never replaced.

Input: the merged report, the article's blocks (:mod:`symattn.check.read`) and its document.
Output: the report with the restatements judged.
"""

from __future__ import annotations

import re
from dataclasses import replace

import mpmath

from . import numerals
from .claims import OPERAND, Claim, Reason, Report
from .judge import agrees, half_unit, interval, right_text
from .quantities import softmax
from .read import Block
from .verdict import Judgement, build, unverifiable

__all__ = ["restatements"]

#: reasons that judge a print against the author's own earlier print, not against the inputs
_AUTHOR_RELATIVE = ("value-printed-at", "value-row-printed-at", "operands-give", "softmax-of-print", "row-of-at")
#: verdicts against a step on the author's own earlier print (``softmax of the QKᵀ printed on line 234``)
_OF_PRINTED = ("softmax-of-printed", "softmax-of-values", "exp-of-values")
_ENTRY = re.compile(r"\[(\d+)(?:,\s*(\d+))?\]$")


def restatements(report: Report, blocks: list[Block], doc) -> Report:
    claims = list(report.claims)
    judged: list[tuple[Block, Claim | None]] = []   # earlier prints: with a verdict from the inputs, or None
    # prints that later steps take as their given inputs: a verdict here would leave those steps
    # judged from a value the report calls wrong, so they keep the verdict they have
    inputs = {line for c in claims for line in _given_lines(c.reason)}
    # every wrong entry by where it is printed (a verdict on part of a print, a column of a table)
    wrong_at = {(e["line"], e["col"]): (e, c) for c in claims if c.status == "wrong" for e in c.entries
                if isinstance(e.get("line"), int) and isinstance(e.get("col"), int)}
    for b in sorted(blocks, key=lambda b: (b.line, b.span or (0, 0))):
        mine = [k for k, c in enumerate(claims) if c is not None and _about(c, b)]
        verdicts = [claims[k] for k in mine if claims[k].status != "unverifiable"]
        if verdicts and not all(_author_relative(c) and c.status != "wrong" for c in verdicts):
            again = _right_again(b, verdicts, judged, wrong_at, doc)
            if again is not None:
                # the same numbers as a print judged right from the inputs, judged wrong here against
                # another quantity: written again, they are that print's (the fuller one, first)
                for k in mine:
                    claims[k] = None
                claims.append(again)
                judged.append((b, again))
                continue
            judged += [(b, c) for c in verdicts]
            continue
        found = _repeated(b, judged)
        if found is None:
            judged.append((b, None))
            continue
        a, w, part = found
        if w is not None and (verdicts and w.status != "wrong" or w.status == "wrong" and set(b.row_lines) & inputs):
            continue   # right against a right print: nothing to add; or a print later steps take as given
        new = _restated_claim(b, a, w, part, wrong_at, doc)
        if new is None or (w is None and (new.status != "wrong" or set(b.row_lines) & inputs)):
            judged.append((b, None))
            continue
        for k in mine:
            claims[k] = None
        claims.append(new)
        judged.append((b, new))
    kept = [c for c in claims if c is not None]
    kept += _restated_percentages(kept, blocks, doc)
    kept += _restated_numbers(kept, inputs, doc, blocks)
    kept = _gathered_results(kept, inputs, doc)
    kept = _summed_results(kept, inputs, doc)
    kept = _other_scales(kept, inputs, doc)
    kept = _percent_of_numbers(kept, inputs, doc)
    kept = _softmax_in_prose(kept, inputs, doc)
    kept = _carried_operands(kept, inputs, doc)
    kept = _assumed(kept, blocks, doc)
    return replace(report, claims=sorted(kept, key=lambda c: c.line))


#: words that introduce values as assumed, not computed ("we simply assume training produced:")
_SUPPOSE = re.compile(r"\b(?:assum(?:e|es|ed|ing)|suppos(?:e|ing)|pretend|imagine)\b|假设|假定|仮に|仮定|가정|"
                      r"\b(?:предположим|допустим|supongamos|asumamos|supposons|admettons|angenommen|suponha|"
                      r"suponhamos|supponiamo|varsayalım)\b|giả sử", re.I)


def _caption_above(b: Block, text: list[str]) -> str:
    """The line of prose that introduces a printed block: the nearest line above it with words
    outside its maths (a display's own lines, ``$$``, rows, ``\\begin``, are passed over)."""
    for n in range(b.line - 1, max(b.line - 16, 0), -1):
        line = text[n - 1].strip()
        words = re.sub(r"\$[^$]*\$|\\[A-Za-z]+(?:\{[^{}]*\})?", " ", line)
        if len(re.findall(r"[^\W\d_]", words)) >= 6:   # (letters of any script)
            return line
    return ""


def _assumed(claims: list[Claim], blocks: list[Block], doc) -> list[Claim]:
    """A matrix the article introduces as assumed ("For this section we simply assume training
    produced:", then ``Q = [..]``, with nothing computed on its own line) is given there, whatever a
    formula stated before says: a verdict of slip on it is no verdict (what is computed from it is
    judged as before)."""
    text = doc.text.split("\n")
    given: set[int] = set()
    for b in blocks:
        if b.shape[0] < 2 or b.line > len(text):
            continue
        head = text[b.line - 1][:b.span[0] - doc.starts[b.line - 1]] if b.span else ""
        if re.search(r"(?:=|≈|\\approx)[^=≈]*[^\s=≈$][^=≈]*(?:=|≈|\\approx)", head) or re.search(r"\d", head.split("=")[-1]):
            continue   # (something computed on its own line: a claim, assumed or not)
        if _SUPPOSE.search(_caption_above(b, text)):
            given.update(e.line for r in b.rows for e in r)
    if not given:
        return claims
    out = []
    for c in claims:
        lines = set(c.wrong_lines or c.lines or [c.line])
        if c.status == "wrong" and c.cause in ("slip", "", None) and lines <= given:
            out.append(unverifiable(c.line, c.source, Reason.of("assumed-values"), what=c.what, lines=c.lines))
        else:
            out.append(c)
    return out


def _matrix_rows(blocks: list[Block]) -> dict[int, list[list[str]]]:
    """line -> the matrix rows printed whole on it (their numbers as printed)."""
    out: dict[int, list[list[str]]] = {}
    for b in blocks:
        for row in b.rows:
            lines = {e.line for e in row}
            if len(lines) == 1 and len(row) > 1:
                out.setdefault(lines.pop(), []).append([e.text.replace("−", "-") for e in row])
    return out


def _restated_numbers(claims: list[Claim], inputs: set[int], doc, blocks: list[Block]) -> list[Claim]:
    """Lines that write again, among their numbers and in the same order, a row of an earlier print
    judged wrong: the weights restated as the factors of a sum (``0.53 × V₁ + 0.35 × V₂ + …``), a
    table row that repeats them.  Each such line is wrong, cause ``carried`` from that print's slip,
    whatever its own arithmetic gives.  A row counts with two or more decimals other than 0 and ±1
    (their order is the evidence; integers repeat by chance), and a line only where no stage judged
    it wrong already; a line that is a longer row of a matrix (``0.9 & 1.0 & 1.1 & 1.2`` holds
    ``1.1, 1.2``) is a row of that matrix, not the shorter row again."""
    rows = []
    for c in claims:
        if c.status != "wrong" or not isinstance(c.claimed, list) or not c.claimed or \
                not all(isinstance(r, (list, tuple)) for r in c.claimed):
            continue
        wrong = {}
        for e in c.entries:
            m = _ENTRY.search(str(e.get("entry", "")))
            if m:
                i, j = int(m.group(1)) - 1, int(m.group(2)) - 1 if m.group(2) else 0
                wrong[(0, i) if len(c.claimed) == 1 and not m.group(2) else (i, j)] = e
        for i, row in enumerate(c.claimed):
            numbers = [numerals.read(str(t)) for t in row]
            if any(n is None for n in numbers) or sum(1 for n in numbers if n.places and n.value not in (0, 1, -1)) < 2:
                continue
            if any((i, j) in wrong for j in range(len(row))):
                rows.append((max(c.lines or [c.line]), set(c.lines or [c.line]), i, list(row), numbers, wrong,
                             c.root or c.line))
    judged = {c.line for c in claims if c.status == "wrong"} | {ln for c in claims if c.status == "wrong"
                                                                for ln in c.lines or []}
    out = []
    entry_at = {(e.line, doc.column(e.pos)) for b in blocks if len(b.rows) > 1 for r in b.rows
                if len({e.line for e in r}) == 1 for e in r if e.pos >= 0}
    matrix_rows = _matrix_rows(blocks)
    for n, text in enumerate(doc.text.split("\n"), 1):
        if n in judged or n in inputs:
            continue
        found_at = [(m.start(), m.group(0).replace("−", "-")) for m in re.finditer(numerals.NUMBER, text)]
        printed = [t for _, t in found_at]
        # the entries of matrices printed on the line, taken out: a row restated is written in one
        # place, not gathered across the rows of another matrix (K's [0.2 0.1; 0.8 0.4; 1.5 0.3] holds
        # 0.2 … 0.3, no row of Q)
        rest = [t for col, t in found_at if (n, col) not in entry_at]
        for last, own, i, row, numbers, wrong, root in rows:
            if n <= last or n in own or \
                    not (_in_order(row, rest) or any(len(r) == len(row) and _in_order(row, r)
                                                     for r in matrix_rows.get(n, ()))):
                continue
            found = []
            for j, (t, number) in enumerate(zip(row, numbers)):
                hit = wrong.get((i, j))
                correct = numerals.read(str(hit.get("correct", ""))) if hit is not None else None
                if hit is not None and correct is not None:
                    found.append(Judgement((0, j), f"[1,{j + 1}]", t, n, None, hit.get("exact", ""), "wrong", "",
                                           right_text(number, mpmath.mpf(correct.value.p) / correct.value.q)))
                else:
                    found.append(Judgement((0, j), f"[1,{j + 1}]", t, n, None, "", "exact", "", t))
            how = Reason.of("restates-row", row=i + 1, line=last)
            claim = build(n, " ".join(text.split())[:160], how, [row], found, how=how, lines=[n],
                          cause="carried", root=root)
            if claim.status == "wrong":
                out.append(claim)
                judged.add(n)
                break
    return out


#: a percentage in prose: "29% attention to sat", "(24%)"
PERCENT = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d+)?\s?%")


def _restated_percentages(claims: list[Claim], blocks: list[Block], doc) -> list[Claim]:
    """Percentages in the prose after a printed distribution judged wrong ("29% attention to sat"
    under [0.09, 0.19, 0.29, ..]) write its entries again, 0.29 as 29%: each one equal to a wrong
    entry is wrong too, cause ``carried``, with that entry's right value as a percentage.  Where they
    stand is the evidence: a few lines under the distribution, and the lines that go on from there
    restating the next entry each (``+ 0.25 * expert_203(x)  # 25% …``); or further on in its section
    (or in that of the last line that restated it), where the order says it: three such lines, or
    three entries or more in a row on one line ("31%, 25%, 18%").  A percentage equal to two entries
    of other right values, or on a line another stage judged, is left alone; so is one that is right
    against its entry."""
    judged = {ln for c in claims if c.status != "unverifiable" for ln in (c.lines or [c.line])}
    busy = {n for b in blocks for n in range(b.line, b.end + 1)}
    sources = []   # (block, its wrong claim, its wrong entries by column): distributions with wrong entries
    for c in claims:
        if c.status != "wrong" or not isinstance(c.claimed, list) or not c.claimed:
            continue
        b = next((b for b in blocks if _about(c, b)), None)
        if b is None or not all(e.places and 0 <= e.value <= 1 for r in b.rows for e in r):
            continue
        wrong, width = {}, len(b.rows[0])   # by the entry's place, row after row
        for e in c.entries:
            m = _ENTRY.search(str(e.get("entry", "")))
            if m and len(b.rows) == 1:
                wrong[int(m.group(2) or m.group(1)) - 1] = e
            elif m and m.group(2):
                wrong[(int(m.group(1)) - 1) * width + int(m.group(2)) - 1] = e
        sources.append((b, c, wrong))
    out = []
    lines = doc.text.split("\n")

    def single(n: int, s) -> int | None:   # the one entry a free line restates as a percentage
        if n > len(lines) or n in busy or n in judged:
            return None
        cells = _percent_cells(lines[n - 1], s[0])
        return cells[0][1] if len(cells) == 1 else None

    run = None   # (source, the line and the column the last line of a run restated)
    seen: dict[int, int] = {}   # id(source) -> the last line that restated it
    for n, line in enumerate(lines, 1):
        if n in judged:
            run = None
            continue
        # (a printed block is another stage's, unless it is three entries or more in their order)
        near = max((s for s in sources if 1 <= n - s[0].end <= 8), key=lambda s: s[0].end, default=None)
        cells = []   # (match, the column it restates) for the percentages of the line
        src = run[0] if run is not None and run[1] == n - 1 else near
        for s in ([src] if src is not None else []) + [s for s in sources if s[0].end < n and s is not src]:
            cells = _percent_cells(line, s[0])
            cols = [j for _, j in cells]
            # far below, the order is the evidence, within the distribution's section (under another
            # heading the same numbers are another example's: "All probabilities: on (35%), …")
            section = not any(seen.get(id(s), s[0].end) < h <= n for h in doc.headings)
            inline = section and len(cols) >= 3 and cols == list(range(cols[0], cols[0] + len(cols)))
            follows = run is not None and s is run[0] and run[1] == n - 1 and cols[:1] == [run[2] + 1]
            starts = section and len(cols) == 1 and single(n + 1, s) == cols[0] + 1 and \
                single(n + 2, s) == cols[0] + 2
            if (s is near or follows or starts) and n not in busy or inline:
                src = s
                break
            cells = []
        run = (src, n, cells[-1][1]) if cells and len(cells) == 1 else None
        if not cells:
            continue
        seen[id(src)] = n
        b, c, wrong = src
        found = []
        for m, j in cells:
            if j not in wrong:
                continue
            pct, e, entry = numerals.read(m.group(0).replace(" ", "")), wrong[j], _flat(b)[j]
            correct = numerals.read(str(e.get("correct", "")))
            if correct is None or correct.percent or pct.places > (entry.places or 0):
                continue   # (finer than the entry it restates: its own rounding, not the entry's)
            exact = mpmath.mpf(correct.value.p) / correct.value.q
            found.append(Judgement((0, len(found)), f"[{j // len(b.rows[0]) + 1},{j % len(b.rows[0]) + 1}]", m.group(0), n, m.start(),
                                   str(e.get("exact", "")), "wrong", "", right_text(pct, exact)))
        if found:
            how = Reason.of("percentage-of", entry=found[0].label, line=b.line)
            out.append(build(n, " ".join(line.split())[:160], how, [[f.text for f in found]], found, how=how,
                             lines=[n], cause="carried", root=c.root or c.line))
    return out


def _flat(b: Block) -> list:
    """The block's entries, row after row."""
    return [e for r in b.rows for e in r]


def _percent_cells(line: str, b: Block) -> list:
    """(match, place) of each percentage of the line equal to exactly one entry of the block, its
    place counted row after row (29% reads as 0.29); a percentage equal to no entry, or to two, is
    left out."""
    found = []
    for m in PERCENT.finditer(line):
        pct = numerals.read(m.group(0).replace(" ", ""))
        cols = [j for j, e in enumerate(_flat(b)) if pct is not None and e.value == pct.value]
        if len(cols) == 1:
            found.append((m, cols[0]))
    return found


#: a decimal operand of a line's arithmetic (``0.86`` in ``0.86 / 2 = 0.43``)
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w]|\.\d)")
#: the arithmetic just left of a printed result: numbers, operators, brackets, exp and sqrt, in plain
#: text or in LaTeX (``0.841 \cdot 0.78 + (-0.196) \cdot 0.54``)
_ARITH_TAIL = re.compile(r"(?:exp|sqrt|√|e\^|\\cdot|\\times|[\d.\s+\-−*/×·⋅÷()^])+$")
#: emphasis and math delimiters around the numbers of a line of arithmetic (``= <b>0.686</b>$``)
_EMPHASIS = re.compile(r"</?(?:b|strong)>|\*\*|\$|\\(?:mathbf|textbf|boldsymbol)\{([^{}]*)\}")
#: a relation between the members of a chain
_RELATION = re.compile(r"=|≈|\\approx")


def _unemphasised(line: str) -> str:
    """The line without bold, ``$`` and ``\\mathbf{..}`` around its numbers."""
    return _EMPHASIS.sub(lambda m: m.group(1) or "", line)


def _terms(expr: str) -> list[str] | None:
    """The terms of a sum, each with its sign (``a·b + (-c)·d`` → ``a·b``, ``+(-c)·d``), or None when
    a bracket does not close: only a plus or minus between two operands splits."""
    out, depth, start, last = [], 0, 0, ""
    for i, ch in enumerate(expr):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif ch in "+-−" and depth == 0 and (last.isdigit() or last in ")]}"):
            out.append(expr[start:i])
            start = i
        if not ch.isspace():
            last = ch
    out.append(expr[start:])
    return [t.strip() for t in out] if depth == 0 else None


def _stepped(line: str, result: str, above: str) -> tuple[str, str]:
    """The arithmetic a line's result is computed from, with emphasis read away, and where it was
    found: ``line``; ``worked`` when the line's arithmetic is the terms of the chain's member before
    it worked out one by one (then that member is returned, on the line or ending the line above when
    this one starts with its relation: its operands are the ones used); ``above`` for a line that is
    only ``= result`` under a line ending in arithmetic, that arithmetic's result."""
    at = list(re.finditer(r"(?:=|≈|\\approx)\s*" + re.escape(result) + r"(?![\d.]\d)", line))
    if not at:
        return "", "line"
    members = _RELATION.split(line[:at[-1].start()])
    tail = _ARITH_TAIL.search(members[-1])
    expr = tail.group(0).strip() if tail else ""
    last = _RELATION.split(above)[-1].strip() if _RELATION.search(above) else ""
    above_expr = last if re.search(r"\d", last) and _ARITH_TAIL.fullmatch(last) else ""
    if not expr:
        return (above_expr if len(members) == 1 and not members[0].strip() else ""), "above"
    if len(members) >= 2 and re.search(r"\d", members[-2]):
        before = members[-2]
    elif len(members) == 2 and not members[0].strip():   # "= 0.656 - 0.106 + 0.136 = 0.686" under its products
        before = above_expr
    else:
        return expr, "line"
    tail = _ARITH_TAIL.search(before.rstrip())
    worked = _worked_terms(expr, tail.group(0).strip()) if tail else None
    return (worked, "worked") if worked else (expr, "line")


def _worked_terms(expr: str, before: str) -> str | None:
    """``before`` when ``expr`` is its terms worked out one by one (``0.841 \\cdot 0.78 + (-0.196)
    \\cdot 0.54`` then ``= 0.656 - 0.106``): as many terms, each a number that agrees at its printed
    precision with the term above it; else None."""
    from .beyond.arith import evaluate
    mine, theirs = _terms(expr), _terms(before)
    if not mine or not theirs or len(mine) != len(theirs) or len(mine) < 2:
        return None
    for t, u in zip(mine, theirs):
        printed = numerals.read(t.replace("−", "-").replace(" ", "").lstrip("+"))
        value = evaluate(u.lstrip("+"))
        if printed is None or value is None or not agrees(printed, value):
            return None
    return before


#: a list of numbers on a line: ``PE_1 = [0.841, 0.540, 0.001, 1.0, ...]``, ``(0.12, 0.5, 0.38)``
_LIST = re.compile(r"[\[(]([^\[\]()]*\d[^\[\]()]*)[\])]")


def _gathered_results(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """A list whose entries are, in order, the results the lines right above it computed, one per
    line (``dim 2: sin(1 / 10000^(2/512)) ≈ 0.001`` … then ``PE_1 = [0.841, 0.540, 0.001, 1.0, ...]``):
    each entry is its line's result written again, so the list is wrong where those lines are, cause
    ``carried``, with their right values as the witnesses.  The evidence is the order: three results
    at least, two of them decimals other than 0 and ±1, on consecutive lines (lines without a number
    between them, such as ``...``, are skipped), and the list right after them.  Only a line that no
    stage judged wrong, and no input, is judged."""
    text = doc.text.split("\n")
    by_line: dict[int, list[int]] = {}
    for k, c in enumerate(claims):
        by_line.setdefault(c.line, []).append(k)

    def result(n: int):   # the one scalar result a line ends with, and its claim
        found = {c.claimed: c for c in (claims[k] for k in by_line.get(n, ()))
                 if c.status in ("exact", "rounded", "wrong") and isinstance(c.claimed, str)
                 and re.search(re.escape(c.claimed) + r"[\s$`*.,;:)]*$", text[n - 1])}
        return next(iter(found.items())) if len(found) == 1 else None

    out = list(claims)
    for n in range(1, len(text) + 1):
        if n in inputs or any(claims[k].status == "wrong" for k in by_line.get(n, ())):
            continue
        m = _LIST.search(text[n - 1])
        if m is None:
            continue
        entries = [t.replace("−", "-") for t in re.findall(numerals.NUMBER, m.group(1))]
        above, k, gaps = [], n - 1, 0
        while k >= 1 and len(above) < len(entries):
            if not re.search(r"\d", text[k - 1]) and gaps < 2:
                gaps, k = gaps + 1, k - 1
                continue
            r = result(k)
            if r is None:
                break
            above.insert(0, (k, *r))
            k -= 1
        if len(above) < 3 or [t.replace("−", "-") for _, t, _ in above] != entries[:len(above)]:
            continue
        numbers = [numerals.read(t) for _, t, _ in above]
        if sum(1 for x in numbers if x is not None and x.places and x.value not in (0, 1, -1)) < 2 or \
                not any(c.status == "wrong" for _, _, c in above):
            continue
        found = []
        for j, (line, t, c) in enumerate(above):
            hit = c.entries[-1] if c.status == "wrong" and c.entries else None
            correct = numerals.read(str(hit.get("correct", ""))) if hit is not None else None
            if correct is not None:
                found.append(Judgement((0, j), f"[1,{j + 1}]", t, n, None, hit.get("exact", ""), "wrong", "",
                                       right_text(numbers[j], mpmath.mpf(correct.value.p) / correct.value.q)))
            else:
                found.append(Judgement((0, j), f"[1,{j + 1}]", t, n, None, "", "exact", "", t))
        root = next(c.root or c.line for _, _, c in above if c.status == "wrong")
        how = Reason.of("gathers-results", first=above[0][0], last=above[-1][0])
        claim = build(n, " ".join(text[n - 1].split())[:160], how, [[t for _, t, _ in above]], found, how=how,
                      lines=[n], cause="carried", root=root)
        if claim.status == "wrong":
            out = [c for c in out if not (c.line == n and c.status == "unverifiable")] + [claim]
    return out


#: a line that is one number alone, with a scale or a size unit perhaps (``$23.853M$``, ``**1.25 GB**``)
_ALONE = re.compile(r"[\s$*`]*(?P<num>[-−]?\d+(?:\.\d+)?)\s*(?P<unit>[KMGTB]|[KMGT]i?B)?[\s$*`]*")


def _summed_results(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """A number written alone on its line under two or more lines that each end in a result judged
    above (``= 23.44M``, ``= 0.393M``, ``= 0.02M`` then ``$23.853M$``), equal to the sum of those
    printed results: their total, the author's subtotal.  The evidence is the value: the printed
    results add up to it at its printed precision.  It is judged against the sum of their exact
    values (end to end: cause ``carried`` where a result it adds is wrong)."""
    text = doc.text.split("\n")
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.line, []).append(c)

    def result(n: int, unit: str):   # the one scalar result a line ends with in the unit, its exact value, its claim
        found = [c for c in by_line.get(n, ()) if c.status in ("exact", "rounded", "wrong") and isinstance(c.claimed, str)
                 and isinstance(c.expected, str) and re.fullmatch(r"-?\d+(?:\.\d+)?(?:/\d+)?", c.expected)
                 and re.search(re.escape(c.claimed) + r"\s*" + re.escape(unit) + r"[\s$`*.,;:)]*$", text[n - 1])]
        if len(found) != 1:
            return None
        p, _, q = found[0].expected.partition("/")
        return found[0], mpmath.mpf(p) / (int(q) if q else 1)

    out = list(claims)
    for n in range(2, len(text) + 1):
        m = _ALONE.fullmatch(text[n - 1])
        if m is None or n in inputs or any(c.status != "unverifiable" for c in by_line.get(n, ())):
            continue
        unit, above, k = m.group("unit") or "", [], n - 1
        while k >= 1 and (r := result(k, unit)) is not None:
            above.insert(0, (k, *r))
            k -= 1
        printed = numerals.read(m.group("num").replace("−", "-"))
        if len(above) < 2 or printed is None or not printed.places:
            continue
        written = [numerals.read(c.claimed) for _, c, _ in above]
        if any(w is None for w in written) or \
                not agrees(printed, sum((mpmath.mpf(w.value.p) / w.value.q for w in written), mpmath.mpf(0))):
            continue   # not their sum: another number
        exact = sum((x for _, _, x in above), mpmath.mpf(0))
        status = "rounded" if agrees(printed, exact) else "wrong"
        wrong = [c for _, c, _ in above if c.status == "wrong"]
        found = [Judgement((0, 0), "sum", m.group("num"), n, m.start("num"), mpmath.nstr(exact, 15), status, "",
                           right_text(printed, exact), value=exact)]
        how = Reason.of("sums-results", first=above[0][0], last=above[-1][0])
        out = [c for c in out if c.line != n]   # (what said it claims nothing: it is a sum)
        out.append(build(n, " ".join(text[n - 1].split())[:160], how, m.group("num"), found, how=how, lines=[n],
                         cause=("carried" if wrong else "slip") if status == "wrong" else "",
                         root=(wrong[0].root or wrong[0].line) if wrong and status == "wrong" else None))
        by_line[n] = [out[-1]]
    return out


#: the scale words of counts: 2.127B, 38.6M, 1.5K, 21.27亿, 3万
_SCALES = {"K": 10 ** 3, "M": 10 ** 6, "B": 10 ** 9, "T": 10 ** 12, "千": 10 ** 3, "万": 10 ** 4, "萬": 10 ** 4,
           "百万": 10 ** 6, "千万": 10 ** 7, "亿": 10 ** 8, "億": 10 ** 8, "억": 10 ** 8, "만": 10 ** 4}
_SCALE = "|".join(sorted(map(re.escape, _SCALES), key=len, reverse=True))
#: a count with a scale, then the same count in brackets with another: ``$2.127B$ (2.127亿)``
_TWO_SCALES = re.compile(rf"(?<![\w.])(?P<a>\d+(?:\.\d+)?)\s*(?P<sa>{_SCALE})(?![A-Za-z])[$*`\s]*[(（]\s*[~≈约約약]?\s*"
                         rf"(?P<b>\d+(?:\.\d+)?)\s*(?P<sb>{_SCALE})\s*[)）]")


def _other_scales(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """The claims, with this one added where it applies.  A count written with a scale and again in brackets with another (``2.127B (2.127亿)``, ``38.6M
    (3,860万)``): the second is the first at its own scale, judged at its printed precision (2.127B
    is 21.27亿).  The first is what the line states; the bracket restates it."""
    text = doc.text.split("\n")
    busy = {c.line for c in claims if c.status != "unverifiable"}
    out = []
    for n, line in enumerate(text, 1):
        if n in inputs or n in busy:
            continue
        for m in _TWO_SCALES.finditer(line.replace(",", "")):
            if m.group("sa") == m.group("sb"):
                continue
            first, printed = numerals.read(m.group("a")), numerals.read(m.group("b"))
            if first is None or printed is None:
                continue
            exact = mpmath.mpf(first.value.p) / first.value.q * _SCALES[m.group("sa")] / _SCALES[m.group("sb")]
            status = "rounded" if agrees(printed, exact) else "wrong"
            how = Reason.of("count-in-other-scale", value=m.group("a"), scale=m.group("sa"), other=m.group("sb"))
            found = [Judgement((0, 0), "scale", m.group("b"), n, None, mpmath.nstr(exact, 15), status, "",
                               right_text(printed, exact), value=exact)]
            out.append(build(n, " ".join(line.split())[:160], how, m.group("b"), found, how=how, lines=[n],
                             cause="slip" if status == "wrong" else ""))
    said = {c.line for c in out}   # (what said the line claims nothing: it restates a count)
    return [c for c in claims if not (c.line in said and c.status == "unverifiable")] + out


def _percent_of_numbers(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """The claims, with this one added where it applies.  A percentage in the prose that writes again a
    number printed wrong above it in its section, at fewer digits ("99.84% attention" under a weight
    printed 0.998377 where it is 0.998280): wrong too, cause ``carried``, with that number's right value
    as a percentage.  The evidence is the value: the number rounds to the percentage, one right value
    among the numbers that do, and three significant digits at least, or two percentages on the line
    both found so."""
    text = doc.text.split("\n")
    busy = {ln for c in claims if c.status != "unverifiable" for ln in (c.lines or [c.line])} | set(inputs)
    shown = []   # (line, printed value, right value, root): the wrong numbers of the article, in order
    for c in claims:
        if c.status != "wrong":
            continue
        for e in c.entries:
            printed = numerals.read(str(e.get("claimed", "")))
            right = numerals.read(str(e.get("exact", ""))) or numerals.read(str(e.get("correct", "")))
            if printed is None or right is None or printed.percent or not printed.places or printed.places < 3 or \
                    not (printed.value.is_Rational and right.value.is_Rational):
                continue   # (a masked entry, -∞, is no number a percentage writes again)
            line = e["line"] if isinstance(e.get("line"), int) else c.line
            shown.append((line, mpmath.mpf(printed.value.p) / printed.value.q,
                          mpmath.mpf(right.value.p) / right.value.q, c.root or c.line))
    out, said = [], set()
    for n, line in enumerate(text, 1):
        if n in busy or "%" not in line:
            continue
        found = []
        for m in PERCENT.finditer(line):
            pct = numerals.read(m.group(0).replace(" ", ""))
            if pct is None or not pct.percent:
                continue
            value, half = mpmath.mpf(pct.value.p) / pct.value.q, half_unit(pct.places)
            hits = [s for s in shown if s[0] < n and doc.section(s[0]) == doc.section(n) and abs(s[1] - value) <= half]
            rights = {mpmath.nstr(s[2], 12) for s in hits}
            if len(rights) != 1:
                continue
            src = max(hits, key=lambda s: s[0])
            found.append((m, pct, src, len(re.sub(r"\D|^0+", "", m.group(0).replace(".", "").lstrip("0")))))
        if not found or not (any(k >= 3 for *_, k in found) or len(found) >= 2):
            continue
        for m, pct, (at, printed, right, root), _ in found:
            if agrees(pct, right):
                continue   # right as the right value's percentage: the number it restates was wrong, not this
            how = Reason.of("percent-of-number", value=mpmath.nstr(printed, 8), line=at)
            judged = [Judgement((0, 0), "percent", m.group(0), n, m.start(), mpmath.nstr(right, 15), "wrong", "",
                                right_text(pct, right), value=right)]
            out.append(build(n, " ".join(line.split())[:160], how, m.group(0), judged, how=how, lines=[n],
                             cause="carried", root=root))
            said.add(n)
    return [c for c in claims if not (c.line in said and c.status == "unverifiable")] + out


#: a list of numbers in brackets, two or more
_BRACKETED = re.compile(r"\[\s*([-−]?\d+(?:\.\d+)?(?:\s*,\s*[-−]?\d+(?:\.\d+)?)+)\s*\]")
#: words that make a softmax another one: a temperature, a mask, a scale
_OTHER_SOFTMAX = re.compile(r"temperature|τ|\bT\s*=|mask|scal|divid|/\s*√|sqrt", re.I)


def _softmax_in_prose(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """The claims, with this one added where it applies.  A list in the prose whose entries add up to
    1, under a list of as many numbers a few lines above, with the word softmax between them ("Raw
    scores: [2.3, 1.8, 4.1, 0.9]" … "After softmax: [0.15, 0.09, 0.72, 0.04]"): the softmax of that
    list, judged at its printed precision.  Words of another softmax between them (a temperature, a
    mask, a scale) leave it alone."""
    text = doc.text.split("\n")
    busy = {ln for c in claims if c.status != "unverifiable" for ln in (c.lines or [c.line])} | set(inputs)
    lists = [(n, m, [numerals.read(t.strip().replace("−", "-")) for t in m.group(1).split(",")])
             for n, line in enumerate(text, 1) for m in _BRACKETED.finditer(line)]
    out, said = [], set()
    for k, (n, m, probs) in enumerate(lists):
        if n in busy or any(x is None for x in probs) or not all(x.places for x in probs) or \
                abs(sum(mpmath.mpf(x.value.p) / x.value.q for x in probs) - 1) > len(probs) * half_unit(max(x.places for x in probs)):
            continue
        if not lists[:k]:
            continue
        n0, m0, xs = lists[k - 1]   # the list right before it, on its line or a few lines up
        if not 0 <= n - n0 <= 6 or len(xs) != len(probs) or any(x is None for x in xs) or \
                abs(sum(mpmath.mpf(x.value.p) / x.value.q for x in xs) - 1) < mpmath.mpf("0.02"):
            continue   # (a distribution above it is another softmax's output, not these scores)
        between = text[n - 1][m0.end():m.start()] if n0 == n else \
            "\n".join([text[n0 - 1][m0.end():]] + text[n0:n - 1] + [text[n - 1][:m.start()]])
        if not re.search(r"softmax", between, re.I) or _OTHER_SOFTMAX.search(between) or re.search(r"\d", between):
            continue   # (a number between them is another step's: the scores, a divisor)
        with mpmath.workdps(30):
            right = softmax([mpmath.mpf(x.value.p) / x.value.q for x in xs])
        judged = [Judgement((0, j), f"[1,{j + 1}]", t.strip(), n, None, mpmath.nstr(r, 15),
                            "rounded" if agrees(x, r) else "wrong", "", right_text(x, r), value=r)
                  for j, (t, x, r) in enumerate(zip(m.group(1).split(","), probs, right))]
        how = Reason.of("softmax-of-values", line=n0)
        out.append(build(n, " ".join(text[n - 1].split())[:160], how, [[t.strip() for t in m.group(1).split(",")]],
                         judged, how=how, lines=[n], cause="slip"))
        said.add(n)
    return [c for c in claims if not (c.line in said and c.status == "unverifiable")] + out


def _carried_operands(claims: list[Claim], inputs: set[int], doc) -> list[Claim]:
    """A line whose arithmetic uses a number the report has shown wrong on an earlier line
    (``0.86 / 2 = 0.43`` after ``… = 0.86`` was wrong, 0.84): its printed result is judged again with
    that number's right value, end to end.  Where the result then disagrees, whatever right value in
    the rounding of the witness is taken, the line is wrong, cause ``carried`` from the earlier slip;
    its own result joins the wrong numbers for the lines after it.  Only a scalar result judged right
    from its own operands is reconsidered, and only decimal operands count (integers repeat by chance).
    A result judged wrong from its operands that is right at that number's right value is right for
    the reader (the operand written again is the line's mistake, :func:`_right_at_right_operands`)."""
    from .beyond.arith import evaluate
    wrong: dict[str, tuple | None] = {}   # printed text -> (values the witness may be, root line, line)
    flagged: dict[str, set[int]] = {}     # printed text -> the lines a verdict shows it wrong on
    # lines whose verdict vouches for the numbers it does not show wrong (a restatement carried from a
    # slip shows only what it carries)
    judged = {ln for c in claims if c.status in ("exact", "rounded") or c.status == "wrong" and c.cause != "carried"
              for ln in (c.lines or [c.line])}
    text = doc.text.split("\n")
    out, by_line = list(claims), {}
    for k, c in enumerate(out):
        by_line.setdefault(c.line, []).append(k)
    for n in sorted(by_line):
        if n not in inputs and n <= len(text):
            for k in by_line[n]:
                again = _right_at_right_operands(out[k], n, text, wrong)
                if again:
                    out[k] = again[0]
                    out.extend(again[1:])
        here = [out[k] for k in by_line[n]]
        for c in here:
            if c.status == "wrong":
                found: dict[str, set] = {}
                for t, values in _witnesses(c):
                    found.setdefault(t, set()).add(values)
                for t, values in found.items():
                    # the nearest line that shows the number wrong is its witness; one text with several
                    # right values there (3.088 in two cells) witnesses neither
                    wrong[t] = (values.pop(), c.root or c.line, n) if len(values) == 1 else None
                for e in c.entries:
                    flagged.setdefault(str(e.get("claimed", "")), set()).update(
                        [e["line"]] if isinstance(e.get("line"), int) else c.lines or [n])
        if n in inputs or any(c.status == "wrong" for c in here) or n > len(text):
            continue
        for k in by_line[n]:
            c = out[k]
            if c.status not in ("exact", "rounded") or not isinstance(c.claimed, str):
                continue
            printed = numerals.read(c.claimed)
            if printed is None or not printed.places or not _DECIMAL.fullmatch(c.claimed):
                continue
            at = list(re.finditer(r"(?:=|≈)\s*" + re.escape(c.claimed) + r"(?![\d.]\d)", text[n - 1]))
            head = text[n - 1][:at[-1].start()] if at else ""
            piece = max((m.end() for m in re.finditer(r"[=≈:]", head)), default=0)
            tail = _ARITH_TAIL.search(head, piece) if at else None
            expr = tail.group(0).strip() if tail else ""
            keep = None   # the operands that may be taken as the numbers shown wrong (None: all)
            if not any(wrong.get(t) is not None for t in _DECIMAL.findall(expr)):
                # (terms worked out one by one below the products they are, or emphasis around the
                # result, ``= <b>0.686</b>``: the chain read without it)
                stepped, where = _stepped(_unemphasised(text[n - 1]), c.claimed,
                                          _unemphasised(text[n - 2]) if n >= 2 else "")
                # (an operand matched by its text alone may be another quantity's number: away from
                # the chain the result ends, in products worked out or behind emphasis, two numbers
                # or more of one print shown wrong are needed)
                shown = {t for t in _DECIMAL.findall(stepped) if wrong.get(t) is not None}
                # (products worked out on the line above: one number shown wrong is enough where a verdict
                # shows it wrong on that line (a row written again), or wrong wherever a verdict judges it
                # before, so that it is that print's number, not another's; the others are taken as written)
                trusted = {t for t in shown if flagged.get(t, set()) & {n - 1, n} or
                           not _shown_right(t, n, text, flagged, judged)} if where == "worked" else set()
                if stepped and stepped != expr and \
                        (where == "above" or trusted or len({wrong[t][2] for t in shown}) == 1 and len(shown) >= 2):
                    expr, tail = stepped, None
                    if where == "worked" and not (len({wrong[t][2] for t in shown}) == 1 and len(shown) >= 2):
                        keep = trusted
            used = [t for t in _DECIMAL.findall(expr) if wrong.get(t) is not None and wrong[t][2] < n and
                    (keep is None or t in keep)]
            if any(t in wrong and wrong[t] is None and (keep is None or t in keep) for t in _DECIMAL.findall(expr)):
                continue
            if not used or not re.search(r"[+\-−*/×·⋅÷^]|exp|sqrt|√", expr):
                continue
            values = []
            for pick in range(3):   # the witness anywhere in its own rounding: low, middle, high
                sub = _DECIMAL.sub(lambda m: mpmath.nstr(wrong[m.group(0)][0][pick], 30)
                                   if m.group(0) in used else m.group(0), expr)
                values.append(evaluate(sub.replace("√", "sqrt")))
            if any(v is None for v in values):
                continue
            _, root, line = wrong[used[0]]
            right = values[1]
            if any(agrees(printed, v) for v in values):
                # the result is right end to end, but the operands the line writes again are not
                # (``ℓ = 0.153 + 0.050 + 1 = 1.203`` with α·ℓ₁ = 0.15365): they are wrong here too
                found = []
            else:
                found = [Judgement((0, 0), "result", c.claimed, n, text[n - 1].rfind(c.claimed),
                                   mpmath.nstr(right, 15), "wrong", "", right_text(printed, right))]
            # the wrong numbers the line prints again are wrong here too, with their right values: a
            # fix rewrites them with the result, so that the line's arithmetic still holds
            for m in (_DECIMAL.finditer(text[n - 1], tail.start(), tail.end()) if tail is not None else ()):
                if m.group(0) in used:
                    was = wrong[m.group(0)][0][1]
                    found.append(Judgement((0, 0), OPERAND, m.group(0), n, m.start(), mpmath.nstr(was, 15),
                                           "wrong", "", right_text(numerals.read(m.group(0)), was)))
            if not found:
                continue
            result_wrong = found[0].label == "result"
            how = Reason.of("carried-operand" if result_wrong else "restated-operand", value=used[0], line=line)
            new = build(n, c.source, how, c.claimed if result_wrong else found[0].text, found,
                        how=how, lines=[n], cause="carried", root=root)
            if new.status == "wrong" and result_wrong:
                out[k] = new
                wrong.setdefault(c.claimed, ((right, right, right), root, n))
            elif new.status == "wrong":
                out.append(new)   # (the result's own verdict stands beside it)
    return out + _restated_coefficients(out, wrong, inputs, doc, text)


def _shown_right(t: str, n: int, text: list[str], flagged: dict, judged: set) -> bool:
    """Is the number ``t`` printed before line ``n`` on a line a verdict judges without showing it
    wrong (0.920 wrong in the values, right in the keys)?"""
    at = re.compile(r"(?<![\d.])" + re.escape(t) + r"(?![\d.]*\d)")
    return any(m in judged and m not in flagged.get(t, ()) and at.search(text[m - 1]) for m in range(1, n))


#: a number that scales a vector in a weighted sum (``0.504×[1,1]``, ``0.504 \cdot v_3``)
_COEFFICIENT = re.compile(r"(?<![\w.])(\d+\.\d+)\s*(?:×|\*|·|⋅|\\cdot|\\times)\s*(?=[\[(]|[A-Za-z\\])")


def _restated_coefficients(claims: list[Claim], wrong: dict, inputs: set[int], doc, text: list[str]) -> list[Claim]:
    """A weight shown wrong above and written again as the coefficient of a vector in a weighted sum
    further down its section (``poids(dort) ≈ 0.504`` wrong, then ``0.248×[1,0] + … + 0.504×[1,1]``):
    wrong there too, carried, with the weight's right value; only on lines no verdict calls wrong."""
    bad = {line for c in claims if c.status == "wrong" for line in (c.wrong_lines or c.lines or [c.line])}
    out = []
    for n in range(1, len(text) + 1):
        if n in inputs or n in bad or not re.search(r"\+", text[n - 1]):
            continue
        found, root, first = [], None, None
        for m in _COEFFICIENT.finditer(text[n - 1]):
            t = m.group(1)
            w = wrong.get(t)
            if w is None or not w[2] < n or doc.section(w[2]) != doc.section(n):
                continue
            was = w[0][1]
            found.append(Judgement((0, 0), OPERAND, t, n, m.start(1), mpmath.nstr(was, 15), "wrong", "",
                                   right_text(numerals.read(t), was)))
            if first is None:
                root, first = w[1], (t, w[2])
        if found:
            how = Reason.of("restated-operand", value=first[0], line=first[1])
            out.append(build(n, " ".join(text[n - 1].split())[:160], how, found[0].text, found, how=how,
                             lines=[n], cause="carried", root=root))
    return out


def _right_at_right_operands(c: Claim, n: int, text: list[str], wrong: dict) -> list[Claim] | None:
    """A scalar result judged wrong from the operands its line writes (``= 1.5099 * 1 + 0.0067`` then
    ``= 1.51``) that is right at the right value of an operand an earlier line shows wrong (1.5099 for
    1.5032: 1.5032 + 0.0067 = 1.51): the result is right end to end, and the operand written again is
    wrong, carried from that line.  [the claim, its operands' claim], or None."""
    from .beyond.arith import evaluate
    if c.status != "wrong" or not isinstance(c.claimed, str) or not _DECIMAL.fullmatch(c.claimed) or \
            c.cause not in ("slip", "", None) or len(c.entries) != 1:
        return None
    printed = numerals.read(c.claimed)
    expr, _ = _stepped(_unemphasised(text[n - 1]), c.claimed, _unemphasised(text[n - 2]) if n >= 2 else "")
    operands = _DECIMAL.findall(expr)
    used = [t for t in operands if wrong.get(t) is not None and wrong[t][2] < n]
    if printed is None or not used or any(t in wrong and wrong[t] is None for t in operands):
        return None
    values = [evaluate(_DECIMAL.sub(lambda m: mpmath.nstr(wrong[m.group(0)][0][pick], 30) if m.group(0) in used
                                    else m.group(0), expr).replace("√", "sqrt")) for pick in range(3)]
    if any(v is None for v in values) or not any(agrees(printed, v) for v in values):
        return None
    _, root, line = wrong[used[0]]
    how = Reason.of("right-at-right-operand", value=used[0], line=line)
    col = text[n - 1].rfind(c.claimed)
    right = build(n, c.source, how, c.claimed,
                  [Judgement((0, 0), "result", c.claimed, n, col if col >= 0 else None, mpmath.nstr(values[1], 15),
                             "rounded", "", c.claimed)], how=how, lines=[n])
    found = []
    for at in (n, n - 1) if n > 1 else (n,):   # the operand written again: on the result's line, or above it
        for m in _DECIMAL.finditer(text[at - 1]):
            if m.group(0) in used and at > line:
                was = wrong[m.group(0)][0][1]
                found.append(Judgement((0, 0), OPERAND, m.group(0), at, m.start(), mpmath.nstr(was, 15), "wrong", "",
                                       right_text(numerals.read(m.group(0)), was)))
        if found:
            break
    if not found:
        return [right]
    where = found[0].line
    restated = Reason.of("restated-operand", value=used[0], line=line)
    return [right, build(where, " ".join(text[where - 1].split())[:160], restated, found[0].text, found,
                         how=restated, lines=[where], cause="carried", root=root)]


def _witnesses(c: Claim):
    """(printed text, (low, right, high)) of each wrong decimal of a claim: the values its right value
    may be, within the rounding of the witness; two significant digits at least (0.2 or 1.0 recur in
    any article by chance)."""
    for e in c.entries:
        correct = numerals.read(str(e.get("correct", "")))
        t = str(e.get("claimed", ""))
        if correct is not None and correct.places and _DECIMAL.fullmatch(t) and len(re.sub(r"\D", "", t).strip("0")) >= 2:
            low, high = interval(correct)
            yield t, (low, (low + high) / 2, high)


def _in_order(row: list[str], printed: list[str]) -> bool:
    """Are the texts of ``row`` among ``printed``, in the same order?"""
    k = 0
    for t in printed:
        if k < len(row) and t == row[k].replace("−", "-"):
            k += 1
    return k == len(row)


def _given_lines(reason) -> set[int]:
    """The lines a reason names as where its inputs are given (``given-at``), at any depth."""
    out = set()
    if isinstance(reason, Reason):
        if reason.code == "given-at" and isinstance(reason.get("line"), int):
            out.add(reason.get("line"))
        for _, v in reason.data:
            out |= _given_lines(v)
    elif isinstance(reason, (tuple, list)):
        for v in reason:
            out |= _given_lines(v)
    return out


def _about(c: Claim, b: Block) -> bool:
    """The claim judges this block: the same printed numbers at the block's lines."""
    if not isinstance(c.claimed, list) or not c.claimed or not isinstance(c.claimed[0], list):
        return False
    if [tuple(r) for r in c.claimed] != list(b.texts):
        return False
    return bool(set(b.row_lines) & set(c.lines or [c.line])) or c.line == b.line


def _author_relative(c: Claim) -> bool:
    how = c.reason.get("how") if isinstance(c.reason, Reason) else None
    return isinstance(how, Reason) and how.code in _AUTHOR_RELATIVE


def _nontrivial(b: Block) -> bool:
    values = [e.value for r in b.rows for e in r]
    return len(values) >= 2 and any(v not in (0, 1, -1) for v in values if v is not None)


def _values(b: Block) -> list[list]:
    return [[e.value for e in r] for r in b.rows]


def _right_again(b: Block, verdicts: list[Claim], judged, wrong_at: dict, doc) -> Claim | None:
    """A print judged wrong here that writes again, number for number, an earlier print the report
    judges right from the article's inputs (or a right row of it): the restatement's verdict, right;
    else None."""
    if not any(c.status == "wrong" for c in verdicts) or any(c.cause == "carried" and c.root == c.line
                                                              for c in verdicts):
        return None
    found = _repeated(b, [(a, w) for a, w in judged if w is not None and not _author_relative(w)
                          and getattr(w.reason.get("how") if isinstance(w.reason, Reason) else None, "code", "")
                          not in _OF_PRINTED])
    if found is None:
        return None
    a, w, part = found
    new = _restated_claim(b, a, w, part, wrong_at, doc)
    return new if new is not None and new.status != "wrong" else None


def _repeated(b: Block, judged) -> tuple[Block, Claim, int | None] | None:
    """The nearest earlier judged block that ``b`` writes again: (block, its claim, row), row None
    for the whole block."""
    if not _nontrivial(b):
        return None
    mine = _values(b)
    flat = [x for r in mine for x in r]
    for a, w in reversed(judged):
        if a.line >= b.line:
            continue
        theirs = _values(a)
        if theirs == mine:
            return a, w, None
        if min(a.shape) == 1 and min(b.shape) == 1 and [x for r in theirs for x in r] == flat:
            return a, w, -1   # a vector written the other way round: 21% … 11% as a column
        if min(a.shape) > 1 and a.shape == b.shape[::-1] and [list(c) for c in zip(*theirs)] == mine:
            return a, w, "T"   # Kᵀ written out after K
        if len(mine) == 1 or all(len(r) == 1 for r in mine):   # a vector: one row of the earlier print
            for i, row in enumerate(theirs):
                if len(theirs) > 1 and row == flat:
                    return a, w, i
    return None


def _restated_claim(b: Block, a: Block, w: Claim | None, part: int | None, wrong_at: dict, doc) -> Claim | None:
    """The verdict on ``b`` as the print it restates: each entry takes the verdict of the entry it
    writes again, found where that entry is printed (any claim on it), else by its index in ``w``."""
    wrong, roots = {}, {}
    for i, row in enumerate(a.rows):
        for j, e in enumerate(row):
            hit = wrong_at.get((e.line, doc.column(e.pos))) if e.pos >= 0 else None
            if hit is not None:
                wrong[(i, j)], roots[(i, j)] = hit[0], hit[1].root or hit[1].line
    for e in (w.entries if w is not None and not wrong else ()):
        m = _ENTRY.search(str(e.get("entry", "")))
        if not m:
            return None   # a verdict whose entries have no place: no witness to carry
        i, j = int(m.group(1)) - 1, int(m.group(2)) - 1 if m.group(2) else 0
        if a.shape[0] == 1:     # a printed vector keeps the labels of the matrix it is a row of
            i, j = 0, (j if m.group(2) else i)
        elif a.shape[1] == 1:
            j = 0
        wrong[(i, j)] = e
    if w is None and not wrong:
        return None
    root = (w.root or w.line) if w is not None else None
    column = b.shape[1] == 1 and b.shape[0] > 1 and part is not None
    found = []
    for i, row in enumerate(b.rows):
        for j, e in enumerate(row):
            k = i * b.shape[1] + j
            src = divmod(k, a.shape[1]) if part == -1 else (j, i) if part == "T" else \
                (part, i if column else j) if part is not None else (i, j)
            label = f"[{i + 1},{j + 1}]"
            hit = wrong.get(src)
            if hit is not None:
                correct = numerals.read(str(hit.get("correct", "")))
                if correct is None or e.places != a.rows[src[0]][src[1]].places:
                    return None   # the right value cannot be written at this print's own precision
                found.append(Judgement((i, j), label, e.text, e.line, None, hit.get("exact", ""), "wrong", "",
                                       right_text(e, mpmath.mpf(correct.value.p) / correct.value.q)))
            else:
                found.append(Judgement((i, j), label, e.text, e.line, None, "", "exact", "", e.text))
    how = Reason.of("restates-print", line=a.line) if part in (None, -1) else \
        Reason.of("restates-transposed", line=a.line) if part == "T" else \
        Reason.of("restates-row", row=part + 1, line=a.line)
    root = min(roots.values()) if roots else root
    texts = [list(r) for r in b.texts]
    claim = build(b.line, b.source, how, texts, found, how=how, lines=list(b.row_lines),
                  cause="carried", root=root)
    if claim.status != "wrong":   # right as the print it repeats is: exactly, or at its precision
        if w is None:
            return None
        claim = replace(claim, status="exact" if w.status == "exact" else "rounded",
                        reason=Reason.of("restated-right", line=a.line) if part in (None, -1) else
                        Reason.of("restated-right-transposed", line=a.line) if part == "T" else
                        Reason.of("restated-right-row", row=part + 1, line=a.line))
    return claim
