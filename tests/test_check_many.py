"""`symattn check PATH...`: folders, many files and stdin in one call, with a process pool.

The verdicts are compared with fresh single-file runs of the same checker, never with numbers
written here, so the test holds while the checker improves.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from symattn.check import check_file
from symattn.check.many import EXTENSIONS, collect, lang_of
from symattn.check.report import render_json

HERE = Path(__file__).parent
REAL = HERE / "articles" / "real"
ARTICLES = HERE / "articles"
CLEAN = ARTICLES / "zh-causal-mask.md"        # checks with 0 wrong
WRONG = ARTICLES / "en-rounding-drift.md"     # one wrong claim


def _verdicts(doc: dict) -> list:
    return [(c["line"], c["status"], c.get("cause", ""), c.get("wrong_lines", []), c.get("root"), c["detail"])
            for c in doc["claims"]]


def _cut(doc: dict) -> bool:
    """The article's time budget (wall clock) ran out before every claim was checked."""
    return any(c.get("code") in ("article-budget-ran-out", "article-budget-spent") for c in doc["claims"])


def test_a_folder_of_real_articles_with_two_processes_gives_the_single_file_verdicts(run_cli, tmp_path):
    # the articles, .tex ones too, in a folder of their own (the corpus index beside them is no article,
    # and as long as it is now, it is more than one article's time budget)
    folder = tmp_path / "real"
    folder.mkdir()
    for p in REAL.iterdir():
        if p.suffix in EXTENSIONS and p.name != "INDEX.md":
            shutil.copyfile(p, folder / p.name)
    names = sorted(folder.iterdir())
    assert len(names) >= 30
    code, out, err = run_cli("check", folder, "-j", "2", "--format", "json")
    doc = json.loads(out)
    by_file = {f["file"]: f for f in doc["files"]}
    assert sorted(by_file) == [str(p) for p in names]   # every article, the folder's own files only
    wrong = compared = 0
    for p in names:
        single = json.loads(render_json(check_file(p)))
        wrong += by_file[str(p)]["summary"]["wrong"]
        if _cut(single) or _cut(by_file[str(p)]):
            continue   # a file the wall-clock budget cut short is cut where the clock says, run by run
        assert _verdicts(by_file[str(p)]) == _verdicts(single), p.name
        assert by_file[str(p)]["summary"] == single["summary"], p.name
        compared += 1
    assert compared >= len(names) - 2, (compared, len(names))
    assert doc["summary"]["files"] == len(names) and doc["summary"]["bad"] == 0
    assert doc["summary"]["wrong"] == wrong
    assert code == (1 if wrong else 0), err


@pytest.fixture
def mixed(tmp_path):
    folder = tmp_path / "posts"
    (folder / "drafts").mkdir(parents=True)
    shutil.copy(CLEAN, folder / "clean.md")
    shutil.copy(WRONG, folder / "drafts" / "wrong.markdown")
    (folder / "latin-1.tex").write_bytes("caf\u00e9 $x = 1$".encode("latin-1"))
    (folder / "notes.py").write_text("x = 1\n")           # not an article: skipped
    (folder / ".hidden.md").write_text("$$1 = 2$$\n")     # hidden: skipped
    return folder


def test_exit_code_of_a_folder_mixing_clean_wrong_and_unreadable_files(run_cli, mixed):
    code, out, err = run_cli("check", mixed, "--lang", "en")
    assert code == 2                                   # bad input wins, the others are still checked
    assert err.count("\n") == 1 and "latin-1.tex:1: not valid UTF-8 text" in err
    assert f"symattn check: {mixed / 'clean.md'}" in out
    assert f"symattn check: {mixed / 'drafts' / 'wrong.markdown'}" in out
    assert "total: 3 files: 1 clean, 1 with wrong claims, 1 bad input" in out
    assert ".hidden" not in out and "notes.py" not in out
    (mixed / "latin-1.tex").unlink()
    code, out, _ = run_cli("check", mixed, "-j", "2", "--lang", "en")
    assert code == 1 and "total: 2 files: 1 clean, 1 with wrong claims, 0 bad input" in out
    (mixed / "drafts" / "wrong.markdown").unlink()
    code, out, _ = run_cli("check", mixed)
    assert code == 0


def test_many_files_report_each_file_as_a_single_run_would(run_cli):
    code, out, _ = run_cli("check", CLEAN, WRONG, "--lang", "en")
    assert code == 1
    _, one, _ = run_cli("check", WRONG)
    _, other, _ = run_cli("check", CLEAN, "--lang", "en")
    assert out.startswith(other + "\n" + one)
    assert out.endswith("(exit code 1)\n")


def test_single_file_output_is_unchanged_by_the_many_file_mode(run_cli):
    code, out, _ = run_cli("check", WRONG, "--format", "json")
    assert code == 1 and out == render_json(check_file(WRONG))


def test_standard_input_and_duplicates(run_cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(WRONG.read_bytes())))
    code, out, _ = run_cli("check", "-", WRONG, str(WRONG), "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert [f["file"] for f in doc["files"]] == ["<stdin>", str(WRONG)]    # the same file once
    assert _verdicts(doc["files"][0]) == _verdicts(doc["files"][1])


def test_a_folder_without_articles_and_a_bad_jobs_value_are_clean_errors(run_cli, tmp_path):
    (tmp_path / "empty").mkdir()
    code, out, err = run_cli("check", tmp_path / "empty")
    assert code == 2 and out == "" and "is a directory with no article in it" in err
    code, _, err = run_cli("check", WRONG, "-j", "0")
    assert code == 2 and "-j/--jobs" in err and "Traceback" not in err


def test_collect_walks_folders_sorted_without_following_link_loops(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "a.tex").write_text("x")
    (tmp_path / "b" / "c.txt").write_text("x")
    (tmp_path / "b" / "loop").symlink_to(tmp_path, target_is_directory=True)
    found = collect([str(tmp_path)])
    assert [a.base for a in found] == ["a.tex", "b/c.txt"]


def test_the_report_language_follows_the_article(run_cli):
    assert lang_of(CLEAN.read_text(encoding="utf-8")) == "zh"
    assert lang_of(WRONG.read_text(encoding="utf-8")) == "en"
    _, out, _ = run_cli("check", CLEAN)
    assert out.startswith("symattn 检查：") and "小结：" in out
    _, out, _ = run_cli("check", CLEAN, "--lang", "en")
    assert out.startswith("symattn check: ") and "summary: " in out
    _, out, _ = run_cli("check", WRONG, "--lang", "zh")
    assert "✗ A[1,1]：文中写 0.56" in out and "（应为 0.58）" in out and "可能的错误：中间值舍入过早" in out
