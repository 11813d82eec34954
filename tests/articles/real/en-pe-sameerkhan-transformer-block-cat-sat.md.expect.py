# Expected verdicts for en-pe-sameerkhan-transformer-block-cat-sat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: embeddings cat [1.0, 0.5], sat [0.2, 0.3], on [0.1, 0.1], mat [0.2, 0.4]; PE(pos) = [sin pos, cos pos]
# (d = 2); Wq, Wk, Wv, W1, W2, W_out as printed, zero biases, LayerNorm γ = 1, β = 0, label y = 1.
# - PE(pos) = [sin, cos] and X_pe are right at three places.  The author then works with the three-decimal values,
#   so many later cells differ in the third place from the exact chain: Q_sat[1] 0.836 (0.8367), K_sat[1] 0.648
#   (0.6486), s_1,3 0.630 (0.6285), s_2,1 1.267 (1.2685), ... -> drift.
# - Scaled row q_on printed [0.485, 0.344, 0.212, 0.020]: 0.573 / 1.414 = 0.405, so 0.485 is a slip (exactly
#   0.4056); the whole softmax row 3 is carried from it (exp [1.624, ...], sum 5.291, A_on [0.307, 0.267, 0.234,
#   0.193] for exactly [0.290, 0.273, 0.239, 0.197]), also in the full matrix.  A few other scaled / exp / softmax
#   cells are off by one in the third place from rounded operands (drift): see the claims.
# - c_on: the author's own sum is 0.860 / 0.526 from the wrong A_on, and the printed c_on = [0.848, 0.507] is
#   labelled "shown"; exactly c_on = [0.8487, 0.5078] (0.849, 0.508).
# - Residual, LayerNorm (±1 for d = 2), FFN rows, X_final, z = 0.5·1.183 − 0.3·0.121, ŷ, L and the output-layer
#   gradients follow; the claims compare each with the exact chain.
# - ∂L/∂V = Aᵀ ∂L/∂C needs the row of "mat", A[4,:] = [0.239, 0.245, 0.256, 0.260]; the printed
#   "[0.118, 0.142, 0.193, 0.260]" is the column A[:,4] (0.193 carried from the slip above), and the first gradient
#   line uses 0.118 (= A[1,4]) instead of A[4,1] = 0.239 -> slip ([-0.044, -0.026], printed [-0.022, -0.013]).
# - Everything else that is wrong is drift from three-decimal operands (e.g. s_1,3 = 0.6285 printed 0.630,
#   c_cat = [0.9607, 0.6806] printed [0.959, 0.679], L = 0.4535 printed 0.454, ∂L/∂x_final = [-0.1823, -0.1094]
#   printed [-0.183, -0.110]), or carried from the 0.485 slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["pe", "basic", "softmax", "output", "residual", "layernorm", "ffn", "backward"])
X = M([["1.0", "0.5"], ["0.2", "0.3"], ["0.1", "0.1"], ["0.2", "0.4"]])
PE = sp.Matrix([[sp.sin(p), sp.cos(p)] for p in range(4)])
Xp = X + PE
Wq = M([["0.60", "0.40"], ["0.20", "0.50"]])
Wk = M([["0.50", "0.30"], ["0.10", "0.40"]])
Wv = M([["0.80", "0.20"], ["0.30", "0.70"]])
W1 = M([["0.5", "0.3", "0.2", "0.1"], ["0.4", "0.2", "0.3", "0.1"]])
W2 = M([["0.5", "0.3"], ["0.2", "0.4"], ["0.3", "0.2"], ["0.1", "0.5"]])
Wout = M([["0.5", "0.3"]])
Q, K, V = Xp * Wq, Xp * Wk, Xp * Wv
S = Q * K.T
Sc = S / sp.sqrt(2)
A = softmax_rows(Sc)
C = A * V
Xa = Xp + C


def ln(row):
    # d = 2: (x - mean) / std is exactly [+1, -1] or [-1, +1] (the sign of a - b)
    sgn = 1 if sp.N(row[0] - row[1], 50) > 0 else -1
    return [sp.Integer(sgn), sp.Integer(-sgn)]


LN = sp.Matrix([ln(list(Xa.row(i))) for i in range(4)])
PRE = LN * W1
H = PRE.applyfunc(lambda v: sp.Max(v, 0))
F = H * W2
Xf = Xa + F
z = (Wout * Xf.row(3).T)[0]
yhat = 1 / (1 + sp.exp(-z))
Loss = -sp.log(yhat)
dz = yhat - 1
dWout = [dz * Xf[3, 0], dz * Xf[3, 1]]
dxf = [dz * Wout[0], dz * Wout[1]]
names = ["cat", "sat", "on", "mat"]

# embeddings and PE
for nm in names:
    e.given(e.line(f"| {nm}  | ") if nm != "on" else e.line("| on   | 2"), "embedding row")
for pos in range(4):
    L = e.line(f"pos={pos} (")
    e.claim(L, f"PE({pos})", e.lines[L - 1].split("= [")[-1].rstrip("]").replace(" ", "").split(","),
            [sp.sin(pos), sp.cos(pos)])
L = e.line("Recall: sin(1)=0.841")
e.claim(L, "sin 1, cos 1, sin 2, cos 2", ["0.841", "0.540", "0.909", "-0.416"], [sp.sin(1), sp.cos(1), sp.sin(2), sp.cos(2)])
e.claim(L + 1, "sin 3, cos 3", ["0.141", "-0.990"], [sp.sin(3), sp.cos(3)])
rows_pe = [("| cat      | [1.000, 0.500]", ["1.000", "0.500", "0.000", "1.000", "1.000", "1.500"]),
           ("| sat      | [0.200, 0.300]", ["0.200", "0.300", "0.841", "0.540", "1.041", "0.840"]),
           ("| on       | [0.100, 0.100]", ["0.100", "0.100", "0.909", "-0.416", "1.009", "-0.316"]),
           ("| mat      | [0.200, 0.400]", ["0.200", "0.400", "0.141", "-0.990", "0.341", "-0.590"])]
for i, (lab, pr) in enumerate(rows_pe):
    e.claim(e.line(lab), f"X, PE, X_pe row {names[i]}", pr, list(X.row(i)) + list(PE.row(i)) + list(Xp.row(i)))
L = e.line("Wq (query projection, 2×2):")
for i in (1, 2):
    e.given(L + i, "Wq / Wk rows")
L = e.line("Wv (value projection, 2×2):")
for i in (1, 2):
    e.given(L + i, "Wv rows")
e.given(e.line("d_ff = 4  (FFN hidden dim"), "d_ff = 4")
L = e.line("W1 (d_model × d_ff, shape 2×4):")
for i in (1, 2):
    e.given(L + i, "W1 rows, biases")
L = e.line("W2 (d_ff × d_model, shape 4×2):")
for i in (1, 2, 3, 4):
    e.given(L + i, "W2 rows, biases")
e.given(e.line("[0.5, 0.3]                       0"), "W_out, b_out")
# Q/K/V table
for i, nm in enumerate(names):
    L = e.line(f"| {nm}{' ' * (8 - len(nm))} | [", after=e.line("| Position | Q "))
    pr = e.lines[L - 1].replace("|", " ").replace("[", " ").replace("]", " ").replace(",", " ").split()[1:]
    e.claim(L, f"Q, K, V of {nm}", pr, list(Q.row(i)) + list(K.row(i)) + list(V.row(i)))
e.claim(e.line("√d_k = √2 = 1.414"), "sqrt(2)", "1.414", sp.sqrt(2))
# raw scores
hdr = {0: "Row 1 (cat query", 1: "Row 2 (sat query", 2: "Row 3 (on query", 3: "Row 4 (mat query"}
for i in range(4):
    L0 = e.line(hdr[i])
    e.given(L0, f"query of {names[i]} restated")
    for j in range(4):
        L = e.line(f"s_{i + 1},{j + 1} ", after=L0)
        txt = e.lines[L - 1]
        res = txt.split("= ")[-1].strip()
        e.claim(L, f"s_{i + 1},{j + 1}", res, S[i, j])
e.claim(e.line("Divided by √d_k = 1.414:"), "sqrt(2)", "1.414", sp.sqrt(2))
for i, nm in enumerate(names):
    L = e.line(f"| q_{nm}{' ' * (5 - len(nm))}|")
    pr = e.lines[L - 1].split("|")[2:6]
    e.claim(L, f"scaled row {nm}", [p.strip() for p in pr], list(Sc.row(i)))
# softmax rows
for i, nm in enumerate(names):
    L0 = e.line(f"Row {i + 1} ({nm}): softmax([")
    inside = e.lines[L0 - 1].split("softmax([")[1].rstrip("])").split(", ")
    e.claim(L0, f"scaled row {nm} restated", inside, list(Sc.row(i)))
    L = L0 + 2
    txt = e.lines[L - 1]
    exps = txt.split("[")[1].split("]")[0].split(", ")
    total = txt.split("sum=")[1].strip()
    e.claim(L, f"exp row {nm}", exps, [sp.exp(x) for x in Sc.row(i)])
    e.claim(L, f"sum row {nm}", total, sum(sp.exp(x) for x in Sc.row(i)))
    txt = e.lines[L]
    ws = txt.split("[")[1].split("]")[0].split(", ")
    e.claim(L + 1, f"A_{nm}", ws, list(A.row(i)))
L = e.line("Interpretation: cat attends MOST to itself (0.385), then sat (0.305)")
e.claim(L, "A[cat] restated", ["0.385", "0.305"], [A[0, 0], A[0, 1]])
L = e.line("Interpretation: sat attends most to cat (0.353), then itself (0.297)")
e.claim(L, "A[sat] restated", ["0.353", "0.297"], [A[1, 0], A[1, 1]])
L = e.line("Interpretation: on attends almost uniformly (range 0.193-0.307)")
e.claim(L, "A[on] range", ["0.193", "0.307"], [A[2, 3], A[2, 0]])
L = e.line("Interpretation: mat attends MOST to itself (0.260), then on (0.256)")
e.claim(L, "A[mat] restated", ["0.260", "0.256"], [A[3, 3], A[3, 2]])
for i, nm in enumerate(names):
    L = e.line(f"| q_{nm}{' ' * (5 - len(nm))}|", after=e.line("The whole matrix:"))
    pr = [p.strip() for p in e.lines[L - 1].split("|")[2:7]]
    e.claim(L, f"A row {nm} and its sum", pr, list(A.row(i)) + [1])
L = e.line("Context vectors C = A @ V, with v_cat=[1.250,1.250]")
e.claim(L, "v_cat, v_sat, v_on", ["1.250", "1.250", "1.085", "0.796", "0.712", "-0.019"],
        [V[0, 0], V[0, 1], V[1, 0], V[1, 1], V[2, 0], V[2, 1]])
e.claim(L + 1, "v_mat", ["0.096", "-0.345"], [V[3, 0], V[3, 1]])
for i, nm in enumerate(names):
    L0 = e.line(f"c_{nm} (A_{nm}=[")
    ws = e.lines[L0 - 1].split("=[")[1].split("]")[0].split(", ")
    e.claim(L0, f"A_{nm} restated", ws, list(A.row(i)))
    for d in range(2):
        Ld = e.line(f"dim{d}:", after=L0)
        e.given(Ld, "products written out")
        txt = e.lines[Ld]  # the line below: "= a + b - c - d = total"
        parts = txt.replace("=", " = ").split()
        nums, signs = [], []
        sign = 1
        for tok in parts:
            if tok == "-":
                sign = -1
            elif tok in ("+", "="):
                sign = 1
            elif tok[0] in "0123456789":
                nums.append(tok)
                signs.append(sign)
                sign = 1
        nums, signs = nums[:5], signs[:5]
        terms = [A[i, j] * V[j, d] for j in range(4)] + [C[i, d]]
        # a subtracted term is printed as its magnitude after " - "
        e.claim(Ld + 1, f"c_{nm}[{d}] terms (subtracted ones as magnitudes) and sum", nums,
                [t * sg for t, sg in zip(terms, signs)])
    L = e.line(f"c_{nm} = [", after=L0)
    pr = e.lines[L - 1].split("= [")[1].rstrip("]").split(", ")
    e.claim(L, f"c_{nm}", pr, list(C.row(i)))
# residual 1
L = e.line("cat: [1.000, 1.500] + [0.959, 0.679]")
for i in range(4):
    txt = e.lines[L - 1 + i]
    nums = txt.split(":", 1)[1].replace("[", " ").replace("]", " ").replace(",", " ").replace("+", " ").replace("=", " ").split()
    e.claim(L + i, f"X_pe + C = X_attn, {names[i]}", nums, list(Xp.row(i)) + list(C.row(i)) + list(Xa.row(i)))
L = e.line("cat: [-1.000, 1.000]")
for i in range(4):
    txt = e.lines[L - 1 + i]
    nums = txt.split(":", 1)[1].replace("[", " ").replace("]", " ").replace(",", " ").split()
    e.claim(L + i, f"LayerNorm {names[i]}", nums, list(LN.row(i)))
L = e.line("| cat      | [-1, 1]")
e.claim(L, "FFN cat", ["-1", "1", "-0.1", "-0.1", "0.1", "0.0", "0", "0", "0.1", "0", "0.030", "0.020"],
        list(LN.row(0)) + list(PRE.row(0)) + list(H.row(0)) + list(F.row(0)))
e.claim(L + 1, "FFN sat", ["1", "-1", "0.1", "0.1", "-0.1", "0.0", "0.1", "0.1", "0", "0", "0.070", "0.070"],
        list(LN.row(1)) + list(PRE.row(1)) + list(H.row(1)) + list(F.row(1)))
e.claim(L + 2, "FFN on", ["1", "-1", "0.070", "0.070"], list(LN.row(2)) + list(F.row(2)))
e.claim(L + 3, "FFN mat", ["1", "-1", "0.070", "0.070"], list(LN.row(3)) + list(F.row(3)))
L = e.line("cat: [1.959, 2.179] + [0.030, 0.020]")
for i in range(4):
    txt = e.lines[L - 1 + i]
    nums = txt.split(":", 1)[1].replace("[", " ").replace("]", " ").replace(",", " ").replace("+", " ").replace("=", " ").split()
    e.claim(L + i, f"X_attn + FFN = X_final, {names[i]}", nums, list(Xa.row(i)) + list(F.row(i)) + list(Xf.row(i)))
e.given(e.line("z = W_out · x_final_mat + b_out"), "formula")
L = e.line("= [0.5, 0.3] · [1.183, -0.121] + 0")
e.claim(L, "x_final_mat", ["1.183", "-0.121"], list(Xf.row(3)))
e.claim(L + 1, "x_final_mat", ["1.183", "-0.121"], list(Xf.row(3)))
e.claim(L + 2, "products (the second as a magnitude after \" - \")", ["0.592", "0.036"], [Wout[0] * Xf[3, 0], -Wout[1] * Xf[3, 1]])
e.claim(L + 3, "z", "0.556", z)
e.claim(e.line("ŷ = σ(0.556) = 1/(1+e^(-0.556)) = 1/1.574 = 0.635"), "z, 1 + e^-z, ŷ",
        ["0.556", "1.574", "0.635"], [z, 1 + sp.exp(-z), yhat])
e.given(e.line('Target y = 1 ("mat" IS in the sentence)'), "label")
e.claim(e.line("ŷ = 0.635", after=e.line('Target y = 1')), "ŷ", "0.635", yhat)
e.claim(e.line("= -[1·log(0.635) + 0·log(0.365)]"), "ŷ, 1 − ŷ", ["0.635", "0.365"], [yhat, 1 - yhat])
e.claim(e.line("= -log(0.635)"), "ŷ", "0.635", yhat)
e.claim(e.line("= 0.454"), "loss", "0.454", Loss)
e.claim(e.line("∂L/∂z = ŷ - y = 0.635 - 1 = -0.365"), "ŷ, ∂L/∂z", ["0.635", "-0.365"], [yhat, dz])
e.claim(e.line("Derivation: ∂L/∂ŷ = -1/ŷ = -1.574"), "∂L/∂ŷ, ŷ, 1 − ŷ, σ', ∂L/∂z",
        ["-1.574", "0.635", "0.365", "0.232", "-0.365"], [-1 / yhat, yhat, 1 - yhat, yhat * (1 - yhat), dz])
e.claim(e.line("W_out[0] = ∂L/∂z × x_final_mat[0]"), "∂L/∂W_out[0]", ["-0.365", "1.183", "-0.432"], [dz, Xf[3, 0], dWout[0]])
e.claim(e.line("W_out[1] = ∂L/∂z × x_final_mat[1]"), "∂L/∂W_out[1]", ["-0.365", "-0.121", "0.044"], [dz, Xf[3, 1], dWout[1]])
e.claim(e.line("∂L/∂W_out = [-0.432, +0.044]"), "∂L/∂W_out", ["-0.432", "0.044"], dWout)
e.claim(e.line("∂L/∂x_final_mat[0] = ∂L/∂z × W_out[0]"), "∂L/∂x_final[0]", ["-0.365", "-0.183"], [dz, dxf[0]])
e.claim(e.line("∂L/∂x_final_mat[1] = ∂L/∂z × W_out[1]"), "∂L/∂x_final[1]", ["-0.365", "-0.110"], [dz, dxf[1]])
e.claim(e.line("∂L/∂x_final_mat = [-0.183, -0.110]"), "∂L/∂x_final", ["-0.183", "-0.110"], dxf)
e.claim(e.line("∂L/∂c_mat = [-0.183, -0.110]; the author"), "∂L/∂c_mat", ["-0.183", "-0.110"], dxf)
e.claim(e.line("∂L/∂C = [[0,0],[0,0],[0,0],[-0.183,-0.110]]"), "∂L/∂C row 4", ["-0.183", "-0.110"], dxf)
e.claim(e.line("= [0.118, 0.142, 0.193, 0.260]"), "column 4 of A (A[:, mat])", ["0.118", "0.142", "0.193", "0.260"],
        list(A.col(3)))
for j in range(4):
    L = e.line(f"∂L/∂V[{j + 1}] = A[4,{j + 1}] × ∂L/∂c_mat")
    txt = e.lines[L - 1]
    coef = txt.split("= ")[2].split(" ×")[0]
    res = txt.split("= ")[-1].strip().strip("[]").split(",")
    e.claim(L, f"∂L/∂V[{j + 1}] = A[mat,{j + 1}] · ∂L/∂c_mat", [coef] + res,
            [A[3, j]] + [A[3, j] * dxf[0], A[3, j] * dxf[1]])
# causes: the author works with three-decimal operands throughout, so most differences are drift; the slips and
# what they carry are named here by a text on their line.
SLIPS = ("| q_on   | 0.485", "c_on = [0.848, 0.507]", "∂L/∂V[1] = A[4,1]")
CARRIED = ("Row 3 (on): softmax([0.485", "exp: [1.624, 1.411", "A_on = [0.307", "range 0.193-0.307",
           "| q_on   | 0.307", "c_on (A_on=[0.307", "= 0.384 + 0.290", "= 0.384 + 0.213", "on:  [1.009,-0.316] + [0.848",
           "on:  [1.857, 0.191] + [0.070", "= [0.118, 0.142, 0.193, 0.260]")
for ln_no, ent in e.verdicts.items():
    text = e.lines[ln_no - 1]
    cause = "slip" if any(k in text for k in SLIPS) else "carried" if any(k in text for k in CARRIED) else "drift"
    for c in ent["claims"]:
        if "wrong" in c:
            c["cause"] = cause
e.done()
