# Expected verdicts for en-mla-aditya699-latent-kv-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the notes state them: 64 heads, d_head 128 (d_model 8,192), fp16 (2 bytes), 80 layers, batch 16, 4,096 tokens;
# GQA with 8 KV heads, MQA with 1, MLA with a 64-dimensional latent.  Per token: MHA 16,384 values (32,768 B = 32 KiB),
# GQA 2,048 (4 KiB), MQA 256 (512 B), MLA 64 (128 B).  Per layer (x 16 x 4,096 x 2 B): 2,147,483,648 B = 2.15 GB,
# 268,435,456 B = 268 MB, 33,554,432 B = 33.6 MB, 8,388,608 B = 8.4 MB (the notes use decimal GB/MB).
# Totals over 80 layers, end to end: 171.8 GB (172 ok), 21.47 GB (21.5 ok: "268 MB x 80" as written is 21.44, but the
# printed total is right from the exact inputs, so it is ok), 2.684 GB (printed 2.69: drift from the rounded 33.6 MB;
# 2.50 GiB in binary units, so wrong under every reading) and 671.1 MB (printed 672: drift from the rounded 8.4 MB;
# 640 MiB in binary).  The table repeats both (carried).  The reduction factors are exact ratios (8, 64, 256).
# "32 KB" / "4 KB" are right as KiB (32,768 / 4,096 bytes); a size right under one reading is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees, number_claim

e = Expect(__file__, language="en", topics=["mla", "gqa", "mqa", "kv-cache", "memory"])
H, D, L, B, S, BY = 64, 128, 80, 16, 4096, 2
per_tok = {"MHA": 2 * H * D, "GQA": 2 * 8 * D, "MQA": 2 * D, "MLA": 64}
per_layer = {k: v * B * S * BY for k, v in per_tok.items()}
total = {k: v * L for k, v in per_layer.items()}


def sizes(nbytes, unit):
    base = {"KB": (10**3, 2**10), "MB": (10**6, 2**20), "GB": (10**9, 2**30), "bytes": (1, 1)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


# what MQA keeps, what MLA keeps
L0 = e.line("K: 128 dimensions")
e.given(L0, "d_head 128 for K")
e.given(L0 + 1, "d_head 128 for V")
n(L0 + 2, "MQA K + V per token", "256", sp.Integer(2 * D))
n(e.line("Store: K [128 dims] + V [128 dims] = 256 dims per token"), "128 + 128", "256", sp.Integer(256))
e.given(e.line("Store: Latent vector [64 dims] = 64 dims per token"), "latent of 64 dims")
n(e.line("**Reduction: 256 dims → 64 dims = 4x smaller"), "256 / 64", "4", sp.Integer(256) / 64)

# per token
e.given(e.line("Reference model: 64 attention heads"), "64 heads, d_head 128, d_model 8,192")
n(e.line("64 × K[128] + 64 × V[128] = 16,384 dimensions"), "MHA values per token", "16,384", sp.Integer(per_tok["MHA"]))
n(e.line("**Memory per token:** 32 KB (fp16)"), "MHA bytes per token", "32", sizes(per_tok["MHA"] * BY, "KB"))
n(e.line("8 × K[128] + 8 × V[128] = 2,048 dimensions"), "GQA values per token", "2,048", sp.Integer(per_tok["GQA"]))
Lg = e.line("**Memory per token:** 4 KB (fp16)")
n(Lg, "GQA bytes per token", "4", sizes(per_tok["GQA"] * BY, "KB"))
n(Lg, "MHA / GQA", "8", sp.Integer(per_tok["MHA"]) / per_tok["GQA"])
n(e.line("1 × K[128] + 1 × V[128] = 256 dimensions"), "MQA values per token", "256", sp.Integer(per_tok["MQA"]))
Lq = e.line("**Memory per token:** 512 bytes (fp16)")
n(Lq, "MQA bytes per token", "512", sp.Integer(per_tok["MQA"] * BY))
n(Lq, "MHA / MQA", "64", sp.Integer(per_tok["MHA"]) / per_tok["MQA"])
e.given(e.line("1 × Latent[64] = 64 dimensions"), "latent 64 per token")
Lm = e.line("**Memory per token:** 128 bytes (fp16)")
n(Lm, "MLA bytes per token", "128", sp.Integer(per_tok["MLA"] * BY))
n(Lm, "MHA / MLA", "256", sp.Integer(per_tok["MHA"]) / per_tok["MLA"])
n(Lm, "MQA / MLA", "4", sp.Integer(per_tok["MQA"]) / per_tok["MLA"])

# whole model
e.given(e.line("The author's configuration for the example"), "64 heads, d_head 128, 80 layers, batch 16, 4,096 tokens")
L1 = e.line("16,384 × 16 (batch) × 4,096 (seq) × 2 bytes (fp16)")
e.given(L1, "MHA per-token values, batch, sequence, bytes")
n(L1 + 1, "MHA bytes per layer", "2,147,483,648", sp.Integer(per_layer["MHA"]))
n(L1 + 2, "MHA per layer in GB", "2.15", sizes(per_layer["MHA"], "GB"))
n(e.line("2.15 GB × 80 = 172 GB"), "MHA total over 80 layers", "172", sizes(total["MHA"], "GB"))
L2 = e.line("2,048 × 16 × 4,096 × 2 = 268,435,456 bytes")
n(L2, "GQA bytes per layer", "268,435,456", sp.Integer(per_layer["GQA"]))
n(L2 + 1, "GQA per layer in MB", "268", sizes(per_layer["GQA"], "MB"))
# 268 x 80 is 21.44 as written; the printed 21.5 is right from the exact inputs (21.47 GB): judged end to end, ok
n(e.line("268 MB × 80 = 21.5 GB"), "GQA total over 80 layers (end to end)", "21.5", sizes(total["GQA"], "GB"))
n(e.line("Reduction: 172 GB / 21.5 GB"), "MHA / GQA total", "8", sp.Integer(total["MHA"]) / total["GQA"])
L3 = e.line("256 × 16 × 4,096 × 2 = 33,554,432 bytes")
n(L3, "MQA bytes per layer", "33,554,432", sp.Integer(per_layer["MQA"]))
n(L3 + 1, "MQA per layer in MB", "33.6", sizes(per_layer["MQA"], "MB"))
n(e.line("33.6 MB × 80 = 2.69 GB"), "MQA total over 80 layers (2.684 GB; from the rounded 33.6 MB)", "2.69",
  sizes(total["MQA"], "GB"), cause="drift")
n(e.line("Reduction: 172 GB / 2.69 GB"), "MHA / MQA total", "64", sp.Integer(total["MHA"]) / total["MQA"])
L4 = e.line("64 × 16 × 4,096 × 2 = 8,388,608 bytes")
n(L4, "MLA bytes per layer", "8,388,608", sp.Integer(per_layer["MLA"]))
n(L4 + 1, "MLA per layer in MB", "8.4", sizes(per_layer["MLA"], "MB"))
n(e.line("8.4 MB × 80 = 672 MB"), "MLA total over 80 layers (671.1 MB; from the rounded 8.4 MB)", "672",
  sizes(total["MLA"], "MB"), cause="drift")
n(e.line("Reduction: 172 GB / 672 MB"), "MHA / MLA total", "256", sp.Integer(total["MHA"]) / total["MLA"])

# table
rows = {"MHA": ("16,384", "2.15", "GB", "172", "GB", "1"), "GQA-8": ("2,048", "268", "MB", "21.5", "GB", "8"),
        "MQA": ("256", "33.6", "MB", "2.69", "GB", "64"), "MLA": ("64", "8.4", "MB", "672", "MB", "256")}
for name, (pt, pl, plu, tt, ttu, red) in rows.items():
    key = name.split("-")[0]
    ln = e.line(f"| **{name}** |")
    n(ln, f"{name} per token", pt, sp.Integer(per_tok[key]))
    n(ln, f"{name} per layer", pl, sizes(per_layer[key], plu))
    n(ln, f"{name} total", tt, sizes(total[key], ttu), cause="carried")
    n(ln, f"{name} factor vs MHA", red, sp.Integer(total["MHA"]) / total[key])

# DeepSeek V2 as listed
e.given(e.line("Attention heads: 128"), "128 heads")
e.given(e.line("d_model: 5,120"), "d_model 5,120")
n(e.line("d_head: 40"), "5,120 / 128", "40", sp.Integer(5120) / 128)

# formulas
n(e.line("MHA:  16,384 dims"), "MHA per token", "16,384", sp.Integer(per_tok["MHA"]))
n(e.line("GQA-8: 2,048 dims"), "GQA-8 per token", "2,048", sp.Integer(per_tok["GQA"]))
n(e.line("MQA:  256 dims"), "MQA per token", "256", sp.Integer(per_tok["MQA"]))
n(e.line("MLA:  64 dims"), "MLA latent = d_head / 2", "64", sp.Integer(D) / 2)
e.done()
