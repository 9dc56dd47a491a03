"""History lines for Kleos events, in English or Portuguese: each move names its own (kleos/moves.py).

A line sees only the event, never the state, so each event carries what
its line needs: the Dusk sheet yields its own Glory, and phase.next carries
the step it reached (written by Kleos.prepare). Kleos hides nothing, so every
seat reads the same line.
"""
from __future__ import annotations

from companion.games.kleos import drafts
from companion.games.kleos.rules import STEPPED_REASONS
from companion.games.kleos.scoring import dusk_glory
from companion.games.kleos.setup import GODS
from companion.games.kleos.dice import count_successes
from companion.i18n import t
from companion.i18n.numbers import count


def god(player: object, lang: str) -> str:
    return t(f"kleos.god_{player}", lang) if player in GODS else str(player)


def glory(event: dict, lang: str) -> str:
    # An omitted amount means the reason's usual step, exactly as the reducer reads it.
    amount = event.get("amount", STEPPED_REASONS.get(event.get("reason"), 0))
    reason = t(f"kleos.reason_{event.get('reason')}", lang)
    if event.get("also") in STEPPED_REASONS:  # one change, both reasons named
        amount += STEPPED_REASONS[event["also"]]
        reason = t("kleos.reason_both", lang, first=reason, second=t(f"kleos.reason_{event['also']}", lang))
    note = event.get("note")
    return t("kleos.line_glory", lang, player=god(event.get("player"), lang), amount=f"{amount:+d}",
             reason=f"{reason}: {note}" if note else reason)


def favor(event: dict, lang: str) -> str:
    who = god(event.get("player"), lang)
    if event.get("minion"):
        return t("kleos.line_favor_minion", lang, player=who, minion=event["minion"])
    return t("kleos.line_favor", lang, player=who)


def phase(event: dict, lang: str) -> str:
    to = event.get("to")
    if not to:
        return t("kleos.line_next", lang)
    if to["phase"] == "end":
        winners = " & ".join(god(p, lang) for p in to.get("winners") or [])
        return t("kleos.line_end_winner", lang, winners=winners) if winners else t("kleos.line_end_tied", lang)
    step = t(f"kleos.phase_{to['phase']}", lang)
    if to.get("turn"):
        return t("kleos.line_turn", lang, day=to["day"], phase=step, player=god(to["turn"], lang))
    return t("kleos.line_phase", lang, day=to["day"], phase=step)


def dusk(event: dict, lang: str) -> str:
    gains = [f"{god(p, lang)} +{n}" for p, n in dusk_glory(event.get("board") or {}).items() if n]
    if not gains:
        return t("kleos.line_dusk_none", lang)
    return t("kleos.line_dusk", lang, gains=", ".join(gains))


def dusk_set(event: dict, lang: str) -> str:
    """A saved table's sheet entry, read as the shared draft's entry it now is."""
    return drafts.line(drafts.as_entry(event), lang)


def check(event: dict, lang: str) -> str:
    key = "kleos.line_checked" if event.get("done") else "kleos.line_unchecked"
    return t(key, lang, item=t(f"kleos.check_{event.get('item')}", lang))


def temples(event: dict, lang: str) -> str:
    spots = ", ".join(f"{god(p, lang)} {h}" for p, h in sorted((event.get("temples") or {}).items(), key=lambda i: i[1]))
    return t("kleos.line_temples", lang, temples=spots)


def first(event: dict, lang: str) -> str:
    return t("kleos.line_first", lang, player=god(event.get("player"), lang))


def _answer(value: object, lang: str) -> str:
    """Champion answers name a place, which reads better translated; counts stay numbers."""
    return t(f"kleos.location_{value}", lang) if isinstance(value, str) else str(value)


def tiebreak(event: dict, lang: str) -> str:
    answers = ", ".join(f"{god(p, lang)} {_answer(v, lang)}" for p, v in (event.get("values") or {}).items())
    return t("kleos.line_tiebreak", lang, criterion=t(f"kleos.tiebreak_{event.get('criterion')}", lang),
             answers=answers)


def favor_clear(event: dict, lang: str) -> str:
    return t("kleos.line_favor_clear", lang)


def roll(event: dict, lang: str) -> str:
    """Who rolled how many dice and the successes, without the faces: the tray shows those. The line
    is also the Undo button's words and a phone's banner, and thirty faces in words made a phone's
    Undo five lines tall, pushing the tray (and the result) under the fold."""
    by = event.get("by")
    who = god(by, lang) if by in GODS else t("kleos_tools.the_tablet", lang)
    faces = event.get("faces") or []
    godly = bool(event.get("godly"))
    return t("kleos_tools.line_roll", lang, who=who,
             dice=count("kleos_tools.count_godly_dice" if godly else "kleos_tools.count_dice", len(faces), lang),
             successes=count("kleos_tools.count_successes", count_successes(faces, godly), lang))
