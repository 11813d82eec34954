# Expected verdicts for en-kv-tildalice-llama70b-24gb.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the post's formula M_KV = 2 · L · n · d_h · b · bytes with L = 80, d_h = 8192, n = 2048, b = 1, FP16 (2 bytes),
# checked as written (the post ignores Llama 2 70B's 8 KV heads, which would make it 8× smaller; not judged here).
# - 2 · 80 · 2048 · 8192 · 1 · 2 = 5,368,709,120 B = 5.37 GB = 5.00 GiB.  Printed "5.24 GB": right under no reading
#   (neither 5.37 GB nor 5.00 GiB) -> wrong (slip).
# - "more than a third of the 24GB card": 5.37 / 24 = 0.224 (5.00 / 24 = 0.208 in GiB over GB; 5.24 / 24 = 0.218 from
#   the author's own figure) -> no reading reaches 1/3 -> wrong (slip).
# - "the model fit": 70·10^9 parameters at 4 bits are 35 GB of weights, more than the 24GB card, unless part of the
#   model is offloaded, which the post does not say -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "memory"])

nbytes = 2 * 80 * 2048 * 8192 * 1 * 2
e.ambiguous(e.line("The setup: Llama 2 70B, 4-bit quantized"),
            "70e9 parameters at 4 bits are 35 GB, more than the 24GB card; whether part was offloaded is not said")
e.given(e.line("$$M_{\\text{KV}} = 2 \\cdot L \\cdot n"), "formula")
e.given(e.line("Plugging in Llama 2 70B ($L=80$"), "L = 80, d_h = 8192, n = 2048, FP16")
L = e.line("= 5.24 \\text{ GB}$$")
number_claim(e, L, "2 · 80 · 2048 · 8192 · 1 · 2 bytes in GB (5,368,709,120 B)", "5.24",
             [("decimal GB", sp.Integer(nbytes) / 10**9), ("binary GiB", sp.Integer(nbytes) / 2**30)])
L = e.line("more than a third of the 24GB card")
e.given(L, "24GB VRAM")
ent = e._entry(L)
share = sp.Integer(nbytes) / 10**9 / 24
ent["claims"].append({"what": "cache / 24 GB is more than 1/3 (5.37 / 24 = 0.224)", "printed": ["a third"],
                      "wrong": [{"printed": "more than a third", "exact": str(sp.N(share, 6))}], "cause": "slip"})
assert share < R(1, 3) and sp.Integer(nbytes) / 2**30 / 24 < R(1, 3) and R(524, 100) / 24 < R(1, 3)
ent["verdict"] = "wrong"
e.done()
