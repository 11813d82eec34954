# Expected verdicts for zh-kv-bigwhitefox-lmdeploy-vram-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese course note (InternLM camp, LMDeploy lesson) that budgets GPU memory by hand: bf16 weights, then the kv cache
#   as a fraction (cache-max-entry-count) of the memory left, plus "other" overhead; decimal GB (1 GB = 10^9 B).
# Inputs: 7B params at 2 bytes (bf16) or 0.5 bytes (int4); cards of 24 / 40 / 80 GB; fractions 0.8 / 0.4 / 0.1;
#   overheads 1 / 1.8 / 1.6 GB (assumed by the author); InternVL2-26B = 6B ViT + 19.86B ≈ 20B LLM.
# Exact values: 7e9 × 2 = 14 GB; 24−14 = 10; 10×0.8 = 8; 14+8 = 22; 40−14 = 26; 26×0.8 = 20.8; 14+20.8 = 34.8;
#   10×0.4 = 4; 14+8+1 = 23; 14+4+1 = 19; 8−4 = 4; 14/4 = 3.5 = 7e9 × 0.5 B; 24−3.5 = 20.5; 20.5×0.8 = 16.4;
#   3.5+16.4+1 = 20.9; 23−20.9 = 2.1 ("约2GB"); 20.5×0.4 = 8.2; 3.5+8.2+1.8 = 13.5; 80−12−40 = 28; 28×0.8 = 22.4;
#   12+40+22.4 = 74.4; 24−12−10 = 2; 2×0.1 = 0.2; 12+10+0.2+1.6 = 23.8.
# Wrong lines (all slips of the author):
#   - "70×10^9 parameters×2 Bytes/parameter=14GB" (printed three times): 70e9 × 2 B = 140 GB (130.4 GiB), not 14;
#     the author meant 7×10^9 (the Chinese line under it, 70亿 × 2 = 14GB, is right). slip each time.
#   - 2.2.4 details line: the kv cache is labelled "16.4GB" but at 40 % it is 20.5 × 0.4 = 8.2 GB (copied label). slip.
#   - 3.1.2 details line: "60×10^9 ... =12GB" is 120 GB; "200×10^9 ...×2 =40GB" is 400 GB; "200×10^9 ...×0.5 =10GB" is
#     100 GB (the 6B / 20B totals 12 / 40 / 10 GB are right; the written operands are ten times too big). slip.
# Measured readings from screenshots (23, 36, 19, 20.9, 13.5, 23.8 GB; 15G vs 4.9G on disk) and the command flags are given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "quantization", "serving-budget"])
L = e.line
GB = 10**9
w16 = 7 * 10**9 * 2            # bf16 weights, bytes
w4 = 7 * 10**9 * R(1, 2)       # int4 weights, bytes

# --- section 1 -----------------------------------------------------------------------------
e.given(L("一个 7B（70亿）参数的模型"), "7B params, 16-bit = 2 bytes")
n = 0
for ln in [i for i, t in enumerate(e.lines, 1) if "70×10^9 parameters×2 Bytes/parameter=" in t]:
    n += 1
    e.claim(ln, "70×10^9 × 2 bytes in GB", "14", R(70 * 10**9 * 2, GB))
assert n == 3, n
e.claim(L("**70亿个参数×每个参数占用2个字节=14GB**"), "7e9 × 2 bytes in GB", "14", R(w16, GB))
ln = L("因此显存必须超过14GB")
e.claim(ln, "weights restated", "14", R(w16, GB))
e.given(ln, "24 GB card (30% A100 × 1)")
e.given(L("资源监控里显示此时显存占用约"), "measured 23 GB")
e.given(L("显存占用则是**36GB**"), "measured 36 GB on 50% A100")
ln = L("LMDeploy 以 bf16 推理 7B 模型时权重要占")
e.claim(ln, "bf16 7B weights", "14", R(w16, GB))
e.given(ln, "default cache-max-entry-count 0.8 (80%)")
ln = L("对 24GB 的卡")
e.given(ln, "24 GB card, 14 GB weights")
e.claim(ln, "24-14, 10*0.8, 14+8", ["10", "8", "22"], [24 - 14, 10 * R("0.8"), 14 + 8])
ln = L("对 40GB 的卡")
e.given(ln, "40 GB card, 14 GB weights")
e.claim(ln, "40-14, 26*0.8, 14+20.8", ["26", "20.8", "34.8"], [40 - 14, 26 * R("0.8"), 14 + 26 * R("0.8")])
e.claim(L("实际占用会比**22GB**"), "theoretical totals restated", ["22", "34.8"], [22, 14 + 26 * R("0.8")])

# --- 2.2.1 ------------------------------------------------------------------------------------
e.given(L("LMDeploy 用 `--cache-max-entry-count` 控制"), "default 0.8")
e.given(L("正常运行 InternLM2.5 时占用了"), "measured 23 GB")
e.given(L("再看显存，大约少了"), "measured drop of about 4 GB")
e.given(L("这**4GB**是怎么省下来的"), "restates the measured 4 GB")
for k in (1, 2):
    e.given(L("1.3 节直接启动时的占用(**23GB**)", nth=k), "measured 23 GB")
kv8 = [i for i, t in enumerate(e.lines, 1) if "kv cache占用**8GB**：剩余显存**24-14=10GB**" in t]
assert len(kv8) == 2
for ln in kv8:
    e.claim(ln, "24-14, 10*0.8", ["8", "10", "80%", "8"], [10 * R("0.8"), 24 - 14, R("0.8"), 10 * R("0.8")])
for ln in [i for i, t in enumerate(e.lines, 1) if t.startswith("3、其他项**1GB**")]:
    e.given(ln, "overhead assumed 1 GB")
for ln in [i for i, t in enumerate(e.lines, 1) if t.startswith("是故**23GB**=")]:
    e.claim(ln, "14+8+1", ["23", "14", "8", "1"], [14 + 8 + 1, R(w16, GB), 8, 1])
e.given(L("改之后的占用(**19GB**)"), "measured 19 GB")
e.claim(L("1、权重和上面一样"), "bf16 7B weights", "14", R(w16, GB))
ln = L("2、kv cache占用**4GB**")
e.claim(ln, "24-14, 10*0.4", ["4", "10", "4"], [10 * R("0.4"), 24 - 14, 10 * R("0.4")])
e.given(ln, "fraction 40%")
e.claim(L("是故**19GB**="), "14+4+1", ["19", "14", "4", "1"], [14 + 4 + 1, 14, 4, 1])
e.claim(L("省下的**4GB**就来自"), "10*0.8 - 10*0.4", "4", 10 * R("0.8") - 10 * R("0.4"))

# --- 2.2.2 ------------------------------------------------------------------------------------
e.given(L("LMDeploy 从 v0.4.0 起"), "version, quant_policy 4 / 8")
ln = L("这时显存约**19GB**")
e.given(ln, "measured 19 GB vs 23 GB, fraction 0.4")
e.claim(ln, "23 - 19", "4", 23 - 19)
ln = L("那这里的**19GB**和 2.2.1 节的")
e.given(ln, "19 GB twice (measured), 7B bf16, 10 GB left, 0.4, quant-policy 4")
e.claim(ln, "10*0.4", "4", 10 * R("0.4"))
e.given(L("同样**4GB**的空间里"), "4 vs 16 bits per element (四倍 in words)")

# --- 2.2.3 ------------------------------------------------------------------------------------
e.given(L("W4 指权重量化成 4 位整数"), "W4A16 definition")
e.given(L("用 `du -sh *` 比较目录大小"), "measured 15G vs 4.9G on disk")
e.claim(L("W4A16 量化后显存大约少了"), "23 - 20.9 ('约2GB')", "2", 23 - R("20.9"), rounded_int=True)
e.given(L("这**2GB**从哪里来"), "restates the 2 GB")
e.given(L("量化之后的占用(**20.9GB**)"), "20.9 GB after quantization")
e.claim(L("1、在 int4 精度下，7B模型权重占用**3.5GB**"), "14/4", ["3.5", "14", "4", "3.5"], [R(w4, GB), 14, 4, R(14, 4)])
ln = L("- `bfloat16` 每个数 2 字节")
e.given(ln, "2 bytes / 16 bits vs 0.5 bytes / 4 bits")
e.claim(ln, "0.5/2 and 7e9 int4 params in GB", ["1/4", "3.5"], [R("0.5") / 2, R(w4, GB)])
ln = L("2、kv cache占用**16.4GB**")
e.claim(ln, "24-3.5, 20.5*0.8", ["16.4", "20.5", "16.4"],
        [R("20.5") * R("0.8"), 24 - R("3.5"), R("20.5") * R("0.8")])
e.given(ln, "default 80%")
e.claim(L("是故**20.9GB**="), "3.5+16.4+1", ["20.9"], [R("3.5") + R("16.4") + 1])

# --- 2.2.4 ------------------------------------------------------------------------------------
e.given(L("此时显存占用**13.5GB**"), "measured 13.5 GB")
ln = L("让我们来计算一下此刻的显存占用情况(13.5GB)")
e.claim(ln, "int4 weights 14/4", "3.5", R(14, 4))
e.claim(ln, "kv cache label at 40% (printed 16.4GB)", "16.4", R("20.5") * R("0.4"))
e.claim(ln, "24-3.5, 20.5*0.4", ["20.5", "8.2"], [24 - R("3.5"), R("20.5") * R("0.4")])
e.given(ln, "overhead 1.8 GB assumed, 40%")
e.claim(ln, "3.5+8.2+1.8", "13.5", R("3.5") + R("8.2") + R("1.8"))

# --- 3.1.2 ------------------------------------------------------------------------------------
e.given(L("启动后显存只要约23.8GB"), "measured 23.8 GB")
e.given(L("InternVL2 26B 由一个6B的ViT"), "6B ViT, 100M MLP, 19.86B LLM")
ln = L("使用A100 80GB直接启动模型的显存占用情况")
e.claim(ln, "60×10^9 × 2 bytes in GB (printed 12)", "12", R(60 * 10**9 * 2, GB))
e.claim(ln, "19.86B ≈ 20B", "20", R("19.86"), rounded_int=True)
e.claim(ln, "200×10^9 × 2 bytes in GB (printed 40)", "40", R(200 * 10**9 * 2, GB))
e.claim(ln, "80-12-40, 28*0.8, 12+40+22.4", ["28", "22.4", "74.4"],
        [80 - 12 - 40, 28 * R("0.8"), 12 + 40 + 28 * R("0.8")])
e.claim(ln, "200×10^9 × 0.5 bytes in GB (printed 10)", "10", R(200 * 10**9, 2 * GB))
e.claim(ln, "24-12-10, 2*0.1, 12+10+0.2+1.6", ["2", "0.2", "23.8"],
        [24 - 12 - 10, 2 * R("0.1"), 12 + 10 + R("0.2") + R("1.6")])
e.given(ln, "80 / 24 GB cards, fractions 80% / 10%, overhead 1.6 GB")

# --- command blocks and remaining inputs -------------------------------------------------------
for i, t in enumerate(e.lines, 1):
    s = t.strip()
    if s.startswith(("--", "lmdeploy", "/root")) and any(c.isdigit() for c in s):
        e.given(i, "command flag / path")
missing = [i for i, t in enumerate(e.lines[1:], 2) if any(c.isdigit() for c in t) and i not in e.verdicts]
# reviewed: these are headings with section numbers, model names (InternLM2.5-7b) and the "50%A100" advice
assert missing == [3, 5, 7, 17, 19, 38, 40, 78, 99, 139, 158, 160, 179], missing
for i in missing:
    e.given(i, "section number / model name / card name, no computed value")
e.done()
