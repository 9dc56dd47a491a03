"""Fleecing Olympus through the real hub: seats, server-rolled dice, per-device snapshots, undo."""
import json

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.fleecing_olympus.game import GAME

HOST = Access("host")
SPECTATOR = Access("spectator")


@pytest.fixture
def live(tmp_path):
    hub = Hub(tmp_path / "data", {GAME.id: GAME})
    # Deities whose powers only touch cards, so any opening roll leads to the same kind of turn.
    deities = {"ana": "athena", "bia": "hades", "caio": "poseidon"}
    return hub.create("fleecing_olympus", {"players": ["ana", "bia", "caio"], "deities": deities})


def seat(player: str) -> Access:
    return Access("seat", player)


def test_the_table_has_the_players_as_seats_and_a_stored_random_deal(tmp_path):
    hub = Hub(tmp_path / "data", {GAME.id: GAME})
    table = hub.create("fleecing_olympus", {"players": ["ana", "bia", "caio"]}).table
    assert [s.id for s in table.seats] == ["ana", "bia", "caio"]
    assert [s.name for s in table.seats] == ["Ana", "Bia", "Caio"]
    assert table.initial_state["deities"] == GAME.setup(table.options)["deities"]
    with pytest.raises(RuleError):
        hub.create("fleecing_olympus", {"players": ["ana", "bia"]})


def test_server_rolls_are_stored_so_the_log_replays_exactly(live, tmp_path):
    live.dispatch({"type": "opening_roll", "from_step": live.step}, HOST)
    active = live.state["active"]
    live.dispatch({"type": "power", "from_step": live.step, "side": "odd"}, seat(active))
    target = next(p for p in live.state["players"] if p != active)
    live.dispatch({"type": "roll", "from_step": live.step, "target": target}, HOST)
    live.dispatch({"type": "resolve", "from_step": live.step}, HOST)
    reopened = Hub(tmp_path / "data", {GAME.id: GAME}).get(live.table.id)
    assert reopened.state == live.state


def test_each_device_gets_its_own_count_and_the_history_hides_the_rest(live):
    live.dispatch({"type": "opening_roll", "from_step": live.step}, HOST)
    for access, expected in ((HOST, {}), (SPECTATOR, {}), (seat("bia"), {"bia": 20})):
        snap = live.snapshot(access)
        assert snap["state"]["gems"] == expected
    live.dispatch({"type": "reveal"}, seat("caio"))
    assert live.snapshot(HOST)["state"]["gems"] == {"caio": 20}
    with pytest.raises(RuleError):
        live.dispatch({"type": "reveal", "seat": "bia"}, HOST)
    rows = live.history(seat("ana"), "pt")
    assert rows[0]["text"].startswith("Caio mostra")
    assert json.dumps(live.events()).count('"gems"') == 0


def test_undo_takes_back_a_settled_wager(live):
    live.dispatch({"type": "opening_roll", "from_step": live.step}, HOST)
    active = live.state["active"]
    live.dispatch({"type": "power", "from_step": live.step, "side": "even"}, HOST)
    target = next(p for p in live.state["players"] if p != active)
    live.dispatch({"type": "roll", "from_step": live.step, "target": target, "dice": [6, 5]}, HOST)
    before = json.loads(json.dumps(live.state))
    live.dispatch({"type": "resolve", "from_step": live.step}, seat(active))
    assert live.state["active"] != active
    live.undo(HOST)
    assert live.state == before
