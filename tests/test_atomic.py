"""Nothing lost: a failed or interrupted ``-o`` keeps the previous file, leaves no
temporary file, and ``check`` never modifies the article."""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path

import pytest

import symattn.io as sio

PREVIOUS = b"the previous output, which must survive\n"


@pytest.fixture
def target(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    path = out / "attention.md"
    path.write_bytes(PREVIOUS)
    os.chmod(path, 0o640)
    return path


def _intact(path: Path) -> None:
    assert path.read_bytes() == PREVIOUS
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "a temporary file was left behind"


def test_failure_at_the_rename(target, run_cli, monkeypatch):
    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sio.os, "replace", broken_replace)
    code, out, err = run_cli("derive", "-o", target, "--force")
    assert code == 2 and "cannot write: No space left on device" in err and err.count("\n") == 1
    _intact(target)


def test_failure_in_the_middle_of_writing(target, run_cli, monkeypatch):
    """The disk fills after half the document is written."""
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            self.fh.write(data[: len(data) // 2])
            self.fh.flush()
            raise OSError(28, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.fh, name)

    monkeypatch.setattr(sio.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    code, _, err = run_cli("derive", "-o", target, "--force")
    assert code == 2 and "No space left on device" in err
    _intact(target)


def test_interrupt_while_writing(target, run_cli, monkeypatch):
    """Ctrl-C between writing the temporary file and renaming it."""
    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(sio.os, "fsync", interrupted)
    code, _, err = run_cli("derive", "-o", target, "--force")
    assert code == 130 and "interrupted" in err
    _intact(target)


def test_interrupt_while_rendering(target, run_cli, monkeypatch):
    render = importlib.import_module("symattn.render")  # the package (symattn.render is also a function)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(render, "render", interrupted)
    code, _, _ = run_cli("derive", "-o", target, "--force")
    assert code == 130
    _intact(target)


def test_internal_error_while_rendering(target, run_cli, monkeypatch):
    render = importlib.import_module("symattn.render")  # the package (symattn.render is also a function)

    def bug(*args, **kwargs):
        raise RuntimeError("a bug in a renderer")

    monkeypatch.setattr(render, "render", bug)
    code, _, err = run_cli("derive", "-o", target, "--force")
    assert code == 3 and "internal error" in err
    _intact(target)


def test_bad_spec_keeps_the_previous_output(target, run_cli, tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text('tokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 2, 3], [4, 5, 6]]\n', encoding="utf-8")
    code, _, err = run_cli("derive", spec, "-o", target, "--force")
    assert code == 2 and "same width" in err
    _intact(target)


def test_no_overwrite_without_force(target, run_cli):
    code, _, err = run_cli("derive", "-o", target)
    assert code == 2 and "--force" in err
    _intact(target)


def test_success_replaces_whole_file_and_keeps_its_mode(target, run_cli):
    code, out, err = run_cli("derive", "-o", target, "--force")
    assert code == 0 and out == "" and err == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# ") and PREVIOUS.decode() not in text
    assert (target.stat().st_mode & 0o777) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def test_new_file_gets_the_usual_mode(tmp_path, run_cli):
    target = tmp_path / "new.json"
    assert run_cli("derive", "--format", "json", "-o", target)[0] == 0
    umask = os.umask(0)
    os.umask(umask)
    assert (target.stat().st_mode & 0o777) == 0o666 & ~umask


def test_write_atomic_directly(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    sio.write_atomic(path, "one")
    assert path.read_text() == "one"
    with pytest.raises(sio.SymattnError, match="already exists"):
        sio.write_atomic(path, "two", force=False)
    monkeypatch.setattr(sio.os, "replace", lambda a, b: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        sio.write_atomic(path, "three")
    assert path.read_text() == "one" and [p.name for p in tmp_path.iterdir()] == ["f.txt"]


def _digest(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def test_check_never_modifies_the_article(article_path, tmp_path, run_cli):
    pytest.importorskip("symattn.check")
    article = tmp_path / article_path.name
    article.write_bytes(article_path.read_bytes())
    before = _digest(article)
    for argv in (["check", article], ["check", article, "--format", "json"],
                 ["check", article, "-o", tmp_path / "report.txt"]):
        code, _, err = run_cli(*argv)
        assert code in (0, 1), err
        assert _digest(article) == before
    code, _, err = run_cli("check", article, "-o", article, "--force")
    assert code == 2 and "would overwrite the article" in err
    assert _digest(article) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([article.name, "report.txt"])


def test_check_report_write_failure_keeps_previous_report(article_path, tmp_path, run_cli, monkeypatch):
    pytest.importorskip("symattn.check")
    report = tmp_path / "report.txt"
    report.write_bytes(PREVIOUS)

    def broken_replace(src, dst):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(sio.os, "replace", broken_replace)
    code, _, err = run_cli("check", article_path, "-o", report, "--force")
    assert code == 2 and "Input/output error" in err
    assert report.read_bytes() == PREVIOUS and [p.name for p in tmp_path.iterdir()] == ["report.txt"]
