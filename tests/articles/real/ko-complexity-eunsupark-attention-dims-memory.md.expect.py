# Expected verdicts for ko-complexity-eunsupark-attention-dims-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean course note (eunsu-park's study-hub, Deep Learning ch. 18) that follows multi-head attention through its
# tensor shapes and then sizes the n x n score matrix.
# Inputs: X of shape (32, 512, 768), W_Q/W_K/W_V/W_O of shape (768, 768), 12 heads; memory example n = 10,000 with
#   12 heads in float32 (4 bytes); the list n = 1000 ... 16000 with memory_gb = 12 * n^2 * 4 / 1024**3.
# Exact values: head_dim = 768 / 12 = 64; Q, K, V (32, 512, 768) -> (32, 12, 512, 64); scores (32, 12, 512, 512);
#   sqrt(64) = 8; output (32, 12, 512, 64) -> concat (32, 512, 768); 12 * 10^8 * 4 = 4.8e9 bytes = 4.8 GB
#   (4.47 GiB); 12 * n^2 * 4 bytes for n = 1000, 4000, 8000, 16000 = 0.048 / 0.768 / 3.072 / 12.288 GB decimal but
#   0.0447 / 0.715 / 2.861 / 11.44 GiB by the note's own code (which divides by 1024**3).
# No wrong line. Ambiguous: the four "~x GB" comments match decimal GB while the code right above them divides by
#   1024**3 (GiB), under which none of them agrees - the unit decides.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["complexity", "mha", "shapes", "sizes", "code-comments"])
L = e.line

B, T, D, H = 32, 512, 768, 12
dh = R(D, H)

e.given(L("- Attention이 왜 O(n^2)인지"), "O(n^2) notation")
e.given(L("배치 32, 길이 512, d_model 768인 입력을 12개 헤드로"), "batch 32, length 512, d_model 768, 12 heads")
e.given(L("# 예: (32, 512, 768)"), "X shape (32, 512, 768)")
e.given(L("# 예: (768, 768)"), "W shape (768, 768)")
for name in ("Q", "K", "V"):
    e.claim(L(f"# {name} = X @ W_{name}: (32, 512, 768)"), f"{name} = X W shape", ["32", "512", "768"], [B, T, D])
ln = L("# num_heads = 12, head_dim = 768 / 12 = 64")
e.given(ln, "12 heads")
e.claim(ln, "head_dim 768 / 12", ["64"], [dh])
for name in ("Q", "K", "V"):
    e.claim(L(f"# {name}: (32, 512, 768) → (32, 12, 512, 64)"), f"{name} split into heads",
            ["12", "64"], [H, dh])
e.claim(L("# scores = Q @ K^T: (32, 12, 512, 64) @ (32, 12, 64, 512) = (32, 12, 512, 512)"),
        "score shape (T x T per head)", ["512", "512"], [T, T])
e.claim(L("# scores = scores / sqrt(64) = scores / 8"), "sqrt(head_dim)", ["8"], [sp.sqrt(dh)])
e.claim(L("# weights = softmax(scores): (32, 12, 512, 512)"), "softmax keeps the score shape", ["512"], [T])
e.claim(L("# output = weights @ V: (32, 12, 512, 512) @ (32, 12, 512, 64) = (32, 12, 512, 64)"),
        "output shape per head", ["64"], [dh])
e.claim(L("# output: (32, 12, 512, 64) → (32, 512, 768)"), "concat 12 x 64", ["768"], [H * dh])
e.claim(L("# output = output @ W_O: (32, 512, 768)"), "output projection shape", ["768"], [D])

for needle in ("Q @ K^T: O(n * n * d) = O(n^2 * d)", "softmax: O(n^2)", "weights @ V: O(n^2 * d)",
               "Total: O(n^2 * d)", "Attention matrix: O(n^2)", "메모리도 n^2로 늘어난다"):
    e.given(L(needle), "complexity notation")
e.given(L("n = 10,000, heads = 12"), "n = 10,000, 12 heads")
ln = L("메모리 = 12 * 10000 * 10000 * 4 bytes = 4.8 GB (float32)")
e.given(ln, "4 bytes per float32")
number_claim(e, ln, "score memory for n = 10,000", "4.8",
             [("decimal GB", sp.Integer(12 * 10000 * 10000 * 4) / 10 ** 9),
              ("binary GiB", sp.Integer(12 * 10000 * 10000 * 4) / 2 ** 30)])
e.given(L("헤드 12개, float32 기준으로"), "12 heads, float32")
e.given(L("n = [1000, 2000, 4000, 8000, 16000]"), "sequence lengths")
e.given(L("memory_gb = [h * n_i * n_i * 4 / (1024**3)"), "memory formula, divided by 1024**3")
for n, printed in [(1000, "0.048"), (4000, "0.77"), (8000, "3.1"), (16000, "12.3")]:
    ln = L(f"# n={n}:")
    nbytes = 12 * n * n * 4
    e.ambiguous(ln, f"'~{printed} GB' is {sp.N(sp.Integer(nbytes) / 10**9, 5)} decimal GB (agrees) but the note's code "
                    f"divides by 1024**3, giving {sp.N(sp.Integer(nbytes) / 2**30, 5)} (disagrees): the unit decides")
e.done()
