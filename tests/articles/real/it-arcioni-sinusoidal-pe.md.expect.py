# Expected verdicts for it-arcioni-sinusoidal-pe.md, computed with plain SymPy (see oracle.py); not symattn's code.
# PE(n, 2j) = sin(n / 10000^(2j/d)), PE(n, 2j+1) = cos(n / 10000^(2j/d)), d = 6, n = 0..4; the code prints
# np.round(p, 3), so numpy drops trailing zeros ("0.54", "-0.99", "1.") - every entry of the block is read at 3 places.
# All 30 printed values agree (e.g. cos(4 * 10000^(-1/3)) = 0.98281 -> 0.983, cos(3 * 10000^(-2/3)) = 0.99998 -> 1.).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, parse

e = Expect(__file__, language="it", topics=["pe", "sinusoidal", "numpy-print"])
NUM = re.compile(r"-?\d+\.\d*")


def pe(n, i, d=6):
    w = sp.Integer(10000) ** (-R(2 * (i // 2), d))
    return sp.sin(n * w) if i % 2 == 0 else sp.cos(n * w)


def claim_block_row(ln, what, exact, places=3):
    """A numpy row printed at ``places`` decimals with trailing zeros dropped ("0.54", "1.")."""
    text = e.lines[ln - 1].split(":", 1)[1]
    printed = NUM.findall(text)
    assert len(printed) == len(exact), (ln, printed)
    ent = e._entry(ln)
    item = {"what": what + f" (read at {places} places)", "printed": printed}
    bad = []
    for p, x in zip(printed, exact):
        v = R(p.rstrip(".") if p.endswith(".") else p)
        if abs(v - sp.N(x, 50)) > R(1, 2) * R(10) ** (-places) * (1 + R(1, 10**9)):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    if bad:
        item.update(wrong=bad, cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e.given(e.line("max_position = 100"), "100 positions (plots only)")
e.given(e.line("d_model = 128"), "d_model 128 (plots only)")
e.given(e.line("pe_small = sinusoidal_positional_encoding(5, 6)"), "5 positions, d = 6")
for n in range(5):
    L = e.line(f"Posizione {n}: [")
    claim_block_row(L, f"PE({n}, 0..5)", [pe(n, i) for i in range(6)])
e.done()
