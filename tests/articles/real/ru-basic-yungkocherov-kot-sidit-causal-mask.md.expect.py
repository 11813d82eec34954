# Expected verdicts for ru-basic-yungkocherov-kot-sidit-causal-mask.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Example 1 ("Кот сидит", d = 4, d_k = 3): e1 = (0.5, -0.2, 0.8, 0.1), e2 = (-0.3, 0.7, 0.4, -0.5), sinusoidal PE
#   (PE_1 = (sin 1, cos 1, sin 0.01, cos 0.01)), x = e + PE, Q = x W_Q, K = x W_K, V = x W_V with the printed 4x3 matrices.
#   Q is right (0.69, 0.21, 0.77; 0.841582, -0.195974, 0.388711).  The "abbreviated" K and V rows are wrong in every
#   entry (slips): exact K_Кот = (0.63, 0.84, 0.43), K_сидит = (0.264523, 0.797989, 0.363452),
#   V_Кот = (0.42, 0.83, 0.62), V_сидит = (0.023203, 0.612736, 0.614969).
#   Everything after them (scores, scaled scores, exponentials, weights, outputs and the prose percentages) is
#   carried: exact S = [[0.9422, 0.629956], [0.532725, 0.207510]], S/sqrt3 = [[0.543979, 0.363705], [0.307569,
#   0.119806]], A = [[0.544947, 0.455053], [0.546803, 0.453197]], Z = [[0.239436, 0.731133, 0.617711],
#   [0.240173, 0.731537, 0.617720]].  The author's own arithmetic from his K/V is consistent.
#   Q_сидит[0] = 0.162 + 0.620 - 0.041 + 0.100 = 0.841 is right as written from the rounded x (0.541, ...) but the exact
#   value is 0.841582 (0.842): the sum line is ambiguous (arithmetic on rounded operands); the restated Q_сидит = (0.841,
#   ...) and its reuse in s21/s22 are wrong end to end (drift).
# Example 2 (causal mask, scaled scores given): the masked softmax rows are right
#   ((1, 0, 0), (0.231475, 0.768525, 0), (0.309350, 0.229170, 0.461480)).  The unmasked comparison row for «люблю»,
#   softmax(0.3, 1.5, 0.9) = (0.162814, 0.540537, 0.296649), is printed as (0.122, 0.538, 0.340) and "34%": slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "mask", "pe", "scaling", "latex-pmatrix", "html-bold"])
L = e.line

# ---------------- example 1
e1 = M([["0.5", "-0.2", "0.8", "0.1"]])
e2 = M([["-0.3", "0.7", "0.4", "-0.5"]])
PE0 = sp.Matrix([[0, 1, 0, 1]])
PE1 = sp.Matrix([[sp.sin(1), sp.cos(1), sp.sin(R(1, 100)), sp.cos(R(1, 100))]])
x1, x2 = e1 + PE0, e2 + PE1
WQ = M([["0.3", "0.1", "-0.2"], ["0.5", "-0.4", "0.1"], ["-0.1", "0.6", "0.3"], ["0.2", "0.0", "0.5"]])
WK = M([["0.4", "-0.1", "0.3"], ["-0.2", "0.5", "0.1"], ["0.6", "0.2", "-0.3"], ["0.1", "0.3", "0.4"]])
WV = M([["0.2", "0.5", "-0.1"], ["-0.3", "0.1", "0.4"], ["0.7", "-0.2", "0.3"], ["0.0", "0.6", "0.1"]])
X = sp.Matrix.vstack(x1, x2)
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
St = S / sp.sqrt(3)
A = softmax_rows(St)
Z = A * V
ex = St.applyfunc(sp.exp)

e.given(L("$e_{\\text{Кот}} = (0.5"), "embedding of Кот")
e.given(L("$e_{\\text{сидит}} = (-0.3"), "embedding of сидит")
e.given(L("Формула: $PE_{pos, 2i}"), "sinusoidal PE formula")
e.claim(L("$PE_{0,0} ="), "PE_{0,0}", ["0.000"], [0])
e.claim(L("$PE_{0,1} ="), "PE_{0,1}", ["1.000"], [1])
e.claim(L("$PE_{0,2} ="), "PE_{0,2}", ["0.000"], [0])
e.claim(L("$PE_{0,3} ="), "PE_{0,3}", ["1.000"], [1])
e.claim(L("$PE_0 = (0.000"), "PE_0", ["0.000", "1.000", "0.000", "1.000"], PE0)
e.claim(L("$PE_{1,0} ="), "PE_{1,0} = sin 1", ["0.841"], [PE1[0]])
e.claim(L("$PE_{1,1} ="), "PE_{1,1} = cos 1", ["0.540"], [PE1[1]])
e.claim(L("$PE_{1,2} ="), "PE_{1,2} = sin 0.01", ["0.010"], [PE1[2]])
e.claim(L("$PE_{1,3} ="), "PE_{1,3} = cos 0.01", ["1.000"], [PE1[3]])
e.claim(L("$PE_1 = (0.841"), "PE_1", ["0.841", "0.540", "0.010", "1.000"], PE1)
e.claim(L("$x_{\\text{Кот}} = e_{\\text{Кот}} + PE_0"), "x_Кот", ["0.500", "0.800", "0.800", "1.100"], x1)
ln = L("$x_{\\text{сидит}} = e_{\\text{сидит}} + PE_1")
e.claim(ln, "PE_1 restated as addends", ["0.841", "0.540", "0.010"], list(PE1)[:3])
e.claim(ln, "x_сидит", ["0.541", "1.240", "0.410", "0.500"], x2)

e.given(L("$W_Q = \\begin{pmatrix}"), "W_Q")
e.given(L("$W_K = \\begin{pmatrix}"), "W_K")
e.given(L("$W_V = \\begin{pmatrix}"), "W_V")
e.given(L("<b>Q для «Кот»:</b>"), "x_Кот restated (0.5, 0.8, 0.8, 1.1)")
q = [x1[k] * WQ[k, 0] for k in range(4)]
e.claim(L("$Q_{\\text{Кот}}[0] ="), "Q_Кот[0] terms and sum", ["0.15", "0.40", "0.08", "0.22", "0.69"],
        [q[0], q[1], -q[2], q[3], Q[0, 0]])
q = [x1[k] * WQ[k, 1] for k in range(4)]
e.claim(L("$Q_{\\text{Кот}}[1] ="), "Q_Кот[1] terms and sum", ["0.05", "0.32", "0.48", "0.21"],
        [q[0], -q[1], q[2], Q[0, 1]])
q = [x1[k] * WQ[k, 2] for k in range(4)]
e.claim(L("$Q_{\\text{Кот}}[2] ="), "Q_Кот[2] terms and sum", ["0.10", "0.08", "0.24", "0.55", "0.77"],
        [-q[0], q[1], q[2], q[3], Q[0, 2]])
e.claim(L("$Q_{\\text{Кот}} = (0.69"), "Q_Кот", ["0.69", "0.21", "0.77"], Q.row(0))
e.claim(L("<b>Q для «сидит»:</b>"), "x_сидит restated", ["0.541", "1.240", "0.410", "0.500"], x2)
e.ambiguous(L("$Q_{\\text{сидит}}[0] ="),
            "0.162 + 0.620 - 0.041 + 0.100 = 0.841 is right as written from the rounded x_сидит (0.541, 1.240, 0.410, "
            "0.500); end to end Q_сидит[0] = 0.841582 (0.842 at 3 places): arithmetic on rounded operands")
q = [x2[k] * WQ[k, 1] for k in range(4)]
e.claim(L("$Q_{\\text{сидит}}[1] ="), "Q_сидит[1] terms and sum", ["0.054", "0.496", "0.246", "-0.196"],
        [q[0], -q[1], q[2], Q[1, 1]])
q = [x2[k] * WQ[k, 2] for k in range(4)]
e.claim(L("$Q_{\\text{сидит}}[2] ="), "Q_сидит[2] terms and sum", ["-0.108", "0.124", "0.123", "0.250", "0.389"],
        [q[0], q[1], q[2], q[3], Q[1, 2]])
ln = L("$Q_{\\text{сидит}} = (0.841")
e.claim(ln, "Q_сидит[0] (from the rounded x)", ["0.841"], [Q[1, 0]], cause="drift")
e.claim(ln, "Q_сидит[1..2]", ["-0.196", "0.389"], [Q[1, 1], Q[1, 2]])
e.claim(L("$K_{\\text{Кот}} = x_{\\text{Кот}} \\cdot W_K"), "K_Кот = x_Кот W_K", ["0.78", "0.54", "0.35"], K.row(0))
e.claim(L("$K_{\\text{сидит}} = x_{\\text{сидит}} \\cdot W_K"), "K_сидит = x_сидит W_K", ["0.27", "0.90", "0.51"], K.row(1))
e.claim(L("$V_{\\text{Кот}} = x_{\\text{Кот}} \\cdot W_V"), "V_Кот = x_Кот W_V", ["0.32", "0.95", "0.42"], V.row(0))
e.claim(L("$V_{\\text{сидит}} = x_{\\text{сидит}} \\cdot W_V"), "V_сидит = x_сидит W_V", ["0.31", "0.68", "0.38"], V.row(1))

# scores
def score(i, j, name, qprinted, kprinted, tprinted, sprinted, qcause=None):
    ln = L(f"$s_{{{name}}} = Q_")
    for p, x in zip(qprinted, Q.row(i)):
        if p == "0.841":
            e.claim(ln, f"Q_{i + 1} operand 0.841 (rounded)", [p], [x], cause="drift")
        else:
            e.claim(ln, f"Q_{i + 1} operand", [p], [x])
    e.claim(ln, f"K_{j + 1} operands (the author's K)", kprinted, K.row(j), cause="carried")
    terms = [Q[i, k] * K[j, k] for k in range(3)]
    terms = [t if not p.startswith("-") else t for p, t in zip(tprinted, terms)]
    e.claim(ln + 1, f"terms and s_{name}", [p.lstrip("-") for p in tprinted] + [sprinted],
            [abs(t) for t in terms] + [S[i, j]], cause="carried")

score(0, 0, "11", ["0.69", "0.21", "0.77"], ["0.78", "0.54", "0.35"], ["0.538", "0.113", "0.270"], "0.921")
score(0, 1, "12", ["0.69", "0.21", "0.77"], ["0.27", "0.90", "0.51"], ["0.186", "0.189", "0.393"], "0.768")
score(1, 0, "21", ["0.841", "-0.196", "0.389"], ["0.78", "0.54", "0.35"], ["0.656", "-0.106", "0.136"], "0.686")
score(1, 1, "22", ["0.841", "-0.196", "0.389"], ["0.27", "0.90", "0.51"], ["0.227", "-0.176", "0.198"], "0.249")
Sp = ["0.921", "0.768", "0.686", "0.249"]
e.claim(L("$S = \\begin{pmatrix} 0.921"), "S = Q K^T", Sp, S, cause="carried")
e.claim(L("Автор читает матрицу так"), "scores restated in prose", Sp, S, cause="carried")
ln = L("### Шаг 5: Scale by")
e.claim(ln, "sqrt 3", ["1.732"], [sp.sqrt(3)])
ln = L("$\\tilde{S} = S / \\sqrt{3}")
e.claim(ln, "S restated", Sp, S, cause="carried")
e.claim(ln, "sqrt 3 restated", ["1.732"], [sp.sqrt(3)])
e.claim(ln, "S / sqrt 3", ["0.532", "0.443", "0.396", "0.144"], St, cause="carried")

for i, (lab, sc, exs, sm, al) in enumerate([
        ("Строка 1 (Кот):", ["0.532", "0.443"], ["1.702", "1.557"], "3.259", ["0.522", "0.478"]),
        ("Строка 2 (сидит):", ["0.396", "0.144"], ["1.486", "1.155"], "2.641", ["0.563", "0.437"])]):
    ln = L(lab)
    e.claim(ln, f"scaled scores row {i + 1}", sc, St.row(i), cause="carried")
    e.claim(ln + 1, f"exp row {i + 1}", exs, ex.row(i), cause="carried")
    e.claim(ln + 2, f"sum of exps row {i + 1}", exs + [sm], list(ex.row(i)) + [sum(ex.row(i))], cause="carried")
    e.claim(ln + 3, f"alpha_{i + 1}1", [exs[0], sm, al[0]], [ex[i, 0], sum(ex.row(i)), A[i, 0]], cause="carried")
    e.claim(ln + 4, f"alpha_{i + 1}2", [exs[1], sm, al[1]], [ex[i, 1], sum(ex.row(i)), A[i, 1]], cause="carried")
    e.claim(ln + 5, f"row {i + 1} weights", al, A.row(i), cause="carried")
    e.claim(ln + 5, f"row {i + 1} sum", ["1.000"], [1])
e.claim(L("$A = \\begin{pmatrix} 0.522"), "A", ["0.522", "0.478", "0.563", "0.437"], A, cause="carried")
ln = L("По словам автора")
e.claim(ln, "сидит -> Кот in percent", ["56.3%"], [A[1, 0]], cause="carried")
e.claim(ln, "Кот split 52/48 in percent", ["52", "48"], [100 * A[0, 0], 100 * A[0, 1]], cause="carried",
        rounded_int=True)

Vp = [["0.32", "0.95", "0.42"], ["0.31", "0.68", "0.38"]]
for i, (lab, al, prods, out) in enumerate([
        ("<b>Выход для «Кот»:</b>", ["0.522", "0.478"],
         ["0.167", "0.496", "0.219", "0.148", "0.325", "0.182"], ["0.315", "0.821", "0.401"]),
        ("<b>Выход для «сидит»:</b>", ["0.563", "0.437"],
         ["0.180", "0.535", "0.236", "0.135", "0.297", "0.166"], ["0.316", "0.832", "0.402"])]):
    ln = L(lab)
    e.claim(ln + 1, f"weights of row {i + 1}", al, A.row(i), cause="carried")
    e.claim(ln + 2, f"weights and V rows of row {i + 1}", al + Vp[0] + Vp[1],
            list(A.row(i)) + list(V.row(0)) + list(V.row(1)), cause="carried")
    e.claim(ln + 3, f"weighted V rows of row {i + 1}", prods,
            [A[i, 0] * v for v in V.row(0)] + [A[i, 1] * v for v in V.row(1)], cause="carried")
    e.claim(ln + 4, f"z row {i + 1}", out, Z.row(i), cause="carried")
e.claim(L("на 56.3% собран"), "сидит -> Кот share restated", ["56.3%"], [A[1, 0]], cause="carried")

# ---------------- example 2
S2 = M([["1.2", "0.5", "0.8"], ["0.3", "1.5", "0.9"], ["0.7", "0.4", "1.1"]])
masked = [[S2[0, 0]], [S2[1, 0], S2[1, 1]], list(S2.row(2))]
e.given(L("$\\tilde{S} = \\begin{pmatrix} 1.2"), "scaled scores (given)")
e.given(L("«Я» видит всех: (1.2"), "row Я restated")
e.given(L("«люблю» видит всех: (0.3"), "row люблю restated")
e.given(L("«кота» видит всех: (0.7"), "row кота restated")
e.given(L("$\\tilde{S} + M ="), "masked scores (restated inputs)")
W2 = []
for r in masked:
    den = sum(sp.exp(v) for v in r)
    W2.append([sp.exp(v) / den for v in r] + [0] * (3 - len(r)))
W2 = sp.Matrix(W2)

ln = L("<b>Строка 1 («Я»):</b>")
e.given(ln, "row 1 masked scores")
e.claim(ln + 1, "e^1.2", ["3.320"], [sp.exp(R(6, 5))])
e.claim(ln + 2, "sum row 1", ["3.320"], [sp.exp(R(6, 5))])
e.claim(ln + 3, "alpha row 1", ["3.320", "3.320", "1.000", "0.000", "0.000"],
        [sp.exp(R(6, 5)), sp.exp(R(6, 5))] + list(W2.row(0)))
e.claim(ln + 4, "100% on itself", ["100%"], [W2[0, 0]])
ln = L("<b>Строка 2 («люблю»):</b>")
e.given(ln, "row 2 masked scores")
e2x = [sp.exp(R(3, 10)), sp.exp(R(3, 2))]
e.claim(ln + 1, "exps row 2", ["1.350", "4.482"], e2x)
e.claim(ln + 2, "sum row 2", ["5.832"], [sum(e2x)])
e.claim(ln + 3, "alpha row 2", ["1.350", "5.832", "4.482", "5.832", "0.231", "0.769", "0.000"],
        [e2x[0], sum(e2x), e2x[1], sum(e2x)] + list(W2.row(1)))
e.claim(ln + 4, "row 2 in percent", ["23.1%", "76.9%"], [W2[1, 0], W2[1, 1]])
ln = L("<b>Строка 3 («кота»):</b>")
e.given(ln, "row 3 scores")
e3x = [sp.exp(v) for v in S2.row(2)]
e.claim(ln + 1, "exps row 3", ["2.014", "1.492", "3.004"], e3x)
e.claim(ln + 2, "sum row 3", ["6.510"], [sum(e3x)])
e.claim(ln + 3, "alpha row 3", ["2.014", "6.510", "1.492", "6.510", "3.004", "6.510", "0.309", "0.229", "0.461"],
        [e3x[0], sum(e3x), e3x[1], sum(e3x), e3x[2], sum(e3x)] + list(W2.row(2)))
ln = L("| **Я** | 1.000")
e.rows([ln, ln + 1, ln + 2], "masked attention table",
       [["1.000", "0.000", "0.000"], ["0.231", "0.769", "0.000"], ["0.309", "0.229", "0.461"]], W2)
unmasked = softmax_rows(S2)
ln = L("Без маски «люблю» →")
e.claim(ln, "unmasked softmax of row люблю", ["0.122", "0.538", "0.340"], unmasked.row(1))
e.claim(ln, "share on кота in percent", ["34%"], [unmasked[1, 2]])
e.claim(L("С маской «люблю» →"), "masked row люблю restated", ["0.231", "0.769", "0.000"], W2.row(1))
e.claim(L("Шаг 1: Вход: «Я». Attention: [1.00]"), "1-token attention", ["1.00"], [1])
e.claim(L("Шаг 2: Вход: «Я люблю». Attention:"), "2-token attention", ["1.00", "0.23", "0.77"],
        [W2[0, 0], W2[1, 0], W2[1, 1]])
e.claim(L("Шаг 3: Вход: «Я люблю кота». Attention:"), "3-token attention",
        ["1.00", "0.23", "0.77", "0.31", "0.23", "0.46"],
        [W2[0, 0], W2[1, 0], W2[1, 1], W2[2, 0], W2[2, 1], W2[2, 2]])
e.claim(L("**Ответ.**"), "answer percentages", ["100%", "23.1%", "76.9%"], [W2[0, 0], W2[1, 0], W2[1, 1]])
e.done()
