# Expected verdicts for zh-mha-itmorn-swin-window-attention-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese lecture note (Zhihu course notes) that walks the official PyTorch Swin_T code and records the tensor shape
# at every step of window multi-head self-attention (W-MSA).
# Inputs: image 224 x 224, patch 4 x 4 with 3 channels, embed_dim C = 96, batch B = 32, window 7 x 7,
#   num_heads = 3 in the first stage, depths [2, 2, 6, 2], dim = embed_dim * 2 ** i_stage, Patch Merging halves the size.
# Exact values: 224 / 4 = 56; 4 * 4 * 3 = 48; 56 / 7 = 8 windows per side; 8 * 8 = 64 windows; 32 * 64 = 2048 window
#   sequences; 7 * 7 = 49 tokens; qkv width 3 * 96 = 288; head dim 96 / 3 = 32; stage dims C, 2C, 4C, 8C;
#   final map 224 / (4 * 2 * 2 * 2) = 7.
# Every printed shape follows from these inputs: the article has no wrong line and no ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mha", "window-attention", "shapes"])
I, P, CH, C, B, WS, NH = 224, 4, 3, 96, 32, 7, 3
S = sp.Integer(I) / P            # 56
NWS = S / WS                     # 8 windows per side
NW = NWS * NWS                   # 64
BW = B * NW                      # 2048
T = sp.Integer(WS * WS)          # 49
QKV = 3 * C                      # 288
HD = sp.Integer(C) / NH          # 32

L = e.line("输入图像 H=224，W=224")
e.given(L, "224 x 224 input, 4 stages")
e.claim(L, "final map side 224 / (4 * 2 * 2 * 2)", ["7", "7"], [sp.Integer(I) / (P * 8)] * 2)
e.given(e.line("x = x.permute(0, 3, 1, 2)"), "permute indices")
e.given(e.line("x = torch.flatten(x, 1)"), "flatten start dim")
e.given(e.line("nn.Conv2d("), "layer name")
e.given(e.line("3, embed_dim, kernel_size="), "3 input channels")
e.given(e.line("Permute([0, 2, 3, 1]),"), "permute indices")
e.given(e.line("这里 patch_size=[4, 4]"), "patch 4 x 4")
e.claim(e.line("于是图像被切成 56*56 个 4 * 4"), "patches per side 224 / 4", ["56", "56"], [S, S])
e.claim(e.line("所以输出为 56 *56 * 48"), "patch grid and flattened patch size", ["56", "56", "48"], [S, S, P * P * CH])
e.claim(e.line("其中 48 = 4(patch 的 H)"), "4 * 4 * 3", ["48"], [P * P * CH])
e.given(e.line("这里 embed_dim=96。"), "embed_dim 96")
e.given(e.line("把每个 4 *4 的 patch 映射成长度=96"), "patch 4, length 96, stride 4")
L = e.line("embed_dim=96=C，即每个 patch")
e.given(L, "B = 32, C = 96")
e.claim(L, "H = W = 56", ["56", "56"], [S, S])
e.given(e.line("重复次数依次为 2 2 6 2"), "depths")
e.given(e.line("dim = embed_dim * 2 ** i_stage"), "stage width rule")
e.given(e.line("其中 depths=[2, 2, 6, 2]"), "depths and C")
e.claim(e.line("各 stage 输出的维度依次是 C、2C、4C、8C"), "2 ** i_stage for stages 1..3", ["2", "4", "8"],
        [2, 4, 8])
e.given(e.line("shift_size=[0 if i_layer % 2 == 0 else w // 2"), "shift rule")
e.given(e.line("其中 window_size=[7, 7]"), "window 7 x 7")
e.given(e.line("i_layer 为偶数时 shift_size=[0,0]"), "shift sizes")
e.given(e.line("#数据依次为 32 56 56 96"), "input shape of the first block")
e.given(e.line("W-MSA 中 shift_size=[0,0]"), "no shift")
e.given(e.line("num_windows = (pad_H // window_size[0])"), "window count formula")
e.given(e.line("这里 pad_H = pad_W = 56；window_size = [7, 7]"), "padded size and window")
e.claim(e.line("num_windows = 8 * 8 = 64"), "windows", ["64", "8", "8", "64"], [NW, NWS, NWS, NW])
e.given(e.line("接着对 x（形状为 (32,56,56,96)）执行"), "x shape")
e.given(e.line("x = x.view(B, pad_H // window_size[0], window_size[0], pad_W"), "view indices")
e.given(e.line("x = x.permute(0, 1, 3, 2, 4, 5).reshape(B * num_windows"), "permute indices")
e.claim(e.line("- 第 1 行把 x 变成 (32,8,7,8,7,96)"), "56 / 7 windows per side", ["8", "8"], [NWS, NWS])
e.claim(e.line("- 第 2 行先 permute 成 (32,8,8,7,7,96)"), "B * nW and Ws * Ws",
        ["8", "8", "2048", "49"], [NWS, NWS, BW, T])
e.claim(e.line("可以把 2048 看成 BERT 里的 batch size"), "2048 sequences of 49 tokens", ["2048", "49", "49"], [BW, T, T])
e.given(e.line("3, num_heads, C // num_heads).permute(2, 0, 3, 1, 4)"), "reshape indices")
e.given(e.line("q, k, v = qkv[0], qkv[1], qkv[2]"), "indices")
e.given(e.line("q = q * (C // num_heads) ** -0.5"), "scaling exponent")
e.given(e.line("attn = q.matmul(k.transpose(-2, -1))"), "transpose axes")
e.claim(e.line("qkv 的形状是 (2048,49,288)"), "qkv shape", ["2048", "49", "288"], [BW, T, QKV])
e.claim(e.line("得到 (2048,49,3,3,32)"), "reshaped qkv", ["2048", "49", "32"], [BW, T, HD])
e.given(e.line("第一个 3 对应 q、k、v 三份；num_heads=3"), "3 parts, 3 heads")
e.given(e.line("第 3 行：q, k, v = qkv[0]"), "indices")
e.claim(e.line("q、k、v 的形状都是 (2048,3,49,32)"), "q/k/v shape", ["2048", "49", "32"], [BW, T, HD])
e.given(e.line("第 4 行对 query 做缩放"), "line number")
e.claim(e.line("attn 的形状为 (2048,3,49,49)"), "score shape", ["2048", "49", "49", "49", "49"], [BW, T, T, T, T])
e.claim(e.line("relative_position_bias 的形状是 (1,3,49,49)"), "bias shape", ["49", "49"], [T, T])
e.given(e.line("attn = F.softmax(attn, dim=-1)"), "softmax axis")
e.given(e.line("x = attn.matmul(v).transpose(1, 2)"), "transpose indices")
e.claim(e.line("到这里，x 的形状为 (2048,49,96)"), "attention output shape", ["2048", "49"], [BW, T])
e.given(e.line("x = x.view(B, pad_H // window_size[0], pad_W // window_size[1], window_size[0]"), "view indices")
e.given(e.line("x = x.permute(0, 1, 3, 2, 4, 5).reshape(B, pad_H, pad_W, C)"), "permute indices")
e.claim(e.line("输出形状恢复为 (32,56,56,96)"), "map restored", ["56", "56"], [S, S])
L = e.line("W-MSA 就是在 Linear Embedding 之后的")
e.given(L, "B = 32, C = 96, window 7, stride 7")
e.claim(L, "H = W = 56", ["56", "56"], [S, S])
e.claim(e.line("64 * batchsize32 = 2048"), "windows and sequences", ["64", "2048"], [NW, BW])
e.claim(e.line("每个句子有 49 个 token"), "tokens per window", ["49"], [T])
e.given(e.line("W-MSA 只在 7 * 7 的窗口内部"), "window 7 x 7")
e.given(e.line("尺寸/2"), "patch merging halves the size")
e.done()
