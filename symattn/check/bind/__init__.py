r"""Stage *bind*: what each printed block is, decided by its values, and its verdict end to end.

Input: the :class:`~symattn.check.document.Document` and its printed blocks
(:func:`symattn.check.read.read_blocks`).  Output: claims on the blocks, the givens as definitions,
and article-wide notes.

* :mod:`.graph`: the catalogue of one example, every quantity its givens determine under every
  variant (the article's conventions and the common mistakes), on floats and exactly;
* :mod:`.lexicon`: what a label names (evidence only);
* :mod:`.binder`: each block against every candidate, bound by the share of its entries that agree;
* :mod:`.conventions`: the article's scaling and masking, from what it states and what its blocks do;
* :mod:`.verdicts`: each binding judged end to end, with its cause (slip, carried, drift) and the
  common mistake that explains it.

>>> from symattn.check.document import Document
>>> from symattn.check.read import read_blocks
>>> text = "Q = [[1, 2], [3, 1]]\n\nK = [[1, 1], [2, 1]]\n\n[[3, 4], [4, 8]]\n"
>>> claims, given, notes = by_value(Document.of(text), read_blocks(Document.of(text)))
>>> [(c.line, c.status, c.entries[0]["correct"]) for c in claims], [line for line, _ in given]
([(5, 'wrong', '7')], [1, 3])
"""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

import sympy as sp

from ..claims import Claim, Reason
from ..document import Document
from ..read import Block, token_rows
from .binder import bind
from .graph import INPUTS
from .code import code_givens
from .conventions import decide, stated, written_unscaled
from .verdicts import code_claims, definitions, verdicts

__all__ = ["by_value", "article_example", "code_claims"]


_BOUND: "WeakKeyDictionary[Document, tuple]" = WeakKeyDictionary()


def _bound(doc: Document, blocks: list[Block]):
    """(what the text states, what binding found), once per document and its blocks (with the
    matrices that rows printed one per token make, :func:`..read.token_rows`)."""
    key = tuple(id(b) for b in blocks)
    hit = _BOUND.get(doc)
    if hit is None or hit[0] != key:
        said = stated(doc)
        hit = (key, said, bind(_with_token_rows(blocks), said.rank, code_givens(doc), said.dk, beyond=said.beyond, heads=said.heads,
                               identity=said.identity, scaling=said.scaling,
                               program=_program(doc), aliases=dict(said.aliases), softmax_lines=_softmax_lines(doc)))
        _BOUND[doc] = hit
    return hit[1], hit[2]


def by_value(doc: Document, blocks: list[Block], known: dict | None = None, formulas: dict | None = None
             ) -> tuple[list[Claim], list[tuple[int, Reason]], list[Reason]]:
    """(claims, givens as definitions, notes) for the printed blocks of an article; ``known``:
    id(block) -> (wrong, root line, right value) where another stage judged a print (its right value
    is what a step on it truly gives); ``formulas``: id(block) -> the exact value of the formula a
    chain wrote it as the result of (``M_7 = M_3 M_3^T = [..]``)."""
    said, bound = _bound(doc, blocks)
    unbound = {id(u.block) for u in bound.unbound} & set(formulas or ())
    if unbound:
        # prints the binder left alone whose formula a chain wrote: bound again, knowing that value
        bound = bind(_with_token_rows(blocks), said.rank, code_givens(doc), said.dk, beyond=said.beyond, heads=said.heads,
                     identity=said.identity, scaling=said.scaling,
                     truths={k: formulas[k] for k in unbound}, program=_program(doc), aliases=dict(said.aliases),
                     softmax_lines=_softmax_lines(doc))
    family = {f: decide([b for b in bound.bindings if bound.families[b.example] == f], said, _scores_given(bound, f),
                        _written(doc, bound, f))
              for f in set(bound.families)}
    variants = [family[f] for f in bound.families]
    notes = []
    if said.sqrt_formula and not said.sqrt_number and bound.bindings and \
            any(v.scale != "sqrt" for v in variants):
        notes.append(Reason.of("formula-scales-numbers-do-not", scale=variants[-1].scale))
    return verdicts(bound, variants, doc, said, known), definitions(bound), notes


def _with_token_rows(blocks: list[Block]) -> list[Block]:
    rows = token_rows(blocks)
    if not rows:
        return blocks
    return sorted(blocks + rows, key=lambda b: (b.line, b.span or (0, 0), bool(b.parts)))


def _softmax_lines(doc: Document) -> frozenset:
    """The lines of the sections whose heading names the softmax ("#### Step 4: Softmax")."""
    heads = list(doc.headings) + [len(doc.lines) + 1]
    return frozenset(n for h, nxt in zip(heads, heads[1:]) if re.search(r"softmax", doc.lines[h - 1], re.I)
                     for n in range(h, nxt))


def _program(doc: Document) -> frozenset:
    """The lines of the article's code fences (not those of what a program printed)."""
    return frozenset(n for f in doc.fences if not f.output for n in f.body)


def _written(doc: Document, bound, family: int) -> bool:
    """Does a print of this family write itself as the softmax of the raw scores, its values those?"""
    return any(bound.families[b.example] == family and written_unscaled(doc, b.block) and
               any(c.full and c.node.variant.scale == "none" for c in b.group) for b in bound.bindings)


def _scores_given(bound, family: int) -> bool:
    """Are the givens of every example of this family scores, with no keys or embeddings?"""
    return all(not {"K", "X"} & set(ex.givens) for k, ex in enumerate(bound.examples) if bound.families[k] == family)


def scaling(doc: Document, blocks: list[Block]) -> str | None:
    """How the article's prints scale the scores (``sqrt``, ``dk``, ``none``), where every example
    whose prints bind decides the same way; None where none decides or they differ."""
    said, bound = _bound(doc, blocks)
    families = {bound.families[b.example] for b in bound.bindings}
    scales = {decide([b for b in bound.bindings if bound.families[b.example] == f], said,
                     _scores_given(bound, f), _written(doc, bound, f)).scale for f in families}
    return scales.pop() if len(scales) == 1 else None


def masked(doc: Document, blocks: list[Block]) -> bool:
    """Do the article's prints follow a causal mask (every example that binds a print decides so)?"""
    said, bound = _bound(doc, blocks)
    families = {bound.families[b.example] for b in bound.bindings}
    return bool(families) and all(
        decide([b for b in bound.bindings if bound.families[b.example] == f], said,
               _scores_given(bound, f), _written(doc, bound, f)).mask == "causal" for f in families)


def article_example(doc: Document, blocks: list[Block]) -> dict | None:
    """The worked example (its givens determine Q and K) an article computes the most from, as
    ``derive --from-article`` needs it: ``{"inputs": {step: (exact matrix, line)}, "variant": its
    Variant (scale, mask), "d_k": the width of the keys the text states before it (or None),
    "labels": {step: the label its first print carries}}``, or None when no example's givens
    determine Q and K.  Where no print binds to any example (the article prints its inputs and
    nothing computed that agrees), the first example whose givens determine Q and K, in full."""
    said, bound = _bound(doc, blocks)
    count = {k: 0 for k, ex in enumerate(bound.examples)
             if ex.source("Q") is not None and ex.source("K") is not None}
    if not count:
        return None
    for b in bound.bindings:
        if b.example in count:
            count[b.example] += 1
    best = max(count, key=lambda k: (count[k], -k))   # most bindings; the earlier example on a tie
    # the last example of its family: the one with all the givens the article goes on to print
    family = bound.families[best]
    best = max(k for k in count if bound.families[k] == family)
    example = bound.examples[best]
    lines: dict[str, int] = {}
    labels: dict[str, str] = {}
    for g in bound.givens:
        if g.example == best and g.step in example.givens:
            lines.setdefault(g.step, g.block.line)
            if g.block.labels:
                labels.setdefault(g.step, g.block.labels[0])
    for b in sorted(bound.bindings, key=lambda b: b.block.line):
        if bound.families[b.example] == family and b.block.labels and b.group:
            labels.setdefault(b.group[0].node.step, b.block.labels[0])
    first = min(lines.values(), default=0)
    inputs = {step: (m, lines.get(step, first)) for step, m in example.givens.items() if step in INPUTS}
    variant = decide([b for b in bound.bindings if bound.families[b.example] == family], said,
                     _scores_given(bound, family), _written(doc, bound, family))
    d_k = next((sp.Integer(v) for n, v in reversed(said.dk) if n <= max(first, 1)), None) or \
        next((sp.Integer(v) for n, v in said.dk), None)
    return {"inputs": inputs, "variant": variant, "d_k": d_k, "labels": labels}
