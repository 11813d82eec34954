"""The bad-input corpus (tests/bad_inputs/cases.toml): every case through the CLI in-process.

Each case must give its exit code and a message matching its pattern, as one
line on stderr with no traceback; and the same command with ``-o FILE --force``
over an existing FILE must leave that file exactly as it was, with no temporary
file beside it.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "bad_inputs"
CASES = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))["case"]
IDS = [c["name"] for c in CASES]


def _fill(text: str, tmp: Path) -> str:
    return text.replace("{here}", str(HERE)).replace("{tmp}", str(tmp))


def _prepare(case, tmp_path, monkeypatch) -> list[str]:
    for target, value in case.get("patch", {}).items():
        module, attr = target.rsplit(".", 1)
        mod = importlib.import_module(module)
        assert hasattr(mod, attr), target  # a renamed limit must not make the case vacuous
        monkeypatch.setattr(mod, attr, value)
    gen = case.get("generate")
    if gen:
        line = b"# padding: a spec file this large is refused before it is parsed\n"
        Path(_fill(gen["path"], tmp_path)).write_bytes(line * (gen["bytes"] // len(line) + 1))
    return [_fill(a, tmp_path) for a in case["argv"]]


def _one_clean_line(err: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.startswith("symattn: error: "), err


def test_corpus_is_large_and_names_are_unique():
    assert len(CASES) >= 40
    assert len(set(IDS)) == len(IDS)
    for case in CASES:
        assert set(case) <= {"name", "argv", "exit", "stderr", "generate", "patch", "output_check"}, case
        re.compile(case["stderr"])


def test_every_corpus_file_is_used():
    used = " ".join(" ".join(c["argv"]) for c in CASES)
    files = [p for folder in ("specs", "articles") for p in (HERE / folder).iterdir()]
    unused = [p.name for p in files if p.name not in used]
    assert not unused, f"corpus files no case runs: {unused}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_bad_input(case, run_cli, tmp_path, monkeypatch):
    argv = _prepare(case, tmp_path, monkeypatch)
    code, out, err = run_cli(*argv)
    assert code == case["exit"], (code, err)
    _one_clean_line(err)
    assert re.search(case["stderr"], err), f"{case['stderr']!r} not in {err!r}"
    assert out == ""


@pytest.mark.parametrize("case", [c for c in CASES if c.get("output_check", True)],
                         ids=[c["name"] for c in CASES if c.get("output_check", True)])
def test_bad_input_leaves_existing_output_alone(case, run_cli, tmp_path, monkeypatch):
    argv = _prepare(case, tmp_path, monkeypatch)
    outdir = tmp_path / "out"
    outdir.mkdir()
    target = outdir / "result.md"
    target.write_bytes(b"the previous, good output\n")
    code, out, err = run_cli(argv[0], "-o", target, "--force", *argv[1:])
    assert code == case["exit"], (code, err)
    _one_clean_line(err)
    assert target.read_bytes() == b"the previous, good output\n"
    assert sorted(p.name for p in outdir.iterdir()) == ["result.md"], "a temporary file was left behind"


def test_internal_errors_keep_their_traceback_under_debug(monkeypatch, run_cli):
    """A bug (not a user error) is one line without --debug, and raises with it."""
    from symattn.commands import derive

    def broken(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(derive, "run", broken)
    code, _, err = run_cli("derive")
    assert code == 3 and err.count("\n") == 1 and "ZeroDivisionError" in err and "--debug" in err
    with pytest.raises(ZeroDivisionError):
        run_cli("--debug", "derive")
    with pytest.raises(ZeroDivisionError):
        run_cli("derive", "--debug")


def test_memory_error_is_a_clean_exit_2(monkeypatch, run_cli):
    from symattn.commands import derive

    def huge(args):
        raise MemoryError

    monkeypatch.setattr(derive, "run", huge)
    code, _, err = run_cli("derive")
    assert code == 2 and err.count("\n") == 1 and "out of memory" in err


def test_limits_can_be_raised(run_cli, monkeypatch):
    """The way out that every limit message names really works."""
    from symattn import limits

    spec = HERE / "specs" / "symbolic-too-large.toml"
    assert run_cli("derive", spec)[0] == 2
    monkeypatch.setattr(limits, "MAX_SYMBOLIC", 9)
    code, out, err = run_cli("derive", spec, "--format", "json")
    assert code == 0 and err == "" and '"weights"' in out


def test_hostile_file_name_cannot_reach_the_terminal(run_cli, tmp_path):
    """A file name with a newline and terminal escapes is still one harmless line."""
    name = tmp_path / "spec\x1b[2J\nfake: error\r.toml"
    for argv in (["derive", name], ["check", name]):
        code, out, err = run_cli(*argv)
        assert code == 2 and out == ""
        _one_clean_line(err)
        assert "\x1b" not in err and "\r" not in err and "no such file" in err
