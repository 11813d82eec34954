# Expected verdicts for ja-kv-stmind-llama31-gpu-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Japanese blog post (stMind) that re-derives by hand the Llama 3.1 inference-memory tables of the Hugging Face blog.
# Inputs: weights = parameters x bytes (FP16 2, FP8 1, INT4 0.5); Llama2-7B at 16 bit; KV bytes per token =
#   2 x num_layers x num_heads(KV) x dim_head x 2 bytes; 8B: 32 layers, 8 KV heads, dim_head 4096/32 = 128;
#   70B: 80 layers, 8 KV heads, dim_head 8192/64 = 128; the author's own code divides by 1024**3 (GiB, written GB).
# Exact values: 7 x 2 = 14; weights 8B 16/8/4, 70B 140/70/35, 405B 810/405/202.5 (203 is the integer tie, right).
#   KV per token: 8B 131,072 B, 70B 327,680 B. 16000 x 131072 / 2^30 = 1.953125; 128000 x ... = 15.625;
#   1000 x ... = 0.1220703125; 1024 x ... = 0.125. 70B: 1024 tokens 0.3125, 16000 tokens 4.8828125, 128000 tokens 39.0625.
# The quoted KV table mixes token readings (1k = 1024 tokens but 16k = 16,000 and 128k = 128,000, as the author's own
#   recomputation shows); each cell is judged against the readings k = 1000 or 1024 tokens and GiB or GB, and every 8B and
#   70B cell agrees with one of them.
# No wrong line.
# Ambiguous: the 405B row of the KV table (the article states neither the layer count nor the KV-head count of 405B).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ja", topics=["kv", "gqa", "table", "code-block"])

GIB, GB = R(2) ** 30, R(10) ** 9


def kv_cells(line, model, per_token):
    for k, printed in zip((1, 16, 128), e.lines[line - 1].split("|")[2:5]):
        p = printed.strip().split()[0]
        readings = []
        for toks_name, toks in (("k=1000", 1000 * k), ("k=1024", 1024 * k)):
            for unit_name, unit in (("GiB", GIB), ("GB", GB)):
                readings.append((f"{toks_name}, {unit_name}", R(toks * per_token, unit)))
        number_claim(e, line, f"{model} KV cache at {k}k tokens", p, readings)


L = e.line("7B * sizeof(FP16) で14GB")
e.claim(L, "Llama2-7B at 16 bit", ["14"], [7 * 2])
e.given(e.line("今回照合する HF の表ではバッチ数は1"), "batch size 1")

for model, params in (("8B", 8), ("70B", 70), ("405B", 405)):
    L = e.line(f"| {model} | ", after=e.line("| Model Size | FP16 | FP8 | INT4 |"))
    cells = [c.strip().split()[0] for c in e.lines[L - 1].split("|")[2:5]]
    for dtype, nbytes, p in zip(("FP16", "FP8", "INT4"), (2, 1, R(1, 2)), cells):
        number_claim(e, L, f"{model} weights in {dtype}", p, params * nbytes)

L = e.line("8B * sizeof(FP16) = 16GB")
e.claim(L, "8B weights in FP16, FP8, INT4", ["16", "8", "4"], [16, 8, 4])

e.given(e.line("| Model Size | 1k tokens | 16k tokens | 128k tokens |"), "token counts 1k, 16k, 128k")
per_8b = 2 * 32 * 8 * 128 * 2
per_70b = 2 * 80 * 8 * 128 * 2
T = e.line("| Model Size | 1k tokens | 16k tokens | 128k tokens |")
kv_cells(e.line("| 8B | ", after=T), "8B", per_8b)
kv_cells(e.line("| 70B | ", after=T), "70B", per_70b)
e.ambiguous(e.line("| 405B | ", after=T),
            "405B's layer count and KV-head count are not stated in the article, so its KV cells cannot be recomputed")

L = e.line("num_layers は32、num_heads は8")
e.claim(L, "dim_head = 4096 / 32", ["128"], [R(4096, 32)])
e.claim(e.line("16000 * (2 * 32 * 8 * (4096/32) * 2) / 1024**3 # 1.953125"), "16000 tokens, 8B, in GiB",
        ["1.953125"], [R(16000 * per_8b, GIB)])
e.claim(e.line("128000 * (2 * 32 * 8 * (4096/32) * 2) / 1024**3 # 15.625"), "128000 tokens, 8B, in GiB",
        ["15.625"], [R(128000 * per_8b, GIB)])
e.claim(e.line("1000 * (2 * 32 * 8 * 128 * 2) / 1024**3 # 0.1220703125"), "1000 tokens, 8B, in GiB",
        ["0.1220703125"], [R(1000 * per_8b, GIB)])
e.claim(e.line("系列長を1024として計算すると"), "1024 tokens, 8B, in GiB", ["0.125"], [R(1024 * per_8b, GIB)])
L = e.line("num_layers を80")
e.claim(L, "70B dim_head = 8192 / 64", ["128"], [R(8192, 64)])
e.done()
