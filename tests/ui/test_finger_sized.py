"""Every button a device shows that sets its own height leaves room for a finger (48 px, Material's
minimum touch target): the heights are written control by control, and 40 and 44 px crept in."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.games.registry import GAMES
from live_device import every_device
from test_live_equals_fresh import OPTIONS

FINGER = 48


def _too_small(device) -> list[str]:
    small = []
    for control in list(device.flet.index.values()):
        height = getattr(control, "height", None)
        tappable = getattr(control, "on_click", None) is not None or getattr(control, "on_change", None) is not None
        if tappable and isinstance(height, (int, float)) and height < FINGER:
            small.append(f"{type(control).__name__} {height} px")
    return small


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_tappable_control_is_set_below_a_fingers_height(server, game_id):
    async def go():
        live = server.hub.create(game_id, OPTIONS[game_id])
        for name, device in await every_device(server, live, ("en",)):
            assert not _too_small(device), f"{game_id}, {name}: {_too_small(device)}"

    asyncio.run(go())
