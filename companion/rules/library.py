"""The rules entries on disk: one YAML file per game and language under rules_data/.

Loaded once per process; the files are small and the tablet is offline, so
everything stays in memory. Reading order is the order of the file itself,
which authors write as a table of contents.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from companion.bundled import rules_dir
from companion.core.model import RuleError
from companion.games.registry import PLUGINS
from companion.rules.entry import Entry

GAMES = tuple(p.rules for p in PLUGINS.values() if p.rules)
LANGS = ("en", "pt")
DATA_DIR = rules_dir()
# Each game folder also holds the terms its screens and rules share (see glossary.py).
GLOSSARY = "glossary.yaml"


# The C parser reads the rules files about five times faster, which is most of
# the start-up time; PyYAML falls back to pure Python where libyaml is missing.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_file(path: Path) -> dict:
    """The raw YAML of one rules file (an empty dict for an empty file)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}


def data_files() -> list[Path]:
    """Every rules file present, whatever its name, so the checks see strays too."""
    return sorted(p for p in DATA_DIR.glob("*/*.yaml") if p.name != GLOSSARY)


def _entries_of(path: Path) -> list[Entry]:
    game, lang = path.parent.name, path.stem
    out = []
    for raw in read_file(path).get("entries") or []:
        if not isinstance(raw, dict) or not raw.get("id") or not raw.get("title"):
            continue  # check.problems() reports it; the tablet keeps working meanwhile
        out.append(
            Entry(
                game=game,
                lang=lang,
                id=str(raw["id"]),
                title=str(raw["title"]).strip(),
                answer=str(raw.get("answer") or "").strip(),
                detail=str(raw.get("detail") or "").strip(),
                tags=[str(t) for t in raw.get("tags") or []],
                related=[str(r) for r in raw.get("related") or []],
                source=str(raw["source"]) if raw.get("source") else None,
            )
        )
    return out


@cache
def all_entries() -> tuple[Entry, ...]:
    """Every entry of every known game and language, in file order."""
    return tuple(
        e for path in data_files() if path.parent.name in GAMES and path.stem in LANGS for e in _entries_of(path)
    )


@cache
def _by_key() -> dict[tuple[str, str, str], Entry]:
    return {(e.game, e.lang, e.id): e for e in all_entries()}


def check_game(game: str) -> None:
    """Refuse an unknown game with a message a player can act on."""
    if game not in GAMES:
        raise RuleError("rules.err.rules_game_called_known", game=game, names=', '.join(GAMES))


def check_lang(lang: str) -> None:
    """Refuse a language the rules are not written in."""
    if lang not in LANGS:
        raise RuleError("rules.err.rules_available_english_en", asked=lang)


def entry(game: str, id: str, lang: str) -> Entry:
    """The entry in `lang`, or in the other language when it has not been translated yet."""
    check_game(game)
    check_lang(lang)
    for candidate in (lang, *[other for other in LANGS if other != lang]):
        found = _by_key().get((game, candidate, id))
        if found is not None:
            return found
    raise RuleError("rules.err.rules_entry", id=id, game=game)


def contents(game: str, lang: str) -> list[Entry]:
    """The game's table of contents in `lang`, untranslated topics shown in the other language.

    The order follows the fullest language file, since a partial translation
    only covers some of the topics; topics only the other file has go last.
    """
    check_game(game)
    check_lang(lang)
    orders = sorted(
        ([e.id for e in all_entries() if e.game == game and e.lang == code] for code in LANGS),
        key=len,
        reverse=True,
    )
    ids = list(dict.fromkeys(i for order in orders for i in order))
    return [entry(game, i, lang) for i in ids]
