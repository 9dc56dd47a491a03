"""When the game ends, the final count, and the extra turns that break a tie for first.

The app cannot see the deck, so players report each time it runs out and the
tablet calls the end once hands can no longer be refilled; the count of
run-outs only unlocks that call.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import require_by, require_phase

HERA_TOKEN_WORTH = 2
PLAYING = ("power", "tribute", "roll", "cards")


def run_outs_to_end(players: int) -> int:
    """Three or four players stop at the first run-out; five or six reshuffle once and go on."""
    return 1 if players <= 4 else 2


def reshuffle(state: dict) -> str | None:
    """Which reshuffle the table owes now, for the on-screen reminder; None when none is due.

    "run_out": with five or six players the deck runs out once before the end, and
    the discard pile becomes the new deck (fleecing-olympus-rulebook.txt 128). The
    table shuffles it at once, since someone is waiting to draw, so the reminder
    lasts only for the turn in which the run-out was reported: left up for the
    rest of the game it would read as an order to shuffle again.
    "tiebreak": before the extra turns that break a tie, the discard pile goes back
    into the deck (134).
    """
    if state["tiebreak"]:
        return "tiebreak"
    if state["deck_outs"] == 1 < state["deck_outs_to_end"] and state.get("ran_out_in") == state["turn_no"]:
        return "run_out"
    return None


def deck_out(state: dict, event: dict) -> dict:
    """Handler: someone reports the draw deck is empty."""
    require_phase(state, *PLAYING)
    require_by(event, *state["players"])
    if state["tiebreak"] or state["deck_outs"] >= state["deck_outs_to_end"]:
        raise RuleError("fleecing_olympus.err.deck_already_run_out")
    state["deck_outs"] += 1
    state["ran_out_in"] = state["turn_no"]  # the turn whose reminder says to shuffle the discard pile
    return state


def end(state: dict, event: dict) -> dict:
    """Handler: between turns, once the deck is spent for good and hands cannot be refilled."""
    require_phase(state, "power")
    require_by(event, *state["players"])
    if state["tiebreak"]:
        raise RuleError("fleecing_olympus.err.game_already_ended_tie")
    if state["deck_outs"] < state["deck_outs_to_end"]:
        raise RuleError("fleecing_olympus.err.game_ends_after_deck",
                        n=state["deck_outs_to_end"], deck_outs=state["deck_outs"])
    _count(state, "deck")
    return state


def after_turn(state: dict) -> bool:
    """Check between turns; True when the game is over and no new turn should start."""
    holding = [p for p in state["players"] if state["gems"][p] > 0]
    if len(holding) == 1:
        return _count(state, "last_with_gems")
    if state["tiebreak"]:
        return _count(state, "tiebreak")
    return False


def scores(state: dict) -> dict[str, int]:
    """Gems, plus two for the Judgment token if Hera's Odd power claimed it on the last turn."""
    out = dict(state["gems"])
    bonus = _bonus_holder(state)
    if bonus is not None:
        out[bonus] += HERA_TOKEN_WORTH
    return out


def _bonus_holder(state: dict) -> str | None:
    bonus = (state.get("last") or {}).get("hera_bonus")
    return bonus if bonus is not None and state["judgment"] == bonus else None


def _count(state: dict, reason: str) -> bool:
    """Screens come down; a clear leader wins, a tie for first means playing on."""
    points = scores(state)
    best = max(points.values())
    leaders = [p for p in state["players"] if points[p] == best]
    state["revealed"] = list(state["players"])
    if len(leaders) > 1:
        state["tiebreak"] = leaders
        return False
    state["phase"] = "over"
    state["result"] = {
        "reason": reason,
        "scores": points,
        "ranking": sorted(state["players"], key=lambda p: -points[p]),
        "winner": leaders[0],
        "hera_bonus": _bonus_holder(state),
    }
    return True
