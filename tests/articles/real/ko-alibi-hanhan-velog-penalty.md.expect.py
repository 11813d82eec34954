# Expected verdicts for ko-alibi-hanhan-velog-penalty.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The note's own convention: the penalty is m × |i - j| with m = -0.2 (a negative slope written into the penalty), then
# added to a fixed q·k/√d = 5.0.  Distances |0-1| = 1, |0-2| = 2; penalties -0.2, -0.4; scores 5.0, 4.8, 4.6.  (The
# formula line "score - m|i-j|" with m = -0.2 would add 0.2; the example plainly applies -0.2 per unit of distance, as
# ALiBi intends, and is checked as written.)  All right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["alibi"])
m = R("-0.2")
base = R(5)
e.given(e.line("위치: i=0"), "positions")
e.given(e.line("m값을 -0.2라고 가정하면"), "slope m = -0.2")
e.claim(e.line('거리: |0-1| = 1'), "|0-1|", "1", 1)
e.claim(e.line("페널티 = -0.2 × 1 = -0.2"), "penalty at distance 1", ["-0.2"], [m * 1])
e.claim(e.line('거리: |0-2| = 2'), "|0-2|", "2", 2)
e.claim(e.line("페널티 = -0.2 × 2 = -0.4"), "penalty at distance 2", ["-0.4"], [m * 2])
e.given(e.line("q·k/√d = 5.0 이라고"), "q·k/√d = 5.0")
e.claim(e.line("score(0,0) = 5.0 - 0 = 5.0"), "score(0,0)", "5.0", base)
L = e.line("score(0,1) = 5.0 - 0.2 = 4.8")
e.claim(L, "score(0,1)", ["0.2", "4.8"], [-m, base + m])
L = e.line("score(0,2) = 5.0 - 0.4 = 4.6")
e.claim(L, "score(0,2)", ["0.4", "4.6"], [-2 * m, base + 2 * m])
e.done()
