"""Who controls each city location at Dusk, and the Glory that control pays.

Kept as pure functions over plain counts so the Dusk sheet, the reducer, the
end-of-game tie-break and the tests all share one reading of the tie rule.
A presence value is (minions there, Champion among them); JSON delivers it as
a two-item list, Python callers as a tuple, and both are accepted.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.kleos.state import label

# Glory printed on each city location; also the "value" the tie-break compares.
LOCATION_GLORY: dict[str, int] = {"port": 2, "market": 1, "arena": 1, "theater": 1}
# Four Minion spaces on the player board plus the Champion.
MAX_IN_PLAY = 5

Presence = dict[str, tuple[int, bool]]
Board = dict[str, Presence]


def read_entry(player: str, value: object) -> tuple[int, bool]:
    """One player's count at one location, checked so a typo cannot award Glory."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise RuleError("kleos.err.give_number_minions_whether", player=label(player))
    minions, champion = value
    if isinstance(minions, bool) or not isinstance(minions, int) or not 0 <= minions <= MAX_IN_PLAY:
        raise RuleError("kleos.err.have_minions_location", player=label(player), MAX_IN_PLAY=MAX_IN_PLAY)
    if not isinstance(champion, bool):
        raise RuleError("kleos.err.say_yes_champion", player=label(player))
    if champion and minions == 0:
        raise RuleError("kleos.err.champion_minion_too_so", player=label(player))
    return minions, champion


def read_presence(presence: object) -> Presence:
    if not isinstance(presence, dict):
        raise RuleError("kleos.err.each_location_needs_count")
    return {player: read_entry(player, value) for player, value in presence.items()}


def read_board(board: object) -> Board:
    """The whole Dusk sheet, checked across locations as well as within each one."""
    if not isinstance(board, dict):
        raise RuleError("kleos.err.dusk_sheet_needs_port")
    unknown = [loc for loc in board if loc not in LOCATION_GLORY]
    if unknown:
        raise RuleError("kleos.err.city_location_use_port", unknown=unknown[0])
    parsed = {loc: read_presence(presence) for loc, presence in board.items()}
    totals: dict[str, int] = {}
    champions: dict[str, int] = {}
    for presence in parsed.values():
        for player, (minions, champion) in presence.items():
            totals[player] = totals.get(player, 0) + minions
            champions[player] = champions.get(player, 0) + champion
    for player, total in totals.items():
        if total > MAX_IN_PLAY:
            raise RuleError("kleos.err.most_minions_play", player=label(player), MAX_IN_PLAY=MAX_IN_PLAY, total=total)
        if champions[player] > 1:
            raise RuleError("kleos.err.champion_stand_location", player=label(player))
    return parsed


def controller(presence: dict[str, tuple[int, bool]]) -> str | None:
    """The player with most Minions; among players tied for most, a lone Champion decides.

    When the tied players hold no Champion, or more than one of them does,
    nobody controls the location and its Glory goes unclaimed.
    """
    counts = read_presence(presence)
    most = max((minions for minions, _ in counts.values()), default=0)
    if most == 0:
        return None
    tied = [player for player, (minions, _) in counts.items() if minions == most]
    if len(tied) > 1:
        tied = [player for player in tied if counts[player][1]]
    return tied[0] if len(tied) == 1 else None


def controllers(board: dict[str, dict[str, tuple[int, bool]]]) -> dict[str, str | None]:
    """Each city location's controller, in board order; absent locations are empty."""
    parsed = read_board(board)
    return {loc: controller(parsed.get(loc, {})) for loc in LOCATION_GLORY}


def dusk_glory(board: dict[str, dict[str, tuple[int, bool]]]) -> dict[str, int]:
    """Glory each player on the sheet earns at Dusk (0 for players who control nothing)."""
    parsed = read_board(board)
    glory = {player: 0 for presence in parsed.values() for player in presence}
    for loc, owner in controllers(parsed).items():
        if owner is not None:
            glory[owner] += LOCATION_GLORY[loc]
    return glory
