"""Collect the articles that the tests of the kinds beyond the pipeline check (every text they hand
to ``Document.of``) into ``snippets.json``, for the wording test to render in Chinese.

    python tests/wording/collect.py      # after changing tests/test_check_beyond*.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
sys.path.insert(0, str(TESTS.parent))    # this checkout's symattn, not an installed one
SOURCES = ["test_check_beyond.py", "test_check_beyond_docs.py", "test_stepwise_masks_heads.py",
           "test_check_layouts.py", "test_check_batched.py", "test_check_shapes.py"]


class _Spy:
    def __init__(self):
        self.texts: set[str] = set()

    def pytest_sessionstart(self, session):
        from symattn.check.document import Document
        original = Document.of.__func__
        spy = self

        def of(cls, text, *args, **kwargs):
            if isinstance(text, str) and text.strip():
                spy.texts.add(text)
            return original(cls, text, *args, **kwargs)
        Document.of = classmethod(of)


def main() -> int:
    spy = _Spy()
    code = pytest.main(["-q", "-p", "no:cacheprovider", *[str(TESTS / s) for s in SOURCES]], plugins=[spy])
    texts = sorted(t for t in spy.texts if len(t) < 20_000)
    (HERE / "snippets.json").write_text(json.dumps(texts, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(texts)} texts")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
