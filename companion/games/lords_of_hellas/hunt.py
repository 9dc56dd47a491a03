"""The hunt helper: wounds on the Monster tray, round after round.

Each attack must place at least one wound or the hunt fails at once; a failed
hunter may still take one reward from a wound they placed that shows an
Artifact or a Priest, so the helper lists exactly those (summary, pp. 12-13).
A beaten Monster gives the hunter the reward of every wound on its tray (the
published rulebook; our summary names only the failed hunter's). What is
collected goes straight onto the counts the table keeps (Priests in reserve,
Artifacts), and the hunt remembers it (`collected`) so every screen can say so.
"""
from __future__ import annotations

from companion.games.lords_of_hellas import victory
from companion.games.lords_of_hellas.guards import ensure_open, ensure_turn_actor
from companion.games.lords_of_hellas.refusal import refuse

REWARDS = ("none", "artifact", "priest")
COLLECTED = {"priest": "priests", "artifact": "artifacts"}  # a reward symbol -> the count it adds to
MAX_SLOTS = 12
MAX_NAME = 40


def claimable(hunt: dict) -> list[int]:
    """Tray slots a failed hunter may still claim from; empty once one is claimed."""
    if hunt["status"] != "failed" or hunt["claimed"] is not None:
        return []
    return [i for i, reward in enumerate(hunt["slots"]) if hunt["wounded"][i] and reward != "none"]


def collected(hunt: dict) -> dict[str, int]:
    """How many of each reward the hunter has collected from this hunt (Priests, Artifacts)."""
    rewards = [hunt["slots"][slot] for slot in hunt["collected"]]
    return {reward: rewards.count(reward) for reward in COLLECTED if reward in rewards}


def on_start(state: dict, event: dict) -> dict:
    ensure_open(state)
    hunter = ensure_turn_actor(state, event)
    if state["hunt"] is not None and state["hunt"]["status"] == "ongoing":
        raise refuse("lords_of_hellas.err_hunt_ongoing")
    monster = event.get("monster")
    if not isinstance(monster, str) or not monster.strip() or len(monster) > MAX_NAME:
        raise refuse("lords_of_hellas.err_bad_monster", maximum=MAX_NAME)
    slots = event.get("slots")
    if not isinstance(slots, list) or not 1 <= len(slots) <= MAX_SLOTS or any(s not in REWARDS for s in slots):
        raise refuse("lords_of_hellas.err_bad_tray", maximum=MAX_SLOTS)
    state["hunt"] = {
        "hunter": hunter,
        "monster": monster.strip(),
        "slots": list(slots),
        "wounded": [False] * len(slots),
        "attacks": 0,
        "status": "ongoing",
        "claimed": None,
        "collected": [],
    }
    return state


def on_attack(state: dict, event: dict) -> dict:
    hunt = _ongoing(state, event)
    wounds = event.get("wounds")
    if not isinstance(wounds, list) or not all(_is_slot(hunt, slot) for slot in wounds):
        raise refuse("lords_of_hellas.err_bad_wounds")
    if len(set(wounds)) != len(wounds):
        raise refuse("lords_of_hellas.err_bad_wounds")
    for slot in wounds:
        if hunt["wounded"][slot]:
            raise refuse("lords_of_hellas.err_already_wounded")
    hunt["attacks"] += 1
    if not wounds:
        hunt["status"] = "failed"
        return state
    for slot in wounds:
        hunt["wounded"][slot] = True
    if all(hunt["wounded"]):
        hunt["status"] = "defeated"
        state["tracks"][hunt["hunter"]]["monsters"] += 1
        for slot, reward in enumerate(hunt["slots"]):
            _collect(state, hunt, slot, reward)
        victory.check(state, hunt["hunter"])
    return state


def on_claim(state: dict, event: dict) -> dict:
    ensure_open(state)
    ensure_turn_actor(state, event)
    hunt = state["hunt"]
    if hunt is None or hunt["status"] != "failed":
        raise refuse("lords_of_hellas.err_no_failed_hunt")
    if hunt["claimed"] is not None:
        raise refuse("lords_of_hellas.err_already_claimed")
    slot = event.get("slot")
    if not _is_slot(hunt, slot) or slot not in claimable(hunt):
        raise refuse("lords_of_hellas.err_not_claimable")
    hunt["claimed"] = slot
    _collect(state, hunt, slot, hunt["slots"][slot])
    return state


def _collect(state: dict, hunt: dict, slot: int, reward: str) -> None:
    """One wound's reward onto the hunter's counts; `collected` keeps the wounds that gave one."""
    if reward in COLLECTED:
        state["tracks"][hunt["hunter"]][COLLECTED[reward]] += 1
        hunt["collected"].append(slot)


def _ongoing(state: dict, event: dict) -> dict:
    ensure_open(state)
    ensure_turn_actor(state, event)
    hunt = state["hunt"]
    if hunt is None or hunt["status"] != "ongoing":
        raise refuse("lords_of_hellas.err_no_hunt")
    return hunt


def _is_slot(hunt: dict, slot: object) -> bool:
    return isinstance(slot, int) and not isinstance(slot, bool) and 0 <= slot < len(hunt["slots"])
