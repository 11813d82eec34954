import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = ROOT.parent / "shared" / "articles" / "qkv-attention-by-hand.zh.md"


@pytest.fixture
def article_path():
    if not ARTICLE.exists():
        pytest.skip("shared/articles is not beside this checkout")
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
