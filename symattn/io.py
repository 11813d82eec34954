"""Writing output files safely: all or nothing, and never over a file without leave."""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from pathlib import Path

from . import limits
from .errors import SymattnError

__all__ = ["write_atomic", "check_target", "encode_text", "read_text", "decode_text", "STDOUT_NAMES"]

#: -o names that mean standard output itself
STDOUT_NAMES = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def _target_kind(path: Path) -> str:
    """'missing', 'file', 'loop', 'dir' or 'other' (a device or a pipe), without following a loop."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "missing" if not path.is_symlink() else "dangling"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "loop"
        raise SymattnError(f"cannot write: {exc.strerror}", file=str(path)) from None
    return "file" if stat.S_ISREG(mode) else "dir" if stat.S_ISDIR(mode) else "other"


def check_target(path: str | Path, *, force: bool) -> str:
    """What :func:`write_atomic` would refuse, found before any work: ``path`` ends with a slash,
    is a folder, a device, a link loop or a name too long for its file system, its folder is
    missing, or it exists and ``force`` is not given.  Returns its kind ('missing', 'dangling' or
    'file')."""
    name = str(path)
    if name.endswith(("/", os.sep)):
        raise SymattnError("ends with a slash: give a file name, not a directory", file=name)
    path = Path(path)
    limit = _name_max(path.parent)
    if len(os.fsencode(path.name)) > limit:
        raise SymattnError(f"the file name is too long ({len(os.fsencode(path.name))} bytes; the file system "
                           f"allows {limit})", file=name)
    kind = _target_kind(path)
    if kind == "loop":
        raise SymattnError("is a symbolic link loop (too many levels of links)", file=name)
    if kind == "dir":
        raise SymattnError("is a directory", file=name)
    if kind == "other":
        # a device or a pipe: renaming over it would replace it, not write into it
        raise SymattnError("is not a regular file (a device or a pipe); write to a file, or leave out -o "
                           "for standard output", file=name)
    if not force and kind != "missing":
        raise SymattnError("already exists; use --force to overwrite it", file=name)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise SymattnError(f"directory {directory} does not exist", file=name)
    return kind


def _name_max(directory: Path) -> int:
    """The longest file name (in bytes) the file system of ``directory`` takes; 255 where it cannot tell."""
    try:
        return os.pathconf(directory if str(directory) else ".", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def _temp_prefix(path: Path) -> str:
    """``.NAME.`` for the temporary file, NAME shortened so that the temporary name (the prefix,
    eight random characters and ``.tmp``) fits where ``path``'s own name fits."""
    room = _name_max(path.parent) - len(".." + "x" * 8 + ".tmp")
    stem = path.name
    while len(os.fsencode(stem)) > room:
        stem = stem[:-1]
    return f".{stem}."


def encode_text(data: str) -> bytes:
    r"""UTF-8; a file name's byte that is not UTF-8 (a lone surrogate) is written as its escape,
    the same text that reports show, and in JSON a string escape that reads back as the name.

    >>> encode_text("caf\udce9.md ✓")
    b'caf\\udce9.md \xe2\x9c\x93'
    """
    return data.encode("utf-8", "backslashreplace")


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file.

    A failure at any point leaves an existing ``path`` as it was.  With
    ``force=False`` the temporary file is hard-linked to ``path``, which fails
    if ``path`` exists, even if it appeared a moment ago (no check-then-rename);
    with ``force=True`` it is renamed over ``path``.
    """
    name = str(path)
    kind = check_target(path, force=force)
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    payload = encode_text(data) if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=directory)
    except OSError as exc:
        raise SymattnError(f"cannot write: {exc.strerror}", file=name) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if kind == "file":
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        if force:
            os.replace(tmp, path)
        else:
            _create(tmp, path, payload)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, FileExistsError):
            raise SymattnError("already exists (it appeared while writing); use --force to overwrite it",
                               file=name) from None
        if isinstance(exc, OSError):
            raise SymattnError(f"cannot write: {exc.strerror}", file=name) from None
        raise


def _create(tmp: str, path: Path, payload: bytes) -> None:
    """Make ``path`` the finished file only if nothing is there: a hard link is atomic and
    fails with EEXIST; where links are not supported, ``O_EXCL`` creates it instead."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, os.stat(tmp).st_mode & 0o777)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            os.unlink(path)  # ours: O_EXCL made it
            raise
    os.unlink(tmp)


def read_text(path: str | Path, *, limit: str = "MAX_FILE_BYTES") -> str:
    """Read a UTF-8 text file (or standard input for ``-``), with a clear error for every way that can fail.

    Only regular files and standard input are read: a FIFO would block forever, a
    device such as /dev/zero never ends.  At most as many bytes as the limit named
    ``limit`` are read, so a huge file cannot fill the memory.
    """
    name = str(path)
    limit, limit_env = getattr(limits, limit), limits.env_name(limit)
    if name == "-":
        raw = sys.stdin.buffer.read(limit + 1) if sys.stdin is not None else b""
        name = "<stdin>"
    else:
        raw = _read_regular(path, name, limit)
    if len(raw) > limit:
        raise SymattnError(f"larger than the limit of {limit} bytes (set {limit_env} to raise it)", file=name)
    return decode_text(raw, name)


def _read_regular(path, name: str, limit: int) -> bytes:
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise SymattnError("no such file", file=name) from None
    except IsADirectoryError:
        raise SymattnError("is a directory", file=name) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SymattnError("is a symbolic link loop (too many levels of links)", file=name) from None
        raise SymattnError(f"cannot read: {exc.strerror or exc}", file=name) from None
    except ValueError as exc:  # e.g. an embedded NUL in the path
        raise SymattnError(f"cannot read: {exc}", file=name) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise SymattnError("is a directory", file=name)
        raise SymattnError("is not a regular file (a pipe or a device); give a file, or - for "
                           "standard input", file=name)
    os.set_blocking(fd, True)
    with os.fdopen(fd, "rb") as fh:
        try:
            return fh.read(limit + 1)
        except OSError as exc:
            raise SymattnError(f"cannot read: {exc.strerror or exc}", file=name) from None


def decode_text(raw: bytes, name: str | None = None) -> str:
    """UTF-8 bytes (a BOM is allowed) to text; UTF-16, binary and other encodings are clear errors.

    >>> decode_text("我".encode())
    '我'
    >>> decode_text("caf\u00e9".encode("latin-1"), "a.md")
    Traceback (most recent call last):
    ...
    symattn.errors.SymattnError: a.md:1: not valid UTF-8 text (byte 0xe9 at offset 3); save the file as UTF-8
    """
    if raw.startswith((b"\xff\xfe\0\0", b"\0\0\xfe\xff")) or (
            len(raw) >= 4 and (raw[1:4] == b"\0\0\0" or raw[0:3] == b"\0\0\0")) or (
            len(raw) >= 8 and (raw[2:4] == raw[6:8] == b"\0\0" or raw[0:2] == raw[4:6] == b"\0\0")):
        raise SymattnError("is UTF-32 text; save it as UTF-8", file=name)  # ASCII in UTF-32: 3 NULs a character
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
