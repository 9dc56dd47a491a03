"""Words a player reads, in both languages (issue #42): no doubled full stop, counted nouns
through CLDR plurals, one tense per row of buttons, one date form, one name limit."""
from __future__ import annotations

import re
import string

import pytest

from companion.i18n import LANGS, catalogue, t

SENTENCE = {"en": "Ana goes to Apollo.", "pt": "Ana vai para Apolo."}


@pytest.mark.parametrize("lang", LANGS)
def test_a_sentence_given_to_a_template_ends_with_one_full_stop(lang):
    """Every template with a full stop right after a value, given a value that already ends its
    sentence ("Already moved on: Ana goes to Apollo." once read "Apollo.."): one stop."""
    worded = 0
    for key, texts in catalogue().items():
        text = texts.get(lang) or ""
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if not re.search(r"\{\w+\}\.", text) or any(not n.isidentifier() for n in names):
            continue
        out = t(key, lang, **{n: SENTENCE[lang] for n in names})
        assert ".." not in out, (key, out)
        worded += 1
    assert worded > 20


@pytest.mark.parametrize("lang, told", [("en", "Already moved on: Ana goes to Apollo. Your tap"),
                                         ("pt", "Já avançou: Ana vai para Apolo. Seu toque")])
def test_already_moved_on_after_a_move_to_apollo(lang, told):
    assert t("steps.moved_on", lang, now=SENTENCE[lang]).startswith(told)


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_hedges_its_plural(lang):
    """"gem(s)", "vez(es)": a counted word is worded for its number instead (i18n.t with n)."""
    hedged = {k: v[lang] for k, v in catalogue().items() if re.search(r"\w\((s|es|ies)\)", v.get(lang) or "")}
    assert not hedged


@pytest.mark.parametrize("lang, one, three", [
    ("en", "Took 1 gem from the bank.", "Took 3 gems from the bank."),
    ("pt", "Pegou 1 gema do banco.", "Pegou 3 gemas do banco."),
])
def test_gems_are_counted(lang, one, three):
    assert t("fleecing_olympus.h_eff_take", lang, n=1) == one
    assert t("fleecing_olympus.h_eff_take", lang, n=3) == three


@pytest.mark.parametrize("lang, one, two", [("en", "metropolis ·", "metropolises ·"), ("pt", "metrópole ·", "metrópoles ·")])
def test_one_metropolis_on_the_cyclades_tile(lang, one, two):
    """The tile shows the count big, then this word: "1 metropolises" read beside it."""
    assert t("cyclades.ui_tile_cards", lang, n=1, priestesses=0, philosophers=4).startswith(one)
    assert t("cyclades.ui_tile_cards", lang, n=2, priestesses=0, philosophers=4).startswith(two)


@pytest.mark.parametrize("lang, told", [("en", "cannot afford 1 troop: it costs 5 gold."),
                                         ("pt", "não tem como pagar 1 tropa: custa 5 de ouro.")])
def test_a_cyclades_refusal_counts_its_item(lang, told):
    from companion.core.model import RuleError
    from companion.games.cyclades.gold import pay
    with pytest.raises(RuleError) as refused:
        pay({"gold": {"ana": 2}}, "ana", 5, "troop", 1)
    assert refused.value.text(lang).endswith(told)


def test_portuguese_quick_buttons_name_what_happened_in_one_form():
    """"Recrutou +1" (a past tense) sat beside "Abate +1" (a noun): every quick button in
    Portuguese is a noun or an order, never a verb in the past."""
    quick = {k: v["pt"] for k, v in catalogue().items() if ".ui_quick_" in k and k != "kleos.ui_quick_said"}
    assert "kleos.ui_quick_recruit" in quick
    past = {k: text for k, text in quick.items() if re.search(r"\w(ou|eu|iu)\b", text)}
    assert not past
    assert quick["kleos.ui_quick_recruit"] == "Recrutamento" and quick["kleos.ui_quick_kill"] == "Abate"
