# Expected verdicts for ko-softmax-joohongkeem-overflow-max-subtraction.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Korean study script prints the intermediate values of softmax with and without subtracting the maximum c, for
# a = [0.3, 2.9, 4.0] and a = [1010, 1000, 990]; the output is pasted (as printed by numpy, float64) at the end.
#   [0.3, 2.9, 4.0]: c = 4; exp(a - c) = [e^-3.7, e^-1.1, 1] = [0.02472353, 0.33287108, 1], sum 1.3575946101684;
#                    exp(a) = [1.34985881, 18.17414537, 54.59815003], sum 74.122154210163;
#                    softmax = [0.01821127, 0.24519181, 0.73659691] either way, sum 1.
#   [1010, 1000, 990]: c = 1010; exp(a - c) = [1, e^-10, e^-20] = [1, 4.53999298e-05, 2.06115362e-09], sum
#                    1.0000454019909; softmax = [9.99954600e-01, 4.53978686e-05, 2.06106005e-09]; without the shift
#                    numpy overflows (inf, nan), which is a machine result, not a number to check.
# Every printed value agrees (machine prints); no wrong lines.  The code comment "e^100 has more than 40 zeros" is a
# rough bound (e^100 = 2.69e43), recorded as ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="ko", topics=["softmax", "numerical-stability", "code-output", "python"])
L = e.line
E = sp.exp


def sm(a):
    c = max(a)
    ex = [E(x - c) for x in a]
    s = sum(ex)
    return c, ex, s, [x / s for x in ex]


a1 = [R(3, 10), R(29, 10), 4]
a2 = [1010, 1000, 990]
c1, ex1, s1, y1 = sm(a1)
c2, ex2, s2, y2 = sm(a2)
raw1 = [E(x) for x in a1]

e.ambiguous(L("# e100 은 0 dl 40 개가 넘는 큰값"), "rough bound in a code comment: e^100 = 2.69e43 has more than 40 digits")
e.given(L("a = np.array([0.3, 2.9, 4.0])"), "input a")
e.given(L("#a= np.array([1010, 1000, 990])"), "second input (commented out)")
e.given(L("(가) 입력 a = np.array([0.3, 2.9, 4.0])"), "input a restated")
e.given(L("(나) 입력 a = np.array([1010, 1000, 990])"), "input a restated")
for k in (1, 2):
    e.given(L(f"[{k}] softmax(a) 로 실행") if k == 1 else L("[2] softmax1(a) 로 실행"), "run label")
e.given(L("[1] softmax(a) 로 실행", 2), "run label")
e.given(L("[2] softmax1(a) 로 실행", 2), "run label")

# (가) [1]: shifted
B = L("(가) 입력")
e.given(L("a = [0.3 2.9 4. ]", 1, B), "a printed")
e.claim(L("c = 4.0", 1, B), "max of a", ["4.0"], [c1])
e.claim(L("exp_a = [0.02472353 0.33287108 1.", 1, B), "exp(a - c)", ["0.02472353", "0.33287108", "1"], ex1)
e.claim(L("sum_exp_a = 1.3575946101684189", 1, B), "sum of exp(a - c)", ["1.3575946101684189"], [s1])
ln = L("y = [0.01821127 0.24519181 0.73659691]", 1, B)
e.claim(ln, "softmax", ["0.01821127", "0.24519181", "0.73659691"], y1)
ln = L("Softmax Result : [0.01821127", 1, B)
e.claim(ln, "softmax", ["0.01821127", "0.24519181", "0.73659691"], y1)
e.claim(L("SUM :  1.0", 1, B), "sum of softmax", ["1.0"], [1])

# (가) [2]: unshifted
B2 = L("[2] softmax1(a) 로 실행")
e.given(L("a = [0.3 2.9 4. ]", 1, B2), "a printed")
e.claim(L("c = 4.0", 1, B2), "max of a", ["4.0"], [c1])
e.claim(L("exp_a = [ 1.34985881 18.17414537 54.59815003]", 1, B2), "exp(a)",
        ["1.34985881", "18.17414537", "54.59815003"], raw1)
e.claim(L("sum_exp_a = 74.1221542101633", 1, B2), "sum of exp(a)", ["74.1221542101633"], [sum(raw1)])
ln = L("y = [0.01821127 0.24519181 0.73659691]", 1, B2)
e.claim(ln, "softmax", ["0.01821127", "0.24519181", "0.73659691"], y1)
ln = L("Softmax Result : [0.01821127", 1, B2)
e.claim(ln, "softmax", ["0.01821127", "0.24519181", "0.73659691"], y1)
e.claim(L("SUM :  1.0", 1, B2), "sum of softmax", ["1.0"], [1])

# (나) [1]: shifted
B3 = L("(나) 입력")
e.given(L("a = [1010 1000  990]", 1, B3), "a printed")
e.claim(L("c = 1010", 1, B3), "max of a", ["1010"], [c2])
e.claim(L("exp_a = [1.00000000e+00 4.53999298e-05 2.06115362e-09]", 1, B3), "exp(a - c)",
        ["1.00000000e+00", "4.53999298e-05", "2.06115362e-09"], ex2)
e.claim(L("sum_exp_a = 1.0000454019909162", 1, B3), "sum of exp(a - c)", ["1.0000454019909162"], [s2])
ln = L("y = [9.99954600e-01 4.53978686e-05 2.06106005e-09]", 1, B3)
e.claim(ln, "softmax", ["9.99954600e-01", "4.53978686e-05", "2.06106005e-09"], y2)
ln = L("Softmax Result : [9.99954600e-01", 1, B3)
e.claim(ln, "softmax", ["9.99954600e-01", "4.53978686e-05", "2.06106005e-09"], y2)
e.claim(L("SUM :  1.0", 1, B3), "sum of softmax", ["1.0"], [1])

# (나) [2]: overflow
B4 = L("[2] softmax1(a) 로 실행", 2)
e.given(L("a = [1010 1000  990]", 1, B4), "a printed")
e.claim(L("c = 1010", 1, B4), "max of a", ["1010"], [c2])
e.given(L("_19_2_Softmax.py:36: RuntimeWarning"), "warning text with a source line number")
e.done()
