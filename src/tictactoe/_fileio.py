"""Files read and written safely: regular files only, bounded reads, atomic replacement.

The record formats and the pictures are written through :func:`write_atomic`, and records
read through :func:`read_regular`; both turn the system's errors into a
:class:`~tictactoe.errors.RecordError` that names the file, and refuse a name that is not
text with a :class:`~tictactoe.errors.WrongType`.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path

from tictactoe.errors import RecordError, WrongType

__all__ = ["check_writable", "read_regular", "shown_name", "write_atomic"]


def read_regular(path: str | os.PathLike[str], limit: int, *, what: str) -> bytes:
    """The bytes of the regular file at ``path``, refused if over ``limit`` bytes.

    The file is opened once (a link to a regular file is followed); a named pipe, a device
    or a folder is refused without reading, and at most ``limit`` + 1 bytes are read.

    Raises:
        RecordError: the file is missing, not a regular file, or over ``limit`` bytes;
            ``what`` says what it should have been.
    """
    shown = shown_name(path)
    _refuse_nul(path, shown)
    chunks: list[bytes] = []
    left = limit + 1
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer before fstat refuses it.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RecordError(f"{shown}: cannot read: {error.strerror or error}") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe, device or socket"
            raise RecordError(f"{shown}: not a regular file ({kind}): expected {what}")
        while left > 0 and (chunk := os.read(handle, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise RecordError(f"{shown}: cannot read: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if left <= 0:
        raise RecordError(f"{shown}: too big to be {what} (over {limit:,} bytes)")
    return b"".join(chunks)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    A link at ``path`` is followed, so the file it names is replaced. An existing file keeps
    its permission bits; a new one gets the usual ``0o666`` less the umask. Any failure,
    Ctrl-C and termination included, leaves an existing file as it was and no temporary file
    behind.

    Raises:
        RecordError: the folder is missing, ``path`` is a folder or not a regular file, or
            the file cannot be written (the error from the system is quoted).
        WrongType: ``path`` or ``text`` is not a str (``path`` may be a path object).
    """
    shown = shown_name(path)
    target, mode = _target_of(path)
    if not isinstance(text, str):
        raise WrongType(f"{shown}: the text to write must be a str, not {type(text).__name__}")
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise RecordError(f"{shown}: cannot write character {error.start} as UTF-8") from None
    temporary = ""
    try:
        handle, temporary = _temporary_in(target.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if mode is not None:
                os.chmod(temporary, mode)
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        _sync_folder(target.parent)
    except BaseException as error:
        # BaseException too: Ctrl-C or a termination signal mid-save must not leave the
        # temporary file behind (the command turns SIGTERM into an exception for this).
        if temporary:
            with suppress(OSError):
                os.unlink(temporary)
        if isinstance(error, OSError):
            raise RecordError(f"{shown}: cannot write: {error.strerror or error}") from None
        raise


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse, before any work is done, a ``path`` that :func:`write_atomic` could not write.

    Raises:
        RecordError: the folder is missing, not a folder or not writable, or ``path`` is a
            folder or another thing that is not a regular file.
    """
    target, _ = _target_of(path)
    if not os.access(target.parent, os.W_OK):
        raise RecordError(
            f"{shown_name(path)}: cannot write in the folder {shown_name(target.parent)}"
        )


def _target_of(path: str | os.PathLike[str]) -> tuple[Path, int | None]:
    """The file a save to ``path`` replaces (links followed), and its permission bits if any.

    Raises:
        RecordError: the parent folder is missing or not a folder, or ``path`` is a folder or
            another thing that is not a regular file.
    """
    shown = shown_name(path)
    _refuse_nul(path, shown)
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        why = "is not a folder" if target.parent.exists() else "does not exist"
        raise RecordError(f"{shown}: {shown_name(target.parent)} {why}")
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target, None
    except OSError as error:
        raise RecordError(f"{shown}: cannot write: {error.strerror or error}") from None
    if stat.S_ISDIR(mode):
        raise RecordError(f"{shown}: is a folder: expected a file name")
    if not stat.S_ISREG(mode):
        raise RecordError(f"{shown}: not a regular file (a pipe, device or socket)")
    return target, stat.S_IMODE(mode) & 0o777


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX; not Windows)."""
    with suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _temporary_in(folder: Path) -> tuple[int, str]:
    """A new, empty file with a short name in ``folder``, opened for writing."""
    while True:
        # A short name: a target whose own name is near the system's limit still saves.
        name = os.path.join(folder, f".tictactoe-{secrets.token_hex(6)}.tmp")
        with suppress(FileExistsError):
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), name


def shown_name(name: str | os.PathLike[str]) -> str:
    """A file name for a message: as it is if printable, else quoted with escapes.

    Raises:
        WrongType: ``name`` is not a str or a path of one (bytes included).
    """
    text = os.fspath(name) if isinstance(name, str | os.PathLike) else None
    if not isinstance(text, str):
        raise WrongType(f"a file name must be a str or a path, not {type(name).__name__}")
    return text if text.isprintable() else repr(text)


def _refuse_nul(path: str | os.PathLike[str], shown: str) -> None:
    """Refuse a name that no system takes, before the system is asked (it raises ValueError)."""
    if "\x00" in os.fspath(path):
        raise RecordError(f"{shown}: a file name cannot hold a NUL character")
