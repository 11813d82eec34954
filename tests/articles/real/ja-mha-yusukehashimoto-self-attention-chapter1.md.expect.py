# Expected verdicts for ja-mha-yusukehashimoto-self-attention-chapter1.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs and conventions:
# * 1.2 demo: Q, K, V are torch.randn (never printed), so the printed min/max and the four weights of word 0 are
#   ambiguous; only the row sum (softmax rows sum to 1 -> 1.0000) and the shapes are decidable.
# * SelfAttention: three nn.Linear(512, 64, bias=False) -> 3*512*64 = 98,304 parameters (right).
# * MultiHeadAttention: four nn.Linear(512, 512) with PyTorch's default bias=True, so
#   sum(p.numel()) = 4*(512*512 + 512) = 1,050,624. The printed "総パラメータ数: 1,048,576" is the bias-free count: WRONG
#   (exact 1050624). The per-matrix lines 512 × 512 = 262,144 are right.
# * Embedding(10000, 512) = 5,120,000 parameters; the sinusoidal PE is a buffer -> 0 trainable parameters (right).
# * Exercise 1: Q = K = [[1,0],[0,1],[1,1]], V = [[2,0],[0,2],[1,1]], d_k = 2, scaled. S = [[1,0,1],[0,1,1],[1,1,2]];
#   rows 1-2 of A = [0.401112, 0.197776, 0.401112] and its mirror (0.40/0.20/0.40 right); row 3 of A is
#   softmax([1/√2, 1/√2, √2]) = [0.248255, 0.248255, 0.503490]: printed [0.28, 0.28, 0.44] is WRONG.
#   The "第3単語" line repeats 0.28/0.28/0.44 (wrong, carried); its result [1.0, 1.0] is right (exact [1, 1]:
#   with weights (a, a, b), 2a + b = 1). Outputs of words 1/2 = [1.203336, 0.796664] -> [1.2, 0.8] right.
# * Exercise 2 states "バイアスなしの場合", so 262,144 × 4 = 1,048,576 is right there.
# * Exercise 3: 2π ≈ 6.28 and 2π × 10000 ≈ 62,832 are right as written; the answer line's "次元256" is not a valid
#   index i for d_model = 512 (i runs 0..255), so that answer line is marked ambiguous.
# Wrong lines: 3 (MHA total 1,048,576 -> 1050624; A row 3 [0.28, 0.28, 0.44] -> [0.248255, 0.248255, 0.503490];
#   第3単語 weights 0.28/0.28/0.44, carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="ja", topics=["mha", "basic", "param-count", "pe", "torch-size", "code-output",
                                             "exercise-solution", "thousands-commas"])


def size(ln, shape, what):
    text = e.lines[ln - 1]
    inside = text.split("torch.Size([")[1].split("])")[0]
    printed = [s.strip() for s in inside.split(",")]
    e.claim(ln, what, printed, list(shape))


# --- 1.2 demo (random Q, K, V) ---
size(e.line("  Output: torch.Size([2, 4, 8])"), (2, 4, 8), "output shape (batch, n_q, d_v)")
size(e.line("  Attention Weights: torch.Size([2, 4, 4])"), (2, 4, 4), "weights shape (batch, n_q, n_k)")
e.claim(e.line("各行の合計（確率分布）: 1.0000"), "softmax row sum", ["1.0000"], [1])
for needle in ("最小値: 0.1234", "最大値: 0.4567", "単語0への注目: 0.3245", "単語1への注目: 0.2156",
               "単語2への注目: 0.2789", "単語3への注目: 0.1810"):
    e.ambiguous(e.line(needle), "Q, K, V are torch.randn and never printed")

# --- SelfAttention layer ---
size(e.line("出力: torch.Size([8, 10, 64])"), (8, 10, 64), "SelfAttention output shape")
size(e.line("Attention重み: torch.Size([8, 10, 10])"), (8, 10, 10), "SelfAttention weights shape")
e.claim(e.line("[バッチ, Query位置, Key位置] = [8, 10, 10]"), "weights shape restated", ["8", "10", "10"], [8, 10, 10])
number_claim(e, e.line("総パラメータ数: 98,304"), "3 bias-free Linear(512, 64)", "98,304", 3 * 512 * 64)
for name in ("W_q", "W_k", "W_v"):
    number_claim(e, e.line(f"  {name}: 512 × 64 = 32,768"), f"{name} 512×64", "32,768", 512 * 64)

# --- MultiHeadAttention ---
e.claim(e.line("各ヘッドの次元 d_k: 64"), "d_k = 512/8", ["64"], [R(512, 8)])
size(e.line("Attention重み: torch.Size([16, 8, 20, 20])"), (16, 8, 20, 20), "MHA weights shape")
e.claim(e.line("  = [16, 8, 20, 20]"), "MHA weights shape restated", ["16", "8", "20", "20"], [16, 8, 20, 20])
number_claim(e, e.line("総パラメータ数: 1,048,576"), "4 nn.Linear(512, 512) with default bias",
             "1,048,576", 4 * (512 * 512 + 512))
for name in ("W_q", "W_k", "W_v", "W_o"):
    number_claim(e, e.line(f"  {name}: 512 × 512 = 262,144"), f"{name} 512×512", "262,144", 512 * 512)

# --- Positional encoding + embedding ---
number_claim(e, e.line("Embedding: 5,120,000"), "Embedding(10000, 512)", "5,120,000", 10000 * 512)
number_claim(e, e.line("Positional Encoding: 0 (学習対象外)"), "PE buffer, no trainable parameters", "0", 0)

# --- Exercise 1 ---
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], [1, 1]])
V = M([[2, 0], [0, 2], [1, 1]])
S = Q * K.T
Ssc = S / sp.sqrt(2)
A = softmax_rows(Ssc)
O = A * V
e.given(e.line("Q = [[1, 0], [0, 1], [1, 1]]"), "Q")
e.given(e.line("K = [[1, 0], [0, 1], [1, 1]]"), "K")
e.given(e.line("V = [[2, 0], [0, 2], [1, 1]]"), "V")
e.given(e.line("Q = [[1, 0], [0, 1], [1, 1]]", 2), "Q restated")
e.given(e.line("K = [[1, 0], [0, 1], [1, 1]]", 2), "K restated")
e.given(e.line("V = [[2, 0], [0, 2], [1, 1]]", 2), "V restated")
L = e.line("S = QK^T = [[1*1+0*0")
for k in range(3):
    e.given(L + k, "QK^T written out as products of the inputs")
L = e.line("         = [[1, 0, 1],")
e.rows([L, L + 1, L + 2], "S = QK^T", [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]], S)


def sym_claim(ln, what, printed, exact):
    text = e.lines[ln - 1]
    assert printed in text, (ln, printed)
    val = sp.sympify(printed.replace("√2", "sqrt(2)"))
    ent = e._entry(ln)
    item = {"what": what, "printed": [printed]}
    if sp.simplify(val - exact) != 0:
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 6))}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


L = e.line("S_scaled = [[1/√2, 0, 1/√2],")
sym_rows = [["1/√2", "0", "1/√2"], ["0", "1/√2", "1/√2"], ["1/√2", "1/√2", "2/√2"]]
for i in range(3):
    # each printed entry of the row, in order (the same string may repeat on a line)
    for j, p in enumerate(sym_rows[i]):
        sym_claim(L + i, f"S/√2 row {i + 1} entry {j + 1}", p, Ssc[i, j])
L = e.line("≈ [[0.71, 0, 0.71],")
e.rows([L, L + 1, L + 2], "S/√2 decimals", [["0.71", "0", "0.71"], ["0", "0.71", "0.71"], ["0.71", "0.71", "1.41"]], Ssc)
L = e.line("# 第1行: exp([0.71, 0, 0.71]) = [2.03, 1.00, 2.03]")
e.claim(L, "row 1 scaled scores", ["0.71", "0", "0.71"], list(Ssc.row(0)))
e.claim(L, "exp of row 1", ["2.03", "1.00", "2.03"], [sp.exp(x) for x in Ssc.row(0)])
L = e.line("# 合計 = 5.06 → [0.40, 0.20, 0.40]")
e.claim(L, "sum of exps", ["5.06"], [sum(sp.exp(x) for x in Ssc.row(0))])
e.claim(L, "row 1 weights", ["0.40", "0.20", "0.40"], list(A.row(0)))
L = e.line("A ≈ [[0.40, 0.20, 0.40],")
e.rows([L, L + 1, L + 2], "A = softmax(S/√2)",
       [["0.40", "0.20", "0.40"], ["0.20", "0.40", "0.40"], ["0.28", "0.28", "0.44"]], A)
L = e.line("第1単語: 0.40*[2,0]")
e.claim(L, "word 1 weights", ["0.40", "0.20", "0.40"], list(A.row(0)))
e.claim(L, "word 1 output", ["1.2", "0.8"], list(O.row(0)))
L = e.line("第2単語: 0.20*[2,0]")
e.claim(L, "word 2 weights", ["0.20", "0.40", "0.40"], list(A.row(1)))
e.claim(L, "word 2 output", ["0.8", "1.2"], list(O.row(1)))
L = e.line("第3単語: 0.28*[2,0]")
e.claim(L, "word 3 weights (repeats the wrong A row 3)", ["0.28", "0.28", "0.44"], list(A.row(2)), cause="carried")
e.claim(L, "word 3 output", ["1.0", "1.0"], list(O.row(2)))
L = e.line("答え: Output ≈ [[1.2, 0.8], [0.8, 1.2], [1.0, 1.0]]")
e.claim(L, "Output", ["1.2", "0.8", "0.8", "1.2", "1.0", "1.0"], list(O.row(0)) + list(O.row(1)) + list(O.row(2)))

# --- Exercise 2 (bias-free, as stated) ---
for name in ("W_q", "W_k", "W_v", "W_o"):
    number_claim(e, e.line(f"{name}: d_model × d_model = 512 × 512 = 262,144"), f"{name}", "262,144", 512 * 512)
number_claim(e, e.line("Total = 262,144 × 4 = 1,048,576"), "4 bias-free 512×512 matrices", "1,048,576", 4 * 512 * 512)
number_claim(e, e.line("答え: 1,048,576 パラメータ"), "answer (bias-free)", "1,048,576", 4 * 512 * 512)

# --- Exercise 3 ---
e.claim(e.line("周期 = 2π ≈ 6.28"), "period of sin(pos)", ["6.28"], [2 * sp.pi])
e.claim(e.line("# これは位置6.28ごとに"), "period restated", ["6.28"], [2 * sp.pi])
number_claim(e, e.line("周期_最低 = 2π × 10000^(512/512)"), "2π × 10000", "62,832", 2 * sp.pi * 10000)
e.ambiguous(e.line("答え: 次元0は約6、次元256は約62,832の周期"),
            "'次元256' is not a valid index i for d_model = 512 (i runs 0..255); the true longest period is "
            "2π·10000^(510/512) ≈ 60611, while 62,832 matches the author's own 10000^(512/512)")
e.done()
