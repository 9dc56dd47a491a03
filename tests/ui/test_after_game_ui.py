"""The summary panel, the turn clock strip and the Stats page, on real sessions (live_device)."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.core.bgstats import push_link
from companion.ui.context import ServerInfo
from companion.ui.widgets.turn_clock import TICKING
from api_app import api_app
from fastapi.testclient import TestClient
from live_device import PHONE, TABLET, Device, label

HOST = Access("host")


def run(coro):
    return asyncio.run(coro)


async def opened(server: ServerInfo, live, role: str, seat: str | None = None, size=TABLET,
                 wall=None) -> Device:
    """A device on `live` as `role`: a phone claims its seat's invitation first."""
    table = live.table
    key = {"host": table.host_token, "spectator": table.spectator_token}.get(role)
    if key is None:
        key = table.seat(seat).key or live.claim(table.seat(seat).token)[1]
    device = await Device(server, f"/t/{table.id}?k={key}", size, wall=wall).open()
    await device.settle()
    return device


def finished_pad(server: ServerInfo):
    live = server.hub.create("scorepad", {"players": ["Ana", "Bia", "Caio"]})
    for player, amount in (("ana", 3), ("bia", 8), ("caio", 5)):
        live.dispatch({"type": "points.add", "player": player, "amount": amount}, HOST)
    live.dispatch({"type": "game.end", "from_step": live.step}, HOST)
    return live


def test_the_panel_waits_for_the_end_then_puts_each_phone_first_and_the_qr_on_the_tablet(server):
    async def go():
        running = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        assert "summary" not in (await opened(server, running, "host")).ids()
        live = finished_pad(server)
        tablet = await opened(server, live, "host")
        assert [i for i in tablet.ids() if i in {"summary-ana", "summary-bia", "summary-caio"}] == \
            ["summary-bia", "summary-caio", "summary-ana"]
        assert "summary-bgstats-qr" in tablet.ids()
        phone = await opened(server, live, "seat", "ana", PHONE)
        order = [i for i in phone.ids() if i in {"summary-ana", "summary-bia", "summary-caio"}]
        assert order[0] == "summary-ana" and label(phone, "summary-ana").startswith("3. You · Ana")
        assert label(phone, "summary-bgstats-link") == push_link(live.summary())
        csv = phone.find("summary-csv")
        assert csv.url.startswith(f"http://tablet.lan:8550/api/tables/{live.table.id}/summary?ticket=")
        assert csv.url.endswith("&format=csv")
        tablet_links = [tablet.find(i).url for i in ("summary-csv", "summary-json")]
        keys = (live.table.host_token, live.table.spectator_token, *(s.key for s in live.table.seats if s.key))
        assert not [u for u in [csv.url, *tablet_links] for k in (*keys, server.admin_token) if k in u]  # no key in any link
        api = TestClient(api_app(server.hub, server.admin_token))  # the same server's API opens the link
        assert api.get(csv.url.removeprefix("http://tablet.lan:8550")).status_code == 200
    run(go())


def test_the_clock_strip_starts_from_the_tablet_and_shows_only_on_the_active_phone(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
        ares = await opened(server, live, "seat", "ares", PHONE)
        athena = await opened(server, live, "seat", "athena", PHONE)
        tablet = await opened(server, live, "host")
        assert "turn-clock" not in ares.ids() and "clock-start" not in ares.ids()
        await tablet.tap("clock-start")
        await tablet.settle()
        assert live.clock()["on"]
        for _ in range(3):
            live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
        await ares.settle()
        assert "turn-clock" not in athena.ids()
        assert label(ares, "turn-clock").startswith("▶ Ares 0:0")
        assert ares.app.ui.local[TICKING] is True, "a running clock asks its session to redraw every second"
        live.dispatch({"type": "clock.pause"}, HOST)
        await ares.settle()
        assert ares.app.ui.local[TICKING] is False, "a paused clock stops the ticking"
    run(go())


def test_stats_page_says_when_it_is_empty_then_counts_plays(server):
    async def go():
        server.hub.create("scorepad", {"players": ["Ana"]})
        stats = await Device(server, f"/stats?admin={server.admin_token}", TABLET).open()
        await stats.settle()
        await stats.tap("stats-game-scorepad")
        await stats.settle()
        assert label(stats, "stats-empty") == "No finished plays of Score pad on this tablet yet."
        finished_pad(server)
        finished_pad(server)
        again = await Device(server, f"/stats?admin={server.admin_token}", TABLET).open()
        await again.settle()
        assert label(again, "stats-plays").startswith("Plays: 2")
        assert label(again, "stats-wins-chart") == "Bia 2; Ana 0; Caio 0"
    run(go())


def test_the_tablet_ends_a_score_pad_and_only_the_tablet_sees_that_button(server):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone = await opened(server, live, "seat", "ana", PHONE)
        tablet = await opened(server, live, "host")
        assert "end-game" not in phone.ids() and "end-game" in tablet.ids()
        await tablet.tap("end-game")
        await tablet.settle()
        await phone.settle()
        assert live.summary()["finished"] and [p["table"] for p in server.hub.plays.all()] == [live.table.id]
        assert "end-game" not in tablet.ids()
        assert "summary" in tablet.ids() and "summary" in phone.ids()
    run(go())
