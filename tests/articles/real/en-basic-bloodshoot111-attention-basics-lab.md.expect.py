# Expected verdicts for en-basic-bloodshoot111-attention-basics-lab.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: decoder state d = [5, 1, 20]; annotations (columns) a1 = [3, 12, 45], a2 = [59, 2, 5], a3 = [1, 43, 5],
# a4 = [4, 3, 45.3]; unscaled dot-product scores, softmax over the four scores (the lab's own convention).
# - Scores d·a_j = [927, 397, 148, 929]; weights = [0.1192029220, 7.947151508e-232, 5.766144196e-340, 0.8807970780]
#   (float128 prints agree at their printed digits).
# - Weighted annotations (column j = w_j·a_j) and the context vector [3.880797078, 4.072826298, 45.26423912] agree.
# - Prose "0.119 and 0.880 respectively": 0.119 agrees, but the last weight 0.880797 rounds to 0.881 at three
#   decimals; 0.880 is the value truncated -> wrong (slip, truncated; the lab does not say it truncates).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "notebook", "course-lab", "numpy-array", "float128"])
d = sp.Matrix([[5, 1, 20]])
A = M([["3", "59", "1", "4"], ["12", "2", "43", "3"], ["45", "5", "5", "45.3"]])  # columns are annotations
scores = d * A
w = softmax_rows(scores)
applied = sp.Matrix(3, 4, lambda i, j: w[0, j] * A[i, j])
ctx = [sum(applied.row(i)) for i in range(3)]

e.given(e.line("dec_hidden_state = [5,1,20]"), "decoder hidden state")
e.given(e.line("annotation = [3,12,45] #e.g. Encoder hidden state"), "single annotation")
L = e.line("single_dot_attention_score(dec_hidden_state, annotation)")
e.claim(e.line("927", after=L), "score of the single annotation", ["927"], [scores[0, 0]])
e.given(e.line("annotations = np.transpose([[3,12,45], [59,2,5], [1,43,5], [4,3,45.3]])"), "annotation matrix")
e.claim(e.line("array([ 927.,  397.,  148.,  929.])"), "all scores", ["927", "397", "148", "929"], list(scores))
e.claim(e.line("array([ 0.11920292,  7.9471515e-232"), "softmax weights",
        ["0.11920292", "7.9471515e-232", "5.7661442e-340", "0.88079708"], list(w))
L = e.line("scored 927 and 929, and they end up with weights of 0.119 and 0.880")
e.claim(L, "scores of the first and last annotation", ["927", "929"], [scores[0, 0], scores[0, 3]])
e.claim(L, "weight of the first annotation", ["0.119"], [w[0, 0]])
e.claim(L, "weight of the last annotation (0.880797 -> 0.881; 0.880 is truncated)", ["0.880"], [w[0, 3]])
L = e.line("array([[ 0.35760877,  4.6888194e-230")
e.rows([L, L + 1, L + 2], "weighted annotations",
       [["0.35760877", "4.6888194e-230", "5.7661442e-340", "3.5231883"],
        ["1.4304351", "1.5894303e-231", "2.479442e-338", "2.6423912"],
        ["5.3641315", "3.9735758e-231", "2.8830721e-339", "39.900108"]], applied)
e.claim(e.line("array([ 3.8807971,  4.0728263,  45.264239], dtype=float128)"), "context vector",
        ["3.8807971", "4.0728263", "45.264239"], ctx)
e.done()
