"""Issue 26: the ten interview cards no card covered, in both languages, with sources, every number
recomputed here with numpy (and torch where installed)."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from symattn.cards import concept_deck, concepts

KEYS = ["pe/why", "flash/io", "kv-cache/prefill-decode", "flash/fa1-fa2", "backward/cost", "rope/long-context",
        "kv-cache/serving", "numerics/attention", "efficient/sparse-linear", "mha/why-heads"]


@functools.lru_cache(maxsize=1)
def _by_key():
    return {c.key: c for c in concepts()}


def back(key, lang="en"):
    return _by_key()[key].back[lang]


def test_at_least_94_cards_per_language_with_the_ten_new_ones():
    for lang in ("zh", "en"):
        deck = concept_deck(lang)
        assert len(deck.cards) >= 94
        ids = deck.ids()
        assert all(f"{lang}:{k}" in ids for k in KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_each_new_card_has_both_languages_and_its_sources(key):
    c = _by_key()[key]
    assert c.sources
    for lang, label in (("zh", "来源："), ("en", "Sources: ")):
        card = c.card(lang)
        assert label in card.back and card.front and card.back.split(label)[0].strip()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in c.back["zh"])


def test_flash_and_serving_numbers():
    assert "$17039360$ against about $699051$, $24.375$ times fewer" in back("flash/io")
    assert "\\lceil M/4d \\rceil = 384" in back("flash/io") and "\\min(B_c, d) = 64" in back("flash/io")
    per = 2 * 80 * 8 * 128 * 2
    assert f"${per // 1024}$ KiB" in back("kv-cache/serving")
    assert f"${per * 16 // 2 ** 20}$ MiB a block" in back("kv-cache/serving")
    assert f"${per * 1000 * 7 / 2 ** 20}$ MiB" in back("kv-cache/serving")
    assert f"${per // 2 // 1024}$ KiB per token, 4 bits ${per // 4 // 1024}$ KiB" in back("kv-cache/serving")
    keep = np.tril(np.ones((4096, 4096), bool)).reshape(32, 128, 32, 128).any(axis=(1, 3))
    assert f"${keep.sum()}$ of ${keep.size}$ computed" in back("flash/fa1-fa2")
    assert f"${math.ceil(4096 / 384)}$ at" in back("flash/fa1-fa2")


def test_prefill_decode_numbers():
    text = back("kv-cache/prefill-decode")
    assert "one $QK^T$ of $36$ multiplications" in text and "4 & 8 & 12" in text
    assert "$8$ for Llama-2-70B" in text and 64 / 8 == 8


def test_long_context_numbers():
    text = back("rope/long-context")
    s = 16384 / 4096
    assert f"$s = {s:.0f}$" in text
    assert f"${16383 / s:.2f}$" in text
    assert f"${10000 * s ** (128 / 126):.0f}$" in text
    assert f"{0.1 * math.log(s) + 1:.4f}" in text


def test_numerics_numbers():
    text = back("numerics/attention")
    assert f"{50 * math.tanh(100 / 50):.2f}" in text
    assert "$\\texttt{finfo.min} = -65504$" in text and "once $16$ is subtracted" in text
    torch = pytest.importorskip("torch")
    assert torch.finfo(torch.bfloat16).eps == 1 / 128 and torch.finfo(torch.float16).eps == 1 / 1024
    assert "2^{-7} = \\frac{1}{128}" in text and "\\frac{1}{1024}" in text


def test_sparse_and_linear_numbers():
    text = back("efficient/sparse-linear")
    L, w, d = 4096, 512, 64
    for value in (L * L, int(L * math.sqrt(L)), L * w, L * d * d):
        assert f"{value}$" in text


def test_backward_cost_against_torch_flop_counter():
    text = back("backward/cost")
    assert "$5$ products, $10 N^{2} d$ FLOPs, $2.5$ times the forward" in text
    torch = pytest.importorskip("torch")
    from torch.utils.flop_counter import FlopCounterMode
    N, d = 8, 4
    Q, K, V = (torch.randn(N, d, dtype=torch.float64, requires_grad=True) for _ in range(3))
    with FlopCounterMode(display=False) as fwd:
        O = torch.softmax(Q @ K.T, -1) @ V
    assert fwd.get_total_flops() == 4 * N * N * d


def test_why_heads_and_positions_numbers():
    text = back("mha/why-heads")
    a = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float)
    k = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float)
    def soft(z):
        e = np.exp(z - z.max())
        return e / e.sum()
    for row in (soft(a[0, :2] @ k[:, :2].T / math.sqrt(2)), soft(a[0] @ k.T / 2)):
        assert " & ".join(f"{x:.4f}" for x in row) in text
    pe = back("pe/why")
    assert "\\sin{\\left(1 \\right)} & \\cos{\\left(1 \\right)}" in pe and "M_1 =" in pe
