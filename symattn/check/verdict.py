"""The one verdict builder: every claim of the report is made here.

Input: what a stage found: printed numbers with the exact values they claim (:func:`judged`), or a
statement with its status (:func:`stated`), or a place that cannot be checked (:func:`unverifiable`).
Output: a :class:`~symattn.check.claims.Claim` whose reason is a code with its data.  The numbers are
judged by the one precision rule (:func:`symattn.check.judge.verdict`); the wrong ones get their right
value in the author's notation; a claim whose every wrong entry was cut off is diagnosed ``truncated``.

>>> from symattn.check.numerals import read
>>> import mpmath
>>> c = judged(3, "a = 0.46", "a", [[read("0.46")]], [[mpmath.mpf("0.4519")]], how="a_{11}")
>>> c.status, c.entries[0]["correct"], c.detail
('wrong', '0.45', 'the exact value of a_{11} differs: printed 0.46, should be 0.45')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import sympy as sp
from sympy.printing.str import StrPrinter

from .claims import Claim, Reason
from . import memo, numerals
from .judge import irrational, noise_floor, read_at, right_text, round_zeros, verdict
from .ir import Name, Node, Op

__all__ = ["Judgement", "judged", "judged_entries", "approx", "build", "stated", "unverifiable", "show", "short", "texts_out", "what_of",
           "LISTED"]

#: wrong entries listed in a reason (the rest are counted)
LISTED = 2
#: significant digits of a value shown in a reason
_SHOWN = 8


@dataclass(frozen=True)
class Judgement:
    """One printed number against its exact value."""
    index: tuple[int, int]     # (row, column) in the printed block
    label: str                 # how the report names the entry ("[1,2]", "sum", "θ_15")
    text: str                  # as printed
    line: int | None           # where it is printed (None: where the claim's block puts it, see merge)
    col: int | None            # its column on that line (None when not known)
    exact: str                 # the exact value, as the report shows it
    status: str                # exact, rounded or wrong
    reason: str                # why (judge.Agreement.reason: "truncated", "noise", "")
    correct: str               # the exact value in the author's notation
    approx: str = ""           # the exact value's digits, when it is not a plain number (e^{1/2}/(e^{1/2}+2))
    value: object = None       # the exact value as mpmath, when known (to show more digits than printed)


def judged(line: int, source: str, what, printed, exact, *, how=None, expected=None, lines=None,
           cause: str = "slip", root: int | None = None, mistakes=(), places=None, slack=None, names=None,
           rows=None, drift_lines=(), inputs=False, cols=None, notes=(), values=None) -> Claim:
    """A claim on printed numbers against the exact values they claim.

    ``printed`` and ``exact``: rows of numbers (:class:`~symattn.check.numerals.Number`; mpmath or
    SymPy values).  ``places``: a precision to read integers at (see :func:`symattn.check.judge.verdict`);
    ``slack``: rows of extra tolerance; ``names``: the label of each entry (else ``[i,j]``, with ``rows``
    the row numbers to show); ``cols``: each entry's column on its line, for --fix; ``values``: the
    exact values already evaluated (mpmath), when the stage has them.  The rest as in :func:`build`."""
    found = []
    shown = _shown(exact)    # each exact value printed once (SymPy's printer is the costly part)
    xvs = [[values[i][j] if values is not None else _number(x) for j, x in enumerate(xrow)]
           for i, xrow in enumerate(exact)]
    floor = noise_floor([x for r in xvs for x in r])
    for i, (prow, xrow) in enumerate(zip(printed, exact)):
        for j, (p, x) in enumerate(zip(prow, xrow)):
            xv = xvs[i][j]
            at = _places(places, p)
            if at is None and p.places == 0 and isinstance(x, sp.Basic) and \
                    irrational(x):
                at = 0   # an integer printed for an irrational value can only be its rounding
            a = verdict(p, xv, at, slack[i][j] if slack else 0, floor)
            label = names[i][j] if names else f"[{(rows[i] if rows else i) + 1},{j + 1}]"
            found.append(Judgement((i, j), label, p.text, getattr(p, "line", 0) or line,
                                   cols[i][j] if cols else None, shown[i][j], a.status, a.reason,
                                   right_text(p, xv, at), approx(x, xv, shown[i][j]), xv))
    texts = [[p.text for p in r] for r in printed]
    return build(line, source, what, texts, found, how=how, lines=lines, cause=cause, root=root,
                 mistakes=mistakes, drift_lines=drift_lines, inputs=inputs, notes=notes,
                 expected=expected if expected is not None else shown)


def build(line: int, source: str, what, texts, found: list[Judgement], *, how=None, expected=None, lines=None,
          cause: str = "slip", root: int | None = None, mistakes=(), drift_lines=(), inputs=False,
          notes=()) -> Claim:
    """The claim from its judgements.  ``how``: where the exact values come from (a formula as written,
    or a Reason).  ``cause`` and ``root``: why a wrong claim is wrong (``slip``; ``carried`` from the
    slip on line ``root``; ``drift``, right from the rounded values on ``drift_lines``); ``inputs``:
    say that the values come from the article's inputs."""
    wrong = [f for f in found if f.status == "wrong"]
    status = "wrong" if wrong else "rounded" if any(f.status == "rounded" for f in found) else "exact"
    claim = Claim(line, source, status, texts, expected, what=what, lines=sorted(set(lines or [line])),
                  notes=list(notes))
    if not wrong:
        sample = next((f for f in found if f.status == "rounded" and not f.reason),
                      next((f for f in found if f.status == "rounded"), None))
        if sample is None:
            return _replace(claim, reason=Reason.of("agrees-exactly", how=how or what))
        return _replace(claim, reason=_rounded(how or what, sample, found))
    entries = []
    for f in wrong:
        entry = {"entry": f.label, "claimed": f.text, "exact": f.exact, "correct": f.correct}
        if f.line is not None:
            entry["line"] = f.line
        if f.col is not None:
            entry["col"] = f.col
        entries.append(entry)
    listing = Reason.of("entries", items=[_fix(f, len(found) > 1) for f in wrong[:LISTED]])
    if len(entries) > LISTED:
        listing = Reason.of("entries-more", items=listing, n=len(entries) - LISTED)
    if cause == "carried":
        reason = Reason.of("carried", how=how or what, root=root, listing=listing)
    elif cause == "drift":
        reason = Reason.of("drift", how=how or what, lines=list(drift_lines), listing=listing)
        mistakes = tuple(mistakes) or (Reason.of("rounded-early"),)
    else:
        reason = Reason.of("differs-inputs" if inputs else "differs", how=how or what, k=len(wrong), n=len(found),
                           listing=listing)
    if not mistakes and all(f.reason == "truncated" for f in wrong):
        mistakes = (Reason.of("truncated"),)
    return _replace(claim, reason=reason, entries=entries, mistakes=tuple(mistakes), cause=cause,
                    root=root if cause == "carried" else None,
                    wrong_lines=sorted({e["line"] for e in entries if "line" in e}))


def _rounded(how, sample: Judgement, found) -> Reason:
    """Agrees at the printed precision: the decimals printed, and one entry as an example, its exact
    value shown to more digits than printed (so that the rounding shows); an entry that agrees only
    within a program's float noise says so."""
    # (a number in scientific notation, 18.4e9, is rounded at its significant digits, not at decimals)
    places = sorted({p for p in (numerals.places_of(f.text) for f in found if f.status == "rounded" and
                                 not (f.text and (round_zeros(numerals.read(f.text)) or _scientific(f.text))))
                     if p is not None})
    said = Reason.of("one-decimal") if places == [1] else Reason.of("decimals", places=places) if places \
        else Reason.of("significant")
    data = dict(how=how, places=said) | (dict(entry=_index_of(sample)) if len(found) > 1 else {})
    suffix = "-entry" if len(found) > 1 else ""
    digits = sample.approx
    if digits and sample.value is not None:
        printed = len(re.sub(r"\D", "", sample.text).lstrip("0"))
        digits = short(sample.value, max(_SHOWN, printed + 2))
    if sample.reason == "operands":
        return Reason.of("agrees-operands" + suffix, **data, exact=sample.exact, approx=digits or sample.exact,
                         printed=sample.text)
    if sample.reason == "noise":
        return Reason.of("agrees-noise" + suffix, **data, exact=sample.exact, approx=digits or sample.exact,
                         printed=sample.text)
    if digits:
        return Reason.of("agrees-rounded" + suffix, **data, exact=sample.exact, approx=digits, printed=sample.text)
    return Reason.of("agrees-rounded-plain" + suffix, **data, exact=sample.exact, printed=sample.text)


def _scientific(text: str) -> bool:
    number = numerals.read(text)
    return number is not None and number.scientific


def _index_of(f: Judgement):
    """An entry of a named block by its place ([1,2]: the claim names the block); else its label."""
    label = f.label
    if isinstance(label, str) and label.endswith("]") and "[" in label:
        return label[label.rindex("["):]
    return label


def _fix(f: Judgement, named: bool) -> Reason:
    """One wrong entry (``named``: among others, so it says which): printed, the right value in the
    author's notation, and the exact value."""
    data = dict(entry=_index_of(f)) if named else {}
    if f.approx:
        return Reason.of("entry-fix-exact" if named else "value-fix-exact", **data, printed=f.text,
                         correct=f.correct, exact=f.exact, approx=f.approx)
    return Reason.of("entry-fix" if named else "value-fix", **data, printed=f.text, correct=f.correct)


def judged_entries(block, what, checks, how, cause: str = "slip", root: int | None = None) -> Claim:
    """A claim on some entries of a printed block (a :class:`~symattn.check.read.Block`): ``checks``
    is [(i, j, entry, exact mpf, slack)] for every judged entry; the others are shown as printed.
    An integer among the block's decimals is read at their precision."""
    wide = max((e.places or 0) for r in block.rows for e in r)
    expected = [[e.text for e in r] for r in block.rows]
    found = []
    for i, j, e, x, s in checks:
        expected[i][j] = _mp_text(x)
        a = verdict(e, x, read_at(e, wide) if e.places == 0 and wide else None, s)
        found.append(Judgement((i, j), Reason.of("entry-of", what=what, entry=f"[{i + 1},{j + 1}]"), e.text,
                               e.line, None, _mp_text(x), a.status, a.reason, right_text(e, x)))
    return build(block.line, block.source, what, [[e.text for e in r] for r in block.rows], found, how=how,
                 expected=expected, lines=sorted({e.line for r in block.rows for e in r}), cause=cause, root=root)


def _mp_text(x) -> str:
    """An mpmath value as the report's ``expected`` shows it (SymPy's ``oo`` for infinity)."""
    if mpmath.isinf(x):
        return "-oo" if x < 0 else "oo"
    return mpmath.nstr(x, 15)


def stated(line: int, source: str, status: str, what, reason: Reason, *, claimed=None, expected=None,
           entries=(), lines=None, cause: str = "", root: int | None = None, mistakes=(), notes=()) -> Claim:
    """A claim that is not a printed number against its value (a shape, a direction, a property): the
    stage decided its status; here it gets its reason and its place."""
    entries = [dict(e) for e in entries]
    claim = Claim(line, source, status, claimed, expected, reason, what, entries=entries, notes=list(notes),
                  mistakes=tuple(mistakes), lines=sorted(set(lines or [line])))
    if status == "wrong":
        claim = _replace(claim, cause=cause or "slip", root=root,
                         wrong_lines=sorted({e.get("line", line) for e in entries}) or claim.lines)
    return claim


def unverifiable(line: int, source: str, reason: Reason, *, what="", claimed=None, lines=None) -> Claim:
    """A place that cannot be checked, and why."""
    return Claim(line, source, "unverifiable", claimed, None, reason, what, lines=sorted(set(lines or [line])))


def _replace(claim: Claim, **changes) -> Claim:
    from dataclasses import replace
    return replace(claim, **changes)


def _places(places, p):
    """The precision an integer among decimals is read at (``places``: the block's decimals): numpy's
    ``1.`` at the block's, a plain ``2`` at ±0.5 (see :func:`symattn.check.judge.read_at`)."""
    if places is None or p.places != 0:
        return None
    return read_at(p, places)


def _number(x):
    """An exact value (SymPy, or a Python number) as mpmath (±inf kept)."""
    if isinstance(x, (mpmath.mpf, float)):
        return mpmath.mpf(x)
    if isinstance(x, (int, Fraction)):
        x = sp.Rational(x)
    elif not isinstance(x, sp.Basic):
        raise TypeError(f"not an exact value: {type(x).__name__}")
    if x in (sp.oo, -sp.oo):
        return mpmath.inf if x == sp.oo else -mpmath.inf
    v = memo.mpf(x, 60)
    return v if v is not None else mpmath.mpf(sp.N(x, 60))


def approx(x, value=None, text: str | None = None) -> str:
    """The digits of an exact value not written as a decimal (``e^{1/2}/(2 + e^{1/2})`` ≈ 0.45186276,
    ``1/3`` ≈ 0.33333333), else empty; ``value`` and ``text``: its value and its text, when known."""
    if isinstance(x, sp.Basic) and x.free_symbols:
        return ""     # a symbolic value (c_1) has no digits
    text = _exact_text(x) if text is None else text
    value = _number(x) if value is None else value
    if mpmath.isinf(value):
        return ""
    digits = short(value)
    with mpmath.workdps(40):
        plain = mpmath.mpf(digits) == value    # 2/5 is 0.4: its digits say nothing new
    return "" if digits == text or plain else digits


def _exact_text(x) -> str:
    return short(x) if isinstance(x, mpmath.mpf) else text_of(x)


def text_of(x) -> str:
    """str() of an exact value, as SymPy prints it (once per article: the printer is slow)."""
    if not isinstance(x, sp.Basic):
        return str(x)
    return memo.once("str", x, lambda: _Parts({"order": None}).doprint(x))


class _Parts(StrPrinter):
    """SymPy's ``str()`` printer that prints each part of an expression once per article: the
    entries of a softmax row share their denominator, and ordering its terms is the printer's
    costly step.  The same text as ``str()``: a part prints the same wherever it stands, except a
    Float, whose trailing zeros only the top level keeps (hence the level in the key)."""

    def _print(self, expr, **kwargs):
        if kwargs or not isinstance(expr, sp.Basic):
            return super()._print(expr, **kwargs)
        return memo.once("str-part", (expr, self._print_level == 0), lambda: super(_Parts, self)._print(expr))


def _shown(exact):
    return [[_exact_text(x) for x in r] for r in exact]


def short(x, digits: int = _SHOWN) -> str:
    """A number at a sane length: at most ``digits`` significant digits, e-notation for the very
    large and the very small (``1.11e+307``), never hundreds of digits.

    >>> short(mpmath.mpf(2) / 3), short(mpmath.mpf("1.11e307")), short(mpmath.mpf(4080))
    ('0.66666667', '1.11e+307', '4080')
    """
    x = _number(x)
    if mpmath.isinf(x):
        return "-∞" if x < 0 else "∞"
    if x == 0:
        return "0"
    if mpmath.isint(x) and abs(x) < 10 ** digits:
        return str(int(x))
    if 10 ** -4 <= abs(x) < 10 ** digits:
        return mpmath.nstr(x, digits, strip_zeros=True)
    return mpmath.nstr(x, min(digits, 3), min_fixed=1, max_fixed=0)


def show(value):
    """A value for the report: str() of SymPy (which sympify reads back), rows for matrices."""
    if isinstance(value, sp.MatrixBase):
        return [[text_of(value[i, j]) for j in range(value.cols)] for i in range(value.rows)]
    return text_of(value)


def texts_out(texts):
    return [list(r) for r in texts] if isinstance(texts, tuple) else texts


def what_of(node: Node) -> str:
    if isinstance(node, Name):
        return node.raw
    if isinstance(node, Op) and node.op == "T" and isinstance(node.args[0], Name):
        return node.args[0].raw + "ᵀ"
    return ""
