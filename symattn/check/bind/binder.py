r"""Bind every printed block by its values: which quantity of the example do these numbers match?

Input: the article's printed blocks in order (:func:`symattn.check.read.read_blocks`).
Output: a :class:`Binding` per block that binds, the examples' givens, and the blocks that bind to
nothing, each with its reason.

The rule, the same for every block whatever its layout or label:

* a *candidate* is a node of the example's catalogue (:mod:`.graph`: a step under a variant) in a
  view of the block's shape (the whole, a row, a column; as printed or transposed);
* each candidate is scored by the entries that agree at the printed precision
  (:func:`symattn.check.judge.screen_mask`, on floats), with the values from the givens and with
  the values from the author's own earlier prints of its operands; a zero agrees with any zero, so
  only entries that are not zero in the candidate are evidence;
* candidates with the same values form one group (Q = K = V = X; K Qᵀ and Q Kᵀ transposed);
* a block binds to the group that explains all of it, or, with evidence (its label names the step,
  or the step is the next one the example has not printed yet), at least two thirds of it when it
  has four or more such entries; and only when no group of other values explains it as well;
* a block with no label whose rows are each a distribution (entries in [0, 1] that sum to 1 at the
  printed precision) is named by its values: the weights, as if its label said so;
* a block written as the result of a formula that another stage computed exactly (``M7 = M3 M3ᵀ =
  [..]``, :func:`symattn.check.engine._judged_blocks`) binds to the node of that value, however wrong
  its digits; blocks that bound to nothing become inputs when such a block is a step of them;
* a block that binds to nothing and whose label names an input is a given; a block restating a
  given input by name with other values starts a new example; before anything is computed, blocks
  that nothing explains are premises: when a later block is explained by taking them as the
  example's inputs (X and projections, or Q, K, V, or X alone), they become its givens.

Verdicts are not made here: :mod:`.verdicts` judges each binding end to end.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field, replace
from itertools import combinations
from weakref import WeakKeyDictionary

import numpy as np
import sympy as sp

from .. import guard, numerals
from ..judge import possible, screen_mask
from ..read import SHAPE_WORD, Block
from .explain import as_named, copied, named_step, Explanation, explain
from ... import limits
from .graph import INPUTS, MASKS, PARENTS, STEPS, UPSTREAM, Example, Node, printed_mask
from .lexicon import Named, named as label_of, symbol
from ..names import applied_step, unknown_factor

__all__ = ["View", "Candidate", "Binding", "Given", "Unbound", "Bound", "bind"]

#: blocks with more entries than this are not screened against every candidate (a budget, not a rule)


@dataclass(frozen=True)
class View:
    """Which part of a quantity a block prints, and in which orientation."""

    kind: str = "whole"           # whole, row i, col j
    index: int | None = None
    transposed: bool = False

    def take(self, m):
        """This view of ``m`` (numpy array or SymPy matrix), in the block's orientation."""
        if self.kind == "row":
            m = m[self.index:self.index + 1, :]
        elif self.kind == "col":
            m = m[:, self.index:self.index + 1]
        if self.transposed:
            return m.T.copy() if isinstance(m, np.ndarray) else m.T
        return m

    def back(self, printed: np.ndarray) -> np.ndarray | None:
        """The whole quantity from a print of this view: only for whole views."""
        if self.kind != "whole":
            return None
        return printed.T.copy() if self.transposed else printed


def views(shape: tuple[int, int], of: tuple[int, int]):
    """Every view of a quantity of shape ``of`` that has the block's ``shape``."""
    rows, cols = shape
    r, c = of
    for t in (False, True):
        br, bc = (cols, rows) if t else (rows, cols)
        if (br, bc) == (r, c):
            yield View("whole", None, t)
        if br == 1 and bc == c and r > 1:
            yield from (View("row", i, t) for i in range(r))
        if bc == 1 and br == r and c > 1:
            yield from (View("col", j, t) for j in range(c))


@dataclass(slots=True)   # (not frozen: binding makes them by the hundred thousand, and frozen ones cost
class Candidate:         # five times as much to make; nothing changes one after it is made)
    node: Node
    view: View
    truth: np.ndarray              # the view's values from the givens
    author: np.ndarray | None      # the view's values from the author's prints of its operands
    used: tuple[int, ...]          # the lines of those prints
    agree_truth: np.ndarray        # per entry: agrees with ``truth`` at the printed precision
    agree_author: np.ndarray | None
    informative: np.ndarray        # per entry: finite and not zero in the candidate (a zero agrees with any zero, -∞ with any -∞)
    full_author: bool              # every entry agrees with ``author``
    full: bool                     # every entry agrees with ``truth``, or with ``author``
    share: float                   # the larger share of informative entries that agree with either


@dataclass
class Binding:
    block: Block
    example: int                      # which example of the article (0, 1, … as inputs are restated)
    group: tuple[Candidate, ...]      # the candidates of equal values that explain the block
    evidence: str                     # values, label or position (for a block explained in part), or
                                      # formula (the value of the formula a chain wrote it as)
    choice: Candidate | None = None   # the member the verdict is about (set by the verdicts stage)
    label: object = None              # what its label names (:class:`.lexicon.Named`), if anything


@dataclass(frozen=True)
class Given:
    block: Block
    example: int
    step: str              # the input it gives (X, W_Q, …, Q, K, V)
    how: str               # label (named), inferred (explains later blocks), restated, premise (a
                           # block by name, before anything computed, that no step computes)


@dataclass(frozen=True)
class Unbound:
    block: Block
    reason: str            # a reason code (messages/bind.toml)
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Explained:
    block: Block
    why: Explanation       # the step on earlier prints that gives it


@dataclass(frozen=True)
class Miscopied:
    """An input written again by name with other values, which the prints after it refute: they
    agree in full with what the input was before, not with the values written again."""
    block: Block           # the input written again
    was: Block             # the input as given before
    step: str
    evidence: Block        # the first print after it that agrees with ``was``, not with ``block``


@dataclass
class Bound:
    """What binding found in one article."""

    bindings: list[Binding]
    givens: list[Given]
    unbound: list[Unbound]
    examples: list[Example]
    families: list[int]      # per example: its family (an example with more givens is of its family)
    explained: list[Explained] = field(default_factory=list)
    miscopied: list[Miscopied] = field(default_factory=list)


def bind(blocks: list[Block], prefer=None, code=(), dk=(), beyond: int = 0, truths=None,
         program=frozenset(), identity: int = 0, scaling: tuple = (0, ()), aliases=None, heads=(),
         softmax_lines=frozenset()) -> Bound:
    """Bind every block (see the module docstring).  ``prefer(node)`` ranks ties between groups
    (a lower number wins): the article's stated conventions, from :mod:`.conventions`.  ``code``: the
    inputs the article's code assigns (:func:`.code.code_givens`), taken in their place.  ``dk``:
    (line, d_k) for each key width the text states, the scaling of scores given without their keys.
    ``beyond``: the line from which the article goes beyond what the catalogue computes (heads, RoPE,
    ALiBi, MLA; 0: nowhere): from there on, only values that agree in full bind a block; ``heads``: the
    numbers of heads stated where heads are all it goes beyond by: an example whose widths none of
    them splits is one head, bound as before that line.
    ``truths``: id(block) -> the exact value another stage found for a print (a result written after
    its formula): premises are inputs when a step of theirs is that value, however wrong the print.
    ``program``: the lines of the article's code (not its outputs).  ``identity``: the line of a
    formula that states Q = K = V = X (0: none), which makes X alone an example's known Q, K and V.
    ``scaling``: (the first line where the text states how it scales the scores, the scales it states
    there), (0, ()) where it states none.  ``aliases``: name -> step, the weights a formula of the
    article names with a symbol of its own (``Q = X M1``: M1 is W_Q).  ``softmax_lines``: the lines of
    the sections whose heading names the softmax."""
    state = _State(prefer or (lambda node: 0), dk, printed_masks(blocks))
    state.softmax_lines = frozenset(softmax_lines)
    state.beyond, state.identity, state.scaling, state.heads = beyond, identity, scaling, tuple(heads)
    state.aliases = dict(aliases or {})
    for k, v in (truths or {}).items():
        try:
            state.truths[k] = np.array(v.evalf(15).tolist(), dtype=float)
        except (TypeError, ValueError, AttributeError):
            pass   # a value with letters or no real number in it says nothing about printed digits
    blocks = _copies_unstacked(blocks, program)
    items = sorted([(b.line, 1, k, b) for k, b in enumerate(blocks)] + [(g.line, 0, k, g) for k, g in enumerate(code)],
                   key=lambda t: t[:3])
    for _, is_block, _, item in items:
        guard.tick()
        if is_block:
            state.take(item)
        else:
            state.take_code(item)
    state.close()
    state.bindings.sort(key=lambda b: (b.block.line, b.block.span or (0, 0)))
    return Bound(state.bindings, state.givens, state.unbound, state.examples, state.families, state.explained,
                 state.miscopied)


def _copies_unstacked(blocks: list[Block], program=frozenset()) -> list[Block]:
    """The blocks, with each slice of a printed batch whose slices are all the same (a batch of
    copies of one example, ``tf.Tensor([[[..]], [[..]]])``) taken as a print of that example; in
    the article's code (``program``, its lines), the first slice alone: data written twice is one
    given, its copy no claim."""
    out, k = list(blocks), 0
    while k < len(out):
        b = out[k]
        if len(b.stack) == 3 and b.index == (0,):
            run = out[k:k + b.stack[0]]
            if len(run) == b.stack[0] and all(r.stack == b.stack and r.index == (j,) and r.texts == b.texts
                                               for j, r in enumerate(run)):
                run = run[:1] if b.line in program else run
                out[k:k + b.stack[0]] = [replace(r, index=(), stack=()) for r in run]
                k += len(run)
                continue
        k += 1
    return out


def _example(inputs: dict, dk=(), masks=()) -> Example:
    """The example these given blocks make; a given printed with three or more decimals is taken as
    a rounded print (a program's output), exact only to half a unit of its last place.  Scores given
    without their keys are scaled by the key width the text last states before them (``dk``: (line,
    d_k) pairs), or not at all; with keys, a d_k stated before the example unlike their width is
    one more way to scale (see :class:`.graph.Example`)."""
    places = {k: max((e.places or 0) for r in b.rows for e in r) for k, b in inputs.items()}
    divisors = None
    line = min(b.line for b in inputs.values())
    stated_dk = next((d for at, d in reversed(dk) if at <= line), None)
    if not set(inputs) & {"K", "X"}:
        width = stated_dk or next((d for _, d in dk), None)
        if width is not None:
            width = sp.Integer(width)
            divisors = {"sqrt": sp.sqrt(width), "dk": width, "none": sp.Integer(1)}
    return Example({k: b.matrix() for k, b in inputs.items()}, divisors,
                   places={k: d for k, d in places.items() if d >= 3}, masks=masks, stated_dk=stated_dk,
                   floats={k: b.floats for k, b in inputs.items()})


def printed_masks(blocks) -> tuple[str, ...]:
    """The masks the article prints: each square block with -∞ in some cells but not in a whole row,
    whose pattern is no mask the catalogue already has (a padding or a window mask, say)."""
    out = []
    for b in blocks:
        rows, cols = b.shape
        if rows != cols or rows < 2:
            continue
        pattern = [[not (e.places is None and e.value < 0) for e in r] for r in b.rows]
        if all(all(r) for r in pattern) or not all(any(r) for r in pattern):
            continue
        if any(all(pattern[i][j] == rule(i, j) for i in range(rows) for j in range(cols)) for rule in MASKS.values()):
            continue
        name = printed_mask(pattern)
        if name not in out:
            out.append(name)
    return tuple(out)


class _State:
    def __init__(self, prefer, dk=(), masks=()):
        self.prefer = prefer
        self.dk = tuple(dk)
        self.masks = tuple(masks)
        self.beyond = 0                   # from this line on, only full agreement binds (see bind)
        self.heads: tuple = ()            # unless the example is one head under these counts (see bind)
        self.identity = 0                 # the line where a formula states Q = K = V = X (0: none)
        self.aliases: dict[str, str] = {}   # name -> step: weights a formula names with a symbol of its own
        self.scaling: tuple = (0, ())     # (the first line where the text states its scaling, its scales)
        self.distributed = False          # the block being bound is named by its rows, each a distribution,
        # one row and one column per token
        self.line = 0                     # the line of the block being bound
        self.bindings: list[Binding] = []
        self.givens: list[Given] = []
        self.unbound: list[Unbound] = []
        self.examples: list[Example] = []
        self.inputs: dict[str, Block] = {}          # the current example's givens
        self.pending: list[Block] = []              # premises: unexplained blocks before anything computed
        self.printed: dict[Node, tuple[int, np.ndarray]] = {}   # the author's prints, per node
        self.softmax_lines: frozenset = frozenset()   # the lines of sections headed "Softmax"
        self.rows: dict[str, dict[int, Block]] = {}      # inputs given a row at a time (q_1, q_2, …)
        self.tokens: dict[str, list[str]] = {}           # the tokens of inputs given a row each (k_World)
        self.families: list[int] = []     # per example: the example it extends (same family) or itself
        self.words = False                # the block being bound is named by a caption in words
        self.elsewhere = False            # its caption computes it from a quantity the catalogue lacks
        self.of_row: int | None = None    # the row its caption names (``Softmax(Row 3)``), from 0
        self.recent: list[Block] = []     # every block so far, the operands of later ones
        self._trials: dict[tuple, Example | None] = {}   # the examples premises were tried as
        self.author_cache: dict = {}      # the author's values while the prints stay as they are
        self.explained: list[Explained] = []   # blocks one step from earlier prints explains
        self.steps_printed: set[str] = set()
        self.truths: dict[int, np.ndarray] = {}   # id(block) -> its exact value, found by another stage
        # example -> (the example before it, its inputs, the step written again, the block as it was)
        # for an example an input written again by name with other values started
        self.rewritten: dict[int, tuple[int, dict, str, Block]] = {}
        self.miscopied: list[Miscopied] = []

    # ---------------------------------------------------------------- the loop

    def take(self, block: Block) -> None:
        rows, cols = block.shape
        if rows * cols < 2 or rows * cols > limits.CHECK_MAX_BLOCK_ENTRIES or block.index:
            return   # one number alone is no evidence of what it is; n-D slices are read elsewhere
        try:
            self._take(block)
        finally:
            self.recent.append(block)

    def _take(self, block: Block) -> None:
        rows, cols = block.shape
        self.line = block.line
        if block.operand:
            return   # an operand of a product written out ([..] · [..] = ..): the chain is its claim
        label = label_of(block.labels)
        if label is None and block.layout == "records":
            label = label_of(block.labels[1:])   # a record's own words name nothing: the caption above does
        head = re.match(r"\s*([A-Za-z]{1,3}_?\{?\d\}?)\s*=\s*$", block.labels[0]) if label is None and block.labels else None
        if head and re.sub(r"[{}_]", "", head.group(1)) in self.aliases:
            # "M1 =" where a formula says Q = X M1: the block is W_Q, by the article's own formula
            name = re.sub(r"[{}_]", "", head.group(1))
            label = Named(self.aliases[name], name=name)
        step = label.step if label is not None else None
        example = self.example
        source = example.source(step) if example is not None and step in INPUTS else None
        named = step if label is not None and label.row is None else None
        self.words = label is not None and label.words
        self.elsewhere = _computed_elsewhere(block.labels, label)
        # "Softmax(Row 3) = [..]": the row a caption names for a one-row print, counted from 1
        self.of_row = label.of_row - 1 if label is not None and label.of_row and rows == 1 else None
        if self.of_row is None and named is not None and rows == 1 and example is not None:
            self.of_row = self._token_row(block)   # "cat's attention weights: [..]": the row of cat
        if step == "KT" and label.row is None and "K" not in self.inputs and \
                (example is None or example.source("K") is None) and self._given_transposed(block):
            return
        if step in INPUTS and source != "projected":
            # Q = K = V = X is what X alone suggests; Q printed by name with other values is given
            if (label.words or source == "same-as-X") and example is not None and \
                    self._bind(block, example, None, full_only=source == "same-as-X", restates=False):
                return   # "multiplying the embeddings by …": a caption's words say less than values
            if label.row is not None and rows == 1 and self._given_row(block, step, label.row):
                return
            if label.token and rows == 1 and self._given_token_row(block, step, label.token):
                return   # ``Key for "World": [..]``: the row of the keys for that token
            if label.row is None and self._projected_from_premise(block, step):
                return
            if label.row is None and self._given(block, step):
                return
        if step in INPUTS and source == "projected" and (self.elsewhere or self._inherited(step) or
                                                          self._more_tokens(block, step)) and \
                label.row is None and \
                not (example is not None and self._bind(block, example, None, full_only=True)) and \
                self._given(block, step):
            return   # "Q = X_pe·Wq": computed from what the catalogue lacks, the article's Q is an input (and so
            # is a Q the article "assumes" after new embeddings, where only another example gave W_Q)
        if label is not None and step in ("scores", "scaled") and \
                (label.literal or (named == step and example is not None and not self._established()
                                   and self._tokens_square(block, example))):
            # scores written as data (``scores = np.array([1.2, 3.8])``), or named where Q = K = V = X
            # is only assumed: the example's own when its values are those, else the premise of an
            # example of its own (data is never a claim; an assumption its values refute is no witness)
            if not (example is not None and self._bind(block, example, named, full_only=True)) and not self._again(block):
                self._start({step: block}, {step: "label"}, new=True)
            return
        if rows * cols <= 3 and self._explained_here(block, named):
            return   # "softmax of [10, 9, 8] is about [0.67, 0.24, 0.09]": the operand beside it says what it is
        if self._written_of_literal(block):
            # "Softmax([0.122, 0.19, 0.26]) ≈ [0.30, 0.33, 0.37]": the formula on its line says what it
            # is (judged as that formula); a quantity of the catalogue its values happen to match is not
            self.unbound.append(Unbound(block, "binds-to-nothing"))
            return
        if example is not None and self._refuted(block, example, named):
            return
        if example is not None and self._bind(block, example, named):
            self._operand_by_use(block, example)
            return
        if label is None and example is not None and _distribution(block):
            self.distributed = self._tokens_square(block, example)
            try:
                if self._bind(block, example, _distribution(block)):
                    return   # no name and no values that bind it: rows that are each a distribution say "weights"
            finally:
                self.distributed = False
        if example is not None and id(block) in self.truths:
            group = self._by_truth(block, example)   # the value of the formula a chain wrote it as
            if group is not None:
                self._record(block, example, group, "formula")
                return
        if self._infer(block, named):
            return
        # (the caption's step of the print above it, in words ("Softmax:"), or by a letter where the
        # print is a distribution: "P ≈ [0.237, 0.644]" under a tile's scores [3, 4] is a slice of a row)
        why = as_named(copied(explain(block, self.recent), block, self.recent), block, named,
                       block.line in self.softmax_lines) or \
            (named_step(block, self.recent, named) if self.words or len(getattr(label, "name", "")) >= 3 or
             _distribution(block, one=True) else None)
        if why is not None:
            self.explained.append(Explained(block, why))
            return
        if not self.steps_printed:
            self.pending.append(block)
            return
        self.unbound.append(Unbound(block, "binds-to-nothing" if example is not None else "no-inputs-yet",
                                    {"named": named} if named else {}))

    def _refuted(self, block: Block, example: Example, named: str | None) -> bool:
        """Does this print refute an input written again by name with other values (``v = [[2, 1],
        [0, 1]]`` where the code gave v = [[1, 0], [2, 0]])?  It does when it agrees in full with a
        step computed from the input as it was before, not with the same step from the values written
        again, and no print since agreed in full with a step computed from those.  The example before
        then goes on, and the input written again is a miscopy of it (:class:`Miscopied`)."""
        here = len(self.examples) - 1
        if here not in self.rewritten:
            return False
        before, inputs, step, was = self.rewritten[here]

        def uses(group) -> bool:
            return any(c.full and c.node.step not in INPUTS and c.node.step != "KT" and
                       (c.node.step == step or step in UPSTREAM[c.node.step]) for c in group)
        if any(b.example == here and uses(b.group) for b in self.bindings):
            del self.rewritten[here]   # a step from the values written again agreed: a new example
            return False
        if self._explain(block, example, named, {}, set(), full_only=True) is not None:
            return False
        old = self.examples[before]
        group = self._explain(block, old, named, {}, set(), full_only=True)
        if group is None or not uses(group) or int(group[0].informative.sum()) < 2:
            return False
        del self.rewritten[here]
        self.miscopied.append(Miscopied(self.inputs[step], was, step, block))
        self.givens = [g for g in self.givens if g.block is not self.inputs[step]]
        self.examples.append(old)
        self.families.append(self.families[before])
        # what bound to the example since, none of it computed from the input written again, is as
        # true of the example before: it belongs to that one (the example the article works in)
        now = len(self.examples) - 1
        kept = {id(b): tuple(c for c in b.group if not (c.node.step == step or step in UPSTREAM[c.node.step]))
                for b in self.bindings if b.example == here}   # (the input itself is no member there)
        self.bindings = [replace(b, example=now, group=kept[id(b)]) if b.example == here and kept[id(b)] else b
                         for b in self.bindings]
        self.givens = [replace(g, example=now) if g.example == here else g for g in self.givens]
        self.inputs = dict(inputs)
        self.printed, self.steps_printed, self.author_cache = {}, set(), {}
        self._record(block, old, group, "values")
        return True

    def _inherited(self, step: str) -> bool:
        """Is the weight that would project this input one an earlier example gave, before the X that
        started this example (a second walkthrough with new embeddings and Q, K, V "assumed")?  Only
        values that agree in full make the print that projection then."""
        w, x = self.inputs.get(f"W_{step}"), self.inputs.get("X")
        return len(self.examples) > 1 and w is not None and x is not None and w.line < x.line

    def _token_row(self, block: Block) -> int | None:
        """The row a one-row print's caption names by its token (``cat's attention weights: [..]``):
        the one token of the example's row names that the caption holds as a word, or None.  The
        names are those a given or bound print of the example writes in front of its rows."""
        here = len(self.examples) - 1
        prints = list(self.inputs.values()) + [b.block for b in self.bindings if b.example == here]
        n = max((b.shape[0] for b in prints), default=0)
        tokens = next((b.row_labels for b in prints if len(b.row_labels) == n == b.shape[0] and
                       sum(1 for t in b.row_labels if t) >= 2), ())
        caption = block.labels[0] if block.labels else ""
        hits = {k for k, t in enumerate(tokens) if t and re.search(rf"(?<!\w){re.escape(t)}(?!\w)", caption)}
        return hits.pop() if len(hits) == 1 else None

    def _explained_here(self, block: Block, named: str | None = None) -> bool:
        """A block of a few numbers that one step on a print of its own line (or the line before)
        explains in full, from operands that are no quantity of the example: a few numbers agree with
        some quantity of the example by chance, the operand written beside them is what the author
        computed them from."""
        bound = {id(b.block) for b in self.bindings}
        near = [b for b in self.recent if block.line - 1 <= b.end <= block.line]
        why = as_named(explain(block, near), block, named, block.line in self.softmax_lines) if near else None
        if why is not None and any(id(op) in bound for op in why.operands):
            return False   # an operand that is the example's own: the block is the example's next step
        if why is None or not (why.full or why.op == "softmax" and named == "weights") or \
                why.op in ("transpose", "multiply") and why.factor in (None, 1):
            return False
        self.explained.append(Explained(block, why))
        return True

    def take_code(self, given) -> None:
        """An input that a code block assigns (its value evaluated as data): a given like a block
        labelled with its name, unless the example already computes that step."""
        example = self.example
        if given.step in INPUTS:
            source = example.source(given.step) if example is not None else None
            if source in ("projected", "same-as-X"):
                mine, printed = example.floats(Node(given.step)), given.block.floats
                if mine is None or _prints_of(given.block, mine) or \
                        source == "projected" and mine.shape != printed.shape:
                    return
                # (Q = X is only assumed where X alone is given: a Q of another shape is the code's own)
                # the code computes it another way than the example assumes (``X @ W_q.T``, the
                # weights stored as nn.Linear stores them): what the code computes is the input
            self.words, self.of_row = False, None
            self._given(given.block, given.step)
            return
        # scores the code sets itself (``scores = np.array([1.2, 3.8])``) that the example does not
        # compute: the premise of an example of its own.  Where the example computes them, the array
        # is the author's result (judged as the print it is), never a new premise
        value = example.floats(Node(given.step)) if example is not None else None
        if value is None:
            if self._again(given.block):
                return
            self._start({given.step: given.block}, {given.step: "code"}, new=True)

    def close(self) -> None:
        for b in self.pending:
            name = symbol(b.labels) if self.examples else None
            if name:   # a premise by name that nothing computes (an upstream gradient dO): a given
                self.givens.append(Given(b, len(self.examples) - 1, name, "premise"))
            else:
                self.unbound.append(Unbound(b, "no-inputs-yet" if not self.inputs else "binds-to-nothing"))
        self.pending = []

    @property
    def example(self) -> Example | None:
        return self.examples[-1] if self.examples and self.inputs else None

    # ---------------------------------------------------------------- givens

    def _trial(self, inputs: dict[str, Block]) -> Example | None:
        """The example these givens make, or None where they do not fit together."""
        try:
            example = _example(inputs, self.dk, self.masks)
        except (ValueError, TypeError, guard.GuardError):
            return None
        return example if _consistent(example) else None

    def _start(self, inputs: dict[str, Block], how: dict[str, str], new: bool = False) -> bool:
        """The example with these givens (when they fit together): the current one with more
        givens, or (``new``, or nothing of the current one kept) a new example."""
        example = self._trial(inputs)
        if example is None:
            return False
        kept = any(self.inputs.get(k) is b for k, b in inputs.items())
        # an example once bound to stays as it was: more givens make a new one of the same family
        same = kept and not new and self.families
        self.families.append(self.families[-1] if same else len(self.families))
        self.author_cache = {}
        if new or not kept:
            self.printed, self.steps_printed = {}, set()
        self.examples.append(example)
        self.inputs = dict(inputs)
        for step, b in inputs.items():
            if how.get(step):
                self.givens.append(Given(b, len(self.examples) - 1, step, how[step]))
        self.pending = [b for b in self.pending if all(b is not g for g in inputs.values())]
        return True

    def _given(self, block: Block, step: str) -> bool:
        """A block whose label names an input: a given, a restated given, or a new example."""
        if _sizes(block):
            return False   # "xq 的形状是 [1, 8, 32, 128]": the sizes of the input, not its values
        if step in self.inputs:
            if _same(self.inputs[step], block):
                self.givens.append(Given(block, len(self.examples) - 1, step, "restated"))
                return True
            if _part_of(block, self.inputs[step]):
                self.givens.append(Given(block, len(self.examples) - 1, step, "restated"))
                return True   # one of its rows again ("Value: [..]" under a weighted sum)
            # the article restates an input by name with other values: a new example starts (until
            # the prints after it refute it, see _refuted)
            before = (len(self.examples) - 1, dict(self.inputs), step, self.inputs[step])
            inputs = {k: v for k, v in self.inputs.items() if k == step or _compatible(k, step)}
            inputs[step] = block
            if not self._start(inputs, {step: "label"}, new=True):
                return False
            if block.shape == before[3].shape:
                self.rewritten[len(self.examples) - 1] = before
            return True
        upstream = ("X", "W_Q", "W_K", "W_V")
        if step in upstream and any(k in self.inputs for k in ("Q", "K", "V")) and \
                not any(k in self.inputs for k in upstream):
            # the embeddings or a projection after queries, keys or values given as they are, with
            # nothing they were projected with: what they project is another example's
            inputs = {k: v for k, v in self.inputs.items() if _compatible(k, step)}
            inputs[step] = block
            return self._start(inputs, {step: "label"}, new=True)
        inputs = dict(self.inputs)
        inputs[step] = block
        if self._start(inputs, {step: "label"}):
            return True
        return self._start({step: block}, {step: "label"})

    def _projected_from_premise(self, block: Block, step: str) -> bool:
        """``q = [..]`` named as a projection whose weight is given but whose embeddings are not, after
        a premise as wide as the weight is tall (rows printed one per token under a name the lexicon
        does not know, ``E_money``, ``E_bank``): that premise is X when X·W explains two thirds of the
        print or more, at least four entries that are not zero; the print is then that step, wrong where
        it disagrees, not a new given."""
        weight = self.inputs.get(f"W_{step}")
        if step not in ("Q", "K", "V") or weight is None or "X" in self.inputs:
            return False
        for premise in reversed(self.pending):
            if premise.shape != (block.shape[0], weight.shape[0]):
                continue
            inputs = dict(self.inputs, X=premise)
            example = self._trial(inputs)
            if example is None:
                continue
            mine = [c for c in _candidates(block, example, {}, None, True, keep=(step,))
                    if c.node.step == step and c.view == View() and int(c.informative.sum()) >= 4]
            best = max(mine, key=lambda c: c.share, default=None)
            if best is None or best.share < 2 / 3:
                continue
            if not self._start(inputs, {"X": "inferred"}):
                return False
            self._record(block, self.example, (best,), "values")
            return True
        return False

    def _given_transposed(self, block: Block) -> bool:
        """``K^T = [..]`` with K given nowhere: the keys, given as their transpose."""
        turned = Block(tuple(zip(*block.rows)), block.line, block.end, block.labels, block.layout, block.source)
        inputs = dict(self.inputs)
        inputs["K"] = turned
        if not self._start(inputs, {}):
            return False
        self.givens.append(Given(block, len(self.examples) - 1, "KT", "label"))
        return True

    def _written_of_literal(self, block: Block) -> bool:
        """Is the block written as softmax or exp of the numbers printed right before it on its line
        (``Softmax([0.122, 0.19, 0.26]) ≈ [..]``, ``np.exp([1, 2]) = [..]``)?"""
        if not block.labels or not re.fullmatch(r"\s*\)\s*(?:=|≈|\\approx)\s*", block.labels[0]):
            return False
        prev = next((b for b in reversed(self.recent) if b.end == block.line), None)
        return prev is not None and bool(prev.labels) and applied_step(prev.labels[0]) is not None

    def _more_tokens(self, block: Block, step: str) -> bool:
        """Is the block, named as an input the example projects, taller than the example's own (Q for
        three tokens where the embeddings were given for one word, ``x_{\text{mat}}``)?  No projection
        of the example's: the input of a new one."""
        mine = self.example.floats(Node(step)) if self.example is not None else None
        return mine is not None and block.shape[0] > mine.shape[0]

    def _given_token_row(self, block: Block, step: str, token: str) -> bool:
        """``Key for "World": [..]``: the row of an input for a token, numbered in the order the
        article first gives that input's rows.  Rows given one after another make the input; a row
        given after steps computed from the rows before it (the query of the next word a decoder
        makes, ``Q_{吃}`` after ``A_{我}``) is the input of a new example."""
        given = self.rows.get(step, {})
        last = max((b.end for b in given.values()), default=None)
        if last is not None and token not in self.tokens.get(step, []) and \
                any(last < b.line < block.line and not any(b is g for g in given.values()) for b in self.recent):
            self.rows[step], self.tokens[step] = {}, []
        tokens = self.tokens.setdefault(step, [])
        if token not in tokens:
            tokens.append(token)
        return self._given_row(block, step, tokens.index(token) + 1, token)

    def _given_row(self, block: Block, step: str, number: int, token: str = "") -> bool:
        """``q_2 = [..]``, ``Key for "World": [..]``: row ``number`` of an input.  Rows numbered one
        after another make the input (a token's row is named by its token); a row restated with other
        values starts a new example."""
        rows = self.rows.setdefault(step, {})
        if number in rows:
            if _same(rows[number], block):
                self.givens.append(Given(block, len(self.examples) - 1, step, "restated"))
                return True
            self.rows = {step: {}}
            rows = self.rows[step]
        if rows and block.shape[1] != next(iter(rows.values())).shape[1]:
            return False
        rows[number] = block
        numbers = sorted(rows)
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            return False
        parts = [rows[k] for k in numbers]
        tokens = self.tokens.get(step, []) if token else []
        names = tuple(tokens[k - 1] for k in numbers) if token and 0 < numbers[0] and numbers[-1] <= len(tokens) else ()
        whole = Block(tuple(b.rows[0] for b in parts), parts[0].line, parts[-1].end, parts[0].labels, "rows",
                      parts[0].source, names)
        inputs = dict(self.inputs)
        inputs[step] = whole
        new = len(rows) == 1 and step in self.inputs
        if not self._start(inputs, {}, new=new):
            return False
        self.givens.append(Given(block, len(self.examples) - 1, step, "row"))
        return True

    def _infer(self, block: Block, named: str | None) -> bool:
        """Take premises as the example's inputs when that explains this block; or, for a block whose
        formula a chain wrote (its exact value known), any earlier block that bound to nothing."""
        if int(np.count_nonzero(block.floats)) < 4:
            return False   # too few numbers to say what the premises are
        if self.pending and not self.steps_printed:
            premises = self.pending   # premises come before anything computed
        elif id(block) in self.truths:
            premises = sorted(self.pending + [u.block for u in self.unbound if u.reason in _UNBOUND_PREMISES],
                              key=lambda b: (b.line, b.span or (0, 0)))
        else:
            return False
        for inputs in _hypotheses(self.inputs, premises):
            if any(_same(b, self.inputs[g]) for k, b in inputs.items() if k not in self.inputs
                   for g in self.inputs):
                continue   # a premise that restates a given input (K printed again) is no other input
            if id(block) not in self.truths and not any(_computable(s, inputs) for s in _COMPUTED):
                continue   # by values, premises are inputs only when a step computed from them explains it
            key = tuple(sorted((k, id(b)) for k, b in inputs.items()))
            if key not in self._trials:
                try:
                    self._trials[key] = _example(inputs, self.dk, self.masks)
                except (ValueError, TypeError, guard.GuardError):
                    self._trials[key] = None
            example = self._trials[key]
            if example is None:
                continue
            if not _consistent(example):
                continue
            group = self._explain(block, example, named, {}, set(), full_only=True, plain=True) \
                if _explains_fully(block, example) else None
            evidence = "values"
            if group is None:
                group, evidence = self._by_truth(block, example), "formula"
                # by its formula, a premise is an input only when the block is computed from it
                if group is not None and any(k not in self.inputs and not any(
                        k == c.node.step or k in UPSTREAM[c.node.step] for c in group) for k in inputs):
                    continue
            # evidence that premises are inputs: a computation from them (a restatement of one is
            # none) of at least four numbers that are not zero
            if group is None or int(group[0].informative.sum()) < 4 or \
                    all(self.prefer(c.node) or (c.node.step in INPUTS or c.node.step == "KT") and not
                        (evidence == "formula" and example.source(c.node.step) == "projected") for c in group):
                continue   # (and by the article's own way of computing: a mistake explains by accident;
                           # Q printed as the product X W_Q a chain writes out is a computation)
            new = {k: ("inferred" if all(b is not v for v in self.inputs.values()) else "")
                   for k, b in inputs.items()}
            self._start(inputs, new)
            taken = {id(b) for b in inputs.values()}
            self.unbound = [u for u in self.unbound if id(u.block) not in taken]
            self._record(block, self.example, group, evidence)
            return True
        return False

    def _by_truth(self, block: Block, example: Example):
        """The group of candidates whose values are the block's exact value as another stage found
        it (``M7 = M3 M3ᵀ = [..]``: the chain says what the print is, its digits may be wrong)."""
        truth = self.truths.get(id(block))
        if truth is None or truth.shape != block.shape or not np.isfinite(truth).all():
            return None
        base, values = _screened(example, block.shape, True)
        if not base or not np.isclose(values, truth[None], rtol=1e-9, atol=1e-12).all(axis=(1, 2)).any():
            return None   # (the same test as below, on all the example's values at once)
        group = [c for c in _candidates(block, example, {}, None, plain=True)
                 if np.allclose(c.truth, truth, rtol=1e-9, atol=1e-12)]
        return tuple(group) if group else None

    # ---------------------------------------------------------------- binding

    def _bind(self, block: Block, example: Example, named: str | None, full_only: bool = False,
              restates: bool = True) -> bool:
        """Bind the block to the group that explains it; ``restates=False``: not to a part-match of a
        given (a block named as one input that only partly restates another is not that other)."""
        group = self._explain(block, example, named, self.printed, self.steps_printed, full_only)
        if group is not None and not restates and not any(c.full for c in group) and \
                all(example.source(c.node.step) == "given" or c.node.step == "KT" for c in group):
            return False
        if group is None:
            return not full_only and self._by_use(block, example)
        evidence = "values" if any(c.full for c in group) else ("label" if named in {c.node.step for c in group}
                                                                 else "position")
        self._record(block, example, group, evidence)
        return True

    def _by_use(self, block: Block, example: Example) -> bool:
        """An earlier block that bound to nothing, which this block is computed from: the earlier
        one is the step this block takes it as (``softmax(M1) = M2``: M1 is the author's scores),
        judged end to end; this one follows from it."""
        earlier = sorted([u.block for u in self.unbound[-3:] if u.reason == "binds-to-nothing"] + self.pending[-3:],
                         key=lambda b: b.line)[-3:]
        for prior in reversed(earlier):
            for c in _candidates(prior, example, self.printed, self.author_cache, keep=()):
                if c.view != View() or c.node.step in self.steps_printed or self.prefer(c.node) or \
                        example.source(c.node.step) == "given" or c.share < 2 / 3:
                    continue
                trial = dict(self.printed)
                trial[c.node] = (prior.line, prior.floats)
                # computed from it: a step that changes the values (a restatement or a transpose is no use)
                found = [g for g in _groups(_candidates(block, example, trial, keep=()))
                         if any(m.full_author and prior.line in m.used and self.prefer(m.node) == 0
                                and m.node.step not in INPUTS and m.node.step != "KT" for m in g)]
                if len(found) == 1 and int(found[0][0].informative.sum()) >= 4:
                    self.unbound = [u for u in self.unbound if u.block is not prior]
                    self.pending = [b for b in self.pending if b is not prior]
                    self._record(prior, example, (c,), "use")
                    self._record(block, example, found[0], "values")
                    return True
        return self._input_by_use(block)

    def _operand_by_use(self, block: Block, example: Example) -> None:
        """The print this block's own step was taken from, one step back (``QKᵀ/2`` printed as an
        earlier print halved): that earlier print, bound to nothing, is the step's operand as the
        author printed it (Q·Kᵀ), judged end to end, when half of its entries or more agree with it
        (its slips are what the block carries).  The step back is the catalogue's: the scaled scores
        are the scores divided, the weights the scaled scores' softmax."""
        bound = self.bindings[-1]
        lead = min(bound.group, key=lambda c: (self.prefer(c.node), c.view.kind != "whole", c.view.transposed))
        back = _STEP_BACK.get(lead.node.step)
        if back is None or lead.view != View():
            return
        why = explain(block, self.recent)
        if why is None or not why.full or why.op != back[1] or len(why.operands) != 1:
            return
        prior = why.operands[0]
        waiting = [e.block for e in self.explained] + [u.block for u in self.unbound] + self.pending
        if not any(prior is b for b in waiting) or prior.shape != block.shape:
            return
        mine = [c for c in _candidates(prior, example, {}, None, keep=(back[0],))
                if c.node.step == back[0] and c.view == View() and self.prefer(c.node) == 0
                and c.share >= 1 / 2 and int(c.informative.sum()) >= 4]
        if len(mine) != 1:
            return
        self.explained = [e for e in self.explained if e.block is not prior]
        self.unbound = [u for u in self.unbound if u.block is not prior]
        self.pending = [b for b in self.pending if b is not prior]
        self._record(prior, example, tuple(mine), "use")

    def _input_by_use(self, block: Block) -> bool:
        """An earlier block that bound to nothing, which this block uses as an input the example
        lacks: keys or values printed with no name the lexicon knows (``M4 = [..]`` after Q, then
        ``L1 = [..]``, the author's Q times M4ᵀ).  The earlier block is that input, given; this one is
        the step computed from it, judged end to end.  One role only: two that explain it say nothing."""
        earlier = sorted([u.block for u in self.unbound if u.reason == "binds-to-nothing"] + self.pending,
                         key=lambda b: b.line)[-8:]
        found = []
        for prior in reversed(earlier):
            for role in ("K", "V"):
                if role in self.inputs or self.example.source(role) is not None:
                    continue
                inputs = dict(self.inputs)
                inputs[role] = prior
                trial = self._trial(inputs)
                if trial is None:
                    continue
                # (the author's prints of the role so far were of another reading, Q = K = V = X)
                printed = {n: v for n, v in self.printed.items() if n.step not in (role, role + "T")}
                groups = [g for g in _groups(_candidates(block, trial, printed, keep=()))
                          if any(m.full_author and self.prefer(m.node) == 0 and role in UPSTREAM[m.node.step]
                                 and m.node.step not in INPUTS and m.node.step != "KT" for m in g)]
                if len(groups) == 1 and int(groups[0][0].informative.sum()) >= 3:
                    found.append((prior, role, inputs, groups[0]))
        if len(found) != 1:
            return False
        prior, role, inputs, group = found[0]
        if not self._start(inputs, {role: "inferred"}):
            return False
        self.printed = {n: v for n, v in self.printed.items() if n.step not in (role, role + "T")}
        self.unbound = [u for u in self.unbound if u.block is not prior]
        self.pending = [b for b in self.pending if b is not prior]
        self._record(block, self.example, group, "values")
        return True

    def _record(self, block: Block, example: Example, group, evidence: str) -> None:
        self.bindings.append(Binding(block, len(self.examples) - 1, tuple(group), evidence,
                                     label=label_of(block.labels)))
        printed = block.floats
        done = set()
        for c in sorted(group, key=lambda c: c.view.transposed):   # a node once, as printed if it can be
            whole = c.view.back(printed)
            if whole is not None and c.node not in done:
                done.add(c.node)
                self.printed[c.node] = (block.line, whole)
        self._forget({node.step for node in done})
        lead = min(group, key=lambda c: (self.prefer(c.node), c.view.kind != "whole", c.view.transposed,
                                         STEPS.index(c.node.step)))
        self.steps_printed.add(lead.node.step)   # the step it most likely is, for the next ones' place

    def _forget(self, steps: set) -> None:
        """Drop the author's values that a new print of these steps changes: those of the steps and
        of every step computed from them (the others stay as they were)."""
        if not steps:
            return

        def stale(node) -> bool:
            return isinstance(node, Node) and (node.step in steps or bool(steps & UPSTREAM[node.step]))
        for key in [k for k in self.author_cache if stale(k[1])]:
            del self.author_cache[key]
        for key, memo in self.author_cache.items():
            if key[1] == "operands":
                for node in [n for n in memo if stale(n)]:
                    del memo[node]

    def _explain(self, block: Block, example: Example, named, printed, steps_printed, full_only=False,
                 plain=False):
        """The group of candidates that explains the block, or None (the module's rule)."""
        # (what the rule below reads: the candidates that explain two thirds or more, and those of
        # the step the label names)
        cands = list(_candidates(block, example, printed, self.author_cache if printed is self.printed else None,
                                 plain, keep=(named,)))
        if block.constant:
            cands = [c for c in cands if np.ptp(c.truth) <= 1e-12]
        if not cands:
            return None
        groups = _groups(cands)
        if not groups:
            return None if full_only else self._by_label(cands, named, steps_printed, 0.0)
        scored = sorted(((max(c.share for c in g), g) for g in groups), key=lambda t: -t[0])
        full = [g for g in groups if any(c.full for c in g)]
        if len(full) > 1:
            # one step under conventions its printed digits cannot tell apart (÷2 and ÷4 both round to
            # these weights, masks that change nothing visible): one group per step, and the
            # example's convention picks the member later
            merged: dict[frozenset, list] = {}
            for g in full:
                merged.setdefault(frozenset(c.node.step for c in g), []).extend(g)
            full = [tuple(g) for g in merged.values()]
        if full:
            group = full[0] if len(full) == 1 else self._prefer(full, named, steps_printed)
            if group is not None and named is not None and not full_only and \
                    all(example.source(c.node.step) == "given" for c in group) and named not in self.inputs:
                # equal to a given, but named as a step computed from it (Q printed as W_Q's copy):
                # the label says what the author claims it is
                return self._by_label(cands, named, steps_printed, 0.0) or group
            return group if group is None or self._strong(group, named) else None
        if full_only or self._beyond():   # beyond the catalogue, a part that agrees is no binding
            return None
        # (a part of Q, K, V or Kᵀ where they are only assumed to be X is no binding: the transpose
        # of an assumed input agrees with a block of small numbers in part by chance)
        scored = [(share, g) for share, g in scored if not all(
            (c.node.step in ("Q", "K", "V", "KT")) and example.source("K" if c.node.step == "KT" else c.node.step)
            == "same-as-X" for c in g)] or [(0.0, ())]
        best, group = scored[0]
        if not group:
            return self._by_label(cands, named, steps_printed, 0.0)
        n = int(group[0].informative.sum())
        tied = [g for share, g in scored if share >= best]
        if len(tied) > 1:
            group = self._prefer(tied, named, steps_printed)
            if group is None and (self.of_row is not None or
                                  named is not None and all(c.node.step == named for g in tied for c in g)):
                # rows of one step that its values cannot tell apart (weights near uniform): the row
                # the caption names decides, as the label alone does where nothing else agrees; and
                # variants of the very step the label names, that explain the same part of it: that
                # step (the example's convention picks the member later)
                return self._by_label(cands, named, steps_printed, 0.0)
        if group is not None and n >= 4 and best >= 2 / 3:
            steps = {c.node.step for c in group}
            own = max((c.share for c in cands if c.node.step == named and c.view == View()), default=0.0)
            if named is not None and named not in steps and not self.words and own >= 1 / 3 and best < 1:
                # named by its own symbol as a step that explains a third of it: the name and the
                # values together outweigh a part that agrees with another step by chance (its own
                # two thirds the more so)
                return self._by_label(cands, named, steps_printed, 0.0, own=own)
            whole = {node.step for node in printed}   # a row printed before is not the step printed
            if named in steps or self._agreed() and any(
                    (s not in steps_printed or s not in whole) and example.source(s) != "given" for s in steps):
                return group   # (by place and part of its values: only in an example a print agrees with in full)
        return self._by_label(cands, named, steps_printed, best)

    def _agreed(self) -> bool:
        """Is this example one of attention: an input given by its name, or a print of a computed step
        that agreed with it in full (its values, or the formula a chain wrote it as)?  An example that
        captions in words alone started ("LN input:") may be none; until a print agrees with it in
        full, parts that agree are chance."""
        here = len(self.examples) - 1
        if any(g.how != "label" or not getattr(label_of(g.block.labels), "words", True)
               for g in self.givens if g.example == here):
            return True   # an input given by its name (Q =, a code assignment, inferred from its values)
        return self._computed_bound(full=True)

    def _by_label(self, cands, named, steps_printed, best, own=0.0):
        """A block no values explain, whose label names a computed step that it has the shape of and
        that the example has not printed yet: that step, wrong where it disagrees (label, shape and
        place together; values that explain two thirds of it under another name win: ``best`` is
        their share, ``own`` the share the named step's values explain where the rule above lets the
        name outweigh another step's)."""
        whole = {node.step for node in self.printed}   # (a row printed before is not the step printed)
        if named is None or (named in steps_printed and named in whole) or best >= 2 / 3 or self._beyond():
            return None
        if any(named in UPSTREAM[step] for step in whole & set(steps_printed)):
            return None   # the example is past that step (its softmax is printed): new logits are another example
        if max(best, own) < 1 / 3 and (not self._next(named, steps_printed) or self.elsewhere) and \
                not (self.distributed and 0 < self.scaling[0] <= self.line and
                     not any(c.share >= 1 / 3 for c in cands if c.node.step == named and self.prefer(c.node) == 0
                             and c.node.variant.scale in self.scaling[1])):
            return None   # a label needs some of the values, or the operands on the page, with it
            # (and the operands its own formula names: "Q = X_pe·Wq" is no product of the example's X;
            # rows that each sum to 1, one per token and a column per token, are the weights by
            # their values' shape, where the text states its scaling before them and they
            # disagree with what that scaling gives)
        if not self._established():
            return None
        view = View() if self.of_row is None else View("row", self.of_row)
        mine = [c for c in cands if c.node.step == named and c.view == view
                and self.prefer(c.node) == 0 and c.node.step not in self.inputs]
        return tuple(mine) or None   # every variant: the article's own, decided later, is judged

    def _again(self, block: Block) -> bool:
        """Numbers of a print the example explains in full, set again as data (``# Scaled scores ≈ [3.54,
        1.41]``, then ``scores = [3.54, 1.41]``): that step again, bound as it was, not the premise of an
        example of its own."""
        here = len(self.examples) - 1
        if self.example is None:
            return False
        again = next((b for b in reversed(self.bindings) if b.example == here and _same(b.block, block)
                      and any(c.full for c in b.group)), None)
        if again is None:
            return False
        self._record(block, self.example, again.group, "values")
        return True

    @staticmethod
    def _tokens_square(block: Block, example: Example) -> bool:
        """Has the block the scores' shape for this example's tokens (one row and column per token)?"""
        x = example.floats(Node("Q"))
        return x is not None and block.shape == (x.shape[0], x.shape[0])

    def _beyond(self) -> bool:
        """Is the block being bound where the article has gone beyond the catalogue?"""
        if not self.beyond or self.line < self.beyond:
            return False
        widths = {b.shape[1] for step, b in self.inputs.items() if step in ("X", "Q", "K", "V")}
        # "the real model splits 128 over 8 heads": an example 4 wide is no head of that split; and an
        # example that starts from its scores ("scores of one head: [..]") is the same for one head or many
        return not (self.heads and self.inputs and all(w % h for w in widths for h in self.heads))

    def _established(self) -> bool:
        """Are the example's Q, K and V known, not assumed?  Given, or projected from given X and W's;
        Q = K = V = X (what X alone suggests) only once a computed step has bound to it by its values
        (or by the formula a chain wrote it as).
        A label alone is no witness against values from an assumed input."""
        example = self.examples[-1]
        if all(example.source(s) != "same-as-X" for s in ("Q", "K", "V")):
            return True
        if self.identity and self.identity <= self.line:
            return True   # Q = K = V = X stated in a formula: no assumption
        return self._computed_bound(full=False)

    def _computed_bound(self, full: bool) -> bool:
        """Has a print of a computed step of this example bound by its values or by the formula a
        chain wrote it as (``full``: agreeing in full)?"""
        here = len(self.examples) - 1
        return any(b.example == here and b.evidence in ("values", "formula") and
                   any(c.node.step not in INPUTS and (c.full or not full) for c in b.group) for b in self.bindings)

    def _next(self, step: str, steps_printed) -> bool:
        """Are the step's operands on the page (printed, or given)?"""
        have = set(steps_printed) | set(self.inputs) | ({"KT"} if "K" in steps_printed or "K" in self.inputs else set())

        def on_page(p):   # scaling and masking take no operand of their own: their input is enough
            return p in have or (p in ("scaled", "masked") and all(on_page(q) for q in PARENTS[p]))
        return all(on_page(p) for p in PARENTS.get(step, ("",)))

    def _strong(self, group, named) -> bool:
        """A group that only a mistake computes needs more than a few numbers to say so (three
        numbers agree with some mistake by chance): four entries that are not zero, or a label; and
        two numbers are a row or a column of something by chance: a part needs three."""
        n = int(group[0].informative.sum())
        if named in {c.node.step for c in group}:
            # (the label names the step, not the mistake: one number that is not zero, a one-hot row
            # [0.00, 0.00, 1.00], is no witness of a mask the article does not apply)
            return n >= 2 or any(self.prefer(c.node) == 0 for c in group)
        if n < 3 and all(c.view.kind != "whole" for c in group):
            return False
        return n >= 4 or any(self.prefer(c.node) == 0 for c in group)

    def _prefer(self, groups, named, steps_printed):
        """One of several groups that explain a block fully, by evidence; None if none stands out."""
        def rank(g):
            steps = {c.node.step for c in g}
            return (named not in steps,                                        # the label names it
                    min(self.prefer(c.node) for c in g),                       # the stated convention
                    min(c.view.transposed for c in g),                         # as printed, not turned
                    not any(s not in steps_printed for s in steps),            # the next step, not a repeat
                    min(STEPS.index(c.node.step) for c in g))
        ranked = sorted(groups, key=rank)
        if rank(ranked[0]) == rank(ranked[1]):
            return None
        return ranked[0]


#: a computed step, the step it is computed from, and the explanation (:mod:`.explain`) of that one step
_STEP_BACK = {"scaled": ("scores", "divide"), "weights": ("scaled", "softmax")}


_SCREENS: "WeakKeyDictionary[Example, dict]" = WeakKeyDictionary()


def _screened(example: Example, shape: tuple[int, int], plain: bool):
    """(node, view, the view's values) of every node's view that has this shape, and those values
    stacked: what depends on the example alone, kept for it (binding screens many blocks of one
    shape against one example, and tries each premise as the input of many)."""
    memo = _SCREENS.setdefault(example, {})
    if (shape, plain) not in memo:
        found = []
        for node in example.nodes(plain, shape):
            truth = example.floats(node)
            if truth is None:
                continue
            for view in views(shape, truth.shape):
                value = view.take(truth)
                if value.shape == shape:
                    found.append((node, view, value))
        memo[shape, plain] = (tuple(found), np.stack([f[2] for f in found]) if found else None)
    return memo[shape, plain]


#: the steps an example computes beyond its inputs (and Kᵀ): what makes premises inputs by values
_COMPUTED = tuple(s for s in STEPS if s not in INPUTS and s != "KT")


def _prints_of(block: Block, values) -> bool:
    """Could every entry of the block be a print of these values at its own printed precision
    (``0.3536`` of √2/4)?  A literal that restates a step at its digits is that step, not new data;
    a code literal's entries are exact numbers, read here at the decimals they are written with."""
    rows = tuple(tuple(replace(e, places=numerals.decimals_of(e.value) or 0) if not e.places and e.value.q > 1 else e
                       for e in r) for r in block.rows)
    mask = screen_mask(rows, np.asarray(values, dtype=float))
    return mask is not None and bool(mask.all())


def _computable(step: str, roles) -> bool:
    """Do givens in these roles determine the step (as :meth:`.graph.Example.source` reads them)?"""
    if step in roles:
        return True
    if step in ("Q", "K", "V"):
        return "X" in roles and f"W_{step}" in roles or set(roles) == {"X"}
    return step not in INPUTS and all(_computable(p, roles) for p in PARENTS[step])


def _explains_fully(block: Block, example: Example) -> bool:
    """Does some view of a quantity the example computes its own way agree with every entry of the
    block?  (What binding by values alone needs; screened on floats, no candidate built.)"""
    base, truths = _screened(example, block.shape, True)
    if not base:
        return False
    # most premises explain nothing: one printed entry far from every candidate's says so at once
    near = possible(block.rows, truths)
    if not near.any():
        return False
    return bool(screen_mask(block.rows, truths[near], cut=True).all(axis=(1, 2)).any())


def _candidates(block: Block, example: Example, printed, cache: dict | None = None, plain: bool = False,
                keep: tuple | None = None):
    """Every candidate of the block's shape; ``cache`` keeps the author's values while ``printed``
    does not change (the binder clears it when a print is recorded); ``plain``: only the variants no
    mistake makes; ``keep``: only the candidates that agree in full or in two thirds, and every one
    of these steps."""
    rows = block.rows
    shape = block.shape
    steps = {p.step for p in printed}
    cache = {} if cache is None else cache
    base, truths = _screened(example, shape, plain)
    if not base:
        return []
    found = []   # (node, view, truth, author, used): screened below all at once
    for node, view, truth in base:
        author, used = (None, ())
        if steps & UPSTREAM[node.step]:
            key = (id(example), node)
            if key not in cache:
                cache[key] = example.author(node, printed, cache.setdefault((id(example), "operands"), {}))
            author, used = cache[key]
        found.append((node, view, truth, view.take(author) if author is not None else None, used))
    agree_t = screen_mask(rows, truths, cut=True)
    with_author = [i for i, f in enumerate(found) if f[3] is not None and f[3].shape == shape]
    by_author = screen_mask(rows, np.stack([found[i][3] for i in with_author]), cut=True) if with_author else None
    agree_a = dict(zip(with_author, by_author)) if with_author else {}
    # an entry is evidence unless it agrees as structure: a zero printed where the candidate has a
    # zero, a -∞ where it has -∞ (a zero it has where the print shows 1.186 is a disagreement)
    printed = block.floats
    informative = ((truths != 0) | (printed != 0)[None]) & (np.isfinite(truths) | ~agree_t)
    # per candidate at once: every entry agrees, and the share of informative entries that agree
    # (with the givens' values or the author's, whichever agrees more)
    n_informative = informative.sum(axis=(1, 2))
    full_t = agree_t.all(axis=(1, 2))
    hits = (agree_t & informative).sum(axis=(1, 2))
    full_a = np.zeros(len(found), dtype=bool)
    if with_author:
        full_a[with_author] = by_author.all(axis=(1, 2))
        hits[with_author] = np.maximum(hits[with_author], (by_author & informative[with_author]).sum(axis=(1, 2)))
    share = np.where(n_informative > 0, hits / np.maximum(n_informative, 1), 0.0).tolist()
    full = (full_t | full_a).tolist()
    author_full = full_a.tolist()
    return [Candidate(node, view, t, a if i in agree_a else None, used, agree_t[i], agree_a.get(i), informative[i],
                      author_full[i], full[i], share[i])
            for i, (node, view, t, a, used) in enumerate(found)
            if keep is None or full[i] or share[i] >= 2 / 3 or node.step in keep]


def _sizes(block: Block) -> bool:
    """Is the block one row of whole positive numbers written right after a word for a shape
    (``形状：xq 和 xk 都是 [1, 8, 32, 128]``, ``size = [4, 8]``)?  An array's sizes, never its values."""
    same = block.labels[0] if block.labels else ""
    return block.shape[0] == 1 and bool(SHAPE_WORD.search(same[-24:])) and \
        all(not e.places and e.value.is_Integer and e.value > 0 for e in block.rows[0])


def _distribution(block: Block, one: bool = False) -> str | None:
    """``"weights"`` when every row of the block is a probability distribution at its printed
    precision (entries in [0, 1], not all 0 or 1, each row summing to 1 within the rounding of its
    entries), else None.  Such rows are what a softmax prints whatever the label or language; a
    matrix of them is evidence of the weights step as a label would be (two rows or more: one row
    alone is any distribution; ``one``: a row alone will do)."""
    rows = block.rows
    if len(rows) < (1 if one else 2) or len(rows[0]) < 2:
        return None
    for row in rows:
        if any(e.places is None or e.value < 0 or e.value > 1 or e.count or e.percent for e in row):
            return None
        slack = sum(sp.Rational(1, 2) * sp.Rational(1, 10 ** e.places) for e in row)
        if abs(sum(e.value for e in row) - 1) > slack:
            return None
    if all(e.value in (0, 1) for row in rows for e in row):
        return None   # 0/1 rows: a one-hot input or an identity, not a softmax's output
    return "weights"


def _groups(cands):
    """Candidates of equal values (to the last float bits) as groups, keeping the first seen order."""
    groups: dict[bytes, list] = {}
    for c in cands:
        if not (c.full or c.share >= 2 / 3):
            continue
        key = _bits(c.truth) + (_bits(c.author) if c.author is not None and
                                not np.allclose(c.author, c.truth, equal_nan=True) else b"")
        groups.setdefault(key, []).append(c)
    return [tuple(g) for g in groups.values()]


def _bits(values: np.ndarray) -> bytes:
    """The values to 9 decimals as bytes (±∞ as ±1e300, which the rounding may take to ±inf: still
    one key per value, and no warning)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.round(np.nan_to_num(values, posinf=1e300, neginf=-1e300), 9).tobytes()


def _same(a: Block, b: Block) -> bool:
    return a.shape == b.shape and all(x.value == y.value for ra, rb in zip(a.rows, b.rows) for x, y in zip(ra, rb))


def _part_of(part: Block, whole: Block) -> bool:
    """Is a one-row block a row (or column) of ``whole``, value for value?"""
    if part.shape[0] != 1:
        return False
    values = [e.value for e in part.rows[0]]
    rows = [[e.value for e in r] for r in whole.rows]
    return values in rows or values in [list(c) for c in zip(*rows)]


def _compatible(kept: str, new: str) -> bool:
    """Which givens stay when ``new`` is restated: X's projections stay with a new X; Q, K, V with
    each other."""
    if new == "X":
        return kept.startswith("W_")
    if new.startswith("W_"):
        return kept == "X" or kept.startswith("W_")
    return kept in ("Q", "K", "V")


def _consistent(example: Example) -> bool:
    """Do the givens fit together (the shapes of the products agree)?"""
    g = example.givens
    if "X" in g:
        for w in ("W_Q", "W_K", "W_V"):
            if w in g and g[w].rows != g["X"].cols:
                return False
    if "Q" in g and "K" in g and g["Q"].cols != g["K"].cols:
        return False
    return True


#: why an earlier block bound to nothing, when it may still be an input a later formula shows
def _computed_elsewhere(labels, label) -> bool:
    """Does a caption of the block write the formula of the name it is printed under as a product
    with a factor the catalogue lacks (``Q = X_pe·Wq, K = X_pe·Wk`` over a table of Q, K and V)?"""
    if label is None or not label.name:
        return False
    head = re.compile(rf"(?<![\w\\]){re.escape(label.name)}\s*=\s*([^,;=]+)")
    return any(unknown_factor("= " + m.group(1)) for lb in labels[:2] for m in head.finditer(lb or ""))


_UNBOUND_PREMISES = ("binds-to-nothing", "no-inputs-yet")


def _hypotheses(inputs: dict, pending: list[Block]):
    """Ways to take premises as inputs, the most common first: in order of appearance as
    (X, W_Q, W_K, W_V), (Q, K, V), (Q, K), or X alone (Q = K = V = X); then other orders, and the
    projections one at a time (X given, each of its products printed after its own W)."""
    free = [r for r in ("X", "W_Q", "W_K", "W_V", "Q", "K", "V") if r not in inputs]
    pend = pending[-6:]
    schemes = [("X", "W_Q", "W_K", "W_V"), ("Q", "K", "V"), ("Q", "K"), ("X",), ("W_Q", "W_K", "W_V"),
               ("K", "V"), ("V",), ("K",), ("W_Q", "W_K"), ("W_Q",), ("W_K",), ("W_V",)]
    seen = set()
    for scheme in schemes:
        roles = [r for r in scheme if r in free]
        if not roles or len(roles) > len(pend):
            continue
        for picked in combinations(range(len(pend)), len(roles)):   # in the order they were printed
            trial = dict(inputs)
            trial.update({r: pend[k] for r, k in zip(roles, picked)})
            key = tuple(sorted((r, id(b)) for r, b in trial.items()))
            if key in seen:
                continue
            seen.add(key)
            yield trial
