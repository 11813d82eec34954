"""``symattn check``: verify every hand calculation in Markdown, LaTeX or text articles."""

from __future__ import annotations

HELP = "check the hand calculations of articles (files, folders), line by line; --fix writes a corrected copy"
DESCRIPTION = """\
Check every equation of an article against exact values computed by symattn.

Reads $...$, $$...$$, \\[...\\], equation/align environments, code fences with
nested lists, Markdown/ASCII tables, plain-text arrays and Unicode math (× · √ ≈ ᵀ).
It builds the symbol table the article defines (X, Q, K, K^T, Scores, Scaled
Scores, Attention Weights, ...) and checks each claim two ways: stepwise, against
the article's own earlier numbers (one slip is reported once), and end to end,
from its inputs (rounding that drifts is caught).  A decimal is checked at the
precision it is printed with: 0.45 means the exact value is in [0.445, 0.455).

Each claim is reported as exact (✓), rounded (≈), wrong (✗) or unverifiable (?,
with the reason).  A wrong claim names the entry, the printed and the exact
value, and the common mistake that reproduces the printed numbers, if one does
(no scaling, d_k instead of √d_k, √d_model, softmax over columns, K instead of
Kᵀ, rounding early, e ≈ 2.7).  A value that follows from an earlier slip is
listed under it as carried.

Give any number of files and folders (searched recursively for .md, .markdown,
.tex and .txt files; hidden ones skipped), or - for standard input: they are
checked in one process (-j N: N processes), one report per file and a total.
In a folder, links to folders are not followed, and a link to a file is followed
only to a file inside the folders given: a link to a file elsewhere is bad input
for that file (not read; name the file itself to check it).  Put -- before file
names that may start with a dash (symattn check -- FILE...).
The articles are never modified; --fix writes a corrected copy elsewhere.

Each article has its own time budget, SYMATTN_CHECK_ARTICLE_SECONDS (60): its
claims share that many seconds (the ones after it are unverifiable), and all of
its checking, reading included, may take twice that and 5 s of CPU; past that
the file is bad input ("time budget ... reached at line N") and the next file
is checked.  A file that cannot be checked for any other reason (too deep, a
bug) is reported with its name, and the others are still checked.

--fix replaces the characters of each wrong entry, nothing else, then checks
the copy.  A replacement stays only when that check finds the new value right
at its place and nothing wrong there; any other is refused, put back as
written, and the copy checked again.  The copy must differ from the article
only inside the replaced entries, and no wrong entry left as written may be
found right in it (else every fix is refused).  Refused fixes are listed on
standard error; when no fix stands, no copy is written.  --diff prints the same
replacements as a patch for patch -p1 or git apply (any line endings).
"""
EPILOG = """\
examples:
  symattn check article.md                 human report with ✓ ≈ ✗ ? and line numbers
  symattn check posts/ -j 2                every article under posts/, two processes
  symattn check article.md --format json   machine-readable: {"file", "claims", "summary"}
  symattn check posts/ --format github     ::error annotations for a GitHub Actions step
  symattn check posts/ --format sarif -o symattn.sarif   SARIF 2.1.0 for code scanning
  symattn check post.md --fix -o fixed.md  a copy with every wrong entry corrected
  symattn check post.md --diff             the corrections as a unified diff
  symattn check post.md --lang en          the report in English (default: the article's language)
  symattn check post.md --format html -o report.html   the article rendered, each wrong number marked in place
  symattn check posts/ --format html -o site/          one page per article and site/index.html

exit codes: 0 nothing is wrong, 1 at least one claim is wrong, 2 bad input or usage
(the other files are still checked).
"""

FORMATS = ("text", "json", "github", "sarif", "html")

#: no budget for the whole command: each article has its own (twice SYMATTN_CHECK_ARTICLE_SECONDS
#: and 5 s of CPU over reading, binding and judging), so a folder is never cut short by its size
BUDGET = None


def _jobs(text: str) -> int:
    from .. import limits
    from ..errors import SymattnError
    try:
        n = int(text)
    except ValueError:
        n = 0
    top = limits.CHECK_MAX_JOBS
    if not 1 <= n <= top:
        raise SymattnError(f"check: argument -j/--jobs: {text!r} is not a number of processes from 1 to {top}")
    return n


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE", nargs="+",
                   help="articles: Markdown (.md), LaTeX (.tex) or text files, folders, or - for standard input")
    p.add_argument("-f", "--format", choices=FORMATS, default="text", help="report format (default: text)")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the report to OUT; with --fix, the corrected copy (a folder for many articles)")
    p.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    p.add_argument("-j", "--jobs", type=_jobs, default=1, metavar="N", help="check in N processes (default 1)")
    p.add_argument("--fix", action="store_true",
                   help="write a copy with every wrong entry replaced by its right value, each replacement proven "
                        "by a check of the copy (needs -o OUT or --diff)")
    p.add_argument("--diff", action="store_true",
                   help="print the proven corrections as a unified diff for patch -p1 or git apply (implies --fix)")
    p.add_argument("--lang", choices=("zh", "en"),
                   help="language of the report (default: the article's for text, English for JSON)")


def run(args) -> int:
    from ..check.many import check_all, collect
    from ..errors import SymattnError
    from ._output import check_outputs, emit

    fix = args.fix or args.diff
    html = args.format == "html" and not args.diff
    if html:
        from ..check.htmlpage import require_markdown
        require_markdown()
    if args.fix and not args.diff and not args.output and not html:
        raise SymattnError("check: --fix writes a corrected copy: give -o OUT (a file, or a folder for many "
                           "articles), or --diff to print the corrections")
    articles = collect(args.file)
    single = len(args.file) == 1 and len(articles) == 1 and articles[0].base == ""
    targets = _fix_targets(articles, args.output, single) if fix and not args.diff and not html else {}
    if html and not single:
        _html_folder_target(args.output, articles, args.force)
    elif args.output and not targets:
        _refuse_input(args.output, articles, "the report would overwrite the article")
        check_outputs({"-o": args.output}, force=args.force)  # before the articles are checked
    if targets and not args.force:
        for out in targets.values():
            if _exists(out):
                raise SymattnError("already exists; use --force to overwrite it", file=out)
    check_all(articles, jobs=args.jobs, fix=fix)
    for a in articles:
        if a.error is not None:
            _error_line(a.error)
    if single and articles[0].error is not None:
        return 2
    if html:
        _write_html(articles, args, single)
    elif args.diff:
        from ..check.fix import unified_diff
        text = "".join(unified_diff(a.text, a.fixed.text, a.name) for a in articles if a.fixed is not None)
        emit(text, args.output, force=args.force)
    else:
        from ..io import STDOUT_NAMES, write_atomic
        written = {}
        for a in articles:
            dest = targets.get(id(a))
            if dest is None or a.fixed is None:
                continue
            if not a.fixed.replaced and a.report.exit_code:
                continue   # every fix refused or not placed: no copy that looks corrected
            written[id(a)] = dest
            if dest in STDOUT_NAMES:
                emit(a.fixed.text, None, force=args.force)  # the copy is the output; no report
            else:
                _make_parent(dest)
                write_atomic(dest, a.fixed.text.encode("utf-8"), force=args.force)
        if not any(d in STDOUT_NAMES for d in targets.values()):
            emit(_render(articles, args, single, written), None if targets else args.output, force=args.force)
    for a in articles:
        if a.fixed is not None:
            _fix_warnings(a, targets.get(id(a)) is not None and not (a.fixed.replaced or not a.report.exit_code))
    if any(a.error is not None for a in articles):
        return 2
    return 1 if any(a.report.exit_code for a in articles) else 0


def _html_folder_target(output: str | None, articles, force: bool) -> None:
    """The folder the pages of many articles go to: given, not a file, and no page (nor index.html)
    already there without --force, nor two articles on one page."""
    import os

    from ..check.htmlpage import page_name
    from ..errors import SymattnError
    from ..io import STDOUT_NAMES
    if not output or output in STDOUT_NAMES:
        raise SymattnError("check: --format html of many articles needs -o FOLDER (one page per article "
                           "and index.html)")
    if os.path.exists(output) and not os.path.isdir(output):
        raise SymattnError("is not a folder: the pages of many articles go into a folder", file=output)
    seen: dict = {}
    for name, dest in [("", "index.html")] + [(a.name, page_name(a)) for a in articles]:
        if dest in seen:
            raise SymattnError(f"two articles would have the same page ({seen[dest]} and {name}); "
                               "check them in separate calls", file=os.path.join(output, dest))
        seen[dest] = name
        if os.path.lexists(os.path.join(output, dest)) and not force:
            raise SymattnError("already exists; use --force to overwrite it", file=os.path.join(output, dest))


def _write_html(articles, args, single: bool) -> None:
    """One page (-o FILE or standard output), or one page per article and an index in -o FOLDER."""
    import os

    from ..check.htmlpage import page_name, render_index, render_page
    from ..check.many import lang_of
    from ..check.report import summary
    from ..io import write_atomic
    from ._output import emit

    def page(a):
        return render_page(a.text, a.report, args.lang or lang_of(a.text), a.fixed)
    if single:
        emit(page(articles[0]), args.output, force=args.force)
        return
    pages = {id(a): page(a) for a in articles if a.report is not None}   # all rendered before any is written
    rows = []
    for a in articles:
        name = page_name(a) if id(a) in pages else None
        rows.append((a.name, name, summary(a.report) if name else None, a.error))
    langs = {args.lang or lang_of(a.text) for a in articles if a.report is not None}
    lang = langs.pop() if len(langs) == 1 else "en"
    from ..check.wording import say
    index = render_index(rows, lang, say(lang, "total", **_totals(articles)))
    for a in articles:
        if id(a) in pages:
            dest = os.path.join(args.output, page_name(a))
            _make_parent(dest)
            write_atomic(dest, pages[id(a)].encode("utf-8"), force=True)
    _make_parent(os.path.join(args.output, "index.html"))
    write_atomic(os.path.join(args.output, "index.html"), index.encode("utf-8"), force=True)


def _fix_warnings(a, unwritten: bool) -> None:
    """The fixes not made, on standard error: not placed, or refused by the check of the copy."""
    import sys

    from ..errors import _printable

    def listed(items):
        return "; ".join(items[:5]) + (" …" if len(items) > 5 else "")

    said = []
    if a.fixed.unplaced:
        said.append(f"not fixed, the printed text has no one place on its line: {listed(a.fixed.unplaced)}")
    if a.fixed.refused:
        said.append(f"fix refused, the check of the corrected copy does not prove it right: {listed(a.fixed.refused)}")
    if unwritten:
        said.append("no corrected copy written: no fix could be made and proven")
    if sys.stderr is not None:
        for line in said:
            print(_printable(f"symattn: warning: {a.name}: {line}"), file=sys.stderr)


def _render(articles, args, single: bool, targets: dict) -> str:
    from ..check.many import lang_of
    from ..check.report import render_json, render_text
    if args.format == "github":
        from ..check.ci import render_github
        return render_github(articles)
    if args.format == "sarif":
        from ..check.ci import render_sarif
        return render_sarif(articles)
    ok = [a for a in articles if a.report is not None]
    if args.format == "json":
        if single:
            return render_json(ok[0].report, args.lang or "en")
        return _json_total(articles, args.lang or "en")
    from ..check.wording import say
    from ..errors import log_safe, shown
    parts = []
    for a in ok:
        lang = args.lang or lang_of(a.text)
        text = render_text(a.report, lang)
        if a.fixed is not None and id(a) in targets:
            lines = ", ".join(map(str, a.fixed.lines)) or "-"
            text += say(lang, "fixed", out=shown(targets[id(a)]), n=a.fixed.replaced, lines=lines) + "\n"
        parts.append(text)
    if single:
        return log_safe(parts[0])
    langs = {args.lang or lang_of(a.text) for a in ok}
    lang = langs.pop() if len(langs) == 1 else "en"
    bad = [say(lang, "bad", error=a.error) for a in articles if a.error is not None]
    total = say(lang, "total", **_totals(articles))
    return log_safe("\n".join(parts + ([("\n".join(bad) + "\n")] if bad else []) + [total + "\n"]))


def _totals(articles) -> dict:
    from ..check.claims import STATUSES
    from ..check.report import summary
    ok = [a for a in articles if a.report is not None]
    sums = [summary(a.report) for a in ok]
    out = {s: sum(x[s] for x in sums) for s in STATUSES + ("claims", "root_errors", "carried", "carried_lines")}
    out["roots"] = out["root_errors"]
    out.update(files=len(articles), clean=sum(1 for x in sums if not x["wrong"]),
               with_wrong=sum(1 for x in sums if x["wrong"]), bad=len(articles) - len(ok))
    out["exit_code"] = 2 if out["bad"] else (1 if out["with_wrong"] else 0)
    return out


def _json_total(articles, lang: str) -> str:
    import json

    from ..check.report import render_json
    files = []
    for a in articles:
        files.append(json.loads(render_json(a.report, lang)) if a.report is not None else {"file": a.name, "error": a.error})
    doc = {"files": files, "summary": _totals(articles)}
    doc["summary"].pop("roots")
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def _fix_targets(articles, output: str, single: bool) -> dict:
    """id(article) -> the file its corrected copy goes to; refuses a copy onto any input."""
    import os

    from ..errors import SymattnError
    from ..io import STDOUT_NAMES
    if output in STDOUT_NAMES:
        if not single:
            raise SymattnError("check: --fix of many articles needs -o FOLDER, not standard output")
        return {id(articles[0]): output}
    if single and not os.path.isdir(output):
        targets = {id(articles[0]): output}
    else:
        if os.path.exists(output) and not os.path.isdir(output):
            raise SymattnError("is not a folder: the corrected copies of many articles go into a folder", file=output)
        targets = {}
        seen = {}
        for a in articles:
            if a.path == "-":
                raise SymattnError("check: standard input cannot be fixed into a folder; check it alone with -o FILE")
            dest = os.path.join(output, a.base or os.path.basename(a.path))
            if dest in seen:
                raise SymattnError(f"two articles would have the same corrected copy ({seen[dest]} and {a.name}); "
                                   "fix them in separate calls", file=dest)
            seen[dest] = a.name
            targets[id(a)] = dest
    for dest in targets.values():
        _refuse_input(dest, articles, "the corrected copy would overwrite the article; give -o another path")
    return targets


def _refuse_input(out: str, articles, message: str) -> None:
    import os

    from ..errors import SymattnError
    from ..io import STDOUT_NAMES
    if out in STDOUT_NAMES:
        return
    for a in articles:
        if a.path == "-":
            continue
        try:
            same = os.path.realpath(out) == os.path.realpath(a.path) or (
                os.path.exists(out) and os.path.exists(a.path) and os.path.samefile(out, a.path))
        except (OSError, ValueError):
            same = False
        if same:
            raise SymattnError(message, file=out)


def _exists(path: str) -> bool:
    import os
    return os.path.lexists(path)


def _make_parent(path: str) -> None:
    import os

    from ..errors import SymattnError
    parent = os.path.dirname(path)
    if parent:
        try:
            os.makedirs(parent, exist_ok=True)
        except OSError as exc:
            raise SymattnError(f"cannot make the folder: {exc.strerror or exc}", file=parent) from None


def _error_line(message: str) -> None:
    import sys

    from ..errors import _printable
    if sys.stderr is not None:
        print(_printable("symattn: error: " + message), file=sys.stderr)
