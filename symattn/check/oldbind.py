r"""Stage *bind*: decide what each block of numbers is, from evidence, and judge it.

Input: the article's text and its blocks (:func:`symattn.check.read.read_blocks`).
Output: a :class:`~symattn.check.claims.Claim` per block that is not an input, and the
inputs found (as definitions).

Evidence, in order: the block's label (a code variable, ``Q =``, a caption such as
"Raw scores" or 注意力权重 on the line before), its shape, and its values, which are matched
against every quantity the inputs determine under every convention
(:mod:`symattn.check.quantities`) and against the author's own earlier printed steps.  A
label whose quantity has another shape is a wrong binding, never a wrong claim.  A block is
reported wrong only with a witness: the right value and where it comes from.
"""

from __future__ import annotations



import re
from collections import Counter
from functools import lru_cache

import sympy as sp
import numpy as np

from . import guard
from .claims import Claim, Reason
from .verdict import judged, short, text_of, unverifiable
from .consistency import declared_no_scaling
from .batched import bind_by_batch
from .convention import later_convention
from .judge import Match, block_places, far, half_unit, interval, match, sums_to
from .local import Local, local_chain
from .quantities import CONV, CONVENTIONS, FAMILIES, INPUTS, OPERANDS, Conv, Quantities, apply, numeric, spread
from .catalogue import Catalogue
from .diagnose import MISTAKES, only_a_mistake
from .document import Document
from . import numerals
from .names import LHS, ONLINE, VARIANT, by_name, hint, row_in_words
from .restate import PERCENT
from .read import Block, Entry
from .symbols import DIMENSIONS, DK_STATED, canon


def parse_entry(text: str):
    ent = numerals.read(text)
    return ent.value if ent is not None else None

__all__ = ["bind_blocks", "corrections", "article_inputs", "stated_dk", "heads_from", "per_head"]

def stated_dk(text: str):
    """d_k as the article states it (``d_k = 4``, ``d_{k}=64``, ``dk = 4``), or None."""
    m = DK_STATED.search(text)
    return sp.Integer(m.group(1)) if m else None


#: the width of the keys as an article states it again for a new example: d_k = 4, head_dim=4, / √4
_DK_AGAIN = re.compile(DK_STATED.pattern + r"|\b(?:head_dim|d_head|d_\{head\}|head_size)\s*(?:=|:)\s*"
                       r"(\d{1,5})\b|(?:/|÷|\\div)\s*(?:√|\\sqrt\s*\{?)\s*(\d{1,5})(?![\d.])")


def stated_dks(text: str) -> list[tuple[int, object]]:
    """Every statement of d_k, with its line: the one in force for a block is the last before it."""
    return [(text[:m.start()].count("\n") + 1, sp.Integer(next(g for g in m.groups() if g)))
            for m in _DK_AGAIN.finditer(text)]


_HEAD = re.compile(r"\bheads?\b|\bhead_?\d|头|ヘッド|헤드|cabe[zç]a|tête|kopf", re.I)


_PER_HEAD = ("scores", "scaled", "masked", "exp", "weights", "output")
#: steps that may be printed without their inputs and then serve as the input of the next ones
_GIVEN_STEPS = ("scores", "scaled", "weights")


def _same_print(block: Block, value) -> bool:
    """The block prints exactly these values (entry by entry, at its own precision)."""
    m = match(block.rows, numeric(value))
    return bool(m and m.full) and all(e.value == x for r, vr in zip(block.rows, value.tolist())
                                      for e, x in zip(r, vr))


_STATED_SQRT = re.compile(r"\\sqrt\s*\{\s*d_?\{?k\}?\s*\}|√\s*d_?k|sqrt\(\s*d_?k|\*\*\s*0\.5")


_SIBLINGS = {"scores": ("scaled",), "scaled": ("scores",)}
#: "Q = K = V = x", "Q, K, V are all x": the article works without projections, by its own words
_DECLARED_QKV = re.compile(r"\bQ\s*=\s*K\s*=\s*V\s*=\s*(?:\\mathbf\{?|\\boldsymbol\{?)?[xX]\b(?!\s*(?:W|@|\\cdot|·|\*))"
                           r"|\bQ\s*,\s*K\s*(?:,\s*)?(?:and\s+)?V\s+(?:are|=)\s+(?:all\s+)?(?:just\s+)?(?:the\s+)?"
                           r"(?:x|X|inputs?|embeddings?)\b")
#: what a local chain must do to be the step a caption names
_COMPATIBLE = {"Q": ("product",), "K": ("product",), "V": ("product",), "scores": ("product",),
               "output": ("product", "sum"), "scaled": ("scale",), "masked": ("sum", "mixed"),
               "weights": ("softmax",), "exp": ("exp",), "KT": ("same",)}


_CODE_ASSIGN = re.compile(r"(?:^|[\s;])[A-Za-z_][\w.]*\s*=\s*(?:np\.array|numpy\.array|torch\.tensor|tf\.constant|"
                          r"jnp\.array|np\.asarray)\s*\(\s*$")


class _Value:
    """A quantity's value under a convention: its floats at once, its exact value when asked for."""

    def __init__(self, q: Quantities, fam: str, conv: Conv):
        self.q, self.fam, self.conv = q, fam, conv
        self.floats = q.floats(fam, conv)
        self._exact = None

    def exact(self):
        if self._exact is None:
            self._exact = self.q.value(self.fam, self.conv)
        return self._exact

    @property
    def shape(self):
        return self.floats.shape if self.floats is not None else self.exact().shape

    def same(self, other: "_Value") -> bool:
        """Is it the same value?  The same floats (one object per value computed) say yes, floats
        that differ say no; otherwise the exact values say."""
        if self.floats is not None and self.floats is other.floats:
            return True
        if self.floats is not None and other.floats is not None and (
                self.floats.shape != other.floats.shape or
                not np.allclose(self.floats, other.floats, rtol=1e-9, atol=1e-12, equal_nan=True)):
            return False
        return self.exact() == other.exact()


class _Candidate:
    """(family, conv, row, value, numeric): a quantity, or one row of it, that a block may print.
    Its floats screen it (:func:`symattn.check.judge.far`); the exact value and its digits are made
    only for a candidate that is asked for them."""

    __slots__ = ("fam", "conv", "row", "of", "rows_of")

    def __init__(self, fam, conv, row, of: _Value, rows_of=None):
        self.fam, self.conv, self.row, self.of, self.rows_of = fam, conv, row, of, rows_of

    @property
    def floats(self):
        f = self.of.floats
        return f if f is None or self.row is None else f[self.row:self.row + 1]

    @property
    def value(self):
        value = self.of.exact()
        return value if self.row is None else self.rows_of(value)[self.row]

    @property
    def num(self):
        num = numeric(self.of.exact())
        return num if self.row is None else [num[self.row]]

    def __getitem__(self, k):
        return (self.fam, self.conv, self.row)[k] if k < 3 else self.value if k == 3 else self.num

    def __iter__(self):
        return iter((self.fam, self.conv, self.row, self.value, self.num))

    def match(self, block: Block):
        """The block's match with it: all wrong from the floats alone when they are far."""
        if far(block.rows, self.floats):
            return Match(tuple(tuple(False for _ in r) for r in block.rows),
                         tuple(tuple(False for _ in r) for r in block.rows))
        return match(block.rows, self.num)


@lru_cache(maxsize=64)
def _identity(n: int) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(sp.eye(n))


def _masked_zeros(block: Block) -> set:
    """Entries printed as an exact 0 at four or more decimals (0.0000): a mask's zeros, not rounding."""
    return {(i, j) for i, r in enumerate(block.rows) for j, e in enumerate(r)
            if e.value == 0 and (e.places or 0) >= 4}


def _above(block: Block) -> set:
    n, c = block.shape
    return {(i, j) for i in range(n) for j in range(c) if j > i}


def _causal_pattern(block: Block) -> bool:
    """Its −∞ entries are exactly those above the diagonal."""
    n, c = block.shape
    return n == c and all((e.value == -sp.oo) == (j > i) for i, r in enumerate(block.rows) for j, e in enumerate(r))


def _named(block: Block, h: str) -> bool:
    """The block is introduced by the quantity's own symbol (``X =``, ``W_Q = np.array(``)."""
    if not block.labels:
        return False
    m = LHS.search(re.sub(r"\$", " ", block.labels[0]))
    return bool(m) and by_name(re.split(r"=|\\approx|≈", m.group(1))[0].strip().split(" ")[-1]) == h


def _same_as_known(binder, block: Block, h: str) -> bool:
    """The values equal the step the article's inputs give: a restatement, judged as such."""
    value = binder._q().value(h, binder._conv_for(block, h))
    return value is not None and value.shape == block.shape and match(block.rows, numeric(value)).near


#: a number of heads stated (``num_heads = 8``, ``2 heads``, ``8 个头``, ``two heads``), or one head of
#: several named by its index (``head_1``, ``head 2``)
_HEAD_COUNT = re.compile(
    r"\b(?:num_heads|n_heads|n_head|num_attention_heads|heads|h)\s*[=:]\s*(\d+)"
    r"|(?<![\w.])(\d+)\$?\s*(?:[- ]?(?:attention\s+|query\s+)?heads\b|个(?:注意力)?头|개의?\s*(?:헤드|head)"
    r"|(?:cabezas|cabeças|têtes|Köpfe|голов)|(?:つの)?ヘッド)|ヘッド数\s*[=:：]?\s*(\d+)"
    r"|\b(two|three|four|six|eight|twelve|sixteen|several|multiple)\s+(?:attention\s+)?heads\b"
    r"|\bhead[ _]?\{?([1-9])\b", re.I)   # (every count after a non-digit: linear on a long run of digits)


def heads_from(text: str) -> int | None:
    """The line from which the article speaks of several heads of its own: where it states a number of
    heads of two or more, or names one head by its index -- not a title or a sentence that names
    multi-head attention, nor "one attention head", before an example of one head."""
    for m in _HEAD_COUNT.finditer(text):
        count = m.group(m.lastindex)
        if m.lastindex == len(m.groups()) or not count.isdigit() or int(count) >= 2:   # (an index, a word, 2 or more)
            return text.count("\n", 0, m.start()) + 1
    return None


def per_head(label: str) -> bool:
    """Does this label name a step that is computed per head (scores, weights, outputs)?"""
    return hint([label]) in _PER_HEAD


def _distributions(block: Block) -> bool:
    """Every row non-negative and summing to 1 up to its printed rounding (at least 2 columns)."""
    if block.shape[1] < 2:
        return False
    for row in block.rows:
        if any(e.places is None or e.value < 0 or e.value > 1 for e in row):
            return False
        places = max((e.places for e in row), default=0)
        if places == 0 or not sums_to(row, 1, places):
            return False
    return True


_MASK_WORDS = re.compile(r"mask|causal|look-?ahead|掩码|遮挡|マスク|마스크|máscara|masque", re.I)
_NO_MASK = re.compile(r"\b(?:no|without|un)[ -]?mask|无掩码|不加掩码|sin máscara|sans masque", re.I)


def _mentions_mask(text: str) -> bool:
    return bool(re.search(r"mask|causal|look-?ahead|掩码|遮挡|マスク|마스크|máscara|masque", text, re.I))


class _Author:
    """The author's printed value of a family: exact reading, line, and its verdict."""

    def __init__(self, value, line: int, wrong: bool, root: int | None, right=None):
        self.value, self.line, self.wrong, self.root = value, line, wrong, root
        self.right = right   # the right value, when it is known


def bind_blocks(doc: Document, blocks: list[Block], states: dict | None = None
                ) -> tuple[list[Claim], list[tuple[int, str]], list[str]]:
    """Claims for the blocks, the inputs found as (line, description), and article-wide notes;
    ``states``, when given, receives id(block) -> (wrong, root line, right value or None)."""
    from .bind import scaling
    scale = scaling(doc, blocks)   # how the prints the value binder binds scale their scores

    def run(part):
        binder = _Binder(doc, part, scale)
        out = binder.run()
        if states is not None:
            states.update(binder.state)
        return out
    return bind_by_batch(blocks, hint, run) or run(blocks)


def corrections(blocks: list[Block], states: dict) -> dict:
    """{printed entries: (exact value, root line of its slip or None)} of the whole blocks judged with
    an exact value: right prints (their digits are rounded) and prints carried from an earlier slip,
    not a slip itself; entries printed twice with two different exact values are left out."""
    out: dict = {}
    for b in blocks:
        st = states.get(id(b))
        if not st or st[2] is None or getattr(st[2], "shape", None) != b.shape:
            continue
        if st[0] and (st[1] is None or st[1] >= b.line):
            continue   # the slip itself: where it is written again, it is judged as printed
        fix = (sp.ImmutableMatrix(st[2]), st[1] if st[0] else None)
        if b.texts in out and (out[b.texts] is None or out[b.texts][0] != fix[0]):
            out[b.texts] = None
        else:
            out[b.texts] = fix
    return {k: v for k, v in out.items() if v is not None}


def article_inputs(text: str) -> dict:
    """What an article gives, as the binder reads it, for its first example:
    ``{"inputs": {name: (matrix, line)}, "d_k": value or None, "convention": Conv,
    "labels": {name: the label as printed}}``; names are X, W_Q, W_K, W_V, Q, K, V.
    Used by ``derive --from-article``."""
    from .read import read_blocks
    doc = Document.of(text)
    blocks = read_blocks(doc)
    binder = _Binder(doc, blocks)
    hints = [None if b.operand else hint(b.labels) for b in blocks]
    conv = binder._vote(hints)
    labels: dict = {}
    for b, h in zip(blocks, hints):
        if h and h not in labels and b.labels:
            labels[h] = b.labels[0]
    return {"inputs": dict(binder.inputs), "d_k": binder.d_k, "convention": conv, "labels": labels}


class _Binder:
    def __init__(self, doc: Document, blocks: list[Block], scale: str | None = None):
        self.doc, self.text, self.blocks = doc, doc.text, blocks
        self.scale = scale   # the scaling the value binder finds the prints follow (None: undecided)
        text = doc.text
        self.d_k = stated_dk(text)
        self.dks = stated_dks(text)
        self.masked = _mentions_mask(text) or any(e.value == -sp.oo for b in blocks for r in b.rows for e in r)
        self.inputs: dict[str, tuple] = {}      # name -> (value, line)
        self.author: dict[str, _Author] = {}
        self.versions: dict[str, list[_Author]] = {}   # every printed version, oldest first
        self.claims: list[Claim] = []
        self.notes: list[str] = []
        self.definitions: list[tuple[int, str]] = []
        self.conv = CONV
        self.votes: dict = {}
        self.other_mask = False   # the article has used a mask other than the causal one
        self.hints: dict[int, str | None] = {}
        self.variants: dict[str, list[int]] = {}   # name -> lines where the article defines it as a variant
        for n, line in enumerate(doc.lines, start=1):
            for m in re.finditer(r"(?:^|\$|\s)([A-Za-z](?:_\{?\w+\}?)?)\s*=\s*([^=$]*)", line):
                if VARIANT.search(m.group(2)):
                    self.variants.setdefault(m.group(1), []).append(n)
        # from where an article starts talking about several heads, scores, weights and outputs may
        # be per head
        self.heads_from = heads_from(text)
        self.assumed: int | None = None   # the line from which Q = K = V = X is assumed
        self._quantities: dict[tuple, Quantities] = {}   # see _q
        self._value_rows: dict[int, tuple] = {}             # see _rows_of
        self._value_lists: dict[tuple, tuple] = {}          # see _values
        m = _DECLARED_QKV.search(text)
        self.declared_qkv = text[:m.start()].count("\n") + 1 if m else None

    def _q(self) -> Quantities:
        """The quantities of the inputs as they are now: one object while they stay the same, so
        that each value is computed once (the values are exact and costly)."""
        inputs = {k: v for k, (v, _) in self.inputs.items()}
        key = (tuple(sorted((k, id(v)) for k, v in inputs.items())), self.d_k)
        if key not in self._quantities:
            if len(self._quantities) > 64:
                self._quantities.clear()
            self._quantities[key] = Quantities(inputs, self.d_k)   # (it holds the inputs: their ids stay theirs)
        return self._quantities[key]

    def _convs(self):
        return [c for c in CONVENTIONS if self.masked or c.mask == "none"]

    # ------------------------------------------------------------------ the passes

    def run(self):
        hints = [None if b.operand or self._variant_name(b) else hint(b.labels) for b in self.blocks]
        # (an output named in a section that visits the keys in blocks is a running accumulator)
        hints = [None if h == "output" and ONLINE.search(self.doc.section_text(b.line)) else h
                 for b, h in zip(self.blocks, hints)]
        self.conv = self._vote(hints)
        self.inputs, self.author, self.versions = {}, {}, {}
        self.assumed = None
        self.seen: list[Block] = []
        self.state: dict[int, tuple] = {}   # id(block) -> (wrong, root line, right value or None)
        self.hints = {id(b): h for b, h in zip(self.blocks, hints)}
        first = self.d_k
        for k, (block, h) in enumerate(zip(self.blocks, hints)):
            # a new example may state its own width (head_dim=4, / √4): the last statement before the block
            said = [dk for line, dk in self.dks if line <= block.line]
            self.d_k = said[-1] if said and first is not None else first
            try:
                with guard.budget():
                    loc = local_chain(self.text, self.blocks, k)
                    if loc is None or not self._local(block, h, loc, k):
                        self._one(block, h)
                    self.seen.append(block)
            except guard.GuardError as exc:
                self._unverifiable(block, exc.reason)
            except Exception as exc:  # noqa: BLE001 - one block must never stop the article
                self._unverifiable(block, R("internal-error", kind=type(exc).__name__))
        for stage in (self._percentages, self._named_entries, self._named_terms):
            try:
                with guard.budget():
                    stage()
            except guard.GuardError:
                pass
        return self.claims, self.definitions, self.notes

    def _named_terms(self) -> None:
        """``0.11 × V_The + 0.29 × V_cat`` in words: a sum of value rows named by their tokens; each
        coefficient restates a weight the author printed (as ``0.29 × [v_2]`` does, see _coefficient)."""
        busy = {n for b in self.blocks for n in range(b.line, b.end + 1)}
        start = 0
        for n, line in enumerate(self.doc.lines, start=1):
            terms = list(_NAMED_TERM.finditer(line))
            if n not in busy and len(terms) >= 2:
                for m in terms:
                    self._restated_weight(m.group("w"), n, start + m.start("w"), Block((), n, n, (), "prose", ""),
                                          " ".join(line.split())[:160], R("coefficient-of", name=m.group("v")))
            start += len(line) + 1

    def _named_entries(self) -> None:
        """A number in the prose under a table of tokens that names the token of its row
        (``"cat" scores itself highly (2.66)``) restates that entry: bound by the printed text and
        the token, judged against the entry's right value; carried when the table was wrong."""
        busy = {n for b in self.blocks for n in range(b.line, b.end + 1)}
        raw = self.doc.lines
        for n, line in enumerate(raw, start=1):
            if n in busy or not _DECIMAL.search(line):
                continue
            src = next((b for b in reversed(self.seen) if b.end < n and n - b.end <= 6), None)
            if src is None or len(src.row_labels) != src.shape[0] or id(src) not in self.state:
                continue
            wrong, root, right = self.state[id(src)]
            named = {i for i, tok in enumerate(src.row_labels)
                     if tok and re.search(r"(?<!\w)" + re.escape(tok) + r"(?!\w)", line)}
            for m in _DECIMAL.finditer(line):
                cells = [(i, j) for i, r in enumerate(src.rows) for j, e in enumerate(r) if e.text == m.group(0)]
                if not cells or not {i for i, _ in cells} <= named or (right is None and wrong):
                    continue
                truth = {(right if right is not None else src.matrix())[i, j] for i, j in cells}
                ent = numerals.read(m.group(0))
                if len(truth) != 1 or ent is None:
                    continue
                exact = sp.ImmutableMatrix([[truth.pop()]])
                one = Block(((Entry.at(ent, n),),), n, n, (), "prose", " ".join(line.split())[:160])
                i, j = cells[0]
                self._verdict(one, "restated", self.conv, None, exact, match(one.rows, numeric(exact)),
                              R("table-entry", entry=f"[{i + 1},{j + 1}]", token=src.row_labels[i], line=src.line),
                              carried=(root or src.line) if wrong else None)

    def _percentages(self) -> None:
        """Percentages in the prose after a distribution (``它 40% 的注意力放在…``) restate its
        entries: one printed as 0.40 is 40%.  Bound by that printed equality, judged against the
        entry's right value at the percentage's own precision; carried when the distribution was wrong."""
        busy = {n for b in self.blocks for n in range(b.line, b.end + 1)}
        raw = self.doc.lines
        for n, line in enumerate(raw, start=1):
            if n in busy:
                continue
            for m in _PCT.finditer(line):
                ent = numerals.read(m.group(0).replace(" ", ""))
                if ent is None:
                    continue
                src = next((b for b in reversed(self.seen) if b.end < n and n - b.end <= 8 and _distributions(b)
                            and id(b) in self.state), None)
                if src is None:
                    continue
                wrong, root, right = self.state[id(src)]
                cells = [(i, j) for i, r in enumerate(src.rows) for j, e in enumerate(r) if e.value == ent.value]
                if not cells or (right is None and wrong):
                    continue
                truth = {(right if right is not None else src.matrix())[i, j] for i, j in cells}
                if len(truth) != 1:
                    continue   # 30% could be either of two entries that are not equal
                exact = truth.pop()
                pct = Entry.at(ent, n)
                fake = Block(((pct,),), n, n, (), "prose", " ".join(line.split())[:160])
                i, j = cells[0]
                how = R("percentage-of", entry=f"[{i + 1},{j + 1}]", line=src.line)
                self._verdict(fake, "restated", self.conv, None, sp.ImmutableMatrix([[exact]]),
                              match(fake.rows, numeric(sp.ImmutableMatrix([[exact]]))), how,
                              carried=(root or src.line) if wrong else None)

    def _variant_name(self, block: Block) -> bool:
        """Its name was defined above as a variant of the usual step (``S = \\tilde{Q}\\tilde{K}^T``)."""
        if not block.labels:
            return False
        m = LHS.search(re.sub(r"\$", " ", block.labels[0]))
        name = re.split(r"=|\\approx|≈", m.group(1))[0].strip() if m else ""
        return bool(name) and any(line < block.line for line in self.variants.get(name, ()))

    def _vote(self, hints) -> Conv:
        """The article's convention: the one under which most labelled steps agree exactly."""
        votes: Counter = Counter()
        for block, h in zip(self.blocks, hints):
            try:
                with guard.budget():
                    if h in INPUTS and h not in self._q().inputs and self._q().value(h) is None:
                        self.inputs[h] = (block.matrix(), block.line)
                        continue
                    if h not in ("scaled", "weights", "output"):
                        continue
                    for conv in self._convs():
                        floats = self._q().floats(h, conv)
                        if floats is not None and (floats.shape != block.shape or only_a_mistake(conv) or
                                                   far(block.rows, floats, every=False)):
                            continue   # (no vote: seen from its floats, before any exact value)
                        value = self._q().value(h, conv)
                        if value is not None and value.shape == block.shape and not only_a_mistake(conv):
                            m = match(block.rows, numeric(value))
                            if m and m.near:
                                votes[conv] += 1
            except guard.GuardError:
                continue
        if declared_no_scaling(self.text):
            votes[Conv("none")] += 10   # the article says so: its convention
        elif _STATED_SQRT.search(self.text):
            votes[CONV] += 1            # the formula it states is evidence too
        self.votes = dict(votes)
        if not votes:
            return CONV
        best = max(votes.values())
        tied = [c for c in votes if votes[c] == best]
        if len(tied) > 1 and self.scale is not None and Conv(self.scale) in tied:
            # labelled steps that agree under two scalings: the one the prints bound by their values follow
            return Conv(self.scale)
        return CONV if votes[CONV] == best else min(tied, key=CONVENTIONS.index)

    def _restated_state(self, b: Block):
        """The state of an operand no stage judged whose rows write again rows of earlier prints
        judged wrong (the weights written again beside V in ``[A][V] = [O]``): (True, root, its value
        end to end, those rows at their right values, the others as printed), else None."""
        rows: dict[tuple, tuple] = {}
        for other in self.blocks:
            st = self.state.get(id(other))
            if other.line >= b.line or not st or not st[0] or st[2] is None or \
                    getattr(st[2], "shape", None) != other.shape:
                continue
            for i, row in enumerate(other.texts):
                rows.setdefault(tuple(row), ([st[2][i, j] for j in range(st[2].cols)], st[1]))
        found = [rows.get(tuple(r)) for r in b.texts]
        if not any(found):
            return None
        printed = b.matrix()
        value = sp.ImmutableMatrix([f[0] if f else list(printed.row(i)) for i, f in enumerate(found)])
        return True, next(f[1] for f in found if f), value

    def _local(self, block: Block, h: str | None, loc: Local, k: int) -> bool:
        """Judge a chain's result from its own printed operands; False to leave it to binding."""
        states = [self.state.get(id(b)) or self._restated_state(b) for b in loc.operands]
        bad = [st for st in states if st and st[0]]
        mine = match(block.rows, numeric(loc.value), loc.slack or None)
        if h and loc.kind not in _COMPATIBLE.get(h, ()):
            h = None   # the chain does something else than the caption's step (a caption above a sum)
        q = self._q()
        if loc.scalar and len(loc.operands) == 1:
            weight = self._weight_entry(loc.scalar, block)
            if weight is not None:
                # "0.5 * [2, 8, 0]": 0.5 is the author's rounding of a weight; the exact term is
                # the exact weight times the vector
                vec = loc.operands[0]
                st = self.state.get(id(vec))
                vec_right = st[2] if st and st[2] is not None else vec.matrix()
                truth = sp.ImmutableMatrix(vec_right * weight[0])
                m = match(block.rows, numeric(truth))
                used = [_Author(sp.ImmutableMatrix([[parse_entry(loc.scalar)]]), weight[1], False, None)]
                self._verdict(block, "weighted", CONV, None, truth, m,
                              R("weight-times-vector", weight=loc.scalar, line=weight[1],
                                exact=short(weight[0], 4), vector=vec.line), step=(mine, used))
                self._coefficient(vec, loc.scalar)   # and the weight it restates, as printed there
                return True
        if len(loc.coefs) > 1 and self._weighted_sum(block, loc):
            return True
        if h is None and loc.kind == "product":
            h = self._product_of(loc.operands)   # [A] × [V] = [O]: the operands say what the result is
        if h in FAMILIES and h not in INPUTS:
            truth = q.value(h, self._conv_for(block, h))
            if truth is not None and truth.shape == block.shape:
                m = match(block.rows, numeric(truth))
                used = [_Author(b.matrix(), b.line, bool(st and st[0]), st[1] if st else None)
                        for b, st in zip(loc.operands, states)]
                self._verdict(block, h, self._conv_for(block, h), None, truth, m,
                              R("named-step", name=_show_name(h), how=loc.how), step=(mine, used))
                return True
        right = loc
        if bad:
            fixes = {id(b): st[2] for b, st in zip(loc.operands, states) if st and st[0] and st[2] is not None}
            if len(fixes) < len(bad):
                return False   # an operand is wrong and its right value is unknown: no witness
            right = local_chain(self.text, self.blocks, k, fixes)
            if right is None:
                return False
        m = match(block.rows, numeric(right.value), right.slack or None)
        root = min(st[1] or 0 for st in bad) if bad else None
        self._verdict(block, h or "local", CONV, None, right.value, m, loc.how,
                      carried=root if (bad and mine.near) else None)
        for vec, coef in zip(loc.operands, loc.coefs):
            self._coefficient(vec, coef)
        return True

    def _weighted_sum(self, block: Block, loc: Local) -> bool:
        """``0.33 × [2, 0] + 0.33 × [0, 2] + 0.33 × [1, 1] = [1.00, 1.00]`` where every coefficient is a
        weight the author printed: judged end to end, against the exact weights times the vectors'
        right values (the printed coefficients are roundings, 1/3 here)."""
        weights = [self._weight_entry(c, block) for c in loc.coefs]
        if any(w is None for w in weights) or len({w[1] for w in weights}) != 1:
            return False
        terms = []
        for vec, w in zip(loc.operands, weights):
            st = self.state.get(id(vec))
            terms.append((st[2] if st and st[2] is not None else vec.matrix()) * w[0])
        truth = sp.ImmutableMatrix(sum(terms[1:], terms[0]))
        if truth.shape != block.shape:
            return False
        wrong_weight = [w[2].line for w in weights if w[2].wrong]
        self._verdict(block, "weighted", CONV, None, truth, match(block.rows, numeric(truth)),
                      R("weights-times-vectors", line=weights[0][1]),
                      carried=wrong_weight[0] if wrong_weight else None)
        for vec, coef in zip(loc.operands, loc.coefs):
            self._coefficient(vec, coef)
        return True

    def _product_of(self, operands) -> str | None:
        """The quantity a product of printed operands is, when each operand is a known quantity (the
        author's print of it, or its values): weights × V is the output, Q × Kᵀ the scores."""
        if len(operands) != 2:
            return None
        fams = []
        for b in operands:
            mine = {f for f, a in self.author.items() if a.line == b.line and a.value.shape == b.shape}
            fams.append(mine or {f for f in ("X", "W_Q", "W_K", "W_V", "Q", "K", "V", "KT", "weights")
                                 if (v := self._q().value(f, self.conv)) is not None and v.shape == b.shape
                                 and v == b.matrix()})
        found = [f for f, ops in OPERANDS.items() if len(ops) == 2 and ops[0] in fams[0] and ops[1] in fams[1]]
        return found[0] if len(found) == 1 else None

    def _coefficient(self, vec: Block, coef: str) -> None:
        """``0.29 × [v_2]`` in a sum of value rows: 0.29 restates a weight the author printed; it is
        judged as that weight (carried when the author's weight was wrong)."""
        pos = self.text.rfind(coef, 0, vec.span[0]) if vec.span else -1
        if pos >= 0 and not self.text.count("\n", pos, vec.span[0]):
            self._restated_weight(coef, vec.line, pos, vec, f"{coef} ×", R("a-coefficient"))

    def _restated_weight(self, coef: str, line: int, pos: int, near: Block, source: str, role) -> None:
        """The printed ``coef`` at ``pos`` (on ``line``), judged as the author's weight it restates,
        found by :meth:`_weight_entry` from the terms around ``near``."""
        weight, entry = self._weight_entry(coef, near), numerals.read(coef)
        if weight is None or entry is None:
            return
        exact, line_w, author = weight
        one = Block(((Entry.at(entry, line, pos),),), line, line, (), "prose", source,
                    span=(pos, pos + len(coef)))
        truth = sp.ImmutableMatrix([[exact]])
        ok = match(one.rows, numeric(truth))
        self._verdict(one, "coefficient", CONV, None, truth, ok, R("weight-printed-at", line=line_w, role=role),
                      carried=(author.root or author.line) if author.wrong and not ok.full else None)

    def _sibling(self, block: Block, h: str, conv_here: Conv) -> bool:
        """"Scores" printed with the values of the scaled scores (or the other way round): the
        words are loose, the values decide; only an exact match is taken."""
        for fam in _SIBLINGS[h]:
            value = self._q().value(fam, conv_here)
            if value is not None and value.shape == block.shape:
                m = match(block.rows, numeric(value))
                if m.near:
                    self._verdict(block, fam, conv_here, None, value, m, self._how(fam, conv_here, None))
                    return True
        return False

    def _weight_entry(self, printed: str, block: Block | None = None):
        """(exact value, line) of the weight the author printed as ``printed`` in the latest
        weights, or None when it is not one of them or stands for different values.

        When the printed weight appears more than once, the terms written beside it decide:
        ``0.0 * [1, 2, 3]``, ``0.5 * [2, 8, 0]``, ``0.5 * [2, 6, 3]`` on consecutive lines weight
        the rows of V with one query's weights, and only one row of the weights reads 0.0, 0.5, 0.5."""
        value = parse_entry(printed)
        for a in reversed(self.versions.get("weights", [])):
            if a.right is None:
                continue
            cells = [(i, j) for i in range(a.value.rows) for j in range(a.value.cols) if a.value[i, j] == value]
            if not cells:
                continue
            row = self._query_of_terms(a, block) if block is not None else -1
            if row is None:
                continue   # the terms written beside it do not read these weights: an earlier print
            if row >= 0:
                cells = [(i, j) for i, j in cells if i == row]
            exact = {a.right[i, j] for i, j in cells}
            if len(exact) == 1:
                return exact.pop(), a.line, a
            return None
        return None

    def _v_row(self, block: Block, values=None) -> int | None:
        """Which row of V a printed vector is, if exactly one."""
        v = self._q().value("V")
        vec = values if values is not None else None
        if v is None:
            return None
        if vec is None:
            return None
        rows = [i for i in range(v.rows) if list(v.row(i)) == list(vec)]
        return rows[0] if len(rows) == 1 else None

    def _query_of_terms(self, weights: "_Author", block: Block) -> int | None:
        """The one row of the printed weights that every term ``w * [v_j]`` written on the
        lines around ``block`` agrees with (w in column j, where [v_j] is row j of V); -1 when
        there are no such terms to decide with, None when they fit no single row."""
        raw = self.doc.lines
        terms = []
        for n in range(max(1, block.line - 4), min(len(raw), block.line + 4) + 1):
            m = re.search(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\*|×|\\times|\\cdot)\s*\[([^\[\]]*)\]", raw[n - 1])
            if not m:
                continue
            vec = [parse_entry(x) for x in re.split(r"[,\s]+", m.group(2).strip()) if x]
            j = self._v_row(block, vec) if None not in vec else None
            if j is None:
                return -1   # a vector that is not a row of V: not a weighted sum of V's rows
            terms.append((parse_entry(m.group(1)), j))
        if len(terms) < 2:
            return -1   # no terms beside it to decide with
        rows = [i for i in range(weights.value.rows)
                if all(j < weights.value.cols and weights.value[i, j] == w for w, j in terms)]
        return rows[0] if len(rows) == 1 else None

    def _one(self, block: Block, h: str | None) -> None:
        swept = self._swept_by(block)
        if swept is not None:
            return self._unverifiable(block, R("sweep-column", name=swept))
        if h in ("Q", "K", "V") and self.assumed is not None:
            derived = self._q().value(h)
            if derived is not None and derived.cols != block.shape[1]:
                # the article now prints projections of its own (of weights it does not print):
                # Q = K = V = X was its simplified part, and it ends here
                self.inputs = {k: v for k, v in self.inputs.items()
                               if not (k in ("W_Q", "W_K", "W_V") and v[1] == self.assumed)}
                self.assumed = None
                self.author, self.versions = {}, {}
        q = self._q()
        if self._mask(block, h):
            return
        if h is not None and h not in INPUTS and block.labels and re.match(r"\s*[A-Za-z]\s*[=:]", block.labels[0]):
            from .bind.explain import explain
            why = explain(block, self.seen[-8:])
            if why is not None and why.full and not self._named_agrees(block, h):
                # "y = [..]" right under the exponentials it normalises: one letter is weak evidence, and
                # a step on the prints above that gives every value outweighs it (the value binder judges
                # the print as that step)
                self.state[id(block)] = (False, None, block.matrix())
                return
        if h in _GIVEN_STEPS and block.labels and _CODE_ASSIGN.search(block.labels[0]) and \
                q.value(h, self._conv_for(block, h)) is None:
            # scores = np.array([...]) in code assigns values, it computes nothing: a given step, unless
            # the article's inputs already give that step (then the array is the author's result)
            self.inputs = {k: v for k, v in self.inputs.items() if k not in _GIVEN_STEPS}
            self.inputs[h] = (block.matrix(), block.line)
            self.state[id(block)] = (False, None, block.matrix())
            self.definitions.append((block.line, R("given-in-code", name=_show_name(h), rows=block.shape[0],
                                                   cols=block.shape[1])))
            return
        if h in ("scores", "scaled") and any(e.value == -sp.oo for r in block.rows for e in r):
            h = "masked"   # -∞ entries: the scores after the mask
        if h in _GIVEN_STEPS and h in self.inputs and not block.operand:
            h_given = h   # a step taken as given before: restated, or another one
        elif h in _GIVEN_STEPS and q.value(h, self._conv_for(block, h)) is None and not block.operand \
                and block.shape[0] > 1 and not any(k in self.inputs for k in ("X", "Q", "K", "V")) \
                and self._plausible_step(block, h):
            if self._without_projections(block, [h], self._conv_for(block, h)) or self._restated(block, h) \
                    or self._op_of_earlier(block):
                return
            # a step printed without what it comes from (scores of random weights): the later
            # steps are checked from it, as the article does
            h_given = h
        else:
            h_given = None
        if (h in INPUTS or h_given) and h not in self.inputs and q.value(h) is None:
            if self._row_of_input(block):
                # and it is the query (or key) the article goes on with
                self.inputs[h] = (block.matrix(), block.line)
                self.state[id(block)] = (False, None, block.matrix())
                return
            self.inputs[h] = (block.matrix(), block.line)
            self.author.pop(h, None)
            self.state[id(block)] = (False, None, block.matrix())
            self.definitions.append((block.line, R("given", name=_show_name(h), rows=block.shape[0],
                                                   cols=block.shape[1])))
            self._drop_determined()
            if h == "X" and self.declared_qkv and not any(k in self.inputs for k in ("W_Q", "W_K", "W_V")):
                # the article says Q = K = V = X: its steps are judged that way from the start
                eye = sp.ImmutableMatrix(sp.eye(block.shape[1]))
                self.inputs.update({"W_Q": (eye, block.line), "W_K": (eye, block.line), "W_V": (eye, block.line)})
                self.assumed = block.line
                self.notes.append(R("states-no-projections", line=self.declared_qkv))
            return
        if h_given and h in self.inputs:
            value, line = self.inputs[h]
            m = match(block.rows, numeric(value))
            if m is None or m.near_share < 0.5:   # another printed step of the same kind: it replaces this one
                self.inputs = {k: v for k, v in self.inputs.items() if k not in _GIVEN_STEPS}
                self.inputs[h] = (block.matrix(), block.line)
                self.state[id(block)] = (False, None, block.matrix())
                self.definitions.append((block.line, R("given", name=_show_name(h), rows=block.shape[0],
                                                       cols=block.shape[1])))
                return
        if h in INPUTS and h in self.inputs and self.inputs[h][0].shape != block.shape:
            old = self.inputs[h][0]
            if old.rows == 1 and block.shape[1] == old.cols and block.shape[0] > 1 and \
                    any(block.matrix().row(i) == old for i in range(block.shape[0])):
                # key_2 printed first, then all the keys: the whole of the same quantity
                self.inputs[h] = (block.matrix(), block.line)
                self.state[id(block)] = (False, None, block.matrix())
                self.definitions.append((block.line, R("given-in-full", name=_show_name(h), rows=block.shape[0],
                                                       cols=block.shape[1])))
                return
            if _named(block, h):
                # "X = [...]" anew: another example (with the inputs given since the earlier one)
                self.inputs = self._since(h) | {h: (block.matrix(), block.line)}
                self.author, self.versions = {}, {}
                self.definitions.append((block.line, R("given-again", name=_show_name(h))))
                return
            h = None   # "input [1.76, 0]" is not X: a label and a shape that disagree bind nothing
        if h in INPUTS and h in self.inputs:
            value, line = self.inputs[h]
            m = match(block.rows, numeric(value))
            # printed again with other values: another example (or a variant), not a slip: nothing
            # says which of the two is meant
            if m is None or not m.near:
                # another example starts here: its inputs replace the earlier ones
                self.inputs = self._since(h) | {h: (block.matrix(), block.line)}
                self.author, self.versions = {}, {}
                self.definitions.append((block.line, R("given-again", name=_show_name(h))))
                return
            return self._verdict(block, h, self.conv, None, value, m, R("as-given", name=_show_name(h), line=line))
        self._derived(block, h)

    def _since(self, h: str) -> dict:
        """Where a new value of Q, K or V starts another example: the X and W's given after its earlier
        value, which belong to the new one (X and W^K given, then "Q = X W^Q = X = [...]").  A new X
        starts afresh."""
        if h not in ("Q", "K", "V"):
            return {}
        return {k: v for k, v in self.inputs.items()
                if k in ("X", "W_Q", "W_K", "W_V") and v[1] > self.inputs[h][1]}

    def _drop_determined(self) -> None:
        """Q, K or V given directly in an earlier example, once X and its W are given after them: the
        later example derives it (``K = X W^K = [...]`` is a step to judge, not the earlier K again)."""
        if "X" not in self.inputs:
            return
        for step, weight in (("Q", "W_Q"), ("K", "W_K"), ("V", "W_V")):
            if step in self.inputs and weight in self.inputs and \
                    self.inputs[step][1] < min(self.inputs["X"][1], self.inputs[weight][1]):
                del self.inputs[step]

    def _named_agrees(self, block: Block, h: str) -> bool:
        """Does the quantity ``h`` agree with the block in at least one entry (under the vote's convention)?"""
        value = self._q().value(h, self._conv_for(block, h))
        if value is None or value.shape != block.shape:
            return False
        m = match(block.rows, numeric(value))
        return m is not None and m.near_share > 0

    def _mask(self, block: Block, h: str | None = None) -> bool:
        """A mask printed as a matrix: 0/−∞ (added to the scores), or 1/0 (1 = may attend) when its
        label says mask.  The causal one is checked; another (padding, a window) is not derived."""
        vals = {e.value for r in block.rows for e in r}
        n = block.shape[0]
        if block.shape[1] != n or n < 2 or not (vals <= {0, -sp.oo} or vals <= {0, 1}) or len(vals) < 2:
            return False
        if h in INPUTS or (-sp.oo not in vals and not any(_MASK_WORDS.search(lb) for lb in block.labels[:2])):
            return False
        additive = -sp.oo in vals
        causal = sp.ImmutableMatrix(n, n, lambda i, j: (0 if j <= i else -sp.oo) if additive
                                    else (1 if j <= i else 0))
        if causal != block.matrix():
            self.other_mask = True   # from here on, masked steps are not derived
            self._unverifiable(block, R("other-mask"))
            return True
        self._verdict(block, "mask", CONV, None, causal, match(block.rows, numeric(causal)),
                      R("causal-mask-additive" if additive else "causal-mask-boolean"))
        return True

    def _row_of_input(self, block: Block) -> bool:
        """``q = x^2 = [0.55, 0.87, 0.66]``: one row of a given matrix, picked out and named for
        its role; it restates that row, it does not give a new one-row input."""
        if block.shape[0] != 1:
            return False
        for name, (value, line) in self.inputs.items():
            if value.cols != block.shape[1] or value.rows < 2:
                continue
            rows = [i for i in range(value.rows) if sp.ImmutableMatrix(value.row(i)) == block.matrix()]
            if len(rows) == 1:
                right = sp.ImmutableMatrix(value.row(rows[0]))
                self._verdict(block, "restated", self.conv, None, right, match(block.rows, numeric(right)),
                              R("row-of", row=rows[0] + 1, of=R("as-given", name=_show_name(name), line=line)))
                return True
        return False

    def _plausible_step(self, block: Block, h: str) -> bool:
        """A printed step taken as given must look like one: weights are distributions."""
        return h != "weights" or _distributions(block)

    # ------------------------------------------------------------------ derived quantities

    def _candidates(self, block: Block, families):
        """(family, conv, row, value, numeric) with the block's shape; a row when the block is one row.
        Each a :class:`_Candidate`, whose exact value is made only when it is asked for."""
        out = []
        for fam, conv, this in self._values(tuple(families)):
            shape = this.shape
            if shape == block.shape:
                out.append(_Candidate(fam, conv, None, this))
            elif block.shape[0] == 1 and shape[1] == block.shape[1] and shape[0] > 1:
                out.extend(_Candidate(fam, conv, i, this, self._rows_of) for i in range(shape[0]))
        if block.constant:   # (see Block.constant)
            out = [c for c in out if c.floats is not None and np.ptp(c.floats) <= 1e-12]
        return out

    def _values(self, families: tuple) -> list:
        """(family, conv, value) of every value the inputs as they are now determine, one per value
        of each family (the first convention that gives it): made once for these inputs."""
        q, convs = self._q(), tuple(self._convs())
        key = (id(q), families, convs)
        got = self._value_lists.get(key)
        if got is not None and got[0] is q:
            return got[1]
        found = []
        for fam in families:
            kept: list[_Value] = []   # the values of this family so far, one per value
            for conv in convs:
                if fam == "masked" and conv.mask == "none":
                    continue   # masked scores without a mask are the scaled scores
                this = _Value(q, fam, conv)
                if this.floats is None and this.exact() is None:
                    continue
                if any(this.same(other) for other in kept):
                    continue
                kept.append(this)
                found.append((fam, conv, this))
        self._value_lists[key] = (q, found)
        return found

    def _rows_of(self, value) -> tuple:
        """The rows of an exact value as matrices of one row, made once for it."""
        got = self._value_rows.get(id(value))
        if got is None or got[0] is not value:
            got = (value, tuple(sp.ImmutableMatrix(value.row(i)) for i in range(value.rows)))
            self._value_rows[id(value)] = got
        return got[1]

    def _derived(self, block: Block, h: str | None) -> None:
        guessed = False   # named by its -∞ entries alone: weak evidence, so only a near match is judged
        if h == "weights" and any(not 0 <= e.value <= 1 for r in block.rows for e in r):
            h = None   # weights lie in [0, 1]: the logits (2, 1, 0) under a heading on softmax are not them
        if h in ("scores", "scaled", None) and any(e.value == -sp.oo for r in block.rows for e in r):
            # (a caption that speaks of the mask names it)
            guessed = h is None and not any(_MASK_WORDS.search(lb) for lb in block.labels[:2])
            h = "masked"   # -∞ entries: the scores after the mask
        if self.masked and (h == "weights" or (h is None and _distributions(block))) and _masked_zeros(block) \
                and not _masked_zeros(block) <= _above(block):
            self.other_mask = True   # from here on, masked steps are not derived
            return self._unverifiable(block, R("weights-other-mask"))
        if h == "masked" and not _causal_pattern(block):
            self.other_mask = True   # from here on, masked steps are not derived
            return self._unverifiable(block, R("scores-other-mask"))
        if h is None and self._restated(block, h):
            return
        families = [h] if h else list(_ALL)
        if h is None and not block.operand and _distributions(block):
            # every row is a distribution: the values themselves say "weights" (weak evidence, so
            # only a near match is judged)
            if self._softmax_of_earlier(block):
                return
            families = ["weights"]
            scores = self._q().value("scores")
            if scores is not None and block.shape == scores.shape and block.shape[0] > 1:
                h = "weights"   # a whole L×L matrix of distributions: the attention weights
        conv_here = self._conv_for(block, h)
        if h in _SIBLINGS and self._sibling(block, h, conv_here):
            return
        if self._without_projections(block, families, conv_here):
            return
        cands = self._candidates(block, families)
        named_row = _row_named(block)
        if named_row is not None and any(c[2] == named_row for c in cands):
            # "Softmax(Row 3) = [...]": the label says which row it is
            cands = [c for c in cands if c[2] in (None, named_row)]
        if not cands and h == "weights" and block.shape[0] == 1 and self._softmax_of_named(block):
            return
        if not cands:
            # (nothing the inputs determine has its shape: its values against the author's recent
            # steps are the only evidence, whatever its label)
            if (h is None and self._weighted_values(block)) or self._op_of_earlier(block) or self._by_value(block, h):
                return
            why = self._why_none(block, h)
            return self._unverifiable(block, R("labelled-but", name=_show_name(h), why=why) if h else why)
        scored = [(c, c.match(block)) for c in cands]
        full = [(c, m) for c, m in scored if m.near]
        if not full and h is not None and sum(e.value != 0 for r in block.rows for e in r) >= 2:
            # a label is evidence, never decisive: values that another step explains in full (a
            # row of the scaled scores restated under a "softmax" heading) are that step
            others = [(c, c.match(block)) for c in self._candidates(block, [f for f in _ALL if f != h])
                      if not (named_row is not None and c[2] not in (None, named_row))]
            full = [(c, m) for c, m in others if m.near and (c[1] == conv_here or not only_a_mistake(c[1]))]
            if not full:
                # nor decisive against values another step explains clearly better (two thirds at
                # least, and a quarter of the entries more): the masked scores with one slip under a
                # caption that says "scores" are the masked scores, with that slip
                top = max((m.near_share for _, m in scored), default=0.0)
                better = [(c, m) for c, m in others if m.total >= 4 and m.near_share >= max(2 / 3, top + 0.25)
                          and (c[1] == conv_here or not only_a_mistake(c[1]))
                          and c[0] not in INPUTS + ("W_Q", "W_K", "W_V")]   # (inputs are data: all or nothing)
                most = max((m.near_share for _, m in better), default=None)
                full = [(c, m) for c, m in better if m.near_share == most]
        if full:
            # prefer the article's convention, then whole matrices over rows
            best = min(full, key=lambda cm: (cm[0][1] != conv_here, cm[0][2] is not None,
                                             CONVENTIONS.index(cm[0][1])))
            (fam, conv, row, value, _), m = best
            if conv != conv_here and only_a_mistake(conv):
                # softmax by columns or ÷d_k is a mistake, never a convention: the block is that
                # step done wrong; judged against the article's own convention, with the diagnosis
                right = self._q().value(fam, conv_here)
                if right is not None and row is not None and right.rows > row:
                    right = sp.ImmutableMatrix(right.row(row))
                if right is not None and right.shape == block.shape:
                    return self._verdict(block, fam, conv_here, row, right, match(block.rows, numeric(right)),
                                         self._how(fam, conv_here, row))
            elif not (conv != conv_here and h in ("scaled", "weights", "output")) or conv == CONV \
                    or self.votes.get(conv, 0) >= 2 or not self.votes.get(conv_here, 0):
                # (a labelled step that agrees only under another convention, against an article
                # whose own convention has evidence, is judged below as a slip with that diagnosis)
                return self._verdict(block, fam, conv, row, value, m, self._how(fam, conv, row))
        if self._restated(block, h):
            return
        if (self.other_mask and (h in _PER_HEAD or h is None)) or \
                (self.heads_from is not None and block.line >= self.heads_from and (h in _PER_HEAD or h is None)) or any(_HEAD.search(lb) for lb in block.labels[:2]):
            # one head of several: the whole-model quantity of the same shape is another thing
            return self._unverifiable(block, R("per-head"))
        mine = [(c, m) for c, m in scored if c[1] == conv_here or c[0] in ("Q", "K", "V", "KT", "X", "scores")]
        if h and not guessed:
            pool = mine
            need = 0.0 if len({c[2] for c, _ in pool}) <= 1 else 0.5
        else:
            # by values alone: a near match of a computed step (inputs are not near-matched)
            pool = [(c, m) for c, m in mine if m.total >= 4 and c[0] not in INPUTS + ("W_Q", "W_K", "W_V")]
            # (an operand of a chain is what the chain's arithmetic makes it: only a full match says
            # it is a step printed again, a part is no witness)
            need = 1.0 if block.operand else 0.75
        pool = [(c, m) for c, m in pool if m.near_share >= need] if pool else []
        if not pool and guessed:
            # −∞ where a mask puts it, other values than the scores: a bias plus a mask (ALiBi, a
            # window); the steps after it are not derived here
            self.other_mask = True
            return self._unverifiable(block, R("bias-or-mask"))
        if not pool:
            # what the author's own printed steps give: a block that equals it is that step
            for c, m in scored:
                if c.conv != conv_here or c.fam in INPUTS + ("W_Q", "W_K", "W_V"):
                    continue
                fam, conv, row, value, num = c
                step, used = self._stepwise(block, fam, conv, row)
                if step is not None and step.near and used:
                    return self._verdict(block, fam, conv, row, value, m, self._how(fam, conv, row),
                                         step=(step, used))
            if (h is None and self._weighted_values(block)) or self._op_of_earlier(block) or \
                    self._by_value(block, h):
                return   # (a step on the author's own values, found by all of them, whatever the label)
            why = R("matches-nothing")
            return self._unverifiable(block, R("labelled-but", name=_show_name(h), why=why) if h else why)
        top = max(m.near_share for _, m in pool)
        best = [(c, m) for c, m in pool if m.near_share == top]
        if len({(c[0], c[2]) for c, _ in best}) > 1:
            hows = {str(self._how(c[0], c[1], c[2])): self._how(c[0], c[1], c[2]) for c, _ in best}
            return self._unverifiable(block, R("could-be-any", choices=[hows[k] for k in sorted(hows)]))
        (fam, conv, row, value, num), m = best[0]
        self._verdict(block, fam, conv, row, value, m, self._how(fam, conv, row))

    def _restated(self, block: Block, h: str | None) -> bool:
        """A block that repeats a value the article printed and this check judged before (an
        operand written again, a step restated), whole or one of its rows."""
        for prev in reversed(self.seen):
            st = self.state.get(id(prev))
            if st is None or prev.line == block.line:
                continue
            if h and self.hints.get(id(prev)) not in (None, h):
                continue   # the label says another quantity: equal prints are a coincidence
            mine = prev.matrix()
            rows = [None] if mine.shape == block.shape else \
                list(range(mine.rows)) if block.shape[0] == 1 and mine.cols == block.shape[1] and mine.rows > 1 else []
            for row in rows:
                # (the same print has the same floats: most earlier prints are told apart by them)
                if not np.array_equal(block.floats, prev.floats if row is None else prev.floats[row:row + 1]):
                    continue
                printed = mine if row is None else sp.ImmutableMatrix(mine.row(row))
                if not _same_print(block, printed):
                    continue
                right = st[2]
                if right is None:
                    if st[0]:
                        return False   # restates a wrong value whose right value is unknown: no witness
                    right = mine
                right = right if row is None else sp.ImmutableMatrix(right.row(row))
                m = match(block.rows, numeric(right))
                how = R("value-printed-at", line=prev.line) if row is None else \
                    R("value-row-printed-at", row=row + 1, line=prev.line)
                fam = next((f for f, a in self.author.items() if a.line == prev.line), "restated")
                self._verdict(block, fam, self.conv, row, right, m, how,
                              carried=None if (m.full or not st[0]) else (st[1] or prev.line))
                return True
        return False

    def _without_projections(self, block: Block, families, conv_here) -> bool:
        """X given and no W: the simplified attention of many tutorials, Q = K = V = X.  An
        assumption, so it only ever confirms a block (a full match), never finds one wrong."""
        if "X" not in self.inputs or any(k in self.inputs for k in ("W_Q", "W_K", "W_V")):
            return False
        x = self.inputs["X"][0]
        rows_of_x = {tuple(x.row(i)) for i in range(x.rows)}
        picked = [k for k in ("Q", "K", "V") if k in self.inputs]
        if any(not ({tuple(v.row(i)) for i in range(v.rows)} <= rows_of_x) for v in
               (self.inputs[k][0] for k in picked)):
            return False   # a Q, K or V of its own, not rows of X: the article has projections
        eye = _identity(x.cols)   # (one object per size: the quantities of these inputs are kept, see _q)
        saved = self.inputs
        kept = {k: v for k, v in saved.items() if k not in picked}
        self.inputs = {**kept, "W_Q": (eye, 0), "W_K": (eye, 0), "W_V": (eye, 0)}
        try:
            # only a full match counts here: a candidate far from some entry is none
            scored = [(c, c.match(block)) for c in self._candidates(block, families)
                      if not far(block.rows, c.floats, every=False)]
        finally:
            self.inputs = saved
        full = [(c, m) for c, m in scored if m.full and c[0] not in ("W_Q", "W_K", "W_V")]
        if not full:
            return False
        (fam, conv, row, value, _), m = min(full, key=lambda cm: (cm[0][1] != conv_here, cm[0][2] is not None,
                                                                 CONVENTIONS.index(cm[0][1])))
        self._verdict(block, fam, conv, row, value, m, R("with-identity", how=self._how(fam, conv, row)))
        if fam not in ("X",):
            # a printed step that only Q = K = V = X explains: the article works without projections,
            # and from here on its steps are judged that way
            self.assumed = block.line
            self.inputs = {**kept, "W_Q": (eye, block.line), "W_K": (eye, block.line),
                           "W_V": (eye, block.line)}
            if fam in ("scaled", "weights", "output") and not only_a_mistake(conv):
                self.conv = conv   # and its scaling is the one that block shows
            elif max(self.votes.values(), default=0) <= 1:
                # no scaling in this step and no step voted (a formula stated somewhere is one vote):
                # the steps printed after it show the scaling
                self.conv = later_convention(self.blocks, self.hints, self.inputs, self.d_k, self._convs(),
                                             block.line) or self.conv
            self.notes.append(R("follows-no-projections", line=block.line))
        return True

    def _softmax_of_earlier(self, block: Block) -> bool:
        """A distribution that is the softmax (or e^x) of a vector printed a little earlier."""
        if block.shape[0] != 1:
            return False
        for prev in reversed(self.seen[-12:]):
            if prev.shape != block.shape or prev is block or block.line - prev.end > 40:
                continue
            for fam in ("weights", "exp"):
                value = apply("exp" if fam == "exp" else "weights", [prev.matrix()], CONV, None)
                if value is not None and match(block.rows, numeric(value)).near:
                    how = R("softmax-of-values" if fam == "weights" else "exp-of-values", line=prev.line)
                    self._verdict(block, fam, CONV, None, value, match(block.rows, numeric(value)), how)
                    if self.state.get(id(prev), (None, None, None))[2] is None:
                        # of digits whose exact value nothing determined: no right value for what follows
                        # (a step on this print is judged on its printed digits, not on these)
                        wrong, root, _ = self.state[id(block)]
                        self.state[id(block)] = (wrong, root, None)
                    return True
        return False

    def _op_of_earlier(self, block: Block) -> bool:
        """An unnamed block that is one step applied to the author's recent blocks: a row maximum
        or row sum (``m = [0.60, 0.82]`` under a score matrix), a column broadcast over the rows,
        or a difference, quotient or product of two of them (``O / l``).  Found by its values
        (every entry, at least two), so it is that step; judged against the same step on the right
        values of its operands, and carried when an operand was wrong."""
        if block.shape[0] * block.shape[1] < 2 or len({e.value for r in block.rows for e in r}) < 2:
            return False   # (a constant block, [0, 0], matches too many steps to tell which; sums.py reads sums)
        recent = [b for b in reversed(self.seen[-8:]) if 0 <= block.line - b.end <= 60 and b is not block
                  and id(b) in self.state]
        for name, args, fn in self._steps(block, recent):
            try:
                with guard.budget():
                    printed = fn(*[a.matrix() for a in args])
                    states = [self.state[id(a)] for a in args]
                    if printed is not None and printed.shape == block.shape and \
                            not match(block.rows, numeric(printed)).near and all(st[2] is not None for st in states):
                        printed = fn(*[st[2] for st in states])   # (sums of rounded entries drift: the right ones)
                    if printed is None or printed.shape != block.shape or \
                            not match(block.rows, numeric(printed)).near:
                        continue
                    if any(st[0] and st[2] is None for st in states):
                        self._unverifiable(block, R("from-unknown-right", how=name))
                        return True
                    right = fn(*[st[2] if st[2] is not None else a.matrix() for a, st in zip(args, states)])
            except (guard.GuardError, ValueError, TypeError, ZeroDivisionError):
                continue
            roots = [st[1] or a.line for a, st in zip(args, states) if st[0]]
            m = match(block.rows, numeric(right))
            self._verdict(block, "step", self.conv, None, right, m, name,
                          carried=min(roots) if roots and not m.full else None)
            return True
        return False

    def _weighted_values(self, block: Block) -> bool:
        """The weighted values before they are summed (``values[:, None] * A.T[:, :, None]``):
        for one key j, each query's weight a_ij times v_j (a slice of a 3-D print), or for one
        query i, the rows a_ij·v_j.  Found by its values from the author's printed weights (or the
        exact ones), judged against the exact weights; drift or carried as the weights used were."""
        q = self._q()
        v = q.value("V")
        exact = q.value("weights", self.conv)
        if v is None or exact is None or block.shape != (exact.rows, v.cols) or exact.cols != v.rows \
                or block.shape[0] * block.shape[1] < 4:
            return False

        def slices(w):
            for j in range(w.cols):
                yield R("weights-of-key", key=j + 1), \
                    sp.ImmutableMatrix(w.rows, v.cols, lambda i, c: w[i, j] * v[j, c])
            if w.rows == w.cols == v.rows:
                for i in range(w.rows):
                    yield R("weights-of-query", query=i + 1), \
                        sp.ImmutableMatrix(v.rows, v.cols, lambda r, c: w[i, r] * v[r, c])

        for (how, right) in slices(exact):
            m = match(block.rows, numeric(right))
            if m.near:
                self._verdict(block, "weighted", self.conv, None, right, m, R("weighted-values", how=how))
                return True
        for a in reversed(self.versions.get("weights", [])[-4:]):
            if a.value.shape != exact.shape:
                continue
            for (how, mine), (_, right) in zip(slices(a.value), slices(exact)):
                step = match(block.rows, numeric(mine))
                if step.near:
                    self._verdict(block, "weighted", self.conv, None, right, match(block.rows, numeric(right)),
                                  R("weighted-values-printed", how=how, line=a.line),
                                  step=(step, [a]))
                    return True
        return False

    @staticmethod
    def _steps(block: Block, recent: list[Block]):
        """(description, operands, function) of the steps a block may be, nearest operands first."""
        n, c = block.shape

        def rowwise(f):
            return lambda a: sp.ImmutableMatrix([[f(list(a.row(i)))] for i in range(a.rows)])

        def numeric_max(xs):
            return max(xs, key=lambda x: float(sp.N(x, 30)))

        def along(a):   # a column vector (or a row of one entry per row) as a column
            return a if a.cols == 1 else a.T if a.rows == 1 else None

        def normalised(x):   # each row over its sum (each sum made once)
            sums = [sum(x.row(i)) for i in range(x.rows)]
            return sp.ImmutableMatrix(x.rows, x.cols, lambda i, j: x[i, j] / sums[i])

        def repeated(x):     # the column repeated along the rows
            col = along(x)
            return sp.ImmutableMatrix(n, c, lambda i, j: col[i, 0])

        def by_rows(op):     # x op y[i] in row i, y a column
            def fn(x, y):
                col = along(y)
                return sp.ImmutableMatrix(x.rows, x.cols, lambda i, j: op(x[i, j], col[i, 0]))
            return fn

        for a in recent:
            m = a.matrix()
            if (n, c) in ((m.rows, 1), (1, m.rows)) and m.cols >= 2:
                for label, f in (("row-maximum", numeric_max), ("row-sum", lambda xs: sum(xs))):
                    def fn(x, f=f, flip=(n == 1 and m.rows > 1)):
                        v = rowwise(f)(x)
                        return v.T if flip else v
                    yield R(label, line=a.line), [a], fn
            if m.shape == (n, c) and c >= 2:
                # x / x.sum(): the plain normalisation many tutorials show before softmax
                yield (R("divided-by-sum-rows" if n > 1 else "divided-by-sum", line=a.line), [a], normalised)
            col = along(m)
            if col is not None and col.rows == n and c >= 2 and m.shape != (n, c):
                yield (R("repeated-along-rows", line=a.line), [a], repeated)
        for a in recent:
            for b in recent:
                if a is b:
                    continue
                ma, mb = a.matrix(), b.matrix()
                if ma.shape == (n, c) and along(mb) is not None and along(mb).rows == n and mb.shape != ma.shape:
                    for label, op in (("divided-by-rows", lambda x, y: x / y), ("minus-rows", lambda x, y: x - y)):
                        yield R(label, a=a.line, b=b.line), [a, b], by_rows(op)
                if ma.shape == (n, c) and mb.shape == (n, c) and a.line > b.line:
                    yield (R("minus", a=b.line, b=a.line), [b, a], lambda x, y: x - y)
                if ma.rows == n and mb.cols == c and ma.cols == mb.rows and ma.cols >= 2:
                    yield R("product-of-lines", a=a.line, b=b.line), [a, b], lambda x, y: x * y

    def _softmax_of_named(self, block: Block) -> bool:
        """Weights printed beside the (scaled) scores they come from, with no inputs to derive
        either (a table with a score column and a weight column): the softmax of that vector."""
        # (the nearest such print: a softmax under raw scores is theirs, not of scaled ones further up;
        # a print of its shape before it on its own line, ``[3.1, 0.4, -inf] → [..]``, is what it comes
        # from, whatever its label; entries that are no probabilities, 3.1 or -inf, are no weights)
        if not all(0 <= x.value <= 1 for r in block.rows for x in r) or any(
                p is not block and p.shape == block.shape and p.end == block.line and
                self.hints.get(id(p)) not in ("scaled", "scores") for p in self.seen[-3:]):
            return False
        prev = next((p for p in reversed(self.seen[-12:]) if self.hints.get(id(p)) in ("scaled", "scores")
                     and p.shape == block.shape and block.line - p.end <= 40), None)
        value = apply("weights", [prev.matrix()], CONV, None) if prev is not None else None
        if value is None:
            return False
        if any(p is not block and p.shape == block.shape and p.line > prev.end and
               _distributions(p) and not match(p.rows, numeric(value)).near
               for p in self.seen[-12:]):
            return False   # a distribution printed since that is not their softmax: the article has moved on
        fam = self.hints[id(prev)]
        if fam == "scores" and not match(block.rows, numeric(value)).near:
            return False   # raw scores: whether (and by what) they were scaled first is not known
        if _exp_of(block, prev):
            return False   # e^x of that vector, to the printed digits of both: its e^x column
        st = self.state.get(id(prev))
        how = R("softmax-of-printed", name=_show_name(fam), line=prev.line)
        self._verdict(block, "weights", CONV, None, value, match(block.rows, numeric(value)), how,
                      carried=(st[1] or prev.line) if st and st[0] else None)
        return True

    def _conv_for(self, block: Block, h: str | None) -> Conv:
        """The article's convention, with the mask as this block's own evidence says."""
        label = " ".join(block.labels[:2]).lower()
        masked_before = "masked" in self.author and h in ("exp", "weights", "output") and \
            any(x == -sp.oo for x in self.author["masked"].value)
        if h == "masked" or masked_before or (_MASK_WORDS.search(label) and not _NO_MASK.search(label)):
            return Conv(self.conv.scale, self.conv.axis, "causal")
        if _NO_MASK.search(label):
            return Conv(self.conv.scale, self.conv.axis, "none")
        return self.conv

    def _why_none(self, block: Block, h: str | None) -> Reason:
        q = self._q()
        if h:
            value = q.value(h, self.conv)
            if value is None:
                return R("not-determined")
            return R("other-shape", rows=value.rows, cols=value.cols, brows=block.shape[0], bcols=block.shape[1])
        if not self.inputs:
            return R("no-inputs-yet")
        return R("no-quantity-of-shape")

    def _by_value(self, block: Block, h: str | None) -> bool:
        """Bind the block by its values alone (:mod:`.catalogue`): every quantity the inputs determine,
        in every view (a row, a column, the first rows, an entry, transposed); the label only settles
        a tie.  The claim is judged against the exact value of the one candidate that explains the
        block; a convention that is only a common mistake is judged against the article's own."""
        if not self.inputs or block.operand or block.stack:
            return False   # (a slice of an n-D print is judged with its array, :mod:`.batched`)
        key = (tuple(sorted((k, line) for k, (_, line) in self.inputs.items())), self.d_k, self.masked)
        if getattr(self, "_cat_key", None) != key:
            self._cat_key, self._cat = key, Catalogue(self._q(), self._convs())
        b = self._cat.bind(block, prefer=h)
        if b is None or (b.agreeing < b.total and h != b.family):
            # (values alone that agree in part are not yet a witness: a permuted output, a matrix of
            # zeros, a row of one-hot inputs agree with something in two thirds of their entries; only
            # a label that names the quantity makes the rest wrong)
            return False
        conv_here = self._conv_for(block, h)
        fam, conv, view, value = b.family, b.conv, b.view, b.exact
        scores = self._q().value("scores", conv)
        vector = conv.axis == "cols" and scores is not None and scores.cols == 1
        if conv != conv_here and only_a_mistake(conv) and not vector:
            # (over a single column of scores, the softmax by columns is the softmax of the vector)
            if h != fam or (view.kind != "whole" and sum(e.value != 0 for r in block.rows for e in r) < 3):
                # values alone that a common mistake explains: the mistake, or the article's own way
                # of computing; only a label that names the step says it is that step done wrong (and
                # two numbers are a row of something under some mistake by chance: a part needs three)
                return False
            right = self._q().value(fam, conv_here)
            if right is None or view.take(sp.Matrix(right)).shape != block.shape:
                return False
            conv, value = conv_here, sp.ImmutableMatrix(view.take(sp.Matrix(right)))
        how = self._how(fam, conv, None)
        if view.kind == "row":
            how = R("row-of", row=view.index + 1, of=how)
        elif view.kind == "col":
            how = R("column-of", col=view.index + 1, of=how)
        elif view.kind == "first":
            how = R("first-rows", t=view.index, name=how)
        elif view.kind == "entry":
            how = R("entry-at", row=view.index[0] + 1, col=view.index[1] + 1, of=how)
        if view.transposed:
            how = R("printed-transposed", of=how)
        self._verdict(block, fam, conv, None, value, match(block.rows, numeric(value)), R("bound-by-value", how=how),
                      record=view.kind == "whole" and not view.transposed)
        return True

    def _how(self, fam: str, conv: Conv, row):
        """The quantity a block is bound to, with its convention and row: a Reason to render."""
        name = _show_name(fam)
        if fam == "scaled" and conv.scale == "none":
            name, fam = "QKᵀ", "scores"   # "scaled" without a scaling is the scores themselves
        if fam in ("scaled", "weights", "output", "exp"):
            name = R("with-convention", name=name, conv=conv.describe())
        return name if row is None else R("row-of", row=row + 1, of=name)

    # ------------------------------------------------------------------ verdicts

    def _verdict(self, block: Block, fam: str, conv: Conv, row, value, m: Match, how,
                 carried: int | None = None, step=None, record: bool = True) -> None:
        """The claim on a block bound to ``value`` (``fam`` under ``conv``, ``row`` of it), and what the
        binder remembers of it: the author's print, whether it was wrong, and its right value."""
        lines = sorted(set(block.row_lines) | {e.line for r in block.rows for e in r})
        cause, root, mistakes, drift_lines = "slip", None, (), ()
        if not m.full:
            inputs = self._within_rounded_inputs(block, fam, conv, row)
            if inputs:
                self.state[id(block)] = (False, None, None)
                self.claims.append(unverifiable(block.line, block.source, R("rounded-inputs", how=how, lines=inputs),
                                                what=how, claimed=[list(r) for r in block.texts], lines=lines))
                return
            step, used = step if step is not None else self._stepwise(block, fam, conv, row)
            roots = [a for a in used if a.wrong]
            if carried is not None or (step is not None and step.near and roots):
                cause, root = "carried", carried if carried is not None else min(a.root or a.line for a in roots)
            elif step is not None and step.near and used:
                cause, drift_lines = "drift", [a.line for a in used]
            else:
                mistakes = self._diagnose(block, fam, conv, row, m)
        claim = judged(block.line, block.source, how, block.rows, value.tolist(), values=numeric(value),
                       slack=m.slack, expected=_show(value), lines=lines, cause=cause, root=root, mistakes=mistakes,
                       drift_lines=drift_lines, inputs=fam not in ("local", "coefficient"),
                       places=block_places(block.rows),
                       rows=[row] * block.shape[0] if row is not None else None,
                       cols=[[self._column(e) for e in r] for r in block.rows])
        wrong = claim.status == "wrong"
        root = (claim.root or block.line) if wrong and claim.cause == "carried" else block.line if wrong else None
        if record:
            self._record(fam, row, block, wrong, root, value if row is None else None)
        # (a print that agrees only within the rounding of its printed operands has no known exact
        # value: written again, it is that print again, not the value of those rounded operands)
        loose = getattr(claim.reason, "code", "").startswith("agrees-operands")
        self.state[id(block)] = (wrong, root, value if row is None and not loose else None)
        self.claims.append(claim)

    def _within_rounded_inputs(self, block: Block, fam: str, conv: Conv, row) -> list[int]:
        """The lines of the inputs that are a program's rounded prints, when the block lies within
        what their rounding allows for ``fam``; else [] (the block's values are then a witness)."""
        if fam not in FAMILIES or fam in INPUTS:
            return []
        rounded, lines = {}, []
        for name, (value, line) in self.inputs.items():
            b = next((b for b in self.blocks if b.line <= line <= b.end and b.shape == value.shape), None)
            fence = self.doc.fence_at(line)
            places = max((e.places or 0 for r in b.rows for e in r), default=0) if b is not None else 0
            if b is not None and fence is not None and places >= 3 and \
                    (fence.output or any(lb.startswith("print(") for lb in b.labels[:1])):
                rounded[name], lines = places, lines + [line]
        if not rounded:
            return []
        band = spread(self._q(), fam, conv, rounded)
        if band is None:
            return []
        if row is not None:
            band = [band[row]] if row < len(band) else None
        if band is None or len(band) != block.shape[0] or len(band[0]) != block.shape[1]:
            return []
        for r, brow in zip(block.rows, band):
            for e, (lo, hi) in zip(r, brow):
                low, high = interval(e)
                if e.places is None or high < lo or low > hi:
                    return []
        return sorted(lines)

    def _column(self, entry) -> int | None:
        """The entry's offset in its own line (so --fix edits exactly that number)."""
        if entry.pos < 0:
            return None
        return entry.pos - (self.text.rfind("\n", 0, entry.pos) + 1)

    def _stepwise(self, block, fam, conv, row):
        """(match against the value recomputed from the author's printed operands, operands used).

        Every recent printed version of an operand is tried (an article may print the weights
        exactly, then rounded, and go on from the rounded ones), the latest first."""
        best = (None, [])
        for author in self._author_maps(fam):
            used: list[_Author] = []
            value = self._step_value(fam, conv, used, author)
            if value is None or not used:
                continue
            if row is not None:
                whole = self._q().value(fam, conv)
                if row >= value.rows or (whole is not None and value.rows < whole.rows):
                    # the author's operands make fewer rows (one printed row of the weights): which
                    # row they make is not this one's to say
                    continue
                value = sp.ImmutableMatrix(value.row(row))
            m = match(block.rows, numeric(value)) if value.shape == block.shape else None
            if best[0] is None or (m is not None and m.near):
                best = (m, used)
            if m is not None and m.near:
                break
        return best

    def _author_maps(self, fam):
        """Maps family -> printed version: the latest versions, then older ones of one operand."""
        yield self.author
        ops = set()
        todo = list(OPERANDS.get(fam, ()))
        while todo:
            op = todo.pop()
            if op in ("masked", "scaled", "KT") and op not in self.author:
                todo.extend(OPERANDS.get(op, ()))
            ops.add(op)
        for op in sorted(ops):
            for older in reversed(self.versions.get(op, [])[-4:-1]):
                yield {**self.author, op: older}

    def _step_value(self, fam, conv, used, author=None):
        author = self.author if author is None else author
        args = []
        for op in OPERANDS.get(fam, ()):
            if op in author:
                used.append(author[op])
                args.append(author[op].value)
            elif op in ("masked", "scaled", "KT"):   # rarely printed: one step further back
                args.append(self._step_value(op, conv, used, author))
            else:
                args.append(self._q().value(op, conv))
            if args[-1] is None:
                return None
        return apply(fam, args, conv, self._q().dk() if fam == "scaled" else None) if args else None

    def _diagnose(self, block, fam, conv, row, m: Match) -> tuple:
        """The common mistakes (:data:`~symattn.check.diagnose.MISTAKES`) that give the printed values."""
        q = self._q()
        found = []
        for mistake in MISTAKES:
            other = mistake.convention(conv) if mistake.convention else None
            if other is None or other == conv or (other.mask != "none" and not self.masked):
                continue
            v = q.value(fam, other)
            if v is None or v == q.value(fam, conv):
                continue
            if row is not None:
                if v.rows <= row:
                    continue
                v = sp.ImmutableMatrix(v.row(row))
            if v.shape == block.shape and match(block.rows, numeric(v)).near:
                found.append(R(mistake.code))
        v = q.value(fam, conv)
        if not found and row is None and v is not None and v.rows == v.cols and v.shape == block.shape and \
                v != v.T and match(block.rows, numeric(v.T)).near:
            found.append(R("transposed"))
        return tuple(found)

    def _record(self, fam, row, block, wrong, root, right=None):
        if row is None and fam in FAMILIES:
            self.author[fam] = _Author(block.matrix(), block.line, wrong, root, right)
            self.versions.setdefault(fam, []).append(self.author[fam])

    def _swept_by(self, block: Block) -> str | None:
        """The size a table sweeps over, when ``block`` is another column of it: a column headed by a
        size (d_k, d_model, heads) with three or more distinct values beside it makes each row another
        setting (``| d_k | Unscaled Var | Scaled Var |``), so no column is a quantity of the example."""
        if block.layout != "table" or block.shape[0] != 1:
            return None
        for other in self.blocks:
            if other is block or other.layout != "table" or (other.line, other.end) != (block.line, block.end) \
                    or other.shape != block.shape or not other.labels:
                continue
            values = [e.value for e in other.rows[0]]
            if canon(other.labels[0]) in DIMENSIONS and len(set(values)) >= 3 and \
                    all(getattr(v, "is_Integer", False) and v > 0 for v in values):
                return other.labels[0]
        return None

    def _unverifiable(self, block: Block, why: Reason) -> None:
        self.claims.append(unverifiable(block.line, block.source, why, claimed=[list(r) for r in block.texts],
                                        lines=sorted({e.line for r in block.rows for e in r})))


R = Reason.of
#: how the report names the families that are not one symbol (the others by their own: X, W_Q, Q, …)
_NAMED = ("KT", "scores", "scaled", "weights", "output", "exp", "masked")


def _show_name(fam: str):
    """The family as the report names it: a Reason (``softmax weights``, ``QKᵀ``) or the symbol."""
    return R("q-" + fam) if fam in _NAMED else fam


_NAMED_TERM = re.compile(r"(?<![\w.])(?P<w>\d+\.\d+)\s*(?:×|\*|\\times|\\cdot|·)\s*(?P<v>[Vv]_\{?[^\s{}+$]+\}?)")
_DECIMAL = re.compile(r"(?<![\w.,])-?\d+\.\d+(?![\w.%])")
_PCT = PERCENT   # (one pattern for a percentage in prose: the restate stage's)
#: every family a block may be a print of
_ALL = ("Q", "K", "V", "KT", "scores", "scaled", "masked", "exp", "weights", "output", "X", "W_Q", "W_K", "W_V")


def _row_named(block: Block) -> int | None:
    """The 0-based row a one-row block's own label names (``Softmax(Row 3)``, ``第3行``), if any."""
    if block.shape[0] != 1 or not block.labels:
        return None
    n = row_in_words(block.labels[0])
    return n - 1 if n is not None else None


def _show(value):
    return [[text_of(x) for x in value.row(i)] for i in range(value.rows)]


def _exp_of(block: Block, prev: Block) -> bool:
    """Is every entry of ``block`` e^x of the entry of ``prev`` beside it, within what the printed
    digits of both allow (a softmax is never above 1; an e^x column is)?"""
    try:
        x = np.array([[float(e.value) for e in r] for r in prev.rows])
        y = np.array([[float(e.value) for e in r] for r in block.rows])
        hx = np.array([[float(half_unit(e.places)) for e in r] for r in prev.rows])
        hy = np.array([[float(half_unit(e.places)) for e in r] for r in block.rows])
    except (TypeError, ValueError, OverflowError):
        return False
    if x.shape != y.shape or not np.isfinite(x).all() or (x > 50).any():
        return False
    return bool((y > 1).any() and (np.abs(np.exp(x) - y) <= np.exp(x) * hx * 1.01 + hy).all())

