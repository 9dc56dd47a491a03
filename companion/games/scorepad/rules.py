"""One pure handler per Score pad move: points, the private note and the end of the play."""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.scorepad.schemas import MAX_POINTS

MAX_NOTE = 500


def _player(state: dict, event: dict) -> str:
    player = event.get("player")
    if player not in state["scores"]:
        raise RuleError("scorepad.err.player_table", player=player)
    return player


def _amount(event: dict) -> int:
    amount = event.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RuleError("scorepad.err.points_whole_number")
    if amount == 0 or abs(amount) > MAX_POINTS:
        raise RuleError("scorepad.err.points_between_zero", maximum=MAX_POINTS)
    return amount


def points_add(state: dict, event: dict) -> dict:
    if state.get("ended"):
        raise RuleError("scorepad.err.ended_no_points")
    player = _player(state, event)
    state["scores"][player] += _amount(event)
    return state


def game_end(state: dict, event: dict) -> dict:
    """The pad has no rule that ends it, so the table says when: the summary and the plays log wait for it."""
    if state.get("ended"):
        raise RuleError("scorepad.err.already_ended")
    state["ended"] = True
    return state


def note_set(state: dict, event: dict) -> dict:
    player = _player(state, event)
    if event.get("by") != player:
        raise RuleError("scorepad.err.player_own_phone_write")
    text = event.get("text")
    if not isinstance(text, str) or len(text) > MAX_NOTE:
        raise RuleError("scorepad.err.note_text_most_characters", MAX_NOTE=MAX_NOTE)
    state["notes"][player] = text
    return state
