"""Redraw a device a little later: for things that fade by themselves (a glow, a news line)."""
from __future__ import annotations

import asyncio

from companion.ui.context import UI


def refresh_after(ui: UI, delay: float) -> None:
    """Schedule one more render of this device after `delay` seconds, if it is still at a table."""
    async def later() -> None:
        await asyncio.sleep(max(delay, 0.0))
        if ui.refresh and ui.live:
            await ui.refresh()

    try:
        ui.page.run_task(later)
    except (RuntimeError, AttributeError):  # the device left meanwhile: nothing to redraw
        pass
