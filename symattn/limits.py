"""Size limits, checked before any work starts.

Exact symbolic work grows fast; these bounds keep one input from hanging the
machine.  Each message says the limit and how to raise it (``SYMATTN_MAX_*``
environment variables, for the rare user who means it).
"""

from __future__ import annotations

import os

from .errors import SymattnError

__all__ = ["MAX_TOKENS", "MAX_DIM", "MAX_SYMBOLIC", "MAX_DIGITS", "MAX_SPEC_BYTES",
           "check_tokens", "check_matrix", "check_symbolic", "check_integer"]


def _env(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


MAX_TOKENS = _env("SYMATTN_MAX_TOKENS", 64)       # sequence length L
MAX_DIM = _env("SYMATTN_MAX_DIM", 256)            # any matrix width
MAX_SYMBOLIC = _env("SYMATTN_MAX_SYMBOLIC", 8)    # L and d of a fully symbolic Q or K
MAX_DIGITS = 100                                  # decimal places of the numeric level
MAX_SPEC_BYTES = 1_000_000
MAX_INTEGER_DIGITS = 60                           # digits of one integer entry


def check_tokens(n: int) -> None:
    if n > MAX_TOKENS:
        raise SymattnError(f"{n} tokens is over the limit of {MAX_TOKENS} "
                           "(set SYMATTN_MAX_TOKENS to raise it)", entry="tokens")


def check_matrix(rows: int, cols: int, name: str) -> None:
    if rows > MAX_DIM or cols > MAX_DIM:
        raise SymattnError(f"{rows}x{cols} is over the size limit ({MAX_DIM} per side; "
                           "set SYMATTN_MAX_DIM to raise it)", entry=name)


def check_symbolic(rows: int, cols: int, name: str) -> None:
    if rows > MAX_SYMBOLIC or cols > MAX_SYMBOLIC:
        raise SymattnError(f"a symbolic {rows}x{cols} matrix is over the limit of {MAX_SYMBOLIC} per side "
                           "(set SYMATTN_MAX_SYMBOLIC to raise it)", entry=name)


def check_integer(value: int, where: str) -> None:
    if len(str(abs(value))) > MAX_INTEGER_DIGITS:
        raise SymattnError(f"integer has more than {MAX_INTEGER_DIGITS} digits", entry=where)
