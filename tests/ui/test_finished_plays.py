"""The start screen's finished plays (issue #42): one date form per language beside the saved
tables', and a play's line that does something when tapped, its table deleted or not."""
from __future__ import annotations

import asyncio
import re

import flet as ft
import pytest

from companion.core.access import Access
from companion.i18n.dates import when
from live_device import TABLET, Device, label

HOST = Access("host")
DELETED = {"en": "This table was deleted; its result stays in the stats:",
           "pt": "Esta mesa foi apagada; o resultado continua nas estatísticas:"}


def _finished(server):
    live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "points.add", "player": "ana", "amount": 3}, HOST)
    live.dispatch({"type": "game.end", "from_step": live.step}, HOST)
    return live


def _texts(device: Device) -> list[str]:
    return [c.value for c in device.flet.index.values() if isinstance(c, ft.Text) and isinstance(c.value, str)]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_start_screen_writes_every_date_one_way(server, lang):
    async def go():
        live = _finished(server)
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET, lang).open()
        await tablet.settle()
        play = server.hub.plays.all()[-1]
        game = {"en": "Score pad", "pt": "Placar"}[lang]
        assert label(tablet, f"play-{live.table.id}").startswith(f"{when(play['date'], lang)} · {game} · ")
        day = when(play["date"], lang).split(" 2026")[0].split(", 20")[0]
        updated = [s for s in _texts(tablet) if s.startswith(("last change", "última mudança"))]
        assert updated and all(day in s for s in updated), updated
        assert not [s for s in _texts(tablet) if re.search(r"\d\d/\d\d|\d{4}-\d\d-\d\d", s)]
    asyncio.run(go())


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_deleted_tables_play_shows_what_was_kept(server, lang):
    async def go():
        live = _finished(server)
        server.hub.delete(live.table.id)
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET, lang).open()
        await tablet.settle()
        await tablet.tap(f"play-{live.table.id}")
        await tablet.settle()
        assert label(tablet, "play-deleted") == DELETED[lang]
        assert {"★ Ana: 3", "Bia: 0"} <= set(_texts(tablet))
    asyncio.run(go())


def test_a_kept_tables_play_opens_the_table(server):
    async def go():
        live = _finished(server)
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await tablet.settle()
        mark = tablet.mark()
        await tablet.tap(f"play-{live.table.id}")
        await tablet.settle()
        # the browser is told to go to the table (its answer, a route change, opens it)
        assert any(f"/t/{live.table.id}".encode() in data for _, data in tablet.conn.frames[mark:])
        assert "play-deleted" not in tablet.ids()
    asyncio.run(go())
