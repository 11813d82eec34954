"""Values computed once per article.

Several stages of one check ask for the same exact values, each its own way and from the same
operands: the softmax of a row of scores, the product of two printed matrices, the digits of an
exact entry.  Inside :func:`article` (the engine enters it for each article) each is computed once
and kept until the article's check ends; nothing is kept from one article to the next, so a folder
costs what its files cost one by one.  Outside it, every call computes.

>>> import sympy as sp
>>> with article():
...     a = product(sp.ImmutableMatrix([[1, 2]]), sp.ImmutableMatrix([[3], [4]]))
...     a is product(sp.ImmutableMatrix([[1, 2]]), sp.ImmutableMatrix([[3], [4]]))
True
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import sympy as sp

from ..linalg import matmul
from ..numeric import to_mpf

__all__ = ["article", "once", "product", "times", "mpf"]

_KEPT: ContextVar[dict | None] = ContextVar("symattn_check_kept", default=None)


@contextmanager
def article():
    """The scope of one article's check."""
    token = _KEPT.set({})
    try:
        yield
    finally:
        _KEPT.reset(token)


def once(kind: str, key, compute):
    """``compute()``, or what it gave for ``(kind, key)`` earlier in this article.  Keys of other
    types are other keys (``1.0 == 1`` in Python, but ``str`` prints them apart); a key that cannot
    be hashed (a mutable matrix) is computed each time; an exception is never kept."""
    kept = _KEPT.get()
    if kept is None:
        return compute()
    key = (kind, type(key), key)
    try:
        return kept[key]
    except KeyError:
        value = kept[key] = compute()
        return value
    except TypeError:
        return compute()


def product(a, b):
    """The exact product a·b (:func:`symattn.linalg.matmul`)."""
    return once("product", (a, b), lambda: matmul(a, b))


def times(a, b):
    """SymPy's own product a * b as an immutable matrix (the catalogue's and the old binder's form,
    which stays unexpanded where :func:`product` expands)."""
    return once("a*b", (a, b), lambda: sp.ImmutableMatrix(a * b))


def mpf(expr, dps: int):
    """An exact number's value with ``dps`` digits (:func:`symattn.numeric.to_mpf`)."""
    return once("mpf", (expr, dps), lambda: to_mpf(expr, dps))
