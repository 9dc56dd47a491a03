"""Who a token makes you at a table: the host (tablet), one seat (a phone) or a spectator.

A URL without a valid token shows nothing of the table, so tokens are long,
random and compared in constant time.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Literal

from companion.core.model import Table

Role = Literal["host", "seat", "spectator"]


@dataclass(frozen=True)
class Access:
    role: Role
    seat: str | None = None

    @property
    def may_edit(self) -> bool:
        return self.role != "spectator"

    @property
    def actor(self) -> str:
        """The `by` field of the events this device sends."""
        return self.seat if self.role == "seat" and self.seat else "host"


def new_token() -> str:
    return secrets.token_urlsafe(12)


def new_table_id() -> str:
    return secrets.token_hex(4)


def _same(a: str, b: str) -> bool:
    return secrets.compare_digest(a.encode(), b.encode())


def access_for(table: Table, token: str | None) -> Access | None:
    """The role a token grants at `table`, or None when it grants nothing."""
    if not token:
        return None
    if _same(token, table.host_token):
        return Access("host")
    if _same(token, table.spectator_token):
        return Access("spectator")
    for seat in table.seats:
        if _same(token, seat.token):
            return Access("seat", seat.id)
    return None


def is_admin(token: str | None, admin_token: str) -> bool:
    return bool(token) and _same(token, admin_token)
