# Expected verdicts for zh-mask-leemeng-tf2-padding-lookahead.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Lee Meng's TensorFlow 2 walkthrough (Traditional Chinese) of scaled dot-product attention and its two masks, with every
# tensor printed by the notebook.  Inputs: the printed 4-d embeddings emb_inp (2x8x4) and emb_tar (2x10x4), the token
# ids inp/tar (0 = <pad>) and the random binary values v (2x8x4, printed).
# What it computes: logits = q k^T / sqrt(4) with q = k = emb_inp; softmax over the last axis; output = weights @ v.
# Then the padding mask (1 where inp == 0) is added as mask * -1e9 before the softmax (sentence 1 loses its two <pad>
# columns, the other six share ~1/6 each; sentence 2 is unchanged), and the look-ahead mask 1 - band_part(ones, -1, 0)
# (strict upper triangle) is applied to q = k = emb_tar, giving a lower-triangular weight matrix whose row i spreads ~1/(i+1).
# Exact values are taken from the printed (8-significant-digit) inputs; every printed float32 agrees with them far inside
# the machine-float tolerance (e.g. row 1 of the no-mask weights: 0.125177, 0.125029, 0.124903, ...; look-ahead row 2 of
# sentence 1: 0.499750, 0.500250).  Masked weights print 0 and unmasked single-column rows print 1 (exactly e^-1e9-small
# away).  The look-ahead temp_v is random and never printed, but no printed value depends on it.  No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mask", "padding-mask", "causal-mask", "notebook", "tf-print", "scaled"])

TOK = re.compile(r"-?\d+\.\d*")


def block(start):
    """(line, [tokens]) for every line of a printed tensor whose header is on line `start`."""
    out = []
    ln = start
    while True:
        text = e.lines[ln - 1]
        body = text
        for cut in ("shape=", "dtype="):
            if cut in body:
                body = body.split(cut)[0]
        if ln == start:
            body = ""
        toks = TOK.findall(body)
        if toks:
            out.append((ln, toks))
        if "shape=" in text and ln != start or (ln != start and "dtype=" in text):
            return out
        ln += 1


def given_block(start, what):
    for ln, _ in block(start):
        e.given(ln, what)


def claim_block(start, what, values):
    vals = list(values)
    i = 0
    for ln, toks in block(start):
        dec = [(t, vals[i + j]) for j, t in enumerate(toks) if not t.endswith(".")]
        ints = [(t[:-1], vals[i + j]) for j, t in enumerate(toks) if t.endswith(".")]
        i += len(toks)
        if dec:
            e.claim(ln, what, [t for t, _ in dec], [v for _, v in dec])
        if ints:
            e.claim(ln, what + " (printed as an integer)", [t for t, _ in ints], [v for _, v in ints],
                    rounded_int=True)
    assert i == len(vals), (what, i, len(vals))


def tensor3(start):
    rows = [toks for _, toks in block(start)]
    flat = [R(t) for r in rows for t in r]
    return flat


def softmax(row):
    m = max(row)
    ex = [sp.exp(x - m) for x in row]
    s = sum(ex)
    return [x / s for x in ex]


# inputs
L_inp = e.line("inp: tf.Tensor(")
e.given(L_inp + 1, "token ids, sentence 1 (0 = <pad>)")
e.given(L_inp + 2, "token ids, sentence 2")
L = e.line("tar: tf.Tensor(")
e.given(L + 1, "target token ids, sentence 1")
e.given(L + 2, "target token ids, sentence 2")
inp = [[8135, 105, 10, 1304, 7925, 8136, 0, 0], [8135, 17, 3905, 6013, 12, 2572, 7925, 8136]]

L = e.line("emb_inp: tf.Tensor(")
ei = tensor3(L)
given_block(L, "English embedding emb_inp (printed)")
EI = [[ei[(b * 8 + i) * 4:(b * 8 + i) * 4 + 4] for i in range(8)] for b in range(2)]
L = e.line("emb_tar: tf.Tensor(")
et = tensor3(L)
given_block(L, "Chinese embedding emb_tar (printed)")
ET = [[et[(b * 10 + i) * 4:(b * 10 + i) * 4 + 4] for i in range(10)] for b in range(2)]
L = e.line("<tf.Tensor: id=193043")
vv = tensor3(L)
given_block(L, "random binary values v (printed)")
VV = [[vv[(b * 8 + i) * 4:(b * 8 + i) * 4 + 4] for i in range(8)] for b in range(2)]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def weights(E, mask):
    n = len(E)
    W = []
    for i in range(n):
        row = [dot(E[i], E[j]) / 2 + (mask[i][j] * R(-10**9)) for j in range(n)]
        W.append(softmax(row))
    return W


zero8 = [[0] * 8 for _ in range(8)]
A = [weights(EI[b], zero8) for b in range(2)]
O = [[[sum(A[b][i][j] * VV[b][j][c] for j in range(8)) for c in range(4)] for i in range(8)] for b in range(2)]

L = e.line("output: tf.Tensor(")
claim_block(L, "attention output (no mask) = softmax(q k^T / 2) @ v", [x for b in O for r in b for x in r])
L = e.line("attention_weights: tf.Tensor(", nth=1)
claim_block(L, "attention weights (no mask)", [x for b in A for r in b for x in r])

# padding mask
pad = [[1 if t == 0 else 0 for t in s] for s in inp]
L = e.line("inp: tf.Tensor(", nth=2)
e.given(L + 1, "token ids restated, sentence 1")
e.given(L + 2, "token ids restated, sentence 2")
L = e.line("inp_mask: tf.Tensor(")
claim_block(L, "padding mask (1 where the id is 0)", [x for s in pad for x in s])
AP = [weights(EI[b], [pad[b]] * 8) for b in range(2)]
L = e.line("attention_weights: tf.Tensor(", nth=2)
claim_block(L, "attention weights with the padding mask (-1e9 added before softmax)", [x for b in AP for r in b for x in r])
L = e.line("<tf.Tensor: id=193086")
claim_block(L, "last two columns of the padded weights", [x for b in AP for r in b for x in r[-2:]])

# look-ahead mask
la = [[1 if j > i else 0 for j in range(10)] for i in range(10)]
L = e.line("look_ahead_mask tf.Tensor(")
claim_block(L, "look-ahead mask (strict upper triangle)", [x for r in la for x in r])
AL = [weights(ET[b], la) for b in range(2)]
L = e.line("attention_weights: tf.Tensor(", nth=3)
claim_block(L, "attention weights with the look-ahead mask (q = k = emb_tar)", [x for b in AL for r in b for x in r])
L = e.line("<tf.Tensor: id=193126")
claim_block(L, "row 1 of the look-ahead weights", [x for b in AL for x in b[0]])
L = e.line("<tf.Tensor: id=193131")
claim_block(L, "row 2 of the look-ahead weights", [x for b in AL for x in b[1]])
e.done()
