"""Which screens follow which seat, from which browser: a bound on both.

Every page load is a session, and each session that follows a table is rendered
after every change: 100 sessions opened on one seat took the server's time per
change from 3 to 73 ms, for every device at the table. So a browser (the id it
keeps in its storage) follows a seat from one tab at a time: a new tab for the
same seat replaces the old one. Past a bound per seat and per browser, the
oldest screen stops following (it says why and can take the seat back), and a
screen that follows nothing is only a notice.

A browser's id is whatever it says, so one device can claim many; its network
address it cannot choose. So the sessions of one client address are bounded
too, and past the bound a new one is refused (it shows only why): setting the
oldest aside instead would let a crowd from a shared address push out the
phones already playing. Phones and the tablet of one table may reach the
server through one address (a hotspot, a guest network), so the bound stays far
above a full table, and the tablet's own session is never counted.
"""
from __future__ import annotations

import secrets
import threading
import weakref
from dataclasses import dataclass, field
from typing import Protocol

from companion.core.access import DEVICE_ID_CHARS
from companion.ui.device_calls import Prefs

PREF_DEVICE = "companion.device"
REPLACED, CROWDED, CROWDED_ADDRESS = "limits.replaced", "limits.crowded", "limits.crowded_address"


class Screen(Protocol):
    def retire(self, reason: str) -> None: ...


async def device_id(prefs: Prefs) -> str:
    """This browser's id, made once and kept in its storage (shared by its tabs)."""
    saved = await prefs.get(PREF_DEVICE)
    if isinstance(saved, str) and 16 <= len(saved) <= DEVICE_ID_CHARS and saved.isascii():
        return saved
    made = secrets.token_urlsafe(24)
    await prefs.set(PREF_DEVICE, made)
    return made


@dataclass
class _Entry:
    screen: weakref.ReferenceType
    device: str
    place: tuple


@dataclass
class Screens:
    """`per_seat`: screens following one seat or the tablet's role (a phone and a laptop, say);
    `per_spectators`: spectator screens of one table (another phone each, usually);
    `per_device`: screens of one browser; `per_address`: connected sessions of one client address
    (8 phones and a dozen spectators behind one address use 20, each extra tab of a browser one more)."""

    per_seat: int = 2
    per_spectators: int = 16
    per_device: int = 8
    per_address: int = 64
    _entries: list[_Entry] = field(default_factory=list)  # oldest first
    _addresses: dict[str, list[weakref.ReferenceType]] = field(default_factory=dict)  # oldest first
    # A session learns it lost its connection on a table writer's thread too (ui/presence.py `changed`).
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def arrive(self, screen: Screen, address: str) -> bool:
        """Whether `screen` (a session from `address`) may open anything: False past the bound."""
        with self._lock:
            self._depart(screen)
            live = self._addresses.setdefault(address, [])
            if len(live) >= self.per_address:
                return False
            live.append(weakref.ref(screen))
            return True

    def depart(self, screen: Screen) -> None:
        """`screen` ended, went away for now, or holds nothing worth bounding (the tablet's session)."""
        with self._lock:
            self._depart(screen)

    def _depart(self, screen: Screen) -> None:
        for address, live in list(self._addresses.items()):
            live[:] = [r for r in live if r() not in (None, screen)]
            if not live:
                del self._addresses[address]

    def enter(self, screen: Screen, device: str, table_id: str, role: str, seat: str | None) -> None:
        """`screen` now follows `seat`; retire the screens it replaces or crowds out."""
        self._forget(screen)
        place = (table_id, role, seat)
        for entry in [e for e in self._entries if e.place == place and e.device == device]:
            self._retire(entry, REPLACED)
        bound = self.per_spectators if role == "spectator" else self.per_seat
        self._crowd([e for e in self._entries if e.place == place], bound)
        self._crowd([e for e in self._entries if e.device == device], self.per_device)
        self._entries.append(_Entry(weakref.ref(screen), device, place))

    def leave(self, screen: Screen) -> None:
        self._forget(screen)

    def count(self) -> int:
        self._entries = [e for e in self._entries if e.screen() is not None]
        return len(self._entries)

    def _crowd(self, entries: list[_Entry], bound: int) -> None:
        """Room for one more: the oldest go first."""
        for entry in entries[: max(0, len(entries) - bound + 1)]:
            self._retire(entry, CROWDED)

    def _retire(self, entry: _Entry, reason: str) -> None:
        if entry in self._entries:
            self._entries.remove(entry)
        screen = entry.screen()
        if screen is not None:
            screen.retire(reason)

    def _forget(self, screen: Screen) -> None:
        self._entries = [e for e in self._entries if e.screen() not in (None, screen)]
