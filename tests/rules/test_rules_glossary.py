"""Both languages cover the same topics, and the screens and the rules call each game term the same."""
from __future__ import annotations

import re

import pytest

from companion.i18n import catalogue
from companion.rules import GAMES
from companion.rules.library import all_entries
from companion.rules.glossary import glossary
from companion.rules.text import fold


def _ids(game: str, lang: str) -> set[str]:
    return {e.id for e in all_entries() if e.game == game and e.lang == lang}


def _has_word(text: str, word: str) -> bool:
    """Whole word or its plural, case- and accent-blind: "lacaio" is found in "Lacaios Épicos".

    Only the last word of a term takes a plural ending, so "Lacaio Épico" must
    be written in the singular where a screen uses it.
    """
    word = re.escape(fold(word))
    if word.endswith("y"):
        plural = rf"{word[:-1]}(?:y|ies)"
    elif word.endswith("ao"):  # região, regiões
        plural = rf"{word[:-2]}(?:ao|oes|aes|aos)"
    else:
        plural = rf"{word}(?:s|es)?"
    return re.search(rf"(?<!\w){plural}(?!\w)", fold(text)) is not None


def _rules_text(game: str, lang: str) -> list[tuple[str, str]]:
    """(entry id, prose) of every entry: tags may keep other words on purpose, for searching."""
    return [(e.id, f"{e.title}\n{e.text}") for e in all_entries() if e.game == game and e.lang == lang]


def _screen_texts(game: str, lang: str) -> list[tuple[str, str]]:
    """The game's own UI strings (kleos.*, kleos_tools.*, ...) in `lang`."""
    return [(k, v.get(lang, "")) for k, v in catalogue().items() if k.split(".")[0].startswith(game)]


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_exists_in_both_languages(game: str):
    en, pt = _ids(game, "en"), _ids(game, "pt")
    assert en, f"{game} has no English entries"
    assert sorted(en - pt) == [], "untranslated into Portuguese"
    assert sorted(pt - en) == [], "Portuguese entries with no English topic"


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_is_complete(game: str):
    terms = glossary(game)
    assert len(terms) >= 8
    for term in terms.values():
        assert term.en.strip() and term.pt.strip(), term.id
        assert term.screens, f"{term.id}: name the screens that show it"


@pytest.mark.parametrize("game", GAMES)
def test_screens_show_the_glossary_word(game: str):
    wrong = []
    for term in glossary(game).values():
        for key in term.screens:
            texts = catalogue().get(key)
            assert texts is not None, f"{term.id}: no UI string {key}"
            wrong += [f"{key} ({lang}) lacks {getattr(term, lang)!r}" for lang in ("en", "pt")
                      if not _has_word(texts[lang], getattr(term, lang))]
    assert wrong == []


@pytest.mark.parametrize("game", GAMES)
def test_rules_use_the_glossary_word_wherever_english_does(game: str):
    en_text, pt_text = "\n".join(t for _, t in _rules_text(game, "en")), "\n".join(t for _, t in _rules_text(game, "pt"))
    missing = [t.pt for t in glossary(game).values() if _has_word(en_text, t.en) and not _has_word(pt_text, t.pt)]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_no_replaced_word_is_left_in_portuguese(game: str):
    left = [
        f"{where}: {word}"
        for term in glossary(game).values()
        for word in term.avoid
        for where, text in _rules_text(game, "pt") + _screen_texts(game, "pt")
        if _has_word(text, word)
    ]
    assert left == []


def test_kleos_calls_dusk_crepusculo_everywhere():
    """The issue's own example: the screens said Crepúsculo, the rules Anoitecer."""
    assert glossary("kleos")["dusk"].pt == "Crepúsculo"
    assert _has_word(catalogue()["kleos.phase_dusk"]["pt"], "Crepúsculo")
    dusk = [text for eid, text in _rules_text("kleos", "pt") if eid == "dusk"]
    assert dusk and _has_word(dusk[0], "Crepúsculo") and not _has_word(dusk[0], "Anoitecer")
