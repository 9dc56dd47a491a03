"""Every game's new-table form takes names up to the one limit the core holds (issue #42)."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.core.schema import NAME_MAX
from companion.games.registry import GAMES
from live_device import PHONE, TABLET, Device


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_every_name_field_stops_at_the_one_limit(server, size):
    async def go():
        admin = await Device(server, f"/?admin={server.admin_token}", size).open()
        await admin.settle()
        limits = {}
        for game in GAMES:
            await admin.tap(f"game-{game}")
            await admin.settle()
            if game == "kleos":  # a god's name field shows once the god is picked
                await admin.tap("kleos-god-ares")
                await admin.settle()
            fields = [shown for ident, _ in admin.ids().items()
                      if "name" in ident and isinstance(shown := admin.find(ident), ft.TextField)]
            fields += [admin.find(i) for i in admin.ids() if i.startswith("player-")]
            assert fields, game
            limits[game] = {f.max_length for f in fields}
        assert limits == {game: {NAME_MAX} for game in GAMES}
    asyncio.run(go())
