# Expected verdicts for en-gqa-egde-mygpt-ch26-kv-heads.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the chapter's toy GPT (vocab_size 65, embed_dim 64, num_heads 4, head_dim 16, 4 layers, max_seq_len 64,
# learned positions, LayerNorm, tied head, MLP 8*E^2 + 5*E per layer, 9 norms of 2*E each), as Experiment 4 lists it.
#   attention per layer: W_Q, W_O = 64*64; W_K, W_V = 64*(kv*16)  ->  16,384 (MHA), 12,288 (GQA-2), 10,240 (MQA)
#   totals: 207,296 (MHA), 190,912 (GQA-2), 182,720 (MQA) -- all as printed.
# The one slip: "8.0% fewer parameters" -- 16,384 / 207,296 = 7.90% (the "8%" roundings elsewhere agree; 8.0% at one
# decimal does not, and 16,384 / 190,912 = 8.58% is no reading either).  Training losses and corpus sizes are measured
# outputs, recorded as given; 2.0854 - 2.0785 = 0.0069 -> "0.007" agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, grouped_int_claim, number_claim

e = Expect(__file__, language="en", topics=["gqa", "mha", "parameters", "code"])
V, E, H, HD, NL, T = 65, 64, 4, 16, 4, 64


def attn(kv):
    return E * H * HD + E * E + 2 * E * kv * HD


def total(kv):
    return V * E + T * E + NL * (attn(kv) + 8 * E**2 + 5 * E) + 9 * 2 * E


MHA, GQA, MQA = total(4), total(2), total(1)
assert (MHA, GQA, MQA) == (207296, 190912, 182720)


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def tex_int(line, what, printed, exact, cause="slip"):
    grouped_int_claim(e, line, what, printed, exact, '{,}', cause)


L = e.line("totalling $4 \\times 4 \\times 64 \\times 16")
e.given(L, "four heads, embed_dim 64, head_dim 16")
n(L, "12 small matrices (3 per head x 4 heads)", "12", sp.Integer(3 * H))
tex_int(L, "4*4*64*16 (W_Q, W_K, W_V, W_O)", "16{,}384", attn(4))
e.given(e.line("At Llama-3 size"), "Llama-3 sizes (context)")
L = e.line("a parameter count that falls by exactly **16,384**")
n(L, "MHA - GQA-2 parameters", "16,384", sp.Integer(MHA - GQA))
e.claim(L, "share of the model", "8%", R(MHA - GQA, MHA))
L = e.line("(2.0854 vs 2.0785)")
e.given(L, "measured final losses")
e.claim(L, "share of the model", "8%", R(MHA - GQA, MHA))
for m in ("$W_Q$  |", "$W_K$  |", "$W_V$  |", "$W_O$  |"):
    n(e.line(m), "64 x 64", "4,096", sp.Integer(E * E))
n(e.line("| **Total** |"), "four 64 x 64 matrices", "16,384", sp.Integer(4 * E * E))
L = e.line("$4 \\times 16{,}384 = 65{,}536$")
tex_int(L, "4 layers x 16,384", "65{,}536", NL * attn(4))
L = e.line("(repeat K and V along the heads axis by G")
n(L, "G = num_heads / num_kv_heads", "2", sp.Integer(H // 2))
L = e.line("K = torch.tensor([[1., 1., 1., 1.],")
e.given(L, "K row 1")
e.given(L + 1, "K row 2")
L = e.line("tensor([[1., 1., 1., 1.],", nth=2)
e.rows([L, L + 1, L + 2, L + 3], "K.repeat_interleave(2, dim=0)",
       [["1", "1", "1", "1"], ["1", "1", "1", "1"], ["2", "2", "2", "2"], ["2", "2", "2", "2"]],
       M([[1] * 4, [1] * 4, [2] * 4, [2] * 4]))
for tag in ("corpus chars: 1,115,394", "train chars:  1,115,394", "vocab_size:   65", "steps:        2000"):
    e.given(e.line(tag), tag)
n(e.line("params:       207,296"), "MHA parameter total (Experiment 4 formula)", "207,296", sp.Integer(MHA))
n(e.line("params:       190,912"), "GQA-2 parameter total", "190,912", sp.Integer(GQA))
e.given(e.line("step  2000: loss = 2.0785"), "measured MHA loss")
e.given(e.line("step  2000: loss = 2.0854"), "measured GQA loss")
L = e.line("That is exactly $207{,}296 - 16{,}384$")
n(L, "params restated", "190,912", sp.Integer(GQA))
tex_int(L, "207,296 - 16,384 operands (MHA total)", "207{,}296", MHA)
tex_int(L, "saving", "16{,}384", MHA - GQA)
n(L, "per matrix loss 64*64 - 64*32", "2,048", sp.Integer(E * E - E * 32))
L = e.line("\\times (4{,}096 - 2{,}048) = 16{,}384.")
tex_int(L, "4 x 2 x (4096 - 2048)", "16{,}384", NL * 2 * (E * E - E * 32))
L = e.line("the GQA model is only 0.007 nats behind")
e.claim(L, "2.0854 - 2.0785", "0.007", R(20854 - 20785, 10000))
e.claim(L, "fewer parameters (16,384 / 207,296 = 7.90%)", "8.0%", R(MHA - GQA, MHA))
e.claim(e.line("On the toy model the saving is 8%"), "share of the model", "8%", R(MHA - GQA, MHA))
e.given(e.line("{'vocab_size': 65"), "saved config")
L = e.line("Param count: 190,912")
n(L, "start (GQA-2)", "190,912", sp.Integer(GQA))
n(L, "MQA total", "182,720", sp.Integer(MQA))
n(L, "(64, 32) matrix", "2,048", sp.Integer(E * 32))
n(L, "(64, 16) matrix", "1,024", sp.Integer(E * 16))
L = e.line("`kv_repeat = 4 // 3 = 1`")
n(L, "4 // 3", "1", sp.Integer(4 // 3))
L = e.line("and check that it gives 207,296 (MHA)")
n(L, "MHA", "207,296", sp.Integer(MHA))
n(L, "GQA-2", "190,912", sp.Integer(GQA))
n(L, "MQA", "182,720", sp.Integer(MQA))
n(L, "norm count 2 per layer + 1 final", "9", sp.Integer(2 * NL + 1))
e.done()
