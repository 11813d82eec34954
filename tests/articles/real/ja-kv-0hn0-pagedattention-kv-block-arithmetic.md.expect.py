# Expected verdicts for ja-kv-0hn0-pagedattention-kv-block-arithmetic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Japanese blog explainer (0h-n0) of the vLLM / PagedAttention paper that works a few KV-cache sizes and block counts.
# Inputs: OPT-13B weights 26GB on an A100 40GB; h = 40 heads, d = 128, l = 40 layers, FP16 (2 bytes); a 2048-token
#   sequence; block size B = 16; a 1000-token system prompt shared by 100 requests with 37 private blocks each.
# Exact values: 40 - 26 = 14 (GB); per token 2*40*128*40*2 = 819,200 bytes = 0.8192 MB = 0.78125 MiB (0.8 either way);
#   2048 tokens -> 1,677,721,600 bytes = 1.6777 GB (1.7 at one place) or 1.5625 GiB (1.6);
#   sequences in 14GB: 14e9 / 1,677,721,600 = 8.3447 (decimal) or 14 GiB / 1.5625 GiB = 8.96 (binary);
#   ceil(1000 / 16) = 63 blocks; 63 * 100 = 6,300; 63 + 37 * 100 = 3,763.
# Wrong line: "約8.7シーケンス" -- 8.7 is 14 / 1.6 = 8.75 from the rounded 1.6GB; from the stated inputs it is 8.3
#   (GB = 10^9 bytes) or 9.0 (GiB): wrong under both readings -- drift.
# Ambiguous: "約1.6GB" for the 2048-token sequence: 1.5625 GiB rounds to 1.6 but 1.6777 GB rounds to 1.7, and the
#   article never says which GB it means (two defensible readings, different verdicts).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim, grouped_int_claim

e = Expect(__file__, language="ja", topics=["kv-cache", "paged-attention", "sizes", "latex-thousands", "prose-arithmetic"])
per_token = 2 * 40 * 128 * 40 * 2
seq_bytes = per_token * 2048

e.given(e.line("（SOSP 2023）"), "paper venue and year")
ln = e.line("パラメータだけで26GB")
e.given(ln, "OPT-13B weights 26GB, A100 40GB")
e.claim(ln, "memory left for the KV cache: 40 - 26 (GB)", ["14"], [sp.Integer(40 - 26)])
e.given(e.line("論文はここに3種類のムダ"), "three kinds of waste")
e.given(e.line("1. **予約ぶんのムダ**"), "list item 1")
e.given(e.line("2. **内部フラグメンテーション**"), "list item 2; reported up to 80% (paper Figure 2)")
e.given(e.line("3. **外部フラグメンテーション**"), "list item 3")
e.given(e.line("20.4-38.2%"), "reported share of memory actually used (paper Section 3)")

e.given(e.line("論文Section 2.2"), "section reference")
e.given(e.line("\\lvert \\text{KVcache} \\rvert = 2 \\times h"), "KV-cache formula 2*h*d*l*sizeof")
e.given(e.line("- $2$: KeyとValueの2つのテンソル"), "factor 2 for K and V")
e.given(e.line("FP16なら2バイト"), "FP16 = 2 bytes")
e.given(e.line("OPT-13B（$h=40$"), "h = 40, d = 128, l = 40, FP16")
ln = e.line("2 \\times 40 \\times 128 \\times 40 \\times 2 =")
e.given(ln, "operands 2, 40, 128, 40, 2")
grouped_int_claim(e, ln, "bytes per token", "819{,}200", per_token, sep="{,}")
number_claim(e, ln, "MB per token", "0.8", [("MB = 10^6 bytes", sp.Integer(per_token) / 10**6),
                                             ("MiB = 2^20 bytes", sp.Integer(per_token) / 2**20)])

ln = e.line("2048トークンのシーケンス1本で約1.6GB")
e.given(ln, "2048 tokens; A100 40GB, weights 26GB, 14GB left (restated)")
number_claim(e, ln, "sequences that fit in 14GB", "8.7",
             [("GB = 10^9 bytes", sp.Integer(14) * 10**9 / seq_bytes),
              ("GiB = 2^30 bytes", sp.Integer(14) * 2**30 / seq_bytes)], cause="drift")
e.ambiguous(ln, "約1.6GB for 2048 tokens: 1,677,721,600 bytes is 1.5625 GiB (1.6) or 1.6777 GB (1.7); the article "
                "does not say which GB it uses")

e.given(e.line("（既定値は$B=16$）"), "block size B = 16")
e.given(e.line("\\mathbf{K}_j = (\\mathbf{k}_{(j-1)B+1}"), "block index formula (symbolic)")
e.given(e.line("\\mathbf{V}_j = (\\mathbf{v}_{(j-1)B+1}"), "block index formula (symbolic)")
e.given(e.line("\\sum_j \\mathbf{1}^T \\mathbf{A}_j"), "normaliser with the all-ones vector (symbolic)")
e.given(e.line("参照カウントが2以上"), "reference count 2; reported up to 55% saving (paper Section 4.4)")
ln = e.line("1000トークンのsystem prompt")
e.given(ln, "1000-token prompt, B = 16, 100 requests")
e.claim(ln, "blocks for the prompt: ceil(1000 / 16)", ["63"], [sp.ceiling(sp.Rational(1000, 16))])
ln = e.line("**共有なし**")
e.given(ln, "63 blocks x 100 requests restated")
grouped_int_claim(e, ln, "blocks without sharing", "6{,}300", 63 * 100, sep="{,}")
ln = e.line("**prefix sharing**")
e.given(ln, "37 private blocks per request (assumed)")
grouped_int_claim(e, ln, "blocks with prefix sharing", "3{,}763", 63 + 37 * 100, sep="{,}")
e.given(e.line("論文Table 5"), "reported saving of 50% or more")
e.given(e.line("$B-1$トークン以下"), "last-block waste B-1 (symbolic)")
e.given(e.line("論文の実験（Table 3）"), "B = 16 default; reported fragmentation under 4%")
e.done()
