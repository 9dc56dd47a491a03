"""The table before the opening roll: seats, deities, 20 hidden gems each, an empty bank."""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.deities import deal
from companion.games.fleecing_olympus.ending import run_outs_to_end
from companion.games.fleecing_olympus.opening import fresh
from companion.games.fleecing_olympus.rules import START_GEMS

MIN_PLAYERS = 3
MAX_PLAYERS = 6


def initial_state(options: dict) -> dict:
    """Validate the table options and lay out the starting state.

    The deal uses the table's stored seed (the hub adds one), so it is fixed at
    creation and every replay starts from the same deities.
    """
    if not isinstance(options, dict):
        raise RuleError("fleecing_olympus.err.table_options_missing")
    players = options.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise RuleError("fleecing_olympus.err.list_players_id_seat")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("fleecing_olympus.err.fleecing_olympus_played_players", MIN_PLAYERS=MIN_PLAYERS, MAX_PLAYERS=MAX_PLAYERS)
    if len(set(players)) != len(players):
        raise RuleError("fleecing_olympus.err.each_player_needs_different")
    seed = options.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuleError("fleecing_olympus.err.table_seed_whole_number")
    return {
        "players": list(players),
        "deities": deal(players, options.get("deities"), seed),
        "gems": {p: START_GEMS for p in players},
        "revealed": [],
        "bank": 0,
        "phase": "opening",
        "opening": fresh(players),
        "active": None,
        "judgment": None,
        "turn_no": 0,
        "turn": None,
        "last": None,
        "deck_outs": 0,
        "ran_out_in": None,
        "deck_outs_to_end": run_outs_to_end(len(players)),
        "tiebreak": [],
        "result": None,
    }
