"""The god tiles on the offering board and the order they act in.

The app mirrors the physical board rather than owning it, so the tiles'
positions are whatever the table shows; only the face-down tiles whose order
nobody has seen yet are kept as an unordered pool, and the one that turns up
is either read off the board or drawn by the app for the players.
"""
from __future__ import annotations

from companion.core.model import RuleError

TILES = ("athena", "zeus", "poseidon", "ares", "hera")
APOLLO = "apollo"
# Face-down tiles by number of players (rulebook setup).
FACE_DOWN = {2: 2, 3: 3, 4: 2, 5: 1}


def face_up_count(players: int) -> int:
    return len(TILES) - FACE_DOWN[players]


def lay_out(face_up: list[str]) -> dict:
    """The board at the start: the tiles the table turned face up, in board order."""
    return {"up": list(face_up), "down_unknown": sorted(set(TILES) - set(face_up)), "down_known": []}


def check_layout(face_up: object, players: int) -> list[str]:
    need = face_up_count(players)
    if not isinstance(face_up, list) or len(face_up) != need or len(set(face_up)) != need:
        raise RuleError("cyclades.err.players_exactly_different_god", players=players, need=need)
    unknown = [g for g in face_up if g not in TILES]
    if unknown:
        raise RuleError("cyclades.err.these_god_tiles", names=', '.join(map(str, unknown)))
    return face_up


def needs_reveal(board: dict) -> bool:
    """Whether the next rotation turns up a tile whose identity is still unknown."""
    return len(board["down_unknown"]) > 1


def rotate(board: dict, revealed: object) -> tuple[str, str]:
    """Round initialization: the top god leaves, the rest slide up, the next tile turns face up,
    and the one that left goes face down at the bottom. Returns (removed, revealed)."""
    removed = board["up"].pop(0)
    pool = board["down_unknown"]
    if pool:
        if len(pool) == 1:
            revealed = pool[0]
        elif revealed not in pool:
            raise RuleError("cyclades.err.god_turned_face_up", names=', '.join(pool))
        pool.remove(revealed)
    else:
        revealed = board["down_known"].pop(0)
    board["up"].append(revealed)
    board["down_known"].append(removed)
    return removed, revealed


def action_order(board: dict, winners: dict[str, str], apollo: list[str]) -> list[list[str]]:
    """[faction, god] pairs: the won gods from the top of the board down, then Apollo's guests."""
    pairs = [[winners[g], g] for g in board["up"] if g in winners]
    return pairs + [[f, APOLLO] for f in apollo]
