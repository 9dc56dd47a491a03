"""Hidden gold: income, purchases, gifts and theft, each checked against the purse.

Gold is the one secret in Cyclades. The purse lives in the state but `view`
shows it only to its owner, so the checks run here in the reducer and a refusal
names the price, never the purse.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.core.model import RuleError
from companion.core.plain import copy_state
from companion.i18n import LANGS, t
from companion.games.cyclades import checks, tracker
from companion.games.cyclades.gods import APOLLO, TILES
from companion.games.cyclades.heroes import HEROES, heroic_price, ledger, movers

APOLLO_GOLD = 2
NOT_APOLLO = frozenset(TILES)


@dataclass(frozen=True)
class Item:
    """Something bought with gold during a god's turn.

    `price(n)` is the cost of the n-th purchase this turn (0-based), so rising
    prices (troops 2/3/4...) need no special case. Heroic moves climb one ladder
    per hero instead (see `heroes`), so their `price` is only the first rung.
    """

    gods: frozenset[str]
    price: Callable[[int], int]
    limit: int | None = None


def ladder(*costs: int) -> Callable[[int], int]:
    return lambda n: costs[n]


ITEMS: dict[str, Item] = {
    "troop": Item(frozenset({"ares"}), ladder(2, 3, 4), 3),
    "land_move": Item(frozenset({"ares"}), lambda n: 1),
    "fleet": Item(frozenset({"poseidon"}), ladder(1, 2, 3), 3),
    "sea_move": Item(frozenset({"poseidon"}), lambda n: 1),
    "mercenary": Item(frozenset({"hera"}), ladder(1, 3, 5), 3),
    "hero": Item(frozenset({"hera"}), lambda n: 4),
    "philosopher": Item(frozenset({"athena"}), lambda n: 4, 1),
    "priestess": Item(frozenset({"zeus"}), lambda n: 4, 1),
    "top_creature": Item(frozenset({"zeus"}), lambda n: 1, 1),
    "heroic_move": Item(NOT_APOLLO - {"ares"} | {APOLLO}, lambda n: n + 1),  # under Apollo, Leto only
}
HEROIC = "heroic_move"
GRIFFIN = "griffin"  # the one creature card whose effect reaches a secret: bought, then used once this turn
TOP_CREATURE = "top_creature"
CARDS = {"philosopher": "philosophers", "priestess": "priestesses"}


def current_turn(state: dict) -> tuple[str, str]:
    """(faction, god) of the turn being played; a RuleError between turns."""
    checks.phase(state, "actions")
    acts = state["actions"]
    if acts["current"] >= len(acts["order"]):
        raise RuleError("cyclades.err.every_god_acted_round")
    faction, god = acts["order"][acts["current"]]
    return faction, god


def acting_player(state: dict, event: dict) -> tuple[str, str]:
    """The player whose faction is acting, checked against the event's player and sender."""
    faction, god = current_turn(state)
    pid = checks.player(state, event)
    if state["factions"][faction] != pid:
        raise RuleError("cyclades.err.turn_spend_during_own", faction=faction, pid=pid)
    checks.owner_or_host(event, pid)
    return pid, god


def acting_faction(state: dict) -> str:
    """The faction whose god turn it is: what it buys or builds is its own, not its partner's."""
    return current_turn(state)[0]


def counted(item: str, n: int) -> dict[str, str]:
    """An item's name in each language for `n` of it ("1 troop", "2 troops"), as a refusal words it."""
    return {lang: t(f"cyclades.item_{item}", lang, n=n) for lang in LANGS}


def pay(state: dict, pid: str, cost: int, item: str | None = None, count: int = 1) -> None:
    """Take `cost` from the purse; the refusal names `count` of `item`, or a creature when no item is given."""
    if cost > state["gold"][pid]:
        if item is None:
            raise RuleError("cyclades.err.cannot_afford_creature", pid=pid, cost=cost)
        raise RuleError("cyclades.err.cannot_afford_costs_gold", pid=pid, count=count, item=counted(item, count),
                        cost=cost)
    state["gold"][pid] -= cost


def income(state: dict, event: dict) -> dict:
    """Income phase: {player, prosperity}; one gold per prosperity symbol the player controls."""
    checks.phase(state, "income")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    if pid in state["income_done"]:
        raise RuleError("cyclades.err.income_already_round", pid=pid)
    state["gold"][pid] += checks.whole(event, "prosperity")
    state["income_done"].append(pid)
    return state


def spend(state: dict, event: dict) -> dict:
    """A purchase during the owner's god turn: {player, item, count}."""
    pid, god = acting_player(state, event)
    name = event.get("item")
    item = ITEMS.get(name)
    if item is None:
        raise RuleError("cyclades.err.nothing_called_sale_choose", name=name, names=', '.join(ITEMS))
    if god not in item.gods:
        raise RuleError("cyclades.err.does_offer", god=f"cyclades.god_{god}", name=f"cyclades.item_{name}")
    count = checks.whole(event, "count", 1) if "count" in event else 1
    if name == HEROIC:
        return _heroic_move(state, event, pid, god, count)
    bought = state["actions"]["bought"]
    done = bought.get(name, 0)
    if item.limit is not None and done + count > item.limit:
        raise RuleError("cyclades.err.most_bought_turn", limit=item.limit, name=counted(name, item.limit))
    creature = event.get("creature")
    if creature is not None and name != TOP_CREATURE:
        raise RuleError("cyclades.err.creature_only_with_card", item=f"cyclades.item_{name}")
    pay(state, pid, sum(item.price(done + i) for i in range(count)), name, count)
    bought[name] = done + count
    _one_shot(state, creature)
    if name in CARDS:
        tracker.add_card(state, acting_faction(state), CARDS[name])
    return state


def _heroic_move(state: dict, event: dict, pid: str, god: str, count: int) -> dict:
    """{hero}: each hero climbs its own price ladder this turn; Pericles always pays 1."""
    hero = event.get("hero")
    if hero not in HEROES:
        raise RuleError("cyclades.err.which_hero", names=", ".join(HEROES))
    if hero not in movers(god, APOLLO):
        raise RuleError("cyclades.err.apollo_only_leto")
    bought = state["actions"]["bought"]
    moved = bought.get(ledger(hero), 0)
    pay(state, pid, sum(heroic_price(hero, moved + i) for i in range(count)), HEROIC, count)
    bought[ledger(hero)] = moved + count
    return state


def next_heroic_price(state: dict, hero: str) -> int:
    """What `hero`'s next heroic move costs in the turn being played (for the purse's button)."""
    return heroic_price(hero, state["actions"]["bought"].get(ledger(hero), 0))


def buy_creature(state: dict, event: dict) -> dict:
    """{player, price, standee?}: the track's price less what the player's temples still give this round."""
    pid, god = acting_player(state, event)
    if god == APOLLO:
        raise RuleError("cyclades.err.apollo_guests_cannot_buy")
    price = checks.whole(event, "price", 1)
    faction = acting_faction(state)
    discount = temple_discount(state, faction, price)
    creature = event.get("creature")
    if creature is not None and event.get("standee") is not None:
        raise RuleError("cyclades.err.griffin_has_no_figure")
    pay(state, pid, price - discount)
    state["temples_used"][faction] += discount
    _one_shot(state, creature)
    standee = event.get("standee")
    if standee is not None:
        if not isinstance(standee, str) or not standee.strip():
            raise RuleError("cyclades.err.name_creature_whose_figure")
        state["tracker"][faction]["creatures"].append(standee)
    return state


def _one_shot(state: dict, creature: object) -> None:
    """A creature card played now (bought off the track or off the deck): its one use this turn."""
    if creature is None:
        return
    if creature != GRIFFIN:
        raise RuleError("cyclades.err.unknown_one_shot", creature=creature, names=GRIFFIN)
    bought = state["actions"]["bought"]
    bought[GRIFFIN] = bought.get(GRIFFIN, 0) + 1


def griffins(state: dict) -> int:
    """Griffins bought in the turn being played and not used yet."""
    return state["actions"]["bought"].get(GRIFFIN, 0)


def temple_discount(state: dict, faction: str, price: int) -> int:
    """Gold off a creature at `price`: one per temple of the buying faction's not yet used this round
    (l.251: the temples you control; a partner colour's temples are not the buyer's)."""
    temples = state["tracker"][faction]["buildings"]["temple"]
    return min(price, max(0, temples - state["temples_used"][faction]))


def gain(state: dict, event: dict) -> dict:
    """Gold from anything but income: {player, amount, reason} (a metropolis bonus, a creature...)."""
    checks.phase(state, "placement", "round_init", "income", "offerings", "maintenance", "actions")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    state["gold"][pid] += checks.whole(event, "amount", 1)
    return state


def steal_half(state: dict, event: dict) -> dict:
    """The Griffin: {player, victim}; half the victim's gold, rounded down, changes hands unseen.

    As on the board, only a Griffin bought in this very turn (and not used yet) does it: the
    amount tells the thief the victim's purse, a secret no phone may learn for free.
    """
    pid, god = acting_player(state, event)
    if god == APOLLO:
        raise RuleError("cyclades.err.apollo_guests_cannot_use")
    victim = checks.player(state, event, "victim")
    if victim == pid:
        raise RuleError("cyclades.err.griffin_robs_another_player")
    if not griffins(state):
        raise RuleError("cyclades.err.griffin_not_bought", pid=pid)
    state["actions"]["bought"][GRIFFIN] -= 1
    taken = state["gold"][victim] // 2
    state["gold"][victim] -= taken
    state["gold"][pid] += taken
    return state


def with_taken(state: dict, event: dict) -> dict:
    """The Griffin's event with the gold it moves: the thief's and victim's secret, so the victim can be
    told how much (a refused one is left as it came, for the reducer to refuse)."""
    try:
        after = steal_half(copy_state(state), event)
    except RuleError:
        return event
    return {**event, "taken": after["gold"][event["player"]] - state["gold"][event["player"]]}


def apollo_gift(state: dict, faction: str) -> None:
    state["gold"][state["factions"][faction]] += APOLLO_GOLD
