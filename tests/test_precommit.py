"""The pre-commit hook of .pre-commit-hooks.yaml, run by the real pre-commit in a temporary git repo.

The hook is configured as a ``repo: local`` hook built from the shipped definition (same id, entry
arguments, file pattern and types), with ``language: system`` and this interpreter, so it runs offline
on this checkout.  A commit with a wrong weight is rejected; a correct one passes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTICLES = Path(__file__).parent / "articles"

pytest.importorskip("pre_commit")
yaml = pytest.importorskip("yaml")
if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)


def _git(repo: Path, *args, env=None, check=True):
    return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=check)


def _blog(tmp_path, hook):
    """A git repository with the shipped hook installed (run as this checkout) and one commit: (repo, env)."""
    local = dict(hook, language="system", entry=" ".join([sys.executable, "-m", "symattn", *hook["entry"].split()[1:]]))
    local.pop("description", None)
    repo = tmp_path / "blog"
    repo.mkdir()
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"), HOME=str(tmp_path), GIT_AUTHOR_NAME="a",
               GIT_AUTHOR_EMAIL="a@example.invalid", GIT_COMMITTER_NAME="a", GIT_COMMITTER_EMAIL="a@example.invalid",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    _git(repo, "init", "-q", env=env)
    (repo / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, check=True,
                   capture_output=True)
    _git(repo, "add", ".pre-commit-config.yaml", env=env)
    _git(repo, "commit", "-q", "-m", "config", env=env)
    return repo, env


def test_precommit_rejects_a_wrong_weight_and_passes_a_correct_one(tmp_path):
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["language"] == "python" and hook["entry"].split()[:2] == ["symattn", "check"]
    repo, env = _blog(tmp_path, hook)

    # a wrong weight: the drift article prints 0.56 where softmax gives 0.58
    shutil.copy(ARTICLES / "en-rounding-drift.md", repo / "post.md")
    _git(repo, "add", "post.md", env=env)
    bad = _git(repo, "commit", "-m", "a post with a wrong weight", env=env, check=False)
    assert bad.returncode != 0, bad.stdout + bad.stderr
    said = bad.stdout + bad.stderr   # git shows a hook's output on stderr
    assert "symattn check" in said and "Failed" in said
    assert "printed 0.56" in said and "correct: 0.58" in said
    assert _git(repo, "log", "--oneline", env=env).stdout.count("\n") == 1   # nothing committed

    # corrected (by --fix): the commit passes
    fixed = subprocess.run([sys.executable, "-m", "symattn", "check", "post.md", "--fix", "-o", "fixed.md"],
                           cwd=repo, env=env, capture_output=True, text=True)
    assert fixed.returncode == 1
    shutil.move(repo / "fixed.md", repo / "post.md")
    _git(repo, "add", "post.md", env=env)
    good = _git(repo, "commit", "-m", "the post, corrected", env=env, check=False)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "symattn check" in good.stdout + good.stderr and "Passed" in good.stdout + good.stderr


def _readme_snippet() -> str:
    """The README's .pre-commit-config.yaml, as printed there."""
    import re
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"(?ms)^```yaml\n(.*?)^```", readme) if "symattn-check" in b]
    assert len(blocks) == 1, "the README shows one pre-commit configuration"
    return blocks[0]


def test_the_readme_snippet_runs_verbatim(tmp_path):
    snippet = _readme_snippet()
    assert "repo: local" in snippet and "rev:" not in snippet   # nothing to fetch, no tag that may not exist
    # the snippet runs `symattn` from PATH: this environment's console script, else a stand-in for it
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "symattn").exists():
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        (bin_dir / "symattn").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m symattn "$@"\n', encoding="utf-8")
        (bin_dir / "symattn").chmod(0o755)
    repo = tmp_path / "blog"
    repo.mkdir()
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"), HOME=str(tmp_path), GIT_AUTHOR_NAME="a",
               GIT_AUTHOR_EMAIL="a@example.invalid", GIT_COMMITTER_NAME="a", GIT_COMMITTER_EMAIL="a@example.invalid",
               PATH=str(bin_dir) + os.pathsep + os.environ.get("PATH", ""),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    _git(repo, "init", "-q", env=env)
    (repo / ".pre-commit-config.yaml").write_text(snippet, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, check=True, capture_output=True)
    _git(repo, "add", ".pre-commit-config.yaml", env=env)
    _git(repo, "commit", "-q", "-m", "config", env=env)

    shutil.copy(ARTICLES / "en-rounding-drift.md", repo / "post.md")   # prints 0.56 where softmax gives 0.58
    _git(repo, "add", "post.md", env=env)
    bad = _git(repo, "commit", "-m", "a post with a wrong weight", env=env, check=False)
    said = bad.stdout + bad.stderr
    assert bad.returncode != 0 and "Failed" in said and "printed 0.56" in said, said
    shutil.copy(ARTICLES / "zh-causal-mask.md", repo / "post.md")      # an article with nothing wrong
    _git(repo, "add", "post.md", env=env)
    good = _git(repo, "commit", "-m", "a correct post", env=env, check=False)
    assert good.returncode == 0 and "Passed" in good.stdout + good.stderr, good.stdout + good.stderr


@pytest.mark.parametrize("name", ["--output=report.md", "-o.md", "--format=json.md", "--help.md"])
def test_a_staged_article_named_like_an_option_is_checked(tmp_path, name):
    """The hook's entry ends with --: a staged article whose name reads as an option is checked
    like any other.  Before, ``symattn check --output=report.md post.md`` wrote the report of the clean
    post.md to report.md, never checked the wrong article, and the commit passed."""
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["entry"].split()[-1] == "--" and "args" not in hook
    repo, env = _blog(tmp_path, hook)

    shutil.copy(ARTICLES / "en-rounding-drift.md", repo / name)   # prints 0.56 where softmax gives 0.58
    shutil.copy(ARTICLES / "zh-causal-mask.md", repo / "post.md")   # nothing wrong
    _git(repo, "add", "--", name, "post.md", env=env)
    bad = _git(repo, "commit", "-m", "a hostile name", env=env, check=False)
    said = bad.stdout + bad.stderr
    assert bad.returncode != 0 and "Failed" in said, said
    assert f"symattn check: {name}" in said and "printed 0.56" in said, said
    assert sorted(p.name for p in repo.iterdir() if p.name != ".git") == sorted([".pre-commit-config.yaml", name,
                                                                                 "post.md"])   # no report.md
    assert _git(repo, "log", "--oneline", env=env).stdout.count("\n") == 1   # nothing committed
