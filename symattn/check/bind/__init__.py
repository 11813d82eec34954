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

from ..claims import Claim, Reason
from ..document import Document
from ..read import Block
from .binder import bind
from .code import code_givens
from .conventions import decide, stated
from .verdicts import definitions, verdicts

__all__ = ["by_value"]


def by_value(doc: Document, blocks: list[Block]) -> tuple[list[Claim], list[tuple[int, Reason]], list[Reason]]:
    """(claims, givens as definitions, notes) for the printed blocks of an article."""
    said = stated(doc)
    bound = bind(blocks, said.rank, code_givens(doc), said.dk, beyond=said.beyond)
    family = {f: decide([b for b in bound.bindings if bound.families[b.example] == f], said)
              for f in set(bound.families)}
    variants = [family[f] for f in bound.families]
    notes = []
    if said.sqrt_formula and not said.sqrt_number and bound.bindings and \
            any(v.scale != "sqrt" for v in variants):
        notes.append(Reason.of("formula-scales-numbers-do-not", scale=variants[-1].scale))
    return verdicts(bound, variants, doc, said), definitions(bound), notes
