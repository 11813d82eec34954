# Expected verdicts for en-mask-samyamoyrakshit-padding-causal-mask-utils.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Notes on the padding and causal masks of a from-scratch Transformer (1 = attend, 0 = block): src token IDs
#   [[14, 87, 3, 0, 0]] with pad_idx = 0 give the padding mask [1, 1, 1, 0, 0] of shape (1, 1, 1, 5); tril(ones(4, 4))
#   gives the causal mask; tgt = [[14, 87, 3, 0]] gives padding [1, 1, 1, 0] and padding & causal =
#   [[1,0,0,0],[1,1,0,0],[1,1,1,0],[1,1,1,0]] (column 3 all zero).  All of that, the element-wise AND table and the
#   shape bookkeeping are right.
# The one computed softmax: scores [0.5, 0.3, 0.8, 0.2, 0.1] masked to [0.5, 0.3, 0.8, -inf, -inf]; softmax =
#   e^0.5, e^0.3, e^0.8 over their sum 5.2241 = [0.3156, 0.2584, 0.4260, 0, 0].  Printed
#   "weights = [[[[0.27, 0.23, 0.50, 0.0, 0.0]]]]": the three unmasked weights are wrong (slip); the zeros are right.
# Inputs, code constants, line numbers of the author's code, list ordinals, token and row/column labels are given.
# No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mask", "padding", "causal", "softmax", "shapes"])


def find(needle, nth=1, after=0):
    return e.line(needle, nth, after)


src = [14, 87, 3, 0, 0]
pad = [1 if t != 0 else 0 for t in src]                    # [1, 1, 1, 0, 0]
C4 = [[1 if j <= i else 0 for j in range(4)] for i in range(4)]
tgt = [14, 87, 3, 0]
padt = [1 if t != 0 else 0 for t in tgt]                   # [1, 1, 1, 0]
comb = [[C4[i][j] & padt[j] for j in range(4)] for i in range(4)]

# --- prose with ordinals / labels
e.given(find("1. **Padding**"), "list ordinal")
e.given(find("2. **Causality**"), "list ordinal; positions 0 to t named")
L = find("1 = attend (keep this position)")
e.given(L, "convention 1 = attend")
e.given(L + 1, "convention 0 = ignore")
e.given(find("It is dictated by line 89 of"), "source line number")
e.given(find("scores = scores.masked_fill(mask == 0, float('-inf'))"), "code")
e.given(find("So a `mask == 0` entry is blocked"), "convention restated (0)")
for needle in ("| `src_mask` |", "| `tgt_mask` |", "| `memory_mask` |"):
    e.claim(find(needle), "mask shape with singleton axes", ["1"], [1])

# --- padding mask
e.given(find("Example input: `\"I love AI <pad> <pad>\"`, with `pad_idx = 0`"), "pad_idx = 0")
e.claim(find("src = [[14, 87, 3, 0, 0]]   # shape: (1, 5)"), "src IDs and shape", ["14", "87", "3", "0", "1", "5"],
        src[:4] + [1, 5])
e.given(find("the 512-dim embedding values play no role"), "d_model = 512 named")
e.given(find("    return (seq != pad_idx).unsqueeze(1).unsqueeze(2)"), "code")
e.claim(find("    # shape: (batch_size, 1, 1, seq_len)"), "padding-mask shape", ["1"], [1])
e.claim(find("seq = [[14, 87, 3, 0, 0]]              # (1, 5)"), "seq and shape", ["14", "87", "3", "0", "1", "5"],
        src[:4] + [1, 5])
e.claim(find("→ [[True, True, True, False, False]]    # (1, 5)"), "shape", ["1", "5"], [1, 5])
e.given(find(".unsqueeze(1)", 1, find("One step at a time:")), "code")
e.claim(find("→ [[[True, True, True, False, False]]]  # (1, 1, 5)"), "shape", ["1", "1", "5"], [1, 1, 5])
e.given(find(".unsqueeze(2)", 1, find("One step at a time:")), "code")
e.claim(find("→ [[[[True, True, True, False, False]]]]  # (1, 1, 1, 5)"), "shape", ["1", "1", "1", "5"], [1, 1, 1, 5])
e.claim(find("mask = [[[[1, 1, 1, 0, 0]]]]   # shape: (1, 1, 1, 5)"), "padding mask as integers",
        ["1", "1", "1", "0", "0", "1", "1", "1", "5"], pad + [1, 1, 1, 5])
e.given(find("- `dim=1` → every head (unsqueeze(1))"), "axis index")
e.given(find("- `dim=2` → every query position (unsqueeze(2))"), "axis index")
e.claim(find("which is how `(batch, 1, 1, seq_len)` broadcasts"), "singleton axes", ["1"], [1])

# --- causal mask
e.given(find("    return torch.tril(torch.ones(size, size)).unsqueeze(0).unsqueeze(0)"), "code")
e.claim(find("    # shape: (1, 1, size, size)"), "causal-mask shape", ["1"], [1])
e.given(find("Traced for size = 4:"), "size = 4")
e.claim(find("**1. `torch.ones(4, 4)`**"), "ones(size, size)", ["4"], [4])
L = find("[[1, 1, 1, 1],")
for i in range(4):
    e.claim(L + i, f"ones row {i}", ["1"], [1])
e.given(find("**2. `torch.tril(...)`**"), "step ordinal")
L = find("[[1, 0, 0, 0],")
for i in range(4):
    e.claim(L + i, f"tril row {i}", [str(v) for v in C4[i]], C4[i])
e.claim(find("Row by row: token 0 sees only itself"), "visible ranges", ["0", "1", "0", "1", "2", "0", "2"],
        [0, 1, 0, 1, 2, 0, 2])
e.claim(find("**3. `.unsqueeze(0).unsqueeze(0)`**"), "unsqueeze axes", ["3", "0", "0"], [3, 0, 0])
e.claim(find("(4, 4) → (1, 4, 4) → (1, 1, 4, 4)"), "shapes", ["4", "1", "4", "1", "1", "4"], [4, 1, 4, 1, 1, 4])
e.claim(find("Those leading `(1, 1, ...)` axes"), "singleton axes", ["1"], [1])
L = find('"I"     [  1      0       0       0  ]')
for i in range(4):
    e.claim(L + i, f"causal picture row {i}", [str(v) for v in C4[i]], C4[i])
e.given(find("the tokens at positions `0` to `t-1`"), "positions named")
L = find("Position 0 → generated first")
e.given(L, "position 0")
e.claim(L + 1, "position 1 sees 0", ["1", "0"], [1, 0])
e.claim(L + 2, "position 2 sees 0, 1", ["2", "0", "1"], [2, 0, 1])
e.given(find("If position 2 were allowed to see position 3"), "positions named")

# --- src / tgt masks
e.claim(find("    # shape: (batch_size, 1, 1, src_seq_len)"), "src-mask shape", ["1"], [1])
e.given(find("    causal_mask = create_causal_mask(tgt.size(1)).to(tgt.device)"), "code")
e.claim(find("    # shape: (batch_size, 1, tgt_seq_len, tgt_seq_len)"), "tgt-mask shape", ["1"], [1])
e.given(find("**What does `tgt.size(1)` return?**"), "code")
e.given(find("It is the size of dimension 1, i.e. the `seq_len`:"), "dimension index")
e.given(find("tgt = [[14, 87, 3, 0]]"), "tgt IDs")
e.given(find("#       ↑ dim=0 (batch)"), "axis index")
e.given(find("#           ↑ dim=1 (seq_len)"), "axis index")
e.claim(find("tgt.size(0)  →  1       # batch_size"), "batch size", ["0", "1"], [0, 1])
e.claim(find("tgt.size(1)  →  4       # seq_len"), "seq_len", ["1", "4"], [1, len(tgt)])
e.claim(find("`create_causal_mask(4)` yields a `(4, 4)`"), "causal size", ["1", "4", "4", "4"], [1, 4, 4, 4])
e.claim(find("**Example:** `tgt = [[14, 87, 3, 0]]` (4 tokens, the last one padding)"), "tgt and its length",
        ["14", "87", "3", "0", "4"], tgt + [len(tgt)])
e.claim(find("**Padding mask** — shape `(1, 1, 1, 4)`:"), "shape", ["1", "1", "1", "4"], [1, 1, 1, 4])
e.claim(find("[[[[1, 1, 1, 0]]]]"), "tgt padding mask", [str(v) for v in padt], padt)
e.claim(find("**Causal mask** — shape `(1, 1, 4, 4)`:"), "shape", ["1", "1", "4", "4"], [1, 1, 4, 4])
L = find("[[[[1, 0, 0, 0],")
for i in range(4):
    e.claim(L + i, f"causal row {i}", [str(v) for v in C4[i]], C4[i])
e.claim(find("**`padding_mask & causal_mask`** — broadcasting `(1,1,1,4)` & `(1,1,4,4)` → `(1,1,4,4)`:"),
        "broadcast shapes", ["1", "1", "1", "4", "1", "1", "4", "4"], [1, 1, 1, 4, 1, 1, 4, 4])
e.given(find("so a slot ends up `1` (attend)"), "convention restated")
for needle, a, b in (("1 & 1 = 1", 1, 1), ("1 & 0 = 0", 1, 0), ("0 & 1 = 0", 0, 1), ("0 & 0 = 0", 0, 0)):
    e.claim(find(needle), "AND table", [str(a), str(b), str(a & b)], [a, b, a & b])
e.given(find("     col0  col1  col2  col3(pad)"), "column labels")
L = find("row0 [ 1&1,  0&1,  0&1,  0&0 ]")
for i in range(4):
    pr = []
    ex = []
    for j in range(4):
        pr += [str(C4[i][j]), str(padt[j])]
        ex += [C4[i][j], padt[j]]
    pr += [str(v) for v in comb[i]]
    ex += comb[i]
    e.claim(L + i, f"combined row {i} (causal & padding)", pr + [str(i)], ex + [i])
e.claim(find("column 3 is ALL zeros"), "column 3 of the result", ["3"], [3])
e.given(find("### Why row 3, column 3 matters"), "row/column labels")
e.given(find("the last row (row 3) is:"), "row label")
e.claim(find('row3 [1, 1, 1, 1]   ← causal mask says: "token 3 can see ALL positions"'), "causal row 3",
        ["3", "1", "1", "1", "1", "3"], [3] + C4[3] + [3])
e.given(find("token 3 looking at itself is the present"), "token labels")
L = find("Causal row3:   [1, 1, 1, 1]")
e.claim(L, "causal row 3", ["3", "1", "1", "1", "1"], [3] + C4[3])
e.claim(L + 1, "padding row", ["1", "1", "1", "0", "3"], padt + [3])
e.claim(L + 3, "result row 3", ["3", "1", "1", "1", "0", "0", "2", "3"], [3] + comb[3] + [0, 2, 3])
e.given(find("Looking down **column 3**:"), "column label")
e.given(find("              col3"), "column label")
L = find("Causal:   row0 [ 0 ]     Padding: [ 0 ]     Result: [ 0 ]")
for i in range(4):
    e.claim(L + i, f"column 3, row {i}: causal, padding, result", [str(i), str(C4[i][3]), str(padt[3]), str(comb[i][3])],
            [i, C4[i][3], padt[3], comb[i][3]])
e.claim(find("Row 3 col 3 is `1` in the causal mask"), "row 3 col 3", ["3", "3", "1", "0"], [3, 3, C4[3][3], padt[3]])

# --- memory mask
e.claim(find("    # shape: (batch_size, 1, 1, src_seq_len)", 2), "memory-mask shape", ["1"], [1])
e.given(find("into 512-dim vectors"), "d_model = 512 named")
L = find("1. Training loop: src = [14, 87, 3, 0, 0]")
e.given(L, "src IDs restated")
e.given(L + 1, "step ordinal")
e.given(L + 2, "step ordinal")
e.given(L + 3, "step ordinals")

# --- masked_fill trace
e.given(find("Lines 88-89 of `multi_head_attention.py`:"), "source line numbers")
e.given(find("    scores = scores.masked_fill(mask == 0, float('-inf'))"), "code")
scores = [R(5, 10), R(3, 10), R(8, 10), R(2, 10), R(1, 10)]
e.given(find("scores = [[[[0.5, 0.3, 0.8, 0.2, 0.1]]]]    # (1, 1, 1, 5)"), "scores (input)")
e.claim(find("mask   = [[[[  1,   1,   1,   0,   0]]]]      # (1, 1, 1, 5)"), "padding mask restated",
        ["1", "1", "1", "0", "0", "1", "1", "1", "5"], pad + [1, 1, 1, 5])
e.claim(find("mask == 0 → [[[[False, False, False, True, True]]]]"), "mask == 0", ["0"], [0])
e.claim(find("scores = [[[[0.5, 0.3, 0.8, -inf, -inf]]]]"), "masked scores (kept entries)", ["0.5", "0.3", "0.8"], scores[:3])
den = sum(sp.exp(s) for s in scores[:3])
w = [sp.exp(s) / den for s in scores[:3]] + [0, 0]
e.claim(find("weights = [[[[0.27, 0.23, 0.50, 0.0, 0.0]]]]"), "softmax of [0.5, 0.3, 0.8, -inf, -inf]",
        ["0.27", "0.23", "0.50", "0.0", "0.0"], w, cause="slip")
e.claim(find("Since `e^(-inf) = 0`"), "exp(-inf)", ["0"], [0])
e.given(find("because they share the convention (1 = attend, 0 = ignore):"), "convention restated")
e.claim(find("- **Padding mask** `(1,1,1,5)`"), "padding-mask shape", ["1", "1", "1", "5"], [1, 1, 1, 5])
e.claim(find("- **Causal mask** `(1,1,4,4)`"), "causal-mask shape", ["1", "1", "4", "4"], [1, 1, 4, 4])

# --- flow and shape table
e.given(find("|-- mask_utils sees THIS <- integer IDs, 2D"), "rank named")
e.given(find("Embedding + PE -> (batch, seq_len, d_model) <- 3D"), "rank named")
e.given(find("Attention receives the 3D tensor"), "rank named")
for needle in ("| `create_padding_mask` |", "| `create_causal_mask` |", "| `create_src_mask` |",
               "| `create_tgt_mask` |", "| `create_memory_mask` |"):
    e.claim(find(needle), "output shape with singleton axes", ["1"], [1])
e.done()
