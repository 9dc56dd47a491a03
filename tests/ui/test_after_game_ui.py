"""The summary panel, the turn clock strip and the Stats page, built without a browser over a real hub."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft

from companion.core.bgstats import push_link
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.ui.context import UI
from companion.ui.games import game_uis
from companion.ui.stats import stats_screen
from companion.ui.widgets.summary import summary_panel
from companion.ui.widgets.turn_clock import TICKING, clock_strip
from live_device import children
from companion.ui.live import shown


def tags(root: ft.Control) -> list[ft.Semantics]:
    root = shown(root)
    own = [root] if isinstance(root, ft.Semantics) and root.identifier else []
    return own + [t for child in children(root) for t in tags(child)]


def label(root: ft.Control, ident: str) -> str:
    return next(t.label for t in tags(root) if t.identifier == ident)


def screen(hub: Hub, live, role: str, seat: str | None = None, width: int = 1280) -> UI:
    token = {"host": live.table.host_token, "spectator": live.table.spectator_token}.get(role)
    if token is None:  # a phone: it claims the seat's invitation once, then uses its key
        token = live.table.seat(seat).key or live.claim(live.table.seat(seat).token)[1]
    access = hub.join(live.table.id, token)[1]
    server = SimpleNamespace(hub=hub, base_url="http://tablet.lan:8550")
    ui = UI(page=SimpleNamespace(width=width), server=server, live=live, access=access)

    async def refresh() -> None:
        return None

    ui.refresh = refresh
    return ui


def finished_pad(hub: Hub):
    live = hub.create("scorepad", {"players": ["Ana", "Bia", "Caio"]})
    host = hub.join(live.table.id, live.table.host_token)[1]
    for player, amount in (("ana", 3), ("bia", 8), ("caio", 5)):
        live.dispatch({"type": "points.add", "player": player, "amount": amount}, host)
    live.dispatch({"type": "game.end", "from_step": live.step}, host)
    return live


def test_the_panel_waits_for_the_end_then_puts_each_phone_first_and_the_qr_on_the_tablet(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    assert summary_panel(screen(hub, live, "host")) is None
    live = finished_pad(hub)
    tablet = summary_panel(screen(hub, live, "host"))
    order = [t.identifier for t in tags(tablet) if t.identifier.startswith("summary-") and
             t.identifier[8:] in {"ana", "bia", "caio"}]
    assert order == ["summary-bia", "summary-caio", "summary-ana"]
    assert any(t.identifier == "summary-bgstats-qr" for t in tags(tablet))
    phone = summary_panel(screen(hub, live, "seat", "ana", width=400))
    order = [t.identifier for t in tags(phone) if t.identifier in {"summary-ana", "summary-bia", "summary-caio"}]
    assert order[0] == "summary-ana" and label(phone, "summary-ana").startswith("3. You · Ana")
    assert label(phone, "summary-bgstats-link") == push_link(live.summary())
    csv = next(t for t in tags(phone) if t.identifier == "summary-csv").content
    assert csv.url.startswith(f"http://tablet.lan:8550/api/tables/{live.table.id}/summary?ticket=")
    assert csv.url.endswith("&format=csv")
    tablet_links = [t.content.url for t in tags(tablet) if t.identifier in ("summary-csv", "summary-json")]
    keys = (live.table.host_token, live.table.spectator_token, *(s.key for s in live.table.seats if s.key))
    assert tablet_links and not [u for u in [csv.url, *tablet_links] for k in keys if k in u]  # no key in any link


def test_the_clock_strip_starts_from_the_tablet_and_shows_only_on_the_active_phone(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live = hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    assert clock_strip(screen(hub, live, "seat", "ares")) is None
    start = next(t for t in tags(clock_strip(screen(hub, live, "host"))) if t.identifier == "clock-start")
    asyncio.run(start.content.on_click(None))
    assert live.clock()["on"]
    host = hub.join(live.table.id, live.table.host_token)[1]
    for _ in range(3):
        live.dispatch({"type": "phase.next", "from_step": live.step}, host)
    assert clock_strip(screen(hub, live, "seat", "athena")) is None
    ares = screen(hub, live, "seat", "ares")
    line = next(t for t in tags(clock_strip(ares)) if t.identifier == "turn-clock").content
    assert line.value.startswith("▶ Ares 0:0")
    assert ares.local[TICKING] is True, "a running clock asks its session to redraw every second"
    live.dispatch({"type": "clock.pause"}, host)
    clock_strip(ares)
    assert ares.local[TICKING] is False, "a paused clock stops the ticking"


def test_stats_page_says_when_it_is_empty_then_counts_plays(tmp_path):
    hub = Hub(tmp_path, GAMES)
    ui = screen(hub, hub.create("scorepad", {"players": ["Ana"]}), "host")
    ui.local["stats.game"] = "scorepad"
    assert label(stats_screen(ui), "stats-empty") == "No finished plays of Score pad on this tablet yet."
    finished_pad(hub)
    finished_pad(hub)
    page = stats_screen(ui)
    assert label(page, "stats-plays").startswith("Plays: 2")
    assert label(page, "stats-wins-chart") == "Bia 2; Ana 0; Caio 0"


def test_the_tablet_ends_a_score_pad_and_only_the_tablet_sees_that_button(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    pad = game_uis()["scorepad"]
    phone = screen(hub, live, "seat", "ana", width=400)
    assert not [t for t in tags(pad.board(phone, phone.snapshot())) if t.identifier == "end-game"]
    tablet = screen(hub, live, "host")

    async def send(command: dict) -> bool:
        live.dispatch({**command, "from_step": live.step}, tablet.access)  # as shown on the tablet
        return True

    tablet.send = send
    end = next(t for t in tags(pad.board(tablet, tablet.snapshot())) if t.identifier == "end-game")
    asyncio.run(end.content.on_click(None))
    assert live.summary()["finished"] and [p["table"] for p in hub.plays.all()] == [live.table.id]
    assert not [t for t in tags(pad.board(tablet, tablet.snapshot())) if t.identifier == "end-game"]
