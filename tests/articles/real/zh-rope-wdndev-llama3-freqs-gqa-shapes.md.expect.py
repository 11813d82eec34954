# Expected verdicts for zh-rope-wdndev-llama3-freqs-gqa-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the printed config of the 2-layer copy of Llama3 8B): dim = 4096, n_heads = 32, n_kv_heads = 8,
# rope_theta = 500000; the prompt gives 17 tokens (the printed id list has 17 entries).
# - head_dim = 4096 / 32 = 128; K/V projections 8 * 128 = 1024 rows; 32 / 8 = 4 query heads share a KV head;
#   1024 / 4096 = 1/4; pairs 128 / 2 = 64; the stacked heads 32 * 128 = 4096.  Every torch.Size print agrees.
# - zero_to_one_split_into_64_parts[i] = i / 64 at 4 places (ties such as 1/64 = 0.015625 -> 0.0156 agree);
#   freqs[i] = 500000^(-i/64) at 5 significant digits: all 64 agree (the float32 error stays far below a unit).
# - The causal mask rows have i + 1 zeros (the -inf entries are the mask, as intended); the loop stores 32 heads.
# - The intro says the original model has 32 layers while the printed config (2-layer copy) says 2; the note explains it,
#   so the 32 is recorded as given.  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["rope", "gqa", "shapes", "mask", "torch-print", "notebook"])
L = e.line
dim, n_heads, n_kv, theta, T = 4096, 32, 8, 500000, 17
hd = dim // n_heads


def size_after(code_needle, printed, exact, what, nth=1):
    """The torch.Size print that follows a code line."""
    c = L(code_needle, nth)
    ln = L("torch.Size(", 1, c)
    e.claim(ln, what, printed, exact)
    return ln


# intro and config
ln = L("说明：这份笔记是 naklecha")
e.given(ln, "original model 32 layers ~15G; 2-layer copy ~2.7G; 4~5G RAM; 16G machine fails")
e.given(L("{'dim': 4096,"), "dim")
e.given(L(" 'n_layers': 2,"), "n_layers of the 2-layer copy")
e.given(L(" 'n_heads': 32,"), "n_heads")
e.given(L(" 'n_kv_heads': 8,"), "n_kv_heads")
e.given(L(" 'vocab_size': 128256,"), "vocab_size")
e.given(L(" 'multiple_of': 1024,"), "multiple_of")
e.given(L(" 'ffn_dim_multiplier': 1.3,"), "ffn multiplier")
e.given(L(" 'norm_eps': 1e-05,"), "norm_eps")
e.given(L(" 'rope_theta': 500000.0}"), "rope_theta")
e.given(L("1. 原模型共有 32 个 Transformer 层"), "original model depth (the printed copy keeps 2, as the intro says)")
e.claim(L("2. 每个多头注意力块里有 32 个头"), "heads per attention block = n_heads", ["32"], [n_heads])
e.given(L("开头补上一个 `<|begin_of_text|>`（id 128000）"), "BOS id")
e.given(L("[128000, 1820, 4320"), "token ids (17 of them)")

# embeddings
ln = L("原来 `[17x1]` 的 token 序列变成 `[17x4096]`")
e.claim(ln, "token count and embedding width", ["17", "1", "17", "4096", "4096"], [T, 1, T, dim, dim])
size_after("token_embeddings_unnormalized.shape", ["17", "4096"], [T, dim], "embedding shape")
size_after("token_embeddings.shape", ["17", "4096"], [T, dim], "normalised embedding shape")

# attention weights
ln = L("形状依次是 `[4096x4096]`、`[1024x4096]`")
e.claim(ln, "wq, wk, wv, wo shapes", ["4096", "4096", "1024", "4096", "1024", "4096", "4096", "4096"],
        [dim, dim, n_kv * hd, dim, n_kv * hd, dim, dim, dim])
ln = L("torch.Size([4096, 4096]) torch.Size([1024, 4096])")
e.claim(ln, "printed weight shapes", ["4096", "4096", "1024", "4096", "1024", "4096", "4096", "4096"],
        [dim, dim, n_kv * hd, dim, n_kv * hd, dim, dim, dim])
ln = L("拆开之后形状是 `[32x128x4096]`")
e.claim(ln, "per-head query weights and the meaning of each axis", ["32", "128", "4096", "32", "128", "4096"],
        [n_heads, hd, dim, n_heads, hd, dim])
size_after("q_layer0.shape", ["32", "128", "4096"], [n_heads, hd, dim], "q_layer0 shape")
e.claim(L("第一层第一个头的 query 权重是 `[128x4096]`"), "head-0 query weight", ["128", "4096"], [hd, dim])
size_after("q_layer0_head0.shape", ["128", "4096"], [hd, dim], "q_layer0_head0 shape")
ln = L("形状 `[17x128]`（17 个 token，每个一条长 128 的 query）")
e.claim(ln, "queries per token", ["17", "128", "17", "128"], [T, hd, T, hd])
size_after("q_per_token.shape", ["17", "128"], [T, hd], "q_per_token shape")

# RoPE
size_after("q_per_token_split_into_pairs.shape", ["17", "64", "2"], [T, hd // 2, 2], "query pairs shape")
ln = L("得到 `[17x64x2]`：每个 token 的 128 维 query 被分成 64 对")
e.claim(ln, "pairs", ["17", "64", "2", "128", "64"], [T, hd // 2, 2, hd, hd // 2])
e.given(L("zero_to_one_split_into_64_parts = torch.tensor(range(64))/64"), "i / 64 for i < 64")
first = L("tensor([0.0000, 0.0156")
idx = 0
for k in range(8):
    nums = e.lines[first - 1 + k].replace("tensor([", "").replace("])", "").replace(",", " ").split()
    e.claim(first + k, f"i/64, row {k + 1}", nums, [R(idx + j, 64) for j in range(len(nums))])
    idx += len(nums)
assert idx == 64
e.given(L("freqs = 1.0 / (rope_theta ** zero_to_one_split_into_64_parts)"), "freqs formula")
first = L("tensor([1.0000e+00, 8.1462e-01")
idx = 0
for k in range(11):
    nums = e.lines[first - 1 + k].replace("tensor([", "").replace("])", "").replace(",", " ").split()
    e.claim(first + k, f"500000^(-i/64), row {k + 1}", nums,
            [sp.Integer(theta) ** (-R(idx + j, 64)) for j in range(len(nums))])
    idx += len(nums)
assert idx == 64
e.claim(L("把位置（0 到 16）和上面的频率做外积"), "positions 0..T-1", ["0", "16"], [0, T - 1])
e.given(L("freqs_for_each_token = torch.outer(torch.arange(17), freqs)"), "17 positions")
size_after("q_per_token_as_complex_numbers.shape", ["17", "64"], [T, hd // 2], "complex query shape")
size_after("q_per_token_as_complex_numbers_rotated.shape", ["17", "64"], [T, hd // 2], "rotated complex query")
size_after("q_per_token_split_into_pairs_rotated.shape", ["17", "64", "2"], [T, hd // 2, 2], "rotated pairs")
e.claim(L("合并回去，就得到旋转后的 query，形状 `[17x128]`"), "rotated query", ["17", "128"], [T, hd])
size_after("q_per_token_rotated.shape", ["17", "128"], [T, hd], "rotated query shape")

# keys
e.claim(L("- key 向量同样是 128 维"), "key dim", ["128"], [hd])
e.claim(L("key 的权重只有 query 的 1/4，因为每 4 个头共用"), "KV weight share and group size",
        ["1/4", "4"], [R(n_kv * hd, dim), R(n_heads, n_kv)])
size_after("k_layer0.shape", ["8", "128", "4096"], [n_kv, hd, dim], "k_layer0 shape")
size_after("k_layer0_head0.shape", ["128", "4096"], [hd, dim], "k head 0")
size_after("k_per_token.shape", ["17", "128"], [T, hd], "k_per_token")
size_after("k_per_token_split_into_pairs.shape", ["17", "64", "2"], [T, hd // 2, 2], "key pairs")
size_after("k_per_token_as_complex_numbers.shape", ["17", "64"], [T, hd // 2], "complex keys")
size_after("k_per_token_split_into_pairs_rotated.shape", ["17", "64", "2"], [T, hd // 2, 2], "rotated key pairs")
size_after("k_per_token_rotated.shape", ["17", "128"], [T, hd], "rotated keys")

# scores and mask
ln = L("旋转后的 query 和 key 都是 `[17x128]`")
e.claim(ln, "q, k and score shapes", ["17", "128", "17", "17"], [T, hd, T, T])
size_after("qk_per_token.shape", ["17", "17"], [T, T], "score shape")
first = L("tensor([[0., -inf")
for i in range(T):
    e.claim(first + i, f"causal mask row {i + 1} (allowed entries are 0)", ["0"] * (i + 1), [0] * (i + 1))

# values and heads
e.claim(L("value 权重同样每 4 个头共享一份，所以形状是 `[8x128x4096]`"), "value weights",
        ["4", "8", "128", "4096"], [R(n_heads, n_kv), n_kv, hd, dim])
size_after("v_layer0.shape", ["8", "128", "4096"], [n_kv, hd, dim], "v_layer0 shape")
size_after("v_layer0_head0.shape", ["128", "4096"], [hd, dim], "v head 0")
e.claim(L("每个 token 的 value 向量是 `[17x128]`"), "values per token", ["17", "128"], [T, hd])
size_after("v_per_token.shape", ["17", "128"], [T, hd], "v_per_token")
e.claim(L("注意力输出 `[17*128]`"), "head output", ["17", "128"], [T, hd])
size_after("qkv_attention.shape", ["17", "128"], [T, hd], "head-0 attention output")
e.given(L("k_layer0_head = k_layer0[head//4]"), "KV head index")
e.given(L("v_layer0_head = v_layer0[head//4]"), "KV head index")
e.given(L("/(128)**0.5"), "scale 1/sqrt(128)")
c = L("len(qkv_attention_store)")
e.claim(L("32", 1, c), "stored heads", ["32"], [n_heads])
e.claim(L("32 个头各自的 `[17x128]` 输出拼起来，就是 `[17x4096]`"), "stacked heads",
        ["32", "17", "128", "17", "4096"], [n_heads, T, hd, T, n_heads * hd])
size_after("stacked_qkv_attention.shape", ["17", "4096"], [T, n_heads * hd], "stacked")
size_after("w_layer0.shape", ["4096", "4096"], [dim, dim], "wo")
size_after("embedding_delta.shape", ["17", "4096"], [T, dim], "delta")
size_after("embedding_after_edit.shape", ["17", "4096"], [T, dim], "after residual")
e.done()
