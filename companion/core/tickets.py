"""Download tickets: a summary link that carries no device's key.

The summary's JSON and CSV links used to hold the device's own key (the tablet's
host key included), so a link copied or read off a screen handed out that device's
powers. A ticket opens one thing, the summary of one table, for a while: it is the
expiry time and an HMAC of the table and that time (the summary is public-view only,
so it gives nothing a spectator lacks).

The HMAC's key is the server's own secret (its admin token, kept in the data folder, so
a link outlives a restart), not anything of the table: a ticket is checked before the
table is looked at, so a forged one never makes the server read a table file, and no
key a device holds (nor a seat's old, moved key) can mint one.
"""
from __future__ import annotations

import hashlib
import hmac
import time

LIFETIME_S = 3600
PURPOSE = "summary"


def mint(table_id: str, secret: str, now: float | None = None) -> str:
    """`secret`: the server's admin token."""
    expires = int((now if now is not None else time.time()) + LIFETIME_S)
    return f"{expires}.{_sign(table_id, secret, expires)}"


def valid(ticket: str | None, table_id: str, secret: str, now: float | None = None) -> bool:
    """Whether `ticket` opens this table's summary now: from the ticket and the secret alone."""
    if not unexpired(ticket, now):
        return False
    head, _, mac = ticket.partition(".")  # type: ignore[union-attr]
    return hmac.compare_digest(mac, _sign(table_id, secret, int(head)))


def unexpired(ticket: str | None, now: float | None = None) -> bool:
    """Whether `ticket` is shaped as one and not expired."""
    if not ticket or "." not in ticket or len(ticket) > 80:
        return False
    head = ticket.partition(".")[0]
    return head.isdigit() and int(head) >= (now if now is not None else time.time())


def _sign(table_id: str, secret: str, expires: int) -> str:
    return hmac.new(secret.encode(), f"{PURPOSE}:{table_id}:{expires}".encode(), hashlib.sha256).hexdigest()[:32]
