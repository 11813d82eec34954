# Expected verdicts for tr-kv-sentiric-vram-baglam-butcesi.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Turkish service note (sentiric-llm-llama-service) that budgets a 6 GB GPU: model VRAM + THREADS x per-context KV cache.
# Inputs the author chose: GPU 6 GB; gemma-3-4b-it-Q4_K_M needs about 2.8 GB; per-context KV cache "~1.6 GB (Tahmini)"
#   at CONTEXT_SIZE 8192 (an estimate, the model's layer/head sizes are not printed, so it is taken as given);
#   per-context VRAM grows linearly with CONTEXT_SIZE (stated), so 4096 -> 1.6 * 4096/8192 = 0.8 GB.
# Exact values: 6 - 2.8 = 3.2; 2 x 1.6 = 3.2, 2.8 + 3.2 = 6.0; 1 x 1.6 = 1.6, 2.8 + 1.6 = 4.4;
#   3 x 0.8 = 2.4, 2.8 + 2.4 = 5.2; 2 x 0.8 = 1.6, 2.8 + 1.6 = 4.4.
# Every printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="tr", topics=["kv", "vram-budget", "markdown-table"])

gpu, model, per8k = R(6), R("2.8"), R("1.6")
per4k = per8k * R(4096, 8192)

e.given(e.line("(Yaklaşık **2.8 GB** VRAM kullanır)"), "model VRAM 2.8 GB")
e.claim(e.line("6 GB - 2.8 GB = **3.2 GB**"), "free VRAM after the model", ["3.2"], [gpu - model])

L = e.line("| `8192` | ~1.6 GB | `2` |")
e.given(L, "CONTEXT_SIZE 8192, per-context estimate ~1.6 GB, 2 threads")
e.claim(L, "KV total and VRAM total, 8192 x 2", ["3.2", "6.0"], [2 * per8k, model + 2 * per8k])
L = e.line("| `8192` | ~1.6 GB | `1` |")
e.given(L, "CONTEXT_SIZE 8192, 1 thread")
e.claim(L, "KV total and VRAM total, 8192 x 1", ["1.6", "4.4"], [per8k, model + per8k])
L = e.line("| `4096` | ~0.8 GB | `3` |")
e.claim(L, "per-context VRAM at 4096 (linear in context)", ["0.8"], [per4k])
e.claim(L, "KV total and VRAM total, 4096 x 3", ["2.4", "5.2"], [3 * per4k, model + 3 * per4k])
L = e.line("| `4096` | ~0.8 GB | `2` |")
e.claim(L, "per-context VRAM at 4096 (linear in context)", ["0.8"], [per4k])
e.claim(L, "KV total and VRAM total, 4096 x 2", ["1.6", "4.4"], [2 * per4k, model + 2 * per4k])
e.given(e.line("20,000 token'lık"), "example prompt of 20,000 tokens over an 8192 context")

e.done()
