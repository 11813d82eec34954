# Expected verdicts for en-basic-omkarchebale-please-study-man.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A personal blog post that works self-attention by hand for "please study man" (the stored page runs to the first value
#   vector; the article stops there).
# Inputs: embeddings please [1, 0], study [0, 2], man [1, 1]; Wq = [[1, 0], [0, 1]], Wk = [[1, 1], [0, 1]],
#   Wv = [[1, 0], [0, 1]]; row vector times matrix.
# Exact: Q = X Wq = [[1, 0], [0, 2], [1, 1]]; K = X Wk = [[1, 1], [0, 2], [1, 2]]; V(please) = [1, 0].
# Every printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["basic", "plain-text-vectors"])

X = M([["1", "0"], ["0", "2"], ["1", "1"]])
Wq = M([["1", "0"], ["0", "1"]])
Wk = M([["1", "1"], ["0", "1"]])
Wv = M([["1", "0"], ["0", "1"]])
Q, K, V = X * Wq, X * Wk, X * Wv
toks = ["please", "study", "man"]

S = e.line("## Setup: embeddings and weights")
for i, t in enumerate(toks):
    e.given(e.line(f"{t} → [", after=S), f"embedding of {t}")
e.given(e.line("weight matrices are 2×2", after=S), "2 x 2 weights")
e.given(e.line("Wq = [[1, 0], Wk = [[1, 1], Wv = [[1, 0],", after=S), "first rows of Wq, Wk, Wv")
e.given(e.line("[0, 1]] [0, 1]] [0, 1]]", after=S), "second rows of Wq, Wk, Wv")

S1 = e.line("## Step 1: queries")
e.given(e.line("by a 2×2 matrix gives", after=S1), "row vector times 2 x 2 matrix")
e.given(e.line("[a×col1_row1 + b×col1_row2, a×col2_row1 + b×col2_row2]", after=S1), "general product (index labels)")
for i, t in enumerate(toks):
    L = e.line(f"{t}: [", after=S1)
    p = e.lines[L - 1].rsplit("= [", 1)[1].rstrip("]").split(", ")
    e.claim(L, f"query of {t}", p, Q.row(i))
S1b = e.line("So the queries are:", after=S1)
for i, t in enumerate(toks):
    L = e.line(f"{t} → [", after=S1b)
    p = e.lines[L - 1].split("→ [")[1].rstrip("]").split(", ")
    e.claim(L, f"query of {t} restated", p, Q.row(i))

S2 = e.line("## Step 2: keys")
for i, t in enumerate(toks):
    L = e.line(f"{t}: [", after=S2)
    p = e.lines[L - 1].rsplit("= [", 1)[1].rstrip("]").split(", ")
    e.claim(L, f"key of {t}", p, K.row(i))
S2b = e.line("So the keys are:", after=S2)
for i, t in enumerate(toks):
    L = e.line(f"{t} → [", after=S2b)
    p = e.lines[L - 1].split("→ [")[1].rstrip("]").split(", ")
    e.claim(L, f"key of {t} restated", p, K.row(i))

S3 = e.line("## Step 3: values")
L = e.line("please: [1,0] · Wv = [1×1+0×0, 1×0+0×1] = [1, 0]", after=S3)
e.claim(L, "value of please", ["1", "0"], V.row(0))
e.done()
