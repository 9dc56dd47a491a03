"""Turning table options into the first Kleos state: gods, temples, first player.

Setup must be deterministic because the hub stores its result once and
replays events on top. The temple deal is the only chance involved, so it
draws from random.Random(options["seed"]): the hub puts a fresh seed into the
options when it creates a table, and a group that already dealt the hexes on
the real board passes "temples" instead, which skips the deal.
"""
from __future__ import annotations

import random

from companion.core.model import RuleError
from companion.core.schema import NAME_MAX
from companion.games.kleos.state import SETUP

GODS: tuple[str, ...] = ("ares", "artemis", "athena", "hermes", "dionysus")
# Player colours for seats and the Glory chart. The rulebook lists yellow
# Hoplites for both Hermes and Dionysus; purple keeps the two apart.
GOD_COLOURS: dict[str, str] = {
    "ares": "red", "artemis": "blue", "athena": "green", "hermes": "yellow", "dionysus": "purple",
}
# Temple hexes the board uses for each player count (rulebook chart).
TEMPLES_BY_COUNT: dict[int, tuple[str, ...]] = {
    2: ("H1", "H5"),
    3: ("H1", "H3", "H5"),
    4: ("H1", "H2", "H4", "H5"),
    5: ("H1", "H2", "H3", "H4", "H5"),
}
FIRST_TEMPLE = "H1"
CHECKLIST: tuple[str, ...] = ("decks", "day_tracker", "isles", "temples", "hands")


def read_players(options: dict) -> list[str]:
    players = options.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RuleError("kleos.err.list_players_gods_seat")
    if not 2 <= len(players) <= 5:
        raise RuleError("kleos.err.kleos_played_players")
    for god in players:
        if god not in GODS:
            raise RuleError("kleos.err.kleos_god_choose", god=god, names=', '.join(GODS))
    for god in players:
        if players.count(god) > 1:
            raise RuleError("kleos.err.chosen_twice_each_god", god=god.title())
    return list(players)


def read_names(options: dict, players: list[str]) -> dict[str, str]:
    names = options.get("names") or {}
    if not isinstance(names, dict):
        raise RuleError("kleos.err.player_names_go_mapping")
    out: dict[str, str] = {}
    for god, name in names.items():
        if god not in players:
            raise RuleError("kleos.err.nobody_plays_so_name", god=str(god).title())
        if not isinstance(name, str) or len(name.strip()) > NAME_MAX:
            raise RuleError("kleos.err.player_name_text_most", MAX_NAME=NAME_MAX)
        if name.strip():
            out[god] = name.strip()
    return out


def read_temples(temples: object, players: list[str]) -> dict[str, str]:
    """A hand-dealt temple layout, checked against the hexes this player count uses."""
    allowed = TEMPLES_BY_COUNT[len(players)]
    if not isinstance(temples, dict) or set(temples) != set(players):
        raise RuleError("kleos.err.give_every_player_exactly")
    out = {god: str(temples[god]).upper() for god in players}
    for god, hex_id in out.items():
        if hex_id not in allowed:
            raise RuleError("kleos.err.players_temples_go", count=len(players), names=', '.join(allowed), hex_id=hex_id)
    if len(set(out.values())) != len(out):
        raise RuleError("kleos.err.two_temples_cannot_share")
    return out


def deal_temples(players: list[str], rng: random.Random) -> dict[str, str]:
    hexes = list(TEMPLES_BY_COUNT[len(players)])
    rng.shuffle(hexes)
    return dict(zip(players, hexes))


def temple_one(temples: dict[str, str]) -> str:
    """Whoever sits on Temple 1 opens the Contest with the First Player token."""
    return next(god for god, hex_id in temples.items() if hex_id == FIRST_TEMPLE)


def initial_state(options: dict) -> dict:
    players = read_players(options)
    names = read_names(options, players)
    if options.get("temples") is not None:
        temples = read_temples(options["temples"], players)
    else:
        temples = deal_temples(players, random.Random(options.get("seed")))
    return {
        "players": players,
        "names": names,
        "temples": temples,
        "checklist": {item: False for item in CHECKLIST},
        "day": 1,
        "phase": SETUP,
        "turn": None,
        "first_player": temple_one(temples),
        "glory": {god: 0 for god in players},
        "glory_by_day": {god: [0] for god in players},
        "glory_log": [],
        "favor": None,
        "dusk": None,
        "tiebreak": None,
        "winners": [],
        "winner": None,
    }
