r"""What a block's label names: evidence for binding, never a verdict.

Input: a printed block's label candidates, nearest first (:attr:`symattn.check.read.Block.labels`).
Output: the step of the pipeline that the nearest label names (``X``, ``Q``, ``scores``,
``weights``, …) and, for a numbered name (``q_2``, ``k3``), the row it names; or None.  The names
and words themselves are data, in :mod:`symattn.check.names` (many languages and code habits); this
module only decides which label counts and how it is read:

* a name with ``=``, ``:`` or ``print(…)`` (``Q =``, ``W_K:``, ``>>> print(raw_logits)``) names its
  step; a numbered name (``q_2 =``) names a row of it;
* a caption in words (``Attention weights:``, ``クエリ (Q)``) names its step; but an equation
  (``q1 · k1 =``) names an input only by its own name, never by the inputs it mentions.

A label is one piece of evidence among others: it breaks a tie between candidates whose values
explain a block equally well, it tells a partly wrong block which step it is, and it says which
input a given block is.  It never overrides the values.

>>> step_named(("Q:",)), step_named(("V, one row per token:",)), step_named(("W_Q = [",))
('Q', 'V', 'W_Q')
>>> step_named(("The next matrix:", "The key width is $d_k = 4$.")) is None
True
>>> step_named(("tensor(", "`Q` =")), step_named(("tensor(", ">>> print(raw_logits)"))
('Q', 'scores')
>>> named(("- `q2 =",)), named(("q1 . k1 =",)), named(("Attention weights:",))
(Named(step='Q', row=2, words=False, name='q2', literal=False, of_row=None, token=''), None, Named(step='weights', row=None, words=True, name='', literal=False, of_row=None, token=''))
>>> named(("\\text{Softmax}(\\text{Row 3}) =",)).of_row     # a caption that names one row of a step
3
>>> step_named(("\\mathbf{W}_Q =",)), step_named(("Input embeddings, one row per word:",))
('W_Q', 'X')
>>> step_named(("Input: Q = np.array(",)), step_named((") K = np.array(",)), step_named(("`，`V=",))
('Q', 'K', 'V')
>>> step_named(("\\Delta_{S} =",)) is None      # a subscript names no step: Δ_S is not S
True
>>> step_named(("\\text{Value matrix} =",)), step_named(("Query vectors =",))
('V', 'Q')
>>> step_named(("#### Key $K$",)), step_named(("クエリ (\\( Q \\))",)), step_named(("\\text{Scaled Scores} =",))
('K', 'Q', 'scaled')
>>> step_named(("Key (K)",)), step_named(("Value (V):",)), step_named(("V = XW_V =",))
('K', 'V', 'V')
>>> step_named((", \\quad K =",)), step_named(("\\qquad V =",))    # spacing between items on a line
('K', 'V')
>>> step_named(("W_Q (4×3) =",)), step_named(("W_K (4x3):",))    # a shape after the name
('W_Q', 'W_K')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .graph import INPUTS as INPUT_STEPS
from ..names import _by_words, applied_step, by_name, derivative, hint, row_in_words, token_named, unknown_factor
from ..unicode import subscripts

__all__ = ["Named", "named", "step_named", "symbol"]

#: what stands before a print without naming it: a constructor, an opening bracket, a fence
_BARE = re.compile(r"^\s*(?:(?:np|numpy|torch|tf|jnp)\.)?(?:array|tensor|Tensor|constant|asarray|vec)?!?\s*[(\[]*\s*$|^\s*```")
_HEAD = re.compile(r"^\s*(?:[-*•]\s+)?(?:>>>\s*)?(?:print\(\s*)?[`*$\\(]*\s*([A-Za-z][\w^{}\\.']{0,24}?)\s*[`*$)]*\s*"
                   r"(?:[,:：=]|\\approx|≈|$)")
_UNWRAP = re.compile(r"\\(?:mathbf|boldsymbol|bm|mathrm|mathit|textbf|text|operatorname|vec|mathcal)\s*\{([^{}]*)\}")
#: the name assigned right before the block: "Input: Q = np.array(", ") K = np.array(", "x = ["
_TAIL = re.compile(r"(?:^|(?<=[^\w\\{}_^]))[`*$]*([A-Za-z][\w^{}]{0,24}?)[`*$]*\s*(?::=|=)\s*"
                   r"(?:(?:np|numpy|torch|tf|jnp)\.)?(?:array|tensor|Tensor|constant|asarray|vec)?!?\s*[(\[]*\s*$")
#: a declaration in code around the name: ``let mut x: Array2<f64> = array![`` assigns to x as
#: ``x = [`` does (Rust, Swift, JavaScript, Kotlin, C++ ``auto``, annotated Python)
_DECLARED = re.compile(r"^(\s*)(?:let(?:\s+mut)?|const|var|val|auto)\s+(?=[A-Za-z_])|"
                       r"(?<=[\w\]])\s*:\s*(?:[A-Za-z_]\w*(?:\.\w+)+|[A-Za-z_]\w*(?:<[\w<>, ]*>|\[[\w\[\]., ]*\])|"
                       r"(?:f32|f64|float|int|number|ndarray|Tensor|Array\d?))(?=\s*=)")
#: an assignment of data: "= np.array(", "= torch.tensor(", "= [" at the end of the label
_LITERAL = re.compile(r"=\s*(?:(?:np|numpy|torch|tf|jnp)\.(?:array|tensor|Tensor|constant|asarray)\(\s*|(?:array|vec)!\[\s*|\[\s*)$")
#: a caption of one to three words and nothing else, set equal to the block (``Value matrix =``)
_PHRASE = re.compile(r"^\s*[`*]*[^\W\d_]+(?:[ -][^\W\d_]+){0,2}[`*]*\s*(?:=|≈|\\approx)\s*$")
#: a caption in words with its symbol in brackets after it: "Key (K)", "Attention weights (A):"
_IN_PARENS = re.compile(r"^\s*[`*]*[^\W\d_]+(?:[ -][^\W\d_]+){0,3}\s*[(（]\s*\$?([A-Za-z][\w^{}]{0,12})\$?\s*[)）]"
                        r"[`*]*\s*(?:[:：=])?\s*$")
_SPACING = re.compile(r"^[\s,;]*(?:\\(?:q?quad|[,;:!]|hspace\{[^{}]*\})[\s,;]*)+|\\(?:q?quad|[,;:!])(?![A-Za-z])")
_SHAPE_NOTE = re.compile(r"(?<!\s)\s*[(（]\s*\d+\s*(?:[×x✕*]|\\times)\s*\d+\s*[)）](?=\s*(?:=|:|：|$))")
_NUMBERED = re.compile(r"^(?P<stem>.*?)(?:_\{?(?P<a>\d{1,3})\}?|(?<=[A-Za-z])(?P<b>\d{1,3}))$")


@dataclass(frozen=True)
class Named:
    step: str               # the step of the pipeline the label names
    row: int | None = None  # for a numbered name, the number (a row of the step, as the article counts)
    words: bool = False     # named by a caption in words ("the embeddings:"), not by its own symbol
    name: str = ""          # the symbol as the article writes it (``O``, ``attn_weights``), for the report
    literal: bool = False   # assigned as code data: ``scores = np.array([...])``, ``x = [...]``
    of_row: int | None = None   # a row of a computed step the label names in words (``exp(Row 3)``), from 1
    token: str = ""         # the token whose row the label names (``Value["Hello"]``, ``q_{\text{cat}}``)


def named(labels) -> Named | None:
    """What the nearest label names (see the module docstring)."""
    n = _named(labels)
    if n is not None and n.row is None and n.step not in INPUT_STEPS:
        row = row_in_words(_first(labels))
        if row is not None:
            return replace(n, of_row=row)   # "Softmax(Row 3) =": one row of the weights
    return n


def _first(labels) -> str:
    return next((label for label in labels if label and label.strip() and not _BARE.match(label)), "")


def _named(labels) -> Named | None:
    labels = [label for label in labels if label and label.strip() and not _BARE.match(label)]
    if not labels:
        return None
    # (LaTeX's spacing between items on one line is no word: ", \quad K =" names K)
    label = _DECLARED.sub(r"\1", _UNWRAP.sub(r"\1", _SPACING.sub(" ", subscripts(labels[0]))))
    label = _SHAPE_NOTE.sub("", label)   # "W_Q (4×3) =": a shape in brackets after the name is no word
    if derivative(label):
        return None   # "∂L/∂C =": the gradient with respect to C names no step
    token = token_named(labels[0])   # (as written: ``\text{cat}`` marks a word)
    if token is not None and token[0] in INPUT_STEPS:   # (an input's row; a computed row by its values)
        return Named(token[0], name=re.sub(r"\s*[:=：]\s*[`*$]*\s*$", "", label.strip(" -*•`$")), token=token[1])
    m = _TAIL.search(label)
    if m and re.search(r"(?:[.·*×@]|\\cdot|\\times|[^\W\d_])\s*$", label[:m.start(1)]):
        m = None   # "q1 · k1 = [..]": a product is named, not k1; "Scaled Scores =": a caption of words
    m = m or _HEAD.match(label)
    if m and unknown_factor(label[m.end(1):]):
        return None   # "Out = Output · W_FFN =": the product of a quantity with one the catalogue lacks
    symbols = [x.strip() for x in re.findall(r"\$([^$]{1,24})\$|\\\(([^()]{1,24})\\\)", label) for x in x if x]
    if not m and len(symbols) == 1 and by_name(symbols[0]):
        return Named(by_name(symbols[0]), name=symbols[0])   # "#### Key $K$": the caption's one symbol
    applied = applied_step(label)
    if not m and applied:
        # "softmax(scores) =", "exp(S) =": the function's result, not what it is applied to
        return Named(applied, words=True)
    paren = _IN_PARENS.match(label)
    if not m and paren and by_name(paren.group(1)):
        return Named(by_name(paren.group(1)), words=True)   # "Key (K)": a caption with its symbol after it
    if m:
        name = m.group(1)
        num = _NUMBERED.match(name)
        if num and num.group("stem"):
            step = by_name(num.group("stem"))
            if step:
                return Named(step, int(num.group("a") or num.group("b")), name=name)
        step = by_name(name)
        if step:
            literal = bool(_LITERAL.search(label))
            head = _HEAD.match(label)
            if head and by_name(head.group(1)) == step:
                name = head.group(1)   # "S = QK^T =": the author's own name comes first
            return Named(step, name=name, literal=literal)
        head = _HEAD.match(label)
        if head and head.group(1) != name and by_name(head.group(1)) and \
                (len(head.group(1)) <= 3 or not head.group(1).isalpha()):   # a symbol, not a caption's word
            # "V = XW_V =": the product is written in names the catalogue lacks; the author's name
            # comes first
            return Named(by_name(head.group(1)), name=head.group(1))
    words = re.sub(r"\s*(?:=|:|：|\\approx|≈)\s*$", "", label)
    step = (_by_words(words) or None) if re.search(r"[^\W\d_]{3,}\s+[^\W\d_]{3,}", words) else None
    step = step or hint([label])
    # words name computed steps, and the embeddings; a projection or Q, K, V by its own name, or by
    # a caption that is no equation: a header, or a short noun phrase set equal (``Value matrix =``)
    if step and step in INPUT_STEPS and _PHRASE.match(label):
        # the author's own name for an input, set equal to it: a name, as firm as a symbol
        return Named(step, None, False, name=words.strip(" `*"))
    if step and (step not in INPUT_STEPS or step == "X" or "=" not in label):
        return Named(step, None, True)
    return None


def step_named(labels) -> str | None:
    """The step the nearest label names as a whole (None for a row or nothing)."""
    n = named(labels)
    return n.step if n is not None and n.row is None else None


def symbol(labels) -> str | None:
    """The symbol the nearest label assigns (``dO =``, ``$M$:``), whatever it names, or None."""
    labels = [label for label in labels if label and label.strip() and not _BARE.match(label)]
    m = _HEAD.match(_UNWRAP.sub(r"\1", labels[0])) if labels else None
    return m.group(1) if m and re.search(r"(?:=|:|：)\s*[`*$]*\s*$", labels[0]) else None

