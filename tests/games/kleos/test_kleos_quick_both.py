"""A kill that Slaughters is one change scoring both reasons: one undo, two Glory-log lines, one history line."""
from __future__ import annotations

import pytest

from companion.core.model import RuleError
from companion.games.kleos.game import GAME
from companion.games.kleos.moves import describe


def _playing() -> dict:
    state = GAME.setup({"players": ["ares", "hermes"]})
    for item in state["checklist"]:
        state = GAME.apply(state, {"type": "setup.check", "item": item, "done": True})
    return GAME.apply(state, {"type": "phase.next"})


def test_kill_and_slaughter_score_two_and_log_both():
    event = {"type": "glory.add", "player": "hermes", "reason": "kill", "also": "slaughter"}
    state = GAME.apply(_playing(), event)
    assert state["glory"]["hermes"] == 2
    assert [(e["reason"], e["amount"]) for e in state["glory_log"]] == [("kill", 1), ("slaughter", 1)]
    assert describe(event, "en") == "Hermes +2 Glory (kill + Slaughter bonus)"
    assert describe(event, "pt") == "Hermes +2 de Glória (abate + bônus de Massacre)"


@pytest.mark.parametrize("bad", [{"also": "card"}, {"also": "kill"}, {"also": "slaughter", "amount": 3},
                                 {"reason": "card", "amount": 2, "also": "slaughter"}])
def test_a_second_reason_must_be_another_stepped_one(bad):
    state = _playing()
    with pytest.raises(RuleError):
        GAME.apply(state, {"type": "glory.add", "player": "hermes", "reason": "kill", **bad})
    assert state["glory"]["hermes"] == 0


def test_a_roll_is_drawn_by_the_hubs_random_source_and_kept_with_who_rolled():
    import random
    from companion.games.kleos.dice import roll
    state = _playing()
    asked = {"type": "dice.roll", "dice": 5, "godly": True, "by": "ares", "at": 1.0}
    event = GAME.prepare(state, asked, random.Random(7))
    assert event["faces"] == roll(5, True, random.Random(7))
    after = GAME.apply(state, event)
    assert after["roll"]["by"] == "ares" and after["roll"]["faces"] == event["faces"]
    assert describe(event, "en").startswith("Ares rolled 5 Godly dice: ")
    with pytest.raises(RuleError):  # faces never drawn: refused, state untouched
        GAME.apply(state, asked)
    assert "roll" not in state
