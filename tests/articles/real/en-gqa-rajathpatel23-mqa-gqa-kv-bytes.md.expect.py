# Expected verdicts for en-gqa-rajathpatel23-mqa-gqa-kv-bytes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The guide sizes the per-layer KV cache of a D=4096, H=32, d_h=128 model in float16 (2 bytes).  d_h = 4096/32 = 128.
# MHA: 2*32*128 = 8192 floats = 16384 bytes = 16 KiB per token per layer; MQA: 2*1*128 = 256 floats = 512 bytes.
# The slip: "16 KB * 8192 * 32 ≈ 4 TB" - the written product is 16,384 * 8,192 * 32 = 4,294,967,296 bytes = 4 GiB
# (4.29 GB), a thousand times less than 4 TB; no unit reading gives TB (0.0043 TB, 0.0039 TiB).  The per-layer window
# "16 KB * 8192 ≈ 128 MB" is 134,217,728 bytes = 128 MiB (right in binary units), and MHA/MQA = 16384/512 = 32x.
# GQA with G=4: 2*4*128*2 = 2048 bytes = 2 KiB, 16384/2048 = 8x smaller than MHA and 2048/512 = 4x larger than MQA.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "mqa", "gqa", "sizes"])
L = e.line


def sizes(nbytes, unit):
    names = {1: ("KB", "KiB"), 2: ("MB", "MiB"), 3: ("GB", "GiB"), 4: ("TB", "TiB")}[unit]
    return [(f"decimal {names[0]}", sp.Integer(nbytes) / 10 ** (3 * unit)),
            (f"binary {names[1]}", sp.Integer(nbytes) / 2 ** (10 * unit))]


D, H, dh, nbytes, layers, ctx, G = 4096, 32, 128, 2, 32, 8192, 4
mha = 2 * H * dh * nbytes
mqa = 2 * 1 * dh * nbytes
gqa = 2 * G * dh * nbytes

ln = L("Typical example: `D=4096, H=32, d_h=128`")
e.given(ln, "D=4096, H=32 (d_h = D/H)")
e.claim(ln, "d_h = D / H", ["128"], [R(D, H)])
e.given(L("Example (`D=4096, H=32, d_h=128`):"), "example dimensions restated")
ln = L("MHA: `num_kv_heads=32`")
e.claim(ln, "MHA floats 2*32*128 and bytes x2", ["8192", "16384"], [2 * H * dh, mha])
number_claim(e, ln, "MHA bytes per token per layer in KB", "16", sizes(mha, 1))
ln = L("MQA: `num_kv_heads=1`")
e.claim(ln, "MQA floats 2*1*128 and bytes x2", ["256", "512"], [2 * dh, mqa])
ln = L("With `L=8192`, `Layers=32`")
e.given(ln, "L=8192 tokens, 32 layers")
number_claim(e, ln, "16 KB x 8192 x 32 (total over 32 layers) in TB", "4", sizes(mha * ctx * layers, 4))
number_claim(e, ln, "16 KB x 8192 (one layer, one window) in MB", "128", sizes(mha * ctx, 2))
e.claim(ln, "MHA / MQA cache ratio", ["32"], [R(mha, mqa)])
ln = L("With `D=4096, H=32, d_h=128, G=4`")
e.claim(ln, "GQA bytes 2*4*128*2", ["2048"], [gqa])
number_claim(e, ln, "GQA bytes in KB", "2", sizes(gqa, 1))
e.claim(ln, "MHA/GQA and GQA/MQA ratios", ["8", "4"], [R(mha, gqa), R(gqa, mqa)])
e.done()
