# Expected verdicts for pt-mask-felipersas-mini-gpt-gato.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Portuguese Mini-GPT docs, "04 - Scaled Dot-Product Attention": one causal head on "gato" (T = 4, d = 6, d_k = d_v = 3).
# X and the printed Q, K, V (3 places; W_Q, W_K, W_V are never printed) are the inputs.  From them: S = QK^T,
# S/sqrt3, causal row softmax W and O = WV, all exact.  The experiment printed S, S/sqrt3, W and O from its unprinted
# full-precision Q, K, V, so a printed entry that misses the value from the 3-place inputs by no more than their
# rounding error (at most 1.5 units of the last place here) is undecidable (ambiguous): in S, 0.334 (0.33346),
# -0.902 (-0.90129), 1.092 (1.09258), -0.940 (-0.94147), -2.844 (-2.84497), 0.559 (0.55832), 0.783 (0.78249); in
# S/sqrt3, -0.521, -0.138, -0.543, -1.642 and 0.323 (0.32235).  The hand sum S_tg ~ 0,559 is 0.558318 from the printed
# operands (the article itself says so and gives 0,558); 0,559/1,732 ~ 0,323 is right as written but 0.3223 end to
# end; e^{0,323} = 1,381 and "soma 3,523" are right from the rounded scores but 1.3804 and 3.5220 end to end
# (rule 5: ambiguous).  Everything else agrees end to end: norms 0,862 / 1,526, cos 0,42, ~65 deg, weights
# (0,392; 0,373; 0,235), Jacobian entries, traces 0,652 / 0,489 / 0,00067 / 0,9375, the masked-vs-unmasked table for
# 'a' (0,533; 0,247; 0,165; 0,055; 0,780; 0,683; 0,317; 22%), softmax(1,0,-1) and (8,0,-8), the output 0,043 /
# 0,761 / -0,512 and the reference values sqrt32, e^8, ln128, 8 sqrt6, 1/0,9.  No wrong lines: a clean article.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, _show

e = Expect(__file__, language="pt", topics=["mask", "basic", "softmax", "scaling", "output"])


def lc(line, what, printed, exact, cause="slip", rounded_int=False):
    """A claim whose printed numbers are LaTeX decimal commas ("0{,}392")."""
    text = e.lines[line - 1]
    ent = e._entry(line)
    bad = []
    for p, x in zip(printed, exact):
        assert p in text, (line, p)
        if not agrees(p.replace("{,}", ","), x, rounded_int):
            bad.append((p, x))
    item = {"what": what, "printed": list(printed)}
    if bad:
        item.update(wrong=[{"printed": p, "exact": _show(x)} for p, x in bad], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def mrow(line, what, printed, exact):
    """A row of a matrix the experiment printed from unprinted full-precision values."""
    pairs = [(p, x) for p, x in zip(printed, exact) if p != "-inf"]
    miss = [(p, x) for p, x in pairs if not agrees(p, x)]
    if miss:
        e.ambiguous(line, f"{what}: printed from the experiment's unprinted full-precision Q, K, V; from the "
                    "printed 3-place inputs " + ", ".join(f"{p} is {_show(x)}" for p, x in miss)
                    + " (within the rounding error of those inputs, undecidable)")
    else:
        e.claim(line, what, [p for p, _ in pairs], [x for _, x in pairs])


names = ["'g'", "'a'", "'t'", "'o'"]
Q = M([["0.002", "-0.393", "-0.317"], ["-0.193", "-0.817", "-1.132"], ["-0.172", "-0.712", "0.454"],
       ["-0.955", "0.875", "-0.129"]])
K = M([["-1.361", "-0.632", "-0.277"], ["-0.556", "-0.229", "0.472"], ["0.356", "0.593", "0.343"],
       ["1.635", "1.195", "1.372"]])
V = M([["0.334", "1.098", "-0.686"], ["0.369", "1.144", "-0.078"], ["-0.958", "-0.410", "-0.912"],
       ["0.248", "-0.753", "1.783"]])
S = Q * K.T
Ss = S / sp.sqrt(3)
W = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        W[i, j] = sp.exp(Ss[i, j]) / den
O = W * V


def block_rows(header, mat, what, prefix_map=None):
    """Claim each printed row (read from the article) of a text block starting after ``header``."""
    h = e.line(header)
    for i, nm in enumerate(names):
        ln = e.line(f"    {nm} ", after=h)
        toks = e.lines[ln - 1].split()[1:]
        mrow(ln, f"{what} row {nm}", toks, [mat[i, j] for j in range(len(toks))])


# reference table
L = e.line("| $\\sqrt{d_k}$ | fator de escala |")
lc(L, "sqrt32, sqrt3", ["5{,}66", "1{,}732"], [sp.sqrt(32), sp.sqrt(3)])
lc(e.line("| $e^x$ | exponencial |"), "e^8", ["2981"], [sp.exp(8)], rounded_int=True)
lc(e.line("| $\\ln x$ | logaritmo natural |"), "ln 128", ["4{,}85"], [sp.log(128)])
lc(e.line("| $\\beta$ | força da query"), "8 sqrt6", ["19{,}6"], [8 * sp.sqrt(6)])
lc(e.line("| $\\tfrac{1}{1-p}$ |"), "1/0.9", ["1{,}111"], [1 / R(9, 10)])

# inputs
e.given(e.line("O exemplo usa a palavra `\"gato\"`"), "d = 6, d_k = d_v = 3")
for hdr, what in (("X: entrada  (4, 6)", "X"), ("Q = X W_q:", "Q"), ("K = X W_k:", "K"), ("V = X W_v:", "V")):
    h = e.line(hdr)
    for nm in names:
        e.given(e.line(f"    {nm} ", after=h), f"{what} row {nm}")

# scores by hand
L = e.line("S_{t,g} = (-0{,}172)(-1{,}361)")
e.ambiguous(L, "the products 0,234 / 0,450 / -0,126 agree, but their sum from the printed 3-place operands is "
            "0.558318 (0,558, as the next line says); 0,559 is the experiment's full-precision value, undecidable")
lc(e.line("(Somando os valores de 3 casas dá 0,558"), "S_tg from 3-place values", ["0,558"], [S[2, 0]])
lc(e.line("\\|q_t\\| = \\sqrt{0{,}172^2"), "||q_t||", ["0{,}862"], [sp.sqrt(sum(Q[2, m] ** 2 for m in range(3)))])
nk = sp.sqrt(sum(K[0, m] ** 2 for m in range(3)))
nq = sp.sqrt(sum(Q[2, m] ** 2 for m in range(3)))
L = e.line("\\|k_g\\| \\approx 1{,}526")
lc(L, "||k_g||", ["1{,}526"], [nk])
lc(L, "cos theta (end to end; 0.558/(0.862*1.526) = 0.4242 as written)", ["0{,}42"], [S[2, 0] / (nq * nk)])
lc(e.line("(ângulo de uns 65°)"), "angle in degrees", ["65"], [sp.acos(S[2, 0] / (nq * nk)) * 180 / sp.pi],
   rounded_int=True)
block_rows("scores = Q Kᵀ:", S, "S = QK^T")
e.ambiguous(e.line("A matriz não é simétrica: $S_{a,g} = 1{,}092$"),
            "S_ag restated from the full-precision print (1.0926 from the printed inputs); S_ga -0,061 agrees")

# scaling
L = e.line("Aqui $\\sqrt{3} \\approx 1{,}732$")
e.ambiguous(L, "sqrt3 = 1,732 agrees; 0,559/1,732 = 0.32275 gives 0,323 as written, but end to end S_tg/sqrt3 = "
            "0.322353 (0,322) from the printed inputs; the experiment's full-precision value is unknown")
block_rows("scores / √d_k", Ss, "S/sqrt3")
e.claim(e.line("scores / √d_k   (√3 = 1.732)"), "sqrt3 in the header", ["1.732"], [sp.sqrt(3)])

z1 = softmax_rows(M([[1, 0, -1]]))
z8 = softmax_rows(M([[8, 0, -8]]))
lc(e.line("Saturação, à mão: os scores"), "softmax(1,0,-1)", ["0{,}665", "0{,}245", "0{,}090"], list(z1))
lc(e.line("Multiplicados por 8 viram"), "softmax(8,0,-8)", ["0{,}99966", "0{,}00034", "0{,}0000001"], list(z8))
wt = [W[2, 0], W[2, 1], W[2, 2]]
lc(e.line("da linha de `'t'` (seção 5), $p = (0{,}392"), "p for 't' (end to end)",
   ["0{,}392", "0{,}373", "0{,}235"], wt)
J = sp.Matrix(3, 3, lambda i, j: wt[i] * ((1 if i == j else 0) - wt[j]))
lc(e.line("J = \\begin{bmatrix} 0{,}238"), "Jacobian (end to end)",
   ["0{,}238", "-0{,}146", "-0{,}092", "0{,}234", "-0{,}088", "0{,}180"],
   [J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2]])
L = e.line("Na diagonal, $0{,}392 \\cdot (1 - 0{,}392) = 0{,}238$")
lc(L, "J_00 as written", ["0{,}238"], [R(392, 1000) * (1 - R(392, 1000))])
L2 = e.line("$-0{,}392 \\cdot 0{,}373 = -0{,}146$")
lc(L2, "J_01 as written", ["-0{,}146"], [-R(392, 1000) * R(373, 1000)])
lc(e.line("$n = 16$, $0{,}9375$"), "1 - 1/16", ["0{,}9375"], [1 - R(1, 16)])
lc(e.line("1 - (0{,}392^2 + 0{,}373^2"), "trace for 't' (end to end)", ["0{,}652"], [1 - sum(w ** 2 for w in wt)])
L = e.line("scores $(1, 0, -1)$, $0{,}489$")
lc(L, "trace for softmax(1,0,-1)", ["0{,}489"], [1 - sum(w ** 2 for w in z1)])
lc(L, "trace for softmax(8,0,-8)", ["0{,}00067"], [1 - sum(w ** 2 for w in z8)])

# mask
block_rows("máscara causal: -inf", Ss, "masked S/sqrt3")
pa = softmax_rows(Ss[1, :])
lc(e.line("| softmax sem máscara |"), "unmasked softmax of 'a'", ["0,533", "0,247", "0,165", "0,055"], list(pa))
L = e.line("| zerar o futuro depois |")
lc(L, "zeroed-after weights and their sum", ["0,533", "0,247", "0,780"], [pa[0], pa[1], pa[0] + pa[1]])
lc(e.line("| zerar e renormalizar à mão |"), "renormalised", ["0,683", "0,317"], [W[1, 0], W[1, 1]])
lc(e.line("| $-\\infty$ antes da softmax |"), "masked softmax", ["0,683", "0,317"], [W[1, 0], W[1, 1]])
lc(e.line("Sem máscara, `'a'` mandaria 22%"), "leaked share", ["22%"], [pa[2] + pa[3]])

# softmax by hand
e.given(e.line("A linha de `'t'` à mão, com os scores escalados"), "scaled scores restated (0,323 discussed above)")
L = e.line("e^{0{,}323} = 1{,}381")
e.ambiguous(L, "exp of the printed 3-place scores: e^{0,273} = 1,314 and e^{-0,189} = 0,828 agree either way, but "
            "e^{0,323} = 1,381 and soma 3,523 are right as written while end to end (from the printed Q, K) "
            "e^{S_tg/sqrt3} = 1.38039 and the sum = 3.52199 (rule 5)")
lc(e.line("w = \\left(\\tfrac{1{,}381}{3{,}523}"), "weights of 't' (end to end)",
   ["0{,}392", "0{,}373", "0{,}235"], wt)
h = e.line("pesos = softmax de cada linha")
for i, nm in enumerate(names):
    ln = e.line(f"    {nm} ", after=h)
    toks = e.lines[ln - 1].split()[1:]
    mrow(ln, f"weights row {nm}", toks, [W[i, j] for j in range(4)])
L = e.line("soma de cada linha: [1.0, 1.0, 1.0, 1.0]")
e.claim(L, "row sums", ["1.0"] * 4, [sum(W[i, j] for j in range(4)) for i in range(4)])

# output
e.given(e.line("saída['t'] = 0.392·V['g']"), "output of 't' written as a weighted sum (weights restated)")
L = e.line("$0{,}392 \\cdot 0{,}334 + 0{,}373")
lc(L, "products as written", ["0{,}131", "0{,}138", "0{,}225"],
   [R(392, 1000) * R(334, 1000), R(373, 1000) * R(369, 1000), R(235, 1000) * R(958, 1000)])
lc(L, "o_t first coordinate (end to end)", ["0{,}043"], [O[2, 0]])
lc(e.line("As outras duas dão $0{,}761$"), "o_t other coordinates (end to end)", ["0{,}761", "-0{,}512"],
   [O[2, 1], O[2, 2]])
h = e.line("saída = pesos @ V")
for i, nm in enumerate(names):
    ln = e.line(f"    {nm} ", after=h)
    toks = e.lines[ln - 1].split()[1:]
    mrow(ln, f"output row {nm}", toks, [O[i, j] for j in range(3)])
e.done()
