# Expected verdicts for zh-mla-naphjohn-mla-operator-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a Chinese blog note that takes MLA (multi-head latent attention) down to operator pseudo-code and sizes
#   the per-token KV cache: standard MHA stores 2·n_h·d_h numbers per token, MLA stores only the latent c_kv of d_c.
# Inputs: n_h = 128, d_h = 128, d_c = 512, a context of 1M tokens (read as 10^6, the reading under which every printed
#   total matches; 亿 = 10^8).
# Exact values: 2·128·128 = 32768 per token; 32768·10^6 = 3.2768·10^10 = 327.68 亿 (table: 约 327.7 亿);
#   512·10^6 = 5.12·10^8 = 5.12 亿 (table: 约 5.1 亿); 512/32768 = 1/64; 1 − 1/64 = 0.984375 (printed ~98.4%).
# Wrong lines: none. Ambiguous lines: none.
# Given: the dimension formulas, the pseudo-code (softmax axis -1), the §4 cross-reference, model names and headings.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mla", "kv-cache", "cache-size", "latent", "table"])
L = e.line

n_h, d_h, d_c = 128, 128, 512
ctx = 10**6
yi = 10**8
mha = 2 * n_h * d_h
mla = d_c

e.claim(L("大约是 1/64"), "MLA / MHA cache ratio d_c / (2 n_h d_h)", ["1/64"], [R(mla, mha)])
e.claim(L("取 n_h=128、d_h=128"), "2·n_h·d_h and the 1M-token total in 亿",
        ["128", "128", "32768", "327.68"], [n_h, d_h, mha, R(mha * ctx, yi)])
e.claim(L("| 标准 MHA |"), "MHA per-token width and 1M total (亿)", ["2", "32768", "327.7"], [2, mha, R(mha * ctx, yi)])
e.claim(L("| MLA（d_c=512） |"), "MLA per-token width and 1M total (亿)", ["512", "512", "5.1"],
        [d_c, mla, R(mla * ctx, yi)])
e.claim(L("缓存降到约 **1/64**"), "ratio and the reduction in percent", ["1/64", "98.4%"],
        [R(mla, mha), 1 - R(mla, mha)])

# --- everything else with digits: formulas, sizes, code, headings, model names -----------------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "formula, size, code, heading or model name")
e.done()
