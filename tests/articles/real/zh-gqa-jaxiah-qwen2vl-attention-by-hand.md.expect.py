# Expected verdicts for zh-gqa-jaxiah-qwen2vl-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese long-form note (jaxiah, llm-operator-math, operator 07) on attention for Qwen2-VL: a dot-product warm-up,
# the sqrt(d_k) scale, a 3-token SDPA worked by hand, the same example with a causal mask, the multi-head parameter
# count, GQA / KV-cache sizes for the Qwen2-VL text decoder, and a 4-token, 2-head, 1-KV-head example with a mask.
# Inputs: a = [1,0,1], b = [1,1,0]; d_k = 128; Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0.5,0.5]],
#   V = [[10,0],[0,10],[5,5]], d_k = 2; d_model 512, h 8; 28 layers, 12 heads (2 KV heads), head_dim 128, fp16,
#   seq_len 4096; X (4 x 6), W^Q = I_6, W^K, W^V (6 x 3) as printed, d_k = 3, causal mask; vision 1280 / 16 / 80.
# Exact values: a.b = 1, |a|^2 = |b|^2 = 2, cos = 1/2, theta = 60 deg; sqrt 128 = 11.3137.
#   3-token SDPA: scores [[1,0,.5],[0,1,.5],[1,1,1]] / sqrt2 = 0.70711 / 0.35355; exp: e^{1/sqrt2} = 2.02811,
#   e^{sqrt2/4} = 1.42412 (printed 1.425 is e^{0.354} of the rounded score: right as written -> ambiguous);
#   row sum 4.45223 (printed 4.453 = 2.028 + 1.000 + 1.425, right as written -> ambiguous); weights
#   0.45553 / 0.22461 / 0.31987; row 3 sum 6.08434, 1/3 each; output row 1 = [6.15461, 3.84539]: printed 6.16
#   (0.456*10 + 0.320*5 from the rounded weights) is wrong end to end, cause drift; row 2 mirrored, same;
#   row 3 [5, 5]. Causal: row 2 weights 1/(1+e^{1/sqrt2}) = 0.33024, 0.66976, sum 3.02811; outputs [10,0],
#   [3.30240, 6.69760], [5,5]: all right.
#   512*512 = 262,144 = 8*512*64; KV (MHA) 2*28*12*4096*128*2 = 704,643,072 B = 672 MiB exactly (the article's
#   "MB" holds under the binary reading); GQA 117,440,512 B = 112 MiB; MQA 58,720,256 B = 56 MiB; 1/6, 1/12.
#   4-token example: K = X W^K = [[1,1,1],[1,1,1],[1,2,1],[1,0,1]]; the printed K has rows 3 and 4 = [1,1,1]
#   (slip: X row 3 = [1,1,0,0,1,1] gives x1 + x4 = 2, X row 4 = [0,0,1,1,0,0] gives x1 + x4 = 0). V = X W^V right.
#   Head 0: Q0 K^T = [[2,2,2,2],[1,1,2,0],[2,2,3,1],[1,1,1,1]] (printed rows 2, 3 carried); masked row 3 scores
#   [2,2,3]/sqrt3 = [1.155, 1.155, 1.732] (printed 1.155 x3, carried); weights [0.26446, 0.26446, 0.47108]
#   (printed 0.333 x3, carried); Out_0 row 3 = [1.47108, 1, 1] (printed 1.333, carried). Other rows right.
#   Head 1: Q1 K^T = [[1,1,2,0],[2,2,2,2],[2,2,3,1],[1,1,1,1]]; "row 2 -> 2 -> 1.155" is wrong for key 2 (3 ->
#   1.732, carried); "row 0 -> 1 -> 0.577" is right for the visible key 0 but not for the masked keys 2, 3 ->
#   ambiguous; rows 1 and 3 are right for every key. (Out_1 = Out_0 happens to hold exactly.)
# Wrong lines: K rows 3, 4 (slip); the "[1,1,1]" remarks, K^T, Q0 K^T, scaled, masked row 3, weights row 3,
#   Out_0 row 3 and its 1.333 expansion, head-1 row 2 (carried); 3-token outputs 6.16 (drift, two lines).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim, number_claim, agrees

e = Expect(__file__, language="zh", topics=["gqa", "basic", "mask", "mha", "kv-cache", "latex-bmatrix"])
L = e.line


def amb(line, reason):
    """Ambiguous line even when other numbers on it are right (arithmetic on rounded operands / two readings)."""
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"


def size_claim(line, what, printed, nbytes):
    number_claim(e, line, what, printed, [("decimal MB", R(nbytes, 10**6)), ("binary MiB", R(nbytes, 2**20))])


G = "{,}"

# --- 1. dot product warm-up ------------------------------------------------------------------
a, b = sp.Matrix([1, 0, 1]), sp.Matrix([1, 1, 0])
e.given(L("令 $\\mathbf{a} = [1, 0, 1]$"), "a and b")
e.claim(L("\\mathbf{a} \\cdot \\mathbf{b} = 1 \\times 1"), "a.b", ["1"], [a.dot(b)])
e.claim(L("\\|\\mathbf{a}\\| = \\sqrt{1^2"), "|a|^2 and |b|^2 (radicands of sqrt 2)", ["2", "2"], [a.dot(a), b.dot(b)])
theta = sp.acos(a.dot(b) / sp.sqrt(a.dot(a) * b.dot(b))) * 180 / sp.pi
e.claim(L("\\cos\\theta = \\frac{1}"), "angle in degrees", ["60"], [theta])
e.claim(L("因此夹角 60°"), "angle restated", ["60"], [theta])

# --- 2. scale --------------------------------------------------------------------------------
e.given(L("Qwen2-VL 文本解码器里 $d_k = 128$"), "d_k = 128")
ln = L("标准差 $\\approx \\sqrt{128} \\approx 11.3$")
e.claim(ln, "sqrt 128", ["11.3"], [sp.sqrt(128)])
e.ambiguous(ln, "[-20, +20] is a rough typical range, not a computed value")
ln = L("做了缩放: 标准差 $\\approx 1$")
e.claim(ln, "std after scaling", ["1"], [1])
e.ambiguous(ln, "[-3, +3] is a rough typical range, not a computed value")

# --- 3. 3-token SDPA -------------------------------------------------------------------------
e.given(L("3 个 token, 每个向量 2 维 ($d_k = 2$)"), "3 tokens, d_k = 2")
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([["1", "0"], ["0", "1"], ["0.5", "0.5"]])
V = M([[10, 0], [0, 10], [5, 5]])
for s in ("Q = \\begin{bmatrix} 1 & 0", "K = \\begin{bmatrix} 1 & 0", "V = \\begin{bmatrix} 10 & 0"):
    e.given(L(s), "input matrix")
D = Q * K.T
S = D / sp.sqrt(2)
A = softmax_rows(S)
O = A * V
ln = L("QK^T = \\begin{bmatrix} 1 & 0")
e.given(ln, "Q restated")
e.given(ln + 1, "K^T restated")
for i in range(3):
    e.given(ln + 3 + i, "dot products written out term by term (operands only)")
e.claim(L("= \\begin{bmatrix} 1 & 0 & 0.5 \\\\ 0 & 1 & 0.5 \\\\ 1 & 1 & 1 \\end{bmatrix}"), "Q K^T",
        [["1", "0", "0.5"], ["0", "1", "0.5"], ["1", "1", "1"]], D)
e.given(L("\\frac{QK^T}{\\sqrt{d_k}} = \\frac{1}{\\sqrt{2}}"), "Q K^T and 1/sqrt 2 restated")
e.claim(L("\\approx \\begin{bmatrix} 0.707 & 0 & 0.354"), "scaled scores",
        [["0.707", "0", "0.354"], ["0", "0.707", "0.354"], ["0.707", "0.707", "0.707"]], S)
e.claim(L("第一行是 $[0.707, 0, 0.354]$"), "scaled row 1 restated", ["0.707", "0", "0.354"], S.row(0))
ln = L("e^{0.707} \\approx 2.028, \\quad e^{0} = 1.000")
e.claim(ln, "exp of the scores 1/sqrt2 and 0", ["2.028", "1.000"], [sp.exp(S[0, 0]), sp.exp(0)])
amb(ln, f"e^{{0.354}} = 1.425 is right for the rounded score 0.354 (e^0.354 = 1.42478); from the exact score "
        f"sqrt2/4 it is {sp.N(sp.exp(S[0, 2]), 6)} (1.424): arithmetic on a rounded operand")
ln = L("\\text{sum} = 2.028 + 1.000 + 1.425 = 4.453")
e.claim(ln, "exp terms restated", ["2.028", "1.000"], [sp.exp(S[0, 0]), 1])
amb(ln, f"4.453 = 2.028 + 1.000 + 1.425 is right as written; the exact row sum is "
        f"{sp.N(sum(sp.exp(S[0, j]) for j in range(3)), 6)} (4.452): arithmetic on rounded operands")
e.claim(L("\\alpha_1 = [0.456, 0.225, 0.320]"), "weights row 1", ["0.456", "0.225", "0.320"], A.row(0))
e.claim(L("第二行 $[0, 0.707, 0.354]$"), "scaled row 2 restated", ["0", "0.707", "0.354"], S.row(1))
e.claim(L("\\alpha_2 = [0.225, 0.456, 0.320]"), "weights row 2", ["0.225", "0.456", "0.320"], A.row(1))
e.claim(L("第三行 $[0.707, 0.707, 0.707]$ 三项相等"), "scaled row 3 restated", ["0.707"] * 3, S.row(2))
e.claim(L("\\text{ (三项一样) }, \\quad \\text{sum} = 6.084"), "exp(1/sqrt2) and row-3 sum", ["2.028", "6.084"],
        [sp.exp(S[2, 0]), 3 * sp.exp(S[2, 0])])
e.claim(L("\\alpha_3 = [0.333, 0.333, 0.333]"), "weights row 3", ["0.333"] * 3, A.row(2))
ln = L("输出第一行:")
e.claim(ln, "weights row 1 restated", ["0.456", "0.225", "0.320"], A.row(0))
e.claim(ln, "output row 1 (0.456*10 + 0.320*5 = 6.16 from the rounded weights; end to end 6.1546)",
        ["6.16", "3.85"], O.row(0), cause="drift")
ln = L("输出第二行:")
e.claim(ln, "weights row 2 restated", ["0.225", "0.456", "0.320"], A.row(1))
e.claim(ln, "output row 2 (end to end 6.1546 -> 6.15)", ["3.85", "6.16"], O.row(1), cause="drift")
ln = L("输出第三行:")
e.claim(ln, "weights row 3 restated", ["0.333"], [A[2, 0]])
e.claim(ln, "output row 3", ["5.00", "5.00"], O.row(2))
e.given(L("token 0 偏向 value 0"), "token / value indices")

# --- 4. causal mask --------------------------------------------------------------------------
for i in range(4):
    e.given(L("0 & -\\infty & -\\infty & -\\infty") + i, "4 x 4 causal mask pattern")
e.claim(L("由于 $e^{-\\infty} = 0$"), "exp(-inf)", ["0"], [0])
e.given(L("### 4.1 在第 3 节的例子上加掩码"), "heading (section reference)")
e.given(L("3 个位置的掩码"), "3 positions")
m3 = L("0 & -\\infty & -\\infty \\\\", after=L("3 个位置的掩码"))
for i in range(3):
    e.given(m3 + i, "3 x 3 causal mask pattern")
e.given(L("\\frac{QK^T}{\\sqrt{2}} + M \\approx"), "sqrt 2 restated")
ln = L("0.707 & -\\infty & -\\infty \\\\")
e.claim(ln, "masked scores row 1", ["0.707"], [S[0, 0]])
e.claim(ln + 1, "masked scores row 2", ["0", "0.707"], [S[1, 0], S[1, 1]])
e.claim(ln + 2, "masked scores row 3", ["0.707"] * 3, S.row(2))
Sm = sp.Matrix(S)
for i in range(3):
    for j in range(i + 1, 3):
        Sm[i, j] = -sp.oo
Am = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Sm[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        Am[i, j] = sp.exp(Sm[i, j]) / den
Om = Am * V
ln = L("- 第一行 $[0.707, -\\infty, -\\infty]$")
e.claim(ln, "masked row 1 and its weights", ["0.707", "1.0", "0.0", "0.0"], [S[0, 0], 1, 0, 0])
ln = L("- 第二行 $[0, 0.707, -\\infty]$")
e.claim(ln, "masked row 2 scores", ["0", "0.707"], [S[1, 0], S[1, 1]])
e.claim(ln, "exp terms and their sum", ["1.0", "2.028", "3.028"], [1, sp.exp(S[1, 1]), 1 + sp.exp(S[1, 1])])
e.claim(ln, "masked weights row 2", ["0.330", "0.670", "0.0"], Am.row(1))
ln = L("- 第三行 $[0.707, 0.707, 0.707]$: 与不加掩码时一样")
e.claim(ln, "row 3 scores and weights", ["0.707", "0.333"], [S[2, 0], Am[2, 0]])
ln = L("- 第一行: $1.0 \\times [10, 0] = [10.0, 0.0]$")
e.claim(ln, "masked output row 1", ["1.0", "10.0", "0.0"], [Am[0, 0], Om[0, 0], Om[0, 1]])
ln = L("- 第二行: $0.330 \\times [10, 0] + 0.670")
e.claim(ln, "weights restated", ["0.330", "0.670"], [Am[1, 0], Am[1, 1]])
e.claim(ln, "masked output row 2", ["3.30", "6.70"], Om.row(1))
e.claim(L("- 第三行: 不变 $= [5.00, 5.00]$"), "masked output row 3", ["5.00", "5.00"], Om.row(2))
e.given(L("输出就是 value 0 本身"), "value index")

# --- 5. multi-head parameter count ---------------------------------------------------------------
ln = L("取 $d_{\\text{model}} = 512$, $h = 8$")
e.given(ln, "d_model 512, h 8")
e.claim(ln, "d_k = 512 / 8", ["64"], [R(512, 8)])
grouped_int_claim(e, L("- 一个完整的 $W^Q$"), "512 x 512", "262{,}144", 512 * 512, G)
ln = L("- 8 个小的 $W_i^Q$")
grouped_int_claim(e, ln, "512 x 64", "32{,}768", 512 * 64, G)
grouped_int_claim(e, ln, "8 x 32,768", "262{,}144", 8 * 512 * 64, G)
e.claim(L("在自己的 64 维子空间"), "d_k restated", ["64"], [R(512, 8)])

# --- 6. KV cache / GQA -----------------------------------------------------------------------
def kv(nkv):
    return 2 * 28 * nkv * 4096 * 128 * 2


e.given(L("(前面的 2 表示 K, V 各一份)"), "factor 2 for K and V")
e.given(L("\\text{KV Cache} = 2 \\times n_{\\text{layers}}"), "formula")
e.given(L("2 \\times 28 \\times 12 \\times \\text{seq\\_len}"), "28 layers, 12 heads, 128, fp16 2 bytes")
e.given(L("seq_len = 4096 时"), "seq_len 4096")
ln = L("= 704{,}643{,}072 \\;\\text{bytes} \\approx 672")
e.given(ln, "factors restated")
grouped_int_claim(e, ln, "MHA KV cache bytes", "704{,}643{,}072", kv(12), G)
size_claim(ln, "MHA KV cache in MB", "672", kv(12))
e.given(L("- $n_{\\text{q\\_heads}} = 12$"), "12 query heads")
e.given(L("- $n_{\\text{kv\\_heads}} = 2$"), "2 KV heads")
e.claim(L("服务的 Q head 数 $= 12 / 2 = 6$"), "12 / 2", ["6"], [R(12, 2)])
e.claim(L("即 Q head 0, 1, 2, 3, 4, 5 用 KV head 0"), "group sizes (heads 0-5 and 6-11)", ["5", "11"], [6 - 1, 12 - 1])
e.claim(L("这里 $n_{\\text{rep}}"), "n_rep", ["6"], [R(12, 2)])
e.given(L("1. 插入新轴: $(B, 2, 1, S, 128)$"), "2 KV heads, new axis 1, head_dim 128")
e.claim(L("2. 广播展开: $(B, 2, 6, S, 128)$"), "n_rep", ["6"], [R(12, 2)])
e.claim(L("3. 合并 head 维: $(B, 12, S, 128)$"), "2 x 6 heads", ["12"], [2 * 6])
e.claim(L("\\text{节省比例}"), "saving 12 / 2", ["6"], [R(12, 2)])
e.claim(L("| **MHA** | $H$       | $H$"), "Q heads per KV head in MHA", ["1"], [1])
e.given(L("| **GQA** | $H$       | $G$ ($1 < G < H$)"), "symbolic row")
e.given(L("| **MQA** | $H$       | 1 "), "MQA: 1 KV head (definition)")
e.given(L("Qwen2-VL 文本解码器的 KV Cache (seq_len = 4096, fp16)"), "seq_len 4096")
e.given(L("计算式: $\\text{KV Cache} = 2 \\times 28"), "formula")
for name, nkv, mb, rel in (("| MHA                 |", 12, "672", None), ("| **GQA (Qwen2-VL) ** |", 2, "112", "1/6"),
                           ("| MQA                 |", 1, "56", "1/12")):
    ln = L(name)
    e.given(ln, f"{nkv} KV heads")
    size_claim(ln, f"KV cache with {nkv} KV heads (MB)", mb, kv(nkv))
    if rel:
        e.claim(ln, "relative to MHA", [rel], [R(nkv, 12)])
    else:
        e.claim(ln, "relative to MHA", ["1"], [1])
e.given(L("只用 2 个 KV head"), "2 KV heads")

# --- 7. 4-token, 2-head, 1-KV-head example ---------------------------------------------------------
e.given(L("## 7. 完整小例子: 4 个 token"), "heading: 4 tokens, 2 heads, head_dim 3")
e.given(L("- 长度 $n = 4$"), "n = 4, d_model = 6")
ln = L("- $h = 2$ 个 Q head, $d_k = 3$")
e.given(ln, "h = 2")
e.claim(ln, "d_k = 6 / 2", ["3", "3"], [R(6, 2), R(6, 2)])
e.given(L("- GQA: $n_{\\text{kv\\_heads}} = 1$"), "1 KV head")
e.given(L("输入 $X$ (4 个 token, 每个 6 维)"), "4 tokens of 6 dims")
X = M([[1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1], [0, 0, 1, 1, 0, 0]])
x0 = L("1 & 0 & 1 & 0 & 1 & 0 \\\\")
for i in range(4):
    e.given(x0 + i, f"X row {i + 1}")
e.given(L("$W^Q$ 取 $6 \\times 6$ 单位阵"), "shapes 6 x 6 and 6 x 3")
e.given(L("W^Q = I_6"), "W^Q = I_6")
WK = M([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1]])
WV = M([[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1]])
e.given(L("1 & 0 & 0 \\\\ 0 & 1 & 0 \\\\ 0 & 0 & 1 \\\\ 1 & 0 & 0"), "W^K")
e.given(L("0 & 1 & 0 \\\\ 1 & 0 & 0 \\\\ 0 & 0 & 1 \\\\ 0 & 1 & 0"), "W^V")
Q4 = X  # W^Q = I
K4 = X * WK
V4 = X * WV
q0 = L("1 & 0 & 1 & 0 & 1 & 0 \\\\", after=x0 + 4)
e.rows([q0, q0 + 1, q0 + 2, q0 + 3], "Q = X W^Q = X",
       [["1", "0", "1", "0", "1", "0"], ["0", "1", "0", "1", "0", "1"], ["1", "1", "0", "0", "1", "1"],
        ["0", "0", "1", "1", "0", "0"]], Q4)
k0 = L("1 & 1 & 1 \\\\", after=q0)
e.rows([k0, k0 + 1, k0 + 2, k0 + 3], "K = X W^K", [["1", "1", "1"]] * 4, K4)
e.claim(L("(\\text{每一行碰巧都是 } [1,1,1])"), "'every row is [1,1,1]' (true only for rows 1, 2; row 3 is [1,2,1])",
        ["1", "1", "1"], K4.row(2), cause="carried")
e.claim(L("(逐项核对第一行:"), "K row 1 entries checked term by term", ["1", "1", "1"], K4.row(0))
v0 = L("1 & 1 & 1 \\\\", after=k0 + 4)
e.rows([v0, v0 + 1, v0 + 2, v0 + 3], "V = X W^V", [["1", "1", "1"], ["1", "1", "1"], ["2", "1", "1"], ["0", "1", "1"]],
       V4)
e.claim(L("(逐项核对第三行:"), "V row 3 entries checked term by term", ["2", "1", "1"], V4.row(2))
e.claim(L("$Q$: $(4, 6)$ → reshape 成 $(4, 2, 3)$"), "reshape 6 = 2 x 3", ["2", "3"], [2, R(6, 2)])
Q0, Q1 = Q4[:, 0:3], Q4[:, 3:6]
e.claim(L("Q_{\\text{head 0}} = \\begin{bmatrix}"), "Q head 0 = columns 1-3 of Q",
        [["1", "0", "1"], ["0", "1", "0"], ["1", "1", "0"], ["0", "0", "1"]], Q0)
e.claim(L("Q_{\\text{head 1}} = \\begin{bmatrix}"), "Q head 1 = columns 4-6 of Q",
        [["0", "1", "0"], ["1", "0", "1"], ["0", "1", "1"], ["1", "0", "0"]], Q1)
e.claim(L("$K, V$ 形状为 $(4, 3)$"), "repeat 1 KV head to 2", ["2"], [2])
ln = L("Q_0 K^T = \\begin{bmatrix}")
e.given(ln, "Q head 0 restated")
e.claim(ln + 1, "K^T as printed (from the wrong K)", [["1"] * 4] * 3, K4.T, cause="carried")
D0 = Q0 * K4.T
e.claim(ln + 2, "Q0 K^T", [["2"] * 4, ["1"] * 4, ["2"] * 4, ["1"] * 4], D0, cause="carried")
e.claim(L("再除以 $\\sqrt{3} \\approx 1.732$"), "sqrt 3", ["1.732"], [sp.sqrt(3)])
S0 = D0 / sp.sqrt(3)
e.claim(L("\\text{Scaled} = \\begin{bmatrix}"), "Q0 K^T / sqrt 3",
        [["1.155"] * 4, ["0.577"] * 4, ["1.155"] * 4, ["0.577"] * 4], S0, cause="carried")


def causal(Sx):
    n = Sx.rows
    A_ = sp.zeros(n, n)
    for i in range(n):
        den = sum(sp.exp(Sx[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            A_[i, j] = sp.exp(Sx[i, j]) / den
    return A_


A0 = causal(S0)
Out0 = A0 * V4
m0 = L("1.155 & -\\infty & -\\infty & -\\infty")
e.claim(m0, "masked scores row 1", ["1.155"], [S0[0, 0]])
e.claim(m0 + 1, "masked scores row 2", ["0.577", "0.577"], [S0[1, 0], S0[1, 1]])
e.claim(m0 + 2, "masked scores row 3 (exact [2, 2, 3]/sqrt3)", ["1.155", "1.155", "1.155"],
        [S0[2, 0], S0[2, 1], S0[2, 2]], cause="carried")
e.claim(m0 + 3, "masked scores row 4", ["0.577"] * 4, S0.row(3))
e.claim(L("- 第 0 行: $[1.0, 0, 0, 0]$"), "weights row 1", ["1.0", "0", "0", "0"], A0.row(0))
e.claim(L("- 第 1 行: $[0.5, 0.5, 0, 0]$"), "weights row 2", ["0.5", "0.5", "0", "0"], A0.row(1))
e.claim(L("- 第 2 行: $[0.333, 0.333, 0.333, 0]$"), "weights row 3", ["0.333", "0.333", "0.333", "0"], A0.row(2),
        cause="carried")
e.claim(L("- 第 3 行: $[0.25, 0.25, 0.25, 0.25]$"), "weights row 4", ["0.25"] * 4, A0.row(3))
o0 = L("\\text{Out}_0 = \\begin{bmatrix}") + 1
e.rows([o0, o0 + 1, o0 + 2, o0 + 3], "Out_0",
       [["1.0"] * 3, ["1.0"] * 3, ["1.333", "1.0", "1.0"], ["1.0"] * 3], Out0, causes={2: "carried"})
ln = L("(第 2 行第一列: $0.333")
e.claim(ln, "weights row 3 restated", ["0.333"], [A0[2, 0]], cause="carried")
e.claim(ln, "Out_0 row 3: 1.333 and the other columns 1.0", ["1.333", "1.0"], [Out0[2, 0], Out0[2, 1]], cause="carried")
e.claim(L("由于 $K$ 的每一行 (按上面的结果) 都是 $[1,1,1]$"), "K rows restated as [1,1,1] (row 3 is [1,2,1])",
        ["1", "1", "1"], K4.row(2), cause="carried")
D1 = Q1 * K4.T
rs = [sum(Q1.row(i)) for i in range(4)]
ln = L("- 行 0: $0 + 1 + 0 = 1")
e.claim(ln, "row sum of Q1 row 0 and its scaled value", ["1", "0.577"], [rs[0], rs[0] / sp.sqrt(3)])
amb(ln, "the sentence before says this is the row's dot with any key: right for key 0, the only key row 0 sees "
        "under the causal mask, but Q1 row 0 . K rows 3, 4 = 2, 0 before masking: the reading decides the verdict")
e.claim(L("- 行 1: $1 + 0 + 1 = 2"), "dot of Q1 row 1 with every key and its scaled value", ["2", "1.155"],
        [D1[1, 0], D1[1, 0] / sp.sqrt(3)])
e.claim(L("- 行 2: $0 + 1 + 1 = 2"), "dot of Q1 row 2 with the visible key 3 (= 3) and its scaled value (1.732)",
        ["2", "1.155"], [D1[2, 2], D1[2, 2] / sp.sqrt(3)], cause="carried")
e.claim(L("- 行 3: $1 + 0 + 0 = 1"), "dot of Q1 row 3 with every key and its scaled value", ["1", "0.577"],
        [D1[3, 0], D1[3, 0] / sp.sqrt(3)])
e.given(L("于是 $\\text{Out}_1 = \\text{Out}_0$"), "head indices (the conclusion Out_1 = Out_0 holds exactly)")
ln = L("把两个 head 的输出拼成 $4 \\times 6$")
e.claim(ln, "concat shape 4 x (2 x 3)", ["4", "6"], [4, 2 * 3])
e.given(ln, "W^O 6 x 6")

# --- 8. Qwen2-VL configs -------------------------------------------------------------------------
for s in ("| embed*dim", "| num_heads ($h$)  ", "| head_dim ($d_k$)   ", "| MLP 隐层维度                   |",
          "| Block 数"):
    e.given(L(s), "vision config value")
ln = L("W_{\\text{qkv}} \\in \\mathbb{R}^{3840 \\times 1280}")
e.claim(ln, "fused QKV rows 3 x 1280", ["3840", "3840"], [3 * 1280, 3 * 1280])
e.given(ln, "1280")
ln = L("其中 $3840 = 3 \\times 1280$")
e.claim(ln, "3 x 1280", ["3840"], [3 * 1280])
e.given(ln, "1280 each")
for s in ("| hidden*size", "| num_heads ($h_Q$)", "| num*kv_heads", "| head_dim ($d_k$)                 |",
          "| MLP 隐层维度                     |", "| 层数 ", "| 词表大小", "| RoPE base", "| mrope_section"):
    e.given(L(s), "text config value")
ln = L("| Q    | $(1536, 1536)$")
e.given(ln, "Q weight shape (hidden 1536)")
e.claim(ln, "12 x 128", ["1536"], [12 * 128])
for s in ("| K    | $(256, 1536)$", "| V    | $(256, 1536)$"):
    ln = L(s)
    e.claim(ln, "K/V weight rows and 2 x 128", ["256", "256"], [2 * 128, 2 * 128])
    e.given(ln, "hidden 1536")
e.given(L("| O    | $(1536, 1536)$"), "O projection 1536 x 1536")
ln = L("K, V 的投影只有 $(256, 1536)$")
e.claim(ln, "2 x 128", ["256"], [256])
e.given(ln, "2 KV heads, hidden 1536")

# --- 9. KV cache step by step ----------------------------------------------------------------------
e.given(L("fp16 (每个数 2 字节), 序列长度 $= 4096$"), "fp16 2 bytes, 4096 tokens")
e.given(L("\\text{KV Cache (bytes)} = 2 \\times"), "formula")
for nkv, prods in ((12, [("336", 28 * 12), ("1{,}376{,}256", 28 * 12 * 4096), ("176{,}160{,}768", 28 * 12 * 4096 * 128),
                         ("352{,}321{,}536", 28 * 12 * 4096 * 128 * 2), ("704{,}643{,}072", kv(12))]),
                   (2, [("56", 28 * 2), ("229{,}376", 28 * 2 * 4096), ("29{,}360{,}128", 28 * 2 * 4096 * 128),
                        ("58{,}720{,}256", 28 * 2 * 4096 * 128 * 2), ("117{,}440{,}512", kv(2))]),
                   (1, [("28", 28), ("114{,}688", 28 * 4096), ("14{,}680{,}064", 28 * 4096 * 128),
                        ("29{,}360{,}128", 28 * 4096 * 128 * 2), ("58{,}720{,}256", kv(1))])):
    head = L(f"$n_{{\\text{{kv\\_heads}}}} = {nkv}$", after=L("### 9.1") - 1)
    e.given(head, f"heading: {nkv} KV heads")
    e.given(L(f"2 \\times 28 \\times {nkv} \\times 4096", after=head), "factors")
    first = L(f"- $28 \\times {nkv} = ", after=head)
    for k, (printed, val) in enumerate(prods):
        ln = first + k
        if k:
            e.given(ln, "previous product and factor restated")
        if "{,}" in printed:
            grouped_int_claim(e, ln, f"step {k + 1}", printed, val, G)
        else:
            e.claim(ln, f"step {k + 1}", [printed], [val])
            e.given(ln, "28 layers")
    size_claim(first + 4, f"{nkv} KV heads in MB", {12: "672", 2: "112", 1: "56"}[nkv], kv(nkv))
for name, nkv, mb, rel in (("| MHA     | 12", 12, "672", None), ("| **GQA** | **2**", 2, "112", "1/6"), ("| MQA     | 1  ", 1, "56", "1/12")):
    ln = L(name)
    e.given(ln, f"{nkv} KV heads")
    size_claim(ln, f"KV cache with {nkv} KV heads (MB)", mb, kv(nkv))
    e.claim(ln, "relative to MHA", [rel or "1"], [R(nkv, 12)])
e.claim(L("GQA 的缓存只有 MHA 的 1/6"), "GQA / MHA", ["1/6"], [R(2, 12)])

e.given(L("最后落到 Qwen2-VL 文本解码器"), "model name")
e.given(L("例如 4 个位置时"), "4 positions")
e.given(L("代入 Qwen2-VL 文本解码器"), "model name")
e.given(L("Qwen2-VL 文本解码器的设定:"), "model name")

# --- headings and labels ------------------------------------------------------------------------------
import re
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and re.search(r"\d", text):
        if text.startswith("#") or text.startswith("| ") or text.startswith("\\end") or "bmatrix" in text:
            e.given(i, "heading / table header / matrix delimiter, no computed value")
        else:
            raise SystemExit(f"unmarked line {i}: {text}")
e.done()
