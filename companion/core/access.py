"""Who a token makes you at a table: the host (tablet), one seat (a phone) or a spectator.

A URL without a valid key shows nothing of the table, so keys are long,
random and compared in constant time. Roles and seats live in separate
namespaces: the tablet signs its events with `TABLET`, which no seat id may
be, so a player called "host" is only ever a player.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Literal

from companion.core.model import Seat, Table

Role = Literal["host", "seat", "spectator"]

TABLET = "host"  # the `by` of every event the tablet sends
ROLE_IDS = frozenset({TABLET, "spectator"})


def is_role_id(seat_id: object) -> bool:
    """True for an id that names a role; a seat may never carry one."""
    return seat_id in ROLE_IDS


@dataclass(frozen=True)
class Access:
    role: Role
    seat: str | None = None
    key: str | None = field(default=None, repr=False, compare=False)  # the device key it came from
    # A seat's private screen opened on the tablet (`LiveTable.tablet_seat`): no phone key, the
    # tablet's, and only while the seat is marked as played there.
    tablet: bool = False

    @property
    def may_edit(self) -> bool:
        return self.role != "spectator"

    @property
    def actor(self) -> str | None:
        """The `by` field of the events this device sends (None: it sends none)."""
        if self.role == "seat":
            return self.seat
        return TABLET if self.role == "host" else None

    @property
    def viewer(self) -> str | None:
        """The seat whose secrets this device may see (None: the tablet or a spectator)."""
        return self.seat if self.role == "seat" else None


class ReadOnly(Exception):
    """A spectator tried to change the table."""


def new_token() -> str:
    return secrets.token_urlsafe(12)


def new_table_id() -> str:
    return secrets.token_hex(4)


def _same(a: str, b: str) -> bool:
    return secrets.compare_digest(a.encode(), b.encode())


def access_for(table: Table, token: str | None) -> Access | None:
    """The role a device key grants at `table`, or None when it grants nothing.

    A seat's key is the one its device received when it claimed the seat; the
    invitation that led there is not a key (see `invitation_for`).
    """
    if not token:
        return None
    if _same(token, table.host_token):
        return Access("host")
    if _same(token, table.spectator_token):
        return Access("spectator")
    for seat in table.seats:
        if seat.key and _same(token, seat.key) and not is_role_id(seat.id):
            return Access("seat", seat.id, token)
    return None


DEVICE_ID_CHARS = 64


def device_mark(device: str | None) -> str | None:
    """What a seat keeps of the device that claimed it: a hash, so the table's file never holds
    the id itself. None for no id, or for anything no browser of ours would send."""
    if not isinstance(device, str) or not 16 <= len(device) <= DEVICE_ID_CHARS or not device.isascii():
        return None
    return hashlib.sha256(device.encode()).hexdigest()


def same_device(seat: Seat, device: str | None) -> bool:
    mark = device_mark(device)
    return bool(mark and seat.device) and _same(mark, seat.device)


def invitation_for(table: Table, token: str | None) -> Seat | None:
    """The seat whose invitation `token` is (open or already spent), or None."""
    if not token:
        return None
    return next((s for s in table.seats if _same(token, s.token)), None)


def moved_from(table: Table, token: str | None) -> Seat | None:
    """The seat `token` used to open before the tablet moved it to another device."""
    if not token:
        return None
    return next((s for s in table.seats if any(_same(token, k) for k in s.moved)), None)


def digest(token: str) -> str:
    """What the saved-tables index keeps of a key: enough to tell it, never the key itself."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def key_digests(table: Table) -> list[str]:
    """Every text that opens something of `table` (a key, a seat's invitation, a moved seat's old
    key), as digests: a request whose key is none of these is refused before the file is read."""
    tokens = [table.host_token, table.spectator_token]
    for seat in table.seats:
        tokens += [seat.token, *([seat.key] if seat.key else []), *seat.moved]
    return sorted({digest(t) for t in tokens if t})


def opens_something(table: Table, token: str | None) -> bool:
    """Whether `token` is one of `table`'s keys, invitations or moved seats' old keys."""
    return bool(token) and (access_for(table, token) is not None or invitation_for(table, token) is not None
                            or moved_from(table, token) is not None)


def is_admin(token: str | None, admin_token: str) -> bool:
    return bool(token) and _same(token, admin_token)
