"""Step 4 of a turn: cards played one at a time, each paid for and resolved before the next.

The app does not know the 66 cards, only what each one does to what it
tracks: the wager (Legend/Fate), the dice, token, Target and Judgment
(Destiny), the bank (Greed), plus resisting and the Seed of Deceit.
A played card is entered with its type and its effects.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import (
    MAX_AMOUNT,
    acting_seat,
    die,
    flag,
    pay_exactly,
    player,
    require_phase,
    take_from_bank,
    whole,
)
from companion.games.fleecing_olympus.wager import WAGER_KINDS, counts, refresh

KINDS = ("legend", "fate", "destiny", "greed")
MAX_WAGER_CHANGE = 20
# Which tracked effects each card type can carry. The Seed of Deceit's type is
# not given by the rulebook, so cancelling is open to every type.
ALLOWED = {
    "legend": {"wager", "resist", "cancel"},
    "fate": {"wager", "resist", "cancel"},
    "destiny": {"flip", "reroll", "target", "judgment", "resist", "cancel"},
    "greed": {"take", "share", "cancel"},
}
EFFECTS = {"wager", "resist", "cancel", "flip", "reroll", "target", "judgment", "take", "share"}
OTHER = {"legend": "fate", "fate": "legend"}


def card(state: dict, event: dict) -> dict:
    """Handler: one card hits the table; its cost is paid first, then its effects apply."""
    require_phase(state, "cards")
    turn = state["turn"]
    seat = acting_seat(state, event)
    kind = event.get("kind")
    if kind not in KINDS:
        raise RuleError("Say which type of card it is: Legend, Fate, Destiny or Greed.")
    used = {k for k in EFFECTS & event.keys() if event[k] is not None and event[k] is not False}
    extra = sorted(used - ALLOWED[kind])
    if extra:
        raise RuleError(f"A {kind.title()} card cannot do that ({', '.join(extra)}).")
    resist = event.get("resist")
    if resist is not None and resist not in WAGER_KINDS:
        raise RuleError("A resist card turns down either the Legend or the Fate cards.")
    if kind in OTHER and resist is None and any(counts(c) and c["kind"] == OTHER[kind] for c in turn["cards"]):
        raise RuleError(f"No {kind.title()} card while a {OTHER[kind].title()} card is in play, unless it is resisted.")

    record = {"seat": seat, "kind": kind}
    _pay_cost(state, turn, seat, record)
    if flag(event.get("cancel", False), "cancelling the resist card"):
        _cancel(turn, record)
    if resist is not None:
        _resist(turn, resist, record)
    if "wager" in used:
        if resist is not None:
            raise RuleError("A resist card does not change the wager itself.")
        record["wager"] = whole(event["wager"], "The wager change", -MAX_WAGER_CHANGE, MAX_WAGER_CHANGE)
    if flag(event.get("flip", False), "turning the Even/Odd token"):
        turn["token"] = "odd" if turn["token"] == "even" else "even"
        record["flip"] = True
    if "reroll" in used:
        _reroll(turn, event, record)
    if "target" in used:
        _retarget(state, turn, event["target"], record)
    if "judgment" in used:
        record["judgment"] = state["judgment"] = player(state, event["judgment"], "player to receive Judgment")
    if "take" in used:
        record["take"] = whole(event["take"], "Gems to take", 1, MAX_AMOUNT)
        record["took"] = take_from_bank(state, seat, record["take"])
    if "share" in used:
        _share(state, event["share"], record)

    turn["cards"].append(record)
    turn["played"][seat] = turn["played"].get(seat, 0) + 1
    refresh(turn)
    return state


def _pay_cost(state: dict, turn: dict, seat: str, record: dict) -> None:
    """First card each turn is free; later ones cost a gem, to the bank or to Hera's pick."""
    free = not turn["played"].get(seat) or seat in turn["free"]
    record["cost"] = 0 if free else 1
    record["cost_to"] = turn["cost_to"].get(seat)
    if not free:
        pay_exactly(state, seat, 1, record["cost_to"], "another card this turn")


def _cancel(turn: dict, record: dict) -> None:
    last = turn["cards"][-1] if turn["cards"] else {}
    if not last.get("resist") or last.get("cancelled"):
        raise RuleError("The Seed of Deceit can only answer a resist card played just before it.")
    last["cancelled"] = True
    for index in last["turned"]:
        turn["cards"][index]["resisted"] = False
    record["cancel"] = True


def _resist(turn: dict, resisted: str, record: dict) -> None:
    turned = [i for i, c in enumerate(turn["cards"]) if c["kind"] == resisted and counts(c)]
    for index in turned:
        turn["cards"][index]["resisted"] = True
    record["resist"] = resisted
    record["turned"] = turned


def _reroll(turn: dict, event: dict, record: dict) -> None:
    """The card's player picks the die (or both); the Active player's re-roll is in `values`."""
    which, values = event["reroll"], event.get("values")
    if not isinstance(which, list) or not which or sorted(set(which)) != sorted(which) or not set(which) <= {0, 1}:
        raise RuleError("Re-roll the first die, the second, or both.")
    if not isinstance(values, list) or len(values) != len(which):
        raise RuleError("Give one new number per re-rolled die, or let the app roll.")
    for index, value in zip(which, values):
        turn["dice"][index] = die(value)
    record["reroll"] = list(which)
    record["values"] = list(values)


def _retarget(state: dict, turn: dict, value: object, record: dict) -> None:
    target = player(state, value, "Target")
    if target == turn["active"]:
        raise RuleError("The Active player can never become the Target.")
    turn["target"] = record["target"] = target


def _share(state: dict, shares: object, record: dict) -> None:
    """Gems handed from the bank to players the card's player chooses; only what the bank has."""
    if not isinstance(shares, dict) or not shares:
        raise RuleError("Say how many bank gems go to which player.")
    amounts = {player(state, p): whole(n, "Gems given", 1, MAX_AMOUNT) for p, n in shares.items()}
    if sum(amounts.values()) > state["bank"]:
        raise RuleError(f"The bank holds only {state['bank']} gem(s).")
    for who, amount in amounts.items():
        state["bank"] -= amount
        state["gems"][who] += amount
    record["share"] = amounts
