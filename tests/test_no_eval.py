"""Nothing in symattn/ evaluates text: a static guard and a dynamic one.

Static: every call of ``eval``, ``exec``, ``compile``, ``sympify``, ``nsimplify``, ``parse_expr``
or ``S(...)`` in ``symattn/`` is found with the ``ast`` module.  Each must be on the
allowlist below, by exact file:function, with the reason its argument is never
text.  A new call fails this test until someone shows that.

Dynamic: ``sympify`` of a string (the only way these calls could evaluate text)
always goes through ``sympy.parsing.sympy_parser.parse_expr``; while every spec in
derivations/ is derived and every test article is checked (after a first run that
does the imports), that function, ``eval`` and ``exec`` must receive no string at all.
"""

from __future__ import annotations

import ast
import builtins
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "symattn"

#: names whose call evaluates its argument if the argument is text
DANGEROUS = {"eval", "exec", "compile", "sympify", "nsimplify", "parse_expr", "S", "__import__"}
#: module aliases under which sympify / S are reached
SYMPY = {"sp", "sympy"}

#: file:function -> why the argument is never user text.  Every entry was read at
#: its call sites; the dynamic test below backs them on the real paths.
ALLOWED = {
    "symattn/topics/masks.py:masked_attention":
        "d_k is spec.d_k (an Expr made by spec.entry_value from LaTeX via latex_input) or None",
    "symattn/nodes.py:ExpRatio.__new__":
        "display node: top is an entry of a SymPy matrix computed by the pipeline",
    "symattn/nodes.py:ScaledBy.__new__":
        "display node: d is d_k (an Expr) or the Symbol d_k",
    "symattn/nodes.py:Shifted.__new__":
        "display node: shift is a row minimum computed by softmax.py",
    "symattn/softmax.py:_basic":
        "v is an int/Fraction coefficient or a SymPy value built inside softmax.py",
    "symattn/softmax.py:softmax_row":
        "row holds entries of a SymPy matrix (scaled scores) or Python numbers from internal callers",
    "symattn/topics/rope.py:frequencies":
        "base is an int default or options.base after spec.entry_value (a Rational, checked)",
    "symattn/cards/_tex.py:approx":
        "expr is an exact value taken from a Derivation's SymPy matrices",
    "symattn/cards/_tex.py:sci":
        "expr is an exact value taken from a Derivation's SymPy matrices",
    "symattn/cards/_tex.py:shape":
        "rows and cols are ints (matrix shapes)",
    "symattn/check/compare.py:compare_entry":
        "claimed/exact are SymPy values from check.evaluate's Evaluator; the article text is the "
        "separate `text` argument and is only matched with a decimal regex",
    "symattn/check/compare.py:_fmt_dec":
        "value is a SymPy value from the Evaluator",
    "symattn/topics/theory.py:_limit_step":
        "x and top are SymPy exponents the topic computes (nsimplify of a SymPy number, never of text)",
    "symattn/from_article.py:_entry":
        "e is a SymPy Float (isinstance-checked just before), never text",
    "symattn/check/compare.py:same":
        "a, b are SymPy values (their difference was just expanded with sp.expand)",
}


def _calls():
    """Yield (file:function, line, name) for each dangerous call in symattn/."""
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _dangerous_name(node.func)
            if name:
                yield f"{rel}:{_scope(node, parents)}", node.lineno, name


def _dangerous_name(func) -> str | None:
    if isinstance(func, ast.Name) and func.id in DANGEROUS:
        return func.id
    if isinstance(func, ast.Attribute):
        owner = func.value
        owner_name = owner.id if isinstance(owner, ast.Name) else None
        if func.attr in ("sympify", "nsimplify", "parse_expr"):
            return func.attr  # under any owner: sp.sympify, sympy.sympify, sympy_parser.parse_expr
            # (nsimplify sympifies a string it is given)
        if func.attr == "S" and owner_name in SYMPY:
            return "S"
        if func.attr in ("eval", "exec", "compile") and owner_name == "builtins":
            return func.attr
    return None


def _scope(node, parents) -> str:
    names = []
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
    return ".".join(reversed(names)) or "<module>"


def test_no_eval_of_text_in_symattn():
    found = [(where, line, name) for where, line, name in _calls() if where not in ALLOWED]
    assert not found, (
        "calls that may evaluate text (prove the argument is never user text and allowlist the "
        "file:function with the reason, or parse through symattn.latex_input instead):\n"
        + "\n".join(f"  {where} line {line}: {name}(...)" for where, line, name in found))


def test_allowlist_has_no_stale_entries():
    present = {where for where, _, _ in _calls()}
    stale = sorted(set(ALLOWED) - present)
    assert not stale, f"allowlisted but no longer present (remove them): {stale}"


def test_guard_catches_every_spelling(tmp_path):
    """The detector itself: each spelling of the dangerous calls is found."""
    src = ("import sympy as sp, sympy, builtins\nfrom sympy import sympify, S\n"
           "from sympy.parsing.sympy_parser import parse_expr\n"
           "def f(t):\n"
           "    eval(t); exec(t); compile(t, 'x', 'eval'); sympify(t); sp.sympify(t); sympy.sympify(t)\n"
           "    S(t); sp.S(t); parse_expr(t); sympy.parsing.sympy_parser.parse_expr(t); builtins.eval(t)\n"
           "    __import__(t)\n")
    tree = ast.parse(src)
    names = [_dangerous_name(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert sorted(n for n in names if n) == sorted(
        ["eval", "exec", "compile", "sympify", "sympify", "sympify", "S", "S", "parse_expr", "parse_expr",
         "eval", "__import__"])
    harmless = ast.parse("re.compile('x'); checker.eval(node); sp.S.One; sp.Integer(3)")
    assert not [n for n in ast.walk(harmless) if isinstance(n, ast.Call) and _dangerous_name(n.func)]


def _watching(monkeypatch, run):
    """Run ``run()`` once to import everything it needs (imports create dataclasses with
    exec), then again with parse_expr, eval and exec recording every string they get."""
    import sympy.parsing.sympy_parser as sympy_parser

    run()
    seen: list[str] = []

    def watch(real, own_code_ok=False):
        def wrapper(*args, **kwargs):
            # SymPy compiles code it writes itself (its polynomial rings build monomial_mul with
            # exec, and rebuild it when the ring cache is cleared): that is not text from a user
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if args and isinstance(args[0], str) and not (own_code_ok and caller.startswith("sympy.polys.")):
                seen.append(args[0])
            return real(*args, **kwargs)
        return wrapper

    with monkeypatch.context() as m:
        m.setattr(sympy_parser, "parse_expr", watch(sympy_parser.parse_expr))
        m.setattr(builtins, "eval", watch(builtins.eval))
        m.setattr(builtins, "exec", watch(builtins.exec, own_code_ok=True))
        run()
    return seen


def test_derive_never_evaluates_text(monkeypatch, run_cli):
    specs = sorted((ROOT / "derivations").glob("*.toml"))
    assert specs

    def run():
        for spec in specs:
            code, _, err = run_cli("derive", spec, "--format", "json")
            assert code == 0, (spec.name, err)

    seen = _watching(monkeypatch, run)
    assert not seen, f"text was evaluated while deriving: {seen[:3]}"


def test_check_never_evaluates_text(monkeypatch, run_cli, article_path):
    pytest.importorskip("symattn.check")
    articles = [article_path] + sorted(p for p in (ROOT / "tests" / "articles").glob("*")
                                       if p.suffix in (".md", ".tex"))

    def run():
        for article in articles:
            code, _, err = run_cli("check", article, "--format", "json")
            assert code in (0, 1), (article.name, err)

    seen = _watching(monkeypatch, run)
    assert not seen, f"text was evaluated while checking: {seen[:3]}"


def test_the_watch_sees_sympify_of_text(monkeypatch):
    import sympy
    seen = _watching(monkeypatch, lambda: sympy.sympify("x + 1"))
    assert "x + 1" in seen
