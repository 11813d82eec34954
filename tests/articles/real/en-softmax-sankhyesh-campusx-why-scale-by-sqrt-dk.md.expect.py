# Expected verdicts for en-softmax-sankhyesh-campusx-why-scale-by-sqrt-dk.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English study notes (CampusX deep-learning series, day 74) on why attention scores are divided by sqrt(d_k); most numbers
# sit inside Mermaid node labels, the rest in plain-text code blocks.
# Inputs: E_money = [2,1,3], E_bank = [1,2,1], E_grows = [0,1,2]; W_Q, W_K, W_V (3x3); printed q and k vectors
#   q = [2,1,3], [1,2,1], [0,1,2], k = [1,0,2], [2,1,0], [1,3,1]; d_k = 3; a second "Original Matrix"
#   [[5,10,7],[6,5,3],[4,7,2]]; the list [10,...,70]; variances 16.33, 17.33, 52.33 measured in the lecture (unstated data).
# Exact values: q.k = [[8,5,8],[3,4,8],[4,1,5]] (right); /sqrt3 = [[4.6188,2.8868,4.6188],[1.7321,2.3094,4.6188],
#   [2.3094,0.5774,2.8868]] (printed to 2 places: right); population variance of the 9 scores 5.4321 (sample 6.1111),
#   of the scaled scores 1.8107 (sample 2.0370); softmax([5,10,7]) = [0.006377, 0.946499, 0.047123] with e^5 = 148.41,
#   e^10 = 22026.47, e^7 = 1096.63, sum 23271.51; [[5,10,7],[6,5,3],[4,7,2]]/sqrt3 = [[2.8868,5.7735,4.0415],
#   [3.4641,2.8868,1.7321],[2.3094,4.0415,1.1547]]; row 1 exps 17.935, 321.662, 56.909 (sum 396.506),
#   softmax = [0.045232, 0.811242, 0.143526]; variance of [10..70] = 400 (population), of [1..7] = 4;
#   17.33/2 = 8.665, 52.33/3 = 17.443.
# Wrong lines and causes:
#   - "Variance ~ 6.89" of [8,5,8,3,4,8,4,1,5] (slip: 5.43 population, 6.11 sample); "Variance ~ 2.30" after scaling is
#     6.89/3 (carried; right 1.81 or 2.04); both restated in step 5 (carried).
#   - softmax([5,10,7]) printed 0.947 for 0.946499 (drift: 22026.5/23271.5 from the rounded exponentials), and the
#     diagram's 94.7 % (drift).
#   - the scaled matrix 5.78, 4.05, 3.47, 4.05, 1.16 (right 5.77, 4.04, 3.46, 4.04, 1.15): drift, the author multiplied
#     by 1/1.73 = 0.578; the restated row softmax([2.89, 5.78, 4.05]) drifts too.
#   - exp(5.78) = 323.6 (slip even as written: e^5.78 = 323.76; end to end 321.66); Sum = 399.0 (carried; 396.51).
#   - 2D line "(0.707)^2 x 17.33 = 8.66 ~ 16.33": 8.66 is right, but the claimed agreement with 16.33 is off by a factor
#     of two (slip).
# Ambiguous: the printed q and k vectors contradict E W_Q and E W_K (q_money = [5,4,5], k_money = [5,3,4] with row
#   vectors; neither reading gives the printed ones), so they are taken as the inputs of the dot products; the
#   "Original Matrix" [[5,10,7],...] contradicts the QK^T just computed and is taken as a new input; "Some ~ 0.95,
#   others ~ 0.01" is a rough description; exp(2.89) = 18.0 and exp(4.05) = 57.4 are right from the rounded operands
#   (end to end 17.9 and 56.9).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "basic", "mermaid-node-labels", "plain-text-matrices"])

def var_pop(xs):
    xs = [sp.sympify(x) for x in xs]
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / len(xs)

# --- dimensions ---------------------------------------------------------------------------------
e.given(e.line("# Day 74: Why scaled"), "lecture number")
e.given(e.line("A[Embedding Dimension: 3] --> B[W_K Matrix: 3×3]"), "toy dimensions")
e.given(e.line("B --> C[Key Vectors: 3D each]"), "toy dimensions")
e.given(e.line("C --> D[d_k = 3]"), "d_k = 3")
e.given(e.line("E[Higher Dimensions] --> F[Embedding: 512D]"), "large model dimension")
e.given(e.line("F --> G[W_K: 512×512]"), "large model dimension")
e.given(e.line("G --> H[Key Vectors: 512D]"), "large model dimension")
e.given(e.line("H --> I[d_k = 512]"), "d_k = 512")
e.given(e.line("is divided by $\\sqrt{3}$ before the softmax"), "divide by sqrt3")
e.given(e.line("$$\\text{Attention} = \\text{softmax}\\left(\\frac{QK^T}{\\sqrt{3}}\\right)V$$"), "scaled formula for d_k = 3")

# --- step 1 and 2 -------------------------------------------------------------------------------
for k_, hd in enumerate(["**Step 1: Input Setup", "**Step 2: Generate Q, K, V", "**Step 3: Detailed QK^T",
                         "**Step 5: Variance Analysis**"]):
    e.given(e.line(hd), "step number")
for r_ in (1, 2, 3):
    e.given(e.line(f'subgraph "Row {r_}: q_'), "row number")
for name in ['A["E_money = [2, 1, 3]"]', 'B["E_bank = [1, 2, 1]"]', 'C["E_grows = [0, 1, 2]"]']:
    e.given(e.line(name), "embedding")
e.given(e.line('subgraph "Word Embeddings (3D)"'), "3-d embeddings")
e.given(e.line('subgraph "Weight Matrices (3×3)"'), "3x3 weights")
for name in ['D["W_Q = [[1,0,1]', 'E["W_K = [[1,1,0]', 'F["W_V = [[1,0,0]']:
    e.given(e.line(name), "weight matrix")
e.ambiguous(e.line('A["q_money = [2, 1, 3]'), "the printed queries equal the embeddings, but W_Q is not the identity "
            "(E W_Q gives q_money = [5, 4, 5]); taken as given inputs of the dot products")
e.ambiguous(e.line('B["k_money^T = [1, 0, 2]'), "the printed keys follow from neither E W_K ([5, 3, 4] for money) "
            "nor W_K E; taken as given inputs of the dot products")
e.claim(e.line('C["Result: 3×3 Matrix<br/>9 dot products"]'), "3 x 3 dot products", ["9"], [9])

# --- step 3 ---------------------------------------------------------------------------------------
q = {"money": [2, 1, 3], "bank": [1, 2, 1], "grows": [0, 1, 2]}
k = {"money": [1, 0, 2], "bank": [2, 1, 0], "grows": [1, 3, 1]}
dot = lambda a, b: sum(x * y for x, y in zip(a, b))
words = ["money", "bank", "grows"]
S = sp.Matrix(3, 3, lambda i, j: dot(q[words[i]], k[words[j]]))
e.given(e.line("which fills a 3×3 score matrix"), "3 x 3")
for i, wi in enumerate(words):
    for j, wj in enumerate(words):
        L = e.line(f"q_{wi} · k_{wj} = ")
        e.claim(L, f"q_{wi} . k_{wj}", [str(S[i, j])], [S[i, j]])
e.claim(e.line('D["[[8, 5, 8],<br/> [3, 4, 8],<br/> [4, 1, 5]]"]'), "QK^T",
        [str(S[i, j]) for i in range(3) for j in range(3)], [S[i, j] for i in range(3) for j in range(3)])

# --- step 4 ---------------------------------------------------------------------------------------
vals = [S[i, j] for i in range(3) for j in range(3)]
v0 = var_pop(vals)
Ss = S / sp.sqrt(3)
v1 = var_pop([Ss[i, j] for i in range(3) for j in range(3)])
e.claim(e.line("**Step 4: Apply Scaling Factor (√d_k = √3 ≈ 1.73)**"), "sqrt3", ["1.73"], [sp.sqrt(3)])
L = e.line('A["[[8, 5, 8],<br/> [3, 4, 8],<br/> [4, 1, 5]]<br/><br/>Variance ≈ 6.89"]')
e.claim(L, "QK^T restated", [str(x) for x in vals], vals)
e.claim(L, "variance of the nine scores (population 5.43, sample 6.11)", ["6.89"], [v0])
e.claim(e.line('B["Divide each element<br/>by √3 = 1.73"]'), "sqrt3", ["1.73"], [sp.sqrt(3)])
L = e.line('C["[[4.62, 2.89, 4.62],<br/> [1.73, 2.31, 4.62],<br/> [2.31, 0.58, 2.89]]')
e.claim(L, "QK^T / sqrt3", ["4.62", "2.89", "4.62", "1.73", "2.31", "4.62", "2.31", "0.58", "2.89"],
        [Ss[i, j] for i in range(3) for j in range(3)])
e.claim(L, "variance after scaling = 6.89 / 3 (population 1.81, sample 2.04)", ["2.30"], [v1], cause="carried")

# --- step 5 ---------------------------------------------------------------------------------------
e.claim(e.line("A[Original Values:<br/>8, 5, 8, 3, 4, 8, 4, 1, 5]"), "scores restated", [str(x) for x in vals], vals)
e.claim(e.line("A --> B[High Variance: 6.89]"), "variance restated", ["6.89"], [v0], cause="carried")
e.ambiguous(e.line("B --> C[Extreme Softmax:<br/>Some ≈ 0.95, others ≈ 0.01]"),
            "a rough description: the row softmaxes of the unscaled scores are [0.488, 0.024, 0.488], "
            "[0.007, 0.018, 0.976], [0.265, 0.013, 0.721]")
e.claim(e.line("D[Scaled Values:<br/>4.62, 2.89, 4.62, 1.73, 2.31, 4.62, 2.31, 0.58, 2.89]"), "scaled scores restated",
        ["4.62", "2.89", "4.62", "1.73", "2.31", "4.62", "2.31", "0.58", "2.89"],
        [Ss[i, j] for i in range(3) for j in range(3)])
e.claim(e.line("D --> E[Reduced Variance: 2.30]"), "scaled variance restated", ["2.30"], [v1], cause="carried")
e.given(e.line("attention_scores = np.dot(Q, K.T)  # Shape: (3, 3)"), "shape comment")
e.given(e.line("scaled_scores = attention_scores / np.sqrt(d_k)  # d_k = 3"), "d_k comment")

# --- softmax before / after scaling ------------------------------------------------------------------
Mo = M([["5", "10", "7"], ["6", "5", "3"], ["4", "7", "2"]])
L = e.line("Original Matrix = [[5,  10,  7],")
why = "this 'Original Matrix' contradicts the QK^T = [[8,5,8],[3,4,8],[4,1,5]] computed above; taken as a new input"
for ln in (L, L + 1, L + 2):
    e.ambiguous(ln, why)
e.given(e.line("Row 1 Softmax: softmax([5, 10, 7])"), "row 1 of that matrix")
ex = [sp.exp(x) for x in Mo.row(0)]
e.claim(e.line("- exp(5) = 148.4, exp(10) = 22026.5, exp(7) = 1096.6"), "exponentials", ["148.4", "22026.5", "1096.6"], ex)
e.claim(e.line("- Sum = 23271.5"), "sum of exponentials", ["23271.5"], [sum(ex)])
w = softmax_rows(Mo.row(0))
L = e.line("- Probabilities: [0.006, 0.947, 0.047]")
e.claim(L, "softmax of [5, 10, 7] (0.946499; 0.947 comes from 22026.5/23271.5)", ["0.006", "0.947", "0.047"], w,
        cause="drift")
Ms = Mo / sp.sqrt(3)
L = e.line("Scaled Matrix = [[2.89,  5.78,  4.05],")
e.rows([L, L + 1, L + 2], "Original Matrix / sqrt3 (the author multiplied by 1/1.73)",
       [["2.89", "5.78", "4.05"], ["3.47", "2.89", "1.73"], ["2.31", "4.05", "1.16"]], Ms, cause="drift")
e.claim(e.line("Row 1 Softmax: softmax([2.89, 5.78, 4.05])"), "scaled row 1 restated", ["2.89", "5.78", "4.05"],
        Ms.row(0), cause="drift")
exs = [sp.exp(x) for x in Ms.row(0)]
L = e.line("- exp(2.89) = 18.0, exp(5.78) = 323.6, exp(4.05) = 57.4")
e.claim(L, "e^(10/sqrt3) (e^5.78 = 323.76 even as written)", ["323.6"], [exs[1]])
e.ambiguous(L, "exp(2.89) = 18.0 and exp(4.05) = 57.4 are right from the rounded operands; end to end 17.9 and 56.9")
e.claim(e.line("- Sum = 399.0"), "sum of the three exponentials", ["399.0"], [sum(exs)], cause="carried")
ws = softmax_rows(Ms.row(0))
e.claim(e.line("- Probabilities: [0.045, 0.811, 0.144]"), "softmax of [5, 10, 7] / sqrt3", ["0.045", "0.811", "0.144"], ws)

# --- the diagram in percent ----------------------------------------------------------------------------
e.claim(e.line("A1[money → money: 0.6%]"), "unscaled weight money->money", ["0.6%"], [w[0]])
e.claim(e.line("A2[money → bank: 94.7%]"), "unscaled weight money->bank (94.65 %)", ["94.7%"], [w[1]], cause="drift")
e.claim(e.line("A3[money → grows: 4.7%]"), "unscaled weight money->grows", ["4.7%"], [w[2]])
e.claim(e.line("A4[money → money: 4.5%]"), "scaled weight money->money", ["4.5%"], [ws[0]])
e.claim(e.line("A5[money → bank: 81.1%]"), "scaled weight money->bank", ["81.1%"], [ws[1]])
e.claim(e.line("A6[money → grows: 14.4%]"), "scaled weight money->grows", ["14.4%"], [ws[2]])

# --- dividing a list -------------------------------------------------------------------------------------
xs = list(range(10, 71, 10))
L = e.line('A["Numbers: [10, 20, 30, 40, 50, 60, 70]<br/>Variance = 400 (Too High!)"]')
e.given(L, "the list 10..70")
e.claim(L, "variance of 10..70 (population)", ["400"], [var_pop(xs)])
e.given(e.line('B["Divide all by 10"]'), "divide by 10")
L = e.line('C["Numbers: [1, 2, 3, 4, 5, 6, 7]<br/>Variance = 4 (Reduced!)"]')
e.claim(L, "the list divided by 10", ["1", "2", "3", "4", "5", "6", "7"], [R(x, 10) for x in xs])
e.claim(L, "variance of 1..7 (population)", ["4"], [var_pop([R(x, 10) for x in xs])])

# --- variance of a score row -------------------------------------------------------------------------------
e.given(e.line("### One row of scores in 1, 2 and 3 dimensions"), "dimensions 1, 2, 3")
for needle in ["**1D Vector Example:**", "**2D Vector Example:**", "**3D Vector Example:**"]:
    e.given(e.line(needle), "dimension")
e.given(e.line("v1 = [a], v4 = [b], v5 = [c], v6 = [d]"), "vector names")
e.given(e.line("v1 = [a, b], v4 = [c, d]"), "vector names")
e.given(e.line("v1 = [a, b, c], v4 = [d, e, f]"), "vector names")
for nd in ["s11 = a × b = ab", "s12 = a × c = ac", "s13 = a × d = ad", "s11 = ac + bd", "s12 = ae + bf",
           "s13 = ag + bh", "s11 = ad + be + cf", "s12 = ag + bh + ci", "s13 = aj + bk + cl"]:
    e.given(e.line(nd), "score index names")
e.claim(e.line("Expected variance = 2 × Var(X) (roughly double!)"), "variance factor in 2-d", ["2"], [2])
e.claim(e.line("Expected variance = 3 × Var(X) (triple!)"), "variance factor in 3-d", ["3"], [3])
e.given(e.line("If $Y = cX$, then $\\text{Var}(Y) = c^2"), "scaling rule")
e.given(e.line("- New variance: $\\left(\\frac{1}{\\sqrt{d}}\\right)^2"), "scaling by 1/sqrt d")
e.given(e.line("Multiplying every score by $\\frac{1}{\\sqrt{d}}$"), "scaling by 1/sqrt d")

L = e.line("1D: Original variance = 16.33")
e.given(L, "measured 1-d variance (data not printed)")
e.claim(e.line("Scaled by 1/√1 = 1 → Variance remains 16.33"), "1/sqrt1 and the unchanged variance", ["1", "16.33"],
        [1 / sp.sqrt(1), R("16.33")])
e.given(e.line("2D: Original variance = 17.33"), "measured 2-d variance")
e.claim(e.line("Scaled by 1/√2 = 0.707 → Each value × 0.707"), "1/sqrt2", ["0.707", "0.707"], [1 / sp.sqrt(2)] * 2)
L = e.line("New variance = (0.707)² × 17.33 = 8.66 ≈ 16.33 ✓")
e.claim(L, "17.33 / 2", ["8.66"], [R("17.33") / 2])
e.claim(L, "claimed agreement of the scaled 2-d variance with 16.33", ["16.33"], [R("17.33") / 2])
e.given(e.line("3D: Original variance = 52.33"), "measured 3-d variance")
e.claim(e.line("Scaled by 1/√3 = 0.577 → Each value × 0.577"), "1/sqrt3", ["0.577", "0.577"], [1 / sp.sqrt(3)] * 2)
L = e.line("New variance = (0.577)² × 52.33 = 17.44 ≈ 16.33 ✓")
e.claim(L, "52.33 / 3 (17.42 with the rounded 0.577; 17.44 end to end)", ["17.44"], [R("52.33") / 3])
e.ambiguous(L, "'~ 16.33' is a loose agreement claim (17.44 is 7 % above the 1-d value)")
e.done()
