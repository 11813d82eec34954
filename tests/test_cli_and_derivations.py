"""The CLI contract and the staleness of derivations/."""

from pathlib import Path

from symattn.examples import ARTICLE_TOML
from symattn.regen import DEFAULT_DIR, main as regen_main, outputs


def test_derivations_are_fresh():
    stale = []
    for spec in sorted(DEFAULT_DIR.glob("*.toml")):
        for path, text in outputs(spec).items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
    assert not stale, f"run 'python -m symattn.regen': stale {stale}"


def test_builtin_example_matches_derivations_spec():
    assert (DEFAULT_DIR / "wo-ai-ni.toml").read_text(encoding="utf-8") == ARTICLE_TOML


def test_regen_check_flags_a_stale_file(tmp_path):
    (tmp_path / "a.toml").write_text(ARTICLE_TOML, encoding="utf-8")
    assert regen_main([str(tmp_path), "--check"]) == 1
    assert regen_main([str(tmp_path)]) == 0
    assert regen_main([str(tmp_path), "--check"]) == 0


def test_help_teaches(run_cli):
    code, out, _ = run_cli("derive", "--help")
    assert code == 0 and "examples:" in out and "--format" in out


def test_errors_are_one_line_exit_2(run_cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("tokens = [1, 2\n", encoding="utf-8")
    for argv in (["derive", tmp_path / "missing.toml"], ["derive", bad], ["derive", "--format", "docx"], ["nope"]):
        code, out, err = run_cli(*argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, argv


def test_output_file_is_not_overwritten_without_force(run_cli, tmp_path):
    target = tmp_path / "out.md"
    target.write_text("keep", encoding="utf-8")
    code, _, err = run_cli("derive", "-o", target)
    assert code == 2 and "--force" in err and target.read_text(encoding="utf-8") == "keep"
    assert run_cli("derive", "-o", target, "--force")[0] == 0
    assert target.read_text(encoding="utf-8").startswith("# ")


def test_shape_mismatch_names_the_entry(run_cli, tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('tokens = ["a", "b"]\nQ = [[1, 0, 1, 1], [0, 1, 0, 1]]\nK = [[1, 0, 1], [0, 1, 0]]\n',
                    encoding="utf-8")
    code, _, err = run_cli("derive", spec)
    assert code == 2 and "s.toml" in err and "K" in err and "same width" in err
