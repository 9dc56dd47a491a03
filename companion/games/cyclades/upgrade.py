"""Saved 2-player tables from before records were kept per faction.

A table stores its initial state, so an old 2-player table starts from a
tracker keyed by player. Its pooled counts go to the player's first faction
(the second starts blank); with 3 to 5 players the shapes already agree, so
nothing changes.
"""
from __future__ import annotations

from companion.games.cyclades.setup import blank_record


def per_faction(state: dict) -> dict:
    """`state` itself when its tracker is already per faction, else an upgraded shallow copy."""
    factions = state.get("factions") or {}
    if set(state.get("tracker") or {}) == set(factions):
        return state
    firsts = {}
    for fid, owner in factions.items():
        firsts.setdefault(owner, fid)

    def moved(per_player: dict, blank) -> dict:
        return {f: per_player.get(owner, blank()) if firsts[owner] == f else blank()
                for f, owner in factions.items()}

    return {**state, "tracker": moved(state["tracker"], blank_record),
            "temples_used": moved(state.get("temples_used") or {}, int)}
