# Expected verdicts for en-complexity-sdcodehub-gpt2-xl-resource-accounting.md, computed with plain SymPy (see
# oracle.py); not symattn's code.
# The post does the "transformer accounting" exercise for a GPT-2 XL shape (V = 50,257, T = 1,024, L = 48,
# D = 1,600, H = 25, F = 6,400; SwiGLU FFN with three D x F matrices, untied embeddings): parameter count, fp32
# memory, and the matmul FLOPs of one forward pass, 2mkn per (m x k)(k x n) product.  Per block
# 8TD^2 + 4T^2D + 6TDF = 90,596,966,400 FLOPs, head 2TDV = 164,682,137,600, total 4,513,336,524,800.
# Sections (d)/(e) redo it for GPT-2 small/medium/large (F = 4D, same three-matrix FFN) and for T = 16,384.
# Wrong lines:
# - the Q K^T term of the block list: 2 H T^2 (D/H) = 2T^2D = 3,355,443,200, printed 6,710,886,400 (slip; the
#   article's own later note says it is double; the block total 90,596,966,400 is nevertheless right end to end);
# - (c): blocks are 96.35% of the total, printed "96.5%" (slip); attention is 27,682,406,400 FLOPs per block =
#   27.68 GFLOPs, printed "27.6" (slip, a truncation); the rough "70%"/"30%" split (exact 69.44% / 30.56%) is
#   ambiguous: with the "≈" a round 70 and 30 may be meant to the nearest ten;
# - (d) GPT-2 small: the LM head is 2TDV = 79,047,426,048 = 0.790 x 10^11, printed 0.791 (slip), and the total
#   349,630,365,696 = 3.496 x 10^11, printed 3.497 (carried: 2.706 + 0.791);
# - (d) GPT-2 XL: blocks 96.351% and head 3.649% of the total, printed 96.3% and 3.7% (both off by 0.051 at one
#   decimal: slips);
# - (e): T = 16,384 gives 149,522,795,724,800 FLOPs, 33.129 times the T = 1,024 total, printed "33.2" (slip).
# The memory 2,127,057,600 x 4 bytes / 1024^3 = 7.924 is right in the unit the line states (1024^3, i.e. GiB).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "parameters", "memory", "latex-inline", "prose"])

V, T, L, D, H, F = 50257, 1024, 48, 1600, 25, 6400


def block(T, D, F):
    return 8 * T * D * D + 4 * T * T * D + 6 * T * D * F


def total(T, L, D, F):
    return L * block(T, D, F) + 2 * T * D * V


def ints(line, what, pairs, cause="slip"):
    for printed, exact in pairs:
        number_claim(e, line, what, printed, sp.Integer(exact), cause=cause)


params = 2 * V * D + L * (4 * D * D + 3 * D * F + 2 * D) + D
tot = total(T, L, D, F)
blk = block(T, D, F)
head = 2 * T * D * V

# --- inputs ---
for s in ("vocab_size : 50,257", "context_length : 1,024", "num_layers : 48", "d_model : 1,600",
          "27num_heads : 25", "d_ff : 6,400"):
    e.given(e.line(s), "GPT-2 XL configuration")
e.given(e.line("GPT-2 small (12 layers, 768 d_model"), "GPT-2 small/medium sizes")
e.given(e.line("d_model, 16 heads) and large (36 layers"), "GPT-2 medium/large sizes; T = 16,384")

# --- (a) ---
La = e.line("trainable parameters. Stored as 4-byte floats")
ints(La, "parameter count", [("2,127,057,600", params)])
e.claim(La, "parameters in billions", ["2.13"], [R(params, 10 ** 9)])
number_claim(e, La, "fp32 weight memory", "7.92",
             [("GiB (1024^3 bytes)", R(params * 4, 2 ** 30)), ("GB (10^9 bytes)", R(params * 4, 10 ** 9))])
ints(e.line("**Embeddings (Untied):**"), "2 V D", [("50,257", V), ("1,600", D), ("160,822,400", 2 * V * D)])
ints(e.line("**Attn ($W_Q, W_K, W_V, W_O$):**"), "4 D^2", [("10,240,000", 4 * D * D)])
ints(e.line("**FFN ($W_1, W_2, W_3$):**"), "3 D F", [("30,720,000", 3 * D * F)])
ints(e.line("**Norms (norm1, norm2):**"), "2 D", [("3,200", 2 * D)])
ints(e.line("**Total per block:** $10,240,000"), "params per block",
     [("10,240,000", 4 * D * D), ("30,720,000", 3 * D * F), ("40,963,200", 4 * D * D + 3 * D * F + 2 * D)])
ints(e.line("**Total for Blocks:**"), "params of 48 blocks", [("1,966,233,600", L * (4 * D * D + 3 * D * F + 2 * D))])
e.given(e.line("**Final Norm:** $D = 1,600$"), "final norm D")
ints(e.line("**Grand Total:**"), "grand total",
     [("160,822,400", 2 * V * D), ("1,966,233,600", L * (4 * D * D + 3 * D * F + 2 * D)), ("2,127,057,600", params)])
number_claim(e, e.line("**Memory:** $2,127,057,600"), "fp32 memory over 1024^3", "7.92",
             [("GiB (1024^3 bytes, as written)", R(params * 4, 2 ** 30))])

# --- (b) ---
e.given(e.line("for a sequence of $T=1024$ tokens"), "T = 1024")
ints(e.line("**Attn Projections ($W_Q, W_K, W_V$):** 3 matmuls"), "3 x 2TD^2", [("15,728,640,000", 6 * T * D * D)])
ints(e.line("**Attn Scores ($Q@K^T$):** 1 matmul"), "Q K^T over all heads: 2 H T^2 (D/H)",
     [("6,710,886,400", 2 * T * T * D)])
ints(e.line("**Attn Output ($Scores@V$):** 1 matmul"), "A V over all heads", [("3,355,443,200", 2 * T * T * D)])
ints(e.line("**Attn Output Projection ($W_O$):** 1 matmul"), "2TD^2", [("5,242,880,000", 2 * T * D * D)])
ints(e.line("**FFN ($W_1, W_3$):** 2 matmuls"), "2 x 2TDF", [("41,943,040,000", 4 * T * D * F)])
ints(e.line("**FFN ($W_2$):** 1 matmul"), "2TFD", [("20,971,520,000", 2 * T * D * F)])
ints(e.line("**Total per block:** $90,596,966,400$"), "FLOPs per block", [("90,596,966,400", blk)])
ints(e.line("**Total for all $L$ Blocks:**"), "48 blocks", [("90,596,966,400", blk), ("4,348,654,387,200", L * blk)])
ints(e.line("**LM Head Projection:** 1 matmul"), "2TDV", [("164,682,137,600", head)])
Lt = e.line("**Total FLOPs:**")
ints(Lt, "forward FLOPs", [("4,348,654,387,200", L * blk), ("164,682,137,600", head), ("4,513,336,524,800", tot)])
e.claim(Lt, "TFLOPs", ["4.51"], [R(tot, 10 ** 12)])

for s in ("(sequence length) = $1024$", "(model dimension) = $1600$", "(num heads) = $25$", "(FFN inner dim) = $6400$",
          "(vocab size) = $50257$", "(num layers) = $48$"):
    e.given(e.line(s), "symbol values")
e.claim(e.line("(head dimension) = $D / H"), "d_k = D/H", ["64"], [R(D, H)])

ints(e.line("**Value:** $6 \\times 1024"), "6TD^2", [("15,728,640,000", 6 * T * D * D)])
Lsc = e.line("**Value:** $2 \\times (1024^2) \\times 1600", 1)
ints(Lsc, "2T^2D (scores)", [("3,355,443,200", 2 * T * T * D)])
ints(e.line("*(Note: the 6,710,886,400"), "the earlier scores value is twice 2T^2D", [("6,710,886,400", 2 * 2 * T * T * D)])
Lav = e.line("**Value:** $2 \\times (1024^2) \\times 1600", 2)
ints(Lav, "2T^2D (A V)", [("3,355,443,200", 2 * T * T * D)])
ints(e.line("**Value:** $2 \\times 1024 \\times (1600^2)"), "2TD^2", [("5,242,880,000", 2 * T * D * D)])
ints(e.line("**Value:** $4 \\times 1024 \\times 1600 \\times 6400"), "4TDF (two-matrix FFN)", [("41,943,040,000", 4 * T * D * F)])
ints(e.line("**Value:** $2 \\times 1024 \\times 1600 \\times 50257"), "2TDV", [("164,682,137,600", head)])

# --- (c) ---
Lc = e.line("Almost all of the work sits in the")
e.claim(Lc, "share of the blocks in %", ["96.5"], [100 * R(L * blk, tot)])
Lc2 = e.line("Inside a block the **feed-forward network (FFN)**")
e.ambiguous(Lc2, "'≈ 70%' / '≈ 30%' (exact 69.44% / 30.56%) may be rounded to the nearest ten")
e.claim(Lc2, "FFN GFLOPs per block", ["62.9"], [R(6 * T * D * F, 10 ** 9)])
e.claim(Lc2, "attention GFLOPs per block", ["27.6"], [R(8 * T * D * D + 4 * T * T * D, 10 ** 9)])

# --- (d) ---
e.given(e.line("all at $T=1024$"), "T = 1024")
for name, Ln, Dn in (("small", 12, 768), ("medium", 24, 1024), ("large", 36, 1280), ("XL", 48, 1600)):
    Fn = 4 * Dn
    b = Ln * block(T, Dn, Fn)
    h = 2 * T * Dn * V
    t = b + h
    head_line = e.line(f"**GPT-2 {name} ($L={Ln}, D={Dn}, F={Fn}$):**")
    e.given(head_line, f"GPT-2 {name} sizes")
    lb, lh, lt = head_line + 1, head_line + 2, head_line + 3
    exp = 11 if name in ("small", "medium") else 12
    pb = e.lines[lb - 1].split("$")[1].split(" \\times")[0]
    ph = e.lines[lh - 1].split("$")[1].split(" \\times")[0]
    pt = e.lines[lt - 1].split("$")[1].split(" \\times")[0]
    texp = int(e.lines[lt - 1].split("10^{")[1].split("}")[0])
    e.claim(lb, f"{name} blocks FLOPs / 10^{exp}", [pb], [R(b, 10 ** exp)])
    e.claim(lb, f"{name} blocks share", [e.lines[lb - 1].split("(")[1].split(")")[0]], [R(b, t)])
    cause_h = "slip"
    e.claim(lh, f"{name} LM head FLOPs / 10^{exp}", [ph], [R(h, 10 ** exp)], cause=cause_h)
    e.claim(lh, f"{name} LM head share", [e.lines[lh - 1].split("(")[1].split(")")[0]], [R(h, t)])
    e.claim(lt, f"{name} total FLOPs / 10^{texp}", [pt], [R(t, 10 ** texp)],
            cause="carried" if name == "small" else "slip")

# --- (e) ---
T2 = 16384
tot2 = total(T2, L, D, F)
Le = e.line("Going from $T = 1,024$ to $16,384$ tokens")
e.claim(Le, "context ratio", ["16"], [R(T2, T)])
e.claim(Le, "FLOPs ratio", ["33.2"], [R(tot2, tot)])
e.claim(Le, "TFLOPs at T = 1024 and 16384", ["4.51", "149.5"], [R(tot, 10 ** 12), R(tot2, 10 ** 12)])
Le2 = e.line("quadratic in $T$, go from")
e.claim(Le2, "share of Q K^T and A V, T = 1024 -> 16384 (%)", ["7", "55"],
        [100 * R(L * 4 * T * T * D, tot), 100 * R(L * 4 * T2 * T2 * D, tot2)], rounded_int=True)
e.done()
