"""Every .tex output compiles with xelatex (ctex for Chinese), to the expected pages;
``symattn derive --format pdf``."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import random_spec_texts, require_tool
from symattn.examples import article_spec
from symattn.regen import DEFAULT_DIR
from symattn.render import render
from symattn.render import pdf as pdf_module
from symattn.render.pdf import compile_tex, xelatex_missing
from symattn.spec import parse_spec
from symattn.topics import derive

#: pages of the article example, pinned: a change means the layout changed
ARTICLE_PAGES = {"zh": 5, "en": 4}


@pytest.fixture(scope="module")
def xelatex():
    require_tool(xelatex_missing())
    require_tool(None if shutil.which("pdfinfo") and shutil.which("pdftotext")
                 else "pdfinfo/pdftotext not found; install poppler-utils")


def _pdf_facts(pdf: bytes, tmp_path: Path) -> tuple[int, str]:
    """(pages as pdfinfo counts them, the text as pdftotext extracts it)."""
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return int(re.search(r"(?m)^Pages:\s+(\d+)", info).group(1)), text


def _check(derivation, lang, tmp_path, source=None, fits=False) -> int:
    """Compile; the page count agrees between xelatex and pdfinfo; every step is in the text.

    With ``fits``, nothing runs into the margin (random specs with e^{e^{1/2}} entries may).
    """
    pdf, log = compile_tex(source or render(derivation, "tex", lang))
    if fits:
        overfull = [float(x) for x in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide", log)]
        assert max(overfull, default=0) < 10, f"a line runs {max(overfull)}pt into the margin"
    assert pdf.startswith(b"%PDF-")
    pages, text = _pdf_facts(pdf, tmp_path)
    assert f"Output written on doc.pdf ({pages} page" in log
    assert "Missing character" not in log, re.findall(r"Missing character.*", log)[:3]
    flat = re.sub(r"\s+", "", text)
    for n in range(1, len(derivation.steps) + 1):
        heading = f"第{n}步" if lang == "zh" else f"Step{n}:"
        assert heading in flat, f"{heading} missing from the PDF text"
    assert 1 <= pages <= 2 + 2 * len(derivation.steps)
    return pages


@pytest.mark.parametrize("path", sorted(DEFAULT_DIR.glob("*.tex")), ids=lambda p: p.name)
def test_derivation_tex_compiles(xelatex, path, tmp_path):
    from symattn.spec import load_spec
    spec = load_spec(path.with_suffix(".toml"))
    _check(derive(spec), spec.lang, tmp_path, path.read_text(encoding="utf-8"), fits=True)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_article_pdf_has_the_expected_pages(xelatex, lang, tmp_path):
    assert _check(derive(article_spec(lang)), lang, tmp_path, fits=True) == ARTICLE_PAGES[lang]


@pytest.mark.parametrize("n", range(20))
def test_random_spec_tex_compiles(xelatex, n, tmp_path):
    spec = parse_spec(random_spec_texts()[n], source=f"<random spec {n}>")
    _check(derive(spec), spec.lang, tmp_path)


def test_broken_tex_is_one_clear_error(xelatex):
    from symattn.errors import SymattnError
    with pytest.raises(SymattnError, match="xelatex failed: Undefined control sequence"):
        compile_tex("\\documentclass{article}\\begin{document}\\nosuchmacro\\end{document}\n")


def test_derive_pdf_writes_the_file(xelatex, run_cli, tmp_path):
    target = tmp_path / "a.pdf"
    code, out, err = run_cli("derive", "--format", "pdf", "--lang", "en", "-o", target)
    assert (code, out, err) == (0, "", "")
    assert _pdf_facts(target.read_bytes(), tmp_path)[0] == ARTICLE_PAGES["en"]
    assert [p.name for p in tmp_path.iterdir()] == ["a.pdf", "doc.pdf"]  # no temporary left behind


def test_derive_pdf_refuses_a_terminal(run_cli, monkeypatch):
    monkeypatch.setattr(pdf_module.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    code, out, err = run_cli("derive", "--format", "pdf")
    assert code == 2 and out == "" and "-o FILE.pdf" in err and err.count("\n") == 1


def test_derive_pdf_without_xelatex_says_what_to_install(run_cli, monkeypatch, tmp_path):
    monkeypatch.setattr(pdf_module.shutil, "which", lambda name: None)
    code, out, err = run_cli("derive", "--format", "pdf", "-o", tmp_path / "a.pdf")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "xelatex not found" in err and "apt-get install texlive-xetex" in err
    assert not (tmp_path / "a.pdf").exists()
