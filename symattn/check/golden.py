"""Regenerate (or verify) the expected reports of the test articles.

    python -m symattn.check.golden           rewrite tests/articles/*.report.{txt,json}
    python -m symattn.check.golden --check   exit 1 if any expected report is stale

Each article ``NAME.md`` or ``NAME.tex`` in ``tests/articles`` has its human report in
``NAME.md.report.txt`` and its JSON report in ``NAME.md.report.json``; the report names
the article by its file name only, so the files do not depend on where the repo lives.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import check_file
from .report import render_json, render_text

__all__ = ["ARTICLES", "articles", "expected", "render", "main"]

ARTICLES = Path(__file__).resolve().parents[2] / "tests" / "articles"
SUFFIXES = (".md", ".tex")


def articles(folder: Path = ARTICLES) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file())


def expected(article: Path) -> dict[str, Path]:
    return {"text": article.with_name(article.name + ".report.txt"),
            "json": article.with_name(article.name + ".report.json")}


def render(article: Path) -> dict[str, str]:
    report = check_file(article, name=article.name)
    return {"text": render_text(report), "json": render_json(report)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    verify = "--check" in argv
    stale = []
    for article in articles():
        for fmt, text in render(article).items():
            path = expected(article)[fmt]
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            stale.append(path.name)
            if not verify:
                path.write_text(text, encoding="utf-8")
    if verify and stale:
        print("stale expected reports: " + ", ".join(stale) + " (run python -m symattn.check.golden)")
        return 1
    print(f"{'stale' if verify else 'rewrote'}: {len(stale)} file(s)" if stale else "all expected reports are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
