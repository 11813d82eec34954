# Expected verdicts for ja-complexity-mamezou-gpt2-small-param-breakdown.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Japanese company-blog article that counts the 124M parameters of GPT-2 small (Raschka's gpt.py layout) and asks
# how large the attention share is.
# Inputs (as the article states them): vocab 50,257, context 1,024, d_model 768, 12 heads, 12 layers, d_ff = 4 x 768
# = 3072, no bias on W_Q/W_K/W_V, bias on out_proj and both FFN layers, two LayerNorms per block (scale + shift),
# one final LayerNorm, output head tied to the token embedding.
# Exact values: token emb 50257*768 = 38,597,376; pos emb 1024*768 = 786,432; embeddings 39,383,808;
#   one projection 768^2 = 589,824; out_proj 768^2 + 768 = 590,592; attention 2,360,064 per layer;
#   FFN 768*3072 + 3072 = 2,362,368 and 3072*768 + 768 = 2,360,064, total 4,722,432; LayerNorm 2*2*768 = 3,072;
#   block 7,085,568; 12 blocks 85,026,816 (attention 28,320,768, FFN 56,669,184, LayerNorm 36,864);
#   final LayerNorm 1,536; total 124,412,160; untied head would give 163,009,536; head dim 768/12 = 64.
# Shares of the total: 31.656%, 31.024%, 0.632%, 68.343%, 22.764%, 45.550% (45.5495...), 0.0296%, 0.00123%.
# Pie: 56.669M, 39.384M, 28.321M, other = 36,864 + 1,536 = 38,400 = 38.4K.
# Every printed result agrees: the article has no wrong line.
# Ambiguous: the BPE ids [15496, 11, 314, 716] (the GPT-2 vocabulary is not given); "1億2400万" (the rounding step of
# the kanji form is not stated; 124,412,160 is 1億2441万 to the nearest 万).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["complexity", "mha", "parameters", "code-block", "mermaid"])

V, C, D, H, NL = 50257, 1024, 768, 12, 12
tok, pos = V * D, C * D
emb = tok + pos
proj = D * D
outp = D * D + D
att = 3 * proj + outp
f1 = D * 4 * D + 4 * D
f2 = 4 * D * D + D
ffn = f1 + f2
ln = 2 * 2 * D
blk = att + ffn + ln
tr = blk * NL
fin = 2 * D
tot = emb + tr + fin


def gint(line, what, printed, exact, cause="slip"):
    """An integer printed with thousands commas ("38,597,376"): exactly equal or wrong."""
    assert printed in e.lines[line - 1], (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if int(printed.replace(",", "")) != exact:
        item.update(wrong=[{"printed": printed, "exact": str(exact)}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def pct(line, what, printed, part):
    e.claim(line, what, [printed], [R(part, tot)])


# --- titles and the flow chart ---------------------------------------------------------
e.given(e.line("# GPT-2 small（124M）を分解して"), "model name GPT-2 small (124M)")
e.given(e.line("GPT-2 small の 124M 個"), "model size label 124M")
e.given(e.line("# 2.実測 - GPT-2 small (124M)の解剖"), "model name")
e.given(e.line("5 つのステップにまとめる"), "five steps")
e.given(e.line('C["トークン埋め込み<br/>d_model=768"]'), "d_model = 768")
e.given(e.line('C --> D["位置埋め込み<br/>d_model=768"]'), "d_model = 768")
e.given(e.line('F["Attention層<br/>H=12, L=12"]'), "H = 12, L = 12")
e.claim(e.line('G["フィードフォワード層<br/>d_ff=3072, L=12"]'), "d_ff = 4 x 768", ["3072"], [4 * D])

# --- the verification script (code constants) ---------------------------------------
e.given(e.line("> # GPT-2 124M parameter calculation"), "model name in a comment")
e.given(e.line("> # GPT-2 124M configuration from gpt.py"), "model name in a comment")
for s in ("> vocab_size = 50257", "> context_length = 1024", "> emb_dim = 768", "> n_heads = 12", "> n_layers = 12"):
    e.given(e.line(s), s[2:])
e.given(e.line('> print("GPT-2 124M Parameter Count'), "model name in a string")
e.given(e.line("> qkv_weights = emb_dim * emb_dim * 3"), "three projections")
e.given(e.line("> # From gpt.py: nn.Linear(emb_dim, 4*emb_dim) with bias"), "4x expansion")
e.given(e.line("> ffn_fc = emb_dim * (4 * emb_dim) + (4 * emb_dim)"), "4x expansion")
e.given(e.line("> # From gpt.py: nn.Linear(4*emb_dim, emb_dim) with bias"), "4x expansion")
e.given(e.line("> ffn_proj = (4 * emb_dim) * emb_dim + emb_dim"), "4x expansion")
e.claim(e.line('First layer (768->3072)'), "768 -> 4 x 768", ["3072"], [4 * D])
e.claim(e.line('Second layer (3072->768)'), "4 x 768 -> 768", ["3072"], [4 * D])
e.given(e.line("> # LayerNorm (2 per block: norm1 and norm2)"), "two LayerNorms per block")
e.given(e.line("> ln_params = emb_dim * 2 * 2"), "scale and shift, two LayerNorms")
e.given(e.line("LayerNorm x2: {ln_params:,}"), "two LayerNorms")
e.given(e.line("> final_ln = emb_dim * 2"), "scale and shift")
gint(e.line('Expected (GPT-2 124M): 124,412,160'), "expected total", "124,412,160", tot)
e.claim(e.line("total_params == 124412160"), "total compared against", ["124412160"], [tot])
e.given(e.line("emb_total/total_params*100:.1f"), "percent format")
e.given(e.line("transformer_total/total_params*100:.1f"), "percent format")
e.given(e.line("final_ln/total_params*100:.1f"), "percent format")

# --- step by step ------------------------------------------------------------------------
e.given(e.line("**使用パラメータ：0個**"), "tokenizer has no parameters")
e.ambiguous(e.line('[15496, 11, 314, 716]'), "BPE token ids depend on the GPT-2 vocabulary, which the article does not give")
gint(e.line("辞書の大きさ（語彙）は 50,257 トークン"), "vocabulary", "50,257", V)
gint(e.line("### Step 2: 埋め込み層（39,383,808個）"), "embedding params", "39,383,808", emb)
gint(e.line("**トークン埋め込み：38,597,376個**"), "token embedding", "38,597,376", tok)
L = e.line("* 50,257語彙 × 768次元 = 38,597,376個")
gint(L, "vocab restated", "50,257", V)
gint(L, "50257 x 768", "38,597,376", tok)
e.given(L, "GPT-3 embedding width 12,288 (reference)")
e.given(e.line("* トークン ID ごとに 768 次元"), "width 768")
gint(e.line("**位置埋め込み：786,432個**"), "position embedding", "786,432", pos)
L = e.line("* 1,024位置 × 768次元 = 786,432個")
gint(L, "context restated", "1,024", C)
gint(L, "1024 x 768", "786,432", pos)
e.given(e.line("* 位置ごとに 768 次元"), "width 768")
e.given(e.line("Dropout(0.1)"), "dropout rate 0.1")
L = e.line("### Step 3: Transformerブロック（12層、計85,026,816個）")
gint(L, "12 blocks", "85,026,816", tr)
gint(e.line("1 層あたりのパラメータは7,085,568個"), "one block", "7,085,568", blk)
gint(e.line("**MultiHeadAttention（2,360,064個）**"), "attention per layer", "2,360,064", att)
e.claim(e.line("12 ヘッドで並列に処理する（1 ヘッドは 64 次元）"), "head dim 768/12", ["12", "64"], [H, R(D, H)])
for name in ("Query投影", "Key投影", "Value投影"):
    gint(e.line(f"* {name}：`nn.Linear(768, 768, bias=False)`"), f"{name} 768^2", "589,824", proj)
gint(e.line("* 出力投影：`nn.Linear(768, 768)` → 590,592個"), "out_proj 768^2 + 768", "590,592", outp)
e.given(e.line("[B(Batch size), T(Sequence length), 768]"), "input shape")
e.claim(e.line("12 ヘッドに切り分ける [B, 12, T, 64]"), "split shape", ["12", "12", "64"], [H, H, R(D, H)])
e.claim(e.line("scores = (Q · Kᵀ) / √64"), "sqrt(d_head)", ["64"], [R(D, H)])
e.given(e.line("重みにする [B, 12, T, T]"), "weights shape")
e.claim(e.line("context = weights · V [B, 12, T, 64]"), "context shape", ["12", "64"], [H, R(D, H)])
e.given(e.line("6. 12 ヘッドをつなぎ直し"), "merge back to 768")
gint(e.line("**FeedForward（4,722,432個）**"), "FFN per layer", "4,722,432", ffn)
e.given(e.line("次元をいったん 4 倍に"), "4x expansion")
gint(e.line("* 第1層：`nn.Linear(768, 3072)` → 2,362,368個"), "768 x 3072 + 3072", "2,362,368", f1)
gint(e.line("* 第2層：`nn.Linear(3072, 768)` → 2,360,064個"), "3072 x 768 + 768", "2,360,064", f2)
gint(e.line("**LayerNorm（3,072個）**"), "LayerNorm per layer", "3,072", ln)
gint(e.line("* norm1（Attention前）：1,536個"), "norm1", "1,536", 2 * D)
gint(e.line("* norm2（FFN前）：1,536個"), "norm2", "1,536", 2 * D)
gint(e.line("### Step 4: 出力層（1,536個）"), "output layer", "1,536", fin)
gint(e.line("**最終LayerNorm：1,536個**"), "final LayerNorm", "1,536", fin)
e.given(e.line("* `LayerNorm(768)`：scale(768) + shift(768)"), "width 768")
e.given(e.line("* `nn.Linear(768, 50257, bias=False)`"), "head shape")
gint(e.line("転置して使い回す（38,597,376個を節約）"), "saved by tying", "38,597,376", tok)
gint(e.line("50,257 語彙の中から次のトークン"), "vocabulary", "50,257", V)

# --- the summary block ---------------------------------------------------------------------
e.given(e.line("## 2-3. 124Mパラメータの全体像"), "model size label")
gint(e.line("数え上げの結果、124,412,160 個"), "total", "124,412,160", tot)
L = e.line("Step 1: トークン化               0個（0%）")
e.claim(L, "tokenizer params and share", ["0", "0%"], [0, 0])
L = e.line("Step 2: 埋め込み層        39,383,808個（31.7%）")
gint(L, "embeddings", "39,383,808", emb)
pct(L, "embedding share", "31.7%", emb)
L = e.line("├─ トークン埋め込み   38,597,376個（31.0%）")
gint(L, "token embedding", "38,597,376", tok)
pct(L, "token share", "31.0%", tok)
L = e.line("└─ 位置埋め込み          786,432個（0.6%）")
gint(L, "position embedding", "786,432", pos)
pct(L, "position share", "0.6%", pos)
L = e.line("Step 3: Transformer層     85,026,816個（68.3%）")
gint(L, "transformer", "85,026,816", tr)
pct(L, "transformer share", "68.3%", tr)
L = e.line("├─ Attention (12層分、12ヘッド)   28,320,768個（22.8%）")
gint(L, "attention x 12", "28,320,768", att * NL)
pct(L, "attention share", "22.8%", att * NL)
L = e.line("├─ FFN (12層分)         56,669,184個（45.5%）")
gint(L, "FFN x 12", "56,669,184", ffn * NL)
pct(L, "FFN share (45.5495%)", "45.5%", ffn * NL)
L = e.line("└─ LayerNorm (12層分)       36,864個（0.03%）")
gint(L, "LayerNorm x 12", "36,864", ln * NL)
pct(L, "LayerNorm share", "0.03%", ln * NL)
L = e.line("Step 4: 出力層               1,536個（0.001%）")
gint(L, "final LayerNorm", "1,536", fin)
pct(L, "output share", "0.001%", fin)
L = e.line("Step 5: 予測                    0個（0%）")
e.claim(L, "prediction params and share", ["0", "0%"], [0, 0])
gint(e.line("合計：                 124,412,160個"), "total", "124,412,160", tot)
L = e.line("≈ 124.4M（1億2400万）")
e.claim(L, "total in M", ["124.4"], [R(tot, 10**6)])
e.ambiguous(L, "1億2400万: the rounding step of the kanji form is not stated (124,412,160 = 1億2441万 to the 万)")
gint(e.line("※重み共有により38,597,376個を節約"), "saved by tying", "38,597,376", tok)
gint(e.line("（共有しない場合は163,009,536個になる）"), "untied total", "163,009,536", tot + tok)

# --- section 3 --------------------------------------------------------------------------
pct(e.line("## 3-1. Attention が占めるのはパラメータ全体の22.8%"), "attention share", "22.8%", att * NL)
e.given(e.line("title GPT-2 Small (124M) パラメータ分布"), "model name")
L = e.line('"FFN層 (56.7M)" : 56669184')
e.claim(L, "FFN in M", ["56.7"], [R(ffn * NL, 10**6)])
e.claim(L, "FFN raw", ["56669184"], [ffn * NL])
L = e.line('"埋め込み層 (39.4M)" : 39383808')
e.claim(L, "embeddings in M", ["39.4"], [R(emb, 10**6)])
e.claim(L, "embeddings raw", ["39383808"], [emb])
L = e.line('"Attention層 (28.3M)" : 28320768')
e.claim(L, "attention in M", ["28.3"], [R(att * NL, 10**6)])
e.claim(L, "attention raw", ["28320768"], [att * NL])
L = e.line('"その他 (38K)" : 38400')
e.claim(L, "other in K", ["38"], [R(ln * NL + fin, 1000)], rounded_int=True)
e.claim(L, "other raw (LayerNorms)", ["38400"], [ln * NL + fin])
L = e.line("Attention層の取り分は22.8%にとどまり")
pct(L, "attention share", "22.8%", att * NL)
pct(L, "FFN share", "45.5%", ffn * NL)
e.done()
