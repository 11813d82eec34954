# Expected verdicts for en-basic-ashwinlabs-it-refers-to-cat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English blog post (ashlabs, notes.ashwinlabs.com, part 2 of an attention series) that walks through self-attention
# with small illustrative numbers.
# Inputs: Q(it) = [2,1], K(cat) = [2,1], K(milk) = [0,1]; Q, K of shape 4x2; an illustrative 4x4 weight table; scores
#   [5, 1, 6]; values cat [10,2], milk [1,8], hungry [9,1].
# Exact values: Q(it).K(cat) = 5, Q(it).K(milk) = 1 (both right); K^T is 2x4, (4x2)(2x4) = 4x4, a 4-token sentence
#   gives a 4x4 matrix (right); entry [1,3] (0-based: cat -> milk) of the table is 0.1 (right).
#   softmax([5, 1, 6]) = [e^5, e, e^6] / (e^5 + e + e^6) = [0.26762, 0.0049017, 0.72747].
# Wrong lines:
#   - "[0.42, 0.01, 0.57]" (Step 7): slip; the right weights are [0.27, 0.00, 0.73] (0.01 is also wrong: 0.0049 -> 0.00).
#   - the percentage table "42%", "1%", "57%": carried from the wrong weights; right 27%, 0%, 73%.
# The Step 8 weight list restates the Step 7 weights as inputs of the blending formula, which is never evaluated: given.
# Token IDs, embeddings, the 4x4 weight table and the value vectors are illustrative inputs: given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "latex-display"])
L = e.line

# --- tokens and embeddings (illustrative inputs) -------------------------------------------
for lab in ("| the | 10 |", "| cat | 25 |", "| drank | 81 |", "| milk | 42 |"):
    e.given(L(lab), "illustrative token ID")
e.given(L("[10, 25, 81, 42]"), "the token IDs restated as a list")
e.given(L("50000 \\times 768"), "example embedding-table shape")
e.given(L("| cat | [0.2, 0.9, 0.1] |"), "illustrative embedding")
e.given(L("| milk | [0.8, 0.1, 0.3] |"), "illustrative embedding")

# --- dot products -------------------------------------------------------------------------------
q_it = sp.Matrix([[2, 1]])
k_cat = sp.Matrix([[2, 1]])
k_milk = sp.Matrix([[0, 1]])
e.given(L("Q(it) = [2,1]"), "query of 'it'")
e.given(L("K(cat) = [2,1]"), "key of 'cat'")
e.claim(L("(2\\times2)+(1\\times1)=5"), "Q(it).K(cat)", ["5"], [(q_it * k_cat.T)[0]])
e.given(L("K(milk) = [0,1]"), "key of 'milk'")
e.claim(L("(2\\times0)+(1\\times1)=1"), "Q(it).K(milk)", ["1"], [(q_it * k_milk.T)[0]])

# --- shapes -----------------------------------------------------------------------------------
e.given(L("Q \\in \\mathbb{R}^{4\\times2}"), "Q is 4x2")
e.given(L("K \\in \\mathbb{R}^{4\\times2}"), "K is 4x2")
e.claim(L("K^T \\in \\mathbb{R}^{2\\times4}"), "shape of K^T", ["2", "4"], [2, 4])
e.claim(L("(4\\times2)(2\\times4)=(4\\times4)"), "shape of Q K^T", ["4"], [4])
e.claim(L("4 \\times 4", after=L("the attention matrix is")), "attention matrix of a 4-token sentence", ["4"], [4])

# --- illustrative weight table ------------------------------------------------------------------
T = M([["0.1", "0.2", "0.3", "0.4"], ["0.0", "0.7", "0.2", "0.1"], ["0.1", "0.4", "0.2", "0.3"], ["0.0", "0.1", "0.2", "0.7"]])
for lab in ("| The | 0.1 |", "| cat | 0.0 |", "| drank | 0.1 |", "| milk | 0.0 |"):
    e.given(L(lab), "illustrative attention weights (chosen, not computed)")
e.given(L("[1,3]"), "index of the entry discussed (0-based row cat, column milk)")
e.claim(L("cat attends to milk with weight 0.1"), "table entry [1,3]", ["0.1"], [T[1, 3]])

# --- softmax of [5, 1, 6] -----------------------------------------------------------------------
S = sp.Matrix([[5, 1, 6]])
W = softmax_rows(S)
e.given(L("[5, 1, 6]"), "scores")
e.claim(L("[0.42, 0.01, 0.57]"), "softmax([5, 1, 6])", ["0.42", "0.01", "0.57"], W.row(0), cause="slip")
e.claim(L("| cat | 42% |"), "weight of cat in percent", ["42%"], [W[0]], cause="carried")
e.claim(L("| milk | 1% |"), "weight of milk in percent", ["1%"], [W[1]], cause="carried")
e.claim(L("| hungry | 57% |"), "weight of hungry in percent", ["57%"], [W[2]], cause="carried")

# --- weighted sum (formula only) ----------------------------------------------------------------
for lab in ("| cat | [10,2] |", "| milk | [1,8] |", "| hungry | [9,1] |"):
    e.given(L(lab), "illustrative value vector")
e.given(L("[0.42, 0.01, 0.57]", nth=2), "the Step 7 weights restated as inputs of the blend")
e.given(L("0.42[10,2]+0.01[1,8]+0.57[9,1]"), "blend written out, not evaluated")
e.done()
