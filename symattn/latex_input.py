"""The only module that imports latex2sympy2: LaTeX text in, SymPy objects out.

latex2sympy2 has quirks that stay behind this wall:

* it pins ANTLR 4.7.2, which imports ``typing.io`` (gone in Python 3.13): a
  shim module is installed before the import;
* it keeps global state (``variances``, ``var``, ``VARIABLE_VALUES``) between
  calls: it is reset before every parse;
* it fails on non-ASCII subscripts such as ``v_{我}``: those are swapped for
  ASCII placeholders and swapped back afterwards;
* it returns unevaluated trees (``sqrt(4)``, ``1*1/2``): we evaluate them,
  after refusing anything that would be expensive to evaluate;
* it returns only the right-hand side of ``x = 5`` and drops the ``T`` of
  ``K^T``: callers split equation chains and transposes themselves.

Nothing here calls ``eval``, ``sympify`` or ``parse_expr`` on user text: the
text goes through latex2sympy2's ANTLR grammar only.
"""

from __future__ import annotations

import re
import sys
import types
import warnings

import sympy as sp
from sympy.core.function import AppliedUndef

from . import limits
from .errors import SymattnError

__all__ = ["parse_latex", "parse_scalar", "parse_matrix"]

# Calculus the grammar parses but whose evaluation is unbounded (an integral can run for hours).
_UNEVALUATED = (sp.Integral, sp.Limit, sp.Derivative, sp.Subs)

# Commands that could read files, define macros or loop in a TeX engine.  The
# grammar would reject most of them anyway; refusing by name gives a clear message.
_FORBIDDEN = re.compile(
    r"\\(input|include|includeonly|inputiffileexists|iffileexists|def|edef|gdef|xdef|let|futurelet|"
    r"newcommand|renewcommand|providecommand|declarerobustcommand|newenvironment|csname|endcsname|read|readline|"
    r"write|message|openin|openout|closein|closeout|immediate|catcode|lccode|uccode|expandafter|noexpand|"
    r"scantokens|lowercase|uppercase|everyeof|everypar|usepackage|requirepackage|documentclass|loop|repeat|"
    r"directlua|latelua|special|shipout|jobname|endinput|afterassignment|aftergroup|pdffilesize|"
    r"filesize|filemoddate|filedump|mdfivesum|pdfprimitive|primitive|ifeof)(?![a-zA-Z])", re.IGNORECASE)
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")

_l2s = None  # the latex2sympy2 module, imported on first use


def _latex2sympy2():
    global _l2s
    if _l2s is None:
        import typing
        if "typing.io" not in sys.modules:
            try:  # Python < 3.13 still has it (with a DeprecationWarning)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    import typing.io  # noqa: F401
            except ImportError:
                shim = types.ModuleType("typing.io")
                shim.TextIO, shim.IO, shim.BinaryIO = typing.TextIO, typing.IO, typing.BinaryIO
                sys.modules["typing.io"] = shim
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import latex2sympy2
        _l2s = latex2sympy2
    return _l2s


def _precheck(text: str) -> str:
    if not isinstance(text, str):
        raise SymattnError(f"expected a LaTeX string, got {type(text).__name__}")
    if len(text) > limits.MAX_LATEX_CHARS:
        raise SymattnError(f"LaTeX too long ({len(text)} characters; the limit is {limits.MAX_LATEX_CHARS}; "
                           "set SYMATTN_MAX_LATEX_CHARS to raise it)")
    if not text.strip():
        raise SymattnError("empty LaTeX expression")
    bad = _FORBIDDEN.search(text)
    if bad:
        raise SymattnError(f"LaTeX command {bad.group(0)!s} is not allowed in a formula")
    if "^^" in text:  # TeX's character-code notation: ^^5c is a backslash
        raise SymattnError("^^ (TeX's character code notation) is not allowed in a formula")
    if re.search(r"\\[a-zA-Z]*@", text):  # internal commands such as \@@input
        raise SymattnError("LaTeX internal commands (with @) are not allowed in a formula")
    depth = peak = 0
    for ch in text:
        if ch in "{([":
            depth += 1
            peak = max(peak, depth)
        elif ch in "})]":
            depth -= 1
    if peak > limits.MAX_NESTING:
        raise SymattnError(f"LaTeX nested {peak} levels deep (the limit is {limits.MAX_NESTING}; "
                           "set SYMATTN_MAX_NESTING to raise it)")
    signs = max((len(m.group(0)) for m in re.finditer(r"[-+]+", re.sub(r"\s+", "", text))), default=0)
    if signs > limits.MAX_SIGN_RUN:
        raise SymattnError(f"a run of {signs} signs in a row (the limit is {limits.MAX_SIGN_RUN})")
    # x^a^b is a "double superscript" in TeX itself; the grammar also takes exponential time on it.
    if re.search(r"\^\s*(\{[^{}]*\}|\\[a-zA-Z]+|[^\s{])\s*\^|_\s*(\{[^{}]*\}|\\[a-zA-Z]+|[^\s{])\s*_", text):
        raise SymattnError("double superscript or subscript (write x^{a^{b}} or x^{ab})")
    # Depth of scripts: each ^ or _ opens one level; its braced argument keeps it open.
    stack, scripts, pending = [], 0, False
    for ch in text:
        if ch in "^_":
            pending = True
            scripts_here = scripts + 1
            if scripts_here > limits.MAX_SCRIPT_NESTING:
                raise SymattnError(f"superscripts/subscripts nested {scripts_here} levels deep "
                                   f"(the limit is {limits.MAX_SCRIPT_NESTING})")
            continue
        if ch == "{":
            stack.append(pending)
            scripts += pending
        elif ch == "}" and stack:
            scripts -= stack.pop()
        pending = False if not ch.isspace() else pending
    return text


def _normalise(text: str) -> str:
    """Spellings latex2sympy2 does not know, mapped to ones it does."""
    text = re.sub(r"\\(mathrm|operatorname|text)\{e\}", "e", text)
    text = re.sub(r"\\(left|right|big|Big|bigg|Bigg)(?![a-zA-Z])", "", text)
    text = text.replace(r"\cdot", r"\times").replace(r"\top", "T").replace(r"\intercal", "T")
    text = text.replace(r"\dfrac", r"\frac").replace(r"\tfrac", r"\frac")
    text = text.replace(r"\pmatrix", "bmatrix")
    text = re.sub(r"\\begin\{[pv]matrix\}", r"\\begin{bmatrix}", text)
    text = re.sub(r"\\end\{[pv]matrix\}", r"\\end{bmatrix}", text)
    return text


#: non-ASCII signs with an ASCII spelling in the grammar
_SIGNS = {"−": "-", "×": r"\times ", "·": r"\cdot ", "⋅": r"\cdot "}


def _ascii_placeholders(text: str) -> tuple[str, dict[str, str]]:
    """Replace each run of non-ASCII letters by one placeholder symbol, ``\\mathit{zqaz}``.

    A run of letters (any script: θ, 我, א, fullwidth ｅｖａｌ) is one symbol with
    that name, never a product of letters; a non-ASCII character that is not a
    letter (an emoji, a fullwidth digit, a dash) is refused with its code point.
    """
    import unicodedata

    names: dict[str, str] = {}

    def repl(m: re.Match) -> str:
        run = m.group(0)
        if run in _SIGNS:
            return _SIGNS[run]
        for i, ch in enumerate(run):
            cat = unicodedata.category(ch)
            if not (cat.startswith("L") or (cat.startswith("M") and i > 0)):
                raise SymattnError(f"character {ch!r} (U+{ord(ch):04X}, {unicodedata.name(ch, 'unnamed')}) "
                                   "is not a letter; a symbol's name is made of letters")
        for key, val in names.items():
            if val == run:
                return r"\mathit{%s}" % key
        key = "zq" + "".join(chr(ord("a") + int(d)) for d in str(len(names))) + "z"
        names[key] = run
        return r"\mathit{%s}" % key

    return _NON_ASCII_RUN.sub(repl, "".join(_SIGNS.get(ch, ch) for ch in text)), names


def parse_latex(text: str):
    """Parse LaTeX with latex2sympy2 and return its (unevaluated) SymPy tree.

    Raises :class:`SymattnError` on anything the grammar rejects.

    >>> parse_latex(r"\\frac{1}{2}").doit()
    1/2
    """
    text = _normalise(_precheck(text))
    text, names = _ascii_placeholders(text)
    l2s = _latex2sympy2()
    l2s.variances, l2s.var, l2s.VARIABLE_VALUES = {}, {}, {}
    l2s.set_real(None)
    try:
        with warnings.catch_warnings(), limits.time_limit(f"parsing LaTeX {_short(text)}"):
            warnings.simplefilter("ignore")
            result = l2s.latex2sympy(text)
    except SymattnError:
        raise
    except RecursionError:
        raise SymattnError("LaTeX nested too deeply to parse") from None
    except MemoryError:
        raise SymattnError(f"LaTeX {_short(text)} needs too much memory to parse") from None
    except Exception as exc:  # the grammar raises bare Exceptions
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SymattnError(f"cannot parse LaTeX {_short(text)}: {first}") from None
    finally:
        l2s.variances, l2s.var, l2s.VARIABLE_VALUES = {}, {}, {}
    if names:
        result = _restore_names(result, names)
    return result


def _restore_names(expr, names: dict[str, str]):
    if isinstance(expr, list):
        return [_restore_names(e, names) for e in expr]
    if not hasattr(expr, "free_symbols"):
        return expr
    swap = {}
    for s in expr.free_symbols:
        new = s.name
        for key, run in names.items():
            new = new.replace(r"\mathit{%s}" % key, run).replace(key, run)
        if new != s.name:
            swap[s] = s.func(new, **s.assumptions0) if isinstance(s, sp.Symbol) else s
    left = [s.name for s in expr.xreplace(swap).free_symbols if any(key in s.name for key in names)] \
        if swap else []
    if left:  # a placeholder the grammar split: a bug, never a silently wrong symbol
        raise RuntimeError(f"placeholder left in {left[0]!r}")
    return expr.xreplace(swap) if swap else expr


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= n else text[: n - 1] + "…")


def _guard(expr) -> None:
    """Refuse trees whose evaluation would be huge (10^{10^{10}}, 99999!, (x+y)^{4096}, integrals).

    Bounds the decimal digits of every exact number the evaluation would make,
    bottom-up, without evaluating anything.

    >>> _guard(parse_latex("2^{4096}"))
    >>> _guard(parse_latex("10^{10^{10}}"))
    Traceback (most recent call last):
    ...
    symattn.errors.SymattnError: 10**(10**10) would have more than 10000 digits; too large to evaluate exactly (SYMATTN_MAX_RESULT_DIGITS and SYMATTN_MAX_FACTORIAL raise the limits)
    """
    digits: dict = {}  # node -> upper bound of the decimal digits of its value

    def value_bound(node) -> float:
        """An upper bound of |node| (as a float, inf if huge)."""
        if node.is_Number:
            return float("inf") if digits[node] > 300 else abs(float(node))
        d = digits.get(node, 1)
        if d <= 6 and not node.free_symbols:  # small and already guarded: evaluate it for a tight bound
            value = node.doit()
            if value.is_Number:
                return abs(float(value))
            if d <= 300:  # e, e^{e}, sqrt(2): a few digits of the value are cheap and bound it tightly
                approx = sp.N(value, 15)
                if approx.is_Number:
                    return abs(float(approx)) * 1.001
        return float("inf") if d > 300 else 10.0 ** d

    def refuse(what: str):
        raise SymattnError(f"{what}; too large to evaluate exactly (SYMATTN_MAX_RESULT_DIGITS and "
                           "SYMATTN_MAX_FACTORIAL raise the limits)")

    for node in sp.postorder_traversal(expr):
        if isinstance(node, list):  # latex2sympy lists (equation chains)
            continue
        if isinstance(node, _UNEVALUATED):
            raise SymattnError(f"{type(node).__name__.lower()}s are not evaluated; give the value instead")
        if isinstance(node, AppliedUndef):  # \mathrm{exec}(1), \Gamma(5): a name, not a known function
            raise SymattnError(f"unknown function {node.func.__name__}")
        args = [a for a in getattr(node, "args", ()) if isinstance(a, sp.Basic)]
        sub = [digits.get(a, 1) for a in args]
        if isinstance(node, sp.Rational):  # bit_length: str() of a 5000-digit integer raises
            d = int(abs(node.p).bit_length() * 0.30103) + 1
            d += 0 if node.q == 1 else int(node.q.bit_length() * 0.30103) + 1
        elif not args:
            d = 1
        elif isinstance(node, sp.Mul):
            d = sum(sub)
        elif isinstance(node, sp.Add):
            d = max(sub) + len(sub)
        elif (isinstance(node, sp.exp) or (isinstance(node, sp.Pow) and args[0] is sp.E)) \
                and not args[-1].free_symbols:
            # e^{x} has about x / ln 10 digits: e^{10^{10}} is refused here, before any evaluation
            bound = value_bound(args[-1])
            if bound > limits.MAX_RESULT_DIGITS * 2.31:
                refuse(f"{_brief(node)} would have more than {limits.MAX_RESULT_DIGITS} digits")
            d = max(max(sub), int(bound * 0.4343) + 2)
        elif isinstance(node, sp.Pow):
            base, exp = args
            if exp.is_Number and base.free_symbols and abs(exp) > limits.MAX_SYMBOLIC_EXPONENT:
                refuse(f"power {exp} of an expression with symbols is over the limit of {limits.MAX_SYMBOLIC_EXPONENT}")
            if base.is_Number and base in (0, 1, -1) or base.free_symbols or exp.free_symbols \
                    or base is sp.E:
                d = max(sub)  # stays symbolic (or trivially small): nothing big is built
            else:
                d = digits[base] * value_bound(exp)
                if d > limits.MAX_RESULT_DIGITS:
                    refuse(f"{_brief(node)} would have more than {limits.MAX_RESULT_DIGITS} digits")
        elif isinstance(node, (sp.factorial, sp.factorial2, sp.binomial, sp.gamma)):
            if value_bound(args[0]) > limits.MAX_FACTORIAL:
                refuse(f"{_brief(node)}: the argument is over the limit of {limits.MAX_FACTORIAL}")
            d = limits.factorial_digits(max(1, int(value_bound(args[0]))))
        elif isinstance(node, (sp.Sum, sp.Product)):
            span, top = 1, limits.MAX_FACTORIAL
            for lim in node.limits:
                if len(lim) != 3 or not (lim[1].is_Integer and lim[2].is_Integer):
                    refuse(f"{_brief(node)} needs whole-number bounds")
                # exact, not capped at a fixed 10^9 that a raised limit could exceed
                span *= max(0, int(lim[2]) - int(lim[1]) + 1)
                if span > top:
                    shown = span if span.bit_length() < 64 else f"about 10^{int(span.bit_length() * 0.30103)}"
                    refuse(f"{_brief(node)} has {shown} terms, over the limit of {top}")
            d = sub[0] * span if isinstance(node, sp.Product) else sub[0] + len(str(span))
        else:
            d = max(sub)
        if d > limits.MAX_RESULT_DIGITS:
            if isinstance(node, sp.Rational):
                refuse(f"a number of about {d} digits is over the limit of {limits.MAX_RESULT_DIGITS}")
            refuse(f"{_brief(node)} would have more than {limits.MAX_RESULT_DIGITS} digits")
        digits[node] = d


def _brief(node) -> str:
    try:
        text = str(node)
    except ValueError:  # over Python's integer-string limit (limits.int_str_digits() in the CLI)
        return f"a {type(node).__name__} with a number over {sys.get_int_max_str_digits()} digits"
    return text if len(text) <= 40 else text[:39] + "…"


def _evaluate(expr):
    _guard(expr)
    try:
        with limits.time_limit(f"evaluating {_brief(expr)}"):
            value = expr.doit()
    except RecursionError:
        raise SymattnError("expression nested too deeply to evaluate") from None
    except MemoryError:
        raise SymattnError(f"evaluating {_brief(expr)} needs too much memory") from None
    if isinstance(value, sp.Basic) and value.has(sp.Float):
        # latex2sympy2 reads decimals as Rationals; a Float here would be lossy.
        value = value.xreplace({f: sp.Rational(str(f)) for f in value.atoms(sp.Float)})
    return value


def parse_scalar(text: str, *, allow_symbols: bool = True):
    """Parse one scalar: a number, a fraction, ``e^{1/2}``, ``\\sqrt{2}``, a symbol.

    Decimals stay exact.

    >>> parse_scalar("0.45")
    9/20
    >>> parse_scalar(r"e^{1/2}")
    exp(1/2)
    >>> parse_scalar(r"v_{我}")
    v_{我}
    """
    value = parse_latex(text)
    if isinstance(value, list) or isinstance(value, (sp.MatrixBase, sp.MatrixExpr)):
        raise SymattnError(f"expected a single number, got {_short(text)}")
    if isinstance(value, sp.Rel):
        raise SymattnError(f"expected an expression, got the relation {_short(text)}")
    value = _evaluate(value)
    if not isinstance(value, sp.Expr):
        raise SymattnError(f"expected a number, got {_short(text)}")
    if not allow_symbols and value.free_symbols:
        names = ", ".join(sorted(str(s) for s in value.free_symbols))
        raise SymattnError(f"expected a number, but {_short(text)} contains the symbol(s) {names}")
    if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise SymattnError(f"{_short(text)} is not a finite number")
    if value.has(sp.I) or value.is_extended_real is False:
        raise SymattnError(f"{_short(text)} is not a real number")
    if not value.free_symbols and value.is_number is not True:
        raise SymattnError(f"{_short(text)} is not a number")
    return value


def parse_matrix(text: str) -> sp.ImmutableMatrix:
    """Parse a ``bmatrix`` (or ``pmatrix``) into an exact immutable matrix.

    >>> parse_matrix(r"\\begin{bmatrix} 1 & 0.5 \\\\ \\frac{1}{3} & 2 \\end{bmatrix}")
    Matrix([
    [  1, 1/2],
    [1/3,   2]])
    """
    value = parse_latex(text)
    if not isinstance(value, sp.MatrixBase):
        raise SymattnError(f"expected a bmatrix, got {_short(text)}")
    entries = []
    for i in range(value.rows):
        row = []
        for j in range(value.cols):
            try:
                v = _evaluate(value[i, j])
            except SymattnError as exc:
                raise exc.located(entry=f"[{i + 1},{j + 1}]") from None
            if not isinstance(v, sp.Expr) or v.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                raise SymattnError("not a finite number", entry=f"[{i + 1},{j + 1}]")
            if v.has(sp.I) or v.is_extended_real is False:
                raise SymattnError("not a real number", entry=f"[{i + 1},{j + 1}]")
            if not v.free_symbols and v.is_number is not True:
                raise SymattnError("not a number", entry=f"[{i + 1},{j + 1}]")
            row.append(v)
        entries.append(row)
    return sp.ImmutableMatrix(entries)
