# Expected verdicts for ja-kv-shibayu36-cache-results.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: measured times (3.59 / 1.51, 9.29 / 3.12, 17.01 / 4.62 s for 100 / 200 / 300 characters); the model
# (12 layers, 12 heads, head_dim 64, float32, context 1,024, 9,045万 parameters); Llama 3.1 405B (126 layers,
# 128 heads, head_dim 128, 8 KV heads).
#   per-character ms: 35.9, 46.45 (a tie: 46.4 right), 56.7; 15.1, 15.6, 15.4; ratios 2.377, 2.978, 3.682; 17.01 / 3.59
#   = 4.738.  Cache: 12 x 12 x 2 x 64 x 4 = 73,728 bytes = 72 KiB; x 105 / 205 / 305 tokens = 7.383 / 14.414 /
#   21.445 MiB; x 1,024 = 72 MiB; weights 90,450,000 x 4 bytes = 345.04 MiB; 72 / 345 = 0.21 (約2割).
#   405B: 126 x 128 x 2 x 128 x 4 = 16,515,072 bytes = 16.5 MB; / 73,728 = 224 (約220: read at two significant
#   digits); x 200,000 = 3.3 TB, x 1,000,000 = 16.5 TB; weights 405e9 x 4 = 1.62 TB; GQA bf16: 126 x 8 x 2 x 128 x 2
#   = 516,096 bytes = 516 KB, x 1,000,000 = 516 GB (約500GB at one significant digit).  Every number is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ja", topics=["kv-cache", "gqa", "sizes", "table", "prose-arithmetic"])
DEC = {"KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12}
BIN = {"KB": 2**10, "MB": 2**20, "GB": 2**30, "TB": 2**40}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


def approx(line, what, printed, exact, sig):
    """A round number after 約 (trailing zeros), read at ``sig`` significant digits."""
    assert printed in e.lines[line - 1], (line, printed)
    p = sp.Integer(printed)
    ulp = sp.Integer(10) ** (len(printed) - sig)
    ok = abs(p - exact) <= ulp / 2
    ent = e._entry(line)
    item = {"what": f"{what} (at {sig} significant digits)", "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(exact) if sp.sympify(exact).is_Integer else str(sp.N(exact, 8))}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e.given(e.line("- モデルは `ku-nlp-gpt2-small-char`"), "12 layers, 12 heads, 768 dims, context 1,024")
times = {100: ("3.59", "1.51"), 200: ("9.29", "3.12"), 300: ("17.01", "4.62")}
per = {n: (R(a) / n * 1000, R(b) / n * 1000) for n, (a, b) in times.items()}
L1 = e.line("キャッシュなしでは1文字あたりの時間が 35.9 → 46.4 → 56.7ms")
for n, p in ((100, "35.9"), (200, "46.4"), (300, "56.7")):
    claim_n(L1, f"{n} chars: ms per character without cache", p, per[n][0])
claim_n(L1, "the step per 100 characters (ms)", "10", (per[300][0] - per[100][0]) / 2)
# "約15ms" for the three runs with cache: their mean, (1.51 + 3.12 + 4.62) s / 600 characters = 15.4 ms
claim_n(e.line("キャッシュありは約15msのままです"), "mean ms per character with cache", "15",
        (R("1.51") + R("3.12") + R("4.62")) / 600 * 1000)
L1 = e.line("そのため差は 2.4 → 3.7倍")
claim_n(L1, "100 chars ratio", "2.4", R("3.59") / R("1.51"))
claim_n(L1, "300 chars ratio", "3.7", R("17.01") / R("4.62"))
t = e.line("| 生成文字数 | キャッシュなし | キャッシュあり | 倍率 |")
for r, n in enumerate((100, 200, 300)):
    L1 = t + 2 + r
    a, b = times[n]
    e.given(L1, f"measured {a} s and {b} s")
    claim_n(L1, "ms per character without cache", ("35.9", "46.4", "56.7")[r], per[n][0])
    claim_n(L1, "ms per character with cache", ("15.1", "15.6", "15.4")[r], per[n][1])
    claim_n(L1, "ratio", ("2.4", "3.0", "3.7")[r], R(a) / R(b))
claim_n(e.line("100文字の4.7倍にとどまる"), "17.01 / 3.59", "4.7", R("17.01") / R("3.59"))

per_tok = 12 * 12 * 2 * 64 * 4
L1 = e.line("12 × 12 × 2 × 64 × 4バイト = 73,728バイト（72KiB）")
claim_n(L1, "12 x 12 x 2 x 64 x 4", "73,728", sp.Integer(per_tok))
claim_n(L1, "in KiB", "72", sp.Integer(per_tok) / 1024)
t = e.line("| 生成文字数 | キャッシュ内のトークン数 | 大きさ |")
for r, (n, size_p) in enumerate(((100, "7.38"), (200, "14.41"), (300, "21.45"))):
    L1 = t + 2 + r
    toks = 6 + n - 1
    claim_n(L1, "tokens = 6 + n - 1", str(toks), sp.Integer(toks))
    claim_n(L1, "cache in MiB", size_p, sp.Integer(toks * per_tok) / 2**20)
L1 = e.line("context の 1,024 トークンを使い切ると72MiB")
claim_n(L1, "1,024 x 73,728 bytes in MiB", "72", sp.Integer(1024 * per_tok) / 2**20)
e.given(L1, "9,045万 parameters")
claim_n(L1, "90,450,000 x 4 bytes in MiB", "345", sp.Integer(90450000 * 4) / 2**20)
claim_n(L1, "72 MiB / 345 MiB in 割", "2", sp.Integer(1024 * per_tok) / (90450000 * 4) * 10)

big = 126 * 128 * 2 * 128 * 4
L1 = e.line("1トークンあたり 126 × 128 × 2 × 128 × 4バイト ≒ 16.5MB")
claim_n(L1, "126 x 128 x 2 x 128 x 4 in MB", "16.5", size(big, "MB"))
approx(L1, "405B per-token cache / ku-nlp per-token cache", "220", sp.Rational(big, per_tok), 2)
claim_n(L1, "x 200,000 tokens in TB", "3.3", size(big * 200000, "TB"))
claim_n(L1, "x 1,000,000 tokens in TB", "16.5", size(big * 10**6, "TB"))
claim_n(L1, "405e9 x 4 bytes in TB", "1.6", size(405 * 10**9 * 4, "TB"))
claim_n(e.line("Llama 3.1 405B は128ヘッドに対してK・Vは8組"), "128 heads", "128", sp.Integer(128))
gqa = 126 * 8 * 2 * 128 * 2
L1 = e.line("126 × 8 × 2 × 128 × 2バイト ≒ 516KB/トークン")
claim_n(L1, "126 x 8 x 2 x 128 x 2 in KB", "516", size(gqa, "KB"))
approx(L1, "x 1,000,000 tokens in GB", "500", sp.Integer(gqa * 10**6) / 10**9, 1)
e.done()
