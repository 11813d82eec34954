r"""Inputs an article gives in its code: arrays a code block assigns to an input's name, evaluated as
data (:mod:`symattn.check.pycode`: a whitelisted reading over ``ast``, nothing is run).

Input: the :class:`~symattn.check.document.Document`.  Output: :class:`CodeGiven` items, each an
input (``X``, ``W_Q``, …, ``Q``, ``K``, ``V``, or scores the code sets itself) with its exact value and the line
that assigns it (a plain ``name = …`` statement; the block's first line when none is written so).  The blocks of one article are one program: a later block sees what earlier
ones defined, so ``X = np.array([embeddings[w] for w in sentence])`` after a dict of embeddings is
the matrix it builds.  A name is reported again only when a block changes its value.

>>> from symattn.check.document import Document
>>> text = "```python\nimport numpy as np\nX = np.array([[1.0, 0.5], [0.0, 1.0]])\nK = X\n```\n"
>>> [(g.line, g.step, g.name, g.block.matrix().tolist()) for g in code_givens(Document.of(text))]
[(3, 'X', 'X', [[1, 1/2], [0, 1]]), (4, 'K', 'K', [[1, 1/2], [0, 1]])]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import numpy as np
import sympy as sp

from ... import limits
from .. import numerals, pycode
from ..numerals import NUMBER
from ..document import Document
from ..names import by_name
from ..outputs import output_caption
from ..read import Block, Entry
from .graph import INPUTS

__all__ = ["CodeGiven", "code_givens", "code_prints"]

_CODE_LANGS = ("python", "py", "python3", "ipython", "ipython3", "pycon", "")


@dataclass(frozen=True)
class CodeGiven:
    line: int        # the line that assigns it (the code block's first line if none does plainly)
    step: str        # the input it gives
    name: str        # the variable, as written
    block: Block     # its value, as a block of exact entries


_PROGRAMS: "WeakKeyDictionary[Document, list]" = WeakKeyDictionary()


def programs(doc: Document) -> list:
    """(fence, Program) for each code fence, in order: the article's code as one program (a later
    fence sees what earlier ones defined), evaluated once per document."""
    got = _PROGRAMS.get(doc)
    if got is None:
        got, program = [], None
        for fence in doc.fences:
            if fence.output or fence.lang not in _CODE_LANGS:
                continue
            source = "\n".join(doc.lines[n - 1] for n in fence.body)
            program = pycode.evaluate(source, line_offset=fence.first, given=program)
            got.append((fence, program))
        _PROGRAMS[doc] = got
    return got


def code_givens(doc: Document) -> list[CodeGiven]:
    out: list[CodeGiven] = []
    seen: dict[str, tuple] = {}
    for fence, program in programs(doc):
        for name, value in program.values.items():
            step = by_name(name)
            if step not in INPUTS + ("scores", "scaled"):
                continue
            rows = _rows(value)
            if rows is None or seen.get(name) == rows:
                continue
            seen[name] = rows
            line = _assigned_at(doc, fence, name)
            if step not in INPUTS and not _data(doc.lines[line - 1], name):
                continue   # scores the code computes (Q @ K.T) are a step, not data it sets
            entries = tuple(tuple(Entry(_written(x), x, 0, line=line) for x in r) for r in rows)
            block = Block(entries, line, fence.last, (f"{name} =",), "code", f"{name} = …")
            out.append(CodeGiven(line, step, name, block))
    return out


def _written(x: sp.Rational) -> str:
    """A number of the code as its literal writes it: 3.54 for 177/50 (a decimal that ends), else p/q."""
    k = numerals.decimals_of(x)
    if k is None:
        return str(x)
    digits = str(abs(x.p) * (10 ** k // x.q)).rjust(k + 1, "0")
    return ("-" if x < 0 else "") + (digits[:-k] + "." + digits[-k:] if k else digits)


def _assigned_at(doc: Document, fence, name: str) -> int:
    """The line of the block's last statement that assigns ``name`` (the block's first line if
    none is written plainly)."""
    assign = re.compile(rf"^\s*(?:[A-Za-z_]\w*\s*=\s*)*{re.escape(name)}\s*(?::[^=]*)?=(?!=)")
    hits = [n for n in fence.body if assign.match(doc.lines[n - 1])]
    return hits[-1] if hits else fence.first


def _rows(value) -> tuple | None:
    """The value as rows of exact rational numbers (a vector is one row; a batch whose examples are
    all the same, that example), or None."""
    arr = np.asarray(value.array, dtype=object)
    while arr.ndim > 2 and len(arr) and all(np.array_equal(a, arr[0]) for a in arr[1:]):
        arr = arr[0]   # a batch of one example, or of copies of it: that example
    if arr.ndim == 1:
        arr = arr.reshape(1, -1)
    if arr.ndim != 2 or arr.size < 2 or arr.size > limits.CHECK_MAX_BLOCK_ENTRIES:
        return None
    rows = []
    for r in arr:
        row = []
        for x in r:
            x = x if isinstance(x, sp.Basic) else sp.Rational(x) if isinstance(x, int) else x   # pycode's values are SymPy numbers
            if not isinstance(x, sp.Basic):
                return None
            if not (x.is_Rational):
                return None
            row.append(x)
        rows.append(tuple(row))
    return tuple(rows)


#: the names data may be written with: ``np.array([[1.2, 3.8]], dtype=np.float32)``, ``-np.inf``
_DATA_NAMES = {"np", "numpy", "torch", "tf", "jnp", "array", "tensor", "Tensor", "asarray", "constant",
               "dtype", "float", "float32", "float64", "inf"}


def _data(text: str, name: str) -> bool:
    """Does ``text`` assign ``name`` literal data (numbers in an array), not a computation?"""
    m = re.search(rf"(?<![\w.]){re.escape(name)}\s*=(?!=)(.*)", text)
    if not m:
        return False
    rhs = m.group(1).split("#")[0]
    return set(re.findall(r"[A-Za-z_]\w*", rhs)) <= _DATA_NAMES



# --- what the code prints ---------------------------------------------------------------------------

@dataclass(frozen=True)
class CodePrint:
    block: Block               # the output that shows it
    value: sp.ImmutableMatrix  # what the code computes, exactly
    expr: str                  # the printed expression, as written
    line: int                  # the line that prints it
    single: bool               # computed in single precision (torch and TensorFlow unless stated)


#: a statement that prints: an unknown value there leaves a hole in the output
_PRINTING = re.compile(r"(?<![\w.])(?:print|display)\s*\(")


def code_prints(doc: Document, blocks, comments: bool = False) -> list[CodePrint]:
    """Each array the article's code prints, paired with the block of its output: the blocks right
    after the code fence (in an output fence, or in the lines that follow it), taken in the order the
    program prints.  A print with a label (``print("weights:", w)``) pairs with the block its label
    stands before; one without pairs with the next block only while nothing printed before it in the
    same fence was left unknown (its output would shift the rest).  The shapes must agree.
    ``comments``: the arrays its comments state instead (:func:`_commented`)."""
    out: list[CodePrint] = []
    replaced = _replaced_prints(doc)
    if comments:
        return _commented(doc, blocks, replaced)
    for fence, program in programs(doc):
        # (a print in a function shows its output after the fence that called it)
        shown = [p for p in program.prints if fence.first < (p.called_at or p.line) < fence.last + 1
                 and p.line not in replaced]
        if not shown:
            continue
        here = []
        for zone in (_output_zone(doc, fence), _labelled_output(doc, fence, shown)):
            here = here or sorted((b for b in blocks if zone and zone[0] <= b.line and b.end <= zone[1] and not b.index),
                                  key=lambda b: (b.line, b.span or (0, 0)))
        if not here:
            out += _past_prose(doc, fence, shown, blocks)
            continue
        holes = any(fence.first < ln <= fence.last and _PRINTING.search(doc.lines[ln - 1])
                    for ln, _ in program.unknown)
        out += _pair(shown, here, holes)
    return out + _quoted(doc, blocks)


def _commented(doc: Document, blocks, replaced: set[int]) -> list[CodePrint]:
    """Each array a comment states the value of (``keys = np.dot(x, w_k)  # [[0,1,1],[4,0,0]]``,
    or comment lines under a print): a claim about what the statement computes, paired with the
    block read inside the comment, of the value's shape."""
    out: list[CodePrint] = []
    seen: set[int] = set()
    for fence, program in programs(doc):
        for c in program.comments:
            if c.line in seen or not fence.first < c.line <= fence.last or c.line in replaced:
                continue
            seen.add(c.line)
            scalar = c.value.shape in ((), (1,), (1, 1))
            shape = (1, 1) if scalar else _shape(c.value)
            value = _exact(c.value) if shape is not None else None
            if value is None:
                continue
            hash_at = {ln: col for ln, col, _ in c.spans}
            inside = [b for b in blocks if not b.index and b.shape == shape and
                      all(e.line in hash_at and e.pos >= 0 and doc.column(e.pos) > hash_at[e.line]
                          for r in b.rows for e in r)]
            expr = doc.lines[c.line - 1].split("#")[0].strip()
            if not inside and shape == (1, 1) and not _names_another(expr, c.spans, doc):
                inside = _lone_number(doc, c.spans)
            if len(inside) == 1:
                out.append(CodePrint(inside[0], value, expr, c.line, _single(c.value)))
    return out


#: an array of the article's program indexed in the prose, then its values: ``probs[0, :, 2] = [..]``,
#: ``w[1]: [..]`` (indices, slices and commas only: nothing in it is called)
_INDEXED = r"(?<![\w.])(?P<expr>(?P<name>[A-Za-z_]\w*)(?:\[\s*[-\d:,\s]+\])+)\s*(?:=|:|≈)"
_QUOTED = re.compile(_INDEXED + r"\s*$")


def _quoted(doc: Document, blocks) -> list[CodePrint]:
    """Each block that the prose (or a plain fence) writes as the value of an indexed array of the
    article's program (``步骤 5: probs[0, :, 1] = [0.225, 0.303, …]``, after ``probs = F.softmax(inputs,
    dim=1)`` in the code): a claim about that slice, as the program computes it at that line.  The
    blocks inside code are the program's own (:func:`_commented`, :func:`code_prints`)."""
    out: list[CodePrint] = []
    runs = programs(doc)
    if not runs:
        return out
    code = {n for fence, _ in runs for n in fence.body}
    numbers = _quoted_numbers(doc, code)
    single = {id(n) for n in numbers}
    for b in [b for b in blocks if b.line not in code and not b.index and b.span is not None] + numbers:
        # (a number's block keeps the indexed name it was found after, past the chain's operands)
        m = _QUOTED.search(b.before if id(b) in single else doc.text[doc.starts[b.line - 1]:b.span[0]])
        known = [prog for fence, prog in runs if fence.last < b.line]
        if m is None or not known or m.group("name") not in known[-1].values:
            continue
        got = pycode.evaluate(f"__quoted__ = {m.group('expr')}", given=known[-1]).values.get("__quoted__")
        scalar = got is not None and got.shape in ((), (1,), (1, 1))
        shape = (1, 1) if scalar else _shape(got) if got is not None else None
        value = _exact(got) if shape is not None and shape == b.shape else None
        if value is not None:
            # (the line the code last assigns the array on, before this one)
            fence = [f for f, prog in runs if f.last < b.line and m.group("name") in prog.values and
                     _assigned_at(doc, f, m.group("name")) != f.first][-1:]
            at = _assigned_at(doc, fence[0], m.group("name")) if fence else b.line
            out.append(CodePrint(b, value, m.group("expr"), at, _single(got)))
    return out


def _quoted_numbers(doc: Document, code: set[int]) -> list[Block]:
    """The single numbers the prose gives an indexed array (``probs[1, 2, 0] = 0.254``), as blocks
    of one entry (the reader's blocks are arrays)."""
    out = []
    for ln, line in enumerate(doc.lines, 1):
        if ln in code or "[" not in line:
            continue
        for m in re.finditer(_INDEXED, line):
            # (the chain's last side: ``probs[0] = 2.718 / 30.193 = 0.0900`` gives probs[0] 0.0900)
            chain = re.split(r"[;；。]|,\s|\s[^\W\d]{3,}", line[m.end():])[0]
            last = re.split(r"=|≈", chain)[-1]
            num = re.fullmatch(rf"\s*(?P<num>[-−]?{NUMBER})\s*[.,]?\s*", last)
            number = numerals.read(num.group("num").replace("−", "-")) if num else None
            if number is None or number.places is None:
                continue
            pos = doc.starts[ln - 1] + m.end() + len(chain) - len(last) + num.start("num")
            out.append(_one_entry(doc, ln, pos, num.group("num"), number, before=m.group(0)))
    return out


def _one_entry(doc: Document, ln: int, pos: int, text: str, number, before: str = "") -> Block:
    """A block of the one number ``text`` printed at ``pos`` on line ``ln``."""
    return Block(((Entry.at(number, ln, pos),),), ln, ln, (), "list", " ".join(doc.lines[ln - 1].split())[:160],
                 span=(pos, pos + len(text)), before=before)


#: a comment that sets a name: ``# dtype_bytes=2``
_SETS = re.compile(r"^\s*([A-Za-z_]\w*)\s*=(?!=)")


def _names_another(expr: str, spans, doc: Document) -> bool:
    """Does the comment give another name its value (``per_token = 2 * h * d * L * 2  # dtype_bytes=2``:
    a note on the factor 2, not the value of per_token)?  A name the statement assigns or prints is its own."""
    if len(spans) != 1:
        return False
    ln, col, end = spans[0]
    m = _SETS.match(doc.lines[ln - 1][col + 1:end])
    return m is not None and not re.search(rf"(?<![\w.]){re.escape(m.group(1))}(?!\w)", expr)


#: a comment that states one number as an output: ``# 输出: 11.212``, ``# -> 0.65``, ``# 0.65``
_STATED = re.compile(rf"^\s*(?:[^\d\s#][^\d#]{{0,24}}?(?:[:：=]|->|→)\s*)?(?P<num>[-−]?{NUMBER})\s*$")


def _lone_number(doc: Document, spans) -> list[Block]:
    """The one number a comment states as the value of a scalar, as a block of one entry (the blocks
    the reader finds are arrays); none where its comment says anything else (``# step 1``)."""
    if len(spans) != 1:
        return []
    ln, col, end = spans[0]
    text = doc.lines[ln - 1][col + 1:end]
    m = _STATED.match(text)
    number = numerals.read(m.group("num").replace("−", "-")) if m else None
    if number is None or number.places is None:
        return []
    pos = doc.starts[ln - 1] + col + 1 + m.start("num")
    return [_one_entry(doc, ln, pos, m.group("num"), number)]


def _replaced_prints(doc: Document) -> set[int]:
    """The lines of prints whose value rests on data the code writes over a computed value
    (``w = softmax(s)``, then ``w = [[0.0, 0.5, 0.5], ...]`` "for readability"): the program prints
    the author's numbers, not the quantity, so the code is no witness for them.  Data over a value
    computed in an earlier fence is such a rewrite only when it is that value again, rounded (same
    shape, every entry within 0.05): other data there is a new example's premise.  A fence that does
    not parse is no witness at all (every print line in it)."""
    out: set[int] = set()
    computed: set[str] = set()   # computed in an earlier fence
    replaced: set[str] = set()
    before = None                # the program as the previous fence left it
    for fence, program in programs(doc):
        source = "\n".join(doc.lines[n - 1] for n in fence.body)
        try:
            tree = pycode.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            out.update(range(fence.first, fence.last + 1))
            before = program
            continue
        here: set[str] = set()   # computed in this fence
        for node in sorted((n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Call))),
                           key=lambda n: (n.lineno, n.col_offset)):
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Name) and node.func.id in ("print", "display") and \
                        _names(node) & replaced:
                    out.add(node.lineno + fence.first)
                continue
            if node.value is None:
                continue
            targets = set().union(*(_names(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])))
            used = _names(node.value) | (targets if isinstance(node, ast.AugAssign) else set())
            if used <= _DATA_NAMES:       # data: an input, or numbers written over a computed value
                for t in targets:
                    if t in here or t in computed and _rounded_again(before, program, t):
                        replaced.add(t)
                    else:
                        replaced.discard(t)   # a new example's premise
            elif used & replaced:
                replaced |= targets
                here |= targets
            else:
                replaced -= targets
                here |= targets
        computed |= here
        before = program
    return out


def _rounded_again(before, after, name: str) -> bool:
    """Is ``name`` at the end of this fence the value an earlier fence left it, rounded?"""
    old = before.values.get(name) if before is not None else None
    new = after.values.get(name)
    if old is None or new is None or old.shape != new.shape:
        return False
    try:
        a = np.asarray(old.array, dtype=float)
        b = np.asarray(new.array, dtype=float)
    except (TypeError, ValueError):
        return False
    return bool(np.all(np.isfinite(a)) and np.all(np.abs(a - b) <= 0.05))


def _names(node) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _output_zone(doc: Document, fence) -> tuple[int, int] | None:
    """The lines that show what a code fence prints: the next fence when only blank lines or an
    output caption stand before it and it holds output (or is unmarked), else the lines right after
    the fence up to the first blank line; None when prose comes first."""
    n, lines = fence.last + 1, doc.lines
    between = []
    while n <= len(lines) and (not lines[n - 1].strip() or (output_caption([lines[n - 1]]) and not between)):
        if lines[n - 1].strip():
            between.append(lines[n - 1])
        n += 1
    if n > len(lines):
        return None
    nxt = next((f for f in doc.fences if f.first == n), None)
    if nxt is not None:
        return (nxt.first + 1, nxt.last) if nxt.output or nxt.lang in ("", "text", "output", "console") else None
    end = n
    while end + 1 <= len(lines) and lines[end].strip() and not any(f.first == end + 1 for f in doc.fences):
        end += 1
    return n, end


def _past_prose(doc: Document, fence, shown, blocks) -> list[CodePrint]:
    """A fence that shows one array (``torch.tril(x, diagonal=-1)`` as a notebook shows its last
    expression), then a sentence or two, then a fence of output: the output is that array's where
    its one block has the array's shape and agrees with it in two thirds of its entries or more (the
    values bind it, as any print binds; a sentence between does not say what the output is)."""
    nxt = next((f for f in doc.fences if f.first > fence.last), None)
    if len(shown) != 1 or nxt is None or not (nxt.output or nxt.lang in ("", "text", "output", "console")):
        return []
    if fence.lang not in ("python", "py", "python3", "ipython", "pycon") or \
            not re.search(r"[A-Za-z_]\w*\s*\(", doc.lines[shown[0].line - 1]):
        return []   # (a fence of notes that only writes an array is no program that shows one)
    prose = [ln for ln in doc.lines[fence.last:nxt.first - 1] if ln.strip()]
    shape = _shape(shown[0].value)
    inside = [b for b in blocks if nxt.first < b.line and b.end < nxt.last and not b.index]
    if not 1 <= len(prose) <= 2 or shape is None or len(inside) != 1 or inside[0].shape != shape:
        return []
    from ..judge import screen_mask
    exact = _exact(shown[0].value)
    if exact is None:
        return []
    with np.errstate(all="ignore"):
        value = np.array(exact.evalf(17).tolist(), dtype=float).reshape(shape)
    agree = screen_mask(inside[0].rows, value)
    if agree is None or agree.mean() < 2 / 3:
        return []
    return _pair(shown, inside, False)


def _labelled_output(doc: Document, fence, shown) -> tuple[int, int] | None:
    """The output fence after a caption in any words (``全部结果``: one short line, no sentence), when it holds
    the labels the fence's prints write (``print(f"attention weights: {w}")`` and a line
    ``attention weights:`` in it): what the program printed, by its own text."""
    labels = {_norm(p.label) for p in shown if _norm(p.label)}
    nxt = next((f for f in doc.fences if f.first > fence.last), None)
    if not labels or nxt is None or not (nxt.output or nxt.lang in ("", "text", "output", "console")):
        return None
    prose = [ln for ln in doc.lines[fence.last:nxt.first - 1] if ln.strip()]
    inside = [_norm(ln) for ln in doc.lines[nxt.first:nxt.last - 1]]
    caption = len(prose) == 1 and len(prose[0].strip()) <= 24 and not re.search(r"[.。!?！？(（]", prose[0].strip()[:-1])
    return (nxt.first + 1, nxt.last) if caption and any(ln.startswith(lb) for ln in inside for lb in labels) else None


def _norm(text: str) -> str:
    return " ".join(text.replace("\\n", " ").split()).casefold().rstrip(":=： ")


def _shape(value) -> tuple[int, int] | None:
    shape = value.shape
    if len(shape) == 1 and shape[0] >= 2:
        return 1, shape[0]
    if len(shape) == 2 and shape[0] * shape[1] >= 2:
        return shape
    return None


def _pair(shown, blocks, holes: bool) -> list[CodePrint]:
    out, k, lost = [], 0, holes
    for p in shown:
        shape = _shape(p.value)
        label = _norm(p.label)
        if shape is None:
            if p.value.shape:   # an array the blocks show some other way: the order is lost
                lost = True
            continue
        if label:
            # (the label as words: "DA Output is:" is not the end of "SDA Output is:")
            said = re.compile(r"(?<!\w)" + re.escape(label) if label[:1].isalnum() else re.escape(label))
            j = next((j for j in range(k, len(blocks)) if said.search(_norm(blocks[j].before + " " + (
                blocks[j].labels[0] if blocks[j].labels else "")))), None)
            if j is None:
                continue
        elif lost or k >= len(blocks):
            continue
        else:
            j = k
        if blocks[j].shape != shape:
            lost = True
            continue
        value = _exact(p.value)
        if value is not None:
            out.append(CodePrint(blocks[j], value, p.text, p.line, _single(p.value)))
        k = j + 1
    return out


def _single(value) -> bool:
    """Was the value computed in single precision (or less): a float32, float16 or bfloat16 dtype,
    or torch's and TensorFlow's default when none is named?"""
    return value.dtype in ("float32", "float16", "bfloat16") or (value.dtype is None and value.library in ("torch", "tf"))


def _exact(value) -> sp.ImmutableMatrix | None:
    """The value as a matrix of real numbers (±∞ for masked entries), or None (booleans, nan)."""
    arr = np.atleast_2d(np.asarray(value.array, dtype=object))
    arr = np.vectorize(lambda x: sp.Integer(x) if isinstance(x, int) and not isinstance(x, bool) else x,
                       otypes=[object])(arr)
    if value.dtype == "bool" or not all(isinstance(x, sp.Basic) and x is not sp.nan and (x.is_real or x.is_infinite)
                                        for x in arr.flat):
        return None
    return sp.ImmutableMatrix(arr.tolist())
