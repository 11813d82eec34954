"""One limits module (issue 16): every bound lives in ``symattn/limits.py`` under its own name,
every ``SYMATTN_*`` variable is read when used and a bad value is one line with exit 2, and a
bound that depends on another limit follows it when that limit is raised."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from symattn import limits
from symattn.cli import main
from symattn.errors import SymattnError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "symattn"
SMALL = 'tokens = ["a", "b"]\nQ = [[1], [2]]\nK = [[1], [1]]\n'
#: SYMATTN_* variables that are not limits (a path)
NOT_LIMITS = {"SYMATTN_KATEX"}
ENV = {env: name for name, (env, *_rest) in limits.ENV_LIMITS.items()}


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    """No SYMATTN_* of the caller's shell, and Python's integer-string limit as it was
    (``main`` sets it from the limits)."""
    for env in ENV.keys() | NOT_LIMITS:
        monkeypatch.delenv(env, raising=False)
    before = sys.get_int_max_str_digits()
    yield
    sys.set_int_max_str_digits(before)


def run(argv, capsys):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str, *parts: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("symattn: error: ") and "Traceback" not in err, err
    for part in parts:
        assert part in err, (part, err)


def _source_files():
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml", ".md", ".txt", ".js", ".json", ".css", ".html"):
            yield path


# --- one module, distinct names -----------------------------------------------------------------

def test_no_max_constant_outside_limits():
    """``grep -rn "MAX_[A-Z_]* *=" symattn | grep -v limits.py`` finds nothing."""
    pattern = re.compile(r"MAX_[A-Z_]* *=")
    found = []
    for path in _source_files():
        if path.name == "limits.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "a MAX_ constant outside symattn/limits.py:\n" + "\n".join(found)


def test_each_limit_has_one_name():
    """The variable and the fixed bounds share no name (MAX_TOKENS once meant 64, 6 and 20,000)."""
    names = [*limits.ENV_LIMITS, *limits.FIXED, *limits.DERIVED]
    assert len(names) == len(set(names))
    envs = [env for env, *_rest in limits.ENV_LIMITS.values()]
    assert len(envs) == len(set(envs))
    assert all(env == "SYMATTN_" + name for name, (env, *_rest) in limits.ENV_LIMITS.items())


def test_every_symattn_variable_in_the_code_is_a_known_limit():
    used = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r"SYMATTN_[A-Z_]+[A-Z]", path.read_text(encoding="utf-8")))
    assert used - NOT_LIMITS <= set(ENV), sorted(used - NOT_LIMITS - set(ENV))


# --- bad values: one line, exit 2, for every variable --------------------------------------------

BAD_WHOLE = ["abc", "-1", "0", "1.5", "inf", "nan", "1e400", "10**6", "0x10", "1e16"]
BAD_SECONDS = ["abc", "-1", "0", "0.001", "86401", "inf", "nan", "5s"]
CASES = [(env, bad) for env, name in sorted(ENV.items())
         for bad in (BAD_SECONDS if limits.ENV_LIMITS[name][2] == "seconds" else BAD_WHOLE)]


@pytest.mark.parametrize("env, bad", CASES, ids=[f"{e}={b}" for e, b in CASES])
def test_bad_value_is_one_line_and_exit_2(env, bad, monkeypatch, capsys):
    monkeypatch.setenv(env, bad)
    code, out, err = run(["derive"], capsys)
    assert code == 2 and out == ""
    one_line_error(err, f"{env}={bad!r}")


@pytest.mark.parametrize("env", sorted(ENV))
def test_bad_value_is_an_error_where_the_limit_is_read(env, monkeypatch):
    """Read at call time: the library (no CLI, no check_environment) refuses it too."""
    name = ENV[env]
    assert getattr(limits, name) == limits.ENV_LIMITS[name][1]
    monkeypatch.setenv(env, "abc")
    with pytest.raises(SymattnError) as info:
        getattr(limits, name)
    assert env in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("argv", [["check", "ART"], ["check", "ART", "--format", "json"], ["derive", "SPEC"],
                                  ["exercise"], ["cards", "--format", "tsv"]])
def test_check_seconds_abc_is_exit_2_in_every_command(argv, tmp_path, monkeypatch, capsys):
    """The issue's case: SYMATTN_CHECK_SECONDS=abc ended in 'internal error', exit 3."""
    (tmp_path / "a.md").write_text("$1 + 1 = 2$\n", encoding="utf-8")
    (tmp_path / "s.toml").write_text(SMALL, encoding="utf-8")
    argv = [{"ART": tmp_path / "a.md", "SPEC": tmp_path / "s.toml"}.get(a, a) for a in argv]
    monkeypatch.setenv("SYMATTN_CHECK_SECONDS", "abc")
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    one_line_error(err, "SYMATTN_CHECK_SECONDS='abc'", "seconds per claim")


@pytest.mark.parametrize("env, raw, value", [
    ("SYMATTN_MAX_TERMS", " 1_000 ", 1000), ("SYMATTN_MAX_TERMS", "1,000", 1000),
    ("SYMATTN_MAX_TERMS", "1e3", 1000), ("SYMATTN_MAX_TERMS", "1000.0", 1000),
    ("SYMATTN_MAX_TERMS", "", 300_000), ("SYMATTN_MAX_TERMS", "  ", 300_000),
    ("SYMATTN_CHECK_SECONDS", "2.5", 2.5), ("SYMATTN_CHECK_SECONDS", "0.01", 0.01),
    ("SYMATTN_MAX_SECONDS", "86400", 86400.0),
])
def test_tolerant_values(env, raw, value, monkeypatch):
    monkeypatch.setenv(env, raw)
    assert getattr(limits, ENV[env]) == value
    limits.check_environment()


def test_read_when_used_not_at_import(monkeypatch):
    assert limits.MAX_DIM == 256
    monkeypatch.setenv("SYMATTN_MAX_DIM", "3")
    assert limits.MAX_DIM == 3
    with pytest.raises(SymattnError, match="SYMATTN_MAX_DIM"):
        limits.check_matrix(4, 1, "Q")


@pytest.mark.parametrize("target", [limits, "symattn.limits"])
def test_a_restored_override_does_not_hide_the_environment(target, monkeypatch):
    """monkeypatch puts back the value it read; that ends the override (it used to stay as a
    module global that hid every later SYMATTN_MAX_TERMS in the process)."""
    with monkeypatch.context() as m:
        if isinstance(target, str):
            m.setattr(target + ".MAX_TERMS", 100)
        else:
            m.setattr(target, "MAX_TERMS", 100)
        assert limits.MAX_TERMS == 100
    monkeypatch.setenv("SYMATTN_MAX_TERMS", "1000")
    assert limits.MAX_TERMS == 1000


def test_katex_variable_bad_path_is_one_line(monkeypatch, tmp_path):
    from symattn import katex
    monkeypatch.setenv("SYMATTN_KATEX", str(tmp_path / "no-such-katex.js"))
    with pytest.raises(SymattnError) as info:
        katex.validate(["x"])
    assert "\n" not in str(info.value)


# --- dependent bounds follow the limits they depend on ----------------------------------------------

def _parse(text):
    from symattn.latex_input import parse_scalar
    return parse_scalar(text)


def test_factorial_digits_follow_the_factorial_limit(monkeypatch):
    assert limits.factorial_digits() == 2568  # 1000!
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "5000")
    assert limits.factorial_digits() == 16326  # 5000!, not a hard-coded 2600


def test_cube_of_5000_factorial_is_refused_when_the_factorial_limit_is_raised(tmp_path, monkeypatch, capsys):
    """(5000!)^{3} has about 49,000 digits: over the 10,000-digit limit whatever the factorial limit."""
    spec = tmp_path / "f.toml"
    spec.write_text('tokens = ["a", "b"]\nQ = [["(5000!)^{3}", 1], [1, 1]]\nK = [[1, 1], [1, 1]]\n',
                    encoding="utf-8")
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "5000")
    code, out, err = run(["derive", spec], capsys)
    assert code == 2 and out == ""
    one_line_error(err, "Q[1,1]", "10000 digits", "SYMATTN_MAX_RESULT_DIGITS")


def test_factorial_digits_count_against_the_digit_limit(monkeypatch):
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "5000")
    monkeypatch.setenv("SYMATTN_MAX_RESULT_DIGITS", "20000")
    assert _parse("5000!") > 0                            # 16,326 digits: both limits allow it
    with pytest.raises(SymattnError, match="more than 20000 digits"):
        _parse("(5000!)^{3}")                             # its cube, about 49,000: not
    monkeypatch.setenv("SYMATTN_MAX_RESULT_DIGITS", "60000")
    assert _parse("(5000!)^{3}") > 0


def test_factorial_argument_follows_the_factorial_limit(monkeypatch):
    with pytest.raises(SymattnError, match="over the limit of 1000"):
        _parse("1001!")
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "1001")
    assert _parse("1001!") > 0


def test_terms_of_a_sum_follow_the_factorial_limit_however_high(monkeypatch):
    """The count of terms was capped at 10^9, so with the limit at 2*10^9 a sum of 10^12 terms
    passed the count and ran into the time limit instead."""
    with pytest.raises(SymattnError, match="has 1001 terms, over the limit of 1000"):
        _parse(r"\sum_{i=1}^{1001} i")
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "1001")
    assert _parse(r"\sum_{i=1}^{1001} i") == 501501
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "2000000000")
    with pytest.raises(SymattnError, match="has 1000000000000 terms, over the limit of 2000000000"):
        _parse(r"\sum_{i=1}^{1000000000000} \frac{1}{i}")


def test_exponential_bound_follows_the_digit_limit(monkeypatch):
    """e^{x} has x / ln 10 digits: e^{30000} (about 13,000) is over 10,000 and under 20,000."""
    with pytest.raises(SymattnError, match="more than 10000 digits"):
        _parse("e^{30000}")
    monkeypatch.setenv("SYMATTN_MAX_RESULT_DIGITS", "20000")
    assert _parse("e^{30000}").is_positive


def test_integer_string_limit_follows_every_digit_limit(monkeypatch):
    base = limits.int_str_digits()
    assert base >= 4 * limits.MAX_RESULT_DIGITS
    for env, value in (("SYMATTN_MAX_RESULT_DIGITS", 50_000), ("SYMATTN_MAX_INTEGER_DIGITS", 300_000),
                       ("SYMATTN_MAX_LATEX_CHARS", 400_000)):
        monkeypatch.setenv(env, str(value))
        assert limits.int_str_digits() >= value
    monkeypatch.setenv("SYMATTN_MAX_FACTORIAL", "100000")  # 100000! has 456,574 digits
    assert limits.int_str_digits() >= limits.factorial_digits() == 456574


def test_a_long_integer_allowed_by_the_integer_limit_is_read(tmp_path, monkeypatch, capsys):
    """A 45,000-digit integer with SYMATTN_MAX_INTEGER_DIGITS=50000 is read and judged by the next
    limit (the scores); it used to be 'too many digits to print' (Python's 40,000-digit limit)."""
    spec = tmp_path / "big.toml"
    spec.write_text(f'tokens = ["a", "b"]\nQ = [[{"9" * 45000}, 1], [1, 1]]\nK = [[1, 1], [1, 1]]\n',
                    encoding="utf-8")
    code, _out, err = run(["derive", spec], capsys)
    assert code == 2
    one_line_error(err, "SYMATTN_MAX_INTEGER_DIGITS")
    monkeypatch.setenv("SYMATTN_MAX_INTEGER_DIGITS", "50000")
    code, out, err = run(["derive", spec], capsys)
    assert code == 2 and out == ""
    one_line_error(err, "scaled scores could reach", "SYMATTN_MAX_SCORE")


def test_saturation_d_k_follows_the_score_limit(monkeypatch):
    from symattn.spec import parse_spec
    spec = parse_spec('topic = "softmax_gradient"\ntokens = ["a"]\nQ = [[1]]\nK = [[1]]\n'
                      '[options]\nsaturation_d_k = 400\n')
    limits.estimate(spec)                                 # 400 <= 100000^2
    monkeypatch.setenv("SYMATTN_MAX_SCORE", "10")
    with pytest.raises(SymattnError, match="over the limit of 100"):
        limits.estimate(spec)                             # 400 > 10^2
    monkeypatch.setenv("SYMATTN_MAX_SCORE", "20")
    limits.estimate(spec)                                 # 400 <= 20^2


@pytest.mark.parametrize("d_k, samples", [(5000, 10), (1, 250_000)])
def test_sampling_is_bounded_by_its_work_limit_alone(d_k, samples, monkeypatch):
    """why_sqrt_dk's cost is samples x d_k (SYMATTN_MAX_SAMPLE_WORK); the fixed caps d_k <= 4096 and
    samples <= 200,000 refused these cheap cases whatever the variable said."""
    from symattn.spec import parse_spec
    from symattn.topics import derive
    text = f'topic = "why_sqrt_dk"\nd_k = {d_k}\n[options]\nsamples = {samples}\n'
    monkeypatch.setenv("SYMATTN_MAX_SAMPLE_WORK", str(d_k * samples - 1))
    with pytest.raises(SymattnError, match="SYMATTN_MAX_SAMPLE_WORK"):
        derive(parse_spec(text))
    monkeypatch.setenv("SYMATTN_MAX_SAMPLE_WORK", str(d_k * samples))
    assert f"{samples} pairs of ${d_k}$-dimensional" in derive(parse_spec(text)).step("sampling").notes[0].en


def test_exact_powers_in_check_follow_the_digit_limit(tmp_path, monkeypatch, capsys):
    """999999^{2000} has 12,000 digits: unverifiable (not computed) under the 10,000-digit limit,
    and computed, so found wrong, when the limit is raised."""
    article = tmp_path / "p.md"
    article.write_text("We have $999999^{2000} = 5$.\n", encoding="utf-8")
    code, out, _err = run(["check", article], capsys)
    assert code == 0 and "SYMATTN_MAX_RESULT_DIGITS" in out
    monkeypatch.setenv("SYMATTN_MAX_RESULT_DIGITS", "20000")
    code, out, _err = run(["check", article], capsys)
    assert code == 1


def test_check_reads_every_number_derive_prints(tmp_path, monkeypatch, capsys):
    """check's longest number follows the numeric level's decimal places and the spec's digits:
    a fixed 60 characters left the numbers of `derive --digits 80` unreadable."""
    assert limits.CHECK_MAX_NUMBER_CHARS >= limits.MAX_DIGITS + limits.MAX_INTEGER_DIGITS
    monkeypatch.setenv("SYMATTN_MAX_INTEGER_DIGITS", "500")
    assert limits.CHECK_MAX_NUMBER_CHARS >= limits.MAX_DIGITS + 500
    monkeypatch.delenv("SYMATTN_MAX_INTEGER_DIGITS")
    doc = tmp_path / "d.md"
    assert run(["derive", "--digits", limits.MAX_DIGITS, "--lang", "en", "-o", doc], capsys)[0] == 0
    _code, out, _err = run(["check", doc, "--format", "json"], capsys)
    unread = [c["detail"] for c in json.loads(out)["claims"] if "a number with more than" in (c["detail"] or "")]
    assert not unread


def test_claim_budget_follows_both_check_timers(monkeypatch):
    """Each claim gets min(claim seconds, what is left of the article's seconds)."""
    monkeypatch.setenv("SYMATTN_CHECK_SECONDS", "20")
    with limits.article_budget("a.md") as budget:
        assert budget.claim_seconds() == 20
    monkeypatch.setenv("SYMATTN_CHECK_ARTICLE_SECONDS", "5")
    with limits.article_budget("a.md") as budget:
        assert 0 < budget.claim_seconds() <= 5


# --- the README documents what the code does ----------------------------------------------------------

def _readme_limit_rows():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("**Limits**", 1)[1].split("\n\n", 2)[1]
    rows = [line for line in section.splitlines() if line.startswith("|") and "SYMATTN_" in line]
    assert rows, "the README's limits table is missing"
    return rows


def _number(cell: str) -> float:
    cell = cell.strip()
    scale = 1_000_000 if cell.endswith("MB") else 1
    return float(cell.removesuffix("MB").strip().replace(",", "")) * scale


def test_readme_table_matches_the_code():
    documented = {}
    for row in _readme_limit_rows():
        cells = [c.strip() for c in row.strip("|").split("|")]
        names = re.findall(r"SYMATTN_[A-Z_]+", cells[-1])
        defaults = re.split(r"\s*[/,]\s+", cells[-2])
        assert len(names) == len(defaults), row
        documented.update(zip(names, defaults))
    assert set(documented) == set(ENV)
    for env, default in documented.items():
        assert _number(default) == limits.ENV_LIMITS[ENV[env]][1], (env, default)


def test_a_timer_named_by_its_limit_reports_its_own_variable(monkeypatch):
    """time_limit("...", "MAX_COMMAND_SECONDS") takes the value and the variable from one name."""
    import time
    monkeypatch.setenv("SYMATTN_MAX_COMMAND_SECONDS", "0.05")
    with pytest.raises(SymattnError) as info:
        with limits.time_limit("spinning", "MAX_COMMAND_SECONDS"):
            end = time.process_time() + 30  # a safety net: the timer fires long before
            while time.process_time() < end:
                pass
            pytest.fail("the CPU timer never fired")
    assert str(info.value) == ("spinning took longer than the limit of 0.05 s of CPU time "
                               "(set SYMATTN_MAX_COMMAND_SECONDS to raise it)")


def test_an_expiry_swallowed_by_a_callback_does_not_end_the_limit():
    """The timer's signal can be handled inside a weakref callback or a ``__del__`` the garbage
    collector started, where Python swallows what the handler raises (a clean-clone CI once saw
    a 0.05 s parse limit pass a 0.4 s parse so): the timer fires again until the block ends."""
    import time
    swallowed = []
    end = time.process_time() + 30  # a safety net: the timer fires long before

    def spin():
        while time.process_time() < end:
            sum(range(100))

    with pytest.raises(SymattnError, match="spinning took longer than the limit of 0.05 s"):
        with limits.time_limit("spinning", 0.05):
            # The whole spin is inside the ``try``: the handler runs at whichever bytecode the
            # signal finds (the loop's condition as well as its body), so a loop whose condition
            # lay outside the ``try`` let the first expiry through unswallowed now and then.
            while True:
                try:
                    spin()
                    break
                except limits._Expired:
                    if swallowed:
                        raise
                    swallowed.append(time.process_time())  # as "Exception ignored in ..." does
            pytest.fail("the CPU timer fired once and never again")
    assert swallowed


@pytest.mark.parametrize("argv, env", [(["derive", "FILE"], "SYMATTN_MAX_SPEC_BYTES"),
                                       (["check", "FILE"], "SYMATTN_MAX_FILE_BYTES"),
                                       (["derive", "--from-article", "FILE"], "SYMATTN_MAX_FILE_BYTES")])
def test_a_file_over_its_byte_limit_names_its_own_variable(argv, env, tmp_path, monkeypatch, capsys):
    path = tmp_path / "f.toml"
    path.write_text(SMALL, encoding="utf-8")
    monkeypatch.setenv(env, str(len(SMALL) - 1))
    code, out, err = run([path if a == "FILE" else a for a in argv], capsys)
    assert code == 2 and out == ""
    one_line_error(err, f"larger than the limit of {len(SMALL) - 1} bytes (set {env} to raise it)")
    monkeypatch.setenv(env, str(len(SMALL)))
    assert "larger than the limit" not in run([path if a == "FILE" else a for a in argv], capsys)[2]


def test_a_claim_cut_by_the_article_budget_names_that_budget(monkeypatch):
    """A claim stopped by what was left of the article's budget says so; one stopped by its own budget
    names its own seconds (both used to say the per-claim default, 10 s).  The budgets' clock is a
    counter here (a hundredth of a second each time it is read): on a loaded machine, the real one
    had spent the article's 0.2 s before the claim's budget began, once in a full run."""
    from types import SimpleNamespace
    from symattn.check import guard
    ticks = iter(range(10 ** 9))
    monkeypatch.setattr(guard, "time", SimpleNamespace(monotonic=lambda: next(ticks) / 100))
    with pytest.raises(guard.GuardError) as cut:
        with guard.article(0.2), guard.budget():
            while True:
                guard.tick()
    assert cut.value.reason.code == "article-budget-ran-out" and "0.2 s" in str(cut.value)
    with pytest.raises(guard.GuardError) as own:
        with guard.budget(0.1):
            while True:
                guard.tick()
    assert own.value.reason.code == "too-slow" and "0.1 s" in str(own.value)
