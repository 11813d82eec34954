# Expected verdicts for en-flash-shanningzhuang-online-softmax-tiles.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A CS336 (assignment 2) study note on FlashAttention-2's forward pass: the online-softmax update rules in LaTeX
# (\[ ... \] display maths), a tile setup in a plain fence, and a hand-worked trace of the running max m and running
# sum l for one query row over three key blocks (plain fence with arrows).
# Inputs of the trace: m = 5.2 and l = 2.3 after K1; the new maximum 6.1 and the new tile's exponential sum 1.8 after
# K2; the new tile's sum 1.5 after K3 (the max stays 6.1).  The scores themselves are not printed.
# Exact values:
#   correction exponent 5.2 - 6.1 = -0.9; l2 = 2.3 e^(-0.9) + 1.8 = 2.735114... -> "2.7" agrees at 1 place;
#   l3 = l2 + 1.5 = 4.235114... -> "4.2" agrees; the restated "2.7" on the K3 line is l2 (agrees);
#   final division by l3 = 4.235 -> "4.2" agrees.
#   Setup: S = 6 with B = 2 gives 6/2 = 3 blocks.
# Wrong lines: none.
# Ambiguous: "2 query blocks and 3 key/value blocks": the setup shows Q as [Q1; Q2] but states only one sequence length
# S = 6, which for self-attention would give 3 query blocks of size 2; the article does not say how long Q is.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "latex", "code-block"])

e.given(e.line(r"\sum_{k=1}^{n} e^{x_k}}"), "summation index k = 1..n")
for k in (1, 2, 3, 4):
    e.given(e.line(f"**Step {k}:"), "step label")
e.given(e.line("## Flash Attention v2: Tile-by-Tile Example"), "FlashAttention version 2")
e.ambiguous(e.line("A concrete run with 2 query blocks and 3 key/value blocks."),
            "with S = 6 and B = 2 self-attention has 3 query blocks; the setup lists only Q1, Q2 and never states the"
            " query length, so 2 query blocks is not determined by the article")
e.given(e.line("Block size B = 2"), "B = 2")
L = e.line("Sequence length S = 6 (so we have 3 blocks)")
e.given(L, "S = 6")
e.claim(L, "number of blocks S / B", ["3"], [R(6, 2)])

m1, l1 = R("5.2"), R("2.3")
m2, s2 = R("6.1"), R("1.8")
s3 = R("1.5")
l2 = sp.exp(m1 - m2) * l1 + s2
m3 = m2
l3 = sp.exp(m2 - m3) * l2 + s3

e.given(e.line("One query row going through 3 key blocks:"), "three key blocks")
e.given(e.line("Initial:  m = -∞,  ℓ = 0,  O = 0"), "initial state l = 0, O = 0")
e.given(e.line("After K₁: m = 5.2,  ℓ = 2.3"), "state after K1 (scores not printed)")
L = e.line("After K₂: m = 6.1,")
e.given(L, "new maximum 6.1 and the new tile's exponential sum 1.8 (scores not printed)")
e.claim(L, "previous running sum restated", ["2.3"], [l1])
e.claim(L, "correction exponent m_old - m_new", ["-0.9"], [m1 - m2])
e.claim(L, "running sum after K2", ["2.7"], [l2])
L = e.line("After K₃: m = 6.1,")
e.given(L, "the new tile's exponential sum 1.5 (scores not printed)")
e.claim(L, "max after K3 (stays the same)", ["6.1"], [m3])
e.claim(L, "running sum after K2 restated", ["2.7"], [l2])
e.claim(L, "running sum after K3", ["4.2"], [l3])
e.claim(e.line("Final:    O_final = O / 4.2"), "final normalizer l3", ["4.2"], [l3])
e.done()
