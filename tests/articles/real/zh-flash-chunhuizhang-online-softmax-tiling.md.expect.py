# Expected verdicts for zh-flash-chunhuizhang-online-softmax-tiling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 108 SMs × 192 KB; x = [1, 2, 3, 4]; s = [0.1, 0.3, 0.5, 0.7], v = [7, 8, 9, 10], split into halves.
# - 108·192/1024 = 20.25 -> "20MB" read as a size rounded to whole MB: ok.
# - softmax(x) = [0.032059, 0.087144, 0.236883, 0.643914] -> the three 4-place prints agree.
# - softmax(s) = [0.180657, 0.220655, 0.269509, 0.329179], p·v = 8.747209; block 1: p_1·v_1 = 7.549834,
#   e^0.1 + e^0.3 = 2.455030; block 2: 9.549834, e^0.5 + e^0.7 = 3.662474: all prints agree.
# - Step 3 merges with the hand-typed 3.66 (for 3.6625): the typed operands agree at their precision and
#   (9.5498·3.66 + 7.5498·2.455)/(2.455 + 3.66) = 8.74685641864268 is right as written, but the merged output should be
#   p·v = 8.747209 -> ambiguous (explicit arithmetic on rounded operands).  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "torch-print", "notebook"])
x = M([["1", "2", "3", "4"]])
px = softmax_rows(x)
s = M([["0.1", "0.3", "0.5", "0.7"]])
v = M([["7", "8", "9", "10"]])
p = softmax_rows(s)
pv = (p * v.T)[0]
s1, s2 = s[:, :2], s[:, 2:]
p1, p2 = softmax_rows(s1), softmax_rows(s2)
o1 = (p1 * v[:, :2].T)[0]
o2 = (p2 * v[:, 2:].T)[0]
l1 = sum(sp.exp(t) for t in s1)
l2 = sum(sp.exp(t) for t in s2)

e.claim(e.line("SRAM 在每个流多处理器"), "SM counts and SRAM size", ["192", "108", "128"], [192, 108, 128])
number_claim(e, e.line("108*192/1024 = 20MB"), "108·192/1024 MB (20.25)", "20", R(108 * 192, 1024))
e.given(e.line("HBM：4090 24GB，A100 80GB"), "HBM sizes")
e.given(e.line("x = torch.tensor([1, 2, 3, 4]"), "x")
e.given(e.line("tensor([1., 2., 3., 4.])"), "x echo")
for k in range(3):
    e.claim(e.line("tensor([0.0321, 0.0871, 0.2369, 0.6439])", k + 1), f"softmax(x) (print {k + 1})",
            ["0.0321", "0.0871", "0.2369", "0.6439"], list(px))
e.given(e.line("s = torch.tensor([0.1, 0.3, 0.5, 0.7])"), "s")
e.given(e.line("v = torch.tensor([7, 8,  9, 10]"), "v")
e.claim(e.line("tensor([0.1807, 0.2207, 0.2695, 0.3292])"), "softmax(s)", ["0.1807", "0.2207", "0.2695", "0.3292"],
        list(p))
e.claim(e.line("tensor(8.7472)"), "p @ v", ["8.7472"], [pv])
e.claim(e.line("(tensor(7.5498), tensor(2.4550))"), "block 1: p_1 @ v_1, exp sum", ["7.5498", "2.4550"], [o1, l1])
e.claim(e.line("(tensor(9.5498), tensor(3.6625))"), "block 2: p_2 @ v_2, exp sum", ["9.5498", "3.6625"], [o2, l2])
L = e.line("(9.5498 * 3.66 + 7.5498 * 2.455) / (2.455 + 3.66)")
e.claim(L, "typed block outputs and exp sums", ["9.5498", "3.66", "7.5498", "2.455"], [o2, l2, o1, l1])
e.ambiguous(e.line("8.74685641864268"), "the machine result of the typed expression (right as written), but the merged "
            "output from the exact block sums is p·v = 8.747209 (the hand-typed 3.66 stands for 3.662474)")
e.done()
