r"""Explain a print from the prints before it, whatever their names or layout: one step of
arithmetic on earlier printed blocks.

Input: a printed block and the blocks printed before it (the nearest first matter most).
Output: an :class:`Explanation` (the step, its operands, and the entries that agree) or None.

The steps are those a worked example takes: ``A·B``, ``A·Bᵀ``, ``A + B``, ``A − B``, ``A ⊙ B``,
``A`` divided or multiplied by a plain constant (an integer up to 1024 or its square root, which
the author may have divided by as printed to 1 to 3 decimals: ÷ 22.6 for √512), softmax
over rows (and over columns, a mistake), ``e^A``, ``A`` minus its row maximum, the row maximum,
the row sum, ``A`` divided by its row sums, the elementwise maximum, and the transpose; a product
divided by a constant counts as one step (``Q Kᵀ / √d_k``).  A step explains a block when every
entry agrees at the printed precision, from the printed operands.  A step that explains only part of
a block is no witness (three of four numbers agree with some step by chance): a block is wrong only
against its quantity in the catalogue (:mod:`.binder`), or against the step it is explained by,
computed on what its operands truly are.

The values are screened on floats; :func:`exact` then computes the step exactly on whatever the
operands truly are (their exact values end to end, or their printed values where they are the
article's premises).

>>> from symattn.check.read import read_blocks
>>> from symattn.check.document import Document
>>> bs = read_blocks(Document.of("[[1, 2], [3, 4]]\n\n[[0.5, 1.0], [1.5, 2.0]]\n"))
>>> e = explain(bs[1], bs[:1])
>>> e.op, e.factor, e.full
('divide', 2, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
import sympy as sp

from .. import memo
from ..judge import rounding_half, screen_mask
from ..quantities import normalised_exp, softmax
from ..read import Block
from .lexicon import named as named_as

__all__ = ["STEP_ARROW", "Explanation", "explain", "exact", "as_named", "named_step", "copied", "NEAREST"]

#: how many earlier prints are tried as operands (the nearest ones)
NEAREST = 6
#: the constants a block may be scaled by: integers up to 1024 and their square roots
_FACTORS = tuple(sorted({sp.Integer(k) for k in range(2, 17)} | {sp.Integer(2) ** k for k in range(5, 11)}
                        | {sp.sqrt(k) for k in list(range(2, 17)) + [32, 64, 128, 256, 512, 1024]
                           if not sp.sqrt(k).is_Integer}, key=lambda x: float(x)))


_FACTOR_OF = {str(c): c for c in _FACTORS}
_FACTOR_FLOATS = np.array([float(c) for c in _FACTORS])


@dataclass(frozen=True)
class Explanation:
    op: str                     # the step (see the module docstring)
    operands: tuple[Block, ...]
    value: np.ndarray           # the step on the printed operands, in floats
    agree: np.ndarray           # per entry: agrees at the printed precision
    factor: object = None       # the constant of divide / multiply
    replaces: tuple = ()        # (written operand, earlier print): a print in the place of an operand
                                # written beside the result that copies it with a slip (:func:`copied`)
    rounded: bool = False       # the printed operands scaled by the constant rounded (÷ 1.73 for √3)

    @property
    def full(self) -> bool:
        return bool(self.agree.all())

    @property
    def share(self) -> float:
        informative = (self.value != 0) | ~np.isfinite(self.value)
        n = int(informative.sum())
        return int((self.agree & informative).sum()) / n if n else 0.0


def _factor(value: np.ndarray, target: np.ndarray):
    """The constant of :data:`_FACTORS` that ``value / c`` would need to be ``target`` (the ratio of
    their entries, snapped to the nearest one within 2%), and whether it divides or multiplies; or None."""
    if value.shape != target.shape or not np.isfinite(value).all():
        return None
    mask = (np.abs(target) > 1e-9) & (np.abs(value) > 1e-9)
    if mask.sum() < 1:
        return None
    with np.errstate(all="ignore"):
        # the median ratio, then the least-squares one: entries of a few digits each (0.003 / 0.002)
        # have ratios far from the constant, the large ones carry it (0.098 / 0.049)
        ratios = (float(np.median(value[mask] / target[mask])),
                  float(np.sum(value[mask] * target[mask]) / np.sum(target[mask] ** 2)))
    for ratio in ratios:
        for r, how in ((ratio, "divide"), (1 / ratio if ratio else 0.0, "multiply")):
            if r > 1:
                k = int(np.argmin(np.abs(_FACTOR_FLOATS - r)))   # the nearest; the first of a tie, as min
                if abs(_FACTOR_FLOATS[k] - r) <= 0.02 * r:
                    return _FACTORS[k], how
    return None


def _rounded(c) -> list[float]:
    """An irrational constant as authors print it, to 1, 2 and 3 decimals (÷ 22.6 for √512, ÷ 1.73 for
    √3): the step still, computed end to end by the constant itself, from which those prints drift."""
    return [] if c.is_Integer else [round(float(c), d) for d in (1, 2, 3)]


def _unary(a: np.ndarray, target: np.ndarray):
    """(op, factor, value, rounded) of every one-operand step (scaling only by the constant the target
    asks, or by it rounded)."""
    finite = np.isfinite(a).all()
    yield "transpose", None, a.T, False
    with np.errstate(all="ignore"):
        got = _factor(a, target) if finite else None
        if got is not None:
            c, how = got
            yield how, c, (a / float(c) if how == "divide" else a * float(c)), False
            for r in _rounded(c):
                yield how, c, (a / r if how == "divide" else a * r), True
        if a.shape[1] > 1 and np.isfinite(a).any(axis=1).all():
            yield "softmax", None, normalised_exp(a), False
            yield "minus-rowmax", None, a - np.nanmax(np.where(np.isfinite(a), a, -np.inf), axis=1, keepdims=True), False
            yield "rowmax", None, np.max(a, axis=1, keepdims=True), False
            yield "rowsum", None, np.sum(a, axis=1, keepdims=True), False
            if finite and (a > 0).all():
                yield "normalise", None, a / a.sum(axis=1, keepdims=True), False
        if a.shape[0] > 1 and np.isfinite(a).any(axis=0).all():
            yield "softmax-cols", None, normalised_exp(a.T).T, False
        yield "exp", None, np.exp(a), False


def _binary(a: np.ndarray, b: np.ndarray, target: np.ndarray):
    """(op, value, rounded) of every two-operand step whose shapes fit."""
    with np.errstate(all="ignore"):
        for op, product in (("product", a @ b if a.shape[1] == b.shape[0] else None),
                            ("product-t", a @ b.T if a.shape[1] == b.shape[1] else None)):
            if product is None:
                continue
            yield op, product, False
            got = _factor(product, target)
            if got is not None and got[1] == "divide":   # Q Kᵀ / √d_k in one step, as articles write it
                yield f"{op}/{got[0]}", product / float(got[0]), False
                for r in _rounded(got[0]):
                    yield f"{op}/{got[0]}", product / r, True
        if a.shape == b.shape:
            yield "sum", a + b, False
            yield "difference", a - b, False
            yield "hadamard", a * b, False
            yield "maximum", np.maximum(a, b), False
        if b.shape == (a.shape[0], 1):
            yield "difference", a - b, False
            yield "divide-rows", a / b, False


def explain(block: Block, earlier: list[Block]) -> Explanation | None:
    """The one step that explains the block best (see the module docstring), or None.  Kept for the
    block and its nearest prints while the article is checked (the binder and the exact prints ask
    the same question; :mod:`..memo`)."""
    near = tuple(b for b in earlier if b.rows)[-NEAREST:]
    key = (id(block),) + tuple(id(b) for b in near)
    got = memo.once("explain", key, lambda: (block, near, _explain(block, list(near))))
    if got[0] is block and all(a is b for a, b in zip(got[1], near)):
        return got[2]
    return _explain(block, list(near))   # (another block where one stood before: computed anew)


def _explain(block: Block, near: list[Block]) -> Explanation | None:
    rows = block.rows
    shape = block.shape
    tried = []   # (op, operands, value, factor), screened below all at once
    target = block.floats
    for a in reversed(near):
        fa = a.floats
        for op, factor, value, rounded in _unary(fa, target):
            if value.shape == shape:
                tried.append((op, (a,), value, factor, rounded))
    for i, a in enumerate(near):
        for b in near[i:]:
            for x, y in ((a, b), (b, a)) if a is not b else ((a, b),):
                for op, value, rounded in _binary(x.floats, y.floats, target):
                    if value.shape == shape:
                        tried.append((op, (x, y), value, _FACTOR_OF.get(op.partition("/")[2]), rounded))
    if not tried:
        return None
    agree = screen_mask(rows, np.stack([t[2] for t in tried]))
    found = [Explanation(op, operands, value, ok, factor, rounded=rounded)
             for (op, operands, value, factor, rounded), ok in zip(tried, agree)]
    loose = _loose(rows)
    # (two numbers agree with some product over a rounded root by chance: that reading needs three)
    full = [e for e in found if e.full and _informative(e, loose) >= (3 if e.rounded else 2)]
    if full:
        return min(full, key=lambda e: (e.op == "transpose", "/" in e.op or e.op in ("multiply", "divide")))
    # rows that each sum to one (a distribution printed), the softmax of an earlier print in all but
    # some of their entries: two thirds or more, three at least, agree; the rest are slips against it
    partial = [e for e in found if e.op == "softmax" and _partly(e, loose) and _beyond_operand_rounding(e, block)]
    if partial and _sums_to_one(block):
        return max(partial, key=lambda e: e.share)
    return None


def _partly(e: Explanation, loose: np.ndarray) -> bool:
    """Two thirds or more of the entries that say which step it is agree, three at least (an integer
    printed among decimals, ``0`` or ``1`` in a rough print, says nothing: it agrees within ±0.5)."""
    told = ((e.value != 0) | ~np.isfinite(e.value)) & ~loose
    n, agree = int(told.sum()), int((e.agree & told).sum())
    return agree >= 3 and agree >= 2 / 3 * n


def _beyond_operand_rounding(e: Explanation, block: Block) -> bool:
    """Is each entry that disagrees with the softmax of a printed operand off by more than the
    operand's own rounding allows?  An operand printed with decimals stands for a value within half a
    unit of its last place (h_k); softmax moves p_j by at most p_j·(h_j + Σ p_k·h_k) then.  (Logits
    [1, 3, 2, 5] printed whole are taken as they are.)"""
    (a,) = e.operands
    if not any(x.places for r in a.rows for x in r):
        return True
    h = np.array([[float(rounding_half(x)) if x.places else 0.0 for x in r] for r in a.rows])
    p = e.value
    reach = p * (h + (p * h).sum(axis=1, keepdims=True))
    half = np.array([[float(rounding_half(x)) for x in r] for r in block.rows])
    off = np.abs(block.floats - p)
    return bool(np.all(e.agree | (off > half + reach + 1e-12)))


def _sums_to_one(block: Block) -> bool:
    """Does each row of the block sum to one, within the rounding of its entries?"""
    f = block.floats
    if not np.isfinite(f).all() or (f < 0).any():
        return False
    slack = sum(float(rounding_half(x)) for x in block.rows[0]) + 1e-12
    return bool(np.all(np.abs(f.sum(axis=1) - 1) <= slack))


def as_named(e: Explanation | None, block: Block, named: str | None, softmax_section: bool = False
             ) -> Explanation | None:
    """The explanation of a print that its caption calls a softmax, where the step found is the
    normalisation of an operand that a caption names as the scores: the softmax the caption names is
    the claim.  Where the operand already sums to one that step changes nothing, so the print only
    writes its operand again (scores [0.1, 0.9] "↓ (softmax)" [0.10, 0.90]); where it does not, the
    author divided the scores by their row sums ("Score Matrix" [0.5, 0.3], then "Attention Matrix"
    [0.62, 0.38] in a section headed "Softmax", ``softmax_section``), a slip against their softmax.
    A normalisation that a caption writes (``attn_scores / attn_scores.sum()``) or that no caption or
    heading calls a softmax is a step of its own: many tutorials divide by the sum before softmax."""
    if named is None and e is not None and e.op == "normalise":
        named = _caption_step(block.labels)
    if e is None or named != "weights" or e.op != "normalise":
        return e
    if _caption_step(e.operands[0].labels) not in ("scores", "scaled", "masked"):
        return e   # (an operand named as the weights is the same distribution written again)
    if any(_NORMALISED.search(lb) for lb in block.labels[:3]):
        return e   # the caption writes the normalisation it computes
    said = any("softmax" in lb.lower() for lb in block.labels[:2])
    if said and np.allclose(e.operands[0].floats.sum(axis=1), 1.0, atol=1e-9) or \
            (said or softmax_section) and _caption_step(e.operands[0].labels, 48):
        return _on(block, "softmax", e.operands[0])
    return e


def _caption_step(labels, longest: int = 10 ** 6) -> str | None:
    """The step the nearest of a print's first two labels names (a header of the tokens over the
    columns, ``"Hello"  "World"``, names nothing: the caption above it does); ``longest``: only a
    caption that short (a sentence that speaks of scores may go on to their exponentials)."""
    return next((n.step for n in (named_as((lb,)) for lb in labels[:2] if len(lb.strip()) <= longest)
                 if n is not None), None)


#: a caption that writes a division by a sum: the print is that normalisation, as the author says
_NORMALISED = re.compile(r"/\s*\(?\s*[\w.]*sum\b|\.sum\(|÷\s*\w*\s*sum|\bdivided by\b|\bnormali[sz]", re.I)


#: the one-operand step a caption names, by the step its label names, and the steps its operand's
#: label must name: "After softmax: [..]" under "Raw scores: [..]"
_NAMED_STEPS = {"weights": ("softmax", ("scores", "scaled", "masked")), "exp": ("exp", ("scores", "scaled", "masked"))}


#: softmax or exp of an operand written as an ellipsis, before the print's relation: ``softmax([...]) ≈``
_ELIDED = re.compile(r"\b(softmax|exp)\s*\(\s*\[?\s*(?:\.\.\.|…|\\ldots|\\dots)\s*\]?\s*\)\s*(?:=|≈|\\approx)\s*(?=[\[(])", re.I)

#: an arrow that leads from one print to the next on a line (→, ->, ⟶, ⇒, \to, \rightarrow, \mapsto)
STEP_ARROW = re.compile(r"→|⟶|(?<!-)->|⇒|=>|\\(?:to|rightarrow|longrightarrow|Rightarrow|mapsto)(?![a-zA-Z])")

#: a formula written in a caption before the print's "=": a function applied, or an operator between numbers
_FORMULA = re.compile(r"\\exp|\bexp\s*\(|\d\s*[-+*/×·]\s*[\d(]")


def named_step(block: Block, earlier: list[Block], named: str | None) -> Explanation | None:
    """The step a print's caption names in words (softmax, exp), on a print right above it whose caption
    names that step's operand (the scores), where no step explains the print in full: its caption
    and its place say what it claims to be, so it is judged as that step of that print.  Only the
    prints just above count (up to four lines up, the last three), or a column to its left in the
    same table, of the same shape."""
    def above_or_beside(b: Block) -> bool:   # (a column of a table to its left: the same rows)
        return 1 <= block.line - b.end <= 4 or (b.line, b.end) == (block.line, block.end) and b.span < block.span
    elided = _ELIDED.search(block.source)
    if elided and earlier:
        # "softmax([...]) ≈ [..]": the step written with its operand elided, the print just above
        prior = next((b for b in reversed(earlier[-3:]) if above_or_beside(b) and b.shape == block.shape), None)
        if prior is not None and np.isfinite(prior.floats).any(axis=1).all():
            return _on(block, "exp" if elided.group(1).lower() == "exp" else "softmax", prior)
    step = _NAMED_STEPS.get(named or "")
    if step is None or not earlier:
        return None
    op, operand_steps = step
    prior = earlier[-1]
    if STEP_ARROW.search(block.before or "") and prior.line == prior.end == block.line and \
            prior.shape == block.shape and prior.span and block.span and prior.span[1] <= block.span[0] and \
            np.isfinite(prior.floats).any(axis=1).all():
        # "[10, 6, 2] → probabilities [0.997, 0.003, 0.000]": an arrow from the print before it on its
        # line to the step its caption names; whatever the operand's own name
        return _on(block, op, prior)
    if block.labels and _FORMULA.search(block.labels[0]):
        return None   # written as the result of its own formula (p = [exp(1-2), ..] = [..]): that is the claim
    # (the nearest one its caption names as the operand; or, below it, one no caption names, as
    # "after masking" with its -∞ between the scores and their softmax is)
    candidates = [b for b in reversed(earlier[-3:]) if above_or_beside(b) and b.shape == block.shape]
    steps = [getattr(named_as(b.labels), "step", None) for b in candidates]
    named = next((k for k, s in enumerate(steps) if s in operand_steps), None)
    if named is None and candidates and steps[0] is None and candidates[0].end == block.line - 1 and \
            _captioned(candidates[0]) and not _sums_to_one(candidates[0]):
        named = 0   # the line right above, under a caption of its own that no lexicon knows ("2. Scale: [..]")
    if named is None:
        return None
    unnamed = next((k for k, s in enumerate(steps[:named]) if s is None), None)
    prior = candidates[named if unnamed is None else unnamed]
    if not np.isfinite(prior.floats).any(axis=1).all():
        return None
    return _on(block, op, prior)


def _captioned(b: Block) -> bool:
    """Is the print on a line of its own after a short caption of its own (``2. Scale: [..]``)?"""
    return bool(b.labels) and b.line == b.end and len(b.labels[0]) <= 40 and \
        bool(re.search(r"[^\W\d_]\w*\s*[:：]\s*$", b.labels[0])) and b.labels[0].strip() in b.source


def copied(e: Explanation | None, block: Block, earlier: list[Block]) -> Explanation | None:
    """A written product's result (``[..] × [..] = [..]``) that its written operands do not give, and
    that an earlier print gives in full in the place of one of them, where that operand writes the
    print again with a slip in one entry (0.13163 for the 0.13613 printed above): the product was
    taken of the print, and the operand copies it wrongly.  The explanation then records the written
    operand it replaces, whose wrong entry is the slip; the result is judged from the print.  (Two
    entries or more that differ make another operand, not a copy; a print of only 0, 1 or -1 is
    copied by chance.)"""
    if e is None or not e.full or not e.op.startswith("product"):
        return e
    written = []
    for b in reversed(earlier):   # the operands written right before the result, in their order
        if not b.operand or block.line - b.end > 2:
            break
        written.insert(0, b)
    if _terms_of(block, written):
        return e   # ``= [1, 1.5] + [2, 0.5] = [3, 2]``: the terms of a sum written out, not operands
    pairs = []
    for p in e.operands:
        if any(p is w for w in written):
            continue
        same = [w for w in written if w.shape == p.shape and all(w is not q for q in e.operands)]
        for w in same:
            differ = int(np.sum(~np.isclose(w.floats, p.floats, rtol=0, atol=1e-12)))
            if differ == 1 and w.floats.size >= 2 and np.sum(~np.isin(p.floats, (0.0, 1.0, -1.0))) >= 2:
                pairs.append((w, p))
                break
    return replace(e, replaces=tuple(pairs)) if pairs else e


def _half(rows) -> float:
    """Half a unit of the last place a print is written to (an integer among its decimals is read at
    their precision)."""
    return float(rounding_half(max((x for r in rows for x in r), key=lambda x: x.places or 0)))


def _terms_of(block: Block, written: list[Block]) -> bool:
    """Do two or more of the prints written right before ``block``, of its shape, add up to it (within
    the rounding of each)?"""
    terms = [w for w in written if w.shape == block.shape]
    if len(terms) < 2 or not all(np.isfinite(w.floats).all() for w in terms):
        return False
    slack = _half(block.rows) + sum(_half(w.rows) for w in terms)
    return bool(np.all(np.abs(sum(w.floats for w in terms) - block.floats) <= slack + 1e-12))


def _on(block: Block, op: str, operand: Block) -> Explanation:
    """The one-operand step ``op`` (softmax or exp) on a print, and the block's entries that agree."""
    value = normalised_exp(operand.floats) if op == "softmax" else np.exp(operand.floats)
    agree = screen_mask(block.rows, value[None])   # (same shapes here: never None)
    return Explanation(op, (operand,), value, agree[0])


def _informative(e: Explanation, loose=None) -> int:
    """The entries that say which step it is: not zero in the step's value, and not an integer
    printed among decimals (``0`` in ``[0, 0.707]`` is read to ±0.5, so 0.35 agrees with it)."""
    told = (e.value != 0) | ~np.isfinite(e.value)
    return int((told & ~loose).sum() if loose is not None else told.sum())


def _loose(rows) -> np.ndarray:
    """Per entry: an integer among the block's decimals (it agrees with anything within ±0.5)."""
    decimals = any(x.places for r in rows for x in r)
    return np.array([[decimals and x.places == 0 for x in r] for r in rows], dtype=bool)


def exact(e: Explanation, operands: list[sp.Matrix]) -> sp.ImmutableMatrix | None:
    """The step on exact operand values (SymPy), or None where it is undefined."""
    a = sp.Matrix(operands[0])
    b = sp.Matrix(operands[1]) if len(operands) > 1 else None
    op = e.op
    if op == "transpose":
        out = a.T
    elif op == "divide":
        out = a / e.factor
    elif op == "multiply":
        out = a * e.factor
    elif op in ("softmax", "softmax-cols"):
        m = a if op == "softmax" else a.T
        rows = [softmax(list(m.row(i))) for i in range(m.rows)]
        if any(r is None for r in rows):
            return None
        out = sp.Matrix(rows) if op == "softmax" else sp.Matrix(rows).T
    elif op == "minus-rowmax":
        out = sp.Matrix(a.rows, a.cols, lambda i, j: a[i, j] - sp.Max(*a.row(i)))
    elif op == "rowmax":
        out = sp.Matrix([[sp.Max(*a.row(i))] for i in range(a.rows)])
    elif op == "rowsum":
        out = sp.Matrix([[sum(a.row(i))] for i in range(a.rows)])
    elif op == "normalise":
        out = sp.Matrix(a.rows, a.cols, lambda i, j: a[i, j] / sum(a.row(i)))
    elif op == "exp":
        out = a.applyfunc(lambda x: sp.Integer(0) if x == -sp.oo else sp.exp(x))
    elif op.startswith("product"):
        name, _, div = op.partition("/")
        out = a * b if name == "product" else a * b.T
        if div:
            out = out / e.factor
    elif op == "sum":
        out = a + b
    elif op == "difference":
        out = a - (b if b.shape == a.shape else sp.Matrix(a.rows, a.cols, lambda i, j: b[i, 0]))
    elif op == "hadamard":
        out = a.multiply_elementwise(b)
    elif op == "maximum":
        out = sp.Matrix(a.rows, a.cols, lambda i, j: sp.Max(a[i, j], b[i, j]))
    elif op == "divide-rows":
        out = sp.Matrix(a.rows, a.cols, lambda i, j: a[i, j] / b[i, 0])
    else:
        raise KeyError(op)
    return sp.ImmutableMatrix(out)
