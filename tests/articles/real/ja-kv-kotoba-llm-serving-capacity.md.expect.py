# Expected verdicts for ja-kv-kotoba-llm-serving-capacity.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: decode as a (1 × d)(d × n) product; Llama 2 7B with 32 layers, hidden size 4096, K and V, 2 bytes, maximum
# context 4096; an H100 with 80GB; 7B parameters at 16 bits; GQA with 32 query heads and 8 KV heads.
# - dn/(d + dn) = n/(1 + n) and 2dn/(2d + dn) = 2n/(2 + n): identities (checked symbolically) -> ok; "ほぼ2" for
#   large n is the limit 2 -> ok.
# - 32 × 4096 × 2 × 2 = 524,288 B = 512 KiB -> "512KB" ok (binary KB, as the next line's 2GB shows).
# - 512KB × 4096 = 2,147,483,648 B = 2 GiB -> "2GB" ok.
# - "30リクエストほど": how many 2 GB requests fit in 80 GB depends on what else is counted and on GB vs GiB: 40 with
#   nothing else, floor((80 − 14) GB / 2 GiB) = 30 decimal, (80 − 14) / 2 = 33 in the footnote's own units, and the
#   footnote itself says 32 -> ambiguous.
# - Footnote: 7·10^9 parameters × 2 bytes = 14·10^9 B -> "大体14GB" ok.  "(80GB - 14GB) / 2GB = 32くらい": the
#   expression is 66 / 2 = 33 (33.5 with 80 GiB, 13.04 GiB of weights and 2 GiB per request; 30.7 with decimal GB and
#   2 GiB requests); 32 is right under no reading, "くらい" notwithstanding -> wrong (slip).
# - GQA: 8 / 32 = 1/4 of the MHA cache -> "4分の1" ok; batch 32 / 8 = 4 times -> "4倍" ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ja", topics=["kv-cache", "gqa", "memory", "capacity", "roofline"])

d, n = sp.symbols("d n", positive=True)


def identity(line, what, printed, lhs, rhs):
    assert printed in e.lines[line - 1], (line, printed)
    assert sp.simplify(lhs - rhs) == 0
    ent = e._entry(line)
    ent["claims"].append({"what": what + " (symbolic identity)", "printed": [printed]})
    if ent["verdict"] != "wrong":
        ent["verdict"] = "ok"


L = e.line("$dn/(d + dn) = n/(1 + n)$")
e.given(L, "memory access d + dn, compute dn")
identity(L, "arithmetic intensity for one request", "$dn/(d + dn) = n/(1 + n)$", d * n / (d + d * n), n / (1 + n))
L = e.line("$2dn / (2d + dn) = 2n / (2 + n)$")
e.given(L, "memory access 2d + dn, compute 2dn")
identity(L, "arithmetic intensity for two requests", "$2dn / (2d + dn) = 2n / (2 + n)$", 2 * d * n / (2 * d + d * n),
         2 * n / (2 + n))
e.claim(L, "limit of 2n / (2 + n) for large n", "2", sp.limit(2 * n / (2 + n), n, sp.oo))

per_tok = 32 * 4096 * 2 * 2
L = e.line("32 (layer) x 4096 (hidden size) x 2 (K/V) x 2 (byte/parameter) = 512KB")
number_claim(e, L, "32 × 4096 × 2 × 2 bytes in KB (524,288 B)", "512",
             [("binary KiB", sp.Integer(per_tok) / 2**10), ("decimal kB", sp.Integer(per_tok) / 10**3)])
L = e.line("1リクエストあたり512KB x 4096 = 2GB")
number_claim(e, L, "512 KB × 4096 in GB (2,147,483,648 B)", "2",
             [("binary GiB", sp.Integer(per_tok * 4096) / 2**30), ("decimal GB", sp.Integer(per_tok * 4096) / 10**9)])
e.ambiguous(e.line("30リクエストほどしか同時に処理できない"),
            "requests per 80 GB depend on what is counted and on the unit: 40 (cache only), 33 ((80 − 14) / 2), "
            "30 (66 GB / 2 GiB, floored); the footnote says 32")
L = e.line("[^2]: 実際はモデルパラメータ等も")
e.claim(L, "7e9 parameters × 2 bytes in GB", "14", sp.Integer(7 * 10**9 * 2) / 10**9)
e.claim(L, "(80 − 14) / 2 requests (33)", "32", R(80 - 14, 2))
L = e.line("クエリヘッドが32個、キー・バリューヘッドが8個")
e.given(L, "32 query heads, 8 KV heads")
e.claim(L, "cache reduction, 1/n with n = 32 / 8 (4分の1)", "4", sp.Integer(32) / 8)
e.claim(L, "batch size gain 32 / 8 (4倍)", "4", sp.Integer(32) / 8)
e.done()
