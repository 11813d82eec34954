"""`symattn check --format github|sarif`: CI annotations and SARIF 2.1.0.

The SARIF output is validated with ``jsonschema`` against the official SARIF 2.1.0 schema, kept in
tests/sarif/ (its origin, a registry package, is in tests/sarif/ORIGIN.md).  The github format is
compared line by line with what the same checker reports for each wrong claim.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from symattn.check import check_file
from symattn.check.ci import RULES, rule_of

jsonschema = pytest.importorskip("jsonschema")

HERE = Path(__file__).parent
SCHEMA = HERE / "sarif" / "sarif-schema-2.1.0.json"
DRIFT = HERE / "articles" / "en-rounding-drift.md"           # a drift, diagnosed "rounded early"
NO_SCALING = HERE / "articles" / "en-mistake-no-scaling.md"
CLEAN = HERE / "articles" / "zh-causal-mask.md"
CARRIED = HERE / "articles" / "real" / "en-simplified-self-attention-studying.md"   # slips and values carried from them


@pytest.fixture
def folder(tmp_path):
    for p in (DRIFT, NO_SCALING, CLEAN, CARRIED):
        shutil.copy(p, tmp_path / p.name)
    (tmp_path / "bad, name.md").write_bytes(b"\xff\xfe$x$")
    return tmp_path


def _wrong(path: Path):
    return [c for c in check_file(path).claims if c.status == "wrong"]


def test_sarif_validates_against_the_official_schema(run_cli, folder):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    code, out, _ = run_cli("check", folder, "--format", "sarif")
    assert code == 2                                    # the UTF-16 file is bad input
    doc = json.loads(out)
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema).validate(doc)
    run = doc["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    expected = [(folder / p.name, c) for p in (CARRIED, DRIFT, NO_SCALING) for c in _wrong(p)]
    expected.sort(key=lambda fc: str(fc[0]))
    assert len(run["results"]) == len(expected) > 2
    for result, (path, claim) in zip(run["results"], expected):
        region = result["locations"][0]["physicalLocation"]["region"]
        assert result["ruleId"] == rule_of(claim) == rules[result["ruleIndex"]]
        assert region["startLine"] == min(claim.wrong_lines or [claim.line])
        for e in claim.entries:
            assert f"printed {e['claimed']}, should be {e['correct']}" in result["message"]["text"]
        if claim.cause == "carried":
            assert result["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == claim.root
    kinds = {r["ruleId"] for r in run["results"]}
    assert {"carried-error", "rounded-early"} <= kinds and kinds <= set(RULES)
    assert run["invocations"][0]["executionSuccessful"] is False
    note = run["invocations"][0]["toolExecutionNotifications"][0]
    assert "UTF-16" in note["message"]["text"]
    # a clean file: a valid log with no results
    code, out, _ = run_cli("check", CLEAN, "--format", "sarif")
    assert code == 0
    jsonschema.Draft4Validator(schema).validate(json.loads(out))
    assert json.loads(out)["runs"][0]["results"] == []


def test_github_format_line_by_line(run_cli, folder):
    code, out, _ = run_cli("check", folder, "--format", "github")
    assert code == 2
    lines = out.splitlines()
    assert lines[0] == f"::error file={folder}/bad%2C name.md,title=symattn: bad input::" \
                       f"{folder}/bad, name.md: is UTF-16 text; save it as UTF-8"
    rest = lines[1:]
    expected = [(folder / p.name, c) for p in (CARRIED, DRIFT, NO_SCALING) for c in _wrong(p)]
    expected.sort(key=lambda fc: str(fc[0]))
    assert len(rest) == len(expected)
    for line, (path, c) in zip(rest, expected):
        lo, hi = min(c.wrong_lines or [c.line]), max(c.wrong_lines or [c.line])
        head = f"::error file={path},line={lo},endLine={hi},title=symattn%3A {rule_of(c)}::"
        assert line.startswith(head), line
        message = line[len(head):]
        assert "\n" not in message and "%0A" not in message
        message = message.replace("%25", "%")   # a percentage in the message, escaped as GitHub asks
        assert message.startswith(f"{c.label or 'value'}: ")
        for e in c.entries[:12]:
            assert f"{e['entry']} printed {e['claimed']}, should be {e['correct']}" in message
        if c.cause == "carried":
            assert message.endswith(f"(carried from the slip on line {c.root})")
        if c.diagnosis:
            assert f". Likely mistake: {c.diagnosis}" in message


def test_github_escapes_what_would_end_a_workflow_command(run_cli, tmp_path):
    article = tmp_path / "a%b,c:d.md"
    shutil.copy(DRIFT, article)
    code, out, _ = run_cli("check", article, "--format", "github")
    assert code == 1
    assert out.startswith(f"::error file={tmp_path}/a%25b%2Cc%3Ad.md,line=23,endLine=23,title=symattn%3A rounded-early::")
    assert out.count("\n") == 1


def test_clean_article_gives_no_annotation(run_cli):
    assert run_cli("check", CLEAN, "--format", "github") == (0, "", "")
