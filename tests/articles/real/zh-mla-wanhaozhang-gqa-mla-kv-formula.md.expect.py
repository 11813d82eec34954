# Expected verdicts for zh-mla-wanhaozhang-gqa-mla-kv-formula.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese report comparing MHA / GQA / MLA KV-cache sizes with one formula (no layer factor, as the article states it):
#   KV_Cache_Bytes = 2 x seq_len x batch_size x KV_DIM x bytes_per_elem, KV_DIM = 4096 (MHA 32x128), 1024 (GQA-8),
#   512 (GQA-4 4x128), 512 (MLA latent_dim); FP16 = 2 B, FP8 = 1 B, INT4 = 0.5 B; B = 1; 4K/32K/128K = 4096/32768/131072.
# The article's "GB" is binary throughout: MHA at 4K = 67,108,864 B = 0.0625 GiB (printed 0.062, a tie: right);
#   8 GB of KV memory / 16,384 B = 524,288 tokens (~524K). Sizes are accepted in GB or GiB; decode times in both
#   readings (bytes / (300 x 2^30 B/s) or bytes / 300e9 B/s).
# Exact decode times (binary reading / decimal reading):
#   GQA-8 FP16 4K: 16,777,216 B -> 0.05208 / 0.05592 ms,
#   19.2K / 17.9K tok/s; 32K: 0.4167 / 0.4474 ms, 2.4K; 128K: 1.667 ms, 600 tok/s.
#   2048 B/token (GQA-8 FP8, MLA FP16): 4K 0.02604 / 0.02796 ms, 38.4K / 35.8K tok/s; 32K 0.2083 / 0.2237 ms,
#   4.8K / 4.47K tok/s; 128K 0.8333 ms, 1.2K.
#   1024 B/token (GQA-8 INT4, MLA FP8): 4K 0.01302 / 0.01398 ms, 76.8K / 71.5K tok/s; 32K 0.1042 / 0.1118 ms,
#   9.6K / 8.9K tok/s; 128K 0.4167 ms, 2.4K.
# Wrong lines (all in the decode table, each cell wrong under both readings):
#   GQA-8 FP16: 0.053 ms (right 0.052; drift: 0.016 GB / 300 GB/s from the rounded table entry), 18.9K (right 19.2K;
#     carried from 0.053 ms).
#   GQA-8 FP8 and MLA-512 FP16: 0.027 ms (right 0.026; drift: 0.008/300), 37.8K (right 38.4K; carried, 2 x 18.9K),
#     4.7K (right 4.8K = 1/0.2083 ms; slip, 1/0.21 ms = 4.76K is truncated).
#   GQA-8 INT4 and MLA-512 FP8: 75.5K (right 76.8K; carried, 1/(0.053/4) ms), 9.5K (right 9.6K; drift, 1/(0.21/2) ms).
#   (MLA-512 FP8's 0.014 ms agrees only under the decimal reading, 0.01398; kept as right.)
# Ambiguous: "剩余 8GB" after 14 GB of weights on a 24 GB card (24 - 14 = 10; whether 2 GB are held back is not said).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mla", "gqa", "kv", "code-block", "table"])
SEQ = {"4K": 4096, "32K": 32768, "128K": 131072}


def size(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("binary GiB", R(nbytes, 2**30)), ("decimal GB", R(nbytes, 10**9))], cause)


def t_ms(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("binary GB/s", R(nbytes * 1000, 300 * 2**30)),
                                          ("decimal GB/s", R(nbytes * 1000, 300 * 10**9))], cause)


def rate_k(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("binary GB/s", R(300 * 2**30, nbytes * 1000)),
                                          ("decimal GB/s", R(300 * 10**9, nbytes * 1000))], cause)


def rate(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("binary GB/s", R(300 * 2**30, nbytes)),
                                          ("decimal GB/s", R(300 * 10**9, nbytes))], cause)


e.given(e.line("### 2.2 代入数字（7B 模型，FP16，B=1）"), "7B model, FP16, batch 1")
e.given(e.line("| 架构 | 参数 | KV_DIM | seq=4K |"), "sequence lengths 4K / 32K / 128K")
e.given(e.line("## 3. L4（24GB）"), "24 GB card")
# --- section 2 ---------------------------------------------------------------------------
e.given(e.line("KV_Cache_Bytes = 2 × seq_len"), "unified formula")
for name, kvdim, cells in [("| **MHA** (Llama-2)", 4096, ["0.062", "0.500", "2.000"]),
                           ("| **GQA-8** (Llama-3)", 1024, ["0.016", "0.125", "0.500"]),
                           ("| **GQA-4** (Qwen-2)", 512, ["0.008", "0.062", "0.250"]),
                           ("| **MLA-512** (DeepSeek)", 512, ["0.008", "0.062", "0.250"])]:
    L = e.line(name)
    e.given(L, "heads / head_dim / latent_dim")
    text = e.lines[L - 1]
    cols = [c.strip() for c in text.split("|")]
    e.claim(L, "KV_DIM", [cols[3]], [kvdim])
    for (lab, s), p in zip(SEQ.items(), cells):
        size(L, f"KV cache at seq={lab}", p, 2 * s * 1 * kvdim * 2)
L = e.line("**MHA → GQA-8**")
e.claim(L, "MHA / GQA-8 ratio", ["4"], [R(4096, 1024)])
size(L, "MHA at 128K", "2.0", 2 * 131072 * 4096 * 2)
size(L, "GQA-8 at 128K", "0.5", 2 * 131072 * 1024 * 2)
L = e.line("**MHA → GQA-4**")
e.claim(L, "MHA / GQA-4 ratio", ["8"], [R(4096, 512)])
size(L, "MHA at 128K", "2.0", 2 * 131072 * 4096 * 2)
size(L, "GQA-4 at 128K", "0.25", 2 * 131072 * 512 * 2)
e.given(e.line("**GQA-4 ≈ MLA-512**"), "model labels only")
e.claim(e.line("kv_heads×head_dim=512 时"), "GQA-4 kv_heads x head_dim", ["512"], [4 * 128])

# --- section 3 ---------------------------------------------------------------------------
L = e.line("剩余 8GB 给 KV Cache")
e.given(L, "7B FP16 weights 14 GB")
e.ambiguous(L, "8 GB is called the remainder of a 24 GB card after 14 GB of weights (24 - 14 = 10); whether 2 GB are "
            "held back is not said, so 8 GB is read as the stated KV budget")
budget = [("binary 8 GiB", 8 * 2**30), ("decimal 8 GB", 8 * 10**9)]
for label, kvdim, nbytes_elem, bpt, maxctx, unit in [
        ("| MHA FP16 |", 4096, 2, "16,384", "524", 10**3),
        ("| GQA-8 FP16 |", 1024, 2, "4,096", "2.1", 10**6),
        ("| GQA-8 FP8 |", 1024, 1, "2,048", "4.2", 10**6),
        ("| GQA-8 INT4 |", 1024, R(1, 2), "1,024", "8.4", 10**6),
        ("| GQA-4 FP16 |", 512, 2, "2,048", "4.2", 10**6),
        ("| GQA-4 FP8 |", 512, 1, "1,024", "8.4", 10**6),
        ("| MLA-512 FP16 |", 512, 2, "2,048", "4.2", 10**6),
        ("| MLA-512 FP8 |", 512, 1, "1,024", "8.4", 10**6)]:
    L = e.line(label)
    per_tok = 2 * kvdim * nbytes_elem
    number_claim(e, L, "bytes per token", bpt, per_tok)
    number_claim(e, L, "max context", maxctx, [(n, R(b, 1) / per_tok / unit) for n, b in budget])
number_claim(e, e.line("能撑到 **8.4M tokens**"), "GQA-4/MLA-512 FP8 max context (M tokens)", "8.4",
             [(n, R(b, 1024) / 10**6) for n, b in budget])

# --- section 4 ---------------------------------------------------------------------------
e.given(e.line("L4 Memory Bandwidth: 300 GB/s"), "bandwidth 300 GB/s")
rows = [("| GQA-8 FP16 |", 4096, [("0.053", "18.9", "drift", "carried"), ("0.42", "2.4", "slip", "slip"),
                                  ("1.67", "600", "slip", "slip")]),
        ("| GQA-8 FP8 |", 2048, [("0.027", "37.8", "drift", "carried"), ("0.21", "4.7", "slip", "slip"),
                                 ("0.83", "1.2", "slip", "slip")]),
        ("| GQA-8 INT4 |", 1024, [("0.013", "75.5", "slip", "carried"), ("0.10", "9.5", "slip", "drift"),
                                  ("0.42", "2.4", "slip", "slip")]),
        ("| MLA-512 FP16 |", 2048, [("0.027", "37.8", "drift", "carried"), ("0.21", "4.7", "slip", "slip"),
                                    ("0.83", "1.2", "slip", "slip")]),
        ("| MLA-512 FP8 |", 1024, [("0.014", "75.5", "slip", "carried"), ("0.10", "9.5", "slip", "drift"),
                                   ("0.42", "2.4", "slip", "slip")])]
for label, per_tok, cells in rows:
    L = e.line(label, after=e.line("T_decode ≈ KV_Bytes"))
    for (lab, s), (pt, pr, ct, cr) in zip(SEQ.items(), cells):
        nbytes = s * per_tok
        t_ms(L, f"decode time at {lab} (ms)", pt, nbytes, ct)
        if lab == "128K" and pr == "600":
            rate(L, f"decode rate at {lab} (tok/s)", pr, nbytes, cr)
        else:
            rate_k(L, f"decode rate at {lab} (K tok/s)", pr, nbytes, cr)
e.claim(e.line("decode 吞吐提高 **2x**"), "FP8 / INT4 bytes per element", ["2"], [R(1, R(1, 2))])
rate(e.line("GQA-8 FP16 的理论 decode 速度只有 600 tok/s"), "GQA-8 FP16 rate at 128K", "600", 131072 * 4096)
rate(e.line("4. **128K 上下文的 decode"), "GQA-8 FP16 rate at 128K", "600", 131072 * 4096)
e.given(e.line("**INT4 KV Cache 是缓解带宽瓶颈"), "format label only")
e.given(e.line("latent_dim 相同时，MLA 与 GQA-4"), "model labels only")
# the remaining lines with digits were reviewed one by one: headings, list numbers, model/format labels, table
# headers, batch labels and the constant 2 (K and V) in formulas; none states a result
for _ln in [i + 1 for i, t in enumerate(e.lines) if i > 0 and any(c.isdigit() for c in t) and i + 1 not in e.verdicts]:
    e.given(_ln, "heading / label / table header / formula constant")
e.done()
