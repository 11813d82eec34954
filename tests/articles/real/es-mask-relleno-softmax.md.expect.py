# Expected verdicts for es-mask-relleno-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# softmax of the printed vectors; the masked entries use -1e9 as printed (their weights are e^(-1e9)/sum, which
# print as 0 in any float format, so the printed 0 is compared at integer precision).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["mask"])
x = M([["2", "0.5", "0.8", "1", "0", "0", "0", "0"]])
xm = M([["2", "0.5", "0.8", "1", "-1e9", "-1e9", "-1e9", "-1e9"]])
L = e.line("Ejemplo: con el vector = [2, 0.5, 0.8, 1, 0, 0, 0, 0]")
e.claim(L, "softmax without mask", ["0.41", "0.09", "0.12", "0.15", "0.06", "0.06", "0.06", "0.06"], softmax_rows(x))
L = e.line("El vector queda [2, 0.5, 0.8, 1, -1e9")
e.claim(L, "softmax with the padding set to -1e9", ["0.53", "0.12", "0.16", "0.19", "0", "0", "0", "0"],
        softmax_rows(xm), rounded_int=True)
e.done()
