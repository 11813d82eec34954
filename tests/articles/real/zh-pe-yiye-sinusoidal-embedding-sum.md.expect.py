# Expected verdicts for zh-pe-yiye-sinusoidal-embedding-sum.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese learner note (yiye/llm-knowledge, L0) that works the sinusoidal positional encoding by hand for d_model = 4,
# then adds 768-dim position vectors to three embedding rows (only the first three and the last entries are printed).
# Inputs: PE(pos,2i) = sin(pos/10000^(2i/d)), PE(pos,2i+1) = cos(...); toy d = 4; E1 = [0.23, -0.51, 0.82, ..., -0.34],
#   E2 = [-0.12, 0.34, -0.05, ..., 0.21], E3 = [0.41, 0.23, -0.67, ..., 0.15] (768 dims).
# Exact values: toy PE pos 0 = [0, 1, 0, 1]; pos 1 = [sin1, cos1, sin0.01, cos0.01] = [0.84147, 0.54030, 0.0099998, 0.99995];
#   pos 2 = [0.90930, -0.41615, 0.019999, 0.99980]. The last (odd) entry of any P vector is cos(pos/10000^((d-2)/d)):
#   pos 0 -> 1 exactly, pos 1 -> 0.99995 (d = 4) or 0.999999995 (d = 768), pos 2 -> 0.9998 or 0.99999998: 1.000 at 3 places
#   under either reading. The third entry depends on d: sin(pos/100) for d = 4, sin(pos/10000^(2/768)) = 0.828 / 0.928 for 768.
#   Sums: E1+P0 = [0.230, 0.490, 0.820, ..., 0.660]; E2+P1 = [0.721, 0.880, (-0.040 | 0.778), ..., 1.210];
#   E3+P2 = [1.319, -0.186, (-0.650 | 0.258), ..., 1.150].
# Wrong lines:
#   - "cos(0.01) = 0.999": exact 0.99995 -> 1.000 (truncated) -> slip; its vector line "[..., 0.999]" -> carried.
#   - "cos(0.02) = 0.998": exact 0.99980 -> 1.000 -> slip; its vector line "[..., 0.998]" -> carried.
#   - P0 "..., 0.999": last entry cos(0) = 1 -> slip; P1 "..., 0.998" and P2 "..., 0.997": 1.000 under either d -> slip.
#   - E1+P0 last 0.649: -0.34 + 0.999 = 0.659 even from the printed operands; exact 0.660 -> slip.
#   - E2+P1: 0.729 (-0.12 + 0.841 = 0.721) and 0.005 (-0.05 + 0.010 = -0.040) -> slip; 1.208 is 0.21 + the wrong 0.998
#     (exact 1.210).
#   - E3+P2: -0.193 (0.23 - 0.416 = -0.186) -> slip; 1.147 is 0.15 + the wrong 0.997 (exact 1.150).
# Ambiguous parts (noted on lines that are wrong anyway): the third entries of P1, P2 and of the sums depend on whether the
#   768-dim vectors reuse the d = 4 toy values.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["pe", "sinusoidal", "embedding", "code-block-plaintext"])
L = e.line
sin, cos = sp.sin, sp.cos


def pe(pos, k, d):
    i2 = k - (k % 2)
    ang = sp.Integer(pos) / sp.Integer(10000) ** R(i2, d)
    return sin(ang) if k % 2 == 0 else cos(ang)


e.given(L("PE(pos, 2i)   = sin(pos / 10000^(2i/d_model))"), "formula")
e.given(L("PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))"), "formula")
e.given(L("pos      = 词的位置（0, 1, 2, 3, ...）"), "positions")
e.given(L("i        = 向量维度的索引（0 到 d_model/2）"), "index range")
e.given(L("d_model  = 向量维度（通常是 768）"), "d_model = 768")
e.given(L("假设 d_model = 4"), "toy d_model = 4")

toy = {p: [pe(p, k, 4) for k in range(4)] for p in (0, 1, 2)}
for k, v in enumerate(["0.000", "1.000", "0.000", "1.000"]):
    ln = L(f"PE(0, {k}) =")
    e.claim(ln, f"PE(0,{k})", [v], [toy[0][k]])
e.claim(L("→ [0.000, 1.000, 0.000, 1.000]"), "PE row 0", ["0.000", "1.000", "0.000", "1.000"], toy[0])
e.claim(L("PE(1, 0) ="), "PE(1,0) = sin 1", ["0.841"], [toy[1][0]])
e.claim(L("PE(1, 1) ="), "PE(1,1) = cos 1", ["0.540"], [toy[1][1]])
ln = L("PE(1, 2) =")
e.claim(ln, "angle 1/10000^(2/4)", ["0.01"], [1 / sp.Integer(10000) ** R(2, 4)])
e.claim(ln, "PE(1,2) = sin 0.01", ["0.010"], [toy[1][2]])
ln = L("PE(1, 3) =")
e.claim(ln, "angle 1/10000^(2/4)", ["0.01"], [1 / sp.Integer(10000) ** R(2, 4)])
e.claim(ln, "PE(1,3) = cos 0.01 (exact 0.99995 -> 1.000, truncated)", ["0.999"], [toy[1][3]])
e.claim(L("→ [0.841, 0.540, 0.010, 0.999]"), "PE row 1", ["0.841", "0.540", "0.010", "0.999"], toy[1], cause="carried")
e.claim(L("PE(2, 0) = sin(2) = 0.909"), "sin 2", ["0.909"], [toy[2][0]])
e.claim(L("PE(2, 1) = cos(2) = -0.416"), "cos 2", ["-0.416"], [toy[2][1]])
e.claim(L("PE(2, 2) = sin(0.02) = 0.020"), "sin 0.02", ["0.02", "0.020"], [2 * sp.Integer(10000) ** R(-1, 2), toy[2][2]])
e.claim(L("PE(2, 3) = cos(0.02) = 0.998"), "cos 0.02 (exact 0.9998 -> 1.000)", ["0.02", "0.998"],
        [2 * sp.Integer(10000) ** R(-1, 2), toy[2][3]])
e.claim(L("→ [0.909, -0.416, 0.020, 0.998]"), "PE row 2", ["0.909", "-0.416", "0.020", "0.998"], toy[2], cause="carried")

e.given(L('["猫", "在", "睡觉"] → [1, 3, 4]'), "token ids (vocabulary lookup)")
E = {1: ["0.23", "-0.51", "0.82", "-0.34"], 2: ["-0.12", "0.34", "-0.05", "0.21"], 3: ["0.41", "0.23", "-0.67", "0.15"]}
e.given(L("→ E₁ = [0.23, -0.51, 0.82, ..., -0.34]"), "E1 (first three and last of 768)")
e.given(L("→ E₂ = [-0.12, 0.34, -0.05, ..., 0.21]"), "E2")
e.given(L("→ E₃ = [0.41, 0.23, -0.67, ..., 0.15]"), "E3")

D = 768
third_note = "the third entry depends on the dimension reading: d = 4 toy gives sin(pos/100), d = 768 gives sin(pos/10000^(2/768))"
last = {p: pe(p, D - 1, D) for p in (0, 1, 2)}      # ~1.000 under d = 768 (and under d = 4)
ln = L("位置0 → P₀ = [0.000, 1.000, 0.000, ..., 0.999]")
e.claim(ln, "P0 first three (0, cos 0, 0)", ["0.000", "1.000", "0.000"], [pe(0, 0, D), pe(0, 1, D), pe(0, 2, D)])
e.claim(ln, "P0 last entry cos(0) = 1", ["0.999"], [last[0]])
ln = L("位置1 → P₁ = [0.841, 0.540, 0.010, ..., 0.998]")
e.claim(ln, "P1 first two (sin 1, cos 1)", ["0.841", "0.540"], [pe(1, 0, D), pe(1, 1, D)])
e.ambiguous(ln, third_note)
e.claim(ln, "P1 last entry (~1.000 under either d)", ["0.998"], [last[1]])
ln = L("位置2 → P₂ = [0.909, -0.416, 0.020, ..., 0.997]")
e.claim(ln, "P2 first two (sin 2, cos 2)", ["0.909", "-0.416"], [pe(2, 0, D), pe(2, 1, D)])
e.ambiguous(ln, third_note)
e.claim(ln, "P2 last entry (~1.000 under either d)", ["0.997"], [last[2]])

r = {k: [R(x) for x in v] for k, v in E.items()}
ln = L("词1最终 = E₁ + P₀ = [0.230, 0.490, 0.820, ..., 0.649]")
e.claim(ln, "E1+P0 first three", ["0.230", "0.490", "0.820"], [r[1][0] + pe(0, 0, D), r[1][1] + pe(0, 1, D),
                                                               r[1][2] + pe(0, 2, D)])
e.claim(ln, "E1+P0 last (-0.34 + 1; even -0.34 + 0.999 = 0.659)", ["0.649"], [r[1][3] + last[0]])
ln = L("词2最终 = E₂ + P₁ = [0.729, 0.880, 0.005, ..., 1.208]")
e.claim(ln, "E2+P1 first two (-0.12 + 0.841 = 0.721)", ["0.729", "0.880"], [r[2][0] + pe(1, 0, D), r[2][1] + pe(1, 1, D)])
e.claim(ln, "E2+P1 third under the d = 4 toy (-0.05 + sin 0.01 = -0.040; d = 768 gives 0.778, also not 0.005)", ["0.005"],
        [r[2][2] + sin(R(1, 100))])
e.ambiguous(ln, third_note)
e.claim(ln, "E2+P1 last (0.21 + the wrong 0.998; exact 1.210)", ["1.208"], [r[2][3] + last[1]], cause="carried")
ln = L("词3最终 = E₃ + P₂ = [1.319, -0.193, -0.650, ..., 1.147]")
e.claim(ln, "E3+P2 first two (0.23 - 0.416 = -0.186)", ["1.319", "-0.193"], [r[3][0] + pe(2, 0, D), r[3][1] + pe(2, 1, D)])
e.ambiguous(ln, third_note)
e.claim(ln, "E3+P2 last (0.15 + the wrong 0.997; exact 1.150)", ["1.147"], [r[3][3] + last[2]], cause="carried")
e.given(L("（这里是 768 维）"), "768 dimensions")
e.done()
