"""Durable storage under TinyDB: a table file appended to, never rewritten in play.

A new event costs one short append and one fsync, however long the evening's log is,
instead of rewriting and fsyncing the whole file (the format: core/table_file.py).
Opening a file with many lines compacts it into lines of LINE_DOCS documents. A file
broken in the middle is opened read-only (`broken`): every whole event before the broken
line is shown, and the file is never written, mended or compacted, so whatever can still
be recovered from it by hand stays there.

A table's file is open only while it takes appends: at most OPEN_FILES table files
are open at once in the whole process (OpenFiles closes the least recently written
one), so the number of saved tables never reaches the process's file limit.
Reopening costs one open() on the next append; the data stays in memory.

There is deliberately no CachingMiddleware: an event is on disk before the hub
acknowledges it, and a write that fails leaves the file as it was.
"""
from __future__ import annotations

import errno
import os
import threading
from pathlib import Path
from typing import Any, Mapping

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document
from tinydb.table import Table as Table_

from companion.core.model import RuleError
from companion.core.table_file import atomic_write, compacted_count, compacted_lines, dump_line, read_lines

# Opening a file with this many more lines than its compacted form rewrites it compacted.
COMPACT_AFTER = 100
# Table files held open for appends at once, whatever the number of saved tables.
OPEN_FILES = 32


class OpenFiles:
    """The table files held open for appends, least recently written first.

    Past `limit`, writing one more closes the oldest. A handle busy in another thread's
    append is skipped (never waited for: two tables' writers each closing the other's
    would deadlock), so the bound can be passed only by appends running at that moment.
    """

    def __init__(self, limit: int = OPEN_FILES) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._order: dict[int, AppendJSONStorage] = {}  # insertion order is recency

    def used(self, storage: AppendJSONStorage) -> None:
        with self._lock:
            self._order.pop(id(storage), None)
            self._order[id(storage)] = storage
            over = len(self._order) - self.limit
            oldest = [s for s in self._order.values() if s is not storage] if over > 0 else []
        for victim in oldest:
            if over <= 0:
                break
            if victim.release(wait=False):
                over -= 1

    def forget(self, storage: AppendJSONStorage) -> None:
        with self._lock:
            self._order.pop(id(storage), None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._order)


FILES = OpenFiles()  # one bound for the process: the file limit is the process's


class NotSaved(Exception):
    """The disk refused a write; nothing was acknowledged and the file is as it was."""

    def __init__(self, err: OSError) -> None:
        super().__init__(str(err))
        full = err.errno in (errno.ENOSPC, errno.EDQUOT)
        self.key = "validation.disk_full" if full else "validation.not_saved"


class BrokenFile(RuleError):
    """A write to a table whose file breaks in the middle: it is read-only (nothing was saved)."""

    def __init__(self, line: int) -> None:
        super().__init__("store.read_only", line=line)


class AppendJSONStorage(Storage):
    """A TinyDB storage that appends new documents durably and rewrites only when it must.

    It relies on how TableStore uses TinyDB: documents are inserted (`add`) or
    written whole again (`put`, a later line replacing an earlier one), never
    changed through TinyDB's update; a write whose document ids are a superset of
    what is on disk is an append of the new ids. Anything else is written whole,
    atomically.
    """

    def __init__(self, path: str | os.PathLike, files: OpenFiles | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._data: dict[str, dict[str, Any]] | None = None
        self._on_disk: dict[str, set[str]] = {}
        # Kept open between appends while the table is in play (opening per event costs as
        # much as writing); `files` closes it when other tables need the room.
        self._fd: int | None = None
        self._fd_lock = threading.Lock()
        self._files = files if files is not None else FILES
        self.broken: int | None = None  # the first broken line of a file read only up to it
        self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        data, lines, torn, self.broken = read_lines(raw)
        if self.broken is not None:  # read-only: the file is kept exactly as it is
            self._data = data
            self._remember(data)
            return
        if torn:
            self._mend(len(raw) - len(torn), whole=torn in lines)
        self._data = data if lines else None
        self._remember(data)
        if len(lines) > COMPACT_AFTER + compacted_count(data):
            try:
                self._rewrite(data)
            except NotSaved:
                pass  # compaction only saves space; the lines stay valid as they are

    def _mend(self, end: int, whole: bool) -> None:
        """Bytes after the last newline: a file of the one-line format, or an append a crash cut.

        A cut append was never acknowledged, so it is cut off (truncating needs no free space);
        a whole line gets its newline, so the next append starts a line of its own.
        """
        if not whole:
            os.truncate(self.path, end)
            return
        try:
            with open(self.path, "ab") as f:
                f.write(b"\n")
                f.flush()
                os.fsync(f.fileno())
        except OSError as err:
            raise NotSaved(err) from err

    def read(self) -> dict[str, Any] | None:
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        added = self._added(data)
        try:
            if added is None:
                self._rewrite(data)
            elif added:
                self._append(added)
        except NotSaved:
            # TinyDB changed the dict read() handed it; what counts is what the disk holds.
            self._data, self._on_disk = None, {}
            self._load()
            raise
        self._data = data
        self._remember(data)

    def close(self) -> None:
        self.release()

    def release(self, wait: bool = True) -> bool:
        """Close the append handle (the data stays in memory; the next append reopens it).
        With `wait=False`, a handle in use by an append right now is left open: False."""
        if not self._fd_lock.acquire(blocking=wait):
            return False
        try:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
        finally:
            self._fd_lock.release()
        self._files.forget(self)
        return True

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def _added(self, data: dict[str, Any]) -> dict[str, dict[str, Any]] | None:
        """The documents new since the last write, or None if something else changed."""
        if self._data is None or set(self._on_disk) - set(data):
            return None
        added: dict[str, dict[str, Any]] = {}
        for name, docs in data.items():
            known = self._on_disk.get(name, set())
            if len(docs) < len(known) or not known <= docs.keys():
                return None
            if len(docs) > len(known):
                added[name] = {k: v for k, v in docs.items() if k not in known}
        return added

    def add(self, name: str, key: str, doc: dict[str, Any]) -> None:
        """One new document, appended in time that does not grow with the file."""
        if self._data is not None and key in self._data.get(name, {}):
            raise ValueError(f"document {key} already exists in {name}")
        self.put(name, key, doc)

    def put(self, name: str, key: str, doc: dict[str, Any]) -> None:
        """A document written (again): one appended line, which replaces any older copy when the
        file is read, since later lines win. This is how a claimed or moved seat is saved."""
        if self._data is None:
            self.write({name: {key: doc}})
            return
        self._append({name: {key: doc}})
        self._data.setdefault(name, {})[key] = doc
        self._on_disk.setdefault(name, set()).add(key)

    def _append(self, added: dict[str, dict[str, Any]]) -> None:
        """One line, on disk (fdatasync) before this returns; on failure the file is cut back."""
        if self.broken is not None:
            raise BrokenFile(self.broken)
        line = memoryview((dump_line(added) + "\n").encode("utf-8"))
        with self._fd_lock:
            try:
                if self._fd is None:
                    self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
            except OSError as err:
                raise NotSaved(err) from err
            size = os.fstat(self._fd).st_size
            try:
                while line:
                    line = line[os.write(self._fd, line):]
                os.fdatasync(self._fd)
            except OSError as err:
                os.ftruncate(self._fd, size)
                raise NotSaved(err) from err
        self._files.used(self)

    def _rewrite(self, data: dict[str, Any]) -> None:
        if self.broken is not None:
            raise BrokenFile(self.broken)
        self.close()  # the rename below puts a new file under the path; the next append opens it
        try:
            atomic_write(self.path, "".join(dump_line(line) + "\n" for line in compacted_lines(data)))
        except OSError as err:
            raise NotSaved(err) from err

    def _remember(self, data: dict[str, Any]) -> None:
        self._on_disk = {name: set(docs) for name, docs in data.items()}


class AppendTable(Table_):
    """A TinyDB table whose insert hands the storage just the new document.

    TinyDB's own insert converts and rewrites the whole table in memory on every
    call, which grows with the log; this keeps an append's cost flat.
    """

    def insert(self, document: Mapping) -> int:
        if isinstance(document, Document):
            doc_id = document.doc_id
            self._next_id = None
        else:
            doc_id = self._get_next_id()
        self._storage.add(self.name, str(doc_id), dict(document))
        self.clear_cache()
        return doc_id

    def put(self, doc_id: int, document: Mapping) -> None:
        """Write one document whole, durably, without rewriting the file."""
        self._storage.put(self.name, str(doc_id), dict(document))
        self.clear_cache()


class AppendDB(TinyDB):
    table_class = AppendTable
