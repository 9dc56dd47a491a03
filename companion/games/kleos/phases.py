"""The Contest's clock: one 'next' press moves the table one step along it.

Play and Action are taken seat by seat, so each player's turn is its own step;
that lets a single button walk the whole day and lets the screen say whose turn
it is. The helpers at the bottom derive what the current step asks of the
players (its description, the Zeus' Pity list, reminders) for the view.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.kleos import tiebreak
from companion.games.kleos.state import (
    ACTION, DAYBREAK, DEPLOYMENT, DUSK, END, LAST_DAY, PLAY, SETUP, next_clockwise, turn_order,
)

# Zeus helps anyone this far behind the leader at Daybreak of days 2 to 5.
PITY_GAP = 5


def advance(state: dict) -> None:
    phase = state["phase"]
    if phase == END:
        raise RuleError("kleos.err.contest_over_ends_after", LAST_DAY=LAST_DAY, next_day=LAST_DAY + 1)
    if phase == SETUP:
        state["phase"] = DEPLOYMENT
    elif phase == DEPLOYMENT:
        state["phase"] = DAYBREAK
    elif phase == DAYBREAK:
        state["phase"], state["turn"] = PLAY, state["first_player"]
    elif phase in (PLAY, ACTION):
        _next_turn(state)
    elif not scored(state):
        raise RuleError("kleos.err.confirm_dusk_sheet_first")
    elif state["day"] == LAST_DAY:
        state["phase"] = END
        tiebreak.start(state)
    else:
        _new_day(state)


def _next_turn(state: dict) -> None:
    order = turn_order(state)
    if state["turn"] != order[-1]:
        state["turn"] = order[order.index(state["turn"]) + 1]
    elif state["phase"] == PLAY:
        state["phase"], state["turn"] = ACTION, order[0]
    else:
        state["phase"], state["turn"] = DUSK, None


def _new_day(state: dict) -> None:
    state["day"] += 1
    state["phase"] = DAYBREAK
    state["first_player"] = next_clockwise(state, state["first_player"])
    for player, series in state["glory_by_day"].items():
        series.append(state["glory"][player])


def scored(state: dict) -> bool:
    return state["dusk"] is not None and state["dusk"]["day"] == state["day"]


def pity(state: dict) -> list[str]:
    if state["phase"] != DAYBREAK or state["day"] == 1:
        return []
    leader = max(state["glory"].values())
    return [p for p in state["players"] if leader - state["glory"][p] >= PITY_GAP]


def phase_text(state: dict) -> str:
    """The i18n key of the one- or two-line summary of the current step."""
    if state["phase"] == DAYBREAK and state["day"] == 1:
        return "kleos.phase_text_daybreak_first"
    return f"kleos.phase_text_{state['phase']}"


def reminders(state: dict) -> list[str]:
    """i18n keys of the chores the current step brings, in the order they are done."""
    if state["phase"] == DAYBREAK:
        later_day = ["kleos.remind_tokens", "kleos.remind_populate"] + (["kleos.remind_pity"] if pity(state) else [])
        return ["kleos.remind_draw_divine"] + (later_day if state["day"] > 1 else [])
    if state["phase"] == DUSK:
        return ["kleos.remind_hand"] + ([] if scored(state) else ["kleos.remind_control"])
    return []
