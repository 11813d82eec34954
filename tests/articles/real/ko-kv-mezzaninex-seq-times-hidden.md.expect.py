# Expected verdicts for ko-kv-mezzaninex-seq-times-hidden.md, computed with plain SymPy (see oracle.py); not symattn's code.
# L = 100 tokens, H = 512, 4-byte floats.  Keys 100*512 = 51,200 values, values the same, 102,400 together.
# 51,200 x 4 B = 204,800 B = 200 KiB exactly (204.8 KB decimal): "약 200 KB" is right under the binary reading;
# 409,600 B = 400 KiB (409.6 KB): "약 400 KB" likewise.  A size right under one reading is right.  1,024 x 2,048 = 2,097,152.  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "memory", "mha"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def kb(nbytes):
    return [("binary KiB", sp.Integer(nbytes) / 2**10), ("decimal KB", sp.Integer(nbytes) / 10**3)]


e.given(e.line("• 시퀀스 길이 L = 100 토큰"), "L = 100")
e.given(e.line("• 히든 차원 H = 512"), "H = 512")
n(e.line("• 키 벡터 저장: 100 × 512 = 51,200개"), "100 x 512 keys", "51,200", sp.Integer(100 * 512))
n(e.line("• 값 벡터 저장: 100 × 512 = 51,200개"), "100 x 512 values", "51,200", sp.Integer(100 * 512))
n(e.line("• 합치면 102,400개"), "keys + values", "102,400", sp.Integer(2 * 100 * 512))
e.given(e.line("숫자 하나를 32비트 부동소수점(4바이트)"), "4 bytes a number")
n(e.line("• 키만: 51,200 × 4 B = 약 200 KB"), "51,200 x 4 B", "200", kb(51200 * 4))
n(e.line("• 값만: 약 200 KB"), "values only", "200", kb(51200 * 4))
n(e.line("• 합계: 약 400 KB"), "keys + values", "400", kb(2 * 51200 * 4))
e.given(e.line("• 예를 들어 L = 1,024, H = 2,048"), "L = 1,024, H = 2,048")
n(e.line("• 키 저장: 1,024 × 2,048 = 2,097,152개"), "1,024 x 2,048", "2,097,152", sp.Integer(1024 * 2048))
e.done()
