"""Live tables: the one writer per table and the fan-out to every open screen.

Every change goes validate -> append -> publish under the table's lock, so the
file, the in-memory state and every screen agree on one order of events. A
subscriber is told only that something changed; it then reads the view its own
seat may see, so a late or out-of-order notification still shows the newest state.
"""
from __future__ import annotations

import copy
import json
import logging
import random
import threading
import time
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from companion.core import drafts, retries, reveals, reversal, steps, summary, turnclock, validation
from companion.core.access import (TABLET, Access, access_for, device_mark, invitation_for, is_role_id,
                                   key_digests, moved_from, new_table_id, new_token, opens_something,
                                   same_device)
from companion.core.game import Game
from companion.core.index import Index, TableSummary
from companion.core.model import RuleError, Seat, Table
from companion.core.pace import Pace
from companion.core.plays import Plays
from companion.core.roster import roster
from companion.core.append_storage import BrokenFile
from companion.core.store import Store, TableStore
from companion.core.table_file import Damaged, FileLog
from companion.core.timeline import CONTROL_TYPES, REDO, UNDO, Grown, in_effect, is_entry, owned_top

log = logging.getLogger(__name__)

Listener = Callable[[], None]
MAX_TABLE_ID = 64
ROWS_KEPT = 4096  # worded history rows kept per table: every screen's last rows in every language
NO_PLAYERS = ("validation.no_players", "validation.too_few_players")  # a new table's form sent too few names
# Events outside the game's own: Undo and Redo themselves and the turn clock's marks. They are
# never shown as undone, and a command may be one of them besides the game's events.
OUTSIDE_GAME = CONTROL_TYPES | turnclock.CLOCK_TYPES
SNAPSHOT_ROWS = 60  # the newest history rows a snapshot carries: what a screen shows of the history
Recorder = Callable[[dict], None]
Changed = Callable[["LiveTable", "dict | None"], None]  # the table and its summary while the play is over
# A table nobody watches is let go this long after its last use: its file is closed and its
# state may leave memory (it is read back from the file, which is cheap, when asked for again).
IDLE_SECONDS = 300.0
SWEEP_EVERY = 5.0  # seconds between two looks for idle tables


class ReadCache:
    """Reads worked out once per change and shared by every screen that asks the same.

    Ten devices on a table used to replay the same view (and word the same history) ten
    times per change. Entries are kept for one stamp (see LiveTable._stamp): the first
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


class ReadOnly(Exception):
    """A spectator tried to change the table."""


class LiveTable:
    """One table in memory: its current state, its log and who is watching."""

    def __init__(self, store: TableStore, game: Game, recorder: Recorder | None = None,
                 now: Callable[[], float] = time.time, changed: Changed | None = None) -> None:
        """`recorder` receives the summary after every change (the plays log); `now` is the clock;
        `changed` is told of every change (the saved-tables index)."""
        self.store = store
        self.game = game
        self._recorder = recorder
        self._changed = changed
        self._now = now
        self._marks = turnclock.MarkLog()
        self.table: Table = store.table()
        self._lock = threading.RLock()
        self._listeners: dict[int, Listener] = {}
        self._next_listener = 0
        self._rng = random.SystemRandom()
        self._events = store.events()
        self._retries = retries.Retries(self._events)
        # the id of the command being written and its digest (core/retries.py), if it has one
        self._client_id: tuple[str, str] | None = None
        self._riders: dict[int, list[dict]] = {}  # the form entries each undone change took with it
        self._done, self._undone = in_effect(self._events, self._riders)
        # The events that make a line of history: not form entries, nor an old log's undo of one.
        self._lined = [e for e in self._events if self._makes_line(e)]
        self._shown = [(e, r) for e in self._events if (r := game.secrets.revealed(e))]  # seen, never unseen
        self.state = self._replay(self._done)
        self._finished = self.game.finished(self.state)
        self._clock_started = any(e["type"] == turnclock.START for e in self._events)
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
        self._held = threading.local()  # see answering()
        # Worked out now, where the table is read (a worker thread when loaded from its file), not at
        # its first screen's render on the event loop: each walks every event in effect once.
        self._step.of(self._done)
        self._in_force.of(self._done)

    # -- reading -------------------------------------------------------------
    @property
    def seq(self) -> int:
        return self._events[-1]["seq"] if self._events else 0

    def snapshot(self, access: Access, lang: str = "en") -> dict:
        """The whole payload one device may receive: the view for its seat and nothing more.

        `undo` and `redo` describe the change this device's button would take back or
        restore (None when there is none it may touch), so the button can say it. Every
        device of a table reads it after each change: it is worked out once per change for
        each kind of device and shared, so callers must not modify it.
        """
        with self._lock:
            seat = access.viewer
            # A claimed or moved seat changes the table, not the log; a summary built later
            # (off the event loop, see summary()) joins the snapshot of the change it ends.
            ready = self._ending is not None and self._ending[0] == self._stamp()
            return self._read.get(self._stamp(), ("snapshot", access.role, access.seat, lang, id(self.table), ready),
                                  lambda: self._snapshot(access, seat, lang))

    def _snapshot(self, access: Access, seat: str | None, lang: str) -> dict:
        broken = self.store.broken  # a file broken in the middle: read-only (core/store.py)
        edits = access.may_edit and broken is None
        choice = self._undo_choice(access) if edits else reversal.Choice(None)
        undo = choice.target
        redo = self._redo_target(access) if edits else None
        view = self._view(seat)
        return {
            "id": self.table.id,
            "game": self.table.game,
            "seq": self.seq,
            "role": access.role,
            "seat": seat,
            "step": self.step,
            "can_undo": undo is not None,
            "can_redo": redo is not None,
            "undo": self._label(undo, seat, lang),
            # why this device's Undo is off, in words (None when on, or when there is nothing at all)
            "undo_why": choice.refusal.text(lang) if choice.refusal and choice.refusal.key != "seats.nothing_to_undo"
            else None,
            "redo": self._label(redo, seat, lang),
            "state": view,
            "told": reveals.notices(self._shown, access.seat if access.role == "seat" else None, lang,
                                    self.actor_name),
            # What a screen draws besides the view, so that building it reads nothing else:
            "seats": roster(self.table),
            "clock": turnclock.reading(self._clock_marks()) if self._clock_started else None,
            "history": self.history(access, lang, SNAPSHOT_ROWS),
            "finished": self._finished,
            "read_only": BrokenFile(broken).text(lang) if broken is not None else None,
            "summary": self._ending[1] if self._finished and self._ending and self._ending[0] == self._stamp()
            else None,
        }

    def reading(self, access: Access) -> tuple[int, dict]:
        """(step, view) for one device, read together: what the API answers a change with.

        Only these, not the whole snapshot: a phone's change answered with its seat's snapshot
        worded that seat's history and Undo again on every change, for a reply that carries
        neither (13% of the server's CPU per change with only the tablet watching). The view is
        the snapshot's own (shared, so callers must not modify it)."""
        with self._lock:
            return self.step, self._view(access.viewer)

    def _view(self, seat: str | None) -> dict:
        """What `seat` may see of the state now, worked out once per change for each viewer."""
        return self._read.get(self._stamp(), ("view", seat), lambda: self.game.secrets.cut_view(
            self.state, self.game.view(self.state, seat), seat))

    @property
    def step(self) -> int:
        """The step a command that moves the game on must name to be applied (core/steps.py)."""
        with self._lock:
            return self._step.of(self._done)

    def _stamp(self) -> tuple[int, int]:
        """What every read depends on: the log's last event and the state it led to."""
        return self.seq, id(self.state)

    def _label(self, event: dict | None, seat: str | None, lang: str) -> dict | None:
        if event is None:
            return None
        return {"seq": event["seq"], "by": self.actor_name(event.get("by")), "text": self._text(event, seat, lang)}

    def events(self) -> list[dict]:
        """The raw log, every secret included: for the admin and the server only."""
        with self._lock:
            return list(self._events)

    def export(self) -> list[dict]:
        """The log as the tablet may hand it out: no seat's secret in it."""
        with self._lock:
            return [self.game.secrets.cut_event(e, None) for e in self._events]

    def history(self, access: Access, lang: str = "en", limit: int | None = None) -> list[dict]:
        """Who did what, newest first, in plain words that respect the viewer's secrets.
        `limit`: only the newest rows, so a screen's cost does not grow with the game.
        Shared by every device that asks the same after a change: callers must not modify it."""
        seat = self._wording(access.viewer)
        with self._lock:
            return self._read.get(self._stamp(), ("history", seat, lang, limit),
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
                "text": self._text(event, seat, lang),
                "undone": undone,
            }
        return row

    def _text(self, event: dict, seat: str | None, lang: str) -> str:
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
        seat = self.table.seat(actor) if actor and actor != TABLET else None
        return seat.name if seat else "Tablet"

    @property
    def finished(self) -> bool:
        """Whether the play is over; cheap, unlike `summary()`, which reads the whole log."""
        return self._finished

    def summary(self) -> dict:
        """The end-of-game summary (or what it still lacks), free of every seat's secrets.

        It reads the whole log, so once the play is over it is built once per change and kept
        (the screens ask for it off the event loop and find it in the snapshot); while the
        play runs it is built on each call, with the turn clock read now."""
        with self._lock:
            if not self._finished:
                return summary.build(self.game, self.table, self.state, list(self._done), self.clock())
            stamp = self._stamp()
            if self._ending is None or self._ending[0] != stamp:
                self._ending = (stamp, summary.build(self.game, self.table, self.state, list(self._done),
                                                     self.clock()))
            return self._ending[1]

    def clock(self) -> dict | None:
        """The turn clock's reading now, or None if the tablet never started it."""
        with self._lock:
            if not self._clock_started:
                return None
            return turnclock.tally(self._clock_marks(), self._now())

    def _clock_marks(self) -> list[turnclock.Mark]:
        return self._marks.marks(self._actives, self._events)

    def _actives(self) -> Iterator[tuple[dict, str | None]]:
        """Each game event in effect with whose turn follows it: one replay, the first time the clock is read."""
        state = self.table.initial_state
        for event in self._done:
            try:
                state = self.game.apply(state, event)
            except RuleError:
                continue
            yield event, self.game.active_seat(state)

    # -- writing -------------------------------------------------------------
    def dispatch(self, command: dict, access: Access) -> dict:
        """Apply one command; RuleError (nothing saved) if the rules refuse it.

        A command may carry a `client_id`: sent again by the same device (a retry after a lost
        answer), it is not applied twice but answered with the event it made the first time; the
        same id with another command is refused (core/retries.py).
        A step command must name the step it was sent from (core/steps.py): Stale if the
        table has moved past it.
        """
        self._check_editor(access)
        event = validation.event(self.game.event_schemas, command, OUTSIDE_GAME)
        client_id = event.pop("client_id", None)
        sent_from = event.pop(steps.FIELD, None)
        seen_draft = event.pop(drafts.FIELD, None)
        sent = retries.digest(event) if client_id is not None else None
        if event["type"] in turnclock.CLOCK_TYPES:
            return self._clock_event(event["type"], access, client_id, sent)
        with self._lock:
            earlier = self._retries.earlier(access.actor, client_id, sent)
            if earlier is not None:
                return earlier
            steps.check(event["type"], sent_from, self.step, self._done, self.game.steps,
                        lambda done, lang: self._label(done, access.viewer, lang)["text"])
            drafts.check(self.game.drafts, self.state, event, seen_draft)
            if event["type"] in CONTROL_TYPES:
                self._client_id = (client_id, sent) if client_id is not None else None
                try:
                    return self.undo(access) if event["type"] == UNDO else self.redo(access)
                finally:
                    self._client_id = None
            event = self.game.prepare(self.state, {**event, "by": access.actor, "at": self._now()}, self._rng)
            entry = is_entry(event)
            if entry:
                event = drafts.stamped(self.game.drafts, self.state, event)
            state = self.game.apply(self.state, event)
            _require_json(event)
            if client_id is not None:
                event["client_id"] = client_id
            event["seq"] = self.store.append(self._retries.stored(event, sent))
            self._retries.remember(event, sent)
            self._events.append(event)
            self._done.append(event)
            if not entry:  # a form tap is no move: what could be redone still can
                self._undone.clear()
                self._riders.clear()
                self._lined.append(event)
            if shown := self.game.secrets.revealed(event):
                self._shown.append((event, shown))
            self.state = state
            self._marks.add(event, self.game.active_seat(state))
        self._publish()
        return event

    def _clock_event(self, kind: str, access: Access, client_id: str | None, sent: str | None) -> dict:
        """A clock command keeps its retry key like any other: a pause sent again after a lost
        answer is answered with the first one, not refused as a pause of a paused clock."""
        with self._lock:
            earlier = self._retries.earlier(access.actor, client_id, sent)
            if earlier is not None:
                return earlier
            turnclock.check(self._clock_marks(), kind, access.role)
            event = {"type": kind, "by": access.actor, "at": self._now()}
            if client_id is not None:
                event["client_id"] = client_id
            event["seq"] = self.store.append(self._retries.stored(event, sent))
            self._retries.remember(event, sent)
            self._clock_started = self._clock_started or kind == turnclock.START
            self._events.append(event)
            self._lined.append(event)
            self._marks.add(event)
        self._publish()
        return event

    def undo(self, access: Access) -> dict:
        """Take back a change: the tablet the latest, a phone its own latest when it stands on
        its own (core/reversal.py says which and why not). The undo is an event naming it, and
        the form entries that go with it (`with`): those made on the form it emptied, so the
        form comes back as the change took it."""
        self._check_editor(access)
        with self._lock:
            choice = self._undo_choice(access)
            if choice.target is None:
                raise choice.refusal
            target = choice.target
            if target is self._done[-1]:
                back = reversal.Reversal(self._replay(self._done[:-1]), [])
            else:  # later changes (a phone's own earlier change) or form entries: each must still apply without it
                back = reversal.later_applies(self._done, target, self._replay, self.game.apply,
                                              lambda e, lang: self._label(e, access.viewer, lang)["text"],
                                              lambda entry, state: drafts.rides(self.game.drafts, target, entry, state))
            event = self._append_control(UNDO, target, access, [e["seq"] for e in back.riders])
            self._done.remove(target)
            riding = {id(e) for e in back.riders}
            self._done[:] = [e for e in self._done if id(e) not in riding]
            self._undone.append(target)
            if back.riders:
                self._riders[target["seq"]] = back.riders
            self.state = back.state
            self._marks.drop(target)
        self._publish()
        return event

    def redo(self, access: Access) -> dict:
        """Restore the latest undone change, checked by the rules like a new one; same owners as undo."""
        self._check_editor(access)
        with self._lock:
            if not self._undone or is_entry(self._undone[-1]):
                raise RuleError("seats.nothing_to_redo")
            target = self._redo_target(access)
            if target is None:
                top = self._undone[-1]
                refused = reveals.redo_refused(self.game.secrets, top, access, self.actor_name)
                if refused is not None:
                    raise refused
                by = top.get("by")
                raise RuleError("seats.redo_tablets" if by == TABLET else "seats.redo_not_yours", owner=self.actor_name(by))
            state = self.game.apply(self.state, target)
            riders = self._riders.pop(target["seq"], [])
            for entry in riders:  # the form entries its undo took: back as they were made
                try:
                    state = self.game.apply(state, entry)
                except RuleError:
                    continue
            event = self._append_control(REDO, target, access)
            self._done.append(self._undone.pop())
            self._done.extend(riders)
            self.state = state
            self._marks.add(target, self.game.active_seat(state))
        self._publish()
        return event

    def _undo_choice(self, access: Access) -> reversal.Choice:
        choice = reversal.choose(self._done, access.actor, access.role == "host", self.game.steps,
                                 lambda e, lang: self._label(e, access.viewer, lang)["text"], self.actor_name)
        if choice.target is not None:
            refused = reveals.undo_refused(self.game.secrets, choice.target, access, self.actor_name)
            if refused is not None:  # what was seen cannot be unseen: the tablet's call, in front of everyone
                return reversal.Choice(None, refused)
        return choice

    def _undo_target(self, access: Access) -> dict | None:
        return self._undo_choice(access).target

    def _redo_target(self, access: Access) -> dict | None:
        """None for a form entry on top, which only a table saved before the rule can hold (its undo named it)."""
        target = owned_top(self._undone, access.role == "host" or access.actor)
        if target is None or is_entry(target):
            return None
        if reveals.redo_refused(self.game.secrets, target, access, self.actor_name):
            return None  # the same rule as its undo: the tablet's, in front of everyone
        return target

    def _append_control(self, kind: str, target: dict, access: Access, riders: list[int] | None = None) -> dict:
        event = {"type": kind, "target": target["seq"], "by": access.actor, "at": self._now()}
        if riders:
            event["with"] = riders
        sent = None
        if self._client_id is not None:
            event["client_id"], sent = self._client_id
        event["seq"] = self.store.append(self._retries.stored(event, sent))
        self._retries.remember(event, sent)
        self._events.append(event)
        self._lined.append(event)
        return event

    def _check_editor(self, access: Access) -> None:
        if not access.may_edit:
            raise ReadOnly("A spectator can watch but not change the table.")
        if self.store.broken is not None:
            raise BrokenFile(self.store.broken)
        seat = self.table.seat(access.seat) if access.role == "seat" and access.key else None
        if seat is not None and seat.key != access.key:
            raise RuleError("seats.seat_moved")  # a screen still open on the phone the seat left
        if access.tablet:  # a private screen on the tablet, while its seat is still played there
            held = self.table.seat(access.seat)
            if held is None or not held.tablet or held.joined:
                raise RuleError("seats.private_not_on_tablet", name=held.name if held else access.seat)

    def _replay(self, events: list[dict]) -> dict:
        state = self.table.initial_state
        for event in events:
            try:
                state = self.game.apply(state, event)
            except RuleError as err:
                # Kept in the file (nothing is lost) but skipped, so one event that a
                # newer rules version refuses cannot lock a whole table.
                log.warning("table %s: event %s no longer applies: %s", self.table.id, event.get("seq"), err)
        return state

    # -- seats ---------------------------------------------------------------
    def claim(self, invitation: str | None, device: str | None = None) -> tuple[Seat, str] | None:
        """The first device to open a seat's invitation gets the seat's key; later ones get
        RuleError (the seat has joined), except the one that claimed it (`device`, the id its
        browser keeps), whose retry after a lost answer gets the same key again.
        None when `invitation` is no invitation here."""
        with self._lock:
            seat = invitation_for(self.table, invitation)
            if seat is None:
                return None
            if seat.joined:
                if same_device(seat, device):
                    return seat, seat.key
                raise RuleError("seats.already_joined")
            key = new_token()  # a phone now holds the seat: the tablet no longer opens its secrets
            self._save_seat(seat.id, key=key, device=device_mark(device), tablet=False)
        self._publish()
        return seat, key

    def mark_tablet(self, seat_id: str, on: bool) -> None:
        """Mark a seat as played on the tablet (its player has no phone), or take the mark back.
        Kept in the table's file, so a reload of the tablet keeps it; refused for a seat a phone holds."""
        with self._lock:
            seat = self.table.seat(seat_id)
            if seat is None:
                raise RuleError("seats.no_seat", seat=seat_id)
            if on and seat.joined:
                raise RuleError("seats.on_tablet_has_phone", name=seat.name)
            if seat.tablet == on:
                return
            self._save_seat(seat_id, tablet=on)
        self._publish()

    def tablet_seat(self, access: Access, seat_id: str) -> Access:
        """The access of `seat_id`'s private screen on the tablet: only the tablet's own key opens it,
        and only for a seat marked as played there that no phone holds (a phone seat's secret stays
        on its phone). RuleError otherwise."""
        with self._lock:
            seat = self.table.seat(seat_id)
            if access.role != "host":
                raise RuleError("seats.private_tablet_only")
            if seat is None or not seat.tablet or seat.joined:
                raise RuleError("seats.private_not_on_tablet", name=seat.name if seat else seat_id)
            return Access("seat", seat.id, tablet=True)

    def move(self, seat_id: str) -> str:
        """Free a joined seat for another phone: a fresh invitation, and the old device's key
        is kept aside only to tell that device its seat moved."""
        with self._lock:
            seat = self.table.seat(seat_id)
            if seat is None:
                raise RuleError("seats.no_seat", seat=seat_id)
            if not seat.joined:  # a double tap: its first tap already gave the seat a new code
                raise RuleError("seats.move_not_joined", name=seat.name)
            token = new_token()
            self._save_seat(seat_id, key=None, token=token, device=None,
                            moved=[*seat.moved, seat.key] if seat.key else seat.moved)
        self._publish()
        return token

    def spend_host_link(self) -> bool:
        """True for the first device to open the tablet's link (it keeps the key in its own
        storage); False once it has been used, when only the admin key gives tablet powers."""
        with self._lock:
            if self.table.host_link_used or self.store.broken is not None:  # a read-only file: no write
                return False
            table = copy.deepcopy(self.table)
            table.host_link_used = True
            self.store.save_table(table)
            self.table = table
            return True

    def moved_seat(self, key: str | None) -> Seat | None:
        """The seat that `key` opened before the tablet moved it to another phone."""
        with self._lock:
            return moved_from(self.table, key)

    def invitation(self, token: str | None) -> Seat | None:
        with self._lock:
            return invitation_for(self.table, token)

    def _save_seat(self, seat_id: str, **changes: object) -> None:
        """Write the changed seat to the file first; memory follows only once it is saved."""
        table = copy.deepcopy(self.table)
        seat = table.seat(seat_id)
        for name, value in changes.items():
            setattr(seat, name, value)
        self.store.save_table(table)
        self.table = table

    # -- watching ------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every change; returns the function that stops it."""
        with self._lock:
            key = self._next_listener
            self._next_listener += 1
            self._listeners[key] = listener

        def unsubscribe() -> None:
            with self._lock:
                self._listeners.pop(key, None)

        return unsubscribe

    @property
    def listener_count(self) -> int:
        with self._lock:
            return len(self._listeners)

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Changes made inside (on this thread) are published on leaving, not at once: the API
        words its answer first, so the screens' renders never compete with it for the
        interpreter, and the answer leaves before the first render starts."""
        depth = getattr(self._held, "depth", 0)
        self._held.depth = depth + 1
        try:
            yield
        finally:
            self._held.depth = depth
            if depth == 0 and getattr(self._held, "pending", False):
                self._held.pending = False
                self._publish()

    def _publish(self) -> None:
        if getattr(self._held, "depth", 0):
            self._held.pending = True
            return
        with self._lock:
            listeners = list(self._listeners.values())
            was_finished, self._finished = self._finished, self.game.finished(self.state)
        for listener in listeners:
            try:
                listener()
            except Exception:  # one broken screen must not stop the others
                log.exception("table %s: a listener failed", self.table.id)
        # After the screens are told: keeping the play is a second file write they need not wait for.
        # The summary reads the whole log, so it is built only while the play is over, or on the
        # change that took its end back: an append's cost must not grow with the game.
        ended = None
        if self._finished or was_finished:
            try:
                ended = self.summary()
                if self._recorder is not None:
                    self._recorder(ended)
            except Exception:  # the plays log must never stop the table
                log.exception("table %s: could not record the play", self.table.id)
        if self._changed is not None:
            try:
                self._changed(self, ended)
            except Exception:  # the index is rebuilt from the files; it must never stop the table
                log.exception("table %s: could not update the saved-tables index", self.table.id)

    def listing(self, ended: dict | None = None) -> TableSummary:
        """This table as the saved-tables index lists it; `ended`: its summary, if the play is over."""
        with self._lock:
            last = self._events[-1] if self._events else {}
            winners = [p["name"] for p in ended["players"] if p.get("winner")] if ended and self._finished else []
            return TableSummary(id=self.table.id, game=self.table.game, title=self.game.title,
                                players=[s.name for s in self.table.seats], created=self.table.created,
                                updated=last.get("at", self.table.created), events=len(self._events),
                                finished=self._finished, winners=winners, keys=key_digests(self.table))


def _require_json(event: dict) -> None:
    try:
        json.dumps(event)
    except (TypeError, ValueError) as err:
        raise RuleError("core.err.action_holds_value_cannot", err=str(err)) from err


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
        _require_json(table.to_dict())
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
