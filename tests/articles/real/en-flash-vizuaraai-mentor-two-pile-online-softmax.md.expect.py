# Expected verdicts for en-flash-vizuaraai-mentor-two-pile-online-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A mentor chapter works online softmax by hand for one score row [1, 3, 2, 5] arriving in two piles [1, 3] | [2, 5]:
# pile 1: m = 3, e^-2 = 0.135335, l1 = 1 + e^-2 = 1.135335; pile 2: m = 5, alpha = e^-2, alpha*l1 = 0.153650,
# e^-3 = 0.049787, l2 = alpha*l1 + e^-3 + 1 = 1.203438 = e^-4 + e^-2 + e^-3 + 1 (the direct denominator).
# Also sizes: an 8,192 x 8,192 score matrix has 67,108,864 entries ("67 million"); traffic ratio N/d = 8192/128 = 64.
# - "0.135 × 1.135 = 0.153": right as written from the rounded operands (0.153225) but alpha*l1 = 0.153650 -> 0.154:
#   explicit arithmetic on rounded operands -> ambiguous.
# - The next line restates that product as 0.153 in "ℓ = 0.153 + 0.050 + 1 = 1.203" -> wrong (drift; exact 0.154);
#   its total 1.203 is right end to end.
# - "256 MiB" for the 67 million scores depends on the bytes per score, which this chapter does not state (4-byte
#   floats give 256 MiB, 2-byte 128 MiB) -> ambiguous.
# Wrong lines: 1 (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "prose", "code-inline", "sizes"])
E = sp.exp
l1 = E(1 - 3) + E(0)
alpha = E(3 - 5)
l2 = alpha * l1 + E(2 - 5) + E(0)
direct = E(1 - 5) + E(3 - 5) + E(2 - 5) + E(5 - 5)
assert sp.simplify(l2 - direct) == 0

e.given(e.line("usually 64 or 128"), "typical head dimensions")
L = e.line("With a sequence of 8,192 words, that is 67 million numbers")
e.given(L, "N = 8,192")
e.claim(L, "8192^2 in millions", ["67"], [R(8192 ** 2, 10 ** 6)], rounded_int=True)
e.ambiguous(L, "256 MiB needs the bytes per score, not stated here: 8192^2 x 4 B = 256 MiB, x 2 B = 128 MiB")
e._entry(L)["verdict"] = "ambiguous"  # the 67 million agrees; the 256 MiB cannot be decided

e.given(e.line("Row of scores: `[1, 3, 2, 5]`"), "score row and its two piles")
e.given(e.line("**Pile 1 = [1, 3].**"), "pile 1")
L = e.line("- New max `m = 3`.")
e.claim(L, "max of pile 1", ["3"], [3])
L = e.line("`exp(1-3)=0.135`, `exp(3-3)=1`")
e.claim(L, "exp(1-3), exp(3-3)", ["0.135"], [E(-2)])
L = e.line("`ℓ = 0.135 + 1 = 1.135`")
e.claim(L, "l after pile 1", ["1.135"], [l1])

L = e.line("**Pile 2 = [2, 5].**")
e.given(L, "pile 2 (old max 3 restated)")
L = e.line("- New max `m_new = 5`.")
e.claim(L, "new running max", ["5"], [5])
L = e.line("Shrink factor `α = exp(m_old − m_new)")
e.claim(L, "alpha = e^-2", ["0.135"], [alpha])
L = e.line("Rescale the old sum: `0.135 × 1.135 = 0.153`")
e.ambiguous(L, "0.135 x 1.135 = 0.153225 -> 0.153 is right as written from the rounded operands; end to end "
            "alpha * l1 = e^-2 (1 + e^-2) = 0.153650 (0.154): arithmetic on rounded operands")
L = e.line("`exp(2-5)=0.050`, `exp(5-5)=1`")
e.claim(L, "exp(2-5)", ["0.050"], [E(-3)])
L = e.line("`ℓ = 0.153 + 0.050 + 1 = 1.203`")
e.claim(L, "alpha * l1 restated", ["0.153"], [alpha * l1], cause="drift")
e.claim(L, "exp(2-5) and l after pile 2", ["0.050", "1.203"], [E(-3), l2])

L = e.line("The true denominator is `exp(1-5)")
e.claim(L, "exp terms and the direct denominator", ["0.018", "0.135", "0.050", "1.203"],
        [E(-4), E(-2), E(-3), direct])
L = e.line("On the board, write the streamed `ℓ = 1.203`")
e.claim(L, "streamed and direct denominators", ["1.203", "1.203"], [l2, direct])

# figure of the worked example (its numbers are printed in the chapter)
L = e.line('[[fig: Worked example "Online softmax, two piles, by hand"')
e.claim(L, "m and l after pile 1", ["3", "1.135"], [3, l1])
e.claim(L, "shrink factor exp(3-5)", ["0.135"], [alpha])
e.claim(L, "l after pile 2", ["1.203"], [l2])
e.claim(L, "direct denominator", ["1.203"], [direct])

e.given(e.line("(`Q_i`, say 64 of them)"), "64 query rows per block")
e.given(e.line("say 64×64"), "64 x 64 score tile")
L = e.line("At `N = 8192` and `d = 128`, that is about **64× less**")
e.claim(L, "N / d", ["64"], [R(8192, 128)])
e.given(e.line("~989 trillion operations per second"), "H100 tensor-core peak")
L = e.line('[[fig: Traffic ledger "Where the bytes go"')
e.given(L, "228 KiB SRAM per SM, 3.35 TB/s HBM")
e.claim(L, "N / d at N = 8192, d = 128", ["64"], [R(8192, 128)])
e.given(e.line("from around 35% of peak to about 70%"), "FA1 / FA2 fraction of peak (reported)")
e.given(e.line("~16× slower per operation"), "exp units vs tensor cores (reported)")
e.given(e.line("32 heads on a 132-SM machine"), "32 heads, 132 SMs (32/132 busy, about three-quarters idle)")
e.given(e.line("roughly **2× less matmul work**"), "causal skipping halves the work")
L = e.line("both totals in the hand example were 1.203 *exactly*")
e.claim(L, "both totals", ["1.203"], [l2])
e.done()
