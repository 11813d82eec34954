# Expected verdicts for en-basic-billjr99-river-bank-loan-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A class activity: one query ("bank", q = (1, 1)) against keys (1,0), (0,1), (1,1) with values (1,1), (2,0), (0,2),
# d_k = 2.  Raw scores [1, 1, 2] and scaled scores [0.71, 0.71, 1.41] are right (2/sqrt 2 = 1.414; the printed
# "2 ÷ 1.41 ≈ 1.41" is 1.418 as written but the scaled score itself is right end to end).
# The hand softmax works on the 2-place scores: e^{1.41} = 4.096 -> "4.10" and the sum 2.03 + 2.03 + 4.10 = 8.16 are
# right as written but not end to end (e^{sqrt 2} = 4.1133, sum 8.1695 -> 8.17): explicit arithmetic on rounded
# operands, so ambiguous.  The weights themselves are right end to end ([0.2483, 0.2483, 0.5035] -> 0.25/0.25/0.50).
# The value mix is then done with the 2-place weights: 0.50 x (0,2) = (0.00, 1.00) and the component sums 0.75 and
# 1.25 are right as written (ambiguous), but the chain's result new_bank = (0.7448, 1.2552) -> (0.74, 1.26), so the
# printed "new_bank ≈ (0.75, 1.25)" is wrong (drift); the later restatements of (0.75, 1.25) are carried.
# The masked two-token case ([0.71, 0.71] -> [0.50, 0.50] -> (1.50, 0.50)) is exact, and the n^2 table
# (1,000,000 / 16,000,000 / 1,024,000,000 / 16,384,000,000 with k = 1000, as the article states 1 k -> 10^6) and the
# 8,000^2 / 2,000^2 = 16 quiz answer are right.  The wrong quiz options 2 and 4 are distractors, not claims.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim, number_claim

e = Expect(__file__, language="en", topics=["basic", "latex", "markdown-table", "drift"])

q = {"river": M([[1, 0]]), "bank": M([[1, 1]]), "loan": M([[0, 1]])}
k = {"river": M([[1, 0]]), "bank": M([[0, 1]]), "loan": M([[1, 1]])}
v = {"river": M([[1, 1]]), "bank": M([[2, 0]]), "loan": M([[0, 2]])}
T = ["river", "bank", "loan"]
raw = [(q["bank"] * k[t].T)[0] for t in T]
sc = [r / sp.sqrt(2) for r in raw]
w = list(softmax_rows(sp.Matrix([sc])))
ex = [sp.exp(s) for s in sc]
nb = sum((w[i] * v[t] for i, t in enumerate(T)), sp.zeros(1, 2))

L = e.line("| **Dot product** |")
e.claim(L, "q_bank · k_loan", ["2"], [raw[2]])
L = e.line("Converts scaled scores [0.71, 0.71, 1.41]")
e.claim(L, "scaled scores", ["0.71", "0.71", "1.41"], sc)
e.claim(L, "attention weights", ["0.25", "0.25", "0.50"], w)
e.claim(e.line("attends to \"loan\" with weight 0.50"), "w_loan", ["0.50"], [w[2]])
e.claim(e.line("from 2 k to 8 k tokens multiplies attention cost by 16×"), "(8k/2k)^2", ["16"], [R(8000, 2000) ** 2])
e.given(e.line("is the key dimension (2 in the toy example)"), "d_k = 2")
for t in T:
    e.given(e.line(f"| {t}"), f"q, k, v of {t}")
e.claim(e.line("($d_k = 2$, so divide scores by $\\sqrt{2} \\approx 1.41$)"), "sqrt 2", ["1.41"], [sp.sqrt(2)])

e.given(e.line("The query is $\\mathbf{q}_{\\text{bank}} = (1, 1)$"), "q_bank restated")
for t, i in (("vs. river", 0), ("vs. bank", 1), ("vs. loan", 2)):
    e.given(e.line(t), f"key of {t[4:]} restated")
    L = e.line("$1 \\times", after=e.line(t))
    e.claim(L, f"q_bank · k_{t[4:]}", [str(raw[i])], [raw[i]])
e.claim(e.line("Raw scores: $[1, \\; 1, \\; 2]$"), "raw scores", ["1", "1", "2"], raw)
e.claim(e.line("so $\\sqrt{d_k} = \\sqrt{2} \\approx 1.41$"), "sqrt 2", ["1.41"], [sp.sqrt(2)])
e.claim(e.line("Each raw score divided by 1.41"), "sqrt 2 restated", ["1.41"], [sp.sqrt(2)])
e.claim(e.line("- river: $1 \\div 1.41"), "scaled score river", ["1.41", "0.71"], [sp.sqrt(2), sc[0]])
e.claim(e.line("- bank: $1 \\div 1.41"), "scaled score bank", ["1.41", "0.71"], [sp.sqrt(2), sc[1]])
e.claim(e.line("- loan: $2 \\div 1.41"), "scaled score loan (2/sqrt 2 = 1.414, right end to end)", ["1.41", "1.41"],
        [sp.sqrt(2), sc[2]])
e.claim(e.line("Scaled scores: $[0.71, \\; 0.71, \\; 1.41]$"), "scaled scores", ["0.71", "0.71", "1.41"], sc)

e.claim(e.line("(Euler's number, $\\approx 2.718$)"), "e", ["2.718"], [sp.E])
e.claim(e.line("- river: $e^{0.71}"), "exp(score river)", ["0.71", "2.03"], [sc[0], ex[0]])
e.claim(e.line("- bank: $e^{0.71}"), "exp(score bank)", ["0.71", "2.03"], [sc[1], ex[1]])
e.ambiguous(e.line("- loan: $e^{1.41}"), "e^{1.41} = 4.096 -> 4.10 is right as written on the rounded score, but "
            "e^{sqrt 2} = 4.1133 -> 4.11 end to end (explicit arithmetic on a rounded operand)")
e.ambiguous(e.line("Sum: $2.03 + 2.03 + 4.10"), "2.03 + 2.03 + 4.10 = 8.16 as written; the exact sum is 8.1695 -> "
            "8.17 (explicit arithmetic on rounded operands)")
e.claim(e.line("$w_{\\text{river}} = 2.03"), "w_river", ["0.25"], [w[0]])
e.claim(e.line("$w_{\\text{bank}} = 2.03"), "w_bank", ["0.25"], [w[1]])
e.claim(e.line("$w_{\\text{loan}} = 4.10"), "w_loan", ["0.50"], [w[2]])
e.claim(e.line("Attention weights: $[0.25, \\; 0.25, \\; 0.50]$"), "attention weights", ["0.25", "0.25", "0.50"], w)
e.claim(e.line("looks hardest at \"loan\" (0.50)"), "w_loan restated", ["0.50"], [w[2]])

e.given(e.line("Value vectors: $\\mathbf{v}_{\\text{river}} = (1,1)$"), "value vectors restated")
e.claim(e.line("\\text{new\\_bank} = 0.25 \\times (1,1)"), "weights in the mix", ["0.25", "0.25", "0.50"], w)
e.claim(e.line("- $0.25 \\times (1,1) = (0.25, \\; 0.25)$"), "w_river · v_river", ["0.25", "0.25", "0.25"],
        [w[0]] + list(w[0] * v["river"]))
e.claim(e.line("- $0.25 \\times (2,0) = (0.50, \\; 0.00)$"), "w_bank · v_bank", ["0.25", "0.50", "0.00"],
        [w[1]] + list(w[1] * v["bank"]))
e.ambiguous(e.line("- $0.50 \\times (0,2) = (0.00, \\; 1.00)$"), "0.50 x (0,2) = (0, 1.00) as written; end to end "
            "w_loan x 2 = 1.0070 -> 1.01 (arithmetic on the rounded weight)")
e.ambiguous(e.line("First components: $0.25 + 0.50 + 0.00"), "0.75 as written; end to end 0.7448 -> 0.74")
e.ambiguous(e.line("Second components: $0.25 + 0.00 + 1.00"), "1.25 as written; end to end 1.2552 -> 1.26")
e.claim(e.line("\\text{new\\_bank} \\approx (0.75, \\; 1.25)"), "new_bank", ["0.75", "1.25"], list(nb), cause="drift")
L = e.line("**Reading it.**")
e.given(L, "v_bank = (2, 0) restated")
e.claim(L, "new_bank components restated", ["1.25", "0.75"], [nb[1], nb[0]], cause="carried")

for name in ("q", "k", "v"):
    e.given(e.line(name + ' = {"river": np.array'), f"code input {name}")
e.given(e.line("np.random.seed(42)"), "unused seed")

e.given(e.line("An agent's prompt grows from 2,000 to 8,000 tokens"), "prompt sizes")
e.given(e.line("- ( ) 2 — as if attention grew linearly"), "distractor answer option, not a claim")
e.given(e.line("- ( ) 4 — as if only the number of tokens doubled"), "distractor answer option, not a claim")
L = e.line("- (x) 16 — because 8,000² ÷ 2,000²")
number_claim(e, L, "8,000^2", "64,000,000", 8000 ** 2)
number_claim(e, L, "2,000^2", "4,000,000", 2000 ** 2)
e.claim(L, "ratio", ["16"], [R(8000 ** 2, 2000 ** 2)])
e.claim(e.line("quadrupling the context length multiplies the attention work by 16×"), "4^2", ["16"], [16])

L = e.line("Raw scores for \"river\":")
e.claim(L, "q_river · keys", ["1", "0", "1"], [(q["river"] * k[t].T)[0] for t in T])
sm2 = list(softmax_rows(sp.Matrix([[sc[0], sc[1]]])))
mb = sm2[0] * v["river"] + sm2[1] * v["bank"]
L = e.line("The two remaining scores are $[0.71, 0.71]$")
e.claim(L, "masked scores", ["0.71", "0.71"], [sc[0], sc[1]])
e.claim(L, "masked weights", ["0.50", "0.50"], sm2)
e.claim(L, "masked new bank", ["1.50", "0.50"], list(mb))
L = e.line("*You've succeeded when:* you can report the new representation")
e.claim(L, "masked new bank restated", ["1.50", "0.50"], list(mb))
e.claim(L, "unmasked new bank restated", ["0.75", "1.25"], list(nb), cause="carried")
e.given(e.line("Tabulate $n^2$ for $n \\in"), "token counts (1 k -> 10^6 pairs: k = 1000)")
L = e.line("$1\\text{k}^2 = 1{,}000{,}000$")
for p, n in (("1{,}000{,}000", 1000), ("16{,}000{,}000", 4000), ("1{,}024{,}000{,}000", 32000),
             ("16{,}384{,}000{,}000", 128000)):
    grouped_int_claim(e, L, f"({n})^2", p, n * n, sep="{,}")
e.done()
