# Expected verdicts for zh-basic-dannystack-xavier-printed-weights.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Feature_all (4 x 3, integers) and the printed Xavier draws W_q, W_k, W_v (3 x 2, 8 decimals), taken exactly as printed.
# Single head, NO sqrt(d_k) scaling (the code softmaxes Q K^T directly): Query = F W_q, scores = Q K^T, weights = softmax rows,
#   output = weights (F W_v).  Every printed machine float agrees with the value recomputed from the printed W (relative error
#   below 1e-7; the print of W itself is rounded to 8 decimals, hence the machine-float tolerance).
# Multi-head part: only W_q_heads is printed; W_k_heads, W_v_heads and W_o are never printed, so the per-head outputs and the
#   per-head weights of position 1 cannot be recomputed -> ambiguous.  Shapes are exact.
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "printed-output", "no-scaling", "multi-head", "notebook"])
NUM = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?|-?\d+")


def eq(text):
    for i, t in enumerate(e.lines, start=1):
        if t.strip() == text:
            return i
    raise SystemExit(f"no line equal to {text!r}")


def nums_after(ln, marker="["):
    text = e.lines[ln - 1]
    text = text[text.index(marker):] if marker in text else text
    return NUM.findall(text)


F = M([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
Wq = M([["0.1936747", "0.78729825"], ["0.54926615", "-0.04591318"], ["1.62722824", "0.39686957"]])
Wk = M([["0.83663886", "-0.79360409"], ["-0.42752367", "-0.30505612"], ["-0.68283334", "-0.00779054"]])
Wv = M([["-0.51232982", "-0.86301211"], ["0.74448008", "-0.28517045"], ["0.27987747", "0.29156925"]])
Q = F * Wq
K = F * Wk
V = F * Wv
S = Q * K.T
A = softmax_rows(S)
O = A * V

# inputs
for k, tag in enumerate(("# 位置1", "# 位置2", "# 位置3", "# 位置4")):
    e.given(e.line(tag), f"feature row {k + 1}")
e.given(e.line("W_q: [[ 0.1936747"), "W_q row 1 (printed draw)")
e.given(e.line(" [ 0.54926615 -0.04591318]"), "W_q row 2")
e.given(e.line(" [ 1.62722824  0.39686957]]"), "W_q row 3")
e.given(e.line("W_k: [[ 0.83663886"), "W_k row 1")
e.given(e.line(" [-0.42752367 -0.30505612]"), "W_k row 2")
e.given(e.line(" [-0.68283334 -0.00779054]]"), "W_k row 3")
e.given(e.line("W_v: [[-0.51232982"), "W_v row 1")
e.given(e.line(" [ 0.74448008 -0.28517045]"), "W_v row 2")
e.given(e.line(" [ 0.27987747  0.29156925]]"), "W_v row 3")
e.claim(e.line("Shape = (3, 2)"), "shape of W_q", ["3", "2"], [3, 2])

# Query
e.claim(e.line("Query shape: (4, 2)"), "shape of Query", ["4", "2"], [4, 2])
L0 = eq("Query:")
for i in range(4):
    e.claim(L0 + 1 + i, f"Query row {i + 1}", nums_after(L0 + 1 + i), list(Q.row(i)))

# scores and weights
L0 = eq("Attention scores:")
for i in range(4):
    e.claim(L0 + 1 + i, f"scores row {i + 1} (Q K^T, unscaled)", nums_after(L0 + 1 + i), list(S.row(i)))
L0 = eq("Attention weights:")
for i in range(4):
    e.claim(L0 + 1 + i, f"softmax row {i + 1}", nums_after(L0 + 1 + i), list(A.row(i)))

# output
L0 = eq("Output:")
for i in range(4):
    e.claim(L0 + 1 + i, f"output row {i + 1}", nums_after(L0 + 1 + i), list(O.row(i)))

# position 1 restatements
L = e.line("Position 1 attention weights: [")
e.claim(L, "weights of position 1 (restated)", nums_after(L), list(A.row(0)))
e.given(e.line("Position 1 original feature: [1 0 1]"), "feature of position 1 (restated input)")
L = e.line("Position 1 new feature: [")
e.claim(L, "output of position 1 (restated)", nums_after(L), list(O.row(0)))

# multi-head: W_q_heads printed (given), the rest unprinted
L0 = e.line("[[[ 0.2561395   0.17922212]")
for k, needle in enumerate(["[[[ 0.2561395", "[ 0.34622551", "[-0.35703322", "[[-0.43398198", "[-0.83777088",
                            "[ 0.26073526", "[[-0.00870527", "[ 0.42938427", "[ 0.30984964", "[[ 0.50756209",
                            "[ 0.11222289", "[ 0.02702348"]):
    e.given(e.line(needle), f"W_q_heads row {k + 1} (printed draw)")
e.claim(e.line("(4, 3, 2)"), "shape of W_q_heads", ["4", "3", "2"], [4, 3, 2])
for needle in ["[[[ 0.46834058", "[ 0.31235121", "[ 0.28177941", "[ 0.53172276", "[[ 0.0458458", "[ 0.03578854",
               "[ 0.01530534", "[ 0.04823435", "[[ 0.92165626", "[ 0.80494898", "[ 0.87002499", "[ 0.82970115",
               "[[ 0.90416997", "[ 1.06334586", "[ 0.94761556", "[ 1.08919686"]:
    e.ambiguous(e.line(needle), "per-head output needs W_k_heads and W_v_heads, which are drawn at random and never printed")
e.claim(e.line("(4, 4, 2)"), "shape of head_outputs", ["4", "4", "2"], [4, 4, 2])
L = e.line("每个头的输出形状: [")
e.claim(L, "per-head output shapes", ["4", "2"] * 4, [4, 2] * 4)
e.claim(e.line("多头拼接后的形状: (4, 8)"), "concat shape", ["4", "8"], [4, 8])
e.claim(e.line("最终输出形状: (4, 3)"), "final shape", ["4", "3"], [4, 3])
for h in range(1, 5):
    e.ambiguous(e.line(f"Head {h}: ["), "per-head weights of position 1 need W_k_heads, which is never printed")
e.done()
