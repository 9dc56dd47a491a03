"""Undo and redo by owner: a phone takes back only its own seat's change, the tablet any
(a phone's own change under later ones: tests/e2e/test_api_phone_undo.py).

The cases are the ones a player used to cheat with: undoing another seat's
secret purchase, the tablet-only offering payment, a gem handover between two
other players, and another seat's private note. Each refusal names whose
change it was, writes nothing, and leaves the victim's state as it was.
"""
from __future__ import annotations

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.registry import GAMES

HOST = Access("host")


def seat(player: str) -> Access:
    return Access("seat", player)


def refused(live, access: Access, kind: str = "undo") -> RuleError:
    """Try an undo/redo that must fail; nothing may reach the file or the state."""
    before_state, before_log = live.state, live.store.events()
    with pytest.raises(RuleError) as caught:
        getattr(live, kind)(access)
    assert live.state == before_state and live.store.events() == before_log
    return caught.value


def test_a_phone_cannot_wipe_another_seats_private_note(tmp_path):
    live = Hub(tmp_path / "data", GAMES).create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "note.set", "player": "ana", "text": "bluff on 3"}, seat("ana"))
    err = refused(live, seat("bia"))
    assert err.key == "seats.undo_not_yours" and err.values == {"owner": "Ana"}
    assert "Ana" in err.message and live.state["notes"]["ana"] == "bluff on 3"
    assert live.snapshot(seat("bia"))["can_undo"] is False
    live.undo(seat("ana"))  # her own: fine
    assert live.state["notes"]["ana"] == ""
    err = refused(live, seat("bia"), "redo")
    assert err.key == "seats.redo_not_yours"
    live.redo(seat("ana"))
    assert live.state["notes"]["ana"] == "bluff on 3"


def test_the_tablet_undoes_anyones_change_and_the_button_says_what(tmp_path):
    live = Hub(tmp_path / "data", GAMES).create("kleos", {"players": ["ares", "athena"]})
    for _ in range(3):
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    live.dispatch({"type": "glory.add", "player": "ares", "reason": "kill"}, seat("ares"))
    own = live.snapshot(seat("ares"))["undo"]
    assert own["by"] == "Ares" and "Ares" in own["text"] and "+1" in own["text"]
    assert live.snapshot(seat("athena"))["undo"] is None
    assert live.snapshot(HOST)["undo"]["text"] == own["text"]
    assert live.snapshot(Access("spectator"))["undo"] is None
    live.undo(HOST)
    assert live.snapshot(seat("ares"))["redo"]["text"] == own["text"]


CYCLADES = [
    ("host", {"type": "start", "order": ["bia", "caio", "ana"], "gods": ["athena", "zeus"]}),
    ("host", {"type": "phase.next"}),
    ("ana", {"type": "income", "player": "ana", "prosperity": 0}),
    ("bia", {"type": "income", "player": "bia", "prosperity": 3}),
    ("caio", {"type": "income", "player": "caio", "prosperity": 2}),
    ("host", {"type": "phase.next"}),
    ("bia", {"type": "offering.bid", "faction": "bia", "god": "zeus", "amount": 1}),
    ("caio", {"type": "offering.bid", "faction": "caio", "god": "apollo"}),
    ("ana", {"type": "offering.bid", "faction": "ana", "god": "athena", "amount": 1}),
]


@pytest.fixture
def cyclades(tmp_path):
    live = Hub(tmp_path / "data", GAMES).create("cyclades", {"players": ["ana", "bia", "caio"]})
    for by, event in CYCLADES:  # each device acts on the table as it reads it
        live.dispatch({**event, "from_step": live.step}, HOST if by == "host" else seat(by))
    return live


def test_a_phone_cannot_undo_the_tablets_offering_payment(cyclades):
    cyclades.dispatch({"type": "offering.pay", "from_step": cyclades.step}, HOST)
    purses = dict(cyclades.state["gold"])
    err = refused(cyclades, seat("bia"))  # her own bid is under the payment: she is told to ask the tablet
    assert err.key == "seats.undo_after_step" and err.message.startswith("Ask the tablet: ")
    assert cyclades.state["gold"] == purses


def test_a_phone_cannot_undo_another_seats_secret_purchase(cyclades):
    cyclades.dispatch({"type": "offering.pay", "from_step": cyclades.step}, HOST)
    cyclades.dispatch({"type": "phase.next", "from_step": cyclades.step}, HOST)
    zeus, athena = cyclades.state["gold"]["bia"], cyclades.state["gold"]["ana"]
    cyclades.dispatch({"type": "gold.spend", "player": "ana", "item": "philosopher"}, seat("ana"))
    assert cyclades.state["gold"]["ana"] < athena
    spent = cyclades.state["gold"]["ana"]
    err = refused(cyclades, seat("bia"))  # Bia's Undo reaches only her own bid, which steps came after
    assert err.key == "seats.undo_after_step" and cyclades.state["gold"]["ana"] == spent
    assert cyclades.state["gold"]["bia"] == zeus
    cyclades.undo(seat("ana"))
    assert cyclades.state["gold"]["ana"] == athena


def test_a_phone_cannot_undo_a_handover_between_two_other_players(tmp_path):
    deities = {"ana": "athena", "bia": "hades", "caio": "poseidon"}
    live = Hub(tmp_path / "data", GAMES).create("fleecing_olympus",
                                                {"players": ["ana", "bia", "caio"], "deities": deities})
    live.dispatch({"type": "opening_roll", "from_step": live.step}, HOST)
    live.dispatch({"type": "give", "to": "bia", "amount": 3}, seat("ana"))
    gems = dict(live.state["gems"])
    err = refused(live, seat("caio"))
    assert err.values == {"owner": "Ana"} and live.state["gems"] == gems
    refused(live, seat("bia"))  # the receiver cannot hand the gems back by undoing either
    live.undo(HOST)
    assert live.state["gems"]["bia"] == gems["bia"] - 3


def test_a_redo_is_checked_by_the_rules_like_a_new_change(tmp_path):
    live = Hub(tmp_path / "data", GAMES).create("scorepad", {"players": ["Ana"]})
    live.dispatch({"type": "points.add", "player": "ana", "amount": 2}, seat("ana"))
    live.undo(seat("ana"))
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST)  # clears what could be redone
    err = refused(live, seat("ana"), "redo")
    assert err.key == "seats.nothing_to_redo"


def test_undo_owners_survive_a_restart(tmp_path):
    hub = Hub(tmp_path / "data", GAMES)
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "points.add", "player": "bia", "amount": 5}, seat("bia"))
    reopened = Hub(tmp_path / "data", GAMES).get(live.table.id)
    refused(reopened, seat("ana"))
    reopened.undo(seat("bia"))
    assert reopened.state["scores"]["bia"] == 0
