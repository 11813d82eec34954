"""Exact row softmax in a canonical form, without ``simplify()``.

For a row of scaled scores z_1..z_n the weights are e^{z_j} / Σ_k e^{z_k}.  The
canonical exact form:

1. shift every exponent by the row *minimum*, so all exponents are ≥ 0 and one is 0
   (multiplying top and bottom by e^{-min} changes nothing);
2. group equal exponents: e^{1/2} + e^0 + e^0 becomes e^{1/2} + 2;
3. cancel common factors between numerator and denominator.

So [1, 1/2, 1/2] gives e^{1/2}/(e^{1/2}+2) and 1/(e^{1/2}+2), where SymPy's own
``simplify`` returns e/(e + 2e^{1/2}).

Numeric code does the opposite shift, by the row *maximum*, so that every exponent
is ≤ 0 and ``exp`` cannot overflow: the same cancellation, used for safety instead
of readability.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, reduce

import sympy as sp

__all__ = ["ExpSum", "SoftmaxRow", "softmax_row", "exp_term", "ratio", "canonical", "canonical_steps"]


@dataclass(frozen=True)
class ExpSum:
    """Σ c_i e^{x_i} with distinct exponents, largest exponent first.

    >>> ExpSum.collect([(sp.Rational(1, 2), 1), (0, 1), (0, 1)]).expr()
    exp(1/2) + 2
    """

    terms: tuple[tuple[sp.Expr, sp.Expr], ...]  # (exponent, coefficient), no zero coefficients

    @classmethod
    def collect(cls, pairs) -> "ExpSum":
        acc: dict[sp.Expr, sp.Expr] = {}
        for x, c in pairs:
            x, c = _basic(x), _basic(c)
            acc[x] = acc[x] + c if x in acc else c  # dicts keep first-seen order
        kept = [(x, c if c.is_Rational else sp.expand(c)) for x, c in acc.items()]
        kept = [(x, c) for x, c in kept if c != 0]
        return cls(tuple(sorted(kept, key=_exponent_key)))

    # expr(), content() and scale() are asked again for every entry of a row with
    # the same denominator: each is kept on the (immutable) instance once computed.
    def expr(self) -> sp.Expr:
        memo = self.__dict__
        if "_expr" not in memo:
            memo["_expr"] = sp.Add(*(_term(c, x) for x, c in self.terms))
        return memo["_expr"]

    def content(self) -> tuple[int, int] | None:
        """(gcd of numerators, lcm of denominators) of rational coefficients, else None."""
        memo = self.__dict__
        if "_content" not in memo:
            cs = [c for _, c in self.terms]
            memo["_content"] = (reduce(sp.igcd, [c.p for c in cs]), reduce(sp.ilcm, [c.q for c in cs])) \
                if cs and all(c.is_Rational for c in cs) else None
        return memo["_content"]

    def scale(self, factor) -> "ExpSum":
        memo = self.__dict__.setdefault("_scaled", {})
        if factor not in memo:
            memo[factor] = ExpSum(tuple((x, sp.expand(c * factor)) for x, c in self.terms))
        return memo[factor]


def _basic(v) -> sp.Basic:
    return v if isinstance(v, sp.Basic) else sp.sympify(v)


def _exponent_key(term):
    return _order_key(term[0])


@lru_cache(maxsize=65536)
def _order_key(x):
    """Largest exponent first; every entry of a row asks for the same exponents."""
    if x.is_number:
        return (0, -float(x.evalf(30)), sp.default_sort_key(x))
    return (1, 0.0, sp.default_sort_key(x))


def exp_term(x) -> sp.Expr:
    """e^{x}, with e^{0} = 1 and e^{1} = E as SymPy writes them."""
    return sp.exp(x)


@lru_cache(maxsize=65536)
def _term(c, x) -> sp.Expr:
    """c e^{x}; the same few (value, exponent) pairs recur in every output entry of a row."""
    return c * exp_term(x)


@dataclass(frozen=True)
class SoftmaxRow:
    """One row of the canonical softmax."""

    shift: sp.Expr                  # m, subtracted from every exponent (the row minimum)
    exponents: tuple[sp.Expr, ...]  # z_j - m for each column, all ≥ 0 when numeric
    denominator: ExpSum             # Σ_k e^{z_k - m}, equal exponents grouped

    def weight(self, j: int) -> sp.Expr:
        """The exact weight of column j in canonical form."""
        return ratio(ExpSum(((self.exponents[j], sp.S.One),)), self.denominator)

    def weights(self) -> tuple[sp.Expr, ...]:
        return tuple(self.weight(j) for j in range(len(self.exponents)))

    def combine(self, values) -> sp.Expr:
        """Σ_j weight_j · values_j over the common denominator (one output entry)."""
        top = ExpSum.collect(zip(self.exponents, values))
        return ratio(top, self.denominator)


def _row_minimum(row: list[sp.Expr]) -> sp.Expr | None:
    """The exact minimum of a numeric row, or None if the row is symbolic."""
    if all(z.is_Rational for z in row):
        return min(row)
    if any(z.free_symbols for z in row) or not all(z.is_real is not False for z in row):
        return None
    approx = [z.evalf(50) for z in row]
    return row[min(range(len(row)), key=lambda j: approx[j])]


def softmax_row(row) -> SoftmaxRow:
    """Canonical softmax of one row of scaled scores.

    >>> r = softmax_row([1, sp.Rational(1, 2), sp.Rational(1, 2)])
    >>> r.weights()
    (exp(1/2)/(exp(1/2) + 2), 1/(exp(1/2) + 2), 1/(exp(1/2) + 2))
    >>> softmax_row([1, 1, 1]).weights()
    (1/3, 1/3, 1/3)
    """
    row = [sp.sympify(z) for z in row]
    m = _row_minimum(row)
    if m is None:
        m = sp.S.Zero
        exps = tuple(row)
    else:
        exps = tuple(_exact_difference(z, m) for z in row)
    return SoftmaxRow(m, exps, ExpSum.collect((x, 1) for x in exps))


def _exact_difference(z, m):
    d = z - m
    if d.is_Rational:
        return d
    d = sp.expand(d)
    if _nonzero_product(d):
        return d
    # Differences that are exactly zero but not syntactically so (sqrt(8)/2 - sqrt(2)).
    if d != 0 and abs(d.evalf(50)) < sp.Float("1e-40") and d.equals(0):
        return sp.S.Zero
    return d


def _nonzero_product(d) -> bool:
    """True for q·r_1·r_2… with rational q ≠ 0 and radicals r of positive rationals,
    such as 3*sqrt(2)/4: plainly not zero, no numeric test needed."""
    factors = sp.Mul.make_args(d)
    return all(f.is_Rational or (f.is_Pow and f.base.is_Rational and f.base > 0 and f.exp.is_Rational)
               for f in factors) and d != 0


def _lowest(xs):
    """The smallest of numeric exponents, None if one is symbolic."""
    if any(not x.is_number for x in xs):
        return None
    return max(xs, key=_order_key)  # _order_key puts the largest first


def _common_factor_out(top: ExpSum, bottom: ExpSum) -> tuple[ExpSum, ExpSum]:
    """Cancel a common polynomial factor: with every exponent a whole multiple k of one g, a sum
    Σ c e^{kg} is a polynomial in t = e^{g}, and (3e^{a} + 3)/(e^{2a} + 2e^{a} + 1) is 3/(e^{a} + 1).

    >>> a = sp.sqrt(2) / 2
    >>> top, bottom = _common_factor_out(ExpSum.collect([(a, 3), (0, 3)]), ExpSum.collect([(2 * a, 1), (a, 2), (0, 1)]))
    >>> top.expr(), bottom.expr()
    (3, 1 + exp(sqrt(2)/2))
    """
    # one term on top (a weight) shares no factor with a bottom that holds e^{0}; symbolic coefficients
    # (a symbolic V) are left as they are: a polynomial gcd over them costs more than it shows
    if len(top.terms) < 2 or len(bottom.terms) < 2 or not all(c.is_Rational for _, c in top.terms + bottom.terms):
        return top, bottom
    g = _unit([x for x, _ in top.terms + bottom.terms])
    if g is None:
        return top, bottom
    t = sp.Dummy("t")
    poly = lambda s: sp.Poly.from_dict({(int(x / g),): c for x, c in s.terms}, t, domain="QQ")  # noqa: E731
    num, den = poly(top), poly(bottom)
    common = num.gcd(den)
    if common.degree() < 1:
        return top, bottom
    num, den = num.exquo(common), den.exquo(common)
    back = lambda p: ExpSum.collect((g * k, sp.Rational(c)) for (k,), c in p.terms())  # noqa: E731
    return back(num), back(den)


def _unit(xs) -> sp.Expr | None:
    """g > 0 with every exponent in ``xs`` a whole multiple k·g, 0 ≤ k ≤ limits.CANCEL_MAX_POWER; else None.

    >>> _unit([sp.sqrt(2), sp.sqrt(2) / 2, sp.S.Zero]), _unit([sp.Rational(3, 2), sp.S.One]), _unit([sp.sqrt(2), sp.S.One])
    (sqrt(2)/2, 1/2, None)
    """
    nonzero = [x for x in xs if x != 0]
    if not nonzero or any(not x.is_number or x.free_symbols for x in xs):
        return None
    ratios = [x / nonzero[0] for x in nonzero]
    if not all(q.is_Rational for q in ratios):
        return None
    lcm = reduce(sp.ilcm, [q.q for q in ratios])
    gcd = reduce(sp.igcd, [abs(q.p) * (lcm // q.q) for q in ratios])
    g = abs(nonzero[0]) * gcd / lcm
    ks = [x / g for x in xs]
    from . import limits
    if not all(k.is_Integer and 0 <= k <= limits.CANCEL_MAX_POWER for k in ks):
        return None
    return g


def ratio(top: ExpSum, bottom: ExpSum) -> sp.Expr:
    """top/bottom in lowest terms: a single-term bottom divides out, proportional
    sums become their constant ratio, and a common rational content cancels.

    >>> half = sp.Rational(1, 2)
    >>> b = ExpSum.collect([(half, 1), (0, 2)])
    >>> ratio(ExpSum.collect([(half, 2), (0, 4)]), b)
    2
    >>> ratio(ExpSum.collect([(half, 3), (0, 1)]), b)
    (1 + 3*exp(1/2))/(exp(1/2) + 2)
    """
    if not top.terms:
        return sp.S.Zero
    if len(bottom.terms) == 1:
        x0, c0 = bottom.terms[0]
        low = _lowest([x for x, _ in top.terms])
        if low is None or _order_key(x0) >= _order_key(low):  # every exponent ≥ 0 once divided
            return ExpSum.collect((x - x0, c / c0) for x, c in top.terms).expr()
        # as the weights are written: exponents ≥ 0 on top, the rest below (2/e^{a}, not 2e^{-a})
        return ExpSum.collect((x - low, c / c0) for x, c in top.terms).expr() / exp_term(x0 - low)
    if [x for x, _ in top.terms] == [x for x, _ in bottom.terms]:
        k = sp.cancel(top.terms[0][1] / bottom.terms[0][1])
        if all(sp.expand(c - k * d) == 0 for (_, c), (_, d) in zip(top.terms, bottom.terms)):
            return k
    top, bottom = _common_factor_out(top, bottom)
    if len(bottom.terms) == 1:
        return ratio(top, bottom)
    top_content, bottom_content = top.content(), bottom.content()
    if top_content and bottom_content:
        g = sp.Rational(sp.igcd(top_content[0], bottom_content[0]),
                        sp.ilcm(top_content[1], bottom_content[1]))
        if g != 1:
            top, bottom = top.scale(1 / g), bottom.scale(1 / g)
    return top.expr() / bottom.expr()


def canonical(e):
    """An exact value in the weights' form, so that neighbours in a matrix look alike: exponents ≥ 0
    (2e^{-1/2} and e^{-1/2} are 2/e^{1/2} and 1/e^{1/2}), equal ones grouped, common factors cancelled.
    A value with no e^{x} of negative x is returned as it is (the forms built by softmax_row are).

    >>> half = sp.Rational(1, 2)
    >>> canonical(2 * sp.exp(-half)), canonical(1 + sp.exp(-half)), canonical(sp.exp(half) / 3)
    (2*exp(-1/2), (1 + exp(1/2))*exp(-1/2), exp(1/2)/3)
    """
    if not isinstance(e, sp.Expr) or e.is_Rational or not e.is_number or not _has_negative_exponent(e):
        return e
    num, den = sp.fraction(sp.together(e))
    top, bottom = _exp_sum(num), _exp_sum(den)
    if top is None or bottom is None:
        return e
    return ratio(top, bottom)


def _has_negative_exponent(e) -> bool:
    return any(a.args[0].is_number and a.args[0].is_negative for a in e.atoms(sp.exp))


def _exp_sum(e) -> ExpSum | None:
    """e as Σ c e^{x} (c free of e^{·}), or None when it is not of that form."""
    pairs = []
    for term in sp.Add.make_args(sp.expand(e)):
        exps = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.exp)]
        if len(exps) > 1:
            return None
        x = exps[0].args[0] if exps else sp.S.Zero
        c = term / exps[0] if exps else term
        if c.has(sp.exp):
            return None
        pairs.append((x, c))
    return ExpSum.collect(pairs)


def canonical_steps(derivation):
    """The derivation with every step's exact value, and the last side of its written-out entry,
    in canonical form."""
    from dataclasses import replace

    def step(s):
        if not isinstance(s.exact, sp.MatrixBase) or not any(
                isinstance(e, sp.Expr) and e.is_number and e.has(sp.exp) for e in s.exact):
            return s
        exact = s.exact.applyfunc(canonical)
        if exact == s.exact:
            return s
        expanded = s.expanded
        if expanded and isinstance(expanded[-1], sp.Expr) and expanded[-1].is_number:
            expanded = expanded[:-1] + (canonical(expanded[-1]),)
        return replace(s, exact=sp.ImmutableMatrix(exact), expanded=expanded)
    return replace(derivation, steps=tuple(step(s) for s in derivation.steps))
