"""`symattn check` on synthetic worked examples whose truth is known by construction (issue 24).

``synth/generate.py`` writes N articles from fixed seeds (each with one injected slip of a known kind,
or none: the clean controls) and the truth of every line, computed without symattn.  Measured here:

* slip recall: slipped articles where check reports a wrong claim on a line where the slip shows;
  and where, in addition, the claim's diagnosis names the injected kind (``NAMES_KIND``);
* recall over all wrong lines, carried ones included;
* false alarms: wrong verdicts on lines that are not wrong (ok, given, a label), and on clean controls;
* coverage: ok or wrong lines with a verdict other than unverifiable.

``python tests/test_synthetic_articles.py [N]`` prints the figures (per kind, layout, label style, language
and convention) and lists the missed slips and the false alarms (of the first N seeds, else all).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from synth.generate import KINDS, generate  # noqa: E402

N = 300
SEEDS = range(N)

#: The checker's words (a claim's cause, reason code and mistake codes) that name each injected kind.
#: A slip is "diagnosed" when a wrong claim on its line says one of them.  entry-typo and dot-product
#: are plain slips: the right diagnosis is cause ``slip`` with no common mistake named.  A carried slip
#: is also diagnosed when the later lines are reported as carried from it (checked in ``diagnosed``).
NAMES_KIND = {
    "entry-typo": {"slip"},
    "dot-product": {"slip"},
    "carried": {"slip"},
    "drift": {"drift", "rounded-early", "rounded-early-1", "rounded-early-2"},
    "softmax-columns": {"softmax-over-columns"},
    "dk-not-sqrt": {"scaled-by-dk"},
    "transposed-product": {"transposed", "keys-not-transposed", "keys-not-transposed-at", "indices-swapped"},
    "truncation": {"truncated"},
    "wrong-mask": {"mask-missing", "causal-mask-differs"},
}
PLAIN = {"entry-typo", "dot-product", "carried"}   # no common mistake may be named for these

#: Ratchet floors at the figures measured when this test was written (rounded down to 2 decimals; false
#: alarms as a maximum at the measured count): slip recall 0.688, 0.495 with the kind named, 0.646 of all
#: wrong lines, 321 false alarms (206 on the 98 controls), coverage 0.809.  Measured again on a clean
#: clone at 8b24252: slip recall 0.980 (198/202), 0.946 with the kind named (191/202), 0.980 of all
#: wrong lines (1012/1033), 10 false alarms (0 on the controls), coverage 0.966.  At f64245c: 0.980, 0.955
#: with the kind (193/202), 0.980 of all wrong lines, 2 false alarms (0 on the controls), coverage 0.966.
#: The issue's target is slip recall >= 0.95 with the kind as the diagnosis, and 0 false alarms on the
#: clean controls: the floors below are that target.  Floors only rise: raise them as check gets there,
#: never lower them.
MIN_SLIP_RECALL = 0.98
MIN_KIND_RECALL = 0.95
MIN_LINE_RECALL = 0.97
MAX_FALSE_ALARMS = 0   # 0 at the thirtieth session (1 before it, on seed 46)
MAX_FALSE_ALARMS_CONTROLS = 0
MIN_COVERAGE = 0.97   # 0.972 at 4c67b79 (prose chains checked past names with no numbers)


# ---------------------------------------------------------------- running check

def _claims(seed: int) -> list[dict]:
    """check_text on one article, its claims as plain data (so that a process pool can return them)."""
    from symattn.check import check_text
    article = generate(seed)
    start = time.process_time()
    try:
        report = check_text(article.text, f"synth-{seed}.md")
    except Exception as e:   # a crash is measured as claims missing, and listed
        return [dict(error=f"{type(e).__name__}: {e}")]
    out = [dict(seconds=time.process_time() - start)]
    for c in report.claims:
        codes = {m.code if hasattr(m, "code") else str(m) for m in c.mistakes}
        out.append(dict(status=str(c.status), cause=str(c.cause), line=c.line, lines=list(c.lines or [c.line]),
                        wrong_lines=list(c.wrong_lines or c.lines or [c.line]), root=c.root,
                        codes=codes | {getattr(c.reason, "code", "")}, mistakes=codes))
    return out


def _generous_budgets():
    """check's time budgets are wall-clock (10 s a claim, 60 s an article): on a loaded machine a slow
    claim runs out and its verdict changes (seen on seeds 12 and 162, ~10 s each).  The figures must not
    depend on the load, so the workers get budgets no article here comes near."""
    os.environ["SYMATTN_CHECK_SECONDS"] = "300"
    os.environ["SYMATTN_CHECK_ARTICLE_SECONDS"] = "3000"


def run_all(seeds=SEEDS) -> list[tuple]:
    """(article, claims) for every seed, in a process pool."""
    with ProcessPoolExecutor(min(4, os.cpu_count() or 1), initializer=_generous_budgets) as pool:
        claims = list(pool.map(_claims, seeds, chunksize=4))
    return [(generate(s), c) for s, c in zip(seeds, claims)]


# ---------------------------------------------------------------- measuring

def diagnosed(slip: dict, at: list[dict], claims: list[dict]) -> bool:
    """Does a wrong claim on the slip's lines name the injected kind?"""
    kind = slip["kind"]
    named = [c for c in at if NAMES_KIND[kind] & (c["codes"] | {c["cause"]})
             and not (kind in PLAIN and c["mistakes"])]
    if not named or kind != "carried" or not slip["carried"]:
        return bool(named)
    roots = set(slip["lines"]) | {c["line"] for c in at}
    return any(c["status"] == "wrong" and c["cause"] == "carried" and c["root"] in roots
               and set(c["wrong_lines"]) & set(slip["carried"]) for c in claims)


def measure(results) -> dict:
    m = dict(slipped=0, found=0, named=0, wrong_lines=0, wrong_found=0, false_alarms=0, controls=0,
             control_alarms=0, checkable=0, covered=0, errors=[], seconds=[], missed=[], unnamed=[], alarms=[],
             by={k: defaultdict(Counter) for k in ("kind", "layout", "labels", "lang")},
             line_layout=defaultdict(Counter), convention=defaultdict(Counter))
    for a, claims in results:
        m["errors"] += [(a.seed, c["error"]) for c in claims if "error" in c]
        m["seconds"] += [(round(c["seconds"], 1), a.seed) for c in claims if "seconds" in c]
        claims = [c for c in claims if "status" in c]
        wrong_at, known = defaultdict(list), set()
        for c in claims:
            if c["status"] != "unverifiable":
                known.update(c["lines"])
            if c["status"] == "wrong":
                for ln in c["wrong_lines"]:
                    wrong_at[ln].append(c)
        layout_of = {ln: line.layout for ln, line in a.prints}
        for ln, verdict in a.truth.items():
            lay = layout_of.get(ln, "label")
            if verdict in ("ok", "wrong"):
                m["checkable"] += 1
                m["covered"] += ln in known
                m["line_layout"][lay]["lines"] += 1
                m["line_layout"][lay]["covered"] += ln in known
            if verdict == "wrong":
                m["wrong_lines"] += 1
                m["wrong_found"] += ln in wrong_at
        alarms = sorted(ln for ln in wrong_at if a.truth.get(ln) != "wrong")
        convention = a.meta["scale"] + (" + causal mask" if a.meta["mask"] else "")
        m["convention"][convention]["articles"] += 1
        m["convention"][convention]["alarmed"] += bool(alarms)
        m["convention"][convention]["false_alarms"] += len(alarms)
        for ln in alarms:
            m["alarms"].append((a.seed, ln, layout_of.get(ln, "label"), (a.slip or {}).get("kind", "clean")))
            m["line_layout"][layout_of.get(ln, "label")]["false_alarms"] += 1
        m["false_alarms"] += len(alarms)
        if a.slip is None:
            m["controls"] += 1
            m["control_alarms"] += len(alarms)
            continue
        s = a.slip
        at = [c for ln in s["lines"] for c in wrong_at.get(ln, [])]
        found, named = bool(at), bool(at) and diagnosed(s, at, claims)
        m["slipped"] += 1
        m["found"] += found
        m["named"] += named
        for name, table in m["by"].items():
            key = s[name] if name in s else a.meta[name]
            table[key]["n"] += 1
            table[key]["found"] += found
            table[key]["named"] += named
        if not found:
            m["missed"].append((a.seed, s["line"], s["layout"], s["kind"]))
        elif not named:
            m["unnamed"].append((a.seed, s["line"], s["layout"], s["kind"],
                                 sorted({x for c in at for x in c["codes"] | {c["cause"]}} - {""})))
    share = lambda x, n: x / n if n else 1.0  # noqa: E731
    m.update(slip_recall=share(m["found"], m["slipped"]), kind_recall=share(m["named"], m["slipped"]),
             line_recall=share(m["wrong_found"], m["wrong_lines"]), coverage=share(m["covered"], m["checkable"]))
    return m


def figures(m: dict) -> str:
    out = [f"{m['slipped'] + m['controls']} synthetic articles: {m['slipped']} with a slip, {m['controls']} clean controls",
           f"slip recall (wrong claim at the slip's line): {m['slip_recall']:.3f} ({m['found']}/{m['slipped']})",
           f"  ... with the kind as the diagnosis:         {m['kind_recall']:.3f} ({m['named']}/{m['slipped']})",
           f"recall over all wrong lines (carried too):   {m['line_recall']:.3f} ({m['wrong_found']}/{m['wrong_lines']})",
           f"false alarms: {m['false_alarms']} lines in all, {m['control_alarms']} on the controls",
           f"coverage: {m['coverage']:.3f} ({m['covered']}/{m['checkable']} ok or wrong lines)",
           f"check crashed on {len(m['errors'])} articles" + (f": {m['errors'][:3]}" if m["errors"] else ""),
           f"check's CPU seconds: {sum(t for t, _ in m['seconds']):.0f} in all; the slowest (seconds, seed): "
           f"{sorted(m['seconds'])[-3:]}"]
    for name, table in m["by"].items():
        out += ["", f"{'slips by ' + name:20s} {'n':>4s} {'found':>6s} {'named':>6s}"]
        for k in (KINDS if name == "kind" else sorted(table)):
            c = table[k]
            out.append(f"{k:20s} {c['n']:4d} {c['found'] / max(c['n'], 1):6.2f} {c['named'] / max(c['n'], 1):6.2f}")
    out += ["", f"{'convention':20s} {'articles':>8s} {'alarmed':>8s} {'alarms':>7s}"]
    for k, c in sorted(m["convention"].items()):
        out.append(f"{k:20s} {c['articles']:8d} {c['alarmed']:8d} {c['false_alarms']:7d}")
    out += ["", f"{'line layout':20s} {'lines':>6s} {'covered':>8s} {'alarms':>7s}"]
    for k, c in sorted(m["line_layout"].items()):
        out.append(f"{k:20s} {c['lines']:6d} {c['covered'] / max(c['lines'], 1):8.2f} {c['false_alarms']:7d}")
    return "\n".join(out)


@pytest.fixture(scope="module")
def measured():
    return measure(run_all())


def test_figures_hold_the_ratchet(measured):
    print("\n" + figures(measured))
    assert not measured["errors"], measured["errors"][:5]
    assert measured["slip_recall"] >= MIN_SLIP_RECALL
    assert measured["kind_recall"] >= MIN_KIND_RECALL
    assert measured["line_recall"] >= MIN_LINE_RECALL
    assert measured["false_alarms"] <= MAX_FALSE_ALARMS
    assert measured["control_alarms"] <= MAX_FALSE_ALARMS_CONTROLS
    assert measured["coverage"] >= MIN_COVERAGE


# ---------------------------------------------------------------- the generator itself

def test_same_seed_same_article():
    for seed in (0, 7, 123, 299):
        a, b = generate(seed), generate(seed)
        assert a.text == b.text and a.truth == b.truth and a.slip == b.slip
    assert len({generate(s).text for s in range(20)}) == 20


def test_every_kind_and_clean_controls_occur():
    kinds = Counter((generate(s).slip or {}).get("kind", "clean") for s in SEEDS)
    assert set(kinds) == set(KINDS) | {"clean"}
    assert 0.25 <= kinds["clean"] / N <= 0.42


def reference(a) -> dict:
    """The pipeline in numpy floats, from the article's inputs and its stated convention."""
    f = {k: np.array([[float(v) for v in r] for r in m]) for k, m in a.inputs.items()}
    if "X" in f:
        f.update({m: f["X"] @ f["W_" + m] for m in "QKV"})
    dk = f["K"].shape[1]
    s = f["Q"] @ f["K"].T
    scaled = s / {"sqrt": np.sqrt(dk), "dk": dk, "none": 1.0}[a.meta["scale"]]
    n = len(s)
    masked = np.where(np.tril(np.ones((n, n), bool)), scaled, -np.inf) if a.meta["mask"] else scaled
    e = np.exp(masked - masked.max(axis=1, keepdims=True))
    weights = e / e.sum(axis=1, keepdims=True)
    return dict(f, KT=f["K"].T, S=s, scaled=scaled, masked=masked, A=weights, O=weights @ f["V"],
                dk=np.array([[dk]]), root=np.array([[np.sqrt(dk)]]))


_NUMBER = re.compile(r"-\\infty|−∞|-inf|-?\d+(?:\.\d+)?")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144])
def test_truth_agrees_with_numpy(seed):
    """The numbers printed on each line, parsed back, agree with numpy at their printed places on the
    ok and given lines, and at least one disagrees on each wrong line."""
    a = generate(seed)
    ref = reference(a)
    for ln, line in a.prints:
        found = _NUMBER.findall(line.text[line.start:])
        assert found == [_shown(e[3], line.text) for e in line.entries], (ln, line.text)
        agree = [_agrees(text, ref[step][i, j]) for (step, i, j, text) in line.entries]
        assert all(agree) == (a.truth[ln] in ("ok", "given")), (seed, ln, line.text, a.truth[ln])


def _shown(printed: str, text: str) -> str:
    if printed != "-inf":
        return printed
    return next(s for s in ("-\\infty", "−∞", "-inf") if s in text)


def _agrees(printed: str, value: float) -> bool:
    if printed == "-inf":
        return value == -np.inf
    places = len(printed.split(".")[1]) if "." in printed else 0
    return abs(float(printed) - value) <= 0.5 * 10 ** -places + 1e-9


def test_slip_lines_are_wrong_and_controls_clean():
    for seed in range(60):
        a = generate(seed)
        wrong = sorted(ln for ln, v in a.truth.items() if v == "wrong")
        if a.slip is None:
            assert not wrong
        else:
            assert wrong == sorted(a.slip["lines"] + a.slip["carried"])
            if a.slip["kind"] in ("entry-typo", "truncation"):
                assert not a.slip["carried"]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    m = measure(run_all(range(int(argv[0])) if argv else SEEDS))   # a first few seeds, to try something
    print(figures(m))
    for title, rows in (("missed slips", m["missed"]), ("slips found but not named", m["unnamed"]),
                        ("false alarms", m["alarms"])):
        groups = defaultdict(list)
        for row in rows:
            groups[(row[2], row[3])].append(row)
        print(f"\n{title}: {len(rows)}")
        for (layout, kind), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            shown = ", ".join(f"seed {r[0]} line {r[1]}" + (f" {r[4]}" if len(r) > 4 else "") for r in items[:4])
            print(f"  {layout:8s} {kind:20s} {len(items):3d}  {shown}" + (" …" if len(items) > 4 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
