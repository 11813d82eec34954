# Expected verdicts for en-alibi-kunjcr2-penalty-tables.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's convention: penalty = slope × |i - j| with slope = -0.2 (a symmetric, non-causal bias), added to the
# printed scores.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["alibi"])
S = M([["1.0", "2.0", "3.0"], ["2.0", "1.5", "2.5"], ["3.0", "2.5", "1.2"]])
slope = R("-0.2")
P = sp.Matrix(3, 3, lambda i, j: slope * abs(i - j))


def rows(header_needle, nth):
    h = e.line(header_needle, nth=nth)
    return [e.line(f"T{k} ", after=h) for k in (1, 2, 3)]


def nums(line):
    return e.lines[line - 1].split()[1:]


for ln in rows("    T1  T2  T3", 1):
    e.given(ln, "raw score row")
e.given(e.line("Let slope = **-0.2**."), "slope")
ls = rows("    T1  T2  T3", 2)
e.rows(ls, "ALiBi penalty slope × |i - j|", [nums(ln) for ln in ls], P)
ls = rows("    T1  T2  T3", 3)
e.rows(ls, "scores + penalties", [nums(ln) for ln in ls], S + P)
e.done()
