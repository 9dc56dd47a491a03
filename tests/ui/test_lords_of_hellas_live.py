"""Lords of Hellas as live parts, in-process: a remote change keeps every control id and rebuilds only its parts."""
from __future__ import annotations

import asyncio
import time

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.live import shown
from live_device import PHONE, Device, first_difference, game_parts, label, phone_and_tablet

HOST = Access("host")
PLAYERS = ["ana", "bia", "caio", "dino"]


async def differs_from_fresh(server: ServerInfo, device: Device, tab: str | None = None) -> str | None:
    """Where `device`'s screen differs from one opened now on its route (on `tab`), or None. Both read
    the same clock, an hour on (what fades is over, a download's ticket is the same); the step shield
    over the screens is left out (it is up until a browser says it drew the step)."""
    later = time.time() + 3600
    device.app.clock = lambda: later
    await device.run(device.app.render)
    fresh = await Device(server, device.route, device.size, wall=lambda: later).open()
    await fresh.settle()
    if tab:
        await fresh.tap(f"loh-tab-{tab}")
        await fresh.settle()
    return first_difference(device.shown()["views"], fresh.shown()["views"])


async def four_players(server: ServerInfo):
    """Four players on Ana's turn; Bia's phone and the tablet open."""
    live = server.hub.create("lords_of_hellas", {"players": PLAYERS})
    phone, tablet = await phone_and_tablet(server, live, 1)
    return live, phone, tablet


def test_a_land_for_caio_rebuilds_his_tile_only_and_keeps_every_id(server):
    async def go():
        live, phone, tablet = await four_players(server)
        before, before_tablet = phone.ids(), tablet.ids()
        mark = tablet.mark()
        live.dispatch({"type": "tracker.set", "player": "caio", "field": "lands", "value": 1}, HOST)
        await phone.settle()
        await tablet.settle()
        assert {k: phone.ids().get(k) for k in before} == before
        assert {k: tablet.ids().get(k) for k in before_tablet} == before_tablet
        assert set(phone.ids()) - set(before) <= {f"history-{live.seq}"}
        # the turn helper reads only the current player's counts: it stays; Lands lead Caio's tile,
        # so the line under the number (his other counts) stays too
        assert game_parts(phone) == {"tile-number-caio", "tile-markers-caio"}
        assert game_parts(tablet) == {"scoreboard-caio", "tile-number-caio", "tile-markers-caio"}
        assert label(tablet, "score-caio") == "Caio 1/2"
        assert sum(map(len, tablet.patches_since(mark))) < 4000
    asyncio.run(go())


def test_each_count_is_on_a_tile_once_so_a_land_for_the_leader_in_lands_rebuilds_one_figure(server):
    """The big number is the nearest win; the line under it gives the other counts only."""
    async def go():
        live, phone, tablet = await four_players(server)
        for value in (1, 2):
            live.dispatch({"type": "tracker.set", "player": "caio", "field": "temples", "value": value}, HOST)
        await phone.settle()
        assert label(phone, "score-caio") == "Caio 2/5"  # Temples lead: 2 of 5 against no Lands of 2
        assert shown(phone.app.ui.parts.built["tile-detail-caio"].view).value == "Lands 0/2 · Monsters 0/3"
        live.dispatch({"type": "tracker.set", "player": "caio", "field": "temples", "value": 3}, HOST)
        await phone.settle()
        assert game_parts(phone) == {"tile-number-caio"}  # not the line under it
        live.dispatch({"type": "tracker.set", "player": "caio", "field": "monsters", "value": 1}, HOST)
        await phone.settle()
        assert game_parts(phone) == {"tile-detail-caio"}  # not the number
        assert shown(phone.app.ui.parts.built["tile-detail-caio"].view).value == "Lands 0/2 · Monsters 1/3"
    asyncio.run(go())


def test_a_land_for_caio_words_his_tile_alone_on_another_phone(server):
    """The other tiles' scores are not worked out again: the same objects come back (a memo per tile)."""
    def worded(device) -> dict:
        return {p: device.app.ui.parts.memos[f"loh-score-{p}"][1] for p in PLAYERS}

    async def go():
        live, phone, tablet = await four_players(server)
        before = worded(phone)
        live.dispatch({"type": "tracker.set", "player": "caio", "field": "lands", "value": 1}, HOST)
        await phone.settle()
        after = worded(phone)
        assert [p for p in PLAYERS if after[p] is not before[p]] == ["caio"]
        assert after["caio"].value == "1/2"
    asyncio.run(go())


def test_a_special_action_rebuilds_the_turn_helper_and_keeps_its_ids(server):
    async def go():
        live, phone, tablet = await four_players(server)
        before = tablet.ids()
        await tablet.tap("loh-special-march")
        await tablet.settle()
        await phone.settle()
        assert live.state["turn"]["special"] == "march"
        assert {k: tablet.ids().get(k) for k in before} == before
        # scores, whose turn and the Regular Actions (Bia's phone may take none of them anyway): unchanged
        assert game_parts(phone) == {"loh-turn-special"}
        assert label(tablet, "loh-special-status-march") == "Used"
        assert tablet.find("loh-special-prepare").disabled  # one Special Action per turn
        assert label(tablet, "loh-special-prepare").endswith(": You already took a Special Action this turn.")
        assert game_parts(tablet) >= {"loh-turn-regular", "loh-turn-special"}  # no Regular Action after it
        live.undo(HOST)
        await tablet.settle()
        await tablet.tap("loh-regular-move")
        await tablet.settle()
        await phone.settle()
        assert game_parts(tablet) == {"loh-turn-regular"}  # a Regular Action leaves the Special card alone
        assert label(tablet, "loh-regular-status-move") == "Done this turn"
        assert {k: tablet.ids().get(k) for k in before} == before
    asyncio.run(go())


def test_switching_section_is_local_to_the_device(server):
    async def go():
        live, phone, tablet = await four_players(server)
        await phone.tap("loh-tab-watch")
        await phone.settle()
        # the tabs, the board's column and the Victory section (its first render builds its rows)
        assert {"loh-tabs", "loh-section-watch", "loh-board"} <= game_parts(phone)
        assert {k for k in game_parts(phone) if not k.startswith("loh-watch-")} == {
            "loh-tabs", "loh-section-watch", "loh-board"}
        await tablet.settle()
        assert "loh-watch-ana" not in tablet.ids()  # the tablet stays on its turn helper
    asyncio.run(go())


def test_a_land_rebuilds_one_row_of_the_victory_section_and_none_of_the_monuments(server):
    """A device on the Victory tab used to rebuild all four cards (some 330 controls) for a Land, and one
    on the Monuments tab its whole panel, which shows no Land at all."""
    async def go():
        live, phone, tablet = await four_players(server)
        await phone.tap("loh-tab-watch")
        await tablet.tap("loh-tab-monuments")
        await phone.settle()
        await tablet.settle()
        before = phone.ids()
        live.dispatch({"type": "tracker.set", "player": "caio", "field": "lands", "value": 1}, HOST)
        await phone.settle()
        await tablet.settle()
        assert game_parts(phone) == {"tile-number-caio", "tile-markers-caio", "loh-watch-caio-warlord"}
        assert label(phone, "loh-progress-caio-warlord") == "Warlord 1 of 2"
        assert {k: phone.ids().get(k) for k in before} == before
        assert game_parts(tablet) == {"scoreboard-caio", "tile-number-caio", "tile-markers-caio"}
        live.dispatch({"type": "tracker.set", "player": "ana", "field": "temples", "value": 2}, HOST)
        await tablet.settle()
        assert "loh-section-monuments" in game_parts(tablet)  # Ana's turn: a build would name her Temples
    asyncio.run(go())


def test_turn_actions_rebuild_only_the_sections_that_show_them(server):
    """Battle reads whose turn it is, the Hunt whether this device may play it, the Monuments their
    builds' answers: a Regular Action (and for Battle and the Hunt a Special one) rebuilds none of them."""
    async def go():
        live, phone, tablet = await four_players(server)
        spectator = await Device(server, f"/t/{live.table.id}?k={live.table.spectator_token}", PHONE).open()
        await spectator.settle()
        for device, tab in ((phone, "battle"), (tablet, "hunt"), (spectator, "monuments")):
            await device.tap(f"loh-tab-{tab}")
            await device.settle()

        async def step(body: dict) -> None:
            live.dispatch({**body, "from_step": live.step}, HOST)
            for device in (phone, tablet, spectator):
                await device.settle()

        await step({"type": "turn.regular", "action": "move"})
        assert [game_parts(d) for d in (phone, tablet, spectator)] == [set(), set(), set()]
        await step({"type": "turn.special", "action": "march"})
        assert [game_parts(d) for d in (phone, tablet, spectator)] == [set(), set(), {"loh-section-monuments"}]
        assert spectator.find("loh-monument-build-zeus").disabled
        await step({"type": "turn.end"})  # Bia's turn: she attacks in a battle not yet entered
        assert "loh-section-battle" in game_parts(phone)
        assert isinstance(phone.find("loh-attacker-player-bia"), ft.FilledButton)  # the chosen one is filled
    asyncio.run(go())


def test_the_victory_section_after_changes_shows_what_a_fresh_one_shows(server):
    """Its rows are parts of their own: after counts move, one comes within one and the game is won, a
    spectator on the Victory tab shows what a device opened now shows, and so does a phone once the win
    is undone. (A device opened on a seat takes it over: one comparison per device.)"""
    async def go():
        live, phone, _ = await four_players(server)
        spectator = await Device(server, f"/t/{live.table.id}?k={live.table.spectator_token}", PHONE).open()
        for device in (phone, spectator):
            await device.tap("loh-tab-watch")
            await device.settle()
        for player, field, value in [("caio", "lands", 1), ("ana", "temples", 2), ("bia", "monsters", 2),
                                     ("bia", "artifacts", 2), ("bia", "charged", 1), ("dino", "lands", 2)]:
            live.dispatch({"type": "tracker.set", "player": player, "field": field, "value": value}, HOST)
            await phone.settle()
        assert live.state["winner"] is not None
        await spectator.settle()
        assert await differs_from_fresh(server, spectator, "watch") is None
        live.undo(HOST)  # the phone's rows went read-only with the win, and back
        await phone.settle()
        assert await differs_from_fresh(server, phone, "watch") is None
    asyncio.run(go())


def test_the_turn_helper_after_a_build_shows_what_a_fresh_one_shows(server):
    """Its cards and the build's steps are parts of their own: after a Regular Action, a Monument built
    and a phase ticked off, the turn's phone and a spectator show what a device opened now shows."""
    async def go():
        live = server.hub.create("lords_of_hellas", {"players": PLAYERS})
        ana = f"/t/{live.table.id}?k={live.claim(live.table.seats[0].token)[1]}"
        devices = [await Device(server, route, PHONE).open()
                   for route in (ana, f"/t/{live.table.id}?k={live.table.spectator_token}")]
        for body in ({"type": "turn.regular", "action": "move"}, {"type": "monument.build", "monument": "zeus"},
                     {"type": "turn.step", "step": "monster_phase"}):
            live.dispatch({**body, "from_step": live.step}, HOST)
            for device in devices:
                await device.settle()
        assert "loh-turn-build-steps" in devices[0].app.ui.parts.built
        for device in devices:
            assert await differs_from_fresh(server, device) is None
    asyncio.run(go())


def test_quick_buttons_and_turn_buttons_follow_what_the_view_allows(server):
    async def go():
        live, phone, tablet = await four_players(server)
        top = phone.app.ui.parts.built["loh-board"].control.controls[0]
        assert top is phone.app.ui.parts.built["scoreboard"].view  # a phone's own tile comes first
        assert [t.key for t in phone.app.ui.parts.built["scoreboard-tiles"].control.controls] == ["scoreboard-bia"]
        # Not Bia's turn: her phone's turn buttons are disabled and say why; her counts stay hers to fix
        assert phone.find("loh-special-march").disabled
        assert "whose turn" in label(phone, "loh-special-march")
        await phone.tap("quick-monsters-bia")
        await tablet.tap("quick-lands-dino")
        await tablet.settle()
        assert live.state["tracks"]["bia"]["monsters"] == 1 and live.state["tracks"]["dino"]["lands"] == 1
        await tablet.tap("quick-lands-dino")
        await tablet.settle()
        assert live.state["winner"] == {"player": "dino", "condition": "warlord"}
        assert tablet.find("quick-lands-ana").disabled  # the game is over
    asyncio.run(go())
