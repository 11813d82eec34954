# Expected verdicts for en-kv-zeux-mistral-speed-of-light.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A personal blog post (Arseny Kapoulkine) on the bandwidth floor of LLM token generation (FLOP:byte ratios, Mistral 7B's
# active parameters and KV cache per token, ms/token floors on an RTX 4090, and a KV-cache budget for Command-R).
# The post says GB is decimal (1000^3); M and K are read as 10^6 and 10^3.
# Inputs: Mistral 7B: 32 layers, d = 4096, vocab 32000, 32 query heads and 8 KV heads of 128, FFN 14336;
#   RTX 4090 1008 GB/s; Command-R ~35B params, 40 layers, 64 KV heads of 128; 16/8/4.5/8.5-bit formats.
# Exact values:
#   FLOP:byte 2735/67 = 40.82, 83000/1008 = 82.34, 67000/3350 = 20.0, 494000/3350 = 147.46, 1979000/3350 = 590.75.
#   Parameters 131,072,000 / 1,342,177,280 / 5,637,144,576 / 131,072,000 -> 131M / 1342M / 5637M / 131M ok;
#   active sum 7,110,393,856 = 7110.4M; fp16 bytes 14.2208 GB; 8-bit 7.1104 GB.
#   KV per token 32*128*8*2 = 65,536 elements = 131,072 B.
#   Floors 14.2208/1008 = 14.108 ms, 7.1104/1008 = 7.054 ms; 8.5-bit 7.4949 ms; 4.5-bit 3.9681 ms.
#   716/1008 = 0.710; 4096 tokens * 131,072 B = 0.5 GiB; without GQA 4x = 2 GiB.
#   Command-R: 70 GB weights; 40*128*64*2 = 655,360 elements = 1.31072 MB/token; 4096 tokens = 5.3687 GB;
#   4.5-bit weights 19.6875 GB; FP8 KV at 100K tokens 65.536 GB; attention share 65.536/(65.536+19.6875) = 76.9%.
# Wrong lines:
#   "40:1" (40.82 -> 41, truncated: slip); "590:1" (590.75 -> 591, truncated: slip);
#   "~7111M" (the listed parts add to 7110.4M: slip); "65K elements" (65,536 -> 66K, truncated: slip);
#   "~7.0 ms" for 8-bit weights (right from the rounded 7.1 GB, 7.054 -> 7.1 end to end: drift);
#   "(71% of peak)" and "(58% of peak)" (7.4949/10.3 = 72.8%, 3.9681/6.7 = 59.2%: slip);
#   "~5.3 GB" for 4096 tokens (1.3 MB * 4096 = 5.32 as written, 5.3687 -> 5.4 end to end: drift);
#   "~65 GB" of FP8 KV at 100K (65.536 -> 66, truncated: slip).
# Ambiguous: "around 90%" summarises two ratios (91.6% and 90.4%); "82% of peak" is 82.50% from a rounded 17.1 ms
#   measurement, right on the rounding boundary; "130 KB" / "130 MB" / "260 GB" are rounded to two significant figures
#   (131.07 / 262.1), which the rules do not decide; "~75%" is a rough fraction for 76.9%.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["kv", "gqa", "complexity", "bandwidth", "serving", "escaped-asterisks"])
L = e.line
GB = R(10) ** 9

e.given(L("here GB means the decimal unit, 1000^3 bytes"), "GB is decimal")
e.given(L("(a large matrix, e.g. 8192x8192, times a vector)"), "example shape; 2 FLOPs per multiply-add")
ln = L("AMD Ryzen 7950X has 67 GB/s")
e.given(ln, "67 GB/s, 2735 GFLOPS")
e.claim(ln, "FLOP:byte 2735/67", "40", R(2735, 67), rounded_int=True)
ln = L("RTX 4090 has 1008 GB/s memory bandwidth and 83 TFLOPS")
e.given(ln, "1008 GB/s, 83 TFLOPS")
e.claim(ln, "FLOP:byte 83000/1008", "82", R(83000, 1008), rounded_int=True)
ln = L("H100 SXM has 3350 GB/s")
e.given(ln, "3350 GB/s, 67 TFLOPS, ~494 TFLOPS")
e.claim(ln, "FLOP:byte 67000/3350 and 494000/3350", ["20", "147"], [R(67000, 3350), R(494000, 3350)], rounded_int=True)
ln = L("In FP8 the H100 tensor cores reach 1979 TFLOPS")
e.given(ln, "1979 TFLOPS")
e.claim(ln, "FLOP:byte 1979000/3350", "590", R(1979000, 3350), rounded_int=True)

emb = 4096 * 32000
attn = 32 * (4096 * (128 * 32 + 128 * 8 * 2) + 4096 * 128 * 32)
ffn = 32 * (4096 * 14336 * 3)
head = 4096 * 32000
active = attn + ffn + head
e.given(L("Mistral 7B has 7.2 billion parameters in all."), "7.2B parameters")
e.claim(L("- 4096 \\* 32000 = 131M parameters for embedding"), "embedding params (M)", "131", R(emb, 10**6), rounded_int=True)
e.claim(L("= 1342M parameters for computing attention"), "attention params (M)", "1342", R(attn, 10**6), rounded_int=True)
e.claim(L("= 5637M parameters for transforming"), "FFN params (M)", "5637", R(ffn, 10**6), rounded_int=True)
e.claim(L("- 4096 \\* 32000 = 131M parameters for converting"), "LM head params (M)", "131", R(head, 10**6), rounded_int=True)
ln = L("This adds up to ~7111M")
e.claim(ln, "active parameters (M)", "7111", R(active, 10**6), rounded_int=True)
e.claim(ln, "fp16 bytes per token (GB)", "14.2", R(2 * active) / GB)

kv_el = 32 * 128 * 8 * 2
ln = L("= 65K elements per token")
e.claim(ln, "KV elements per token (K = 1000)", "65", R(kv_el, 1000), rounded_int=True)
e.ambiguous(ln, "'130 KB' and '130 MB' are 131.072 KB and 131.072 MB rounded to two significant figures, which the rules do not decide")

ln = L("On an RTX 4090 (1008 GB/s), 14.2 GB take ~14.1 ms")
t16 = R(2 * active) / (1008 * GB) * 1000
t8 = R(active) / (1008 * GB) * 1000
e.claim(ln, "fp16 floor (ms), twice", ["14.1", "14.1"], [t16, t16])
e.claim(ln, "8-bit weights (GB)", "7.1", R(active) / GB)
e.claim(ln, "8-bit floor (ms)", "7.0", t8, cause="drift")

ln = L("`calm` achieves ~15.4 ms/tok")
e.given(ln, "measured 15.4 and 7.8 ms/tok, ~65% and 100 GB/s on M2 Air")
e.ambiguous(ln, "'around 90%' summarises two ratios, 14.108/15.4 = 91.6% and 7.054/7.8 = 90.4%")

ln = L("achieves ~17.1 ms/tok for Mistral 7B when using 16-bit weights (82% of peak)")
e.given(ln, "measured 17.1 / 10.3 / 6.7 ms/tok")
e.ambiguous(ln, "82% of peak: 14.108/17.1 = 82.50% from a rounded measurement, on the rounding boundary")
t85 = R(active) * R(85, 10) / 8 / (1008 * GB) * 1000
t45 = R(active) * R(45, 10) / 8 / (1008 * GB) * 1000
e.claim(ln, "8.5-bit and 4.5-bit share of peak", ["71%", "58%"], [t85 / R("10.3"), t45 / R("6.7")])

ln = L("NVidia RTX 4080 has 716 GB/s")
e.given(ln, "716 GB/s")
e.claim(ln, "716/1008", "0.7", R(716, 1008))

ln = L("4096-token context takes 0.5 GiB with Mistral")
e.claim(ln, "Mistral KV for 4096 tokens (GiB)", "0.5", R(kv_el * 2 * 4096, 2**30))
e.claim(ln, "same without GQA, 4x the KV heads (GiB)", "2", R(4 * kv_el * 2 * 4096, 2**30))

cr = 40 * 128 * 64 * 2
ln = L("The model itself has ~35B parameters")
e.given(ln, "~35B parameters, 16 bits/weight")
e.claim(ln, "Command-R fp16 weights (GB)", "70", R(35 * 10**9 * 2) / GB)
e.claim(ln, "KV elements per token (K)", "655", R(cr, 1000), rounded_int=True)
e.claim(ln, "KV bytes per token (MB)", "1.3", R(cr * 2, 10**6))

ln = L("Thus a 4096-token context would take ~5.3 GB")
e.claim(ln, "Command-R KV for 4096 tokens (GB)", "5.3", R(cr * 2 * 4096) / GB, cause="drift")
e.ambiguous(ln, "'260 GB' for a 200K context is 262.1 GB (or 268.4 GB for 200K = 204,800) rounded to two significant figures")

ln = L("this would get us to ~19.7 GB for model weights")
e.given(ln, "~4.5 bits/weight, FP8 KV, 100K context")
e.claim(ln, "4.5-bit weights (GB)", "19.7", R(35 * 10**9) * R(45, 10) / 8 / GB)
e.claim(ln, "FP8 KV at 100K tokens (GB)", "65", R(cr * 100000) / GB, rounded_int=True)
e.ambiguous(ln, "'~75%' is a rough fraction; exact share 65.536/(65.536+19.6875) = 76.9%")

e.given(L("With 4x GQA the cache size and its bandwidth would have been 4x smaller."), "4x ratio")
ln = L("Mistral shares each key/value head among 4 query heads")
e.given(ln, "GQA ratio 4")
e.done()
