"""Score pad history lines: a note's words reach no line, its owner only reads that it was written."""
from __future__ import annotations

from companion.i18n import t


def ended(event: dict, seat: str | None, lang: str) -> str:
    return t("scorepad.ended", lang)


def points(event: dict, seat: str | None, lang: str) -> str:
    return t("scorepad.points", lang, player=event.get("name", event["player"]),
             amount=f"{event['amount']:+d}", reason=event.get("reason") or "—")


def note(event: dict, seat: str | None, lang: str) -> str:
    if event.get("player") == seat:
        return t("scorepad.note_own", lang)
    return t("scorepad.note_other", lang, player=event.get("name", event.get("player")))
