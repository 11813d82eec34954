"""What a new user meets first (issue 15): install hints, typos, titles, single steps."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _venv_without_genanki(tmp_path) -> Path:
    """A real venv (no system site-packages) that sees symattn and its required
    dependencies through a .pth file, but not genanki."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    deps = tmp_path / "deps"
    deps.mkdir()
    for name in ("sympy", "mpmath", "numpy", "latex2sympy2", "antlr4"):
        spec = importlib.util.find_spec(name)
        if spec is None:
            continue
        origin = Path(spec.origin)
        src = origin.parent if origin.name == "__init__.py" else origin
        (deps / src.name).symlink_to(src)
    (deps / "symattn").symlink_to(ROOT / "symattn")
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "deps.pth").write_text(str(deps) + "\n")
    return python


@pytest.mark.parametrize("argv", [
    ["cards", "-o", "x.apkg"],
    ["exercise", "--cards", "apkg", "-o", "drill.apkg"],
])
def test_apkg_without_genanki_is_an_install_hint(tmp_path, argv):
    python = _venv_without_genanki(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    probe = subprocess.run([str(python), "-c", "import genanki"], capture_output=True, env=env)
    assert probe.returncode != 0, "the test venv must not see genanki"
    res = subprocess.run([str(python), "-m", "symattn", *argv], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 2, res.stderr
    assert res.stderr == ("symattn: error: the apkg format needs genanki: "
                          "pip install 'symattn[cards]'\n")
    assert not (tmp_path / argv[-1]).exists()


@pytest.mark.parametrize("argv, hint", [
    (["derivee"], "did you mean derive?"),
    (["chek", "x.md"], "did you mean check?"),
    (["derive", "--format", "mdd"], "did you mean md?"),
])
def test_mistyped_choice_suggests_the_close_one(run_cli, argv, hint):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith(hint + "\n"), err
    assert err.count("symattn") == 1, err  # the prefix once, not "symattn: error: symattn: ..."


def test_a_choice_nothing_is_close_to_gets_no_hint(run_cli):
    code, _, err = run_cli("zzzz")
    assert code == 2 and "invalid choice: 'zzzz'" in err and "did you mean" not in err


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_users_title_is_kept_as_written_in_either_language(tmp_path, run_cli, lang):
    spec = tmp_path / "s.toml"
    spec.write_text('title = "the cat sat down"\ntokens = ["the", "cat"]\nQ = [[1, 0], [0, 1]]\n'
                    'K = [[1, 0], [0, 1]]\nlang = "en"\n', encoding="utf-8")
    code, out, _ = run_cli("derive", spec, "--lang", lang)
    assert code == 0 and out.splitlines()[0] == "# the cat sat down"


def test_without_a_title_each_language_gets_its_own_default(run_cli):
    assert run_cli("derive", "--lang", "zh")[1].startswith("# 手推 Attention：我 爱 你\n")
    assert run_cli("derive", "--lang", "en")[1].startswith("# Attention by hand: 我 爱 你\n")
