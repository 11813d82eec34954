# Expected verdicts for zh-basic-gaoxianglong-nova-model-py.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese comments in a from-scratch decoder-only model (Nova, model.py at commit 979cd2d), every step with small numbers.
# SiLU example: silu(x) = x*sigmoid(x) on W1.x = [1.2, -0.3, 0.8, 0.5, -2.0, 0.1, 0.3, -0.7]
#   -> [0.922, -0.128, 0.552, 0.311, -0.238, 0.052, 0.172, -0.232].  Printed -0.04 for silu(-2.0) (exact -0.2384)
#   and -0.16 for silu(-0.7) (exact -0.2323): both wrong, cause slip (the other six agree).
# Attention: Q_hao.K dot products 0.02, 0.32, 0.30, 0.16 (right); scaling demo softmax([8,3,1,2]) = [0.990, 0.007,
#   0.0009, 0.0025] -> [0.99, 0.01, 0.00, 0.00]; /8 -> [1, 0.375, 0.125, 0.25] -> softmax [0.412, 0.221, 0.172, 0.195]
#   (right); masked softmax([3.1, 0.4, 0.5, -inf]) = [0.876, 0.059, 0.065, 0] -> [0.88, 0.06, 0.07, 0.00] (right).
#   The weights "[0.21, 0.50, 0.29, 0.00]" for "hao" are not determined: every step of this walkthrough starts from
#   fresh example numbers (the 3.1 scores, the 3.3 matrix and the 3.4 row do not match one another), and no reading
#   reproduces them (softmax of the masked hao row [0.2, 0.9, 0.5] is [0.229, 0.462, 0.309], or [0.279, 0.396, 0.325]
#   after /sqrt(4)) -> ambiguous.  The weighted sum from those weights is [0.505, 0.516, 0.358, 0.429]; 0.505 is an
#   exact tie, so 0.51 is right.
# Parameters (vocab 1000, d_model 128, max_seq_len 128, d_ff 512, 4 blocks): block = 4*128^2 + 3*128*512 + 2*128
#   = 262,400; total 1,322,112 (right).  In the summary table the share of each 128,000-parameter embedding is
#   128000/1322112 = 9.6815% -> 9.68%, printed 9.69% (twice): wrong, cause slip.  1.24%, 0.01%, 4.96% agree.
# Init: sqrt(128) = 11.31 -> 11, 0.02*sqrt(128) = 0.226 -> 0.23, sqrt(6/256) = 0.1531, sqrt(6/640) = 0.0968 (right).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["basic", "causal-mask", "softmax", "scaling", "output", "silu",
                                            "params", "percent", "code-comments"])

# --- SiLU example -----------------------------------------------------------------------------------------
xs = [R(12, 10), R(-3, 10), R(8, 10), R(5, 10), R(-2), R(1, 10), R(3, 10), R(-7, 10)]
silu = [x / (1 + sp.exp(-x)) for x in xs]
e.given(e.line("#  W1 · x  = [ 1.2,"), "W1 . x (example input)")
L = e.line("# SiLU    = [ 0.92,")
ok = [0, 1, 2, 3, 5, 6]
e.claim(L, "silu of 1.2, -0.3, 0.8, 0.5, 0.1, 0.3", ["0.92", "-0.13", "0.55", "0.31", "0.05", "0.17"],
        [silu[i] for i in ok])
e.claim(L, "silu(-2.0) = -2*sigmoid(-2) = -0.2384", ["-0.04"], [silu[4]], cause="slip")
e.claim(L, "silu(-0.7) = -0.7*sigmoid(-0.7) = -0.2323", ["-0.16"], [silu[7]], cause="slip")

# --- heads, dropout, split --------------------------------------------------------------------------------------
L = e.line("每个头负责 384 / 6 = 64")
e.claim(L, "head_dim = 384 / 6", ["64"], [64])
e.claim(e.line("即表示随机丢弃 10% 的数值"), "dropout 0.1 as a percentage", ["10%"], [R(1, 10)])
e.given(e.line("# 输入:       [0.5, 0.8,"), "dropout example input")
e.ambiguous(e.line("# Dropout后: [0.5, 0.0,"),
            "which entries dropout zeroes is random (an illustration); nn.Dropout would also rescale the kept "
            "entries by 1/0.9, which the illustration leaves out")
e.given(e.line("# 拆之前：[0.1, 0.2,"), "8-dim vector before the head split")
e.claim(e.line("#   头0: [0.1, 0.2, 0.3, 0.4]"), "head 0 = first 4 numbers", ["0.1", "0.2", "0.3", "0.4"],
        [R(1, 10), R(2, 10), R(3, 10), R(4, 10)])
e.claim(e.line("#   头1: [0.5, 0.6, 0.7, 0.8]"), "head 1 = last 4 numbers", ["0.5", "0.6", "0.7", "0.8"],
        [R(5, 10), R(6, 10), R(7, 10), R(8, 10)])
e.claim(e.line("#   token0: 头0[0.1,0.2,0.3,0.4]"), "token0 split by head", ["0.1", "0.4", "0.5", "0.8"],
        [R(1, 10), R(4, 10), R(5, 10), R(8, 10)])
e.claim(e.line("#   头0: token0[0.1,0.2,0.3,0.4]"), "head 0 after transpose", ["0.1", "0.4"], [R(1, 10), R(4, 10)])
e.claim(e.line("#   头1: token0[0.5,0.6,0.7,0.8]"), "head 1 after transpose", ["0.5", "0.8"], [R(5, 10), R(8, 10)])

# --- 3.1 dot products ----------------------------------------------------------------------------------------------
e.given(e.line("# 假设 4 个 token（<s>你好吗）"), "4 tokens, 4 dims per head")
q = M([["0.3", "0.1", "-0.2", "0.4"]])
K = M([["0.1", "-0.1", "0.0", "0.0"], ["0.4", "0.2", "-0.3", "0.3"], ["0.3", "0.1", "-0.2", "0.4"],
       ["0.2", "0.0", "-0.1", "0.2"]])
for needle, what in [("#   Q_好 = [", "Q_hao"), ("#   K_<s> = [", "K_<s>"), ("#   K_你  = [", "K_ni"),
                     ("#   K_好  = [", "K_hao"), ("#   K_吗  = [", "K_ma")]:
    e.given(e.line(needle), what)
s = q * K.T
for j, (needle, pr) in enumerate([('"好"对"<s>"的分数', "0.02"), ('"好"对"你"的分数', "0.32"),
                                  ('"好"对"好"的分数', "0.30"), ('"好"对"吗"的分数', "0.16")]):
    e.claim(e.line(needle), f"Q_hao . K_{j} (operands restated from the given vectors)", [pr], [s[j]])
e.claim(e.line("得到一个 4×4 的分数矩阵"), "score matrix is tokens x tokens", ["4", "4"], [4, 4])

# --- 3.2 scaling demo ---------------------------------------------------------------------------------------------
e.given(e.line("# head_dim = 4 时："), "head_dim = 4 -> 4 terms")
e.given(e.line("# head_dim = 64 时："), "head_dim = 64 -> 64 terms")
e.given(e.line("缩放前分数 [8.0, 3.0, 1.0, 2.0]"), "example scores before scaling")
raw = M([[8, 3, 1, 2]])
e.claim(e.line("#   softmax → [0.99, 0.01, 0.00, 0.00]"), "softmax([8,3,1,2]) unscaled",
        ["0.99", "0.01", "0.00", "0.00"], list(softmax_rows(raw)))
L = e.line("#   ÷√64=÷8 → [1.0, 0.375, 0.125, 0.25]")
e.claim(L, "sqrt(64) and scores / 8", ["8", "1.0", "0.375", "0.125", "0.25"],
        [sp.sqrt(64)] + list(raw / 8))
e.claim(e.line("#   softmax → [0.41, 0.22, 0.17, 0.19]"), "softmax(scores / 8)", ["0.41", "0.22", "0.17", "0.19"],
        list(softmax_rows(raw / 8)))

# --- 3.3 causal mask ----------------------------------------------------------------------------------------------
rows = {"<s>": ["0.5"], "你": ["0.1", "0.6"], "好": ["0.2", "0.9", "0.5"], "吗": ["0.3", "0.4", "0.6", "0.8"]}
for tok, needle in [("<s>", "# <s>  → [ 0.5,"), ("你", "# 你   → [ 0.1,"), ("好", "# 好   → [ 0.2,"),
                    ("吗", "# 吗   → [ 0.3,")]:
    L = e.line(needle)
    e.given(L, f"raw scores row {tok} (left)")
    e.claim(L, f"masked row {tok}: entries on or below the diagonal kept", rows[tok], [R(v) for v in rows[tok]])

# --- 3.4 masked softmax -------------------------------------------------------------------------------------------
w34 = softmax_rows(M([["3.1", "0.4", "0.5"]]))
e.claim(e.line("# [3.1, 0.4, 0.5, -inf] → [0.88, 0.06, 0.07, 0.00]"), "softmax([3.1, 0.4, 0.5, -inf])",
        ["0.88", "0.06", "0.07", "0.00"], list(w34) + [0])

# --- 3.6 weighted sum ---------------------------------------------------------------------------------------------
e.ambiguous(e.line('# "好"的注意力权重：[0.21, 0.50, 0.29, 0.00]'),
            "the walkthrough restarts from fresh example numbers at each step (3.1 scores, 3.3 matrix and 3.4 row "
            "do not match); no reading reproduces these weights (softmax of the masked hao row [0.2, 0.9, 0.5] is "
            "[0.229, 0.462, 0.309], after /sqrt(4) [0.279, 0.396, 0.325]), so they are read as a new input")
V = M([["1.0", "0.0", "0.5", "0.2"], ["0.3", "0.8", "0.1", "0.6"], ["0.5", "0.4", "0.7", "0.3"]])
for needle, what in [("# V_<s> = [1.0,", "V_<s>"), ("# V_你  = [0.3,", "V_ni"), ("# V_好  = [0.5,", "V_hao")]:
    e.given(e.line(needle), what)
w = M([["0.21", "0.50", "0.29"]])
out = w * V
L = e.line('# "好"的新向量 = 0.21×V_<s>')
e.claim(L, "weights restated", ["0.21", "0.50", "0.29"], list(w))
e.claim(L, "0.21 V_<s> + 0.50 V_ni + 0.29 V_hao = [0.505, 0.516, 0.358, 0.429] (0.505 an exact tie)",
        ["0.51", "0.52", "0.36", "0.43"], list(out))

# --- embeddings ---------------------------------------------------------------------------------------------------
e.given(e.line("（例如 ~1000 × 128）"), "vocab ~1000, d_model 128")
e.given(e.line("存储该 token 的 128 维语义向量"), "128-dim vectors")
e.given(e.line("初始时随机填充（N(0, 0.02)）"), "N(0, 0.02) init")
e.given(e.line("input_ids = [1, 42, 15]"), "example ids")
e.claim(e.line("返回 3 个 128 维向量"), "3 ids -> [3, 128]", ["3", "128"], [3, 128])
e.given(e.line("的查找表（128 × 128）"), "position table 128 x 128")
e.given(e.line("这个信息的 128 维向量"), "128-dim position vector")
e.given(e.line('例如 "你" 在位置 1:'), "position 1")
e.given(e.line("字义向量: [0.12, -0.34, 0.56"), "token vector")
e.given(e.line("位置向量: [0.04, -0.01, 0.05"), "position vector")
e.claim(e.line("相加得到: [0.16, -0.35, 0.61"), "token + position", ["0.16", "-0.35", "0.61"],
        [R("0.12") + R("0.04"), R("-0.34") + R("-0.01"), R("0.56") + R("0.05")])
e.given(e.line("最终的 Linear 层把 128 维向量映射到"), "128-dim")
e.given(e.line("128 个数字 → ~1000 个数字"), "128 -> ~1000")

# --- parameter count ------------------------------------------------------------------------------------------------
vocab, d, dff, T, nl = 1000, 128, 512, 128, 4
block = 4 * d * d + 3 * d * dff + 2 * d
total = vocab * d + T * d + nl * block + d + d * vocab
e.given(e.line("假设 vocab_size = 1000:"), "vocab 1000")
number_claim(e, e.line("Token Embedding:    1000 × 128"), "token embedding 1000 x 128", "128,000", vocab * d)
number_claim(e, e.line("Position Embedding: 128 × 128"), "position embedding 128 x 128", "16,384", T * d)
L = e.line("TransformerBlock × 4: 4 × 262,400")
number_claim(e, L, "one block: 4*128^2 + 3*128*512 + 2*128", "262,400", block)
number_claim(e, L, "4 blocks", "1,049,600", nl * block)
e.claim(e.line("Final RMSNorm:      128                     = 128"), "final RMSNorm gamma", ["128"], [d])
number_claim(e, e.line("Output Linear:      128 × 1000"), "output linear 128 x 1000", "128,000", d * vocab)
L = e.line("总计:               ~1,322,112")
number_claim(e, L, "total parameters", "1,322,112", total)
e.claim(L, "total in millions", ["1.3"], [R(total, 10**6)])

# --- init ------------------------------------------------------------------------------------------------------------
e.given(e.line("正态分布 N(0, 0.02)"), "std 0.02")
e.claim(e.line("（约 √128 ≈ 11）"), "sqrt(128) = 11.31", ["11"], [sp.sqrt(128)], rounded_int=True)
e.claim(e.line("0.02 使范数约 0.02×√128 ≈ 0.23"), "0.02*sqrt(128) = 0.2263", ["0.23"], [R(2, 100) * sp.sqrt(128)])
e.claim(e.line("例如 W_Q [128, 128]：范围约 ±0.153"), "sqrt(6/(128+128))", ["0.153"], [sp.sqrt(R(6, 256))])
e.claim(e.line("例如 FFN W1 [128, 512]：范围约 ±0.097"), "sqrt(6/(128+512))", ["0.097"], [sp.sqrt(R(6, 640))])

# --- summary table ---------------------------------------------------------------------------------------------------
def row(needle, count_str, count, pct_str, cause="slip"):
    L = e.line(needle)
    number_claim(e, L, f"{needle.strip('│ ').strip()} count", count_str, count)
    e.claim(L, f"{needle.strip('│ ').strip()} share {count}/{total}", [pct_str], [R(count, total)], cause=cause)

row("│ Token Embedding   ", "128,000", vocab * d, "9.69%")
row("│ Position Embedding", "16,384", T * d, "1.24%")
row("│ Block 0 - attn_norm", "128", d, "0.01%")
row("│ Block 0 - attn    ", "65,536", 4 * d * d, "4.96%")
row("│ Final RMSNorm     ", "128", d, "0.01%")
row("│ Output Linear     ", "128,000", d * vocab, "9.69%")
row("│ 总计", "1,322,112", total, "100.00%")

e.done()
