"""The names an article uses, and what the well-known ones mean.

Tutorials call the same thing by many names: ``S``, ``Scores``, ``\\text{Attention
Scores}``, 打分矩阵.  ``canon`` maps each spelling to one key; ``FORMULAS`` says how
the well-known keys follow from others (scores = Q K^T, weights = softmax(scaled), ...),
so that a claim about ``\\text{Scaled Scores}`` can be checked even when the
article never writes the formula next to it.

>>> canon(r"\\text{Attention Weights}"), canon("K"), canon("d_{k}"), canon("v_{我}")
('weights', 'K', 'd_k', 'v_我')
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar

from .ir import Name, Node, Op

__all__ = ["canon", "is_known", "joined_names", "notation_of", "zero_based", "JOINED", "ZERO_BASED", "FORMULAS", "LABELS", "DIMENSIONS", "DK_STATED"]

_ALIASES = {
    "X": ("x", "input", "inputs", "embeddings", "embedding", "输入", "输入矩阵", "词向量"),
    "Q": ("q", "query", "queries", "querymatrix", "查询", "查询矩阵"),
    "K": ("k", "key", "keys", "keymatrix", "键", "键矩阵"),
    "V": ("v", "value", "values", "valuematrix", "值", "值矩阵"),
    "W_Q": ("wq", "w^q", "wquery"),
    "W_K": ("wk", "w^k", "wkey"),
    "W_V": ("wv", "w^v", "wvalue"),
    "scores": ("s", "score", "scores", "attentionscores", "attentionscore", "scorematrix", "logits",
               "rawscores", "打分", "打分矩阵", "分数", "注意力分数", "得分", "注意力得分", "相似度"),
    "scaled": ("scaledscores", "scaledscore", "scaled", "sscaled", "s/√d_k", "s/√dk", "\\tildes", "tildes", "scaledlogits",
               "缩放分数", "缩放后的分数", "缩放后分数", "缩放打分"),
    "weights": ("a", "weights", "weight", "attentionweights", "attentionweight", "attention", "attn",
                "p", "probs", "probabilities", "attentionmatrix", "attentionprobs", "注意力权重", "权重",
                "注意力矩阵", "概率"),
    "output": ("o", "z", "output", "outputs", "out", "attentionoutput", "输出", "最终结果", "结果",
               "attention(q,k,v)", "selfattention(q,k,v)", "attn(q,k,v)"),
    "d_k": ("dk", "d_k", "dkey"),
    "d_model": ("d", "dmodel", "d_model", "dim", "hiddensize"),
    "L": ("l", "n", "seqlen", "seq_len", "sequencelength", "len"),
    "mask": ("m", "mask", "causalmask", "掩码", "掩码矩阵"),
}
_LOOKUP = {alias: key for key, aliases in _ALIASES.items() for alias in aliases}

#: how the well-known quantities follow from others (keys as in canon)
FORMULAS: dict[str, Node] = {
    "Q": Op("mul", (Name("X"), Name("W_Q"))),
    "K": Op("mul", (Name("X"), Name("W_K"))),
    "V": Op("mul", (Name("X"), Name("W_V"))),
    "scores": Op("mul", (Name("Q"), Op("T", (Name("K"),)))),
    "scaled": Op("div", (Name("S"), Op("sqrt", (Name("d_k"),)))),
    "weights": Op("softmax", (Name("S/√d_k"),)),
    "output": Op("mul", (Name("A"), Name("V"))),
    "d_k": Op("cols", (Name("K"),)),
    "d_model": Op("cols", (Name("X"),)),
    "L": Op("rows", (Name("X"),)),
}

#: dimension names: given values are conventions, not inputs to check against a matrix
DIMENSIONS = ("d_k", "d_model", "L")

#: d_k stated as a number (``d_k = 4``, ``d_{k}=64``, ``dk: 8``), group 1; not its root
#: (``\sqrt{d_k} = 2`` and ``√d_k = 2`` state √d_k, and d_k is 4 there)
DK_STATED = re.compile(r"(?<![\w\\])(?<!√)(?<!√ )(?<!sqrt\{)(?<!sqrt )d_?\{?k\}?\s*(?:=|:=|:)\s*(\d{1,5})(?![\d.,]\d)")

#: how the report names a key
LABELS = {"scores": "QKᵀ", "scaled": "QKᵀ/√d_k", "weights": "softmax", "output": "AV"}


def _flat(raw: str) -> str:
    s = re.sub(r"\\(text|mathrm|operatorname|textrm|mathbf|boldsymbol)\s*", "", raw)
    s = s.replace("{", "").replace("}", "").replace("\\ ", "")
    return re.sub(r"[\s\-]", "", s)


#: names an article gives a meaning of their own (Z = S̃ + B beside O = A V): for the article being
#: checked, they are not the well-known quantity they usually alias (set by the engine, per article)
OWN_NAMES: ContextVar[frozenset] = ContextVar("OWN_NAMES", default=frozenset())


def canon(raw: str) -> str:
    """The key of a name as written."""
    flat = _flat(raw)
    if flat in OWN_NAMES.get() or re.fullmatch(r"d[A-Z]", flat):
        return flat   # (dK, dQ: gradients, not the dimension d_k)
    low = flat.lower().replace("_", "") if flat not in ("D",) else "dmodel"
    if flat.lower() in _LOOKUP:
        return _LOOKUP[flat.lower()]
    if low in _LOOKUP:
        return _LOOKUP[low]
    if flat.lower().startswith("w_") and flat[2:].upper() in ("Q", "K", "V"):
        return "W_" + flat[2:].upper()
    return flat


def is_known(raw: str) -> bool:
    return _flat(raw).lower() in _LOOKUP or _flat(raw).lower().replace("_", "") in _LOOKUP \
        or raw in JOINED.get()


#: runs of capitals the article being checked uses as one indexed name (set by the engine, per article)
JOINED: ContextVar[frozenset] = ContextVar("JOINED", default=frozenset())

_INDEXED_LEFT = re.compile(r"(?<![A-Za-z\\])([A-Z]{2,4})_(\{[^{}\n]{1,24}\}|[A-Za-z0-9])\s*(?::=|=(?!=))")


#: the letters whose entries the article being checked counts from 0 (set by the engine, per article)
ZERO_BASED: ContextVar[frozenset] = ContextVar("ZERO_BASED", default=frozenset())

_ZERO_INDEX = re.compile(r"(?<![A-Za-z\\])([A-Za-z])_(?:0(?![.,]?\d)|\{\s*(?:0\s*(?:,\s*\d+\s*)?|\d+\s*,\s*0\s*|0\d|\d0)\})")


def zero_based(text: str) -> frozenset:
    """The letters an article indexes from 0 (``A_{10}``, ``A_{12}``, ``O_0``, ``v_{0}``): their entries
    and rows are counted from 0 there (``A_{21}`` is row 3, column 2), as lowercase letters.

    >>> sorted(zero_based("$A_{10} = 0.4$, $O_0 = [1, 2]$, $x_1$, $s_{12}$, $e^{0}$, $h_0.5$"))
    ['a', 'o']
    """
    return frozenset(m.group(1).lower() for m in _ZERO_INDEX.finditer(text))


@contextmanager
def notation_of(text: str):
    """The scope of one article: its joined names (see :func:`joined_names`) are one name each, and
    the letters it indexes from 0 (see :func:`zero_based`) count their entries from 0."""
    tokens = JOINED.set(joined_names(text)), ZERO_BASED.set(zero_based(text))
    try:
        yield
    finally:
        JOINED.reset(tokens[0])
        ZERO_BASED.reset(tokens[1])


def joined_names(text: str) -> frozenset:
    """Runs of capitals an article defines as one indexed name: ``PE_0 = (0, 1, 0, 1)``, where
    ``E_0`` is written nowhere else and ``E`` is no quantity of attention, is the name ``PE_0``, not
    P times E_0.  ``XW_Q = …`` stays X times W_Q (W_Q is a well-known name, and written alone)."""
    out = set()
    for m in _INDEXED_LEFT.finditer(text):
        run, sub = m.group(1), m.group(2)
        tail = run[-1]
        if run in out or canon(tail) != tail or tail in _ALIASES or tail in ("W", "D", "T"):
            continue
        alone = re.compile(r"(?<![A-Za-z\\])" + re.escape(tail + "_" + sub))
        if not alone.search(text):
            out.add(run)
    return frozenset(out)
