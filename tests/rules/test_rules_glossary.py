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
        assert term.screens or term.avoid, f"{term.id}: name the screens that show it (or what a rules-only word replaced)"


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


@pytest.mark.parametrize("lang", ("en", "pt"))
@pytest.mark.parametrize("game", GAMES)
def test_no_replaced_word_is_left(game: str, lang: str):
    """Each glossary entry's forbidden variants ("vezes" for a counted turn, "dominar" in Lords of Hellas,
    "retaliação" beside "revidar", "Favourite" beside "Favoured of the Gods") appear in no rules entry and
    no screen string of the game."""
    left = [
        f"{where}: {word}"
        for term in glossary(game).values()
        for word in term.replaced(lang)
        for where, text in _rules_text(game, lang) + _screen_texts(game, lang)
        if _has_word(text, word)
    ]
    assert left == []


def _spellings(text: str, term: str) -> list[str]:
    """How `text` writes `term` wherever it uses it (case- and accent-blind search, words split by any space).

    The text is folded one character at a time so that a match found in the
    folded text maps back to the characters actually written.
    """
    folded, where = [], []
    for i, c in enumerate(text):
        for f in fold(c):
            folded.append(f)
            where.append(i)
    flat = "".join(folded)
    words = [_plural(re.escape(fold(w))) for w in term.split()]
    gap = r"\s+"
    found = re.finditer(rf"(?<!\w){gap.join(words)}(?!\w)", flat)
    return [" ".join(text[where[m.start()]:where[m.end() - 1] + 1].split()) for m in found]


def _plural(word: str) -> str:
    """A folded word or its plural; any word of a term may take one ("Ataques de Oportunidade")."""
    if word.endswith("y"):
        return rf"{word[:-1]}(?:y|ies)"
    if word.endswith("ao"):
        return rf"{word[:-2]}(?:ao|oes|aes|aos)"
    return rf"{word}(?:s|es)?"


def _spelled_alike(written: str, term: str, lang: str = "pt") -> bool:
    """Same letters and accents, and in Portuguese the same capitals after the first word; the first word
    may open a sentence, and any word may take a plural ending. English prose capitalises a term as a
    name ("the Play Phase") or not ("stop drawing"), so there only the letters count."""
    if lang == "en":
        written, term = written.casefold(), term.casefold()
    got, want = written.split(), term.split()
    if len(got) != len(want):
        return False
    for n, (g, w) in enumerate(zip(got, want)):
        stem = len(w) - 2 if len(w) > 3 else len(w)
        g, w = g[:stem], w[:stem]
        if n == 0:
            g, w = g[:1].lower() + g[1:], w[:1].lower() + w[1:]
        if g != w:
            return False
    return True


@pytest.mark.parametrize("lang", ("en", "pt"))
@pytest.mark.parametrize("game", GAMES)
def test_every_glossary_term_is_spelled_one_way(game: str, lang: str):
    """One spelling per term across the rules entries and the screens: "Ataque de Oportunidade", never
    "Ataque de oportunidade"; "dados divinos", never "dados Divinos" (kleos-rulebook.txt 249, 159 use them)."""
    wrong = sorted({
        f"{where}: {written!r} for {term.word(lang)!r}"
        for term in glossary(game).values()
        for where, text in _rules_text(game, lang) + _screen_texts(game, lang)
        for written in _spellings(text, term.word(lang))
        if not _spelled_alike(written, term.word(lang), lang)
    })
    assert wrong == [], "\n".join(wrong)


def test_the_spelling_check_sees_a_capital_and_a_line_break():
    assert _spellings("um Ataque de\n  oportunidade; Ataques de Oportunidade", "Ataque de Oportunidade") == [
        "Ataque de oportunidade", "Ataques de Oportunidade"]
    assert not _spelled_alike("Ataque de oportunidade", "Ataque de Oportunidade")
    assert _spelled_alike("ataques de Oportunidade", "Ataque de Oportunidade")
    assert not _spelled_alike("dados Divinos", "dados divinos")


def test_kleos_calls_dusk_crepusculo_everywhere():
    """The issue's own example: the screens said Crepúsculo, the rules Anoitecer."""
    assert glossary("kleos")["dusk"].pt == "Crepúsculo"
    assert _has_word(catalogue()["kleos.phase_dusk"]["pt"], "Crepúsculo")
    dusk = [text for eid, text in _rules_text("kleos", "pt") if eid == "dusk"]
    assert dusk and _has_word(dusk[0], "Crepúsculo") and not _has_word(dusk[0], "Anoitecer")


def test_player_screens_have_one_portuguese_word_in_every_game():
    """The screen a player hides gold or gems behind is an "escudo" in every game that has one: "tela" is
    also the phone's own screen, which this app runs on."""
    words_used = {game: glossary(game)["screen"].pt for game in GAMES if "screen" in glossary(game)}
    assert len(words_used) >= 2 and set(words_used.values()) == {"escudo"}, words_used
