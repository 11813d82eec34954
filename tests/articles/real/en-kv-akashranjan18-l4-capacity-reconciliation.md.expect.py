# Expected verdicts for en-kv-akashranjan18-l4-capacity-reconciliation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An assignment answer that reconciles a vLLM serving log with KV-cache arithmetic: a GQA model with 28 layers,
# 8 KV heads (24 query heads), head_dim 128, fp16, 4.2 B params, on a 24 GB L4 at gpu utilisation 0.92 with 1.60 GB
# runtime overhead; 4,096-token sequences (3,584 prompt + 512 generated); vLLM blocks of 16 tokens.
# Exact values (GB decimal, as the article argues):
#   KV/token = 2*28*8*128*2 = 114,688 B = 112 KiB; usable 22.08 GB; weights 8.40 GB; KV budget 12.08 GB;
#   capacity 12.08e9/114688 = 105,329.24 -> 105,329 tokens, 6,583.08 -> 6,583 blocks; one sequence 469,762,048 B
#   = 469.76 MB; 105,329/4,096 = 25.715 -> 25.7 -> 25 sequences.
#   predicted util = fit*len/105,329: 0.1167, 0.4667, 0.3111, 0.6222, 0.9333, 0.9722, 0.9722.
#   GiB reading of the card only: (24*0.92*2^30 - 10e9)/114688 = 119,526.4 tokens, batch 24 -> 98,304/119,526 = 0.822.
#   24 KV heads: 12.08e9/(3*114688)/4096 = 8.57 -> 8 sequences.
#   151.41/61.16 = 2.476 -> 2.48; 1 - 1298.5/1607.4 = 0.192 -> 19%.
#   fp8: 57,344 B; 12.08e9/57,344 = 210,658.5 -> 210,658 tokens, /4096 = 51.4 -> 51; 48*4096/210,658 = 0.9333.
#   goodputs: 48*512/151.41 = 162.3; 24*512/61.16 = 200.92; 1607.4*512/4096 = 200.93; 24/0.09607 = 249.82;
#   decode 512*96.07 ms = 49.19 s, non-decode 61.16 - 49.19 = 11.97 -> 12.0, doubled 23.94 -> 23.9;
#   249.82*49.19/61.16 = 200.92 -> 200.9 (the written 249.8*(49.2/61.2) gives 200.82, but the printed value is the
#   end-to-end one: right). Two waves of batch 24: 122.32 s -> 122, 48*512/122.32 = 200.9 -> 201, 200.9/162.3 = +24%.
#   batch 16 long prompts: 16*512/49.97 = 163.9 -> 164; 1 - 163.9/294 = 44%.
# Wrong lines: none.
# Ambiguous: the "13 rows" and "11 rows" claims and the 0.65 / 0.638-0.667 efficiencies (log rows not printed);
#   the fp8 ITL / wall-clock / goodput forecasts (bandwidth model with unstated weight-read bytes); the 294 tok/s
#   short-prompt goodput and 883 (short-prompt row not printed); "roughly 200" planning figure; the 723 TFLOP
#   prefill (FLOPs-per-token rule not stated); e2e ratios; TTFT "as at batch 4".
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa", "code-block", "table"])

kvtok = 2 * 28 * 8 * 128 * 2
usable = 24 * R("0.92")
weights = R("4.2") * 2
budget = usable - weights - R("1.60")
cap = budget * 10**9 / kvtok
seq = 4096 * kvtok
L = e.line("2 (K and V) × 28 layers")
number_claim(e, L, "KV bytes per token", "114,688", kvtok)
e.claim(L, "KV bytes per token in KiB", ["112"], [R(kvtok, 1024)])
e.claim(e.line("every three query heads share"), "query heads per KV head", ["8", "24"], [8, 24])

e.claim(e.line("usable GPU memory"), "24 GB x 0.92", ["24", "0.92", "22.08"], [24, R("0.92"), usable])
e.claim(e.line("weights             4.2 B"), "4.2 B params x 2 bytes", ["4.2", "8.40"], [R("4.2"), weights])
e.given(e.line("runtime overhead"), "runtime overhead 1.60 GB")
e.claim(e.line("KV budget"), "22.08 - 8.40 - 1.60", ["12.08"], [budget])
L = e.line("KV capacity         12.08")
number_claim(e, L, "tokens that fit", "105,329", cap)
number_claim(e, L, "blocks of 16", "6,583", cap / 16)
L = e.line("one full sequence")
e.claim(L, "one 4,096-token sequence in MB", ["469.8"], [R(seq, 10**6)])
L = e.line("max sequences ")
e.claim(L, "sequences that fit", ["25.7", "25"], [cap / 4096, sp.floor(cap / 4096)])

rows = [(16, 768, 16, 0), (64, 768, 64, 0), (8, 4096, 8, 0), (16, 4096, 16, 0), (24, 4096, 24, 0),
        (32, 4096, 25, 7), (48, 4096, 25, 23)]
L0 = e.line("| 16 | 768 | 16 |")
for k, (b, n, fit, pre) in enumerate(rows):
    ln = L0 + k
    util = R(fit * n) / sp.floor(cap)
    printed_util = e.lines[ln - 1].split("|")[4].strip()
    e.claim(ln, f"batch {b}: fit, predicted util, predicted preempted", [str(fit), printed_util, str(pre)],
            [min(b, sp.floor(cap / n)), util, b - min(b, sp.floor(cap / n))])
    e.given(ln, "logged util and logged preemptions (from the log)")
L = e.line("all 13 logged rows agree")
e.ambiguous(L, "the 13 logged rows are not all printed")
e.claim(L, "preemptions beyond 25", ["7", "23"], [32 - 25, 48 - 25])
L = e.line("Taken as GiB")
gib_cap = (usable * 2**30 - (weights + R("1.60")) * 10**9) / kvtok
number_claim(e, L, "capacity with a 24 GiB card", "119,526", gib_cap)
e.claim(L, "batch 24 utilisation under that reading", ["0.82", "0.93"], [24 * 4096 / sp.floor(gib_cap), R(24 * 4096) / sp.floor(cap)])
L = e.line("Had there been 24 KV heads")
e.claim(L, "sequences with 24 KV heads", ["8"], [sp.floor(budget * 10**9 / (3 * kvtok) / 4096)])

e.given(e.line("In the sweep with 3584-token prompts"), "prompt length 3584")
for k in range(4):
    e.given(e.line("| 16 | 1311.4 |") + k, "logged row")
L = e.line("stretches the wall clock by 2.48")
e.claim(L, "wall clock ratio and throughput drop", ["2.48", "19%"],
        [R("151.41") / R("61.16"), 1 - R("1298.5") / R("1607.4")])
e.claim(e.line("B1 gives room for 25 full-length"), "capacity and logged utilisations", ["25", "0.93", "0.97"],
        [sp.floor(cap / 4096), R(24 * 4096) / sp.floor(cap), R(25 * 4096) / sp.floor(cap)])
e.claim(e.line("stays 0 through batch 24"), "preemptions", ["7", "23"], [7, 23])
e.claim(e.line("levels off at 96 → 102 → 100 ms"), "ITL medians rounded", ["96", "102", "100"],
        [R("96.07"), R("101.79"), R("100.00")], rounded_int=True)
e.ambiguous(e.line("300 GB/s gives a lower bound"), "the 0.65 factor, the 11 rows and the 0.638-0.667 efficiencies "
            "come from log rows and weight-read bytes the article does not print")
L = e.line("| KV bytes per token | 114,688 | 57,344 |")
number_claim(e, L, "fp16 KV bytes per token", "114,688", kvtok)
number_claim(e, L, "fp8 KV bytes per token", "57,344", kvtok / 2)
L = e.line("| capacity | 105,329 tokens")
cap8 = budget * 10**9 / (kvtok / 2)
number_claim(e, L, "fp16 capacity", "105,329", cap)
number_claim(e, L, "fp8 capacity", "210,658", cap8)
e.claim(L, "sequences", ["25", "51"], [sp.floor(cap / 4096), sp.floor(cap8 / 4096)])
e.claim(e.line("| batch 48: KV utilization |"), "batch-48 utilisation", ["0.97", "0.93"],
        [R(25 * 4096) / sp.floor(cap), R(48 * 4096) / sp.floor(cap8)])
e.claim(e.line("| batch 48: preempted |"), "batch-48 preemptions", ["23", "0"], [48 - 25, max(0, 48 - 51)])
L = e.line("| batch 48: ITL p50 |")
e.given(L, "logged ITL 100 ms (the log's 100.00)")
e.ambiguous(L, "fp8 ITL forecast uses the bandwidth model's unstated weight and KV bytes")
L = e.line("| batch 48: wall clock |")
e.given(L, "logged wall clock 151.4 s (the log's 151.41)")
e.ambiguous(L, "fp8 wall-clock forecast rests on the ~97 ms ITL forecast")
L = e.line("| batch 48: goodput |")
e.claim(L, "logged goodput", ["162"], [R(48 * 512) / R("151.41")], rounded_int=True)
e.ambiguous(L, "fp8 goodput forecast rests on the ~74 s wall-clock forecast")
e.claim(L, "ratio of the printed forecast to the logged goodput", ["2.05"], [R(333) / (R(48 * 512) / R("151.41"))])
e.given(e.line("48 sequences with fp8 KV move"), "restates the bandwidth model (48 fp8 = 24 fp16)")
decode = 512 * R("96.07") / 1000
nondecode = R("61.16") - decode
e.claim(e.line("prefill time of batch 24 doubles"), "non-decode time and its double", ["12.0", "23.9"],
        [nondecode, 2 * nondecode])
waves = 2 * R("61.16")
e.claim(e.line("--max-num-seqs 24"), "two waves", ["24", "122", "201", "+24%"],
        [24, waves, 48 * 512 / waves, 48 * 512 / waves / (R(48 * 512) / R("151.41")) - 1], rounded_int=True)

e.ambiguous(e.line("reproduces all 13 rows within 0.2"), "the 13 rows are not all printed")
L = e.line("sets 1311 against 883")
e.claim(L, "long-prompt batch-16 figure", ["1311", "16"], [R("1311.4"), 16], rounded_int=True)
e.ambiguous(L, "883 is the short-prompt row, not printed")
L = e.line("~3200 tok/s")
e.given(L, "quotes the original report's forecast")
e.claim(L, "batch-24 reported figure", ["1607"], [R("1607.4")], rounded_int=True)
g1 = R(24 * 512) / R("61.16")
e.claim(e.line("| 1. Count what was generated |"), "24 x 512 / 61.16", ["200.9"], [g1])
e.claim(e.line("| 2. Strip prompt tokens"), "1607.4 x 512 / 4096", ["200.9"], [R("1607.4") * 512 / 4096])
dec_rate = 24 / (R("96.07") / 1000)
e.claim(e.line("| Cross-check from decode speed |"), "24 / 96.07 ms", ["249.8"], [dec_rate])
L = e.line("249.8 × (49.2 ÷ 61.2) = 200.9")
e.claim(L, "wall clock, non-decode time, decode time, rate, goodput",
        ["61.2", "12.0", "249.8", "49.2", "200.9"],
        [R("61.16"), nondecode, dec_rate, decode, dec_rate * decode / R("61.16")])
L = e.line("At batch 16 the long prompts yield")
e.claim(L, "batch-16 long-prompt goodput", ["164"], [R(16 * 512) / R("49.97")], rounded_int=True)
e.ambiguous(L, "294 tok/s needs the unprinted short-prompt row")
e.claim(L, "long prompts worse by", ["44%"], [1 - (R(16 * 512) / R("49.97")) / 294])
L = e.line("The best long-prompt goodput is")
e.claim(L, "best goodput and batch-48 goodput", ["201", "24", "162", "48"], [g1, 24, R(48 * 512) / R("151.41"), 48], rounded_int=True)
e.ambiguous(e.line("count roughly 200 generated tok/s"), "rough planning figure ('roughly 200')")

L = e.line("vllm:num_preemptions_total")
e.claim(L, "expected preemption counts", ["24", "7", "32", "23", "48"], [24, 32 - 25, 32, 48 - 25, 48])
e.claim(e.line("vllm:kv_cache_usage_perc"), "expected gauges", ["0.97", "0.93"],
        [R(25 * 4096) / sp.floor(cap), R(24 * 4096) / sp.floor(cap)])
e.ambiguous(e.line("is larger than `wall_clock_s` in 12 of 13"), "e2e percentiles are not printed")
L = e.line("about 723 TFLOP")
e.ambiguous(L, "723 TFLOP assumes 2 FLOPs per parameter per token (2 x 4.2e9 x 24 x 3584 = 722.5e12), a rule the "
            "article does not state")
e.claim(L, "non-decode time", ["12"], [nondecode], rounded_int=True)
e.claim(e.line("Still, the median TTFT is 0.50 s"), "TTFT 500.5 ms in s", ["0.50"], [R("500.5") / 1000])
number_claim(e, e.line("The predicted peak utilisation is"), "capacity restated", "105,329", cap)
# the remaining lines with digits were reviewed one by one: headings, list numbers, model/format labels, table
# headers, batch labels and the constant 2 (K and V) in formulas; none states a result
for _ln in [i + 1 for i, t in enumerate(e.lines) if i > 0 and any(c.isdigit() for c in t) and i + 1 not in e.verdicts]:
    e.given(_ln, "heading / label / table header / formula constant")
e.done()
