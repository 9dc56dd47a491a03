"""The battle helper: a calculator the panel reruns as each Combat Card lands.

Pure, so both phones can show the running totals without storing anything;
`on_resolve` only records the final outcome for the table and its history.
"""
from __future__ import annotations

from companion.games.lords_of_hellas.guards import ensure_open, ensure_player, whole_number
from companion.games.lords_of_hellas.refusal import refuse

SIDES = ("attacker", "defender")


def army_strength(side: dict) -> int:
    """The side's own strength before cards plus every Combat Card it has played."""
    return _total(_checked(side))


def resolve(attacker: dict, defender: dict) -> dict:
    """Who wins (a tie goes to the defender) and which Hoplites each side loses."""
    sides = {"attacker": _checked(attacker), "defender": _checked(defender)}
    strength = {name: _total(side) for name, side in sides.items()}
    winner = "attacker" if strength["attacker"] > strength["defender"] else "defender"
    losses = {}
    for name, side in sides.items():
        lost = sum(card["casualties"] for card in side["cards"])
        beaten = name != winner
        if beaten:
            lost += 1
        if beaten and not side["can_retreat"]:
            lost = side["hoplites"]
        lost = min(lost, side["hoplites"])
        plain = side["hoplites"] - side["fortified"]
        left = side["hoplites"] - lost
        losses[name] = {
            "killed": min(lost, plain),
            "fortified_killed": max(0, lost - plain),
            "left": left,
            "retreats": beaten and left > 0,
        }
    return {
        "strength": strength,
        "winner": winner,
        "tie": strength["attacker"] == strength["defender"],
        "losses": losses,
    }


def on_resolve(state: dict, event: dict) -> dict:
    ensure_open(state)
    players = {name: ensure_player(state, (event.get(name) or {}).get("player")) for name in SIDES}
    if players["attacker"] == players["defender"]:
        raise refuse("lords_of_hellas.err_same_player")
    result = resolve(event["attacker"], event["defender"])
    state["last_battle"] = {"players": players, **result}
    return state


def _total(side: dict) -> int:
    return side["base"] + sum(card["strength"] for card in side["cards"])


def _checked(side: object) -> dict:
    """The side with every number validated, so bad input is refused before any sum."""
    if not isinstance(side, dict):
        raise refuse("lords_of_hellas.err_bad_side")
    hoplites = whole_number(side.get("hoplites", 0))
    cards = side.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(card, dict) for card in cards):
        raise refuse("lords_of_hellas.err_bad_side")
    can_retreat = side.get("can_retreat", True)
    if not isinstance(can_retreat, bool):
        raise refuse("lords_of_hellas.err_bad_side")
    return {
        "base": whole_number(side.get("base", 0)),
        "hoplites": hoplites,
        "fortified": whole_number(side.get("fortified", 0), 0, hoplites),
        "cards": [
            {"strength": whole_number(card.get("strength", 0)), "casualties": whole_number(card.get("casualties", 0))}
            for card in cards
        ],
        "can_retreat": can_retreat,
    }
