r"""User text never becomes markup: one escape function per output language.

Titles and notes are :class:`symattn.markup.Text`, or strings with ``$...$`` math
that :meth:`~symattn.markup.Text.parse` splits.  In the text, ``\$`` is a dollar
sign and ``\\`` a backslash; :func:`literal` makes any string (a token) text
that stays text.  Math in a spec's title must pass :func:`check_title` (the
command allow-list below, then the same LaTeX grammar as spec entries) before
it may go verbatim into a .tex file; everything else is escaped:

* :func:`tex_text` for LaTeX (TeX specials, ``^^``, catcodes: all inert);
* :func:`md_text` for Markdown (``[x](javascript:...)`` stays text);
* :func:`mathtext_text` for matplotlib labels (mathtext only where meant).

>>> Text.parse(literal("$\\input{/etc/passwd}$")).pieces
('$\\input{/etc/passwd}$',)
>>> md_text(r"cost \$5 and $x^2$")
'cost \\$5 and $x^2$'
"""

from __future__ import annotations

import html
import re

from .errors import SymattnError
from .markup import Math, Text, as_text

__all__ = ["literal", "check_title", "tex_text", "md_text", "mathtext_text", "MATH_COMMANDS"]

#: the only commands a title's math may use: maths notation, nothing that reads, writes or defines
MATH_COMMANDS = frozenset("""
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho varrho
sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega
frac dfrac tfrac sqrt cdot times div pm mp top intercal approx le leq ge geq ne neq equiv sim simeq propto to
rightarrow leftarrow Rightarrow mapsto in notin subset subseteq cup cap infty partial nabla sum prod exp log ln
sin cos tan max min arg argmax softmax operatorname mathrm mathit mathbf mathsf mathbb mathcal boldsymbol text
textrm textbf textit left right big Big bigg Bigg quad qquad ldots cdots dots vdots hat tilde bar vec dot mid
odot otimes oplus circ lceil rceil lfloor rfloor langle rangle binom cdotp lt gt
""".split())
_SAFE_SYMBOLS = set(",;:!{}|")  # \, \; \: \! \{ \} \|
_TITLE_CHARS = re.compile(r"[^\x20-\x7e]|[#%@~`\"&]")


def literal(text: str) -> str:
    """``text`` as title text that never opens math (a token inside a default title)."""
    return text.replace("\\", "\\\\").replace("$", "\\$")


def check_math(math: str, where: str = "title") -> None:
    """Math that will be copied verbatim into TeX: allow-listed commands and characters, then the grammar."""
    if "^^" in math:
        raise SymattnError("^^ (TeX's character code notation) is not allowed in math", entry=where)
    for m in re.finditer(r"\\([a-zA-Z@]+|.?)", math):
        name = m.group(1)
        if name[:1].isalpha() and "@" not in name:
            if name not in MATH_COMMANDS:
                raise SymattnError(f"\\{name} is not one of the maths commands allowed in a title", entry=where)
        elif name not in _SAFE_SYMBOLS:
            raise SymattnError(f"\\{name or ' (at the end)'} is not allowed in a title's math", entry=where)
    ascii_part = re.sub(r"[^\x00-\x7f]", "", math)  # letters of any script are symbols; the grammar checks them
    bad = _TITLE_CHARS.search(ascii_part)
    if bad:
        raise SymattnError(f"the character {bad.group(0)!r} is not allowed in a title's math", entry=where)
    depth = 0
    for ch in math.replace(r"\{", "").replace(r"\}", ""):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            break
    if depth:
        raise SymattnError(f"unbalanced braces in ${math}$", entry=where)
    from .latex_input import parse_latex  # the grammar of spec entries: a formula, or an error
    try:
        parse_latex(_for_grammar(math))
    except SymattnError as exc:
        raise SymattnError(f"${math}$: {exc.message}", entry=where) from None


def _for_grammar(math: str) -> str:
    """Notation a title may use that the entry grammar has no node for: the command
    allow-list above has vetted it, so the grammar sees a plain symbol in its place."""
    math = re.sub(r"\\(text|textrm|textbf|textit|operatorname|mathrm|mathit|mathbf|mathsf|mathbb|mathcal|"
                  r"boldsymbol)\s*\{[^{}]*\}", "x", math)
    math = re.sub(r"\\(quad|qquad|[,;:!])", " ", math)
    math = re.sub(r"\\(ldots|cdots|dots|vdots|infty|partial|nabla|top|intercal)(?![a-zA-Z])", "x", math)
    math = re.sub(r"\\(to|rightarrow|leftarrow|Rightarrow|mapsto|approx|equiv|sim|simeq|propto|in|notin|subset|"
                  r"subseteq|mid|cup|cap|odot|otimes|oplus|circ|pm|mp|div|cdotp)(?![a-zA-Z])", "=", math)
    math = re.sub(r"\\(langle|rangle|lceil|rceil|lfloor|rfloor|\{|\}|\|)", " ", math)
    math = re.sub(r"\\(argmax|softmax|max|min|arg)(?![a-zA-Z])", "f", math)
    return " = ".join(p for p in re.split(r"[=<>]|\\(?:le|leq|ge|geq|ne|neq|lt|gt)(?![a-zA-Z])", math) if p.strip()) \
        or "x"


def check_title(title: str, where: str = "title") -> None:
    """A spec title: one line of text; its ``$...$`` math passes :func:`check_math`."""
    from . import limits
    top = limits.MAX_TITLE_CHARS
    if len(title) > top:
        raise SymattnError(f"title of {len(title)} characters is over the limit of {top}", entry=where)
    if any(not ch.isprintable() for ch in title):
        raise SymattnError("title must be one line of printable text", entry=where)
    if "^^" in title:
        raise SymattnError("^^ (TeX's character code notation) is not allowed in a title", entry=where)
    for piece in Text.parse(title).pieces:
        if isinstance(piece, Math):
            check_math(piece.source, where)


# --- one escape function per output language --------------------------------------------------

def _formulas(latex):
    """(formula source, trusted) for each math piece: LaTeX source from text is checked at render
    time; a formula built from SymPy objects is printed by ``latex`` (the project's Printer)."""
    def one(m: Math) -> tuple[str, bool]:
        if m.source is not None:
            return m.source, _inert(m.source)
        from .printing import latex as default
        return m.text(latex or default), True
    return one


def tex_text(text: "str | Text", escape_plain, latex=None) -> str:
    """TeX: math pieces verbatim (spec titles were checked; ours are ours), the rest through
    ``escape_plain``, which makes every TeX special inert.  ``latex`` prints SymPy parts."""
    formula = _formulas(latex)

    def math(m: Math) -> str:
        source, ok = formula(m)
        return f"${source}$" if ok else escape_plain(f"${source}$")
    return as_text(text).render(escape_plain, math)


def _inert(math: str) -> bool:
    """Second line of defence at render time: no ^^, no command outside the allow-list."""
    try:
        if "^^" in math or re.search(r"[#%@]", math):
            return False
        return all((m.group(1)[:1].isalpha() and m.group(1) in MATH_COMMANDS) or m.group(1) in _SAFE_SYMBOLS
                   for m in re.finditer(r"\\([a-zA-Z@]+|.?)", math))
    except re.error:
        return False


# Parentheses stay plain: "\(" is a maths delimiter to KaTeX auto-render and MathJax.  Square brackets
# (the only way into a link) become character references, which no renderer reads as "\[" maths.
_MD_SPECIALS = re.compile(r"([\\`*_!#|~<>{}+])")
_MD_BRACKETS = str.maketrans({"[": "&#91;", "]": "&#93;"})


def md_text(text: "str | Text", latex=None) -> str:
    """Markdown: text pieces HTML-escaped and their Markdown punctuation backslash-escaped, so
    ``[x](javascript:...)`` or ``<script>`` stays text; math pieces stay ``$...$`` (HTML-escaped).

    >>> md_text("GQA (2 heads) [x](javascript:y)")
    'GQA (2 heads) &#91;x&#93;(javascript:y)'
    """
    formula = _formulas(latex)

    def plain(piece: str) -> str:
        escaped = _MD_SPECIALS.sub(r"\\\1", html.escape(piece, quote=False)).translate(_MD_BRACKETS)
        return escaped.replace("$", r"\$")

    def math(m: Math) -> str:
        source, ok = formula(m)
        return "$" + html.escape(source, quote=False) + "$" if ok else plain(f"${source}$")
    return as_text(text).render(plain, math)


def mathtext_text(text: str) -> str:
    r"""matplotlib: a dollar sign that is text is ``\$`` (else mathtext would parse it); math
    pieces are kept only when mathtext itself accepts them."""
    def math(m: Math) -> str:
        source = m.source if m.source is not None else m.text(_mathtext_latex)
        if _inert(source) and _mathtext_ok(source):
            return f"${source}$"
        return f"${source}$".replace("$", r"\$")
    return as_text(text).render(lambda piece: piece.replace("$", r"\$"), math)


def _mathtext_latex(expr) -> str:
    from .printing import latex
    return latex(expr)


def _mathtext_ok(math: str) -> bool:
    try:
        from matplotlib.mathtext import MathTextParser
        MathTextParser("path").parse(f"${math}$")
        return True
    except Exception:  # mathtext raises ValueError and others for what it cannot draw
        return False
