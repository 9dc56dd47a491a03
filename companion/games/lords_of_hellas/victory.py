"""The victory watch: four ways to win, any of which ends the game at once.

Three conditions are counts the table keeps up to date (Lands, Regions with
Temples, Monsters defeated); King of Kings is a countdown owned by the
Monuments module, which calls `declare` when it runs out.
"""
from __future__ import annotations

CONDITIONS = ("warlord", "favoured", "slayer", "king_of_kings")
# Which tracked count each counted condition reads.
COUNTED = {"warlord": "lands", "favoured": "temples", "slayer": "monsters"}
# Defaults from the summary, page 5; Warlord varies with the player count there.
DEFAULT_THRESHOLDS = {"warlord": 2, "favoured": 5, "slayer": 3}


def declare(state: dict, player: str, condition: str) -> None:
    state["winner"] = {"player": player, "condition": condition}


def check(state: dict, player: str) -> None:
    """Called after any change to `player`'s counts, since only they can have newly won."""
    if state["winner"] is not None:
        return
    for condition, field in COUNTED.items():
        if state["conditions"][condition] and state["tracks"][player][field] >= state["thresholds"][condition]:
            declare(state, player, condition)
            return


def progress(state: dict) -> dict[str, dict[str, dict[str, int]]]:
    """Per player, how far each active counted condition is, for the watch panel."""
    return {
        player: {
            condition: {"value": state["tracks"][player][field], "target": state["thresholds"][condition]}
            for condition, field in COUNTED.items()
            if state["conditions"][condition]
        }
        for player in state["players"]
    }
