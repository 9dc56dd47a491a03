"""Checks and moves every Fleecing Olympus handler shares: who may act, seats, gem payments.

A refused action must leave the table as it was, so helpers here only raise
before they change anything; the handler's deep copy takes care of the rest.
"""
from __future__ import annotations

from companion.core.access import TABLET as HOST
from companion.core.model import RuleError

START_GEMS = 20
SIDES = ("even", "odd")
MAX_AMOUNT = 100


def name(player: str) -> str:
    """How a player id reads in a message: 'caio_m' -> 'Caio M'."""
    return str(player).replace("_", " ").title()


def player(state: dict, value: object, what: str = "fleecing_olympus.err.what_player") -> str:
    if value not in state["players"]:
        raise RuleError("fleecing_olympus.err.called_table", what=what, value=value)
    return value  # type: ignore[return-value]


def require_by(event: dict, *allowed: str) -> None:
    """The tablet may act for anyone; a phone only for the players named in `allowed`."""
    by = event.get("by", HOST)
    if by != HOST and by not in allowed:
        if not allowed:
            raise RuleError("fleecing_olympus.err.tablet_only")
        raise RuleError("fleecing_olympus.err.tablet_do", who=", ".join(name(p) for p in allowed))


def acting_seat(state: dict, event: dict) -> str:
    """The player an action is for: the phone that sent it, or the one the tablet names."""
    by = event.get("by", HOST)
    seat = event.get("seat", None if by == HOST else by)
    if seat is None:
        raise RuleError("fleecing_olympus.err.say_player")
    seat = player(state, seat)
    require_by(event, seat)
    return seat


def left_of(state: dict, seat: str) -> str:
    """Seats run clockwise, so the player on the left is the next one in the list."""
    players = state["players"]
    return players[(players.index(seat) + 1) % len(players)]


def right_of(state: dict, seat: str) -> str:
    players = state["players"]
    return players[(players.index(seat) - 1) % len(players)]


def side(value: object) -> str:
    if value not in SIDES:
        raise RuleError("fleecing_olympus.err.choose_even_odd_side")
    return value  # type: ignore[return-value]


def whole(value: object, what: str, low: int = 0, high: int = MAX_AMOUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError("fleecing_olympus.err.whole_number", what=what, low=low, high=high)
    return value


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError("fleecing_olympus.err.say_yes", what=what)
    return value


def die(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RuleError("fleecing_olympus.err.die_shows_whole_number")
    return value


def pay_exactly(state: dict, payer: str, amount: int, to: str | None, why: str) -> None:
    """A fixed cost (a card, a power): refused outright when the payer cannot cover it.

    `to` None means the bank. Only a wager may be paid short, and that goes
    through `pay_what_you_can`.
    """
    if state["gems"][payer] < amount:
        raise RuleError("fleecing_olympus.err.cannot_pay_gem", payer=name(payer), n=amount, why=why)
    state["gems"][payer] -= amount
    if to is None:
        state["bank"] += amount
    else:
        state["gems"][to] += amount


def pay_what_you_can(state: dict, payer: str, amount: int, to: str) -> int:
    """A lost wager: the payer hands over up to `amount`, never going below zero."""
    paid = min(amount, state["gems"][payer])
    state["gems"][payer] -= paid
    state["gems"][to] += paid
    return paid


def take_from_bank(state: dict, taker: str, amount: int) -> int:
    """Greed and Zeus take what the bank holds, up to `amount`; nothing comes from the box."""
    took = min(amount, state["bank"])
    state["bank"] -= took
    state["gems"][taker] += took
    return took


def require_phase(state: dict, *phases: str) -> None:
    phase = state["phase"]
    if phase in phases:
        return
    raise RuleError(_PHASE_HINT.get(phase, "fleecing_olympus.err.not_now"))


_PHASE_HINT = {
    "opening": "fleecing_olympus.err.phase_opening",
    "power": "fleecing_olympus.err.phase_power",
    "tribute": "fleecing_olympus.err.phase_tribute",
    "roll": "fleecing_olympus.err.phase_roll",
    "cards": "fleecing_olympus.err.phase_cards",
    "over": "fleecing_olympus.err.phase_over",
}
