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
