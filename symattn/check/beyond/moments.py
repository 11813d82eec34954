r"""The √d_k argument line by line: moments of q·k for q, k with independent entries of mean 0 and
variance 1 (the article must say so): E[q_1^2] = 1, E[q_1 k_1 q_2 k_2] = 0, E[q·k] = 0,
Var(q·k) = d_k, σ = √d_k, Var(q·k/√d_k) = 1, Σ_{i=1}^{d_k} of a term without i.

Input: the article's text and its displays.  Output: claims.  Each known quantity in a chain is
replaced by its value (a number, or an expression in d_k), then every part is evaluated by
:func:`.arith.evaluate`, never by ``sympify``: the chain is right when all its parts are equal, with d_k
free (at three points) or with the d_k the article last stated before the line.  Fourth moments are
not assumed (no normality), so ``E[q_1^4]`` is not read.  Wrong only when the article states a single
d_k and a printed number differs from the value there (the witness).

>>> t = "Entries of mean 0 and variance 1, d_k = 64: $\\mathrm{Var}(q \\cdot k) = 64$, $\\sigma = 8$."
>>> [c.status for c in moment_claims(Document.of(t), [])]
['exact']
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from ..document import Document
from .. import numerals
from ..judge import agrees, equal
from ..verdict import stated
from .arith import _DPS, evaluate
from .display import Display
from .identities import _pieces, _split
from .readings import judge
from .verdicts import _show

__all__ = ["moment_claims"]

R = Reason.of

_ASSUME = re.compile(r"(?:mean|均值|平均)\W{0,8}0\W.{0,40}?(?:variance|方差|分散)\W{0,8}1(?!\d)|standard normal|"
                     r"N\(0,\s*1\)|unit variance|标准正态|単位分散", re.I | re.S)
_DK = re.compile(r"d_\{?k\}?\s*(?:\$\s*)?=\s*(?:\$\s*)?(\d+)(?![\d.])")
_SCALED = re.compile(r"Var\((?:\\frac\{q·k\}\{\\sqrt\{?d_\{?k\}?\}?\}|q·k/(?:\\sqrt\{?d_\{?k\}?\}?|√d_?\{?k\}?))\)")
_MONO = re.compile(r"E\[((?:[qk]_\{?\w\}?(?:\^\{?\d\}?)?)+)\]")


def moment_claims(doc: Document, disps: list[Display]) -> list[Claim]:
    """Claims of the √d_k argument (see the module doc)."""
    text = doc.text
    if not _ASSUME.search(text) or not re.search(r"Var|方差|variance", text):
        return []
    stated = [(doc.line_of(m.start()), int(m.group(1))) for m in _DK.finditer(text)]
    single = len({v for _, v in stated}) == 1
    out = []
    with mpmath.workdps(_DPS):
        for n, raw in enumerate(doc.lines, 1):
            dk = next((v for ln, v in reversed(stated) if ln <= n), None)
            for piece in _line_pieces(raw):
                c = _chain(piece, n, raw.strip(), dk, single)
                if c is not None:
                    out.append(c)
        out += [c for c in (_pair_matrix(d) for d in disps) if c is not None]
    return out


def _line_pieces(raw: str):
    """The math of one line: ``[a & b] = [x & y]`` as the pairs a = x, b = y; other math as pieces."""
    vec = re.search(r"\\begin\{[bp]matrix\}([^\\]*?(?:\\(?!end|\\)[^\\]*?)*)\\end\{[bp]matrix\}\s*(=|\\approx)\s*"
                    r"\\begin\{[bp]matrix\}(.*?)\\end\{[bp]matrix\}", raw)
    if vec and "\\\\" not in vec.group(1) + vec.group(3):
        names, values = vec.group(1).split("&"), vec.group(3).split("&")
        if len(names) == len(values):
            has_var = any(_norm(x).startswith("Var(q·k)") for x in names)
            for a, b in zip(names, values):
                if a.strip() in ("\\sigma", "σ") and has_var:
                    a = "\\sqrt{Var(q·k)}"   # σ beside Var(q·k): its standard deviation
                yield f"{a} {'=' if vec.group(2) == '=' else '≈'} {b}"
        return
    for m in re.finditer(r"\$\$?([^$]+)\$\$?", raw) if "$" in raw else [re.match(r"(.*)", raw)]:
        yield from _pieces(re.sub(r"\\[,;:!]", " ", m.group(1)))


def _norm(s: str) -> str:
    s = re.sub(r"\\(?:left|right)(?![A-Za-z])|\\[,;:! ]|\s", "", s)
    s = re.sub(r"\\(?:operatorname|mathrm|text)\{(Var|E)\}", r"\1", s)
    s = re.sub(r"\\mathbb\{E\}", "E", s)
    return s.replace("\\cdot", "·").replace("⋅", "·")


def _moment(mono: str) -> str | None:
    """E[q_1 k_1 q_2 k_2] for independent entries of mean 0, variance 1: a number, or None."""
    powers: dict[str, int] = {}
    for m in re.finditer(r"([qk])_\{?(\w)\}?(?:\^\{?(\d)\}?)?", mono):
        key = m.group(1) + m.group(2)
        powers[key] = powers.get(key, 0) + int(m.group(3) or 1)
    if any(p > 2 for p in powers.values()):
        return None   # a fourth moment needs normality, which is not assumed
    if any(not k[1].isdigit() for k in powers):
        if len(powers) != 1:
            return None   # E[q_i q_j]: depends on whether i = j
    return "0" if any(p == 1 for p in powers.values()) else "1"


def _substitute(part: str) -> str | None:
    s = _norm(part)
    s = _SCALED.sub("(1)", s)
    s = s.replace("Var(q·k)", "(d_k)").replace("E[q·k]", "(0)")
    s = re.sub(r"\\sqrt\{\(d_k\)\}", r"\\sqrt{d_k}", s)
    # Σ_i Σ_j δ_ij = N: the pair moments E[q_i k_i q_j k_j] are δ_ij
    s = re.sub(r"\\sum_\{i=1\}\^\{(d_k|d_\{k\}|\d+)\}\\sum_\{j=1\}\^\{\1\}(?:\\delta_\{?ij\}?|δ_\{?ij\}?|"
               r"E\[q_\{?i\}?k_\{?i\}?q_\{?j\}?k_\{?j\}?\])", r"(\1)", s)
    for m in list(_MONO.finditer(s))[::-1]:
        v = _moment(m.group(1))
        if v is None:
            return None
        s = s[:m.start()] + f"({v})" + s[m.end():]
    m = re.match(r"\\sum_\{?i=1\}?\^(?:\{(d_k|d_\{k\}|\d+)\}|(\d))(.*)$", s)
    if m and "_i" not in m.group(3) and "_{i}" not in m.group(3):
        s = f"({m.group(1) or m.group(2)})({m.group(3)})"   # Σ_{i=1}^{N} of a term without i: N times it
    if re.search(r"E\[|Var|\\sum|\\delta|δ", s):
        return None
    return s


def _chain(piece: str, line: int, source: str, dk, single: bool) -> Claim | None:
    parts, rels = _split(piece)
    if len(parts) < 2 or not re.search(r"Var|E\[|\\mathbb\{E\}|\\sigma", piece):
        return None
    subs = [_substitute(p) for p in parts]
    if subs[0] is None or not re.search(r"Var|E", _norm(parts[0])):
        return None   # the head must be one of the quantities
    ok = [s for s in subs if s is not None and s.strip()]
    if len(ok) < 2:
        return None
    free = [[evaluate(s, symbols=lambda n, t=t: _dk(n, 3 + 7 * t)) for t in range(3)] for s in ok]
    if all(None not in f for f in free) and all(all(equal(a, b) for a, b in zip(f, free[0])) for f in free[1:]):
        return stated(line, source, "exact", R("variance-qk"), R("moments-every-dk"), claimed=piece.strip()[:200])
    if dk is None:
        return None
    vals = [evaluate(s, symbols=lambda n: _dk(n, dk)) for s in ok]
    if None in vals:
        return None
    head = vals[0]
    bad = [(s, v) for s, v in zip(ok[1:], vals[1:]) if not _close(s, v, head)]
    if not bad:
        rounded = any(not equal(v, head) for v in vals[1:])
        return stated(line, source, "rounded" if rounded else "exact", R("variance-qk"),
                      R("moments-at-dk", dk=dk, value=_show(head)), claimed=piece.strip()[:200], expected=_show(head))
    if not single:
        return None
    text, v = bad[0]
    return stated(line, source, "wrong", R("variance-qk"),
                  R("moments-differ", dk=dk, value=_show(head), printed=_show(v)), claimed=text, expected=_show(head),
                  entries=[{"entry": R("value-entry"), "line": line, "claimed": text.strip(), "exact": _show(head),
                            "correct": _show(head)}])


def _dk(name: str, value):
    if name in ("d_k", "d_{k}"):
        return mpmath.mpf(value)
    raise ValueError(name)


def _close(text: str, v, x) -> bool:
    e = numerals.read(text.strip("()"))
    if equal(v, x):
        return True
    return e is not None and bool(e.places) and agrees(e, x)


def _pair_matrix(d: Display) -> Claim | None:
    """``(E[q_i k_i q_j k_j])_{ij} = [..]``: entry (i, j) is that moment with those indices."""
    m = re.fullmatch(r"\(E\[((?:[qk]_\{?[ij]\}?)+)\]\)_\{?ij\}?", _norm(d.head))
    if not m or d.shape[0] != d.shape[1]:
        return None
    vals = []
    for i in range(d.shape[0]):
        for j in range(d.shape[1]):
            mono = re.sub(r"_\{?i\}?", f"_{i + 1}", re.sub(r"_\{?j\}?", f"_{j + 1}", m.group(1)))
            v = _moment(mono)
            if v is None:
                return None
            vals.append(mpmath.mpf(v))
    return judge(d, R("pair-moments"), [(vals, R("unit-entries"))])
