"""Reports for CI: GitHub Actions workflow commands and SARIF 2.1.0 (code scanning).

Input: the checked articles (:class:`~symattn.check.many.Article`, each with its report or its error).
Output: text.  ``github``: one ``::error file=…,line=…::…`` per wrong claim (and per bad input file).
``sarif``: one run, one result per wrong claim, its rule chosen by the kind of mistake (the claim's
``cause`` and ``diagnosis``), the right values in its message, and a carried claim's root as a related
location; bad input files are tool notifications.
"""

from __future__ import annotations

import json
from urllib.parse import quote

__all__ = ["render_github", "render_sarif", "RULES", "rule_of", "SCHEMA"]

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

#: rule id -> (short description, help).  The first rules come from the diagnosis, the last from the cause.
RULES = {
    "no-scaling": ("softmax(QKᵀ) without ÷√d_k", "Divide the scores by √d_k before the softmax."),
    "scaled-by-dk": ("divided by d_k instead of √d_k", "The scores are divided by √d_k, not d_k."),
    "scaled-by-sqrt-dmodel": ("divided by √d_model instead of √d_k", "Use the key width d_k, not d_model."),
    "softmax-over-columns": ("softmax over columns instead of rows", "Each row of the weights sums to 1."),
    "keys-not-transposed": ("K used instead of Kᵀ", "The scores are Q Kᵀ: entry (i, j) is q_i · k_j."),
    "e-approximated": ("e ≈ 2.7 used in the exponentials", "Use e = 2.71828…, or exact values."),
    "rounded-early": ("intermediate values rounded early", "Keep more digits until the last step."),
    "wrong-value": ("a printed value is wrong", "The message gives the right value at the printed precision."),
    "carried-error": ("a value is right from an earlier wrong value, so it is wrong too",
                      "Fix the first slip (the related location); this value follows from it."),
    "drift": ("right from rounded values printed earlier, but not from the exact inputs",
              "Recompute from the exact inputs, or print the earlier values with more digits."),
}

_DIAGNOSES = (("no scaling", "no-scaling"), ("divided by d_k", "scaled-by-dk"),
              ("divided by √d_model", "scaled-by-sqrt-dmodel"), ("softmax over columns", "softmax-over-columns"),
              ("K used instead of Kᵀ", "keys-not-transposed"), ("e ≈ 2.7", "e-approximated"),
              ("rounded early", "rounded-early"))


def rule_of(claim) -> str:
    """The rule of a wrong claim: carried first (its fix is elsewhere), then the named mistake."""
    if claim.cause == "carried":
        return "carried-error"
    for prefix, rule in _DIAGNOSES:
        if claim.diagnosis and prefix in claim.diagnosis.split(" or ")[0]:
            return rule
    return "drift" if claim.cause == "drift" else "wrong-value"


def _message(c) -> str:
    fixes = "; ".join(f"{e['entry']} printed {e['claimed']}, should be {e['correct']}" for e in c.entries[:12])
    if len(c.entries) > 12:
        fixes += f"; and {len(c.entries) - 12} more"
    text = f"{c.what or 'value'}: {fixes or c.detail}"
    if c.cause == "carried" and c.root is not None:
        text += f" (carried from the slip on line {c.root})"
    if c.diagnosis:
        text += f". Likely mistake: {c.diagnosis}"
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
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


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
    return "stdin" if name == "<stdin>" else quote(name.replace("\\", "/").lstrip("/") if not name.startswith("/")
                                                   else "file://" + name.replace("\\", "/"), safe="/:")


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
