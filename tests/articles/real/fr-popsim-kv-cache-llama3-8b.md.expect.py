# Expected verdicts for fr-popsim-kv-cache-llama3-8b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Llama 3 8B as stated: 32 layers, 8 KV heads (GQA), head_dim 128, 2 bytes (1 byte in 8 bits).
# Per token 2*32*8*128*2 = 131,072 bytes = 128 KiB.  The article's unit is Gio (GiB) and it writes token counts out
# ("8 000", "32 000"), so they are 8,000 and 32,000 tokens:
#   8,000 tokens      -> 0.977 GiB (1,0 ok)  / 0.488 GiB (0,5 ok)
#   32,000 tokens     -> 3.906 GiB (4,0 wrong, 3,9) / 1.953 GiB (2,0 ok)
#   8 x 8,000 tokens  -> 7.813 GiB (8,0 wrong, 7,8) / 3.906 GiB (4,0 wrong, 3,9)
# (The printed values would be exact for 8,192 / 32,768 tokens, which the article does not say.)
# "8 Gio de cache" is an integer: 7.8 rounds to 8, ok.  "131 072" uses a space as thousands separator.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="fr", topics=["kv-cache", "gqa", "memory", "decimal-comma"])
PER16 = 2 * 32 * 8 * 128 * 2
PER8 = 2 * 32 * 8 * 128 * 1
GiB = 2**30

L = e.line("Modèle de type Llama 3 8B (32 couches")
e.given(L, "32 layers, 8 KV heads, head_dim 128, 16 bits")
L = e.line("2 (cles et valeurs) x 32 x 8 x 128 x 2 octets")
ent = e._entry(L)
assert "131 072" in e.lines[L - 1]
ent["claims"].append({"what": "2*32*8*128*2 bytes per token (printed with a thousands space)", "printed": ["131 072"]})
ent["verdict"] = "ok" if sp.Integer(131072) == PER16 else "wrong"
e.claim(L, "bytes per token in KiB", "128", sp.Integer(PER16) / 1024)
e.claim(e.line("| 8 000 tokens | 1,0 Gio"), "8,000 tokens, 16 / 8 bits, GiB", ["1,0", "0,5"],
        [sp.Integer(PER16 * 8000) / GiB, sp.Integer(PER8 * 8000) / GiB])
e.claim(e.line("| 32 000 tokens |"), "32,000 tokens, 16 / 8 bits, GiB", ["4,0", "2,0"],
        [sp.Integer(PER16 * 32000) / GiB, sp.Integer(PER8 * 32000) / GiB])
e.claim(e.line("| 8 000 tokens x 8 requetes"), "8 x 8,000 tokens, 16 / 8 bits, GiB", ["8,0", "4,0"],
        [sp.Integer(PER16 * 8000 * 8) / GiB, sp.Integer(PER8 * 8000 * 8) / GiB])
L = e.line("4,5 Gio de poids plus 8 Gio de cache")
e.given(L, "4.5 GiB of 4-bit weights")
e.claim(L, "cache of 8 personas x 8,000 tokens in GiB (integer)", "8", sp.Integer(PER16 * 8000 * 8) / GiB,
        rounded_int=True)
e.done()
