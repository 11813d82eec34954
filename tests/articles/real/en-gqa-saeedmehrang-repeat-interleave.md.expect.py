# Expected verdicts for en-gqa-saeedmehrang-repeat-interleave.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Motivation: 32 heads x 128 x 8,192 tokens x 40 layers x 2 (K and V) x 2 bytes = 5,368,709,120 B = 5.37 GB = 5.0 GiB.
# The printed "approximately 1.3 GB per sample" is wrong under both readings (1.34 GB would be the element count
# 32*128*8192*40 read as bytes, without K+V and without 2 bytes a value): a slip.
# Demo: d_model 512 over 32 heads -> head_dim 16; KV projections 8 x 16 = 128; cache per sample 32*16*10*2 = 10,240 and
# 8*16*10*2 = 2,560 elements; ratio 4.0; groups of 32/8 = 4 query heads.  Larger configuration: 32*128*2048*2*32 =
# 536,870,912 (536.9M) and 134,217,728 (134.2M) elements, 4.0x; the saving in fp16 is 402,653,184 * 2 B = 0.805 GB
# (0.75 GiB): "approximately 1 GB" rounds to 1, ok.  Shape lines: the printed shapes are what the code produces (ok).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "mha", "kv-cache", "memory", "shapes"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


for tag in ("- 32 attention heads", "- 128 head dimension", "- 8,192 token context", "- 40 layers"):
    e.given(e.line(tag), tag[2:])
big = 32 * 128 * 8192 * 40 * 2 * 2
n(e.line("approximately **1.3 GB per sample**"), "32*128*8192*40*2*2 bytes (5.37 GB / 5.0 GiB)", "1.3",
  [("decimal GB", sp.Integer(big) / 10**9), ("binary GiB", sp.Integer(big) / 2**30)])
L = e.line("every 4 query heads share one KV head")
n(L, "32 / 8", "4", sp.Integer(32) / 8)

HD = 512 // 32
for tag in ("batch_size = 2", "seq_len = 10", "d_model = 512", "num_query_heads = 32", "num_kv_heads = 8"):
    e.given(e.line(tag), tag)
e.given(e.line("Input shape: torch.Size([2, 10, 512])"), "input shape")
for tag in ("  - Batch size: 2", "  - Sequence length: 10", "  - Model dimension (d_model): 512"):
    e.given(e.line(tag), tag.strip())
n(e.line("Number of heads: 32"), "MHA heads", "32", sp.Integer(32))
n(e.line("Head dimension: 16", 1), "512 / 32", "16", sp.Integer(512) / 32)
for tag in ("  Q projection: 512 → 512", "  K projection: 512 → 512", "  V projection: 512 → 512"):
    n(e.line(tag), "MHA " + tag.strip()[0] + " projection width", "512", sp.Integer(32 * HD))
for k, tag in enumerate(("  Q shape: (batch=2, heads=32, seq=10, head_dim=16)",
                         "  K shape: (batch=2, heads=32, seq=10, head_dim=16)",
                         "  V shape: (batch=2, heads=32, seq=10, head_dim=16)")):
    e.claim(e.line(tag, 1), "MHA " + tag.strip()[0] + " shape", ["2", "32", "10", "16"], [2, 32, 10, HD])
e.claim(e.line("Output shape: torch.Size([2, 10, 512])", 1), "MHA output shape", ["2", "10", "512"], [2, 10, 512])
n(e.line("KV cache size per sample: 10,240 elements"), "32*16*10*2", "10,240", sp.Integer(32 * HD * 10 * 2))
n(e.line("Number of query heads: 32"), "GQA query heads", "32", sp.Integer(32))
e.given(e.line("Number of KV heads: 8"), "8 KV heads")
n(e.line("Queries per KV head: 4"), "32 // 8", "4", sp.Integer(32 // 8))
n(e.line("Head dimension: 16", 2), "512 / 32", "16", sp.Integer(512) / 32)
n(e.line("  Q projection: 512 → 512", 2), "GQA Q projection width", "512", sp.Integer(32 * HD))
n(e.line("  K projection: 512 → 128 (smaller!)"), "8 * 16", "128", sp.Integer(8 * HD))
n(e.line("  V projection: 512 → 128 (smaller!)"), "8 * 16", "128", sp.Integer(8 * HD))
e.claim(e.line("  Q shape: (batch=2, heads=32, seq=10, head_dim=16)", 2), "GQA Q shape", ["2", "32", "10", "16"],
        [2, 32, 10, HD])
for tag in ("  K shape: (batch=2, heads=8, seq=10, head_dim=16) [before repeat]",
            "  V shape: (batch=2, heads=8, seq=10, head_dim=16) [before repeat]"):
    e.claim(e.line(tag), "GQA " + tag.strip()[0] + " shape before repeat", ["2", "8", "10", "16"], [2, 8, 10, HD])
L = e.line("After repeat_interleave (to match Q heads):")
for k in (1, 2):
    e.claim(L + k, "shape after repeat_interleave", ["2", "32", "10", "16"], [2, 32, 10, HD])
e.claim(e.line("Output shape: torch.Size([2, 10, 512])", 2), "GQA output shape", ["2", "10", "512"], [2, 10, 512])
n(e.line("KV cache size per sample: 2,560 elements"), "8*16*10*2", "2,560", sp.Integer(8 * HD * 10 * 2))
n(e.line("MHA KV cache: 10,240 elements"), "MHA cache", "10,240", sp.Integer(10240))
n(e.line("GQA KV cache: 2,560 elements"), "GQA cache", "2,560", sp.Integer(2560))
e.claim(e.line("Memory reduction: 4.0x", 1), "10,240 / 2,560", "4.0", R(10240, 2560))
e.claim(e.line("MHA output shape: torch.Size([2, 10, 512])"), "MHA output shape", ["2", "10", "512"], [2, 10, 512])
e.claim(e.line("GQA output shape: torch.Size([2, 10, 512])"), "GQA output shape", ["2", "10", "512"], [2, 10, 512])
e.given(e.line("With 32 query heads and 8 KV heads:"), "32 / 8 heads")
for g in range(8):
    ln = e.line(f"  KV head {g} is shared by query heads")
    e.claim(ln, f"KV head {g} group", [str(4 * g), str(4 * g + 3)], [4 * g, 4 * g + 3])
L = e.line("GQA's K and V projections are 4x smaller")
e.claim(L, "512 / 128, 32 / 8", ["4", "128", "512"], [R(512, 128), 8 * HD, 32 * HD])
L = e.line("and its cache is 4x smaller")
e.claim(L, "10,240 / 2,560", "4", R(10240, 2560))
e.claim(e.line("(8 vs 32), and its cache"), "KV heads vs query heads", ["8", "32"], [8, 32])
L = e.line("(2,560 vs 10,240 elements per sample)")
n(L, "GQA cache", "2,560", sp.Integer(2560))
n(L, "MHA cache", "10,240", sp.Integer(10240))

for tag in ("d_model = 4096", "seq_len = 2048", "num_layers = 32"):
    e.given(e.line(tag), tag)
mha_t = 32 * (4096 // 32) * 2048 * 2 * 32
gqa_t = 8 * (4096 // 32) * 2048 * 2 * 32
e.claim(e.line("MHA KV cache: 536.9M elements"), "MHA total in millions", "536.9", R(mha_t, 10**6))
e.claim(e.line("GQA KV cache: 134.2M elements"), "GQA total in millions", "134.2", R(gqa_t, 10**6))
e.claim(e.line("Memory reduction: 4.0x", 2), "mha / gqa", "4.0", R(mha_t, gqa_t))
saved = (mha_t - gqa_t) * 2
n(e.line("approximately **1 GB saved**"), "saving in fp16 (0.805 GB / 0.75 GiB)", "1",
  [("decimal GB", sp.Integer(saved) / 10**9), ("binary GiB", sp.Integer(saved) / 2**30)])
e.done()
