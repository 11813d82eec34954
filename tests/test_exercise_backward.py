"""symattn exercise --topic backward: an upstream gradient with the problem, a key of dV, dA, D, dS~,
dQ and dK from the backward derivation, torch agreeing with it, and symattn check finding nothing wrong."""

import contextlib
import io
import re

import numpy as np
import pytest
import sympy as sp

from symattn.exercise import DIMS, TOPICS, answer_key, document, make_exercise, spec_toml, worksheet
from symattn.numeric import evaluate
from symattn.spec import parse_spec
from symattn.topics import derive


def _check(path):
    from symattn.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", str(path)])
    return code, out.getvalue()


def _floats(m):
    return np.array([[float(x) for x in row] for row in evaluate(sp.ImmutableMatrix(m), 20)], dtype=np.float64)


def test_registry_has_backward():
    assert "backward" in TOPICS


@pytest.mark.parametrize("seed", range(6))
def test_backward_problem_matches_torch(seed):
    torch = pytest.importorskip("torch")
    L, D = 2 + seed % 4, DIMS[seed % 4]
    ex = make_exercise(seed, L, D, lang="en", topic="backward")
    dO = sp.ImmutableMatrix(dict(ex.spec.options)["dO"])
    assert any(dO) and set(dO) <= {-1, 0, 1}
    q, k, v = (torch.tensor(_floats(m), requires_grad=True) for m in (ex.spec.Q, ex.spec.K, ex.spec.V))
    (torch.softmax(q @ k.T / np.sqrt(D), dim=-1) @ v).backward(torch.tensor(_floats(dO)))
    d = ex.derivation
    for step_id, t in (("grad_queries", q), ("grad_keys", k), ("grad_values", v)):
        assert np.abs(_floats(d.step(step_id).exact) - t.grad.numpy()).max() <= 1e-12


def test_worksheet_asks_and_key_answers():
    ex = make_exercise(4, 3, 4, lang="en", topic="backward")
    sheet = worksheet(ex)
    assert "Backward pass exercise #4" in sheet and "$dO = \\begin{bmatrix}" in sheet
    assert "Answer key" not in sheet and "\\approx" not in sheet
    key = answer_key(ex)
    # the gradients as check reads them: dX, D against a column of ones, (dS~)^T in parentheses
    for name in ("dV = A^T dO", "dA = dO\\, V^T", "D = (dA \\odot A) \\begin{bmatrix} 1 \\\\ 1 \\\\ 1 \\end{bmatrix}",
                 "d\\tilde{S} = A \\odot (dA - D \\begin{bmatrix} 1 & 1 & 1 \\end{bmatrix})",
                 "dQ = \\frac{d\\tilde{S}\\, K}{\\sqrt{d_k}}", "dK = \\frac{(d\\tilde{S})^T Q}{\\sqrt{d_k}}"):
        assert f"${name}" in key
    again = derive(parse_spec(spec_toml(ex), source="ex.toml"))
    assert [s.exact for s in again.steps] == [s.exact for s in ex.derivation.steps]
    assert document(ex) == document(make_exercise(4, 3, 4, lang="en", topic="backward"))


def test_backward_keys_pass_symattn_check(tmp_path):
    pytest.importorskip("symattn.check")
    failures = []
    for seed in range(8):
        L, D = 2 + seed % 4, DIMS[seed % 4]
        lang = "zh" if seed % 2 else "en"
        ex = make_exercise(seed, L, D, lang=lang, topic="backward")
        for fmt, part in (("md", "all"), ("tex", "all")) if seed < 2 else (("md", "all"),):
            path = tmp_path / f"backward{seed}.{fmt}"
            path.write_text(document(ex, fmt, part), encoding="utf-8")
            code, report = _check(path)
            wrong = re.search(r"(\d+) (?:wrong|处错误)", report)
            exact = re.search(r"(\d+) (?:exact|处精确)", report)  # the forward lines are verified, not skipped
            if code != 0 or wrong is None or wrong.group(1) != "0" or exact is None or int(exact.group(1)) < 10:
                failures.append((seed, L, D, lang, fmt, code, report[-400:]))
    assert not failures, failures


def test_cli_backward_topic(run_cli):
    code, out, err = run_cli("exercise", "--topic", "backward", "--seed", 2, "--lang", "en")
    assert code == 0 and err == "" and "Backward pass exercise #2" in out and "$dK = " in out
    code, out, err = run_cli("exercise", "--topic", "backward", "--part", "spec")
    assert code == 0 and 'topic = "backward"' in out and "dO = [[" in out
    code, out, err = run_cli("exercise", "--topic", "backward", "--cards", "md")
    assert code == 2 and "--cards" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("seed, L, D, lang", [(3, 3, 4, "zh"), (4, 4, 1, "en")])
def test_backward_tex_document_compiles_with_xelatex(seed, L, D, lang):
    from conftest import require_tool
    from symattn.render.pdf import compile_tex, xelatex_missing
    require_tool(xelatex_missing())
    pdf, log = compile_tex(document(make_exercise(seed, L, D, lang=lang, topic="backward"), "tex"))
    assert pdf.startswith(b"%PDF-") and "Missing character" not in log
