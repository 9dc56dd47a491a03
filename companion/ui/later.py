"""Redraw a device a little later: for things that fade by themselves (a glow, a news line)."""
from __future__ import annotations

import asyncio

from companion.ui.context import UI

DUE = "later.due"  # in ui.local: the moments this device already has a redraw booked for


def refresh_after(ui: UI, delay: float) -> None:
    """Schedule one more render of this device after `delay` seconds, if it is still at a table.

    Booked once per moment: every render while a news line is fresh asks again for the
    same moment, and each booking used to become one more full render of the device. The
    moment is counted from this render's `ui.now`: a render reads no clock of its own."""
    delay = max(delay, 0.0)
    due = round(ui.now + delay, 1)
    booked: set[float] = ui.local.setdefault(DUE, set())
    if due in booked:
        return
    booked.add(due)

    async def later() -> None:
        await asyncio.sleep(delay)
        booked.discard(due)
        if ui.redraw_soon and ui.live:
            ui.redraw_soon()  # through the render queue: yields to API calls and taps, skips the rules panel

    try:
        ui.page.run_task(later)
    except (RuntimeError, AttributeError):  # the device left meanwhile: nothing to redraw
        booked.discard(due)
