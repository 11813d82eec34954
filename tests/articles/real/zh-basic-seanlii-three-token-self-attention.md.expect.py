# Expected verdicts for zh-basic-seanlii-three-token-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog page (SeanLii, XunBlog) that works one scaled attention head by hand on three 2-d tokens, then
# quotes a few ACT / Transformer size products.
# Inputs: X = [[1,0],[0,1],[1,1]], W_Q = W_K = I, W_V = [[1,1],[0,1]], d_k = 2 (scaled by sqrt 2, no mask).
# Exact values: Q = K = X; V = [[1,1],[0,1],[1,2]]; S = QK^T = [[1,0,1],[0,1,1],[1,1,2]];
#   S/sqrt2 = [[0.707107,0,0.707107],[0,0.707107,0.707107],[0.707107,0.707107,1.414214]];
#   e^(1/sqrt2) = 2.028115, row-1 sum 5.056230, e^(sqrt2) = 4.113250, row-3 sum 8.169480;
#   A = [[0.401112,0.197776,0.401112],[0.197776,0.401112,0.401112],[0.248255,0.248255,0.503490]];
#   O = AV = [[0.802224,1.401112],[0.598888,1.401112],[0.751745,1.503490]].
# Sizes: 15*20 = 300; 1+1+1200 = 1202; 1202^2 = 1444804; 4*15*20 = 1200; 512/8 = 64; 8*64 = 512.
# Wrong lines:
#   - "o_3 ≈ [0.751, 1.502]": drift -- 0.248+0.503 and 0.248+0.248+2*0.503 from the rounded weights; end to end the
#     row is [0.751745, 1.503490] -> [0.752, 1.503].
#   - the O matrix row "0.751&1.502": carried from that line; right [0.752, 1.503].
# Rows 1-2 of O (0.802, 1.401, 0.599) and the explicit sums 0.401+0+0.401 = 0.802 and 0.401+0.198+0.802 = 1.401
# agree end to end.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["basic", "latex-bmatrix", "sizes"])
L = e.line

X = M([[1, 0], [0, 1], [1, 1]])
WV = M([[1, 1], [0, 1]])
Q = X
K = X
V = X * WV
S = Q * K.T
St = S / sp.sqrt(2)
A = softmax_rows(St)
O = A * V
ea = sp.exp(1 / sp.sqrt(2))
eb = sp.exp(sp.sqrt(2))


def block(anchor, n, after=0):
    """The n matrix-row lines that follow the first '\\begin{bmatrix}' after ``anchor``."""
    a = L(anchor, after=after)
    b = L("\\begin{bmatrix}", after=a)
    return list(range(b + 1, b + 1 + n)), b


def rowstr(row):
    return [str(x) for x in row]


e.given(L("ACT 里 1202 个 token"), "ACT token count (stated up front)")
e.given(L("x_i\\in\\mathbb R^2"), "tokens are 2-d")
e.given(L("d_{\\text{model}}=2"), "d_model = 2")
e.given(L("d_{\\text{model}}=512"), "original Transformer d_model = 512")

# --- inputs --------------------------------------------------------------------------
h2 = L("## 2. 把三个向量叠成矩阵 X")
e.given(L("[1,0]", after=h2), "x1")
e.given(L("[0,1]", after=h2), "x2")
e.given(L("[1,1]", after=h2), "x3")
rows, b = block("X=", 3, after=h2)
for ln in rows:
    e.given(ln, "X row")
e.claim(L("[3,2]", after=b), "shape of X", ["3", "2"], [X.rows, X.cols])

h3 = L("## 3. 选三个简单的投影矩阵")
rows, b = block("W_Q=", 2, after=h3)
for ln in rows:
    e.given(ln, "W_Q row")
rows, b = block("W_K=", 2, after=b)
for ln in rows:
    e.given(ln, "W_K row")
rows, b = block("W_V=", 2, after=b)
for ln in rows:
    e.given(ln, "W_V row")

# --- Q, K, V -------------------------------------------------------------------------
h4 = L("## 4. 计算 Q")
rows, b = block("Q=", 3, after=L("\\boxed{", after=h4) - 1)
e.rows(rows, "Q = X W_Q", [["1", "0"], ["0", "1"], ["1", "1"]], Q)
for i, ln in enumerate([L("q_1=[1,0]"), L("q_2=[0,1]"), L("q_3=[1,1]")]):
    e.claim(ln, f"q{i + 1}", rowstr(Q.row(i)), Q.row(i))
h5 = L("## 5. 计算 K")
rows, b = block("\\boxed{", 3, after=h5)
e.rows(rows, "K = X W_K", [["1", "0"], ["0", "1"], ["1", "1"]], K)
for i, ln in enumerate([L("k_1=[1,0]"), L("k_2=[0,1]"), L("k_3=[1,1]")]):
    e.claim(ln, f"k{i + 1}", rowstr(K.row(i)), K.row(i))

h6 = L("## 6. 计算 V")
rows, b = block("W_V=", 2, after=h6)
for ln in rows:
    e.given(ln, "W_V row (restated)")
for i, name in enumerate(["v_1", "v_2", "v_3"]):
    a = L(name, after=b)
    e.given(a + 2, f"x{i + 1} (restated)")
    e.given(a + 4, "W_V row 1 (restated)")
    e.given(a + 5, "W_V row 2 (restated)")
    e.claim(a + 8, f"{name} = x W_V", rowstr(V.row(i)), V.row(i))
    b = a + 8
rows, b = block("\\boxed{", 3, after=b)
e.rows(rows, "V = X W_V", [["1", "1"], ["0", "1"], ["1", "2"]], V)
code = L("```text", after=b)
for i, t in enumerate(["1", "2", "3"]):
    e.claim(L(f"q{t} = ", after=code), f"q{t} (summary)", rowstr(Q.row(i)), Q.row(i))
    e.claim(L(f"k{t} = ", after=code), f"k{t} (summary)", rowstr(K.row(i)), K.row(i))
    e.claim(L(f"v{t} = ", after=code), f"v{t} (summary)", rowstr(V.row(i)), V.row(i))

# --- scores --------------------------------------------------------------------------
h7 = L("## 7. 第一步：QKᵀ")
rows, b = block("Q=", 3, after=h7)
e.rows(rows, "Q (restated)", [["1", "0"], ["0", "1"], ["1", "1"]], Q)
rows, b = block("K^\\top=", 2, after=b)
e.rows(rows, "K^T", [["1", "0", "1"], ["0", "1", "1"]], K.T)
Sp = [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]]
rows, b = block("S=", 3, after=b)
e.rows(rows, "S = QK^T", Sp, S)
rows, b = block("\\boxed{", 3, after=b)
e.rows(rows, "QK^T (boxed)", Sp, S)

h8 = L("## 8. 矩阵里的每个数是什么")
a = L("[1,0]", after=h8)
e.claim(a, "q1 (restated)", ["1", "0"], Q.row(0))
e.claim(a + 2, "k3 (restated)", ["1", "1"], K.row(2))
e.claim(a + 4, "S13 = q1.k3", ["1"], [S[0, 2]])
e.claim(L("匹配分是 1", after=h8), "S13 in words", ["1"], [S[0, 2]])
e.claim(L("[1,1,2]", after=h8), "row 3 of S", ["1", "1", "2"], S.row(2))
e.claim(L("依次是 1、1、2", after=h8), "row 3 of S in words", ["1", "1", "2"], S.row(2))
h9 = L("## 9. 为什么是 3 × 3")
e.given(h9, "heading: 3 x 3 scores")
e.given(L("3\\times3", after=h9), "3 queries x 3 keys")
e.claim(L("9", after=L("3\\times3", after=h9)), "3 x 3", ["9"], [9])

h10 = L("## 10. 第二步：除以 √d_k")
e.given(L("d_k=2", after=h10), "d_k = 2")
e.given(L("\\sqrt2", after=h10), "scale sqrt(2)")
e.claim(L("\\approx1.414", after=h10), "sqrt 2", ["1.414"], [sp.sqrt(2)])
e.given(L("\\frac{S}{\\sqrt2}", after=h10), "scale sqrt(2)")
rows, b = block("\\boxed{", 3, after=h10)
e.rows(rows, "S / sqrt2", [["0.707", "0", "0.707"], ["0", "0.707", "0.707"], ["0.707", "0.707", "1.414"]], St)

# --- softmax rows --------------------------------------------------------------------
h11 = L("## 11. 第三步：逐行 Softmax")
e.claim(L("[0.707,0,0.707]", after=h11), "scaled row 1", ["0.707", "0", "0.707"], St.row(0))
e.claim(L("[e^{0.707},e^0,e^{0.707}]", after=h11), "exponents of row 1", ["0.707", "0.707"],
        [St[0, 0], St[0, 2]])
e.claim(L("[2.028,1,2.028]", after=h11), "exp of row 1", ["2.028", "1", "2.028"], [ea, 1, ea])
e.claim(L("5.056", after=h11), "row-1 sum of exps", ["5.056"], [2 * ea + 1])
e.claim(L("[0.401,0.198,0.401]", after=h11), "A row 1", ["0.401", "0.198", "0.401"], A.row(0))
e.claim(L("[0,0.707,0.707]", after=h11), "scaled row 2", ["0", "0.707", "0.707"], St.row(1))
e.claim(L("[0.198,0.401,0.401]", after=h11), "A row 2", ["0.198", "0.401", "0.401"], A.row(1))
e.claim(L("[0.707,0.707,1.414]", after=h11), "scaled row 3", ["0.707", "0.707", "1.414"], St.row(2))
e.claim(L("[2.028,2.028,4.113]", after=h11), "exp of row 3", ["2.028", "2.028", "4.113"], [ea, ea, eb])
e.claim(L("8.169", after=h11), "row-3 sum of exps", ["8.169"], [2 * ea + eb])
e.claim(L("[0.248,0.248,0.503]", after=h11), "A row 3", ["0.248", "0.248", "0.503"], A.row(2))

h12 = L("## 12. 注意力矩阵")
e.given(L("\\frac{QK^\\top}{\\sqrt2}", after=h12), "scale sqrt(2)")
rows, b = block("\\approx", 3, after=h12)
e.rows(rows, "A", [["0.401", "0.198", "0.401"], ["0.198", "0.401", "0.401"], ["0.248", "0.248", "0.503"]], A)
e.claim(L("1", after=L("每一行加起来都是", after=h12)), "row sums of A", ["1"], [sum(A.row(0))])

h13 = L("## 13. 怎么读这个矩阵")
e.claim(L("[0.401,0.198,0.401]", after=h13), "A row 1 (restated)", ["0.401", "0.198", "0.401"], A.row(0))
e.claim(L("token 1 的 Value：40.1%", after=h13), "A11 as percent", ["40.1%"], [A[0, 0]])
e.claim(L("token 2 的 Value：19.8%", after=h13), "A12 as percent", ["19.8%"], [A[0, 1]])
e.claim(L("token 3 的 Value：40.1%", after=h13), "A13 as percent", ["40.1%"], [A[0, 2]])
e.claim(L("[0.198,0.401,0.401]", after=h13), "A row 2 (restated)", ["0.198", "0.401", "0.401"], A.row(1))
e.claim(L("[0.248,0.248,0.503]", after=h13), "A row 3 (restated)", ["0.248", "0.248", "0.503"], A.row(2))

# --- outputs -------------------------------------------------------------------------
h14 = L("## 14. 第四步：A 乘 V")
rows, b = block("V=", 3, after=h14)
e.rows(rows, "V (restated)", [["1", "1"], ["0", "1"], ["1", "2"]], V)

h15 = L("## 15. token 1 的输出")
e.claim(L("0.401v_1", after=h15), "A11", ["0.401"], [A[0, 0]])
e.claim(L("0.198v_2", after=h15), "A12", ["0.198"], [A[0, 1]])
e.claim(L("0.401v_3", after=h15), "A13", ["0.401"], [A[0, 2]])
e.claim(L("v_1=[1,1]", after=h15), "v1 (restated)", ["1", "1"], V.row(0))
e.claim(L("v_2=[0,1]", after=h15), "v2 (restated)", ["0", "1"], V.row(1))
e.claim(L("v_3=[1,2]", after=h15), "v3 (restated)", ["1", "2"], V.row(2))
e.claim(L("0.401[1,1]", after=h15), "A11 v1", ["0.401", "1", "1"], [A[0, 0]] + list(V.row(0)))
e.claim(L("0.198[0,1]", after=h15), "A12 v2", ["0.198", "0", "1"], [A[0, 1]] + list(V.row(1)))
e.claim(L("0.401[1,2]", after=h15), "A13 v3", ["0.401", "1", "2"], [A[0, 2]] + list(V.row(2)))
a = L("0.401+0+0.401", after=h15)
e.claim(a, "first-dim terms A11*1, A12*0, A13*1", ["0.401", "0", "0.401"], [A[0, 0], 0, A[0, 2]])
e.claim(a + 2, "o1[0]", ["0.802"], [O[0, 0]])
a = L("0.401+0.198+0.802", after=h15)
e.claim(a, "second-dim terms A11*1, A12*1, A13*2", ["0.401", "0.198", "0.802"], [A[0, 0], A[0, 1], 2 * A[0, 2]])
e.claim(a + 2, "o1[1]", ["1.401"], [O[0, 1]])
e.claim(L("[0.802,\\;1.401]", after=h15), "o1", ["0.802", "1.401"], O.row(0))

h16 = L("## 16. token 2 的输出")
e.claim(L("0.198v_1", after=h16), "A21", ["0.198"], [A[1, 0]])
e.claim(L("0.401v_2", after=h16), "A22", ["0.401"], [A[1, 1]])
e.claim(L("0.401v_3", after=h16), "A23", ["0.401"], [A[1, 2]])
e.claim(L("[0.599,\\;1.401]", after=h16), "o2", ["0.599", "1.401"], O.row(1))

h17 = L("## 17. token 3 的输出")
e.claim(L("0.248v_1", after=h17), "A31", ["0.248"], [A[2, 0]])
e.claim(L("0.248v_2", after=h17), "A32", ["0.248"], [A[2, 1]])
e.claim(L("0.503v_3", after=h17), "A33", ["0.503"], [A[2, 2]])
e.claim(L("[0.751,\\;1.502]", after=h17), "o3", ["0.751", "1.502"], O.row(2), cause="drift")

h18 = L("## 18. 整个 head 的输出")
rows, b = block("\\approx", 3, after=h18)
e.rows(rows, "O = AV", [["0.802", "1.401"], ["0.599", "1.401"], ["0.751", "1.502"]], O, causes={2: "carried"})
e.claim(L("[3,2]", after=h18), "shape of O", ["3", "2"], [O.rows, O.cols])

# --- ACT and width arithmetic --------------------------------------------------------
h19 = L("## 19. ACT 里的视觉 token")
e.given(L("15\\times20", after=h19), "ResNet grid 15 x 20")
e.claim(L("300", after=h19), "15 x 20 visual tokens", ["300"], [15 * 20])
e.given(L("2D 位置编码", after=h19), "2D positional encoding")
h20 = L("## 20. ACT policy encoder 的 1202 个 token")
e.given(h20, "heading: 1202 tokens")
e.claim(L("1202", after=h20 + 1), "total tokens 1 + 1 + 1200", ["1202"], [1 + 1 + 1200])
e.given(L("1 latent token", after=h20), "1 latent token")
e.given(L("1 joint token", after=h20), "1 joint token")
e.given(L("1200 visual tokens", after=h20), "1200 visual tokens")
e.given(L("\\mathbb R^{1202\\times512}", after=h20), "X is 1202 x 512")
e.claim(L("1202\\times1202", after=h20), "shape of QK^T", ["1202", "1202"], [1202, 1202])
h21 = L("## 21. 1202 × 1202 有多少格")
e.given(h21, "heading: 1202 x 1202 grid")
e.given(L("1202^2", after=h21), "1202^2")
number_claim(e, L("1,444,804", after=h21), "1202^2", "1,444,804", 1202 ** 2)
number_claim(e, L("存了 1,444,804 个", after=h21), "1202^2 (restated)", "1,444,804", 1202 ** 2)
h22 = L("## 22. 为什么先过 ResNet 再做自注意力")
e.given(L("4\\times480\\times640", after=h22), "4 cameras x 480 x 640")
e.given(L("4\\times15\\times20", after=h22), "4 x 15 x 20 grid")
e.claim(L("1200", after=L("4\\times15\\times20", after=h22)), "4 x 15 x 20", ["1200"], [4 * 15 * 20])
h23 = L("## 23. 一个 head 的 d_v 为什么可以小于 d_model")
e.given(L("d_{\\text{model}}=512", after=h23), "d_model = 512")
e.given(L("h=8", after=h23), "h = 8")
e.claim(L("d_v=64", after=h23), "d_v = 512 / 8", ["64"], [R(512, 8)])
e.given(L("8 个 head 拼起来", after=h23), "8 heads")
e.claim(L("8\\times64=512", after=h23), "8 x 64", ["512"], [8 * 64])
e.done()
