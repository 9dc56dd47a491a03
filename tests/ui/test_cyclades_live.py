"""Cyclades as live parts, in-process: a remote change keeps every control id and rebuilds only its parts."""
from __future__ import annotations

import asyncio
import importlib

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.live import shown
from live_device import game_parts, label, phone_and_tablet

HOST = Access("host")
PLAYERS = ["ana", "bia", "caio", "dino", "eva"]


async def income_phase(server: ServerInfo):
    """Five players at the income phase; Ana's phone and the tablet open."""
    live = server.hub.create("cyclades", {"players": PLAYERS})
    live.dispatch({"type": "start", "from_step": live.step, "order": PLAYERS, "gods": ["athena", "ares", "zeus", "hera"]}, HOST)
    live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    phone, tablet = await phone_and_tablet(server, live, 0)
    return live, phone, tablet


def test_a_priestess_for_bia_rebuilds_her_tile_only_and_keeps_every_id(server):
    async def go():
        live, phone, tablet = await income_phase(server)
        before, before_tablet = phone.ids(), tablet.ids()
        mark = phone.mark()
        live.dispatch({"type": "tracker.adjust", "player": "bia", "item": "priestesses", "delta": 1}, HOST)
        await phone.settle()
        await tablet.settle()
        after = phone.ids()
        assert {k: after.get(k) for k in before} == before
        assert {k: tablet.ids().get(k) for k in before_tablet} == before_tablet
        assert set(after) - set(before) <= {f"history-{live.seq}"}
        assert game_parts(phone) == {"tile-detail-bia"}
        # the tablet's tracker card lists who it may correct, not the numbers: it stays too
        assert game_parts(tablet) == {"tile-detail-bia"}
        assert label(phone, "score-bia") == "Bia 0" and "Priest. 1" in shown(phone.find("tile-bia").content.controls[2]).value
        assert sum(map(len, phone.patches_since(mark))) < 4000
    asyncio.run(go())


def test_a_card_for_bia_works_out_her_tile_alone_and_walks_no_tile_frame(server, monkeypatch):
    """Every device walks the scoreboard on every change: a card more for Bia works out Bia's score
    only (the other players' come back from their memos), walks no other tile, and rebuilds her
    detail line without describing the rest of her tile again (frame, markers and buttons)."""
    from companion.ui.widgets import scoreboard
    scores = importlib.import_module("companion.ui.games.cyclades.scores")  # the package names a function so
    calls: list[tuple[int, str]] = []

    def counting(inputs, what):
        original = inputs.build

        def counted(given, ui):
            calls.append((id(ui), what(given)))
            return original(given, ui)
        monkeypatch.setattr(inputs, "build", counted)

    counting(scores.PlayerScore, lambda given: given.pid)
    counting(scoreboard.Tile, lambda given: f"tile-{given.score.seat}")
    counting(scoreboard.WholeTile, lambda given: f"whole-{given.score.seat}")

    async def go():
        live, phone, tablet = await income_phase(server)
        calls.clear()
        live.dispatch({"type": "tracker.adjust", "player": "bia", "item": "philosophers", "delta": 1}, HOST)
        await phone.settle()
        await tablet.settle()
        for device in (phone, tablet):
            # Bia's score, then her tile from it (number and detail line), and nothing of any other tile
            assert [what for ui, what in calls if ui == id(device.app.ui)] == ["bia", "whole-bia"]
            assert game_parts(device) == {"tile-detail-bia"}
    asyncio.run(go())


def test_another_players_income_leaves_the_phones_own_panels_alone(server):
    async def go():
        live, phone, _ = await income_phase(server)
        await phone.tap("cyc-income-ana-7")  # device-local: only the income pad is rebuilt
        await phone.settle()
        assert game_parts(phone) == {"cyc-income"}
        before = phone.ids()
        live.dispatch({"type": "income", "player": "bia", "prosperity": 4}, HOST)
        await phone.settle()
        # Bia is no longer waited on: her tile loses its outline; Ana's pad keeps its 7 and its ids
        assert game_parts(phone) == {"scoreboard-bia"}
        assert {k: phone.ids().get(k) for k in before} == before
        assert phone.find("cyc-income-ana-send").content.startswith("Collect 7 ")
    asyncio.run(go())


def test_quick_buttons_follow_what_the_view_allows(server):
    async def go():
        live, phone, tablet = await income_phase(server)
        ids = phone.ids()
        assert "quick-philosophers-ana" in ids and "quick-priestesses-bia" not in ids  # own tile only
        assert {f"quick-priestesses-{p}" for p in PLAYERS} <= set(tablet.ids())
        top = phone.app.ui.parts.built["cyc-board"].control.controls[0]
        assert top is phone.app.ui.parts.built["scoreboard"].view  # a phone's own tile comes first...
        assert [t.key for t in phone.app.ui.parts.built["scoreboard-tiles"].control.controls] == ["scoreboard-ana"]
        await phone.tap("quick-philosophers-ana")
        await tablet.tap("quick-priestesses-eva")
        await phone.settle()
        assert live.state["tracker"]["ana"]["philosophers"] == 1
        assert live.state["tracker"]["eva"]["priestesses"] == 1
        assert phone.ids()["quick-philosophers-ana"] == ids["quick-philosophers-ana"]
    asyncio.run(go())


def test_opening_the_editor_is_local_and_its_steppers_reach_the_game(server):
    async def go():
        live, phone, _ = await income_phase(server)
        before = phone.ids()
        await phone.tap("cyc-edit-ana")
        await phone.settle()
        assert game_parts(phone) == {"cyc-tracker"}
        assert {k: phone.ids().get(k) for k in before} == before
        await phone.tap("cyc-track-ana-port-plus")
        await phone.settle()
        assert live.state["tracker"]["ana"]["buildings"]["port"] == 1
        # the open record changed: the editor and Ana's tile follow, nothing else of the game
        assert game_parts(phone) == {"cyc-tracker", "tile-markers-ana"}
        assert "cyc-edit-bia" not in phone.ids()  # a phone corrects its own player only
    asyncio.run(go())


def test_the_battle_card_switches_achilles_reading_and_caps_croesus_by_the_phones_gold(server):
    """cyclades-rules.txt 314 with 240: a tie is nobody's lost round, so by default Achilles does not act on
    it, and the switch plays the other reading (the issue's example: 20 % against 45 %). 317: Croesus
    re-rolls while his owner can pay, so on a phone the re-roll budget stops at that seat's own gold."""
    async def go():
        live, phone, tablet = await income_phase(server)
        await tablet.tap("cyc-odds-attackers-minus")  # 2 troops and Achilles against 3 troops and a fortress
        await tablet.tap("cyc-odds-defenders-plus")
        await tablet.tap("cyc-odds-defender-bonus-plus")
        await tablet.tap("cyc-odds-attacker-achilles")
        await tablet.settle()
        assert label(tablet, "cyc-odds-attacker").endswith(": 20%")
        await tablet.tap("cyc-odds-achilles-ties")
        await tablet.settle()
        assert label(tablet, "cyc-odds-attacker").endswith(": 45%")

        await phone.tap("cyc-odds-toggle")
        await phone.tap("cyc-odds-attacker-croesus")
        await phone.tap("cyc-odds-mine-attacker")  # Ana attacks: Croesus is hers, so is his gold
        await phone.settle()
        gold = live.state["gold"]["ana"]
        assert label(phone, "cyc-odds-rerolls-value").endswith(f" {gold}")  # her purse, to start with
        for _ in range(2):
            await phone.tap("cyc-odds-rerolls-plus")
        await phone.settle()
        assert label(phone, "cyc-odds-rerolls-value").endswith(f" {gold}")
        assert phone.find("cyc-odds-rerolls-plus").disabled
    asyncio.run(go())


def test_croesus_on_the_opponents_side_is_never_capped_by_the_viewers_purse(server):
    """Issue 41: with Croesus on the opponent's side, Ana's phone capped his re-roll gold at her own
    purse ("you have 5") while the tablet allowed 10, so her odds were wrong. His gold is a secret
    her phone cannot know: an input up to the game's maximum, labelled as the opponent's gold."""
    from companion.games.cyclades import MAX_REROLLS

    async def go():
        live, phone, tablet = await income_phase(server)
        gold = live.state["gold"]["ana"]
        assert gold < MAX_REROLLS
        await phone.tap("cyc-odds-toggle")
        await phone.tap("cyc-odds-defender-croesus")
        await phone.tap("cyc-odds-mine-attacker")  # Ana attacks; Croesus defends
        await phone.settle()
        assert "unknown to you" in label(phone, "cyc-odds-rerolls-value")
        assert f"you have {gold}" not in label(phone, "cyc-odds-croesus-hint")
        for _ in range(MAX_REROLLS + 2):
            await phone.tap("cyc-odds-rerolls-plus")
        await phone.settle()
        assert label(phone, "cyc-odds-rerolls-value").endswith(f" {MAX_REROLLS}")
        assert phone.find("cyc-odds-rerolls-plus").disabled
        await phone.tap("cyc-odds-mine-none")  # only watching: still not her gold
        await phone.settle()
        assert label(phone, "cyc-odds-rerolls-value").endswith(f" {MAX_REROLLS}")
    asyncio.run(go())


def test_two_players_correct_each_faction_on_its_own(server):
    """cyclades-rules.txt l.26-28 share only the gold between a player's two factions: the tile, its
    quick buttons and the tracker editor name one faction, and a change reaches that faction alone."""
    async def go():
        live = server.hub.create("cyclades", {"players": ["ana", "bia"]})
        live.dispatch({"type": "start", "from_step": live.step, "order": ["ana-1", "bia-1", "ana-2", "bia-2"],
                       "gods": ["athena", "ares", "zeus"]}, HOST)
        phone, tablet = await phone_and_tablet(server, live, 0)
        ids = phone.ids()
        assert {"quick-priestesses-ana-1", "quick-priestesses-ana-2", "cyc-edit-ana_1", "cyc-edit-ana_2"} <= set(ids)
        assert "cyc-edit-bia_1" not in ids and "cyc-edit-bia_2" in tablet.ids()
        assert label(phone, "quick-priestesses-ana-2") == "Priest. Ana 2"
        await phone.tap("quick-priestesses-ana-2")
        await phone.tap("cyc-edit-ana_1")
        await phone.settle()
        await phone.tap("cyc-track-ana_1-philosophers-plus")
        await phone.settle()
        record = live.state["tracker"]
        assert (record["ana-1"]["priestesses"], record["ana-2"]["priestesses"]) == (0, 1)
        assert (record["ana-1"]["philosophers"], record["ana-2"]["philosophers"]) == (1, 0)
        await tablet.settle()
        assert label(tablet, "score-ana").startswith("Ana 0 | 0")
    asyncio.run(go())


def test_every_battle_is_worked_out_off_the_event_loop_and_the_card_follows(server, monkeypatch):
    """A tap waits for its own answer; a battle that changes under the card (a phone's gold capping
    Croesus' re-rolls) says it is being worked out and is drawn once it is. Never on the loop."""
    import threading

    from companion.games.cyclades import odds
    from companion.ui.games.cyclades import battle

    threads = []

    def solved(*args):
        threads.append(threading.current_thread().name)
        return odds.retreat_table(*args)
    monkeypatch.setattr(battle, "retreat_table", solved)
    monkeypatch.setattr(battle, "_grids", type(battle._grids)())  # no battle known from other tests

    async def go():
        live, phone, tablet = await income_phase(server)
        await tablet.tap("cyc-odds-attackers-plus")  # 4 troops against 2: new to the cache
        await tablet.settle()
        assert label(tablet, "cyc-odds-attacker").startswith("Attacker takes it: ")
        phone.app.ui.local.inputs.update({battle.KEY + "open": True, battle.KEY + "attackers": 7,
                                   battle.KEY + "attacker_heroes": ["croesus"]})
        phone.app.ui.redraw_soon()  # as a change from elsewhere draws it
        await phone.settle()
        assert "cyc-odds-working" in phone.ids() or "cyc-odds-attacker" in phone.ids()
        for _ in range(2000):  # bounded: until the worker's answer is drawn
            if "cyc-odds-attacker" in phone.ids():
                break
            await asyncio.sleep(0.01)
            await phone.settle()
        assert "cyc-odds-attacker" in phone.ids() and "cyc-odds-working" not in phone.ids()
    asyncio.run(go())
    assert threads and all(name.startswith("slow-work") for name in threads)


def test_a_battle_past_its_time_bound_is_given_up_and_the_card_says_so(server, monkeypatch):
    """The odds' own bound (longer than other reads'): past it, the card says it gave up, in the
    reader's language, instead of waiting on for ever; asked again, it is not worked out again."""
    import threading

    from companion.ui.games.cyclades import battle

    release, calls = threading.Event(), []

    def stuck(*args):
        calls.append(args)
        release.wait(30)  # a battle that takes far longer than its bound
        raise AssertionError("given up on: never read")
    monkeypatch.setattr(battle, "retreat_table", stuck)
    monkeypatch.setattr(battle, "_grids", type(battle._grids)())
    monkeypatch.setattr(battle, "ODDS_SECONDS", 0.2)

    async def go():
        live, phone, tablet = await income_phase(server)
        try:
            await tablet.tap("cyc-odds-attackers-plus")
            await tablet.settle()
            assert label(tablet, "cyc-odds-error").startswith("These odds took too long")
            assert "cyc-odds-working" not in tablet.ids() and "cyc-odds-attacker" not in tablet.ids()
            asked = len(calls)
            live.dispatch({"type": "tracker.adjust", "player": "bia", "item": "priestesses", "delta": 1}, HOST)
            await tablet.settle()  # drawn again by a change elsewhere: still given up, not asked again
            assert label(tablet, "cyc-odds-error").startswith("These odds took too long") and len(calls) == asked
        finally:
            release.set()
    asyncio.run(go())
