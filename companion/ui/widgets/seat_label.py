"""A seat's name as this device's language says it.

A seat nobody named is called after its god or deity in English ("Athena",
kept in the table file); a Portuguese phone then read "Você é Athena" beside
tiles saying "Atena". A name that is a role of the game is shown translated;
a person's name passes through untouched.
"""
from __future__ import annotations

from companion.core.summary import role_text
from companion.ui.context import UI


def seat_label(ui: UI, name: str) -> str:
    game = ui.snap.get("game", "")
    return role_text(game, name, ui.lang) or name
