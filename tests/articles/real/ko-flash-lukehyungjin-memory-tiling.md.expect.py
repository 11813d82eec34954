# Expected verdicts for ko-flash-lukehyungjin-memory-tiling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: sequence lengths 1K, 4K, 16K, 64K, 128K (K = 1024), FP16 = 2 bytes; bandwidths 19 TB/s and 1.5 TB/s as quoted;
# the timing table's millisecond values are quoted measurements (given), the ratios are checked.
# - N² = 1,048,576 (1M), 16,777,216 (16M), 268,435,456 (256M), 4,294,967,296 (4B), 17,179,869,184 (16B): the
#   table counts in binary units (2^20, 2^30); 4B also rounds from 4.29e9, while 16B is right only as 16 Gi (17.2e9
#   decimal) -> ok under the binary reading the whole table uses.
# - FP16 bytes 2 MiB, 32 MiB, 512 MiB, 8 GiB, 32 GiB -> 2 MB, 32 MB, 512 MB, 8 GB, 32 GB ok (binary reading).
# - "HBM → SRAM: ~12배 느림": 19 / 1.5 = 12.67, which rounds to 13; "~12" reads as a truncated order of magnitude of two
#   quoted approximate bandwidths -> ambiguous.
# - Ratios 0.5 / 0.2 = 2.5, 7.6 / 2.8 = 2.714 -> 2.7, 120 / 40 = 3.0 ok; 16K² = 256M ok; output shape restates the input.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["flash", "memory", "online-softmax", "markdown-table", "code-block"])
L = e.line


def units(n, p):
    return [("binary", sp.Integer(n) / 2**(10 * p)), ("decimal", sp.Integer(n) / 10**(3 * p))]


rows = [("| 1K | 1M | 2 MB |", 1, "1", "2", 2, 2), ("| 4K | 16M | 32 MB |", 4, "16", "32", 2, 2),
        ("| 16K | 256M | 512 MB |", 16, "256", "512", 2, 2), ("| 64K | 4B | **8 GB** |", 64, "4", "8", 3, 3),
        ("| 128K | 16B | **32 GB** |", 128, "16", "32", 3, 3)]
for lab, k, cnt, mem, pc, pm in rows:
    ln = L(lab)
    n = (k * 1024)**2
    number_claim(e, ln, f"({k}K)² elements", cnt, units(n, pc))
    number_claim(e, ln, f"FP16 bytes of ({k}K)²", mem, units(2 * n, pm))
ln = L("SRAM (온칩 메모리)")
e.given(ln, "SRAM bandwidth 19 TB/s and size ~20 MB (quoted)")
e.given(L("HBM (GPU 메모리)"), "HBM bandwidth 1.5 TB/s, 40-80 GB (quoted)")
e.given(L("• A100: 40GB or 80GB"), "A100 memory sizes")
e.ambiguous(L("HBM → SRAM: ~12배 느림!"), "19 / 1.5 = 12.67 rounds to 13; '~12' is a loose (truncated) factor from two quoted "
            "approximate bandwidths, not a computed value")
ln = L("N=16K일 때 256M → 16K 수준으로 감소")
number_claim(e, ln, "(16K)²", "256", units((16 * 1024)**2, 2))
for lab, a, b, r in (("| 1K | 0.5ms | 0.2ms | 2.5× |", "0.5", "0.2", "2.5"), ("| 4K | 7.6ms | 2.8ms | 2.7× |", "7.6", "2.8", "2.7"),
                     ("| 16K | 120ms | 40ms | 3.0× |", "120", "40", "3.0")):
    ln = L(lab)
    e.given(ln, f"measured times {a} ms and {b} ms (quoted)")
    e.claim(ln, "speed-up ratio", r, sp.Rational(a) / sp.Rational(b))
e.given(L("q = torch.randn(32, 12, 196, 64"), "q shape")
e.claim(L("print(output.shape)  # torch.Size([32, 12, 196, 64])"), "output shape = q shape", ["32", "12", "196", "64"],
        [32, 12, 196, 64])
e.done()
