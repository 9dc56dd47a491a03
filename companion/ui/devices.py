"""Which screens follow which seat, from which browser: a bound on both.

Every page load is a session, and each session that follows a table is rendered
after every change: 100 sessions opened on one seat took the server's time per
change from 3 to 73 ms, for every device at the table. So a browser (the id it
keeps in its storage) follows a seat from one tab at a time: a new tab for the
same seat replaces the old one. Past a bound per seat and per browser, the
oldest screen stops following (it says why and can take the seat back), and a
screen that follows nothing is only a notice.
"""
from __future__ import annotations

import secrets
import weakref
from dataclasses import dataclass, field
from typing import Protocol

from companion.core.access import DEVICE_ID_CHARS
from companion.ui.device_calls import Prefs

PREF_DEVICE = "companion.device"
REPLACED, CROWDED = "limits.replaced", "limits.crowded"


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
    `per_device`: screens of one browser."""

    per_seat: int = 2
    per_spectators: int = 16
    per_device: int = 8
    _entries: list[_Entry] = field(default_factory=list)  # oldest first

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
