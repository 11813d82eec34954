# Expected verdicts for en-pe-normantud-king-is-wise-logits.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English blog page of the asanAI project (NormanTUD) that walks "the king is wise" through one attention head,
# the FFN, the logit projection and the sinusoidal positional encoding.
# Inputs: 4-d embeddings the/king/is/wise (stated), W_Q (0.478 and 2 in column 0), W_K (2 in the corner), W_FFN,
#   d_k = 4; hidden state h = [1.5, -0.2, 0.1, 0.0]; Embedding_wise = [0.593, 1.747, 1.747, 0.256],
#   Embedding_prince = [0.415, 0.0, 1.053, 0.0]; PE(pos,2i) = sin(pos/10000^(2i/d_model)), cos for 2i+1, with
#   d_model = 4 (the 4-dimensional example vectors), pos = 1.
# Exact values:
#   Logit_wise  = 1.5*0.593 - 0.2*1.747 + 0.1*1.747 + 0 = 0.7148   (printed ≈ 0.666 -> wrong, slip)
#   Logit_prince = 1.5*0.415 + 0.1*1.053 = 0.7278                  (printed ≈ 0.674 -> wrong, slip)
#   PE(1) = [sin 1, cos 1, sin 0.01, cos 0.01] = [0.841471, 0.540302, 0.0099998, 0.99995]
#     printed [0.841, 0.540, 0.0001, 1.000]: the third entry is wrong (slip; the stated formula with d_model = 4
#     gives sin(1/100) = 0.0100; 0.0001 would need 10000^(4/4)); with d_model = 512 the third entry would be 0.822
#     and the fourth 0.569, so no reading makes the printed vector right.
#   king + PE(1) = [2.529471, 0.086302, 0.0099998, 0.99995] -> printed [2.529, 0.086, 0.0001, 1.000]:
#     0.0001 is the author's own 0 + 0.0001 (carried; right value 0.0100).
#   Both PE blocks print the same two vectors, so each has one wrong PE line (slip) and one wrong sum line (carried).
# Ambiguous (4 lines): the "0.6 (60%)" weight of "wise" on "king" is read off the page's interactive chart. From the stated X,
#   W_Q, W_K and d_k = 4 (no positional encoding) the softmax gives 0.488; with the PE of the page added it is
#   about 0.96; which inputs the chart used is not stated, so the four lines quoting 0.6 / 60% (one of them also restating that weights sum to 1.0) are ambiguous.
# Wrong lines: 6 (two logits: slip; two PE lines: slip; two sum lines: carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "basic", "latex-pmatrix"])

NUM = __import__("re").compile(r"\d")


def given_block(start: int, end: int, what: str) -> None:
    for ln in range(start, end + 1):
        if NUM.search(e.lines[ln - 1]) and ln not in e.verdicts:
            e.given(ln, what)


e.given(e.line("small 4-dimensional embeddings"), "4-dimensional embeddings")
L0 = e.line("\\text{the} =")
given_block(L0, e.line("Stacked together"), "embedding vectors the/king/is/wise")
L1 = e.line("Written as one tensor")
given_block(L1, e.line("Real LLMs use"), "input matrix X (restated embeddings)")
L2 = e.line("The demo uses these matrices")
given_block(L2, e.line("Like the weights of a dense layer"), "W_Q, W_K, W_FFN")
e.given(e.line("($=4$ in this example)"), "d_k = 4")

reason = ("the 0.6 is read off the page's interactive chart; the stated X, W_Q, W_K with d_k = 4 give 0.488 "
          "(0.96 with the page's positional encodings added) and the chart's inputs are not stated")
e.ambiguous(e.line("**0.6 (60%)** score"), reason)
e.ambiguous(e.line("add up to 1.0"), reason)
e.ambiguous(e.line("60% of it comes from"), reason)
e.ambiguous(e.line("that 0.6 is what turns"), reason)

e.given(e.line("often $512$"), "d_model 512 in real models")
e.given(e.line("Input: $1 \\times 1024"), "typical input shape")
e.given(e.line("First layer: $512"), "FFN widths")
e.given(e.line("Second layer: $2048"), "FFN widths")

h = M([["1.5"], ["-0.2"], ["0.1"], ["0.0"]])
wise = M([["0.593"], ["1.747"], ["1.747"], ["0.256"]])
prince = M([["0.415"], ["0.0"], ["1.053"], ["0.0"]])
L3 = e.line("Assume the hidden state")
Lw = e.line("\\approx 0.666")
given_block(L3, Lw - 1, "h and candidate embeddings")
e.claim(Lw, "Logit_wise = h . Embedding_wise", ["0.666"], [(h.T * wise)[0]])
Lp = e.line("\\approx 0.674")
given_block(Lw + 1, Lp - 1, "h and Embedding_prince restated")
e.claim(Lp, "Logit_prince = h . Embedding_prince", ["0.674"], [(h.T * prince)[0]])

dm = 4
pe1 = [sp.sin(1), sp.cos(1), sp.sin(1 / sp.Integer(10000) ** R(2, dm)), sp.cos(1 / sp.Integer(10000) ** R(2, dm))]
king = [R("1.688"), R("-0.454"), 0, 0]
xin = [king[i] + pe1[i] for i in range(4)]

e.given(e.line("at position 1 ($pos=1$)"), "pos = 1")
for nth in (1, 2):
    Lk = e.line("1.688 \\\\ -0.454 \\\\ 0 \\\\ 0", nth=nth)
    e.given(Lk, "embedding of king")
    Lpe = e.line("0.841 \\\\ 0.540 \\\\ 0.0001 \\\\ 1.000", nth=nth)
    e.claim(Lpe, "PE(1) entries 0, 1, 3", ["0.841", "0.540", "1.000"], [pe1[0], pe1[1], pe1[3]])
    e.claim(Lpe, "PE(1) entry 2 = sin(1/10000^(2/4))", ["0.0001"], [pe1[2]], cause="slip")
    Ls = e.line("2.529 \\\\ 0.086 \\\\ 0.0001 \\\\ 1.000", nth=nth)
    e.claim(Ls, "king + PE(1) entries 0, 1, 3", ["2.529", "0.086", "1.000"], [xin[0], xin[1], xin[3]])
    e.claim(Ls, "king + PE(1) entry 2 (from the printed 0.0001)", ["0.0001"], [xin[2]], cause="carried")
e.given(e.line("PE_{(pos, 2i)} ="), "PE formula constants")
e.given(e.line("PE_{(pos, 2i+1)} ="), "PE formula constants")
e.given(e.line("### Nudging “king” at position 1"), "pos = 1")
e.given(e.line("its vector $[1.688, -0.454, 0, 0]$"), "king embedding, pos = 1")
e.done()
