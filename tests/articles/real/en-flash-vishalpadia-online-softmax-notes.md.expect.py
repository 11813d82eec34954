# Expected verdicts for en-flash-vishalpadia-online-softmax-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A learner's notes on the online softmax behind FlashAttention: running max m, normalizer l, unnormalized output O,
# the rescale factor exp(m - m_new), and a three-tile trace in a plain fence.
# Inputs of the trace: tile 1 ends with m = 3, l = 2.1; tile 2 raises the max to 5 and contributes 1.8 (its own
# sum of exp(s - 5)); tile 3 keeps the max at 5 and contributes 0.9.
# Exact values:
#   exp(3 - 5) = e^-2 = 0.135335 -> "0.135" ok;
#   tile 2: l = 2.1 e^-2 + 1.8 = 0.284204 + 1.8 = 2.084204 -> "0.28" and "2.08" ok;
#   exp(5 - 5) = 1 -> "1.0" ok;
#   tile 3: l = 2.084204 + 0.9 = 2.984204 -> "2.98" ok.
# No wrong line. Ambiguous: the final normalization is printed three times as "O / 1" (the digit one where the
# running normalizer l is meant, as Step 3 defines it); read literally it divides by one, read as intended it is
# O / l, so the claim cannot be decided from the article (one of those lines also states 'exp_old = 1' for
# m_new == m, which is right).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "plain-fence"])
L = e.line

e.given(L("`[s0, s1, s2, .....]`"), "score indices")
e.given(L("after tile 1: sum1: = exp(s0) + exp(s1)"), "tile numbering and score indices")
e.given(L("after tile 2: sum2 = sum1 + exp(s2) + exp(s3)"), "tile numbering and score indices")
e.given(L("(eg 100)"), "an example of a large score")
e.given(L("#### Step 1 - update the max"), "step number")
e.given(L("#### Step 2 - compute rescale factor"), "step number")
e.given(L("The factor never exceeds 1"), "bound exp(m - m_new) <= 1 since m_new >= m")
e.given(L("#### Step 3 - udpate l:"), "step number")
e.given(L("#### Step 4 - update O:"), "step number")

why = ("the final division is printed as 'O / 1' (digit one) where the running normalizer l of Step 3 is meant; "
       "literally a division by one, as intended O / l")
e.ambiguous(L("output = O / 1"), why)
ln = L("At any point 'O / 1' gives you")
e.ambiguous(ln, why + " (the same line's 'exp_old = 1' for m_new == m is right: exp(0) = 1)")
e.ambiguous(L("Result: `O / 1`"), why)

m1, l1, m2, add2, add3 = 3, R(21, 10), 5, R(18, 10), R(9, 10)
e.given(L("Tile 1:   m=3,  l=2.1,  O=..."), "tile-1 running max 3 and normalizer 2.1")
e.given(L("max jumps to 5"), "tile 2 raises the max to 5")
e.claim(L("exp_old = exp(3-5) = 0.135"), "rescale factor exp(3 - 5)", ["0.135"], [sp.exp(m1 - m2)])
l2 = l1 * sp.exp(m1 - m2) + add2
ln = L("Tile 2:   m=5,  l=0.28+1.8=2.08")
e.given(ln, "tile 2's own sum 1.8")
e.claim(ln, "rescaled old normalizer 2.1 e^-2 and the new l", ["0.28", "2.08"], [l1 * sp.exp(m1 - m2), l2])
e.given(L("max stays at 5"), "tile 3 keeps the max at 5")
e.claim(L("exp_old = exp(5-5) = 1.0"), "rescale factor exp(0)", ["1.0"], [sp.exp(m2 - m2)])
l3 = l2 * sp.exp(0) + add3
ln = L("Tile 3:   m=5,  l=2.08+0.9=2.98")
e.given(ln, "tile 3's own sum 0.9")
e.claim(ln, "normalizer after tile 3", ["2.08", "2.98"], [l2, l3])
e.done()
