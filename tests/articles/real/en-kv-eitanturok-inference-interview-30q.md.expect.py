# Expected verdicts for en-kv-eitanturok-inference-interview-30q.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An LLM-inference interview question bank with worked answers (eitanturok.github.io): matmul FLOPs, FLOPs of one-head
# attention (B=4, L=64, d_model=128, 9 layers, c=1), Llama-3.1-8B's KV cache per request from a vllm log (GQA: 32 layers,
# 8 KV heads, head 128, 16,384 tokens, bf16) and the concurrency 7.34, weights + cache memory, the length at which an
# MHA cache (32 layers, 32 heads, d_head 128, bf16) passes 1 GB, users on a 24 GB GPU at 500 / 2000 tokens, the
# read/write ratio (L-1)/2, GQA 32 -> 8 heads, beam search, and a worked beam-search cache example (2 layers, 4 heads,
# d_head 64, 2 bytes, 2 then 3 tokens).
# Exact: FLOPs 9*(3*2*4*64*128^2 + 2*2*4*64^2*128 + 2*4*64^2) = 302,284,800; Llama cache 2*32*8*128*16384*2 =
#   2,147,483,648 B = 2 GiB per request; 14.68/2 = 7.34; weights 1.6e10 B = 14.9012 GiB; 14.68 + 14.9012 = 29.5812 GiB
#   = 31.76 GB; MHA cache per token 2*2*32*32*128 = 524,288 B; 1e9/524,288 = 1907 tokens; 2.4e10/(524,288*500) = 91.55
#   -> 91 users, /(524,288*2000) = 22.89 -> 22 users; (1000-1)/2 = 499.5; beam example: per token
#   2(K,V)*2 layers*4 heads*64*2 B = 2,048 B, so 2 tokens = 4,096 B and 3 tokens = 6,144 B, two beams 12,288 B.
# Wrong lines:
#   "1e+9 = 2x1×L×2×32×32×128 = 524,288×L ≈ 5e+6 L bytes. L ≈ 1e+9/5e+6 ≈ 2,000 tokens": 524,288 is about 5e+5, not
#     5e+6 (slip), and 1e+9/5e+6 is 200, not 2,000 (slip; the answer itself, 1e9/524,288 = 1907, is about 2,000);
#   "$14.68 + 14.9012 = 29.5812$ GiB or $29.5812$ GB": 29.5812 GiB is 31.76 GB (slip; the author's own note says GiB != GB);
#   beam example "Cache size: 2×2×2×4×64 = 1,024 bytes": the product printed is 2,048 and the 2-token cache is 4,096 B
#     (slip); "Cache size: 1,024 bytes (same starting point)" (carried); the two "= 1,536 bytes" lines (6,144 B,
#     carried); "Total Memory: 3,072 bytes" (12,288 B, carried; its "3×" is right against one starting cache).
# Ambiguous: "The 1% tail drives 99% of memory costs" (from the stated mix, 1% x 10,000 against 99% x 50 tokens, the
#   tail holds 100/149.5 = 67% of the cache; 99% reads as rhetoric); Q13's "66%+ ... (⅔)" break-even (a cost model
#   the article does not define); "cache[0, 3, 6, 14, 9]" for the 6th token / 3rd sequence / 9th head / 14th layer
#   (right in 1-based counting, off by one in the 0-based indexing of the code); the candidate scores
#   0.6/0.3/0.2 (sum 1.1) are inputs, not probabilities, so they are given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa", "complexity", "sizes", "code-block"])

e.given(e.line("1. **How many FLOPs does it take to perform `A @ b`"), "matmul shapes (symbolic)")
e.given(e.line("* With `m` entries that gives"), "symbolic FLOP count")
e.given(e.line("* There are `m x n` entries"), "symbolic FLOP count")
e.given(e.line("The `2` is there because"), "the factor 2")

e.given(e.line("4. **Given `B=4` sequences all of length `L=64`"), "B 4, L 64, d_model 128, 9 layers, c 1")
B, L, d, nl, c = 4, 64, 128, 9, 1
flops = nl * (3 * (2 * B * L * d**2) + 2 * (2 * B * L**2 * d) + (c + 1) * B * L**2)
Lf = e.line("With the numbers of the question: `9 x [")
number_claim(e, Lf, "attention FLOPs, 9 layers", "302,284,800", flops)
e.claim(Lf, "attention FLOPs, order of magnitude", ["3e+8"], [sp.Integer(flops)], rounded_int=True)

e.given(e.line("7. The (shortened) vllm log"), "the run")
e.given(e.line("Using max model len 16384"), "max model length 16384")
e.given(e.line("Available KV cache memory: 14.68 GiB"), "cache memory 14.68 GiB")
e.given(e.line("Maximum concurrency for 16,384 tokens per request: 7.34x"), "vllm's printed concurrency (log output)")
e.given(e.line("Where does the maximum concurrency of 7.34 come from"), "question restating the log")
e.given(e.line('"hidden_size": 4096'), "hidden 4096")
e.given(e.line('"num_attention_heads": 32,'), "32 heads")
e.given(e.line('"num_hidden_layers": 32,'), "32 layers")
e.given(e.line('"num_key_value_heads": 8,'), "8 KV heads")
per_req = 2 * 32 * 8 * (4096 // 32) * 16384 * 2
Ll = e.line("Therefore $L=32$, $H_{kv}=8$, $D_H=D/H = 4096 / 32 = 128$")
e.claim(Ll, "D/H", ["128"], [R(4096, 32)])
number_claim(e, Ll, "KV bytes per request (B = 1)", "2,147,483,648", per_req)
e.claim(Ll, "per request in GiB", ["2"], [R(per_req, 2**30)])
e.claim(Ll, "1 KiB", ["1024"], [sp.Integer(2**10)])
Lb = e.line("The log gives $14.68$ GiB for the cache, so $B = 14.68/2 = 7.34$")
e.claim(Lb, "14.68 / 2", ["7.34"], [R("14.68") / (R(per_req, 2**30))])
e.claim(Lb, "full-length requests that fit, whole", ["7"], [sp.floor(R("14.68") / R(per_req, 2**30))])

e.given(e.line("The log puts the KV cache at 14.68 GiB."), "cache 14.68 GiB")
wbytes = 8 * 10**9 * 2
Lw = e.line("With 8B parameters in `bfloat16`")
number_claim(e, Lw, "8e9 * 2 bytes", "16,000,000,000", wbytes)
e.claim(Lw, "weights in GiB", ["14.9012"], [R(wbytes, 2**30)])
Lt = e.line("In total, our GPU needs $14.68 + 14.9012 = 29.5812$ GiB")
total_gib = R("14.68") + R(wbytes, 2**30)
e.claim(Lt, "14.68 + 14.9012 GiB", ["29.5812"], [R("14.68") + R("14.9012")])
e.claim(Lt, "the same total in GB (decimal)", ["29.5812"], [total_gib * 2**30 / 10**9], cause="slip")

e.given(e.line("1. **Your model has `n_layers=32`, `n_heads=32`, `d_head=128`, and uses bfloat16 precision and a KV cache. At what"),
        "32 layers, 32 heads, d_head 128, bf16, 1 GB, batch 1")
Lm = e.line("Here `n_bytes = 16 bits/8 = 2` bytes and `M=1GB=1e+9` bytes")
per_tok = 2 * 1 * 2 * 32 * 32 * 128
e.claim(Lm, "16 / 8 bytes", ["2"], [R(16, 8)])
number_claim(e, Lm, "bytes per token (B = 1)", "524,288", per_tok)
e.claim(Lm, "524,288 written in round figures", ["5e+6"], [sp.Integer(per_tok)], cause="slip", rounded_int=True)
e.claim(Lm, "1 GB in bytes", ["1e+9"], [sp.Integer(10**9)])
ent = e._entry(Lm)
ent["claims"].append({"what": "1e+9/5e+6 ≈ 2,000 as printed (the division gives 200; the length itself is "
                      "1e9/524,288 = 1907, about 2,000)", "printed": ["2,000"],
                      "wrong": [{"printed": "2,000", "exact": "200"}], "cause": "slip"})
ent["verdict"] = "wrong"

e.given(e.line("2. **Your GPU has 24GB of memory"), "24 GB, 500 and 2000 tokens")
e.claim(e.line("As before the cache takes"), "24 GB in bytes", ["2.4e+10"], [sp.Integer(24 * 10**9)])
L5 = e.line("`L=500`: `2.4e+10 = 2 x 2 x B x 500")
e.claim(L5, "bytes per token in KB", ["524"], [R(per_tok, 1000)], rounded_int=True)
e.claim(L5, "users at 500 tokens (whole users: floor)", ["91", "91"],
        [sp.floor(R(24 * 10**9, per_tok * 500))] * 2)
L2 = e.line("`L=2000`: `2.4e+10 = 2 x 2 x B x 2000")
e.claim(L2, "bytes per token in KB", ["524"], [R(per_tok, 1000)], rounded_int=True)
e.claim(L2, "users at 2000 tokens (whole users: floor)", ["22", "22"],
        [sp.floor(R(24 * 10**9, per_tok * 2000))] * 2)

e.given(e.line("4. **Which grows more quickly"), "L = 1000")
e.claim(e.line("For `L=1000` tokens, we read `(1000-1)/2~500`"), "(1000 - 1) / 2", ["500"], [R(999, 2)], rounded_int=True)

e.given(e.line("9. **You're serving a chatbot."), "50-token average, 1% at 10,000 tokens")
e.ambiguous(e.line("The 1% tail drives 99% of memory costs"),
            "from the stated mix the 1% tail holds 0.01*10000/(0.01*10000 + 0.99*50) = 67% of the cache; "
            "99% reads as rhetoric, not as a computed share")
e.given(e.line("13. **Inference cost optimization"), "2x memory, 3x speed")
e.ambiguous(e.line("*If you can keep GPUs 66%+ utilized"), "the break-even 66% / 2/3 rests on a cost model the article "
            "does not define")
e.given(e.line("29. **What is Grouped Query Attention"), "question number")
e.claim(e.line("If 32 query heads share 8 KV heads, you get 4× memory savings"), "32 / 8", ["4"], [R(32, 8)])
e.given(e.line("30. **Beam search:"), "question number")
e.claim(e.line("With 8 beams and 1000 tokens, you need 8× more memory"), "8 beams vs greedy", ["8"], [sp.Integer(8)])

e.ambiguous(e.line("cache[0, 3, 6, 14, 9]"), "the indices are the 1-based ordinals of the prose; in the 0-based "
            "indexing of the tensor the key would be cache[0, 2, 5, 13, 8]")
e.given(e.line("The key of the 6th token in the 3rd sequence"), "ordinals of the indexing example")
e.given(e.line("- Without cache: Spend time computing Q,K,V for all tokens (6 × d_model² FLOPS)"), "3 projections x 2")
e.given(e.line("- With cache: Only compute Q for new token (2 × d_model² FLOPS)"), "1 projection x 2")
e.claim(e.line("- **Result**: 3× speedup"), "6 / 2", ["3"], [R(6, 2)])

e.given(e.line("Model: 2 layers, 4 heads, d_head=64, n_bytes=2"), "2 layers, 4 heads, d_head 64, 2 bytes")
e.given(e.line("Beam width k=2, candidates per beam r=3"), "k 2, r 3")
e.given(e.line('Starting sequence: "The weather" (2 tokens)'), "2 tokens")
per_tok_b = 2 * 2 * 4 * 64 * 2
c2, c3 = per_tok_b * 2, per_tok_b * 3
for n in (1, 2):
    e.given(e.line(f'KV Cache {n}: K₁,V₁ (for "The")'), "cache entries of two tokens")
Lc = e.line("Cache size: 2×2×2×4×64 = 1,024 bytes")
number_claim(e, Lc, "2-token cache, 2 layers, 4 heads, d_head 64, 2 bytes (the product printed is 2,048)", "1,024", c2)
number_claim(e, e.line("Cache size: 1,024 bytes (same starting point)"), "2-token cache of beam 2", "1,024", c2,
             cause="carried")
e.given(e.line("Step 1: Generate third token (each beam explores 3 candidates)"), "r = 3")
e.given(e.line('Beam 1 candidates: "is" (0.6)'), "candidate scores (sum 1.1: scores, not probabilities)")
e.given(e.line('Beam 2 candidates: "today" (0.5)'), "candidate scores")
e.claim(e.line("Step 2: Select top-2 sequences across all 6 candidates"), "k * r", ["2", "6"], [sp.Integer(2), sp.Integer(6)])
e.claim(e.line('Selected: "The weather is" (0.6)'), "two best scores", ["0.6", "0.5"], [R("0.6"), R("0.5")])
number_claim(e, e.line("K₃ⁱˢ,V₃ⁱˢ = 1,536 bytes"), "3-token cache", "1,536", c3, cause="carried")
number_claim(e, e.line("K₃ᵗᵒᵈᵃʸ,V₃ᵗᵒᵈᵃʸ = 1,536 bytes"), "3-token cache", "1,536", c3, cause="carried")
Lx = e.line("Total Memory: 3,072 bytes (3× explosion")
number_claim(e, Lx, "two 3-token caches", "3,072", 2 * c3, cause="carried")
e.claim(Lx, "against one starting cache", ["3"], [R(2 * c3, c2)])

# symbolic formulas, labels and the remaining input lines
for needle in ["# 30 Interview Questions on LLM Inference", "`A @ b` takes `2 x m x k` FLOPs:", "* One entry of the result is a dot product",
               "`A @ B` takes `2 x m x k x n` FLOPS:", "* Again each entry costs `k + (k-1)`", "* `Q = X W_q` has shapes",
               "* `K = X W_k` has shapes", "* `V = X W_v` has shapes", "* `R = Q K^T` has shapes", "* `scores = softmax(R",
               "* `A = scores @ V` has shapes", "One layer therefore needs", "Casting torch.float16 to torch.bfloat16.",
               "Write $D$ for the hidden size", "2 L H_{kv} D_H B T p", "8. If our GPU needs to store",
               "The previous answer gave the cumulative reads", "cache = Tensor.empty(2, B, L, n_layers, n_heads, d_head)",
               'Beam 1: "The weather"', 'Beam 2: "The weather"', 'New Beam 1: "The weather is"',
               "- Needs: COPY of original Beam 1 cache", 'New Beam 2: "The weather today"',
               "- Needs: COPY of original Beam 2 cache"]:
    e.given(e.line(needle), "symbolic formula, label or input")

e.done()
