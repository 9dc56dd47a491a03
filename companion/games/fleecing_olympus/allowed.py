"""What the viewing device may do now, and why not: decided here so the screens stop re-deciding rules.

Each answer is `None` (allowed) or a message key saying why not, so a button can
look disabled and explain itself. It is worked out from the viewer's own cut-down
view (`screens.view`), so the only gem counts it can read are the viewer's own and
the ones shown to everybody: a refusal never tells a phone anything about a hidden
count. The tablet (seat None) sees no hidden count, so gem shortfalls are left to
the reducer there. Each move names its answer here (fleecing_olympus/moves.py);
`per_player` gives the rest.
"""
from __future__ import annotations

from companion.games.fleecing_olympus.ending import PLAYING
from companion.games.fleecing_olympus.wager import WAGER_KINDS, counts

Reason = str | None
WHY = "fleecing_olympus.why_"


def costs_gem(turn: dict, seat: str) -> bool:
    """A player's first card each turn is free (and every card for a player Hera let off)."""
    return bool(turn["played"].get(seat)) and seat not in turn["free"]


def _active(view: dict) -> str | None:
    return view["turn"]["active"] if view["turn"] else None


def power(view: dict, seat: str | None) -> Reason:
    return _turn_step(view, seat, "power", _active(view))


def roll(view: dict, seat: str | None) -> Reason:
    return _turn_step(view, seat, "roll", _active(view))


def resolve(view: dict, seat: str | None) -> Reason:
    return _turn_step(view, seat, "cards", _active(view))


def stop(view: dict, seat: str | None) -> Reason:
    """The Judgment stops the wager, once a card is up."""
    why = _turn_step(view, seat, "cards", view["judgment"])
    return WHY + "no_card_yet" if why is None and not view["turn"]["cards"] else why


def _tablet(view: dict, seat: str | None) -> Reason:
    """Any seated player (or the tablet) may report the deck; the screens offer it on the tablet."""
    return None if seat is None or seat in view["players"] else WHY + "not_yours"


def _playing(view: dict) -> bool:
    return view["phase"] in PLAYING and not view["tiebreak"]


def deck_out(view: dict, seat: str | None) -> Reason:
    spent = view["deck_outs"] >= view["deck_outs_to_end"]
    return _tablet(view, seat) or (WHY + "not_now" if not _playing(view) else WHY + "deck_spent" if spent else None)


def end(view: dict, seat: str | None) -> Reason:
    spent = view["deck_outs"] >= view["deck_outs_to_end"]
    return _tablet(view, seat) or (WHY + "not_now" if not _playing(view) or view["phase"] != "power" else None
                                   if spent else WHY + "deck_not_spent")


def per_player(view: dict, seat: str | None) -> dict[str, Reason]:
    """The answers that are not one move's: `card.<player>`, `tribute_gem.<player>`, `kind.<legend|fate>`.
    `seat` is the viewer: None for the tablet, "" (or anyone not seated) for a spectator."""
    phase, turn = view["phase"], view["turn"]
    out: dict[str, Reason] = {}
    for pid in view["players"]:
        out[f"card.{pid}"] = _card(view, seat, pid)
        due = phase == "tribute" and pid in turn["tribute_due"]
        out[f"tribute_gem.{pid}"] = (WHY + "not_now" if not due else _mine(seat, pid)
                                     or (WHY + "broke" if view["gems"].get(pid) == 0 else None))
    for kind in WAGER_KINDS:
        blocked = phase == "cards" and any(counts(c) and c["kind"] != kind for c in turn["cards"])
        out[f"kind.{kind}"] = WHY + "other_kind_up" if blocked else None
    return out


def _mine(seat: str | None, pid: str | None) -> Reason:
    return None if seat is None or seat == pid else WHY + "not_yours"


def _turn_step(view: dict, seat: str | None, phase: str, who: str | None) -> Reason:
    if view["phase"] != phase:
        return WHY + "not_now"
    return _mine(seat, who)


def _card(view: dict, seat: str | None, pid: str) -> Reason:
    if view["phase"] != "cards":
        return WHY + "not_now"
    mine = _mine(seat, pid)
    if mine:
        return mine
    # Only a count this viewer may see: its own, or one shown to the whole table.
    if costs_gem(view["turn"], pid) and view["gems"].get(pid) == 0:
        return WHY + "broke"
    return None
