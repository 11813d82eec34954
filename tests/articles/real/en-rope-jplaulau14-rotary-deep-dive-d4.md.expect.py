# Expected verdicts for en-rope-jplaulau14-rotary-deep-dive-d4.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English deep dive on rotary position embeddings with a hand-worked example, a frequency-spectrum diagram
# (mermaid), a rotate_half trace and an inference-cost estimate.
# Inputs: theta_i = 10000^(-2i/d); worked example d = 4, m = 2, q = [1, 2, 3, 4], k = [5, 6, 7, 8] at position 0;
#   spectrum for d = 128; cost for d_model = 4096 (RoPE ~ 6 d_model, Q/K projection 2 d_model^2 FLOPs per token).
# Exact values: theta = (1, 1/100); angles 2, 1/50; cos 2 = -0.416147, sin 2 = 0.909297, cos 0.02 = 0.999800,
#   sin 0.02 = 0.0199987;
#   q' = [cos2 - 2 sin2, sin2 + 2 cos2, 3 cos.02 - 4 sin.02, 3 sin.02 + 4 cos.02]
#      = [-2.234742, 0.0770038, 2.919405, 4.059196]  ->  [-2.2347, 0.0770, 2.9194, 4.0592];
#   squares 4.994070, 0.005930, 8.522928, 16.477072 (sum exactly 30);
#   q'.k terms -11.173708, 0.462023, 20.435837, 32.473568, sum 42.197720 -> 42.198;
#   theta_63 (d = 128) = 10000^(-126/128) = 0.00011548, wavelength 2 pi / theta_63 = 54410.1;
#   6 * 4096 = 24,576 FLOPs; 2 * 4096^2 = 33,554,432 FLOPs; ratio 1365.3.
# Wrong lines:
#   - "Result: q' = [-2.2347, 0.0771, ...]": q'_1 = 0.0770 end to end; 0.0771 = 0.9093 - 2(0.4161) from the rounded
#     cos/sin (drift).  The step line "= 1 (0.9093) + 2 (-0.4161) = 0.0771" itself is explicit arithmetic on rounded
#     operands, right as written: ambiguous.
#   - norm line: "16.4773" for (4.0592)^2 = 16.4771 (exact q'_3^2 = 16.4771): slip.  (4.9939 is (-2.2347)^2 as written
#     but q'_0^2 = 4.9941 end to end: ambiguous element; 30.0000 agrees.)
#   - dot-product line: the final 42.199 (exact 42.197720 -> 42.198) follows from the rounded 0.0771 (drift); the
#     intermediate 0.463 is right as written (0.0771 x 6 = 0.4626) but 0.462 end to end (ambiguous element).
#   - "the dot product stays exactly 42.199": carried.
#   - spectrum node "Pair 63: theta ~ 0.0001, Wavelength ~ 62,832": 2 pi / 0.0001 = 62,832 uses the rounded theta;
#     the exact wavelength is 54,410 (drift).  theta ~ 0.0001 itself agrees at 4 places.
#   - cost line: "~33M" for 2 x 4096^2 = 33,554,432 = 33.55 M (34 M at the printed precision; 32 Mi in binary):
#     truncated, wrong under either reading (slip).  "~24K" is 24,576: exact in binary K (24 x 1024) but 25 K in decimal
#     units, so undecidable (ambiguous element); "over 1000x" is a true bound (1365x), not a value (ambiguous element).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["rope", "mermaid", "latex-display", "complexity"])

th0, th1 = sp.Integer(10000) ** R(0, 4), sp.Integer(10000) ** R(-2, 4)
a0, a1 = 2 * th0, 2 * th1
c0, s0, c1, s1 = sp.cos(a0), sp.sin(a0), sp.cos(a1), sp.sin(a1)
q = [1, 2, 3, 4]
k = [5, 6, 7, 8]
qr = [q[0] * c0 - q[1] * s0, q[0] * s0 + q[1] * c0, q[2] * c1 - q[3] * s1, q[2] * s1 + q[3] * c1]
terms = [a * b for a, b in zip(qr, k)]
dot = sum(terms)

# --- set-up ------------------------------------------------------------------------------------
e.given(e.line("\\begin{bmatrix} x'_0 \\\\ x'_1 \\end{bmatrix} = "), "2-D rotation (index subscripts)")
e.given(e.line("cut into $d/2$ pairs"), "d/2 pairs")
e.given(e.line("$$\\theta_i = \\Theta^{-2i/d} = \\frac{1}{\\Theta^{2i/d}}$$"), "frequency formula")
e.given(e.line("The base is $\\Theta = 10000$"), "bases 10000 and 500000")

# --- worked example ------------------------------------------------------------------------------
e.given(e.line("## Worked Example: $d = 4$, Position $m = 2$"), "d = 4, m = 2")
e.given(e.line("### Step 1: Compute Frequencies"), "step number")
e.given(e.line("With $d = 4$ and $\\Theta = 10000$:"), "d, base")
e.claim(e.line("$$\\theta_0 = 10000^{-0/4} = 1.0$$"), "theta_0", ["1.0"], [th0])
e.claim(e.line("$$\\theta_1 = 10000^{-2/4} = 10000^{-0.5} = 0.01$$"), "theta_1", ["-0.5", "0.01"], [R(-2, 4), th1])
e.claim(e.line("So pair 0 turns quickly"), "angle per position", ["1.0", "0.01"], [th0, th1])
e.given(e.line("### Step 2: Compute Angles at Position 2"), "position 2")
e.claim(e.line("$$\\text{angle}_0 = m \\cdot \\theta_0 = 2 \\times 1.0 = 2.0$$"), "angle_0", ["1.0", "2.0"], [th0, a0])
e.claim(e.line("$$\\text{angle}_1 = m \\cdot \\theta_1 = 2 \\times 0.01 = 0.02$$"), "angle_1", ["0.01", "0.02"], [th1, a1])
e.given(e.line("### Step 3: Compute Cos and Sin"), "step number")
e.claim(e.line("$$\\cos(2.0) \\approx -0.4161, \\quad \\sin(2.0) \\approx 0.9093$$"), "cos 2, sin 2",
        ["-0.4161", "0.9093"], [c0, s0])
e.claim(e.line("$$\\cos(0.02) \\approx 0.9998, \\quad \\sin(0.02) \\approx 0.02000$$"), "cos 0.02, sin 0.02",
        ["0.9998", "0.02000"], [c1, s1])
e.given(e.line("### Step 4: Apply Rotation to $q = [1, 2, 3, 4]$"), "q")
e.given(e.line("**Pair 0** ($q_0 = 1$, $q_1 = 2$, angle $= 2.0$):"), "pair 0 of q")
e.claim(e.line("$$q'_0 = 1 \\cdot \\cos(2.0)"), "q'_0 with restated cos/sin", ["-0.4161", "0.9093", "-2.2347"],
        [c0, s0, qr[0]])
e.ambiguous(e.line("$$q'_1 = 1 \\cdot \\sin(2.0)"),
            "0.9093 + 2(-0.4161) = 0.0771 is right as written on the rounded operands, but q'_1 = sin 2 + 2 cos 2 = "
            "0.0770 end to end (explicit arithmetic on rounded operands)")
e.given(e.line("**Pair 1** ($q_2 = 3$, $q_3 = 4$, angle $= 0.02$):"), "pair 1 of q")
e.claim(e.line("$$q'_2 = 3 \\cdot \\cos(0.02)"), "q'_2", ["0.9998", "0.02000", "2.9194"], [c1, s1, qr[2]])
e.claim(e.line("$$q'_3 = 3 \\cdot \\sin(0.02)"), "q'_3", ["0.02000", "0.9998", "4.0592"], [s1, c1, qr[3]])
L = e.line("**Result:** $q' = [-2.2347, 0.0771, 2.9194, 4.0592]$")
e.claim(L, "q'_0, q'_2, q'_3", ["-2.2347", "2.9194", "4.0592"], [qr[0], qr[2], qr[3]])
e.claim(L, "q'_1 (from the rounded cos/sin)", ["0.0771"], [qr[1]], cause="drift")
e.given(e.line("### Step 5: Verify Norm Preservation"), "step number")
e.claim(e.line("$$\\|q\\|^2 = 1^2 + 2^2 + 3^2 + 4^2 = 30$$"), "|q|^2", ["30"], [sum(x * x for x in q)])
L = e.line("$$\\|q'\\|^2 = (-2.2347)^2")
e.ambiguous(L, "4.9939 is (-2.2347)^2 as written, but q'_0^2 = 4.9941 end to end (rounded operand)")
e.claim(L, "(0.0771)^2 and (2.9194)^2", ["0.0059", "8.5229"], [qr[1] ** 2, qr[2] ** 2])
e.claim(L, "(4.0592)^2", ["16.4773"], [qr[3] ** 2])
e.claim(L, "|q'|^2", ["30.0000"], [sum(x ** 2 for x in qr)])
e.given(e.line("### Step 6: Verify the Relative Position Property"), "step number")
e.given(e.line("Now take $q = [1, 2, 3, 4]$ and $k = [5, 6, 7, 8]$"), "q, k and their positions")
e.claim(e.line("At position 0 the key is untouched"), "cos 0, sin 0 and k'", ["1", "0", "5", "6", "7", "8"],
        [sp.cos(0), sp.sin(0)] + k)
L = e.line("Dot product: $q' \\cdot k' = (-2.2347)(5)")
e.claim(L, "terms 1, 3, 4", ["-11.174", "20.436", "32.474"], [terms[0], terms[2], terms[3]])
e.ambiguous(L, "0.463 is 0.0771 x 6 = 0.4626 as written, but q'_1 k_1 = 0.462 end to end (rounded operand)")
e.claim(L, "q'.k (the chain's result)", ["42.199"], [dot], cause="drift")
L = e.line("Move both tokens 100 places on")
e.claim(L, "shifted positions and distance", ["100", "102", "100", "2"], [100, 2 + 100, 0 + 100, 102 - 100])
e.claim(L, "dot product restated", ["42.199"], [dot], cause="carried")
e.given(e.line("tolerance of $< 10^{-10}$"), "test tolerance")
e.given(e.line("    pairs = [(5, 3), (105, 103), (505, 503), (1005, 1003)]"), "test positions")
e.claim(e.line("# All have relative position 2"), "relative positions", ["2"], [5 - 3])

# --- diagrams --------------------------------------------------------------------------------------
e.given(e.line('V["Head dimension d = 8:'), "d = 8 (index subscripts)")
for i, (a, b) in enumerate(((0, 1), (2, 3), (4, 5), (6, 7))):
    e.given(e.line(f'V --> P{i}["Pair {i}:'), f"pair {i} = dims {a}, {b}")
e.given(e.line('subgraph "Frequency Spectrum (base=10000, d=128)"'), "base and d = 128")
D = 128
for i, th_p, wl_p in ((0, "1.0", "6.3"), (16, "0.1", "63"), (32, "0.01", "628")):
    th = sp.Integer(10000) ** R(-2 * i, D)
    L = e.line(f'D{i}["Pair {i}: θ = {th_p}')
    e.claim(L, f"pair {i}: index, theta", [str(i), th_p], [i, th])
    e.claim(L, f"pair {i}: wavelength", [wl_p], [2 * sp.pi / th], rounded_int=(wl_p != "6.3"))
th48 = sp.Integer(10000) ** R(-96, D)
L = e.line('D48["Pair 48: θ = 0.001')
e.claim(L, "pair 48: index, theta", ["48", "0.001"], [48, th48])
number_claim(e, L, "pair 48: wavelength", "6,283", 2 * sp.pi / th48)
th63 = sp.Integer(10000) ** R(-126, D)
L = e.line('D63["Pair 63: θ ≈ 0.0001')
e.claim(L, "pair 63: index, theta", ["63", "0.0001"], [D // 2 - 1, th63])
number_claim(e, L, "pair 63: wavelength 2 pi / theta_63", "62,832", 2 * sp.pi / th63, cause="drift")
e.given(e.line("D0 --> D16 --> D32 --> D48 --> D63"), "node names")

# --- rotate_half -----------------------------------------------------------------------------------
e.given(e.line("each pair and negates its first element. For $x = [1, 2, 3, 4]$ ($d = 4$):"), "x, d = 4")
e.claim(e.line("1. `x.reshape(..., 2, 2)` groups into pairs"), "pairs", ["2", "2", "1", "2", "3", "4"],
        [2, 2, 1, 2, 3, 4])
e.given(e.line("2. `np.stack([-x[..., 1], x[..., 0]], axis=-1)`:"), "code indices")
e.claim(e.line("   - For pair 0: $[-2, 1]$"), "pair 0 after rotate_half", ["0", "-2", "1"], [0, -2, 1])
e.claim(e.line("   - For pair 1: $[-4, 3]$"), "pair 1 after rotate_half", ["1", "-4", "3"], [1, -4, 3])
e.claim(e.line("   - Result: $[[-2, 1], [-4, 3]]$"), "stacked", ["-2", "1", "-4", "3"], [-2, 1, -4, 3])
e.claim(e.line("3. `reshape(..., 4)`: Flatten back to $[-2, 1, -4, 3]$"), "flattened", ["4", "-2", "1", "-4", "3"],
        [4, -2, 1, -4, 3])

# --- context table and cost ------------------------------------------------------------------------
e.given(e.line("| LLaMA 1/2 | 10,000 | 4,096 |"), "LLaMA 1/2 base and context")
e.given(e.line("| LLaMA 3 | 500,000 | 8,192+ |"), "LLaMA 3 base and context")
e.given(e.line("| RoPE application | $\\sim 6 \\cdot d_{model}$"), "6 d_model")
e.given(e.line("| Q/K projection | $2 \\cdot d_{model}^2$"), "2 d_model^2")
L = e.line("For $d_{model} = 4096$, RoPE costs $\\sim 24K$ FLOPs per token")
e.ambiguous(L, "~24K for 6 x 4096 = 24,576: exactly 24 K with K = 1024, but 25 K at the printed precision with K = "
               "1000; the unit reading is undecidable")
e.claim(L, "Q/K projection FLOPs in millions (~33M)", ["33"], [R(2 * 4096 ** 2, 10 ** 6)], rounded_int=True)
e.ambiguous(L, "'over 1000x' is a lower bound (the ratio is 1365x), not a printed value")
e.done()
