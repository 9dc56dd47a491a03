"""The starting state: factions, purses, the public tracker and the setup checklist.

A faction is what bids and acts (one offering pawn); a player is a seat with
a screen and a purse. With 3 to 5 players they are the same; with 2, each
player runs two factions from one shared purse: gold is kept per player, and
pawns, cards, buildings and metropolises per faction (the rulebook shares only
the gold, l.26-28).
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.cyclades.gods import FACE_DOWN

START_GOLD = 5
DUEL_GOLD = 10
BUILDINGS = ("university", "port", "temple", "fortress")


def factions_for(players: list[str], options: dict) -> dict[str, str]:
    """Faction id -> owning player, in seat order; two per player in a 2-player game."""
    given = options.get("factions")
    if len(players) > 2:
        if given:
            raise RuleError("cyclades.err.player_game_gives_each")
        return {p: p for p in players}
    given = given or {p: [f"{p}-1", f"{p}-2"] for p in players}
    if not isinstance(given, dict) or set(given) != set(players):
        raise RuleError("cyclades.err.player_game_list_two")
    out: dict[str, str] = {}
    for p in players:
        pair = given[p]
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(f, str) and f for f in pair):
            raise RuleError("cyclades.err.needs_exactly_two_named", p=p)
        out.update({f: p for f in pair})
    if len(out) != 4:
        raise RuleError("cyclades.err.four_factions_need_four")
    if any(f in players and owner != f for f, owner in out.items()):
        raise RuleError("cyclades.err.faction_cannot_carry_other")
    return out


def initial_state(options: dict) -> dict:
    players = options.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise RuleError("cyclades.err.list_players_name_seat")
    if len(set(players)) != len(players):
        raise RuleError("cyclades.err.each_player_needs_different")
    if not 2 <= len(players) <= 5:
        raise RuleError("cyclades.err.cyclades_players")
    factions = factions_for(players, options)
    gold = DUEL_GOLD if len(players) == 2 else START_GOLD
    return {
        "players": list(players),
        "factions": factions,
        "gold": {p: gold for p in players},
        "phase": "setup",
        "round": 0,
        "turn_order": [],
        "gods": None,
        "checklist": setup_steps(len(players)),
        "reminders": [],
        "income_done": [],
        "offerings": None,
        "maintenance_done": [],
        "actions": None,
        "temples_used": {f: 0 for f in factions},
        "tracker": {f: blank_record() for f in factions},
        "result": None,
    }


def blank_record() -> dict:
    return {
        "priestesses": 0,
        "philosophers": 0,
        "metropolises": 0,
        "buildings": {b: 0 for b in BUILDINGS},
        "creatures": [],
        "eliminated": False,
    }


def step(step_id: str, text: str, **values: object) -> dict:
    """A checklist line: `text` is an i18n key under cyclades., filled with `values`."""
    return {"id": step_id, "text": text, "values": values, "done": False}


def setup_steps(players: int) -> list[dict]:
    tiles = 8 if players == 2 else 2 * players
    return [
        step("board", "setup_board"),
        step("gods", "setup_gods", count=FACE_DOWN[players]),
        step("creatures", "setup_creatures"),
        step("decks", "setup_decks"),
        step("supply", "setup_supply"),
        step("map", "setup_map", tiles=tiles),
        step("screens", "setup_screens_duel" if players == 2 else "setup_screens"),
    ]


def placement_steps(order: list[str], duel: bool) -> list[dict]:
    """The initial placements: a first pass in turn order, then a second pass in reverse."""
    first = "place_first_duel" if duel else "place_first"
    return (
        [step("pawns", "setup_pawns", order=", ".join(order))]
        + [step(f"first:{f}", first, faction=f) for f in order]
        + [step(f"second:{f}", "place_second", faction=f) for f in reversed(order)]
    )
