r"""The article's conventions, by evidence: how it scales its scores and whether it masks them.

Input: the article's text (what it states) and the bindings (what its numbers do).
Output: the :class:`~symattn.check.bind.graph.Variant` the article computes with.  Every other
variant a block binds to is a mistake, named by :func:`mistake_codes`.

* **Scaling.** A divisor the article states as a number, ``\sqrt{d_k} = 2`` or ``√4 = 2``, is the
  article's own step: prints that divide otherwise are wrong.  Without one, the scaling is the one
  that explains the most printed blocks (an article may plainly compute without scaling, or divide
  by d_k), and a formula elsewhere that says otherwise is only a note.
* **Masking.** A causal mask when the blocks show one, or when no block decides and the article
  says so; masks shifted by one or turned around are always mistakes.
* Softmax is over rows and the scores are Q Kᵀ: over columns and K Qᵀ are mistakes.

>>> from symattn.check.document import Document
>>> stated(Document.of("Divide by $\\sqrt{d_k} = 2$:")).sqrt_number
1
>>> said = stated(Document.of("$$A = softmax(QK^T / \\sqrt{d_k})$$"))
>>> said.sqrt_number, said.sqrt_formula
(0, 1)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from ..claims import Reason
from ..consistency import declared_no_scaling
from ..document import Document
from ..numerals import NUMBER
from ..symbols import DK_STATED
from .graph import CHOICES, ONLY_BY, Node, Variant

__all__ = ["Stated", "stated", "decide", "mistake_codes"]

_SQRT = r"(?:\\sqrt\s*(?:(?:\[[^\]]*\])\s*)?\{[^{}]{1,30}\}|√\s*\(?[\w{}.]{1,12}\)?|sqrt\(\s*[\w.]{1,12}\s*\))"
#: a square root stated as a number: "\sqrt{d_k} = 2", "√4 = 2", "sqrt(64) = 8"
_SQRT_NUMBER = re.compile(rf"{_SQRT}\s*(?:=|≈|\\approx)\s*{NUMBER}")
#: a square root in a formula that divides: "/ \sqrt{d_k}", "\frac{QK^T}{\sqrt{d_k}}", "* 1/√d"
_SQRT_FORMULA = re.compile(rf"(?:/|÷|\\div|\}}\s*\{{)\s*{_SQRT}|\*\*\s*0?\.5|np\.sqrt|math\.sqrt|torch\.sqrt")
#: a division by d_k itself: "/ d_k", "\frac{QK^T}{d_k}"
_DK_FORMULA = re.compile(r"(?:/|÷|\\div)\s*d_?\{?k\}?(?![\w}])|\\frac\{[^{}]*\}\{\s*d_?\{?k\}?\s*\}")
#: words and marks of a causal mask (evidence only when no block decides)
#: steps that change the pipeline beyond the catalogue: several heads, rotary positions, linear biases, latent
#: projections (a label alone is no witness there: the article's quantity may be one the catalogue lacks)
#: (several heads, in words or counted: what alone makes an article go beyond by heads only)
_HEADS = r"multi[- ]?head|\b\d+\s+(?:attention\s+)?heads\b|\bMHA\b|多头|(?<!\d)\d+\s*个头|マルチヘッド|멀티\s?헤드"
_BEYOND = re.compile(_HEADS + r"|\bGQA\b|\bMQA\b|\bRoPE\b|rotary|旋转位置|\bALiBi\b|linear bias|\bMLA\b|latent|潜在|"
                     r"\bhead_\{?\d", re.I)
#: the width of the keys stated as a number: "d_k = 64", "d_{k}=4", "dk = 8" (for scores given without K)
_DK_VALUE = DK_STATED
#: the inputs stated equal in a formula: "Q = K = V = X", "$Q=K=V=x$" (self-attention with no projections);
#: symbols, so any language states it alike
_IDENTITY = re.compile(r"(?<![\w\\])Q\s*=\s*K\s*=\s*V\s*=\s*[Xx](?![\w(\[^_])(?!\s*(?:W|[@*·×]|\\cdot|\\times))")
_MASK = re.compile(r"causal|mask|掩码|掩蔽|遮|マスク|마스크|máscara|masque|maske|маск|-inf|−∞|-\\infty", re.I)


@dataclass(frozen=True)
class Stated:
    sqrt_number: int      # the line of a square root stated as a number, the article's own scaling step (0: none)
    sqrt_formula: int     # the line of a formula that divides by √d_k (0: none)
    dk_formula: bool      # ÷d_k in a formula
    mask: int             # the line where it first speaks of a (causal) mask (0: it does not)
    unscaled: int = 0     # the line where it says it does not scale (0: it does not say so)
    dk: tuple = ()        # (line, d_k) for each width of the keys the text states as a number
    beyond: int = 0       # the first line that goes beyond what the catalogue computes (heads, RoPE, ALiBi, MLA)
    identity: int = 0     # the line of a formula that states Q = K = V = X (0: none)
    aliases: tuple = ()   # (name, step): a matrix a formula makes a projection's weight (Q = X M1: M1 is W_Q)
    heads: tuple = ()     # the numbers of heads the text states, where it goes beyond the catalogue only by heads
                          # ("8 heads of 16", "num_heads = 8", "multi-head"); () when it names anything else
                          # beyond (RoPE, ALiBi, MLA, GQA) or no number of heads

    @property
    def scaling(self) -> tuple[int, tuple[str, ...]]:
        """(the first line where the text states how it scales, the scales it states there): a
        square root, as a number or in a formula, or none where it says it does not scale; (0, ()):
        it states nothing."""
        stated = sorted((n, scales) for n, scales in ((self.sqrt_number, ("sqrt", "sqrt_stated")),
                                                      (self.sqrt_formula, ("sqrt", "sqrt_stated")),
                                                      (self.unscaled, ("none",))) if n)
        return stated[0] if stated else (0, ())

    def prelim(self) -> Variant:
        """The variant the text suggests, before any block is bound (ties between candidates)."""
        scale = "sqrt" if self.sqrt_number or self.sqrt_formula or not self.dk_formula else "dk"
        return Variant(scale=scale, mask="causal" if self.mask else "none")

    def rank(self, node: Node) -> int:
        """How far a node is from what the text suggests: its choices that only a mistake makes, and
        a scaling other than a square root the article states as a number (the other conventions
        are the blocks' to decide)."""
        v = node.variant
        wrong = sum((c, getattr(v, c)) in ONLY_BY for c in CHOICES if c in _uses(node))
        return wrong + (self.sqrt_number and "scale" in _uses(node) and v.scale != "sqrt")


#: an HTML comment: not shown to the article's readers, so nothing the article states
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def stated(doc: Document) -> Stated:
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), doc.text)
    formula = _SQRT_FORMULA.search(text)
    number = _SQRT_NUMBER.search(text)
    return Stated(_line_of(text, number), text[:formula.start()].count("\n") + 1 if formula else 0,
                  bool(_DK_FORMULA.search(text)), _line_of(text, _MASK.search(text)), declared_no_scaling(text) or 0,
                  tuple((text[:m.start()].count("\n") + 1, int(m.group(1))) for m in _DK_VALUE.finditer(text)
                        if int(m.group(1)) > 0),
                  _line_of(text, _BEYOND.search(text)), _line_of(text, _IDENTITY.search(text)),
                  tuple(dict.fromkeys((re.sub(r"[{}_\\ ]", "", m.group(2)), "W_" + m.group(1))
                                      for m in _PROJECTED.finditer(text))),
                  _head_counts(text))


#: words for several heads and counts of heads ("8 heads", "num_heads = 8", "8 个头", "h = 8 heads")
_HEADS_ONLY = re.compile(_HEADS, re.I)
#: one head named by its number ("Head 2 Output", "head_1", "头 1"): the example itself is split into heads
_ONE_HEAD = re.compile(r"\bhead\s*[_{(]?\s*\d|头\s*\d|ヘッド\s*\d|헤드\s*\d", re.I)
_HEAD_COUNT = re.compile(r"\b(\d+)\s+(?:attention\s+)?heads\b|(?<!\d)(\d+)\s*个头|"
                         r"\b(?:num_heads|n_heads|n_head|num_attention_heads)\s*=\s*(\d+)", re.I)


def _head_counts(text: str) -> tuple:
    """The numbers of heads stated, where everything beyond the catalogue that the text names is
    several heads: an example whose width none of them splits is one head, bound as any other."""
    if any(not _HEADS_ONLY.fullmatch(m.group(0)) for m in _BEYOND.finditer(text)) or _ONE_HEAD.search(text):
        return ()
    return tuple(sorted({int(next(g for g in m.groups() if g)) for m in _HEAD_COUNT.finditer(text)} - {0, 1}))


#: a projection written as a formula with a name of the article's own for its weights: "Q = XM1",
#: "K = X \cdot M_2", "V = X @ Wv" (a name the lexicon knows is bound by its name anyway)
_PROJECTED = re.compile(r"(?<![\w\\])([QKV])\s*=\s*X\s*(?:\\cdot|·|\*|@|\\times)?\s*([A-Za-z]{1,3}_?\{?\d\}?)(?![\w{])")


_CONVENTIONS = {"scale": ("sqrt", "dk", "none", "sqrt_stated"), "mask": ("none", "causal")}   # an article may choose these


#: a print written as the softmax of the raw scores, nothing divided: "Softmax(S[0]) =", "softmax(QK^T) ="
_UNSCALED_SOFTMAX = re.compile(r"softmax\s*(?:\\left)?\s*\(\s*(?:S|QK\^\{?T\}?|Q\s*K\^\{?T\}?|Q\s*@\s*K\.T|scores?|logits)"
                               r"\s*(?:\[[^\]/]{0,12}\])?\s*(?:\\right)?\s*\)\s*(?:=|≈|\\approx)", re.I)


def written_unscaled(doc: Document, block) -> bool:
    """Does the print write itself, on its own line before its numbers, as the softmax of the raw
    scores (``Softmax(S[0]) = [0.62, 0.38]``)?  The article's own formula for that print."""
    first = block.rows[0][0] if block.rows and block.rows[0] else None
    if first is None or first.pos < 0:
        return False
    head = doc.lines[first.line - 1][:doc.column(first.pos)]
    return bool(_UNSCALED_SOFTMAX.search(head))


def decide(bindings, said: Stated, scores_given: bool = False, written: bool = False) -> Variant:
    """An example's variant, from the bindings of its blocks: see the module docstring.
    ``scores_given``: the example's givens are its scores (no keys): the text's ÷√d_k may belong to
    another example, and its own prints say whether it scales.  ``written``: a print of the example
    writes itself as the softmax of the raw scores, so one print that computes so is enough."""
    last = max((b.block.end for b in bindings), default=0)
    if bindings and (said.sqrt_number or said.sqrt_formula) and \
            all(line == 0 or line > last for line in (said.sqrt_number, said.sqrt_formula)):
        # the text states ÷√d_k only after this example's last print (a later section, another
        # example): no evidence against what this example's own prints do
        said = replace(said, sqrt_number=0, sqrt_formula=0)
    if bindings and said.mask > last:
        said = replace(said, mask=0)   # a mask spoken of only after this example: another example's
    votes = {"scale": Counter(), "mask": Counter()}
    for b in bindings:
        if not any(c.full or c.share >= 2 / 3 for c in b.group):
            continue   # bound by its label and place alone: its values say nothing of the conventions
        for choice, counter in votes.items():
            if not all(choice in _uses(c.node) for c in b.group):
                continue   # a member that does not depend on the choice: this print says nothing of it
            seen = {x for x in (getattr(c.node.variant, choice) for c in b.group) if _allowed(choice, x)}
            if len(seen) == 1:
                counter[seen.pop()] += 1
    prelim = said.prelim()
    scales = votes["scale"]
    # scores given as they are: their example's own prints decide (one is enough); else two at least
    plainly = [k for k, n in scales.items() if n >= (1 if scores_given or written else 2)
               and k not in ("sqrt", "sqrt_stated") and _allowed("scale", k)]
    if (scores_given or plainly == ["none"] and not said.sqrt_number) and (said.sqrt_number or said.sqrt_formula) \
            and len(plainly) == 1 and len(scales) == 1:
        # scores given as they are (an exercise: "softmax each row of S"), the text says ÷√d_k, but
        # every print of this example whose values tell computes another way, and more than one
        # does: the example plainly computes so, its numbers are right (the ÷√d_k the text states
        # or works out is another example's; with keys given, the same prints are a mistake).  Or
        # every such print is unscaled and the ÷√d_k is only a formula, never worked out as a
        # number: the article plainly computes without scaling, and the formula is a note
        scale = plainly[0]
    elif said.sqrt_number or (said.sqrt_formula and not said.dk_formula and not said.unscaled):
        # the article's own step, or its formula: numbers that differ are wrong; √ of the width of
        # its keys, or of the d_k it states when more prints agree with that
        fits = Counter(x for b in bindings if all("scale" in _uses(c.node) for c in b.group)
                       for x in {c.node.variant.scale for c in b.group} & {"sqrt", "sqrt_stated"})
        scale = "sqrt_stated" if fits["sqrt_stated"] > fits["sqrt"] else "sqrt"
    elif said.unscaled:
        scale = "none"
    else:
        scale = _winner(votes["scale"], prelim.scale, _CONVENTIONS["scale"])
    mask = _winner(votes["mask"], prelim.mask, _CONVENTIONS["mask"] + tuple(k for k in votes["mask"] if _allowed("mask", k)))
    return Variant(scale=scale, mask=mask)


def _line_of(text: str, m) -> int:
    return text[:m.start()].count("\n") + 1 if m else 0


def _allowed(choice: str, value: str) -> bool:
    """A convention an article may choose: one of :data:`_CONVENTIONS`, or a mask it prints."""
    return value in _CONVENTIONS[choice] or (choice == "mask" and value.startswith("printed:"))


def _uses(node: Node):
    from .graph import USES
    return USES.get(node.step, ())


def _winner(counter: Counter, default: str, allowed) -> str:
    ranked = sorted(((n, k) for k, n in counter.items() if k in allowed), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return default if default in allowed else allowed[0]
    return ranked[0][1]


def mistake_codes(node: Node, article: Variant, said: Stated | None = None) -> tuple[Reason, ...]:
    """The mistakes that make ``node`` differ from the article's own variant, as Reasons."""
    out = []
    for item in node.mistakes(article):
        choice, value = item.split(":")
        mine = getattr(article, choice)
        if (choice, value) in ONLY_BY and ONLY_BY[(choice, value)] not in ("causal-mask-differs",
                                                                              "softmax-over-columns", "transposed"):
            out.append(Reason.of(ONLY_BY[(choice, value)]))
        elif choice == "scale":
            code = {("sqrt", "dk"): "scaled-by-dk", ("sqrt", "none"): "no-scaling",
                    ("dk", "none"): "no-scaling"}.get((mine, value), "scale-differs")
            if code == "no-scaling" and said is not None and said.sqrt_formula and mine == "sqrt":
                out.append(Reason.of("no-scaling-stated", line=said.sqrt_formula))
            else:
                out.append(Reason.of(code, used=value, article=mine) if code == "scale-differs" else Reason.of(code))
        elif choice == "mask":
            if value == "none":
                out.append(Reason.of("mask-missing"))
            elif mine == "none" and value == "causal":
                out.append(Reason.of("causal-mask"))
            else:
                out.append(Reason.of("causal-mask-differs", items=[Reason.of("mask-" + value)]))
        elif choice == "axis":
            out.append(Reason.of("softmax-over-columns"))
        elif choice == "order":
            out.append(Reason.of("transposed"))
    return tuple(out)
