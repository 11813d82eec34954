"""A newcomer's first hour (issue 27): the README's set-up commands and test command as .ci/run runs
them, every topic named, a spec's language from its tokens, every level in plain text, small-size wording."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from symattn.spec import parse_spec

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _setup_commands() -> list[str]:
    section = README.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"(?ms)^```sh\n(.*?)^```", section)]


def test_the_setup_is_two_commands_in_a_virtual_environment():
    install, tests = _setup_commands()
    assert "\n" not in install and "\n" not in tests
    assert install.startswith("python3 -m venv .venv && . .venv/bin/activate && ") and install.endswith("symattn derive")
    assert tests.startswith(". .venv/bin/activate && ") and "pip install -e '.[test]'" in tests
    assert re.search(r"python -m pytest -n (auto|2)\b", tests)


def test_ci_runs_the_readme_test_command_in_the_readme_environment():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    _, tests = _setup_commands()
    assert re.search(r"(?m)^" + re.escape(tests) + "$", run), "the README's test command, as written, in .ci/run"
    assert "python3 -m venv .venv" in run and 'export CI="${CI:-true}"' in run


def test_every_group_left_out_is_in_the_readme():
    from conftest import GROUPS
    table = README.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    for group in GROUPS:
        assert re.search(rf"(?m)^\| `{group}` \|", table), f"group {group} is not in the README's table"


def test_the_readme_names_every_topic_that_help_lists(run_cli):
    code, out, _ = run_cli("derive", "--help")
    assert code == 0
    listed = re.findall(r"(?m)^  ([a-z_]+) {2,}\S", out.split("topics (", 1)[1])
    from symattn.topics import TOPICS
    assert listed == list(TOPICS)
    table = README.split("## Beyond the article", 1)[1].split("\n## ", 1)[0]
    in_readme = re.findall(r"(?m)^\| `([a-z_]+)`", table)
    assert sorted(in_readme) == sorted(listed) and len(in_readme) == len(set(in_readme))


# --- defaults ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, lang", [
    ('tokens = ["the", "cat"]\nQ = [[1], [0]]\nK = [[1], [1]]', "en"),
    ('tokens = ["猫", "狗"]\nQ = [[1], [0]]\nK = [[1], [1]]', "zh"),
    ('title = "我的例子"\nQ = [[1]]\nK = [[1]]', "zh"),
    ('title = "My example"\nQ = [[1]]\nK = [[1]]', "en"),
    ('Q = [[1]]\nK = [[1]]', "en"),
    ('tokens = ["猫", "狗"]\nQ = [[1], [0]]\nK = [[1], [1]]\nlang = "en"', "en"),   # a lang given wins
    ('tokens = {zh = ["猫"], en = ["cat"]}\nQ = [[1]]\nK = [[1]]', "zh"),
])
def test_lang_follows_the_tokens_and_title(spec, lang):
    assert parse_spec(spec).lang == lang


def test_the_built_in_example_stays_chinese(run_cli):
    code, out, _ = run_cli("derive")
    assert code == 0 and out.startswith("# ") and "第 1 步：" in out


def test_an_english_spec_without_lang_is_derived_in_english(run_cli, tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('tokens = ["the", "cat"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 1], [0, 1]]\n', encoding="utf-8")
    code, out, _ = run_cli("derive", spec)
    assert code == 0 and "Step 1: " in out and not re.search(r"[\u4e00-\u9fff]", out)


def test_text_keeps_every_level(run_cli):
    code, out, _ = run_cli("derive", "--format", "text", "--lang", "en", "--step", "weights")
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    labels = [line.split(":")[0] for line in lines if line.split(":")[0] in
              ("Formula", "Numbers substituted", "One entry written out", "Exact value (3x3)", "Numeric value")]
    assert labels == ["Formula", "Numbers substituted", "One entry written out", "Exact value (3x3)", "Numeric value"]
    assert "Formula: A = softmax((Q Kᵀ)/√d_k)" in lines
    assert "One entry written out: a_11 = e^1/(e^1 + e^(1/2) + e^(1/2)) = e^(1/2)/(e^(1/2) + e^0 + e^0) " \
           "= e^(1/2)/(e^(1/2) + 2)" in lines
    assert not re.search(r"\\[A-Za-z]|_\{", out)


def test_text_follows_the_levels_a_spec_asks_for(run_cli, tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('Q = [[1, 0], [0, 1]]\nK = [[1, 1], [0, 1]]\nlevels = ["formula", "exact"]\n', encoding="utf-8")
    code, out, _ = run_cli("derive", spec, "--format", "text")
    assert code == 0 and "Formula: " in out and "Exact value" in out
    assert "Numbers substituted" not in out and "One entry written out" not in out and "Numeric value" not in out


# --- errors name the file, line and entry -------------------------------------------------------------

@pytest.mark.parametrize("text, where", [
    ('tokens = ["a", "b", "c"]\nQ = [[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]\nK = [[1, 0, 0], [0, 1, 1], [1, 1, 0]]\n',
     ":3: K: "),
    ('tokens = ["a", "b"]\nQ = [[1, 0],\n     [0, "\\\\frac{1}{0}"]]\nK = [[1, 0], [0, 1]]\n', ":3: Q[2,2]: "),
    ('Q = [[1]]\nK = [[1]]\ndigits = -1\n', ":3: digits: "),
    ('Q = [[1]]\nK = [[1]]\ntemperature = 2\n', ":3: temperature: "),
    ('Q = [[1]]\nK = [[1]]\n\n[claimed]\nweights = "symbolic"\n', ":5: claimed.weights: "),
])
def test_a_spec_error_names_its_toml_line(run_cli, tmp_path, text, where):
    spec = tmp_path / "s.toml"
    spec.write_text(text, encoding="utf-8")
    code, out, err = run_cli("derive", spec)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"s.toml{where}" in err, err


# --- wording at small sizes, and what degenerate inputs imply ---------------------------------------------

def _derive(text: str):
    from symattn.topics import derive
    return derive(parse_spec(text))


def test_rope_with_one_pair_says_it_once_and_in_the_singular():
    from symattn.render import render
    d = _derive('topic = "rope"\ntokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 1], [1, 1]]\nK = [[1, 0], [0, 1], [1, 1]]\n'
                'lang = "en"\n')
    md, text = render(d, "md", "en"), render(d, "text", "en")
    assert "1$ coordinate pair," in md and "coordinate pairs" not in md
    assert "1$ rotation of" in md and "1$ rotations" not in md
    assert r"\dots" not in md and "…" not in text.split("Step 1")[1]    # θ_1 alone, no (θ_1, …, θ_1)
    assert "relative_rotation_layout" not in [s.id for s in d.steps]      # the 2 x 2 identity is proved once
    assert sum("Proof" in line for line in md.splitlines() if line.startswith("## ")) == 1


def test_rope_with_more_pairs_keeps_the_layout_proof():
    d = _derive('topic = "rope"\ntokens = ["a", "b"]\nQ = [[1, 0, 1, 0], [0, 1, 0, 1]]\nK = [[1, 0, 0, 1], [0, 1, 1, 0]]\n')
    assert "relative_rotation_layout" in [s.id for s in d.steps]


def _notes(text: str, lang: str = "en") -> list[str]:
    from symattn.render.text import plain
    return [plain(n[lang]) for n in _derive(text).step("weights").notes]


def test_equal_keys_are_said_with_what_follows():
    notes = _notes('tokens = ["a", "b", "c", "d"]\nQ = [[1, 0], [0, 2], [1, 1], [2, 1]]\nK = [[1, 1], [1, 1], [1, 1], [1, 1]]\n')
    said = [n for n in notes if "keys are equal" in n]
    assert said == ["All keys are equal: every query gives every key the same score, so every weight is 1/4 and "
                    "every output row is the mean of the rows of V."]


def test_a_zero_query_and_equal_scores_are_said():
    notes = _notes('tokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 0], [1, 1]]\nK = [[1, 1], [0, 0], [1, 1]]\n')
    assert "Keys 1 (a), 3 (c) are equal: those columns of the weights are equal (every query scores them alike)." in notes
    assert "Key 2 (b) is the zero vector: every query gives it the score 0." in notes
    assert any(n.startswith("Row 2 (b): its scores are all equal (query 2 (b) is the zero vector") and "1/3" in n
               for n in notes)
    zh = _notes('tokens = ["a", "b", "c"]\nQ = [[1, 0], [0, 0], [1, 1]]\nK = [[1, 1], [0, 0], [1, 1]]\nlang = "zh"\n', "zh")
    assert any(n.startswith("第 2 行（b）的分数全部相等") for n in zh)


def test_an_ordinary_input_gets_no_such_note():
    notes = _notes('tokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[2, 0], [0, 1]]\n')
    assert not [n for n in notes if "are equal" in n or "all equal" in n or "zero vector" in n]
