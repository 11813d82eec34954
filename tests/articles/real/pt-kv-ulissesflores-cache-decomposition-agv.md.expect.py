# Expected verdicts for pt-kv-ulissesflores-cache-decomposition-agv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# MHA cache, 32 layers × 32 heads × 2 (K+V) × 128 × 256 tokens × 2 B = 134,217,728 B = 128 MiB = 134,2 MB: right.
# MQA (1 KV head) = 4 MiB = 4.19 MB: "4,0 MB" is right as MiB; GQA-8 (8 KV heads) = 32 MiB (33.6 MB), window 128 =
# 64 MiB (67.1 MB): right as MiB, like the baseline's "128 MiB"; the factors 32×, 4×, 2×, 50 % are right.
# The MLA rows cannot be derived from what the paper states: with a latent of d_c = 512 per token and layer the cache
# is 32 × 512 × 256 × 2 B = 8 MiB (8.4 MB, 16×), with DeepSeek-V3's extra 64 RoPE dims 9 MiB (9.4 MB, 14.2×); the
# printed ~13 MB / ~10×, ~6 MB / ~19×, ~3,4 MB / ~38× are approximations of an unstated composition -> ambiguous.
# "aproximadamente quatro gigabytes" at 8.192 tokens (4.29 GB / 4 GiB) is in words -> ambiguous.
# Little's law: 2,0 × 10 vehicles × 0,25 s = 5,0; 20 × 1,29 = 25,8; blast radius 1 / C(8, 2) = 1/28 = 3,57 %.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees, number_claim

e = Expect(__file__, language="pt", topics=["kv-cache", "mqa", "gqa", "sliding-window", "mla", "memory"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def brace(line, what, printed, exact, cause="slip"):
    """A LaTeX number with a {,} decimal comma (5{,}0): compared as 5,0."""
    assert printed in e.lines[line - 1], (line, printed)
    ok = agrees(printed.replace("{,}", ","), exact)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 6))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def size(nbytes):
    return [("decimal MB", sp.Integer(nbytes) / 10**6), ("binary MB", sp.Integer(nbytes) / 2**20)]


MHA = 32 * 32 * 2 * 128 * 256 * 2
L = e.line("Com esses valores, $M_{MHA} \\approx 134{,}2$ MB")
brace(L, "M_MHA in MB", "134{,}2", sp.Integer(MHA) / 10**6)
L = e.line("| MHA (baseline) |")
e.given(L, "32 layers, 32 heads, 128 dim, 256 tokens, 2 B")
n(L, "MHA in MiB", "128", [("binary MB", sp.Integer(MHA) / 2**20)])
n(L, "MHA in MB", "134,2", [("decimal MB", sp.Integer(MHA) / 10**6)])
n(L, "factor", "1,0", [("", sp.Integer(1))])
L = e.line("| MQA |")
n(L, "MQA (1 KV head)", "4,0", size(MHA // 32))
n(L, "MHA / MQA", "32", [("", sp.Integer(32))])
L = e.line("| GQA-8 |")
e.given(L, "8 KV groups")
n(L, "GQA-8 cache", "32", size(MHA // 4))
n(L, "MHA / GQA-8", "4", [("", R(32, 8))])
L = e.line("| Janela deslizante 128 |")
e.given(L, "window 128")
n(L, "128 / 256 of the context", "50", [("percent", R(128, 256) * 100)])
n(L, "window-128 cache", "64", size(MHA // 2))
n(L, "MHA / window", "2", [("", R(256, 128))])
mla = "with d_c = 512 per token and layer the cache is 8 MiB (8.4 MB, 16×), 9 MiB (9.4 MB, 14.2×) with 64 RoPE dims; "
e.ambiguous(e.line("| MLA (DeepSeek-V3) |"), mla + "the printed ~13 MB / ~10× follow an unstated composition")
e.ambiguous(e.line("| MLA + janela 128 |"), "approximate composition of the MLA row (~13 MB / 2, ~10× · 2): not derivable")
e.ambiguous(e.line("| MLA + janela 128 + CLA-2 |"), "approximate composition of the MLA row: not derivable")
L = e.line("numa sequência de 8.192 *tokens*")
e.given(L, "8.192 tokens")
e.ambiguous(L + 1, "'aproximadamente quatro gigabytes' in words: 134.2 MB × 32 = 4.29 GB (4 GiB), right")
L = e.line("Com $\\lambda = 2{,}0$ eventos")
e.given(L, "2,0 events per vehicle, 10 vehicles, 250 ms")
brace(L, "L = λ W = 2,0 × 10 × 0,25", "5{,}0", R(2) * 10 * R(1, 4))
brace(L, "L_obs = 20 × 1,29", "25{,}8", 20 * R(129, 100))
L = e.line("Com particionamento aleatório sob $M=8$ e $k=2$")
e.given(L, "M = 8, k = 2")
n(L, "1 / C(8, 2) in percent", "3,57", [("percent", 100 / sp.binomial(8, 2))])
e.done()
