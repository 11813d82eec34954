# Expected verdicts for de-mla-strauss-layout-followup-cache.md, computed with plain SymPy (see oracle.py); not
# symattn's code.  German number format: thousands dot (501.350.400), decimal comma (2,67).
# Inputs: 8 heads of 64, latent d_c = 128, RoPE part 32 (per head in mla_current, one shared key in mla_deepseek).
# - 3 × 3 = 9 runs; 32 + 32 = 64 and 64 + 32 = 96: ok.
# - Cache per token and layer: MHA 2 · 8 · 64 = 1024; mla_current 128 + 8 · 32 = 384; mla_deepseek 128 + 32 = 160;
#   reductions 1024 / 384 = 2.667 -> 2,67× and 1024 / 160 = 6,4×: ok.
# - The parameter totals depend on unstated details (tied embeddings, MLP width, bias-free layers, norms on the
#   latents) -> ambiguous; the "etwa 43–45 Mio." range covers them.
# - 16 · 4 = 64 sequences and 15,300 · 64 · 512 = 501,350,400 tokens ("501 Mio."): ok.  No wrong lines.
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, dotted_int_claim

e = Expect(__file__, language="de", topics=["mla", "rope", "kv-cache", "mha"])
L = e.line


de_int = partial(dotted_int_claim, e)   # German thousands dots (196.608)


ln = L("Alle neun Produktionsruns (3 Bedingungen × 3 Seeds")
e.given(ln, "GPU hours")
e.claim(ln, "runs 3 × 3 (neun)", ["3", "3"], [3, 3])
e.given(L("Laut Autor wird die Haupthypothese nicht gestützt"), "reported loss differences and p-values")
e.claim(L("32\\text{ Content-Dimensionen}+32\\text{ RoPE-Dimensionen}=64."), "Q/K width of mla_current", "64", 32 + 32)
e.given(L("Außerdem hat dort jeder der acht Heads"), "one RoPE key per head")
e.claim(L("64\\text{ Content-Dimensionen}+32\\text{ RoPE-Dimensionen}=96."), "Q/K width of mla_deepseek", "96", 64 + 32)
e.given(L("| `mha` | 64 Dimensionen, volles RoPE |"), "MHA layout")
e.claim(L("| `mla_current` | 32 Content + 32 RoPE = 64 |"), "mla_current width", "64", 32 + 32)
e.claim(L("| `mla_deepseek` | 64 Content + 32 RoPE = 96 |"), "mla_deepseek width", "96", 64 + 32)
mha, cur, ds = 2 * 8 * 64, 128 + 8 * 32, 128 + 32
amb = ("the parameter total depends on details the README does not state (tied embeddings, MLP width, bias-free "
       "layers, norms on the latents)")
ln = L("| `mha` | 44.612.608 | 1024 | 1× |")
e.claim(ln, "MHA cache per token/layer 2·8·64 and its ratio", ["1024", "1"], [mha, R(mha, mha)])
e.ambiguous(ln, amb)
ln = L("| `mla_current` | 42.845.056 | 384 | 2,67× |")
e.claim(ln, "mla_current cache and reduction", ["384", "2,67"], [cur, R(mha, cur)])
e.ambiguous(ln, amb)
ln = L("| `mla_deepseek` | 42.648.448 | 160 | 6,4× |")
e.claim(ln, "mla_deepseek cache and reduction", ["160", "6,4"], [ds, R(mha, ds)])
e.ambiguous(ln, amb)
for k, lab in enumerate(("- $c^{KV}\\in\\mathbb R^{128}$,", "- $c^Q\\in\\mathbb R^{192}$,")):
    for nth in (1, 2):
        e.given(L(lab, nth), "latent width")
e.given(L("- 32 Content- und 32 RoPE-Dimensionen,"), "layout input")
e.given(L("- ein eigener $K_i^R\\in\\mathbb R^{32}$ je Head,"), "per-head RoPE key")
e.claim(L("- theoretischer Cache: $128+8\\cdot32=384$"), "mla_current cache", "384", cur)
e.given(L("- 64 vollständige Content-Dimensionen,"), "layout input")
e.given(L("- 32 zusätzlich angehängte RoPE-Dimensionen,"), "layout input")
e.given(L("- ein gemeinsamer $K^R\\in\\mathbb R^{32}$"), "shared RoPE key")
e.claim(L("- Q/K-Dimension 96, Value-Dimension weiterhin 64,"), "Q/K width", "96", 64 + 32)
e.claim(L("- Attention-Skalierung automatisch mit $1/\\sqrt{96}$,"), "scale uses width 96", "96", 64 + 32)
e.claim(L("- theoretischer Cache: $128+32=160$"), "mla_deepseek cache", "160", ds)
e.given(L("- 6-Layer-Dense-GPT statt großem MoE-Modell,"), "scale")
e.given(L("- etwa 43–45 Mio. statt Milliarden Parameter,"), "parameter range (consistent with the table)")
e.given(L("- 512 statt langer Kontexte,"), "context 512")
e.claim(L("- 501 Mio. statt hunderten Milliarden"), "training tokens in millions", "501",
        R(15300 * 64 * 512, 10**6), rounded_int=True)
e.given(L("- $d_c=128$ wird zur Isolation"), "d_c 128")
for lab in ("| Layer | 6 |", "| Hidden Dimension | 512 |", "| Heads | 8 |", "| Value-/MHA-Head-Dimension | 64 |",
            "| Kontextlänge | 512 |", "| Vokabular | GPT-2-BPE, 50.257 |", "| KV-Latent $d_c$ | 128 |",
            "| Q-Latent $d_c^Q$ | 192 |", "| RoPE-Dimension $d_h^R$ | 32 |", "| Iterationen | 15.300 |",
            "| Micro-Batch | 16 |", "| Gradient Accumulation | 4 |", "| Optimizer | AdamW, Betas (0,9; 0,95) |",
            "| Weight Decay | 0,1 |", "| Learning Rate |", "| Warmup | 2.000 Iterationen |",
            "| Gradient Clipping | 1,0 |", "| Evaluation | alle 500 Iterationen, 600 Micro-Batches |",
            "| Finaler Endwert | Mittel der letzten 5 Evaluationen |", "| Seeds | 42, 123, 456 |"):
    e.given(L(lab), "training setting")
e.claim(L("| Effektive Batchgröße | 64 |"), "effective batch 16 · 4", "64", 16 * 4)
de_int(L("| Trainingstokens je Run | 501.350.400 |"), "tokens per run 15300 · 64 · 512", "501.350.400",
       15300 * 64 * 512)
e.done()
