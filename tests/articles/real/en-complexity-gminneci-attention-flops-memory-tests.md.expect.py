# Expected verdicts for en-complexity-gminneci-attention-flops-memory-tests.md, computed with plain SymPy (see
# oracle.py); not symattn's code.
# The article: hand-derived test cases for an attention-layer cost model (FLOPs, weight/activation/KV bytes,
# communication payload) for MHA prefill on 1 chip, prefill with TP=4 over heads, one decode step with TP=4, and a
# KV-sharded context-parallel decode step (CP=4).
# Inputs: d = 1024, h = 16, dh = 64, B = 2, S = 128 (decode: S_past = 128, T = 1, S_total = 129), 2 bytes per element,
# 4 bytes per softmax statistic, tp = 4 / cp = 4; GEMM FLOPs 2*M*K*N; KV = K + V of B*S*d elements each.
# Exact values (all integers): Test 1 projection 536,870,912, QKV 1,610,612,736, scores = applyV = 67,108,864,
# total 2,281,701,376; weights 4,194,304 elems = 8,388,608 B; activations 1,310,720 elems = 2,621,440 B; KV 262,144 /
# 524,288 elems = 1,048,576 B.  Test 2: 570,425,344 FLOPs/chip, 2,097,152 B weights/chip, activations 720,896 elems =
# 1,441,792 B/chip (5,767,168 total), KV 262,144 B/chip, all-reduce 524,288 B.  Test 3: 4,194,304 per projection,
# QKV 12,582,912, scores 528,384 (129*64 = 8,256), total 17,833,984 (4,458,496/chip), activations 11,264 B/chip
# (45,056 total), KV 528,384 elems = 1,056,768 B (264,192/chip), all-reduce 4,096 B.  CP-3a: 131,072 + 131,072 +
# 4,194,304 = 4,456,448/chip (17,825,792 total), weights 33,554,432 total, activations 8,192 / 32,768 B, KV 262,144 B
# per chip, communication 64 scalars * 4 = 256 + 4,096 = 4,352 B.
# Wrong lines: none (every printed number agrees with the exact value).  Ambiguous: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "kv-cache", "sizes", "tensor-parallel"])
I = sp.Integer
d, h, dh, B, S, bpe, tp, cp = 1024, 16, 64, 2, 128, 2, 4, 4
M = B * S


def at(needle, after=0, nth=1):
    return e.line(needle, nth=nth, after=after)


def n(line, what, printed, exact):
    number_claim(e, line, what, printed, I(exact))


def g(line, what="input"):
    e.given(line, what)


# ---- conventions
g(at("* `bytes_per_elem = 2` (FP16/BF16)"), "2 bytes")
g(at("* **FLOPs for GEMM**"), "2*M*K*N")

# ---- Test 1
t1 = at("# Test 1 — Standard Attention Prefill, single chip")
g(t1, "title")
for key in ("* hidden_size `d` = **1024**", "* batch_size `B` = **2**", "* seq_len `S` = **128**",
            "* bytes_per_elem = **2**", "* num_chips = **1**", "* tensor_parallel `tp` = **1**"):
    g(at(key, t1))
ln = at("* head_dim `dh` = **64**  (since 16*64 = 1024)", t1)
n(ln, "h * dh", "1024", h * dh)
g(at("* num_heads `h` = **16**", t1))
n(at("* `M = B*S = 256`", t1), "B*S", "256", M)
g(at("* FLOPs per projection = `2 * M * d * d`", t1), "formula")
proj = 2 * M * d * d
n(at("* = `2 * 256 * 1024 * 1024 = 536,870,912`", t1), "2*M*d*d", "536,870,912", proj)
ln = at("* QKV FLOPs = `3 * 536,870,912 = 1,610,612,736`", t1)
n(ln, "3 x projection", "1,610,612,736", 3 * proj)
g(at("For every batch element and head: `(S×dh) @ (dh×S)`", t1), "formula 2*S*S*dh")
g(at("* FLOPs = `2 * B * h * S * S * dh`", t1), "formula")
g(at("* = `2 * 2 * 16 * 128 * 128 * 64`", t1), "inputs substituted")
n(at("* First: `128*128=16,384`", t1), "S*S", "16,384", S * S)
n(at("* Then: `16,384*64=1,048,576`", t1), "S*S*dh", "1,048,576", S * S * dh)
n(at("* Then: `2*2*16=64`", t1), "2*B*h", "64", 2 * B * h)
scores = 2 * B * h * S * S * dh
n(at("* Total = `64 * 1,048,576 = 67,108,864`", t1), "2*B*h*S*S*dh", "67,108,864", scores)
g(at("For every batch element and head: `(S×S) @ (S×dh)`", t1), "formula 2*S*S*dh")
n(at("* = **67,108,864**", t1), "applyV FLOPs", "67,108,864", scores)
g(at("* FLOPs = `2 * M * d * d`", t1 + 40), "formula")
n(at("* = `536,870,912`", t1), "output projection", "536,870,912", proj)
total1 = 3 * proj + 2 * scores + proj
ln = at("* = `1,610,612,736 + 67,108,864 + 67,108,864 + 536,870,912`", t1)
n(ln, "QKV restated", "1,610,612,736", 3 * proj)
n(ln, "scores restated", "67,108,864", scores)
n(ln, "out projection restated", "536,870,912", proj)
n(at("* = **2,281,701,376**", t1), "total FLOPs", "2,281,701,376", total1)
n(at("* **flops_per_chip = 2,281,701,376**", t1), "FLOPs on 1 chip", "2,281,701,376", total1)
wel = 4 * d * d
ln = at("* total elems = `4 * d * d = 4 * 1024 * 1024 = 4,194,304`", t1)
n(ln, "4*d*d", "4,194,304", wel)
n(at("* bytes = `4,194,304 * 2 = 8,388,608`", t1), "weight bytes", "8,388,608", wel * bpe)
n(at("* **weight_memory_per_chip = 8,388,608**", t1), "weights per chip", "8,388,608", wel * bpe)
n(at("* **weight_memory_total = 8,388,608**", t1), "weights total", "8,388,608", wel * bpe)
act = 5 * M * d
ln = at("Total elems = `5 * M * d = 5 * 256 * 1024 = 1,310,720`", t1)
n(ln, "5*M*d", "1,310,720", act)
n(at("Bytes = `1,310,720 * 2 = 2,621,440`", t1), "activation bytes", "2,621,440", act * bpe)
n(at("* **activation_memory_per_chip = 2,621,440**", t1), "activations per chip", "2,621,440", act * bpe)
n(at("* **activation_memory_total = 2,621,440**", t1), "activations total", "2,621,440", act * bpe)
kvel = B * S * d
n(at("* K cache elems = `B * h * S * dh = B*S*d = 2*128*1024 = 262,144`", t1), "B*S*d", "262,144", kvel)
n(at("* Total KV elems = `2 * 262,144 = 524,288`", t1), "K + V elems", "524,288", 2 * kvel)
n(at("Bytes = `524,288 * 2 = 1,048,576`", t1), "KV bytes", "1,048,576", 2 * kvel * bpe)
n(at("* **kv_cache_per_chip = 1,048,576**", t1), "KV per chip", "1,048,576", 2 * kvel * bpe)
n(at("* **kv_cache_total = 1,048,576**", t1), "KV total", "1,048,576", 2 * kvel * bpe)
n(at("* **communication_bytes = 0**", t1), "single chip", "0", 0)
res1 = {"* flops_per_chip: **": ("2281701376", total1), "* weight_memory_per_chip: **": ("8388608", wel * bpe),
        "* activation_memory_per_chip: **": ("2621440", act * bpe), "* kv_cache_per_chip: **": ("1048576", 2 * kvel * bpe),
        "* flops_total: **": ("2281701376", total1), "* weight_memory_total: **": ("8388608", wel * bpe),
        "* activation_memory_total: **": ("2621440", act * bpe), "* kv_cache_total: **": ("1048576", 2 * kvel * bpe),
        "* communication_bytes: **": ("0", 0)}
r1 = at("### Expected results", t1)
for key, (p, x) in res1.items():
    n(at(key, r1), key.strip("*: "), p, x)

# ---- Test 2
t2 = at("# Test 2 — Standard Attention Prefill, TP = 4 over heads")
g(t2, "title (TP = 4)")
g(at("* num_chips = **4**", t2))
g(at("* tensor_parallel `tp` = **4**", t2))
n(at("* `h_local = 16/4 = 4`", t2), "h / tp", "4", h // tp)
n(at("* `M = 256`", t2), "M", "256", M)
n(at("* **flops_per_chip = flops_total / 4 = 570,425,344**", t2), "total / 4", "570,425,344", total1 / tp)
n(at("* **flops_total = 2,281,701,376**", t2), "total FLOPs", "2,281,701,376", total1)
n(at("* **weight_memory_per_chip = 8,388,608 / 4 = 2,097,152**", t2), "weights / 4", "2,097,152", wel * bpe // tp)
n(at("* **weight_memory_total = 8,388,608**", t2), "weights total", "8,388,608", wel * bpe)
n(at("* X: `M*d = 256*1024 = 262,144`", t2), "M*d", "262,144", M * d)
n(at("* QKV local: `3 * M * d/tp = 3 * 256 * 1024/4 = 196,608`", t2), "3*M*d/tp", "196,608", 3 * M * d // tp)
n(at("* Y: `M*d = 262,144`", t2), "M*d", "262,144", M * d)
act2 = M * d + 3 * M * d // tp + M * d
n(at("Total elems = `262,144 + 196,608 + 262,144 = 720,896`", t2), "X + QKV + Y", "720,896", act2)
n(at("Bytes = `720,896 * 2 = 1,441,792`", t2), "activation bytes per chip", "1,441,792", act2 * bpe)
n(at("* **activation_memory_per_chip = 1,441,792**", t2), "per chip", "1,441,792", act2 * bpe)
n(at("* **activation_memory_total = 4 * 1,441,792 = 5,767,168**", t2), "4 chips", "5,767,168", 4 * act2 * bpe)
n(at("* total KV bytes from Test A = 1,048,576", t2), "KV bytes restated", "1,048,576", 2 * kvel * bpe)
n(at("* **kv_cache_per_chip = 1,048,576 / 4 = 262,144**", t2), "KV / 4", "262,144", 2 * kvel * bpe // tp)
n(at("* **kv_cache_total = 1,048,576**", t2), "KV total", "1,048,576", 2 * kvel * bpe)
n(at("* payload elems = `M * d = 256 * 1024 = 262,144`", t2), "M*d", "262,144", M * d)
n(at("* payload bytes = `262,144 * 2 = 524,288`", t2), "payload bytes", "524,288", M * d * bpe)
n(at("* **communication_bytes = 524,288**", t2), "all-reduce payload", "524,288", M * d * bpe)
res2 = {"* flops_per_chip: **": ("570425344", total1 / tp), "* weight_memory_per_chip: **": ("2097152", wel * bpe // tp),
        "* activation_memory_per_chip: **": ("1441792", act2 * bpe), "* kv_cache_per_chip: **": ("262144", 2 * kvel * bpe // tp),
        "* flops_total: **": ("2281701376", total1), "* weight_memory_total: **": ("8388608", wel * bpe),
        "* activation_memory_total: **": ("5767168", 4 * act2 * bpe), "* kv_cache_total: **": ("1048576", 2 * kvel * bpe),
        "* communication_bytes: **": ("524288", M * d * bpe)}
r2 = at("### Expected results", t2)
for key, (p, x) in res2.items():
    n(at(key, r2), key.strip("*: "), p, x)

# ---- Test 3
t3 = at("# Test 3 — Standard Attention Decode (1 new token)")
g(t3, "title: KV length 128, TP = 4")
for key in ("* hidden_size `d` = **1024**", "* num_heads `h` = **16**", "* head_dim `dh` = **64**",
            "* batch_size `B` = **2**", "* past_seq_len `S_past` = **128**", "* new_tokens `T` = **1**",
            "* bytes_per_elem = **2**", "* num_chips = **4**", "* tensor_parallel `tp` = **4**"):
    g(at(key, t3))
g(at("* `h_local = 4`", t3), "h_local restated")
Mq, St = B * 1, S + 1
n(at("* Queries per step: `M_q = B*T = 2`", t3), "B*T", "2", Mq)
n(at("* KV length used: `S_total = S_past + T = 129`", t3), "S_past + T", "129", St)
g(at("`M_q = 2` takes the place of 256", t3), "M_q vs M")
g(at("* FLOPs per projection = `2 * M_q * d * d`", t3), "formula")
p3 = 2 * Mq * d * d
n(at("* = `2 * 2 * 1024 * 1024 = 4,194,304`", t3), "2*M_q*d*d", "4,194,304", p3)
n(at("* QKV = `3 * 4,194,304 = 12,582,912`", t3), "3 x projection", "12,582,912", 3 * p3)
g(at("For every batch element and head: `(1×dh) @ (dh×S_total)`", t3), "formula")
g(at("* Total FLOPs = `2 * B * h * T * S_total * dh`", t3), "formula")
g(at("* = `2 * 2 * 16 * 1 * 129 * 64`", t3), "inputs substituted")
n(at("* `129*64=8,256`", t3), "S_total*dh", "8,256", St * dh)
n(at("* `2*2*16=64`", t3), "2*B*h", "64", 2 * B * h)
sc3 = 2 * B * h * 1 * St * dh
n(at("* Total = `64 * 8,256 = 528,384`", t3), "decode scores", "528,384", sc3)
n(at("* = **528,384**", t3), "decode applyV", "528,384", sc3)
g(at("* FLOPs = `2 * M_q * d * d`", t3 + 40), "formula")
n(at("* = `4,194,304`", t3), "output projection", "4,194,304", p3)
tot3 = 3 * p3 + 2 * sc3 + p3
ln = at("* `flops_total = 12,582,912 + 528,384 + 528,384 + 4,194,304`", t3)
n(ln, "QKV restated", "12,582,912", 3 * p3)
n(ln, "scores restated", "528,384", sc3)
n(ln, "out projection restated", "4,194,304", p3)
n(at("* = **17,833,984**", t3), "decode total", "17,833,984", tot3)
g(at("Per chip at TP=4:", t3), "TP = 4")
n(at("* **flops_per_chip = 17,833,984 / 4 = 4,458,496**", t3), "total / 4", "4,458,496", tot3 / tp)
n(at("* **weight_memory_per_chip = 2,097,152**", t3), "weights per chip", "2,097,152", wel * bpe // tp)
n(at("* **weight_memory_total = 8,388,608**", t3), "weights total", "8,388,608", wel * bpe)
ln = at("* X_new: `M_q×d = 2×1024 = 2,048 elems` → 4,096 B", t3)
n(ln, "M_q*d", "2,048", Mq * d)
n(ln, "bytes", "4,096", Mq * d * bpe)
ln = at("* QKV_new local slice:", t3)
n(ln, "3*M_q*d/tp", "1,536", 3 * Mq * d // tp)
n(ln, "bytes", "3,072", 3 * Mq * d // tp * bpe)
ln = at("* Y_new: `M_q×d = 2,048 elems` → 4,096 B", t3)
n(ln, "M_q*d", "2,048", Mq * d)
n(ln, "bytes", "4,096", Mq * d * bpe)
a3 = (Mq * d + 3 * Mq * d // tp + Mq * d) * bpe
n(at("* bytes = `4,096 + 3,072 + 4,096 = 11,264`", t3), "activation bytes per chip", "11,264", a3)
n(at("* **activation_memory_per_chip = 11,264**", t3), "per chip", "11,264", a3)
n(at("* **activation_memory_total = 45,056**", t3), "4 chips", "45,056", 4 * a3)
kv3 = 2 * B * St * d
ln = at("The cache already allocated for `S_total=129`", t3)
n(ln, "S_total", "129", St)
n(at("Total KV elems = `2 * B * S_total * d = 2 * 2 * 129 * 1024 = 528,384 elems`", t3), "2*B*S_total*d", "528,384", kv3)
n(at("Bytes total = `528,384 * 2 = 1,056,768`", t3), "KV bytes", "1,056,768", kv3 * bpe)
n(at("* **kv_cache_per_chip = 1,056,768 / 4 = 264,192**", t3), "KV / 4", "264,192", kv3 * bpe // tp)
n(at("* **kv_cache_total = 1,056,768**", t3), "KV total", "1,056,768", kv3 * bpe)
ln = at("(Counting only the past tokens, `S_past=128` gives 1,048,576", t3)
n(ln, "past-only KV bytes", "1,048,576", 2 * B * S * d * bpe)
n(ln, "past-only per chip", "262,144", 2 * B * S * d * bpe // tp)
n(at("* payload elems = `M_q * d = 2 * 1024 = 2,048`", t3), "M_q*d", "2,048", Mq * d)
n(at("* bytes = `2,048 * 2 = 4,096`", t3), "payload bytes", "4,096", Mq * d * bpe)
n(at("* **communication_bytes = 4,096**", t3), "all-reduce payload", "4,096", Mq * d * bpe)
res3 = {"* flops_per_chip: **": ("4458496", tot3 / tp), "* weight_memory_per_chip: **": ("2097152", wel * bpe // tp),
        "* activation_memory_per_chip: **": ("11264", a3), "* kv_cache_per_chip: **": ("264192", kv3 * bpe // tp),
        "* flops_total: **": ("17833984", tot3), "* weight_memory_total: **": ("8388608", wel * bpe),
        "* activation_memory_total: **": ("45056", 4 * a3), "* kv_cache_total: **": ("1056768", kv3 * bpe),
        "* communication_bytes: **": ("4096", Mq * d * bpe)}
r3 = at("### Expected results", t3)
for key, (p, x) in res3.items():
    n(at(key, r3), key.strip("*: "), p, x)

# ---- Test CP-3a
t4 = at("# Test CP-3a — Decode (1 token), KV-sharded CP=4")
g(t4, "title: 1 token, CP = 4")
ln = at("* A single decode step: `T=1`", t4)
g(ln, "T = 1")
g(at("* The cache for `S_k = 128` past positions", t4), "S_k = 128")
n(at("* each rank holds `S_local = S_k/cp = 32`", t4), "S_k / cp", "32", S // cp)
g(at("* With `T=1` the query cannot usefully be split", t4), "T = 1")
for key in ("* hidden_size `d` = **1024**", "* num_heads `h` = **16**", "* head_dim `dh` = **64**",
            "* batch_size `B` = **2**", "* past_seq_len `S_k` = **128**", "* new_tokens `T` = **1**",
            "* bytes_per_elem = **2**", "* softmax_stat_bytes = **4**", "* tensor_parallel `tp` = **1**",
            "* context_parallel `cp` = **4**", "* num_chips = **4**"):
    g(at(key, t4))
n(at("* `S_local = 32`", t4), "S_local", "32", S // cp)
n(at("* `M_q = B*T = 2`", t4), "B*T", "2", Mq)
g(at("* Scores: `2 * B * h * T * S_k * dh` in total", t4), "formula")
g(at("* per chip FLOPs = `2 * B * h * T * S_local * dh`", t4), "formula")
sc4 = 2 * B * h * 1 * (S // cp) * dh
n(at("* = `2 * 2 * 16 * 1 * 32 * 64 = 131,072`", t4), "per-chip scores", "131,072", sc4)
n(at("* = `131,072`", t4), "per-chip applyV", "131,072", sc4)
g(at("* Output projection (on the final attention output vector): `2 * M_q * d * d`", t4), "formula")
n(at("* = `2 * 2 * 1024 * 1024 = 4,194,304`", t4), "2*M_q*d*d", "4,194,304", p3)
f4 = 2 * sc4 + p3
ln = at("* **flops_per_chip = 131,072 + 131,072 + 4,194,304 = 4,456,448**", t4)
n(ln, "scores restated", "131,072", sc4)
n(ln, "out projection restated", "4,194,304", p3)
n(ln, "per-chip total", "4,456,448", f4)
ln = at("* **flops_total = 4 * 4,456,448 = 17,825,792**", t4)
n(ln, "4 chips", "17,825,792", 4 * f4)
n(at("* **weight_memory_per_chip = 8,388,608**", t4), "replicated weights", "8,388,608", wel * bpe)
n(at("* **weight_memory_total = 33,554,432**", t4), "4 x weights", "33,554,432", 4 * wel * bpe)
ln = at("* X_new (or the Q input): `M_q*d` elems = `2*1024=2,048` → 4,096 B", t4)
n(ln, "M_q*d", "2,048", Mq * d)
n(ln, "bytes", "4,096", Mq * d * bpe)
n(at("* Y_new: `M_q*d` elems → 4,096 B", t4), "bytes", "4,096", Mq * d * bpe)
n(at("* **activation_memory_per_chip = 8,192**", t4), "X + Y bytes", "8,192", 2 * Mq * d * bpe)
n(at("* **activation_memory_total = 32,768**", t4), "4 chips", "32,768", 4 * 2 * Mq * d * bpe)
n(at("The cache for `S_k=128`, split four ways:", t4), "S_k", "128", S)
g(at("* total KV bytes = `2 * B * S_k * d * 2`", t4), "formula")
n(at("* = `2 * 2 * 128 * 1024 * 2 = 1,048,576`", t4), "KV bytes", "1,048,576", 2 * B * S * d * bpe)
n(at("* **kv_cache_per_chip = 1,048,576 / 4 = 262,144**", t4), "KV / 4", "262,144", 2 * B * S * d * bpe // cp)
n(at("* **kv_cache_total = 1,048,576**", t4), "KV total", "1,048,576", 2 * B * S * d * bpe)
g(at("Two FP32 scalars (max + sum) per head and per query token:", t4), "2 scalars, FP32")
n(at("* scalars = `B * T * h * 2 = 2 * 1 * 16 * 2 = 64`", t4), "B*T*h*2", "64", B * 1 * h * 2)
n(at("* bytes = `64 * 4 = 256`", t4), "stat bytes", "256", B * h * 2 * 4)
n(at("* elems = `2 * 1 * 1024 = 2,048`", t4), "B*T*d", "2,048", Mq * d)
n(at("* bytes = `2,048 * 2 = 4,096`", t4), "output bytes", "4,096", Mq * d * bpe)
ln = at("* **communication_bytes = 256 + 4,096 = 4,352**", t4)
n(ln, "stats + output", "4,352", B * h * 2 * 4 + Mq * d * bpe)
res4 = {"* flops_per_chip: **": ("4456448", f4), "* weight_memory_per_chip: **": ("8388608", wel * bpe),
        "* activation_memory_per_chip: **": ("8192", 2 * Mq * d * bpe), "* kv_cache_per_chip: **": ("262144", 2 * B * S * d * bpe // cp),
        "* flops_total: **": ("17825792", 4 * f4), "* weight_memory_total: **": ("33554432", 4 * wel * bpe),
        "* activation_memory_total: **": ("32768", 8 * Mq * d * bpe), "* kv_cache_total: **": ("1048576", 2 * B * S * d * bpe),
        "* communication_bytes: **": ("4352", B * h * 2 * 4 + Mq * d * bpe)}
r4 = at("### Expected results", t4)
for key, (p, x) in res4.items():
    n(at(key, r4), key.strip("*: "), p, x)
for i, text in enumerate(e.lines, start=1):
    if text.startswith("#### ") and any(ch.isdigit() for ch in text):
        g(i, "section number")
g(at("Each rank keeps about 1/tp of every projection", t2), "1/tp share")
g(at("* Q,K,V exist only for the local heads", t2), "formula 3*M*d/tp")
e.done()
