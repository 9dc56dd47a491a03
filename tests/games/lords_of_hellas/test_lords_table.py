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


def test_undoing_the_blow_that_beats_a_monster_gives_its_rewards_back(live):
    live.dispatch({"type": "tracker.set", "player": "red", "field": "priests", "value": 1}, HOST)
    live.dispatch({"type": "hunt.start", "from_step": live.step, "monster": "Hydra", "slots": ["priest", "artifact"]}, RED)
    live.dispatch({"type": "hunt.attack", "from_step": live.step, "wounds": [0, 1]}, RED)
    counts = {k: live.state["tracks"]["red"][k] for k in ("priests", "artifacts", "monsters")}
    assert counts == {"priests": 2, "artifacts": 1, "monsters": 1}
    live.undo(HOST)
    assert {k: live.state["tracks"]["red"][k] for k in counts} == {"priests": 1, "artifacts": 0, "monsters": 0}
    assert live.state["hunt"]["status"] == "ongoing"
    live.redo(HOST)
    assert {k: live.state["tracks"]["red"][k] for k in counts} == counts
    lines = [row["text"] for row in live.history(HOST, "en") if row["type"] == "hunt.attack"]
    assert lines == ["Ana has beaten Hydra and collects 1 Priest and 1 Artifact."]


def test_undoing_a_failed_hunters_claim_gives_the_reward_back(live):
    live.dispatch({"type": "hunt.start", "from_step": live.step, "monster": "Hydra", "slots": ["priest", "none"]}, RED)
    live.dispatch({"type": "hunt.attack", "from_step": live.step, "wounds": [0]}, RED)
    live.dispatch({"type": "hunt.attack", "from_step": live.step, "wounds": []}, RED)
    live.dispatch({"type": "hunt.claim", "from_step": live.step, "slot": 0}, RED)
    assert live.state["tracks"]["red"]["priests"] == 1
    live.undo(HOST)
    assert live.state["tracks"]["red"]["priests"] == 0
    assert live.snapshot(RED)["state"]["claimable"] == [0]
