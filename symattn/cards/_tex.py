"""LaTeX for card formulas: symattn's printer, ordered for reading, in the deck's token order."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import sympy as sp

from ..numeric import fixed, to_mpf
from ..printing import Printer

__all__ = ["tex", "approx", "sci", "shape", "CardPrinter", "token_order", "example_name"]

_ARTICLE = ("我", "爱", "你")
#: the tokens of the example a deck is built on: sums over them print in this order
_ORDER: ContextVar[tuple[str, ...]] = ContextVar("symattn_card_tokens", default=_ARTICLE)


@contextmanager
def token_order(tokens):
    """Print sums of token-labelled terms (v_我 + v_爱) in the order of these tokens."""
    reset = _ORDER.set(tuple(tokens))
    try:
        yield
    finally:
        _ORDER.reset(reset)


class CardPrinter(Printer):
    r"""The document printer, with terms ordered as a textbook reads them.

    A sum that SymPy would start with a minus starts with its first positive term instead, and a
    product built unevaluated in a deliberate order keeps it, so an argument built as (n - m)θ reads so:

    >>> m, n, th, p, q = sp.symbols("m n theta p_i p_j")
    >>> CardPrinter().doprint(sp.Mul(sp.Add(n, -m), th, evaluate=False))
    '\\left(n - m\\right) \\theta'
    >>> CardPrinter().doprint(p * (sp.KroneckerDelta(sp.Symbol("i"), sp.Symbol("j")) - q))
    'p_{i} \\left(\\delta_{i j} - p_{j}\\right)'
    >>> CardPrinter().doprint(sp.E - 1), CardPrinter().doprint(sp.Symbol("d") ** 2 - 2 * sp.Symbol("d") + 1)
    ('e - 1', 'd^{2} - 2 d + 1')
    """

    def _as_ordered_terms(self, expr, order=None):
        terms = list(super()._as_ordered_terms(expr, order=order))
        if terms and terms[0].could_extract_minus_sign():
            first = next((k for k, t in enumerate(terms) if not t.could_extract_minus_sign()), None)
            if first is not None:
                terms.insert(0, terms.pop(first))
        return terms

    def _print_Mul(self, expr):
        """A product built unevaluated in a deliberate order ((n - m)θ) keeps it; SymPy's own order otherwise."""
        from functools import cmp_to_key
        args = list(expr.args)
        if len(args) > 1 and args != sorted(args, key=cmp_to_key(sp.Basic.compare)) and \
                all(a.is_Symbol or isinstance(a, sp.Add) for a in args):
            return " ".join(r"\left(%s\right)" % self._print(a) if isinstance(a, sp.Add) else self._print(a)
                            for a in args)
        return super()._print_Mul(expr)


def tex(expr) -> str:
    r"""One SymPy object as LaTeX (bmatrix matrices, e^{1/2}, \text{我} labels), ordered for reading.

    >>> tex(sp.exp(sp.Rational(1, 2)) + 2)
    'e^{1/2} + 2'
    """
    return CardPrinter({"token_order": _ORDER.get()}).doprint(expr)


def approx(expr, digits: int = 4) -> str:
    """Decimal value of an exact number, half-up, from mpmath (never float).

    >>> approx(sp.Rational(1, 3))
    '0.3333'
    """
    return fixed(to_mpf(sp.sympify(expr), digits + 30), digits)


def sci(expr, digits: int = 2) -> str:
    r"""Scientific notation as LaTeX: ``9.36 \times 10^{-13}``.

    >>> sci(sp.Rational(1, 800))
    '1.25 \\times 10^{-3}'
    """
    import mpmath
    v = to_mpf(sp.sympify(expr), 40)
    e = int(mpmath.floor(mpmath.log10(abs(v))))
    mant = fixed(v / mpmath.mpf(10) ** e, digits)
    if mant.startswith("10"):
        e += 1
        mant = fixed(v / mpmath.mpf(10) ** e, digits)
    return rf"{mant} \times 10^{{{e}}}"


def shape(rows, cols) -> str:
    return rf"{tex(sp.sympify(rows))} \times {tex(sp.sympify(cols))}"


def example_name(d) -> "Text":
    r"""How a card names the example its numbers come from: “我 爱 你”例子, the $\text{I love you}$ example.

    Tokens are user text: in math they are ``\text{}`` labels (an English card keeps every CJK
    character inside math), in prose they are escaped so that they never open math.
    """
    from ..escape import literal
    from ..model import Text
    from ..printing import text_label
    words = " ".join(d.tokens)
    return Text(f"“{literal(words)}”例子", f"the ${text_label(words)}$ example")
