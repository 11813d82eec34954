"""``symattn check --format html``: the article rendered, every claim marked where it stands.

The browser tests open the page in the system Chromium through Playwright (never ``playwright
install``): each wrong entry is marked at its line with the right value in its tooltip and popover,
no formula fails, nothing is fetched, and no script of the article runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import require_tool
from test_render_html import _chromium
from symattn.check import check_text, wording
from symattn.check.htmlpage import render_page

ARTICLES = Path(__file__).resolve().parent / "articles"
WRONG = ARTICLES / "en-mistake-no-scaling.md"
CHINESE = ARTICLES / "zh-causal-mask.md"
#: the element of a formula KaTeX could not typeset (a constant: the test that looks for it needs Chromium, not Node)
FORMULA_ERROR = ".katex-error"

HOSTILE = """\
# <script>alert("title")</script>

<script>alert("raw")</script>
<img src="x" onerror="alert('onerror')">
<a href="#" onclick="alert('onclick')">click</a>

[a link](javascript:alert('link')) and <javascript:alert('autolink')> and [data](data:text/html,<b>x</b>)
![remote](http://example.invalid/x.png) ![a script](javascript:alert('image'))

`<script>alert("code")</script>` and $\\href{javascript:alert('math')}{x} + \\htmlClass{x}{1}$

$$
Q K^\\top = \\begin{bmatrix} 2 & 1 \\\\ 1 & 3 \\end{bmatrix}
$$

with $Q = \\begin{bmatrix} 1 & 1 \\\\ 0 & 1 \\end{bmatrix}$ and $K = \\begin{bmatrix} 1 & 1 \\\\ 1 & 0 \\end{bmatrix}$.
"""


def _wrong_entries(report):
    return [(e["line"], e["claimed"], e["correct"]) for c in report.claims if c.status == "wrong"
            for e in c.entries if isinstance(e.get("line"), int)]


# ---------------------------------------------------------------------------- without a browser


def test_the_page_is_one_offline_file_and_deterministic(run_cli, tmp_path):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    assert run_cli("check", WRONG, "--format", "html", "-o", a)[0] == 1
    assert run_cli("check", WRONG, "--format", "html", "-o", b)[0] == 1
    page = a.read_text(encoding="utf-8")
    assert a.read_bytes() == b.read_bytes()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page)   # nothing to fetch
    assert page.count("<script>") == 2   # KaTeX and the page's own
    code, out, _ = run_cli("check", WRONG, "--format", "html")
    assert code == 1 and out == page


def test_every_wrong_entry_is_marked_with_its_right_value():
    text = WRONG.read_text(encoding="utf-8")
    report = check_text(text, WRONG.name)
    page = render_page(text, report, "en")
    for line, printed, correct in _wrong_entries(report):
        assert re.search(rf'sa-wrong sa-k\d+}}{{{re.escape(printed)}}}'
                         rf'\\htmlClass{{sa-right}}{{\\,{re.escape(correct)}}}'
                         rf'|data-line="{line}">{re.escape(printed)}</mark>'
                         rf'<span class="sa-right">{re.escape(correct)}</span>',
                         page), (line, printed)


def test_with_fix_the_page_shows_the_proven_corrections(run_cli, tmp_path):
    out = tmp_path / "r.html"
    assert run_cli("check", WRONG, "--format", "html", "--fix", "-o", out)[0] == 1
    page = out.read_text(encoding="utf-8")
    assert "sa-right sa-fixed" in page and "--fix: 0.45" in page


def test_article_text_is_escaped_and_bad_links_dropped():
    page = render_page(HOSTILE, check_text(HOSTILE, "hostile.md"), "en")
    body = page[page.index("<body>"):page.rindex("<script>", 0, page.rindex("<script>"))]
    assert "<script" not in body and "<img" not in body and "onerror=" not in body.replace("onerror=&quot;", "")
    assert not re.search(r"<a [^>]*href=\"(?:javascript|data):", body)
    assert "\\htmlClass{x}" not in body   # only the page's own marks are classes


@pytest.fixture()
def marked(monkeypatch):
    """The data shown (article text, names, numbers) between marks, as in tests/test_check_wording.py."""
    monkeypatch.setattr(wording, "_data", lambda text: "⟦" + text + "⟧")


def _own_words(page: str) -> set[str]:
    """The English words of the page's own text: the article, styles and scripts left out."""
    from test_check_wording import _words
    page = re.sub(r"<(article|style|script|title)\b.*?</\1>", " ", page, flags=re.S)
    return _words(re.sub(r"<[^>]*>", " ", page).replace("&quot;", '"').replace("&#x27;", "'"))


def test_the_page_of_a_chinese_article_is_chinese(marked, run_cli, tmp_path):
    text = CHINESE.read_text(encoding="utf-8")
    page = render_page(text, check_text(text, CHINESE.name), "zh")
    assert 'lang="zh-CN"' in page
    assert not _own_words(page)
    site = tmp_path / "site"
    posts = tmp_path / "posts"
    posts.mkdir()
    shutil.copy(CHINESE, posts)
    shutil.copy(ARTICLES / "zh-brackets-consistency.md", posts)
    assert run_cli("check", posts, "--format", "html", "-o", site)[0] in (0, 1)
    index = (site / "index.html").read_text(encoding="utf-8")
    index = re.sub(r"<td><a [^>]*>[^<]*</a></td>", " ", index)   # the files' names
    assert not _own_words(index) and "文章" in index


def test_a_folder_gives_one_page_per_article_and_an_index(run_cli, tmp_path):
    posts, site = tmp_path / "posts", tmp_path / "site"
    (posts / "sub").mkdir(parents=True)
    shutil.copy(WRONG, posts)
    shutil.copy(ARTICLES / "latex-align-pmatrix.tex", posts / "sub")
    (posts / "broken.md").write_bytes(b"\xff\xfe\x00bad")
    code, _, err = run_cli("check", posts, "--format", "html", "-o", site)
    assert code == 2 and "broken.md" in err
    assert (site / "en-mistake-no-scaling.md.html").is_file()
    assert (site / "sub" / "latex-align-pmatrix.tex.html").is_file()
    index = (site / "index.html").read_text(encoding="utf-8")
    _, out, _ = run_cli("check", posts, "--format", "json")
    for f in json.loads(out)["files"]:
        row = re.search(rf'<tr[^>]*>\s*<td>(?:<a [^>]*>)?{re.escape(f["file"])}(?:</a>)?</td>(.*?)</tr>', index)
        assert row, f["file"]
        if "error" in f:
            continue
        counts = [int(x) for x in re.findall(r'<td class="sa-\w+">(\d+)</td>', row.group(1))]
        assert counts == [f["summary"][s] for s in ("exact", "rounded", "wrong", "unverifiable")], f["file"]


@pytest.mark.parametrize("argv, message", [
    (["--format", "html"], "needs -o FOLDER"),
    (["--format", "html", "-o", "FILE"], "is not a folder"),
    (["--format", "html", "-o", "SITE"], "already exists; use --force"),
])
def test_a_folder_needs_a_folder(run_cli, tmp_path, argv, message):
    (tmp_path / "posts").mkdir()
    shutil.copy(WRONG, tmp_path / "posts")
    shutil.copy(CHINESE, tmp_path / "posts")
    (tmp_path / "FILE").write_text("x")
    (tmp_path / "SITE").mkdir()
    (tmp_path / "SITE" / "zh-causal-mask.md.html").write_text("x")
    argv = [str(tmp_path / a) if a in ("FILE", "SITE") else a for a in argv]
    code, out, err = run_cli("check", tmp_path / "posts", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and not out
    assert (tmp_path / "FILE").read_text() == "x" and os.listdir(tmp_path / "SITE") == ["zh-causal-mask.md.html"]


def test_without_markdown_it_one_clear_line(run_cli, monkeypatch, tmp_path):
    import sys
    monkeypatch.setitem(sys.modules, "markdown_it", None)
    code, out, err = run_cli("check", WRONG, "--format", "html", "-o", tmp_path / "r.html")
    assert code == 2 and "pip install 'symattn[html]'" in err and "Traceback" not in err
    assert not (tmp_path / "r.html").exists()


# ---------------------------------------------------------------------------- in Chromium


@pytest.fixture(scope="module")
def chromium():
    """A Playwright browser on the system Chromium."""
    exe = _chromium()
    require_tool(None if exe else "chromium not found; install it (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require_tool("playwright not installed: pip install playwright (the system Chromium is used)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        yield browser
        browser.close()


def _open(chromium, path: Path):
    """The page loaded, with what it requested, said on its console and popped up."""
    page = chromium.new_page(viewport={"width": 1000, "height": 1200})
    seen = {"requests": [], "console": [], "dialogs": []}
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("console", lambda m: seen["console"].append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: seen["console"].append(f"error: {e}"))
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, seen


def test_chromium_shows_each_wrong_entry_at_its_line_with_the_right_value(chromium, run_cli, tmp_path):
    out = tmp_path / "report.html"
    assert run_cli("check", WRONG, "--format", "html", "-o", out)[0] == 1
    page, seen = _open(chromium, out)
    wrong = _wrong_entries(check_text(WRONG.read_text(encoding="utf-8"), WRONG.name))
    assert wrong
    for line, printed, correct in wrong:
        marks = page.locator(f'.sa-mark.sa-wrong[data-line="{line}"]')
        titles = [m.get_attribute("title") or "" for m in marks.all()]
        assert any(f"{printed}" in t and f"{correct}" in t for t in titles), (line, printed, titles)
        match = next(m for m, t in zip(marks.all(), titles) if correct in t)
        match.click()
        assert correct in page.locator("#sa-pop").inner_text()
    assert page.locator(FORMULA_ERROR).count() == 0
    assert page.locator(".sa-root a").count() >= 1   # the summary links each root error
    page.locator(".sa-root a").first.click()
    assert page.evaluate("location.hash").startswith("#sa-k")
    assert seen["requests"] == [out.as_uri()], seen["requests"]
    assert not seen["console"] and not seen["dialogs"]
    shot = tmp_path / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")


def test_chromium_runs_no_script_of_the_article(chromium, tmp_path):
    article = tmp_path / "hostile.md"
    article.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "hostile.html"
    out.write_text(render_page(HOSTILE, check_text(HOSTILE, article.name), "en"), encoding="utf-8")
    page, seen = _open(chromium, out)
    for link in page.locator("a").all():
        link.click(no_wait_after=True)
    page.wait_for_timeout(200)
    assert not seen["dialogs"], seen["dialogs"]
    assert not [c for c in seen["console"] if c.startswith("error")], seen["console"]
    assert [u for u in seen["requests"] if not u.startswith("file:")] == []
    assert page.locator("script").count() == 2 and page.locator("img").count() == 0
