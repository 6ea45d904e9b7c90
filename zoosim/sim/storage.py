"""Where a run's files live: a local directory, or (if fsspec is installed) any fsspec URL.

Local directories are fully supported: every file is written to a temporary name, fsynced and
renamed with `os.replace`, so a reader never sees half a file. For other URLs (s3://, gs://, …) the
file is written to a temporary name and moved with the filesystem's `mv`; on object stores an object
only appears once its upload completes, so a finished shard is also all-or-nothing there, but a
killed run may leave temporary objects behind (the next run removes them).

A `RunDir` holds only its URL, so it pickles cheaply into Dask tasks.
"""
from __future__ import annotations

import errno
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Callable

try:
    import fcntl
except ImportError:  # Windows: no advisory lock
    fcntl = None  # type: ignore[assignment]

from zoosim.errors import ZoosimError

TMP_PREFIX = ".tmp-"
LOCK_NAME = ".zoosim.lock"  # held by the one process writing a run dir; never listed by names()


def is_url(location: str | Path) -> bool:
    """True for `scheme://…` locations other than plain paths."""
    return "://" in str(location)


class RunDir:
    """A run directory: list, read and atomically write the files in it."""

    def __init__(self, location: str | Path) -> None:
        text = str(location)
        if text.startswith("file://"):
            text = text[len("file://"):]
        self.local = not is_url(text)
        self.url = os.path.abspath(text) if self.local else text  # absolute: Dask workers may run elsewhere
        self._fs: Any = None

    def __repr__(self) -> str:
        return f"RunDir({self.url!r})"

    def __getstate__(self) -> dict[str, Any]:
        return {"url": self.url, "local": self.local, "_fs": None}

    @property
    def fs(self) -> Any:
        """The fsspec filesystem of a URL run dir (imported only when needed)."""
        if self._fs is None:
            try:
                import fsspec
            except ImportError:
                raise ZoosimError(
                    f"run dir {self.url!r} is a URL; install fsspec (and its backend) or give a plain path"
                ) from None
            try:
                self._fs, self._root = fsspec.core.url_to_fs(self.url)
            except (ImportError, ValueError) as exc:
                raise ZoosimError(f"cannot use run dir {self.url!r}: {exc}") from None
        return self._fs

    def sub(self, name: str) -> "RunDir":
        """A subdirectory (e.g. the rounds log) as a RunDir of its own."""
        return RunDir(os.path.join(self.url, name) if self.local else f"{self.url.rstrip('/')}/{name}")

    def path(self, name: str) -> str:
        if self.local:
            return os.path.join(self.url, name)
        self.fs
        return f"{self._root.rstrip('/')}/{name}"

    def exists(self) -> bool:
        return os.path.isdir(self.url) if self.local else self.fs.isdir(self.path("").rstrip("/"))

    def is_file(self) -> bool:
        """True when the location is an existing file (not a directory)."""
        return os.path.isfile(self.url) if self.local else self.fs.isfile(self.path("").rstrip("/"))

    def names(self) -> list[str]:
        """File names in the run dir (empty when it does not exist)."""
        if self.local:
            try:
                return sorted(n for n in os.listdir(self.url) if n != LOCK_NAME)
            except (FileNotFoundError, NotADirectoryError):
                return []
            except OSError as exc:
                raise ZoosimError(f"cannot read run dir {self.url}: {_reason(exc)}") from None
        if not self.exists():
            return []
        return sorted(p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(self.path("").rstrip("/"), detail=False))

    @contextmanager
    def writer_lock(self) -> Iterator[None]:
        """Hold the run dir's lock while writing it: a second process writing the same dir is refused.

        Local dirs only (an advisory `flock`, released by the OS even when the process is killed); on
        fsspec URLs there is no portable lock, so nothing is held there.
        """
        if not self.local or fcntl is None:
            yield
            return
        created = not os.path.isdir(self.url)
        self.makedirs()
        with open(self.path(LOCK_NAME), "a+") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise ZoosimError(f"another zoosim process is writing {self.url}; wait for it to finish "
                                  "(the same command then resumes) or use another --out") from None
            try:
                yield
            finally:
                self.remove(LOCK_NAME)  # while still held, so a finished run dir holds only its own files
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)
                if created and not self.names():  # refused before writing anything: leave no trace
                    os.rmdir(self.url)

    def makedirs(self) -> None:
        try:
            if self.local:
                os.makedirs(self.url, exist_ok=True)
            else:
                self.fs.makedirs(self.path("").rstrip("/"), exist_ok=True)
        except OSError as exc:
            raise ZoosimError(f"cannot create run dir {self.url}: {_reason(exc)}") from None

    def read_bytes(self, name: str) -> bytes:
        if self.local:
            with open(self.path(name), "rb") as f:
                return f.read()
        with self.fs.open(self.path(name), "rb") as f:
            return f.read()

    def open_read(self, name: str) -> IO[bytes]:
        return open(self.path(name), "rb") if self.local else self.fs.open(self.path(name), "rb")

    def remove(self, name: str) -> None:
        try:
            if self.local:
                os.remove(self.path(name))
            else:
                self.fs.rm(self.path(name))
        except FileNotFoundError:
            pass

    def write_atomic(self, name: str, write: Callable[[IO[bytes]], None]) -> None:
        """Write `name` through a temporary file and rename it; on any failure leave nothing behind.

        OSErrors (disk full, permission denied) become one ZoosimError line naming the file.
        """
        tmp = f"{TMP_PREFIX}{uuid.uuid4().hex[:12]}-{name}"
        try:
            if self.local:
                with open(self.path(tmp), "wb") as f:
                    write(f)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(self.path(tmp), self.path(name))
            else:
                with self.fs.open(self.path(tmp), "wb") as f:
                    write(f)
                self.fs.mv(self.path(tmp), self.path(name))
        except BaseException as exc:
            try:
                self.remove(tmp)
            except Exception:
                pass
            if isinstance(exc, OSError):
                raise ZoosimError(f"cannot write {self.path(name)}: {_reason(exc)}") from None
            raise

    def remove_temporaries(self) -> list[str]:
        """Delete temporary files left by an interrupted run; return their names."""
        stale = [n for n in self.names() if n.startswith(TMP_PREFIX)]
        for name in stale:
            self.remove(name)
        return stale


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "no space left on device (finished shards are kept)"
    return exc.strerror or str(exc)
