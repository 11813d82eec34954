# Expected verdicts for zh-softmax-yiye-dot-product-scaling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese learner note (yiye/llm-knowledge) on the dot product, cosine similarity and why attention scales by sqrt(d_k),
# worked by hand in plain-text code blocks.
# Inputs and exact values:
#   [1,2,3].[4,5,6] = 32; [3,4].[3,4] = 25, |[3,4]| = 5; [3,4].[4,3] = 24, cos = 24/25 = 0.96, arccos 0.96 = 16.26 deg;
#   [4,0].[3,3] = 12, sqrt18 = 4.2426, 4.24 x 0.707 = 2.9995 (~3); cos 30/45/60/120/135 = 0.866/0.7071/0.5/-0.5/-0.7071;
#   [1,2].[3,4] = 11; [1,2].[2,4] = 10, sqrt5 = 2.236, sqrt20 = 4.472, cos = 1 exactly; cat.dog = 0.92, |cat| = sqrt1.04 = 1.0198,
#   |dog| = sqrt0.83 = 0.9110, cos = 0.9902; [1,0].[0,1] = 0; Q2.K = 10; sqrt768 = 27.713.
#   Scores [-50,-30,-10,0,10,30,50]: unscaled softmax = [3.7e-44, ..., 2.1e-9, 0.999999998] -> [0,...,0,1];
#   scaled by 1/sqrt768 = [-1.804, -1.083, -0.361, 0, 0.361, 1.083, 1.804] -> printed [-1.8, -1.1, -0.4, 0, 0.4, 1.1, 1.8] (ok);
#   softmax of the scaled scores = [0.0130, 0.0268, 0.0551, 0.0790, 0.1133, 0.2331, 0.4798].
# Wrong line:
#   - scaled softmax printed [0.01, 0.02, 0.05, 0.10, 0.15, 0.25, 0.42]; exact [0.01, 0.03, 0.06, 0.08, 0.11, 0.23, 0.48]
#     (from the rounded scores [-1.8, ...] it is [0.01, 0.03, 0.05, 0.08, 0.12, 0.24, 0.48], still wrong) -> slip.
# No ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "basic", "scaling", "dot-product", "code-block-plaintext"])
L = e.line
sq = sp.sqrt

e.given(L("A = [1, 2, 3]"), "A"); e.given(L("B = [4, 5, 6]"), "B")
e.given(L("A · B = 1×4 + 2×5 + 3×6"), "products written out")
e.claim(L("      = 4 + 10 + 18"), "sum of terms", ["4", "10", "18"], [4, 10, 18])
e.claim(L("      = 32"), "dot product", ["32"], [32])

b = L("**两种算法对照**")
e.given(L("A = [3, 4]", after=b), "A = [3,4]"); e.given(L("B = [3, 4]", after=b), "B = [3,4]")
e.claim(L("A · B = 3×3 + 4×4 = 9 + 16 = 25"), "[3,4].[3,4]", ["9", "16", "25"], [9, 16, 25])
e.claim(L("|A| = √(3² + 4²) = √25 = 5"), "|A|", ["25", "5"], [25, 5])
e.claim(L("|B| = √(3² + 4²) = 5", after=b), "|B|", ["5"], [5])
e.claim(L("        = 5 × 5 × 1"), "cos 0 = 1", ["1"], [sp.cos(0)])
e.claim(L("        = 25  ✅"), "geometric dot product", ["25"], [25])

b = L("### 夹角从哪里来")
e.given(L("A = [3, 4]", after=b), "A"); e.given(L("B = [4, 3]", after=b), "B")
e.claim(L("A·B = 3×4 + 4×3 = 24"), "[3,4].[4,3]", ["24"], [24])
e.claim(L("|A| = √(3² + 4²) = 5", after=b), "|A|", ["5"], [5])
e.claim(L("|B| = √(4² + 3²) = 5"), "|B|", ["5"], [5])
e.claim(L("cos(θ) = 24 / (5 × 5) = 0.96"), "cos", ["0.96"], [R(24, 25)])
e.claim(L("θ = arccos(0.96) ≈ 16.3°"), "angle in degrees", ["16.3"], [sp.acos(R(24, 25)) * 180 / sp.pi])

b = L("## 📐 几何含义")
e.given(L("A = [4, 0]"), "A = [4,0]"); e.given(L("B = [3, 3]"), "B = [3,3]")
e.claim(L("A · B = 4×3 + 0×3 = 12"), "[4,0].[3,3]", ["12"], [12])
e.claim(L("|A| = 4", after=b), "|A|", ["4"], [4])
e.claim(L("|B| = √(3² + 3²) = √18 ≈ 4.24"), "sqrt 18", ["18", "4.24"], [18, sq(18)])
e.claim(L("θ = 45°"), "angle of [3,3] with the x axis", ["45"], [sp.atan2(3, 3) * 180 / sp.pi])
e.claim(L("= 4.24 × 0.707"), "cos 45", ["0.707"], [sp.cos(sp.pi / 4)])
e.claim(L("                    ≈ 3"), "projection |B| cos 45 = 3", ["3"], [sq(18) * sp.cos(sp.pi / 4)], rounded_int=True)
e.claim(L("点积 = |A| × 投影 = 4 × 3 = 12"), "|A| x projection", ["12"], [4 * 3])
for lab, ang in (("30°        0.87", 30), ("45°        0.71", 45), ("60°        0.50", 60), ("120°      -0.50", 120),
                 ("135°      -0.71", 135)):
    e.claim(L(lab), f"cos {ang}", [lab.split()[1]], [sp.cos(sp.rad(ang))])
e.claim(L("0°         1.0"), "cos 0", ["1.0"], [1])
e.claim(L("90°        0.0"), "cos 90", ["0.0"], [0])
e.claim(L("180°      -1.0"), "cos 180", ["-1.0"], [-1])
e.claim(L("[1, 2] · [3, 4] = 11"), "[1,2].[3,4]", ["11"], [11])
e.given(L("到了 768 维"), "768 dimensions")

b = L("# 例 1：方向相同、长度不同")
e.given(L("A = [1, 2]", after=b), "A"); e.given(L("B = [2, 4]"), "B = 2A")
e.claim(L("A · B = 1×2 + 2×4 = 10"), "[1,2].[2,4]", ["10"], [10])
e.claim(L("|A| = √(1² + 2²) = √5 ≈ 2.24"), "sqrt5", ["5", "2.24"], [5, sq(5)])
e.claim(L("|B| = √(2² + 4²) = √20 ≈ 4.47"), "sqrt20", ["20", "4.47"], [20, sq(20)])
e.claim(L("cos(θ) = 10 / (2.24 × 4.47)"), "dot product in the numerator", ["10"], [10])
e.claim(L("         = 10 / 10"), "|A||B| = sqrt5 sqrt20 = 10", ["10"], [sq(5) * sq(20)])
e.claim(L("         = 1.0  ✅"), "cosine", ["1.0"], [10 / (sq(5) * sq(20))])
cat, dog = [R("0.8"), R("0.6"), R("0.2")], [R("0.7"), R("0.5"), R("0.3")]
e.given(L("猫 = [0.8, 0.6, 0.2]"), "cat"); e.given(L("狗 = [0.7, 0.5, 0.3]"), "dog")
e.given(L("猫 · 狗 = 0.8×0.7 + 0.6×0.5 + 0.2×0.3"), "products written out")
e.claim(L("         = 0.56 + 0.30 + 0.06"), "products", ["0.56", "0.30", "0.06"], [c * d for c, d in zip(cat, dog)])
dot = sum(c * d for c, d in zip(cat, dog))
e.claim(L("         = 0.92"), "cat.dog", ["0.92"], [dot])
nc, nd = sq(sum(c**2 for c in cat)), sq(sum(d**2 for d in dog))
e.claim(L("|猫| = √(0.8² + 0.6² + 0.2²) ≈ 1.02"), "|cat|", ["1.02"], [nc])
e.claim(L("|狗| = √(0.7² + 0.5² + 0.3²) ≈ 0.91"), "|dog|", ["0.91"], [nd])
e.given(L("cos(θ) = 0.92 / (1.02 × 0.91)"), "cosine written with the rounded norms")
e.claim(L("         ≈ 0.99  ← 很接近"), "cos(cat, dog)", ["0.99"], [dot / (nc * nd)])
e.given(L("猫 = [1, 0]"), "cat"); e.given(L("苹果 = [0, 1]"), "apple")
e.claim(L("猫 · 苹果 = 1×0 + 0×1 = 0"), "orthogonal dot", ["0"], [0])
e.claim(L("cos(θ) = 0 / (1 × 1) = 0"), "orthogonal cosine", ["0", "1", "1", "0"], [0, 1, 1, 0])

e.given(L("Q₁ = [1, 0]"), "Q1"); e.given(L("Q₂ = [10, 0]"), "Q2"); e.given(L("K  = [1, 0]"), "K")
e.claim(L("cos(Q₁, K) = 1.0"), "cos(Q1,K)", ["1.0"], [1])
e.claim(L("cos(Q₂, K) = 1.0"), "cos(Q2,K)", ["1.0"], [1])
e.claim(L("Q₁·K = 1"), "Q1.K", ["1"], [1])
e.claim(L("Q₂·K = 10"), "Q2.K", ["10"], [10])
e.claim(L("例如 √768 ≈ 27.7"), "sqrt 768", ["27.7"], [sq(768)])
e.given(L("当 d_k = 768："), "d_k = 768")
e.claim(L("Q·K 的标准差 = √768 ≈ 27.7"), "sqrt 768", ["27.7"], [sq(768)])
e.given(L("→ 可能出现 ±100"), "illustrative magnitude")

S = [-50, -30, -10, 0, 10, 30, 50]
e.given(L("scores = [-50, -30, -10, 0, 10, 30, 50]"), "unscaled scores (chosen)")
w0 = softmax_rows(sp.Matrix([S]))
e.claim(L("softmax([...]) ≈ [0, 0, 0, 0, 0, 0, 1]"), "unscaled softmax (integers)", ["0"] * 6 + ["1"],
        list(w0), rounded_int=True)
e.claim(L("缩放后（除以 √768 ≈ 27.7）"), "sqrt 768", ["27.7"], [sq(768)])
scaled = [R(s) / sq(768) for s in S]
e.claim(L("scaled = [-1.8, -1.1, -0.4, 0, 0.4, 1.1, 1.8]"), "scores / sqrt768",
        ["-1.8", "-1.1", "-0.4", "0", "0.4", "1.1", "1.8"], scaled)
w = softmax_rows(sp.Matrix([scaled]))
e.claim(L("softmax([...]) ≈ [0.01, 0.02, 0.05, 0.10, 0.15, 0.25, 0.42]"), "softmax of the scaled scores",
        ["0.01", "0.02", "0.05", "0.10", "0.15", "0.25", "0.42"], list(w))
e.given(L("  θ = 0°（同一方向）"), "angle 0")
e.given(L("  A · B = 5 × 5 × cos(0°)"), "geometric form written out")
e.given(L("B 在 A 上的投影 = |B| × cos(45°)"), "projection formula")
e.given(L("若 Q、K 的各分量独立同分布"), "mean 0, variance 1 assumption")
e.given(L("           = d_k × 1"), "variance sum written out")
e.claim(L("                  = 1  ✅"), "d_k / d_k", ["1"], [1])
e.given(L("不缩放（d_k=768）"), "d_k = 768")
e.done()
