# Expected verdicts for vi-gqa-nhanvn1111-advanced-architectures-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Vietnamese study script whose comments do the memory and frequency arithmetic by hand.  Sizes are read in the unit
# the article uses, decimal (10^6 / 10^9) or binary (2^20 / 2^30); a size is wrong only when no reading matches.
# - RoPE frequencies for d = 128: theta_31 = 10000^(-62/128) = 10000^(-0.484) = 0.01155 and theta_63 =
#   10000^(-126/128) = 0.000115.  The printed exponents -0.5 and -1 are those rounded (they belong to i = 32 and
#   i = 64), and the values 0.01 / 0.0001 agree at their printed places -> ok (rule 1).
# - Attention-matrix memory (float32): 2048^2*4 = 16 MiB, x12 = 192 MiB; 8192^2*4 = 256 MiB, x32 = 8 GiB;
#   32768^2*4 = 4 GiB; 8192*256*4 = 8 MiB; 512^2*4 = 1 MiB; 4096^2*4 = 64 MiB, 4096*128*4 = 2 MiB, ratio 32: all ok
#   in binary units.
# - KV cache: LLaMA 65B 2*80*64*2048*128*2 = 5.37e9 B = 5.4 GB, at 8192 tokens 21.5 GB; LLaMA 2 70B at 4096 tokens
#   10.7 / 1.34 / 0.168 GB for 64 / 8 / 1 KV heads; one layer 134.2 MB / 16.8 MB: all ok in decimal GB/MB.
# - Two group counts are wrong.  A group is the set of query heads that share one K,V head, so there are as many groups
#   as KV heads: Mistral 7B (32 Q, 8 KV) has 8 groups of 4 Q heads, printed "4 groups cua 8"; the test config
#   (8 Q heads, 2 KV heads) has 2 groups of 4 Q heads each, printed "4 groups of 2 Q heads each" (slips: the script's
#   num_groups = q/kv = 4 is the group SIZE; the same lines for LLaMA 2 70B (8 of 8) and Gemma (1 of 16) are right).
# - Mixtral: W1+W2 = 2*4096*14336 = 117,440,512 -> ~117M, x8 = 939.5M -> ~940M; 1000*2/8 = 250; 14/47 = 29.8% -> 30%.
#   The ~6.7B / ~6B / ~47B / ~14B figures are quoted approximations -> given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="vi", topics=["gqa", "kv-cache", "memory", "rope", "flash"])
L = e.line


def size(ln, what, printed, nbytes, unit):
    p = {"KB": 1, "MB": 2, "GB": 3}[unit]
    n = sp.Integer(nbytes)
    number_claim(e, ln, what, printed, [(f"decimal {unit}", n / 10 ** (3 * p)), (f"binary {unit}", n / 2 ** (10 * p))])


# -- problem statement
e.given(L("max 1024 tokens, khong generalize"), "GPT-2 context 1024 (fact)")
size(L("seq_len=8192 -> 256MB per head!"), "8192^2 float32 scores", "256", 8192 ** 2 * 4, "MB")
e.given(L("64 heads x (K,V) = huge KV cache"), "64 heads")
ln = L("-> GQA: 8 KV heads thay vi 64, giam 8x KV cache memory")
e.claim(ln, "KV reduction 64/8", ["8"], [R(64, 8)])
e.given(L("Mo hinh 47B nhung chay nhanh nhu 14B"), "Mixtral sizes (quoted)")
e.given(L("-> MoE: 8 experts, chi dung top-2 per token"), "8 experts, top-2")

# -- RoPE
e.claim(L("Vd: d_model=128 -> 64 cap"), "pairs for d = 128", ["64"], [R(128, 2)])
e.given(L("theta_i = 10000^(-2i/d)    (i = 0, 1, 2"), "frequency formula")
e.claim(L("- i=0: theta_0 = 10000^0 = 1.0"), "theta_0", ["1.0"], [1])
d = 128
ln = L("- i=31: theta_31 = 10000^(-0.5) = 0.01")
e.claim(ln, "theta_31 exponent -2*31/128 and value", ["-0.5", "0.01"],
        [R(-2 * 31, d), sp.Integer(10000) ** R(-2 * 31, d)])
ln = L("- i=63: theta_63 = 10000^(-1) = 0.0001")
e.claim(ln, "theta_63 value 10000^(-126/128)", ["0.0001"], [sp.Integer(10000) ** R(-2 * 63, d)])
number_claim(e, ln, "theta_63 exponent -126/128 = -0.984 (rounded to -1)", "-1", R(-2 * 63, d))
e.claim(L("head_dim = 4096/32 = 128"), "LLaMA 7B head_dim", ["128"], [R(4096, 32)])

# -- attention-matrix memory
size(L("2048^2 * 4 bytes = 16 MB per head"), "2048^2*4", "16", 2048 ** 2 * 4, "MB")
size(L("GPT-2 (12 heads): 16 * 12 = 192 MB"), "12 heads", "192", 12 * 2048 ** 2 * 4, "MB")
size(L("8192^2 * 4 bytes = 256 MB per head"), "8192^2*4", "256", 8192 ** 2 * 4, "MB")
size(L("LLaMA 2 (32 heads): 256 * 32 = 8 GB"), "32 heads", "8", 32 * 8192 ** 2 * 4, "GB")
size(L("- seq_len = 32768: 32768^2 * 4 = 4 GB per head"), "32768^2*4", "4", 32768 ** 2 * 4, "GB")
ln = L("Flash dung 8192*256*4 = 8MB thay vi 256MB")
size(ln, "flash block row 8192*256*4", "8", 8192 * 256 * 4, "MB")
size(ln, "standard 8192^2*4", "256", 8192 ** 2 * 4, "MB")
size(L("- Vd: N=512: 512^2 * 4 = 1 MB (nho)"), "512^2*4", "1", 512 ** 2 * 4, "MB")
size(L("- Vd: N=8192: 8192^2 * 4 = 256 MB (lon!)"), "8192^2*4", "256", 8192 ** 2 * 4, "MB")
size(L("- Vd: N=32768: 32768^2 * 4 = 4 GB (khong"), "32768^2*4", "4", 32768 ** 2 * 4, "GB")
e.given(L("MEMORY SO SANH (seq_len=4096, d_model=128, float32):"), "N = 4096, d = 128, float32")
size(L("- Standard: 4096^2 * 4 = 64 MB"), "4096^2*4", "64", 4096 ** 2 * 4, "MB")
size(L("- Flash (block=128): 4096 * 128 * 4 = 2 MB"), "4096*128*4", "2", 4096 * 128 * 4, "MB")
e.claim(L("- Tiet kiem: 32x!"), "saving 64 MB / 2 MB", ["32"], [R(4096 ** 2 * 4, 4096 * 128 * 4)])

# -- KV cache
e.given(L("# - KV cache size = 2 * num_layers * num_heads"), "KV cache formula")
e.given(L("# - LLaMA 65B, seq_len=2048, FP16:"), "LLaMA 65B, 2048 tokens, fp16")
size(L("2 * 80 * 64 * 2048 * 128 * 2 = 5.4 GB"), "LLaMA 65B at 2048", "5.4", 2 * 80 * 64 * 2048 * 128 * 2, "GB")
size(L("# - Seq_len=8192: 21.5 GB KV cache"), "LLaMA 65B at 8192", "21.5", 2 * 80 * 64 * 8192 * 128 * 2, "GB")
e.claim(L("# - KV cache giam 64x (tu 64 K,V xuong 1 K,V)"), "MQA reduction", ["64"], [R(64, 1)])
ln = L("# - Vd: 64 Q heads, 8 K,V heads -> 8 groups cua 8 Q heads")
e.claim(ln, "groups = KV heads, group size 64/8", ["8", "8"], [8, R(64, 8)])
e.claim(L("# - KV cache giam 8x (tu 64 xuong 8)"), "GQA reduction", ["8"], [R(64, 8)])
e.given(L("# - LLaMA 2 7B:  num_heads=32, num_kv_heads=32"), "LLaMA 2 7B heads (fact)")
e.given(L("# - LLaMA 2 13B: num_heads=40, num_kv_heads=40"), "LLaMA 2 13B heads (fact)")
ln = L("# - LLaMA 2 70B: num_heads=64, num_kv_heads=8  (GQA! 8 groups cua 8)")
e.given(ln, "LLaMA 2 70B heads (fact)")
e.claim(ln, "8 groups (one per KV head) of 64/8 = 8", ["8", "8"], [8, R(64, 8)])
ln = L("# - Mistral 7B:  num_heads=32, num_kv_heads=8   (GQA! 4 groups cua 8)")
e.given(ln, "Mistral 7B heads (fact)")
e.claim(ln, "groups = 8 KV heads, each of 32/8 = 4 Q heads (printed swapped)", ["4", "8"], [8, R(32, 8)])
ln = L("# - Gemma:       num_heads=16, num_kv_heads=1   (MQA! 1 group cua 16)")
e.given(ln, "Gemma heads (fact)")
e.claim(ln, "1 group of 16", ["1", "16"], [1, 16])
e.given(L("# KV CACHE SO SANH (LLaMA 2 70B, seq_len=4096, FP16):"), "LLaMA 2 70B, 4096 tokens, fp16")
size(L("# - MHA (64 KV heads): 2 * 80 * 64 * 4096 * 128 * 2 = 10.7 GB"), "MHA", "10.7", 2 * 80 * 64 * 4096 * 128 * 2, "GB")
ln = L("# - GQA (8 KV heads):  2 * 80 * 8  * 4096 * 128 * 2 = 1.3 GB")
size(ln, "GQA", "1.3", 2 * 80 * 8 * 4096 * 128 * 2, "GB")
e.claim(ln, "GQA reduction", ["8"], [R(64, 8)])
ln = L("# - MQA (1 KV head):   2 * 80 * 1  * 4096 * 128 * 2 = 0.17 GB")
size(ln, "MQA", "0.17", 2 * 80 * 1 * 4096 * 128 * 2, "GB")
e.claim(ln, "MQA reduction", ["64"], [R(64, 1)])
e.claim(L("W_q = (8192, 8192) nhung W_k = (8192, 1024)"), "W_k width 8 KV heads * 8192/64",
        ["1024"], [8 * R(8192, 64)])
e.claim(L("K (batch, 8, seq, 128) -> K_expanded (batch, 64, seq, 128)"), "head_dim 8192/64", ["128"], [R(8192, 64)])
e.claim(L("Moi KV head duoc copy 8 lan (num_groups = 64/8 = 8)"), "copies 64/8", ["8"], [R(64, 8)])
e.given(L("Vi du LLaMA 2 70B (1 layer, seq=4096, FP16):"), "one layer, 4096 tokens")
size(L("- MHA: 2 * 64 * 4096 * 128 * 2 = 134 MB"), "one layer MHA", "134", 2 * 64 * 4096 * 128 * 2, "MB")
ln = L("- GQA: 2 * 8  * 4096 * 128 * 2 = 16.8 MB")
size(ln, "one layer GQA", "16.8", 2 * 8 * 4096 * 128 * 2, "MB")
e.claim(ln, "reduction", ["8"], [R(64, 8)])
e.given(L("d_model_gqa = 256"), "test d_model")
e.given(L("num_q_heads = 8"), "test: 8 Q heads")
ln = L("num_kv_heads = 2  # 4 groups of 2 Q heads each")
e.given(ln, "test: 2 KV heads")
e.claim(ln, "groups = 2 KV heads, each of 8/2 = 4 Q heads (printed swapped)", ["4", "2"], [2, R(8, 2)])

# -- MoE
e.given(L("#   - 8 experts, moi expert la FFN 7B (thuc ra ~6.7B)"), "Mixtral experts (quoted)")
e.given(L("#   - top_k = 2: moi token chi chay qua 2/8 experts"), "top-2 of 8")
e.given(L("#   - Tong params: ~47B (8 * ~6B FFN + shared attention)"), "quoted total")
e.given(L("#   - Active params per token: ~14B"), "quoted active")
e.given(L("- W1: (4096, 14336) - up projection"), "W1 shape")
e.given(L("- W2: (14336, 4096) - down projection"), "W2 shape")
ln = L("- Tong ~117M params per expert, 8 experts = ~940M params")
per = sp.Integer(2 * 4096 * 14336)
number_claim(e, ln, "params W1+W2 in millions (~)", "117", per / 10 ** 6)
number_claim(e, ln, "8 experts in millions (~)", "940", 8 * per / 10 ** 6)
e.claim(L("moi expert nhan ~250 tokens (1000*2/8)"), "tokens per expert", ["250"], [R(1000 * 2, 8)])
e.given(L("- Total params: ~47B (8 experts * ~6B + shared)"), "quoted total")
e.given(L("- Active per token: ~14B (2 experts * ~6B + shared)"), "quoted active")
number_claim(e, L("- Ratio: 14B / 47B = 30% compute"), "14/47 in percent", "30", 100 * R(14, 47))
e.done()
