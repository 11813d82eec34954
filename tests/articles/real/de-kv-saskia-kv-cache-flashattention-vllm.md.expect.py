# Expected verdicts for de-kv-saskia-kv-cache-flashattention-vllm.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A German self-study lesson (KI-Engineering-Werkstatt 07.03) on KV-cache sizes, PagedAttention and FlashAttention.
# Inputs: Llama 3.3 70B with n_layers = 80, n_kv_heads = 8 (GQA), d_head = 128, fp16 (2 bytes); the formula
#   KV = 2 x n_layers x n_kv_heads x d_head x seq_len x bytes. The article's own code spells "8k" as 8_000 and
#   "128k" as 128_000 tokens, and its function divides by 1024**3 (GiB, labelled GB); the prose does not say which
#   unit it uses, so every prose size is tried under decimal GB/kB and binary GiB/KiB, with 8k/128k as 8,000/128,000
#   (the article's own reading) and as 8,192/131,072.
# Exact values:
#   per token 2 x 80 x 8 x 128 x 2 = 327,680 B = 327.68 kB (-> 328) = 320 KiB;
#   8k tokens: 327,680 x 8,000 = 2.62144e9 B = 2.62 GB (-> "2.6" ok);
#   128k tokens: 327,680 x 128,000 = 4.194e10 B = 41.94 GB (-> 42); 39.06 GiB; 131,072 tokens: 42.95 GB / 40.00 GiB;
#   MHA with 32 KV heads at 128k: 4 x 41.94 = 167.77 GB (156.25 GiB; 171.80 GB / 160 GiB at 131,072 tokens);
#   code: 5,242,880,000 / 2^30 = 2.441 (-> 2.4 ok); 41,943,040,000 / 2^30 = 39.06 (-> 39 ok);
#         64 heads: 335,544,320,000 / 2^30 = 312.5 exactly (a tie: "312" agrees).
# Wrong lines:
#   - "Pro Token: ... = 327 KB": 327.68 kB rounds to 328 (320 KiB under the binary reading); 327 is the truncation -> slip.
#   - "Bei 128k Tokens: 41 GB": 41.94 GB rounds to 42 (39 GiB, 43 GB or 40 GiB under the other readings); 41 is right
#     under no reading -> slip (truncation of 41.94).
#   - "~ 165 GB" for MHA with 32 KV heads: exact 167.77 GB (-> 168); 165 is 4 x the wrong 41 GB (164) rounded -> carried.
#     The "4x" on the same line is right (32 / 8).
# Ambiguous: the 80/20 latency split and "< 30 %" utilisation (rules of thumb without inputs); FlashAttention's 85 % of the
#   H100 peak and 71 % of the B200 peak (the peaks are never stated).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="de", topics=["kv", "gqa", "flash", "complexity"])
L = e.line

per_tok = 2 * 80 * 8 * 128 * 2          # bytes per token
assert per_tok == 327680

e.given(L("typischerweise **80 % des VRAM-Verbrauchs**"), "the lesson's claim: 80 % of VRAM and of cost")
e.ambiguous(L("Als Faustwert nennt die Lektion: Bei einem 4k-Prompt"),
            "80 % / 20 % latency split for a 4k prompt and 200 output tokens is a rule of thumb, not derivable")
e.ambiguous(L("Im Decode sei die GPU oft zu < 30 %"), "'< 30 %' utilisation is a rough bound without inputs")
e.given(L("KV-Cache = 2 × n_layers × n_kv_heads"), "KV-cache size formula (factor 2 for K and V)")
e.given(L("**Beispiel Llama 3.3 70B** (n_layers=80"), "n_layers = 80, n_kv_heads = 8, d_head = 128, fp16")

ln = L("Pro Token: 2 × 80 × 8 × 128 × 2 = 327 KB")
number_claim(e, ln, "KV bytes per token", "327",
             [("kB decimal", R(per_tok, 1000)), ("KiB", R(per_tok, 1024))], cause="slip")

ln = L("Bei 8k Tokens: 2.6 GB")
number_claim(e, ln, "KV cache for 8k tokens", "2.6",
             [("GB, 8k = 8,000", R(per_tok * 8000, 10**9)), ("GiB, 8k = 8,000", R(per_tok * 8000, 2**30)),
              ("GB, 8k = 8,192", R(per_tok * 8192, 10**9)), ("GiB, 8k = 8,192", R(per_tok * 8192, 2**30))])

ln = L("Bei 128k Tokens: 41 GB")
number_claim(e, ln, "KV cache for 128k tokens", "41",
             [("GB, 128k = 128,000", R(per_tok * 128000, 10**9)), ("GiB, 128k = 128,000", R(per_tok * 128000, 2**30)),
              ("GB, 128k = 131,072", R(per_tok * 131072, 10**9)), ("GiB, 128k = 131,072", R(per_tok * 131072, 2**30))],
             cause="slip")

ln = L("Mit klassischer MHA (32 KV-Heads)")
mha = 2 * 80 * 32 * 128 * 2
e.claim(ln, "MHA (32 KV heads) over GQA (8 KV heads)", ["4"], [R(32, 8)], rounded_int=True)
number_claim(e, ln, "KV cache with 32 KV heads at 128k", "165",
             [("GB, 128k = 128,000", R(mha * 128000, 10**9)), ("GiB, 128k = 128,000", R(mha * 128000, 2**30)),
              ("GB, 128k = 131,072", R(mha * 131072, 10**9)), ("GiB, 128k = 131,072", R(mha * 131072, 2**30))],
             cause="carried")

e.given(L("der KV-Cache wird in **kleine Blöcke** geteilt (z.B. 16 Tokens)"), "block size 16 tokens")
e.given(L("Die VRAM-Auslastung steigt von ~ 60 % auf ~ 96 %"), "quoted utilisation figures and '2-4x' users")
e.given(L("(Default seit v0.8.0, Januar 2025)"), "version and date")
e.given(L("ab > 1k Anfragen/Tag"), "rule of thumb: > 1k requests per day")
e.given(L("**FlashAttention-2** (2023): bereits 2-4× Speedup"), "quoted speed-up")
e.ambiguous(L("BF16: bis 840 TFLOPs/s (85 % der theoretischen H100-Maximum)"),
            "85 % needs the H100 BF16 peak, never stated (840 / 989.4 = 84.9 %)")
e.given(L("FP8: bis 1.3 PFLOPs/s"), "quoted FP8 throughput")
e.ambiguous(L("BF16: bis 1605 TFLOPs/s auf B200 (71 % Auslastung)"),
            "71 % needs the B200 BF16 peak, never stated")
e.given(L("1.1-1.3× schneller als cuDNN 9.13"), "quoted speed-ups")

e.given(L("dtype_bytes: int = 2,  # fp16/bf16"), "2 bytes per element")
e.given(L("bytes_total = 2 * n_layers * n_kv_heads"), "the formula in code")
e.given(L("return bytes_total / (1024 ** 3)"), "the function's unit: 1024^3 bytes")
e.given(L("# Llama 3.3 70B mit GQA (n_kv_heads = 8)"), "n_kv_heads = 8")


def gib(layers, heads, dh, n, b=2):
    return R(2 * layers * heads * dh * n * b, 2**30)


e.claim(L("print(kv_cache_groesse_gb(80, 8, 128, 8_000))"), "code: 8,000 tokens in GiB", ["2.4"], [gib(80, 8, 128, 8000)])
e.claim(L("print(kv_cache_groesse_gb(80, 8, 128, 128_000))"), "code: 128,000 tokens in GiB", ["39"],
        [gib(80, 8, 128, 128000)], rounded_int=True)
e.given(L("# Llama 70B *ohne* GQA (n_kv_heads = 64)"), "n_kv_heads = 64")
e.claim(L("print(kv_cache_groesse_gb(80, 64, 128, 128_000))"), "code: 64 KV heads, 128,000 tokens in GiB", ["312"],
        [gib(80, 64, 128, 128000)], rounded_int=True)

e.claim(L("Warum hat ein 70B-Modell **mit** GQA 4-8× kleineren"), "GQA reduction range 32/8 .. 64/8", ["4", "8"],
        [R(32, 8), R(64, 8)], rounded_int=True)
e.done()
