r"""Judge every binding end to end, and say why a wrong one is wrong.

Input: what :mod:`.binder` bound, and the article's variant (:mod:`.conventions`).
Output: one :class:`~symattn.check.claims.Claim` per printed block: bound blocks judged against the
exact value of their quantity from the example's first givens, unbound ones unverifiable with the
reason; and the givens as definitions.

Which member of a binding's group the verdict is about: the one that later prints build on (a print
of K Qᵀ whose softmax the article takes next is the scores done wrong, not Q Kᵀ printed
transposed), else the one closest to the article's own variant.

The cause of a wrong print (the verdict is the same whatever the cause: the reader's numbers are
wrong):

* a node the article's own variant does not compute (÷d_k where it divides by √d_k, softmax over
  columns, K Qᵀ): the first print on that branch is the slip, with the mistake named; later prints
  on it are ``carried`` from it;
* a print that agrees with the value from the author's own earlier prints of its operands: carried
  from the first of them that is wrong, else ``drift`` (right from rounded operands);
* anything else is a slip at this print (``truncated`` when every wrong entry was cut off).
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import sympy as sp

from ..claims import Claim, Reason
from ..consistency import sanity_rows, shift_pairs
from ..numerals import places_of, read
from ..judge import block_places, half_unit, screen_mask
from ..verdict import judged, unverifiable
from .code import code_prints
from .binder import Binding, Bound, Candidate, View
from .conventions import mistake_codes
from .explain import exact as exact_step
from .graph import CHOICES, ONLY_BY, Node, PARENTS, UPSTREAM, Variant

__all__ = ["verdicts", "definitions", "code_claims", "WHAT"]

#: how the report names each step
WHAT = {"KT": "q-KT", "scores": "q-scores", "scaled": "q-scaled", "masked": "q-masked", "exp": "q-exp",
        "weights": "q-weights", "output": "q-output"}


def verdicts(bound: Bound, variants: list[Variant], doc, said=None, known=None) -> list[Claim]:
    """Claims on every block; ``variants``: each example's own (:func:`.conventions.decide`);
    ``said``: what the article states (:class:`.conventions.Stated`), for the diagnosis; ``known``:
    prints another stage judged, id(block) -> (wrong, root line, right value)."""
    _choose(bound.bindings, variants, bound.families)
    claims: list[Claim] = []
    at: dict[int, Claim] = {}          # block line -> its claim, for carried roots
    truth: dict[int, object] = {id(g.block): g.block.matrix() for g in bound.givens}   # id(block) -> exact
    roots: dict[int, int] = {}         # id(block) -> the line of the first slip, for a print judged elsewhere
    for key, (wrong, root, right) in (known or {}).items():
        if right is not None and key not in truth:
            truth[key] = right    # a print's exact value end to end, not its rounded digits
            if wrong:
                roots[key] = root
    for x in (*bound.bindings, *bound.explained, *bound.unbound):
        _assembled(x.block, truth, roots)
    lonely = {id(u.block) for u in bound.unbound}   # prints no binding takes
    done: set[int] = set()                           # and those a matrix of token rows judged
    # rows printed one per token that a bound matrix of them holds, and that no binding takes alone
    # (explained from the author's own prints, or premises): judged end to end as the matrix's rows;
    # their explanation is the diagnosis, kept only where the matrix says nothing of them
    alone = {id(b.block) for b in bound.bindings}
    held = {id(p) for b in bound.bindings if b.block.parts for p in b.block.parts} - alone
    lonely |= held
    deferred: dict[int, list] = {}
    items = sorted([(b.block.line, 0, k, b) for k, b in enumerate(bound.bindings)] +
                   [(e.block.line, 1, k, e) for k, e in enumerate(bound.explained)], key=lambda t: t[:3])
    for _, explained, _, item in items:
        if explained:
            claim = _judge_explained(item, truth, at, doc, roots)
            if id(item.block) in held and not item.block.parts:
                deferred[id(item.block)] = [claim, *_miscopied(item, truth)]
                continue
            claims += _miscopied(item, truth)
        else:
            claim = _judge(item, bound, variants[item.example], at, doc, said, truth)
        if item.block.parts:
            # rows printed one per token are judged where they are printed: by another stage, or, where
            # none binds them, as the rows of the matrix they make
            if not explained and claim.status != "unverifiable" and id(item.block) in truth:
                claims += _part_claims(item.block, truth[id(item.block)], claim, lonely, done)
            continue
        claims.append(claim)
        for line in claim.lines or [claim.line]:
            at.setdefault(line, claim)
    for key, kept in deferred.items():
        if key not in done:
            claims += kept
            for line in kept[0].lines or [kept[0].line]:
                at.setdefault(line, kept[0])
    for m in bound.miscopied:
        claims.append(_written_again(m, truth))
    for u in bound.unbound:
        if u.block.parts or id(u.block) in done:
            continue
        lines = sorted({e.line for r in u.block.rows for e in r})
        claims.append(unverifiable(u.block.line, u.block.source, Reason.of(u.reason, **u.data), lines=lines,
                                   claimed=[list(r) for r in u.block.texts]))
    return claims


def _places(block) -> int | None:
    """The precision a block's integers are read at: its largest decimals; for a print of integers
    only after ``≈`` (``softmax([...]) ≈ [0, 0, 1]``), its units."""
    places = block_places(block.rows)
    return 0 if places is None and re.search(r"(?:≈|\\approx|~=?)\s*$", block.before) else places


def _part_claims(block: Block, exact, claim: Claim, lonely: set, done: set) -> list[Claim]:
    """A claim on each row of a matrix of token rows that nothing else binds: that row of the matrix's
    value end to end, with the matrix's cause."""
    out = []
    for i, part in enumerate(block.parts):
        if id(part) not in lonely or getattr(exact, "shape", None) != block.shape:
            continue
        what = Reason.of("row-of", row=i + 1, of=claim.what)
        out.append(judged(part.line, part.source, what, part.rows, [[exact[i, j] for j in range(exact.cols)]],
                          how=what, lines=[part.line], places=block_places(part.rows), cause=claim.cause or "slip",
                          root=claim.root))
        done.add(id(part))
    return out


def _assembled(block: Block, truth: dict, roots: dict) -> None:
    """A matrix of rows printed one per token whose every row another stage judged: its value end
    to end is theirs, stacked, and it is wrong from the first of them that is."""
    if not block.parts or id(block) in truth or not all(id(p) in truth for p in block.parts):
        return
    rows = [truth[id(p)] for p in block.parts]
    if any(getattr(r, "shape", None) != (1, block.shape[1]) for r in rows):
        return
    truth[id(block)] = sp.ImmutableMatrix.vstack(*rows)
    wrong = [roots[id(p)] for p in block.parts if roots.get(id(p))]
    if wrong:
        roots[id(block)] = min(wrong)


def definitions(bound: Bound) -> list[tuple[int, Reason]]:
    return [(g.block.line, Reason.of("given", name="Kᵀ" if g.step == "KT" else g.step, rows=g.block.shape[0],
                                     cols=g.block.shape[1]))
            for g in bound.givens if g.how not in ("restated", "row")]


def _choose(bindings: list[Binding], variants: list[Variant], families: list[int]) -> None:
    """Set each binding's member: the node later prints build on, else the closest to the article."""
    wanted: dict[int, set] = {}
    for b in reversed(bindings):
        article = variants[b.example]
        want = wanted.setdefault(families[b.example], set())
        pool = [c for c in b.group if c.node in want] or list(b.group)
        b.choice = min(pool, key=lambda c: (len(c.node.mistakes(article)), _by_mistake(c.node), c.view.transposed,
                                            c.view.kind != "whole"))
        want |= _ancestors(b.choice.node)


def _by_mistake(node: Node) -> bool:
    """Does a choice of the node's variant only come from a mistake (not from a convention)?"""
    return any((ch, getattr(node.variant, ch)) in ONLY_BY for ch in CHOICES)


def _ancestors(node: Node) -> set:
    out, todo = set(), [node]
    while todo:
        n = todo.pop()
        for p in PARENTS.get(n.step, ()):
            parent = Node(p, n.variant)
            if parent not in out:
                out.add(parent)
                todo.append(parent)
    return out


def _judge_explained(e, truth: dict, at: dict, doc, roots: dict) -> Claim:
    """A block one step from earlier prints gives: against that step on what the operands truly are
    (their exact values where the article determines them, else their printed values, the article's
    own premises)."""
    block, why = e.block, e.why
    lines = sorted({x.line for r in block.rows for x in r})
    operands = [_plain(truth.get(id(o), o.matrix())) for o in why.operands]
    what = Reason.of("softmax-of-print" if why.op == "softmax" and len(why.operands) == 1 else "operands-give",
                     lines=sorted({o.line for o in why.operands}))
    if why.replaces:   # the product of the print an operand copies: the print is the operand taken
        what = Reason.of("product-of-print", line=why.replaces[0][1].line)
    # over columns: a mistake, but for a vector printed as a column, whose softmax is over its entries
    column = why.op == "softmax-cols" and all(o.shape[1] == 1 for o in why.operands)
    step = replace(why, op="softmax") if why.op == "softmax-cols" and not column else why
    try:
        value = exact_step(step, operands)
    except (ValueError, TypeError, ZeroDivisionError):
        value = None
    if value is None or value.shape != block.shape:
        return unverifiable(block.line, block.source, Reason.of("not-determined"), what=what, lines=lines)
    truth[id(block)] = value
    values = [[value[i, j] for j in range(value.cols)] for i in range(value.rows)]
    claim = judged(block.line, block.source, what, block.rows, values, how=what, lines=lines,
                   places=_places(block))
    if claim.status != "wrong":
        return claim
    wrong = [_root(at[o.line]) for o in why.operands if o.line in at and at[o.line].status == "wrong"]
    wrong += [roots[id(o)] for o in why.operands if id(o) in roots and roots[id(o)]]
    if why.op == "softmax-cols" and not column:
        cause, root, mistakes, drift = "slip", None, (Reason.of("softmax-over-columns"),), ()
    elif why.op == "softmax" and len(why.operands) == 1 and _row_normalised(block, why.operands[0]):
        cause, root, mistakes, drift = "slip", None, (Reason.of("normalised-without-exp"),), ()
    elif why.full and wrong:
        cause, root, mistakes, drift = "carried", wrong[0], (), ()
    elif why.full:
        cause, root, mistakes, drift = "drift", None, (), tuple(sorted({o.line for o in why.operands}))
    else:
        cause, root, mistakes, drift = "slip", None, (), ()
    claim = judged(block.line, block.source, what, block.rows, values, how=what, lines=lines,
                   places=_places(block), cause=cause, root=root, mistakes=mistakes, drift_lines=drift)
    if cause == "drift":
        claim = replace(claim, drift=Reason.of("stepwise-right", lines=list(drift)))
    return claim


def _row_normalised(block, operand) -> bool:
    """Is the print its operand divided by the operand's row sums, at the printed precision (the
    scores normalised without the exponentials)?"""
    f = operand.floats
    if f.shape != block.shape or (f < 0).any():
        return False
    with np.errstate(all="ignore"):
        mask = screen_mask(block.rows, f / f.sum(axis=1, keepdims=True))
    return mask is not None and bool(mask.all())


def _miscopied(e, truth: dict) -> list[Claim]:
    """Each operand written beside a product's result that copies an earlier print with a slip
    (:func:`.explain.copied`): judged as that print written again, its exact value end to end where
    the article determines it; the entry copied wrongly is the slip."""
    out = []
    for w, p in e.why.replaces:
        value = truth.get(id(p), p.matrix())
        if getattr(value, "shape", None) != w.shape:
            continue
        values = [[value[i, j] for j in range(value.cols)] for i in range(value.rows)]
        what = Reason.of("restates-print", line=p.line)
        out.append(judged(w.line, w.source, what, w.rows, values, how=what,
                          lines=sorted({x.line for r in w.rows for x in r}), places=block_places(w.rows)))
    return out


def _written_again(m, truth: dict) -> Claim:
    """An input written again with other values that the prints after it refute (:class:`.binder.
    Miscopied`): judged as the input as it was given, its entries that differ the slip."""
    value = truth.get(id(m.was), m.was.matrix())
    values = [[value[i, j] for j in range(value.cols)] for i in range(value.rows)]
    what = Reason.of("input-written-again", name="Kᵀ" if m.step == "KT" else m.step, line=m.was.line,
                     used=m.evidence.line)
    return judged(m.block.line, m.block.source, what, m.block.rows, values, how=what,
                  lines=sorted({x.line for r in m.block.rows for x in r}), places=block_places(m.block.rows))


def _plain(m):
    """An operand as it is, or, when its exact entries grew long (a chain of steps on earlier
    results), as 40-digit numbers: exact enough to judge any printed precision, short enough to print."""
    if all(x.is_Rational or sp.count_ops(x) <= 40 for x in m):
        return m
    return sp.ImmutableMatrix(m.rows, m.cols, lambda i, j: sp.Float(sp.N(m[i, j], 40), 40) if m[i, j].is_finite
                              else m[i, j])


def _judge(b: Binding, bound: Bound, article: Variant, at: dict, doc, said=None, truth=None) -> Claim:
    c: Candidate = b.choice
    block = b.block
    example = bound.examples[b.example]
    truth_node = c.node if b.evidence == "formula" else Node(c.node.step, article)   # as its formula says
    if c.full and not _by_mistake(c.node) and c.node.variant.mask != article.of(c.node.step).mask and \
            all(m.startswith("mask:") for m in c.node.mistakes(article)):
        truth_node = c.node   # every entry is the step under another mask the article may show ("without the window")
    exact = example.exact(truth_node)
    if exact is None and truth_node.variant.mask != "none":
        # a mask the article applies elsewhere has no place in an example whose scores are no square
        # (one query against three keys): the step is the unmasked one
        unmasked = Node(truth_node.step, replace(truth_node.variant, mask="none"))
        exact = example.exact(unmasked)
        if exact is not None:
            truth_node, article = unmasked, replace(article, mask="none")
    lines = sorted({e.line for r in block.rows for e in r})
    what = Reason.of(WHAT[c.node.step]) if c.node.step in WHAT else c.node.step
    if b.label is not None and b.label.step == c.node.step and b.label.name and b.label.row is None:
        what = b.label.name   # the author's own name for it
    if c.view.kind == "row":
        what = Reason.of("row-of", row=c.view.index + 1, of=what)
    if exact is None:
        return unverifiable(block.line, block.source, Reason.of("not-determined"), what=what, lines=lines)
    exact = c.view.take(exact)
    if truth is not None:
        truth[id(block)] = exact
    values = [[exact[i, j] for j in range(exact.cols)] for i in range(exact.rows)]
    cols = [[doc.column(e.pos) if e.pos >= 0 else None for e in r] for r in block.rows]
    cols = cols if all(x is not None for r in cols for x in r) else None
    errors, notes = _remarks(block, c, example, article)
    how = _how(c.node, article, bound, b)
    names = [[f"{what}[{i + 1},{j + 1}]" for j in range(len(r))] for i, r in enumerate(block.rows)] \
        if isinstance(what, str) and c.view.kind == "whole" else None
    claim = judged(block.line, block.source, what, block.rows, values, how=how, lines=lines,
                   places=_places(block), cols=cols, notes=notes, names=names)
    if claim.status != "wrong":
        return claim
    if _within_rounding(claim, block, example, truth_node, c.view):
        return unverifiable(block.line, block.source, Reason.of("within-input-rounding", what=what), what=what,
                            lines=lines)
    cause, root, mistakes, drift = _cause(b, bound, article, at, said)
    if not mistakes and cause == "slip":
        mistakes = _copied(claim, exact, c)
    claim = judged(block.line, block.source, what, block.rows, values, how=how, lines=lines,
                   places=_places(block), cols=cols, cause=cause, root=root, mistakes=mistakes,
                   drift_lines=drift, notes=notes, names=names)
    if cause == "drift":
        claim = replace(claim, drift=Reason.of("stepwise-right", lines=list(drift)))
    if errors:
        claim = replace(claim, reason=Reason.of("reasons", items=[claim.reason] + errors))
    return claim


def _within_rounding(claim: Claim, block, example, node: Node, view) -> bool:
    """Every wrong entry could be right: the givens are rounded prints, and the entry lies within the
    band their rounding leaves open (no witness that it is wrong)."""
    band = example.band(node)
    if band is None:
        return False
    import numpy as np
    lows = view.take(np.array([[np.nan if x is None else float(x[0]) for x in r] for r in band], dtype=float))
    highs = view.take(np.array([[np.nan if x is None else float(x[1]) for x in r] for r in band], dtype=float))
    for x in claim.entries:
        m = re.search(r"\[(\d+),(\d+)\]$", str(x.get("entry", "")))
        if not m:
            return False
        i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
        e, lo, hi = block.rows[i][j], lows[i, j], highs[i, j]
        if e.places is None or np.isnan(lo):
            return False
        p, h = float(e.value), float(half_unit(e.places))
        if not (p - h <= hi + 1e-12 and p + h >= lo - 1e-12):
            return False
    return True


def _remarks(block, c: Candidate, example, article: Variant) -> tuple[list, list]:
    """What a printed softmax says of itself: rows that cannot come from a softmax, rows that must
    be equal (their scores differ by a constant), and row sums off by rounding (notes)."""
    if c.node.step != "weights" or c.view.transposed or c.view.kind not in ("whole", "row"):
        return [], []
    errors, notes = sanity_rows(block.texts)
    if c.view.kind == "whole":
        scores = example.exact(Node("masked", article))
        texts = block.texts
        for i, j, shift in shift_pairs(scores) if scores is not None and scores.shape == block.shape else ():
            if texts[i] != texts[j] and [places_of(t) for t in texts[i]] == [places_of(t) for t in texts[j]]:
                errors.append(Reason.of("shifted-rows", i=i + 1, j=j + 1, c=str(shift), a=list(texts[i]),
                                        b=list(texts[j])))
    return errors, notes


#: each step as a formula of its operands, with the divisor and mask of the article's variant
_FORMULA = {"Q": "X·W_Q", "K": "X·W_K", "V": "X·W_V", "KT": "Kᵀ", "scores": "Q·Kᵀ", "scaled": "Q·Kᵀ{div}",
            "masked": "Q·Kᵀ{div}{mask}", "exp": "exp(Q·Kᵀ{div}{mask})", "weights": "softmax(Q·Kᵀ{div}{mask})",
            "output": "softmax(Q·Kᵀ{div}{mask})·V"}
_DIV = {"sqrt": "/√d_k", "dk": "/d_k", "none": "", "sqrt_dmodel": "/√d_model", "sqrt_stated": "/√d_k"}


def _how(node: Node, article: Variant, bound: Bound, b: Binding):
    """Where the exact value comes from: the step's formula under the article's variant, and the
    lines of the givens it is computed from."""
    formula = _FORMULA.get(node.step, node.step).format(
        div=_DIV.get(article.scale, "/c"), mask=" + M_causal" if article.mask == "causal" else " + M_printed" if article.mask.startswith("printed:")
        else "")   # the mask as a symbol: a formula holds no words (the message catalogue does)
    family = bound.families[b.example]
    used = {}
    needs = {n.step for n in _ancestors(node)} | {node.step}
    needs |= {w for s in ("Q", "K", "V") if s in needs for w in ("X", "W_" + s)}
    for g in bound.givens:
        if g.step in needs and bound.families[g.example] == family and g.how != "restated" \
                and g.block.line <= b.block.line:
            used.setdefault(g.step, g.block.line)
    given = [Reason.of("given-at", name=step, line=line) for step, line in sorted(used.items(), key=lambda t: t[1])]
    return Reason.of("from-inputs", how=formula, given=given) if given else formula


def _copied(claim: Claim, exact, c: Candidate) -> tuple:
    """Wrong entries of Kᵀ that are K's own entries, not the transposed ones (``keys-not-transposed``)."""
    if c.node.step != "KT" or c.view != View():
        return ()
    k = exact.T
    hits = []
    for e in claim.entries:
        m = re.fullmatch(r".*\[(\d+),(\d+)\]", str(e["entry"]))
        if not m:
            return ()
        i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
        printed = read(str(e["claimed"]))     # the author's text: read as a number, never sympified
        if i >= k.rows or j >= k.cols or printed is None or k[i, j] != printed.value:
            return ()
        hits.append(Reason.of("copied-entry", name="K", i=i + 1, j=j + 1, value=str(k[i, j]),
                              right=str(exact[i, j])))
    return (Reason.of("keys-not-transposed-at", copies=hits),) if hits else ()


def _cause(b: Binding, bound: Bound, article: Variant, at: dict, said=None):
    c = b.choice
    mine = set(c.node.mistakes(article))
    if mine:
        for e in bound.bindings:
            if e is b:
                break
            if bound.families[e.example] == bound.families[b.example] and e.choice is not None and set(e.choice.node.mistakes(article)) == mine:
                first = at.get(e.block.line)
                if first is not None and first.status == "wrong":
                    return "carried", _root(first), (), ()
        return "slip", None, mistake_codes(c.node, article, said), ()
    if c.used and c.author is not None and bool(screen_mask(b.block.rows, c.author).all()):
        wrong = [ln for ln in c.used if ln in at and at[ln].status == "wrong"]
        if wrong:
            return "carried", _root(at[wrong[0]]), (), ()
        return "drift", None, (), tuple(c.used)
    first = _follows_from_wrong(b, bound, at)
    if first is not None:
        return "carried", _root(first), (), ()
    return "slip", None, (), ()


def _follows_from_wrong(b: Binding, bound: Bound, at: dict) -> Claim | None:
    """The claim on an earlier wrong print this block follows from, computed from that print alone
    (everything else from the givens): the author carried a wrong step on with its unrounded values,
    so the rounded prints in between do not reproduce this one."""
    c = b.choice
    example = bound.examples[b.example]
    for e in bound.bindings:
        if e is b:
            break
        first = at.get(e.block.line)
        if first is None or first.status != "wrong" or e.choice is None or \
                bound.families[e.example] != bound.families[b.example] or e.choice.node.step not in UPSTREAM[c.node.step]:
            continue
        whole = e.choice.view.back(e.block.floats)
        if whole is None:
            continue
        value, _ = example.author(c.node, {e.choice.node: (e.block.line, whole)})
        if value is not None:
            value = c.view.take(value)
            if value.shape == b.block.shape and bool(screen_mask(b.block.rows, value).all()):
                return first
    return None


def _root(claim: Claim) -> int:
    return claim.root if claim.cause == "carried" and claim.root else claim.line


def code_claims(doc, blocks, comments: bool = False) -> list[Claim]:
    """The output of each array the article's code prints (:func:`.code.code_prints`), judged against
    what the code computes: the code defines the printed value, whatever its name.  A program in
    single precision may differ from the exact value by a few units of float32 in each entry.
    ``comments``: the arrays its comments state (``k = x @ w  # [[0, 1], [4, 0]]``) instead."""
    out = []
    for cp in code_prints(doc, blocks, comments):
        b = cp.block
        values = [[cp.value[i, j] for j in range(cp.value.cols)] for i in range(cp.value.rows)]
        slack = [[abs(float(x)) * 1e-6 if cp.single and x.is_finite else 0 for x in r] for r in values]
        cols = [[doc.column(e.pos) if e.pos >= 0 else None for e in r] for r in b.rows]
        cols = cols if all(x is not None for r in cols for x in r) else None
        out.append(judged(b.line, b.source, cp.expr, b.rows, values,
                          how=Reason.of("code-value", expr=cp.expr, line=cp.line),
                          lines=sorted({e.line for r in b.rows for e in r}), places=block_places(b.rows),
                          slack=slack, cols=cols))
    return out
