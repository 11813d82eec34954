"""Writing output files safely: all or nothing, and never over a file without leave."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import SymattnError

__all__ = ["write_atomic", "read_text"]


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    A failure at any point leaves an existing ``path`` as it was.  With
    ``force=False`` an existing file is an error.
    """
    path = Path(path)
    if not force and path.exists():
        raise SymattnError("already exists; use --force to overwrite it", file=str(path))
    if path.is_dir():
        raise SymattnError("is a directory", file=str(path))
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise SymattnError(f"directory {directory} does not exist", file=str(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise SymattnError(f"cannot write: {exc.strerror}", file=str(path)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise SymattnError(f"cannot write: {exc.strerror}", file=str(path)) from None
        raise


def read_text(path: str | Path, *, limit: int = 5_000_000) -> str:
    """Read a UTF-8 text file, with a clear error for every way that can fail."""
    name = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except FileNotFoundError:
        raise SymattnError("no such file", file=name) from None
    except IsADirectoryError:
        raise SymattnError("is a directory", file=name) from None
    except OSError as exc:
        raise SymattnError(f"cannot read: {exc.strerror}", file=name) from None
    if len(raw) > limit:
        raise SymattnError(f"larger than the limit of {limit} bytes", file=name)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SymattnError("not valid UTF-8 text", file=name, line=line) from None
    if "\x00" in text:
        raise SymattnError("contains NUL bytes: not a text file", file=name)
    return text
