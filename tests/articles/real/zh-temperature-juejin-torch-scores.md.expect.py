# Expected verdicts for zh-temperature-juejin-torch-scores.md, computed with plain SymPy (see oracle.py); not symattn's code.
# scores [5, 4, 3, 2, 1]: softmax = [0.63640, 0.23412, 0.08613, 0.03169, 0.01166]; / 0.1 -> [0.99995, 4.5398e-5,
# 2.0611e-9, 9.3572e-14, 4.2482e-18]; / 2 -> [0.42871, 0.26002, 0.15771, 0.09566, 0.05802].  The three torch prints are
# right (float32 machine output).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["temperature", "softmax", "torch-print"])
S = M([[5, 4, 3, 2, 1]])
e.given(e.line("next_token_scores = torch.FloatTensor([[5, 4, 3, 2, 1]])"), "scores")
e.given(e.line("low_temperature = next_token_scores / 0.1"), "T = 0.1")
e.given(e.line("high_temperature = next_token_scores / 2"), "T = 2")
for needle, T in (("tensor([[0.6364", 1), ("tensor([[9.9995e-01", R(1, 10)), ("tensor([[0.4287", 2)):
    L = e.line(needle)
    vals = e.lines[L - 1].split("[[")[1].split("]]")[0].split(", ")
    e.claim(L, f"softmax(scores / {T})", vals, list(softmax_rows(S / T).row(0)))
e.done()
