"""Small tables for the pieces of symattn check: notation, comparison, extraction, guards."""

from __future__ import annotations

import threading

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symattn.check.document import Document
from symattn.check import check_text
from symattn.check import guard
from symattn.check.compare import compare_entry
from symattn.check.numerals import places_of
from symattn.check.consistency import declared_no_scaling, sanity_rows, shift_pairs
from symattn.check.evaluate import entry_ref
from symattn.check.extract import extract
from symattn.check.ir import Lit, Name, Op, pretty
from symattn.check.notation import parse_chains
from symattn.check.scalar import scalar_value
from symattn.check.notation import parse_expression

HALF = sp.Rational(1, 2)
A11 = sp.exp(HALF) / (sp.exp(HALF) + 2)


# --------------------------------------------------------------------------- notation

@pytest.mark.parametrize("text,expected", [
    ("Q K^T", "Q·Kᵀ"),
    ("QK^T", "Q·Kᵀ"),
    (r"Q \times K^{\top}", "Q·Kᵀ"),
    ("QKᵀ", "Q·Kᵀ"),
    ("Q @ K.T", "Q·Kᵀ"),
    (r"Q \cdot K^\intercal", "Q·Kᵀ"),
    (r"\frac{Q K^T}{\sqrt{d_k}}", "(Q·Kᵀ)/√d_k"),
    ("√d_k", "√d_k"),
    (r"\text{Softmax}(\text{Scaled Scores})", "softmax(Scaled Scores)"),
    (r"\operatorname{softmax}\left(\frac{S}{\sqrt{d_k}}\right)", "softmax(S/√d_k)"),
    ("softmax(S, axis=0)", "softmax(S, axis=0)"),
    ("Attention Weights \\times V", "Attention Weights·V"),
    ("W^Q", "W^Q"),
    (r"\mathbf{Q}\mathbf{K}^{\mathsf T}", "Q·Kᵀ"),
    (r"\operatorname{softmax}_{\text{row}}(S)", "softmax(S)"),
    (r"\tilde{S}", "S\u0303"),
    (r"e^{1/2}", "e^(1/2)"),
])
def test_notation(text, expected):
    chains = parse_chains(text)
    assert len(chains) == 1 and chains[0].errors == (None,)
    assert pretty(chains[0].parts[0]) == expected


def test_transpose_is_kept_for_a_symbol():
    # latex2sympy2 drops the T of K^T when K is a symbol; the checker must not
    assert parse_chains("K^T")[0].parts[0] == Op("T", (Name("K"),))


@pytest.mark.parametrize("text,rows,cols", [
    (r"X = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix} \quad \text{(维度: } 2 \times 2\text{)}", 2, 2),
    (r"\begin{bmatrix} 1 & 0 & 1 \end{bmatrix}_{1 \times 3}", 1, 3),
    (r"X \in \mathbb{R}^{3 \times 4}", 3, 4),
    (r"X = [[1, 2]] \quad (1 \times 2)", 1, 2),
])
def test_shape_claims(text, rows, cols):
    shapes = parse_chains(text)[0].shapes
    assert [(s.rows, s.cols) for s in shapes] == [(rows, cols)]


def test_side_labels_are_ignored():
    text = (r"Q = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix} \begin{matrix} \leftarrow \text{我的查询} \\ "
            r"\leftarrow \text{爱的查询} \end{matrix}")
    chain = parse_chains(text)[0]
    assert chain.errors == (None, None) and chain.parts[1].value == sp.eye(2)


@pytest.mark.parametrize("body,note", [
    (r"1 & 0 \\ 0 & 1", ""),
    (r"1 & 0 \\\\ 0 & 1", "doubled"),
    (r"1 & 0 \ 0 & 1", "single"),
    (r"1 & 0 0 & 1", "rebuilt"),
])
def test_matrix_row_breaks(body, note):
    lit = parse_chains(r"\begin{bmatrix} " + body + r" \end{bmatrix}")[0].parts[0]
    assert isinstance(lit, Lit) and lit.value == sp.eye(2)
    assert (note in str(lit.note)) if note else not lit.note


def test_decimals_stay_exact_and_keep_their_printed_form():
    lit = parse_chains("[[0.45, 1.0], [-0.27, 2]]")[0].parts[0]
    assert lit.value == sp.Matrix([[sp.Rational(9, 20), 1], [sp.Rational(-27, 100), 2]])
    assert lit.texts == (("0.45", "1.0"), ("-0.27", "2"))


@pytest.mark.parametrize("text,value", [
    (r"\frac{e^{0.5}}{e^{0.5} + 2}", A11),
    (r"\sqrt{4}", 2),
    ("-\\infty", -sp.oo),
    (r"\dfrac{1}{3}", sp.Rational(1, 3)),
    ("2^{10}", 1024),
])
def test_scalar_values(text, value):
    assert scalar_value(parse_expression(text)) == value


def test_relations_and_separators():
    chains = parse_chains(r"D=4, L=3 \quad \sqrt{4} = 2 \approx 2.0")
    assert [c.rels for c in chains] == [("=",), ("=",), ("=", "≈")]
    assert parse_chains("0 < a < 1")[0].unsupported == "<"


# --------------------------------------------------------------------------- comparison

@pytest.mark.parametrize("text,exact,rel,status,correct", [
    ("0.45", A11, "≈", "rounded", "0.45"),
    ("0.45", A11, "=", "rounded", "0.45"),       # a decimal is read at its printed precision
    ("0.452", A11, "≈", "rounded", "0.452"),
    ("0.4519", A11, "≈", "rounded", "0.4519"),
    ("0.46", A11, "≈", "wrong", "0.45"),
    ("0.4", A11, "≈", "wrong", "0.5"),           # truncated, not rounded: wrong (0.4519 rounds to 0.5)
    ("0.3", A11, "≈", "wrong", "0.5"),
    ("0.45", sp.Rational(445, 1000), "≈", "rounded", "0.45"),   # 0.45 means [0.445, 0.455)
    ("0.45", sp.Rational(455, 1000), "≈", "rounded", "0.46"),  # an exact tie: both neighbours agree
    ("0.46", sp.Rational(4549, 10000), "≈", "wrong", "0.45"),   # above the value: not a truncation
    ("0.45", sp.Rational(4549999, 10 ** 7), "≈", "rounded", "0.45"),
    ("1.0", sp.Integer(1), "=", "exact", ""),
    ("2", sp.Integer(2), "=", "exact", ""),
    ("2", sp.sqrt(4) + sp.Rational(1, 10 ** 9), "=", "wrong", None),   # an integer after = must be exact
    ("0.33", sp.Rational(1, 3), "≈", "rounded", "0.33"),
    ("-0.27", -sp.Rational(27, 100), "=", "exact", ""),
])
def test_compare_entry(text, exact, rel, status, correct):
    result = compare_entry(text, sp.Rational(text), exact, rel)
    assert result.status == status
    if correct is not None:
        assert result.correct == correct


def test_compare_symbolic_rows():
    v1, v2 = sp.symbols("v_1 v_2")
    exact = A11 * v1 + (1 - A11) * v2
    assert compare_entry("0.45 v_1 + 0.55 v_2", sp.Rational(45, 100) * v1 + sp.Rational(55, 100) * v2,
                         exact, "≈").status == "rounded"
    assert compare_entry("0.4 v_1 + 0.6 v_2", sp.Rational(2, 5) * v1 + sp.Rational(3, 5) * v2, exact,
                         "≈").status == "wrong"


def test_places_of():
    assert [places_of(t) for t in ("0.45", "1.0", "2", "-0.270", "x")] == [2, 1, 0, 3, None]


# --------------------------------------------------------------------------- consistency

def test_sanity_rows():
    assert sanity_rows((("0.45", "0.27", "0.27"),))[0] == []
    assert str(sanity_rows((("0.50", "0.50", "0.01"),))[1][0]).startswith("row 1 of the printed weights sums to 1.01")
    assert "negative" in str(sanity_rows((("1.2", "-0.2"),))[0][0])
    assert "sums to 0.8" in str(sanity_rows((("0.4", "0.4"),))[0][0])


def test_shift_pairs():
    s = sp.Matrix([[1, 1, 2], [2, 2, 2], [0, 0, 1]])
    assert shift_pairs(s) == [(0, 2, 1)]


@pytest.mark.parametrize("text,declared", [
    ("为了简单，这里不缩放。", True),
    ("In this example we skip the scaling by √d_k.", True),
    ("We omit the scaling to keep the numbers small.", True),
    ("Without scaling, the softmax saturates.", False),      # an explanation, not a convention
    ("不除会怎样？", False),
])
def test_declared_no_scaling(text, declared):
    assert (declared_no_scaling(text) is not None) == declared


# --------------------------------------------------------------------------- symbol table

def test_entry_references():
    assert entry_ref("s_{23}") == ("scores", 2, 3)
    assert entry_ref("a_{1,2}") == ("weights", 1, 2)
    assert entry_ref("v_{我}") is None
    r = check_text("$$Q = K = \\begin{bmatrix} 2 & 0 \\\\ 0 & 2 \\end{bmatrix}$$\n\n$$s_{12} = q_1 \\cdot k_2 = 0$$\n")
    assert [c.status for c in r.claims if c.line == 3] == ["exact", "exact"]


def test_scores_printed_without_a_name_are_found_by_a_later_step():
    text = "\n\n".join([
        r"$$Q = \begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}, \quad K = \begin{bmatrix} 1 & 1 \\ 0 & 1 \end{bmatrix}$$",
        r"$$\begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix} \times \begin{bmatrix} 1 & 0 \\ 1 & 1 \end{bmatrix} "
        r"= \begin{bmatrix} 1 & 0 \\ 1 & 1 \end{bmatrix}$$",
        r"$$\text{Scaled Scores} = \begin{bmatrix} 0.71 & 0 \\ 0.71 & 0.71 \end{bmatrix}$$"])
    r = check_text(text)
    assert [(c.line, c.status) for c in r.claims] == [(3, "exact"), (5, "rounded")]


# --------------------------------------------------------------------------- extraction

def test_extract_kinds_and_lines():
    text = "\n".join([
        "Inline $a = 1$ and \\(b = 2\\).",                   # 1
        "$$",                                                # 2
        "c = 3",                                             # 3
        "$$",                                                # 4
        "\\[ d = 4 \\]",                                     # 5
        "\\begin{align}",                                    # 6
        "  e_1 &= 5 \\\\",                                   # 7
        "  f &= \\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix}",   # 8
        "\\end{align}",                                      # 9
        "```python",                                         # 10
        "g = [[1, 2],",                                      # 11
        "     [3, 4]]",                                      # 12
        "```",                                               # 13
        "√9 = 3",                                            # 14
    ])
    got = [(s.line, s.kind) for s in extract(Document.of(text))]
    assert got == [(1, "inline"), (1, "inline"), (3, "display"), (5, "display"), (7, "env"), (8, "env"),
                   (11, "code"), (14, "plain")]


def test_latex_comments_and_preamble_are_skipped():
    text = "\\documentclass{article}\n\\newcommand{\\x}{$1 = 2$}\n\\begin{document}\n% $2 = 3$\n$4 = 4$\n\\end{document}\n"
    assert [(s.line, s.text) for s in extract(Document.of(text, "a.tex"))] == [(5, "4 = 4")]


def test_tables():
    text = "Attention weights ≈\n\n| | a | b |\n|---|---|---|\n| a | 0.73 | 0.27 |\n| b | 0.5 | 0.5 |\n"
    segs = extract(Document.of(text))
    assert [s.kind for s in segs] == ["table"]
    assert r"\approx" in segs[0].text and "0.73 & 0.27" in segs[0].text
    ascii_table = "Weights =\n\n+---+---+\n| 1 | 0 |\n| 0 | 1 |\n+---+---+\n"
    assert "1 & 0" in extract(Document.of(ascii_table))[0].text


# --------------------------------------------------------------------------- guards and robustness

def test_time_budget_raises_in_the_main_thread_and_in_others():
    with pytest.raises(guard.GuardError):
        with guard.budget(-1):
            guard.tick()
    errors = []

    def work():
        try:
            with guard.budget(-1):
                guard.tick()
        except guard.GuardError as exc:
            errors.append(exc)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert len(errors) == 1


def test_a_slow_claim_becomes_unverifiable(monkeypatch):
    from symattn import limits
    monkeypatch.setattr(limits, "CHECK_SECONDS", -1.0, raising=False)   # every claim is over budget
    r = check_text("$$\\sqrt{4} = 2$$\n")
    assert [c.status for c in r.claims] == ["unverifiable"]
    assert "longer than" in r.claims[0].detail


def test_size_guards():
    big = r"\begin{bmatrix} " + " \\\\ ".join(["1"] * 300) + r" \end{bmatrix}"
    r = check_text(f"$$X = {big}$$\n\n$$\\frac{{1}}{{2}} = {'{' * 200}1{'}' * 200}$$\n$$10^{{99999}} = 1$$\n")
    assert all(c.status == "unverifiable" for c in r.claims) and len(r.claims) == 3


def test_check_in_a_worker_thread():
    out = []
    t = threading.Thread(target=lambda: out.append(check_text("$\\sqrt{4} = 2$")))
    t.start()
    t.join()
    assert out and out[0].claims[0].status == "exact"


FRAGMENTS = st.sampled_from([
    "$", "$$", "\\[", "\\]", "\\begin{bmatrix}", "\\end{bmatrix}", "\\begin{align}", "\\end{align}", "&", "\\\\",
    "=", "\\approx", "≈", "×", "\\times", "^T", "^{", "}", "{", "_", "(", ")", "[", "]", ",", "1", "0.45", "-",
    "\\frac", "\\sqrt", "√", "Q", "K", "V", "X", "softmax", "\\text{Scores}", "\\infty", "e^", "|", "---",
    "\n", " ", "```", "%", "我", "ᵀ", "\\quad", "\\text{(维度: }", "3 \\times 4", "\\leftarrow", "\\ldots",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(FRAGMENTS, max_size=60))
def test_no_input_crashes_the_checker(parts):
    r = check_text("".join(parts), "fuzz.md")
    for c in r.claims:
        assert c.status in ("exact", "rounded", "wrong", "unverifiable")
        assert c.line >= 1
        if c.status == "unverifiable":
            assert c.detail
        assert not c.detail.startswith("internal error"), c.detail


def test_segment_limit(monkeypatch):
    monkeypatch.setattr(guard, "MAX_SEGMENTS", 3)
    r = check_text("\n".join(f"$\\sqrt{{{i * i}}} = {i}$" for i in range(1, 7)), "many.md")
    assert [c.status for c in r.claims] == ["exact"] * 3 + ["unverifiable"]
    assert r.claims[-1].line == 4 and "3 more" in r.claims[-1].detail
    assert any("only the first 3" in str(n) for n in r.notes)


def test_function_signatures_and_markdown_escapes():
    chain = parse_chains(r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\left(\frac{QK^T}{\sqrt{d\_k}}\right)V")[0]
    assert chain.errors == (None, None)
    assert pretty(chain.parts[0]) == "Attention(Q, K, V)"
    assert pretty(chain.parts[1]) == "softmax((Q·Kᵀ)/√d_k)·V"


def test_crlf_line_endings_give_the_same_report():
    from symattn.check.golden import ARTICLES
    for name in ("en-plain-text-arrays.md", "latex-align-pmatrix.tex"):
        text = (ARTICLES / name).read_text(encoding="utf-8")
        a, b = check_text(text, name), check_text(text.replace("\n", "\r\n"), name)
        assert [(c.line, c.status, c.detail) for c in a.claims] == [(c.line, c.status, c.detail) for c in b.claims]


@pytest.mark.parametrize("text", [
    "$" * 20_000,
    "$a$ " * 5_000,
    "\\begin{align}" * 2_000,
    "$$ x " * 4_000,
    "$" + "{" * 5_000 + "}" * 5_000 + "$",
    ("[ " + "1 " * 500 + "x\n") * 20,
    "$" + "\\quad " * 5_000 + "$",
    "$e" + "^{e" * 300 + "}" * 300 + " = 1$",
    "\\" * 20_000,
], ids=["dollars", "dollar-pairs", "unclosed-env", "unclosed-display", "deep-braces", "long-rows", "quads",
        "power-tower", "backslashes"])
def test_pathological_pages_give_a_report(text):
    r = check_text(text, "page.md")
    assert all(c.status == "unverifiable" for c in r.claims)
    assert not any(c.detail.startswith("internal error") for c in r.claims)


def test_keys_given_only_as_their_transpose():
    r = check_text("$$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}, \\quad "
                   "K^T = \\begin{bmatrix} 1 & 2 \\\\ 0 & 1 \\end{bmatrix}$$\n\n"
                   "$$QK^T = \\begin{bmatrix} 1 & 2 \\\\ 0 & 1 \\end{bmatrix}$$\n")
    assert [(c.line, c.status) for c in r.claims] == [(3, "exact")]
    assert (1, "Kᵀ given, 2×2") in [(line, str(d)) for line, d in r.definitions]


def test_short_names_that_mean_something_else_are_not_false_alarms():
    text = ("$$X = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}, \\quad "
            "Q = K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}$$\n\n"
            "A warm-up: $$A = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}$$ with $n = 8$ heads, "
            "$L = 3$ tokens and $d_k = 3$.\n")
    r = check_text(text)
    by_source = {c.source: c for c in r.claims}
    assert by_source[r"A = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}"].status == "unverifiable"
    assert "probably another matrix" in by_source[r"A = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}"].detail
    assert by_source["n = 8"].status == "unverifiable" and "another quantity" in by_source["n = 8"].detail
    assert by_source["L = 3"].status == "exact"
    assert by_source["d_k = 3"].status == "wrong"          # an explicit d_k that is not the width of K
    assert r.exit_code == 1


def test_one_time_budget_for_the_whole_article(monkeypatch):
    """Many slow claims share one article budget: those after it is spent are unverifiable.  The
    budget's clock is a counter here (a hundredth of a second each time it is read), so what is
    spent does not depend on the machine: the 400th claim comes long after 0.2 s."""
    from types import SimpleNamespace
    ticks = iter(range(10 ** 9))
    monkeypatch.setattr(guard, "time", SimpleNamespace(monotonic=lambda: next(ticks) / 100))
    monkeypatch.setenv("SYMATTN_CHECK_ARTICLE_SECONDS", "0.2")
    text = "\n\n".join(f"$$\\frac{{e^{{{i}/7}}}}{{e^{{{i}/7}}+e^{{1/3}}+2}} = 0.{i}$$" for i in range(400))
    r = check_text(text)
    assert len(r.claims) == 400
    assert "time budget" in r.claims[-1].detail and r.claims[-1].status == "unverifiable"


def test_a_count_in_millions_and_a_bracketed_factor_are_part_of_a_size_product():
    # 64 × (256 + 256) × 2 B = 65,536 B = 65.536 kB (66 kB) or 64 KiB: "65 KB" is right under no reading;
    # 1M × 78 × 65 KB = 2^20 × 78 × 66,560 B = 5.44e12 B = 4.95 TiB ≈ 5 TB (binary reading)
    assert 64 * 512 * 2 == 65536 and round(2 ** 20 * 78 * 65 * 1024 / 2 ** 40, 2) == 4.95
    text = ("- per token: 64 × (256 + 256) × 2 bytes = 65 KB\n"
            "- 1M context, 78 layers: 1M × 78 × 65 KB ≈ **5 TB**\n")
    by_line = {}
    for c in check_text(text).claims:
        by_line.setdefault(c.line, set()).add(c.status)
    assert by_line[1] == {"wrong"} and "wrong" not in by_line[2] and "rounded" in by_line[2]


@pytest.mark.parametrize("line, status", [
    # 48·4·1600·1600·1024 = 503,316,480,000 FLOPs = 503.3 GFLOPs: 504 is rounded up, 503 is right
    ("Attention: 48 * 4 * 1600 * 1600 * 1024 = 503316480000 FLOPs = 504 GFLOPs", "wrong"),
    ("Attention: 48 * 4 * 1600 * 1600 * 1024 = 503316480000 FLOPs = 503 GFLOPs", "rounded"),
    # 2·50,257·768·1024 = 79,047,426,048: 79.0 GFLOPs, whatever the doubled "="
    ("Final Linear: 2 * 50,257 * 768 * 1024 =  = 79.1 GFLOPs", "wrong"),
    ("Final Linear: 2 * 50,257 * 768 * 1024 =  = 79.0 GFLOPs", "rounded"),
])
def test_a_count_goes_on_to_the_same_count_at_a_scale(line, status):
    """A count written with what it counts (``FLOPs``) is the same count at a scale after it."""
    assert 48 * 4 * 1600 * 1600 * 1024 == 503316480000 and round(2 * 50257 * 768 * 1024 / 1e9, 1) == 79.0
    claims = check_text("```\n" + line + "\n```\n", "t.md").claims
    last = [c for c in claims if c.status != "unverifiable"][-1]
    assert last.status == status and "GFLOPs" in str(last.what), [(c.status, c.what) for c in claims]


def test_a_count_of_typed_values_goes_on_to_their_bytes_and_is_used_at_its_exact_size():
    """2×128×56 = 14336 float16 values = 28 KB (28,672 bytes: 28 KiB, right); then 28KB×61 is
    1,748,992 bytes, 1.75 MB or 1.67 MiB: 1.71 MB is wrong either way, and 4096 of them, 7.16 GB or
    6.67 GiB, are not 7.0 GB (carried)."""
    b = 2 * 128 * 56 * 2
    assert b == 28 * 1024 and round(b * 61 / 1e6, 2) == 1.75 and round(b * 61 / 2 ** 20, 2) == 1.67
    text = ("2×h×$d_{k}$=2×128×56=14336 个 float16=**28KB**\n\n"
            "每个 token 的 KV Cache = 28KB×61≈**1.71MB**\n\n总 KV Cache = 4096×1.71MB≈**7.0GB**。\n")
    wrong = {c.line: c for c in check_text(text, "t.md").claims if c.status == "wrong"}
    assert set(wrong) == {3, 5} and wrong[5].cause == "carried", [(c.line, c.status, c.what) for c in
                                                                    check_text(text, "t.md").claims]
    right = text.replace("1.71MB", "1.75MB").replace("7.0GB", "7.2GB")
    assert not [c for c in check_text(right, "t.md").claims if c.status == "wrong"]


def test_a_chinese_full_stop_ends_a_size_chain():
    """Two chains in two sentences of one line: 2×32×4096×4096×2 bytes is 2 GiB (right); after the 。
    2×1×4096×4096×2 is 64 MiB (67.1 MB), so 128MB is wrong, on its own."""
    assert 2 * 32 * 4096 * 4096 * 2 == 2 * 2 ** 30 and 2 * 4096 * 4096 * 2 == 64 * 2 ** 20
    line = "MHA 的 KV cache 大小为 2×32×4096×4096×2 bytes ≈ 2GB（FP16）。MQA 降为 2×1×4096×4096×2 ≈ {}MB\n"
    claims = check_text(line.format(128), "t.md").claims
    assert [str(c.what) for c in claims if c.status == "wrong"] == ["2×1×4096×4096×2 = 128 MB"]
    assert not [c for c in check_text(line.format(64), "t.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("text, status", [
    # 4096² = 16,777,216 = 16.8 million: the scale word after the closing $ is the result's
    (r"The scores: $4096^2 \approx 16.8$ million entries.", "not wrong"),
    (r"Les scores : $4096^2 \approx 16{,}8$ millions d'entrées.", "not wrong"),
    (r"Die Scores: $4096^2 \approx 16{,}8$ Millionen Einträge.", "not wrong"),
    # 4·8192·131072·80 = 343,597,383,680 FLOPs = 344 GFLOPs (354 is wrong); 2·2·4096²·64 = 4.29e9
    (r"Attention costs $$4 \times 8192 \times 131072 \times 80 \approx 344$$ GFLOPs per token.", "not wrong"),
    (r"Attention costs $$4 \times 8192 \times 131072 \times 80 \approx 354$$ GFLOPs per token.", "wrong"),
    (r"Useful work: $2\times2\times4096^2\times64 \approx 4.3$ GFLOPs.", "not wrong"),
    (r"Useful work: $2\times2\times4096^2\times64 \approx 8.6$ GFLOPs.", "wrong"),
    # 128 KiB · 8192 · 64 = 2³⁶ B = 64 GiB: an operand with its own unit is no plain number to drop
    (r"The KV cache read per step: $$B = 1$$, and $$128\,\text{KiB} \times 8192 \times 64 = 64$$ GiB in all.",
     "not wrong"),
])
def test_a_unit_or_scale_after_the_closing_delimiter_is_the_results(text, status):
    assert 4096 ** 2 == 16777216 and 4 * 8192 * 131072 * 80 == 343597383680 and 128 * 1024 * 8192 * 64 == 64 * 2 ** 30
    claims = check_text(text + "\n", "t.md").claims
    wrong = [c for c in claims if c.status == "wrong"]
    assert bool(wrong) == (status == "wrong"), [(c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("printed, status", [("128", "not wrong"), ("129", "wrong"), ("256", "wrong")])
def test_a_count_of_elements_written_as_bytes_is_read_at_the_element_size_the_article_names(printed, status):
    # 8192·8192 = 67,108,864 values; at fp16's 2 bytes 134,217,728 B = 128 MiB (134 MB): 129 and 256 are
    # right under no reading.  Where the expression has the 2 bytes among its factors, it has them already:
    # 2·1·4096·4096·2 = 64 MiB, so 128MB stays wrong.
    assert 8192 * 8192 * 2 == 128 * 2 ** 20 and 2 * 4096 * 4096 * 2 == 64 * 2 ** 20
    text = f"Scores are kept in fp16.\n\nOne head needs 8192*8192={printed}MB of memory.\n"
    wrong = [c for c in check_text(text, "t.md").claims if c.status == "wrong"]
    assert bool(wrong) == (status == "wrong"), [(c.status, str(c.reason)) for c in check_text(text, "t.md").claims]
    doubled = "Scores are kept in fp16.\n\nMQA: 2×1×4096×4096×2 ≈ 128MB of cache.\n"
    assert [c.status for c in check_text(doubled, "t.md").claims if c.status == "wrong"] == ["wrong"]


def test_the_body_of_a_myst_directive_fence_is_the_articles_own_text():
    # ````{admonition} holds Markdown: its thin-space groups are thousands (8 · 98,304 = 786,432) in a
    # paragraph of decimal commas; 786,433 is wrong
    assert 8 * 98304 == 786432
    body = ("Les poids sont $(0{,}422,\\; 0{,}155,\\; 0{,}422)$.\n\n````{admonition} Solution\n:class: dropdown\n\n"
            "Huit têtes : $8 \\times 98\\,304 = {v}$ paramètres.\n````\n")
    right = check_text(body.replace("{v}", "786\\,432"), "t.md").claims
    assert [c.status for c in right if c.line == 6] == ["exact"], [(c.line, c.status, str(c.reason)) for c in right]
    wrong = check_text(body.replace("{v}", "786\\,433"), "t.md").claims
    assert [c.status for c in wrong if c.line == 6] == ["wrong"]


def test_a_printed_count_used_in_a_quotient_carries_and_sizes_follow_the_articles_powers_of_two():
    # 2·16·8·128·2 = 65,536 B = 64 KB: this article counts in powers of two.  64 KB × 80 = 5 MiB
    # (5.24 MB), so 5.12 MB is wrong; 56 GB / 5 MiB = 56·2³⁰ / 5·2²⁰ = 11,468.8 blocks, so 10937 is wrong
    # (carried), and 10937 / 8192 ≈ 1.3 is right from its printed operand but 11,468.8 / 8192 = 1.4 end
    # to end (carried too)
    assert 2 * 16 * 8 * 128 * 2 == 64 * 1024 and 56 * 2 ** 30 / (5 * 2 ** 20) == 11468.8
    assert round(10937 / 8192, 1) == 1.3 and round(11468.8 / 8192, 1) == 1.4
    text = ("- per block: 2 * 16 * 8 * 128 * 2 = 64 KB\n- per request: 64 KB * 80 = {a} MB\n"
            "- blocks: 56 GB / {a} MB ≈ {b}\n- requests: {b} / 8192 ≈ {c}\n")
    wrong = {c.line: c for c in check_text(text.format(a="5.12", b="10937", c="1.3"), "t.md").claims
             if c.status == "wrong"}
    assert sorted(wrong) == [2, 3, 4] and wrong[4].cause == "carried", [(c.line, str(c.reason)) for c in wrong.values()]
    right = check_text(text.format(a="5", b="11469", c="1.4"), "t.md").claims
    assert not [c for c in right if c.status == "wrong"], [(c.line, str(c.reason)) for c in right]


@pytest.mark.parametrize("line, status", [
    ("- program ids: offset_bh // H = 120 // 32 = 7", "wrong"),      # 120 // 32 is 3 (floor of 3.75)
    ("- program ids: offset_bh // H = 120 // 32 = 3", "exact"),
    ("- blocks per request: `131072 // 16 = 8192`", "exact"),
    ("- blocks per request: `131072 // 16 = 8193`", "wrong"),
])
def test_floor_division_as_programmers_write_it_in_prose(line, status):
    assert 120 // 32 == 3 and 131072 // 16 == 8192
    claims = [c for c in check_text(line + "\n", "t.md").claims if c.status != "unverifiable"]
    assert [c.status for c in claims] == [status], [(c.status, str(c.reason)) for c in claims]


def test_a_count_with_its_noun_before_a_product_sign_is_a_size_chain():
    # 2·64·128·2 = 32,768 B = 32 KB; 80 × 32,768 B = 2,621,440 B: 2.62 MB or 2.5 MiB, so 2.56 MB is right
    # under no reading; 4096 tokens × 2,621,440 B = 10.74 GB (10 GiB): 10.5 GB is carried
    assert 80 * 32768 == 2621440 and round(4096 * 2621440 / 1e9, 2) == 10.74
    text = ("```\nper token per layer = 2 × 64 × 128 × 2 bytes = 32 KB\n80 layers × 32 KB = {a} MB per token\n"
            "4096 tokens × {a} MB = {b} GB\n```\n")
    wrong = sorted(c.line for c in check_text(text.format(a="2.56", b="10.5"), "t.md").claims if c.status == "wrong")
    assert wrong == [3, 4]
    assert not [c for c in check_text(text.format(a="2.62", b="10.7"), "t.md").claims if c.status == "wrong"]


@pytest.mark.parametrize("line", [
    "- Total across all layers: 20.97 GFLOPs × 48 layers = 1.007 TFLOPs",   # 1006.56 GFLOPs: right
    "node_compute = 8 GPUs × 10 PFLOPS = 80 PFLOPS (dense FP4)",
    "- total time: 42 ms × 1000 ≈ 42 s",
    "- Attention: 144M * 61 = 8,8B per layer stack",                          # 8,784M: 8.8 billion
    "Common setting: Llama-3-8B = 32 heads × 128 dims = 4096.",
])
def test_an_operand_with_a_scaled_unit_a_decimal_comma_or_a_name_with_digits_is_no_false_alarm(line):
    claims = check_text(line + "\n", "t.md").claims
    assert not [c for c in claims if c.status == "wrong"], [(c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("line, wrong", [
    ("Per link: 900 ÷ 7 ≈ 128 GB/s.", True),        # 128.57 -> 129
    ("Per link: 900 ÷ 7 ≈ 129 GB/s.", False),
    ("Half the card: 80 GB / 2 = 40 GB.", False),
    ("Copies on one card: (80GB - 14GB) / 2GB = 32.", True),   # 33
    ("108*192/1024 = 20MB of SRAM in all.", False),                  # 20.25 MB, a size printed whole
    ("The step takes 112e9 / (8 * 8.1e11) = 17ms.", False),          # a time unit scales: 0.0173 s
])
def test_a_quotient_in_one_unit_is_read_in_that_unit(line, wrong):
    claims = check_text(line + "\n", "u.md").claims
    assert bool([c for c in claims if c.status == "wrong"]) == wrong, [(c.status, str(c.reason)) for c in claims]


@pytest.mark.parametrize("line, status", [
    ("* 50,257語彙 × 768次元 = 38,597,376個のパラメータ", "exact"),
    ("* 50,257语汇 × 768维 = 38,597,377个参数", "wrong"),          # 50257·768 = 38,597,376
    ("* 1,024위치 × 768차원 = 786,432개", "exact"),
    ("2. 8ヘッドの場合 = 128 / 8 = 16", "exact"),                  # a case named, then its arithmetic
])
def test_a_cjk_counter_glued_to_a_number_is_what_it_counts(line, status):
    claims = [c for c in check_text(line + "\n", "u.md").claims if c.status != "unverifiable"]
    assert claims and {c.status for c in claims} == {status}, [(c.status, str(c.reason)) for c in claims]


def test_a_pair_padded_to_line_up_in_brackets_is_a_list_not_a_decimal_comma():
    # "[ 0,20]" under "[10, 0]" in a note whose article writes decimal points: the values 0 and 20
    from symattn.check.read import read_blocks
    text = ("Weights are 0.665 and 0.245.\n\n```text\nV₁ = [10, 0]\nV₂ = [ 0,20]\nV₃ = [ 5, 5]\n```\n")
    texts = [b.texts for b in read_blocks(Document.of(text, "t.md")) if b.line >= 4]
    assert (("0", "20"),) in texts, texts


def test_unicode_subscripts_in_a_label_number_the_rows_of_a_name():
    from symattn.check.bind.lexicon import named
    assert named(["V₂ ="]).step == "V" and named(["V₂ ="]).row == 2
    assert named(["x₁₂ ="]).row == 12


def test_an_integer_printed_after_approx_is_corrected_to_the_nearest_integer():
    # 900/7 = 128.571…: "≈ 128" is wrong at its rounding, and the right print is 129, not 128.571
    claims = [c for c in check_text("Per link: 900 ÷ 7 ≈ 128 GB/s.\n", "u.md").claims if c.status == "wrong"]
    assert [e.get("correct") for c in claims for e in c.entries] == ["129"], [c.entries for c in claims]


@pytest.mark.parametrize("label, step", [("softmax(scores) =", "weights"), ("exp(scores) =", "exp"),
                                         ("np.exp(scores) =", "exp"), (r"\text{Softmax}(S) =", "weights"),
                                         ("Key (K)", "K")])
def test_a_function_applied_in_a_label_names_its_result(label, step):
    # "softmax(scores) =" prints the weights; a word with its symbol in brackets ("Key (K)") stays a caption
    from symattn.check.bind.lexicon import named
    from symattn.check.names import hint
    assert named([label]).step == step
    assert label.startswith("Key") or hint([label]) == step
