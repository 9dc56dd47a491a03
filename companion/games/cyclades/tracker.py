"""The public tracker: cards, buildings, metropolises, creatures and eliminations.

Everything here sits in front of the screens in the real game, so every seat
sees it. The board changes it in ways the app cannot follow (conquests, creature
effects), so the table corrects it by hand; the two automatic metropolis rules
(four philosophers, a full set of buildings) fire on every change.

Records are kept per faction: in a 2-player game the rulebook shares only the
gold between a player's two colours, so each colour has its own cards,
buildings and metropolises. With 3 to 5 players a faction id is its player id,
so a record per faction is a record per player.
"""
from __future__ import annotations

from typing import Callable

from companion.core.model import RuleError
from companion.games.cyclades import checks
from companion.games.cyclades.setup import BUILDINGS

COUNTS = ("priestesses", "philosophers", "metropolises")
PHILOSOPHERS_PER_METROPOLIS = 4


def settle_metropolises(record: dict) -> int:
    """Turn four philosophers, or one of each building, into a metropolis; returns how many were built."""
    from_philosophers, record["philosophers"] = divmod(record["philosophers"], PHILOSOPHERS_PER_METROPOLIS)
    sets = min(record["buildings"][b] for b in BUILDINGS)
    for b in BUILDINGS:
        record["buildings"][b] -= sets
    built = from_philosophers + sets
    record["metropolises"] += built
    return built


def add_card(state: dict, faction: str, kind: str) -> None:
    record = state["tracker"][faction]
    record[kind] += 1
    settle_metropolises(record)


def factions_of(state: dict, pid: str) -> list[str]:
    """The player's factions in seat order: one, or two in a 2-player game."""
    return [f for f, owner in state["factions"].items() if owner == pid]


def total(state: dict, pid: str, item: str) -> int:
    """A card count over all the player's factions (what a phone shows beside its purse)."""
    return sum(state["tracker"][f][item] for f in factions_of(state, pid))


def creatures_of(state: dict, pid: str) -> list[str]:
    return [c for f in factions_of(state, pid) for c in state["tracker"][f]["creatures"]]


def is_out(state: dict, pid: str) -> bool:
    return any(state["tracker"][f]["eliminated"] for f in factions_of(state, pid))


def metropolis_score(state: dict, pid: str) -> int:
    """The player's metropolises as the end of the game counts them: their strongest faction's.

    The rulebook's goal (3 metropolises) is reached by one colour on the board;
    with 3 to 5 players this is simply the player's own count."""
    return max(state["tracker"][f]["metropolises"] for f in factions_of(state, pid))


def faction_for(state: dict, event: dict, pid: str, fits: Callable[[dict], bool] = lambda r: True) -> str:
    """The faction an event about `pid`'s tracker means: the one it names, which must be the player's.

    Events saved before records were kept per faction name only the player; they
    go to the player's first faction whose record `fits` the change (else the
    first), so an old 2-player table still replays."""
    owned = factions_of(state, pid)
    if event.get("faction") is not None:
        fid = checks.faction(state, event)
        if fid not in owned:
            raise RuleError("cyclades.err.faction_not_players", fid=fid, pid=pid)
        return fid
    return next((f for f in owned if fits(state["tracker"][f])), owned[0])


def _holder(record: dict, item: object) -> dict | None:
    return record["buildings"] if item in BUILDINGS else record if item in COUNTS else None


def adjust(state: dict, event: dict) -> dict:
    """A correction read off the table: {player, faction?, item, delta}, item a card, building or metropolises."""
    checks.phase(state, "setup", "placement", "round_init", "income", "offerings", "maintenance", "actions")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    item, delta = event.get("item"), event.get("delta")
    if isinstance(delta, bool) or not isinstance(delta, int) or delta == 0:
        raise RuleError("cyclades.err.change_whole_number_other")
    if item not in COUNTS + BUILDINGS:
        raise RuleError("cyclades.err.tracker_use", item=item, names=', '.join(COUNTS + BUILDINGS))
    fid = faction_for(state, event, pid, lambda r: _holder(r, item)[item] + delta >= 0)
    record = state["tracker"][fid]
    holder = _holder(record, item)
    if holder[item] + delta < 0:
        raise RuleError("cyclades.err.would_go_below_zero", pid=fid, held=holder[item], item=item)
    holder[item] += delta
    settle_metropolises(record)
    return state


def creature(state: dict, event: dict) -> dict:
    """A creature figure gained or lost outside a purchase: {player, faction?, creature, delta: 1 or -1}."""
    checks.phase(state, "round_init", "income", "offerings", "maintenance", "actions")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    name, delta = event.get("creature"), event.get("delta")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("cyclades.err.name_creature")
    fid = faction_for(state, event, pid, lambda r: delta != -1 or name in r["creatures"])
    owned = state["tracker"][fid]["creatures"]
    if delta == 1:
        owned.append(name)
    elif delta == -1:
        if name not in owned:
            raise RuleError("cyclades.err.lose", pid=pid, name=name)
        owned.remove(name)
    else:
        raise RuleError("cyclades.err.creature_gained_lost_time")
    return state


def keep_creatures(state: dict, event: dict) -> dict:
    """Maintenance: {player, keep: [names]}; each creature kept costs a priestess, the rest leave.

    In a 2-player game a creature belongs to the faction that took it, and that
    faction's priestesses pay to keep it (cards are the faction's own, l.26-28);
    the player settles both factions with one answer."""
    checks.phase(state, "maintenance")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    if pid in state["maintenance_done"]:
        raise RuleError("cyclades.err.already_settled_creatures_round", pid=pid)
    keep = event.get("keep")
    if not isinstance(keep, list):
        raise RuleError("cyclades.err.list_creatures_keep_empty")
    pools = {f: list(state["tracker"][f]["creatures"]) for f in factions_of(state, pid)}
    kept: dict[str, list[str]] = {f: [] for f in pools}
    for name in keep:
        fid = next((f for f, pool in pools.items() if name in pool), None)
        if fid is None:
            raise RuleError("cyclades.err.keep", pid=pid, name=name)
        pools[fid].remove(name)
        kept[fid].append(name)
    for fid, names in kept.items():
        held = state["tracker"][fid]["priestesses"]
        if len(names) > held:
            raise RuleError("cyclades.err.keeping_creatures_takes_priestesses", count=len(names), pid=fid,
                            priestesses=held)
    for fid, names in kept.items():
        state["tracker"][fid]["priestesses"] -= len(names)
        state["tracker"][fid]["creatures"] = names
    state["maintenance_done"].append(pid)
    return state


def eliminate(state: dict, event: dict) -> dict:
    """A player lost their last land area; the game will end with this round."""
    checks.phase(state, "actions")
    checks.host(event)
    pid = checks.player(state, event)
    if is_out(state, pid):
        raise RuleError("cyclades.err.already_out_game", pid=pid)
    if sum(not is_out(state, p) for p in state["players"]) == 1:
        raise RuleError("cyclades.err.last_player_standing_cannot", pid=pid)
    for fid in factions_of(state, pid):
        state["tracker"][fid]["eliminated"] = True
    return state
