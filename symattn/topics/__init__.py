"""Which derivation a spec asks for: ``topic = "..."`` → a function spec -> Derivation.

A new topic is one module with a ``derive_<topic>(spec)`` function plus one entry here.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import SymattnError

__all__ = ["TOPICS", "SUMMARIES", "derive"]

#: topic name -> (module, function, the keys its [options] table may hold)
TOPICS: dict[str, tuple[str, str, frozenset[str]]] = {
    "attention": ("attention", "derive_attention", frozenset()),
    "mask": ("masks", "derive_mask", frozenset({"causal", "padding"})),
    "mha": ("heads", "derive_mha", frozenset({"heads", "W_O"})),
    "gqa": ("heads", "derive_gqa", frozenset({"query_heads", "kv_heads", "W_O"})),
    "rope": ("rope", "derive_rope", frozenset({"base", "positions", "pairing"})),
    "softmax_gradient": ("theory", "derive_softmax_gradient", frozenset({"saturation_d_k"})),
    "why_sqrt_dk": ("theory", "derive_why_sqrt_dk", frozenset({"samples", "seed", "demo_d_k"})),
    "consistency": ("consistency", "derive_consistency", frozenset({"target"})),
    "alibi": ("alibi", "derive_alibi", frozenset({"heads", "head", "causal"})),
    "sliding_window": ("sliding_window", "derive_sliding_window", frozenset({"window", "causal"})),
    "backward": ("backward", "derive_backward", frozenset({"dO"})),
    "online_softmax": ("online_softmax", "derive_online_softmax", frozenset({"block"})),
    "kv_cache": ("kv_cache", "derive_kv_cache", frozenset()),
    "cross_attention": ("cross_attention", "derive_cross_attention", frozenset({"source", "memory", "padding"})),
    "mla": ("mla", "derive_mla", frozenset({"heads", "groups", "rope_dim", "W_DKV", "W_UK", "W_UV"})),
    "pe": ("pe", "derive_pe", frozenset({"base", "positions", "shift", "order"})),
}


#: topic name -> what it derives, in one line (``symattn derive --help`` and the README list them all)
SUMMARIES: dict[str, str] = {
    "attention": "the article's pipeline: K^T, Q K^T, / sqrt(d_k), row softmax, weights times V (the default)",
    "mask": "causal and padding masks; -oo becomes an exact 0 weight",
    "mha": "multi-head attention: split into heads, attend per head, concatenate, apply W_O",
    "gqa": "grouped- and multi-query attention: shared K/V heads, GQA = MHA with repeated K/V",
    "rope": "rotary position embedding with exact cos/sin, R(m theta)^T R(n theta) = R((n-m) theta)",
    "softmax_gradient": "the softmax Jacobian diag(a) - a a^T of each row, and its saturation",
    "why_sqrt_dk": "Var(q.k) = d_k derived symbolically, then a seeded sampling check",
    "consistency": "is there a W_Q with X W_Q = Q? rank test, exact minimum-norm solution",
    "alibi": "ALiBi: head slopes, distance bias, softmax(S~ + B)",
    "sliding_window": "a window of width w as an exact 0/-oo mask, causal or two-sided",
    "backward": "the backward pass from an upstream dO to dV, dA, dS~, dQ and dK",
    "online_softmax": "FlashAttention's online softmax over tiles of keys, proved equal to one pass",
    "kv_cache": "decoding token by token with a KV cache, proved equal to causal attention",
    "cross_attention": "queries from one sequence, keys and values from another (rectangular scores)",
    "mla": "multi-head latent attention: K and V through a cached latent, the absorbed scores",
    "pe": "sinusoidal position encodings, PE(p) M_k = PE(p + k), permutation equivariance",
}


def derive(spec):
    """Derive whatever the spec's ``topic`` names."""
    try:
        module, func, known = TOPICS[spec.topic]
    except KeyError:
        raise SymattnError(f"unknown topic {spec.topic!r}; known topics: {', '.join(sorted(TOPICS))}",
                           file=spec.source, entry="topic") from None
    unknown = sorted(set(dict(spec.options)) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise SymattnError(f"unknown option(s) {', '.join(unknown)} for topic {spec.topic!r} "
                           f"(its options: {allowed})", file=spec.source, entry="options")
    from .. import limits
    try:
        limits.estimate(spec)  # the whole cost, before any work
        derivation = getattr(import_module(f".{module}", __package__), func)(spec)
        from ..notation import present  # the spec's [notation], steps and levels
        from ..softmax import canonical_steps  # every exact entry in the weights' form
        return present(canonical_steps(derivation), spec)
    except SymattnError as exc:
        raise exc.located(file=spec.source) from None
