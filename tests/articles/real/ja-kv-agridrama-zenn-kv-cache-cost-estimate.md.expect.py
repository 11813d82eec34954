# Expected verdicts for ja-kv-agridrama-zenn-kv-cache-cost-estimate.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: GPT-2 small L = 12, H = 12, HS = 64 (C = H*HS), FP32 = 4 bytes, B = 1; FLOP counts 2*m*n*k per matmul.
# The symbolic coefficients are checked as numbers: 3 projections x 2 = 6, two matmuls 2 + 2 = 4, two MLP layers 2 x 2 = 4.
# KV cache per token = 2 (K, V) * L * H * HS * 4 bytes = 73,728 B = 73.7 KB (72 KiB); for 1,024 tokens 75,497,472 B
# = 75.5 MB (72 MiB).
# Wrong line: "73KB" (73,728 B is 74 KB rounded, 72 KiB; 73 is the truncation) (slip); "約75MB" on the same line is ok.
# Ambiguous: the summary table's Q,K,V row has no factor L while the Attention and MLP rows count all L layers.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ja", topics=["kv-cache", "sizes"])
L = e.line

ln = L("$E = C = 768$, $H = 12$, $HS = 64$")
e.given(ln, "GPT-2 small L = 12, H = 12, HS = 64")
e.claim(ln, "C = H * HS", ["768"], [12 * 64])

e.claim(L("$Q,K,V$の3つ分で合計 $6"), "3 projections x 2 B T E C", ["2", "6"], [2, 3 * 2])
e.claim(L("Attention全体で $4 \\cdot T^2"), "QK^T and AV, 2 + 2", ["2", "4"], [2, 2 + 2])
e.claim(L("$2$層分で合計 $4 \\cdot B \\cdot T \\cdot E \\cdot M$"), "two MLP layers, 2 x 2", ["2", "4"], [2, 2 * 2])
e.claim(L("合計 $6 \\cdot B \\cdot H \\cdot E \\cdot HS$"), "3 projections of one token, 3 x 2", ["2", "6"], [2, 3 * 2])
e.claim(L("合わせて $4 \\cdot T \\cdot HS$"), "one query row, 2 + 2", ["2", "4"], [2, 2 + 2])
e.claim(L("$2$層分で合計 $4 \\cdot B \\cdot E \\cdot M$"), "two MLP layers for one token, 2 x 2", ["2", "4"], [2, 2 * 2])

ln = L("| $Q,K,V$ | $6BHTE")
e.claim(ln, "Q,K,V coefficients", ["6", "6"], [6, 6])
e.ambiguous(ln, "the Q,K,V row has no factor L while the Attention and MLP rows count all L layers")
e.claim(L("| Attention | $4B"), "Attention coefficients", ["4", "4"], [4, 4])
e.claim(L("| MLP | $4"), "MLP coefficients", ["4", "4"], [4, 4])

ln = L("1トークンあたりのKV cacheのサイズは32-bit float")
e.given(ln, "B = 1, L = 12, H = 12, HS = 64, FP32, 1,024 tokens")
per_token = 2 * 12 * 12 * 64 * 4
number_claim(e, ln, "KV per token 2*12*12*64*4 bytes", "73",
             [("decimal KB", R(per_token, 10**3)), ("binary KiB", R(per_token, 2**10))])
number_claim(e, ln, "KV for 1,024 tokens", "75",
             [("decimal MB", R(per_token * 1024, 10**6)), ("binary MiB", R(per_token * 1024, 2**20))])
e.done()
