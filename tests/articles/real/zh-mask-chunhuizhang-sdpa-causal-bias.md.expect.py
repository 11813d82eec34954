# Expected verdicts for zh-mask-chunhuizhang-sdpa-causal-bias.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: query/key/value of shape (2, 4, 3, 2) (random, values never printed); GQA head counts N_q = 4, N_kv = 2;
# 8 query heads with 2 KV heads.
# - (L, S, d_k) = (3, 3, 2) from the shapes; 1/sqrt(2) = 0.70710678118654752 -> the float64 print agrees.
# - Causal mask rows [T F F], [T T F], [T T T] and bias rows [0, -inf, -inf], [0, 0, -inf], [0, 0, 0]: the 0 entries
#   are claimed (the -inf entries are the mask, as intended).
# - 8 / 2 = 4 query heads per KV group; N_q = 4 is a multiple of N_kv = 2; llama3 32/8 given.  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mask", "gqa", "torch-print", "notebook"])
e.given(e.line("- N_q = 4, N_kv = 2"), "GQA head counts")
e.given(e.line("- llama3: `N_q = 32, N_kv = 8`"), "llama3 head counts")
e.claim(e.line("每 4 个查询头共享同一组键/值头"), "query heads per KV head = 8/2", ["8", "2", "8", "2", "4"],
        [8, 2, 8, 2, R(8, 2)])
for k in range(2):
    e.given(e.line("query = torch.rand(2, 4, 3, 2", k + 1), "query shape")
e.given(e.line("key = torch.rand(2, 4, 3, 2"), "key shape")
e.given(e.line("value = torch.rand(2, 4, 3, 2"), "value shape")
e.claim(e.line("(3, 3, 2)"), "(L, S, d_k) from the shapes", ["3", "3", "2"], [3, 3, 2])
e.claim(e.line("0.7071067811865475"), "1/sqrt(2)", ["0.7071067811865475"], [1 / sp.sqrt(2)])
L = e.line("(tensor([[ True, False, False],")
e.given(L, "mask row 1")
e.given(L + 1, "mask row 2")
e.given(L + 2, "mask row 3")
L = e.line(" tensor([[0., -inf, -inf],")
e.claim(L, "bias row 1 (allowed entry)", ["0"], [0])
e.claim(L + 1, "bias row 2 (allowed entries)", ["0", "0"], [0, 0])
e.claim(L + 2, "bias row 3", ["0", "0", "0"], [0, 0, 0])
e.claim(e.line("开启 GQA 时，key 和 value 只有 2 个头，query 仍是 4 个"), "GQA heads", ["2", "4"], [2, 4])
e.given(e.line("key = torch.rand(2, 2, 3, 2"), "GQA key shape")
e.given(e.line("value = torch.rand(2, 2, 3, 2"), "GQA value shape")
e.done()
