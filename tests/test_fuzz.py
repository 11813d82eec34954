"""Property tests (hypothesis) over specs and article text: no crash, every failure clean.

Bounded and deterministic for CI: ``derandomize=True``, no example database, a
fixed ``max_examples`` per test (2,500 in all; the last test checks that at least
2,000 really ran when the whole module runs).  Each example is small, so the
module takes a minute or two.

* specs: random numeric matrices of every small shape (cross-checked against
  numpy), random shape mismatches (an exact oracle: an error iff the shapes
  disagree), random entries mixing numbers and LaTeX fragments through the CLI,
  random edits of a valid TOML spec;
* LaTeX: random fragments through ``parse_scalar`` / ``parse_matrix``;
* articles (when ``symattn.check`` exists): random edits of the real article,
  random formulas, random bytes through the CLI: every claim gets one of the four
  statuses, every failure is a ``SymattnError`` / exit 2.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from collections import Counter
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symattn import limits
from symattn.errors import SymattnError

# test_fuzz_example_count adds up the examples of the whole module: with pytest-xdist the module runs in
# one worker (the README's command gives --dist loadgroup)
pytestmark = pytest.mark.xdist_group("fuzz")

EXAMPLES = Counter()  # test name -> examples run
PLANNED = {}          # test name -> max_examples


def fuzz(n: int):
    """settings for one property test: n examples, deterministic, no deadline."""
    def wrap(fn):
        PLANNED[fn.__name__] = n
        return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                        suppress_health_check=list(HealthCheck))(fn)
    return wrap


def count(name: str) -> None:
    EXAMPLES[name] += 1


@pytest.fixture(autouse=True, scope="module")
def _short_time_limit():
    """A pathological fragment should fail fast here, not after the default 5 s."""
    old = limits.MAX_SECONDS
    limits.MAX_SECONDS = 1.0
    yield
    limits.MAX_SECONDS = old


def _cli(*argv) -> tuple[int, str, str]:
    from symattn.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def _clean_failure(code: int, out: str, err: str) -> None:
    assert code == 2, (code, err)
    assert err.count("\n") == 1 and err.startswith("symattn: error: "), err
    assert "Traceback" not in err and "internal error" not in err


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # JSON string escapes are valid TOML


# ---------------------------------------------------------------- strategies

SMALL_INT = st.integers(-6, 6)
DECIMAL = st.decimals(min_value=-5, max_value=5, places=2, allow_nan=False, allow_infinity=False)
NUMBER = st.one_of(SMALL_INT, DECIMAL)

# LaTeX pieces: well-formed ones, broken ones, and hostile ones.
FRAGMENTS = [
    "1", "2", "0", "3", "0.5", "0.25", "-", "+", "x", "y", "e", "\\pi", "\\frac{1}{2}", "\\frac{3}{4}",
    "\\sqrt{2}", "\\sqrt{4}", "e^{1/2}", "e^{-1}", "2^{3}", "\\cdot", "\\times", "/", "^", "_", "{", "}",
    "(", ")", "[", "]", "\\left(", "\\right)", "\\frac", "\\sqrt", "\\infty", "!", "&", "\\\\", " ",
    "\\text{我}", "v_{我}", "q_{12}", "\\mathrm{e}", "\\dfrac{1}{3}", "\\begin{bmatrix}", "\\end{bmatrix}",
    "\\input{/etc/passwd}", "\\def", "\\operatorname{exec}", "__import__('os')", "10^{10^{10}}", "99999!",
    "\\sum_{i=1}^{3} i", "\\int", "\\lim", "'", "\"", "$", "%", "#", "~", "\\", "=", "<", "\\approx",
    "\\ln 2", "\\log", "\\sin", "|x|", "\\binom{5}{2}", "1e5", "１", "×", "√", "≈", "ᵀ", "\x00", "\t",
]
LATEX = st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=8).map("".join)
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=24)
ENTRY = st.one_of(NUMBER, LATEX, TEXT)


def _entry_toml(v) -> str:
    if isinstance(v, str):
        return _toml_str(v)
    return str(v)


def _matrix_toml(rows) -> str:
    return "[" + ", ".join("[" + ", ".join(_entry_toml(v) for v in r) + "]" for r in rows) + "]"


def matrices(rows: int, cols: int, entries=NUMBER):
    return st.lists(st.lists(entries, min_size=cols, max_size=cols), min_size=rows, max_size=rows)


# ---------------------------------------------------------------- specs


def _np(rows) -> np.ndarray:
    return np.array([[float(v) for v in r] for r in rows], dtype=float)


@fuzz(300)
@given(st.data())
def test_numeric_specs_of_every_small_shape_match_numpy(data):
    """Random numbers, L and d_k from 1 to 4: derives, and agrees with numpy."""
    from symattn.render.json_format import to_dict
    from symattn.spec import parse_spec
    from symattn.topics import derive

    count("test_numeric_specs_of_every_small_shape_match_numpy")
    L, d, dv = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4)), data.draw(st.integers(1, 3))
    Q, K = data.draw(matrices(L, d)), data.draw(matrices(L, d))
    V = data.draw(st.one_of(st.none(), matrices(L, dv)))
    d_k = data.draw(st.one_of(st.none(), st.sampled_from([1, 2, 3, 4, Decimal("0.5"), 16])))
    text = (f"tokens = [{', '.join(_toml_str(f't{i}') for i in range(L))}]\n"
            f"Q = {_matrix_toml(Q)}\nK = {_matrix_toml(K)}\ndigits = 12\n"
            + (f"V = {_matrix_toml(V)}\n" if V is not None else "")
            + (f"d_k = {d_k}\n" if d_k is not None else ""))
    steps = {s["id"]: s for s in to_dict(derive(parse_spec(text)), "en")["steps"]}
    scale = math.sqrt(float(d_k if d_k is not None else d))
    S = _np(Q) @ _np(K).T / scale
    A = np.exp(S - S.max(axis=1, keepdims=True))
    A /= A.sum(axis=1, keepdims=True)
    assert np.allclose(np.array(steps["weights"]["numeric"], dtype=float), A, rtol=1e-9, atol=1e-12)
    assert np.allclose(np.array(steps["scaled_scores"]["numeric"], dtype=float), S, rtol=1e-9, atol=1e-12)
    if V is not None:
        assert np.allclose(np.array(steps["output"]["numeric"], dtype=float), A @ _np(V), rtol=1e-9, atol=1e-9)
    else:
        assert all(v is None for row in steps["output"]["numeric"] for v in row)


@fuzz(300)
@given(st.integers(0, 4), st.tuples(st.integers(0, 4), st.integers(0, 4)),
       st.tuples(st.integers(0, 4), st.integers(0, 4)),
       st.one_of(st.none(), st.tuples(st.integers(0, 4), st.integers(0, 4))))
def test_shapes_error_exactly_when_they_disagree(L, q, k, v):
    from symattn.spec import parse_spec
    from symattn.topics import derive

    count("test_shapes_error_exactly_when_they_disagree")

    def mat(shape):
        r, c = shape
        return "[" + ", ".join("[" + ", ".join(str((i + j) % 3) for j in range(c)) + "]" for i in range(r)) + "]"

    text = (f"tokens = [{', '.join(_toml_str(f't{i}') for i in range(L))}]\nQ = {mat(q)}\nK = {mat(k)}\n"
            + (f"V = {mat(v)}\n" if v is not None else ""))
    shapes = [q, k] + ([v] if v is not None else [])
    consistent = (L > 0 and all(r == L and c > 0 for r, c in shapes) and q[1] == k[1])
    try:
        d = derive(parse_spec(text))
    except SymattnError as exc:
        assert not consistent, f"{text!r} is consistent but failed: {exc}"
        assert str(exc) and "\n" not in str(exc)
        return
    assert consistent, f"{text!r} is inconsistent but derived"
    assert d.step("weights").exact.shape == (L, L)


@fuzz(300)
@given(matrices(2, 2, ENTRY), st.one_of(st.none(), ENTRY), st.sampled_from(["md", "json", "tex", "text"]))
def test_random_entries_through_the_cli(tmp_path_factory, rows, d_k, fmt):
    """Numbers, LaTeX fragments and arbitrary text as entries: exit 0, or one clean line and exit 2."""
    count("test_random_entries_through_the_cli")
    spec = tmp_path_factory.getbasetemp() / "fuzz-entries.toml"
    spec.write_text(f'tokens = ["a", "b"]\nQ = {_matrix_toml(rows)}\nK = [[1, 0], [0, 1]]\n'
                    + (f"d_k = {_entry_toml(d_k)}\n" if d_k is not None else ""), encoding="utf-8")
    code, out, err = _cli("derive", spec, "--format", fmt)
    if code == 0:
        assert out and err == ""
    else:
        _clean_failure(code, out, err)


VALID_SPEC = """\
title = "Fuzz"
tokens = ["我", "爱", "你"]
Q = [[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]
K = "\\\\begin{bmatrix} 1 & 0 & 0 & 1 \\\\\\\\ 0 & 1 & 1 & 0 \\\\\\\\ 1 & 1 & 0 & 0 \\\\end{bmatrix}"
V = [[0.5, 1], [1, 0], [0, "\\\\frac{1}{2}"]]
d_k = 4
digits = 4
lang = "zh"

[claimed]
weights = [[0.45, 0.27, 0.27], [0.33, 0.33, 0.33], [0.27, 0.27, 0.45]]
"""

EDIT = st.tuples(st.sampled_from(["delete", "insert", "replace", "duplicate", "swap"]),
                 st.floats(0, 1), st.integers(1, 12), st.one_of(st.sampled_from(FRAGMENTS), TEXT))


def _edit(text: str, edits) -> str:
    for kind, where, size, piece in edits:
        i = int(where * len(text))
        if kind == "delete":
            text = text[:i] + text[i + size:]
        elif kind == "insert":
            text = text[:i] + piece + text[i:]
        elif kind == "replace":
            text = text[:i] + piece + text[i + len(piece):]
        elif kind == "duplicate":
            j = text.rfind("\n", 0, i) + 1
            k = text.find("\n", i)
            line = text[j:k + 1 if k >= 0 else len(text)]
            text = text[:j] + line + text[j:]
        else:  # swap two neighbouring lines
            lines = text.split("\n")
            n = min(int(where * len(lines)), len(lines) - 2)
            if n >= 0:
                lines[n], lines[n + 1] = lines[n + 1], lines[n]
            text = "\n".join(lines)
    return text


def test_valid_spec_is_valid():
    from symattn.spec import parse_spec
    from symattn.topics import derive
    assert derive(parse_spec(VALID_SPEC)).step("output").exact.shape == (3, 2)


@fuzz(300)
@given(st.lists(EDIT, min_size=1, max_size=3))
def test_edited_toml_specs(edits):
    from symattn.render import render
    from symattn.spec import parse_spec
    from symattn.topics import derive

    count("test_edited_toml_specs")
    text = _edit(VALID_SPEC, edits)
    try:
        spec = parse_spec(text, source="fuzz.toml")
        render(derive(spec), "md", spec.lang)
    except SymattnError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("fuzz.toml")


# ---------------------------------------------------------------- LaTeX


@fuzz(500)
@given(st.one_of(LATEX, TEXT))
def test_latex_fragments_parse_or_fail_cleanly(text):
    import sympy as sp

    from symattn.latex_input import parse_scalar

    count("test_latex_fragments_parse_or_fail_cleanly")
    try:
        value = parse_scalar(text)
    except SymattnError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert isinstance(value, sp.Expr)
    assert not value.has(sp.I, sp.nan, sp.zoo, sp.oo, -sp.oo)


@fuzz(200)
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_bmatrix_of_fragments(rows, cols, data):
    import sympy as sp

    from symattn.latex_input import parse_matrix

    count("test_bmatrix_of_fragments")
    cells = data.draw(matrices(rows, cols, st.one_of(SMALL_INT.map(str), LATEX)))
    text = r"\begin{bmatrix}" + r" \\ ".join(" & ".join(r) for r in cells) + r"\end{bmatrix}"
    try:
        m = parse_matrix(text)
    except SymattnError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(m, sp.ImmutableMatrix) and m.shape[0] >= 1


# ---------------------------------------------------------------- articles (symattn check)

STATUSES = {"exact", "rounded", "wrong", "unverifiable"}


ARTICLE = Path(__file__).resolve().parent / "articles" / "project" / "qkv-attention-by-hand.zh.md"


@pytest.fixture(scope="module")
def article_text():
    return ARTICLE.read_text(encoding="utf-8")


def _check(text: str):
    check = pytest.importorskip("symattn.check")
    try:
        report = check.check_text(text, "fuzz.md")
    except SymattnError as exc:
        assert "\n" not in str(exc)
        return None
    for claim in report.claims:
        assert claim.status in STATUSES, claim
    return report


def test_unedited_article_checks_clean(article_text):
    report = _check(article_text)
    assert report is not None and len(report.claims) >= 10


ARTICLE_EDIT = st.tuples(st.sampled_from(["delete", "insert", "replace", "duplicate", "swap"]),
                         st.floats(0, 1), st.integers(1, 40),
                         st.one_of(st.sampled_from(FRAGMENTS + ["$$", "$", "\n", "```", "|", "\\[", "\\]",
                                                                "\\begin{align}", "=", "≈ 0.45"]),
                                   TEXT, st.integers(0, 9).map(str)))


@fuzz(300)
@given(st.lists(ARTICLE_EDIT, min_size=1, max_size=4))
def test_edited_articles(article_text, edits):
    count("test_edited_articles")
    _check(_edit(article_text, edits))


@fuzz(200)
@given(LATEX, st.sampled_from(["$$%s$$", "$x = %s$", "$$S = %s = 1$$", "\\[%s\\]", "$$%s \\approx 0.45$$",
                               "```\n%s\n```", "| a | %s |\n|---|---|\n| 1 | %s |"]))
def test_random_formulas_in_articles(formula, frame):
    count("test_random_formulas_in_articles")
    _check("# t\n\n" + frame.replace("%s", formula) + "\n")


@fuzz(100)
@given(st.binary(max_size=64), st.floats(0, 1))
def test_random_bytes_in_an_article_through_the_cli(tmp_path_factory, article_text, junk, where):
    pytest.importorskip("symattn.check")
    count("test_random_bytes_in_an_article_through_the_cli")
    raw = article_text.encode("utf-8")
    i = int(where * len(raw))
    path = tmp_path_factory.getbasetemp() / "fuzz-article.md"
    path.write_bytes(raw[:i] + junk + raw[i:])
    code, out, err = _cli("check", path, "--format", "json")
    if code == 2:
        _clean_failure(code, out, err)
    else:
        assert code in (0, 1) and "Traceback" not in err, err
        assert {c["status"] for c in json.loads(out)["claims"]} <= STATUSES


def test_fuzz_example_count():
    """When the whole module ran, at least 2,000 examples did (hypothesis can stop early)."""
    if set(EXAMPLES) != set(PLANNED):
        pytest.skip("only part of the fuzz module ran")
    assert sum(PLANNED.values()) >= 2000
    print(f"fuzz examples run: {sum(EXAMPLES.values())} {dict(EXAMPLES)}")
    assert sum(EXAMPLES.values()) >= 2000, dict(EXAMPLES)
