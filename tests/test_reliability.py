"""Issue 18, every reproduced item: each case runs ``python -m symattn`` in a subprocess under
resource limits (60 s of CPU, 2 GB of memory) and must end by itself, with its exit code and
its one-line message.  The limits are a safety net, not a timing assertion: a case that hits
them is killed by a signal, and that is the failure reported."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

CPU_SECONDS, MEMORY = 60, 2 * 1024**3


def _limits(cpu=CPU_SECONDS):
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(argv, *, cwd, env=None, stdout=subprocess.PIPE, shell_tail=None, stdin=subprocess.DEVNULL, cpu=CPU_SECONDS):
    """Run symattn with the limits; returns (exit code, stdout bytes, stderr text)."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("SYMATTN_")}
    full_env.update(env or {})
    cmd = [sys.executable, "-m", "symattn", *argv]
    if shell_tail is not None:  # a redirection only a shell can make (>&-)
        cmd = ["sh", "-c", " ".join(map(_quote, cmd)) + " " + shell_tail]
    proc = subprocess.run(cmd, cwd=cwd, env=full_env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                          preexec_fn=lambda: _limits(cpu), check=False)
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode} (over the CPU or memory limit?)"
    return proc.returncode, proc.stdout or b"", proc.stderr.decode("utf-8", "replace")


def _quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def _mat(rows, cols, value=1):
    return json.dumps([[value] * cols for _ in range(rows)])


def _tokens(n):
    return json.dumps([f"t{i}" for i in range(n)])


def _frac_matrix(rows, cols, digits, seed):
    import random
    rng = random.Random(seed)
    cell = lambda: "'\\frac{%d}{%d}'" % (rng.randrange(10**(digits - 1), 10**digits),
                                          rng.randrange(10**(digits - 1), 10**digits))
    return "[" + ", ".join("[" + ", ".join(cell() for _ in range(cols)) + "]" for _ in range(rows)) + "]"


SMALL = 'tokens = ["a", "b"]\nQ = [[1], [2]]\nK = [[1], [1]]\n'

#: name -> (spec text or None, argv after the command, env, exit code, stderr pattern)
CASES = {
    # user text never becomes TeX
    "title ^^5c input": ('title = "$^^5cinput{/etc/passwd}$"\n' + SMALL, ["derive", "S"], {}, 2, r"title: \^\^"),
    "title ^^5c write18": ('title = "$^^5cimmediate^^5cwrite18{touch pwned}$"\n' + SMALL, ["derive", "S", "-f", "tex"],
                           {}, 2, r"title: \^\^"),
    "title ^^ def loop": ('title = "$^^5cdef^^5cx{^^5cx}^^5cx$"\n' + SMALL, ["derive", "S", "-f", "tex"], {}, 2,
                          r"title: \^\^"),
    "title InputIfFileExists": ("title = '$\\InputIfFileExists{/etc/passwd}{}{}$'\n" + SMALL, ["derive", "S"], {}, 2,
                                r"title: \\InputIfFileExists is not one of the maths commands"),
    "title openin": ("title = '$\\openin1=/etc/passwd$'\n" + SMALL, ["derive", "S"], {}, 2, r"title: \\openin"),
    "title read": ("title = '$\\read16 to \\x$'\n" + SMALL, ["derive", "S"], {}, 2, r"title: \\read"),
    "title x^": ("title = '$x^$'\n" + SMALL, ["derive", "S", "-f", "tex"], {}, 2, r"S:1: title: \$x\^\$: cannot parse"),
    # every computation bounded before it starts
    "why_sqrt_dk samples x d_k": ('topic = "why_sqrt_dk"\nd_k = 4096\n[options]\nsamples = 200000\n', ["derive", "S"],
                                  {}, 2, r"options\.samples: .*SYMATTN_MAX_SAMPLE_WORK"),
    "V e^{10^{10}}": ('tokens = ["a", "b"]\nQ = [[1], [1]]\nK = [[1], [1]]\nV = [["e^{10^{10}}"], [1]]\n',
                      ["derive", "S"], {}, 2, r"V\[1,1\]: exp\(10\*\*10\) would have more than 10000 digits"),
    "Q e^e^e^e^e": ('tokens = ["a", "b"]\nQ = [["e^{e^{e^{e^{e}}}}"], [1]]\nK = [[1], [1]]\n', ["derive", "S"], {}, 2,
                    r"Q\[1,1\]: .*would have more than 10000 digits"),
    "V e^e^e^e^e": ('tokens = ["a", "b"]\nQ = [[1], [1]]\nK = [[1], [1]]\nV = [["e^{e^{e^{e^{e}}}}"], [1]]\n',
                    ["derive", "S"], {}, 2, r"V\[1,1\]: .*digits"),
    "d_k e^e^e^e^e": ('d_k = "e^{e^{e^{e^{e}}}}"\n' + SMALL, ["derive", "S"], {}, 2, r"d_k: .*digits"),
    "W_O e^e^e^e": ('topic = "mha"\ntokens = ["a", "b"]\nQ = [[1, 1], [1, 1]]\nK = [[1, 1], [1, 1]]\n'
                    'V = [[1, 1], [1, 1]]\n[options]\nheads = 2\nW_O = [["e^{e^{e^{e}}}", 1], [1, 1]]\n',
                    ["derive", "S"], {}, 2, r"options\.W_O\[1,1\]: .*digits"),
    "saturation_d_k 2^63-1": ('topic = "softmax_gradient"\n' + SMALL.replace("tokens", "tokens", 1) +
                              "[options]\nsaturation_d_k = 9223372036854775807\n", ["derive", "S"], {}, 2,
                              r"options\.saturation_d_k: 9223372036854775807 is over the limit"),
    "consistency 32x64": (f'topic = "consistency"\ntokens = {_tokens(32)}\nX = {_mat(32, 64)}\nQ = {_mat(32, 64)}\n',
                          ["derive", "S"], {}, 2, r"X: an exact rank .*SYMATTN_MAX_RANK_CELLS"),
    "rope 64x256": (f'topic = "rope"\ntokens = {_tokens(64)}\nQ = {_mat(64, 256)}\nK = {_mat(64, 256)}\n',
                    ["derive", "S"], {}, 2, r"Q: rotating 64x256 .*SYMATTN_MAX_ROPE_CELLS"),
    "gqa 64 heads": (f'topic = "gqa"\ntokens = {_tokens(40)}\nQ = {_mat(40, 256)}\nK = {_mat(40, 256)}\n'
                     f'V = {_mat(40, 256)}\n[options]\nquery_heads = 64\nkv_heads = 64\n', ["derive", "S"], {}, 2,
                     r"SYMATTN_MAX_TERMS"),
    "gqa 64 heads, plot": (f'topic = "gqa"\ntokens = {_tokens(40)}\nQ = {_mat(40, 256)}\nK = {_mat(40, 256)}\n'
                           f'V = {_mat(40, 256)}\n[options]\nquery_heads = 64\nkv_heads = 64\n',
                           ["plot", "S", "-o", "p.png"], {}, 2, r"SYMATTN_MAX_TERMS"),
    "gqa heads counted": (f'topic = "gqa"\ntokens = {_tokens(20)}\nQ = {_mat(20, 64)}\nK = {_mat(20, 64)}\n'
                          f'V = {_mat(20, 64)}\n[options]\nquery_heads = 64\nkv_heads = 64\n', ["derive", "S"], {},
                          2, r"64 heads of 20 tokens .*SYMATTN_MAX_TERMS"),
    "spec of nested powers": ("tokens = " + _tokens(8) + "\nQ = [" + ", ".join(
        ["[" + ", ".join(["'x^{x^{x^{x^{x^{x^{x^{x}}}}}}}'"] * 8) + "]"] * 8) + "]\nK = [[1]]\n",
        ["derive", "S"], {"SYMATTN_MAX_SPEC_SECONDS": "3"}, 2,
        r"reading the spec took longer than the limit of 3 s .*SYMATTN_MAX_SPEC_SECONDS|Q is 8x8 but K is 1x1"),
    "60-digit rationals 8x32": (f"tokens = {_tokens(8)}\nQ = {_frac_matrix(8, 32, 60, 1)}\n"
                                f"K = {_frac_matrix(8, 32, 60, 2)}\n", ["derive", "S", "-o", "out.md"], {}, 0, r"^$"),
    # exit 3 only for real bugs
    "plot token $x^$": ('tokens = ["$x^$", "$\\\\undefinedcommand$"]\nQ = [[1], [2]]\nK = [[1], [1]]\n',
                        ["plot", "S", "-o", "p.png"], {}, 0, r"^$"),
    "SYMATTN_CHECK_SECONDS=abc": (None, ["derive"], {"SYMATTN_CHECK_SECONDS": "abc"}, 2,
                                  r"^symattn: error: SYMATTN_CHECK_SECONDS='abc' is not a number of seconds"),
    "SYMATTN_CHECK_SECONDS=1e-5": (None, ["derive"], {"SYMATTN_CHECK_SECONDS": "1e-5"}, 2,
                                   r"SYMATTN_CHECK_SECONDS='1e-5' is not a number of seconds from 0\.01"),
    "SYMATTN_MAX_DIM=-3": (None, ["derive"], {"SYMATTN_MAX_DIM": "-3"}, 2, r"SYMATTN_MAX_DIM='-3' is not a whole"),
    "SYMATTN_MAX_TERMS=1_000 (tolerant)": (None, ["derive"], {"SYMATTN_MAX_TERMS": " 1_000 "}, 0, r"^$"),
    "PYTHONIOENCODING=ascii derive": (None, ["derive"], {"PYTHONIOENCODING": "ascii"}, 2,
                                      r"standard output uses the ascii encoding.*PYTHONIOENCODING=utf-8"),
    "LC_ALL=C PYTHONUTF8=0 derive": (None, ["derive"], {"LC_ALL": "C", "PYTHONUTF8": "0", "LANG": "C"}, 2,
                                     r"standard output uses the (ascii|ANSI_X3\.4-1968) encoding"),
    "PYTHONIOENCODING=ascii check": (None, ["check", "ART"], {"PYTHONIOENCODING": "ascii"}, 2,
                                     r"standard output uses the ascii encoding"),
    # smaller items
    "-o x.md/": (SMALL, ["derive", "S", "-o", "x.md/"], {}, 2, r"x\.md/: ends with a slash"),
    "-o /dev/stdout --force": (SMALL, ["derive", "S", "-o", "/dev/stdout", "--force"], {}, 0, r"^$"),
    "-o /dev/stdout": (SMALL, ["derive", "S", "-o", "/dev/stdout"], {}, 0, r"^$"),
    "-o /dev/null": (SMALL, ["derive", "S", "-o", "/dev/null", "--force"], {}, 2, r"/dev/null: is not a regular file"),
    "UTF-32 spec": ("UTF32", ["derive", "S"], {}, 2, r"S: is UTF-32 text; save it as UTF-8"),
    "UTF-32 spec without BOM": ("UTF32LE", ["derive", "S"], {}, 2, r"S: is UTF-32 text"),
    "symlink-loop spec": ("LOOP", ["derive", "S"], {}, 2, r"S: is a symbolic link loop"),
    "symlink-loop -o": (SMALL, ["derive", "S", "-o", "LOOP"], {}, 2, r"LOOP: is a symbolic link loop"),
    "symlink-loop -o --force": (SMALL, ["derive", "S", "-o", "LOOP", "--force"], {}, 2, r"LOOP: is a symbolic link loop"),
    "FIFO spec": ("FIFO", ["derive", "S"], {}, 2, r"S: is not a regular file \(a pipe or a device\)"),
    "FIFO article": ("FIFO", ["check", "S"], {}, 2, r"S: is not a regular file"),
    "device spec": (None, ["derive", "/dev/zero"], {}, 2, r"/dev/zero: is not a regular file"),
    "emoji entry": ('tokens = ["a"]\nQ = [["😀"]]\nK = [[1]]\n', ["derive", "S"], {}, 2,
                    r"Q\[1,1\]: character '😀' \(U\+1F600, GRINNING FACE\) is not a letter"),
}


@pytest.fixture
def article(tmp_path):
    path = tmp_path / "a.md"
    path.write_text("$$1 + 1 = 2$$\n\n我 爱 你\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_reproduced_item(name, tmp_path, article):
    spec, argv, env, code, pattern = CASES[name]
    spec_path = tmp_path / "S"
    if spec == "UTF32":
        spec_path.write_bytes(SMALL.encode("utf-32"))
    elif spec == "UTF32LE":
        spec_path.write_bytes(SMALL.encode("utf-32-le"))
    elif spec == "LOOP":
        os.symlink("S", spec_path)
    elif spec == "FIFO":
        os.mkfifo(spec_path)
    elif spec is not None:
        spec_path.write_text(spec, encoding="utf-8")
    os.symlink("LOOP", tmp_path / "LOOP") if "LOOP" in argv else None
    argv = [str(article) if a == "ART" else a for a in argv]
    got, out, err = run(argv, cwd=tmp_path, env=env)
    assert got == code, (got, err)
    assert re.search(pattern, err), err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("symattn: error: ") and "Traceback" not in err, err
    else:
        assert err == "", err
    if "/dev/stdout" in argv:
        assert out.startswith(b"# "), out[:80]


def test_full_and_closed_stdout(tmp_path):
    with open("/dev/full", "wb") as full:
        code, _, err = run(["derive"], cwd=tmp_path, stdout=full)
    assert code == 2 and err == "symattn: error: cannot write to standard output: No space left on device\n", err
    code, _, err = run(["derive"], cwd=tmp_path, stdout=None, shell_tail=">&-")
    assert code == 2 and err == "symattn: error: standard output is closed; write to a file with -o FILE\n", err


def test_markdown_links_stay_text(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('tokens = ["[x](javascript:alert(1))", "<b>"]\ntitle = "[y](javascript:alert(1))"\n'
                    'Q = [[1], [2]]\nK = [[1], [1]]\n', encoding="utf-8")
    code, out, err = run(["derive", str(spec)], cwd=tmp_path)
    text = out.decode()
    assert code == 0, err
    assert "](javascript" not in text and "<b>" not in text
    # brackets as character references: no link, and no "\[" that a maths renderer would read as display maths
    assert "&#91;y&#93;(javascript:alert(1))" in text and "&#91;x&#93;(javascript:alert(1))" in text


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_signal_while_writing_leaves_no_temp_file(tmp_path, signame):
    """The signal arrives while the temporary file is being written (from inside fsync), so
    the moment is exact: the old file stays and no .tmp is left."""
    target = tmp_path / "out.md"
    target.write_text("previous\n", encoding="utf-8")
    script = (f"import os, signal, sys\nimport symattn.io as sio\nreal = os.fsync\n"
              f"def fsync(fd):\n    real(fd)\n    os.kill(os.getpid(), signal.{signame})\n"
              f"sio.os.fsync = fsync\nsys.argv = ['symattn', 'derive', '-o', {str(target)!r}, '--force']\n"
              f"from symattn.cli import entrypoint\nentrypoint()\n")
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                          preexec_fn=_limits, check=False)
    expected = {"SIGTERM": 128 + signal.SIGTERM, "SIGHUP": 128 + signal.SIGHUP, "SIGINT": 130}[signame]
    assert proc.returncode == expected, proc.stderr
    assert target.read_text(encoding="utf-8") == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.md"]


def test_race_of_twenty_pairs_without_force(tmp_path):
    """Two `derive -o` at once, without --force: exactly one wins, the other exits 2, 20 times."""
    for i in range(20):
        target = tmp_path / f"race{i}.md"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SYMATTN_")}
        procs = [subprocess.Popen([sys.executable, "-m", "symattn", "derive", "--lang", lang, "-o", str(target)],
                                  cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  preexec_fn=_limits) for lang in ("zh", "en")]
        results = [(p.wait(), p.stderr.read().decode()) for p in procs]
        for p in procs:
            p.stdout.close()
            p.stderr.close()
        codes = sorted(code for code, _ in results)
        assert codes == [0, 2], results
        loser = next(err for code, err in results if code == 2)
        assert "already exists" in loser and "--force" in loser, loser
        winner = ("zh", "en")[[code for code, _ in results].index(0)]
        assert ("我 爱 你" in target.read_text(encoding="utf-8")) and \
            (("Attention by hand" in target.read_text(encoding="utf-8")) == (winner == "en"))
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_file_created_during_the_write_is_never_replaced(tmp_path, monkeypatch, run_cli):
    """Someone creates FILE after the check and before the link: it stays as they wrote it."""
    import symattn.io as sio
    target = tmp_path / "out.md"
    real_fsync = os.fsync

    def intruder(fd):
        real_fsync(fd)
        if not target.exists():
            target.write_text("theirs\n", encoding="utf-8")

    monkeypatch.setattr(sio.os, "fsync", intruder)
    code, _, err = run_cli("derive", "-o", target)
    assert code == 2 and "appeared while writing" in err
    assert target.read_text(encoding="utf-8") == "theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.md"]


def test_an_article_of_many_slow_claims_has_one_budget(tmp_path):
    """The issue's '50 slow claims' article: one budget for the whole article
    (SYMATTN_CHECK_ARTICLE_SECONDS), so the claims after it is spent are unverifiable and the
    command ends by itself, well within the CPU limit."""
    claims = "\n\n".join(f"$$\\frac{{e^{{{i}/7}}}}{{e^{{{i}/7}}+e^{{1/3}}+e^{{\\sqrt{{{i + 2}}}}}}} = 0.{i}$$"
                         for i in range(400))
    path = tmp_path / "slow.md"
    path.write_text(claims + "\n", encoding="utf-8")
    code, out, err = run(["check", str(path), "--format", "json", "--lang", "en"], cwd=tmp_path,
                         env={"SYMATTN_CHECK_ARTICLE_SECONDS": "1"})
    assert code in (0, 1), err
    report = json.loads(out)
    assert len(report["claims"]) == 400
    assert "time budget" in report["claims"][-1]["detail"]


# --- issue 29: boundaries and outputs
# Untrusted text (file names, article text) crossing into a terminal, a CI log, SARIF, TOML or a
# file name; and every output of a command checked before anything is written.

ARTICLES = Path(__file__).parent / "articles"
WRONG = ARTICLES / "en-rounding-drift.md"      # line 23 prints 0.56 where softmax gives 0.58
HOSTILE = "x\n::error file=a.md::PWNED\x1b[31m.md"


def _no_command_lines(text: str) -> None:
    """Nothing a CI runner or a terminal would act on: no line starting (after blanks) with ::,
    no ##[, no control character but the newline."""
    for line in text.split("\n"):
        assert not line.lstrip().startswith("::") and "##[" not in line, line
        assert not any(ord(ch) < 32 or ord(ch) == 0x7f for ch in line), ascii(line)


def test_text_report_escapes_a_hostile_file_name(tmp_path):
    folder = tmp_path / "posts"
    folder.mkdir()
    (folder / HOSTILE).write_bytes(WRONG.read_bytes())
    for argv in (["check", str(folder / HOSTILE)], ["check", str(folder)], ["check", str(folder), "-j", "2"]):
        code, out, err = run(argv + ["--lang", "en"], cwd=tmp_path)
        assert code == 1, err
        text = out.decode("utf-8")
        _no_command_lines(text)
        _no_command_lines(err)
        assert "x\\n::error file=a.md::PWNED\\x1b[31m.md" in text   # shown, escaped, on the report's title line


def test_text_report_escapes_article_text():
    """Whatever the readers quote from an article (here a claim's source and its printed value)
    reaches the terminal escaped, and no line of the report starts a workflow command."""
    from symattn.check.claims import Claim, Report
    from symattn.check.report import render_text
    claim = Claim(line=3, source="\x1b[2J$1 + 1 = 3$\x1b]0;owned\x07 ##[error]x", status="wrong",
                  claimed="3\x1b[31m", expected="2",
                  entries=[{"entry": "\n::error::e", "claimed": "3\x1b[31m", "exact": "2", "correct": "2"}])
    text = render_text(Report(file="a\r\n::warning::b.md", claims=[claim]), "en")
    _no_command_lines(text)
    assert "\\x1b[2J$1 + 1 = 3$\\x1b]0;owned\\x07 ##\\x5berror]x" in text and "a\\r\\n::warning::b.md" in text


def test_article_text_reaches_the_terminal_escaped(tmp_path):
    """The same through the command, under the limits: an article whose quoted lines hold ESC
    sequences, a BEL and workflow commands gives a report with none of them raw."""
    (tmp_path / "a.md").write_text("$$x = 1 + 1 = 3 \x1b[2J\x07$$\n\n::error file=a.md::PWNED $$y = 2 = 3$$\n"
                                   "##[error]owned $$z = 4 = 5$$\n", encoding="utf-8")
    code, out, err = run(["check", "a.md"], cwd=tmp_path)
    text = out.decode()
    assert code in (0, 1), err
    assert "\x1b" not in text and "\x07" not in text and "\\x1b" in text and "\\x07" in text
    _no_command_lines(text)


def test_sarif_uris_are_relative_references_without_a_scheme(tmp_path):
    folder = tmp_path / "posts"
    folder.mkdir()
    names = ["javascript:alert(1).md", "a\\b.md", "b.md", "c #1?.md"]
    for name in names:
        (folder / name).write_bytes(WRONG.read_bytes())
    code, out, err = run(["check", "posts", "--format", "sarif"], cwd=tmp_path)
    assert code == 1, err
    doc = json.loads(out)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]]
    assert uris == ["posts/a%5Cb.md", "posts/b.md", "posts/c%20%231%3F.md", "posts/javascript%3Aalert%281%29.md"]
    from urllib.parse import unquote, urlsplit
    for uri in uris:   # each names its own file, and no scheme or authority
        assert urlsplit(uri).scheme == "" and urlsplit(uri).netloc == "" and (tmp_path / unquote(uri)).is_file()
    # an absolute name inside the working folder is relative to it too; one outside keeps its path
    code, out, _ = run(["check", str(folder / "b.md"), str(WRONG), "--format", "sarif"], cwd=tmp_path)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]]
    assert uris == ["posts/b.md", str(WRONG)]
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parent / "sarif" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(doc)


def test_spec_out_cannot_gain_a_key_from_the_article_name(tmp_path):
    name = 'p\ntitle = "PWNED"\n#.md'
    (tmp_path / name).write_bytes((ARTICLES / "project" / "qkv-attention-by-hand.zh.md").read_bytes())
    code, out, err = run(["derive", "--from-article", name, "--spec-out", "s.toml", "-o", "d.md"], cwd=tmp_path)
    assert code == 0, err
    import tomllib
    text = (tmp_path / "s.toml").read_text(encoding="utf-8")
    spec = tomllib.loads(text)
    assert "title" not in spec and "PWNED" not in (tmp_path / "d.md").read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith('# derive --from-article p\\ntitle = "PWNED"\\n#.md: ')
    assert code == run(["derive", "s.toml", "-o", "again.md"], cwd=tmp_path)[0] == 0


@pytest.mark.parametrize("text", ['"', "\\", '\\"', "a\nb = 1", "\r\n", "\t", "\x00\x1f\x7f", "\x08\x0c",
                                  "\u0085\u2028\u2029", "我 爱 你", "😀", "''' \"\"\"", "\\u0041", "]\n[x]", "#"])
def test_toml_string_escaper_reads_back_with_tomllib(text):
    import tomllib
    from symattn.from_article import _toml_str
    assert tomllib.loads(f"k = {_toml_str(text)}\n") == {"k": text}


def test_toml_string_escaper_reads_back_any_text():
    hypothesis = pytest.importorskip("hypothesis")
    import tomllib
    from hypothesis import strategies as st
    from symattn.from_article import _toml_str

    @hypothesis.settings(max_examples=300, deadline=None, derandomize=True)
    @hypothesis.given(st.text(st.characters(blacklist_categories=("Cs",))))
    def reads_back(text):
        assert tomllib.loads(f"k = {_toml_str(text)}\n") == {"k": text}
    reads_back()


NOT_UTF8 = b"lat\xe9.md"


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_a_file_name_that_is_not_utf8_works_in_every_format_and_in_o(tmp_path, fmt):
    folder = tmp_path / "posts"
    folder.mkdir()
    (Path(os.fsdecode(bytes(folder))) / os.fsdecode(NOT_UTF8)).write_bytes(WRONG.read_bytes())
    for target in ("posts", os.fsdecode(b"posts/" + NOT_UTF8)):
        code, out, err = run(["check", target, "--format", fmt, "--lang", "en"], cwd=tmp_path)
        assert code == 1 and err == "", err
        text = out.decode("utf-8")   # valid UTF-8
        if fmt == "sarif":
            assert '"uri": "posts/lat%E9.md"' in text
        elif fmt == "json":
            doc = json.loads(text)
            name = doc["files"][0]["file"] if "files" in doc else doc["file"]
            assert os.fsencode(name) == b"posts/" + NOT_UTF8   # reads back as the file's own name
        else:
            assert "posts/lat\\udce9.md" in text
        code, _, err = run(["check", target, "--format", fmt, "--lang", "en", "-o", "report"], cwd=tmp_path)
        assert code == 1 and err == "", err
        assert (tmp_path / "report").read_bytes().decode("utf-8") == text
        (tmp_path / "report").unlink()
    # as bad input (not UTF-8 inside either): the one-line error shows the name, with no wrong hint
    (Path(os.fsdecode(bytes(folder))) / os.fsdecode(NOT_UTF8)).write_bytes(b"\xff\xfe$x$")
    code, out, err = run(["check", "posts", "--format", fmt], cwd=tmp_path)
    assert code == 2 and "PYTHONIOENCODING" not in err and "internal error" not in err, err
    assert err == "symattn: error: posts/lat\\udce9.md: is UTF-16 text; save it as UTF-8\n", err
    out.decode("utf-8")


def test_derive_refuses_spec_out_before_writing_o(tmp_path):
    art = str(ARTICLES / "project" / "qkv-attention-by-hand.zh.md")
    (tmp_path / "s.toml").write_text("# mine\n", encoding="utf-8")
    code, _, err = run(["derive", "--from-article", art, "-o", "out.md", "--spec-out", "s.toml"], cwd=tmp_path)
    assert code == 2 and err == "symattn: error: s.toml: already exists; use --force to overwrite it\n", err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]        # out.md was not written
    assert (tmp_path / "s.toml").read_text(encoding="utf-8") == "# mine\n"


@pytest.mark.parametrize("o, spec_out", [("./same.toml", "same.toml"), ("same.toml", "sub/../same.toml"),
                                         ("link.toml", "same.toml"), ("-", "-"), ("/dev/stdout", "-")])
def test_derive_refuses_two_outputs_that_are_one_file(tmp_path, o, spec_out):
    art = str(ARTICLES / "project" / "qkv-attention-by-hand.zh.md")
    (tmp_path / "sub").mkdir()
    os.symlink("same.toml", tmp_path / "link.toml")
    code, out, err = run(["derive", "--from-article", art, "-o", o, "--spec-out", spec_out, "--force"], cwd=tmp_path)
    assert code == 2 and out == b"", err
    assert re.fullmatch(r"symattn: error: (.*: )?-o and --spec-out (name the same file; give them different files"
                        r"|both name standard output; give one a file)\n", err), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "sub"]   # nothing written


def test_derive_output_may_not_be_its_input(tmp_path):
    spec = tmp_path / "S"
    spec.write_text(SMALL, encoding="utf-8")
    code, _, err = run(["derive", "S", "-o", "./S", "--force"], cwd=tmp_path)
    assert code == 2 and "-o would overwrite a file this command reads" in err, err
    assert spec.read_text(encoding="utf-8") == SMALL


def test_long_output_names(tmp_path):
    """A name the file system takes (253 bytes) is written: its temporary name is shortened to fit;
    one it does not take (256) is refused before any work, with one line."""
    name = "x" * 250 + ".md"
    code, _, err = run(["derive", "-o", name], cwd=tmp_path)
    assert code == 0, err
    assert [p.name for p in tmp_path.iterdir()] == [name]                  # no temporary file left
    code, _, err = run(["derive", "-o", "y" * 253 + ".md"], cwd=tmp_path)
    assert code == 2 and "the file name is too long (256 bytes; the file system allows 255)" in err, err
    assert err.count("\n") == 1 and [p.name for p in tmp_path.iterdir()] == [name]


@pytest.mark.parametrize("argv", [["exercise", "--tokens", "99"], ["cards", "S", "--format", "md"],
                                  ["plot", "S", "--format", "svg"], ["check", "missing.md"]])
def test_other_commands_check_their_output_first(tmp_path, argv):
    """The output is refused before the work starts: before the input (a bad spec, too many
    tokens, a missing article) is even read."""
    (tmp_path / "out").write_text("mine\n", encoding="utf-8")
    (tmp_path / "S").write_text("not = [toml\n", encoding="utf-8")
    code, _, err = run(argv + ["-o", "out"], cwd=tmp_path)
    assert code == 2 and err == "symattn: error: out: already exists; use --force to overwrite it\n", err
    assert (tmp_path / "out").read_text(encoding="utf-8") == "mine\n"


def test_check_reads_file_names_after_double_dash(tmp_path):
    (tmp_path / "--output=report.md").write_bytes(WRONG.read_bytes())
    (tmp_path / "-o").write_bytes(WRONG.read_bytes())
    code, out, err = run(["check", "--lang", "en", "--", "--output=report.md", "-o"], cwd=tmp_path)
    assert code == 1, err
    assert "symattn check: --output=report.md" in out.decode() and "symattn check: -o" in out.decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["--output=report.md", "-o"]   # no report file


def test_links_in_a_folder_stay_inside_the_folders_given(tmp_path):
    posts, other = tmp_path / "posts", tmp_path / "other"
    posts.mkdir()
    other.mkdir()
    secret = "SECRET-" + "7" * 12
    (other / "secret.md").write_text(f"token {secret}\n$$1 + 1 = 3$$\n", encoding="utf-8")
    (posts / "a.md").write_bytes(WRONG.read_bytes())
    os.symlink("../other/secret.md", posts / "leak.md")
    os.symlink("a.md", posts / "same.md")                  # inside: followed (a.md once)
    code, out, err = run(["check", "posts", "--format", "json"], cwd=tmp_path)
    assert code == 2 and secret not in out.decode() and secret not in err
    assert err == ("symattn: error: posts/leak.md: is a symbolic link to a file outside the folders given; "
                   "not read (name the file itself to check it)\n"), err
    files = json.loads(out)["files"]
    assert [f["file"] for f in files] == ["posts/a.md", "posts/leak.md"] and "error" in files[1]
    # the target's folder given too, or the file itself named: read
    for argv in (["posts", "other"], ["posts/a.md", "posts/leak.md"]):
        code, out, err = run(["check", *argv, "--format", "json"], cwd=tmp_path)
        assert code == 1 and err == "", err
        assert all("error" not in f for f in json.loads(out)["files"])


# --- issue 29: --fix and --diff
#
# Each finding on a small article of a learner (four independent slips: a score, a scaled score, a
# weight and an output) or on the project's article.  The right copy is the article as computed
# (LEARNER_RIGHT), so a fix is judged against numbers written here, never against the checker's own
# word; patches are applied with the real patch and git apply.

_MAT = "\\begin{{bmatrix}} {} \\end{{bmatrix}}"


def _bm(rows: str) -> str:
    return _MAT.format(" \\\\ ".join(" & ".join(r.split()) for r in rows.split(";")))


def _learner(scores, scaled, weights, output) -> str:
    return ("# My attention homework\n\nThree tokens, $d_k = 4$.\n\n"
            f"$$Q = {_bm('0 0 0 1; 0 1 1 0; 1 1 0 0')}$$\n\n$$K = {_bm('1 0 0 0; 0 1 0 0; 0 1 1 0')}$$\n\n"
            f"$$V = {_bm('0 1 2 1; 1 1 0 0; 1 1 1 0')}$$\n\nScores:\n\n$$QK^T = {_bm(scores)}$$\n\n"
            f"Scaled by $\\sqrt{{d_k}} = 2$:\n\n$$\\frac{{QK^T}}{{\\sqrt{{d_k}}}} = {_bm(scaled)}$$\n\n"
            "Softmax, row by row:\n\n"
            f"$$A = \\text{{softmax}}\\left(\\frac{{QK^T}}{{\\sqrt{{d_k}}}}\\right) \\approx {_bm(weights)}$$\n\n"
            f"Output:\n\n$$O = AV \\approx {_bm(output)}$$\n")


_RIGHT = ("0 0 0; 0 1 2; 1 1 1", "0.0 0.0 0.0; 0.0 0.5 1.0; 0.5 0.5 0.5",
          "0.3333 0.3333 0.3333; 0.1863 0.3072 0.5065; 0.3333 0.3333 0.3333",
          "0.6667 1.0000 1.0000 0.3333; 0.8137 1.0000 0.8791 0.1863; 0.6667 1.0000 1.0000 0.3333")
#: computed with numpy from Q, K, V above: softmax(QKᵀ/2), then A·V, rounded as printed
LEARNER_RIGHT = _learner(*_RIGHT)
#: four slips: QKᵀ[3,1] 1 -> 2, scaled [2,3] 1.0 -> 0.5, A[2,1] 0.1863 -> 0.1836, O[2,2] 1.0000 -> 1.3000
LEARNER = _learner("0 0 0; 0 1 2; 2 1 1", "0.0 0.0 0.0; 0.0 0.5 0.5; 0.5 0.5 0.5",
                   "0.3333 0.3333 0.3333; 0.1836 0.3072 0.5065; 0.3333 0.3333 0.3333",
                   "0.6667 1.0000 1.0000 0.3333; 0.8137 1.3000 0.8791 0.1863; 0.6667 1.0000 1.0000 0.3333")


def _write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def _apply_both(tmp_path: Path, name: str, before: str, patch: bytes) -> dict:
    """The file after the patch, applied for real by ``patch -p1`` and by ``git apply`` (each in its
    own folder, after a dry run / --check); the tools' complaints fail the test."""
    got = {}
    for tool in ("patch", "git"):
        work = tmp_path / f"apply-{tool}"
        work.mkdir()
        _write(work / name, before)
        steps = ([["patch", "-p1", "--dry-run", "-s"], ["patch", "-p1", "-s"]] if tool == "patch"
                 else [["git", "apply", "--check", "-"], ["git", "apply", "-"]])
        for cmd in steps:
            proc = subprocess.run(cmd, input=patch, cwd=work, capture_output=True, check=False)
            assert proc.returncode == 0, (tool, proc.stdout, proc.stderr, patch)
        got[tool] = (work / name).read_bytes().decode("utf-8")
        assert sorted(p.name for p in work.iterdir()) == [name], "the patch touched another file"
    return got


def test_fix_of_one_wrong_score_leaves_the_shape_annotations(tmp_path, article_path):
    """A wrong score on the line of ``_{3 \\times 4}`` and ``_{4 \\times 3}``: the copy is the
    article again, byte for byte (only the score's span changed back)."""
    text = article_path.read_text(encoding="utf-8")
    line = next(ln for ln in text.split("\n")
                if "_{3 \\times 4}" in ln and "_{4 \\times 3}" in ln and "= \\begin" in ln)
    for old, new in (("= \\begin{bmatrix} 2 & 1 & 1", "= \\begin{bmatrix} 3 & 1 & 1"),
                     ("1 & 1 & 2 \\end{bmatrix}_{3 \\times 3}", "1 & 1 & 3 \\end{bmatrix}_{3 \\times 3}")):
        assert line.count(old) == 1
        src = _write(tmp_path / "a.md", text.replace(line, line.replace(old, new)))
        out = tmp_path / "fixed.md"
        code, _, err = run(["check", str(src), "--fix", "-o", str(out), "--force", "--lang", "en"], cwd=tmp_path)
        assert code == 1, err
        assert out.read_text(encoding="utf-8") == text, old


def test_fix_of_four_slips_gives_the_right_article(tmp_path):
    src = _write(tmp_path / "learner.md", LEARNER)
    code, _, err = run(["check", str(src), "--fix", "-o", str(tmp_path / "fixed.md"), "--lang", "en"], cwd=tmp_path)
    assert code == 1, err
    assert (tmp_path / "fixed.md").read_text(encoding="utf-8") == LEARNER_RIGHT
    assert "refused" not in err and "not fixed" not in err, err
    code, _, err = run(["check", str(tmp_path / "fixed.md")], cwd=tmp_path)
    assert code == 0, err
    assert "0.1863 & 0.3072 & 0.5065" in LEARNER_RIGHT and "0.0 & 0.5 & 1.0" in LEARNER_RIGHT


def test_diff_leaves_right_values_and_applies(tmp_path):
    """The diff changes the four slips and nothing else: ``0.6667 & 1.0000`` stays as printed."""
    src = _write(tmp_path / "learner.md", LEARNER)
    code, out, err = run(["check", "learner.md", "--diff"], cwd=tmp_path)
    assert code == 1, err
    minus = [ln for ln in out.decode().split("\n") if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln for ln in out.decode().split("\n") if ln.startswith("+") and not ln.startswith("+++")]
    assert len(minus) == len(plus) == 4
    assert all("0.6666" not in ln and "0.9999" not in ln for ln in plus)
    assert _apply_both(tmp_path, "learner.md", src.read_text(encoding="utf-8"), out) == \
        {"patch": LEARNER_RIGHT, "git": LEARNER_RIGHT}


@pytest.mark.parametrize("mark", ["\f", "\x85", "\u2028"], ids=["form feed", "NEL", "U+2028"])
def test_fix_lands_on_its_line_past_a_form_feed_nel_or_ls(tmp_path, mark):
    def marked(text):   # the mark inside prose lines before every slip
        return (text.replace("Three tokens", f"Three{mark}tokens").replace("Scores:", f"Scores{mark}:")
                .replace("row by row", f"row{mark}by row"))

    src = _write(tmp_path / "learner.md", marked(LEARNER))
    code, _, err = run(["check", str(src), "--fix", "-o", str(tmp_path / "fixed.md"), "--lang", "en"], cwd=tmp_path)
    assert code == 1, err
    assert (tmp_path / "fixed.md").read_bytes().decode("utf-8") == marked(LEARNER_RIGHT)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r", "mixed", "no final newline"])
def test_diff_applies_with_any_line_ending(tmp_path, ending):
    def ended(text):
        if ending == "mixed":
            lines = text.split("\n")
            return "".join(ln + ("\r\n", "\r", "\n")[k % 3] for k, ln in enumerate(lines[:-1])) + lines[-1]
        if ending == "no final newline":
            return text.rstrip("\n")
        return text.replace("\n", ending)

    src = _write(tmp_path / "learner.md", ended(LEARNER))
    code, out, err = run(["check", "learner.md", "--diff"], cwd=tmp_path)
    assert code == 1 and out, err
    got = _apply_both(tmp_path, "learner.md", src.read_bytes().decode("utf-8"), out)
    assert got == {"patch": ended(LEARNER_RIGHT), "git": ended(LEARNER_RIGHT)}


def test_diff_quotes_a_file_name_with_newlines(tmp_path):
    """A name that holds a hunk for another file: quoted as git quotes it, so the patch has one
    file and both tools put the fix into that file only."""
    name = "x.md\n--- victim.md\n+++ victim.md\n@@ -1 +1 @@\n-safe\n+owned\n\t\"\\.md"
    _write(tmp_path / name, LEARNER)
    _write(tmp_path / "victim.md", "safe\n")
    code, out, err = run(["check", name, "--diff"], cwd=tmp_path)
    assert code == 1, err
    heads = [ln for ln in out.decode().split("\n") if ln.startswith(("--- ", "+++ "))]
    quoted = 'x.md\\n--- victim.md\\n+++ victim.md\\n@@ -1 +1 @@\\n-safe\\n+owned\\n\\t\\"\\\\.md"'
    assert heads == ['--- "a/' + quoted + "\t", '+++ "b/' + quoted + "\t"]   # a tab after a name with a space
    got = _apply_both(tmp_path, name, LEARNER, out)
    assert got == {"patch": LEARNER_RIGHT, "git": LEARNER_RIGHT}
    assert (tmp_path / "victim.md").read_text(encoding="utf-8") == "safe\n"


def test_fix_places_an_entry_without_column_by_the_reader_not_by_search(article_path):
    """The same wrong score as a claim that gives no column (as a named equation's may): the reader's
    block puts the fix on the score, not on the first "3" of the line (``_{3 \\times 4}``)."""
    import dataclasses

    from symattn.check import check_text
    from symattn.check.fix import fix_text
    text = article_path.read_text(encoding="utf-8")
    line = next(ln for ln in text.split("\n") if "_{3 \\times 4}" in ln and "= \\begin" in ln)
    slipped = text.replace(line, line.replace("= \\begin{bmatrix} 2 & 1 & 1", "= \\begin{bmatrix} 3 & 1 & 1"))
    report = check_text(slipped, "a.md")
    claims = [dataclasses.replace(c, entries=[{k: v for k, v in e.items() if k != "col"} for e in c.entries])
              for c in report.claims]
    assert [e["claimed"] for c in claims for e in c.entries] == ["3"]
    assert fix_text(slipped, dataclasses.replace(report, claims=claims)).text == text


@pytest.mark.parametrize("copy_check", ["the slip again", "nothing bound"])
def test_a_fix_the_check_of_the_copy_does_not_prove_is_refused(copy_check):
    """A check of the copy that still finds the slip, or that judges nothing: the fix is refused
    and listed, and the copy is the article as written."""
    from symattn.check import check_text
    from symattn.check.claims import Report
    from symattn.check.fix import fix_article
    report = check_text(LEARNER, "a.md")
    check = (lambda t: report) if copy_check == "the slip again" else (lambda t: Report("a.md", []))
    fixed = fix_article(LEARNER, report, check)
    assert fixed.text == LEARNER and fixed.replaced == 0 and fixed.lines == []
    assert len(fixed.refused) == 4 and "line 13: QK^T[3,1] 2 -> 1" in fixed.refused, fixed.refused


# --- issue 29: budgets, readers and isolation

def _sum(n):
    return "$$x = " + " + ".join("1" for _ in range(n)) + "$$\n"


#: pathological runs, each as a function of its size: every reader of the article meets them
#: (prose, displays, fences, tables, brackets); the sizes are chosen so that 16x takes a measurable time
RUNS = {
    "spaces between = signs": (lambda n: "$$a =" + " " * n + "= b" + " " * n + "= c$$\n", 600),
    "blank lines": (lambda n: "$$x = 1$$\n" + "\n" * n + "$$y = 2$$\n", 600),
    "lines of blanks": (lambda n: "x = 1\n" + " \n" * n + "y = 2\n", 600),
    "digits": (lambda n: "$$x = " + "1" * n + "$$\nx = " + "2" * n + "\n", 2000),
    "a decimal": (lambda n: "x = 0." + "1" * n + "\n", 2000),
    "brackets": (lambda n: "[" * n + "\n" + "]" * n + "\n", 2000),
    "underscores": (lambda n: "$$a" + "_" * n + "= 1$$\n", 2000),
    "a.shape =": (lambda n: "a.shape = " * n + "\n", 400),
    "nested parentheses": (lambda n: "x = " + "(" * n + "1" + ")" * n + "\n", 400),
    "signs": (lambda n: "x = " + "-" * n + "1\n", 400),
    "nested fractions": (lambda n: "$$x = " + "\\frac{1}{" * n + "2" + "}" * n + "$$\n", 150),
    "nested roots": (lambda n: "$$" + "\\sqrt{" * n + "4" + "}" * n + "$$\n", 150),
    "a long sum": (lambda n: _sum(n), 150),
    "a long code line": (lambda n: "```python\nx = " + " + ".join("1" for _ in range(n)) + "\n```\n", 300),
    "table rows": (lambda n: "| a | b |\n|---|---|\n" + "| 0.5 | 0.25 |\n" * n, 100),
    "restated names": (lambda n: "".join(f"Q = {i}\n" for i in range(n)), 150),
    # a name an article states a number for (d_k = 4, base = 10000, θ_1 = 1, seq_len 6), then blanks
    # that end in no number: two blank runs side by side in a pattern backtrack over each other
    "blanks after a stated name": (lambda n: "RoPE, variance\n" + "".join(
        f"{name}{' ' * n}$ {' ' * n}x\n" for name in ("d_k", "base", "b", "θ_1", "seq_len", "d_model", "dim"))
        + "variance of [1, 2] is" + " " * n + "$" + " " * n + "x\n", 300),
    "a label of blanks": (lambda n: "Q" + " " * n + "x\n```\n[[1, 2], [3, 4]]\n```\n", 600),
    "blanks after a keyword": (lambda n: "".join(f"{word}{' ' * n}x\n" for word in (
        "x.shape", "batch", "R", "smallest", "output", "about", "sum", "Q, K, V are", "W_O", "(2 x 3)", "~",
        "1/2 \\cdot", "$$\\begin{bmatrix}1 \\\\")), 300),
    "a LaTeX matrix": (lambda n: "$$Q = \\begin{bmatrix}" + "\\\\\n".join(
        " & ".join("0.5" for _ in range(n)) for _ in range(n)) + "\\end{bmatrix}$$\n", 8),   # n^2 entries
    "a printed array": (lambda n: "```\narray([" + ",\n       ".join(
        "[" + ", ".join("0.5" for _ in range(n)) + "]" for _ in range(n)) + "])\n```\n", 8),
}


def _cpu(text):
    import time
    import warnings

    from symattn.check import check_text
    best = None
    for _ in range(2):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start = time.process_time()
            check_text(text, "run.md")
            spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best


@pytest.mark.parametrize("name", list(RUNS))
def test_every_reader_is_about_linear_on_long_runs(name):
    """Inputs of 1x, 4x and 16x size (entries, for the matrices): from 4x to 16x the CPU time may grow
    by at most 8 (linear is 4, quadratic 16).  A ratio of two times in one run, not a speed: the
    cubic regexes of round three took 28 s on 3,000 spaces."""
    make, base = RUNS[name]
    sizes = (base, 2 * base, 4 * base) if name in ("a LaTeX matrix", "a printed array") else (base, 4 * base, 16 * base)
    _cpu(make(sizes[0]))   # warm: imports and caches
    t4, t16 = _cpu(make(sizes[1])), _cpu(make(sizes[2]))
    assert t16 <= 8 * max(t4, 0.02), f"{name}: {t4:.3f} s at 4x, {t16:.3f} s at 16x"


def _real(tmp_path):
    src = Path(__file__).parent / "articles" / "real"
    # an article of the corpus (one with its oracle), not the corpus index
    article = sorted(p for p in src.glob("*.md") if p.with_name(p.name + ".expected.json").exists())[0]
    dest = tmp_path / "z-real.md"
    dest.write_bytes(article.read_bytes())
    return dest


@pytest.mark.parametrize("bad", ["a flat 1,000-term chain", "a long code line"])
def test_one_deep_file_does_not_end_the_folder(tmp_path, bad):
    folder = tmp_path / "posts"
    folder.mkdir()
    text = _sum(1000) if bad.startswith("a flat") else \
        "```python\nx = " + " + ".join("1" for _ in range(3000)) + "\n```\n"
    (folder / "a-bad.md").write_text(text, encoding="utf-8")
    real = _real(tmp_path)
    real.rename(folder / real.name)
    code, out, err = run(["check", "posts"], cwd=tmp_path)
    report = out.decode()
    assert code in (0, 1), err
    assert "a-bad.md" in report and "z-real.md" in report and "total: 2 files" in report
    assert "too long to check" in report   # the chain is unverifiable at its line, not the file lost


def test_a_folder_1100_levels_deep_is_walked(tmp_path):
    deep = tmp_path / "d"
    deep.mkdir()
    here = os.open(deep, os.O_RDONLY)
    try:   # relative mkdirs: the path gets longer than the recursion limit, not than PATH_MAX
        for _ in range(1100):
            os.mkdir("a", dir_fd=here)
            nxt = os.open("a", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = nxt
        fd = os.open("x.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=here)
        os.write(fd, b"$$1 + 1 = 2$$\n")
        os.close(fd)
    finally:
        os.close(here)
    (deep / "top.md").write_text("$$1 + 1 = 3$$\n", encoding="utf-8")
    try:
        code, out, err = run(["check", "d"], cwd=tmp_path)
    finally:
        _flatten(deep)
    assert code == 1, err
    assert "total: 2 files: 1 clean, 1 with wrong claims" in out.decode()


def _flatten(deep):
    """Remove the levels one at a time from the top (pytest's clean-up of tmp_path recurses)."""
    while (deep / "a" / "a").is_dir():
        os.rename(deep / "a" / "a", deep / "b")
        for f in (deep / "a").iterdir():
            f.unlink()
        (deep / "a").rmdir()
        os.rename(deep / "b", deep / "a")
    for f in (deep / "a").iterdir():
        f.unlink()
    (deep / "a").rmdir()


def test_the_article_budget_covers_reading_and_the_run_goes_on(tmp_path):
    """A printed array of a million entries is read (not judged: too large) in more than the
    CPU budget of twice 0.01 s and 5 s: the article stops at its budget, the next one is checked."""
    n = 1000
    slow = "```\narray([" + ",\n       ".join("[" + ", ".join("1" for _ in range(n)) + "]" for _ in range(n)) + "])\n```\n"
    (tmp_path / "a-slow.md").write_text(slow, encoding="utf-8")
    (tmp_path / "b-small.md").write_text("$$1 + 1 = 3$$\n", encoding="utf-8")
    code, out, err = run(["check", "a-slow.md", "b-small.md"], cwd=tmp_path,
                         env={"SYMATTN_CHECK_ARTICLE_SECONDS": "0.01"})
    report = out.decode()
    assert code == 2
    assert re.search(r"a-slow\.md: time budget of 5\.02 s of CPU .* reached (at line \d+, )?while [a-z ]+; the "
                     r"article is not checked", err), err
    assert "symattn check: b-small.md" in report and "total: 2 files" in report and "1 bad input" in report


@pytest.mark.parametrize("size", [300])
def test_a_huge_latex_matrix_is_refused_at_once(tmp_path, size):
    body = "\\\\\n".join(" & ".join("0.5" for _ in range(size)) for _ in range(size))
    (tmp_path / "a.md").write_text("$$Q = \\begin{bmatrix}" + body + "\\end{bmatrix}$$\n", encoding="utf-8")
    code, out, err = run(["check", "a.md"], cwd=tmp_path)
    assert code == 0, err
    assert "more than 4096 entries: too large to check" in out.decode()


def test_a_printed_array_of_a_million_entries_ends_within_the_limits(tmp_path):
    n = 1000
    text = "```\narray([" + ",\n       ".join("[" + ", ".join("1" for _ in range(n)) + "]" for _ in range(n)) + "])\n```\n"
    (tmp_path / "a.md").write_text(text, encoding="utf-8")
    code, out, err = run(["check", "a.md"], cwd=tmp_path)
    assert code == 0, err   # within the CPU limit of the case: one block is never read past its entry limit


def _children(pid):
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _folder_of_articles(tmp_path, n=6):
    folder = tmp_path / "posts"
    folder.mkdir()
    src = sorted((Path(__file__).parent / "articles" / "real").glob("*.md"))[:n]
    for k, a in enumerate(src):
        (folder / f"{k}-{a.name}").write_bytes(a.read_bytes())
    return folder


def _start(tmp_path, argv):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SYMATTN_")}
    return subprocess.Popen([sys.executable, "-m", "symattn", *argv], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_limits)


def _workers(proc, want=2):
    import time
    for _ in range(600):   # the pool starts when the articles are read
        kids = _children(proc.pid)
        if len(kids) >= want:
            return kids
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    pytest.fail("no worker processes appeared")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
def test_a_killed_worker_does_not_end_the_run(tmp_path):
    folder = _folder_of_articles(tmp_path)
    proc = _start(tmp_path, ["check", "-j", "2", str(folder)])
    os.kill(_workers(proc)[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=600)
    assert proc.returncode in (0, 1, 2), err.decode()
    assert proc.returncode != 3 and "BrokenProcessPool" not in err.decode()
    assert "total: 6 files" in out.decode()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
def test_workers_die_with_their_parent(tmp_path):
    import time
    folder = _folder_of_articles(tmp_path)
    proc = _start(tmp_path, ["check", "-j", "2", str(folder)])
    kids = _workers(proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    for _ in range(200):   # the kernel's death signal is immediate; the watchdog looks every second
        if not any(_alive(k) for k in kids):
            break
        time.sleep(0.05)
    assert not any(_alive(k) for k in kids)
    assert proc.stdout.read() is not None   # no one holds the pipe: reading it ends


def test_a_pool_that_breaks_while_the_work_is_handed_out_hands_it_to_a_fresh_one(monkeypatch):
    """A worker killed while the articles are still being submitted breaks the pool under the
    submitting loop (seen once in CI as an internal error, exit 3): the articles not handed out go
    to a fresh pool like those the dead worker had, and every article is checked."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from symattn.check import many
    real, calls = ProcessPoolExecutor.submit, []

    def submit(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise BrokenProcessPool("a worker died")
        return real(self, *args, **kwargs)
    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    articles = [many.Article(f"a{i}.md", f"a{i}.md", text=f"$$1 + {i} = {i + 2}$$\n") for i in range(3)]
    many.check_all(articles, jobs=2)
    assert [a.error for a in articles] == [None] * 3
    assert [a.report.count("wrong") for a in articles] == [1, 1, 1] and len(calls) == 4


def test_any_exception_in_one_file_is_that_files_error(monkeypatch):
    """The '-inf in table cells' crash of round three did not reproduce here; whatever the next such
    bug is, it is reported for its file, with its name, and the other files are still checked."""
    import symattn.check as check
    from symattn.check import many
    real = check.check_text

    def flaky(text, name="<text>"):
        if name == "bad.md":
            raise KeyError("a bug")
        return real(text, name)
    monkeypatch.setattr(check, "check_text", flaky)
    articles = [many.Article("bad.md", "bad.md", text="$$1 + 1 = 2$$\n"),
                many.Article("good.md", "good.md", text="$$1 + 1 = 3$$\n")]
    many.check_all(articles)
    assert articles[0].error == "bad.md: internal error: KeyError: 'a bug' (please report it); the article is not checked"
    assert articles[1].error is None and articles[1].report.count("wrong") == 1


#: round three's slow readings, each as the article it reported (sizes as found, or larger)
SLOW_READINGS = {
    "3,000 spaces between = signs": "$$a =" + " " * 3000 + "= b" + " " * 3000 + "= c$$\n",
    "1,500 blank lines": "$$x = 1$$\n" + "\n" * 1500 + "$$y = 2$$\n",
    "a run of digits": "x = 0." + "1" * 40000 + "\n",
    "a run of [": "[" * 40000 + "\n",
    "a run of _": "$$a" + "_" * 40000 + "= 1$$\n",
    "a run of a.shape =": "a.shape = " * 8000 + "\n",
}


@pytest.mark.parametrize("name", list(SLOW_READINGS))
def test_slow_readings_of_round_three_end_within_a_small_budget(tmp_path, name):
    """Each is checked within 8 s of CPU, start-up included (it takes about 1.5 s here; 3,000 spaces
    took 28 s and 1,500 blank lines 13 s before): a case over the limit is killed, and fails."""
    (tmp_path / "a.md").write_text(SLOW_READINGS[name], encoding="utf-8")
    code, out, err = run(["check", "a.md"], cwd=tmp_path, cpu=8)
    assert code in (0, 1), err
    assert "summary:" in out.decode()


#: −∞ as articles print it in a table cell (the crash of round three was on a real article's table
#: of masked scores; it did not reproduce here, so every spelling is fed to the table reader, the
#: binder and the masks, in the layouts articles use)
MINUS_INFINITY = ["-inf", "−inf", "-∞", "−∞", "$-\\infty$", "-Infinity", "`-inf`", "float('-inf')", "-INF",
                  "- inf", "−∞ (masked)", "$-\\infty$ "]


def _inf_tables(cell: str) -> str:
    scores = [["1", cell, cell], ["0.5", "2", cell], ["1", "1", "0"]]
    weights = [["1", "0", "0"], ["0.18", "0.82", "0"], ["0.42", "0.42", "0.16"]]
    rows = lambda m: "".join("| " + " | ".join(r) + " |\n" for r in m)
    row_labels = lambda m: "".join(f"| t{i} | " + " | ".join(r) + " |\n" for i, r in enumerate(m))
    return ("Q = [[1, 0], [0, 1], [1, 1]]\n\nK = [[1, 0], [0, 1], [1, 1]]\n\n"
            "Masked scores:\n\n| k1 | k2 | k3 |\n|---|---|---|\n" + rows(scores) +
            "\nWith row labels:\n\n|   | k1 | k2 | k3 |\n|---|---|---|---|\n" + row_labels(scores) +
            "\nOnly masked cells:\n\n| a | b |\n|---|---|\n" + f"| {cell} | {cell} |\n" * 2 +
            "\nWeights:\n\n| k1 | k2 | k3 |\n|---|---|---|\n" + rows(weights) +
            f"\nA lone cell: | {cell} |\n")


@pytest.mark.parametrize("cell", MINUS_INFINITY)
def test_minus_infinity_in_table_cells_is_read_not_a_crash(tmp_path, cell):
    """Round three: a real article with -inf in table cells stopped with an internal error (exit 3).
    Every spelling, in tables with and without row labels, all masked and mixed with numbers, is
    read: exit 0 or 1, a report, and no internal error."""
    (tmp_path / "a.md").write_text(_inf_tables(cell), encoding="utf-8")
    for fmt in ("text", "json"):
        code, out, err = run(["check", "a.md", "--format", fmt], cwd=tmp_path)
        assert code in (0, 1), err
        assert "internal error" not in out.decode() + err
