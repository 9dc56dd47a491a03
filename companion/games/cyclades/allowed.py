"""What the viewing device may do now, and why not: decided here so screens stop re-deciding rules.

Each answer is `None` (allowed) or a message key saying why not, so a button can
look disabled and explain itself. Only the viewer's own purse is ever consulted,
so the answers a seat receives reveal nothing about anyone else's gold; the
tablet (seat None) never gets a gold-based answer at all: the reducer decides there.
"""
from __future__ import annotations

from companion.games.cyclades.auction import next_bidder
from companion.games.cyclades.gods import APOLLO
from companion.games.cyclades.gold import HEROIC, ITEMS, griffins, next_heroic_price
from companion.games.cyclades.heroes import ledger, movers

# Phases in which the reducer takes tracker corrections (tracker.adjust).
TRACKER_PHASES = ("setup", "placement", "round_init", "income", "offerings", "maintenance", "actions")
Reason = str | None


def allowed(state: dict, seat: str | None) -> dict[str, Reason]:
    """`tracker.<player>` for each player; during a god's turn also `buy.<item>` for what that god
    sells (heroic moves per hero: `buy.heroic_move:<hero>`, as `shop` names them), `buy.creature`
    and `griffin`. `seat` is the viewer: None for the tablet, "" for a spectator."""
    out: dict[str, Reason] = {}
    for pid in state["players"]:
        out[f"tracker.{pid}"] = _tracker(state, seat, pid)
    turn = _turn(state)
    if turn is not None:
        faction, god = turn
        acting = state["factions"][faction]
        mine = seat is None or seat == acting
        purse = state["gold"].get(seat) if seat == acting else None
        for name, price in shop(state).items():
            out[f"buy.{name}"] = ("cyclades.why_not_your_turn" if not mine
                                  else "cyclades.why_sold_out" if price is None
                                  else "cyclades.why_short" if purse is not None and price > purse else None)
        creature = "cyclades.why_not_your_turn" if not mine else "cyclades.why_apollo" if god == APOLLO else None
        out["buy.creature"] = creature
        out["griffin"] = creature or (None if griffins(state) else "cyclades.why_buy_griffin")
    return out


def offer_limit(state: dict, seat: str | None) -> int | None:
    """The largest offering the viewer's phone may place now: its own purse plus the bidding faction's
    priestesses, less what its other pawns already owe (the reducer refuses more from a phone). None for
    the tablet, whose bids may stand unpaid until the fine."""
    if seat is None:
        return None
    bidder = next_bidder(state)
    own = [b for b in state["offerings"]["bids"].values()
           if state["factions"][b["faction"]] == seat and b["faction"] != bidder]
    others = sum(max(0, b["amount"] - state["tracker"][b["faction"]]["priestesses"]) for b in own)
    discount = state["tracker"][bidder]["priestesses"] if state["factions"].get(bidder) == seat else 0
    return state["gold"][seat] + discount - others


def shop(state: dict) -> dict[str, int | None]:
    """What the acting god sells this turn and the next price of each (None when the turn's limit is
    reached); heroic moves are priced per hero, under `heroic_move:<hero>`. Public: everyone sees
    the purchases on the board."""
    turn = _turn(state)
    if turn is None:
        return {}
    god, bought = turn[1], state["actions"]["bought"]
    out: dict[str, int | None] = {}
    for name, item in ITEMS.items():
        if god not in item.gods:
            continue
        if name == HEROIC:
            out.update({ledger(hero): next_heroic_price(state, hero) for hero in movers(god, APOLLO)})
            continue
        done = bought.get(name, 0)
        out[name] = None if item.limit is not None and done >= item.limit else item.price(done)
    return out


def _turn(state: dict) -> tuple[str, str] | None:
    if state["phase"] != "actions":
        return None
    acts = state["actions"]
    if acts["current"] >= len(acts["order"]):
        return None
    faction, god = acts["order"][acts["current"]]
    return faction, god


def _tracker(state: dict, seat: str | None, pid: str) -> Reason:
    if seat not in (None, pid):
        return "cyclades.why_not_yours"
    if state["phase"] not in TRACKER_PHASES:
        return "cyclades.why_not_now"
    return None
