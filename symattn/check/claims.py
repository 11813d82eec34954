"""The result of checking one claim, and the report of a whole article (data only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["Claim", "Report", "Status", "Cause", "STATUSES"]


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


@dataclass(frozen=True)
class Claim:
    line: int                  # 1-based line in the article
    source: str                # the claim as written
    status: str                # exact, rounded, wrong, unverifiable
    claimed: object = None     # the printed value: a string, or rows of strings
    expected: object = None    # the exact value (SymPy str), same layout, or None
    detail: str = ""           # the verdict in one or two sentences
    what: str = ""             # what is claimed, e.g. "Kᵀ", "shape of X"
    entries: list = field(default_factory=list)   # wrong entries: dicts entry/claimed/exact/correct
    notes: list = field(default_factory=list)     # remarks that are not errors (row sums 0.99)
    diagnosis: str = ""        # the common mistake that reproduces the printed numbers
    drift: str = ""            # stepwise and end-to-end disagree: what that means here
    lines: list = field(default_factory=list)       # every line the claim covers (rows of a matrix)
    wrong_lines: list = field(default_factory=list)  # the lines of its wrong entries
    cause: str = ""            # for a wrong claim: slip, carried (from an earlier slip) or drift
    root: int | None = None    # for a carried one: the line of the first slip

    def __post_init__(self):
        # frozen, as a Step is: a new verdict is a new Claim (dataclasses.replace)
        object.__setattr__(self, "status", Status(self.status))
        object.__setattr__(self, "cause", Cause(self.cause))


@dataclass
class Report:
    file: str                                     # the article, as named on the command line
    claims: list[Claim]
    definitions: list[tuple[int, str]] = field(default_factory=list)  # (line, "X given, 3x4")
    notes: list[str] = field(default_factory=list)                    # article-wide remarks

    def count(self, status: str) -> int:
        return sum(1 for c in self.claims if c.status == status)

    @property
    def exit_code(self) -> int:
        return 1 if self.count("wrong") else 0
