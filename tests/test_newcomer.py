"""What a new user meets first (issue 15): install hints, typos, titles, single steps."""

import importlib.util
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _venv_without_genanki(tmp_path) -> Path:
    """A real venv (no system site-packages) that sees symattn and its required
    dependencies through a .pth file, but not genanki."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    deps = tmp_path / "deps"
    deps.mkdir()
    for name in ("sympy", "mpmath", "numpy", "latex2sympy2", "antlr4"):
        spec = importlib.util.find_spec(name)
        if spec is None:
            continue
        origin = Path(spec.origin)
        src = origin.parent if origin.name == "__init__.py" else origin
        (deps / src.name).symlink_to(src)
    (deps / "symattn").symlink_to(ROOT / "symattn")
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "deps.pth").write_text(str(deps) + "\n")
    return python


@pytest.mark.parametrize("argv", [
    ["cards", "-o", "x.apkg"],
    ["exercise", "--cards", "apkg", "-o", "drill.apkg"],
])
def test_apkg_without_genanki_is_an_install_hint(tmp_path, argv):
    python = _venv_without_genanki(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    probe = subprocess.run([str(python), "-c", "import genanki"], capture_output=True, env=env)
    assert probe.returncode != 0, "the test venv must not see genanki"
    res = subprocess.run([str(python), "-m", "symattn", *argv], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 2, res.stderr
    assert res.stderr == ("symattn: error: the apkg format needs genanki: "
                          "pip install 'symattn[cards]'\n")
    assert not (tmp_path / argv[-1]).exists()


@pytest.mark.parametrize("argv, hint", [
    (["derivee"], "did you mean derive?"),
    (["chek", "x.md"], "did you mean check?"),
    (["derive", "--format", "mdd"], "did you mean md?"),
])
def test_mistyped_choice_suggests_the_close_one(run_cli, argv, hint):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith(hint + "\n"), err
    assert err.count("symattn") == 1, err  # the prefix once, not "symattn: error: symattn: ..."


def test_a_choice_nothing_is_close_to_gets_no_hint(run_cli):
    code, _, err = run_cli("zzzz")
    assert code == 2 and "invalid choice: 'zzzz'" in err and "did you mean" not in err


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_users_title_is_kept_as_written_in_either_language(tmp_path, run_cli, lang):
    spec = tmp_path / "s.toml"
    spec.write_text('title = "the cat sat down"\ntokens = ["the", "cat"]\nQ = [[1, 0], [0, 1]]\n'
                    'K = [[1, 0], [0, 1]]\nlang = "en"\n', encoding="utf-8")
    code, out, _ = run_cli("derive", spec, "--lang", lang)
    assert code == 0 and out.splitlines()[0] == "# the cat sat down"


def test_without_a_title_each_language_gets_its_own_default(run_cli):
    assert run_cli("derive", "--lang", "zh")[1].startswith("# 手推 Attention：我 爱 你\n")
    assert run_cli("derive", "--lang", "en")[1].startswith("# Attention by hand: 我 爱 你\n")


def test_derive_one_step_keeps_its_number(run_cli):
    code, out, _ = run_cli("derive", "--step", "weights", "--lang", "en")
    assert code == 0
    headings = [line for line in out.splitlines() if line.startswith("#")]
    assert headings == ["# Attention by hand: 我 爱 你", "## Step 7: Row softmax: attention weights $A$"]
    assert "a_{11} = \\frac{e^{1}}{e^{1} + e^{1/2} + e^{1/2}}" in out


def test_derive_unknown_step_names_the_close_one(run_cli):
    code, out, err = run_cli("derive", "--step", "wieghts")
    assert code == 2 and out == "" and "did you mean weights?" in err and "scaled_scores" in err


@pytest.mark.parametrize("fmt", ["md", "tex", "html", "text", "json"])
def test_render_a_single_step(fmt):
    from symattn import derive_article, render
    text = render(derive_article().step("weights"), fmt, "en")
    assert "attention weights" in text and "0.4519" in text


def _titles():
    from symattn.spec import load_spec
    from symattn.topics import derive
    for spec in sorted((ROOT / "derivations").glob("*.toml")):
        d = derive(load_spec(spec))
        for lang in ("zh", "en"):
            yield spec.name, d.title[lang]
            for step in d.steps:
                yield spec.name, step.title[lang]


def test_heading_maths_is_in_dollars():
    """Outside $...$ a heading is text in every format: K^T, d_k, √ or Q̃ there would show raw."""
    import re
    from symattn.markup import as_text
    bad = [(name, t) for name, t in _titles() if re.search(r"[\^_√\u0303]|\\[a-z]", as_text(t).words)]
    assert not bad, bad


@pytest.mark.parametrize("name, lang", [("wo-ai-ni.toml", "en"), ("wo-ai-ni-rope.toml", "zh"),
                                        ("why-sqrt-dk.toml", "en")])
def test_pdf_headings_render_their_maths(tmp_path, name, lang):
    """pdftotext of the compiled headings: K^T is a superscript, not the characters ^T."""
    import re
    import shutil
    from dataclasses import replace

    from conftest import require_tool
    from symattn.render import render
    from symattn.render.pdf import xelatex_missing
    from symattn.spec import load_spec
    from symattn.topics import derive
    require_tool(xelatex_missing() or (None if shutil.which("pdftotext") else "pdftotext not found"))
    d = derive(replace(load_spec(ROOT / "derivations" / name), lang=lang))
    from symattn.markup import as_text
    from symattn.printing import latex
    headings = d.only(*[s.id for s in d.steps if re.search(r"\^|_|\\", as_text(s.title[lang]).source(latex))])
    pdf = tmp_path / "h.pdf"
    pdf.write_bytes(render(headings, "pdf", lang))
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert headings.steps and ("Step" in text or "第" in text)
    found = [line for line in text.splitlines() if re.search(r"\^|\\|\$|d_k|√d", line)]
    assert not found, found


_MASK_SPEC = ('topic = "mask"\ntokens = ["a", "b", "PAD"]\nQ = [[1, 0], [0, 1], [0, 0]]\n'
              'K = [[1, 0], [0, 1], [0, 0]]\n')


def test_mask_topic_applies_only_the_masks_asked_for():
    import sympy as sp

    from symattn import derive, parse_spec
    d = derive(parse_spec(_MASK_SPEC + '[options]\npadding = ["PAD"]\n'))
    M = d.step("mask").exact
    assert [list(M.row(i)) for i in range(3)] == [[0, 0, -sp.oo]] * 3  # no causal -inf above the diagonal
    assert d.step("weights").exact[0, 1] != 0
    causal = derive(parse_spec(_MASK_SPEC + '[options]\ncausal = true\n')).step("mask").exact
    assert causal[0, 1] == -sp.oo and causal[2, 0] == 0 and causal[2, 2] == 0


def test_mask_topic_without_a_mask_is_an_error(tmp_path, run_cli):
    spec = tmp_path / "m.toml"
    spec.write_text(_MASK_SPEC, encoding="utf-8")
    code, out, err = run_cli("derive", spec)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "options: the mask topic needs a mask" in err


def test_fully_masked_row_claims_hold_in_the_installed_torch():
    """What the mask documents say PyTorch does with a row whose keys are all hidden."""
    torch = pytest.importorskip("torch")
    major, minor = (int(x) for x in torch.__version__.split(".")[:2])
    if (major, minor) < (2, 5):
        pytest.skip(f"torch {torch.__version__} predates the safe softmax of PR #133882")
    row = torch.full((1, 3), float("-inf"))
    assert torch.softmax(row, dim=-1).isnan().all()
    q = k = v = torch.ones(1, 2, 2)
    keep = torch.tensor([[[False, False], [True, True]]])  # row 1 sees no key
    out = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=keep)
    assert (out[0, 0] == 0).all() and not out.isnan().any()


def test_mask_documents_say_which_torch_function_does_what():
    for name in ("wo-ai-ni-causal.en.md", "padding-mask.md"):
        text = (ROOT / "derivations" / name).read_text(encoding="utf-8")
        assert "`torch.softmax` returns NaN" in text and "`F.scaled_dot_product_attention`" in text
        assert "(as PyTorch does)" not in text


def test_a_scalar_result_prints_without_a_bmatrix():
    text = (ROOT / "derivations" / "why-sqrt-dk.en.md").read_text(encoding="utf-8")
    assert "\\operatorname{Var}(q \\cdot k) = d_{k}\n" in text
    assert "\\begin{bmatrix} d_{k} \\end{bmatrix}" not in text
    assert "r \\approx 0.5000" in (ROOT / "derivations" / "wo-ai-ni-gqa.en.md").read_text(encoding="utf-8")


def test_plot_shows_an_exact_value_in_every_cell():
    import re

    from symattn import parse_spec
    from symattn.plot import panels
    from symattn.topics import derive
    spec = parse_spec('tokens = ["a", "b", "c", "d"]\nQ = [[1, 0, 1], [0, 1, 0], [1, 1, 0], [2, 0, 1]]\n'
                      'K = [[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 2, 1]]\nlang = "en"\n')
    (panel,) = panels(derive(spec))
    labels = [label for row in panel.exact for label in row]
    assert len(labels) == 16 and all(labels), panel.exact
    used = set(re.findall(r"D_\{\d+\}", " ".join(labels)))
    defined = {line[1:].split(" =")[0] for line in panel.legend}
    assert used and used == defined, (used, panel.legend)


#: a card may say "the article" only where it names the article, e.g. 文章《从零手推 Attention》
_NAMED_ARTICLE = re.compile(r"(?i)\barticle\s+[\"“«《][^\"”»》]+[\"”»》]|文章《[^》]+》")


def _card_decks():
    from symattn.cards import concept_deck
    from symattn.exercise import drill_deck, make_exercise
    yield concept_deck("both")
    for seed in (0, 7):
        yield drill_deck(make_exercise(seed, 3, 4, lang="zh"), "both")


def test_every_card_renders_in_katex_and_stands_without_the_article():
    from conftest import require_tool
    from symattn import katex
    from symattn.cards.markup import segments
    require_tool(katex.missing())
    cards = [c for deck in _card_decks() for c in deck.cards]
    assert len(cards) > 100
    loose = [c.id for c in cards
             if re.search(r"(?i)\barticle\b|文章", _NAMED_ARTICLE.sub("", c.front + c.back))]
    assert not loose, loose
    formulas = [katex.Formula(part, kind == "display") for c in cards for text in (c.front, c.back, c.context)
                for kind, part in segments(text) if kind != "text"]
    failures = katex.validate(formulas)
    assert not failures, "\n".join(map(str, failures[:10]))
    # each card that uses the 我 爱 你 example carries its inputs: stated once, by its note type (issue 28)
    assert all("$Q = " in c.front or "Q =" in c.back or "$Q = " in c.context for c in cards if "我 爱 你" in c.front)


def test_readme_check_example_runs_on_a_shipped_article(run_cli):
    """The README's `symattn check FILE` examples that name a file in this repository work from a clone."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11" in readme
    paths = re.findall(r"(?m)^symattn check (\S+)", readme)
    shipped = [p for p in paths if (ROOT / p).is_file()]
    assert shipped and all(not p.startswith("..") for p in shipped), paths
    for path in shipped:
        code, out, _ = run_cli("check", ROOT / path)
        assert code == 0 and ("0 wrong" in out or "0 处错误" in out), out[-300:]  # a Chinese article: a Chinese report
