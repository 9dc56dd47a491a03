"""What the screens read: phase summary, turn order, Zeus' Pity and reminders."""
import json

from companion.games.kleos.game import GAME
from companion.i18n import catalogue

TEMPLES = {"ares": "H1", "athena": "H3", "hermes": "H5"}


def act(state: dict, kind: str, **fields) -> dict:
    return GAME.apply(state, {"type": kind, "by": "host", "at": 0.0, **fields})


def reach(state: dict, phase: str, day: int = 1) -> dict:
    while (state["phase"], state["day"]) != (phase, day):
        if state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]:
            state = act(state, "dusk.score", board={})
        state = act(state, "phase.next")
    return state


def new() -> dict:
    return GAME.setup({"players": ["ares", "athena", "hermes"], "temples": TEMPLES})


def test_every_seat_and_the_tablet_see_the_same_full_state():
    state = act(reach(new(), "play"), "favor.give", player="athena", minion="Medusa")
    views = [GAME.view(state, seat) for seat in (None, "ares", "athena", "hermes")]
    assert all(v == views[0] for v in views)
    assert views[0]["favor"] == {"player": "athena", "minion": "Medusa"}
    assert views[0]["glory"] == state["glory"] and views[0]["turn"] == "ares"
    assert json.loads(json.dumps(views[0])) == views[0]


def test_pity_lists_players_five_or_more_behind_at_daybreak_of_later_days():
    state = reach(new(), "play")
    state = act(state, "glory.add", player="ares", reason="card", amount=6)
    state = act(state, "glory.add", player="hermes", reason="card", amount=2)
    state = act(state, "glory.add", player="athena", reason="kill")
    assert GAME.view(state, None)["pity"] == []
    day2 = reach(state, "daybreak", 2)
    view = GAME.view(day2, None)
    assert view["pity"] == ["athena"]
    assert "kleos.remind_pity" in view["reminders"]
    caught_up = act(day2, "glory.add", player="athena", reason="correction", amount=1)
    assert GAME.view(caught_up, None)["pity"] == []
    assert "kleos.remind_pity" not in GAME.view(caught_up, None)["reminders"]
    assert GAME.view(act(day2, "phase.next"), None)["pity"] == []


def test_no_pity_on_the_first_morning():
    state = act(reach(new(), "deployment"), "glory.add", player="ares", reason="card", amount=7)
    assert GAME.view(act(state, "phase.next"), None)["pity"] == []


def test_reminders_follow_the_phase():
    state = reach(new(), "daybreak")
    assert GAME.view(state, None)["reminders"] == ["kleos.remind_draw_divine"]
    assert GAME.view(state, None)["phase_text"] == "kleos.phase_text_daybreak_first"
    later = GAME.view(reach(state, "daybreak", 2), None)
    assert later["reminders"] == ["kleos.remind_draw_divine", "kleos.remind_tokens", "kleos.remind_populate"]
    assert later["phase_text"] == "kleos.phase_text_daybreak"
    dusk = reach(state, "dusk", 2)
    assert GAME.view(dusk, None)["reminders"] == ["kleos.remind_hand", "kleos.remind_control"]
    assert GAME.view(act(dusk, "dusk.score", board={}), None)["reminders"] == ["kleos.remind_hand"]
    assert GAME.view(reach(state, "play", 2), None)["reminders"] == []


def test_every_phase_text_and_reminder_key_has_both_languages():
    state, keys = new(), set()
    while state["phase"] != "end":
        view = GAME.view(state, None)
        keys |= {view["phase_text"], *view["reminders"]}
        if (state["phase"], state["day"], state["turn"]) == ("play", 2, state["first_player"]):
            state = act(state, "glory.add", player="ares", reason="card", amount=9)
        if state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]:
            state = act(state, "dusk.score", board={})
        else:
            state = act(state, "phase.next")
    keys.add(GAME.view(state, None)["phase_text"])
    assert {"kleos.remind_pity", "kleos.remind_control", "kleos.phase_text_end"} <= keys
    for key in keys:
        assert catalogue()[key]["en"] and catalogue()[key]["pt"]


def test_turn_order_starts_with_the_first_player():
    state = act(reach(new(), "daybreak"), "first_player.set", player="hermes")
    assert GAME.view(state, None)["turn_order"] == ["hermes", "ares", "athena"]
