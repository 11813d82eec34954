# Expected verdicts for de-mla-strauss-2x2x2-cache-params.md, computed with plain SymPy (see oracle.py); not
# symattn's code.  German number format: thousands dot (6.144 = 6144), decimal comma (0,25).
# Inputs: 6 layers, d_model 512, 8 heads, d_h 64, decoupled RoPE 32 dims with one shared RoPE key, d_c 256.
# - Logical cache per token over 6 layers: MHA 6 · 2 · 8 · 64 = 6144; + shared RoPE key 6 · (1024 + 32) = 6336;
#   latent only 6 · 256 = 1536; latent + RoPE key 6 · (256 + 32) = 1728: every cache column is right.
# - Decoupled RoPE path per layer: W_QR 512 × (8 · 32) + W_KR 512 × 32 = 131,072 + 16,384 = 147,456: ok.
# - The parameter totals depend on details the README does not state (tied embeddings, bias-free projections, a norm on
#   the latent); with those assumptions every total matches exactly, but from the text alone they are ambiguous.  The
#   "3,9 %" spread is (45,341,696 − 43,631,104) / 43,631,104 = 3.92 % when taken relative to the smallest count
#   (3.77 % relative to the largest) -> ambiguous.
# - 4 · 64 = 256, 128 / 512 = 0,25, 128 = 2 · 64, 4 × 336 = 1344, 8 · 3 = 24 runs, 15,300 · 64 · 512 = 501,350,400
#   tokens, 600 · 16 · 512 = 4,915,200 and 600 · 32 · 512 = 9,830,400 positions, 21 + 30 = 51 and 25 + 45 = 70 hours:
#   all ok.  No wrong lines.
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, dotted_int_claim

e = Expect(__file__, language="de", topics=["mla", "rope", "kv-cache", "mha", "memory"])
L = e.line


de_int = partial(dotted_int_claim, e)   # German thousands dots (196.608)


e.given(L("Nach 24 Läufen (59,0 GPU-Stunden"), "reported results (losses, p-values, hours)")
e.claim(L("Es gibt acht Zellen und drei Seeds. Das ergibt 24 Runs."), "runs", "24", 8 * 3)
for lab in ("- Die Content-Dimension pro Head bleibt 64.", "- Der entkoppelte RoPE-Pfad fügt 32 Dimensionen hinzu.",
            "- Ein 32-dimensionaler RoPE-Key"):
    e.given(L(lab), "layout input")
e.claim(L("- Q und K haben in den entkoppelten Zellen 96 Dimensionen. V hat 64"), "Q/K width 64 + 32", ["96", "64"],
        [64 + 32, 64])
e.claim(L("- PyTorch skaliert den Attention-Score deshalb mit `sqrt(96)`."), "scale uses the Q/K width", "96", 64 + 32)
e.claim(L("- `d_c=256` entspricht `4*d_h`"), "d_c = 4 d_h", ["256", "4"], [4 * 64, R(256, 64)])
ln = L("Zur Wahl der Latent-Breite schreibt der Autor")
e.claim(ln, "128 / 512 and 128 = 2 d_h", ["0,25", "2"], [R(128, 512), R(128, 64)])
e.given(ln, "d_c = 128 and 256, d_c = 4 d_h restated")

cache = {"`mha`": (6 * 2 * 8 * 64, 6 * 2 * 8 * 64), "`mha_decoupled`": (6 * (2 * 8 * 64 + 32),) * 2,
         "`mla_coupled`": (6 * 2 * 8 * 64, 6 * 256), "`mla_decoupled`": (6 * (256 + 32),) * 2}
for backbone in ("Dense", "MoE"):
    for att, (c0, c1) in cache.items():
        ln = L(f"| {backbone} | {att} |")
        cells = [c.strip() for c in e.lines[ln - 1].split("|")[1:-1]]
        de_int(ln, f"{backbone} {att} cache without recompute", cells[4], c0)
        de_int(ln, f"{backbone} {att} cache with recompute", cells[5], c1)
        e.ambiguous(ln, "the parameter totals depend on unstated details (tied embeddings, bias-free projections, a "
                        "norm on the latent); with those assumptions they match exactly")
ln = L("Der Spread der aktiven Parameter beträgt 3,9 %.")
e.ambiguous(ln, "the reference of the spread is not stated: (max − min) / min = 3.92 %, / max = 3.77 %")
ln = L("RoPE-Pfad fügt pro Layer 147.456 Parameter hinzu.")
de_int(ln, "decoupled RoPE parameters per layer, 512·8·32 + 512·32", "147.456", 512 * 8 * 32 + 512 * 32)
e.given(L("Gemeinsam: 6 Transformer-Layer, Hidden-Dimension 512"), "backbone inputs")
e.given(L("Im MoE-Backbone haben die Layer 1 bis 5"), "MoE inputs")
e.claim(L("Die aktive Zwischenbreite ist `4 × 336 = 1344`"), "active FFN width", "1344", 4 * 336)
for lab in ("| Tokenizer | GPT-2-BPE, 50.257 Tokens |", "| Kontextlänge | 512 |", "| Iterationen | 15.300 |",
            "| effektive Batchgröße | 64 Sequenzen |", "| Evaluation | alle 500 Iterationen, 600 Batches |"):
    e.given(L(lab), "training input")
de_int(L("| Trainingstokens pro Run | 501.350.400 |"), "training tokens 15300 · 64 · 512", "501.350.400",
       15300 * 64 * 512)
e.given(L("Micro-Batch mal Gradient Accumulation muss immer 64 ergeben."), "effective batch 64")
de_int(L("Micro-Batch 16 umfasst jede Evaluation 4.915.200 Tokenpositionen"), "eval positions 600 · 16 · 512",
       "4.915.200", 600 * 16 * 512)
de_int(L("Micro-Batch 32 sind es 9.830.400."), "eval positions 600 · 32 · 512", "9.830.400", 600 * 32 * 512)
e.given(L("- Dense: 21 bis 25 GPU-Stunden"), "estimate")
e.given(L("- MoE: 30 bis 45 GPU-Stunden"), "estimate")
e.claim(L("- Gesamt: 51 bis 70 GPU-Stunden"), "total range", ["51", "70"], [21 + 30, 25 + 45])
e.done()
