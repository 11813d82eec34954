# Expected verdicts for fr-basic-nasreddinebr-le-chat-dort-module5.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: embeddings Le = [1, 0], chat = [0, 1], dort = [1, 1]; W_Q = W_K = W_V = I, so Q = K = V = X; d_k = 2.
# The lesson works the attention of the query "chat" (scores [0, 1, 1] / sqrt 2), then exercise 5.3.A works the
# query "dort" (scores [1, 1, 2] / sqrt 2).  Exact values:
#   chat: e^{1/sqrt2} = 2.028115, sum = 5.056230, weights [0.197776, 0.401112, 0.401112], output [0.598888, 0.802224];
#   dort: e^{sqrt2} = 4.113250, sum = 8.169480, weights [0.248255, 0.248255, 0.503490], output [0.751745, 0.751745].
# Wrong lines:
# - "poids(dort) = 4.113/8.169 ≈ 0.504" (slip): 4.113/8.169 = 0.50349 even from the author's own rounded
#   operands, exactly 0.503490 -> 0.503 (0.504 is 1 - 2 x 0.248, not the division printed).
# - the weighted-Values lines of the exercise that restate 0.504 ("0.504×[1,1]", "[0.504,0.504]") and the closing
#   prose "(0.504)" carry it (carried).  The final [0.752, 0.752] is right end to end (0.751745).
# Everything in the "chat" example is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="fr", topics=["basic", "scaling", "softmax", "weighted-sum", "identity-projections", "plain-text"])

X = M([["1", "0"], ["0", "1"], ["1", "1"]])
S = X * X.T
SC = S / sp.sqrt(2)
A = softmax_rows(SC)
O = A * X
r2 = sp.sqrt(2)
a = sp.exp(1 / r2)     # e^{0.707...}
b = sp.exp(r2)         # e^{1.414...}
ch, do = 1, 2          # row indices of "chat" and "dort"

# ---- inputs
e.given(e.line('"Le"   = [1, 0]'), "embedding Le")
e.given(e.line('"chat" = [0, 1]'), "embedding chat")
e.given(e.line('"dort" = [1, 1]'), "embedding dort")
e.given(e.line("(`Query_chat = [0, 1]`)"), "query of chat = its embedding")

# ---- chat, step 1
e.claim(e.line("score(chat, Le)   = [0,1] · [1,0]"), "score(chat, Le)", ["0"], [S[ch, 0]])
e.claim(e.line("score(chat, chat) = [0,1] · [0,1]"), "score(chat, chat)", ["1"], [S[ch, 1]])
e.claim(e.line("score(chat, dort) = [0,1] · [1,1]"), "score(chat, dort)", ["1"], [S[ch, 2]])

# ---- chat, step 2
L = e.line("ici `dk=2`, donc `√2 ≈ 1.414`")
e.given(L, "d_k = 2")
e.claim(L, "sqrt(2)", ["1.414"], [r2])
e.claim(e.line("score_échelle(chat, Le)   = 0 / 1.414 = 0"), "scaled score(chat, Le)", ["1.414", "0"], [r2, SC[ch, 0]])
e.claim(e.line("score_échelle(chat, chat) = 1 / 1.414 ≈ 0.707"), "scaled score(chat, chat)",
        ["1", "1.414", "0.707"], [S[ch, 1], r2, SC[ch, 1]])
e.claim(e.line("score_échelle(chat, dort) = 1 / 1.414 ≈ 0.707"), "scaled score(chat, dort)",
        ["1", "1.414", "0.707"], [S[ch, 2], r2, SC[ch, 2]])

# ---- chat, step 3
e.claim(e.line("exp(0) = 1"), "exp(0)", ["0", "1"], [SC[ch, 0], sp.exp(0)])
L = e.line("exp(0.707) ≈ 2.028")
e.claim(L, "exp(1/sqrt2) (first)", ["0.707", "2.028"], [1 / r2, a])
e.claim(L + 1, "exp(1/sqrt2) (second)", ["0.707", "2.028"], [1 / r2, a])
e.claim(e.line("Somme = 1 + 2.028 + 2.028 = 5.056"), "softmax denominator for chat",
        ["1", "2.028", "5.056"], [1, a, 1 + 2 * a])
e.claim(e.line("poids(Le)   = 1 / 5.056 ≈ 0.198"), "weight chat->Le", ["5.056", "0.198"], [1 + 2 * a, A[ch, 0]])
e.claim(e.line("poids(chat) = 2.028 / 5.056 ≈ 0.401"), "weight chat->chat", ["2.028", "5.056", "0.401"],
        [a, 1 + 2 * a, A[ch, 1]])
e.claim(e.line("poids(dort) = 2.028 / 5.056 ≈ 0.401"), "weight chat->dort", ["2.028", "5.056", "0.401"],
        [a, 1 + 2 * a, A[ch, 2]])

# ---- chat, step 4
L = e.line("sortie(chat) = 0.198×[1,0] + 0.401×[0,1] + 0.401×[1,1]")
e.claim(L, "weights of chat restated", ["0.198", "0.401"], [A[ch, 0], A[ch, 1]])
e.claim(L + 1, "weighted Values of chat", ["0.198", "0.401"], [A[ch, 0] * X[0, 0], A[ch, 1] * X[1, 1]])
e.claim(L + 2, "output of chat", ["0.599", "0.802"], list(O.row(ch)))
L = e.line("(≈0.401 chacun)")
e.claim(L, "weights of chat in prose", ["0.401", "0.198"], [A[ch, 1], A[ch, 0]])
e.claim(e.line("**Le vecteur `[0.599, 0.802]`"), "output of chat restated", ["0.599", "0.802"], list(O.row(ch)))

# ---- code restating the hand result (its output is not printed)
L = e.line("embeddings = np.array([")
for k in range(3):
    e.given(L + 1 + k, f"embedding row {k + 1} (code)")
e.claim(e.line("(doit retrouver environ [0.198, 0.401, 0.401]"), "expected weights of chat (code string)",
        ["0.198", "0.401", "0.401"], list(A.row(ch)))
e.claim(e.line('print("(doit retrouver environ [0.599, 0.802])")'), "expected output of chat (code string)",
        ["0.599", "0.802"], list(O.row(ch)))

# ---- exercise 5.3.A: dort
e.given(e.line('(`"Le"=[1,0]`, `"chat"=[0,1]`'), "exercise inputs restated")
e.given(e.line("(`Query_dort = [1,1]`)"), "query of dort")
e.claim(e.line("score(dort, Le)   = [1,1]·[1,0] = 1"), "score(dort, Le)", ["1"], [S[do, 0]])
e.claim(e.line("score(dort, chat) = [1,1]·[0,1] = 1"), "score(dort, chat)", ["1"], [S[do, 1]])
e.claim(e.line("score(dort, dort) = [1,1]·[1,1] = 2"), "score(dort, dort)", ["2"], [S[do, 2]])
e.claim(e.line("Mise à l'échelle (÷√2 ≈ 1.414)"), "sqrt(2)", ["1.414"], [r2])
e.claim(e.line("score_échelle(dort, Le)   = 1/1.414 ≈ 0.707"), "scaled score(dort, Le)", ["1.414", "0.707"], [r2, SC[do, 0]])
e.claim(e.line("score_échelle(dort, chat) = 1/1.414 ≈ 0.707"), "scaled score(dort, chat)", ["1.414", "0.707"], [r2, SC[do, 1]])
e.claim(e.line("score_échelle(dort, dort) = 2/1.414 ≈ 1.414"), "scaled score(dort, dort)", ["2", "1.414"], [S[do, 2], SC[do, 2]])
L = e.line("Étape 3 — Softmax :")
e.claim(L + 1, "exp(1/sqrt2) (first)", ["0.707", "2.028"], [1 / r2, a])
e.claim(L + 2, "exp(1/sqrt2) (second)", ["0.707", "2.028"], [1 / r2, a])
e.claim(L + 3, "exp(sqrt2)", ["1.414", "4.113"], [r2, b])
den = 2 * a + b
e.claim(e.line("Somme = 2.028 + 2.028 + 4.113 = 8.169"), "softmax denominator for dort",
        ["2.028", "4.113", "8.169"], [a, b, den])
e.claim(e.line("poids(Le)   = 2.028/8.169 ≈ 0.248"), "weight dort->Le", ["2.028", "8.169", "0.248"], [a, den, A[do, 0]])
e.claim(e.line("poids(chat) = 2.028/8.169 ≈ 0.248"), "weight dort->chat", ["2.028", "8.169", "0.248"], [a, den, A[do, 1]])
L = e.line("poids(dort) = 4.113/8.169 ≈ 0.504")
e.claim(L, "exp and denominator", ["4.113", "8.169"], [b, den])
e.claim(L, "weight dort->dort (4.113/8.169 = 0.50349)", ["0.504"], [A[do, 2]])
L = e.line("sortie(dort) = 0.248×[1,0] + 0.248×[0,1] + 0.504×[1,1]")
e.claim(L, "weights of dort restated", ["0.248"], [A[do, 0]])
e.claim(L, "weight dort->dort restated", ["0.504"], [A[do, 2]], cause="carried")
e.claim(L + 1, "weighted Values of dort (Le, chat)", ["0.248"], [A[do, 0]])
e.claim(L + 1, "weighted Values of dort (dort)", ["0.504"], [A[do, 2]], cause="carried")
e.claim(L + 2, "output of dort", ["0.752", "0.752"], list(O.row(do)))
L = e.line("garde plus de la moitié de son attention pour lui-même (0.504)")
e.claim(L, "weight dort->dort in prose", ["0.504"], [A[do, 2]], cause="carried")
e.claim(L, "weights dort->Le, chat in prose", ["0.248"], [A[do, 0]])
e.done()
