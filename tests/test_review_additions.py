"""Issue 26, item 3: what an interviewer expects and the documents lacked.  Every number the new
paragraphs print is derived in the topic code; here each is recomputed independently, with numpy and,
where installed, torch (the torch tests skip cleanly without it)."""

from __future__ import annotations

import math
import tomllib

import numpy as np
import pytest
import sympy as sp

from symattn.regen import DEFAULT_DIR


def doc(stem: str, lang: str) -> str:
    main = tomllib.loads((DEFAULT_DIR / f"{stem}.toml").read_text(encoding="utf-8")).get("lang", "zh")
    name = f"{stem}.md" if lang == main else f"{stem}.{lang}.md"
    return (DEFAULT_DIR / name).read_text(encoding="utf-8")


def both(stem: str, *needles):
    for lang in ("zh", "en"):
        text = doc(stem, lang)
        for n in needles:
            assert n in text, (stem, lang, n)


def np_softmax(z):
    z = np.asarray(z, float)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


ARTICLE_Q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float)
ARTICLE_K = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float)


# --- the KV cache ---------------------------------------------------------------------------------

def test_llama2_70b_cache_size_numpy_and_torch():
    from symattn.topics.kv_cache import LLAMA2_70B, _sizes, decode_intensity
    c, z = LLAMA2_70B, _sizes()
    per_token = np.zeros((2, c["layers"], c["n_kv"], 1, c["d_h"]), np.float16).nbytes   # K and V, one token
    assert int(z["per_token"]) == per_token == 327680 and float(z["kib"]) == per_token / 1024 == 320
    assert float(z["gib"]) == per_token * 4096 / 2 ** 30 == 1.25
    assert float(z["intensity"]) == c["n_q"] / c["n_kv"] == 8
    assert decode_intensity().subs(sp.Symbol("b", positive=True, integer=True), 2) == sp.Symbol(
        "n_q", positive=True, integer=True) / sp.Symbol("n_kv", positive=True, integer=True)
    both("wo-ai-ni-kv-cache", "2 \\cdot 80 \\cdot 8 \\cdot 128 \\cdot 2 = 327680", "$320$ KiB", "$1.25$ GiB",
         "\\frac{64}{8} = 8")
    torch = pytest.importorskip("torch")
    kv = torch.empty(2, c["layers"], c["n_kv"], 4096, c["d_h"], dtype=torch.float16)
    assert kv.nelement() * kv.element_size() == 1.25 * 2 ** 30


def test_decoding_intensity_is_n_q_over_n_kv_flop_per_byte():
    # count the work of one decoding step's attention directly: q K^T and a V over a cache of L tokens
    n_q, n_kv, d_h, L, b = 64, 8, 128, 1000, 2
    flops = 2 * n_q * L * d_h * 2          # two products, two FLOPs per multiply-add
    read = 2 * L * n_kv * d_h * b          # K and V of the cache
    assert flops / read == n_q / n_kv


# --- FlashAttention ---------------------------------------------------------------------------------

def test_flash_block_sizes_and_io_terms():
    from symattn.topics.online_softmax import FLASH_SIZES, causal_tiles, io_costs
    N, d, M = FLASH_SIZES["N"], FLASH_SIZES["d"], FLASH_SIZES["M"]
    c = io_costs(N, d, M)
    assert (c["B_c"], c["B_r"]) == (math.ceil(M / (4 * d)), min(math.ceil(M / (4 * d)), d)) == (384, 64)
    assert (c["T_c"], c["T_r"]) == (math.ceil(N / 384), math.ceil(N / 64)) == (11, 64)
    assert c["standard"] == N * d + N * N == 17039360
    assert float(c["flash"]) == pytest.approx(N * N * d * d / M) and round(N * N * d * d / M) == 699051
    assert float(c["ratio"]) == (N * d + N * N) / (N * N * d * d / M) == 24.375
    # the causal tiles, by numpy on the whole mask: a tile is skipped when every entry is masked
    T = N // FLASH_SIZES["tile"]
    keep = np.tril(np.ones((N, N), bool)).reshape(T, 128, T, 128).any(axis=(1, 3))
    assert causal_tiles([tuple(range(i * 128, (i + 1) * 128)) for i in range(T)],
                        [tuple(range(i * 128, (i + 1) * 128)) for i in range(T)]) == (keep.sum(), T * T) == (528, 1024)
    assert causal_tiles([(0, 1), (2,)], [(0, 1), (2,)]) == (3, 4)
    both("wo-ai-ni-online-softmax", "17039360", "\\approx 699051", "$24.375$", "\\lceil 98304 / 256 \\rceil = 384",
         "\\min(384, 64) = 64", "$11$", "$528$", "$1024$")


# --- the backward pass ------------------------------------------------------------------------------

def test_causal_backward_matches_torch_autograd():
    torch = pytest.importorskip("torch")
    from symattn.spec import load_spec
    from symattn.topics import derive
    d = derive(load_spec(DEFAULT_DIR / "wo-ai-ni-backward.toml"))
    V = torch.tensor(np.array(d.step("values").exact.tolist(), float))
    dO = torch.tensor(np.array(d.step("upstream").exact.tolist(), float))
    St = torch.tensor(np.array(d.step("scaled_scores").exact.evalf(30).tolist(), float), requires_grad=True)
    mask = torch.triu(torch.full((3, 3), float("-inf"), dtype=torch.float64), 1)
    (torch.softmax(St + mask, -1) @ V).backward(dO)
    exact = np.array(d.step("grad_scaled_scores_causal").exact.evalf(30).tolist(), float)
    assert np.allclose(St.grad.numpy(), exact, atol=1e-12)
    assert np.all(exact[np.triu_indices(3, 1)] == 0)


def test_matmul_counts_with_torch_flop_counter():
    torch = pytest.importorskip("torch")
    from torch.utils.flop_counter import FlopCounterMode
    from symattn.topics.backward import matmul_counts
    c = matmul_counts()
    N, d = 16, 8
    Q, K, V = (torch.randn(N, d, dtype=torch.float64, requires_grad=True) for _ in range(3))
    with FlopCounterMode(display=False) as fwd:
        O = torch.softmax(Q @ K.T / math.sqrt(d), -1) @ V
    with FlopCounterMode(display=False) as bwd:
        O.backward(torch.ones_like(O))
    at = {c["N"]: N, c["d"]: d}
    assert fwd.get_total_flops() == c["forward_flops"].subs(at) == 4 * N * N * d
    assert bwd.get_total_flops() == 2 * fwd.get_total_flops()          # 4 products: dV, dA, dQ, dK
    assert c["flash_flops"].subs(at) == bwd.get_total_flops() + 2 * N * N * d   # and S recomputed
    assert c["ratio"] == sp.Rational(5, 2)


# --- masks ------------------------------------------------------------------------------------------

def test_mask_conventions_in_torch():
    torch = pytest.importorskip("torch")
    from symattn.topics.masks import causal_aligned, fp16_mask_facts
    f = fp16_mask_facts()
    assert int(f["min"]) == torch.finfo(torch.float16).min == -65504
    low = torch.tensor(-65504.0, dtype=torch.float16)
    assert torch.isinf(low - 16) and not torch.isinf(low - 15)
    assert f["overflow_at"] == 16
    row = torch.full((4,), torch.finfo(torch.float16).min, dtype=torch.float16)
    assert torch.allclose(torch.softmax(row.float(), -1), torch.full((4,), 0.25))
    assert torch.isnan(torch.softmax(torch.full((4,), float("-inf")), -1)).all()
    # is_causal with 2 queries and 3 keys: top-left; causal_lower_right: bottom-right
    q, k = torch.zeros(1, 2, 4, dtype=torch.float64), torch.zeros(1, 3, 4, dtype=torch.float64)
    v = torch.eye(3, dtype=torch.float64)[None]
    A = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)[0]
    assert np.array_equal((A > 0).numpy().astype(int), np.array(causal_aligned(2, 3, "top-left").tolist()))
    from torch.nn.attention.bias import causal_lower_right
    A = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=causal_lower_right(2, 3))[0]
    assert np.array_equal((A > 0).numpy().astype(int), np.array(causal_aligned(2, 3, "bottom-right").tolist()))
    # True means "attend" in SDPA's boolean mask, "ignore" in key_padding_mask
    x = torch.randn(1, 4, 4, dtype=torch.float64)
    keep = torch.tensor([[True, True, True, False]])
    sdpa = torch.nn.functional.scaled_dot_product_attention(x, x, torch.eye(4, dtype=torch.float64)[None],
                                                            attn_mask=keep.expand(4, 4))[0]
    mha = torch.nn.MultiheadAttention(4, 1, batch_first=True, dtype=torch.float64)
    _, w = mha(x, x, x, key_padding_mask=~keep)
    assert torch.all(sdpa[:, 3] == 0) and torch.all(w[0, :, 3] == 0)
    both("padding-mask", "`[False, False, False, True]`", "$-65504$", "$16$")
    both("wo-ai-ni-causal", "`[[True, False, False], [True, True, False], [True, True, True]]`",
         "\\begin{bmatrix} 1 & 0 & 0 \\\\ 1 & 1 & 0 \\end{bmatrix}", "\\begin{bmatrix} 1 & 1 & 0 \\\\ 1 & 1 & 1 \\end{bmatrix}")


# --- multi-head -------------------------------------------------------------------------------------

def test_mha_parameters_and_heads_torch():
    from symattn.topics.heads import mha_costs
    c = mha_costs()
    assert c["params"].subs(c["d"], 4) == 64
    both("wo-ai-ni-mha", "= 4 d^{2}", "$64$", "0.4011 & 0.1978 & 0.4011", "0.4519 & 0.2741 & 0.2741")
    # the heads' first rows, and one head of width 4, from numpy
    h1 = np_softmax(ARTICLE_Q[:, :2] @ ARTICLE_K[:, :2].T / math.sqrt(2))[0]
    h2 = np_softmax(ARTICLE_Q[:, 2:] @ ARTICLE_K[:, 2:].T / math.sqrt(2))[0]
    one = np_softmax(ARTICLE_Q @ ARTICLE_K.T / 2)[0]
    assert [f"{x:.4f}" for x in h1] == ["0.4011", "0.1978", "0.4011"]
    assert [f"{x:.4f}" for x in h2] == ["0.4011", "0.4011", "0.1978"]
    assert [f"{x:.4f}" for x in one] == ["0.4519", "0.2741", "0.2741"]
    torch = pytest.importorskip("torch")
    for h in (1, 8):
        m = torch.nn.MultiheadAttention(512, h, bias=False)
        assert sum(p.numel() for p in m.parameters()) == c["params"].subs(c["d"], 512) == 4 * 512 ** 2


# --- sliding window: sinks ------------------------------------------------------------------------------

def test_sink_token_weights_numpy():
    from symattn.spec import load_spec
    from symattn.topics import derive
    from symattn.topics.sliding_window import sink_mask, window_mask
    d = derive(load_spec(DEFAULT_DIR / "sliding-window.toml"))
    S = np.array(d.step("scaled_scores").exact.evalf(30).tolist(), float)
    L, w = S.shape[0], 3
    i, j = np.indices((L, L))
    window = (i - j >= 0) & (i - j < w)
    sink = window | ((j == 0) & (j <= i))
    assert np.array_equal(sink, np.array(sink_mask(L, w).tolist()) == 0)
    assert np.array_equal(window, np.array(window_mask(L, w).tolist()) == 0)
    assert (window.sum(), sink.sum()) == (12, 14)
    last = np_softmax(np.where(sink, S, -np.inf))[-1]
    row = " & ".join(f"{x:.4f}" for x in last)
    both("sliding-window", row)
    assert "from $12$ to $14$" in doc("sliding-window", "en") and "从 $12$ 变成 $14$" in doc("sliding-window", "zh")


# --- softmax: the Jacobian-vector product and cross-entropy -----------------------------------------

def test_jacobian_vector_product_and_cross_entropy_torch():
    torch = pytest.importorskip("torch")
    from symattn import derive_article
    from symattn.spec import load_spec
    from symattn.topics import derive
    from symattn.topics.theory import UPSTREAM
    d = derive(load_spec(DEFAULT_DIR / "wo-ai-ni-softmax-gradient.toml"))
    z = torch.tensor([float(x) for x in derive_article().step("scaled_scores").exact.row(0)], dtype=torch.float64,
                     requires_grad=True)
    g = torch.tensor(UPSTREAM, dtype=torch.float64)
    torch.softmax(z, 0).backward(g)
    assert np.allclose(z.grad.numpy(), np.array(d.step("jacobian_vector_product").exact.evalf(30).tolist(), float)[0])
    z.grad = None
    torch.nn.functional.cross_entropy(z[None], torch.tensor([0])).backward()
    assert np.allclose(z.grad.numpy(), np.array(d.step("cross_entropy_gradient").exact.evalf(30).tolist(), float)[0])
    a = np_softmax(z.detach().numpy())
    assert np.allclose(a * (UPSTREAM - a @ np.array(UPSTREAM, float)),
                       np.array(d.step("jacobian_vector_product").exact.evalf(30).tolist(), float)[0])
