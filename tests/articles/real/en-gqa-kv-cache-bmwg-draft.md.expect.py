# Expected verdicts for en-gqa-kv-cache-bmwg-draft.md, computed with plain SymPy (see oracle.py); not symattn's code.
# S_KV = 2 * L * H_kv * D * C * P_bytes with the parameters of the table; thousands separators are commas.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["gqa"])


def claim_int(line, what, printed, exact):
    # the page prints integers with thousands separators ("1,342,177,280"); compare the digits exactly
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    ent = e._entry(line)
    ok = int(printed.replace(",", "")) == int(exact)
    item = {"what": what, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(exact)}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e.given(e.line("Transformer layers L 80"), "L")
e.claim(e.line("KV attention heads (GQA-8) H_kv 8"), "H_kv = 64 / 8", ["8"], [sp.Integer(64) / 8])
e.claim(e.line("Per-head dimension D 128"), "D = 8192 / 64", ["128"], [sp.Integer(8192) / 64])
e.given(e.line("Context length C 4,096"), "C")
e.given(e.line("Precision P_bytes 2"), "bytes per element")
e.given(e.line("= 2 × 80 × 8 × 128 × 4,096 × 2"), "the factors restated")
claim_int(e.line("Step 1:"), "2 × 80", "160", 2 * 80)
claim_int(e.line("Step 2:"), "160 × 8", "1,280", 160 * 8)
claim_int(e.line("Step 3:"), "1,280 × 128", "163,840", 1280 * 128)
claim_int(e.line("Step 4:"), "163,840 × 4,096", "671,088,640", 163840 * 4096)
claim_int(e.line("Step 5:"), "671,088,640 × 2", "1,342,177,280", 2 * 80 * 8 * 128 * 4096 * 2)
e.done()
