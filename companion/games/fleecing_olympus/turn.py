"""One turn's frame: start it, pick the Target and roll, then settle the wager.

Powers and cards (their own modules) fill in the middle. Settling is the one
place a payment may fall short, and the one place Judgment and the Active
role move on.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus import ending
from companion.games.fleecing_olympus.rules import (
    die,
    left_of,
    pay_what_you_can,
    player,
    require_by,
    require_phase,
    right_of,
)
from companion.games.fleecing_olympus.wager import loser_and_winner, refresh


def start_turn(state: dict, active: str) -> None:
    """Open a blank turn for `active`; after the first one, hands are refilled to five first."""
    state["active"] = active
    state["turn_no"] += 1
    state["phase"] = "power"
    state["turn"] = {
        "no": state["turn_no"],
        "active": active,
        "refill": state["turn_no"] > 1,
        "power": None,
        "token": None,
        "target": None,
        "dice": None,
        "favour": None,
        "wager": None,
        "cards": [],
        "played": {},
        "cost_to": {},
        "free": [],
        "tribute_due": [],
        "hera_odd": None,
        "stopped": False,
    }


def roll(state: dict, event: dict) -> dict:
    """Handler: the Active player names a Target (never themself) and rolls both dice."""
    require_phase(state, "roll")
    turn = state["turn"]
    require_by(event, turn["active"])
    target = player(state, event.get("target"), "Target")
    if target == turn["active"]:
        raise RuleError("fleecing_olympus.err.active_player_target_someone")
    dice = event.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise RuleError("fleecing_olympus.err.roll_both_dice_enter")
    turn["target"] = target
    turn["dice"] = [die(dice[0]), die(dice[1])]
    refresh(turn)
    state["phase"] = "cards"
    return state


def stop(state: dict, event: dict) -> dict:
    """Handler: the Judgment holder ends the card play at once, which settles the wager."""
    require_phase(state, "cards")
    require_by(event, state["judgment"])
    if not state["turn"]["cards"]:
        raise RuleError("fleecing_olympus.err.stop_called_once_least")
    state["turn"]["stopped"] = True
    return _settle(state)


def resolve(state: dict, event: dict) -> dict:
    """Handler: everyone has passed; the Active player (or the tablet) settles the wager."""
    require_phase(state, "cards")
    require_by(event, state["turn"]["active"])
    return _settle(state)


def _settle(state: dict) -> dict:
    turn = state["turn"]
    payer, payee = loser_and_winner(turn)
    paid = pay_what_you_can(state, payer, turn["wager"], payee)
    next_active = left_of(state, turn["active"])
    # The loser takes Judgment even when they had nothing to hand over: making
    # it depend on the gems actually paid would tell everyone they were broke.
    holder = turn["hera_odd"] or payer
    if holder == next_active:
        holder = right_of(state, next_active)
    state["judgment"] = holder
    state["last"] = {
        "no": turn["no"],
        "active": turn["active"],
        "target": turn["target"],
        "favour": turn["favour"],
        "payer": payer,
        "payee": payee,
        "wager": turn["wager"],
        "paid": paid,
        "stopped": turn["stopped"],
        "hera_bonus": turn["hera_odd"],
    }
    if not ending.after_turn(state):
        start_turn(state, next_active)
    return state
