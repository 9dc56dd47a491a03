"""Durable storage: one TinyDB file per table, appended to, never rewritten in play.

A table file is JSON Lines. The first line is a whole TinyDB database (so a
file from before this format is simply a file with one line); each later line
adds documents: `{"events": {"7": {...}}}`. A new event costs one short
append and one fsync, however long the evening's log is, instead of
rewriting and fsyncing the whole file. A crash can tear only the last line,
which was never acknowledged: reading drops it. Opening a file with many
lines compacts it (temporary file, fsync, rename) into lines of LINE_DOCS
documents, so a crash during compaction leaves the old file or the new one,
never half of one.

A line broken in the middle of the file (a disk fault, a hand edit) is not a cut append:
whole lines may follow it. Such a file is read up to the break and opened read-only
(`broken`): every whole event before the line is shown, and the file is never written,
mended or compacted, so whatever can still be recovered from it by hand stays there.

A table's file is open only while it takes appends: at most OPEN_FILES table files
are open at once in the whole process (OpenFiles closes the least recently written
one), so the number of saved tables never reaches the process's file limit.
Reopening costs one open() on the next append; the data stays in memory.

TinyDB is not thread-safe, so every access goes through the table's lock.
There is deliberately no CachingMiddleware: an event is on disk before the
hub acknowledges it, and a write that fails leaves the file as it was.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document
from tinydb.table import Table as Table_

from companion.core.model import RuleError, Table
from companion.i18n import t

# Opening a file with this many more lines than its compacted form rewrites it compacted.
COMPACT_AFTER = 100
# Documents per line of a compacted file. One line is parsed (and written) by one call into C that
# holds the interpreter: a 40,000-event table written as one line held every other thread, the
# event loop that serves every device included, for most of a second while it was read.
LINE_DOCS = 500
TEMP_SUFFIX = ".tmp"
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


class Damaged(Exception):
    """A table file that cannot be read as a table: a message key (strings/store.yaml) says what is wrong."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = f"store.{key}", values
        super().__init__(self.problem)

    @property
    def problem(self) -> str:
        return self.describe("en")

    def describe(self, lang: str) -> str:
        return t(self.key, lang, **self.values)


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
        if len(lines) > COMPACT_AFTER + _compacted_count(data):
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
        line = memoryview((_dumps(added) + "\n").encode("utf-8"))
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
            atomic_write(self.path, "".join(_dumps(line) + "\n" for line in _compacted(data)))
        except OSError as err:
            raise NotSaved(err) from err

    def _remember(self, data: dict[str, Any]) -> None:
        self._on_disk = {name: set(docs) for name, docs in data.items()}


def inspect(raw: bytes) -> tuple[dict[str, dict[str, Any]], list[bytes], bytes]:
    """(the merged data, its whole lines, the bytes after the last newline); Damaged if unreadable.
    A file broken in the middle gives what comes before the break (see `read_lines`).

    Reads only: safe on a file another TableStore is appending to.
    """
    return read_lines(raw)[:3]


def read_lines(raw: bytes) -> tuple[dict[str, dict[str, Any]], list[bytes], bytes, int | None]:
    """`inspect`'s three, and the number of the first broken line when one that is not the last
    (unterminated) one cannot be read: the data is then what the lines before it hold. Damaged
    if the first line is broken (the table's own record is in it)."""
    lines = raw.split(b"\n")
    torn = lines.pop()
    lines = [line for line in lines if line.strip()]
    data: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(lines, 1):
        try:
            parsed = _parse(line, number)
        except Damaged:
            if number == 1:
                raise
            return data, lines[:number - 1], torn, number
        _merge(data, parsed)
    if torn.strip():
        try:
            _merge(data, _parse(torn, len(lines) + 1))
            lines.append(torn)
        except Damaged:
            if not lines:
                raise
    return data, lines, torn, None


def _compacted(data: dict[str, dict[str, Any]]) -> list[dict[str, dict[str, Any]]]:
    """The database as lines of at most LINE_DOCS documents: the first holds the first documents of
    every collection (a small table's file is one line), each later one the next documents of one."""
    first: dict[str, dict[str, Any]] = {}
    rest = []
    for name, docs in data.items():
        items = list(docs.items())
        first[name] = dict(items[:LINE_DOCS])
        rest += [{name: dict(items[i:i + LINE_DOCS])} for i in range(LINE_DOCS, len(items), LINE_DOCS)]
    return [first, *rest]


def _compacted_count(data: dict[str, dict[str, Any]]) -> int:
    return 1 + sum(max(0, -(-len(docs) // LINE_DOCS) - 1) for docs in data.values())


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _parse(line: bytes, number: int) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise Damaged("not_json", line=number) from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise Damaged("not_table_data", line=number)
    return data


def _merge(data: dict[str, dict[str, Any]], line: dict[str, dict[str, Any]]) -> None:
    for name, docs in line.items():
        data.setdefault(name, {}).update(docs)


def atomic_write(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old content or all of the new."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
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
            return Table.from_dict(docs[0])
        except (TypeError, KeyError, ValueError, AttributeError):
            raise Damaged("incomplete") from None

    def save_table(self, table: Table) -> None:
        """Rewrite the table's own record (seats claimed or moved); the event log is untouched."""
        with self._lock:
            self._db.table("table").put(1, table.to_dict())

    def events(self) -> list[dict]:
        with self._lock:
            return [{**doc, "seq": int(seq)} for seq, doc in self._stored_events().items()]

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


class FileLog:
    """A table file's bytes read as a TableStore reads them, for a replay check that must not
    write: opening a TableStore may mend or compact the file, which only the table's writer may."""

    def __init__(self, raw: bytes) -> None:
        data, _, _, self.broken = read_lines(raw)
        self._table = data.get("table") or {}
        self._events = data.get("events") or {}

    def table(self) -> Table:
        if not self._table:
            raise Damaged("incomplete")
        try:
            return Table.from_dict(self._table[min(self._table, key=int)])
        except (TypeError, KeyError, ValueError, AttributeError):
            raise Damaged("incomplete") from None

    def events(self) -> list[dict]:
        try:
            return [{**self._events[key], "seq": int(key)} for key in sorted(self._events, key=int)]
        except (TypeError, ValueError):
            raise Damaged("incomplete") from None


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

