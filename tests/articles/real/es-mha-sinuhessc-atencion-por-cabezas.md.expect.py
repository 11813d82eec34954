# Expected verdicts for es-mha-sinuhessc-atencion-por-cabezas.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish student assignment on attention, done with hand-picked 0..10 scores and Markdown tables.
# Convention stated by the article (Actividad 1, Paso 2): "Normalización Lineal (Mini-Softmax)" = score / sum of scores.
#   Actividad 4's table header says "Porcentajes Softmax", but its numbers are the same linear normalization of the
#   head scores; the article's own convention is followed (a true exponential softmax would give e.g. 44.0% to each 10
#   of head A).  This is a note, not a wrong line.
# Inputs: query COME scores [4, 8, 7, 8]; BANCO scores A [1, 2, 10, 7, 10], B [1, 2, 10, 5, 8, 10];
#   causal table with checkmarks strictly below the diagonal (as drawn); head scores A [1,2,5,10,8,10],
#   B [10,2,5,1,1,1], C [1,10,5,10,1,1].
# Exact values computed here:
#   sums 27, 30, 36; 4/27 = 14.81%, 8/27 = 29.63%, 7/27 = 25.93%; 1/30 = 3.33%, 2/30 = 6.67%, 10/30 = 33.33%,
#   7/30 = 23.33%; 1/36 = 2.78%, 2/36 = 5.56%, 10/36 = 27.78%, 5/36 = 13.89%, 8/36 = 22.22%;
#   checkmarks in the drawn PESCADO row 3, in the EL row 0;
#   head A / 36: 2.78, 5.56, 13.89, 27.78, 22.22, 27.78 %; head B / 20: 50, 10, 25, 5, 5, 5 %;
#   head C / 28: 3.57, 35.71, 17.86, 35.71, 3.57, 3.57 %.
#   Every "Total 100%" is the exact sum of the fractions (the rounded percentages of Paso 2 add up to 101%).
# Every printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="es", topics=["mha", "basic", "mask", "markdown-table", "percent"])

e.given(e.line("calificamos, de 0 a 10"), "score scale 0..10, 10 = maximum")

# --- Actividad 1 --------------------------------------------------------------------------
come = {"EL": 4, "GATO": 8, "COME": 7, "PESCADO": 8}
e.given(e.line("| 4 | 8 | 7 | 8 |"), "query COME scores")
s1 = sum(come.values())
L0 = e.line("### Paso 2")
for w, v in come.items():
    ln = e.line(f"| **{w}** | {v} | $", after=L0)
    pct = {4: "15%", 8: "30%", 7: "26%"}[v]
    e.claim(ln, f"{w}: divisor = sum of scores, share {v}/{s1}", ["27", pct], [s1, R(v, s1)])
ln = e.line("| **Total** | **27** |")
e.claim(ln, "Paso 2 total: sum of scores and sum of shares", ["27", "100%"], [s1, 1])

# --- Actividad 2 --------------------------------------------------------------------------
def scenario(header, scores, printed_pct, total_str):
    start = e.line(header)
    tot = sum(s for _, s in scores)
    e.claim(e.line("**Suma de puntuaciones vectoriales:**", after=start), "sum of scores", [str(tot)], [tot])
    for (w, s), p in zip(scores, printed_pct):
        ln = e.line(f"| **{w}** | {s} | $", after=start)
        e.claim(ln, f"{w}: {s}/{tot}", [str(tot), p], [tot, R(s, tot)])
    ln = e.line(f"| **Total** | **{total_str}** |", after=start)
    e.claim(ln, "total: sum of scores and of shares", [total_str, "100%"], [tot, 1])

scenario('### Escenario A', [("FUIMOS", 1), ("AL", 2), ("BANCO", 10), ("DEL", 7), ("RÍO", 10)],
         ["3.3%", "6.7%", "33.3%", "23.3%", "33.3%"], "30")
scenario('### Escenario B', [("FUIMOS", 1), ("AL", 2), ("BANCO", 10), ("A", 5), ("SACAR", 8), ("DINERO", 10)],
         ["2.8%", "5.6%", "27.8%", "13.9%", "22.2%", "27.8%"], "36")

# --- Actividad 3: counts read off the drawn table -------------------------------------------------
Lt = e.line("| **PESCADO** | ✓ | ✓ | ✓ | |")
checks_last = e.lines[Lt - 1].count("✓")
checks_first = e.lines[e.line("| **EL** | | | | |") - 1].count("✓")
e.claim(e.line("3 conexiones activas."), "checkmarks in the PESCADO row of the drawn table", ["3"], [checks_last])
e.claim(e.line("0 conexiones."), "checkmarks in the EL row", ["0"], [checks_first])

# --- Actividad 4 --------------------------------------------------------------------------
heads = {"A": [1, 2, 5, 10, 8, 10], "B": [10, 2, 5, 1, 1, 1], "C": [1, 10, 5, 10, 1, 1]}
printed = {"A": ["2.78%", "5.56%", "13.89%", "27.78%", "22.22%", "27.78%"],
           "B": ["50.00%", "10.00%", "25.00%", "5.00%", "5.00%", "5.00%"],
           "C": ["3.57%", "35.71%", "17.86%", "35.71%", "3.57%", "3.57%"]}
Lcfg = e.line("### Configuración de Criterios por Cabeza Atencional")
for h, sc in heads.items():
    e.given(e.line(f"| **{h}** | ¿", after=Lcfg), f"head {h} scores")
Ldist = e.line("### Distribución de Probabilidades")
for h, sc in heads.items():
    tot = sum(sc)
    ln = e.line(f"| **{h}** | {printed[h][0]}", after=Ldist)
    e.claim(ln, f"head {h}: score / {tot} (linear 'Mini-Softmax')", printed[h] + ["100%"],
            [R(s, tot) for s in sc] + [1])

e.done()
