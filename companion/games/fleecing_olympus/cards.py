"""Step 4 of a turn: cards played one at a time, each paid for and resolved before the next.

The app does not know the 66 cards, only what each one does to what it
tracks: the wager (Legend/Fate), the dice, token, Target and Judgment
(Destiny), the bank (Greed), plus resisting and the Seed of Deceit.
A played card is entered with its type and its effects.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.allowed import costs_gem
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
        raise RuleError("fleecing_olympus.err.say_type_card_legend")
    used = {k for k in EFFECTS & event.keys() if event[k] is not None and event[k] is not False}
    extra = sorted(used - ALLOWED[kind])
    if extra:
        raise RuleError("fleecing_olympus.err.card_cannot_do", kind=f"fleecing_olympus.kind_{kind}", names=', '.join(extra))
    resist = event.get("resist")
    if resist is not None and resist not in WAGER_KINDS:
        raise RuleError("fleecing_olympus.err.resist_card_turns_down")
    if kind in OTHER and resist is None and any(counts(c) and c["kind"] == OTHER[kind] for c in turn["cards"]):
        raise RuleError("fleecing_olympus.err.card_while_card_play", kind=f"fleecing_olympus.kind_{kind}",
                        kind2=f"fleecing_olympus.kind_{OTHER[kind]}")

    record = {"seat": seat, "kind": kind}
    _pay_cost(state, turn, seat, record)
    if flag(event.get("cancel", False), "fleecing_olympus.err.what_cancel_resist"):
        _cancel(turn, record)
    if resist is not None:
        _resist(turn, resist, record)
    if "wager" in used:
        if resist is not None:
            raise RuleError("fleecing_olympus.err.resist_card_does_change")
        record["wager"] = whole(event["wager"], "fleecing_olympus.err.what_wager_change", -MAX_WAGER_CHANGE, MAX_WAGER_CHANGE)
    if flag(event.get("flip", False), "fleecing_olympus.err.what_flip_token"):
        turn["token"] = "odd" if turn["token"] == "even" else "even"
        record["flip"] = True
    if "reroll" in used:
        _reroll(turn, event, record)
    if "target" in used:
        _retarget(state, turn, event["target"], record)
    if "judgment" in used:
        record["judgment"] = state["judgment"] = player(state, event["judgment"], "fleecing_olympus.err.what_judgment_player")
    if "take" in used:
        record["take"] = whole(event["take"], "fleecing_olympus.err.what_gems_take", 1, MAX_AMOUNT)
        record["took"] = take_from_bank(state, seat, record["take"])
    if "share" in used:
        _share(state, event["share"], record)

    turn["cards"].append(record)
    turn["played"][seat] = turn["played"].get(seat, 0) + 1
    refresh(turn)
    return state


def _pay_cost(state: dict, turn: dict, seat: str, record: dict) -> None:
    """First card each turn is free; later ones cost a gem, to the bank or to Hera's pick."""
    free = not costs_gem(turn, seat)
    record["cost"] = 0 if free else 1
    record["cost_to"] = turn["cost_to"].get(seat)
    if not free:
        pay_exactly(state, seat, 1, record["cost_to"], "fleecing_olympus.err.what_another_card")


def _cancel(turn: dict, record: dict) -> None:
    last = turn["cards"][-1] if turn["cards"] else {}
    if not last.get("resist") or last.get("cancelled"):
        raise RuleError("fleecing_olympus.err.seed_deceit_answer_resist")
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
        raise RuleError("fleecing_olympus.err.re_roll_first_die")
    if not isinstance(values, list) or len(values) != len(which):
        raise RuleError("fleecing_olympus.err.give_new_number_re")
    for index, value in zip(which, values):
        turn["dice"][index] = die(value)
    record["reroll"] = list(which)
    record["values"] = list(values)


def _retarget(state: dict, turn: dict, value: object, record: dict) -> None:
    target = player(state, value, "fleecing_olympus.err.what_target")
    if target == turn["active"]:
        raise RuleError("fleecing_olympus.err.active_player_never_become")
    turn["target"] = record["target"] = target


def _share(state: dict, shares: object, record: dict) -> None:
    """Gems handed from the bank to players the card's player chooses; only what the bank has."""
    if not isinstance(shares, dict) or not shares:
        raise RuleError("fleecing_olympus.err.say_how_many_bank")
    amounts = {player(state, p): whole(n, "fleecing_olympus.err.what_gems_given", 1, MAX_AMOUNT) for p, n in shares.items()}
    if sum(amounts.values()) > state["bank"]:
        raise RuleError("fleecing_olympus.err.bank_holds_gem", n=state['bank'])
    for who, amount in amounts.items():
        state["bank"] -= amount
        state["gems"][who] += amount
    record["share"] = amounts
