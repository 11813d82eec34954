"""Where a command's text goes: standard output, or a file written atomically."""

from __future__ import annotations

import sys

from ..errors import SymattnError
from ..io import STDOUT_NAMES, encode_text, write_atomic


def check_outputs(outputs: dict[str, str | None], *, force: bool, inputs: tuple = ()) -> None:
    """Before any work, so that a refusal never comes after one of them is written: every output
    (option -> path; None for not given) can be written (:func:`~symattn.io.check_target`: not an
    existing file without --force, not a folder, a name its temporary file fits beside), no two
    name the same file or both standard output, and none is one of the ``inputs`` (paths read)."""
    import os

    from ..io import check_target
    seen: dict = {}
    for option, path in outputs.items():
        if not path:
            continue
        key = "stdout" if path in STDOUT_NAMES else _identity(path)
        if key in seen:
            if key == "stdout":
                raise SymattnError(f"{seen[key]} and {option} both name standard output; give one a file")
            raise SymattnError(f"{seen[key]} and {option} name the same file; give them different files", file=path)
        seen[key] = option
        if key == "stdout":
            continue
        check_target(path, force=force)
        for read in inputs:
            if read and read != "-" and os.path.exists(read) and key == _identity(read):
                raise SymattnError(f"{option} would overwrite a file this command reads; give another file",
                                   file=path)


def _identity(path: str):
    """What names one file: its device and inode when it exists (hard links, ./a and a), else its
    real path (a link to it, the folder through a link)."""
    import os
    try:
        st = os.stat(path)
        return (st.st_dev, st.st_ino)
    except (OSError, ValueError):
        pass
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return os.path.abspath(path)


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
        data = encode_text(data).decode("utf-8")  # a name's byte that is not UTF-8: its escape, as in files
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
