"""A live table's read side: what each device may read of it, worked out once per change and kept.

The write side (core/livetable.py) holds the log, the lock and the state the rules need;
it feeds this model every event it appends, in the order it appends them, under its lock.
Everything a screen or the API reads (a snapshot, a worded history, the Undo it may take,
the turn clock, the end-of-play summary) is made here from the write side's lists, which
are shared, not copied: feeding a change costs a few appends, and a read's work is done
once per change for every device that asks the same.
"""
from __future__ import annotations

import threading
from typing import Callable, Iterator, Protocol

from companion.core import reveals, reversal, steps, summary, turnclock
from companion.core.access import TABLET, Access, key_digests
from companion.core.append_storage import BrokenFile
from companion.core.game import Game
from companion.core.index import TableSummary
from companion.core.model import RuleError, Table
from companion.core.roster import roster
from companion.core.store import TableStore
from companion.core.timeline import CONTROL_TYPES, OUTSIDE_GAME, UNDO, Grown, is_entry, owned_top

ROWS_KEPT = 4096  # worded history rows kept per table: every screen's last rows in every language
SNAPSHOT_ROWS = 60  # the newest history rows a snapshot carries: what a screen shows of the history


class Source(Protocol):
    """What the read model reads of the write side besides its shared lists: reassigned, not grown."""

    @property
    def table(self) -> Table: ...

    @property
    def state(self) -> dict: ...

    @property
    def store(self) -> TableStore: ...

    @property
    def finished(self) -> bool: ...


class ReadCache:
    """Reads worked out once per change and shared by every screen that asks the same.

    Ten devices on a table used to replay the same view (and word the same history) ten
    times per change. Entries are kept for one stamp (see ReadModel.stamp): the first
    read after a change drops the previous change's."""

    def __init__(self) -> None:
        self._stamp: tuple | None = None
        self._values: dict[tuple, object] = {}

    def get(self, stamp: tuple, key: tuple, work: Callable[[], object]):
        if stamp != self._stamp:
            self._stamp, self._values = stamp, {}
        if key not in self._values:
            self._values[key] = work()
        return self._values[key]


class ReadModel:
    """One table's reads. `events`, `done` and `undone` are the write side's own lists (the log, the
    events in effect, the redo stack), read here and never changed."""

    def __init__(self, game: Game, source: Source, events: list[dict], done: list[dict], undone: list[dict],
                 lock: threading.RLock, now: Callable[[], float]) -> None:
        self.game = game
        self._source = source
        self._events, self._done, self._undone = events, done, undone
        self._lock = lock
        self._now = now
        self._marks = turnclock.MarkLog()
        # The events that make a line of history: not form entries, nor an old log's undo of one.
        self._lined = [e for e in events if self._makes_line(e)]
        self._shown = [(e, r) for e in events if (r := game.secrets.revealed(e))]  # seen, never unseen
        self._clock_started = any(e["type"] == turnclock.START for e in events)
        self._read = ReadCache()
        # Read from the events in effect after every change, so kept and brought up to date (timeline.Grown).
        self._step = Grown(int, lambda step, e: steps.moved(step, e, self.game.steps))
        self._in_force: Grown[set] = Grown(set, lambda seqs, e: seqs.add(e["seq"]) or seqs)
        self._ending: tuple[tuple, dict] | None = None  # the finished play's summary, for the change it ends
        self._rows: dict[tuple, dict] = {}  # history rows as worded for (event, viewer, language, undone)
        self._texts: dict[tuple, str] = {}  # an event's words for (event, viewer, language): rows and labels
        # Whether an event's words may differ between viewers. A game whose `describe` ignores the
        # seat, and none of whose events holds a seat's secret (so the cut before `describe` changes
        # nothing either), is worded once per event for every device of the table (_wording).
        self._words_by_seat = game.words_by_seat or bool(game.secrets.events)
        # The last history list made for (viewer, language, limit), with the newest line then: see _history.
        self._lists: dict[tuple, tuple[dict | None, list[dict]]] = {}
        # Worked out now, where the table is read (a worker thread when loaded from its file), not at
        # its first screen's render on the event loop: each walks every event in effect once.
        self._step.of(done)
        self._in_force.of(done)

    # -- fed by the write side, under its lock, after each append -------------
    def moved(self, event: dict, active: str | None) -> None:
        """A game event or form entry now in effect; `active`: whose turn follows it."""
        if not is_entry(event):
            self._lined.append(event)
        if shown := self.game.secrets.revealed(event):
            self._shown.append((event, shown))
        self._marks.add(event, active)

    def clocked(self, event: dict) -> None:
        """A turn clock event (start, pause, resume)."""
        self._clock_started = self._clock_started or event["type"] == turnclock.START
        self._lined.append(event)
        self._marks.add(event)

    def reversed(self, event: dict, target: dict, active: str | None) -> None:
        """An undo (its `target` is out of effect) or a redo (back, with `active`'s turn after it)."""
        self._lined.append(event)
        if event["type"] == UNDO:
            self._marks.drop(target)
        else:
            self._marks.add(target, active)

    # -- snapshots -----------------------------------------------------------
    @property
    def seq(self) -> int:
        return self._events[-1]["seq"] if self._events else 0

    def stamp(self) -> tuple[int, int]:
        """What every read depends on: the log's last event and the state it led to."""
        return self.seq, id(self._source.state)

    def snapshot(self, access: Access, lang: str) -> dict:
        with self._lock:
            # A claimed or moved seat changes the table, not the log; a summary built later
            # (off the event loop, see summary()) joins the snapshot of the change it ends.
            ready = self._ending is not None and self._ending[0] == self.stamp()
            return self._read.get(self.stamp(), ("snapshot", access.role, access.seat, lang,
                                                 id(self._source.table), ready),
                                  lambda: self._snapshot(access, access.viewer, lang))

    def _snapshot(self, access: Access, seat: str | None, lang: str) -> dict:
        table, broken = self._source.table, self._source.store.broken  # broken in the middle: read-only
        edits = access.may_edit and broken is None
        choice = self.undo_choice(access) if edits else reversal.Choice(None)
        undo = choice.target
        redo = self.redo_target(access) if edits else None
        finished = self._source.finished
        return {
            "id": table.id,
            "game": table.game,
            "seq": self.seq,
            "role": access.role,
            "seat": seat,
            "step": self.step,
            "can_undo": undo is not None,
            "can_redo": redo is not None,
            "undo": self.label(undo, seat, lang),
            # why this device's Undo is off, in words (None when on, or when there is nothing at all)
            "undo_why": choice.refusal.text(lang) if choice.refusal and choice.refusal.key != "seats.nothing_to_undo"
            else None,
            "redo": self.label(redo, seat, lang),
            "state": self.view(seat),
            "told": reveals.notices(self._shown, access.seat if access.role == "seat" else None, lang,
                                    self.actor_name),
            # What a screen draws besides the view, so that building it reads nothing else:
            "seats": roster(table),
            "clock": turnclock.reading(self.clock_marks()) if self._clock_started else None,
            "history": self.history(access, lang, SNAPSHOT_ROWS),
            "finished": finished,
            "read_only": BrokenFile(broken).text(lang) if broken is not None else None,
            "summary": self._ending[1] if finished and self._ending and self._ending[0] == self.stamp() else None,
        }

    def view(self, seat: str | None) -> dict:
        """What `seat` may see of the state now, worked out once per change for each viewer."""
        state = self._source.state
        return self._read.get(self.stamp(), ("view", seat), lambda: self.game.secrets.cut_view(
            state, self.game.view(state, seat), seat))

    @property
    def step(self) -> int:
        with self._lock:
            return self._step.of(self._done)

    def export(self) -> list[dict]:
        with self._lock:
            return [self.game.secrets.cut_event(e, None) for e in self._events]

    # -- who may take back what ----------------------------------------------
    def undo_choice(self, access: Access) -> reversal.Choice:
        choice = reversal.choose(self._done, access.actor, access.role == "host", self.game.steps,
                                 lambda e, lang: self.label(e, access.viewer, lang)["text"], self.actor_name)
        if choice.target is not None:
            refused = reveals.undo_refused(self.game.secrets, choice.target, access, self.actor_name)
            if refused is not None:  # what was seen cannot be unseen: the tablet's call, in front of everyone
                return reversal.Choice(None, refused)
        return choice

    def redo_target(self, access: Access) -> dict | None:
        """None for a form entry on top, which only a table saved before the rule can hold (its undo named it)."""
        target = owned_top(self._undone, access.role == "host" or access.actor)
        if target is None or is_entry(target):
            return None
        if reveals.redo_refused(self.game.secrets, target, access, self.actor_name):
            return None  # the same rule as its undo: the tablet's, in front of everyone
        return target

    # -- history in words ----------------------------------------------------
    def history(self, access: Access, lang: str, limit: int | None) -> list[dict]:
        seat = self._wording(access.viewer)
        with self._lock:
            return self._read.get(self.stamp(), ("history", seat, lang, limit),
                                  lambda: self._history(seat, lang, limit))

    def _wording(self, seat: str | None) -> str | None:
        """The viewer an event is worded for: the seat itself, or None (the words every device
        reads) when the game words every event the same for all. Ten devices on a Kleos table
        worded each new row six times per change (five seats and the tablet), for six equal texts."""
        return seat if self._words_by_seat else None

    def _history(self, seat: str | None, lang: str, limit: int | None) -> list[dict]:
        """Each row is worded once and kept (an event never changes; whether it is undone is
        part of the row's key), so a change words one new row, not the whole list.

        Every device kind asks after every change. A plain change (one event more, and in
        effect) moves no other row's undone mark, so its row goes before the list made at the
        change before; an undo, a redo or the clock (which leave the events in effect otherwise)
        make the list again. A form entry makes no row (core/timeline.py): the list stays."""
        if len(self._rows) > ROWS_KEPT:
            self._rows.clear()
            self._texts.clear()
        lined = self._lined
        newest = lined[-1] if lined else None
        key = (seat, lang, limit)
        kept = self._lists.get(key)
        if kept is not None and kept[0] is newest:
            rows = kept[1]  # only form entries since, or nothing: they make no line
        elif kept is not None and len(lined) > 1 and kept[0] is lined[-2] and newest["type"] not in OUTSIDE_GAME:
            rows = [self._row(newest, seat, lang, False, len(lined)), *kept[1][:limit - 1 if limit else None]]
        else:
            in_force = self._in_force.of(self._done)
            first = len(lined) - limit if limit and len(lined) > limit else 0
            rows = [self._row(event, seat, lang, event["type"] not in OUTSIDE_GAME and event["seq"] not in in_force,
                              first + n) for n, event in reversed(list(enumerate(lined[first:], 1)))]
        self._lists[key] = (newest, rows)
        return rows

    def _makes_line(self, event: dict) -> bool:
        """Form entries make no line of history, nor does an undo or redo of one (a log from before the rule)."""
        if is_entry(event):
            return False
        if event.get("type") in CONTROL_TYPES:
            target = next((e for e in reversed(self._events) if e.get("seq") == event.get("target")), None)
            return target is None or not is_entry(target)
        return True

    def _row(self, event: dict, seat: str | None, lang: str, undone: bool, n: int) -> dict:
        """`n`: the row's place among every line of the table's history, from 1 (the history card's blocks):
        the event's own number while no form entry came before it."""
        key = (event["seq"], seat, lang, undone)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = {
                "n": n,
                "seq": event["seq"],
                "at": event.get("at"),
                "by": self.actor_name(event.get("by")),
                "actor": event.get("by"),
                "type": event["type"],
                "text": self.text(event, seat, lang),
                "undone": undone,
            }
        return row

    def label(self, event: dict | None, seat: str | None, lang: str) -> dict | None:
        """The change an Undo or Redo button names, worded as its row is."""
        if event is None:
            return None
        return {"seq": event["seq"], "by": self.actor_name(event.get("by")), "text": self.text(event, seat, lang)}

    def text(self, event: dict, seat: str | None, lang: str) -> str:
        """An event's words for this viewer, kept: its history row and the Undo that names it say the same."""
        seat = self._wording(seat)
        key = (event.get("seq"), seat, lang)
        text = self._texts.get(key) if key[0] is not None else None
        if text is None:
            text = self._row_text(event, seat, lang)
            if key[0] is not None:
                self._texts[key] = text
        return text

    def _row_text(self, event: dict, seat: str | None, lang: str) -> str:
        kind = event["type"]
        if kind in turnclock.CLOCK_TYPES:
            return turnclock.describe(kind, lang)
        cut = self.game.secrets.cut_event
        if kind in CONTROL_TYPES:
            target = next((e for e in reversed(self._events) if e["seq"] == event.get("target")), None)
            what = self._row_text(target, seat, lang) if target else ""
            return f"{'↶' if kind == UNDO else '↷'} {what}"
        return self.game.describe(cut(event, seat), seat, lang)

    def actor_name(self, actor: str | None) -> str:
        seat = self._source.table.seat(actor) if actor and actor != TABLET else None
        return seat.name if seat else "Tablet"

    def listing(self, ended: dict | None) -> TableSummary:
        with self._lock:
            table, finished = self._source.table, self._source.finished
            last = self._events[-1] if self._events else {}
            winners = [p["name"] for p in ended["players"] if p.get("winner")] if ended and finished else []
            return TableSummary(id=table.id, game=table.game, title=self.game.title,
                                players=[s.name for s in table.seats], created=table.created,
                                updated=last.get("at", table.created), events=len(self._events),
                                finished=finished, winners=winners, keys=key_digests(table))

    # -- the end of the play and the turn clock ------------------------------
    def summary(self) -> dict:
        with self._lock:
            source = self._source
            if not source.finished:
                return summary.build(self.game, source.table, source.state, list(self._done), self.clock())
            stamp = self.stamp()
            if self._ending is None or self._ending[0] != stamp:
                self._ending = (stamp, summary.build(self.game, source.table, source.state, list(self._done),
                                                     self.clock()))
            return self._ending[1]

    def clock(self) -> dict | None:
        with self._lock:
            if not self._clock_started:
                return None
            return turnclock.tally(self.clock_marks(), self._now())

    def clock_marks(self) -> list[turnclock.Mark]:
        return self._marks.marks(self._actives, self._events)

    def _actives(self) -> Iterator[tuple[dict, str | None]]:
        """Each game event in effect with whose turn follows it: one replay, the first time the clock is read."""
        state = self._source.table.initial_state
        for event in self._done:
            try:
                state = self.game.apply(state, event)
            except RuleError:
                continue
            yield event, self.game.active_seat(state)
