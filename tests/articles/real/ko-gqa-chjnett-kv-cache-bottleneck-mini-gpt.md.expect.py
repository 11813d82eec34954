# Expected verdicts for ko-gqa-chjnett-kv-cache-bottleneck-mini-gpt.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean blog post: KV-cache sizes for a LLaMA-7B-like model under MHA / GQA / MQA, then a mini GPT (nanoGPT style)
# whose parameter counts and float32 KV-cache bytes are printed.
# Inputs: table 2 (32 layers, head_dim 128, fp16, batch 1, KV heads 32/8/4/1, lengths 2,048 / 8,192 / 32,768 / 128,000);
#   mini GPT: vocab 65 (tied with lm_head), block 4096, 6 layers, n_embd 256, 8 heads -> head_dim 32, bias False
#   (LayerNorm weight only), MLP 4x, n_kv 8/4/2/1; cache bytes 2 * 6 * 1024 * n_kv * 32 * 4 and MB = 1e6 bytes.
# Exact values: KV bytes = 2*32*L*n_kv*128*2; the printed "GB" are binary GiB (2^30): 1.00/0.25/0.125->0.12 (tie)/
#   0.03125->0.03; 4/1/0.5/0.125->0.12; 16/4/2/0.5; 62.5/15.625->15.62 (tie)/7.8125->7.81 (tie)/1.953125->1.95.
#   Decimal GB would give 1.07 ... 67.1, so the table is right only under the GiB reading (kept as a reading, policy 7).
#   Parameters: 65*256 + 4096*256 + 6*(2*256 + 2*65536 + 2*256*(32*n_kv) + 2*262144) + 256
#   = 5,787,136 / 5,393,920 / 5,197,312 / 5,099,008 (all as printed).
#   Cache at 1024 tokens: 12,582,912 / 6,291,456 / 3,145,728 / 1,572,864 bytes -> 12.583 / 6.291 / 3.146 / 1.573 MB.
#   110.5 / 67.6 = 1.635 -> "약 1.6"; ln 10 = 2.302585 -> 2.303; 128K in the prose is the table's 128,000 row.
# Given: paper facts, timing tables (numpy copy times, tokens/sec, losses: measurements).
# No ambiguous line; the rough range "1.0~1.2 근처" is recorded as a note on an ok line.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "gqa", "mqa", "memory", "parameters"])
L = e.line

# --- part 1 / 2: paper facts -----------------------------------------------------------------
e.given(L("논문 설정은 `h=8`, `d_k=d_v=64`"), "paper: 8 heads of 64")
e.given(L("인코더는 셀프 어텐션 + FFN을 6번"), "6 encoder / decoder layers")
e.given(L("P100 8장으로 12시간"), "training budget of the paper")
ln = L("LLaMA-7B급(레이어 32개, `d_model=4096`, 헤드 32개, `head_dim=128`)")
e.claim(ln, "head_dim = 4096 / 32", ["128"], [R(4096, 32)])

GiB, GB = R(2) ** 30, R(10) ** 9


def kv_bytes(seq, n_kv):
    return 2 * 32 * seq * n_kv * 128 * 2


rows = {2048: ["1.00", "0.25", "0.12", "0.03"], 8192: ["4.00", "1.00", "0.50", "0.12"],
        32768: ["16.00", "4.00", "2.00", "0.50"], 128000: ["62.50", "15.62", "7.81", "1.95"]}
for seq, printed in rows.items():
    ln = L(f"| {seq:,} | ")
    for p, n_kv in zip(printed, [32, 8, 4, 1]):
        b = kv_bytes(seq, n_kv)
        number_claim(e, ln, f"KV cache, {seq} tokens, {n_kv} KV heads", p,
                     [("GiB (binary, the only reading the table fits)", b / GiB), ("decimal GB", b / GB)])
e.given(L("*(계산: `2(K,V) × 레이어 32 × 시퀀스 길이"), "formula with its constants")
ln = L("128K 컨텍스트라면 MHA의 KV 캐시만 62.5GB다")
number_claim(e, ln, "MHA at the table's 128,000 tokens (GiB)", "62.5", kv_bytes(128000, 32) / GiB)
e.given(ln, "typical VRAM 24~80GB")

# --- part 3: GQA ---------------------------------------------------------------------------
e.given(L("쿼리 헤드 수 = KV 헤드 수 (예: 32 = 32)"), "MHA example")
e.claim(L("(그룹당 4개 쿼리 헤드)"), "query heads per group", ["4"], [R(32, 8)])
e.given(L('{"type":"groups","caption":"Query 헤드는 항상 4개'), "figure: 4 query heads, 4/2/1 KV heads")

# --- part 4: numpy proxy -------------------------------------------------------------------
e.given(L("n_layers, d_model, n_heads = 32, 4096, 32"), "numpy proxy config")
e.claim(L("head_dim = d_model // n_heads  # 128"), "head_dim comment", ["128"], [R(4096, 32)])
e.given(L("seq_for_timing = 4096"), "timing length")
e.given(L('configs = {"MHA": 32, "GQA-8": 8, "GQA-4": 4, "MQA": 1}'), "KV head counts")
e.given(L("결과(레이어 1개, 시퀀스 길이 4096)"), "timing setup")
for t in ("| MHA | 32 | 27.64 ms |", "| GQA-8 | 8 | 5.88 ms |", "| GQA-4 | 4 | 0.92 ms |", "| MQA | 1 | 0.17 ms |"):
    e.given(L(t), "measured copy time")

# --- part 5: mini GPT ------------------------------------------------------------------------
for t in ("vocab_size: int = 65", "block_size: int = 256", "n_layer: int = 4", "n_head: int = 8",
          "n_kv_head: int = 8", "n_embd: int = 128", "dropout: float = 0.0"):
    e.given(L(t), "GPTConfig default")
e.given(L("self.fc = nn.Linear(config.n_embd, 4 * config.n_embd"), "MLP width 4x")
e.given(L("self.proj = nn.Linear(4 * config.n_embd"), "MLP width 4x")
e.given(L("VOCAB_SIZE = 65"), "vocab 65")
e.given(L("N_LAYER, N_EMBD, N_HEAD = 6, 256, 8"), "benchmark config")
e.given(L("BLOCK_SIZE = 4096"), "block size 4096 (positional table)")
for t in ('"MHA  (n_kv=8)": 8,', '"GQA-4 (n_kv=4)": 4,', '"GQA-2 (n_kv=2)": 2,', '"MQA  (n_kv=1)": 1,'):
    e.given(L(t), "KV heads of a config")
e.given(L("SEQ_LENS_FOR_SPEED = [64, 256, 1024]"), "prompt lengths")
e.given(L("NEW_TOKENS = 64"), "new tokens")
e.given(L("BYTES_PER_PARAM = 4  # float32"), "float32")
e.given(L("for seq_len in [512, 4096, 32768, 131072]:"), "lengths of the theoretical table")
e.given(L("파라미터 수 (n_layer=6, n_embd=256, n_head=8):"), "config restated")

V, T, NL, D, H = 65, 4096, 6, 256, 8
hd = D // H


def params(n_kv):
    block = D + D * D + 2 * D * (n_kv * hd) + D * D + D + D * 4 * D + 4 * D * D
    return V * D + T * D + NL * block + D


for label, n_kv, printed in (("| MHA (n_kv=8) |", 8, "5,787,136"), ("| GQA-4 (n_kv=4) |", 4, "5,393,920"),
                             ("| GQA-2 (n_kv=2) |", 2, "5,197,312"), ("| MQA (n_kv=1) |", 1, "5,099,008")):
    number_claim(e, L(label), f"parameters with {n_kv} KV heads (thousands commas)", printed, params(n_kv))

for label, n_kv, p in (("| MHA | 12.583 MB |", 8, "12.583"), ("| GQA-4 | 6.291 MB |", 4, "6.291"),
                       ("| GQA-2 | 3.146 MB |", 2, "3.146"), ("| MQA | 1.573 MB |", 1, "1.573")):
    mb = R(2 * NL * 1024 * n_kv * hd * 4, 10 ** 6)
    e.claim(L(label), f"float32 KV cache at 1024 tokens, {n_kv} KV heads (MB)", [p, p], [mb, mb])

for t in ("| MHA | 186.2 |", "| GQA-4 | 174.6 |", "| GQA-2 | 197.1 |", "| MQA | 182.1 |"):
    e.given(L(t), "measured tokens/sec")
ln = L("MQA가 MHA보다 약 1.6배 빨랐다")
e.given(ln, "measured 110.5 and 67.6 tokens/sec; prompt lengths 64, 256, 1024")
e.claim(ln, "speed-up 110.5 / 67.6", ["1.6"], [R("110.5") / R("67.6")])
ln = L("(2부의 128K 기준 62.5GB vs 1.95GB처럼)")
e.claim(ln, "MHA vs MQA at 128,000 tokens (GiB)", ["62.5", "1.95"],
        [kv_bytes(128000, 32) / GiB, kv_bytes(128000, 1) / GiB])

# --- part 5-3: sanity check ----------------------------------------------------------------
e.given(L("문자 10종 `abcdefghij`"), "training setup of the cut script")
e.claim(L("이론 loss = ln(10) ≈ 2.303"), "uniform loss over 10 symbols", ["2.303"], [sp.log(10)])
for t in ("| MHA (n_kv=4) | 2.323 |", "| GQA-2 (n_kv=2) | 2.334 |", "| MQA (n_kv=1) | 2.329 |"):
    e.given(L(t), "measured losses")
ln = L("세 구성 모두 300 스텝 만에 무작위 수준(2.303)")
e.ambiguous(ln, "'1.0~1.2 근처' is a rough range of the measured final losses")
e.claim(ln, "random-guess loss restated", ["2.303"], [sp.log(10)])
e.done()
