# Expected verdicts for fr-basic-thomasbrvn-creation-llm-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the "Exemple numérique simplifié" gives Q = K = [[1,0],[0,1],[1,1]], V = [[1,2],[3,4],[5,6]], d_k = 2;
#   scaled dot-product attention, row softmax. Q Kᵀ = [[1,0,1],[0,1,1],[1,1,2]]; / √2 -> 0.71 / 0.00 / 1.41 agree.
# Wrong lines (all slips, the softmax rows; the author's rounded 0.71/1.41 give the same 2-place values as the exact ones):
#   row 1 printed [0.39, 0.22, 0.39], exact softmax(1/√2, 0, 1/√2) = [0.401112, 0.197776, 0.401112] -> 0.40, 0.20, 0.40;
#   row 2 printed [0.22, 0.39, 0.39], exact [0.197776, 0.401112, 0.401112];
#   row 3 printed [0.26, 0.26, 0.48], exact softmax(1/√2, 1/√2, √2) = [0.248255, 0.248255, 0.503490] -> 0.25, 0.25, 0.50.
#   RoPE: "θ₂ = 1/10000^0.031 = 0.90": with d_k = 64 (the per-head size of Partie 5; θ₃₂ implies 32 pairs) the exponent
#   2·1/64 = 0.03125 -> 0.031 agrees, but θ₂ = 10000^(-1/32) = 0.749894 (10000^-0.031 = 0.751623), not 0.90 -> wrong (slip).
# Agreeing lines: softmax(2, 1, -∞) = [0.731059, 0.268941, 0] -> 0.73 / 0.27 / 0.00; 64² = 4,096, 256² = 65,536,
#   1024² = 1,048,576; rotation angles 0·θ and 2θ at positions 0 and 2; 384 / 6 = 64 per head and the (32, 128, 64) / (32, 128, 384) shapes; θ₁ = 10000^0 = 1.0;
#   θ₃₂ = 10000^(-62/64) = 0.000133 -> 0.0001 at 4 places (the printed exponent 1 is the author's rounding of
#   62/64 = 0.96875 and is not claimed; 1/10000^1 = 0.0001 gives the same value); 50% / 30% / 20% restate 0.5 / 0.3 / 0.2.
# The masked-score matrix and the party weights are illustrative inputs (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="fr", topics=["basic", "mask", "mha", "rope", "code-block"])

# Partie 3: party weights, O(n^2) counts
e.given(e.line("Toi → [Alice: 0.5, Bob: 0.3, Claire: 0.2]"), "illustrative weights 0.5 / 0.3 / 0.2")
L = e.line("Tu absorbes 50% d'Alice")
e.claim(L, "percentages restating the weights", ["50%", "30%", "20%"], [R(1, 2), R(3, 10), R(1, 5)])
for n, printed in ((64, "4,096"), (256, "65,536"), (1024, "1,048,576")):
    L = e.line(printed)
    number_claim(e, L, f"{n}² comparisons", printed, sp.Integer(n) ** 2)

# Partie 4: masked scores (illustrative), softmax of [2, 1, -inf]
L = e.line("scores (avant masque):")
for k in range(1, 4):
    e.given(L + k, f"illustrative scores row {k} and its masked copy")
L = e.line("scores: [2.0, 1.0, -∞]")
e.given(L, "scores 2.0, 1.0, -inf")
den = sp.exp(2) + sp.exp(1)
e.claim(L, "softmax of [2, 1, -inf]", ["0.73", "0.27", "0.00"], [sp.exp(2) / den, sp.exp(1) / den, 0])

# Exemple numérique simplifié
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], [1, 1]])
V = M([[1, 2], [3, 4], [5, 6]])
e.given(e.line("3 tokens, d_k = 2 :"), "3 tokens, d_k = 2")
L = e.line("Q = [[1, 0],    K = [[1, 0],")
for k in range(3):
    e.given(L + k, f"Q, K, V row {k + 1}")
raw = Q * K.T
S = raw / sp.sqrt(2)
A = softmax_rows(S)
L = e.line("scores = Q @ Kᵀ = [[1, 0, 1],")
e.rows([L, L + 1, L + 2], "Q Kᵀ", [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]], raw)
L = e.line("scores / √2 = [[0.71, 0.00, 0.71],")
e.rows([L, L + 1, L + 2], "Q Kᵀ / √2",
       [["0.71", "0.00", "0.71"], ["0.00", "0.71", "0.71"], ["0.71", "0.71", "1.41"]], S)
L = e.line("weights = softmax(...) ≈ [[0.39, 0.22, 0.39],")
e.rows([L, L + 1, L + 2], "softmax weights",
       [["0.39", "0.22", "0.39"], ["0.22", "0.39", "0.39"], ["0.26", "0.26", "0.48"]], A)

# Partie 5: multi-head sizes
d_model, n_heads = 384, 6
d_k = sp.Integer(d_model) / n_heads
e.claim(e.line("384 dimensions et 6 têtes"), "head size 384 / 6", "64", d_k)
e.given(e.line("d_model = 384"), "d_model = 384")
e.given(e.line("n_heads = 6"), "n_heads = 6")
e.claim(e.line("d_k = d_model / n_heads = 64"), "d_k = 384 / 6", "64", d_k)
e.given(e.line("Modèle : d_model=384, n_heads=6"), "d_model, n_heads")
e.given(e.line("Entrée: (batch=32, seq=128, d_model=384)"), "batch 32, seq 128, d_model 384")
e.claim(e.line("Q, K, V: (32, 128, 64)"), "per-head Q/K/V width", "64", d_k)
e.claim(e.line("scores:  (32, 128, 128)"), "scores are seq x seq", ["128", "128"], [128, 128])
e.claim(e.line("output:  (32, 128, 64)"), "per-head output width", "64", d_k)
e.claim(e.line("Concat: (32, 128, 384)"), "6 heads x 64", "384", n_heads * d_k)
e.claim(e.line("Après W_O: (32, 128, 384)"), "W_O keeps d_model", "384", d_model)

# Partie 6: the rotation angle is pos × θ
e.claim(e.line("Position 0 → rotation de 0°"), "angle at position 0 is 0·θ", "0", 0)
e.claim(e.line("Position 2 → rotation de 2θ°"), "angle at position 2 is 2·θ (multiplier)", "2", 2)

# Partie 6: RoPE frequencies, d_k = 64 per head -> 32 pairs, theta_k = 10000^(-2(k-1)/64)
theta = lambda k: sp.Integer(10000) ** (-R(2 * (k - 1), 64))
e.claim(e.line("θ₁ = 1/10000^0"), "θ₁ = 10000^0", "1.0", theta(1))
L = e.line("θ₂ = 1/10000^0.031")
e.claim(L, "exponent 2·1/64", "0.031", R(2, 64))
e.claim(L, "θ₂ = 10000^(-1/32)", "0.90", theta(2))
e.claim(e.line("θ₃₂ = 1/10000^1"), "θ₃₂ = 10000^(-62/64)", "0.0001", theta(32))
e.done()
