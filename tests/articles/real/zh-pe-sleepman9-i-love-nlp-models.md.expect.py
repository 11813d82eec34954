# Expected verdicts for zh-pe-sleepman9-i-love-nlp-models.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: d_model = 4, positions 0..3, PE(pos) = [sin(pos), cos(pos), sin(pos/10000^(2/4)), cos(pos/10000^(2/4))]
#   (10000^(2/4) = 100), word embeddings I = [0.1, 0.3, 0.5, 0.7], love = [0.2, 0.4, 0.6, 0.8],
#   NLP = [0.3, 0.5, 0.7, 0.9], models = [0.4, 0.6, 0.8, 1.0]; X = embedding + PE.
# Exact: cos(0.01) = 0.99995, cos(0.02) = 0.99980, cos(0.03) = 0.99955, all 1.00 at 2 places; the article prints
#   0.99, 0.98, 0.97 (as if cos(pos/100) = 1 - pos/100) -> three slips, and the last component of X carries them:
#   1.79 (exact 1.79995 -> 1.80), 1.88 (exact 1.8998 -> 1.90), 1.97 (exact 1.99955 -> 2.00).  Every sin/cos at the
#   fast frequency and every other sum agrees at 2 places (0.2 + sin 1 = 1.0415 -> 1.04, 0.5 + cos 2 = 0.0839 -> 0.08).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["pe", "sinusoidal", "embedding-sum"])
L = e.line

emb = {"I": M([["0.1", "0.3", "0.5", "0.7"]]), "love": M([["0.2", "0.4", "0.6", "0.8"]]),
       "NLP": M([["0.3", "0.5", "0.7", "0.9"]]), "models": M([["0.4", "0.6", "0.8", "1.0"]])}
words = ["I", "love", "NLP", "models"]


def pe(pos):
    w = sp.Integer(10000) ** R(2, 4)
    return [sp.sin(pos), sp.cos(pos), sp.sin(pos / w), sp.cos(pos / w)]


printed_pe = {0: ["0.0", "1.0", "0.0", "1.0"], 1: ["0.84", "0.54", "0.01", "0.99"],
              2: ["0.91", "-0.42", "0.02", "0.98"], 3: ["0.14", "-0.99", "0.03", "0.97"]}
printed_x = {0: ["0.1", "1.3", "0.5", "1.7"], 1: ["1.04", "0.94", "0.61", "1.79"],
             2: ["1.21", "0.08", "0.72", "1.88"], 3: ["0.54", "-0.39", "0.83", "1.97"]}

for w in words:
    e.given(L(f'`Embedding("{w}") = ['), f"embedding of {w}")
for pos, w in enumerate(words):
    e.given(L(f"`pos = {pos}`"), f"position of {w}")

for pos in range(4):
    ln = L(f"`PE({pos}) = [sin({pos}), cos({pos})")
    vals = pe(pos)
    # the fast pair and the slow sine first, then the slow cosine (the only place the article slips)
    e.claim(ln, f"PE({pos}) dims 0-2", printed_pe[pos][:3], vals[:3])
    e.claim(ln, f"PE({pos}) dim 3 = cos({pos}/100)", printed_pe[pos][3:], vals[3:])

for pos, w in enumerate(words):
    ln = L(f'`X("{w}") = [')
    vals = pe(pos)
    x = [emb[w][k] + vals[k] for k in range(4)]
    if pos == 0:
        e.claim(ln, "PE(0) operand", printed_pe[0], vals)
    else:
        e.claim(ln, f"PE({pos}) operand dims 0-2", printed_pe[pos][:3], vals[:3])
        e.claim(ln, f"PE({pos}) operand dim 3 (copied from the PE line)", printed_pe[pos][3:], vals[3:],
                cause="carried")
    e.claim(ln, f"X({w}) dims 0-2", printed_x[pos][:3], x[:3])
    e.claim(ln, f"X({w}) dim 3 = embedding + cos({pos}/100)", printed_x[pos][3:], x[3:], cause="carried")
e.done()
