# Expected verdicts for zh-softmax-ccoding04-moe-zloss-fp16.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study-notes Q&A on MoE Router Z-loss and why softmax overflows in FP16. Hand arithmetic:
# (1) softmax([2.0, 1.0, 0.5]) printed as [0.59, 0.22, 0.13]; exact e^z / (e^2 + e + e^0.5) = [0.6285, 0.2312, 0.1402],
#     so all three are wrong (they do not even sum to 1: 0.94) -> [0.63, 0.23, 0.14]; softmax([200, 100, 50]) ~ [1.0, 0.0, 0.0] is right.
# (2) FP16 overflow table: exp(200) = 7.226e86, exp(100) = 2.688e43, exp(50) = 5.185e21, exp(11.1) = 66171.16 - all right
#     (mantissas claimed against e^z / 10^k). "exp(11.09) ≈ 65504" is the FP16-max threshold: 11.09 is ln(65504) = 11.0899
#     rounded, while e^11.09 itself is 65512.7, so the line is ambiguous (right as a threshold, off by 9 read literally).
# (3) max-subtraction: z - 200 = [0, -100, -150]; exp(0) = 1, exp(-100) = 3.720e-44 (right), but exp(-150) is printed as
#     1.9 × 10⁻⁶⁵ while e^-150 = 7.175e-66 (1.95e-65 is e^-149): a slip, right value 7.2 × 10⁻⁶⁶.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "fp16", "scientific-notation", "by-hand"])

e.given(e.line("Router Z-loss 的公式是"), "Z-loss formula")
z1 = M([["2.0", "1.0", "0.5"]])
L = e.line("logits = [2.0, 1.0, 0.5]")
e.claim(L, "softmax([2.0, 1.0, 0.5])", ["0.59", "0.22", "0.13"], softmax_rows(z1))
z2 = M([[200, 100, 50]])
L = e.line("logits = [200, 100, 50]      →")
e.claim(L, "softmax([200, 100, 50])", ["1.0", "0.0", "0.0"], softmax_rows(z2))
e.given(e.line("FP16 的范围：     [-65504, 65504]"), "FP16 range")
e.ambiguous(e.line("exp(11.09) ≈ 65504"),
            "11.09 is ln(65504) = 11.0899 rounded (threshold reading, right); literally e^11.09 = 65512.7, not 65504")
e.claim(e.line("exp(200)  ≈ 7.2"), "exp(200) mantissa (x 10^86)", ["7.2"], [sp.exp(200) / R(10) ** 86])
e.claim(e.line("exp(100)  ≈ 2.7"), "exp(100) mantissa (x 10^43)", ["2.7"], [sp.exp(100) / R(10) ** 43])
e.claim(e.line("exp(50)   ≈ 5.2"), "exp(50) mantissa (x 10^21)", ["5.2"], [sp.exp(50) / R(10) ** 21])
e.claim(e.line("exp(11.1) ≈ 66171"), "exp(11.1)", ["66171"], [sp.exp(R(111, 10))], rounded_int=True)
e.claim(e.line("max_z  = 200"), "max of the logits", ["200"], [200])
e.claim(e.line("= [exp(0), exp(-100), exp(-150)]"), "shifted logits z - 200", ["0", "-100", "-150"], [0, -100, -150])
e.claim(e.line("exp(0)    = 1"), "exp(0)", ["1"], [1])
e.claim(e.line("exp(-100) = 3.7"), "exp(-100) mantissa (x 10^-44)", ["3.7"], [sp.exp(-100) * R(10) ** 44])
e.claim(e.line("exp(-150) = 1.9"), "exp(-150) mantissa (x 10^-65)", ["1.9"], [sp.exp(-150) * R(10) ** 65])
e.done()
