"""The end summary of a finished table, built off the event loop and kept.

Building it replays the whole log, and its cost grows with the game: done in a render, on
the event loop every device shares, it held up every screen on the tablet. A finished table's screen asks for it here
instead; the hub builds it once per change and keeps it (LiveTable.summary), and the next
snapshot carries it. Until then the summary panel says it is on its way.
"""
from __future__ import annotations

from companion.ui.context import UI
from companion.ui.kept import Read, forget, kept, last

NAME = "summary"
RENEW_S = 60  # a download ticket this close to its end is minted again


def ask_summary(ui: UI, seq: int) -> Read | None:
    """Once per change and device: build the summary, read the name matching its BG Stats link
    uses (the Stats page's aliases) and mint its download ticket, in a worker thread, bounded in
    time; the device is drawn again when it is done. A ticket about to end is minted again, by
    the render's clock (ui.now), as all a render shows: by the wall clock of the worker, two
    devices showing one state a second apart got two links."""
    live, plays, now = ui.live, ui.server.hub.plays, ui.now
    held = last(ui, NAME)
    if held is not None and held.value and held.value["expires"] - RENEW_S < ui.now:
        forget(ui, NAME)

    def work() -> dict:
        live.summary()
        ticket = ui.server.tables.ticket(live.table.id, now)
        return {"aliases": tuple(sorted(plays.aliases().items())), "ticket": ticket,
                "expires": int(ticket.split(".")[0])}

    return kept(ui, NAME, (live.table.id, seq), work)


def extras(ui: UI) -> dict:
    """What the summary panel shows besides the summary, as last read: the name matching and the
    download ticket (empty until the read is in)."""
    read = last(ui, NAME)
    value = read.value if read is not None and read.value else {}
    return {"aliases": value.get("aliases", ()), "ticket": value.get("ticket", "")}


def slow(ui: UI, seq: int) -> bool:
    read = last(ui, NAME)
    return read is not None and read.slow and read.query[1] == seq
