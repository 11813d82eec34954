"""Exact matrix arithmetic, fast where the entries allow it.

Rational matrices multiply through SymPy's ``DomainMatrix`` over QQ (flint or
gmpy integers underneath), which is orders of magnitude faster than
``Matrix.__mul__`` on SymPy objects.  Anything else falls back to SymPy with
``expand`` so that results are in a stable form.
"""

from __future__ import annotations

import sympy as sp

__all__ = ["matmul", "is_rational", "transpose"]


def is_rational(m: sp.MatrixBase) -> bool:
    return all(e.is_Rational for e in m)


def matmul(a: sp.MatrixBase, b: sp.MatrixBase) -> sp.ImmutableMatrix:
    """Exact product a·b.

    >>> matmul(sp.Matrix([[1, 2]]), sp.Matrix([[3], [sp.Rational(1, 2)]]))
    Matrix([[4]])
    """
    if is_rational(a) and is_rational(b):
        from sympy.polys.matrices import DomainMatrix
        from sympy.polys.domains import QQ
        da = DomainMatrix.from_list_sympy(a.rows, a.cols, a.tolist()).convert_to(QQ)
        db = DomainMatrix.from_list_sympy(b.rows, b.cols, b.tolist()).convert_to(QQ)
        return sp.ImmutableMatrix((da * db).to_Matrix())
    prod = sp.Matrix(a) * sp.Matrix(b)
    return sp.ImmutableMatrix(prod.applyfunc(sp.expand))


def transpose(m: sp.MatrixBase) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(m.T)
