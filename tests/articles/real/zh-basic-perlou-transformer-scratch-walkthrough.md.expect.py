# Expected verdicts for zh-basic-perlou-transformer-scratch-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Excerpt of a Chinese course note ("从零深入解析 Transformer 架构"): only its sections with numbers that can be
# checked are kept (hyperparameters, a 3-position self-attention example, head dimension, FFN sizes, the causal mask,
# training constants, and a parameter-count table); narrative sections and the PyTorch classes (13.1-13.7) are dropped.
# Inputs: X (3 x 4) as printed; the raw scores Q·Kᵀ = [[2,0,2],[0,2,1],[2,1,3]] are printed as the example's input
# (they equal X Xᵀ, i.e. Q = K = X, which the note does not state); d_k = 4.
#   scaled = Q·Kᵀ / 2 = [[1,0,1],[0,1,0.5],[1,0.5,1.5]] (right);
#   exact softmax rows: [0.4223, 0.1554, 0.4223], [0.1863, 0.5065, 0.3072], [0.3072, 0.1863, 0.5065].
# Parameter table (vocabulary 32000, d_model 512, d_ff 2048, no biases): embeddings 16,384,000 each, MHA 1,048,576,
# FFN 2,097,152, LN×2 2,048, encoder 6 × 3,147,776 = 18,886,656, decoder 6 × 4,197,376 = 25,184,256,
# output 16,384,000; total 93,222,912.
# Wrong lines:
#  - the three softmax rows [0.39, 0.22, 0.39], [0.25, 0.43, 0.32], [0.27, 0.16, 0.57] do not follow from the scaled
#    scores, slip;
#  - "6层 Decoder 合计 ... ~25.5M" for 25.18M (25.2M even from the printed 1.05M/2.1M/3K), slip;
#  - "总计 ~65M" where the table's rows add to 93.2M (and 60.5M if the three embedding matrices were tied, as the full
#    note's §10.2 says; 65M is the original paper's figure for a 37,000-token shared vocabulary), slip.
# Ambiguous:
#  - the code comment "# 约 65M 参数（Base 模型）": the count depends on the note's classes, not reproduced here (in the
#    source they have biases and untied embeddings, 93,322,496 parameters).
# Given: hyperparameters, the illustrative attention matrix of 4.5 (made-up rows), formulas' constants, the mask layout.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "mask", "mha", "complexity"])

# section 2
for s in ("| $d_{model}$ | 模型维度", "| $N$         |", "| $h$         |", "| $d_{ff}$    |"):
    e.given(e.line(s), "hyperparameter")
e.claim(e.line("| $d_k = d_v$ | 每个头的维度"), "d_model / h", "64", R(512, 8))

# 4.3
e.given(e.line("均值为 0、方差为 1"), "unit-variance assumption (statement)")
e.given(e.line("方差被拉回到 1"), "unit variance after scaling (statement)")
e.given(e.line("每一行加起来为 1"), "rows sum to 1 (statement)")

# 4.4
X = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 1, 0]])
S = M([[2, 0, 2], [0, 2, 1], [2, 1, 3]])
assert S == X * X.T
d_k = 4
e.given(e.line("设 $d_k = 4$"), "d_k and length")
L = e.line("输入 X = [[1,0,1,0]")
for i in range(3):
    e.given(L + i, f"X row {i}")
L = e.line("Q·Kᵀ = [[ 2,  0,  2]")
for i in range(3):
    e.given(L + i, f"raw scores row {i} (the example's input; equal to X Xᵀ)")
Ssc = S / sp.sqrt(d_k)
L = e.line("÷ √4 = [[ 1.0, 0.0, 1.0]")
e.rows([L, L + 1, L + 2], "scores / sqrt(4)",
       [["1.0", "0.0", "1.0"], ["0.0", "1.0", "0.5"], ["1.0", "0.5", "1.5"]], Ssc)
A = softmax_rows(Ssc)
L = e.line("Softmax → [[0.39, 0.22, 0.39]")
e.rows([L, L + 1, L + 2], "softmax(scores / 2)",
       [["0.39", "0.22", "0.39"], ["0.25", "0.43", "0.32"], ["0.27", "0.16", "0.57"]], A)

# 4.5 (illustrative rows, not computed from anything)
for s in ("Q pos0 [ 0.1   0.7", "u pos1 [ 0.05  0.1", "e pos2 [ 0.3   0.4"):
    e.given(e.line(s), "illustrative attention row")
e.given(e.line("pos0  pos1  pos2  pos3"), "position labels")

# 5
e.claim(e.line("$d_k = d_v = d_{model} / h = 512 / 8 = 64$"), "512 / 8", "64", R(512, 8))
e.given(e.line("| 单头 ($d_k = 512$)"), "parameter and cost expressions (no results)")
e.given(e.line("| 8头 ($d_k = 64$)"), "parameter and cost expressions (no results)")

# 6
e.given(e.line("（512 → 2048，把维度放大）"), "W1 shape")
e.given(e.line("（2048 → 512，再压回去）"), "W2 shape")
e.given(e.line("输入 (512) ──→ Linear(512→2048)"), "FFN sizes")

# 9.2
e.given(e.line("$$\\text{Mask}_{ij} = \\begin{cases} 0"), "mask definition")
e.given(e.line("          pos0  pos1  pos2  pos3"), "position labels")
for i, s in enumerate(("Q pos0 [  0    -∞", "  pos1 [  0     0    -∞", "  pos2 [  0     0     0    -∞", "  pos3 [  0     0     0     0")):
    e.claim(e.line(s), f"mask row {i}: visible entries", ["0"] * (i + 1), [0] * (i + 1))
e.given(e.line("Softmax 后权重为 0"), "exp(-inf) = 0 (statement)")

# 11
eps = R(1, 10)
e.given(e.line("**Label Smoothing**（$\\epsilon_{ls} = 0.1$）"), "epsilon_ls")
e.given(e.line("$$y_{smooth} = (1 - \\epsilon)"), "label smoothing formula")
L = e.line("从 100% 压到 90%")
e.given(L, "one-hot target 100%")
e.claim(L, "1 - epsilon", "90%", 1 - eps)
e.claim(L, "epsilon spread over the vocabulary", "10%", eps)
e.given(e.line("$$lr = d_{model}^{-0.5}"), "learning-rate schedule")
e.given(e.line("warmup=4000步"), "warmup steps")
e.given(e.line("之后按 step^(-0.5) 衰减"), "decay exponent")
e.given(e.line("| **Dropout**         |"), "dropout")
e.given(e.line("| **Label Smoothing** | 损失函数"), "epsilon")

# 13.8
V, dm, dff = 32000, 512, 2048
emb = V * dm
mha = 4 * dm * dm
ffn = dm * dff + dff * dm
ln2 = 2 * 2 * dm
enc = 6 * (mha + ffn + ln2)
dec = 6 * (2 * mha + ffn + 3 * 2 * dm)
total = 2 * emb + enc + dec + dm * V
e.given(e.line("model = Transformer(src_vocab_size=32000"), "vocabulary sizes")
e.ambiguous(e.line("# 约 65M 参数（Base 模型）"),
            "the printed count depends on the note's Transformer classes, which this excerpt does not reproduce")
e.claim(e.line("| 源嵌入层          | 32000 × 512"), "32000 × 512 in millions", "16.4", R(emb, 10**6))
e.claim(e.line("| 目标嵌入层        | 32000 × 512"), "32000 × 512 in millions", "16.4", R(emb, 10**6))
e.claim(e.line("| 单层 Encoder MHA  |"), "4 × 512 × 512 in millions", "1.05", R(mha, 10**6))
e.claim(e.line("| 单层 Encoder FFN  |"), "512×2048 + 2048×512 in millions", "2.1", R(ffn, 10**6))
e.claim(e.line("| 单层 Encoder LN×2 |"), "2 × 2 × 512 in thousands", "2", R(ln2, 1000), rounded_int=True)
L = e.line("| 6层 Encoder 合计  |")
e.claim(L, "6 encoder layers in millions", "19", R(enc, 10**6), rounded_int=True)
L = e.line("| 6层 Decoder 合计  |")
e.claim(L, "3 LayerNorms (3 × 2 × 512) in thousands", "3", R(3 * 2 * dm, 1000), rounded_int=True)
e.claim(L, "6 decoder layers in millions", "25.5", R(dec, 10**6))
e.claim(e.line("| 输出线性层        | 512 × 32000"), "512 × 32000 in millions", "16.4", R(dm * V, 10**6))
e.claim(e.line("| **总计**          |"), "sum of the table's components in millions", "65", R(total, 10**6),
        rounded_int=True)
e.given(e.line("$$\\alpha_{ij} = \\text{softmax}_j"), "softmax formula (index l = 1)")
e.given(e.line("r pos3 [ ...   ...   ...   ... ]"), "position label")
e.given(e.line("$$\\text{FFN}(\\mathbf{x}) = \\text{ReLU}"), "FFN formula (indices 1, 2)")
e.given(e.line("$$\\mathcal{L} = -\\sum_{t=1}^{T}"), "loss formula (index t = 1)")
e.done()
