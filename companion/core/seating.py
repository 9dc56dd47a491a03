"""A live table's seats: who holds which seat's key, invitations, the tablet's own seats.

Seats change the table's record, not its log: each change is written to the file first, and
memory follows only once it is saved (a new record, so a snapshot made before it stays whole).
The live table (core/livetable.py) lends its lock and is told to publish after each change.
"""
from __future__ import annotations

import copy
import threading
from typing import Callable

from companion.core.access import Access, ReadOnly, device_mark, invitation_for, moved_from, new_token, same_device
from companion.core.append_storage import BrokenFile
from companion.core.model import RuleError, Seat, Table
from companion.core.store import TableStore


class Seating:
    """One table's record and the seat changes made to it, under the table's lock."""

    def __init__(self, store: TableStore, lock: threading.RLock, publish: Callable[[], None]) -> None:
        self.store = store
        self.table: Table = store.table()
        self._lock = lock
        self._publish = publish

    def check_editor(self, access: Access) -> None:
        """Refuse a change from a device that may not make one now (a spectator, a moved seat's phone,
        a tablet seat a phone took), and any change to a file that is read-only."""
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
