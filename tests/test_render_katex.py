"""Every formula symattn emits renders in KaTeX (throwOnError, strict): the derivations/
documents, and the Markdown, HTML and JSON of 20 random specs."""

import json
from pathlib import Path

import pytest

from conftest import random_spec_texts, require_tool
from symattn import katex
from symattn.katex import Formula, formulas_in_html, formulas_in_markdown
from symattn.regen import DEFAULT_DIR
from symattn.render import render
from symattn.spec import parse_spec
from symattn.topics import derive

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def katex_ready():
    require_tool(katex.missing())


def _json_formulas(text: str) -> list[Formula]:
    doc = json.loads(text)
    out = []
    for step in doc["steps"]:
        out.append(Formula(step["latex"], True))
        out += [Formula(tex, True) for tex in step.get("levels", {}).values()]
    return out


def _assert_renders(formulas, where):
    assert formulas, f"no formulas found in {where}"
    failures = katex.validate(formulas)
    assert not failures, f"{where}: {len(failures)} of {len(formulas)} formulas fail in KaTeX:\n" + \
        "\n".join(str(f) for f in failures[:10])


def test_validator_rejects_what_katex_rejects(katex_ready):
    bad = [Formula(r"\begin{bmatrix} 1 & 2", True), Formula(r"\frac{1}{", False), Formula(r"\nosuchmacro x", True),
           Formula("我", False)]  # a CJK character in math mode outside \text: a strict-mode failure
    good = [Formula(r"a_{\text{我}} = \frac{e^{1/2}}{e^{1/2} + 2}", True), Formula(r"\theta\text{\_1}", False)]
    failures = katex.validate(bad + good)
    assert [f.formula for f in failures] == bad
    assert all(f.error for f in failures[:3]) and failures[3].warnings


@pytest.mark.parametrize("path", sorted(DEFAULT_DIR.glob("*.md")), ids=lambda p: p.name)
def test_derivation_markdown_renders(katex_ready, path):
    text = path.read_text(encoding="utf-8")
    formulas = formulas_in_markdown(text)
    assert sum(f.display for f in formulas) == text.count("\n$$\n") // 2 + text.startswith("$$\n")
    _assert_renders(formulas, path.name)


@pytest.mark.parametrize("path", sorted(DEFAULT_DIR.glob("*.json")), ids=lambda p: p.name)
def test_derivation_json_latex_renders(katex_ready, path):
    _assert_renders(_json_formulas(path.read_text(encoding="utf-8")), path.name)


@pytest.mark.parametrize("path", sorted(DEFAULT_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_derivation_html_renders(katex_ready, path):
    from symattn.spec import load_spec
    spec = load_spec(path)
    page = render(derive(spec), "html", spec.lang)
    _assert_renders(formulas_in_html(page), f"{path.name} as HTML")


@pytest.mark.parametrize("n", range(20))
def test_random_spec_outputs_render(katex_ready, n):
    spec = parse_spec(random_spec_texts()[n], source=f"<random spec {n}>")
    d = derive(spec)
    formulas = formulas_in_markdown(render(d, "md")) + formulas_in_html(render(d, "html-body")) + \
        _json_formulas(render(d, "json"))
    _assert_renders(formulas, f"random spec {n} ({', '.join(spec.tokens)})")


def test_shipped_katex_is_the_npm_package():
    """symattn/data/katex/ is a copy of the pinned npm package (npm ci --prefix tools/katex)."""
    npm = ROOT / "tools" / "katex" / "node_modules" / "katex"
    require_tool(None if (npm / "package.json").exists() else "run 'npm ci --prefix tools/katex'")
    pinned = json.loads((ROOT / "tools" / "katex" / "package.json").read_text())["dependencies"]["katex"]
    assert json.loads((npm / "package.json").read_text())["version"] == pinned
    data = ROOT / "symattn" / "data" / "katex"
    for name in ("katex.min.js", "katex.min.css", "LICENSE"):
        src = npm / "dist" / name if name != "LICENSE" else npm / name
        assert (data / name).read_bytes() == src.read_bytes(), name
    fonts = sorted(p.name for p in (npm / "dist" / "fonts").glob("*.woff2"))
    assert sorted(p.name for p in (data / "fonts").iterdir()) == fonts
    for name in fonts:
        assert (data / "fonts" / name).read_bytes() == (npm / "dist" / "fonts" / name).read_bytes()


@pytest.mark.parametrize("seed", range(5))
def test_exercise_markdown_renders(katex_ready, run_cli, seed):
    """Worksheets and answer keys are Markdown that authors paste too."""
    formulas = []
    for lang in ("zh", "en"):
        code, out, err = run_cli("exercise", "--seed", seed, "--tokens", 2 + seed % 4, "--lang", lang)
        assert code == 0, err
        formulas += formulas_in_markdown(out)
    _assert_renders(formulas, f"exercise seed {seed}")


# --- KaTeX auto-render with its default delimiters ($$…$$, \(…\), \[…\], AMS environments) -----------

NPM_KATEX = ROOT / "tools" / "katex" / "node_modules" / "katex"


def _blocks(markdown: str) -> list[str]:
    """The text of each element a Markdown renderer makes: a heading, a list item, a table cell, a
    paragraph or a $$ display; code is left out (auto-render skips <code> and <pre>)."""
    import re
    text = re.sub(r"(?ms)^```.*?^```", "", markdown)
    text = re.sub(r"`[^`\n]*`", "", text)
    out, para = [], []
    for line in text.split("\n") + [""]:
        if line.startswith(("#", "- ", "* ", "|")) or not line.strip():
            if para:
                out.append("\n".join(para))
                para = []
            if line.startswith("|"):
                out += [cell for cell in line.strip("|").split("|") if cell.strip()]
            elif line.strip():
                out.append(line.lstrip("#-* "))
        else:
            para.append(line)
    return out


def _autorender(documents: list[str]) -> list[dict]:
    import subprocess
    require_tool(None if (NPM_KATEX / "dist" / "contrib" / "auto-render.js").exists()
                 else "KaTeX's auto-render is not installed; run 'npm ci --prefix tools/katex'")
    require_tool(None if katex.node_executable() else "Node.js (node) is not installed")
    payload = json.dumps([_blocks(d) for d in documents], ensure_ascii=False)
    proc = subprocess.run([katex.node_executable(), str(Path(__file__).parent / "katex_autorender.js"), str(NPM_KATEX)],
                          input=payload, capture_output=True, text=True, encoding="utf-8", check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["results"]


def test_autorender_sees_what_breaks_it():
    """Parentheses written as \\( \\) in a heading are maths to auto-render; a display renders."""
    broken, fine = _autorender(["## Step 5: Proof \\(half pairing, $4 \\times 4$\\)\n",
                                "## Step 5: Proof (half pairing, $4 \\times 4$)\n\n$$\na_{11} = \\frac{1}{3}\n$$\n"])
    assert broken["errors"] and "half pairing" in broken["errors"][0]
    assert fine == {"formulas": 1, "errors": []}


def test_every_derivation_renders_with_autorender():
    paths = sorted(DEFAULT_DIR.glob("*.md"))
    texts = [p.read_text(encoding="utf-8") for p in paths]
    for path, text, result in zip(paths, texts, _autorender(texts)):
        assert result["errors"] == [], f"{path.name}: {len(result['errors'])} errors: {result['errors'][:3]}"
        displays = text.count("\n$$\n") // 2 + text.startswith("$$\n")
        assert result["formulas"] >= displays > 0, path.name   # every $$ display was rendered
