import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the project's own article (the mission's worked example, its prose rewritten): in the repository,
#: so its tests run on every clone
ARTICLE = ROOT / "tests" / "articles" / "project" / "qkv-attention-by-hand.zh.md"


@pytest.fixture
def article_path():
    return ARTICLE


@pytest.fixture
def run_cli(capsys):
    """Run symattn.cli.main in-process; returns (exit code, stdout, stderr)."""
    from symattn.cli import main

    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


# --- test groups: what needs a slow outside tool runs in CI, and locally when asked --------------------
#
# A test is in a group when its function's source or one of its fixtures' names says it uses the tool
# (``xelatex``, ``katex``, ``chromium``, ``import torch``, an Anki collection), or when its whole file is
# slow work of its own (the article corpora).  ``python -m pytest`` leaves these groups out and names
# them at the end; ``--with GROUP`` (repeatable, or ``--with all``) runs them, and with ``CI`` set every
# group runs.  The README's table of groups says what each needs and how long it takes.

#: group -> (what it needs, patterns in a test's source or fixture names that put it there)
GROUPS = {
    "tex": ("xelatex and poppler-utils", re.compile(r"xelatex|compile_tex|pdftotext|pdfinfo|pdftoppm|[\"']pdf[\"']")),
    "katex": ("Node.js and KaTeX (npm ci --prefix tools/katex)", re.compile(r"katex|autorender")),
    "browser": ("Chromium", re.compile(r"chromium")),
    "anki": ("the anki package", re.compile(r"_anki\(|import_anki_package|anki\.collection")),
    "torch": ("PyTorch", re.compile(r"importorskip\(\"torch\"\)|^\s*import torch\b", re.M)),
    "slow": ("no tool, only time: check over every article, derivation and generated exercise; 2,500 fuzz "
             "examples; commands in subprocesses under resource limits", None),
}
#: whole files (or ``file::test``) in a group: the slow ones, measured (README: the time of each group)
FILE_GROUPS = {name: "slow" for name in (
    "test_real_articles.py", "test_synthetic_articles.py", "test_perturbed_articles.py",     # the corpora
    "test_check_fix.py", "test_fix_property.py", "test_check_invariance.py", "test_check_many.py",
    "test_check_roundtrip.py",
    "test_check_wording.py", "test_from_article.py::test_real_article",                  # check over all of them
    "test_from_article.py::test_real_article_derives_a_derivation_that_checks",
    "test_exercise.py", "test_exercise_backward.py", "test_exercise_topics.py",          # check over exercises
    "test_exercise_worksheet.py",
    "test_fuzz.py", "test_reliability.py", "test_canary.py",                            # subprocesses, hypothesis
    "test_no_eval.py::test_check_never_evaluates_text", "test_check_formats.py",
    "test_cards.py::test_identical_across_processes_with_different_hash_seeds",
    "test_online_softmax.py::test_against_numpy_flash_attention_on_50_random_cases",
    "test_heads.py::test_heads_match_numpy_on_50_random_cases", "test_attention.py::test_random_inputs_match_numpy",
    "test_unicode_symbols.py::test_a_run_of_letters_is_one_symbol",
    "test_render_plot.py::test_plot_gqa_and_masks_get_panels",
    "test_newcomer.py::test_apkg_without_genanki_is_an_install_hint",
)}


def pytest_addoption(parser):
    parser.addoption("--with", action="append", dest="with_groups", default=[], metavar="GROUP",
                     choices=[*GROUPS, "all"], help="also run this group of slow tests (repeatable; all: every "
                     "group); with CI set every group runs: " + ", ".join(GROUPS))


def pytest_configure(config):
    for name, (needs, _) in GROUPS.items():
        config.addinivalue_line("markers", f"{name}: {needs} (left out unless --with {name} or CI)")


def groups_of(item) -> set[str]:
    """The groups a collected test is in."""
    import inspect
    name = getattr(item, "originalname", None) or item.name
    found = {FILE_GROUPS[key] for key in (item.path.name, f"{item.path.name}::{name}") if key in FILE_GROUPS}
    try:
        source = inspect.getsource(item.function) if hasattr(item, "function") else ""
    except (OSError, TypeError):
        source = ""
    text = source + "\n" + " ".join(getattr(item, "fixturenames", ()))
    found |= {name for name, (_, pattern) in GROUPS.items() if pattern is not None and pattern.search(text)}
    found |= {m.name for m in item.iter_markers() if m.name in GROUPS}
    return found


def _chosen(config) -> set[str]:
    asked = set(config.getoption("with_groups") or ())
    if os.environ.get("CI") or "all" in asked:
        return set(GROUPS)
    return asked


def pytest_collection_modifyitems(config, items):
    chosen = _chosen(config)
    kept, left = [], {}
    for item in items:
        groups = groups_of(item)
        for g in sorted(groups):
            item.add_marker(g)
        if groups - chosen:
            for g in groups - chosen:
                left[g] = left.get(g, 0) + 1
            continue
        kept.append(item)
    if left:
        config.hook.pytest_deselected(items=[i for i in items if i not in set(kept)])
        items[:] = kept
    config._symattn_left = left
    if hasattr(config, "workeroutput"):  # an xdist worker: the controller prints the summary
        config.workeroutput["symattn_left"] = left


@pytest.hookimpl(optionalhook=True)  # an xdist hook: without xdist there is no such hook
def pytest_testnodedown(node, error):
    left = getattr(node, "workeroutput", {}).get("symattn_left")
    if left is not None:
        node.config._symattn_left = left


def pytest_terminal_summary(terminalreporter, config):
    left = getattr(config, "_symattn_left", None)
    if not left:
        return
    parts = [f"{g} ({left[g]} tests: {GROUPS[g][0]})" for g in GROUPS if g in left]
    terminalreporter.write_line("left to CI (run them here with --with GROUP, or --with all): " + "; ".join(parts))


def require_tool(reason):
    """Skip a test whose external tool (xelatex, node + KaTeX, chromium) is missing.

    ``reason`` is None when the tool is there.  Under CI (the variable CI set),
    a missing tool is a failure instead: .ci/run installs every one of them.
    """
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide this tool: {reason}", pytrace=False)
    pytest.skip(reason)


_TOKEN_POOL = ("我", "爱", "你", "猫", "the", "cat", "x_1", "a&b", "50%", "#t", "θ", "{k}", "~", "^")
_ENTRY_POOL = (0, 1, 2, -1, 3, 0.5, -0.25, 1.5, "\\frac{1}{2}", "-\\frac{2}{3}", "\\sqrt{2}", "e^{1/2}")


def random_spec_texts(count=20, seed=6):
    """``count`` varied TOML specs (CJK and TeX-special tokens, decimals, LaTeX entries,
    projections, omitted or symbolic V), the same on every run."""
    import json
    import random

    rng = random.Random(seed)

    def matrix(rows, cols):
        return "[" + ", ".join("[" + ", ".join(json.dumps(rng.choice(_ENTRY_POOL)) for _ in range(cols)) + "]"
                               for _ in range(rows)) + "]"

    specs = []
    for n in range(count):
        L, d = rng.randint(1, 4), rng.randint(1, 3)
        tokens = rng.sample(_TOKEN_POOL, L)
        lines = [f"title = {json.dumps(f'random spec {n}')}", f"tokens = {json.dumps(tokens, ensure_ascii=False)}"]
        if n % 4 == 0:
            width = rng.randint(1, 3)
            lines += [f"X = {matrix(L, width)}", f"W_Q = {matrix(width, d)}", f"W_K = {matrix(width, d)}",
                      f"W_V = {matrix(width, rng.randint(1, 2))}"]
        else:
            lines += [f"Q = {matrix(L, d)}", f"K = {matrix(L, d)}"]
            if n % 3 == 0:
                lines.append(f"V = {matrix(L, rng.randint(1, 3))}")
            elif n % 5 == 0:
                lines.append('V = "symbolic"')
        lines += [f"digits = {rng.randint(2, 6)}", f"lang = {json.dumps(rng.choice(['zh', 'en']))}"]
        specs.append("\n".join(lines) + "\n")
    return specs

# The real-article oracle scripts (tests/articles/real/NAME.expect.py) are run by
# tests/test_real_articles.py, never collected.
collect_ignore_glob = ["articles/real/*.expect.py"]
