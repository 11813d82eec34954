# Expected verdicts for ko-kv-desty-tiny-llm-param-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: GPTMini with weight tying, N = V*D + L*12*D^2 + D (the article's formula), V = 8000; bf16 mixed precision
# bytes per parameter from the table (2 + 2 + 4 + 4); activation Act = B*T*D*L*c*2 bytes with c = 14; the code
# train_mem_gb (bpp = 14, c_act = 14, GB = 1e9); KV cache = 2*L*H*d_h*T*bytes.  MB/GB read decimal or binary.
# Wrong lines:
#  - "typical output" of train_mem_gb: the printed code gives 0.14 + 0.8808 = 1.02 GB (10M), 0.42 + 1.4093 = 1.83 GB
#    (30M) and 1.75 + 1.4093 = 3.16 GB (125M); printed 0.95 / 1.41 / 2.51 (slip; 1.41 is the activation term alone).
#    Even with 12 bytes/param (the table) the totals are 1.00 / 1.77 / 2.91, not the printed ones.
#  - Llama-3-8B GQA-8 KV cache 2*32*8*128*4096*2 = 536,870,912 B = 536.9 MB (512 MiB); printed "≈ 535 MB" (slip).
# Ambiguous: the table total "12+2=14" bytes/param next to MB totals 84/120/1500 that are 12 bytes x N (14 x 7M
# would be 98 MB); "= 881,000,000 bytes" (880,803,840 rounded to 3 significant figures after "="); "840MB → 350MB"
# for a 1/sqrt(L) "level" (840/sqrt 6 = 343); "activation 4×" (no quantity stated); "10M 모델에서 30%" (2.56/9.93 = 26%,
# 2.048/6.77 = 30% for the 7M config); "10× 차이" for c from 1 to 12~20; "1/2~1/4"; "params 1/4" under fp16 -> int8.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "sizes"])
L = e.line


def mb(nbytes):
    return [("decimal MB", sp.sympify(nbytes) / 10**6), ("binary MiB", sp.sympify(nbytes) / 2**20)]


def gb(nbytes):
    return [("decimal GB", sp.sympify(nbytes) / 10**9), ("binary GiB", sp.sympify(nbytes) / 2**30)]


def params(V, Lr, D):
    return V * D + Lr * 12 * D**2 + D


e.ambiguous(L("activation 4× 무거움"), "4x heavier activation: the compared quantity is not stated (B*T*D*L gives 2.67x)")
e.ambiguous(L("1/2~1/4 로 줄이기"), "a range of savings from two techniques, no single computation")
e.claim(L("int4 양자화로 추론 메모리를 1/4"), "int4 vs fp16 = 4/16", ["1/4"], [R(4, 16)])

e.claim(L("8000 × 256 = **2.05 M**"), "embedding 8000 x 256 in millions", ["8000", "256", "2.05"],
        [8000, 256, R(8000 * 256, 10**6)])
e.claim(L("layer 하나의 attention = **4 × D²**"), "qkv 3D^2 + proj D^2", ["4"], [4])
e.claim(L("H = (8/3) × D ≈ 2.67 D"), "8/3", ["2.67"], [R(8, 3)])
e.claim(L("3 × D × H ≈ 8 × D²"), "3 x 8/3", ["8"], [3 * R(8, 3)])
e.claim(L("≈ **12 × D²**"), "4 + 8", ["12"], [4 + 8])

number_claim(e, L("8000 · 256       = 2,048,000"), "embed 8000*256", "2,048,000", 8000 * 256)
number_claim(e, L("6 · 12 · 256²    = 4,718,592"), "layers 6*12*256^2", "4,718,592", 6 * 12 * 256**2)
e.claim(L("norm:    256              = 256"), "final norm D", ["256"], [256])
ln = L("total                     ≈ 6.77 M")
e.claim(ln, "total (V=8000, L=6, D=256) in millions", ["6.77"], [R(params(8000, 6, 256), 10**6)])
e.claim(ln, "about 7M", ["7"], [R(params(8000, 6, 256), 10**6)], rounded_int=True)
number_claim(e, L("8000 · 320       = 2,560,000"), "embed 8000*320", "2,560,000", 8000 * 320)
number_claim(e, L("6 · 12 · 320²    = 7,372,800"), "layers 6*12*320^2", "7,372,800", 6 * 12 * 320**2)
ln = L("total                     ≈ 9.93 M")
e.claim(ln, "total (V=8000, L=6, D=320) in millions", ["9.93"], [R(params(8000, 6, 320), 10**6)])
e.claim(ln, "about 10M", ["10"], [R(params(8000, 6, 320), 10**6)], rounded_int=True)

for row, b in (("| params (bf16) |", 2), ("| grads (bf16) |", 2), ("| Adam m (fp32) |", 4), ("| Adam v (fp32) |", 4)):
    ln = L(row)
    e.given(ln, f"{b} bytes per parameter")
    e.claim(ln, f"{b} B x 7M / 10M / 125M in MB", [str(b * 7), str(b * 10), str(b * 125)], [b * 7, b * 10, b * 125])
e.ambiguous(L("**12+2=14**"), "the listed bytes/param sum to 2+2+4+4 = 12 and the MB totals 84/120/1500 are 12 x N, "
            "but the row prints 12+2=14 (14 x 7M would be 98 MB); which total is meant cannot be decided")

e.given(L("(B=32, T=512, D=320, L=6, c=14, fp16)"), "activation inputs")
act = 32 * 512 * 320 * 6 * 14 * 2
e.ambiguous(L("= 881,000,000 bytes"), "32*512*320*6*14*2 = 880,803,840 bytes: 881,000,000 is it rounded to three "
            "significant figures but printed after '='; ≈ 840 MB is 840.0 MiB")
e.ambiguous(L("(예: 840MB → 350MB)"), "1/sqrt(L) 'level': 840/sqrt(6) = 343 MB, printed 350 as a rough level")

number_claim(e, L("| params/grads/Adam | 120 MB"), "10M x 12 bytes (table)", "120", mb(10**7 * 12))
ln = L("| activation (B=32, T=512) | 840 MB")
number_claim(e, ln, "activation 880,803,840 B", "840", mb(act))
e.ambiguous(ln, "350 MB restates the rough checkpointing level (840/sqrt 6 = 343)")
ln = L("| **총** | **약 1 GB**")
number_claim(e, ln, "120 MB + 840 MB about 1 GB", "1", gb(10**7 * 12 + act))
number_claim(e, ln, "about 0.5 GB with checkpointing", "0.5", gb(10**7 * 12 + act / sp.sqrt(6)))


def train_mem_gb(N, B, T, D, Lr):
    return R(N) * 14 / 10**9 + R(B * T * D * Lr * 14 * 2, 10**9)


for needle, val in (("10M, B=32, T=512:  0.95 GB", train_mem_gb(10**7, 32, 512, 320, 6)),
                    ("30M, B=32, T=512:  1.41 GB", train_mem_gb(3 * 10**7, 32, 512, 384, 8)),
                    ("125M, B=8, T=1024: 2.51 GB", train_mem_gb(125 * 10**6, 8, 1024, 512, 12))):
    ln = L(needle)
    e.claim(ln, f"train_mem_gb output ({needle.split(':')[0]})", [needle.split()[-2]], [val])

number_claim(e, L("2 · 6 · 8 · 40 · 1024 · 2 = 7.86 MB"), "KV 2*6*8*40*1024*2 bytes", "7.86", mb(2 * 6 * 8 * 40 * 1024 * 2))
number_claim(e, L("≈ 535 MB  (GQA-8)"), "KV Llama-3-8B GQA-8 T=4096", "535", mb(2 * 32 * 8 * 128 * 4096 * 2))
number_claim(e, L("≈ 2.1 GB (MHA)"), "KV Llama-3-8B MHA T=4096", "2.1", gb(2 * 32 * 32 * 128 * 4096 * 2))

ln = L("embedding 만 16M")
number_claim(e, ln, "embedding 32K x 512 in millions", "16", [("32K = 32000", R(32000 * 512, 10**6)),
                                                               ("32K = 32768", R(32768 * 512, 10**6))])
e.ambiguous(ln, "'30%' for the 10M model: 2.56M/9.93M = 26% (30% holds for the 7M config, 2.048/6.77)")
e.ambiguous(L("10× 차이 난다"), "c = 1 versus 12~20 is a 12-20x gap; 10x is an order of magnitude")
e.claim(L("KV cache 도 8× 다"), "KV cache linear in batch", ["8"], [8])
ln = L("params 는 1/4, KV cache 도 1/2")
e.claim(ln, "KV int8 vs fp16", ["1/2"], [R(8, 16)])
e.ambiguous(ln, "params 1/4 would be int4, while the bracket names fp16 -> int8")
e.done()
