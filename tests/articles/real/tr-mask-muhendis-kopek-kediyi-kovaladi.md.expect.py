# Expected verdicts for tr-mask-muhendis-kopek-kediyi-kovaladi.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Turkish blog (muhendis.github.io, "Bir Prompt'un Yolculuğu (5)"): causal self-attention on ["köpek", "kediyi",
# "kovaladı"], worked by hand and then re-printed by a PyTorch listing.  The inputs are Z (3x4) and the 0/1 matrices
# W_Q, W_K, W_V printed in the PyTorch code of section 9; the printed Q, K, V all equal Z W exactly.  d_k = 4, scale 1/2.
# Exact end to end: scaled scores [1.3389, 1.3894, 1.8709], [1.3909, 1.5542, 2.1485], [1.8999, 2.141, 2.9681];
# causal weights [1,0,0], [0.45927, 0.54073, 0], [0.192946, 0.245553, 0.5615006]; O_1 = [0.86992, 0.72289, 0.8166,
# 0.96363], O_2 = [1.06353, 1.10516, 1.03619, 0.99456].  Every causal number agrees at 3 places.
# Hand softmax lines that exponentiate the ROUNDED scaled scores: e^{1.391} = 4.019, e^{1.554} = 4.730, e^{1.900} =
# 6.686, e^{2.968} = 19.453 and the sums 8.749 and 34.647 are right as written but not end to end (4.0185, 4.7313,
# 6.6852, 19.4549, 8.7498, 34.6481): ambiguous (arithmetic on rounded operands).  A_22 = 19.453/34.647 would be 0.56146
# as written, but the printed 0.562 is the exact 0.5615006 rounded: the final value is judged end to end, ok.
# Wrong lines: the comparison table quotes the unmasked (bidirectional) weights of part 4.  Exact unmasked rows are
# [0.266373, 0.280171, 0.453456], [0.231993, 0.273143, 0.494864], [0.192946, 0.245553, 0.5615006].  The printed 0.454
# (and the prose "%45,4") should be 0.453 / %45,3, and the printed 0.561 should be 0.562 (0.5615006 is just above the
# tie).  Both come from softmaxing the rounded 3-place scores (6.495/14.321 = 0.45353 -> 0.454; 19.453/34.647 =
# 0.56146 -> 0.561): cause drift; the percentage restates the wrong 0.454 (carried).  Note that the article itself says
# the two last rows are identical, yet prints 0.561 and 0.562.
# Section 8: 128.000 x 128.000 x 2 bytes = 32,768,000,000 B = 32.768 GB (30.518 GiB); the printed "32{,}76 GB" is a
# truncation of 32.768 (it rounds to 32.77) and is right under no reading: slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="tr", topics=["mask", "basic", "softmax", "scaling", "output", "complexity"])

Z = M([["0.21", "0.82", "0.13", "0.44"], ["0.95", "0.16", "0.37", "0.28"], ["0.19", "0.40", "1.01", "0.82"]])
WQ = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 0, 1], [0, 1, 1, 0]])
WK = M([[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1]])
WV = M([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]])
Q, K, V = Z * WQ, Z * WK, Z * WV
S = Q * K.T
Ss = S / 2
NEG = -sp.oo
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ss[i, j]) / den
O = A * V
B = softmax_rows(Ss)  # unmasked (bidirectional) weights of part 4


def nums(line_no):
    """The decimal numbers of a printed row, in order (skipping -inf)."""
    import re
    return re.findall(r"(?<![\w.])-?\d+\.\d+", e.lines[line_no - 1])


def row_claim(L, what, exact_row, cause="slip"):
    ps = nums(L)
    e.claim(L, what, ps, list(exact_row)[: len(ps)], cause)


def masked_row(L, what, i):
    ps = nums(L)
    e.claim(L, what, ps, [Ss[i, j] for j in range(i + 1)])


# --- inputs -----------------------------------------------------------------------------------------------
e.given(e.line("Cümle: **`[\"köpek\", \"kediyi\", \"kovaladı\"]`**"), "T = 3, d_model = 4, d_k = 4")
L = e.line("Z = [")
for k in range(3):
    e.given(L + 1 + k, f"Z row {k + 1}")
for name, mat in (("q", Q), ("k", K), ("v", V)):
    for i in range(3):
        L = e.line(f"  {name}_{i} (")
        e.claim(L, f"{name}_{i} = Z W row {i + 1}", nums(L), list(mat.row(i)))

# --- step 1: scores and scaling ---------------------------------------------------------------------------
e.claim(e.line("\\sqrt{d_k} = \\sqrt{4} = 2,0"), "sqrt(d_k)", ["2,0"], [2])
L = e.line("Ham Skorlar (S = Q K^T):")
for i in range(3):
    row_claim(L + 1 + i, f"S row {i + 1}", S.row(i))
L = e.line("Ölçeklenmiş Skorlar (S_scaled = S / 2.0):")
for i in range(3):
    row_claim(L + 1 + i, f"S/2 row {i + 1}", Ss.row(i))
L = e.line("Maskelenmiş Skorlar (S_masked = S_scaled + M):")
for i in range(3):
    masked_row(L + 1 + i, f"masked row {i + 1}", i)

# --- step 3: row-by-row softmax ---------------------------------------------------------------------------
RW = "right as written from the rounded 3-place score, not end to end"
# row 0
masked_row(e.line("Girdiler: `[1.339, -inf, -inf]`"), "row 0 inputs", 0)
e.claim(e.line("- $e^{1.339} = 3.815$"), "e^{s00}", ["3.815"], [sp.exp(Ss[0, 0])])
for L in [i + 1 for i, t in enumerate(e.lines) if t.strip() == "- $e^{-\\infty} = 0.0$"]:
    e.claim(L, "e^{-inf}", ["0.0"], [0])
e.claim(e.line("- Toplam (Payda) = $3.815 + 0 + 0 = 3.815$"), "row 0 denominator", ["3.815"], [sp.exp(Ss[0, 0])])
e.claim(e.line("- $A_{00} = 3.815 / 3.815"), "A00", ["1.000"], [A[0, 0]])
e.claim(e.line("- $A_{01} = 0 / 3.815"), "A01", ["0.000"], [0])
e.claim(e.line("- $A_{02} = 0 / 3.815"), "A02", ["0.000"], [0])
e.claim(e.line("**Satır 0 Dikkat Dağılımı:**"), "A row 1", ["1.000", "0.000", "0.000"], list(A.row(0)))
# row 1
masked_row(e.line("Girdiler: `[1.391, 1.554, -inf]`"), "row 1 inputs", 1)
e.ambiguous(e.line("- $e^{1.391} = 4.019$"), f"e^1.391 = 4.0189 -> 4.019 is {RW} (exact e^1.3909 = 4.01847 -> 4.018)")
e.ambiguous(e.line("- $e^{1.554} = 4.730$"), f"e^1.554 = 4.73035 -> 4.730 is {RW} (exact e^1.5542 = 4.73130 -> 4.731)")
e.ambiguous(e.line("- Toplam (Payda) = $4.019 + 4.730 + 0 = 8.749$"),
            "4.019 + 4.730 = 8.749 is right as written from the rounded exponentials (exact 8.74977 -> 8.750)")
e.claim(e.line("- $A_{10} = 4.019 / 8.749"), "A10", ["0.459"], [A[1, 0]])
e.claim(e.line("- $A_{11} = 4.730 / 8.749"), "A11", ["0.541"], [A[1, 1]])
e.claim(e.line("- $A_{12} = 0 / 8.749"), "A12", ["0.000"], [0])
e.claim(e.line("**Satır 1 Dikkat Dağılımı:**"), "A row 2", ["0.459", "0.541", "0.000"], list(A.row(1)))
# row 2
masked_row(e.line("Girdiler: `[1.900, 2.141, 2.968]`"), "row 2 inputs", 2)
e.ambiguous(e.line("- $e^{1.900} = 6.686$"), f"e^1.900 = 6.68589 -> 6.686 is {RW} (exact e^1.8999 = 6.68523 -> 6.685)")
e.claim(e.line("- $e^{2.141} = 8.508$"), "e^{s21}", ["8.508"], [sp.exp(Ss[2, 1])])
e.ambiguous(e.line("- $e^{2.968} = 19.453$"), f"e^2.968 = 19.45297 -> 19.453 is {RW} (exact e^2.9681 = 19.45492 -> 19.455)")
e.ambiguous(e.line("- Toplam (Payda) = $6.686 + 8.508 + 19.453 = 34.647$"),
            "6.686 + 8.508 + 19.453 = 34.647 is right as written from the rounded exponentials (exact 34.64809 -> 34.648)")
e.claim(e.line("- $A_{20} = 6.686 / 34.647"), "A20", ["0.193"], [A[2, 0]])
e.claim(e.line("- $A_{21} = 8.508 / 34.647"), "A21", ["0.246"], [A[2, 1]])
e.claim(e.line("- $A_{22} = 19.453 / 34.647"), "A22 (end to end 0.5615006; 19.453/34.647 itself is 0.56146)",
        ["0.562"], [A[2, 2]])
e.claim(e.line("**Satır 2 Dikkat Dağılımı:**"), "A row 3", ["0.193", "0.246", "0.562"], list(A.row(2)))
L = e.line("A = [")
for i in range(3):
    row_claim(L + 1 + i, f"A row {i + 1}", A.row(i))

# --- step 4: outputs ---------------------------------------------------------------------------------------
L = e.line("O_0 = 1.000 · v_0")
e.claim(L, "weights of row 1", ["1.000", "0.000", "0.000"], list(A.row(0)))
row_claim(L + 1, "O_0", O.row(0))
L = e.line("O_1 = 0.459 · v_0")
e.claim(L, "weights of row 2", ["0.459", "0.541", "0.000"], list(A.row(1)))
e.claim(L + 1, "weights and v_0, v_1 restated", ["0.459", "0.340", "0.950", "1.260", "0.650", "0.541",
                                                 "1.320", "0.530", "0.440", "1.230"],
        [A[1, 0]] + list(V.row(0)) + [A[1, 1]] + list(V.row(1)))
row_claim(L + 2, "O_1", O.row(1))
L = e.line("O_2 = 0.193 · v_0")
e.claim(L, "weights of row 3", ["0.193", "0.246", "0.562"], list(A.row(2)))
row_claim(L + 1, "O_2", O.row(2))

# --- comparison table: unmasked part-4 weights vs causal weights ------------------------------------------
L = e.line("| **köpek ($t=0$)** |")
e.claim(L, "unmasked weights of köpek (part 4)", ["0.266", "0.280", "0.454"], list(B.row(0)), cause="drift")
e.claim(L, "causal weights of köpek", ["1.000", "0.000", "0.000"], list(A.row(0)))
e.claim(L, "share of the future token in percent (%45,4)", ["45,4"], [100 * B[0, 2]], cause="carried")
e.claim(L, "future share after masking, self share (%0, %100)", ["0", "100"], [0, 100])
L = e.line("| **kediyi ($t=1$)** |")
e.claim(L, "unmasked weights of kediyi (part 4)", ["0.232", "0.273", "0.495"], list(B.row(1)))
e.claim(L, "causal weights of kediyi", ["0.459", "0.541", "0.000"], list(A.row(1)))
e.claim(L, "share of the future token in percent (%49,5)", ["49,5"], [100 * B[1, 2]])
L = e.line("| **kovaladı ($t=2$)** |")
e.claim(L, "unmasked weights of kovaladı (part 4)", ["0.193", "0.246", "0.561"], list(B.row(2)), cause="drift")
e.claim(L, "causal weights of kovaladı", ["0.193", "0.246", "0.562"], list(A.row(2)))

# --- section 8: memory bill of an explicit T x T matrix ----------------------------------------------------
L = e.line("\\text{Bellek Faturası} = 128.000 \\times 128.000")
e.given(L, "T = 128.000 (thousands dot), 2 bytes per FP16 element")
nbytes = sp.Integer(128000) ** 2 * 2
ent = e._entry(L)
readings = [("GB", nbytes / 10**9), ("GiB", nbytes / 2**30)]
ok = [r for r in readings if agrees("32,76", r[1])]
item = {"what": "128000^2 x 2 bytes in GB (32{,}76; exact 32.768 GB = 30.518 GiB)", "printed": ["32{,}76"]}
if ok:
    ent["verdict"] = ent["verdict"] if ent["verdict"] == "wrong" else "ok"
else:
    item.update(wrong=[{"printed": "32{,}76", "exact": str(sp.N(readings[0][1], 6))}], cause="slip")
    ent["verdict"] = "wrong"
ent["claims"].append(item)

# --- section 9: the PyTorch listing and its console output --------------------------------------------------
L = e.line("Z = torch.tensor([")
for k in range(3):
    e.given(L + 1 + k, f"Z row {k + 1} (code)")
for name in ("W_Q", "W_K", "W_V"):
    L = e.line(f"{name} = torch.tensor([")
    for k in range(4):
        e.given(L + 1 + k, f"{name} row {k + 1}")
L = e.line("Ham Skorlar (S):", 2)
for i in range(3):
    row_claim(L + 1 + i, f"printed S row {i + 1}", S.row(i))
L = e.line("Ölçeklenmiş Skorlar (S / 2):", 2)
for i in range(3):
    row_claim(L + 1 + i, f"printed S/2 row {i + 1}", Ss.row(i))
L = e.line("Maskelenmiş Skorlar (S_masked):", 2)
for i in range(3):
    masked_row(L + 1 + i, f"printed masked row {i + 1}", i)
L = e.line("Causal Dikkat Ağırlıkları (A):", 2)
for i in range(3):
    row_claim(L + 1 + i, f"printed A row {i + 1}", A.row(i))
L = e.line("Çıktı Bağlam Vektörleri (O):", 2)
for i in range(3):
    row_claim(L + 1 + i, f"printed O row {i + 1}", O.row(i))
e.done()
