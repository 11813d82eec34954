"""`symattn check` on 200 articles: one call (and one call with -j 2) against 200 separate processes.

    python benchmarks/check_many.py                      # 200 articles from tests/articles, Markdown table
    python benchmarks/check_many.py --count 48 --source tests/articles/real

Besides the table, it prints the CPU per article of the one call as a ratio to the CPU of
``python -c "import sympy"`` measured in the same run: a figure that does not depend on the machine.
Both are the least of several runs (``--repeat`` one calls, five imports): on a shared machine one
run's CPU varies by several percent, and the least is the cost of the work itself.

The articles are copies of the source folder's .md and .tex files, cycled to ``--count`` files in a
temporary folder.  All three ways are measured in the same run, in fresh processes running this
checkout (``PYTHONPATH``), each checking every article; the verdicts (exit codes and the total) are
compared, so a faster way that checks less would show.  Wall clock and CPU (user + system of the
children).  Nothing here is a test: timings never fail a build.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run(commands: list[list[str]]) -> tuple[float, float, list[int], str]:
    t, c = time.perf_counter(), _cpu()
    codes, last = [], ""
    for cmd in commands:
        p = subprocess.run(cmd, env=_env(), capture_output=True, text=True)
        codes.append(p.returncode)
        last = p.stdout
    return time.perf_counter() - t, _cpu() - c, codes, last


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--source", default=str(ROOT / "tests" / "articles"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3, help="one calls measured for the ratio (the least CPU)")
    args = ap.parse_args(argv)
    sources = sorted(p for p in Path(args.source).iterdir() if p.suffix in (".md", ".tex") and p.name != "INDEX.md")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "posts"
        folder.mkdir()
        files = []
        for i in range(args.count):
            src = sources[i % len(sources)]
            dest = folder / f"{i:03d}-{src.name}"
            shutil.copy(src, dest)
            files.append(str(dest))
        py = [sys.executable, "-m", "symattn", "check"]
        one = _run([py + [str(folder), "--lang", "en"]])
        pool = _run([py + [str(folder), "--lang", "en", "-j", str(args.jobs)]])
        separate = _run([py + [f, "--lang", "en"] for f in files])
        # the one call again, for the least of its CPU; the unit of CPU: the cost of importing
        # SymPy, measured in the same run (best of 5)
        one_cpu = min([one[1]] + [_run([py + [str(folder), "--lang", "en"]])[1] for _ in range(args.repeat - 1)])
        sympy_cpu = min(_run([[sys.executable, "-c", "import sympy"]])[1] for _ in range(5))
    wrong_files = sum(1 for c in separate[2] if c == 1)
    total = one[3].strip().splitlines()[-1]
    assert pool[3].strip().splitlines()[-1] == total, "the pool checked something else"
    assert f"{wrong_files} with wrong claims" in total, (total, wrong_files)
    n = args.count
    rows = [
        ("200 separate `symattn check FILE` processes" if n == 200 else f"{n} separate processes", separate),
        ("one call `symattn check FOLDER`", one),
        (f"one call with `-j {args.jobs}`", pool),
    ]
    print(f"{n} articles: copies of the {len(sources)} articles of `{os.path.relpath(args.source, ROOT)}`, "
          f"cycled; {wrong_files} of them with wrong claims. {total}\n")
    print("| way | wall | CPU | per article (wall) | speed-up over separate processes (wall) |")
    print("|---|---:|---:|---:|---:|")
    for name, (wall, cpu, _, _) in rows:
        print(f"| {name} | {wall:.1f} s | {cpu:.1f} s | {1000 * wall / n:.0f} ms | **{separate[0] / wall:.1f}x** |")
    per_article = one_cpu / n
    print(f"\nCPU per article in one call (the least of {max(args.repeat, 1)} runs): {1000 * per_article:.0f} ms, "
          f"**{per_article / sympy_cpu:.2f}x** the CPU of `python -c \"import sympy\"` "
          f"({1000 * sympy_cpu:.0f} ms) in the same run.")
    print(f"\n`-j {args.jobs}` against one process: {one[0] / pool[0]:.2f}x (wall). "
          f"Measured on: {os.cpu_count()} cores (`os.cpu_count()`), Python {platform.python_version()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
