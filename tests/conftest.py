import os
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
