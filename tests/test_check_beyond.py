"""check beyond the attention pipeline (symattn.check.beyond): KV-cache sizes, sinusoidal positional
encodings and X + PE, RoPE angles and cos/sin caches, variances and the softmax Jacobian.

Each article below is small and written for the test; its expected verdicts are computed here with
SymPy (never with the module under test), and every wrong claim must name its right value.
"""

from __future__ import annotations

import math

import numpy as np

import pytest
import sympy as sp

from symattn.check.document import Document
from symattn.check import check_text
from symattn.check.beyond import beyond_claims, evaluate
from symattn.check.read import read_blocks

R = sp.Rational


def claims(text: str):
    return beyond_claims(Document.of(text), read_blocks(Document.of(text)))


def at(cs, line: int):
    found = [c for c in cs if c.line == line]
    assert found, f"no claim at line {line}: {[(c.line, c.status) for c in cs]}"
    return found[0]


def n(x, places: int) -> str:
    return f"{float(sp.N(x, 30)):.{places}f}"


# --------------------------------------------------------------------------- arithmetic

def test_evaluate_reads_latex_and_plain_arithmetic_exactly_enough():
    assert abs(evaluate(r"\sin\Big(\frac{1}{10000^{2/4}}\Big)") - float(sp.sin(R(1, 100)))) < 1e-15
    assert abs(evaluate("cos(1 / 10000^(0/8))") - float(sp.cos(1))) < 1e-15
    assert evaluate("2 × 24 × 4K", kilo=1024) == 2 * 24 * 4096
    assert abs(evaluate(r"90^\circ") - float(sp.pi / 2)) < 1e-15
    for text in ("q_1 + 2", "[1, 2] + 1", "x", "sin(", "1/0", "import os"):
        assert evaluate(text) is None


def test_shape_statements_and_symbols_are_not_claims():
    text = "KV cache shapes: (3 × 4)(4 × 3) = 3 × 3\n\nVar(q·k) = d_k\n\n$\\sin(m\\theta) = \\sin m\\theta$\n"
    assert claims(text) == []


# --------------------------------------------------------------------------- KV cache

PER_TOKEN = 2 * 24 * 4 * 128 * 2          # 2 · layers · KV heads · head dim · FP16 bytes

KV_TABLE = """# KV cache sizes
**Tiny-3B** (L=24, H=4 KV heads, d=128), FP16:

| Context | KV cache |
|---|---|
| 8K tokens | {a} GB |
| 8K tokens | {b} GiB |
| 32K tokens | {c} GB |

**Tiny-3B at 32K context (baseline: {c} GB)**

| Preset | Compression | KV cache after |
|---|---|---|
| high | 4x | {d} GB |
"""


def test_kv_sizes_accept_gb_gib_and_both_readings_of_k():
    a = n(sp.Integer(PER_TOKEN * 8000) / 10**9, 2)      # GB with 8K = 8000
    b = n(sp.Integer(PER_TOKEN * 8192) / 2**30, 3)      # GiB with 8K = 8192
    c = n(sp.Integer(PER_TOKEN * 32768) / 10**9, 1)     # GB with 32K = 32768
    d = n(sp.Integer(PER_TOKEN * 32768) / 10**9 / 4, 2)
    cs = claims(KV_TABLE.format(a=a, b=b, c=c, d=d))
    for line in (6, 7, 8, 10, 14):
        assert at(cs, line).status in ("exact", "rounded"), at(cs, line).detail
    assert b == "0.375" and at(cs, 7).status == "exact"


def test_kv_size_that_fits_no_reading_is_wrong_with_the_closest_reading():
    c = "6.4"      # 4× too big: 32K tokens need 1.61 GB (GB, 32768) or 1.5 GiB
    cs = claims(KV_TABLE.format(a="0.39", b="0.375", c=c, d="1.6"))
    wrong = at(cs, 8)
    assert wrong.status == "wrong" and wrong.cause == "slip"
    readings = [sp.Integer(PER_TOKEN * t) / u for t in (32000, 32768) for u in (10**9, 2**30)]
    closest = min(readings, key=lambda x: abs(x - R(64, 10)))
    assert abs(float(wrong.expected) - float(closest)) < 1e-9
    assert wrong.entries[0]["claimed"] == "6.4" and wrong.entries[0]["line"] == 8
    # the baseline restated, and the compressed size that follows from it, are carried
    assert at(cs, 10).status == "wrong" and at(cs, 10).cause == "carried" and at(cs, 10).root == 8
    assert at(cs, 14).status == "wrong" and at(cs, 14).cause == "carried" and at(cs, 14).root == 8



def _kv_prose(size: str) -> str:
    # the model in words ("a head dimension of 128", "an 8-layer model"), the context with its
    # thousands separator: 2 · 8 layers · 4 heads · 128 · 2 bytes · 2,048 tokens
    return ("# Sizing the cache\n\nAn 8-layer model with 4 heads and a head dimension of 128, in FP16.\n\n"
            f"For 2,048 tokens of context the KV cache takes {size} MB.\n")


def test_kv_model_in_words_and_a_token_count_with_thousands_separators():
    exact = sp.Integer(2 * 8 * 4 * 128 * 2 * 2048)
    right = n(exact / 10**6, 1)                   # 33.6 MB (32 MiB)
    assert at(claims(_kv_prose(right)), 5).status in ("exact", "rounded")
    wrong = at(claims(_kv_prose("0.8")), 5)       # 2,048 read as 048 tokens would give about 0.79 MB
    assert wrong.status == "wrong"

@pytest.mark.parametrize("count", ["2,048-token", "2K-token", "2k-token"])
def test_kv_a_token_count_joined_to_its_noun_by_a_hyphen(count):
    # "a 2K-token context" is 2,000 or 2,048 tokens, never one token with the size of the sentence
    exact = sp.Integer(2 * 8 * 4 * 128 * 2 * 2048)
    text = ("# Sizing the cache\n\nAn 8-layer model with 4 heads and a head dimension of 128, in FP16.\n\n"
            f"A {count} context takes {n(exact / 2**20, 0)} MiB of KV cache.\n")
    assert at(claims(text), 5).status in ("exact", "rounded")


def test_kv_parameters_and_counts_named_in_words_of_any_language():
    # the words that name layers, heads and the context are no English ones (Turkish here): two bare
    # counts beside the named head size are the layers and the heads (the cache is their product),
    # and "4K bağlam" is a count of tokens; the right size is exact, a wrong one is wrong
    per_token = 2 * 8 * 4 * 128 * 2
    right = n(sp.Integer(per_token * 4096) / 2**20, 0)              # 64 MiB
    text = ("Model (8 katman, 4 kafa, head_dim=128), FP16, KV:\n\n"
            f"- 4K bağlam: {right} MiB\n- 16K bağlam: 100 MiB\n")
    cs = claims(text)
    assert at(cs, 3).status in ("exact", "rounded") and at(cs, 4).status == "wrong"
    # a list of three bare counts, or one with no head size, names nothing
    for model in ("Model (8 katman, 4 kafa, 2 grup, head_dim=128), FP16, KV:", "Model (8 katman, 4 kafa), FP16, KV:"):
        assert not [c for c in claims(text.replace(text.split("\n")[0], model)) if c.line in (3, 4)]


def test_kv_a_size_glued_to_a_device_is_not_the_cache_size():
    # "on 4xA100-80GB": the memory of each device, no claim about the cache of the sentence
    text = ("An 8-layer model, 4 KV heads, head_dim=128, BF16:\n\n```\n"
            "per token: 2 * 8 * 4 * 128 * 2 bytes = 16,384 bytes = 16 KB\n```\n\n"
            "Exercise: compare FP16, FP8 and INT4 at 4K context on 4xA100-80GB.\n")
    cs = claims(text)
    assert at(cs, 4).status == "exact" and not [c for c in cs if c.line == 7]


def test_kv_product_chains_with_thousands_separators_and_units():
    text = ("KV cache, step by step:\n\n"
            "Step 1: 2 × 24 = 48\n"
            "Step 2: 48 × 4 × 128 = 24,576\n"
            "Step 3: 24,576 × 2 = 49,125 bytes per token\n"
            "- FP16: 2 × 24 × 4 × 128 × 4K × 2 bytes = **~0.2 GB**\n"
            "- FP16: 2 × 24 × 4 × 128 × 4K × 2 bytes = **~0.5 GB**\n"
            "- int8 KV cache: ~0.1 GB\n")
    cs = claims(text)
    assert at(cs, 3).status == "exact" and at(cs, 4).status == "exact"
    assert at(cs, 5).status == "wrong" and at(cs, 5).expected == str(24576 * 2)
    assert at(cs, 6).status == "rounded"           # 196.6 MB (4000) or 201.3 MB (4096)
    assert at(cs, 7).status == "wrong"
    # the int8 line: the factors of the last chain with 1 byte per element, 0.098 or 0.1 GB
    assert at(cs, 8).status in ("rounded", "exact")



def test_kv_a_bare_size_restates_the_nearest_product_only():
    """A bare size after a KV chain restates it (``KV cache: ~0.5 GB``); once another product is
    computed (the GPUs' memory), a size after it is about that one, however it names the KV."""
    chain = "```\nKV cache = 2 × 24 × 4 × 128 × 4096 × 2 bytes = 201,326,592 bytes\n"
    cs = claims(chain + "KV cache per user: 0.9 GB\n```\n")
    assert at(cs, 3).status == "wrong"          # 0.20 GB, or 0.19 GiB
    cs = claims(chain + "GPU memory: 2 × 80GB = 160GB\nAvailable for KV: 120GB\n```\n")
    assert not [c for c in cs if c.line == 4]
    # another count of tokens stated since (a budget at 16K, in words of any language) is another
    # configuration: its cache restates no chain above (0.8 GB is right at 16K tokens)
    cs = claims(chain + "Budget (16K Kontext, INT8):\nKV cache: ~0.8 GB\n```\n")
    assert not [c for c in cs if c.line == 4]

def test_kv_budget_context_and_gqa_groups():
    text = ("# KV cache\n\nFor Big-70B (80 layers, 8 KV heads, head_dim=128) in FP16:\n\n"
            "- 32K context: ~16 GB\n\n"
            "A 48GB card leaves ~4 GB for the KV cache, which caps you at roughly 8K context.\n"
            "A 48GB card leaves ~4 GB for the KV cache, which caps you at roughly 12K context.\n\n"
            "With GQA, 32 query heads in 8 groups: 4 query heads share each K/V head.\n"
            "With GQA, 32 query heads in 8 groups: 8 query heads share each K/V head.\n")
    per_token = 2 * 80 * 8 * 128 * 2
    cs = claims(text)
    assert at(cs, 5).status == "wrong"        # 32K tokens: 10.7 GB or 10 GiB, not 16
    # 4 GB hold 4e9 / 327680 = 12207 tokens (12.2K), 4 GiB hold 13107 (13.1K or 12.8K of 1024)
    assert sp.Integer(4 * 10**9) / per_token > 12000
    assert at(cs, 7).status == "wrong" and at(cs, 7).cause == "carried" and at(cs, 7).root == 5
    assert at(cs, 8).status == "rounded"
    assert at(cs, 10).status == "exact" and at(cs, 11).status == "wrong" and at(cs, 11).expected == "4"


def test_kv_parameter_rows_with_their_quotient():
    text = ("KV cache parameters\n\n"
            "KV heads (GQA-8) H_kv 8 H_total=64 / GQA_ratio=8\n"
            "Per-head dimension D 128 model_dim(8192) / H_total(64)\n"
            "Per-head dimension D 64 model_dim(8192) / H_total(64)\n")
    cs = claims(text)
    assert at(cs, 3).status == "exact" and at(cs, 4).status == "exact"
    assert at(cs, 5).status == "wrong" and at(cs, 5).expected == str(8192 // 64)


def test_integer_and_size_arithmetic_in_any_article():
    """Products of integers and arithmetic on sizes are exact: checked whatever the article is about.
    Products of rounded decimals are left to the pipeline's own rules outside an article on sizes."""
    (c,) = claims("Step 2: 160 × 8 = 1,281\n")
    assert c.status == "wrong" and c.expected == "1280"
    (c,) = claims("blocks: 62 GB / 2.5 MB = 25,088\n")
    assert c.status == "wrong" and c.expected == "24800"    # 25,395.2 with GiB / MiB: right under no reading
    assert [c.status for c in claims("blocks: 27,000 MB / 2.5 MB ≈ 10,800\n")] == ["exact"]
    assert claims("the gradient is 0.9999 × 0.0001 = 0.0001\n") == []


def test_an_integer_quotient_is_read_at_zero_decimals():
    """A quotient is seldom an integer, so an integer printed for one is rounded (the verdict policy:
    ±0.5 at 0 decimals): 2 · 28672 / 2200 = 26.07 is right as 26, wrong as 27; a product of integers
    stays exact."""
    assert 2 * 28672 / 2200 == pytest.approx(26.0655, abs=1e-4)
    (c,) = claims("the bound is 2 * 28672 / 2200 = 26 here\n")
    assert c.status == "rounded"
    (c,) = claims("the bound is 2 * 28672 / 2200 = 27 here\n")
    assert c.status == "wrong" and c.expected.startswith("26.065")
    (c,) = claims("the bound is 2 * 28672 = 57,345 here\n")
    assert c.status == "wrong" and c.expected == "57344"


def test_a_number_before_pi_or_a_root_is_a_coefficient_and_approximately_an_integer_is_rounded():
    """"= 2π × 10000 ≈ 62,832": 2 is no result (2π is a product), and an integer after ≈ is a
    rounding (62,831.85); a cut one is still wrong."""
    assert round(2 * math.pi * 10000) == 62832
    cs = claims("```\nperiod = 2π × 10000^(512/512) = 2π × 10000 ≈ 62,832\n```\n")
    assert [(c.claimed, c.status) for c in cs] == [("62,832", "rounded")]
    cs = claims("```\nperiod = 2π × 10000^(512/512) = 2π × 10000 ≈ 62,831\n```\n")
    assert [c.status for c in cs] == ["wrong"]


def test_a_chain_continued_on_the_next_lines():
    text = ("```\n"
            "size = 2 (K+V) × 40 (layers) × 5,120 (dim) × 2 Bytes (FP16)\n"
            "     = 819,200 Bytes (~800 KB)\n"
            "\n"
            "total = 2 × 32 (batch) × 2,048 × 40 × 5,120 × 2 Bytes\n"
            "      = 56,294,995,340 Bytes\n"
            "      ≈ 53.68 GB (about 54 GB)\n"
            "```\n")
    cs = claims(text)
    assert [(c.line, c.status, c.claimed) for c in cs] == [
        (3, "exact", "819,200"), (3, "exact", "800"), (6, "wrong", "56,294,995,340"),
        (7, "wrong", "53.68"), (7, "rounded", "54")]
    assert at(cs, 6).expected == str(2 * 32 * 2048 * 40 * 5120 * 2)
    assert at(cs, 7).entries[0]["correct"] == "53.69"   # from the operands, not from the wrong print above


def test_a_chain_judged_end_to_end_through_the_results_it_uses():
    """A printed result used again is replaced by the exact value it stands for: 268 MB is a rounded
    268,435,456 bytes, so 268 MB × 80 = 21.5 GB is right (21.47 GB), and 33.6 MB × 80 = 2.69 GB is
    drift (33,554,432 B × 80 = 2.684 GB)."""
    per_layer = 2048 * 16 * 4096 * 2
    small = 256 * 16 * 4096 * 2
    text = ("```\n"
            "2,048 × 16 (batch) × 4,096 (seq) × 2 bytes (fp16)\n"
            "= 268,435,456 bytes\n"
            "= 268 MB per layer\n"
            "```\n"
            "268 MB × 80 = 21.5 GB\n"
            "256 × 16 × 4,096 × 2 = 33,554,432 bytes ≈ 33.6 MB\n"
            "33.6 MB × 80 = 2.69 GB\n"
            "Reduction: 21.5 GB / 2.69 GB = **8x smaller**\n")
    assert per_layer == 268435456 and round(per_layer * 80 / 1e9, 1) == 21.5
    assert round(small * 80 / 1e9, 2) == 2.68 and round(33.6e6 * 80 / 1e9, 2) == 2.69
    cs = claims(text)
    assert at(cs, 4).status == "rounded"     # = 268 MB, continuing the expression two lines above
    assert at(cs, 6).status == "rounded"
    (drift,) = [c for c in cs if c.line == 8]
    assert drift.status == "wrong" and drift.cause == "drift" and drift.entries[0]["correct"] == "2.68"
    assert at(cs, 9).status in ("exact", "rounded")   # 8x: a ratio mark, 21.47 / 2.684 = 8.0


def test_approximate_integers_and_sizes_without_a_unit_of_their_own():
    cs = claims("ops: ~1,000,000 + 999 × 1,000 = ~2,000,000\n"      # 1,999,000: right to its last nonzero digit
                "available = 80 × 0.9 - 45 = 72 - 45 = 27GB\n")      # 27 in GB, not 27 bytes
    assert at(cs, 1).status == "rounded"
    assert all(c.status != "wrong" for c in cs if c.line == 2)
    (c,) = claims("ops: 1,000,000 + 999 × 1,000 = 2,000,000\n")      # "=", no "~": claimed exactly
    assert c.status == "wrong" and c.expected == "1999000"


def test_an_operand_printed_rounded_elsewhere_is_no_witness():
    """37.48 is printed as ≈ 37.48 on another line; from it the quotient is 701,797, but the exact
    value behind 37.48 may give the printed 701,842: not wrong."""
    text = ("- available: $40 - 1.12 - 1.4 \\approx 37.48$ GiB\n"
            "- capacity: 37.48 × 1024 × 1024 × 1024 / 57,344 ≈ 701,842\n")
    assert not [c for c in check_text(text, "a.md").claims if c.status == "wrong"]


# --------------------------------------------------------------------------- positional encodings

def pe(pos, j, d):
    i = j // 2
    arg = sp.Integer(pos) / sp.Integer(10000) ** (R(2 * i, d))
    return sp.sin(arg) if j % 2 == 0 else sp.cos(arg)


PE_ARTICLE = """# Sinusoidal positional encoding

PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)), with d = 4.

Token embeddings E:

| Token | E |
|---|---|
| a | [0.1, 0.2, 0.3, 0.4] |
| b | [0.5, 0.6, 0.7, 0.8] |

Positional encoding PE:

| Position | PE |
|---|---|
| 0 | {row0} |
| 1 | {row1} |

Position-aware embeddings X = E + PE:

| Token | X |
|---|---|
| a | {x0} |
| b | {x1} |

  dim 2: sin(1 / 10000^(2/4)) ≈ {dim2}
  dim 1: cos(1 / 10000^(0/4)) = {dim1}
"""


def vec(values, places=3):
    return "[" + ", ".join(n(v, places) for v in values) + "]"


def test_pe_table_and_sum_right():
    e = [[R(1, 10), R(2, 10), R(3, 10), R(4, 10)], [R(5, 10), R(6, 10), R(7, 10), R(8, 10)]]
    p = [[pe(pos, j, 4) for j in range(4)] for pos in range(2)]
    text = PE_ARTICLE.format(row0=vec(p[0]), row1=vec(p[1]),
                             x0=vec([a + b for a, b in zip(e[0], p[0])]),
                             x1=vec([a + b for a, b in zip(e[1], p[1])]),
                             dim2=n(pe(1, 2, 4), 4), dim1=n(pe(1, 1, 4), 3))
    cs = claims(text)
    for line in (16, 17, 23, 24, 26, 27):
        assert at(cs, line).status in ("exact", "rounded"), (line, at(cs, line).detail)


def test_pe_slip_and_the_sum_it_carries():
    e = [[R(1, 10), R(2, 10), R(3, 10), R(4, 10)], [R(5, 10), R(6, 10), R(7, 10), R(8, 10)]]
    p = [[pe(pos, j, 4) for j in range(4)] for pos in range(2)]
    bad = list(p[1])
    bad[1] = R(99, 100)                          # PE(1, 1) printed 0.99; it is cos 1 ≈ 0.540
    text = PE_ARTICLE.format(row0=vec(p[0]), row1=vec(bad, 2),
                             x0=vec([a + b for a, b in zip(e[0], p[0])], 2),
                             x1=vec([a + b for a, b in zip(e[1], bad)], 2),
                             dim2=n(pe(1, 2, 4), 4), dim1="0.99")
    cs = claims(text)
    slip = at(cs, 17)
    assert slip.status == "wrong" and slip.cause == "slip"
    assert [d["entry"] for d in slip.entries] == ["PE(1, 1)"]
    assert slip.entries[0]["correct"] == n(sp.cos(1), 2) == "0.54"
    carried = at(cs, 24)
    assert carried.status == "wrong" and carried.cause == "carried" and carried.root == 17
    assert carried.entries[0]["correct"] == n(R(6, 10) + sp.cos(1), 2)
    assert at(cs, 26).status == "rounded"
    dim1 = at(cs, 27)
    assert dim1.status == "wrong" and dim1.entries[0]["correct"] == "0.54"


def _pe_sum_article(encoding: str, embeddings: str, sums: str) -> str:
    return ("# Positional encoding\n\nPE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).\n\n"
            f"Token embeddings:\n\n{embeddings}\n\nPositional encoding table:\n\n{encoding}\n\n"
            f"Embeddings plus encoding:\n\n{sums}\n")


def test_pe_table_and_its_sum_are_read_in_any_layout_the_reader_knows():
    # the same slip (PE(1, 1) printed 0.99, cos 1 ≈ 0.540) and the sum it carries, with the
    # embeddings and the sums printed as numpy output, a one-line nested list and a bmatrix
    e = [[R(1, 10), R(2, 10), R(3, 10), R(4, 10)], [R(5, 10), R(6, 10), R(7, 10), R(8, 10)],
         [R(0), R(1, 10), R(0), R(1, 10)]]
    p = [[pe(pos, j, 4) for j in range(4)] for pos in range(3)]
    p[1][1] = R(99, 100)
    x = [[a + b for a, b in zip(r, q)] for r, q in zip(e, p)]
    table = "| Position | PE |\n|---|---|\n" + "\n".join(f"| {k} | {vec(r)} |" for k, r in enumerate(p))
    layouts = {
        "numpy": lambda m: "```\n[" + "\n ".join("[" + "  ".join(n(v, 3) for v in r) + "]" for r in m) + "]\n```",
        "list": lambda m: "[" + ", ".join(vec(r) for r in m) + "]",
        "bmatrix": lambda m: "$$\n\\begin{bmatrix}\n" + " \\\\\n".join(" & ".join(n(v, 3) for v in r) for r in m)
                             + "\n\\end{bmatrix}\n$$",
    }
    for name, lay in layouts.items():
        text = _pe_sum_article(table, lay(e), lay(x))
        cs = claims(text)
        lines = text.split("\n")
        row = next(k for k, line in enumerate(lines, 1) if line.startswith("| 1 |"))
        assert at(cs, row).status == "wrong", name
        carried = [c for c in cs if c.what == "X = E + PE" and c.status == "wrong"]
        assert carried and all(c.cause == "carried" and c.root == row for c in carried), name
        assert [d["entry"] for d in carried[0].entries] == ["[2]"], name


def test_a_pe_table_with_a_column_of_positions_and_a_wider_d_than_the_prose_states():
    # | pos | 0 | 1 | … |: the first column counts the positions; the prose's d = 4 is another example's
    d = 6
    rows = "\n".join(f"| {pos} | " + " | ".join(n(pe(pos, j, d), 2) for j in range(d)) + " |" for pos in range(4))
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)); take d = 4 to see the pairs.\n\n"
            "The positional encoding for 6 dimensions:\n\n| pos | 0 | 1 | 2 | 3 | 4 | 5 |\n|---|---|---|---|---|---|---|\n"
            f"{rows}\n")
    cs = [c for c in claims(text) if "PE" in str(c.what)]
    assert len(cs) == 4 and all(c.status in ("exact", "rounded") for c in cs), [(c.line, c.status, c.detail) for c in cs]


def test_a_table_counted_by_position_is_the_encoding_whatever_its_caption_says():
    # the caption names nothing ("The next table:", headers c1 | c2); the rows counted 0, 1, 2, 3 in an
    # article that states the sinusoidal formula are the encoding, and a slip there is found; an
    # uncounted table of other numbers in the same article is no encoding
    p = [[pe(pos, j, 4) for j in range(4)] for pos in range(4)]
    p[2][0] = R(141, 1000)                       # PE(2, 0) printed 0.141; it is sin 2 ≈ 0.909
    rows = "\n".join(f"| {k} | {vec(r)} |" for k, r in enumerate(p))
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).\n\n"
            "The next table:\n\n| c1 | c2 |\n|---|---|\n" + rows + "\n\nThe next table:\n\n| c1 | c2 |\n|---|---|\n"
            "| t1 | [0.5, 0.5, 0.5, 0.5] |\n| t2 | [0.1, 0.2, 0.3, 0.4] |\n| t3 | [0.3, 0.3, 0.3, 0.3] |\n")
    cs = claims(text)
    lines = text.split("\n")
    row = lambda start: next(k for k, line in enumerate(lines, 1) if line.startswith(start))
    assert at(cs, row("| 2 |")).status == "wrong"
    assert at(cs, row("| 2 |")).entries[0]["correct"] == n(sp.sin(2), 3)
    assert all(at(cs, row(f"| {k} |")).status in ("exact", "rounded") for k in (0, 1, 3))
    assert [c for c in cs if c.status == "wrong" and c.line >= row("| t1 |")] == []


def test_a_column_of_positions_under_a_position_caption_is_no_encoding():
    # position = [[0.], [1.], [2.]] in a PE article: one number per line agrees with PE(0, 0) = 0
    # only; a column of positions is no encoding table (its sin would be 0.841, 0.909)
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)), with d = 4.\n\n"
            "The position column:\n\n```\n[0.]\n[1.]\n[2.]\n```\n")
    assert [c for c in claims(text) if c.status == "wrong"] == []


def test_pe_tables_without_the_sinusoidal_formula_are_not_judged_by_it():
    text = ("Positional encodings (hand-picked):\n\n| Position | P |\n|---|---|\n"
            "| 0 | [0.5, 0.5, 0.5, 0.5] |\n| 1 | [0.1, 0.2, 0.3, 0.4] |\n")
    assert [c for c in claims(text) if c.status == "wrong"] == []


# --------------------------------------------------------------------------- RoPE

def theta(i, d, base=10000):
    return sp.Integer(base) ** (-R(2 * i, d))


def test_rope_angle_table_radians_and_degrees():
    d = 8
    rows = []
    for i in range(4):
        rad = theta(i, d)
        deg = rad * 180 / sp.pi
        rows.append((i, n(rad, 5), n(deg, 3)))
    rows[3] = (3, rows[3][1], "0.209")          # degrees of θ_3 = 0.001 rad: 0.057, not 0.209
    table = "\n".join(f"| {i} | {r} | {g} |" for i, r, g in rows)
    text = (f"# RoPE frequencies\n\nθ_i = 10000^(-2i/d) with dim = {d}.\n\n"
            f"| i | rad | deg |\n|---|---|---|\n{table}\n")
    cs = claims(text)
    for line in (7, 8, 9):
        assert at(cs, line).status in ("exact", "rounded"), at(cs, line).detail
    wrong = at(cs, 10)
    assert wrong.status == "wrong"
    assert [x["correct"] for x in wrong.entries] == [n(theta(3, d) * 180 / sp.pi, 3)] == ["0.057"]


def cache(f, d, t_max, pairing):
    rows = []
    for t in range(t_max):
        cols = [j // 2 if pairing == "interleaved" else j % (d // 2) for j in range(d)]
        rows.append("[" + ", ".join(n(f(t * theta(i, d)), 4) for i in cols) + "]")
    return "[" + ", ".join(rows) + "]"


def test_rope_cos_sin_caches_in_either_pairing():
    for pairing in ("interleaved", "halves"):
        text = (f"# rotary embedding test, dim = 4\n\n```python\ncos = torch.tensor({cache(sp.cos, 4, 3, pairing)})\n"
                f"sin = torch.tensor({cache(sp.sin, 4, 3, pairing)})\n```\n")
        cs = claims(text)
        assert at(cs, 4).status == "rounded" and at(cs, 5).status in ("rounded", "exact"), pairing


def test_rope_chain_in_degrees_and_radians():
    text = ("RoPE rotates the pair by θ:\n\n"
            "cos(60°) = 0.5, sin(30°) = 0.5\n"
            "$\\cos(1) \\approx 0.5403$ and $\\sin(1) \\approx 0.8415$\n"
            "cos(1) = 0.8415\n")
    cs = claims(text)
    assert [c.status for c in cs if c.line == 3] == ["exact", "exact"]
    assert [c.status for c in cs if c.line == 4] == ["rounded", "rounded"]
    assert at(cs, 5).status == "wrong" and at(cs, 5).entries[0]["correct"] == n(sp.cos(1), 4)


def test_rope_theta_and_tokens_per_turn():
    th = sp.Integer(1000000) ** (-R(30, 64))     # θ_15 with base 10^6 and d = 64
    text = ("# RoPE\n\nrope_base = 1000000.0, head_dim=64\n\n"
            "- θ_0 = 1.0, one full turn every 2π (about 6 tokens)\n"
            f"- θ_15 = {n(th, 5)}, one full turn every {n(2 * sp.pi / th, 0)} tokens\n"
            "- θ_15 = 0.001, one full turn every 6283 tokens\n")
    cs = [c for c in claims(text)]
    assert {c.status for c in cs if c.line == 5} == {"exact", "rounded"}
    assert {c.status for c in cs if c.line == 6} == {"rounded"}
    wrong = [c for c in cs if c.line == 7 and c.status == "wrong"]
    # θ_15 = 0.00154 cut to 0.001 (it rounds to 0.002): a slip, truncated; 2π/0.001 = 6283 follows from it
    theta = [c for c in wrong if c.label == "θ_15"]
    assert len(theta) == 1 and theta[0].entries[0]["correct"] == "0.002"
    period = [c for c in wrong if c.label != "θ_15"]
    assert len(period) == 1 and period[0].cause == "drift"       # 2π/0.001 = 6283, exact θ gives 4080
    assert period[0].entries[0]["correct"] == n(2 * sp.pi / th, 0) == "4080"


# --------------------------------------------------------------------------- variance, Jacobian

def test_variance_of_a_printed_sample_either_divisor():
    xs = [1, 2, 3, 4]
    pop = sp.Rational(sum((x - R(sum(xs), 4)) ** 2 for x in xs), 4)
    smp = pop * 4 / 3
    text = (f"The variance of [1, 2, 3, 4] is {n(pop, 2)}.\n"
            f"The variance of [1, 2, 3, 4] is {n(smp, 2)}.\n"
            "The variance of [1, 2, 3, 4] is 2.5.\n")
    cs = claims(text)
    assert at(cs, 1).status == "exact" and at(cs, 2).status == "rounded"
    assert at(cs, 3).status == "wrong"


def test_var_qk_is_dk():
    text = ("Assume q and k have independent entries with mean 0 and variance 1, d_k = 64.\n\n"
            "$\\operatorname{Var}(q \\cdot k) = 64$\n\n"
            "Var(q·k) = 8\n\n"
            "$\\operatorname{Var}(q \\cdot k / \\sqrt{d_k}) = 1$\n")
    cs = claims(text)
    assert at(cs, 3).status == "exact"
    assert at(cs, 5).status == "wrong" and at(cs, 5).expected == "64"
    assert at(cs, 7).status == "exact"


def test_softmax_jacobian_against_the_printed_distribution():
    a = [R(1, 2), R(3, 10), R(1, 5)]
    J = sp.diag(*a) - sp.Matrix(a) * sp.Matrix(a).T
    good = " \\\\ ".join(" & ".join(str(float(J[i, j])) for j in range(3)) for i in range(3))
    text = ("Weights: $a = \\begin{bmatrix} 0.50 & 0.30 & 0.20 \\end{bmatrix}$\n\n"
            f"$J = \\begin{{bmatrix}} {good} \\end{{bmatrix}}$\n")
    cs = claims(text)
    assert at(cs, 3).status == "exact"
    bad = good.replace("0.21", "0.12")
    cs = claims(text.replace(good, bad))
    wrong = at(cs, 3)
    assert wrong.status == "wrong" and [x["entry"] for x in wrong.entries] == ["J[2,2]"]
    assert wrong.entries[0]["correct"] == "0.21"


def test_direction_of_a_rotation_in_words():
    text = ("RoPE rotates [1, 0] to [0.54, 0.84], a clockwise turn.\n"
            "RoPE rotates [1, 0] to [0.54, 0.84], a counter-clockwise turn.\n"
            "它把 [1, 0] 转到 [0.54, -0.84]，是顺时针。\n"
            "$R = \\begin{bmatrix} \\cos\\theta & -\\sin\\theta \\\\ \\sin\\theta & \\cos\\theta \\end{bmatrix}$ "
            "rotates clockwise.\n"
            "The transpose $R^T$ is not clockwise either way.\n")
    cs = claims(text)
    # cross product of [1, 0] and [cos 1, sin 1] is sin 1 > 0: counter-clockwise
    assert sp.sin(1) > 0
    assert at(cs, 1).status == "wrong" and at(cs, 1).expected == "counter-clockwise"
    assert at(cs, 2).status == "exact" and at(cs, 3).status == "exact"
    assert at(cs, 4).status == "wrong"
    assert not [c for c in cs if c.line == 5]


# --------------------------------------------------------------------------- through check

def test_check_reports_a_kv_slip_with_exit_1_and_a_clean_table_with_exit_0():
    clean = KV_TABLE.format(a="0.39", b="0.375", c="1.6", d="0.40")
    report = check_text(clean, "kv.md")
    assert report.exit_code == 0, [(c.line, c.detail) for c in report.claims if c.status == "wrong"]
    assert {8, 14} <= {c.line for c in report.claims if c.status != "unverifiable"}
    report = check_text(KV_TABLE.format(a="0.39", b="0.375", c="6.4", d="1.6"), "kv.md")
    assert report.exit_code == 1
    assert {c.line for c in report.claims if c.status == "wrong"} == {8, 10, 14}


# --------------------------------------------------------------------------- temperature

def _softmax_np(z, t):
    import numpy as np
    e = np.exp(np.asarray(z, dtype=float) / t)
    return e / e.sum()


def test_temperature_rows_against_softmax_of_the_printed_logits():
    """Rows written from numpy's softmax(z / T) are right at every temperature and layout; one entry
    moved by a unit in its last place is wrong, with numpy's rounding as the right value."""
    import random
    rng = random.Random(7)
    for case in range(20):
        n = rng.randint(2, 5)
        z = [rng.randint(-30, 30) / 10 for _ in range(n)]
        ts = [0.5, 1.0, 2.0, 10.0][: rng.randint(1, 4)]
        rows, wrong = [], {}
        for k, t in enumerate(ts):
            p = [f"{x:.3f}" for x in _softmax_np(z, t)]
            if k == len(ts) - 1 and case % 2:
                j = rng.randrange(n)
                right = p[j]
                p[j] = f"{float(p[j]) + (0.002 if float(p[j]) < 0.9 else -0.002):.3f}"
                wrong = {"line": 5 + k, "right": right}
            cells = " | ".join(p) if case % 3 == 0 else "[" + ", ".join(p) + "]"
            rows.append(f"| T = {t} | {cells} |")
        text = f"logits z = [{', '.join(str(x) for x in z)}]\n\n| T | p |\n|---|---|\n" + "\n".join(rows) + "\n"
        cs = [c for c in claims(text) if c.status == "wrong"]
        if wrong:
            assert [c.line for c in cs] == [wrong["line"]], (text, cs)
            assert cs[0].entries[0]["correct"] == wrong["right"]
        else:
            assert cs == [], text


def test_a_temperature_row_with_two_candidate_logits_is_not_bound():
    text = "z = [1, 2, 3]\n\nw = [3, 2, 1]\n\n| T = 1 | [0.09, 0.24, 0.67] |\n"
    assert [c for c in claims(text) if c.line == 5] == []


def test_an_angle_printed_in_degrees_is_judged_in_degrees():
    # "30° - 10° = 20°": the expression is in radians, the print in degrees
    assert {c.status for c in claims("The angle between them is $30°-10°=20°$ here.\n")} <= {"exact", "rounded"}
    wrong = [c for c in claims("The angle between them is $30°-10°=25°$ here.\n") if c.status == "wrong"]
    assert wrong and wrong[0].entries[0]["correct"] == "20"


@pytest.mark.parametrize("written, status, correct", [
    ("$2\\pi \\times 10000^{2/8} \\approx 20\\pi$", "exact", None),   # 10000^(1/4) = 10
    ("2π × 10000^(8/16) = 200π", "exact", None),
    ("2π × 10000^(4/16) = ~20π", "exact", None),
    ("2π × 10000^(3/16) ≈ 12.0π", "wrong", "11.2"),                      # 10000^(3/16) = 5.62
    ("2π × 10000^(1/64) = ~8π", "wrong", "2"),                            # 10000^(1/64) = 1.155
])
def test_a_result_written_as_a_multiple_of_pi_is_that_multiple(written, status, correct):
    # a wavelength or an angle is often printed as so many π; the number before π is its coefficient
    cs = [c for c in claims(f"- The wavelength of this pair = {written} positions.\n") if c.line == 1]
    assert cs and {c.status for c in cs} == {status}
    if correct is not None:
        assert {c.entries[0]["correct"] for c in cs} == {correct}


def test_one_angle_in_radians_degrees_and_turns_along_a_chain():
    # 128 × 1.0 = 128 rad = 7333.8598°, 20.3718 turns: 7333.8 is cut off (7333.9), 20.37 is right
    deg, turns = 128 * 180 / math.pi, 128 / (2 * math.pi)
    assert f"{deg:.1f}" == "7333.9" and f"{turns:.2f}" == "20.37"
    cs = claims("RoPE angle, $\\theta_1 = 1.0$: $128 \\times 1.0 = 128 \\text{ rad} \\approx 7333.8^\\circ "
                "\\approx 20.37 \\text{ turns}$\n")
    by = {str(c.claimed): c.status for c in cs if c.line == 1}
    assert {k: by.get(k) for k in ("128", "7333.8", "20.37")} == {"128": "exact", "7333.8": "wrong", "20.37": "rounded"}
    (wrong,) = [c for c in cs if c.status == "wrong"]
    assert wrong.entries[0]["correct"] == "7333.9"


def test_a_rounded_angle_printed_above_stands_for_its_exact_value_in_a_chain_below():
    # θ = 10000^(-38/512) ≈ 0.505 (0.5048066); 128θ = 64.6152 rad = 3702.18°: a print of 3701.3° (from
    # 64.6 rad) is wrong end to end, 3702.2° is right (the 3703.6° of 128 × 0.505 as written is not)
    theta = 10000 ** (-38 / 512)
    assert f"{theta:.3f}" == "0.505" and f"{128 * theta * 180 / math.pi:.1f}" == "3702.2"
    head = "$\\theta_{20} = 10000^{-\\frac{38}{512}} \\approx 0.505$ rad per token.\n\n"
    for printed, status in (("3701.3", "wrong"), ("3702.2", "rounded")):
        cs = claims(head + f"Total: $128 \\times 0.505 \\approx 64.6 \\text{{ rad}} \\approx {printed}^\\circ$\n")
        (deg,) = [c for c in cs if c.line == 3 and str(c.claimed) == printed]
        assert deg.status == status, (printed, deg.status)
        if status == "wrong":
            assert deg.entries[0]["correct"] == "3702.2"


def test_a_chain_is_judged_against_its_first_expression_not_its_last_rewrite():
    # 10000^(2/512) = 1.0366, so sin(1/10000^(2/512)) = sin(0.9647) = 0.8218; the rewrite sin(1/2.5)
    # (0.389) does not equal it, and the print that follows the rewrite is wrong end to end
    x = 1 / 10000 ** (2 / 512)
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), with d_model = 512.\n\n"
            "PE(1,2) = sin(1/10000^(2/512)) = sin(1/2.5) = 0.389\n\n"
            f"PE(1,2) = sin(1/10000^(2/512)) = sin({x:.4f}) = {math.sin(x):.3f}\n")
    cs = claims(text)
    wrong = at(cs, 3)
    assert wrong.status == "wrong" and wrong.entries[0]["correct"] == f"{math.sin(x):.3f}" == "0.822"
    assert at(cs, 5).status in ("exact", "rounded")


def test_a_size_printed_above_is_used_below_without_its_unit():
    # 2 × 32 × 8 × 128 × 2 = 131,072 B = 0.125 MiB; "0.125 × 4096" is 0.125 MiB × 4096 = 512 MiB = 0.5 GiB
    # (536,870,912 B, 0.537 GB): 0.5 GB is right in binary units, 0.6 GB is right under none
    head = "KV per token: $$2 \\times 32 \\times 8 \\times 128 \\times 2 = 0.125 \\text{ MB}$$\n\n"
    for printed, status in (("0.5", {"exact", "rounded"}), ("0.6", {"wrong"})):
        cs = claims(head + f"With 4096 tokens the KV cache is $0.125 \\times 4096 = {printed} \\text{{ GB}}$.\n")
        assert {c.status for c in cs if c.line == 3} <= status and [c for c in cs if c.line == 3], printed


def test_counts_with_superscripts_decimal_results_and_scale_words():
    # 12 · 768² = 7,077,888: "7.07M" is cut (7.08M), "7.08M" is right, in an article about no sizes;
    # 4 × 12,288² = 603,979,776: "603.9 million" is cut (604.0), 50,000 × 12,288 = "614.4 million" is right
    assert 12 * 768 ** 2 == 7_077_888 and 4 * 12_288 ** 2 == 603_979_776 and 50_000 * 12_288 == 614_400_000
    for text, status in (("- Per block: `12 · 768² = 7.07M`\n", "wrong"), ("- Per block: `12 · 768² = 7.08M`\n", "rounded"),
                         ("- Attention: 4 × (12,288 × 12,288) = 603.9 million per layer\n", "wrong"),
                         ("- Parameters: 50,000 × 12,288 = 614.4 million\n", "exact")):
        cs = [c for c in claims(text) if c.line == 1]
        assert [c.status for c in cs] == [status], (text, [(c.status, c.what) for c in cs])


def test_a_count_in_binary_millions_with_a_remark_after_it():
    # 151,936 × 1,024 = 155,582,464 = 148.375 × 2²⁰: "148.375 M  (not counted)" is right as a binary
    # million; "4M" for 1·1024² + 3·1025·1024 = 4,197,376 is right at its places (4.003 × 2²⁰, 4.197 × 10⁶)
    assert 151_936 * 1_024 == 148.375 * 2 ** 20 and 1024 * 1024 + 3 * 1025 * 1024 == 4_197_376
    text = ("Embedding = vocab_size * hidden_size = 151936 * 1024 = 148.375 M  (not counted)\n\n"
            "Attention = 1 * 1024 * 1024 + 3 * (1024+1) * 1024 = 4M\n")
    assert not [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    wrong = check_text(text.replace("148.375 M", "148.475 M"), "t.md").claims
    assert [c.line for c in wrong if c.status == "wrong"] == [1]


def test_a_size_per_token_is_a_size_claimed():
    # 2 × 32 × 32 × 128 × 2 bytes = 524,288 = 512 KiB: "512 KB/token" claims it; "1024 KB/token" is wrong
    text = ("The KV cache per token:\n\n```\n7B (FP16): 2 × 32 × 32 × 128 × 2 = 512 KB/token\n"
            "7B (FP32): 2 × 32 × 32 × 128 × 4 = 1024 KB/token\n70B (FP16): 2 × 80 × 8 × 128 × 2 = 640 KB/token\n```\n")
    cs = claims(text)
    assert at(cs, 4).status == "exact" and at(cs, 5).status == "exact"
    assert at(cs, 6).status == "wrong"    # 2 × 80 × 8 × 128 × 2 = 327,680 B = 320 KiB


def test_context_lengths_and_their_cache_sizes_bind_to_a_per_token_size_by_value():
    # 512 KiB a token (7B) and 320 KiB (70B GQA); 4K·512 KiB = 2 GiB, 32K → 16 GiB, 128K → 64 GiB;
    # "128K → 60 GB" fits neither reading (64 GiB = 68.7 GB): wrong against the 7B size the run binds to
    text = ("KV cache sizes.\n\n```\n7B: 2 × 32 × 32 × 128 × 2 = 512 KB/token\n70B: 2 × 80 × 8 × 128 × 2 = 320 KB/token\n\n"
            "Cache by context:\n  4K → 2 GB\n  32K → 16 GB\n  128K → 60 GB\n```\n")
    cs = claims(text)
    assert at(cs, 8).status == "exact" and at(cs, 9).status == "exact"
    assert at(cs, 10).status == "wrong"
    # a run that no per-token size explains claims nothing
    other = claims(text.replace("4K → 2 GB", "4K → 3 GB").replace("32K → 16 GB", "32K → 19 GB"))
    assert not [c for c in other if c.line in (8, 9, 10)]


def test_the_comments_of_a_print_above_are_no_caption_of_the_next_print():
    # a table of angles with "# position 1" comments, then "Cosines:" and the cosines: the cosines
    # are no positional-encoding table (cos 1 = 0.5403 is no PE(0, 0) = 0)
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).\n\n"
            "```\nAngles:\ntensor([[0.0000, 0.0000],   # position 0\n        [1.0000, 1.0000]])  # position 1\n\n"
            "Cosines:\ntensor([[ 1.0000,  1.0000],\n        [ 0.5403,  0.5403]])\n```\n")
    doc = Document.of(text)
    assert not [c for c in beyond_claims(doc, read_blocks(doc)) if "PE" in str(c.what)]


def test_a_gradient_named_by_d_and_a_capital_is_no_step_of_the_forward_pass():
    """``dS = [[0.25, -0.25], [-0.5, 0.5]]`` in a backward pass is the scores' gradient, not the
    scores: nothing the forward pass computes is judged against it (S = Q Kᵀ would give 0 here)."""
    text = ("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, \\quad K = \\begin{bmatrix} 0 & 0 \\\\ 0 & 0 "
            "\\end{bmatrix}$$\n\nThe whole score gradient is $dS = [[0.25, -0.25], [-0.5, 0.5]]$.\n")
    assert not [c for c in check_text(text, "b.md").claims if c.status == "wrong"]


def test_a_temperature_stated_on_the_line_above_a_distribution_is_its_temperature():
    """``# T = 0.5`` on a line of its own, then ``# Probabilities: [..]``: softmax(z / 0.5) of the
    logits printed above (numpy: softmax([4, 2, 1]) = [0.844, 0.114, 0.042])."""
    import numpy as np
    z = np.array([2.0, 1.0, 0.5])
    p = np.exp(z / 0.5) / np.exp(z / 0.5).sum()
    assert [f"{v:.2f}" for v in p] == ["0.84", "0.11", "0.04"]
    text = ("```python\n# Original logits: [2.0, 1.0, 0.5]\n\n# T = 0.5 (sharper)\n# Probabilities: [{}]\n```\n")
    wrong = check_text(text.format("0.76, 0.19, 0.05"), "t.md")
    (c,) = [c for c in wrong.claims if c.status == "wrong"]
    assert c.line == 5 and [e["correct"] for e in c.entries] == ["0.84", "0.11", "0.04"]
    right = check_text(text.format("0.84, 0.11, 0.04"), "t.md")
    assert [c.status for c in right.claims if c.line == 5] == ["rounded"]


def test_a_table_of_models_by_the_size_formulas_parameters_is_judged_row_by_row():
    """| Model | Layers | KV heads | head_dim | Context | KV cache |: each row's size against
    2 · layers · heads · head_dim · tokens · 2 bytes (FP16 in the caption), GB or GiB, 4K as 4000 or
    4096: 2·32·8·128·4096·2 = 536,870,912 bytes = 0.5 GiB; 2·32·32·128·4096·2 = 2 GiB, printed 4 GB."""
    assert 2 * 32 * 8 * 128 * 4096 * 2 == 2 ** 29 and 2 * 32 * 32 * 128 * 4096 * 2 == 2 ** 31
    text = ("The KV cache grows with every token.\n\nSizes in FP16:\n\n"
            "| Model | Layers | KV heads | head_dim | Context | KV cache |\n|---|---|---|---|---|---|\n"
            "| A | 32 | 8 | 128 | 4K | 0.5 GB |\n| B | 32 | 32 | 128 | 4K | 4 GB |\n")
    cs = check_text(text, "kv.md").claims
    assert [c.status for c in cs if c.line == 7] == ["rounded"] or [c.status for c in cs if c.line == 7] == ["exact"]
    (w,) = [c for c in cs if c.status == "wrong"]
    assert w.line == 8 and w.entries[0]["claimed"] == "4"


def test_a_sum_of_rounded_weights_is_wrong_when_no_exact_weights_could_give_it():
    """P printed to three places, then O = 0.032*10 + 0.087*20 + 0.237*30 + 0.644*40 ≈ 32.7: the
    rounded weights span [x ± 0.0005], so O lies in [34.88, 34.98] whatever they are, and 32.7 is
    wrong (witness 34.93 from its own operands); 34.9 is right from them (it may drift, not slip)."""
    import numpy as np
    p = np.exp([1, 2, 3, 4]) / np.exp([1, 2, 3, 4]).sum()
    assert [f"{v:.3f}" for v in p] == ["0.032", "0.087", "0.237", "0.644"]
    lo = sum((x - 0.0005) * v for x, v in zip((0.032, 0.087, 0.237, 0.644), (10, 20, 30, 40)))
    assert 34.8 < lo < 34.9
    text = ("FlashAttention loads the KV blocks tile by tile (arithmetic on sizes and counts is read).\n\n"
            "```text\nP ≈ [0.032, 0.087, 0.237, 0.644]\n```\n\n```text\nO = Σ P_i V_i\n"
            "  ≈ 0.032*10 + 0.087*20 + 0.237*30 + 0.644*40\n  ≈ {}\n```\n")
    (c,) = [c for c in check_text(text.format("32.7"), "f.md").claims if c.status == "wrong"]
    assert c.line == 10 and c.entries[0]["correct"] == "34.9"
    assert not [c for c in check_text(text.format("34.9"), "f.md").claims if c.status == "wrong"]


def test_rope_frequencies_written_with_their_numbers_give_the_base_and_width():
    """``freqs = [1/1000000^(2i/64) for i in range(32)]`` names no base, yet writes it: θ_15 =
    1000000^(-30/64) = 0.00154, printed 0.001 (wrong: 0.002 at three places)."""
    theta = 1000000 ** (-30 / 64)
    assert f"{theta:.3f}" == "0.002"
    text = ("RoPE frequencies:\n\n```python\nM2 = [1/1000000^(2i/64) for i in range(32)]\n```\n\n"
            "- $\\theta_{15} = 0.001$\n")
    (c,) = [c for c in check_text(text, "r.md").claims if c.status == "wrong"]
    assert c.line == 7 and c.entries[0]["correct"] == "0.002"


def test_a_count_s_scale_alone_after_a_result_is_millions_or_billions():
    """``8000 × 256 = **2.05 M**``: 2,048,000 in millions, right to two decimals; 2.15 M is wrong
    with 2.05 as the witness; ``≈ 6.7 B`` reads billions.  Before, the M was no part of the number
    and 2.05 was judged against 2,048,000 (in an article on sizes: its memory, the KV cache)."""
    head = "Memory is the parameters plus the KV cache.\n\n"
    assert 8000 * 256 == 2_048_000 and round(8000 * 256 / 1e6, 2) == 2.05
    (c,) = claims(head + "- the book's embedding: 8000 × 256 = **2.05 M**.\n")
    assert c.status == "rounded"
    (c,) = claims(head + "- the book's embedding: 8000 × 256 = **2.15 M**.\n")
    assert c.status == "wrong" and c.entries[0]["correct"] == "2.05"
    (c,) = claims(head + "all layers: 32 × 4096 × 4096 × 12.5 ≈ 6.7 B parameters\n")
    assert 32 * 4096 * 4096 * 12.5 == pytest.approx(6.71e9, rel=1e-3) and c.status == "rounded"


def test_a_sentence_that_ends_before_an_equation_is_no_part_of_it():
    """``… the exact result is 1,691. Second dimension 0,154×0 + 0,691×0 + 0,154×1 = 0,154``: the
    equation starts after the full stop (before, its left side began at 1,691 and 0,154 was wrong)."""
    text = ("Ağırlıklar 0,154 ve 0,691. Tam değerlerle sonuç 1,691. Miktar boyutu "
            "0,154×0 + 0,691×0 + 0,154×1 = 0,154.\n")
    cs = [c for c in check_text(text, "t.md").claims if c.status != "unverifiable"]
    assert [(c.claimed, c.status) for c in cs] == [("0,154", "exact")]


def test_distributions_at_temperatures_with_no_logits_are_the_one_at_t_1_raised_to_1_over_t():
    """A table with a column per temperature (``| Token | Prob (T=1) | Prob (T=0.5) | Prob (T=2.0) |``)
    and rows of a distribution by temperature (``| T = 1 | [..] |``): with no logits printed, the
    distribution at T = 1 is softmax(z), and at T = t it is softmax(z / t) = p^(1/t) renormalised
    (numpy below).  A slip in one cell is wrong with that witness; the others are right."""
    import numpy as np
    p = np.array([0.40, 0.25, 0.15, 0.10, 0.10])
    at = {t: p ** (1 / t) / np.sum(p ** (1 / t)) for t in (0.5, 2.0)}
    cells = {t: [f"{x:.2f}" for x in v] for t, v in at.items()}
    assert cells[0.5][0] == "0.60" and cells[2.0][0] == "0.29"
    rows = "".join(f"| w{i} | {p[i]:.2f} | {{a{i}}} | {cells[2.0][i]} |\n" for i in range(5))
    table = "| Token | Prob (T=1) | Prob (T=0.5) | Prob (T=2.0) |\n|---|---|---|---|\n" + rows
    right = table.format(**{f"a{i}": cells[0.5][i] for i in range(5)})
    assert {c.status for c in check_text(right, "t.md").claims if c.line >= 3} <= {"exact", "rounded"}
    assert len([c for c in check_text(right, "t.md").claims if c.line >= 3]) == 5
    slip = table.format(**{f"a{i}": cells[0.5][i] if i else "0.58" for i in range(5)})
    (c,) = [c for c in check_text(slip, "t.md").claims if c.status == "wrong"]
    assert c.line == 3 and [e["correct"] for e in c.entries] == ["0.60"]
    listed = f"| T = 1 | [{', '.join(f'{x:.2f}' for x in p)}] |\n| T = 0.5 | [{', '.join(cells[0.5])}] |\n"
    assert [c.status for c in check_text("| T | p |\n|---|---|\n" + listed, "t.md").claims if c.line == 4] \
        == ["rounded"]


def test_an_angle_in_degrees_followed_by_more_arithmetic_is_no_printed_result():
    # 4 × 120° = 480° is right; "480° = 360° + 120°" restates 480° as a sum, not as the print 360°
    text = "* Four tokens apart: $4 \\times 120^\\circ = 480^\\circ = 360^\\circ + 120^\\circ \\equiv 120^\\circ$\n"
    claims = check_text(text, "t.md").claims
    assert [c.status for c in claims if c.status == "wrong"] == []
    assert "exact" in {c.status for c in claims}
    wrong = check_text(text.replace("= 480^\\circ", "= 470^\\circ"), "t.md").claims
    assert any(c.status == "wrong" for c in wrong)   # a wrong angle is still caught


# --------------------------------------------------------------------------- numpy's "1." in an encoding table

def _pe_print(change: tuple[int, int, float] | None = None) -> str:
    """An article that states the sinusoidal formula and prints the table numpy prints for d = 4 and
    positions 0-2 at four decimals (cos(0.01) = 0.99995000042 prints as ``1.``)."""
    import numpy as np
    pos = np.arange(3)[:, None]
    div = 10000 ** (np.arange(0, 4, 2) / 4)
    pe = np.zeros((3, 4))
    pe[:, 0::2], pe[:, 1::2] = np.sin(pos / div), np.cos(pos / div)
    if change:
        pe[change[0], change[1]] = change[2]
    with np.printoptions(precision=4, suppress=True):
        table = str(pe)
    return ("The encoding is $PE_{pos,2i} = \\sin(pos/10000^{2i/d})$ and "
            "$PE_{pos,2i+1} = \\cos(pos/10000^{2i/d})$ with d = 4.\n\n"
            "positional encoding:\n\n```\n" + table + "\n```\n")


def test_numpys_one_with_a_dot_among_four_decimals_is_read_at_four_decimals():
    """``1.`` beside 0.8415 is numpy's 1.0000, the rounding of cos(0.01) = 0.99995000042 at four
    decimals: right, not an exact 1 that differs from it; a changed entry of the same row is wrong."""
    assert "1.    ]" in _pe_print() and round(math.cos(0.01), 4) == 1.0
    assert not [c for c in check_text(_pe_print(), "pe.md").claims if c.status == "wrong"]
    (c,) = [c for c in check_text(_pe_print((1, 1, 0.6)), "pe.md").claims if c.status == "wrong"]
    assert [e["claimed"] for e in c.entries] == ["0.6"] and c.entries[0]["correct"] == f"{math.cos(1):.1f}"


def test_a_b_after_a_printed_result_is_bytes_or_billions():
    # after an operand, B is bytes (× 4B); after the result it may be billions, read both ways: the
    # count of a model's parameters in billions is right, a wrong one is wrong at its digits
    assert at(claims("36 × 218,112,000 = 7,852,032,000 ≈ 7.852B\n"), 1).status in ("exact", "rounded")
    assert at(claims("36 layers × 218,112,000 ≈ 7.9B\n"), 1).status == "rounded"
    wrong = at(claims("36 × 218,112,000 ≈ 8.3B\n"), 1)
    assert wrong.status == "wrong" and wrong.entries[0]["claimed"] == "8.3"
    assert at(claims("2 × 2048 × 2 = 8192B\n"), 1).status == "exact"
    assert at(claims("KV = 2 × 64 × 4096 × 128 × 4B = 268,435,456 bytes\n"), 1).status == "exact"


def test_sizes_added_up_are_judged_end_to_end_with_shares_and_estimates():
    # a budget: a cache size printed wrong (41.9 GB for 2·80·8·2048·8192·2 B = 42.95 GB), an estimate
    # the author states (Activations ≈ 3.5 GB: an input, exact as stated), an overhead as a share of a
    # sum (15% × …), and the total: the overhead and the total follow from the wrong size, and are
    # wrong with it; the same budget with the right size is right at every line
    def budget(kv: str, overhead: str, total: str) -> str:
        return ("```\nKV Cache = 2 × 80 × 8 × 2048 × 8192 × 2\n"
                f"         ≈ {kv} GB\n\nActivations ≈ 3.5 GB\n\n"
                f"Overhead ≈ 15% × (70 + {kv} + 3.5) = {overhead} GB\n\n"
                f"Total VRAM ≈ 70 + {kv} + 3.5 + {overhead} = {total} GB\n```\n")
    exact_kv = R(2 * 80 * 8 * 2048 * 8192 * 2, 10 ** 9)               # 42.94967296 GB
    overhead = R(15, 100) * (70 + exact_kv + R(7, 2))
    assert (n(exact_kv, 1), n(overhead, 1), n(70 + exact_kv + R(7, 2) + overhead, 1)) == ("42.9", "17.5", "133.9")
    # 41.9 GB printed: 15% × 115.4 = 17.31 and 132.7 on the author's numbers, both wrong end to end
    cs = claims(budget("41.9", "17.3", "132.7"))
    assert [at(cs, line).status for line in (3, 7, 9)] == ["wrong", "wrong", "wrong"]
    assert at(cs, 9).cause == "carried"
    # the wrong results the total writes again are its operands, each with its right value (a fix
    # corrects them with the total)
    assert [(e["claimed"], e["correct"]) for e in at(cs, 9).entries if e["entry"] == "operand"] == \
        [("41.9", "42.9"), ("17.3", "17.5")]
    cs = claims(budget("42.9", "17.5", "133.9"))
    assert all(at(cs, line).status in ("exact", "rounded") for line in (3, 7, 9))


def test_shares_of_a_total_in_a_table_are_each_rows_count_over_the_total():
    # 20,971,520 / 67,108,864 = 31.25 %, 46,137,344 / 67,108,864 = 68.75 %: a box-drawing table with
    # the total at 100 %; 68.74 % (cut, not rounded) is wrong with the right share as its witness
    box = ("```\n┌──────┬────────────┬────────┐\n│ part │ count      │ share  │\n├──────┼────────────┼────────┤\n"
           "│ attn │ 20,971,520 │ 31.25% │\n│ mlp  │ 46,137,344 │ {mlp}% │\n├──────┼────────────┼────────┤\n"
           "│ all  │ 67,108,864 │ 100%   │\n└──────┴────────────┴────────┘\n```\n")
    assert R(46137344, 67108864) == R(1375, 2000)
    cs = claims(box.format(mlp="68.75"))
    assert at(cs, 5).status == "exact" and at(cs, 6).status == "exact"
    wrong = at(claims(box.format(mlp="68.74")), 6)
    assert wrong.status == "wrong" and wrong.entries[0]["correct"] == "68.75%"
    # no total at 100 %, two whole numbers beside it, or a part larger than the whole: no shares read
    md = "| part | a | b | share |\n|---|---|---|---|\n| x | 1,000 | 7 | 10.0% |\n| y | 9,000 | 9 | 90.0% |\n"
    assert not [c for c in claims(md + "| all | 10,000 | 16 | 100% |\n") if c.line in (3, 4)]
    md = "| part | a | share |\n|---|---|---|\n| x | 1,000 | 10.0% |\n| y | 19,000 | 90.0% |\n"
    assert not [c for c in claims(md + "| all | 10,000 | 100% |\n") if c.line in (3, 4)]
    assert not [c for c in claims(md.replace("19,000", "9,000")) if c.line in (3, 4)]
    assert at(claims(md.replace("19,000", "9,000") + "| all | 10,000 | 100% |\n"), 4).status == "exact"


def test_a_round_integer_after_approx_is_read_to_its_last_nonzero_digit():
    # 197² = 38,809 and 2²¹ = 2,097,152: "≈ 39,000" and "≈ 2,000,000" are right (rounded to the
    # thousand, the million); "≈ 38,000" is cut, not rounded, with the right 39,000 as its witness; an
    # integer after "=" is exact whatever its zeros (3 × 512 = 1,536, not 1,500)
    assert 197 ** 2 == 38809 and 2 ** 21 == 2097152 and 3 * 512 == 1536
    text = ("Each head holds $197^2 \\approx 39{,}000$ entries.\n\nAnd $2^{21} \\approx 2{,}000{,}000$.\n\n"
            "Also $197^2 \\approx 38{,}000$.\n\nBut $3 \\times 512 = 1{,}500$.\n")
    cs = checked(text)
    assert at(cs, 1).status == "rounded" and at(cs, 3).status == "rounded"
    cut = at(cs, 5)
    assert cut.status == "wrong" and cut.entries[0]["correct"] == "39,000"
    assert at(cs, 7).status == "wrong"
    # one trailing zero is no sign of rounding: 309.24 GFLOPs printed "= 310" is wrong at the unit
    assert R(24 * 3 * 1024 * 4096 * 1024, 10 ** 9) > R(30923, 100)
    flops = "SwiGLU: 24 * 3 * 1024 * 4096 * 1024 = 310 GFLOPs\n"
    assert at(checked(flops), 1).status == "wrong"


def test_a_decimal_rounded_again_from_a_longer_print_is_a_rounded_operand():
    # a table prints 61.16 s; the prose uses "61.2" and "49.2 = 61.2 - 12.0": 249.8 × 49.2 / 61.2 =
    # 200.82 as written, but 61.2 stands for 61.16 (±0.05 moves the product by 0.16), so the printed
    # 200.9 is no slip; without the longer print the operands are the article's data and 200.9 is wrong
    assert abs(R("249.8") * R("49.2") / R("61.2") - R("200.82")) < R(1, 100)
    assert R("249.8") * R("49.2") / R("61.15") > R("200.85")
    line = "Of the 61.2 seconds, and 249.8 × (49.2 ÷ 61.2) = 200.9.\n"
    table = "| batch | wall clock (s) |\n|---|---|\n| 24 | 61.16 |\n\n"
    assert at(checked(table + line), 5).status == "unverifiable"
    assert at(checked(line), 1).status == "wrong"


def checked(text: str):
    """Every claim of the whole checker on a short article."""
    return check_text(text, "article.md").claims


def test_a_size_between_quotation_marks_is_mentioned_not_a_cache_size():
    # 2 · 8 · 4 · 128 · 2 bytes = 16,384 bytes a token: a line that quotes a card's "24 GB" beside a
    # token count states no cache size; the same line unquoted reads the 24 GB as the cache of the
    # 2,048 tokens (33.6 MB), and is wrong
    assert 2 * 8 * 4 * 128 * 2 == 16384
    model = "# Sizing\n\n```\n2 (K and V) × 8 layers × 4 KV heads × 128 head_dim × 2 bytes (fp16) = 16,384 bytes\n```\n\n"
    line = "- The card size of {size} must be decimal: the capacity becomes 2,048 tokens.\n"
    assert not [c for c in claims(model + line.format(size='"24 GB"')) if c.line == 7]
    assert at(claims(model + line.format(size="24 GB")), 7).status == "wrong"


def test_a_size_right_under_both_unit_readings_stands_for_the_one_the_article_follows():
    # the article counts 128 KB for 131,072 bytes (binary); "80 × 0.9 − 35 − 2 = 35 GB" is arithmetic
    # in GB, right under both readings, so it stands for 35 · 2³⁰ bytes: 35 GB / 320 MB (with 320 MB
    # = 335,544,320 bytes) is 112, not the 104 of 35 · 10⁹ bytes
    assert 2 * 32 * 8 * 128 * 2 == 131072 and 2 * 80 * 2 * 128 * 4096 * 2 == 335544320
    assert 35 * 2 ** 30 // 335544320 == 112 and 35 * 10 ** 9 // 335544320 == 104
    text = ("```\nper token = 2 × 32 × 8 × 128 × 2 = 131,072 bytes = 128 KB\n"
            "free = 80 × 0.9 - 35 - 2 = 35 GB\n"
            "per request = 2 × 80 × 2 × 128 × 4096 × 2 = 335,544,320 bytes ≈ 320 MB\n"
            "requests = 35 GB / 320 MB ≈ {n}\n```\n")
    assert at(checked(text.format(n=112)), 5).status in ("exact", "rounded")
    assert at(checked(text.format(n=104)), 5).status == "wrong"


def test_a_shape_times_a_number_type_is_its_elements_times_their_bytes():
    # (32, 128, 128) × float32 = 2,097,152 bytes (524,288 is the element count: wrong); (9216, 3) ×
    # bf16 = 55,296 bytes as written, but 9216 is 128·16·2 + 128·32 = 8192 printed wrong above, so the
    # bytes are 49,152 end to end: carried
    assert 32 * 128 * 128 * 4 == 2097152 and 9216 * 3 * 2 == 55296 and 128 * 16 * 2 + 128 * 32 == 8192
    text = ("```python\n# conv_dim = 128*16*2 + 128*32 = 9216\n# conv_state: (9216, 3) × bf16 = 55,296 bytes\n"
            "# state: (32, 128, 128) × float32 = {n} bytes\n```\n")
    cs = checked(text.format(n="524,288"))
    assert at(cs, 3).status == "wrong" and at(cs, 3).cause == "carried" and at(cs, 4).status == "wrong"
    assert at(checked(text.format(n="2,097,152")), 4).status in ("exact", "rounded")


def test_a_sum_of_byte_counts_printed_above_is_judged_end_to_end():
    # 55,296 + 524,288 = 579,584 bytes (≈ 566 KiB) as written; 524,288 was printed for 32·128·128·4 =
    # 2,097,152 bytes above, so the sum is 2,152,448 bytes (2,102 KiB) end to end: carried
    assert 55296 + 524288 == 579584 and 579584 // 1024 == 566 and (55296 + 2097152) // 1024 == 2102
    head = "```python\n# a: 9216 × 3 × 2 = 55,296 bytes\n# b: 32 × 128 × 128 × 4 = {b} bytes\n"
    tail = "# page_size = 55,296 + {b} = {s} bytes ≈ {k} KB\n```\n"
    wrong = checked((head + tail).format(b="524,288", s="579,584", k="566"))
    assert at(wrong, 4).status == "wrong" and at(wrong, 4).cause == "carried"
    right = checked((head + tail).format(b="2,097,152", s="2,152,448", k="2,102"))
    assert all(c.status != "wrong" for c in right)


def test_a_rope_angle_table_is_read_by_its_values_under_any_header():
    # θ = 10000^(-val/128) and its degrees: val 12 gives 0.42170 rad = 24.161°, val 108 gives 0.00042 rad
    # = 0.024°; headers that say nothing ("c1 | c2 | c3") and a width stated only in the frequencies
    # (10000^{\frac{2}{128}}): the columns are found by their values, and 0.209 for 0.024 is wrong
    import math
    th = lambda v: 10000 ** (-v / 128)   # noqa: E731
    assert round(th(12), 5) == 0.42170 and round(math.degrees(th(12)), 3) == 24.161
    assert round(math.degrees(th(108)), 3) == 0.024
    rows = "".join(f"| **{v}** | {th(v):.5f} | {math.degrees(th(v)):.3f} |\n" for v in (0, 2, 4, 6, 8, 10, 12, 14))
    text = ("RoPE (rotary) frequencies: $\\theta_2 = \\frac{1}{10000^{\\frac{2}{128}}}$.\n\n"
            "| c1 | c2 | c3 |\n|:--:|--:|--:|\n" + rows + "| **108** | 0.00042 | DEG |\n")
    assert at(claims(text.replace("DEG", "0.209")), 13).status == "wrong"
    assert at(claims(text.replace("DEG", "0.024")), 13).status in ("exact", "rounded")


def test_a_scaled_count_after_the_result_only_is_the_results_unit():
    # "= 12.6 TFLOPS" with bare operands: the arithmetic is in the result's unit; a result that only
    # another power of 1000 explains (TFLOPS divided into GFLOPS, the operands' unit stated lines
    # above) claims a scale the line does not state, so it is not judged; a plain slip still is
    text = ("Training cost:\n\n"
            "forward plus backward: 4.2 * 3 = 12.6 TFLOPS\n\n"
            "per sample over 2048 samples: 12.6 / 2048 = 6.15 GFLOPS\n\n"
            "two nodes: 12.6 * 2 = 26.2 TFLOPS\n")
    cs = check_text(text, "flops.md").claims
    assert at(cs, 3).status == "exact"
    assert not [c for c in cs if c.line == 5 and c.status == "wrong"]
    assert at(cs, 7).status == "wrong"


_SCALING = r"""# Why scale

A toy query against two keys:

$$Q = \begin{bmatrix} 1 & 2 \end{bmatrix}, \quad K = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}$$

$$QK^T = \begin{bmatrix} 1 & 2 \end{bmatrix}$$

What happens in a real model:

```
When d_k = 512:
  scores = [-40, -20, 0, 20, 40]
  softmax([...]) ≈ [0, 0, 0, 0, 1]

Divided by √512 ≈ 22.6:
  scaled = [-1.8, -0.9, 0, 0.9, 1.8]
  softmax([...]) ≈ %s
```
"""


@pytest.mark.parametrize("row, status", [("[0.02, 0.04, 0.10, 0.25, 0.59]", "rounded"),
                                         ("[0.02, 0.05, 0.12, 0.27, 0.54]", "wrong")])
def test_a_models_size_beside_toy_keys_and_a_softmax_of_the_list_above(row, status):
    # d_k = 512 beside keys two wide is the model's size, not a slip for 2; "softmax([...]) ≈ [..]" is
    # the softmax of the list just above, judged as that even where its values are far from it
    x = np.array([-40, -20, 0, 20, 40]) / np.sqrt(512)
    p = np.exp(x) / np.exp(x).sum()
    assert [f"{v:.2f}" for v in p] == ["0.02", "0.04", "0.10", "0.25", "0.59"]
    cs = check_text(_SCALING % row, "scaling.md").claims
    assert not [c for c in cs if c.line == 12 and c.status == "wrong"]
    assert {c.status for c in cs if c.line == 18} == {status}


def test_a_print_of_integers_after_approx_is_read_at_its_units():
    # "softmax([...]) ≈ [0, 0, 0, 0, 1]": 1.9e-22 is 0 at the units the author rounded to
    from types import SimpleNamespace
    from symattn.check.bind.verdicts import _places
    from symattn.check.numerals import read
    rows = ((read("0"), read("0"), read("1")),)
    assert _places(SimpleNamespace(rows=rows, before=") ≈ ")) == 0
    assert _places(SimpleNamespace(rows=rows, before=" = ")) is None
    assert _places(SimpleNamespace(rows=((read("0.5"), read("1")),), before=" ≈ ")) == 1


@pytest.mark.parametrize("count, status", [("64", "exact"), ("60", "wrong")])
def test_a_count_of_tokens_then_its_bytes_is_no_equality_of_sizes(count, status):
    # "4 blocks × 16 tokens = 64 tokens = 32 MB": the last link gives the tokens' bytes at a size per
    # token the line does not write; the count is judged, the size is no product of 4 and 16
    text = ("Paged blocks, half a megabyte per token:\n\n```\n"
            f"Allocate: 4 blocks × 16 tokens = {count} tokens = 32 MB\n```\n")
    cs = [c for c in check_text(text, "blocks.md").claims if c.line == 4]
    assert {c.status for c in cs} == {status}
    assert all("32" not in str(c.claimed) for c in cs)


def test_a_models_own_bytes_factor_beats_a_type_the_article_names_elsewhere():
    # "(2 for fp16, 4 for fp32)" in the formula's legend; the example's product writes "× 2 bytes"
    text = ("KV cache per token = 2 × layers × heads × head_dim × bytes_per_element (2 for fp16, 4 for fp32)\n\n"
            "Example: = 2 × 40 layers × 40 heads × 128 head_dim × 2 bytes = 819,200 bytes\n\n"
            "```\nPer block (16 tokens): 12.50 MB\n```\n")
    assert 2 * 40 * 40 * 128 * 2 * 16 / 2 ** 20 == 12.5
    cs = [c for c in check_text(text, "bytes.md").claims if c.line == 6]
    assert cs and {c.status for c in cs} <= {"exact", "rounded"}


def test_an_article_that_counts_1000_kib_to_the_megabyte_is_read_so():
    # 819,200 bytes = 800 KB (KiB) and 16 × 800 KB = 12.8 MB (1000 KiB): the article's own arithmetic
    # says its MB; with that reading 3 × 12.8 MB = 38.4 MB is right, not carried from a wrong 12.8
    from symattn.check.beyond.verdicts import mixed_sizes
    head = "Per token:\n\n```\n= 2 × 40 layers × 40 heads × 128 head_dim × 2 bytes\n= 819,200 bytes\n= 800 KB per token\n```\n\n"
    body = "```\nBlock memory: 16 × 800 KB = 12.8 MB\nActual memory: 3 × 12.8 MB = 38.4 MB\n```\n"
    assert mixed_sizes(head + body)
    assert not mixed_sizes(body) and not mixed_sizes(head + body.replace("12.8 MB", "12.5 MB"))
    assert 819200 / 1024 == 800 and 16 * 800 / 1000 == 12.8
    cs = check_text(head + body, "mixed.md").claims
    assert not [c for c in cs if c.status == "wrong"]


@pytest.mark.parametrize("line, status", [
    (r"BertSelfOutput: Linear(in_features=768, out_features=768, bias=True)->$769\times768=0.591M$", "rounded"),
    (r"(word_embeddings): Embedding(30522, 768, padding_idx=0)->$30522\times768=23.44M$", "rounded"),
    (r"BertOutput: Linear(in_features=3072, out_features=768, bias=True)->$768\times3073=2.359M$", "wrong"),
])
def test_a_chain_after_names_written_with_equals_starts_at_its_arithmetic(line, status):
    # "bias=True)->$769\times768=0.591M$": the name before is no member of the chain; its first
    # expression is the arithmetic that ends the segment (768 × 3073 = 2,360,064: 2.360M)
    assert 768 * 3073 == 2_360_064 and 769 * 768 == 590_592
    cs = [c for c in check_text(f"Parameters:\n\n{line}\n", "params.md").claims if c.line == 3 and c.status != "unverifiable"]
    assert cs and {c.status for c in cs} == {status}


def test_a_difference_in_a_size_unit_and_two_claims_on_one_line():
    # "2048 - 25 = 1975 MB (98.8% waste)": the difference is in its result's unit (2023), the bracket
    # says the share again; a line that holds a product of bytes and a difference keeps both verdicts
    text = ("Memory per request:\n\n```\nWaste: 2048 - 25 = 1975 MB (98.8% waste)\n"
            "Waste: 32 - 25 = 7 MB (21.9% waste)\n```\n\n"
            "The weights take 52e9 * 2 bytes = 114 GB, so three cards leave 120-104 = 16 GB free.\n")
    cs = check_text(text, "waste.md").claims
    assert {c.status for c in cs if c.line == 4} == {"wrong"} and {c.status for c in cs if c.line == 5} == {"exact"}
    seven = {(c.claimed, c.status) for c in cs if c.line == 8}
    assert ("114", "wrong") in seven and ("16", "exact") in seven


@pytest.mark.parametrize("total, status", [("10", "exact"), ("11", "wrong")])
def test_a_sum_of_sizes_each_in_one_unit_is_judged_in_that_unit_at_its_line(total, status):
    # every number of the display carries GB: the arithmetic is in GB (6 + 2.5 + 1.5 = 10), and the
    # claim stands on the line of the printed total
    text = ("Memory:\n\n$$\n\\text{Total} = 6\\text{ GB}+2.5\\text{ GB}\n+1.5\\text{ GB} \\approx "
            f"{total}\\text{{ GB}}\n$$\n")
    cs = [c for c in check_text(text, "gb.md").claims if c.status != "unverifiable"]
    assert [(c.line, c.status) for c in cs] == [(5, status)]


@pytest.mark.parametrize("second, status", [("0.740", "rounded"), ("0.704", "wrong")])
def test_embeddings_plus_encoding_in_columns_side_by_side(second, status):
    # | X (embed) | PE | X_pe | on the same lines: the sum binds by its values over the sinusoidal
    # column (all entries, or two thirds of them), and a wrong entry is judged against E + PE exactly
    assert round(0.2 + math.cos(1), 3) == 0.740
    text = ("# Encodings\n\nPE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)), d = 2.\n\n"
            "| Position | X (embed)      | PE              | X_pe            |\n"
            "|----------|----------------|-----------------|-----------------|\n"
            "| 0        | [0.500, 0.500] | [0.000, 1.000]  | [0.500, 1.500]  |\n"
            f"| 1        | [0.100, 0.200] | [0.841, 0.540]  | [0.941, {second}]  |\n"
            "| 2        | [0.300, 0.100] | [0.909, -0.416] | [1.209, -0.316] |\n")
    sums = [c for c in check_text(text, "pe.md").claims if c.line == 8 and "E + PE" in str(c.what)]
    assert [c.status for c in sums] == [status]


def test_a_table_that_is_one_operand_again_is_no_sum_of_two():
    # W printed to one place, then a gradient of a few hundredths, then W again (the first operand of
    # an update): W + dW cut to one place is W itself, so the values witness no sum; nothing is wrong
    def bm(name, rows):
        body = " \\\\\n".join(" & ".join(r) for r in rows)
        return f"```math\n{name} = \\begin{{bmatrix}}\n{body}\n\\end{{bmatrix}}\n```\n\n"
    w, dw = [["1.0", "0.0"], ["0.0", "1.0"]], [["0.055214", "0.023804"], ["0.055214", "0.050355"]]
    text = ("# Update\n\nThe inputs had a positional encoding (PE) added before this step.\n\n" + bm("W", w) + bm("dW", dw)
            + "The update starts from W again:\n\n" + bm("W_{new}", w))
    assert not [c for c in check_text(text, "w.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("total, status", [("~25.2M", "rounded"), ("~25.5M", "wrong")])
def test_a_table_row_with_a_formula_and_its_value_is_that_chain(total, status):
    # | name | formula | value |: 6 × (2 × 1.05M + 2.1M + 3K) = 6 × 4.203M = 25.218M (1.05M and 2.1M
    # being 4·512² and 2·512·2048 exactly: 25.184M); the first cell names the row, never a formula
    assert round(6 * (2 * 4 * 512 * 512 + 2 * 512 * 2048 + 3 * 1024) / 1e6, 1) == 25.2
    text = ("| part | count | parameters |\n|---|---|---|\n| attention | 4 × 512 × 512 | 1.05M |\n"
            "| feed-forward | 512×2048 + 2048×512 | 2.1M |\n"
            f"| 6 decoder layers | 6 × (1.05M×2 + 2.1M + 3K) | {total} |\n| 1 × 2K | 0.625 GB | 1 |\n")
    by = {c.line: c.status for c in claims(text)}
    assert by.get(3) == "rounded" and by.get(4) == "rounded" and by.get(5) == status and 6 not in by


def test_a_product_with_a_named_types_bytes_among_its_factors_is_not_read_as_other_elements():
    """``2 × 28 × 8192 × 16 × 128 × 2 = 896 MB`` in an article that also names INT4: the product has
    its fp16 bytes (the last 2) already, yet it was read as a count of half-byte elements (896 MiB,
    "exact").  A product with any named type's bytes among its factors is a count of bytes."""
    from symattn.check import check_text
    text = ("# KV\n\nFP16 and INT4 caches compared.\n\n```\n"
            "MHA (16 KV heads):  2 × 28 × 8192 × 16 × 128 × 2 = {v} MB\n```\n")
    wrong = [c.status for c in check_text(text.format(v=896), "k.md").claims if c.status != "unverifiable"]
    right = [c.status for c in check_text(text.format(v=1792), "k.md").claims if c.status != "unverifiable"]
    assert wrong == ["wrong"] and right and "wrong" not in right


@pytest.mark.parametrize("line", ["Total: 193.5k + 9×128k = 1.35M ops",
                                  "Toplam: 3 * 260 Milyon + 58 * 260 Milyon = ~15,9 Milyon"])
def test_the_rest_of_a_sum_whose_first_term_is_unread_is_no_chain(line):
    """``193.5k + 9×128k = 1.35M``: the first term was unread (a decimal count of thousands), and
    the chain started at ``+ 9×128k``, judged 1.18M against 1.35M: a false alarm with a witness of
    part of the sum.  A tail that starts with, or follows, a binary + is the rest of a sum."""
    from symattn.check import check_text
    report = check_text(f"# t\n\n```\n{line}\n```\n", "s.md")
    assert not [c for c in report.claims if c.status == "wrong"]


def test_an_axis_written_dim_0_is_no_width_of_a_rope_table():
    """``unsqueeze(a, dim=0)`` beside a table of rotary angles: a width of 0 is no reading of the
    table (it stopped the checker with a division by zero), the stated d = 8 is."""
    rows = "\n".join(f"| {i} | {10000 ** (-2 * i / 8):.4f} |" for i in range(4))
    text = ("RoPE with base = 10000 and d = 8.\n\n```python\na_0 = torch.unsqueeze(a, dim=0)\n```\n\n"
            "| i | theta |\n|---|---|\n" + rows + "\n")
    assert [(c.line, c.status) for c in check_text(text, "a.md").claims if c.line > 8] == \
        [(9, "exact"), (10, "exact"), (11, "exact"), (12, "exact")]


def _pe(pos, j, d):
    angle = pos / 10000 ** (2 * (j // 2) / d)
    return math.sin(angle) if j % 2 == 0 else math.cos(angle)


@pytest.mark.parametrize("pos", [1, 2, 3])
def test_an_encoding_printed_with_an_ellipsis_is_its_first_and_last_entries(pos):
    """``PE(1) = [0.84, 0.54, 0.82, 0.57, ..., 0.0001, 1.0]`` after "d_model = 512": its head at
    dimensions 0, 1, … and its tail at 510, 511; the values of a toy of width 8, stated earlier,
    reused for the full model, are wrong at the dimensions where the two differ."""
    d, toy = 512, 8
    show = lambda width: ", ".join(f"{_pe(pos, j, width):.2f}" for j in range(4)) + ", ..., " + \
        ", ".join(f"{_pe(pos, j, width):.4f}" for j in (width - 2, width - 1))   # noqa: E731
    intro = (f"PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).\n\n"
             f"A toy first, d = {toy}.\n\nNow the full model, d_model = {d}:\n\n")
    right = intro + f"```\nPE({pos}) = [{show(d)}]\n```\n"
    at = right.count("\n") - 1
    (claim,) = [c for c in check_text(right, "a.md").claims if c.line == at]
    assert claim.status in ("exact", "rounded")
    reused = intro + f"```\nPE({pos}) = [{show(toy)}]\n```\n"
    (claim,) = [c for c in check_text(reused, "a.md").claims if c.line == at]
    assert claim.status == "wrong"
    assert {e["entry"] for e in claim.entries} >= {f"PE({pos}, 2)", f"PE({pos}, {d - 2})"}
