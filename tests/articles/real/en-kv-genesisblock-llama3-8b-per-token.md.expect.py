# Expected verdicts for en-kv-genesisblock-llama3-8b-per-token.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Llama-3-8B with 32 layers, 8 KV heads, head_dim 128, fp16 = 2 bytes; 8,000 tokens; 1 or 32 users; 8B weights.
# Per token 2*32*8*128*2 = 131,072 B = 128 KiB.  8,000 tokens x 1 user = 1,048,576,000 B = 1.05 GB (0.98 GiB): "1 GB" ok.
# 8,000 tokens x 32 users = 33,554,432,000 B = 33.6 GB (31.25 GiB): "32 GB" agrees under neither unit; it is 32 x the
#   rounded "1 GB" (drift).  8B weights x 2 bytes = 16 GB.
# Without GQA (32 KV heads) 2*32*32*128*2 = 524,288 B = 512 KiB, 4x; 32 users at "8k" context: 8k = 8,192 gives
#   32*8192*524,288 B = 128 GiB exactly (8,000 would give 134 GB / 125 GiB), so "128 GB" is right under the 8,192 reading.
# Quantization table: 8B parameters x 2 / 1 / 0.5 bytes = 16 / 8 / 4 GB.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "sizes"])
L = e.line


def sizes(nbytes, unit):
    """Readings of a byte count in decimal and binary units (unit: 1 for K, 2 for M, 3 for G)."""
    names = {1: ("KB", "KiB"), 2: ("MB", "MiB"), 3: ("GB", "GiB")}[unit]
    return [(f"decimal {names[0]}", sp.Integer(nbytes) / 10 ** (3 * unit)),
            (f"binary {names[1]}", sp.Integer(nbytes) / 2 ** (10 * unit))]


layers, kv_heads, head_dim, nbytes = 32, 8, 128, 2
per_tok = 2 * layers * kv_heads * head_dim * nbytes
per_tok_mha = 2 * layers * 32 * head_dim * nbytes

e.given(L("YOUR PROMPT (500 tokens)"), "prompt 500 tokens, answer 200 tokens")
e.given(L("**Llama-3-8B** (32 layers, 8 KV heads"), "32 layers, 8 KV heads, head_dim 128, 2 bytes")
ln = L("2 × 32 × 8 × 128 × 2 = 131,072 bytes")
number_claim(e, ln, "2*32*8*128*2 bytes", "131,072", sp.Integer(per_tok))
number_claim(e, ln, "per-token KV in KB", "128", sizes(per_tok, 1))
ln = L("8,000 tokens, 1 user")
number_claim(e, ln, "8,000 tokens x 1 user", "1", sizes(per_tok * 8000, 3))
ln = L("8,000 tokens, 32 users")
number_claim(e, ln, "8,000 tokens x 32 users (32 x the rounded 1 GB)", "32", sizes(per_tok * 8000 * 32, 3), cause="drift")
number_claim(e, ln, "8B weights x 2 bytes", "16", [("decimal GB", sp.Integer(8 * 10**9 * 2) / 10**9)])
ln = L("**512 KB per token**")
number_claim(e, ln, "per-token KV with 32 KV heads", "512", sizes(per_tok_mha, 1))
number_claim(e, ln, "32 / 8 KV heads", "4", sp.Integer(per_tok_mha // per_tok))
number_claim(e, ln, "32 users at 8k context, 32 KV heads", "128",
             [("8k = 8,192, binary GiB", sp.Integer(32 * 8192 * per_tok_mha) / 2**30),
              ("8k = 8,000, decimal GB", sp.Integer(32 * 8000 * per_tok_mha) / 10**9),
              ("8k = 8,000, binary GiB", sp.Integer(32 * 8000 * per_tok_mha) / 2**30)])
params = 8 * 10**9
number_claim(e, L("| FP16/BF16 (16-bit) | ~16 GB"), "8B x 2 bytes", "16", [("decimal GB", sp.Integer(params * 2) / 10**9)])
number_claim(e, L("| FP8 (8-bit) | ~8 GB"), "8B x 1 byte", "8", [("decimal GB", sp.Integer(params) / 10**9)])
number_claim(e, L("| INT4 (4-bit) | ~4 GB"), "8B x 0.5 byte", "4", [("decimal GB", sp.Integer(params) / 2 / 10**9)])
e.done()
