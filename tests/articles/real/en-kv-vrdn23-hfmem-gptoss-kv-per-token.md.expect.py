# Expected verdicts for en-kv-vrdn23-hfmem-gptoss-kv-per-token.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: the opening of a GitHub issue (hf-mem #60) on the KV-cache size of openai/gpt-oss-120b; hf-mem's JSON
# output and vLLM's log are quoted, then the per-token KV cost is worked out by hand.
# Inputs: 36 layers (18 sliding-window, 18 full attention), 8 KV heads, head_dim 64, bf16 (2 bytes); hf-mem's
# "memory": 65248815744 and "kv_cache": 36864; vLLM's log "5.38 GiB" and "78,384 tokens".
# Exact: per token and layer 2 × 8 × 64 × 2 = 2048 B; over 36 layers 73,728 B; hf-mem's kv_cache 36864 = 18 × 2048
# (only the full-attention layers); total_memory 65248815744 + 36864 = 65248852608; 36 layers alternating -> 18 each.
# Wrong lines: none.
# Ambiguous: the "Verification" line, 5.38 GiB ÷ 73,728 = 78,384 tokens. The printed operands give
# 5.38 × 2^30 / 73,728 = 78,351.9, not 78,384; but 5.38 GiB is vLLM's rounded log value, and any memory in
# [5.375, 5.385) GiB gives 78,279 to 78,425 tokens, so the logged 78,384 (= 5.3822 GiB) fits; the article does not
# print the unrounded memory, so the claim cannot be decided.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "memory", "gqa", "sliding-window", "code-output"])
L = e.line

e.given(L("uvx hf-mem --model-id openai/gpt-oss-120b"), "command: --max-model-len 1 (one token), bf16 KV cache")
ln = L('{"model_id": "openai/gpt-oss-120b", "memory"')
e.given(ln, "hf-mem's weight memory 65248815744 B (tool output)")
e.claim(ln, "kv_cache of hf-mem = 18 full-attention layers × 2048 B", "36864", 18 * 2048)
e.claim(ln, "total_memory = memory + kv_cache", "65248852608", 65248815744 + 36864)
e.given(L('msg="Available KV cache memory: 5.38 GiB"'), "vLLM log: available KV memory (rounded)")
e.given(L('msg="GPU KV cache size: 78,384 tokens"'), "vLLM log: KV cache size in tokens")

e.given(L("- `num_hidden_layers`: 36"), "36 layers")
e.given(L("- `num_key_value_heads`: 8"), "8 KV heads")
e.given(L("- `head_dim`: 64"), "head_dim 64")
e.given(L("- `sliding_window`: 128"), "sliding window 128")
e.claim(L("(18 of each)"), "36 alternating layers -> 18 of each kind", "18", R(36, 2))
e.given(L("- KV cache dtype: bfloat16 (2 bytes)"), "2 bytes per element")

e.claim(L("2 (K+V) × 8 (kv_heads) × 64 (head_dim) × 2 (bf16) = 2048"), "bytes per token per layer", "2048",
        2 * 8 * 64 * 2)
number_claim(e, L("36 layers × 2048 = 73,728 bytes/token"), "bytes per token over 36 layers", "73,728", 36 * 2048)
e.ambiguous(L("**Verification:** 5.38 GiB ÷ 73,728"),
            "5.38 GiB is a rounded log value: 5.38·2^30/73,728 = 78,351.9, but [5.375, 5.385) GiB gives "
            "78,279–78,425 tokens, which contains the logged 78,384; the unrounded memory is not printed")
e.done()
