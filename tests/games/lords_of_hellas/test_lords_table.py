"""The game behind the real hub: stored events replay to the same state, undo included."""
from __future__ import annotations

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.game import Game
from companion.games.lords_of_hellas.game import GAME

HOST = Access("host")
RED = Access("seat", "red")
BLUE = Access("seat", "blue")


@pytest.fixture
def live(tmp_path):
    hub = Hub(tmp_path / "data", {GAME.id: GAME})
    return hub.create(GAME.id, {"players": ["red", "blue"], "names": {"red": "Ana", "blue": "Bruno"}})


def test_the_game_meets_the_protocol():
    assert isinstance(GAME, Game)


def test_seats_and_state_agree_on_colours(live):
    assert {s.id: s.colour for s in live.table.seats} == live.state["colours"]


def test_phones_play_a_turn_and_undo_replays(live):
    live.dispatch({"type": "tracker.set", "player": "red", "field": "temples", "value": 2}, HOST)
    with pytest.raises(RuleError, match="Ana"):
        live.dispatch({"type": "turn.special", "from_step": live.step, "action": "march"}, BLUE)
    live.dispatch({"type": "monument.build", "from_step": live.step, "monument": "zeus"}, RED)
    assert live.state["tracks"]["red"]["priests"] == 2
    live.undo(HOST)
    assert live.state["monuments"]["zeus"]["level"] == 0
    assert live.state["tracks"]["red"]["priests"] == 0
    live.redo(HOST)
    assert live.state["monuments"]["zeus"]["level"] == 1
    built = [row["text"] for row in live.history(HOST, "pt") if row["type"] == "monument.build"]
    assert built == ["Ana ergueu o Monumento de Zeus até o nível 1; a rodada acabou."]
    assert live.snapshot(BLUE)["state"]["progress"]["red"]["favoured"] == {"value": 2, "target": 5}
