# Expected verdicts for en-shapes-walkthrough-ch3.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Only shapes are printed: x is 6x3 (input), the weight matrices 3x2 (input); every other shape follows.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "shapes"])
n, d, dout = 6, 3, 2
e.given(e.line("1. Input embeddings ( x.shape = 6x3 )"), "x is 6x3")
e.claim(e.line("a.shape = 6x6", nth=1), "shape of x @ x.T", ["6", "6"], [n, n])
e.claim(e.line("w.shape = 6x6", nth=1), "shape of softmax(a)", ["6", "6"], [n, n])
e.claim(e.line("c.shape = 6x3"), "shape of w @ x", ["6", "3"], [n, d])
e.given(e.line("1. Input embeddings ( x.shape = 6x3 )", nth=2), "x is 6x3")
e.given(e.line("Wk.shape = Wv.shape = Wq.shape = 3x2"), "weights are 3x2")
e.claim(e.line("q.shape = 6x2"), "shape of x @ Wq", ["6", "2"], [n, dout])
e.claim(e.line("k.shape = 6x2"), "shape of x @ Wk", ["6", "2"], [n, dout])
e.claim(e.line("v.shape = 6x2"), "shape of x @ Wv", ["6", "2"], [n, dout])
e.claim(e.line("a.shape = 6x6", nth=2), "shape of q @ k.T", ["6", "6"], [n, n])
e.claim(e.line("w.shape = 6x6", nth=2), "shape of softmax(a)", ["6", "6"], [n, n])
e.claim(e.line("c.shape = 6x2"), "shape of w @ v", ["6", "2"], [n, dout])
e.done()
