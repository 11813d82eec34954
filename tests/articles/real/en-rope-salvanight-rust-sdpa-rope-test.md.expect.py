# Expected verdicts for en-rope-salvanight-rust-sdpa-rope-test.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention of the code: out = softmax(Q K^T / sqrt(k_dim) + mask) V, rows of Q/K/V are tokens; RoPE rotates each pair
# (x, y) at position p by angle p * inv_freq: x' = x cos - y sin, y' = y cos + x sin (inv_freq = 1 for k_dim = 2).
# The comments of test_sdpa_with_rope work the rotation out with cos(1) = 0.5403 and sin(1) = 0.8415; values that are
# right from those rounded operands but not from the exact angle are `drift`, their restatements `carried`.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope", "mask"])


def attn(Q, K, V, mask=None):
    S = (Q * K.T) / sp.sqrt(Q.cols)
    P = sp.zeros(*S.shape)
    for i in range(S.rows):
        allowed = [j for j in range(S.cols) if mask is None or mask[i][j]]
        den = sum(sp.exp(S[i, j]) for j in allowed)
        for j in allowed:
            P[i, j] = sp.exp(S[i, j]) / den
    return P * V


# matmul
A = M([["1", "2", "3"], ["4", "5", "6"]])
B = M([["7", "8"], ["9", "10"], ["11", "12"]])
e.given(e.line("let a: Matrix = vec![vec![1.0, 2.0, 3.0]"), "A")
e.given(e.line("let b: Matrix = vec![vec![7.0, 8.0]"), "B")
e.claim(e.line("vec![vec![58.0, 64.0], vec![139.0, 154.0]]"), "A @ B",
        ["58.0", "64.0", "139.0", "154.0"], A * B)

# softmax tests
def sm(v):
    return softmax_rows(M([v]))

e.given(e.line("let vector: Vector = vec![1.0, 2.0, 3.0];"), "softmax input")
e.claim(e.line("0.09003057317038046, 0.24472847105479767, 0.6652409557748219", 1), "softmax([1, 2, 3])",
        ["0.09003057317038046", "0.24472847105479767", "0.6652409557748219"], sm(["1", "2", "3"]))
e.given(e.line("let vector: Vector = vec![5.0];"), "softmax input")
e.claim(e.line("let expected: Vector = vec![1.0];"), "softmax([5])", ["1.0"], sm(["5"]))
e.given(e.line("let vector: Vector = vec![2.0, 2.0, 2.0, 2.0];"), "softmax input")
e.claim(e.line("vec![0.25, 0.25, 0.25, 0.25]"), "softmax of four equal values",
        ["0.25", "0.25", "0.25", "0.25"], sm(["2", "2", "2", "2"]))
e.given(e.line("let vector: Vector = vec![-1.0, 0.0, 1.0];"), "softmax input")
e.claim(e.line("0.09003057317038046, 0.24472847105479767, 0.6652409557748219", 2), "softmax([-1, 0, 1])",
        ["0.09003057317038046", "0.24472847105479767", "0.6652409557748219"], sm(["-1", "0", "1"]))
e.given(e.line("let vector: Vector = vec![-1000.0, -1001.0, -1002.0];"), "softmax input")
e.given(e.line("let _very_neg_vector"), "unused vector")
e.claim(e.line("vec![0.6652409557748219, 0.24472847105479767, 0.09003057317038046]"), "softmax([-1000, -1001, -1002])",
        ["0.6652409557748219", "0.24472847105479767", "0.09003057317038046"], sm(["-1000", "-1001", "-1002"]))

# sdpa without rope
q = M([["1", "0"]]); K2 = M([["1", "2"], ["3", "4"]]); V3 = M([["0.1", "0.2", "0.3"], ["0.4", "0.5", "0.6"]])
t = e.line("fn test_sdpa_basic_no_mask_no_rope")
for needle in ("let query = vec![vec![1.0, 0.0]];", "let key = vec![vec![1.0, 2.0], vec![3.0, 4.0]];",
               "let value = vec![vec![0.1, 0.2, 0.3], vec![0.4, 0.5, 0.6]];"):
    e.given(e.line(needle, after=t), "input")
e.claim(e.line("0.3413289047520871, 0.4413289047520871, 0.5413289047520871"), "softmax(qK^T/sqrt2) V",
        ["0.3413289047520871", "0.4413289047520871", "0.5413289047520871"], attn(q, K2, V3))

t = e.line("fn test_sdpa_with_float_mask_no_rope")
for needle in ("let query = vec![vec![1.0, 0.0]];", "let key = vec![vec![1.0, 2.0], vec![3.0, 4.0]];",
               "let value = vec![vec![0.1, 0.2, 0.3], vec![0.4, 0.5, 0.6]];",
               "let attention_mask = vec![vec![0.0, std::f64::NEG_INFINITY]];"):
    e.given(e.line(needle, after=t), "input")
e.claim(e.line("let expected_output = vec![vec![0.1, 0.2, 0.3]];"), "masked attention output (second key masked)",
        ["0.1", "0.2", "0.3"], attn(q, K2, V3, [[1, 0]]))

t = e.line("fn test_sdpa_causal_attention_no_rope")
for needle in ("let q_len = 3;", "let query = vec![vec![1.0,0.0]; q_len];", "let key = vec![vec![1.0,1.0]; q_len];",
               "let value = vec![vec![0.1,0.2],vec![0.3,0.4],vec![0.5,0.6]];"):
    e.given(e.line(needle, after=t), "input")
Qc = M([["1", "0"]] * 3); Kc = M([["1", "1"]] * 3); Vc = M([["0.1", "0.2"], ["0.3", "0.4"], ["0.5", "0.6"]])
causal = [[1 if j <= i else 0 for j in range(3)] for i in range(3)]
e.claim(e.line("vec![ vec![0.1, 0.2], vec![0.2, 0.3], vec![0.3, 0.4]]"), "causal attention output",
        ["0.1", "0.2", "0.2", "0.3", "0.3", "0.4"], attn(Qc, Kc, Vc, causal))

t = e.line("fn test_sdpa_query_len_1_no_rope")
for needle in ("let query = vec![vec![1.0, 0.5]];", "let key = vec![vec![1.0,0.0], vec![0.0,1.0]];",
               "let value = vec![vec![0.1,0.2], vec![0.3,0.4]];"):
    e.given(e.line(needle, after=t), "input")
e.claim(e.line("0.18250419983207805, 0.28250419983207803"), "softmax(qK^T/sqrt2) V",
        ["0.18250419983207805", "0.28250419983207803"],
        attn(M([["1", "0.5"]]), M([["1", "0"], ["0", "1"]]), M([["0.1", "0.2"], ["0.3", "0.4"]])))

# rope test
t = e.line("fn test_sdpa_with_rope")
e.given(e.line("let k_dim = 2;", after=t), "k_dim")
e.given(e.line("let query = vec![vec![1.0, 2.0]]; // 1x2", after=t), "query")
e.given(e.line("let key = vec![vec![3.0, 4.0]];   // 1x2", after=t), "key")
e.given(e.line("let value = vec![vec![0.5, 0.5]]; // 1x2", after=t), "value")
e.given(e.line("let base = 10000.0;", after=t), "RoPE base")
qv, kv = (1, 2), (3, 4)
e.claim(e.line("QK^T: [1,2] @ [[3],[4]] = 1*3 + 2*4 = 3+8 = 11", after=t), "q . k at position 0",
        ["3", "8", "11"], [qv[0] * kv[0], qv[1] * kv[1], 11])
ln = e.line("// Scaled: 11 / sqrt(2) = 11 / 1.41421356 = 7.77817", after=t)
e.claim(ln, "sqrt(2) and the scaled score", ["1.41421356", "7.77817"], [sp.sqrt(2), 11 / sp.sqrt(2)])
e.claim(e.line("Sum = 1. Weight = 1.", after=t), "single-key softmax weight", ["1"], [1])
e.claim(e.line("// Output: 1 * V[0] = [0.5, 0.5]", after=t), "output at offset 0", ["0.5", "0.5"], [R(1, 2), R(1, 2)])
e.claim(e.line("let expected_output = vec![vec![0.5, 0.5]];", after=t), "expected output at offset 0",
        ["0.5", "0.5"], [R(1, 2), R(1, 2)])

c, s = sp.cos(1), sp.sin(1)
q0, q1 = qv[0] * c - qv[1] * s, qv[1] * c + qv[0] * s
k0, k1 = kv[0] * c - kv[1] * s, kv[1] * c + kv[0] * s
e.claim(e.line("// inv_freq[0] = 1.0 / 10000^(0/2) = 1.0", after=t), "inverse frequency of the only pair", ["1.0"], [1])
e.claim(e.line("// angle_q0 = 1 * 1.0 = 1.0. cos(1)=0.5403, sin(1)=0.8415", after=t), "cos(1), sin(1)",
        ["0.5403", "0.8415"], [c, s])
ln = e.line("// q_new_0 = ", after=t)
e.claim(ln, "cos(1) and 2 sin(1)", ["0.5403", "1.683"], [c, 2 * s])
e.claim(ln, "rotated q[0] = cos 1 - 2 sin 1 (-1.142640)", ["-1.1427"], [q0], cause="drift")
e.claim(e.line("// q_new_1 = ", after=t), "2 cos 1, sin 1, rotated q[1]", ["1.0806", "0.8415", "1.9221"], [2 * c, s, q1])
ln = e.line("// Q_rope = [-1.1427, 1.9221]", after=t)
e.claim(ln, "rotated q[0] restated", ["-1.1427"], [q0], cause="carried")
e.claim(ln, "rotated q[1] restated", ["1.9221"], [q1])
ln = e.line("// k_new_0 = ", after=t)
e.claim(ln, "3 cos 1 and 4 sin 1", ["1.6209", "3.366"], [3 * c, 4 * s])
e.claim(ln, "rotated k[0] = 3 cos 1 - 4 sin 1 (-1.744977)", ["-1.7451"], [k0], cause="drift")
ln = e.line("// k_new_1 = ", after=t)
e.claim(ln, "4 cos 1", ["2.1612"], [4 * c])
e.claim(ln, "3 sin 1 (2.524413) from 3 x 0.8415", ["2.5245"], [3 * s], cause="drift")
e.claim(ln, "rotated k[1] = 4 cos 1 + 3 sin 1 (4.685622)", ["4.6857"], [k1], cause="drift")
e.claim(e.line("// K_rope_T = [[-1.7451], [4.6857]]", after=t), "rotated k restated", ["-1.7451", "4.6857"], [k0, k1],
        cause="carried")
ln = e.line("// Q_rope @ K_rope_T = -1.1427 * -1.7451 + 1.9221 * 4.6857", after=t)
e.claim(ln, "rotated q[0], k[0], k[1] restated", ["-1.1427", "-1.7451", "4.6857"], [q0, k0, k1], cause="carried")
e.claim(ln, "rotated q[1] restated", ["1.9221"], [q1])
ln = e.line("//                   = 1.9941 + 9.0041 = 11.0", after=t)
e.claim(ln, "q'[0] k'[0] (exact 1.993880; 1.99412 from the author's -1.1427 x -1.7451)", ["1.9941"], [q0 * k0],
        cause="carried")
e.claim(ln, "q'[1] k'[1] (exact 9.006116; 9.00638 even from the author's 1.9221 x 4.6857)", ["9.0041"], [q1 * k1],
        cause="slip")
e.claim(ln, "rotated dot product (rotation keeps q . k = 11)", ["11.0"], [sp.simplify(q0 * k0 + q1 * k1)])
e.claim(e.line("// Scaled: 11 / sqrt(2) = 7.77817. Softmax -> 1.0", after=t), "scaled score and weight",
        ["7.77817", "1.0"], [11 / sp.sqrt(2), 1])
e.claim(e.line("// Output should still be [0.5, 0.5]", after=t), "output at offset 1", ["0.5", "0.5"], [R(1, 2), R(1, 2)])
e.done()
