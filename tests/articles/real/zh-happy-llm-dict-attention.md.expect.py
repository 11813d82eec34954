# Expected verdicts for zh-happy-llm-dict-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Hand-picked weights (not a softmax) times the dictionary values.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["weighted-sum"])
vals = [10, 5, 2]
w = [R("0.6"), R("0.4"), 0]
for key in ('"apple":10', '"banana":5', '"chair":2', '"apple":0.6', '"banana":0.4', '"chair":0'):
    e.given(e.line(key), key)
e.claim(e.line("value = 0.6 * 10"), "weighted value", "8", sum(a * b for a, b in zip(w, vals)))
e.done()
