"""Where a command's text goes: standard output, or a file written atomically."""

from __future__ import annotations

import sys

from ..errors import SymattnError
from ..io import STDOUT_NAMES, write_atomic


def emit(data: str | bytes, output: str | None, *, force: bool) -> None:
    if output and output not in STDOUT_NAMES:
        write_atomic(output, data, force=force)
        return
    write_stdout(data)


def write_stdout(data: str | bytes) -> None:
    """All of ``data`` on standard output, or one clear error: closed, full, or an encoding
    that cannot show the text (PYTHONIOENCODING=ascii, LC_ALL=C) is the environment, not a bug."""
    out = sys.stdout
    if out is None or getattr(out, "closed", False):
        raise SymattnError("standard output is closed; write to a file with -o FILE")
    if isinstance(data, str):
        encoding = getattr(out, "encoding", None) or "utf-8"
        try:
            payload = data.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            bad = next((ch for ch in data if not _encodes(ch, encoding)), "?")
            raise SymattnError(f"standard output uses the {encoding} encoding, which cannot show {bad!r}; "
                               "set PYTHONIOENCODING=utf-8 (or a UTF-8 locale), or write to a file with -o FILE") \
                from None
    else:
        payload = data
    try:
        out.flush()
        out.buffer.write(payload) if hasattr(out, "buffer") else out.write(data)
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _silence_stdout()
        raise SymattnError(f"cannot write to standard output: {exc.strerror or exc}") from None


def _encodes(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _silence_stdout() -> None:
    """Point fd 1 at /dev/null, so the interpreter's final flush of what is still buffered
    cannot fail again after the one clear error."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
