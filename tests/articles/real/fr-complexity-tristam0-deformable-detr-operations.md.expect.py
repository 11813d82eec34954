# Expected verdicts for fr-complexity-tristam0-deformable-detr-operations.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: C = 256, K = 4, L = 4, HW = 1025 (feature map 25 x 41 of an 800 x 1333 image), N_q = 1025 (encoder)
# and N_q = 100 (decoder); the four level sizes 100 x 166, 50 x 83, 25 x 41 and 13 x 21 are set by the author
# ("Posons ...": 166, 83, 41 round 1333/8, /16, /32 down while 13 and 21 round 800/64 and 1333/64 up) and are taken as given.
# The note's cost terms are 2 N_q C^2 (projections), 5 N_q K C (sampling) and, multi-scale, 5 N_q L K C.
# Exact: encoder 134,348,800 + 5,248,000 = 139,596,800; decoder 6,553,600 + 26,214,400 + 512,000 = 33,280,000;
# sum of pixels 22,048; multi-scale projections 2 x 22,048 x 65,536 = 2,889,875,456, printed 2,889,940,992 (slip, off by
# 65,536); sampling 451,543,040; the printed total 3,341,484,032 is the sum of the printed parts (carried), exact
# 3,341,418,496 (~3.34 billion either way).
# Thousands are grouped with LaTeX thin spaces (\,): read by oracle.grouped_int_claim.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, grouped_int_claim, sp

e = Expect(__file__, language="fr", topics=["complexity", "flops", "deformable-attention", "latex", "prose-arithmetic"])


def thin_claim(line, what, printed, exact_int, cause="slip"):
    """An integer printed with LaTeX thin-space groups (134\\,348\\,800), exactly equal or wrong."""
    grouped_int_claim(e, line, what, printed, exact_int, sep="\\,", cause=cause)


C, K, L = 256, 4, 4
HW = 25 * 41

# --- single-scale setting ---
Ls = e.line("image $800\\times1333$")
e.given(Ls, "image 800 x 1333, DETR feature map 25 x 41")
e.claim(Ls, "HW = 25 x 41", ["1025"], [25 * 41])
e.given(e.line("dimension de l'embedding"), "C = d = 256")
e.given(e.line("taille de la feature map ($1025$)"), "HW = 1025")
e.given(e.line("nombre de points échantillonnés par requête"), "K = 4")

# --- encoder ---
Nq = HW
e.given(e.line("1. Encodeur ($N_q = HW = 1025$)"), "N_q = HW = 1025")
L1 = e.line("Partie projections et clés : $2 \\times 1025")
e.claim(L1, "256^2", ["65536"], [C ** 2])
thin_claim(L1, "2 N_q C^2", "134\\,348\\,800", 2 * Nq * C ** 2)
thin_claim(e.line("Partie échantillonnage (linéaire)"), "5 N_q K C", "5\\,248\\,000", 5 * Nq * K * C)
thin_claim(e.line("**Total Encodeur Déformable"), "encoder total", "139\\,596\\,800", 2 * Nq * C ** 2 + 5 * Nq * K * C)
e.given(e.line("336M de DETR"), "DETR encoder cost from the DETR note")

# --- decoder cross-attention ---
Nd = 100
e.given(e.line("2. Cross-attention du décodeur ($N_q = 100$)"), "N_q = 100")
thin_claim(e.line("Projection des requêtes"), "N_q C^2", "6\\,553\\,600", Nd * C ** 2)
thin_claim(e.line("Valeurs échantillonnées"), "N_q K C^2", "26\\,214\\,400", Nd * K * C ** 2)
thin_claim(e.line("Coordonnées et poids d'attention"), "5 N_q K C", "512\\,000", 5 * Nd * K * C)
thin_claim(e.line("**Total Décodeur (Cross-Attention)"), "decoder total", "33\\,280\\,000",
           Nd * C ** 2 + Nd * K * C ** 2 + 5 * Nd * K * C)
e.given(e.line("99M de DETR"), "DETR decoder cost from the DETR note")

# --- multi-scale ---
e.given(e.line("(ici $L=4$)"), "L = 4")
levels = [(100, 166), (50, 83), (25, 41), (13, 21)]
pix = [h * w for h, w in levels]
printed_pix = ["16\\,600", "4\\,150", "1\\,025", "273"]
for k, ((h, w), p) in enumerate(zip(levels, printed_pix), start=1):
    ln = e.line(f"**Niveau {k} (")
    e.given(ln, f"level {k} size {h} x {w} (author's choice)")
    if "\\," in p:
        thin_claim(ln, f"H_{k} W_{k} = {h} x {w}", p, h * w)
    else:
        e.claim(ln, f"H_{k} W_{k} = {h} x {w}", [p], [h * w])
Lt = e.line("**Nombre total de pixels")
for p, v in zip(printed_pix[:3], pix[:3]):
    thin_claim(Lt, "level size repeated in the sum", p, v)
e.claim(Lt, "H_4 W_4 repeated in the sum", ["273"], [pix[3]])
thin_claim(Lt, "sum of pixels", "22\\,048", sum(pix))
e.given(e.line("- $C = 256$"), "C = 256")
e.given(e.line("- $K = 4$ points par échelle"), "K = 4")
e.given(e.line("- $L = 4$ échelles"), "L = 4")
e.claim(e.line("- $L \\times K = 16$"), "L x K", ["16"], [L * K])
Nm = sum(pix)
thin_claim(e.line("$N_q = \\sum HW = 22\\,048$"), "N_q = sum HW", "22\\,048", Nm)

Lp = e.line("- Partie projections et clés : $2 \\times 22")
thin_claim(Lp, "N_q = sum HW", "22\\,048", Nm)
thin_claim(Lp, "256^2", "65\\,536", C ** 2)
thin_claim(Lp, "2 N_q C^2 multi-scale", "2\\,889\\,940\\,992", 2 * Nm * C ** 2, cause="slip")
Lq = e.line("- Partie échantillonnage ($5 N_q L K C$)")
thin_claim(Lq, "N_q = sum HW", "22\\,048", Nm)
thin_claim(Lq, "5 N_q L K C", "451\\,543\\,040", 5 * Nm * L * K * C)
Lr = e.line("**Total Encodeur Multi-Scale")
thin_claim(Lr, "multi-scale encoder total (sum of the two printed parts)", "3\\,341\\,484\\,032",
           2 * Nm * C ** 2 + 5 * Nm * L * K * C, cause="carried")
e.claim(Lr, "total in billions", ["3.34"], [R(2 * Nm * C ** 2 + 5 * Nm * L * K * C, 10 ** 9)])
e.done()
