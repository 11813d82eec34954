"""Join the notation reader's claims with the block reader's, one verdict per place.

Input: the report of the notation pass (named equations such as ``S = QK^T = [...]``) and the
claims of the block pass (:mod:`symattn.check.bind`).  Output: one report.  Where both read the
same printed matrix, the named claim is kept, and it takes the block's lines, so that a wrong
entry is reported at the line of its own row.  A block claim fills a place that the notation
pass could not read, or read only as unverifiable.
"""

from __future__ import annotations

from dataclasses import replace

import re

from .bind.explain import STEP_ARROW
from .names import ONLINE, hint
from .oldbind import heads_from, per_head
from .claims import Claim, Reason, Report
from .document import Document

__all__ = ["merge", "overlay"]


#: "d_k = 2 per head", "每个头": the line speaks of one head of several
_ONE_HEAD = re.compile(r"\b(?:per|each|every|one|a single)\s+(?:attention\s+)?head\b|每个头|每个注意力头|单个头"
                       r"|ヘッドごと|각 헤드|por cabeza|par tête|pro Kopf", re.I)


def _running(c: Claim, doc: Document) -> Claim:
    """A wrong claim on a named output (``o = [23.68]``) where the section computes attention in
    blocks of keys: a running accumulator, so the value over all keys is no witness."""
    if c.status != "wrong" or not 0 < c.line <= len(doc.lines) or \
            "output" not in (hint([f"{c.label} ="]), hint([c.source or ""])) or not ONLINE.search(doc.section_text(c.line)):
        return c   # (the weights it ends with, o / ℓ, are the softmax's own)
    return replace(c, status="unverifiable", entries=[], mistakes=(), cause="", root=None,
                   reason=Reason.of("running-accumulator"))


def _row_of(entry: dict) -> int | None:
    m = re.search(r"\[(\d+)(?:,\s*\d+)?\]$", str(entry.get("entry", "")))
    return int(m.group(1)) if m else None


def merge(report: Report, block_claims: list[Claim], inputs, blocks, doc: Document, notes=()) -> Report:
    claims = list(report.claims)
    heads = heads_from(doc.text)
    raw = doc.lines
    for k, c in enumerate(claims):
        said_of_a_head = 0 < c.line <= len(raw) and bool(_ONE_HEAD.search(raw[c.line - 1]))
        if c.status == "wrong" and heads is not None and c.line >= heads and \
                (per_head(f"{c.label} =") or said_of_a_head):
            # after the article turns to several heads, a named step may be one head's or the
            # concatenation: the single-head value is no witness
            c = replace(c, status="unverifiable", entries=[], mistakes=(), cause="", root=None,
                        reason=Reason.of("per-head-step"))
            claims[k] = c
        else:
            claims[k] = _running(c, doc)
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        by_line.setdefault(c.line, []).append(c)
    block_at = {}
    for b in blocks:
        block_at.setdefault(b.line, []).append(b)
    # named claims take the lines of the block they were read from
    for k, c in enumerate(claims):
        shape = _shape(c.claimed)
        # the printed matrix of a named claim: on its line, or further down its chain
        # (K = [X] [W] = [R] over many lines)
        match = [b for ln in range(c.line, c.line + 60) for b in block_at.get(ln, [])
                 if b.shape == shape and b.texts == _texts(c.claimed)][:1]
        if match:
            b = match[-1]
            c = replace(c, lines=sorted({e.line for r in b.rows for e in r}))
            if c.status == "wrong":
                rows = {_row_of(e) for e in c.entries} - {None}
                c = replace(c, wrong_lines=sorted({b.rows[i - 1][0].line for i in rows if 0 < i <= len(b.rows)}) or [c.line])
                for e in c.entries:   # each wrong entry at the line of its own row
                    i = _row_of(e)
                    if i and 0 < i <= len(b.rows):
                        e.setdefault("line", b.rows[i - 1][0].line)
        if not c.lines:
            c = replace(c, lines=[c.line])
        if c.status == "wrong" and not c.wrong_lines:
            c = replace(c, wrong_lines=list(c.lines))
        for e in c.entries:
            e.setdefault("line", c.line)
        if c.status == "wrong" and not c.cause:
            c = replace(c, cause="carried" if c.drift == "carried" else "drift" if c.drift else "slip")
        claims[k] = c
    covered = {}
    for c in claims:
        for ln in c.lines:
            covered.setdefault(ln, []).append(c)
    drop: set[int] = set()
    given = {ln for ln, _ in list(report.definitions) + list(inputs)}
    block_claims = [_running(bc, doc) for bc in block_claims]
    judged = {ln for bc in block_claims if bc.status != "unverifiable" for ln in bc.lines or [bc.line]}
    for bc in block_claims:
        here = [c for ln in bc.lines for c in covered.get(ln, [])]
        known = [c for c in here if c.status != "unverifiable"]
        if known and bc.status == "wrong" and bc.cause in ("drift", "carried") and all(map(_own_arithmetic, known)):
            # right only as arithmetic on the numbers written beside it (0.50·[0, 2] + 0.25·[1, 1] + …),
            # wrong end to end from the quantity those numbers round: the end-to-end verdict stands,
            # the author's arithmetic is its diagnosis (drift or carried)
            drop.update(id(c) for c in here)
            claims.append(bc)
            continue
        if known and bc.status != "unverifiable" and isinstance(bc.claimed, str) and \
                re.fullmatch(r"[-−]?\d[\d,]*(?:\.\d+)?", bc.claimed) and _operands_of(bc) and \
                all(isinstance(c.claimed, str) and c.claimed != bc.claimed and
                    not _operands_of(c) & _operands_of(bc) for c in known):
            claims.append(bc)   # another number of the line (120-104 = 16 beside 52e12 * 2 = 104 GB): both stand
            continue
        if known:
            continue
        if bc.status == "unverifiable" and (here or (given | judged) & set(bc.lines or [bc.line])):
            continue   # the notation pass already says why it cannot check these lines, they are given, or
            # another stage judges them
        drop.update(id(c) for c in here)
        claims.append(bc)
    claims = [c for c in claims if id(c) not in drop]
    claims.sort(key=lambda c: c.line)
    _first_slips(claims)
    definitions = list(report.definitions)
    have = {ln for ln, _ in definitions}
    definitions += [d for d in inputs if d[0] not in have]
    definitions.sort(key=lambda d: d[0])   # stable: the notation pass keeps its order on a line
    return Report(report.file, claims, definitions, list(report.notes) + [n for n in notes if n not in report.notes])


def overlay(report: Report, value_claims: list[Claim], given=()) -> Report:
    """The report with the value binder's verdicts (:mod:`symattn.check.bind`) in the place of the
    claims the other passes made on the same printed block; its unverifiable claims only fill lines
    nothing else covers."""
    claims = list(report.claims)
    ours: set[int] = set()
    for v in value_claims:
        mine = set(v.lines or [v.line])
        shape = _shape(v.claimed)
        # (a product taken of an earlier print an operand beside it copies wrongly is judged from
        # that print: it takes the place of the verdict against the written operands)
        texts = _texts(v.claimed)
        relative = (getattr(v.what, "code", "") in ("operands-give", "softmax-of-print") or
                    getattr(v.what, "code", "") == "product-of-print" and v.status == "wrong") and \
            not any(m.code == "normalised-without-exp" for m in v.mistakes)
        if relative and _from_premises(v, report.claims):
            # the softmax of a premise of the article's own: a pipeline quantity bound to the print by
            # its label alone, from the example's inputs, gives way (another rule's step, a softmax at
            # a stated temperature, stands)
            claims = [c for c in claims if id(c) in ours or not (mine & set(c.lines or [c.line]) and getattr(
                c.what, "code", "") == "with-convention")]
            relative = any(id(c) not in ours and c.status != "unverifiable" and mine & set(c.lines or [c.line])
                           and _texts(c.claimed) == texts for c in claims)
        # (weights that divide the scores by their row sums where a caption or heading says softmax:
        # the softmax is the claim, over "the values divided by their sum")
        if v.status == "unverifiable" or relative:
            # an unbound block, or one explained from earlier prints only (its operands' truth may
            # be unknown): it fills a place no other verdict takes
            here = [c for c in claims if mine & set(c.lines or [c.line]) and id(c) not in ours]
            if relative and here and all(c.status == "unverifiable" for c in here):
                claims = [c for c in claims if all(c is not h for h in here)]
                here = []
            # (two prints on one line joined by an arrow, each explained from the one before it, are
            # two verdicts: "[5, 3, 1] → [10, 6, 2] → probabilities [..]")
            arrow = bool(STEP_ARROW.search(v.source or ""))
            if not here and not any(mine & set(c.lines or [c.line]) and (not arrow or _texts(c.claimed) == texts)
                                    for c in claims if id(c) in ours):
                claims.append(v)
                ours.add(id(v))
            continue
        claims = [c for c in claims if id(c) in ours or not (
            mine & set(c.lines or [c.line]) and (_texts(c.claimed) == texts or _flat_texts(c.claimed) == _flat_texts(v.claimed)
                                                 or (c.status == "unverifiable" and set(c.lines or [c.line]) <= mine)))]
        claims.append(v)
        ours.add(id(v))
    # an input the value binder took as given has no verdict to wait for: another pass's "nothing to
    # compare it with" on it says nothing
    inputs = {ln for ln, _ in given}
    claims = [c for c in claims if not (c.status == "unverifiable" and id(c) not in ours and c.line in inputs)]
    claims.sort(key=lambda c: c.line)
    _first_slips(claims)
    definitions = list(report.definitions)
    have = {ln for ln, _ in definitions}
    definitions += [d for d in given if d[0] not in have]
    definitions.sort(key=lambda d: d[0])
    return replace(report, claims=claims, definitions=definitions)


def _from_premises(v: Claim, claims: list[Claim]) -> bool:
    """Is a print explained as the softmax of an earlier print that no verdict of any pass takes (the
    article's own premise, such as a scores vector made up for a softmax example)?  Then the softmax
    of it is no relative reading: the operand is as given, and its softmax is the claim."""
    what = v.what if isinstance(v.what, Reason) else None
    if what is None or what.code != "softmax-of-print":
        return False
    operands = set(what.get("lines", ()) or ())
    if not operands or operands & set(v.lines or [v.line]):
        return False
    return not any(c.status != "unverifiable" and operands & set(c.lines or [c.line]) for c in claims)


def fill(report: Report, claims: list[Claim]) -> Report:
    """The report with each claim on lines no verdict covers yet (unverifiable claims there give
    way): a witness of lesser standing, which never overrides a verdict."""
    out = list(report.claims)
    for v in claims:
        mine = set(v.lines or [v.line])
        here = [c for c in out if mine & set(c.lines or [c.line])]
        if any(c.status != "unverifiable" for c in here):
            continue
        out = [c for c in out if all(c is not h for h in here)] + [v]
    out.sort(key=lambda c: c.line)
    _first_slips(out)
    return replace(report, claims=out)


def _first_slips(claims: list[Claim]) -> None:
    """A carried claim points at the first slip: follow roots that are carried themselves."""
    by_line: dict[int, Claim] = {}
    for c in claims:
        if c.status == "wrong":
            for ln in c.lines or [c.line]:
                by_line.setdefault(ln, c)
    for k, c in enumerate(claims):
        seen = set()
        old = c
        while c.cause == "carried" and c.root in by_line and by_line[c.root] is not old and c.root not in seen:
            seen.add(c.root)
            up = by_line[c.root]
            if up.cause != "carried" or up.root is None:
                c = replace(c, root=up.line)
                break
            c = replace(c, root=up.root)
        if c is not old:   # claims are frozen: the list and the index take the new one
            claims[k] = c
            for ln in old.lines or [old.line]:
                if by_line.get(ln) is old:
                    by_line[ln] = c


#: an expression of numbers alone: brackets, operators, no name
_NUMBERS_ONLY = re.compile(r"[\d\s.,;\[\]()+\-−·×*/^]+")


def _own_arithmetic(c: Claim) -> bool:
    """A verdict right only as arithmetic on the numbers written beside it: its reason's expression
    is numbers and operators, with no quantity named."""
    how = c.reason.get("how") if isinstance(c.reason, Reason) else None
    return c.status in ("exact", "rounded") and isinstance(how, str) and bool(_NUMBERS_ONLY.fullmatch(how)) and \
        bool(re.search(r"\d\s*[-+−·×*/]|[\])]\s*[-+−·×*/]", how))


def _operands_of(c: Claim) -> set[str]:
    """The numbers of a scalar claim's expression, left of its relation."""
    return set(re.findall(r"\d+(?:\.\d+)?(?:e\d+)?", re.split(r"=|≈", str(c.what))[0]))


def _shape(claimed):
    if isinstance(claimed, list) and claimed and isinstance(claimed[0], list):
        return len(claimed), len(claimed[0])
    return None


def _flat_texts(claimed):
    """The printed numbers of a claim, in order, whatever its layout (a row printed as a list)."""
    if isinstance(claimed, list):
        return tuple(str(x) for r in claimed for x in (r if isinstance(r, list) else [r]))
    return (str(claimed),) if claimed is not None else None


def _texts(claimed):
    if isinstance(claimed, list) and claimed and isinstance(claimed[0], list):
        return tuple(tuple(str(x) for x in r) for r in claimed)
    return None
