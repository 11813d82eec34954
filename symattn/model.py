"""The data model: immutable steps and derivations.  They hold data; they never print.

A renderer (``symattn.render``) turns a :class:`Derivation` into Markdown,
LaTeX, HTML, text or JSON; every renderer reads the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import sympy as sp

__all__ = ["Text", "Step", "Derivation", "EntryChain"]


@dataclass(frozen=True)
class Text:
    """A sentence in each language: a :class:`symattn.markup.Text` whose maths are SymPy
    objects, or (titles a person wrote, older notes) a string where ``$...$`` marks the maths.

    >>> Text("打分", "scores")["en"]
    'scores'
    """

    zh: str | markup.Text  # Chinese
    en: str | markup.Text  # English

    def __getitem__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class EntryChain:
    """One entry written out, as ``derive --entry`` asks (see :mod:`symattn.entries`)."""

    row: int                      # 0-based
    col: int                      # 0-based
    chain: tuple[sp.Basic, ...]   # name = … = exact value, as ``Step.expanded``


@dataclass(frozen=True)
class Step:
    """One step of a derivation, kept at four levels.

    ``formula`` and ``substituted`` are right-hand sides; ``lhs`` names the result.
    """

    id: str                                   # stable id: "scores", "weights", …
    title: Text                               # heading in each language
    lhs: sp.Basic                             # the name of the result, e.g. MatrixSymbol S
    formula: sp.Basic                         # level 1: matrix symbols, e.g. Q K^T
    substituted: sp.Basic | None              # level 2: the numbers in, unevaluated
    expanded: tuple[sp.Basic, ...]            # level 3: one entry as a chain e_1 = e_2 = …
    exact: sp.ImmutableMatrix                 # level 4: the exact value
    numeric: tuple[tuple[object, ...], ...]   # mpmath values (or None where symbolic)
    notes: tuple[Text, ...] = ()              # narration shown under the step
    row_labels: tuple[str, ...] = ()          # tokens labelling rows, if any
    col_labels: tuple[str, ...] = ()          # tokens labelling columns, if any
    entries: tuple[EntryChain, ...] = ()      # entries asked for by name, shown instead of ``expanded``

    @property
    def shape(self) -> tuple[int, int]:
        return tuple(self.exact.shape)


@dataclass(frozen=True)
class Derivation:
    """A whole derivation: a topic, its tokens and its steps, in order."""

    topic: str                        # "attention", "mask", "rope", …
    title: Text                       # document title in each language
    tokens: tuple[str, ...]           # the sequence, e.g. ("我", "爱", "你")
    steps: tuple[Step, ...]           # in order
    digits: int = 4                   # decimal places of the numeric level
    lang: str = "zh"                  # default narration language
    intro: tuple[Text, ...] = ()      # paragraphs before the first step
    outro: tuple[Text, ...] = ()      # paragraphs after the last step
    meta: tuple[tuple[str, object], ...] = field(default=())  # extra facts (d_k, …)
    numbers: tuple[int | None, ...] = ()  # heading number of each step (None: no heading); () is 1, 2, …
    sources: tuple = ()               # symattn.sources.Cite: the primary sources, listed at the end

    def step(self, step_id: str) -> Step:
        """The step with this id.

        >>> from symattn import derive_article
        >>> derive_article().step("scores").exact
        Matrix([
        [2, 1, 1],
        [1, 1, 1],
        [1, 1, 2]])
        """
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)

    def only(self, *step_ids: str) -> "Derivation":
        """These steps alone, in document order, keeping their numbers.

        >>> from symattn import derive_article
        >>> part = derive_article().only("weights", "scores")
        >>> [(n, s.id) for n, s in zip(part.numbers, part.steps)]
        [(5, 'scores'), (7, 'weights')]
        """
        for step_id in step_ids:
            self.step(step_id)  # KeyError for an unknown id
        numbers = self.numbers or tuple(range(1, len(self.steps) + 1))
        kept = [(n, s) for n, s in zip(numbers, self.steps) if s.id in step_ids]
        return replace(self, steps=tuple(s for _, s in kept), numbers=tuple(n for n, _ in kept),
                       intro=(), outro=(), sources=())

    @classmethod
    def of_step(cls, step: Step, *, digits: int = 4, lang: str = "zh") -> "Derivation":
        """A one-step document: the step's title is the document's, so the step has no heading of its own."""
        return cls(topic="step", title=step.title, tokens=step.row_labels or step.col_labels,
                   steps=(step,), digits=digits, lang=lang, numbers=(None,))

    # Jupyter display; imports stay inside so that the model itself stays light.
    def _repr_markdown_(self) -> str:
        from .render import render
        return render(self, "md")

    def _repr_latex_(self) -> str:
        from .render import render
        return render(self, "latex-body")

    def _repr_html_(self) -> str:  # a fragment: the notebook's own MathJax typesets \[ \]
        from .render import render
        return render(self, "html-body")
