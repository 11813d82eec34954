# Expected verdicts for ru-pe-verbasik-rope-absolyutnoe-otnositelnoe.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: token embeddings X (4 x 4) for "Я", "люблю", "машинное", "обучение" and one-hot absolute positions P.
# Exact: X + P row by row.  The position-difference matrix uses Delta_ij = i - j (row 0 is [0, -1, -2, -3]); the bullet's
# wording "how far token j is from token i" could also be read as j - i, but the printed matrix and both printed examples
# ("Я" -> "люблю": -1, "Я" -> "обучение": -3) share the i - j convention, so the matrix is checked under it.
# The RoPE formulas carry no numbers; "s = 2.0 -> context doubles" is a stated example (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="ru", topics=["pe", "rope", "positional-encoding", "code-block", "plain-text"])

X = M([["0.2", "0.5", "0.1", "0.7"], ["0.3", "0.6", "0.0", "0.8"], ["0.9", "0.1", "0.4", "0.3"], ["0.5", "0.2", "0.9", "0.6"]])
P = sp.eye(4)
S = X + P

e.given(e.line("**Пример (d=4):**"), "d = 4")
for tok in ['# "Я"', '# "люблю"', '# "машинное"', '# "обучение"']:
    e.given(e.line(tok), "token embedding")
for k in range(1, 5):
    e.given(e.line(f"# позиция {k}"), "one-hot absolute position")
L = e.line("Итог (X + P):")
printed = [["1.2", "0.5", "0.1", "0.7"], ["0.3", "1.6", "0.0", "0.8"], ["0.9", "0.1", "1.4", "0.3"], ["0.5", "0.2", "0.9", "1.6"]]
e.rows([L + 1, L + 2, L + 3, L + 4], "X + P", printed, S)

D = M([[i - j for j in range(4)] for i in range(4)])
L = e.line("[ 0, -1, -2, -3]")
e.rows([L, L + 1, L + 2, L + 3], "Delta_ij = i - j",
       [["0", "-1", "-2", "-3"], ["1", "0", "-1", "-2"], ["2", "1", "0", "-1"], ["3", "2", "1", "0"]], D)
e.claim(e.line('"Я" → "люблю"'), "Delta(Я, люблю) = 0 - 1", ["-1"], [D[0, 1]])
e.claim(e.line('"Я" → "обучение"'), "Delta(Я, обучение) = 0 - 3", ["-3"], [D[0, 3]])

e.given(e.line("$s = 2.0$"), "scaling factor s = 2 and the doubled context (stated example)")
e.done()
