# Expected verdicts for zh-alibi-wzy816-slopes-forty-heads.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Input: n = 40 heads.  ALiBi slopes of the paper's code for a non-power-of-2 count: the 32 slopes 2^(-8k/32), k = 1..32,
# followed by every other slope of the 64-head list, 2^(-8j/64) for j = 1, 3, ..., 15 (8 values: 2^(-1/8) ... 2^(-15/8)).
# The Baichuan and labml variants compute the same 40 exact values (the labml one in float32).  The last variant uses one
# geometric ratio for all heads: 1 / (2^8)^((i+1)/40) = 2^(-(i+1)/5), i = 0..39.
# The printed lists are machine floats (float64 repr, float32 .tolist()); they are compared under the machine-float rule
# (relative 1e-5), short ones (0.5, 0.25, 0.0078125 ...) exactly.  The comment "0.003906 => 0.917004" names the jump
# from 2^-8 to 2^(-1/8).  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["alibi", "slopes", "code-output"])
two = sp.Integer(2)
n = 40
paper = [two ** R(-8 * k, 32) for k in range(1, 33)] + [two ** R(-8 * j, 64) for j in range(1, 16, 2)]
assert len(paper) == n
uniform = [two ** R(-8 * (i + 1), n) for i in range(n)]


def printed_list(line_no):
    text = e.lines[line_no - 1].strip()
    assert text.startswith("[") and text.endswith("]"), text
    return [s.strip() for s in text[1:-1].split(",")]


L = e.line("print(get_slopes(40))")
e.given(L, "number of heads n = 40")
L = e.line("[0.8408964152537145", nth=1)
e.claim(L, "get_slopes(40), float64 (paper code)", printed_list(L), paper)
L = e.line("print(_get_interleave(40))")
e.given(L, "number of heads n = 40")
L = e.line("[0.8408964152537145", nth=2)
e.claim(L, "_get_interleave(40), float64 (Baichuan code)", printed_list(L), paper)
L = e.line("print(get_slopes2(40).tolist())")
e.given(L, "number of heads n = 40")
L = e.line("[0.8408964276313782")
e.claim(L, "get_slopes2(40), float32 (labml code)", printed_list(L), paper)
L = e.line("# an abrupt change in values near 0.003906 => 0.917004")
e.claim(L, "jump from slope 32 (2^-8) to slope 33 (2^(-1/8))", ["0.003906", "0.917004"], [paper[31], paper[32]])
e.given(e.line("tolerance = 1e-7"), "assert tolerance")
L = e.line("print(get_alibi_slope(40).tolist())")
e.given(L, "number of heads n = 40")
L = e.line("[0.8705505728721619")
e.claim(L, "get_alibi_slope(40): 2^(-(i+1)/5), float32", printed_list(L), uniform)
e.done()
