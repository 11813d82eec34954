"""Regenerate every document in ``derivations/`` from its spec: one command.

    python -m symattn.regen            # rewrite derivations/*.{md,tex,json}
    python -m symattn.regen --check    # exit 1 if any document is stale

Each ``derivations/NAME.toml`` gives ``NAME.md`` (its language), ``NAME.en.md`` or
``NAME.zh.md`` (the other), ``NAME.tex`` and ``NAME.json``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .io import write_atomic
from .render import render
from .spec import load_spec
from .topics import derive

__all__ = ["outputs", "main"]

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "derivations"


def outputs(spec_path: Path) -> dict[Path, str]:
    """Every generated file of one spec, as path -> content."""
    spec = load_spec(spec_path)
    other = "en" if spec.lang == "zh" else "zh"
    base = spec_path.with_suffix("")
    main_doc = derive(spec)
    return {
        base.with_suffix(".md"): render(main_doc, "md", spec.lang),
        base.with_suffix(f".{other}.md"): render(derive(spec.in_language(other)), "md", other),
        base.with_suffix(".tex"): render(main_doc, "tex", spec.lang),
        base.with_suffix(".json"): render(main_doc, "json", spec.lang),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m symattn.regen", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--check", action="store_true", help="only report stale files; exit 1 if any")
    args = ap.parse_args(argv)
    stale = []
    for spec_path in sorted(args.directory.glob("*.toml")):
        for path, text in outputs(spec_path).items():
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current == text:
                continue
            stale.append(path)
            if not args.check:
                write_atomic(path, text)
                print(f"wrote {path}")
    if args.check and stale:
        print("stale: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
