"""RoPE: angle tables θ = base^(−2i/d) in radians and degrees, cos/sin caches in either pairing,
θ_i and the tokens per turn, and the direction of a rotation in words.

Input: the lines of the article's :class:`~symattn.check.document.Document` (and its blocks).
Output: a list of :class:`~symattn.check.claims.Claim`.
"""

from __future__ import annotations

from dataclasses import replace

import re

import mpmath

from ..claims import Claim, Reason
from ..verdict import stated
from ..read import Entry
from .chains import _BRACKET
from .verdicts import _DPS, _entry, _near, _scalar, _val, _vector

R = Reason.of


def _rope_base_dims(text: str) -> tuple[list[int], list[int]]:
    bases = {10000}
    for m in re.finditer(r"(?:base|theta|θ)\w*\s*(?::\s*float\s*)?=\s*(\d+(?:\.0*)?|\d+e\d+)", text, re.I):
        try:
            if float(m.group(1)) >= 100:   # θ_0 = 1 is an angle, not a base
                bases.add(int(float(m.group(1))))
        except ValueError:
            pass
    dims = set()
    for m in re.finditer(r"\b(?:dim|d|head_dim|d_k|d_model|dimension)\s*=\s*(\d+)", text, re.I):
        dims.add(int(m.group(1)))
    for m in _LITERAL_FREQ.finditer(text):   # the frequencies written with their numbers: 1/1000000^(2i/64)
        bases.add(int(float(m.group(1))))
        dims.add(int(m.group(2)))
    for m in _FRAC_FREQ.finditer(text):   # and in LaTeX: 10000^{\frac{2}{128}}
        bases.add(int(m.group(1)))
        dims.add(int(m.group(2)))
    return sorted(bases), sorted(dims - {0})   # ("dim=0" is an axis, "d = 0" an index: no width)


#: a frequency written in LaTeX with its numbers: ``10000^{\frac{4}{128}}``, ``10000^{-\frac{2}{64}}``
_FRAC_FREQ = re.compile(r"(?<![\d.])(\d{3,})\^\{\s*-?\s*\\frac\{\s*\d+\s*\}\{\s*(\d+)\s*\}\s*\}")


#: a frequency written with its base and width as numbers: ``1/1000000^(2i/64)``, ``10000^{-2i/128}``
_LITERAL_FREQ = re.compile(r"(?<![\w.])(\d{3,}(?:\.0*)?)\s*\^\s*[({]?\s*-?\s*\(?\s*2\s*\*?\s*[ij]\s*\)?\s*/\s*(\d+)\s*[)}]")


def _rope_tables(text: str, lines: list[str]) -> list[Claim]:
    """Markdown tables of RoPE angles: index columns (``val``/``i``), radians and degrees."""
    if not re.search(r"rope|rotary|旋转位置", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    n = 0
    while n < len(lines):
        cells = _row(lines[n])
        if cells and n + 1 < len(lines) and re.fullmatch(r"\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*", lines[n + 1].strip()) \
                and not any(re.fullmatch(r"rad(?:ians?)?|弧度", c, re.I) for c in cells):
            # a table whose headers say nothing of radians: its columns of angles, found by their values
            body, j = _body(lines, n, cells)
            groups = _angle_columns(cells, body, bases, dims)
            if groups:
                out.extend(_rope_rows(body, groups, bases, dims, lines))
            n = max(j, n + 1)
            continue
        if not cells or not any(re.fullmatch(r"rad(?:ians?)?|弧度", c, re.I) for c in cells):
            n += 1
            continue
        groups = []   # (index col, rad col, deg col)
        for k, c in enumerate(cells):
            if re.fullmatch(r"rad(?:ians?)?|弧度", c, re.I):
                idx = next((j for j in range(k - 1, -1, -1) if re.fullmatch(r"val|i|index|2i|dim", cells[j], re.I)),
                           None)
                deg = k + 1 if k + 1 < len(cells) and re.fullmatch(r"deg(?:rees?)?|度|°", cells[k + 1], re.I) \
                    else None
                groups.append((idx, k, deg, cells[idx] if idx is not None else ""))
        body, j = _body(lines, n, cells)
        out.extend(_rope_rows(body, groups, bases, dims, lines))
        n = j
    return out


def _body(lines: list[str], n: int, cells: list[str]) -> tuple[list, int]:
    """The rows under the header on line ``n + 1`` (0-based ``n``) with as many cells, and the index
    after the table."""
    body, j = [], n + 1
    while j < len(lines) and lines[j].count("|") >= 2:
        r = _row(lines[j])
        if r and len(r) == len(cells) and not all(re.fullmatch(r":?-+:?", c) for c in r):
            body.append((j + 1, r))
        j += 1
    return body, j


def _angle_columns(cells, body, bases, dims) -> list[tuple]:
    """(index col, rad col, deg col or None, header) of each column of a table that holds the angles
    θ = base^(−val/dim) of the whole number just before it in four rows of five or more, under any header
    (``| c1 | c2 | c3 |`` for ``| val | rad | deg |``); the column after it holds degrees when it is θ·180/π
    in four rows of five."""
    out = []
    if not bases or not dims:
        return out
    for k in range(1, len(cells)):
        rows = [(r[k - 1], r[k]) for _, r in body]
        pairs = [(_entry(i, 0), _entry(t, 0)) for i, t in rows]
        pairs = [(i, t) for i, t in pairs if i is not None and t is not None and i.places == 0 and t.places]
        if len(pairs) < 3:
            continue
        fits = max((sum(_near(t, _theta(b, i, d, m)) for i, t in pairs), b, d, m)
                   for b in bases for d in dims for m in (1, 2))
        if fits[0] < 0.8 * len(pairs):
            continue
        deg = None
        if k + 1 < len(cells):
            with mpmath.workdps(_DPS):
                both = [(_entry(r[k], 0), _entry(r[k + 1], 0)) for _, r in body]
                both = [(t, g) for t, g in both if t is not None and g is not None and g.places]
                if both and sum(_near(g, _val(t) * 180 / mpmath.pi) for t, g in both) >= 0.8 * len(both):
                    deg = k + 1
        out.append((k - 1, k, deg, cells[k - 1]))
    return out


def _row(line: str) -> list[str] | None:
    if line.count("|") < 2:
        return None
    return [c.strip().strip("*` ").strip() for c in line.strip().strip("|").split("|")]


def _rope_rows(body, groups, bases, dims, lines) -> list[Claim]:
    # decide the reading of the index column by the values: theta = base^(-val/dim) or base^(-2i/d)
    best = None
    for base in bases:
        for dim in dims:
            for mult in (1, 2):
                score = total = 0
                for _, r in body:
                    for idx, rad, _, _ in groups:
                        e, v = _entry(r[rad], 0), _entry(r[idx], 0) if idx is not None else None
                        if e is None or v is None:
                            continue
                        total += 1
                        score += _near(e, _theta(base, v, dim, mult))
                if total and (best is None or score > best[0]):
                    best = (score, total, base, dim, mult)
    exact_theta = best is not None and best[0] >= 0.8 * best[1]
    out = []
    for ln, r in body:
        ents, vals, names = [], [], []
        for idx, rad, deg, name in groups:
            e = _entry(r[rad], ln)
            v = _entry(r[idx], ln) if idx is not None else None
            if e is None:
                continue
            theta = _theta(best[2], v, best[3], best[4]) if exact_theta and v is not None else None
            if theta is not None:
                ents.append(e), vals.append(theta), names.append(R("theta-at", name=name, value=r[idx]))
            dg = _entry(r[deg], ln) if deg is not None else None
            if dg is not None:
                with mpmath.workdps(_DPS):
                    src = theta if theta is not None else _val(e)
                    ents.append(dg), vals.append(src * 180 / mpmath.pi), names.append(R("degrees-of", rad=r[rad]))
        if not ents:
            continue
        degrees = R("degrees-formula")
        how = R("theta-and", theta=f"θ = {best[2]}^(-{'2·' if best[4] == 2 else ''}{groups[0][3] or 'i'}/{best[3]})",
                rest=degrees) if exact_theta else degrees
        out.append(_vector(ln, lines[ln - 1].strip(), R("rope-angles"), ents, vals, how, names=names))
    return out


def _theta(base, v: Entry, dim, mult):
    with mpmath.workdps(_DPS):
        return mpmath.power(base, -mult * _val(v) / dim)


_TRIG_LABEL = re.compile(r"(?<![A-Za-z])(cos|sin)(?![A-Za-z])\w*\s*=")


def _trig_blocks(text: str, blocks) -> list[Claim]:
    """Blocks named cos/sin (a RoPE cache): row t holds cos(t·θ_j) or sin(t·θ_j), with the
    frequencies of either pairing; decided by the values, judged only when one reading fits."""
    if not re.search(r"rope|rotary|旋转", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    groups: dict[tuple, list] = {}
    for b in blocks:
        lab = b.labels[0] if b.labels else ""
        m = _TRIG_LABEL.search(lab)
        if m:
            groups.setdefault((lab, b.line), []).append(b)
    for (lab, line), bs in groups.items():
        fname = _TRIG_LABEL.search(lab).group(1)
        f = mpmath.cos if fname == "cos" else mpmath.sin
        rows = [e for b in bs for e in b.rows]
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            continue
        fits = []
        for base in bases:
            for d in dims or [width]:
                if d != width or d % 2:
                    continue
                for pairing in ("interleaved", "halves"):
                    vals = [[f(t * mpmath.power(base, -mpmath.mpf(2 * (j // 2 if pairing == "interleaved"
                                                                         else j % (d // 2))) / d))
                             for j in range(width)] for t in range(len(rows))]
                    if all(_near(e, x) for r, vr in zip(rows, vals) for e, x in zip(r, vr)):
                        fits.append((base, d, pairing, vals))
        if not fits:
            continue
        base, d, pairing, vals = fits[0]
        ents = [e for r in rows for e in r]
        out.append(_vector(line, bs[0].source, f"{fname}(t·θ_i)", ents, [x for r in vals for x in r],
                           R("for-t", expr=f"{fname}(t·{base}^(-2i/{d}))", last=len(rows) - 1),
                           lines=[e.line for e in ents]))
    return out



_THETA_I = re.compile(r"(?:\\theta|θ)_\{?(\d+)\}?\s*(?:\$\s*)?=\s*(?:\$\s*)?(\d+(?:\.\d+)?)")
_PERIOD = re.compile(r"(?:约|about|~|≈)?\s*(\d+(?:\.\d+)?)\s*(万|[KkM])?\s*(?:个\s*)?tokens?", re.I)
_TURN = re.compile(r"转一圈|一圈|一周|周期|full (?:turn|rotation|circle|cycle)|one (?:turn|rotation|cycle)|period|"
                   r"wavelength|1周|한 바퀴", re.I)


def _rope_periods(text: str, lines: list[str]) -> list[Claim]:
    """``θ_15 = 0.001, a full turn every 6283 tokens``: θ_i = base^(−2i/d) with the base and d the article
    states (decided by the printed θ), and the period 2π/θ_i from the exact θ."""
    if not re.search(r"rope|rotary|旋转位置", text, re.I):
        return []
    bases, dims = _rope_base_dims(text)
    out = []
    for n, raw in enumerate(lines, 1):
        m = _THETA_I.search(raw)
        if not m:
            continue
        i, ent = int(m.group(1)), _entry(m.group(2), n)
        fits = [(b, d) for b in bases for d in dims if 2 * i < d and _near(ent, _theta_i(b, i, d))]
        if len({mpmath.nstr(_theta_i(b, i, d), 20) for b, d in fits}) != 1:
            continue   # no reading, or readings that disagree: not decided
        base, d = fits[0]
        th = _theta_i(base, i, d)
        how = f"θ_{i} = {base}^(-2·{i}/{d})"   # (a formula)
        out.append(_scalar(n, raw.strip(), f"θ_{i}", ent, [(th, "")], how))
        p = _PERIOD.search(raw, m.end())
        if not p or not _TURN.search(raw):
            continue
        mult = {"万": 10 ** 4, "k": 10 ** 3, "m": 10 ** 6}.get((p.group(2) or "").lower(), 1)
        pe_ = _entry(p.group(1), n)
        with mpmath.workdps(_DPS):
            period = 2 * mpmath.pi / th / mult
            from_printed = 2 * mpmath.pi / _val(ent) / mult
        how2 = R("period-in-units", i=i, how=how, units=p.group(2)) if mult > 1 else R("period", i=i, how=how)
        c = _scalar(n, raw.strip(), R("tokens-per-turn", i=i), pe_, [(period, "")], how2, loose_int=True,
                    suffix=p.group(2) or "")
        if c.status == "wrong" and _near(pe_, from_printed, True):
            c = replace(c, cause="drift", mistakes=(R("rounded-early"),),
                        reason=R("reasons", items=[c.reason, R("follows-rounded", name=f"θ_{i}", value=m.group(2))]))
        out.append(c)
    return out


def _theta_i(base, i, d):
    with mpmath.workdps(_DPS):
        return mpmath.power(base, -mpmath.mpf(2 * i) / d)



# --------------------------------------------------------------------------- direction of a rotation

_CCW = re.compile(r"counter[- ]?clockwise|anti[- ]?clockwise|逆时针|反時計回り|반시계", re.I)
_CW = re.compile(r"(?<![-\w])clockwise|顺时针|(?<!反)時計回り|(?<!반)시계\s*방향", re.I)


#: the other direction, in the words the article uses (what --fix writes in its place)
_OPPOSITE = {"counter-clockwise": "clockwise", "counterclockwise": "clockwise", "counter clockwise": "clockwise",
             "anti-clockwise": "clockwise", "anticlockwise": "clockwise", "anti clockwise": "clockwise",
             "clockwise": "counter-clockwise", "逆时针": "顺时针", "顺时针": "逆时针", "反時計回り": "時計回り",
             "時計回り": "反時計回り", "반시계": "시계"}


def _opposite(word: str) -> str:
    """``clockwise`` → ``counter-clockwise``, ``顺时针`` → ``逆时针``, ``Clockwise`` → ``Counter-clockwise``."""
    key = re.sub(r"\s+", " ", word.lower())
    if key.startswith("시계"):
        return "반시계 방향"
    other = _OPPOSITE.get(key, word)
    return other[:1].upper() + other[1:] if word[:1].isupper() else other


def _directions(lines: list[str]) -> list[Claim]:
    """"rotates [1, 0] to [0.54, 0.84], i.e. clockwise": the sign of the cross product v × w of the
    printed vectors (or the sign pattern of a printed rotation matrix) against the word."""
    out = []
    for n, raw in enumerate(lines, 1):
        ccw, cw = _CCW.search(raw), _CW.search(raw)
        if bool(ccw) == bool(cw) or re.search(r"\bnot\b|不是|ではなく|아니", raw, re.I):
            continue
        said = "counter-clockwise" if ccw else "clockwise"
        vecs = []
        for m in _BRACKET.finditer(raw):
            parts = [_entry(p.strip(), n) for p in m.group(1).split(",")]
            if len(parts) == 2 and all(parts):
                vecs.append((m.group(0), [_val(p) for p in parts]))
        how = ""
        if len(vecs) == 2:
            (ta, (a0, a1)), (tb, (b0, b1)) = vecs
            cross = a0 * b1 - a1 * b0
            if abs(cross) < mpmath.mpf("1e-6"):
                continue
            right = "counter-clockwise" if cross > 0 else "clockwise"
            how = R("cross-product", a=ta, b=tb, cross=mpmath.nstr(cross, 4))
        else:
            m = re.search(r"\\?cos\s*\\?(\w+)\s*&\s*(-?)\s*\\?sin\s*\\?\w+\s*\\\\\s*(-?)\s*\\?sin", raw)
            if not m or bool(m.group(2)) == bool(m.group(3)) or \
                    re.search(r"-\s*\\?(?:theta|θ)|negative|transpose|inverse|\^\{?(?:T|-1|\\top)", raw):
                continue
            right = "counter-clockwise" if m.group(2) else "clockwise"
            how = R("matrix-turns", matrix=f"[[cos, {'-' if m.group(2) else ''}sin], [{'-' if m.group(3) else ''}sin, cos]]")
        word = (ccw or cw).group(0)
        if right == said:
            out.append(stated(n, raw.strip(), "exact", R("direction-of-rotation"),
                              R("rotation-is", right=R(right), how=how), claimed=word, expected=right))
        else:
            out.append(stated(n, raw.strip(), "wrong", R("direction-of-rotation"),
                              R("rotation-called", said=R(said), right=R(right), how=how), claimed=word, expected=right,
                              entries=[{"entry": R("direction"), "line": n, "claimed": word, "exact": right,
                                        "correct": _opposite(word)}]))
    return out
