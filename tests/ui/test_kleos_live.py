"""Kleos as live parts, in-process: a Glory change from elsewhere rebuilds that god's tile and the
Glory it touches, and leaves every other control (Dusk sheet, calculators) as it was."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import TABLET, Device

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
        # Athena's tile and the Glory log with its new row: nothing else of Kleos (the containers
        # around them keep their controls, each rebuilt part is patched where it stands)
        assert kleos_parts(tablet) == {"scoreboard-athena", "tile-number-athena", "glory-log", "glory-log-block-0", "glory-log-0"}
    run(go())


def test_the_last_seats_quick_button_lands_and_keeps_its_id(server):
    async def go():
        live, tablet, _ = await table(server, 3)
        ident = tablet.ids()["quick-slaughter-dionysus"]
        for n in range(1, 4):
            await tablet.tap("quick-slaughter-dionysus")
            await tablet.settle()
            assert tablet.ids()["quick-slaughter-dionysus"] == ident
        assert live.state["glory"]["dionysus"] == 3
        assert [e["reason"] for e in live.state["glory_log"]] == ["slaughter"] * 3
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
        assert kleos_parts(phone) == {"kleos-odds"}  # a stepper rebuilds the calculator only
        before = phone.ids()
        live.dispatch({"type": "glory.add", "player": "ares", "reason": "kill"}, HOST)
        await phone.settle()
        assert kleos_parts(phone) == {"tile-number-ares"}
        assert {k: phone.ids().get(k) for k in before} == before
        assert phone.find("attacker-attack-value").value == "4"
    run(go())
