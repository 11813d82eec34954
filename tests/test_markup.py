"""One markup model: symattn.markup.Text, its one $...$ splitter, and the printers that print its maths.

The source checks read the package with ast (not the text), so a comment or a docstring never counts.
"""

import ast
import re
from pathlib import Path

import pytest
import sympy as sp

from symattn import nodes
from symattn.markup import Math, Text, as_text, math
from symattn.render.text import plain
from symattn.render.unicode import unicode

PKG = Path(__file__).resolve().parent.parent / "symattn"
# The checker reads articles written by others (with line positions, code spans, their own
# notations): that reader is its own stage, not document markup, and it is maintained apart.
OUTSIDE = {"check"}


def _modules():
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG)
        if rel.parts[0] not in OUTSIDE:
            yield rel.as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            yield node


def _const(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_no_sp_latex_outside_the_printer():
    found = [(name, c.lineno) for name, tree in _modules() for c in _calls(tree)
             if c.func.attr == "latex" and isinstance(c.func.value, ast.Name) and c.func.value.id in ("sp", "sympy")
             and name != "printing.py"]
    assert not found, found


_RE_FUNCS = {"compile", "sub", "subn", "search", "match", "fullmatch", "findall", "finditer", "split"}


def _patterns(tree):
    """Every constant regex handed to the re module, and every compiled one's source."""
    for c in _calls(tree):
        if isinstance(c.func.value, ast.Name) and c.func.value.id == "re" and c.func.attr in _RE_FUNCS \
                and c.args and _const(c.args[0]) is not None:
            yield c.args[0].value, c.lineno


def test_no_latex_stripping_in_render():
    """The text renderer prints maths from SymPy objects: no regex that matches a LaTeX
    command (a literal backslash) and no replace() that deletes backslashes or braces."""
    found = []
    for name, tree in _modules():
        if not name.startswith("render/"):
            continue
        for pattern, line in _patterns(tree):
            if re.search(pattern, r"\frac{1}{2} \text{x} \sqrt{d}") and "\\\\" in pattern:
                found.append((name, line, pattern))
        for c in _calls(tree):
            if c.func.attr == "replace" and len(c.args) == 2 and _const(c.args[0]) in ("\\", "{", "}") \
                    and _const(c.args[1]) == "":
                found.append((name, c.lineno, "replace"))
    assert not found, found


_SAMPLES = ("a $x^2$ b", "a\n$$\nx\n$$\nb")


def _splits_dollars(pattern: str) -> bool:
    try:
        rx = re.compile(pattern)
    except re.error:
        return False
    return any((m := rx.search(s)) and m.group(0).count("$") >= 2 for s in _SAMPLES)


def test_one_dollar_splitter():
    """Only symattn/markup.py splits text at $...$: no regex elsewhere matches a formula in dollars,
    and no other module compares characters with "$" or "$$"."""
    found = []
    for name, tree in _modules():
        if name == "markup.py":
            continue
        found += [(name, line, p) for p, line in _patterns(tree) if _splits_dollars(p)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops) \
                    and any(_const(x) in ("$", "$$") for x in [node.left, *node.comparators]):
                found.append((name, node.lineno, "== '$'"))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("startswith", "endswith", "find", "index", "split", "partition") \
                    and node.args and _const(node.args[0]) in ("$", "$$"):
                found.append((name, node.lineno, node.func.attr))
    assert not found, found


def test_the_checks_find_what_they_forbid(tmp_path):
    """The three checks above fail on the code they were written against (not vacuous)."""
    old = ast.parse('import re\nimport sympy as sp\n'
                    'x = sp.latex(1)\n'
                    's = re.sub(r"\\\\(?:text|mathrm)\\{([^}]*)\\}", r"\\1", "")\n'
                    't = re.compile(r"\\$([^$]+)\\$")\n'
                    'u = "".replace("\\\\", "")\n'
                    'v = c == "$"\n')
    assert [c.func.attr for c in _calls(old) if c.func.attr == "latex"] == ["latex"]
    pats = [p for p, _ in _patterns(old)]
    assert any(re.search(p, r"\frac{1}{2} \text{x} \sqrt{d}") and "\\\\" in p for p in pats)
    assert any(_splits_dollars(p) for p in pats)
    assert not any(_splits_dollars(p) for p in (r"[A-Za-z]|.*[\\$^_].*", r"\d+"))


# --- the splitter -------------------------------------------------------------------------

@pytest.mark.parametrize("source, pieces", [
    ("plain", ("plain",)),
    ("a $x$ b", ("a ", Math(("x",)), " b")),
    ("$$A = B$$", (Math(("A = B",), True),)),
    ("a\n$$\nA\n$$\nb", ("a\n", Math(("\nA\n",), True), "\nb")),
    (r"cost \$5 and $x$", ("cost $5 and ", Math(("x",)))),
    (r"a \\ b", ("a \\ b",)),
    (r"$a\$b$", (Math((r"a\$b",)),)),
    ("costs $5", ("costs $5",)),
    ("$5 or 6", ("$5 or 6",)),
    ("$ $", ("$ $",)),
    ("$x$$y$", (Math(("x",)), Math(("y",)))),
    ("$$x$", ("$$x$",)),
])
def test_parse(source, pieces):
    assert Text.parse(source).pieces == pieces


def test_parse_strict_rejects_an_unpaired_dollar():
    with pytest.raises(ValueError, match="unpaired"):
        Text.parse("costs $5", strict=True)
    assert Text.parse("$x$", strict=True).has_math


@pytest.mark.parametrize("source", ["a $x$ b", r"cost \$5, $x^2$ and $$y$$", r"a \\ b", "no math"])
def test_source_reads_back(source):
    text = Text.parse(source)
    assert Text.parse(text.source(str)) == text


def test_format_and_of():
    t = Text.format("Shape {}, so {}.", math("3 \\times 4"), sp.Integer(2))
    assert t.pieces == ("Shape ", Math(("3 \\times 4",)), ", so ", Math((sp.Integer(2),)), ".")
    assert Text.of("a", t, "") == Text(("a", *t.pieces))
    assert as_text(t) is t and as_text("x") == Text(("x",))
    with pytest.raises(ValueError):
        Text.format("{} {}", 1)


# --- each renderer prints the maths with its own printer -----------------------------------

def _doc(note):
    from symattn import derive_article
    from dataclasses import replace
    from symattn.model import Text as Bilingual
    d = derive_article()
    step = replace(d.steps[-1], notes=(Bilingual(note, note),))
    return replace(d, steps=d.steps[:-1] + (step,))


S, d_k = sp.MatrixSymbol("S", 3, 3), sp.Symbol("d_k")
NOTE = Text.format("scaled {} and {}", math(nodes.ScaledBy(S, d_k)), sp.exp(sp.Rational(1, 2)) / (sp.exp(sp.Rational(1, 2)) + 2))


@pytest.mark.parametrize("fmt, expected", [
    ("md", r"scaled $\frac{S}{\sqrt{d_{k}}}$ and $\frac{e^{1/2}}{e^{1/2} + 2}$"),
    ("tex", r"scaled $\frac{S}{\sqrt{d_{k}}}$ and $\frac{e^{1/2}}{e^{1/2} + 2}$"),
    ("html", r'scaled <span class="math inline">\(\frac{S}{\sqrt{d_{k}}}\)</span> and '
             r'<span class="math inline">\(\frac{e^{1/2}}{e^{1/2} + 2}\)</span>'),
    ("text", "scaled S/√d_k and e^(1/2)/(e^(1/2) + 2)"),
    ("json", r"scaled $\frac{S}{\sqrt{d_{k}}}$ and $\frac{e^{1/2}}{e^{1/2} + 2}$"),
])
def test_every_renderer_prints_a_note_built_from_sympy(fmt, expected):
    from symattn import render
    out = render(_doc(NOTE), fmt, "en")
    if fmt == "json":
        import json
        assert json.loads(out)["steps"][-1]["notes"] == [expected]
    else:
        assert expected in out


def test_text_never_strips_latex_a_person_wrote():
    """A spec title's LaTeX is kept as written in plain text (stripping it was lossy: \\alpha -> alpha)."""
    assert plain(r"My $\alpha$ example, \$5") == r"My \alpha example, $5"


@pytest.mark.parametrize("expr, expected", [
    (sp.sqrt(d_k), "√d_k"),
    (sp.sqrt(d_k + 1), "√(d_k + 1)"),
    (sp.exp(sp.Rational(-1, 2)), "e^(-1/2)"),
    (sp.Rational(3, 4) * d_k, "3·d_k/4"),
    (sp.Transpose(sp.MatrixSymbol("K", 3, 4)), "Kᵀ"),
    (sp.MatrixSymbol("Q", 3, 4) * sp.MatrixSymbol("K", 3, 4).T, "Q Kᵀ"),
    (sp.ImmutableMatrix([[1, sp.Rational(1, 2)], [0, 2]]), "[1, 1/2; 0, 2]"),
    (nodes.Named(r"\text{new}_{我}", "new_我"), "new_我"),
    (nodes.Dot((1, 2), (-1, 3)), "1·2 + (-1)·3"),
    (nodes.ExpRatio(1, (1, sp.Rational(1, 2))), "e^1/(e^1 + e^(1/2))"),
    (nodes.RowSoftmax(S), "softmax(S)"),
    (sp.Symbol("theta"), "θ"),
])
def test_unicode_printer(expr, expected):
    assert unicode(expr) == expected
