# Expected verdicts for en-flash-attention-block-step.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "flash-attention", "online-softmax"])


def nums(line):
    """The numbers printed in one bmatrix row line (a & b & c \\\\)."""
    return re.findall(r"-?\d+\.\d+|(?<![\w{])\d+(?![\w}])", e.lines[line - 1])


Q = M([["0.15", "0.82", "0.21", "0.55"], ["0.91", "0.37", "0.75", "0.28"]])      # first query block
K = M([["0.28", "0.71", "0.19", "0.42"], ["0.83", "0.25", "0.69", "0.31"], ["0.59", "0.52", "0.87", "0.24"]])
V = M([["0.11", "0.95", "0.38", "0.62"], ["0.72", "0.49", "0.84", "0.17"], ["0.68", "0.31", "0.77", "0.39"]])
dk = 4
S = Q * K.T / sp.sqrt(dk)
m = [max(S.row(i)) for i in range(2)]
Sm = sp.Matrix(2, 3, lambda i, j: S[i, j] - m[i])
A = Sm.applyfunc(sp.exp)
l = [sum(A.row(i)) for i in range(2)]
Ocur = A * V
Onew = sp.Matrix(2, 4, lambda i, j: Ocur[i, j] / l[i])

# setup
e.given(e.line("are $9 \\times 4$ matrices"), "shape of Q, K, V")
L = e.line("Q = \\begin{bmatrix}")
for i in range(3):
    e.given(L + 1 + i, f"Q row {i+1}")
L = e.line("K = \\begin{bmatrix}")
for i in range(3):
    e.given(L + 1 + i, f"K row {i+1}")
L = e.line("V = \\begin{bmatrix}")
for i in range(3):
    e.given(L + 1 + i, f"V row {i+1}")

# Step 1.1
L = e.line("### Step 1.1")
L = e.line("\\begin{bmatrix}", after=L)
e.given(L + 1, "Q block row 1"); e.given(L + 2, "Q block row 2")
L = e.line("\\begin{bmatrix}", after=L + 2)
for i in range(4):
    e.claim(L + 1 + i, f"K^T row {i+1}", nums(L + 1 + i), K.T.row(i))
e.claim(e.line("\\xrightarrow{\\times \\frac{1}{\\sqrt{4}}}"), "sqrt(d_k) argument", ["4"], [dk])
L = e.line("\\begin{bmatrix}", after=e.line("\\xrightarrow"))
e.rows([L + 1, L + 2], "S_block (scaled logits)", [nums(L + 1), nums(L + 2)], S)

# Step 1.2
L = e.line("m_{block} = ")
e.claim(L + 2, "m_block row 1", nums(L + 2), [m[0]], cause="carried")
e.claim(L + 3, "m_block row 2", nums(L + 3), [m[1]], cause="carried")
L = e.line("S_{block} - m_{block} = ")
e.rows([L + 2, L + 3], "S_block restated", [nums(L + 2), nums(L + 3)], S, cause="carried")
L2 = e.line("\\begin{bmatrix}", after=L + 4)
e.rows([L2 + 1, L2 + 2], "m broadcast", [nums(L2 + 1), nums(L2 + 2)],
       sp.Matrix(2, 3, lambda i, j: m[i]), cause="carried")
L3 = e.line("= \\quad", after=L2)
e.rows([L3 + 2, L3 + 3], "S_block - m_block", [nums(L3 + 2), nums(L3 + 3)], Sm, cause="carried")
L = e.line("A_{\\text{unnormalized}} = ", after=L3)
e.rows([L + 3, L + 4], "exp argument restated", [nums(L + 3), nums(L + 4)], Sm, cause="carried")
L4 = e.line("\\begin{bmatrix}", after=L + 5)
e.claim(L4 + 1, "A_unnormalized row 1", nums(L4 + 1), A.row(0), cause="carried")
# row 2: 0.79 and 1.00 follow from the author's wrong exponents; 0.89 is not even e^-0.11 (= 0.896)
e.claim(L4 + 2, "A_unnormalized row 2 (entries 1, 3)", ["0.79", "1.00"], [A[1, 0], A[1, 2]], cause="carried")
e.claim(L4 + 2, "A_unnormalized row 2 (entry 2)", ["0.89"], [A[1, 1]])

# Step 1.3
L = e.line("m_{old} = \\begin{bmatrix}")
e.given(e.line("l_{old} = \\begin{bmatrix}"), "initial running sums 0")
e.claim(e.line("m_{new} = \\begin{bmatrix}"), "m_new", ["0.60", "0.82"], m, cause="carried")
e.claim(e.line("l_{new} = \\sum"), "l_new", ["2.83", "2.68"], l, cause="carried")

# Step 1.4
L = e.line("### Step 1.4")
L = e.line("\\begin{bmatrix}", after=L)
e.claim(L + 1, "A_unnormalized restated row 1", nums(L + 1), A.row(0), cause="carried")
e.claim(L + 2, "A_unnormalized restated row 2", nums(L + 2), A.row(1), cause="carried")
L = e.line("\\begin{bmatrix}", after=L + 3)
for i in range(3):
    e.given(L + 1 + i, f"V block row {i+1}")
L = e.line("\\begin{bmatrix}", after=L + 4)
e.claim(L + 1, "O_current row 1", nums(L + 1), Ocur.row(0), cause="carried")
# row 2 from the author's own weights is [1.41, 1.50, 1.82, 1.03]: 0.93 is a fresh slip
e.claim(L + 2, "O_current row 2 (entries 1-3)", ["1.41", "1.51", "1.82"], Ocur.row(1)[:3], cause="carried")
e.claim(L + 2, "O_current row 2 (entry 4)", ["0.93"], [Ocur[1, 3]])

# Step 1.5
e.claim(e.line("e^{m_{block} - m_{new}} = e^0 = 1"), "first-pass factor", ["0", "1"], [0, 1])
L = e.line("1.46 / 2.83")
e.claim(L, "O_current row 1 restated", ["1.46", "1.62", "1.90", "1.09"], Ocur.row(0), cause="carried")
e.claim(L, "l_new[1] restated", ["2.83"], [l[0]], cause="carried")
e.claim(L + 1, "O_current row 2 restated", ["1.41", "1.51", "1.82", "0.93"], Ocur.row(1), cause="carried")
e.claim(L + 1, "l_new[2] restated", ["2.68"], [l[1]], cause="carried")
L = e.line("O_{new} = O_{1..2} = ")
e.rows([L + 2, L + 3], "O_new", [nums(L + 2), nums(L + 3)], Onew, cause="carried")
e.done()
