"""A phone in one hand (issue 42): a phone's quick buttons are for its own player, the others' one
tap away (folded); the tablet keeps them all. Shared forms (Kleos' Dusk sheet, Fleecing Olympus'
opening totals) list players in seat order on every device, the own row highlighted, not moved."""
from __future__ import annotations

import asyncio
import re

import flet as ft
import pytest

from companion.games.kleos import LOCATION_GLORY
from live_device import every_device, kleos_at_play, walk
from test_live_equals_fresh import OPTIONS

QUICK = re.compile(r"quick-.+-([a-z]+)$|add-([a-z]+)-")
# Fleecing Olympus' tile buttons are the turn's moves aimed at a player (roll against them), not
# points for them: they stay on every tile.
QUICK_GAMES = ("kleos", "scorepad", "lords_of_hellas")


def _table(server, game_id: str):
    if game_id == "kleos":
        return kleos_at_play(server, OPTIONS["kleos"]["players"])
    return server.hub.create(game_id, OPTIONS[game_id])


def _quick_for(device) -> set[str]:
    """The players whose quick buttons the device shows (the Score pad's are `add-<player>-<amount>`)."""
    return {m.group(1) or m.group(2) for i in device.ids() if (m := QUICK.match(i))}


def _tags_in_order(device) -> list[str]:
    """The test ids on screen, top to bottom as the page lays them out."""
    return [c.identifier for c in walk(device.page.views[-1]) if isinstance(c, ft.Semantics) and c.identifier]


@pytest.mark.parametrize("game_id", QUICK_GAMES)
def test_a_phone_shows_its_own_quick_buttons_and_the_others_one_tap_away(server, game_id):
    async def go():
        live = _table(server, game_id)
        players = [p.lower() for p in OPTIONS[game_id]["players"]]
        for name, device in await every_device(server, live, ("en",)):
            quick = _quick_for(device)
            if name.startswith("tablet"):
                assert quick == set(players), f"{game_id}, {name}: {quick}"
                assert "others-quick-open" not in device.ids()
            elif name.startswith("seat"):
                own = name.split()[1]
                assert quick == {own}, f"{game_id}, {name}: {quick}"
                await device.tap("others-quick-open")
                await device.settle()
                assert _quick_for(device) == set(players), f"{game_id}, {name} opened: {_quick_for(device)}"
                order = _tags_in_order(device)
                # the others' buttons come after the own tile's, never beside them
                whose = [(n, m.group(1) or m.group(2)) for n, i in enumerate(order) if (m := QUICK.match(i))]
                assert max(n for n, p in whose if p == own) < min(n for n, p in whose if p != own), order
                await device.tap("others-quick-close")
                await device.settle()
                assert _quick_for(device) == {own}
    asyncio.run(go())


def test_the_dusk_sheet_lists_gods_in_seat_order_on_every_device_with_the_own_row_highlighted(server):
    async def go():
        live = kleos_at_play(server, OPTIONS["kleos"]["players"])
        players = OPTIONS["kleos"]["players"]
        loc = next(iter(LOCATION_GLORY))
        for name, device in await every_device(server, live, ("en",)):
            if name.startswith("spectator"):
                continue
            device.app.ui.local.inputs["kleos.section"] = "dusk"
            await device.run(device.app.render)
            await device.settle()
            order = [i for i in _tags_in_order(device) if re.fullmatch(rf"dusk-{loc}-[a-z]+-value", i)]
            assert order == [f"dusk-{loc}-{p}-value" for p in players], f"{name}: {order}"
            own = [i for i in device.ids() if i == f"dusk-{loc}-own"]
            if name.startswith("seat"):
                seat = name.split()[1]
                assert own, name
                inside = [c.identifier for c in walk(device.find(f"dusk-{loc}-own"))
                          if isinstance(c, ft.Semantics) and c.identifier]
                assert f"dusk-{loc}-{seat}-value" in inside, (name, inside)
            else:
                assert not own, name
    asyncio.run(go())


def test_the_opening_totals_list_players_in_seat_order_on_every_device(server):
    async def go():
        live = server.hub.create("fleecing_olympus", OPTIONS["fleecing_olympus"])
        players = OPTIONS["fleecing_olympus"]["players"]
        for name, device in await every_device(server, live, ("en",)):
            if name.startswith("spectator"):
                continue
            order = [i for i in _tags_in_order(device) if re.fullmatch(r"fo-open-[a-z]+-value", i)]
            assert order == [f"fo-open-{p}-value" for p in players], f"{name}: {order}"
            if name.startswith("seat"):
                seat = name.split()[1]
                inside = [c.identifier for c in walk(device.find("fo-open-own"))
                          if isinstance(c, ft.Semantics) and c.identifier]
                assert f"fo-open-{seat}-value" in inside, (name, inside)
    asyncio.run(go())
