# Expected verdicts for pt-kv-alecatuae-sizing-hybrid-window.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the README states them: opt-oss-120b with 36 layers, 8 KV heads, head_dim 64, hybrid attention with
# 18 full layers + 18 sliding layers (window 128 tokens; the README's own example, and the repository's models.json),
# KV in FP8 (1 byte), context 128k = 131,072 tokens, 1000 sessions; server HBM 8 × 288 = 2304 GB (decimal GB: the
# README converts it with 10^9 / 2^30), fixed overhead 120 GiB, KV budget ratio 70 % (65 % in IDEAL), headroom
# 0 / 20 / 30 % and HA extra nodes 0 / 1 / 2.
# - KV per session = 2·18·8·64·131072 + 2·18·8·64·128 = 2,418,278,400 B = 2.2522 GiB: "~2.25 GiB" ok (36 full
#   layers would give 4.5 GiB).
# - "KV total: 2.25 TiB" for 1000 sessions: 2252.2 GiB = 2.1994 TiB (2.42 TB): the author wrote 1000 GiB as one
#   TiB; right under no reading -> wrong (slip).
# - "DGX B300: 2.3 TiB HBM total": 2304 GB = 2.0955 TiB by the README's own conversion (2.3 is the decimal TB
#   figure under a TiB label; only 2304 GiB would give 2.25 TiB) -> wrong (slip).
# - "~1.4 TiB" usable = 0.70 × (2145.77 − 120) GiB = 1418.04 GiB = 1.385 TiB -> ok.
# - Sessions per node floor(1418.04 / 2.2522) = 629; nodes ceil(1000 / 629) = 2, with N+1 3: ok.
# - 256k tokens: 2·18·8·64·262144 + window = 4.5022 GiB -> "~4.5 GiB" ok.  120B × 2 bytes = 240 GB ok; 8 × 288 = 2304 ok.
# - Budget block: 2145.8 ok; 2145.8 − 120 = 2025.8 ok; "2025.8 × 0.70 = 1418.0": exactly 2025.7747 × 0.7 = 1418.04 ->
#   1418.0 ok end to end (as written from the rounded 2025.8 it would be 1418.06, 1418.1; the chain is judged end to end).
# - Executive table: nodes 2 / 3 / 5 (ceil(1000·(1+h)/s) + HA), sessions 629 / 629 / 584 (IDEAL budget
#   0.65 × 2025.77 = 1316.75 GiB), KV 2.25: all ok; kW, rack and storage columns need per-node power, rack units and
#   the storage model, which the kept text does not give -> ambiguous notes on ok lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="pt", topics=["kv-cache", "gqa", "sliding-window", "memory", "capacity"])

GiB = sp.Integer(2) ** 30
TiB = sp.Integer(2) ** 40
layers_full, layers_sw, kvh, hd, ctx, win = 18, 18, 8, 64, 131072, 128
kv = 2 * layers_full * kvh * hd * ctx * 1 + 2 * layers_sw * kvh * hd * win * 1
kv_gib = sp.Integer(kv) / GiB
kv256 = 2 * layers_full * kvh * hd * (2 * ctx) * 1 + 2 * layers_sw * kvh * hd * win * 1
hbm_gib = sp.Integer(2304) * 10**9 / GiB
avail = hbm_gib - 120
budget70 = avail * R(70, 100)
budget65 = avail * R(65, 100)
s70 = sp.floor(budget70 / kv_gib)
s65 = sp.floor(budget65 / kv_gib)


def nodes(headroom, ha, s):
    return sp.ceiling(1000 * (1 + headroom) / s) + ha


e.given(e.line("- Modelo: opt-oss-120b (36 camadas, 8 KV heads, fp8)"), "36 layers, 8 KV heads, FP8")
e.given(e.line("- Contexto: 128k tokens"), "128k = 131,072 tokens")
e.claim(e.line("- **KV por sessão**: ~2.25 GiB"), "KV per session (2.2522 GiB)", "2.25", kv_gib)
e.given(e.line("Para **1000 sessões simultâneas**:"), "1000 sessions")
e.claim(e.line("- KV total: 2.25 TiB"), "KV for 1000 sessions in TiB (2.1994; 1000 GiB taken for 1 TiB)", "2.25",
        1000 * sp.Integer(kv) / TiB)
e.claim(e.line("- Servidor DGX B300: 2.3 TiB HBM total"), "2304 GB in TiB (2.0955)", "2.3", sp.Integer(2304) * 10**9 / TiB)
L = e.line("- **Budget efetivo**: ~70% HBM → ~1.4 TiB")
e.given(L, "budget ratio 70 %")
e.claim(L, "KV budget per node in TiB (0.7 × 2025.77 GiB = 1418.04 GiB)", "1.4", budget70 / 1024)
L = e.line("- **Resultado**: 2 nós (mínimo), 3 nós (com N+1)")
e.claim(L, "nodes, minimum (ceil(1000 / 629))", "2", nodes(0, 0, s70))
e.claim(L, "nodes with N+1 (20 % headroom)", "3", nodes(R(20, 100), 1, s70))
e.given(e.line("Se o contexto dobrar para 256k tokens:"), "256k tokens")
e.claim(e.line("- KV por sessão dobra (~4.5 GiB)"), "KV per session at 256k (4.5022 GiB)", "4.5", sp.Integer(kv256) / GiB)
e.claim(e.line("| **Tamanho** | Fixo (ex.: 120B param = ~240 GB fp16)"), "120B params × 2 bytes in GB", "240",
        sp.Integer(120) * 10**9 * 2 / 10**9)
for lab in ('"num_layers": 36,', '"num_key_value_heads": 8,', '"head_dim": 64,', '"max_position_embeddings": 131072,',
            '"hbm_per_gpu_gb": 288,'):
    e.given(e.line(lab), "configuration")
e.claim(e.line('"total_hbm_gb": 2304,'), "8 × 288", "2304", sp.Integer(8 * 288))
e.given(e.line("- Camadas atendem apenas a uma janela fixa (ex.: 128 tokens)"), "window 128")
e.given(e.line("- Exemplo: 18 camadas full + 18 sliding"), "18 full + 18 sliding layers")
e.given(e.line("- **Total conservador**: 120 GiB"), "overhead 120 GiB")
e.given(e.line("- 70%: Padrão balanceado"), "ratio 70 %")
e.given(e.line("- 65%: Conservador (cenário IDEAL)"), "ratio 65 %")
e.claim(e.line("HBM_total = 2304 GB × (10^9 / 2^30) = 2145.8 GiB"), "2304 GB in GiB", "2145.8", hbm_gib)
e.claim(e.line("HBM_disponivel = 2145.8 - 120 = 2025.8 GiB"), "HBM minus 120 GiB", "2025.8", avail)
e.claim(e.line("KV_budget = 2025.8 × 0.70 = 1418.0 GiB"),
        "KV budget (1418.04 end to end; 1418.06 from the rounded 2025.8)", "1418.0", budget70)
for lab in ("- MÍNIMO: `peak_headroom_ratio = 0%`", "- RECOMENDADO: `peak_headroom_ratio = 20%`",
            "- IDEAL: `peak_headroom_ratio = 30%`", "Contexto Efetivo:    131,072 tokens",
            "Concorrência Alvo:   1,000 sessões simultâneas"):
    e.given(e.line(lab), "scenario settings")
note = "kW, rack units and storage need per-node power, rack size and the storage model, not in the kept text"
for lab, n_, s_, sval in (("MÍNIMO             2", "2", "629", nodes(0, 0, s70)), ("RECOMENDADO        3", "3", "629",
                          nodes(R(20, 100), 1, s70)), ("IDEAL              5", "5", "584", nodes(R(30, 100), 2, s65))):
    L = e.line(lab)
    e.claim(L, "nodes", n_, sval)
    e.claim(L, "sessions per node", s_, s65 if lab.startswith("IDEAL") else s70)
    e.claim(L, "KV per session (GiB)", "2.25", kv_gib)
    e.ambiguous(L, note)
e.done()
