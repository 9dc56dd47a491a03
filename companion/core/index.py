"""The saved tables at a glance: one row per table file, so listing them never opens a table.

SQLite (in the standard library) rather than a JSON file: a change updates one row,
in time that does not depend on how many tables are saved (a JSON index of 10,000
tables is about 2 MB to rewrite and fsync on every change), and the start screen's
paging, order by last change and search are plain queries.

The index holds nothing that is not in the table files and the plays log, so it can
always be rebuilt: it is written without waiting for fsync (WAL, synchronous=NORMAL),
and at start a missing or unreadable index is rebuilt, and files changed behind its
back (their size and mtime differ from the row's) are read again. While the server
runs, the hub marks a table's row stale on every change, and the row is written from the
table as it then is before the index is next read, or at the hub's next sweep (every few
seconds of use): a change costs no database write, and a burst of changes one row. A file that appears,
goes or is replaced in the tables folder changes the folder's mtime, which every read checks.

A row read from a file alone does not say that the table's events still replay (a file
can be whole JSON whose events a newer rules version cannot apply). So each row also
keeps the stamp at which its file was last replayed whole; rows read anew are replayed
in a worker thread (`check`), off the event loop, and a file that fails is listed as
damaged before anyone opens it. A row the hub writes is replayed already: its table is live.
A file that breaks in the middle opens read-only (every whole event before the break,
core/table_file.py `read_lines`): its row says so, for the health check.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from companion.core.access import digest, key_digests
from companion.core.model import Table
from companion.core.names import saved_record
from companion.core.store import Store
from companion.core.table_file import Damaged, read_lines

log = logging.getLogger(__name__)

SCHEMA = 4  # PRAGMA user_version: an index of another shape is rebuilt
FILE = "tables-index.sqlite3"
Stamp = str  # "<mtime_ns>:<size>" of the table file the row was made from
Check = Callable[[bytes], "Damaged | None"]  # a table file's bytes replayed whole: what is wrong, or None


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
    keys: list[str] = field(default_factory=list, repr=False)  # access.key_digests: checked before a file is read


def stamp_of(path: Path) -> Stamp | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return f"{stat.st_mtime_ns}:{stat.st_size}"


class Index:
    """One SQLite file in the data folder; every method is safe from any thread."""

    def __init__(self, store: Store, titles: Mapping[str, str],
                 finished: Callable[[str], dict | None] = lambda table_id: None,
                 check: Check | None = None) -> None:
        """`titles`: game id -> title, for the games this server plays (another game's file is
        damaged for it); `finished(table_id)`: the kept play of a finished table, or None;
        `check`: replays a file's bytes (rows read anew are checked with it in a worker thread)."""
        self.store = store
        self.path = store.data_dir / FILE
        self.titles = dict(titles)
        self.finished_play = finished
        self._check = check
        self._lock = threading.Lock()
        # Tables changed since their row was written: how to list each as it is now (see later()).
        self._stale: dict[str, Callable[[], TableSummary]] = {}
        self._writing = threading.Lock()  # one flush at a time, and no removal during one
        self._folder: int | None = None  # the tables folder's mtime when last reconciled
        self._checker: threading.Thread | None = None
        self._again = False  # rows were read anew while the checker ran: it looks once more
        self._closed = False
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
                finished INTEGER NOT NULL, winners TEXT NOT NULL, problem TEXT, stamp TEXT, replayed TEXT,
                keys TEXT NOT NULL DEFAULT '[]', read_only INTEGER NOT NULL DEFAULT 0)""")
            db.execute("CREATE INDEX by_updated ON tables (problem, updated DESC)")
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        return db

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        return db

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._db.close()

    # -- keeping it true -------------------------------------------------------
    def reconcile(self) -> None:
        """Make the rows match the files: read again each file whose stamp differs, drop rows
        whose file is gone. One stat per file; only changed files are read."""
        self.flush()  # the hub's own changes first: their files must not look changed behind its back
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
        if fresh and self._check is not None:
            self._start_checking()

    # -- replaying rows read anew (a worker thread) ------------------------------
    def _start_checking(self) -> None:
        with self._lock:
            if self._checker is not None and self._checker.is_alive():
                self._again = True
                return
            self._again = False
            self._checker = threading.Thread(target=self._check_all, name="index-check", daemon=True)
            self._checker.start()

    def wait_checked(self, timeout: float | None = None) -> bool:
        """Wait for the rows read anew to be replayed; False if still at it after `timeout`."""
        with self._lock:
            checker = self._checker
        if checker is not None:
            checker.join(timeout)
        return checker is None or not checker.is_alive()

    def _check_all(self) -> None:
        """Replay every row's file not replayed at its current stamp, and mark those that fail.
        The thread ends when none is left, so an idle server holds no thread for it."""
        while True:
            with self._lock:
                if self._closed:
                    return
                todo = [r[0] for r in self._db.execute(
                    "SELECT id FROM tables WHERE problem IS NULL AND replayed IS NOT stamp")]
            for table_id in todo:
                if not self._check_one(table_id):
                    return
            with self._lock:
                if not self._again:
                    self._checker = None
                    return
                self._again = False

    def _check_one(self, table_id: str) -> bool:
        """Replay one file; write what was found only if the file is still the one read (a live
        table's append changes the stamp, and the hub's own row says it replays). False: closed."""
        path = self.store.path(table_id)
        before = stamp_of(path)
        try:
            raw = path.read_bytes()
        except OSError:
            return True  # gone or unreadable since: the next reconcile lists it as it is
        if before is None or stamp_of(path) != before:
            return True
        try:
            problem = self._check(raw)  # type: ignore[misc]
        except Exception:  # a bug in a check must not end the thread; opening the table says more
            log.exception("saved table %s: the replay check failed", table_id)
            return True
        row = _problem_row(table_id, problem, before) if problem is not None else None
        with self._lock:
            if self._closed:
                return False
            with self._db:
                if row is not None:
                    self._db.execute(_UPSERT_PROBLEM, (*row, before))
                else:
                    self._db.execute("UPDATE tables SET replayed = ? WHERE id = ? AND stamp = ? AND problem IS NULL",
                                     (before, table_id, before))
        if problem is not None:
            log.warning("saved table %s cannot be opened: %s", table_id, problem.problem)
        return True

    def _folder_mtime(self) -> int | None:
        try:
            return self.store.tables_dir.stat().st_mtime_ns
        except OSError:
            return None

    def _sync(self) -> None:
        """Before a read: the hub's changes written, and a file added, removed or replaced behind
        its back (the folder's mtime moved) read."""
        self.flush()
        if self._folder_mtime() != self._folder:
            self.reconcile()

    def _row_from_file(self, table_id: str, stamp: Stamp) -> tuple:
        """A row from the file alone, no replay: the table's record, its events' count and last
        time, and whether it finished (and who won) from the plays log."""
        try:
            data, _, _, broken = read_lines(self.store.path(table_id).read_bytes())
            docs = data.get("table") or {}
            table = Table.from_dict(saved_record(docs[min(docs, key=int)]))  # names cleaned, as the table shows them
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
                               updated=at if isinstance(at, (int, float)) else table.created, events=len(events),
                               keys=key_digests(table))
        play = self.finished_play(table_id)
        if play is not None:
            summary.finished = True
            summary.winners = [p["name"] for p in play.get("players", []) if p.get("winner")]
        return _row(summary, stamp, replayed=False, read_only=broken is not None)

    # -- writing (the hub, on every change) --------------------------------------
    def put(self, summary: TableSummary, new: bool = False) -> None:
        """A table as it is now (`new`: just created by the hub, whose file moved the folder's mtime)."""
        row = _row(summary, stamp_of(self.store.path(summary.id)))
        with self._lock, self._db:
            self._db.execute(_UPSERT, row)
            if new:
                self._folder = self._folder_mtime()  # the hub's own new file: nothing else to read

    def opened(self, summary: TableSummary, read_only: bool) -> None:
        """A table the hub has just read and replayed, at its file's stamp now: opening may have
        compacted the file (a new file in the folder), and the index would otherwise read and replay
        it again in the background, a second replay beside the event loop (bench/open_lag.py)."""
        row = _row(summary, stamp_of(self.store.path(summary.id)), read_only=read_only)
        with self._lock, self._db:
            self._db.execute(_UPSERT, row)

    def later(self, table_id: str, listing: Callable[[], TableSummary]) -> None:
        """A table changed: its row is written by the next flush(), from `listing()` as the table
        is then. Nothing is lost if the server stops first: the row's stamp no longer matches
        the file, so the next start reads the file again (as for any change behind its back)."""
        with self._lock:
            self._stale[table_id] = listing

    def flush(self) -> None:
        """Write the rows of the tables changed since the last flush."""
        with self._writing:
            with self._lock:
                stale, self._stale = self._stale, {}
            if not stale or self._closed:
                return
            # The stamp before the listing: a change between the two leaves a row that is newer
            # than its stamp, which a restart reads again, never one that is older.
            rows = [(table_id, stamp_of(self.store.path(table_id))) for table_id in stale]
            rows = [_row(stale[table_id](), stamp) for table_id, stamp in rows]
            with self._lock, self._db:
                if not self._closed:
                    self._db.executemany(_UPSERT, rows)

    def damaged_now(self, table_id: str, err: Damaged) -> None:
        """A table that failed to open (its events no longer replay): listed with what is wrong."""
        row = _problem_row(table_id, err, stamp_of(self.store.path(table_id)))
        with self._lock, self._db:
            self._db.execute(_UPSERT, row)

    def remove(self, table_id: str) -> None:
        with self._writing, self._lock, self._db:  # a flush under way must not write its row back
            self._stale.pop(table_id, None)
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

    def admits(self, table_id: str, token: str | None) -> bool:
        """Whether `token` opens something of the saved table `table_id`, from the row alone: a
        wrong or absent key never makes the server read a table file. Damaged (what the row says
        is wrong) for a table that cannot be opened, as opening it would have said."""
        if not token:
            return False
        self._sync()
        with self._lock:
            row = self._db.execute("SELECT keys, problem FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return False
        if row[1] is not None:
            found = json.loads(row[1])
            raise Damaged(found["key"].removeprefix("store."), **found["values"])
        return digest(token) in json.loads(row[0])

    def counts(self) -> tuple[int, int]:
        """(table files, damaged ones)."""
        self._sync()
        with self._lock:
            return self._db.execute("SELECT count(*), count(problem) FROM tables").fetchone()

    def read_only_count(self) -> int:
        """Tables whose file breaks in the middle: they open, read-only, so they are not damaged."""
        self._sync()
        with self._lock:
            return self._db.execute("SELECT count(*) FROM tables WHERE read_only AND problem IS NULL").fetchone()[0]


_UPSERT = ("INSERT OR REPLACE INTO tables (id, game, title, players, search, created, updated, events, finished, "
           "winners, problem, stamp, replayed, keys, read_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
# The checker's finding, written only over the row it checked (the file still at the same stamp).
_UPSERT_PROBLEM = ("UPDATE tables SET game = ?2, title = ?3, players = ?4, search = ?5, created = ?6, updated = ?7, "
                   "events = ?8, finished = ?9, winners = ?10, problem = ?11, stamp = ?12, replayed = ?13, keys = ?14, "
                   "read_only = ?15 WHERE id = ?1 AND stamp = ?16")


def _row(s: TableSummary, stamp: Stamp | None, replayed: bool = True, read_only: bool = False) -> tuple:
    """`replayed`: the row comes from the table in play, so its events are known to replay.
    `read_only`: its file breaks in the middle (never so for a row the hub writes: such a table
    takes no change)."""
    search = " ".join([s.game, s.title, *s.players]).casefold()
    return (s.id, s.game, s.title, _dumps(s.players), search, s.created, s.updated, s.events, int(s.finished),
            _dumps(s.winners), None, stamp, stamp if replayed else None, _dumps(s.keys), int(read_only))


def _problem_row(table_id: str, err: Damaged, stamp: Stamp | None) -> tuple:
    problem = _dumps({"key": err.key, "values": {k: str(v) for k, v in err.values.items()}})
    return (table_id, "", "", "[]", "", 0.0, 0.0, 0, 0, "[]", problem, stamp, stamp, "[]", 0)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)

