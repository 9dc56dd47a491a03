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
    assert may["glory.add"] == may["favor.give"] == "kleos.why_setup"
    assert may["setup.check"] is None and may["first_player.set"] is None and may["phase.next"] is None


def test_dusk_blocks_next_until_scored_then_blocks_scoring():
    state = next(s for s in walk() if s["phase"] == "dusk")
    assert allowed(state, "ares")["phase.next"] == "kleos.why_dusk_unscored"
    assert allowed(state, "ares")["dusk.score"] is None
    done = act(state, "dusk.score", board={})
    assert allowed(done, "ares")["phase.next"] is None
    assert allowed(done, "ares")["dusk.score"] == "kleos.why_scored"


def test_favor_clear_needs_a_holder():
    state = next(s for s in walk() if s["phase"] == "play")
    assert allowed(state, None)["favor.clear"] == "kleos.why_no_favor"
    assert allowed(act(state, "favor.give", player="ares"), None)["favor.clear"] is None


@pytest.mark.parametrize("action", [a for a in SAMPLES])
def test_every_predicted_refusal_is_a_real_one_and_every_allowed_action_passes_the_phase(action):
    for state in walk():
        reason = allowed(state, "athena")[action]
        try:
            act(state, action, **SAMPLES[action])
            refused = None
        except RuleError as err:
            refused = err.message
        if reason is not None:
            assert refused is not None, (action, state["phase"], state["day"], reason)
        elif refused is not None:  # allowed now: any refusal is about the sample's content, never the step
            assert not any(w in refused for w in ("Not now", "still being set up", "Contest ended", "Confirm the Dusk"))


def test_every_reason_is_translated_and_the_view_carries_it():
    texts = catalogue()
    keys = {reason for state in walk() for reason in allowed(state, None).values() if reason}
    assert keys and all(all(texts[k].get(lang) for lang in LANGS) for k in keys)
    state = walk()[0]
    assert GAME.view(state, "ares")["allowed"] == allowed(state, "ares")
    assert GAME.view(state, None)["next"]["phase"] == "deployment"
