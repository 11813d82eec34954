"""Exact computations behind the concept cards that go beyond the article.

One function per fact (why sqrt(d_k), the max-shift, cost, masks, heads/GQA,
RoPE, the softmax Jacobian): the single place the cards get it from.  Where a
topic module computes the same thing (``symattn.topics.masks``, ``symattn.topics.heads``,
``symattn.topics.rope``, ``symattn.topics.theory``) the function delegates to it; the rest
are small SymPy computations of their own (general mean/variance for q·k, the
2x2 rotation identity, shift invariance), cross-checked in tests/test_cards.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..softmax import softmax_row

__all__ = ["dot_variance", "expect", "two_way_softmax", "shift_invariance", "overflow_limits",
           "matmul_cost", "causal_mask", "padding_mask", "masked_weights", "causal_pairs", "heads", "kv_cache", "kv_cache_formula",
           "kv_groups", "rotation", "rope_relative", "rope_thetas", "softmax_jacobian", "jacobian_at"]

d, L = sp.symbols("d L", positive=True, integer=True)
mu = sp.Symbol("mu", real=True)
sigma = sp.Symbol("sigma", positive=True)


def expect(poly: sp.Expr, variables, moments) -> sp.Expr:
    """E[poly] for independent variables with the given raw moments ``moments[k] = E[x^k]``.

    Independence makes E[Π x_i^{a_i}] = Π E[x^{a_i}]; linearity does the rest.

    >>> q, k = sp.symbols("q k")
    >>> expect((q * k) ** 2, [q, k], {1: 0, 2: sigma**2})
    sigma**4
    """
    total = sp.S.Zero
    for powers, coeff in sp.Poly(sp.expand(poly), *variables).terms():
        term = coeff
        for a in powers:
            if a:
                term *= moments[a]
        total += term
    return sp.expand(total)


@dataclass(frozen=True)
class DotVariance:
    mean: sp.Expr          # E[q·k] for general mean mu, variance sigma^2
    variance: sp.Expr      # Var(q·k), general
    standard: sp.Expr      # Var(q·k) with mu = 0, sigma = 1: d
    scaled: sp.Expr        # Var(q·k / sqrt(d)) with mu = 0, sigma = 1: 1


def dot_variance() -> DotVariance:
    """Var(q·k) for d independent components with mean mu and variance sigma^2.

    E[(Σ q_i k_i)^2] has d diagonal terms E[q_i^2 k_i^2] and d(d-1) cross terms
    E[q_i k_i q_j k_j]; two representative indices give both by expectation algebra.

    >>> dot_variance().standard
    d
    """
    q1, k1, q2, k2 = sp.symbols("q1 k1 q2 k2")
    moments = {1: mu, 2: sigma**2 + mu**2}
    xs = [q1, k1, q2, k2]
    diag = expect((q1 * k1) ** 2, xs, moments)
    cross = expect(q1 * k1 * q2 * k2, xs, moments)
    mean = d * expect(q1 * k1, xs, moments)
    var = sp.expand(d * diag + d * (d - 1) * cross - mean**2)
    standard = var.subs({mu: 0, sigma: 1})
    return DotVariance(mean, sp.factor(var), standard, sp.cancel(standard / d))


def two_way_softmax():
    """p(s) = e^s / (e^s + 1) for a score gap s, and dp/ds."""
    s = sp.Symbol("s", real=True)
    p = sp.exp(s) / (sp.exp(s) + 1)
    return s, p, sp.diff(p, s)


def shift_invariance(n: int = 3):
    """softmax(z - c) == softmax(z), proved by expanding e^{z-c} = e^z e^{-c}."""
    z = sp.symbols(f"z1:{n + 1}", real=True)
    c = sp.Symbol("c", real=True)
    shifted = sp.exp(z[0] - c) / sp.Add(*(sp.exp(x - c) for x in z))
    plain = sp.exp(z[0]) / sp.Add(*(sp.exp(x) for x in z))
    diff = sp.cancel(sp.expand(shifted, power_exp=True) - sp.expand(plain, power_exp=True))
    return z, c, shifted, plain, diff == 0


def overflow_limits():
    """ln of the largest finite float32 / float64: the largest x with finite e^x."""
    import numpy as np
    out = {}
    for name in ("float16", "float32", "float64"):
        big = sp.Integer(int(np.finfo(getattr(np, name)).max))
        out[name] = sp.log(big)
    return out


def matmul_cost(rows, inner, cols):
    """Multiplications (= additions, near enough) of an (rows x inner)(inner x cols) product."""
    return rows * inner * cols


def causal_mask(n: int) -> sp.ImmutableMatrix:
    """M_ij = 0 where j <= i (a token sees itself and the past), -oo above the diagonal."""
    from ..topics.masks import mask_matrix
    return mask_matrix(n, causal=True)


def padding_mask(n: int, padded) -> sp.ImmutableMatrix:
    """-oo in the columns of padding tokens (0-based positions)."""
    from ..topics.masks import mask_matrix
    return mask_matrix(n, padded=padded)


def masked_weights(scaled: sp.MatrixBase, mask: sp.MatrixBase) -> sp.ImmutableMatrix:
    """Row softmax of scaled + mask: e^{-oo} = 0, so masked columns leave the sum."""
    from ..pipeline import masked_softmax_rows
    return sp.ImmutableMatrix([list(r.weights()) for r in masked_softmax_rows(scaled, mask)])


def causal_pairs():
    """How many (query, key) pairs a causal mask keeps, and their share as L grows."""
    i = sp.Symbol("i", integer=True, positive=True)
    kept = sp.factor(sp.summation(i, (i, 1, L)))
    share = sp.cancel(kept / L**2)
    return kept, share, sp.limit(share, L, sp.oo)


def heads(d_model, h):
    """Multi-head bookkeeping: per-head width, projection parameters, score cost."""
    dm, hh = sp.symbols("d_model h", positive=True, integer=True)
    d_head = dm / hh
    params = sp.expand(hh * 3 * dm * d_head + dm * dm)     # W_Q, W_K, W_V per head, then W_O
    score_cost = sp.expand(hh * matmul_cost(L, d_head, L))
    subs = {dm: d_model, hh: h}
    return {"d_head": d_head, "params": params, "score_cost": score_cost, "d_model": dm, "h": hh,
            "d_head_value": d_head.subs(subs), "params_value": params.subs(subs)}


def kv_cache_formula():
    """KV-cache bytes as a formula in N_layers, L, n_kv, d_h, b (symattn.topics.heads), and GQA/MHA."""
    from ..topics.heads import kv_cache_bytes, kv_cache_ratio
    return kv_cache_bytes(sp.Symbol("n_kv", positive=True, integer=True)), kv_cache_ratio()


def kv_cache(layers, n_q, n_kv, d_head, length, bytes_per):
    """KV-cache bytes: K and V, per layer, per KV head, per position."""
    per = 2 * layers * d_head * length * bytes_per
    mha, ours, mqa = per * n_q, per * n_kv, per * 1
    return {"mha": sp.Integer(mha), "gqa": sp.Integer(ours), "mqa": sp.Integer(mqa),
            "ratio": sp.Rational(ours, mha), "saving": 1 - sp.Rational(ours, mha),
            "group": sp.Rational(n_q, n_kv), "mqa_ratio": sp.Rational(mqa, mha)}


def rotation(angle) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix([[sp.cos(angle), -sp.sin(angle)], [sp.sin(angle), sp.cos(angle)]])


def rope_relative():
    """(R(mθ) q)·(R(nθ) k) = q^T R((n-m)θ) k: the score sees only n - m.

    Proved entrywise: R(a)^T R(b) - R(b - a) expands (expand_trig) to zero.
    """
    m, n = sp.symbols("m n", integer=True)
    theta = sp.Symbol("theta", positive=True)
    a, b = m * theta, n * theta
    product = rotation(a).T * rotation(b)
    target = rotation(b - a)
    zero = (product - target).applyfunc(lambda e: sp.expand(sp.expand_trig(e)))
    norm = (rotation(a).T * rotation(a)).applyfunc(lambda e: sp.trigsimp(e))
    return {"m": m, "n": n, "theta": theta, "product": product, "target": target,
            "holds": zero == sp.zeros(2, 2), "norm": norm}


def rope_thetas(dim: int, base: int = 10000):
    """θ_i = base^{-2i/dim} for each pair i of a dim-wide vector."""
    from ..topics.rope import frequencies
    return frequencies(dim, base)


def kv_groups(n_q: int, n_kv: int) -> tuple[int, ...]:
    """The K/V head each query head reads in GQA."""
    from ..topics.heads import kv_group
    return tuple(kv_group(i, n_q, n_kv) for i in range(n_q))


def softmax_jacobian(n: int = 3):
    """∂p_i/∂z_j for p = softmax(z), checked against p_i (δ_ij - p_j).

    With u_i = e^{z_i}, p_i = u_i / Σu and ∂/∂z_j = u_j ∂/∂u_j, so the check is
    rational arithmetic that ``cancel`` settles.
    """
    u = sp.symbols(f"u1:{n + 1}", positive=True)
    total = sp.Add(*u)
    p = [x / total for x in u]
    J = sp.Matrix(n, n, lambda i, j: u[j] * sp.diff(p[i], u[j]))
    claim = sp.Matrix(n, n, lambda i, j: p[i] * (sp.KroneckerDelta(i, j) - p[j]))
    holds = all(sp.cancel(J[i, j] - claim[i, j]) == 0 for i in range(n) for j in range(n))
    row_sums_zero = all(sp.cancel(sum(J.row(i))) == 0 for i in range(n))
    return holds, row_sums_zero


def jacobian_at(scores) -> sp.ImmutableMatrix:
    """diag(a) - a a^T for a = softmax(scores), in canonical exact form."""
    from ..topics.theory import jacobian
    return jacobian(softmax_row(list(scores)))
