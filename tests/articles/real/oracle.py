"""The independent oracle of the real-article corpus: plain SymPy, never symattn's code.

Each article ``NAME.md`` (or ``.tex``/``.txt``) in this folder has a script ``NAME.expect.py``
that states, line by line, what the article prints and what the exact value is, computed
here from the article's own inputs with SymPy.  Running the script writes
``NAME.expected.json``; ``--check`` only compares and exits 1 when the file is stale.

The rule for a printed number (the same for every article):

* an integer or a fraction printed after "=" must be exactly equal;
* a decimal with d places agrees when it is the exact value rounded to d places
  (|p - x| <= 0.5e-d; both neighbours of an exact tie agree); a value truncated to d places
  (0.999 for 0.9998, which rounds to 1.000) is wrong;
* a machine float (6 or more significant digits, e.g. float32 output ``0.70000005``)
  also agrees within a relative 1e-5;
* ``37%`` is 0.37 at 2 places, and ``0,71`` (a decimal comma) is 0.71.

A line is ``wrong`` when any number claimed on it disagrees, ``ok`` when every claim on it
agrees, ``ambiguous`` (with a reason) when what it claims cannot be decided from the article,
and ``given`` when it only states an input.  Causes of a wrong line: ``slip`` (the author's own
error on this line), ``carried`` (right from an earlier wrong value of the author, wrong from the
inputs), ``drift`` (right from the author's rounded operands, wrong from the exact inputs).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import sympy as sp

__all__ = ["Expect", "agrees", "parse", "softmax_rows", "M", "R", "sp"]

R = sp.Rational
_NUM = re.compile(r"^([+\-\u2212]?)(\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE]([+-]?\d+))?(%?)$")


def M(rows) -> sp.Matrix:
    """A matrix from printed rows: strings are read exactly ("0.45" is 9/20)."""
    return sp.Matrix([[_exact(v) for v in row] for row in rows])


def _exact(v):
    if isinstance(v, str):
        return parse(v)[0]
    return sp.sympify(v)


def parse(printed: str):
    """(exact value, decimal places or None, significant digits) of a printed number.

    >>> parse("0.45")[:2]
    (9/20, 2)
    >>> parse("37%")[:2]
    (37/100, 2)
    >>> parse("0,71")[:2]
    (71/100, 2)
    """
    s = printed.strip().replace("\u2212", "-").lstrip("+")
    if "/" in s:
        a, b = s.split("/")
        return R(int(a), int(b)), None, 0
    m = _NUM.match(s)
    if not m:
        raise ValueError(f"not a printed number: {printed!r}")
    sign, body, exp, pct = m.groups()
    body = body.replace(",", ".")
    places = len(body.split(".")[1]) if "." in body else 0
    value = R(body) * (-1 if sign else 1)
    if exp:
        value *= R(10) ** int(exp)
        places -= int(exp)
    if pct:
        value /= 100
        places += 2
    sig = len(body.replace(".", "").lstrip("0"))
    return value, places, sig


def agrees(printed, exact, rounded_int: bool = False) -> bool:
    """Does the printed number agree with the exact value under the corpus rule?"""
    if not isinstance(printed, str):
        return sp.simplify(sp.sympify(printed) - exact) == 0
    p, d, sig = parse(printed)
    x = sp.N(exact, 60)
    if d is None or (d <= 0 and not rounded_int and "." not in printed):
        return abs(p - x) < R(1, 10**40)
    ulp = R(10) ** (-d)
    err = abs(p - x)
    if err <= ulp / 2 * (1 + R(1, 10**9)):
        return True
    return sig >= 6 and err <= abs(x) * R(1, 10**5)


def softmax_rows(S: sp.Matrix) -> sp.Matrix:
    """Exact row softmax."""
    out = sp.zeros(*S.shape)
    for i in range(S.rows):
        den = sum(sp.exp(S[i, k]) for k in range(S.cols))
        for j in range(S.cols):
            out[i, j] = sp.exp(S[i, j]) / den
    return out


def _flat(v):
    if isinstance(v, sp.MatrixBase):
        return [v[i, j] for i in range(v.rows) for j in range(v.cols)]
    if isinstance(v, (list, tuple)):
        return [x for item in v for x in _flat(item)]
    return [v]


def _show(x) -> str:
    x = sp.sympify(x)
    return str(x) if x.is_Integer else sp.N(x, 6).__str__()


class Expect:
    """The expected verdicts of one article, built line by line by its script."""

    def __init__(self, script: str, *, language: str, topics: list[str]):
        self.script = Path(script)
        name = self.script.name[: -len(".expect.py")]
        self.article = self.script.with_name(name)
        self.text = self.article.read_text(encoding="utf-8")
        self.lines = self.text.splitlines()
        first = self.lines[0] if self.lines else ""
        m = re.search(r"source:\s*(\S+)", first)
        if not m:
            raise SystemExit(f"{self.article.name}: the first line must cite the source (source: URL)")
        self.source = m.group(1).rstrip("->").strip()
        self.language, self.topics = language, list(topics)
        self.verdicts: dict[int, dict] = {}

    # -- locating lines -------------------------------------------------------------------
    def line(self, needle: str, nth: int = 1, after: int = 0) -> int:
        """1-based number of the nth line after line ``after`` that contains ``needle``."""
        seen = 0
        for i, text in enumerate(self.lines[after:], start=after + 1):
            if needle in text:
                seen += 1
                if seen == nth:
                    return i
        raise SystemExit(f"{self.article.name}: {needle!r} (#{nth} after line {after}) not found")

    # -- recording ----------------------------------------------------------------------
    def _entry(self, line: int) -> dict:
        if not 1 <= line <= len(self.lines):
            raise SystemExit(f"{self.article.name}: no line {line}")
        return self.verdicts.setdefault(line, {"line": line, "verdict": None, "claims": []})

    def given(self, line: int, what: str) -> None:
        e = self._entry(line)
        e["claims"].append({"what": what, "given": True})
        e["verdict"] = e["verdict"] or "given"

    def ambiguous(self, line: int, reason: str) -> None:
        e = self._entry(line)
        e["claims"].append({"what": "", "ambiguous": reason})
        if e["verdict"] in (None, "given"):
            e["verdict"] = "ambiguous"

    def claim(self, line: int, what: str, printed, exact, cause: str = "slip",
              rounded_int: bool = False) -> bool:
        """One claim on one line: ``printed`` (str or nested lists of str) against ``exact``."""
        ps, xs = _flat(printed), _flat(exact)
        if len(ps) != len(xs):
            raise SystemExit(f"{self.article.name}:{line}: {what}: {len(ps)} printed, {len(xs)} exact")
        text = self.lines[line - 1]
        for p in ps:
            if isinstance(p, str) and p.replace("\u2212", "-") not in text.replace("\u2212", "-"):
                raise SystemExit(f"{self.article.name}:{line}: {p!r} is not printed on this line")
        bad = [(p, x) for p, x in zip(ps, xs) if not agrees(p, x, rounded_int)]
        e = self._entry(line)
        item = {"what": what, "printed": [str(p) for p in ps]}
        if bad:
            if cause not in ("slip", "carried", "drift"):
                raise SystemExit(f"{self.article.name}:{line}: unknown cause {cause!r}")
            item.update(wrong=[{"printed": str(p), "exact": _show(x)} for p, x in bad], cause=cause)
            e["verdict"] = "wrong"
        elif e["verdict"] != "wrong":
            e["verdict"] = "ok"
        e["claims"].append(item)
        return not bad

    def rows(self, lines: list[int], what: str, printed_rows, exact: sp.Matrix, cause: str = "slip",
             causes: dict | None = None) -> None:
        """A matrix printed one row per line: row i is claimed on ``lines[i]``."""
        if len(lines) != exact.rows or len(printed_rows) != exact.rows:
            raise SystemExit(f"{self.article.name}: {what}: {len(lines)} lines for {exact.rows} rows")
        for i, (ln, row) in enumerate(zip(lines, printed_rows)):
            self.claim(ln, f"{what} row {i + 1}", row, exact.row(i),
                       (causes or {}).get(i, cause))

    # -- output -----------------------------------------------------------------------------
    def result(self) -> dict:
        lines = [self.verdicts[k] for k in sorted(self.verdicts)]
        return {"article": self.article.name, "source": self.source, "language": self.language,
                "topics": self.topics, "lines": lines,
                "summary": {v: sum(1 for e in lines if e["verdict"] == v)
                            for v in ("wrong", "ok", "ambiguous", "given")}}

    def done(self) -> None:
        out = self.article.with_name(self.article.name + ".expected.json")
        data = json.dumps(self.result(), ensure_ascii=False, indent=1) + "\n"
        if "--check" in sys.argv:
            if not out.exists() or out.read_text(encoding="utf-8") != data:
                raise SystemExit(f"{out.name} is stale: run {self.script.name}")
            return
        out.write_text(data, encoding="utf-8")
        s = self.result()["summary"]
        print(f"{out.name}: {s['wrong']} wrong, {s['ok']} ok, {s['ambiguous']} ambiguous, {s['given']} given")


#: how thousands are grouped in a printed integer: the separator, and the words the claim names it by
GROUPS = {".": "thousands dots", " ": "thousands spaces", "{,}": "LaTeX thousands", "\\,": "LaTeX thin-space thousands"}


def grouped_int_claim(e, line, what, printed, exact_int, sep=".", cause="slip"):
    """An integer printed with its thousands grouped by ``sep`` (German "196.608", "67 108 864",
    LaTeX "16{,}384"): recorded like :func:`number_claim` (exactly equal, or wrong with the exact
    integer)."""
    assert printed in e.lines[line - 1], (line, printed)
    value = int(printed.replace(sep, ""))
    ent = e._entry(line)
    item = {"what": f"{what} ({GROUPS[sep]})", "printed": [printed]}
    if value != exact_int:
        item.update(wrong=[{"printed": printed, "exact": str(exact_int)}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def dotted_int_claim(e, line, what, printed, exact_int):
    """An integer printed with thousands dots, as German writes it ("196.608" = 196608)."""
    grouped_int_claim(e, line, what, printed, exact_int, ".")


def number_claim(e, line, what, printed, exact, cause="slip"):
    """One printed number (thousands commas allowed) against one exact value or a list of (reading, value)."""
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    plain = printed.replace(",", "") if printed.count(",") != 1 or len(printed.split(",")[1]) == 3 else printed
    readings = exact if isinstance(exact, list) else [("", exact)]
    ok = [r for r in readings if agrees(plain, r[1], True)]
    name, val = ok[0] if ok else min(readings, key=lambda r: abs(sp.N(r[1]) - sp.N(R(plain))))
    label = f"{what}{' [' + name + ']' if name else ''}{'' if ok or not name else ' (closest reading)'}"
    ent = e._entry(line)
    item = {"what": label, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(val) if sp.sympify(val).is_Integer else str(sp.N(val, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)
