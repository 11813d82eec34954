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
