"""``symattn derive --format html``: one self-contained page, rendered by headless Chromium."""

import re
import shutil
import subprocess

import pytest

from conftest import require_tool
from symattn.examples import article_spec
from symattn.katex import formulas_in_html
from symattn.render import render
from symattn.topics import derive

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", "--virtual-time-budget=10000"]


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "wo-ai-ni.html"
    from symattn.cli import main
    assert main(["derive", "--format", "html", "-o", str(path)]) == 0
    return path


@pytest.fixture(scope="module")
def chromium():
    exe = _chromium()
    require_tool(None if exe else "chromium not found; install it (Debian: apt-get install chromium)")
    return exe


def _run_chromium(exe, tmp_path, *args) -> str:
    proc = subprocess.run([exe, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
                          capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_page_is_self_contained(page):
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert not re.search(r"(src|href)=\"(https?:)?//", html) and "url(fonts/" not in html
    assert "url(http" not in html and "@import" not in html
    assert html.count("data:font/woff2;base64,") == 20 and "katex.render" in html
    assert 300_000 < len(html.encode()) < 1_500_000
    # step-by-step, token labels, collapsible entries, the heatmap
    assert html.count('<section class="step"') == len(derive(article_spec()).steps)
    assert html.count('<span class="token">') == 3 and "<details" in html and "<summary>" in html
    assert '<table class="labelled heatmap">' in html and "background:rgba(" in html


def test_page_is_deterministic():
    d = derive(article_spec())
    assert render(d, "html") == render(d, "html")


def test_chromium_renders_every_formula(chromium, page, tmp_path):
    dom = _run_chromium(chromium, tmp_path, "--dump-dom", page.as_uri())
    formulas = formulas_in_html(page.read_text(encoding="utf-8"))
    assert len(formulas) > 40
    assert 'class="katex-error"' not in dom
    assert dom.count('<span class="katex">') == len(formulas)
    assert dom.count('<span class="katex-display">') == sum(f.display for f in formulas)
    assert dom.count('class="katex-mathml"') == len(formulas)  # accessible MathML beside every formula
    assert "\\begin{bmatrix}" not in re.sub(r"<annotation.*?</annotation>", "", dom, flags=re.S)


def test_screenshot_is_not_blank(chromium, page, tmp_path):
    mpimg = pytest.importorskip("matplotlib.image")
    shot = tmp_path / "shot.png"
    _run_chromium(chromium, tmp_path, "--window-size=1000,1400", f"--screenshot={shot}", page.as_uri())
    pixels = mpimg.imread(shot)[..., :3]
    assert pixels.shape[:2] == (1400, 1000)
    ink = (pixels.mean(axis=2) < 0.6).mean()   # share of dark pixels: text and math
    assert 0.005 < ink < 0.5, ink
    assert pixels.std() > 0.05


def test_chromium_check_sees_a_broken_formula(chromium, page, tmp_path):
    broken = tmp_path / "broken.html"
    html = page.read_text(encoding="utf-8")
    broken.write_text(html.replace('<div class="math">\\[', '<div class="math">\\[\\frac{1}{', 1), encoding="utf-8")
    dom = _run_chromium(chromium, tmp_path, "--dump-dom", broken.as_uri())
    assert dom.count('class="katex-error"') == 1
