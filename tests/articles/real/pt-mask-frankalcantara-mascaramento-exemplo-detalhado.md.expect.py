# Expected verdicts for pt-mask-frankalcantara-mascaramento-exemplo-detalhado.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Portuguese blog post (Frank de Alcantara, "Transformers- Prestando Atenção") that works one query position of a
# masked attention by hand: five 4-d embeddings, W^Q, W^K, W^V (4 x 3), d_k = 3, query position 4, mask
# M_4 = [1, 0, 1, 0, 1] applied by MULTIPLYING the scores (s~ = s * M), then softmax over all five entries.
# Inputs: e_0 = [0.2,-0.3,0.1,0.5], e_1 = [0.4,0.1,-0.2,0.3], e_2 = [-0.1,0.5,0.3,0.2], e_3 = [0.6,0.2,-0.4,0.1],
#   e_4 = [0.3,0.4,0.2,-0.1]; W^Q = [[.1,.2,.3],[.4,.5,.1],[.2,.3,.4],[.5,.1,.2]],
#   W^K = [[.3,.2,.1],[.1,.4,.3],[.5,.2,.3],[.2,.1,.5]], W^V given but the values are never printed.
# Exact values: q_4 = e_4 W^Q = [0.18, 0.31, 0.19]; k_0 = [0.18, -0.01, 0.21], k_1 = [0.09, 0.11, 0.16],
#   k_2 = [0.21, 0.26, 0.33], k_3 = [0.02, 0.13, 0.05], k_4 = [0.21, 0.25, 0.16];
#   q_4.k_0 = 0.0692; s_4 = [0.039953, 0.046592, 0.104558, 0.030830, 0.084120];
#   s~ = s * M = [0.039953, 0, 0.104558, 0, 0.084120]; exp(s~) = [1.04076, 1, 1.11022, 1, 1.08776];
#   alpha = softmax(s~) = [0.198666, 0.190886, 0.211925, 0.190886, 0.207638] (sums to 1).
#   (Under a -inf mask reading alpha would be [0.3213, 0, 0.3428, 0, 0.3359]; every printed alpha is wrong either way.)
# Wrong lines and causes:
#   - q_4 printed [0.23, 0.31, 0.21]: slip (right [0.18, 0.31, 0.19]).
#   - s_{4,0} line: q_4 restated (carried), k_0 printed [0.23, 0.05, 0.22] (slip; right [0.18, -0.01, 0.21]), the dot
#     0.1262 (slip: even the printed vectors give 0.1146; right 0.0692), 0.0729 = 0.1262/sqrt3 (carried; right 0.0400).
#   - s_{4,1..4} = 0.1039, 0.1501, 0.0592, 0.1327: slips (right 0.0466, 0.1046, 0.0308, 0.0841; k_i never printed).
#   - masked scores restate those values: carried (the products by 0 and the zeros are right).
#   - exp(0.0729) ... restates them: carried; e^0.0729 = 1.0756, e^0.1501 = 1.1620, e^0.1327 = 1.1419 are right from
#     the author's scores but wrong from the inputs (carried).
#   - alpha_{4,0} = 0.2518: slip (from the author's own exponentials 1.0756/5.3795 = 0.1999; right 0.1987).
#   - alpha_{4,1..4} = 0.2341, 0.2720, 0.2341, 0.2674: slips (they sum with 0.2518 to 1.2594; right 0.1909, 0.2119,
#     0.1909, 0.2076).
#   - c_4 restates 0.2518, 0.2720, 0.2674: carried. Its zero coefficients for v_1, v_3 contradict the article's own
#     s * M convention and its printed alpha_{4,1} = alpha_{4,3} = 0.2341, but are right under a -inf mask reading:
#     noted as ambiguous on that (already wrong) line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["mask", "basic", "latex-display-per-line"])

E = M([["0.2", "-0.3", "0.1", "0.5"], ["0.4", "0.1", "-0.2", "0.3"], ["-0.1", "0.5", "0.3", "0.2"],
       ["0.6", "0.2", "-0.4", "0.1"], ["0.3", "0.4", "0.2", "-0.1"]])
WQ = M([["0.1", "0.2", "0.3"], ["0.4", "0.5", "0.1"], ["0.2", "0.3", "0.4"], ["0.5", "0.1", "0.2"]])
WK = M([["0.3", "0.2", "0.1"], ["0.1", "0.4", "0.3"], ["0.5", "0.2", "0.3"], ["0.2", "0.1", "0.5"]])
q4 = E.row(4) * WQ
Kx = E * WK
s = sp.Matrix([[(q4 * Kx.row(i).T)[0] / sp.sqrt(3) for i in range(5)]])
mask = [1, 0, 1, 0, 1]
st = sp.Matrix([[s[i] * mask[i] for i in range(5)]])
alpha = softmax_rows(st)

# --- setting ----------------------------------------------------------------------------------
e.given(e.line("e a sequência $S = [w_5, w_{17}, w_3, w_{42}, w_{11}]$"), "token ids of the sequence")
e.given(e.line("A posição que nos interessa é $t=4$"), "query position 4 and earlier positions 0..3")
e.given(e.line("O caminho tem $6$ etapas:"), "six steps")
for k, head in enumerate(["1. **Representação vetorial", "2. **Cálculo de Query", "3. **Cálculo dos scores",
                          "4. **Aplicação de mascaramento", "5. **Normalização via softmax",
                          "6. **Combinação ponderada"]):
    e.given(e.line(head), f"step number {k + 1}")
e.given(e.line("o autor usa $d=4$"), "d = 4")
for k in range(5):
    e.given(e.line(f"$$\\mathbf{{e}}_{k} = "), f"embedding e_{k}")
e.given(e.line("Aqui se fixa $d_k = 3$"), "d_k = 3")
e.given(e.line("$$\\mathbf{W}^Q = \\begin{bmatrix}"), "W^Q, W^K, W^V")

# --- query ------------------------------------------------------------------------------------
e.given(e.line("A Query da posição atual sai de $\\mathbf{e}_4$:"), "index of the current position")
e.claim(e.line("$$\\mathbf{q}_4 = \\mathbf{e}_4\\mathbf{W}^Q"), "q_4 = e_4 W^Q", ["0.23", "0.31", "0.21"], q4)

# --- scores -----------------------------------------------------------------------------------
e.given(e.line("$$s_{4,i} = \\frac{\\mathbf{q}_4 \\cdot \\mathbf{k}_i}{\\sqrt{d_k}}$$"), "score formula (indices)")
L = e.line("$$s_{4,0} = \\frac{[0.23, 0.31, 0.21] \\cdot [0.23, 0.05, 0.22]}")
e.claim(L, "q_4 restated", ["0.23", "0.31", "0.21"], q4, cause="carried")
e.claim(L, "k_0 = e_0 W^K", ["0.23", "0.05", "0.22"], Kx.row(0))
e.claim(L, "q_4 . k_0 (the printed vectors give 0.1146)", ["0.1262"], [(q4 * Kx.row(0).T)[0]])
e.claim(L, "s_{4,0} = 0.1262 / sqrt3", ["0.0729"], [s[0]], cause="carried")
e.claim(e.line("E, da mesma forma, $s_{4,1} = 0.1039$"), "s_{4,1..4}", ["0.1039", "0.1501", "0.0592", "0.1327"],
        [s[1], s[2], s[3], s[4]])

# --- mask ---------------------------------------------------------------------------------------
e.given(e.line("só as posições 0 e 2 são relevantes"), "relevant positions 0 and 2")
e.given(e.line("$$\\mathbf{M}_4 = [1, 0, 1, 0, 1]$$"), "mask")
e.given(e.line("$$\\tilde{s}_{4,i} = s_{4,i} \\cdot \\mathbf{M}_{4,i}$$"), "mask by multiplication (indices)")
printed_s = ["0.0729", "0.1039", "0.1501", "0.0592", "0.1327"]
for i in range(5):
    L = e.line(f"$$\\tilde{{s}}_{{4,{i}}} = ")
    if mask[i]:
        e.claim(L, f"masked score {i} (restated twice)", [printed_s[i], printed_s[i]], [s[i], st[i]], cause="carried")
        e.given(L, "mask entry 1")
    else:
        e.claim(L, f"score {i} restated", [printed_s[i]], [s[i]], cause="carried")
        e.claim(L, f"masked score {i} = score * 0", ["0"], [st[i]])

# --- softmax ------------------------------------------------------------------------------------
e.given(e.line("$$\\text{softmax}(\\mathbf{z})_i = \\frac{e^{z_i}}{\\sum_{j=1}^{n} e^{z_j}}$$"), "softmax definition")
e.given(e.line("$$\\alpha_{ij} = \\frac{\\exp(s_{ij})}{\\sum_{k=1}^{n} \\exp(s_{ik})}$$"), "weights definition")
e.given(e.line("$$\\alpha_{4,i} = \\frac{\\exp(\\tilde{s}_{4,i})}{\\sum_{j=0}^{4}"), "weights of position 4")
L = e.line("$$\\alpha_{4,0} = \\frac{\\exp(0.0729)}")
e.claim(L, "masked scores restated in the exponentials", ["0.0729", "0.1501", "0.1327"], [st[0], st[2], st[4]],
        cause="carried")
e.claim(L, "masked zeros in the exponentials", ["0", "0"], [st[1], st[3]])
L = e.line("$$\\alpha_{4,0} = \\frac{1.0756}{1.0756 + 1 + 1.1620 + 1 + 1.1419} = 0.2518$$")
ex = [sp.exp(st[i]) for i in range(5)]
e.claim(L, "exponentials (right from the author's scores)", ["1.0756", "1.0756", "1.1620", "1.1419"],
        [ex[0], ex[0], ex[2], ex[4]], cause="carried")
e.claim(L, "exp(0) = 1", ["1", "1"], [ex[1], ex[3]])
e.claim(L, "alpha_{4,0} (the author's own exponentials give 0.1999)", ["0.2518"], [alpha[0]])
for i, p in [(1, "0.2341"), (2, "0.2720"), (3, "0.2341"), (4, "0.2674")]:
    e.claim(e.line(f"$$\\alpha_{{4,{i}}} = {p}$$"), f"alpha_{{4,{i}}}", [p], [alpha[i]])

# --- context vector -----------------------------------------------------------------------------
e.given(e.line("$$\\mathbf{c}_4 = \\sum_{i=0}^{4} \\alpha_{4,i} \\mathbf{v}_i$$"), "context vector definition")
L = e.line("$$\\mathbf{c}_4 = 0.2518 \\cdot \\mathbf{v}_0")
e.claim(L, "weights restated", ["0.2518", "0.2720", "0.2674"], [alpha[0], alpha[2], alpha[4]], cause="carried")
e.ambiguous(L, "the zero coefficients of v_1 and v_3 are right under a -inf mask but not under the article's own "
               "s * M mask (exact 0.1909), and the article itself printed alpha_{4,1} = alpha_{4,3} = 0.2341")
e.given(e.line("posições relevantes $(0, 2, 4)$"), "positions kept and dropped")
e.done()
