"""Every handler a device's controls carry is a coroutine function. Flet runs a plain function
handler on a worker thread, so it can finish after the next tap's handler: a name typed on a new
table's form and followed at once by Create was lost about one time in seven (a CI run caught it)."""
from __future__ import annotations

import asyncio
import inspect

import pytest

from companion.games.registry import GAMES
from live_device import TABLET, Device, every_device
from test_live_equals_fresh import OPTIONS

EVENTS = ("on_click", "on_change", "on_select", "on_submit", "on_blur", "on_focus", "on_long_press")


def _plain_handlers(device: Device) -> list[str]:
    plain = []
    for control in list(device.flet.index.values()):
        for name in EVENTS:
            handler = getattr(control, name, None)
            if handler is not None and not inspect.iscoroutinefunction(handler):
                plain.append(f"{type(control).__name__}.{name} = {getattr(handler, '__qualname__', handler)}")
    return plain


def test_every_new_table_form_has_only_async_handlers(server):
    async def go():
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await tablet.settle()
        forms = [i for i in tablet.ids() if i.startswith("game-")]
        assert len(forms) >= 2, forms
        for ident in forms:
            await tablet.tap(ident)
            await tablet.settle()
            assert not _plain_handlers(tablet), f"{ident}: {_plain_handlers(tablet)}"

    asyncio.run(go())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_table_device_has_only_async_handlers(server, game_id):
    async def go():
        live = server.hub.create(game_id, OPTIONS[game_id])
        for name, device in await every_device(server, live, ("en",)):
            assert not _plain_handlers(device), f"{game_id}, {name}: {_plain_handlers(device)}"

    asyncio.run(go())
