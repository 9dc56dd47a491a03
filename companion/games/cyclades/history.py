"""History lines for Cyclades events, in English or Portuguese: each move names its own (cyclades/moves.py).

A line sees only the event, so events whose outcome depends on the state
(phase.next, offering.pay) carry a public summary written by `prepare`.
Amounts of gold a player received appear only in that player's own history;
everyone else reads that it happened, never how much.
"""
from __future__ import annotations

from companion.games.cyclades.gods import APOLLO, TILES
from companion.i18n import catalogue, t


def god(name: object, lang: str) -> str:
    return t(f"cyclades.god_{name}", lang) if name in TILES or name == APOLLO else str(name)


def _line(key: str, lang: str, **values: object) -> str:
    return t(f"cyclades.{key}", lang, **values)


def start(e: dict, seat: str | None, lang: str) -> str:
    gods = ", ".join(god(g, lang) for g in e.get("gods") or [])
    return _line("line_start", lang, order=", ".join(map(str, e.get("order") or [])), gods=gods)


def tick(e: dict, seat: str | None, lang: str) -> str:
    return _line("line_tick" if e.get("done", True) else "line_untick", lang, step=e.get("step"))


def next_phase(e: dict, seat: str | None, lang: str) -> str:
    to = e.get("to")
    if not to:
        return _line("line_next", lang)
    if to["phase"] == "over":
        return _line("line_over", lang, winners=" & ".join(to.get("winners") or []))
    if to.get("revealed"):
        return _line("line_revealed", lang, round=to["round"], revealed=god(to["revealed"], lang))
    return _line("line_phase", lang, round=to["round"], phase=t(f"cyclades.phase_{to['phase']}", lang))


def income(e: dict, seat: str | None, lang: str) -> str:
    if seat == e.get("player"):
        return _line("line_income_own", lang, player=seat, amount=e.get("prosperity"))
    return _line("line_income", lang, player=e.get("player"))


def bid(e: dict, seat: str | None, lang: str) -> str:
    if e.get("god") == APOLLO:
        return _line("line_apollo", lang, faction=e.get("faction"))
    return _line("line_bid", lang, faction=e.get("faction"), amount=e.get("amount"), god=god(e.get("god"), lang))


def pay(e: dict, seat: str | None, lang: str) -> str:
    fined = e.get("fined")
    return _line("line_fined", lang, players=", ".join(fined)) if fined else _line("line_paid", lang)


def keep(e: dict, seat: str | None, lang: str) -> str:
    return _line("line_keep", lang, player=e.get("player"), n=len(e.get("keep") or []))


def done(e: dict, seat: str | None, lang: str) -> str:
    return _line("line_done", lang, faction=e.get("faction"))


def spend(e: dict, seat: str | None, lang: str) -> str:
    n = e.get("count", 1)
    item = t(f"cyclades.item_{e.get('item')}", lang, n=n)
    return _line("line_spend", lang, player=e.get("player"), count=n, item=item)


def creature(e: dict, seat: str | None, lang: str) -> str:
    if e.get("creature") == "griffin":
        return _line("line_creature_griffin", lang, player=e.get("player"))
    if e.get("standee"):
        return _line("line_creature_named", lang, player=e.get("player"), creature=e["standee"])
    return _line("line_creature", lang, player=e.get("player"))


def gain(e: dict, seat: str | None, lang: str) -> str:
    key = f"cyclades.reason_{e.get('reason')}"
    reason = t(key, lang) if key in catalogue() else str(e.get("reason") or "")
    if seat == e.get("player"):
        return _line("line_gain_own", lang, player=seat, amount=e.get("amount"), reason=reason)
    return _line("line_gain", lang, player=e.get("player"), reason=reason)


def griffin(e: dict, seat: str | None, lang: str) -> str:
    """The amount only where the secrets cut left it: the thief's and the victim's lines."""
    if "taken" in e:
        return _line("line_griffin_amount", lang, player=e.get("player"), victim=e.get("victim"), taken=e["taken"])
    return _line("line_griffin", lang, player=e.get("player"), victim=e.get("victim"))


def adjust(e: dict, seat: str | None, lang: str) -> str:
    delta = e.get("delta")
    shown = f"{delta:+d}" if isinstance(delta, int) else str(delta)
    # A 2-player correction names the faction whose record changed, so the line says which colour.
    return _line("line_adjust", lang, player=e.get("faction") or e.get("player"),
                 item=t(f"cyclades.track_{e.get('item')}", lang), delta=shown)


def creature_change(e: dict, seat: str | None, lang: str) -> str:
    key = "line_creature_gain" if e.get("delta") == 1 else "line_creature_lose"
    return _line(key, lang, player=e.get("faction") or e.get("player"), creature=e.get("creature"))


def eliminate(e: dict, seat: str | None, lang: str) -> str:
    return _line("line_eliminate", lang, player=e.get("player"))
