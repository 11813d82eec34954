"""Every symattn benchmark in one run, printed as a Markdown table.

    python benchmarks/run.py                 # everything (about 10 minutes on a busy 2-core machine)
    python benchmarks/run.py --quick         # n = 3, 6, 8, fewer repeats: a smoke run of a few minutes
    python benchmarks/run.py --baseline-timeout 120
    python benchmarks/run.py --save benchmarks/results.md

Each row is measured in this run, against its own baseline, in fresh processes
(so nothing is warm that a user's first call would not have warm), and given as
a ratio.  The code measured is this checkout's (``PYTHONPATH`` is set to it).

1. cold start: ``python -m symattn derive`` (the article's example, Markdown) against
   ``python -c "import sympy"``; median of several runs, interleaved.
2. the full derivation (every step exact and numeric to 15 digits, Markdown) for n
   tokens and d = n, random integers in [-3, 3] with a fixed seed, against
   ``benchmarks/baseline_sympy.py`` (Matrix, applyfunc(exp), simplify, evalf, latex).
   The baseline gets a per-size limit of CPU seconds; past it the row says "> T s", and the ratio
   is a lower bound.  Sizes above one that timed out are not run (also "> T s").
3. ``symattn check`` on the article and on a generated 50-equation article: time per
   claim, against a plain SymPy checker (latex2sympy2, then simplify(lhs - rhs) and a
   15-digit comparison) on the generated article.
4. 1,000 exercises with answer keys (``symattn.exercise``): throughput, against the
   baseline script on the same matrices (a sample of 20).
5. the growth exponent k of (2), t ~ n^k: least squares on log t against log n.

Rows 3 and 4 print "n/a" when ``symattn.check`` or ``symattn.exercise`` is missing.
Nothing here is a test: timings never fail a build.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
ARTICLE = REPO.parent / "shared" / "articles" / "qkv-attention-by-hand.zh.md"
SIZES = (3, 6, 8, 12, 16, 24, 32)
QUICK_SIZES = (3, 6, 8)


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(HERE)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


class CpuTimeout(Exception):
    """The process used up the CPU seconds it was given."""


def _run(argv: list[str], cpu_limit: float | None = None) -> tuple[float, float, str]:
    """Wall time and CPU time (user + system) of a fresh process, and its standard output.

    ``cpu_limit`` is a limit on CPU seconds (RLIMIT_CPU), not on wall time, so that a
    busy machine does not cut a run short."""
    def limit():
        seconds = math.ceil(cpu_limit)
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    start, cpu = time.perf_counter(), _children_cpu()
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(), cwd=REPO,
                          text=True, preexec_fn=limit if cpu_limit else None)
    elapsed, cpu = time.perf_counter() - start, _children_cpu() - cpu
    if cpu_limit and proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise CpuTimeout(argv)
    if proc.returncode not in (0, 1):  # check exits 1 when a claim is wrong
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
    return elapsed, cpu, proc.stdout


def _child(*args: str) -> list[str]:
    return [sys.executable, str(HERE / "run.py"), "--child", *args]


# --- the work done inside child processes -----------------------------------------------

def _spec(n: int):
    import sympy as sp

    from baseline_sympy import matrices
    from symattn.spec import AttentionSpec
    Q, K, V = (sp.ImmutableMatrix(m) for m in matrices(n))
    return AttentionSpec(tokens=tuple(f"t{i + 1}" for i in range(n)), Q=Q, K=K, V=V, digits=15, lang="en")


def child_derive(n: int) -> dict:
    """symattn's derivation of size n: derive + Markdown, timed; then checked against numpy."""
    from symattn import derive, render
    spec = _spec(n)
    start, cpu = time.perf_counter(), time.process_time()
    d = derive(spec)
    text = render(d, "md")
    return {**_since(start, cpu), "chars": len(text), "max_error": _numpy_error(spec, d)}


def _since(start: float, cpu: float) -> dict:
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu}


def _numpy_error(spec, d) -> float:
    """Largest difference between symattn's 15-digit output and numpy's float64 attention."""
    import numpy as np

    from symattn.numeric import fixed
    Q, K, V = (np.array(m.tolist(), dtype=float) for m in (spec.Q, spec.K, spec.V))
    s = Q @ K.T / math.sqrt(K.shape[1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    got = np.array([[float(fixed(v, 15)) for v in row] for row in d.step("output").numeric])
    return float(np.max(np.abs(got - w @ V)))


def child_baseline_exercises(count: int) -> dict:
    """The baseline script on the matrices of the first ``count`` exercises."""
    import sympy as sp

    from baseline_sympy import derive_markdown
    from symattn.exercise import make_exercise
    specs = [make_exercise(seed, 3, 4, lang="en").spec for seed in range(count)]
    start, cpu = time.perf_counter(), time.process_time()
    for s in specs:
        derive_markdown(sp.Matrix(s.Q), sp.Matrix(s.K), sp.Matrix(s.V), digits=2)
    return {**_since(start, cpu), "count": count}


def child_exercises(count: int) -> dict:
    """``count`` exercises (3 tokens, d_k = 4), each worksheet plus answer key, in Markdown."""
    from symattn.exercise import document, make_exercise
    start, cpu = time.perf_counter(), time.process_time()
    chars = sum(len(document(make_exercise(seed, 3, 4, lang="en"), "md", "all")) for seed in range(count))
    return {**_since(start, cpu), "count": count, "chars": chars}


def child_check(path: str) -> dict:
    from symattn.check import check_file
    start, cpu = time.perf_counter(), time.process_time()
    report = check_file(path)
    times = _since(start, cpu)
    statuses = [c.status for c in report.claims]
    return {**times, "claims": len(statuses),
            "statuses": {s: statuses.count(s) for s in sorted(set(statuses))}}


def child_baseline_check(path: str) -> dict:
    """A plain SymPy checker: latex2sympy2 for each side, simplify(lhs - rhs), then 15 digits."""
    import sympy as sp
    from latex2sympy2 import latex2sympy
    equations = _equations(Path(path).read_text(encoding="utf-8"))
    start, cpu = time.perf_counter(), time.process_time()
    ok = 0
    for lhs, rel, rhs in equations:
        a, b = latex2sympy(lhs), latex2sympy(rhs)
        if rel == "=":
            ok += bool(sp.simplify(a - b) == 0)
        else:
            ok += bool(abs(sp.N(a, 15) - sp.N(b, 15)) < sp.Rational(1, 2 * 10 ** _decimals(rhs)))
    return {**_since(start, cpu), "claims": len(equations), "ok": int(ok)}


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _equations(text: str) -> list[tuple[str, str, str]]:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("$$") and line.endswith("$$") and len(line) > 4:
            body = line[2:-2]
            rel = r"\approx" if r"\approx" in body else "="
            lhs, rhs = body.rsplit(rel, 1)
            out.append((lhs.strip(), "=" if rel == "=" else "≈", rhs.strip()))
    return out


def fifty_equation_article(seed: int = 0) -> str:
    """50 display equations of a hand calculation: dot products, scaling, softmax entries
    (exact and to 4 decimals) and sums, with random small integers; a few are wrong."""
    import random
    rng = random.Random(seed)
    lines = ["# Fifty equations", ""]
    kinds = ("dot", "scale", "softmax", "exact", "sum")
    for k in range(50):
        kind = kinds[k % len(kinds)]
        if kind == "dot":
            a = [rng.randint(-3, 3) for _ in range(4)]
            b = [rng.randint(-3, 3) for _ in range(4)]
            lhs = " + ".join(f"({x}) \\cdot ({y})" for x, y in zip(a, b))
            rhs = str(sum(x * y for x, y in zip(a, b)) + (1 if k % 13 == 0 else 0))
            eq = f"{lhs} = {rhs}"
        elif kind == "scale":
            s, dk = rng.randint(-9, 9), rng.choice((4, 9, 16))
            root = int(math.isqrt(dk))
            eq = f"\\frac{{{s}}}{{\\sqrt{{{dk}}}}} = \\frac{{{s}}}{{{root}}}"
        elif kind == "softmax":
            z = [rng.choice((0, 1, 2)) for _ in range(3)]  # halves
            value = math.exp(z[0] / 2) / sum(math.exp(t / 2) for t in z)
            half = {0: "0", 1: "1/2", 2: "1"}
            exps = " + ".join(f"e^{{{half[t]}}}" for t in z)
            eq = f"\\frac{{e^{{{half[z[0]]}}}}}{{{exps}}} \\approx {value:.4f}"
        elif kind == "exact":
            h = rng.choice((1, 2, 3))
            eq = f"\\frac{{e^{{{h}/2}}}}{{e^{{{h}/2}} + 2}} = \\frac{{1}}{{1 + 2 e^{{-{h}/2}}}}"
        else:
            p = [rng.randint(1, 9) for _ in range(3)]
            eq = f"\\frac{{{p[0]}}}{{10}} + \\frac{{{p[1]}}}{{10}} + \\frac{{{p[2]}}}{{10}} = {sum(p) / 10:g}"
        lines += [f"Equation {k + 1}:", "", f"$${eq}$$", ""]
    return "\n".join(lines)


CHILDREN = {"derive": child_derive, "exercises": child_exercises, "check": child_check,
            "baseline-check": child_baseline_check, "baseline-exercises": child_baseline_exercises}


# --- the parent: measure, then print the table --------------------------------------------
#
# Every time is taken twice: wall clock, and CPU time (user + system) of the process.
# The work is single-threaded, so on an idle machine the two agree; on a shared one
# wall time also counts waiting for a core, so ratios are taken on CPU time.

def _child_result(*args: str) -> dict:
    return json.loads(_run(_child(*args))[2])


def _has(module: str) -> bool:
    code = f"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec({module!r}) else 1)"
    return subprocess.run([sys.executable, "-c", code], env=_env(), cwd=REPO).returncode == 0


def _fmt_s(t: float) -> str:
    return f"{t:.3f} s" if t < 10 else f"{t:.1f} s"


def _pair(wall: float, cpu: float) -> str:
    return f"{_fmt_s(wall)} (CPU {_fmt_s(cpu)})"


def _median(results: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in results)


def bench_cold_start(repeats: int) -> list[str]:
    ours, theirs = [], []
    for _ in range(repeats):  # interleaved, so that machine load hits both alike
        ours.append(_run([sys.executable, "-m", "symattn", "derive"]))
        theirs.append(_run([sys.executable, "-c", "import sympy"]))
    a = [statistics.median(r[k] for r in ours) for k in (0, 1)]
    b = [statistics.median(r[k] for r in theirs) for k in (0, 1)]
    return [f"| 1 | cold start: `python -m symattn derive` (the article, Markdown) vs "
            f"`python -c \"import sympy\"`, median of {repeats} | {_pair(*a)} | {_pair(*b)} | "
            f"**{a[1] / b[1]:.2f}x** the time (wall {a[0] / b[0]:.2f}x); target ≤ 1.5x |"]


def bench_derivations(sizes, repeats: int, timeout: float) -> tuple[list[str], dict, dict]:
    rows, ours, theirs = [], {}, {}
    skipped_from = None
    for n in sizes:
        results = [_child_result("derive", str(n)) for _ in range(repeats)]
        wall, cpu = _median(results, "seconds"), _median(results, "cpu")
        ours[n] = cpu
        err = max(r["max_error"] for r in results)
        if skipped_from is None:
            try:
                out = _run([sys.executable, str(HERE / "baseline_sympy.py"), str(n)], cpu_limit=timeout)[2]
                theirs[n] = tuple(float(v) for v in out.split())  # (wall, cpu)
            except CpuTimeout:
                skipped_from = n
        if n in theirs:
            base = _pair(*theirs[n])
            ratio = f"**{theirs[n][1] / cpu:.0f}x** faster (wall {theirs[n][0] / wall:.0f}x)"
        else:
            note = "" if n == skipped_from else ", not run: a smaller n passed the timeout"
            base, ratio = f"CPU > {timeout:.0f} s (limit{note})", f"**> {timeout / cpu:.0f}x** faster"
        rows.append(f"| 2 | full derivation n = {n}, d = {n}: exact + 15 digits + Markdown "
                    f"({results[0]['chars']:,} chars; max error vs numpy {err:.0e}), median of {repeats} "
                    f"| {_pair(wall, cpu)} | {base} | {ratio} |")
    return rows, ours, {n: t[1] for n, t in theirs.items()}


def bench_check(article: Path | None) -> list[str]:
    if not _has("symattn.check"):
        return ["| 3 | `symattn check`: time per claim | n/a (checker not installed) | | |"]
    import tempfile
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        fifty = Path(tmp) / "fifty.md"
        fifty.write_text(fifty_equation_article(), encoding="utf-8")
        base = _child_result("baseline-check", str(fifty))
        base_per = base["cpu"] / base["claims"]
        targets = ([("the article", article)] if article and article.exists() else []) + \
            [("a generated 50-equation article", fifty)]
        for label, path in targets:
            r = _child_result("check", str(path))
            per = r["cpu"] / max(1, r["claims"])
            statuses = ", ".join(f"{v} {k}" for k, v in r["statuses"].items())
            rows.append(f"| 3 | `symattn check` on {label}: {r['claims']} claims ({statuses}); "
                        f"{_pair(r['seconds'], r['cpu'])} in all; CPU per claim | {per * 1000:.1f} ms | "
                        f"{base_per * 1000:.1f} ms per equation (plain SymPy checker on the 50-equation "
                        f"article; {base['ok']}/{base['claims']} hold) | **{base_per / per:.1f}x** faster |")
    return rows


def bench_exercises(count: int, sample: int) -> list[str]:
    if not _has("symattn.exercise"):
        return ["| 4 | exercises with answer keys: throughput | n/a (symattn.exercise not installed) | | |"]
    r = _child_result("exercises", str(count))
    b = _child_result("baseline-exercises", str(sample))
    ours, theirs = r["count"] / r["cpu"], b["count"] / b["cpu"]
    return [f"| 4 | {count:,} exercises (3 tokens, d_k = 4), worksheet + answer key in Markdown "
            f"({_pair(r['seconds'], r['cpu'])} in all): per CPU second | {ours:.0f} /s | {theirs:.2f} /s "
            f"(baseline script on the first {sample}) | **{ours / theirs:.0f}x** faster |"]


def growth_exponent(times: dict) -> float | None:
    """k in t ~ c n^k, by least squares on (log n, log t)."""
    if len(times) < 2:
        return None
    xs = [math.log(n) for n in times]
    ys = [math.log(t) for t in times.values()]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import sympy
    return (f"{os.cpu_count()} cores (nproc), {cpu}, Python {platform.python_version()}, "
            f"SymPy {sympy.__version__}, {time.strftime('%Y-%m-%d', time.gmtime())}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="sizes 3, 6, 8; fewer repeats; 100 exercises")
    p.add_argument("--baseline-timeout", type=float, default=60.0, metavar="S",
                   help="CPU seconds the baseline gets per size (default: 60)")
    p.add_argument("--save", metavar="FILE", help="also write the table to FILE (e.g. benchmarks/results.md)")
    p.add_argument("--child", nargs=2, metavar=("WHAT", "ARG"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        what, arg = args.child
        print(json.dumps(CHILDREN[what](int(arg) if arg.isdigit() else arg)))
        return 0

    sizes = QUICK_SIZES if args.quick else SIZES
    repeats = 3 if args.quick else 5
    lines = ["| # | benchmark | symattn | baseline | ratio (on CPU time) |", "|---|---|---:|---:|---|"]
    lines += bench_cold_start(repeats=repeats + 2)
    rows, ours, theirs = bench_derivations(sizes, repeats=3 if not args.quick else 1,
                                           timeout=args.baseline_timeout)
    lines += rows
    lines += bench_check(ARTICLE)
    lines += bench_exercises(count=100 if args.quick else 1000, sample=5 if args.quick else 20)
    k_ours, k_theirs = growth_exponent(ours), growth_exponent(theirs)
    theirs_txt = (f"k = {k_theirs:.2f} (n = {', '.join(map(str, theirs))})" if k_theirs is not None
                  else "n/a")
    lines.append(f"| 5 | growth exponent of (2): CPU t ~ n^k, least squares on log t vs log n | "
                 f"k = {k_ours:.2f} (n = {', '.join(map(str, ours))}) | {theirs_txt} | |")
    text = "\n".join(lines) + f"\n\nMachine: {machine()}.\n"
    print(text, end="")
    if args.save:
        Path(args.save).write_text(f"# Benchmark results\n\n`python benchmarks/run.py`\n\n{text}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
