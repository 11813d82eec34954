# Expected verdicts for en-gqa-whynotramaa-octlm-day2-kv-heads.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A project lab notebook (day 2 of a from-scratch LM): KV-cache bytes for MHA/GQA/MQA, a RoPE rotation table, an SDPA
# benchmark, a KV-head sweep and a variant grid whose prose quotes differences of the printed table values.
# Inputs: paper exercise 12 layers, width 512, 8 query heads, head width 64, 4096 positions, bf16 (2 bytes);
#   day-two shape 4 layers, head width 32, bf16; RoPE pair theta_1 = 1, x = (1, 0); measured tables (given).
# Exact values: per token per layer 2*kv*64*2 = 256 kv bytes (2048/1024/512/256); x12 = 24,576/12,288/6,144/3,072;
#   x4096 positions / 2^20 = 96/48/24/12 MiB; 96 - 24 = 72 MiB, 8/2 = 4x.  Day-two cache 2*kv*32*2*4 = 512 kv bytes per
#   token -> x1024 = 0.5 kv MiB (4/2/1/0.5), x4096 = 2 kv MiB (16/8/4/2).  cos/sin(0,1,2) = 1, 0; 0.540302, 0.841471;
#   -0.416147, 0.909297.  Grid differences from the printed table: rmsnorm +0.0013/+0.0006, step time 0.0213/0.0196 =
#   +8.67 %; swiglu -0.0818/-0.0196, +11.22 %; gqa-4 -0.0342, gqa-2 +0.0110, mqa-1 -0.0051; GQA step time +20.41 % to
#   +24.49 %; post-norm +0.9971/+0.6997; modern vs swiglu 2.8521 - 2.8045 = 0.0476; RoPE vs sinusoidal at 2048
#   0.7641; interpolation 0.0322 at 8192, 0.0311/0.0406/0.0212 at 1024/2048/4096; flash speedup 1.2644/0.1200 = 10.54.
# Wrong lines:
#  - "Its 0.047 margin over `swiglu` on code": 2.8521 - 2.8045 = 0.0476 -> 0.048 (slip; truncated; even the
#    unrounded operands give 0.0475..0.0477, so the operands' rounding cannot explain it).
#  - "its margin is 0.047 bits per byte on code" in the exit paragraph: the same value restated (carried) -> 0.048.
# Ambiguous: the Tokens/s column (seconds are printed to 4 decimals; every printed rate lies inside the interval
#   N/(t +- 0.00005), e.g. 1024/0.0220 = 46,545 from the rounded time); "84x less memory growth" (5.17 GB / 62 MB =
#   83.4 with decimal units, 85.4 with 1024, and the printed sizes are themselves rounded); "8.9 percent more step time"
#   (0.0213/0.0196 gives 8.7 %, but the 4-decimal step times allow 8.1 % to 9.2 %); "about 11x faster per step" and
#   "50-minute grid into a 4-minute one" (which GPU step time is meant is not stated); "2.96M training tokens" comes
#   from a corpus section not printed here.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "kv", "rope", "flash", "markdown-table"])
L = e.line
nc = number_claim

MiB = R(2**20)
e.given(L("The day-one model is a 541,952-parameter decoder"), "baseline size (measured)")
e.given(L("`theta_i = 10000^(-2(i-1)/d)` for `i` in `1..d/2`"), "RoPE frequency formula")
e.given(L("MHA at 1.51 s and 47.2 average ROUGE"), "quoted paper numbers")
e.given(L("Setting: twelve layers, model width 512"), "12 layers, width 512, 8 heads, head 64, 4096 positions, bf16")
e.given(L("`2 * kv_heads * head_width * 2 bytes`"), "formula")
for kv, name in ((8, "| MHA | 8 |"), (4, "| GQA | 4 |"), (2, "| GQA | 2 |"), (1, "| MQA | 1 |")):
    ln = L(name)
    per_layer = 2 * kv * 64 * 2
    nc(e, ln, f"bytes/token/layer kv={kv}", str(per_layer), per_layer)
    per_tok = per_layer * 12
    nc(e, ln, f"bytes/token kv={kv}", f"{per_tok:,}" if per_tok >= 1000 else str(per_tok), per_tok)
    e.claim(ln, f"cache at 4K kv={kv} (MiB)", [str(int(per_tok * 4096 / 2**20))], [R(per_tok * 4096) / MiB])
ln = L("Going from eight KV heads to two is a 4x cut")
e.claim(ln, "8/2 and 96 - 24 MiB", ["4", "72"], [R(8, 2), R(2 * 8 * 64 * 2 * 12 * 4096 - 2 * 2 * 64 * 2 * 12 * 4096) / MiB])
e.given(L("`theta_1 = 10000^0 = 1` radian"), "theta_1 = 1, x = (1, 0)")
for m in (0, 1, 2):
    ln = L(f"| {m} | ", after=L("| Position `m` |"))
    c, s = sp.cos(m), sp.sin(m)
    txt = e.lines[ln - 1]
    cells = [t.strip() for t in txt.strip("|").split("|")]
    e.claim(ln, f"cos, sin at m={m}", [cells[1], cells[2]], [c, s])
    pair = cells[3].strip("()").split(", ")
    e.claim(ln, f"rotated (1,0) at m={m}", pair, [c, s])

e.claim(L("That is where the 1.51 s to"), "quoted times (restated)", ["1.51"], [R("1.51")])
e.given(L("0.24 s gap in the GQA table"), "quoted time")
e.given(L("its ROUGE reaches 47.1 against 47.2"), "quoted ROUGE")

# EXP-014
e.given(L("It agrees with `scaled_dot_product_attention` to 4.8e-7"), "measured agreement and test sizes")
e.given(L("128 and 256; the block size makes no difference."), "block sizes")
e.given(L("Benchmark at batch 1, 8 heads, head width 32"), "benchmark setting")
bench = L("| Length | dtype | Backend | Seconds |")
for ln in range(bench + 2, bench + 10):
    e.given(ln, "measured length/seconds/RSS")
    e.ambiguous(ln, "Tokens/s is length / unrounded seconds; the printed 4-decimal seconds only bound it, and every "
                    "printed rate lies inside N/(t +- 0.00005)")
ln = L("At 8192 tokens the flash kernel is 10.5x faster")
e.claim(ln, "1.2644 / 0.1200", ["10.5"], [R("1.2644") / R("0.1200")])
e.ambiguous(L("on 84x less memory growth."), "84x: 5.17 GB / 62 MB is 83.4 (decimal) or 85.4 (binary) and both sizes are rounded")
e.given(L("grows quadratically, from 80 MB at 1K to"), "restated measurements")
e.given(L("5.17 GB at 8K, while the flash kernel"), "restated measurement")

# EXP-013
e.given(L("Four layers, model width 256, 8 query heads, head width 32"), "day-two shape")
for kv in (8, 4, 2, 1):
    ln = L(f"| {kv} | ", after=L("| KV heads | Cache at 1K | Cache at 4K |"))
    per_tok = 2 * kv * 32 * 2 * 4
    txt = e.lines[ln - 1]
    cells = [t.strip() for t in txt.strip("|").split("|")]
    e.claim(ln, f"cache at 1K and 4K, kv={kv} (MiB)", [cells[1].split()[0], cells[2].split()[0]],
            [R(per_tok * 1024) / MiB, R(per_tok * 4096) / MiB])
ln = L("Keeper: two KV heads. It shrinks the 4K cache")
e.claim(ln, "4K cache kv=8 -> kv=2", ["16", "4"], [R(2 * 8 * 32 * 2 * 4 * 4096) / MiB, R(2 * 2 * 32 * 2 * 4 * 4096) / MiB])
ln = L("is 0.011 bits per byte on code, well inside the 0.043 seed spread")
e.claim(ln, "gqa-2 minus baseline; baseline spread", ["0.011", "0.043"], [R("2.9449") - R("2.9339"), R("0.0434")])
ln = L("would bring the cache to 2 MiB")
e.claim(ln, "kv=1 cache at 4K", ["2"], [R(2 * 1 * 32 * 2 * 4 * 4096) / MiB])
e.given(L("a 400-step run at width 256 cannot see it."), "run size")

# grid
e.given(L("Eight architectures, three seeds each, 400 steps"), "grid setting")
grid = L("| Variant | Parameters | KV heads | Cache at 4K |")
for ln in range(grid + 2, grid + 10):
    cells = [t.strip() for t in e.lines[ln - 1].strip("|").split("|")]
    kv = int(cells[2])
    e.given(ln, f"{cells[0]}: measured parameters, bpb, spreads, step time")
    e.claim(ln, f"{cells[0]}: cache at 4K from {kv} KV heads", [cells[3].split()[0]], [R(2 * kv * 32 * 2 * 4 * 4096) / MiB])
ln = L("The 24 runs took 249 seconds")
e.claim(ln, "8 x 3 runs", ["24"], [8 * 3])
e.given(ln, "249 s measured")
ln = L("0.235 to 0.270 seconds per step, so the GPU is about 11x faster")
e.given(ln, "laptop step times (measured)")
e.ambiguous(ln, "'about 11x': which T4 step time is meant is not stated (0.235/0.0196 = 12.0, 0.270/0.0275 = 9.8)")
e.ambiguous(L("a 4-minute one."), "50 and 4 minutes are rough figures")
e.claim(L("Look at the spread before any gap"), "baseline spread restated",
        ["0.0434"], [R("0.0434")])
b_code, b_prose, b_step = R("2.9339"), R("2.6998"), R("0.0196")
ln = L("Against the baseline it differs by 0.0013 on code")
e.claim(ln, "rmsnorm - baseline (code, prose)", ["0.0013", "0.0006"], [R("2.9352") - b_code, R("2.7004") - b_prose])
ln = L("It also costs 8.9 percent more step time")
e.ambiguous(ln, "0.0213/0.0196 - 1 = 8.7 %, but the 4-decimal step times allow 8.1 % to 9.2 %")
ln = L("the 6.9 to 9.3 percent speedup the paper reports")
e.given(ln, "quoted paper range")
ln = L("At matched parameter count it improves code by 0.082 and prose by 0.020")
e.claim(ln, "baseline - swiglu (code, prose)", ["0.082", "0.020"], [b_code - R("2.8521"), b_prose - R("2.6802")])
ln = L("per byte, and it costs 11 percent more step time")
e.claim(ln, "swiglu step time", ["11"], [(R("0.0218") / b_step - 1) * 100], rounded_int=True)
ln = L("gqa-4 is 0.034 better on code, gqa-2 is 0.011 worse, mqa-1 is 0.005 better")
e.claim(ln, "GQA code differences", ["0.034", "0.011", "0.005"],
        [b_code - R("2.8997"), R("2.9449") - b_code, b_code - R("2.9288")])
ln = L("All three are 20 to 24 percent slower per training step")
e.claim(ln, "GQA step-time increase, min and max", ["20", "24"],
        [(R("0.0236") / b_step - 1) * 100, (R("0.0244") / b_step - 1) * 100], rounded_int=True)
ln = L("key and value heads and training never reads a cache. The gain is decode memory")
e.claim(ln, "kv=2 vs kv=8 cache", ["4"], [R(2 * 2 * 32 * 2 * 4 * 4096) / MiB])
e.claim(L("against 16 MiB at 4K positions."), "kv=8 cache", ["16"], [R(2 * 8 * 32 * 2 * 4 * 4096) / MiB])
ln = L("It is 1.00 bits per byte worse on code and 0.70 worse on prose")
e.claim(ln, "post-norm - baseline", ["1.00", "0.70"], [R("3.9310") - b_code, R("3.3995") - b_prose])
ln = L("Its 0.047 margin over")
e.claim(ln, "swiglu - modern code bpb", ["0.047"], [R("2.8521") - R("2.8045")])
e.claim(ln, "modern spread", ["0.119"], [R("0.1194")])
e.claim(L("At 3.27M parameters"), "modern parameters in millions", ["3.27"], [R(3270912, 10**6)])
ln = L("and 2.96M training tokens")
e.ambiguous(ln, "2.96M training tokens comes from a corpus section not printed here")
e.given(L("against the 20 that Chinchilla-style scaling suggests."), "quoted rule of thumb")

# EXP-009
e.given(L("Two models trained at a 512-token context"), "training context 512")
sweep = L("| Evaluation length | Sinusoidal | RoPE |")
for ln in range(sweep + 2, sweep + 7):
    cells = [t.strip() for t in e.lines[ln - 1].strip("|").split("|")]
    e.given(ln, "measured bits per byte")
    e.claim(ln, f"RoPE scale {cells[0]}/512", [cells[4]], [R(int(cells[0]), 512)])
ln = L("RoPE is better than sinusoidal positions at every length, by 0.76")
e.claim(ln, "sinusoidal - RoPE at 2048", ["0.76"], [R("3.0565") - R("2.2924")])
ln = L("degrades rather than collapses past its trained length: 2.29 at 2048 against 2.90 at 8192")
e.claim(ln, "RoPE bpb restated", ["2.29", "2.90"], [R("2.2924"), R("2.9023")])
ln = L("and 16x the trained length, nowhere near the 10^3")
e.claim(ln, "8192/512", ["16"], [R(8192, 512)])
e.given(ln, "quoted 10^3 perplexity")
e.claim(L("which is 4x", after=sweep), "2048/512", ["4"], [R(2048, 512)])
ln = L("Interpolation pays off only at 8192, where it gives back 0.032")
e.claim(ln, "RoPE - interpolated at 8192", ["0.032"], [R("2.9023") - R("2.8701")])
ln = L("costs 0.02 to 0.04, because compressing")
e.claim(ln, "interpolation cost, min and max over 1024..4096", ["0.02", "0.04"],
        [R("2.5141") - R("2.4929"), R("2.3330") - R("2.2924")])
e.given(L("At 1024, 2048 and 4096 it"), "lengths")
ln = L("its margin is 0.047 bits per byte on code and its seed spread is 0.119")
e.claim(ln, "margin restated", ["0.047"], [R("2.8521") - R("2.8045")], cause="carried")
e.claim(ln, "spread restated", ["0.119"], [R("0.1194")])
e.claim(L("400-step run at 3.3M parameters"), "modern parameters in millions", ["3.3"], [R(3270912, 10**6)])

# --- table headers and the section rule that restate sizes ------------------------------------
e.given(L("| Variant | KV heads | Bytes per token per layer |"), "header: 4K = 4096 positions")
e.given(L("| KV heads | Cache at 1K | Cache at 4K |"), "header: 1K = 1024, 4K = 4096 positions")
e.given(L("| Variant | Parameters | KV heads | Cache at 4K |"), "header: 4K positions")
e.given(L("### EXP-009: the length sweep."), "rule: interpolate past 4x the trained length")
e.done()
