"""The Python API of issue 28: derive(spec) from a dict, a path, TOML text or a Spec; check(text or path)."""

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

import symattn
from symattn import Derivation, Report, Spec, SymattnError, check, derive
from symattn.regen import DEFAULT_DIR

Q = [[0.5, 1, 0], [1, 0, 2]]
K = [[1, 0.25, 1], [0, 1, 1]]
V = [[1, 2], [3, -1]]


def _reference(q, k, v):
    q, k, v = (np.array(m, float) for m in (q, k, v))
    s = q @ k.T / np.sqrt(k.shape[1])
    a = np.exp(s - s.max(axis=1, keepdims=True))
    a /= a.sum(axis=1, keepdims=True)
    return a, a @ v


def _floats(m) -> np.ndarray:
    return np.array(sp.Matrix(m).evalf(30).tolist(), float)


def test_all_names_are_exported():
    for name in ("derive", "check", "Derivation", "Report", "Spec", "load_ipython_extension"):
        assert name in symattn.__all__ and getattr(symattn, name) is not None
    assert Spec is symattn.AttentionSpec
    assert hasattr(Report, "_repr_markdown_") and hasattr(Report, "_repr_latex_")
    assert hasattr(Derivation, "_repr_markdown_") and hasattr(Derivation, "_repr_latex_")


@pytest.mark.parametrize("make", [
    lambda: {"tokens": ["a", "b"], "Q": Q, "K": K, "V": V},
    lambda: {"tokens": ["a", "b"], "Q": np.array(Q), "K": np.array(K), "V": np.array(V)},
    lambda: {"tokens": ["a", "b"], "Q": sp.Matrix([[sp.Rational(1, 2), 1, 0], [1, 0, 2]]),
             "K": [[1, Fraction(1, 4), 1], [0, 1, 1]], "V": [[np.int64(1), 2], [3, -1]]},
    lambda: 'tokens = ["a", "b"]\nQ = [[0.5, 1, 0], [1, 0, 2]]\nK = [[1, 0.25, 1], [0, 1, 1]]\nV = [[1, 2], [3, -1]]\n',
], ids=["lists", "numpy", "sympy-fraction", "toml-text"])
def test_derive_a_dict_or_text_exactly_and_against_numpy(make):
    d = derive(make())
    assert d.step("queries").exact[0, 0] == sp.Rational(1, 2)  # 0.5 stays exact
    assert d.step("keys").exact[0, 1] == sp.Rational(1, 4)
    a, o = _reference(Q, K, V)
    assert np.allclose(_floats(d.step("weights").exact), a, atol=1e-14)
    assert np.allclose(_floats(d.step("output").exact), o, atol=1e-14)


def test_derive_matches_torch():
    torch = pytest.importorskip("torch")
    d = derive({"Q": Q, "K": K, "V": V})
    q, k, v = (torch.tensor([m], dtype=torch.float64) for m in (Q, K, V))
    ref = torch.nn.functional.scaled_dot_product_attention(q, k, v)[0].numpy()
    assert np.allclose(_floats(d.step("output").exact), ref, atol=1e-14)


def test_derive_a_path_a_string_path_and_a_spec_alike():
    path = DEFAULT_DIR / "projections.toml"
    by_path = derive(path)
    assert derive(str(path)) == by_path == derive(symattn.load_spec(path))
    assert derive(path, lang="en").lang == "en" and derive(path, digits=2).digits == 2
    assert [s.id for s in derive(path, steps=["weights"]).steps] == ["weights"]


def test_a_float_keeps_its_shortest_decimal():
    d = derive({"Q": [[0.1, 0.2]], "K": [[1, 1]]})
    assert d.step("scores").exact[0, 0] == sp.Rational(3, 10)  # 0.1 + 0.2 is 3/10, not 0.30000000000000004
    assert derive({"Q": [[sp.sqrt(2)]], "K": [[sp.sqrt(2)]]}).step("scores").exact[0, 0] == 2


@pytest.mark.parametrize("spec, needle", [
    ({"Q": [[1, 2]], "K": [[1, 2, 3]]}, "need the same width"),
    ({"Q": [[float("nan")]], "K": [[1]]}, "Q[1,1]: expected a finite number"),
    ({"Q": [[object()]], "K": [[1]]}, "got object"),
    ({"Q": [[1]], "K": [[1]], "colour": "red"}, "unknown key(s) colour"),
    ({"Q": [[1]], "K": [[1]], "lang": "fr"}, "lang must be 'zh' or 'en'"),
    ("no-such-spec.toml", "no-such-spec.toml"),
    (42, "a spec is a dict"),
])
def test_bad_specs_are_one_clear_error(spec, needle):
    with pytest.raises(SymattnError) as info:
        derive(spec)
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_check_text_path_and_str_path(tmp_path):
    article = tmp_path / "post.md"
    article.write_text("$$a_{11} = 1 + 1 = 3$$\n\n$$\\sqrt{4} = 2$$\n", encoding="utf-8")
    for given in (article, str(article), article.read_text(encoding="utf-8")):
        r = check(given)
        assert isinstance(r, Report) and r.count("wrong") == 1 and r.count("exact") >= 1
    assert check(article).file == str(article) and check("$$1 = 1$$").file == "<text>"
    md = check(article)._repr_markdown_()
    assert "| 1 | ✗ |" in md and "should be 2" in md
    with pytest.raises(SymattnError, match="missing.md"):
        check(str(tmp_path / "missing.md"))
    with pytest.raises(SymattnError, match="lang must be"):
        check("$$1 = 1$$", lang="fr")


def test_report_language_follows_the_article():
    zh = check("注意力权重的计算：$$a = 1 + 1 = 3$$\n")
    assert zh.lang == "zh" and "错误" in zh._repr_latex_() and "| 行 |" in zh._repr_markdown_()
    assert "wrong" in zh.in_language("en")._repr_latex_()
    assert str(zh).startswith("symattn 检查")


def test_article_text_in_a_report_stays_text():
    r = check("<script>x</script> $$a = 1 + 1 = 3$$ | `y` \\(z\\)\n")
    md = r._repr_markdown_()
    assert "<script>" not in md
    for row in md.splitlines()[6:]:  # table rows: four cells, whatever the source held
        assert row.count(" | ") - row.count("\\| ") == 3, row


def test_the_checker_subpackage_still_answers_as_before():
    import symattn.check.engine  # binding the subpackage keeps symattn.check callable
    assert callable(symattn.check) and symattn.check.check_text("$$1 + 1 = 2$$\n").count("exact") == 1
    from symattn.check import check_text
    assert check_text is symattn.check.check_text
    assert "check_text" in dir(symattn.check)


def test_importing_symattn_loads_neither_the_checker_nor_ipython():
    code = ("import sys, symattn; symattn.derive_article()\n"
            "print(sorted({m.split('.')[0] + ('.' + m.split('.')[1] if m.startswith('symattn.') else '')"
            " for m in sys.modules if m.startswith(('symattn.check', 'IPython', 'nbclient', 'genanki', 'latex2sympy2'))}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
