"""A spec's [notation], steps and levels: the document has exactly those names, steps and levels."""

import json
import re

import pytest

from symattn import parse_spec, render
from symattn.cli import main
from symattn.topics import derive

BASE = """tokens = ["我", "爱", "你"]
Q = [[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]]
K = [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]
digits = 2
"""
AUTHOR = BASE + """steps = ["weights", "scores", "scaled_scores", "output"]
levels = ["formula", "entry", "numeric"]
[notation]
scores = "\\\\text{Scores}"
scaled_scores = "Scaled Scores"
weights = "注意力权重"
queries = "\\\\mathbf{Q}"
"""
LABELS = {"formula": "Formula", "substituted": "Numbers substituted", "entry": "One entry written out",
          "exact": "Exact value", "numeric": "Numeric value"}


def doc(text, fmt="md", lang="en"):
    return render(derive(parse_spec(text)), fmt, lang)


def test_steps_in_the_order_given_numbered_from_one():
    d = derive(parse_spec(AUTHOR))
    assert [s.id for s in d.steps] == ["weights", "scores", "scaled_scores", "output"]
    heads = re.findall(r"^## Step (\d+): (.*)$", doc(AUTHOR), re.M)
    assert [int(n) for n, _ in heads] == [1, 2, 3, 4]


def test_exactly_the_names_given():
    md = doc(AUTHOR)
    assert re.findall(r"^## Step \d+: (.*)$", md, re.M) == [
        r"Row softmax: attention weights $\text{注意力权重}$", "Scores",
        r"Scaling $\text{Scaled Scores}$", "Weighted sum: output $O$"]
    # the names replace S, S̃, A and Q in every formula, and later steps use the earlier names
    assert r"\text{Scores} = \mathbf{Q} K^{T}" in md
    assert r"\text{Scaled Scores} = \frac{\text{Scores}}{\sqrt{d_{k}}}" in md
    assert r"\text{注意力权重} = \operatorname{softmax}\left(\text{Scaled Scores}\right)" in md
    assert r"O = \text{注意力权重} V" in md
    maths = "\n".join(re.findall(r"\$\$\n(.*?)\n\$\$", md, re.S))
    assert not re.search(r"(?<![\\\w])[SA](?: =| \\approx)", maths)  # no S = or A = is left
    data = json.loads(doc(AUTHOR, "json"))
    assert data["steps"][0]["latex"].startswith(r"\text{注意力权重} = ")


def test_exactly_the_levels_given():
    md = doc(AUTHOR)
    shown = set(re.findall(r"^\*\*(.*?)\*\*$", md, re.M))
    shown = {re.sub(r" \(\d+ decimals\)", "", s) for s in shown}
    assert shown == {LABELS["formula"], LABELS["entry"], LABELS["numeric"]}
    assert "Each step shows the formula, one entry written out, decimals." in md
    for step in json.loads(doc(AUTHOR, "json"))["steps"]:
        assert set(step["levels"]) <= {"formula", "expanded", "numeric"}
    # no numeric level: no table of decimals either
    exact_only = BASE + 'levels = ["exact"]\n'
    md = doc(exact_only)
    assert set(re.findall(r"^\*\*(.*?)\*\*$", md, re.M)) == {"Exact value"} and "|---|" not in md


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
def test_every_format_speaks_the_names(fmt):
    out = doc(AUTHOR, fmt, "zh")
    assert r"\text{Scores}" in out and r"\text{注意力权重}" in out


def test_plain_text_speaks_the_names_and_levels():
    out = doc(AUTHOR, "text", "en")
    assert "Step 2: Scores" in out and "Step 1: Row softmax: attention weights 注意力权重" in out
    assert "Exact value" not in out and "Numeric value" in out


def test_without_notation_nothing_changes():
    plain = derive(parse_spec(BASE))
    assert "names" not in dict(plain.meta) and "levels" not in dict(plain.meta)
    assert render(plain, "md", "en") == doc(BASE)


@pytest.mark.parametrize("entry, value, message", [
    ("notation", '{scores = "\\\\input{/etc/passwd}"}', r"notation\.scores: \\input is not one of the maths commands"),
    ("notation", '{scores = "\\\\def\\\\x{1}"}', r"notation\.scores: \\def is not one"),
    ("notation", '{weights = "A^^5cinput"}', r"notation\.weights: \^\^"),
    ("notation", '{weights = "a$b"}', r"notation\.weights: a name is one formula"),
    ("notation", '{weights = ""}', r"notation\.weights: a name must be a non-empty string"),
    ("notation", "{weights = 3}", r"notation\.weights: a name must be a non-empty string"),
    ("notation", '{weights = "' + "w" * 70 + '"}', r"notation\.weights: a name of 70 characters"),
    ("notation", '{weights = "\\u001b[31m"}', r"notation\.weights: a name must be one line of printable text"),
    ("notation", '{wieghts = "W"}', r"notation\.wieghts: no step 'wieghts' in this derivation; did you mean weights"),
    ("notation", '"A"', r"notation: notation must be a table"),
    ("steps", '["scores", "nope"]', r"steps: no step 'nope'"),
    ("steps", '["scores", "scores"]', r"steps: steps lists 'scores' twice"),
    ("steps", "[]", r"steps: steps must be a non-empty list"),
    ("levels", '["formula", "expanded"]', r"levels: unknown level 'expanded'; levels are formula, substituted, "
                                          r"entry, exact, numeric"),
])
def test_bad_names_steps_levels_are_one_line_exit_2(tmp_path, capsys, entry, value, message):
    spec = tmp_path / "s.toml"
    if entry == "notation" and value.startswith("{"):
        body = BASE + f"notation = {value}\n"
    else:
        body = BASE + f"{entry} = {value}\n"
    spec.write_text(body, encoding="utf-8")
    out = tmp_path / "out.md"
    assert main(["derive", str(spec), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    line = body.splitlines().index(next(x for x in body.splitlines() if x.startswith(entry))) + 1
    assert len(err) == 1 and err[0].startswith(f"symattn: error: {spec}:{line}: "), err   # the TOML line
    assert re.search(message, err[0]), err[0]
    assert not out.exists()


def test_rope_names_reach_its_formulas():
    spec = BASE.replace("digits = 2", 'topic = "rope"') + """[notation]
rotated_queries = "Q_{r}"
scores = "\\\\text{Scores}"
"""
    md = doc(spec)
    assert r"\text{Scores} = Q_{r} \tilde{K}^{T}" in md
