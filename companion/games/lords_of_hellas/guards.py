"""Checks shared by every handler, so each refusal reads the same everywhere."""
from __future__ import annotations

from companion.core.access import TABLET
from companion.games.lords_of_hellas.refusal import refuse


def ensure_open(state: dict) -> None:
    """Nothing may happen after a win: the game ends the moment someone wins."""
    if state["winner"] is not None:
        raise refuse("lords_of_hellas.err_game_over")


def ensure_player(state: dict, player: object) -> str:
    if player not in state["players"]:
        raise refuse("lords_of_hellas.err_unknown_player", player=player)
    return player  # type: ignore[return-value]


def ensure_turn_actor(state: dict, event: dict) -> str:
    """Only the player whose turn it is (or the host tablet) acts for the turn."""
    current = state["turn"]["player"]
    if event.get("by") not in (current, TABLET):
        raise refuse("lords_of_hellas.err_not_your_turn", name=state["names"][current])
    return current


def whole_number(value: object, minimum: int = 0, maximum: int | None = None) -> int:
    """JSON gives ints, floats and bools alike; only a true int in range is a count."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise refuse("lords_of_hellas.err_bad_number", value=value, minimum=minimum)
    if maximum is not None and value > maximum:
        raise refuse("lords_of_hellas.err_too_many", value=value, maximum=maximum)
    return value
