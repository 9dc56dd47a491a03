"""What one device holds of its own: typed, so a screen reads a field by name, not a string key.

Nothing here is sent to the server or seen by another device: half-typed text, which panel is
open, what this device last drew. A change from another device re-renders the screen from the
table's snapshot plus this, so it never wipes what is being entered here. Leaving a table (or
creating one) starts the device afresh (`clear`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import flet as ft

    from companion.core.tables import Refusal
    from companion.ui.kept import Read


@dataclass
class RulesSearch:
    """The rules panel's question on this device (widgets/rules_panel.py)."""

    query: str = ""
    cleared: int = 0  # how many times Clear emptied the field: its part is built again, empty
    game: str | None = None  # the game filter the player picked (None: not yet, the table's own)
    stack: list[list[str]] = field(default_factory=list)  # the entries opened, [game, entry] each, the shown one last
    seq: int = 0  # the newest action: a search run for older keystrokes never draws over it
    found: tuple | None = None  # (what it answers, rows): the last search run off the event loop


@dataclass
class DeviceState:
    """One device's own state (`ui.local`), kept across re-renders, dropped by `clear`."""

    damaged: Refusal | None = None  # why the table this link names cannot be opened (its file is damaged)
    clock_ticking: bool = False  # a running turn clock is on screen: redraw every second
    fades_booked: set[tuple[str, float]] = field(default_factory=set)  # (part key, moment): ui/later.py
    reads: dict[str, Read] = field(default_factory=dict)  # ui/kept.py: each kept read by name
    reading: dict[str, tuple] = field(default_factory=dict)  # ui/kept.py: {name: query} of the reads under way
    drawn: dict[str, list[tuple[str, ft.Control]]] = field(default_factory=dict)  # ui/draft.py: per confirm
    rules: RulesSearch = field(default_factory=RulesSearch)
    told_seen: int = 0  # the newest notice this device's player dismissed (widgets/told.py)
    start_page: int = 0  # the page of saved tables shown (ui/start.py)
    new_game: str | None = None  # the game picked in the new-table form (ui/start.py)
    stats_game: str | None = None  # the game the Stats page was asked for (None: the last played)
    stats_merge: dict[str, str] | None = None  # the Stats page's merge choice: {"name", "as"}
    trouble_open: bool = False  # the tablet opened the address picker's "phones cannot connect" list
    join_card_open: bool = False  # the tablet unfolded the Join card after everyone joined
    others_open: bool = False  # a phone shows the other players' quick buttons
    scores_seen: dict[str, str] = field(default_factory=dict)  # each seat's number as last drawn here
    glowing: dict[str, float] = field(default_factory=dict)  # seat: the moment its glow goes out
    # What this device's player typed, picked or opened on a screen's own forms and panels (a text
    # field's text, a game's odds inputs, which section shows), under that screen's own key.
    inputs: dict[str, Any] = field(default_factory=dict)

    def clear(self) -> None:
        """Back to a fresh device's state (a handler still running keeps the objects it holds)."""
        fresh = DeviceState()
        for f in fields(self):
            setattr(self, f.name, getattr(fresh, f.name))
