"""The end summary of a finished table, built off the event loop and kept.

Building it replays the whole log, and its cost grows with the game: done in a render, on
the event loop every device shares, it held up every screen on the tablet. A finished table's screen asks for it here
instead; the hub builds it once per change and keeps it (LiveTable.summary), and the next
snapshot carries it. Until then the summary panel says it is on its way.
"""
from __future__ import annotations

from companion.ui.context import UI
from companion.ui.kept import Read, kept

NAME = "summary"


def ask_summary(ui: UI, seq: int) -> Read | None:
    """Once per change and device: build the summary and read the name matching its BG Stats
    link uses (the Stats page's aliases) in a worker thread, bounded in time; the device is
    drawn again when it is done. What comes back is the aliases' read (or None yet)."""
    live, plays = ui.live, ui.server.hub.plays

    def work() -> tuple:
        live.summary()
        return tuple(sorted(plays.aliases().items()))

    return kept(ui, NAME, (live.table.id, seq), work)


def aliases(ui: UI) -> tuple:
    """The name matching as last read for this table's summary (none yet: an empty one)."""
    read: Read | None = ui.local.get(f"kept.{NAME}")
    return read.value if read is not None and read.value else ()


def slow(ui: UI, seq: int) -> bool:
    read: Read | None = ui.local.get(f"kept.{NAME}")
    return read is not None and read.slow and read.query[1] == seq
