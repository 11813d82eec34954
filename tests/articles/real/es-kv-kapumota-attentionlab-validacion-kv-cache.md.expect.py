# Expected verdicts for es-kv-kapumota-attentionlab-validacion-kv-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the article's JSON and "Supuestos"): 32 layers, dimension 4096, batch 1, fp16 = 2 bytes per value; per scenario
# context_length, query_heads, kv_heads, swa_window_size, mla_rank as listed in the JSON block.
# Conventions (the article's own formulas, GB = 1e9 bytes):
#   MHA = capas * contexto * 2 * dimension * bytes * batch / 1e9
#   GQA = MHA * kv_heads / query_heads
#   SWA = capas * ventana_swa * 2 * dimension * bytes * batch / 1e9   (window, not the context)
#   MLA = capas * contexto * 2 * mla_rank * bytes * batch / 1e9
# Exact values: 32k: 17.179869184, 17.179869184, 2.147483648, 2.147483648; 64k: 34.359738368, 8.589934592, 2.147483648,
#   4.294967296; 128k: 68.719476736, 17.179869184, 2.147483648, 8.589934592; 1M (window 8192): 549.755813888,
#   137.438953472, 4.294967296, 68.719476736. Every printed 3-decimal value is the exact value rounded. No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="es", topics=["kv", "gqa", "mla", "sliding-window", "table", "json", "memory"])

LAYERS, DIM, BATCH, BYTES = 32, 4096, 1, 2
GB = sp.Integer(10) ** 9

for needle in ("memoria_gb = capas * contexto_efectivo * 2", "kv_cache_gqa = kv_cache_mha * kv_heads / query_heads",
               "kv_cache_swa = capas * ventana_swa * 2", "kv_cache_mla = capas * contexto * 2 * mla_rank"):
    e.given(e.line(needle), "estimator formula")
e.given(e.line('"num_layers": 32'), "32 layers")
e.given(e.line('"dimension": 4096'), "dimension 4096")
e.given(e.line('"batch_size": 1'), "batch 1")
e.given(e.line('"precision": "fp16"'), "fp16")
for needle in ('"context_length": 32768', '"context_length": 65536', '"context_length": 131072', '"context_length": 1048576'):
    e.given(e.line(needle), "scenario context length")
for k in range(1, 5):
    e.given(e.line('"query_heads": 32', k), "query heads")
e.given(e.line('"kv_heads": 32'), "kv heads (MHA scenario)")
for k in range(1, 4):
    e.given(e.line('"kv_heads": 8', k), "kv heads")
for k in range(1, 4):
    e.given(e.line('"swa_window_size": 4096', k), "SWA window")
e.given(e.line('"swa_window_size": 8192'), "SWA window (1M scenario)")
for k in range(1, 5):
    e.given(e.line('"mla_rank": 512', k), "MLA rank")
e.given(e.line("- 32 capas."), "32 layers")
e.given(e.line("- Dimensión 4096."), "dimension 4096")
e.given(e.line("- Precisión fp16."), "fp16")
e.given(e.line("- Batch size 1."), "batch 1")

scenarios = [
    ("| MHA 32k baseline |", 32768, 32, 32, 4096, 512, ["17.180", "17.180", "2.147", "2.147"]),
    ("| GQA 64k eficiente |", 65536, 32, 8, 4096, 512, ["34.360", "8.590", "2.147", "4.295"]),
    ("| SWA 128k local |", 131072, 32, 8, 4096, 512, ["68.719", "17.180", "2.147", "8.590"]),
    ("| MLA conceptual 1M |", 1048576, 32, 8, 8192, 512, ["549.756", "137.439", "4.295", "68.719"]),
]
for needle, ctx, qh, kvh, win, rank, printed in scenarios:
    mha = sp.Integer(LAYERS * ctx * 2 * DIM * BYTES * BATCH) / GB
    gqa = mha * R(kvh, qh)
    swa = sp.Integer(LAYERS * win * 2 * DIM * BYTES * BATCH) / GB
    mla = sp.Integer(LAYERS * ctx * 2 * rank * BYTES * BATCH) / GB
    L = e.line(needle)
    e.claim(L, f"{needle.strip('| ')}: context restated", str(ctx), ctx)
    e.claim(L, f"{needle.strip('| ')}: MHA, GQA, SWA, MLA (GB)", printed, [mha, gqa, swa, mla])
e.done()
