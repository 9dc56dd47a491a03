"""A device starts in its browser's language."""
from __future__ import annotations

from companion.ui.locale import lang_of


def test_portuguese_browsers_open_in_portuguese():
    assert lang_of(["pt-BR", "en-US"]) == "pt"
    assert lang_of(["pt_PT"]) == "pt"


def test_the_first_language_we_speak_wins():
    assert lang_of(["de-DE", "pt-BR", "en"]) == "pt"
    assert lang_of(["en-GB", "pt-BR"]) == "en"


def test_unknown_or_missing_languages_fall_back_to_english():
    assert lang_of(["ja-JP"]) == "en"
    assert lang_of([]) == "en"
    assert lang_of(["", "und"]) == "en"
