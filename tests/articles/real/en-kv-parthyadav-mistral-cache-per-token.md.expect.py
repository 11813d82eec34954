# Expected verdicts for en-kv-parthyadav-mistral-cache-per-token.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the note states them: Mistral 7B with 32 layers, 32 attention heads (the note caches one K and one V per
# attention head; the real model has 8 KV heads, but the note's own input is 32), hidden size 4096, FP16 = 2 bytes.
# head_dim = 4096/32 = 128; vectors per token = 32*32 = 1024 keys + 1024 values = 2048; 128*2048*2 = 524,288 B = 512 KiB.
# "1K tokens" is taken as 1000 by the note: 1000 * 512 KiB = 512,000 KiB = 500 MiB exactly.  Every step agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "memory"])
LAYERS, HEADS, HIDDEN, BYTES = 32, 32, 4096, 2
HEAD_DIM = sp.Integer(HIDDEN) / HEADS
KV = LAYERS * HEADS
TOTAL = 2 * KV
PER_TOKEN = HEAD_DIM * TOTAL * BYTES


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


L = e.line("Mistral has 32 layers")
e.given(L, "32 layers, 32 heads, hidden size 4096")
n(L, "head dimension 4096/32", "128", HEAD_DIM)
e.claim(L, "4096 / 32 restated", ["4096", "32"], [sp.Integer(4096), sp.Integer(32)])
n(e.line("Size of one vector = no. head dimension = 128 elements"), "vector length", "128", HEAD_DIM)
e.given(e.line("= 32 * 32"), "layers * heads")
n(e.line("= 1024 vectors"), "32 * 32", "1024", sp.Integer(KV))
e.claim(e.line("= 1024 + 1024"), "keys + values", ["1024", "1024"], [sp.Integer(KV), sp.Integer(KV)])
n(e.line("= 2048", after=e.line("= 1024 + 1024")), "1024 + 1024", "2048", sp.Integer(TOTAL))
e.claim(e.line("= 128 * 2048 * 2 bytes"), "operands", ["128", "2048", "2"], [HEAD_DIM, sp.Integer(TOTAL), sp.Integer(BYTES)])
L = e.line("= 524,288 bytes = 512 KiB")
n(L, "128 * 2048 * 2", "524,288", PER_TOKEN)
n(L, "in KiB", "512", PER_TOKEN / 1024)
L = e.line("= 1000 * 512 KiB = 500 MiB.")
e.given(L, "1K tokens taken as 1000")
n(L, "1000 * 512 KiB in MiB", "500", 1000 * PER_TOKEN / 2**20)
n(e.line("512 KiB at 16-bit"), "per token restated", "512", PER_TOKEN / 1024)
n(e.line("needs 500 MiB of KV cache"), "1K-token cache restated", "500", 1000 * PER_TOKEN / 2**20)
e.done()
