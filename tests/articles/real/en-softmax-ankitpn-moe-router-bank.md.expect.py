# Expected verdicts for en-softmax-ankitpn-moe-router-bank.md, computed with plain SymPy (see oracle.py); not symattn's code.
#
# The article (ankit-pn's KV-cache/attention guide, English) walks the token "bank" through an MoE router: six router
# scores 5.9, 4.8, 4.1, 3.2, 2.7, 2.1 are softmax-normalised and the weights then mix six experts.
# Wrong: softmax([5.9, 4.8, 4.1, 3.2, 2.7, 2.1]) = [0.6141, 0.2044, 0.1015, 0.0413, 0.0250, 0.0137], not the printed
# [0.31, 0.25, 0.18, 0.13, 0.08, 0.05] (slip: the printed list is far too flat; e^5.9 alone is 61% of the total).  Every
# later use of those weights (the six "0.31 * expert_42(x)  # 31% ..." lines and the "31% + 25% + 18%" sentence) repeats
# them: carried.
# Right: the router has 4096 x 256 = 1,048,576 weights (~1M); C(8,2) = 28.
# Ambiguous: "~0.001% of the model" (one router is 1.05M / 671B = 0.00016%; how many routers the model has is not
# given), and "C(256,6) = ~10¹²" (368,532,802,176 = 10^11.57, an order-of-magnitude statement).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, softmax_rows, M

e = Expect(__file__, language="en", topics=["softmax", "moe-router", "top-k"])
SC = ["5.9", "4.8", "4.1", "3.2", "2.7", "2.1"]
P = softmax_rows(M([SC]))
PW = [P[0, j] for j in range(6)]
PRINTED = ["0.31", "0.25", "0.18", "0.13", "0.08", "0.05"]


def amb(line, reason):
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"


L = e.line("| **Dense (7B)** |")
e.given(L, "dense 7B, 100% of the FFN")
e.given(e.line("| **MoE (256 experts)** |"), "6 of 256 experts, 671B")
e.given(e.line("self.W = nn.Linear(input_dim, num_experts)   # [4096, 256]"), "router 4096 x 256")
L = e.line("~1M params, ~0.001% of the model")
e.claim(L, "router weights 4096 x 256 in millions", "1", R(4096 * 256, 10**6), rounded_int=True)
amb(L, "one router is 1,048,576 / 671e9 = 0.00016% of the model; the number of MoE layers (routers) is not given")
for name, val in [("# Expert 42:  5.9", "5.9"), ("# Expert 203: 4.8", "4.8"), ("# Expert 3:   4.1", "4.1"),
                  ("# Expert 0:   3.2", "3.2"), ("# Expert 255: 2.7", "2.7"), ("# Expert 18:  2.1", "2.1")]:
    e.given(e.line(name), f"router score {val}")
e.given(e.line("weights = softmax([5.9, 4.8, 4.1, 3.2, 2.7, 2.1])"), "the six top scores")
e.claim(e.line("# Result:      [0.31, 0.25, 0.18, 0.13, 0.08, 0.05]"), "softmax of the six scores", PRINTED, PW)
for i, tag in enumerate(["expert_42(x)", "expert_203(x)", "expert_3(x)", "expert_0(x)", "expert_255(x)",
                         "expert_18(x)    # 5%"]):
    L = e.line(tag)
    pct = {"0.31": "31%", "0.25": "25%", "0.18": "18%", "0.13": "13%", "0.08": "8%", "0.05": "5%"}[PRINTED[i]]
    e.claim(L, f"gate weight {i + 1} restated (and as a percentage)", [PRINTED[i], pct], [PW[i], PW[i]], "carried")
L = e.line('So "bank" is read as 31% financial')
e.claim(L, "first three gate weights as percentages", ["31%", "25%", "18%"], PW[:3], "carried")
L = e.line("| Possible combinations | C(8,2) = 28 |")
e.claim(L, "C(8,2)", "28", sp.binomial(8, 2))
amb(L, "C(256,6) = 368,532,802,176 = 10^11.57: '~10¹²' is an order-of-magnitude statement")
e.done()
