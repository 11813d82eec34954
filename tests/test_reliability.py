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


def _limits():
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 5))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(argv, *, cwd, env=None, stdout=subprocess.PIPE, shell_tail=None, stdin=subprocess.DEVNULL):
    """Run symattn with the limits; returns (exit code, stdout bytes, stderr text)."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("SYMATTN_")}
    full_env.update(env or {})
    cmd = [sys.executable, "-m", "symattn", *argv]
    if shell_tail is not None:  # a redirection only a shell can make (>&-)
        cmd = ["sh", "-c", " ".join(map(_quote, cmd)) + " " + shell_tail]
    proc = subprocess.run(cmd, cwd=cwd, env=full_env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                          preexec_fn=_limits, check=False)
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
