# Expected verdicts for zh-rope-xhongduo-position-encoding-evolution.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese survey of position encodings with one small example each, then a numpy demo and the output it claims.
# - Sinusoidal PE, d = 4: the two rates are 10000^0 = 1 and 10000^(-2/4) = 0.01; PE(0) = [0,1,0,1],
#   PE(1) = [sin 1, cos 1, sin 0.01, cos 0.01] = [0.8415, 0.5403, 0.0100, 0.99995]: right.
# - Shaw: q = [1,2], r+1 = [0.1,0.2] -> 0.5; r+5 = [-0.1,-0.3] -> -0.7: right.
# - ALiBi: slope 0.2, distance 3 -> -0.6; 1.4 - 0.6 = 0.8: right.  RoPE picture: 30 deg per position -> 60 deg at
#   position 2, difference 30 deg: right.
# - Claimed program output: the PE rows (np.round(., 4): 0.99995 -> 1., cos 0.02 = 0.99980 -> 0.9998), Shaw biases
#   0.5 and -0.1 ([1,2].[-0.1,0.0]), ALiBi biases [-0.6,-0.4,-0.2,-0.] for query 3 and keys 0..3 at slope 0.2, final
#   scores [0.6,0.7,0.8,0.9], softmax [0.2138,0.2363,0.2612,0.2887] and the same-position score 30.0 are right.
# - The last line is wrong: with the printed rope() (adjacent pairs, rates 1 and 0.01) and k = q/2, each pair of k is
#   parallel to the pair of q, so rope(q,5).rope(k,2) = 2.5 cos 3 + 12.5 cos 0.03 = 10.0194 (and the same for
#   positions 9 and 6); the printed "14.6502 14.6502" matches neither (slip: the shown output was not produced by
#   this code - print(s1, s2) would not even round).  Witness: numpy gives 10.019394180361228 and ...232.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["rope", "pe", "alibi", "relative-position", "numpy-print"])
L = e.line
NUM = re.compile(r"-?\d+\.\d*")


def row(ln, what, exact, places=4, cause="slip"):
    """A numpy row printed at ``places`` decimals with trailing zeros dropped ("0.01", "1.", "-0.")."""
    text = e.lines[ln - 1]
    if ":" in text:
        text = text.split(":", 1)[1]
    printed = NUM.findall(text)
    assert len(printed) == len(exact), (ln, printed)
    ent = e._entry(ln)
    item = {"what": what + f" (read at {places} places)", "printed": printed}
    bad = []
    for p, x in zip(printed, exact):
        v = R(p.rstrip(".") if p.endswith(".") else p)
        if abs(v - sp.N(x, 50)) > R(1, 2) * R(10) ** (-places) * (1 + R(1, 10**9)):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    if bad:
        item.update(wrong=bad, cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def pe(pos, j, d=4):
    w = sp.Integer(10000) ** (-R(2 * (j // 2), d))
    return sp.sin(pos * w) if j % 2 == 0 else sp.cos(pos * w)


# -- sinusoidal
e.given(L("PE(pos, 2i)=\\sin"), "PE formula (even)")
e.given(L("PE(pos, 2i+1)=\\cos"), "PE formula (odd)")
e.claim(L("- $pos=0$ 近似得到 $[0,1,0,1]$"), "PE(0), d = 4", ["0", "1", "0", "1"], [pe(0, j) for j in range(4)])
e.claim(L("- $pos=1$ 近似得到"), "angles of PE(1): 1/10000^(2/4)", ["0.01", "0.01"],
        [sp.Integer(10000) ** R(-2, 4)] * 2)
e.claim(L("PE(0)\\approx[0,1,0,1]"), "PE(0)", ["0", "1", "0", "1"], [pe(0, j) for j in range(4)])
e.claim(L("PE(1)\\approx[0.8415"), "PE(1)", ["0.8415", "0.5403", "0.0100", "0.99995"], [pe(1, j) for j in range(4)])

# -- Shaw
q = sp.Matrix([1, 2])
e.given(L("- 若 $m-n=1$，设 $r_{+1}=[0.1,0.2]$"), "r_{+1}")
e.given(L("- 若 $m-n=5$，设 $r_{+5}=[-0.1,-0.3]$"), "r_{+5}")
e.given(L("- 若 $q_m=[1,2]$"), "q_m")
e.claim(L("q_m^\\top r_{+1}=1\\times0.1+2\\times0.2=0.5"), "q.r+1", ["0.5"], [q.dot(sp.Matrix([R("0.1"), R("0.2")]))])
e.claim(L("q_m^\\top r_{+5}=1\\times(-0.1)+2\\times(-0.3)=-0.7"), "q.r+5", ["-0.7"],
        [q.dot(sp.Matrix([R("-0.1"), R("-0.3")]))])

# -- ALiBi
e.given(L("设某个头 $s_h=0.2$，距离为 3"), "slope 0.2, distance 3")
e.claim(L("-0.2 \\times 3 = -0.6"), "bias", ["-0.6"], [-R("0.2") * 3])
e.given(L("若原始内容分数是 1.4"), "raw score 1.4")
e.claim(L("1.4 - 0.6 = 0.8"), "biased score", ["0.6", "0.8"], [R("0.2") * 3, R("1.4") - R("0.2") * 3])

# -- RoPE picture
e.given(L("- 位置 1 的向量旋转 30°"), "30 degrees per position (assumed)")
e.claim(L("- 位置 2 的向量旋转 60°"), "2 x 30 degrees", ["60"], [2 * 30])
e.claim(L("影响点积的是两者相差的 30°"), "60 - 30 degrees", ["30"], [60 - 30])
e.given(L("\\theta_i = 10000^{-2i/d}"), "RoPE frequencies")

# -- code inputs
e.given(L("raw_scores = np.array([1.2, 1.1, 1.0, 0.9]"), "ALiBi raw scores")
e.given(L("biases = np.array([alibi_bias(3, k, slope=0.2)"), "query 3, keys 0..3, slope 0.2")
e.given(L("q = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float64)"), "RoPE q")
e.given(L("k = np.array([0.5, 1.0, 1.5, 2.0], dtype=np.float64)"), "RoPE k")
e.given(L("s1 = attention_score(rope(q, 5), rope(k, 2))"), "positions 5 and 2")
e.given(L("s2 = attention_score(rope(q, 9), rope(k, 6))"), "positions 9 and 6")
e.given(L("pe = sinusoidal_pe(seq_len=3, dim=4)"), "3 positions, d = 4")
e.given(L("q = np.array([1.0, 2.0], dtype=np.float64)"), "Shaw q")
e.given(L("1: np.array([0.1, 0.2], dtype=np.float64),"), "Shaw r1")
e.given(L("3: np.array([-0.1, 0.0], dtype=np.float64),"), "Shaw r3")
e.given(L("x = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float64)"), "RoPE x")

# -- claimed output
ln = L("[[ 0.      1.      0.      1.    ]")
row(ln, "PE row 0", [pe(0, j) for j in range(4)])
row(ln + 1, "PE row 1", [pe(1, j) for j in range(4)])
row(ln + 2, "PE row 2", [pe(2, j) for j in range(4)])
e.claim(L("shaw biases: 0.5 -0.1"), "Shaw biases", ["0.5", "-0.1"],
        [q.dot(sp.Matrix([R("0.1"), R("0.2")])), q.dot(sp.Matrix([R("-0.1"), 0]))])
e.given(L("alibi raw scores:    [1.2 1.1 1.  0.9]"), "raw scores (printed input)")
raw = [R("1.2"), R("1.1"), R("1.0"), R("0.9")]
bias = [-R("0.2") * abs(3 - k) for k in range(4)]
fin = [a + b for a, b in zip(raw, bias)]
row(L("alibi biases:       [-0.6"), "ALiBi biases", bias)
row(L("alibi final scores: [0.6"), "final scores", fin)
row(L("alibi softmax:      [0.2138"), "softmax", list(softmax_rows(sp.Matrix([fin]))))
e.claim(L("rope same-position invariance: 30.0 30.0"), "x.x and rope(x,5).rope(x,5)", ["30.0", "30.0"], [30, 30])


def rope(vec, pos):
    out = []
    for p in range(len(vec) // 2):
        w = sp.Integer(10000) ** (-R(2 * p, len(vec)))
        c, s = sp.cos(pos * w), sp.sin(pos * w)
        a, b = vec[2 * p], vec[2 * p + 1]
        out += [a * c - b * s, a * s + b * c]
    return sp.Matrix(out)


qv = [R(1), R(2), R(3), R(4)]
kv = [R(1, 2), R(1), R(3, 2), R(2)]
s1 = rope(qv, 5).dot(rope(kv, 2))
s2 = rope(qv, 9).dot(rope(kv, 6))
e.claim(L("rope relative-position scores: 14.6502 14.6502"), "rope(q,5).rope(k,2) and rope(q,9).rope(k,6)",
        ["14.6502", "14.6502"], [s1, s2])
e.done()
