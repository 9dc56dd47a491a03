"""The public tracker: cards, buildings, metropolises, creatures and eliminations.

Everything here sits in front of the screens in the real game, so every seat
sees it. The board changes it in ways the app cannot follow (conquests, creature
effects), so the table corrects it by hand; the two automatic metropolis rules
(four philosophers, a full set of buildings) fire on every change.
"""
from __future__ import annotations

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


def add_card(state: dict, pid: str, kind: str) -> None:
    record = state["tracker"][pid]
    record[kind] += 1
    settle_metropolises(record)


def adjust(state: dict, event: dict) -> dict:
    """A correction read off the table: {player, item, delta}, item a card, building or metropolises."""
    checks.phase(state, "setup", "placement", "round_init", "income", "offerings", "maintenance", "actions")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    item, delta = event.get("item"), event.get("delta")
    if isinstance(delta, bool) or not isinstance(delta, int) or delta == 0:
        raise RuleError("cyclades.err.change_whole_number_other")
    record = state["tracker"][pid]
    holder = record["buildings"] if item in BUILDINGS else record if item in COUNTS else None
    if holder is None:
        raise RuleError("cyclades.err.tracker_use", item=item, names=', '.join(COUNTS + BUILDINGS))
    if holder[item] + delta < 0:
        raise RuleError("cyclades.err.would_go_below_zero", pid=pid, held=holder[item], item=item)
    holder[item] += delta
    settle_metropolises(record)
    return state


def creature(state: dict, event: dict) -> dict:
    """A creature figure gained or lost outside a purchase: {player, creature, delta: 1 or -1}."""
    checks.phase(state, "round_init", "income", "offerings", "maintenance", "actions")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    name, delta = event.get("creature"), event.get("delta")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("cyclades.err.name_creature")
    owned = state["tracker"][pid]["creatures"]
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
    """Maintenance: {player, keep: [names]}; each creature kept costs a priestess, the rest leave."""
    checks.phase(state, "maintenance")
    pid = checks.player(state, event)
    checks.owner_or_host(event, pid)
    if pid in state["maintenance_done"]:
        raise RuleError("cyclades.err.already_settled_creatures_round", pid=pid)
    keep = event.get("keep")
    record = state["tracker"][pid]
    if not isinstance(keep, list):
        raise RuleError("cyclades.err.list_creatures_keep_empty")
    pool = list(record["creatures"])
    for name in keep:
        if name not in pool:
            raise RuleError("cyclades.err.keep", pid=pid, name=name)
        pool.remove(name)
    if len(keep) > record["priestesses"]:
        raise RuleError("cyclades.err.keeping_creatures_takes_priestesses", count=len(keep), pid=pid,
                        priestesses=record["priestesses"])
    record["priestesses"] -= len(keep)
    record["creatures"] = list(keep)
    state["maintenance_done"].append(pid)
    return state


def eliminate(state: dict, event: dict) -> dict:
    """A player lost their last land area; the game will end with this round."""
    checks.phase(state, "actions")
    checks.host(event)
    pid = checks.player(state, event)
    if state["tracker"][pid]["eliminated"]:
        raise RuleError("cyclades.err.already_out_game", pid=pid)
    if sum(not r["eliminated"] for r in state["tracker"].values()) == 1:
        raise RuleError("cyclades.err.last_player_standing_cannot", pid=pid)
    state["tracker"][pid]["eliminated"] = True
    return state
