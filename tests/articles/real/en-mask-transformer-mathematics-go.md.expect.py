# Expected verdicts for en-mask-transformer-mathematics-go.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Conventions from the article: Q = K (given rows), d_k = 3, scores / sqrt(3), causal mask (-inf above the
# diagonal) for GPT, no mask for BERT; PE(pos,2i) = sin(pos/10000^(2i/d_model)), d_model = 512.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mask", "mha", "pe"])

Q = M([["1.0", "0.2", "0.1"], ["0.3", "1.5", "0.4"], ["0.2", "0.5", "1.8"]])
K = Q
V = M([["0.5", "0.2", "0.1", "0.3"], ["0.8", "0.9", "0.4", "0.2"], ["0.3", "0.5", "1.2", "0.7"]])
S = Q * K.T
Sc = S / sp.sqrt(3)
A_bert = softmax_rows(Sc)


def causal_softmax(Sm):
    out = sp.zeros(*Sm.shape)
    for i in range(Sm.rows):
        den = sum(sp.exp(Sm[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            out[i, j] = sp.exp(Sm[i, j]) / den
    return out


A_gpt = causal_softmax(Sc)

qk = e.line("Q (simplified, d_k=3):")
for name in ["The", "cat", "sat"]:
    e.given(e.line(f"  {name}: [", after=qk), f"Q row {name}")
kk = e.line("K (same as Q")
for name in ["The", "cat", "sat"]:
    e.given(e.line(f"  {name}: [", after=kk), f"K row {name}")

L = e.line("Compute Q·K^T:") + 1
e.rows([L + 1, L + 2, L + 3], "Q K^T", [["1.05", "0.74", "0.49"], ["0.74", "2.66", "1.51"], ["0.49", "1.51", "3.53"]], S)
e.claim(e.line("scores itself highly (2.66)"), "cat·cat restated", "2.66", S[1, 1], cause="carried")
L2 = e.line("scores itself highest (3.53)")
e.claim(L2, "sat·sat restated", "3.53", S[2, 2])
e.claim(L2, "sat·cat restated", "1.51", S[2, 1], cause="carried")

L = e.line("With d_k = 3, √d_k ≈ 1.73")
e.claim(L, "sqrt(3)", "1.73", sp.sqrt(3))
L = e.line("Scaled scores:", after=L) + 1
e.rows([L + 1, L + 2, L + 3], "scaled scores", [["0.61", "0.43", "0.28"], ["0.43", "1.54", "0.87"], ["0.28", "0.87", "2.04"]], Sc,
       cause="carried")

L = e.line("Mask (apply -∞ to future positions):") + 1
e.claim(L + 1, "masked row 1 (kept entry)", ["0.61"], [Sc[0, 0]])
e.claim(L + 2, "masked row 2 (kept entries)", ["0.43", "1.54"], [Sc[1, 0], Sc[1, 1]], cause="carried")
e.claim(L + 3, "masked row 3", ["0.28", "0.87", "2.04"], [Sc[2, 0], Sc[2, 1], Sc[2, 2]], cause="carried")

L = e.line("GPT (with causal mask):") + 1
e.claim(L + 1, "causal weights row 1 and its percentage", ["1.00", "0.00", "0.00", "100%"],
        [A_gpt[0, 0], 0, 0, A_gpt[0, 0]])
e.claim(L + 2, "causal weights row 2 and percentages", ["0.23", "0.77", "0.00", "23%", "77%"],
        [A_gpt[1, 0], A_gpt[1, 1], 0, A_gpt[1, 0], A_gpt[1, 1]])
e.claim(L + 3, "causal weights row 3 and percentages", ["0.11", "0.29", "0.60", "11%", "29%", "60%"],
        [A_gpt[2, 0], A_gpt[2, 1], A_gpt[2, 2], A_gpt[2, 0], A_gpt[2, 1], A_gpt[2, 2]])
L = e.line("BERT (no mask):") + 1
e.rows([L + 1, L + 2, L + 3], "unmasked weights", [["0.40", "0.35", "0.25"], ["0.13", "0.69", "0.18"], ["0.10", "0.24", "0.66"]],
       A_bert)

vv = e.line("V (values, d_v=4):")
for name in ["The", "cat", "sat"]:
    e.given(e.line(f"  {name}: [", after=vv), f"V row {name}")
w = A_gpt.row(2)
e.claim(e.line("Output_sat = 0.11 × V_The"), "row-3 weights restated", ["0.11", "0.29", "0.60"], [w[0], w[1], w[2]],
        cause="carried")
e.claim(e.line("= 0.11 × [0.5, 0.2, 0.1, 0.3] +"), "weight 0.11 restated", ["0.11"], [w[0]], cause="carried")
e.claim(e.line("0.29 × [0.8, 0.9, 0.4, 0.2] +"), "weight 0.29 restated", ["0.29"], [w[1]], cause="carried")
e.claim(e.line("0.60 × [0.3, 0.5, 1.2, 0.7]"), "weight 0.60 restated", ["0.60"], [w[2]], cause="carried")
pw = [R("0.11"), R("0.29"), R("0.60")]
local = (sp.Matrix([pw]) * V)
e.claim(e.line("= [0.46, 0.61, 0.86, 0.50]"), "output of sat from the printed weights (local arithmetic)",
        ["0.46", "0.61", "0.86", "0.50"], local)

# multi-head part
e.given(e.line("Given: d_model = 512, h = 8"), "d_model, h")
e.claim(e.line("d_k = d_v = d_model / h = 64"), "512/8", "64", sp.Integer(512) / 8)
e.claim(e.line("d_model = 4, h = 2, d_k = d_v = 2 per head"), "4/2", ["2"], [sp.Integer(4) / 2])
h1 = e.line("Head 1 (syntactic):")
for name in ["The", "cat", "sat"]:
    e.given(e.line(f"    {name}: ", after=h1), "stated head-1 weight (no inputs given)")
h2 = e.line("Head 2 (positional):")
for name in ["The", "cat", "sat"]:
    e.given(e.line(f"    {name}: ", after=h2), "stated head-2 weight (no inputs given)")
e.given(e.line("head1_output: [0.5, 0.8]"), "stated head-1 output")
e.given(e.line("head2_output: [0.3, 0.6]"), "stated head-2 output")
L = e.line("concat: [0.5, 0.8, 0.3, 0.6]")
e.claim(L, "concatenation and its length", ["0.5", "0.8", "0.3", "0.6", "4"],
        [R("0.5"), R("0.8"), R("0.3"), R("0.6"), 2 + 2])
e.claim(e.line("Shape: [4] → [4] (d_model)"), "output width", ["4"], [4])

# positional encodings, d_model = 512
def pe(pos, k, d=512):
    i = k // 2
    ang = sp.Integer(pos) / sp.Integer(10000) ** R(2 * i, d)
    return sp.sin(ang) if k % 2 == 0 else sp.cos(ang)


p0 = e.line('Position 0 ("The"):')
for k, val in enumerate(["0.0", "1.0", "0.0", "1.0"]):
    e.claim(e.line(f"dim {k}:", after=p0), f"PE(0,{k})", val, pe(0, k))
e.claim(e.line("PE_0 = [0.0, 1.0, 0.0, 1.0, ...]"), "PE_0 first four", ["0.0", "1.0", "0.0", "1.0"], [pe(0, k) for k in range(4)])
p1 = e.line('Position 1 ("cat"):')
for k, val in enumerate(["0.841", "0.540", "0.001", "1.0"]):
    e.claim(e.line(f"dim {k}:", after=p1), f"PE(1,{k})", val, pe(1, k))
e.claim(e.line("PE_1 = [0.841, 0.540, 0.001, 1.0, ...]"), "PE_1 first four", ["0.841", "0.540", "0.001", "1.0"],
        [pe(1, k) for k in range(4)], cause="carried")
e.done()
