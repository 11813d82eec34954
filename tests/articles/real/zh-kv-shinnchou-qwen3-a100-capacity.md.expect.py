# Expected verdicts for zh-kv-shinnchou-qwen3-a100-capacity.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 0.6e9 parameters in FP16; Qwen3-0.6B with L = 28, H = 1024, 16 attention heads, 8 KV heads, FP16 KV;
# overhead 1.4 GiB (the code's mem_overhead = 1.4 * 1024**3); budget 40 GiB.
# Weights 1.2e9 B = 1.1176 GiB (1.12 ok, 1.2 GB ok); per token 4*28*1024*(8/16) = 57,344 B = 56 KiB.
# Available 40 - 1.1176 - 1.4 = 37.4824 GiB (37.48 ok).  Capacity 37.4824 GiB / 57,344 B = 701,842.1 -> 701,842 ok
# (from the printed 37.48 it would be 701,797, but the printed number is right end to end).
# B_max: 701,842 / 512 = 1370.8 -> rounds to 1371, floors to 1370; a maximum count is naturally floored, but the text
# writes "≈": ambiguous.  /4096 = 171.3 and /32768 = 21.4 are right either way.
# "13B 级模型单 Token 约 0.8 MB": the 13B configuration is not given -> ambiguous.  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "memory", "capacity"])
GiB = 2**30
W = sp.Integer(6 * 10**8 * 2)
PER = 4 * 28 * 1024 * R(8, 16)
AVAIL = 40 - W / GiB - R(14, 10)
CAP = AVAIL * GiB / PER


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


L = e.line("- FP16： $0.6 \\times 10^9 \\times 2")
n(L, "0.6e9 x 2 bytes (printed 1.2 x 10^9)", "1.2", W / 10**9)
n(L, "weights in GiB", "1.12", W / GiB)
e.claim(L, "weights in GB (decimal)", "1.2", W / 10**9)
n(e.line("intermediate_size 是 **3072**"), "3H = 3 x 1024", "3072", sp.Integer(3 * 1024))
e.given(e.line("- $L = 28$"), "L = 28")
e.given(e.line("- $H = 1024$"), "H = 1024")
e.given(e.line("- $N_{attn} = 16$"), "16 attention heads")
L = e.line("- $N_{kv} = 8$ (GQA, ratio = 0.5)")
e.given(L, "8 KV heads")
e.claim(L, "8 / 16", "0.5", R(8, 16))
L = e.line("- 单 Token KV Cache：")
assert "57{,}344" in e.lines[L - 1]
ent = e._entry(L)
ent["claims"].append({"what": "4 x 28 x 1024 x (8/16) bytes (printed 57{,}344)", "printed": ["57{,}344"]})
ent["verdict"] = "ok" if PER == 57344 else "wrong"
e.claim(L, "per token in KiB", "56", PER / 1024)
e.ambiguous(e.line("单 Token 约 0.8 MB"), "the 13B model's layers and hidden size are not given")
L = e.line("例如 1.5 GB ≈ 1.4 GiB")
e.given(L, "1.5 GB of overhead")
e.claim(L, "1.5 GB in GiB", "1.4", R(15, 10) * 10**9 / GiB)
e.given(e.line("mem_overhead = 1.4 * 1024**3"), "overhead 1.4 GiB")
L = e.line("- 权重显存：约 1.12 GiB（即 1.2 GB）")
e.claim(L, "weights in GiB / GB", ["1.12", "1.2"], [W / GiB, W / 10**9])
L = e.line("- 系统开销预留：约 1.4 GiB（即 1.5 GB")
e.given(L, "overhead 1.4 GiB")
e.claim(L, "1.4 GiB in GB", "1.5", R(14, 10) * GiB / 10**9)
e.claim(e.line("**可用显存**"), "40 - 1.1176 - 1.4 GiB", "37.48", AVAIL)
L = e.line("沿用 $56\\,\\text{KiB}$")
e.claim(L, "per token in KiB", "56", PER / 1024)
L = e.line("\\text{Max Token Capacity} \\approx \\frac{37.48")
assert "701{,}842" in e.lines[L - 1]
ent = e._entry(L)
ok = abs(CAP - 701842) <= R(1, 2)
ent["claims"].append({"what": "capacity 37.4824 GiB / 57,344 B = 701,842.1 (printed 701{,}842)", "printed": ["701{,}842"]})
ent["verdict"] = "ok" if ok else "wrong"
e.ambiguous(e.line("$S = 512$"), "701,842 / 512 = 1370.8: ≈ 1371 rounded, 1370 as a floored maximum count")
n(e.line("$S = 4096$"), "701,842 / 4096 = 171.3", "171", CAP / 4096)
n(e.line("$S = 32k$"), "701,842 / 32768 = 21.4", "21", CAP / 32768)
e.done()
