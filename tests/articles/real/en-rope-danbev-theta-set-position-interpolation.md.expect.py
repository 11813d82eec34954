# Expected verdicts for en-rope-danbev-theta-set-position-interpolation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The note evaluates the RoPE angle set theta_i = 10000^(-2(i-1)/d) for LLaMA's d = 4096.  For i = 0 the exponent is
# -2(0-1)/4096 = 2/4096 = 0.00048828125 and 10000^(2/4096) = 1.0045073642544... -> "1.004507364" is right.  The script
# output lists theta_i for i = 0..9: 10000^(2/4096), 10000^0 = 1, 10000^(-2/4096), ..., 10000^(-16/4096) = 0.96466162;
# all ten float64 prints are right.  (Index 0 lies outside the stated range i in {1..d/2}; the values are checked for the
# indices the note actually plugs in.)
# Position Interpolation: with L = 1024, L' = 2048, m = 500 the note writes "m = 500 * 2048/1024 = 250".  As written the
# product is 500 * 2048 / 1024 = 1000 (its own formula m' = m * L'/L gives 1000 as well); 250 is what real PI gives
# (m * L/L' = 500 * 1024/2048), but the printed arithmetic is wrong: slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope", "rope-frequencies", "position-interpolation", "ascii-maths"])
L = e.line
d, base = 4096, 10000


def theta(i):
    return sp.Integer(base) ** (R(-2 * (i - 1), d))


e.given(L("For LLaMA the embedding size `d` is 4096"), "d = 4096, base 10000")
e.given(L("θ₀ = 10000^(-2(0-1))/4096"), "theta_0 with i = 0 plugged into -2(i-1)/d")
ln = L("   = 10000^(2/4096)")
e.claim(ln, "exponent -2(0-1)/4096", "2/4096", R(2, 4096))
ln = L("   = 10000^(2/4096)", nth=2)
e.claim(ln, "exponent restated", "2/4096", R(2, 4096))
e.claim(L("   = 10000^(0.00048828125)"), "2/4096 as a decimal", "0.00048828125", R(2, 4096))
e.claim(L("   = 1.004507364"), "10000^(2/4096)", "1.004507364", theta(0))
start = L("1.0045073642544624")
printed = [e.lines[start - 1 + k].strip() for k in range(10)]
for k in range(10):
    e.claim(start + k, f"theta_{k} = 10000^(-2({k}-1)/4096) (float64 print)", printed[k], theta(k))
e.given(L("L  = 1024"), "original context L = 1024")
e.given(L("L' = 2048"), "new context L' = 2048")
e.given(L("m  = 500"), "position m = 500")
e.claim(L("m  = 500 * 2048/1024 = 250"), "500 * 2048/1024 as written", "250", R(500 * 2048, 1024))
e.done()
