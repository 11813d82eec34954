"""A canary file read through TeX: more than 30 ways (\\input and its relatives, ^^ escapes,
\\csname, \\@@input, capitalised variants, catcode changes) in tokens, titles and spec
entries.  Each is refused or escaped; the canary's text never appears in any output, the
text of compiled PDFs included (pdftotext)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import require_tool

CANARY = "CANARY-7f3a-never-print-me"


def payloads(path: str) -> list[str]:
    p = path
    return [
        rf"\input{{{p}}}", rf"\input {p} ", rf"\include{{{p}}}", rf"\InputIfFileExists{{{p}}}{{}}{{}}",
        rf"\IfFileExists{{{p}}}{{\input{{{p}}}}}{{}}", rf"\@@input {p} ", rf"\@input{{{p}}}",
        rf"\csname input\endcsname{{{p}}}", rf"\csname @@input\endcsname {p} ",
        rf"^^5cinput{{{p}}}", rf"^^5c^^69nput{{{p}}}", rf"^^5cInputIfFileExists{{{p}}}{{}}{{}}",
        rf"\openin1={p} \read1 to \x \x", rf"\immediate\openin1={p}", rf"\newread\r \openin\r={p}",
        rf"\readline16 to \x", rf"\catcode`\|=0 |input{{{p}}}", rf"\catcode`\^^5c=12 \input{{{p}}}",
        rf"\def\x{{\input{{{p}}}}}\x", rf"\edef\x{{\noexpand\input{{{p}}}}}\x", rf"\let\x\input \x{{{p}}}",
        rf"\expandafter\input\expandafter{{{p}}}", rf"\scantokens{{\input{{{p}}}}}",
        rf"\lowercase{{\INPUT{{{p}}}}}", rf"\uppercase{{\input{{{p}}}}}", rf"\verbatiminput{{{p}}}",
        rf"\lstinputlisting{{{p}}}", rf"\includegraphics{{{p}}}", rf"\usepackage{{{p}}}",
        rf"\directlua{{io.open('{p}')}}", rf"\filedump{{{p}}}", rf"\pdffiledump{{{p}}}",
        rf"\immediate\write18{{cat {p}}}", rf"\text{{\input{{{p}}}}}", rf"\mathrm{{\input{{{p}}}}}",
        rf"\endinput\input{{{p}}}", rf"\everyeof{{}}\input{{{p}}}",
    ]


@pytest.fixture
def canary(tmp_path):
    path = tmp_path / "canary.tex"
    path.write_text(CANARY + "\n", encoding="utf-8")
    return str(path)


def _spec(tmp_path, name, **keys):
    lines = []
    for key, value in keys.items():
        lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_there_are_more_than_thirty_ways(canary):
    assert len(payloads(canary)) > 30


FORMATS = ("md", "tex", "html", "text", "json")


def test_payloads_in_titles_and_entries_are_refused(canary, tmp_path, run_cli):
    for i, body in enumerate(payloads(canary)):
        for where, spec in (("title", dict(title=f"${body}$", Q=[[1], [2]], K=[[1], [1]])),
                            ("title text", dict(title=body, Q=[[1], [2]], K=[[1], [1]])),
                            ("entry", dict(Q=[[body], [2]], K=[[1], [1]])),
                            ("bmatrix", dict(Q=rf"\begin{{bmatrix}} {body} \\ 2 \end{{bmatrix}}", K=[[1], [1]])),
                            ("d_k", dict(d_k=body, Q=[[1], [2]], K=[[1], [1]]))):
            path = _spec(tmp_path, f"s{i}.toml", tokens=["a", "b"], **spec)
            for fmt in FORMATS:
                code, out, err = run_cli("derive", path, "-f", fmt)
                assert CANARY not in out + err, (where, body, fmt)
                if where != "title text":  # as math or an entry: never accepted
                    assert code == 2 and err.count("\n") == 1, (where, body, err)
                else:  # plain title text is escaped, so it may stay (^^ is refused anywhere)
                    assert code == 0 or (code == 2 and "^^" in body), (body, err)


def test_payloads_in_tokens_are_text(canary, tmp_path, run_cli):
    tokens = [t[:64] for t in payloads(canary)] + [f"${t}$"[:64] for t in payloads(canary)[:20]]
    tokens = list(dict.fromkeys(tokens))[:64]
    n = len(tokens)
    path = _spec(tmp_path, "tokens.toml", tokens=tokens, Q=[[1]] * n, K=[[1]] * n, V=[[1]] * n)
    for fmt in FORMATS:
        code, out, err = run_cli("derive", path, "-f", fmt)
        assert code == 0, err
        assert CANARY not in out
    code, tex, _ = run_cli("derive", path, "-f", "tex")
    assert "^^" not in tex.replace(r"\textasciicircum{}\textasciicircum{}", "")


def _pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf)
    return subprocess.run([shutil.which("pdftotext"), str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def test_canary_never_in_a_pdf(canary, tmp_path):
    from symattn.render.pdf import xelatex_missing
    require_tool(xelatex_missing() or (None if shutil.which("pdftotext") else "pdftotext not found"))
    from symattn.render import render
    from symattn.spec import load_spec
    from symattn.topics import derive

    bodies = payloads(canary)
    tokens = list(dict.fromkeys([b[:64] for b in bodies] + [f"${b}$"[:64] for b in bodies[:20]]))[:64]
    n = len(tokens)
    spec = load_spec(_spec(tmp_path, "pdf.toml", tokens=tokens, Q=[[1]] * n, K=[[1]] * n, V=[[1]] * n,
                           title="$a$ " + bodies[0], lang="en"))
    text = _pdf_text(render(derive(spec), "pdf", "en"), tmp_path)
    assert CANARY not in text
    assert "input" in text  # the payloads are there, as text
