"""The round as the tablet runs it: setup, placement, then six phases per round.

Round initialization (skipped in round 1) -> income -> offerings -> maintenance
-> actions -> end of round. `phase.next` is the tablet's "continue" button; it
refuses to leave a phase that still waits on someone, and does the automatic
bits (rotating the gods, the free cards and Apollo's gold) on the way.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.cyclades import auction, checks, gods, gold, setup, tracker

WINNING_METROPOLISES = 3


def start(state: dict, event: dict) -> dict:
    """{order: factions, gods: face-up tiles}: the pawns' turn order and the god tiles as laid out."""
    checks.phase(state, "setup")
    checks.host(event)
    order = event.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(state["factions"]):
        raise RuleError("cyclades.err.turn_order_list_every")
    players = len(state["players"])
    state["gods"] = gods.lay_out(gods.check_layout(event.get("gods"), players))
    state["turn_order"] = list(order)
    state["checklist"] += setup.placement_steps(order, players == 2)
    state["phase"] = "placement"
    state["round"] = 1
    return state


def tick(state: dict, event: dict) -> dict:
    """{step, done}: a setup checklist line ticked or unticked."""
    checks.phase(state, "setup", "placement")
    line = next((s for s in state["checklist"] if s["id"] == event.get("step")), None)
    if line is None:
        raise RuleError("cyclades.err.setup_checklist_step", event=event.get('step'))
    line["done"] = bool(event.get("done", True))
    return state


def next_phase(state: dict, event: dict) -> dict:
    checks.host(event)
    step = {
        "placement": _to_income,
        "round_init": _to_income,
        "income": _to_offerings,
        "maintenance": _to_actions,
        "actions": _end_of_round,
    }.get(state["phase"])
    if step is None:
        raise RuleError({
            "setup": "cyclades.err.start_first",
            "offerings": "cyclades.err.pay_offerings_first",
            "over": "cyclades.err.game_over",
        }[state["phase"]])
    step(state, event)
    return state


def _to_income(state: dict, event: dict) -> None:
    state["phase"] = "income"
    state["income_done"] = []
    state["reminders"] = []


def _to_offerings(state: dict, event: dict) -> None:
    missing = [p for p in state["players"] if p not in state["income_done"]]
    if missing:
        raise RuleError("cyclades.err.enter_income_first_if", names=', '.join(missing))
    state["phase"] = "offerings"
    auction.open_offerings(state)


def _to_actions(state: dict, event: dict) -> None:
    missing = [p for p in state["players"] if p not in state["maintenance_done"]]
    if missing:
        raise RuleError("cyclades.err.still_choose_creatures_keep", names=', '.join(missing))
    off = state["offerings"]
    state["phase"] = "actions"
    state["actions"] = {"order": gods.action_order(state["gods"], off["winners"], off["apollo"]),
                        "current": 0, "bought": {}, "next_order": []}
    _begin_turn(state)


def _begin_turn(state: dict) -> None:
    """The free part of a god's gift that needs no choice: Athena's philosopher, Zeus's priestess, Apollo's gold."""
    acts = state["actions"]
    acts["bought"] = {}
    if acts["current"] >= len(acts["order"]):
        return
    faction, god = acts["order"][acts["current"]]
    if god == "athena":
        tracker.add_card(state, faction, "philosophers")
    elif god == "zeus":
        tracker.add_card(state, faction, "priestesses")
    elif god == gods.APOLLO:
        gold.apollo_gift(state, faction)


def finish_turn(state: dict, event: dict) -> dict:
    """{faction}: the acting faction is done; its pawn takes the lowest free slot of next round's order."""
    faction, _ = gold.current_turn(state)
    if event.get("faction") != faction:
        raise RuleError("cyclades.err.turn", faction=faction, named=event.get('faction'))
    checks.owner_or_host(event, state["factions"][faction])
    acts = state["actions"]
    acts["next_order"].insert(0, faction)
    acts["current"] += 1
    _begin_turn(state)
    return state


def _end_of_round(state: dict, event: dict) -> None:
    acts = state["actions"]
    if acts["current"] < len(acts["order"]):
        raise RuleError("cyclades.err.finished_turn_yet", order=acts['order'][acts['current']][0])
    if game_ends(state):
        state["phase"] = "over"
        state["result"] = {"winners": winners(state)}
        return
    state["round"] += 1
    state["turn_order"] = acts["next_order"]
    state["temples_used"] = {f: 0 for f in state["factions"]}
    removed, revealed = gods.rotate(state["gods"], event.get("revealed"))
    state["phase"] = "round_init"
    state["reminders"] = [
        setup.step("heroes", "reminder_heroes"),
        setup.step("creatures", "reminder_creatures"),
        setup.step("gods", "reminder_gods", removed=removed, revealed=revealed),
    ]


def game_ends(state: dict) -> bool:
    """Someone is out, or a faction holds 3 metropolises (l.183-190); in a 2-player game one colour
    must build all 3, as the rulebook gives no other count for a player's two colours."""
    records = state["tracker"].values()
    return any(r["eliminated"] for r in records) or any(
        r["metropolises"] >= WINNING_METROPOLISES for r in records
    )


def winners(state: dict) -> list[str]:
    """Most metropolises, then most gold; players still level share the victory (l.192). A 2-player
    seat counts its strongest faction (see `tracker.metropolis_score`) and its one shared purse."""
    alive = [p for p in state["players"] if not tracker.is_out(state, p)]
    best = max((tracker.metropolis_score(state, p), state["gold"][p]) for p in alive)
    return [p for p in alive if (tracker.metropolis_score(state, p), state["gold"][p]) == best]
