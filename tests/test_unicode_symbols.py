"""Any Unicode letter in a spec entry is that symbol, never an internal placeholder (zqaz);
a character that is not a letter (an emoji) is refused with its code point."""

from __future__ import annotations

import unicodedata

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symattn.errors import SymattnError
from symattn.latex_input import parse_scalar

GREEK = "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ"
CJK = "我爱你猫的是在有人这中大为上个国"
HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
FULLWIDTH = "ｅｖａｌｘｙｚＡＢＣｐｑ"
LETTERS = GREEK + CJK + HEBREW + FULLWIDTH
EMOJI = "😀🚀🐍💡🔥"


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.text(alphabet=LETTERS, min_size=1, max_size=4), st.integers(1, 9))
def test_a_run_of_letters_is_one_symbol(name, k):
    value = parse_scalar(f"{k} {name}")
    assert value == k * sp.Symbol(name)
    assert not any("zq" in s.name or "mathit" in s.name for s in value.free_symbols)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(LETTERS), st.sampled_from(LETTERS))
def test_two_letters_apart_are_two_symbols(a, b):
    value = parse_scalar(f"{a} + 2 {b}")
    assert value == sp.Symbol(a) + 2 * sp.Symbol(b)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.sampled_from(EMOJI), st.sampled_from(LETTERS))
def test_emoji_is_refused_with_its_code_point(emoji, letter):
    try:
        parse_scalar(f"{letter} {emoji}")
    except SymattnError as exc:
        assert f"U+{ord(emoji):04X}" in str(exc) and unicodedata.name(emoji) in str(exc)
    else:
        raise AssertionError("an emoji was accepted")


def test_the_issue_cases_through_a_spec():
    from symattn.spec import parse_spec
    spec = parse_spec('tokens = ["a", "b"]\nQ = [["θ", "我"], ["א", "ｅｖａｌ"]]\nK = [[1, 0], [0, 1]]')
    assert list(spec.Q) == [sp.Symbol("θ"), sp.Symbol("我"), sp.Symbol("א"), sp.Symbol("ｅｖａｌ")]


def test_subscripts_keep_their_token():
    assert parse_scalar("v_{我}") == sp.Symbol("v_{我}")
    assert parse_scalar("2 v_{θ}") == 2 * sp.Symbol("v_{θ}")
