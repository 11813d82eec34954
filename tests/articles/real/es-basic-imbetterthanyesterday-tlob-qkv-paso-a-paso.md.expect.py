# Expected verdicts for es-basic-imbetterthanyesterday-tlob-qkv-paso-a-paso.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish project note (TLOB, limit-order-book Transformer) that explains Q/K/V attention with small examples and then
# works a 3x3 example by hand.
# Inputs: warm-up Q = [[1,2],[3,4]], K^T = [[1,0],[2,1]]; scaled row [5/sqrt2, 2/sqrt2]; V = [[10,20],[30,40]];
#   main example X = [[0.523,0.145,-0.412],[0.634,0.223,-0.398],[0.478,0.189,-0.425]],
#   W_Q = [[0.2,0.3,0.1],[0.4,0.1,0.2],[0.3,0.2,0.4]], W_K = [[0.1,0.4,0.2],[0.3,0.2,0.3],[0.2,0.1,0.5]],
#   W_V = [[0.5,0.2,0.1],[0.1,0.4,0.3],[0.2,0.3,0.4]], d_k = 3.
# Exact values: warm-up scores [[5,2],[11,4]] (right); [5/sqrt2, 2/sqrt2] = [3.5355, 1.4142] -> [3.54, 1.41] (right);
#   softmax = [0.89296, 0.10704]; output = [30 - 20 w0, 40 - 20 w0] = [12.1408, 22.1408].
#   Q = XW_Q = [[0.039, 0.089, -0.0835], [0.0966, 0.1329, -0.0512], [0.0437, 0.0773, -0.0844]];
#   K = XW_K = [[0.0134, 0.197, -0.0579], [0.0507, 0.2584, -0.0053], [0.0195, 0.1865, -0.0602]];
#   V = XW_V = [[0.1936, 0.039, -0.069], [0.2597, 0.0966, -0.0289], [0.1729, 0.0437, -0.0655]];
#   QK^T = [[0.02289, 0.025417, 0.022386], [0.03044, 0.03951, 0.029752], [0.0207, 0.022637, 0.020349]];
#   /sqrt3 = [[0.013216, 0.014675, 0.012924], [0.017575, 0.022811, 0.017177], [0.011951, 0.01307, 0.011749]];
#   softmax = [[0.333204, 0.33369, 0.333106], [0.332795, 0.334542, 0.332663], [0.333232, 0.333604, 0.333164]];
#   output = [[0.208762, 0.059786, -0.054453], [0.208827, 0.059833, -0.054421], [0.208755, 0.059781, -0.054456]];
#   output - X = [[-0.314238, -0.085214, 0.357547], [-0.425173, -0.163167, 0.343579], [-0.269245, -0.129219, 0.370544]].
# Wrong lines and causes:
#   - warm-up softmax [0.894, 0.106] (right is [0.893, 0.107]) and everything built on it: the author rounded the scores
#     to 3.54 / 1.41 first (drift): 89.4 % / 10.6 %, the restated weights, and the output [12.12, 22.12] (right
#     [12.14, 22.14]). The explicit intermediate lines e^3.54 = 34.47, e^1.41 = 4.10 and [8.94, 17.88] + [3.18, 4.24]
#     are right as written from the rounded operands: ambiguous (policy 5).
#   - Q rows 2 and 3 are slips (row 1 is right: [0.0390, 0.0890, -0.0835]); all of K and V are slips.
#   - Scores[0,1] expansion restates the wrong K[1] (carried); the term 0.0390 x 0.0341 is printed 0.001331 (it is
#     0.0013299, a slip even from the author's numbers; exact term 0.0019773); the sum 0.040901 (exact 0.025417) carried.
#   - the printed Scores matrix disagrees even with the author's own Q K^T (e.g. 0.0372 vs 0.037988): slip, all rows;
#     the restated Scores[1,1] = 0.0473 and Scores[2,0] = 0.0345 are carried.
#   - scaled scores are the author's Scores / sqrt3, right from them: carried.
#   - e^0.0215.. = [1.0217, 1.0239, 1.0210] and sum 3.0666 are right from the author's scaled scores: carried;
#     the weights [0.3331, 0.3339, 0.3330] do not even follow from 1.0217/3.0666 (= 0.3332, 0.3339, 0.3329): slip.
#     Weight rows 2 and 3 are slips too (from the author's own scaled rows they would be [0.3332, 0.3339, 0.3329] and
#     [0.3332, 0.3339, 0.3330]). Exactly row 3 entry 1 (0.3332) is right; the rest of the rows are wrong.
#   - the output-row-0 products and sum are right from the author's weights and V: carried; output rows 2 and 3
#     ([0.2318, 0.1090, -0.0292], [0.2313, 0.1087, -0.0296]) disagree with the author's own weights @ V
#     ([0.2316, 0.1089, -0.0295], [0.2315, 0.1089, -0.0295]): slip. Their restatements in the printout and the
#     differences output - X (right from the author's output) are carried.
# Right: warm-up scores, sqrt(512) ~ 22.6, softmax([60,0,-60]) ~ [1.0, 0.0, 0.0], softmax([3,0,-3]) ~ [0.95, 0.05, 0.0],
#   Var = 1, Q[0] and its products, sqrt3 ~ 1.732, the row sums [1.0, 1.0, 1.0], 0.333 ~ 1/3, 128^2 = 16,384,
#   40^2 = 1,600, 32*256 = 8,192 floats ~ 32 KB (32 KiB at 4 bytes a float), 32*8*128*128 = 4,194,304 floats ~ 16 MB
#   (16 MiB).
# Ambiguous: the "typical ranges" [-60, 60] and [-3, 3] (rough ranges), and the explicit arithmetic on rounded
#   operands named above.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="es", topics=["basic", "complexity", "code-block-matrices", "latex-bmatrix"])

# --- warm-up: scores ---------------------------------------------------------------------
Qw = M([["1", "2"], ["3", "4"]])
KTw = M([["1", "0"], ["2", "1"]])
Sw = Qw * KTw
L = e.line("Q = [[1, 2],      K^T = [[1, 0],")
e.given(L, "warm-up Q row 1 and K^T row 1")
e.given(L + 1, "warm-up Q row 2 and K^T row 2")
L = e.line("Scores = [[1×1 + 2×2,  1×0 + 2×1],     [[5,  2],")
e.claim(L, "warm-up scores row 1", ["5", "2"], Sw.row(0))
e.claim(L + 1, "warm-up scores row 2", ["11", "4"], Sw.row(1))

# --- warm-up: scaling ----------------------------------------------------------------------
e.given(e.line("Para $d_k = 512$"), "d_k = 512 and q, k ~ N(0, 1)")
e.claim(e.line("- $E[QK^T] = 0$"), "mean of q.k", ["0"], [0])
e.claim(e.line("- $\\text{Var}[QK^T] = d_k = 512$"), "variance of q.k = d_k", ["512"], [512])
e.ambiguous(e.line("Valores típicos: $QK^T \\in [-60, 60]$"), "a rough typical range (about 2.7 standard deviations of 22.6), not a computed value")
e.claim(e.line("\\sqrt{d_k} = \\sqrt{512} \\approx 22.6"), "sqrt(512)", ["512", "22.6"], [512, sp.sqrt(512)])
e.claim(e.line("\\text{Var}\\left[\\frac{QK^T}{\\sqrt{d_k}}\\right] = 1"), "variance after scaling", ["1"], [1])
e.ambiguous(e.line("\\in [-3, 3]$"), "a rough typical range of the scaled scores, not a computed value")
e.claim(e.line("\\text{softmax}([60, 0, -60])"), "softmax of [60, 0, -60]", ["1.0", "0.0", "0.0"],
        softmax_rows(sp.Matrix([[60, 0, -60]])))
e.claim(e.line("\\text{softmax}([3, 0, -3])"), "softmax of [3, 0, -3]", ["0.95", "0.05", "0.0"],
        softmax_rows(sp.Matrix([[3, 0, -3]])))

# --- warm-up: softmax -----------------------------------------------------------------------
s2 = sp.Matrix([[5 / sp.sqrt(2), 2 / sp.sqrt(2)]])
w2 = softmax_rows(s2)
e.claim(e.line("# Scaled scores = [5/√2, 2/√2] ≈ [3.54, 1.41]"), "5/sqrt2, 2/sqrt2", ["3.54", "1.41"], s2)
e.given(e.line("scores = [3.54, 1.41]"), "rounded scaled scores restated")
e.ambiguous(e.line("exp_scores = [e^3.54, e^1.41] = [34.47, 4.10]"),
            "exponentials of the rounded scores 3.54 and 1.41 (right as written); end to end e^(5/sqrt2) = 34.30, e^(2/sqrt2) = 4.11")
e.ambiguous(e.line("weights = [34.47/(34.47+4.10), 4.10/(34.47+4.10)]"),
            "the ratio written with the rounded exponentials 34.47 and 4.10")
e.claim(e.line("= [0.894, 0.106]"), "softmax of [5/sqrt2, 2/sqrt2]", ["0.894", "0.106"], w2, cause="drift")
e.claim(e.line("Query 0 atiende 89.4% a key 0 y 10.6% a key 1."), "weights as percentages", ["89.4%", "10.6%"], w2,
        cause="drift")

# --- warm-up: weighted sum ------------------------------------------------------------------
Vw = M([["10", "20"], ["30", "40"]])
ow = w2 * Vw
e.given(e.line("# Attention weights (de paso 3)"), "step number in a comment")
e.claim(e.line("weights = [[0.894, 0.106]]  # 1 query, 2 keys"), "weights restated", ["0.894", "0.106"], w2,
        cause="drift")
L = e.line("V = [[10, 20],    # value para key 0")
e.given(L, "V row 1")
e.given(L + 1, "V row 2")
L = e.line("output = 0.894 * [10, 20] + 0.106 * [30, 40]")
e.claim(L, "weights in the mixing sum", ["0.894", "0.106"], w2, cause="drift")
e.ambiguous(e.line("= [8.94, 17.88] + [3.18, 4.24]"),
            "products of the rounded weights 0.894 / 0.106 with V (right as written); end to end [8.93, 17.86] + [3.21, 4.28]")
e.claim(e.line("= [12.12, 22.12]"), "weighted sum of V", ["12.12", "22.12"], ow, cause="drift")

# --- main example: inputs ---------------------------------------------------------------------
X = M([["0.523", "0.145", "-0.412"], ["0.634", "0.223", "-0.398"], ["0.478", "0.189", "-0.425"]])
WQ = M([["0.2", "0.3", "0.1"], ["0.4", "0.1", "0.2"], ["0.3", "0.2", "0.4"]])
WK = M([["0.1", "0.4", "0.2"], ["0.3", "0.2", "0.3"], ["0.2", "0.1", "0.5"]])
WV = M([["0.5", "0.2", "0.1"], ["0.1", "0.4", "0.3"], ["0.2", "0.3", "0.4"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / sp.sqrt(3)
A = softmax_rows(Ss)
O = A * V

e.given(e.line("# Simplificación: 3 timesteps, 3 features (en lugar de 128×40)"), "3 x 3 instead of 128 x 40")
for k, tag in enumerate(["# t=0", "# t=1", "# t=2"]):
    e.given(e.line(tag), f"X row {k + 1}")
e.given(e.line("# Shape: (3, 3) = (seq_len, hidden_dim)"), "shape of X")
e.given(e.line("# Matrices de pesos (3×3 para simplificar)"), "3 x 3 weights")
for name in ["W_Q = np.array([", "W_K = np.array([", "W_V = np.array(["]:
    L = e.line(name)
    for k in range(3):
        e.given(L + 1 + k, f"{name[:3]} row {k + 1}")
e.given(e.line("Q = X @ W_Q  # (3, 3) @ (3, 3) = (3, 3)"), "shape comment")

# --- Q[0] worked out -------------------------------------------------------------------------
L = e.line("Q[0] = X[0] \\cdot W_Q = [0.523, 0.145, -0.412]")
e.given(L, "X[0] and W_Q restated")
e.given(e.line("= [0.523 \\times 0.2 + 0.145 \\times 0.4 + (-0.412) \\times 0.3,"), "column 1 written out")
e.given(e.line("   0.523 \\times 0.3 + 0.145 \\times 0.1 + (-0.412) \\times 0.2,"), "column 2 written out")
e.given(e.line("   0.523 \\times 0.1 + 0.145 \\times 0.2 + (-0.412) \\times 0.4]"), "column 3 written out")
L = e.line("= [0.1046 + 0.0580 - 0.1236")
x0 = X.row(0)
terms = [[x0[i] * WQ[i, j] for i in range(3)] for j in range(3)]
e.claim(L, "products for Q[0] (third term of each column written as '- |t|')",
        ["0.1046", "0.0580", "0.1236", "0.1569", "0.0145", "0.0824", "0.0523", "0.0290", "0.1648"],
        [abs(t) for col in terms for t in col])
e.claim(e.line("Q[0] = [0.0390, \\quad 0.0890, \\quad -0.0835]"), "Q[0]", ["0.0390", "0.0890", "-0.0835"], Q.row(0))

# --- Q, K, V tables ---------------------------------------------------------------------------
e.claim(e.line("[ 0.0390,  0.0890, -0.0835],  # query para t=0"), "Q row 1", ["0.0390", "0.0890", "-0.0835"], Q.row(0))
e.claim(e.line("# query para t=1"), "Q row 2", ["0.0649", "0.1124", "-0.0672"], Q.row(1))
e.claim(e.line("# query para t=2"), "Q row 3", ["0.0301", "0.0851", "-0.0918"], Q.row(2))
Kp = [["0.0126", "0.2954", "-0.1342"], ["0.0341", "0.3278", "-0.1245"], ["0.0089", "0.2881", "-0.1421"]]
Vp = [["0.2277", "0.1034", "-0.0338"], ["0.2545", "0.1243", "-0.0102"], ["0.2124", "0.0989", "-0.0445"]]
for k in range(3):
    e.claim(e.line(f"# key para t={k}"), f"K row {k + 1}", Kp[k], K.row(k))
    e.claim(e.line(f"# value para t={k}"), f"V row {k + 1}", Vp[k], V.row(k))

# --- Scores[0, 1] worked out ------------------------------------------------------------------
e.given(e.line("\\text{Scores}[0, 1] = Q[0] \\cdot K[1]"), "indices of the worked entry")
L = e.line("= [0.0390, 0.0890, -0.0835] \\cdot [0.0341, 0.3278, -0.1245]")
e.claim(L, "Q[0] restated", ["0.0390", "0.0890", "-0.0835"], Q.row(0))
e.claim(L, "K[1] restated", ["0.0341", "0.3278", "-0.1245"], K.row(1), cause="carried")
L = e.line("= 0.0390 \\times 0.0341 + 0.0890 \\times 0.3278")
e.claim(L, "K[1] entries in the products", ["0.0341", "0.3278", "-0.1245"], K.row(1), cause="carried")
L = e.line("= 0.001331 + 0.029174 + 0.010396 = 0.040901")
t01 = [Q[0, j] * K[1, j] for j in range(3)]
e.claim(L, "first term 0.0390 x 0.0341 (0.0013299 even from the printed factors)", ["0.001331"], [t01[0]])
e.claim(L, "second and third terms (right from the wrong K[1])", ["0.029174", "0.010396"], t01[1:], cause="carried")
e.claim(L, "Scores[0,1]", ["0.040901"], [S[0, 1]], cause="carried")

# --- Scores matrix (disagrees even with the author's own Q K^T) -------------------------------
Sp = [["0.0372", "0.0409", "0.0360"], ["0.0433", "0.0473", "0.0418"], ["0.0345", "0.0379", "0.0333"]]
L = e.line("Scores = np.array([")
e.rows([L + 1, L + 2, L + 3], "QK^T", Sp, S)
e.claim(e.line("- `Scores[1, 1] = 0.0473` es el más alto"), "Scores[1,1] restated", ["0.0473"], [S[1, 1]], cause="carried")
e.claim(e.line("- `Scores[2, 0] = 0.0345`"), "Scores[2,0] restated", ["0.0345"], [S[2, 0]], cause="carried")

# --- scaling --------------------------------------------------------------------------------
e.given(e.line("Aquí $d_k = 3$:"), "d_k = 3")
e.given(e.line("d_k = 3", after=e.line("Aquí $d_k = 3$:")), "d_k = 3 (code)")
e.claim(e.line("# Dividir por √3 ≈ 1.732"), "sqrt3", ["1.732"], [sp.sqrt(3)])
Ssp = [["0.0215", "0.0236", "0.0208"], ["0.0250", "0.0273", "0.0241"], ["0.0199", "0.0219", "0.0192"]]
L = e.line("scaled_scores = np.array([")
e.rows([L + 1, L + 2, L + 3], "scaled scores (author's Scores / sqrt3)", Ssp, Ss, cause="carried")

# --- softmax row 0 worked out --------------------------------------------------------------
e.claim(e.line("\\text{softmax}([0.0215, 0.0236, 0.0208])"), "scaled row 1 restated (also in the exponents)",
        ["0.0215", "0.0236", "0.0208"], Ss.row(0), cause="carried")
e.claim(e.line("exp_values = [np.exp(0.0215), np.exp(0.0236), np.exp(0.0208)]"), "scaled row 1 restated",
        ["0.0215", "0.0236", "0.0208"], Ss.row(0), cause="carried")
ex0 = [sp.exp(Ss[0, j]) for j in range(3)]
e.claim(e.line("= [1.0217, 1.0239, 1.0210]"), "exponentials of row 1", ["1.0217", "1.0239", "1.0210"], ex0,
        cause="carried")
e.claim(e.line("sum_exp = 1.0217 + 1.0239 + 1.0210 = 3.0666"), "exponentials and their sum",
        ["1.0217", "1.0239", "1.0210", "3.0666"], ex0 + [sum(ex0)], cause="carried")
e.claim(e.line("weights = [1.0217/3.0666, 1.0239/3.0666, 1.0210/3.0666]"), "ratios restated",
        ["1.0217", "3.0666", "1.0239", "1.0210"], [ex0[0], sum(ex0), ex0[1], ex0[2]], cause="carried")
e.claim(e.line("= [0.3331, 0.3339, 0.3330]"), "softmax row 1 (1.0217/3.0666 = 0.3332, 1.0210/3.0666 = 0.3329)",
        ["0.3331", "0.3339", "0.3330"], A.row(0))

# --- weight matrix ----------------------------------------------------------------------------
Ap = [["0.3331", "0.3339", "0.3330"], ["0.3330", "0.3339", "0.3331"], ["0.3332", "0.3337", "0.3331"]]
L = e.line("attention_weights = np.array([")
e.rows([L + 1, L + 2, L + 3], "softmax rows (not even from the author's scaled scores)", Ap, A)
e.claim(e.line("(cada peso ≈ 0.333 = 1/3)"), "each weight about 1/3", ["0.333", "1/3"], [R(1, 3), R(1, 3)])
e.claim(e.line("attention_weights.sum(axis=1)  # [1.0, 1.0, 1.0]"), "row sums", ["1.0", "1.0", "1.0"],
        [sum(A.row(i)) for i in range(3)])

# --- output row 0 worked out ------------------------------------------------------------------
e.given(e.line("output = attention_weights @ V  # (3, 3) @ (3, 3) = (3, 3)"), "shape comment")
e.given(e.line("\\text{output}[0] = \\sum_{j=0}^{2}"), "sum over the three keys")
Vpm = M(Vp)
Apm = M(Ap)
L = e.line("= 0.3331 \\times [0.2277, 0.1034, -0.0338]")
e.claim(L, "weight 1 and V[0] restated", ["0.3331", "0.2277", "0.1034", "-0.0338"], [A[0, 0]] + list(V.row(0)),
        cause="carried")
L = e.line("+ 0.3339 \\times [0.2545, 0.1243, -0.0102]")
e.claim(L, "weight 2 and V[1] restated", ["0.3339", "0.2545", "0.1243", "-0.0102"], [A[0, 1]] + list(V.row(1)),
        cause="carried")
L = e.line("+ 0.3330 \\times [0.2124, 0.0989, -0.0445]")
e.claim(L, "weight 3 and V[2] restated", ["0.3330", "0.2124", "0.0989", "-0.0445"], [A[0, 2]] + list(V.row(2)),
        cause="carried")
L = e.line("= [0.0758, 0.0344, -0.0113] + [0.0850, 0.0415, -0.0034]")
parts = [A[0, j] * V.row(j) for j in range(3)]
e.claim(L, "weighted value rows (right from the author's weights and V)",
        ["0.0758", "0.0344", "-0.0113", "0.0850", "0.0415", "-0.0034", "0.0707", "0.0329", "-0.0148"],
        [list(p) for p in parts], cause="carried")
e.claim(e.line("\\text{output}[0] = [0.2315, 0.1088, -0.0295]"), "output row 1", ["0.2315", "0.1088", "-0.0295"],
        O.row(0), cause="carried")

# --- output matrix ----------------------------------------------------------------------------
Op = [["0.2315", "0.1088", "-0.0295"], ["0.2318", "0.1090", "-0.0292"], ["0.2313", "0.1087", "-0.0296"]]
e.claim(e.line("# representación atendida de t=0"), "output row 1", Op[0], O.row(0), cause="carried")
e.claim(e.line("# representación atendida de t=1"), "output row 2 (author's weights @ V gives 0.2316, 0.1089, -0.0295)",
        Op[1], O.row(1))
e.claim(e.line("# representación atendida de t=2"), "output row 3 (author's weights @ V gives 0.2315, 0.1089, -0.0295)",
        Op[2], O.row(2))

# --- printed comparison -----------------------------------------------------------------------
L = e.line("Input X:", after=e.line("print(output - X)"))
for k in range(3):
    e.given(L + 1 + k, f"X row {k + 1} printed")
L = e.line("Output (después de atención):", after=L)
Ops = [["0.2315", "0.1088", "-0.0295"], ["0.2318", "0.1090", "-0.0292"], ["0.2313", "0.1087", "-0.0296"]]
e.rows([L + 1, L + 2, L + 3], "output printed again", Ops, O, cause="carried")
L = e.line("Diferencia:", after=L)
Dp = [["-0.2915", "-0.0362", "0.3825"], ["-0.4022", "-0.1140", "0.3688"], ["-0.2467", "-0.0803", "0.3954"]]
e.rows([L + 1, L + 2, L + 3], "output - X (right from the author's output)", Dp, O - X, cause="carried")

# --- cost ----------------------------------------------------------------------------------
e.given(e.line("- n = 128, d = 40"), "n = 128, d = 40")
number_claim(e, e.line("- Atención temporal: 128² = 16,384 operaciones"), "128^2", "16,384", 128 ** 2)
number_claim(e, e.line("- Atención spatial: 40² = 1,600 operaciones"), "40^2", "1,600", 40 ** 2)
L = e.line("= 32 * 256 = 8,192 floats ≈ 32 KB")
number_claim(e, L, "32 * 256", "8,192", 32 * 256)
number_claim(e, L, "8,192 floats of 4 bytes", "32", [("decimal kB", R(32 * 256 * 4, 10**3)), ("binary KiB", R(32 * 256 * 4, 2**10))])
L = e.line("= 32 * 8 * 128 * 128 = 4,194,304 floats ≈ 16 MB")
number_claim(e, L, "32 * 8 * 128 * 128", "4,194,304", 32 * 8 * 128 * 128)
number_claim(e, L, "4,194,304 floats of 4 bytes", "16",
             [("decimal MB", R(4194304 * 4, 10**6)), ("binary MiB", R(4194304 * 4, 2**20))])
e.done()
