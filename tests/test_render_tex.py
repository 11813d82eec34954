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
ARTICLE_PAGES = {"zh": 4, "en": 4}  # A4


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


# --- for a paper: a fragment to \input, one chain per step, the paper size, room between rows ---------

def _packages(fragment: str) -> str:
    """The \\usepackage commands the fragment's comment names."""
    line = next(t for t in fragment.splitlines()[:3] if t.startswith("% It needs "))
    return "".join(re.findall(r"\\usepackage\{[^}]*\}", line))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_body_compiles_when_input_into_a_minimal_article(xelatex, run_cli, tmp_path, lang):
    code, fragment, err = run_cli("derive", "--format", "tex", "--body", "--lang", lang)
    assert code == 0, err
    assert r"\documentclass" not in fragment and r"\begin{document}" not in fragment
    packages = _packages(fragment)
    assert r"\usepackage{amsmath,amssymb}" in packages
    (tmp_path / "derivation.tex").write_text(fragment, encoding="utf-8")
    paper = "\n".join([r"\documentclass{article}", packages, r"\begin{document}", "Our example:",
                       r"\input{derivation}", r"\end{document}", ""])
    (tmp_path / "paper.tex").write_text(paper, encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "paper.tex"],
                         cwd=tmp_path, capture_output=True, timeout=300)
    log = run.stdout.decode(errors="replace")
    assert run.returncode == 0, log[-2000:]
    assert "Missing character" not in log
    _, text = _pdf_facts((tmp_path / "paper.pdf").read_bytes(), tmp_path)
    flat = re.sub(r"\s+", "", text)
    assert "Ourexample:" in flat and ("第7步" in flat if lang == "zh" else "Step7:" in flat)


def test_body_and_compact_need_the_tex_format(run_cli):
    for argv in (["--body"], ["--compact", "--format", "md"], ["--paper", "letter", "--format", "json"]):
        code, out, err = run_cli("derive", *argv)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--format tex" in err


def test_compact_is_one_chain_per_step(run_cli):
    code, tex, _ = run_cli("derive", "--format", "tex", "--compact", "--lang", "en")
    assert code == 0
    d = derive(article_spec())
    assert tex.count(r"\paragraph*{Step ") == len(d.steps) and r"\paragraph{" not in tex
    weights = tex.split(r"\paragraph*{Step 7:")[1].split(r"\paragraph*{")[0]
    # formula = substituted = exact ≈ numeric, in this order, in one display
    assert weights.count(r"\begin{align*}") == 1 and weights.count(r"\end{align*}") == 1
    sides = re.findall(r"^(?:A )?&(=|\\approx) ", weights, flags=re.M)
    assert sides == ["=", "=", "=", r"\approx"], weights
    assert r"\operatorname{softmax}\left(\frac{Q K^{T}}" in weights and "0.4519" in weights
    assert r"\frac{e^{1/2}}{e^{1/2} + 2}" in weights


@pytest.mark.parametrize("argv, size", [([], "595.28 x 841.89 pts (A4)"), (["--paper", "letter"], "612 x 792 pts (letter)")])
def test_paper_is_a4_unless_asked(xelatex, run_cli, tmp_path, argv, size):
    out = tmp_path / "a.pdf"
    code, _, err = run_cli("derive", "--format", "pdf", "--compact", "--lang", "en", "-o", out, *argv)
    assert code == 0, err
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"(?m)^Page size:\s+" + re.escape(size), info), info


def _words(pdf: Path) -> list[tuple[float, float, float, float, str]]:
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [(float(a), float(b), float(c), float(d), html_unescape(w)) for a, b, c, d, w in re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out)]


def html_unescape(text):
    import html
    return html.unescape(text)


def test_rows_of_an_exact_matrix_do_not_touch(xelatex, run_cli, tmp_path):
    """The issue's case: e^{√2/2} inside a \\frac inside a bmatrix.  The exact weights, alone on a page:
    pdftotext -bbox finds the matrix (its bracket pieces and the glyphs between them); the page
    rendered to PNG gives its lines of ink, which must be apart: numerator, bar and denominator of
    each row, and a clear gap before the next row."""
    spec = tmp_path / "s.toml"
    spec.write_text('tokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\nK = [[1, 0], [0, 1], [1, 1]]\n'
                    'lang = "en"\nsteps = ["weights"]\nlevels = ["exact"]\n', encoding="utf-8")
    code, fragment, err = run_cli("derive", spec, "--format", "tex", "--body")
    assert code == 0, err
    display = re.search(r"\\\[\n(A = \\begin\{bmatrix\}.*?\\end\{bmatrix\})\n\\\]", fragment, re.S).group(1)
    assert r"e^{\sqrt{2}/2}" in display                          # one level up there, not a \frac
    page = "\n".join([r"\documentclass[11pt]{article}", r"\usepackage{amsmath}", r"\pagestyle{empty}",
                      r"\begin{document}", r"\[", display, r"\]", r"\end{document}", ""])
    (tmp_path / "m.tex").write_text(page, encoding="utf-8")
    subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "m.tex"], cwd=tmp_path,
                   capture_output=True, timeout=300, check=True)
    words = _words(tmp_path / "m.pdf")
    bracket = [w for w in words if w[4] and all(0xF8EE <= ord(c) <= 0xF8FB for c in w[4])]  # ⎡ ⎢ ⎣ ⎤ ⎥ ⎦
    assert bracket, words
    left = max(w[2] for w in bracket if w[0] < min(b[0] for b in bracket) + 1)
    right = min(w[0] for w in bracket if w[0] > max(b[0] for b in bracket) - 1)
    inside = [w for w in words if w[0] >= left and w[2] <= right and w[4].strip()]
    top, bottom = min(w[1] for w in inside), max(w[3] for w in inside)

    dpi = 300
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", "m.pdf", "m"], cwd=tmp_path, check=True)
    pgm = (tmp_path / "m.pgm").read_bytes()
    head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", pgm)
    width, pixels, scale = int(head.group(1)), pgm[head.end():], dpi / 72
    x0, x1 = int(left * scale) + 2, int(right * scale) - 2
    ink = [min(pixels[y * width + x0:y * width + x1]) < 128 for y in range(int(top * scale), int(bottom * scale) + 2)]
    lines, start = [], None
    for y, dark in enumerate(ink + [False]):
        if dark and start is None:
            start = y
        elif not dark and start is not None:
            lines.append((start / scale, y / scale))
            start = None
    assert len(lines) == 3 * 3, lines                       # numerator, bar, denominator of each of 3 rows
    gaps = [lines[k + 1][0] - lines[k][1] for k in range(len(lines) - 1)]
    between_rows = gaps[2::3]
    assert min(between_rows) >= 2.5, gaps                   # points of white between one row and the next
    assert min(between_rows) > max(gaps[0::3] + gaps[1::3]), gaps   # rows further apart than a fraction's parts
