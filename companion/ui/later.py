"""What fades by itself (a glow, a news line) goes out a little later, part by part.

A fade changes one part of one device and nothing else: it rebuilds that part where it
stands (live.redraw), instead of describing the whole screen again. On a tablet every
change booked two such fades (the changed number's glow, the news line), and each used
to cost a full render of the tablet: more than the change itself cost it."""
from __future__ import annotations

import asyncio
from typing import Callable

from companion.ui.context import UI
from companion.ui.live import Inputs, redraw

sleep = asyncio.sleep  # how a fade waits; a test may hold it
_waiting: set[asyncio.Task] = set()  # the fades booked and not yet done


def fade_at(ui: UI, at: float, key: str, shown: tuple | Inputs, faded: tuple | Inputs,
            still: Callable[[], bool] | None = None) -> None:
    """At the moment `at` (the clock renders read: `ui.now`), rebuild the part `key` from the arguments `faded` instead of
    `shown`, if it still shows `shown` then (a later change may have rebuilt or dropped it)
    and `still()` says this fade is still due (a glow made longer since keeps its arguments).
    `faded` must be what a render would then pass the part, so the next render finds it built.

    Booked once per part and moment: every render while a news line is fresh asks again for
    the same fade. The wait is counted from this render's `ui.now`: a render reads no clock
    of its own. A tablet books one on every change, so it is a task of the running loop, not a
    `page.run_task` (built for other threads: a concurrent future and a wake of the loop)."""
    delay = max(at - ui.now, 0.0)
    due = (key, at)
    booked = ui.local.fades_booked
    if due in booked:
        return
    booked.add(due)

    async def later() -> None:
        await sleep(delay)
        booked.discard(due)
        if ui.live and ui.page.session.connection is not None and (still is None or still()):
            redraw(ui, key, shown, faded)

    try:  # from a render, so in the page's context, which the task keeps (Flet's parts patch through it)
        task = asyncio.get_running_loop().create_task(later())
    except RuntimeError:  # no loop runs: nothing to fade
        booked.discard(due)
        return
    _waiting.add(task)  # the loop holds its tasks weakly
    task.add_done_callback(_waiting.discard)
