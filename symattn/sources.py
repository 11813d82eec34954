"""The primary sources that documents and cards cite: one registry of works, and citations of a part.

A document beyond the article ends with its sources (``Derivation.sources``); a card's back ends with
its own (``Concept.sources``).  A citation names the work and the part of it (section, equation,
algorithm), in each language.  These are bibliographic facts, not computed quantities.

>>> cite("vaswani2017", "3.2.1", note=("脚注 4", "footnote 4")).text("en")
'Vaswani et al. (2017), Attention Is All You Need, arXiv:1706.03762: Section 3.2.1, footnote 4.'
>>> cite("vaswani2017", "3.2.1").text("zh")
'Vaswani et al.（2017），Attention Is All You Need，arXiv:1706.03762：第 3.2.1 节。'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Work", "Cite", "WORKS", "cite"]


@dataclass(frozen=True)
class Work:
    """One paper (or manual page) as it is cited."""

    authors: str      # "Vaswani et al."
    year: int | None  # 2017; None for a living manual page
    title: str        # as the work writes it
    where: str        # "arXiv:1706.03762", or the page's address


@dataclass(frozen=True)
class Cite:
    """A part of a work: its section (or none), and an extra note in each language."""

    key: str                       # a key of WORKS
    section: str | None = None     # "3.2.1", "B" (an appendix), or None for the whole work
    note: tuple[str, str] = ("", "")   # (zh, en): "脚注 4" / "footnote 4", "算法 1" / "Algorithm 1"

    @property
    def work(self) -> Work:
        return WORKS[self.key]

    def text(self, lang: str) -> str:
        """One line: authors (year), title, where: part."""
        w = self.work
        zh = lang == "zh"
        head = (f"{w.authors}（{w.year}），{w.title}，{w.where}" if zh else f"{w.authors} ({w.year}), {w.title}, {w.where}") \
            if w.year else (f"{w.title}，{w.where}" if zh else f"{w.title}, {w.where}")
        parts = []
        if self.section:
            letter = self.section[0].isalpha()
            parts.append((f"附录 {self.section}" if letter else f"第 {self.section} 节") if zh
                         else (f"Appendix {self.section}" if letter else f"Section {self.section}"))
        note = self.note[0 if zh else 1]
        if note:
            parts.append(note)
        if not parts:
            return head + ("。" if zh else ".")
        return head + ("：" + "，".join(parts) + "。" if zh else ": " + ", ".join(parts) + ".")


def cite(key: str, section: str | None = None, note: tuple[str, str] = ("", "")) -> Cite:
    """A citation of a registered work; an unknown key is a bug (KeyError now, not a broken page later)."""
    WORKS[key]
    return Cite(key, section, note)


WORKS: dict[str, Work] = {
    "vaswani2017": Work("Vaswani et al.", 2017, "Attention Is All You Need", "arXiv:1706.03762"),
    "shazeer2019": Work("Shazeer", 2019, "Fast Transformer Decoding: One Write-Head is All You Need",
                        "arXiv:1911.02150"),
    "ainslie2023": Work("Ainslie et al.", 2023, "GQA: Training Generalized Multi-Query Transformer Models from "
                        "Multi-Head Checkpoints", "arXiv:2305.13245"),
    "su2021": Work("Su et al.", 2021, "RoFormer: Enhanced Transformer with Rotary Position Embedding",
                   "arXiv:2104.09864"),
    "press2022": Work("Press et al.", 2022, "Train Short, Test Long: Attention with Linear Biases Enables Input "
                      "Length Extrapolation", "arXiv:2108.12409"),
    "dao2022": Work("Dao et al.", 2022, "FlashAttention: Fast and Memory-Efficient Exact Attention with "
                    "IO-Awareness", "arXiv:2205.14135"),
    "dao2023": Work("Dao", 2023, "FlashAttention-2: Faster Attention with Better Parallelism and Work "
                    "Partitioning", "arXiv:2307.08691"),
    "milakov2018": Work("Milakov & Gimelshein", 2018, "Online normalizer calculation for softmax",
                        "arXiv:1805.02867"),
    "deepseek2024": Work("DeepSeek-AI", 2024, "DeepSeek-V2: A Strong, Economical, and Efficient "
                         "Mixture-of-Experts Language Model", "arXiv:2405.04434"),
    "beltagy2020": Work("Beltagy et al.", 2020, "Longformer: The Long-Document Transformer", "arXiv:2004.05150"),
    "xiao2023": Work("Xiao et al.", 2023, "Efficient Streaming Language Models with Attention Sinks",
                     "arXiv:2309.17453"),
    "jiang2023": Work("Jiang et al.", 2023, "Mistral 7B", "arXiv:2310.06825"),
    "devlin2019": Work("Devlin et al.", 2019, "BERT: Pre-training of Deep Bidirectional Transformers for Language "
                       "Understanding", "arXiv:1810.04805"),
    "touvron2023": Work("Touvron et al.", 2023, "Llama 2: Open Foundation and Fine-Tuned Chat Models",
                        "arXiv:2307.09288"),
    "pope2022": Work("Pope et al.", 2022, "Efficiently Scaling Transformer Inference", "arXiv:2211.05102"),
    "kwon2023": Work("Kwon et al.", 2023, "Efficient Memory Management for Large Language Model Serving with "
                     "PagedAttention", "arXiv:2309.06180"),
    "chen2023": Work("Chen et al.", 2023, "Extending Context Window of Large Language Models via Positional "
                     "Interpolation", "arXiv:2306.15595"),
    "peng2023": Work("Peng et al.", 2023, "YaRN: Efficient Context Window Extension of Large Language Models",
                     "arXiv:2309.00071"),
    "dehghani2023": Work("Dehghani et al.", 2023, "Scaling Vision Transformers to 22 Billion Parameters",
                         "arXiv:2302.05442"),
    "gemma2024": Work("Gemma Team", 2024, "Gemma 2: Improving Open Language Models at a Practical Size",
                      "arXiv:2408.00118"),
    "child2019": Work("Child et al.", 2019, "Generating Long Sequences with Sparse Transformers", "arXiv:1904.10509"),
    "katharopoulos2020": Work("Katharopoulos et al.", 2020, "Transformers are RNNs: Fast Autoregressive "
                              "Transformers with Linear Attention", "arXiv:2006.16236"),
    "pytorch_sdpa": Work("PyTorch", None, "torch.nn.functional.scaled_dot_product_attention (documentation)",
                         "pytorch.org/docs"),
    "pytorch_mha": Work("PyTorch", None, "torch.nn.MultiheadAttention (documentation)", "pytorch.org/docs"),
    "flash_attn_readme": Work("Dao-AILab", None, "flash-attention README, changes in v2.1",
                              "github.com/Dao-AILab/flash-attention"),
}
