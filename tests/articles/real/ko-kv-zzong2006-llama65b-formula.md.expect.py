# Expected verdicts for ko-kv-zzong2006-llama65b-formula.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: LLaMA-65B in fp16: n_layers 80, hidden_size 8192, n_heads 64, context 32768, 2 bytes; formula
# 2 · n_layers · n_heads · d_head · context_length · bytes_per_param.
# - d_head = 8192 / 64 = 128: ok.
# - 2 · 80 · 64 · 128 · 32768 · 2 = 85,899,345,920 bytes: ok.
# - "약 85.9 GB": 85.8993 GB decimal (exactly 80 GiB) -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "mha", "memory"])

e.given(e.line("2 * n_layers * n_heads * d_head * context_length * bytes_per_param"), "formula")
for lab in ("- `n_layers`: 80", "- `hidden_size`: 8192", "- `n_heads`: 64", "- `context_length`: 32768",
            "- `bytes_per_param`: 2 (FP16)"):
    e.given(e.line(lab), "LLaMA-65B configuration")
e.claim(e.line("- `d_head`: 8192 / 64 = 128"), "8192 / 64", "128", sp.Integer(8192) / 64)
total = 2 * 80 * 64 * 128 * 32768 * 2
number_claim(e, e.line("85,899,345,920 Bytes"), "2 · 80 · 64 · 128 · 32768 · 2", "85,899,345,920", sp.Integer(total))
number_claim(e, e.line("85,899,345,920 Bytes"), "bytes in GB", "85.9",
             [("decimal GB", sp.Integer(total) / 10**9), ("binary GiB", sp.Integer(total) / 2**30)])
e.done()
