"""A Derivation displays itself in Jupyter; derivations/notebook.ipynb runs top to bottom."""

import importlib.util

import pytest

from conftest import require_tool
from symattn import derive_article, katex
from symattn.katex import formulas_in_html, formulas_in_markdown
from symattn.regen import DEFAULT_DIR

NOTEBOOK = DEFAULT_DIR / "notebook.ipynb"


def test_repr_methods():
    d = derive_article(lang="en")
    md, tex, html = d._repr_markdown_(), d._repr_latex_(), d._repr_html_()
    assert md.startswith("# ") and "$$\nA = " in md
    assert r"\section*{Step 1" in tex and r"\documentclass" not in tex and r"\begin{document}" not in tex
    assert html.startswith("<h1>") and "<html" not in html and "<script" not in html  # a fragment
    assert html.count('<section class="step"') == len(d.steps)


@pytest.fixture(scope="module")
def executed():
    missing = [m for m in ("nbclient", "nbformat", "ipykernel") if importlib.util.find_spec(m) is None]
    require_tool(f"not installed: {', '.join(missing)} (pip install 'symattn[notebook]')" if missing else None)
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit the notebook without outputs"
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(DEFAULT_DIR)}}).execute()
    return nb


def test_notebook_runs_and_displays_the_derivation(executed):
    code = [c for c in executed.cells if c.cell_type == "code"]
    assert all(o.output_type != "error" for c in code for o in c.outputs)
    (shown,) = [o for o in code[0].outputs if o.output_type == "execute_result"]
    assert {"text/markdown", "text/latex", "text/html", "text/plain"} <= set(shown.data)
    assert shown.data["text/markdown"] == derive_article(lang="en")._repr_markdown_()
    images = [o for c in code for o in c.outputs if "image/png" in o.get("data", {})]
    assert len(images) == 1 and len(images[0].data["image/png"]) > 10_000


def test_notebook_math_renders_in_katex(executed):
    require_tool(katex.missing())
    shown = [o for o in executed.cells[1].outputs if o.output_type == "execute_result"][0].data
    formulas = formulas_in_markdown(shown["text/markdown"]) + formulas_in_html(shown["text/html"])
    assert len(formulas) > 50 and not katex.validate(formulas)


# --- %load_ext symattn, a %%symattn cell, a %%symattn check cell and the Python API (issue 28) -------------

def _cell(executed, head: str):
    """The code cell whose source starts with ``head``."""
    (cell,) = [c for c in executed.cells if c.cell_type == "code" and c.source.startswith(head)]
    return cell


def _shown(cell) -> dict:
    (shown,) = [o for o in cell.outputs if o.output_type == "execute_result"]
    return shown.data


def test_the_cell_magic_renders_the_derivation(executed):
    from symattn import derive
    cell = _cell(executed, "%%symattn --lang en")
    data = _shown(cell)
    spec = cell.source.split("\n", 1)[1]
    want = derive(spec, lang="en", entries=["weights:2,3"])
    assert data["text/markdown"] == want._repr_markdown_()
    assert "**Entry (2, 3): row cat, column sat**" in data["text/markdown"]
    assert data["text/html"] == want._repr_html_() and "text/latex" in data
    # the weights of the cell's spec, against numpy
    import numpy as np
    Q, K = np.array([[1, 0], [0, 1], [1, 1]]), np.array([[1, 1], [0, 1], [1, 0]])
    s = Q @ K.T / np.sqrt(2)
    a = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    assert f"\\approx {a[1, 2]:.4f}" in data["text/markdown"]


def test_the_check_magic_and_the_api_render_their_reports(executed):
    data = _shown(_cell(executed, "%%symattn check"))
    md = data["text/markdown"]
    assert "3 claims: 2 exact, 0 rounded, 1 wrong" in md
    assert "| 3 | ✓ |" in md and "| 5 | ✗ |" in md and "printed 2, should be 1" in md
    assert r"\paragraph{symattn check: <cell>}" in data["text/latex"]
    api = _cell(executed, "report = check(")
    assert [o.text for o in api.outputs if o.output_type == "stream"] == ["1 1\n"]
    assert "| 3 | ✗ |" in _shown(api)["text/markdown"]
    mine = _shown(_cell(executed, "from symattn import check, derive"))["text/markdown"]
    assert "## Step 4: Scores" in mine and "## Step 6: Row softmax" in mine and "Entry (1, 2): row I, column see" in mine


def test_magic_output_math_renders_in_katex(executed):
    require_tool(katex.missing())
    formulas = [f for head in ("%%symattn --lang en", "from symattn import check, derive")
                for f in formulas_in_markdown(_shown(_cell(executed, head))["text/markdown"])]
    assert len(formulas) > 20 and not katex.validate(formulas)


@pytest.mark.parametrize("line, cell, needle", [
    ("", 'Q = [[1, 2]]\nK = [[1, 2, 3]]', "queries and keys need the same width"),
    ("", "Q = [[1", "invalid TOML"),
    ("--entry 9,9", "# the article", "no step has entry (9,9)"),
    ("--lang fr", "# the article", "invalid choice: 'fr'"),
    ("check --digits 3", "$$1 = 1$$", "takes only --lang"),
    ('"unclosed', "# the article", "No closing quotation"),
])
def test_bad_cells_are_one_line_usage_errors(line, cell, needle):
    pytest.importorskip("IPython")
    from IPython.core.error import UsageError
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "symattn")
    with pytest.raises(UsageError) as info:
        shell.run_cell_magic("symattn", line, cell)
    message = str(info.value)
    assert needle in message and "\n" not in message and "Traceback" not in message


def test_a_body_of_comments_is_the_article():
    from symattn import derive_article
    from symattn.ipython import symattn_magic
    assert symattn_magic("--lang en", "# the article's example\n\n") == derive_article("en")


def test_report_latex_body_compiles_with_xelatex(tmp_path):
    import subprocess

    from symattn import check
    from symattn.render.pdf import xelatex_missing
    require_tool(xelatex_missing())
    body = check("$$a_{11} = 1 + 1 = 3$$ and `|x|` <b>, 50% & $5\n\n$$\\sqrt{4} = 2$$\n")._repr_latex_()
    zh = check("注意力权重：$$a = 1 + 1 = 3$$\n")._repr_latex_()
    doc = ("\\documentclass{ctexart}\n\\begin{document}\n" + body + zh + "\\end{document}\n")
    (tmp_path / "r.tex").write_text(doc, encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "r.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(["pdftotext", str(tmp_path / "r.pdf"), "-"], capture_output=True, text=True).stdout
    assert "line 1, wrong" in text and "第 1 行, 错误" in text
