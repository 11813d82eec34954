# Expected verdicts for es-pe-bobcortesp-codificacion-posicional-senoidal.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish Jupyter notebook that hand-codes the sinusoidal positional encoding (Vaswani et al.) and prints the
# table for its padded sentences with d = 4.
# Inputs: d = 4; row index = position pos (0, 1, 2, ...); PE[pos, 2i] = sin(pos / 10000^(2i/d)),
#   PE[pos, 2i+1] = cos(pos / 10000^(2i/d)), so the divisors are 1 (i = 0) and 100 (i = 1).
#   The sequence length (len(sequences[0])) is not stated; the printed table has 68 rows (positions 0..67).
# Computed: row 1 = [sin 1, cos 1, sin 0.01, cos 0.01] = [0.841471, 0.540302, 0.00999983, 0.999950];
#   last row (pos 67) = [sin 67, cos 67, sin 0.67, cos 0.67] = [-0.855520, -0.517770, 0.620986, 0.783822].
# Every printed number agrees (machine-float print, 8 decimals): the article has no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="es", topics=["pe", "jupyter-output"])
NUM = re.compile(r"-?\d+\.\d*")

e.given(e.line("la dimensión es `d = 4`"), "d = 4")
e.given(e.line("encode_position(len(sequences[0]),4)"), "call with d = 4 (length unstated)")
e.given(e.line("Con `d = 4` hay"), "d = 4")
L0 = e.line("array([[ 0.        ,  1.")
pos = 0
ln = L0
while True:
    text = e.lines[ln - 1]
    toks = NUM.findall(text)
    assert len(toks) == 4, (ln, toks)
    exact = []
    for i in range(2):
        ang = R(pos) / R(10000) ** R(2 * i, 4)
        exact += [sp.sin(ang), sp.cos(ang)]
    e.claim(ln, f"PE row pos={pos} (sin, cos at divisors 1 and 100)", [t.rstrip(".") for t in toks], exact)
    if text.rstrip().endswith("]])"):
        break
    pos += 1
    ln += 1
assert pos == 67, pos
e.done()
