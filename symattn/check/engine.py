"""Check an article: extract → parse → build the symbol table → check each claim.

Input: the article's text (made a :class:`~symattn.check.document.Document` once here).  Output: its
:class:`~symattn.check.claims.Report` (every stage runs from here, then merge, captions and the coverage count).

``check_text`` reads in two passes.  The first collects what the article defines
(inputs such as ``X = [...]`` and formulas such as ``Scores = Q \\times K^T``), so a
claim may use a quantity defined further down.  The second checks each claim in
order, both stepwise (against the author's earlier printed values) and end to end
(from the inputs); see :func:`_value_claim` for how the two verdicts combine.
"""

from __future__ import annotations

import re
from dataclasses import replace

import mpmath
import sympy as sp

from . import guard, memo
from ..numeric import to_mpf
from .claims import OPERAND, Claim, Reason, Report
from .names import APPROX_WORDS, COUNT_WORDS
from .judge import half_unit, right_text, rounded_weights, verdict, written_band
from . import numerals, units
from .compare import compare, same
from .consistency import declared_no_scaling, parts_of_one_row, sanity_rows, shift_pairs
from .beyond import beyond_claims
from .beyond.valuechain import value_chain_claims
from .printshapes import printed_shape_claims
from .shapes import shape_claims
from .views import view_claims
from .constructed import constructed_claims
from .sums import sum_claims
from .stepwise import stepwise
from .oldbind import bind_blocks, corrections, heads_from
from .exactprints import exact_prints, explained_exact, shortened, significant
from .captions import precision_captions
from .diagnose import diagnose, index_swap, transpose_slip
from .merge import fill, merge, overlay
from .restate import restatements
from .bind import by_value, code_claims, masked
from .document import Document, Segment
from .read import read_blocks
from .evaluate import Convention, Evaluator, Mode, Table, Unresolved, entry_ref, is_block_matrix, node_key
from .extract import extract
from .ir import Lit, Name, Node, Num, Op, Shape, has_decimals, pretty, walk
from .notation import Chain, ParseError, parse_chains
from .symbols import DIMENSIONS, FORMULAS, OWN_NAMES, canon, notation_of
from .symbols import _flat as flat_of
from .verdict import Judgement, approx, build, show, stated, text_of, texts_out, unverifiable

__all__ = ["check_text"]


#: the working precision of mpmath while an article is checked (its default): the verdicts never
#: depend on a precision the caller's own code set (``mpmath.mp.dps = 50`` in a script before it)
_DPS = 15


def check_text(text: str, name: str) -> Report:
    """Check every claim of an article given as text; ``name`` is used in the report."""
    with guard.whole_article(name), mpmath.workdps(_DPS):
        return _check_text(text, name)


def _check_text(text: str, name: str) -> Report:
    report, doc = _check_once(text, name)
    swaps = _ambiguous(report, doc)
    if not swaps:
        return report
    other, _ = _check_once(_swapped(doc, swaps), name)
    return _other_reading(report, other, doc, swaps)


#: a number with one separator before three digits: 1,414 and 196.608 are decimals or thousands
_TWO_WAY = re.compile(r"[-−+]?([1-9]\d{0,2})([.,])(\d{3})")


def _ambiguous(report: Report, doc: Document) -> dict[int, dict[str, str]]:
    """{line: {number as printed: the same digits with the other separator}} for the wrong scalar
    claims that read two ways (``1,414``: 1414 or 1.414; in a list the comma separates entries)."""
    out: dict[int, dict[str, str]] = {}
    # (a number an earlier line printed as the result of its arithmetic is read as it was there:
    # ℓ = 1.000 + 0.607 + 0.407 + 0.741 = 2.755, then 0·0 + 2.755·1 = 2.755 is no 2755)
    results = {}
    for c in report.claims:
        if isinstance(c.claimed, str) and c.status in ("exact", "rounded", "wrong"):
            results.setdefault(c.claimed.strip(), c.line)
    for c in report.claims:
        for e in c.entries if c.status == "wrong" and isinstance(c.claimed, str) and len(c.entries) == 1 else ():
            n, printed = e.get("line"), e.get("claimed")
            m = _TWO_WAY.fullmatch(printed.strip()) if isinstance(n, int) and isinstance(printed, str) else None
            if m and results.get(printed.strip(), n) < n:
                continue
            if m:
                out.setdefault(n, {})[m.group(0).lstrip("-−+")] = m.group(1) + ("." if m.group(2) == "," else ",") + m.group(3)
    return out


def _number_at(text: str) -> re.Pattern:
    return re.compile(r"(?<![\w.,])" + re.escape(text) + r"(?![\w]|[.,]\d)")


def _swapped(doc: Document, swaps: dict) -> str:
    """The article as written with each ambiguous number of ``swaps`` given its other separator."""
    out, last = [], 0
    for n in sorted(swaps):
        start, line = doc._origin_starts[n - 1], doc.original_line(n)
        last_here = start + len(line)
        for old, new in swaps[n].items():
            line = _number_at(old).sub(new, line)
        out += [doc.original[last:start], line]
        last = last_here
    out.append(doc.original[last:])
    return "".join(out)


def _other_reading(report: Report, other: Report, doc: Document, swaps: dict) -> Report:
    """``report`` where the other reading of an ambiguous number makes every claim on its line right:
    those claims (and the ones carried from them) as the other reading judges them, spelled as
    written, with a note saying how the number was read."""
    def covers(c, n):
        return n in (c.lines or [c.line])
    def spelled(c, n):   # the claim of the other run on the same printed number (an identity's, in its source)
        return {old for old, new in swaps[n].items() if _number_at(new).fullmatch(str(c.claimed)) or
                (c.claimed is None and _number_at(new).search(str(c.source)))}
    explained = {n for n in swaps if any(c.status == "wrong" and covers(c, n) for c in report.claims)
                 and not any(c.status == "wrong" and covers(c, n) for c in other.claims)
                 and any(c.status in ("exact", "rounded") and covers(c, n) and spelled(c, n) for c in other.claims)}
    if not explained:
        return report
    lines = explained | {ln for c in report.claims if c.status == "wrong" and c.cause == "carried"
                         and c.root in explained for ln in (c.lines or [c.line])}
    back = {new: old for n in explained for old, new in swaps[n].items()}

    def spell(x):
        if isinstance(x, list):
            return [spell(v) for v in x]
        if isinstance(x, str):
            for new, old in back.items():
                x = _number_at(new).sub(old, x)
        return x

    def noted(c):
        notes = [R("other-reading", printed=old, read=_read_other(doc, n, old))
                 for n in sorted(explained) if covers(c, n) for old in swaps[n]]
        return replace(c, source=spell(c.source), claimed=spell(c.claimed), what=spell(c.what),
                       entries=[dict(e, claimed=spell(e.get("claimed"))) for e in c.entries],
                       notes=list(c.notes) + notes)
    kept = [c for c in report.claims if not any(covers(c, n) for n in lines)]
    taken = [noted(c) for c in other.claims if any(covers(c, n) for n in lines)]
    return replace(report, claims=sorted(kept + taken, key=lambda c: c.line))


def _read_other(doc: Document, line: int, printed: str) -> str:
    """The value an ambiguous number has under the reading the checker did not take first."""
    decimal = doc.locale_at(line).decimal
    sep = "," if "," in printed else "."
    return printed.replace(sep, "") if sep == decimal else printed.replace(sep, ".")


def _check_once(text: str, name: str) -> tuple[Report, Document]:
    with guard.article(), memo.article(), notation_of(text):
        doc = Document.of(text, name)
        blocks = read_blocks(doc)
        guard.at(stage="binding")
        states: dict = {}
        claims, inputs, notes = bind_blocks(doc, blocks, states)
        token = OWN_NAMES.set(frozenset())
        try:
            # the conventions are the binder's: a formula's quantity (Output = softmax(..)V) under
            # the causal mask the article's prints follow
            causal = masked(doc, blocks)
            guard.at(stage="judging")
            # a print the binder judged wrong, written again as an operand, is judged end to end
            checker = _Checker(doc, causal=causal, blocks=blocks, corrections=corrections(blocks, states))
            report = checker.run()
            formulas = _judged_blocks(report, checker.matrices, blocks, states)
        finally:
            OWN_NAMES.reset(token)
        claims = stepwise(doc, blocks, claims)   # masks and heads, where the binder has no verdict
        guard.at(stage="judging the rest")
        beyond = beyond_claims(doc, blocks) + shape_claims(doc, blocks) + printed_shape_claims(doc, blocks)
        beyond += view_claims(doc, blocks) + constructed_claims(doc, blocks) + sum_claims(doc, blocks)
        # a chain of unnamed vectors bound by its values, where no other stage judged its softmax
        judged_lines = {ln for c in report.claims + claims + beyond if c.status in ("exact", "rounded", "wrong")
                        for ln in (c.lines or [c.line])}
        beyond += [c for c in value_chain_claims(doc, blocks) if not judged_lines & set(c.lines or [c.line])]
        valued, value_given, value_notes = by_value(doc, blocks, states, formulas)
    guard.at(stage="merging the verdicts")
    report = merge(report, claims + beyond, inputs, blocks, doc, notes)
    # what the article's code prints is judged against what the code computes, over any other reading
    report = overlay(overlay(report, valued, value_given), code_claims(doc, blocks))
    # what a comment says the code computes, where no verdict stands yet
    report = fill(report, code_claims(doc, blocks, comments=True))
    # an equation judged by its units alone, where no other verdict stands
    report = fill(report, checker.unit_claims)
    report = precision_captions(doc, report)
    report = restatements(report, blocks, doc)
    starts = {ln for ln, _ in report.definitions}
    given = {ln for b in blocks if b.line in starts for r in b.rows for e in r for ln in (e.line, b.line)}
    return as_written(report, doc).covered(doc.number_lines, given | starts), doc


def _judged_blocks(report: Report, matrices, blocks, states: dict) -> dict:
    """The printed blocks the chains judged against an exact value, id(block) -> that value; each
    also added to ``states`` (id(block) -> (wrong, root line, right value)) where no stage put it.
    A result written after its formula (``M_4 M_5^T = [..]``) has a value end to end even where no
    label binds it: a later print computed from it is judged from that value, not from its rounded
    digits, and the value binder learns what the print is, however wrong its digits."""
    judged = {c.line: c for c in report.claims if c.status in ("exact", "rounded", "wrong")}
    found = {}
    for line, _, truth in matrices:
        claim = judged.get(line)
        if claim is None:
            continue
        printed = claim.claimed if isinstance(claim.claimed, list) and \
            all(isinstance(r, (list, tuple)) for r in claim.claimed) else None
        if printed is None:
            continue
        printed = [list(r) for r in printed]
        # the block the claim judged: the first one from the claim's line on that prints its numbers
        b = next((b for b in blocks if b.line >= line and b.shape == truth.shape
                  and [list(r) for r in b.texts] == printed), None)
        if b is None:
            continue
        found[id(b)] = truth
        if id(b) not in states:
            wrong = claim.status == "wrong"
            states[id(b)] = (wrong, (claim.root or b.line) if wrong else None, truth)
    return found


def as_written(report: Report, doc: Document) -> Report:
    """The report with every printed number as the author wrote it (``1,280``, ``0,45``): the
    stages read the numbers in one notation (:mod:`.numerals`), the reader sees the article's own."""
    if not doc._spellings and doc.locale.decimal == "." and not doc._locales:
        return report

    def spell(value, lines):
        if isinstance(value, list):
            return [spell(v, lines) for v in value]
        return doc.spell(value, lines)

    claims = []
    for c in report.claims:
        lines = c.lines or [c.line]
        entries = []
        for e in c.entries:
            here = [e["line"]] if isinstance(e.get("line"), int) else lines
            printed = spell(e.get("claimed"), here)
            e = dict(e, claimed=printed)
            if isinstance(e.get("correct"), str) and isinstance(printed, str):
                e["correct"] = doc.spell_like(e["correct"], printed, here[0])
            entries.append(e)
        claims.append(replace(c, source=spell(c.source, lines), claimed=spell(c.claimed, lines),
                              what=spell(c.what, lines), entries=entries))
    return replace(report, claims=claims)


#: a word just before a piece of math that says its result is approximate ("roughly", "约", "대략")
_HEDGE = re.compile(APPROX_WORDS + r"\s*[:：]?\s*$", re.I)


def _euler_like(text: str) -> bool:
    """Could a printed number be a value of Euler's number (2.7, 2.718, …, or written as arithmetic)?"""
    return _folded(text) or bool(re.fullmatch(r"\s*2\.\d+\s*", text))


def _folded(text: str) -> bool:
    """Is a number written as arithmetic (``\\sin(\\frac{1}{9194.79})``), not as a printed number?"""
    return not re.fullmatch(r"\s*[-−]?[\d.,]+\s*(?:\\?%)?\s*", text)


def _is_literal(node) -> bool:
    return isinstance(node, (Lit, Num)) or (isinstance(node, Op) and node.op == "neg"
                                             and isinstance(node.args[0], (Lit, Num)))


def _literal(node):
    """(texts, exact value) of a printed value."""
    if isinstance(node, Lit):
        return node.texts, node.value
    if isinstance(node, Num):
        return node.text, node.value
    texts, value = _literal(node.args[0])
    if isinstance(value, sp.MatrixBase):
        return tuple(tuple("-" + t for t in row) for row in texts), sp.ImmutableMatrix(-value)
    return "-" + texts, -value


_DERIVED = ("scores", "scaled", "weights", "output")
_AMBIGUOUS = ("d", "n", "l", "dim", "len", "t")   # dimension names that often mean something else
def _label(key: str):
    """How the report names a well-known quantity (``the scores``), or the key as written."""
    return Reason.of("the-" + key) if key in _DERIVED else key


R = Reason.of

_ROW_WORDS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


def _row_reference(before: str) -> int | None:
    m = re.search(r"第\s*([一二三四五六七八九十]|\d+)\s*行", before) or \
        re.search(r"\b(first|second|third|fourth|fifth|sixth)\s+row\b", before, re.I) or \
        re.search(r"\brow\s+(\d+)\b", before, re.I)
    if not m:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _ROW_WORDS.get(word)


#: a model's width stated as a number: "d_model = 512", "d_{model}: 768", "hidden size = 4096"
_MODEL_SIZE = re.compile(r"(?:\bd_?\{?model\}?|hidden[ _]size|\bd_\{?\\text\{model\}\}?)\s*(?:=|:)\s*(\d{2,6})\b", re.I)


class _Checker:
    def __init__(self, doc: Document, causal: bool = False, blocks=(), corrections=None):
        self.doc, self.text, self.name = doc, doc.text, doc.name
        self.blocks = list(blocks)
        # the reader's matrices by first line: a row written "Q = [1, 0]" with the next rows aligned
        # under it ("    [0, 1]") is the reader's stacked matrix, not a vector
        self.tall = {}
        for b in blocks:
            if b.shape[0] > 1 and all(doc.lines[ln - 1].lstrip()[:1] in ("[", "(") for ln in b.row_lines[1:]):
                self.tall.setdefault(b.line, []).append(b)
        self.table = Table(corrections=dict(corrections or {}))
        # matrices printed under no name (a table of token rows under "c0 | c1"): what a formula's
        # free X may stand for (see Evaluator._unnamed_input)
        self.table.unnamed = tuple(b for b in blocks if len(b.shape) == 2 and not b.index
                                   and not any(re.search(r"[=:：]\s*$", lb) for lb in b.labels[:1]))
        self.exact_prints = exact_prints({**explained_exact(blocks), **(corrections or {})}, blocks)
        #: rows of vectors judged wrong: (their printed entries, the exact entries, the line)
        self.wrong_rows: list[tuple[tuple[str, ...], list, int]] = []
        self._ambiguous_prints: set[str] = set()
        self.claims: list[Claim] = []
        self._entry_prints: set[str] = set()   # entries of vectors printed right, noted in exact_prints
        self.unit_claims: list[Claim] = []   # lines judged by their units alone (see _unit_claim)
        self.definitions: list[tuple[int, str]] = []
        self.notes: list[str] = []
        self.stated_scaling: int | None = None
        self.matrices: list[tuple[int, str, sp.MatrixBase]] = []  # (line, what, exact value) for row refs
        self.index_start: dict[str, int] = {}   # m_k printed as a list: k counts from this
        # numbers the article printed as an approximate result (≈ 37.48): rounded prints wherever they are used
        self.shortened = set(shortened(doc.lines))
        self.approximated = {m.group(1) for m in numerals.APPROXIMATED.finditer(doc.text)} | self.shortened
        # (and the line each is first printed after ≈ on: an operand is no rounding of a result printed later)
        self.approximated_from: dict[str, int] = {}
        for m in numerals.APPROXIMATED.finditer(doc.text):
            self.approximated_from.setdefault(m.group(1), doc.text.count("\n", 0, m.start()) + 1)
        no_scale = declared_no_scaling(doc.text)
        self.conv = Convention(scale="none" if no_scale else "sqrt", mask="causal" if causal else "none")
        if no_scale:
            self.notes.append(R("declares-no-scaling", line=no_scale))

    # ------------------------------------------------------------------ passes

    def run(self) -> Report:
        items: list[tuple[Segment, Chain | None, str]] = []
        segments = extract(self.doc)
        if len(segments) > guard.MAX_SEGMENTS:
            rest = segments[guard.MAX_SEGMENTS:]
            segments = segments[:guard.MAX_SEGMENTS]
            self.notes.append(R("too-many-segments", total=len(segments) + len(rest), limit=guard.MAX_SEGMENTS,
                                line=segments[-1].line))
            over = unverifiable(rest[0].line, rest[0].source, R("over-the-limit", n=len(rest), limit=guard.MAX_SEGMENTS))
        else:
            over = None
        for seg in segments:
            if seg.kind == "narrative":
                items.append((seg, None, ""))
                continue
            try:
                with guard.budget():
                    chains = parse_chains(seg.text)
            except (ParseError, guard.GuardError) as exc:
                items.append((seg, None, exc.reason))
                continue
            except RecursionError:
                items.append((seg, None, R("too-deep")))
                continue
            except Exception as exc:  # never let one segment stop the article
                items.append((seg, None, R("internal-error-reading", kind=type(exc).__name__)))
                continue
            items.extend((replace(seg, line=seg.line + c.offset), self._stacked(seg.line + c.offset, c), "")
                         for c in chains)
        OWN_NAMES.set(_own_names(items))
        self.shown = _shown_shapes(items)
        self.heads_line = heads_from(self.text)
        self.table.headings = self.doc.headings
        for k, (seg, chain, _) in enumerate(items):
            if chain is None:
                continue
            try:
                self._collect(seg, chain)
            except (RecursionError, MemoryError) as exc:   # this chain only: it is judged unverifiable
                items[k] = (seg, None, R("too-deep" if isinstance(exc, RecursionError) else "too-large"))
                continue
            self.notes.extend(R("at-line", line=seg.line, text=note) for note in chain.notes)
        if self.stated_scaling and self.conv.scale == "none":
            self.notes.append(R("stated-but-declared", line=self.stated_scaling))
        self._local_only = False
        for seg, chain, error in items:
            done = len(self.claims)
            self.table.at = seg.line
            guard.at(seg.line)
            try:
                with guard.budget():
                    self._check(seg, chain, error)
                    if self.heads_line and seg.line >= self.heads_line and \
                            any(c.status == "wrong" for c in self.claims[done:]):
                        # after the article splits into heads, s_11 may be any head's: judged against
                        # the single-head value it is no witness, so its chain is judged on its own
                        del self.claims[done:]
                        self._local_only = True
                        try:
                            self._check(seg, chain, error)
                        finally:
                            self._local_only = False
            except guard.GuardError as exc:
                del self.claims[done:]  # half-checked claims of this item give way to one verdict
                self._unverifiable(seg, chain.source if chain else seg.source, exc.reason)
            except (RecursionError, MemoryError) as exc:
                del self.claims[done:]
                self._unverifiable(seg, chain.source if chain else seg.source,
                                   R("too-deep" if isinstance(exc, RecursionError) else "too-large"))
            except Exception as exc:  # never let one claim stop the article
                del self.claims[done:]
                self._unverifiable(seg, chain.source if chain else seg.source,
                                   R("internal-error-checking", kind=type(exc).__name__))
        if over is not None:
            self.claims.append(over)
        self._dimension_note()
        return Report(self.name, self.claims, self.definitions, self.notes)

    def _dimension_note(self):
        if "d_k" in self.table.inputs:
            return
        try:
            dk = Evaluator(self.table, Mode.EXACT, self.conv).key("d_k")
        except Unresolved:
            return
        self.notes.append(R("dk-taken-as-width", dk=str(dk)))

    def _collect(self, seg: Segment, chain: Chain) -> None:
        """First pass: inputs and formulas, and whether ÷√d_k is stated."""
        for p in chain.parts:
            if p is not None and any(isinstance(n, Op) and n.op == "div" and _is_scaling_node(n)
                                     for n in walk(p)):
                self.stated_scaling = self.stated_scaling or seg.line   # ÷√d_k written as a formula
        if chain.unsupported or any(p is None for p in chain.parts) or len(chain.parts) < 2:
            return
        head = chain.parts[0]
        if isinstance(head, Op) and head.op == "T" and isinstance(head.args[0], Name) and \
                all(_is_literal(p) for p in chain.parts[1:]):
            value = _literal(chain.parts[1])[1]   # K^T = [...] with no K: K is its transpose
            if isinstance(value, sp.MatrixBase) and canon(head.args[0].raw) not in self.table.inputs:
                self.table.inputs.setdefault(canon(head.args[0].raw), (value.T, seg.line))
            return
        if not isinstance(head, Name):
            return
        if len(chain.parts) == 2 and isinstance(chain.parts[1], Num) and self._supposed(seg):
            return   # "- If head_size = 16, …": a supposition, no value of the article's
        key = canon(head.raw)
        if set(chain.rels) == {"≈"} and (key in self.table.inputs or key in self.table.formulas
                                        or key in self.table.computed):
            return   # D ≈ [0.2741, ...] under D = [exact]: the same value rounded, not a second one
        exprs = [p for p in chain.parts[1:] if not _is_literal(p)]
        lits = [p for p in chain.parts[1:] if _is_literal(p)]
        # (an entry whose matrix nothing above determines is a name given its number: "s₁ = 53.74"; so is
        # a row given its vector, "x_2 = [1.1093, −0.5161, …]" where no X is given)
        premise = not exprs and len(lits) == 1 and bool(entry_ref(head.raw)) and \
            (isinstance(lits[0], Num) or isinstance(lits[0], Lit) and lits[0].value.rows == 1) \
            and not self._derivable(key, head.raw)
        if (entry_ref(head.raw) and not _own_quantity(head, exprs, lits) and not premise) or head.raw == "e":
            return  # s_{23} = ...: an entry, not a definition; e is Euler's number
        if len(lits) == 1 and not exprs and _worked_cells(lits[0]):
            # C = [2 (2 + 4) ...]: a table of sums written out, a computation on the page
            self.table.computed[key] = (lits[0], seg.line)
            return
        if len(lits) > 1 and _named_cells(lits[0]):
            # X = [x_Ala; x_Lys; x_Asp] = [0.2 0.1 …]: the rows named, then their numbers: the numbers are X
            numbers = [p for p in lits[1:] if not _named_cells(p)]
            lits = numbers[:1] + [p for p in lits if p is not (numbers[0] if numbers else None)]
        if lits and is_block_matrix(lits[0]) and not _mentions(lits[0], key):
            self.table.formulas[key] = (lits[0], seg.line)   # O = [O_1  O_2]: the heads side by side
            return
        if lits and all(isinstance(p, Name) for p in exprs):
            # Q = K = [...]: every name in the chain is given that value
            for name in [head] + exprs:
                if not entry_ref(name.raw) or _own_quantity(name, [], lits) or premise:
                    self.table.inputs.setdefault(canon(name.raw), (_literal(lits[0])[1], seg.line))
            return
        exprs = [p for p in exprs if not isinstance(p, Name)]
        if exprs and not any(isinstance(n, (Name, Lit)) for n in walk(exprs[0])):
            # m = \frac{1}{4}: a number written as arithmetic is given, like a number (a product of
            # printed matrices is a computation, not this); a later
            # m = 1 gives m another value, it claims nothing against this one
            try:
                value = Evaluator(self.table, Mode.EXACT, self.conv).eval(exprs[0])
            except (Unresolved, guard.GuardError, ValueError, TypeError, ZeroDivisionError):
                return
            self.table.inputs.setdefault(key, (value, seg.line))
            return
        if exprs and not any(isinstance(n, Name) for n in walk(exprs[0])):
            # K = [..][..]: the computation, on printed numbers, that a formula for K names; a step of
            # the derivation (a claim), not a second definition that would clash with K = c W
            self.table.computed[key] = (exprs[0], seg.line)
            return
        if exprs and not _mentions(exprs[0], key):
            self.table.formulas[key] = (exprs[0], seg.line)

    # ------------------------------------------------------------------ one item

    def _put(self, slot: int, claim: Claim, **changes) -> Claim:
        """The claim at ``slot`` with ``changes``: claims are frozen, so the report takes the new one."""
        claim = replace(claim, **changes)
        self.claims[slot] = claim
        return claim

    def _unverifiable(self, seg, source, reason, what=""):
        self.claims.append(unverifiable(seg.line, source, reason, what=what,
                                        lines=list(range(seg.line, max(seg.last, seg.line) + 1))))

    def _check(self, seg: Segment, chain: Chain | None, error: str) -> None:
        if seg.kind == "narrative":
            return self._narrative(seg)
        if chain is None:
            return self._unverifiable(seg, seg.source if seg.kind != "inline" else seg.text,
                                      R("cannot-read", why=error))
        for shape in chain.shapes:
            self._shape_claim(seg, shape)
        if _shape_product(chain.source) is not None:
            return self._product_shape(seg, chain.source)
        if chain.unsupported:
            return self._unverifiable(seg, chain.source, R("relation-not-checked", relation=chain.unsupported))
        bad = [e for e in chain.errors if e]
        if bad:
            return self._unverifiable(seg, chain.source, R("cannot-read", why=bad[0]))
        parts = chain.parts
        if len(parts) == 1:
            return self._lone(seg, chain)
        if chain.rels and chain.rels[-1] == "=" and _HEDGE.search(seg.before):
            # "roughly $Y = 28672 · 2 / 2200 = 26$", "대략 …": the prose says the result is approximate
            chain = replace(chain, rels=(*chain.rels[:-1], "≈"))
        head = parts[0]
        if isinstance(head, Name) and head.raw == "e" and len(parts) == 2 and isinstance(parts[1], Num) \
                and not _euler_like(parts[1].text):
            # "e = 2 for FP16, e = 4 for FP32": bytes per element, the article's own e
            return self._unverifiable(seg, chain.source, R("own-e", value=parts[1].text))
        if isinstance(head, Name) and all(_is_literal(p) for p in parts[1:]):
            if len(parts) > 2 and isinstance(parts[1], Num) and _folded(parts[1].text) and \
                    not self._derivable(canon(head.raw), head.raw):
                # PE_{(1,254)} = \sin(1/9194.79) ≈ \sin(0.0001087) ≈ 0.0001087: the name is given by its
                # arithmetic, which the later sides restate
                self._named_values(seg, Chain(parts[:2], chain.rels[:1], (None, None), (), chain.source), head)
                for k, part in enumerate(parts[2:], start=2):
                    self._value_claim(seg, chain, parts[1], part, chain.rels[k - 1], head)
                return None
            if len(parts) == 2 and _worked_cells(parts[1]) and \
                    self.table.computed.get(canon(head.raw), (None, 0))[1] == seg.line:
                self.definitions.append((seg.line, R("worked-out", name=pretty(head))))
                return None
            return self._named_values(seg, chain, head)
        if isinstance(head, Op) and head.op == "T" and isinstance(head.args[0], Name) and \
                all(_is_literal(p) for p in parts[1:]) and \
                self.table.inputs.get(canon(head.args[0].raw), (None, 0))[1] == seg.line:
            value = _literal(parts[1])[1]    # K^T given, K only through it: a definition, not a claim
            self.definitions.append((seg.line, R("given", name=pretty(head), rows=value.rows, cols=value.cols)))
            self.table.record(node_key(head, self.table), seg.line, value, False)
            return
        if all(isinstance(p, Name) or _is_literal(p) for p in parts) and any(_is_literal(p) for p in parts) \
                and any(isinstance(p, Name) for p in parts):
            lits = [k for k, p in enumerate(parts) if _is_literal(p)]
            for p in parts:
                if isinstance(p, Name):
                    sub = Chain((p, parts[lits[0]]), (chain.rels[lits[0] - 1],), (None, None), (),
                                chain.source)
                    self._named_values(seg, sub, p)
            return
        if isinstance(head, Name) and canon(head.raw) in self.table.formulas and \
                self.table.formulas[canon(head.raw)][1] == seg.line:
            first = next(p for p in parts[1:] if not _is_literal(p))
            self.definitions.append((seg.line, R("defined-as", name=pretty(head), formula=pretty(first))))
        if all(isinstance(p, Name) for p in parts):
            for a, b, rel in zip(parts, parts[1:], chain.rels):
                self._identity_claim(seg, chain, a, b, rel)   # Q = K = V
            return
        if isinstance(head, Lit) and head.cells is not None and len(parts) == 2 and _is_literal(parts[1]):
            return self._identity_claim(seg, chain, head, parts[1], chain.rels[0])   # [rank X  rank Y] = [3  3]
        if _is_literal(head) and _has_names(_literal(head)[1]):
            if len(parts) > 2 and not _is_literal(parts[1]) and isinstance(head, Lit):
                # (sitting, The) = 0.3×0.1 + 0.4×0.3 = 0.13: names in brackets label the arithmetic
                label = Name("(" + ", ".join(t for row in head.texts for t in row) + ")")
                return self._check(seg, replace(chain, parts=(label,) + tuple(parts[1:])), error)
            # [d, h, d_h] = [4, 2, 2]: a printed list of names gives them values; it claims nothing
            return self._unverifiable(seg, chain.source, R("names-given-values"))
        if isinstance(head, Name) and head.raw.endswith("^{+}") and len(parts) == 2 and not _is_literal(parts[1]) \
                and self._computable(Name(head.raw[:-4])):
            # X^{+} = X^T (X X^T)^{-1}: a formula for the Moore-Penrose pseudo-inverse, which X determines
            return self._identity_claim(seg, chain, Op("pinv", (Name(head.raw[:-4]),)), parts[1], chain.rels[0])
        if isinstance(head, Name) and len(parts) == 2 and self._computed_step(head, parts[1]):
            # K = [..][..] below K = c W: the substituted step claims the formula's value
            return self._identity_claim(seg, chain, head, parts[1], chain.rels[0])
        reference = None if isinstance(head, Name) else head
        first = 1
        if reference is not None and len(parts) > 2 and not self._computable(reference):
            reference = None   # s̃_12 + m_12 = 1/2 + (−∞) = −∞: the head is unknown, the rest is checked on its own
            if isinstance(parts[1], Num) and _folded(parts[1].text):
                reference, first = parts[1], 2   # g(4) = ⌈4·2/4⌉ = 2: the folded arithmetic is the reference
        if isinstance(head, Name) and entry_ref(head.raw) and self._derivable(canon(head.raw), head.raw) \
                and not _is_literal(parts[1]) and not self._local_only:
            reference = head   # s_{23} = q_2 · k_3: the entry itself is the reference
        if isinstance(head, Name) and len(parts) > 2 and isinstance(parts[1], Num) and _folded(parts[1].text) \
                and self._only_here(canon(head.raw), seg.line):
            # q'_0 = 1·cos(2.0) − 2·sin(2.0) = 1·(−0.4161) − 2·(0.9093) = −2.2347: the name has no value but
            # this line's arithmetic on rounded prints; the exact arithmetic written first is the reference
            reference, first = parts[1], 2
        moved = False   # the reference moved past names with no numbers
        for k, part in enumerate(parts[first:], start=first):
            rel = chain.rels[k - 1]
            if reference is None and isinstance(part, Lit) and k + 1 < len(parts) and not self._computable(head) \
                    and any(numerals.ARITHMETIC.search(t) for row in part.texts for t in row):
                reference = part   # s = (4.12 + 0.00 + 1.92, …) = (6.04, …): the printed arithmetic is the reference
                continue
            if _is_literal(part):
                ref = reference if reference is not None else head
                self._value_claim(seg, chain, ref, part, rel, head)
            elif reference is None:
                if isinstance(part, Name) and isinstance(head, Name) and \
                        any(not isinstance(p, Name) and not _is_literal(p) for p in parts[k + 1:]):
                    continue   # d_k = d_v = d_model / h = 64: d_v is named here too, the formula is the claim
                reference = part
            elif not moved and (self._names_only(reference) or self._unknown_names(reference)) and self._known(part):
                # q_cat·k_cat = 0.900·0.650 + 1.150·0.900 = 0.585 + 1.035 = 1.620: names without numbers
                # first, then arithmetic that the later sides are checked against
                reference, moved = part, True
            else:
                self._identity_claim(seg, chain, reference, part, rel)

    def _value_of(self, node: Node):
        try:
            return Evaluator(self.table, Mode.EXACT, self.conv).eval(self._identify(node))
        except (Unresolved, ValueError, TypeError, ZeroDivisionError):
            return None

    def _known(self, node: Node) -> bool:
        """Does the node have a value in numbers?"""
        value = self._value_of(node)
        return value is not None and not _free(value)

    def _names_only(self, node: Node) -> bool:
        """Does the node stand for names the article gives no numbers for (q_cat · k_cat)?"""
        value = self._value_of(node)
        return value is not None and bool(_free(value))

    def _unknown_names(self, node: Node) -> bool:
        """Is the node names alone that the article neither gives, defines nor prints (Query · Key_cat
        with no matrices given)?"""
        t = self.table
        return not any(isinstance(n, (Num, Lit)) for n in walk(node)) and self._value_of(node) is None and \
            not any(canon(n.raw) in t.inputs or canon(n.raw) in t.formulas or canon(n.raw) in t.author
                    or canon(n.raw) in t.computed for n in walk(node) if isinstance(n, Name))

    def _computable(self, node: Node) -> bool:
        return self._value_of(node) is not None

    def _computed_step(self, head: Name, part: Node) -> bool:
        """``head = part`` is a computation on printed numbers of a quantity the article defines
        otherwise (its own formula, or the standard one for its name)."""
        key = canon(head.raw)
        if entry_ref(head.raw) or _is_literal(part) or any(isinstance(n, Name) for n in walk(part)) \
                or not any(isinstance(n, Lit) for n in walk(part)):
            return False
        formula = self.table.formula(key) if (key in self.table.formulas or key in FORMULAS) else None
        if formula is None:
            return False
        try:   # the formula itself, not the computation on the page (that would be judged by itself)
            Evaluator(self.table, Mode.EXACT, self.conv).eval(formula)
            return True
        except (Unresolved, ValueError, TypeError, ZeroDivisionError):
            return False

    def _shown_with(self, shape: tuple, line: int) -> int | None:
        """The line of the matrix a prose shape (``Shape: 3×4``) describes: the last one printed
        above it in the same section when that one has the shape, else the last of the section
        that has it (``3×4 becomes 4×3`` under K and Kᵀ); None when no matrix there has it."""
        start = self.table.section(line)
        section = [(n, sh) for n, sh in self.shown if start <= n < line]
        if not section or len(shape) != 2:
            return None
        if section[-1][1] == shape:
            return section[-1][0]
        return next((n for n, sh in reversed(section) if sh == shape), None)

    def _product_shape(self, seg: Segment, source: str) -> None:
        """A shape claim about a product: the inner sizes must agree and the result is rows×cols."""
        a, b, c, d, e, f = _shape_product(source)
        what = R("shape-of-product")
        if b != c:
            claim = stated(seg.line, source, "wrong", what, R("product-undefined", a=a, b=b, c=c, d=d),
                           claimed=[e, f])
        elif (e, f) != (a, d):
            claim = stated(seg.line, source, "wrong", what, R("product-shape", a=a, b=b, c=c, d=d, e=e, f=f),
                           claimed=[e, f], entries=[{"entry": "shape", "line": seg.line, "claimed": f"{e}x{f}",
                                                      "exact": f"{a}x{d}", "correct": f"{a}x{d}"}])
        else:
            claim = stated(seg.line, source, "exact", what, R("product-agrees", a=a, d=d, b=b), claimed=[e, f],
                           expected=[a, d])
        self.claims.append(claim)

    def _lone(self, seg: Segment, chain: Chain) -> None:
        node = chain.parts[0]
        if chain.shapes:
            return
        if isinstance(node, Op) and node.op == "mul" and all(isinstance(a, Num) and a.text.isdigit()
                                                             for a in node.args):
            shown = self._shown_with(tuple(int(a.text) for a in node.args), seg.line)
            if shown:
                self.claims.append(stated(seg.line, chain.source, "exact", "", R("has-this-shape", line=shown),
                                          claimed=[a.text for a in node.args]))
                return
            return self._unverifiable(seg, chain.source, R("loose-shape"))
        if isinstance(node, Lit) and seg.kind in ("table", "plain"):
            return self._unverifiable(seg, seg.source, R("unnamed-matrix"))
        if has_decimals(node) or any(isinstance(n, Lit) for n in walk(node)):
            before = seg.before.rstrip()
            if before.endswith(("=", "≈")):
                lhs = re.split(r"[：:，,。 ]", before[:-1].rstrip())[-1] or before[:-1].rstrip()
                reason = R("prose-left-side", lhs=lhs)
            else:
                reason = R("no-relation")
            self._unverifiable(seg, chain.source, reason)

    # ------------------------------------------------------------------ claims

    def _same_name_rows(self, name: str, line: int) -> list[tuple[str, ...]]:
        """The one-row prints elsewhere in the article under the same name (``P ≈ [..]``)."""
        head = re.compile(rf"(?<![\w\\]){re.escape(name)}\s*[`$*]*\s*(?:=|≈|:|\\approx)\s*[`$*]*\s*$")
        return [b.texts[0] for b in self.blocks if b.shape[0] == 1 and b.line != line and b.labels
                and head.search(b.labels[0])]

    def _named_values(self, seg, chain, head: Name) -> None:
        """``NAME = printed value``: a claim if NAME follows from the article, else an input."""
        key = canon(head.raw)
        derivable = self._derivable(key, head.raw)
        if not derivable and self._indexed(seg, chain, head):
            return
        if not derivable and key in _DERIVED:
            # Scores, weights or output printed without what they come from: taken as given
            texts, value = _literal(chain.parts[1])
            claim = unverifiable(seg.line, chain.source, R("taken-as-given", what=pretty(head), why=self._why(key)),
                                 what=pretty(head), claimed=texts_out(texts))
            if key == "weights" and isinstance(texts, tuple):
                errors, notes = sanity_rows(texts)
                if len(texts) == 1 and parts_of_one_row(texts[0], self._same_name_rows(head.raw, seg.line)):
                    errors = []   # one block of a row whose other blocks the article prints
                if len(flat_of(head.raw)) == 1 and not all(0 <= x <= 1 for x in value):
                    errors = []   # a = [0.3, 2.9, 4.0]: values no weights have, under a letter that names
                    # weights only by habit, are something else (softmax's input)
                claim.notes.extend(notes)
                if errors:
                    claim = replace(claim, status="wrong", reason=R("reasons", items=errors), cause="slip",
                                    wrong_lines=[seg.line])
            self.claims.append(claim)
        if not derivable and self._printed_exact_value(seg, chain, key):
            # cos = [cos(3.0), cos(0.3), …], then cos ≈ [-0.9900, 0.9553, …]: the numbers print the
            # exact values the name was given as
            for k, part in enumerate(chain.parts[1:], start=1):
                self._value_claim(seg, chain, head, part, chain.rels[k - 1], head)
            return
        if not derivable and self._restated_print(seg, chain, head):
            return
        if not derivable and len(chain.parts) == 2 and isinstance(chain.parts[1], Num) and self._supposed(seg):
            # "If head_size = 16, …", "If head_size = 64, …": a setting the sentence supposes, not the
            # article's value for what follows
            return self._unverifiable(seg, chain.source, R("supposed-value", name=head.raw))
        if not derivable:
            texts, value = _literal(chain.parts[1])
            self.definitions.append((seg.line, R("given", name=head.raw, rows=value.rows, cols=value.cols)
                                     if isinstance(value, sp.MatrixBase) else R("given-value", name=head.raw,
                                                                                 value=str(value))))
            self.table.record(key, seg.line, value, False)
            if isinstance(value, sp.MatrixBase):
                self.matrices.append((seg.line, head.raw, value))
            return
        other = self._another_quantity(head, key, _literal(chain.parts[1])[1], seg.line)
        if other:
            self.claims.append(unverifiable(seg.line, chain.source, other, what=pretty(head),
                                            claimed=texts_out(_literal(chain.parts[1])[0])))
            # (L = −[log 0.681 + 2 log 0.319] ≈ 0.383: the name is something else, the arithmetic after
            # it is still claimed)
            for k, part in enumerate(chain.parts[2:], start=2):
                self._value_claim(seg, chain, chain.parts[1], part, chain.rels[k - 1], chain.parts[1])
            return
        for k, part in enumerate(chain.parts[1:], start=1):
            self._value_claim(seg, chain, head, part, chain.rels[k - 1], head)

    def _supposed(self, seg) -> bool:
        """Does the line make the segment's value a supposition ("- If head_size = 16, …")?"""
        line = self._line_text(seg)
        name = re.split(r"=|≈|\\approx", seg.text)[0].strip()
        at = line.find(name) if name else -1
        return at >= 0 and bool(_CONDITIONAL.search(seg.before or line[:at]))

    def _printed_exact_value(self, seg, chain, key: str) -> bool:
        """Was the name given above as exact values that are no plain numbers (``[cos(3.0), …]``), of
        which this line prints numbers of the same shape?"""
        earlier = self.table.inputs.get(key)
        if earlier is None or earlier[1] >= seg.line or not all(_is_literal(p) for p in chain.parts[1:]):
            return False
        value = earlier[0]
        entries = list(value) if isinstance(value, sp.MatrixBase) else [value]
        if all(getattr(x, "is_Rational", False) for x in entries) or \
                not all(getattr(x, "is_number", False) and x.is_finite for x in entries):
            return False   # (plain numbers, or −∞ where a mask starts: a value given again)
        printed = _literal(chain.parts[1])[1]
        shape = getattr(printed, "shape", None)
        return shape == getattr(value, "shape", None) and all(getattr(x, "is_Rational", False) for x in
                                                              (list(printed) if shape else [printed]))

    def _restated_print(self, seg, chain, head: Name) -> bool:
        """``ℓ_old = 2.755`` where 2.755 was printed above as the rounded result of arithmetic whose
        exact value is known (2.7539…): the name restates that result, judged end to end (a print of
        four significant digits or more, so that a new input of the same digits is no coincidence)."""
        part = chain.parts[1] if len(chain.parts) == 2 else None
        if isinstance(part, Lit) and part.cells is None:
            return self._restated_vector(seg, chain, head, part)
        if not isinstance(part, Num) or _folded(part.text) or significant(part.text) < 4:
            return False
        text = part.text.strip().replace("−", "-")
        exact, line = self._print_value(text)
        if exact is None or line >= seg.line:
            return False
        number = numerals.read(text)
        value = to_mpf(exact, 30)
        if number is None or value is None or right_text(number, value) == text:
            return False
        before = len(self.claims)
        self._value_claim(seg, chain, Num(exact, str(exact)), part, chain.rels[0], head)
        self.claims[before:] = [replace(c, cause="carried", root=line, mistakes=(), drift="carried")
                                if c.status == "wrong" else c for c in self.claims[before:]]
        return True

    def _restated_vector(self, seg, chain, head: Name, part: Lit) -> bool:
        """``q' = [−2.2347, 0.0771, 2.9194, 4.0592]`` where each entry was printed above as the rounded
        result of arithmetic whose exact value is known: the name restates those results, judged end
        to end where one entry's digits are not its exact value's; a vector of right prints stays the
        given it reads as, at those exact values for later lines."""
        if part.value.rows != 1 or part.value.cols < 2:
            return False
        exact = []
        for t in part.texts[0]:
            text = t.strip().replace("−", "-")
            value, line = self._print_value(text)
            number = numerals.read(text)
            if number is not None and value is None and significant(text) < 3:
                value = number.value   # one or two digits (0.0020) are data, as _exact_upstream takes them
            elif value is None or line >= seg.line or number is None or significant(text) < 3:
                return False
            exact.append((text, value, number))
        truth = sp.ImmutableMatrix([[value for _, value, _ in exact]])
        if all(right_text(number, to_mpf(value, 30)) == text for text, value, number in exact):
            if self.table.inputs.get(canon(head.raw), (None, 0))[1] == seg.line:
                self.table.inputs.restate(canon(head.raw), seg.line, truth)   # the given, at its exact values
            return False
        self._value_claim(seg, chain, Lit(truth, tuple(tuple(pretty(Num(v, str(v))) for v in truth) for _ in (0,))),
                          part, chain.rels[0], head)
        self.table.inputs.setdefault(canon(head.raw), (truth, seg.line))
        return True

    def _indexed(self, seg, chain, head: Name) -> bool:
        """``m_k = 2^{-8k/h}`` then ``m_k = [1/4, 1/16, ...]``: the formula at k = 1, 2, ... (or from 0)
        gives the printed list, entry by entry; True when it was judged so."""
        m = re.fullmatch(r"(.+?)_\{?([a-z])\}?", head.raw.replace(" ", ""))
        formula = self.table.formula(canon(head.raw))
        texts, value = _literal(chain.parts[1])
        if m is None or formula is None or not isinstance(value, sp.MatrixBase) or min(value.shape) != 1 \
                or len(value) < 2 or not any(isinstance(n, Name) and n.raw == m.group(2) for n in walk(formula)):
            return False
        flat = [t for row in texts for t in row]
        ev = Evaluator(self.table, Mode.EXACT, self.conv)
        known = self.index_start.get(canon(head.raw))
        for start in ((known,) if known is not None else (1, 0)):
            try:
                exact = [ev.eval(_substitute(formula, m.group(2), start + t)) for t in range(len(value))]
            except (Unresolved, ValueError, TypeError, ZeroDivisionError):
                return False
            result = compare([flat], sp.ImmutableMatrix([list(value)]), sp.ImmutableMatrix([exact]),
                             chain.rels[0])
            if result.status != "wrong" or known is not None:
                # (the first list that fits settles where the index starts; later lists are held to it)
                self.index_start[canon(head.raw)] = start
                how = R("indexed-formula", name=pretty(head), index=m.group(2), first=start,
                        last=start + len(value) - 1, formula=pretty(formula))
                self.claims.append(build(seg.line, chain.source, pretty(head), texts_out(texts),
                                         _judgements(result, "", seg.line), how=how,
                                         expected=show(sp.ImmutableMatrix([exact]))))
                return True
        return False

    def _another_quantity(self, head: Name, key: str, value, line: int = 0):
        """A short name (A, S, n, D), or a size by any name, that clearly means something else here:
        why (a Reason), else None.

        ``A = [2×2]`` in an article whose attention weights are 3×3 is another matrix A;
        ``n = 8`` heads is not the 3 tokens; ``hidden_size = 4096`` stated before any matrix is the
        model's width, not the width of a toy vector printed later.  Reporting those as wrong would
        be a false alarm.
        """
        flat = re.sub(r"[\\{}\s_]|text|mathrm", "", head.raw)
        short = len(flat) <= 2 or flat.lower() in _AMBIGUOUS
        if not short and key not in DIMENSIONS:
            return None   # (a size by its long name, ``hidden_size = 4096``, may still be the article's own)
        try:
            truth = Evaluator(self.table, Mode.EXACT, self.conv).eval(
                self.table.formula(key) if key in DIMENSIONS else Name(head.raw))
        except Unresolved:
            return None
        if short and isinstance(truth, sp.MatrixBase) and isinstance(value, sp.MatrixBase) and \
                truth.shape != value.shape:
            return R("another-matrix", name=pretty(head), rows=value.rows, cols=value.cols, usual=_label(key),
                     trows=truth.rows, tcols=truth.cols)
        if key in DIMENSIONS and flat.lower() in _AMBIGUOUS and not isinstance(value, sp.MatrixBase) \
                and truth != value:
            return R("another-number", name=pretty(head), value=str(value), formula=pretty(self.table.formula(key)),
                     truth=str(truth))
        given = self.table.inputs.get(key, (None, 0))
        shown = min([d[1] for defs in (self.table.inputs, self.table.formulas, self.table.computed)
                     for k in ("K", "X", "Q") for d in defs._defs.get(k, ())], default=10 ** 9)
        if key in DIMENSIONS and not isinstance(value, sp.MatrixBase) and truth != value and (
                given[1] < shown and (given[1] == self.table.at or given[0] == value) or self._model_sizes(line) or
                _model_scale(value, truth)):
            # d_k = 64 given before any matrix is shown, then a toy K of width 4, in a list of a model's
            # sizes none of which is the toy example's, or a model's size beside toy matrices ("when
            # d_k = 768" after keys two wide): the model's d_k, or the scale the article chose; a
            # statement of what it uses, not a claim about the K shown
            return R("own-dimension", name=pretty(head), value=str(value), truth=str(truth))
        return None

    def _model_sizes(self, line: int) -> bool:
        """Do the lines around this one (its list or paragraph) state another size, the model's
        width or its number of heads, that the example's matrices do not have?  Then its sizes are
        another model's (``d_model = 512``, ``h = 8`` beside a toy X four wide)."""
        try:
            x = Evaluator(self.table, Mode.EXACT, self.conv).eval(Name("X"))
        except Unresolved:
            x = None
        width = x.cols if isinstance(x, sp.MatrixBase) else None
        lines = self.doc.lines[max(0, line - 5):line + 4]
        for m in _MODEL_SIZE.finditer("\n".join(lines)):
            if width is None or int(m.group(1)) != width:
                return True
        return False

    def _why(self, key: str):
        try:
            Evaluator(self.table, Mode.EXACT, self.conv, strict=frozenset([key])).key(key)
        except Unresolved as exc:
            return exc.reason
        return R("depends-on-itself")

    def _derivable(self, key: str, raw: str | None = None) -> bool:
        if raw == "e":
            return True
        formula = self.table.formula(key)
        if formula is None:
            ref = entry_ref(raw or key)
            if ref is None:
                return False
            try:
                Evaluator(self.table, Mode.EXACT, self.conv)._entry(*ref)
                return True
            except Unresolved:
                return False
        ev = Evaluator(self.table, Mode.EXACT, self.conv)
        try:
            ev.eval(formula)
            return True
        except Unresolved:
            return ev._computed(key) is not None   # computed on the page from printed numbers

    def _only_here(self, key: str, line: int) -> bool:
        """Is the one value of ``key`` what this line writes (no formula, nothing from another line)?"""
        return self.table.formula(key) is None and \
            line in (self.table.inputs.get(key, (None, 0))[1], self.table.computed.get(key, (None, 0))[1])

    def _identify(self, node: Node, top: bool = True) -> Node:
        """Replace printed operand matrices by the quantity they are (``[..] × [..]`` → Q × Kᵀ)."""
        if isinstance(node, Lit) and not top:
            found = self._which(node.value)
            return found if found is not None else node
        if isinstance(node, Op):
            return Op(node.op, tuple(self._identify(a, top=False) for a in node.args))
        return node

    def _which(self, value) -> Node | None:
        ev = Evaluator(self.table, Mode.EXACT, self.conv)
        for key, entries in self.table.author.items():
            if key in _DERIVED and not self._derivable(key):
                continue  # a value the article only asserts is not an identity for its operands
            if any(v == value for _, v, wrong in entries if not wrong) and key in self._keys():
                try:
                    ev.key(key)
                except Unresolved:
                    continue   # a name with no exact value (M_7 = M_1 M_6, M_1 never given): the literal says more
                return Name(key)
        for key in self._keys():
            try:
                v = ev.key(key)
            except Unresolved:
                continue
            if isinstance(v, sp.MatrixBase):
                if v == value:
                    return Name(key)
                if v.T == value:
                    return Op("T", (Name(key),))
        return None

    def _stacked(self, line: int, chain: Chain) -> Chain:
        """The chain with a one-row literal replaced by the matrix the reader stacked from it and the
        rows aligned under it (same width, same first row)."""
        parts = list(chain.parts)
        for k, p in enumerate(parts):
            if isinstance(p, Lit) and p.value.rows == 1:
                tall = [b for b in self.tall.get(line, ()) if b.shape[1] == p.value.cols and b.texts[0] == p.texts[0]]
                if len(tall) == 1:
                    parts[k] = Lit(tall[0].matrix(), tall[0].texts, "rows stacked under it")
        return replace(chain, parts=tuple(parts)) if parts != list(chain.parts) else chain

    def _within_literal_rounding(self, node: Node, claimed, texts, line: int) -> bool:
        """Could a printed value be right, its expression's rounded decimal operands taken as the
        rounded prints they are (``e^{1.414}`` with 1.414 for √2)?  Operands with three decimals or
        more (the rule givens follow), printed after ≈, or weights that sum to 1 only within their
        rounding (``0.16 × [2, 1] + 0.67 × [0, 2] + 0.16 × [1, 1]``: 0.99) move within half a unit;
        the claim is no witness when, for every entry, the band of the expression's values (at the
        corners for at most six such operands, a dot product of two 3-vectors; to first order for up to
        24, a weighted sum of printed rows) meets the band its own printed digits leave."""
        import itertools
        # the printed decimals of the expression: numbers, and the entries of lists written out in it
        # (``softmax([0, 0.707])``, with 0.707 for 1/√2), each as (its node, its place in a list)
        nums = [(n, None) for n in walk(node) if isinstance(n, Num) and "." in n.text]
        nums += [(Num(lit.value[i, j], t), (lit, i, j)) for lit in walk(node) if isinstance(lit, Lit)
                 for i, row in enumerate(lit.texts) for j, t in enumerate(row) if "." in t]
        rounded = [x for x in nums if re.fullmatch(r"[-−]?\d+\.\d{3,}", x[0].text)
                   or x[1] is None and (x[0].text.lstrip("-−") in self.shortened or
                                        self.approximated_from.get(x[0].text.lstrip("-−"), line + 1) <= line)]
        # (a list's 0.7 is data; so is 0.4 in a dot product above the line that prints a weight ≈ 0.4)
        weights = [x for x in nums if 0 <= x[0].value <= 1 and re.fullmatch(r"[01]?\.\d{1,2}", x[0].text)]
        if rounded_weights([n.text for n, _ in weights]):
            rounded += [x for x in weights if all(x is not r for r in rounded)]
        matrix = isinstance(texts, tuple)
        if not rounded or len(rounded) > 24 or not (matrix and isinstance(claimed, sp.MatrixBase)
                                                   or not matrix and getattr(claimed, "is_Rational", False)):
            return False
        ev = Evaluator(self.table, Mode.EXACT, self.conv)

        def at(signs):
            """The expression's value with each rounded operand moved by sign × half a unit (or None)."""
            moved, lits = node, {}
            for (n, place), sign in zip(rounded, signs):
                h = sp.Rational(1, 2 * 10 ** len(n.text.split(".")[1]))
                if place is None:
                    moved = _replace_num(moved, n, Num(n.value + sign * h, n.text))
                else:
                    lit, i, j = place
                    m = lits.setdefault(id(lit), (lit, lit.value.as_mutable()))[1]
                    m[i, j] = n.value + sign * h
            for lit, m in lits.values():
                moved = _replace_num(moved, lit, Lit(sp.ImmutableMatrix(m), lit.texts, lit.note, lit.cells))
            try:
                v = ev.eval(moved)
            except Unresolved:
                return None
            if matrix != isinstance(v, sp.MatrixBase) or (matrix and v.shape != claimed.shape) or \
                    not (v.is_number if not matrix else all(x.is_number for x in v)):
                return None
            return [float(x) for x in v] if matrix else [float(v)]

        if len(rounded) <= 6:
            values = [at(signs) for signs in itertools.product((-1, 1), repeat=len(rounded))]
        else:
            # more operands than corners to try (a weighted sum of printed rows): the band to first
            # order, each operand moved alone, widened by the products of two moves
            base = at([0] * len(rounded))
            moves = [at([int(k == m) for k in range(len(rounded))]) for m in range(len(rounded))]
            if base is None or any(v is None for v in moves):
                return False
            halves = [float(half_unit(len(n.text.split(".")[1]))) for n, _ in rounded]
            slack = sum(halves) ** 2
            width = [sum(abs(v[k] - base[k]) for v in moves) + slack for k in range(len(base))]
            values = [[b - w for b, w in zip(base, width)], [b + w for b, w in zip(base, width)]]
        if any(v is None for v in values):
            return False
        printed = [t for row in texts for t in row] if matrix else [str(texts)]
        wanted = list(claimed) if matrix else [claimed]
        for k, (t, c) in enumerate(zip(printed, wanted)):
            h, band = _half(t), [v[k] for v in values]
            if not (min(band) <= float(c) + h + 1e-12 and max(band) >= float(c) - h - 1e-12):
                return False
        return True

    def _exact_upstream(self, node: Node):
        """The expression with each of its rounded decimal operands (see _within_literal_rounding)
        at the exact value that print stands for, those prints, the lines they were first printed on
        and, of them, the lines of vectors judged wrong (see :meth:`_wrong_rows_in`); None unless every
        such operand is the print of one exact value the article determines."""
        moved, lits, used, lines, wrong = node, {}, [], set(), set()
        nums = [(n, None) for n in walk(node) if isinstance(n, Num) and "." in n.text]
        nums += [(lit, (i, j)) for lit in walk(node) if isinstance(lit, Lit)
                 for i, row in enumerate(lit.texts) for j, t in enumerate(row) if "." in t]
        rows = self._wrong_rows_in({n.text.replace("−", "-").lstrip("-") for n, at in nums if at is None})
        for n, at in nums:
            text = n.text if at is None else n.texts[at[0]][at[1]]
            exact, line = self._print_value(text) if at is None else self.exact_prints.get(text.replace("−", "-"),
                                                                                          (None, 0))
            if exact is not None and significant(text) < 3 and (numerals.places_of(text) or 0) < 3:
                exact = None   # one or two digits (0.2, 2.8) are as often data as a rounded result
                # (0.0030, printed to four places as sin 0.003 is, is that print)
            if exact is None and at is None:
                exact, line = rows.get(text.replace("−", "-").lstrip("-"), (None, 0))
                if exact is not None and text.lstrip()[:1] in "-−":
                    exact = -exact
                if exact is not None:
                    wrong.add(line)
            if exact is None:
                if re.fullmatch(r"[-−]?0\.0+", text):
                    continue      # 0.0000 is 0, rounded or not
                if re.fullmatch(r"[-−]?\d+\.\d{3,}", text) or at is None and text.lstrip("-−") in self.approximated:
                    return None   # a rounded print whose exact value is not known
                continue          # data, as printed
            used.append(text)
            lines.add(line)
            if at is None:
                moved = _replace_num(moved, n, Num(exact, n.text))
            else:
                m = lits.setdefault(id(n), (n, n.value.as_mutable()))[1]
                m[at] = exact
        for lit, m in lits.values():
            moved = _replace_num(moved, lit, Lit(sp.ImmutableMatrix(m), lit.texts, lit.note, lit.cells))
        return (moved, sorted(set(used)), sorted(lines - {0}), sorted(wrong)) if used else None

    def _print_value(self, text: str):
        """(exact value, line of its first print) of a printed result, or (None, 0); a number printed
        with the other sign stands for the negated value ((−2.2347) is neg(2.2347), the print of −2.2347)."""
        text = text.strip().replace("−", "-")
        if text in self.exact_prints:
            return self.exact_prints[text]
        other = text[1:] if text.startswith("-") else "-" + text
        if other in self.exact_prints:
            exact, line = self.exact_prints[other]
            return -exact, line
        return None, 0

    def _wrong_rows_in(self, texts: set[str]) -> dict:
        """The entries of a vector judged wrong above whose every entry (two or more, all different) an
        expression writes as an operand (``0.69·0.78 + 0.21·0.54 + 0.77·0.35`` under ``K = (0.78, 0.54,
        0.35)``, which is (0.63, 0.84, 0.43)): the vector restated, at its exact entries (however few
        their digits)."""
        out = {}
        for row, exact, line in self.wrong_rows:
            bare = [t.lstrip("-") for t in row]   # (−0.196 is written (−0.196) or − 0.196: its magnitude)
            if len(bare) >= 2 and len(set(bare)) == len(bare) and set(bare) <= texts:
                for t, v in zip(row, exact):
                    out.setdefault(t.lstrip("-"), (-v if t.startswith("-") else v, line))
        return out

    def _keys(self):
        return list(dict.fromkeys(list(self.table.inputs) + list(self.table.formulas) + list(FORMULAS)))

    def _value_claim(self, seg, chain, ref: Node, part: Node, rel: str, head: Node) -> None:
        texts, claimed = _literal(part)
        exact_ref = self._identify(ref)
        what = pretty(head) if isinstance(head, Name) else pretty(exact_ref)
        formula = self.table.formula(canon(ref.raw)) if isinstance(ref, Name) else None
        how = pretty(formula) if formula is not None else pretty(exact_ref)
        key = node_key(exact_ref, self.table)
        softmaxish = key == "weights" or (isinstance(ref, Op) and ref.op in ("softmax", "softmax_cols"))
        errors, notes = sanity_rows(texts) if softmaxish and isinstance(texts, tuple) else ([], [])

        def leave(reason, wrong=False):   # no value to compare with; a row no softmax gives is still wrong
            claim = unverifiable(seg.line, chain.source, reason, what=what, claimed=texts_out(texts))
            if wrong:
                claim = replace(claim, status="wrong", reason=R("reasons", items=errors), cause="slip",
                                wrong_lines=[seg.line])
            self.claims.append(replace(claim, notes=list(notes)))
            return claim

        clash = self.table.conflict(key) or (self.table.conflict(canon(ref.raw)) if isinstance(ref, Name) else [])
        if clash and isinstance(ref, Name) and canon(ref.raw) in DIMENSIONS and canon(ref.raw) in self.table.formulas:
            return leave(R("several-values", name=ref.raw, lines=list(clash)))
        if isinstance(ref, Name) and canon(ref.raw) in DIMENSIONS and not self._derivable(canon(ref.raw)):
            return leave(R("undetermined", name=ref.raw))
        exact_ev = Evaluator(self.table, Mode.EXACT, self.conv)
        try:
            truth = exact_ev.eval(
                self.table.formula(canon(ref.raw)) if isinstance(ref, Name) and canon(ref.raw) in DIMENSIONS
                else exact_ref)
        except Unresolved as exc:
            # (the unit after the printed number's last place in the line: the result's, not an operand's)
            last = list(re.finditer(rf"(?<![\d.,]){re.escape(part.text)}(?![\d.,])", self._line_text(seg))) \
                if isinstance(part, Num) and not errors else []
            unit = re.compile(rf"[ \t*]*({units.WRITTEN.pattern})").match(self._line_text(seg), last[-1].end()) \
                if last else None
            if unit is not None and self._unit_claim(seg, chain, ref, Op("mul", (part, Name(unit.group(1)))), exact_ev):
                return   # "70×10^9 parameters×2 Bytes/parameter=14GB": the sides in their units
            claim = leave(R("cannot-compute", what=what or R("this"), why=exc.reason), wrong=bool(errors))
            self._record(key, head, seg.line, claimed, claim.status == "wrong")
            return
        author = Evaluator(self.table, Mode.AUTHOR, self.conv, seg.line)
        try:
            step = author.eval(ref)
        except Unresolved:
            step = None
        if _free(truth) and not _free(claimed):
            # a_11·(1 − a_11) with a_11 never given a number: no value to compare with
            return leave(R("depends-on", what=what or R("this"), names=sorted(map(str, _free(truth)))))
        end = compare(texts, claimed, truth, rel)
        if end.status == "wrong" and self._counted(seg, texts, claimed, truth):
            return self._whole_count(seg.line, chain, what, texts, how, truth)
        if end.status == "wrong" and clash and isinstance(ref, Name) and canon(ref.raw) in DIMENSIONS:
            # d_k = 4, 64, 128 in a simulation, then "when d_k = 128": a size stated with several values,
            # other than the matrices' own, is another setting, of which their shape is no witness
            return leave(R("several-values", name=ref.raw, lines=list(clash)))
        # operands the article printed earlier as rounded results with a known exact value (0.3536
        # for √2/4, 0.4555 for a weight): the print is judged end to end at those values
        upstream, rounded_from, at_exact, restated = self._exact_upstream(exact_ref), (), None, ()
        if upstream is not None:
            try:
                at_exact = exact_ev.eval(upstream[0])
            except Unresolved:
                at_exact = None
            if at_exact is not None:
                ended = compare(texts, claimed, at_exact, rel)
                if end.status != "wrong" and ended.status == "wrong" and not isinstance(head, Name) and \
                        self._right_entries(upstream[1]):
                    pass   # arithmetic with no name, right as written on right rounded entries of a vector
                    # (0.4519 + 0.2741 + 0.2741 = 1.0001): a statement about those prints, ambiguous end to
                    # end (verdict policy 5); a name's value (y₀ = 1·(−0.9900) + … = −1.6955) is the chain's
                    # final result, judged end to end
                elif end.status == "wrong" or ended.status == "wrong":
                    # (a print right from the rounded operands is wrong from their exact values: drift;
                    # right from a vector written again that was wrong: carried)
                    rounded_from = upstream[2] if end.status != "wrong" else ()
                    truth, end = at_exact, ended
                    if upstream[3] and rounded_from:
                        restated, rounded_from = upstream[3], ()
                    else:
                        how = R("at-exact-prints", how=how, prints=upstream[1], n=len(upstream[1]))
        if end.status == "wrong" and not upstream and self._within_literal_rounding(exact_ref, claimed, texts, seg.line):
            # the rounded operands are no witness (their exact values are not known)
            return leave(R("within-input-rounding", what=what or R("this")))
        if end.shape_error:
            # a label whose quantity has another shape is a wrong binding, not a wrong claim
            return leave(R("names-other-shape", what=what or R("this"), why=end.shape_error))
        stepwise = compare(texts, claimed, step, rel) if step is not None else None
        if end.status == "wrong" and stepwise is not None and stepwise.status != "wrong" and _worked_cells(part) \
                and not [line for line, wrong in author.used if wrong]:
            # cells that write their arithmetic out (−0.5 + 1 with 1 for cos 0.01 = 1.000) on right
            # rounded prints: right as written, ambiguous end to end (verdict policy 5)
            truth, end, how = step, stepwise, R("from-own-operands", expr=how)
        carried = [line for line, wrong in author.used if wrong]
        given = sorted((line, key) for line, key in exact_ev.inputs_used if line != seg.line)
        if given:
            how = R("from-inputs", how=how, given=[R("given-at", name=_label(k), line=n) for n, k in given])
        cause, root, mistakes, drift, drift_lines = "slip", None, (), "", ()
        if end.status == "wrong":
            if restated:
                cause, root, drift = "carried", restated[0], "carried"
            elif rounded_from:
                drift_lines = list(rounded_from)
                cause, drift = "drift", R("stepwise-right", lines=drift_lines)
            elif stepwise is not None and stepwise.status != "wrong" and carried:
                # right from the author's own wrong value: the reader's numbers are still wrong
                cause, root, drift = "carried", carried[0], "carried"
            elif stepwise is not None and stepwise.status != "wrong" and author.used:
                drift_lines = sorted({line for line, _ in author.used})
                cause, drift = "drift", R("stepwise-right", lines=drift_lines)
            else:
                slip = transpose_slip(exact_ref, end.wrong, claimed, self.table, self.conv) or \
                    index_swap(exact_ref, texts, claimed, rel, self.table, self.conv)
                mistakes = (slip,) if slip else diagnose(exact_ref, texts, claimed, rel, self.table, self.conv)
                if self.stated_scaling:
                    mistakes = tuple(R("no-scaling-stated", line=self.stated_scaling) if m.code == "no-scaling"
                                     else m for m in mistakes)
        judged = _judgements(end, what, seg.line)
        if end.status == "wrong" and upstream is not None and isinstance(texts, str):
            judged += self._wrong_operands(upstream[1], seg.line)
        claim = build(seg.line, chain.source, what, texts_out(texts), judged, how=how,
                      expected=show(truth), cause=cause, root=root, mistakes=mistakes, drift_lines=drift_lines,
                      notes=notes)
        if drift:
            claim = replace(claim, drift=drift)
        if softmaxish:
            errors += self._shift_check(ref, exact_ref, texts, seg.line)
        if errors:
            items = ([claim.reason] if end.status == "wrong" else []) + errors
            claim = replace(claim, status="wrong", reason=R("reasons", items=items), cause=claim.cause or "slip",
                            wrong_lines=claim.wrong_lines or [seg.line])
        printed_at = self._printed_line(seg, texts)
        if printed_at != seg.line:
            claim = replace(claim, lines=[printed_at], wrong_lines=[printed_at] if claim.wrong_lines else [])
        self.claims.append(claim)
        if isinstance(truth, sp.MatrixBase):
            self.matrices.append((seg.line, what, truth))
            if claim.status == "wrong" and isinstance(texts, tuple) and truth.shape == (len(texts), len(texts[0])) \
                    and not softmaxish and key not in ("scaled", "output"):
                # (a step with no convention to choose: the scaling and the softmax's axis are the
                # value binder's, whose verdict may take this one's place)
                self.wrong_rows += [(tuple(t.strip().replace("−", "-") for t in row), list(truth.row(i)), seg.line)
                                    for i, row in enumerate(texts)]
            if claim.status in ("rounded", "exact") and isinstance(texts, tuple) and at_exact is None and \
                    truth.shape == (len(texts), len(texts[0])) and not self._rounded_operands(exact_ref):
                # each entry of a vector right end to end (e^{[0, −0.5, −0.9]} = [1.000, 0.607, 0.407])
                # stands for its exact value in later arithmetic, as a scalar does
                for i, row in enumerate(texts):
                    for j, t in enumerate(row):
                        text = t.strip().replace("−", "-")
                        if text not in self.exact_prints and text not in self._ambiguous_prints:
                            self._entry_prints.add(text)   # (a print the binder's steps gave is judged as before)
                        self._note_print(t, truth[i, j], seg.line, True, equal_too=True)
        elif claim.status in ("rounded", "wrong", "exact") and isinstance(texts, str):
            # (a sum exact as written, 2.028 + 2.028 + 4.113 = 8.169, stands for the sum of what its
            # operands stand for)
            # (a decimal of one or two digits, 3.5 in e^{3.5}, is data, as _exact_upstream takes it)
            self._note_print(texts, truth if at_exact is None else at_exact, seg.line,
                             not self._rounded_operands(exact_ref) if at_exact is None else True)
        self._record(key, head, seg.line, claimed, claim.status == "wrong")

    def _printed_line(self, seg: Segment, texts) -> int:
        """The line a display's result is printed on, when the display runs over several lines (braced
        vectors, and lines below them ``= 1.5 · 0.593 + … ≈ 0.666``): the line where the relation and the
        printed number stand, else the display's first."""
        if seg.kind not in ("display", "env") or not isinstance(texts, str) or "\n" in texts:
            return seg.line
        after = re.compile(r"(?:=|≈|\\approx)\s*" + re.escape(texts.strip()) + r"(?![\d.])")
        lines = self.doc.lines
        for n in range(seg.line, min(len(lines), seg.line + 40) + 1):
            if after.search(lines[n - 1]):
                return n
            if n > seg.line and "$$" in lines[n - 1]:
                break
        return seg.line

    def _right_entries(self, used) -> bool:
        """Is one of these operands an entry of a vector printed right, known only as such (no step the
        binder judged, no scalar print gave its exact value)?"""
        return any(t.replace("−", "-") in self._entry_prints for t in used)

    def _rounded_operands(self, node: Node) -> bool:
        """Has the expression a rounded print among its operands (data of one or two digits is none)?"""
        def rounded(text):   # (a number written as arithmetic, cos(0.02): the decimals of three digits in it)
            return any(significant(t) >= 3 for t in re.findall(r"\d*\.\d+", text)) \
                if _folded(text) else _rounded_print(text, self.approximated)
        # (an angle under cos or sin, cos(0.02), is rounded only by its own digits: 0.02 printed after ≈
        # elsewhere, sin(0.02) ≈ 0.02000, is no rounded print in it)
        angles = {id(a) for n in walk(node) if isinstance(n, Op) and n.op in ("sin", "cos", "tan")
                  for a in walk(n.args[0]) if isinstance(a, Num)}
        return any(isinstance(n, Num) and (significant(n.text) >= 3 if id(n) in angles else rounded(n.text))
                   or isinstance(n, Lit) and any(rounded(t) for row in n.texts for t in row) for n in walk(node))

    def _wrong_operands(self, used: list[str], line: int) -> list[Judgement]:
        """The operands, taken at their exact values, that the line prints wrong (``2.03 + 2.03 + 4.10
        = 8.16`` under e^{1.41} = 4.10, which is 4.11): wrong here too, each with its right value in
        its own notation, so that a fix rewrites them with the result.  Only an operand printed once
        on its line has a place."""
        out = []
        source = self.doc.lines[line - 1] if 0 < line <= len(self.doc.lines) else ""
        for t in used:
            exact, _ = self._print_value(t)
            number = numerals.read(t)
            at = [m.start() for m in re.finditer(r"(?<![\d.])" + re.escape(t) + r"(?![\d]|\.\d)", source)]
            if exact is None or number is None or len(at) != 1:
                continue
            value = to_mpf(exact, 30)
            if value is None:
                continue
            right = right_text(number, value)
            if right != t:
                out.append(Judgement((0, 0), OPERAND, t, line, at[0], str(exact), "wrong", "", right))
        return out

    def _note_print(self, text: str, truth, line: int, end_to_end: bool, equal_too: bool = False) -> None:
        """A decimal printed as the value of arithmetic whose exact value is known (√2 ≈ 1.414,
        e^{1.414} ≈ 4.113 with 1.414 for √2): later arithmetic on that print is judged at its exact
        value, end to end: only a value found end to end (no rounded operand, or each at its exact
        value), and only a print of three decimals or more, or of three significant digits and two
        decimals (e^{3.5} = 33.12, l = 1.5032 + 0.0067 ≈ 1.51), as :meth:`_exact_upstream` takes rounded
        prints (0.25 and 1.00 are as often data).  A print that stands for two values stands for none."""
        text = text.strip().replace("−", "-")
        if not (re.fullmatch(r"-?\d+\.\d{3,}", text) or re.fullmatch(r"-?\d+\.(?!00)\d{2}", text) and significant(text) >= 3) \
                or significant(text) < 3 and not (equal_too and (numerals.places_of(text) or 0) >= 3) or \
                not getattr(truth, "is_number", False) or \
                (truth.is_Rational and truth == numerals.read(text).value and not equal_too):
            return   # (``equal_too``: 1.000 among rounded entries stands for 1, so a sum over them is known)
        if not end_to_end:
            return   # (1/1.414 ≈ 0.707 before √2 ≈ 1.414 was read: 500/707 is no exact value of 0.707)
        known = self.exact_prints.get(text)
        if known is None and text not in self._ambiguous_prints:
            self.exact_prints[text] = (truth, line)
        elif known is not None and line > known[1] and abs(sp.N(known[0] - truth, 30)) > 1e-20:
            self.exact_prints.pop(text)
            self._ambiguous_prints.add(text)

    def _record(self, key, head, line, claimed, wrong):
        self.table.record(key, line, claimed, wrong)
        if isinstance(head, Name) and canon(head.raw) != key:
            self.table.record(canon(head.raw), line, claimed, wrong)

    def _shift_check(self, ref, exact_ref, texts, line) -> list:
        """Rows of scores that differ by a constant must get the same printed weights."""
        arg = ref.args[0] if isinstance(ref, Op) and ref.op == "softmax" else Name("scaled")
        try:
            scores = Evaluator(self.table, Mode.AUTHOR, self.conv, line).eval(arg)
        except Unresolved:
            return []
        out = []
        if not isinstance(texts, tuple) or not isinstance(scores, sp.MatrixBase) or scores.rows != len(texts):
            return []
        for i, j, c in shift_pairs(scores):
            if texts[i] != texts[j] and [numerals.places_of(t) for t in texts[i]] == [numerals.places_of(t) for t in texts[j]]:
                out.append(R("shifted-rows", i=i + 1, j=j + 1, c=str(c), a=list(texts[i]), b=list(texts[j])))
        return out

    def _identity_claim(self, seg, chain, left: Node, right: Node, rel: str) -> None:
        """``expr = expr``: equal exactly (or, with printed decimals, up to their rounding)."""
        what = f"{pretty(left)} = {pretty(right)}"
        # (a display over several lines: the claim stands where its printed number does)
        printed = [n.text for n in walk(right) if isinstance(n, Num) and re.search(r"\d", n.text)]
        line = self._printed_line(seg, printed[0]) if len(printed) == 1 else seg.line

        def say(status, reason, expected=None):
            self.claims.append(stated(line, chain.source, status, what, reason, expected=expected)
                               if status != "unverifiable" else unverifiable(line, chain.source, reason, what=what))

        ev = Evaluator(self.table, Mode.EXACT, self.conv)
        names = [n for n in (*walk(left), *walk(right)) if isinstance(n, Name)]
        if all(isinstance(n, Name) and canon(n.raw) in self.table.inputs for n in (left, right)) or \
                (names and all(canon(n.raw) in self.table.inputs for n in names) and not printed and
                 not any(isinstance(n, Lit) for n in (*walk(left), *walk(right)))):
            # (a relation between givens, "2D = T" with D and T given elsewhere: no number on it is
            # printed wrong, and no witness says which given the relation does not fit)
            try:
                equal = same(ev.eval(left), ev.eval(right))
            except Unresolved:
                equal = False
            if not equal:
                return say("unverifiable", R("relation-of-givens"))
        try:
            a, b = ev.eval(self._identify(left)), ev.eval(self._identify(right))
        except Unresolved as exc:
            unit = _one_unit(chain.source)
            if unit is not None and any(isinstance(n, Name) and n.raw == unit for n in walk(left)):
                # "6 GB + 56.45 GB + 6 GB + 18 GB ≈ 87 GB": every number in one unit, the sums in it
                return self._identity_claim(seg, chain, _in_unit(left, unit), _in_unit(right, unit), rel)
            bare = _without_prose_tail(right, seg.source)
            if bare is not None and not any(isinstance(n, Name) for n in walk(bare)):
                # "= 1.52e25 total FLOPs", "= 132.4e6 in all": words after the last number are prose;
                # "60,000 / 2048 = 29 requests": a count of whole items
                try:
                    value = ev.eval(self._identify(left))
                except Unresolved:
                    value = None
                if isinstance(bare, Num) and value is not None and self._counted(seg, bare.text, bare.value, value):
                    return self._whole_count(line, chain, what, bare.text, pretty(left), value)
                return self._identity_claim(seg, chain, left, bare, rel)
            if self._unit_claim(seg, chain, left, right, ev):
                return None
            return say("unverifiable", R("cannot-compute-sides", why=exc.reason))
        if bool(_free(a)) != bool(_free(b)) or (isinstance(a, sp.Symbol) and isinstance(b, sp.Symbol) and a != b):
            # (two names with no value: a relation the article states, with no number to refute it)
            return say("unverifiable", R("side-depends-on", names=sorted(map(str, _free(a) | _free(b)))))
        if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase) or \
                (isinstance(a, sp.MatrixBase) and a.shape != b.shape):
            return say("unverifiable", R("sides-other-shapes"))
        diff = (a - b) if not isinstance(a, sp.MatrixBase) else sp.ImmutableMatrix(a - b)
        values = list(diff) if isinstance(diff, sp.MatrixBase) else [diff]
        if same(a, b):
            return say("exact", R("sides-equal"), show(a))
        sci = _scientific(right)
        if sci is not None and not isinstance(a, sp.MatrixBase) and a.is_number:
            # "= 1.9 × 10^{-65}": a number in scientific notation, precise to its mantissa's last place
            # at its power of ten (not to a band in units of 1: e^-150 is 7.2 × 10^-66)
            x = to_mpf(a, 60)
            if verdict(sci, x).status != "wrong":
                return say("rounded", R("sides-equal-rounded"), show(a))
            return say("wrong", R("sides-differ", a=f"{show(a)} ≈ {right_text(sci, x)}", b=show(b)), show(a))
        if isinstance(right, Num) and not has_decimals(left) and not isinstance(a, sp.MatrixBase) and \
                (has_decimals(right) or rel == "≈") and values[0].is_number:
            # "176/9 = 19.5": exact operands, a result printed at its decimals (an approximate integer
            # to its last nonzero digit, "≈ 340"): the precision rule, not the band of rounded operands
            zeros = len(right.text) - len(right.text.rstrip("0")) if rel == "≈" and "." not in right.text else 0
            tol = half_unit(numerals.places_of(right.text) or 0) * 10 ** zeros * (1 + mpmath.mpf(10) ** -20)
            if abs(to_mpf(values[0], 30)) <= tol:
                return say("rounded", R("sides-equal-rounded"), show(a))
        elif has_decimals(right) or rel == "≈":
            tol = written_band(_min_decimals(right), _magnitude(a))
            if all(v.is_number and abs(to_mpf(v, 30)) <= tol for v in values):
                return say("rounded", R("sides-equal-rounded"), show(a))
        if isinstance(left, Num) and has_decimals(left) and not has_decimals(right) and values[0].is_number and \
                abs(to_mpf(values[0], 30)) <= half_unit(numerals.places_of(left.text)) * (1 + mpmath.mpf(10) ** -20):
            # "0.333 = 1/3": a printed decimal, then the exact value it rounds
            return say("rounded", R("sides-equal-rounded"), show(b))
        scale = _magnitude_print(right)
        if scale is not None and not isinstance(a, sp.MatrixBase):
            # "= 4M", "= 8.25 M": a count printed in millions, rounded at its own places: within half
            # a unit of its last place (times the million) the sides agree; beyond it, the beyond
            # reader judges it under each reading of the letter
            num, letter = scale
            unit = ev.eval(letter)
            if getattr(unit, "is_number", False) and \
                    abs(to_mpf(a - b, 30)) <= to_mpf(unit, 30) * half_unit(numerals.places_of(num.text)):
                return say("rounded", R("sides-equal-rounded"), show(a))
            return say("unverifiable", R("cannot-compute-sides", why=R("magnitude-suffix", suffix=letter.raw)))
        if any(isinstance(n, Lit) for n in walk(right)):
            author = Evaluator(self.table, Mode.AUTHOR, self.conv, line=seg.line)
            try:
                mine = author.eval(self._identify(left))
            except Unresolved:
                mine = None
            if mine is not None and author.used and same(mine, b):
                # QK^T = [..][..] with the author's own earlier Q and K^T: any slip is theirs, judged there
                return say("unverifiable", R("operands-judged-there", lines=sorted({n for n, _ in author.used})))
        if not isinstance(a, sp.MatrixBase) and self._within_rounded_operands(right, a):
            # "θ^(2×63/128) = θ^0.984": the side restates the other with a rounded decimal in it
            return say("rounded", R("sides-equal-rounded"), show(a))
        say("wrong", R("sides-differ", a=show(a), b=show(b)), show(a))

    def _unit_claim(self, seg, chain, left: Node, right: Node, ev) -> bool:
        """``70×10^9 parameters × 2 Bytes/parameter = 14GB``: both sides with the units the line writes
        as quantities (see :mod:`symattn.check.units`), the printed number judged in its unit under
        each reading.  The claim is a witness of lesser standing (``unit_claims``, filled in where no
        other verdict stands: an end-to-end one knows more).  Was the line judged so?"""
        def given(raw):
            try:
                ev.eval(Name(raw))
            except Unresolved:
                return False
            return True
        found = units.readings(left, right, f"{chain.source}\n{self._line_text(seg)}", given, ev.eval)
        number = numerals.read(found[0].text) if found is not None else None
        if number is None:
            return False
        num, readings = found
        at = 0 if number.places == 0 else None
        unit = "".join(n.raw for n in walk(right) if isinstance(n, Name))
        what = f"{pretty(left)} = {pretty(right)}"
        line = self._printed_line(seg, num.text)

        def say(status, reason, expected):
            self.unit_claims.append(stated(line, chain.source, status, what, reason, expected=expected))

        def agrees(r):   # within the rounding of the print, from some value the rounded operands reach
            p = mpmath.mpf(number.value.p) / number.value.q
            x = min(max(p, to_mpf(r.low, 30)), to_mpf(r.high, 30))
            return verdict(number, x, at).status != "wrong"
        if any(same(r.value, num.value) for r in readings):
            say("exact", R("sides-equal"), num.text)
        elif any(agrees(r) for r in readings):
            say("rounded", R("sides-equal-rounded"), num.text)
        else:
            # (the witness: the reading nearest the print, the one the author most likely took; of the
            # two prefixes, the decimal one unless the unit is written binary, GiB)
            kept = [r for r in readings if r.how != ("decimal" if "i" in unit else "binary")] or readings
            values = [to_mpf(r.value, 30) for r in kept]
            near = min(values, key=lambda x: abs(mpmath.log(abs(x) / abs(number.value))) if x and number.value else 0)
            right_value = right_text(number, near, at)
            say("wrong", R("sides-differ", a=f"{pretty(left)} = {right_value} {unit}", b=f"{num.text} {unit}"),
                right_value)
        return True

    def _line_text(self, seg) -> str:
        """The article's line where ``seg`` starts, whole (a segment's source is cut to 160 characters)."""
        lines = self.doc.lines
        return lines[seg.line - 1] if 0 < seg.line <= len(lines) else seg.source

    def _whole_count(self, line: int, chain, what, printed: str, how, value) -> None:
        """The print stands as a count of whole items of ``value`` (see :meth:`_counted`)."""
        self.claims.append(stated(line, chain.source, "rounded", what,
                                  R("whole-count", printed=printed, how=how, exact=show(value)), expected=printed))

    def _counted(self, seg, texts, claimed, truth) -> bool:
        """Is the print an integer count of whole items (a count word right after it, ``≈ 50 条``) that
        is the floor or the ceiling of a value that is no integer?"""
        if not (isinstance(texts, str) and numerals.places_of(texts) == 0 and getattr(truth, "is_number", False)
                and getattr(claimed, "is_Integer", False)) or truth.is_integer:
            return False
        if claimed not in (sp.floor(truth), sp.ceiling(truth)):
            return False
        line = self._line_text(seg)
        return any(COUNT_WORDS.match(line, m.end())
                   for m in re.finditer(rf"(?<![\d.,]){re.escape(texts)}(?![\d.,])", line))

    def _within_rounded_operands(self, node: Node, value) -> bool:
        """Does a scalar side reach ``value`` when each of its decimals of three places or more (at most
        six) moves within half a unit of its last place?"""
        import itertools
        rounded = [n for n in walk(node) if isinstance(n, Num) and re.fullmatch(r"[-−]?\d+\.\d{3,}", n.text)]
        if not rounded or len(rounded) > 6 or not getattr(value, "is_number", False):
            return False
        ev = Evaluator(self.table, Mode.EXACT, self.conv)
        corners = []
        for signs in itertools.product((-1, 1), repeat=len(rounded)):
            moved = node
            for n, sign in zip(rounded, signs):
                moved = _replace_num(moved, n, Num(n.value + sign * sp.Rational(1, 2 * 10 ** len(n.text.split(".")[1])),
                                                   n.text))
            try:
                corners.append(float(ev.eval(self._identify(moved))))
            except (Unresolved, TypeError, ValueError):
                return False
        return min(corners) <= float(value) <= max(corners)

    def _shape_claim(self, seg, shape: Shape) -> None:
        try:
            target = pretty(self._identify(Op("T", (shape.node,))).args[0]) if isinstance(shape.node, Lit) \
                else pretty(shape.node)
        except Unresolved:
            target = pretty(shape.node)
        what, source, claimed = R("shape-of", name=target), _shape_source(shape), [shape.rows, shape.cols]

        def say(status, reason, expected=None, entries=()):
            self.claims.append(stated(seg.line, source, status, what, reason, claimed=claimed, expected=expected,
                                      entries=entries) if status != "unverifiable"
                               else unverifiable(seg.line, source, reason, what=what, claimed=claimed))

        try:
            value = Evaluator(self.table, Mode.AUTHOR, self.conv, seg.line).eval(shape.node)
        except Unresolved as exc:
            return say("unverifiable", R("cannot-compute-shape", why=exc.reason))
        if not isinstance(value, sp.MatrixBase):
            return say("wrong", R("annotated-number"))
        expected = [value.rows, value.cols]
        symbolic_rows = value.cols == 1 and any(e.free_symbols for e in value)
        if value.rows == shape.rows and value.cols == shape.cols:
            say("exact", R("matrix-is", rows=value.rows, cols=value.cols), expected)
        elif symbolic_rows and value.rows == shape.rows:
            say("unverifiable", R("rows-agree-width-unknown", rows=value.rows,
                                  names=sorted({str(s) for e in value for s in e.free_symbols})))
        else:
            say("wrong", R("annotated-shape", rows=shape.rows, cols=shape.cols, vrows=value.rows, vcols=value.cols),
                expected, [{"entry": "shape", "line": seg.line, "claimed": f"{shape.rows}x{shape.cols}",
                            "exact": f"{value.rows}x{value.cols}", "correct": f"{value.rows}x{value.cols}"}])

    def _narrative(self, seg: Segment) -> None:
        if seg.before == "percent":
            return self._unverifiable(seg, seg.text, R("prose-percentages"))
        row = _row_reference(seg.before)
        if row is not None:
            earlier = [m for m in self.matrices if m[0] <= seg.line and m[2].rows >= row]
            try:
                node = parse_chains(seg.text)[0].parts[0]
            except (ParseError, IndexError):
                node = None
            if earlier and isinstance(node, Lit) and node.value.cols == earlier[-1][2].cols:
                line, what, value = earlier[-1]
                truth = sp.ImmutableMatrix([list(value.row(row - 1))])
                cmp = compare(node.texts, node.value, truth, "≈" if has_decimals(node) else "=")
                of = R("row-of-at", row=row, of=what or R("the-matrix"), line=line)
                self.claims.append(build(seg.line, seg.text, of, texts_out(node.texts),
                                         _judgements(cmp, f"row {row}", seg.line), how=of, expected=show(truth)))
                return
        quoted = self._quoted(seg)
        if quoted is not None:
            return self.claims.append(quoted)
        if seg.before != "run":   # (a run of decimals that quotes nothing is prose: no claim)
            self._unverifiable(seg, seg.text, R("prose-numbers"))

    def _quoted(self, seg: Segment) -> Claim | None:
        """A run of decimals in the prose that quotes entries of a block printed just above ("such as
        1.4950, 1.4574, 1.0865" under ``tensor([0.9544, 1.4950, 1.4754, …])``), each of three significant
        digits or more: every number but one is an entry
        of it as printed, and that one is an entry with two digits swapped or one digit changed -- a
        miscopy, wrong with the printed entry as its witness.  Any other list stays unread."""
        nums = re.findall(r"[-−]?\d+\.\d+", seg.text)
        if seg.before != "run" or len(nums) < 3 or any(significant(x) < 3 for x in nums):
            return None   # (short data, 0.4 or 0.9, is as often another number as a miscopied one)
        for b in sorted((b for b in self.blocks if b.end < seg.line and seg.line - b.end <= 12),
                        key=lambda b: -b.end):
            entries = [t.strip().replace("−", "-") for row in b.texts for t in row]
            odd = [x for x in nums if x.replace("−", "-") not in entries]
            if len(odd) != 1:
                continue
            x = odd[0].replace("−", "-")
            near = [e for e in entries if e not in nums and len(e) == len(x) and
                    (sorted(e) == sorted(x) or sum(a != c for a, c in zip(e, x)) == 1)]
            if len(near) != 1:
                return None
            what = R("restates-print", line=b.line)
            judged = [Judgement((0, 0), "value", odd[0], seg.line, None, near[0], "wrong", "", near[0])]
            return build(seg.line, seg.text, what, [odd[0]], judged, how=what, expected=near[0])
        return None


def _model_scale(value, truth) -> bool:
    """Is a stated size a model's beside a toy example's: 16 or more, and four times the toy's or
    more (d_k = 768 beside keys two wide is no slip for 2)?"""
    return bool(value.is_Integer and truth.is_Integer and value >= 16 and value >= 4 * truth) \
        if isinstance(value, sp.Basic) and isinstance(truth, sp.Basic) else False


def _judgements(cmp, what: str, line: int) -> list[Judgement]:
    """The compared entries of the notation pass as judgements for the verdict builder."""
    out = []
    for e in cmp.entries:
        idx = f"[{e.index[0] + 1},{e.index[1] + 1}]" if e.index else ""
        label = (what + idx) if what else (idx or "value")
        text = text_of(e.exact)
        out.append(Judgement(e.index or (0, 0), label, e.text, None, None, text, e.status, e.reason,
                             e.correct or text, approx(e.exact, text=text)))
    return out


_DIM = r"\(?\s*(\d+)\s*(?:\\times|×|x|\\cdot|·)\s*(\d+)\s*\)?"
_SHAPE_PRODUCT = re.compile(rf"^\s*\(\s*(\d+)\s*(?:\\times|×|x)\s*(\d+)\s*\)\s*(?:(?:\\cdot|·|\\times|×)\s*)?"
                            rf"\(\s*(\d+)\s*(?:\\times|×|x)\s*(\d+)\s*\)\s*(?:=|\\to|→|\\rightarrow)\s*{_DIM}\s*$")


def _magnitude_print(node: Node):
    """(number, letter) when ``node`` is a number times a magnitude letter (``4·M``, ``8.25·M``), else None."""
    if isinstance(node, Op) and node.op == "mul" and len(node.args) == 2:
        num, letter = node.args
        if isinstance(num, Num) and isinstance(letter, Name) and letter.raw.strip() in ("K", "M", "B", "G", "T"):
            return num, letter
    return None


def _rounded_print(text: str, approximated) -> bool:
    """Is this decimal operand possibly a rounded print: three significant digits or more, or a
    number the article prints after ≈ (two digits alone, 0.2 or 3.5, are as often data)?"""
    return "." in text and (significant(text) >= 3 or text.lstrip("-−") in approximated)


def _replace_num(node: Node, old: Node, new: Node) -> Node:
    """The tree with the printed number or list ``old`` (that node) replaced by ``new``."""
    if node is old:
        return new
    if isinstance(node, Op):
        return Op(node.op, tuple(_replace_num(a, old, new) for a in node.args))
    return node


def _half(text: str) -> float:
    """Half a unit in the last place of a printed number (0 for an integer)."""
    m = re.search(r"\.(\d+)", text)
    h = float(half_unit(len(m.group(1)))) if m else 0.0
    return h / 100 if "%" in text else h   # 0.0003% is printed to 4 decimals of a percent


#: a size or time unit after a number, in plain text or LaTeX (``6 GB``, ``56.45\\text{ GB}``)
_UNIT_AFTER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*(?:\\,|\\ )?\s*(?:\\(?:text|mathrm)\{\s*)?([KMGT]i?B|ms|s)\b")


#: words that make what follows on the line a supposition ("If head_size = 16, the variance is 16")
_CONDITIONAL = re.compile(r"(?:\b(?:[Ii]f|[Ww]hen|[Ss]uppose|[Aa]ssume|[Ww]enn|[Ss]i|[Ss]e|[Ее]сли|[Кк]огда)|如果|假如|假设|若|만약|もし)"
                          r"[\s*_`$]*$")


def _one_unit(source: str) -> str | None:
    """The unit every number of a line's arithmetic carries (``6 GB + 56.45 GB ≈ 87 GB``), or None."""
    numbers = re.findall(r"(?<![\w.{])\d+(?:\.\d+)?(?![\w.])", re.sub(r"\\(?:text|mathrm)\{[^{}]*\}", " ", source))
    units = [m.group(1) for m in _UNIT_AFTER.finditer(source)]
    return units[0] if len(units) >= 2 and len(set(units)) == 1 and len(units) == len(numbers) else None


#: words after a number that carry a scale (a size, a time, a rate): the number is in that unit
_SCALED_WORD = re.compile(r"(?i)(?:[KMGTP]i?B|kB|[KMGTPE](?:i?B)?|[mnuµ]?s|secs?|seconds?|min(?:ute)?s?|hours?|"
                          r"days?|[kMGTPE]flops?|%|percent)$")


def _without_prose_tail(node: Node, source: str) -> Node | None:
    """A side that ends in a number times words (``1.52e25·total FLOPs``) without the words, when the
    source writes them right after the number and the first of them carries no scale (bytes, FLOPs,
    parameters, "in all"; not GB, ms or million); else None."""
    if not (isinstance(node, Op) and node.op == "mul" and isinstance(node.args[-1], Name)
            and isinstance(node.args[-2], Num)):
        return None
    words = node.args[-1].raw.split()
    if not words or not re.fullmatch(r"[^\W\d_]{2,}", words[0]) or _SCALED_WORD.match(words[0]) or \
            numerals.SCALE_WORD.match(words[0]):
        return None
    # (the words end the equation: "= 503316480000 FLOPs = 504 GFLOPs" goes on in another unit;
    # the number as the source writes it, its thousands grouped or not: "= 16,777,216 scores")
    source = re.sub(r"(?<=\d)[,\u202f\u00a0'](?=\d{3}(?!\d))", "", source)
    at = re.search(rf"(?<![\w.]){re.escape(node.args[-2].text)}[ \t`$*]*{re.escape(words[0])}\b", source)
    if at is None or re.search(r"=|≈|\\approx", source[at.end():]):
        return None
    rest = node.args[:-1]
    return rest[0] if len(rest) == 1 else Op("mul", rest)


def _in_unit(node: Node, unit: str) -> Node:
    """The tree with the unit's name read as 1 (the arithmetic in that unit), still written as the unit."""
    if isinstance(node, Name) and node.raw == unit:
        return Num(sp.Integer(1), unit)
    if isinstance(node, Op):
        return Op(node.op, tuple(_in_unit(a, unit) for a in node.args))
    return node


def _substitute(node: Node, name: str, value: int) -> Node:
    """The tree with the index ``name`` replaced by the number ``value``."""
    if isinstance(node, Name) and node.raw == name:
        return Num(sp.Integer(value), str(value))
    if isinstance(node, Op):
        return Op(node.op, tuple(_substitute(a, name, value) for a in node.args))
    return node


def _worked_cells(node) -> bool:
    """A printed matrix with arithmetic in its cells (``2 (2 + 4)``), numbers only."""
    return isinstance(node, Lit) and isinstance(node.value, sp.MatrixBase) and not node.value.free_symbols \
        and any(re.search(r"\d\s*(?:[+*×]|\\cdot|\\times|\\left\(|\()", t) and
                not re.search(r"\\frac|\\sqrt|e\^|\\exp|\\infty", t) for row in node.texts for t in row)


def _named_cells(lit) -> bool:
    """A printed matrix whose cells are names (``[x_Ala; x_Lys]``, the heads side by side): a layout,
    not numbers."""
    if is_block_matrix(lit):
        return True
    value = _literal(lit)[1]
    return isinstance(value, sp.MatrixBase) and bool(value.free_symbols)


def _own_names(items) -> frozenset:
    """Names that alias a well-known quantity (Z for the output) but that the article defines by
    another formula while it also writes the usual name (O = A V beside Z = S̃ + B): its own quantity."""
    formulas: dict[str, dict[str, Node]] = {}
    for _, chain, _ in items:
        if chain is None or chain.unsupported or len(chain.parts) < 2 or not isinstance(chain.parts[0], Name):
            continue
        expr = next((p for p in chain.parts[1:] if p is not None and not _is_literal(p)
                     and any(isinstance(n, Name) for n in walk(p))), None)
        if expr is not None:
            raw = chain.parts[0].raw
            formulas.setdefault(canon(raw), {}).setdefault(flat_of(raw), expr)
    own = set()
    for key, by_name in formulas.items():
        if key in FORMULAS and any(expr == FORMULAS[key] for expr in by_name.values()):
            # the usual name keeps the usual meaning; another capital name with another formula is its own
            own |= {flat for flat, expr in by_name.items() if expr != FORMULAS[key] and flat[:1].isupper()}
    return frozenset(own)




def _shown_shapes(items) -> list[tuple[int, tuple[int, int]]]:
    """(line, shape) of every matrix printed as a value (the last printed matrix of each chain)."""
    out = []
    for seg, chain, _ in items:
        if chain is None or chain.unsupported:
            continue
        mats = [_literal(p)[1] for p in chain.parts if p is not None and _is_literal(p)]
        mats = [m for m in mats if isinstance(m, sp.MatrixBase)]
        if mats:
            out.append((seg.line, tuple(mats[-1].shape)))
    return out


def _own_quantity(head: Name, exprs: list, lits: list = ()) -> bool:
    """``A_1 = softmax(...)``, ``O_2 = A_2 V_1``, ``M_1 = [2×2 matrix]``: a capital letter with one
    index that the article defines by a matrix computation, or sets to a matrix of several rows and
    columns (no entry, no row of A is one), is a quantity of its own (a head, a block), not row 1 of A;
    so is any letter with one index whose vector the chain writes as functions of numbers
    (``q_1 = [\\cos 1, \\sin 1, …]``: q rotated to position 1, not row 1 of q)."""
    base, _, index = head.raw.partition("_")
    if not (len(base) == 1 and base.isalpha() and index.strip("{}").isdigit()):
        return False
    if any(isinstance(v, sp.MatrixBase) and v.rows == 1 and any(e.has(sp.sin, sp.cos, sp.exp) for e in v)
           for v in (_literal(p)[1] for p in lits)):
        return True
    if not base.isupper():
        return False
    if any(isinstance(n, Op) and n.op in ("mul", "softmax", "softmax_cols", "T", "div") for e in exprs for n in walk(e)):
        return True
    values = [_literal(p)[1] for p in lits]
    return any(isinstance(v, sp.MatrixBase) and v.rows > 1 and v.cols > 1 for v in values)


def _shape_product(source: str):
    """``(3 \\times 4)(4 \\times 3) = 3 \\times 3``: the shapes of a product, as six integers."""
    m = _SHAPE_PRODUCT.match(source)
    return tuple(int(g) for g in m.groups()) if m else None


def _is_scaling_node(node: Op) -> bool:
    d = node.args[1]
    return isinstance(d, Op) and d.op == "sqrt" and isinstance(d.args[0], Name) and canon(d.args[0].raw) == "d_k"


def _free(value) -> set:
    entries = list(value) if isinstance(value, sp.MatrixBase) else [value]
    return set().union(*(getattr(e, "free_symbols", set()) for e in entries)) if entries else set()


def _has_names(value) -> bool:
    """A printed value with letters in it (free symbols)."""
    entries = list(value) if isinstance(value, sp.MatrixBase) else [value]
    return any(getattr(e, "free_symbols", None) for e in entries)


def _mentions(node: Node, key: str) -> bool:
    return any(isinstance(n, Name) and canon(n.raw) == key for n in walk(node))


def _scientific(node: Node):
    """A side written as a mantissa times an integer power of ten (``1.9 \\times 10^{-65}``), as
    the printed number it is (:func:`symattn.check.numerals.read`, scientific), or None; a number
    written in e-notation (``1.52e25``) is one too."""
    if isinstance(node, Num):
        number = numerals.read(node.text)
        return number if number is not None and number.scientific else None
    if not (isinstance(node, Op) and node.op == "mul" and len(node.args) == 2):
        return None
    m, p = node.args
    if not (isinstance(m, Num) and isinstance(p, Op) and p.op == "pow" and len(p.args) == 2):
        return None
    base, exp = p.args
    sign = ""
    if isinstance(exp, Op) and exp.op == "neg" and len(exp.args) == 1:
        sign, exp = "-", exp.args[0]
    if not (isinstance(base, Num) and base.value == 10 and isinstance(exp, Num) and exp.value.is_Integer):
        return None
    return numerals.read(f"{m.text}e{sign}{exp.text}")


def _min_decimals(node: Node) -> int:
    ds = [numerals.places_of(n.text) or 0 for n in walk(node) if isinstance(n, Num)]
    ds += [numerals.places_of(t) or 0 for n in walk(node) if isinstance(n, Lit) for row in n.texts for t in row]
    ds = [d for d in ds if d]
    return min(ds) if ds else 0


def _magnitude(value) -> sp.Expr:
    values = list(value) if isinstance(value, sp.MatrixBase) else [value]
    mags = [abs(sp.N(v, 20)) for v in values if v.is_number]
    return max(mags) if mags else sp.Integer(1)


def _shape_source(shape: Shape) -> str:
    if shape.text.startswith(r"\shape"):
        return f"(shape {shape.rows} × {shape.cols})"
    return shape.text

