# Expected verdicts for vi-kv-hnt2601-vram-case-studies.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Vietnamese study note (hnt2601) that estimates inference VRAM = weights + KV cache + activations + 15 % overhead for
# sixteen concrete models, with the KV cache written as 2 x layers x batch x seq x hidden x bytes.
# Inputs (per case, as the note states them): parameter count and weight bytes, layers, hidden dim, batch, sequence
#   length, the KV element size printed in each formula (2, or 4 for the FP32 encoders), and an activation estimate
#   (given, "ước lượng"); overhead = 15 % of weights + KV + activations.
# Units: the note prints sizes in "GB" but uses both readings - 1,073,741,824 B "≈ 1 GB" and 17,179,869,184 B "≈ 16 GB"
#   are binary, 13,421,772,800 B "≈ 13.4 GB" and 5,368,709,120 B "≈ 5.4 GB" are decimal - so every size is checked
#   under both readings and is right when one of them agrees.
# Exact KV sizes (decimal GB / binary GiB): case 1 1.074 / 1; 2 4.295 / 4; 3 5.369 / 5; 4 17.18 / 16; 5 10.74 / 10;
#   6 13.42 / 12.5; 7 10.74 / 10; 8 1.736 / 1.617; 9 42.95 / 40; 10 0.822 / 0.766; 11 5.369 / 5; 12 21.47 / 20;
#   13 3.221 / 3; 14 6.442 / 6; 15 2.416 / 2.25; Whisper encoder 3.932 / 3.662, decoder 0.1966 / 0.1831,
#   cross-attention 32*8*150*3000*2 = 230,400,000 B = 0.2304 / 0.2146.
# Overhead and total lines are arithmetic on the printed, rounded parts; they are judged end to end (exact KV, exact
#   15 % overhead) under each unit reading: right when one reading agrees; when they are right as written but under
#   no reading end to end, they are ambiguous (rounded operands) or, when an operand is one of the author's wrong
#   values, wrong (carried).
# Wrong lines and causes:
#   - case 3 KV "≈ 5.2 GB" for 2*80*1*2048*8192*2 = 5,368,709,120 B (5.37 GB / 5 GiB) - slip (case 11 prints the same
#     byte count as 5.4 GB); its total "87.6 GB" (87.82 decimal / 87.40 binary end to end) - carried; its overhead
#     "11.4 GB" is right under the binary reading (0.15 * 76 = 11.4).
#   - case 5 KV "≈ 10.4 GB" for 10,737,418,240 B (10.74 GB / 10 GiB): twice case 3's 5.2 - carried; total "53.9 GB"
#     (54.32 / 53.48) - carried.
#   - case 9 KV "≈ 41.9 GB" for 42,949,672,960 B (42.95 GB / 40 GiB) - slip; overhead "17.2 GB" (17.32 / 16.88) and
#     total "131.6 GB" (132.77 / 129.38) - carried.
#   - Whisper cross-attention "≈ 0.46 GB" for 32*8*150*3000*2 = 230,400,000 B (0.23 GB) - slip; total "8.51 GB"
#     (8.25 end to end, decimal) - carried.
# Ambiguous: lines right as written but off end to end only because of rounded parts (policy: rounded operands) -
#   the totals of cases 6 (31.7 vs 31.77), 7 (50.8 vs 50.87), 8 (33.9 vs 33.97), 13 (6.84 vs 6.86), 14 (10.87 vs
#   10.94), 15 (4.11 vs 4.17) and case 11's overhead (2.3 vs 2.25 -> 2.2) and total (17.3 vs 17.21); the sixteen GPU
#   recommendations (bounds, not computed values); the Whisper note's rough "~3-4 GB".
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, agrees, parse

e = Expect(__file__, language="vi", topics=["kv-cache", "sizes", "vram", "code-blocks", "markdown-table"])
L = e.line
lines = e.lines
GB, GiB = sp.Integer(10) ** 9, sp.Integer(2) ** 30
P15 = R(15, 100)


def readings(nbytes):
    return [("decimal GB", sp.Integer(nbytes) / GB), ("binary GiB", sp.Integer(nbytes) / GiB)]


def judge(ln, what, printed, ends, as_written, carried_operand):
    """End-to-end readings first; right as written only -> carried (wrong operand) or ambiguous (rounded operands)."""
    if any(agrees(printed, v, True) for _, v in ends):
        number_claim(e, ln, what, printed, ends)
    elif agrees(printed, as_written, True):
        if carried_operand:
            number_claim(e, ln, what + " (right as written from the author's wrong part)", printed, ends, cause="carried")
        else:
            e.ambiguous(ln, f"{what}: {printed} is right as written from rounded parts ({sp.N(as_written, 6)}) "
                            f"but end to end it is " + " / ".join(f"{sp.N(v, 5)} ({n})" for n, v in ends))
    else:
        number_claim(e, ln, what, printed, ends, cause="slip")


def numbers_in(text):
    import re
    return [R(t) for t in re.findall(r"\d+(?:\.\d+)?", text)]


# --- formulas and the weights examples ------------------------------------------------------------
e.given(L("KV Cache Memory = 2 × num_layers"), "2 = K and V")
e.given(L("Ở đây hệ số `2` tính cho cả key"), "factor 2, 2 bytes for FP16")
for needle, what in [("- `factor` thường nằm trong khoảng 4-8", "activation factor range 4-8"),
                     ("- Với batch nhỏ, nó vào khoảng 10-20%", "activations 10-20 % (rough range)"),
                     ("Cộng thêm chừng 10-20% cho framework", "overhead 10-20 % (rough range)"),
                     ("(2 × L × B × S × H × precision_bytes) +", "factor 2 in the full formula"),
                     ("Trong đó `N` là số tham số", "bytes per element 2 / 1, act_factor 4-8, overhead 10-20 %"),
                     ("Total VRAM ≈ Model Weights + KV Cache × 1.2", "simplified factor 1.2"),
                     ("trong đó hệ số 1.2 gánh", "factor 1.2 restated")]:
    e.given(L(needle), what)
e.given(L("| Precision Format | Bytes per Parameter | Ví dụ (7B params) |"), "table header: 7B parameters")
for fmt, b in [("FP32 (32-bit)", 4), ("FP16 (16-bit)", 2), ("BF16 (16-bit)", 2), ("FP8 (8-bit)", 1),
               ("INT8 (8-bit)", 1), ("FP4 (4-bit)", R(1, 2)), ("INT4 (4-bit)", R(1, 2))]:
    ln = L(f"| {fmt}")
    e.given(ln, f"{fmt}: {b} bytes per parameter")
    printed = lines[ln - 1].split("|")[3].split()[0]
    e.claim(ln, f"7B weights in {fmt} (GB)", [printed], [7 * b])
for params, start in [(7, L("**Llama 2 7B model:**")), (70, L("**Llama 2 70B model:**"))]:
    e.given(start, f"{params}B parameters")
    for ln in range(start + 2, start + 9):
        text = lines[ln - 1]
        b = R(text.split("×")[1].split("byte")[0].strip())
        printed = text.split("=")[1].split()[0]
        e.claim(ln, f"{params}B weights x {b} bytes (GB)", [printed], [params * b])

# --- Llama 2 7B KV examples ---------------------------------------------------------------------------
e.given(L("**Llama 2 7B (32 layers, hidden_dim = 4096, FP16):**"), "32 layers, hidden 4096, 2 bytes")
blk = L("Batch size = 1, Sequence length = 2048:")
for k, (b, s) in enumerate([(1, 2048), (4, 2048), (1, 4096)]):
    head = L(f"Batch size = {b}, Sequence length = {s}:", after=blk - 1)
    e.given(head, f"batch {b}, sequence {s}")
    e.given(head + 1, "KV formula with the inputs")
    nbytes = 2 * 32 * b * s * 4096 * 2
    if k == 0:
        number_claim(e, head + 2, "KV bytes", "1,073,741,824", nbytes)
        gb_line = head + 3
    else:
        gb_line = head + 2
    printed = lines[gb_line - 1].split("≈")[1].split()[0]
    number_claim(e, gb_line, f"KV size batch {b} seq {s}", printed, readings(nbytes))

# --- the sixteen cases -----------------------------------------------------------------------------------
cases = {  # k: (params, unit, weight bytes, layers, hidden, batch, seq, kv bytes, activations, KV cause)
    1: (7, 9, 2, 32, 4096, 1, 2048, 2, "0.3", None), 2: (7, 9, R(1, 2), 32, 4096, 8, 1024, 2, "0.5", None),
    3: (70, 9, 1, 80, 8192, 1, 2048, 2, "1", "slip"), 4: (7, 9, 1, 32, 4096, 16, 2048, 2, "1", None),
    5: (70, 9, R(1, 2), 80, 8192, 1, 4096, 2, "1.5", "carried"), 6: (13, 9, 1, 40, 5120, 8, 2048, 2, "1.2", None),
    7: (32, 9, 1, 64, 5120, 4, 2048, 2, "1.5", None), 8: (27, 9, 1, 46, 4608, 1, 2048, 2, "0.8", None),
    9: (70, 9, 1, 80, 8192, 8, 2048, 2, "2.5", "slip"), 10: (7, 9, 1, 28, 3584, 1, 2048, 2, "0.4", None),
    11: (9, 9, 1, 40, 4096, 4, 2048, 2, "0.6", None), 12: (32, 9, 1, 64, 5120, 8, 2048, 2, "2.0", None),
    13: (560, 6, 4, 24, 1024, 32, 512, 4, "0.5", None), 14: (568, 6, 4, 24, 1024, 64, 512, 4, "0.8", None),
    15: (305, 6, 2, 12, 768, 128, 512, 2, "0.6", None),
}
for k, (P, exp, wb, nl, hd, bs, sq, kvb, act, kv_cause) in cases.items():
    top = L(f"### Case {k}:")
    for ln in range(top + 3, top + 9):
        e.given(ln, f"case {k} input: {lines[ln - 1][2:]}")
    W = sp.Integer(P) * sp.Integer(10) ** exp * wb / GB
    ln = L("Model Weights =", after=top)
    e.claim(ln, f"case {k} weights (GB)", [lines[ln - 1].split("=")[-1].split()[0]], [W])
    ln = L("KV Cache =", after=top)
    e.given(ln, f"case {k} KV formula with the inputs")
    nbytes = 2 * nl * bs * sq * hd * kvb
    kv_printed = lines[ln].split("≈")[1].split()[0]
    if kv_cause:
        number_claim(e, ln + 1, f"case {k} KV size", kv_printed, readings(nbytes), cause=kv_cause)
    else:
        number_claim(e, ln + 1, f"case {k} KV size", kv_printed, readings(nbytes))
    e.given(L("Activations ≈", after=top), f"case {k} activation estimate {act} GB")
    A = R(act)
    ends_o = [(n, P15 * (W + kv + A)) for n, kv in readings(nbytes)]
    ln = L("Overhead ≈", after=top)
    text = lines[ln - 1]
    ops = numbers_in(text.split("(")[1].split(")")[0])
    printed = text.split("=")[-1].split()[0]
    judge(ln, f"case {k} overhead 15 %", printed, ends_o, P15 * sum(ops), kv_cause is not None)
    ln = L("Total VRAM ≈", after=top)
    text = lines[ln - 1]
    ops = numbers_in(text.split("≈")[1].split("=")[0])
    printed = text.split("=")[-1].split()[0]
    ends_t = [(n, W + kv + A + P15 * (W + kv + A)) for n, kv in readings(nbytes)]
    judge(ln, f"case {k} total", printed, ends_t, sum(ops), kv_cause is not None)
    e.ambiguous(L("**Nhận xét:**", after=top), f"case {k}: a GPU recommendation (a bound), not a computed value")

# --- case 16: Whisper ----------------------------------------------------------------------------------------
top = L("### Case 16:")
for ln in range(top + 3, top + 10):
    e.given(ln, f"case 16 input: {lines[ln - 1][2:]}")
W = sp.Integer(809) * 10 ** 6 * 2 / GB
ln = L("Model Weights =", after=top)
e.claim(ln, "Whisper weights (GB)", ["1.62"], [W])
enc = 2 * 32 * 8 * 3000 * 1280 * 2
dec = 2 * 32 * 8 * 150 * 1280 * 2
cross = 32 * 8 * 150 * 3000 * 2
e.given(L("# Decoder KV Cache (for text generation, avg 150 tokens)"), "150 decoder tokens")
ln = L("Encoder KV Cache = 2 × 32 × 8 × 3000 × 1280 × 2")
e.given(ln, "encoder KV formula")
number_claim(e, ln + 1, "encoder KV size", "3.93", readings(enc))
ln = L("Decoder KV Cache = 2 × 32 × 8 × 150 × 1280 × 2")
e.given(ln, "decoder KV formula")
number_claim(e, ln + 1, "decoder KV size", "0.20", readings(dec))
ln = L("Cross Attention = 32 × 8 × 150 × 3000 × 2")
e.given(ln, "cross-attention formula")
number_claim(e, ln + 1, "cross-attention size (32*8*150*3000*2 bytes)", "0.46", readings(cross), cause="slip")
e.given(L("Activations ≈", after=top), "Whisper activation estimate 1.2 GB")
A = R("1.2")
parts = [(n, W + a + b + c + A) for (n, a), (_, b), (_, c) in zip(readings(enc), readings(dec), readings(cross))]
ln = L("Overhead ≈", after=top)
text = lines[ln - 1]
judge(ln, "Whisper overhead 15 %", "1.1", [(n, P15 * s) for n, s in parts],
      P15 * sum(numbers_in(text.split("(")[1].split(")")[0])), True)
ln = L("Total VRAM ≈", after=top)
text = lines[ln - 1]
judge(ln, "Whisper total", "8.51", [(n, s * (1 + P15)) for n, s in parts],
      sum(numbers_in(text.split("≈")[1].split("=")[0])), True)
e.ambiguous(L("**Nhận xét:**", after=top), "case 16: a GPU recommendation (a bound), not a computed value")
e.ambiguous(L("*Ghi chú:* Whisper là kiến trúc"), "'~3000 frames', '~3-4 GB' are rough figures, not derived")
e.done()
