# Expected verdicts for en-basic-mlcourse2025b-who-won-the-race-qkv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Course material (ML-Course-2025b, session 7) on Query / Key / Value: a "who won the race?" toy with one query,
# then two queries at once, a heatmap of the weights, and an encoder-decoder toy. Unscaled dot-product attention
# (the code never divides by sqrt(d)); the printed "outputs" sit under code blocks.
# Inputs: K = [[1,0],[0,1],[0,0.5]], V = [[10],[100],[5]], queries [1,0] and [0,1];
#   encoder toy: keys [[1,0],[0,1],[1,1]], values [[100,0],[0,100],[50,50]], query [1,0].
# Exact values:
#   query [1,0]: scores [1,0,0] -> weights [e, 1, 1]/(e+2) = [0.576117, 0.211942, 0.211942]; output 28.0150;
#   query [0,1]: scores [0,1,0.5] -> weights [0.186324, 0.506480, 0.307196]; output 54.0473;
#   encoder toy: scores [1,0,1] -> weights [0.422319, 0.155362, 0.422319]; output [63.3478, 36.6522].
# Wrong lines:
#   - "Final output: [31.9415594]" (single query): exact 28.0150 -> slip (the weights above it are right).
#   - the second sample output "Attention weights: [0.4223188 0.4223188 0.15536241]": the code gives
#     [0.576117, 0.211942, 0.211942] under the article's inputs (no stated reading yields a [1,1,0] score row) -> slip;
#     its "Final output: [48.8870488]": exact 28.0150 (and not 47.2319, the sum from its own weights either) -> slip.
#   - multi-query weights row 2 [0.25121853 0.5621765 0.18660497]: exact [0.186324, 0.506480, 0.307196] -> slip.
#   - multi-query outputs: [31.9415594] vs 28.0150 -> slip; [62.479304] vs 54.0473 (59.663 from its own row) -> slip.
#   - heatmap array row 2 restates the wrong row 2 -> carried (row 1 is right).
#   - encoder toy weights [0.57611688 0.11920292 0.30468019]: exact [0.422319, 0.155362, 0.422319] -> slip;
#     output [72.845703 17.17415515]: exact [63.3478, 36.6522]; 72.845703 = 100 x 0.57611688 + 50 x 0.30468019 is right
#     from the printed weights -> carried; 17.17415515 is right from nothing (27.1543 from them) -> slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax"])
L = e.line

# code constants and labels are givens
inside = False
for i, text in enumerate(e.lines, start=1):
    if text.startswith("```"):
        inside = text.startswith("```python")
        continue
    if inside and any(ch.isdigit() for ch in text) and "0.5761" not in text and "0.2512" not in text:
        e.given(i, "code input, constant or label")
for k in (1, 2, 3):
    e.given(L(f"*   Sentence {k}:"), f"label of sentence {k}")
e.given(L("*Reading it:* the first key (`[1, 0]`"), "restates key 1 and the query")
e.given(L("*   The first query (\"Who won?\") puts most weight on key 1"), "label of key 1")
e.given(L("*   The second query (\"Who stumbled?\") puts most weight on key 2"), "label of key 2")
e.given(L("*Reading it:* the query `[1, 0]` (looking for \"The\")"), "restates the encoder-toy query and value")

K = M([["1", "0"], ["0", "1"], ["0", "0.5"]])
V = M([["10"], ["100"], ["5"]])
Q = M([["1", "0"], ["0", "1"]])
A = softmax_rows(Q * K.T)
O = A * V

# --- single query -------------------------------------------------------------------------------
ln = L("Attention weights: [0.57611688 0.21194156 0.21194156] # Note")
e.claim(ln, "weights for query [1,0]", ["0.57611688", "0.21194156", "0.21194156"], list(A.row(0)))
e.claim(L("Final output: [31.9415594] # Example"), "output for query [1,0]", ["31.9415594"], [O[0, 0]])
ln = L("Attention weights: [0.4223188  0.4223188  0.15536241]")
e.claim(ln, "second sample weights for query [1,0]", ["0.4223188", "0.4223188", "0.15536241"], list(A.row(0)))
e.claim(L("Final output: [48.8870488]"), "second sample output for query [1,0]", ["48.8870488"], [O[0, 0]])

# --- two queries -----------------------------------------------------------------------------------
e.claim(L(" [[0.57611688 0.21194156 0.21194156] # Weights for Query 1"), "weights row 1",
        ["0.57611688", "0.21194156", "0.21194156"], list(A.row(0)))
e.claim(L(" [0.25121853 0.5621765  0.18660497]] # Weights for Query 2"), "weights row 2",
        ["0.25121853", "0.5621765", "0.18660497"], list(A.row(1)))
e.claim(L(" [[31.9415594] # Output for Query 1"), "output for query 1", ["31.9415594"], [O[0, 0]])
e.claim(L(" [62.479304 ]] # Output for Query 2"), "output for query 2", ["62.479304"], [O[1, 0]])

# --- heatmap array (restates the multi-query weights) ----------------------------------------------------
e.claim(L("    [0.57611688, 0.21194156, 0.21194156],"), "heatmap row 1",
        ["0.57611688", "0.21194156", "0.21194156"], list(A.row(0)))
e.claim(L("    [0.25121853, 0.5621765,  0.18660497]"), "heatmap row 2 (restated)",
        ["0.25121853", "0.5621765", "0.18660497"], list(A.row(1)), cause="carried")

# --- encoder-decoder toy ------------------------------------------------------------------------------------
Ke = M([["1", "0"], ["0", "1"], ["1", "1"]])
Ve = M([["100", "0"], ["0", "100"], ["50", "50"]])
qe = M([["1", "0"]])
ae = softmax_rows(qe * Ke.T)
oe = ae * Ve
e.claim(L("Attention Weights: [0.57611688 0.11920292 0.30468019]"), "encoder-toy weights",
        ["0.57611688", "0.11920292", "0.30468019"], list(ae.row(0)))
ln = L("Final Output (context vector): [72.845703   17.17415515]")
e.claim(ln, "context vector, first component", ["72.845703"], [oe[0, 0]], cause="carried")
e.claim(ln, "context vector, second component", ["17.17415515"], [oe[0, 1]], cause="slip")

e.done()
