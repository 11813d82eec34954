"""Per-claim limits, so that one pathological equation cannot stall a whole article.

Two guards: sizes are checked before any product or softmax is computed, and each
claim gets a time budget.  In the main thread of a POSIX process the budget is a
real timer (``signal.setitimer``), which also interrupts a long SymPy call; in
any other thread (a test runner, an embedding application) it is a deadline that
the evaluator checks between steps, so no signal is ever installed there.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

from .. import limits
from .claims import Explained

__all__ = ["GuardError", "ArticleBudgetError", "article", "whole_article", "at", "budget", "tick", "check_size",
           "MAX_SEGMENTS"]

#: guard.MAX_SEGMENTS -> limits.CHECK_MAX_SEGMENTS, read when used (a test can still set guard.MAX_SEGMENTS)
_LIMITS = {"MAX_SEGMENTS": "CHECK_MAX_SEGMENTS"}


def __getattr__(name: str):
    if name in _LIMITS:
        return getattr(limits, _LIMITS[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_deadline: float | None = None


class GuardError(Explained, BaseException):
    """A claim is too large or too slow to check; it becomes ``unverifiable``.

    A ``BaseException`` (like ``KeyboardInterrupt``) so that the ``except Exception``
    blocks inside SymPy cannot swallow it when the timer interrupts a long call.
    """


def tick() -> None:
    if _deadline is not None and time.monotonic() > _deadline:
        raise _late()


def _late() -> GuardError:
    """Why the running budget ended: the claim's own limit, or what was left of the article's."""
    if _cut_by_article:
        return GuardError("article-budget-ran-out", seconds=f"{_article_seconds:g}")
    return GuardError("too-slow", seconds=f"{_claim_seconds:g}")


def check_size(rows: int, cols: int, inner: int | None = None) -> None:
    side = limits.CHECK_MAX_SIDE
    if rows > side or cols > side or (inner or 0) > side:
        raise GuardError("matrix-too-large", rows=rows, cols=cols, side=side)
    if rows * cols * (inner or 1) > limits.CHECK_MAX_WORK:
        raise GuardError("product-too-large")


def _on_alarm(signum, frame):
    if _armed:   # a late signal after the budget ended is ignored
        raise _late()


_armed = False
_cut_by_article = False   # the running budget is what was left of the article's, not the claim's own
_claim_seconds = 0.0      # the claim's own budget
_article_end: float | None = None
_article_seconds = 0.0
_reached = 0          # the line the checker has reached, named when the article's budget runs out
_stage = "reading"    # and the stage it is in


def at(line: int | None = None, stage: str | None = None) -> None:
    """Where the checker is now: a stage starting (``stage``), or a line a loop has reached."""
    global _reached, _stage
    if stage is not None:
        _stage, _reached = stage, 0
    if line is not None:
        _reached = line


@contextmanager
def whole_article(name: str):
    """The article's budget of CPU time over every stage: reading, binding, judging: twice
    ``SYMATTN_CHECK_ARTICLE_SECONDS`` and 5 s, so that the claims, which share that many seconds
    of wall clock (:func:`article`) and are unverifiable past it, stop first.  Past it the article
    is bad input, "time budget reached at line N", and a folder goes on with the next file."""
    global _reached, _stage
    previous = _reached, _stage
    _reached, _stage = 0, "reading"

    def expired(seconds, env):
        where = f"at line {_reached}, " if _reached else ""
        return ArticleBudgetError(f"time budget of {seconds:g} s of CPU (twice {env}, and 5 s) reached "
                                  f"{where}while {_stage}; the article is not checked (set {env} to raise it)",
                                  file=name)
    # twice the claims' budget and 5 s more: the claims stop at their own budget and become
    # unverifiable; this one stops only what never ends
    seconds = 2 * limits.check_article_seconds() + 5
    try:
        with limits.time_limit(f"checking {name}", seconds, "SYMATTN_CHECK_ARTICLE_SECONDS", message=expired):
            yield
    finally:
        _reached, _stage = previous


class ArticleBudgetError(limits.SymattnError):
    """The article's whole budget ran out."""


@contextmanager
def article(seconds: float | None = None):
    """One deadline for a whole article: every claim's budget is cut to what is left of it,
    and the claims after it is spent are unverifiable (so 50 slow claims cannot take 50 budgets)."""
    global _article_end, _article_seconds
    seconds = limits.check_article_seconds() if seconds is None else seconds
    previous = _article_end, _article_seconds
    _article_end, _article_seconds = time.monotonic() + seconds, seconds
    try:
        yield
    finally:
        _article_end, _article_seconds = previous


@contextmanager
def budget(seconds: float | None = None):
    """Run the body under a time budget; raises :class:`GuardError` when it runs out."""
    global _deadline, _armed, _cut_by_article, _claim_seconds
    seconds = limits.CHECK_SECONDS if seconds is None else seconds
    previous_cut, previous_seconds = _cut_by_article, _claim_seconds
    if _article_end is not None:
        left = _article_end - time.monotonic()
        if left <= 0:
            raise GuardError("article-budget-spent", seconds=f"{_article_seconds:g}")
    _claim_seconds = seconds
    if _article_end is not None and left < seconds:
        seconds, _cut_by_article = left, True
    # nested budgets share the outer timer; a budget already spent needs no timer (tick() raises)
    use_timer = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
                 and _deadline is None and seconds > 0)
    previous_deadline = _deadline
    _deadline = time.monotonic() + seconds
    old = None
    if use_timer:
        old = signal.signal(signal.SIGALRM, _on_alarm)
        _armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds, 0.25)  # and again every 0.25 s until it stops
    try:
        yield
    finally:
        for _ in range(3):  # a signal landing inside the clean-up must not skip the rest of it
            try:
                _armed = False
                if use_timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    signal.signal(signal.SIGALRM, old if old is not None else signal.SIG_DFL)
                _deadline = previous_deadline
                _cut_by_article, _claim_seconds = previous_cut, previous_seconds
                break
            except GuardError:
                continue
