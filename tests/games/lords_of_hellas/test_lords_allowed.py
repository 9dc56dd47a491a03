"""`allowed` answers exactly as the handlers would: None where an event is accepted, else its refusal key."""
from __future__ import annotations

import copy

import pytest

from companion.core.model import RuleError
from companion.games.lords_of_hellas import allowed
from companion.games.lords_of_hellas.game import GAME


def events(key: str) -> dict:
    """The event a key of `allowed` stands for."""
    kind, _, what = key.partition(".")
    if kind == "regular":
        return {"type": "turn.regular", "action": what, "count": 1, "monument": "zeus"}
    if kind == "special":
        return {"type": "turn.special", "action": what}
    if kind == "build":
        return {"type": "monument.build", "monument": what}
    if kind == "tracker":
        return {"type": "tracker.set", "player": what, "field": "temples", "value": 1}
    return {"type": "turn.end"}


def check_against_handlers(state: dict, by: str) -> None:
    seat = None if by == "host" else by
    for key, reason in allowed(state, seat).items():
        if key in ("turn", "special.build_monument"):  # no single event: checked through `build.*`
            continue
        before = copy.deepcopy(state)
        try:
            GAME.apply(state, {**events(key), "by": by})
            refused = None
        except RuleError as error:
            refused = error.key
        assert state == before
        if reason == "lords_of_hellas.turn_need_special":
            assert refused == "lords_of_hellas.err_special_missing", key
        elif reason == "lords_of_hellas.why_not_your_turn":
            assert refused == "lords_of_hellas.err_not_your_turn", key
        else:
            assert refused == reason, key


@pytest.fixture
def busy(table):
    """Red has moved and holds a charged Artifact; Blue's March is used from her last turn."""
    table.set("red", "artifacts", 1)
    table.set("red", "charged", 1)
    table.do("turn.regular", action="move")
    return table


def test_the_tablet_and_the_current_player_may_act_the_other_may_not(busy):
    for by in ("host", "red", "blue"):
        check_against_handlers(busy.state, by)
    blue = allowed(busy.state, "blue")
    assert blue["special.march"] == blue["end"] == blue["turn"] == "lords_of_hellas.why_not_your_turn"
    assert blue["tracker.red"] is None  # counts from the board are anyone's to correct
    red = allowed(busy.state, "red")
    assert red["regular.move"] == "lords_of_hellas.err_regular_done"
    assert red["regular.priests"] == "lords_of_hellas.err_no_priests"
    assert red["regular.artifacts"] is None and red["end"] == "lords_of_hellas.turn_need_special"


def test_after_the_special_action_only_the_end_is_open(busy):
    busy.do("turn.special", action="march")
    check_against_handlers(busy.state, "red")
    red = allowed(busy.state, None)
    assert red["end"] is None and red["special.prepare"] == "lords_of_hellas.err_special_taken"
    assert red["regular.artifacts"] == "lords_of_hellas.err_regular_after_special"
    busy.do("turn.end")
    busy.finish_turn()
    assert allowed(busy.state, "red")["special.march"] == "lords_of_hellas.err_special_blocked"
    check_against_handlers(busy.state, "red")


def test_a_build_leaves_its_phases_then_a_hunt_blocks_the_end(table):
    table.do("monument.build", monument="zeus")
    assert allowed(table.state, None)["end"] == "lords_of_hellas.err_steps_pending"
    check_against_handlers(table.state, "host")
    table.do("turn.step", step="monster_phase")
    table.do("turn.step", step="event_phase")
    table.do("hunt.start", monster="Hydra", slots=["none"])
    assert allowed(table.state, None)["end"] == "lords_of_hellas.err_hunt_ongoing"
    check_against_handlers(table.state, "host")


def test_a_complete_monument_and_a_won_game(table):
    for _ in range(5):
        table.finish_build("hermes")
        table.finish_turn()
    assert allowed(table.state, None)["build.hermes"] == "lords_of_hellas.err_monument_complete"
    check_against_handlers(table.state, "host")
    table.set("blue", "monsters", 3)
    assert set(allowed(table.state, None).values()) == {"lords_of_hellas.err_game_over"}
    check_against_handlers(table.state, "host")
