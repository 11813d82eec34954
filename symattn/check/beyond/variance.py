"""The variance argument (Var(q·k) = d_k, Var(q·k/√d_k) = 1, sample variances of printed samples) and
the softmax Jacobian diag(a) − aaᵀ.

Input: the lines of the article's :class:`~symattn.check.document.Document` (and its blocks).
Output: a list of :class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

import re

import mpmath

from ..claims import Claim, Reason
from .chains import _literal
from ..judge import agrees, half_unit, sums_to
from .verdicts import _DPS, _entry, _scalar, _val, _vector
from ..symbols import DK_STATED

R = Reason.of


_VAR_QK = re.compile(r"(?:\\operatorname\{Var\}|\\mathrm\{Var\}|\\text\{Var\}|\bVar)\s*(?:\\left)?\(\s*q\s*(?:\\cdot|·|⋅)\s*k"
                     r"\s*(?P<scaled>/\s*(?:\\sqrt\{?\s*d_?\{?k\}?\s*\}?|√\s*d_?k))?\s*(?:\\right)?\)\s*(?:=|≈|\\approx)\s*")


def _dk_values(text: str) -> list[int]:
    return sorted({int(m) for m in DK_STATED.findall(text)}
                  | {int(m) for m in re.findall(r"(?<!\d)(\d+)-dimensional", text)})


def _variances(text: str, lines: list[str]) -> list[Claim]:
    """``Var(q·k) = 768`` (= d_k for unit-variance q, k), ``Var(q·k/√d_k) = 1``, and the variance of a
    printed sample, population (÷n) or sample (÷(n−1)) alike."""
    out = []
    dks = _dk_values(text)
    for n, raw in enumerate(lines, 1):
        m = _VAR_QK.search(raw)
        if m:
            lit = _literal(raw[m.end():].replace("$", " "))
            ent = _entry(lit[0], n) if lit else None
            if ent is not None:
                if m.group("scaled"):
                    out.append(_scalar(n, raw.strip(), "Var(q·k/√d_k)", ent, [(mpmath.mpf(1), "")],
                                       R("var-scaled")))
                elif len(dks) == 1:
                    out.append(_scalar(n, raw.strip(), "Var(q·k)", ent, [(mpmath.mpf(dks[0]), "")],
                                       R("var-dk", dk=dks[0])))
            continue
        v = re.search(r"(?:variance|方差|分散|분산|varianza|variância|variance)\b[^=\n]{0,40}?"
                      r"(?:of|of the sample|de|の)?\s*\[([^\[\]]{1,200})\]\s*(?:is|=|≈|：|:|は)\s*(?:\$\s*)?"
                      r"(?P<num>[-−]?\d+(?:\.\d+)?)", raw, re.I)
        if not v:
            continue
        xs = [_entry(p.strip(), n) for p in v.group(1).split(",")]
        ent = _entry(v.group("num"), n)
        if len(xs) < 2 or any(x is None for x in xs) or ent is None:
            continue
        with mpmath.workdps(_DPS):
            vals = [_val(x) for x in xs]
            mean = sum(vals) / len(vals)
            ss = sum((x - mean) ** 2 for x in vals)
            readings = [(ss / len(vals), R("population-variance")), (ss / (len(vals) - 1), R("sample-variance"))]
        out.append(_scalar(n, raw.strip(), R("variance-of-values", values=v.group(1).strip()), ent, readings,
                           R("mean-squared-deviations")))
    return out


_JAC = re.compile(r"^\s*(?:J\b|J\^|J_|Jacobian|雅可比|ヤコビ|\\frac\{\\partial\s*a|∂a/∂|\\partial\s*a\s*/)", re.I)


def _jacobians(blocks) -> list[Claim]:
    """A printed softmax Jacobian diag(a) − aaᵀ, bound to the printed distribution a (an earlier row)
    whose Jacobian it matches, or to row k of the printed weights for ``J^{(k)}``."""
    out = []
    for k, b in enumerate(blocks):
        lab = b.labels[0] if b.labels else ""
        rows, n = b.rows, b.shape[1]
        if b.operand or b.shape[0] != n or n < 2 or not _JAC.search(lab.split("=")[0].strip(" $")):
            continue
        cands = []
        for prev in reversed(blocks[:k]):
            for i, r in enumerate(prev.rows):
                vals = [_val(e) for e in r]
                if len(r) == n and min(vals) >= 0 and sums_to_one(r):
                    cands.append((prev, i, r))
        fit = None
        for prev, i, r in cands:
            jac = _jacobian(r)
            if all(_near(e, x, r) for row, jr in zip(rows, jac) for e, x in zip(row, jr)):
                fit = (prev, i, r, jac)
                break
        if fit is None and cands:   # most entries match one distribution: the rest are slips
            share = [(sum(_near(e, x, r) for row, jr in zip(rows, _jacobian(r)) for e, x in zip(row, jr)), -j)
                     for j, (_, _, r) in enumerate(cands)]
            best = max(range(len(cands)), key=lambda j: share[j])
            if share[best][0] >= 0.6 * n * n:
                fit = cands[best] + (_jacobian(cands[best][2]),)
        idx = re.search(r"\^\s*(?:\{\s*)?\(\s*(\d+)\s*\)", lab)
        if fit is None and idx:
            row = int(idx.group(1)) - 1
            named = [(p, i, r) for p, i, r in cands if i == row and p.shape[0] > row and p.labels and
                     re.search(r"^\s*(?:A\b|a\b|weights|attention|权重|注意力)", p.labels[0], re.I)]
            if named:
                prev, i, r = named[0]
                fit = (prev, i, r, _jacobian(r))
        if fit is None:
            continue
        prev, i, r, jac = fit
        ents = [e for row in rows for e in row]
        vals = [x for jr in jac for x in jr]
        # (entries within the rounding of the printed a are not wrong)
        c = _vector(b.line, b.source, R("softmax-jacobian"), ents, vals, R("jacobian-of-row", line=r[0].line),
                    lines=[e.line for e in ents], names=[f"J[{p + 1},{q + 1}]" for p in range(n) for q in range(n)],
                    slack=[_rounding_of(r)] * len(ents))
        out.append(c)
    return out


def sums_to_one(row) -> bool:
    """A printed row that can be a softmax row: it sums to 1 within the rounding of its entries
    (n half-units of its last place); a row off by more is a slip, not a distribution to build on."""
    return sums_to(row, 1, max((e.places or 0) for e in row))


def _jacobian(a_row):
    a = [_val(e) for e in a_row]
    return [[(a[i] if i == j else 0) - a[i] * a[j] for j in range(len(a))] for i in range(len(a))]


def _near(e, x, a_row) -> bool:
    """Agrees, or differs by no more than the rounding of the printed a can explain."""
    return agrees(e, x, slack=_rounding_of(a_row))


def _rounding_of(a_row):
    """How far an entry of diag(a) − aaᵀ may be off when a is printed rounded: each a_i a_j term
    carries up to two half units of a's printed places, twice."""
    return 4 * half_unit(max((q.places or 0) for q in a_row))
