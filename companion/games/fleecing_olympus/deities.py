"""The eight deity cards and how they are handed out.

Only the ids live here; names and power texts are UI strings
(`fleecing_olympus.deity_<id>`, `fleecing_olympus.power_<id>_<side>`) so
both languages are reviewed side by side.
"""
from __future__ import annotations

import random

from companion.core.model import RuleError

DEITIES: tuple[str, ...] = ("aphrodite", "ares", "athena", "hades", "hera", "hermes", "poseidon", "zeus")


def power_key(deity: str, side: str) -> str:
    """The i18n key of one side's text, for the power picker and the table view."""
    return f"fleecing_olympus.power_{deity}_{side}"


def deal(players: list[str], chosen: object, seed: int) -> dict[str, str]:
    """Chosen deities are kept; everyone else gets a different one at random.

    `chosen` may be a dict (player -> deity) or a list in seat order with None
    for "deal me one". The seed comes from the table's options, so the deal is
    part of the stored setup rather than something a replay could redo.
    """
    if chosen is None:
        picks: dict = {}
    elif isinstance(chosen, list):
        if len(chosen) != len(players):
            raise RuleError("fleecing_olympus.err.give_deity_player_seat")
        picks = {p: d for p, d in zip(players, chosen) if d is not None}
    elif isinstance(chosen, dict):
        picks = dict(chosen)
    else:
        raise RuleError("fleecing_olympus.err.deities_given_list_seat")
    for who, deity in picks.items():
        if who not in players:
            raise RuleError("fleecing_olympus.err.deity_chosen_who_table", who=who)
        if deity not in DEITIES:
            raise RuleError("fleecing_olympus.err.eight_deities", deity=deity)
    if len(set(picks.values())) != len(picks):
        raise RuleError("fleecing_olympus.err.each_deity_card_go")
    left = [d for d in DEITIES if d not in picks.values()]
    random.Random(seed).shuffle(left)
    return {p: picks[p] if p in picks else left.pop() for p in players}
