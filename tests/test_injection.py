"""Injection payloads in specs and articles: nothing runs, nothing is read, the answer is clean.

Every payload names two unique paths: a canary file that running code would
create, and a secret file that reading code would open.  Tripwires record any
attempt to open the secret, start a process, or hand text with the payload's
marker to ``eval``/``exec``/``parse_expr`` (which is what ``sympify`` of a string
calls); the run must leave all of them untouched and end in a one-line error
(specs) or ``unverifiable`` claims (articles).
"""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import os
import subprocess
import uuid

import pytest

MARK = f"symattn_marker_{uuid.uuid4().hex[:12]}"

# {canary}: a path that must never be created; {secret}: a file that must never be opened.
PAYLOADS = {
    "python-os-system": "__import__('os').system('touch {canary}')",
    "python-eval": "eval(\"__import__('os').system('touch {canary}')\")",
    "python-open": "open('{secret}').read()",
    "python-lambda": "(lambda: __import__('subprocess').call(['touch', '{canary}']))()",
    "python-dunder-chain": "().__class__.__bases__[0].__subclasses__()",
    "sympy-string": "Symbol('x').__class__.__init__.__globals__['os'].system('touch {canary}')",
    "tex-input": r"\input{{{secret}}}",
    "tex-include": r"\include{{{secret}}}",
    "tex-openin": r"\openin5={secret} \read5 to \x \x",
    "tex-write18": r"\immediate\write18{{touch {canary}}}",
    "tex-def-loop": r"\def\x{{\x\x}}\x",
    "tex-newcommand-loop": r"\newcommand{{\a}}{{\a\a}}\a",
    "tex-let": r"\let\frac\input \frac{{{secret}}}{{1}}",
    "tex-csname": r"\csname input\endcsname{{{secret}}}",
    "tex-catcode": r"\catcode`\^=12 x^2",
    "tex-directlua": r"\directlua{{os.execute('touch {canary}')}}",
    "operatorname-import": r"\operatorname{{__import__}}('os').system('touch {canary}')",
    "operatorname-eval": r"\operatorname{{eval}}(\text{{touch {canary}}})",
    "mathrm-exec": r"\mathrm{{exec}}(1)",
    "variable": r"\variable{{x}} + 1",
    "text-python": r"\text{{__import__('os').system('touch {canary}')}}",
    "deep-nesting": "{{" * 300 + "1" + "}}" * 300,
    "deep-parentheses": "(" * 300 + "1" + ")" * 300,
    "deep-fractions": r"\frac{{1}}{{" * 100 + "2" + "}}" * 100,
    "deep-scripts": "x^{{" * 40 + "2" + "}}" * 40,
    "huge-power-tower": "10^{{10^{{10^{{10}}}}}}",
    "huge-exponent": "2^{{10^{{9}}}}",
    "huge-factorial": "100000000!",
    "huge-binomial": r"\binom{{10^{{8}}}}{{5 \cdot 10^{{7}}}}",
    "huge-sum": r"\sum_{{i=1}}^{{10^{{12}}}} i",
    "integral": r"\int_0^1 e^{{x^2}} \sin(x) dx",
    "huge-symbolic-power": "(a+b+c+d)^{{100000}}",
    "long-sign-run": "-" * 3000 + "1",
    "long-expression": "+".join(["1"] * 15000),
    "control-characters": "\x1b[2J\x1b]0;owned\x07 1",
}

# Payloads that are also honest mathematics: a checker may compute them (and call
# "= 1" wrong), and a spec may accept \variable{x} + 1 as a symbolic entry.
MATH = {"deep-fractions", "deep-parentheses", "variable"}
STATUSES = {"exact", "rounded", "wrong", "unverifiable"}


def _fill(template: str, canary, secret) -> str:
    return template.format(canary=canary, secret=secret)


@pytest.fixture
def tripwires(monkeypatch, tmp_path):
    """Paths the run must not touch, and a log of every attempt to touch them."""
    canary = tmp_path / f"pwned-{MARK}"
    secret = tmp_path / f"secret-{MARK}.tex"
    secret.write_text("SECRET CONTENT\n", encoding="utf-8")
    hits: list[str] = []

    def watch(name, real, check_text=False):
        def wrapper(*args, **kwargs):
            blob = " ".join(str(a) for a in args)
            if MARK in blob or (check_text and "touch" in blob):
                hits.append(f"{name}{args[:1]!r}")
                raise PermissionError(f"tripwire: {name}")
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(builtins, "open", watch("open", builtins.open))
    monkeypatch.setattr(io, "open", watch("io.open", io.open))
    monkeypatch.setattr(os, "open", watch("os.open", os.open))
    monkeypatch.setattr(os, "system", watch("os.system", os.system, True))
    monkeypatch.setattr(os, "popen", watch("os.popen", os.popen, True))
    monkeypatch.setattr(subprocess, "Popen", watch("subprocess.Popen", subprocess.Popen, True))
    monkeypatch.setattr(builtins, "eval", watch("eval", builtins.eval))
    monkeypatch.setattr(builtins, "exec", watch("exec", builtins.exec))
    import sympy.parsing.sympy_parser as sympy_parser
    monkeypatch.setattr(sympy_parser, "parse_expr", watch("parse_expr", sympy_parser.parse_expr))
    from symattn.latex_input import _latex2sympy2
    l2s = _latex2sympy2()  # it imported parse_expr by name; wrap its copy as well
    monkeypatch.setattr(l2s, "parse_expr", watch("latex2sympy2.parse_expr", l2s.parse_expr))

    class Wires:
        pass

    w = Wires()
    w.canary, w.secret, w.hits = canary, secret, hits
    yield w
    assert not canary.exists(), "a payload ran: the canary file exists"
    assert not hits, f"tripwires hit: {hits}"


def _clean_spec_answer(name, code, out, err):
    if name in MATH and code == 0:
        assert err == "" and out.startswith("# ")
        return
    _one_line_error(code, out, err)


def _one_line_error(code, out, err):
    assert code == 2, (code, err)
    assert err.count("\n") == 1 and err.startswith("symattn: error: "), err
    assert "Traceback" not in err and out == ""
    assert "\x1b" not in err and "\x07" not in err, "control characters reached the terminal"


def _spec(tmp_path, body: str):
    path = tmp_path / "payload.toml"
    path.write_text(body, encoding="utf-8")
    return path


def _toml(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid TOML basic string


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_payload_as_a_spec_entry(name, tripwires, tmp_path, run_cli):
    payload = _fill(PAYLOADS[name], tripwires.canary, tripwires.secret)
    spec = _spec(tmp_path, f'tokens = ["a", "b"]\nQ = [[{_toml(payload)}, 0], [0, 1]]\nK = [[1, 2], [3, 4]]\n')
    _clean_spec_answer(name, *run_cli("derive", spec))


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_payload_inside_a_bmatrix(name, tripwires, tmp_path, run_cli):
    payload = _fill(PAYLOADS[name], tripwires.canary, tripwires.secret)
    matrix = r"\begin{bmatrix} " + payload + r" & 1 \\ 0 & 1 \end{bmatrix}"
    spec = _spec(tmp_path, f'tokens = ["a", "b"]\nQ = {_toml(matrix)}\nK = [[1, 2], [3, 4]]\n')
    _clean_spec_answer(name, *run_cli("derive", spec))


@pytest.mark.parametrize("name", ["python-os-system", "tex-input", "tex-def-loop", "huge-power-tower",
                                  "operatorname-import", "deep-nesting"])
def test_payload_as_d_k(name, tripwires, tmp_path, run_cli):
    payload = _fill(PAYLOADS[name], tripwires.canary, tripwires.secret)
    spec = _spec(tmp_path, f'tokens = ["a", "b"]\nQ = [[1, 0], [0, 1]]\nK = [[1, 2], [3, 4]]\nd_k = {_toml(payload)}\n')
    _one_line_error(*run_cli("derive", spec))


@pytest.mark.parametrize("name", ["tex-input", "tex-write18", "tex-def-loop", "tex-csname", "tex-openin"])
def test_payload_in_the_title_is_refused(name, tripwires, tmp_path, run_cli):
    """The title's $math$ is copied into .tex output, so file and macro commands are refused."""
    payload = _fill(PAYLOADS[name], tripwires.canary, tripwires.secret)
    spec = _spec(tmp_path, f'title = {_toml("A $" + payload + "$ title")}\ntokens = ["a", "b"]\n'
                           'Q = [[1, 0], [0, 1]]\nK = [[1, 2], [3, 4]]\n')
    _one_line_error(*run_cli("derive", spec, "--format", "tex"))


@pytest.mark.parametrize("fmt", ["tex", "md", "html", "json", "text"])
def test_payload_tokens_are_labels_not_code(fmt, tripwires, tmp_path, run_cli):
    """A token is printed, never run or read: in .tex its backslashes are escaped."""
    tokens = [_fill(PAYLOADS[n], tripwires.canary, tripwires.secret)[:60]
              for n in ("tex-input", "python-os-system", "tex-write18")]
    spec = _spec(tmp_path, f"tokens = [{', '.join(_toml(t) for t in tokens)}]\n"
                           "Q = [[1, 0], [0, 1], [1, 1]]\nK = [[1, 2], [3, 4], [0, 1]]\n")
    code, out, err = run_cli("derive", spec, "--format", fmt)
    assert code == 0 and err == "", err
    if fmt == "tex":
        assert "\\input{" not in out and "\\write18" not in out and "\\immediate" not in out


def _article(tmp_path, payloads: dict[str, str]):
    """An article with one display per payload; returns its path and line -> payload name."""
    lines, where = ["# Payloads", ""], {}
    for name, text in payloads.items():
        lines += [f"Payload {name}:", ""]
        where[len(lines) + 1] = name
        lines += [f"$${text} = 1$$", ""]
    first = next(iter(payloads))
    lines += ["A matrix with a payload entry:", ""]
    where[len(lines) + 1] = first
    lines += [r"$$Q = \begin{bmatrix} " + payloads[first] + r" & 1 \\ 0 & 1 \end{bmatrix}$$", ""]
    path = tmp_path / "payloads.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, where


def _check_answers(article, run_cli):
    path, where = article
    pytest.importorskip("symattn.check")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code, out, err = run_cli("check", path, "--format", "json")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before, "check modified the article"
    assert "Traceback" not in err and code in (0, 1, 2), (code, err)
    if code == 2:  # a clean, one-line refusal of the whole article is an acceptable answer
        _one_line_error(code, out, err)
        return
    report = json.loads(out)
    assert report["claims"], "the payload equations were not even considered"
    for claim in report["claims"]:
        name = where.get(claim["line"])
        if name in MATH or name is None:
            assert claim["status"] in STATUSES, claim
        else:
            assert claim["status"] == "unverifiable", claim
    seen = {where.get(c["line"]) for c in report["claims"]}
    assert seen - {None}, "no payload equation was reported as a claim"


def test_payloads_in_an_article(tripwires, tmp_path, run_cli):
    payloads = {n: _fill(t, tripwires.canary, tripwires.secret) for n, t in PAYLOADS.items()
                if n not in ("control-characters",)}
    _check_answers(_article(tmp_path, payloads), run_cli)


@pytest.mark.parametrize("name", ["python-os-system", "tex-input", "tex-def-loop", "huge-power-tower",
                                  "huge-factorial", "deep-scripts", "operatorname-import", "variable"])
def test_one_payload_per_article(name, tripwires, tmp_path, run_cli):
    payload = _fill(PAYLOADS[name], tripwires.canary, tripwires.secret)
    _check_answers(_article(tmp_path, {name: payload}), run_cli)


def test_tripwires_work(tripwires):
    """The tripwires themselves fire (else the tests above prove nothing)."""
    with pytest.raises(PermissionError):
        open(tripwires.secret)
    with pytest.raises(PermissionError):
        eval(f"'{MARK}'")
    import sympy
    with pytest.raises(PermissionError):
        sympy.sympify(f"{MARK} + 1")
    assert len(tripwires.hits) == 3
    tripwires.hits.clear()
