"""symattn exercise: hand-sized problems, deterministic per seed, keys from the derivation."""

import math
import os
import re

import numpy as np
import pytest
import sympy as sp

from symattn.exercise import DIMS, answer_key, document, drill_deck, make_exercise, spec_toml, worksheet

IN_CI = bool(os.environ.get("CI"))
CASES = [(seed, L, D) for seed in range(6) for L in (2, 3, 6) for D in DIMS]


def np_attention(Q, K, V, dk):
    S = Q @ K.T / math.sqrt(dk)
    E = np.exp(S - S.max(axis=1, keepdims=True))
    A = E / E.sum(axis=1, keepdims=True)
    return S, A, A @ V


def as_np(m):
    return np.array(sp.Matrix(m).evalf(30).tolist(), dtype=float)


@pytest.mark.parametrize("seed,L,D", CASES)
def test_scaled_scores_are_whole_or_halves_and_shapes_hold(seed, L, D):
    ex = make_exercise(seed, L, D)
    St = ex.derivation.step("scaled_scores").exact
    assert St.shape == (L, L)
    assert all((2 * s).is_Integer for s in St)
    assert ex.spec.Q.shape == (L, D) == ex.spec.K.shape
    c = {1: 1, 4: 1, 9: 3, 16: 2}[D]
    assert set(ex.spec.K) <= ({1, 2} if D == 1 else {0, 1})
    assert set(ex.spec.Q) <= ({1, 2} if D == 1 else {0, c})
    S = ex.derivation.step("scores").exact
    assert any(len(set(S.row(i))) > 1 for i in range(L))
    assert all(any(ex.spec.Q.row(i)) and any(ex.spec.K.row(i)) for i in range(L))


@pytest.mark.parametrize("seed,L,D", CASES[::5])
def test_key_matches_numpy_and_torch(seed, L, D):
    ex = make_exercise(seed, L, D)
    Q, K, V = as_np(ex.spec.Q), as_np(ex.spec.K), as_np(ex.spec.V)
    S, A, O = np_attention(Q, K, V, D)
    d = ex.derivation
    assert np.allclose(as_np(d.step("scaled_scores").exact), S)
    assert np.allclose(as_np(d.step("weights").exact), A)
    assert np.allclose(as_np(d.step("output").exact), O)
    try:
        import torch
    except ImportError:
        return
    out = torch.nn.functional.scaled_dot_product_attention(
        *(torch.tensor(x)[None] for x in (Q, K, V)))[0].numpy()
    assert np.allclose(as_np(d.step("output").exact), out)


def test_same_seed_same_problem_other_seed_other_problem():
    a, b = make_exercise(11, 4, 4), make_exercise(11, 4, 4)
    assert document(a) == document(b) and spec_toml(a) == spec_toml(b)
    others = {spec_toml(make_exercise(s, 4, 4)) for s in range(12, 20)}
    assert len(others) == 8


def test_key_lines_follow_the_article_style():
    ex = make_exercise(3, 3, 4, lang="en")
    lines = [ln for ln in answer_key(ex).splitlines() if ln.startswith("$")]
    heads = [re.match(r"\$(.*?)(=|\\approx)", ln).group(1).strip() for ln in lines]
    assert heads[:4] == ["Q", "K", "V", "K^T"]
    assert lines[4].startswith(r"$\text{Scores} = Q \times K^T = \begin{bmatrix}")
    assert any(ln.startswith(r"$\text{Scaled Scores} = \begin{bmatrix}") for ln in lines)
    approx = [ln for ln in lines if ln.startswith(
        r"$\text{Attention Weights} = \text{Softmax}(\text{Scaled Scores}) \approx \begin{bmatrix}")]
    assert len(approx) == 1
    W = ex.derivation.step("weights")
    first = approx[0].split(r"\begin{bmatrix}")[1].split("&")[0].strip()
    assert first == f"{float(W.exact[0, 0].evalf(30)):.2f}"
    assert all(ln.endswith("$") and ln.count("$") == 2 for ln in lines)


def test_worksheet_has_no_answers():
    ex = make_exercise(5, 3, 4, lang="zh")
    ws = worksheet(ex)
    assert "Scaled Scores} = " not in ws and r"\approx" not in ws
    assert "$Q = " in ws and "$K = " in ws and "$V = " in ws


def test_tex_document_is_a_standalone_file():
    ex = make_exercise(5, 3, 4, lang="zh")
    tex = document(ex, "tex")
    assert tex.startswith("% Generated") and r"\documentclass[11pt]{ctexart}" in tex
    assert tex.rstrip().endswith(r"\end{document}")
    assert tex.count(r"\[") == tex.count(r"\]")


def test_spec_round_trips_through_derive():
    from symattn.spec import parse_spec
    from symattn.topics import derive
    ex = make_exercise(9, 3, 9, lang="en")
    again = derive(parse_spec(spec_toml(ex)))
    assert again.step("weights").exact == ex.derivation.step("weights").exact


def test_drill_cards_export(tmp_path):
    from symattn.cards import export
    deck = drill_deck(make_exercise(2, 3, 4), "both")
    assert len(deck.cards) == 8
    assert export(deck, "md") == export(drill_deck(make_exercise(2, 3, 4), "both"), "md")


def test_key_formulas_render_in_katex():
    try:
        from symattn import katex
    except ImportError:
        if IN_CI:
            raise
        pytest.skip("symattn.katex is not available")
    reason = katex.missing()
    if reason:
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    found = []
    for seed, L, D in CASES[::7]:
        for lang in ("zh", "en"):
            found += katex.formulas_in_markdown(document(make_exercise(seed, L, D, lang=lang)))
    assert len(found) > 50
    assert not katex.validate(found)


# --- CLI ---------------------------------------------------------------------------------

def test_cli_default_prints_worksheet_and_key(run_cli):
    code, out, err = run_cli("exercise", "--seed", 1, "--lang", "en")
    assert code == 0 and err == ""
    assert "## Tasks" in out and "## Answer key" in out


@pytest.mark.parametrize("argv,needle", [
    (["--tokens", "1"], "--tokens"), (["--tokens", "7"], "--tokens"), (["--dim", "3"], "--dim"),
    (["--dim", "0"], "--dim"), (["--seed", "-1"], "--seed"), (["--seed", "abc"], "--seed"),
    (["--digits", "9"], "--digits"), (["--lang", "fr"], "--lang"),
    (["--cards", "md", "--part", "key"], "--cards"), (["--part", "spec", "--format", "tex"], "--part spec"),
])
def test_cli_rejects_bad_arguments_with_exit_2(run_cli, argv, needle):
    code, out, err = run_cli("exercise", *argv)
    assert code == 2 and out == ""
    assert needle in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_writes_files_and_respects_force(run_cli, tmp_path):
    path = tmp_path / "ex.tex"
    assert run_cli("exercise", "--seed", 4, "-o", path)[0] == 0
    assert path.read_text(encoding="utf-8").startswith("% Generated")
    assert run_cli("exercise", "--seed", 4, "-o", path)[0] == 2
    assert run_cli("exercise", "--seed", 4, "--cards", "tsv", "-o", path, "--force")[0] == 0
    assert path.read_text(encoding="utf-8").startswith("#separator:tab")


# --- the checker confirms every key -------------------------------------------------------

def test_answer_keys_pass_symattn_check_for_100_seeds(tmp_path):
    pytest.importorskip("symattn.check")
    from symattn.cli import COMMANDS, main
    if "check" not in COMMANDS:
        pytest.skip("symattn check is not registered in the CLI yet")
    failures = []
    for seed in range(100):
        L, D = 2 + seed % 5, DIMS[seed % len(DIMS)]
        lang = "zh" if seed % 2 else "en"
        path = tmp_path / f"key{seed}.md"
        path.write_text(document(make_exercise(seed, L, D, lang=lang), "md", "key"), encoding="utf-8")
        code = main(["check", str(path)])
        if code != 0:
            failures.append((seed, L, D, code))
    assert not failures, failures


@pytest.mark.parametrize("seed,L,D,lang", [(0, 3, 4, "zh"), (5, 6, 16, "en"), (8, 2, 1, "zh")])
def test_tex_worksheet_and_key_compile_with_xelatex(seed, L, D, lang):
    from conftest import require_tool
    from symattn.render.pdf import compile_tex, xelatex_missing
    require_tool(xelatex_missing())
    pdf, log = compile_tex(document(make_exercise(seed, L, D, lang=lang), "tex"))
    assert pdf.startswith(b"%PDF-")
    assert "Missing character" not in log


def _check_exit(path):
    from symattn.cli import main
    return main(["check", str(path)])


def test_latex_documents_pass_symattn_check(tmp_path, capsys):
    pytest.importorskip("symattn.check")
    from symattn.cli import COMMANDS
    if "check" not in COMMANDS:
        pytest.skip("symattn check is not registered in the CLI yet")
    for seed in range(10):
        path = tmp_path / f"ex{seed}.tex"
        path.write_text(document(make_exercise(seed, 2 + seed % 4, DIMS[seed % 4], lang="en"), "tex"),
                        encoding="utf-8")
        assert _check_exit(path) == 0, capsys.readouterr().out


def test_a_corrupted_key_fails_symattn_check(tmp_path, capsys):
    pytest.importorskip("symattn.check")
    from symattn.cli import COMMANDS
    if "check" not in COMMANDS:
        pytest.skip("symattn check is not registered in the CLI yet")
    key = document(make_exercise(3, 3, 4, lang="en"), "md", "key")
    line = next(ln for ln in key.splitlines() if r"\approx \begin{bmatrix}" in ln and "Softmax" in ln)
    first = line.split(r"\begin{bmatrix}")[1].split("&")[0].strip()
    wrong = f"{float(first) + 0.05:.2f}"
    bad = key.replace(line, line.replace(r"\begin{bmatrix} " + first, r"\begin{bmatrix} " + wrong, 1))
    assert bad != key
    path = tmp_path / "bad.md"
    path.write_text(bad, encoding="utf-8")
    assert _check_exit(path) == 1
    bad_scores = key.replace(r"\text{Scores} = Q \times K^T = \begin{bmatrix} ",
                             r"\text{Scores} = Q \times K^T = \begin{bmatrix} 7", 1)
    path.write_text(bad_scores, encoding="utf-8")
    assert _check_exit(path) == 1
