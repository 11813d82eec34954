"""Many articles in one call: the paths of the command line to articles, checked in one process or a pool.

Input: paths (files; folders, searched recursively for ``.md .markdown .tex .txt``; ``-`` for standard
input).  Output: one :class:`Article` per file, in the order given (a folder's files sorted), each with
its text and :class:`~symattn.check.claims.Report`, or the one-line error that made it bad input.
Nothing is written here.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path

from ..errors import SymattnError
from .claims import Report

__all__ = ["EXTENSIONS", "Article", "collect", "check_all", "lang_of"]

EXTENSIONS = (".md", ".markdown", ".tex", ".txt")


@dataclass
class Article:
    name: str                  # as the reports name it: the path as given, or <stdin>
    path: str                  # the file ("-" for standard input)
    base: str = ""             # its path under the folder it was found in ("" for a file argument)
    text: str | None = None    # None when it could not be read
    report: Report | None = None
    error: str | None = None   # the one-line message of bad input
    fixed: object = None       # with fix: the corrected copy (symattn.check.fix.Fixed)


def collect(paths: list[str]) -> list[Article]:
    """Every article the paths name, once each (the first mention wins), in command-line order.

    A symbolic link found in a folder is followed only to a file inside the folders given: a link
    to a file elsewhere (``notes.md -> ~/.ssh/id_rsa``) is bad input for that file, and its target
    is never read.  A file named on the command line is read wherever it is."""
    out: list[Article] = []
    seen: set = set()
    roots = [os.path.realpath(raw) for raw in paths if raw != "-" and _is_dir(Path(raw))]
    for raw in paths:
        if raw == "-":
            if "-" not in seen:
                seen.add("-")
                out.append(Article("<stdin>", "-"))
            continue
        p = Path(raw)
        if not _is_dir(p):
            _add(out, seen, Article(raw, raw))
            continue
        found = _walk(p)
        if not found:
            out.append(Article(raw, raw, error=str(SymattnError(
                "is a directory with no article in it (" + " ".join(EXTENSIONS) + ")", file=raw))))
        for f in found:
            article = Article(str(f), str(f), base=str(f.relative_to(p)))
            if not _inside(f, roots):
                article.error = str(SymattnError(
                    "is a symbolic link to a file outside the folders given; not read (name the file itself "
                    "to check it)", file=article.name))
                if ("link", article.path) not in seen:
                    seen.add(("link", article.path))
                    out.append(article)
                continue
            _add(out, seen, article)
    return out


def _is_dir(p: Path) -> bool:
    try:
        return p.is_dir()
    except OSError:
        return False  # a symlink loop or the like: read_text names it


def _inside(f: Path, roots: list[str]) -> bool:
    """Whether the file ``f`` (followed through its links) is in one of the folders ``roots`` (real paths)."""
    try:
        real = os.path.realpath(f)
    except (OSError, ValueError):
        return False
    return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


def _add(out: list, seen: set, article: Article) -> None:
    try:
        key = os.path.realpath(article.path)
    except (OSError, ValueError):
        key = article.path
    if key not in seen:
        seen.add(key)
        out.append(article)


def _walk(folder: Path) -> list[Path]:
    """Article files under ``folder``, sorted; hidden files and folders (.git) are skipped and
    symbolic links to folders are not followed, so a link loop cannot trap the walk (links to
    files are listed: :func:`collect` decides whether to follow them)."""
    found, stack = [], [folder]
    while stack:   # a stack of its own, not recursion: a folder 1,100 levels deep is walked too
        here = stack.pop()
        try:
            with os.scandir(here) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue   # unreadable or gone: as os.walk's onerror=None
        for e in entries:
            if e.name.startswith("."):
                continue
            try:
                is_dir = e.is_dir()
                link = e.is_symlink()
            except OSError:
                continue
            if is_dir:
                if not link:
                    stack.append(Path(e.path))
            elif e.name.lower().endswith(EXTENSIONS):
                found.append(Path(e.path))
    return sorted(found, key=lambda q: q.relative_to(folder).parts)


def read_all(articles: list[Article]) -> None:
    """Read each article's text in this process (standard input can be read only here)."""
    from ..io import read_text
    for a in articles:
        if a.error is None and a.text is None:
            try:
                a.text = read_text(a.path)
            except SymattnError as exc:
                a.error = str(exc)


def check_all(articles: list[Article], jobs: int = 1, fix: bool = False) -> list[Article]:
    """Read and check every article (and with ``fix`` make its corrected copy); with ``jobs`` > 1
    the checks run in a pool of processes.  The results keep the order of ``articles``."""
    read_all(articles)
    todo = [a for a in articles if a.error is None]
    if jobs <= 1 or len(todo) <= 1:
        for a in todo:
            _finish(a, _check_one(a.text, a.name, fix))
        return articles
    _pooled(todo, jobs, fix)
    return articles


def _pooled(todo: list[Article], jobs: int, fix: bool) -> None:
    """Check ``todo`` in a pool of ``jobs`` processes.  A worker that dies (killed, out of memory)
    breaks the pool: the articles it had not finished go to a fresh pool, and an article left
    unfinished by two broken pools is reported as bad input with its name, not retried again."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    # fork: the workers start with symattn already imported; the initializer drops the parent's timers
    ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    broken: dict[int, int] = {}   # id(article) -> pools it was in when they broke
    while todo:
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx, initializer=_worker_init,
                                   initargs=(os.getpid(),))
        retry = []
        try:
            futures = []
            for a in todo:
                try:
                    futures.append(pool.submit(_check_one, a.text, a.name, fix))
                except BrokenProcessPool:   # a worker died while the work was still being handed out
                    futures.append(None)
            for a, fut in zip(todo, futures):
                try:
                    if fut is None:
                        raise BrokenProcessPool("the pool broke before this article reached it")
                    _finish(a, fut.result())
                except BrokenProcessPool:
                    broken[id(a)] = broken.get(id(a), 0) + 1
                    if broken[id(a)] >= 2:
                        a.error = str(SymattnError("the process checking it died twice (killed, or out of "
                                                   "memory); check it alone", file=a.name))
                    else:
                        retry.append(a)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        todo = retry


def _finish(a: Article, result) -> None:
    if isinstance(result, str):
        a.error = result
    else:
        a.report, a.fixed = result


def _worker_init(parent: int | None = None) -> None:
    """A pool worker: Ctrl-C is the parent's to handle, the CPU budget of the parent's command
    (inherited through fork, but with its timer stopped) is replaced by one budget per article,
    and the worker dies with its parent (a parent killed by SIGKILL must not leave workers holding
    the output pipe)."""
    from .. import limits
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGVTALRM, signal.SIG_DFL)
    limits._cpu_stack.clear()
    if parent is not None:
        _die_with(parent)


def _die_with(parent: int) -> None:
    """Linux: the kernel sends SIGKILL when the parent dies (prctl PR_SET_PDEATHSIG).  Elsewhere,
    or if that fails, a daemon thread looks every second whether the parent is gone."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:   # 1 = PR_SET_PDEATHSIG
            if os.getppid() != parent:                      # it died before the call
                os._exit(1)
            return
    except (OSError, AttributeError):
        pass
    import threading
    import time

    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)
    threading.Thread(target=watch, name="symattn-parent-watch", daemon=True).start()


def _check_one(text: str, name: str, fix: bool = False):
    """(Report, Fixed or None), or the one-line message of bad input (a string crosses a process
    boundary cleanly)."""
    try:
        return _check_and_fix(text, name, fix)
    except SymattnError as exc:
        return str(exc.located(file=name))
    except RecursionError:
        return str(SymattnError("nested too deeply to read; the article is not checked", file=name))
    except MemoryError:
        return str(SymattnError("out of memory, or too deep for a parser; the article is not checked", file=name))
    except Exception as exc:   # noqa: BLE001 - a bug in symattn, reported for this file; the others go on
        return str(SymattnError(f"internal error: {type(exc).__name__}: {exc} (please report it); the article "
                                "is not checked", file=name))


def _check_and_fix(text: str, name: str, fix: bool):
    from . import check_text
    report = check_text(text, name)
    if not fix:
        return report, None
    from .fix import fix_article
    return report, fix_article(text, report, lambda t: check_text(t, name))


def lang_of(text: str | None) -> str:
    """'zh' for an article written in Chinese (Han characters are at least 5% of its letters and
    it is not Japanese, which mixes them with kana), else 'en'.

    >>> lang_of("注意力权重 softmax"), lang_of("the attention weights of the token 我"), lang_of("注意の重みを計算する")
    ('zh', 'en', 'en')
    """
    if not text:
        return "en"
    han = kana = letters = 0
    for ch in text:
        if ch.isalpha():
            letters += 1
            o = ord(ch)
            if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
                han += 1
            elif 0x3040 <= o <= 0x30FF:
                kana += 1
    return "zh" if han and han >= 0.05 * letters and kana * 4 < han else "en"
