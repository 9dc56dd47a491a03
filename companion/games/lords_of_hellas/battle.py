"""The battle helper: a calculator the panel reruns as each Combat Card lands.

Pure, so both phones can show the running totals without storing anything;
`on_resolve` only records the final outcome for the table and its history.

Our summary (p. 13) only says to compare Army Strength; the published rulebook
counts it as one per Hoplite in the battle plus the strength of every Combat Card
played. `base` holds whatever else a card's text, an ability or a Blessing adds
(0 in a plain battle), so the group enters only what the board does not show.
"""
from __future__ import annotations

from companion.games.lords_of_hellas.guards import ensure_open, ensure_player, whole_number
from companion.games.lords_of_hellas.refusal import refuse

SIDES = ("attacker", "defender")


def army_strength(side: dict) -> int:
    """Hoplites in the battle, plus any other bonus, plus every Combat Card the side has played."""
    return _total(_checked(side))


def strength_parts(side: dict) -> dict[str, int]:
    """What the side's Army Strength is made of, so a screen can show the sum and not only its result."""
    checked = _checked(side)
    return {"hoplites": checked["hoplites"], "cards": sum(card["strength"] for card in checked["cards"]),
            "other": checked["base"]}


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
    return side["hoplites"] + side["base"] + sum(card["strength"] for card in side["cards"])


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
