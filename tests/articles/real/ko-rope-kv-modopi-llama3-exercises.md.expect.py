# Expected verdicts for ko-rope-kv-modopi-llama3-exercises.md, computed with plain SymPy (see oracle.py); not symattn's code.
# RoPE: theta_i = base^(-2i/d) with base = 500,000 and d = 128 (the article's convention); theta_63 = 500000^(-126/128)
# = 2.4552e-6.  KV cache: M = 2 × L × H_kv × d_head × S × B × 2 bytes with L = 32, H_kv = 8, d_head = 128; a size agrees
# under MB/GB = 10^6/10^9 or MiB/GiB.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ko", topics=["rope", "gqa", "kv-cache"])


def kv(S, B, H=8):
    return 2 * 32 * H * 128 * S * B * 2


def size_claim(line, what, printed, nbytes, unit):
    dec = {"MB": 10**6, "GB": 10**9}[unit]
    rs = [(unit, sp.Integer(nbytes) / dec), (unit.replace("B", "iB"), sp.Integer(nbytes) / (2**20 if unit == "MB" else 2**30))]
    ok = [r for r in rs if agrees(printed, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(printed))))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val, rounded_int=True)


def claim_int(line, what, printed, exact):
    # an integer printed with thousands separators: its digits must be exact
    assert printed in e.lines[line - 1], (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if int(printed.replace(",", "")) != int(exact):
        item.update(wrong=[{"printed": printed, "exact": str(exact)}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


# RoPE
e.given(e.line("- $\\text{base}$: 기본 주파수"), "base 500,000")
e.given(e.line("- $d$: 헤드 차원"), "d_head 128")
for k in (1, 2, 3):
    e.given(e.line(f"> - {k}번째 단어"), "an analogy (clock hands), not the RoPE angles")
e.claim(e.line("$$\\theta_0 = 500000^{-0/128}"), "theta_0 = 500000^0", ["1.0"], [sp.Integer(1)])
L = e.line("$$\\theta_{63} = 500000^{-126/128}")
e.claim(L, "2i for i = 63", ["126"], [2 * 63])
e.claim(L, "-126/128 to 3 places", ["-0.984"], [R(-126, 128)])
# 500000^(-126/128) = 2.455e-6 (and 500000^(-0.984) = 2.467e-6): 2.89 is neither
e.claim(L, "theta_63 in units of 10^-6", ["2.89"], [sp.Integer(500000) ** R(-126, 128) * 10**6])
e.claim(e.line("상대 거리 $m - n = 5$"), "m - n for (10, 5) and (100, 95)", ["5", "5"], [10 - 5, 100 - 95])
e.given(e.line("e^{i \\cdot 5 \\cdot \\theta}"), "the phase restated")

# KV cache table
t = e.line("| 시퀀스 길이 | 배치=1")
for r, (S, cells) in enumerate([(512, [("64", "MB"), ("512", "MB"), ("2.0", "GB")]),
                                (2048, [("256", "MB"), ("2.0", "GB"), ("8.0", "GB")]),
                                (8192, [("1.0", "GB"), ("8.0", "GB"), ("32", "GB")])]):
    L = t + 2 + r
    for B, (p, unit) in zip((1, 8, 32), cells):
        size_claim(L, f"S={S}, B={B}", p, kv(S, B), unit)

# exercise 1
e.given(e.line("$$M_{KV} = 2 \\times 32 \\times 8 \\times 128 \\times 4096 \\times 4 \\times 2 \\text{ bytes}$$"), "factors")
e.given(e.line("$$= 2 \\times 32 \\times 8 \\times 128 \\times 4096 \\times 4 \\times 2$$"), "factors restated")
L = e.line("$$= 2,147,483,648 \\text{ bytes}")
claim_int(L, "2 × 32 × 8 × 128 × 4096 × 4 × 2", "2,147,483,648", kv(4096, 4))
size_claim(L, "S=4096, B=4", "2.0", kv(4096, 4), "GB")
L = e.line("배치 1 기준 512 MB × 배치 4 = 2.0 GB")
size_claim(L, "S=4096, B=1", "512", kv(4096, 1), "MB")
size_claim(L, "S=4096, B=4", "2.0", kv(4096, 4), "GB")

# exercise 2
size_claim(e.line("$$M_{MHA} = 2 \\times 32 \\times 32"), "MHA, S=4096, B=4", "8.0", kv(4096, 4, H=32), "GB")
e.claim(e.line("\\frac{M_{MHA}}{M_{GQA}} = \\frac{32}{8} = 4"), "M_MHA / M_GQA", ["4"], [sp.Integer(kv(4096, 4, 32)) / kv(4096, 4)])
e.claim(e.line("**KV 메모리 75% 절감!**"), "1 - M_GQA / M_MHA", ["75%"], [1 - sp.Integer(kv(4096, 4)) / kv(4096, 4, 32)])
e.done()
