# Expected verdicts for en-complexity-allogators-smolvla-vit-macs.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Vision Encoder 12 layers, L = 1024 tokens, D = 768, 12 heads, MLP factor E = 4 (3072); VLM D = 960, Hq 15, Hkv 5,
# L = 113 = 64 + 48 + 1, 16 of 32 layers; Action Expert L = 50, 10 steps, 16 layers, D = 720, Hq 12, Hkv 4, Dh 80; MAC = 2 ops;
# U280 9,024 DSPs; weights 764 MB bf16 -> 382 MB int8.  The article's own MHA formula gives per layer 12 L D^2 + 2 L^2 D =
# 8,858,370,048 MACs, so the encoder needs 12 x that = 106,300.44 M MACs = 212.60 GOps (the prose's "approximately 106 Billion").
# Per-layer ops: QKV 3 x 2 L D^2 = 3.62 G, scores and context 2 L^2 D = 1.61 G each, output 2 L D^2 = 1.21 G, FC1/FC2
# 2 L D (4D) = 4.83 G each (matmuls 17.7167 G; the GELU and LayerNorm op counts are not defined by the article).
# Wrong lines:
#  - @tab:macs-breakdown "Vision Encoder 87,589" M MACs: 12 (12 L D^2 + 2 L^2 D) = 106,300 M (slip; the prose itself says 106 B);
#    its 175.18 GOps (= 2 x 87,589) and 52.1% share follow from it (carried: 212.60 GOps, 56.9% with the other rows as
#    printed); the table total 168,257 M / 336.51 GOps is then 186,969 M / 373.94 GOps with the other rows as printed (carried).
#  - "approximately 106 Billion MAC operations (212 Billion Ops)": 2 x 106.30 = 212.60 -> 213 (212 doubles the rounded 106: drift).
#  - "our OI of 277": 106.30e9 / 382e6 = 278.27 -> 278 (the displayed formula divides the rounded 106: drift).
# Ambiguous: the VLM and Action Expert MAC rows (the VLM MLP width and the Action Expert's cross-attention accounting are not
# printed; E = 4 would give 18,166 M for the VLM) and their shares; the GELU/LayerNorm op counts, the per-layer total 17.74 and
# the 12-layer 212.8 (12 x 17.74 = 212.88; matmuls only 212.60); the 54.24 KB context cache; the ~26 MACs/Byte theoretical ridge
# (the HBM bandwidth is never printed); "1024 patches" from "32 x 32 patch" of a 512 x 512 image gives (512/32)^2 = 256 patches
# unless 32 x 32 is read as the patch grid.  The displayed OI fraction (106e9/382e6 = 277.49 -> 277) is right as written.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "macs", "gqa", "typst-table"])
L = e.line

Lv, D, E_, layers = 1024, 768, 4, 12
qkv = 3 * 2 * Lv * D * D
sc = 2 * Lv * Lv * D
op = 2 * Lv * D * D
fc = 2 * Lv * D * (E_ * D)
layer_macs = 12 * Lv * D * D + 2 * Lv * Lv * D
ve_macs = layers * layer_macs                 # 106,300,440,576
G = 10**9

ln = L("A standard 12-layer Vision Transformer")
e.given(ln, "ViT: 12 layers, 1024 tokens, D = 768, 12 heads, MLP 4x")
e.claim(ln, "intermediate 4 x 768", ["3072"], [4 * 768])
e.ambiguous(ln, "1024 patches from '32 x 32 patch' of a 512 x 512 image: (512/32)^2 = 256 patches; 1024 only if 32 x 32 is "
                "the patch grid (16-pixel patches)")
ln = L("The backbone mixes visual embeddings")
e.given(ln, "VLM: D = 960, Hq 15, Hkv 5, Dh 64, 64 visual + 48 text + 1 state tokens, 16 of 32 layers")
e.claim(ln, "113 = 64 + 48 + 1", ["113"], [64 + 48 + 1])
ln = L("The Action Expert produces the control sequence")
e.given(ln, "Action Expert: 50 tokens, 10 steps, 16 layers, D = 720, Hq 12, Hkv 4, Dh 80")
e.claim(ln, "720 = 0.75 x 960", ["720"], [R(75, 100) * 960])
e.given(L("one MAC is one multiply plus one add (2 ops"), "1 MAC = 2 ops")
e.given(L("[MLP Expansion Factor (typically 4)],"), "E typically 4")
e.claim(L("[$approx L D^2 (10 + 2 H_(\"kv\")/H_q) + 2 L^2 D$],"), "GQA total: 1 + 1 + 2E (E = 4) and 1 + 1",
        ["10", "2"], [1 + 1 + 2 * 4, 1 + 1])
e.claim(L("[Typically $8 L D^2$ ($E=4$)],"), "2E with E = 4", ["8"], [2 * 4])
e.claim(L("[$approx 12 L D^2 + 2 L^2 D$],"), "MHA total: 3 + 1 + 2E and 1 + 1", ["12", "2"], [3 + 1 + 2 * 4, 1 + 1])
ln = L("The Vision Encoder is counted per image with $L=1024$")
e.given(ln, "L = 1024, L = 50, 10 steps, Hq 12, Hkv 4, Dh 80")
e.claim(ln, "113 = 64 + 48 + 1", ["113"], [113])
e.given(L("With the parameters read from the codebase"), "single camera, 113 tokens")
e.given(L("For the Action Expert the cross-attention keys and values"), "head counts restated")

# @tab:macs-breakdown
number_claim(e, L("[87,589],"), "encoder MACs (M) = 12 (12 L D^2 + 2 L^2 D)", "87,589", [("", R(ve_macs, 10**6))])
e.claim(L("[175.18],"), "encoder GOps (2 x 87,589 restated)", ["175.18"], [R(2 * ve_macs, G)], cause="carried")
others = 19440 + 61229
tot = R(ve_macs, 10**6) + others
e.claim(L("[52.1%],"), "encoder share (106,300 M against the other rows as printed)", ["52.1%"], [R(ve_macs, 10**6) / tot],
        cause="carried")
for cell, why in (("[19,440],", "VLM MACs: its MLP width is not printed (E = 4 gives 18,166 M)"),
                  ("[38.88],", "VLM GOps = 2 x 19,440 (VLM MACs undetermined)"),
                  ("[11.6%],", "VLM share (VLM MACs undetermined; the encoder row in its denominator is wrong)"),
                  ("[61,229],", "Action Expert MACs: cross-attention and MLP accounting not printed"),
                  ("[122.46],", "Action Expert GOps = 2 x 61,229 (undetermined)"),
                  ("[36.4%],", "Action Expert share (undetermined)")):
    e.ambiguous(L(cell), why)
number_claim(e, L("[*168,257*],"), "total MACs (M) with the encoder at 106,300 and the other rows as printed", "168,257",
             [("", tot)], cause="carried")
e.claim(L("[*336.51*],"), "total GOps with the encoder at 212.60", ["336.51"], [2 * tot / 1000], cause="carried")
e.claim(L("[*100.0%*],"), "shares sum", ["100.0%"], [1])

# @tab:ops-breakdown (per layer)
t_printed = R(1774, 100)
e.claim(L("[3.62],"), "QKV 3 x 2 L D^2 (GOps)", ["3.62"], [R(qkv, G)])
e.claim(L("[20.4%],"), "QKV share of the printed 17.74", ["20.4%"], [R(qkv, G) / t_printed])
for k in (1, 2):
    e.claim(L("[1.61],", k), "2 L^2 D (GOps)", ["1.61"], [R(sc, G)])
    e.claim(L("[9.1%],", k), "share of the printed 17.74", ["9.1%"], [R(sc, G) / t_printed])
e.claim(L("[1.21],"), "output 2 L D^2 (GOps)", ["1.21"], [R(op, G)])
e.claim(L("[6.8%],"), "share of the printed 17.74", ["6.8%"], [R(op, G) / t_printed])
for k in (1, 2):
    e.claim(L("[4.83],", k), "FC 2 L D 4D (GOps)", ["4.83"], [R(fc, G)])
    e.claim(L("[27.2%],", k), "share of the printed 17.74", ["27.2%"], [R(fc, G) / t_printed])
for cell in ("[0.01],", "[\\<0.1%],", "[0.02],", "[0.1%],"):
    e.ambiguous(L(cell), "GELU / LayerNorm op counts are not defined by the article")
e.ambiguous(L("[*17.74*],"), "matmuls 17.7167 G plus GELU and LayerNorm ops of undefined count")
e.claim(L("[*100%*],"), "shares sum", ["100%"], [1])
e.ambiguous(L("[*212.8*],"), "12 x 17.74 = 212.88 (212.9); matmuls alone 212.60; depends on the GELU/LayerNorm counts")
e.given(L("caption: [Breakdown of Operations per Encoder Layer."), "2 ops per MAC")

# compute, memory
e.given(L("the AMD Alveo U280 has 9,024 DSP slices"), "9,024 DSPs; 4 int4 MACs per DSP")
ln = L("In `bfloat16` the weights take about 764 MB")
e.given(ln, "764 MB in bf16; on-chip ~40-50 MB")
e.claim(ln, "int8 = half of bf16", ["382"], [R(764, 2)])
ln = L("To hide HBM latency the model budgets about *4 MB*")
e.given(ln, "4 MB + 16 MB buffers; ~43 MB BRAM/URAM")
e.claim(ln, "4 + 16", ["20"], [4 + 16])
ln = L("caption: [Memory Footprint Requirements.")
e.claim(ln, "382, 20 = 4 + 16 restated", ["382", "20"], [382, 20])
e.given(ln, "4 and 16 MB restated")
e.claim(L("[382.00 MB],"), "weights restated", ["382.00"], [382])
e.claim(L("[\\~20.00 MB],"), "buffers 4 + 16", ["20.00"], [20])
e.ambiguous(L("[54.24 KB],"), "action context cache: bytes per cached token and layer count not printed")

# performance
ln = L("One image through the Vision Encoder costs approximately 106 Billion")
e.given(ln, "382 MB int8 weights")
e.claim(ln, "encoder MACs (G)", ["106"], [R(ve_macs, G)], rounded_int=True)
e.claim(ln, "encoder ops (G) = 2 x 106.30 (212 doubles the rounded 106)", ["212"], [R(2 * ve_macs, G)], cause="drift",
        rounded_int=True)
e.ambiguous(L("$ \"OI\" = (106 times 10^9"), "106e9 / 382e6 = 277.49 -> 277 is right as written from the rounded 106; "
                                          "end to end 106.30e9 / 382e6 = 278.27 -> 278")
ln = L("The U280 ridge point is approximately 6 MACs/Byte")
e.given(ln, "ridge ~6 MACs/Byte; datasheet 24.5 TOPS; 300 MHz")
oi = R(ve_macs, 382 * 10**6)
e.claim(ln, "OI / 6", ["46"], [oi / 6], rounded_int=True)
e.claim(ln, "9,024 DSP x 2 ops x 300 MHz (TOPS)", ["5.4"], [R(9024 * 2 * 300 * 10**6, 10**12)])
e.ambiguous(ln, "theoretical ridge ~26 MACs/Byte needs the HBM bandwidth, never printed (6 x 24.5/5.4 = 27.2)")
e.claim(ln, "OI restated (278.27 end to end)", ["277"], [oi], cause="drift", rounded_int=True)
e.done()
