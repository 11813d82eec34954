# Expected verdicts for ru-yurkmez-embedding-softmax-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The embedding is sequence @ W_embed with W_embed printed (8-decimal numpy print), so `embedded` is checkable
# from printed inputs; W_Q, W_K, W_V are random and never printed, and the attention cells were never run.
# The comment's softmax example: softmax([2.0, 1.0, 0.1]) = [0.6590, 0.2424, 0.0986]; 0.098 is the third
# weight cut after 3 places (0.0986 rounds to 0.099), a truncation, hence wrong.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "printed-output", "softmax-row"])
NUM = re.compile(r"-?(?<![\w.])\d+(?:\.\d*)?")


def nums(ln):
    return [s.rstrip(".") if s.endswith(".") else s for s in NUM.findall(e.lines[ln - 1])]


seq = M([["0.1"], ["0.2"], ["0.3"], ["2.0"], ["0.4"]])
L = e.line("sequence = np.array(")
e.given(L, "sequence")
e.claim(L, "shape comment (5, 1)", ["5", "1"], list(seq.shape))
e.given(e.line("d_model = 4"), "d_model")
L = e.line("sequence:", after=e.line("```", nth=2)) + 1
for i in range(5):
    e.given(L + i, "sequence printed")
e.claim(e.line("seq_len: 5"), "seq_len", ["5"], [seq.rows])
e.claim(e.line("input_dim: 1"), "input_dim", ["1"], [seq.cols])

L = e.line(" [[-0.40864155")
e.given(L, "W_embed (printed, random)")
W = M([nums(L)])
E = seq * W
L = e.line("embedded:", after=L) + 1
e.rows(list(range(L, L + 5)), "embedded = sequence @ W_embed", [nums(L + i) for i in range(5)], E)

e.claim(e.line("embedded = sequence @ W_embed  # (5, d_model)"), "shape comment (5, d_model)", ["5"], [E.rows])
# the attention cells were never run, but their shapes follow from embedded (5 x 4) and the 4 x 4 projections
for needle in ("scores = Q @ K.T / np.sqrt(d_model)  # (5, 5)", "weights = softmax(scores)           # (5, 5)"):
    e.claim(e.line(needle), "shape comment (5, 5)", ["5", "5"], [E.rows, E.rows])
e.claim(e.line("attention_output = weights @ V      # (5, d_model)"), "shape comment (5, d_model)", ["5"], [E.rows])

L = e.line("# Вход:  x = [2.0, 1.0, 0.1]")
e.given(L, "softmax example input")
sm = softmax_rows(M([["2.0", "1.0", "0.1"]]))
L = e.line("# Выход: softmax(x) = [0.659")
e.claim(L, "softmax([2.0, 1.0, 0.1])", ["0.659", "0.242", "0.098"], sm)
e.done()
