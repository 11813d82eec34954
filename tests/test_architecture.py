"""The layering, read from the source with ``ast``: topics share code through symattn.pipeline,
check depends on no topic, and the package docstring maps every module."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import symattn

PACKAGE = Path(symattn.__file__).resolve().parent
TOPICS = PACKAGE / "topics"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module that a file imports, anywhere in it, relative imports resolved."""
    return imported(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


def imported(source: str, name: str, is_package: bool = False) -> set[str]:
    """``from X import y`` counts as X and as X.y, since y may be a submodule."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def _topic_modules() -> list[Path]:
    """One module per topic; a ``_private`` module in the package is a helper, not a topic."""
    return sorted(p for p in TOPICS.glob("*.py") if not p.name.startswith("_"))


def _in_topics(module: str) -> bool:
    return module == "symattn.topics" or module.startswith("symattn.topics.")


def _is_topic(module: str) -> bool:
    """The registry or a topic module (or a name inside one), not a ``_private`` helper."""
    parts = module.split(".")
    return parts[:2] == ["symattn", "topics"] and (len(parts) == 2 or not parts[2].startswith("_"))


@pytest.mark.parametrize("source, name, is_package, expected", [
    ("from .attention import index", "symattn.topics.masks", False, "symattn.topics.attention"),
    ("from . import heads", "symattn.topics.masks", False, "symattn.topics.heads"),
    ("def f():\n    from .heads import mha", "symattn.topics.rope", False, "symattn.topics.heads"),
    ("from ..topics.attention import x", "symattn.check.evaluate", False, "symattn.topics.attention"),
    ("import symattn.topics.rope", "symattn.check.oldbind", False, "symattn.topics.rope"),
    ("from ..notation import present", "symattn.topics", True, "symattn.notation"),
])
def test_the_import_reader_resolves_relative_imports(source, name, is_package, expected):
    assert expected in imported(source, name, is_package)


@pytest.mark.parametrize("module, topic", [
    ("symattn.topics", True), ("symattn.topics.attention.index", True), ("symattn.topics.derive", True),
    ("symattn.topics._display.Dims", False), ("symattn.pipeline", False), ("symattn.topicsx", False),
])
def test_what_counts_as_a_topic(module, topic):
    assert _is_topic(module) is topic


@pytest.mark.parametrize("path", _topic_modules(), ids=lambda p: p.stem)
def test_no_topic_imports_a_sibling_topic(path):
    """Shared pieces live in symattn.pipeline; a topic that needs another topic's code moves it there."""
    own = _module_name(path)
    bad = sorted(m for m in imports(path) if _is_topic(m) and m != own and not m.startswith(own + "."))
    assert not bad, f"{path.relative_to(PACKAGE.parent)} imports {bad}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "check").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE / "check")))
def test_check_imports_no_topic_module(path):
    bad = sorted(m for m in imports(path) if _in_topics(m))
    assert not bad, f"{path.relative_to(PACKAGE.parent)} imports {bad}"


def test_pipeline_imports_no_topic():
    bad = sorted(m for m in imports(PACKAGE / "pipeline.py") if _in_topics(m))
    assert not bad


def test_every_registered_topic_has_its_module():
    from symattn.topics import TOPICS as REGISTRY
    modules = {p.stem for p in _topic_modules()}
    assert {module for module, _, _ in REGISTRY.values()} == modules


# --- the newcomer's map: symattn's package docstring ------------------------------------------

def _map() -> list[str]:
    """The names the map lists, in order: ``    name   description`` lines of the docstring."""
    return [m.group(1).rstrip("/") for m in re.finditer(r"^    (\S+)\s{2,}\S", symattn.__doc__, re.M)]


def _modules_and_subpackages() -> set[str]:
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    return modules | packages


def test_the_map_names_every_module_and_subpackage():
    listed = _map()
    assert len(listed) == len(set(listed)), "a name is listed twice"
    missing = sorted(_modules_and_subpackages() - set(listed))
    assert not missing, f"add to the map in symattn/__init__.py: {missing}"
    stale = sorted(set(listed) - _modules_and_subpackages())
    assert not stale, f"the map names what is not there: {stale}"


def test_the_map_names_every_topic_module():
    doc = symattn.__doc__
    topics_line = doc[doc.index("    topics/"):doc.index("    pipeline")]
    missing = [p.stem for p in _topic_modules() if not re.search(rf"\b{p.stem}\b", topics_line)]
    assert not missing


def test_the_map_follows_the_data():
    """spec -> topics/pipeline -> nodes/printing -> render -> cards/exercise."""
    listed = _map()
    flow = ["spec", "topics", "pipeline", "nodes", "printing", "render", "cards", "exercise"]
    assert [listed.index(name) for name in flow] == sorted(listed.index(name) for name in flow)
