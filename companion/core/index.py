"""The saved tables at a glance: one row per table file, so listing them never opens a table.

SQLite (in the standard library) rather than a JSON file: a change updates one row,
in time that does not depend on how many tables are saved (a JSON index of 10,000
tables is about 2 MB to rewrite and fsync on every change), and the start screen's
paging, order by last change and search are plain queries.

The index holds nothing that is not in the table files and the plays log, so it can
always be rebuilt: it is written without waiting for fsync (WAL, synchronous=NORMAL),
and at start a missing or unreadable index is rebuilt, and files changed behind its
back (their size and mtime differ from the row's) are read again. While the server
runs, the hub updates a table's row on every change; a file that appears, goes or is
replaced in the tables folder changes the folder's mtime, which every read checks.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from companion.core.model import Table
from companion.core.store import Damaged, Store, inspect

log = logging.getLogger(__name__)

SCHEMA = 1  # PRAGMA user_version: an index of another shape is rebuilt
FILE = "tables-index.sqlite3"
Stamp = str  # "<mtime_ns>:<size>" of the table file the row was made from


@dataclass
class TableSummary:
    """What the start screen, the health check and the lists show of one saved table."""

    id: str
    game: str
    title: str
    players: list[str]
    created: float
    updated: float
    events: int
    finished: bool = False
    winners: list[str] = field(default_factory=list)


def stamp_of(path: Path) -> Stamp | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return f"{stat.st_mtime_ns}:{stat.st_size}"


class Index:
    """One SQLite file in the data folder; every method is safe from any thread."""

    def __init__(self, store: Store, titles: Mapping[str, str],
                 finished: Callable[[str], dict | None] = lambda table_id: None) -> None:
        """`titles`: game id -> title, for the games this server plays (another game's file is
        damaged for it); `finished(table_id)`: the kept play of a finished table, or None."""
        self.store = store
        self.path = store.data_dir / FILE
        self.titles = dict(titles)
        self.finished_play = finished
        self._lock = threading.Lock()
        self._folder: int | None = None  # the tables folder's mtime when last reconciled
        self._db = self._connect()
        self.reconcile()

    # -- opening -------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The index, or a new empty one where it was missing, unreadable or of another shape."""
        try:
            db = self._open()
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA:
                db.execute("SELECT count(*) FROM tables").fetchone()
                if db.execute("PRAGMA quick_check").fetchone()[0] == "ok":
                    return db
            db.close()
        except sqlite3.DatabaseError as err:
            log.warning("the saved-tables index %s is damaged (%s): rebuilding it from the files", self.path, err)
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        db = self._open()
        with db:
            db.execute("""CREATE TABLE tables (
                id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL, players TEXT NOT NULL,
                search TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, events INTEGER NOT NULL,
                finished INTEGER NOT NULL, winners TEXT NOT NULL, problem TEXT, stamp TEXT)""")
            db.execute("CREATE INDEX by_updated ON tables (problem, updated DESC)")
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        return db

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        return db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- keeping it true -------------------------------------------------------
    def reconcile(self) -> None:
        """Make the rows match the files: read again each file whose stamp differs, drop rows
        whose file is gone. One stat per file; only changed files are read."""
        with self._lock:
            self._folder = self._folder_mtime()
            known = dict(self._db.execute("SELECT id, stamp FROM tables"))
        on_disk = {table_id: stamp_of(self.store.path(table_id)) for table_id in self.store.table_ids()}
        fresh = [self._row_from_file(table_id, stamp) for table_id, stamp in on_disk.items()
                 if stamp is not None and known.get(table_id) != stamp]
        gone = [(table_id,) for table_id in known if table_id not in on_disk]
        with self._lock, self._db:
            self._db.executemany("DELETE FROM tables WHERE id = ?", gone)
            self._db.executemany(_UPSERT, fresh)

    def _folder_mtime(self) -> int | None:
        try:
            return self.store.tables_dir.stat().st_mtime_ns
        except OSError:
            return None

    def _sync(self) -> None:
        """A file added, removed or replaced behind the hub's back (the folder's mtime moved)."""
        if self._folder_mtime() != self._folder:
            self.reconcile()

    def _row_from_file(self, table_id: str, stamp: Stamp) -> tuple:
        """A row from the file alone, no replay: the table's record, its events' count and last
        time, and whether it finished (and who won) from the plays log."""
        try:
            data, _, _ = inspect(self.store.path(table_id).read_bytes())
            docs = data.get("table") or {}
            table = Table.from_dict(docs[min(docs, key=int)])
        except Damaged as err:
            return _problem_row(table_id, err, stamp)
        except OSError as err:
            return _problem_row(table_id, Damaged("unreadable", reason=err.strerror or type(err).__name__), stamp)
        except (ValueError, TypeError, KeyError, AttributeError):
            return _problem_row(table_id, Damaged("incomplete"), stamp)
        if table.game not in self.titles:
            return _problem_row(table_id, Damaged("unknown_game"), stamp)
        events = data.get("events") or {}
        last = events[max(events, key=int)] if events else {}
        at = last.get("at") if isinstance(last, dict) else None
        summary = TableSummary(id=table_id, game=table.game, title=self.titles[table.game],
                               players=[s.name for s in table.seats], created=table.created,
                               updated=at if isinstance(at, (int, float)) else table.created, events=len(events))
        play = self.finished_play(table_id)
        if play is not None:
            summary.finished = True
            summary.winners = [p["name"] for p in play.get("players", []) if p.get("winner")]
        return _row(summary, stamp)

    # -- writing (the hub, on every change) --------------------------------------
    def put(self, summary: TableSummary, new: bool = False) -> None:
        """A table as it is now (`new`: just created by the hub, whose file moved the folder's mtime)."""
        row = _row(summary, stamp_of(self.store.path(summary.id)))
        with self._lock, self._db:
            self._db.execute(_UPSERT, row)
            if new:
                self._folder = self._folder_mtime()  # the hub's own new file: nothing else to read

    def damaged_now(self, table_id: str, err: Damaged) -> None:
        """A table that failed to open (its events no longer replay): listed with what is wrong."""
        row = _problem_row(table_id, err, stamp_of(self.store.path(table_id)))
        with self._lock, self._db:
            self._db.execute(_UPSERT, row)

    def remove(self, table_id: str) -> None:
        with self._lock, self._db:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
            self._folder = self._folder_mtime()

    # -- reading ---------------------------------------------------------------
    def page(self, search: str = "", offset: int = 0, limit: int | None = None) -> tuple[list[TableSummary], int]:
        """Tables that open, newest change first: one page of them (`limit` None: all) and how many
        match. `search` matches a player's name or the game's id or title, case-blind."""
        self._sync()
        where, args = "problem IS NULL", []
        for word in search.casefold().split()[:8]:
            where += " AND search LIKE ? ESCAPE '\\'"
            args.append("%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        with self._lock:
            total = self._db.execute(f"SELECT count(*) FROM tables WHERE {where}", args).fetchone()[0]
            rows = self._db.execute(
                f"SELECT id, game, title, players, created, updated, events, finished, winners FROM tables "
                f"WHERE {where} ORDER BY updated DESC, id LIMIT ? OFFSET ?",
                [*args, -1 if limit is None else limit, max(offset, 0)]).fetchall()
        return [TableSummary(id=r[0], game=r[1], title=r[2], players=json.loads(r[3]), created=r[4],
                             updated=r[5], events=r[6], finished=bool(r[7]), winners=json.loads(r[8]))
                for r in rows], total

    def damaged(self) -> dict[str, Damaged]:
        self._sync()
        with self._lock:
            rows = self._db.execute("SELECT id, problem FROM tables WHERE problem IS NOT NULL ORDER BY id").fetchall()
        out = {}
        for table_id, problem in rows:
            found = json.loads(problem)
            out[table_id] = Damaged(found["key"].removeprefix("store."), **found["values"])
        return out

    def counts(self) -> tuple[int, int]:
        """(table files, damaged ones)."""
        self._sync()
        with self._lock:
            return self._db.execute("SELECT count(*), count(problem) FROM tables").fetchone()


_UPSERT = ("INSERT OR REPLACE INTO tables (id, game, title, players, search, created, updated, events, finished, "
           "winners, problem, stamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _row(s: TableSummary, stamp: Stamp | None) -> tuple:
    search = " ".join([s.game, s.title, *s.players]).casefold()
    return (s.id, s.game, s.title, _dumps(s.players), search, s.created, s.updated, s.events, int(s.finished),
            _dumps(s.winners), None, stamp)


def _problem_row(table_id: str, err: Damaged, stamp: Stamp | None) -> tuple:
    problem = _dumps({"key": err.key, "values": {k: str(v) for k, v in err.values.items()}})
    return (table_id, "", "", "[]", "", 0.0, 0.0, 0, 0, "[]", problem, stamp)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)

