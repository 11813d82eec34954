# Expected verdicts for en-alibi-transformerlens-docstring-examples.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Convention stated by the code shown in the article: slope[q, k] = min(k - q, 0); multipliers m_h = s * s^h with
# s = 2^(-8/n_heads), h = 0..n_heads-1; bias[h, q, k] = m_h * slope[q, k].
# Printed tensors (torch, 4 decimals): multipliers for 8 and 16 heads, slope matrices for n_ctx = 3 and 4, and the
# bias for 2 heads (m = 2^-4 = 0.0625 and 2^-8 = 0.00390625) and n_ctx = 4.  0.0312 is the exact tie 2^-5 = 0.03125
# (both neighbours agree).  Wrong lines: 0.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["alibi", "torch-print", "docstring", "code"])
NUM = re.compile(r"-?\d+(?:\.\d+)?")


def nums(ln):
    s = e.lines[ln - 1].replace("tensor", "")
    return [x.rstrip(".") if x.endswith(".") else x for x in NUM.findall(s)]


def slope(n):
    return M([[min(k - q, 0) for k in range(n)] for q in range(n)])


def mults(n):
    s = sp.Integer(2) ** R(-8, n)
    return [s * s ** h for h in range(n)]


# 1. slope matrices (printed as "0." / "-1.": the regex keeps "0" / "-1", compared exactly)
for n in (3, 4):
    L = e.line(f">>> AbstractAttention.create_alibi_slope({n})")
    lines = [L + 1 + r for r in range(n)]
    e.rows(lines, f"create_alibi_slope({n})", [nums(ln) for ln in lines], slope(n))

# 2. multipliers
L = e.line("the docstring spells it out as [1/(2^1)")
e.claim(L, "8 heads: first exponent 8/8 and last exponent 8", ["1", "8"], [R(8, 8), 8])
L = e.line("[1/(2^0.5), 1/(2^1), ... , 1/(2^8)] for 16 heads")
e.claim(L, "16 heads: first exponent 8/16 and last exponent 16*8/16", ["0.5", "8"], [R(8, 16), 16 * R(8, 16)])
L = e.line(">>> AbstractAttention.create_alibi_multipliers(8)")
e.claim(L + 1, "create_alibi_multipliers(8)", nums(L + 1), mults(8))
L = e.line(">>> AbstractAttention.create_alibi_multipliers(16)")
m16 = mults(16)
e.claim(L + 1, "create_alibi_multipliers(16), first 10", nums(L + 1), m16[:10])
e.claim(L + 2, "create_alibi_multipliers(16), last 6", nums(L + 2), m16[10:])

# 3. bias for 2 heads, n_ctx = 4
L = e.line(">>> AbstractAttention.create_alibi_bias(2, 4")
m2 = mults(2)
S4 = slope(4)
for h in range(2):
    lines = [L + 1 + 4 * h + r for r in range(4)]
    e.rows(lines, f"create_alibi_bias(2, 4) head {h} (m = {m2[h]})", [nums(ln) for ln in lines], m2[h] * S4)
e.done()
