"""The result of checking one claim, and the report of a whole article (data only).

A claim says why it has its verdict with a :class:`~symattn.check.wording.Reason`: a code and its
data (values, lines, the quantity, the convention), never a sentence.  The report renders reasons
in each language from the templates of ``messages/*.toml`` (:mod:`symattn.check.wording`);
``detail``, ``diagnosis`` and ``label`` are those renderings in English, for scripts and tests that
read the English report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .wording import Explained, Reason, render

__all__ = ["Claim", "Report", "Reason", "Explained", "Status", "Cause", "STATUSES"]


class Status(StrEnum):
    """A claim's verdict.  A ``str``, so it compares, prints and serialises as its value."""
    EXACT = "exact"
    ROUNDED = "rounded"
    WRONG = "wrong"
    UNVERIFIABLE = "unverifiable"

    def __repr__(self) -> str:   # 'wrong', as the string it is (reports, doctests)
        return repr(self.value)


class Cause(StrEnum):
    """Why a wrong claim is wrong (empty for the others)."""
    NONE = ""
    SLIP = "slip"
    CARRIED = "carried"
    DRIFT = "drift"

    def __repr__(self) -> str:
        return repr(self.value)


STATUSES = tuple(s.value for s in Status)
#: the name of an entry that is a number a line uses again (``0.86 / 2 = 0.43`` after ``… = 0.86``),
#: not the line's own result: --fix proves it by the claim that prints it right elsewhere
OPERAND = "operand"


def _english(value) -> str:
    return render(value, "en") if value else ""


@dataclass(frozen=True)
class Claim:
    line: int                  # 1-based line in the article
    source: str                # the claim as written
    status: str                # exact, rounded, wrong, unverifiable
    claimed: object = None     # the printed value: a string, or rows of strings
    expected: object = None    # the exact value (SymPy str), same layout, or None
    reason: object = None      # why: a Reason (the verdict's code and data)
    what: object = ""          # what is claimed: a name or formula as written, or a Reason
    entries: list = field(default_factory=list)   # wrong entries: dicts entry/claimed/exact/correct
    notes: list = field(default_factory=list)     # Reasons: remarks that are not errors (row sums 0.99)
    mistakes: tuple = ()       # Reasons: the common mistakes that reproduce the printed numbers
    drift: object = ""         # stepwise and end-to-end disagree: "carried", or a Reason saying how
    lines: list = field(default_factory=list)       # every line the claim covers (rows of a matrix)
    wrong_lines: list = field(default_factory=list)  # the lines of its wrong entries
    cause: str = ""            # for a wrong claim: slip, carried (from an earlier slip) or drift
    root: int | None = None    # for a carried one: the line of the first slip

    def __post_init__(self):
        # frozen, as a Step is: a new verdict is a new Claim (dataclasses.replace)
        object.__setattr__(self, "status", Status(self.status))
        object.__setattr__(self, "cause", Cause(self.cause))

    @property
    def detail(self) -> str:
        """The reason, in English."""
        return _english(self.reason)

    @property
    def diagnosis(self) -> str:
        """The common mistakes, in English, joined by ' or '."""
        return " or ".join(_english(m) for m in self.mistakes)

    @property
    def label(self) -> str:
        """What is claimed, in English."""
        return _english(self.what)


@dataclass
class Report:
    file: str                                     # the article, as named on the command line
    claims: list[Claim]
    definitions: list[tuple[int, object]] = field(default_factory=list)  # (line, Reason: "X given, 3x4")
    notes: list = field(default_factory=list)                           # Reasons: article-wide remarks
    lines_with_numbers: int = 0                   # lines of the article that print a number
    lines_checked: int = 0                        # of them, the lines some verdict covers (not unverifiable)

    def covered(self, doc_lines, given=()) -> "Report":
        """This report with its coverage counted over ``doc_lines`` (the lines that print a number):
        the lines a verdict covers, and the ``given`` lines (the inputs it read and used)."""
        known = {ln for c in self.claims if c.status != "unverifiable" for ln in (c.lines or [c.line])}
        from dataclasses import replace
        return replace(self, lines_with_numbers=len(doc_lines),
                       lines_checked=len(set(doc_lines) & (known | set(given))))

    def count(self, status: str) -> int:
        return sum(1 for c in self.claims if c.status == status)

    @property
    def exit_code(self) -> int:
        return 1 if self.count("wrong") else 0
