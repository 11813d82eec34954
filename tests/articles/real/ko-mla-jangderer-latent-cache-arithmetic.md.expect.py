# Expected verdicts for ko-mla-jangderer-latent-cache-arithmetic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean blog post (jangderer) on DeepSeek-V2 Multi-head Latent Attention: cache elements per token per layer,
# the absorbed decode dot-product length and the ratios between MHA, GQA-8, MQA and MLA.
# Inputs: d = 5120, n_h = 128, d_h = 128, d_c = 512, d_c' = 1536, d_h^R = 64; GQA-8 = 8 KV heads.
# Exact values: MHA 2*128*128 = 32768; GQA-8 2*8*128 = 2048; MQA 2*128 = 256; MLA 512 + 64 = 576;
#   d_c / d_h = 4; n_h*d_h = 16384; 32768/576 = 56.89 (printed "57" as a rounded ratio); 576/256 = 2.25;
#   2048/576 = 3.556 -> 3.6; 576/128 = 4.5; 2*n_h = 256; MHA intensity 2; table FLOPs 2*d_h = 256 and
#   2*(512+64) = 1152.
# No wrong line.  One ambiguous line: "GQA-8의 16" -- the GQA intensity 2H/G depends on the query-head count,
#   which the sentence does not give: 2*64/8 = 16 for the 64-head 70B model of the previous post, but
#   2*128/8 = 32 for the 128 heads this post works with; the other numbers on that line agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, grouped_int_claim

e = Expect(__file__, language="ko", topics=["mla", "kv", "gqa", "complexity", "latex"])
L = e.line

d, nh, dh, dc, dcq, dhr = 5120, 128, 128, 512, 1536, 64
mha, gqa8, mqa, mla = 2 * nh * dh, 2 * 8 * dh, 2 * dh, dc + dhr

e.given(L("$G=1$(MQA)보다"), "G = 1 is MQA")
ln = L("DeepSeek-V2(2024)의 Multi-head Latent Attention")
e.given(ln, "year, 128 heads")
number_claim(e, ln, "MHA cache elements per token per layer", "32,768", mha)
e.claim(ln, "MLA cache elements", ["576"], [mla])
e.claim(ln, "MHA / MLA as a rounded ratio", ["57"], [R(mha, mla)], rounded_int=True)

e.given(L("(DeepSeek-V2: $d=5120$)"), "d = 5120, n_h = 128, d_h = 128")
ln = L("2\\,n_h d_h = 32{,}768")
grouped_int_claim(e, ln, "MHA 2 n_h d_h", "32{,}768", mha, sep="{,}")
grouped_int_claim(e, ln, "GQA-8 2*8*128", "2{,}048", gqa8, sep="{,}")
e.claim(ln, "MQA 2 d_h", ["256"], [mqa])

e.given(L("d_c = 512 ."), "d_c = 512")
ln = L("$d_c=512$는 $4d_h$")
e.given(ln, "d_c = 512, 128 heads")
e.claim(ln, "d_c / d_h (heads' worth of width)", ["4"], [R(dc, dh)])
ln = L("n_hd_h\\times d = 16384\\times5120")
e.given(ln, "d = 5120, rank d_c = 512, d_c' = 1536")
e.claim(ln, "n_h d_h", ["16384"], [nh * dh])
number_claim(e, ln, "n_h d_h (in words)", "16,384", nh * dh)
e.given(L("**512차원 key·value 하나를 헤드 128개가"), "512-d latent, 128 heads")
e.given(L("3절에서는 $q$와 $c_j$ 사이에"), "section reference")
e.given(L("d_h^{R}=64 ."), "d_h^R = 64")
e.given(L("앞 항에는 RoPE가 없으니 3절의"), "section reference")
e.claim(L("= 512+64 = 576"), "MLA cache d_c + d_h^R", ["512", "64", "576"], [dc, dhr, mla])

ln = L("> 왼쪽: 입력 $h_t$로부터")
e.given(ln, "latent 512, RoPE key 64, d_h = 128, 128 heads")
number_claim(e, ln, "MHA cache (caption)", "32,768", mha)
number_claim(e, ln, "GQA-8 cache (caption)", "2,048", gqa8)
e.claim(ln, "MLA cache and MQA cache", ["576", "256"], [mla, mqa])
e.claim(ln, "MLA / MQA", ["2.25"], [R(mla, mqa)])

ln = L("$2048/576\\approx3.6$배")
e.claim(ln, "GQA-8 / MLA", ["2048", "576", "3.6"], [gqa8, mla, R(gqa8, mla)])
e.claim(ln, "MHA / MLA as a rounded ratio", ["57"], [R(mha, mla)], rounded_int=True)
e.given(ln, "paper: dense 67B, KV cache -93.3%, throughput x5.76 (quoted)")

ln = L("$d_c+d_h^{R}=576$으로 MHA의 $d_h=128$보다 4.5배")
e.claim(ln, "absorbed dot-product length", ["576"], [mla])
e.given(ln, "d_h = 128; GQA post section 2; 128 heads, 2 FLOPs per element")
e.claim(ln, "576 / 128", ["4.5"], [R(mla, dh)])
e.claim(ln, "reads shrink (rounded ratio)", ["57"], [R(mha, mla)], rounded_int=True)
e.claim(ln, "MLA intensity 2 n_h and MHA intensity", ["256", "2"], [2 * nh, 2])
e.ambiguous(ln, "'GQA-8의 16': 2H/G with H unstated -- 2*64/8 = 16 for the 64-head 70B model of the GQA post, "
                "2*128/8 = 32 for this post's 128 heads")
e._entry(ln)["verdict"] = "ambiguous"  # the 16 cannot be decided; every other number agrees
ln = L("흡수 형태(연산 4.5배)가 오히려 손해다")
e.claim(ln, "576 / 128 (restated)", ["4.5"], [R(mla, dh)])
e.given(ln, "FlashMLA year")
e.given(L("ablation(7B급)"), "7B-scale ablation (quoted)")

ln = L("| MHA | $2n_hd_h=32{,}768$")
grouped_int_claim(e, ln, "MHA cache", "32{,}768", mha, sep="{,}")
e.claim(ln, "MHA FLOPs per head per key 2 d_h", ["256"], [2 * dh])
ln = L("| GQA-8 | $2\\cdot8\\cdot d_h=2{,}048$")
grouped_int_claim(e, ln, "GQA-8 cache", "2{,}048", gqa8, sep="{,}")
e.claim(ln, "GQA-8 FLOPs per head per key", ["256"], [2 * dh])
ln = L("| MQA | $2d_h=256$")
e.claim(ln, "MQA cache and FLOPs", ["256", "256"], [mqa, 2 * dh])
ln = L("| MLA | $d_c+d_h^R=576$")
e.claim(ln, "MLA cache", ["576"], [mla])
grouped_int_claim(e, ln, "MLA FLOPs per head per key 2(d_c + d_h^R)", "1{,}152", 2 * mla, sep="{,}")

e.given(L("TransMLA(2025)와 MHA2MLA(2025)"), "years")
e.given(L("$d=7168$로 커졌지만"), "DeepSeek-V3 dims (quoted)")
e.given(L("DeepSeek-V3.2의 sparse attention"), "model version")
e.given(L("**(1)** key·value를 저차원"), "64-d RoPE channel, 128 heads")
e.done()
