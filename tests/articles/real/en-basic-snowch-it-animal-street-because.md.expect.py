# Expected verdicts for en-basic-snowch-it-animal-street-because.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q = [3, 1]; K_animal = [3, 1], K_street = [1, 4], K_because = [1.5, 0.5] (also K1_short = [1.5, 0.5],
#   K2_long = [4.5, 1.5], K3_misaligned = [1, 4] in the magnitude example); V_animal = [2.0, 1.5],
#   V_street = [0.5, 0.3], V_because = [-0.5, 1.2]; d_k = 2.
# Exact: scores [10, 7, 5]; scaled [7.0711, 4.9497, 3.5355]; exp [1177.40, 141.139, 34.313], sum 1352.86;
#   weights [0.87031, 0.10433, 0.02536]; weighted values [1.7406, 1.3055], [0.05216, 0.03130], [-0.01268, 0.03044];
#   context [1.78010, 1.36722].
# Wrong lines:
# - 7.09 and 4.96 are 10/1.41 and 7/1.41 (drift from sqrt(2) rounded to 1.41; exactly 7.07 and 4.95), also where
#   the paragraph and the note restate them;
# - e^{7.09} ~ 1199 and e^{4.96} ~ 142 are truncated even from the rounded logits (1199.9 -> 1200, 142.59 -> 143),
#   and exactly 1177 and 141 (slip); the sum 1375 adds them (carried; exactly 1353);
# - 0.03 x [-0.5, 1.2] = [-0.01, 0.04]: 0.03 x 1.2 = 0.036 from the rounded weight, but 0.02536 x 1.2 = 0.0304
#   (drift).  The rounded weights 87%, 10%, 3% and the final [1.78, 1.37] still agree with the exact values.
# The LaTeX P_1 line prints e^{7.09} etc. as exponents: only the evaluated values are claimed.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, _show

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax-row", "latex", "code-block", "percentages"])

Q = M([["3", "1"]])
Kd = {"animal": M([["3", "1"]]), "street": M([["1", "4"]]), "because": M([["1.5", "0.5"]])}
Vd = {"animal": M([["2.0", "1.5"]]), "street": M([["0.5", "0.3"]]), "because": M([["-0.5", "1.2"]])}
names = ["animal", "street", "because"]
dk = 2
s = [(Q * Kd[n].T)[0, 0] for n in names]
sc = [x / sp.sqrt(dk) for x in s]
ex = [sp.exp(x) for x in sc]
tot = sum(ex)
w = [x / tot for x in ex]
prod = [w[i] * Vd[names[i]] for i in range(3)]
ctx = prod[0] + prod[1] + prod[2]
K1, K3 = M([["1.5", "0.5"]]), M([["1.0", "4.0"]])


def claim_pct(line, what, digits, exact, cause="slip"):
    # a LaTeX percentage "87\%": the printed text carries a backslash before the sign
    assert digits + "\\%" in e.lines[line - 1], (line, digits)
    ent = e._entry(line)
    item = {"what": what, "printed": [digits + "%"]}
    if not agrees(digits + "%", exact):
        item.update(wrong=[{"printed": digits + "%", "exact": _show(exact)}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


# --- magnitude problem ---
L = e.line("Q = torch.tensor([3.0, 1.0])")
e.given(L, "Q")
e.given(e.line("K1_short = torch.tensor([1.5, 0.5])"), "K1_short")
e.given(e.line("K2_long = torch.tensor([4.5, 1.5])"), "K2_long")
e.given(e.line("K3_misaligned = torch.tensor([1.0, 4.0])"), "K3_misaligned")
e.claim(e.line("its score is **7.0**"), "Q . K3", "7.0", (Q * K3.T)[0, 0])
e.claim(e.line("its score is **5.0**"), "Q . K1", "5.0", (Q * K1.T)[0, 0])
e.claim(e.line("√2 ≈ 1.4x, not 2x"), "sqrt(2)", "1.4", sp.sqrt(2))

L = e.line("# Why scaling matters: A concrete example")
e.given(e.line("Q = torch.tensor([3.0, 1.0])", after=L), "Q")
e.given(e.line("K_aligned = torch.tensor([3.0, 1.0])", after=L), "K_aligned")
e.given(e.line("K_misaligned = torch.tensor([1.0, 4.0])", after=L), "K_misaligned")
e.given(e.line("d_k = 2", after=L), "d_k")
e.claim(e.line('print("With Scaling (÷√2 ≈ ÷1.41):")'), "sqrt(2)", "1.41", sp.sqrt(2))

# --- inputs of the walkthrough ---
L = e.line("**Inputs:**")
e.given(e.line("* **Query (Q):** `[3, 1]`", after=L), "Q")
e.given(e.line("**K_animal (Exact Match):** `[3, 1]`", after=L), "K_animal")
e.given(e.line("**K_street (Misaligned):** `[1, 4]`", after=L), "K_street")
e.given(e.line("**K_because (Short, aligned):** `[1.5, 0.5]`", after=L), "K_because")
e.given(e.line("**V_animal:** `[2.0, 1.5]`", after=L), "V_animal")
e.given(e.line("**V_street:** `[0.5, 0.3]`", after=L), "V_street")
e.given(e.line("**V_because:** `[-0.5, 1.2]`", after=L), "V_because")
C = e.line("# Inputs", after=L)
e.given(e.line("Q = torch.tensor([3.0, 1.0])", after=C), "Q")
e.given(e.line("'animal': torch.tensor([3.0, 1.0]),", after=C), "K_animal")
e.given(e.line("'street': torch.tensor([1.0, 4.0]),", after=C), "K_street")
e.given(e.line("'because': torch.tensor([1.5, 0.5])", after=C), "K_because")
e.given(e.line("'animal': torch.tensor([2.0, 1.5]),", after=C), "V_animal")
e.given(e.line("'street': torch.tensor([0.5, 0.3]),", after=C), "V_street")
e.given(e.line("'because': torch.tensor([-0.5, 1.2])", after=C), "V_because")
e.given(e.line("d_k = 2", after=C), "d_k")
e.claim(e.line("Context is dominated by 'animal' (87% weight)"), "weight of animal", "87%", w[0])

# --- step 1 ---
e.claim(e.line("Score (animal): $(3 \\times 3) + (1 \\times 1) = 10$"), "q . k_animal", "10", s[0])
e.claim(e.line("Score (street): $(3 \\times 1) + (1 \\times 4) = 7$"), "q . k_street", "7", s[1])
e.claim(e.line("Score (because): $(3 \\times 1.5) + (1 \\times 0.5) = 5$"), "q . k_because", "5", s[2])

# --- step 2 ---
e.claim(e.line("The divisor is $\\sqrt{2} \\approx 1.41$."), "sqrt(2)", "1.41", sp.sqrt(2))
e.claim(e.line("Scaled Score (animal): $10 / 1.41 \\approx 7.09$"), "10/sqrt(2) (10/1.41 from the rounded root)",
        "7.09", sc[0], cause="drift")
e.claim(e.line("Scaled Score (street): $7 / 1.41 \\approx 4.96$"), "7/sqrt(2) (7/1.41 from the rounded root)",
        "4.96", sc[1], cause="drift")
e.claim(e.line("Scaled Score (because): $5 / 1.41 \\approx 3.54$"), "5/sqrt(2)", "3.54", sc[2])

# --- step 3 ---
L = e.line("&\\approx \\frac{1199}{1199 + 142 + 34} \\\\")
e.claim(L, "e^{10/sqrt2} (e^7.09 = 1199.9, truncated)", "1199", ex[0], rounded_int=True)
e.claim(L, "e^{7/sqrt2} (e^4.96 = 142.6, truncated)", "142", ex[1], rounded_int=True)
e.claim(L, "e^{5/sqrt2}", "34", ex[2], rounded_int=True)
L = e.line("&\\approx \\frac{1199}{1375} \\\\")
e.claim(L, "e^{10/sqrt2} restated", "1199", ex[0], cause="carried", rounded_int=True)
e.claim(L, "sum of exponentials (1199 + 142 + 34)", "1375", tot, cause="carried", rounded_int=True)
claim_pct(e.line("&\\approx \\mathbf{87\\%} \\quad \\text{(animal)}"), "weight of animal", "87", w[0])
L = e.line("&\\approx \\frac{142}{1375} \\\\")
e.claim(L, "e^{7/sqrt2} restated", "142", ex[1], cause="carried", rounded_int=True)
e.claim(L, "sum restated", "1375", tot, cause="carried", rounded_int=True)
claim_pct(e.line("&\\approx \\mathbf{10\\%} \\quad \\text{(street)}"), "weight of street", "10", w[1])
L = e.line("&\\approx \\frac{34}{1375} \\\\")
e.claim(L, "e^{5/sqrt2} restated", "34", ex[2], rounded_int=True)
e.claim(L, "sum restated", "1375", tot, cause="carried", rounded_int=True)
claim_pct(e.line("&\\approx \\mathbf{3\\%} \\quad \\text{(because)}"), "weight of because", "3", w[2])

# --- step 4 ---
L = e.line("\\text{Context} &= 0.87 \\times V_{\\text{animal}}")
e.claim(L, "weights (2 places)", ["0.87", "0.10", "0.03"], w)
L = e.line("&= 0.87 \\times [2.0, 1.5] + 0.10 \\times [0.5, 0.3] + 0.03 \\times [-0.5, 1.2] \\\\")
e.claim(L, "weights restated", ["0.87", "0.10", "0.03"], w)
e.given(L, "V rows restated")
L = e.line("&= [1.74, 1.31] + [0.05, 0.03] + [-0.01, 0.04] \\\\")
e.claim(L, "w_animal x V_animal", ["1.74", "1.31"], prod[0])
e.claim(L, "w_street x V_street", ["0.05", "0.03"], prod[1])
e.claim(L, "w_because x V_because (0.03 x 1.2 = 0.036 from the rounded weight)", ["-0.01", "0.04"], prod[2],
        cause="drift")
e.claim(e.line("&\\approx [1.78, 1.37]"), "context vector", ["1.78", "1.37"], ctx)

L = e.line("receives 87% of the **attention weights**")
e.claim(L, "weight of animal", "87%", w[0])
e.claim(L, "logits restated (7.09 and 4.96 from 1.41)", ["7.09", "4.96"], [sc[0], sc[1]], cause="drift")
e.claim(L, "logit of because", "3.54", sc[2])
e.claim(e.line("The context vector [1.78, 1.37]"), "context vector restated", ["1.78", "1.37"], ctx)
L = e.line("Scaling keeps the logits moderate (our 7.09, 4.96, 3.54)")
e.claim(L, "logits restated (7.09 and 4.96 from 1.41)", ["7.09", "4.96"], [sc[0], sc[1]], cause="drift")
e.claim(L, "logit of because", "3.54", sc[2])
e.claim(L, "weights in percent", ["87%", "10%", "3%"], w)

# --- geometric view ---
L = e.line("Above we found that Q=[3, 1]")
e.given(L, "Q and keys restated")
e.claim(L, "weights in percent", ["87%", "10%", "3%"], w)
L = e.line("the query \"it\" Q=[3, 1] is compared")
e.claim(L, "q . k_animal and q . k_street", ["10", "7"], [s[0], s[1]])
L = e.line("each score is divided by √d_k=√2≈1.41")
e.claim(L, "sqrt(2)", "1.41", sp.sqrt(2))
e.claim(L, "weights in percent", ["87%", "10%", "3%"], w)
e.claim(L, "scores", ["10", "7", "5"], s)
L = e.line("context = 0.87×V_animal + 0.10×V_street + 0.03×V_because ≈ [1.78, 1.37]")
e.claim(L, "weights (2 places)", ["0.87", "0.10", "0.03"], w)
e.claim(L, "context vector", ["1.78", "1.37"], ctx)
e.done()
