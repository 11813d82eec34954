# Expected verdicts for it-basic-ferdinandobons-pacco-non-arrivato.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: v1 = [1,0], v2 = [0,1], v3 = [1,1]; the illustrative coefficient sets (0.10, 0.60, 0.30) and
# (0.05, 0.15, 0.80); q = [1,0], K = V = [[1,0],[0,1],[1,1]], d_k = 2.
# Exact: c1 = [0.40, 0.90], c2 = [0.85, 0.95]; q·k_j = [1, 0, 1]; scaled [0.707107, 0, 0.707107];
# softmax [0.401096, 0.197809, 0.401096]; output [0.802191, 0.598904].
# Numbers are printed in LaTeX with decimal commas in braces ("0{,}7071").  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="it", topics=["basic", "softmax", "scaling", "output", "shapes", "latex-comma"])

v = [M([[1, 0]]), M([[0, 1]]), M([[1, 1]])]
q = M([[1, 0]])
K = M([[1, 0], [0, 1], [1, 1]])
V = K
dk = 2
s = q * K.T
scaled = s / sp.sqrt(dk)
a = softmax_rows(scaled)
out = a * V
c1 = R("0.10") * v[0] + R("0.60") * v[1] + R("0.30") * v[2]
c2 = R("0.05") * v[0] + R("0.15") * v[1] + R("0.80") * v[2]


def brace_claim(line, what, printed, exact, cause="slip"):
    """Numbers printed as LaTeX '0{,}401' (decimal comma in braces); plain integers allowed."""
    text = e.lines[line - 1]
    ent = e._entry(line)
    bad = []
    for p, x in zip(printed, exact):
        assert p in text, (line, p)
        if not agrees(p.replace("{,}", ","), x):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    item = {"what": what, "printed": list(printed)}
    if bad:
        item.update(wrong=bad, cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


# fixed versus position-dependent combinations
e.given(e.line("v_1=[1,0],\\qquad v_2=[0,1]"), "v1, v2, v3")
L = e.line("c_1=0{,}10v_1")
e.given(L, "coefficients of c1")
brace_claim(L, "c1 = 0.10 v1 + 0.60 v2 + 0.30 v3", ["0{,}40", "0{,}90"], [c1[0], c1[1]])
L = e.line("c_2=0{,}05v_1")
e.given(L, "coefficients of c2")
brace_claim(L, "c2 = 0.05 v1 + 0.15 v2 + 0.80 v3", ["0{,}85", "0{,}95"], [c2[0], c2[1]])

# query, keys, values
e.given(e.line("q=[1,0],"), "query")
L = e.line("K=")
for k in range(L, L + 13):
    if any(ch.isdigit() for ch in e.lines[k - 1]):
        e.given(k, "rows of K and V")
e.claim(e.line("quindi shape `[3,2]`"), "shape of K and V", ["3", "2"], [K.rows, K.cols])
e.claim(e.line("La query ha due numeri e shape `[2]`"), "shape of q", "2", q.cols)

# dot products
e.claim(e.line("[1,0]\\cdot[1,0]=1,"), "q·k1", "1", s[0])
e.claim(e.line("[1,0]\\cdot[0,1]=0,"), "q·k2", "0", s[1])
e.claim(e.line("[1,0]\\cdot[1,1]=1."), "q·k3", "1", s[2])
e.claim(e.line("qK^T=[1,0,1]."), "scores qK^T", ["1", "0", "1"], s)

# scaling
e.given(e.line("quindi `d_k=2`"), "d_k = 2")
e.claim(e.line("\\frac{[1,0,1]}{\\sqrt{2}}"), "restated scores", ["1", "0", "1"], s)
brace_claim(e.line("[0{,}7071,0,0{,}7071]."), "scores / sqrt(2)", ["0{,}7071", "0", "0{,}7071"], scaled)

# softmax (3 decimals)
brace_claim(e.line("\\alpha=[0{,}401,0{,}198,0{,}401]."), "softmax of the scaled scores",
            ["0{,}401", "0{,}198", "0{,}401"], a)

# weighted sum
L = e.line("0{,}401[1,0]+0{,}198[0,1]+0{,}401[1,1]")
brace_claim(L, "restated weights", ["0{,}401", "0{,}198"], [a[0], a[1]])
e.given(L, "restated values")
brace_claim(e.line("[0{,}802,0{,}599]."), "output", ["0{,}802", "0{,}599"], out)
e.claim(e.line("L'output ha due numeri, quindi shape `[2]`"), "output shape", "2", out.cols)

# PyTorch snippet: inputs only (no printed output in the chapter)
e.given(e.line("q = torch.tensor([1.0, 0.0]"), "q in the snippet")
e.given(e.line("k = torch.tensor([[1.0, 0.0]"), "K in the snippet")
e.given(e.line("v = torch.tensor([[1.0, 0.0]"), "V in the snippet")
e.claim(e.line("assert scores.shape == (3,)"), "scores shape", "3", s.cols)
e.claim(e.line("assert output.shape == (2,)"), "output shape", "2", out.cols)
e.done()
