"""Reading a derivation spec (TOML) into an immutable :class:`AttentionSpec`.

Keys: ``tokens``, ``X``, ``W_Q``, ``W_K``, ``W_V`` (or ``Q``, ``K``, ``V`` given
directly), ``d_k``, ``digits``, ``lang``, ``title``, and an optional
``[claimed]`` table with values an article printed (e.g. ``weights``), which the
derivation compares against the exact ones.

How the document speaks: a ``[notation]`` table names quantities by step id
(``scores = "\\text{Scores}"``, ``weights = "注意力权重"``), ``steps`` selects and orders
the steps, and ``levels`` selects formula / substituted / entry / exact / numeric.

A matrix is a list of rows, or a LaTeX ``bmatrix`` string, or ``"symbolic"``
(entries q_{ij}, k_{ij}; for V, rows v_<token>).  An entry is a number (decimals
stay exact: 0.45 is 9/20) or a LaTeX string such as ``"\\frac{1}{2}"``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import sympy as sp

from . import limits
from .errors import SymattnError
from .model import Text

__all__ = ["AttentionSpec", "load_spec", "parse_spec", "line_of", "with_line", "spec_from_dict", "MATRIX_KEYS", "LEVELS", "notation_latex"]

MATRIX_KEYS = ("X", "W_Q", "W_K", "W_V", "Q", "K", "V")
_KNOWN = set(MATRIX_KEYS) | {"tokens", "d_k", "digits", "lang", "title", "topic", "claimed",
                             "options", "notation", "steps", "levels"}
SYMBOLIC = "symbolic"
#: the levels a document may show, in document order ("entry": one entry written out)
LEVELS = ("formula", "substituted", "entry", "exact", "numeric")


@dataclass(frozen=True)
class AttentionSpec:
    """What to derive.  Matrices are exact immutable matrices or None."""

    tokens: tuple[str, ...]                      # one label per row of X / Q / K / V
    X: sp.ImmutableMatrix | None = None          # input embeddings, L x D
    W_Q: sp.ImmutableMatrix | None = None        # projections, D x d_k
    W_K: sp.ImmutableMatrix | None = None
    W_V: sp.ImmutableMatrix | None = None        # D x d_v
    Q: sp.ImmutableMatrix | None = None          # queries, L x d_k (given or projected)
    K: sp.ImmutableMatrix | None = None          # keys, L x d_k
    V: sp.ImmutableMatrix | None = None          # values, L x d_v; None: symbols v_<token>
    d_k: sp.Expr | None = None                   # scale; None: the width of K
    digits: int = 4                              # decimal places of the numeric level
    lang: str = "zh"                             # narration language (a spec without one: its tokens' and title's)
    titles: tuple[tuple[str, str], ...] = ()     # (lang, title) overrides of the default title
    topic: str = "attention"                     # which derivation ("attention", "mask", …)
    claimed: tuple[tuple[str, sp.ImmutableMatrix, int], ...] = ()  # (step id, values, decimals)
    options: tuple[tuple[str, object], ...] = field(default=())     # topic-specific settings
    notation: tuple[tuple[str, str], ...] = ()   # (step id, LaTeX name), e.g. ("scores", r"\text{Scores}")
    notation_words: tuple[tuple[str, str], ...] = ()  # (step id, the name as plain text writes it)
    steps: tuple[str, ...] = ()                  # step ids to show, in this order; () is all
    levels: tuple[str, ...] = ()                 # levels to show (see LEVELS); () is all
    source: str | None = None                    # file name, for messages
    token_names: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (lang, tokens) when each language has its own

    def option(self, key: str, default=None):
        return dict(self.options).get(key, default)

    def in_language(self, lang: str) -> "AttentionSpec":
        """This spec narrated in ``lang``, with that language's tokens when the spec gives them
        (``tokens = {zh = [...], en = [...]}``); V's symbols v_<token> follow the tokens.

        >>> s = parse_spec('tokens = {zh = ["猫"], en = ["cat"]}\\nQ = [[1]]\\nK = [[1]]\\nlang = "zh"')
        >>> s.tokens, s.in_language("en").tokens, s.in_language("en").lang
        (('猫',), ('cat',), 'en')
        """
        from dataclasses import replace
        tokens = dict(self.token_names).get(lang, self.tokens)
        return replace(self, lang=lang, tokens=tokens)

    @property
    def title(self) -> str | None:
        """The title given for this spec's language, if any."""
        return dict(self.titles).get(self.lang)

    def heading(self, zh: str, en: str) -> Text:
        """The document title: the spec's own where it gives one, else the defaults.

        A user's title is kept as written in every language (a translated default
        wrapped around it would misquote it); ``title = {zh = "…", en = "…"}`` gives one per language.

        >>> parse_spec('title = "the cat sat"\\nQ = [[1]]\\nK = [[1]]').heading("默认", "Default")
        Text(zh='the cat sat', en='the cat sat')
        """
        given = dict(self.titles)
        if not given:
            return Text(zh, en)
        return Text(given.get("zh", given.get("en")), given.get("en", given.get("zh")))


def load_spec(path: str | Path) -> AttentionSpec:
    """Read a TOML spec file.  Every problem is a :class:`SymattnError` naming the file, and the
    line of the entry it is about."""
    from .io import read_text
    name = str(path)
    text = read_text(path, limit="MAX_SPEC_BYTES")
    try:
        return parse_spec(text, source=name)
    except SymattnError as exc:
        raise with_line(exc, text) from None


def with_line(exc: SymattnError, text: str) -> SymattnError:
    """``exc`` with the TOML line of its entry filled in, when it names one that ``text`` holds."""
    if exc.line or not exc.entry:
        return exc
    return exc.located(line=line_of(text, exc.entry))


_ENTRY = re.compile(r"^(?P<path>[A-Za-z_][\w.]*?)(?:\[(?P<row>\d+)(?:,\s*\d+)?\])?$")


def line_of(text: str, entry: str) -> int | None:
    """The 1-based line of a spec's entry: ``K``, ``Q[2,3]`` (the line of row 2), ``claimed.weights``
    (in a ``[claimed]`` table), ``tokens.en``; None when the text does not hold it.

    >>> text = 'tokens = ["a", "b"]\\nQ = [[1, 0],\\n     [0, 1]]\\n[claimed]\\nweights = [[1]]\\n'
    >>> [line_of(text, e) for e in ("tokens", "Q", "Q[2,1]", "claimed.weights", "tokens.en", "K")]
    [1, 2, 3, 5, 1, None]
    """
    m = _ENTRY.match(entry.strip())
    if not m:
        return None
    lines = text.split("\n")
    table, found = "", None
    keys = m.group("path").split(".")
    for n, line in enumerate(lines, 1):
        head = re.match(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
        if head:
            table = head.group(1).strip()
            full = [k.strip().strip('"') for k in table.split(".")]
        else:
            key = re.match(r"^\s*([\w\-\"]+(?:\s*\.\s*[\w\-\"]+)*)\s*=", line)
            if not key:
                continue
            full = [k.strip().strip('"') for k in (table.split(".") if table else []) + key.group(1).split(".")]
        depth = next((k for k in range(len(keys), 0, -1) if full == keys[:k]), None)
        if depth is not None and (found is None or depth > found[1]):
            found = (n, depth)
    if found is None:
        return None
    if m.group("row"):
        return _row_line(lines, found[0], int(m.group("row"))) or found[0]
    return found[0]


def _row_line(lines: list[str], start: int, row: int) -> int | None:
    """The line where row ``row`` (from 1) of the array assigned on line ``start`` opens."""
    depth, seen = 0, 0
    for n in range(start, len(lines) + 1):
        text = lines[n - 1] if n > start else lines[n - 1].split("=", 1)[1]
        for c in text.split("#")[0]:
            if c == "[":
                depth += 1
                if depth == 2:
                    seen += 1
                    if seen == row:
                        return n
            elif c == "]":
                depth -= 1
                if depth == 0:
                    return None
    return None


def parse_spec(text: str, *, source: str | None = None) -> AttentionSpec:
    """Parse TOML text.

    >>> s = parse_spec('tokens = ["a", "b"]\\nQ = [[1, 0], [0, 1]]\\nK = [[1, 0.5], [0, 1]]')
    >>> s.K
    Matrix([
    [1, 1/2],
    [0,   1]])
    """
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        line = None
        msg = str(exc)
        if "(at line " in msg:
            try:
                line = int(msg.split("(at line ")[1].split(",")[0])
            except ValueError:
                line = None
        raise SymattnError(f"invalid TOML: {msg.split(' (at line')[0]}", file=source, line=line) from None
    return spec_from_dict(data, source=source)


def spec_from_dict(data: dict, *, source: str | None = None) -> AttentionSpec:
    """A spec from the table a TOML file holds (numbers may also be ``Fraction`` s).

    >>> spec_from_dict({"Q": [[1]], "K": [[Fraction(1, 3)]]}).K
    Matrix([[1/3]])
    """
    try:
        _prescan(data)
        with limits.time_limit("reading the spec", "MAX_SPEC_SECONDS"):
            return _from_dict(data, source)
    except SymattnError as exc:
        raise exc.located(file=source) from None


def _prescan(data: dict) -> None:
    """Sizes from the raw lists, before a single entry is parsed."""
    tokens = data.get("tokens")
    if isinstance(tokens, dict):  # one list per language
        tokens = next((v for v in tokens.values() if isinstance(v, list)), None)
    if isinstance(tokens, list):
        limits.check_tokens(len(tokens))
    widths = {}
    for key in MATRIX_KEYS:
        value = data.get(key)
        if isinstance(value, list) and value:
            width = len(value[0]) if isinstance(value[0], list) else 1
            limits.check_matrix(len(value), width, key)
            widths[key] = (len(value), width)
    rows = len(tokens) if isinstance(tokens, list) else next((r for r, _ in widths.values()), 0)
    width = (widths.get("V") or widths.get("W_V") or (0, 1))[1]
    if rows:
        limits.check_terms(rows, width)


def _from_dict(data: dict, source: str | None) -> AttentionSpec:
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise SymattnError(f"unknown key(s) {', '.join(unknown)}; known keys are "
                           f"{', '.join(sorted(_KNOWN))}", entry=unknown[0])
    topic = data.get("topic", "attention")
    if not isinstance(topic, str):
        raise SymattnError("topic must be a string", entry="topic")
    mats = {k: _matrix(data[k], k) for k in MATRIX_KEYS if k in data}
    lang = data.get("lang") or _language_of(data)
    if lang not in ("zh", "en"):
        raise SymattnError("lang must be 'zh' or 'en'", entry="lang")
    names = _token_names(data.get("tokens"), "tokens" in data, mats)
    tokens = dict(names).get(lang) or names[0][1]
    mats = {k: _resolve_symbolic(v, k, tokens, data) for k, v in mats.items()}
    digits = data.get("digits", 4)
    if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= limits.MAX_DIGITS:
        raise SymattnError(f"digits must be a whole number from 0 to {limits.MAX_DIGITS}", entry="digits")
    titles = _titles(data.get("title"), lang)
    d_k = None
    if "d_k" in data:
        d_k = entry_value(data["d_k"], "d_k")
        if d_k.free_symbols or not (d_k.is_positive is True):
            raise SymattnError("d_k must be a positive number", entry="d_k")
    claimed = []
    raw_claimed = data.get("claimed", {})
    if not isinstance(raw_claimed, dict):
        raise SymattnError("claimed must be a table of step id = matrix", entry="claimed")
    for step_id, value in raw_claimed.items():
        m = _matrix(value, f"claimed.{step_id}")
        if m is SYMBOLIC or m.free_symbols:
            raise SymattnError("claimed values must be numbers", entry=f"claimed.{step_id}")
        claimed.append((step_id, m, _decimals(value)))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SymattnError("options must be a table", entry="options")
    notation = _notation(data.get("notation", {}))
    words = tuple((key, _name_words(data["notation"][key])) for key, _ in notation)
    steps = _names_list(data.get("steps"), "steps")
    levels = _names_list(data.get("levels"), "levels")
    bad = [v for v in levels if v not in LEVELS]
    if bad:
        raise SymattnError(f"unknown level {bad[0]!r}; levels are {', '.join(LEVELS)}", entry="levels")
    _check_scores(mats, d_k)
    width = next((m.cols for m in (mats.get("V"), mats.get("W_V")) if isinstance(m, sp.MatrixBase)), 1)
    limits.check_terms(len(tokens), width)
    return AttentionSpec(tokens=tokens, token_names=names if len(names) > 1 else (), d_k=d_k, digits=digits,
                         lang=lang, titles=titles, topic=topic,
                         claimed=tuple(claimed), options=tuple(sorted(options.items())),
                         notation=notation, notation_words=words, steps=steps, levels=levels, source=source, **mats)


def _language_of(data: dict) -> str:
    """``lang`` left out: zh when the tokens or the title hold a CJK character, else en.

    >>> _language_of({"tokens": ["我", "爱"]}), _language_of({"tokens": ["the", "cat"], "title": "Cats"})
    ('zh', 'en')
    >>> _language_of({"tokens": {"zh": ["猫"], "en": ["cat"]}}), _language_of({"title": {"en": "A 猫"}})
    ('zh', 'zh')
    """
    def texts(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, (list, dict)):
            for v in (value.values() if isinstance(value, dict) else value):
                yield from texts(v)
    return "zh" if any(_is_cjk(c) for key in ("tokens", "title") for s in texts(data.get(key)) for c in s) else "en"


def _is_cjk(c: str) -> bool:
    """Han, kana or Hangul: text whose narration symattn has in Chinese, not English."""
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xAC00 <= o <= 0xD7AF \
        or 0x20000 <= o <= 0x3FFFF


def _token_names(value, given: bool, mats) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``tokens = [...]``, or one list per language (``tokens = {zh = [...], en = [...]}``, as many tokens
    each): ((lang, tokens), ...), sorted by language; ("", tokens) when the list serves every language."""
    if isinstance(value, dict):
        if not value or set(value) - {"zh", "en"}:
            raise SymattnError("tokens must be a list of strings, or a table of zh and en lists", entry="tokens")
        names = tuple((lang, _tokens(value[lang], True, mats, f"tokens.{lang}")) for lang in sorted(value))
        if len({len(t) for _, t in names}) > 1:
            raise SymattnError("tokens.zh and tokens.en must name as many tokens", entry="tokens")
        return names
    return (("", _tokens(value, given, mats, "tokens")),)


def _tokens(tokens, given: bool, mats, where: str) -> tuple[str, ...]:
    if tokens is None:
        n = _rows_hint(mats)
        tokens = [str(i + 1) for i in range(n)] if n else []
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise SymattnError("tokens must be a list of strings", entry=where)
    tokens = tuple(tokens)
    if not tokens and given:  # left out is fine (topics without a sequence)
        raise SymattnError("tokens must not be empty", entry=where)
    if any(not t.strip() for t in tokens):
        raise SymattnError("tokens must not be empty strings", entry=where)
    for i, t in enumerate(tokens):
        limits.check_token(t, f"{where}[{i + 1}]")
    if len(set(tokens)) != len(tokens):
        raise SymattnError("tokens must be distinct", entry=where)
    limits.check_tokens(len(tokens))
    return tokens


def _names_list(value, key: str) -> tuple[str, ...]:
    """``steps`` or ``levels``: a non-empty list of distinct strings."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise SymattnError(f"{key} must be a non-empty list of strings", entry=key)
    if len(set(value)) != len(value):
        raise SymattnError(f"{key} lists {next(v for v in value if value.count(v) > 1)!r} twice", entry=key)
    return tuple(value)


def _notation(value) -> tuple[tuple[str, str], ...]:
    """``[notation]``: step id -> the author's name, as checked LaTeX."""
    if not isinstance(value, dict):
        raise SymattnError("notation must be a table of step id = name", entry="notation")
    return tuple((key, notation_latex(name, f"notation.{key}")) for key, name in sorted(value.items()))


def _name_words(name: str) -> str:
    """A checked name for plain text: the author's words, or their formula as they wrote it."""
    return _unwrapped(name.strip())


def _unwrapped(name: str) -> str:
    """``$x$`` as ``x``: a name may be written as one inline formula."""
    from .markup import Math, Text
    pieces = Text.parse(name).pieces
    if len(pieces) == 1 and isinstance(pieces[0], Math) and not pieces[0].display:
        return pieces[0].source.strip()
    return name


_MATH_NAME = re.compile(r"[A-Za-z]|.*[\\$^_].*")  # a letter, or a formula; words are text


def notation_latex(name, where: str = "notation") -> str:
    r"""A name for a quantity as LaTeX math: ``\text{...}`` and other maths notation pass the
    title allow-list (no TeX file or macro commands); a word or phrase is set as text.

    >>> notation_latex(r"\text{Scores}"), notation_latex("S"), notation_latex("注意力权重")
    ('\\text{Scores}', 'S', '\\text{注意力权重}')
    >>> notation_latex(r"\input{x}")
    Traceback (most recent call last):
    ...
    symattn.errors.SymattnError: notation: \input is not one of the maths commands allowed in a name
    """
    from .escape import check_math
    from .printing import text_label
    if not isinstance(name, str) or not name.strip():
        raise SymattnError("a name must be a non-empty string", entry=where)
    top = limits.MAX_TOKEN_CHARS
    if len(name) > top:
        raise SymattnError(f"a name of {len(name)} characters is over the limit of {top} "
                           "(set SYMATTN_MAX_TOKEN_CHARS to raise it)", entry=where)
    if any(not ch.isprintable() for ch in name):
        raise SymattnError("a name must be one line of printable text", entry=where)
    name = name.strip()
    if _MATH_NAME.fullmatch(name):
        math = _unwrapped(name)
        if "$" in math or not math:
            raise SymattnError("a name is one formula: write it without $ signs, or as $...$", entry=where)
        try:
            check_math(math, where)
        except SymattnError as exc:
            raise SymattnError(exc.message.replace("in a title", "in a name"), entry=where) from None
        return math
    return text_label(name)


def _titles(value, lang: str) -> tuple[tuple[str, str], ...]:
    """``title = "..."`` (in the spec's language) or ``title = {zh = "...", en = "..."}``."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = {lang: value}
    if not isinstance(value, dict) or not value or set(value) - {"zh", "en"} \
            or not all(isinstance(v, str) for v in value.values()):
        raise SymattnError("title must be a string or a table of zh and en strings", entry="title")
    for v in value.values():
        _check_title(v)
    return tuple(sorted(value.items()))


def _check_title(title: str) -> None:
    """The title's $math$ goes verbatim into .tex output: it must pass the allow-list and the
    grammar of spec entries (:func:`symattn.escape.check_title`); the rest is escaped text."""
    from .escape import check_title
    check_title(title)


def _rows_hint(mats) -> int:
    for k in ("X", "Q", "K", "V"):
        m = mats.get(k)
        if isinstance(m, sp.MatrixBase):
            return m.rows
    return 0


def entry_value(value, where: str) -> sp.Expr:
    """One spec entry as an exact SymPy number.

    >>> entry_value(Decimal("0.45"), "x")
    9/20
    """
    if isinstance(value, bool):
        raise SymattnError("expected a number, got a boolean", entry=where)
    if isinstance(value, int):
        limits.check_integer(value, where)
        return sp.Integer(value)
    if isinstance(value, Fraction):  # from the Python API: exact already
        limits.check_integer(value.numerator, where)
        limits.check_integer(value.denominator, where)
        return sp.Rational(value.numerator, value.denominator)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise SymattnError("expected a finite number, got " + str(value), entry=where)
        n = limits.MAX_INTEGER_DIGITS
        if abs(value.as_tuple().exponent) > n or value.adjusted() > n:
            raise SymattnError(f"number too large or too precise (limit: {n} digits; "
                               "set SYMATTN_MAX_INTEGER_DIGITS to raise it)", entry=where)
        f = Fraction(value)
        return sp.Rational(f.numerator, f.denominator)
    if isinstance(value, str):
        from .latex_input import parse_scalar  # lazy: latex2sympy2 is slow to import
        try:
            result = parse_scalar(value)
        except SymattnError as exc:
            raise exc.located(entry=where) from None
        _check_digits(result, where)
        return result
    raise SymattnError(f"expected a number or a LaTeX string, got {type(value).__name__}", entry=where)


def _matrix(value, name: str):
    if isinstance(value, str):
        if value.strip() == SYMBOLIC:
            return SYMBOLIC
        from .latex_input import parse_matrix
        try:
            m = parse_matrix(value)
        except SymattnError as exc:
            raise SymattnError(exc.message, entry=name + (exc.entry or "")) from None
        limits.check_matrix(m.rows, m.cols, name)
        for i, j in ((i, j) for i in range(m.rows) for j in range(m.cols)):
            _check_digits(m[i, j], f"{name}[{i + 1},{j + 1}]")
        _check_symbols(m, name)
        return m
    if not isinstance(value, list) or not value:
        raise SymattnError("expected a non-empty list of rows, a bmatrix string or \"symbolic\"",
                           entry=name)
    if all(not isinstance(r, list) for r in value):
        value = [[v] for v in value]  # a column written as a flat list
    if not all(isinstance(r, list) for r in value):
        raise SymattnError("mixes rows and single entries", entry=name)
    width = len(value[0])
    limits.check_matrix(len(value), width, name)
    rows = []
    for i, r in enumerate(value):
        if len(r) != width:
            raise SymattnError(f"row {i + 1} has {len(r)} entries, row 1 has {width}", entry=name)
        if not r:
            raise SymattnError("empty row", entry=name)
        rows.append([entry_value(v, f"{name}[{i + 1},{j + 1}]") for j, v in enumerate(r)])
    m = sp.ImmutableMatrix(rows)
    _check_symbols(m, name)
    return m


def _check_symbols(m, name: str) -> None:
    """Symbols make every later product symbolic: keep such matrices small (V only in width)."""
    if m.free_symbols:
        rows = 1 if name in ("V", "W_V") else m.rows
        limits.check_symbolic(rows, m.cols, name)


def _check_digits(value: sp.Expr, where: str) -> None:
    """Every exact number in an entry stays within the digit limit (2^{4096} is refused)."""
    for r in value.atoms(sp.Rational):
        limits.check_integer(r.p, where)
        limits.check_integer(r.q, where)


def _check_scores(mats, d_k) -> None:
    """Bound |Q K^T / sqrt(d_k)| from the inputs, before any product: e^{score} of a
    huge score has no useful decimals and can take minutes to print."""
    def largest(m):
        best = sp.Integer(0)
        for e in set(m):
            if e.free_symbols:
                continue  # symbolic entries have no numeric level
            a = abs(e)
            if not a.is_Rational:
                with limits.time_limit(f"bounding the scores ({e})"):  # evalf counts against the budget too
                    a = sp.N(a, 5)
                if not a.is_Number:
                    continue
            best = max(best, a)
        return best

    def side(name):
        m = mats.get(name)
        if isinstance(m, sp.MatrixBase):
            return largest(m), m.cols
        X, W = mats.get("X"), mats.get("W_" + name)
        if isinstance(X, sp.MatrixBase) and isinstance(W, sp.MatrixBase):
            return largest(X) * X.cols * largest(W), W.cols
        return None

    q, k = side("Q"), side("K")
    if q is None or k is None:
        return
    width = max(q[1], k[1])
    scale = sp.sqrt(d_k) if d_k is not None and d_k.is_number else sp.sqrt(width)
    bound = sp.N(width * q[0] * k[0] / scale, 5)
    if bound.is_Number:
        limits.check_score(bound, "Q K^T")


def _decimals(value) -> int:
    """The most decimal places printed in a claimed matrix (0.45 → 2)."""
    best = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, Decimal):
            best = max(best, -v.as_tuple().exponent)
    return best


def _resolve_symbolic(value, name: str, tokens, data):
    if value is not SYMBOLIC:
        return value
    L = len(tokens)
    if name == "V":
        return None  # rows v_<token>, built by the pipeline
    if name in ("Q", "K"):
        d = data.get("d_k")
        if not isinstance(d, int) or isinstance(d, bool) or d <= 0:
            raise SymattnError("a symbolic Q or K needs an integer d_k for its width", entry=name)
        limits.check_symbolic(L, d, name)
        letter = name.lower()
        return sp.ImmutableMatrix(L, d, lambda i, j: sp.Symbol(f"{letter}_{{{i + 1}{j + 1}}}"))
    raise SymattnError("only Q, K and V can be \"symbolic\"", entry=name)


def base_option(spec):
    """``options.base`` of a spec (10000 by default): a positive rational number, else a located error."""
    base = spec.option("base", 10000)
    try:
        base = entry_value(base, "options.base")
    except SymattnError as exc:
        raise exc.located(entry="options.base") from None
    if not (base.is_Rational and base > 0):
        raise SymattnError("must be a positive number", entry="options.base")
    return base
