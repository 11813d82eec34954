"""The one number reader (symattn.check.numerals): every printed form it knows, one row each, and
the printed precision of a number surviving a round trip through any of its spellings."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symattn.check.numerals import COMMA, POINT, Locale, canonical, places_of, read

F = sp.Rational

# (text, locale, counts) -> (value, printed decimals, continued, percent, scientific); None: not a number
FORMS = [
    # signs
    ("0.45", POINT, False, (F(9, 20), 2, False, False, False)),
    ("-0.27", POINT, False, (F(-27, 100), 2, False, False, False)),
    ("−0.27", POINT, False, (F(-27, 100), 2, False, False, False)),
    ("+1.5", POINT, False, (F(3, 2), 1, False, False, False)),
    ("2", POINT, False, (F(2), 0, False, False, False)),
    ("2.", POINT, False, (F(2), 0, False, False, False)),
    (".5", POINT, False, (F(1, 2), 1, False, False, False)),
    # the decimal comma, where the article writes decimals so
    ("0,45", COMMA, False, (F(9, 20), 2, False, False, False)),
    ("−1,5", COMMA, False, (F(-3, 2), 1, False, False, False)),
    ("0,45", POINT, False, None),                 # under a decimal point, 0,45 is two numbers or none
    # thousands separators, only in groups of three
    ("2,981", POINT, False, (F(2981), 0, False, False, False)),
    ("1,024,000", POINT, False, (F(1024000), 0, False, False, False)),
    ("1.024", COMMA, False, (F(1024), 0, False, False, False)),
    ("1.024,5", COMMA, False, (F(20490, 20), 1, False, False, False)),
    ("1,02", POINT, False, None),                 # not a group of three
    ("12,34,567", POINT, False, None),
    # LaTeX's {,}: a decimal comma, unless a group of three
    ("1{,}732", POINT, False, (F(1732), 0, False, False, False)),
    ("1{,}732", COMMA, False, (F(1732, 1000), 3, False, False, False)),
    ("1{,}5", POINT, False, (F(3, 2), 1, False, False, False)),
    ("0{,}25", COMMA, False, (F(1, 4), 2, False, False, False)),
    # percentages: 25% is 0.25, printed to 2 decimals of the fraction
    ("25%", POINT, False, (F(1, 4), 2, False, True, False)),
    ("25\\%", POINT, False, (F(1, 4), 2, False, True, False)),
    ("45.2%", POINT, False, (F(113, 250), 3, False, True, False)),
    # e-notation: the decimals are those of the value (1.5e-3 is 0.0015, 4 decimals)
    ("1.5e-3", POINT, False, (F(3, 2000), 4, False, False, True)),
    ("1.47829480e+01", POINT, False, (F(3695737, 250000), 7, False, False, True)),
    ("2E5", POINT, False, (F(200000), 0, False, False, True)),
    ("1e999", POINT, False, None),                # beyond any exponent an article prints
    # infinities
    ("∞", POINT, False, (sp.oo, None, False, False, False)),
    ("-∞", POINT, False, (-sp.oo, None, False, False, False)),
    ("−∞", POINT, False, (-sp.oo, None, False, False, False)),
    ("\\infty", POINT, False, (sp.oo, None, False, False, False)),
    ("-\\infty", POINT, False, (-sp.oo, None, False, False, False)),
    ("-inf", POINT, False, (-sp.oo, None, False, False, False)),
    ("float('-inf')", POINT, False, (-sp.oo, None, False, False, False)),
    # digits that go on
    ("0.1353…", POINT, False, (F(1353, 10000), 4, True, False, False)),
    ("0.1353...", POINT, False, (F(1353, 10000), 4, True, False, False)),
    ("0.1353\\ldots", POINT, False, (F(1353, 10000), 4, True, False, False)),
    # token counts, only where the text speaks of tokens
    ("4K", POINT, True, (F(4096), 0, False, False, False)),
    ("128k", POINT, True, (F(131072), 0, False, False, False)),
    ("4K", POINT, False, None),
    ("1.5K", POINT, True, None),
    # wrappers and thin spaces
    ("\\mathbf{0.5}", POINT, False, (F(1, 2), 1, False, False, False)),
    ("{0.5}", POINT, False, (F(1, 2), 1, False, False, False)),
    ("1\\,024", POINT, False, (F(1024), 0, False, False, False)),
    # not numbers
    ("x", POINT, False, None),
    ("1.2.3", POINT, False, None),
    ("", POINT, False, None),
]


@pytest.mark.parametrize("text,locale,counts,want", FORMS,
                         ids=[f"{t!r}-{'comma' if loc is COMMA else 'point'}" for t, loc, _, _ in FORMS])
def test_every_printed_form(text, locale, counts, want):
    n = read(text, locale, counts=counts)
    if want is None:
        assert n is None
        return
    value, places, continued, percent, scientific = want
    assert n is not None, text
    assert (n.value, n.places, n.continued, n.percent, n.scientific) == (value, places, continued, percent, scientific)
    assert n.text == text.strip()


def test_a_token_count_also_reads_as_thousands():
    assert read("4K", counts=True).readings == (4096, 4000)


@pytest.mark.parametrize("line,locale,canon", [
    ("√3 = 1{,}732, e^{0,5} = 1,649", COMMA, "√3 = 1.732, e^{0.5} = 1.649"),
    ("softmax(0,5; 0,7) = [0,45; 0,55]", COMMA, "softmax(0.5, 0.7) = [0.45, 0.55]"),
    ("[0,45 · 0,27 · 0,27]", COMMA, "[0.45 · 0.27 · 0.27]"),
    ("e^{8} = 2,981", POINT, "e^{8} = 2981"),
    ("[1, 2, 3]", POINT, "[1, 2, 3]"),               # a compact list is no thousands group
    ("1,024 tokens and 2.5", POINT, "1024 tokens and 2.5"),
    # LaTeX's {,} before exactly three digits groups thousands under a point, inside braces too
    (r"\frac{37.48 \times 1024^3}{57{,}344} \approx 701{,}842, 1{,}5", POINT,
     r"\frac{37.48 \times 1024^3}{57344} \approx 701842, 1.5"),
    # a group that a brace opens: bold, \frac, a superscript (a brace is no digit of the number)
    (r"= \textbf{15,728,640,000} \frac{1,024}{2}", POINT, r"= \textbf{15728640000} \frac{1024}{2}"),
])
def test_a_line_in_the_one_notation(line, locale, canon):
    assert canonical(line, locale)[0] == canon


@pytest.mark.parametrize("lines,decimal", [
    (["a = 0,45; b = 0,27", "c = 1,5"], ","),
    (["a = 0.45, b = 0.27"], "."),
    (["[1, 2, 3]", "x = 0.5"], "."),
    (["[1, 2, 3]"], "."),                            # no decimals at all: the point
    (["B = 701{,}842 / 4096"], "."),                 # {,} before three digits: no evidence of a comma
    (["a = 1{,}5"], ","),
])
def test_the_locale_is_detected_from_the_text(lines, decimal):
    assert Locale.detect(lines).decimal == decimal


# --------------------------------------------------------------------------- round trip

def _spell(value: Fraction, places: int, form: str) -> str:
    """``value`` printed with ``places`` decimals, in one of the spellings an article uses."""
    scaled = round(value * 10 ** places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    whole, frac = digits[:len(digits) - places], digits[len(digits) - places:]
    if form == "comma":
        return sign + whole + ("," + frac if places else "")
    if form == "latex-comma":
        return sign + whole + ("{,}" + frac if places else "")
    if form == "minus":
        return ("−" if sign else "") + whole + ("." + frac if places else "")
    if form == "percent" and places >= 2:
        w, f = (whole + frac)[:len(whole) + 2].lstrip("0") or "0", (whole + frac)[len(whole) + 2:]
        return sign + w + ("." + f if f else "") + "%"
    if form == "scientific" and scaled:
        mant = str(abs(scaled))
        exp = len(mant) - 1 - places
        return f"{sign}{mant[0]}.{mant[1:]}e{exp:+03d}" if len(mant) > 1 else f"{sign}{mant}e{exp:+03d}"
    return sign + whole + ("." + frac if places else "")


@settings(max_examples=400, deadline=None)
@given(st.fractions(min_value=-1000, max_value=1000), st.integers(min_value=0, max_value=8),
       st.sampled_from(["point", "comma", "latex-comma", "minus", "percent", "scientific"]))
def test_the_printed_precision_survives_a_round_trip(value, places, form):
    text = _spell(value, places, form)
    n = read(text, COMMA if form in ("comma", "latex-comma") else POINT)
    assert n is not None, text
    printed = Fraction(round(value * 10 ** places), 10 ** places)
    assert Fraction(n.value.p, n.value.q) == printed, text
    assert n.places == places or (form == "scientific" and n.places >= places), text
    assert places_of(_spell(printed, places, "point")) == places


@settings(max_examples=300, deadline=None)
@given(st.integers(-3000, 3000), st.sampled_from([1, 2, 3, 7, 10, 100]), st.sampled_from(["e", "2.7"]),
       st.integers(1, 3))
def test_an_exponential_rounded_early_is_the_decimal_rounding_of_its_value(p, q, base, places):
    """The common mistake "e^z rounded before dividing" rounds exactly as decimal arithmetic at 80
    digits does (the checker's fast path and SymPy's 30 digits must both agree with it)."""
    import mpmath
    from decimal import ROUND_HALF_EVEN, Decimal, localcontext

    from symattn.check.quantities import rounded

    z = sp.Rational(p, q)
    value = (sp.E if base == "e" else sp.Rational(27, 10)) ** z
    with mpmath.workdps(80):
        x = mpmath.exp(mpmath.mpf(p) / q) if base == "e" else mpmath.power(mpmath.mpf(27) / 10, mpmath.mpf(p) / q)
        digits = mpmath.nstr(x, 75, min_fixed=-100, max_fixed=100, strip_zeros=False)
    if abs(x) >= 10 ** 15:
        return   # SymPy's own 30 significant digits decide there, as before
    with localcontext() as ctx:
        ctx.prec = 100
        want = Decimal(digits).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    assert rounded(value, places) == sp.Rational(str(want))


def test_a_decimal_count_of_thousands_and_a_closing_backslash_are_unreadable_not_errors():
    """``128.0K`` is no count of tokens the reader takes (only whole thousands are), and a formula
    cut after a backslash ends early: each is a part the checker cannot read, never an internal error."""
    from symattn.check import check_text
    from symattn.check.beyond.arith import evaluate
    assert evaluate("128.0K * 2") is None and evaluate("4K * 2") == 8000
    report = check_text("Sizes: 128.0K tokens × 2 = 256K.\n\n$$\\frac{1}{2} = 0.5 \\approx 50\\$$\n", "a.md")
    assert not [c for c in report.claims if "internal" in c.detail], [c.detail for c in report.claims]


def test_float_noise_beside_entries_of_size_one_is_the_zero_it_stands_for():
    # cos 90° from rounded operands: a program prints 6.123234e-17 where the exact product of the
    # printed operands is 2.6e-16 (and the true value 0); beside entries of size 1 both are float noise
    from symattn.check.verdict import judged
    import sympy as sp
    exact = [[sp.Rational(65670397, 250000000000000000000000), sp.Integer(-1)],
             [sp.Integer(1), sp.Rational(65670397, 250000000000000000000000)]]
    noise = [[read("6.123234e-17"), read("-1.000000e+00")], [read("1.000000e+00"), read("6.123234e-17")]]
    assert judged(1, "R", "R", noise, exact).status != "wrong"
    # a small number well above that noise is a number, not noise
    small = [[read("2.000000e-03"), read("-1.000000e+00")], [read("1.000000e+00"), read("2.000000e-03")]]
    assert judged(1, "R", "R", small, exact).status == "wrong"
    # and without entries of size 1 beside it, 6e-17 is no noise around 2.6e-16
    alone = [[read("6.123234e-17"), read("6.123234e-17")]]
    assert judged(1, "R", "R", alone, [exact[0][:1] * 2]).status == "wrong"


def test_a_side_the_parser_cannot_read_is_a_number_only_when_it_is_one():
    """The fallback for a side the chain parser does not read: a number the prose goes on from
    (``d_k = 4.``, ``128)``, numpy's ``1.``), or LaTeX functions of numbers through latex2sympy2;
    never prose or code, which latex2sympy2 would read as letters multiplied (``x/x..sum()`` as 1)."""
    from symattn.check.parser import latex_number
    from symattn.check.tokens import tokenize

    def value(text):
        num = latex_number(tokenize(text))
        return None if num is None else num.value

    assert value("4.") == 4 and value("128)") == 128 and value("0.54)") == sp.Rational(27, 50)
    assert value("1344.Sie ist damit gleich") == 1344
    assert value(r"\sin(\frac{1}{10000^0})") == sp.sin(1)
    assert value(r"2 \times(80 \times 64)_{qwen}") == 10240
    assert value("attn_scores_2/attn_scores_2..sum()") is None
    assert value("S-S.max(axis= 1,keepdims= True)") is None
    assert value(r"0.03:\cos(0.03)") is None                  # not 0.03 / cos 0.03
    assert value(r"2.718281828 \ldots") is None               # not its integer part
    assert value(r"0.0300 逐对代入") is None
    # a derivative or an integral is no number: refused before latex2sympy2 parses it, as
    # parse_scalar refuses it after
    from symattn.errors import SymattnError
    from symattn.latex_input import parse_scalar
    for text in (r"\frac{\partial L}{\partial Q}", r"\frac{1}{\sqrt{d_k}} \frac{\partial L}{\partial S} K",
                 r"\int_0^1 2 \, dx", r"P^T \frac{\partial L}{\partial A}"):
        assert value(text) is None
        with pytest.raises(SymattnError):
            parse_scalar(text, allow_symbols=False)


def test_a_plain_fence_in_an_article_of_decimal_commas_groups_thousands_with_its_points():
    from symattn.check import check_text
    prose = "Cada valor ocupa 2 bytes; a razão é 0,60 e depois 1,21.\n\n"
    fence = "```\n2 × 36 × 8 × 128 × 2 = {} bytes\n```\n"
    right = check_text(prose + fence.format("147.456"), "pt.md")
    assert [c.status for c in right.claims if c.line == 4] == ["exact"]
    wrong = check_text(prose + fence.format("147.465"), "pt.md")
    assert [c.status for c in wrong.claims if c.line == 4] == ["wrong"]
    # a point decimal in the fence keeps it a program's print: 1.5 there is one and a half
    assert "exact" in [c.status for c in check_text(prose + "```\n3 × 0.5 = 1.5\n```\n", "pt.md").claims]


def test_a_fence_of_three_place_decimals_reads_points_where_the_articles_other_notes_do():
    """``7.389 + 2.718 + 1.000 = 11.107`` in a fence of an article of decimal commas, under another
    fence of notes that writes ``exp(2.0) = 7.389``: the notes write point decimals, so this is eleven
    and a bit, not eleven thousand (both readings add up; the value the report gives must be 11.107)."""
    from symattn.check import check_text
    prose = "A razão é 0,60 e depois 1,21.\n\n"
    text = prose + "```text\nexp(2.0) = 7.389\n```\n\n```text\n7.389 + 2.718 + 1.000 = 11.107\n```\n"
    (c,) = [c for c in check_text(text, "pt.md").claims if c.line == 8 and c.status != "unverifiable"]
    assert c.status == "exact" and c.expected == "11107/1000"


@pytest.mark.parametrize("text, wrong", [
    ("$$\nsoftmax([0,0.707])\n\\approx[0.3302,0.6698]\n$$\n", False),   # 0.707 is 1/√2 rounded: right from it
    ("$$softmax([0,0.707]) \\approx [0.3302,0.6698]$$\n", False),
    ("$$softmax([0,0.707]) \\approx [0.3402,0.6598]$$\n", True),         # no operand that rounds to 0.707 gives it
    ("$$softmax([0,0.7]) \\approx [0.3302,0.6698]$$\n", True),           # one decimal: data, exactly [0.3318, 0.6682]
])
def test_a_list_operand_printed_with_three_decimals_is_a_rounded_print(text, wrong):
    import numpy as np

    from symattn.check import check_text
    p = lambda x: np.exp([0, x]) / np.exp([0, x]).sum()
    assert [f"{v:.4f}" for v in p(1 / np.sqrt(2))] == ["0.3302", "0.6698"]
    assert [f"{v:.4f}" for v in p(0.707)] == ["0.3303", "0.6697"] and [f"{v:.4f}" for v in p(0.7)] == ["0.3318", "0.6682"]
    claims = check_text(text, "t.md").claims
    assert any(c.status == "wrong" for c in claims) == wrong


@pytest.mark.parametrize("line, locale, want", [
    ("[0{,}802,0{,}599]", POINT, "[0.802,0.599]"),           # LaTeX decimal commas, a plain comma between
    ("[0{,}802,0{,}599]", COMMA, "[0.802,0.599]"),
    ("0{,}401 and 57{,}344", POINT, "0.401 and 57344"),       # after a whole part of 0, never thousands
    ("p=0,01이나 0,99에서는", COMMA, "p=0.01이나 0.99에서는"),     # a particle written on ends the number
    ("exp(7,071)/(exp(7,071)+exp(3,536))", COMMA, "exp(7.071)/(exp(7.071)+exp(3.536))"),   # a function's argument
    ("[100,200] and (7,071)", COMMA, "[100,200] and (7,071)"),   # alone in brackets: a pair, as it may be
])
def test_decimal_commas_in_latex_lists_and_before_particles(line, locale, want):
    assert canonical(line, locale)[0] == want
    assert read("0{,}802").value == Fraction(802, 1000) and read("57{,}344").value == 57344


@settings(max_examples=600, deadline=None)
@given(st.fractions(min_value=-50, max_value=50), st.integers(0, 8), st.floats(-4, 4),
       st.sampled_from([None, 0, 1, 3]), st.sampled_from([0, "1e-3", "0.02"]), st.sampled_from([0, "1e-6"]),
       st.booleans())
def test_the_float_shortcut_to_wrong_never_changes_a_verdict(value, places, units, at, slack, floor, continued):
    """Binding judges hundreds of thousands of entries against candidates that are far off; a test
    in float64 says "wrong" for those before any mpmath.  Around the edges of every way a print is
    accepted (two half units, the slack, a program's noise, the floor, a cut), the verdict is the
    exact comparison's (places up to 8 make prints of six digits and more: a program's)."""
    import dataclasses

    import mpmath

    from symattn.check import judge

    printed = Fraction(round(value * 10 ** places), 10 ** places)
    number = dataclasses.replace(read(_spell(printed, places, "point")), continued=continued)
    half = Fraction(1, 2 * 10 ** places) if places else Fraction(1, 2)
    with mpmath.workdps(50):
        x = mpmath.mpf(printed.numerator) / printed.denominator + mpmath.mpf(units) * (
            mpmath.mpf(half.numerator) / half.denominator)
    args = (number, x, at, mpmath.mpf(slack), mpmath.mpf(floor))
    fast = judge.verdict(*args)
    original = judge._surely_wrong
    try:
        judge._surely_wrong = lambda *a: False
        slow = judge.verdict(*args)
    finally:
        judge._surely_wrong = original
    assert fast == slow, (number.text, x, at, slack, floor, continued)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.fractions(min_value=-30, max_value=30), st.integers(0, 6)), min_size=1, max_size=6),
       st.lists(st.floats(-6, 6), min_size=6, max_size=6), st.booleans())
def test_a_candidate_far_from_every_entry_is_all_wrong_without_its_exact_value(entries, offsets, integers):
    """The old binder scores a candidate from its floats alone when every printed entry is far from
    it (judge.far): exactly then, match() on its exact value finds every entry wrong and none cut.
    Values are put a few half units from each print, around every edge of acceptance."""
    import mpmath

    from symattn.check.judge import far, match

    prints = []
    for value, places in entries:
        places = 0 if integers else places
        printed = Fraction(round(value * 10 ** places), 10 ** places)
        prints.append((read(_spell(printed, places, "point")), printed, places))
    rows = [tuple(p for p, _, _ in prints)]
    values = []
    for (number, printed, places), units in zip(prints, offsets):
        half = Fraction(1, 2 * 10 ** places) if places else Fraction(1, 2)
        with mpmath.workdps(50):
            values.append(mpmath.mpf(printed.numerator) / printed.denominator
                          + mpmath.mpf(units) * mpmath.mpf(half.numerator) / half.denominator)
    floats = np.array([[float(v) for v in values]])
    m = match(rows, [values])
    if far(rows, floats):
        assert not any(m.ok[0]) and not any(m.truncated[0]), (rows, values)
    if far(rows, floats, every=False):   # some entry far: no full match, none near
        assert not m.full and not m.near, (rows, values)


def test_a_large_irrational_rounded_early_keeps_every_digit():
    # e^z rounded to two decimals before dividing (a common mistake's softmax), for z large: the
    # value is exact to its last kept decimal, as mpmath at 600 digits gives it
    import mpmath
    import sympy as sp
    from symattn.check.quantities import rounded
    for value in (sp.Rational(27, 10) ** (1010 / sp.sqrt(3)), sp.exp(sp.Rational(101, 3)), sp.exp(sp.Integer(1010))):
        with mpmath.workdps(600):
            want = sp.Rational(int(mpmath.nint(mpmath.mpf(sp.N(value, 600)) * 100)), 100)
        got = rounded(value, 2)
        assert got == want or abs(got - want) / abs(want) < sp.Rational(1, 10 ** 390), value


# --------------------------------------------------------------------------- scientific notation, relative

@pytest.mark.parametrize("text, exponent, right", [
    ("8.9e6", 16, True),               # e^16 = 8,886,110.5: 8.9 at the mantissa's place, 10^5
    ("8.88611052e+06", 16, True),      # numpy's print of it
    ("7.2e86", 200, True),
    ("3.7e-44", -100, True),           # e^-100 = 3.72e-44
    ("1.9e-65", -150, False),          # e^-150 = 7.2e-66 (1.9e-65 is e^-149)
    ("7.2e-66", -150, True),
])
def test_a_number_in_scientific_notation_is_read_at_its_mantissas_last_place(text, exponent, right):
    """1.9e-65 is precise to 10^-66, whatever the absolute floors kept for numbers near 1; a positive
    exponent (8.9e6) is a rounding at its mantissa's place, not an integer claimed exactly."""
    import math
    from symattn.check.judge import agrees
    import mpmath
    x = mpmath.exp(exponent)
    mantissa, power = text.lower().split("e")
    assert (abs(float(mantissa) - float(x) / 10 ** int(power)) <= 0.5 * 10 ** -len(mantissa.split(".")[1]) * 1.001) \
        == right and math.isfinite(float(mantissa))
    assert agrees(read(text), x) == right


@pytest.mark.parametrize("latex, right", [
    (r"$e^{16} \approx 8.9 \times 10^{6}$", True),
    (r"$\exp(-100) = 3.7 \times 10^{-44}$", True),
    (r"$\exp(-150) = 1.9 \times 10^{-65}$", False),
])
def test_a_side_written_in_scientific_notation_is_judged_at_its_precision(latex, right):
    """``exp(-150) = 1.9 × 10^{-65}`` was "both sides exactly equal": two tiny numbers were the same
    within an absolute 10^-25.  Each side is now its own size; the wrong one names e^-150's value."""
    from symattn.check import check_text
    (c,) = [c for c in check_text(f"Overflow check: {latex}\n", "s.md").claims if c.status != "unverifiable"]
    assert c.status == ("rounded" if right else "wrong")
    if not right:
        assert "7.2e-66" in str(c.reason)


def test_values_equal_at_working_precision_are_equal_relative_to_their_size():
    from symattn.check.judge import equal
    import mpmath
    assert not equal(mpmath.exp(-150), mpmath.mpf("1.9e-65"))
    assert equal(mpmath.exp(-150), mpmath.exp(-149) / mpmath.e)
    assert equal(mpmath.mpf(0), mpmath.mpf("1e-40"))   # the residue of terms that cancel is zero


@pytest.mark.parametrize("product, printed, right", [
    ("64 * 4096 * 3 + 4096 * 32128", "132.4e6", True),      # 132,382,720
    ("6 * 37e9 * 14.8e12", "3.3e24", True),                # 3.2856e24
    ("2 * 8 * 128 * 80 * 8192", "1.34e9", True),           # 1,342,177,280
    ("2 * 8 * 128 * 80 * 8192", "1.35e9", False),
    ("64 * 4096 * 3 + 4096 * 32128", "131.4e6", False),
])
def test_integer_arithmetic_printed_in_scientific_notation_is_rounded_at_its_mantissa(product, printed, right):
    """An integer product written as ``18.4e9`` was judged as an integer claimed exactly (places 0):
    every such print was wrong.  Scientific notation is precise to its mantissa's last place at its
    power of ten; the message says "the printed precision", not "0 decimals"."""
    from symattn.check import check_text
    (c,) = [c for c in check_text(f"The total is `{product} = {printed}` in all.\n", "s.md").claims
            if c.status != "unverifiable"]
    assert c.status == ("rounded" if right else "wrong"), c.reason
    assert "0 decimals" not in str(c.reason)


@pytest.mark.parametrize("text", [
    "In generation $T = 1$. Set $D = 4096$; then $2D = T$ gives the crossover.\n",
    "Here $h = 4$ and $d = 64$, and $d = h$ would make each head one wide.\n",
])
def test_a_relation_between_givens_is_no_wrong_number(text):
    """``2D = T`` with D and T given elsewhere (the crossover of two costs, solved for T) prints no
    number: no witness says which given it does not fit, so it is never "wrong"."""
    from symattn.check import check_text
    assert not [c for c in check_text(text, "s.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("line, status", [
    ("Training needs `6 * 37e9 * 14.8e12 = 3.3e24 FLOPs` in all.", "rounded"),
    ("Training needs `6 * 37e9 * 14.8e12 = 3.4e24 total FLOPs`.", "wrong"),
    ("The cache holds `2 * 8 * 128 * 80 = 163840 bytes per token`.", "exact"),
    ("The cache holds `2 * 8 * 128 * 80 = 163000 bytes in all`.", "wrong"),
])
def test_words_that_end_an_equation_after_its_number_are_prose(line, status):
    """``= 1.52e25 total FLOPs``: the words after the last number of an equation were read as a name
    with no value, and the line went unjudged.  Words that carry no scale (not GB, ms, million) are
    prose; an integer count of items for a quotient that is none stays unjudged."""
    from symattn.check import check_text
    judged = [c.status for c in check_text(f"# t\n\n{line}\n", "s.md").claims if c.status != "unverifiable"]
    assert judged == ([status] if status else [])


def test_words_before_another_relation_leave_the_line_to_its_units():
    """``= 503316480000 FLOPs = 504 GFLOPs``: the chain goes on in a scaled unit, read by the size
    chains, which judge 504 against 503.3 GFLOPs."""
    from symattn.check import check_text
    text = "# t\n\n    Attention: 48 * 4 * 1600 * 1600 * 1024 = 503316480000 FLOPs = 504 GFLOPs\n"
    assert "wrong" in [c.status for c in check_text(text, "s.md").claims]


@pytest.mark.parametrize("line, status", [
    ("最大并发 ≈ 414,720 / 8192 ≈ 50 条满长度序列", "rounded"),      # 50.6: as many sequences as fit
    ("Blocks needed: 1000 / 12 ≈ 84 blocks", "rounded"),           # 83.3: the blocks that hold it
    ("Blocks needed: 1000 / 12 ≈ 82 blocks", "wrong"),             # neither floor nor ceiling
    ("The ratio is 1000 / 12 ≈ 84 overall", "wrong"),              # no count: 83.3 rounds to 83
    ("Concurrent: 60,000 / 2048 = 29 requests", "rounded"),        # 29.3: as many as fit
])
def test_a_count_of_whole_items_is_a_floor_or_a_ceiling(line, status):
    """``414,720 / 8192 ≈ 50 条满长度序列`` was "digits cut off": a count of whole items (a count word
    or a classifier right after it) is the quotient's floor (how many fit) or ceiling (how many hold
    it), whichever the count needs; any other integer is still wrong."""
    from symattn.check import check_text
    judged = [c.status for c in check_text(f"# t\n\n{line}\n", "s.md").claims if c.status != "unverifiable"]
    assert status in judged and (status == "wrong") == ("wrong" in judged)
