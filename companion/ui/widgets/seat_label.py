"""A seat's name as this device's language says it.

A seat nobody named is called after its god or deity in English ("Athena",
kept in the table file); a Portuguese phone then read "Você é Athena" beside
tiles saying "Atena". A name that is a role of the game is shown translated;
a person's name passes through untouched.
"""
from __future__ import annotations

from functools import lru_cache

from companion.core.summary import role_text
from companion.ui.context import UI


def seat_label(ui: UI, name: str) -> str:
    return said(ui.snap.get("game", ""), name, ui.lang)


@lru_cache(maxsize=1024)
def said(game: str, name: str, lang: str) -> str:
    """Kept: outside English, role_text looks through the whole catalogue (0.1-0.2 ms), and
    renders ask on every change (a phone's own name, the tablet's history rows and news line).
    The catalogue is loaded once per process, so a name's words never change. For a part's
    build, which reads its arguments only: the game as an argument, the language of its look."""
    return role_text(game, name, lang) or name
