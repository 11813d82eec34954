# Expected verdicts for tr-mla-rohitg00-deepseek-v3-mimarisi.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: DeepSeek-V3 config as printed (61 layers, 3 dense + 58 MoE, hidden 7168, vocab 129280, kv_lora_rank 512,
# 256 routed + 1 shared expert), bf16 (2 bytes), 128k = 131072 tokens; the author's per-block estimates ~144M (MLA),
# ~260M (dense MLP / active MLP per layer), 30M per expert; MTP 14B; totals 671B / 37B; model table totals.
# Right: MLA cache 61·512·131072·2 = 8,187,281,408 B = 7.625 GiB ("7.6 GB", binary reading); GQA cache
# 32,749,125,632 B = 30.5 GiB; ratio 4; 8·128 = 1024; 14/671 = 2.09 %; 129280·7168 = 926,679,040 (~0.93B);
# 3·(144+260)M = 1.212B; 144M·61 = 8.784B; 3·260M = 780M; 671/37 = 18.1; 37/671 = 5.51 %; 13/47 = 27.7 %; 17/400 = 4.25 %.
# Wrong lines:
# - MoE block "~7,95 milyar" and "461B": 144M + 256·30M + 30M = 7.854B per block (slip); 58 blocks give 455.5B, the
#   printed 461B is 58 × 7.95 (carried).
# - "~476B" for the core: the article's own parts are 0.93 + 1.2 + 461 = 463.1B (exact parts 457.7B) (slip).
# - "3 * 260 Milyon + 58 * 260 Milyon = ~15,9 Milyon": the sum is 15,860 million (15.86 billion); printed in millions
#   (slip: unit).
# - "Embedding + normlar: 1,2B": the embedding is 0.927B (tied) and the norms about 1M, so ≈ 0.93B (slip).
# - "26B çekirdek + 14B MTP ≈ 37B": 26 + 14 = 40 (slip).
# - Table "Karışımtral 8x22B ... %27": 39/141 = 27.66 %, which rounds to 28 (slip: truncated).
# Ambiguous: "%3-5" (the calculator's own total is not printed; the printed 476 + 14 = 490B is 27 % under 671B);
# the "~260M" dense MLP (two 7168×18432 matrices give 264M, the three SwiGLU matrices 396M) is the author's estimate.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="tr", topics=["mla", "gqa", "kv", "params", "code-block", "markdown-table", "decimal-comma"])
GiB, GB, Bn, Mn = 1024**3, 10**9, 10**9, 10**6
mla = 61 * 512 * 131072 * 2
gqa = 2 * 61 * 8 * 128 * 131072 * 2

e.given(e.line("toplam 671B parametreye ve 37B aktif"), "671B total, 37B active")
ln = e.line("8 x 128 = 1024 kayan nokta")
e.claim(ln, "8·128", ["1024"], [8 * 128])
e.given(e.line("         = 61 * 512 * 131072 * 2"), "MLA cache factors")
number_claim(e, e.line("         = 7.6 GB"), "MLA KV cache at 128k", "7.6", [("GiB", R(mla, GiB)), ("GB", R(mla, GB))])
e.given(e.line("kv_cache = 2 * 61 * 8 * 128 * 131072 * 2"), "GQA cache factors")
number_claim(e, e.line("         = 30.5 GB"), "GQA KV cache at 128k", "30.5", [("GiB", R(gqa, GiB)), ("GB", R(gqa, GB))])
e.claim(e.line("4 kat daha küçük"), "GQA / MLA cache", ["4"], [R(gqa, mla)])
ln = e.line("Genel gider: %2,1")
e.claim(ln, "D+1 with D = 1", ["2"], [1 + 1])
e.claim(ln, "MTP overhead 14/671 in percent", ["2,1"], [R(14, 671) * 100])
e.given(e.line("2.048-H800"), "cited DualPipe figures")
L = e.line("hidden_size: 7168")
for k in range(16):
    e.given(L + k, "config field")
e.claim(e.line("geriye kalan 58 blok MoE"), "dense and MoE blocks", ["3", "18432", "58"], [3, 18432, 61 - 3])
e.given(e.line("Her MoE bloğunda 256 uzman var"), "256 routed experts, top 8, 1 shared")
ln = e.line("Embedding: `vocab * hidden = 129280 * 7168 = ~0.93B`")
e.claim(ln, "embedding parameters (billions)", ["0.93"], [R(129280 * 7168, Bn)])
ln = e.line("İlk 3 yoğun blok: MLA (blok başına ~144M)")
e.given(ln, "author's estimates ~144M (MLA), ~260M (dense MLP)")
e.ambiguous(ln, "~260M for the dense MLP is the author's estimate: two 7168×18432 matrices give 264M, the three SwiGLU "
            "matrices 396M")
e.claim(ln, "3 dense blocks 3·(144M + 260M) in billions", ["1,2"], [R(3 * (144 + 260), 1000)])
ln = e.line("58 MoE bloğu: MLA ile dikkat (~144M)")
moe_block = 144 + 256 * 30 + 30
e.claim(ln, "MoE block 144M + 256·30M + 30M in billions", ["7,95"], [R(moe_block, 1000)])
e.claim(ln, "58 MoE blocks in billions (58 × 7.95 from the printed block)", ["461"], [R(58 * moe_block, 1000)],
        cause="carried")
e.given(e.line("MTP modülü: 14B."), "MTP 14B")
ln = e.line("Genel toplam: Çekirdek mimari için ~476B")
e.claim(ln, "core total from the exact parts 0.927 + 1.212 + 455.5 (the article's own parts 0.93 + 1.2 + 461 give 463.1)", ["476"],
        [R(129280 * 7168, Bn) + R(3 * (144 + 260), 1000) + R(58 * moe_block, 1000)], cause="slip")
e.ambiguous(ln, "the calculator's own total is not printed; the printed 476B + 14B = 490B is 27 % below 671B, not 3-5 %")
ln = e.line("Katman başına 144M * 61 = 8,8B")
e.claim(ln, "attention 144M·61 in billions", ["8,8"], [R(144 * 61, 1000)])
ln = e.line("3 * 260M = 780M")
e.claim(ln, "3·260M", ["780"], [3 * 260])
e.claim(ln, "61·260M printed in millions", ["15,9"], [3 * 260 + 58 * 260])
ln = e.line("Embedding + normlar: 1,2B.")
e.claim(ln, "embedding + norms in billions (tied embedding 0.927B; norms ≈ 61·(2·7168 + 1536 + 512) ≈ 1.0M)", ["1,2"],
        [R(129280 * 7168 + 61 * (2 * 7168 + 1536 + 512), Bn)])
ln = e.line("kabaca 26B çekirdek + 14B MTP")
e.claim(ln, "core active 8.8 + 15.9 + 1.2 (article's parts)", ["26"], [R(88 + 159 + 12, 10)], rounded_int=True)
e.claim(ln, "26B + 14B", ["37"], [26 + 14])
ln = e.line("18x seyreklik oranı")
e.claim(ln, "671/37 and 37/671 in percent", ["18", "5,5"], [R(671, 37), R(37, 671) * 100], rounded_int=True)
ln = e.line("13/47 (%28)")
e.claim(ln, "13/47 and 17/400 in percent", ["28", "4,25"], [R(13, 47) * 100, R(17, 400) * 100], rounded_int=True)
rows = {"| Llama 3 70B |": (70, 70, "100"), "| Llama 4 Maverick |": (400, 17, "4,25"),
        "| Karışımtral 8x22B |": (141, 39, "27"), "| DeepSeek V3 |": (671, 37, "5,5"), "| Qwen 2.5 72B |": (72, 72, "100")}
for needle, (tot, act, pr) in rows.items():
    ln = e.line(needle)
    e.claim(ln, f"active/total in percent ({act}/{tot})", [pr], [R(act, tot) * 100], rounded_int=True)
e.done()
