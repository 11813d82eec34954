# Expected verdicts for ja-basic-resnant-dmol-sleepy-child-book.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs: the embedding table (The 0,0,0; Sleepy 2,0,1; Child 1,-1,-2; Reads 2,3,1; A -2,0,0; Book 0,2,1),
#   V = [0, -0.2, 0.3, 0.4, 0, 0.1], query = the Book embedding.  The printed K matrix is the embedding table
#   transposed (3 x 6); the prose calls its shape (6, 3) = (words, features), the convention stated above it -> ok.
# q.K = [0, 1, -4, 7, 0, 5]; softmax (no scaling in this first example) =
#   [0.000804, 0.002186, 0.0000147, 0.877409, 0.000804, 0.118745]; the article says it rounded:
#   [0, 0, 0, 0.88, 0, 0.12] -> each 0 is taken as a rounded 0 (the 0.88 / 0.12 are right to 2 places).
# V.b = 0.36245 -> 0.36 (right; from the rounded weights 0.352 + 0.012 = 0.364 also 0.36).
# Code: 11 positions, keys of length 4, values of width 2 -> attention_layer returns 2 numbers; self_attention of an
#   11 x 4 batch returns 11 x 4; the trainable version with w_v (4, 2) returns 11 x 2; the two-head version stacks
#   (11, 2, 2) and contracts with w_h (2,) -> 11 x 2.  All right: wrong lines 0.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="ja", topics=["basic", "softmax", "mha"])

emb = M([["0", "0", "0"], ["2", "0", "1"], ["1", "-1", "-2"], ["2", "3", "1"], ["-2", "0", "0"], ["0", "2", "1"]])
V = M([["0", "-0.2", "0.3", "0.4", "0", "0.1"]])
q = emb.row(5)
K = emb.T  # printed 3 x 6
s = q * K
den = sum(sp.exp(s[0, j]) for j in range(6))
b = sp.Matrix([[sp.exp(s[0, j]) / den for j in range(6)]])
out = (b * V.T)[0, 0]

for i, (w, row) in enumerate([("The", "0,0,0"), ("Sleepy", "2,0,1"), ("Child", "1,-1,-2"), ("Reads", "2,3,1"),
                              ("A", "-2,0,0"), ("Book", "0,2,1")]):
    e.given(e.line(f"|  {row}   | {w} |"), f"embedding of {w}")

# K matrix rows = transposed embedding table (first occurrence)
L0 = e.line("\\mathbf{K} = \\left[")
rows = [e.line("0 & 2 & 1 & 2 & -2 & 0\\\\", after=L0), e.line("0 & 0 & -1 & 3 & 0 & 2\\\\", after=L0),
        e.line("0 & 1 & -2 & 1 & 0 & 1\\\\", after=L0)]
e.rows(rows, "K = embedding table transposed",
       [["0", "2", "1", "2", "-2", "0"], ["0", "0", "-1", "3", "0", "2"], ["0", "1", "-2", "1", "0", "1"]], K)
L = e.line("キーの形状は $(6, 3)$")
e.claim(L, "K shape (words, features)", ["6", "3"], [6, 3])
e.given(e.line("\\mathbf{V} = \\left[ 0, -0.2, 0.3, 0.4, 0, 0.1\\right]"), "values V")
L = e.line("バリュー $\\mathbf{V}$ の形状は $(6, 1)$")
e.claim(L, "V shape", ["6", "1"], [6, 1])
L = e.line("\\vec{q} = \\left[0, 2, 1\\right]")
e.claim(L, "query = Book embedding", ["0", "2", "1"], q)

# worked b (second K display, inside softmax)
L1 = e.line("\\vec{b} = \\mathrm{softmax}\\left(\\left[0, 2, 1\\right] \\times")
e.given(L1, "query [0, 2, 1] (repeated)")
rows2 = [e.line("0 & 2 & 1 & 2 & -2 & 0\\\\", after=L1), e.line("0 & 0 & -1 & 3 & 0 & 2\\\\", after=L1),
         e.line("0 & 1 & -2 & 1 & 0 & 1\\\\", after=L1)]
e.rows(rows2, "K (repeated)",
       [["0", "2", "1", "2", "-2", "0"], ["0", "0", "-1", "3", "0", "2"], ["0", "1", "-2", "1", "0", "1"]], K)
L = e.line("\\mathrm{softmax}\\left( \\left[0, 1, -4, 7, 0, 5\\right]\\right)")
e.claim(L, "q . K", ["0", "1", "-4", "7", "0", "5"], s)
L = e.line("\\vec{b}  = \\left[0, 0, 0, 0.88, 0, 0.12\\right]")
# the article states the values are rounded: each integer 0 is read as a rounded value
e.claim(L, "b = softmax(q . K), rounded", ["0", "0", "0", "0.88", "0", "0.12"], b, rounded_int=True)
L = e.line("= 0.36")
e.claim(L, "b (repeated)", ["0", "0", "0", "0.88", "0", "0.12"], b, rounded_int=True)
e.given(L, "V (repeated)")
e.claim(L, "V . b", ["0.36"], [out])

# code
e.given(e.line("系列の長さを11、キー特徴量の長さを4、バリュー特徴量の次元を2"), "sizes 11, 4, 2")
L = e.line("計2つの値が返る")
e.claim(L, "attention_layer output size (value width)", ["2"], [2])
L = e.line("$11\\times4$ の行列")
e.claim(L, "self_attention output shape", ["11", "4"], [11, 4])
L = e.line("出力は $11\\times 2$ になる")
e.claim(L, "trainable self-attention output shape", ["11", "2"], [11, 2])
L = e.line("ランク2の $11\\times 2$ の出力")
e.claim(L, "two-head output shape and rank", ["2", "11", "2"], [2, 11, 2])
e.done()
