"""The hub: every table of this server, each one live table (its one writer) while in use.

A table is read from its file when first asked for and let go when nobody watches or
uses it: one LiveTable per table, ever (core/livetable.py writes, core/readmodel.py reads).
"""
from __future__ import annotations

import random
import threading
import time
import weakref
from pathlib import Path
from typing import Callable

from companion.core import validation
from companion.core.access import Access, access_for, is_role_id, new_table_id, new_token, opens_something
from companion.core.game import Game
from companion.core.index import Index, TableSummary
from companion.core.livetable import LiveTable, require_json
from companion.core.model import RuleError, Seat, Table
from companion.core.pace import Pace
from companion.core.plays import Plays
from companion.core.store import Store, TableStore
from companion.core.table_file import Damaged, FileLog

MAX_TABLE_ID = 64
NO_PLAYERS = ("validation.no_players", "validation.too_few_players")  # a new table's form sent too few names
# A table nobody watches is let go this long after its last use: its file is closed and its
# state may leave memory (it is read back from the file, which is cheap, when asked for again).
IDLE_SECONDS = 300.0
SWEEP_EVERY = 5.0  # seconds between two looks for idle tables


class Hub:
    """All tables of this server: creates them, keeps in memory the ones in use, lists them all.

    One LiveTable per table, ever: `_live` finds every table still in memory (weakly, so a
    table nobody holds can go), and `_kept` holds the ones in use (watched, or used in the
    last IDLE_SECONDS). A table that goes idle has its file closed; if a screen still holds
    it (a phone asleep on it), asking again gives that same object, never a second writer.
    """

    def __init__(self, data_dir: Path, games: dict[str, Game], now: Callable[[], float] = time.time,
                 idle_seconds: float = IDLE_SECONDS, clock: Callable[[], float] = time.monotonic,
                 pace: Pace | None = None) -> None:
        """`now` stamps every event; tests pass a fake clock to script a play's timing. `clock`
        measures idleness (`idle_seconds` without a watcher or a use). `pace`: each device's share
        of changes (core/pace.py), which the API and the screens both spend before a change."""
        self.pace = pace if pace is not None else Pace()
        self.store = Store(data_dir)
        self._now = now
        self.plays = Plays(data_dir)
        self.games = games
        self.index = Index(self.store, {g: game.title for g, game in games.items()}, self.plays.of, self._replays)
        self._lock = threading.Lock()
        self._live: weakref.WeakValueDictionary[str, LiveTable] = weakref.WeakValueDictionary()
        self._kept: dict[str, float] = {}  # table id -> last use (clock), for the tables in use
        self._held: dict[str, LiveTable] = {}  # the strong references behind _kept
        self._loading: dict[str, threading.Lock] = {}  # tables being read from their files (see _loaded)
        self._idle, self._clock = idle_seconds, clock
        self._swept = clock()

    def _open(self, live: LiveTable) -> LiveTable:
        """Under self._lock: `live` is in use now."""
        self._live[live.table.id] = live
        self._held[live.table.id] = live
        self._kept[live.table.id] = self._clock()
        return live

    def _index_change(self, live: LiveTable, ended: dict | None) -> None:
        """Written later (Index.later): a change's answer waits for no database write."""
        self.index.later(live.table.id, lambda: live.listing(ended))

    def sweep(self, force: bool = False) -> int:
        """Let go of the tables nobody watches and nobody used for `idle_seconds`: close their
        files and drop the hub's hold on them. Runs by itself every SWEEP_EVERY seconds of use;
        returns how many were let go."""
        now = self._clock()
        with self._lock:
            if not force and now - self._swept < SWEEP_EVERY:
                return 0
            self._swept = now
            idle = [self._held[i] for i, used in self._kept.items() if now - used >= self._idle]
        self.index.flush()  # the rows of the tables changed since the last sweep
        gone = []
        for live in idle:
            if live.listener_count == 0:
                live.store.release()
                gone.append(live.table.id)
        with self._lock:
            for table_id in gone:
                if self._kept.get(table_id, now) <= now - self._idle:
                    self._kept.pop(table_id, None)
                    self._held.pop(table_id, None)
        return len(gone)

    def in_use(self) -> int:
        """Tables the hub holds in memory as in use (watched or used lately)."""
        with self._lock:
            return len(self._kept)

    def create(self, game_id: str, options: dict | None = None) -> LiveTable:
        game = self.games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise RuleError("validation.unknown_game", game=validation.short(str(game_id)))
        try:
            options = validation.options(game.options_schema, options)
        except RuleError as err:  # no names at all: say the game's own range, as its form's hint does
            if err.key in NO_PLAYERS and game.min_seats > 1:
                raise RuleError("core.err.played_players", game=game.title, low=game.min_seats,
                                high=game.max_seats) from None
            raise
        options.setdefault("seed", random.SystemRandom().randrange(2**32))
        initial = game.setup(options)
        seats = game.seats(options)
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise RuleError("core.err.played_players", game=game.title, low=game.min_seats, high=game.max_seats)
        if len({s["id"] for s in seats}) != len(seats):
            raise RuleError("core.err.each_player_needs_different")
        if any(is_role_id(s["id"]) for s in seats):
            raise RuleError("seats.role_id", id=next(s["id"] for s in seats if is_role_id(s["id"])))
        table = Table(
            id=new_table_id(),
            game=game_id,
            options=options,
            seats=[Seat(id=s["id"], name=s["name"], token=new_token(), colour=s.get("colour")) for s in seats],
            host_token=new_token(),
            spectator_token=new_token(),
            created=self._now(),
            initial_state=initial,
        )
        require_json(table.to_dict())
        live = LiveTable(self.store.new(table), game, self.plays.record, self._now, self._index_change)
        self.index.put(live.listing(), new=True)
        with self._lock:
            self._open(live)
        self.sweep()
        return live

    def get(self, table_id: str) -> LiveTable:
        """The live table; KeyError if there is no such table, Damaged if its file is unreadable."""
        with self._lock:
            live = self._live.get(table_id)
            if live is not None:
                self._open(live)
        if live is None:
            live = self._loaded(table_id)
        self.sweep()
        return live

    def _loaded(self, table_id: str) -> LiveTable:
        """A table read from its file outside the hub's lock: a 40,000-event table takes most of a
        second to read and replay, and no other table's device may wait for it. One load of a
        table at a time (its own lock), so a table still has one writer, ever."""
        if not (isinstance(table_id, str) and table_id.isascii() and table_id.isalnum()
                and len(table_id) <= MAX_TABLE_ID):
            raise KeyError(table_id)
        with self._lock:
            loading = self._loading.setdefault(table_id, threading.Lock())
        with loading:
            try:
                with self._lock:
                    live = self._live.get(table_id)
                    if live is not None:  # another thread loaded it meanwhile
                        return self._open(live)
                try:
                    live = self._load(table_id)
                except Damaged as err:
                    self.index.damaged_now(table_id, err)
                    raise
                self.index.opened(live.listing(), read_only=live.store.broken is not None)
                with self._lock:
                    return self._open(live)
            finally:
                with self._lock:
                    if self._loading.get(table_id) is loading:
                        del self._loading[table_id]

    def _load(self, table_id: str) -> LiveTable:
        return self._table_of(self.store.open(table_id))

    def _table_of(self, store: TableStore | FileLog) -> LiveTable:
        game = self.games.get(store.table().game)
        if game is None:
            raise Damaged("unknown_game")
        try:
            return LiveTable(store, game, self.plays.record, self._now, self._index_change)  # type: ignore[arg-type]
        except (TypeError, KeyError, ValueError, AttributeError, IndexError) as err:
            raise Damaged("replay", error=type(err).__name__) from err

    def _replays(self, raw: bytes) -> Damaged | None:
        """The index's check of a saved file: replayed as opening it would, without writing to it."""
        try:
            self._table_of(FileLog(raw))
        except Damaged as err:
            return err
        return None

    def admits(self, table_id: str, token: str | None) -> bool:
        """Whether `token` opens something of the table (a key, an invitation, a moved seat's old key),
        asked of the table in memory or else of the saved-tables index: never of its file, so a wrong
        or absent key costs no read of a large table. Damaged for a file that cannot be opened."""
        with self._lock:
            live = self._live.get(table_id)
        if live is not None:
            return opens_something(live.table, token)
        return self.index.admits(table_id, token)

    def join(self, table_id: str, token: str | None) -> tuple[LiveTable, Access | None]:
        """KeyError for an unknown table and for a key that opens nothing of it alike."""
        if not self.admits(table_id, token):
            raise KeyError(table_id)
        live = self.get(table_id)
        return live, access_for(live.table, token)

    def saved(self, search: str = "", offset: int = 0, limit: int | None = None) -> tuple[list[TableSummary], int]:
        """Saved tables that open, newest change first, from the index (no table is opened):
        one page of them and how many match `search` (a player's name or the game)."""
        self.sweep()
        return self.index.page(search, offset, limit)

    def summaries(self) -> list[TableSummary]:
        return self.saved()[0]

    def damaged(self) -> dict[str, Damaged]:
        """Table files that cannot be opened, with what is wrong, for the tablet's list and health:
        what the index found reading and replaying them (see Index: replays run in a worker thread)."""
        return self.index.damaged()

    def listener_count(self) -> int:
        """Open screens across all tables: a closed tab must drop out of this at once."""
        with self._lock:
            live = list(self._live.values())
        return sum(t.listener_count for t in live)

    def delete(self, table_id: str) -> None:
        with self._lock:
            live = self._live.pop(table_id, None)
            self._kept.pop(table_id, None)
            self._held.pop(table_id, None)
        if live is not None:
            live.store.close()
        self.store.delete(table_id)
        self.index.remove(table_id)
