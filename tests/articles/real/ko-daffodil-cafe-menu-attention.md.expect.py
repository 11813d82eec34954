# Expected verdicts for ko-daffodil-cafe-menu-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# One query against three keys, plain dot products (no scaling, as the post computes), softmax, weighted values.
# Exact weights softmax([0.6, 0.4, 0.2]) = [0.401759, 0.328935, 0.269306] -> 0.402 / 0.329 / 0.269 are right.
# Output: exact [0.401759, 0.328935 + 0.134653 = 0.463588]. The post multiplies its rounded 0.269 by 0.5
# (0.1345; exact 0.134653 -> 0.1347: ambiguous, arithmetic on a rounded operand) and adds 0.329 + 0.1345 = 0.4635
# (exact 0.4636): the chain's result, right from the rounded weights, wrong end to end: drift.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "single-query", "no-scaling", "table", "prose-arithmetic"])
q = M([["0.6", "0.4"]])
K = M([["1", "0"], ["0", "1"], ["0", "0.5"]])
V = M([["1", "0"], ["0", "1"], ["0", "0.5"]])
for needle in ("| Query (Q) |", "| Key (K) - 아메리카노 |", "| Key (K) - 카페라떼 |", "| Key (K) - 녹차라떼 |",
               "| Value (V) - 아메리카노 |", "| Value (V) - 카페라떼 |", "| Value (V) - 녹차라떼 |"):
    e.given(e.line(needle), needle.strip("| "))
s = q * K.T
w = softmax_rows(s)
o = w * V
e.claim(e.line("- 아메리카노: 0.6×1"), "q·k1", ["0.6"], [s[0]])
e.claim(e.line("- 카페라떼: 0.6×0"), "q·k2", ["0.4"], [s[1]])
e.claim(e.line("- 녹차라떼: 0.6×0"), "q·k3", ["0.2"], [s[2]])
e.claim(e.line("- 아메리카노: 0.402"), "weight 1", ["0.402"], [w[0]])
e.claim(e.line("- 카페라떼: 0.329"), "weight 2", ["0.329"], [w[1]])
e.claim(e.line("- 녹차라떼: 0.269"), "weight 3", ["0.269"], [w[2]])
L = e.line("- Output = 0.402×[1,0]")
e.claim(L, "weights restated", ["0.402", "0.329", "0.269"], list(w))
L = e.line("- Output = [0.402, 0] + [0,0.329]")
e.claim(L, "w1 v1", ["0.402", "0"], w[0] * V.row(0))
e.ambiguous(L, "0.1345 = 0.269 x 0.5 is right from the rounded weight (exact 0.1347): explicit arithmetic on a "
                "rounded operand; the chain's result 0.4635 is judged end to end")
e.claim(L, "output", ["0.4635"], [o[1]], cause="drift")
L = e.line("최종 출력 벡터 =")
e.claim(L, "output restated", ["0.402", "0.4635"], o, cause="drift")
e.done()
