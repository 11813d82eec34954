# Expected verdicts for zh-flash-mzygqaq-online-softmax-merge.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x = [1, 3, 2 | 5, 2] split into blocks [1, 3, 2] and [5, 2]; l = Σ exp(x − m).
# - Block 1: m1 = 3, terms e^-2 = 0.135335, 1, e^-1 = 0.367879, l1 = 1.503214 (1.5032). Block 2: m2 = 5, e^-3 = 0.049787,
#   l2 = 1.049787 (1.0498). Merge: m = 5, l1·e^-2 = 0.203437 (0.2034), l = 1.253224 (1.2532); full row e^-4 = 0.018316,
#   same total -> all printed 4-place values agree. "1.5032 × 0.1353 + 1.0498 × 1" restates rounded operands (ok).
# - Sizes: n = 2048 -> 2048² = 4,194,304 (printed "400 万", i.e. 4.0e6) and n = 128K -> 131072² = 1.718e10 ("170 亿")
#   are loose round figures -> ambiguous. The bandwidth table and "接近 10 倍 / 3~4 个数量级" are quoted orders of
#   magnitude (19 / 2~3 = 6.3~9.5) -> ambiguous/given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "tiling", "code-block"])
L = e.line
E = sp.exp
e.ambiguous(L("作者举例：n=2048 时是 400 万"), "2048² = 4,194,304 (419 万) and 131072² = 1.718e10 (171.8 亿) are quoted as "
            "loose round figures 400 万 / 170 亿")
e.given(L("| SRAM | 片上（每个 SM）|"), "SRAM ~20 MB, ~19 TB/s (quoted)")
e.given(L("| HBM | 显存（片外）|"), "HBM 40~80 GB, ~2~3 TB/s (quoted)")
e.ambiguous(L("作者的判断是两者带宽差距接近 10 倍"), "19 / (2~3) = 6.3~9.5 and 20 MB vs 40~80 GB = 2000~4000× are "
            "order-of-magnitude statements")
e.given(L("x = [1, 3, 2 | 5, 2]"), "x and its two blocks")
e.claim(L("块 1：m₁ = 3"), "m1", "3", 3)
ln = L("l₁ = e^(1-3) + e^(3-3) + e^(2-3) = 0.1353 + 1 + 0.3679 = 1.5032")
l1 = E(-2) + 1 + E(-1)
e.claim(ln, "block-1 terms and l1", ["0.1353", "1", "0.3679", "1.5032"], [E(-2), 1, E(-1), l1])
e.claim(L("块 2：m₂ = 5"), "m2", "5", 5)
ln = L("l₂ = e^(5-5) + e^(2-5) = 1 + 0.0498 = 1.0498")
l2 = 1 + E(-3)
e.claim(ln, "block-2 terms and l2", ["1", "0.0498", "1.0498"], [1, E(-3), l2])
e.claim(L("合并：m = 5"), "merged max", "5", 5)
e.given(L("l = l₁·e^(3-5) + l₂·e^(5-5)"), "merge formula")
ln = L("= 1.5032 × 0.1353 + 1.0498 × 1")
e.claim(ln, "operands restated", ["1.5032", "0.1353", "1.0498", "1"], [l1, E(-2), l2, 1])
ln = L("= 0.2034 + 1.0498 = 1.2532")
lm = l1 * E(-2) + l2
e.claim(ln, "rescaled block 1, block 2, merged l", ["0.2034", "1.0498", "1.2532"], [l1 * E(-2), l2, lm])
e.given(L("l = e^(1-5) + e^(3-5) + e^(2-5) + e^(5-5) + e^(2-5)"), "full-row formula")
ln = L("= 0.0183 + 0.1353 + 0.0498 + 1 + 0.0498 = 1.2532")
full = E(-4) + E(-2) + E(-3) + 1 + E(-3)
assert sp.simplify(full - lm) == 0
e.claim(ln, "full-row terms and total", ["0.0183", "0.1353", "0.0498", "1", "0.0498", "1.2532"],
        [E(-4), E(-2), E(-3), 1, E(-3), full])
e.given(L("`S` 和 `P` 只有 Br×Bc（比如 128×64）"), "example tile 128×64")
e.done()
