"""LaTeX for card formulas: symattn's printer, with the article's token order."""

from __future__ import annotations

import sympy as sp

from ..numeric import fixed, to_mpf
from ..printing import Printer

__all__ = ["tex", "approx", "sci", "shape"]

_TOKENS = ("我", "爱", "你")


def tex(expr) -> str:
    r"""One SymPy object as LaTeX (bmatrix matrices, e^{1/2}, \text{我} labels).

    >>> tex(sp.exp(sp.Rational(1, 2)) + 2)
    'e^{1/2} + 2'
    """
    return Printer({"token_order": _TOKENS}).doprint(expr)


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


def with_example(front, d) -> "Text":
    """A front that names the 我 爱 你 example gets its inputs, so the card stands alone."""
    from ..model import Text
    if "我 爱 你" not in front.en or "$Q = " in front.en:
        return front
    Q, K = d.step("queries").exact, d.step("keys").exact
    dk = tex(dict(d.meta)["d_k"])
    return Text(f"{front.zh}（其中 $Q = {tex(Q)}$，$K = {tex(K)}$，$d_k = {dk}$。）",
                f"{front.en} (There $Q = {tex(Q)}$, $K = {tex(K)}$, $d_k = {dk}$.)")
