# Expected verdicts for en-gqa-mistrjirka-liquidlite-gqa4-params.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A GQA parameter budget: 12 query heads, 4 KV heads, head dimension 64, residual width 768, 8 attention layers.
# Q, K, V widths are 12 x 64 = 768 and 4 x 64 = 256, so the fused QKV output is 768 + 768 + 768 = 2304 for ordinary
# attention and 768 + 256 + 256 = 1280 for GQA4; with 768 inputs the saving per layer is 768 x 1024 = 786,432, over
# 8 layers 6,291,456, and 111,461,888 - 6,291,456 = 105,170,432.  12 / 4 = 3 query heads per KV head (said in words, not claimed).  Everything
# checks out: no wrong line.  The 111,461,888 baseline count, the 1,536 steps and the 0.02 threshold are inputs.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "parameters", "code-block"])
L = e.line

q_heads, kv_heads, hd, d_model, layers = 12, 4, 64, 768, 8
qw, kw = q_heads * hd, kv_heads * hd
ordinary = qw + 2 * qw
gqa = qw + 2 * kw
saving = d_model * (ordinary - gqa)
base = 111461888

e.given(L("After the 1,536-step probe runs"), "1,536-step probes")
e.given(L("queries: 12 heads × 64 dimensions"), "12 query heads of 64")
e.given(L("keys:     4 heads × 64 dimensions"), "4 key heads of 64")
e.given(L("values:   4 heads × 64 dimensions"), "4 value heads of 64")
e.given(L("the 768-wide residual stream"), "768-wide residual, 8 attention layers")
ln = L("ordinary QKV output width: 768 + 768 + 768 = 2304")
e.claim(ln, "Q width 12 x 64 and the sum", ["768", "2304"], [qw, ordinary])
ln = L("GQA4 QKV output width:      768 + 256 + 256 = 1280")
e.claim(ln, "K/V width 4 x 64 and the sum", ["256", "1280"], [kw, gqa])
ln = L("saving per attention layer: 768 × (2304 - 1280) = 786,432")
number_claim(e, ln, "768 x (2304 - 1280)", "786,432", sp.Integer(saving))
ln = L("8 × 786,432 = 6,291,456 parameters")
number_claim(e, ln, "8 x per-layer saving", "6,291,456", sp.Integer(layers * saving))
e.given(L("LiquidLite-512:       111,461,888"), "baseline parameter count")
number_claim(e, L("LiquidLite-512-GQA4:  105,170,432"), "baseline minus saving", "105,170,432",
             sp.Integer(base - layers * saving))
e.given(L("validation loss at step 1,536 is at most about 0.02"), "go/no-go thresholds")
e.done()
