# Expected verdicts for pl-kv-tarze07-otwarte-modele-architektura.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the Llama 3 8B config as printed (hidden 4096, intermediate 14336, 32 layers, 32 Q heads, 8 KV heads,
# 131072 positions, rope_theta 500000), BF16 = 2 bytes, 8B weights; the article's own formulas for activation memory
# (batch · seq · hidden · layers · bytes) and the KV cache (2 · layers · kv_heads · head_dim · seq · bytes).
# - SwiGLU width (2/3)·4 = 8/3; 32 Q heads / 8 KV heads = 4x smaller cache; 14336 / 4096 = 3,5x; head_dim 4096/32 = 128;
#   KV 2·32·8·128·131072·2 = 17,179,869,184 bytes = 17.2 GB (16 GiB); 8B · 2 bytes = 16 GB; 2 of 8 experts = 25%,
#   8 of 256 = 3.125% -> 3%; 8 × 80 GB = 640 GB: all right.
# - "około 8 GB tylko na aktywacje z punktem kontrolnym": the article's own formula gives 1 · 8192 · 4096 · 32 · 2 =
#   2,147,483,648 bytes = 2.15 GB (2 GiB), so 8 GB is right under no reading -> wrong (slip).  The "40 GB bez"
#   (without checkpointing) is outside the printed formula -> ambiguous note on the same line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="pl", topics=["kv-cache", "gqa", "mqa", "params", "memory", "code-block", "table"])
GB, GiB = 10**9, 1024**3

e.claim(e.line("ff_dim = (2/3) * 4 * hidden = 8/3 * hidden"), "SwiGLU width factor", ["8/3"], [R(2, 3) * 4])
e.given(e.line("**MQA** daje wszystkim głowicom jedno wspólne K"), "MQA reduction = number of heads (12 to 32)")
ln = e.line("Lama 3 8B wykorzystuje GQA z 32 głowicami Q i 8 głowicami KV")
e.given(ln, "32 Q heads, 8 KV heads")
e.claim(ln, "KV cache reduction vs MHA", ["4"], [R(32, 8)])
e.given(e.line("Mixtral 8x7B ma łącznie 47B parametrów"), "MoE parameter counts (model facts)")
for needle in ("| GPT-2 Mały | 2019 |", "| Lama 3 8B | 2024 |", "| DeepSeek V3 | 2024 |"):
    e.given(e.line(needle), "model table row (facts)")
L = e.line("\"hidden_size\": 4096,")
e.given(L, "Llama 3 8B config")
ln = e.line("`intermediate_size`: szerokość MLP (ukryty 3,5x")
e.claim(ln, "intermediate / hidden", ["3,5"], [R(14336, 4096)])
ln = e.line("`rope_theta`: bazowa częstotliwość RoPE")
e.claim(ln, "rope_theta in thousands (config 500000.0)", ["500"], [R(500000, 1000)])
e.given(e.line("activation_mem ~ batch_size * seq_len"), "activation-memory rule of thumb")
ln = e.line("Dla Lamy 3 8B w partii 1, sekwencja 8192, BF16, 32 warstwy, ukryte 4096")
act = 1 * 8192 * 4096 * 32 * 2
number_claim(e, ln, "activation memory with checkpointing (the article's formula)", "8",
             [("GB", R(act, GB)), ("GiB", R(act, GiB))])
e.ambiguous(ln, "\"40 GB bez\" (without checkpointing) is not given by the printed formula")
e.given(e.line("kv_cache = 2 * num_layers * num_kv_heads"), "KV formula")
ln = e.line("head_dim = ukryte / num_heads = 128")
e.claim(ln, "head_dim", ["128"], [R(4096, 32)])
kv = 2 * 32 * 8 * 128 * 131072 * 2
number_claim(e, e.line("`2 * 32 * 8 * 128 * 131072 * 2 = 17.2 GB`"), "KV cache at 131072 tokens", "17.2",
             [("GB", R(kv, GB)), ("GiB", R(kv, GiB))])
e.claim(e.line("Same wagi 8B zajmują w BF16 16 GB"), "8B weights in BF16 (GB)", ["16"], [R(8 * 10**9 * 2, GB)])
ln = e.line("DeepSeek V3 kieruje token do 8 z 256 ekspertów")
e.claim(ln, "Mixtral active share, DeepSeek V3 active share", ["25%", "3%"], [R(2, 8), R(8, 256)])
e.claim(e.line("(80 GB każdy = łącznie 640 GB"), "8 × 80 GB", ["640"], [8 * 80])
e.done()
