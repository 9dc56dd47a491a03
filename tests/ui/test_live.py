"""Live screens in-process: a change keeps the ids of what did not change and sends little."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.ui.context import ServerInfo
from live_device import TABLET, Device

HOST = Access("host")


@pytest.fixture
def server(tmp_path: Path) -> ServerInfo:
    return ServerInfo(hub=Hub(tmp_path / "data", GAMES), admin_token="a" * 32, base_url="http://tablet.lan:8550")


def run(coro):
    return asyncio.run(coro)


async def scorepad(server: ServerInfo):
    live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
    phone = await Device(server, f"/t/{live.table.id}?k={live.table.seats[0].token}").open()
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    await phone.settle()
    return live, phone, tablet


def test_a_remote_point_keeps_every_control_id_and_rebuilds_one_card(server):
    async def go():
        live, phone, tablet = await scorepad(server)
        before, before_tablet = phone.ids(), tablet.ids()
        mark = phone.mark()
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
        await phone.settle()
        after = phone.ids()
        assert {k: after.get(k) for k in before} == before  # the score's Text included: same control, new value
        assert {k: tablet.ids().get(k) for k in before_tablet} == before_tablet
        assert set(after) - set(before) == {"history-1"}
        assert phone.find("score-bia").value == "1" and tablet.find("score-bia").value == "1"
        # Bia's tile (its number glows), the history card and its new row, undo
        # (now possible), the containers on the way to them: nothing else
        assert set(phone.app.ui.parts.rebuilt) == {
            "scoreboard-bia", "scoreboard-tiles", "scoreboard", "scorepad-board", "history-card",
            "history-1", "undo-redo", "table-layout"}
        assert sum(map(len, phone.patches_since(mark))) < 2000
    run(go())


def test_own_taps_land_on_kept_controls(server):
    async def go():
        live, phone, _ = await scorepad(server)
        for n in range(1, 6):
            await phone.tap("add-ana-1")  # the same id every time: it never goes stale
            await phone.settle()
        assert live.state["scores"]["ana"] == 5
        assert phone.find("score-ana").value == "5"
    run(go())


def test_typed_text_is_never_sent_back_while_others_score(server):
    async def go():
        live, phone, _ = await scorepad(server)
        field = phone.find("reason")
        phone.flet.apply_patch(field._i, {"value": "tres"})  # the browser reports the text...
        await phone.tap("reason", "change")  # ...then its change event
        mark = phone.mark()
        for _ in range(10):
            live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
            await phone.settle()
        assert phone.find("reason") is field and field.value == "tres"
        assert all(f"{field._i}".encode() not in p or b"tres" not in p for p in phone.patches_since(mark))
        await phone.tap("add-ana-5")
        await phone.settle()
        assert live.events()[-1]["reason"] == "tres"
    run(go())


def test_device_local_state_rebuilds_only_its_part(server):
    async def go():
        live, phone, _ = await scorepad(server)
        phone.app.ui.lang = "pt"  # a device setting: every part follows, ids stay
        before = phone.ids()
        await phone.app.render()
        assert {"reason", "scoreboard-ana", "history-card"} <= set(phone.app.ui.parts.rebuilt)
        assert {k: phone.ids().get(k) for k in before} == before
        await phone.app.render()  # nothing changed: nothing rebuilt
        assert phone.app.ui.parts.rebuilt == []
    run(go())


def test_an_old_style_board_keeps_its_ids_too(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        for _ in range(3):
            live.dispatch({"type": "phase.next"}, HOST)
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        before = tablet.ids()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        after = tablet.ids()
        kept = {k for k in before if after.get(k) == before[k]}
        assert kept == set(before) & set(after) and len(kept) > 20
    run(go())
