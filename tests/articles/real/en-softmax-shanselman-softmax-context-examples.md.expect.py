# Expected verdicts for en-softmax-shanselman-softmax-context-examples.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English "extra context" page of an LLM interview study guide: softmax turns raw scores into probabilities,
# illustrated with several score vectors and their claimed softmax outputs (mostly business stories).
# Inputs (all stated by the article): [2.3, 1.8, 4.1, 0.9]; [3.0, 3.1]; [3.0, 5.0]; [1.2, 0.8, 2.1];
#   [2.8, 1.9, 2.1]; [4.2, 3.8, 4.1, 2.1, 3.9]; [1.2, 0.3, 2.8]; ratios e^2.0/e^1.9 and e^4.0/e^1.0.
# Exact values (softmax, plain e^x, no scaling):
#   softmax[2.3,1.8,4.1,0.9]      = [0.126538, 0.076749, 0.765509, 0.031204]
#   softmax[3.0,3.1]              = [0.475021, 0.524979]          (printed 0.475, 0.525: right)
#   softmax[3.0,5.0]              = [0.119203, 0.880797]          (printed 0.119, 0.881: right)
#   softmax[1.2,0.8,2.1]          = [0.242135, 0.162308, 0.595557]
#   softmax[2.8,1.9,2.1]          = [0.525443, 0.213629, 0.260927]
#   softmax[4.2,3.8,4.1,2.1,3.9]  = [0.290830, 0.194949, 0.263154, 0.035614, 0.215452]; top three sum 0.769437
#   softmax[1.2,0.3,2.8]          = [0.157243, 0.063930, 0.778827]
#   e^2.0/e^1.9 = e^0.1 = 1.10517 (printed 1.1x: right); e^4.0/e^1.0 = e^3 = 20.0855 (printed ~20x: right)
# Wrong lines:
#   "[0.15, 0.09, 0.72, 0.04]" -> right [0.13, 0.08, 0.77, 0.03]: slip (all four wrong)
#   "72% confidence in option 3" -> right 77%: carried (repeats the wrong 0.72)
#   "Probabilities: [0.25, 0.15, 0.60]" -> right [0.24, 0.16, 0.60]: slip (0.60 is right)
#   "Heart attack: 67%, Anxiety: 15%, Asthma: 18%" -> right 53%, 21%, 26%: slip
#   "Softmax: [35%, 18%, 32%, 2%, 13%]" -> right [29%, 19%, 26%, 4%, 22%]: slip
#   "Show top 3 products (85% total confidence)" -> 35+18+32 of the wrong row; the three largest exact
#     probabilities sum to 76.94% -> 77%: carried
#   "Hate speech: 18%, Spam: 7%, Safe: 75%" -> right 16%, 6%, 78%: slip
#   "Allow post (75% safe confidence)" -> right 78%: carried
# Ambiguous: the business outcome figures (60%/89% accuracy, 48% reduction, 23%/15% lifts, 45% fewer false
#   positives) are not derived from any stated input.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["softmax"])


def softmax(vals):
    xs = [R(v) for v in vals]
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]



# --- everyday analogy (inputs only) ----------------------------------------------------
e.given(e.line("dish A gets 8/10"), "illustrative ratings 8/10, 3/10, 9/10 and a 10-dish menu, 100%")
e.given(e.line("With 100 votes for A"), "illustrative vote counts 100, 80, 60")

# --- 1. confident decisions ----------------------------------------------------------------
e.given(e.line("AI outputs: [2.3, 1.8, 4.1, 0.9]"), "raw scores [2.3, 1.8, 4.1, 0.9]")
s1 = softmax(["2.3", "1.8", "4.1", "0.9"])
e.claim(e.line("AI outputs: [0.15, 0.09, 0.72, 0.04]"), "softmax of [2.3, 1.8, 4.1, 0.9]",
        ["0.15", "0.09", "0.72", "0.04"], s1, cause="slip")
e.claim(e.line("72% confidence in option 3"), "probability of option 3 as a percentage", ["72%"], [s1[2]],
        cause="carried")

# --- 2. differences -------------------------------------------------------------------------
s2 = softmax(["3.0", "3.1"])
L = e.line("**Small differences:** [3.0, 3.1]")
e.given(L, "scores [3.0, 3.1]")
e.claim(L, "softmax of [3.0, 3.1]", ["0.475", "0.525"], s2)
s3 = softmax(["3.0", "5.0"])
L = e.line("**Large differences:** [3.0, 5.0]")
e.given(L, "scores [3.0, 5.0]")
e.claim(L, "softmax of [3.0, 5.0]", ["0.119", "0.881"], s3)

# --- routing code block ---------------------------------------------------------------------
e.given(e.line("- Raw scores: [1.2, 0.8, 2.1] (unclear)"), "raw routing scores")
e.ambiguous(e.line("- Result: Random routing, 60% accuracy"), "business accuracy figure, not derived from the scores")
s4 = softmax(["1.2", "0.8", "2.1"])
e.claim(e.line("- Probabilities: [0.25, 0.15, 0.60] (clear)"), "softmax of [1.2, 0.8, 2.1]",
        ["0.25", "0.15", "0.60"], s4, cause="slip")
e.ambiguous(e.line("- Result: Confident routing, 89% accuracy"), "business accuracy figure, not derived from the scores")
e.ambiguous(e.line("- Business impact: 48% reduction"),
            "business figure; no stated input fixes it (48% is neither the drop in misrouting nor a stated result)")

# --- example 1: diagnosis ------------------------------------------------------------------
e.given(e.line("AI outputs: Heart attack: 2.8, Anxiety: 1.9, Asthma: 2.1"), "raw diagnosis scores")
s5 = softmax(["2.8", "1.9", "2.1"])
e.claim(e.line("AI outputs: Heart attack: 67%, Anxiety: 15%, Asthma: 18%"), "softmax of [2.8, 1.9, 2.1]",
        ["67%", "15%", "18%"], s5, cause="slip")

# --- example 2: recommendations --------------------------------------------------------------
e.given(e.line("Raw: [4.2, 3.8, 4.1, 2.1, 3.9]"), "raw product scores")
s6 = softmax(["4.2", "3.8", "4.1", "2.1", "3.9"])
e.claim(e.line("Softmax: [35%, 18%, 32%, 2%, 13%]"), "softmax of [4.2, 3.8, 4.1, 2.1, 3.9]",
        ["35%", "18%", "32%", "2%", "13%"], s6, cause="slip")
top3 = s6[0] + s6[2] + s6[4]  # the three largest exact probabilities
e.claim(e.line("Show top 3 products (85% total confidence)"), "total probability of the top three products",
        ["85%"], [top3], cause="carried")
e.ambiguous(e.line("23% increase in click-through rates"), "business figures, not derived from the scores")

# --- example 3: moderation -----------------------------------------------------------------
e.given(e.line("Raw scores: Hate speech: 1.2, Spam: 0.3, Safe: 2.8"), "raw moderation scores")
s7 = softmax(["1.2", "0.3", "2.8"])
e.claim(e.line("Softmax: Hate speech: 18%, Spam: 7%, Safe: 75%"), "softmax of [1.2, 0.3, 2.8]",
        ["18%", "7%", "75%"], s7, cause="slip")
e.claim(e.line("Automated decision: Allow post (75% safe confidence)"), "probability of 'Safe'", ["75%"], [s7[2]],
        cause="carried")
e.given(e.line("Only flag if harmful >90%"), "review threshold 90%")
e.ambiguous(e.line("45% fewer false positives"), "business figure, not derived from the scores")

# --- technical side --------------------------------------------------------------------------
L = e.line("e^2.0 / e^1.9")
e.given(L, "exponents 2.0 and 1.9")
e.claim(L, "e^2.0 / e^1.9", ["1.1"], [sp.exp(R("2.0")) / sp.exp(R("1.9"))])
L = e.line("e^4.0 / e^1.0")
e.given(L, "exponents 4.0 and 1.0")
e.claim(L, "e^4.0 / e^1.0 (printed as an approximate whole number)", ["20"],
        [sp.exp(R("4.0")) / sp.exp(R("1.0"))], rounded_int=True)
e.given(e.line("$e^{1000}$ causes numerical overflow"), "overflow example e^1000")
e.done()
