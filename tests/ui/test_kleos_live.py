"""Kleos as live parts, in-process: a Glory change from elsewhere rebuilds that god's tile and the
Glory it touches, and leaves every other control (Dusk sheet, calculators) as it was."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import TABLET, Device, label

HOST = Access("host")
GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


def run(coro):
    return asyncio.run(coro)


async def table(server: ServerInfo, steps: int):
    """Five gods, `steps` presses of next in (3: Ares' Play phase), a tablet and Hermes' phone."""
    live = server.hub.create("kleos", {"players": GODS})
    for _ in range(steps):
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    hermes = next(s for s in live.table.seats if s.id == "hermes")
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(hermes.token)[1]}").open()
    await phone.settle()
    return live, tablet, phone


def kleos_parts(device: Device) -> set[str]:
    """The parts of the game's board the last render rebuilt (the table's shell aside)."""
    return {k for k in device.app.ui.parts.rebuilt if k.startswith(("kleos", "scoreboard", "tile", "glory",
                                                                     "favor", "dusk", "quick"))}


def test_a_remote_kill_rebuilds_one_tile_and_the_glory_it_touches(server):
    async def go():
        live, tablet, phone = await table(server, 3)
        before = tablet.ids()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        after = tablet.ids()
        assert {k: after.get(k) for k in before} == before
        assert tablet.find("score-athena").value == "1" and phone.find("score-athena").value == "1"
        # Athena's number and her tile's frame (it glows): nothing else of Kleos (the containers
        # around them keep their controls, each rebuilt part is patched where it stands); the
        # Glory log is shut until opened, on the tablet too (the history beside it lists the kill)
        assert kleos_parts(tablet) == {"scoreboard-athena", "tile-number-athena"}
    run(go())


def test_the_last_seats_quick_button_lands_and_keeps_its_id(server):
    async def go():
        live, tablet, _ = await table(server, 3)
        ident = tablet.ids()["quick-kill_slaughter-dionysus"]
        for n in range(1, 4):
            await tablet.tap("quick-kill_slaughter-dionysus")
            await tablet.settle()
            assert tablet.ids()["quick-kill_slaughter-dionysus"] == ident
        # A Slaughter is a kill too: each tap is one change scoring both (+2), logged as both.
        assert live.state["glory"]["dionysus"] == 6
        assert [e["reason"] for e in live.state["glory_log"]] == ["kill", "slaughter"] * 3
        assert len([e for e in live.events() if e["type"] == "glory.add"]) == 3
    run(go())


def test_the_dusk_sheet_keeps_its_counts_and_controls_while_others_score(server):
    async def go():
        live, _, phone = await table(server, 13)  # five Play turns, five Action turns: Dusk of day 1
        assert live.state["phase"] == "dusk"
        await phone.tap("dusk-port-ares-plus")
        await phone.tap("dusk-port-ares-plus")
        await phone.settle()
        before = phone.ids()
        for _ in range(3):
            live.dispatch({"type": "glory.add", "player": "hermes", "reason": "recruit"}, HOST)
            await phone.settle()
            assert kleos_parts(phone) == {"tile-number-hermes"}
        assert {k: phone.ids().get(k) for k in before} == before
        assert phone.find("dusk-port-ares-value").value == "2"
        assert "Ares" in phone.find("dusk-port-controller").controls[1].value
    run(go())


def test_the_odds_panel_keeps_its_inputs_while_others_score(server):
    async def go():
        live, _, phone = await table(server, 3)
        await phone.tap("kleos-tab-odds")
        await phone.settle()
        await phone.tap("attacker-attack-plus")
        await phone.settle()
        assert kleos_parts(phone) == {"kleos-odds", "kleos-odds-bar"}  # the calculator and its pinned bar only
        before = phone.ids()
        live.dispatch({"type": "glory.add", "player": "ares", "reason": "kill"}, HOST)
        await phone.settle()
        assert kleos_parts(phone) == {"tile-number-ares"}
        assert {k: phone.ids().get(k) for k in before} == before
        assert phone.find("attacker-attack-value").value == "4"
    run(go())


def test_a_seat_played_on_the_tablet_folds_the_join_card_and_comes_back(server):
    async def go():
        live, tablet, _ = await table(server, 3)  # Hermes joined on a phone; four codes left
        for god in ("ares", "artemis", "athena"):
            await tablet.tap(f"on-tablet-{god}")
            await tablet.settle()
        assert "join-card" in tablet.ids() and "join-unfold" not in tablet.ids()
        await tablet.tap("on-tablet-dionysus")
        await tablet.settle()
        assert "join-unfold" in tablet.ids()  # folded as if every seat had joined
        assert not any(s.joined for s in live.table.seats if s.id != "hermes")  # no invitation was spent
        await tablet.tap("join-unfold")
        await tablet.settle()
        await tablet.tap("off-tablet-athena")  # one tap undoes the mark: Athena's code is back
        await tablet.settle()
        assert "join-athena" in tablet.ids() and "tablet-ares" in tablet.ids()
    run(go())


def test_a_phone_in_setup_says_what_it_waits_for(server):
    async def go():
        live, tablet, phone = await table(server, 0)
        assert "Waiting for setup: 5 items left" in label(phone, "scoreboard-facts")
        for item in list(live.state["checklist"]):
            live.dispatch({"type": "setup.check", "item": item, "done": True}, HOST)
        await phone.settle()
        assert "waiting for Next to start the Contest" in label(phone, "scoreboard-facts")
    run(go())


def test_a_phone_opens_its_glory_log_and_a_folded_one_costs_a_glory_change_its_number_only(server):
    async def go():
        live, tablet, phone = await table(server, 3)
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await phone.settle()
        # Folded: no new row for a phone nobody reads the log on, nor on the tablet, whose
        # history lists the same kill
        assert kleos_parts(phone) == {"tile-number-athena"}
        assert "glory-log-0" not in phone.ids() and "glory-log-0" not in tablet.ids()
        assert label(tablet, f"history-{live.seq}") == "Athena +1 Glory (kill)"
        await phone.tap("glory-log-open")
        await phone.settle()
        assert "glory-log-0" in phone.ids() and "glory-log-open" not in phone.ids()
        live.dispatch({"type": "glory.add", "player": "ares", "reason": "recruit"}, HOST)
        await phone.settle()
        assert "glory-log-1" in phone.ids()  # it stays open across changes, and follows them
        assert "Ares" in label(phone, "glory-log-1")
        await phone.tap("glory-log-close")
        await phone.settle()
        assert "glory-log-1" not in phone.ids() and "glory-log-open" in phone.ids()
    run(go())


def test_a_phone_opens_more_glory_and_its_champion_tap_lands(server):
    async def go():
        live, tablet, phone = await table(server, 3)
        assert "glory-hermes-champion" not in phone.ids() and "glory-hermes-champion" in tablet.ids()
        await phone.tap("glory-more-open")
        await phone.settle()
        await phone.tap("glory-hermes-champion")
        await phone.settle()
        assert live.state["glory"]["hermes"] == 2 and phone.find("score-hermes").value == "2"
        assert "glory-hermes-champion" in phone.ids()  # it stays open across changes
        await phone.tap("glory-more-close")
        await phone.settle()
        assert "glory-hermes-champion" not in phone.ids() and "glory-more-open" in phone.ids()
    run(go())


def test_the_tablet_opens_its_glory_log_and_shuts_it_again(server):
    async def go():
        live, tablet, _ = await table(server, 3)
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        assert "glory-log-open" in tablet.ids() and "glory-log-0" not in tablet.ids()
        await tablet.tap("glory-log-open")
        await tablet.settle()
        assert label(tablet, "glory-log-0") == "Day 1: Athena +1 (kill)"
        live.dispatch({"type": "glory.add", "player": "ares", "reason": "recruit"}, HOST)
        await tablet.settle()
        assert "Ares" in label(tablet, "glory-log-1")  # open, it follows the changes
        assert "glory-log-0" in kleos_parts(tablet) or "glory-log-1" in kleos_parts(tablet)
        await tablet.tap("glory-log-close")
        await tablet.settle()
        assert "glory-log-1" not in tablet.ids() and "glory-log-open" in tablet.ids()
    run(go())
