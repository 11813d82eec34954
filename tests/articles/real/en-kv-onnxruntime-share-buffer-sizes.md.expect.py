# Expected verdicts for en-kv-onnxruntime-share-buffer-sizes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The page's formulas (bytes) are batch_size × num_key_value_heads × length × head_size, checked as written (no K+V
# factor, no layers, no bytes per element: the page says "(bytes)").
# - Phi-4-mini: 1 × 8 × 4096 × 128 = 4,194,304 -> 4.19 MB / 4 MiB, printed "4GB": right under no reading
#   (1000× too large) -> wrong (slip).
# - DeepSeek R1 Qwen 1.5B: 1 × 2 × 1024 × 128 = 262,144 -> 0.26 MB / 0.25 MiB (256 KiB), printed "256M" -> wrong (slip);
#   1 × 2 × 1025 × 128 = 262,400 -> 256.25 KiB / 262.4 KB, printed "257M": wrong under every reading (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "memory"])


def sizes(nbytes, unit):
    base = {"M": (10**6, 2**20), "G": (10**9, 2**30)}[unit]
    return [(f"bytes in decimal {unit}B", sp.Integer(nbytes) / base[0]),
            (f"bytes in binary {unit}iB", sp.Integer(nbytes) / base[1])]


e.given(e.line("$batch\\_size * num\\_key\\_value\\_heads * max\\_length * head\\_size"), "formula (bytes)")
L = e.line("$1 * 8 * 4096 * 128 = 4GB$")
e.given(L, "batch 1, 8 KV heads, max length 4k = 4096, head size 128")
number_claim(e, L, "1 × 8 × 4096 × 128 bytes in GB (4,194,304 B)", "4", sizes(1 * 8 * 4096 * 128, "G"))
L = e.line("$1 * 2 * 1024 * 128 = 256M$")
e.given(L, "batch 1, 2 KV heads, past length 1k = 1024, head size 128")
number_claim(e, L, "past cache 1 × 2 × 1024 × 128 bytes in M (262,144 B)", "256", sizes(1 * 2 * 1024 * 128, "M"))
number_claim(e, L, "present cache 1 × 2 × 1025 × 128 bytes in M (262,400 B)", "257", sizes(1 * 2 * 1025 * 128, "M"))
e.done()
