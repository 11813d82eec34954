# Expected verdicts for zh-kv-maosong-llm-memory-computation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese personal-blog post (MaoSong) on training and inference memory of LLMs, with LLaMA tables.
# Inputs: 2 bytes per parameter (BF16/FP16); AdamW keeps 3 FP32 copies (4P each); inference activation = 0.2 x weights;
#   KV cache = s x 2 x 2 x L x h x d_h bytes.  The article names LLaMA-7B/13B/33B/65B but not their shapes; as for
#   de-kv-yauis-wiki-vram-tabelle, the public configs are used: (d, L, h, d_ff) = (4096, 32, 32, 11008),
#   (5120, 40, 40, 13824), (6656, 60, 52, 17920), (8192, 80, 64, 22016), V = 32000, d_h = 128, untied embeddings,
#   RMSNorm weights only -> P = 6,738,415,616 / 13,015,864,320 / 32,528,943,616 / 65,285,660,672.
#   "GB" read as GB or GiB (the tables are GiB).
# Exact values (GiB): weights 2P = 12.5513 / 24.2439 / 60.5899 / 121.6040 -> printed 12.55 / 24.24 / 60.59 / 121.60 ok;
#   optimizer 12P = 75.3077 / 145.4636 / 363.5393 / 729.6241 -> ok; inference activations 0.4P = 2.5103 / 4.8488 /
#   12.1180 / 24.3208 -> ok.  Training activations need the sequence length, which is not stated (s = 2048 reproduces
#   1545.81 / 2410.31 / 4691.06 / 7691.81) -> ambiguous.
#   KV cache per token 4·L·h·d_h = 524,288 / 819,200 / 1,597,440 / 2,621,440 B, so at s = 1024, 4096, 16384, 32768, 131072:
#   7B  0.5, 2, 8, 16, 64;  13B 0.78125, 3.125, 12.5, 25, 100;  33B 1.5234, 6.0938, 24.375, 48.75, 195;
#   65B 2.5, 10, 40, 80, 320 GiB.
# Wrong lines: the four rows of the inference table print every KV-cache value at half the size the article's own
#   formula gives (e.g. 7B at 1024: printed 0.25, right 0.5 GiB; 65B at 131072: printed 160.00, right 320 GiB) -> slip
#   (the table uses 2·s·L·h·d_h bytes, dropping one factor 2 of "s x 2 x 2 x L x h x d_h").
# Coefficient sums: 4P+4P+4P = 12P, 4P+P+P = 6P, 4P+4P+0 = 8P, 2P+2P+12P = 16P, 0.2 x 2P = 0.4P, 2P+0.4P = 2.4P,
#   2 x 2 = 4 -> all ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "memory", "complexity", "markdown-table", "latex-display"])

CFG = {"7B": (4096, 32, 32, 11008), "13B": (5120, 40, 40, 13824),
       "33B": (6656, 60, 52, 17920), "65B": (8192, 80, 64, 22016)}
V = 32000


def params(d, L, ff):
    return sp.Integer(2 * V * d + L * (4 * d * d + 3 * d * ff + 2 * d) + d)


def rd(nbytes):
    return [("GiB", nbytes / 2**30), ("GB", nbytes / 10**9)]


def cells(line):
    return [c.strip() for c in e.lines[line - 1].split("|")[2:-1]]


# --- assumptions and formulas -------------------------------------------------------------------
e.given(e.line("即每个参数占 $2$ byte"), "2 bytes per parameter")
e.given(e.line("2. 不考虑 dropout"), "list number only")
e.given(e.line("| optimizer    | master weights (FP32) |"), "FP32 in the table header")
e.given(e.line("每个参数 2 byte，所以占 $2P$"), "weights 2P (restates 2 bytes x P)")
e.given(e.line("\\boxed{Lsb(32d+4hs) +( 4bsd+2bsV)}"), "activation formula (derivation cut)")
e.given(e.line("占用同样是 $\\boxed{2P}$"), "gradients 2P")
for item in ("1. FP32 master weights: $4P$", "2. FP32 first-order momentum: $4P$",
             "3. FP32 second-order momentum: $4P$"):
    e.given(e.line(item), "4 bytes per FP32 value")
e.claim(e.line("合计优化器状态为 $\\boxed{12P}$"), "4P+4P+4P", ["12"], [4 + 4 + 4])
e.claim(e.line("| AdamW        |"), "AdamW total", ["12"], [4 + 4 + 4])
e.claim(e.line("| bitsandbytes |"), "bitsandbytes total", ["6"], [4 + 1 + 1])
e.claim(e.line("| SGD          |"), "SGD total", ["8"], [4 + 4 + 0])
e.claim(e.line("\\text{Memory}_{\\text{train}} = 16P+"), "2P+2P+12P", ["16"], [2 + 2 + 12])
e.given(e.line("(batch size=64, AdamW, GB)"), "batch size 64")

# --- training table ---------------------------------------------------------------------------------
h = e.line("| Model     | weights |")
for name, (d, L, hh, ff) in CFG.items():
    ln = e.line(f"| LLaMA-{name} ", after=h)
    w, g, o, a = cells(ln)
    P = params(d, L, ff)
    number_claim(e, ln, f"LLaMA-{name} weights 2P", w, rd(2 * P))
    number_claim(e, ln, f"LLaMA-{name} gradients 2P", g, rd(2 * P))
    number_claim(e, ln, f"LLaMA-{name} AdamW states 12P", o, rd(12 * P))
    e.ambiguous(ln, f"training activations {a}: the sequence length s is not stated (s = 2048 reproduces it)")

# --- inference ---------------------------------------------------------------------------------------
e.given(e.line("权重占 $\\boxed{2P}$"), "weights 2P; batch size = 1")
L = e.line("0.2*\\text{Memory}(\\text{weight})=0.4P")
e.given(L, "empirical factor 0.2 (transformer-math)")
e.claim(L, "0.2 x 2P", ["0.4"], [R(1, 5) * 2])
e.given(e.line("总计算量从 $\\mathcal{O}(s^2)$"), "complexity orders and token index t+1")
e.given(e.line("s \\times 2 \\times 2 \\times L\\times h \\times d_h"), "KV formula")
e.claim(e.line("\\text{Memory}_{\\text{Inference}} = 2.4P+4sLhd_h"), "2P+0.4P and 2x2",
        ["2.4", "4"], [2 + R(2, 5), 2 * 2])
e.given(e.line("(batch size=1, GB, 括号里为 sequence length)"), "batch 1, lengths in header")
h = e.line("| Model     | Weights | Activations |")
e.given(h, "sequence lengths 1024 ... 131072")
for name, (d, L, hh, ff) in CFG.items():
    ln = e.line(f"| LLaMA-{name} ", after=h)
    vals = cells(ln)
    P = params(d, L, ff)
    number_claim(e, ln, f"LLaMA-{name} weights 2P", vals[0], rd(2 * P))
    number_claim(e, ln, f"LLaMA-{name} activations 0.4P", vals[1], rd(R(2, 5) * P))
    for s_len, printed in zip((1024, 4096, 16384, 32768, 131072), vals[2:]):
        kv = sp.Integer(s_len * 2 * 2 * L * hh * 128)
        number_claim(e, ln, f"LLaMA-{name} KV cache at {s_len}", printed, rd(kv))

e.done()
