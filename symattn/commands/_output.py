"""Where a command's text goes: standard output, or a file written atomically."""

from __future__ import annotations

import sys

from ..io import write_atomic


def emit(data: str | bytes, output: str | None, *, force: bool) -> None:
    if output and output != "-":
        write_atomic(output, data, force=force)
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)
