"""The text format prints maths in Unicode: every spec in derivations/, derived with
``--format text`` in both languages (as ``python -m symattn.regen`` makes both), has no line with
a LaTeX command.  Notes and titles are markup.Text of SymPy objects and display nodes, which the
Unicode printer prints; a LaTeX string left in a topic shows up here as ``\\sqrt{d_k}`` or ``\\le``."""

import re
from pathlib import Path

import pytest

from symattn.cli import main
from symattn.spec import load_spec

DERIVATIONS = Path(__file__).resolve().parent.parent / "derivations"
SPECS = sorted(DERIVATIONS.glob("*.toml"))
LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")


def latex_lines(text: str, written=()) -> list[str]:
    r"""Lines of ``text`` with a LaTeX command, once what a person wrote in the spec is taken out:
    its title and [notation] names are LaTeX source that text shows as written (parsing them back
    into text would be lossy), e.g. ``scores = "\\text{Scores}"`` in wo-ai-ni-rope-half.toml."""
    out = []
    for line in text.splitlines():
        rest = line
        for source in written:
            rest = rest.replace(source, "")
        if LATEX_COMMAND.search(rest):
            out.append(line)
    return out


def test_latex_lines_finds_what_the_old_notes_printed():
    old = "Step 6: Scaling S / \\sqrt{d_k}\n  * Causal mask: token i sees (j \\le i).\n  * Shape 3 × 3\n"
    assert latex_lines(old) == ["Step 6: Scaling S / \\sqrt{d_k}", "  * Causal mask: token i sees (j \\le i)."]
    assert latex_lines("Step 4: Scores \\text{Scores}", ["\\text{Scores}"]) == []
    assert latex_lines("cost $5, e^x, a_{12}, 1 × 2") == []  # maths in plain characters is fine


def test_the_specs_are_all_here():
    assert len(SPECS) >= 20


@pytest.mark.parametrize("spec", SPECS, ids=[p.stem for p in SPECS])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_text_output_has_no_latex(spec, lang, capsys):
    s = load_spec(spec)
    written = [name for _, name in s.notation] + [title for _, title in s.titles]
    assert main(["derive", str(spec), "--format", "text", "-l", lang]) == 0
    out = capsys.readouterr().out
    assert out.strip()
    assert latex_lines(out, written) == []
