r"""The array code of an article, read as data: the numpy / torch / TensorFlow subset that worked
examples of attention use, evaluated exactly over Python's ``ast`` with a whitelist.  Nothing is
run, imported or compiled: each node is looked up in the tables below, and anything else is unknown.

Input: the text of one code block (``line_offset``: the block's line in the article, minus one).
Output: a :class:`Program` — the final :class:`Value` of each name, every ``print`` of a known value,
every trailing ``# ...`` comment with numbers about a known value, and what was not evaluated and why.

Entries are exact SymPy numbers (``0.1`` is 1/10, ``1e-9`` is 1/10^9, ``np.exp(1/2)`` is ``exp(1/2)``);
booleans are ``sympy.true``/``sympy.false``; a fully masked softmax row is ``nan`` (numpy's value).
Loops: ``for NAME in range(...)`` (or over a known array) whose body only assigns, prints and loops.
Functions: ``def``/``lambda`` whose body only assigns, prints and loops and ends in ``return``; no
recursion.  ``x[i] = ...`` and unknown in-place calls (``fill_``, ``np.fill_diagonal``) make the array
and everything sharing its memory unknown; ``x += 1`` updates every alias and poisons views.

>>> p = evaluate("import numpy as np\nx = np.array([1.0, 2.0]) / 2\nprint('x:', x)  # [0.5 1. ]\n")
>>> p.values["x"].entries, p.prints[0].label, p.comments[0].text
((1/2, 1), 'x:', ' [0.5 1. ]')
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
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


# --- what the caller gets -------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Value:
    """An exact array: ``array`` is a read-only numpy array of SymPy numbers (``dtype=object``)."""

    array: np.ndarray
    library: str = "python"        # numpy | torch | tf | python
    dtype: str | None = None       # as stated (float32, float16, int64, bool), else None
    rounded: int | None = None     # decimals, when it went through round()/np.round
    base: frozenset = field(default=frozenset(), repr=False)   # the memory it shares with views

    @property
    def shape(self) -> tuple[int, ...]:
        return self.array.shape

    @property
    def flat(self) -> tuple:
        return tuple(self.array.flat)

    @property
    def entries(self):
        """Nested tuples of entries (the entry itself for a scalar)."""
        return _nest(self.array)

    def matrix(self) -> sp.Matrix:
        return sp.Matrix(np.atleast_2d(self.array).tolist())

    def approx(self, dps: int = 20):
        """The entries as mpmath numbers (fast: shared subexpressions are evaluated once)."""
        return _nest(np.vectorize(lambda x: _approx(x, dps), otypes=[object])(self.array))


@dataclass(frozen=True)
class Printed:
    line: int                    # 1-based, + line_offset
    text: str                    # the printed expression's source
    value: Value
    label: str = ""              # literal text printed before it: print("Q:", Q) -> "Q:"
    format: str | None = None    # f"{x:.4f}" -> ".4f"


@dataclass(frozen=True)
class Commented:
    line: int                    # the statement's (last) line
    text: str                    # after '#', continuation lines joined with '\n'
    value: Value
    spans: tuple[tuple[int, int, int], ...] = ()   # (line, column of '#', end column) in the source as given


@dataclass
class Program:
    values: dict[str, Value] = field(default_factory=dict)
    prints: list[Printed] = field(default_factory=list)
    comments: list[Commented] = field(default_factory=list)
    unknown: list[tuple[int, str]] = field(default_factory=list)


class _Unknown(Exception):
    """Why an expression or statement is not evaluated (``root``: the first cause, for a name)."""

    def __init__(self, why: str = "", root: str | None = None):
        super().__init__(why)
        self.root = root


def _fail(why: str):
    raise _Unknown(why)


def _nest(a):
    return a[()] if a.ndim == 0 else tuple(a) if a.ndim == 1 else tuple(_nest(x) for x in a)


_ids = count(1)


def _new(arr, library="python", dtype=None, base=None, rounded=None) -> Value:
    arr = np.asarray(arr, dtype=object) if isinstance(arr, np.ndarray) else _scalar(arr)
    arr = arr.copy() if arr.base is not None or arr.flags.writeable else arr
    arr.flags.writeable = False
    return Value(arr, library, dtype, rounded, base or frozenset([next(_ids)]))


def _scalar(x) -> np.ndarray:
    a = np.empty((), dtype=object)
    a[()] = x
    return a


def _like(v: Value, arr, **changes) -> Value:
    """A view of ``v`` (same memory): reshapes, slices, transposes."""
    kw = dict(library=v.library, dtype=v.dtype, base=v.base) | changes
    return _new(arr, **kw)


# --- exact numbers: signs, comparisons, rounding, bounds ------------------------------------------

@lru_cache(maxsize=1 << 16)
def _approx(x, dps: int):
    with mpmath.workdps(dps):
        if isinstance(x, sp.logic.boolalg.BooleanAtom):
            return mpmath.mpf(int(bool(x)))
        if x.is_Rational:
            return mpmath.mpf(int(x.p)) / int(x.q)
        if x in _SPECIAL:
            return _SPECIAL[x]()
        args = [_approx(a, dps) for a in x.args]
        if any(isinstance(a, mpmath.mpc) for a in args):
            return mpmath.nan
        if isinstance(x, sp.exp):
            return mpmath.exp(args[0])
        if isinstance(x, sp.log):
            return mpmath.log(args[0]) if args[0] > 0 else mpmath.nan
        if x.is_Add:
            return mpmath.fsum(args)
        if x.is_Mul:
            return mpmath.fprod(args)
        if x.is_Pow:
            r = mpmath.power(*args)
            return mpmath.nan if isinstance(r, mpmath.mpc) else r
    raise _Unknown("an entry is not a real number")


_SPECIAL = {sp.oo: lambda: mpmath.inf, -sp.oo: lambda: -mpmath.inf, sp.nan: lambda: mpmath.nan,
            sp.zoo: lambda: mpmath.nan, sp.E: lambda: +mpmath.e, sp.pi: lambda: +mpmath.pi}


def _num(x):
    """An entry for arithmetic: booleans are 0/1."""
    return sp.Integer(int(bool(x))) if isinstance(x, sp.logic.boolalg.BooleanAtom) else x


def _sign(x) -> int | None:
    """-1, 0 or 1 exactly (None for nan); a symbolic value too close to 0 to decide is unknown."""
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
    if x.is_zero:
        return 0
    raise _Unknown("two entries too close to compare exactly")


def _cmp(a, b) -> int | None:
    a, b = _num(a), _num(b)
    return 0 if a == b and a is not sp.nan else _sign(a - b)


def _floor(x):
    x = _num(x)
    if x.is_Rational:
        return sp.Integer(x.p // x.q)
    if x.is_infinite or x is sp.nan:
        raise _Unknown("floor of an infinite value")
    f = sp.Integer(int(mpmath.floor(_approx(x, 50))))
    if _sign(x - f) < 0:
        return f - 1
    return f + 1 if _sign(x - f - 1) >= 0 else f


def _round_entry(x, n: int, mode: str = "python"):
    """x to n decimals, exactly; at (or within 1e-9 of) a tie the library's float arithmetic decides:
    Python rounds the float64 correctly, numpy and torch scale it in float64/float32 and round half even."""
    x = _num(x)
    if x.is_infinite or x is sp.nan:
        return x
    scale = sp.Integer(10) ** n
    k = _floor(x * scale + sp.Rational(1, 2))
    frac = _approx(x * scale - k + sp.Rational(1, 2), 30)          # in [0, 1); 0 at a tie
    if min(frac, 1 - frac) < mpmath.mpf(10) ** -9:
        f = float(_approx(x, 30))
        if mode == "python":
            k = sp.Integer(round(Fraction(repr(round(f, n))) * 10 ** n))
        else:
            t = np.float32 if mode == "float32" else np.float64
            k = sp.Integer(int(np.rint(t(f) * t(10.0 ** n))))
    return k / scale


def _measure(memo: dict, x) -> int:
    """Tree size of an entry (shared subtrees counted as the printer and evalf see them); bounds
    digits of its rationals and its depth."""
    if x in memo:
        return memo[x][0]
    stack = [(x, False)]
    while stack:
        node, done = stack.pop()
        if node in memo:
            continue
        if not node.args or done:
            if node.is_Rational and max(int(node.p).bit_length(), int(node.q).bit_length()) > \
                    3.33 * limits.MAX_RESULT_DIGITS:
                raise _Unknown(f"a number with more than {limits.MAX_RESULT_DIGITS} digits")
            sizes = [memo[a] for a in node.args]
            memo[node] = (1 + sum(s for s, _ in sizes), 1 + max((d for _, d in sizes), default=0))
            if memo[node][1] > limits.MAX_NESTING:
                raise _Unknown(f"an entry nested deeper than {limits.MAX_NESTING}")
        else:
            stack.append((node, True))
            stack.extend((a, False) for a in node.args if a not in memo)
    return memo[x][0]


def _room(shape) -> tuple[int, ...]:
    shape = tuple(int(d) for d in shape)
    if any(d < 0 for d in shape) or len(shape) > limits.CHECK_MAX_ARRAY_DEPTH:
        raise _Unknown(f"a shape {shape} (at most {limits.CHECK_MAX_ARRAY_DEPTH} dimensions)")
    if int(np.prod(shape, dtype=object)) > limits.CHECK_MAX_BLOCK_ENTRIES:
        raise _Unknown(f"an array of shape {shape}, over the limit of {limits.CHECK_MAX_BLOCK_ENTRIES} entries")
    return shape


# --- elementwise arithmetic with NumPy broadcasting ---------------------------------------------------

def _ew(fn, *arrays) -> np.ndarray:
    shape = _room(np.broadcast_shapes(*(a.shape for a in arrays)))
    out = np.empty(shape, dtype=object)
    parts = [np.broadcast_to(a, shape) for a in arrays]
    for idx in np.ndindex(shape):
        out[idx] = fn(*(p[idx] for p in parts))
    return out


def _div(a, b):
    a, b = _num(a), _num(b)
    if b == 0:
        s = _sign(a)
        return sp.nan if not s else s * sp.oo
    return _real(a / b)


def _pow(a, b):
    a, b = _num(a), _num(b)
    if b.is_Rational:
        if abs(b.p) > limits.CHECK_MAX_EXPONENT or b.q > limits.CHECK_MAX_EXPONENT:
            raise _Unknown(f"an exponent over {limits.CHECK_MAX_EXPONENT}")
        if a.is_Rational and max(int(a.p).bit_length(), int(a.q).bit_length()) * abs(b) > \
                3.33 * limits.MAX_RESULT_DIGITS:
            raise _Unknown(f"a power with more than {limits.MAX_RESULT_DIGITS} digits")
    elif b.is_finite is not False and abs(_approx(b, 20)) > limits.CHECK_MAX_EXPONENT:
        raise _Unknown(f"an exponent over {limits.CHECK_MAX_EXPONENT}")
    if a == 0 and _sign(b) == -1:
        return sp.oo
    return _real(a ** b)


def _real(x):
    return sp.nan if x is sp.zoo or x is sp.nan or x.is_extended_real is False else x


def _fdiv(a, b):
    q = _div(a, b)
    return q if q.is_infinite or q is sp.nan else _floor(q)


_SCALAR_OPS = {
    ast.Add: lambda a, b: _num(a) + _num(b), ast.Sub: lambda a, b: _num(a) - _num(b),
    ast.Mult: lambda a, b: _num(a) * _num(b), ast.Div: _div, ast.Pow: _pow, ast.FloorDiv: _fdiv,
    ast.Mod: lambda a, b: _num(a) - _num(b) * _fdiv(a, b),
    ast.BitAnd: lambda a, b: sp.true if a and b else sp.false,
    ast.BitOr: lambda a, b: sp.true if a or b else sp.false,
}
_COMPARE = {ast.Eq: lambda c: c == 0, ast.NotEq: lambda c: c != 0, ast.Lt: lambda c: c < 0,
            ast.LtE: lambda c: c <= 0, ast.Gt: lambda c: c > 0, ast.GtE: lambda c: c >= 0}


def _exp(x):
    return sp.exp(_num(x))


def _log(x):
    s = _sign(x)
    return sp.nan if s is None or s < 0 else (-sp.oo if s == 0 else sp.log(_num(x)))


def _sqrt(x):
    s = _sign(x)
    return sp.nan if s is None or s < 0 else sp.sqrt(_num(x))


def _lib(*vals) -> str:
    return next((v.library for v in vals if isinstance(v, Value) and v.library != "python"), "python")


_WIDTH = {"bool": 0, "int8": 1, "uint8": 1, "int32": 2, "int64": 3, "float16": 4, "bfloat16": 4,
          "float32": 5, "float64": 6}


def _dtype_of(*vals):
    stated = [v.dtype for v in vals if isinstance(v, Value) and v.dtype and v.dtype != "bool"]
    return max(stated, key=lambda d: _WIDTH.get(d, 9), default=None)


def _binop(op, a, b) -> Value:
    a, b = _arr(a), _arr(b)
    if op is ast.MatMult:
        return _matmul(_lib(a, b), a, b)
    if a.library == b.library == "python" and (a.shape or b.shape):   # Python lists
        return _pylist(op, a, b)
    if op in (ast.BitAnd, ast.BitOr) and not a.dtype == b.dtype == "bool":
        raise _Unknown("& and | of non-boolean arrays")
    dtype = "bool" if op in (ast.BitAnd, ast.BitOr) else _dtype_of(a, b)
    return _new(_ew(_SCALAR_OPS[op], a.array, b.array), _lib(a, b), dtype)


def _pylist(op, a, b) -> Value:
    if op is ast.Add and a.shape and b.shape and a.shape[1:] == b.shape[1:]:
        return _new(np.concatenate([a.array, b.array]))
    if op is ast.Mult and bool(a.shape) != bool(b.shape):
        seq, n = (a, b) if a.shape else (b, a)
        n = max(_int(n), 0)
        _room((n * seq.shape[0],) + seq.shape[1:])
        return _new(np.concatenate([seq.array] * n) if n else np.empty((0,) + seq.shape[1:], object))
    raise _Unknown("arithmetic on Python lists")


def _compare(op, a, b) -> Value:
    a, b = _arr(a), _arr(b)
    if a.library == b.library == "python" and (a.shape or b.shape):
        raise _Unknown("comparison of Python lists")
    test = _COMPARE[op]

    def one(x, y):
        c = _cmp(x, y)
        return sp.true if (c is None and op is ast.NotEq) or (c is not None and test(c)) else sp.false
    return _new(_ew(one, a.array, b.array), _lib(a, b), "bool")


def _unary(op, v) -> Value:
    v = _arr(v)
    if isinstance(op, ast.Invert):
        if v.dtype != "bool":
            raise _Unknown("~ of a non-boolean array")
        return _new(_ew(lambda x: sp.false if x else sp.true, v.array), v.library, "bool")
    sign = -1 if isinstance(op, ast.USub) else 1
    return _new(_ew(lambda x: sign * _num(x), v.array), v.library, _dtype_of(v))


# --- argument readers -----------------------------------------------------------------------------

def _arr(x) -> Value:
    if isinstance(x, Value):
        return x
    if isinstance(x, _Tuple):
        parts = [_arr(i) for i in x.items]
        if not parts or len({p.shape for p in parts}) != 1:
            raise _Unknown("a ragged or empty sequence of arrays")
        _room((len(parts),) + parts[0].shape)
        return _new(np.stack([p.array for p in parts]), _lib(*parts), _dtype_of(*parts))
    raise _Unknown(f"not an array: {type(x).__name__.strip('_')}")


def _int(x) -> int:
    if isinstance(x, Value) and x.shape == () and x.dtype != "bool" and _num(x.array[()]).is_Integer:
        return int(x.array[()])
    raise _Unknown("not a whole number")


def _ints(x) -> list[int]:
    if isinstance(x, Value) and x.array.ndim == 1:
        return [_int(_new(e)) for e in x.array]
    if isinstance(x, _Tuple):
        return [_int(i) for i in x.items]
    return [_int(x)]


def _shape(args) -> list[int]:
    return _ints(args[0]) if len(args) == 1 else [_int(a) for a in args]


def _bool(x) -> bool:
    if isinstance(x, Value) and x.shape == ():
        return bool(_sign(x.array[()]))
    raise _Unknown("not a truth value")


def _axis(axis, ndim: int):
    if axis is None:
        return None
    axes = [a + ndim if a < 0 else a for a in _ints(axis)]
    if any(not 0 <= a < max(ndim, 1) for a in axes) or len(set(axes)) != len(axes):
        raise _Unknown("an axis out of range")
    return tuple(axes) if ndim else ()


_DTYPE_NAMES = {"float": "float32", "double": "float64", "half": "float16", "long": "int64", "int": "int32",
                "float_": "float64", "bool_": "bool"}
_DTYPES = {f"{root}.{name}": _DTYPE_NAMES.get(name, name) for root in ("numpy", "torch", "tensorflow")
           for name in ("float16", "bfloat16", "float32", "float64", "int8", "uint8", "int32", "int64",
                        "bool", "float", "double", "half", "long", "int", "float_", "bool_")}
_DTYPES.update({"numpy.float": "float64", "numpy.int": "int64", "builtins.float": "float64",
                "builtins.int": "int64", "builtins.bool": "bool"})


@dataclass(frozen=True)
class _DType:
    name: str


def _dtype(x) -> str | None:
    if x is None:
        return None
    if isinstance(x, _DType):
        return x.name
    if isinstance(x, _Builtin) and f"builtins.{x.name}" in _DTYPES:
        return _DTYPES[f"builtins.{x.name}"]
    if isinstance(x, str) and x in _WIDTH:
        return x
    raise _Unknown("a dtype not understood")


def _cast(v: Value, dtype: str | None, library=None, fresh=False) -> Value:
    """Entries as the dtype holds them: integers truncate toward zero, bool is 'not zero'."""
    if dtype is None:
        arr = v.array
    elif dtype == "bool":
        arr = _ew(lambda x: sp.true if _sign(x) != 0 else sp.false, v.array)
    elif dtype.startswith(("int", "uint")):
        def trunc(x):
            x = _num(x)
            if x.is_infinite or x is sp.nan:
                raise _Unknown("an infinite value cast to an integer")
            return _floor(x) if _sign(x) >= 0 else -_floor(-x)
        arr = _ew(trunc, v.array)
    else:
        arr = _ew(_num, v.array) if v.dtype == "bool" else v.array
    keep = dict(library=library or v.library, dtype=dtype or v.dtype)
    return _new(arr, **keep) if fresh or arr is not v.array else _like(v, arr, **keep)


# --- the operations, one family per function ---------------------------------------------------------

def _array(lib, data, dtype=None):
    return _cast(_arr(data), _dtype(dtype) or (_arr(data).dtype if lib != "python" else None), lib, fresh=True)


def _asarray(lib, data, dtype=None):
    return _cast(_arr(data), _dtype(dtype), lib)


def _tensor_f32(lib, *data):
    return _cast(_arr(data[0]) if len(data) == 1 and not isinstance(data[0], Value) or
                 (len(data) == 1 and data[0].shape) else _zeros(lib, *data), "float32", lib, fresh=True)


def _filled(lib, shape, fill, dtype=None):
    return _cast(_new(np.full(_room(shape), fill, dtype=object)), _dtype(dtype), lib)


def _ones(lib, *shape, dtype=None):
    return _filled(lib, _shape(shape), sp.Integer(1), dtype)


def _zeros(lib, *shape, dtype=None):
    return _filled(lib, _shape(shape), sp.Integer(0), dtype)


def _full(lib, shape, fill, dtype=None):
    return _filled(lib, _ints(shape), _arr(fill).array[()], dtype)


def _ones_like(lib, x, dtype=None):
    return _filled(lib, _arr(x).shape, sp.Integer(1), dtype or _arr(x).dtype)


def _zeros_like(lib, x, dtype=None):
    return _filled(lib, _arr(x).shape, sp.Integer(0), dtype or _arr(x).dtype)


def _full_like(lib, x, fill, dtype=None):
    return _filled(lib, _arr(x).shape, _arr(fill).array[()], dtype or _arr(x).dtype)


def _eye(lib, n, m=None, k=0, dtype=None):
    n, m, k = _int(n), _int(m) if m is not None else _int(n), _int(k) if k != 0 else 0
    out = np.full(_room((n, m)), sp.Integer(0), dtype=object)
    for i in range(n):
        if 0 <= i + k < m:
            out[i, i + k] = sp.Integer(1)
    return _cast(_new(out), _dtype(dtype), lib)


def _arange(lib, start, stop=None, step=None, dtype=None):
    start, stop = (_new(sp.Integer(0)), start) if stop is None else (start, stop)
    a, b, s = (_num(_arr(v).array[()]) for v in (start, stop, step or _new(sp.Integer(1))))
    if s == 0:
        raise _Unknown("arange with step 0")
    n = max(0, -int(-(float(b) - float(a)) // float(s)))      # numpy's float length
    _room((n,))
    return _cast(_new(np.array([a + i * s for i in range(n)] + [None], dtype=object)[:n]), _dtype(dtype), lib)


def _diag(lib, x, k=0):
    v, k = _arr(x), _int(k) if k != 0 else 0
    if v.array.ndim == 1:
        n = len(v.array) + abs(k)
        out = np.full(_room((n, n)), sp.Integer(0), dtype=object)
        for i, e in enumerate(v.array):
            out[i + max(-k, 0), i + max(k, 0)] = e
        return _new(out, lib, v.dtype)
    if v.array.ndim == 2:
        return _new(np.diagonal(v.array, k).copy(), lib, v.dtype)
    raise _Unknown("diag of an array that is not 1-D or 2-D")


def _band(keep):
    def tri(lib, x, k=0):
        v, k = _arr(x), _int(k) if k != 0 else 0
        if v.array.ndim < 2:
            raise _Unknown("tril/triu of an array under 2-D")
        zero = sp.false if v.dtype == "bool" else sp.Integer(0)
        i, j = np.indices(v.shape[-2:])
        return _new(np.where(keep(j - i, k), v.array, zero), lib, v.dtype)
    return tri


def _where(lib, cond, x=None, y=None):
    c = _arr(cond)
    if x is None or y is None or c.dtype != "bool":
        raise _Unknown("where without a boolean mask and two values")
    x, y = _arr(x), _arr(y)
    return _new(_ew(lambda m, a, b: a if m else b, c.array, x.array, y.array), _lib(x, y, c), _dtype_of(x, y))


def _masked_fill(lib, x, mask, fill):
    m = _arr(mask)
    if m.dtype != "bool":
        raise _Unknown("masked_fill with a mask that is not boolean")
    v, f = _arr(x), _arr(fill)
    return _new(_ew(lambda e, mm, ff: ff if mm else e, v.array, m.array, f.array), v.library, v.dtype)


def _elementwise(fn):
    def op(lib, x):
        v = _arr(x)
        return _new(_ew(fn, v.array), v.library if lib == "python" else lib, _dtype_of(v))
    return op


def _math(fn):
    def op(lib, x):
        v = _arr(x)
        if v.shape or _sign(v.array[()]) in (None, -1):
            raise _Unknown("math function of an array or a value outside its domain")
        return _new(fn(v.array[()]))
    return op


def _maximum(lib, x, y):
    a, b = _arr(x), _arr(y)
    return _new(_ew(lambda p, q: sp.nan if _cmp(p, q) is None else (p if _cmp(p, q) >= 0 else q),
                    a.array, b.array), _lib(a, b), _dtype_of(a, b))


def _relu(lib, x):
    return _maximum(lib, x, _new(sp.Integer(0)))


def _reduce(fn, torch_pair=False):
    def op(lib, x, axis=None, keepdims=False, dtype=None):
        v = _arr(x)
        if torch_pair and lib == "torch" and axis is not None and isinstance(axis, Value) and axis.shape:
            return _maximum(lib, v, axis) if fn is _max_of else _fail("torch.min of two tensors")
        axes = _axis(axis, v.array.ndim)
        axes = tuple(range(v.array.ndim)) if axes is None else axes
        moved = np.moveaxis(v.array, axes, range(v.array.ndim - len(axes), v.array.ndim))
        rest = moved.shape[:moved.ndim - len(axes)]
        rows = moved.reshape(rest + (-1,))
        out = np.empty(rest, dtype=object)
        for idx in np.ndindex(rest):
            out[idx] = fn(list(rows[idx]))
        if _bool(keepdims) if keepdims is not False else False:
            out = out.reshape([1 if i in axes else d for i, d in enumerate(v.shape)])
        result = _new(out, v.library, _dtype_of(v))
        if torch_pair and lib == "torch" and axis is not None:
            where = np.empty(rest, dtype=object)
            for idx in np.ndindex(rest):
                where[idx] = sp.Integer(list(rows[idx]).index(out.reshape(rest)[idx]))
            return _Tuple((result, _new(where.reshape(out.shape), "torch", "int64")), ("values", "indices"))
        return result
    return op


def _max_of(xs):
    if not xs:
        raise _Unknown("max of an empty array")
    best = xs[0]
    for x in xs[1:]:
        c = _cmp(x, best)
        if c is None:
            return sp.nan
        best = x if c > 0 else best
    return sp.nan if _cmp(best, best) is None else best


def _min_of(xs):
    return -_num(_max_of([-_num(x) for x in xs]))


def _mean_of(xs):
    if not xs:
        return sp.nan
    return sp.Add(*map(_num, xs)) / len(xs)


def _softmax(lib, x, axis="default", dtype=None):
    v = _arr(x)
    if axis == "default":
        axis = {"numpy": None, "tf": _new(sp.Integer(-1))}.get(lib, _new(sp.Integer(0 if v.array.ndim in (0, 1, 3) else 1)))
    m = _reduce(_max_of)(lib, v, axis, _new(sp.true))
    e = _new(_ew(lambda a, b: _exp(_num(a) - b), v.array, m.array))
    s = _reduce(lambda xs: sp.Add(*xs))(lib, e, axis, _new(sp.true))
    return _new(_ew(_div, e.array, s.array), v.library if lib == "python" else lib, _dtype_of(v))


def _matmul(lib, x, y, transpose_a=False, transpose_b=False):
    a, b = _arr(x), _arr(y)
    A, B = (np.vectorize(_num, otypes=[object])(t.array) for t in (a, b))
    if _bool(transpose_a) if transpose_a is not False else False:
        A = np.swapaxes(A, -1, -2)
    if _bool(transpose_b) if transpose_b is not False else False:
        B = np.swapaxes(B, -1, -2)
    if A.ndim == 0 or B.ndim == 0:
        raise _Unknown("matmul of a scalar")
    A2, B2 = (A[None, :] if A.ndim == 1 else A), (B[:, None] if B.ndim == 1 else B)
    n, k, m = A2.shape[-2], A2.shape[-1], B2.shape[-1]
    if B2.shape[-2] != k:
        raise _Unknown(f"matmul of shapes {a.shape} and {b.shape}")
    batch = np.broadcast_shapes(A2.shape[:-2], B2.shape[:-2])
    shape = _room(batch + (n, m))
    if int(np.prod(shape, dtype=object)) * k > limits.CHECK_MAX_WORK:
        raise _Unknown(f"a product over the limit of {limits.CHECK_MAX_WORK:,} multiplications")
    A2, B2 = np.broadcast_to(A2, batch + (n, k)), np.broadcast_to(B2, batch + (k, m))
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(shape):
        row, col = A2[idx[:-1]], B2[idx[:-2] + (slice(None), idx[-1])]
        out[idx] = sp.Add(*[p * q for p, q in zip(row, col)])
    if A.ndim == 1:
        out = out[..., 0, :]
    if B.ndim == 1:
        out = out[..., 0]
    return _new(out, lib, _dtype_of(a, b))


def _fixed_rank(*ranks):
    def op(lib, x, y):
        if (_arr(x).array.ndim, _arr(y).array.ndim) not in ranks and ranks:
            raise _Unknown("mm/bmm/dot of arrays of other ranks")
        return _matmul(lib, x, y)
    return op


def _transpose(lib, x, *axes_args, axes=None):
    v = _arr(x)
    axes = _shape(axes_args) if axes_args else (_ints(axes) if axes is not None else None)
    if lib == "torch" and axes is not None:
        if len(axes) != 2:
            raise _Unknown("torch transpose takes two dims")
        return _like(v, np.swapaxes(v.array, *axes))
    return _like(v, np.transpose(v.array, axes))


def _permute(lib, x, *dims):
    v = _arr(x)
    return _like(v, np.transpose(v.array, _shape(dims)))


def _reshape(lib, x, *shape_args, shape=None):
    v = _arr(x)
    return _like(v, v.array.reshape(_shape(shape_args) if shape_args else _ints(shape)))


def _unsqueeze(lib, x, axis):
    v = _arr(x)
    _room((1,) + v.shape)
    return _like(v, np.expand_dims(v.array, _int(axis)))


def _squeeze(lib, x, axis=None):
    v = _arr(x)
    return _like(v, np.squeeze(v.array, None if axis is None else tuple(_ints(axis))))


def _concat(stack):
    def op(lib, seq, axis=0):
        parts = [_arr(p) for p in (seq.items if isinstance(seq, _Tuple) else _arr(seq).array and [_like(_arr(seq), r) for r in _arr(seq).array])]
        _room((sum(p.array.size for p in parts),))
        joined = (np.stack if stack else np.concatenate)([p.array for p in parts], axis=_int(axis) if axis != 0 else 0)
        return _new(joined, lib if lib != "python" else _lib(*parts), _dtype_of(*parts))
    return op


def _split(lib, x, spec, axis=0):
    v, axis = _arr(x), _int(axis) if axis != 0 else 0
    size = v.shape[axis]
    if isinstance(spec, Value) and spec.shape == ():
        n = _int(spec)
        if n <= 0:
            raise _Unknown("split into no parts")
        if lib == "torch":                                   # torch: the size of each part
            cuts = list(range(n, size, n))
        elif size % n:
            raise _Unknown("split into unequal parts")
        else:
            cuts = list(range(size // n, size, size // n))
    else:
        sizes = _ints(spec)
        cuts = sizes if lib == "numpy" else list(np.cumsum(sizes)[:-1])
    return _Tuple(tuple(_like(v, part) for part in np.split(v.array, cuts, axis=axis)))


def _chunk(lib, x, spec, axis=0):
    v, n = _arr(x), _int(spec)
    size = v.shape[_int(axis) if axis != 0 else 0]
    return _split("torch", v, _new(sp.Integer(-(-size // max(n, 1)))), axis)


def _round(lib, x, ndigits=0):
    v, n = _arr(x), _int(ndigits) if ndigits != 0 else 0
    mode = "python" if lib == "python" else "float64" if (v.dtype or "float64" if lib == "numpy" else "") == \
        "float64" else "float32"
    return _new(_ew(lambda e: _round_entry(e, n, mode), v.array), v.library, v.dtype, rounded=n)


def _caster(dtype):
    return lambda lib, x: _cast(_arr(x), dtype)


def _to(lib, x, *args, dtype=None):
    found = [_dtype(a) for a in args if isinstance(a, _DType)] + ([_dtype(dtype)] if dtype else [])
    if any(not isinstance(a, (_DType, str)) for a in args):
        raise _Unknown("to() of something that is not a dtype or a device")
    return _cast(_arr(x), found[-1] if found else None)


def _library(name, fresh=False):
    def op(lib, x):
        v = _arr(x)
        return _new(v.array, name or v.library, v.dtype) if fresh else _like(v, v.array, library=name or v.library)
    return op


def _item(lib, x):
    v = _arr(x)
    if v.array.size != 1:
        raise _Unknown("item() of an array with more than one entry")
    return _new(v.array.reshape(()), "python")


def _size(lib, x, axis=None):
    v = _arr(x)
    if axis is None:
        return _new(np.array([sp.Integer(d) for d in v.shape] + [None], dtype=object)[:-1])
    return _new(sp.Integer(v.shape[_axis(axis, v.array.ndim)[0]]))


def _len(lib, x):
    if isinstance(x, _Tuple):
        return _new(sp.Integer(len(x.items)))
    v = _arr(x)
    if not v.shape:
        raise _Unknown("len() of a scalar")
    return _new(sp.Integer(v.shape[0]))


def _pyround(lib, x, ndigits=None):
    v = _round(lib, x, ndigits if ndigits is not None else 0)
    return _like(v, v.array, library="python", rounded=None if ndigits is None else v.rounded)


def _float(lib, x):
    if isinstance(x, str):
        text = x.strip().lower().replace("_", "")
        specials = {"inf": sp.oo, "+inf": sp.oo, "infinity": sp.oo, "-inf": -sp.oo, "-infinity": -sp.oo,
                    "nan": sp.nan}
        if text in specials:
            return _new(specials[text])
        return _new(_decimal(text))
    v = _arr(x)
    if v.shape:
        raise _Unknown("float() of an array")
    return _new(_num(v.array[()]))


def _pyint(lib, x):
    return _like(_cast(_arr(x), "int64"), _cast(_arr(x), "int64").array, library="python", dtype=None)


def _pyminmax(fn):
    def op(lib, *args):
        items = list(args) if len(args) > 1 else [_new(e) for e in _arr(args[0]).array]
        return _new(fn([_arr(i).array[()] for i in items]))
    return op


def _pysum(lib, x):
    return _new(sp.Add(*[_num(e) for e in _arr(x).array.reshape(-1)]) if _arr(x).array.ndim == 1
                else _reduce(lambda xs: sp.Add(*map(_num, xs)))(lib, x, _new(sp.Integer(0))).array)


def _pyseq(lib, x):
    if isinstance(x, _Tuple):
        return x
    v = _arr(x)
    return _new(v.array, "python") if v.shape else _fail("list() of a scalar")


# --- the whitelist: dotted names and methods ------------------------------------------------------------

_NP, _TORCH, _TF, _TFM = ("numpy", "jax.numpy"), ("torch",), ("tensorflow",), ("tensorflow.math",)
_TABLE = [
    (_array, _NP, "array"), (_asarray, _NP, "asarray"), (_array, _TORCH, "tensor"),
    (_asarray, _TORCH, "as_tensor from_numpy"), (_tensor_f32, _TORCH, "Tensor FloatTensor"),
    (_array, _TF, "constant convert_to_tensor Variable"),
    (_ones, _NP + _TORCH + _TF, "ones"), (_zeros, _NP + _TORCH + _TF, "zeros"), (_full, _NP + _TORCH, "full"),
    (_full, _TF, "fill"), (_ones_like, _NP + _TORCH + _TF, "ones_like"),
    (_zeros_like, _NP + _TORCH + _TF, "zeros_like"), (_full_like, _NP + _TORCH, "full_like"),
    (_eye, _NP + _TORCH + _TF, "eye identity"), (_arange, _NP + _TORCH, "arange"), (_arange, _TF, "range"),
    (_diag, _NP + _TORCH, "diag"), (_band(np.less_equal), _NP + _TORCH, "tril"),
    (_band(np.greater_equal), _NP + _TORCH, "triu"), (_where, _NP + _TORCH + _TF, "where"),
    (_masked_fill, _TORCH, "masked_fill"),
    (_elementwise(_exp), _NP + _TORCH + _TF + _TFM, "exp"), (_elementwise(_log), _NP + _TORCH + _TF + _TFM, "log"),
    (_elementwise(_sqrt), _NP + _TORCH + _TF + _TFM, "sqrt"),
    (_maximum, _NP + _TORCH + _TF + _TFM, "maximum"), (_relu, _TORCH + ("torch.nn.functional", "tensorflow.nn"), "relu"),
    (_math(_exp), ("math",), "exp"), (_math(_log), ("math",), "log"), (_math(_sqrt), ("math",), "sqrt"),
    (_reduce(lambda xs: sp.Add(*map(_num, xs))), _NP + _TORCH, "sum"), (_reduce(_mean_of), _NP + _TORCH, "mean"),
    (_reduce(_max_of, True), _NP + _TORCH, "max amax"), (_reduce(_min_of, True), _NP + _TORCH, "min amin"),
    (_reduce(lambda xs: sp.Add(*map(_num, xs))), _TF + _TFM, "reduce_sum"),
    (_reduce(_mean_of), _TF + _TFM, "reduce_mean"), (_reduce(_max_of), _TF + _TFM, "reduce_max"),
    (_softmax, ("torch", "torch.nn.functional", "tensorflow.nn", "tensorflow.math", "scipy.special", "jax.nn"),
     "softmax"),
    (_matmul, _NP + _TORCH + _TF + ("tensorflow.linalg",), "matmul"), (_fixed_rank((1, 1), (2, 2), (1, 2), (2, 1)), _NP, "dot"),
    (_fixed_rank((1, 1)), _TORCH, "dot"), (_fixed_rank((2, 2)), _TORCH, "mm"), (_fixed_rank((3, 3)), _TORCH, "bmm"),
    (_transpose, _NP + _TORCH + _TF, "transpose"), (_permute, _TORCH, "permute"),
    (_reshape, _NP + _TORCH + _TF, "reshape"), (_unsqueeze, _TORCH, "unsqueeze"),
    (_unsqueeze, _NP + _TF, "expand_dims"), (_squeeze, _NP + _TORCH + _TF, "squeeze"),
    (_concat(False), _NP, "concatenate"), (_concat(False), _TORCH, "cat concat"), (_concat(False), _TF, "concat"),
    (_concat(True), _NP + _TORCH + _TF, "stack"), (_split, _NP + _TORCH + _TF, "split"), (_chunk, _TORCH, "chunk"),
    (_round, _NP + _TORCH + _TF + _TFM, "round around"),
]
_FUNCS = {f"{mod}.{name}": fn for fn, mods, names in _TABLE for mod in mods for name in names.split()}
#: methods that are the library's function of the same name (numpy's for numpy arrays, else torch's)
_SHARED = set("sum mean max min exp log sqrt softmax reshape transpose permute unsqueeze squeeze split chunk "
              "matmul mm bmm dot masked_fill round tril triu relu".split())
_METHODS = dict(view=_reshape, t=lambda lib, x: _transpose("numpy", x) if _arr(x).array.ndim <= 2 else _fail("t() of an array over 2-D"),
                float=_caster("float32"), double=_caster("float64"), half=_caster("float16"), int=_caster("int32"),
                long=_caster("int64"), bool=_caster("bool"), to=_to, type=_to, astype=_to,
                numpy=_library("numpy"), detach=_library(None), cpu=_library(None), contiguous=_library(None),
                clone=_library(None, fresh=True), copy=_library(None, fresh=True), requires_grad_=_library(None),
                item=_item, tolist=_library("python", fresh=True), size=_size, dim=lambda lib, x: _new(sp.Integer(_arr(x).array.ndim)))
_BUILTINS = {"len": _len, "round": _pyround, "float": _float, "int": _pyint, "abs": _elementwise(lambda x: abs(_num(x))),
             "max": _pyminmax(_max_of), "min": _pyminmax(_min_of), "sum": _pysum, "list": _pyseq, "tuple": _pyseq}
_CONSTANTS = {f"{root}.{name}": value for root in ("numpy", "math", "torch", "jax.numpy")
              for name, value in (("inf", sp.oo), ("nan", sp.nan), ("pi", sp.pi), ("e", sp.E))}
_ALIASES = {"dim": "axis", "keepdim": "keepdims", "diagonal": "k", "decimals": "ndigits", "perm": "axes",
            "input": "x", "logits": "x", "a": "x", "x1": "x", "x2": "y", "b": "y", "other": "y", "mat2": "y",
            "input_tensor": "x", "tensors": "seq", "arrays": "seq", "values": "seq", "fill_value": "fill",
            "value": "fill", "size": "shape", "dims": "shape", "newshape": "shape", "N": "n", "M": "m",
            "num_rows": "n", "num_columns": "m", "end": "stop", "limit": "stop", "delta": "step",
            "condition": "cond", "split_size_or_sections": "spec", "indices_or_sections": "spec",
            "num_or_size_splits": "spec", "chunks": "spec", "data": "data", "obj": "data"}
_IGNORED = {"device", "requires_grad", "name", "pin_memory", "copy", "order", "layout", "non_blocking"}
_RANDOM = re.compile(r"(^|\.)(random|rand\w*|randn\w*|manual_seed|seed|normal|uniform|shuffle|permutation|"
                     r"multinomial|bernoulli|dropout)(\.|$)")
#: calls that change an array argument (or the receiver) in place
_MUTATORS = {"fill_diagonal", "copyto", "put", "place", "putmask", "fill", "sort", "resize", "itemset", "at",
             "shuffle", "partition"}
_DEFAULT_MODULES = {"np": "numpy", "numpy": "numpy", "torch": "torch", "F": "torch.nn.functional",
                    "nn": "torch.nn", "tf": "tensorflow", "math": "math", "scipy": "scipy", "jnp": "jax.numpy"}


_ROOTS = {"numpy": "numpy", "torch": "torch", "tf": "tensorflow"}


def _library_of(path: str) -> str:
    root = path.split(".")[0]
    return {"torch": "torch", "tensorflow": "tf", "math": "python", "builtins": "python"}.get(root, "numpy")


@dataclass(frozen=True)
class _Tuple:
    items: tuple
    names: tuple = ()


@dataclass(frozen=True)
class _Ref:
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


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class _Stop(Exception):
    """The statement limit is reached: nothing after is evaluated."""


# --- the source: prompts, magics, chunks that parse -----------------------------------------------------

_REPL = re.compile(r"^(\s*)(>>>|\.\.\.)( |$)")
_IPY = re.compile(r"^(\s*)(In \[\d*\]:|\s*\.\.\.:)( |$)")
_CELL = re.compile(r"^\s*#\s*(%%|In\s*\[)")
_CLAUSE = re.compile(r"(else|elif|except|finally)\b")
_DECIMAL = re.compile(r"[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d+)?")


def _prepare(source: str) -> tuple[list[str], list[int], bool]:
    """Lines with prompts stripped and magics, shell escapes and REPL output blanked (numbering kept);
    the prompt width of each line; whether the block is a REPL transcript."""
    lines = re.split(r"\r\n|\r|\n", source)
    prompt = next((p for p in (_REPL, _IPY) if any(p.match(line) and "..." not in p.match(line).group(2)
                                                      for line in lines)), None)
    out, widths = [], []
    for line in lines:
        width = 0
        if prompt is not None:
            m = prompt.match(line)
            width = m.end() if m else 0
            line = line[width:] if m else ""
        if line.lstrip().startswith(("%", "!")):
            line = ""
        out.append(line)
        widths.append(width)
    return out, widths, prompt is not None


def _scan(line: str, state: list) -> None:
    """Bracket depth and open triple-quoted string across lines (state = [depth, quote])."""
    i = 0
    while i < len(line):
        quote = state[1]
        if quote:
            end = line.find(quote, i)
            while end > 0 and line[end - 1] == "\\":
                end = line.find(quote, end + 1)
            if end < 0:
                return
            state[1], i = None, end + len(quote)
            continue
        ch = line[i]
        if ch == "#":
            return
        if ch in "\"'":
            q = ch * 3 if line.startswith(ch * 3, i) else ch
            state[1], i = q, i + len(q)
            if len(q) == 1:
                end = i
                while end < len(line) and line[end] != q:
                    end += 2 if line[end] == "\\" else 1
                state[1], i = None, end + 1
            continue
        state[0] = max(0, state[0] + (ch in "([{") - (ch in ")]}"))
        i += 1


def _chunks(lines: list[str], lo: int, hi: int, brackets: bool = True):
    """(start, end) line ranges of top-level statements: a new one where a line starts at column 0
    outside brackets and strings (with ``brackets=False``, at every line starting at column 0)."""
    state, start, last = [0, None], None, ""
    for i in range(lo, hi):
        line = lines[i]
        text = line.strip()
        begins = (text and not text.startswith("#") and line[:1] not in " \t" and not _CLAUSE.match(text)
                  and not last.startswith("@") and (not brackets or (state == [0, None] and not last.endswith("\\"))))
        if begins:
            if start is not None:
                yield start, i
            start = i
        elif start is None and text and not text.startswith("#"):
            start = i
        if brackets:
            _scan(line, state)
        if text and not text.startswith("#"):
            last = text
    if start is not None:
        yield start, hi


def _parse(lines: list[str]) -> tuple[list[ast.stmt], list[tuple[int, int]], list[int]]:
    """Top-level statements (absolute line numbers), the line ranges that parsed, the first lines
    of those that did not."""
    def attempt(lo, hi):
        try:
            tree = ast.parse("\n".join(lines[lo:hi]))
        except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError):
            return None
        ast.increment_lineno(tree, lo)
        return tree.body

    whole = attempt(0, len(lines))
    if whole is not None:
        return whole, [(0, len(lines))], []
    stmts, good, bad = [], [], []
    for lo, hi in _chunks(lines, 0, len(lines)):
        body = attempt(lo, hi)
        parts = [(lo, hi, body)] if body is not None else [(a, b, attempt(a, b)) for a, b in _chunks(lines, lo, hi, False)]
        for a, b, part in parts:
            if part is None:
                bad.append(a + 1)
            else:
                stmts += part
                good.append((a, b))
    return stmts, good, bad


def _comments(lines: list[str], ranges) -> dict[int, tuple[int, str, bool]]:
    """line -> (column of '#', text after it, whether the line holds only the comment)."""
    found = {}
    for lo, hi in ranges:
        try:
            for tok in tokenize.generate_tokens(io.StringIO("\n".join(lines[lo:hi]) + "\n").readline):
                if tok.type == tokenize.COMMENT:
                    row, col = tok.start
                    found[lo + row - 1] = (col, tok.string[1:], not tok.line[:col].strip())
        except (tokenize.TokenError, SyntaxError, ValueError, IndentationError):
            continue
    return found


def _decimal(text: str):
    """A decimal literal's exact value (its source text, so ``0.1`` is 1/10)."""
    text = text.replace("_", "")
    if not _DECIMAL.fullmatch(text):
        raise _Unknown("not a decimal number")
    exponent = re.search(r"[eE]([+-]?\d+)$", text)
    if exponent and abs(int(exponent.group(1))) > limits.CHECK_MAX_TEN_POWER:
        raise _Unknown(f"a number beyond 1e{limits.CHECK_MAX_TEN_POWER}")
    if len(re.sub(r"[eE].*|\D", "", text)) > limits.MAX_INTEGER_DIGITS:
        raise _Unknown(f"a number with more than {limits.MAX_INTEGER_DIGITS} digits")
    f = Fraction(text)
    return sp.Rational(f.numerator, f.denominator)


# --- the evaluator ------------------------------------------------------------------------------------

_DEBUG = False
_SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Pass)


def _plain(body, function=False) -> str | None:
    """Why a loop or function body is not straight-line code (None if it is)."""
    for i, s in enumerate(body):
        if isinstance(s, ast.Return) and function and i == len(body) - 1:
            continue
        if isinstance(s, ast.For):
            why = _plain(s.body) or ("for ... else" if s.orelse else None)
            if why:
                return why
        elif not isinstance(s, _SIMPLE):
            return f"'{type(s).__name__.lower()}' in a loop or function body"
    return None


def _targets(node) -> set[str]:
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in n.names)
    return names


class _Evaluator:
    def __init__(self, lines, widths, offset, repl):
        self.lines, self.widths, self.offset, self.repl = lines, widths, offset, repl
        self.module = {name: _Ref(path) for name, path in _DEFAULT_MODULES.items()}
        self.scopes = [self.module]
        self.program = Program()
        self.why: dict[str, str] = {}
        self.steps = self.depth = 0
        self.active: list[_Function] = []
        self.memo: dict = {}
        self.notes: dict[int, tuple[int, str, bool]] = {}

    # -- bookkeeping
    def unknown(self, node, why: str) -> None:
        entry = (getattr(node, "lineno", 1) + self.offset, why)
        if entry not in self.program.unknown:
            self.program.unknown.append(entry)

    def text(self, node) -> str:
        lines = [line.encode() for line in self.lines[node.lineno - 1:node.end_lineno]]
        if len(lines) == 1:
            return lines[0][node.col_offset:node.end_col_offset].decode(errors="replace")
        lines[0], lines[-1] = lines[0][node.col_offset:], lines[-1][:node.end_col_offset]
        return b"\n".join(lines).decode(errors="replace")

    def check(self, obj):
        if isinstance(obj, Value):
            _room(obj.shape)
            if sum(_measure(self.memo, e) for e in obj.array.flat) > limits.MAX_TERMS:
                raise _Unknown(f"an array of more than {limits.MAX_TERMS:,} exact terms")
        elif isinstance(obj, _Tuple):
            for item in obj.items:
                self.check(item)
        return obj

    def lookup(self, name: str):
        for scope in (self.scopes[-1], self.module):
            if name in scope:
                return scope[name]
        if self.active and name in self.active[-1].local_names:
            raise _Unknown(f"{name!r} is used before it is assigned")
        if name in _BUILTINS or name in ("print", "display", "range"):
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
        """``old`` changed in place: its aliases become ``new``, its views (or all, if None) unknown."""
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
        if self.steps > limits.CHECK_MAX_SEGMENTS:
            raise _Stop(f"over the limit of {limits.CHECK_MAX_SEGMENTS} statements")
        if isinstance(node, ast.Return):
            if not self.active:
                self.unknown(node, "'return' outside a function")
                return
            raise _Return(self.expr(node.value) if node.value is not None else None)
        where = f"line {node.lineno + self.offset}"
        try:
            shown = self.run(node, top)
        except (_Unknown, ArithmeticError, ValueError, TypeError, IndexError, KeyError, AttributeError,
                RecursionError, MemoryError, OverflowError) as exc:
            if _DEBUG and not isinstance(exc, _Unknown):
                import traceback
                traceback.print_exc()
            why = str(exc) if isinstance(exc, _Unknown) and str(exc) else f"not evaluated ({type(exc).__name__})"
            self.unknown(node, why)
            self.poison(set() if isinstance(node, ast.Expr) else _targets(node),
                        getattr(exc, "root", None) or f"{where}: {why}")
            return
        if top and isinstance(shown, Value):
            self.comment(node, shown)

    def run(self, node, top):
        kind = type(node)
        if kind is ast.Assign:
            value = self.expr(node.value)
            for target in node.targets:
                self.bind(target, value)
            return value
        if kind is ast.AnnAssign:
            if node.value is None:
                return None
            value = self.expr(node.value)
            self.bind(node.target, value)
            return value
        if kind is ast.AugAssign:
            return self.augment(node)
        if kind is ast.Expr:
            return self.expression_statement(node, top)
        if kind is ast.Pass:
            return None
        if kind in (ast.Import, ast.ImportFrom):
            return self.imports(node)
        if kind is ast.FunctionDef:
            return self.define(node)
        if kind is ast.For:
            return self.loop(node)
        if kind is ast.Delete:
            self.poison(_targets(node), f"line {node.lineno + self.offset}: deleted")
            return None
        if kind is ast.With and all(isinstance(i.context_expr, ast.Call) and self.dotted(i.context_expr.func) in (
                "torch.no_grad", "torch.inference_mode", "torch.enable_grad", "numpy.printoptions")
                and i.optional_vars is None for i in node.items):
            self.block(node.body, top)
            return None
        if kind is ast.If and ast.unparse(node.test).replace("'", '"') == '__name__ == "__main__"' and not node.orelse:
            self.block(node.body, top)
            return None
        raise _Unknown(f"'{kind.__name__.lower()}' is not evaluated")

    def bind(self, target, value) -> None:
        if isinstance(target, ast.Name):
            if target.id.startswith("__"):
                raise _Unknown("assignment to a dunder name")
            self.scopes[-1][target.id] = value
            self.why.pop(target.id, None)
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = self.unpack(value)
            if len(items) != len(target.elts) or any(isinstance(t, ast.Starred) for t in target.elts):
                raise _Unknown("unpacking into a different number of names")
            for t, item in zip(target.elts, items):
                self.bind(t, item)
        else:
            base = target
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name) and isinstance(self.scopes[-1].get(base.id, self.module.get(base.id)), Value):
                self.in_place(self.lookup(base.id), None, f"line {target.lineno + self.offset}: "
                              f"{base.id} is changed in place")
            raise _Unknown("assignment into an element or attribute is not evaluated")

    def unpack(self, value) -> list:
        if isinstance(value, _Tuple):
            return list(value.items)
        if isinstance(value, Value) and value.shape:
            return [_like(value, row) for row in value.array]
        raise _Unknown("unpacking something that is not a sequence")

    def augment(self, node):
        old = self.expr(ast.Name(node.target.id, ast.Load(), lineno=node.lineno)) if isinstance(node.target, ast.Name) else None
        if old is None:
            self.bind(node.target, None)
        new = self.check(_binop(type(node.op), old, self.expr(node.value)))
        if isinstance(old, Value) and old.shape:
            self.in_place(old, new, f"line {node.lineno + self.offset}: changed in place through {node.target.id}")
        self.scopes[-1][node.target.id] = new
        return new

    def expression_statement(self, node, top):
        value = node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return None                                   # a docstring
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("print", "display") \
                and not any(value.func.id in s for s in self.scopes):
            return self.printing(value)
        result = self.expr(value)
        rest = self.lines[node.end_lineno - 1].encode()[node.end_col_offset:].decode(errors="replace")
        if top and isinstance(result, Value) and (self.repl or node in self.echoes) and not rest.lstrip().startswith(";"):
            self.program.prints.append(Printed(node.lineno + self.offset, self.text(value), result))
            return result
        return None

    def printing(self, call):
        label, shown = [], None
        for arg in call.args:
            parts = arg.values if isinstance(arg, ast.JoinedStr) else [arg]
            for part in parts:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    label.append(part.value)
                    continue
                inner = part.value if isinstance(part, ast.FormattedValue) else part
                try:
                    v = self.expr(inner)
                except _Unknown as exc:
                    self.unknown(call, str(exc))
                    label = []
                    continue
                if isinstance(v, str):
                    label.append(v)
                elif isinstance(v, Value):
                    spec = part.format_spec if isinstance(part, ast.FormattedValue) else None
                    fmt = "".join(c.value for c in spec.values if isinstance(c, ast.Constant)) if spec else None
                    joined = ("" if isinstance(arg, ast.JoinedStr) else " ").join(label).strip()
                    self.program.prints.append(Printed(call.lineno + self.offset, self.text(inner), v, joined, fmt))
                    label, shown = [], v
        return shown

    def imports(self, node):
        for alias in node.names:
            if alias.name == "*":
                raise _Unknown("import * is not evaluated")
            if isinstance(node, ast.Import):
                path = alias.name if alias.asname else alias.name.split(".")[0]
                self.scopes[-1][alias.asname or path] = _Ref(path)
            else:
                self.scopes[-1][alias.asname or alias.name] = self.attribute(_Ref(node.module or ""), alias.name)
        return None

    def define(self, node):
        why = _plain(node.body, function=True)
        args = node.args
        if why or node.decorator_list or args.vararg or args.kwarg:
            raise _Unknown(f"function {node.name}: {why or 'decorators, *args or **kwargs'}")
        params = args.posonlyargs + args.args + args.kwonlyargs
        defaults = dict(zip([p.arg for p in (args.posonlyargs + args.args)][::-1], args.defaults[::-1]))
        defaults.update({p.arg: d for p, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
        values = {}
        for name, d in defaults.items():
            try:
                values[name] = self.expr(d)
            except _Unknown:
                pass
        local = frozenset(_targets(ast.Module(node.body, [])) | {p.arg for p in params})
        self.scopes[-1][node.name] = _Function(node, node.name, values, local)
        self.why.pop(node.name, None)
        return None

    def loop(self, node):
        why = _plain(node.body) or ("for ... else" if node.orelse else None)
        if why:
            raise _Unknown(why)
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords:
            if isinstance(self.lookup("range"), _Builtin):
                bounds = [_int(self.expr(a)) for a in it.args]
                if not 1 <= len(bounds) <= 3 or len(range(*bounds)) > limits.CHECK_MAX_SEGMENTS:
                    raise _Unknown("range() with other arguments or too many steps")
                items = [_new(sp.Integer(i)) for i in range(*bounds)]
        else:
            items = self.unpack(self.expr(it))
        for item in items:
            self.bind(node.target, item)
            self.block(node.body)
        return None

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
        if kind is ast.BinOp and type(node.op) in _SCALAR_OPS or kind is ast.BinOp and isinstance(node.op, ast.MatMult):
            return _binop(type(node.op), self.expr(node.left), self.expr(node.right))
        if kind is ast.UnaryOp and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
            return _unary(node.op, self.expr(node.operand))
        if kind is ast.Compare:
            return self.comparison(node)
        if kind in (ast.List, ast.Tuple):
            return self.sequence(node)
        if kind is ast.Subscript:
            return self.subscript(node)
        if kind is ast.Lambda:
            return _Function(node, "<lambda>", {}, frozenset(a.arg for a in node.args.args))
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
            text = self.text(node)
            return _new(_decimal(text if _DECIMAL.fullmatch(text.replace("_", "")) else repr(v)))
        raise _Unknown("a constant that is not a real number")

    def comparison(self, node):
        left, result = self.expr(node.left), None
        if len(node.ops) > 1 and not (isinstance(left, Value) and left.shape == ()):
            raise _Unknown("a chained comparison of arrays")
        for op, right_node in zip(node.ops, node.comparators):
            if type(op) not in _COMPARE:
                raise _Unknown("'is' / 'in' comparisons are not evaluated")
            right = self.expr(right_node)
            step = _compare(type(op), left, right)
            result = step if result is None else _new(sp.true if result.array[()] and step.array[()] else sp.false, dtype="bool")
            left = right
        return result

    def sequence(self, node):
        if len(node.elts) > limits.CHECK_MAX_BLOCK_ENTRIES:
            raise _Unknown(f"a list over the limit of {limits.CHECK_MAX_BLOCK_ENTRIES} entries")
        items = tuple(self.expr(e) for e in node.elts)
        if all(isinstance(i, Value) and i.library == "python" for i in items) and len({i.shape for i in items}) <= 1:
            if not items:
                return _new(np.empty((0,), dtype=object))
            _room((len(items),) + items[0].shape)
            return _new(np.stack([i.array for i in items]), dtype="bool" if all(i.dtype == "bool" for i in items) else None)
        return _Tuple(items)

    def subscript(self, node):
        base = self.expr(node.value)
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        key = []
        for p in parts:
            if isinstance(p, ast.Slice):
                key.append(slice(*(None if e is None else _int(self.expr(e)) for e in (p.lower, p.upper, p.step))))
            else:
                k = self.expr(p)
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
        return _like(v, got if isinstance(got, np.ndarray) else _scalar(got))

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
        if isinstance(obj, Value):
            if attr == "T":
                return _like(obj, obj.array.T)
            if attr == "mT":
                return _like(obj, np.swapaxes(obj.array, -1, -2))
            if attr == "shape" or attr == "size" and obj.library != "torch":
                return _size("python", obj) if attr == "shape" else _new(sp.Integer(obj.array.size))
            if attr == "ndim":
                return _new(sp.Integer(obj.array.ndim))
            if attr == "data":
                return obj
            if (attr in _METHODS or attr in _SHARED) and obj.library != "python":
                return _Method(obj, attr)
        raise _Unknown(f"the attribute .{attr} is not evaluated")

    def dotted(self, node) -> str | None:
        try:
            ref = self.expr(node)
        except _Unknown:
            return None
        return ref.path if isinstance(ref, _Ref) else None

    def call(self, node):
        fn_node = node.func
        receiver = self.expr(fn_node.value) if isinstance(fn_node, ast.Attribute) else None
        args = [self.expr(a) for a in node.args if not isinstance(a, ast.Starred)]
        if len(args) < len(node.args) or any(k.arg is None for k in node.keywords):
            raise _Unknown("*args / **kwargs in a call are not evaluated")
        kwargs = {_ALIASES.get(k.arg, k.arg): self.expr(k.value) for k in node.keywords if k.arg not in _IGNORED}
        try:
            fn = self.attribute(receiver, fn_node.attr) if receiver is not None or isinstance(fn_node, ast.Attribute) \
                else self.expr(fn_node)
        except _Unknown:
            name = fn_node.attr if isinstance(fn_node, ast.Attribute) else ""
            if isinstance(receiver, Value) and (name.endswith("_") or name in _MUTATORS):
                self.in_place(receiver, None, f"line {node.lineno + self.offset}: changed in place by .{name}()")
            raise
        if isinstance(fn, _Function):
            return self.call_function(fn, args, kwargs)
        if isinstance(fn, _Method):
            lib, name = fn.value.library, fn.name
            method = _METHODS.get(name) or _FUNCS.get(f"{_ROOTS[lib]}.{name}") or _FUNCS[f"torch.{name}"]
            return method(lib, fn.value, *args, **kwargs)
        if isinstance(fn, _Builtin) and fn.name in _BUILTINS:
            return _BUILTINS[fn.name]("python", *args, **kwargs)
        if isinstance(fn, _DType) and isinstance(receiver, _Ref) and receiver.path in _NP and len(args) == 1:
            return _cast(_arr(args[0]), fn.name, "numpy", fresh=True)
        if isinstance(fn, _Ref) and fn.path in _FUNCS:
            return _FUNCS[fn.path](_library_of(fn.path), *args, **kwargs)
        name = fn.path if isinstance(fn, _Ref) else self.text(fn_node)
        last = name.rsplit(".", 1)[-1]
        if last.endswith("_") or last in _MUTATORS or "out" in kwargs:
            for a in args:
                if isinstance(a, Value):
                    self.in_place(a, None, f"line {node.lineno + self.offset}: changed in place by {name}()")
        if _RANDOM.search(name):
            raise _Unknown(f"{name}() is random")
        raise _Unknown(f"{name}() is not evaluated")

    def call_function(self, fn: _Function, args, kwargs):
        if fn in self.active:
            raise _Unknown(f"recursive call of {fn.name}")
        spec = fn.node.args
        names = [p.arg for p in spec.posonlyargs + spec.args]
        if len(args) > len(names):
            raise _Unknown(f"{fn.name}() called with too many arguments")
        local = dict(zip(names, args))
        for key, value in kwargs.items():
            if key in local or key not in names + [p.arg for p in spec.kwonlyargs]:
                raise _Unknown(f"{fn.name}() called with an unexpected argument {key}")
            local[key] = value
        for name in names + [p.arg for p in spec.kwonlyargs]:
            if name not in local:
                if name not in fn.defaults:
                    raise _Unknown(f"{fn.name}() called without {name}")
                local[name] = fn.defaults[name]
        self.active.append(fn)
        self.scopes.append(local)
        self.depth += 1
        try:
            if self.depth > limits.MAX_NESTING:
                raise _Unknown(f"calls nested deeper than {limits.MAX_NESTING}")
            if isinstance(fn.node, ast.Lambda):
                return self.expr(fn.node.body)
            try:
                self.block(fn.node.body)
            except _Return as r:
                return r.value
            return None
        finally:
            self.depth -= 1
            self.scopes.pop()
            self.active.pop()

    # -- comments with numbers on a line that assigns or prints a known value
    def comment(self, node, value: Value) -> None:
        row = node.end_lineno - 1
        note = self.notes.get(row)
        spans, texts = [], []
        if note and not note[2]:
            take, follow = [row], True
        elif isinstance(node, ast.Expr) and self.notes.get(row + 1, (0, "", False))[2]:
            take, follow = [row + 1], False
        else:
            return
        if not re.search(r"\d", self.notes[take[0]][1]):
            return
        depth = 0
        while True:
            col, text, _ = self.notes[take[-1]]
            spans.append((take[-1] + 1 + self.offset, col + self.widths[take[-1]],
                          len(self.lines[take[-1]]) + self.widths[take[-1]]))
            texts.append(text)
            depth += text.count("[") + text.count("(") - text.count("]") - text.count(")")
            nxt = self.notes.get(take[-1] + 1)
            if not nxt or not nxt[2] or len(take) > limits.CHECK_MAX_BLOCK_ENTRIES:
                break
            if depth <= 0 and (follow or not re.search(r"\d", nxt[1])):
                break
            take.append(take[-1] + 1)
        self.program.comments.append(Commented(node.end_lineno + self.offset, "\n".join(texts), value, tuple(spans)))


def evaluate(source: str, *, line_offset: int = 0) -> Program:
    """Evaluate one code block exactly, without running it (see the module docstring).  Never raises."""
    program = Program()
    try:
        if not isinstance(source, str) or len(source) > limits.CHECK_MAX_CODE_CHARS:
            program.unknown.append((1 + line_offset, f"a code block over the limit of "
                                    f"{limits.CHECK_MAX_CODE_CHARS:,} characters"))
            return program
        lines, widths, repl = _prepare(source)
        stmts, good, bad = _parse(lines)
        ev = _Evaluator(lines, widths, line_offset, repl)
        program = ev.program
        program.unknown.extend((line + line_offset, "not Python (a syntax error)") for line in bad)
        ev.notes = _comments(lines, good)
        cells = sorted(i for i, line in enumerate(lines) if _CELL.match(line))
        ev.echoes = {s for k, s in enumerate(stmts) if k + 1 == len(stmts) or any(
            s.end_lineno <= c < stmts[k + 1].lineno for c in cells[:limits.CHECK_MAX_SEGMENTS])}
        current = None
        try:
            with limits.time_limit("evaluating a code block", "CHECK_SECONDS", env="SYMATTN_CHECK_SECONDS"):
                for current in stmts:
                    ev.statement(current, top=True)
        except _Stop as stop:
            ev.unknown(current, str(stop))
        except SymattnError as exc:
            ev.unknown(current, str(exc))
        program.values = {k: v for k, v in ev.module.items() if isinstance(v, Value)}
        program.unknown.sort(key=lambda u: u[0])
    except Exception as exc:  # noqa: BLE001 - the contract: never raises on any input
        program.unknown.append((1 + line_offset, f"not evaluated ({type(exc).__name__})"))
    return program
