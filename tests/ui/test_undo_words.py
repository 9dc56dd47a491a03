"""A phone's Undo that is off shows a short question (a tap shows the whole reason): it must be
whole in its two lines on a 390 px phone, in both languages. Seen in Chromium at 390x844, the
button's two lines hold about 15 characters each ("desligado: por …" was the cut-off line)."""
from __future__ import annotations

import textwrap

import pytest

from companion.i18n import LANGS, t

LINE = 15  # characters of 16 px DejaVu Sans that one line of the phone's Undo button holds
LINES = 2  # the button grows with its words; two lines keep it level with Redo


@pytest.mark.parametrize("lang", LANGS)
def test_the_off_undo_question_fits_the_phones_button(lang):
    words = t("ui.undo_why_not", lang)
    assert len(textwrap.wrap(words, LINE)) <= LINES, words
