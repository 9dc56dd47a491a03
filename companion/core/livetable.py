"""A live table's write side: the one writer per table and the fan-out to every open screen.

Every change goes validate -> append -> publish under the table's lock, so the
file, the in-memory state and every screen agree on one order of events. Each
appended event is fed, in that order and under that lock, to the table's read
model (core/readmodel.py), which answers every read. A subscriber is told only
that something changed; it then reads the view its own seat may see, so a late
or out-of-order notification still shows the newest state.
"""
from __future__ import annotations

import json
import logging
import random
import threading
import time
from contextlib import AbstractContextManager
from typing import Callable

from companion.core import drafts, retries, reversal, reveals, steps, turnclock, validation
from companion.core.access import TABLET, Access
from companion.core.fanout import Fanout, Listener
from companion.core.game import Game
from companion.core.index import TableSummary
from companion.core.model import RuleError, Seat, Table
from companion.core.readmodel import ReadModel
from companion.core.seating import Seating
from companion.core.store import TableStore
from companion.core.timeline import CONTROL_TYPES, OUTSIDE_GAME, REDO, UNDO, in_effect, is_entry

log = logging.getLogger(__name__)

Recorder = Callable[[dict], None]
Changed = Callable[["LiveTable", "dict | None"], None]  # the table and its summary while the play is over


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
        self._lock = threading.RLock()
        self._seats = Seating(store, self._lock, self._publish)
        self._fanout = Fanout(self._lock, self._publish)
        self._rng = random.SystemRandom()
        self._events = store.events()
        self._retries = retries.Retries(self._events)
        # the id of the command being written and its digest (core/retries.py), if it has one
        self._client_id: tuple[str, str] | None = None
        self._riders: dict[int, list[dict]] = {}  # the form entries each undone change took with it
        # The log, the events in effect and the redo stack are the read model's too: changed in place, never rebound.
        self._done, self._undone = in_effect(self._events, self._riders)
        self.state = replay(game, self.table, self._done)
        self._finished = self.game.finished(self.state)
        self._read = ReadModel(game, self, self._events, self._done, self._undone, self._lock, now)

    # -- reading: the read model's answers -----------------------------------
    @property
    def seq(self) -> int:
        return self._read.seq

    def snapshot(self, access: Access, lang: str = "en") -> dict:
        """The whole payload one device may receive: the view for its seat and nothing more.

        `undo` and `redo` describe the change this device's button would take back or
        restore (None when there is none it may touch), so the button can say it. Every
        device of a table reads it after each change: it is worked out once per change for
        each kind of device and shared, so callers must not modify it.
        """
        return self._read.snapshot(access, lang)

    def reading(self, access: Access) -> tuple[int, dict]:
        """(step, view) for one device, read together: what the API answers a change with.

        Only these, not the whole snapshot: a phone's change answered with its seat's snapshot
        worded that seat's history and Undo again on every change, for a reply that carries
        neither (13% of the server's CPU per change with only the tablet watching). The view is
        the snapshot's own (shared, so callers must not modify it)."""
        with self._lock:
            return self._read.step, self._read.view(access.viewer)

    @property
    def step(self) -> int:
        """The step a command that moves the game on must name to be applied (core/steps.py)."""
        return self._read.step

    def events(self) -> list[dict]:
        """The raw log, every secret included: for the admin and the server only."""
        with self._lock:
            return list(self._events)

    def export(self) -> list[dict]:
        """The log as the tablet may hand it out: no seat's secret in it."""
        return self._read.export()

    def history(self, access: Access, lang: str = "en", limit: int | None = None) -> list[dict]:
        """Who did what, newest first, in plain words that respect the viewer's secrets.
        `limit`: only the newest rows, so a screen's cost does not grow with the game.
        Shared by every device that asks the same after a change: callers must not modify it."""
        return self._read.history(access, lang, limit)

    def actor_name(self, actor: str | None) -> str:
        return self._read.actor_name(actor)

    @property
    def finished(self) -> bool:
        """Whether the play is over; cheap, unlike `summary()`, which reads the whole log."""
        return self._finished

    def summary(self) -> dict:
        """The end-of-game summary (or what it still lacks), free of every seat's secrets.

        It reads the whole log, so once the play is over it is built once per change and kept
        (the screens ask for it off the event loop and find it in the snapshot); while the
        play runs it is built on each call, with the turn clock read now."""
        return self._read.summary()

    def clock(self) -> dict | None:
        """The turn clock's reading now, or None if the tablet never started it."""
        return self._read.clock()

    # -- writing -------------------------------------------------------------
    def dispatch(self, command: dict, access: Access) -> dict:
        """Apply one command; RuleError (nothing saved) if the rules refuse it.

        A command may carry a `client_id`: sent again by the same device (a retry after a lost
        answer), it is not applied twice but answered with the event it made the first time; the
        same id with another command is refused (core/retries.py). The turn clock's commands too:
        a pause sent again is answered with the first, not refused as a pause of a paused clock.
        A step command must name the step it was sent from (core/steps.py): Stale if the
        table has moved past it.
        """
        self._seats.check_editor(access)
        event = validation.event(self.game.event_schemas, command, OUTSIDE_GAME)
        client_id = event.pop("client_id", None)
        sent_from = event.pop(steps.FIELD, None)
        seen_draft = event.pop(drafts.FIELD, None)
        sent = retries.digest(event) if client_id is not None else None
        kind = event["type"]
        with self._lock:
            earlier = self._retries.earlier(access.actor, client_id, sent)
            if earlier is not None:
                return earlier
            if kind in turnclock.CLOCK_TYPES:
                turnclock.check(self._read.clock_marks(), kind, access.role)
                event = self._append({"type": kind, "by": access.actor, "at": self._now()}, client_id, sent)
                self._read.clocked(event)
            else:
                steps.check(kind, sent_from, self._read.step, self._done, self.game.steps,
                            lambda done, lang: self._read.label(done, access.viewer, lang)["text"])
                drafts.check(self.game.drafts, self.state, event, seen_draft)
                if kind in CONTROL_TYPES:
                    self._client_id = (client_id, sent) if client_id is not None else None
                    try:
                        return self.undo(access) if kind == UNDO else self.redo(access)
                    finally:
                        self._client_id = None
                event = self._move(event, access, client_id, sent)
        self._publish()
        return event

    def _move(self, event: dict, access: Access, client_id: str | None, sent: str | None) -> dict:
        """Under the lock: a game event or form entry, applied by the rules, appended and put in effect."""
        event = self.game.prepare(self.state, {**event, "by": access.actor, "at": self._now()}, self._rng)
        entry = is_entry(event)
        if entry:
            event = drafts.stamped(self.game.drafts, self.state, event)
        state = self.game.apply(self.state, event)
        require_json(event)
        event = self._append(event, client_id, sent)
        self._done.append(event)
        if not entry:  # a form tap is no move: what could be redone still can
            self._undone.clear()
            self._riders.clear()
        self.state = state
        self._read.moved(event, self.game.active_seat(state))
        return event

    def _append(self, event: dict, client_id: str | None, sent: str | None) -> dict:
        """Under the lock: the one way an event reaches the file and the log, with its retry key."""
        if client_id is not None:
            event["client_id"] = client_id
        event["seq"] = self.store.append(self._retries.stored(event, sent))
        self._retries.remember(event, sent)
        self._events.append(event)
        return event

    def undo(self, access: Access) -> dict:
        """Take back a change: the tablet the latest, a phone its own latest when it stands on
        its own (core/reversal.py says which and why not). The undo is an event naming it, and
        the form entries that go with it (`with`): those made on the form it emptied, so the
        form comes back as the change took it."""
        self._seats.check_editor(access)
        with self._lock:
            choice = self._read.undo_choice(access)
            if choice.target is None:
                raise choice.refusal
            target = choice.target
            if target is self._done[-1]:
                back = reversal.Reversal(replay(self.game, self.table, self._done[:-1]), [])
            else:  # later changes (a phone's own earlier change) or form entries: each must still apply without it
                back = reversal.later_applies(self._done, target, lambda done: replay(self.game, self.table, done),
                                              self.game.apply,
                                              lambda e, lang: self._read.label(e, access.viewer, lang)["text"],
                                              lambda entry, state: drafts.rides(self.game.drafts, target, entry, state))
            event = self._append_control(UNDO, target, access, [e["seq"] for e in back.riders])
            self._done.remove(target)
            riding = {id(e) for e in back.riders}
            self._done[:] = [e for e in self._done if id(e) not in riding]
            self._undone.append(target)
            if back.riders:
                self._riders[target["seq"]] = back.riders
            self.state = back.state
            self._read.reversed(event, target, None)
        self._publish()
        return event

    def redo(self, access: Access) -> dict:
        """Restore the latest undone change, checked by the rules like a new one; same owners as undo."""
        self._seats.check_editor(access)
        with self._lock:
            if not self._undone or is_entry(self._undone[-1]):
                raise RuleError("seats.nothing_to_redo")
            target = self._read.redo_target(access)
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
            self._read.reversed(event, target, self.game.active_seat(state))
        self._publish()
        return event

    def _append_control(self, kind: str, target: dict, access: Access, riders: list[int] | None = None) -> dict:
        event = {"type": kind, "target": target["seq"], "by": access.actor, "at": self._now()}
        if riders:
            event["with"] = riders
        client_id, sent = self._client_id if self._client_id is not None else (None, None)
        return self._append(event, client_id, sent)

    # -- seats: the table's record (core/seating.py) ---------------------------
    @property
    def table(self) -> Table:
        return self._seats.table

    def claim(self, invitation: str | None, device: str | None = None) -> tuple[Seat, str] | None:
        return self._seats.claim(invitation, device)

    def mark_tablet(self, seat_id: str, on: bool) -> None:
        self._seats.mark_tablet(seat_id, on)

    def tablet_seat(self, access: Access, seat_id: str) -> Access:
        return self._seats.tablet_seat(access, seat_id)

    def move(self, seat_id: str) -> str:
        return self._seats.move(seat_id)

    def spend_host_link(self) -> bool:
        return self._seats.spend_host_link()

    def moved_seat(self, key: str | None) -> Seat | None:
        return self._seats.moved_seat(key)

    def invitation(self, token: str | None) -> Seat | None:
        return self._seats.invitation(token)

    # -- watching ------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every change; returns the function that stops it."""
        return self._fanout.subscribe(listener)

    @property
    def listener_count(self) -> int:
        return self._fanout.count

    def answering(self) -> AbstractContextManager[None]:
        """Changes made inside (on this thread) are published on leaving, not at once: the API
        words its answer first, so the screens' renders never compete with it for the
        interpreter, and the answer leaves before the first render starts."""
        return self._fanout.answering()

    def _publish(self) -> None:
        if self._fanout.holding():
            return
        with self._lock:
            was_finished, self._finished = self._finished, self.game.finished(self.state)
        self._fanout.tell(self.table.id)
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
        return self._read.listing(ended)


def require_json(event: dict) -> None:
    """An event must be written as JSON exactly as it is held: refused with the reason otherwise."""
    try:
        json.dumps(event)
    except (TypeError, ValueError) as err:
        raise RuleError("core.err.action_holds_value_cannot", err=str(err)) from err


def replay(game: Game, table: Table, events: list[dict]) -> dict:
    """The state `events` lead to from the table's first. An event the rules now refuse is kept in
    the file (nothing is lost) but skipped, so one that a newer rules version refuses cannot lock a
    whole table."""
    state = table.initial_state
    for event in events:
        try:
            state = game.apply(state, event)
        except RuleError as err:
            log.warning("table %s: event %s no longer applies: %s", table.id, event.get("seq"), err)
    return state
