# Expected verdicts for en-softmax-gokulrameshd-boltzmann-temperature-qvalues.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q-values (10, 8, 6, 4, 2); Boltzmann/softmax action probabilities softmax(Q / T) for T = 10.0 and T = 0.1.
# Exact: T = 10: softmax(1, 0.8, 0.6, 0.4, 0.2) = (0.286764, 0.234782, 0.192223, 0.157379, 0.128851);
#   T = 0.1: softmax(100, 80, 60, 40, 20) = (1 - 2.06e-9, 2.06115e-9, 4.2e-18, 8.8e-27, 1.8e-35).
# Wrong lines: "Probabilities: [0.22, 0.20, 0.19, 0.20, 0.19]" (exact 0.29, 0.23, 0.19, 0.16, 0.13 — the printed row is not
#   even decreasing; only the third entry agrees) -> slip; "Probabilities: [0.99, 0.01, 0.00, 0.00, 0.00]" (exact
#   1.00, 0.00, 0.00, 0.00, 0.00: 0.99 and 0.01 are wrong at 2 places) -> slip.
# The "way to picture it" block ([20%, ...], [40%, 25%, ...], [95%, 3%, ...]) gives no Q-values of its own: whether it
#   restates the [10, 8, 6, 4, 2] example cannot be decided -> ambiguous (if it did, all three rows would be wrong).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "plain-text", "code-block", "percentages", "markdown-table"])
q = M([["10", "8", "6", "4", "2"]])
p_hot = softmax_rows(q / 10)
p_cold = softmax_rows(q / R(1, 10))

e.given(e.line("### A high temperature (τ = 10.0)"), "T = 10.0")
L = e.line("Q-values: [10, 8, 6, 4, 2]")
e.given(L, "Q-values")
e.given(e.line("Temperature = 10.0", after=L), "T = 10.0")
e.claim(e.line("Probabilities: [0.22, 0.20, 0.19, 0.20, 0.19]"), "softmax(Q / 10)",
        ["0.22", "0.20", "0.19", "0.20", "0.19"], p_hot, cause="slip")
e.given(e.line("### A low temperature (τ = 0.1)"), "T = 0.1")
L2 = e.line("Q-values: [10, 8, 6, 4, 2]", nth=2)
e.given(L2, "Q-values")
e.given(e.line("Temperature = 0.1", after=L2), "T = 0.1")
e.claim(e.line("Probabilities: [0.99, 0.01, 0.00, 0.00, 0.00]"), "softmax(Q / 0.1)",
        ["0.99", "0.01", "0.00", "0.00", "0.00"], p_cold, cause="slip")
why = ("the picture gives no Q-values: whether these percentages restate the [10, 8, 6, 4, 2] example "
       "(then exact {}) or are only illustrative cannot be decided")
e.given(e.line("High Temperature (τ = 10.0):"), "T = 10.0")
e.ambiguous(e.line("→ Actions: [20%, 20%, 20%, 20%, 20%] (uniform)"),
            why.format("29%, 23%, 19%, 16%, 13%"))
e.given(e.line("Medium Temperature (τ = 1.0):"), "T = 1.0")
e.ambiguous(e.line("→ Actions: [40%, 25%, 20%, 10%, 5%] (moderate)"),
            why.format("86%, 12%, 2%, 0%, 0%"))
e.given(e.line("Low Temperature (τ = 0.1):"), "T = 0.1")
e.ambiguous(e.line("→ Actions: [95%, 3%, 1%, 0.5%, 0.5%] (sharp)"),
            why.format("100%, 0%, 0%, 0%, 0%"))
e.given(e.line("TEMPERATURE_INITIAL = 10.0"), "initial temperature")
e.given(e.line("TEMPERATURE_MIN = 0.1"), "minimum temperature")
e.given(e.line("TEMPERATURE_DECAY = 0.9995"), "decay factor")
e.done()
