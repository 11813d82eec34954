# Expected verdicts for en-window-wrinklefree-swa-scores.md, computed with plain SymPy (see oracle.py); not symattn's
# code.
# - Window listing: with "Window size = 256" the repository's own mask (start = i − 256 // 2, end = i + 256 // 2 + 1)
#   gives token 0 -> [0, 128], token 128 -> [0, 256], token 256 -> [128, 384], token 512 -> [384, 640].  The printed
#   spans [0..255], [0..383], [0..511], [256..767] follow a window of ±256 (512 positions); the last three cover 384 to
#   512 positions, which no window of 256 can: all four lines are wrong (slip).
# - 96k = 96,000 tokens (the reading under which both printed counts hold): 96,000² = 9.216e9 -> 9.2B ok; 96,000 · 256 =
#   24,576,000 -> 24.6M ok; the reduction is 96,000 / 256 = 375 exactly, printed 374 = 9.2B / 24.6M of the rounded
#   counts -> wrong (drift).
# - "sparsity ≈ 0.95 ... for 4k context" depends on the global/stride settings of the mask -> ambiguous.
# - Dilation 256 · 2 = 512 and 256 · 4 = 1024: ok.  Configurations and the speed-up table are the author's estimates
#   (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["sliding-window", "attention-mask", "memory"])
L = e.line

e.given(L("Token 0: attends to [0, 1, 2, ..., L-1]"), "full attention")
e.given(L("Token 1: attends to [0, 1, 2, ..., L-1]"), "full attention")
ws = L("Window size = 256")
e.given(ws, "window size 256")
w = 256


def span(i, n=10**9):
    return [max(0, i - w // 2), min(n - 1, i + w // 2)]


for i, printed in ((0, ["0", "255"]), (128, ["0", "383"]), (256, ["0", "511"]), (512, ["256", "767"])):
    lab = f"Token {i}:"
    e.claim(L(lab, 1, ws), f"first and last position seen by token {i} (window 256, centred as in create_window_mask)",
            printed, span(i))
n = 96000
ln = L("- Standard: O(L^2) - 96k tokens = 9.2B scores")
e.given(ln, "96k tokens")
e.claim(ln, "full scores in billions", "9.2", R(n * n, 10**9))
ln = L("- Window (w=256): O(L*w) - 96k tokens = 24.6M scores (374x reduction)")
e.given(ln, "w = 256, 96k tokens")
e.claim(ln, "window scores in millions", "24.6", R(n * w, 10**6))
e.claim(ln, "reduction factor", "374", R(n * n, n * w), cause="drift")
e.given(L("stride: int = 64,        # Global attention every N tokens"), "stride 64")
e.given(L("global_tokens: int = 1,  # CLS token"), "one global token")
e.given(L("config = get_window_attention_config(window_size=256)"), "window 256")
e.ambiguous(L("# sparsity ≈ 0.95 (95% of attention scores zeroed) for 4k context"),
            "the share of zeroed scores depends on the global-token and stride settings of the mask, which the "
            "snippet does not fix; the local window alone keeps 257 of 4096 columns (93.7 % zeroed)")
e.given(L("Layer 1: Window size 256, no dilation"), "window 256")
e.claim(L("Layer 2: Window size 256, dilation 2 (effective window 512)"), "effective window", "512", 256 * 2)
e.claim(L("Layer 3: Window size 256, dilation 4 (effective window 1024)"), "effective window", "1024", 256 * 4)
e.given(L('keep a few "sink" tokens (usually 4-8)'), "typical number of sinks; 24 layers")
for lab in ("window_size: int = 512", "num_sinks: int = 4", "global_stride: int = 128",
            "def get_layer_config(self, layer_idx: int, num_layers: int = 24):", "# First and last 2 layers",
            "if layer_idx < 2 or layer_idx >= num_layers - 2:", 'return "window" if layer_idx % 2 == 1 else "full"',
            '"num_steps": 1000,', '"context_length": 8192,', '"window_size": 512,', '"learning_rate": 1e-5,'):
    e.given(L(lab), "configuration value")
for lab in ("| Window only |", "| Window + sinks |", "| Prefill-only SWA |", "| Interleaved |", "| Full SWAA combo |",
            "| SWAA + finetune |"):
    e.given(L(lab), "estimated speed-up")
e.done()
