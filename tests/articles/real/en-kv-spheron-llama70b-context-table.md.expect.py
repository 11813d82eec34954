# Expected verdicts for en-kv-spheron-llama70b-context-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The page names the model (Llama 3 / 3.1 70B, BF16) and the formula 2 x L x H_kv x D x S x B x bytes; the kept text
# does not list the configuration, so the oracle uses the model's published one: L = 80, H_kv = 8 (GQA), D = 128,
# 2 bytes -> 327,680 bytes per token.  The page's sizes are decimal GB (4,096 tokens -> 1.342 GB, ~1.3).
#   131,072 tokens: 42.95 GB (40 GiB): the intro's "42 GB" (twice) is right under no reading (43 GB / 40 GiB): wrong,
#   a cut 42.9; the table's ~42.9 is right.  8 users x 131,072 tokens: 343.6 GB -> "~343" is cut: wrong.
#   Other cells: 10.7, 5.4, 43, 10.7, 86 right.  Weights 70e9 x 2 B = 140 GB right.
#   "2.4x the model size": 343.6 / 140 = 2.454 -> 2.5; from the printed 343 / 140 = 2.45 (a tie) it would pass, so the
#   line is wrong end to end with cause "carried".
#   "At 32K context with 8 users the cache exceeds the weights": 85.9 GB is less than 140 GB - a false comparison,
#   not a printed quantity: ambiguous (noted).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "memory"])
PER = 2 * 80 * 8 * 128 * 2


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def gb(nbytes):
    return [("decimal GB", sp.Integer(nbytes) / 10**9), ("binary GiB", sp.Integer(nbytes) / 2**30)]


L = e.line("A single Llama 3 70B request at 128K context needs 42 GB")
n(L, "131,072 tokens, 1 request (42.95 GB / 40 GiB)", "42", gb(PER * 131072))
n(e.line("five techniques that together cut that 42 GB"), "the same 42 GB restated", "42", gb(PER * 131072),
  cause="carried")
e.given(e.line("largest consumer. For Llama 3.1 70B at BF16:"), "Llama 3.1 70B, BF16")
for toks, one, eight in ((4096, "1.3", "10.7"), (16384, "5.4", "43"), (32768, "10.7", "86"), (131072, "42.9", "343")):
    ln = e.line(f"| {toks:,} tokens |")
    n(ln, f"{toks} tokens, 1 user", one, gb(PER * toks))
    n(ln, f"{toks} tokens, 8 users", eight, gb(PER * toks * 8))
n(e.line("The model weights for Llama 3.1 70B at FP16 are ~140 GB"), "70e9 x 2 bytes", "140", gb(70 * 10**9 * 2))
e.ambiguous(e.line("At 32K context with 8 concurrent users"),
            "a comparison, not a printed quantity (85.9 GB does not exceed 140 GB)")
e.claim(e.line("the KV cache is 2.4x the model size"), "343.6 GB / 140 GB = 2.454", "2.4",
        R(PER * 131072 * 8, 140 * 10**9), cause="carried")
e.given(e.line("bytes_per_element = 2 for BF16/FP16"), "2 / 1 / 0.5 bytes")
e.done()
