"""A button whose words are on it carries no tooltip (issue #42): on a touch screen a tooltip
that repeated the label (the Kleos quick buttons, Cyclades' and the trackers' buttons) came up
with the tap and stayed up over the table. Icon-only buttons keep theirs: it is their only name."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.core.access import Access
from live_device import every_device, kleos_at_play, walk

HOST = Access("host")
WORDED = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.Button, ft.FilledTonalButton)


def _table(server, game: str):
    if game == "kleos":
        return kleos_at_play(server)
    options = {"cyclades": {"players": ["ana", "bia", "caio"]},
               "lords_of_hellas": {"players": ["red", "blue"]},
               "fleecing_olympus": {"players": ["ana", "bia", "caio"],
                                    "deities": {"ana": "athena", "bia": "hades", "caio": "poseidon"}},
               "scorepad": {"players": ["Ana", "Bia"]}}[game]
    live = server.hub.create(game, options)
    if game == "cyclades":
        live.dispatch({"type": "start", "from_step": live.step}, HOST)
    return live


@pytest.mark.parametrize("game", ["kleos", "cyclades", "lords_of_hellas", "fleecing_olympus", "scorepad"])
def test_no_worded_button_has_a_tooltip(server, game):
    async def go():
        live = _table(server, game)
        found = []
        for name, device in await every_device(server, live):
            for control in walk(device.page):
                if isinstance(control, WORDED) and control.tooltip and (control.content or "") != "":
                    found.append((name, getattr(control, "content", None), control.tooltip))
        assert not found, found[:5]
    asyncio.run(go())
