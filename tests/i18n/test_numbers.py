"""Numbers, percentages and plurals in both languages come from CLDR (Babel), not hand formatting."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from companion.i18n import LANGS, catalogue, t
from companion.i18n.numbers import count, number, percent, plural_form


def test_decimals_use_each_languages_mark():
    assert number(17, "en", 1) == "17.0"
    assert number(17, "pt", 1) == "17,0"
    assert number(F(132, 243), "en", 2) == "0.54"
    assert number(F(132, 243), "pt", 2) == "0,54"
    assert number(12345, "en") == "12,345"
    assert number(12345, "pt") == "12.345"


def test_percentages_use_each_languages_mark():
    assert percent(F(7, 27), "en") == "25.9%"
    assert percent(F(7, 27), "pt") == "25,9%"
    assert percent(F(1, 2), "pt", 0) == "50%"
    assert percent(1, "en") == "100.0%"


@pytest.mark.parametrize("lang, n, form", [("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"),
                                           ("pt", 1, "one"), ("pt", 0, "one"), ("pt", 2, "other")])
def test_plural_forms_follow_cldr(lang, n, form):
    assert plural_form(n, lang) == form


def test_counted_words_agree_with_their_number():
    assert count("summary.count_plays", 1, "en") == "1 play"
    assert count("summary.count_plays", 3, "en") == "3 plays"
    assert count("summary.count_wins", 0, "en") == "0 wins"
    assert count("summary.count_plays", 1, "pt") == "1 partida"
    assert count("summary.count_wins", 1, "pt") == "1 vitória"
    assert count("summary.count_wins", 2, "pt") == "2 vitórias"
    assert count("summary.count_plays", 1200, "pt") == "1.200 partidas"


def test_every_counted_word_has_its_forms_in_both_languages():
    counted = {k.rsplit("_", 1)[0] for k in catalogue() if k.endswith(("_one", "_other"))
               and k.split(".", 1)[1].startswith("count_")}
    assert counted
    for key in counted:
        for lang in LANGS:
            assert catalogue()[f"{key}_one"].get(lang) and catalogue()[f"{key}_other"].get(lang)


def test_one_english_possessive_rule():
    assert t("seats.undo_not_yours", "en", owner="Hermes").startswith("The last change was Hermes':")
    assert t("seats.undo_not_yours", "en", owner="Athena").startswith("The last change was Athena's:")


def test_a_named_seat_takes_its_turn_without_an_odd_possessive():
    """"Hermes (Bruno)'s turn" read oddly: a turn is worded without a possessive in English."""
    assert t("kleos.ui_turn", "en", player="Hermes (Bruno)") == "Hermes (Bruno) to play"
    assert t("kleos.ui_turn", "pt", player="Hermes (Bruno)") == "Vez de Hermes (Bruno) jogar"
    assert "'s" not in t("kleos.line_turn", "en", day=1, phase="Play", player="Hermes (Bruno)")


def test_a_role_is_named_in_the_readers_language():
    from companion.core.summary import role_text
    assert role_text("kleos", "Athena", "pt") == "Atena"
    assert role_text("kleos", "Athena", "en") == "Athena"
    assert role_text("fleecing_olympus", "Aphrodite", "pt") == "Afrodite"
    assert role_text("kleos", "Somebody", "pt") == "Somebody"  # a role we have no name for stays as kept
