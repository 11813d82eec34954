"""Which primary sources each card cites in its back matter: by card key, else by its topic prefix.

A card on the article's pipeline cites the paper that defines it (Vaswani et al. 2017); a card beyond
it cites the paper of its topic.  Every card of the deck gets at least one source (a test keeps it so).
"""

from __future__ import annotations

from dataclasses import replace

from ..sources import cite

__all__ = ["SOURCES", "sources_of", "with_sources"]

_V = "vaswani2017"

#: a card key, or a topic prefix ending in "/", -> its sources; the longest match wins
SOURCES = {
    "pipeline/": (cite(_V, "3.2.1", ("公式 (1)", "Equation 1")),),
    "pipeline/projections": (cite(_V, "3.2.2"),),
    "pipeline/parallel": (cite(_V, "4", ("表 1", "Table 1")),),
    "scaling/": (cite(_V, "3.2.1", ("脚注 4", "footnote 4")),),
    "stability/": (cite("milakov2018", "2", ("安全 softmax", "the safe softmax")),),
    "complexity/": (cite(_V, "4", ("表 1", "Table 1")),),
    "complexity/memory": (cite(_V, "4", ("表 1", "Table 1")), cite("dao2022", "3.1")),
    "mask/": (cite(_V, "3.2.3"),),
    "mha/": (cite(_V, "3.2.2"),),
    "gqa/": (cite("ainslie2023", "2.2"), cite("shazeer2019", "3")),
    "gqa/kv-cache": (cite("touvron2023", "2.2", ("表 1", "Table 1")), cite("shazeer2019")),
    "rope/": (cite("su2021", "3.2"),),
    "gradient/": (cite(_V, "3.2.1", ("小梯度的说法", "the remark on extremely small gradients")),),
    "kv-cache/": (cite("pope2022"), cite("shazeer2019")),
    "cross-attention/": (cite(_V, "3.2.3", ("编码器-解码器注意力", "encoder-decoder attention")),),
    "mla/": (cite("deepseek2024", "2.1"),),
    "mla/rope": (cite("deepseek2024", "2.1.3", ("解耦的 RoPE", "Decoupled Rotary Position Embedding")),),
    "alibi/": (cite("press2022", "3"),),
    "window/": (cite("beltagy2020", "3.1"), cite("jiang2023", "2")),
    "backward/": (cite("dao2022", "B"), cite("dao2023", "3.1.2")),
    "online/": (cite("milakov2018", "3"), cite("dao2022", "3.1", ("算法 1", "Algorithm 1")), cite("dao2023", "3.1.1")),
}


def sources_of(key: str) -> tuple:
    """The sources of the card with this key: its own entry, else its topic's."""
    if key in SOURCES:
        return SOURCES[key]
    return SOURCES.get(key.split("/", 1)[0] + "/", ())


def with_sources(concept):
    """The concept with its sources, unless it names its own."""
    return concept if concept.sources else replace(concept, sources=sources_of(concept.key))
