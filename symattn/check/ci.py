"""Reports for CI: GitHub Actions workflow commands and SARIF 2.1.0 (code scanning).

Input: the checked articles (:class:`~symattn.check.many.Article`, each with its report or its error).
Output: text.  ``github``: one ``::error file=…,line=…::…`` per wrong claim (and per bad input file).
``sarif``: one run, one result per wrong claim, its rule chosen by the codes of the claim (its
``cause`` and its first mistake; the rules are the mistakes of :data:`~symattn.check.diagnose.MISTAKES`
and three causes, their words from ``messages/*.toml``), the right values in its message, and a carried
claim's root as a related location; bad input files are tool notifications.
"""

from __future__ import annotations

import json
import os
import re
from urllib.parse import quote

from ..errors import shown
from .diagnose import MISTAKES
from .wording import render, say, templates

__all__ = ["render_github", "render_sarif", "RULES", "rule_of", "SCHEMA"]

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

#: the rules of wrong claims that no mistake of the table explains, by cause
_CAUSE_RULES = ("wrong-value", "carried-error", "drift")


def _rule_code(code: str) -> str:
    """A mistake's SARIF rule: the code's ``rule`` in the catalogue (a variant's family), else itself."""
    return templates().get(code, {}).get("rule", code)


def _rules() -> dict:
    """rule id -> (short description, help), from the codes: one per mistake of the table, then the
    rules by cause."""
    out = {}
    for m in MISTAKES:
        rid = _rule_code(m.code)
        entry = templates()[rid]
        out.setdefault(rid, (entry["en"], entry["help"]))
    for rid in _CAUSE_RULES:
        entry = templates()["rule-" + rid]
        out[rid] = (entry["en"], entry["help"])
    return out


RULES = _rules()


def rule_of(claim) -> str:
    """The rule of a wrong claim: carried first (its fix is elsewhere), then its first mistake's
    code, then the drift or a plain wrong value."""
    if claim.cause == "carried":
        return "carried-error"
    for m in claim.mistakes:
        rid = _rule_code(m.code)
        if rid in RULES:
            return rid
    return "drift" if claim.cause == "drift" else "wrong-value"


def _message(c) -> str:
    """The English message of a wrong claim, from its codes: what, the fixes, the root, the mistake."""
    fixes = [say("en", "fix", entry=render(e["entry"]), claimed=e["claimed"], correct=e["correct"])
             for e in c.entries[:12]]
    if len(c.entries) > 12:
        fixes.append(say("en", "fix-more", n=len(c.entries) - 12))
    text = say("en", "sarif-message", what=render(c.what) or "value", fixes="; ".join(fixes) or render(c.reason))
    if c.cause == "carried" and c.root is not None:
        text += say("en", "sarif-carried", root=c.root)
    if c.mistakes:
        text += say("en", "sarif-mistake", text=" or ".join(render(m) for m in c.mistakes))
    return text


def _span(c) -> tuple[int, int]:
    lines = c.wrong_lines or c.lines or [c.line]
    return min(lines), max(lines)


def _wrong(articles):
    for a in articles:
        if a.report is not None:
            for c in a.report.claims:
                if c.status == "wrong":
                    yield a, c


def _escape_data(text: str) -> str:
    """The runner's escapes (``%``, CR, LF), then every other control character (ESC) and a
    byte of a name that is not UTF-8 written as :func:`~symattn.errors.shown` writes it."""
    return shown(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(articles) -> str:
    """GitHub Actions workflow commands, one line each."""
    out = []
    for a in articles:
        if a.error is not None:
            out.append(f"::error file={_escape_property(a.name)},title=symattn: bad input::{_escape_data(a.error)}")
    for a, c in _wrong(articles):
        start, end = _span(c)
        title = _escape_property(f"symattn: {rule_of(c)}")
        out.append(f"::error file={_escape_property(a.name)},line={start},endLine={end},title={title}::"
                   + _escape_data(_message(c)))
    return "".join(line + "\n" for line in out)


def _uri(name: str) -> str:
    r"""A relative reference with no scheme: the path relative to the working folder when it is
    inside it (else as given), its bytes percent-encoded except letters, digits, ``-._~`` and the
    ``/`` between folders.  A colon cannot make a scheme (``javascript:``), a backslash is a
    character of the name (not a separator, which would name another file), and a name that is
    not UTF-8 keeps its bytes.

    >>> _uri("javascript:alert(1).md"), _uri("a\\b.md"), _uri("posts//caf\udce9 #1.md")
    ('javascript%3Aalert%281%29.md', 'a%5Cb.md', 'posts/caf%E9%20%231.md')
    """
    if name == "<stdin>":
        return "stdin"
    path = name.replace(os.sep, "/") if os.sep != "/" else name
    if os.path.isabs(name):
        try:
            inside = os.path.relpath(name)
        except ValueError:   # another drive
            inside = os.pardir
        if inside.split(os.sep)[0] != os.pardir:
            path = inside.replace(os.sep, "/")
    path = re.sub("/{2,}", "/", path)   # "//host" would be an authority
    return quote(os.fsencode(path), safe="/")


def render_sarif(articles) -> str:
    from .. import __version__
    ids = list(RULES)
    rules = [{"id": rid, "name": "".join(w.capitalize() for w in rid.split("-")),
              "shortDescription": {"text": RULES[rid][0]}, "help": {"text": RULES[rid][1]},
              "defaultConfiguration": {"level": "error"}} for rid in ids]
    results = []
    for a, c in _wrong(articles):
        start, end = _span(c)
        rid = rule_of(c)
        where = {"artifactLocation": {"uri": _uri(a.name)}, "region": {"startLine": start, "endLine": end}}
        result = {"ruleId": rid, "ruleIndex": ids.index(rid), "level": "error",
                  "message": {"text": _message(c)}, "locations": [{"physicalLocation": where}]}
        if c.cause == "carried" and c.root is not None:
            result["relatedLocations"] = [{"id": 0, "message": {"text": "the first slip"}, "physicalLocation": {
                "artifactLocation": {"uri": _uri(a.name)}, "region": {"startLine": c.root}}}]
        results.append(result)
    bad = [a for a in articles if a.error is not None]
    invocation = {"executionSuccessful": not bad, "toolExecutionNotifications": [
        {"level": "error", "message": {"text": a.error},
         "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(a.name)}}}]} for a in bad]}
    doc = {"$schema": SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "symattn", "version": __version__, "rules": rules}},
                     "invocations": [invocation], "results": results}]}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
