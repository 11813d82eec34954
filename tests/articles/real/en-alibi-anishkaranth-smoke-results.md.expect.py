# Expected verdicts for en-alibi-anishkaranth-smoke-results.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The recomputable part is the ALiBi slope lists: for a power-of-two head count H the slopes are 2^(-8h/H), h = 1..H.
#   H = 4: 2^-2, 2^-4, 2^-6, 2^-8 = 0.25, 0.0625, 0.015625, 0.00390625 (right);
#   H = 8: 2^-1 ... 2^-8 = 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625 (right).
# The locality table (random Q/K) and the accuracy tables (a seeded training run) cannot be recomputed from the page:
# ambiguous.  The headline's "Acc @ L_train=16: absolute 0.9313, no-PE 0.2375" contradicts the page's own L=16 column
# (0.9187, 0.2125); neither value can be derived, so the line is ambiguous with that reason (no witness exists).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["alibi", "markdown-table"])
NUM = re.compile(r"\d+\.\d+")

e.given(e.line("- d_model=32, n_heads=4, L_train=16"), "d_model = 32, 4 heads, L_train = 16, test lengths")
e.given(e.line("trained for 140 steps with logit_scale=8.0"), "140 steps, logit_scale = 8.0")
for H in (4, 8):
    L = e.line(f"- H={H} slopes:")
    printed = NUM.findall(e.lines[L - 1])
    e.claim(L, f"ALiBi slopes 2^(-8h/{H}), h = 1..{H}", printed, [sp.Integer(2) ** (-R(8 * h, H)) for h in range(1, H + 1)])

for needle in ("| no PE | 0.153778", "| absolute sin | 0.148311", "| ALiBi | 0.27387"):
    e.ambiguous(e.line(needle), "near mass and entropy of attention with random Q/K (seeded, unprinted draws)")
for needle in ("| no PE | 0.2125", "| absolute sin | 0.9187", "| ALiBi | 1.0 |"):
    e.ambiguous(e.line(needle), "top-1 accuracy of a seeded training run; not derivable from the page")
e.ambiguous(e.line("- Locality near-mass: ALiBi"), "restates the random-Q/K table (consistent with it); values not derivable")
e.ambiguous(e.line("- Acc @ L_train=16:"),
            "accuracies of a training run; absolute 0.9313 and no-PE 0.2375 contradict the page's own L=16 column "
            "(0.9187, 0.2125), and neither can be recomputed")
e.ambiguous(e.line("- Acc @ L_max=48:"), "restates the L=48 column (consistent); accuracies of a training run")
e.done()
