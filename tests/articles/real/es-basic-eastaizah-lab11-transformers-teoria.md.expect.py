# Expected verdicts for es-basic-eastaizah-lab11-transformers-teoria.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 3x4 Q of the numeric example and K = Q (as printed), d_k = 4; the multi-head example h = 8,
# d_model = 512; the sinusoidal PE formula at pos = 0 and 1 with the printed exponents (10000^0 and 10000^0.2);
# the hyperparameter lists (Base, Big, GPT-3); the ViT image 224x224x3 with 16x16 patches; n = 2048 tokens.
# Exact: Q K^T = [[2, 1, 1], [1, 2, 1], [1, 1, 3]]; sqrt(4) = 2; 512/8 = 64; 8 x 64 = 512; 4 x 512 = 2048;
#   1024/16 = 64; 12288/96 = 128; 224/16 = 14 -> 14 x 14 = 196 patches; 16 x 16 x 3 = 768;
#   sin(1/10000^0.2) = sin(0.158489) = 0.157827.
# Wrong lines:
# - scores row 1 "[[2, 1, 2]," (slip): q_El . k_duerme = 1*1 + 0*1 + 1*0 + 0*1 = 1, printed 2.
# - scores row 3 "[2, 1, 3]]" (slip): q_duerme . k_El = 1*1 + 1*0 + 0*1 + 1*0 = 1, printed 2.
# - "= [0.84, 0.54, 0.01, ...]" (slip): the third entry is sin(1/10000^0.2) = 0.158, printed 0.01
#   (0.01 would be sin(1/10000^0.5)).
# Ambiguous: the ~65M / ~213M parameter counts (vocabulary and embedding sharing not given) and "2048² = 4M"
#   (an abbreviated 4,194,304).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="es", topics=["basic", "scaling", "mask", "multi-head", "positional-encoding", "shapes", "complexity"])

Q = M([["1", "0", "1", "0"], ["0", "1", "1", "0"], ["1", "1", "0", "1"]])
K = Q
S = Q * K.T
dk = 4

# ---- 2.2 / 2.3 formulas are symbolic; the numeric example
L = e.line("Q = [[1,0,1,0],")
e.given(L, "Q row El")
e.given(L + 1, "Q row gato")
e.given(L + 2, "Q row duerme")
L = e.line("K = [[1,0,1,0],")
e.given(L, "K row 1")
e.given(L + 1, "K row 2")
e.given(L + 2, "K row 3")
L = e.line("scores = [[2, 1, 2],")
e.rows([L, L + 1, L + 2], "Q K^T", [["2", "1", "2"], ["1", "2", "1"], ["2", "1", "3"]], S)
e.claim(e.line("# Escalado (d_k=4, √4=2)"), "sqrt(d_k)", ["4", "2"], [dk, sp.sqrt(dk)])
e.claim(e.line("scores = scores / 2"), "divisor sqrt(4)", ["2"], sp.sqrt(dk))

# ---- 3.2 multi-head dimensions
h, dm = 8, 512
e.given(e.line("**Ejemplo con h=8, d_model=512:**"), "h, d_model")
e.claim(e.line("- d_k = d_v = 512/8 = 64 por cabeza"), "d_k", ["512", "8", "64"], [dm, h, R(dm, h)])
e.claim(e.line("- 8 cabezas procesan en paralelo"), "heads", ["8"], h)
e.claim(e.line("- Cada cabeza produce output de dimensión 64"), "head output dim", ["64"], R(dm, h))
e.claim(e.line("- Concatenar: 8 × 64 = 512"), "concat dim", ["8", "64", "512"], [h, R(dm, h), h * R(dm, h)])
e.claim(e.line("- Proyección final W_O: 512 × 512"), "W_O shape", ["512", "512"], [dm, dm])

# ---- 4.3 sinusoidal PE at pos 0 and 1 (exponents as printed)
L = e.line("pos=0: [sin(0/10000^0)")
e.given(L, "PE arguments at pos 0")
e.claim(L + 1, "PE(0)[0:4]", ["0", "1", "0", "1"], [sp.sin(0), sp.cos(0), sp.sin(0), sp.cos(0)])
L = e.line("pos=1: [sin(1/10000^0)")
e.given(L, "PE arguments at pos 1")
e.claim(L + 1, "PE(1)[0:3]", ["0.84", "0.54", "0.01"],
        [sp.sin(1), sp.cos(1), sp.sin(1 / sp.Integer(10000) ** R(1, 5))])

# ---- 5.2 FFN width
e.claim(e.line("d_ff = 4 × d_model = 2048"), "d_ff", ["4", "2048"], [4, 4 * dm])

# ---- 5.5 typical parameters
LB = e.line("**Transformer Base:**")
for s in ("- N = 6 capas (encoder y decoder)", "- d_model = 512", "- h = 8 cabezas", "- d_ff = 2048", "- dropout = 0.1"):
    e.given(e.line(s, after=LB), "Base hyperparameter")
e.claim(e.line("- d_k = d_v = 64", after=LB), "Base d_k = 512/8", ["64", "64"], [R(512, 8), R(512, 8)])
e.ambiguous(e.line("- ~65M parámetros", after=LB), "parameter count not derivable: vocabulary size and embedding sharing not given")
LG = e.line("**Transformer Big:**")
for s in ("- N = 6 capas", "- d_model = 1024", "- h = 16 cabezas", "- d_ff = 4096"):
    e.given(e.line(s, after=LG), "Big hyperparameter")
e.claim(e.line("- d_k = d_v = 64", after=LG), "Big d_k = 1024/16", ["64", "64"], [R(1024, 16), R(1024, 16)])
e.ambiguous(e.line("- ~213M parámetros", after=LG), "parameter count not derivable: vocabulary size and embedding sharing not given")

# ---- 6.2 GPT-3 head size
L = e.line("- n_layers = 96")
e.given(L, "GPT-3 layers")
e.given(L + 1, "GPT-3 d_model")
e.given(L + 2, "GPT-3 heads")
e.claim(L + 3, "GPT-3 d_head = 12288/96", ["128"], R(12288, 96))
e.given(L + 4, "GPT-3 context window")
e.given(L + 5, "GPT-3 vocabulary")

# ---- 7.2 ViT patches
e.given(e.line("Imagen: 224×224×3"), "image size")
e.claim(e.line("Dividir en patches: 14×14 patches de 16×16 píxeles"), "patch grid 224/16",
        ["14", "14", "16", "16"], [R(224, 16), R(224, 16), 16, 16])
e.claim(e.line("Flatten cada patch: 16×16×3 = 768 dimensiones"), "flattened patch", ["16", "16", "3", "768"], [16, 16, 3, 16 * 16 * 3])
e.claim(e.line("[CLS] [P1] [P2] ... [P196]"), "number of patches", ["196"], R(224, 16) ** 2)

# ---- 12.1 complexity
e.ambiguous(e.line("- GPT-3: 2048 tokens → 2048² = 4M operaciones"),
            "4M abbreviates 2048^2 = 4,194,304 (rounded to millions, not an exact claim)")
e.done()
