"""One pure handler per Kleos event type.

Each handler receives a deep copy of the state (GameBase.apply), checks every
input before it writes anything, and raises RuleError with a sentence a
player can act on. Undo is the hub's job, so nothing here remembers history
beyond the Glory log the screen shows.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.kleos import drafts, phases, tiebreak
from companion.games.kleos.scoring import LOCATION_GLORY, controllers, read_board
from companion.games.kleos.setup import CHECKLIST, read_temples, temple_one
from companion.games.kleos.state import (
    ACTION, DAYBREAK, DEPLOYMENT, DUSK, END, PLAY, SETUP, change_glory, label, require_phase, require_player,
)

# Reasons with a fixed Glory step (rulebook Glory chart); the amount must be a whole number of steps.
STEPPED_REASONS: dict[str, int] = {"recruit": 1, "kill": 1, "champion": 2, "slaughter": 1}
# Reasons whose amount the players state, either sign.
FREE_REASONS: tuple[str, ...] = ("card", "correction")
# Written only by dusk.score, so the final-day tie-break can trust it.
CONTROL_REASON = "control"
MAX_STEP = 50
MAX_TEXT = 40
LIVE = (DEPLOYMENT, DAYBREAK, PLAY, ACTION, DUSK)


def _text(event: dict, key: str, what: str) -> str:
    value = event.get(key) or ""
    if not isinstance(value, str) or len(value.strip()) > MAX_TEXT:
        raise RuleError("kleos.err.text_most_characters", what=what, MAX_TEXT=MAX_TEXT)
    return value.strip()


def setup_check(state: dict, event: dict) -> dict:
    require_phase(state, SETUP)
    item, done = event.get("item"), event.get("done")
    if item not in CHECKLIST:
        raise RuleError("kleos.err.setup_checklist", names=', '.join(CHECKLIST), item=item)
    if not isinstance(done, bool):
        raise RuleError("kleos.err.tick_untick_done_true")
    if state["checklist"][item] == done:
        raise RuleError("kleos.err.already_ticked" if done else "kleos.err.already_unticked")
    state["checklist"][item] = done
    return state


def setup_temples(state: dict, event: dict) -> dict:
    require_phase(state, SETUP)
    temples = read_temples(event.get("temples"), state["players"])
    if temples == state["temples"]:
        raise RuleError("kleos.err.temples_already_stand_exactly")
    state["temples"] = temples
    state["first_player"] = temple_one(temples)
    return state


def first_player_set(state: dict, event: dict) -> dict:
    require_phase(state, SETUP, DEPLOYMENT, DAYBREAK)
    player = require_player(state, event.get("player"))
    if player == state["first_player"]:
        raise RuleError("kleos.err.already_holds_first_player", player=label(player))
    state["first_player"] = player
    return state


def phase_next(state: dict, event: dict) -> dict:
    phases.advance(state)
    return state


def glory_add(state: dict, event: dict) -> dict:
    require_phase(state, *LIVE)
    player = require_player(state, event.get("player"))
    reason = event.get("reason")
    if reason == CONTROL_REASON:
        raise RuleError("kleos.err.glory_holding_city_locations")
    if reason not in STEPPED_REASONS and reason not in FREE_REASONS:
        raise RuleError("kleos.err.pick_reason", names=', '.join([*STEPPED_REASONS, *FREE_REASONS]))
    amount = event.get("amount", STEPPED_REASONS.get(reason))
    if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0 or abs(amount) > MAX_STEP:
        raise RuleError("kleos.err.glory_changes_whole_number", MAX_STEP=MAX_STEP)
    step = STEPPED_REASONS.get(reason)
    if step is not None and (amount < 0 or amount % step):
        raise RuleError("kleos.err.glory_comes_steps_use", reason=f"kleos.reason_{reason}", step=step)
    also = _also(event, reason)
    change_glory(state, player, amount, reason, _text(event, "note", "kleos.err.what_note"))
    if also:
        change_glory(state, player, STEPPED_REASONS[also], also)
    return state


def _also(event: dict, reason: str) -> str | None:
    """A second stepped reason scored in the same change: a kill that is also a Slaughter is
    one tap, one undo, and two lines of the Glory log (so "where Glory came from" counts both)."""
    also = event.get("also")
    if also is None:
        return None
    if also not in STEPPED_REASONS or reason not in STEPPED_REASONS or also == reason:
        raise RuleError("kleos.err.also_stepped", names=", ".join(STEPPED_REASONS))
    if "amount" in event and event["amount"] != STEPPED_REASONS[reason]:
        raise RuleError("kleos.err.also_one_step")
    return also


def favor_give(state: dict, event: dict) -> dict:
    require_phase(state, *LIVE)
    player = require_player(state, event.get("player"))
    holder = {"player": player, "minion": _text(event, "minion", "kleos.err.what_minion_name") or None}
    if state["favor"] == holder:
        raise RuleError("kleos.err.already_holds_olympus_favor", player=label(player))
    state["favor"] = holder
    return state


def favor_clear(state: dict, event: dict) -> dict:
    require_phase(state, *LIVE)
    if state["favor"] is None:
        raise RuleError("kleos.err.nobody_holds_olympus_favor")
    state["favor"] = None
    return state


def dusk_score(state: dict, event: dict) -> dict:
    require_phase(state, DUSK)
    if phases.scored(state):
        raise RuleError("kleos.err.dusk_already_scored_undo")
    board = read_board(event.get("board"))
    for presence in board.values():
        for player in presence:
            require_player(state, player)
    owners = controllers(board)
    earned = {player: 0 for player in state["players"]}
    for loc, owner in owners.items():
        if owner is not None:
            earned[owner] += LOCATION_GLORY[loc]
            change_glory(state, owner, LOCATION_GLORY[loc], CONTROL_REASON, loc)
    state["dusk"] = {
        "day": state["day"],
        "board": {loc: {p: list(v) for p, v in presence.items()} for loc, presence in board.items()},
        "controllers": owners,
        "glory": earned,
    }
    return state


def tiebreak_answer(state: dict, event: dict) -> dict:
    require_phase(state, END)
    drafts.check_answers(state, event.get("values"))
    tiebreak.answer(state, event.get("criterion"), event.get("values"))
    return state
