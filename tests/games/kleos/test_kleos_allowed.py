"""What the view says a device may do now: every refusal it predicts is one the reducer makes."""
import pytest

from companion.core.model import RuleError
from companion.games.kleos import ACTIONS, GAME, allowed
from companion.i18n import LANGS, catalogue

TEMPLES = {"ares": "H1", "athena": "H3", "hermes": "H5"}
# One sample command per action, as a device would send it.
SAMPLES = {
    "glory.add": {"player": "ares", "reason": "kill"},
    "favor.give": {"player": "athena"},
    "favor.clear": {},
    "phase.next": {},
    "dusk.score": {"board": {}},
    "first_player.set": {"player": "hermes"},
    "setup.check": {"item": "decks", "done": True},
    "tiebreak.answer": {"criterion": "control", "values": {}},
}


def act(state: dict, kind: str, **fields) -> dict:
    return GAME.apply(state, {"type": kind, "by": "host", "at": 0.0, **fields})


def walk() -> list[dict]:
    """Every step of a Contest with nobody scoring, from setup to the end."""
    state = GAME.setup({"players": ["ares", "athena", "hermes"], "temples": TEMPLES})
    states = [state]
    while state["phase"] != "end":
        if state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]:
            state = act(state, "dusk.score", board={})
            states.append(state)
        state = act(state, "phase.next")
        states.append(state)
    return states


def test_setup_allows_the_checklist_and_the_token_but_no_glory():
    state = walk()[0]
    may = allowed(state, None)
    assert set(may) == set(ACTIONS)
    assert may["glory.add"] == may["favor.give"] == "kleos.err.table_still_being_set"
    assert may["setup.check"] is None and may["first_player.set"] is None and may["phase.next"] is None


def test_dusk_blocks_next_until_scored_then_blocks_scoring():
    state = next(s for s in walk() if s["phase"] == "dusk")
    assert allowed(state, "ares")["phase.next"] == "kleos.err.confirm_dusk_sheet_first"
    assert allowed(state, "ares")["dusk.score"] is None
    done = act(state, "dusk.score", board={})
    assert allowed(done, "ares")["phase.next"] is None
    assert allowed(done, "ares")["dusk.score"] == "kleos.err.dusk_already_scored_undo"


def test_favor_clear_needs_a_holder():
    state = next(s for s in walk() if s["phase"] == "play")
    assert allowed(state, None)["favor.clear"] == "kleos.err.nobody_holds_olympus_favor"
    assert allowed(act(state, "favor.give", player="ares"), None)["favor.clear"] is None


@pytest.mark.parametrize("action", [a for a in SAMPLES])
def test_every_predicted_refusal_is_the_reducers_own_and_allowed_actions_pass_the_step(action):
    step_keys = {"kleos.err.now_belongs_table", "kleos.err.table_still_being_set", "kleos.err.contest_ended_after_dusk",
                 "kleos.err.confirm_dusk_sheet_first", "kleos.err.contest_over_ends_after"}
    for state in walk():
        reason = allowed(state, "athena")[action]
        try:
            act(state, action, **SAMPLES[action])
            refused = None
        except RuleError as err:
            refused = err.key
        where = (action, state["phase"], state["day"], reason, refused)
        if reason is None:  # allowed now: any refusal is about the sample's content, never the step
            assert refused not in step_keys, where
        elif reason.startswith("kleos.err."):  # the reducer's own refusal (or, for the step, one worded with values)
            assert refused == reason or {refused, reason} <= step_keys, where
        else:  # a phase rule the reducer words with values (or by the step it is in)
            assert refused in step_keys, where


def test_every_reason_is_translated_and_the_view_carries_it():
    texts = catalogue()
    keys = {reason for state in walk() for reason in allowed(state, None).values() if reason}
    assert keys and all(all(texts[k].get(lang) for lang in LANGS) for k in keys)
    state = walk()[0]
    assert GAME.view(state, "ares")["allowed"] == allowed(state, "ares")
    assert GAME.view(state, None)["next"]["phase"] == "deployment"
