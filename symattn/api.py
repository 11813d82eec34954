"""The Python API for notebooks and scripts: ``derive(spec)`` and ``check(text_or_path)``.

Both return objects that a notebook shows rendered: a :class:`~symattn.model.Derivation`
(Markdown with ``$$`` math, LaTeX, HTML) and a :class:`Report` (a table of claims).
Everything that goes wrong with the input is a :class:`~symattn.errors.SymattnError` with one
clear line, as on the command line.

>>> from symattn import derive
>>> d = derive({"tokens": ["I", "see"], "Q": [[1, 0], [0, 1]], "K": [[1, 1], [0, 1]], "lang": "en"})
>>> d.step("weights").exact[1, 0]
1/2
>>> derive({"Q": [[0.5]], "K": [[1]]}).step("scores").exact[0, 0]   # decimals stay exact
1/2
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from .errors import SymattnError
from .model import Derivation
from .spec import AttentionSpec

__all__ = ["Spec", "derive", "check", "spec_from", "check_report", "with_options", "only_steps"]

#: the spec type: what ``derive`` takes besides a dict or a TOML file
Spec = AttentionSpec

#: files that ``check`` reads by name (a short string with one of these endings names a file)
ARTICLE_SUFFIXES = (".md", ".markdown", ".tex", ".txt")


def spec_from(spec, source: str | None = None) -> AttentionSpec:
    """A spec from a :class:`Spec`, a dict (the TOML keys), a TOML file's path, or TOML text.

    >>> spec_from({"Q": [[1, 2]], "K": [[3, 4]], "d_k": 2}).d_k
    2
    """
    if isinstance(spec, AttentionSpec):
        return spec
    from .spec import load_spec, parse_spec, spec_from_dict
    if isinstance(spec, dict):
        return spec_from_dict(_plain(spec, "spec"), source=source or "<dict>")
    if isinstance(spec, os.PathLike):
        return load_spec(spec)
    if isinstance(spec, str):
        if ("\n" in spec or "=" in spec) and not os.path.isfile(spec):
            return parse_spec(spec, source=source or "<spec>")
        return load_spec(spec)
    raise SymattnError(f"a spec is a dict, a TOML file's path, TOML text or a symattn.Spec, "
                       f"not {type(spec).__name__}")


def _plain(value, where: str):
    """Python values as ``tomllib`` gives them: floats by their shortest repr (0.1 is 1/10), numpy
    arrays and SymPy matrices as lists, exact SymPy rationals as fractions; never text evaluated."""
    if isinstance(value, dict):
        return {str(k): _plain(v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, f"{where}[{i + 1}]") for i, v in enumerate(value)]
    if isinstance(value, (bool, int, str, Decimal, Fraction)):
        return value
    if isinstance(value, float):
        return Decimal(repr(value))
    if hasattr(value, "tolist") and callable(value.tolist):  # numpy arrays and scalars, SymPy matrices
        return _plain(value.tolist(), where)
    import sympy as sp
    if isinstance(value, sp.Basic):
        if value.is_Integer:
            return int(value)
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        from .printing import latex  # an exact number such as sqrt(2): its LaTeX, read back by the grammar
        return latex(value)
    raise SymattnError(f"expected a number, a string, a list or a table, got {type(value).__name__}", entry=where)


def derive(spec, *, lang: str | None = None, digits: int | None = None, steps=None, entries=None) -> Derivation:
    """Derive a spec (a dict, a TOML file's path, TOML text or a :class:`Spec`), every step exact.

    ``lang`` and ``digits`` override the spec's; ``steps`` keeps those step ids; ``entries``
    writes out entries as ``derive --entry`` does (``["2,3", "weights:all"]``).

    >>> d = derive({"Q": [[1, 0], [0, 1]], "K": [[1, 0], [1, 1]]}, entries=["weights:2,1"])
    >>> d.step("weights").entries[0].chain[-1]
    1/(1 + exp(sqrt(2)/2))
    """
    from .topics import derive as derive_topic
    d = derive_topic(with_options(spec_from(spec), lang=lang, digits=digits))
    if steps:
        d = only_steps(d, [steps] if isinstance(steps, str) else list(steps))
    if entries:
        from .entries import parse_entry, with_entries
        d, _ = with_entries(d, [parse_entry(e) for e in ([entries] if isinstance(entries, str) else entries)])
    return d


def with_options(spec: AttentionSpec, *, lang: str | None = None, digits: int | None = None) -> AttentionSpec:
    """The spec in another language (with its tokens for it) or with other decimals, each checked."""
    from . import limits
    if digits is not None:
        if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= limits.MAX_DIGITS:
            raise SymattnError(f"--digits must be from 0 to {limits.MAX_DIGITS}")
        spec = replace(spec, digits=digits)
    if lang is not None:
        if lang not in ("zh", "en"):
            raise SymattnError(f"lang must be 'zh' or 'en', not {lang!r}")
        spec = spec.in_language(lang)  # with that language's tokens, when the spec gives them
    return spec


def only_steps(derivation: Derivation, step_ids) -> Derivation:
    """The asked steps; an unknown id names the close one and every id there is."""
    import difflib
    ids = [s.id for s in derivation.steps]
    for step_id in step_ids:
        if step_id not in ids:
            close = difflib.get_close_matches(step_id, ids, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise SymattnError(f"no step {step_id!r} in this derivation; {hint}its steps are: {', '.join(ids)}",
                               entry="--step")
    return derivation.only(*step_ids)


def _is_path(value) -> bool:
    if isinstance(value, os.PathLike):
        return True
    if not isinstance(value, str) or "\n" in value or len(value) > 4096:
        return False
    return os.path.isfile(value) or (value.lower().endswith(ARTICLE_SUFFIXES) and "$" not in value)


def check(text_or_path, *, name: str | None = None, lang: str | None = None) -> "Report":
    r"""Check an article's hand calculations: Markdown or LaTeX text, or the path of a file.

    A string is a path when it names a file, or is one line ending in .md, .markdown, .tex or
    .txt; otherwise it is the article's text.  ``lang`` is the report's language (default:
    the article's).

    >>> r = check("$$\\sqrt{4} = 2$$\n")
    >>> r.count("exact"), r.exit_code
    (1, 0)
    """
    from .check import check_text
    from .check.many import lang_of
    if lang not in (None, "zh", "en"):
        raise SymattnError(f"lang must be 'zh' or 'en', not {lang!r}")
    if _is_path(text_or_path):
        from .io import read_text
        text = read_text(text_or_path)
        name = name or str(text_or_path)
    elif isinstance(text_or_path, str):
        text, name = text_or_path, name or "<text>"
    else:
        raise SymattnError(f"check takes an article's text or a path, not {type(text_or_path).__name__}")
    return check_report(check_text(text, name), lang or lang_of(text))


def check_report(base, lang: str) -> "Report":
    """The checker's report as the notebook's :class:`Report` (same fields, shown rendered)."""
    return _report_class()(**{f.name: getattr(base, f.name) for f in fields(base)}, lang=lang)


_REPORT = None


def _report_class():
    """Report subclasses the checker's report, which is imported only when a check runs."""
    global _REPORT
    if _REPORT is None:
        from .check.claims import Report as Base

        @dataclass
        class Report(Base):
            """A check report that a notebook shows as a table: line, verdict, the claim, why.

            ``str(report)`` is the text report of ``symattn check``.
            """

            lang: str = "en"    # the language of the words around the claims

            def __str__(self) -> str:
                from .check.report import render_text
                return render_text(self, self.lang)

            def _repr_markdown_(self) -> str:
                from .report_display import markdown
                return markdown(self, self.lang)

            def _repr_latex_(self) -> str:
                from .report_display import latex_body
                return latex_body(self, self.lang)

            def in_language(self, lang: str) -> "Report":
                return replace(self, lang=lang)

        Report.__module__ = __name__
        Report.__qualname__ = "Report"
        _REPORT = Report
    return _REPORT


def __getattr__(name: str):
    if name == "Report":  # built on first use: the checker is not imported by `import symattn`
        return _report_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
