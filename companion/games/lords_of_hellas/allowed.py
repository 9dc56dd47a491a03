"""What the viewing device may do now, and why not: decided here so the panels stop re-deciding rules.

Each answer is `None` (allowed) or a message key saying why not, the same checks
the handlers make, so a greyed button is exactly one the game would refuse.
Nothing in Lords of Hellas is secret, so the answers reveal nothing either.
"""
from __future__ import annotations

from companion.games.lords_of_hellas.monuments import MONUMENTS, TOP_LEVEL
from companion.games.lords_of_hellas.specials import actions
from companion.games.lords_of_hellas.turn import REGULAR_ACTIONS

Reason = str | None
KEY = "lords_of_hellas."


def allowed(state: dict, seat: str | None) -> dict[str, Reason]:
    """`tracker.<player>` for each player, `regular.<action>`, `special.<action>` (Build Monument as
    `build.<monument>`), `end`, and `turn` for the rest the turn's player does (hunt, after-build steps). `seat` is the viewer: None for the tablet, which acts for anyone."""
    over = KEY + "err_game_over" if state["winner"] is not None else None
    out: dict[str, Reason] = {f"tracker.{p}": over for p in state["players"]}
    turn = state["turn"]
    current = turn["player"]
    # Turn actions belong to the current player's phone or the tablet.
    blocked = over or (KEY + "why_not_your_turn" if seat not in (None, current) else None)
    out["turn"] = blocked
    track = state["tracks"][current]
    for action in REGULAR_ACTIONS:
        out[f"regular.{action}"] = blocked or _regular(turn, track, action)
    used = state["used"][current]
    for action in actions(state):
        out[f"special.{action}"] = blocked or _special(turn, used, action)
    hunting = state["hunt"] is not None and state["hunt"]["status"] == "ongoing"
    for monument in MONUMENTS:
        out[f"build.{monument}"] = (blocked or (KEY + "err_hunt_ongoing" if hunting else None)
                                    or (KEY + "err_monument_complete"
                                        if state["monuments"][monument]["level"] >= TOP_LEVEL else None)
                                    or _special(turn, used, "build_monument"))
    out["end"] = blocked or (KEY + "turn_need_special" if turn["special"] is None
                             else KEY + "err_steps_pending" if turn["steps"]
                             else KEY + "err_hunt_ongoing" if hunting else None)
    return out


def _regular(turn: dict, track: dict, action: str) -> Reason:
    if turn["special"] is not None:
        return KEY + "err_regular_after_special"
    if action in turn["regular"]:
        return KEY + "err_regular_done"
    if action == "artifacts" and track["charged"] == 0:
        return KEY + "err_no_charged"
    if action == "priests" and track["priests"] == 0:
        return KEY + "err_no_priests"
    return None


def _special(turn: dict, used: list[str], action: str) -> Reason:
    if turn["special"] is not None:
        return KEY + "err_special_taken"
    if action in used:
        return KEY + "err_special_blocked"
    return None
