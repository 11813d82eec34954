"""symattn exercise --topic mask|mha: problems drawn per seed, keys from the derivation, and symattn
check finds nothing wrong in the keys (a corrupted key is caught)."""

import io
import contextlib
import re

import numpy as np
import pytest
import sympy as sp

from symattn.exercise import DIMS, TOPICS, answer_key, document, make_exercise, spec_toml, worksheet
from symattn.numeric import evaluate
from symattn.spec import parse_spec
from symattn.topics import derive


def _check(path):
    """symattn check's exit code and its text report, in-process."""
    from symattn.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", str(path)])
    return code, out.getvalue()


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(sp.ImmutableMatrix(m), 20)], dtype=np.float64)


def test_registry_names_the_topics():
    assert {"attention", "mask", "mha"} <= set(TOPICS)


@pytest.mark.parametrize("seed", range(8))
def test_mask_problem_is_causal_attention(seed):
    ex = make_exercise(seed, 2 + seed % 5, DIMS[seed % 4], lang="en", topic="mask")
    d = ex.derivation
    A = d.step("weights").exact
    L = A.rows
    assert all(A[i, j] is sp.S.Zero for i in range(L) for j in range(i + 1, L))  # hidden: exactly 0
    q, k, v = (_floats(x) for x in (ex.spec.Q, ex.spec.K, ex.spec.V))
    s = q @ k.T / np.sqrt(q.shape[1]) + np.triu(np.full((L, L), -np.inf), 1)
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    assert np.abs(_floats(A) - w).max() <= 1e-12
    assert np.abs(_floats(d.step("output").exact) - w @ v).max() <= 1e-12
    St = d.step("scaled_scores").exact
    assert any(len(set(St[i, :i + 1])) > 1 for i in range(L))  # some visible row is not uniform


@pytest.mark.parametrize("seed", range(8))
def test_mha_problem_splits_two_heads_of_width_dim(seed):
    D = DIMS[seed % 4]
    ex = make_exercise(seed, 2 + seed % 5, D, lang="zh", topic="mha")
    Q, K, V = ex.spec.Q, ex.spec.K, ex.spec.V
    assert Q.cols == K.cols == 2 * D and ex.width == D
    concat = []
    for h in range(2):
        q, k = _floats(Q[:, h * D:(h + 1) * D]), _floats(K[:, h * D:(h + 1) * D])
        v = _floats(V[:, h * V.cols // 2:(h + 1) * V.cols // 2])
        s = q @ k.T / np.sqrt(D)
        assert np.all(np.abs(2 * s - np.round(2 * s)) < 1e-12)  # whole numbers or halves, per head
        w = np.exp(s - s.max(axis=1, keepdims=True))
        w /= w.sum(axis=1, keepdims=True)
        assert np.abs(_floats(ex.derivation.step(f"head{h + 1}_weights").exact) - w).max() <= 1e-12
        concat.append(w @ v)
    assert np.abs(_floats(ex.derivation.step("concat").exact) - np.hstack(concat)).max() <= 1e-12


@pytest.mark.parametrize("topic", ["mask", "mha"])
def test_spec_round_trips_and_worksheet_has_no_answers(topic):
    ex = make_exercise(5, 3, 4, lang="en", topic=topic)
    again = derive(parse_spec(spec_toml(ex), source="ex.toml"))
    assert [s.exact for s in again.steps] == [s.exact for s in ex.derivation.steps]
    sheet = worksheet(ex)
    assert "Answer key" not in sheet and r"\approx" not in sheet
    assert not re.search(r"\\frac\{e|e\^\{\d", sheet)  # no exact weight
    assert document(make_exercise(5, 3, 4, topic=topic)) == document(make_exercise(5, 3, 4, topic=topic))


def test_mask_key_names_the_mask_as_the_tasks_do():
    key = answer_key(make_exercise(2, 3, 4, lang="en", topic="mask"))
    assert "$M = \\begin{bmatrix} 0 & -\\infty & -\\infty" in key
    assert "$\\text{Masked Scores} = \\text{Scaled Scores} + M = " in key


@pytest.mark.parametrize("topic, seeds", [("mask", range(16)), ("mha", range(8))])
def test_keys_pass_symattn_check(tmp_path, topic, seeds):
    pytest.importorskip("symattn.check")
    failures = []
    for seed in seeds:
        L, D = 2 + seed % 5, DIMS[seed % 4]
        lang = "zh" if seed % 2 else "en"
        ex = make_exercise(seed, L, D, lang=lang, topic=topic)
        for fmt, part in (("md", "key"), ("tex", "all")) if seed < 4 else (("md", "key"),):
            path = tmp_path / f"{topic}{seed}.{fmt}"
            path.write_text(document(ex, fmt, part), encoding="utf-8")
            code, report = _check(path)
            wrong = re.search(r"(\d+) (?:wrong|处错误)", report)
            if code != 0 or wrong is None or wrong.group(1) != "0":
                failures.append((seed, L, D, lang, fmt, code))
    assert not failures, failures


@pytest.mark.parametrize("topic", ["mask", "mha"])
def test_a_corrupted_key_fails_symattn_check(tmp_path, topic):
    pytest.importorskip("symattn.check")
    key = document(make_exercise(3, 3, 4, lang="en", topic=topic), "md", "key")
    line = next(ln for ln in key.splitlines() if re.match(r"\$(\\text\{Attention Weights\} =|A_1) .*\\approx", ln))
    first = re.search(r"\\begin\{bmatrix\} (\d\.\d\d)", line).group(1)
    wrong = f"{(float(first) + 0.3) % 1:.2f}"
    path = tmp_path / "bad.md"
    path.write_text(key.replace(line, line.replace(f"bmatrix}} {first}", f"bmatrix}} {wrong}", 1)), encoding="utf-8")
    code, report = _check(path)
    assert code == 1 and "wrong" in report


def test_cli_topic_flag(run_cli):
    code, out, err = run_cli("exercise", "--topic", "mask", "--seed", 1, "--lang", "en")
    assert code == 0 and err == "" and "Masked Scores" in out and "Causal attention exercise #1" in out
    code, out, err = run_cli("exercise", "--topic", "mha", "--part", "spec")
    assert code == 0 and 'topic = "mha"' in out and "heads = 2" in out
    code, out, err = run_cli("exercise", "--topic", "heads")
    assert code == 2 and out == "" and "--topic" in err and len(err.strip().splitlines()) == 1
    code, out, err = run_cli("exercise", "--topic", "mha", "--cards", "md")
    assert code == 2 and "--cards" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("topic, lang", [("mask", "zh"), ("mha", "en")])
def test_tex_documents_compile_with_xelatex(topic, lang):
    from conftest import require_tool
    from symattn.render.pdf import compile_tex, xelatex_missing
    require_tool(xelatex_missing())
    pdf, log = compile_tex(document(make_exercise(4, 3, 4, lang=lang, topic=topic), "tex"))
    assert pdf.startswith(b"%PDF-") and "Missing character" not in log
