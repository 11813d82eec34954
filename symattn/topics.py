"""Which derivation a spec asks for: ``topic = "..."`` → a function spec -> Derivation.

A new topic is one module with a ``derive_<topic>(spec)`` function plus one entry here.
"""

from __future__ import annotations

from importlib import import_module

from .errors import SymattnError

__all__ = ["TOPICS", "derive"]

#: topic name -> (module, function)
TOPICS: dict[str, tuple[str, str]] = {
    "attention": ("attention", "derive_attention"),
    "mask": ("masks", "derive_mask"),
    "mha": ("heads", "derive_mha"),
    "gqa": ("heads", "derive_gqa"),
    "rope": ("rope", "derive_rope"),
    "softmax_gradient": ("theory", "derive_softmax_gradient"),
    "why_sqrt_dk": ("theory", "derive_why_sqrt_dk"),
    "consistency": ("consistency", "derive_consistency"),
}


def derive(spec):
    """Derive whatever the spec's ``topic`` names."""
    try:
        module, func = TOPICS[spec.topic]
    except KeyError:
        raise SymattnError(f"unknown topic {spec.topic!r}; known topics: {', '.join(sorted(TOPICS))}",
                           file=spec.source, entry="topic") from None
    try:
        return getattr(import_module(f".{module}", __package__), func)(spec)
    except SymattnError as exc:
        raise exc.located(file=spec.source) from None
