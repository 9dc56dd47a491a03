"""The data folder and each table's event log in it: one TinyDB file per table.

TinyDB is not thread-safe, so every access to a table's file goes through the table's
lock. How a file is appended to durably: core/append_storage.py; what it holds and how
it is read: core/table_file.py.
"""
from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path
from typing import Callable

from tinydb.table import Document

from companion.core import names
from companion.core.append_storage import AppendDB, AppendJSONStorage, OpenFiles
from companion.core.model import Table
from companion.core.table_file import TEMP_SUFFIX, Damaged, atomic_write


class TableStore:
    """The event log of one table. Sequence numbers are TinyDB document ids (1, 2, 3…)."""

    def __init__(self, path: Path, files: OpenFiles | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = AppendDB(path, storage=AppendJSONStorage, files=files)
        self._next = max(map(int, self._stored_events()), default=0)

    def create(self, table: Table) -> None:
        with self._lock:
            self._db.table("table").insert(table.to_dict())

    def table(self) -> Table:
        """The table's identity; Damaged if the file holds something else."""
        with self._lock:
            docs = self._db.table("table").all()
        if not docs:
            raise Damaged("incomplete")
        try:
            return Table.from_dict(names.saved_record(docs[0]))  # a name saved before the rule: cleaned
        except (TypeError, KeyError, ValueError, AttributeError):
            raise Damaged("incomplete") from None

    def save_table(self, table: Table) -> None:
        """Rewrite the table's own record (seats claimed or moved); the event log is untouched."""
        with self._lock:
            self._db.table("table").put(1, table.to_dict())

    def events(self) -> list[dict]:
        with self._lock:
            return [names.saved_event({**doc, "seq": int(seq)}) for seq, doc in self._stored_events().items()]

    def _stored_events(self) -> dict[str, dict]:
        """The events as the storage holds them, by sequence number (a string, as in the file). Not
        TinyDB's `all()`: it makes a Document for each (an object the cyclic collector follows), and
        the full collections that 40,000 of them set off while a large table opened (twice: here and
        for the last number) stalled the event loop every device shares."""
        return (self._db.storage.read() or {}).get("events", {})

    def append(self, event: dict) -> int:
        """Store the event durably and return its sequence number; NotSaved if the disk refuses."""
        with self._lock:
            seq = self._next + 1
            self._db.table("events").insert(Document({k: v for k, v in event.items() if k != "seq"}, doc_id=seq))
            self._next = seq
            return seq

    @property
    def broken(self) -> int | None:
        """The first broken line of a file that opened read-only, else None."""
        return self._db.storage.broken

    def release(self) -> None:
        """Close the file until the next append: the table is idle, its data stays readable."""
        self._db.storage.release()

    @property
    def is_open(self) -> bool:
        return self._db.storage.is_open

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
        for leftover in self.tables_dir.glob(f".*{TEMP_SUFFIX}"):
            leftover.unlink(missing_ok=True)  # a rewrite a crash interrupted; the table file is whole

    def path(self, table_id: str) -> Path:
        return self.tables_dir / f"{table_id}.json"

    def table_ids(self) -> list[str]:
        return sorted(p.stem for p in self.tables_dir.glob("*.json"))

    def open(self, table_id: str) -> TableStore:
        """The table's log: KeyError if there is no such file, Damaged if it is not a table."""
        path = self.path(table_id)
        if not path.is_file():
            raise KeyError(table_id)
        store = TableStore(path)
        store.table()
        return store

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
