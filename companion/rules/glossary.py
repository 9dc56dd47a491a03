"""One word per game term, shared by the screens and the rules of that game.

rules_data/<game>/glossary.yaml maps a term id to its English and Portuguese
word, the UI string keys that show it (`screens`) and the words it replaced
(`avoid` in Portuguese, `avoid_en` in English), so a player never meets "Crepúsculo" on the tablet and "Anoitecer"
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
    avoid_en: tuple[str, ...] = ()

    def word(self, lang: str) -> str:
        return self.en if lang == "en" else self.pt

    def replaced(self, lang: str) -> tuple[str, ...]:
        """The words this term replaced in `lang`, which no text of the game may use any more."""
        return self.avoid_en if lang == "en" else self.avoid


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
            avoid_en=tuple(value.get("avoid_en") or ()),
        )
        for key, value in raw.items()
    }
