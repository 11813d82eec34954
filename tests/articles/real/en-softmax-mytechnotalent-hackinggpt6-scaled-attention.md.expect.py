# Expected verdicts for en-softmax-mytechnotalent-hackinggpt6-scaled-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Kevin Thomas's HackingGPT part 6 (a Karpathy-style notebook exported to Markdown), two excerpts with their printed
# outputs: (1) the causal mask and the row softmax of batch 0; (2) why scores are scaled by 1/sqrt(head_size),
# shown on small_values = [0.1, -0.2, 0.3, -0.2, 0.5] and the same vector times 8.
# Inputs: the masked raw score row wei[0, 3] printed at full float precision
#   [-0.10006709396839142, 0.8648553490638733, -0.033506155014038086, 1.0221478939056396, -inf x 4];
#   head_size = 16; the printed variance of the unscaled scores 12.4662 (random q, k: not reproducible);
#   small_values as above; large_values = 8 x small_values.
# Exact values:
#   softmax(wei[0, 3]) = [0.128782, 0.337999, 0.137646, 0.395573, 0...] -> printed [0.1288, 0.338, 0.1376, 0.3956] ok;
#   scale 16^-1/2 = 0.25; scaled variance 12.4662 / 16 = 0.77914 -> 0.7791 ok; 16 x 0.25^2 = 1;
#   var(small_values) (torch default, n - 1) = 0.38 / 4 = 0.095; max |x| = 0.5;
#   e^0.1 = 1.105171, e^-0.2 = 0.818731, e^0.3 = 1.349859, e^0.5 = 1.648721, sum 5.741213;
#   softmax = [0.192498, 0.142606, 0.235117, 0.142606, 0.287173]; max/min = e^0.7 = 2.0138;
#   large: var = 64 x 0.095 = 6.08; e^0.8 = 2.225541, e^-1.6 = 0.201897, e^2.4 = 11.023176, e^4 = 54.598150,
#   sum 68.250660; softmax = [0.032608, 0.002958, 0.161510, 0.002958, 0.799965]; max/min = e^5.6 = 270.43.
#   Every printed output agrees with these values.
# Wrong lines: the hard-coded remark "position 4 gets almost all probability (~0.96)": the notebook's own softmax
#   gives 0.79997 (printed "0.8" and "max probability: 0.8000") -> the print string in the code cell is the slip,
#   the same text in the printed output is carried from it.
# Ambiguous: the key and query variances 1.0392 / 0.9791 and the unscaled variance 12.4662 (outcomes of torch.randn,
#   not reproducible from the text).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["softmax", "mask", "complexity", "notebook-output", "plain-text"])
L = e.line

# --- causal mask and the row softmax ------------------------------------------------------------
e.given(L("print('   positions 1-7 are now -inf (cannot look at future)')"), "index range")
e.given(L("print('   positions 0-3 have real values, positions 4-7 are -inf')"), "index ranges")
e.claim(L("print('   because e^(-inf) = 0')"), "exp(-inf)", ["0"], [0])
e.given(L("   after masking:  wei[0, 0] = [-0.33323800563812256"), "masked raw score row 0 (random q, k)")
row3 = [R("-0.10006709396839142"), R("0.8648553490638733"), R("-0.033506155014038086"), R("1.0221478939056396")]
e.given(L("   wei[0, 3] = [-0.10006709396839142"), "masked raw score row 3 (random q, k), the softmax input")
e.given(L("   positions 1-7 are now -inf (cannot look at future)", nth=2), "index range")
e.given(L("   positions 0-3 have real values, positions 4-7 are -inf", nth=2), "index ranges")
e.claim(L("   because e^(-inf) = 0", nth=2), "exp(-inf)", ["0"], [0])

e.claim(L("print('   - e^(-inf) = 0 (masked positions become 0)')"), "exp(-inf)", ["0"], [0])
e.claim(L("print('   - all values in a row sum to 1')"), "row sum", ["1"], [1])
e.claim(L("print('   only position 0 is visible, so it gets weight 1.0')"), "single visible weight", ["1.0"], [1])
e.given(L("print('   positions 0-3 have non-zero weights that sum to 1')"), "index range and row sum")
e.claim(L("print('the weights are NOT uniform (like 0.25, 0.25, 0.25, 0.25)')"), "uniform weights over 4",
        ["0.25", "0.25", "0.25", "0.25"], [R(1, 4)] * 4)
e.claim(L("   - all values in a row sum to 1", nth=2), "row sum", ["1"], [1])
e.claim(L("   - e^(-inf) = 0 (masked positions become 0)", nth=2), "exp(-inf)", ["0"], [0])
e.claim(L("   wei[0, 0] = [1.0, 0.0, 0.0"), "softmax of row 0", ["1.0", "0.0"], [1, 0])
e.claim(L("   sum = 1.0000"), "row-0 sum", ["1.0000"], [1])
e.claim(L("   only position 0 is visible, so it gets weight 1.0", nth=2), "single visible weight", ["1.0"], [1])
den = sum(sp.exp(x) for x in row3)
w3 = [sp.exp(x) / den for x in row3]
e.claim(L("   wei[0, 3] = [0.1288, 0.338, 0.1376, 0.3956"), "softmax of the masked row 3",
        ["0.1288", "0.338", "0.1376", "0.3956"], w3)
e.claim(L("   sum = 1.0000", nth=2), "row-3 sum", ["1.0000"], [sum(w3)])
e.given(L("   positions 0-3 have non-zero weights that sum to 1", nth=2), "index range and row sum")
e.claim(L("the weights are NOT uniform (like 0.25, 0.25, 0.25, 0.25)", nth=2), "uniform weights over 4",
        ["0.25", "0.25", "0.25", "0.25"], [R(1, 4)] * 4)

# --- scaling ------------------------------------------------------------------------------------
e.given(L("- If head_size = 16, the dot product has variance"), "variance of a dot product = head size")
e.given(L("- If head_size = 64, the dot product has variance"), "variance of a dot product = head size")
e.given(L("- If head_size = 512, the dot product has variance"), "variance of a dot product = head size")
e.given(L("**The fix.** Dividing by sqrt(head_size)"), "variance back to about 1")
e.given(L("- variance of (Q @ K^T) / sqrt(head_size) ≈ 1"), "scaled variance about 1")
e.given(L("head size 16; the tensors are not reproduced here"), "head size 16")
e.given(L("print('we created random keys and queries with unit variance (~1)')"), "unit variance")
e.given(L("head_size = 16", nth=1, after=L("**Output:**", after=L("# understand the scaling problem"))), "head size 16")
e.given(L("we created random keys and queries with unit variance (~1)", nth=2), "unit variance")
e.ambiguous(L("   key variance:   1.0392 (should be ~1)"), "variance of torch.randn keys, not reproducible from the text")
e.ambiguous(L("   query variance: 0.9791 (should be ~1)"), "variance of torch.randn queries, not reproducible")
e.given(L("   expected variance after Q @ K^T: ~16"), "expected variance = head size")
e.given(L("print('the variance grew from ~1 to ~{head_size}!')"), "unit variance")
e.ambiguous(L("wei_unscaled variance: 12.4662"), "variance of q @ k^T for random q, k: not reproducible from the text")
e.given(L("expected variance: ~16"), "expected variance = head size")
var_un = R("12.4662")
e.claim(L("actual variance:   12.47"), "12.4662 at two decimals", ["12.47"], [var_un])
e.given(L("the variance grew from ~1 to ~{head_size}!", nth=2), "unit variance")
e.given(L("has variance equal to the length of the vectors (16)"), "head size 16")
e.given(L("scale_factor = head_size ** -0.5"), "scale factor definition")
e.given(L("print('the variance is back to ~1!')"), "about 1")
e.claim(L("scale factor = 1 / sqrt(head_size) = 1 / sqrt(16) = 0.2500"), "16^(-1/2)", ["16", "0.2500"],
        [16, 1 / sp.sqrt(16)])
e.claim(L("wei_scaled = (q @ k.transpose(-2, -1)) * 0.2500"), "scale factor", ["0.2500"], [R(1, 4)])
e.claim(L("wei_scaled variance: 0.7791"), "scaled variance = 12.4662 / 16", ["0.7791"], [var_un / 16])
e.given(L("the variance is back to ~1!", nth=2), "about 1")
e.given(L("   unscaled variance ≈ 16"), "unscaled variance about the head size")
e.claim(L("   multiplying by 0.2500 = 1/sqrt(16)"), "1/sqrt(16)", ["0.2500", "16"], [1 / sp.sqrt(16), 16])
e.claim(L("   divides variance by 16 (because Var(aX)"), "1 / 0.25^2", ["16"], [1 / R(1, 4) ** 2])
e.claim(L("   16 * (0.2500)² = 1.0000 ≈ 1"), "16 x 0.25^2", ["1.0000"], [16 * R(1, 4) ** 2])

small = [R("0.1"), R("-0.2"), R("0.3"), R("-0.2"), R("0.5")]
mean = sum(small) / 5
var_small = sum((x - mean) ** 2 for x in small) / 4      # torch.var default: unbiased (n - 1)
es = [sp.exp(x) for x in small]
ss = sum(es)
ps = [x / ss for x in es]
large = [8 * x for x in small]
el = [sp.exp(x) for x in large]
sl = sum(el)
pl = [x / sl for x in el]

e.given(L("small_values = torch.tensor([0.1, -0.2, 0.3, -0.2, 0.5])"), "the five scores")
e.given(L("print('these values have variance close to the expected ~1 from scaling')"), "about 1 (a qualitative remark)")
e.given(L("small_values = [0.10000000149011612"), "the scores as float32")
e.given(L("these values have variance close to the expected ~1 from scaling", nth=2), "about 1 (a qualitative remark)")
e.claim(L("   variance: 0.0950"), "var(small_values), n - 1", ["0.0950"], [var_small])
e.claim(L("   max absolute value: 0.5000"), "max |small_values|", ["0.5000"], [R("0.5")])
e.given(L("print(f'   e^0.1 = {exp_vals[0]:.4f}')"), "label")
e.given(L("print(f'   e^-0.2 = {exp_vals[1]:.4f}')"), "label")
e.given(L("print(f'   e^0.3 = {exp_vals[2]:.4f}')"), "label")
e.given(L("print(f'   e^-0.2 = {exp_vals[3]:.4f}')"), "label")
e.given(L("print(f'   e^0.5 = {exp_vals[4]:.4f}')"), "label")
e.given(L("input:   [0.10000000149011612"), "the scores restated")
e.claim(L("softmax: [0.1925, 0.1426, 0.2351, 0.1426, 0.2872]"), "softmax(small_values)",
        ["0.1925", "0.1426", "0.2351", "0.1426", "0.2872"], ps)
e.claim(L("   e^0.1 = 1.1052"), "e^0.1", ["1.1052"], [es[0]])
e.claim(L("   e^-0.2 = 0.8187"), "e^-0.2", ["0.8187"], [es[1]])
e.claim(L("   e^0.3 = 1.3499"), "e^0.3", ["1.3499"], [es[2]])
e.claim(L("   e^-0.2 = 0.8187", nth=2), "e^-0.2", ["0.8187"], [es[3]])
e.claim(L("   e^0.5 = 1.6487"), "e^0.5", ["1.6487"], [es[4]])
e.claim(L("   sum = 5.7412"), "sum of exponentials", ["5.7412"], [ss])
for i, (a, p) in enumerate([("1.1052", "0.1925"), ("0.8187", "0.1426"), ("1.3499", "0.2351"), ("0.8187", "0.1426"),
                            ("1.6487", "0.2872")]):
    e.claim(L(f"   position {i}: {a} / 5.7412 = {p}"), f"position {i}", [a, "5.7412", p], [es[i], ss, ps[i]])
e.claim(L("softmax: [0.1925, 0.1426, 0.2351, 0.1426, 0.2872]", nth=2), "softmax(small_values) restated",
        ["0.1925", "0.1426", "0.2351", "0.1426", "0.2872"], ps)
e.claim(L("   min probability: 0.1426"), "min", ["0.1426"], [min(ps, key=lambda x: sp.N(x))])
e.claim(L("   max probability: 0.2872"), "max", ["0.2872"], [ps[4]])
e.claim(L("   ratio max/min:   2.01x"), "max/min = e^0.7", ["2.01"], [ps[4] / ps[1]])

e.given(L("large_values = small_values * 8"), "factor 8")
e.claim(L("print('if head_size = 64, values could be 8x larger')"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.given(L("large_values = small_values * 8", nth=2), "factor 8 (print string)")
e.given(L("large_values = small_values * 8", nth=3), "factor 8")
e.claim(L("            = [0.800000011920929"), "8 x small_values (float32 print)",
        ["0.800000011920929", "-1.600000023841858", "2.4000000953674316", "-1.600000023841858", "4.0"], large)
e.claim(L("if head_size = 64, values could be 8x larger", nth=2), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.claim(L("   variance: 6.0800"), "var(large_values) = 64 x 0.095", ["6.0800"], [64 * var_small])
e.claim(L("   max absolute value: 4.0000"), "max |large_values|", ["4.0000"], [R(4)])
for lab in ("e^0.8", "e^-1.6", "e^2.4", "e^4.0"):
    e.given(L(f"print(f'   {lab} = "), "label")
e.given(L("print('notice how e^4.0 = {:.2f} dominates the sum!'"), "label")
e.claim(L("input:   [0.800000011920929"), "large values restated (float32 print)",
        ["0.800000011920929", "-1.600000023841858", "2.4000000953674316", "-1.600000023841858", "4.0"], large)
e.claim(L("softmax: [0.0326, 0.003, 0.1615, 0.003, 0.8]"), "softmax(large_values)",
        ["0.0326", "0.003", "0.1615", "0.003", "0.8"], pl)
e.claim(L("   e^0.8 = 2.2255"), "e^0.8", ["2.2255"], [el[0]])
e.claim(L("   e^-1.6 = 0.2019"), "e^-1.6", ["0.2019"], [el[1]])
e.claim(L("   e^2.4 = 11.0232"), "e^2.4", ["11.0232"], [el[2]])
e.claim(L("   e^-1.6 = 0.2019", nth=2), "e^-1.6", ["0.2019"], [el[3]])
e.claim(L("   e^4.0 = 54.5982"), "e^4", ["54.5982"], [el[4]])
e.claim(L("   sum = 68.2507"), "sum of exponentials", ["68.2507"], [sl])
e.claim(L("notice how e^4.0 = 54.60 dominates the sum!"), "e^4 at two decimals", ["54.60"], [el[4]])
e.claim(L("softmax: [0.0326, 0.003, 0.1615, 0.003, 0.8]", nth=2), "softmax(large_values) restated",
        ["0.0326", "0.003", "0.1615", "0.003", "0.8"], pl)
e.claim(L("   min probability: 0.002958"), "min", ["0.002958"], [pl[1]])
e.claim(L("   max probability: 0.8000"), "max", ["0.8000"], [pl[4]])
e.claim(L("   ratio max/min:   270x"), "max/min = e^5.6", ["270"], [pl[4] / pl[1]], rounded_int=True)
e.claim(L("print('   - position 4 gets almost all probability (~0.96)')"), "hard-coded share of position 4",
        ["0.96"], [pl[4]], cause="slip")
e.claim(L("   - position 4 gets almost all probability (~0.96)", nth=2), "printed share of position 4",
        ["0.96"], [pl[4]], cause="carried")
e.given(L("print('   - gradients only flow to position 4')"), "position index")
e.given(L("   - gradients only flow to position 4", nth=2), "position index")
e.done()
