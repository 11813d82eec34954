# Expected verdicts for en-softmax-akaiserg-cat-is-temperature-topk.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: logits sleeping 2.8, eating 2.3, playing 1.9, sitting 1.5, jumping 1.2; temperature T (1.0, or 0.5 in
#   Config 1); softmax; top-k = 3 renormalisation; top-p = 0.9 cumulative cut; sampling draws r stated by the article.
# Exact (T = 1): exp = [16.4446, 9.97418, 6.68589, 4.48169, 3.32012], Z = 40.9065;
#   p = [0.402007, 0.243831, 0.163444, 0.109559, 0.081164]; cumulative 0.645838, 0.809282, 0.918841;
#   top-3 renormalised [0.496743, 0.301293, 0.201963], gain 1/0.809282 - 1 = 0.235663; T = 0.5: p = [0.606719, 0.223199].
# Wrong lines: none of the maths. The sum line adds the rounded exponentials 16.44+9.97+6.69+4.48+3.32 (= 40.90) but
#   prints 40.91, the exact Z rounded: ok under the end-to-end rule.
# Ambiguous: the seed=1 / seed=100 draws (0.134, 0.826) are Python Mersenne-Twister outputs, outside the maths the
#   article works by hand (for the record, CPython's random.seed(100); random.random() gives 0.1457, not 0.826).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "top-k", "top-p", "percentages",
                                             "markdown-table", "code-block", "plain-text"])
NAMES = ["sleeping", "eating", "playing", "sitting", "jumping"]
logit = [R("2.8"), R("2.3"), R("1.9"), R("1.5"), R("1.2")]


def soft(T):
    ex = [sp.exp(x / T) for x in logit]
    Z = sum(ex)
    return ex, Z, [v / Z for v in ex]


ex, Z, p = soft(1)
_, _, p05 = soft(R(1, 2))
cum = [sum(p[:i + 1]) for i in range(5)]
S3 = sum(p[:3])
q = [v / S3 for v in p[:3]]
gain = 1 / S3 - 1
qcum = [sum(q[:i + 1]) for i in range(3)]

# mermaid flowchart
e.given(e.line("sleeping: 2.8<br/>eating: 2.3<br/>playing: 1.9"), "raw logits")
e.claim(e.line("sleeping: 40.2%<br/>eating: 24.4%"), "initial probabilities (T = 1)",
        ["40.2%", "24.4%", "16.3%", "11.0%", "8.1%"], p)
# step 0 table
for nm, v in zip(NAMES, ["2.8", "2.3", "1.9", "1.5", "1.2"]):
    e.given(e.line(f"| {nm}" + " " * (9 - len(nm)) + f"| {v}   |"), f"logit of {nm}")
L = e.line("apply_temperature({'sleeping': 2.8, 'eating': 2.3}, temperature=1.0)")
e.given(L, "logits and T = 1.0")
e.claim(L + 1, "logits / 1.0", ["2.8", "2.3"], [logit[0] / 1, logit[1] / 1])
# step 2 exp table
for i, (nm, v, w) in enumerate(zip(NAMES, ["2.8", "2.3", "1.9", "1.5", "1.2"],
                                   ["16.44", "9.97", "6.69", "4.48", "3.32"])):
    L = e.line(f"| {nm}" + " " * (9 - len(nm)) + f"| {v}            | {w}")
    e.claim(L, f"adjusted logit and exp for {nm}", [v, w], [logit[i], ex[i]])
L = e.line("Z = 16.44 + 9.97 + 6.69 + 4.48 + 3.32 = 40.91")
e.claim(L, "exponentials and their sum Z", ["16.44", "9.97", "6.69", "4.48", "3.32", "40.91"], ex + [Z])
# step 3 probability table
for i, (nm, w) in enumerate(zip(NAMES, ["0.402", "0.244", "0.163", "0.110", "0.081"])):
    L = e.line(f"| {nm}" + " " * (9 - len(nm)) + f"| {w}       |")
    e.claim(L, f"probability of {nm}", [w], [p[i]])
e.claim(e.line("✅ Sum = 1.0"), "sum of probabilities", ["1.0"], [sum(p)])
# top-p walk
PCT = ["40.2%", "24.4%", "16.3%", "11.0%"]
CUM = ["40.2%", "64.6%", "80.9%", "91.9%"]
for i in range(4):
    L = e.line(f"{NAMES[i]}:" + " " * (9 - len(NAMES[i])) + f"{PCT[i]} (cumulative: {CUM[i]})")
    e.claim(L, f"probability and cumulative of {NAMES[i]}", [PCT[i], CUM[i]], [p[i], cum[i]])
e.claim(e.line("jumping:   8.1% ❌ Filtered out"), "probability of jumping", ["8.1%"], [p[4]])
# renormalisation table
for i, (b, a) in enumerate([("0.402", "0.497"), ("0.244", "0.301"), ("0.163", "0.202")]):
    L = e.line(f"| {NAMES[i]}" + " " * (9 - len(NAMES[i])) + f"| {b}         | {a}        | +23.6%  |")
    e.claim(L, f"{NAMES[i]} before / after renormalisation, change", [b, a, "23.6%"], [p[i], q[i], gain])
e.claim(e.line("| **Sum**  | **0.809**     | **1.000**    |"), "top-3 sum before / after", ["0.809", "1.000"],
        [S3, sum(q)])
# sampling table
e.given(e.line("**With seed=42 (r=0.639):**"), "seed 42 draw r = 0.639")
RNG = [("0.000", "0.497"), ("0.497", "0.798"), ("0.798", "1.000")]
starts = [0, qcum[0], qcum[1]]
for i, (a, b) in enumerate(RNG):
    L = e.line(f"| {NAMES[i]}" + " " * (9 - len(NAMES[i])) + f"| {['0.497', '0.301', '0.202'][i]}       | [{a} – {b})")
    e.claim(L, f"renormalised p and cumulative range of {NAMES[i]}",
            [["0.497", "0.301", "0.202"][i], a, b], [q[i], starts[i], qcum[i]])
e.given(e.line("Because **r = 0.639**"), "draw r = 0.639")
# example configurations
L = e.line("sleeping: 40.2% → After T=0.5 → 60.7%")
e.claim(L, "sleeping at T = 1 and T = 0.5", ["40.2%", "60.7%"], [p[0], p05[0]])
L = e.line("eating:   24.4% → After T=0.5 → 22.3%")
e.claim(L, "eating at T = 1 and T = 0.5", ["24.4%", "22.3%"], [p[1], p05[1]])
for i, (b, a) in enumerate([("40.2%", "49.7%"), ("24.4%", "30.1%"), ("16.3%", "20.2%")]):
    L = e.line(f"{NAMES[i]}:" + " " * (9 - len(NAMES[i])) + f"{b} → {a} ⬆️")
    e.claim(L, f"{NAMES[i]} before / after top-3", [b, a], [p[i], q[i]])
e.claim(e.line("sleeping + eating + playing + sitting = 91.9% ≥ 90%"), "cumulative of the top 4", ["91.9%"], [cum[3]])
kept = next(i + 1 for i in range(5) if cum[i] >= R(9, 10))
e.claim(e.line("→ Keeps 4 tokens (adapts to distribution!)"), "tokens kept by top-p 0.9", ["4"], [kept])
# printed output of compute_softmax
for i, (w, pr, pc) in enumerate(zip(["16.44", "9.97", "6.69", "4.48", "3.32"],
                                    ["0.402", "0.244", "0.163", "0.110", "0.081"],
                                    ["40.2%", "24.4%", "16.3%", "11.0%", "8.1%"])):
    L = e.line(f"{NAMES[i]}" + " " * (15 - len(NAMES[i])) + f"|")
    e.claim(L, f"weight, probability, percentage of {NAMES[i]}", [w, pr, pc], [ex[i], p[i], p[i]])
e.claim(e.line("| Sum =    |       1.000 |  100.0%"), "sums", ["1.000", "100.0%"], [sum(p), sum(p)])
# printed output of apply_top_k
for i, (pr, pc) in enumerate(zip(["0.402", "0.244", "0.163", "0.110", "0.081"],
                                 ["40.2%", "24.4%", "16.3%", "11.0%", "8.1%"])):
    L = e.line(f"  {i + 1}. {NAMES[i]}")
    e.claim(L, f"sorted probability of {NAMES[i]}", [pr, pc], [p[i], p[i]])
for i, (b, a) in enumerate([("0.402", "0.497"), ("0.244", "0.301"), ("0.163", "0.202")]):
    L = e.line(f"{NAMES[i]}" + " " * (15 - len(NAMES[i])) + f"|      {b} |      {a} | + 23.6%")
    e.claim(L, f"{NAMES[i]} original / filtered, change", [b, a, "23.6%"], [p[i], q[i], gain])
e.claim(e.line("same relative amount (23.6%)"), "common relative gain", ["23.6%"], [gain])
# printed output of sample_token
for i, (a, b) in enumerate(RNG):
    L = e.line(f"{NAMES[i]}" + " " * (15 - len(NAMES[i])) + f"|       {['0.497', '0.301', '0.202'][i]} | [{a} – {b})")
    e.claim(L, f"printed range of {NAMES[i]}", [["0.497", "0.301", "0.202"][i], a, b], [q[i], starts[i], qcum[i]])
e.given(e.line("🎯 Random number generated: 0.639"), "draw r = 0.639")
L = e.line("  ❌ sleeping     [0.000 – 0.497)")
e.claim(L, "range of sleeping", ["0.000", "0.497"], [0, qcum[0]])
e.claim(L + 1, "range of eating (r = 0.639 is the stated draw)", ["0.497", "0.798"], [qcum[0], qcum[1]])
e.claim(L + 2, "range of playing", ["0.798", "1.000"], [qcum[1], qcum[2]])
e.ambiguous(e.line("- **seed=1**: random=0.134"),
            "the draw 0.134 is a Python random.seed(1) output, outside the hand-worked maths")
L = e.line("- **seed=42**: random=0.639")
e.given(L, "seed 42 draw 0.639")
e.claim(L, "range [0.497-0.798)", ["0.497", "0.798"], [qcum[0], qcum[1]])
e.ambiguous(e.line("- **seed=100**: random=0.826"),
            "the draw 0.826 is a Python random.seed(100) output, outside the hand-worked maths "
            "(CPython gives 0.1457 for this seed, which would select sleeping)")
L = e.line("**Configuration:** Temperature=0.7, Top-K=3, Top-P=0.9, Seed=42")
e.given(L, "run configuration")
e.done()
