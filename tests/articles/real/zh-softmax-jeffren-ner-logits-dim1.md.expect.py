# Expected verdicts for zh-softmax-jeffren-ner-logits-dim1.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study note (Jianfeng Ren, LLM-interview repo) that works F.softmax(inputs, dim=1) by hand for a (2, 4, 4)
# logits tensor of shape (batch, num_classes, seq_len): for sample 0, position k, the softmax runs over the column
# inputs[0, :, k]; it then prints the full result for sample 0 and a "simplified" result for sample 1 with no steps.
# Inputs: sample 0 rows [0.1,0.2,0.3,0.4], [2.0,0.5,0.3,0.2], [0.3,0.1,0.2,0.4], [0.2,0.1,0.1,2.5];
#         sample 1 rows [1.5,0.5,0.3,0.2], [0.2,0.3,0.4,0.1], [0.1,0.2,0.3,0.4], [0.3,0.4,0.2,0.1].
# (The input comments call each row "a position's 4 class logits", which contradicts the stated shape and dim=1;
#  the code, F.softmax(inputs, dim=1), decides the values, and the note's own position 0 uses the column.)
# Exact values (dim=1, column k of sample 0):
#   col 0 [0.1, 2.0, 0.3, 0.2]: max 2.0, shifted [-1.9, 0, -1.7, -1.8], exp [0.149569, 1, 0.182684, 0.165299],
#     sum 1.497551, probs [0.099875, 0.667757, 0.121988, 0.110379] -> all printed values of position 0 agree.
#   col 1 [0.2, 0.5, 0.1, 0.1]: max 0.5, exp [0.740818, 1, 0.670320, 0.670320], sum 3.081458,
#     probs [0.240412, 0.324522, 0.217533, 0.217533].
#   col 2 [0.3, 0.3, 0.2, 0.1]: max 0.3, exp [1, 1, 0.904837, 0.818731], sum 3.723568,
#     probs [0.268560, 0.268560, 0.243003, 0.219878].
#   col 3 [0.4, 0.2, 0.4, 2.5]: max 2.5, exp [0.122456, 0.100259, 0.122456, 1], sum 1.345172,
#     probs [0.091034, 0.074532, 0.091034, 0.743400].
#   sample 1, column k (classes 0..3): k=0 [0.549353, 0.149716, 0.135469, 0.165462],
#     k=1 [0.288651, 0.236328, 0.213838, 0.261183], k=2 [0.249376, 0.275603, 0.249376, 0.225645],
#     k=3 [0.248073, 0.224465, 0.302997, 0.224465].
# Wrong lines:
#   - position 1 header [0.2, 0.5, 0.3, 0.2]: column 1 is [0.2, 0.5, 0.1, 0.1] -> slip; its shifted, exp, sum and
#     probs lines follow from the misread column -> carried (its max 0.5 is right).
#   - position 2 header [0.3, 0.1, 0.2, 0.4] (row 2, not column 2 [0.3, 0.3, 0.2, 0.1]) -> slip; max 0.4 (exact 0.3),
#     shifted, exp, sum, probs -> carried.
#   - position 3 header [0.2, 0.1, 0.1, 2.5] (row 3, not column 3 [0.4, 0.2, 0.4, 2.5]) -> slip; shifted, exp, sum,
#     probs -> carried (max 2.5 is right).
#   - the sample 0 result tensor: every row repeats the carried columns 1-3 -> carried (column 0 entries agree).
#   - the per-position listing: lines of positions 1-3 whose value differs from the exact column softmax -> carried.
#   - the sample 1 tensor: no steps; every row disagrees with the column softmax of sample 1 -> slip.
# The "总和: 1.000" lines agree (a softmax column sums to 1).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "code-block", "torch-print"])
L = e.line

S0 = M([["0.1", "0.2", "0.3", "0.4"], ["2.0", "0.5", "0.3", "0.2"], ["0.3", "0.1", "0.2", "0.4"], ["0.2", "0.1", "0.1", "2.5"]])
S1 = M([["1.5", "0.5", "0.3", "0.2"], ["0.2", "0.3", "0.4", "0.1"], ["0.1", "0.2", "0.3", "0.4"], ["0.3", "0.4", "0.2", "0.1"]])
P0 = softmax_rows(S0.T).T   # softmax over dim=1: each column sums to 1
P1 = softmax_rows(S1.T).T

# ---- code and labels
start = L("```python")
end = L("```", 2)
for i in range(start, end + 1):
    if any(ch.isdigit() for ch in e.lines[i - 1]):
        e.given(i, "input tensor, its shape or a row comment")
for i in range(L("probs = F.softmax(inputs, dim=1)"), L("# 对于每个位置，将 4 个类别") + 1):
    e.given(i, "the softmax call and its comments (dim=1)")
e.given(L("### 样本 0", 1), "section label")
e.given(L("# 逐步拆解 F.softmax(inputs, dim=1)"), "title (dim=1)")

def col(k):
    return [S0[j, k] for j in range(4)]

def fmt(vals):
    return vals

# ---- position 0 (column 0), fully written out
h = L("#### 位置 0 (John)")
e.claim(h, "column 0 of sample 0", ["0.1", "2.0", "0.3", "0.2"], col(0))
c = col(0); mx = max(c); sh = [x - mx for x in c]; ex = [sp.exp(x) for x in sh]; sm = sum(ex)
b = L("步骤 1: 找最大值"); e.given(b, "step label")
e.claim(L("  max = 2.0"), "max", ["2.0"], [mx])
e.given(L("步骤 2: 减去最大值"), "step label")
e.given(L("shifted = [0.1-2.0"), "the column minus its max, written out")
e.claim(L("= [-1.9, 0.0, -1.7, -1.8]"), "shifted", ["-1.9", "0.0", "-1.7", "-1.8"], sh)
e.given(L("步骤 3: 计算 exp"), "step label")
e.given(L("exp_shifted = [exp(-1.9)"), "exp of the shifted values, written out")
e.claim(L("= [0.150, 1.000, 0.183, 0.165]"), "exp", ["0.150", "1.000", "0.183", "0.165"], ex)
e.given(L("步骤 4: 求和"), "step label")
ln = L("sum = 0.150 + 1.000")
e.claim(ln, "terms and sum", ["0.150", "1.000", "0.183", "0.165", "1.498"], ex + [sm])
e.given(L("步骤 5: 归一化"), "step label")
e.given(L("probs[0, :, 0] = [0.150/1.498"), "the quotients written out (operands printed above)")
e.claim(L("= [0.100, 0.668, 0.122, 0.110]"), "probs column 0", ["0.100", "0.668", "0.122", "0.110"], [P0[j, 0] for j in range(4)])

# ---- positions 1-3 (misread columns)
for k, hdr, pr in [(1, "#### 位置 1 (lives)", ["0.2", "0.5", "0.3", "0.2"]),
                   (2, "#### 位置 2 (in)", ["0.3", "0.1", "0.2", "0.4"]),
                   (3, "#### 位置 3 (Paris)", ["0.2", "0.1", "0.1", "2.5"])]:
    h = L(hdr)
    e.claim(h, f"column {k} of sample 0", pr, col(k), cause="slip")
    c = col(k); mx = max(c); sh = [x - mx for x in c]; ex = [sp.exp(x) for x in sh]; sm = sum(ex)
    l1 = L("步骤 1: max", 1, h); l2 = L("步骤 2: shifted", 1, h); l3 = L("步骤 3: exp_shifted", 1, h)
    l4 = L("步骤 4: sum", 1, h); l5 = L("步骤 5: probs", 1, h)
    t = lambda ln: e.lines[ln - 1].split("=", 1)[1]
    import re
    nums = lambda ln: re.findall(r"-?\d+\.\d+", t(ln))
    e.claim(l1, f"max of column {k}", nums(l1), [mx], cause="carried")
    e.claim(l2, f"shifted column {k}", nums(l2), sh, cause="carried")
    e.claim(l3, f"exp column {k}", nums(l3), ex, cause="carried")
    e.claim(l4, f"sum column {k}", nums(l4), [sm], cause="carried")
    e.claim(l5, f"probs column {k}", nums(l5), [P0[j, k] for j in range(4)], cause="carried")

# ---- results
e.given(L("### 样本 0", 2), "section label")
import re
for j in range(4):
    ln = L(f"# 类别 {j} 在 4 个位置的概率")
    vals = re.findall(r"\d+\.\d+", e.lines[ln - 1].split("#")[0])
    e.claim(ln, f"class {j} row of sample 0 (columns 1-3 from the misread columns)", vals, list(P0.row(j)), cause="carried")
pos_start = L("位置 0 (John):", 1, L("**逐个位置来看**"))
for k in range(4):
    hl = L(f"位置 {k} (", 1, pos_start - 1)
    e.given(hl, "position label")
    for j in range(4):
        ln = L(f"  类别 {j}: ", 1, hl)
        m = re.search(r"(\d+\.\d+) \((\d+\.\d+%)\)", e.lines[ln - 1])
        e.claim(ln, f"P(class {j}) at position {k}, decimal and percent", [m.group(1), m.group(2)], [P0[j, k], P0[j, k]],
                cause="carried")
    e.claim(L("  总和: 1.000", 1, hl), f"sum at position {k}", ["1.000"], [sum(P0[j, k] for j in range(4))])
e.given(L("### 样本 1"), "section label")
for j in range(4):
    ln = L(f"# 类别 {j}", 1, L("### 样本 1"))
    vals = re.findall(r"\d+\.\d+", e.lines[ln - 1].split("#")[0])
    e.claim(ln, f"class {j} row of sample 1", vals, list(P1.row(j)), cause="slip")

e.done()
