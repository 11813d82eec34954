"""PDF: the ``tex`` document compiled by xelatex in a temporary folder.

xelatex is an optional tool; without it the format says what to install.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .. import limits
from ..errors import SymattnError
from ..model import Derivation
from . import tex

__all__ = ["render", "compile_tex", "xelatex_missing", "INSTALL_HINT"]

INSTALL_HINT = ("install TeX Live with xelatex and ctex (Debian: apt-get install texlive-xetex "
                "texlive-lang-chinese texlive-latex-recommended fonts-noto-cjk)")

def xelatex_missing() -> str | None:
    """Why xelatex cannot run here, or None when it can."""
    return None if shutil.which("xelatex") else "xelatex not found; " + INSTALL_HINT


def _first_error(log: str, source: str) -> str:
    """The first ``!`` line of the log, and which part of the document it is in."""
    lines = log.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("!"):
            where = next((m for m in (re.match(r"l\.(\d+)", x) for x in lines[k + 1:k + 12]) if m), None)
            place = _part(source, int(where.group(1))) if where else None
            return line[1:].strip() + (f" (in {place})" if place else "")
    return "see the xelatex log"


def _part(source: str, line: int) -> str | None:
    """The document part at a line of the .tex: the title, a step's heading, or a step's body."""
    text = source.splitlines()
    if not 1 <= line <= len(text):
        return None
    if text[line - 1].startswith("\\title{"):
        return "the title"
    steps = sum(1 for t in text[:line] if t.startswith("\\section*{"))
    if text[line - 1].startswith("\\section*{"):
        return f"the heading of step {steps}"
    return f"step {steps}, line {line} of the .tex" if steps else f"line {line} of the .tex"


def compile_tex(source: str) -> tuple[bytes, str]:
    """Compile a LaTeX document with xelatex; returns (PDF bytes, xelatex log)."""
    reason = xelatex_missing()
    if reason:
        raise SymattnError(reason)
    timeout = limits.TEX_SECONDS
    # paranoid file access: read and write only in and below the temporary folder; no shell
    env = dict(os.environ, openin_any="p", openout_any="p", shell_escape="f")
    # byte-identical PDFs: xelatex stamps the date and an id from it (a fixed moment, as the .apkg's)
    env.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    env["FORCE_SOURCE_DATE"] = "1"
    with tempfile.TemporaryDirectory(prefix="symattn-tex-") as tmp:
        work = Path(tmp)
        (work / "doc.tex").write_text(source, encoding="utf-8")
        try:
            subprocess.run([shutil.which("xelatex"), "-interaction=nonstopmode", "-halt-on-error",
                            "-no-shell-escape", "doc.tex"], cwd=work, stdin=subprocess.DEVNULL, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise SymattnError(f"xelatex took longer than {timeout:g} s (set SYMATTN_TEX_SECONDS to raise "
                               "it)") from None
        log_path = work / "doc.log"
        log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
        pdf = work / "doc.pdf"
        if not pdf.exists() or re.search(r"(?m)^!", log):
            raise SymattnError(f"xelatex failed: {_first_error(log, source)}")
        return pdf.read_bytes(), log


def render(derivation: Derivation, lang: str, *, compact: bool = False, paper: str = "a4") -> bytes:
    return compile_tex(tex.render(derivation, lang, compact=compact, paper=paper))[0]
