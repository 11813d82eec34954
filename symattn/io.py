"""Writing output files safely: all or nothing, and never over a file without leave."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import SymattnError
from .limits import _env as _env_int

__all__ = ["write_atomic", "read_text", "decode_text", "MAX_FILE_BYTES"]

#: Largest file read (an article, a spec): set SYMATTN_MAX_FILE_BYTES to raise it.
MAX_FILE_BYTES = _env_int("SYMATTN_MAX_FILE_BYTES", 5_000_000)


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    A failure at any point leaves an existing ``path`` as it was.  With
    ``force=False`` an existing file is an error.
    """
    path = Path(path)
    if path.is_dir():
        raise SymattnError("is a directory", file=str(path))
    if not force and (path.exists() or path.is_symlink()):
        raise SymattnError("already exists; use --force to overwrite it", file=str(path))
    if path.exists() and not path.is_file():
        # a device or a pipe: renaming over it would replace it, not write into it
        raise SymattnError("is not a regular file; write to a file or to standard output", file=str(path))
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


def read_text(path: str | Path, *, limit: int | None = None, limit_env: str = "SYMATTN_MAX_FILE_BYTES") -> str:
    """Read a UTF-8 text file, with a clear error for every way that can fail.

    At most ``limit`` bytes are read (default: :data:`MAX_FILE_BYTES`), so a
    huge file or a device such as /dev/zero cannot fill the memory.
    """
    name = str(path)
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except FileNotFoundError:
        raise SymattnError("no such file", file=name) from None
    except IsADirectoryError:
        raise SymattnError("is a directory", file=name) from None
    except OSError as exc:
        raise SymattnError(f"cannot read: {exc.strerror or exc}", file=name) from None
    except ValueError as exc:  # e.g. an embedded NUL in the path
        raise SymattnError(f"cannot read: {exc}", file=name) from None
    if len(raw) > limit:
        raise SymattnError(f"larger than the limit of {limit} bytes (set {limit_env} to raise it)", file=name)
    return decode_text(raw, name)


def decode_text(raw: bytes, name: str | None = None) -> str:
    """UTF-8 bytes (a BOM is allowed) to text; UTF-16, binary and other encodings are clear errors.

    >>> decode_text("我".encode())
    '我'
    >>> decode_text("caf\u00e9".encode("latin-1"), "a.md")
    Traceback (most recent call last):
    ...
    symattn.errors.SymattnError: a.md:1: not valid UTF-8 text (byte 0xe9 at offset 3); save the file as UTF-8
    """
    odd, even = raw[1:4:2], raw[0:4:2]  # ASCII in UTF-16 has a NUL in every other byte
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(raw) >= 4 and (odd == b"\0\0") != (even == b"\0\0")):
        raise SymattnError("is UTF-16 text; save it as UTF-8", file=name)
    if b"\0" in raw:
        line = raw[: raw.index(b"\0")].count(b"\n") + 1
        raise SymattnError("contains NUL bytes: not a text file", file=name, line=line)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SymattnError(f"not valid UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
                           "save the file as UTF-8", file=name, line=line) from None
