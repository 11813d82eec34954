# Expected verdicts for zh-kv-shiningstarpxx-hidden-size-fix.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 7B model, d_model 4096, 32 heads of head_dim 4096/32 = 128, 32 layers, seq 2048, batch 1, FP16 (2 bytes).
# The first estimate 1 x 2048 x 32 x 4096 x 2 = 536,870,912 bytes = 536.87 MB (512 MiB): "536MB" is the value cut,
# not rounded (537), so the three lines that print it are wrong (slip).  536MB x 32 = 17GB is right (17.18 GB).
# The code comments print what their code computes: the first function leaves out the 2 bytes per element
# (524,288 = 2048 x 128 x 2 is K+V of one head counted in elements), so its outputs are right as printed.
# Sizes are read as decimal (MB = 1e6) or binary (MiB); the code divides by 1024**2 / 1024**3.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="zh", topics=["kv-cache", "mha", "sizes", "code-comments"])
DEC = {"MB": 10**6, "GB": 10**9}
BIN = {"MB": 2**20, "GB": 2**30}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


B, S, L, H, D, BYTES, DMODEL = 1, 2048, 32, 32, 128, 2, 4096
first = B * S * 32 * DMODEL * 2          # the first estimate's product

# the first estimate
e.given(e.line("KV_cache = batch_size × seq_len × layers × hidden_size × 2 bytes"), "the first formula")
e.given(e.line("# 示例: 7B模型，2048上下文，batch=1"), "7B, 2048 tokens, batch 1")
claim_n(e.line("KV_cache = 1 × 2048 × 32 × 4096 × 2 = 536MB (每层)"), "1 x 2048 x 32 x 4096 x 2 in MB", "536",
        size(first, "MB"))
claim_n(e.line("总KV_cache = 536MB × 32 = 17GB"), "that size x 32 in GB", "17", size(first * 32, "GB"))

# 1. dimensions
e.given(e.line("self.d_model = 4096"), "d_model 4096")
e.given(e.line("self.num_heads = 32"), "32 heads")
e.given(e.line("self.num_layers = 32"), "32 layers")
e.given(e.line("self.head_dim = 128       #"), "head_dim 128")
claim_n(e.line("# 4096 / 32 = 128"), "4096 / 32", "128", sp.Integer(4096) / 32)

# 2. per head, per layer, all layers (elements x 2 for K+V; no bytes factor in this code)
head = B * S * D * 2
L1 = e.line("# 单个头KV缓存: 524,288 bytes (0.5 MB)")
claim_n(L1, "1 x 2048 x 128 x 2", "524,288", head)
claim_n(L1, "/1024**2", "0.5", sp.Integer(head) / 2**20)
L1 = e.line("# 单层所有头KV缓存: 16,777,216 bytes (16.0 MB)")
claim_n(L1, "x 32 heads", "16,777,216", head * H)
claim_n(L1, "/1024**2", "16.0", sp.Integer(head * H) / 2**20)
L1 = e.line("# 所有层KV缓存: 536,870,912 bytes (0.50 GB)")
claim_n(L1, "x 32 layers", "536,870,912", head * H * 32)
claim_n(L1, "/1024**3", "0.50", sp.Integer(head * H * 32) / 2**30)

# 3. with 2 bytes per element
m = B * S * D * BYTES
for needle, val, n1, n2, div in (("# 单个头的单个矩阵: 524,288 bytes (0.50 MB)", m, "524,288", "0.50", 2**20),
                                 ("# 单个头的KV缓存: 1,048,576 bytes (1.00 MB)", 2 * m, "1,048,576", "1.00", 2**20),
                                 ("# 单层KV缓存: 33,554,432 bytes (32.0 MB)", 2 * m * H, "33,554,432", "32.0", 2**20),
                                 ("# 总KV缓存: 1,073,741,824 bytes (1.00 GB)", 2 * m * H * L, "1,073,741,824", "1.00",
                                  2**30)):
    L1 = e.line(needle)
    claim_n(L1, "bytes", n1, val)
    claim_n(L1, "size", n2, sp.Integer(val) / div)

# 4. side by side
L1 = e.line("原始计算: 1 × 2048 × 32 × 4096 × 2 = 536MB (每层) × 32 = 17GB")
claim_n(L1, "1 x 2048 x 32 x 4096 x 2 in MB", "536", size(first, "MB"))
claim_n(L1, "x 32 in GB", "17", size(first * 32, "GB"))
L1 = e.line("正确计算: 1 × 2048 × 32 × 128 × 2 × 2 = 32MB (每层) × 32 = 1GB")
claim_n(L1, "1 x 2048 x 32 x 128 x 2 x 2 in MB", "32", size(2 * m * H, "MB"))
claim_n(L1, "x 32 in GB", "1", size(2 * m * H * L, "GB"))

# 5. formula
claim_n(e.line("# 结果：1.00 GB"), "B S H D 2 bytes L / 1024**3", "1.00", sp.Integer(2 * m * H * L) / 2**30)

# summary
L1 = e.line("❌ 错误计算:")
claim_n(L1, "1 x 2048 x 32 x 4096 x 2 in MB", "536", size(first, "MB"))
claim_n(L1, "x 32 in GB", "17", size(first * 32, "GB"))
L1 = e.line("✅ 正确计算:")
claim_n(L1, "1 x 2048 x 32 x 128 x 2 x 2 in MB", "32", size(2 * m * H, "MB"))
claim_n(L1, "x 32 in GB", "1", size(2 * m * H * L, "GB"))
claim_n(e.line("head_dim=128,  # 4096 / 32"), "4096 / 32", "128", sp.Integer(4096) / 32)
claim_n(e.line('GB")  # 1.00 GB'), "kv_cache_memory_precise(...)", "1.00", sp.Integer(2 * m * H * L) / 2**30)
claim_n(e.line("结论：按作者修正后的算法"), "7B KV cache in GB", "1", size(2 * m * H * L, "GB"))
e.done()
