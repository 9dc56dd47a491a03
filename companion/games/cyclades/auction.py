"""The offerings auction: bids in turn order, outbid cascades, payment and the fine.

A bid the bidder's purse does not cover never stands: a public chip "cannot pay"
(or a fine at payment) would tell the table that purse. From the bidder's own
screen (a phone, or the tablet's private screen for a seat played there) the
refusal says why; from the tablet's public view it only says the bid was not
placed and that the bidder places it from their own screen. The fine at payment
stays for a purse that a later correction left short (a priestess taken back),
and whether a seat can pay is shown to that seat only (`game.view`).
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.cyclades import checks, tracker
from companion.games.cyclades.gods import APOLLO


def open_offerings(state: dict, attempt: int = 1, fined: list[str] | None = None) -> None:
    state["offerings"] = {
        "attempt": attempt,
        "bids": {},
        "apollo": [],
        "displaced": None,
        "can_pay": {},
        "fined": fined or [],
        "winners": None,
    }


def placed(offerings: dict) -> set[str]:
    return {b["faction"] for b in offerings["bids"].values()} | set(offerings["apollo"])


def next_bidder(state: dict) -> str | None:
    """The outbid faction if there is one (it bids again at once), else the first pawn still unplaced."""
    off = state["offerings"]
    if off["displaced"]:
        return off["displaced"]["faction"]
    done = placed(off)
    return next((f for f in state["turn_order"] if f not in done), None)


def dues(state: dict) -> dict[str, int]:
    """What each player owes: each faction's bid less one gold per priestess of that faction, never below
    zero (l.84); in a 2-player game a priestess lowers only her own faction's bid."""
    owed = {p: 0 for p in state["players"]}
    for b in state["offerings"]["bids"].values():
        faction = b["faction"]
        owed[state["factions"][faction]] += max(0, b["amount"] - state["tracker"][faction]["priestesses"])
    return owed


def refresh_can_pay(state: dict) -> None:
    off = state["offerings"]
    bidders = {state["factions"][f] for f in placed(off)}
    owed = dues(state)
    off["can_pay"] = {p: owed[p] <= state["gold"][p] for p in state["players"] if p in bidders}


def bid(state: dict, event: dict) -> dict:
    """{faction, god, amount}: a pawn placed on a god; god "apollo" takes no amount."""
    checks.phase(state, "offerings")
    faction = checks.faction(state, event)
    pid = state["factions"][faction]
    checks.owner_or_host(event, pid)
    off = state["offerings"]
    due = next_bidder(state)
    if faction != due:
        raise RuleError("cyclades.err.offering_turn", faction=due) if due else RuleError("cyclades.err.every_pawn_placed")
    god = event.get("god")
    barred = off["displaced"]["from"] if off["displaced"] else None
    if god == barred:
        raise RuleError("cyclades.err.just_outbid_choose_another", faction=faction, god=f"cyclades.god_{god}")
    if god == APOLLO:
        off["apollo"].append(faction)
        off["displaced"] = None
    else:
        _bid_on_god(state, faction, god, checks.whole(event, "amount", 1))
    if dues(state)[pid] > state["gold"][pid]:
        if event.get("by") == pid:
            raise RuleError("cyclades.err.cannot_afford_offering_once")
        raise RuleError("cyclades.err.bid_not_placed", pid=pid)
    refresh_can_pay(state)
    return state


def _bid_on_god(state: dict, faction: str, god: object, amount: int) -> None:
    off = state["offerings"]
    if god not in state["gods"]["up"]:
        raise RuleError("cyclades.err.god_offer_round", god=god)
    current = off["bids"].get(god)
    if current and amount <= current["amount"]:
        raise RuleError("cyclades.err.offering_stands_bid_more", god=f"cyclades.god_{god}", amount=current['amount'])
    off["displaced"] = {"faction": current["faction"], "from": god} if current else None
    off["bids"][god] = {"faction": faction, "amount": amount}


def unable(state: dict) -> list[str]:
    """Players whose purse does not cover what they owe, in seat order."""
    owed = dues(state)
    return [p for p in state["players"] if owed[p] > state["gold"][p]]


def settle(state: dict, event: dict) -> dict:
    """Everyone pays at once; if anyone cannot, they lose half their gold and the auction starts over."""
    checks.phase(state, "offerings")
    checks.host(event)
    if next_bidder(state) is not None:
        raise RuleError("cyclades.err.every_pawn_god_apollo")
    off = state["offerings"]
    short = unable(state)
    if short:
        for p in short:
            state["gold"][p] -= state["gold"][p] // 2
        open_offerings(state, off["attempt"] + 1, short)
        return state
    for p, n in dues(state).items():
        state["gold"][p] -= n
    off["winners"] = {god: b["faction"] for god, b in off["bids"].items()}
    state["phase"] = "maintenance"
    state["maintenance_done"] = [p for p in state["players"] if not tracker.creatures_of(state, p)]
    return state
