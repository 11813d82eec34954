# Expected verdicts for ko-basic-dhshin96-next-token-two-softmaxes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: q = (1, 1); keys = values = (1,0), (0,1), (1,1); d_k = 2; output rows (1,0), (0,1), (1,1) for 를/는/다, no bias.
# - scores [1/√2, 1/√2, √2] = [0.707107, 0.707107, 1.414214]; weights [0.248255, 0.248255, 0.503490];
#   context [0.751745, 0.751745]; logits [0.751745, 0.751745, 1.503490]; probabilities [0.242677, 0.242677, 0.514645].
# - Every printed value (prose, LaTeX and the script's printed output) agrees at its printed precision. The line
#   "c = 0.248(1,0)+0.248(0,1)+0.503(1,1) ≈ (0.752, 0.752)" would give 0.751 from its rounded operands, but the printed
#   0.752 is the exact context rounded -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "softmax", "next-token", "code-output", "latex"])
L = e.line
q = M([[1, 1]])
K = M([[1, 0], [0, 1], [1, 1]])
V = K
S = q * K.T / sp.sqrt(2)
A = softmax_rows(S)
c = A * V
Wout = M([[1, 0], [0, 1], [1, 1]])
z = c * Wout.T
P = softmax_rows(z)
sc, at, cx, lg, pr = list(S.row(0)), list(A.row(0)), list(c.row(0)), list(z.row(0)), list(P.row(0))

ln = L("저자는 결론부터 제시한다.")
e.claim(ln, "scores, weights, context (summary)", ["0.707", "0.707", "1.414", "0.248", "0.248", "0.503", "0.752", "0.752"],
        sc + at + cx)
ln = L("`를: 0.243`, `는: 0.243`, `다: 0.515`")
e.claim(ln, "next-token probabilities (summary)", ["0.243", "0.243", "0.515"], pr)
ln = L("$\\mathbf q=(1,1)$이고 키를")
e.given(ln, "q, keys, d_k = 2")
e.claim(ln, "scores", ["0.707", "0.707", "1.414"], sc)
e.claim(L("소프트맥스를 적용하면 가중치는 약 $(0.248,0.248,0.503)$"), "weights", ["0.248", "0.248", "0.503"], at)
e.given(L("값도 $(1,0)$, $(0,1)$, $(1,1)$로 두면"), "values")
e.claim(L("\\mathbf c=0.248(1,0)+0.248(0,1)+0.503(1,1)"), "weights restated", ["0.248", "0.248", "0.503"], at)
e.claim(L("\\approx(0.752,0.752)"), "context", ["0.752", "0.752"], cx)
ln = L("로짓은 $(0.752,0.752,1.503)$이고")
e.given(ln, "output rows")
e.claim(ln, "logits and probabilities", ["0.752", "0.752", "1.503", "0.243", "0.243", "0.515"], lg + pr)
e.given(L("query = [1.0, 1.0]"), "query")
e.given(L("keys = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]"), "keys")
e.given(L("values = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]"), "values")
e.given(L("output_weights = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]"), "output weights")
e.claim(L("점수: [0.707, 0.707, 1.414]"), "printed scores", ["0.707", "0.707", "1.414"], sc)
e.claim(L("어텐션: [0.248, 0.248, 0.503]"), "printed attention", ["0.248", "0.248", "0.503"], at)
e.claim(L("문맥: [0.752, 0.752]"), "printed context", ["0.752", "0.752"], cx)
e.claim(L("다음 토큰 확률: {'를': 0.243"), "printed probabilities", ["0.243", "0.243", "0.515"], pr)
e.done()
