"""The baseline: the same derivation written as a plain SymPy script.

This is what a competent SymPy user writes without symattn: Matrix products,
``applyfunc(exp)`` for the softmax, ``simplify`` to tidy each exact entry,
``evalf`` to 15 digits, and ``latex`` for every step, collected into Markdown.
It does the same work as ``symattn.derive`` + ``render(d, "md")`` for n tokens
with d = n (Kᵀ, S = QKᵀ, S/√d, row softmax, O = AV; each step exact and
numeric), minus symattn's narration.

    python benchmarks/baseline_sympy.py N        # prints the seconds taken: wall, CPU
    python benchmarks/baseline_sympy.py N --show # prints the Markdown instead
"""

from __future__ import annotations

import random
import sys
import time

import sympy as sp


def matrices(n: int, seed: int = 0):
    """Random small-integer Q, K, V (n x n), the same as benchmarks/run.py uses."""
    rng = random.Random(seed)
    return [sp.Matrix(n, n, [rng.randint(-3, 3) for _ in range(n * n)]) for _ in range(3)]


def derive_steps(Q: sp.Matrix, K: sp.Matrix, V: sp.Matrix) -> list[tuple[str, sp.Matrix]]:
    """Every step of attention, exact, as (LaTeX title, matrix)."""
    d_k = K.cols
    KT = K.T
    S = Q * KT
    scaled = S / sp.sqrt(d_k)
    E = scaled.applyfunc(sp.exp)
    A = sp.Matrix(E.rows, E.cols, lambda i, j: E[i, j] / sum(E.row(i)))
    A = A.applyfunc(sp.simplify)
    O = (A * V).applyfunc(sp.simplify)
    return [
        ("K^T", KT),
        ("S = Q K^T", S),
        (r"\tilde{S} = S / \sqrt{d_k}", scaled),
        (r"A = \operatorname{softmax}(\tilde{S})", A),
        ("O = A V", O),
    ]


def derive_markdown(Q: sp.Matrix, K: sp.Matrix, V: sp.Matrix, digits: int = 15) -> str:
    """The steps as Markdown: each one exact, then evaluated to ``digits`` digits."""
    out = ["# Attention by hand (plain SymPy)", ""]
    for title, M in derive_steps(Q, K, V):
        out += [f"## ${title}$", "", "$$", sp.latex(M), "$$", ""]
        out += ["$$", sp.latex(M.evalf(digits)), "$$", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 3
    Q, K, V = matrices(n)
    start, cpu = time.perf_counter(), time.process_time()
    text = derive_markdown(Q, K, V)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(text if "--show" in argv else f"{wall:.6f} {cpu:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
