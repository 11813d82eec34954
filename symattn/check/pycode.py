r"""The array code of an article read as data: the numpy / torch / TensorFlow subset of worked
attention examples, evaluated exactly over Python's ``ast`` with a whitelist.  Nothing is run,
imported or compiled: each node is looked up in the tables below; anything else is unknown.

Input: one code block (``line_offset``: its first line in the article, minus one; ``given``: an
earlier block's Program, for articles that spread one program over several blocks).  Output: a
:class:`Program` — the final :class:`Value` of each name, each ``print`` (and each bare expression
ending a cell, or every one in a ``>>>`` transcript) of a known value, each ``# ...`` comment with
numbers about one, and what was not evaluated and why.  Entries are exact SymPy numbers: ``0.1`` is
1/10, ``1e-9`` is 1/10^9, ``np.exp(0.5)`` is ``exp(1/2)``; masks hold ``sympy.true``/``false``; a
fully masked softmax row is ``nan``, as in numpy.  ``dtype`` is the stated one; unstated, the library
implies it (floats: numpy float64, torch and tf float32).

Followed: ``def`` and ``lambda`` whose body is straight-line code (assignments, prints, loops, a
final ``return``; no recursion), ``for`` over ``range(...)``, an array's rows, a list or a dict's
keys with such a body, one-loop list comprehensions without a condition, dicts with constant keys.
A bare ``softmax(x)`` that the article neither defines nor imports is pseudo-code's softmax, over the
last axis.  A comment line under a print, or under an assignment when it starts as a result does
(``# Output: …``, ``# 结果: …``, ``# -> …``), states the value computed.
``x[i] = ...`` and in-place calls (``fill_``, ``x.sort()``, ``np.fill_diagonal``, ``out=``) make the
array and every view of it unknown; ``x += 1`` changes every alias and makes views unknown.
Where exact numbers cannot say what floats do, the value is unknown: ``x / 0`` (the sign of a float
zero), ``0 ** -1``; rounding at a tie follows the library's float arithmetic.

Bounds (``symattn.limits``): ``CHECK_MAX_CODE_CHARS``; ``CHECK_MAX_SEGMENTS`` statements (loop steps
and calls included); ``CHECK_MAX_BLOCK_ENTRIES`` entries, ``CHECK_MAX_ARRAY_DEPTH`` dimensions;
``MAX_NESTING`` expression, call and entry depth; ``CHECK_MAX_EXPONENT``, ``MAX_RESULT_DIGITS``,
``MAX_INTEGER_DIGITS`` and ``CHECK_MAX_TEN_POWER`` for numbers, ``MAX_SCORE`` for ``e^x``;
``MAX_TERMS`` exact terms per array; ``CHECK_MAX_WORK`` per product; ``CHECK_SECONDS`` per block.

>>> p = evaluate("import numpy as np\nx = np.array([1.0, 2.0]) / 2\nprint('x:', x)  # [0.5 1. ]\n")
>>> p.values["x"].entries, p.prints[0].label, p.comments[0].text
((1/2, 1), 'x:', ' [0.5 1. ]')
"""

from __future__ import annotations

import ast
import bisect
import inspect
import io
import re
import time
import tokenize
import warnings
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import count

import mpmath
import numpy as np
import sympy as sp

from .. import limits
from ..errors import SymattnError

__all__ = ["evaluate", "Program", "Value", "Printed", "Commented"]


# --- what the caller gets ----------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Value:
    """An exact array: ``array`` is a read-only numpy array (``dtype=object``) of SymPy numbers."""

    array: np.ndarray
    library: str = "python"        # numpy | torch | tf | python
    dtype: str | None = None       # as stated (float32, float16, int64, ...); "bool" for masks
    rounded: int | None = None     # decimals, when it went through round() / np.round
    base: frozenset = field(default=frozenset(), repr=False)   # the memory it shares with its views

    shape = property(lambda self: self.array.shape)
    flat = property(lambda self: tuple(self.array.flat))
    entries = property(lambda self: _nest(self.array), doc="Nested tuples (the entry of a scalar).")

    def matrix(self) -> sp.Matrix:
        return sp.Matrix(np.atleast_2d(self.array).tolist())

    def approx(self, dps: int = 20):
        """The entries as mpmath numbers, nested like ``entries`` (shared subexpressions once)."""
        return _nest(np.vectorize(lambda x: _approx(x, dps), otypes=[object])(self.array))


@dataclass(frozen=True)
class Printed:
    line: int                    # 1-based, + line_offset
    text: str                    # the source of the printed expression
    value: Value
    label: str = ""              # the literal text printed before it: print("Q:", Q) -> "Q:"
    format: str | None = None    # f"{x:.4f}" -> ".4f"
    called_at: int = 0           # a print in a function: the line of the call at the top that ran it


@dataclass(frozen=True)
class Commented:
    """A comment holding numbers on a statement that assigns or prints a known value (the last one
    printed, when a print shows several): ``x = np.exp(a)  # 0.65``, or comment lines under a print."""

    line: int                    # the line of the statement it is about
    text: str                    # after '#'; comment lines that continue it joined with '\n'
    value: Value
    spans: tuple[tuple[int, int, int], ...] = ()   # (line, column of '#', end column) in the source as given


@dataclass
class Program:
    values: dict[str, Value] = field(default_factory=dict)
    prints: list[Printed] = field(default_factory=list)
    comments: list[Commented] = field(default_factory=list)
    unknown: list[tuple[int, str]] = field(default_factory=list)
    scope: dict = field(default_factory=dict, repr=False)     # every binding (functions too), for given=


class _Unknown(Exception):
    """Why something is not evaluated; ``root``: the first cause, when a name was unknown."""

    def __init__(self, why: str = "", root: str | None = None):
        super().__init__(why)
        self.root = root


def _fail(why: str):
    raise _Unknown(why)


def _nest(a):
    return a[()] if a.ndim == 0 else tuple(a) if a.ndim == 1 else tuple(_nest(x) for x in a)


_ids = count(1)


def _new(arr, library="python", dtype=None, base=None, rounded=None) -> Value:
    """A Value owning a read-only copy of ``arr`` (a fresh piece of memory unless ``base``); only a
    boolean array holds booleans (numpy: True + 1 is 2)."""
    if isinstance(arr, np.ndarray):
        arr = np.array(arr, dtype=object)
    else:
        arr, arr[()] = np.empty((), dtype=object), arr
    if dtype != "bool" and any(isinstance(e, sp.logic.boolalg.BooleanAtom) for e in arr.flat):
        arr = np.vectorize(_num, otypes=[object])(arr)
    arr.flags.writeable = False
    return Value(arr, library, dtype, rounded, base or frozenset([next(_ids)]))


def _like(v: Value, arr, **changes) -> Value:
    """A view of ``v``: the same memory (reshapes, slices, transposes, detach)."""
    return _new(arr, **(dict(library=v.library, dtype=v.dtype, base=v.base) | changes))


# --- exact numbers: approximation, signs, floor, rounding, bounds -------------------------------------

_SPECIAL = {sp.oo: mpmath.inf, -sp.oo: -mpmath.inf, sp.nan: mpmath.nan, sp.zoo: mpmath.nan}


_MP_FUNCS = {sp.exp: mpmath.exp, sp.log: mpmath.log, sp.sin: mpmath.sin, sp.cos: mpmath.cos}


@lru_cache(maxsize=4096)
def _approx(x, dps: int):
    with mpmath.workdps(dps):
        if isinstance(x, sp.logic.boolalg.BooleanAtom):
            return mpmath.mpf(int(bool(x)))
        if x.is_Rational:
            return mpmath.mpf(int(x.p)) / int(x.q)
        if x in _SPECIAL:
            return _SPECIAL[x]
        if x is sp.E or x is sp.pi:
            return +mpmath.e if x is sp.E else +mpmath.pi
        args = [_approx(a, dps) for a in x.args]
        if isinstance(x, (sp.exp, sp.log, sp.sin, sp.cos)):
            r = _MP_FUNCS[type(x)](args[0])
        elif x.is_Add or x.is_Mul:
            r = (mpmath.fsum if x.is_Add else mpmath.fprod)(args)
        elif x.is_Pow:
            r = mpmath.power(*args)
        else:
            raise _Unknown("an entry that is not a real number")
        return mpmath.nan if isinstance(r, mpmath.mpc) else r


def _num(x):
    """An entry for arithmetic: booleans count as 0 and 1."""
    return sp.Integer(int(bool(x))) if isinstance(x, sp.logic.boolalg.BooleanAtom) else x


def _sign(x) -> int | None:
    """-1, 0 or 1, exactly (None for nan); a symbolic value too close to 0 to decide is unknown."""
    x = _num(x)
    if x is sp.nan or x is sp.zoo:
        return None
    if x.is_Rational or x.is_infinite:
        return int(bool(x > 0)) - int(bool(x < 0))
    for dps in (50, 200):
        v = _approx(x, dps)
        if mpmath.isnan(v):
            return None
        if abs(v) > mpmath.mpf(10) ** (10 - dps):
            return 1 if v > 0 else -1
    return 0 if x.is_zero else _fail("two entries too close to compare exactly")


def _cmp(a, b) -> int | None:
    a, b = _num(a), _num(b)
    return 0 if a == b and a is not sp.nan else _sign(a - b)


def _floor(x):
    x = _num(x)
    if x.is_Rational:
        return sp.Integer(x.p // x.q)
    if x.is_finite is not True:
        raise _Unknown("the integer part of an infinite value")
    f = sp.Integer(int(mpmath.floor(_approx(x, 50))))
    return f - 1 if _sign(x - f) < 0 else f + 1 if _sign(x - f - 1) >= 0 else f


def _round_entry(x, n: int, mode: str):
    """x to n decimals exactly; at (within 1e-9 of) a tie the library's floats decide: Python rounds
    the float64 correctly, numpy and torch scale it in float64 / float32 and round half to even."""
    x = _num(x)
    if x.is_finite is not True:
        return x
    k = _floor(x * 10 ** sp.Integer(n) + sp.Rational(1, 2))
    frac = _approx(x * 10 ** sp.Integer(n) - k + sp.Rational(1, 2), 30)     # in [0, 1); 0 at a tie
    if min(frac, 1 - frac) < 1e-9:
        f = float(_approx(x, 30))
        if mode == "python":
            k = sp.Integer(round(Fraction(repr(round(f, n))) * 10 ** n))
        else:
            t = np.float32 if mode == "float32" else np.float64
            k = sp.Integer(int(np.rint(t(f) * t(10.0 ** n))))
    return k / 10 ** sp.Integer(n)


def _bits(r) -> int:
    return max(int(r.p).bit_length(), int(r.q).bit_length())


def _too_many_digits(r) -> bool:
    return _bits(r) > 3.33 * limits.MAX_RESULT_DIGITS


def _measure(memo: dict, x) -> int:
    """Tree size of an entry (as the printer and evalf walk it); refuses long rationals and depth."""
    stack = [(x, False)]
    while stack:
        node, done = stack.pop()
        if node in memo:
            continue
        if node.args and not done:
            stack += [(node, True)] + [(a, False) for a in node.args if a not in memo]
            continue
        if node.is_Rational and _too_many_digits(node):
            raise _Unknown(f"a number with more than {limits.MAX_RESULT_DIGITS} digits")
        if isinstance(node, sp.exp):          # e^(e^(e^50)) has an exponent of 10^21 digits: never approximated
            arg = node.args[0] if node.args[0].is_Rational else _approx(node.args[0], 15)
            if arg > limits.MAX_SCORE or arg < -mpmath.mpf(10) ** limits.CHECK_MAX_TEN_POWER:
                raise _Unknown(f"e^x with x beyond {limits.MAX_SCORE:,} or -1e{limits.CHECK_MAX_TEN_POWER}")
        sizes = [memo[a] for a in node.args]
        memo[node] = (1 + sum(s for s, _ in sizes), 1 + max((d for _, d in sizes), default=0))
        if memo[node][1] > limits.MAX_NESTING:
            raise _Unknown(f"an entry nested deeper than {limits.MAX_NESTING}")
    return memo[x][0]


def _room(shape) -> tuple[int, ...]:
    shape = tuple(int(d) for d in shape)
    if any(d < 0 for d in shape) or len(shape) > limits.CHECK_MAX_ARRAY_DEPTH:
        raise _Unknown(f"an array of shape {shape} (at most {limits.CHECK_MAX_ARRAY_DEPTH} dimensions)")
    if int(np.prod(shape, dtype=object)) > limits.CHECK_MAX_BLOCK_ENTRIES:
        raise _Unknown(f"an array of shape {shape}, over the limit of {limits.CHECK_MAX_BLOCK_ENTRIES} entries")
    return shape


# --- elementwise arithmetic, with NumPy broadcasting ----------------------------------------------------

def _ew(fn, *arrays) -> np.ndarray:
    shape = _room(np.broadcast_shapes(*(a.shape for a in arrays)))
    parts, out = [np.broadcast_to(a, shape) for a in arrays], np.empty(shape, dtype=object)
    for idx in np.ndindex(shape):
        out[idx] = fn(*(p[idx] for p in parts))
    return out


def _real(x):
    return sp.nan if x is sp.zoo or x is sp.nan or x.is_extended_real is False else x


def _div(a, b):
    """a / b; x / 0 is +-inf by the sign of a float zero, which exact numbers do not have: unknown."""
    a, b = _num(a), _num(b)
    if b == 0 and _sign(a):
        raise _Unknown("a division by zero (its sign depends on the sign of a float zero)")
    return sp.nan if b == 0 else _real(a / b)


def _pow(a, b):
    a, b = _num(a), _num(b)
    if b.is_finite is not True or (abs(b.p) > limits.CHECK_MAX_EXPONENT or b.q > limits.CHECK_MAX_EXPONENT
                                   if b.is_Rational else abs(_approx(b, 20)) > limits.CHECK_MAX_EXPONENT):
        raise _Unknown(f"an exponent over {limits.CHECK_MAX_EXPONENT} (or not finite)")
    if a.is_Rational and b.is_Rational and _bits(a) * abs(b) > 3.33 * limits.MAX_RESULT_DIGITS:
        raise _Unknown(f"a power with more than {limits.MAX_RESULT_DIGITS} digits")
    if a == 0 and _sign(b) == -1:
        raise _Unknown("zero to a negative power (its sign depends on the sign of a float zero)")
    return _real(a ** b)


def _fdiv(a, b):
    q = _div(a, b)
    return q if q.is_finite is not True else _floor(q)


_OPS = {ast.Add: lambda a, b: _num(a) + _num(b), ast.Sub: lambda a, b: _num(a) - _num(b),
        ast.Mult: lambda a, b: _num(a) * _num(b), ast.Div: _div, ast.Pow: _pow, ast.FloorDiv: _fdiv,
        ast.Mod: lambda a, b: _num(a) - _num(b) * _fdiv(a, b),
        ast.BitAnd: lambda a, b: sp.true if a and b else sp.false,
        ast.BitOr: lambda a, b: sp.true if a or b else sp.false}
_COMPARE = {ast.Eq: lambda c: c == 0, ast.NotEq: lambda c: c != 0, ast.Lt: lambda c: c < 0,
            ast.LtE: lambda c: c <= 0, ast.Gt: lambda c: c > 0, ast.GtE: lambda c: c >= 0}
_WIDTH = {"bool": 0, "int8": 1, "uint8": 1, "int32": 2, "int64": 3, "float16": 4, "bfloat16": 4,
          "float32": 5, "float64": 6}


def _exp(x):
    return sp.exp(_num(x))


def _log(x):
    s = _sign(x)
    return sp.nan if s is None or s < 0 else -sp.oo if s == 0 else sp.log(_num(x))


def _sin(x):
    return sp.sin(_num(x))


def _cos(x):
    return sp.cos(_num(x))


def _sqrt(x):
    s = _sign(x)
    return sp.nan if s is None or s < 0 else sp.sqrt(_num(x))


def _lib(*vals) -> str:
    return next((v.library for v in vals if isinstance(v, Value) and v.library != "python"), "python")


def _dtype_of(*vals):
    stated = [v.dtype for v in vals if isinstance(v, Value) and v.dtype and v.dtype != "bool"]
    return max(stated, key=lambda d: _WIDTH.get(d, 9), default=None)


def _binop(op, a, b) -> Value:
    a, b = _arr(a), _arr(b)
    if a.library == b.library == "python" and (a.shape or b.shape):
        raise _Unknown("arithmetic on Python lists (concatenation, repetition) is not evaluated")
    if op is ast.MatMult:
        return _matmul(_lib(a, b), a, b)
    if a.library == b.library == "python" and op in (ast.Div, ast.FloorDiv, ast.Mod) and _num(b.array[()]) == 0:
        raise _Unknown("a division of Python numbers by zero (ZeroDivisionError)")
    logical = op in (ast.BitAnd, ast.BitOr)
    if logical and not a.dtype == b.dtype == "bool":
        raise _Unknown("& and | of arrays that are not boolean")
    return _new(_ew(_OPS[op], a.array, b.array), _lib(a, b), "bool" if logical else _dtype_of(a, b))


def _compare(op, a, b) -> Value:
    a, b = _arr(a), _arr(b)
    if a.library == b.library == "python" and (a.shape or b.shape):
        raise _Unknown("comparison of Python lists")

    def one(x, y):
        c = _cmp(x, y)
        return sp.true if (op is ast.NotEq if c is None else _COMPARE[op](c)) else sp.false
    return _new(_ew(one, a.array, b.array), _lib(a, b), "bool")


def _unary(op, v) -> Value:
    v = _arr(v)
    if isinstance(op, ast.Invert):
        if v.dtype != "bool":
            raise _Unknown("~ of an array that is not boolean")
        return _new(_ew(lambda x: sp.false if x else sp.true, v.array), v.library, "bool")
    if v.dtype == "bool" and isinstance(op, ast.USub) and v.library != "python":
        raise _Unknown("- of a boolean array")
    sign = -1 if isinstance(op, ast.USub) else 1
    return _new(_ew(lambda x: sign * _num(x), v.array), v.library, _dtype_of(v))


# --- argument readers: the code's values, or a function's Python defaults ---------------------------------

def _text_op(op, a, b) -> str | None:
    """Text that the code builds, as Python does: ``"=" * 60``, ``"a" + "b"`` (a rule printed
    between results is text, not an array); None for anything else."""
    if op is ast.Add and isinstance(a, str) and isinstance(b, str):
        return a + b if len(a) + len(b) <= 10_000 else None
    if op is ast.Mult and isinstance(a, str) != isinstance(b, str):
        text, n = (a, b) if isinstance(a, str) else (b, a)
        n = n.array.item() if isinstance(n, Value) and n.shape == () and n.dtype != "bool" else None
        if isinstance(n, sp.Integer) and 0 <= n and len(text) * int(n) <= 10_000:
            return text * int(n)
    return None


def _arr(x) -> Value:
    if isinstance(x, Value):
        return x
    if isinstance(x, _Tuple) and not x.names and x.keys is None:    # arrays in a list: stacked, as np.array does
        parts = [_arr(i) for i in x.items]
        if not parts or len({p.shape for p in parts}) != 1:
            raise _Unknown("a ragged or empty sequence of arrays")
        _room((len(parts),) + parts[0].shape)
        return _new(np.stack([p.array for p in parts]), _lib(*parts), _dtype_of(*parts))
    raise _Unknown(f"not an array: {type(x).__name__.strip('_')}")


def _int(x) -> int:
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    if isinstance(x, Value) and x.shape == () and x.dtype != "bool" and _num(x.array[()]).is_Integer:
        return int(x.array[()])
    raise _Unknown("not a whole number")


def _ints(x) -> list[int]:
    if isinstance(x, Value) and x.array.ndim == 1:
        return [_int(_new(e)) for e in x.array]
    return [_int(i) for i in x.items] if isinstance(x, _Tuple) else [_int(x)]


def _shape(args) -> list[int]:
    return _ints(args[0]) if len(args) == 1 else [_int(a) for a in args]


def _truth(x) -> bool:
    if isinstance(x, bool):
        return x
    if isinstance(x, Value) and x.shape == ():
        return bool(_sign(x.array[()]))
    raise _Unknown("not a truth value")


def _one(x):
    """The entry of a scalar."""
    v = _arr(x)
    return v.array[()] if v.shape == () else _fail("an array where a number is expected")


def _axes(axis, ndim: int) -> tuple[int, ...]:
    """Axes as non-negative ints; all of them for None."""
    if axis is None:
        return tuple(range(ndim))
    axes = [a + ndim if a < 0 else a for a in _ints(axis)]
    if any(not 0 <= a < max(ndim, 1) for a in axes) or len(set(axes)) != len(axes):
        raise _Unknown("an axis out of range")
    return tuple(axes) if ndim else ()


@dataclass(frozen=True)
class _DType:
    name: str


_DTYPE_NAMES = {"float": "float32", "double": "float64", "half": "float16", "long": "int64", "int": "int32",
                "float_": "float64", "bool_": "bool"}
_DTYPES = {f"{root}.{name}": _DTYPE_NAMES.get(name, name) for root in ("numpy", "torch", "tensorflow")
           for name in [*_WIDTH, *_DTYPE_NAMES]} | {"numpy.float": "float64", "numpy.int": "int64"}
_PYTHON_DTYPES = {"float": "float64", "int": "int64", "bool": "bool"}


def _dtype(x) -> str | None:
    if x is None or isinstance(x, _DType):
        return x and x.name
    if isinstance(x, _Builtin) and x.name in _PYTHON_DTYPES:
        return _PYTHON_DTYPES[x.name]
    return x if isinstance(x, str) and x in _WIDTH else _fail("a dtype not understood")


def _cast(v: Value, dtype: str | None, library=None, fresh=False) -> Value:
    """Entries as the dtype holds them: integers truncate toward zero, bool is 'not zero'."""
    if dtype == "bool":
        arr = _ew(lambda x: sp.true if _sign(x) != 0 else sp.false, v.array)
    elif dtype and dtype.startswith(("int", "uint")):
        arr = _ew(lambda x: -_floor(-_num(x)) if _sign(x) == -1 else _floor(x), v.array)
    else:
        arr = _ew(_num, v.array) if v.dtype == "bool" and dtype else v.array
    keep = dict(library=library or v.library, dtype=dtype or v.dtype)
    return _new(arr, **keep) if fresh or arr is not v.array else _like(v, arr, **keep)


# --- the operations, one small function per family -----------------------------------------------------

def _array(copy):
    def op(lib, data, dtype=None):
        v = _arr(data)
        return _cast(v, _dtype(dtype) or (v.dtype if copy else None), lib, fresh=copy)
    return op


def _tensor_f32(lib, data):
    v = _arr(data)               # torch.Tensor(2, 3) is uninitialised memory: only data is known
    return _cast(v, "float32", lib, fresh=True) if v.shape else _fail("torch.Tensor(size) is uninitialised")


def _filled(lib, shape, fill, dtype):
    return _cast(_new(np.full(_room(shape), fill, dtype=object)), _dtype(dtype), lib)


def _constant(c, like=False):
    """ones / zeros (``like``: ones_like / zeros_like)."""
    if like:
        return lambda lib, x, dtype=None: _filled(lib, _arr(x).shape, c, dtype or _arr(x).dtype)
    return lambda lib, *shape, dtype=None: _filled(lib, _shape(shape), c, dtype)


def _full(lib, shape, fill, dtype=None):
    return _filled(lib, _ints(shape), _one(fill), dtype)


def _full_like(lib, x, fill, dtype=None):
    return _filled(lib, _arr(x).shape, _one(fill), dtype or _arr(x).dtype)


def _eye(lib, n, m=None, k=0, dtype=None):
    n, k = _int(n), _int(k)
    m = n if m is None else _int(m)
    i, j = np.indices(_room((n, m)))
    return _cast(_new(np.where(j - i == k, sp.Integer(1), sp.Integer(0))), _dtype(dtype), lib)


def _arange(lib, start, stop=None, step=1, dtype=None):
    start, stop = (0, start) if stop is None else (start, stop)
    a, b, s = (_num(_one(v)) if isinstance(v, Value) else sp.Integer(v) for v in (start, stop, step))
    if s == 0 or not all(v.is_Rational for v in (a, b, s)):
        raise _Unknown("arange with a zero or non-rational step")
    n = _room((max(0, -int(-(float(b) - float(a)) // float(s))),))[0]      # numpy's length, in floats
    out = np.empty(n, dtype=object)
    out[:] = [a + i * s for i in range(n)]
    return _cast(_new(out), _dtype(dtype), lib)


def _diag(lib, x, k=0):
    v, k = _arr(x), _int(k)
    if v.array.ndim == 2:
        return _new(np.diagonal(v.array, k), lib, v.dtype)
    if v.array.ndim != 1:
        raise _Unknown("diag of an array that is not 1-D or 2-D")
    n = len(v.array) + abs(k)
    out = np.full(_room((n, n)), sp.Integer(0), dtype=object)
    for i, e in enumerate(v.array):
        out[i + max(-k, 0), i + max(k, 0)] = e
    return _new(out, lib, v.dtype)


def _band(keep):
    """tril (keep j - i <= k) and triu (j - i >= k) on the last two axes."""
    def op(lib, x, k=0):
        v = _arr(x)
        if v.array.ndim < 2:
            raise _Unknown("tril / triu of an array under 2-D")
        i, j = np.indices(v.shape[-2:])
        return _new(np.where(keep(j - i, _int(k)), v.array, sp.false if v.dtype == "bool" else sp.Integer(0)),
                    lib, v.dtype)
    return op


def _where(lib, cond, x=None, y=None):
    if x is None or y is None:
        raise _Unknown("where() with one argument (indices) is not evaluated")
    c, x, y = _arr(cond), _arr(x), _arr(y)
    pick = lambda m, a, b: a if _sign(m) != 0 else b  # noqa: E731 - numpy: any non-zero is true
    return _new(_ew(pick, c.array, x.array, y.array), _lib(x, y, c), _dtype_of(x, y))


def _masked_fill(lib, x, mask, fill):
    v, m = _arr(x), _arr(mask)
    if m.dtype != "bool":
        raise _Unknown("masked_fill with a mask that is not boolean")
    return _new(_ew(lambda e, mm, f: f if mm else e, v.array, m.array, _arr(fill).array), v.library, v.dtype)


def _elementwise(fn):
    def op(lib, x):
        v = _arr(x)
        dtype = "float16" if v.dtype == "bool" and lib == "numpy" else _dtype_of(v)     # numpy's choice
        return _new(_ew(fn, v.array), v.library if lib == "python" else lib, dtype)
    return op


def _math(fn):
    """math.sqrt / exp / log: a Python number, and ValueError (unknown) outside the domain."""
    def op(lib, x):
        if fn is not _exp and _sign(_one(x)) in ((None, -1, 0) if fn is _log else (None, -1)):
            raise _Unknown("a math function of a value outside its domain")
        return _new(fn(_one(x)))
    return op


def _sum_of(xs):
    return sp.Add(*map(_num, xs))


def _mean_of(xs):
    return _sum_of(xs) / len(xs) if xs else sp.nan


def _max_of(xs):
    if not xs:
        raise _Unknown("max of an empty array")
    best = xs[0]
    for x in xs:
        c = _cmp(x, best)
        if c is None:
            return sp.nan
        best = x if c > 0 else best
    return best


def _min_of(xs):
    return -_num(_max_of([-_num(x) for x in xs]))


def _reduction(fn, pair=False):
    """sum / mean / max / min over axes; torch's max(x, dim) also gives indices (``pair``)."""
    def op(lib, x, axis=None, keepdims=False, dtype=None):
        v = _arr(x)
        if pair and isinstance(axis, Value) and axis.shape:
            raise _Unknown("torch.max / min of two tensors is not evaluated")
        axes = _axes(axis, v.array.ndim)
        moved = np.moveaxis(v.array, axes, range(v.array.ndim - len(axes), v.array.ndim))
        rest = moved.shape[:moved.ndim - len(axes)]
        rows, out = moved.reshape(rest + (-1,)), np.empty(rest, dtype=object)
        for idx in np.ndindex(rest):
            out[idx] = fn(list(rows[idx]))
        shape = [1 if i in axes else d for i, d in enumerate(v.shape)] if _truth(keepdims) else rest
        result = _new(out.reshape(shape), v.library, _dtype_of(v))
        if not (pair and lib == "torch" and axis is not None):
            return result
        where = np.empty(rest, dtype=object)
        for idx in np.ndindex(rest):
            where[idx] = sp.Integer(list(rows[idx]).index(out[idx]))
        return _Tuple((result, _new(where.reshape(shape), "torch", "int64")), ("values", "indices"))
    return op


_IMPLICIT = object()


def _softmax(lib, x, axis=_IMPLICIT, dtype=None):
    v = _cast(_arr(x), "float32" if _arr(x).dtype == "bool" else None)
    if axis is _IMPLICIT:           # scipy: all entries; tf: the last axis; torch: its legacy rule
        axis = None if lib == "numpy" else -1 if lib == "tf" else 0 if v.array.ndim in (0, 1, 3) else 1
    top = _reduction(_max_of)(lib, v, axis, True)
    e = _ew(lambda a, m: _exp(_num(a) - m), v.array, top.array)
    total = _reduction(_sum_of)(lib, _new(e), axis, True)
    return _new(_ew(_div, e, total.array), v.library if lib == "python" else lib, _dtype_of(v))


def _matmul(lib, x, y, transpose_a=False, transpose_b=False):
    a, b = _arr(x), _arr(y)
    A, B = (np.vectorize(_num, otypes=[object])(t.array) for t in (a, b))
    A = np.swapaxes(A, -1, -2) if _truth(transpose_a) else A
    B = np.swapaxes(B, -1, -2) if _truth(transpose_b) else B
    if A.ndim == 0 or B.ndim == 0:
        raise _Unknown("matmul of a scalar")
    A2, B2 = A[None, :] if A.ndim == 1 else A, B[:, None] if B.ndim == 1 else B
    (n, k), m = A2.shape[-2:], B2.shape[-1]
    if B2.shape[-2] != k:
        raise _Unknown(f"matmul of shapes {a.shape} and {b.shape}")
    batch = np.broadcast_shapes(A2.shape[:-2], B2.shape[:-2])
    shape = _room(batch + (n, m))
    work, memo = int(np.prod(shape, dtype=object)) * k, {}
    if work > limits.CHECK_MAX_WORK:
        raise _Unknown(f"a product over the limit of {limits.CHECK_MAX_WORK:,} multiplications")
    symbolic = [sum(_measure(memo, e) for e in t.flat if not e.is_Rational) / max(t.size, 1) for t in (A, B)]
    if work * sum(symbolic) > limits.MAX_TERMS:          # each product of exact expressions is kept
        raise _Unknown(f"a product of more than {limits.MAX_TERMS:,} exact terms")
    A2, B2 = np.broadcast_to(A2, batch + (n, k)), np.broadcast_to(B2, batch + (k, m))
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(shape):
        out[idx] = sp.Add(*[p * q for p, q in zip(A2[idx[:-1]], B2[idx[:-2] + (slice(None), idx[-1])])])
    out = out[..., 0, :] if A.ndim == 1 else out
    return _new(out[..., 0] if B.ndim == 1 else out, lib, _dtype_of(a, b))


def _ranked(*ranks):
    """mm (2-D), bmm (3-D), dot (1-D / 2-D): matmul for those ranks only."""
    def op(lib, x, y):
        if (_arr(x).array.ndim, _arr(y).array.ndim) not in ranks:
            raise _Unknown("mm / bmm / dot of arrays of other ranks")
        return _matmul(lib, x, y)
    return op


def _transpose(lib, x, *axes, perm=None):
    v = _arr(x)
    axes = _shape(axes) if axes else None if perm is None else _ints(perm)
    if lib == "torch" and axes is not None:            # torch: two dims swapped
        return _like(v, np.swapaxes(v.array, *axes)) if len(axes) == 2 else _fail("torch transpose of 2 dims")
    return _like(v, np.transpose(v.array, axes))


def _permute(lib, x, *dims):
    return _like(_arr(x), np.transpose(_arr(x).array, _shape(dims)))


def _reshape(lib, x, *shape, newshape=None):
    return _like(_arr(x), _arr(x).array.reshape(_shape(shape) if shape else _ints(newshape)))


def _unsqueeze(lib, x, axis):
    _room((1,) + _arr(x).shape)
    return _like(_arr(x), np.expand_dims(_arr(x).array, _int(axis)))


def _squeeze(lib, x, axis=None):
    return _like(_arr(x), np.squeeze(_arr(x).array, None if axis is None else tuple(_ints(axis))))


def _join(stack):
    """concatenate / cat / concat, and stack (``stack``)."""
    def op(lib, seq, axis=0):
        parts = [_arr(p) for p in seq.items] if isinstance(seq, _Tuple) else [_like(_arr(seq), r) for r in _arr(seq).array]
        _room((sum(p.array.size for p in parts),))
        joined = (np.stack if stack else np.concatenate)([p.array for p in parts], axis=_int(axis))
        return _new(joined, _lib(*parts) if lib == "python" else lib, _dtype_of(*parts))
    return op


def _split(lib, x, spec, axis=0):
    """numpy and tf: n equal parts or split points / sizes; torch: parts of a size, or sizes."""
    v, axis = _arr(x), _int(axis)
    size = v.shape[axis]
    if isinstance(spec, Value) and spec.shape == ():
        n = _int(spec)
        if n <= 0 or lib != "torch" and size % n:
            raise _Unknown("a split into no or unequal parts")
        step = n if lib == "torch" else size // n
        cuts = list(range(step, size, step))
    else:
        cuts = _ints(spec) if lib == "numpy" else list(np.cumsum(_ints(spec))[:-1])
    return _Tuple(tuple(_like(v, part) for part in np.split(v.array, cuts, axis=axis)))


def _chunk(lib, x, chunks, axis=0):
    size = _arr(x).shape[_int(axis)]
    return _split("torch", x, _new(sp.Integer(-(-size // max(_int(chunks), 1)))), axis)


def _round(lib, x, ndigits=0):
    v, n = _arr(x), _int(ndigits)
    if v.dtype == "bool" or abs(n) > limits.MAX_DIGITS:
        raise _Unknown(f"rounding a boolean array, or to more than {limits.MAX_DIGITS} decimals")
    mode = "python" if lib == "python" else "float64" if (v.dtype or ("float64" if lib == "numpy" else "")) == \
        "float64" else "float32"
    return _new(_ew(lambda e: _round_entry(e, n, mode), v.array), v.library, v.dtype, rounded=n)


def _to(lib, x, *args, dtype=None):
    """.to(torch.float16) / .to("cpu") / .type(...) / .astype(np.float32) / .astype(int)."""
    found = [_dtype(a) for a in args + (() if dtype is None else (dtype,)) if not (isinstance(a, str) and a not in _WIDTH)]
    return _cast(_arr(x), found[-1] if found else None)


def _view_as(library=None, fresh=False):
    """detach / cpu / numpy (a view, possibly of another library) and clone / copy / tolist (fresh)."""
    def op(lib, x):
        v = _arr(x)
        keep = dict(library=library or v.library, dtype=None if library == "python" else v.dtype)
        return _new(v.array, **keep) if fresh else _like(v, v.array, **keep)
    return op


def _item(lib, x):
    v = _arr(x)
    return _new(v.array.reshape(()), "python") if v.array.size == 1 else _fail("item() of many entries")


def _size(lib, x, axis=None):
    shape = _arr(x).shape
    if axis is not None:
        return _new(sp.Integer(shape[_axes(axis, len(shape))[0]]))
    out = np.empty(len(shape), dtype=object)
    out[:] = [sp.Integer(d) for d in shape]
    return _new(out)


def _len(lib, x):
    n = len(x.items) if isinstance(x, _Tuple) else (_arr(x).shape or _fail("len() of a scalar"))[0]
    return _new(sp.Integer(n))


def _pyround(lib, x, ndigits=None):
    v = _round("python", x, 0 if ndigits is None else ndigits)
    return _like(v, v.array, rounded=None if ndigits is None else v.rounded)


def _float(lib, x):
    if isinstance(x, str):
        text = x.strip().lower()
        special = {"inf": sp.oo, "+inf": sp.oo, "infinity": sp.oo, "-inf": -sp.oo, "-infinity": -sp.oo, "nan": sp.nan}
        return _new(special[text] if text in special else _decimal(text))
    return _new(_num(_one(x)))


def _pyint(lib, x):
    return _new(_cast(_new(_one(x)), "int64").array)


def _pylist(lib, x):
    """list() / tuple() of a list, an array (its rows) or a dict view."""
    if isinstance(x, _Tuple):
        return _Tuple(x.items) if x.keys is None else _fail("list() of a dict")
    v = _arr(x)
    return _new(v.array, "python") if v.library == "python" and v.shape else _Tuple(tuple(
        _like(v, row) for row in v.array)) if v.shape else _fail("list() of a scalar")


# --- the whitelist: dotted names, methods, builtins, constants ---------------------------------------------

_NP, _TORCH, _TF, _TFM = ("numpy", "jax.numpy"), ("torch",), ("tensorflow",), ("tensorflow.math",)
_ALL = _NP + _TORCH + _TF
_TABLE = [
    (_array(True), _NP, "array"), (_array(False), _NP, "asarray"), (_array(True), _TORCH, "tensor"),
    (_array(False), _TORCH, "as_tensor from_numpy"), (_tensor_f32, _TORCH, "Tensor FloatTensor"),
    (_array(True), _TF, "constant convert_to_tensor Variable"),
    (_constant(sp.Integer(1)), _ALL, "ones"), (_constant(sp.Integer(0)), _ALL, "zeros"),
    (_constant(sp.Integer(1), like=True), _ALL, "ones_like"), (_constant(sp.Integer(0), like=True), _ALL, "zeros_like"),
    (_full, _NP + _TORCH, "full"), (_full, _TF, "fill"), (_full_like, _NP + _TORCH, "full_like"),
    (_eye, _ALL, "eye identity"), (_arange, _NP + _TORCH, "arange"), (_arange, _TF, "range"),
    (_diag, _NP + _TORCH, "diag"), (_band(np.less_equal), _NP + _TORCH, "tril"),
    (_band(np.greater_equal), _NP + _TORCH, "triu"), (_where, _ALL, "where"), (_masked_fill, _TORCH, "masked_fill"),
    (_elementwise(_exp), _ALL + _TFM, "exp"), (_elementwise(_log), _ALL + _TFM, "log"),
    (_elementwise(_sqrt), _ALL + _TFM, "sqrt"), (_elementwise(_sin), _ALL + _TFM, "sin"),
    (_elementwise(_cos), _ALL + _TFM, "cos"),
    (_math(_exp), ("math",), "exp"), (_math(_log), ("math",), "log"), (_math(_sqrt), ("math",), "sqrt"),
    (_math(_sin), ("math",), "sin"), (_math(_cos), ("math",), "cos"),
    (_reduction(_sum_of), _NP + _TORCH, "sum"), (_reduction(_mean_of), _NP + _TORCH, "mean"),
    (_reduction(_max_of, True), _NP + _TORCH, "max amax"), (_reduction(_min_of, True), _NP + _TORCH, "min amin"),
    (_reduction(_sum_of), _TF + _TFM, "reduce_sum"), (_reduction(_mean_of), _TF + _TFM, "reduce_mean"),
    (_reduction(_max_of), _TF + _TFM, "reduce_max"), (_reduction(_min_of), _TF + _TFM, "reduce_min"),
    (_softmax, ("torch", "torch.nn.functional", "tensorflow.nn", "tensorflow.math", "scipy.special"), "softmax"),
    (_matmul, _ALL + ("tensorflow.linalg",), "matmul"), (_ranked((1, 1), (2, 2), (1, 2), (2, 1)), _NP, "dot"),
    (_ranked((1, 1)), _TORCH, "dot"), (_ranked((2, 2)), _TORCH, "mm"), (_ranked((3, 3)), _TORCH, "bmm"),
    (_transpose, _ALL, "transpose"), (_permute, _TORCH, "permute"), (_reshape, _ALL, "reshape"),
    (_unsqueeze, _TORCH, "unsqueeze"), (_unsqueeze, _NP + _TF, "expand_dims"), (_squeeze, _ALL, "squeeze"),
    (_join(False), _NP, "concatenate"), (_join(False), _TORCH, "cat concat"), (_join(False), _TF, "concat"),
    (_join(True), _ALL, "stack"), (_split, _ALL, "split"), (_chunk, _TORCH, "chunk"),
    (_round, _ALL + _TFM, "round around"),
]
_FUNCS = {f"{mod}.{name}": fn for fn, mods, names in _TABLE for mod in mods for name in names.split()}
_CONSTRUCTORS = {_FUNCS[f"torch.{name}"] for name in "tensor as_tensor Tensor ones zeros full eye arange".split()}
#: methods that are their library's function of the same name (numpy's on numpy arrays, else torch's)
_SHARED = set("sum mean max min exp log sqrt sin cos softmax reshape transpose permute unsqueeze squeeze split chunk "
              "matmul mm bmm dot masked_fill round tril triu".split())
_METHODS = dict(view=_reshape, float=lambda lib, x: _cast(x, "float32"), double=lambda lib, x: _cast(x, "float64"),
                half=lambda lib, x: _cast(x, "float16"), int=lambda lib, x: _cast(x, "int32"),
                long=lambda lib, x: _cast(x, "int64"), bool=lambda lib, x: _cast(x, "bool"), to=_to, type=_to,
                astype=_to, numpy=_view_as("numpy"), detach=_view_as(), cpu=_view_as(), cuda=_view_as(), contiguous=_view_as(),
                clone=_view_as(fresh=True), copy=_view_as(fresh=True), tolist=_view_as("python", fresh=True),
                item=_item, size=_size, dim=lambda lib, x: _new(sp.Integer(x.array.ndim)),
                t=lambda lib, x: _transpose("numpy", x) if x.array.ndim <= 2 else _fail("t() of an array over 2-D"))
def _bare_softmax(lib, x, axis=-1):
    """``softmax(x)`` where the article defines no ``softmax`` and imports none: pseudo-code's softmax,
    over the last axis."""
    return _softmax(lib, x, axis)


_BUILTINS = {"len": _len, "round": _pyround, "float": _float, "int": _pyint, "list": _pylist, "tuple": _pylist,
             "softmax": _bare_softmax}
_CONSTANTS = {f"{root}.{name}": value for root in ("numpy", "math", "torch", "jax.numpy")
              for name, value in (("inf", sp.oo), ("nan", sp.nan), ("pi", sp.pi), ("e", sp.E))}
#: keyword spellings of the libraries -> the parameter names above
_ALIASES = {"dim": "axis", "keepdim": "keepdims", "diagonal": "k", "decimals": "ndigits", "axes": "perm",
            "input": "x", "logits": "x", "a": "x", "x1": "x", "x2": "y", "b": "y", "other": "y", "mat2": "y",
            "input_tensor": "x", "tensors": "seq", "arrays": "seq", "values": "seq", "fill_value": "fill",
            "value": "fill", "size": "shape", "dims": "shape", "N": "n", "M": "m", "num_rows": "n",
            "num_columns": "m", "end": "stop", "limit": "stop", "delta": "step", "condition": "cond",
            "split_size_or_sections": "spec", "indices_or_sections": "spec", "num_or_size_splits": "spec",
            "obj": "data"}
_IGNORED = {"device", "requires_grad", "name", "pin_memory", "copy", "order", "layout", "non_blocking"}
_RANDOM = re.compile(r"(^|\.)(random|rand\w*|manual_seed|seed|normal|uniform|shuffle|permutation|multinomial|"
                     r"bernoulli|dropout)(\.|$)")
#: calls that change the receiver, or an argument, in place (besides torch's trailing '_' and out=)
_MUTATING_METHODS = {"fill", "sort", "resize", "itemset", "partition", "put", "setflags"}
_MUTATING_FUNCTIONS = {"fill_diagonal", "copyto", "put", "place", "putmask", "shuffle", "at"}
_DEFAULT_MODULES = {"np": "numpy", "numpy": "numpy", "torch": "torch", "F": "torch.nn.functional",
                    "nn": "torch.nn", "tf": "tensorflow", "math": "math", "scipy": "scipy", "jnp": "jax.numpy"}
_ROOTS = {"numpy": "numpy", "torch": "torch", "tf": "tensorflow"}
_NO_OP_CONTEXTS = {"torch.no_grad", "torch.inference_mode", "torch.enable_grad", "numpy.printoptions"}


def _apply(fn, name, *args, **kwargs):
    """Call a whitelisted operation; arguments it does not take are unknown (checked first, so an
    error inside it is never mistaken for a wrong call)."""
    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        raise _Unknown(f"{name}() with arguments it does not take") from None
    return fn(*args, **kwargs)


def _relabel(result, lib: str):
    """What a library's function returns is that library's, even from Python numbers (np.exp(0.5))."""
    if isinstance(result, _Tuple):
        return _Tuple(tuple(_relabel(i, lib) for i in result.items), result.names)
    return _like(result, result.array, library=lib) if result.library == "python" and lib != "python" else result


def _library_of(path: str) -> str:
    return {"torch": "torch", "tensorflow": "tf", "math": "python"}.get(path.split(".")[0], "numpy")


@dataclass(frozen=True)
class _Tuple:
    items: tuple
    names: tuple = ()            # a named tuple's fields: torch.max(x, dim) -> (values, indices)
    keys: tuple | None = None    # a dict's keys (str or int constants): its items are the values


@dataclass(frozen=True)
class _Ref:
    """A dotted name of a library (a module, a function): only looked up, never imported."""
    path: str


@dataclass(frozen=True)
class _Builtin:
    name: str


@dataclass(frozen=True)
class _Method:
    value: Value
    name: str


@dataclass(eq=False)
class _Function:
    node: ast.AST
    name: str
    defaults: dict
    local_names: frozenset
    home: tuple = ()             # (lines, prompt widths, line offset) of the block that defined it


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class _Stop(Exception):
    """The statement limit is reached: nothing after it is evaluated."""


# --- the source: prompts, magics, chunks that parse -----------------------------------------------------

_REPL = re.compile(r"^(\s*)(>>>|\.\.\.)( |$)")
_IPYTHON = re.compile(r"^(\s*)(In \[\d*\]:|\.\.\.:)( |$)")
_CELL = re.compile(r"^\s*#\s*(%%|In\s*\[)")
_CLAUSE = re.compile(r"(else|elif|except|finally)\b")
_DECIMAL = re.compile(r"[+-]?(\d[\d_]*(\.[\d_]*)?|\.\d[\d_]*)([eE][+-]?\d+)?")     # no nested stars: linear


def _prepare(source: str) -> tuple[list[str], list[int], bool]:
    """Lines with prompts stripped, magics, shell escapes and transcript output blanked (numbering
    kept); the prompt width of each line; whether the block is a transcript (every expression echoes)."""
    lines = re.split(r"\r\n|\r|\n", source)
    prompt = next((p for p in (_REPL, _IPYTHON) if any((m := p.match(line)) and "..." not in m.group(2)
                                                       for line in lines)), None)
    widths = [0] * len(lines)
    for i, line in enumerate(lines):
        if prompt is not None:
            m = prompt.match(line)
            widths[i], line = (m.end(), line[m.end():]) if m else (0, "")
        lines[i] = "" if line.lstrip().startswith(("%", "!")) else line
    return lines, widths, prompt is not None


def _scan(line: str, state: list) -> None:
    """Follow bracket depth and an open triple-quoted string across lines (state = [depth, quote])."""
    i = 0
    while i < len(line):
        if state[1]:
            end = line.find(state[1], i)
            while end > 0 and line[end - 1] == "\\":
                end = line.find(state[1], end + 1)
            if end < 0:
                return
            state[1], i = None, end + len(state[1])
        elif line[i] == "#":
            return
        elif line[i] in "\"'":
            q = line[i] * 3 if line.startswith(line[i] * 3, i) else line[i]
            i += len(q)
            if len(q) == 3:
                state[1] = q
                continue
            while i < len(line) and line[i] != q:
                i += 2 if line[i] == "\\" else 1
            i += 1
        else:
            state[0] = max(0, state[0] + (line[i] in "([{") - (line[i] in ")]}"))
            i += 1


def _chunks(lines: list[str], lo: int, hi: int, brackets: bool = True):
    """(start, end) line ranges of top-level statements: one starts at a line at column 0 outside
    brackets and strings (``brackets=False``: at every line at column 0)."""
    state, start, last = [0, None], None, ""
    for i in range(lo, hi):
        line, text = lines[i], lines[i].strip()
        code = bool(text) and not text.startswith("#")
        if code and line[:1] not in " \t" and not _CLAUSE.match(text) and not last.startswith("@") and (
                not brackets or (state == [0, None] and not last.endswith("\\"))) or code and start is None:
            if start is not None:
                yield start, i
            start = i
        if brackets:
            _scan(line, state)
        last = text if code else last
    if start is not None:
        yield start, hi


def _parse(lines: list[str]):
    """Top-level statements (absolute line numbers), the line ranges that parsed, and the first line
    of each chunk that did not."""
    def attempt(lo, hi):
        try:
            tree = parse("\n".join(lines[lo:hi]))
        except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError):
            return None
        return ast.increment_lineno(tree, lo).body

    whole = attempt(0, len(lines))
    if whole is not None:
        return whole, [(0, len(lines))], []
    stmts, good, bad = [], [], []
    for lo, hi in _chunks(lines, 0, len(lines)):
        body = attempt(lo, hi)
        for a, b, part in [(lo, hi, body)] if body is not None else [
                (a, b, attempt(a, b)) for a, b in _chunks(lines, lo, hi, brackets=False)]:
            if part is None:
                bad.append(a + 1)
            else:
                stmts.extend(part)
                good.append((a, b))
    return stmts, good, bad


def parse(source: str, mode: str = "exec"):
    """``ast.parse`` without the warnings Python gives for an article's code (an invalid escape such as
    ``"\\s"`` in a string is a DeprecationWarning, a SyntaxWarning from Python 3.12): reading is not running."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(source, mode=mode)


def _comments(lines: list[str], ranges) -> dict[int, tuple[int, str, bool]]:
    """0-based line -> (column of '#', text after it, whether the line holds nothing else)."""
    found = {}
    for lo, hi in ranges:
        try:
            for tok in tokenize.generate_tokens(io.StringIO("\n".join(lines[lo:hi]) + "\n").readline):
                if tok.type == tokenize.COMMENT:
                    found[lo + tok.start[0] - 1] = (tok.start[1], tok.string[1:], not tok.line[:tok.start[1]].strip())
        except (tokenize.TokenError, SyntaxError, ValueError):
            continue
    return found


def _decimal(text: str):
    """A decimal literal's exact value, from its source text (``0.1`` is 1/10)."""
    text = text.replace("_", "")
    if len(text) > limits.CHECK_MAX_NUMBER_CHARS or not _DECIMAL.fullmatch(text):
        raise _Unknown("not a decimal number")
    exponent = re.search(r"[eE]([+-]?\d+)$", text)
    if exponent and abs(int(exponent.group(1))) > limits.CHECK_MAX_TEN_POWER:
        raise _Unknown(f"a number beyond 1e{limits.CHECK_MAX_TEN_POWER}")
    if len(re.sub(r"[eE].*|\D", "", text)) > limits.MAX_INTEGER_DIGITS:
        raise _Unknown(f"a number with more than {limits.MAX_INTEGER_DIGITS} digits")
    f = Fraction(text)
    return sp.Rational(f.numerator, f.denominator)


# --- the evaluator ------------------------------------------------------------------------------------

_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Pass)
_ERRORS = (_Unknown, ArithmeticError, ValueError, TypeError, IndexError, KeyError, RecursionError, MemoryError)


def _straight(body, function=False) -> str | None:
    """Why a loop or function body is not straight-line code (None when it is)."""
    for i, s in enumerate(body):
        if isinstance(s, ast.For):
            why = _straight(s.body) or ("for ... else" if s.orelse else None)
            if why:
                return why
        elif isinstance(s, ast.If):
            why = _straight(s.body) or _straight(s.orelse)   # (taken when its test is decided: see run)
            if why:
                return why
        elif not isinstance(s, _SIMPLE) and not (function and isinstance(s, ast.Return) and i == len(body) - 1):
            return f"'{type(s).__name__.lower()}' in a loop or function body"
    return None


def _targets(node) -> set[str]:
    """Every name a statement may bind."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, (ast.Subscript, ast.Attribute)) and isinstance(n.ctx, (ast.Store, ast.Del)):
            base = n.value   # pe[:, 0::2] = …: pe changes in place
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name):
                names.add(base.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in n.names)
    return names


def _is_main(test) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.comparators) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


class _Evaluator:
    def __init__(self, lines, widths, offset, repl, notes, echoes):
        self.lines, self.widths, self.offset, self.repl = lines, widths, offset, repl
        self.notes, self.echoes = notes, echoes
        self.module = {name: _Ref(path) for name, path in _DEFAULT_MODULES.items()}
        self.scopes = [self.module]              # the module, then the locals of each active call
        self.active: list[_Function] = []
        self.program, self.why, self.memo, self.seen = Program(), {}, {}, set()
        self.steps = self.depth = 0
        self.called_at = 0   # the line of the statement at the top that is running
        self.deadline = time.monotonic() + limits.CHECK_SECONDS    # also where no CPU timer can run (threads)

    # -- bookkeeping
    def unknown(self, node, why: str) -> None:
        entry = (getattr(node, "lineno", 1) + self.offset, why)
        if entry not in self.seen:
            self.seen.add(entry)
            self.program.unknown.append(entry)

    def text(self, node) -> str:
        lines = [line.encode() for line in self.lines[node.lineno - 1:node.end_lineno]]
        lines[-1] = lines[-1][:node.end_col_offset]
        lines[0] = lines[0][node.col_offset:]
        return b"\n".join(lines).decode(errors="replace")

    def check(self, obj):
        if isinstance(obj, Value):
            _room(obj.shape)
            if sum(_measure(self.memo, e) for e in obj.array.flat) > limits.MAX_TERMS:
                raise _Unknown(f"an array of more than {limits.MAX_TERMS:,} exact terms")
        for item in obj.items if isinstance(obj, _Tuple) else ():
            self.check(item)
        return obj

    def lookup(self, name: str):
        for scope in (self.scopes[-1], self.module):
            if name in scope:
                return scope[name]
        if self.active and name in self.active[-1].local_names:
            raise _Unknown(f"{name!r} is used before it is assigned")
        if name in _BUILTINS or name in ("print", "display", "range") or name in _PYTHON_DTYPES:
            return _Builtin(name)
        if name in self.why:
            raise _Unknown(f"{name} is unknown ({self.why[name]})", root=self.why[name])
        raise _Unknown(f"unbound name {name!r}")

    def poison(self, names, why: str) -> None:
        for name in names:
            for scope in self.scopes:
                scope.pop(name, None)
            self.why[name] = why

    def in_place(self, old: Value, new: Value | None, why: str) -> None:
        """``old`` changed in place: names bound to it become ``new``; its views (all, if no new) unknown."""
        for scope in self.scopes:
            for name, v in list(scope.items()):
                if isinstance(v, Value) and v.base & old.base:
                    if v is old and new is not None:
                        scope[name] = new
                    else:
                        del scope[name]
                        self.why[name] = why

    # -- statements
    def block(self, body, top=False) -> None:
        for node in body:
            self.statement(node, top)

    def statement(self, node, top=False) -> None:
        self.steps += 1
        if not self.depth:
            self.called_at = node.lineno + self.offset
        if self.steps > limits.CHECK_MAX_SEGMENTS:
            raise _Stop(f"over the limit of {limits.CHECK_MAX_SEGMENTS} statements")
        if time.monotonic() > self.deadline:
            raise _Stop(f"evaluating a code block took longer than the limit of {limits.CHECK_SECONDS:g} s "
                        "(set SYMATTN_CHECK_SECONDS to raise it)")
        if isinstance(node, ast.Return):
            if not self.active:
                return self.unknown(node, "'return' outside a function")
            raise _Return(None if node.value is None else self.expr(node.value))
        try:
            shown = self.run(node, top)
        except _ERRORS as exc:
            why = str(exc) if isinstance(exc, _Unknown) else f"not evaluated ({type(exc).__name__})"
            self.unknown(node, why)
            self.poison(set() if isinstance(node, ast.Expr) else _targets(node),
                        getattr(exc, "root", None) or f"line {node.lineno + self.offset}: {why}")
            return
        if top and isinstance(shown, Value):
            self.comment(node, shown)

    def run(self, node, top):
        kind = type(node)
        if kind in (ast.Assign, ast.AnnAssign):
            if node.value is None:
                return None
            value = self.expr(node.value)
            for target in getattr(node, "targets", None) or [node.target]:
                self.bind(target, value)
            return value
        if kind is ast.AugAssign:
            return self.augment(node)
        if kind is ast.Expr:
            return self.expression_statement(node, top)
        if kind in (ast.Import, ast.ImportFrom):
            return self.imports(node)
        if kind is ast.FunctionDef:
            return self.define(node)
        if kind is ast.For:
            return self.loop(node)
        if kind is ast.Delete:
            return self.poison(_targets(node), f"line {node.lineno + self.offset}: deleted")
        if kind is ast.With and all(isinstance(i.context_expr, ast.Call) and i.optional_vars is None and
                                    isinstance(f := self.expr(i.context_expr.func), _Ref) and f.path in _NO_OP_CONTEXTS
                                    for i in node.items) or kind is ast.If and _is_main(node.test) and not node.orelse:
            return self.block(node.body, top)
        if kind is ast.If:
            # a branch on what the call passed (``if mask is not None:``) or on a known number: the
            # branch its test decides; a test of unknown truth leaves the statement unknown
            return self.block(node.body if _truth(self.expr(node.test)) else node.orelse, top)
        if kind is not ast.Pass:
            raise _Unknown(f"'{kind.__name__.lower()}' is not evaluated")

    def bind(self, target, value) -> None:
        if isinstance(target, ast.Name):
            self.scopes[-1][target.id] = value
            self.why.pop(target.id, None)
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = self.unpack(value)
            if len(items) != len(target.elts) or any(isinstance(t, ast.Starred) for t in target.elts):
                raise _Unknown("unpacking into a different number of names")
            for t, item in zip(target.elts, items):
                self.bind(t, item)
        else:                                                   # x[i] = ..., obj.attr = ...
            base = target
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name):
                why = f"line {target.lineno + self.offset}: {base.id} is changed in place"
                if isinstance(old := self.scopes[-1].get(base.id, self.module.get(base.id)), Value):
                    self.in_place(old, None, why)
                self.poison({base.id}, why)
            raise _Unknown("assignment into an element or attribute is not evaluated")

    def unpack(self, value) -> list:
        if isinstance(value, _Tuple):
            return [k if isinstance(k, str) else _new(sp.Integer(k)) for k in value.keys] if value.keys is not None \
                else list(value.items)
        if isinstance(value, Value) and value.shape:
            return [_like(value, row) for row in value.array]
        raise _Unknown("unpacking something that is not a sequence")

    def augment(self, node):
        if not isinstance(node.target, ast.Name):
            self.bind(node.target, None)
        name = node.target.id
        old = self.lookup(name)
        new = self.check(_binop(type(node.op), old, self.expr(node.value)))
        if isinstance(old, Value) and old.shape:                 # arrays and lists change in place
            self.in_place(old, new, f"line {node.lineno + self.offset}: changed in place through {name}")
        self.scopes[-1][name] = new
        return new

    def expression_statement(self, node, top):
        value = node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return None                                             # a docstring
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("print", "display") \
                and self.lookup(value.func.id) in (_Builtin(value.func.id), _Ref("IPython.display.display")):
            return self.printing(value)
        result = self.expr(value)
        after = self.lines[node.end_lineno - 1].encode()[node.end_col_offset:].decode(errors="replace")
        if top and isinstance(result, Value) and (self.repl or node in self.echoes) and not after.lstrip().startswith(";"):
            self.program.prints.append(Printed(node.lineno + self.offset, self.text(value), result))
            return result
        return None

    def printing(self, call):
        label, shown = [], None
        for arg in call.args:
            for part in arg.values if isinstance(arg, ast.JoinedStr) else [arg]:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    label.append(part.value)
                    continue
                inner = part.value if isinstance(part, ast.FormattedValue) else part
                try:
                    v = self.expr(inner)
                except _ERRORS as exc:
                    self.unknown(call, str(exc) if isinstance(exc, _Unknown) else "not evaluated")
                    label = []
                    continue
                if isinstance(v, str):
                    label.append(v)
                elif isinstance(v, Value):
                    spec = part.format_spec if isinstance(part, ast.FormattedValue) else None
                    fmt = "".join(c.value for c in spec.values if isinstance(c, ast.Constant)) if spec else None
                    text = ("" if isinstance(arg, ast.JoinedStr) else " ").join(label).strip()
                    self.program.prints.append(Printed(call.lineno + self.offset, self.text(inner), v, text, fmt,
                                                       self.called_at if self.depth else 0))
                    label, shown = [], v
        return shown

    def imports(self, node):
        for alias in node.names:
            if alias.name == "*":
                raise _Unknown("import * is not evaluated")
            if isinstance(node, ast.Import):                 # bound as a name only: nothing is imported
                path = alias.name if alias.asname else alias.name.split(".")[0]
                self.scopes[-1][alias.asname or path] = _Ref(path)
            else:
                self.scopes[-1][alias.asname or alias.name] = self.attribute(_Ref(node.module or ""), alias.name)

    def define(self, node):
        why = _straight(node.body, function=True)
        if why or node.decorator_list:
            raise _Unknown(f"function {node.name}: {why or 'decorators'}")
        self.scopes[-1][node.name] = self.function(node, node.name, _targets(ast.Module(node.body, [])))
        self.why.pop(node.name, None)

    def function(self, node, name, assigned) -> _Function:
        """A def or lambda, its defaults evaluated now (one that is unknown must then be passed)."""
        spec = node.args
        if spec.vararg or spec.kwarg:
            raise _Unknown(f"{name}: *args or **kwargs")
        positional = spec.posonlyargs + spec.args
        defaults = list(zip(positional[len(positional) - len(spec.defaults):], spec.defaults))
        values = {}
        for p, d in defaults + [(p, d) for p, d in zip(spec.kwonlyargs, spec.kw_defaults) if d is not None]:
            try:
                values[p.arg] = self.expr(d)
            except _ERRORS:
                pass
        return _Function(node, name, values, frozenset(assigned | {p.arg for p in positional + spec.kwonlyargs}),
                         (self.lines, self.widths, self.offset))

    def loop(self, node):
        why = _straight(node.body) or ("for ... else" if node.orelse else None)
        if why:
            raise _Unknown(why)
        for item in self.iterate(node.iter):
            self.bind(node.target, item)
            self.block(node.body)

    def iterate(self, it) -> list:
        """The items of ``for x in ...``: range() of whole numbers, an array's rows, a list, a dict's keys."""
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords \
                and self.lookup("range") == _Builtin("range"):
            bounds = [_int(self.expr(a)) for a in it.args]
            if not 1 <= len(bounds) <= 3 or 0 in bounds[2:] or len(range(*bounds)) > limits.CHECK_MAX_SEGMENTS:
                raise _Unknown("range() with other arguments or too many steps")
            return [_new(sp.Integer(i)) for i in range(*bounds)]
        return self.unpack(self.expr(it))

    def comprehension(self, node):
        """[expr for target in items], one generator and no condition; its names stay inside."""
        (gen,) = node.generators if len(node.generators) == 1 else (_fail("a comprehension of several loops"),)
        if gen.ifs or gen.is_async:
            raise _Unknown("a comprehension with a condition")
        results = []
        for item in self.iterate(gen.iter):
            self.steps += 1
            if self.steps > limits.CHECK_MAX_SEGMENTS:
                raise _Unknown(f"over the limit of {limits.CHECK_MAX_SEGMENTS} statements")
            self.scopes.append(dict(self.scopes[-1]))
            try:
                self.bind(gen.target, item)
                results.append(self.expr(node.elt))
            finally:
                self.scopes.pop()
        return self.listing(results)

    # -- expressions
    def expr(self, node):
        self.depth += 1
        try:
            if self.depth > limits.MAX_NESTING:
                raise _Unknown(f"an expression nested deeper than {limits.MAX_NESTING}")
            return self.check(self.evaluate(node))
        finally:
            self.depth -= 1

    def evaluate(self, node):
        kind = type(node)
        if kind is ast.Constant:
            return self.constant(node)
        if kind is ast.Name:
            return self.lookup(node.id)
        if kind is ast.Attribute:
            return self.attribute(self.expr(node.value), node.attr)
        if kind is ast.Call:
            return self.call(node)
        if kind is ast.BinOp and (type(node.op) in _OPS or isinstance(node.op, ast.MatMult)):
            left, right = self.expr(node.left), self.expr(node.right)
            text = _text_op(type(node.op), left, right)
            return text if text is not None else _binop(type(node.op), left, right)
        if kind is ast.UnaryOp and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
            return _unary(node.op, self.expr(node.operand))
        if kind is ast.Compare:
            return self.comparison(node)
        if kind in (ast.List, ast.Tuple):
            return self.sequence(node)
        if kind is ast.Dict:
            return self.mapping(node)
        if kind is ast.ListComp:
            return self.comprehension(node)
        if kind is ast.Subscript:
            return self.subscript(node)
        if kind is ast.Lambda:
            return self.function(node, "<lambda>", set())
        raise _Unknown(f"'{self.text(node)[:40]}' is not evaluated")

    def constant(self, node):
        v = node.value
        if v is None or v is Ellipsis or isinstance(v, str):
            return v
        if isinstance(v, bool):
            return _new(sp.true if v else sp.false, dtype="bool")
        if isinstance(v, int):
            if v.bit_length() > 3.33 * limits.MAX_INTEGER_DIGITS:
                raise _Unknown(f"a number with more than {limits.MAX_INTEGER_DIGITS} digits")
            return _new(sp.Integer(v))
        if isinstance(v, float):
            text = self.text(node).replace("_", "")
            return _new(_decimal(text if _DECIMAL.fullmatch(text) else repr(v)))
        raise _Unknown("a constant that is not a real number")

    def comparison(self, node):
        left, result = self.expr(node.left), None
        if len(node.ops) > 1 and not (isinstance(left, Value) and left.shape == ()):
            raise _Unknown("a chained comparison of arrays")
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)) and \
                isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None:
            # ``mask is not None``: whether an argument was passed, known for every value here
            return (left is None) == isinstance(node.ops[0], ast.Is)
        for op, right_node in zip(node.ops, node.comparators):
            if type(op) not in _COMPARE:
                raise _Unknown("'is' / 'in' comparisons are not evaluated")
            right = self.expr(right_node)
            step = _compare(type(op), left, right)
            result = step if result is None else _new(sp.true if result.array[()] and step.array[()] else sp.false,
                                                      dtype="bool")
            left = right
        return result

    def sequence(self, node):
        if len(node.elts) > limits.CHECK_MAX_BLOCK_ENTRIES:
            raise _Unknown(f"a list over the limit of {limits.CHECK_MAX_BLOCK_ENTRIES} entries")
        return self.listing([self.expr(e) for e in node.elts])

    def mapping(self, node):
        if len(node.keys) > limits.CHECK_MAX_BLOCK_ENTRIES or not all(
                isinstance(k, ast.Constant) and type(k.value) in (str, int) for k in node.keys):
            raise _Unknown("a dict whose keys are not text or whole-number constants")
        found = {k.value: self.expr(v) for k, v in zip(node.keys, node.values)}
        return _Tuple(tuple(found.values()), keys=tuple(found))

    @staticmethod
    def listing(items):
        items = tuple(items)
        if not all(isinstance(i, Value) and i.library == "python" for i in items) or len({i.shape for i in items}) > 1:
            return _Tuple(items)                  # arrays, text or ragged: a sequence, not an array
        if not items:
            return _new(np.empty((0,), dtype=object))
        _room((len(items),) + items[0].shape)
        return _new(np.stack([i.array for i in items]), dtype="bool" if all(i.dtype == "bool" for i in items) else None)

    def subscript(self, node):
        base = self.expr(node.value)
        if isinstance(base, _Tuple) and base.keys is not None:
            k = self.expr(node.slice)
            k = k if isinstance(k, str) else _int(k)
            return base.items[base.keys.index(k)] if k in base.keys else _fail(f"the key {k!r} is not in the dict")
        key = []
        for p in node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]:
            if isinstance(p, ast.Slice):
                key.append(slice(*(None if e is None else _int(self.expr(e)) for e in (p.lower, p.upper, p.step))))
            else:
                k = self.expr(p)
                if isinstance(k, (Value, _Tuple)) and (isinstance(k, _Tuple) or k.shape or k.dtype == "bool"):
                    raise _Unknown("indexing with an array or a mask is not evaluated")
                key.append(k if k is None or k is Ellipsis else _int(k))
        if isinstance(base, _Tuple):
            if len(key) != 1:
                raise _Unknown("indexing a tuple with more than one index")
            got = base.items[key[0]]
            return _Tuple(got) if isinstance(key[0], slice) else got
        v = _arr(base)
        if v.library == "python" and (len(key) > 1 or key[0] is None or key[0] is Ellipsis):
            raise _Unknown("numpy indexing of a Python list")
        got = v.array[tuple(key)]
        return _like(v, got) if isinstance(got, np.ndarray) else _like(v, np.asarray(_new(got).array))

    def attribute(self, obj, attr: str):
        if attr.startswith("__"):
            raise _Unknown(f"the attribute {attr} is not evaluated")
        if isinstance(obj, _Ref):
            path = f"{obj.path}.{attr}".lstrip(".")
            if path in _CONSTANTS:
                return _new(_CONSTANTS[path], _library_of(path))
            if path in ("numpy.newaxis", "torch.newaxis"):
                return None
            return _DType(_DTYPES[path]) if path in _DTYPES else _Ref(path)
        if isinstance(obj, _Tuple) and attr in obj.names:
            return obj.items[obj.names.index(attr)]
        if isinstance(obj, _Tuple) and obj.keys is not None and attr in ("keys", "values", "items"):
            return _Method(obj, attr)
        if isinstance(obj, Value) and obj.library != "python":       # Python numbers and lists have none
            if attr in ("T", "mT"):
                return _like(obj, obj.array.T if attr == "T" else np.swapaxes(obj.array, -1, -2))
            if attr == "shape" or attr == "size" and obj.library != "torch":
                return _size("python", obj) if attr == "shape" else _new(sp.Integer(obj.array.size))
            if attr in ("ndim", "data", "dtype"):       # an unstated dtype is the library's default
                return {"ndim": _new(sp.Integer(obj.array.ndim)), "data": obj}.get(attr, obj.dtype and _DType(obj.dtype))
            if attr in _METHODS or attr in _SHARED:
                return _Method(obj, attr)
        raise _Unknown(f"the attribute .{attr} is not evaluated")

    def call(self, node):
        fn_node = node.func
        receiver = self.expr(fn_node.value) if isinstance(fn_node, ast.Attribute) else None
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise _Unknown("*args / **kwargs in a call are not evaluated")
        name = self.text(fn_node)[:60]
        self.mutation(node, receiver, name)
        to = isinstance(fn_node, ast.Attribute) and fn_node.attr == "to"      # x.to(device): never the values
        args = [self.expr(a) for a in node.args if not (to and re.search("device", self.text(a), re.I))]
        kwargs = {_ALIASES.get(k.arg, k.arg): self.expr(k.value) for k in node.keywords if k.arg not in _IGNORED}
        fn = self.attribute(receiver, fn_node.attr) if isinstance(fn_node, ast.Attribute) else self.expr(fn_node)
        return self.dispatch(fn, receiver, args, kwargs, node, name)

    def mutation(self, node, receiver, name) -> None:
        """A call that changes arrays in place (x.fill_(0), x.sort(), np.fill_diagonal(x, 0), out=x):
        they and every view of them are unknown after it, even if the call's other arguments are."""
        last, method = name.rsplit(".", 1)[-1], isinstance(node.func, ast.Attribute) and isinstance(receiver, Value)
        if not (last.endswith("_") or any(k.arg == "out" for k in node.keywords) or (
                last in _MUTATING_METHODS if method else last in _MUTATING_FUNCTIONS)):
            return
        if isinstance(self.scopes[-1].get(last, self.module.get(last)), _Function) and not method:
            return                                              # the article's own function: evaluated
        for a in ([node.func.value] if method else []) + list(node.args) + [k.value for k in node.keywords]:
            while isinstance(a, (ast.Subscript, ast.Attribute, ast.Starred)):
                a = a.value
            if isinstance(a, ast.Name) and isinstance(v := self.scopes[-1].get(a.id, self.module.get(a.id)), Value):
                self.in_place(v, None, f"line {node.lineno + self.offset}: changed in place by {name}()")
        raise _Unknown(f"{name}() changes arrays in place")

    def dispatch(self, fn, receiver, args, kwargs, node, name):
        if isinstance(fn, _Function):
            return self.call_function(fn, args, kwargs)
        if isinstance(fn, _Method) and isinstance(fn.value, _Tuple):           # a dict's keys / values / items
            d = fn.value
            keys = self.unpack(d)
            return _Tuple({"keys": tuple(keys), "values": d.items}.get(fn.name) or tuple(
                _Tuple((k, v)) for k, v in zip(keys, d.items))) if not args and not kwargs else _fail("dict method")
        if isinstance(fn, _Method):
            lib = fn.value.library
            method = _METHODS.get(fn.name) or _FUNCS.get(f"{_ROOTS[lib]}.{fn.name}") or _FUNCS[f"torch.{fn.name}"]
            return _apply(method, name, lib, fn.value, *args, **kwargs)
        if isinstance(fn, _Builtin) and fn.name in _BUILTINS:
            return _apply(_BUILTINS[fn.name], name, "python", *args, **kwargs)
        if isinstance(fn, _DType) and isinstance(receiver, _Ref) and receiver.path in _NP and len(args) == 1:
            return _cast(_arr(args[0]), fn.name, "numpy", fresh=True)          # np.float32(0.5)
        if isinstance(fn, _Ref) and fn.path in _FUNCS:
            if fn.path.startswith("torch.") and _FUNCS[fn.path] not in _CONSTRUCTORS and args and \
                    isinstance(args[0], Value) and args[0].library == "python":
                raise _Unknown(f"{name}() of a Python number or list (torch takes tensors)")
            lib = _library_of(fn.path)
            return _relabel(_apply(_FUNCS[fn.path], name, lib, *args, **kwargs), lib)
        if _RANDOM.search(fn.path if isinstance(fn, _Ref) else name):
            raise _Unknown(f"{name}() is random")
        raise _Unknown(f"{name}() is not evaluated")

    def call_function(self, fn: _Function, args, kwargs):
        if fn in self.active:
            raise _Unknown(f"recursive call of {fn.name}")
        spec = fn.node.args
        names = [p.arg for p in spec.posonlyargs + spec.args]
        keywords = names[len(spec.posonlyargs):] + [p.arg for p in spec.kwonlyargs]
        if len(args) > len(names) or any(k in names[:len(args)] or k not in keywords for k in kwargs):
            raise _Unknown(f"{fn.name}() called with arguments it does not take")
        local = dict(zip(names, args)) | kwargs
        for name in names + [p.arg for p in spec.kwonlyargs]:
            if name not in local:
                local[name] = fn.defaults[name] if name in fn.defaults else _fail(f"{fn.name}() called without {name}")
        self.active.append(fn)
        self.scopes.append(local)
        self.depth += 1
        here, (self.lines, self.widths, self.offset) = (self.lines, self.widths, self.offset), fn.home
        try:
            if self.depth > limits.MAX_NESTING:
                raise _Unknown(f"calls nested deeper than {limits.MAX_NESTING}")
            if isinstance(fn.node, ast.Lambda):
                return self.expr(fn.node.body)
            self.block(fn.node.body)
        except _Return as r:
            return r.value
        finally:
            self.lines, self.widths, self.offset = here
            self.depth -= 1
            self.scopes.pop()
            self.active.pop()

    # -- a comment with numbers on the line of a statement that assigns or prints a known value
    def comment(self, node, value: Value) -> None:
        row = node.end_lineno - 1
        if row in self.notes and not self.notes[row][2]:
            take, trailing = [row], True                       # x = ...  # 0.65
        elif isinstance(node, ast.Expr) and self.notes.get(row + 1, (0, "", False))[2]:
            take, trailing = [row + 1], False                  # print(x) then '# [0.65 ...' lines
        elif isinstance(node, ast.Assign) and self.notes.get(row + 1, (0, "", False))[2] and \
                _OUTPUT_MARK.match(self.notes[row + 1][1]):
            take, trailing = [row + 1], False                  # p = softmax(s) then '# 结果: [0.72, ...]'
        else:
            return
        if not re.search(r"\d", self.notes[take[0]][1]):
            return
        depth, spans, texts = 0, [], []
        while True:
            col, text, _ = self.notes[take[-1]]
            spans.append((take[-1] + 1 + self.offset, col + self.widths[take[-1]],
                          len(self.lines[take[-1]]) + self.widths[take[-1]]))
            texts.append(text)
            depth += text.count("[") + text.count("(") - text.count("]") - text.count(")")
            nxt = self.notes.get(take[-1] + 1)
            if not nxt or not nxt[2] or depth <= 0 and (trailing or not re.search(r"\d", nxt[1])):
                break
            take.append(take[-1] + 1)
        self.program.comments.append(Commented(node.end_lineno + self.offset, "\n".join(texts), value, tuple(spans)))


#: a comment line that gives what the statement above it computes: "# Output: ...", "# 结果: ...", "# -> ..."
_OUTPUT_MARK = re.compile(r"\s*(?:(?:outputs?|results?|returns?|gives?|prints?|输出|結果|结果|出力|출력|결과|salida|resultado"
                          r"|sortie|résultat|ausgabe|ergebnis|risultato|вывод|результат)\s*[:：=]|->|→|=>|=(?!=)|≈)",
                          re.I)


_ASSIGNED = re.compile(r"^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?:\[[^\]]*\])?\s*(?:[-+*/@%]|//|\*\*)?=(?!=)")


def _assigned(line: str) -> list[str]:
    """The names a line assigns, read from its text alone (``a, b = ...``, ``x[0] += ...``)."""
    m = _ASSIGNED.match(line)
    return [n.strip() for n in m.group(1).split(",")] if m else []


def evaluate(source: str, *, line_offset: int = 0, given: Program | dict[str, Value] | None = None) -> Program:
    """Evaluate one code block exactly, without running it (see the module docstring).  ``given``: what
    is known before it — an earlier block's Program (its values, functions and imports), or values
    by name.  Never raises."""
    program = Program()
    try:
        if not isinstance(source, str) or len(source) > limits.CHECK_MAX_CODE_CHARS:
            program.unknown.append((1 + line_offset, f"a code block over the limit of "
                                    f"{limits.CHECK_MAX_CODE_CHARS:,} characters"))
            return program
        lines, widths, repl = _prepare(source)
        stmts, good, bad = _parse(lines)
        cells = [i + 1 for i, line in enumerate(lines) if _CELL.match(line)]        # 1-based marker lines
        echoes = {s for k, s in enumerate(stmts) if k + 1 == len(stmts) or
                  bisect.bisect_right(cells, s.end_lineno) < len(cells) and
                  cells[bisect.bisect_right(cells, s.end_lineno)] < stmts[k + 1].lineno}
        ev = _Evaluator(lines, widths, line_offset, repl, _comments(lines, good), echoes)
        if isinstance(given, Program):
            ev.module.update(given.scope)
        elif isinstance(given, dict):
            ev.module.update({k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, Value)})
        program = ev.program
        program.unknown.extend((line + line_offset, "not Python (a syntax error)") for line in bad)
        # a line that is not Python but reads as an assignment (``X = `` cut short) may have changed
        # its names: from there on they are unknown, never their values from before
        lost = sorted((line, name) for line in bad for name in _assigned(lines[line - 1]))
        current = stmts[0] if stmts else None
        try:
            with limits.time_limit("evaluating a code block", "CHECK_SECONDS"):
                for current in stmts:
                    while lost and lost[0][0] < current.lineno:
                        ev.module.pop(lost.pop(0)[1], None)
                    ev.statement(current, top=True)
            for _, name in lost:
                ev.module.pop(name, None)
        except (_Stop, SymattnError) as exc:
            ev.unknown(current, str(exc))
        program.values = {k: v for k, v in ev.module.items() if isinstance(v, Value)}
        program.scope = dict(ev.module)
        program.unknown.sort(key=lambda u: u[0])
    except Exception as exc:  # noqa: BLE001 - the contract: never raises on any input
        program.unknown.append((1 + line_offset, f"not evaluated ({type(exc).__name__})"))
    return program
