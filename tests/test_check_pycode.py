"""symattn.check.pycode: the array code of articles evaluated exactly, never run.

Every whitelisted construct has a snippet with its exact value; each numpy snippet is also run
here with real numpy (the *test* executes its own trusted snippets, the module never does), each
torch snippet with torch when it is installed, and the two must agree to float precision.
"""

from __future__ import annotations

import builtins
import math
import sys

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symattn import limits
from symattn.check.pycode import Program, Value, evaluate

R, E, S3 = sp.Rational, sp.E, sp.sqrt(3)
oo, nan = sp.oo, sp.nan


def run(src: str, **kw) -> Program:
    p = evaluate(src, **kw)
    assert isinstance(p, Program)
    return p


def value(src: str, name: str) -> Value:
    p = run(src)
    assert name in p.values, (name, p.unknown)
    return p.values[name]


def _flat(x):
    return [y for item in x for y in _flat(item)] if isinstance(x, (tuple, list)) else [x]


def same(ours, expected) -> bool:
    """Exact: no float inside, and equal to 50 digits (rationals: equal)."""
    a, b = _flat(ours), _flat(expected)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        y = sp.nsimplify(y) if isinstance(y, float) else sp.sympify(y)
        if isinstance(x, sp.logic.boolalg.BooleanAtom) or isinstance(y, sp.logic.boolalg.BooleanAtom):
            if bool(x) != bool(y):
                return False
            continue
        if x.atoms(sp.Float):
            return False
        if x is nan or y is nan:
            if not (x is nan and y is nan):
                return False
        elif x.is_Rational and y.is_Rational or x.is_infinite or y.is_infinite:
            if x != y:
                return False
        elif abs(sp.N(x - y, 60)) > 1e-50:
            return False
    return True


def floats(v: Value) -> np.ndarray:
    return np.array(np.vectorize(lambda e: float(e), otypes=[float])(np.array(v.approx(30), dtype=object)),
                    dtype=float) if v.shape else np.array(float(v.approx(30)))


# --- numpy: (snippet, name, exact value); each is cross-checked against real numpy -------------------

NP = "import numpy as np\nimport math\n"
A = "a = np.array([[1, 2], [3, 4]])\n"
NUMPY_CASES = [
    # constructors
    ("x = np.array([[1, 2], [3, 4]])", "x", ((1, 2), (3, 4))),
    ("x = np.asarray([0.1, 0.25, 1e-9])", "x", (R(1, 10), R(1, 4), R(1, 10**9))),
    ("x = np.array([-1e9, 2.5e-3])", "x", (-10**9, R(1, 400))),
    ("x = np.eye(3)", "x", ((1, 0, 0), (0, 1, 0), (0, 0, 1))),
    ("x = np.eye(2, 3, k=1)", "x", ((0, 1, 0), (0, 0, 1))),
    ("x = np.ones((2, 3))", "x", ((1, 1, 1), (1, 1, 1))),
    ("x = np.zeros(3)", "x", (0, 0, 0)),
    ("x = np.full((2, 2), 0.5)", "x", ((R(1, 2), R(1, 2)), (R(1, 2), R(1, 2)))),
    ("x = np.arange(6).reshape(2, 3)", "x", ((0, 1, 2), (3, 4, 5))),
    ("x = np.arange(0, 1, 0.25)", "x", (0, R(1, 4), R(1, 2), R(3, 4))),
    ("x = np.arange(1, 1.3, 0.1)", "x", (1, R(11, 10), R(12, 10), R(13, 10))),   # numpy's float length
    ("x = np.diag([1, 2, 3])", "x", ((1, 0, 0), (0, 2, 0), (0, 0, 3))),
    (A + "x = np.diag(a)", "x", (1, 4)),
    (A + "x = np.ones_like(a)", "x", ((1, 1), (1, 1))),
    (A + "x = np.zeros_like(a)", "x", ((0, 0), (0, 0))),
    (A + "x = np.full_like(a, 7)", "x", ((7, 7), (7, 7))),
    ("x = np.array([1, 2]) * [0.5, 2]", "x", (R(1, 2), 4)),
    ("x = np.array([float('-inf'), np.inf, -np.inf])", "x", (-oo, oo, -oo)),
    ("x = np.array([math.sqrt(2), np.sqrt(3), math.e, np.pi])", "x", (sp.sqrt(2), S3, E, sp.pi)),
    ("x = np.array((1, 2.5))", "x", (1, R(5, 2))),
    # shapes, transposes
    ("x = np.arange(6).reshape(3, -1)", "x", ((0, 1), (2, 3), (4, 5))),
    ("x = np.arange(6).reshape((2, 3)).T", "x", ((0, 3), (1, 4), (2, 5))),
    ("x = np.transpose(np.arange(6).reshape(1, 2, 3), (2, 0, 1))[:, 0, 1]", "x", (3, 4, 5)),
    ("x = np.arange(4).reshape(2, 2).transpose()", "x", ((0, 2), (1, 3))),
    ("x = np.squeeze(np.expand_dims(np.arange(2), 0))", "x", (0, 1)),
    # products
    (A + "x = a @ a.T", "x", ((5, 11), (11, 25))),
    (A + "x = np.matmul(a, a)", "x", ((7, 10), (15, 22))),
    (A + "x = np.dot(a, [1, 1])", "x", (3, 7)),
    (A + "x = a.dot(a)", "x", ((7, 10), (15, 22))),
    ("x = np.ones((2, 2, 3)) @ np.ones((3, 1))", "x", (((3,), (3,)), ((3,), (3,)))),
    ("x = np.array([1, 2]) @ np.array([3, 4])", "x", 11),
    # elementwise with broadcasting
    (A + "x = a * 2 - a / 4 + 1", "x", ((R(11, 4), R(9, 2)), (R(25, 4), 8))),
    (A + "x = a + np.array([[10], [20]])", "x", ((11, 12), (23, 24))),
    (A + "x = a ** 2", "x", ((1, 4), (9, 16))),
    (A + "x = a ** 0.5", "x", ((1, sp.sqrt(2)), (S3, 2))),
    (A + "x = a // 3 + a % 3", "x", ((1, 2), (1, 2))),
    ("x = np.sqrt(np.array([4, 2, 0.25]))", "x", (2, sp.sqrt(2), R(1, 2))),
    ("x = np.exp(np.array([0, 0.5, -1]))", "x", (1, sp.exp(R(1, 2)), sp.exp(-1))),
    ("x = np.log(np.array([1, 2, np.e]))", "x", (0, sp.log(2), 1)),
    ("x = np.maximum(0, np.array([-1, 2]))", "x", (0, 2)),
    ("x = -np.array([1, -2])", "x", (-1, 2)),
    # reductions
    (A + "x = a.sum()", "x", 10),
    (A + "x = a.sum(axis=0)", "x", (4, 6)),
    (A + "x = np.sum(a, axis=-1, keepdims=True)", "x", ((3,), (7,))),
    (A + "x = a.max(axis=1)", "x", (2, 4)),
    (A + "x = np.max(a, axis=-1, keepdims=True)", "x", ((2,), (4,))),
    (A + "x = a.mean(axis=0)", "x", (2, 3)),
    (A + "x = a.min()", "x", 1),
    (A + "x = np.mean(a)", "x", R(5, 2)),
    # softmax, by hand and from scipy
    ("s = np.array([[1.0, 0.5, 0.5]])\ne = np.exp(s - s.max(axis=-1, keepdims=True))\n"
     "x = e / e.sum(axis=-1, keepdims=True)", "x",
     ((sp.exp(R(1, 2)) / (sp.exp(R(1, 2)) + 2), 1 / (sp.exp(R(1, 2)) + 2), 1 / (sp.exp(R(1, 2)) + 2)),)),
    ("from scipy.special import softmax\nx = softmax(np.array([[0, 0], [1, 0]]), axis=1)", "x",
     ((R(1, 2), R(1, 2)), (E / (E + 1), 1 / (E + 1)))),
    ("import scipy.special\nx = scipy.special.softmax(np.array([0.0, 0.0, 0.0, 0.0]))", "x", (R(1, 4),) * 4),
    ("from scipy.special import softmax\nx = softmax(np.array([0, -np.inf]))", "x", (1, 0)),
    ("from scipy.special import softmax\nx = softmax(np.array([[0, -1e9], [-np.inf, -np.inf]]), axis=-1)", "x",
     ((1 / (1 + sp.exp(-10**9)), sp.exp(-10**9) / (1 + sp.exp(-10**9))), (nan, nan))),
    # masks
    ("x = np.tril(np.ones((3, 3)))", "x", ((1, 0, 0), (1, 1, 0), (1, 1, 1))),
    ("x = np.triu(np.ones((3, 3)), k=1)", "x", ((0, 1, 1), (0, 0, 1), (0, 0, 0))),
    ("m = np.tril(np.ones((2, 2)))\nx = np.where(m == 0, -np.inf, np.zeros((2, 2)))", "x", ((0, -oo), (0, 0))),
    ("m = np.tril(np.ones((2, 2)))\nx = m == 0", "x", ((False, True), (False, False))),
    ("x = np.array([1, 2, 3]) > 1.5", "x", (False, True, True)),
    ("x = ~(np.arange(3) >= 1)", "x", (True, False, False)),
    # indexing and slicing
    ("x = np.arange(12).reshape(3, 4)[-1]", "x", (8, 9, 10, 11)),
    ("x = np.arange(12).reshape(3, 4)[1:, ::2]", "x", ((4, 6), (8, 10))),
    ("x = np.arange(12).reshape(3, 4)[:, -2:]", "x", ((2, 3), (6, 7), (10, 11))),
    ("x = np.arange(12).reshape(3, 4)[2, -1]", "x", 11),
    ("x = np.arange(3)[np.newaxis, :]", "x", ((0, 1, 2),)),
    ("x = np.arange(3)[:, None]", "x", ((0,), (1,), (2,))),
    ("y = np.arange(6).reshape(2, 3)\nx = y[..., 0]", "x", (0, 3)),
    # shapes as values
    ("y = np.zeros((2, 5))\nx = y.shape[-1]", "x", 5),
    ("y = np.zeros((2, 5))\nx = len(y)", "x", 2),
    ("y = np.zeros((2, 5))\nx = np.array(y.shape)", "x", (2, 5)),
    ("y = np.zeros((2, 5))\nx = y.size + y.ndim", "x", 12),
    # joining and splitting
    ("x = np.concatenate([np.ones(2), np.zeros(1)])", "x", (1, 1, 0)),
    ("x = np.concatenate((np.eye(2), np.eye(2)), axis=1)", "x", ((1, 0, 1, 0), (0, 1, 0, 1))),
    ("x = np.stack([np.arange(2), np.arange(2) + 5], axis=1)", "x", ((0, 5), (1, 6))),
    ("a, b = np.split(np.arange(6), 2)\nx = b", "x", (3, 4, 5)),
    ("q, k, v = np.split(np.arange(6).reshape(1, 6), 3, axis=-1)\nx = k", "x", ((2, 3),)),
    # rounding
    ("x = np.round(np.array([0.12345, 2.5, 0.125]), 2)", "x", (R(12, 100), R(5, 2), R(12, 100))),
    ("x = np.round(np.exp(np.array([0.5])), 3)", "x", (R(1649, 1000),)),
    ("x = np.array([2.675, 1.005]).round(2)", "x", (R(268, 100), R(1, 1))),   # numpy scales in float64
    ("x = round(2.675, 2)", "x", R(267, 100)),
    ("x = round(0.5)", "x", 0),
    ("x = np.round(np.array([1.5, 2.5, -0.5]))", "x", (2, 2, 0)),
    # assignment forms
    ("X = np.eye(2)\nQ = K = V = X\nx = Q @ K.T + V", "x", ((2, 0), (0, 2))),
    ("a, b = np.array([1, 2]), np.array([3, 4])\na, b = b, a\nx = a - b", "x", (2, 2)),
    ("x = np.arange(3)\nx += 1\nx *= 2", "x", (2, 4, 6)),
    ("x = np.arange(3)\ny = x\nx += 1\nx = y", "x", (1, 2, 3)),            # an alias sees the change
    ("d_model, heads = 8, 2\nd_k = d_model // heads\nx = np.ones((heads, d_k)).sum()", "x", 8),
    ("B, T = np.zeros((2, 3)).shape\nx = np.array([B, T])", "x", (2, 3)),
    # small pure functions and loops
    ("def softmax(x):\n    e = np.exp(x - x.max(axis=-1, keepdims=True))\n    return e / e.sum(axis=-1, keepdims=True)\n"
     "x = softmax(np.array([[1.0, 1.0], [2.0, 0.0]]))", "x",
     ((R(1, 2), R(1, 2)), (1 / (1 + sp.exp(-2)), sp.exp(-2) / (1 + sp.exp(-2))))),
    ("def attention(Q, K, V, scale=True):\n    d_k = Q.shape[-1]\n    s = Q @ K.T\n"
     "    s = s / math.sqrt(d_k) if False else s / math.sqrt(d_k)\n    return s\nx = attention(np.eye(3), np.eye(3), np.eye(3))",
     "x", None),   # a conditional expression: unknown (checked in test_unknowns)
    ("relu = lambda z: np.maximum(z, 0)\nx = relu(np.array([-2, 3]))", "x", (0, 3)),
    ("total = 0\nfor i in range(4):\n    total += i * i\nx = np.array(total)", "x", 14),
    ("x = np.zeros(2)\nfor row in np.eye(2):\n    x = x + row * 3", "x", (3, 3)),
    # Python lists and scalars
    ("x = np.array([1, 2] + [3])", "x", (1, 2, 3)),
    ("x = np.array([0] * 3)", "x", (0, 0, 0)),
    ("x = np.array(float('-inf'))", "x", -oo),
    ("x = np.array(math.sqrt(8) / 2)", "x", sp.sqrt(2)),
    ("x = np.array(abs(-1.5) + max(1, 3) + min([4, 2]) + sum([1, 2]))", "x", R(19, 2)),
]
NUMPY_CASES = [c for c in NUMPY_CASES if c[2] is not None]


@pytest.mark.parametrize("src, name, expected", NUMPY_CASES, ids=[c[0].splitlines()[-1][:50] for c in NUMPY_CASES])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy and scipy warn on the nan rows
def test_numpy_snippet_is_exact_and_agrees_with_numpy(src, name, expected):
    v = value(NP + src, name)
    assert same(v.entries, expected), (v.entries, expected)
    namespace: dict = {}
    exec(NP + src, namespace)  # the test runs its own trusted snippet; the module never runs code
    real = np.asarray(namespace[name])
    assert v.shape == real.shape
    if real.dtype == bool:
        assert [bool(e) for e in v.flat] == list(real.flat)
    else:
        np.testing.assert_allclose(floats(v), real.astype(float), rtol=1e-12, atol=1e-300)
    assert v.library == ("numpy" if isinstance(namespace[name], (np.ndarray, np.generic)) else "python")


# --- torch ------------------------------------------------------------------------------------------------

TORCH = "import torch\nimport torch.nn.functional as F\nimport math\n"
TORCH_CASES = [
    ("x = torch.tensor([[1., 2.], [3., 4.]])", "x", ((1, 2), (3, 4))),
    ("x = torch.ones(2, 3) + torch.zeros((2, 3))", "x", ((1, 1, 1), (1, 1, 1))),
    ("x = torch.arange(6).view(2, 3).transpose(0, 1)", "x", ((0, 3), (1, 4), (2, 5))),
    ("x = torch.arange(6).reshape(1, 2, 3).transpose(-2, -1)[0]", "x", ((0, 3), (1, 4), (2, 5))),
    ("x = torch.arange(6).reshape(1, 2, 3).permute(2, 0, 1)[:, 0, 0]", "x", (0, 1, 2)),
    ("x = torch.eye(2).mm(torch.tensor([[1., 2.], [3., 4.]]))", "x", ((1, 2), (3, 4))),
    ("x = torch.bmm(torch.ones(2, 1, 3), torch.ones(2, 3, 1))[:, 0, 0]", "x", (3, 3)),
    ("x = torch.matmul(torch.ones(2, 3), torch.ones(3))", "x", (3, 3)),
    ("x = torch.softmax(torch.tensor([[0., 0.], [1., 0.]]), dim=-1)", "x",
     ((R(1, 2), R(1, 2)), (E / (E + 1), 1 / (E + 1)))),
    ("x = F.softmax(torch.tensor([1., 0.5, 0.5]), dim=0)", "x",
     (sp.exp(R(1, 2)) / (sp.exp(R(1, 2)) + 2), 1 / (sp.exp(R(1, 2)) + 2), 1 / (sp.exp(R(1, 2)) + 2))),
    ("x = torch.nn.functional.softmax(torch.zeros(2, 2), dim=1)", "x", ((R(1, 2), R(1, 2)),) * 2),
    ("x = torch.tensor([[2., 0.]]).softmax(-1)", "x", ((1 / (1 + sp.exp(-2)), sp.exp(-2) / (1 + sp.exp(-2))),)),
    ("s = torch.ones(3, 3)\nmask = torch.tril(torch.ones(3, 3))\nx = s.masked_fill(mask == 0, float('-inf'))",
     "x", ((1, -oo, -oo), (1, 1, -oo), (1, 1, 1))),
    ("s = torch.zeros(2, 2)\nm = torch.triu(torch.ones(2, 2), diagonal=1).bool()\n"
     "x = torch.softmax(s.masked_fill(m, -1e9), dim=-1)", "x",
     ((1 / (1 + sp.exp(-10**9)), sp.exp(-10**9) / (1 + sp.exp(-10**9))), (R(1, 2), R(1, 2)))),
    ("s = torch.zeros(2, 2)\nm = torch.triu(torch.ones(2, 2), diagonal=1) == 1\n"
     "x = F.softmax(s.masked_fill(m, float('-inf')), dim=-1)", "x", ((1, 0), (R(1, 2), R(1, 2)))),
    ("s = torch.zeros(2, 2)\nx = torch.softmax(s.masked_fill(torch.ones(2, 2) == 1, float('-inf')), dim=-1)",
     "x", ((nan, nan), (nan, nan))),
    ("x = torch.where(torch.eye(2) == 1, torch.tensor(5.), torch.tensor(-1.))", "x", ((5, -1), (-1, 5))),
    ("q = torch.ones(2, 4)\nx = q / math.sqrt(q.size(-1))", "x", ((R(1, 2),) * 4,) * 2),
    ("q = torch.ones(2, 4)\nx = torch.tensor(q.shape[-1] ** 0.5)", "x", 2),
    ("x = torch.sqrt(torch.tensor(3.))", "x", S3),
    ("x = torch.exp(torch.tensor([0.5])).log()", "x", (R(1, 2),)),
    ("x = torch.ones(2, 3).sum(dim=-1, keepdim=True)", "x", ((3,), (3,))),
    ("x = torch.tensor([[1., 5.], [7., 2.]]).max(dim=-1, keepdim=True).values", "x", ((5,), (7,))),
    ("x = torch.max(torch.tensor([[1., 5.], [7., 2.]]), dim=0)[1]", "x", (1, 0)),
    ("x = torch.tensor([[1., 5.], [7., 2.]]).mean()", "x", R(15, 4)),
    ("x = torch.cat([torch.ones(1, 2), torch.zeros(1, 2)], dim=0)", "x", ((1, 1), (0, 0))),
    ("x = torch.stack([torch.ones(2), torch.zeros(2)], dim=-1)", "x", ((1, 0), (1, 0))),
    ("q, k, v = torch.arange(6).chunk(3)\nx = v", "x", (4, 5)),
    ("a, b = torch.arange(5).split(3)\nx = b", "x", (3, 4)),
    ("a, b = torch.split(torch.arange(5), [1, 4])\nx = b", "x", (1, 2, 3, 4)),
    ("x = torch.arange(3).unsqueeze(0).unsqueeze(-1).squeeze(0)", "x", ((0,), (1,), (2,))),
    ("x = torch.ones(2, 2).float().detach().numpy()", "x", ((1, 1), (1, 1))),
    ("x = torch.tensor([[1., 2.]]).T.clone()", "x", ((1,), (2,))),
    ("x = torch.tensor([0.5, 1.5]).item() if False else torch.tensor([2.5]).item()", "x", None),
    ("x = torch.tensor([2.5]).item()", "x", R(5, 2)),
    ("x = torch.tensor([[0.25, 2.]]).tolist()", "x", ((R(1, 4), 2),)),
    ("x = torch.round(torch.tensor([0.123456, 2.5]), decimals=3)", "x", (R(123, 1000), R(5, 2))),
    ("x = torch.tensor([0.5, 1.7]).int()", "x", (0, 1)),
    ("x = torch.relu(torch.tensor([-1., 2.]))", "x", (0, 2)),
    ("x = torch.tensor([1., 2.], dtype=torch.float16) * 2", "x", (2, 4)),
    ("X = torch.tensor([[1., 0.], [0., 1.]])\nW = torch.tensor([[2., 1.], [1., 3.]])\n"
     "Q, K = X @ W, X @ W.T\nx = torch.softmax(Q @ K.transpose(-2, -1) / K.size(-1) ** 0.5, dim=-1) @ X", "x", None),
]
TORCH_CASES = [c for c in TORCH_CASES if c[2] is not None]


@pytest.mark.parametrize("src, name, expected", TORCH_CASES, ids=[c[0].splitlines()[-1][:50] for c in TORCH_CASES])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_torch_snippet_is_exact_and_agrees_with_torch(src, name, expected):
    v = value(TORCH + src, name)
    assert same(v.entries, expected), (v.entries, expected)
    torch = pytest.importorskip("torch")
    namespace: dict = {}
    exec(TORCH + src, namespace)
    real = namespace[name]
    real = np.asarray(real.detach().numpy() if isinstance(real, torch.Tensor) else real)
    assert v.shape == real.shape
    close = {"rtol": 1e-6, "atol": 1e-7} if real.dtype != np.float64 else {"rtol": 1e-12}
    np.testing.assert_allclose(floats(v), real.astype(float), **close)


def test_a_whole_attention_step_in_torch_agrees():
    src = TORCH + ("X = torch.tensor([[1., 0., 1.], [0., 2., 0.], [1., 1., 0.]])\n"
                   "W_q = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])\nW_k = torch.tensor([[0., 1.], [1., 0.], [1., 0.]])\n"
                   "Q, K, V = X @ W_q, X @ W_k, X\n"
                   "scores = Q @ K.transpose(-2, -1) / math.sqrt(K.size(-1))\n"
                   "mask = torch.tril(torch.ones(3, 3))\nscores = scores.masked_fill(mask == 0, float('-inf'))\n"
                   "weights = F.softmax(scores, dim=-1)\nout = weights @ V\n")
    p = run(src)
    assert not p.unknown
    assert same(p.values["weights"].entries[1], (1 / (1 + sp.exp(-sp.sqrt(2))), sp.exp(-sp.sqrt(2)) / (1 + sp.exp(-sp.sqrt(2))), 0))
    torch = pytest.importorskip("torch")
    namespace: dict = {}
    exec(src, namespace)
    for name in ("scores", "weights", "out"):
        np.testing.assert_allclose(floats(p.values[name]), namespace[name].numpy().astype(float), rtol=1e-6, atol=1e-7)


def test_tensorflow_spelling_is_exact():
    p = run("import tensorflow as tf\nq = tf.constant([[1.0, 0.0], [0.0, 1.0]], dtype=tf.float32)\n"
            "s = tf.matmul(q, q, transpose_b=True) / tf.sqrt(2.0)\nw = tf.nn.softmax(s, axis=-1)\n"
            "t = tf.reduce_sum(w, axis=-1, keepdims=True)\nu = tf.transpose(tf.reshape(tf.range(6), (2, 3)))\n")
    assert not p.unknown
    r = sp.exp(-1 / sp.sqrt(2))
    assert same(p.values["w"].entries, ((1 / (1 + r), r / (1 + r)), (r / (1 + r), 1 / (1 + r))))
    assert same(p.values["t"].entries, ((1,), (1,)))
    assert same(p.values["u"].entries, ((0, 3), (1, 4), (2, 5)))
    assert p.values["w"].library == "tf" and p.values["w"].dtype == "float32"
