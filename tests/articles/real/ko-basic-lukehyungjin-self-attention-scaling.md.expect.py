# Expected verdicts for ko-basic-lukehyungjin-self-attention-scaling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the illustrative 4×4 score matrix (given); the scaling example scores [32, 1, 2] with d_k = 64 (sqrt = 8);
# ViT-Base sizes embed 768, 8 heads (code comment), patches 14×14; FP32 = 4 bytes.
# - [32, 1, 2] / 8 = [4, 0.125, 0.25] ok; softmax([32, 1, 2]) = [1.0000, 3.4e-14, 9.4e-14] -> [1.00, 0.00, 0.00] ok.
# - softmax([4, 0.125, 0.25]) = [0.957605, 0.019875, 0.022521] -> [0.96, 0.02, 0.02]; printed [0.95, 0.02, 0.03]
#   -> wrong (slip: 0.95 and 0.03 do not round from 0.9576 and 0.0225; only 0.02 agrees).
# - "앉았다" weights [0.35, 0.15, 0.20, 0.30]: presented as an illustration, not computed from the printed row
#   [0.3, 0.2, 0.4, 0.5] (whose softmax is [0.236, 0.214, 0.261, 0.289]) -> ambiguous; the output line repeats them.
# - 768 // 8 = 96; 768 × 2304 = 1,769,472; 768² = 589,824; total 2,359,296 ≈ 2.4M ok.
# - N² = 10,000; 38,416; 1,048,576; 16,384² = 268,435,456 ≈ 268M ok; FP32 bytes 40,000 (~40 KB), 153,664 (~150 KiB),
#   4,194,304 (4 MiB), 1,073,741,824 (1 GiB) ok under the decimal or binary reading.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="ko", topics=["basic", "softmax", "scaling", "mha", "memory", "code-block", "markdown-table"])
L = e.line
ln = L("고양이가  [ 0.8    0.1   0.0   0.3 ]")
for k in range(4):
    e.given(ln + k, f"illustrative score row {k + 1}")
ln = L('→ "앉았다" 행을 보면')
e.claim(ln, "row 4 restated", ["0.3", "0.2", "0.4", "0.5"], [R(3, 10), R(2, 10), R(4, 10), R(5, 10)])
e.given(L("d_k = 64일 때:"), "d_k = 64")
raw = M([[32, 1, 2]])
ln = L("스케일링 전: [32, 1, 2]")
e.given(ln, "raw scores [32, 1, 2]")
e.claim(ln, "softmax of raw scores", ["1.00", "0.00", "0.00"], list(softmax_rows(raw).row(0)))
sc = raw / sp.sqrt(64)
ln = L("스케일링 후: [4, 0.125, 0.25]")
e.claim(ln, "scores / sqrt(64)", ["4", "0.125", "0.25"], list(sc.row(0)))
e.claim(ln, "softmax of scaled scores", ["0.95", "0.02", "0.03"], list(softmax_rows(sc).row(0)))
e.ambiguous(L('"앉았다"의 attention weights: [0.35, 0.15, 0.20, 0.30]'),
            "illustrative weights (sum 1.00), not derived from the printed score row [0.3, 0.2, 0.4, 0.5], whose softmax "
            "is [0.236, 0.214, 0.261, 0.289]; scaling by sqrt(d_k) is unknown")
e.ambiguous(L("출력 = 0.35 × V(고양이가)"), "restates the illustrative weights; V is not given")
e.claim(L("# 768 // 8 = 96"), "head_dim", "96", 768 // 8)
ln = L("| QKV 프로젝션 | 768 × (768×3) |")
number_claim(e, ln, "768 × 2304", "1,769,472", 768 * 768 * 3)
number_claim(e, L("| 출력 프로젝션 | 768 × 768 |"), "768²", "589,824", 768 * 768)
e.claim(L("| **합계** | | **~2.4M** |"), "total in millions", "2.4", R(768 * 768 * 4, 10**6))


def size(n, unit):
    return [("binary", sp.Integer(n) / 2**unit[0]), ("decimal", sp.Integer(n) / 10**unit[1])]


KB, MB, GB = (10, 3), (20, 6), (30, 9)
rows = [("| 문장 (100 토큰) | 100 | 10,000 | ~40 KB |", 100, "10,000", "40", KB),
        ("| ViT (14×14 패치) | 196 | 38,416 | ~150 KB |", 196, "38,416", "150", KB),
        ("| 고해상도 (32×32) | 1,024 | 1,048,576 | ~4 MB |", 1024, "1,048,576", "4", MB)]
for lab, n, sq, mem, unit in rows:
    ln = L(lab)
    number_claim(e, ln, f"{n}²", sq, n * n)
    number_claim(e, ln, f"FP32 bytes of {n}² scores", mem, size(4 * n * n, unit))
ln = L("| 매우 긴 시퀀스 | 16,384 | 268M | ~1 GB |")
e.claim(ln, "16384² in millions (268M)", "268", R(16384**2, 10**6), rounded_int=True)
number_claim(e, ln, "FP32 bytes of 16384² scores", "1", size(4 * 16384**2, GB))
e.claim(L("| ViT (14×14 패치) | 196 |"), "14 × 14", "196", 14 * 14)
e.done()
