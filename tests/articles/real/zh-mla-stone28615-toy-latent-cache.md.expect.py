# Expected verdicts for zh-mla-stone28615-toy-latent-cache.md, computed with plain SymPy (see oracle.py); not symattn's
# code.
# Part 1 (dimension bookkeeping): 128 + 64 = 192, 128 x 192 = 24576, 512 + 64 = 576, 128 x 256 = 32768 -- all agree.
# Part 2 (toy MLA layer, unscaled scores as the article states): latents c1 = [1,0,1], c2 = [0,2,1], c3 = [1,1,0];
# shared RoPE keys k^R = [1, 0, -1]; head 1: absorbed query [1,0,1], RoPE query 1; head 2: [0,1,1], RoPE query -1.
#   head 1 scores [3, 1, 0] -> softmax [0.843795, 0.114195, 0.042010] -> [0.844, 0.114, 0.042];
#          u = [0.885805, 0.270400, 0.957990] -> [0.886, 0.270, 0.958] (all agree).
#   head 2 scores [0, 3, 2] -> softmax [0.035119, 0.705385, 0.259496] -> [0.035, 0.705, 0.259];
#          u = [0.294615, 1.670266, 0.740504] -> [0.295, 1.670, 0.741].  The printed 0.294 and 1.669 are what the rounded
#          weights give (0.035 + 0.259, 2 x 0.705 + 0.259) -> drift; 0.741 agrees.  o_{3,2} and the concatenation repeat
#          1.669 (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mla", "latent-kv", "rope", "softmax", "multi-head"])
L = e.line


def given_block(first, n, what):
    for k in range(n):
        e.given(first + k, what)


# part 1: real-model dimensions
for key in ("`hidden_size = 4096`", "`num_attention_heads = 32`", "`kv_lora_rank = 512`", "`q_lora_rank = 1536`",
            "`qk_nope_head_dim = 128`", "`qk_rope_head_dim = 64`", "`v_head_dim = 128`"):
    e.given(L(key), key.strip("`"))
e.given(L("* 进入本层的 token hidden state 为 (4096) 维"), "hidden 4096")
e.claim(L("合计维度为 (128+64=192)"), "nope + rope per head", ["192"], [128 + 64])
e.given(L("* 每个 token 需要长期缓存的"), "32 heads, 512 latent, 64 RoPE dims")
e.given(L("h_t^(l) : [5120]"), "hidden 5120 in the diagram")
e.given(L("q_a_proj            : [5120] -> [1536]"), "q_a_proj")
e.given(L("RMSNorm             : [1536] -> [1536]"), "RMSNorm")
e.claim(L("q_b_proj            : [1536] -> [128 × (128 + 64)] = [24576]"), "128 x (128 + 64)", ["24576"],
        [128 * (128 + 64)])
e.claim(L("reshape             : [24576] -> [128, 192]"), "24576 / 128", ["24576", "192"], [128 * 192, 24576 // 128])
e.given(L("├─ q_nope         : [128, 128]"), "q_nope shape")
e.given(L("└─ q_pe           : [128,  64]"), "q_pe shape")
e.claim(L("kv_a_proj_with_mqa  : [5120] -> [512 + 64] = [576]"), "512 + 64", ["576"], [512 + 64])
e.given(L("├─ c_t^KV         : [512]"), "latent 512")
e.given(L("└─ k_t^R (pre)    : [64]"), "RoPE key 64")
e.given(L("c_t^KV [512]  +  k_t^R [64]"), "cached parts")
e.claim(L("合计 = 576 个元素 / layer / token"), "cached elements per layer per token", ["576"], [512 + 64])
e.claim(L("kv_b_proj            : [512] -> [128 × (128 + 128)] = [32768]"), "128 x (128 + 128)", ["32768"],
        [128 * 256])
e.claim(L("reshape              : [32768] -> [128, 256]"), "32768 / 128", ["256"], [32768 // 128])
e.given(L("├─ k_nope          : [128, 128]"), "k_nope shape")
e.given(L("└─ value_states    : [128, 128]"), "value shape")
e.given(L("concat [128,128] -> o_proj -> [5120]"), "output shapes")

# part 2: toy layer
given_block(L("n_h = 2,\\quad"), 5, "toy dimensions")
for k in (1, 2, 3):
    given_block(L(f"c_{k}^{{KV}}=") + 2, 3, f"c{k}")
given_block(L("k_1^R = 1,\\qquad"), 3, "RoPE keys")
given_block(L("\\tilde q_{3,1}=") + 2, 3, "absorbed query head 1")
e.given(L("q_{3,1}^R = 1"), "RoPE query head 1")
given_block(L("\\tilde q_{3,2}=", 1) + 2, 3, "absorbed query head 2")
e.given(L("q_{3,2}^R = -1"), "RoPE query head 2")

c = [M([[1, 0, 1]]), M([[0, 2, 1]]), M([[1, 1, 0]])]
kR = [1, 0, -1]
heads = {1: (M([[1, 0, 1]]), 1), 2: (M([[0, 1, 1]]), -1)}
content = {h: [(q * c[j].T)[0, 0] for j in range(3)] for h, (q, _) in heads.items()}
rope = {h: [r * kR[j] for j in range(3)] for h, (_, r) in heads.items()}
score = {h: [content[h][j] + rope[h][j] for j in range(3)] for h in heads}
alpha = {}
for h in heads:
    den = sum(sp.exp(s) for s in score[h])
    alpha[h] = [sp.exp(s) / den for s in score[h]]
u = {h: sum((alpha[h][j] * c[j] for j in range(3)), sp.zeros(1, 3)) for h in heads}

# head 1
anchors = [L("### 8.1"), L("### 8.2"), L("### 8.3")]
for j, a in enumerate(anchors):
    e.given(L("1&0&1", 1, a), "absorbed query head 1 (row)")
    first = L("\\begin{bmatrix}", 2, a) + 1
    given_block(first, 3, f"c{j + 1} restated")
    e.claim(first + 4, f"head 1 content score with c{j + 1}", [str(content[1][j])], [content[1][j]])
r1 = L("q_{3,1}^R k_1^R = 1\\cdot 1 = 1")
e.claim(r1, "head 1 RoPE term token 1", ["1"], [rope[1][0]])
e.claim(L("q_{3,1}^R k_2^R = 1\\cdot 0 = 0"), "head 1 RoPE term token 2", ["0"], [rope[1][1]])
e.claim(L("q_{3,1}^R k_3^R = 1\\cdot (-1) = -1"), "head 1 RoPE term token 3", ["-1"], [rope[1][2]])
e.claim(L("\\hat s_{3,1,1}=2+1=3"), "head 1 score token 1", ["2", "1", "3"], [content[1][0], rope[1][0], score[1][0]])
e.claim(L("\\hat s_{3,2,1}=1"), "head 1 score token 2", ["1"], [score[1][1]])
e.claim(L("\\hat s_{3,3,1}=0"), "head 1 score token 3", ["0"], [score[1][2]])
e.claim(L("[3,1,0]"), "head 1 scores", ["3", "1", "0"], score[1])
w1 = ["0.844", "0.114", "0.042"]
e.claim(L("\\alpha_{3,:,1}\\approx[0.844,,0.114,,0.042]"), "softmax([3,1,0])", w1, alpha[1])
for p, a in zip(w1, alpha[1]):
    e.claim(L(p + ",c_", 1), "head 1 weight restated", [p], [a])
a = L("代入具体数值：", 1)
for k, p in enumerate(w1):
    ln = L(p, 1, a)
    e.claim(ln, "head 1 weight restated", [p], [alpha[1][k]])
    given_block(ln + 2, 3, f"c{k + 1} restated")
ul = L("0.886\\\\", 1)
e.rows([ul, ul + 1, ul + 2], "u_{3,1}", [["0.886"], ["0.270"], ["0.958"]], u[1].T)
ol = L("0.886\\\\", 2)
e.rows([ol, ol + 1], "o_{3,1} = first two latent dims", [["0.886"], ["0.270"]], M([[u[1][0]], [u[1][1]]]))

# head 2
given_block(L("\\tilde q_{3,2}=", 2) + 2, 3, "absorbed query head 2 restated")
e.given(L("q_{3,2}^R=-1"), "RoPE query head 2 restated")
anchors = [L("### 9.1"), L("### 9.2"), L("### 9.3")]
for j, a in enumerate(anchors):
    e.given(L("0&1&1", 1, a), "absorbed query head 2 (row)")
    if j < 2:
        ln = L("\\begin{bmatrix}", 2, a) + 1
        e.given(ln, f"c{j + 1} restated (printed as one garbled row)")
        res = ln + 2
    else:
        first = L("\\begin{bmatrix}", 2, a) + 1
        given_block(first, 3, "c3 restated")
        res = first + 4
    e.claim(res, f"head 2 content score with c{j + 1}", [str(content[2][j])], [content[2][j]])
e.claim(L("q_{3,2}^R k_1^R = (-1)\\cdot 1 = -1"), "head 2 RoPE term token 1", ["-1"], [rope[2][0]])
e.claim(L("q_{3,2}^R k_2^R = (-1)\\cdot 0 = 0"), "head 2 RoPE term token 2", ["0"], [rope[2][1]])
e.claim(L("q_{3,2}^R k_3^R = (-1)\\cdot(-1)=1"), "head 2 RoPE term token 3", ["1"], [rope[2][2]])
e.claim(L("\\hat s_{3,1,2}=0"), "head 2 score token 1", ["0"], [score[2][0]])
e.claim(L("\\hat s_{3,2,2}=3"), "head 2 score token 2", ["3"], [score[2][1]])
e.claim(L("\\hat s_{3,3,2}=2"), "head 2 score token 3", ["2"], [score[2][2]])
e.claim(L("[0,3,2]"), "head 2 scores", ["0", "3", "2"], score[2])
w2 = ["0.035", "0.705", "0.259"]
e.claim(L("\\alpha_{3,:,2}\\approx[0.035,,0.705,,0.259]"), "softmax([0,3,2])", w2, alpha[2])
for p, a in zip(w2, alpha[2]):
    e.claim(L(p + ",c_", 1), "head 2 weight restated", [p], [a])
ul = L("0.294\\\\")
e.rows([ul, ul + 1, ul + 2], "u_{3,2} (0.035 + 0.259 and 2 x 0.705 + 0.259 from the rounded weights)",
       [["0.294"], ["1.669"], ["0.741"]], u[2].T, causes={0: "drift", 1: "drift"})
ol = L("1.669\\\\", 2)
e.rows([ol, ol + 1], "o_{3,2} = last two latent dims", [["1.669"], ["0.741"]], M([[u[2][1]], [u[2][2]]]),
       causes={0: "carried"})
cl = L("0.886\\\\", 3)
e.rows([cl, cl + 1, cl + 2, cl + 3], "Concat(o_{3,1}, o_{3,2})", [["0.886"], ["0.270"], ["1.669"], ["0.741"]],
       M([[u[1][0]], [u[1][1]], [u[2][1]], [u[2][2]]]), causes={2: "carried"})
e.claim(L("这里 query 每头维度是 `128+64=192`"), "table: 128 + 64", ["192"], [192])
e.done()
