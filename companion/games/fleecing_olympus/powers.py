"""Deity powers, step 1 of a turn: the side used sets the Even/Odd token.

Only powers that move gems, Judgment or card costs change the state; the
rest act on cards in hand, which the app does not track, so for them the
table just shows the text. The token always shows the side of the Active
player's own card, even when Zeus borrows a neighbour's power.
"""
from __future__ import annotations

from typing import Callable

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import (
    acting_seat,
    flag,
    left_of,
    pay_exactly,
    player,
    require_by,
    require_phase,
    right_of,
    side,
    take_from_bank,
    whole,
)

ZEUS_TAKE = 3
HERMES_MAX_PAY = 2

Effect = Callable[[dict, dict, str, dict, dict], None]


def _ares_even(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    to = player(state, event.get("to"), "player to receive Judgment")
    if to == user:
        raise RuleError("fleecing_olympus.err.power_hands_judgment_token")
    state["judgment"] = to
    record["to"] = to


def _ares_odd(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    turn["tribute_due"] = [p for p in state["players"] if p != user]
    record["tribute"] = {}


def _hera_even(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    pick = player(state, event.get("pick"), "player")
    if pick == user:
        raise RuleError("fleecing_olympus.err.pick_another_player_whose")
    turn["cost_to"][pick] = user
    record["pick"] = pick


def _hera_odd(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    turn["hera_odd"] = user


def _hermes_even(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    pay = whole(event.get("pay"), "fleecing_olympus.err.what_gems_paid_bank", 0, HERMES_MAX_PAY)
    pay_exactly(state, user, pay, None, "fleecing_olympus.err.what_power")
    record["pay"] = pay


def _hermes_odd(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    discard = flag(event.get("discard", True), "fleecing_olympus.err.what_discard_card")
    if discard:
        turn["free"].append(user)
    record["discard"] = discard


def _zeus_even(state: dict, turn: dict, user: str, event: dict, record: dict) -> None:
    record["draw"] = state["bank"] < ZEUS_TAKE
    record["took"] = take_from_bank(state, user, ZEUS_TAKE)


EFFECTS: dict[tuple[str, str], Effect] = {
    ("ares", "even"): _ares_even,
    ("ares", "odd"): _ares_odd,
    ("hera", "even"): _hera_even,
    ("hera", "odd"): _hera_odd,
    ("hermes", "even"): _hermes_even,
    ("hermes", "odd"): _hermes_odd,
    ("zeus", "even"): _zeus_even,
}


def power(state: dict, event: dict) -> dict:
    """Handler: the Active player uses the Even or Odd side of their deity."""
    require_phase(state, "power")
    turn = state["turn"]
    user = turn["active"]
    require_by(event, user)
    chosen = side(event.get("side"))
    deity = state["deities"][user]
    record = {"user": user, "deity": deity, "side": chosen, "borrowed": None}
    if (deity, chosen) == ("zeus", "odd"):
        deity, used = _borrow(state, user, event, record)
    else:
        used = chosen
    effect = EFFECTS.get((deity, used))
    if effect is not None:
        effect(state, turn, user, event, record)
    turn["power"] = record
    turn["token"] = chosen
    state["phase"] = "tribute" if turn["tribute_due"] else "roll"
    return state


def _borrow(state: dict, user: str, event: dict, record: dict) -> tuple[str, str]:
    """Zeus pays a neighbour one gem and uses one side of that neighbour's deity."""
    direction = event.get("neighbour")
    if direction not in ("left", "right"):
        raise RuleError("fleecing_olympus.err.zeus_borrows_neighbour_left")
    lender = left_of(state, user) if direction == "left" else right_of(state, user)
    borrowed = side(event.get("borrow"))
    pay_exactly(state, user, 1, lender, "fleecing_olympus.err.what_borrow_power")
    record["borrowed"] = {"from": lender, "deity": state["deities"][lender], "side": borrowed}
    return state["deities"][lender], borrowed


def tribute(state: dict, event: dict) -> dict:
    """Handler: under Ares' Odd power each other player pays one gem or buries a card."""
    require_phase(state, "tribute")
    turn = state["turn"]
    seat = acting_seat(state, event)
    if seat not in turn["tribute_due"]:
        raise RuleError("fleecing_olympus.err.player_tribute_answer_turn")
    pays = flag(event.get("pay"), "fleecing_olympus.err.what_pay_tribute_gem")
    if pays:
        pay_exactly(state, seat, 1, turn["power"]["user"], "fleecing_olympus.err.what_tribute")
    turn["power"]["tribute"][seat] = "gem" if pays else "card"
    turn["tribute_due"].remove(seat)
    if not turn["tribute_due"]:
        state["phase"] = "roll"
    return state
