# Expected verdicts for de-llmerklaert-kv-cache-llama.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Llama 2 70B as the page states it: 80 layers, head_dim 128, 64 KV heads with MHA, 8 with GQA, FP16 (2 bytes).
# Per token: MHA 2*80*64*128*2 = 2,621,440 bytes (2621 KB = 2560 KiB); GQA 2*80*8*128*2 = 327,680 bytes (328 KB = 320 KiB).
# The printed ~523 KB is the Llama 2 7B figure (2*32*32*128*2 = 524,288 bytes), so it is wrong for the 70B model, and
# ~65 KB (= 523/8) carries it.  The 128-token figures (~67 GB, ~8 GB) are wrong under every reading: even from the page's
# own per-token values they would be 67 MB and 8.3 MB.  6.5 GB for 100K tokens is 65 KB x 100K: carried.
# A size agrees when it agrees under the decimal (KB = 1e3, GB = 1e9) or binary (KiB, GiB) reading, with "K" tokens as
# 1000 or 1024; otherwise it is claimed against the closest reading.  "524.288" uses the German thousands dot.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="de", topics=["kv-cache", "gqa", "memory"])
MHA = 2 * 80 * 64 * 128 * 2
GQA = 2 * 80 * 8 * 128 * 2
L7B = 2 * 32 * 32 * 128 * 2


def readings(nbytes, unit, ktokens=None):
    base = {"KB": (10**3, 2**10), "GB": (10**9, 2**30)}[unit]
    toks = [("", 1)] if ktokens is None else [(f", {ktokens}K = {ktokens * k} tokens", ktokens * k) for k in (1024, 1000)]
    out = []
    for tname, t in toks:
        out.append((f"decimal {unit}{tname}", sp.Integer(nbytes * t) / base[0]))
        out.append((f"binary {unit[0]}i{unit[1]}{tname}", sp.Integer(nbytes * t) / base[1]))
    return out


def claim_n(line, what, printed, exact, cause="slip", plain=None):
    """One printed number against one exact value or a list of (reading, value); ``plain`` is the number without
    thousands separators."""
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    plain = plain or printed
    rs = exact if isinstance(exact, list) else [("", exact)]
    ok = [r for r in rs if agrees(plain, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(plain))))
    label = f"{what}{' [' + name + ']' if name else ''}{'' if ok or not name else ' (closest reading)'}"
    ent = e._entry(line)
    item = {"what": label, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(val, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e.given(e.line("- Layers: 80"), "80 layers")
e.given(e.line("- Q-Heads: 64"), "64 query heads")
e.given(e.line("- KV-Heads (MHA): 64"), "64 KV heads with MHA")
L = e.line("- KV-Heads (GQA): 8")
e.given(L, "8 KV heads with GQA")
claim_n(L, "reduction 64 / 8", "8×", sp.Integer(64) / 8, plain="8")
e.given(e.line("- Head-Dimension: 128"), "head_dim 128")
claim_n(e.line("- Speicher pro Token (MHA)"), "MHA bytes per token 2*80*64*128*2", "523", readings(MHA, "KB"))
claim_n(e.line("- Speicher pro Token (GQA)"), "GQA bytes per token 2*80*8*128*2 (printed = 523/8)", "65",
        readings(GQA, "KB"), cause="carried")

claim_n(e.line("128× größer als bei 1 Token"), "cache at 128 tokens / cache at 1 token", "128", sp.Integer(128))
L = e.line("~67 GB (FP16)")
claim_n(L, "MHA cache for 128 tokens", "67", readings(MHA * 128, "GB"))
L = e.line("mit ~8 GB KV-Cache bei 128 Token")
e.given(e.line("A100 mit 80GB"), "an 80 GB A100")
claim_n(L, "GQA cache for 128 tokens", "8", readings(GQA * 128, "GB"))
L = e.line("um bis zu 8×")
claim_n(L, "GQA reduction", "8×", sp.Integer(64) / 8, plain="8")
claim_n(e.line("(8 KV-Heads statt 64)"), "KV heads restated", "64", sp.Integer(64))
claim_n(e.line("etwa 65 KB KV-Cache"), "GQA bytes per token (restated)", "65", readings(GQA, "KB"), cause="carried")
claim_n(e.line("6.5 GB allein"), "GQA cache for 100K tokens (printed = 65 KB x 100K)", "6.5",
        readings(GQA * 1, "GB", ktokens=100), cause="carried")

e.given(e.line("2 × 32 Layers × 32 Heads × 128 Dim"), "Llama 2 7B: 32 layers, 32 heads, head_dim 128, FP16")
L = e.line("= 524.288 Bytes pro Token")
claim_n(L, "2*32*32*128*2 bytes", "524.288", sp.Integer(L7B), plain="524288")
claim_n(L, "bytes per token in KB", "512", readings(L7B, "KB"))
claim_n(e.line("Bei 32K Tokens = ~16 GB"), "cache for 32K tokens", "16", readings(L7B, "GB", ktokens=32))
e.done()
