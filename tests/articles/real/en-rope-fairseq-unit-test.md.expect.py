# Expected verdicts for en-rope-fairseq-unit-test.md, computed with plain SymPy (see oracle.py); not symattn's code.
# dim = 2: inv_freq = 1/10000^(0/2) = 1, so the angle at time step t is t (radians), t = 0, 1, 2.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope"])
e.given(e.line("self.T = 3"), "T")
e.given(e.line("self.C = 2"), "C (model dimension)")
cos_ = [sp.cos(t) for t in range(3) for _ in range(2)]
sin_ = [sp.sin(t) for t in range(3) for _ in range(2)]
e.claim(e.line("[[[[1.0000, 1.0000]]], [[[0.5403"), "cos(t) for t = 0, 1, 2 (both entries of the pair)",
        ["1.0000", "1.0000", "0.5403", "0.5403", "-0.4161", "-0.4161"], cos_)
e.claim(e.line("[[[[0.0000, 0.0000]]], [[[0.8415"), "sin(t) for t = 0, 1, 2",
        ["0.0000", "0.0000", "0.8415", "0.8415", "0.9093", "0.9093"], sin_)
e.ambiguous(e.line("[[[[1.5410, -0.2934]]]"), "the rotated query depends on torch.randn(seed 0) values the test never prints")
e.done()
