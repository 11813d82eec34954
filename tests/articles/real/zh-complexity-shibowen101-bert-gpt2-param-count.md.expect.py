# Expected verdicts for zh-complexity-shibowen101-bert-gpt2-param-count.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study note that counts the parameters of BERT-base (encoder) and GPT-2 small (decoder) by hand from the
# printed module list: embeddings, the Q/K/V projections (769 x 768 x 3, bias folded in as the 769th row), output,
# FFN, pooler, lm_head.  "M" is 10^6 (30522 x 768 = 23,440,896 -> 23.44M), results at 3 decimals.
# Inputs: vocab 30522, 512 positions, 2 token types, d = 768, FFN 3072, 12 layers; GPT-2 vocab 50257, 1024 positions;
#   the GPT-2 blocks are assumed to equal the 12 BERT layers (the article's own assumption).
# Exact values (millions): 23.440896, 0.393216, 0.001536 -> embeddings 23.835648; QKV 1.771776; self-output 0.590592;
#   intermediate 2.362368; output 2.360064 -> layer 7.0848, x12 = 85.0176; pooler 0.590592; encoder 109.44384;
#   wte 38.597376; wpe 0.786432 -> 39.383808; lm_head 38.597376; decoder 162.998784; total 272.442624.
# Wrong lines:
#   2x768 = 0.02M        -> 0.0015M (1536)                    slip
#   23.853M              -> 23.836 (author's 23.44+0.393+0.02)  carried
#   768x3073 = 2.359M    -> 2.360 (2,360,064)                 slip
#   85.008M (encoder)    -> 85.018 (author's 12 x 7.084)       carried
#   Encoder = 109.452M   -> 109.444                          carried
#   50257x768 = 38.257M  -> 38.597 (38,597,376)               slip
#   1024x768 = 0.787M    -> 0.786 (786,432)                   slip
#   39.044M              -> 39.384                            carried
#   85.008M (GPT-2 blocks, restated under the equal-size assumption) -> 85.018   carried
#   Decoder = 162.649M   -> 162.999                           carried
#   sum = 272.093M       -> 272.443; even the author's own 109.452 + 162.649 is 272.101   slip
# Right: 23.44M, 0.393M, 1.772M, 0.591M (twice), 2.362M, 0.591M pooler, lm_head 38.597M.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["complexity", "sizes", "latex-inline"])
Mi = sp.Integer(10) ** 6
d, ffn, L = 768, 3072, 12

we = sp.Integer(30522) * d
pe = sp.Integer(512) * d
te = sp.Integer(2) * d
emb = we + pe + te
qkv = sp.Integer(d + 1) * d * 3
so = sp.Integer(d + 1) * d
inter = sp.Integer(ffn) * (d + 1)
out = sp.Integer(d) * (ffn + 1)
layers = L * (qkv + so + inter + out)
pool = sp.Integer(d + 1) * d
enc = emb + layers + pool
wte = sp.Integer(50257) * d
wpe = sp.Integer(1024) * d
gemb = wte + wpe
lm = sp.Integer(d) * 50257
dec = gemb + layers + lm
total = enc + dec

# --- encoder ------------------------------------------------------------------------
e.claim(e.line("30522\\times768=23.44M"), "word embeddings 30522 x 768 (M)", ["23.44"], [we / Mi])
e.claim(e.line("512\\times768=0.393M"), "position embeddings 512 x 768 (M)", ["0.393"], [pe / Mi])
e.claim(e.line("2\\times768=0.02M"), "token-type embeddings 2 x 768 (M)", ["0.02"], [te / Mi])
e.claim(e.line("$23.853M$"), "BERT embeddings total (M)", ["23.853"], [emb / Mi], cause="carried")
e.given(e.line("### 12 x BertLayer"), "12 BERT layers")
e.claim(e.line("769\\times768\\times3=1.772M"), "Q/K/V projections with bias (M)", ["1.772"], [qkv / Mi])
e.claim(e.line("BertSelfOutput"), "attention output projection (M)", ["0.591"], [so / Mi])
e.claim(e.line("3072\\times769=2.362M"), "FFN intermediate (M)", ["2.362"], [inter / Mi])
e.claim(e.line("768\\times3073=2.359M"), "FFN output (M)", ["2.359"], [out / Mi])
e.claim(e.line("$85.008M$"), "12 BERT layers total (M)", ["85.008"], [layers / Mi], cause="carried")
e.claim(e.line("769\\times768=0.591M", after=e.line("### BertPooler")), "pooler (M)", ["0.591"], [pool / Mi])
e.claim(e.line("$Encoder=109.452M$"), "encoder total (M)", ["109.452"], [enc / Mi], cause="carried")

# --- decoder ------------------------------------------------------------------------
e.claim(e.line("50257\\times768=38.257M"), "GPT-2 token embeddings 50257 x 768 (M)", ["38.257"], [wte / Mi])
e.claim(e.line("1024\\times768=0.787M"), "GPT-2 position embeddings 1024 x 768 (M)", ["0.787"], [wpe / Mi])
e.claim(e.line("$39.044M$"), "GPT-2 embeddings total (M)", ["39.044"], [gemb / Mi], cause="carried")
e.given(e.line("### 12 x GPT2Block"), "12 GPT-2 blocks")
e.claim(e.line("$85.008M$", nth=2), "12 GPT-2 blocks, assumed equal to the BERT layers (M)", ["85.008"],
        [layers / Mi], cause="carried")
e.claim(e.line("768\\times50257=38.597M"), "lm_head 768 x 50257, no bias (M)", ["38.597"], [lm / Mi])
e.claim(e.line("$Decoder=162.649M$"), "decoder total (M)", ["162.649"], [dec / Mi], cause="carried")
e.claim(e.line("$sum=272.093M$"), "encoder + decoder (M)", ["272.093"], [total / Mi])
e.given(e.line("GPT2 这一块"), "model name GPT2; the equal-size assumption")
e.given(e.line("### GPT2OUTPUT"), "model name GPT2")
e.given(e.line("拿不到 GPT2"), "model name GPT2")
e.given(e.line("GPT2 当编码器"), "model names (the article swaps encoder/decoder here)")
e.done()
