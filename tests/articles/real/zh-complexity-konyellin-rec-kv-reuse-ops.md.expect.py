# Expected verdicts for zh-complexity-konyellin-rec-kv-reuse-ops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese design note (repo konyellin-cyber/longer) that counts attention operations in a recommender ranking step:
#   merge every candidate item with the user history (user attention recomputed per item) versus caching the user K/V.
# Inputs: user history L = 256, item feature size d = 50, N = 100 candidates; batches of 10 items.
#   Costs: user attention L^2, item-user interaction d x L; "k" = 1000 ops, "M" = 10^6 ops.
# Exact: L^2 = 65,536 (65.536k, rounds to 66k); d x L = 12,800 (12.8k, 13k); per item 78,336 (78k);
#   merge total 100 x 78,336 = 7,833,600 (7.8M / 7.83M); wasted user part 100 x 65,536 = 6,553,600 (6.6M);
#   cache total 78,336 + 99 x 12,800 = 78,336 + 1,267,200 = 1,345,536 (1.35M); saving 6,488,064 (6.5M, 6.49M);
#   saving ratio 0.82824 (83%); speed-up 7,833,600 / 1,345,536 = 5.8219 (5.8).
#   Batches of 10: user part 10 x 65,536 = 655,360 (655k), items 128,000 (128k), merged batch 783,360 (783k),
#   10 batches 7,833,600 (7.83M); cache first batch 65,536 + 128,000 = 193,536 (65.5k, 193.5k), 9 more batches,
#   total 1,345,536 (1.35M).
# Wrong lines (15):
#   "O(256²) ≈ 65k" in the first block: 65,536 is 65.536k, which rounds to 66k; 65k truncates (slip).
#   Every later line that prints the same 65k (restated user cost, 65k / N + 13k, 65k + 13k, 100 × (65k + 13k),
#   (65k + 13k) + 99 × 13k): carried from that truncation.
#   "100 × 65k = 6.5M": exact 6.5536M -> 6.6M (carried).
#   Batches: "≈ 650k" (twice; exact 655,360 -> 655k), "Batch 1/2: 778k" (exact 783,360 -> 783k),
#   "10 × 778k = 7.78M" (exact 7.83M), "7.78M ops / 1.35M ops ≈ 5.8" (restates 7.78M; the 5.8 itself is right): carried.
# Ambiguous: "7.8M - 1.35M ≈ 6.45M" (right as written from the rounded 7.8M and 1.35M, exact 6.488M -> 6.49M;
#   the chain's final result, 83%, is right end to end).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "kv", "code-block"])

L_, d_, N_ = 256, 50, 100
U = L_ ** 2                      # 65,536
I = d_ * L_                      # 12,800
P = U + I                        # 78,336
MERGE = N_ * P                   # 7,833,600
WASTE = N_ * U                   # 6,553,600
CACHE = P + (N_ - 1) * I         # 1,345,536
SAVE = MERGE - CACHE             # 6,488,064
K, MEG = R(1000), R(10) ** 6


def c(line, what, printed, exact, cause="slip"):
    e.claim(line, what, printed, exact, cause=cause, rounded_int=True)


# --- first block ---------------------------------------------------------------------
B1 = e.line("假设：")
e.given(e.line("- User历史序列长度 L = 256", after=B1), "L = 256")
e.given(e.line("- 单个Item特征维度 d = 50", after=B1), "d = 50")
e.given(e.line("- 候选Item数 N = 100", after=B1), "N = 100")
c(e.line("User Attention: O(L²) = O(256²) ≈ 65k ops", after=B1), "256^2 in k", ["65"], [U / K])
c(e.line("Item @ User: O(d × L) ≈ 12.8k ops", after=B1), "d x L in k", ["12.8"], [I / K])
c(e.line("小计：~78k ops", after=B1), "per item in k", ["78"], [P / K])
c(e.line("100个Item：100 × 78k ≈ 7.8M ops", after=B1), "merge total in M", ["78", "7.8"], [P / K, MERGE / MEG])
e.given(e.line("其中User Attention被计算了100次", after=B1), "100 repetitions")
c(e.line("100 × 65k = 6.5M ops", after=B1), "wasted user part", ["65", "6.5"], [U / K, WASTE / MEG], cause="carried")
L2 = e.line("KV Cache方案的计算：", after=B1)
e.given(e.line("第1个Item：", after=L2), "first item")
c(e.line("User Attention: O(L²) ≈ 65k ops", after=L2), "256^2 restated", ["65"], [U / K], cause="carried")
c(e.line("Item @ User: O(d × L) ≈ 12.8k ops", after=L2), "d x L in k", ["12.8"], [I / K])
c(e.line("小计：~78k ops", after=L2), "per item in k", ["78"], [P / K])
c(e.line("后续99个Item（复用User KV）：", after=L2), "remaining items", ["99"], [N_ - 1])
c(e.line("Item @ User: O(d × L) ≈ 12.8k ops each", after=L2), "d x L in k", ["12.8"], [I / K])
c(e.line("小计：99 × 12.8k ≈ 1.27M ops", after=L2), "99 x 12,800 in M", ["1.27"], [(N_ - 1) * I / MEG])
c(e.line("总计：78k + 1.27M ≈ 1.35M ops", after=L2), "cache total in M", ["1.35"], [CACHE / MEG])
e.ambiguous(e.line("节省：7.8M - 1.35M ≈ 6.45M ops", after=L2),
            "7.8 - 1.35 = 6.45 is right from the rounded operands; end to end the saving is 6.488M (6.49M); "
            "the chain's final result (83%) is right")
c(e.line("节省比例：(6.45M / 7.8M) × 100% ≈ 83%", after=L2), "saving ratio, end to end", ["83%"], [R(SAVE, MERGE)])

# --- insight block -------------------------------------------------------------------
B2 = e.line("User History中的Self-Attention计算")
L = e.line("History内部256个token的两两交互 O(L²) = 65k ops", after=B2)
c(L, "256^2 restated", ["65"], [U / K], cause="carried")
c(e.line("O(d×L) = 13k ops", after=B2), "d x L rounded to k", ["13"], [I / K])
L = e.line("平均成本 = 65k / N + 13k", after=B2)
c(L, "user and item costs restated", ["65", "13"], [U / K, I / K], cause="carried")
L = e.line("成本 = 65k + 13k", after=L)
c(L, "user and item costs restated", ["65", "13"], [U / K, I / K], cause="carried")

# --- exact block ---------------------------------------------------------------------
B3 = e.line("沿用同一组设定")
e.given(e.line("- 用户历史长度 L = 256", after=B3), "L = 256")
e.given(e.line("- 每个 Item 的特征维度 d = 50", after=B3), "d = 50")
e.given(e.line("- 候选 Item 个数 N = 100", after=B3), "N = 100")
number_claim(e, e.line("User Attention: O(L²) = 256² ≈ 65,536 ops", after=B3), "256^2", "65,536", U)
number_claim(e, e.line("O(d×L) = 50×256 ≈ 12,800 ops", after=B3), "50 x 256", "12,800", I)
number_claim(e, e.line("单个 ≈ 78,336 ops", after=B3), "per item", "78,336", P)
e.given(e.line("100个Item总成本：", after=B3), "100 items")
L = e.line("100 × 78,336 = 7,833,600 ops", after=B3)
number_claim(e, L, "merge total", "7,833,600", MERGE)
number_claim(e, e.line("100 × 65,536 = 6,553,600 ops (浪费)", after=B3), "wasted user part", "6,553,600", WASTE)
B4 = e.line("**KV Cache 方案**（用户部分只算一次）")
e.given(e.line("第1个Item：", after=B4), "first item")
number_claim(e, e.line("User Attention: O(L²) ≈ 65,536 ops", after=B4), "256^2", "65,536", U)
number_claim(e, e.line("Item与User交互: O(d×L) ≈ 12,800 ops", after=B4), "d x L", "12,800", I)
number_claim(e, e.line("小计 ≈ 78,336 ops", after=B4), "per item", "78,336", P)
c(e.line("后续99个Item（复用User KV）：", after=B4), "remaining items", ["99"], [N_ - 1])
number_claim(e, e.line("Item与User交互: O(d×L) ≈ 12,800 ops each", after=B4), "d x L", "12,800", I)
number_claim(e, e.line("99 × 12,800 = 1,267,200 ops", after=B4), "99 x 12,800", "1,267,200", (N_ - 1) * I)
number_claim(e, e.line("78,336 + 1,267,200 = 1,345,536 ops", after=B4), "cache total", "1,345,536", CACHE)
L = e.line("节省的计算量 = 7,833,600 - 1,345,536 ≈ 6.5M ops", after=B4)
c(L, "saving in M", ["6.5"], [SAVE / MEG])
c(e.line("节省比例 = (6.5M / 7.8M) × 100% ≈ 83%", after=B4), "saving and ratio",
  ["6.5", "7.8", "83%"], [SAVE / MEG, MERGE / MEG, R(SAVE, MERGE)])
e.given(e.line("- 合并方案处理100个Item", after=B4), "100 items")
e.given(e.line("- Cache方案处理100个Item：User Attention只计算1次", after=B4), "100 items, once")
c(e.line("- 相对加速：约 5.8 倍", after=B4), "speed-up", ["5.8"], [R(MERGE, CACHE)])

# --- batches -------------------------------------------------------------------------
B5 = e.line("**合并方案**（每个 batch 放 10 个 Item）")
e.given(B5, "10 items per batch")
e.given(e.line("Batch 1 (Items 1-10):", after=B5), "batch 1")
e.given(e.line("- 10个独立[User→Item]推理", after=B5), "10 items")
c(e.line("- User部分被计算10次 ≈ 650k ops", after=B5), "10 x 65,536 in k", ["650"], [10 * U / K], cause="carried")
c(e.line("- Item交互计算 ≈ 128k ops", after=B5), "10 x 12,800 in k", ["128"], [10 * I / K])
c(e.line("- Batch 1: 778k ops", after=B5), "merged batch in k", ["778"], [10 * P / K], cause="carried")
B6 = e.line("Batch 2 (Items 11-20):", after=B5)
e.given(B6, "batch 2")
e.given(e.line("- 10个独立[User→Item]推理", after=B6), "10 items")
c(e.line("- User部分再被计算10次 ≈ 650k ops (重复!)", after=B6), "10 x 65,536 in k", ["650"], [10 * U / K],
  cause="carried")
c(e.line("- Item交互计算 ≈ 128k ops", after=B6), "10 x 12,800 in k", ["128"], [10 * I / K])
c(e.line("- Batch 2: 778k ops", after=B6), "merged batch in k", ["778"], [10 * P / K], cause="carried")
c(e.line("10个Batch总计：10 × 778k = 7.78M ops", after=B6), "ten merged batches in M", ["7.78"], [MERGE / MEG],
  cause="carried")
B7 = e.line("**Cache 方案**（按 batch 执行，共享用户 KV）")
e.given(e.line("第1个Batch (Items 1-10)：", after=B7), "first batch")
c(e.line("- 计算User KV一次 ≈ 65.5k ops", after=B7), "256^2 in k", ["65.5"], [U / K])
c(e.line("- 10个Item的交互 ≈ 128k ops", after=B7), "10 x 12,800 in k", ["128"], [10 * I / K])
c(e.line("- Batch 1: 193.5k ops", after=B7), "first cache batch in k", ["193.5"], [(U + 10 * I) / K])
c(e.line("后续9个Batch (Items 11-100)：", after=B7), "remaining batches", ["9"], [N_ // 10 - 1])
e.given(e.line("- User KV直接加载（0 ops）", after=B7), "cached user KV costs 0")
c(e.line("- 10个Item的交互 ≈ 128k ops each", after=B7), "10 x 12,800 in k", ["128"], [10 * I / K])
c(e.line("- 每个Batch: 128k ops", after=B7), "later cache batch in k", ["128"], [10 * I / K])
c(e.line("10个Batch总计：193.5k + 9×128k = 1.35M ops", after=B7), "cache total in M", ["1.35"], [CACHE / MEG])
c(e.line("7.78M ops / 1.35M ops ≈ 5.8 倍加速"), "merge total restated, speed-up",
  ["7.78", "1.35", "5.8"], [MERGE / MEG, CACHE / MEG, R(MERGE, CACHE)], cause="carried")

# --- summary block -------------------------------------------------------------------
B8 = e.line("具体例子：")
c(e.line("- User Attention成本：65k ops", after=B8), "user cost restated", ["65"], [U / K], cause="carried")
c(e.line("- Item交互成本：13k ops", after=B8), "item cost rounded to k", ["13"], [I / K])
e.given(e.line("- N = 100", after=B8), "N = 100")
c(e.line("合并方案：100 × (65k + 13k) = 7.8M ops", after=B8), "merge total",
  ["65", "13", "7.8"], [U / K, I / K, MERGE / MEG], cause="carried")
c(e.line("Cache方案：(65k + 13k) + 99 × 13k = 1.35M ops", after=B8), "cache total",
  ["65", "13", "1.35"], [U / K, I / K, CACHE / MEG], cause="carried")
c(e.line("加速倍数：7.8M / 1.35M ≈ 5.8 倍", after=B8), "speed-up",
  ["7.8", "1.35", "5.8"], [MERGE / MEG, CACHE / MEG, R(MERGE, CACHE)])
e.done()
