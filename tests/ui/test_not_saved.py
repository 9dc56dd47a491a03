"""A write the disk refuses is told on the device that made it, in that device's language."""
from __future__ import annotations

import asyncio
import errno
from types import SimpleNamespace

from companion.core.access import Access
from companion.core.pace import Pace
from companion.core.append_storage import NotSaved
from companion.ui.context import UI


def _device(lang: str, error: OSError) -> tuple[UI, list]:
    shown: list = []

    def dispatch(command: dict, access: Access) -> dict:
        assert command["client_id"]  # every command from a screen carries its own id
        raise NotSaved(error)

    server = SimpleNamespace(hub=SimpleNamespace(pace=Pace()))  # a screen spends its share first (core/pace.py)
    ui = UI(page=SimpleNamespace(width=1280, show_dialog=shown.append), server=server, lang=lang)
    ui.live, ui.access = SimpleNamespace(dispatch=dispatch, table=SimpleNamespace(id="t1")), Access("host")
    return ui, shown


def _text(snack) -> str:
    return snack.content.label


def test_a_full_disk_shows_not_saved_on_the_device():
    ui, shown = _device("en", OSError(errno.ENOSPC, "No space left on device"))
    assert asyncio.run(ui.send({"type": "points.add", "player": "ana", "amount": 1})) is False
    assert _text(shown[-1]) == "Not saved: the tablet's disk is full"
    ui, shown = _device("pt", OSError(errno.ENOSPC, "No space left on device"))
    asyncio.run(ui.send({"type": "points.add", "player": "ana", "amount": 1}))
    assert _text(shown[-1]) == "Não salvo: o disco do tablet está cheio"


def test_another_disk_error_says_it_was_not_saved():
    ui, shown = _device("en", OSError(errno.EIO, "Input/output error"))
    asyncio.run(ui.send({"type": "phase.next"}))
    assert _text(shown[-1]).startswith("Not saved:")
