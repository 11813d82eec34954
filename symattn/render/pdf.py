"""PDF: the ``tex`` document compiled by xelatex in a temporary folder.

xelatex is an optional tool; without it the format says what to install.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import SymattnError
from ..model import Derivation
from . import tex

__all__ = ["render", "compile_tex", "xelatex_missing", "INSTALL_HINT"]

INSTALL_HINT = ("install TeX Live with xelatex and ctex (Debian: apt-get install texlive-xetex "
                "texlive-lang-chinese texlive-latex-recommended fonts-noto-cjk)")

#: seconds one xelatex run may take before it is treated as stuck
TIMEOUT = 300


def xelatex_missing() -> str | None:
    """Why xelatex cannot run here, or None when it can."""
    return None if shutil.which("xelatex") else "xelatex not found; " + INSTALL_HINT


def _first_error(log: str) -> str:
    for line in log.splitlines():
        if line.startswith("!"):
            return line[1:].strip()
    return "see the xelatex log"


def compile_tex(source: str) -> tuple[bytes, str]:
    """Compile a LaTeX document with xelatex; returns (PDF bytes, xelatex log)."""
    reason = xelatex_missing()
    if reason:
        raise SymattnError(reason)
    with tempfile.TemporaryDirectory(prefix="symattn-tex-") as tmp:
        work = Path(tmp)
        (work / "doc.tex").write_text(source, encoding="utf-8")
        try:
            subprocess.run([shutil.which("xelatex"), "-interaction=nonstopmode", "-halt-on-error",
                            "-no-shell-escape", "doc.tex"], cwd=work, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise SymattnError(f"xelatex took longer than {TIMEOUT} s") from None
        log_path = work / "doc.log"
        log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
        pdf = work / "doc.pdf"
        if not pdf.exists() or re.search(r"(?m)^!", log):
            raise SymattnError(f"xelatex failed: {_first_error(log)}")
        return pdf.read_bytes(), log


def render(derivation: Derivation, lang: str) -> bytes:
    return compile_tex(tex.render(derivation, lang))[0]
