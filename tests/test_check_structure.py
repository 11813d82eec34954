"""The checker's structure: one softmax, one precision rule, one table of common mistakes, and no
import circle among its modules (imports inside functions count: a lazy import is still a tie)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

CHECK = Path(__file__).resolve().parent.parent / "symattn" / "check"
MODULES = sorted(CHECK.rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _name(path: Path) -> str:
    rel = path.relative_to(CHECK.parent.parent).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_one_softmax():
    defs = [(p.name, n.name) for p in MODULES for n in ast.walk(_tree(p))
            if isinstance(n, ast.FunctionDef) and n.name == "softmax"]
    assert defs == [("quantities.py", "softmax")]
    # nowhere else are exponentials divided by their sum
    inline = [f"{p.relative_to(CHECK)}:{k}" for p in MODULES if p.name != "quantities.py"
              for k, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"exp\(.*\)\s*/\s*(?:sum|mpmath\.fsum|fsum)\(", line)
              and not line.lstrip().startswith(("#", ">>>"))]
    assert not inline, inline


def _is_ten(node) -> bool:
    if isinstance(node, ast.Constant) and node.value == 10:
        return True
    return isinstance(node, ast.Call) and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) \
        and node.args[0].value in (10, "10")


def test_one_precision_rule():
    """A tolerance from printed decimals (10^-d, half a unit) is made in judge.py only."""
    found = []
    for p in MODULES:
        if p.name == "judge.py":
            continue
        for n in ast.walk(_tree(p)):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow) and _is_ten(n.left) and \
                    isinstance(n.right, ast.UnaryOp) and isinstance(n.right.op, ast.USub) and \
                    not isinstance(n.right.operand, ast.Constant):
                found.append(f"{p.relative_to(CHECK)}:{n.lineno}")
    assert not found, f"a precision rule outside judge.py: {found}"
    judge = (CHECK / "judge.py").read_text(encoding="utf-8")
    assert len(re.findall(r"^def verdict\(", judge, re.M)) == 1


def test_one_table_of_common_mistakes():
    tables = [f"{p.relative_to(CHECK)}:{n.lineno}" for p in MODULES for n in ast.walk(_tree(p))
              if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and "MISTAKE" in t.id for t in n.targets)]
    assert tables == ["diagnose.py:40"] or (len(tables) == 1 and tables[0].startswith("diagnose.py:")), tables
    # a mistake is named by its code; its words are in the catalogue, not in the code (docstrings and
    # the patterns that read an article's own words aside)
    words = ("no scaling", "divided by d_k", "softmax over columns", "K used instead of", "rounded early")
    said = []
    for p in MODULES:
        tree = _tree(p)
        docs = {id(o.body[0].value) for o in ast.walk(tree) if isinstance(o, (ast.Module, ast.FunctionDef, ast.ClassDef))
                and o.body and isinstance(o.body[0], ast.Expr)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs and \
                    not re.search(r"\\b|\(\?", n.value):
                said += [f"{p.relative_to(CHECK)}:{n.lineno}: {w}" for w in words if w in n.value]
    assert not said, said


def _imports(path: Path) -> set[str]:
    """The check modules ``path`` imports, at the top or inside a function."""
    here = _name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out = set()
    for n in ast.walk(_tree(path)):
        if isinstance(n, ast.ImportFrom):
            base = package[:len(package) - n.level + 1] if n.level else []
            mod = base + (n.module.split(".") if n.module else [])
            if not n.level and not (n.module or "").startswith("symattn.check"):
                continue
            for alias in n.names:    # from . import numerals: a module; from .judge import verdict: judge
                cand = ".".join(mod + [alias.name])
                out.add(cand if (CHECK.parent.parent / Path(*cand.split("."))).with_suffix(".py").exists()
                        else ".".join(mod))
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names if a.name.startswith("symattn.check")}
    return {m for m in out if m.startswith("symattn.check") and m != _name(path)}


def test_no_import_circle():
    graph = {_name(p): _imports(p) for p in MODULES}
    index, low, stack, on, circles, counter = {}, {}, [], set(), [], [0]

    def visit(v):   # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    assert not circles, circles
