# Expected verdicts for en-gqa-prskid1000-textbook-sharing.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 8 query heads, head dim 64 (d_model 512), 1000 tokens, 32 layers, 10,000 tokens for the long context; GQA with
# 2 KV heads; the analogy's 8 classes of 1000 pages.  Bytes per value are not stated: "1,024,000 values = 4 MB" is right
# with 4-byte (fp32) values (4.096 MB = 3.9 MiB, both 4 as an integer), and so are 128 MB, 1.28 GB and 1 MB.
# 655,360 / 1,048,576 = 0.625: the reduction is 37.5%, a tie at integer percent, so 37% is right (both neighbours of an
# exact tie agree).  MQA with 1 KV head is an 8x reduction, GQA with 2-4 KV heads a 4x-2x one.
# The 32-layer and 10,000-token sizes are scaled from the rounded 4 MB: 4 MB x 32 = 128 MB is right as written but the
# exact value is 131.07 MB (125 MiB) -> ambiguous (arithmetic on a rounded operand, an intermediate); the chain's final
# 1.28 GB is exactly 1.31 GB (1.22 GiB) -> wrong under every reading (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "mqa", "kv-cache", "memory", "parameters"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def mb(nbytes, unit):
    base = {"MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


FP32 = 4
e.given(e.line("Class 1 → Full textbook set (1000 pages)"), "1000 pages per class")
n(e.line("Total: 8,000 pages stored!"), "8 x 1000", "8,000", sp.Integer(8 * 1000))
n(e.line("Total: 2,000 pages stored!"), "2 x 1000", "2,000", sp.Integer(2 * 1000))
n(e.line("Only 25% of the weight"), "2,000 / 8,000", "25%", R(2000, 8000))

e.given(e.line("8 attention heads, each with separate K, V:"), "8 heads")
for tag in ("Q: 8 heads × 64 dim = 512 dimensions", "K: 8 heads × 64 dim = 512 dimensions",
            "V: 8 heads × 64 dim = 512 dimensions"):
    n(e.line(tag), tag[:1] + " width", "512", sp.Integer(8 * 64))
n(e.line("K: 8 × 64 × 1000 = 512,000 values"), "K values", "512,000", sp.Integer(8 * 64 * 1000))
n(e.line("V: 8 × 64 × 1000 = 512,000 values"), "V values", "512,000", sp.Integer(8 * 64 * 1000))
L = e.line("Total: 1,024,000 values = 4 MB per layer")
n(L, "K + V values", "1,024,000", sp.Integer(2 * 8 * 64 * 1000))
n(L, "bytes per layer at 4 bytes a value", "4", mb(2 * 8 * 64 * 1000 * FP32, "MB"))
# 4 MB x 32 = 128 is right as written, but the exact 32-layer cache is 131.07 MB (125 MiB): arithmetic on the rounded
# 4 MB, an intermediate of the chain -> ambiguous.  The chain's final 1.28 GB is 1.31 GB (1.22 GiB): drift, wrong.
e.ambiguous(e.line("4 MB × 32 = 128 MB"), "4 MB x 32 = 128 is right from the rounded 4 MB; exactly 131.07 MB / 125 MiB")
n(e.line("128 MB × 10 = 1.28 GB"), "10,000 tokens, 32 layers (1.31 GB / 1.22 GiB; from the rounded 128 MB)", "1.28",
  mb(2 * 8 * 64 * 10000 * FP32 * 32, "GB"), cause="drift")
n(e.line("Total KV: 16 head-sets"), "8 K + 8 V", "16", sp.Integer(16))
L = e.line("Total KV: 4 head-sets (4x reduction!)")
n(L, "2 K + 2 V", "4", sp.Integer(4))
n(L, "16 / 4", "4", sp.Integer(16) / 4)
n(e.line("Group size: 4 Q heads per KV head"), "8 / 2", "4", sp.Integer(8) / 2)

Lm = e.line("Configuration: 8 heads, d_model=512")
e.given(Lm, "8 heads, d_model 512")
n(e.line("Per head dimension: 512 / 8 = 64", 1), "512 / 8", "64", sp.Integer(512) / 8)
for k, tag in enumerate(("Q: 512 × 512 = 262,144", "K: 512 × 512 = 262,144", "V: 512 × 512 = 262,144",
                         "O: 512 × 512 = 262,144")):
    n(e.line(tag, 1), f"MHA {tag[0]} parameters", "262,144", sp.Integer(512 * 512))
n(e.line("Total: 1,048,576 parameters"), "MHA parameters", "1,048,576", sp.Integer(4 * 512 * 512))
n(e.line("K: 8 heads × 64 × 1000 = 512,000 values"), "MHA K values", "512,000", sp.Integer(512000))
n(e.line("V: 8 heads × 64 × 1000 = 512,000 values"), "MHA V values", "512,000", sp.Integer(512000))
L = e.line("Total: 1,024,000 values = 4 MB", 2)
n(L, "MHA K + V values", "1,024,000", sp.Integer(1024000))
n(L, "MHA cache at 4 bytes a value", "4", mb(1024000 * FP32, "MB"))

Lg = e.line("Configuration: 8 Q heads, 2 KV heads, d_model=512")
e.given(Lg, "8 Q heads, 2 KV heads, d_model 512")
n(e.line("Per head dimension: 512 / 8 = 64", 2), "512 / 8", "64", sp.Integer(512) / 8)
n(e.line("Q projection: 512 → 8 × 64 = 512 dims"), "Q width", "512", sp.Integer(8 * 64))
for tag in ("K projection: 512 → 2 × 64 = 128 dims", "V projection: 512 → 2 × 64 = 128 dims"):
    L = e.line(tag)
    n(L, tag[0] + " width", "128", sp.Integer(2 * 64))
    n(L, "512 / 128", "4", sp.Integer(512) / 128)
n(e.line("Q: 512 × 512 = 262,144", 2), "GQA Q parameters", "262,144", sp.Integer(512 * 512))
for tag in ("K: 512 × 128 = 65,536", "V: 512 × 128 = 65,536"):
    L = e.line(tag)
    n(L, tag[0] + " parameters", "65,536", sp.Integer(512 * 128))
    n(L, "262,144 / 65,536", "4", sp.Integer(4))
n(e.line("O: 512 × 512 = 262,144", 2), "GQA O parameters", "262,144", sp.Integer(512 * 512))
L = e.line("Total: 655,360 parameters (37% reduction)")
n(L, "GQA parameters", "655,360", sp.Integer(2 * 512 * 512 + 2 * 512 * 128))
n(L, "reduction 1 - 655,360 / 1,048,576 = 37.5% (a tie at integer percent)", "37%",
  1 - R(2 * 512 * 512 + 2 * 512 * 128, 4 * 512 * 512))
for tag in ("K: 2 heads × 64 × 1000 = 128,000 values", "V: 2 heads × 64 × 1000 = 128,000 values"):
    L = e.line(tag)
    n(L, tag[0] + " values", "128,000", sp.Integer(2 * 64 * 1000))
    n(L, "512,000 / 128,000", "4", sp.Integer(4))
L = e.line("Total: 256,000 values = 1 MB (4x smaller!)")
n(L, "GQA K + V values", "256,000", sp.Integer(256000))
n(L, "GQA cache at 4 bytes a value", "1", mb(256000 * FP32, "MB"))
n(L, "1,024,000 / 256,000", "4", sp.Integer(4))

n(e.line("KV Cache: Smallest (8x reduction)"), "MQA: 8 KV heads / 1", "8", sp.Integer(8))
L = e.line("KV Cache: Medium (2-4x reduction)")
n(L, "8 / 4 KV heads", "2", sp.Integer(8) / 4)
n(L, "8 / 2 KV heads", "4", sp.Integer(8) / 2)
e.given(e.line("KV heads: 8 (no sharing)"), "MHA: 8 KV heads")
n(e.line("# 8 / 2 = 4"), "group size 8 / 2", "4", sp.Integer(4))
e.done()
