# Expected verdicts for en-kv-sanskarx10-flops-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's inputs: d_model = 8192, 64 layers, 52e9 parameters, 2 bytes per number, A100 at 312e12 FLOP/s and
# 1.5e12 bytes/s, 40 GB per GPU.  FLOPs for k, v: 2 × 2 × 64 × 8192² = 17,179,869,184.  Sizes agree under GB or GiB.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["gqa", "kv-cache"])
flops = 2 * 2 * 64 * 8192 * 8192
t_mem = sp.Integer(flops) / (R(15, 10) * 10**12)
t_cmp = sp.Integer(flops) / (312 * 10**12)
per_token = 2 * 2 * 64 * 8192


def claim_int(line, what, printed, exact, cause="slip"):
    assert printed in e.lines[line - 1], (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if int(printed.replace(",", "")) != int(exact) or exact != int(exact):
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


claim_int(e.line("- 2 * 2 * 64 * 8192 * 8192 = 17,179,869,184"), "2 * 2 * 64 * 8192 * 8192", "17,179,869,184", flops)
e.given(e.line("* on an A100, where 312e12 FLOPs / sec"), "A100 speed and bandwidth")
e.claim(e.line("- for_memory :"), "FLOPs / 1.5e12", "0.0114532", t_mem)
e.claim(e.line("- for_compute :"), "FLOPs / 312e12", "0.000055", t_cmp)
e.claim(e.line("- dividing these (memory/compute)"), "for_memory / for_compute", "208", t_mem / t_cmp)
e.claim(e.line("* with this hardware the ratio is 208"), "the ratio restated", "208", t_mem / t_cmp)
# 6 × 0.000055 s = 0.00033 s (6 × for_memory would be 0.069 s): 0.69 follows from neither
e.claim(e.line("6 * for_compute ~= 0.69 seconds"), "6 × for_compute", "0.69", 6 * t_cmp)
e.given(e.line("* say an A100 has 40gb VRAM"), "40 GB per GPU")
L = e.line("52 billion * 2 = 104e12 =~ 104 gb")
e.claim(L, "52e9 × 2 bytes", "104e12", sp.Integer(52 * 10**9 * 2))
e.claim(L, "52e9 × 2 bytes in GB", "104", sp.Integer(52 * 10**9 * 2) / 10**9, rounded_int=True)
L = e.line("- with 3 gpus, 120gb of vram")
e.claim(L, "3 × 40 GB, 120 - 104 GB", ["120", "16"], [3 * 40, 120 - 104], rounded_int=True)
claim_int(L, "2 * 2 * 64 * 8192", "2,097,152", per_token)
e.claim(L, "bytes per token in GB", "0.002", sp.Integer(per_token) / 10**9)
# as written 6 / 0.002 = 3000; the tokens that fit in 16 GB are 16e9 / 2,097,152 = 7629 (GiB: 8192): 8000 is neither
fits = [sp.Integer(16 * 10**9) / per_token, sp.Integer(16 * 2**30) / per_token]
e.claim(L, "6 / 0.002 as written", "8000", sp.Integer(6) / R("0.002"), rounded_int=True)
e.claim(L, "tokens that fit in 16 GB (closest reading: GiB)", "8000", fits[1], rounded_int=True)
e.done()
