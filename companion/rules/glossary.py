"""One word per game term, shared by the screens and the rules of that game.

rules_data/<game>/glossary.yaml maps a term id to its English and Portuguese
word, the UI string keys that show it (`screens`) and the words it replaced
(`avoid`), so a player never meets "Crepúsculo" on the tablet and "Anoitecer"
in the rules for the same phase. The tests hold both sides to it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from companion.rules.library import DATA_DIR, GLOSSARY, check_game


@dataclass(frozen=True)
class Term:
    """A game term in both languages, and where the screens show it."""

    id: str
    en: str
    pt: str
    screens: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()


@cache
def glossary(game: str) -> dict[str, Term]:
    """The game's terms by id, in file order."""
    check_game(game)
    raw = yaml.safe_load((DATA_DIR / game / GLOSSARY).read_text(encoding="utf-8")) or {}
    return {
        str(key): Term(
            id=str(key),
            en=str(value["en"]),
            pt=str(value["pt"]),
            screens=tuple(value.get("screens") or ()),
            avoid=tuple(value.get("avoid") or ()),
        )
        for key, value in raw.items()
    }
