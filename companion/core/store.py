"""Durable storage: one TinyDB file per table, written atomically, under one lock.

TinyDB rewrites its whole file on every insert and is not thread-safe, so every
access goes through the table's lock, and the storage writes a temporary file,
fsyncs it and renames it over the old one: a crash at any moment leaves either
the old file or the new one, never half of one. There is deliberately no
CachingMiddleware: an event is on disk before the hub acknowledges it.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tinydb import TinyDB
from tinydb.storages import Storage

from companion.core.model import Table


class AtomicJSONStorage(Storage):
    """A TinyDB storage whose every write is all-or-nothing."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def read(self) -> dict[str, Any] | None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        return json.loads(text) if text.strip() else None

    def write(self, data: dict[str, Any]) -> None:
        atomic_write(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def close(self) -> None:
        pass


def atomic_write(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old content or all of the new."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(path: Path) -> None:
    """Make the rename itself durable (POSIX keeps directory entries in the page cache)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class TableStore:
    """The event log of one table. Sequence numbers are TinyDB document ids (1, 2, 3…)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = TinyDB(path, storage=AtomicJSONStorage)

    def create(self, table: Table) -> None:
        with self._lock:
            self._db.table("table").insert(table.to_dict())

    def table(self) -> Table:
        with self._lock:
            docs = self._db.table("table").all()
        if not docs:
            raise FileNotFoundError(f"{self.path} holds no table")
        return Table.from_dict(docs[0])

    def save_table(self, table: Table) -> None:
        """Rewrite the table's own record (seats claimed or moved); the event log is untouched."""
        with self._lock:
            self._db.table("table").update(table.to_dict(), doc_ids=[1])

    def events(self) -> list[dict]:
        with self._lock:
            return [{**doc, "seq": doc.doc_id} for doc in self._db.table("events").all()]

    def append(self, event: dict) -> int:
        """Store the event durably and return its sequence number."""
        with self._lock:
            return self._db.table("events").insert({k: v for k, v in event.items() if k != "seq"})

    def close(self) -> None:
        with self._lock:
            self._db.close()


class Store:
    """The data folder: one file per table, a trash folder, the server's admin token."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.tables_dir = self.data_dir / "tables"
        self.trash_dir = self.data_dir / "deleted"
        self.tables_dir.mkdir(parents=True, exist_ok=True)

    def path(self, table_id: str) -> Path:
        return self.tables_dir / f"{table_id}.json"

    def table_ids(self) -> list[str]:
        return sorted(p.stem for p in self.tables_dir.glob("*.json"))

    def open(self, table_id: str) -> TableStore:
        path = self.path(table_id)
        if not path.exists():
            raise KeyError(table_id)
        return TableStore(path)

    def new(self, table: Table) -> TableStore:
        store = TableStore(self.path(table.id))
        store.create(table)
        return store

    def delete(self, table_id: str) -> None:
        """Move the file to the trash rather than erase it: nothing a player entered is lost."""
        self.trash_dir.mkdir(parents=True, exist_ok=True)
        shutil.move(str(self.path(table_id)), self.trash_dir / f"{table_id}-{int(time.time())}.json")

    def secret(self, name: str, make: Callable[[], str]) -> str:
        """A value that must survive restarts (the admin token), created on first use."""
        path = self.data_dir / f"{name}.txt"
        if path.exists():
            return path.read_text(encoding="utf-8").strip()
        value = make()
        atomic_write(path, value)
        path.chmod(0o600)
        return value

