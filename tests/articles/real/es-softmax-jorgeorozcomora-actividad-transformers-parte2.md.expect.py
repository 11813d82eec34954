# Expected verdicts for es-softmax-jorgeorozcomora-actividad-transformers-parte2.md, computed with plain SymPy
# (see oracle.py); not symattn's code.
# A student's own answers (Jorge Alexander Orozco Mora) to a Spanish course sheet "Actividad manual parte 2":
# row-normalising hand-given attention scores, softmax by hand, a weighted sum of value vectors, proportional
# shares for a masked word, table sizes, and softmax of [8,2,2,2] vs the scaled [4,1,1,1].
# Inputs and exact values:
#   Activity 6 scores (0-10) per row: LA [2,9,6,1,2] (sum 20), NIÑA [6,2,8,9,5] (30), PEQUEÑA [3,9,2,4,3] (21),
#   COME [1,8,5,2,9] (25), FRUTA [1,6,3,9,2] (21).  Row shares (score / row sum):
#   LA 10, 45, 30, 5, 10 %; NIÑA 20, 6.667, 26.667, 30, 16.667 %; PEQUEÑA 14.286, 42.857, 9.524, 19.048, 14.286 %;
#   COME 4, 32, 20, 8, 36 %; FRUTA 4.762, 28.571, 14.286, 42.857, 9.524 %; every row sums to 100 %.
#   100 x 100 = 10,000 cells.
#   Activity 7 scores [3.0, 0.5, 0.2, 1.0]: e^x = 20.0855, 1.64872, 1.22140, 2.71828, sum 25.67394;
#   softmax = 0.78233, 0.06422, 0.04757, 0.10588 -> 78 %, 6 %, 5 %, 11 %; with 10 instead of 3.0: 0.99975 -> 100 %.
#   Activity 8: weights 0.05, 0.35, 0.10, 0.10, 0.40 on V = (1,1), (4,5), (3,4), (5,1), (6,3) -> (4.65, 3.50).
#   Activity 11: 10 + 4 + 1 + 2 = 17; shares 58.824, 23.529, 5.882, 11.765 %.
#   Activity 13: 5 nodes in a line -> 4 links; 5 x 5 = 25 cells; 100 x 100 = 10,000.
#   Activity 14: e^8 = 2980.958, e^2 = 7.389056; e^8 + 3 e^2 = 3003.125; softmax [8,2,2,2] = 0.992619, 0.002460;
#   e^4 = 54.59815, e^1 = 2.718282, e^4 + 3e = 62.75300; softmax [4,1,1,1] = 0.870049, 0.043317.
# Wrong lines (3), all the author's own slips (the rows were nudged to add up to 100 %):
#   NIÑA row "16%": 5/30 = 16.667 % -> 17 %;  FRUTA row "9%": 2/21 = 9.524 % -> 10 %;
#   Activity 11 "RAPIDO ... 11%": 2/17 = 11.765 % -> 12 %.
# Ambiguous (2): the sum row "25.68" (the sum of the rounded exponentials 20.09 + 1.65 + 1.22 + 2.72, right as written;
#   the exact sum 25.67394 gives 25.67) and "54.6 + 2.72 + 2.72 + 2.72 \approx 62.76" (right as written from the
#   rounded operands; exact 62.75300 -> 62.75): explicit arithmetic on rounded operands; the chain's results (the
#   percentages) are right end to end.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="es", topics=["softmax", "basic", "mask", "complexity", "homework", "percent-tables"])


def ln(needle, nth=1, after=0):
    return e.line(needle, nth, after)


pct = lambda x: x  # percentages are compared as fractions ("10%" is 0.10)

# --- Activity 6 -------------------------------------------------------------------------------
e.given(ln("Frase de trabajo (5 palabras)"), "five words")
e.given(ln("una nota de **0 a 10**"), "score scale 0-10")
scores = {"LA": [2, 9, 6, 1, 2], "NIÑA": [6, 2, 8, 9, 5], "PEQUEÑA": [3, 9, 2, 4, 3],
          "COME": [1, 8, 5, 2, 9], "FRUTA": [1, 6, 3, 9, 2]}
L1 = ln("Paso 1 — Puntuar todas las filas")
for name in scores:
    e.given(ln(f"| {name}  ", after=L1), f"scores of row {name}")
L2 = ln("Paso 2 — Normalizar cada fila")
printed = {"LA": ["10%", "45%", "30%", "5%", "10%"], "NIÑA": ["20%", "7%", "27%", "30%", "16%"],
           "PEQUEÑA": ["14%", "43%", "10%", "19%", "14%"], "COME": ["4%", "32%", "20%", "8%", "36%"],
           "FRUTA": ["5%", "29%", "14%", "43%", "9%"]}
for name, sc in scores.items():
    line = ln(f"| {name}  ", after=L2)
    tot = sum(sc)
    e.claim(line, f"row {name} normalised by its sum {tot}", printed[name], [R(s, tot) for s in sc])
    e.claim(line, f"row {name} total", ["100%"], [sum(R(s, tot) for s in sc)])
e.given(ln("Con una frase de 100 palabras"), "a 100-word sentence")
number_claim(e, ln("100 × 100 = 10,000 celdas"), "100 x 100 cells", "10,000", 100 * 100)

# --- Activity 7 -------------------------------------------------------------------------------
s7 = [R("3.0"), R("0.5"), R("0.2"), R("1.0")]
ex7 = [sp.exp(v) for v in s7]
den7 = sum(ex7)
w7 = [x / den7 for x in ex7]
e.given(ln("| Puntaje | 3.0 | 0.5 | 0.2 | 1.0 |"), "scores of PEQUEÑA")
L7 = ln("| Palabra | Puntaje | \\( e^x \\approx \\) |")
for k, (word, sv, ev) in enumerate([("NIÑA", "3.0", "20.09"), ("PEQUEÑA", "0.5", "1.65"),
                                    ("COME", "0.2", "1.22"), ("FRUTA", "1.0", "2.72")]):
    line = ln(f"| {word}", after=L7)
    e.given(line, f"score {sv} restated")
    e.claim(line, f"e^{sv}", [ev], [ex7[k]])
e.ambiguous(ln("| **Suma** |      | **25.68** |"),
            "sum of the rounded exponentials 20.09 + 1.65 + 1.22 + 2.72 = 25.68, right as written; the exact sum "
            "25.67394 gives 25.67 (explicit arithmetic on rounded operands; the percentages are right end to end)")
L7b = ln("| Palabra | Cálculo | ≈ % |")
for k, (word, ev, pc) in enumerate([("NIÑA", "20.09", "78%"), ("PEQUEÑA", "1.65", "6%"),
                                    ("COME", "1.22", "5%"), ("FRUTA", "2.72", "11%")]):
    line = ln(f"| {word}", after=L7b)
    e.given(line, "restates the rounded e^x value and the sum 25.68")
    e.claim(line, f"softmax weight of {word}", [ev, pc], [ex7[k], w7[k]])
e.claim(ln("NIÑA se queda con casi todo (78%)"), "NIÑA's weight restated", ["78%"], [w7[0]])
L = ln("(por ejemplo 10)")
e.given(L, "NIÑA's score raised to 10")
ex10 = [sp.exp(10)] + ex7[1:]
e.claim(L, "softmax weight of NIÑA with score 10", ["100%"], [ex10[0] / sum(ex10)])

# --- Activity 8 -------------------------------------------------------------------------------
V = {"LA": (1, 1), "NIÑA": (4, 5), "PEQUEÑA": (3, 4), "COME": (5, 1), "FRUTA": (6, 3)}
W = {"LA": R(5, 100), "NIÑA": R(35, 100), "PEQUEÑA": R(10, 100), "COME": R(10, 100), "FRUTA": R(40, 100)}
L8 = ln("| Palabra  | Vector V = (x, y) |")
for name in V:
    e.given(ln(f"| {name} ", after=L8), f"value vector of {name}")
L8b = ln("| Hacia   | % |")
for name in V:
    e.given(ln(f"| {name} ", after=L8b), f"weight of {name} (sheet's example row)")
e.given(ln("Pasar los % a decimales (0.05, 0.35)"), "conversion examples")
L8c = ln("| Palabra  | Peso |")
wp = {"LA": "0.05", "NIÑA": "0.35", "PEQUEÑA": "0.10", "COME": "0.10", "FRUTA": "0.40"}
for name in V:
    e.claim(ln(f"| {name} ", after=L8c), f"{name} percentage as a decimal", [wp[name]], [W[name]])
L8d = ln("| Palabra  | Cálculo | Resultado |")
res = {"LA": ["0.05", "0.05"], "NIÑA": ["1.40", "1.75"], "PEQUEÑA": ["0.30", "0.40"],
       "COME": ["0.50", "0.10"], "FRUTA": ["2.40", "1.20"]}
for name in V:
    line = ln(f"| {name} ", after=L8d)
    e.given(line, "weight times vector, operands restated")
    e.claim(line, f"{name} contribution", res[name], [W[name] * V[name][0], W[name] * V[name][1]])
ox = sum(W[n] * V[n][0] for n in V)
oy = sum(W[n] * V[n][1] for n in V)
e.claim(ln("Coordenada x:"), "x of the output", ["4.65"], [ox])
e.claim(ln("Coordenada y:"), "y of the output", ["3.50"], [oy])
e.claim(ln("Resultado final:"), "output vector", ["4.65", "3.50"], [ox, oy])
e.given(ln("(40% y 35%)"), "weights of FRUTA and NIÑA restated")

# --- Activities 9-12 (inputs only) -----------------------------------------------------------
e.given(ln("(longitud fija = 5)"), "batch length 5")
e.given(ln("Matriz 5×5 de la frase 1"), "5 x 5 mask")
e.given(ln("| Palabra 3 (por escribir)    | 1  | 3      | 9    |"), "cross-attention scores")
L11 = ln("#### Puntaje de cada candidato")
for name in ["COME", "DUERME", "VERDE", "RAPIDO"]:
    e.given(ln(f"| {name} ", after=L11), f"score of {name}")
c11 = {"COME": 10, "DUERME": 4, "VERDE": 1, "RAPIDO": 2}
e.claim(ln("Suma = 10 + 4 + 1 + 2 = 17"), "sum of the scores", ["17"], [17])
L11b = ln("| Candidato | Cálculo | % |")
p11 = {"COME": "59%", "DUERME": "24%", "VERDE": "6%", "RAPIDO": "11%"}
for name, sc in c11.items():
    line = ln(f"| {name} ", after=L11b)
    e.given(line, f"{sc} / 17 restated")
    e.claim(line, f"share of {name}", [p11[name]], [R(sc, 17)])
L12 = ln("#### Perfiles simplificados")
for name in ["LA", "NIÑA", "PEQUEÑA", "COME", "FRUTA"]:
    e.given(ln(f"| {name} ", after=L12), f"profile of {name}")
e.given(ln("| Puntaje (0–10)| 1  | 6    | 3       | 10   | 4     |"), "second-layer scores of FRUTA")

# --- Activity 13 ------------------------------------------------------------------------------
L = ln("en total **4 enlaces**")
e.claim(L, "links in a chain of 5 nodes", ["4"], [5 - 1])
e.claim(ln("\\[5 \\times 5 = 25 \\text{ celdas}\\]"), "5 x 5 cells", ["25"], [25])
e.claim(ln("- En **RNN**: 4 saltos"), "hops from A to E in an RNN", ["4"], [4])
e.claim(ln("- En **atención**: 1 salto"), "hops in one attention layer", ["1"], [1])
L = ln("**Con 100 palabras, ¿qué crece más deprisa")
e.given(L, "the sheet's question: 100 sequential links or 10,000 cells")
e.given(ln("- RNN: crece de forma **lineal** → 100 enlaces"), "the sheet's 100 sequential links restated")
L = ln("- Atención: crece de forma **cuadrática**")
number_claim(e, L, "100 x 100 cells", "10,000", 100 * 100)

# --- Activity 14 ------------------------------------------------------------------------------
e.given(ln("##### 1. Softmax aproximado de [8, 2, 2, 2]"), "unscaled scores restated")
e.given(ln("##### 2. Softmax de [4, 1, 1, 1]"), "scaled scores restated")
e.given(ln("- Sin escalar: [8, 2, 2, 2]"), "unscaled scores")
e.claim(ln("- Con escalar (÷2): [4, 1, 1, 1]"), "scores divided by 2", ["4", "1", "1", "1"],
        [R(8, 2), R(2, 2), R(2, 2), R(2, 2)])
e.claim(ln("- e⁸ ≈ 2981"), "e^8", ["2981"], [sp.exp(8)], rounded_int=True)
e.claim(ln("- e² ≈ 7.39"), "e^2", ["7.39"], [sp.exp(2)])
den8 = sp.exp(8) + 3 * sp.exp(2)
e.claim(ln("\\[2981 + 7.39 + 7.39 + 7.39 \\approx 3003\\]"), "e^8 + 3 e^2", ["3003"], [den8], rounded_int=True)
L14 = ln("| Valor | Cálculo | % |")
line = ln("| 8    | 2981 / 3003 | **99%** |")
e.given(line, "restates e^8 and the sum")
e.claim(line, "softmax weight of 8", ["99%"], [sp.exp(8) / den8])
for k in range(3):
    line = ln("| 2    | 7.39 / 3003 | 0.25% |", nth=k + 1)
    e.given(line, "restates e^2 and the sum")
    e.claim(line, "softmax weight of 2", ["0.25%"], [sp.exp(2) / den8])
e.claim(ln("- e⁴ ≈ 54.6"), "e^4", ["54.6"], [sp.exp(4)])
e.claim(ln("- e¹ ≈ 2.72"), "e^1", ["2.72"], [sp.E])
den4 = sp.exp(4) + 3 * sp.E
e.ambiguous(ln("\\approx 62.76\\]"),
            "54.6 + 2.72 + 2.72 + 2.72 = 62.76 is right as written from the rounded operands; the exact e^4 + 3e = "
            "62.75300 gives 62.75 (explicit arithmetic on rounded operands; the percentages are right end to end)")
line = ln("| 4    | 54.6 / 62.76 | **87%** |")
e.given(line, "restates e^4 and the sum 62.76")
e.claim(line, "softmax weight of 4", ["87%"], [sp.exp(4) / den4])
for k in range(3):
    line = ln("| 1    | 2.72 / 62.76 | 4% |", nth=k + 1)
    e.given(line, "restates e and the sum 62.76")
    e.claim(line, "softmax weight of 1", ["4%"], [sp.E / den4])
e.claim(ln("- Sin escalar: ~99%"), "unscaled top weight restated", ["99%"], [sp.exp(8) / den8])
e.claim(ln("- Con escalar: ~87%"), "scaled top weight restated", ["87%"], [sp.exp(4) / den4])
e.done()
