"""derive --entry: any entry written out at the "one entry expanded" level, checked against numpy."""

import re

import numpy as np
import pytest
import sympy as sp

from conftest import require_tool
from symattn import derive, derive_article, katex, load_spec, nodes
from symattn.entries import entry_chain, parse_entry, with_entries
from symattn.regen import DEFAULT_DIR
from symattn.topics._display import Plus

# the article's example, with numpy alone
Q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float)
K = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float)
S = Q @ K.T
ST = S / np.sqrt(4)
A = np.exp(ST) / np.exp(ST).sum(axis=1, keepdims=True)
NUMPY = {"keys_transposed": K.T, "scores": S, "scaled_scores": ST, "weights": A}


def value(x) -> float:
    """A side of a written-out chain, evaluated here from its display node (not with symattn's own doit)."""
    if isinstance(x, nodes.Dot):
        return sum(value(a) * value(b) for a, b in x.pairs)
    if isinstance(x, nodes.ExpRatio):
        top, bottom = x.args
        return float(np.exp(value(top)) / sum(np.exp(value(b)) for b in bottom))
    if isinstance(x, nodes.ScaledBy):
        return value(x.args[0]) / np.sqrt(value(x.args[1]))
    if isinstance(x, (nodes.MaskedBy, Plus)):
        return sum(value(a) for a in x.args)
    if isinstance(x, nodes.Times):
        return float(np.prod([value(a) for a in x.args]))
    if isinstance(x, nodes.Named):  # k_{32}: an entry of the keys, read here from numpy's K
        i, j = re.fullmatch(r"k_\{(\d)(\d)\}", x.latex_name).groups()
        return K[int(i) - 1, int(j) - 1]
    if x == -sp.oo:
        return -np.inf
    return float(x)


def test_entry_23_of_the_article_written_out_and_checked_against_numpy(run_cli):
    code, out, err = run_cli("derive", "--entry", "2,3", "--lang", "en")
    assert code == 0 and not err
    # a_23: row 爱, column 你, its exact value and its decimals
    assert "**Entry (2, 3): row 爱, column 你**" in out
    line = next(x for x in out.splitlines() if x.startswith("a_{23} = "))
    assert line.endswith(r"= \frac{1}{3} \approx 0.3333")
    assert f"{A[1, 2]:.4f}" == "0.3333"
    d = with_entries(derive_article("en"), [parse_entry("2,3")])[0]
    for step in d.steps:
        for e in step.entries:
            assert (e.row, e.col) == (1, 2)
            if step.id in NUMPY:
                want = NUMPY[step.id][1, 2]
                # every side of the chain but its name has the value numpy computes
                assert [value(x) for x in e.chain[1:]] == pytest.approx([want] * (len(e.chain) - 1), abs=1e-12)
    assert {s.id for s in d.steps if s.entries} == {"keys_transposed", "scores", "scaled_scores", "weights"}


def test_the_weights_written_out_match_torch():
    torch = pytest.importorskip("torch")
    ref = torch.softmax(torch.tensor(Q) @ torch.tensor(K).T / 2, dim=-1).numpy()
    d = with_entries(derive_article(), [parse_entry("weights:all")])[0]
    for e in d.step("weights").entries:
        assert value(e.chain[1]) == pytest.approx(ref[e.row, e.col], abs=1e-12)
        assert float(e.chain[-1].evalf(30)) == pytest.approx(ref[e.row, e.col], abs=1e-12)


def test_every_entry_of_every_step_matches_numpy():
    d = with_entries(derive_article(), [parse_entry("all")])[0]
    for step_id, ref in NUMPY.items():
        step = d.step(step_id)
        assert len(step.entries) == ref.size
        for e in step.entries:
            assert [value(x) for x in e.chain[1:]] == pytest.approx([ref[e.row, e.col]] * (len(e.chain) - 1))


def test_masked_entries_match_numpy():
    d = derive(load_spec(DEFAULT_DIR / "wo-ai-ni-causal.toml"))
    M = np.triu(np.full((3, 3), -np.inf), 1)
    masked = ST + M  # the causal spec has the article's Q, K and d_k
    w = np.exp(masked) / np.exp(masked).sum(axis=1, keepdims=True)
    for i in range(3):
        for j in range(3):
            chain = entry_chain(d.step("weights"), i, j)
            assert [value(x) for x in chain[1:]] == pytest.approx([w[i, j]] * (len(chain) - 1))
            chain = entry_chain(d.step("masked_scores"), i, j)
            assert [value(x) for x in chain[1:]] == [masked[i, j]] * (len(chain) - 1)


def test_generic_chain_agrees_with_each_topics_own_first_entry():
    """Where a topic writes out the same entry itself, the chain read off the substituted level is the
    same chain, side by side (it may name the entry alike and differ nowhere)."""
    from symattn.printing import latex
    compared = 0
    for spec in sorted(DEFAULT_DIR.glob("*.toml")):
        for step in derive(load_spec(spec)).steps:
            chain = entry_chain(step, 0, 0)
            if chain is None or not step.expanded or latex(chain[0]) != latex(step.expanded[0]):
                continue
            assert [latex(x) for x in chain] == [latex(x) for x in step.expanded], (spec.name, step.id)
            compared += 1
    assert compared > 30


@pytest.mark.parametrize("argv, needle", [
    (["--entry", "0,1"], "count from 1"),
    (["--entry", "2;3"], "is not I,J"),
    (["--entry", "weights:4,1"], "weights is 3x3, it has no entry (4,1)"),
    (["--entry", "wieghts:1,1"], "did you mean weights?"),
    (["--entry", "9,9"], "no step has entry (9,9)"),
    (["--entry", "input:1,1"], "no entry to write out"),
])
def test_bad_entries_are_one_line_and_exit_2(run_cli, argv, needle):
    code, out, err = run_cli("derive", *argv)
    assert code == 2 and not out and needle in err and err.count("\n") == 1, err


def test_all_is_for_matrices_up_to_4x4(run_cli, tmp_path):
    four = tmp_path / "four.toml"
    four.write_text('tokens = ["a", "b", "c", "d"]\nQ = [[1, 0], [0, 1], [1, 1], [2, 0]]\n'
                    'K = [[1, 1], [0, 1], [1, 0], [1, 2]]\n', encoding="utf-8")
    code, out, err = run_cli("derive", four, "--entry", "all", "--lang", "en")
    assert code == 0 and not err
    # K^T (2x4), S, S~, A (4x4 each) and O (4x1, V symbolic)
    assert out.count("Entry (") == 2 * 4 + 3 * 16 + 4 and "Entry (4, 4): row d, column d" in out
    five = tmp_path / "five.toml"
    five.write_text('tokens = ["a", "b", "c", "d", "e"]\nQ = [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]]\n'
                    'K = [[1, 1], [0, 1], [1, 0], [1, 2], [2, 1]]\n', encoding="utf-8")
    code, out, err = run_cli("derive", five, "--entry", "all")
    assert code == 2 and not out and "every step is larger than 4x4" in err
    code, out, err = run_cli("derive", five, "--entry", "scores:all")
    assert code == 2 and "up to 4x4" in err
    code, out, err = run_cli("derive", five, "--entry", "scores:5,4", "--entry", "weights:5,4", "--lang", "en")
    assert code == 0 and out.count("Entry (5, 4): row e, column d") == 2


def test_tokens_in_captions_stay_text_in_every_format(run_cli, tmp_path):
    spec = tmp_path / "odd.toml"
    spec.write_text('tokens = ["<b>x</b>", "$\\\\input{y}$", "*z*"]\nQ = [[1], [0], [1]]\nK = [[1], [1], [0]]\n',
                    encoding="utf-8")
    code, md, _ = run_cli("derive", spec, "--entry", "scores:1,2", "--lang", "en")
    caption = next(x for x in md.splitlines() if x.startswith("**Entry"))
    assert caption == r"**Entry (1, 2): row &lt;b&gt;x&lt;/b&gt;, column \$\\input\{y\}\$**"
    code, html, _ = run_cli("derive", spec, "--entry", "scores:1,2", "--lang", "en", "-f", "html")
    assert "row &lt;b&gt;x&lt;/b&gt;" in html
    code, tex, _ = run_cli("derive", spec, "--entry", "scores:1,2", "--lang", "en", "-f", "tex")
    assert r"\paragraph{Entry (1, 2): row <b>x</b>, column \$\textbackslash{}input\{y\}\$}" in tex


def test_text_and_json_carry_the_entries(run_cli):
    import json
    code, out, _ = run_cli("derive", "--entry", "weights:1,2", "-f", "text", "--lang", "en", "--step", "weights")
    assert "Entry (1, 2): row 我, column 爱:" in out
    assert "    a_12 = e^(1/2)/(e^1 + e^(1/2) + e^(1/2)) = e^0/(e^(1/2) + e^0 + e^0) = 1/(e^(1/2) + 2) ≈ 0.2741\n" in out
    code, out, _ = run_cli("derive", "--entry", "weights:1,2", "-f", "json", "--step", "weights")
    (entry,) = json.loads(out)["steps"][0]["entries"]
    assert entry["row"] == 1 and entry["col"] == 2 and entry["exact"] == "1/(exp(1/2) + 2)"
    assert entry["numeric"] == pytest.approx(A[0, 1], abs=1e-15)


def test_entries_render_in_katex_and_byte_identical(run_cli):
    code, first, _ = run_cli("derive", "--entry", "all")
    code, second, _ = run_cli("derive", "--entry", "all")
    assert first == second and first.count("第 ") > 30
    require_tool(katex.missing())
    formulas = katex.formulas_in_markdown(first)
    assert not katex.validate(formulas)


def test_entries_compile_with_xelatex(run_cli, tmp_path):
    from symattn.render.pdf import xelatex_missing
    require_tool(xelatex_missing())
    out = tmp_path / "e.pdf"
    code, _, err = run_cli("derive", "--entry", "weights:all", "--entry", "scores:2,3", "-f", "pdf", "-o", out)
    assert code == 0, err
    import subprocess
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "第 2 行第 3 列（行：爱，列：你）" in text.replace("\n", "")
