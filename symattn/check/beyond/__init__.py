r"""Checks beyond the attention pipeline: KV-cache sizes, sinusoidal positional encodings, RoPE
angles, sums X + PE, sample variances and the softmax Jacobian; and, over named displays
(:mod:`.display`), the topic quantities of derivations: RoPE matrices (:mod:`.rotary`) and lines
(:mod:`.rope_lines`), softmax weights, Jacobians and online softmax (:mod:`.softmaxes`), the √d_k
argument (:mod:`.moments`), decoding with a KV cache (:mod:`.kvdecode`), substituted forms
(:mod:`.matexpr`) and formulas in names (:mod:`.formulas`), notes on the matrix above
(:mod:`.properties`), tables restating it (:mod:`.restated`), decimals rounding an exact matrix
(:mod:`.rounded`), its rounded row sums (:mod:`.rowsums`) and chains checked from their own parts (:mod:`.identities`).

Input: the article's text and its blocks (:func:`symattn.check.read.read_blocks`).
Output: a list of :class:`~symattn.check.claims.Claim`, one per line that prints such a value.

Every kind is bound by evidence in the text (a stated formula, a parameter, a label) and
judged at the printed precision (:mod:`symattn.check.judge`); a claim is wrong only with a
witness, the value it should have had and where that comes from.  Arithmetic is evaluated by
a small parser of its own (numbers, + − × / ^, fractions, roots, sin/cos/exp, π, degrees):
no user text is ever executed or passed to ``sympify``.

>>> c = beyond_claims(Document.of("PE: sin(1 / 10000^(0/4)) = 0.841"), [])[0]
>>> c.status, c.expected
('rounded', '0.841470984807897')
>>> beyond_claims(Document.of("Step 2: 160 × 8 = 1,280 (KV cache)"), [])[0].status
'exact'
"""

from __future__ import annotations

from ..claims import Claim
from ..document import Document
from .arith import evaluate
from .chains import _KV, _chains, _vector_chains
from .kvdecode import kv_decode_claims
from .kv import _gqa_groups, _kv_restated, _kv_sizes, _kv_tables, _named_quotients, _per_token_runs, _unit_restated
from .display import displays
from .formulas import formula_claims
from .identities import identity_claims
from .matexpr import substituted_claims
from .moments import moment_claims
from .notes import note_claims
from .pe import _pe_tables, _pe_vectors
from .properties import property_claims
from .restated import with_tables
from .rope_lines import rope_line_claims
from .rounded import rounded_claims
from .rowsums import rowsum_claims
from .shares import share_claims
from .rotary import rotary_claims
from .softmaxes import softmax_claims
from .temperature import temperature_claims
from .rope import _directions, _rope_periods, _rope_tables, _trig_blocks
from .variance import _jacobians, _variances

__all__ = ["beyond_claims", "evaluate"]


def beyond_claims(doc: Document, blocks: list) -> list[Claim]:
    """Claims about KV-cache sizes, positional encodings, RoPE and variances (see module doc)."""
    text, lines = doc.text, list(doc.lines)
    kv_article = bool(_KV.search(text))
    claims: list[Claim] = []
    # (Markdown's escaped star, "32 \* 128", and LaTeX's discretionary one are a product's sign: one
    # character for one, the columns stay)
    claims += _chains(text, [line.replace("\\*", " *") for line in lines], kv_article)
    claims += _vector_chains(lines)
    if kv_article:
        claims += _kv_sizes(lines, text)
        claims += _kv_tables(lines, text)
        claims += _kv_restated(lines)
        claims += _unit_restated(lines)
        claims += _named_quotients(lines)
        claims += _per_token_runs(lines)
    claims += _gqa_groups(lines)
    claims += _pe_tables(text, lines, blocks)
    claims += _pe_vectors(text, lines, claims)
    claims += _rope_tables(text, lines)
    claims += _trig_blocks(text, blocks)
    claims += _variances(text, lines)
    claims += _jacobians(blocks)
    claims += _directions(lines)
    claims += _rope_periods(text, lines)
    disps = _safe(displays, doc)
    disps = _safe(with_tables, doc, blocks, disps) or disps
    # rounded first: its claim lists the printed decimals, which a precision caption above reads
    for rule in (rounded_claims, rotary_claims, rope_line_claims, softmax_claims, moment_claims,
                 substituted_claims, property_claims, kv_decode_claims, formula_claims, note_claims,
                 rowsum_claims):
        claims += _safe(rule, doc, disps)
    claims += _safe(identity_claims, doc)
    claims += _safe(share_claims, doc)
    claims += temperature_claims(doc)
    return _one_per_line(claims)


def _safe(rule, *args) -> list:
    """A rule over named displays and chains; input it was not written for gives no claims, never a
    traceback (the fuzzed derivations raise nothing, this is the backstop)."""
    try:
        return rule(*args)
    except (ValueError, TypeError, ZeroDivisionError, IndexError, KeyError, OverflowError, RecursionError,
            AttributeError):
        return []


def _one_per_line(claims: list[Claim]) -> list[Claim]:
    """Several claims on one line are kept, but a line never gets the same verdict twice."""
    seen, out = set(), []
    for c in sorted(claims, key=lambda c: c.line):
        key = (c.line, c.what, str(c.claimed))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
